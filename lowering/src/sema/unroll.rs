//! `[unroll]` loops that resolve resources: one copy of the body per iteration.
//!
//! DXC's legalization unrolls a loop marked `[unroll]` whose trip count is a compile-time
//! constant before it resolves resource variables (docs/SPIR-V.rst, "Legalization"), so in
//! `[unroll] for (uint j = 0; j < 4; j++) buffers[j].Append(x);` each copy names one global
//! resource, and a resource variable chosen by a condition on the counter is resolved per
//! copy. hlslc does the same in sema: a `for` loop marked `[unroll]` whose body uses resource
//! variables (or declares them, or calls a function returning a resource or analysed per
//! call, whose resource the counter may choose), whose counter is an integer declared in the
//! initializer with a constant value, compared in the condition and stepped by a constant,
//! and not written in the body (assigned, or passed to an `out` parameter), is analysed once per iteration with the counter bound to that iteration's
//! constant. Loops of any other shape (no `[unroll]`, a run-time bound or step, a `continue`)
//! keep the loop, where resource variables that differ between iterations stay an error, as
//! DXC reports them. A `break` in the body makes the copies the body of a one-pass loop, so
//! it still leaves all of them.

use super::scope::{Symbol, VarRef};
use super::Analyzer;
use crate::tir::{self, ConstValue, Expr, ExprKind, StmtKind};
use crate::ty::{ScalarKind, TypeId, TypeInner};
use hlslc_grammar::ast::{self, UnaryOp};
use hlslc_grammar::Span;

/// The most iterations a loop is unrolled for (a longer loop keeps its loop).
const MAX_ITERATIONS: usize = 1024;
/// The most copies of a body nested unrolled loops make together (the product of their trip
/// counts): past it the inner loop keeps its loop, so analysis stays linear in the source
/// instead of multiplying out (1000 × 1000 copies took minutes and gigabytes).
const MAX_NESTED_COPIES: usize = 4096;

/// An unrollable loop: its counter's name and type, and the counter's value per iteration
/// and after the loop.
struct Plan {
    counter: String,
    ty: TypeId,
    values: Vec<i64>,
    last: i64,
}

impl Analyzer<'_> {
    /// `for (init; cond; step) body` unrolled into `out` when it has the shape above and
    /// needs it to resolve resources; `false` (nothing analysed) otherwise.
    pub(crate) fn unroll_for(&mut self, s: &ast::Stmt, limit: Option<u32>, out: &mut Vec<tir::Stmt>) -> bool {
        let ast::StmtKind::For { init: Some(init), cond: Some(cond), step: Some(step), body } = &s.kind else { return false };
        if self.func.is_none() || !self.uses_resource_variables(body) {
            return false;
        }
        let Some(plan) = self.unroll_plan(init, cond, step, body) else { return false };
        if limit.is_some_and(|n| (n as usize) < plan.values.len()) {
            return false;
        }
        let factor = self.unroll_factor.saturating_mul(plan.values.len().max(1));
        if factor > MAX_NESTED_COPIES {
            return false;
        }
        let outer_factor = std::mem::replace(&mut self.unroll_factor, factor);
        let scoped = self.options.hlsl_version >= 2021;
        if scoped {
            self.push_scope();
        }
        let mut stmts = Vec::new();
        self.stmt(init, &mut stmts);
        let counter = match self.lookup(&plan.counter) {
            Some(Symbol::Var(v @ VarRef::Local(_))) => Some(self.var_place(v, init.span)),
            _ => None,
        };
        let breaks = has_break(body);
        let diags_before = self.diags.len();
        let mut copies = Vec::new();
        let run = |a: &mut Self, copies: &mut Vec<tir::Stmt>| {
            for &k in &plan.values {
                a.push_scope();
                let value = Expr::new(ExprKind::Const(int_const(a, plan.ty, k)), plan.ty, s.span);
                a.declare(&plan.counter, Symbol::Constant(value), s.span);
                a.unroll_counters.push(plan.counter.clone());
                let copy = a.block(std::slice::from_ref(body));
                a.unroll_counters.pop();
                a.pop_scope();
                copies.push(tir::Stmt { kind: StmtKind::Block(copy), span: body.span });
                // A copy that always returns makes the rest dead.
                if a.func.as_ref().is_some_and(|f| f.static_exit) {
                    break;
                }
            }
        };
        if breaks {
            // A `break` leaves every copy: the copies are the body of a loop run once.
            self.alias_loop(false, |a| {
                a.loop_body_enter();
                run(a, &mut copies);
                a.loop_body_leave();
                a.set_static_exit(false);
            });
            copies.push(tir::Stmt { kind: StmtKind::Break, span: s.span });
            stmts.push(tir::Stmt { kind: StmtKind::Loop { cond: None, post_cond: false, body: copies, step: vec![], unroll: None }, span: s.span });
        } else {
            run(self, &mut copies);
            stmts.extend(copies);
        }
        self.unroll_factor = outer_factor;
        self.dedup_diagnostics(diags_before);
        // The counter keeps its final value (it outlives the loop before HLSL 2021).
        if let Some(place) = counter {
            let value = Expr::new(ExprKind::Const(int_const(self, plan.ty, plan.last)), plan.ty, s.span);
            let assign = Expr::new(ExprKind::Assign { place: Box::new(place), value: Box::new(value), returns_old: false }, plan.ty, s.span);
            stmts.push(tir::Stmt { kind: StmtKind::Expr(assign), span: s.span });
        }
        if scoped {
            self.pop_scope();
        }
        out.push(tir::Stmt { kind: StmtKind::Block(stmts), span: s.span });
        true
    }

    /// The counter and its values when the loop has an unrollable shape (evaluated quietly:
    /// nothing is reported and nothing declared).
    fn unroll_plan(&mut self, init: &ast::Stmt, cond: &ast::Expr, step: &ast::Expr, body: &ast::Stmt) -> Option<Plan> {
        let ast::StmtKind::Var(decl) = &init.kind else { return None };
        let [d] = decl.declarators.as_slice() else { return None };
        let Some(ast::Initializer::Expr(start)) = &d.init else { return None };
        if !d.array.is_empty() {
            return None;
        }
        let n = self.diags.len();
        let ty = self.resolve_type(&decl.ty);
        self.end_probe(n, decl.ty.span);
        let ty = ty?;
        let TypeInner::Scalar(s) = *self.module.types.get(ty) else { return None };
        if !matches!(s.kind, ScalarKind::Int | ScalarKind::Uint) {
            return None;
        }
        let counter = d.name.name.as_str().to_owned();
        // (Passing the counter to an `in` parameter is no write: `pick(j)`.)
        let written = stmt_writes_member(body, &counter, &|callee, i, n| self.call_may_write_arg(None, callee, i, n));
        if written || has_continue(body) {
            return None;
        }
        let mut k = self.const_int_known(start)?;
        k = wrap(self, ty, k);
        let mut values = Vec::new();
        loop {
            let (go, next) = self.with_counter(&counter, ty, k, |a| {
                let go = a.const_int_known(cond)?;
                if go == 0 {
                    return Some((false, 0));
                }
                Some((true, a.stepped(step, &counter)?))
            })?;
            if !go {
                break;
            }
            values.push(k);
            // (Inside unrolled loops the copies multiply: stop at what is left of the budget.)
            if values.len() > MAX_ITERATIONS || values.len().saturating_mul(self.unroll_factor) > MAX_NESTED_COPIES {
                return None;
            }
            k = wrap(self, ty, next);
        }
        Some(Plan { counter, ty, values, last: k })
    }

    /// An integer (or `bool`) constant expression, also through locals that keep a constant
    /// initializer; quietly.
    pub(crate) fn const_int_known(&mut self, e: &ast::Expr) -> Option<i64> {
        if let Some(k) = self.const_int_quiet(e) {
            return Some(k);
        }
        let n = self.diags.len();
        self.block_hoisting(1);
        let op = self.operand(e);
        let expr = op.map(|op| self.materialize(op));
        self.block_hoisting(-1);
        self.end_probe(n, e.span);
        match self.known_constant(&expr?)? {
            c @ (ConstValue::Int(_) | ConstValue::Uint(_) | ConstValue::Bool(_)) => Some(super::fold::as_i64(&c)),
            // (A float index with no fraction, as `const_int` takes it.)
            ConstValue::Float(f) if f.fract() == 0.0 => Some(f as i64),
            _ => None,
        }
    }

    /// Runs `f` with `counter` bound to the constant `k`.
    fn with_counter<R>(&mut self, counter: &str, ty: TypeId, k: i64, f: impl FnOnce(&mut Self) -> R) -> R {
        self.push_scope();
        let value = Expr::new(ExprKind::Const(int_const(self, ty, k)), ty, Span::UNDEFINED);
        self.declare(counter, Symbol::Constant(value), Span::UNDEFINED);
        let r = f(self);
        self.pop_scope();
        r
    }

    /// The counter's value after `step` (the counter is bound to its current value).
    fn stepped(&mut self, step: &ast::Expr, counter: &str) -> Option<i64> {
        let current = || ast::Expr { kind: ast::ExprKind::Name(name_path(counter, step.span)), span: step.span };
        match &step.kind {
            ast::ExprKind::Unary { op, operand } if is_name(operand, counter) => {
                let k = self.const_int_quiet(&current())?;
                match op {
                    UnaryOp::PreInc | UnaryOp::PostInc => Some(k.wrapping_add(1)),
                    UnaryOp::PreDec | UnaryOp::PostDec => Some(k.wrapping_sub(1)),
                    _ => None,
                }
            }
            ast::ExprKind::Assign { op, lhs, rhs } if is_name(lhs, counter) => match op {
                None => self.const_int_known(rhs),
                Some(op) => {
                    let e = ast::Expr { kind: ast::ExprKind::Binary { op: *op, lhs: Box::new(current()), rhs: rhs.clone() }, span: step.span };
                    self.const_int_known(&e)
                }
            },
            _ => None,
        }
    }

    /// True when `body` names a resource variable in scope or declares a variable whose type
    /// holds resources: the loops DXC unrolls to resolve them.
    fn uses_resource_variables(&mut self, body: &ast::Stmt) -> bool {
        let mut names = Vec::new();
        let mut decls = Vec::new();
        walk_stmt(body, &mut |e| {
            if let ast::ExprKind::Name(p) = &e.kind {
                if let [seg] = p.segments.as_slice() {
                    names.push(seg.ident.name.clone());
                }
            }
        }, &mut |d| decls.push(d.ty.clone()));
        if names.iter().any(|n| matches!(self.lookup(n), Some(Symbol::Alias(_)))) {
            return true;
        }
        // A call of a function that returns a resource or is analysed per call (resource
        // parameters, a resource chosen by its parameters): the counter may be the argument
        // that chooses it (`pick(j).Load(…)`).
        let chooses = |a: &Self, f: tir::FuncId| {
            let info = &a.fn_infos[f.0 as usize];
            info.decl.is_some() || a.holds_resources(info.ret)
        };
        let calls = names.iter().any(|n| match self.lookup(n) {
            Some(Symbol::Functions(entries)) => entries.iter().any(|e| matches!(e, super::scope::FnEntry::Func(f) if chooses(self, *f))),
            _ => false,
        });
        if calls {
            return true;
        }
        // `-fspv-flatten-resource-arrays`: the elements of a global resource array are
        // resources of their own, which DXC's unrolling turns indices into.
        if self.options.flatten_resource_arrays && self.options.target == crate::options::Target::SpirV {
            let arrays = names.iter().any(|n| match self.lookup(n) {
                Some(Symbol::Var(VarRef::Global(g))) => {
                    let ty = self.module.globals[g.0 as usize].ty;
                    matches!(*self.module.types.get(ty), TypeInner::Array { base, size: Some(_) } if self.holds_resources(base))
                }
                _ => false,
            });
            if arrays {
                return true;
            }
        }
        decls.iter().any(|t| {
            let n = self.diags.len();
            let ty = self.resolve_type(t);
            self.end_probe(n, t.span);
            ty.is_some_and(|ty| self.holds_resources(ty))
        })
    }

    /// Drops the diagnostics after `start` that repeat one reported since `start` (the
    /// copies of an unrolled body report the same problem once per copy).
    fn dedup_diagnostics(&mut self, start: usize) {
        let mut seen = Vec::new();
        let tail: Vec<_> = self.diags.drain(start.min(self.diags.len())..).collect();
        for d in tail {
            let key = (d.code, d.span, d.message.clone());
            if !seen.contains(&key) {
                seen.push(key);
                self.diags.push(d);
            }
        }
    }
}

fn int_const(a: &Analyzer<'_>, ty: TypeId, k: i64) -> ConstValue {
    match a.module.types.scalar_of(ty).map(|s| s.kind) {
        Some(ScalarKind::Uint) => ConstValue::Uint(k as u64),
        _ => ConstValue::Int(k),
    }
}

/// `k` wrapped to the counter's type.
fn wrap(a: &Analyzer<'_>, ty: TypeId, k: i64) -> i64 {
    match a.module.types.scalar_of(ty) {
        Some(s) => super::fold::as_i64(&super::fold::wrap_int(k as i128, s)),
        None => k,
    }
}

fn name_path(name: &str, span: Span) -> ast::Path {
    ast::Path::name(ast::Ident { name: name.into(), span })
}

/// Whether `e` names one of `counters` anywhere in it.
pub(crate) fn mentions_any(e: &ast::Expr, counters: &[String]) -> bool {
    let mut hit = false;
    walk_expr(e, &mut |x| hit |= counters.iter().any(|c| is_name(x, c)));
    hit
}

fn is_name(e: &ast::Expr, name: &str) -> bool {
    matches!(&e.kind, ast::ExprKind::Name(p) if matches!(p.segments.as_slice(), [seg] if seg.ident.name == name && seg.template_args.is_none()))
}

impl Analyzer<'_> {
    /// Records `local` (named `name`, declared with qualifiers `q` and initialised with
    /// `value`) as a known constant when its initializer folds — with the known constants of
    /// earlier locals — and the function never assigns the name.
    pub(crate) fn note_known_constant(&mut self, local: tir::LocalId, name: &str, value: &Expr, q: &ast::Qualifiers) {
        if q.has(ast::Qualifier::Static) || !matches!(self.module.types.get(value.ty), TypeInner::Scalar(_) | TypeInner::Vector { .. }) {
            return;
        }
        if self.func.as_ref().is_none_or(|f| f.assigned_names.contains(name)) {
            return;
        }
        if let Some(c) = self.known_constant(value) {
            if let Some(f) = self.func.as_mut() {
                f.known_constants.insert(local, (c, value.ty));
            }
        }
    }

    /// The value of `e` with the known constant locals substituted, if that folds.
    pub(crate) fn known_constant(&self, e: &Expr) -> Option<ConstValue> {
        let known = &self.func.as_ref()?.known_constants;
        // (Calls of user functions on constants are evaluated: `const_eval.rs`.)
        if known.is_empty() {
            return self.evaluated_constant(e);
        }
        // (Nothing to substitute: no copy.)
        if !mentions_known(e, known) {
            return self.evaluated_constant(e);
        }
        let mut e = e.clone();
        substitute(&mut e, known);
        self.evaluated_constant(&e)
    }
}

/// Whether [`substitute`] would replace anything in `e`: a load of a known constant local,
/// whole, swizzled or indexed once.
fn mentions_known(e: &Expr, known: &std::collections::HashMap<tir::LocalId, (ConstValue, TypeId)>) -> bool {
    if let ExprKind::Load(p) = &e.kind {
        if let tir::PlaceRoot::Local(l) = p.root {
            if known.contains_key(&l) {
                return matches!(p.projections.as_slice(), [] | [tir::Projection::Swizzle(_)] | [tir::Projection::Index(_)]);
            }
        }
    }
    let mut found = false;
    e.for_each_child(|c| found = found || mentions_known(c, known));
    found
}

/// Replaces loads of known constant locals (whole, or swizzled) by their values.
fn substitute(e: &mut Expr, known: &std::collections::HashMap<tir::LocalId, (ConstValue, TypeId)>) {
    if let ExprKind::Load(p) = &e.kind {
        if let tir::PlaceRoot::Local(l) = p.root {
            if let Some((c, ty)) = known.get(&l) {
                match p.projections.as_slice() {
                    [] => e.kind = ExprKind::Const(c.clone()),
                    [tir::Projection::Swizzle(components)] => {
                        let base = Expr::new(ExprKind::Const(c.clone()), *ty, e.span);
                        e.kind = ExprKind::Swizzle { expr: Box::new(base), components: components.clone() };
                    }
                    // One component (`v.x` is an index) or a matrix row.
                    [tir::Projection::Index(index)] => {
                        let base = Expr::new(ExprKind::Const(c.clone()), *ty, e.span);
                        let mut index = index.clone();
                        substitute(&mut index, known);
                        e.kind = ExprKind::Index { base: Box::new(base), index };
                    }
                    _ => {}
                }
                return;
            }
        }
    }
    e.children_mut().into_iter().for_each(|c| substitute(c, known));
}

/// The names a function body assigns anywhere (see [`assigns`], with calls).
pub(crate) fn assigned_names(stmts: &[ast::Stmt]) -> rustc_hash::FxHashSet<ast::Name> {
    let mut out = rustc_hash::FxHashSet::default();
    for s in stmts {
        walk_stmt(s, &mut |e| match &e.kind {
            ast::ExprKind::Assign { lhs, .. } => note_assigned(&mut out, lhs),
            ast::ExprKind::Unary { op: UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec, operand } => note_assigned(&mut out, operand),
            ast::ExprKind::Call { args, .. } => args.iter().for_each(|a| note_assigned(&mut out, a)),
            _ => {}
        }, &mut |_| {});
    }
    out
}

/// Adds the variable `e` assigns (through members and elements) to `out`. A name is copied
/// once, the first time it is seen; a `Name` keeps it inline, without an allocation, up to 22
/// bytes. (Not inlined: the walk that calls it recurses once per expression, and stays lean.)
#[inline(never)]
fn note_assigned(out: &mut rustc_hash::FxHashSet<ast::Name>, mut e: &ast::Expr) {
    loop {
        match &e.kind {
            ast::ExprKind::Member { base, .. } | ast::ExprKind::Index { base, .. } => e = base,
            ast::ExprKind::Name(p) => {
                if let Some(s) = p.segments.last().filter(|s| !out.contains(s.ident.name.as_str())) {
                    out.insert(s.ident.name.clone());
                }
                return;
            }
            _ => return,
        }
    }
}

/// True when a method body may write its object's member `name`: assigns it (as `name` or
/// `this.name`, also a member or element of it), or passes it as an argument that
/// `may_write(callee, index)` says may be `out` or `inout`.
pub(crate) fn block_writes_member(body: &ast::Block, name: &str, may_write: &dyn Fn(&ast::Expr, usize, usize) -> bool) -> bool {
    body.stmts.iter().any(|s| stmt_writes_member(s, name, may_write))
}

/// [`block_writes_member`] for one statement.
pub(crate) fn stmt_writes_member(s: &ast::Stmt, name: &str, may_write: &dyn Fn(&ast::Expr, usize, usize) -> bool) -> bool {
    let member = |e: &ast::Expr| {
        is_name(e, name) || matches!(&e.kind, ast::ExprKind::Member { base, member, .. } if matches!(base.kind, ast::ExprKind::This) && member.name == name)
    };
    let target = |e: &ast::Expr| {
        let mut e = e;
        loop {
            if member(e) {
                return true;
            }
            match &e.kind {
                ast::ExprKind::Member { base, .. } | ast::ExprKind::Index { base, .. } => e = base,
                _ => return false,
            }
        }
    };
    let mut found = false;
    walk_stmt(s, &mut |e| match &e.kind {
        ast::ExprKind::Assign { lhs, .. } if target(lhs) => found = true,
        ast::ExprKind::Unary { op: UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec, operand } if target(operand) => found = true,
        ast::ExprKind::Call { callee, args } if args.iter().enumerate().any(|(i, a)| target(a) && may_write(callee, i, args.len())) => found = true,
        _ => {}
    }, &mut |_| {});
    found
}

/// The names a method body calls without an object (`Set(v)`, which may be a method of its own
/// struct, on `this`), and whether it calls a method on `this` (`this.Set(v)`).
pub(crate) fn implicit_this_calls(body: &ast::Block) -> (Vec<String>, bool) {
    let (mut names, mut on_this) = (Vec::new(), false);
    for s in &body.stmts {
        walk_stmt(s, &mut |e| {
            if let ast::ExprKind::Call { callee, .. } = &e.kind {
                match &callee.kind {
                    ast::ExprKind::Name(p) if p.segments.len() == 1 => names.push(p.segments[0].ident.name.to_string()),
                    ast::ExprKind::Member { base, .. } if matches!(base.kind, ast::ExprKind::This) => on_this = true,
                    _ => {}
                }
            }
        }, &mut |_| {});
    }
    (names, on_this)
}

/// True when `s` has a `break` that leaves the loop it is the body of.
fn has_break(s: &ast::Stmt) -> bool {
    jumps(s, &|k| matches!(k, ast::StmtKind::Break), true)
}

/// True when `s` has a `continue` of the loop it is the body of.
fn has_continue(s: &ast::Stmt) -> bool {
    jumps(s, &|k| matches!(k, ast::StmtKind::Continue), false)
}

/// A jump statement `is` finds in `s`, outside nested loops (and, for `break`, switches).
fn jumps(s: &ast::Stmt, is: &dyn Fn(&ast::StmtKind) -> bool, switch_catches: bool) -> bool {
    if is(&s.kind) {
        return true;
    }
    match &s.kind {
        ast::StmtKind::Block(b) => b.stmts.iter().any(|s| jumps(s, is, switch_catches)),
        ast::StmtKind::If { then, else_, .. } => jumps(then, is, switch_catches) || else_.as_ref().is_some_and(|e| jumps(e, is, switch_catches)),
        ast::StmtKind::Switch { cases, .. } if !switch_catches => cases.iter().any(|c| c.stmts.iter().any(|s| jumps(s, is, switch_catches))),
        _ => false,
    }
}

/// Calls `on_expr` for every expression in `s` (outer ones first) and `on_decl` for every
/// local declaration. (Generic rather than `dyn`: each caller's callbacks are compiled into
/// its own walk; `assigned_names` walks every function body.)
fn walk_stmt<E: FnMut(&ast::Expr), D: FnMut(&ast::VarDecl)>(s: &ast::Stmt, on_expr: &mut E, on_decl: &mut D) {
    match &s.kind {
        ast::StmtKind::Expr(e) => walk_expr(e, on_expr),
        ast::StmtKind::Var(d) => {
            on_decl(d);
            for decl in &d.declarators {
                if let Some(ast::Initializer::Expr(e)) = &decl.init {
                    walk_expr(e, on_expr);
                }
            }
        }
        ast::StmtKind::Block(b) => b.stmts.iter().for_each(|s| walk_stmt(s, on_expr, on_decl)),
        ast::StmtKind::If { cond, then, else_ } => {
            walk_expr(cond, on_expr);
            walk_stmt(then, on_expr, on_decl);
            if let Some(e) = else_ {
                walk_stmt(e, on_expr, on_decl);
            }
        }
        ast::StmtKind::For { init, cond, step, body } => {
            if let Some(i) = init {
                walk_stmt(i, on_expr, on_decl);
            }
            for e in cond.iter().chain(step.iter()) {
                walk_expr(e, on_expr);
            }
            walk_stmt(body, on_expr, on_decl);
        }
        ast::StmtKind::While { cond, body } | ast::StmtKind::DoWhile { body, cond } => {
            walk_expr(cond, on_expr);
            walk_stmt(body, on_expr, on_decl);
        }
        ast::StmtKind::Switch { selector, cases, .. } => {
            walk_expr(selector, on_expr);
            for c in cases {
                c.stmts.iter().for_each(|s| walk_stmt(s, on_expr, on_decl));
            }
        }
        ast::StmtKind::Return(Some(e)) => walk_expr(e, on_expr),
        _ => {}
    }
}

pub(crate) fn walk_expr<F: FnMut(&ast::Expr)>(e: &ast::Expr, f: &mut F) {
    f(e);
    match &e.kind {
        ast::ExprKind::Unary { operand, .. } => walk_expr(operand, f),
        ast::ExprKind::Binary { lhs, rhs, .. } | ast::ExprKind::Assign { lhs, rhs, .. } | ast::ExprKind::Comma { lhs, rhs } => {
            walk_expr(lhs, f);
            walk_expr(rhs, f);
        }
        ast::ExprKind::Conditional { cond, accept, reject } => {
            walk_expr(cond, f);
            walk_expr(accept, f);
            walk_expr(reject, f);
        }
        ast::ExprKind::Call { callee, args } => {
            walk_expr(callee, f);
            args.iter().for_each(|a| walk_expr(a, f));
        }
        ast::ExprKind::Construct { args, .. } | ast::ExprKind::InitList(args) => args.iter().for_each(|a| walk_expr(a, f)),
        ast::ExprKind::Cast { expr, .. } | ast::ExprKind::SizeOfExpr(expr) => walk_expr(expr, f),
        ast::ExprKind::Member { base, .. } => walk_expr(base, f),
        ast::ExprKind::Index { base, index } => {
            walk_expr(base, f);
            walk_expr(index, f);
        }
        _ => {}
    }
}
