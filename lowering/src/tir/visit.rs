//! Traversals of the typed IR.
//!
//! Semantic analysis's later analyses (`precise`, liveness, unrolling, constant evaluation,
//! resource values, mesh and work-graph checks) and lowering all walk the same trees. This
//! module is the one place that knows which sub-expressions each [`ExprKind`] has, so a new
//! kind of expression is added to every walk at once.
//!
//! The order is evaluation order: a place's root (the resource, then the buffer index or the
//! texel coordinate, level and sample, or the pointer) before its index projections; a
//! method's object before its arguments; an assignment's place before its value.

use super::{Arg, Expr, ExprKind, Function, Place, PlaceRoot, Projection, Stmt, StmtKind};

impl Expr {
    /// Calls `f` on each direct sub-expression, index expressions inside places included.
    pub fn for_each_child<'t>(&'t self, mut f: impl FnMut(&'t Expr)) {
        match &self.kind {
            ExprKind::Const(_) | ExprKind::Zero | ExprKind::PlaceValue => {}
            ExprKind::Load(p) => p.for_each_expr(&mut f),
            ExprKind::Unary { expr, .. }
            | ExprKind::Convert(expr)
            | ExprKind::Bitcast(expr)
            | ExprKind::Splat(expr)
            | ExprKind::Truncate(expr)
            | ExprKind::Swizzle { expr, .. }
            | ExprKind::MatrixElements { expr, .. }
            | ExprKind::Field { base: expr, .. } => f(expr),
            ExprKind::Binary { operands, .. } => {
                let [lhs, rhs] = &**operands;
                f(lhs);
                f(rhs);
            }
            ExprKind::Index { base: lhs, index: rhs } => {
                f(lhs);
                f(rhs);
            }
            ExprKind::Select { cond, accept, reject, .. } => {
                f(cond);
                f(accept);
                f(reject);
            }
            ExprKind::Construct(parts) | ExprKind::Sequence(parts) => parts.iter().for_each(f),
            ExprKind::Call { args, .. } | ExprKind::Intrinsic { args, .. } => args_for_each(args, &mut f),
            ExprKind::Method { object, args, .. } => {
                object.for_each_expr(&mut f);
                args_for_each(args, &mut f);
            }
            ExprKind::Assign { place, value, .. } => {
                place.for_each_expr(&mut f);
                f(value);
            }
        }
    }

    /// The direct sub-expressions, mutable, in the order of [`Expr::for_each_child`] (a list,
    /// so that a walk can stop early with `?`).
    pub fn children_mut(&mut self) -> Vec<&mut Expr> {
        let mut out = Vec::new();
        match &mut self.kind {
            ExprKind::Const(_) | ExprKind::Zero | ExprKind::PlaceValue => {}
            ExprKind::Load(p) => p.exprs_mut(&mut out),
            ExprKind::Unary { expr, .. }
            | ExprKind::Convert(expr)
            | ExprKind::Bitcast(expr)
            | ExprKind::Splat(expr)
            | ExprKind::Truncate(expr)
            | ExprKind::Swizzle { expr, .. }
            | ExprKind::MatrixElements { expr, .. }
            | ExprKind::Field { base: expr, .. } => out.push(&mut **expr),
            ExprKind::Binary { operands, .. } => out.extend(operands.iter_mut()),
            ExprKind::Index { base: lhs, index: rhs } => out.extend([&mut **lhs, &mut **rhs]),
            ExprKind::Select { cond, accept, reject, .. } => out.extend([&mut **cond, &mut **accept, &mut **reject]),
            ExprKind::Construct(parts) | ExprKind::Sequence(parts) => out.extend(parts.iter_mut()),
            ExprKind::Call { args, .. } | ExprKind::Intrinsic { args, .. } => args_mut(args, &mut out),
            ExprKind::Method { object, args, .. } => {
                object.exprs_mut(&mut out);
                args_mut(args, &mut out);
            }
            ExprKind::Assign { place, value, .. } => {
                place.exprs_mut(&mut out);
                out.push(&mut **value);
            }
        }
        out
    }
}

impl Place {
    /// Calls `f` on the expressions a place evaluates: its root's (the resource's own first)
    /// and its index projections.
    pub fn for_each_expr<'t>(&'t self, f: &mut impl FnMut(&'t Expr)) {
        match &self.root {
            PlaceRoot::BufferElement { resource, index } => {
                resource.for_each_expr(f);
                f(index);
            }
            PlaceRoot::Texel { resource, coord, level, sample } => {
                resource.for_each_expr(f);
                f(coord);
                level.as_deref().into_iter().chain(sample.as_deref()).for_each(&mut *f);
            }
            PlaceRoot::Pointee { pointer, .. } => f(pointer),
            _ => {}
        }
        for proj in &self.projections {
            if let Projection::Index(i) = proj {
                f(i);
            }
        }
    }

    fn exprs_mut<'t>(&'t mut self, out: &mut Vec<&'t mut Expr>) {
        match &mut self.root {
            PlaceRoot::BufferElement { resource, index } => {
                resource.exprs_mut(out);
                out.push(&mut **index);
            }
            PlaceRoot::Texel { resource, coord, level, sample } => {
                resource.exprs_mut(out);
                out.push(&mut **coord);
                out.extend(level.as_deref_mut().into_iter().chain(sample.as_deref_mut()));
            }
            PlaceRoot::Pointee { pointer, .. } => out.push(&mut **pointer),
            _ => {}
        }
        for proj in &mut self.projections {
            if let Projection::Index(i) = proj {
                out.push(&mut **i);
            }
        }
    }
}

fn args_for_each<'t>(args: &'t [Arg], f: &mut impl FnMut(&'t Expr)) {
    for a in args {
        match a {
            Arg::Value(v) => f(v),
            Arg::Out(p) | Arg::InOut(p) => p.for_each_expr(f),
        }
    }
}

fn args_mut<'t>(args: &'t mut [Arg], out: &mut Vec<&'t mut Expr>) {
    for a in args {
        match a {
            Arg::Value(v) => out.push(v),
            Arg::Out(p) | Arg::InOut(p) => p.exprs_mut(out),
        }
    }
}

/// Calls `f` on every expression of a function (pre-order), including those inside places.
pub(crate) fn walk_function<'t, F: FnMut(&'t Expr) + ?Sized>(func: &'t Function, f: &mut F) {
    for s in &func.body {
        walk_stmt(s, f);
    }
}

/// Calls `f` on every expression of a statement and the statements nested in it (pre-order).
pub(crate) fn walk_stmt<'t, F: FnMut(&'t Expr) + ?Sized>(s: &'t Stmt, f: &mut F) {
    match &s.kind {
        StmtKind::Expr(e) | StmtKind::Init { value: e, .. } | StmtKind::Return(Some(e)) => walk_expr(e, f),
        StmtKind::Block(b) => b.iter().for_each(|s| walk_stmt(s, f)),
        StmtKind::If { cond, accept, reject } => {
            walk_expr(cond, f);
            accept.iter().chain(reject).for_each(|s| walk_stmt(s, f));
        }
        StmtKind::Loop { cond, body, step, .. } => {
            if let Some(c) = cond {
                walk_expr(c, f);
            }
            body.iter().chain(step).for_each(|s| walk_stmt(s, f));
        }
        StmtKind::Switch { selector, cases } => {
            walk_expr(selector, f);
            cases.iter().flat_map(|c| &c.body).for_each(|s| walk_stmt(s, f));
        }
        StmtKind::Break | StmtKind::Continue | StmtKind::Return(None) | StmtKind::Discard => {}
    }
}

/// Calls `f` on an expression and every expression below it (pre-order).
pub(crate) fn walk_expr<'t, F: FnMut(&'t Expr) + ?Sized>(e: &'t Expr, f: &mut F) {
    f(e);
    e.for_each_child(|c| walk_expr(c, f));
}

/// Calls `f` on every expression of a statement and the statements nested in it (pre-order,
/// places' indices included), mutably.
pub(crate) fn walk_stmt_mut(s: &mut Stmt, f: &mut dyn FnMut(&mut Expr)) {
    for_each_shallow_expr_mut(s, f);
    match &mut s.kind {
        StmtKind::Block(b) => b.iter_mut().for_each(|s| walk_stmt_mut(s, f)),
        StmtKind::If { accept, reject, .. } => accept.iter_mut().chain(reject).for_each(|s| walk_stmt_mut(s, f)),
        StmtKind::Loop { body, step, .. } => body.iter_mut().chain(step).for_each(|s| walk_stmt_mut(s, f)),
        StmtKind::Switch { cases, .. } => cases.iter_mut().flat_map(|c| &mut c.body).for_each(|s| walk_stmt_mut(s, f)),
        _ => {}
    }
}

/// Calls `f` on every expression of a statement itself, not of the statements nested in it
/// (pre-order, places' indices included).
pub(crate) fn for_each_shallow_expr_mut(s: &mut Stmt, f: &mut dyn FnMut(&mut Expr)) {
    match &mut s.kind {
        StmtKind::Expr(e) | StmtKind::Init { value: e, .. } | StmtKind::Return(Some(e)) => walk_expr_mut(e, f),
        StmtKind::If { cond: e, .. } | StmtKind::Switch { selector: e, .. } | StmtKind::Loop { cond: Some(e), .. } => walk_expr_mut(e, f),
        _ => {}
    }
}

/// Calls `f` on every place of a statement and the statements nested in it: each place before
/// the places and expressions inside it (a buffer element's or texel's resource, its indices),
/// so `f` may rewrite a place's root and projections and the walk continues into the result.
pub(crate) fn walk_places_mut(s: &mut Stmt, f: &mut dyn FnMut(&mut Place)) {
    walk_stmt_mut(s, &mut |e| match &mut e.kind {
        ExprKind::Load(p) | ExprKind::Assign { place: p, .. } => place_and_resources_mut(p, f),
        ExprKind::Method { object, args, .. } => {
            place_and_resources_mut(object, f);
            out_places_mut(args, f);
        }
        ExprKind::Call { args, .. } | ExprKind::Intrinsic { args, .. } => out_places_mut(args, f),
        _ => {}
    });
}

fn out_places_mut(args: &mut [Arg], f: &mut dyn FnMut(&mut Place)) {
    for a in args {
        if let Arg::Out(p) | Arg::InOut(p) = a {
            place_and_resources_mut(p, f);
        }
    }
}

fn place_and_resources_mut(p: &mut Place, f: &mut dyn FnMut(&mut Place)) {
    f(p);
    if let PlaceRoot::BufferElement { resource, .. } | PlaceRoot::Texel { resource, .. } = &mut p.root {
        place_and_resources_mut(resource, f);
    }
}

fn walk_expr_mut(e: &mut Expr, f: &mut dyn FnMut(&mut Expr)) {
    f(e);
    for c in e.children_mut() {
        walk_expr_mut(c, f);
    }
}
