//! Expressions: typed IR → naga expressions.
//!
//! Component-wise operations on matrices are applied row by row ([`FnBuilder::map_rows`]):
//! naga has matrix addition and subtraction but not HLSL's component-wise `*`, `/`, `%`,
//! comparisons or conversions, and integer/bool matrices are arrays of rows anyway.
//! Short-circuiting `&&`, `||` and `?:` with side effects in the skipped operand, or a read
//! that could fault there ([`must_not_speculate`]), become branches storing into a temporary.

use super::function::FnBuilder;
use super::types::{matrix_rep, naga_scalar, vector_size, MatrixRep};
use crate::tir::{self, Arg, BinaryOp, ConstValue, ExprKind, UnaryOp};
use crate::ty::{Scalar, ScalarKind, Shape, TypeId, TypeInner};
use hlslc_grammar::Span;
use naga::Handle;


/// The per-row operation of [`FnBuilder::map_rows`].
type RowFn<'f, B> = dyn FnMut(&mut B, &[Handle<naga::Expression>]) -> Handle<naga::Expression> + 'f;
impl FnBuilder<'_, '_> {
    /// Lowers an expression evaluated for its side effects only.
    pub(crate) fn expr_effect(&mut self, e: &tir::Expr) {
        let _ = self.expr(e);
    }

    /// Lowers an expression to a naga value (through [`FnBuilder::expr`], which records
    /// `precise` operations). Expressions of type `void` return a dummy value.
    pub(crate) fn expr_node(&mut self, e: &tir::Expr) -> Handle<naga::Expression> {
        if let Some(&(_, h)) = self.premade.iter().find(|(p, _)| std::ptr::eq(*p, e)) {
            return h;
        }
        let s = e.span;
        match &e.kind {
            ExprKind::Const(c) => self.constant(c, e.ty, s),
            ExprKind::Zero => {
                let t = self.lw.ty(e.ty);
                self.add(naga::Expression::ZeroValue(t), s)
            }
            ExprKind::Load(p) if matches!(self.lw.tys.get(p.ty), TypeInner::RayQuery { .. }) => {
                // A query is an object, never a value (sema passes it by place).
                self.lw.error("E0625", s, "a `RayQuery` cannot be used as a value").help("call its methods, or declare another name for it (`RayQuery<FLAGS> b = a;`)");
                self.dummy(s)
            }
            ExprKind::Load(p) => {
                let pr = self.place(p);
                self.load(&pr, s)
            }
            ExprKind::PlaceValue => match self.assign_stack.last().cloned() {
                Some(pr) => self.load(&pr, s),
                None => self.dummy(s),
            },
            ExprKind::Unary { op, expr } => {
                let v = self.expr(expr);
                self.unary(*op, v, expr.ty, s)
            }
            ExprKind::Binary { op, operands } => self.binary(*op, &operands[0], &operands[1], e.ty, s),
            ExprKind::Select { cond, accept, reject, short_circuit } => {
                let composite = !self.lw.tys.is_numeric(e.ty);
                if (*short_circuit && (must_not_speculate(accept) || must_not_speculate(reject))) || composite {
                    let c = self.expr(cond);
                    return self.branch_value(c, accept, reject, e.ty, s);
                }
                let c = self.expr(cond);
                let a = self.expr(accept);
                let b = self.expr(reject);
                self.select(c, a, b, e.ty, s)
            }
            ExprKind::Convert(inner) => {
                let v = self.expr(inner);
                self.convert(v, inner.ty, e.ty, s)
            }
            ExprKind::Bitcast(inner) => {
                // Registers the result type, so that naga's WGSL writer sees 16-bit integers
                // in the type arena and emits `enable wgpu_int16;`.
                let _ = self.lw.ty(e.ty);
                let v = self.expr(inner);
                // A `vk::BufferPointer` and its address are both `u64`s.
                if [e.ty, inner.ty].iter().any(|&t| matches!(self.lw.tys.get(t), TypeInner::BufferPointer { .. })) {
                    return v;
                }
                let kind = naga_scalar(self.lw.scalar_of(e.ty)).kind;
                // Matrices (arrays of rows unless float NxM, N, M ≥ 2) are cast row by row;
                // a float matrix's naga columns are its HLSL rows too.
                if matches!(self.lw.tys.get(e.ty), TypeInner::Matrix { .. }) {
                    return self.map_rows(&[(v, inner.ty)], e.ty, s, &mut |b, r| b.add(naga::Expression::As { expr: r[0], kind, convert: None }, s));
                }
                self.add(naga::Expression::As { expr: v, kind, convert: None }, s)
            }
            ExprKind::Splat(inner) => {
                let v = self.expr(inner);
                self.splat(v, e.ty, s)
            }
            ExprKind::Truncate(inner) => {
                let v = self.expr(inner);
                self.truncate(v, inner.ty, e.ty, s)
            }
            ExprKind::Swizzle { expr, components } => {
                let v = self.expr(expr);
                self.swizzle_value(v, components, s)
            }
            ExprKind::MatrixElements { expr, elements } => {
                let v = self.expr(expr);
                self.matrix_elements_value(v, expr.ty, elements, s)
            }
            ExprKind::Index { base, index } => {
                let b = self.expr(base);
                let i = self.expr(index);
                if let Some(k) = self.const_index(i) {
                    return self.add(naga::Expression::AccessIndex { base: b, index: k }, s);
                }
                // naga indexes matrices (and, for some back ends, arrays) dynamically only
                // behind a pointer.
                let bt = self.lw.ty(base.ty);
                let ptr = self.spill(b, bt, s);
                let p = self.add(naga::Expression::Access { base: ptr, index: i }, s);
                self.add(naga::Expression::Load { pointer: p }, s)
            }
            ExprKind::Field { base, field } => {
                let b = self.expr(base);
                self.add(naga::Expression::AccessIndex { base: b, index: *field }, s)
            }
            ExprKind::Construct(parts) => self.construct(parts, e.ty, s),
            ExprKind::Call { function, args } => self.call(*function, args, e.ty, s),
            ExprKind::Intrinsic { op, args } => self.intrinsic(*op, args, e.ty, s),
            ExprKind::Method { object, method, args } => self.method(object, *method, args, e.ty, s),
            ExprKind::Assign { place, value, returns_old } => {
                // DXC evaluates the right side of `=` and `op=` before the place (clang's order,
                // and SpirvEmitter's `doBinaryOperator`/`processBinaryOp`): `a[i++] = i` stores
                // the old `i`, `x += x++` adds the old `x` to the incremented one. The order
                // shows only when the place has side effects, or it (its indices, or its value
                // for `op=`) reads what the value's side effects may change.
                let premade = self.premade.len();
                let (mut place_effects, mut place_reads) = (false, false);
                place.for_each_expr(&mut |x| {
                    place_effects |= has_side_effects(x);
                    super::walk_expr(x, &mut |y| place_reads |= matches!(y.kind, ExprKind::Load(_) | ExprKind::PlaceValue));
                });
                place_reads |= reads_assigned_place(value);
                if !*returns_old && (place_effects || (place_reads && writes_memory(value))) {
                    self.prelower_operands(value);
                }
                let pr = self.place(place);
                let old = if *returns_old { Some(self.load(&pr, s)) } else { None };
                self.assign_stack.push(pr.clone());
                let v = self.expr(value);
                self.assign_stack.pop();
                self.premade.truncate(premade);
                self.store(&pr, v, s);
                old.unwrap_or(v)
            }
            ExprKind::Sequence(parts) => {
                let mut last = None;
                for p in parts {
                    last = Some(self.expr(p));
                }
                last.unwrap_or_else(|| self.dummy(s))
            }
        }
    }

    /// Lowers the parts of an assignment's value that do not read the assigned place (the
    /// whole value of `=`, the right operand of `op=`), in evaluation order, recording them in
    /// `premade` for [`FnBuilder::expr_node`] to reuse when the value is lowered after the place.
    fn prelower_operands(&mut self, e: &tir::Expr) {
        if !reads_assigned_place(e) {
            let h = self.expr(e);
            self.premade.push((e as *const tir::Expr, h));
            return;
        }
        let mut children = Vec::new();
        e.for_each_child(|c| children.push(c));
        for c in children {
            self.prelower_operands(c);
        }
    }

    /// A placeholder value for `void` expressions.
    pub(crate) fn dummy(&mut self, s: Span) -> Handle<naga::Expression> {
        self.add(naga::Expression::Literal(naga::Literal::U32(0)), s)
    }

    /// The naga type of an expression: read off the expression where that is direct (see
    /// [`FnBuilder::direct_type`]), otherwise resolved with naga's typifier.
    pub(crate) fn resolve(&mut self, e: Handle<naga::Expression>) -> Option<naga::TypeInner> {
        if let Some(t) = self.direct_type(e) {
            // Test builds check every direct type against the typifier's.
            #[cfg(debug_assertions)]
            {
                let ctx = naga::proc::ResolveContext::with_locals(&self.lw.module, &self.func.local_variables, &self.func.arguments);
                if self.typifier.grow(e, &self.func.expressions, &ctx).is_ok() {
                    debug_assert_eq!(self.typifier.get(e, &self.lw.module.types), &t, "direct type of {:?}", self.func.expressions[e]);
                }
            }
            return Some(t);
        }
        let ctx = naga::proc::ResolveContext::with_locals(&self.lw.module, &self.func.local_variables, &self.func.arguments);
        self.typifier.grow(e, &self.func.expressions, &ctx).ok()?;
        Some(self.typifier.get(e, &self.lw.module.types).clone())
    }

    /// The type of the expressions whose type is their operand's or their variable's, as
    /// naga's typifier resolves it, without the typifier: it resolves every expression of the
    /// function up to the one asked for, which made lowering's swizzles of loaded values a
    /// third of lowering. `None` for other expressions (the typifier's business).
    fn direct_type(&self, e: Handle<naga::Expression>) -> Option<naga::TypeInner> {
        use naga::Expression as X;
        let types = &self.lw.module.types;
        match self.func.expressions[e] {
            X::Literal(l) => Some(naga::TypeInner::Scalar(l.scalar())),
            X::Compose { ty, .. } | X::ZeroValue(ty) => Some(types[ty].inner.clone()),
            X::FunctionArgument(i) => Some(types[self.func.arguments.get(i as usize)?.ty].inner.clone()),
            X::Load { pointer } => match self.pointee(pointer)? {
                Pointee::Type(ty) => match types[ty].inner {
                    naga::TypeInner::Atomic(_) => None,
                    ref inner => Some(inner.clone()),
                },
                Pointee::Scalar(scalar) => Some(naga::TypeInner::Scalar(scalar)),
            },
            X::Splat { size, value } => match self.direct_type(value)? {
                naga::TypeInner::Scalar(scalar) => Some(naga::TypeInner::Vector { size, scalar }),
                _ => None,
            },
            X::Swizzle { size, vector, .. } => match self.direct_type(vector)? {
                naga::TypeInner::Vector { scalar, .. } => Some(naga::TypeInner::Vector { size, scalar }),
                _ => None,
            },
            X::AccessIndex { base, index } => match self.direct_type(base)? {
                naga::TypeInner::Vector { scalar, .. } => Some(naga::TypeInner::Scalar(scalar)),
                naga::TypeInner::Matrix { rows, scalar, .. } => Some(naga::TypeInner::Vector { size: rows, scalar }),
                naga::TypeInner::Array { base, .. } => Some(types[base].inner.clone()),
                naga::TypeInner::Struct { ref members, .. } => Some(types[members.get(index as usize)?.ty].inner.clone()),
                _ => None,
            },
            _ => None,
        }
    }

    /// What a pointer expression made of variables and constant indices points to.
    fn pointee(&self, p: Handle<naga::Expression>) -> Option<Pointee> {
        use naga::Expression as X;
        let types = &self.lw.module.types;
        let element = |of: Pointee, index: Option<u32>| -> Option<Pointee> {
            let Pointee::Type(ty) = of else { return None };
            match types[ty].inner {
                naga::TypeInner::Vector { scalar, .. } => Some(Pointee::Scalar(scalar)),
                naga::TypeInner::Array { base, .. } | naga::TypeInner::BindingArray { base, .. } => Some(Pointee::Type(base)),
                naga::TypeInner::Struct { ref members, .. } => Some(Pointee::Type(members.get(index? as usize)?.ty)),
                _ => None,
            }
        };
        match self.func.expressions[p] {
            X::LocalVariable(l) => Some(Pointee::Type(self.func.local_variables.try_get(l).ok()?.ty)),
            // A handle (texture, sampler …) global is a value, not a pointer.
            X::GlobalVariable(g) => match self.lw.module.global_variables.try_get(g).ok()? {
                v if v.space == naga::AddressSpace::Handle => None,
                v => Some(Pointee::Type(v.ty)),
            },
            X::FunctionArgument(i) => match types[self.func.arguments.get(i as usize)?.ty].inner {
                naga::TypeInner::Pointer { base, .. } => Some(Pointee::Type(base)),
                _ => None,
            },
            X::AccessIndex { base, index } => element(self.pointee(base)?, Some(index)),
            X::Access { base, .. } => element(self.pointee(base)?, None),
            _ => None,
        }
    }

    /// A type handle for the type of an expression.
    pub(crate) fn type_handle_of(&mut self, e: Handle<naga::Expression>) -> Handle<naga::Type> {
        let ctx = naga::proc::ResolveContext::with_locals(&self.lw.module, &self.func.local_variables, &self.func.arguments);
        let _ = self.typifier.grow(e, &self.func.expressions, &ctx);
        match &self.typifier[e] {
            naga::proc::TypeResolution::Handle(h) => *h,
            naga::proc::TypeResolution::Value(inner) => {
                let inner = inner.clone();
                self.lw.insert_type(inner, None)
            }
        }
    }

    /// A constant of HLSL type `ty`.
    pub(crate) fn constant(&mut self, c: &ConstValue, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        match *self.lw.tys.get(ty) {
            TypeInner::Scalar(sc) => self.scalar_literal(sc, c, s),
            TypeInner::Vector { scalar, .. } => {
                let parts: Vec<_> = scalar_components(c).into_iter().map(|x| self.scalar_literal(scalar, x, s)).collect();
                let t = self.lw.ty(ty);
                self.add(naga::Expression::Compose { ty: t, components: parts }, s)
            }
            TypeInner::Matrix { scalar, rows, cols } => {
                let comps = scalar_components(c);
                let mut rows_v = Vec::new();
                for r in 0..rows as usize {
                    let parts: Vec<_> = (0..cols as usize).map(|k| self.scalar_literal(scalar, comps[r * cols as usize + k], s)).collect();
                    rows_v.push(if cols == 1 {
                        parts[0]
                    } else {
                        let vt = self.lw.vector_type(naga_scalar(scalar), cols);
                        self.add(naga::Expression::Compose { ty: vt, components: parts }, s)
                    });
                }
                let t = self.lw.ty(ty);
                self.add(naga::Expression::Compose { ty: t, components: rows_v }, s)
            }
            TypeInner::Array { base, .. } => {
                let ConstValue::Composite(parts) = c else { return self.dummy(s) };
                let v: Vec<_> = parts.iter().map(|p| self.constant(p, base, s)).collect();
                let t = self.lw.ty(ty);
                self.add(naga::Expression::Compose { ty: t, components: v }, s)
            }
            TypeInner::Struct(st) => {
                let ConstValue::Composite(parts) = c else { return self.dummy(s) };
                let fields: Vec<TypeId> = self.lw.tir.structs[st.0 as usize].fields.iter().map(|f| f.ty).collect();
                let v: Vec<_> = parts.iter().zip(fields).map(|(p, f)| self.constant(p, f, s)).collect();
                let t = self.lw.ty(ty);
                self.add(naga::Expression::Compose { ty: t, components: v }, s)
            }
            _ => self.dummy(s),
        }
    }

    fn scalar_literal(&mut self, sc: Scalar, c: &ConstValue, s: Span) -> Handle<naga::Expression> {
        // naga float literals must be finite: infinities and NaNs are bit patterns.
        if let (ScalarKind::Float, ConstValue::Float(f)) = (sc.kind, c) {
            if !f.is_finite() {
                let (lit, kind) = match sc.width {
                    2 => (naga::Literal::U16(half::f16::from_f64(*f).to_bits()), naga::ScalarKind::Float),
                    8 => (naga::Literal::U64(f.to_bits()), naga::ScalarKind::Float),
                    _ => (naga::Literal::U32((*f as f32).to_bits()), naga::ScalarKind::Float),
                };
                // naga's WGSL writer declares `enable wgpu_int16;` only when a 16-bit integer
                // type is in the type arena: a `half` infinity or NaN is `bitcast<f16>(u16(…))`.
                if sc.width == 2 {
                    let _ = self.lw.insert_type(naga::TypeInner::Scalar(naga::Scalar::U16), None);
                }
                let bits = self.add(naga::Expression::Literal(lit), s);
                return self.add(naga::Expression::As { expr: bits, kind, convert: None }, s);
            }
        }
        let lit = super::globals::literal(sc, c).unwrap_or(naga::Literal::U32(0));
        self.add(naga::Expression::Literal(lit), s)
    }

    /// Splits a matrix value into its HLSL rows.
    pub(crate) fn rows_of(&mut self, m: Handle<naga::Expression>, rows: u8, s: Span) -> Vec<Handle<naga::Expression>> {
        (0..rows as u32).map(|r| self.add(naga::Expression::AccessIndex { base: m, index: r }, s)).collect()
    }

    /// Applies `f` to corresponding rows of matrix operands (or once to non-matrix operands)
    /// and builds a value of `result_ty` from the per-row results.
    pub(crate) fn map_rows(
        &mut self,
        operands: &[(Handle<naga::Expression>, TypeId)],
        result_ty: TypeId,
        s: Span,
        f: &mut RowFn<'_, Self>,
    ) -> Handle<naga::Expression> {
        let rows = operands.iter().find_map(|(_, t)| match *self.lw.tys.get(*t) {
            TypeInner::Matrix { rows, .. } => Some(rows),
            _ => None,
        });
        let Some(rows) = rows else {
            // Not a matrix: the operands as they are (without a list for the common arities).
            return match *operands {
                [(a, _)] => f(self, &[a]),
                [(a, _), (b, _)] => f(self, &[a, b]),
                [(a, _), (b, _), (c, _)] => f(self, &[a, b, c]),
                _ => {
                    let vals: Vec<_> = operands.iter().map(|(v, _)| *v).collect();
                    f(self, &vals)
                }
            };
        };
        let split: Vec<Vec<Handle<naga::Expression>>> = operands
            .iter()
            .map(|&(v, t)| match *self.lw.tys.get(t) {
                TypeInner::Matrix { rows: r, .. } => self.rows_of(v, r, s),
                // Scalars apply to every row.
                _ => vec![v; rows as usize],
            })
            .collect();
        let mut out = Vec::new();
        for r in 0..rows as usize {
            let args: Vec<_> = split.iter().map(|v| v[r]).collect();
            out.push(f(self, &args));
        }
        let t = self.lw.ty(result_ty);
        self.add(naga::Expression::Compose { ty: t, components: out }, s)
    }

    /// `value << amount` (or `>>`): a scalar amount is splat to a vector value's size (matrix
    /// rows with a constant amount).
    fn shift(&mut self, op: naga::BinaryOperator, value: Handle<naga::Expression>, amount: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        let amount = match (self.resolve(value), self.resolve(amount)) {
            (Some(naga::TypeInner::Vector { size, .. }), Some(naga::TypeInner::Scalar(_))) => self.add(naga::Expression::Splat { size, value: amount }, s),
            _ => amount,
        };
        self.add(naga::Expression::Binary { op, left: value, right: amount }, s)
    }

    fn unary(&mut self, op: UnaryOp, v: Handle<naga::Expression>, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        let unsigned = self.lw.scalar_of(ty).kind == ScalarKind::Uint;
        self.map_rows(&[(v, ty)], ty, s, &mut |b, a| match op {
            UnaryOp::Neg if unsigned => {
                let z = b.zero_like(a[0], s);
                b.add(naga::Expression::Binary { op: naga::BinaryOperator::Subtract, left: z, right: a[0] }, s)
            }
            UnaryOp::Neg => b.add(naga::Expression::Unary { op: naga::UnaryOperator::Negate, expr: a[0] }, s),
            UnaryOp::Not => b.add(naga::Expression::Unary { op: naga::UnaryOperator::LogicalNot, expr: a[0] }, s),
            UnaryOp::BitNot => b.add(naga::Expression::Unary { op: naga::UnaryOperator::BitwiseNot, expr: a[0] }, s),
        })
    }

    fn binary(&mut self, op: BinaryOp, lhs: &tir::Expr, rhs: &tir::Expr, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        use naga::BinaryOperator as B;
        let scalar = self.lw.scalar_of(lhs.ty);
        if matches!(op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr) {
            let scalar_shape = matches!(self.lw.tys.get(lhs.ty), TypeInner::Scalar(_));
            if scalar_shape && must_not_speculate(rhs) && self.lw.options.hlsl_version >= 2021 {
                // Short-circuit: evaluate `rhs` only when it decides the result.
                let a = self.expr(lhs);
                let bool_t = self.lw.ty(ty);
                let l = self.local("sc", bool_t);
                let ptr = self.add(naga::Expression::LocalVariable(l), s);
                self.push(naga::Statement::Store { pointer: ptr, value: a }, s);
                self.begin();
                let b = self.expr(rhs);
                self.push(naga::Statement::Store { pointer: ptr, value: b }, s);
                let evaluate = self.end();
                let (accept, reject) = if op == BinaryOp::LogicalAnd { (evaluate, naga::Block::new()) } else { (naga::Block::new(), evaluate) };
                self.push(naga::Statement::If { condition: a, accept, reject }, s);
                return self.add(naga::Expression::Load { pointer: ptr }, s);
            }
            let a = self.expr(lhs);
            let b = self.expr(rhs);
            let nop = match (op, scalar_shape) {
                (BinaryOp::LogicalAnd, true) => B::LogicalAnd,
                (BinaryOp::LogicalOr, true) => B::LogicalOr,
                (BinaryOp::LogicalAnd, false) => B::And,
                _ => B::InclusiveOr,
            };
            return self.map_rows(&[(a, lhs.ty), (b, rhs.ty)], ty, s, &mut |bd, v| bd.add(naga::Expression::Binary { op: nop, left: v[0], right: v[1] }, s));
        }
        let a = self.expr(lhs);
        let mut b = self.expr(rhs);
        let nop = match op {
            BinaryOp::Add => B::Add,
            BinaryOp::Sub => B::Subtract,
            BinaryOp::Mul => B::Multiply,
            BinaryOp::Div => B::Divide,
            BinaryOp::Rem => B::Modulo,
            BinaryOp::Shl => B::ShiftLeft,
            BinaryOp::Shr => B::ShiftRight,
            BinaryOp::BitAnd => B::And,
            BinaryOp::BitOr => B::InclusiveOr,
            BinaryOp::BitXor => B::ExclusiveOr,
            BinaryOp::Eq => B::Equal,
            BinaryOp::Ne => B::NotEqual,
            BinaryOp::Lt => B::Less,
            BinaryOp::Le => B::LessEqual,
            BinaryOp::Gt => B::Greater,
            BinaryOp::Ge => B::GreaterEqual,
            BinaryOp::LogicalAnd | BinaryOp::LogicalOr => B::And,
        };
        if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
            // HLSL uses the low bits of the shift amount (`x << 33` is `x << 1`); naga wants
            // an unsigned amount and SPIR-V leaves larger amounts undefined.
            let bits = scalar.width as u32 * 8;
            // A constant amount the same in every component (a scalar, or a splat) is masked at
            // compile time; a constant vector of different amounts (`v >> uint4(1, 0, 4, 1)`)
            // is masked per component like a run-time one below.
            let uniform_amount = match &rhs.kind {
                ExprKind::Const(c) => {
                    let amounts: Vec<u64> = crate::sema::components_of(c)
                        .iter()
                        .map(|x| match x {
                            ConstValue::Int(i) => *i as u64,
                            ConstValue::Uint(u) => *u,
                            _ => 0,
                        })
                        .collect();
                    amounts.first().copied().filter(|a| amounts.iter().all(|x| x == a))
                }
                _ => None,
            };
            if let Some(amount) = uniform_amount {
                let masked = ConstValue::Uint(amount & (bits as u64 - 1));
                let shift_ty = self.lw.tys.with_scalar(rhs.ty, Scalar::U32);
                let scalar_u = self.lw.tys.scalar(Scalar::U32);
                let lit = self.constant(&masked, scalar_u, s);
                b = match *self.lw.tys.get(shift_ty) {
                    TypeInner::Vector { size, .. } => self.add(naga::Expression::Splat { size: vector_size(size), value: lit }, s),
                    _ => lit,
                };
                // A matrix amount is the same for every element: one scalar for every row.
                let shift_ty = if matches!(*self.lw.tys.get(shift_ty), TypeInner::Matrix { .. }) { scalar_u } else { shift_ty };
                return self.map_rows(&[(a, lhs.ty), (b, shift_ty)], ty, s, &mut |bd, v| bd.shift(nop, v[0], v[1], s));
            }
            let shift_ty = self.lw.tys.with_scalar(rhs.ty, Scalar::U32);
            b = self.map_rows(&[(b, rhs.ty)], shift_ty, s, &mut |bd, v| {
                let as_u = bd.add(naga::Expression::As { expr: v[0], kind: naga::ScalarKind::Uint, convert: Some(4) }, s);
                let mask = bd.literal_u32(bits - 1);
                let mask = match bd.resolve(as_u) {
                    Some(naga::TypeInner::Vector { size, .. }) => bd.add(naga::Expression::Splat { size, value: mask }, s),
                    _ => mask,
                };
                bd.add(naga::Expression::Binary { op: B::And, left: as_u, right: mask }, s)
            });
            return self.map_rows(&[(a, lhs.ty), (b, shift_ty)], ty, s, &mut |bd, v| bd.shift(nop, v[0], v[1], s));
        }
        // naga has matrix +, - natively; everything else on matrices is row by row.
        let naga_matrix = matches!(*self.lw.tys.get(ty), TypeInner::Matrix { scalar, rows, cols } if matrix_rep(scalar, rows, cols) == MatrixRep::Naga);
        if naga_matrix && matches!(op, BinaryOp::Add | BinaryOp::Sub) {
            return self.add(naga::Expression::Binary { op: nop, left: a, right: b }, s);
        }
        if scalar.kind == ScalarKind::Float && op == BinaryOp::Ne {
            // HLSL's `!=` is unordered (true for NaN, DXC's `fcmp une`); naga's is ordered.
            return self.map_rows(&[(a, lhs.ty), (b, rhs.ty)], ty, s, &mut |bd, v| {
                let eq = bd.add(naga::Expression::Binary { op: B::Equal, left: v[0], right: v[1] }, s);
                bd.add(naga::Expression::Unary { op: naga::UnaryOperator::LogicalNot, expr: eq }, s)
            });
        }
        if scalar.kind == ScalarKind::Uint && matches!(op, BinaryOp::Div | BinaryOp::Rem) && self.lw.options.target == crate::options::Target::Wgsl && !nonzero_constant(rhs) {
            return self.map_rows(&[(a, lhs.ty), (b, rhs.ty)], ty, s, &mut |bd, v| bd.unsigned_div_rem(nop, v[0], v[1], s));
        }
        self.map_rows(&[(a, lhs.ty), (b, rhs.ty)], ty, s, &mut |bd, v| bd.add(naga::Expression::Binary { op: nop, left: v[0], right: v[1] }, s))
    }

    /// Unsigned `/` or `%` with D3D's result for a zero divisor: all bits set, quotient and
    /// remainder alike (DXIL's `UDiv`). WGSL defines `x / 0 = x` and `x % 0 = 0`, so the WGSL
    /// target selects D3D's value; SPIR-V keeps the raw `OpUDiv`/`OpUMod`, as DXC writes them
    /// (undefined there; GPUs give D3D's value).
    fn unsigned_div_rem(&mut self, op: naga::BinaryOperator, left: Handle<naga::Expression>, right: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        let value = self.add(naga::Expression::Binary { op, left, right }, s);
        let (zero, ones) = match self.resolve(right).and_then(|t| t.scalar()) {
            Some(naga::Scalar { width: 8, .. }) => (naga::Literal::U64(0), naga::Literal::U64(u64::MAX)),
            Some(naga::Scalar { width: 2, .. }) => (naga::Literal::U16(0), naga::Literal::U16(u16::MAX)),
            _ => (naga::Literal::U32(0), naga::Literal::U32(u32::MAX)),
        };
        let splat = |bd: &mut Self, lit: naga::Literal, like: Handle<naga::Expression>| {
            let l = bd.add(naga::Expression::Literal(lit), s);
            match bd.resolve(like) {
                Some(naga::TypeInner::Vector { size, .. }) => bd.add(naga::Expression::Splat { size, value: l }, s),
                _ => l,
            }
        };
        let zero = splat(self, zero, right);
        let is_zero = self.add(naga::Expression::Binary { op: naga::BinaryOperator::Equal, left: right, right: zero }, s);
        let ones = splat(self, ones, value);
        self.add(naga::Expression::Select { condition: is_zero, accept: ones, reject: value }, s)
    }

    /// `cond ? a : b` evaluated with both operands (component-wise for vector conditions).
    pub(crate) fn select(&mut self, c: Handle<naga::Expression>, a: Handle<naga::Expression>, b: Handle<naga::Expression>, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        let cond_is_scalar = matches!(self.resolve(c), Some(naga::TypeInner::Scalar(_)));
        let rows = match *self.lw.tys.get(ty) {
            TypeInner::Matrix { rows, .. } => Some(rows),
            _ => None,
        };
        match rows {
            Some(rows) => {
                let ra = self.rows_of(a, rows, s);
                let rb = self.rows_of(b, rows, s);
                let rc = if cond_is_scalar { vec![c; rows as usize] } else { self.rows_of(c, rows, s) };
                let out: Vec<_> = (0..rows as usize)
                    .map(|r| self.add(naga::Expression::Select { condition: rc[r], accept: ra[r], reject: rb[r] }, s))
                    .collect();
                let t = self.lw.ty(ty);
                self.add(naga::Expression::Compose { ty: t, components: out }, s)
            }
            None => self.add(naga::Expression::Select { condition: c, accept: a, reject: b }, s),
        }
    }

    /// `c ? accept : reject` with only the chosen operand evaluated.
    fn branch_value(&mut self, c: Handle<naga::Expression>, accept: &tir::Expr, reject: &tir::Expr, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        let t = self.lw.ty(ty);
        let l = self.local("sel", t);
        let ptr = self.add(naga::Expression::LocalVariable(l), s);
        self.begin();
        let a = self.expr(accept);
        self.push(naga::Statement::Store { pointer: ptr, value: a }, s);
        let ab = self.end();
        self.begin();
        let b = self.expr(reject);
        self.push(naga::Statement::Store { pointer: ptr, value: b }, s);
        let bb = self.end();
        self.push(naga::Statement::If { condition: c, accept: ab, reject: bb }, s);
        self.add(naga::Expression::Load { pointer: ptr }, s)
    }

    /// Numeric conversion between types of the same shape.
    pub(crate) fn convert(&mut self, v: Handle<naga::Expression>, from: TypeId, to: TypeId, s: Span) -> Handle<naga::Expression> {
        let (fs, ts) = (self.lw.scalar_of(from), self.lw.scalar_of(to));
        if fs == ts {
            return v;
        }
        let target = naga_scalar(ts);
        // The target type must be in the module even when no declaration names it: naga's
        // WGSL writer enables `f16` from the module's types.
        let _ = self.lw.ty(to);
        self.map_rows(&[(v, from)], to, s, &mut |b, a| {
            if fs.kind == ScalarKind::Bool || ts.kind == ScalarKind::Bool {
                // naga converts bools with `As` (`select(0, 1, b)` / `x != 0`).
                return b.add(naga::Expression::As { expr: a[0], kind: target.kind, convert: Some(target.width) }, s);
            }
            if fs.is_integer() && ts.is_integer() && fs.kind != ts.kind && ts.width > fs.width {
                // Widening between signednesses extends as the *source* is signed (C's rule, as
                // DXC: `uint(int16_t(-1))` is 0xFFFFFFFF, `int64_t(0xFFFFFFFFu)` is 4294967295);
                // naga's `As` extends as the target is (SPIR-V `UConvert` for a uint target).
                // So widen within the source's signedness, then reinterpret.
                let wide = b.add(naga::Expression::As { expr: a[0], kind: naga_scalar(fs).kind, convert: Some(target.width) }, s);
                return b.add(naga::Expression::As { expr: wide, kind: target.kind, convert: None }, s);
            }
            b.add(naga::Expression::As { expr: a[0], kind: target.kind, convert: Some(target.width) }, s)
        })
    }

    pub(crate) fn splat(&mut self, v: Handle<naga::Expression>, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        match *self.lw.tys.get(ty) {
            TypeInner::Vector { size, .. } => self.add(naga::Expression::Splat { size: vector_size(size), value: v }, s),
            TypeInner::Matrix { scalar, rows, cols } => {
                let row = if cols == 1 { v } else { self.add(naga::Expression::Splat { size: vector_size(cols), value: v }, s) };
                let t = self.lw.ty(ty);
                let _ = scalar;
                self.add(naga::Expression::Compose { ty: t, components: vec![row; rows as usize] }, s)
            }
            _ => v,
        }
    }

    fn truncate(&mut self, v: Handle<naga::Expression>, from: TypeId, to: TypeId, s: Span) -> Handle<naga::Expression> {
        match (self.lw.tys.shape(from), self.lw.tys.shape(to)) {
            (Some(Shape::Vector(_)), Some(Shape::Scalar)) => self.add(naga::Expression::AccessIndex { base: v, index: 0 }, s),
            (Some(Shape::Vector(_)), Some(Shape::Vector(m))) => {
                self.add(naga::Expression::Swizzle { size: vector_size(m), vector: v, pattern: super::raw::SWIZZLE_XYZW }, s)
            }
            (Some(Shape::Matrix(_, c)), Some(Shape::Scalar)) => {
                let row = self.add(naga::Expression::AccessIndex { base: v, index: 0 }, s);
                if c == 1 { row } else { self.add(naga::Expression::AccessIndex { base: row, index: 0 }, s) }
            }
            (Some(Shape::Matrix(_, c)), Some(Shape::Matrix(r2, c2))) => {
                let rows = self.rows_of(v, r2, s);
                let out: Vec<_> = rows
                    .into_iter()
                    .map(|row| {
                        if c2 == c {
                            row
                        } else if c2 == 1 {
                            self.add(naga::Expression::AccessIndex { base: row, index: 0 }, s)
                        } else {
                            self.add(naga::Expression::Swizzle { size: vector_size(c2), vector: row, pattern: super::raw::SWIZZLE_XYZW }, s)
                        }
                    })
                    .collect();
                let t = self.lw.ty(to);
                self.add(naga::Expression::Compose { ty: t, components: out }, s)
            }
            _ => v,
        }
    }

    /// Builds a vector, matrix, array or struct from its parts (see `ExprKind::Construct`).
    fn construct(&mut self, parts: &[tir::Expr], ty: TypeId, s: Span) -> Handle<naga::Expression> {
        let t = self.lw.ty(ty);
        // `float2(v2)`: a single part of the whole type is the value itself.
        if parts.len() == 1 && parts[0].ty == ty {
            return self.expr(&parts[0]);
        }
        match *self.lw.tys.get(ty) {
            TypeInner::Vector { .. } => {
                let comps: Vec<_> = parts.iter().map(|p| self.expr(p)).collect();
                self.add(naga::Expression::Compose { ty: t, components: comps }, s)
            }
            TypeInner::Matrix { scalar, rows, cols } => {
                // Parts are in row-major order; regroup into rows.
                let mut scalars = Vec::new();
                let row_like = parts.len() == rows as usize && parts.iter().all(|p| self.lw.tys.shape(p.ty) == Some(if cols == 1 { Shape::Scalar } else { Shape::Vector(cols) }));
                if row_like {
                    let rows_v: Vec<_> = parts.iter().map(|p| self.expr(p)).collect();
                    return self.add(naga::Expression::Compose { ty: t, components: rows_v }, s);
                }
                for p in parts {
                    let v = self.expr(p);
                    match *self.lw.tys.get(p.ty) {
                        TypeInner::Vector { size, .. } => {
                            for i in 0..size as u32 {
                                scalars.push(self.add(naga::Expression::AccessIndex { base: v, index: i }, s));
                            }
                        }
                        _ => scalars.push(v),
                    }
                }
                let vt = self.lw.vector_type(naga_scalar(scalar), cols);
                let mut rows_v = Vec::new();
                for r in 0..rows as usize {
                    let chunk: Vec<_> = scalars.iter().skip(r * cols as usize).take(cols as usize).copied().collect();
                    rows_v.push(if cols == 1 { chunk[0] } else { self.add(naga::Expression::Compose { ty: vt, components: chunk }, s) });
                }
                self.add(naga::Expression::Compose { ty: t, components: rows_v }, s)
            }
            _ => {
                let comps: Vec<_> = parts.iter().map(|p| self.expr(p)).collect();
                self.add(naga::Expression::Compose { ty: t, components: comps }, s)
            }
        }
    }

    /// A call with HLSL's copy-in/copy-out for `out`/`inout` arguments.
    fn call(&mut self, f: crate::tir::FuncId, args: &[Arg], ret: TypeId, s: Span) -> Handle<naga::Expression> {
        if let Some(result) = self.inline_spirv_call(f, args, ret, s) {
            return result;
        }
        let callee = self.lw.tir.function(f);
        // A helper taking node objects: lowered for the caller's node parameters, which are
        // no arguments (see `super::work_graph`).
        let mut node_params = Vec::new();
        let handle = if self.lw.is_node_helper(f) {
            let caller = self.tfunc.and_then(|tf| self.lw.tir.functions.iter().position(|g| std::ptr::eq(g, tf))).map(|i| crate::tir::FuncId(i as u32));
            let mut bindings = Vec::new();
            for (i, (a, p)) in args.iter().zip(&callee.params).enumerate() {
                if !matches!(*self.lw.tys.get(p.ty), TypeInner::Node { object, .. } if object.is_input() || object.is_output()) {
                    continue;
                }
                node_params.push(i);
                let place: Option<&crate::tir::Place> = match a {
                    Arg::Value(crate::tir::Expr { kind: ExprKind::Load(place), .. }) => Some(place),
                    Arg::InOut(place) | Arg::Out(place) => Some(place),
                    _ => None,
                };
                let bound = match (place, caller) {
                    (Some(place), Some(c)) if place.projections.is_empty() => match place.root {
                        crate::tir::PlaceRoot::Param(q) => self.lw.node_binding(c, q.0 as usize),
                        _ => None,
                    },
                    _ => None,
                };
                let Some((k, var)) = bound else { return self.unbound_node_object(p.ty, s) };
                bindings.push((i, k, var));
            }
            match self.lw.node_helper_function(f, bindings) {
                Some(h) => h,
                None => return self.dummy(s),
            }
        } else {
            match self.lw.functions.get(&f) {
                Some(&h) => h,
                None => return self.dummy(s),
            }
        };
        // The payload parameter of a ray-tracing entry function is its incoming payload
        // variable (see `super::ray_tracing`), not an argument.
        if self.lw.ray_tracing_incoming(f, 0).is_some() {
            self.lw.error("E0632", s, format!("ray-tracing entry point `{}` cannot be called: its payload is the stage's incoming payload", callee.name))
                .help("move the body into a helper function that both call");
            return self.dummy(s);
        }
        let mut values = Vec::new();
        let mut copies = Vec::new();
        for (i, (a, p)) in args.iter().zip(&callee.params).enumerate() {
            if node_params.contains(&i) {
                continue;
            }
            match a {
                Arg::Value(e) => values.push(self.expr(e)),
                // A `RayQuery` parameter was reported where the callee is lowered.
                Arg::InOut(_) if matches!(self.lw.tys.get(p.ty), TypeInner::RayQuery { .. }) => values.push(self.dummy(s)),
                Arg::Out(place) | Arg::InOut(place) => {
                    let pr = self.place(place);
                    let pty = self.lw.ty(p.ty);
                    let tmp = self.local("arg", pty);
                    let ptr = self.add(naga::Expression::LocalVariable(tmp), s);
                    // An `out` argument starts with the caller's value too: DXC's SPIR-V passes
                    // an lvalue of the parameter's type by pointer and initialises the temporary
                    // it makes for any other from the argument (SpirvEmitter::processCall), so a
                    // parameter the callee leaves unwritten keeps the caller's value. (Not for
                    // texels, which may be write-only, nor across a change of shape.)
                    let same_shape = place.ty == p.ty || self.lw.tys.shape(place.ty).is_some_and(|a| self.lw.tys.shape(p.ty) == Some(a));
                    let reads_back = matches!(a, Arg::InOut(_)) || (same_shape && !matches!(place.root, crate::tir::PlaceRoot::Texel { .. }));
                    if reads_back {
                        let cur = self.load(&pr, s);
                        let cur = self.convert(cur, place.ty, p.ty, s);
                        self.push(naga::Statement::Store { pointer: ptr, value: cur }, s);
                    }
                    values.push(ptr);
                    copies.push((pr, ptr, p.ty, place.ty));
                }
            }
        }
        let result = if ret != self.lw.tys.void() { Some(self.add(naga::Expression::CallResult(handle), s)) } else { None };
        self.push(naga::Statement::Call { function: handle, arguments: values, result }, s);
        for (pr, ptr, pty, place_ty) in copies {
            let v = self.add(naga::Expression::Load { pointer: ptr }, s);
            let v = self.convert(v, pty, place_ty, s);
            self.store(&pr, v, s);
        }
        result.unwrap_or_else(|| self.dummy(s))
    }
}

/// The scalar components of a constant, in order, as [`crate::sema::components_of`] lists
/// them but without copying them.
fn scalar_components(c: &ConstValue) -> Vec<&ConstValue> {
    fn push<'c>(c: &'c ConstValue, out: &mut Vec<&'c ConstValue>) {
        match c {
            ConstValue::Composite(parts) => parts.iter().for_each(|p| push(p, out)),
            scalar => out.push(scalar),
        }
    }
    let mut out = Vec::new();
    push(c, &mut out);
    out
}

/// True if evaluating `e` may write memory a place could read: calls of user functions,
/// assignments, atomics, and intrinsics and methods with `out`/`inout` arguments.
fn writes_memory(e: &tir::Expr) -> bool {
    let mut found = false;
    super::walk_expr(e, &mut |x| {
        found |= match &x.kind {
            ExprKind::Call { .. } | ExprKind::Assign { .. } => true,
            ExprKind::Intrinsic { op, args } => super::is_interlocked(*op) || args.iter().any(|a| !matches!(a, Arg::Value(_))),
            ExprKind::Method { args, .. } => args.iter().any(|a| !matches!(a, Arg::Value(_))),
            _ => false,
        }
    });
    found
}

/// True if `e` reads the place being assigned (a `PlaceValue` not inside an assignment of its
/// own, whose `PlaceValue`s read that assignment's place).
fn reads_assigned_place(e: &tir::Expr) -> bool {
    match &e.kind {
        ExprKind::PlaceValue => true,
        ExprKind::Assign { place, .. } => {
            let mut found = false;
            place.for_each_expr(&mut |x| found |= reads_assigned_place(x));
            found
        }
        _ => {
            let mut found = false;
            e.for_each_child(|c| found |= reads_assigned_place(c));
            found
        }
    }
}

/// True if evaluating `e` may have effects beyond its value (calls, assignments, atomics,
/// barriers, stores, discards), or a value that depends on which lanes evaluate it (wave and
/// quad operations: `c ? WaveActiveSum(x) : 0` sums over the lanes where `c` holds only).
pub(crate) fn has_side_effects(e: &tir::Expr) -> bool {
    let mut found = false;
    super::walk_expr(e, &mut |x| {
        if matches!(x.kind, ExprKind::Call { .. } | ExprKind::Assign { .. } | ExprKind::Method { .. }) {
            found = true;
        }
        if let ExprKind::Intrinsic { op, .. } = &x.kind {
            use tir::Intrinsic::*;
            if super::is_interlocked(*op)
                || matches!(
                    op,
                    WaveActiveAnyTrue | WaveActiveAllTrue | WaveActiveAllEqual | WaveActiveBallot | WaveActiveCountBits | WaveActiveSum
                        | WaveActiveProduct | WaveActiveMin | WaveActiveMax | WaveActiveBitAnd | WaveActiveBitOr | WaveActiveBitXor
                        | WavePrefixSum | WavePrefixProduct | WavePrefixCountBits | WaveReadLaneAt | WaveReadLaneFirst | WaveMatch
                        | WaveMultiPrefixSum | WaveMultiPrefixProduct | WaveMultiPrefixCountBits | WaveMultiPrefixBitAnd
                        | WaveMultiPrefixBitOr | WaveMultiPrefixBitXor | WaveIsFirstLane | QuadReadAcrossX | QuadReadAcrossY
                        | QuadReadAcrossDiagonal | QuadReadLaneAt | QuadAny | QuadAll
                )
                || matches!(op, Clip | AllMemoryBarrier | AllMemoryBarrierWithGroupSync | DeviceMemoryBarrier | DeviceMemoryBarrierWithGroupSync | GroupMemoryBarrier | GroupMemoryBarrierWithGroupSync | SinCos | Modf | Frexp | AsUintSplit | ProcessTessFactors(_))
            {
                found = true;
            }
        }
    });
    found
}

/// True if an operand that HLSL 2021's `&&`, `||` or `?:` may skip has to be skipped rather
/// than evaluated anyway and discarded: it has side effects ([`has_side_effects`]), or it
/// reads memory that the skipped condition guards — through a run-time index into an array,
/// vector or matrix outside buffer memory (`j > 0 && list[j - 1].depth > d`: out of bounds,
/// SPIR-V leaves the access undefined, naga's writer does not check it, and drivers' LLVM
/// optimises on it), or through a `vk::BufferPointer` (`p != 0 && p.Get().x > 0`).
/// Buffer and texel reads are left out: robust buffer access defines them.
pub(crate) fn must_not_speculate(e: &tir::Expr) -> bool {
    if has_side_effects(e) {
        return true;
    }
    let mut found = false;
    super::walk_expr(e, &mut |x| {
        let ExprKind::Load(p) = &x.kind else { return };
        match p.root {
            tir::PlaceRoot::Pointee { .. } => found = true,
            tir::PlaceRoot::BufferElement { .. } | tir::PlaceRoot::Texel { .. } => {}
            _ => {
                if p.projections.iter().any(|pr| matches!(pr, tir::Projection::Index(i) if !matches!(i.kind, ExprKind::Const(_)))) {
                    found = true;
                }
            }
        }
    });
    found
}

/// What a pointer points to ([`FnBuilder::pointee`]): a type, or a vector's component (naga's
/// value pointer).
#[derive(Clone, Copy)]
enum Pointee {
    Type(Handle<naga::Type>),
    Scalar(naga::Scalar),
}

/// Whether `e` is a constant none of whose components is zero (a divisor that needs no
/// zero check).
fn nonzero_constant(e: &tir::Expr) -> bool {
    match &e.kind {
        ExprKind::Const(c) => crate::sema::components_of(c).iter().all(|x| !matches!(x, ConstValue::Int(0) | ConstValue::Uint(0))),
        _ => false,
    }
}
