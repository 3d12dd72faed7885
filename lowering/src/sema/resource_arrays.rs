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
            crate::tir::visit::walk_places_mut(s, &mut |p| linearize(p, &inner_sizes, uint));
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
    let mut parts = p.projections.take_front(n).into_iter().map(|q| match q {
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
    Expr::new(ExprKind::binary(op, a, b), uint, span)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tir::{DeclaredBinding, Function, GlobalId, Module, ParamId, Stmt, StmtKind};
    use crate::ty::{Access, Resource, Types};
    use hlslc_grammar::Span;

    /// A module with one global of type `dims` arrays of `ByteAddressBuffer`, and a function
    /// whose one statement loads `global[param0][param1]…` (one index per dimension).
    fn module(dims: &[Option<u32>]) -> Module {
        let mut m = Module { types: Types::new(), ..Default::default() };
        let mut ty = m.types.insert(TypeInner::Resource(Resource::ByteAddressBuffer { access: Access::ReadOnly }));
        let element = ty;
        for &d in dims.iter().rev() {
            ty = m.types.array(ty, d);
        }
        m.globals.push(tir::Global { name: "b".into(), ty, kind: GlobalKind::Resource { binding: DeclaredBinding::default() }, span: Span::default(), precise: false, globally_coherent: false });
        let uint = m.types.scalar(Scalar::U32);
        let projections = (0..dims.len())
            .map(|k| {
                let param = Place { root: PlaceRoot::Param(ParamId(k as u32)), projections: vec![].into(), ty: uint, span: Span::default() };
                Projection::Index(Box::new(Expr::new(ExprKind::Load(Box::new(param)), uint, Span::default())))
            })
            .collect();
        let place = Place { root: PlaceRoot::Global(GlobalId(0)), projections, ty: element, span: Span::default() };
        let load = Expr::new(ExprKind::Load(Box::new(place)), element, Span::default());
        let void = m.types.void();
        m.functions.push(Function {
            name: "f".into(),
            params: vec![],
            ret: void,
            ret_semantic: None,
            ret_precise: false,
            ret_interpolation: Default::default(),
            locals: vec![],
            body: vec![Stmt { kind: StmtKind::Expr(load), span: Span::default() }],
            span: Span::default(),
            inline_spirv: None,
        });
        m
    }

    fn index_count(m: &Module) -> usize {
        let StmtKind::Expr(e) = &m.functions[0].body[0].kind else { return 0 };
        let ExprKind::Load(p) = &e.kind else { return 0 };
        p.projections.len()
    }

    #[test]
    fn one_dimensional_arrays_are_unchanged() {
        let mut m = module(&[Some(4)]);
        let before = m.globals[0].ty;
        run(&mut m);
        assert_eq!(m.globals[0].ty, before);
        assert_eq!(index_count(&m), 1);
    }

    #[test]
    fn two_dimensional_array_becomes_one_of_the_product_with_a_linear_index() {
        let mut m = module(&[Some(3), Some(7)]);
        run(&mut m);
        assert!(matches!(*m.types.get(m.globals[0].ty), TypeInner::Array { size: Some(21), .. }));
        assert_eq!(index_count(&m), 1);
        let StmtKind::Expr(e) = &m.functions[0].body[0].kind else { panic!("statement changed") };
        let ExprKind::Load(p) = &e.kind else { panic!("load changed") };
        // (i * 7) + j
        let Projection::Index(i) = &p.projections[0] else { panic!("not an index") };
        let ExprKind::Binary { op: tir::BinaryOp::Add, operands } = &i.kind else { panic!("not i * 7 + j: {:?}", i.kind) };
        assert!(matches!(&operands[0].kind, ExprKind::Binary { op: tir::BinaryOp::Mul, operands } if matches!(operands[1].kind, ExprKind::Const(ConstValue::Uint(7)))));
    }

    #[test]
    fn unsized_outer_dimension_stays_unsized() {
        let mut m = module(&[None, Some(4)]);
        run(&mut m);
        assert!(matches!(*m.types.get(m.globals[0].ty), TypeInner::Array { size: None, .. }));
        assert_eq!(index_count(&m), 1);
    }
}
