//! Calls of functions taking a `RayQuery`, inlined into the caller.
//!
//! An HLSL `RayQuery` passed to a function is the caller's query: the callee's
//! `TraceRayInline`, `Proceed` … act on it (DXC passes the query's handle). naga's ray-query
//! statements need a local variable of the function they are in, so a naga function cannot
//! take a query as a parameter. hlslc therefore inlines such a call: the callee's body is
//! analysed again in the caller, in a scope of its own where each `RayQuery` parameter names
//! the caller's query variable and each other parameter is a local initialised with its
//! argument (HLSL's copy-in); the statements run before the statement holding the call (as
//! the calls `call.rs` hoists), and a non-`void` result is the value of the body's final
//! `return`, kept in a hidden local. The caller's names are hidden while the body is
//! analysed, so the callee sees only its parameters and the globals, as in the function.
//!
//! Only what inlining keeps exact is inlined: a free function (not a method), called where
//! statements can be hoisted (not in a condition or loop header), whose `RayQuery` arguments
//! are local query variables, with `in` parameters other than the query, and with no
//! `return` but a final one. Any other call keeps the function, whose query parameter
//! lowering reports (E0803).
//!
//! A function returning a `RayQuery` (`Q TraceClosest<Q>(RayDesc ray) { Q q; …; return q; }`)
//! is inlined the same way, and its result is the query variable the final `return` names,
//! which the caller's `Q q = TraceClosest<Q>(ray);` then names too (`ray_query_local`).

use hlslc_grammar::name::Name;
use super::expr::{Operand, Value};
use super::scope::{Symbol, VarRef};
use super::Analyzer;
use crate::tir::{self, ExprKind, FuncId, ParamDir, Place, PlaceRoot, StmtKind};
use crate::ty::TypeInner;
use hlslc_grammar::{ast, Span};

/// Nesting limit of inlined calls (a function passing its query on to another one).
const MAX_INLINE_DEPTH: u32 = 16;

impl Analyzer<'_> {
    /// Inlines a call of `f` with arguments `ops` if `f` takes a `RayQuery` (see the module
    /// docs); `None` leaves the call to the ordinary path.
    pub(crate) fn inline_ray_query_call(&mut self, f: FuncId, this: Option<&Operand>, ops: &[Operand], span: Span) -> Option<Option<Operand>> {
        let decl = self.ray_query_fns.get(&f)?.clone();
        let body = decl.body.as_ref()?;
        let info = self.fn_infos[f.0 as usize].clone();
        if this.is_some() || info.method_of.is_some() || self.inline_depth >= MAX_INLINE_DEPTH {
            return None;
        }
        let ctx = self.func.as_ref()?;
        if ctx.hoist_blocked > 0 || ops.len() != info.params.len() {
            return None;
        }
        // What each parameter becomes: the caller's query, or a new local holding the argument.
        let mut queries = Vec::new();
        for (p, op) in info.params.iter().zip(ops) {
            if matches!(self.module.types.get(p.ty), TypeInner::RayQuery { .. }) {
                match &op.value {
                    Value::Place(Place { root: PlaceRoot::Local(l), projections, .. }) if projections.is_empty() && op.ty == p.ty => queries.push(Some(*l)),
                    _ => return None,
                }
            } else if p.dir != ParamDir::In || self.holds_resources(p.ty) || self.holds_ray_query(p.ty) {
                return None;
            } else {
                queries.push(None);
            }
        }
        let (stmts, result) = match body.stmts.split_last() {
            Some((ast::Stmt { kind: ast::StmtKind::Return(value), .. }, rest)) => (rest, value.as_ref()),
            _ => (&body.stmts[..], None),
        };
        let void = self.module.types.void();
        if stmts.iter().any(has_return) || (info.ret != void) != result.is_some() {
            return None;
        }
        // The parameters' scope, the caller's names hidden.
        let mut scope = super::Scope::default();
        let mut prelude = Vec::new();
        for (i, (p, op)) in info.params.iter().zip(ops).enumerate() {
            let name = decl.params.get(i).and_then(|q| q.name.as_ref()).map(|n| n.name.as_str().to_owned()).unwrap_or_default();
            let var = match queries[i] {
                Some(l) => VarRef::Local(l),
                None => {
                    let value = self.convert_implicit(op.clone(), p.ty, op.span)?;
                    let local = self.add_local(&name, p.ty, op.span, false);
                    prelude.push(tir::Stmt { kind: StmtKind::Init { local, value }, span: op.span });
                    VarRef::Local(local)
                }
            };
            if !name.is_empty() {
                scope.insert(Name::new(&name), Symbol::Var(var));
            }
        }
        let ctx = self.func.as_mut()?;
        let saved = SavedContext {
            scopes: std::mem::replace(&mut ctx.scopes, vec![scope]),
            ret: std::mem::replace(&mut ctx.ret, info.ret),
            this: ctx.this.take(),
            loop_depth: std::mem::take(&mut ctx.loop_depth),
            switch_depth: std::mem::take(&mut ctx.switch_depth),
            resource_ret: ctx.resource_ret.take(),
            static_exit: std::mem::take(&mut ctx.static_exit),
            assigned_names: std::mem::replace(&mut ctx.assigned_names, super::unroll::assigned_names(&body.stmts)),
            expired_for_vars: std::mem::take(&mut ctx.expired_for_vars),
            res_slots: std::mem::take(&mut ctx.res_slots),
        };
        let (log_len, writes_len) = (ctx.alias_log.len(), ctx.alias_writes.len());
        let caller_pending = std::mem::take(&mut ctx.pending);
        let saved_ns = std::mem::replace(&mut self.current_ns, info.ns);
        self.inline_depth += 1;
        let mut out = prelude;
        // The result expression runs in the body's scope, after its statements.
        let returns_query = matches!(self.module.types.get(info.ret), TypeInner::RayQuery { .. });
        let (body_stmts, (value, query_result)) = self.block_then(stmts, |a| {
            let Some(e) = result else { return (None, None) };
            let Some(op) = a.operand(e) else { return (None, None) };
            if returns_query {
                return (None, Some(op));
            }
            (a.convert_implicit(op, info.ret, e.span), None)
        });
        out.extend(body_stmts);
        self.inline_depth -= 1;
        self.current_ns = saved_ns;
        let ctx = self.func.as_mut()?;
        // (Calls the result expression hoisted run after the body.)
        out.append(&mut ctx.pending);
        ctx.pending = caller_pending;
        ctx.alias_log.truncate(log_len);
        ctx.alias_writes.truncate(writes_len);
        // (The hidden index locals of the inlined body stay, under a scope no name reaches.)
        let inner_slots = std::mem::replace(&mut ctx.res_slots, saved.res_slots);
        ctx.res_slots.extend(inner_slots.into_iter().map(|(_, n, l)| (usize::MAX, n, l)));
        ctx.scopes = saved.scopes;
        ctx.ret = saved.ret;
        ctx.this = saved.this;
        ctx.loop_depth = saved.loop_depth;
        ctx.switch_depth = saved.switch_depth;
        ctx.resource_ret = saved.resource_ret;
        ctx.static_exit = saved.static_exit;
        ctx.assigned_names = saved.assigned_names;
        ctx.expired_for_vars = saved.expired_for_vars;
        // The body's statements, then its result into a hidden local, before the statement.
        // A returned query is no value but the query variable itself (DXC returns its handle).
        let result = match (value, query_result) {
            (_, Some(op)) => match &op.value {
                Value::Place(p @ Place { root: PlaceRoot::Local(_), projections, .. }) if projections.is_empty() && p.ty == info.ret => Some(Operand::place(p.clone())),
                _ => {
                    self.error("E0803", op.span, "a returned `RayQuery` must be a local query variable of the function or one of its query parameters")
                        .help("return the query variable the function traced with");
                    return Some(None);
                }
            },
            (Some(v), None) => {
                let local = self.temp_local(info.ret, span);
                out.push(tir::Stmt { kind: StmtKind::Init { local, value: v }, span });
                Some(Operand::place(Place { root: PlaceRoot::Local(local), projections: Default::default(), ty: info.ret, span }))
            }
            (None, None) if info.ret == void => None,
            (None, None) => return Some(None),
        };
        self.func.as_mut()?.pending.push(tir::Stmt { kind: StmtKind::Block(out), span });
        Some(Some(result.unwrap_or_else(|| Operand::expr(tir::Expr::new(ExprKind::Sequence(vec![]), void, span)))))
    }
}

/// The caller's context while an inlined body is analysed.
struct SavedContext {
    scopes: Vec<super::Scope>,
    ret: crate::ty::TypeId,
    this: Option<(crate::ty::StructId, bool)>,
    loop_depth: u32,
    switch_depth: u32,
    resource_ret: Option<crate::ty::TypeId>,
    static_exit: bool,
    assigned_names: rustc_hash::FxHashSet<hlslc_grammar::ast::Name>,
    expired_for_vars: Vec<String>,
    res_slots: Vec<(usize, String, tir::LocalId)>,
}

/// Whether a statement holds a `return` (at any depth).
pub(crate) fn has_return(s: &ast::Stmt) -> bool {
    match &s.kind {
        ast::StmtKind::Return(_) => true,
        ast::StmtKind::Block(b) => b.stmts.iter().any(has_return),
        ast::StmtKind::If { then, else_, .. } => has_return(then) || else_.as_deref().is_some_and(has_return),
        ast::StmtKind::For { init, body, .. } => init.as_deref().is_some_and(has_return) || has_return(body),
        ast::StmtKind::While { body, .. } | ast::StmtKind::DoWhile { body, .. } => has_return(body),
        ast::StmtKind::Switch { cases, .. } => cases.iter().flat_map(|c| c.stmts.iter()).any(has_return),
        _ => false,
    }
}
