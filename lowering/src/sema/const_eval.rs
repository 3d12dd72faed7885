//! Calls of user functions with constant arguments, evaluated at compile time.
//!
//! DXC inlines every call and propagates constants before it resolves resources, so
//! `textures[index_of(3)]` names one texture when `index_of` computes its result from its
//! arguments with straight-line code, `if` and `switch`. Where sema needs a constant to choose a
//! resource (an index into a local resource array, a branch over resource variables), it
//! evaluates such calls: the callee's analysed body runs on constants — its parameters and
//! locals bound to values, `if` and `switch` on their constant conditions, `return` giving the
//! result. A body with a loop, a write to anything but a local, or a value that does not fold
//! gives no constant, and the choice stays a run-time one.

use super::Analyzer;
use crate::tir::{self, Arg, ConstValue, Expr, ExprKind, FuncId, PlaceRoot, Stmt, StmtKind};
use std::collections::HashMap;

/// Nested calls evaluated at most.
const MAX_DEPTH: u32 = 16;
/// Statements executed at most per evaluation.
const MAX_STEPS: u32 = 4096;

/// Values of a function's parameters and locals.
#[derive(Default, Clone)]
struct Env {
    params: HashMap<u32, ConstValue>,
    locals: HashMap<u32, ConstValue>,
}

/// Whether [`Analyzer::substitute_constants`] (without a `current` value) would change `e` or
/// refuse it: a load of a bound parameter or local, or a call, somewhere in it.
fn needs_substitution(e: &Expr, env: &Env) -> bool {
    match &e.kind {
        // (As there: a whole-variable load is replaced or left, never entered.)
        ExprKind::Load(p) if p.projections.is_empty() => match p.root {
            PlaceRoot::Local(l) => env.locals.contains_key(&l.0),
            PlaceRoot::Param(q) => env.params.contains_key(&q.0),
            _ => false,
        },
        ExprKind::Call { .. } => true,
        _ => {
            let mut found = false;
            e.for_each_child(|c| found = found || needs_substitution(c, env));
            found
        }
    }
}

/// How executing statements ended.
enum Flow {
    Normal,
    Break,
    Return(ConstValue),
}

impl Analyzer<'_> {
    /// The value of `e` with calls of user functions on constant arguments evaluated (and the
    /// known constant locals of the current function substituted), if it folds.
    pub(crate) fn evaluated_constant(&self, e: &Expr) -> Option<ConstValue> {
        let mut env = Env::default();
        if let Some(f) = &self.func {
            for (l, (c, _)) in &f.known_constants {
                env.locals.insert(l.0, c.clone());
            }
        }
        let mut steps = 0;
        self.eval(e, &env, 0, &mut steps)
    }

    fn eval(&self, e: &Expr, env: &Env, depth: u32, steps: &mut u32) -> Option<ConstValue> {
        // (Most expressions have nothing to substitute: they fold as they are, without a copy.)
        if !needs_substitution(e, env) {
            return self.try_fold(e).ok().flatten();
        }
        let mut e = e.clone();
        self.substitute_constants(&mut e, env, None, depth, steps)?;
        self.try_fold(&e).ok().flatten()
    }

    /// Replaces loads of bound parameters and locals (and `PlaceValue`, the assigned local's
    /// value, with `current`) by constants, and calls by their results; `None` for a call that
    /// cannot be evaluated.
    fn substitute_constants(&self, e: &mut Expr, env: &Env, current: Option<&ConstValue>, depth: u32, steps: &mut u32) -> Option<()> {
        match &e.kind {
            ExprKind::Load(p) if p.projections.is_empty() => {
                let bound = match p.root {
                    PlaceRoot::Local(l) => env.locals.get(&l.0),
                    PlaceRoot::Param(q) => env.params.get(&q.0),
                    _ => None,
                };
                if let Some(c) = bound {
                    e.kind = ExprKind::Const(c.clone());
                }
                return Some(());
            }
            ExprKind::PlaceValue => {
                if let Some(c) = current {
                    e.kind = ExprKind::Const(c.clone());
                }
                return Some(());
            }
            ExprKind::Call { function, args } => {
                let mut values = Vec::new();
                for a in args {
                    let Arg::Value(v) = a else { return None };
                    values.push(self.eval(v, env, depth, steps)?);
                }
                let c = self.call_value(*function, values, depth + 1, steps)?;
                e.kind = ExprKind::Const(c);
                return Some(());
            }
            _ => {}
        }
        for c in e.children_mut() {
            self.substitute_constants(c, env, current, depth, steps)?;
        }
        Some(())
    }

    /// The result of calling `f` with `args`, when its body evaluates to one.
    fn call_value(&self, f: FuncId, args: Vec<ConstValue>, depth: u32, steps: &mut u32) -> Option<ConstValue> {
        if depth > MAX_DEPTH {
            return None;
        }
        let func = self.module.functions.get(f.0 as usize)?;
        if func.params.len() != args.len() || func.params.iter().any(|p| p.dir != tir::ParamDir::In) {
            return None;
        }
        let mut env = Env::default();
        for (k, a) in args.into_iter().enumerate() {
            env.params.insert(k as u32, a);
        }
        match self.exec(&func.body, &mut env, depth, steps)? {
            Flow::Return(c) => Some(c),
            _ => None,
        }
    }

    fn exec(&self, stmts: &[Stmt], env: &mut Env, depth: u32, steps: &mut u32) -> Option<Flow> {
        for s in stmts {
            *steps += 1;
            if *steps > MAX_STEPS {
                return None;
            }
            match &s.kind {
                StmtKind::Init { local, value } => {
                    let c = self.eval(value, env, depth, steps)?;
                    env.locals.insert(local.0, c);
                }
                StmtKind::Expr(Expr { kind: ExprKind::Assign { place, value, returns_old: false }, .. }) => {
                    let (PlaceRoot::Local(l), true) = (place.root.clone(), place.projections.is_empty()) else { return None };
                    let current = env.locals.get(&l.0).cloned();
                    let mut v = (**value).clone();
                    self.substitute_constants(&mut v, env, current.as_ref(), depth, steps)?;
                    let c = self.try_fold(&v).ok().flatten()?;
                    env.locals.insert(l.0, c);
                }
                StmtKind::Block(b) => match self.exec(b, env, depth, steps)? {
                    Flow::Normal => {}
                    other => return Some(other),
                },
                StmtKind::If { cond, accept, reject } => {
                    let ConstValue::Bool(b) = self.eval(cond, env, depth, steps)? else { return None };
                    match self.exec(if b { accept } else { reject }, env, depth, steps)? {
                        Flow::Normal => {}
                        other => return Some(other),
                    }
                }
                StmtKind::Switch { selector, cases } => {
                    let k = super::fold::as_i64(&self.eval(selector, env, depth, steps)?);
                    let start = cases.iter().position(|c| c.values.contains(&k)).or_else(|| cases.iter().position(|c| c.default));
                    if let Some(start) = start {
                        for c in &cases[start..] {
                            match self.exec(&c.body, env, depth, steps)? {
                                Flow::Normal => continue,
                                Flow::Break => break,
                                ret @ Flow::Return(_) => return Some(ret),
                            }
                        }
                    }
                }
                StmtKind::Break => return Some(Flow::Break),
                StmtKind::Return(Some(e)) => return Some(Flow::Return(self.eval(e, env, depth, steps)?)),
                _ => return None,
            }
        }
        Some(Flow::Normal)
    }
}
