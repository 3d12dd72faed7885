//! Multi-dimensional resource arrays, flattened into one dimension.
//!
//! `Texture2D t[3][7]` and `StructuredBuffer<S> b[][4]` are arrays of resource arrays, which
//! naga's binding arrays (one dimension) cannot hold. D3D binds them as one register range
//! in row-major order, and DXC's SPIR-V flattens them the same way, so after analysis each
//! such global becomes a one-dimensional array of the product of its sizes (unsized when its
//! outermost size is), and every place indexing it with `[i][j]…` indexes the flat array with
//! `(i * 7 + j)…` (folded when the indices are constants). A module without such globals is
//! unchanged.

use crate::tir::{self, ConstValue, Expr, ExprKind, GlobalKind, Place, PlaceRoot, Projection};
use crate::ty::{Scalar, TypeId, TypeInner};
use std::collections::HashMap;

/// Flattens the multi-dimensional resource arrays of `module`.
pub(crate) fn run(module: &mut tir::Module) {
    // Collect: each such global's inner sizes (the strides of its outer indices).
    let mut inner_sizes: HashMap<u32, Vec<u32>> = HashMap::new();
    for (i, global) in module.globals.iter_mut().enumerate() {
        if !matches!(global.kind, GlobalKind::Resource { .. }) {
            continue;
        }
        let mut dims = Vec::new();
        let mut t = global.ty;
        while let TypeInner::Array { base, size } = *module.types.get(t) {
            dims.push(size);
            t = base;
        }
        if dims.len() < 2 || !module.types.is_resource_like(t) {
            continue;
        }
        let Some(inner) = dims[1..].iter().copied().collect::<Option<Vec<u32>>>() else { continue };
        let per = inner.iter().fold(1u32, |a, &d| a.saturating_mul(d));
        global.ty = module.types.array(t, dims[0].map(|d| d.saturating_mul(per)));
        inner_sizes.insert(i as u32, inner);
    }
    if inner_sizes.is_empty() {
        return;
    }
    // Mutate every place indexing one.
    let uint = module.types.scalar(Scalar::U32);
    for f in module.functions.iter_mut() {
        for s in f.body.iter_mut() {
            super::compat::places_in_stmt(s, &mut |p| linearize(p, &inner_sizes, uint));
        }
    }
}

/// `g[i][j]…` → `g[(i * n + j)…]` for a flattened global `g`.
fn linearize(p: &mut Place, inner_sizes: &HashMap<u32, Vec<u32>>, uint: TypeId) {
    let PlaceRoot::Global(g) = p.root else { return };
    let Some(inner) = inner_sizes.get(&g.0) else { return };
    let n = inner.len() + 1;
    if p.projections.len() < n || !p.projections[..n].iter().all(|q| matches!(q, Projection::Index(_))) {
        return;
    }
    let mut parts = p.projections.drain(..n).map(|q| match q {
        Projection::Index(e) => as_uint(*e, uint),
        _ => unreachable!("checked above"),
    });
    let Some(mut linear) = parts.next() else { return };
    for (index, &size) in parts.zip(inner) {
        let span = index.span;
        let scaled = binary(tir::BinaryOp::Mul, linear, Expr::new(ExprKind::Const(ConstValue::Uint(size as u64)), uint, span), uint);
        linear = binary(tir::BinaryOp::Add, scaled, index, uint);
    }
    p.projections.insert(0, Projection::Index(Box::new(linear)));
}

fn as_uint(e: Expr, uint: TypeId) -> Expr {
    if e.ty == uint {
        return e;
    }
    let span = e.span;
    match e.kind {
        ExprKind::Const(c) => Expr::new(ExprKind::Const(ConstValue::Uint(super::fold::as_i64(&c) as u64)), uint, span),
        kind => Expr::new(ExprKind::Convert(Box::new(Expr { kind, ..e })), uint, span),
    }
}

/// `a op b` on `uint`s, folded when both are constants.
fn binary(op: tir::BinaryOp, a: Expr, b: Expr, uint: TypeId) -> Expr {
    let span = a.span;
    if let (ExprKind::Const(ConstValue::Uint(x)), ExprKind::Const(ConstValue::Uint(y))) = (&a.kind, &b.kind) {
        let v = match op {
            tir::BinaryOp::Mul => x.wrapping_mul(*y),
            _ => x.wrapping_add(*y),
        };
        return Expr::new(ExprKind::Const(ConstValue::Uint(v & 0xffff_ffff)), uint, span);
    }
    Expr::new(ExprKind::Binary { op, lhs: Box::new(a), rhs: Box::new(b) }, uint, span)
}
