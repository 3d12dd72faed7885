//! Expressions: AST → typed IR expressions and places.
//!
//! Each AST expression is analysed into an [`Operand`]: either an rvalue [`Expr`] or a
//! [`Place`] (an lvalue), with its type and its *literal* kind. HLSL literals (`1`, `2.5`)
//! have no fixed type: they take the type their context needs without the conversion counting
//! against an overload, and arithmetic on literals folds at compile time with 64-bit precision
//! (DXC's "literal int"/"literal float"). So a literal operand is always a folded constant, and
//! it is given its final type only when converted ([`Analyzer::convert_implicit`]).

use super::resource_value::{ResBinding, ResValue};
use super::scope::{Symbol, VarRef};
use super::{fold, Analyzer};
use crate::tir::{self, Components, ConstValue, Expr, ExprKind, LocalId, ParamId, Place, PlaceRoot, Projection};
use crate::ty::{Resource, Scalar, ScalarKind, Shape, StructId, TypeId, TypeInner};
use hlslc_grammar::ast;
use hlslc_grammar::Span;

/// An analysed expression: an rvalue or a place.
#[derive(Debug, Clone)]
pub(crate) enum Value {
    Expr(Expr),
    Place(Place),
}

/// Literal kind of an operand (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lit {
    No,
    Int,
    Float,
}

#[derive(Debug, Clone)]
pub(crate) struct Operand {
    pub value: Value,
    pub ty: TypeId,
    pub lit: Lit,
    pub span: Span,
}

impl Operand {
    pub fn expr(e: Expr) -> Operand {
        Operand { ty: e.ty, span: e.span, lit: Lit::No, value: Value::Expr(e) }
    }

    pub fn place(p: Place) -> Operand {
        Operand { ty: p.ty, span: p.span, lit: Lit::No, value: Value::Place(p) }
    }

    /// Whether the operand is a constant (a literal may also be a choice made at run time).
    pub fn is_const(&self) -> bool {
        matches!(&self.value, Value::Expr(Expr { kind: ExprKind::Const(_), .. }))
    }

    /// The value of the operand (a load for places).
    pub fn into_expr(self) -> Expr {
        match self.value {
            Value::Expr(e) => e,
            Value::Place(p) => {
                let (ty, span) = (p.ty, p.span);
                Expr::new(ExprKind::Load(Box::new(p)), ty, span)
            }
        }
    }

    /// The constant value, if this operand is a folded constant.
    pub fn constant(&self) -> Option<&ConstValue> {
        match &self.value {
            Value::Expr(Expr { kind: ExprKind::Const(c), .. }) => Some(c),
            _ => None,
        }
    }
}

/// An operand that names something other than a value (a resource's `.mips`, an
/// intermediate `tex.mips[level]`).
enum Special {
    MipsLevel(Place, Expr),
    SampleIndex(Place, Expr),
}

impl Analyzer<'_> {
    /// Analyses an expression as an rvalue.
    pub fn expr(&mut self, e: &ast::Expr) -> Option<Expr> {
        let op = self.operand(e)?;
        Some(self.materialize(op))
    }

    /// An rvalue with literal operands given their default type (`int`, `float`).
    pub fn materialize(&mut self, op: Operand) -> Expr {
        match op.lit {
            Lit::No => op.into_expr(),
            Lit::Int | Lit::Float => {
                let ty = op.ty;
                let span = op.span;
                self.convert_implicit(op, ty, span).unwrap_or_else(|| Expr::new(ExprKind::Zero, ty, span))
            }
        }
    }

    /// A place and the side effects that must happen before it is used: `++x` and `--x` are
    /// lvalues (C++ rules, which DXC keeps), so `++x = y` increments `x` and then assigns.
    /// The operand is analysed once; index expressions must be free of side effects, since
    /// the place is evaluated again after the increment.
    pub(crate) fn place_with_effects(&mut self, e: &ast::Expr, what: &str) -> Option<(Place, Vec<Expr>)> {
        if let ast::ExprKind::Unary { op: op @ (ast::UnaryOp::PreInc | ast::UnaryOp::PreDec), operand } = &e.kind {
            let (p, mut effects) = self.place_with_effects(operand, what)?;
            if !place_is_pure(&p) {
                self.error("E0405", e.span, format!("{what} cannot be a prefix `++`/`--` of a place whose indices have side effects"))
                    .help("compute the index into a variable first");
                return None;
            }
            effects.push(self.increment(*op, p.clone(), e.span)?);
            return Some((p, effects));
        }
        // `(x += y) = z`: an assignment is an lvalue too (C++), naming its left side.
        if let ast::ExprKind::Assign { lhs, .. } = &e.kind {
            let assign = self.expr(e)?;
            let (p, mut effects) = self.place_with_effects(lhs, what)?;
            if !place_is_pure(&p) {
                self.error("E0405", e.span, format!("{what} cannot be an assignment to a place whose indices have side effects"))
                    .help("compute the index into a variable first");
                return None;
            }
            effects.push(assign);
            return Some((p, effects));
        }
        // `v.xy[i++] = …`: an index with side effects into a swizzle or matrix-element list
        // is evaluated once, into a temporary, before the component it picks is written.
        if let ast::ExprKind::Index { base, index } = &e.kind {
            if let Some(r) = self.swizzle_index_with_effects(base, index, e.span, what) {
                return r;
            }
        }
        let p = self.place_operand(e, what)?;
        Some((p, Vec::new()))
    }

    /// The place `base[index]` with the store of `index` into a temporary as its effect, when
    /// `base` is a swizzle or matrix-element list of a place and `index` has side effects (an
    /// index into a swizzle is mapped onto the components by a `select`, which would evaluate
    /// it once per component). `None` for other indices (the caller goes on); `Some(None)`
    /// after reporting.
    fn swizzle_index_with_effects(&mut self, base: &ast::Expr, index: &ast::Expr, span: Span, what: &str) -> Option<Option<(Place, Vec<Expr>)>> {
        if self.func.is_none() || !matches!(base.kind, ast::ExprKind::Member { .. }) {
            return None;
        }
        let Some(idx) = self.operand(index) else { return Some(None) };
        let idx = self.materialize(idx);
        if !crate::lower::has_side_effects(&idx) {
            return None;
        }
        let Some((bp, mut effects)) = self.place_with_effects(base, what) else { return Some(None) };
        if !matches!(bp.projections.last(), Some(Projection::Swizzle(_) | Projection::MatrixElements(_))) {
            return None;
        }
        let (ty, ispan) = (idx.ty, idx.span);
        let tmp = self.temp_local(ty, ispan);
        let tmp_place = Place { root: PlaceRoot::Local(tmp), projections: vec![].into(), ty, span: ispan };
        effects.push(Expr::new(ExprKind::Assign { place: Box::new(tmp_place.clone()), value: Box::new(idx), returns_old: false }, ty, ispan));
        let Some(op) = self.index_operand(Operand::place(bp), Operand::place(tmp_place), index.span, span) else { return Some(None) };
        match op.value {
            Value::Place(p) => Some(Some((p, effects))),
            Value::Expr(_) => None,
        }
    }

    /// Analyses an expression that must be a place (an assignment target).
    fn place_operand(&mut self, e: &ast::Expr, what: &str) -> Option<Place> {
        if let ast::ExprKind::Cast { ty, array, expr } = &e.kind {
            if let Some(p) = self.cast_place(ty, array, expr, e.span, what) {
                return p;
            }
        }
        if let ast::ExprKind::Index { base, index } = &e.kind {
            if let ast::ExprKind::Cast { ty, array, expr } = &base.kind {
                if let Some(p) = self.matrix_cast_row_place(ty, array, expr, index, e.span, what) {
                    return p;
                }
            }
        }
        let op = self.operand(e)?;
        match op.value {
            Value::Place(p) => {
                self.check_writable(&p, e.span);
                Some(p)
            }
            Value::Expr(_) => {
                let d = self.error("E0405", e.span, format!("{what} must be an lvalue"));
                if matches!(e.kind, ast::ExprKind::Cast { .. }) {
                    d.help(CAST_PLACE_HELP);
                }
                None
            }
        }
    }

    /// A cast written as an assignment target, which DXC keeps an lvalue when it only drops
    /// trailing components of a place: to its own type, and from a vector to a scalar or a
    /// shorter vector of the same component type (`(float3)v4 = c` writes `v4.xyz`), never
    /// from a scalar. `None` for other casts (an rvalue, reported by the caller); `Some(None)`
    /// after reporting. (Derived-to-base and array-prefix casts, which name several
    /// places, are assigned by `cast_view_assign`.)
    pub(super) fn cast_place(&mut self, ty: &ast::TypeSpec, array: &[Option<ast::Expr>], inner: &ast::Expr, span: Span, what: &str) -> Option<Option<Place>> {
        let base = self.resolve_type(ty);
        let target = match base {
            Some(b) => self.apply_array_dims(b, array, false, span),
            None => None,
        };
        let Some(target) = target else { return Some(None) };
        let Some(mut p) = self.place_operand(inner, what) else { return Some(None) };
        if matches!(p.projections.last(), Some(Projection::MatrixElements(_) | Projection::BitField { .. })) && p.ty != target {
            return None;
        }
        let view = match (*self.module.types.get(p.ty), *self.module.types.get(target)) {
            (TypeInner::Scalar(_), _) => return None,
            _ if p.ty == target => Some(p.clone()),
            (TypeInner::Vector { scalar, size }, TypeInner::Scalar(t)) if scalar == t && size >= 1 => {
                push_components(&mut p, &[0], self.module.types.scalar(Scalar::U32));
                Some(p)
            }
            (TypeInner::Vector { scalar, size }, TypeInner::Vector { scalar: t, size: n }) if scalar == t && n <= size => {
                let comps: Vec<u8> = (0..n).collect();
                push_components(&mut p, &comps, self.module.types.scalar(Scalar::U32));
                Some(p)
            }
            _ => None,
        }?;
        Some(Some(Place { ty: target, span, ..view }))
    }

    /// A row of a matrix cast written as an assignment target, `((float3x3)m4x3)[i] = v`:
    /// DXC keeps a cast that only drops trailing rows and columns of a matrix place (of the
    /// same component type) an lvalue, so the row is the place's row `i` without its trailing
    /// components (`m4x3[i].xyz`, here all three). `None` for other casts (the caller goes on);
    /// `Some(None)` after reporting.
    fn matrix_cast_row_place(&mut self, ty: &ast::TypeSpec, array: &[Option<ast::Expr>], inner: &ast::Expr, index: &ast::Expr, span: Span, what: &str) -> Option<Option<Place>> {
        if !array.is_empty() {
            return None;
        }
        let target = self.resolve_type(ty)?;
        let TypeInner::Matrix { scalar: t, rows: tr, cols: tc } = *self.module.types.get(target) else { return None };
        // Only a matrix place converts this way; anything else is analysed as before.
        let op = self.operand(inner)?;
        let Value::Place(mut p) = op.value else { return None };
        let TypeInner::Matrix { scalar, rows, cols } = *self.module.types.get(p.ty) else { return None };
        if scalar != t || tr > rows || tc > cols || matches!(p.projections.last(), Some(Projection::MatrixElements(_) | Projection::BitField { .. })) {
            return None;
        }
        self.check_writable(&p, span);
        let i = self.expr(index)?;
        let row_index = match &i.kind {
            ExprKind::Const(ConstValue::Int(r)) => Some(*r),
            ExprKind::Const(ConstValue::Uint(r)) => i64::try_from(*r).ok().or(Some(i64::MAX)),
            _ => None,
        };
        if let Some(r) = row_index.filter(|&r| r < 0 || r >= i64::from(tr)) {
            self.error("E0405", index.span, format!("{what} indexes row {r} of a matrix cast to {tr} rows"))
                .help("index a row of the cast matrix that exists");
            return Some(None);
        }
        let u = self.module.types.scalar(Scalar::U32);
        let i = self.convert_implicit(Operand::expr(i), u, index.span)?;
        p.projections.push(Projection::Index(Box::new(i)));
        if tc < cols {
            p.projections.push(Projection::Swizzle((0..tc).collect()));
        }
        let row = self.module.types.vector(t, tc);
        Some(Some(Place { ty: row, span, ..p }))
    }

    /// `(Base)derived = value` and `(float[2])arr4 = value`: a cast of a place to a base struct
    /// or to a shorter array of the same elements is an lvalue in DXC naming the leading
    /// fields or elements, each assigned from a temporary holding the converted right side.
    /// `None` if `lhs` is no cast to a struct or an array (the caller goes on).
    fn cast_view_assign(&mut self, lhs: &ast::Expr, rhs: &ast::Expr, span: Span) -> Option<Option<Operand>> {
        let ast::ExprKind::Cast { ty, array, expr } = &lhs.kind else { return None };
        let base = self.resolve_type(ty);
        let target = match base {
            Some(b) => self.apply_array_dims(b, array, false, span),
            None => None,
        };
        let Some(target) = target else { return Some(None) };
        if !matches!(self.module.types.get(target), TypeInner::Struct(_) | TypeInner::Array { .. }) {
            return None;
        }
        let what = "the left side of an assignment";
        let Some(p) = self.place_operand(expr, what) else { return Some(None) };
        let u = self.module.types.scalar(Scalar::U32);
        let index = |i: u32| vec![Projection::Index(Box::new(Expr::new(ExprKind::Const(ConstValue::Uint(i as u64)), u, lhs.span)))];
        // Each part of the value: its path in the place, its path in the value, its type.
        let parts: Vec<(Vec<Projection>, Vec<Projection>, TypeId)> = match (*self.module.types.get(p.ty), *self.module.types.get(target)) {
            _ if p.ty == target => vec![],
            (TypeInner::Struct(a), TypeInner::Struct(b)) if self.derives_from(a, b) => {
                self.module.structs[b.0 as usize].fields.iter().enumerate().map(|(i, f)| (vec![Projection::Field(i as u32)], vec![Projection::Field(i as u32)], f.ty)).collect()
            }
            (TypeInner::Array { base: eb, size: Some(n) }, TypeInner::Array { base: tb, size: Some(m) }) if eb == tb && m <= n => (0..m).map(|i| (index(i), index(i), eb)).collect(),
            // A struct cast to another struct of no more scalar components (`(B3)b4`, B3
            // holding a `uint3` and B4 a `uint4`), or an array to an array of another shape
            // (`(float[2][2])f4x3`), names the leading components of the place in their
            // flattened order (DXC: an explicit cast to no more elements keeps an
            // lvalue an lvalue); hlslc takes the case where their types match one by one.
            (TypeInner::Struct(_), TypeInner::Struct(_)) | (TypeInner::Array { .. }, TypeInner::Array { .. }) if self.flattened_prefix(p.ty, target) => {
                // (The place is named once per component.)
                if !place_is_pure(&p) {
                    self.error("E0405", lhs.span, "the left side of an assignment cannot be a cast of a place whose indices have side effects")
                        .help("compute the index into a variable first");
                    return Some(None);
                }
                let (Some(sources), Some(dests)) = (self.leaf_paths(target, lhs.span), self.leaf_paths(p.ty, lhs.span)) else { return Some(None) };
                sources.into_iter().zip(dests).map(|((from, ty), (to, _))| (to, from, ty)).collect()
            }
            _ => {
                self.error("E0405", lhs.span, format!("{what} must be an lvalue"))
                    .help(CAST_PLACE_HELP);
                return Some(None);
            }
        };
        let Some(r) = self.operand(rhs) else { return Some(None) };
        let Some(value) = self.convert_implicit(r, target, rhs.span) else { return Some(None) };
        if parts.is_empty() {
            let place = Place { ty: target, span: lhs.span, ..p };
            return Some(Some(Operand::expr(Expr::new(ExprKind::Assign { place: Box::new(place), value: Box::new(value), returns_old: false }, target, span))));
        }
        let tmp = self.temp_local(target, span);
        let tmp_place = Place { root: PlaceRoot::Local(tmp), projections: vec![].into(), ty: target, span };
        let mut seq = vec![Expr::new(ExprKind::Assign { place: Box::new(tmp_place.clone()), value: Box::new(value), returns_old: false }, target, span)];
        for (to, from, ty) in parts {
            seq.push(Expr::copy(p.leaf(to, ty), tmp_place.leaf(from, ty), span));
        }
        let void = self.module.types.void();
        Some(Some(Operand::expr(Expr::new(ExprKind::Sequence(seq), void, span))))
    }

    /// The scalar leaves of a value of type `ty` in HLSL's flattened order (fields, elements,
    /// matrix rows, components), each as the projections that reach it and its type; `None`
    /// for types with bit-fields or non-numeric leaves.
    pub(super) fn leaf_paths(&mut self, ty: TypeId, span: Span) -> Option<Vec<(Vec<Projection>, TypeId)>> {
        let u = self.module.types.scalar(Scalar::U32);
        let index = |i: u32| Projection::Index(Box::new(Expr::new(ExprKind::Const(ConstValue::Uint(i as u64)), u, span)));
        Some(match *self.module.types.get(ty) {
            TypeInner::Scalar(_) => vec![(Vec::new(), ty)],
            TypeInner::Vector { scalar, size } => {
                let sty = self.module.types.scalar(scalar);
                (0..size as u32).map(|i| (vec![index(i)], sty)).collect()
            }
            TypeInner::Matrix { scalar, rows, cols } => {
                let sty = self.module.types.scalar(scalar);
                matrix_elements(Shape::Matrix(rows, cols)).into_iter().map(|(r, c)| (vec![Projection::MatrixElements(vec![(r, c)])], sty)).collect()
            }
            TypeInner::Array { base, size: Some(n) } => {
                let inner = self.leaf_paths(base, span)?;
                let mut out = Vec::new();
                for i in 0..n {
                    for (path, t) in &inner {
                        let mut full = vec![index(i)];
                        full.extend(path.iter().cloned());
                        out.push((full, *t));
                    }
                }
                out
            }
            TypeInner::Struct(st) => {
                let fields = self.module.structs[st.0 as usize].fields.clone();
                let mut out = Vec::new();
                for (i, f) in fields.iter().enumerate() {
                    if !f.bit_fields.is_empty() {
                        return None;
                    }
                    for (path, t) in self.leaf_paths(f.ty, span)? {
                        let mut full = vec![Projection::Field(i as u32)];
                        full.extend(path);
                        out.push((full, t));
                    }
                }
                out
            }
            _ => return None,
        })
    }

    /// Whether the scalar leaves of `target` are those of `source`'s first leaves, type by
    /// type (see `cast_view_assign`).
    pub(super) fn flattened_prefix(&mut self, source: TypeId, target: TypeId) -> bool {
        let (Some(s), Some(t)) = (self.leaf_paths(source, Span::UNDEFINED), self.leaf_paths(target, Span::UNDEFINED)) else { return false };
        t.len() <= s.len() && t.iter().zip(&s).all(|(a, b)| a.1 == b.1)
    }

    pub fn operand(&mut self, e: &ast::Expr) -> Option<Operand> {
        if !self.enter(e.span) {
            return None;
        }
        let r = self.operand_inner(e);
        self.leave();
        r
    }

    fn operand_inner(&mut self, e: &ast::Expr) -> Option<Operand> {
        let span = e.span;
        match &e.kind {
            ast::ExprKind::Literal(lit) => self.literal(lit, span),
            ast::ExprKind::Name(path) => self.name(path, span),
            ast::ExprKind::This => match self.func.as_ref().and_then(|f| f.this) {
                Some((st, true)) => {
                    let ty = self.module.types.insert(TypeInner::Struct(st));
                    Some(Operand::place(Place { root: PlaceRoot::Param(ParamId(0)), projections: vec![].into(), ty, span }))
                }
                _ => {
                    self.error("E0306", span, "`this` is only available in non-static methods");
                    None
                }
            },
            ast::ExprKind::Unary { op, operand } => self.unary(*op, operand, span),
            ast::ExprKind::Binary { op, lhs, rhs } => {
                let l = self.operand(lhs);
                let logical = matches!(op, ast::BinaryOp::LogicalAnd | ast::BinaryOp::LogicalOr);
                self.block_hoisting(if logical { 1 } else { 0 });
                let r = self.operand(rhs);
                self.block_hoisting(if logical { -1 } else { 0 });
                let (l, mut r) = (l?, r?);
                if matches!(op, ast::BinaryOp::Shl | ast::BinaryOp::Shr)
                    && l.lit != Lit::No
                    && r.lit == Lit::No
                    && self.argument_precision(rhs) != super::precision::MinPrecision::Full
                {
                    // A literal shifted by a `min16uint` (or packed) amount is `int`, as by
                    // any amount that is not a `uint` (DXC's literals.hlsl: `1 << m16u`);
                    // the amount, converted to the result type in any case, is made `int` here.
                    let ty = self.module.types.with_scalar(r.ty, Scalar::I32);
                    r = Operand::expr(self.convert_implicit(r, ty, rhs.span)?);
                }
                self.binary(*op, l, r, span)
            }
            ast::ExprKind::Assign { op, lhs, rhs } => self.assign(*op, lhs, rhs, span),
            ast::ExprKind::Conditional { cond, accept, reject } => self.conditional(cond, accept, reject, span),
            ast::ExprKind::Comma { lhs, rhs } => {
                let l = self.expr(lhs);
                let r = self.operand(rhs)?;
                // A literal right operand keeps its literal type (`(x, 1.5) * h` stays half)
                // only where the left one can be dropped: `Out[i] = v, 0;` still stores.
                if r.lit != Lit::No && !l.as_ref().is_some_and(crate::lower::has_side_effects) {
                    return Some(r);
                }
                let r = r.into_expr();
                let ty = r.ty;
                Some(Operand::expr(Expr::new(ExprKind::Sequence(vec![l?, r]), ty, span)))
            }
            ast::ExprKind::Call { callee, args } => self.call(callee, args, span),
            ast::ExprKind::Construct { ty, args } => {
                let ty = self.resolve_type(ty)?;
                // `ByteAddressBuffer(ResourceDescriptorHeap[i])`: the functional form of the
                // cast below (DXC takes both; RTXGI's bindless D3D12 shaders use it).
                if let [arg] = args.as_slice() {
                    if matches!(&arg.kind, ast::ExprKind::Index { base: b, .. } if self.is_descriptor_heap(b)) && self.module.types.is_resource_like(ty) {
                        if let Some(place) = self.heap_value(e, ty) {
                            return place.map(Operand::place);
                        }
                    }
                }
                self.construct(ty, args, span)
            }
            ast::ExprKind::Cast { ty, array, expr } => {
                let base = self.resolve_type(ty)?;
                let target = self.apply_array_dims(base, array, false, span)?;
                // `(Texture2D<float4>)ResourceDescriptorHeap[i]`: the heap element as that
                // resource, usable anywhere a resource is (`(…)heap[i]).Load(…)`).
                if matches!(&expr.kind, ast::ExprKind::Index { base: b, .. } if self.is_descriptor_heap(b)) && self.module.types.is_resource_like(target) {
                    if let Some(place) = self.heap_value(e, target) {
                        return place.map(Operand::place);
                    }
                }
                self.mark_unchecked_index(expr);
                let value = self.operand(expr)?;
                if target == self.module.types.void() {
                    // `(void)x`: evaluated for its side effects, the value discarded.
                    let e = self.materialize(value);
                    return Some(Operand::expr(Expr::new(ExprKind::Sequence(vec![e]), target, span)));
                }
                self.convert_explicit(value, target, span).map(Operand::expr)
            }
            ast::ExprKind::Member { base, member, template_args, qualifier } => {
                // A member of a struct with resources (split: `resource_value.rs`).
                if let Some(r) = self.alias_expr(e) {
                    let b = r?;
                    let p = self.resolve_use(&b, &format!("`{}`", member.name), span)?;
                    return Some(Operand::place(p));
                }
                if template_args.is_some() {
                    self.error("E0501", span, format!("`{}` is a method and must be called", member.name));
                    return None;
                }
                // (`f().member` where `f` returns a struct of resources: see `value_member`.)
                let outer = self.value_call.replace(base.span);
                self.mark_unchecked_index(base);
                let base = self.operand(base);
                self.value_call = outer;
                let base = base?;
                if let Some(q) = qualifier {
                    // `d.Base::m`: looked up in `Base`, whose fields keep their indices in
                    // the structs derived from it.
                    let st = self.qualifying_base(base.ty, q)?;
                    let ty = self.module.types.insert(TypeInner::Struct(st));
                    return self.member(Operand { ty, ..base }, member, span);
                }
                if let Some(v) = self.value_arg(&base) {
                    return self.value_member(v, base.ty, member, span);
                }
                self.member(base, member, span)
            }
            ast::ExprKind::Index { base, index } => {
                // An element of a local array of resources (or of structs with resources),
                // chosen by a constant.
                if let Some(r) = self.alias_expr(e) {
                    let b = r?;
                    let p = self.resolve_use(&b, "this element of a local resource array", span)?;
                    return Some(Operand::place(p));
                }
                self.index(base, index, span)
            }
            ast::ExprKind::InitList(_) => {
                self.error("E0406", span, "an initializer list is only allowed in a declaration")
                    .help("use a constructor such as `float4(…)` or declare a variable");
                None
            }
            ast::ExprKind::SizeOfType(t) => {
                let ty = self.resolve_type(t)?;
                self.size_of(ty, span)
            }
            ast::ExprKind::SizeOfExpr(inner) => {
                let op = self.operand(inner)?;
                if matches!(&op.value, Value::Place(p) if matches!(p.projections.last(), Some(Projection::BitField { .. }))) {
                    self.error("E0407", inner.span, "invalid application of `sizeof` to a bit-field").help("apply `sizeof` to the bit-field's type instead");
                    return None;
                }
                self.size_of(op.ty, span)
            }
            ast::ExprKind::Error => None,
        }
    }

    fn size_of(&mut self, ty: TypeId, span: Span) -> Option<Operand> {
        match crate::layout::tight_size(&self.module, ty) {
            Some(n) => {
                let u = self.module.types.scalar(Scalar::U32);
                Some(Operand::expr(Expr::new(ExprKind::Const(ConstValue::Uint(n as u64)), u, span)))
            }
            None => {
                self.error("E0407", span, format!("`sizeof` is not defined for `{}`", self.type_name(ty)));
                None
            }
        }
    }

    fn literal(&mut self, lit: &ast::Literal, span: Span) -> Option<Operand> {
        if let ast::Literal::Float { suffix: suffix @ (ast::FloatSuffix::F16 | ast::FloatSuffix::F32 | ast::FloatSuffix::F64), ref text, .. } = *lit {
            // (The suffix is the text's last three characters: `f16`, `F32` …)
            let written = &text[text.len().saturating_sub(3)..];
            if self.options.hlsl_version < 2029 {
                self.warning("W0309", "hlsl-new-feature", span, format!("fixed-size floating-point literal suffix `{written}` is an HLSL 202x extension"));
            }
            if suffix == ast::FloatSuffix::F16 && !self.options.enable_16bit_types {
                self.error("E0404", span, format!("16-bit floating-point literal suffix `{written}` requires `-enable-16bit-types`"))
                    .help("compile with `-enable-16bit-types`, or write `h` (a 32-bit `half` without it)");
                return None;
            }
        }
        let types = &mut self.module.types;
        // HLSL 202x (DXC's internal 2029; HLSL proposal 0017, conforming literals): an
        // unsuffixed literal is a `float`, rounded to float at once, or takes the first of C's
        // integer types that holds its value (decimal: `int`, then `int64_t`; hexadecimal and
        // octal: `int`, `uint`, `int64_t`, `uint64_t`), instead of DXC's 64-bit literal types.
        let conforming = self.options.hlsl_version >= 2029;
        let (value, ty, kind) = match *lit {
            ast::Literal::Int { value, suffix: ast::IntSuffix::None, decimal } if conforming => {
                let s = if value <= i32::MAX as u64 {
                    Scalar::I32
                } else if value <= u32::MAX as u64 && !decimal {
                    Scalar::U32
                } else if value <= i64::MAX as u64 {
                    Scalar::I64
                } else {
                    Scalar::U64
                };
                let v = if matches!(s, Scalar::U32 | Scalar::U64) { ConstValue::Uint(value) } else { ConstValue::Int(value as i64) };
                (v, types.scalar(s), Lit::No)
            }
            ast::Literal::Float { value, suffix: ast::FloatSuffix::None, ref text } if conforming => {
                let single = text.parse::<f32>().map(f64::from).unwrap_or(value as f32 as f64);
                (ConstValue::Float(single), types.scalar(Scalar::F32), Lit::No)
            }
            ast::Literal::Int { value, suffix, decimal } => match suffix {
                ast::IntSuffix::None => {
                    let (v, s) = literal_int(value as i128);
                    (v, types.scalar(s), Lit::Int)
                }
                ast::IntSuffix::U => (ConstValue::Uint(value & 0xFFFF_FFFF), types.scalar(Scalar::U32), Lit::No),
                // Before 202x `long` is `int` in HLSL (DXC): `1l` is an `int`, `0x1l` and
                // `1ul` a `uint`, all truncated to 32 bits; only `ll` is 64-bit.
                ast::IntSuffix::L if !conforming && decimal => (ConstValue::Int(value as u32 as i32 as i64), types.scalar(Scalar::I32), Lit::No),
                ast::IntSuffix::L | ast::IntSuffix::UL if !conforming => (ConstValue::Uint(value & 0xFFFF_FFFF), types.scalar(Scalar::U32), Lit::No),
                ast::IntSuffix::L | ast::IntSuffix::LL => (ConstValue::Int(value as i64), types.scalar(Scalar::I64), Lit::No),
                ast::IntSuffix::UL | ast::IntSuffix::ULL => (ConstValue::Uint(value), types.scalar(Scalar::U64), Lit::No),
            },
            ast::Literal::Float { value, suffix, .. } => match suffix {
                ast::FloatSuffix::None => (ConstValue::Float(value), types.scalar(Scalar::F32), Lit::Float),
                ast::FloatSuffix::F => (ConstValue::Float(value as f32 as f64), types.scalar(Scalar::F32), Lit::No),
                // `h` is a `half` with 16-bit types and a `float` without (DXC's
                // ActOnNumericConstant): the value is rounded to that type, as for `f`.
                ast::FloatSuffix::H => {
                    let s = if self.options.enable_16bit_types { Scalar::F16 } else { Scalar::F32 };
                    (ConstValue::Float(fold::round_float(value, s)), types.scalar(s), Lit::No)
                }
                ast::FloatSuffix::L | ast::FloatSuffix::F64 => (ConstValue::Float(value), types.scalar(Scalar::F64), Lit::No),
                ast::FloatSuffix::F32 => (ConstValue::Float(value as f32 as f64), types.scalar(Scalar::F32), Lit::No),
                ast::FloatSuffix::F16 => (ConstValue::Float(fold::round_float(value, Scalar::F16)), types.scalar(Scalar::F16), Lit::No),
            },
            ast::Literal::Bool(b) => (ConstValue::Bool(b), types.scalar(Scalar::BOOL), Lit::No),
            ast::Literal::String(_) => {
                self.error("E0408", span, "string literals are only allowed in attributes");
                return None;
            }
        };
        Some(Operand { value: Value::Expr(Expr::new(ExprKind::Const(value), ty, span)), ty, lit: kind, span })
    }

    /// DXC's `vk::CrossDeviceScope` … `vk::QueueFamilyScope`: SPIR-V's scope values (`uint`),
    /// the arguments of `vk::ReadClock` and of DXC's inline SPIR-V.
    fn vk_scope_constant(&mut self, path: &ast::Path, span: Span) -> Option<Operand> {
        const SCOPES: [(&str, u64); 6] =
            [("CrossDeviceScope", 0), ("DeviceScope", 1), ("WorkgroupScope", 2), ("SubgroupScope", 3), ("InvocationScope", 4), ("QueueFamilyScope", 5)];
        let [ns, name] = path.segments.as_slice() else { return None };
        if ns.ident.name != "vk" {
            return None;
        }
        let &(_, value) = SCOPES.iter().find(|(n, _)| *n == name.ident.name)?;
        let ty = self.module.types.scalar(Scalar::U32);
        Some(Operand::expr(Expr::new(ExprKind::Const(ConstValue::Uint(value)), ty, span)))
    }

    fn name(&mut self, path: &ast::Path, span: Span) -> Option<Operand> {
        let sym = if let Some(found) = self.lookup_templated_path(path) {
            found
        } else if path.segments.len() == 1 && !path.global {
            self.lookup(&path.segments[0].ident.name)
        } else {
            self.lookup_path(path)
        };
        let Some(sym) = sym else {
            if path.segments.len() == 1 && !path.global {
                if let Some(c) = self.ray_tracing_constant(&path.segments[0].ident.name, span) {
                    return Some(c);
                }
                if let Some(c) = self.barrier_constant(&path.segments[0].ident.name, span) {
                    return Some(c);
                }
            }
            if let Some(c) = self.vk_scope_constant(path, span) {
                return Some(c);
            }
            let name = super::types::path_text(path);
            let last = &path.segments.last()?.ident.name;
            if let Some(heap) = self.heap_outside_declaration(path) {
                self.error("E0801", span, format!("`{}[…]` has no resource type here", heap.name()))
                    .note("a heap element takes the type of the resource variable it initialises or is assigned to, the parameter it is passed to, or a cast")
                    .help("declare the resource first (`Texture2D t = ResourceDescriptorHeap[i];`), or cast the element (`(Texture2D)ResourceDescriptorHeap[i]`)");
                return None;
            }
            if let Some(&declared) = self.string_globals.get(last.as_str()).filter(|_| path.segments.len() == 1) {
                self.error("E0653", span, format!("`{name}` is a string, which hlslc only takes as an argument of `printf`"))
                    .related(declared, "declared here")
                    .note("strings have no storage in WGSL or Vulkan shaders; `printf` calls are removed");
                return None;
            }
            let hint = self.similar_name(last);
            let loop_var = path.segments.len() == 1 && self.func.as_ref().is_some_and(|f| f.expired_for_vars.iter().any(|v| v == last));
            let d = self.error("E0306", span, format!("use of undeclared identifier `{name}`"));
            if loop_var {
                d.help(format!("`{name}` was declared in a `for` loop above, which is its scope in HLSL 2021; declare it before the loop, or compile with `-HV 2018` (where it leaks)"));
            } else if let Some(h) = hint {
                d.help(format!("did you mean `{h}`?"));
            }
            return None;
        };
        if let Symbol::VariableTemplate(t) = sym {
            return self.variable_template_use(t, path.segments.last()?, span);
        }
        // (A plain name is its own text: no copy.)
        match path.segments.as_slice() {
            [seg] if !path.global => self.symbol_operand(sym, &seg.ident.name, span),
            _ => self.symbol_operand(sym, &super::types::path_text(path), span),
        }
    }

    pub(crate) fn symbol_operand(&mut self, sym: Symbol, name: &str, span: Span) -> Option<Operand> {
        match sym {
            Symbol::Var(v) => Some(Operand::place(self.var_place(v, span))),
            Symbol::Error => None,
            Symbol::Constant(mut e) => {
                e.span = span;
                Some(Operand::expr(e))
            }
            Symbol::Alias(b) => {
                let p = self.resolve_use(&b, &format!("resource variable `{name}`"), span)?;
                self.note_alias_read(name, span);
                Some(Operand::place(p))
            }
            Symbol::ThisField(field) => {
                let (st, _) = self.func.as_ref()?.this?;
                let sty = self.module.types.insert(TypeInner::Struct(st));
                let ty = self.module.structs[st.0 as usize].fields[field as usize].ty;
                let _ = sty;
                Some(Operand::place(Place { root: PlaceRoot::Param(ParamId(0)), projections: vec![Projection::Field(field)].into(), ty, span }))
            }
            Symbol::ThisBitField(field, k) => {
                let (st, _) = self.func.as_ref()?.this?;
                Some(self.this_bit_field(st, field, k, span))
            }
            Symbol::EnumValue { value, ty } => {
                let v = match self.module.types.scalar_of(ty).map(|s| s.kind) {
                    Some(ScalarKind::Uint) => ConstValue::Uint(value as u64),
                    _ => ConstValue::Int(value),
                };
                Some(Operand::expr(Expr::new(ExprKind::Const(v), ty, span)))
            }
            Symbol::Functions(_) => {
                self.error("E0501", span, format!("`{name}` is a function and must be called"));
                None
            }
            Symbol::Type(_) | Symbol::StructTemplate(_) => {
                self.error("E0407", span, format!("`{name}` is a type, not a value"));
                None
            }
            Symbol::VariableTemplate(_) => {
                self.error("E0403", span, format!("`{name}` is a variable template and needs template arguments"));
                None
            }
            Symbol::Namespace(_) => {
                self.error("E0407", span, format!("`{name}` is a namespace, not a value"));
                None
            }
        }
    }

    /// The place a variable reference denotes.
    pub fn var_place(&mut self, v: VarRef, span: Span) -> Place {
        match v {
            VarRef::Global(g) => Place { root: PlaceRoot::Global(g), projections: vec![].into(), ty: self.module.globals[g.0 as usize].ty, span },
            VarRef::CBufferMember { buffer, field } => {
                let st = self.cbuffer_struct(buffer);
                let ty = self.module.structs[st.0 as usize].fields[field as usize].ty;
                Place { root: PlaceRoot::Global(buffer), projections: vec![Projection::Field(field)].into(), ty, span }
            }
            VarRef::Local(l) => {
                let ty = self.func.as_ref().map(|f| f.locals[l.0 as usize].ty).unwrap_or_default();
                Place { root: PlaceRoot::Local(l), projections: vec![].into(), ty, span }
            }
            VarRef::Param(p) => {
                let ty = self.func.as_ref().map(|f| self.module.functions[f.id.0 as usize].params[p.0 as usize].ty).unwrap_or_default();
                Place { root: PlaceRoot::Param(p), projections: vec![].into(), ty, span }
            }
        }
    }

    /// Reports writes to read-only places: constant buffers, `static const`, `const` locals.
    pub fn check_writable(&mut self, p: &Place, span: Span) {
        // A swizzle or matrix-element list that names a component twice is no modifiable
        // lvalue (clang's "vector is not assignable (contains duplicate components)", which
        // DXC keeps for matrices too): `v.xzzx = …`, `m._m01_m01 = …`, `f(v.yy)` for `inout`.
        for proj in &p.projections {
            let twice = match proj {
                Projection::Swizzle(c) => c.iter().enumerate().find(|(i, x)| c[..*i].contains(x)).map(|(_, &x)| ["x", "y", "z", "w"].get(x as usize).copied().unwrap_or("?").to_string()),
                Projection::MatrixElements(c) => c.iter().enumerate().find(|(i, x)| c[..*i].contains(x)).map(|(_, &(r, k))| format!("_m{r}{k}")),
                _ => None,
            };
            if let Some(component) = twice {
                self.error("E0405", span, format!("cannot write through a swizzle that names component `{component}` twice"))
                    .help("name each component at most once, or write the components in separate assignments");
                return;
            }
        }
        match &p.root {
            PlaceRoot::Global(g) => {
                let global = &self.module.globals[g.0 as usize];
                match &global.kind {
                    tir::GlobalKind::SpecConstant { .. } => {
                        let name = global.name.clone();
                        self.error("E0409", span, format!("cannot assign to `{name}`, it is a specialization constant"));
                    }
                    tir::GlobalKind::Static { is_const: true, .. } => {
                        let name = global.name.clone();
                        self.error("E0409", span, format!("cannot assign to `{name}`, it is `static const`"));
                    }
                    tir::GlobalKind::GroupShared if self.const_groupshared.contains(g) => {
                        let name = global.name.clone();
                        self.error("E0409", span, format!("cannot assign to `{name}`, it is `const groupshared`"))
                            .help("remove `const`, or write to another variable");
                    }
                    tir::GlobalKind::Resource { .. } => {
                        let is_globals = Some(*g) == self.globals_cbuffer;
                        if (is_globals || self.cbuffer_blocks.contains(g)) && self.options.backwards_compatibility {
                            // `-Gec`: the global becomes a private copy (`compat.rs`).
                            return;
                        }
                        if matches!(self.module.types.get(global.ty), TypeInner::Resource(Resource::ConstantBuffer { .. } | Resource::TextureBuffer { .. })) {
                            let member = match p.projections.first() {
                                Some(Projection::Field(f)) => {
                                    let st = self.cbuffer_struct(*g);
                                    self.module.structs[st.0 as usize].fields.get(*f as usize).map(|f| f.name.clone())
                                }
                                _ => None,
                            };
                            let what = match (&member, is_globals) {
                                (Some(m), true) => format!("global variable `{m}`"),
                                (Some(m), false) => format!("`{m}`, a member of constant buffer `{}`,", global.name),
                                (None, _) => format!("`{}`", global.name),
                            };
                            let d = self.error("E0409", span, format!("cannot assign to {what} which is a uniform (read-only) value"));
                            if is_globals {
                                d.help("copy it into a local variable, declare it `static` for per-invocation state, or compile with `-Gec` (FXC compatibility: writes go to a private copy)");
                            } else {
                                d.help("copy it into a local variable, or declare a `static` global for per-invocation state");
                            }
                        } else {
                            let name = global.name.clone();
                            self.error("E0409", span, format!("cannot assign to resource `{name}`"));
                        }
                    }
                    _ => {}
                }
            }
            PlaceRoot::BufferElement { resource, .. } | PlaceRoot::Texel { resource, .. } => {
                if let TypeInner::Resource(r) = *self.module.types.get(resource.ty) {
                    let writable = match r {
                        Resource::StructuredBuffer { kind, .. } => kind == crate::ty::StructuredKind::ReadWrite,
                        Resource::TypedBuffer { access, .. } | Resource::Texture { access, .. } => access == crate::ty::Access::ReadWrite,
                        _ => false,
                    };
                    if !writable {
                        let n = self.type_name(resource.ty);
                        self.error("E0409", span, format!("cannot write to a `{n}`, it is read-only"))
                            .help("declare a read-write resource (`RW…`) bound as a UAV register (`u#`)");
                    }
                }
            }
            PlaceRoot::Local(l) => {
                if let Some(f) = self.func.as_ref().filter(|f| f.const_locals.contains(l)) {
                    let name = f.locals[l.0 as usize].name.clone();
                    self.error("E0409", span, format!("cannot assign to `{name}`, it is `const`")).help(format!("remove `const` from the declaration of `{name}`, or assign to a copy"));
                }
            }
            PlaceRoot::Param(i) => {
                let param_ty = self.func.as_ref().and_then(|f| self.module.functions.get(f.id.0 as usize)).and_then(|f| f.params.get(i.0 as usize)).map(|p| p.ty);
                if let Some(t) = param_ty {
                    self.check_node_record_write(p, t, span);
                }
                // `InputPatch` control points are read-only (DXC).
                let param = self.func.as_ref().and_then(|f| self.module.functions.get(f.id.0 as usize)).and_then(|f| f.params.get(i.0 as usize));
                if let Some(p) = param.filter(|p| p.primitive == Some(tir::InputPrimitive::InputPatch)) {
                    let name = p.name.clone();
                    self.error("E0409", span, format!("cannot assign to `{name}`, an `InputPatch` is read-only")).help("copy the control point into a local variable and change the copy");
                }
            }
            // Buffer memory behind a `vk::BufferPointer` is writable.
            PlaceRoot::Pointee { .. } => {}
        }
    }

    // -----------------------------------------------------------------------------------------
    // Operators
    // -----------------------------------------------------------------------------------------

    /// `x++`, `x--`, `++x`, `--x` on a place: an assignment yielding the new value (prefix)
    /// or the old one (postfix).
    fn increment(&mut self, op: ast::UnaryOp, place: Place, span: Span) -> Option<Expr> {
        use ast::UnaryOp as U;
        let ty = place.ty;
        let scalar = match self.module.types.scalar_of(ty) {
            Some(s) if s.kind != ScalarKind::Bool => s,
            _ => {
                self.error("E0410", span, format!("cannot increment or decrement a value of type `{}`", self.type_name(ty)));
                return None;
            }
        };
        let one_ty = self.module.types.scalar(scalar);
        let one = match scalar.kind {
            ScalarKind::Float => ConstValue::Float(1.0),
            ScalarKind::Uint => ConstValue::Uint(1),
            _ => ConstValue::Int(1),
        };
        let one = Expr::new(ExprKind::Const(one), one_ty, span);
        let one = if one_ty != ty { Expr::new(ExprKind::Splat(Box::new(one)), ty, span) } else { one };
        let bop = if matches!(op, U::PreInc | U::PostInc) { tir::BinaryOp::Add } else { tir::BinaryOp::Sub };
        let current = Expr::new(ExprKind::PlaceValue, ty, span);
        let value = Expr::new(ExprKind::binary(bop, current, one), ty, span);
        let returns_old = matches!(op, U::PostInc | U::PostDec);
        Some(Expr::new(ExprKind::Assign { place: Box::new(place), value: Box::new(value), returns_old }, ty, span))
    }

    fn unary(&mut self, op: ast::UnaryOp, operand: &ast::Expr, span: Span) -> Option<Operand> {
        use ast::UnaryOp as U;
        match op {
            U::PreInc | U::PreDec | U::PostInc | U::PostDec => {
                let (place, mut effects) = self.place_with_effects(operand, "the operand of `++`/`--`")?;
                let e = self.increment(op, place, span)?;
                if effects.is_empty() {
                    return Some(Operand::expr(e));
                }
                let ty = e.ty;
                effects.push(e);
                Some(Operand::expr(Expr::new(ExprKind::Sequence(effects), ty, span)))
            }
            U::Plus | U::Neg => {
                let v = self.operand(operand)?;
                if let TypeInner::Struct(st) = *self.module.types.get(v.ty) {
                    return self.unary_operator_overload(st, op, v, span);
                }
                let Some(shape) = self.module.types.shape(v.ty) else {
                    self.error("E0410", span, format!("invalid operand of type `{}` for unary `{}`", self.type_name(v.ty), op.as_str()));
                    return None;
                };
                let lit = v.lit;
                let mut scalar = self.module.types.scalar_of(v.ty)?;
                if scalar.kind == ScalarKind::Bool {
                    scalar = Scalar::I32;
                }
                let ty = self.module.types.of_shape(shape, scalar);
                let e = if lit == Lit::No { self.convert_implicit(v, ty, span)? } else { v.into_expr() };
                if op == U::Plus {
                    return Some(Operand { ty, lit, span, value: Value::Expr(e) });
                }
                // DXC's literal int is 64-bit: `-2147483648` is INT_MIN, and `-3000000000` is
                // negative in an `int64_t` context, where negating the `uint` the literal
                // alone is typed as would give +2147483648 / a large positive value.
                if let (Lit::Int, ExprKind::Const(ConstValue::Uint(n))) = (lit, &e.kind) {
                    if scalar == Scalar::U32 && *n > i32::MAX as u64 {
                        let s = if *n == 1 << 31 { Scalar::I32 } else { Scalar::I64 };
                        let ty = self.module.types.of_shape(shape, s);
                        let e = Expr::new(ExprKind::Const(ConstValue::Int(-(*n as i64))), ty, span);
                        return Some(Operand { ty, lit, span, value: Value::Expr(e) });
                    }
                }
                if lit == Lit::Int && matches!(e.kind, ExprKind::Const(_)) {
                    // Any other literal int (a folded `0xFFFFFFFF + 1`, `1 << 32` …) negates in
                    // the 64-bit literal type too, keeping its nominal type: -(1 << 32) is -2^32.
                    let wide = self.literal_fold_type(ty, lit);
                    let e = self.convert_operand(Operand { ty, lit, span, value: Value::Expr(e) }, wide, span)?;
                    let e = Expr::new(ExprKind::Unary { op: tir::UnaryOp::Neg, expr: Box::new(e) }, wide, span);
                    return Some(self.fold_literal_operand(e, ty, lit));
                }
                let e = Expr::new(ExprKind::Unary { op: tir::UnaryOp::Neg, expr: Box::new(e) }, ty, span);
                Some(self.fold_operand(e, lit))
            }
            U::Not => {
                let v = self.operand(operand)?;
                if let TypeInner::Struct(st) = *self.module.types.get(v.ty) {
                    return self.unary_operator_overload(st, op, v, span);
                }
                let Some(shape) = self.module.types.shape(v.ty) else {
                    self.error("E0410", span, format!("invalid operand of type `{}` for `!`", self.type_name(v.ty)));
                    return None;
                };
                let bty = self.module.types.of_shape(shape, Scalar::BOOL);
                let b = self.convert_implicit(v, bty, span)?;
                let e = Expr::new(ExprKind::Unary { op: tir::UnaryOp::Not, expr: Box::new(b) }, bty, span);
                Some(self.fold_operand(e, Lit::No))
            }
            U::BitNot => {
                let v = self.operand(operand)?;
                if let TypeInner::Struct(st) = *self.module.types.get(v.ty) {
                    return self.unary_operator_overload(st, op, v, span);
                }
                let lit = v.lit;
                let (shape, scalar) = match (self.module.types.shape(v.ty), self.module.types.scalar_of(v.ty)) {
                    (Some(sh), Some(s)) if s.is_integer() || s.kind == ScalarKind::Bool => (sh, if s.kind == ScalarKind::Bool { Scalar::I32 } else { s }),
                    _ => {
                        self.error("E0410", span, format!("`~` requires an integer operand, found `{}`", self.type_name(v.ty)))
                            .help("use `asuint` to operate on the bits of a float");
                        return None;
                    }
                };
                let ty = self.module.types.of_shape(shape, scalar);
                if lit != Lit::No && v.is_const() {
                    // A literal int is DXC's signed 64-bit literal type, also under `~`:
                    // `~0xFFFFFFFF` is -2^32 (so `>> 32` gives -1), not the `uint` 0. The
                    // value is folded at 64 bits and keeps the literal's nominal type, as the
                    // binary operators' literal folds do.
                    let wide = self.literal_fold_type(ty, lit);
                    let e = self.convert_operand(v, wide, span)?;
                    let e = Expr::new(ExprKind::Unary { op: tir::UnaryOp::BitNot, expr: Box::new(e) }, wide, span);
                    return Some(self.fold_literal_operand(e, ty, lit));
                }
                let e = self.convert_implicit(v, ty, span)?;
                let e = Expr::new(ExprKind::Unary { op: tir::UnaryOp::BitNot, expr: Box::new(e) }, ty, span);
                Some(self.fold_operand(e, lit))
            }
        }
    }

    /// Folds `e` if all its operands are constants; keeps the literal kind.
    pub fn fold_operand(&mut self, e: Expr, lit: Lit) -> Operand {
        let span = e.span;
        let ty = e.ty;
        match self.try_fold(&e) {
            Ok(Some(c)) => Operand { value: Value::Expr(Expr::new(ExprKind::Const(c), ty, span)), ty, lit, span },
            Ok(None) => Operand { value: Value::Expr(e), ty, lit: Lit::No, span },
            Err(msg) => {
                self.error("E0411", span, msg);
                Operand { value: Value::Expr(e), ty, lit: Lit::No, span }
            }
        }
    }

    /// The type arithmetic on literals folds in: DXC's literal int is a 64-bit integer and its
    /// literal float a double (`16777217.0 - 16777216.0` is `1`, `(1 << 32) - 1` is
    /// `0xFFFFFFFF`); the result takes its final type only when it converts. Other operands
    /// keep `ty`.
    fn literal_fold_type(&mut self, ty: TypeId, lit: Lit) -> TypeId {
        match lit {
            Lit::No => ty,
            Lit::Int => self.module.types.with_scalar(ty, Scalar::I64),
            Lit::Float => self.module.types.with_scalar(ty, Scalar::F64),
        }
    }

    /// Folds `e` (computed in [`Self::literal_fold_type`]) and gives the constant the
    /// literal's type `ty`.
    fn fold_literal_operand(&mut self, e: Expr, ty: TypeId, lit: Lit) -> Operand {
        if lit == Lit::No {
            return self.fold_operand(e, lit);
        }
        let mut folded = self.fold_operand(e, lit);
        if let Value::Expr(Expr { kind: ExprKind::Const(_), ty: t, .. }) = &mut folded.value {
            *t = ty;
            folded.ty = ty;
        }
        folded
    }

    pub(crate) fn binary(&mut self, op: ast::BinaryOp, l: Operand, r: Operand, span: Span) -> Option<Operand> {
        use ast::BinaryOp as B;
        let (lt, rt) = (l.ty, r.ty);
        if self.module.types.shape(lt).is_none() || self.module.types.shape(rt).is_none() {
            // Operator overloads (HLSL 2021) on structs.
            if let TypeInner::Struct(st) = *self.module.types.get(lt) {
                return self.operator_overload(st, op, l, r, span);
            }
            self.error(
                "E0410",
                span,
                format!("invalid operands `{}` and `{}` for binary `{}`", self.type_name(lt), self.type_name(rt), op.as_str()),
            );
            return None;
        }
        // Two literals fold at 64 bits; a literal chosen at run time (`c ? 1 : 2`) is not folded.
        let lit = if l.lit != Lit::No && r.lit != Lit::No && l.is_const() && r.is_const() {
            if l.lit == Lit::Float || r.lit == Lit::Float { Lit::Float } else { Lit::Int }
        } else {
            Lit::No
        };
        match op {
            B::LogicalAnd | B::LogicalOr => {
                let shape = self.common_shape(lt, rt, span)?;
                let short_circuit = self.options.hlsl_version >= 2021;
                if short_circuit && shape != Shape::Scalar {
                    self.error("E0412", span, format!("`{}` requires scalar operands in HLSL 2021", op.as_str()))
                        .help(format!("use `{}(a, b)` for component-wise logic on vectors", if op == B::LogicalAnd { "and" } else { "or" }));
                    return None;
                }
                let bty = self.module.types.of_shape(shape, Scalar::BOOL);
                let a = self.convert_implicit(l, bty, span)?;
                let b = self.convert_implicit(r, bty, span)?;
                let top = if op == B::LogicalAnd { tir::BinaryOp::LogicalAnd } else { tir::BinaryOp::LogicalOr };
                let e = Expr::new(ExprKind::binary(top, a, b), bty, span);
                Some(self.fold_operand(e, Lit::No))
            }
            B::Shl | B::Shr | B::BitAnd | B::BitOr | B::BitXor => {
                let (ls, rs) = (self.module.types.scalar_of(lt)?, self.module.types.scalar_of(rt)?);
                if ls.is_float() || rs.is_float() {
                    self.error("E0410", span, format!("`{}` requires integer operands, found `{}` and `{}`", op.as_str(), self.type_name(lt), self.type_name(rt)))
                        .help("use `asuint` to operate on the bits of a float");
                    return None;
                }
                let ty = if matches!(op, B::Shl | B::Shr) {
                    // The result has the left operand's type; the shift amount follows it.
                    let shape = self.common_shape(lt, rt, span)?;
                    // The left operand's type, whatever the amount's; but a literal shifted by a
                    // typed amount is `uint` for a `uint` amount and `int` for any other (DXC's
                    // CheckBinOpForHLSL, warn_hlsl_ambiguous_literal_shift): `1 << u` is uint.
                    let s = if l.lit != Lit::No && r.lit == Lit::No {
                        if rs == Scalar::U32 { Scalar::U32 } else { Scalar::I32 }
                    } else if ls.kind == ScalarKind::Bool {
                        Scalar::I32
                    } else {
                        ls
                    };
                    self.module.types.of_shape(shape, s)
                } else {
                    self.common_type(&l, &r, span)?
                };
                let ty = {
                    let s = self.module.types.scalar_of(ty)?;
                    if s.kind == ScalarKind::Bool { self.module.types.with_scalar(ty, Scalar::I32) } else { ty }
                };
                let wide = self.literal_fold_type(ty, lit);
                let a = self.convert_operand(l, wide, span)?;
                let b = self.convert_operand(r, wide, span)?;
                let top = match op {
                    B::Shl => tir::BinaryOp::Shl,
                    B::Shr => tir::BinaryOp::Shr,
                    B::BitAnd => tir::BinaryOp::BitAnd,
                    B::BitOr => tir::BinaryOp::BitOr,
                    _ => tir::BinaryOp::BitXor,
                };
                let e = Expr::new(ExprKind::binary(top, a, b), wide, span);
                Some(self.fold_literal_operand(e, ty, lit))
            }
            B::Add | B::Sub | B::Mul | B::Div | B::Rem => {
                let rhs_span = r.span;
                let mut ty = self.common_type(&l, &r, span)?;
                if self.module.types.scalar_of(ty)?.kind == ScalarKind::Bool {
                    ty = self.module.types.with_scalar(ty, Scalar::I32);
                }
                let wide = self.literal_fold_type(ty, lit);
                let a = self.convert_operand(l, wide, span)?;
                let b = self.convert_operand(r, wide, span)?;
                let top = match op {
                    B::Add => tir::BinaryOp::Add,
                    B::Sub => tir::BinaryOp::Sub,
                    B::Mul => tir::BinaryOp::Mul,
                    B::Div => tir::BinaryOp::Div,
                    _ => tir::BinaryOp::Rem,
                };
                if matches!(op, B::Div | B::Rem) && self.module.types.scalar_of(ty).is_some_and(|s| s.is_integer()) && has_zero_component(&b) && !matches!(a.kind, ExprKind::Const(_)) {
                    // clang warns; DXIL's validator rejects an integer division by a constant
                    // zero in code that runs (`liveness.rs`).
                    if op == B::Div {
                        self.deferred_warning(("W0403", "division-by-zero"), rhs_span, "division by zero is undefined".into(), "E0423", "integer division by zero".into())
                            .help("the divisor is a constant zero; check the expression");
                    } else {
                        self.warning("W0403", "division-by-zero", rhs_span, "remainder by zero is undefined")
                            .help("the divisor is a constant zero; check the expression");
                    }
                    // WGSL rejects a constant zero divisor: use D3D's result (all bits set)
                    // for those components.
                    return Some(Operand::expr(self.division_by_constant_zero(top, a, b, ty, span)));
                }
                let e = Expr::new(ExprKind::binary(top, a, b), wide, span);
                Some(self.fold_literal_operand(e, ty, lit))
            }
            B::Eq | B::Ne | B::Lt | B::Le | B::Gt | B::Ge => {
                let mut ty = self.common_type(&l, &r, span)?;
                // Two bools are ordered as 0 and 1 (DXC compares the i1 values unsigned);
                // WGSL and SPIR-V order only numbers.
                if !matches!(op, B::Eq | B::Ne) && self.module.types.scalar_of(ty)?.kind == ScalarKind::Bool {
                    ty = self.module.types.with_scalar(ty, Scalar::U32);
                }
                let ty = self.literal_fold_type(ty, lit);
                let shape = self.module.types.shape(ty)?;
                let a = self.convert_operand(l, ty, span)?;
                let b = self.convert_operand(r, ty, span)?;
                let bty = self.module.types.of_shape(shape, Scalar::BOOL);
                let top = match op {
                    B::Eq => tir::BinaryOp::Eq,
                    B::Ne => tir::BinaryOp::Ne,
                    B::Lt => tir::BinaryOp::Lt,
                    B::Le => tir::BinaryOp::Le,
                    B::Gt => tir::BinaryOp::Gt,
                    _ => tir::BinaryOp::Ge,
                };
                let e = Expr::new(ExprKind::binary(top, a, b), bty, span);
                Some(self.fold_operand(e, Lit::No))
            }
        }
    }

    /// `a / b` or `a % b` on integers where `b` is a constant with zero components: those
    /// components are all bits set (D3D's result for unsigned division; signed division by
    /// zero is undefined), the others divide by the non-zero constant. `a` is still evaluated.
    fn division_by_constant_zero(&mut self, op: tir::BinaryOp, a: Expr, b: Expr, ty: TypeId, span: Span) -> Expr {
        let scalar = self.module.types.scalar_of(ty).unwrap_or(Scalar::I32);
        let ones = if scalar.kind == ScalarKind::Uint { ConstValue::Uint(if scalar.width == 8 { u64::MAX } else { u32::MAX as u64 }) } else { ConstValue::Int(-1) };
        let divisor = match &b.kind {
            ExprKind::Const(c) => fold::components(c),
            ExprKind::Splat(inner) => match &inner.kind {
                ExprKind::Const(c) => vec![c.clone(); self.leaf_count(ty) as usize],
                _ => vec![],
            },
            _ => vec![],
        };
        let zero = |c: &ConstValue| matches!(c, ConstValue::Int(0) | ConstValue::Uint(0));
        if divisor.iter().all(zero) {
            let value = if divisor.len() > 1 { ConstValue::Composite(vec![ones; divisor.len()]) } else { ones };
            return Expr::new(ExprKind::Sequence(vec![a, Expr::new(ExprKind::Const(value), ty, span)]), ty, span);
        }
        let one = if scalar.kind == ScalarKind::Uint { ConstValue::Uint(1) } else { ConstValue::Int(1) };
        let safe = ConstValue::Composite(divisor.iter().map(|c| if zero(c) { one.clone() } else { c.clone() }).collect());
        let mask = ConstValue::Composite(divisor.iter().map(|c| ConstValue::Bool(zero(c))).collect());
        let shape = self.module.types.shape(ty).unwrap_or(Shape::Scalar);
        let bty = self.module.types.of_shape(shape, Scalar::BOOL);
        let quotient = Expr::new(ExprKind::binary(op, a, Expr::new(ExprKind::Const(safe), ty, span)), ty, span);
        let all_ones = Expr::new(ExprKind::Const(ConstValue::Composite(vec![ones; divisor.len()])), ty, span);
        Expr::new(
            ExprKind::Select { cond: Box::new(Expr::new(ExprKind::Const(mask), bty, span)), accept: Box::new(all_ones), reject: Box::new(quotient), short_circuit: false },
            ty,
            span,
        )
    }

    /// Enters (`1`) or leaves (`-1`) an expression that may not run, or may run repeatedly,
    /// where no call can be hoisted before its statement.
    pub(crate) fn block_hoisting(&mut self, delta: i32) {
        if let Some(f) = self.func.as_mut() {
            f.hoist_blocked = f.hoist_blocked.saturating_add_signed(delta);
        }
    }

    /// Converts an operand for a binary operation, keeping literal constants exact.
    fn convert_operand(&mut self, op: Operand, ty: TypeId, span: Span) -> Option<Expr> {
        // `common_type` already warned about a truncated shape.
        self.convert_quiet(op, ty, span)
    }

    fn assign(&mut self, op: Option<ast::BinaryOp>, lhs: &ast::Expr, rhs: &ast::Expr, span: Span) -> Option<Operand> {
        // `res = otherRes;` on a resource variable (or a constant element of a local resource
        // array) binds it to other resources (`resource_value.rs`).
        // (Data members of split structs are ordinary places.)
        let target = self.alias_target(lhs);
        let current = match &target {
            Some(Some((name, path, _))) => self.lookup_binding(name).and_then(|b| self.value_at(&b, path)),
            _ => None,
        };
        if let (Some(target), false) = (target, matches!(current, Some(ResBinding { value: ResValue::Data(_), .. }))) {
            let (name, path, _) = target?;
            let current = current?;
            if op.is_some() {
                self.error("E0410", span, "compound assignment to a resource variable");
                return None;
            }
            let value = match &rhs.kind {
                ast::ExprKind::InitList(_) => {
                    let fresh = current.value.clone();
                    self.init_value(fresh, current.ty, rhs)?
                }
                _ => {
                    let src = self.resource_value(rhs, current.ty)?;
                    self.copy_value(&current.value, src, span)?
                }
            };
            self.assign_binding(&name, &path, value, span)?;
            let void = self.module.types.void();
            return Some(Operand::expr(Expr::new(ExprKind::Sequence(vec![]), void, span)));
        }
        if op.is_none() {
            if let Some(r) = self.cast_view_assign(lhs, rhs, span) {
                return r;
            }
        }
        let mut rhs_first = None;
        let (place, effects) = match self.place_with_effects(lhs, "the left side of an assignment") {
            Some((p, effects)) => (Some(p), effects),
            None => (None, Vec::new()),
        };
        let value = if let (Some(ast::ExprKind::InitList(items)), Some(p)) = (Some(&rhs.kind), &place) {
            let _ = items;
            let ty = p.ty;
            self.initializer(rhs, ty)
        } else {
            let r = self.operand(rhs);
            let place = place.as_ref()?;
            let mut r = r?;
            // With effects on the left (`++x = y`, `v.xy[i++] = y`), DXC still evaluates the
            // right side first: it goes to a temporary assigned before the effects.
            if !effects.is_empty() && matches!(r.lit, Lit::No) && self.rhs_sees_effects(&r, &effects) {
                let e = self.materialize(r);
                let (ty, rspan) = (e.ty, e.span);
                let tmp = self.temp_local(ty, rspan);
                let tmp_place = Place { root: PlaceRoot::Local(tmp), projections: vec![].into(), ty, span: rspan };
                rhs_first = Some(Expr::new(ExprKind::Assign { place: Box::new(tmp_place.clone()), value: Box::new(e), returns_old: false }, ty, rspan));
                r = Operand::place(tmp_place);
            }
            match op {
                None => self.convert_implicit(r, place.ty, rhs.span),
                Some(bop) => {
                    let current = Operand::expr(Expr::new(ExprKind::PlaceValue, place.ty, lhs.span));
                    let combined = self.binary(bop, current, r, span)?;
                    self.convert_implicit(combined, place.ty, span)
                }
            }
        };
        let place = place?;
        let value = value?;
        let ty = place.ty;
        if matches!(self.module.types.get(ty), TypeInner::RayQuery { .. }) {
            self.error("E0625", span, "a `RayQuery` cannot be assigned: naga's ray queries cannot be copied")
                .help("declare another name for a query instead (`RayQuery<FLAGS> b = a;`)");
            return None;
        }
        if !self.check_records_assignment(&place, &value, span) {
            return None;
        }
        let assign = Expr::new(ExprKind::Assign { place: Box::new(place), value: Box::new(value), returns_old: false }, ty, span);
        if effects.is_empty() {
            return Some(Operand::expr(assign));
        }
        // `++x = y`: the right side (kept in a temporary), the increments, the assignment.
        let mut parts: Vec<Expr> = rhs_first.into_iter().collect();
        parts.extend(effects);
        parts.push(assign);
        Some(Operand::expr(Expr::new(ExprKind::Sequence(parts), ty, span)))
    }

    /// True if the right side of an assignment could see the left side's effects (`++x = x`,
    /// `v.xy[i++] = i`): it reads a variable they assign, or has effects of its own.
    fn rhs_sees_effects(&self, r: &Operand, effects: &[Expr]) -> bool {
        let load;
        let e = match &r.value {
            Value::Expr(e) => e,
            Value::Place(p) => {
                load = Expr::new(ExprKind::Load(Box::new(p.clone())), r.ty, r.span);
                &load
            }
        };
        let mut roots: Vec<String> = Vec::new();
        for effect in effects {
            tir::visit::walk_expr(effect, &mut |x| {
                if let ExprKind::Assign { place, .. } = &x.kind {
                    roots.push(format!("{:?}", place.root));
                }
            });
        }
        let mut sees = false;
        tir::visit::walk_expr(e, &mut |x| match &x.kind {
            ExprKind::Load(p) => sees |= roots.contains(&format!("{:?}", p.root)),
            ExprKind::Call { .. } | ExprKind::Assign { .. } | ExprKind::Method { .. } | ExprKind::Intrinsic { .. } => {
                sees |= crate::lower::has_side_effects(x)
            }
            _ => {}
        });
        sees
    }

    fn conditional(&mut self, cond: &ast::Expr, accept: &ast::Expr, reject: &ast::Expr, span: Span) -> Option<Operand> {
        let c = self.operand(cond);
        // A constant condition (also a local that keeps a constant initializer): the operand
        // it does not choose is dead code, which DXC's optimiser removes before resolving
        // resources (a use of an unassigned resource there is no error).
        let bool_ty = self.module.types.scalar(Scalar::BOOL);
        let folded = c.clone().and_then(|c| self.convert_quiet(c, bool_ty, cond.span)).and_then(|e| match self.try_fold(&e) {
            Ok(Some(k)) => Some(k),
            _ => self.known_constant(&e),
        });
        let chosen = match folded {
            Some(ConstValue::Bool(k)) => Some(k),
            _ => None,
        };
        self.block_hoisting(1);
        let a = self.dead_if(chosen == Some(false), |s| s.operand(accept));
        let b = self.dead_if(chosen == Some(true), |s| s.operand(reject));
        self.block_hoisting(-1);
        let (c, a, b) = (c?, a?, b?);
        if a.ty == b.ty && self.module.types.is_resource_like(a.ty) {
            // A constant condition chooses the resource at compile time (DXC's legalization).
            if let Some(k) = chosen {
                return Some(if k { a } else { b });
            }
            // Two elements of one resource array: the element at the chosen index.
            if let (Value::Place(pa), Value::Place(pb)) = (&a.value, &b.value) {
                if let (Some((Projection::Index(i), ra)), Some((Projection::Index(j), rb))) = (pa.projections.split_last(), pb.projections.split_last()) {
                    let same = |x: &Place, rest: &[Projection]| super::resource_value::place_key(&Place { projections: rest.to_vec().into(), ..x.clone() });
                    if same(pa, ra) == same(pb, rb) {
                        if let Some(c) = self.convert_implicit(c.clone(), bool_ty, cond.span) {
                            let uint = self.module.types.scalar(Scalar::U32);
                            let as_uint = |e: &Expr| if e.ty == uint { e.clone() } else { Expr::new(ExprKind::Convert(Box::new(e.clone())), uint, e.span) };
                            let select = Expr::new(ExprKind::Select { cond: Box::new(c), accept: Box::new(as_uint(i)), reject: Box::new(as_uint(j)), short_circuit: false }, uint, span);
                            let mut place = pa.clone();
                            place.projections.pop();
                            place.projections.push(Projection::Index(Box::new(select)));
                            place.span = span;
                            return Some(Operand::place(place));
                        }
                    }
                }
            }
        }
        let cshape = self.module.types.shape(c.ty);
        let both_numeric = self.module.types.is_numeric(a.ty) && self.module.types.is_numeric(b.ty);
        let lit = if a.lit != Lit::No && b.lit != Lit::No { if a.lit == Lit::Float || b.lit == Lit::Float { Lit::Float } else { Lit::Int } } else { Lit::No };
        let ty = if both_numeric {
            self.common_type(&a, &b, span)?
        } else if a.ty == b.ty && self.module.types.is_resource_like(a.ty) {
            // WGSL and naga IR name a resource only through its global variable (or a
            // parameter), never through a value chosen at run time.
            self.error("E0707", span, format!("choosing a `{}` with `?:` at run time cannot be expressed in WGSL or naga IR", self.type_name(a.ty)))
                .note("WGSL and naga IR name a resource only through its global variable, so each use must resolve to one resource at compile time, as DXC's legalization requires")
                .help("use the resource in each branch, e.g. `cond ? t0.Sample(s, uv) : t1.Sample(s, uv)`, or make the condition a compile-time constant");
            return None;
        } else if a.ty == b.ty {
            a.ty
        } else {
            self.error("E0413", span, format!("incompatible operand types `{}` and `{}` in `?:`", self.type_name(a.ty), self.type_name(b.ty)));
            return None;
        };
        let vector_cond = !matches!(cshape, Some(Shape::Scalar));
        if vector_cond && self.options.hlsl_version >= 2021 {
            self.error("E0412", cond.span, "the condition of `?:` must be a scalar in HLSL 2021")
                .help("use `select(cond, a, b)` for a component-wise choice");
            return None;
        }
        // Before HLSL 2021 a vector or matrix condition chooses per component: scalar values
        // take the condition's shape; other values must have it (DXC's rule).
        let mut ty = ty;
        let cond_ty = if vector_cond {
            let cshape = cshape?;
            let shape = self.module.types.shape(ty)?;
            if shape == Shape::Scalar {
                let s = self.module.types.scalar_of(ty)?;
                ty = self.module.types.of_shape(cshape, s);
            } else if shape.count() != cshape.count() {
                self.error("E0413", span, format!("the condition of `?:` is a `{}` but the values are `{}`", self.type_name(c.ty), self.type_name(ty)))
                    .help("a component-wise `?:` needs a condition with one component per value component");
                return None;
            }
            let shape = self.module.types.shape(ty)?;
            self.module.types.of_shape(shape, Scalar::BOOL)
        } else {
            self.module.types.scalar(Scalar::BOOL)
        };
        let c = self.convert_implicit(c, cond_ty, cond.span)?;
        let short_circuit = !vector_cond && self.options.hlsl_version >= 2021;
        let scalar_ty = matches!(self.module.types.shape(ty), Some(Shape::Scalar));
        if lit != Lit::No && scalar_ty && a.is_const() && b.is_const() {
            // A choice between two literals is a literal (DXC's CheckVectorConditional keeps
            // the literal type): the branches keep their 64-bit values under the nominal type
            // and convert when the choice does (`convert` converts each branch), so
            // `double d = c ? 0.1 : 0.2` chooses between doubles and `int64_t v = c ? 1 << 32 : 0`
            // keeps 2^32.
            let wide = self.literal_fold_type(ty, lit);
            let exact = |this: &mut Self, op: Operand, sp: Span| -> Option<Expr> {
                let mut e = this.convert_quiet(op, wide, sp)?;
                e.ty = ty;
                Some(e)
            };
            let a = exact(self, a, accept.span)?;
            let b = exact(self, b, reject.span)?;
            let e = Expr::new(ExprKind::Select { cond: Box::new(c), accept: Box::new(a), reject: Box::new(b), short_circuit }, ty, span);
            let folded = self.fold_operand(e, lit);
            return Some(Operand { lit, ..folded });
        }
        let a = self.convert_implicit(a, ty, accept.span)?;
        let b = self.convert_implicit(b, ty, reject.span)?;
        let e = Expr::new(ExprKind::Select { cond: Box::new(c), accept: Box::new(a), reject: Box::new(b), short_circuit }, ty, span);
        Some(self.fold_operand(e, lit))
    }

    // -----------------------------------------------------------------------------------------
    // Members, swizzles, indexing
    // -----------------------------------------------------------------------------------------

    /// The struct `Base` of a qualified member access `obj.Base::member`: the object's own
    /// struct or one of its bases, as in C++ (DXC accepts it).
    pub(crate) fn qualifying_base(&mut self, obj: TypeId, qualifier: &ast::Path) -> Option<StructId> {
        let spec = ast::TypeSpec { kind: ast::TypeKind::Named(qualifier.clone()), span: qualifier.span };
        let named = self.resolve_type(&spec)?;
        // (`cb.Base::m` on a `ConstantBuffer<S>`/`TextureBuffer<S>`: the buffer is its `S`.)
        let obj = match *self.module.types.get(obj) {
            TypeInner::Resource(Resource::ConstantBuffer { element } | Resource::TextureBuffer { element }) => element,
            _ => obj,
        };
        let TypeInner::Struct(derived) = *self.module.types.get(obj) else {
            let t = self.type_name(obj);
            self.error("E0307", qualifier.span, format!("a qualified member name needs a struct object, not `{t}`"));
            return None;
        };
        match *self.module.types.get(named) {
            TypeInner::Struct(base) if base == derived || self.derives_from(derived, base) => Some(base),
            _ => {
                let (q, t) = (self.type_name(named), self.type_name(obj));
                self.error("E0307", qualifier.span, format!("`{q}` is not `{t}` or a base of it"))
                    .help(format!("name `{t}` or one of the structs it derives from"));
                None
            }
        }
    }

    /// The anonymous struct fields (`struct { int x; };` in a struct) leading from `st` to a
    /// field or bit-field named `name`, outermost first.
    fn anonymous_member_path(&self, st: crate::ty::StructId, name: &str, depth: u32) -> Option<Vec<String>> {
        if depth > 32 {
            return None;
        }
        for f in &self.module.structs[st.0 as usize].fields {
            if !f.name.starts_with(super::decl::ANONYMOUS_FIELD) {
                continue;
            }
            let TypeInner::Struct(inner) = *self.module.types.get(f.ty) else { continue };
            let info = &self.struct_infos[inner.0 as usize];
            if info.fields.contains_key(name) || info.bit_fields.contains_key(name) {
                return Some(vec![f.name.clone()]);
            }
            if let Some(mut rest) = self.anonymous_member_path(inner, name, depth + 1) {
                rest.insert(0, f.name.clone());
                return Some(rest);
            }
        }
        None
    }

    pub(crate) fn member(&mut self, base: Operand, member: &ast::Ident, span: Span) -> Option<Operand> {
        let name = member.name.as_str();
        // `cb.field` on a `ConstantBuffer<T>`/`TextureBuffer<T>`: the buffer is its `T`.
        if let TypeInner::Resource(Resource::ConstantBuffer { element } | Resource::TextureBuffer { element }) = *self.module.types.get(base.ty) {
            if let Value::Place(mut p) = base.value {
                p.ty = element;
                return self.member(Operand::place(p), member, span);
            }
        }
        match *self.module.types.get(base.ty) {
            TypeInner::Struct(st) => {
                if let Some(&(field, k)) = self.struct_infos[st.0 as usize].bit_fields.get(name) {
                    return Some(self.bit_field_access(base, st, field, k, span));
                }
                if !self.struct_infos[st.0 as usize].fields.contains_key(name) {
                    // A member of an anonymous struct field, reached through it.
                    if let Some(path) = self.anonymous_member_path(st, name, 0) {
                        let mut op = base;
                        for field in path {
                            op = self.member(op, &ast::Ident { name: field.as_str().into(), span: member.span }, span)?;
                        }
                        return self.member(op, member, span);
                    }
                }
                let Some(&field) = self.struct_infos[st.0 as usize].fields.get(name) else {
                    // Static members through an instance.
                    if let Some(sym @ Symbol::Var(_)) = self.struct_infos[st.0 as usize].members.get(name).cloned() {
                        return self.symbol_operand(sym, name, span);
                    }
                    let sname = self.type_name(base.ty);
                    self.error("E0307", member.span, format!("no member named `{name}` in `{sname}`"));
                    return None;
                };
                let ty = self.module.structs[st.0 as usize].fields[field as usize].ty;
                if self.written_vector_fields.contains(&(st, field)) {
                    self.one_component_rows.insert(span);
                }
                // C's tail-padded array (`T data[1];` last in a struct), which clang leaves
                // unchecked, as a stand-in for a flexible array member.
                if field as usize + 1 == self.module.structs[st.0 as usize].fields.len() && matches!(self.module.types.get(ty), TypeInner::Array { size: Some(1), .. }) {
                    self.tail_array_member = Some(span);
                }
                Some(match base.value {
                    Value::Place(mut p) => {
                        p.projections.push(Projection::Field(field));
                        p.ty = ty;
                        p.span = span;
                        Operand::place(p)
                    }
                    Value::Expr(e) => Operand::expr(Expr::new(ExprKind::Field { base: Box::new(e), field }, ty, span)),
                })
            }
            TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } => {
                let size = match *self.module.types.get(base.ty) {
                    TypeInner::Vector { size, .. } => size,
                    _ => 1,
                };
                let Some(comps) = parse_swizzle(name, size) else {
                    self.error("E0414", member.span, format!("invalid swizzle `{name}` on `{}`", self.type_name(base.ty)))
                        .help(format!("use up to four of `{}` or `{}`", &"xyzw"[..size as usize], &"rgba"[..size as usize]));
                    return None;
                };
                let ty = self.module.types.vector(s, comps.len() as u8);
                let lit = base.lit;
                Some(match base.value {
                    // A swizzle of a swizzle names the components it picks of the first
                    // (`v.wzx.xz` is `v.wx`).
                    Value::Place(mut p) if matches!(p.projections.last(), Some(Projection::Swizzle(_))) => {
                        let u = self.module.types.scalar(Scalar::U32);
                        push_components(&mut p, &comps, u);
                        p.ty = ty;
                        p.span = span;
                        Operand::place(p)
                    }
                    // A swizzle of a bit-field reads the value first, and so does a splat of a
                    // scalar (`f.xxxx`: no place of a vector, so `f.xxxx.y` is a splat's `y`).
                    Value::Place(mut p) if !matches!(p.projections.last(), Some(Projection::Swizzle(_) | Projection::BitField { .. })) && !(size == 1 && comps.len() > 1) => {
                        if comps.len() == 1 && size > 1 {
                            let u = self.module.types.scalar(Scalar::U32);
                            let idx = Expr::new(ExprKind::Const(ConstValue::Uint(comps[0] as u64)), u, span);
                            p.projections.push(Projection::Index(Box::new(idx)));
                        } else if size > 1 {
                            p.projections.push(Projection::Swizzle(comps));
                        }
                        p.ty = ty;
                        p.span = span;
                        Operand::place(p)
                    }
                    value => {
                        let e = Operand { value, ty: base.ty, lit, span: base.span }.into_expr();
                        let e = Expr::new(ExprKind::Swizzle { expr: Box::new(e), components: comps }, ty, span);
                        self.fold_operand(e, lit)
                    }
                })
            }
            TypeInner::Matrix { scalar, rows, cols } => {
                let Some(elems) = parse_matrix_swizzle(name, rows, cols) else {
                    self.error("E0414", member.span, format!("invalid matrix element access `{name}` on `{}`", self.type_name(base.ty)))
                        .help("use `._m<row><col>` (zero-based) or `._<row><col>` (one-based), one style per access");
                    return None;
                };
                let ty = self.module.types.vector(scalar, elems.len() as u8);
                Some(match base.value {
                    Value::Place(mut p) => {
                        p.projections.push(Projection::MatrixElements(elems));
                        p.ty = ty;
                        p.span = span;
                        Operand::place(p)
                    }
                    Value::Expr(e) => Operand::expr(Expr::new(ExprKind::MatrixElements { expr: Box::new(e), elements: elems }, ty, span)),
                })
            }
            // `InputPatch<T, N>` and `OutputPatch<T, N>` have a `static const int Length`, N,
            // in every HLSL version (DXC declares it on the patch types).
            TypeInner::Array { size: Some(n), .. } if name == "Length" && self.is_patch_parameter(&base) => {
                let i = self.module.types.scalar(Scalar::I32);
                Some(Operand::expr(Expr::new(ExprKind::Const(ConstValue::Int(n as i64)), i, span)))
            }
            TypeInner::Array { size, .. } if name == "Length" => {
                // DXC: HLSL 2016 only (the default with `-Gec`), and deprecated there.
                if self.options.hlsl_version > 2016 {
                    self.error("E0415", member.span, format!("`.Length` on arrays is only allowed in HLSL 2016, this is HLSL {}", self.options.hlsl_version))
                        .help(format!("use the array size{}, or compile with `-Gec` (FXC compatibility, HLSL 2016)", size.map(|n| format!(" ({n})")).unwrap_or_default()));
                    return None;
                }
                self.warning("W0310", "deprecated-declarations", member.span, "`.Length` on arrays is deprecated")
                    .help("use the array size directly");
                let u = self.module.types.scalar(Scalar::U32);
                Some(Operand::expr(Expr::new(ExprKind::Const(ConstValue::Uint(size.unwrap_or(0) as u64)), u, span)))
            }
            TypeInner::Resource(Resource::Texture { .. }) if matches!(name, "mips" | "sample") => {
                // Only meaningful when indexed: handled by `index`.
                self.error("E0416", member.span, format!("`.{name}` must be indexed: `tex.{name}[…][coord]`"));
                None
            }
            _ => {
                let tname = self.type_name(base.ty);
                self.error("E0307", member.span, format!("no member named `{name}` in `{tname}`"));
                None
            }
        }
    }

    /// Marks `e` as an index DXC does not bounds-check if it is one (see
    /// `Analyzer::unchecked_index`).
    pub(super) fn mark_unchecked_index(&mut self, e: &ast::Expr) {
        if matches!(e.kind, ast::ExprKind::Index { .. }) {
            self.unchecked_index = Some((e.span, false));
        }
    }

    fn index(&mut self, base_ast: &ast::Expr, index_ast: &ast::Expr, span: Span) -> Option<Operand> {
        // `tex.mips[level][coord]` and `tex.sample[s][coord]`.
        if let Some(special) = self.special_index(base_ast, index_ast, span) {
            return special;
        }
        let mark = self.unchecked_index.take().filter(|m| m.0 == span);
        // The inner index of `a[i][j]` into an array of arrays is not checked either: DXC
        // checks the outer one only (and both of a matrix's `m[r][c]`).
        if matches!(base_ast.kind, ast::ExprKind::Index { .. }) {
            self.unchecked_index = Some((base_ast.span, true));
        }
        let base = self.operand(base_ast);
        if self.unchecked_index.is_some_and(|m| m.0 == base_ast.span) {
            self.unchecked_index = None;
        }
        let base = base?;
        let index = self.operand(index_ast)?;
        if matches!(self.module.types.get(base.ty), TypeInner::Scalar(_)) && self.one_component_base(base_ast) {
            return self.index_one_component(base, index, index_ast.span);
        }
        // An element of an array of one-component vectors is one too.
        if matches!(self.module.types.get(base.ty), TypeInner::Array { .. }) && self.one_component_base(base_ast) {
            self.one_component_rows.insert(span);
        }
        let by_counter = !self.unroll_counters.is_empty() && super::unroll::mentions_any(index_ast, &self.unroll_counters);
        let outer = std::mem::replace(&mut self.index_by_unroll_counter, by_counter);
        let unchecked = mark.is_some_and(|(_, of_index)| !(of_index && matches!(self.module.types.get(base.ty), TypeInner::Matrix { .. })))
            || self.tail_array_member.take() == Some(base_ast.span);
        let outer_unchecked = std::mem::replace(&mut self.index_unchecked, unchecked);
        let r = self.index_operand(base, index, index_ast.span, span);
        self.index_by_unroll_counter = outer;
        self.index_unchecked = outer_unchecked;
        r
    }

    /// `v[i]` on a one-component vector or matrix row (a scalar here): the value itself.
    /// A constant index must be 0; an index read at run time selects the only component
    /// (any other is out of bounds, undefined in HLSL), evaluated for its effects first.
    fn index_one_component(&mut self, base: Operand, index: Operand, index_span: Span) -> Option<Operand> {
        let idx = self.index_value(index, index_span)?;
        match &idx.kind {
            ExprKind::Const(ConstValue::Int(0) | ConstValue::Uint(0)) => Some(base),
            ExprKind::Const(c) => {
                let v = match c {
                    ConstValue::Int(v) => *v,
                    ConstValue::Uint(v) => *v as i64,
                    _ => 0,
                };
                self.error("E0418", index_span, format!("array index {v} is out of bounds")).note("the valid range is 0 to 0");
                None
            }
            _ if crate::lower::has_side_effects(&idx) => {
                self.error("E0417", index_span, "the index of a one-component vector cannot have side effects here")
                    .help("compute the index into a local first");
                None
            }
            _ => Some(base),
        }
    }

    pub(crate) fn index_operand(&mut self, base: Operand, index: Operand, index_span: Span, span: Span) -> Option<Operand> {
        let inner = *self.module.types.get(base.ty);
        if let TypeInner::Resource(r) = inner {
            return self.resource_index(base, r, index, index_span, span);
        }
        if let TypeInner::Node { .. } = inner {
            return self.node_index(base, index, index_span, span);
        }
        let (elem_ty, len) = match inner {
            TypeInner::Array { base: el, size } => (el, size),
            TypeInner::Vector { scalar, size } => (self.module.types.scalar(scalar), Some(size as u32)),
            TypeInner::Matrix { scalar, rows, cols } => {
                if cols == 1 {
                    self.one_component_rows.insert(span);
                }
                (self.module.types.vector(scalar, cols), Some(rows as u32))
            }
            TypeInner::Scalar(_) => {
                self.error("E0417", span, format!("cannot index a scalar of type `{}`", self.type_name(base.ty)));
                return None;
            }
            // A struct with `operator[]` (HLSL 2021): a call of that method.
            TypeInner::Struct(st) if self.options.hlsl_version >= 2021 && matches!(self.lookup_member(st, "$op[]", false), Some(Symbol::Functions(_))) => {
                return self.method_call(st, "$op[]", Some(base), vec![index], span);
            }
            _ => {
                self.error("E0417", span, format!("cannot index a value of type `{}`", self.type_name(base.ty)));
                return None;
            }
        };
        let mut idx = self.index_value(index, index_span)?;
        self.note_cbuffer_index_by_local(&base, &idx, len, index_span);
        let mut clamped_index = None;
        if let (Some(len), ExprKind::Const(c)) = (len, &idx.kind) {
            let v = match c {
                ConstValue::Int(v) => *v,
                ConstValue::Uint(v) => *v as i64,
                _ => 0,
            };
            let dead = self.func.as_ref().is_some_and(|f| f.dead_depth > 0);
            if (v < 0 || v >= len as i64) && self.index_by_unroll_counter && dead {
                // A copy of an `[unroll]` body where a branch on the counter is never taken
                // (`if (col > 0) w[col - 1]`): DXC drops it before it checks the index; the
                // index is clamped so that the dead code still lowers.
                let clamped = v.clamp(0, len as i64 - 1);
                clamped_index = Some(match c {
                    ConstValue::Uint(_) => ConstValue::Uint(clamped as u64),
                    _ => ConstValue::Int(clamped),
                });
            } else if (v < 0 || v >= len as i64) && self.index_unchecked {
                // Where DXC does not check the index (`Analyzer::unchecked_index`) it compiles
                // the access, whose result is undefined; hlslc picks the nearest element.
                let clamped = v.clamp(0, len as i64 - 1);
                self.warning("W0402", "array-bounds", index_span, format!("array index {v} is out of bounds"))
                    .note(format!("the valid range is 0 to {}; DXC accepts the index here, with an undefined result, and hlslc uses {clamped}", len - 1));
                clamped_index = Some(match c {
                    ConstValue::Uint(_) => ConstValue::Uint(clamped as u64),
                    _ => ConstValue::Int(clamped),
                });
            } else if (v < 0 || v >= len as i64) && dead && self.options.hlsl_version > 2016 {
                // In a branch a constant condition skips (`const int type = 0; if (type == 0)
                // … else a[type - 1]`) or after a `return` that always runs: DXC reports the
                // index through clang's DiagRuntimeBehavior, which drops diagnostics in code
                // its CFG (trivially false edges pruned) cannot reach. The index is clamped
                // so that the dead code still lowers.
                let clamped = v.clamp(0, len as i64 - 1);
                clamped_index = Some(match c {
                    ConstValue::Uint(_) => ConstValue::Uint(clamped as u64),
                    _ => ConstValue::Int(clamped),
                });
            } else if v < 0 || v >= len as i64 {
                if self.options.hlsl_version > 2016 {
                    self.error("E0418", index_span, format!("array index {v} is out of bounds"))
                        .note(format!("the valid range is 0 to {}", len - 1));
                    return None;
                }
                // HLSL 2016: a warning where the code never runs (`liveness.rs`); the index is
                // clamped so that dead code still lowers.
                let message = if v < 0 {
                    format!("array index {v} is before the beginning of the array")
                } else {
                    format!("array index {v} is past the end of the array (which contains {len} element{})", if len == 1 { "" } else { "s" })
                };
                self.deferred_warning(("W0402", "array-bounds"), index_span, message, "E0418", format!("array index {v} is out of bounds"))
                    .note("HLSL 2016 accepts this in code that never runs; here it is an error if the code runs");
                let clamped = v.clamp(0, len as i64 - 1);
                clamped_index = Some(match c {
                    ConstValue::Uint(_) => ConstValue::Uint(clamped as u64),
                    _ => ConstValue::Int(clamped),
                });
            }
        }
        if let Some(c) = clamped_index {
            idx = Expr::new(ExprKind::Const(c), idx.ty, idx.span);
        }
        Some(match base.value {
            Value::Place(mut p) => {
                if matches!(p.projections.last(), Some(Projection::Swizzle(_) | Projection::MatrixElements(_))) && !crate::lower::has_side_effects(&idx) {
                    // Index into a swizzle (`v.wy[i]`, `m._m11_m10[i]`): the component it picks,
                    // a place that can be written as in DXC.
                    self.index_swizzle_place(&mut p, idx);
                    p.ty = elem_ty;
                    p.span = span;
                    return Some(Operand::place(p));
                }
                if matches!(p.projections.last(), Some(Projection::Swizzle(_) | Projection::MatrixElements(_))) {
                    // An index with side effects into a swizzle: read the swizzled value.
                    let e = Operand::place(p).into_expr();
                    return Some(Operand::expr(Expr::new(ExprKind::Index { base: Box::new(e), index: Box::new(idx) }, elem_ty, span)));
                }
                p.projections.push(Projection::Index(Box::new(idx)));
                p.ty = elem_ty;
                p.span = span;
                Operand::place(p)
            }
            value => {
                let e = Operand { value, ty: base.ty, lit: base.lit, span: base.span }.into_expr();
                let e = Expr::new(ExprKind::Index { base: Box::new(e), index: Box::new(idx) }, elem_ty, span);
                self.fold_operand(e, Lit::No)
            }
        })
    }

    /// True when `base` is a whole `InputPatch` or `OutputPatch` parameter.
    fn is_patch_parameter(&self, base: &Operand) -> bool {
        let Value::Place(p) = &base.value else { return false };
        let PlaceRoot::Param(i) = p.root else { return false };
        if !p.projections.is_empty() {
            return false;
        }
        let param = self.func.as_ref().and_then(|f| self.module.functions.get(f.id.0 as usize)).and_then(|f| f.params.get(i.0 as usize));
        param.is_some_and(|p| matches!(p.primitive, Some(tir::InputPrimitive::InputPatch | tir::InputPrimitive::OutputPatch)))
    }

    /// Replaces the swizzle or matrix-element list that ends `p` by the one component that
    /// `idx` (in range when constant, without side effects) picks of it: the component's own
    /// index when `idx` is constant, else a `select` over the listed components
    /// (`i == 0 ? c0 : i == 1 ? c1 : …`; an index past the list picks the last, as an
    /// out-of-range index is undefined in HLSL).
    fn index_swizzle_place(&mut self, p: &mut Place, idx: Expr) {
        let constant = match &idx.kind {
            ExprKind::Const(ConstValue::Int(v)) => Some(*v as usize),
            ExprKind::Const(ConstValue::Uint(v)) => Some(*v as usize),
            _ => None,
        };
        let pick = |a: &mut Self, of: &[u8]| -> Expr {
            let t = idx.ty;
            let unsigned = a.module.types.scalar_of(t).is_some_and(|s| s.kind == ScalarKind::Uint);
            let lit = |v: u8| {
                let c = if unsigned { ConstValue::Uint(v as u64) } else { ConstValue::Int(v as i64) };
                Expr::new(ExprKind::Const(c), t, idx.span)
            };
            if let Some(c) = constant {
                return lit(of[c.min(of.len() - 1)]);
            }
            let b = a.module.types.scalar(Scalar::BOOL);
            let mut e = lit(of[of.len() - 1]);
            for k in (0..of.len() - 1).rev() {
                let cond = Expr::new(ExprKind::binary(tir::BinaryOp::Eq, idx.clone(), lit(k as u8)), b, idx.span);
                e = Expr::new(ExprKind::Select { cond: Box::new(cond), accept: Box::new(lit(of[k])), reject: Box::new(e), short_circuit: false }, t, idx.span);
            }
            e
        };
        match p.projections.pop() {
            Some(Projection::Swizzle(comps)) => {
                let i = pick(self, &comps);
                p.projections.push(Projection::Index(Box::new(i)));
            }
            Some(Projection::MatrixElements(elems)) => {
                if let Some(c) = constant {
                    p.projections.push(Projection::MatrixElements(vec![elems[c.min(elems.len() - 1)]]));
                } else {
                    let rows: Vec<u8> = elems.iter().map(|e| e.0).collect();
                    let cols: Vec<u8> = elems.iter().map(|e| e.1).collect();
                    // The row the first index reads is a vector of the matrix's columns:
                    // declared for every width, the column count being unknown here.
                    if let Some(sc) = self.module.types.scalar_of(p.ty) {
                        for n in 1..=4 {
                            self.module.types.vector(sc, n);
                        }
                    }
                    let r = pick(self, &rows);
                    let c = pick(self, &cols);
                    p.projections.push(Projection::Index(Box::new(r)));
                    p.projections.push(Projection::Index(Box::new(c)));
                }
            }
            other => p.projections.extend(other),
        }
    }

    /// An index converted to a 32-bit integer (`uint` stays `uint`, everything else `int`).
    pub fn index_value(&mut self, index: Operand, span: Span) -> Option<Expr> {
        let s = match self.module.types.get(index.ty) {
            TypeInner::Scalar(s) => *s,
            _ => {
                self.error("E0417", span, format!("array index must be a scalar integer, found `{}`", self.type_name(index.ty)));
                return None;
            }
        };
        let target = if s.kind == ScalarKind::Uint && s.width == 4 { Scalar::U32 } else { Scalar::I32 };
        let t = self.module.types.scalar(target);
        self.convert_implicit(index, t, span)
    }

    fn resource_index(&mut self, base: Operand, r: Resource, index: Operand, index_span: Span, span: Span) -> Option<Operand> {
        let Value::Place(resource) = base.value else {
            self.error("E0417", span, "cannot index a resource value");
            return None;
        };
        match r {
            Resource::StructuredBuffer { element, kind, .. } => {
                if matches!(kind, crate::ty::StructuredKind::Append | crate::ty::StructuredKind::Consume) {
                    self.error("E0417", span, "append and consume buffers cannot be indexed").help("use `Append`/`Consume`");
                    return None;
                }
                let idx = self.index_uint(index, index_span)?;
                Some(Operand::place(Place { root: PlaceRoot::BufferElement { resource: Box::new(resource), index: Box::new(idx) }, projections: vec![].into(), ty: element, span }))
            }
            Resource::TypedBuffer { element, .. } => {
                let idx = self.index_uint(index, index_span)?;
                Some(Operand::place(Place { root: PlaceRoot::BufferElement { resource: Box::new(resource), index: Box::new(idx) }, projections: vec![].into(), ty: element, span }))
            }
            Resource::Texture { dim, element, .. } => {
                let n = dim.coordinate_size() + u8::from(dim.is_array());
                let coord_ty = self.module.types.vector(Scalar::U32, n);
                let coord = self.convert_implicit(index, coord_ty, index_span)?;
                // `ms[coord]` is sample 0 (SM 6.7 notes), `ms.sample[s][coord]` any sample.
                let u = self.module.types.scalar(Scalar::U32);
                let sample = dim.is_multisampled().then(|| Box::new(Expr::new(ExprKind::Const(ConstValue::Uint(0)), u, span)));
                Some(Operand::place(Place {
                    root: PlaceRoot::Texel { resource: Box::new(resource), coord: Box::new(coord), level: None, sample },
                    projections: vec![].into(),
                    ty: element,
                    span,
                }))
            }
            _ => {
                let n = self.type_name(base.ty);
                self.error("E0417", span, format!("`{n}` cannot be indexed"));
                None
            }
        }
    }

    fn index_uint(&mut self, index: Operand, span: Span) -> Option<Expr> {
        let u = self.module.types.scalar(Scalar::U32);
        if !matches!(self.module.types.get(index.ty), TypeInner::Scalar(_)) {
            self.error("E0417", span, format!("buffer index must be a scalar integer, found `{}`", self.type_name(index.ty)));
            return None;
        }
        self.convert_implicit(index, u, span)
    }

    /// `tex.mips[m][coord]`, `tex.sample[s][coord]`.
    fn special_index(&mut self, base_ast: &ast::Expr, index_ast: &ast::Expr, span: Span) -> Option<Option<Operand>> {
        let ast::ExprKind::Index { base: inner, index: level_ast } = &base_ast.kind else { return None };
        let ast::ExprKind::Member { base: tex_ast, member, .. } = &inner.kind else { return None };
        if !matches!(member.name.as_str(), "mips" | "sample") {
            return None;
        }
        let tex = self.operand(tex_ast)?;
        let TypeInner::Resource(Resource::Texture { dim, element, .. }) = *self.module.types.get(tex.ty) else { return None };
        let Value::Place(resource) = tex.value else { return Some(None) };
        let special = if member.name == "mips" {
            if dim.is_multisampled() {
                self.error("E0416", member.span, "multisampled textures have no `.mips`");
                return Some(None);
            }
            let level = self.operand(level_ast).and_then(|l| self.index_uint(l, level_ast.span));
            Special::MipsLevel(resource, level?)
        } else {
            if !dim.is_multisampled() {
                self.error("E0416", member.span, "only multisampled textures have `.sample`");
                return Some(None);
            }
            let s = self.operand(level_ast).and_then(|l| self.index_uint(l, level_ast.span));
            Special::SampleIndex(resource, s?)
        };
        let n = dim.coordinate_size() + u8::from(dim.is_array());
        let coord_ty = self.module.types.vector(Scalar::U32, n);
        let coord = self.operand(index_ast).and_then(|c| self.convert_implicit(c, coord_ty, index_ast.span));
        let coord = coord?;
        let (resource, level, sample) = match special {
            Special::MipsLevel(r, l) => (r, Some(Box::new(l)), None),
            Special::SampleIndex(r, s) => (r, None, Some(Box::new(s))),
        };
        Some(Some(Operand::place(Place { root: PlaceRoot::Texel { resource: Box::new(resource), coord: Box::new(coord), level, sample }, projections: vec![].into(), ty: element, span })))
    }

    // -----------------------------------------------------------------------------------------
    // Constructors and initializer lists
    // -----------------------------------------------------------------------------------------

    /// `float4(a.xy, b, c)`, `float2x2(…)`: components flattened and converted.
    pub(crate) fn construct(&mut self, ty: TypeId, args: &[ast::Expr], span: Span) -> Option<Operand> {
        // (Every argument is analysed, for its diagnostics, before a failed one ends it.)
        let mut ops = Vec::with_capacity(args.len());
        let mut failed = false;
        for a in args {
            match self.operand(a) {
                Some(op) => ops.push(op),
                None => failed = true,
            }
        }
        if failed {
            return None;
        }
        self.construct_from(ty, ops, span)
    }

    pub(crate) fn construct_from(&mut self, ty: TypeId, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let Some(shape) = self.module.types.shape(ty) else {
            if let TypeInner::Struct(_) | TypeInner::BufferPointer { .. } = self.module.types.get(ty) {
                if ops.len() == 1 {
                    // `S(x)` on a struct is a cast.
                    let op = ops.into_iter().next()?;
                    return self.convert_explicit(op, ty, span).map(Operand::expr);
                }
            }
            self.error("E0419", span, format!("cannot construct a value of type `{}` this way", self.type_name(ty)))
                .help("use an initializer list in a declaration: `T x = { … };`");
            return None;
        };
        let scalar = self.module.types.scalar_of(ty)?;
        let want = shape.count();
        // A single scalar splats (DXC accepts `float4(0)`).
        if ops.len() == 1 && self.module.types.shape(ops[0].ty) == Some(Shape::Scalar) && want > 1 {
            let op = ops.into_iter().next()?;
            return self.convert_explicit(op, ty, span).map(Operand::expr);
        }
        // Arrays and structs of numbers contribute their elements in order, as in an
        // initializer list (`float4(arrayOfFourFloats)`, as DXC accepts).
        if ops.iter().any(|op| self.module.types.shape(op.ty).is_none()) {
            let total: u32 = ops.iter().map(|op| self.leaf_count(op.ty)).sum();
            if total != want {
                self.error("E0419", span, format!("`{}` needs {want} components, found {total}", self.type_name(ty)));
                return None;
            }
            let mut queue: std::collections::VecDeque<Operand> = ops.into();
            let e = self.fill_from(&mut queue, ty, span)?;
            return Some(self.fold_operand(e, Lit::No));
        }
        let mut parts = Vec::with_capacity(ops.len());
        let mut count = 0u32;
        let mut all_const = true;
        for op in ops {
            let Some(oshape) = self.module.types.shape(op.ty) else {
                self.error("E0419", op.span, format!("cannot use a value of type `{}` to construct `{}`", self.type_name(op.ty), self.type_name(ty)));
                return None;
            };
            let n = oshape.count();
            count += n;
            // Matrices contribute their elements row by row; flatten them to scalars.
            let piece_ty = match oshape {
                Shape::Matrix(..) => {
                    let e = self.convert_implicit_shape_same(op, scalar)?;
                    for (r, c) in matrix_elements(oshape) {
                        let sty = self.module.types.scalar(scalar);
                        let elem = Expr::new(ExprKind::MatrixElements { expr: Box::new(e.clone()), elements: vec![(r, c)] }, sty, span);
                        parts.push(elem);
                    }
                    continue;
                }
                Shape::Vector(k) => self.module.types.vector(scalar, k),
                Shape::Scalar => self.module.types.scalar(scalar),
            };
            let e = self.convert_implicit(op, piece_ty, span)?;
            all_const &= matches!(e.kind, ExprKind::Const(_));
            parts.push(e);
        }
        if count != want {
            self.error(
                "E0419",
                span,
                format!("`{}` needs {want} components, found {count}", self.type_name(ty)),
            );
            return None;
        }
        let _ = all_const;
        let e = Expr::new(ExprKind::Construct(parts), ty, span);
        Some(self.fold_operand(e, Lit::No))
    }

    /// Converts an operand's scalar type, keeping its shape.
    fn convert_implicit_shape_same(&mut self, op: Operand, scalar: Scalar) -> Option<Expr> {
        let ty = self.module.types.with_scalar(op.ty, scalar);
        let span = op.span;
        self.convert_implicit(op, ty, span)
    }

    /// `{ a, b, { c, d } }` for a value of type `ty`: HLSL flattens the list to scalars (and
    /// whole structs/arrays where types match) and fills the target's leaves in order.
    pub fn init_list(&mut self, items: &[ast::Expr], ty: TypeId, span: Span) -> Option<Expr> {
        // Collect leaf operands in order, flattening nested lists.
        let mut flat = Vec::new();
        self.flatten_init(items, &mut flat)?;
        // An unsized array takes its size from the list.
        let ty = match *self.module.types.get(ty) {
            TypeInner::Array { base, size: None } => {
                let leaves = self.leaf_count(base).max(1);
                let total: u32 = flat.iter().map(|op| self.leaf_count(op.ty)).sum();
                let n = total.div_ceil(leaves);
                self.module.types.array(base, Some(n))
            }
            _ => ty,
        };
        let mut queue: std::collections::VecDeque<Operand> = flat.into();
        let e = self.fill_from(&mut queue, ty, span)?;
        // (Values without leaves, empty structs, initialize nothing.)
        if queue.iter().any(|op| self.leaf_count(op.ty) > 0 || !matches!(self.module.types.get(op.ty), TypeInner::Struct(_) | TypeInner::Array { .. })) {
            self.error("E0420", span, format!("too many initializers for `{}`", self.type_name(ty)));
            return None;
        }
        Some(e)
    }

    /// An explicit cast between aggregates: the target's leaves are filled, in order, from the
    /// source's (extra source leaves are dropped).
    pub(crate) fn flat_conversion(&mut self, op: Operand, to: TypeId, span: Span) -> Option<Expr> {
        let mut queue: std::collections::VecDeque<Operand> = std::collections::VecDeque::from([op]);
        self.fill_from(&mut queue, to, span)
    }

    fn flatten_init(&mut self, items: &[ast::Expr], out: &mut Vec<Operand>) -> Option<()> {
        for item in items {
            if let ast::ExprKind::InitList(inner) = &item.kind {
                self.flatten_init(inner, out)?;
            } else {
                out.push(self.operand(item)?);
            }
        }
        Some(())
    }

    /// Number of scalar leaves of a type.
    pub fn leaf_count(&self, ty: TypeId) -> u32 {
        match *self.module.types.get(ty) {
            TypeInner::Scalar(_) => 1,
            TypeInner::Vector { size, .. } => size as u32,
            TypeInner::Matrix { rows, cols, .. } => rows as u32 * cols as u32,
            TypeInner::Array { base, size } => self.leaf_count(base) * size.unwrap_or(0),
            TypeInner::Struct(s) => self.module.structs[s.0 as usize].fields.iter().map(|f| if f.bit_fields.is_empty() { self.leaf_count(f.ty) } else { f.bit_fields.len() as u32 }).sum(),
            _ => 1,
        }
    }

    /// Builds a value of `ty` from the front of `queue`: whole values of the right type are
    /// taken as they are, vectors and matrices are split into scalars as needed.
    fn fill_from(&mut self, queue: &mut std::collections::VecDeque<Operand>, ty: TypeId, span: Span) -> Option<Expr> {
        // An empty struct (or an array of them) has no leaves: it takes no initializer, as in
        // DXC (`{ s }` initializes `struct { S s; Empty e; }`), except a value of its own type.
        if matches!(self.module.types.get(ty), TypeInner::Struct(_) | TypeInner::Array { .. }) && self.leaf_count(ty) == 0 {
            if queue.front().is_some_and(|f| f.ty == ty) {
                queue.pop_front();
            }
            return Some(Expr::new(ExprKind::Zero, ty, span));
        }
        let Some(front) = queue.front() else {
            self.error("E0420", span, format!("too few initializers for `{}`", self.type_name(ty)));
            return None;
        };
        if front.ty == ty && front.lit == Lit::No {
            return queue.pop_front().map(Operand::into_expr);
        }
        match *self.module.types.get(ty) {
            TypeInner::Scalar(_) => {
                let op = self.take_scalar(queue, span)?;
                self.convert_implicit(op, ty, span)
            }
            TypeInner::Vector { .. } | TypeInner::Matrix { .. } => {
                let n = self.leaf_count(ty);
                let scalar = self.module.types.scalar_of(ty)?;
                let sty = self.module.types.scalar(scalar);
                let mut parts = Vec::new();
                for _ in 0..n {
                    let op = self.take_scalar(queue, span)?;
                    parts.push(self.convert_implicit(op, sty, span)?);
                }
                let e = Expr::new(ExprKind::Construct(parts), ty, span);
                Some(self.fold_operand(e, Lit::No).into_expr())
            }
            TypeInner::Array { base, size } => {
                let mut parts = Vec::new();
                for _ in 0..size.unwrap_or(0) {
                    parts.push(self.fill_from(queue, base, span)?);
                }
                Some(Expr::new(ExprKind::Construct(parts), ty, span))
            }
            TypeInner::Struct(s) => {
                let fields = self.module.structs[s.0 as usize].fields.clone();
                let mut parts = Vec::new();
                for f in fields {
                    if f.bit_fields.is_empty() {
                        parts.push(self.fill_from(queue, f.ty, span)?);
                        continue;
                    }
                    // A storage unit takes one value per bit-field.
                    let mut values = Vec::new();
                    for bf in &f.bit_fields {
                        values.push(self.fill_from(queue, bf.ty, span)?);
                    }
                    parts.push(self.pack_bit_fields(f.ty, &f.bit_fields, values, span));
                }
                Some(Expr::new(ExprKind::Construct(parts), ty, span))
            }
            _ => {
                self.error("E0420", span, format!("`{}` cannot be initialized with a list", self.type_name(ty)));
                None
            }
        }
    }

    /// Takes one scalar from the front of the queue, splitting a vector, matrix, array or
    /// struct operand into its leaves.
    fn take_scalar(&mut self, queue: &mut std::collections::VecDeque<Operand>, span: Span) -> Option<Operand> {
        let Some(front) = queue.pop_front() else {
            self.error("E0420", span, "too few initializers");
            return None;
        };
        if matches!(self.module.types.get(front.ty), TypeInner::Scalar(_)) {
            return Some(front);
        }
        // Split into leaves and push them back in order.
        let leaves = self.split_leaves(front)?;
        for l in leaves.into_iter().rev() {
            queue.push_front(l);
        }
        self.take_scalar(queue, span)
    }

    /// Splits a composite operand into operands of its direct parts. A place splits into
    /// places of its parts (each read once, where it is used); an rvalue computed in a
    /// function is stored in a temporary first, so that it is evaluated once however many
    /// parts are taken (a cast of a large array or a call would otherwise be repeated per
    /// element).
    fn split_leaves(&mut self, op: Operand) -> Option<Vec<Operand>> {
        if let Value::Place(p) = &op.value {
            if let Some(parts) = self.split_place(p) {
                return Some(parts);
            }
        }
        let op = match op.value {
            Value::Expr(e) if self.func.is_some() && !matches!(e.kind, ExprKind::Const(_) | ExprKind::Zero) => {
                let (ty, span) = (e.ty, e.span);
                let tmp = self.temp_local(ty, span);
                let place = Place { root: PlaceRoot::Local(tmp), projections: vec![].into(), ty, span };
                let assign = Expr::new(ExprKind::Assign { place: Box::new(place.clone()), value: Box::new(e), returns_old: false }, ty, span);
                let mut parts = self.split_place(&place)?;
                // The first part carries the store, so it happens before any part is read.
                let first = parts.first_mut()?;
                let (fty, fspan) = (first.ty, first.span);
                let read = std::mem::replace(first, Operand::expr(Expr::new(ExprKind::Zero, fty, fspan))).into_expr();
                *first = Operand::expr(Expr::new(ExprKind::Sequence(vec![assign, read]), fty, fspan));
                return Some(parts);
            }
            value => Operand { value, ..op },
        };
        let span = op.span;
        let ty = op.ty;
        let lit = op.lit;
        let e = op.into_expr();
        let mut out = Vec::new();
        match *self.module.types.get(ty) {
            TypeInner::Vector { scalar, size } => {
                let sty = self.module.types.scalar(scalar);
                for i in 0..size {
                    let x = Expr::new(ExprKind::Swizzle { expr: Box::new(e.clone()), components: Components::one(i) }, sty, span);
                    out.push(self.fold_operand(x, lit));
                }
            }
            TypeInner::Matrix { scalar, rows, cols } => {
                let sty = self.module.types.scalar(scalar);
                for (r, c) in matrix_elements(Shape::Matrix(rows, cols)) {
                    let x = Expr::new(ExprKind::MatrixElements { expr: Box::new(e.clone()), elements: vec![(r, c)] }, sty, span);
                    out.push(self.fold_operand(x, Lit::No));
                }
            }
            TypeInner::Array { base, size } => {
                let i32t = self.module.types.scalar(Scalar::I32);
                for i in 0..size.unwrap_or(0) {
                    let idx = Expr::new(ExprKind::Const(ConstValue::Int(i as i64)), i32t, span);
                    let x = Expr::new(ExprKind::Index { base: Box::new(e.clone()), index: Box::new(idx) }, base, span);
                    out.push(self.fold_operand(x, Lit::No));
                }
            }
            TypeInner::Struct(s) => {
                let fields = self.module.structs[s.0 as usize].fields.clone();
                for (i, f) in fields.into_iter().enumerate() {
                    let x = Expr::new(ExprKind::Field { base: Box::new(e.clone()), field: i as u32 }, f.ty, span);
                    if f.bit_fields.is_empty() {
                        out.push(self.fold_operand(x, Lit::No));
                        continue;
                    }
                    for bf in &f.bit_fields {
                        // An unnamed bit-field (padding) reads as zero.
                        let v = if bf.name.is_empty() { Expr::new(ExprKind::Zero, bf.ty, span) } else { self.extract_bit_field(x.clone(), bf, span) };
                        out.push(self.fold_operand(v, Lit::No));
                    }
                }
            }
            _ => {
                self.error("E0420", span, format!("a value of type `{}` cannot appear in an initializer list", self.type_name(ty)));
                return None;
            }
        }
        Some(out)
    }

    /// The places of the direct parts of a composite place (`None` for a place that cannot be
    /// extended: a swizzle, matrix elements or bit-field, and for bit-field members, which
    /// are read as values).
    fn split_place(&mut self, p: &Place) -> Option<Vec<Operand>> {
        if matches!(p.projections.last(), Some(Projection::Swizzle(_) | Projection::MatrixElements(_) | Projection::BitField { .. })) {
            return None;
        }
        let span = p.span;
        let part = |ty: TypeId, projection: Projection| {
            let mut q = p.clone();
            q.projections.push(projection);
            q.ty = ty;
            Operand::place(q)
        };
        let i32t = self.module.types.scalar(Scalar::I32);
        let index = |i: u32| Projection::Index(Box::new(Expr::new(ExprKind::Const(ConstValue::Int(i as i64)), i32t, span)));
        Some(match *self.module.types.get(p.ty) {
            TypeInner::Vector { scalar, size } => {
                let sty = self.module.types.scalar(scalar);
                (0..size as u32).map(|i| part(sty, Projection::Swizzle(Components::one(i as u8)))).collect()
            }
            TypeInner::Matrix { scalar, rows, cols } => {
                let sty = self.module.types.scalar(scalar);
                matrix_elements(Shape::Matrix(rows, cols)).into_iter().map(|(r, c)| part(sty, Projection::MatrixElements(vec![(r, c)]))).collect()
            }
            TypeInner::Array { base, size: Some(n) } => (0..n).map(|i| part(base, index(i))).collect(),
            TypeInner::Struct(s) => {
                let fields = &self.module.structs[s.0 as usize].fields;
                if fields.iter().any(|f| !f.bit_fields.is_empty()) {
                    return None;
                }
                fields.iter().enumerate().map(|(i, f)| part(f.ty, Projection::Field(i as u32))).collect()
            }
            _ => return None,
        })
    }

    /// A new local holding `value` (used for `this` of rvalue method calls, temporaries).
    pub fn temp_local(&mut self, ty: TypeId, span: Span) -> LocalId {
        // (Hidden index locals of resource variables do not count: most are dropped again.)
        let n = self.func.as_ref().map(|f| f.locals.len() - f.res_slots.len()).unwrap_or(0);
        self.add_local(&format!("$tmp{n}"), ty, span, false)
    }
}

/// The hint of E0405 on a cast written as an assignment target.
const CAST_PLACE_HELP: &str = "only a cast of a non-scalar place to its own type, a base struct or a shorter array or vector of the same elements names a place";

/// Appends a selection of the components of a vector place (one component as an index,
/// several as a swizzle), composed with a swizzle the place already ends in.
fn push_components(p: &mut Place, comps: &[u8], u32_ty: TypeId) {
    let comps: Components = match p.projections.last() {
        Some(Projection::Swizzle(prev)) => {
            let picked = comps.iter().map(|&c| prev.get(c as usize).copied().unwrap_or(c)).collect();
            p.projections.pop();
            picked
        }
        _ => comps.iter().copied().collect(),
    };
    if let [c] = *comps {
        let idx = Expr::new(ExprKind::Const(ConstValue::Uint(c as u64)), u32_ty, p.span);
        p.projections.push(Projection::Index(Box::new(idx)));
    } else {
        p.projections.push(Projection::Swizzle(comps));
    }
}

/// True if a constant has a zero component (a divisor that divides by zero).
fn has_zero_component(e: &Expr) -> bool {
    fn zero(c: &ConstValue) -> bool {
        match c {
            ConstValue::Int(0) | ConstValue::Uint(0) => true,
            ConstValue::Composite(parts) => parts.iter().any(zero),
            _ => false,
        }
    }
    match &e.kind {
        ExprKind::Const(c) => zero(c),
        ExprKind::Splat(inner) => has_zero_component(inner),
        _ => false,
    }
}

/// `xyzw`/`rgba` swizzle → component indices; `None` if invalid for a vector of `size`.
fn parse_swizzle(name: &str, size: u8) -> Option<Components> {
    if name.is_empty() || name.len() > 4 {
        return None;
    }
    let xyzw = name.bytes().all(|c| b"xyzw".contains(&c));
    let rgba = name.bytes().all(|c| b"rgba".contains(&c));
    if !xyzw && !rgba {
        return None;
    }
    let set: &[u8] = if xyzw { b"xyzw" } else { b"rgba" };
    // (At most four: the length was checked above.)
    let comps: Components = name.bytes().map(|c| set.iter().position(|&s| s == c).unwrap_or(0) as u8).collect();
    comps.iter().all(|&c| c < size).then_some(comps)
}

/// `_m00_m11` (zero-based) or `_11_22` (one-based) → (row, col) pairs. One swizzle uses one
/// style (DXC refuses `_11_m00`).
fn parse_matrix_swizzle(name: &str, rows: u8, cols: u8) -> Option<Vec<(u8, u8)>> {
    let mut out = Vec::new();
    let mut rest = name;
    let zero_based = name.starts_with("_m");
    while !rest.is_empty() {
        rest = rest.strip_prefix('_')?;
        if rest.starts_with('m') != zero_based {
            return None;
        }
        let (r, c, tail) = if let Some(t) = rest.strip_prefix('m') {
            let b = t.as_bytes();
            if b.len() < 2 {
                return None;
            }
            (b[0].checked_sub(b'0')?, b[1].checked_sub(b'0')?, &t[2..])
        } else {
            let b = rest.as_bytes();
            if b.len() < 2 {
                return None;
            }
            (b[0].checked_sub(b'1')?, b[1].checked_sub(b'1')?, &rest[2..])
        };
        if r >= rows || c >= cols {
            return None;
        }
        out.push((r, c));
        rest = tail;
    }
    (!out.is_empty() && out.len() <= 4).then_some(out)
}

/// (row, col) of every element of a matrix shape, row by row.
pub(crate) fn matrix_elements(shape: Shape) -> Vec<(u8, u8)> {
    match shape {
        Shape::Matrix(r, c) => (0..r).flat_map(|i| (0..c).map(move |j| (i, j))).collect(),
        _ => Vec::new(),
    }
}

/// The value and nominal type of an unsuffixed integer literal of value `v` (also the result
/// of a call folded on literals only): `int` if it fits, else `uint` if it fits, else
/// `int64_t`. Its type for arithmetic stays DXC's 64-bit literal int.
pub(super) fn literal_int(v: i128) -> (ConstValue, Scalar) {
    if i32::try_from(v).is_ok() {
        (ConstValue::Int(v as i64), Scalar::I32)
    } else if let Ok(u) = u32::try_from(v) {
        (ConstValue::Uint(u as u64), Scalar::U32)
    } else {
        (ConstValue::Int(v as i64), Scalar::I64)
    }
}

/// True if evaluating the place has no side effects (its indices and coordinates make no
/// assignments or calls), so it may be evaluated more than once.
pub(crate) fn place_is_pure(p: &Place) -> bool {
    fn pure(e: &Expr) -> bool {
        let mut ok = true;
        tir::visit::walk_expr(e, &mut |x| {
            if matches!(x.kind, ExprKind::Assign { .. } | ExprKind::Call { .. } | ExprKind::Method { .. }) {
                ok = false;
            }
        });
        ok
    }
    let root = match &p.root {
        PlaceRoot::BufferElement { resource, index } => place_is_pure(resource) && pure(index),
        PlaceRoot::Texel { resource, coord, level, sample } => {
            place_is_pure(resource) && pure(coord) && level.as_deref().is_none_or(pure) && sample.as_deref().is_none_or(pure)
        }
        PlaceRoot::Pointee { pointer, .. } => pure(pointer),
        _ => true,
    };
    root && p.projections.iter().all(|q| match q {
        Projection::Index(i) => pure(i),
        _ => true,
    })
}

impl Analyzer<'_> {
    /// A constant-buffer member indexed by a plain local (`foo[index]`): recorded for the
    /// live-code check of `liveness.rs`, which reports the index if the local holds one
    /// out-of-range constant (DXC: "Out of bounds index (2) in CBuffer", found when it lowers
    /// the load even at `-Od`).
    fn note_cbuffer_index_by_local(&mut self, base: &Operand, idx: &Expr, len: Option<u32>, span: Span) {
        let (Some(len), Some(f), Value::Place(p)) = (len, self.func.as_ref().map(|f| f.id), &base.value) else { return };
        let ExprKind::Load(ip) = &idx.kind else { return };
        let (crate::tir::PlaceRoot::Local(local), true) = (&ip.root, ip.projections.is_empty()) else { return };
        let crate::tir::PlaceRoot::Global(g) = p.root else { return };
        let global = &self.module.globals[g.0 as usize];
        let is_cbuffer = matches!(global.kind, crate::tir::GlobalKind::Resource { .. })
            && matches!(self.module.types.get(global.ty), TypeInner::Resource(Resource::ConstantBuffer { .. }));
        if is_cbuffer {
            self.cbuffer_local_indices.push((f, *local, len, span, global.name.clone()));
        }
    }
}

