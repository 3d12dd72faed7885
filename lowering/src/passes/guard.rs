//! Shared pieces of the helper-lane passes: which functions a stage reaches, and statements
//! guarded by the private `helper_lane` flag (`if !helper_lane { … }`), including statements
//! whose result the rest of the function reads.
//!
//! A guarded statement with a result (an atomic, a subgroup operation) cannot keep its result
//! expression: the expression would only be defined inside the `if`. The guard therefore
//! gives the result a temporary: [`super::handles::insert_slots`] makes room for a
//! `LocalVariable` expression before the result, the old result handle becomes a `Load` of the
//! temporary (so every user keeps its operand), and the statement gets a fresh result that is
//! stored into the temporary inside the `if`. Lanes that skip the statement read a fallback
//! value that the pass chooses.

use naga::{Block, Expression, Function, GlobalVariable, Handle, Module, Span, Statement};
use std::collections::HashSet;

/// A function of the module: an arena function or an entry point's function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum FnRef {
    Function(Handle<Function>),
    EntryPoint(usize),
}

pub(crate) fn function_mut(module: &mut Module, f: FnRef) -> &mut Function {
    match f {
        FnRef::Function(h) => &mut module.functions[h],
        FnRef::EntryPoint(i) => &mut module.entry_points[i].function,
    }
}

pub(crate) fn function(module: &Module, f: FnRef) -> &Function {
    match f {
        FnRef::Function(h) => &module.functions[h],
        FnRef::EntryPoint(i) => &module.entry_points[i].function,
    }
}

/// The entry points of `stage`, selected by `keep`, and every function they call (directly or
/// not), entry points first.
pub(crate) fn reachable(module: &Module, keep: &dyn Fn(usize, &naga::EntryPoint) -> bool) -> Vec<FnRef> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut stack = Vec::new();
    for (i, ep) in module.entry_points.iter().enumerate() {
        if keep(i, ep) {
            out.push(FnRef::EntryPoint(i));
            calls(&ep.function.body, &mut stack);
        }
    }
    while let Some(h) = stack.pop() {
        if seen.insert(h) {
            out.push(FnRef::Function(h));
            calls(&module.functions[h].body, &mut stack);
        }
    }
    out
}

fn calls(block: &Block, out: &mut Vec<Handle<Function>>) {
    for stmt in block.iter() {
        match stmt {
            Statement::Call { function, .. } => out.push(*function),
            Statement::Block(b) => calls(b, out),
            Statement::If { accept, reject, .. } => {
                calls(accept, out);
                calls(reject, out);
            }
            Statement::Switch { cases, .. } => cases.iter().for_each(|c| calls(&c.body, out)),
            Statement::Loop { body, continuing, .. } => {
                calls(body, out);
                calls(continuing, out);
            }
            _ => {}
        }
    }
}

/// Calls `f` on every statement of `block`, recursively (pre-order).
pub(crate) fn visit_statements(block: &Block, f: &mut dyn FnMut(&Statement)) {
    for stmt in block.iter() {
        f(stmt);
        match stmt {
            Statement::Block(b) => visit_statements(b, f),
            Statement::If { accept, reject, .. } => {
                visit_statements(accept, f);
                visit_statements(reject, f);
            }
            Statement::Switch { cases, .. } => cases.iter().for_each(|c| visit_statements(&c.body, f)),
            Statement::Loop { body, continuing, .. } => {
                visit_statements(body, f);
                visit_statements(continuing, f);
            }
            _ => {}
        }
    }
}

/// The variable an access chain starts from.
pub(crate) enum Root {
    Local,
    Global(Handle<GlobalVariable>),
    Argument(u32),
    /// A value that is not a variable (a load, a call's result …).
    Other,
}

/// The variable `e` accesses, following `Access`/`AccessIndex` to their base.
pub(crate) fn root(func: &Function, mut e: Handle<Expression>) -> Root {
    loop {
        match func.expressions[e] {
            Expression::Access { base, .. } | Expression::AccessIndex { base, .. } => e = base,
            Expression::LocalVariable(_) => return Root::Local,
            Expression::GlobalVariable(g) => return Root::Global(g),
            Expression::FunctionArgument(i) => return Root::Argument(i),
            _ => return Root::Other,
        }
    }
}

/// The address space a pointer expression points into (following accesses to their root).
pub(crate) fn pointer_space(module: &Module, func: &Function, e: Handle<Expression>) -> Option<naga::AddressSpace> {
    match root(func, e) {
        Root::Global(g) => Some(module.global_variables[g].space),
        Root::Local => Some(naga::AddressSpace::Function),
        Root::Argument(i) => match module.types[func.arguments.get(i as usize)?.ty].inner {
            naga::TypeInner::Pointer { space, .. } | naga::TypeInner::ValuePointer { space, .. } => Some(space),
            _ => None,
        },
        Root::Other => None,
    }
}

/// Builds guarded statements inside one function.
pub(crate) struct Guard<'a> {
    pub func: &'a mut Function,
    pub flag: Handle<GlobalVariable>,
    /// `vec4<u32>`, the type of a ballot's result (needed only to guard ballots).
    pub ballot_ty: Option<Handle<naga::Type>>,
}

/// What lanes that skip a guarded statement read as its result.
pub(crate) enum Fallback {
    /// The zero value of the result type.
    Zero,
    /// An existing expression (the statement's own argument, say).
    Value(Handle<Expression>),
}

impl Guard<'_> {
    /// Appends an expression that needs an `Emit`, returning it; `first` tracks the range.
    fn emitted(&mut self, e: Expression, span: Span, first: &mut Option<Handle<Expression>>) -> Handle<Expression> {
        let h = self.func.expressions.append(e, span);
        first.get_or_insert(h);
        h
    }

    /// The flag's value: `(emit statement, value)`.
    pub fn flag_value(&mut self, span: Span) -> (Statement, Handle<Expression>) {
        let gv = self.func.expressions.append(Expression::GlobalVariable(self.flag), span);
        let ld = self.func.expressions.append(Expression::Load { pointer: gv }, span);
        (Statement::Emit(naga::Range::new_from_bounds(ld, ld)), ld)
    }

    /// `flag = true`.
    pub fn set_flag(&mut self, span: Span) -> Statement {
        let gv = self.func.expressions.append(Expression::GlobalVariable(self.flag), span);
        let t = self.func.expressions.append(Expression::Literal(naga::Literal::Bool(true)), span);
        Statement::Store { pointer: gv, value: t }
    }

    /// `if flag { kill }`.
    pub fn kill_if_flagged(&mut self, span: Span, out: &mut Block) {
        let (emit, v) = self.flag_value(span);
        out.push(emit, span);
        let mut accept = Block::new();
        accept.push(Statement::Kill, span);
        out.push(Statement::If { condition: v, accept, reject: Block::new() }, span);
    }

    /// `if !flag { stmt }`, for a statement without a result that other code reads.
    pub fn guard(&mut self, stmt: Statement, span: Span, out: &mut Block) {
        let gv = self.func.expressions.append(Expression::GlobalVariable(self.flag), span);
        let mut first = None;
        let ld = self.emitted(Expression::Load { pointer: gv }, span, &mut first);
        let not = self.emitted(Expression::Unary { op: naga::UnaryOperator::LogicalNot, expr: ld }, span, &mut first);
        out.push(Statement::Emit(naga::Range::new_from_bounds(ld, not)), span);
        let mut accept = Block::new();
        accept.push(stmt, span);
        out.push(Statement::If { condition: not, accept, reject: Block::new() }, span);
    }

    /// `if !flag { stmt }` for a statement whose result `result` (which has the free slot
    /// `slot` before it, from `insert_slots`) the function reads afterwards. `retarget`
    /// replaces the statement's result with the fresh one it is given.
    #[allow(clippy::too_many_arguments)]
    pub fn guard_with_result(
        &mut self,
        stmt: Statement,
        result: Handle<Expression>,
        slot: Handle<Expression>,
        fallback: Fallback,
        span: Span,
        retarget: &dyn Fn(Statement, Handle<Expression>) -> Statement,
        out: &mut Block,
    ) {
        let result_expr = self.func.expressions[result].clone();
        let ty = match (&result_expr, self.ballot_ty) {
            (Expression::AtomicResult { ty, .. } | Expression::SubgroupOperationResult { ty } | Expression::WorkGroupUniformLoadResult { ty }, _) => *ty,
            (Expression::SubgroupBallotResult, Some(t)) => t,
            _ => {
                // Not a statement result: nothing to reroute.
                self.guard(stmt, span, out);
                return;
            }
        };
        let tmp = self.func.local_variables.append(naga::LocalVariable { name: Some("guarded".into()), ty, init: None }, span);
        *self.func.expressions.get_mut(slot) = Expression::LocalVariable(tmp);
        let fresh = self.func.expressions.append(result_expr, span);
        *self.func.expressions.get_mut(result) = Expression::Load { pointer: slot };

        let gv = self.func.expressions.append(Expression::GlobalVariable(self.flag), span);
        let mut first = None;
        let fallback_value = match fallback {
            Fallback::Zero => Some(self.func.expressions.append(Expression::ZeroValue(ty), span)),
            Fallback::Value(v) => Some(v),
        };
        let ld = self.emitted(Expression::Load { pointer: gv }, span, &mut first);
        let not = self.emitted(Expression::Unary { op: naga::UnaryOperator::LogicalNot, expr: ld }, span, &mut first);
        out.push(Statement::Emit(naga::Range::new_from_bounds(first.unwrap_or(ld), not)), span);
        if let Some(v) = fallback_value {
            out.push(Statement::Store { pointer: slot, value: v }, span);
        }
        let mut accept = Block::new();
        accept.push(retarget(stmt, fresh), span);
        accept.push(Statement::Store { pointer: slot, value: fresh }, span);
        out.push(Statement::If { condition: not, accept, reject: Block::new() }, span);
        out.push(Statement::Emit(naga::Range::new_from_bounds(result, result)), span);
    }
}

/// Rebuilds `block` (recursively) by calling `f` on each statement that is not a compound
/// statement; `f` pushes the replacement into the output block.
pub(crate) fn rewrite_block(block: &mut Block, f: &mut dyn FnMut(Statement, Span, &mut Block)) {
    let old = std::mem::take(block);
    for (stmt, span) in old.span_into_iter() {
        match stmt {
            Statement::Block(mut b) => {
                rewrite_block(&mut b, f);
                block.push(Statement::Block(b), span);
            }
            Statement::If { condition, mut accept, mut reject } => {
                rewrite_block(&mut accept, f);
                rewrite_block(&mut reject, f);
                block.push(Statement::If { condition, accept, reject }, span);
            }
            Statement::Switch { selector, mut cases } => {
                for c in &mut cases {
                    rewrite_block(&mut c.body, f);
                }
                block.push(Statement::Switch { selector, cases }, span);
            }
            Statement::Loop { mut body, mut continuing, break_if } => {
                rewrite_block(&mut body, f);
                rewrite_block(&mut continuing, f);
                block.push(Statement::Loop { body, continuing, break_if }, span);
            }
            other => f(other, span, block),
        }
    }
}
