//! Intrinsic functions: names, signatures and argument conversions.
//!
//! HLSL intrinsics are generic over the scalar kind and the shape of their arguments. Rather
//! than listing every overload (DXC's `gen_intrin_main.txt` has thousands), each intrinsic
//! belongs to a *family* that says how the argument types combine:
//! - component-wise float functions (`sin`, `sqrt`, `frac` …) take any numeric shape and
//!   convert integer and bool arguments to `float`;
//! - component-wise numeric functions (`abs`, `min`, `clamp` …) keep integers;
//! - reductions and geometry (`dot`, `length`, `cross` …) take vectors;
//! - bit functions (`countbits` …) take integers;
//! - the rest (conversions, `mul`, barriers, atomics, wave and quad operations, packing) have
//!   their own rules.
//!
//! Arguments of a family are first combined into a common type (as binary operators do, a
//! literal adopting the other arguments' type), then converted to it. A `min`/`max`/`clamp`/
//! `abs` of literals only stays a literal, computed in the 64-bit literal types.

use super::expr::{Lit, Operand, Value};
use super::Analyzer;
use crate::tir::{Arg, ConstValue, Expr, ExprKind, Intrinsic as I, Projection};
use crate::ty::{Scalar, ScalarKind, Shape, TypeId, TypeInner};
use hlslc_grammar::ast;
use hlslc_grammar::Span;

/// Every intrinsic name hlslc knows (for "did you mean" hints and shadowing checks).
pub(crate) const INTRINSIC_NAMES: &[&str] = &[
    "abs", "acos", "all", "AllMemoryBarrier", "AllMemoryBarrierWithGroupSync", "and", "any", "asdouble", "asfloat", "asfloat16", "asin", "Barrier",
    "asint", "asint16", "asuint", "asuint16", "atan", "atan2", "ceil", "clamp", "clip", "cos", "cosh", "countbits", "cross",
    "D3DCOLORtoUBYTE4", "ddx", "DispatchMesh", "ddx_coarse", "ddx_fine", "ddy", "ddy_coarse", "ddy_fine", "degrees", "determinant",
    "DeviceMemoryBarrier", "DeviceMemoryBarrierWithGroupSync", "distance", "dot", "dot2add", "dot4add_i8packed", "dot4add_u8packed", "dst",
    "exp", "exp2", "f16tof32", "f32tof16", "faceforward", "firstbithigh", "firstbitlow", "floor", "fma", "fmod", "frac", "frexp",
    "fwidth", "CheckAccessFullyMapped", "GetGroupWaveCount", "GetGroupWaveIndex", "GroupMemoryBarrier", "GroupMemoryBarrierWithGroupSync", "InterlockedAdd", "InterlockedAnd", "InterlockedCompareExchange",
    "InterlockedCompareStore", "InterlockedCompareStoreFloatBitwise", "InterlockedCompareExchangeFloatBitwise", "InterlockedExchange", "InterlockedMax", "InterlockedMin", "InterlockedOr", "InterlockedXor", "isfinite",
    "AddUint64", "DebugBreak", "IsHelperLane", "isinf", "isnan", "isnormal", "ldexp", "length", "lerp", "lit", "log", "log10", "log2", "mad", "max", "min", "modf", "msad4",
    "mul", "NonUniformResourceIndex", "normalize", "or", "pack_clamp_s8", "pack_clamp_u8", "pack_s8", "pack_u8", "pow", "QuadAll",
    "QuadAny", "QuadReadAcrossDiagonal", "QuadReadAcrossX", "QuadReadAcrossY", "QuadReadLaneAt", "GetAttributeAtVertex", "EvaluateAttributeAtSample", "EvaluateAttributeCentroid", "EvaluateAttributeSnapped", "radians", "rcp", "reflect", "refract",
    "reversebits", "round", "rsqrt", "saturate", "select", "SetMeshOutputCounts", "sign", "sin", "sincos", "sinh", "smoothstep", "sqrt", "step", "tan", "tanh",
    "transpose", "trunc", "unpack_s8s16", "unpack_s8s32", "unpack_u8u16", "unpack_u8u32", "WaveActiveAllEqual", "WaveActiveAllTrue",
    "WaveActiveAnyTrue", "WaveActiveBallot", "WaveActiveBitAnd", "WaveActiveBitOr", "WaveActiveBitXor", "WaveActiveCountBits",
    "WaveActiveMax", "WaveActiveMin", "WaveActiveProduct", "WaveActiveSum", "WaveGetLaneCount", "WaveGetLaneIndex", "WaveIsFirstLane",
    "WaveMatch", "WaveMultiPrefixBitAnd", "WaveMultiPrefixBitOr", "WaveMultiPrefixBitXor", "WaveMultiPrefixCountBits",
    "WaveMultiPrefixProduct", "WaveMultiPrefixSum", "WavePrefixCountBits", "WavePrefixProduct", "WavePrefixSum", "WaveReadLaneAt",
    "WaveReadLaneFirst", "Process2DQuadTessFactorsAvg", "Process2DQuadTessFactorsMax", "Process2DQuadTessFactorsMin",
    "ProcessIsolineTessFactors", "ProcessQuadTessFactorsAvg", "ProcessQuadTessFactorsMax", "ProcessQuadTessFactorsMin",
    "ProcessTriTessFactorsAvg", "ProcessTriTessFactorsMax", "ProcessTriTessFactorsMin",
];

/// Intrinsics whose DXC signature takes `any_int<>` arguments: a bool or floating-point
/// argument becomes `int` (the list has no NOCAST entry, so MatchArguments takes its first
/// type; `WaveActiveBit*` take `uint_only<>`, which has one, and reject floats).
const ANY_INT_TEMPLATE: &[&str] = &[
    "countbits", "reversebits", "firstbithigh", "firstbitlow", "WaveMultiPrefixBitAnd",
    "WaveMultiPrefixBitOr", "WaveMultiPrefixBitXor",
];

/// Names of intrinsics DXC rejects (or that no target here can express), with the reason.
const REJECTED: &[(&str, &str, &str)] = &[
    ("tex1D", "the Direct3D 9 function `tex1D` is not supported", "declare a `Texture1D` and a `SamplerState` and call `.Sample`"),
    ("tex2D", "the Direct3D 9 function `tex2D` is not supported", "declare a `Texture2D` and a `SamplerState` and call `.Sample`"),
    ("tex3D", "the Direct3D 9 function `tex3D` is not supported", "declare a `Texture3D` and a `SamplerState` and call `.Sample`"),
    ("texCUBE", "the Direct3D 9 function `texCUBE` is not supported", "declare a `TextureCube` and a `SamplerState` and call `.Sample`"),
    ("tex2Dlod", "the Direct3D 9 function `tex2Dlod` is not supported", "declare a `Texture2D` and call `.SampleLevel`"),
    ("tex2Dbias", "the Direct3D 9 function `tex2Dbias` is not supported", "declare a `Texture2D` and call `.SampleBias`"),
    ("tex2Dgrad", "the Direct3D 9 function `tex2Dgrad` is not supported", "declare a `Texture2D` and call `.SampleGrad`"),
    ("tex2Dproj", "the Direct3D 9 function `tex2Dproj` is not supported", "divide by w and call `.Sample`"),
    ("noise", "`noise` is not supported in shader model 6", "implement the noise function in HLSL"),
    ("abort", "`abort` is not supported by WGSL or Vulkan SPIR-V", "remove the call"),
    ("errorf", "`errorf` is not supported by WGSL or Vulkan SPIR-V", "remove the call"),
    ("GetRenderTargetSampleCount", "`GetRenderTargetSampleCount` is not supported", "pass the sample count in a constant buffer"),
    ("GetRenderTargetSamplePosition", "`GetRenderTargetSamplePosition` is not supported", "pass the sample positions in a constant buffer"),
];

/// The [`REJECTED`] intrinsics DXC accepts in its front end and refuses only when its SPIR-V
/// back end emits a call (its `CodeGenSPIRV/intrinsics.get-render-target-sample-*` and
/// `intrinsics.abort` tests): an error only in code an entry point reaches.
const BACK_END_REJECTED: &[&str] = &["GetRenderTargetSampleCount", "GetRenderTargetSamplePosition", "abort"];

pub(crate) fn is_intrinsic(name: &str) -> bool {
    // (Asked for every call: a hash set of the names, built once, instead of scanning them.)
    static NAMES: std::sync::OnceLock<rustc_hash::FxHashSet<&'static str>> = std::sync::OnceLock::new();
    let names = NAMES.get_or_init(|| INTRINSIC_NAMES.iter().copied().chain(REJECTED.iter().map(|(n, _, _)| *n)).chain(["printf"]).collect());
    names.contains(name)
}

/// How the arguments of a component-wise family combine.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    /// Integers and bools become `float`.
    Float,
    /// DXC's `numeric<>` (gen_intrin_main.txt): integers stay integers; bools, which its
    /// component list lacks, become its first type, `float`.
    Numeric,
    /// Integers only (bools become `uint`).
    Integer,
}

impl Analyzer<'_> {
    /// `printf`: removed with a warning (its arguments are not evaluated). WGSL has no debug
    /// printing; for SPIR-V, DXC writes `NonSemantic.DebugPrintf`, which hlslc does not emit.
    pub(crate) fn printf_removed(&mut self, span: Span) {
        let why = match self.options.target {
            crate::options::Target::Wgsl => "WGSL has no debug printing",
            _ => "hlslc does not emit SPIR-V's NonSemantic.DebugPrintf",
        };
        self.warning("W0501", "printf-removed", span, format!("`printf` is removed: {why}"));
    }

    /// Resolves a call of intrinsic `name`. Returns `None` if `name` is not an intrinsic.
    pub(crate) fn intrinsic_call(&mut self, name: &str, template_args: Option<&[ast::TemplateArg]>, ops: Vec<Operand>, span: Span) -> Option<Option<Operand>> {
        if let Some((_, msg, help)) = REJECTED.iter().find(|(n, _, _)| *n == name) {
            // DXC's SPIR-V back end rejects these ("no equivalent … in Vulkan") only in the
            // functions it emits, those an entry point reaches.
            if BACK_END_REJECTED.contains(&name) {
                self.reachable_error("E0801", span, *msg).help(*help);
            } else {
                self.error("E0801", span, *msg).help(*help);
            }
            return Some(None);
        }
        if !is_intrinsic(name) {
            return None;
        }
        if template_args.is_some() {
            self.error("E0403", span, format!("`{name}` takes no template arguments"));
            return Some(None);
        }
        Some(self.intrinsic(name, ops, span))
    }

    /// A `min`/`max`/`clamp`/`abs` whose arguments are all literals is itself a literal,
    /// computed on the literals' 64-bit values: DXC keeps such a call's type literal
    /// (SemaHLSL.cpp MatchArguments: a literal argument that decides the result type stays
    /// literal) and evaluates it on `i64`/`double` (CGHLSLMS.cpp TryEvalIntrinsic; its SPIR-V
    /// back end types the literals by their use), so `int64_t v = max(0xFFFFFFFF + 1, 5)` is
    /// 2^32 and `double d = max(0.1, 0.2)` is the double 0.2. Other intrinsics of literals keep
    /// the family's rules.
    fn literal_call(&mut self, name: &str, ops: &[Operand], span: Span) -> Option<Operand> {
        let arity = match name {
            "min" | "max" => 2,
            "clamp" => 3,
            "abs" => 1,
            _ => return None,
        };
        if ops.len() != arity {
            return None;
        }
        let mut vals = Vec::with_capacity(arity);
        for op in ops {
            match (&op.value, op.lit) {
                (_, Lit::No) => return None,
                (Value::Expr(Expr { kind: ExprKind::Const(v @ (ConstValue::Int(_) | ConstValue::Uint(_) | ConstValue::Float(_))), .. }), _) => vals.push(v.clone()),
                _ => return None,
            }
        }
        let (value, scalar, lit) = if ops.iter().any(|o| o.lit == Lit::Float) {
            let f: Vec<f64> = vals.iter().map(super::fold::as_f64).collect();
            if f.iter().any(|x| x.is_nan()) {
                return None;
            }
            let max = |a: f64, b: f64| if a > b { a } else { b };
            let min = |a: f64, b: f64| if a < b { a } else { b };
            let r = match name {
                "max" => max(f[0], f[1]),
                "min" => min(f[0], f[1]),
                "clamp" => min(max(f[0], f[1]), f[2]),
                _ => f[0].abs(),
            };
            (ConstValue::Float(r), Scalar::F32, Lit::Float)
        } else {
            let i: Vec<i64> = vals.iter().map(super::fold::as_i64).collect();
            let r = match name {
                "max" => i[0].max(i[1]),
                "min" => i[0].min(i[1]),
                "clamp" => i[0].max(i[1]).min(i[2]),
                _ => i[0].wrapping_abs(),
            };
            let (value, scalar) = super::expr::literal_int(r as i128);
            (value, scalar, Lit::Int)
        };
        let ty = self.module.types.scalar(scalar);
        Some(Operand { value: Value::Expr(Expr::new(ExprKind::Const(value), ty, span)), ty, lit, span })
    }

    fn intrinsic(&mut self, name: &str, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        use Family::*;
        if let Some(folded) = self.literal_call(name, &ops, span) {
            return Some(folded);
        }
        let n = ops.len();
        let arity = |a: &mut Self, want: usize| -> Option<()> {
            if n != want {
                a.error("E0508", span, format!("`{name}` takes {want} argument{}, found {n}", if want == 1 { "" } else { "s" }));
                return None;
            }
            Some(())
        };
        match name {
            // Component-wise float functions of one argument.
            "sin" | "cos" | "tan" | "asin" | "acos" | "atan" | "sinh" | "cosh" | "tanh" | "exp" | "exp2" | "log" | "log2" | "log10" | "sqrt"
            | "rsqrt" | "rcp" | "floor" | "ceil" | "trunc" | "round" | "frac" | "degrees" | "radians" | "saturate" | "ddx" | "ddy"
            | "ddx_coarse" | "ddx_fine" | "ddy_coarse" | "ddy_fine" | "fwidth" => {
                arity(self, 1)?;
                let op = match name {
                    "sin" => I::Sin,
                    "cos" => I::Cos,
                    "tan" => I::Tan,
                    "asin" => I::Asin,
                    "acos" => I::Acos,
                    "atan" => I::Atan,
                    "sinh" => I::Sinh,
                    "cosh" => I::Cosh,
                    "tanh" => I::Tanh,
                    "exp" => I::Exp,
                    "exp2" => I::Exp2,
                    "log" => I::Log,
                    "log2" => I::Log2,
                    "log10" => I::Log10,
                    "sqrt" => I::Sqrt,
                    "rsqrt" => I::Rsqrt,
                    "rcp" => I::Rcp,
                    "floor" => I::Floor,
                    "ceil" => I::Ceil,
                    "trunc" => I::Trunc,
                    "round" => I::Round,
                    "frac" => I::Frac,
                    "degrees" => I::Degrees,
                    "radians" => I::Radians,
                    "saturate" => I::Saturate,
                    "ddx" => I::Ddx,
                    "ddy" => I::Ddy,
                    "ddx_coarse" => I::DdxCoarse,
                    "ddx_fine" => I::DdxFine,
                    "ddy_coarse" => I::DdyCoarse,
                    "ddy_fine" => I::DdyFine,
                    _ => I::Fwidth,
                };
                let (ty, args) = self.unify(ops, Float, span, name)?;
                if op == I::Round {
                    if let Some(c) = self.fold_round_2016(&args[0]) {
                        return Some(Operand::expr(c));
                    }
                }
                Some(self.intrinsic_expr(op, ty, args, span))
            }
            "abs" | "sign" => {
                arity(self, 1)?;
                let (ty, args) = self.unify(ops, Numeric, span, name)?;
                if name == "abs" {
                    return Some(self.intrinsic_expr(I::Abs, ty, args, span));
                }
                // `sign` returns int of the argument's shape.
                let shape = self.module.types.shape(ty)?;
                let ity = self.module.types.of_shape(shape, Scalar::I32);
                if self.module.types.scalar_of(ty).is_some_and(|s| s.kind == ScalarKind::Uint) {
                    // Unsigned: 1 or 0 (naga has no unsigned `sign`).
                    return Some(self.unsigned_sign(ty, ity, args.into_iter().next()?, span));
                }
                Some(self.intrinsic_expr(I::Sign, ity, args, span))
            }
            "min" | "max" => {
                arity(self, 2)?;
                let (ty, args) = self.unify(ops, Numeric, span, name)?;
                Some(self.intrinsic_expr(if name == "min" { I::Min } else { I::Max }, ty, args, span))
            }
            "clamp" => {
                arity(self, 3)?;
                let (ty, args) = self.unify(ops, Numeric, span, name)?;
                Some(self.intrinsic_expr(I::Clamp, ty, args, span))
            }
            "mad" => {
                arity(self, 3)?;
                let (ty, args) = self.unify(ops, Numeric, span, name)?;
                Some(self.intrinsic_expr(I::Mad, ty, args, span))
            }
            "fma" => {
                arity(self, 3)?;
                let (ty, args) = self.unify(ops, Float, span, name)?;
                if self.module.types.scalar_of(ty) != Some(Scalar::F64) {
                    self.error("E0509", span, "`fma` is only defined for `double`").help("use `mad` for `float` values");
                    return None;
                }
                Some(self.intrinsic_expr(I::Fma, ty, args, span))
            }
            "atan2" | "pow" | "fmod" | "step" | "ldexp" => {
                arity(self, 2)?;
                let op = match name {
                    "atan2" => I::Atan2,
                    "pow" => I::Pow,
                    "fmod" => I::Fmod,
                    "step" => I::Step,
                    _ => I::Ldexp,
                };
                let (ty, args) = self.unify(ops, Float, span, name)?;
                if op == I::Pow {
                    if let Some(e) = self.pow_expansion(ty, &args[0], &args[1], span) {
                        return Some(Operand::expr(e));
                    }
                }
                Some(self.intrinsic_expr(op, ty, args, span))
            }
            "lerp" | "smoothstep" => {
                arity(self, 3)?;
                let (ty, args) = self.unify(ops, Float, span, name)?;
                Some(self.intrinsic_expr(if name == "lerp" { I::Lerp } else { I::SmoothStep }, ty, args, span))
            }
            "isnan" | "isinf" | "isfinite" | "isnormal" => {
                arity(self, 1)?;
                let (ty, args) = self.unify(ops, Float, span, name)?;
                let shape = self.module.types.shape(ty)?;
                let bty = self.module.types.of_shape(shape, Scalar::BOOL);
                let op = match name {
                    "isnan" => I::IsNan,
                    "isinf" => I::IsInf,
                    "isnormal" => I::IsNormal,
                    _ => I::IsFinite,
                };
                Some(self.intrinsic_expr(op, bty, args, span))
            }
            "all" | "any" => {
                arity(self, 1)?;
                let op = ops.into_iter().next()?;
                let shape = self.shape_of(&op, name)?;
                let bty = self.module.types.of_shape(shape, Scalar::BOOL);
                let s = op.span;
                let b = self.convert_implicit(op, bty, s)?;
                let rty = self.module.types.scalar(Scalar::BOOL);
                Some(self.intrinsic_expr(if name == "all" { I::All } else { I::Any }, rty, vec![b], span))
            }
            "dot" => {
                arity(self, 2)?;
                let (ty, args) = self.unify(ops, Numeric, span, name)?;
                let scalar = self.module.types.scalar_of(ty)?;
                if matches!(self.module.types.shape(ty), Some(Shape::Matrix(..))) {
                    self.error("E0510", span, "`dot` takes vectors, not matrices");
                    return None;
                }
                let rty = self.module.types.scalar(scalar);
                Some(self.intrinsic_expr(I::Dot, rty, args, span))
            }
            "cross" => {
                arity(self, 2)?;
                let f3 = self.module.types.vector(Scalar::F32, 3);
                let args = self.convert_all(ops, &[f3, f3])?;
                Some(self.intrinsic_expr(I::Cross, f3, args, span))
            }
            "length" | "normalize" => {
                arity(self, 1)?;
                let (ty, args) = self.unify(ops, Float, span, name)?;
                if matches!(self.module.types.shape(ty), Some(Shape::Matrix(..))) {
                    self.error("E0510", span, format!("`{name}` takes a vector, not a matrix"));
                    return None;
                }
                if name == "normalize" {
                    return Some(self.intrinsic_expr(I::Normalize, ty, args, span));
                }
                let s = self.module.types.scalar_of(ty)?;
                let rty = self.module.types.scalar(s);
                Some(self.intrinsic_expr(I::Length, rty, args, span))
            }
            "distance" => {
                arity(self, 2)?;
                let (ty, args) = self.unify(ops, Float, span, name)?;
                let s = self.module.types.scalar_of(ty)?;
                let rty = self.module.types.scalar(s);
                Some(self.intrinsic_expr(I::Distance, rty, args, span))
            }
            "reflect" => {
                arity(self, 2)?;
                let (ty, args) = self.unify(ops, Float, span, name)?;
                if matches!(self.module.types.shape(ty), Some(Shape::Matrix(..))) {
                    self.error("E0510", span, format!("`reflect` takes vectors, found `{}`", self.type_name(ty)));
                    return None;
                }
                Some(self.intrinsic_expr(I::Reflect, ty, args, span))
            }
            "faceforward" => {
                arity(self, 3)?;
                let (ty, args) = self.unify(ops, Float, span, name)?;
                Some(self.intrinsic_expr(I::FaceForward, ty, args, span))
            }
            "refract" => {
                arity(self, 3)?;
                let mut ops = ops;
                let eta = ops.pop()?;
                // DXC's signature takes `eta` as a scalar (`float_like`, no dimensions): a
                // vector of two or more components or a matrix matches no overload.
                if matches!(self.module.types.shape(eta.ty), Some(Shape::Matrix(..))) || matches!(self.module.types.shape(eta.ty), Some(Shape::Vector(n)) if n > 1) {
                    self.error("E0510", eta.span, format!("the ratio `eta` of `refract` must be a scalar, found `{}`", self.type_name(eta.ty)))
                        .help("pass one component, e.g. `eta.x`, as DXC's only overload takes a scalar");
                    return None;
                }
                let (ty, mut args) = self.unify(ops, Float, span, name)?;
                if matches!(self.module.types.shape(ty), Some(Shape::Matrix(..))) {
                    // As DXC: no `refract` overload takes matrices.
                    self.error("E0510", span, format!("`refract` takes vectors, found `{}`", self.type_name(ty)));
                    return None;
                }
                let s = self.module.types.scalar_of(ty)?;
                let sty = self.module.types.scalar(s);
                let es = eta.span;
                args.push(self.convert_implicit(eta, sty, es)?);
                Some(self.intrinsic_expr(I::Refract, ty, args, span))
            }
            "countbits" | "reversebits" | "firstbitlow" | "firstbithigh" => {
                arity(self, 1)?;
                // DXC's signatures take `any_int`: a float or bool argument becomes 32-bit
                // `int` in `unify` (ANY_INT_TEMPLATE), so `firstbithigh(2.5)` is
                // `firstbithigh(2)` and `countbits(double(-1.5))` counts 32 bits, not 64.
                let mut ops = ops;
                if name != "reversebits" {
                    if let Some(op) = ops.pop() {
                        ops.push(self.concrete_int_literal(op)?);
                    }
                }
                let (ty, args) = self.unify(ops, Integer, span, name)?;
                let shape = self.module.types.shape(ty)?;
                if name.starts_with("firstbit") && self.module.types.scalar_of(ty).is_some_and(|s| s.width == 8) && self.options.target == crate::options::Target::SpirV {
                    // DXC's SPIR-V back end rejects these (its DXIL back end takes them).
                    self.error("E0681", span, format!("`{name}` on 64-bit integers is limited to 32-bit components when targeting SPIR-V, as in DXC"))
                        .help("split the value into its 32-bit halves (`uint(x)`, `uint(x >> 32)`) and combine the results, or compile for WGSL");
                    return None;
                }
                let op = match name {
                    "countbits" => I::CountBits,
                    "reversebits" => I::ReverseBits,
                    "firstbitlow" => I::FirstBitLow,
                    _ => I::FirstBitHigh,
                };
                // `reversebits` keeps the type; the others return uint.
                let rty = if op == I::ReverseBits { ty } else { self.module.types.of_shape(shape, Scalar::U32) };
                Some(self.intrinsic_expr(op, rty, args, span))
            }
            "asuint" | "asint" | "asfloat" | "asfloat16" | "asint16" | "asuint16" => self.bitcast_intrinsic(name, ops, span),
            "asdouble" => {
                arity(self, 2)?;
                let (ty, args) = self.unify(ops, Integer, span, name)?;
                let shape = self.module.types.shape(ty)?;
                let u = self.module.types.of_shape(shape, Scalar::U32);
                let args = args.into_iter().map(|a| self.fold(Expr::new(ExprKind::Convert(Box::new(a)), u, span))).collect();
                let dty = self.module.types.of_shape(shape, Scalar::F64);
                Some(self.intrinsic_expr(I::AsDouble, dty, args, span))
            }
            "f16tof32" => {
                arity(self, 1)?;
                // DXC's signature is `f16tof32(uint<n>)`: a float argument converts to `uint`
                // implicitly, as for any `uint` parameter.
                let is_float = self.module.types.scalar_of(ops[0].ty).is_some_and(|s| s.is_float());
                let (ty, args) = if is_float {
                    let op = ops.into_iter().next()?;
                    let shape = self.module.types.shape(op.ty)?;
                    let u = self.module.types.of_shape(shape, Scalar::U32);
                    let s = op.span;
                    (u, vec![self.convert_implicit(op, u, s)?])
                } else {
                    self.unify(ops, Integer, span, name)?
                };
                let shape = self.module.types.shape(ty)?;
                let u = self.module.types.of_shape(shape, Scalar::U32);
                let args = args.into_iter().map(|a| self.fold(Expr::new(ExprKind::Convert(Box::new(a)), u, span))).collect();
                let fty = self.module.types.of_shape(shape, Scalar::F32);
                Some(self.intrinsic_expr(I::F16ToF32, fty, args, span))
            }
            "f32tof16" => {
                arity(self, 1)?;
                let (ty, args) = self.unify(ops, Float, span, name)?;
                let shape = self.module.types.shape(ty)?;
                let f = self.module.types.of_shape(shape, Scalar::F32);
                let args = args.into_iter().map(|a| self.fold(Expr::new(ExprKind::Convert(Box::new(a)), f, span))).collect();
                let uty = self.module.types.of_shape(shape, Scalar::U32);
                Some(self.intrinsic_expr(I::F32ToF16, uty, args, span))
            }
            "mul" => {
                arity(self, 2)?;
                self.mul(ops, span)
            }
            "transpose" => {
                arity(self, 1)?;
                let op = ops.into_iter().next()?;
                let e = self.materialize(op);
                let (s, r, c) = match *self.module.types.get(e.ty) {
                    TypeInner::Matrix { scalar, rows, cols } => (scalar, rows, cols),
                    // DXC's `any<r, c>` takes a scalar as a 1x1 matrix: its transpose is itself.
                    TypeInner::Scalar(_) => return Some(Operand::expr(e)),
                    _ => {
                        self.error("E0510", span, format!("`transpose` takes a matrix, found `{}`", self.type_name(e.ty)));
                        return None;
                    }
                };
                let rty = self.module.types.matrix(s, c, r);
                Some(self.intrinsic_expr(I::Transpose, rty, vec![e], span))
            }
            "determinant" => {
                arity(self, 1)?;
                let (mut ty, mut args) = self.unify(ops, Float, span, name)?;
                match self.module.types.shape(ty) {
                    Some(Shape::Matrix(r, c)) if r == c => {}
                    // DXC's `float_like<r, r>` takes the smaller dimension for both: a
                    // non-square matrix truncates to its upper-left square block (with the
                    // truncation warning), a 1xN or Nx1 one to its first element.
                    Some(Shape::Matrix(r, c)) => {
                        let n = r.min(c);
                        let s = self.module.types.scalar_of(ty)?;
                        let square = if n == 1 { self.module.types.scalar(s) } else { self.module.types.matrix(s, n, n) };
                        let arg = args.pop()?;
                        let arg_span = arg.span;
                        let converted = self.convert_implicit(Operand::expr(arg), square, arg_span)?;
                        if n == 1 {
                            return Some(Operand::expr(converted));
                        }
                        (ty, args) = (square, vec![converted]);
                    }
                    // DXC's `float_like<r, r>` takes a scalar as a 1x1 matrix: its own determinant.
                    Some(Shape::Scalar) => return args.into_iter().next().map(Operand::expr),
                    _ => {
                        self.error("E0510", span, format!("`determinant` takes a square matrix, found `{}`", self.type_name(ty)));
                        return None;
                    }
                }
                let s = self.module.types.scalar_of(ty)?;
                let rty = self.module.types.scalar(s);
                Some(self.intrinsic_expr(I::Determinant, rty, args, span))
            }
            _ if name.starts_with("Process") && name.contains("TessFactors") => self.process_tess_factors(name, ops, span),
            "sincos" => {
                arity(self, 3)?;
                let mut ops = ops.into_iter();
                let x = ops.next()?;
                let (ty, mut args) = self.unify(vec![x], Float, span, name)?;
                let (s_out, c_out) = (ops.next()?, ops.next()?);
                let s_place = self.out_place(s_out, ty, name)?;
                let c_place = self.out_place(c_out, ty, name)?;
                let void = self.module.types.void();
                let x = args.pop()?;
                Some(Operand::expr(Expr::new(
                    ExprKind::Intrinsic { op: I::SinCos, args: vec![Arg::Value(x), Arg::Out(s_place), Arg::Out(c_place)] },
                    void,
                    span,
                )))
            }
            "modf" | "frexp" => {
                arity(self, 2)?;
                let mut ops = ops.into_iter();
                let x = ops.next()?;
                let (ty, mut args) = self.unify(vec![x], Float, span, name)?;
                let out = self.out_place(ops.next()?, ty, name)?;
                let x = args.pop()?;
                let op = if name == "modf" { I::Modf } else { I::Frexp };
                Some(Operand::expr(Expr::new(ExprKind::Intrinsic { op, args: vec![Arg::Value(x), Arg::Out(out)] }, ty, span)))
            }
            "clip" => {
                arity(self, 1)?;
                let (_, args) = self.unify(ops, Float, span, name)?;
                let void = self.module.types.void();
                Some(self.intrinsic_expr(I::Clip, void, args, span))
            }
            "select" | "and" | "or" => self.logic_intrinsic(name, ops, span),
            "AllMemoryBarrier" | "AllMemoryBarrierWithGroupSync" | "DeviceMemoryBarrier" | "DeviceMemoryBarrierWithGroupSync" | "GroupMemoryBarrier"
            | "GroupMemoryBarrierWithGroupSync" => {
                arity(self, 0)?;
                let op = match name {
                    "AllMemoryBarrier" => I::AllMemoryBarrier,
                    "AllMemoryBarrierWithGroupSync" => I::AllMemoryBarrierWithGroupSync,
                    "DeviceMemoryBarrier" => I::DeviceMemoryBarrier,
                    "DeviceMemoryBarrierWithGroupSync" => I::DeviceMemoryBarrierWithGroupSync,
                    "GroupMemoryBarrier" => I::GroupMemoryBarrier,
                    _ => I::GroupMemoryBarrierWithGroupSync,
                };
                let void = self.module.types.void();
                Some(self.intrinsic_expr(op, void, vec![], span))
            }
            "Barrier" => self.barrier_call(ops, span),
            "SetMeshOutputCounts" | "DispatchMesh" => self.mesh_intrinsic(name, ops, span),
            n if n.starts_with("Interlocked") => self.interlocked(name, ops, span),
            n if n.starts_with("Wave") || n.starts_with("Quad") || n == "IsHelperLane" || n.starts_with("GetGroupWave") => self.wave_intrinsic(name, ops, span),
            "CheckAccessFullyMapped" => {
                // No tiled resources in WebGPU/naga: every access is fully mapped.
                arity(self, 1)?;
                let b = self.module.types.scalar(Scalar::BOOL);
                Some(Operand::expr(Expr::new(ExprKind::Const(ConstValue::Bool(true)), b, span)))
            }
            "NonUniformResourceIndex" => {
                arity(self, 1)?;
                let op = ops.into_iter().next()?;
                Some(op)
            }
            "DebugBreak" => {
                arity(self, 0)?;
                if self.options.target != crate::options::Target::SpirV {
                    self.error("E0803", span, "`DebugBreak` cannot be expressed in WGSL").help("remove it, or compile to SPIR-V (`-spirv`), where it is `NonSemantic.DebugBreak`");
                    return None;
                }
                let void = self.module.types.void();
                Some(self.intrinsic_expr(I::DebugBreak, void, vec![], span))
            }
            "printf" => {
                self.printf_removed(span);
                let void = self.module.types.void();
                Some(Operand::expr(Expr::new(ExprKind::Sequence(vec![]), void, span)))
            }
            "lit" => {
                arity(self, 3)?;
                // DXC's `lit(float_like, float_like, float_like)`: scalars only.
                if let Some(op) = ops.iter().find(|op| !matches!(self.module.types.get(op.ty), TypeInner::Scalar(_))) {
                    let found = self.type_name(op.ty);
                    self.error("E0510", op.span, format!("`lit` takes scalars, found `{found}`")).help("pass one component, e.g. `v.x`");
                    return None;
                }
                let f = self.module.types.scalar(Scalar::F32);
                let args = self.convert_all(ops, &[f, f, f])?;
                let f4 = self.module.types.vector(Scalar::F32, 4);
                Some(self.intrinsic_expr(I::Lit, f4, args, span))
            }
            "dst" => {
                arity(self, 2)?;
                // DXC's `dst(float_like<4>, float_like<4>)`: vectors (or scalars), not matrices.
                if let Some(op) = ops.iter().find(|op| matches!(self.module.types.get(op.ty), TypeInner::Matrix { .. })) {
                    let found = self.type_name(op.ty);
                    self.error("E0510", op.span, format!("`dst` takes vectors, found `{found}`")).help("convert the matrix to a `float4` with a cast");
                    return None;
                }
                let f4 = self.module.types.vector(Scalar::F32, 4);
                let args = self.convert_all(ops, &[f4, f4])?;
                Some(self.intrinsic_expr(I::Dst, f4, args, span))
            }
            "D3DCOLORtoUBYTE4" => {
                arity(self, 1)?;
                let f4 = self.module.types.vector(Scalar::F32, 4);
                let args = self.convert_all(ops, &[f4])?;
                let i4 = self.module.types.vector(Scalar::I32, 4);
                Some(self.intrinsic_expr(I::D3DColorToUByte4, i4, args, span))
            }
            "AddUint64" => {
                arity(self, 2)?;
                // One (`uint2`) or two (`uint4`) 64-bit values as (low, high) word pairs.
                let n = match *self.module.types.get(ops[0].ty) {
                    TypeInner::Vector { size: 4, .. } => 4,
                    _ => 2,
                };
                let t = self.module.types.vector(Scalar::U32, n);
                for o in &ops {
                    if !matches!(*self.module.types.get(o.ty), TypeInner::Vector { size, scalar } if size == n && scalar.kind == crate::ty::ScalarKind::Uint && scalar.width == 4) {
                        let found = self.type_name(o.ty);
                        self.error("E0523", o.span, format!("`AddUint64` takes two `uint2` or two `uint4`, found `{found}`")).help("pass 64-bit values as (low, high) pairs of `uint`s");
                        return None;
                    }
                }
                let args = self.convert_all(ops, &[t, t])?;
                Some(self.intrinsic_expr(I::AddUint64, t, args, span))
            }
            "msad4" => {
                arity(self, 3)?;
                let u = self.module.types.scalar(Scalar::U32);
                let u2 = self.module.types.vector(Scalar::U32, 2);
                let u4 = self.module.types.vector(Scalar::U32, 4);
                let args = self.convert_all(ops, &[u, u2, u4])?;
                Some(self.intrinsic_expr(I::Msad4, u4, args, span))
            }
            "dot4add_u8packed" | "dot4add_i8packed" => {
                arity(self, 3)?;
                self.require_shader_model(name, (6, 4), span)?;
                let u = self.module.types.scalar(Scalar::U32);
                let (acc, op) = if name == "dot4add_u8packed" { (u, I::Dot4AddU8Packed) } else { (self.module.types.scalar(Scalar::I32), I::Dot4AddI8Packed) };
                let args = self.convert_all(ops, &[u, u, acc])?;
                Some(self.intrinsic_expr(op, acc, args, span))
            }
            "dot2add" => {
                arity(self, 3)?;
                self.require_shader_model(name, (6, 4), span)?;
                let h = if self.options.enable_16bit_types { Scalar::F16 } else { Scalar::F32 };
                let h2 = self.module.types.vector(h, 2);
                let f = self.module.types.scalar(Scalar::F32);
                let args = self.convert_all(ops, &[h2, h2, f])?;
                Some(self.intrinsic_expr(I::Dot2Add, f, args, span))
            }
            "pack_u8" | "pack_s8" | "pack_clamp_u8" | "pack_clamp_s8" => {
                arity(self, 1)?;
                let op = ops.into_iter().next()?;
                // DXC's overloads: `pack_u8`/`pack_s8` take 16- or 32-bit integer vectors of
                // either sign, the clamping ones signed ones only (no conversion is tried).
                let clamp = name.starts_with("pack_clamp");
                let given = self.module.types.scalar_of(op.ty);
                let fits = given.is_some_and(|x| x.is_integer() && matches!(x.width, 2 | 4) && (!clamp || x.kind == crate::ty::ScalarKind::Int));
                if !fits {
                    let t = self.type_name(op.ty);
                    let takes = if clamp { "`int4` or `int16_t4`" } else { "a four-component vector of 16- or 32-bit integers" };
                    self.error("E0669", op.span, format!("no overload of `{name}` takes `{t}`: it takes {takes}"))
                        .help(if clamp { "convert explicitly, e.g. `(int4)v`; clamping packs signed values" } else { "convert explicitly, e.g. `(uint4)v`" });
                    return None;
                }
                let s = if name.ends_with("s8") { Scalar::I32 } else { Scalar::U32 };
                let s = match self.module.types.scalar_of(op.ty) {
                    Some(x) if x.width == 2 && x.is_integer() => Scalar { kind: s.kind, width: 2 },
                    _ => s,
                };
                let vty = self.module.types.vector(s, 4);
                let sp = op.span;
                let v = self.convert_implicit(op, vty, sp)?;
                let r = self.module.types.scalar(Scalar::U32);
                let iop = match name {
                    "pack_u8" => I::PackU8,
                    "pack_s8" => I::PackS8,
                    "pack_clamp_u8" => I::PackClampU8,
                    _ => I::PackClampS8,
                };
                Some(self.intrinsic_expr(iop, r, vec![v], span))
            }
            "unpack_u8u16" | "unpack_u8u32" | "unpack_s8s16" | "unpack_s8s32" => {
                arity(self, 1)?;
                let u = self.module.types.scalar(Scalar::U32);
                let args = self.convert_all(ops, &[u])?;
                let (s, op) = match name {
                    "unpack_u8u16" => (Scalar::U16, I::UnpackU8U16),
                    "unpack_u8u32" => (Scalar::U32, I::UnpackU8U32),
                    "unpack_s8s16" => (Scalar::I16, I::UnpackS8S16),
                    _ => (Scalar::I32, I::UnpackS8S32),
                };
                if s.width == 2 && !self.options.enable_16bit_types {
                    self.error("E0404", span, format!("`{name}` requires 16-bit types")).help("compile with `-enable-16bit-types`");
                    return None;
                }
                let rty = self.module.types.vector(s, 4);
                Some(self.intrinsic_expr(op, rty, args, span))
            }
            "GetAttributeAtVertex" => {
                arity(self, 2)?;
                let mut it = ops.into_iter();
                let (v, vertex) = (it.next()?, it.next()?);
                let (ty, mut args) = self.unify_keep_bool(vec![v], span, name)?;
                // The attribute is a pixel input read as it arrives: a variable, member, element
                // or component (DXC's rule); `bool` inputs arrive as integers and are converted.
                let direct = matches!(&args[0].kind, crate::tir::ExprKind::Load(_))
                    || matches!(&args[0].kind, crate::tir::ExprKind::Swizzle { expr, .. } if matches!(expr.kind, crate::tir::ExprKind::Load(_)));
                let is_bool = self.module.types.shape(ty).is_some() && self.module.types.scalar_of(ty) == Some(Scalar::BOOL);
                if !direct || is_bool {
                    self.error("E0693", args[0].span, "attribute evaluation can only be done on values taken directly from inputs")
                        .note(if is_bool { "a `bool` input arrives as an integer and is converted" } else { "the attribute here is computed, not read from an input" })
                        .help("pass a `nointerpolation` input of the pixel shader (or a member or component of one), or a parameter it is passed to");
                    return None;
                }
                if let Some(param) = self.entry_input_without_nointerpolation(&args[0]) {
                    self.error("E0694", args[0].span, format!("the attribute `{param}` of `GetAttributeAtVertex` must have a `nointerpolation` attribute"))
                        .help(format!("declare `{param}` (or the struct member read here) `nointerpolation`"));
                    return None;
                }
                let u = self.module.types.scalar(Scalar::U32);
                let vs = vertex.span;
                args.push(self.convert_implicit(vertex, u, vs)?);
                Some(self.intrinsic_expr(I::GetAttributeAtVertex, ty, args, span))
            }
            "EvaluateAttributeAtSample" | "EvaluateAttributeCentroid" | "EvaluateAttributeSnapped" => self.evaluate_attribute(name, ops, span),
            _ => {
                self.error("E0801", span, format!("intrinsic `{name}` is not supported yet"));
                None
            }
        }
    }

    /// `sign(x)` for unsigned `x`: `x > 0 ? 1 : 0`, component-wise.
    fn unsigned_sign(&mut self, ty: TypeId, ity: TypeId, x: Expr, span: Span) -> Operand {
        let shape = self.module.types.shape(ty).unwrap_or(Shape::Scalar);
        let bty = self.module.types.of_shape(shape, Scalar::BOOL);
        let splat = |a: &mut Self, v: ConstValue, t: TypeId| {
            let s = a.module.types.scalar_of(t).unwrap_or(Scalar::I32);
            let st = a.module.types.scalar(s);
            let c = Expr::new(ExprKind::Const(v), st, span);
            if st == t { c } else { a.fold(Expr::new(ExprKind::Splat(Box::new(c)), t, span)) }
        };
        let zero_u = splat(self, ConstValue::Uint(0), ty);
        let cond = Expr::new(ExprKind::binary(crate::tir::BinaryOp::Gt, x, zero_u), bty, span);
        let one = splat(self, ConstValue::Int(1), ity);
        let zero = splat(self, ConstValue::Int(0), ity);
        let e = Expr::new(ExprKind::Select { cond: Box::new(cond), accept: Box::new(one), reject: Box::new(zero), short_circuit: false }, ity, span);
        self.fold_operand(e, Lit::No)
    }

    /// Builds an intrinsic call expression (folding what can be folded is left to lowering).
    pub(crate) fn intrinsic_expr(&mut self, op: I, ty: TypeId, args: Vec<Expr>, span: Span) -> Operand {
        Operand::expr(Expr::new(ExprKind::Intrinsic { op, args: args.into_iter().map(Arg::Value).collect() }, ty, span))
    }

    fn shape_of(&mut self, op: &Operand, name: &str) -> Option<Shape> {
        match self.module.types.shape(op.ty) {
            Some(s) => Some(s),
            None => {
                self.error("E0510", op.span, format!("`{name}` takes a numeric argument, found `{}`", self.type_name(op.ty)));
                None
            }
        }
    }

    /// A literal int argument whose type does not decide the result type (`countbits`,
    /// `firstbithigh`, `firstbitlow` return `uint`) takes a concrete type from its value, as
    /// DXC's `LiteralToConcrete` does: a negated literal is `int` (`int64_t` beyond 32 bits),
    /// any other `uint` (`uint64_t` beyond 32 bits). So `firstbithigh(-2)` is the signed
    /// `firstbithigh` (0), not the unsigned one of 0xFFFFFFFE (31). Other operands pass through.
    fn concrete_int_literal(&mut self, op: Operand) -> Option<Operand> {
        if op.lit != Lit::Int {
            return Some(op);
        }
        let scalar = match &op.value {
            Value::Expr(Expr { kind: ExprKind::Const(ConstValue::Int(v)), .. }) if *v < 0 => {
                if *v >= i32::MIN as i64 { Scalar::I32 } else { Scalar::I64 }
            }
            Value::Expr(Expr { kind: ExprKind::Const(ConstValue::Int(v)), .. }) => {
                if *v <= u32::MAX as i64 { Scalar::U32 } else { Scalar::U64 }
            }
            Value::Expr(Expr { kind: ExprKind::Const(ConstValue::Uint(v)), .. }) => {
                if *v <= u32::MAX as u64 { Scalar::U32 } else { Scalar::U64 }
            }
            _ => return Some(op),
        };
        let ty = self.module.types.with_scalar(op.ty, scalar);
        let span = op.span;
        Some(Operand::expr(self.convert_implicit(op, ty, span)?))
    }

    /// Combines the argument types of a component-wise family and converts the arguments.
    fn unify(&mut self, ops: Vec<Operand>, family: Family, span: Span, name: &str) -> Option<(TypeId, Vec<Expr>)> {
        let mut common: Option<Operand> = None;
        // DXC's MatchArguments: the arguments of one template may splat a scalar or truncate
        // to one, but a vector and a matrix never combine (`max(float2x2, float4)`,
        // `dot(float1x4, float4)`, `step(float2x2, float1)` are errors), unlike the operands
        // of an operator.
        let mut tuple: Option<(bool, Span)> = None;
        for op in &ops {
            let is_matrix = match self.shape_of(op, name)? {
                Shape::Scalar => None,
                Shape::Vector(_) => Some(false),
                Shape::Matrix(..) => Some(true),
            };
            if let Some(m) = is_matrix {
                match tuple {
                    None => tuple = Some((m, op.span)),
                    Some((first, first_span)) if first != m => {
                        let kinds = |m: bool| if m { "a matrix" } else { "a vector" };
                        self.error("E0510", op.span, format!("`{name}` cannot combine {} with {}", kinds(first), kinds(m)))
                            .related(first_span, kinds(first))
                            .help("convert one argument to the other's shape with a cast");
                        return None;
                    }
                    Some(_) => {}
                }
            }
        }
        for op in &ops {
            // (`common_type` reads an operand's type and literal kind only: the first
            // operand's value is not copied.)
            common = Some(match common {
                None => Operand { value: Value::Expr(Expr::new(ExprKind::Zero, op.ty, op.span)), ty: op.ty, lit: op.lit, span: op.span },
                Some(c) => {
                    let ty = self.common_type(&c, op, span)?;
                    let lit = if c.lit != Lit::No && op.lit != Lit::No { c.lit } else { Lit::No };
                    Operand { value: Value::Expr(Expr::new(ExprKind::Zero, ty, span)), ty, lit, span }
                }
            });
        }
        let Some(common) = common else {
            let void = self.module.types.void();
            return Some((void, vec![]));
        };
        let mut scalar = self.module.types.scalar_of(common.ty)?;
        scalar = match family {
            Family::Float if !scalar.is_float() => Scalar::F32,
            Family::Float if common.lit == Lit::Float => Scalar::F32,
            // DXC's signatures of these take `float_like` (float, half, min-precision), which
            // has no `double`: a `double` argument converts to `float` and the result is
            // `float` (`sin(double)` is computed in single precision; GLSL.std.450 has no
            // 64-bit `Sin`). Only `fma`, `rcp` and `saturate` take `double`.
            Family::Float if scalar == Scalar::F64 && !matches!(name, "fma" | "rcp" | "saturate") => Scalar::F32,
            // DXC's `numeric` component types have no bool: the combined bool is not legal,
            // so MatchArguments takes the list's first type, `float` (`max(bool, bool)` is a
            // float max, `abs(true)` is 1.0f); `any_int` (`countbits`, `reversebits`,
            // `firstbit*`, `WaveMultiPrefixBit*`) starts with `int`, and takes floats too.
            Family::Numeric if scalar.kind == ScalarKind::Bool => Scalar::F32,
            Family::Integer if (scalar.kind == ScalarKind::Bool || scalar.is_float()) && ANY_INT_TEMPLATE.contains(&name) => Scalar::I32,
            Family::Integer if scalar.kind == ScalarKind::Bool => Scalar::U32,
            Family::Integer if scalar.is_float() => {
                self.error("E0510", span, format!("`{name}` takes integer arguments, found `{}`", self.type_name(common.ty)))
                    .help("use `asuint` to operate on the bits of a float");
                return None;
            }
            Family::Integer if common.lit == Lit::Int => Scalar::U32,
            _ => scalar,
        };
        let ty = self.module.types.with_scalar(common.ty, scalar);
        let mut args = Vec::with_capacity(ops.len());
        for op in ops {
            let s = op.span;
            args.push(self.convert_implicit(op, ty, s)?);
        }
        Some((ty, args))
    }

    pub(super) fn convert_all(&mut self, ops: Vec<Operand>, tys: &[TypeId]) -> Option<Vec<Expr>> {
        ops.into_iter()
            .zip(tys)
            .map(|(op, &t)| {
                let s = op.span;
                self.convert_implicit(op, t, s)
            })
            .collect()
    }

    /// An `out` argument of an intrinsic: a writable place of the argument type's shape.
    pub(crate) fn out_place(&mut self, op: Operand, ty: TypeId, name: &str) -> Option<crate::tir::Place> {
        let span = op.span;
        match op.value {
            Value::Place(p) => {
                self.check_writable(&p, span);
                if self.module.types.shape(p.ty) != self.module.types.shape(ty) {
                    self.error("E0511", span, format!("`{name}` writes a `{}` here, found `{}`", self.type_name(ty), self.type_name(p.ty)));
                    return None;
                }
                Some(p)
            }
            Value::Expr(_) => {
                self.error("E0511", span, format!("this argument of `{name}` is an output and must be an lvalue"));
                None
            }
        }
    }

    /// `asuint(double2x2 d, out uint2x2 lo, out uint2x2 hi)`: row by row, the value taken
    /// once into a temporary.
    fn asuint_split_matrix(&mut self, d: Operand, lo: Operand, hi: Operand, rows: u8, cols: u8, span: Span) -> Option<Operand> {
        let name = "asuint";
        let dm = self.module.types.matrix(Scalar::F64, rows, cols);
        let um = self.module.types.matrix(Scalar::U32, rows, cols);
        let ds = d.span;
        let d = self.convert_implicit(d, dm, ds)?;
        let lo = self.out_place(lo, um, name)?;
        let hi = self.out_place(hi, um, name)?;
        let tmp = self.temp_local(dm, span);
        let tmp = crate::tir::Place { root: crate::tir::PlaceRoot::Local(tmp), projections: Default::default(), ty: dm, span };
        let mut seq = vec![Expr::new(ExprKind::Assign { place: Box::new(tmp.clone()), value: Box::new(d), returns_old: false }, dm, span)];
        let (drow, urow) = (self.module.types.vector(Scalar::F64, cols), self.module.types.vector(Scalar::U32, cols));
        let u = self.module.types.scalar(Scalar::U32);
        let void = self.module.types.void();
        for r in 0..rows {
            let row = |p: &crate::tir::Place, ty: TypeId| {
                let mut q = p.clone();
                q.projections.push(Projection::Index(Box::new(Expr::new(ExprKind::Const(ConstValue::Uint(r as u64)), u, span))));
                q.ty = ty;
                q
            };
            let value = Expr::new(ExprKind::Load(Box::new(row(&tmp, drow))), drow, span);
            seq.push(Expr::new(ExprKind::Intrinsic { op: I::AsUintSplit, args: vec![Arg::Value(value), Arg::Out(row(&lo, urow)), Arg::Out(row(&hi, urow))] }, void, span));
        }
        Some(Operand::expr(Expr::new(ExprKind::Sequence(seq), void, span)))
    }

    fn bitcast_intrinsic(&mut self, name: &str, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        // `asuint(double, out uint lo, out uint hi)`, also on vectors.
        if name == "asuint" && ops.len() == 3 {
            let mut ops = ops.into_iter();
            let d = ops.next()?;
            let (lo, hi) = (ops.next()?, ops.next()?);
            if let TypeInner::Matrix { rows, cols, .. } = *self.module.types.get(lo.ty) {
                return self.asuint_split_matrix(d, lo, hi, rows, cols, span);
            }
            // Per component for `double2`…`double4` into `uint2`…`uint4`; the outputs' width
            // wins (a `double` splats into `uint2` outputs, as DXC).
            let size = |t: &TypeInner| match *t {
                TypeInner::Vector { size, .. } => size,
                _ => 1,
            };
            let n = size(self.module.types.get(lo.ty)).max(size(self.module.types.get(d.ty)));
            let f64t = self.module.types.vector(Scalar::F64, n);
            let ds = d.span;
            let d = self.convert_implicit(d, f64t, ds)?;
            let u = self.module.types.vector(Scalar::U32, n);
            let lo = self.out_place(lo, u, name)?;
            let hi = self.out_place(hi, u, name)?;
            let void = self.module.types.void();
            return Some(Operand::expr(Expr::new(ExprKind::Intrinsic { op: I::AsUintSplit, args: vec![Arg::Value(d), Arg::Out(lo), Arg::Out(hi)] }, void, span)));
        }
        if ops.len() != 1 {
            self.error("E0508", span, format!("`{name}` takes 1 argument, found {}", ops.len()));
            return None;
        }
        let op = ops.into_iter().next()?;
        let shape = self.shape_of(&op, name)?;
        let target = match name {
            "asuint" => Scalar::U32,
            "asint" => Scalar::I32,
            "asfloat" => Scalar::F32,
            "asfloat16" => Scalar::F16,
            "asint16" => Scalar::I16,
            _ => Scalar::U16,
        };
        if target.width == 2 && !self.options.enable_16bit_types {
            self.error("E0404", span, format!("`{name}` requires 16-bit types")).help("compile with `-enable-16bit-types`");
            return None;
        }
        // The source keeps its kind but literals take the target's width. DXC's
        // `numeric32_only`/`numeric16_only` lists have no `bool` (and no conversion to them).
        let from = match (op.lit, self.module.types.scalar_of(op.ty)?) {
            (Lit::Int, _) => Scalar { kind: if target.kind == ScalarKind::Int { ScalarKind::Int } else { ScalarKind::Uint }, width: target.width },
            (Lit::Float, _) => Scalar { kind: ScalarKind::Float, width: target.width },
            (_, s) if s.kind == ScalarKind::Bool => {
                self.error("E0512", op.span, format!("`{name}` reinterprets the bits of an int, uint or float, found `{}`", self.type_name(op.ty)))
                    .help("convert the bool first, e.g. `(uint)b`");
                return None;
            }
            (_, s) => s,
        };
        if from.width != target.width {
            self.error("E0512", span, format!("`{name}` needs a {}-bit argument, found `{}`", target.width * 8, self.type_name(op.ty)));
            return None;
        }
        let from_ty = self.module.types.of_shape(shape, from);
        let s = op.span;
        let e = self.convert_implicit(op, from_ty, s)?;
        let to_ty = self.module.types.of_shape(shape, target);
        if from == target {
            return Some(Operand::expr(e));
        }
        let e = Expr::new(ExprKind::Bitcast(Box::new(e)), to_ty, span);
        Some(Operand::expr(e))
    }

    fn logic_intrinsic(&mut self, name: &str, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let want = if name == "select" { 3 } else { 2 };
        if ops.len() != want {
            self.error("E0508", span, format!("`{name}` takes {want} arguments, found {}", ops.len()));
            return None;
        }
        if name == "select" {
            let mut ops = ops.into_iter();
            let cond = ops.next()?;
            let (a, b) = (ops.next()?, ops.next()?);
            let ty = if self.module.types.is_numeric(a.ty) && self.module.types.is_numeric(b.ty) {
                let t = self.common_type(&a, &b, span)?;
                let cshape = self.module.types.shape(cond.ty)?;
                let tshape = self.module.types.shape(t)?;
                // The condition's shape decides when values are scalars.
                if tshape == Shape::Scalar && cshape != Shape::Scalar {
                    let s = self.module.types.scalar_of(t)?;
                    self.module.types.of_shape(cshape, s)
                } else {
                    t
                }
            } else if a.ty == b.ty && matches!(self.module.types.get(a.ty), TypeInner::Sampler { .. }) {
                // DXC's second form: `select(bool, any_sampler, $type2)`.
                a.ty
            } else {
                // DXC's `any<>` and `any_sampler` templates take no structs, arrays or other
                // objects (so a shader's own `select` of structs is called instead).
                let (ta, tb) = (self.type_name(a.ty), self.type_name(b.ty));
                self.error("E0413", span, format!("`select` chooses between numeric values or samplers, found `{ta}` and `{tb}`"))
                    .help("choose with an `if`, or select each member");
                return None;
            };
            let cty = match self.module.types.shape(ty) {
                Some(sh) => self.module.types.of_shape(sh, Scalar::BOOL),
                None => self.module.types.scalar(Scalar::BOOL),
            };
            let cs = cond.span;
            let c = self.convert_implicit(cond, cty, cs)?;
            let (sa, sb) = (a.span, b.span);
            let a = self.convert_implicit(a, ty, sa)?;
            let b = self.convert_implicit(b, ty, sb)?;
            let e = Expr::new(ExprKind::Select { cond: Box::new(c), accept: Box::new(a), reject: Box::new(b), short_circuit: false }, ty, span);
            return Some(self.fold_operand(e, Lit::No));
        }
        let mut it = ops.into_iter();
        let (a, b) = (it.next()?, it.next()?);
        let shape = self.common_shape(a.ty, b.ty, span)?;
        let bty = self.module.types.of_shape(shape, Scalar::BOOL);
        let (sa, sb) = (a.span, b.span);
        let a = self.convert_implicit(a, bty, sa)?;
        let b = self.convert_implicit(b, bty, sb)?;
        let op = if name == "and" { crate::tir::BinaryOp::LogicalAnd } else { crate::tir::BinaryOp::LogicalOr };
        // Component-wise: no short-circuit (lowering uses `&`/`|` on bool vectors).
        let e = Expr::new(ExprKind::Intrinsic { op: if name == "and" { I::And } else { I::Or }, args: vec![Arg::Value(a), Arg::Value(b)] }, bty, span);
        let _ = op;
        Some(Operand::expr(e))
    }

    /// `mul(a, b)` for every scalar/vector/matrix combination.
    fn mul(&mut self, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let mut it = ops.into_iter();
        let (a, b) = (it.next()?, it.next()?);
        let (sa, sb) = (self.shape_of(&a, "mul")?, self.shape_of(&b, "mul")?);
        let scalar = super::convert::common_scalar((self.module.types.scalar_of(a.ty)?, a.lit), (self.module.types.scalar_of(b.ty)?, b.lit));
        let scalar = if scalar.kind == ScalarKind::Bool { Scalar::I32 } else { scalar };
        // Scalar operands: component-wise multiply.
        let (ta, tb, result) = match (sa, sb) {
            (Shape::Scalar, other) | (other, Shape::Scalar) => {
                let t = self.module.types.of_shape(other, scalar);
                let (ta, tb) = if sa == Shape::Scalar { (self.module.types.scalar(scalar), t) } else { (t, self.module.types.scalar(scalar)) };
                (ta, tb, t)
            }
            (Shape::Vector(n), Shape::Vector(m)) => {
                let k = n.min(m);
                let v = self.module.types.vector(scalar, k);
                (v, v, self.module.types.scalar(scalar))
            }
            (Shape::Vector(n), Shape::Matrix(r, c)) => {
                // Row vector × matrix: the vector's size must equal the rows.
                let k = n.min(r);
                (self.module.types.vector(scalar, k), self.module.types.matrix(scalar, k, c), self.module.types.vector(scalar, c))
            }
            (Shape::Matrix(r, c), Shape::Vector(n)) => {
                let k = n.min(c);
                (self.module.types.matrix(scalar, r, k), self.module.types.vector(scalar, k), self.module.types.vector(scalar, r))
            }
            (Shape::Matrix(r1, c1), Shape::Matrix(r2, c2)) => {
                let k = c1.min(r2);
                (self.module.types.matrix(scalar, r1, k), self.module.types.matrix(scalar, k, c2), self.module.types.matrix(scalar, r1, c2))
            }
        };
        let (spa, spb) = (a.span, b.span);
        let a = self.convert_implicit(a, ta, spa)?;
        let b = self.convert_implicit(b, tb, spb)?;
        Some(self.intrinsic_expr(I::Mul, result, vec![a, b], span))
    }

    fn interlocked(&mut self, name: &str, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let op = match name {
            "InterlockedAdd" => I::InterlockedAdd,
            "InterlockedAnd" => I::InterlockedAnd,
            "InterlockedOr" => I::InterlockedOr,
            "InterlockedXor" => I::InterlockedXor,
            "InterlockedMin" => I::InterlockedMin,
            "InterlockedMax" => I::InterlockedMax,
            "InterlockedExchange" => I::InterlockedExchange,
            "InterlockedCompareExchange" | "InterlockedCompareExchangeFloatBitwise" => I::InterlockedCompareExchange,
            _ => I::InterlockedCompareStore,
        };
        // SM 6.6's float forms (DXC's overloads on `float &`): the compare forms compare bits.
        let float_bitwise = name.ends_with("FloatBitwise");
        // (dest, value[, original]); compare forms: (dest, compare, value[, original]).
        let (min, max) = match op {
            I::InterlockedCompareExchange => (4, 4),
            I::InterlockedCompareStore => (3, 3),
            I::InterlockedExchange => (3, 3),
            _ => (2, 3),
        };
        if ops.len() < min || ops.len() > max {
            self.error("E0508", span, format!("`{name}` takes {} arguments, found {}", if min == max { min.to_string() } else { format!("{min} or {max}") }, ops.len()));
            return None;
        }
        let mut it = ops.into_iter();
        let dest = it.next()?;
        let dspan = dest.span;
        let dest = match dest.value {
            Value::Place(p) => p,
            // A cast of a place to its own type (`(uint)buffer[0]`, a no-op) stays the place,
            // as in DXC.
            Value::Expr(Expr { kind: ExprKind::Load(p), ty, .. }) if ty == p.ty => *p,
            Value::Expr(_) => {
                self.error("E0514", dspan, format!("the destination of `{name}` must be a groupshared variable or a resource element"));
                return None;
            }
        };
        let mut dest = dest;
        // One matrix element named by a swizzle (`m._m11`, `m._12`) is the scalar `m[1][1]`:
        // as indices, the place takes the paths atomics have for rows and components.
        if let Some(Projection::MatrixElements(elems)) = dest.projections.last() {
            if let [(row, col)] = elems.as_slice() {
                let (row, col) = (*row, *col);
                let u = self.module.types.scalar(Scalar::U32);
                dest.projections.pop();
                for i in [row, col] {
                    dest.projections.push(Projection::Index(Box::new(Expr::new(ExprKind::Const(crate::tir::ConstValue::Uint(i as u64)), u, dspan))));
                }
            }
        }
        if matches!(dest.projections.last(), Some(Projection::BitField { .. })) {
            self.error("E0514", dspan, format!("the destination of `{name}` cannot be a bit-field"))
                .help("atomics work on whole 32- or 64-bit integers: make the member an ordinary `uint`, or apply the atomic to a `uint` that holds the bits");
            return None;
        }
        let dty = dest.ty;
        let float_dest = matches!(self.module.types.get(dty), TypeInner::Scalar(s) if *s == Scalar::F32);
        if float_bitwise && !float_dest {
            self.error("E0514", dspan, format!("`{name}` needs a `float` destination, found `{}`", self.type_name(dty)))
                .help("the float forms compare the bits of a 32-bit `float`; integers take `InterlockedCompareStore` and `InterlockedCompareExchange`");
            return None;
        }
        match self.module.types.get(dty) {
            // `float`: `InterlockedExchange` and the bitwise compare forms (SM 6.6).
            TypeInner::Scalar(_) if float_dest && (float_bitwise || op == I::InterlockedExchange) => {}
            TypeInner::Scalar(s) if s.is_integer() && s.width == 2 => {
                // As DXC: atomics work on 32- and 64-bit integers.
                self.error("E0514", dspan, format!("`{name}` needs a 32- or 64-bit integer destination, found `{}`", self.type_name(dty)));
                return None;
            }
            TypeInner::Scalar(s) if s.is_integer() => {}
            _ => {
                self.error("E0514", dspan, format!("`{name}` needs an integer destination, found `{}`", self.type_name(dty)));
                return None;
            }
        }
        let shared_or_resource = match &dest.root {
            crate::tir::PlaceRoot::Global(g) => matches!(self.module.globals[g.0 as usize].kind, crate::tir::GlobalKind::GroupShared),
            crate::tir::PlaceRoot::BufferElement { .. } | crate::tir::PlaceRoot::Texel { .. } | crate::tir::PlaceRoot::Pointee { .. } => true,
            _ => false,
        };
        if !shared_or_resource {
            self.error("E0514", dspan, format!("the destination of `{name}` must be a groupshared variable or a resource element"));
            return None;
        }
        // Atomic groupshared memory is typed atomic in naga IR and WGSL, the whole variable:
        // a struct is typed so member by member, which needs every leaf to be a 32-bit integer
        // or `float` (the forms atomics and their loads and stores take).
        let shared_global = match &dest.root {
            crate::tir::PlaceRoot::Global(g) if dest.projections.iter().any(|p| matches!(p, crate::tir::Projection::Field(_))) => Some(*g),
            _ => None,
        };
        if let Some(g) = shared_global.filter(|g| !self.atomic_leaves(self.module.globals[g.0 as usize].ty, 0)) {
            let gname = self.module.globals[g.0 as usize].name.clone();
            self.error("E0801", dspan, format!("`{name}` on a member of groupshared `{gname}`, whose struct has members that are not 32-bit integers or `float`s, is not supported yet"))
                .help("declare the atomic counter as its own groupshared variable (`groupshared uint counter;`), or keep the struct to 32-bit integers and `float`s");
            return None;
        }
        self.check_writable(&dest, dspan);
        let mut args = vec![Arg::InOut(dest)];
        let values = if matches!(op, I::InterlockedCompareExchange | I::InterlockedCompareStore) { 2 } else { 1 };
        for _ in 0..values {
            let v = it.next()?;
            let s = v.span;
            args.push(Arg::Value(self.convert_implicit(v, dty, s)?));
        }
        if let Some(orig) = it.next() {
            let p = self.out_place(orig, dty, name)?;
            args.push(Arg::Out(p));
        }
        let void = self.module.types.void();
        Some(Operand::expr(Expr::new(ExprKind::Intrinsic { op, args }, void, span)))
    }

    /// Whether every leaf of `ty` (through structs, arrays, vectors and matrices) is a 32-bit integer
    /// or `float`: a value hlslc can type atomic as a whole.
    fn atomic_leaves(&self, ty: TypeId, depth: u32) -> bool {
        match self.module.types.get(ty) {
            TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } | TypeInner::Matrix { scalar: s, .. } => s.width == 4 && (s.is_integer() || *s == Scalar::F32),
            TypeInner::Array { base, .. } => depth < 16 && self.atomic_leaves(*base, depth + 1),
            TypeInner::Struct(st) => depth < 16 && self.module.structs[st.0 as usize].fields.iter().all(|f| self.atomic_leaves(f.ty, depth + 1)),
            _ => false,
        }
    }

    /// E0522 unless the profile is at least shader model `major.minor`: the intrinsic's DXIL
    /// operation does not exist before it (DXC's validator: "opcode … not valid in shader model").
    fn require_shader_model(&mut self, name: &str, (major, minor): (u32, u32), span: Span) -> Option<()> {
        if let Some(p) = self.options.profile.filter(|p| !p.at_least(major, minor)) {
            self.error("E0522", span, format!("`{name}` needs shader model {major}.{minor}, found {}.{}", p.major, p.minor))
                .help(format!("compile with a {major}.{minor} profile or later, e.g. `-T {}_{major}_{minor}`", p.stage_prefix()));
            return None;
        }
        Some(())
    }

    fn wave_intrinsic(&mut self, name: &str, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let bool_t = self.module.types.scalar(Scalar::BOOL);
        let uint_t = self.module.types.scalar(Scalar::U32);
        let uint4 = self.module.types.vector(Scalar::U32, 4);
        let want = |a: &mut Self, n: usize| -> Option<()> {
            if ops.len() != n {
                a.error("E0508", span, format!("`{name}` takes {n} argument{}, found {}", if n == 1 { "" } else { "s" }, ops.len()));
                return None;
            }
            Some(())
        };
        let (op, family) = match name {
            "GetGroupWaveIndex" | "GetGroupWaveCount" => {
                want(self, 0)?;
                self.require_shader_model(name, (6, 10), span)?;
                let op = if name == "GetGroupWaveIndex" { I::GroupWaveIndex } else { I::GroupWaveCount };
                return Some(self.intrinsic_expr(op, uint_t, vec![], span));
            }
            "WaveGetLaneCount" | "WaveGetLaneIndex" => {
                want(self, 0)?;
                let op = if name == "WaveGetLaneCount" { I::WaveGetLaneCount } else { I::WaveGetLaneIndex };
                return Some(self.intrinsic_expr(op, uint_t, vec![], span));
            }
            "WaveIsFirstLane" | "IsHelperLane" => {
                want(self, 0)?;
                let op = if name == "IsHelperLane" { I::IsHelperLane } else { I::WaveIsFirstLane };
                return Some(self.intrinsic_expr(op, bool_t, vec![], span));
            }
            "WaveActiveAnyTrue" | "WaveActiveAllTrue" | "QuadAny" | "QuadAll" | "WaveActiveBallot" | "WaveActiveCountBits" | "WavePrefixCountBits" => {
                want(self, 1)?;
                let args = self.convert_all(ops, &[bool_t])?;
                let (op, ty) = match name {
                    "WaveActiveAnyTrue" => (I::WaveActiveAnyTrue, bool_t),
                    "WaveActiveAllTrue" => (I::WaveActiveAllTrue, bool_t),
                    "QuadAny" => (I::QuadAny, bool_t),
                    "QuadAll" => (I::QuadAll, bool_t),
                    "WaveActiveBallot" => (I::WaveActiveBallot, uint4),
                    "WaveActiveCountBits" => (I::WaveActiveCountBits, uint_t),
                    _ => (I::WavePrefixCountBits, uint_t),
                };
                return Some(self.intrinsic_expr(op, ty, args, span));
            }
            "WaveActiveSum" => (I::WaveActiveSum, Family::Numeric),
            "WaveActiveProduct" => (I::WaveActiveProduct, Family::Numeric),
            "WaveActiveMin" => (I::WaveActiveMin, Family::Numeric),
            "WaveActiveMax" => (I::WaveActiveMax, Family::Numeric),
            "WaveActiveBitAnd" => (I::WaveActiveBitAnd, Family::Integer),
            "WaveActiveBitOr" => (I::WaveActiveBitOr, Family::Integer),
            "WaveActiveBitXor" => (I::WaveActiveBitXor, Family::Integer),
            "WavePrefixSum" => (I::WavePrefixSum, Family::Numeric),
            "WavePrefixProduct" => (I::WavePrefixProduct, Family::Numeric),
            // `any<>` in DXC's signature: a bool stays bool (no conversion to int).
            "WaveReadLaneFirst" => {
                want(self, 1)?;
                let (ty, args) = self.unify_keep_bool(ops, span, name)?;
                return Some(self.intrinsic_expr(I::WaveReadLaneFirst, ty, args, span));
            }
            "QuadReadAcrossX" => (I::QuadReadAcrossX, Family::Numeric),
            "QuadReadAcrossY" => (I::QuadReadAcrossY, Family::Numeric),
            "QuadReadAcrossDiagonal" => (I::QuadReadAcrossDiagonal, Family::Numeric),
            "WaveActiveAllEqual" => {
                want(self, 1)?;
                let (ty, args) = self.unify_keep_bool(ops, span, name)?;
                let shape = self.module.types.shape(ty)?;
                let bty = self.module.types.of_shape(shape, Scalar::BOOL);
                return Some(self.intrinsic_expr(I::WaveActiveAllEqual, bty, args, span));
            }
            "WaveReadLaneAt" | "QuadReadLaneAt" => {
                want(self, 2)?;
                let mut it = ops.into_iter();
                let v = it.next()?;
                let lane = it.next()?;
                // WaveReadLaneAt takes `any<>` (a bool stays bool), QuadReadLaneAt `numeric<>`
                // (a bool becomes float).
                let (ty, mut args) = if name == "WaveReadLaneAt" {
                    self.unify_keep_bool(vec![v], span, name)?
                } else {
                    self.unify(vec![v], Family::Numeric, span, name)?
                };
                let ls = lane.span;
                args.push(self.convert_implicit(lane, uint_t, ls)?);
                let op = if name == "WaveReadLaneAt" { I::WaveReadLaneAt } else { I::QuadReadLaneAt };
                return Some(self.intrinsic_expr(op, ty, args, span));
            }
            "WaveMatch" => {
                want(self, 1)?;
                self.require_shader_model(name, (6, 5), span)?;
                let (_, args) = self.unify_keep_bool(ops, span, name)?;
                return Some(self.intrinsic_expr(I::WaveMatch, uint4, args, span));
            }
            n if n.starts_with("WaveMultiPrefix") => {
                want(self, 2)?;
                self.require_shader_model(name, (6, 5), span)?;
                let op = match n {
                    "WaveMultiPrefixSum" => I::WaveMultiPrefixSum,
                    "WaveMultiPrefixProduct" => I::WaveMultiPrefixProduct,
                    "WaveMultiPrefixCountBits" => I::WaveMultiPrefixCountBits,
                    "WaveMultiPrefixBitAnd" => I::WaveMultiPrefixBitAnd,
                    "WaveMultiPrefixBitOr" => I::WaveMultiPrefixBitOr,
                    _ => I::WaveMultiPrefixBitXor,
                };
                let mut it = ops.into_iter();
                let v = it.next()?;
                let mask = it.next()?;
                let (ty, mut args) = if op == I::WaveMultiPrefixCountBits {
                    let vs = v.span;
                    (uint_t, vec![self.convert_implicit(v, bool_t, vs)?])
                } else {
                    self.unify(vec![v], if matches!(op, I::WaveMultiPrefixSum | I::WaveMultiPrefixProduct) { Family::Numeric } else { Family::Integer }, span, name)?
                };
                let ms = mask.span;
                args.push(self.convert_implicit(mask, uint4, ms)?);
                return Some(self.intrinsic_expr(op, ty, args, span));
            }
            _ => {
                self.error("E0306", span, format!("unknown wave intrinsic `{name}`"));
                return None;
            }
        };
        want(self, 1)?;
        let (ty, args) = self.unify(ops, family, span, name)?;
        Some(self.intrinsic_expr(op, ty, args, span))
    }

    /// Like `unify` with one argument, but bools stay bools (wave reads of bools).
    fn unify_keep_bool(&mut self, ops: Vec<Operand>, span: Span, name: &str) -> Option<(TypeId, Vec<Expr>)> {
        let op = ops.into_iter().next()?;
        self.shape_of(&op, name)?;
        let e = self.materialize(op);
        let _ = span;
        Some((e.ty, vec![e]))
    }
}

#[allow(dead_code)]
fn _c(_: ConstValue) {}

impl Analyzer<'_> {
    /// A call passing an entry-point input without `nointerpolation` to a `nointerpolation`
    /// parameter, which `GetAttributeAtVertex` may read per vertex (DXC's rule, E0694).
    pub(crate) fn check_nointerpolation_argument(&mut self, f: crate::tir::FuncId, k: usize, arg: &super::expr::Operand) {
        let Some(param) = self.module.functions.get(f.0 as usize).and_then(|func| func.params.get(k)) else { return };
        if !param.interpolation.nointerpolation {
            return;
        }
        let (param_name, callee) = (param.name.clone(), self.module.functions[f.0 as usize].name.clone());
        let super::expr::Value::Place(place) = &arg.value else { return };
        let read = crate::tir::Expr::new(crate::tir::ExprKind::Load(Box::new(place.clone())), place.ty, arg.span);
        if let Some(input) = self.entry_input_without_nointerpolation(&read) {
            self.error("E0694", arg.span, format!("the `nointerpolation` parameter `{param_name}` of `{callee}` is given `{input}`, an input without `nointerpolation`"))
                .help(format!("declare `{input}` (or the struct member passed here) `nointerpolation`"));
        }
    }

    /// For `GetAttributeAtVertex`'s attribute read from a parameter of the entry point: the
    /// parameter's name when neither it nor a struct member on the path is `nointerpolation`
    /// (a parameter of another function is checked where the value is traced, in SPIR-V).
    fn entry_input_without_nointerpolation(&self, attribute: &crate::tir::Expr) -> Option<String> {
        use crate::tir::{ExprKind, PlaceRoot, Projection};
        let place = match &attribute.kind {
            ExprKind::Load(p) => p,
            ExprKind::Swizzle { expr, .. } => match &expr.kind {
                ExprKind::Load(p) => p,
                _ => return None,
            },
            _ => return None,
        };
        let PlaceRoot::Param(p) = place.root else { return None };
        let f = self.func.as_ref()?;
        let function = &self.module.functions[f.id.0 as usize];
        if function.name != self.options.entry_point {
            return None;
        }
        let param = &function.params[p.0 as usize];
        if param.interpolation.nointerpolation {
            return None;
        }
        let mut ty = param.ty;
        for projection in &place.projections {
            match (projection, *self.module.types.get(ty)) {
                (Projection::Field(k), crate::ty::TypeInner::Struct(st)) => {
                    let field = &self.module.structs[st.0 as usize].fields[*k as usize];
                    if field.interpolation.nointerpolation {
                        return None;
                    }
                    ty = field.ty;
                }
                (Projection::Index(_), crate::ty::TypeInner::Array { base, .. }) => ty = base,
                _ => break,
            }
        }
        Some(param.name.clone())
    }
}
