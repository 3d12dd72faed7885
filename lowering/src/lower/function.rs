//! One function body: the builder that appends naga expressions and statements, and the
//! lowering of statements.
//!
//! naga requires every non-constant expression to be covered by an `Emit` statement at the
//! point it is evaluated; [`FnBuilder::add`] and [`FnBuilder::push`] keep naga's [`Emitter`]
//! running so that this holds by construction. Blocks are a stack: nested control flow begins
//! a block, lowers into it, and ends it.
//!
//! [`Emitter`]: naga::proc::Emitter

use super::place::PlaceRef;
use super::{span, Lowerer};
use crate::tir::{self, FuncId, ParamDir, StmtKind};
use crate::ty::TypeInner;
use naga::Handle;

/// How a parameter is reached inside the function body.
#[derive(Clone, Copy, Debug)]
pub(crate) enum ParamSlot {
    /// An `in` parameter, copied into a local so the body may assign it.
    Local(Handle<naga::LocalVariable>),
    /// An `out`/`inout` parameter: a pointer argument.
    Pointer(Handle<naga::Expression>),
    /// A texture or sampler parameter: the handle itself.
    Handle(Handle<naga::Expression>),
}

pub(crate) struct FnBuilder<'l, 'a> {
    pub lw: &'l mut Lowerer<'a>,
    pub func: naga::Function,
    /// Where the current emit range starts: the expressions appended since are emitted by
    /// the next [`FnBuilder::flush`] (naga's `proc::Emitter`, kept as the index alone, so
    /// that ending a range with nothing in it costs a comparison).
    emit_start: usize,
    /// The union of the spans of the expressions in the current emit range, the span of its
    /// `Emit` statement (as naga's `Emitter::finish` computes it: undefined spans left out),
    /// kept as they are appended.
    emit_span: hlslc_grammar::Span,
    blocks: Vec<naga::Block>,
    /// naga locals of the HLSL locals.
    pub locals: Vec<Handle<naga::LocalVariable>>,
    pub params: Vec<ParamSlot>,
    /// Places being assigned, innermost last (what `PlaceValue` reads).
    pub assign_stack: Vec<PlaceRef>,
    /// Sub-expressions of an assignment's value lowered before its place (DXC evaluates the
    /// right side first, [`FnBuilder::prelower_operands`]): the typed IR node and its value.
    pub premade: Vec<(*const tir::Expr, Handle<naga::Expression>)>,
    /// The HLSL function being lowered (`None` for entry-point wrappers).
    pub tfunc: Option<&'a tir::Function>,
    /// Types of the naga expressions built so far.
    pub typifier: naga::front::Typifier,
    /// Recording of `precise` operations (SPIR-V target, functions with precise operations).
    pub precise: Option<super::precise::PreciseTracker>,
    /// The ray local of each `RayQuery` local, by HLSL local index (see `ray_query`).
    pub ray_locals: rustc_hash::FxHashMap<u32, Handle<naga::LocalVariable>>,
    /// The minimum-LOD `clamp` of the sampling method being lowered (SPIR-V): every
    /// `ImageSample` added meanwhile is preceded by a store of it to the marker of
    /// `passes::min_lod`, which turns the store into the sample's `MinLod` operand.
    pub min_lod: Option<Handle<naga::Expression>>,
    /// The texture array whose comparison method is being lowered: its root resolves to the
    /// array's depth twin (see `Lowerer::depth_twins`), once.
    pub compare_twin: Option<tir::GlobalId>,
}

impl<'l, 'a> FnBuilder<'l, 'a> {
    pub fn new(lw: &'l mut Lowerer<'a>, tfunc: Option<&'a tir::Function>) -> Self {
        let func = naga::Function::default();
        let root = lw.spare_blocks.pop().unwrap_or_default();
        FnBuilder { lw, func, emit_start: 0, emit_span: hlslc_grammar::Span::UNDEFINED, blocks: vec![root], locals: Vec::new(), params: Vec::new(), assign_stack: Vec::new(), premade: Vec::new(), tfunc, typifier: naga::front::Typifier::new(), precise: None, ray_locals: Default::default(), min_lod: None, compare_twin: None }
    }

    /// The bits of `expr` when it is a 64-bit integer literal.
    fn wide_literal(&self, expr: Handle<naga::Expression>) -> Option<u64> {
        match self.func.expressions[expr] {
            naga::Expression::Literal(naga::Literal::U64(v)) => Some(v),
            naga::Expression::Literal(naga::Literal::I64(v)) => Some(v as u64),
            _ => None,
        }
    }

    /// Appends an expression, keeping `Emit` statements correct.
    ///
    /// (Inlined: where the kind of `e` is written at the call, as at most, the check below
    /// folds away and the call appends directly; the kinds that need more go through
    /// [`Self::add_special`].)
    #[inline]
    pub fn add(&mut self, e: naga::Expression, s: hlslc_grammar::Span) -> Handle<naga::Expression> {
        if matches!(
            e,
            naga::Expression::Compose { .. }
                | naga::Expression::Derivative { .. }
                | naga::Expression::ImageSample { .. }
                | naga::Expression::As { .. }
                | naga::Expression::Math { .. }
        ) {
            return self.add_special(e, s);
        }
        self.append(e, s)
    }

    /// [`Self::add`] of the kinds of expression that may be rewritten or need a run-time copy
    /// of an operand.
    #[inline(never)]
    fn add_special(&mut self, e: naga::Expression, s: hlslc_grammar::Span) -> Handle<naga::Expression> {
        match e {
            naga::Expression::Compose { .. } | naga::Expression::Derivative { .. } | naga::Expression::ImageSample { .. } => self.add_rewritten(e, s),
            naga::Expression::As { expr, kind: kind @ (naga::ScalarKind::Uint | naga::ScalarKind::Sint), convert: Some(4) } if self.wide_literal(expr).is_some() => {
                // A 64-bit literal narrowed to 32 bits (a `uint64_t` constant stored as two
                // words, `countbits` of a constant's halves) is truncated here: naga's WGSL front
                // end evaluates `u32(9223372036854775808lu)` as a constant and rejects a value
                // out of the 32-bit range, where HLSL keeps the low bits.
                let v = self.wide_literal(expr).unwrap_or_default();
                match kind {
                    naga::ScalarKind::Uint => self.append(naga::Expression::Literal(naga::Literal::U32(v as u32)), s),
                    _ => self.append(naga::Expression::Literal(naga::Literal::I32(v as u32 as i32)), s),
                }
            }
            naga::Expression::Math { fun, arg, arg1, arg2, arg3 } if self.lw.options.target == crate::Target::Wgsl && self.is_unfoldable_wgsl_constant(arg) && [arg1, arg2, arg3].into_iter().flatten().all(|a| self.is_const_operand(a)) => {
                let arg = self.runtime_copy(arg, s);
                self.append(naga::Expression::Math { fun, arg, arg1, arg2, arg3 }, s)
            }
            // Nor some conversions of constant f64 and 64-bit integers (`f32(2.5lf)`,
            // `f64(5li)`, `u32(5lu)`).
            naga::Expression::As { expr, kind, convert: Some(width) } if self.lw.options.target == crate::Target::Wgsl && self.is_unfoldable_wgsl_conversion(expr, kind, width) => {
                let convert = Some(width);
                let expr = self.runtime_copy(expr, s);
                self.append(naga::Expression::As { expr, kind, convert }, s)
            }
            e => self.append(e, s),
        }
    }

    /// Whether `h` is a constant expression (literals, constants, zero values, and compositions
    /// and splats of them): a WGSL reader evaluates a built-in call of such operands at
    /// compile time.
    fn is_const_operand(&self, h: Handle<naga::Expression>) -> bool {
        use naga::Expression as X;
        match self.func.expressions[h] {
            X::Literal(_) | X::Constant(_) | X::ZeroValue(_) => true,
            X::Compose { ref components, .. } => components.iter().all(|&c| self.is_const_operand(c)),
            X::Splat { value, .. } => self.is_const_operand(value),
            _ => false,
        }
    }

    /// Whether `h` is a constant operand of a scalar type that naga's WGSL constant evaluator
    /// has no built-in functions for (`f64`, 16-bit and 64-bit integers): re-reading the
    /// WGSL of `clamp(vec4<f64>(…), …)` with all-constant operands fails ("Cannot apply
    /// math function to type") although naga's validator accepts the module, so wgpu (and
    /// every WGSL consumer built on naga) rejects the shader.
    fn is_unfoldable_wgsl_constant(&mut self, h: Handle<naga::Expression>) -> bool {
        if !self.is_const_operand(h) {
            return false;
        }
        let ty = self.type_handle_of(h);
        let scalar = match self.lw.module.types[ty].inner {
            naga::TypeInner::Scalar(sc) | naga::TypeInner::Vector { scalar: sc, .. } | naga::TypeInner::Matrix { scalar: sc, .. } => sc,
            _ => return false,
        };
        matches!(
            (scalar.kind, scalar.width),
            (naga::ScalarKind::Float, 8) | (naga::ScalarKind::Sint | naga::ScalarKind::Uint, 2 | 8)
        )
    }

    /// Whether `h` is a constant whose conversion to `kind`/`width` naga's WGSL constant
    /// evaluator rejects ("Cannot cast scalar components"): f64 to a 32-bit type, and a 64-bit
    /// integer to anything but a 64-bit integer.
    fn is_unfoldable_wgsl_conversion(&mut self, h: Handle<naga::Expression>, kind: naga::ScalarKind, width: u8) -> bool {
        if !self.is_const_operand(h) {
            return false;
        }
        let ty = self.type_handle_of(h);
        let scalar = match self.lw.module.types[ty].inner {
            naga::TypeInner::Scalar(sc) | naga::TypeInner::Vector { scalar: sc, .. } => sc,
            _ => return false,
        };
        match (scalar.kind, scalar.width) {
            (naga::ScalarKind::Float, 8) => width == 4,
            (naga::ScalarKind::Sint | naga::ScalarKind::Uint, 8) => !(matches!(kind, naga::ScalarKind::Sint | naga::ScalarKind::Uint) && width == 8),
            _ => false,
        }
    }

    /// The value of constant `h` read back from a function-local variable initialised with
    /// it: a run-time value, so that the call it feeds is not evaluated by the WGSL reader
    /// (see [`FnBuilder::is_unfoldable_wgsl_constant`]); the target evaluates it instead.
    fn runtime_copy(&mut self, h: Handle<naga::Expression>, s: hlslc_grammar::Span) -> Handle<naga::Expression> {
        let ty = self.type_handle_of(h);
        let var = self.func.local_variables.append(naga::LocalVariable { name: Some("constant_operand".into()), ty, init: Some(h) }, span(s));
        let pointer = self.append(naga::Expression::LocalVariable(var), s);
        self.append(naga::Expression::Load { pointer }, s)
    }

    /// [`FnBuilder::add`] for the expressions it may rewrite or precede with a statement.
    fn add_rewritten(&mut self, e: naga::Expression, s: hlslc_grammar::Span) -> Handle<naga::Expression> {
        // A value of an empty struct (naga gives it one padding member) has no components to
        // compose: it is the zero value.
        let e = match e {
            naga::Expression::Compose { ty, components } if components.is_empty() => naga::Expression::ZeroValue(ty),
            e => e,
        };
        // Compute-shader derivatives for SPIR-V: stand-ins (see `super::derivatives`).
        let e = match e {
            naga::Expression::Derivative { axis, ctrl, expr } if self.lw.compute_derivatives => return self.derivative_stand_in(axis, ctrl, expr, s),
            naga::Expression::ImageSample { image, sampler, gather: None, coordinate, array_index, offset, level: level @ (naga::SampleLevel::Auto | naga::SampleLevel::Bias(_)), depth_ref, clamp_to_edge }
                if self.lw.compute_derivatives =>
            {
                let level = self.implicit_lod_stand_in(level, depth_ref.is_some(), s);
                naga::Expression::ImageSample { image, sampler, gather: None, coordinate, array_index, offset, level, depth_ref, clamp_to_edge }
            }
            e => e,
        };
        if let (naga::Expression::ImageSample { .. }, Some(clamp)) = (&e, self.min_lod) {
            let marker = self.private_marker(crate::passes::min_lod::MARKER, naga::Scalar::F32);
            let pointer = self.add(naga::Expression::GlobalVariable(marker), s);
            self.push(naga::Statement::Store { pointer, value: clamp }, s);
        }
        self.append(e, s)
    }

    /// Appends an expression as it is: constants, variables and arguments are never emitted
    /// (they end the current emit range); the results of statements (calls, atomics, subgroup
    /// operations) are defined by their statement.
    #[inline(always)]
    fn append(&mut self, e: naga::Expression, s: hlslc_grammar::Span) -> Handle<naga::Expression> {
        let is_result = matches!(
            e,
            naga::Expression::CallResult(_)
                | naga::Expression::AtomicResult { .. }
                | naga::Expression::WorkGroupUniformLoadResult { .. }
                | naga::Expression::SubgroupBallotResult
                | naga::Expression::SubgroupOperationResult { .. }
                | naga::Expression::RayQueryProceedResult
        );
        if e.needs_pre_emit() || is_result {
            self.flush();
            let h = self.func.expressions.append(e, span(s));
            self.emit_start = self.func.expressions.len();
            h
        } else {
            if !s.is_undefined() {
                let u = self.emit_span;
                self.emit_span = if u.is_undefined() { s } else { hlslc_grammar::Span::new(u.start.min(s.start), u.end.max(s.end)) };
            }
            self.func.expressions.append(e, span(s))
        }
    }

    /// Ends the current emit range, pushing its `Emit` statement if it holds expressions
    /// (spanning theirs, as naga's `Emitter::finish` does), and starts the next one.
    fn flush(&mut self) {
        let len = self.func.expressions.len();
        if self.emit_start != len {
            let range = self.func.expressions.range_from(self.emit_start);
            let sp = span(std::mem::replace(&mut self.emit_span, hlslc_grammar::Span::UNDEFINED));
            self.blocks.last_mut().expect("a block").push(naga::Statement::Emit(range), sp);
        }
        self.emit_start = len;
    }

    /// Appends a statement after the expressions evaluated so far.
    pub fn push(&mut self, stmt: naga::Statement, s: hlslc_grammar::Span) {
        self.flush();
        self.blocks.last_mut().expect("a block").push(stmt, span(s));
        self.emit_start = self.func.expressions.len();
    }

    /// Starts a nested block.
    pub fn begin(&mut self) {
        self.precise_block(true);
        self.flush();
        let b = self.lw.spare_blocks.pop().unwrap_or_default();
        self.blocks.push(b);
        self.emit_start = self.func.expressions.len();
    }

    /// Ends the nested block and returns it, allocated at its length.
    pub fn end(&mut self) -> naga::Block {
        self.precise_block(false);
        self.flush();
        let b = self.blocks.pop().unwrap_or_default();
        self.emit_start = self.func.expressions.len();
        self.exact(b)
    }

    /// The statements of `scratch` (a block built in) moved into a block of exactly their
    /// number; `scratch`, emptied, keeps its capacity for the next block built
    /// (`Lowerer::spare_blocks`). naga's blocks grow by doubling, so building each in a fresh
    /// one and reallocating it at its length afterwards cost a growth per doubling and a copy.
    fn exact(&mut self, mut scratch: naga::Block) -> naga::Block {
        let mut exact = naga::Block::with_capacity(scratch.len());
        exact.append(&mut scratch);
        self.lw.spare_blocks.push(scratch);
        exact
    }

    /// Ends each block that control can leave a non-void function through with `return` of
    /// the zero value. Falling off such a function is undefined in HLSL and naga's validator
    /// allows it, but naga's WGSL front end ends those same blocks with a value-less `return`
    /// (`proc::ensure_block_returns`: the tail of every block it reaches through the last
    /// statement's `if` branches, `switch` cases and nested blocks, a loop included) and then
    /// rejects its own module; ending them first keeps the emitted WGSL re-parsable.
    fn return_zero_where_control_ends(&mut self, ret: crate::ty::TypeId, s: hlslc_grammar::Span) {
        self.flush();
        self.emit_start = self.func.expressions.len();
        if !self.blocks.last().is_some_and(falls_off) {
            return;
        }
        let ty = self.lw.ty(ret);
        // (Not emitted: `append` ends the emit range before it.)
        let zero = self.append(naga::Expression::ZeroValue(ty), s);
        if let Some(body) = self.blocks.last_mut() {
            return_at_ends(body, zero, span(s));
        }
    }

    /// Finishes the function body. Its statements are moved into a block of their number, as
    /// [`Self::end`] does for nested blocks (naga's blocks grow by doubling).
    /// The expression arena keeps its spare capacity: naga's arena has no `shrink_to_fit`, and
    /// the clone that right-sized it cost about 5.7 M instructions per 5 000 lines (each
    /// expression cloned and the original dropped). With the CLI's fixed mmap threshold the
    /// 20 000-line shader's peak RSS stays under 64 MB without it (benches/RESULTS.md, perf6).
    pub fn finish(mut self) -> naga::Function {
        self.flush();
        let root = self.blocks.pop().unwrap_or_default();
        let body = self.exact(root);
        let mut func = self.func;
        func.body = body;
        right_size(&mut func.body);
        func
    }

    /// A new function-local variable.
    pub fn local(&mut self, name: &str, ty: Handle<naga::Type>) -> Handle<naga::LocalVariable> {
        self.func.local_variables.append(
            naga::LocalVariable { name: Some(super::types::sanitize(name)), ty, init: None },
            naga::Span::UNDEFINED,
        )
    }

    /// `loop { if *counter >= count { break; } body(*counter); continuing { *counter += step; } }`
    /// over a `u32` local the caller has created and initialised (`counter` points to it).
    pub fn counted_loop(
        &mut self,
        counter: Handle<naga::Expression>,
        count: Handle<naga::Expression>,
        step: u32,
        s: hlslc_grammar::Span,
        body: &mut dyn FnMut(&mut Self, Handle<naga::Expression>),
    ) {
        self.begin();
        let i = self.add(naga::Expression::Load { pointer: counter }, s);
        let done = self.add(naga::Expression::Binary { op: naga::BinaryOperator::GreaterEqual, left: i, right: count }, s);
        self.begin();
        self.push(naga::Statement::Break, s);
        let brk = self.end();
        self.push(naga::Statement::If { condition: done, accept: brk, reject: naga::Block::new() }, s);
        body(self, i);
        let loop_body = self.end();
        self.begin();
        let i = self.add(naga::Expression::Load { pointer: counter }, s);
        let k = self.literal_u32(step);
        let next = self.add(naga::Expression::Binary { op: naga::BinaryOperator::Add, left: i, right: k }, s);
        self.push(naga::Statement::Store { pointer: counter, value: next }, s);
        let continuing = self.end();
        self.push(naga::Statement::Loop { body: loop_body, continuing, break_if: None }, s);
    }

    /// A temporary holding `value` (of HLSL type `ty`), returned as a pointer.
    pub fn spill(&mut self, value: Handle<naga::Expression>, ty: Handle<naga::Type>, s: hlslc_grammar::Span) -> Handle<naga::Expression> {
        let l = self.local("tmp", ty);
        let ptr = self.add(naga::Expression::LocalVariable(l), s);
        self.push(naga::Statement::Store { pointer: ptr, value }, s);
        ptr
    }

    pub fn literal_u32(&mut self, v: u32) -> Handle<naga::Expression> {
        self.add(naga::Expression::Literal(naga::Literal::U32(v)), hlslc_grammar::Span::UNDEFINED)
    }

    pub fn literal_i32(&mut self, v: i32) -> Handle<naga::Expression> {
        self.add(naga::Expression::Literal(naga::Literal::I32(v)), hlslc_grammar::Span::UNDEFINED)
    }

    // -----------------------------------------------------------------------------------------
    // Statements
    // -----------------------------------------------------------------------------------------

    pub fn stmts(&mut self, stmts: &[tir::Stmt]) {
        for s in stmts {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &tir::Stmt) {
        let sp = s.span;
        match &s.kind {
            StmtKind::Expr(e) => {
                self.expr_effect(e);
            }
            StmtKind::Init { local, value } => {
                let v = self.expr(value);
                let ptr = self.add(naga::Expression::LocalVariable(self.locals[local.0 as usize]), sp);
                self.push(naga::Statement::Store { pointer: ptr, value: v }, sp);
            }
            StmtKind::Block(b) => {
                self.begin();
                self.stmts(b);
                let block = self.end();
                self.push(naga::Statement::Block(block), sp);
            }
            // A constant condition keeps only the branch it takes (DXC removes the other
            // before it validates the stage: a derivative there does not count).
            StmtKind::If { cond: crate::tir::Expr { kind: crate::tir::ExprKind::Const(crate::tir::ConstValue::Bool(taken)), .. }, accept, reject } => {
                self.begin();
                self.stmts(if *taken { accept } else { reject });
                let block = self.end();
                self.push(naga::Statement::Block(block), sp);
            }
            StmtKind::If { cond, accept, reject } => {
                let c = self.expr(cond);
                self.begin();
                self.stmts(accept);
                let accept = self.end();
                self.begin();
                self.stmts(reject);
                let reject = self.end();
                self.push(naga::Statement::If { condition: c, accept, reject }, sp);
            }
            StmtKind::Loop { cond, post_cond, body, step, .. } => {
                self.begin();
                if let (Some(c), false) = (cond, post_cond) {
                    let cv = self.expr(c);
                    let not = self.add(naga::Expression::Unary { op: naga::UnaryOperator::LogicalNot, expr: cv }, c.span);
                    self.begin();
                    self.push(naga::Statement::Break, c.span);
                    let brk = self.end();
                    self.push(naga::Statement::If { condition: not, accept: brk, reject: naga::Block::new() }, c.span);
                }
                self.stmts(body);
                let body_block = self.end();
                self.begin();
                self.stmts(step);
                let break_if = match (cond, post_cond) {
                    (Some(c), true) => {
                        let cv = self.expr(c);
                        Some(self.add(naga::Expression::Unary { op: naga::UnaryOperator::LogicalNot, expr: cv }, c.span))
                    }
                    _ => None,
                };
                let continuing = self.end();
                self.push(naga::Statement::Loop { body: body_block, continuing, break_if }, sp);
            }
            StmtKind::Switch { selector, cases } => self.switch(selector, cases, sp),
            StmtKind::Break => self.push(naga::Statement::Break, sp),
            StmtKind::Continue => self.push(naga::Statement::Continue, sp),
            StmtKind::Return(v) => {
                let value = v.as_ref().map(|e| self.expr(e));
                self.push(naga::Statement::Return { value }, sp);
            }
            StmtKind::Discard => self.push(naga::Statement::Kill, sp),
        }
    }

    /// `switch` with C fall-through: a case that can complete normally gets the following
    /// cases' bodies appended (naga's WGSL writer cannot express fall-through into a non-empty
    /// case), and a `default` is added when missing (naga requires one).
    fn switch(&mut self, selector: &tir::Expr, cases: &[tir::SwitchCase], sp: hlslc_grammar::Span) {
        let sel = self.expr(selector);
        let unsigned = self.lw.tys.scalar_of(selector.ty).is_some_and(|s| s.kind == crate::ty::ScalarKind::Uint);
        let mut out = Vec::new();
        let mut has_default = false;
        for (i, c) in cases.iter().enumerate() {
            // The effective body: this case, then the next ones while control falls through.
            self.begin();
            let mut j = i;
            loop {
                self.stmts(&cases[j].body);
                if !can_fall_through(&cases[j].body) || j + 1 == cases.len() {
                    break;
                }
                j += 1;
            }
            let body = self.end();
            let mut values: Vec<naga::SwitchValue> = c
                .values
                .iter()
                .map(|&v| if unsigned { naga::SwitchValue::U32(v as u32) } else { naga::SwitchValue::I32(v as i32) })
                .collect();
            if c.default {
                has_default = true;
                values.push(naga::SwitchValue::Default);
            }
            let n = values.len();
            for (k, value) in values.into_iter().enumerate() {
                let last = k + 1 == n;
                out.push(naga::SwitchCase { value, body: if last { body.clone() } else { naga::Block::new() }, fall_through: !last });
            }
        }
        if !has_default {
            out.push(naga::SwitchCase { value: naga::SwitchValue::Default, body: naga::Block::new(), fall_through: false });
        }
        self.push(naga::Statement::Switch { selector: sel, cases: out }, sp);
    }
}

/// Reallocates the lists nested in a block's statements (`switch` cases, call arguments) at
/// their length. (Blocks are already: [`FnBuilder::end`].)
fn right_size(block: &mut naga::Block) {
    for st in block.iter_mut() {
        match st {
            naga::Statement::Block(b) => right_size(b),
            naga::Statement::If { accept, reject, .. } => {
                right_size(accept);
                right_size(reject);
            }
            naga::Statement::Loop { body, continuing, .. } => {
                right_size(body);
                right_size(continuing);
            }
            naga::Statement::Switch { cases, .. } => {
                cases.shrink_to_fit();
                cases.iter_mut().for_each(|c| right_size(&mut c.body));
            }
            naga::Statement::Call { arguments, .. } => arguments.shrink_to_fit(),
            _ => {}
        }
    }
}

/// True if control may reach the end of these statements (conservative: anything but an
/// unconditional `break`/`continue`/`return`/`discard` at the end falls through).
fn can_fall_through(stmts: &[tir::Stmt]) -> bool {
    match stmts.last().map(|s| &s.kind) {
        Some(StmtKind::Break | StmtKind::Continue | StmtKind::Return(_) | StmtKind::Discard) => false,
        Some(StmtKind::Block(b)) => can_fall_through(b),
        Some(StmtKind::If { accept, reject, .. }) => can_fall_through(accept) || can_fall_through(reject),
        _ => true,
    }
}

impl<'a> Lowerer<'a> {
    /// Lowers one HLSL function into a naga function.
    pub(crate) fn function(&mut self, f: FuncId) {
        if self.inline_spirv_function(f) {
            return;
        }
        let tf: &'a tir::Function = &self.tir.functions[f.0 as usize];
        let void = self.tys.void();
        let mut b = FnBuilder::new(self, Some(tf));
        b.func.name = Some(super::types::sanitize(&tf.name));
        // `-Gis` decorates every operation in SPIR-V without markers.
        let opts = b.lw.options;
        if opts.target == crate::options::Target::SpirV && !opts.ieee_strict && b.lw.facts(f).precise {
            b.precise = Some(Default::default());
        }
        for (param_index, p) in tf.params.iter().enumerate() {
            // Mesh output arrays are workgroup globals, not arguments (see `super::mesh`).
            // So are the incoming payload and callable data of ray-tracing entry functions
            // (see `super::ray_tracing`).
            if let Some(var) = b.lw.mesh_output_array(f, param_index).or_else(|| b.lw.ray_tracing_incoming(f, param_index)).or_else(|| b.lw.node_parameter(f, param_index)) {
                let g = b.add(naga::Expression::GlobalVariable(var), p.span);
                b.params.push(ParamSlot::Pointer(g));
                continue;
            }
            let i = b.func.arguments.len();
            let ty = b.lw.ty(p.ty);
            let handle_param = matches!(b.lw.tir.types.get(p.ty), TypeInner::Resource(_) | TypeInner::Sampler { .. });
            if matches!(b.lw.tir.types.get(p.ty), TypeInner::RayQuery { .. }) {
                b.lw.ray_query_parameter(p.span);
                let dummy = b.local(&p.name, ty);
                b.params.push(ParamSlot::Local(dummy));
                continue;
            }
            if handle_param {
                let handle_ty = b.lw.handle_param_type(p.ty, p.span);
                b.func.arguments.push(naga::FunctionArgument { name: Some(super::types::sanitize(&p.name)), ty: handle_ty, binding: None });
                let arg = b.add(naga::Expression::FunctionArgument(i as u32), p.span);
                b.params.push(ParamSlot::Handle(arg));
                continue;
            }
            match p.dir {
                ParamDir::In => {
                    b.func.arguments.push(naga::FunctionArgument { name: Some(super::types::sanitize(&p.name)), ty, binding: None });
                    let local = b.local(&p.name, ty);
                    let arg = b.add(naga::Expression::FunctionArgument(i as u32), p.span);
                    let ptr = b.add(naga::Expression::LocalVariable(local), p.span);
                    b.push(naga::Statement::Store { pointer: ptr, value: arg }, p.span);
                    b.params.push(ParamSlot::Local(local));
                }
                ParamDir::Out | ParamDir::InOut => {
                    let ptr_ty = b.lw.insert_type(naga::TypeInner::Pointer { base: ty, space: naga::AddressSpace::Function }, None);
                    b.func.arguments.push(naga::FunctionArgument { name: Some(super::types::sanitize(&p.name)), ty: ptr_ty, binding: None });
                    let arg = b.add(naga::Expression::FunctionArgument(i as u32), p.span);
                    b.params.push(ParamSlot::Pointer(arg));
                }
            }
        }
        if matches!(b.lw.tir.types.get(tf.ret), TypeInner::RayQuery { .. }) {
            // Calls that could not be inlined (`sema::ray_query_inline`) keep the function.
            b.lw.error("E0803", tf.span, "a function returning a `RayQuery` cannot be expressed in naga IR where its call cannot be inlined, since naga's ray queries are function-local variables")
                .help("call it where a statement may stand (not in a condition or loop header), with `in` parameters only, and end it with its one `return`");
        } else if tf.ret != void {
            let ty = b.lw.ty(tf.ret);
            b.func.result = Some(naga::FunctionResult { ty, binding: None });
        }
        for l in &tf.locals {
            let ty = b.lw.ty(l.ty);
            let h = b.local(&l.name, ty);
            if matches!(b.lw.tir.types.get(l.ty), TypeInner::RayQuery { .. }) {
                let desc = b.lw.ray_desc_type();
                let ray = b.local(&format!("{}_ray", l.name), desc);
                b.ray_locals.insert(b.locals.len() as u32, ray);
            }
            b.locals.push(h);
        }
        b.stmts(&tf.body);
        if tf.ret != void {
            b.return_zero_where_control_ends(tf.ret, tf.span);
        }
        let func = b.finish();
        let h = self.module.functions.append(func, span(tf.span));
        self.functions.insert(f, h);
    }

    /// The naga type of a texture or sampler parameter.
    fn handle_param_type(&mut self, t: crate::ty::TypeId, s: hlslc_grammar::Span) -> Handle<naga::Type> {
        match *self.tys.get(t) {
            TypeInner::Sampler { comparison } => self.insert_type(naga::TypeInner::Sampler { comparison }, None),
            _ => {
                // Find a global of this type to copy its image type from.
                let found = self.tir.globals.iter().enumerate().find(|(_, g)| g.ty == t).map(|(i, _)| crate::tir::GlobalId(i as u32));
                if let Some(g) = found {
                    if let Some(super::GlobalRep::Handle(var)) = self.globals.get(&g) {
                        return self.module.global_variables[*var].ty;
                    }
                }
                self.error("E0801", s, format!("parameters of type `{}` are not supported yet", self.tir.type_name(t)))
                    .help("use the global resource directly");
                self.scalar_type(naga::Scalar::U32)
            }
        }
    }
}

/// True if `proc::ensure_block_returns` would add a `return` somewhere in `block`.
fn falls_off(block: &naga::Block) -> bool {
    use naga::Statement as S;
    match block.last() {
        Some(S::Block(b)) => falls_off(b),
        Some(S::If { accept, reject, .. }) => falls_off(accept) || falls_off(reject),
        Some(S::Switch { cases, .. }) => cases.iter().any(|c| !c.fall_through && falls_off(&c.body)),
        Some(S::Break | S::Continue | S::Return { .. } | S::Kill) => false,
        _ => true,
    }
}

/// Appends `return value` where `proc::ensure_block_returns` would append `return`.
fn return_at_ends(block: &mut naga::Block, value: Handle<naga::Expression>, sp: naga::Span) {
    use naga::Statement as S;
    match block.last_mut() {
        Some(S::Block(b)) => return_at_ends(b, value, sp),
        Some(S::If { accept, reject, .. }) => {
            return_at_ends(accept, value, sp);
            return_at_ends(reject, value, sp);
        }
        Some(S::Switch { cases, .. }) => {
            for c in cases.iter_mut().filter(|c| !c.fall_through) {
                return_at_ends(&mut c.body, value, sp);
            }
        }
        Some(S::Break | S::Continue | S::Return { .. } | S::Kill) => {}
        _ => block.push(S::Return { value: Some(value) }, sp),
    }
}
