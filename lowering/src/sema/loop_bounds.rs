//! The variables of an `[unroll]` loop's condition whose value at the loop is known at compile
//! time although the variable also holds run-time values elsewhere in the function.
//!
//! [`liveness`](super::liveness)'s trip-count check asks whether a loop condition depends on
//! run-time values, flow-insensitively: a variable is run-time if any assignment gives it a
//! run-time value, and a struct local is one value. DXC decides after SROA and mem2reg, where
//! only the definitions that reach the loop count. This module finds the common cases of that
//! difference, as places (a local or parameter, maybe through struct fields) read by the
//! condition:
//!
//! - a parameter clamped before the loop (`count = min(count, 4);` — the `count` that reaches
//!   the loop is bounded by 4, which DXC's unroller folds the exit against);
//! - a counter that is one field of a struct local whose other fields are run-time
//!   (`for (ctx.dim = 0; ctx.dim < 4; ctx.dim++)`).
//!
//! A place qualifies when its last write before the loop, in the statements that dominate it
//! (earlier statements of the enclosing blocks, not across an enclosing loop), is a plain
//! assignment (or initialisation) of exactly that place, and inside the loop only the step
//! writes it, again as a whole; the values are then judged by the caller's taint analysis.

use crate::tir::{self, ExprKind, Place, PlaceRoot, Projection, Stmt, StmtKind};

/// The place's root and field path, if it is a local or parameter reached through fields only.
fn path(p: &Place) -> Option<(Root, Vec<u32>)> {
    let root = match p.root {
        PlaceRoot::Local(l) => Root::Local(l.0),
        PlaceRoot::Param(i) => Root::Param(i.0),
        _ => return None,
    };
    let fields = p.projections.iter().map(|x| if let Projection::Field(f) = x { Some(*f) } else { None }).collect::<Option<Vec<_>>>()?;
    Some((root, fields))
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Root {
    Local(u32),
    Param(u32),
}

fn root_of(p: &Place) -> Option<Root> {
    match p.root {
        PlaceRoot::Local(l) => Some(Root::Local(l.0)),
        PlaceRoot::Param(i) => Some(Root::Param(i.0)),
        _ => None,
    }
}

/// Whether `a` and `b` are the same local or parameter through the same fields.
pub(super) fn same_place(a: &Place, b: &Place) -> bool {
    matches!((path(a), path(b)), (Some(x), Some(y)) if x == y)
}

/// The assigned value if `s` is a statement-level assignment (or initialisation) of exactly `p`.
fn assigns<'t>(s: &'t Stmt, p: &Place) -> Option<&'t tir::Expr> {
    match &s.kind {
        StmtKind::Expr(e) => match &e.kind {
            ExprKind::Assign { place, value, .. } if same_place(place, p) => Some(value),
            _ => None,
        },
        StmtKind::Init { local, value } if p.projections.is_empty() && matches!(p.root, PlaceRoot::Local(l) if l == *local) => Some(value),
        _ => None,
    }
}

/// Whether `s` writes any part of `root` (an assignment, an `out` argument, an initialisation).
fn writes(s: &Stmt, root: Root) -> bool {
    let hit = |p: &Place| root_of(p) == Some(root);
    let mut found = false;
    tir::visit::walk_stmt(s, &mut |e| match &e.kind {
        ExprKind::Assign { place, .. } => found |= hit(place),
        ExprKind::Call { args, .. } | ExprKind::Intrinsic { args, .. } | ExprKind::Method { args, .. } => {
            found |= args.iter().any(|a| matches!(a, tir::Arg::Out(p) | tir::Arg::InOut(p) if hit(p)));
        }
        _ => {}
    });
    if let Root::Local(l) = root {
        super::liveness::stmt_inits(s, &mut |local, _| found |= local.0 == l);
    }
    found
}

/// The places `cond` reads whose value at the loop comes from a write before it, each with the
/// value the loop's first test sees and the step's value (if the step writes the place): the
/// caller keeps those whose values are known at compile time. `dominators` are the statement
/// runs before the loop, innermost last.
pub(super) fn reaching_writes<'t>(
    dominators: &[&'t [Stmt]],
    cond: &'t tir::Expr,
    body: &'t [Stmt],
    step: &'t [Stmt],
) -> Vec<(&'t Place, &'t tir::Expr, Option<&'t tir::Expr>)> {
    let mut reads: Vec<&Place> = Vec::new();
    tir::visit::walk_expr(cond, &mut |e| {
        if let ExprKind::Load(p) = &e.kind {
            if path(p).is_some() && !reads.iter().any(|q| same_place(q, p)) {
                reads.push(p);
            }
        }
    });
    let mut out = Vec::new();
    'reads: for p in reads {
        let Some(root) = root_of(p) else { continue };
        let mut cond_writes = false;
        tir::visit::walk_expr(cond, &mut |e| cond_writes |= matches!(&e.kind, ExprKind::Assign { place, .. } if root_of(place) == Some(root)));
        if cond_writes || body.iter().any(|s| writes(s, root)) {
            continue;
        }
        let step_value = match step {
            [] => None,
            [s] if !writes(s, root) => None,
            [s] => match assigns(s, p) {
                Some(v) if matches!(&s.kind, StmtKind::Expr(e) if matches!(&e.kind, ExprKind::Assign { place, .. } if same_place(place, p))) => Some(v),
                _ => continue,
            },
            _ => continue,
        };
        for run in dominators.iter().rev() {
            for s in run.iter().rev() {
                if let Some(v) = assigns(s, p) {
                    // A compound assignment (`n += k`) depends on the value before it.
                    let mut compound = false;
                    tir::visit::walk_expr(v, &mut |e| compound |= matches!(e.kind, ExprKind::PlaceValue));
                    if !compound {
                        out.push((p, v, step_value));
                    }
                    continue 'reads;
                }
                if writes(s, root) {
                    continue 'reads;
                }
            }
        }
    }
    out
}
