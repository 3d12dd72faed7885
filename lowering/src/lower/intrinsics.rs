//! Intrinsic functions → naga math, relational, derivative, barrier, atomic and subgroup
//! operations.
//!
//! Where naga or WGSL differ from HLSL the lowering is an exact equivalent:
//! - `isnan`/`isinf`/`isfinite` test the bits (naga's WGSL writer has no `isNan`, and WGSL
//!   implementations may assume no NaNs in float arithmetic);
//! - `fmod` is naga's float `%` (truncated, the sign of `x`), `frac` is `x - floor(x)`,
//!   `round` rounds half to even (DXC's `RoundEven`), `log10` is `log2(x) * log10(2)`;
//! - `firstbithigh`, `countbits`, `sign` return the HLSL result types;
//! - `ldexp(x, e)` is `x * exp2(e)` (HLSL's exponent is a float);
//! - `InterlockedCompareExchange` loops on naga's weak compare-exchange until it succeeds or
//!   the value differs, which makes it strong as HLSL requires; signed `InterlockedMin/Max` on
//!   buffer words (stored as `u32`) are compare-exchange loops too;
//! - wave reductions map to naga's subgroup operations; `WavePrefix*` are *exclusive* scans.

use super::function::FnBuilder;
use super::place::PlaceRef;
use super::raw::RawBuffer;
use super::types::naga_scalar;
use crate::tir::{Arg, Expr, Intrinsic as I};
use crate::ty::{Scalar, ScalarKind, TypeId, TypeInner};
use hlslc_grammar::Span;
use naga::{Handle, MathFunction as MF};

impl FnBuilder<'_, '_> {
    pub(crate) fn intrinsic(&mut self, op: I, args: &[Arg], ty: TypeId, s: Span) -> Handle<naga::Expression> {
        // Intrinsics with places among their arguments.
        match op {
            I::SinCos => return self.sincos(args, s),
            I::Modf | I::Frexp => return self.modf_frexp(op, args, ty, s),
            I::AsUintSplit => return self.asuint_split(args, s),
            I::ProcessTessFactors(t) => return self.process_tess_factors(t, args, s),
            _ if super::is_interlocked(op) => return self.interlocked(op, args, s),
            I::SetMeshOutputCounts | I::DispatchMesh => return self.mesh_intrinsic(op, args, s),
            I::RayTracing(op) => return self.ray_tracing_intrinsic(op, args, ty, s),
            I::RemainingRecursionLevels => return self.remaining_recursion_levels(s),
            _ => {}
        }
        // The argument values, in a list the `Lowerer` keeps between calls (one per level of
        // intrinsics nested in arguments) rather than one allocated per call.
        let mut values = self.lw.spare_values.pop().unwrap_or_default();
        for a in args {
            let v = match a {
                Arg::Value(e) => self.expr(e),
                Arg::Out(p) | Arg::InOut(p) => {
                    let pr = self.place(p);
                    self.load(&pr, s)
                }
            };
            values.push(v);
        }
        let h = self.intrinsic_of_values(op, args, &mut values, ty, s);
        values.clear();
        self.lw.spare_values.push(values);
        h
    }

    /// [`Self::intrinsic`] once the arguments' values are lowered.
    fn intrinsic_of_values(&mut self, op: I, args: &[Arg], values: &mut [Handle<naga::Expression>], ty: TypeId, s: Span) -> Handle<naga::Expression> {
        // Float math on constants only is a WGSL const-expression, which must not overflow
        // or leave its domain (`exp2(963.0)` is a shader-creation error in WGSL but +inf in
        // HLSL): when the result would not be finite, one argument goes through a temporary
        // so that the call is evaluated at run time, as in HLSL.
        if !values.is_empty() && self.const_math_not_finite(op, &values) {
            if let Some(Arg::Value(e)) = args.first() {
                let t = self.lw.ty(e.ty);
                let ptr = self.spill(values[0], t, s);
                values[0] = self.add(naga::Expression::Load { pointer: ptr }, s);
            }
        }
        if op == I::GetAttributeAtVertex {
            return self.attribute_at_vertex(values[0], values[1], s);
        }
        if matches!(op, I::EvaluateAttributeAtSample | I::EvaluateAttributeCentroid | I::EvaluateAttributeSnapped) {
            return self.evaluate_attribute(op, &values, s);
        }
        if matches!(op, I::RawBufferLoad | I::RawBufferStore) {
            let data = match (op, args.get(1)) {
                (I::RawBufferStore, Some(Arg::Value(e))) => e.ty,
                _ => ty,
            };
            let alignment = match args.last() {
                Some(Arg::Value(Expr { kind: crate::tir::ExprKind::Const(crate::tir::ConstValue::Uint(a)), .. })) => *a as u32,
                _ => 4,
            };
            return self.raw_buffer(op == I::RawBufferStore, &values, data, alignment, s);
        }
        let arg_ty = match args.first() {
            Some(Arg::Value(e)) => e.ty,
            Some(Arg::Out(p)) | Some(Arg::InOut(p)) => p.ty,
            None => ty,
        };
        // The value arguments' expressions (not collected: only `mul` needs them as a list).
        let arg_exprs = || args.iter().filter_map(|a| if let Arg::Value(e) = a { Some(e) } else { None });
        let math = |b: &mut Self, fun: MF, v: &[Handle<naga::Expression>]| {
            b.add(naga::Expression::Math { fun, arg: v[0], arg1: v.get(1).copied(), arg2: v.get(2).copied(), arg3: None }, s)
        };
        // Component-wise math on any shape (matrices row by row).
        let componentwise = |b: &mut Self, fun: MF| {
            let ops: Vec<(Handle<naga::Expression>, TypeId)> = values.iter().zip(arg_exprs()).map(|(v, e)| (*v, e.ty)).collect();
            b.map_rows(&ops, ty, s, &mut |bd, v| math(bd, fun, v))
        };
        match op {
            I::Sin => componentwise(self, MF::Sin),
            I::Cos => componentwise(self, MF::Cos),
            I::Tan => componentwise(self, MF::Tan),
            I::Asin => componentwise(self, MF::Asin),
            I::Acos => componentwise(self, MF::Acos),
            I::Atan => componentwise(self, MF::Atan),
            I::Sinh => componentwise(self, MF::Sinh),
            I::Cosh => componentwise(self, MF::Cosh),
            I::Tanh => componentwise(self, MF::Tanh),
            I::Exp => componentwise(self, MF::Exp),
            I::Exp2 => componentwise(self, MF::Exp2),
            I::Log => componentwise(self, MF::Log),
            I::Log2 => componentwise(self, MF::Log2),
            I::Sqrt => componentwise(self, MF::Sqrt),
            I::Rsqrt => componentwise(self, MF::InverseSqrt),
            I::Floor => componentwise(self, MF::Floor),
            I::Ceil => componentwise(self, MF::Ceil),
            I::Trunc => componentwise(self, MF::Trunc),
            I::Round => componentwise(self, MF::Round),
            I::Frac => componentwise(self, MF::Fract),
            I::Degrees => componentwise(self, MF::Degrees),
            I::Radians => componentwise(self, MF::Radians),
            I::Saturate => componentwise(self, MF::Saturate),
            I::Abs => componentwise(self, MF::Abs),
            I::Min => componentwise(self, MF::Min),
            I::Max => componentwise(self, MF::Max),
            I::Clamp => componentwise(self, MF::Clamp),
            I::Atan2 => componentwise(self, MF::Atan2),
            I::Pow => componentwise(self, MF::Pow),
            I::Step => componentwise(self, MF::Step),
            I::Lerp => componentwise(self, MF::Mix),
            I::SmoothStep => componentwise(self, MF::SmoothStep),
            I::Fma => componentwise(self, MF::Fma),
            I::Log10 => {
                let ops = [(values[0], arg_ty)];
                self.map_rows(&ops, ty, s, &mut |b, v| {
                    let l2 = math(b, MF::Log2, v);
                    let k = b.float_splat_like(l2, std::f64::consts::LOG10_2, s);
                    b.add(naga::Expression::Binary { op: naga::BinaryOperator::Multiply, left: l2, right: k }, s)
                })
            }
            I::Rcp => {
                let ops = [(values[0], arg_ty)];
                self.map_rows(&ops, ty, s, &mut |b, v| {
                    let one = b.float_splat_like(v[0], 1.0, s);
                    b.add(naga::Expression::Binary { op: naga::BinaryOperator::Divide, left: one, right: v[0] }, s)
                })
            }
            I::Fmod => {
                let ops = [(values[0], arg_ty), (values[1], arg_ty)];
                self.map_rows(&ops, ty, s, &mut |b, v| b.add(naga::Expression::Binary { op: naga::BinaryOperator::Modulo, left: v[0], right: v[1] }, s))
            }
            I::Ldexp => {
                let ops = [(values[0], arg_ty), (values[1], arg_ty)];
                self.map_rows(&ops, ty, s, &mut |b, v| {
                    let e2 = math(b, MF::Exp2, &v[1..]);
                    b.add(naga::Expression::Binary { op: naga::BinaryOperator::Multiply, left: v[0], right: e2 }, s)
                })
            }
            I::Mad => {
                let ops = [(values[0], arg_ty), (values[1], arg_ty), (values[2], arg_ty)];
                let is_float = self.lw.scalar_of(arg_ty).is_float();
                self.map_rows(&ops, ty, s, &mut |b, v| {
                    if is_float {
                        math(b, MF::Fma, v)
                    } else {
                        let m = b.add(naga::Expression::Binary { op: naga::BinaryOperator::Multiply, left: v[0], right: v[1] }, s);
                        b.add(naga::Expression::Binary { op: naga::BinaryOperator::Add, left: m, right: v[2] }, s)
                    }
                })
            }
            I::Sign => {
                let ops = [(values[0], arg_ty)];
                let is_float = self.lw.scalar_of(arg_ty).is_float();
                self.map_rows(&ops, ty, s, &mut |b, v| {
                    let sg = math(b, MF::Sign, v);
                    if is_float || b.lw.scalar_of(arg_ty) != Scalar::I32 {
                        b.add(naga::Expression::As { expr: sg, kind: naga::ScalarKind::Sint, convert: Some(4) }, s)
                    } else {
                        sg
                    }
                })
            }
            I::IsNan | I::IsInf | I::IsFinite | I::IsNormal => self.float_class(op, values[0], arg_ty, ty, s),
            I::All | I::Any => {
                let v = values[0];
                match *self.lw.tys.get(arg_ty) {
                    TypeInner::Scalar(_) => v,
                    TypeInner::Vector { .. } => {
                        let fun = if op == I::All { naga::RelationalFunction::All } else { naga::RelationalFunction::Any };
                        self.add(naga::Expression::Relational { fun, argument: v }, s)
                    }
                    TypeInner::Matrix { rows, .. } => {
                        let fun = if op == I::All { naga::RelationalFunction::All } else { naga::RelationalFunction::Any };
                        let rows_v = self.rows_of(v, rows, s);
                        let mut acc: Option<Handle<naga::Expression>> = None;
                        for r in rows_v {
                            let x = if matches!(self.resolve(r), Some(naga::TypeInner::Vector { .. })) {
                                self.add(naga::Expression::Relational { fun, argument: r }, s)
                            } else {
                                r
                            };
                            acc = Some(match acc {
                                None => x,
                                Some(a) => {
                                    let bop = if op == I::All { naga::BinaryOperator::LogicalAnd } else { naga::BinaryOperator::LogicalOr };
                                    self.add(naga::Expression::Binary { op: bop, left: a, right: x }, s)
                                }
                            });
                        }
                        acc.unwrap_or(v)
                    }
                    _ => v,
                }
            }
            I::Dot => {
                if matches!(self.lw.tys.get(arg_ty), TypeInner::Scalar(_)) {
                    return self.add(naga::Expression::Binary { op: naga::BinaryOperator::Multiply, left: values[0], right: values[1] }, s);
                }
                math(self, MF::Dot, &values)
            }
            I::Cross => math(self, MF::Cross, &values),
            I::Length => {
                if matches!(self.lw.tys.get(arg_ty), TypeInner::Scalar(_)) {
                    return math(self, MF::Abs, &values);
                }
                math(self, MF::Length, &values)
            }
            I::Distance => {
                if matches!(self.lw.tys.get(arg_ty), TypeInner::Scalar(_)) {
                    let d = self.add(naga::Expression::Binary { op: naga::BinaryOperator::Subtract, left: values[0], right: values[1] }, s);
                    return math(self, MF::Abs, &[d]);
                }
                math(self, MF::Distance, &values)
            }
            I::Normalize => {
                if matches!(self.lw.tys.get(arg_ty), TypeInner::Scalar(_)) {
                    // x / |x|
                    let a = math(self, MF::Abs, &values);
                    return self.add(naga::Expression::Binary { op: naga::BinaryOperator::Divide, left: values[0], right: a }, s);
                }
                math(self, MF::Normalize, &values)
            }
            I::Reflect | I::Refract if matches!(self.lw.tys.get(arg_ty), TypeInner::Scalar(_)) => {
                // naga takes vectors only: (i, 0) and (n, 0) give the scalar result in x.
                let sc = naga_scalar(self.lw.scalar_of(arg_ty));
                let v2 = self.lw.vector_type(sc, 2);
                let st = self.lw.ty(arg_ty);
                let zero = self.add(naga::Expression::ZeroValue(st), s);
                let mut vs: Vec<_> = values[..2].iter().map(|&v| self.add(naga::Expression::Compose { ty: v2, components: vec![v, zero] }, s)).collect();
                vs.extend(values.get(2).copied());
                let fun = if op == I::Reflect { MF::Reflect } else { MF::Refract };
                let r = math(self, fun, &vs);
                self.add(naga::Expression::AccessIndex { base: r, index: 0 }, s)
            }
            I::Reflect => math(self, MF::Reflect, &values),
            I::Refract => math(self, MF::Refract, &values),
            I::FaceForward => math(self, MF::FaceForward, &values),
            I::FirstBitLow | I::FirstBitHigh if self.lw.scalar_of(arg_ty).width == 8 => self.first_bit_64(op == I::FirstBitHigh, values[0], arg_ty, s),
            I::CountBits | I::FirstBitLow | I::FirstBitHigh | I::ReverseBits if self.lw.scalar_of(arg_ty).width == 2 => self.bits_16(op, values[0], arg_ty, ty, s),
            I::CountBits | I::ReverseBits if self.lw.scalar_of(arg_ty).width == 8 => self.bits_64(op == I::ReverseBits, values[0], arg_ty, ty, s),
            I::CountBits | I::FirstBitLow | I::FirstBitHigh | I::ReverseBits => {
                let fun = match op {
                    I::CountBits => MF::CountOneBits,
                    I::FirstBitLow => MF::FirstTrailingBit,
                    I::FirstBitHigh => MF::FirstLeadingBit,
                    _ => MF::ReverseBits,
                };
                let r = math(self, fun, &values);
                let from = self.lw.scalar_of(arg_ty);
                let to = self.lw.scalar_of(ty);
                if from != to {
                    let t = naga_scalar(to);
                    self.add(naga::Expression::As { expr: r, kind: t.kind, convert: Some(t.width) }, s)
                } else {
                    r
                }
            }
            I::Transpose => {
                // The transpose of the HLSL matrix; with naga matrices that is naga's transpose.
                match *self.lw.tys.get(arg_ty) {
                    TypeInner::Matrix { scalar, rows, cols } if super::types::matrix_rep(scalar, rows, cols) == super::types::MatrixRep::Naga => math(self, MF::Transpose, &values),
                    TypeInner::Matrix { scalar, rows, cols } => {
                        let m = values[0];
                        let src_rows = self.rows_of(m, rows, s);
                        let mut out = Vec::new();
                        for c in 0..cols as u32 {
                            let elems: Vec<_> = src_rows
                                .iter()
                                .map(|&r| if cols == 1 { r } else { self.add(naga::Expression::AccessIndex { base: r, index: c }, s) })
                                .collect();
                            out.push(if rows == 1 {
                                elems[0]
                            } else {
                                let vt = self.lw.vector_type(naga_scalar(scalar), rows);
                                self.add(naga::Expression::Compose { ty: vt, components: elems }, s)
                            });
                        }
                        let t = self.lw.ty(ty);
                        self.add(naga::Expression::Compose { ty: t, components: out }, s)
                    }
                    _ => values[0],
                }
            }
            I::Determinant => match *self.lw.tys.get(arg_ty) {
                // A 1×1 matrix (one row of one scalar) is its own determinant.
                TypeInner::Matrix { rows: 1, .. } => self.rows_of(values[0], 1, s)[0],
                _ => math(self, MF::Determinant, &values),
            },
            I::Mul => {
                let arg_exprs: Vec<&Expr> = arg_exprs().collect();
                self.mul(values[0], values[1], &arg_exprs, ty, s)
            }
            I::AsDouble => {
                let ops = [(values[0], arg_ty), (values[1], arg_ty)];
                self.map_rows(&ops, ty, s, &mut |b, v| {
                    let lo = b.add(naga::Expression::As { expr: v[0], kind: naga::ScalarKind::Uint, convert: Some(8) }, s);
                    let hi = b.add(naga::Expression::As { expr: v[1], kind: naga::ScalarKind::Uint, convert: Some(8) }, s);
                    let k = b.literal_u32(32);
                    let k = match b.resolve(hi) {
                        Some(naga::TypeInner::Vector { size, .. }) => b.add(naga::Expression::Splat { size, value: k }, s),
                        _ => k,
                    };
                    let sh = b.add(naga::Expression::Binary { op: naga::BinaryOperator::ShiftLeft, left: hi, right: k }, s);
                    let bits = b.add(naga::Expression::Binary { op: naga::BinaryOperator::InclusiveOr, left: sh, right: lo }, s);
                    b.add(naga::Expression::As { expr: bits, kind: naga::ScalarKind::Float, convert: None }, s)
                })
            }
            I::F16ToF32 => self.per_component(values[0], arg_ty, ty, s, &mut |b, x| {
                let v2 = b.add(naga::Expression::Math { fun: MF::Unpack2x16float, arg: x, arg1: None, arg2: None, arg3: None }, s);
                b.add(naga::Expression::AccessIndex { base: v2, index: 0 }, s)
            }),
            I::F32ToF16 => self.per_component(values[0], arg_ty, ty, s, &mut |b, x| {
                let z = b.add(naga::Expression::Literal(naga::Literal::F32(0.0)), s);
                let vt = b.lw.vector_type(naga::Scalar::F32, 2);
                let v2 = b.add(naga::Expression::Compose { ty: vt, components: vec![x, z] }, s);
                let p = b.add(naga::Expression::Math { fun: MF::Pack2x16float, arg: v2, arg1: None, arg2: None, arg3: None }, s);
                let mask = b.literal_u32(0xFFFF);
                b.add(naga::Expression::Binary { op: naga::BinaryOperator::And, left: p, right: mask }, s)
            }),
            I::Dot4AddU8Packed | I::Dot4AddI8Packed => {
                let fun = if op == I::Dot4AddU8Packed { MF::Dot4U8Packed } else { MF::Dot4I8Packed };
                let d = math(self, fun, &values[..2]);
                self.add(naga::Expression::Binary { op: naga::BinaryOperator::Add, left: d, right: values[2] }, s)
            }
            I::Dot2Add => {
                let a = self.add(naga::Expression::As { expr: values[0], kind: naga::ScalarKind::Float, convert: Some(4) }, s);
                let b = self.add(naga::Expression::As { expr: values[1], kind: naga::ScalarKind::Float, convert: Some(4) }, s);
                let d = math(self, MF::Dot, &[a, b]);
                self.add(naga::Expression::Binary { op: naga::BinaryOperator::Add, left: d, right: values[2] }, s)
            }
            I::PackU8 | I::PackS8 | I::PackClampU8 | I::PackClampS8 => {
                // The clamping forms clamp signed values (`pack_clamp_u8` too: negatives go to 0).
                let signed = matches!(op, I::PackS8 | I::PackClampS8 | I::PackClampU8);
                let kind = if signed { naga::ScalarKind::Sint } else { naga::ScalarKind::Uint };
                let mut v = self.add(naga::Expression::As { expr: values[0], kind, convert: Some(4) }, s);
                let fun = match op {
                    I::PackU8 => MF::Pack4xU8,
                    I::PackS8 => MF::Pack4xI8,
                    I::PackClampS8 => MF::Pack4xI8Clamp,
                    _ => {
                        // Clamp signed values to [0, 255] before packing as unsigned.
                        let i4 = self.lw.vector_type(naga::Scalar::I32, 4);
                        let lo = self.add(naga::Expression::ZeroValue(i4), s);
                        let k = self.literal_i32(255);
                        let hi = self.add(naga::Expression::Splat { size: naga::VectorSize::Quad, value: k }, s);
                        let c = self.add(naga::Expression::Math { fun: MF::Clamp, arg: v, arg1: Some(lo), arg2: Some(hi), arg3: None }, s);
                        v = self.add(naga::Expression::As { expr: c, kind: naga::ScalarKind::Uint, convert: Some(4) }, s);
                        MF::Pack4xU8
                    }
                };
                math(self, fun, &[v])
            }
            I::UnpackU8U16 | I::UnpackU8U32 | I::UnpackS8S16 | I::UnpackS8S32 => {
                let fun = if matches!(op, I::UnpackU8U16 | I::UnpackU8U32) { MF::Unpack4xU8 } else { MF::Unpack4xI8 };
                let r = math(self, fun, &values);
                let t = naga_scalar(self.lw.scalar_of(ty));
                if t.width == 4 { r } else { self.add(naga::Expression::As { expr: r, kind: t.kind, convert: Some(t.width) }, s) }
            }
            I::And | I::Or => {
                let bop = if op == I::And { naga::BinaryOperator::And } else { naga::BinaryOperator::InclusiveOr };
                let scalar = matches!(self.lw.tys.get(ty), TypeInner::Scalar(_));
                let bop = match (bop, scalar) {
                    (naga::BinaryOperator::And, true) => naga::BinaryOperator::LogicalAnd,
                    (naga::BinaryOperator::InclusiveOr, true) => naga::BinaryOperator::LogicalOr,
                    (b, _) => b,
                };
                let ops = [(values[0], ty), (values[1], ty)];
                self.map_rows(&ops, ty, s, &mut |b, v| b.add(naga::Expression::Binary { op: bop, left: v[0], right: v[1] }, s))
            }
            I::Clip => {
                let zero = self.zero_like(values[0], s);
                let bool_arg = self.bool_like(arg_ty);
                let lt = self.map_rows(&[(values[0], arg_ty), (zero, arg_ty)], bool_arg, s, &mut |b, v| {
                    b.add(naga::Expression::Binary { op: naga::BinaryOperator::Less, left: v[0], right: v[1] }, s)
                });
                let bool_ty = self.bool_like(arg_ty);
                let any = self.intrinsic_any(lt, bool_ty, s);
                self.begin();
                self.push(naga::Statement::Kill, s);
                let kill = self.end();
                self.push(naga::Statement::If { condition: any, accept: kill, reject: naga::Block::new() }, s);
                self.dummy(s)
            }
            I::Ddx | I::DdxCoarse | I::DdxFine | I::Ddy | I::DdyCoarse | I::DdyFine | I::Fwidth => {
                let (axis, ctrl) = match op {
                    I::Ddx => (naga::DerivativeAxis::X, naga::DerivativeControl::None),
                    I::DdxCoarse => (naga::DerivativeAxis::X, naga::DerivativeControl::Coarse),
                    I::DdxFine => (naga::DerivativeAxis::X, naga::DerivativeControl::Fine),
                    I::Ddy => (naga::DerivativeAxis::Y, naga::DerivativeControl::None),
                    I::DdyCoarse => (naga::DerivativeAxis::Y, naga::DerivativeControl::Coarse),
                    I::DdyFine => (naga::DerivativeAxis::Y, naga::DerivativeControl::Fine),
                    _ => (naga::DerivativeAxis::Width, naga::DerivativeControl::None),
                };
                let ops = [(values[0], arg_ty)];
                // naga takes derivatives of 32-bit floats only: a `half` goes through `float`.
                let half = self.lw.scalar_of(arg_ty).width == 2;
                self.map_rows(&ops, ty, s, &mut |b, v| {
                    let widen = |b: &mut Self, e, width| b.add(naga::Expression::As { expr: e, kind: naga::ScalarKind::Float, convert: Some(width) }, s);
                    let x = if half { widen(b, v[0], 4) } else { v[0] };
                    let d = b.add(naga::Expression::Derivative { axis, ctrl, expr: x }, s);
                    if half { widen(b, d, 2) } else { d }
                })
            }
            I::DebugBreak => {
                // A call of an empty marker function `passes::debug_break` replaces.
                let f = self.lw.debug_break_function();
                self.push(naga::Statement::Call { function: f, arguments: Vec::new(), result: None }, s);
                self.dummy(s)
            }
            I::AllMemoryBarrier | I::DeviceMemoryBarrier if self.lw.stage_memory_barrier_marker() => {
                // A vertex or pixel shader's barrier: a call of an empty marker function that
                // `passes::stage_memory_barrier` replaces (naga has barriers in compute only).
                let f = self.lw.marker_function(crate::passes::stage_memory_barrier::MARKER);
                self.push(naga::Statement::Call { function: f, arguments: Vec::new(), result: None }, s);
                self.dummy(s)
            }
            I::AllMemoryBarrier | I::DeviceMemoryBarrier | I::GroupMemoryBarrier => {
                let flags = match op {
                    I::GroupMemoryBarrier => naga::Barrier::WORK_GROUP,
                    I::DeviceMemoryBarrier => naga::Barrier::STORAGE | naga::Barrier::TEXTURE,
                    _ => naga::Barrier::STORAGE | naga::Barrier::WORK_GROUP | naga::Barrier::TEXTURE,
                };
                self.push(naga::Statement::MemoryBarrier(flags), s);
                self.dummy(s)
            }
            I::AllMemoryBarrierWithGroupSync | I::DeviceMemoryBarrierWithGroupSync | I::GroupMemoryBarrierWithGroupSync => {
                let flags = match op {
                    I::GroupMemoryBarrierWithGroupSync => naga::Barrier::WORK_GROUP,
                    I::DeviceMemoryBarrierWithGroupSync => naga::Barrier::STORAGE | naga::Barrier::TEXTURE,
                    _ => naga::Barrier::STORAGE | naga::Barrier::WORK_GROUP | naga::Barrier::TEXTURE,
                };
                self.push(naga::Statement::ControlBarrier(flags), s);
                self.dummy(s)
            }
            I::Lit => self.intrinsic_lit(&values, s),
            I::Dst => self.intrinsic_dst(&values, s),
            I::D3DColorToUByte4 => self.intrinsic_d3dcolor_to_ubyte4(&values, s),
            I::Msad4 => self.intrinsic_msad4(&values, s),
            I::AddUint64 => self.intrinsic_add_uint64(&values, s),
            _ => self.wave(op, &values, arg_ty, ty, s),
        }
    }

    /// `any` of a bool value of any shape.
    fn intrinsic_any(&mut self, v: Handle<naga::Expression>, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        match *self.lw.tys.get(ty) {
            TypeInner::Scalar(_) => v,
            TypeInner::Vector { .. } => self.add(naga::Expression::Relational { fun: naga::RelationalFunction::Any, argument: v }, s),
            TypeInner::Matrix { rows, .. } => {
                let rs = self.rows_of(v, rows, s);
                let mut acc = None;
                for r in rs {
                    let x = if matches!(self.resolve(r), Some(naga::TypeInner::Vector { .. })) {
                        self.add(naga::Expression::Relational { fun: naga::RelationalFunction::Any, argument: r }, s)
                    } else {
                        r
                    };
                    acc = Some(match acc {
                        None => x,
                        Some(a) => self.add(naga::Expression::Binary { op: naga::BinaryOperator::LogicalOr, left: a, right: x }, s),
                    });
                }
                acc.unwrap_or(v)
            }
            _ => v,
        }
    }

    /// The bool type of the same shape as `ty`.
    pub(crate) fn bool_like(&mut self, ty: TypeId) -> TypeId {
        self.lw.tys.with_scalar(ty, Scalar::BOOL)
    }

    /// A float constant of the same type as `like` (splatted for vectors).
    fn float_splat_like(&mut self, like: Handle<naga::Expression>, v: f64, s: Span) -> Handle<naga::Expression> {
        let inner = self.resolve(like);
        let (scalar, size) = match inner {
            Some(naga::TypeInner::Scalar(sc)) => (sc, None),
            Some(naga::TypeInner::Vector { scalar, size }) => (scalar, Some(size)),
            _ => (naga::Scalar::F32, None),
        };
        let lit = match scalar.width {
            2 => naga::Literal::F16(half::f16::from_f64(v)),
            8 => naga::Literal::F64(v),
            _ => naga::Literal::F32(v as f32),
        };
        let l = self.add(naga::Expression::Literal(lit), s);
        match size {
            Some(size) => self.add(naga::Expression::Splat { size, value: l }, s),
            None => l,
        }
    }

    /// Applies `f` to each scalar component of a scalar or vector value.
    fn per_component(&mut self, v: Handle<naga::Expression>, from: TypeId, to: TypeId, s: Span, f: &mut dyn FnMut(&mut Self, Handle<naga::Expression>) -> Handle<naga::Expression>) -> Handle<naga::Expression> {
        match *self.lw.tys.get(from) {
            TypeInner::Vector { size, .. } => {
                let comps: Vec<_> = (0..size as u32)
                    .map(|i| {
                        let x = self.add(naga::Expression::AccessIndex { base: v, index: i }, s);
                        f(self, x)
                    })
                    .collect();
                let t = self.lw.ty(to);
                self.add(naga::Expression::Compose { ty: t, components: comps }, s)
            }
            _ => f(self, v),
        }
    }

    /// `isnan`, `isinf`, `isfinite`, `isnormal` by testing the bits.
    fn float_class(&mut self, op: I, v: Handle<naga::Expression>, arg_ty: TypeId, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        let sc = self.lw.scalar_of(arg_ty);
        // WGSL has no 16-bit integers to read a `half`'s bits into: the value is widened to
        // `f32` (exactly: infinities and NaNs stay what they are) and tested there, a normal
        // `half` being at least 2^-14 (an `f32` with exponent field 113).
        let widen_half = sc.width == 2 && self.lw.options.target == crate::options::Target::Wgsl;
        let (uint, abs_mask, inf, min_normal): (naga::Scalar, u64, u64, u64) = match sc.width {
            2 if widen_half => (naga::Scalar::U32, 0x7fff_ffff, 0x7f80_0000, 113 << 23),
            2 => (naga::Scalar { kind: naga::ScalarKind::Uint, width: 2 }, 0x7fff, 0x7c00, 0x0400),
            8 => (naga::Scalar::U64, 0x7fff_ffff_ffff_ffff, 0x7ff0_0000_0000_0000, 0x0010_0000_0000_0000),
            _ => (naga::Scalar::U32, 0x7fff_ffff, 0x7f80_0000, 0x0080_0000),
        };
        let lit = |b: &mut Self, x: u64| {
            let l = match uint.width {
                2 => naga::Literal::U32(x as u32),
                8 => naga::Literal::U64(x),
                _ => naga::Literal::U32(x as u32),
            };
            b.add(naga::Expression::Literal(l), s)
        };
        let ops = [(v, arg_ty)];
        self.map_rows(&ops, ty, s, &mut |b, x| {
            let (bits, mask, infv) = if uint.width == 2 {
                // 16-bit: compare as u32 after widening the bits.
                let u16v = b.add(naga::Expression::As { expr: x[0], kind: naga::ScalarKind::Uint, convert: None }, s);
                let u32v = b.add(naga::Expression::As { expr: u16v, kind: naga::ScalarKind::Uint, convert: Some(4) }, s);
                let m = lit(b, abs_mask);
                let i = lit(b, inf);
                (u32v, m, i)
            } else {
                let x = if widen_half { b.add(naga::Expression::As { expr: x[0], kind: naga::ScalarKind::Float, convert: Some(4) }, s) } else { x[0] };
                let u = b.add(naga::Expression::As { expr: x, kind: naga::ScalarKind::Uint, convert: None }, s);
                let m = lit(b, abs_mask);
                let i = lit(b, inf);
                (u, m, i)
            };
            let (mask, infv) = match b.resolve(bits) {
                Some(naga::TypeInner::Vector { size, .. }) => {
                    let m = b.add(naga::Expression::Splat { size, value: mask }, s);
                    let i = b.add(naga::Expression::Splat { size, value: infv }, s);
                    (m, i)
                }
                _ => (mask, infv),
            };
            let a = b.add(naga::Expression::Binary { op: naga::BinaryOperator::And, left: bits, right: mask }, s);
            if op == I::IsNormal {
                // Normal: a non-zero exponent below the all-ones one (not zero, subnormal, inf, NaN).
                let min = lit(b, min_normal);
                let min = match b.resolve(a) {
                    Some(naga::TypeInner::Vector { size, .. }) => b.add(naga::Expression::Splat { size, value: min }, s),
                    _ => min,
                };
                let ge = b.add(naga::Expression::Binary { op: naga::BinaryOperator::GreaterEqual, left: a, right: min }, s);
                let lt = b.add(naga::Expression::Binary { op: naga::BinaryOperator::Less, left: a, right: infv }, s);
                return b.add(naga::Expression::Binary { op: naga::BinaryOperator::And, left: ge, right: lt }, s);
            }
            let cmp = match op {
                I::IsNan => naga::BinaryOperator::Greater,
                I::IsInf => naga::BinaryOperator::Equal,
                _ => naga::BinaryOperator::Less,
            };
            b.add(naga::Expression::Binary { op: cmp, left: a, right: infv }, s)
        })
    }

    /// `mul(a, b)` with the transposed representation: naga's products are reversed.
    fn mul(&mut self, a: Handle<naga::Expression>, b: Handle<naga::Expression>, args: &[&Expr], ty: TypeId, s: Span) -> Handle<naga::Expression> {
        let (ta, tb) = (args[0].ty, args[1].ty);
        let sa = *self.lw.tys.get(ta);
        let sb = *self.lw.tys.get(tb);
        let naga_mat = |t: &TypeInner| matches!(*t, TypeInner::Matrix { scalar, rows, cols } if super::types::matrix_rep(scalar, rows, cols) == super::types::MatrixRep::Naga);
        match (sa, sb) {
            (TypeInner::Scalar(_), _) | (_, TypeInner::Scalar(_)) => {
                let ops = [(a, ta), (b, tb)];
                self.map_rows(&ops, ty, s, &mut |bd, v| bd.add(naga::Expression::Binary { op: naga::BinaryOperator::Multiply, left: v[0], right: v[1] }, s))
            }
            // naga's dot takes float and integer vectors alike.
            (TypeInner::Vector { .. }, TypeInner::Vector { .. }) => self.add(naga::Expression::Math { fun: MF::Dot, arg: a, arg1: Some(b), arg2: None, arg3: None }, s),
            (TypeInner::Vector { .. }, TypeInner::Matrix { .. }) if naga_mat(&sb) => {
                // v (1×R) × M (R×C): naga M_n (R columns of C) × v.
                self.add(naga::Expression::Binary { op: naga::BinaryOperator::Multiply, left: b, right: a }, s)
            }
            (TypeInner::Matrix { .. }, TypeInner::Vector { .. }) if naga_mat(&sa) => {
                // M (R×C) × v (C): v × M_n.
                self.add(naga::Expression::Binary { op: naga::BinaryOperator::Multiply, left: b, right: a }, s)
            }
            (TypeInner::Matrix { .. }, TypeInner::Matrix { .. }) if naga_mat(&sa) && naga_mat(&sb) && naga_mat(self.lw.tys.get(ty)) => {
                self.add(naga::Expression::Binary { op: naga::BinaryOperator::Multiply, left: b, right: a }, s)
            }
            _ => self.mul_generic(a, b, ta, tb, ty, s),
        }
    }

    /// `mul` by explicit dot products (integer matrices, 1×N/N×1 shapes).
    fn mul_generic(&mut self, a: Handle<naga::Expression>, b: Handle<naga::Expression>, ta: TypeId, tb: TypeId, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        // Represent both operands as rows of scalars.
        let grid = |bd: &mut Self, v: Handle<naga::Expression>, t: TypeId, as_row: bool| -> Vec<Vec<Handle<naga::Expression>>> {
            match *bd.lw.tys.get(t) {
                TypeInner::Vector { size, .. } => {
                    let comps: Vec<_> = (0..size as u32).map(|i| bd.add(naga::Expression::AccessIndex { base: v, index: i }, s)).collect();
                    if as_row { vec![comps] } else { comps.into_iter().map(|c| vec![c]).collect() }
                }
                TypeInner::Matrix { rows, cols, .. } => {
                    let rs = bd.rows_of(v, rows, s);
                    rs.into_iter()
                        .map(|r| if cols == 1 { vec![r] } else { (0..cols as u32).map(|c| bd.add(naga::Expression::AccessIndex { base: r, index: c }, s)).collect() })
                        .collect()
                }
                _ => vec![vec![v]],
            }
        };
        let ga = grid(self, a, ta, true);
        let gb = grid(self, b, tb, false);
        let (n, k, m) = (ga.len(), ga.first().map(Vec::len).unwrap_or(0), gb.first().map(Vec::len).unwrap_or(0));
        let mut out = vec![vec![]; n];
        for (i, row) in out.iter_mut().enumerate() {
            for j in 0..m {
                let mut acc: Option<Handle<naga::Expression>> = None;
                for (t, b_row) in gb.iter().enumerate().take(k) {
                    let p = self.add(naga::Expression::Binary { op: naga::BinaryOperator::Multiply, left: ga[i][t], right: b_row[j] }, s);
                    acc = Some(match acc {
                        None => p,
                        Some(x) => self.add(naga::Expression::Binary { op: naga::BinaryOperator::Add, left: x, right: p }, s),
                    });
                }
                row.push(acc.unwrap_or(a));
            }
        }
        // Assemble the result of type `ty` from the grid.
        let scalar = naga_scalar(self.lw.scalar_of(ty));
        match *self.lw.tys.get(ty) {
            TypeInner::Scalar(_) => out[0][0],
            TypeInner::Vector { size, .. } => {
                let comps: Vec<_> = if n == 1 { out[0].clone() } else { out.iter().map(|r| r[0]).collect() };
                let t = self.lw.ty(ty);
                let _ = size;
                self.add(naga::Expression::Compose { ty: t, components: comps }, s)
            }
            TypeInner::Matrix { cols, .. } => {
                let vt = self.lw.vector_type(scalar, cols);
                let rows: Vec<_> = out.into_iter().map(|r| if cols == 1 { r[0] } else { self.add(naga::Expression::Compose { ty: vt, components: r }, s) }).collect();
                let t = self.lw.ty(ty);
                self.add(naga::Expression::Compose { ty: t, components: rows }, s)
            }
            _ => a,
        }
    }

    fn sincos(&mut self, args: &[Arg], s: Span) -> Handle<naga::Expression> {
        let (Some(Arg::Value(x)), Some(Arg::Out(sp)), Some(Arg::Out(cp))) = (args.first(), args.get(1), args.get(2)) else { return self.dummy(s) };
        let v = self.expr(x);
        let ops = [(v, x.ty)];
        let sv = self.map_rows(&ops, x.ty, s, &mut |b, a| b.add(naga::Expression::Math { fun: MF::Sin, arg: a[0], arg1: None, arg2: None, arg3: None }, s));
        let cv = self.map_rows(&ops, x.ty, s, &mut |b, a| b.add(naga::Expression::Math { fun: MF::Cos, arg: a[0], arg1: None, arg2: None, arg3: None }, s));
        let spr = self.place(sp);
        let sv = self.convert(sv, x.ty, sp.ty, s);
        self.store(&spr, sv, s);
        let cpr = self.place(cp);
        let cv = self.convert(cv, x.ty, cp.ty, s);
        self.store(&cpr, cv, s);
        self.dummy(s)
    }

    /// `modf(x, out ip)` returns the fraction; `frexp(x, out e)` returns the mantissa and
    /// writes the exponent as a float (HLSL's form).
    fn modf_frexp(&mut self, op: I, args: &[Arg], ty: TypeId, s: Span) -> Handle<naga::Expression> {
        let (Some(Arg::Value(x)), Some(Arg::Out(out))) = (args.first(), args.get(1)) else { return self.dummy(s) };
        let v = self.expr(x);
        if op == I::Modf {
            // fraction = x - trunc(x) keeps the sign of x, as HLSL's modf does.
            let ops = [(v, x.ty)];
            let ip = self.map_rows(&ops, ty, s, &mut |b, a| b.add(naga::Expression::Math { fun: MF::Trunc, arg: a[0], arg1: None, arg2: None, arg3: None }, s));
            let frac = self.map_rows(&[(v, x.ty), (ip, ty)], ty, s, &mut |b, a| b.add(naga::Expression::Binary { op: naga::BinaryOperator::Subtract, left: a[0], right: a[1] }, s));
            let pr = self.place(out);
            let ipc = self.convert(ip, ty, out.ty, s);
            self.store(&pr, ipc, s);
            return frac;
        }
        // naga's `frexp` returns a predeclared struct (fraction, integer exponent); HLSL's
        // exponent is a float of the argument's type. Matrices go row by row.
        let ops = [(v, x.ty)];
        let fract = self.map_rows(&ops, ty, s, &mut |b, a| {
            let r = b.frexp(a[0], s);
            b.add(naga::Expression::AccessIndex { base: r, index: 0 }, s)
        });
        let width = naga_scalar(self.lw.scalar_of(ty)).width;
        let fexp = self.map_rows(&ops, ty, s, &mut |b, a| {
            let r = b.frexp(a[0], s);
            let exp = b.add(naga::Expression::AccessIndex { base: r, index: 1 }, s);
            b.add(naga::Expression::As { expr: exp, kind: naga::ScalarKind::Float, convert: Some(width) }, s)
        });
        let pr = self.place(out);
        let fexp = self.convert(fexp, ty, out.ty, s);
        self.store(&pr, fexp, s);
        fract
    }

    /// naga's `frexp` of a float scalar or vector, with its result type registered.
    fn frexp(&mut self, v: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        let (size, scalar) = match self.resolve(v) {
            Some(naga::TypeInner::Vector { size, scalar }) => (Some(size), scalar),
            Some(naga::TypeInner::Scalar(scalar)) => (None, scalar),
            _ => (None, naga::Scalar::F32),
        };
        let key = naga::PredeclaredType::FrexpResult { size, scalar };
        if scalar.width != 4 && !self.lw.module.special_types.predeclared_types.contains_key(&key) {
            // naga's own result type gives the exponent the float's width (`i16` for `half`),
            // which SPIR-V's `FrexpStruct` and WGSL (`exp: i32`) both refuse: the exponent is
            // a 32-bit integer whatever the float's width.
            let ty = frexp_result_type(&mut self.lw.module, &key, size, scalar);
            self.lw.module.special_types.predeclared_types.insert(key.clone(), ty);
        }
        self.lw.module.generate_predeclared_type(key);
        self.add(naga::Expression::Math { fun: MF::Frexp, arg: v, arg1: None, arg2: None, arg3: None }, s)
    }

    fn asuint_split(&mut self, args: &[Arg], s: Span) -> Handle<naga::Expression> {
        let (Some(Arg::Value(d)), Some(Arg::Out(lo)), Some(Arg::Out(hi))) = (args.first(), args.get(1), args.get(2)) else { return self.dummy(s) };
        let v = self.expr(d);
        let bits = self.add(naga::Expression::As { expr: v, kind: naga::ScalarKind::Uint, convert: None }, s);
        let l = self.add(naga::Expression::As { expr: bits, kind: naga::ScalarKind::Uint, convert: Some(4) }, s);
        let mut k = self.literal_u32(32);
        if let TypeInner::Vector { size, .. } = *self.lw.tys.get(d.ty) {
            let size = super::types::vector_size(size);
            k = self.add(naga::Expression::Splat { size, value: k }, s);
        }
        let h64 = self.add(naga::Expression::Binary { op: naga::BinaryOperator::ShiftRight, left: bits, right: k }, s);
        let h = self.add(naga::Expression::As { expr: h64, kind: naga::ScalarKind::Uint, convert: Some(4) }, s);
        let lp = self.place(lo);
        self.store(&lp, l, s);
        let hp = self.place(hi);
        self.store(&hp, h, s);
        self.dummy(s)
    }

    /// `Interlocked*(dest, value[, original])` on groupshared memory, buffer words or texels.
    fn interlocked(&mut self, op: I, args: &[Arg], s: Span) -> Handle<naga::Expression> {
        let Some(Arg::InOut(dest)) = args.first() else { return self.dummy(s) };
        let dest_scalar = self.lw.scalar_of(dest.ty);
        let pr = self.place(dest);
        let mut values: Vec<Handle<naga::Expression>> = Vec::new();
        let mut original = None;
        for a in &args[1..] {
            match a {
                Arg::Value(e) => values.push(self.expr(e)),
                Arg::Out(p) => original = Some(p),
                Arg::InOut(_) => {}
            }
        }
        let result = self.atomic_op(op, &pr, dest_scalar, &values, original.is_some(), s);
        if let (Some(p), Some(r)) = (original, result) {
            let place = self.place(p);
            let r = self.convert_scalar_bits(r, dest_scalar, self.lw.scalar_of(p.ty), s);
            self.store(&place, r, s);
        }
        self.dummy(s)
    }

    /// Reinterprets or converts a 32-bit integer between `from` and `to` (for atomic results).
    pub(crate) fn convert_scalar_bits(&mut self, v: Handle<naga::Expression>, from: Scalar, to: Scalar, s: Span) -> Handle<naga::Expression> {
        if from == to {
            return v;
        }
        let t = naga_scalar(to);
        self.add(naga::Expression::As { expr: v, kind: t.kind, convert: Some(t.width) }, s)
    }

    /// Reinterprets the bits of a 32-bit scalar as another 32-bit scalar (between an atomic's
    /// operands and its memory: a `float` operand of SM 6.6's float atomics is exchanged as
    /// the bits of an atomic `u32`).
    pub(crate) fn atomic_bits(&mut self, v: Handle<naga::Expression>, from: Scalar, to: Scalar, s: Span) -> Handle<naga::Expression> {
        if from != to && from.width == to.width && (from.kind == ScalarKind::Float || to.kind == ScalarKind::Float) {
            let t = naga_scalar(to);
            return self.add(naga::Expression::As { expr: v, kind: t.kind, convert: None }, s);
        }
        self.convert_scalar_bits(v, from, to, s)
    }

    /// Performs an atomic operation on a place; returns the original value (as `scalar`).
    pub(crate) fn atomic_op(&mut self, op: I, pr: &PlaceRef, scalar: Scalar, values: &[Handle<naga::Expression>], want_original: bool, s: Span) -> Option<Handle<naga::Expression>> {
        // One gathered buffer scalar (`m[r].x` on a one-column matrix row, a one-component
        // swizzle of a row) is that scalar's word.
        let single;
        let pr = match pr {
            PlaceRef::RawElements { buf, addrs, scalar_ty, .. } if addrs.len() == 1 => {
                single = PlaceRef::Raw { buf: *buf, addr: addrs[0], ty: *scalar_ty, row_major: None, rules: crate::layout::Rules::Structured };
                &single
            }
            _ => pr,
        };
        // The pointer to the atomic and the scalar type of the atomic memory (a `float`'s is an
        // atomic `u32`, `Lowerer::atomic_type`).
        let (ptr, mem_scalar) = match pr {
            PlaceRef::Pointer { ptr, .. } | PlaceRef::AtomicPointer { ptr, .. } => (*ptr, if scalar == Scalar::F32 { Scalar::U32 } else { scalar }),
            // The buffer is 32-bit words (an atomic on one of them would lose the carry into,
            // or the exchange of, the other half): SPIR-V reads the binding again as 64-bit
            // words; WGSL cannot declare a second variable at one binding.
            PlaceRef::Raw { buf: RawBuffer::Storage { var, index: None, .. }, addr, .. } if scalar.width == 8 && self.lw.options.target == crate::options::Target::SpirV => {
                let view = self.lw.words64_view(*var, scalar.kind == ScalarKind::Int)?;
                (self.raw_word64_pointer(view, *addr, s), scalar)
            }
            PlaceRef::Raw { buf: RawBuffer::Storage { index, .. }, .. } if scalar.width == 8 => {
                if index.is_some() {
                    self.lw.error("E0801", s, format!("`{op:?}` on a 64-bit element or member of a buffer in an array of buffers is not supported yet"))
                        .help("64-bit atomics work on a buffer of its own (SPIR-V) and on groupshared `uint64_t`/`int64_t` variables");
                } else {
                    self.lw.error("E0803", s, format!("`{op:?}` on a 64-bit element or member of a structured, typed or byte-address buffer cannot be expressed in WGSL"))
                        .help("hlslc keeps these buffers as 32-bit words and reads them as 64-bit words for these atomics through a second variable at the binding, which WGSL does not allow: compile with `-spirv`, or use a groupshared `uint64_t`");
                }
                return None;
            }
            PlaceRef::Raw { buf: buf @ RawBuffer::Storage { atomic: true, .. }, addr, .. } => (self.raw_word_pointer(*buf, *addr, s), Scalar::U32),
            PlaceRef::Raw { buf: RawBuffer::Device { address }, addr, .. } if scalar.width == 4 => {
                return self.device_atomic(op, *address, *addr, scalar, values, s);
            }
            PlaceRef::Texel { image, coord, array_index, .. } => {
                return self.image_atomic(op, *image, *coord, *array_index, scalar, values, want_original, s);
            }
            _ => {
                let span = s;
                self.lw.error("E0801", span, "this atomic destination is not supported").help("use a groupshared variable, an RWStructuredBuffer element or an RWByteAddressBuffer");
                return None;
            }
        };
        let signed = scalar.kind == ScalarKind::Int;
        let to_mem = |b: &mut Self, v: Handle<naga::Expression>| b.atomic_bits(v, scalar, mem_scalar, s);
        let vals: Vec<_> = values.iter().map(|&v| to_mem(self, v)).collect();
        let mem_ty = self.lw.scalar_type(naga_scalar(mem_scalar));
        let fun = match op {
            I::InterlockedAdd => naga::AtomicFunction::Add,
            I::InterlockedAnd => naga::AtomicFunction::And,
            I::InterlockedOr => naga::AtomicFunction::InclusiveOr,
            I::InterlockedXor => naga::AtomicFunction::ExclusiveOr,
            I::InterlockedMin | I::InterlockedMax if signed && mem_scalar.kind == ScalarKind::Uint => {
                let r = self.cas_minmax(ptr, op == I::InterlockedMin, vals[0], s);
                return Some(self.atomic_bits(r, mem_scalar, scalar, s));
            }
            I::InterlockedMin => naga::AtomicFunction::Min,
            I::InterlockedMax => naga::AtomicFunction::Max,
            I::InterlockedExchange => naga::AtomicFunction::Exchange { compare: None },
            I::InterlockedCompareExchange | I::InterlockedCompareStore => {
                let r = self.strong_compare_exchange(ptr, mem_scalar, vals[0], vals[1], s);
                return Some(self.atomic_bits(r, mem_scalar, scalar, s));
            }
            _ => return None,
        };
        let result = self.add(naga::Expression::AtomicResult { ty: mem_ty, comparison: false }, s);
        self.push(naga::Statement::Atomic { pointer: ptr, fun, value: vals[0], result: Some(result) }, s);
        Some(self.atomic_bits(result, mem_scalar, scalar, s))
    }

    /// A compare-exchange that only fails when the value differs (naga's is weak).
    fn strong_compare_exchange(&mut self, ptr: Handle<naga::Expression>, mem: Scalar, compare: Handle<naga::Expression>, value: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        let mem_n = naga_scalar(mem);
        let result_ty = self.lw.module.generate_predeclared_type(naga::PredeclaredType::AtomicCompareExchangeWeakResult(mem_n));
        let _ = self.lw.layouter.update(self.lw.module.to_ctx());
        let mem_ty = self.lw.scalar_type(mem_n);
        let old = self.local("original", mem_ty);
        let old_ptr = self.add(naga::Expression::LocalVariable(old), s);
        self.begin();
        let res = self.add(naga::Expression::AtomicResult { ty: result_ty, comparison: true }, s);
        self.push(naga::Statement::Atomic { pointer: ptr, fun: naga::AtomicFunction::Exchange { compare: Some(compare) }, value, result: Some(res) }, s);
        let old_v = self.add(naga::Expression::AccessIndex { base: res, index: 0 }, s);
        self.push(naga::Statement::Store { pointer: old_ptr, value: old_v }, s);
        let exchanged = self.add(naga::Expression::AccessIndex { base: res, index: 1 }, s);
        let differs = self.add(naga::Expression::Binary { op: naga::BinaryOperator::NotEqual, left: old_v, right: compare }, s);
        let done = self.add(naga::Expression::Binary { op: naga::BinaryOperator::LogicalOr, left: exchanged, right: differs }, s);
        self.begin();
        self.push(naga::Statement::Break, s);
        let brk = self.end();
        self.push(naga::Statement::If { condition: done, accept: brk, reject: naga::Block::new() }, s);
        let body = self.end();
        self.push(naga::Statement::Loop { body, continuing: naga::Block::new(), break_if: None }, s);
        self.add(naga::Expression::Load { pointer: old_ptr }, s)
    }

    /// Signed min/max on a `u32` word: a compare-exchange loop.
    fn cas_minmax(&mut self, ptr: Handle<naga::Expression>, min: bool, value: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        let result_ty = self.lw.module.generate_predeclared_type(naga::PredeclaredType::AtomicCompareExchangeWeakResult(naga::Scalar::U32));
        let _ = self.lw.layouter.update(self.lw.module.to_ctx());
        let u = self.lw.scalar_type(naga::Scalar::U32);
        let old = self.local("original", u);
        let old_ptr = self.add(naga::Expression::LocalVariable(old), s);
        let first = self.add(naga::Expression::Load { pointer: ptr }, s);
        self.push(naga::Statement::Store { pointer: old_ptr, value: first }, s);
        self.begin();
        let cur = self.add(naga::Expression::Load { pointer: old_ptr }, s);
        let cur_i = self.add(naga::Expression::As { expr: cur, kind: naga::ScalarKind::Sint, convert: None }, s);
        let val_i = self.add(naga::Expression::As { expr: value, kind: naga::ScalarKind::Sint, convert: None }, s);
        let fun = if min { MF::Min } else { MF::Max };
        let new_i = self.add(naga::Expression::Math { fun, arg: cur_i, arg1: Some(val_i), arg2: None, arg3: None }, s);
        let new = self.add(naga::Expression::As { expr: new_i, kind: naga::ScalarKind::Uint, convert: None }, s);
        let res = self.add(naga::Expression::AtomicResult { ty: result_ty, comparison: true }, s);
        self.push(naga::Statement::Atomic { pointer: ptr, fun: naga::AtomicFunction::Exchange { compare: Some(cur) }, value: new, result: Some(res) }, s);
        let seen = self.add(naga::Expression::AccessIndex { base: res, index: 0 }, s);
        let exchanged = self.add(naga::Expression::AccessIndex { base: res, index: 1 }, s);
        self.push(naga::Statement::Store { pointer: old_ptr, value: seen }, s);
        self.begin();
        self.push(naga::Statement::Break, s);
        let brk = self.end();
        self.push(naga::Statement::If { condition: exchanged, accept: brk, reject: naga::Block::new() }, s);
        let body = self.end();
        self.push(naga::Statement::Loop { body, continuing: naga::Block::new(), break_if: None }, s);
        self.add(naga::Expression::Load { pointer: old_ptr }, s)
    }

    /// An atomic on a texel of an R32 `RWTexture*` (naga `ImageAtomic`, wgpu's
    /// `TEXTURE_ATOMIC`). naga's image atomics return nothing and have no exchange forms:
    /// for SPIR-V, the `original` argument, `InterlockedExchange` and the compare forms are
    /// marked for the `image_atomic` pass, which writes SPIR-V's own forms; WGSL has no way to
    /// express them, so there they are errors.
    #[allow(clippy::too_many_arguments)]
    fn image_atomic(&mut self, op: I, image: Handle<naga::Expression>, coord: Handle<naga::Expression>, array_index: Option<Handle<naga::Expression>>, scalar: Scalar, values: &[Handle<naga::Expression>], want_original: bool, s: Span) -> Option<Handle<naga::Expression>> {
        use crate::passes::image_atomic as pass;
        let name = format!("{op:?}");
        let spirv = self.lw.options.target == crate::options::Target::SpirV;
        if scalar.kind == ScalarKind::Float {
            self.lw.error("E0803", s, format!("`{name}` on a `float` texel cannot be expressed in naga IR, whose texture atomics take 32- and 64-bit integer texels"))
                .help("use an `RWStructuredBuffer<float>` or `RWByteAddressBuffer` indexed by the texel, or an `R32_UINT` texture holding the float's bits (`asuint`)");
            return None;
        }
        let (fun, mut code) = match op {
            I::InterlockedAdd => (naga::AtomicFunction::Add, 0),
            I::InterlockedAnd => (naga::AtomicFunction::And, 0),
            I::InterlockedOr => (naga::AtomicFunction::InclusiveOr, 0),
            I::InterlockedXor => (naga::AtomicFunction::ExclusiveOr, 0),
            I::InterlockedMin => (naga::AtomicFunction::Min, 0),
            I::InterlockedMax => (naga::AtomicFunction::Max, 0),
            I::InterlockedExchange if spirv => (naga::AtomicFunction::Add, pass::EXCHANGE),
            I::InterlockedCompareExchange | I::InterlockedCompareStore if spirv => (naga::AtomicFunction::Add, pass::COMPARE_EXCHANGE),
            _ => {
                self.lw.error("E0803", s, format!("`{name}` on a texture cannot be expressed in WGSL (texture atomics have no exchange forms)"))
                    .help("compile for SPIR-V, or use an `RWStructuredBuffer<uint>` or `RWByteAddressBuffer` indexed by the texel");
                return None;
            }
        };
        if want_original && !spirv {
            self.lw.error("E0803", s, format!("the `original` value of `{name}` on a texture cannot be expressed in WGSL (texture atomics return nothing)"))
                .help("compile for SPIR-V, drop the `original` argument, or use a buffer instead of a texture");
            return None;
        }
        if want_original {
            code |= pass::WANTS_RESULT;
        }
        // The values as the texel's scalar type (an `int` value on an `R32_UINT` texel …).
        let texel = match self.resolve(image) {
            Some(naga::TypeInner::Image { class: naga::ImageClass::Storage { format, .. }, .. }) => naga::Scalar::from(format),
            _ => naga_scalar(scalar),
        };
        let values: Vec<_> = values
            .iter()
            .map(|&v| match self.resolve(v) {
                Some(naga::TypeInner::Scalar(sc)) if sc != texel => self.add(naga::Expression::As { expr: v, kind: texel.kind, convert: Some(texel.width) }, s),
                _ => v,
            })
            .collect();
        if texel.width == 8 && (code != 0 || !matches!(fun, naga::AtomicFunction::Min | naga::AtomicFunction::Max)) {
            // naga 30's `TEXTURE_INT64_ATOMIC` has only min and max (without a result).
            self.lw.error("E0680", s, format!("`{name}` on a texture of 64-bit texels cannot be expressed in naga IR, which has only `InterlockedMin` and `InterlockedMax` there (without the original value)"))
                .help("use an `RWStructuredBuffer<uint64_t>` or `RWByteAddressBuffer` indexed by the texel for other 64-bit atomics");
            return None;
        }
        let value = *values.last()?;
        let suffix = if texel.kind == naga::ScalarKind::Sint { "i32" } else { "u32" };
        if code != 0 {
            let marker = self.private_marker(pass::OP_MARKER, naga::Scalar::U32);
            let ptr = self.add(naga::Expression::GlobalVariable(marker), s);
            let c = self.add(naga::Expression::Literal(naga::Literal::U32(code)), s);
            self.push(naga::Statement::Store { pointer: ptr, value: c }, s);
        }
        if code & pass::COMPARE_EXCHANGE != 0 {
            let marker = self.private_marker(&format!("{}::{suffix}", pass::COMPARATOR_MARKER), texel);
            let ptr = self.add(naga::Expression::GlobalVariable(marker), s);
            self.push(naga::Statement::Store { pointer: ptr, value: values[0] }, s);
        }
        if spirv {
            // naga 30 writes an atomic on an element of a binding array with the whole array as
            // `OpImageTexelPointer`'s image; the pass indexes it with the stored element.
            let element = match self.func.expressions[image] {
                naga::Expression::Access { base, index } if self.is_binding_array(base) => Some(self.as_u32(index, s)),
                naga::Expression::AccessIndex { base, index } if self.is_binding_array(base) => Some(self.add(naga::Expression::Literal(naga::Literal::U32(index)), s)),
                _ => None,
            };
            if let Some(element) = element {
                let marker = self.private_marker(pass::ELEMENT_MARKER, naga::Scalar::U32);
                let ptr = self.add(naga::Expression::GlobalVariable(marker), s);
                self.push(naga::Statement::Store { pointer: ptr, value: element }, s);
            }
        }
        self.push(naga::Statement::ImageAtomic { image, coordinate: coord, array_index, fun, value }, s);
        if !want_original {
            return None;
        }
        let marker = self.private_marker(&format!("{}::{suffix}", pass::RESULT_MARKER), texel);
        let ptr = self.add(naga::Expression::GlobalVariable(marker), s);
        let original = self.add(naga::Expression::Load { pointer: ptr }, s);
        let texel_scalar = if texel.kind == naga::ScalarKind::Sint { Scalar::I32 } else { Scalar::U32 };
        Some(self.convert_scalar_bits(original, texel_scalar, scalar, s))
    }

    /// Whether `e` is a global binding array (of textures: the base of a texture element).
    fn is_binding_array(&self, e: Handle<naga::Expression>) -> bool {
        match self.func.expressions[e] {
            naga::Expression::GlobalVariable(g) => matches!(self.lw.module.types[self.lw.module.global_variables[g].ty].inner, naga::TypeInner::BindingArray { .. }),
            _ => false,
        }
    }

    /// An integer index as `u32`.
    fn as_u32(&mut self, index: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        match self.resolve(index) {
            Some(naga::TypeInner::Scalar(naga::Scalar::U32)) => index,
            _ => self.add(naga::Expression::As { expr: index, kind: naga::ScalarKind::Uint, convert: Some(4) }, s),
        }
    }

    /// A private marker variable of `scalar` type named `name` (a name no user variable can
    /// have), created once; SPIR-V passes find it by that name.
    pub(crate) fn private_marker(&mut self, name: &str, scalar: naga::Scalar) -> Handle<naga::GlobalVariable> {
        if let Some((h, _)) = self.lw.module.global_variables.iter().find(|(_, g)| g.name.as_deref() == Some(name)) {
            return h;
        }
        let ty = self.lw.scalar_type(scalar);
        self.lw.module.global_variables.append(
            naga::GlobalVariable { name: Some(name.into()), space: naga::AddressSpace::Private, binding: None, ty, init: None, memory_decorations: Default::default() },
            naga::Span::UNDEFINED,
        )
    }

}


impl FnBuilder<'_, '_> {
    /// Whether `op` on these arguments is a constant float computation whose result is not
    /// finite (so that WGSL would reject it as a const-expression).
    fn const_math_not_finite(&self, op: I, values: &[Handle<naga::Expression>]) -> bool {
        let Some(a) = self.const_floats(values[0]) else { return false };
        let unary = |f: fn(f64) -> f64| a.iter().any(|&x| !(f(x) as f32).is_finite());
        match op {
            I::Exp => unary(f64::exp),
            I::Exp2 => unary(f64::exp2),
            I::Sinh => unary(f64::sinh),
            I::Cosh => unary(f64::cosh),
            I::Log | I::Log2 | I::Log10 => unary(|x| if x > 0.0 { x.ln() } else { f64::NAN }),
            I::Sqrt => unary(|x| if x >= 0.0 { x.sqrt() } else { f64::NAN }),
            I::Rsqrt => unary(|x| if x > 0.0 { 1.0 / x.sqrt() } else { f64::NAN }),
            I::Asin | I::Acos => unary(|x| if x.abs() <= 1.0 { 0.0 } else { f64::NAN }),
            I::Pow => {
                let Some(b) = values.get(1).and_then(|&h| self.const_floats(h)) else { return false };
                let n = a.len().max(b.len());
                (0..n).any(|i| {
                    let (x, y) = (a[i.min(a.len() - 1)], b[i.min(b.len() - 1)]);
                    !(x.powf(y) as f32).is_finite()
                })
            }
            _ => false,
        }
    }

    /// The float components of a constant expression (a splat gives one), if it is one.
    fn const_floats(&self, h: Handle<naga::Expression>) -> Option<Vec<f64>> {
        match &self.func.expressions[h] {
            naga::Expression::Literal(naga::Literal::F32(v)) => Some(vec![*v as f64]),
            naga::Expression::Literal(naga::Literal::F64(v)) => Some(vec![*v]),
            naga::Expression::Literal(naga::Literal::F16(v)) => Some(vec![f64::from(*v)]),
            naga::Expression::Splat { value, .. } => self.const_floats(*value),
            naga::Expression::Compose { components, .. } => {
                let mut out = Vec::new();
                for &c in components {
                    out.extend(self.const_floats(c)?);
                }
                (!out.is_empty()).then_some(out)
            }
            _ => None,
        }
    }
}

impl super::Lowerer<'_> {
    /// The empty marker function whose calls `passes::debug_break` turns into SPIR-V's
    /// `NonSemantic.DebugBreak` instruction (created on first use).
    pub(crate) fn debug_break_function(&mut self) -> Handle<naga::Function> {
        self.marker_function(crate::passes::debug_break::MARKER)
    }

    /// Whether a device memory barrier is a marker call (`passes::stage_memory_barrier`): in a
    /// vertex or pixel shader compiled to SPIR-V.
    pub(crate) fn stage_memory_barrier_marker(&self) -> bool {
        self.options.target == crate::options::Target::SpirV && matches!(self.options.profile.and_then(|p| p.stage), Some(crate::tir::Stage::Vertex | crate::tir::Stage::Pixel))
    }

    /// The empty marker function `name`, found or added (a SPIR-V pass replaces its calls).
    pub(crate) fn marker_function(&mut self, name: &str) -> Handle<naga::Function> {
        if let Some((h, _)) = self.module.functions.iter().find(|(_, f)| f.name.as_deref() == Some(name)) {
            return h;
        }
        let mut func = naga::Function { name: Some(name.into()), ..Default::default() };
        func.body.push(naga::Statement::Return { value: None }, naga::Span::UNDEFINED);
        self.module.functions.append(func, naga::Span::UNDEFINED)
    }
}

impl FnBuilder<'_, '_> {
    /// `countbits`, `firstbitlow`, `firstbithigh` and `reversebits` of 16-bit integers on
    /// their 32-bit widening: Vulkan allows `OpBitCount`/`OpBitReverse` and GLSL.std.450's
    /// `FindILsb`/`FindSMsb`/`FindUMsb` on 32-bit components only (VUID-RuntimeSpirv-None-10824
    /// without maintenance9), naga's SPIR-V writer stops on a 16-bit `firstLeadingBit`, and
    /// lavapipe's LLVM aborts on a 16-bit bit reverse. The value is zero-extended, except that
    /// a signed `firstbithigh` sign-extends it, so the first bit differing from the sign keeps
    /// its position (DXC: `firstbithigh((int16_t)-256)` is 7); `reversebits` reverses the 32
    /// bits and shifts the result down by 16.
    fn bits_16(&mut self, op: I, x: Handle<naga::Expression>, arg_ty: TypeId, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        use naga::{BinaryOperator as B, Expression as E};
        let from = self.lw.scalar_of(arg_ty);
        let signed = from.kind == ScalarKind::Int;
        let wide = if op == I::FirstBitHigh && signed {
            self.add(E::As { expr: x, kind: naga::ScalarKind::Sint, convert: Some(4) }, s)
        } else {
            let unsigned = if signed { self.add(E::As { expr: x, kind: naga::ScalarKind::Uint, convert: None }, s) } else { x };
            self.add(E::As { expr: unsigned, kind: naga::ScalarKind::Uint, convert: Some(4) }, s)
        };
        let fun = match op {
            I::CountBits => MF::CountOneBits,
            I::FirstBitLow => MF::FirstTrailingBit,
            I::FirstBitHigh => MF::FirstLeadingBit,
            _ => MF::ReverseBits,
        };
        let r = self.add(E::Math { fun, arg: wide, arg1: None, arg2: None, arg3: None }, s);
        if op == I::ReverseBits {
            let k16 = self.add(E::Literal(naga::Literal::U32(16)), s);
            let k16 = match *self.lw.tys.get(arg_ty) {
                TypeInner::Vector { size, .. } => self.add(E::Splat { size: super::types::vector_size(size), value: k16 }, s),
                _ => k16,
            };
            let down = self.add(E::Binary { op: B::ShiftRight, left: r, right: k16 }, s);
            let narrow = self.add(E::As { expr: down, kind: naga::ScalarKind::Uint, convert: Some(2) }, s);
            return if signed { self.add(E::As { expr: narrow, kind: naga::ScalarKind::Sint, convert: None }, s) } else { narrow };
        }
        let to = naga_scalar(self.lw.scalar_of(ty));
        let got = if op == I::FirstBitHigh && signed { naga::Scalar::I32 } else { naga::Scalar::U32 };
        if got == to {
            r
        } else {
            self.add(E::As { expr: r, kind: to.kind, convert: Some(to.width) }, s)
        }
    }

    /// `countbits` and `reversebits` on 64-bit integers from their 32-bit halves: Vulkan
    /// takes `OpBitCount`/`OpBitReverse` on 32-bit components only (VUID-RuntimeSpirv-None-10824),
    /// and WGSL's built-ins have no 64-bit forms. The count is the halves' counts added; the
    /// reversal is the low half reversed into the high word and the high half into the low.
    fn bits_64(&mut self, reverse: bool, x: Handle<naga::Expression>, arg_ty: TypeId, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        use naga::{BinaryOperator as B, Expression as E, MathFunction as MF};
        let signed = self.lw.scalar_of(arg_ty).kind == ScalarKind::Int;
        let y = if signed { self.add(E::As { expr: x, kind: naga::ScalarKind::Uint, convert: None }, s) } else { x };
        let (hi, lo, k32) = self.halves_64(y, arg_ty, s);
        let math = |b: &mut Self, fun: MF, v: Handle<naga::Expression>| b.add(E::Math { fun, arg: v, arg1: None, arg2: None, arg3: None }, s);
        if !reverse {
            let (c_hi, c_lo) = (math(self, MF::CountOneBits, hi), math(self, MF::CountOneBits, lo));
            let r = self.add(E::Binary { op: B::Add, left: c_hi, right: c_lo }, s);
            let to = naga_scalar(self.lw.scalar_of(ty));
            return match to == naga::Scalar::U32 {
                true => r,
                false => self.add(E::As { expr: r, kind: to.kind, convert: Some(to.width) }, s),
            };
        }
        let (r_lo, r_hi) = (math(self, MF::ReverseBits, lo), math(self, MF::ReverseBits, hi));
        let wide = |b: &mut Self, v: Handle<naga::Expression>| b.add(E::As { expr: v, kind: naga::ScalarKind::Uint, convert: Some(8) }, s);
        let (w_lo, w_hi) = (wide(self, r_lo), wide(self, r_hi));
        let high_word = self.add(E::Binary { op: B::ShiftLeft, left: w_lo, right: k32 }, s);
        let r = self.add(E::Binary { op: B::InclusiveOr, left: high_word, right: w_hi }, s);
        match signed {
            true => self.add(E::As { expr: r, kind: naga::ScalarKind::Sint, convert: None }, s),
            false => r,
        }
    }

    /// `firstbithigh`/`firstbitlow` of 64-bit integers (scalars or vectors) from their 32-bit
    /// halves: the high half's bit plus 32 when it has one, else the low half's (`firstbitlow`
    /// the other way round); `0xFFFFFFFF` for no bit. A signed `firstbithigh` finds the first
    /// bit that differs from the sign, as for 32 bits: of `~x` for negative `x`.
    fn first_bit_64(&mut self, high: bool, x: Handle<naga::Expression>, arg_ty: TypeId, s: Span) -> Handle<naga::Expression> {
        use naga::{BinaryOperator as B, Expression as E, MathFunction as MF};
        let signed = self.lw.scalar_of(arg_ty).kind == ScalarKind::Int;
        let mut y = x;
        if high && signed {
            let zero = self.add(E::Literal(naga::Literal::I64(0)), s);
            let zero = self.splat_like(zero, arg_ty, s);
            let negative = self.add(E::Binary { op: B::Less, left: x, right: zero }, s);
            let inverted = self.add(E::Unary { op: naga::UnaryOperator::BitwiseNot, expr: x }, s);
            y = self.add(E::Select { condition: negative, accept: inverted, reject: x }, s);
        }
        let y = if signed { self.add(E::As { expr: y, kind: naga::ScalarKind::Uint, convert: None }, s) } else { y };
        let (hi, lo, k32) = self.halves_64(y, arg_ty, s);
        let fun = if high { MF::FirstLeadingBit } else { MF::FirstTrailingBit };
        let bit = |b: &mut Self, v: Handle<naga::Expression>| b.add(E::Math { fun, arg: v, arg1: None, arg2: None, arg3: None }, s);
        let (bit_hi, bit_lo) = (bit(self, hi), bit(self, lo));
        let zero = self.add(E::Literal(naga::Literal::U32(0)), s);
        let zero = self.splat_like(zero, arg_ty, s);
        let hi_set = self.add(E::Binary { op: B::NotEqual, left: hi, right: zero }, s);
        let hi_plus = self.add(E::Binary { op: B::Add, left: bit_hi, right: k32 }, s);
        if high {
            self.add(E::Select { condition: hi_set, accept: hi_plus, reject: bit_lo }, s)
        } else {
            // (`bit_hi` is 0xFFFFFFFF when the high half is 0 too.)
            let from_hi = self.add(E::Select { condition: hi_set, accept: hi_plus, reject: bit_hi }, s);
            let lo_set = self.add(E::Binary { op: B::NotEqual, left: lo, right: zero }, s);
            self.add(E::Select { condition: lo_set, accept: bit_lo, reject: from_hi }, s)
        }
    }

    /// The 32-bit halves `(hi, lo)` of `y` (unsigned 64-bit, scalar or vector of `like`'s
    /// shape) and the shift amount 32 in that shape.
    fn halves_64(&mut self, y: Handle<naga::Expression>, like: TypeId, s: Span) -> (Handle<naga::Expression>, Handle<naga::Expression>, Handle<naga::Expression>) {
        use naga::{BinaryOperator as B, Expression as E};
        let k32 = self.add(E::Literal(naga::Literal::U32(32)), s);
        let k32 = self.splat_like(k32, like, s);
        let hi64 = self.add(E::Binary { op: B::ShiftRight, left: y, right: k32 }, s);
        let hi = self.add(E::As { expr: hi64, kind: naga::ScalarKind::Uint, convert: Some(4) }, s);
        let lo = self.add(E::As { expr: y, kind: naga::ScalarKind::Uint, convert: Some(4) }, s);
        (hi, lo, k32)
    }

    /// Scalar `v` splatted to the vector size of `like` (unchanged when `like` is a scalar).
    fn splat_like(&mut self, v: Handle<naga::Expression>, like: TypeId, s: Span) -> Handle<naga::Expression> {
        match *self.lw.tys.get(like) {
            TypeInner::Vector { size, .. } => self.add(naga::Expression::Splat { size: super::types::vector_size(size), value: v }, s),
            _ => v,
        }
    }
}

/// `frexp`'s result struct `{ fract: T, exp: i32 }` (vectors alike) for a float type `T` of
/// any width, laid out as naga lays out structs.
fn frexp_result_type(module: &mut naga::Module, key: &naga::PredeclaredType, size: Option<naga::VectorSize>, scalar: naga::Scalar) -> Handle<naga::Type> {
    let inner = |scalar| match size {
        Some(size) => naga::TypeInner::Vector { size, scalar },
        None => naga::TypeInner::Scalar(scalar),
    };
    let n = size.map_or(1, |s| s as u32);
    // size and alignment of a scalar or vector of `n` components of `width` bytes
    let layout = |width: u32| (n * width, width * if n == 3 { 4 } else { n });
    let (fract_size, fract_align) = layout(scalar.width as u32);
    let (exp_size, exp_align) = layout(4);
    let offset = fract_size.div_ceil(exp_align) * exp_align;
    let align = fract_align.max(exp_align);
    let span = (offset + exp_size).div_ceil(align) * align;
    let fract = module.types.insert(naga::Type { name: None, inner: inner(scalar) }, naga::Span::UNDEFINED);
    let exp = module.types.insert(naga::Type { name: None, inner: inner(naga::Scalar::I32) }, naga::Span::UNDEFINED);
    let members = vec![
        naga::StructMember { name: Some("fract".into()), ty: fract, binding: None, offset: 0 },
        naga::StructMember { name: Some("exp".into()), ty: exp, binding: None, offset },
    ];
    module.types.insert(naga::Type { name: Some(key.struct_name()), inner: naga::TypeInner::Struct { members, span } }, naga::Span::UNDEFINED)
}
