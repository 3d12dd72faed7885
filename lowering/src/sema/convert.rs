//! HLSL's conversions: implicit and explicit, their cost for overload resolution, and the
//! common type of two operands.
//!
//! HLSL converts freely between numeric types (with the shape rules below), which is why
//! conversions are explicit nodes in the typed IR — lowering must never guess.
//! - scalar → vector/matrix: *splat* (every component gets the scalar);
//! - vector → shorter vector or scalar, matrix → smaller matrix or scalar: *truncation* (the
//!   leading components / upper-left block); implicit truncation warns, as DXC does;
//! - vector ↔ matrix with the same number of components: element-wise, row by row;
//! - scalar kinds convert both ways (bool ↔ numbers, int ↔ float, widths).
//!
//! The common type of two operands (binary operators, `?:`, intrinsic arguments) takes the
//! smaller shape and DXC's combined scalar: a float operand's type beats any integer (`half +
//! int64_t` is half), the wider float beats the narrower; two integers give the wider width,
//! unsigned if either is (`int64_t + uint` is uint64_t, `uint16_t + int` is uint); a bool or
//! a literal adopts the other operand's type.

use super::expr::{matrix_elements, Lit, Operand, Value};
use super::Analyzer;
use crate::tir::{Expr, ExprKind};
use crate::ty::{Scalar, ScalarKind, Shape, TypeId, TypeInner};
use hlslc_grammar::Span;

/// The cost of one argument conversion in overload resolution; lower is better.
///
/// DXC's `ScoreCast` (SemaHLSL.cpp): an argument sets flags, each a field of the score, from
/// the least significant: a splat (scalar to vector/matrix), the parameter's element promoted
/// to the two types' combined element, the argument's promoted to it, either side changing
/// only signedness (an "int cast"), either side otherwise converted (a "cast"), and a
/// truncation, the most significant; a call scores the sum over its arguments and the lowest
/// sum wins. Each field here is four bits wide.
pub(crate) type Cost = u32;

pub(crate) const COST_EXACT: Cost = 0;
const FIELD_SPLAT: Cost = 1;
const FIELD_PARAM_PROMOTION: Cost = 1 << 4;
/// The argument's element promoted (`half` to `float`, `int16_t` to `int`).
pub(crate) const COST_PROMOTION: Cost = 1 << 8;
const FIELD_PARAM_INT_CAST: Cost = 1 << 12;
const FIELD_ARG_INT_CAST: Cost = 1 << 16;
/// The parameter's element is not the combined one (a narrower or other kind of type).
pub(crate) const COST_SAME_KIND: Cost = 1 << 20;
const FIELD_ARG_CAST: Cost = 1 << 24;
/// One truncated argument (a longer vector, a matrix to a smaller one) outweighs any number
/// of splats or element conversions, so `f(1.0, 0.0, v4)` calls the `float4` overload, not
/// the `float` one that would truncate `v4`.
const COST_TRUNCATION: Cost = 1 << 28;
/// A vector passed as a matrix of as many components, or back: DXC's `ScoreCast` compares the
/// elements pairwise and sets no field, so it costs what an exact match does (a candidate that
/// needs a splat elsewhere loses to it; `f(float4)` and `f(float2x2)` called with a `float4`
/// tie, which DXC reports as ambiguous).
const COST_RESHAPE: Cost = COST_EXACT;

/// An element kind as `ScoreCast` sees it: a literal is a kind of its own.
#[derive(Clone, Copy, PartialEq)]
enum Elem {
    Bool,
    LitInt,
    LitFloat,
    Int(u8),
    Uint(u8),
    Float(u8),
}

impl Elem {
    fn of(s: Scalar, lit: Lit) -> Elem {
        match (lit, s.kind) {
            (Lit::Int, _) => Elem::LitInt,
            (Lit::Float, _) => Elem::LitFloat,
            (_, ScalarKind::Bool) => Elem::Bool,
            (_, ScalarKind::Int) => Elem::Int(s.width),
            (_, ScalarKind::Uint) => Elem::Uint(s.width),
            (_, ScalarKind::Float) => Elem::Float(s.width),
        }
    }

    fn int_width(self) -> Option<u8> {
        match self {
            Elem::Int(w) | Elem::Uint(w) => Some(w),
            _ => None,
        }
    }

    /// `IsPromotion(self, from)`: `from` widens to `self` (signedness aside).
    fn promotes_from(self, from: Elem) -> bool {
        match (self, from) {
            (Elem::Float(a), Elem::Float(b)) => a > b,
            (a, b) => matches!((a.int_width(), b.int_width()), (Some(a), Some(b)) if a > b),
        }
    }

    /// `IsCast(self, from)`: an `IsIntCast` change that is not, between integers, a
    /// signedness change of one width.
    fn casts_from(self, from: Elem) -> bool {
        self.int_casts_from(from) && !(self.int_width().is_some() && self.int_width() == from.int_width())
    }

    /// `IsIntCast(self, from)`: any change but a literal into its own family.
    fn int_casts_from(self, from: Elem) -> bool {
        if self == from {
            return false;
        }
        !matches!(
            (self, from),
            (Elem::LitInt, Elem::Int(_) | Elem::Uint(_))
                | (Elem::Int(_) | Elem::Uint(_), Elem::LitInt)
                | (Elem::LitFloat, Elem::LitFloat | Elem::Float(_))
                | (Elem::Float(_), Elem::LitFloat)
        )
    }
}

/// The element fields of `ScoreCast` for an argument element `from` (with its literal-ness)
/// passed to a parameter element `to`.
fn element_score(from: Scalar, lit: Lit, to: Scalar) -> Cost {
    let combined = Elem::of(common_scalar((to, Lit::No), (from, lit)), Lit::No);
    let (param, arg) = (Elem::of(to, Lit::No), Elem::of(from, lit));
    let mut cost = 0;
    if param.promotes_from(combined) {
        cost += FIELD_PARAM_PROMOTION;
    } else if param.casts_from(combined) {
        cost += COST_SAME_KIND;
    } else if param.int_casts_from(combined) {
        cost += FIELD_PARAM_INT_CAST;
    }
    if combined.promotes_from(arg) {
        cost += COST_PROMOTION;
    } else if combined.casts_from(arg) {
        cost += FIELD_ARG_CAST;
    } else if combined.int_casts_from(arg) {
        cost += FIELD_ARG_INT_CAST;
    }
    cost
}

impl Analyzer<'_> {
    /// Implicit conversion (assignment, argument passing, initialization, operators).
    pub fn convert_implicit(&mut self, op: Operand, to: TypeId, span: Span) -> Option<Expr> {
        self.convert(op, to, span, false, true)
    }

    /// Implicit conversion without the truncation warning (the caller reported it).
    pub fn convert_quiet(&mut self, op: Operand, to: TypeId, span: Span) -> Option<Expr> {
        self.convert(op, to, span, false, false)
    }

    /// Explicit conversion (`(T)x`, `T(x)`).
    pub fn convert_explicit(&mut self, op: Operand, to: TypeId, span: Span) -> Option<Expr> {
        self.convert(op, to, span, true, false)
    }

    fn convert(&mut self, op: Operand, to: TypeId, span: Span, explicit: bool, warn: bool) -> Option<Expr> {
        if op.ty == to && op.lit == Lit::No {
            return Some(op.into_expr());
        }
        // A literal chosen at run time (`c ? 0.1 : 0.2`, branches holding their 64-bit values):
        // each branch converts from its own value, then the choice is made in `to`.
        if op.lit != Lit::No && matches!(self.module.types.shape(to), Some(Shape::Scalar)) {
            if let Value::Expr(Expr { kind: ExprKind::Select { cond, accept, reject, short_circuit }, .. }) = &op.value {
                if matches!(accept.kind, ExprKind::Const(_)) && matches!(reject.kind, ExprKind::Const(_)) {
                    let branch = |e: &Expr| Operand { ty: op.ty, lit: op.lit, span: e.span, value: Value::Expr(e.clone()) };
                    let (a, b) = (branch(accept), branch(reject));
                    let a = self.convert(a, to, span, explicit, warn)?;
                    let b = self.convert(b, to, span, explicit, warn)?;
                    return Some(Expr::new(ExprKind::Select { cond: cond.clone(), accept: Box::new(a), reject: Box::new(b), short_circuit: *short_circuit }, to, span));
                }
            }
        }
        let from = op.ty;
        if (self.is_buffer_pointer(from) || self.is_buffer_pointer(to)) && !matches!(self.module.types.get(to), TypeInner::Struct(_)) {
            return self.convert_buffer_pointer(op, to, span, explicit);
        }
        let (fs, ts) = (self.module.types.shape(from), self.module.types.shape(to));
        // A 1x1 matrix converts as its one element (splat into vectors, matrices, arrays and
        // structs), as DXC converts it.
        if fs == Some(Shape::Matrix(1, 1)) && ts != Some(Shape::Matrix(1, 1)) && ts != Some(Shape::Scalar) {
            let sty = self.module.types.scalar(self.module.types.scalar_of(from)?);
            let element = Expr::new(ExprKind::MatrixElements { expr: Box::new(op.into_expr()), elements: vec![(0, 0)] }, sty, span);
            return self.convert(Operand::expr(element), to, span, explicit, warn);
        }
        let (Some(fshape), Some(tshape)) = (fs, ts) else {
            return self.convert_composite(op, to, span, explicit);
        };
        let fscalar = self.module.types.scalar_of(from)?;
        let tscalar = self.module.types.scalar_of(to)?;
        let lit = op.lit;
        let mut e = op.into_expr();
        // 1. Scalar kind and width, keeping the shape.
        if fscalar != tscalar || lit != Lit::No {
            let ty = self.module.types.of_shape(fshape, tscalar);
            // A constant (most often a literal) is converted here, as `fold` would convert it,
            // without first boxing it into a `Convert` that the fold takes apart again.
            e = match &e.kind {
                ExprKind::Const(c) => Expr::new(ExprKind::Const(super::fold::convert_const(c, tscalar)), ty, span),
                _ => self.fold(Expr::new(ExprKind::Convert(Box::new(e)), ty, span)),
            };
        }
        // 2. Shape.
        if fshape == tshape {
            return Some(e);
        }
        // One-component vectors and matrices to scalars lose nothing.
        let single = matches!(fshape, Shape::Vector(1) | Shape::Matrix(1, 1));
        let truncation = |a: &mut Self| {
            if !explicit && warn && !single {
                a.warning("W0401", "conversion", span, format!("implicit truncation of `{}` to `{}`", a.type_name(from), a.type_name(to)));
            }
        };
        // A constant splat, as `fold` would build it, without boxing the scalar first.
        if let (Shape::Scalar, ExprKind::Const(c)) = (fshape, &e.kind) {
            return Some(Expr::new(ExprKind::Const(crate::tir::ConstValue::Composite(vec![c.clone(); tshape.count() as usize])), to, span));
        }
        let result = match (fshape, tshape) {
            (Shape::Scalar, _) => ExprKind::Splat(Box::new(e)),
            (Shape::Vector(_), Shape::Scalar) | (Shape::Matrix(_, _), Shape::Scalar) => {
                truncation(self);
                ExprKind::Truncate(Box::new(e))
            }
            (Shape::Vector(n), Shape::Vector(m)) if m < n => {
                truncation(self);
                ExprKind::Truncate(Box::new(e))
            }
            (Shape::Matrix(r, c), Shape::Matrix(r2, c2)) if r2 <= r && c2 <= c => {
                truncation(self);
                ExprKind::Truncate(Box::new(e))
            }
            (Shape::Vector(n), Shape::Matrix(r, c)) if n as u32 >= r as u32 * c as u32 && (explicit || n as u32 == r as u32 * c as u32 || r == 1 || c == 1) => {
                // Components fill the matrix row by row (a one-row or one-column matrix takes
                // the first ones implicitly, as DXC truncates a vector).
                if n as u32 > r as u32 * c as u32 {
                    truncation(self);
                }
                let sty = self.module.types.scalar(tscalar);
                let parts = (0..r * c)
                    .map(|i| Expr::new(ExprKind::Swizzle { expr: Box::new(e.clone()), components: crate::tir::Components::one(i) }, sty, span))
                    .collect();
                ExprKind::Construct(parts)
            }
            (Shape::Matrix(r, c), Shape::Vector(n)) if r as u32 * c as u32 >= n as u32 && (explicit || n as u32 == r as u32 * c as u32 || r == 1 || c == 1) => {
                let sty = self.module.types.scalar(tscalar);
                let parts = matrix_elements(fshape)
                    .into_iter()
                    .take(n as usize)
                    .map(|rc| Expr::new(ExprKind::MatrixElements { expr: Box::new(e.clone()), elements: vec![rc] }, sty, span))
                    .collect();
                ExprKind::Construct(parts)
            }
            _ => {
                self.error("E0421", span, format!("cannot convert from `{}` to `{}`", self.type_name(from), self.type_name(to)));
                return None;
            }
        };
        Some(self.fold(Expr::new(result, to, span)))
    }

    /// Conversions involving structs and arrays: only identity, and explicit splats of a
    /// scalar into every leaf (`(S)0`).
    fn convert_composite(&mut self, op: Operand, to: TypeId, span: Span, explicit: bool) -> Option<Expr> {
        let from = op.ty;
        if from == to {
            return Some(op.into_expr());
        }
        // A `ConstantBuffer<S>`/`TextureBuffer<S>` is a value of type `S`.
        if let TypeInner::Resource(crate::ty::Resource::ConstantBuffer { element } | crate::ty::Resource::TextureBuffer { element }) = *self.module.types.get(from) {
            if let super::expr::Value::Place(mut p) = op.value {
                p.ty = element;
                return self.convert(Operand::place(p), to, span, explicit, !explicit);
            }
        }
        // A struct of one pointer from that pointer (`Accessor<T>(pointer)`, explicitly).
        if let TypeInner::Struct(st) = *self.module.types.get(to) {
            if explicit && self.is_buffer_pointer(from) && self.module.structs[st.0 as usize].fields.iter().map(|f| f.ty).eq([from]) {
                return Some(Expr::new(ExprKind::Construct(vec![op.into_expr()]), to, span));
            }
        }
        let from_scalar = matches!(self.module.types.get(from), TypeInner::Scalar(_));
        let to_composite = matches!(self.module.types.get(to), TypeInner::Struct(_) | TypeInner::Array { .. });
        if explicit && from_scalar && to_composite {
            if let Some(c) = op.constant() {
                if crate::sema::fold::is_zero(c) {
                    return Some(Expr::new(ExprKind::Zero, to, span));
                }
            }
            let value = self.materialize(op);
            return self.splat_composite(value, to, span);
        }
        // Arrays of the same element type where the source is sized and the target unsized
        // (parameters `float a[]`), and same-size arrays of convertible elements, explicitly.
        if let (TypeInner::Array { base: fb, size: fsz }, TypeInner::Array { base: tb, size: tsz }) =
            (*self.module.types.get(from), *self.module.types.get(to))
        {
            if fb == tb && (tsz.is_none() || fsz == tsz) {
                return Some(op.into_expr());
            }
        }
        // A derived struct converts to a base, implicitly too (C++'s derived-to-base
        // conversion): its fields start with the base's.
        if let (TypeInner::Struct(a), TypeInner::Struct(b)) = (*self.module.types.get(from), *self.module.types.get(to)) {
            if self.derives_from(a, b) {
                let fields: Vec<TypeId> = self.module.structs[b.0 as usize].fields.iter().map(|f| f.ty).collect();
                let value = op.into_expr();
                let parts = fields.iter().enumerate().map(|(i, &t)| Expr::new(ExprKind::Field { base: Box::new(value.clone()), field: i as u32 }, t, span)).collect();
                return Some(Expr::new(ExprKind::Construct(parts), to, span));
            }
        }
        // Structs with identical field types (a struct cast between layout-identical types);
        // before HLSL 2021's strict struct casting, also implicitly between structs whose
        // fields match one for one.
        let implicit_ok = !explicit && self.options.hlsl_version < 2021;
        if explicit || implicit_ok {
            if let (TypeInner::Struct(a), TypeInner::Struct(b)) = (*self.module.types.get(from), *self.module.types.get(to)) {
                // Bit-field storage units match when they hold the same bit-fields.
                let shape = |f: &crate::tir::Field| (f.ty, f.bit_fields.iter().map(|b| (b.ty, b.offset, b.width)).collect::<Vec<_>>());
                let fa: Vec<_> = self.module.structs[a.0 as usize].fields.iter().map(shape).collect();
                let fb: Vec<_> = self.module.structs[b.0 as usize].fields.iter().map(shape).collect();
                if fb.len() <= fa.len() && (explicit || fb.len() == fa.len()) && fa.iter().zip(&fb).all(|(x, y)| x == y) {
                    let fb: Vec<TypeId> = fb.into_iter().map(|(t, _)| t).collect();
                    let value = op.into_expr();
                    let parts = fb
                        .iter()
                        .enumerate()
                        .map(|(i, &t)| Expr::new(ExprKind::Field { base: Box::new(value.clone()), field: i as u32 }, t, span))
                        .collect();
                    return Some(Expr::new(ExprKind::Construct(parts), to, span));
                }
            }
        }
        // Implicitly, DXC converts between aggregates (structs, sized arrays) whose scalar
        // leaves are the same types in the same order (`float4[1536]` to `float4[512][3]`,
        // `float4[20]` to `S[4]`), except, from HLSL 2021, where a named struct is involved
        // and neither is a base of the other (strict user-defined-type casts; an anonymous
        // target struct cannot be named in a cast, so it stays implicit).
        if !explicit && self.implicit_flat_conversion(from, to) {
            return self.flat_conversion(op, to, span);
        }
        // Explicit casts between aggregates (and vectors/matrices) with enough scalar leaves
        // are flat conversions: the leaves are taken in order.
        let numeric_or_aggregate = |t: &TypeInner| matches!(t, TypeInner::Struct(_) | TypeInner::Array { size: Some(_), .. } | TypeInner::Vector { .. } | TypeInner::Matrix { .. } | TypeInner::Scalar(_));
        if explicit
            && numeric_or_aggregate(self.module.types.get(from))
            && numeric_or_aggregate(self.module.types.get(to))
            && self.leaf_count(from) >= self.leaf_count(to)
        {
            return self.flat_conversion(op, to, span);
        }
        let d = self.error("E0421", span, format!("cannot convert from `{}` to `{}`", self.type_name(from), self.type_name(to)));
        if !explicit && from_scalar && to_composite {
            d.help("use an explicit cast such as `(T)0`");
        } else if !explicit && self.options.hlsl_version >= 2021 && matches!((self.module.types.get(from), self.module.types.get(to)), (TypeInner::Struct(_), TypeInner::Struct(_))) {
            let to_name = self.type_name(to);
            self.diags.last_mut().map(|d| d.help(format!("HLSL 2021 converts between struct types only explicitly: write `({to_name})…`, or compile with `-HV 2018`")));
        }
        None
    }

    /// Whether DXC converts aggregate `from` to aggregate `to` implicitly as a flat
    /// conversion (see `convert_composite`).
    fn implicit_flat_conversion(&self, from: TypeId, to: TypeId) -> bool {
        let aggregate = |t: &TypeInner| matches!(t, TypeInner::Struct(_) | TypeInner::Array { size: Some(_), .. });
        if !aggregate(self.module.types.get(from)) || !aggregate(self.module.types.get(to)) {
            return false;
        }
        let is_struct = |t: &TypeInner| matches!(t, TypeInner::Struct(_));
        let anonymous_target = matches!(*self.module.types.get(to), TypeInner::Struct(st) if self.module.structs[st.0 as usize].name.starts_with("$anon"));
        if self.options.hlsl_version >= 2021 && (is_struct(self.module.types.get(from)) || is_struct(self.module.types.get(to))) && !anonymous_target {
            return false;
        }
        let (mut a, mut b) = (Vec::new(), Vec::new());
        self.leaf_scalars(from, &mut a);
        self.leaf_scalars(to, &mut b);
        !a.is_empty() && a.len() <= MAX_FLAT_LEAVES && a == b
    }

    /// The scalar types of a type's leaves, in order (a bit-field is one leaf).
    fn leaf_scalars(&self, ty: TypeId, out: &mut Vec<Scalar>) {
        if out.len() > MAX_FLAT_LEAVES {
            return;
        }
        match *self.module.types.get(ty) {
            TypeInner::Scalar(s) => out.push(s),
            TypeInner::Vector { scalar, size } => out.extend(std::iter::repeat_n(scalar, size as usize)),
            TypeInner::Matrix { scalar, rows, cols } => out.extend(std::iter::repeat_n(scalar, rows as usize * cols as usize)),
            TypeInner::Array { base, size: Some(n) } => {
                for _ in 0..n {
                    self.leaf_scalars(base, out);
                }
            }
            TypeInner::Struct(st) => {
                for f in &self.module.structs[st.0 as usize].fields {
                    if f.bit_fields.is_empty() {
                        self.leaf_scalars(f.ty, out);
                    } else {
                        for bf in &f.bit_fields {
                            self.leaf_scalars(bf.ty, out);
                        }
                    }
                }
            }
            // Resources and other opaque values never match a numeric leaf.
            _ => out.push(Scalar { kind: crate::ty::ScalarKind::Bool, width: 0 }),
        }
    }

    /// Builds `to` (struct/array) with every leaf set to the scalar `value`.
    fn splat_composite(&mut self, value: Expr, to: TypeId, span: Span) -> Option<Expr> {
        match *self.module.types.get(to) {
            TypeInner::Struct(s) => {
                let fields = self.module.structs[s.0 as usize].fields.clone();
                let mut parts = Vec::new();
                for f in fields {
                    if f.bit_fields.is_empty() {
                        parts.push(self.splat_composite(value.clone(), f.ty, span)?);
                        continue;
                    }
                    // Each bit-field of a storage unit takes the value.
                    let mut values = Vec::new();
                    for bf in &f.bit_fields {
                        values.push(self.splat_composite(value.clone(), bf.ty, span)?);
                    }
                    parts.push(self.pack_bit_fields(f.ty, &f.bit_fields, values, span));
                }
                Some(Expr::new(ExprKind::Construct(parts), to, span))
            }
            TypeInner::Array { base, size } => {
                let mut parts = Vec::new();
                for _ in 0..size.unwrap_or(0) {
                    parts.push(self.splat_composite(value.clone(), base, span)?);
                }
                Some(Expr::new(ExprKind::Construct(parts), to, span))
            }
            _ => self.convert_explicit(Operand::expr(value), to, span),
        }
    }

    /// Folds an expression whose operands are constants; reports folding errors.
    pub fn fold(&mut self, e: Expr) -> Expr {
        match self.try_fold(&e) {
            Ok(Some(c)) => Expr { kind: ExprKind::Const(c), ..e },
            Ok(None) => e,
            Err(msg) => {
                self.error("E0411", e.span, msg);
                e
            }
        }
    }

    /// The shape two operands combine to.
    pub fn common_shape(&mut self, a: TypeId, b: TypeId, span: Span) -> Option<Shape> {
        let (sa, sb) = (self.module.types.shape(a)?, self.module.types.shape(b)?);
        let shape = match (sa, sb) {
            (Shape::Scalar, s) | (s, Shape::Scalar) => s,
            (Shape::Vector(x), Shape::Vector(y)) => {
                if x != y {
                    self.warning("W0401", "conversion", span, format!("implicit truncation of vector type (`{}` and `{}`)", self.type_name(a), self.type_name(b)));
                }
                Shape::Vector(x.min(y))
            }
            (Shape::Matrix(r1, c1), Shape::Matrix(r2, c2)) => {
                if (r1, c1) != (r2, c2) {
                    self.warning("W0401", "conversion", span, format!("implicit truncation of matrix type (`{}` and `{}`)", self.type_name(a), self.type_name(b)));
                }
                Shape::Matrix(r1.min(r2), c1.min(c2))
            }
            (Shape::Vector(n), Shape::Matrix(r, c)) | (Shape::Matrix(r, c), Shape::Vector(n)) => {
                if r == 1 || c == 1 {
                    Shape::Vector(n.min(r.max(c)))
                } else if n as u32 == r as u32 * c as u32 {
                    Shape::Matrix(r, c)
                } else {
                    self.error("E0421", span, format!("cannot combine `{}` and `{}`", self.type_name(a), self.type_name(b)));
                    return None;
                }
            }
        };
        Some(shape)
    }

    /// The type two operands of a binary operator are converted to.
    pub fn common_type(&mut self, a: &Operand, b: &Operand, span: Span) -> Option<TypeId> {
        let shape = self.common_shape(a.ty, b.ty, span)?;
        let (sa, sb) = (self.module.types.scalar_of(a.ty)?, self.module.types.scalar_of(b.ty)?);
        let scalar = common_scalar((sa, a.lit), (sb, b.lit));
        Some(self.module.types.of_shape(shape, scalar))
    }

    /// Whether struct `derived` has `base` among its base structs (directly or further up).
    pub fn derives_from(&self, derived: crate::ty::StructId, base: crate::ty::StructId) -> bool {
        let mut next = self.struct_infos[derived.0 as usize].base;
        // A chain is at most as long as the struct table.
        for _ in 0..self.struct_infos.len() {
            match next {
                Some(c) if c == base => return true,
                Some(c) => next = self.struct_infos[c.0 as usize].base,
                None => return false,
            }
        }
        false
    }

    /// Cost of converting an argument to a parameter type; `None` if impossible.
    pub fn conversion_cost(&self, from: TypeId, lit: Lit, to: TypeId) -> Option<Cost> {
        if from == to && lit == Lit::No {
            return Some(COST_EXACT);
        }
        let types = &self.module.types;
        let (Some(fshape), Some(tshape)) = (types.shape(from), types.shape(to)) else {
            return match (*types.get(from), *types.get(to)) {
                (TypeInner::Array { base: fb, size: fs }, TypeInner::Array { base: tb, size: None }) if fb == tb && fs.is_some() => Some(COST_PROMOTION),
                // An unsized resource array (`Texture2D t[]`) passed where a sized one is
                // expected, as DXC accepts.
                (TypeInner::Array { base: fb, size: None }, TypeInner::Array { base: tb, size: Some(_) }) if fb == tb && types.is_resource_like(fb) => Some(COST_PROMOTION),
                // A `ConstantBuffer<S>`/`TextureBuffer<S>` is a value of type `S`.
                (TypeInner::Resource(crate::ty::Resource::ConstantBuffer { element } | crate::ty::Resource::TextureBuffer { element }), _) if element == to => Some(COST_PROMOTION),
                (TypeInner::Struct(a), TypeInner::Struct(b)) if self.derives_from(a, b) => Some(COST_PROMOTION),
                _ if from == to => Some(COST_EXACT),
                _ if self.implicit_flat_conversion(from, to) => Some(FIELD_ARG_CAST),
                _ => None,
            };
        };
        let (fs, ts) = (types.scalar_of(from)?, types.scalar_of(to)?);
        let scalar_cost = element_score(fs, lit, ts);
        let shape_cost = match (fshape, tshape) {
            (a, b) if a == b => 0,
            (Shape::Scalar, _) => FIELD_SPLAT,
            (Shape::Vector(_), Shape::Scalar) | (Shape::Matrix(..), Shape::Scalar) => COST_TRUNCATION,
            (Shape::Vector(n), Shape::Vector(m)) if m < n => COST_TRUNCATION,
            (Shape::Matrix(r, c), Shape::Matrix(r2, c2)) if r2 <= r && c2 <= c => COST_TRUNCATION,
            (a, b) if a.count() == b.count() => COST_RESHAPE,
            // A 1x1 matrix is a scalar; one-row and one-column matrices are vectors.
            (Shape::Matrix(1, 1), _) => FIELD_SPLAT,
            (Shape::Matrix(r, c), Shape::Vector(m)) if (r == 1 || c == 1) && (m as u32) < r as u32 * c as u32 => COST_TRUNCATION,
            (Shape::Vector(n), Shape::Matrix(r, c)) if (r == 1 || c == 1) && (r as u32 * c as u32) < n as u32 => COST_TRUNCATION,
            _ => return None,
        };
        Some(scalar_cost + shape_cost)
    }
}

/// The most leaves an implicit aggregate conversion compares (larger aggregates convert only
/// explicitly).
const MAX_FLAT_LEAVES: usize = 1 << 16;

/// The scalar two operands combine to (see the module docs).
pub(crate) fn common_scalar(a: (Scalar, Lit), b: (Scalar, Lit)) -> Scalar {
    let ((sa, la), (sb, lb)) = (a, b);
    match (la, lb) {
        (Lit::No, Lit::No) => {}
        // A literal adopts the other operand's type, except that a float literal makes an
        // integer or bool operand float.
        (Lit::No, Lit::Float) if !sa.is_float() => return Scalar::F32,
        (Lit::No, _) => return if sa.kind == ScalarKind::Bool { if lb == Lit::Float { Scalar::F32 } else { Scalar::I32 } } else { sa },
        (Lit::Float, Lit::No) if !sb.is_float() => return Scalar::F32,
        (_, Lit::No) => return if sb.kind == ScalarKind::Bool { if la == Lit::Float { Scalar::F32 } else { Scalar::I32 } } else { sb },
        (Lit::Float, _) | (_, Lit::Float) => return Scalar::F32,
        _ => return if sa.width >= sb.width { sa } else { sb },
    }
    if sa == sb {
        return sa;
    }
    let rank = |s: Scalar| match s.kind {
        ScalarKind::Bool => 0,
        ScalarKind::Int => 1,
        ScalarKind::Uint => 2,
        ScalarKind::Float => 3,
    };
    match (sa.is_float(), sb.is_float()) {
        (true, true) => if sa.width >= sb.width { sa } else { sb },
        (true, false) => sa,
        (false, true) => sb,
        // DXC's CombineBasicTypes: a bool has no width and takes the other operand's type
        // (`bool + int16_t` is int16_t); otherwise the wider width, unsigned if either
        // operand is (`int64_t + uint` is uint64_t, `uint16_t + int` is uint), unlike C.
        (false, false) => match (sa.kind, sb.kind) {
            (ScalarKind::Bool, ScalarKind::Bool) => Scalar::BOOL,
            (ScalarKind::Bool, _) => sb,
            (_, ScalarKind::Bool) => sa,
            _ => {
                let width = sa.width.max(sb.width);
                let kind = if rank(sa).max(rank(sb)) == 2 { ScalarKind::Uint } else { ScalarKind::Int };
                Scalar { kind, width }
            }
        },
    }
}
