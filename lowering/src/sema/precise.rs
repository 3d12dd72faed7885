//! `precise`: which operations must not be contracted or reassociated.
//!
//! HLSL: "precise propagates only to the operations that directly contribute to the
//! variable's value". This pass computes that backward slice over the typed IR and sets
//! [`tir::Expr::precise`] on its expressions, in the shape of glslang's
//! `propagateNoContraction`:
//! 1. the precise *objects* start as the variables, parameters, globals and function return
//!    values declared `precise`, plus any place that goes through a `precise` struct field;
//! 2. every assignment to a precise object — initialisers, assignments, `return`s, arguments
//!    copied into parameters, `out` arguments copied back — makes its value precise, and the
//!    objects that value reads (`Load`s) become precise in turn; calls in a precise value make
//!    the callee's return value precise, so the callee's operations join the slice, and a
//!    callee parameter that joins the slice makes the arguments of every call precise;
//! 3. repeat until nothing changes, then mark the values of the precise assignments.
//!
//! Objects are a root (local, parameter, global, return value) and a path of struct fields;
//! array indices are ignored (any element), and an assignment and a read are related when one
//! path is a prefix of the other. Address computations (indices) and conditions are not part
//! of a value's slice. The result is a superset where HLSL's rule is ambiguous (a whole struct
//! assigned to a struct with a precise field is precise).
//!
//! With `-Gis` every operation is precise.

use crate::tir::{self, Arg, ExprKind, FuncId, Module, PlaceRoot, Projection, StmtKind};
use crate::ty::TypeInner;
use std::collections::HashSet;

/// Marks the precise operations of `module`.
pub(crate) fn analyze(module: &mut Module, ieee_strict: bool) {
    if ieee_strict {
        for f in &mut module.functions {
            for s in &mut f.body {
                mark_all_stmt(s);
            }
        }
        return;
    }
    let mut objects = initial_objects(module);
    if objects.is_empty() && !module.structs.iter().any(|s| s.fields.iter().any(|f| f.precise)) {
        return;
    }
    // Fixed point over the slice's objects.
    loop {
        let before = objects.len();
        for (i, f) in module.functions.iter().enumerate() {
            let cx = Cx { module, func: FuncId(i as u32) };
            for s in &f.body {
                cx.sites_stmt(s, &mut |site| match site {
                    Site::Value { dest, value } => {
                        if cx.is_precise(&dest, &objects) {
                            cx.reads(value, &mut objects);
                        }
                    }
                    Site::Link { dest, source } => {
                        if cx.is_precise(&dest, &objects) {
                            objects.insert(source);
                        }
                    }
                });
            }
        }
        if objects.len() == before {
            break;
        }
    }
    // Mark the values of the precise assignments. The bodies are taken out of the module so
    // that the rest of it (signatures, types) can be read while they change.
    let mut bodies: Vec<Vec<tir::Stmt>> = module.functions.iter_mut().map(|f| std::mem::take(&mut f.body)).collect();
    for (i, body) in bodies.iter_mut().enumerate() {
        let cx = Cx { module, func: FuncId(i as u32) };
        for s in body.iter_mut() {
            cx.mark_stmt(s, &objects);
        }
    }
    for (f, body) in module.functions.iter_mut().zip(bodies) {
        f.body = body;
    }
}

/// Something a value is stored into.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Object {
    root: Root,
    fields: Vec<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Root {
    Local(FuncId, tir::LocalId),
    Param(FuncId, tir::ParamId),
    Global(tir::GlobalId),
    Return(FuncId),
}

/// An assignment site: `dest = value`, or a copy between objects (`dest = source`).
enum Site<'a> {
    Value { dest: Dest, value: &'a tir::Expr },
    Link { dest: Dest, source: Object },
}

/// The destination of an assignment: an object, and whether its place goes through a
/// `precise` struct field.
#[derive(Clone, Debug)]
struct Dest {
    object: Option<Object>,
    through_precise_field: bool,
}

fn initial_objects(module: &Module) -> HashSet<Object> {
    let mut out = HashSet::new();
    for (i, f) in module.functions.iter().enumerate() {
        let fid = FuncId(i as u32);
        if f.ret_precise {
            out.insert(Object { root: Root::Return(fid), fields: vec![] });
        }
        for (k, p) in f.params.iter().enumerate() {
            if p.precise {
                out.insert(Object { root: Root::Param(fid, tir::ParamId(k as u32)), fields: vec![] });
            }
        }
        for (k, l) in f.locals.iter().enumerate() {
            if l.precise {
                out.insert(Object { root: Root::Local(fid, tir::LocalId(k as u32)), fields: vec![] });
            }
        }
    }
    for (i, g) in module.globals.iter().enumerate() {
        if g.precise {
            out.insert(Object { root: Root::Global(tir::GlobalId(i as u32)), fields: vec![] });
        }
    }
    out
}

struct Cx<'m> {
    module: &'m Module,
    func: FuncId,
}

impl Cx<'_> {
    fn is_precise(&self, d: &Dest, objects: &HashSet<Object>) -> bool {
        if d.through_precise_field {
            return true;
        }
        let Some(o) = &d.object else { return false };
        objects.iter().any(|p| p.root == o.root && (p.fields.starts_with(&o.fields) || o.fields.starts_with(&p.fields)))
    }

    /// The destination of a place.
    fn dest(&self, p: &tir::Place) -> Dest {
        let root = match &p.root {
            PlaceRoot::Local(l) => Some(Root::Local(self.func, *l)),
            PlaceRoot::Param(k) => Some(Root::Param(self.func, *k)),
            PlaceRoot::Global(g) => Some(Root::Global(*g)),
            // Buffer elements and texels are memory, not variables: their precision is that of
            // their declaration (a precise struct field), not propagated.
            PlaceRoot::BufferElement { .. } | PlaceRoot::Texel { .. } | PlaceRoot::Pointee { .. } => None,
        };
        let mut fields = Vec::new();
        let mut through_precise_field = self.type_has_precise_field(p.ty);
        let mut ty = self.root_type(&p.root);
        for proj in &p.projections {
            match proj {
                Projection::Field(i) => {
                    if let Some(TypeInner::Struct(st)) = ty.map(|t| *self.module.types.get(t)) {
                        let field = &self.module.struct_def(st).fields[*i as usize];
                        through_precise_field |= field.precise;
                        ty = Some(field.ty);
                    } else {
                        ty = None;
                    }
                    fields.push(*i);
                }
                Projection::Index(_) => {
                    ty = ty.and_then(|t| match *self.module.types.get(t) {
                        TypeInner::Array { base, .. } => Some(base),
                        _ => None,
                    });
                }
                Projection::Swizzle(_) | Projection::MatrixElements(_) | Projection::BitField { .. } => {}
            }
        }
        Dest { object: root.map(|root| Object { root, fields }), through_precise_field }
    }

    fn root_type(&self, r: &PlaceRoot) -> Option<crate::ty::TypeId> {
        let f = self.module.function(self.func);
        match r {
            PlaceRoot::Local(l) => f.locals.get(l.0 as usize).map(|x| x.ty),
            PlaceRoot::Param(k) => f.params.get(k.0 as usize).map(|x| x.ty),
            PlaceRoot::Global(g) => Some(self.module.global(*g).ty),
            PlaceRoot::BufferElement { resource, .. } | PlaceRoot::Texel { resource, .. } => match *self.module.types.get(resource.ty) {
                TypeInner::Resource(_) => None,
                _ => None,
            },
            PlaceRoot::Pointee { .. } => None,
        }
    }

    /// Whether a type is (or contains) a struct with a `precise` field.
    fn type_has_precise_field(&self, t: crate::ty::TypeId) -> bool {
        self.has_precise_field(t, 0)
    }

    fn has_precise_field(&self, t: crate::ty::TypeId, depth: u32) -> bool {
        if depth > 64 {
            return false;
        }
        match *self.module.types.get(t) {
            TypeInner::Struct(st) => self.module.struct_def(st).fields.iter().any(|f| f.precise || self.has_precise_field(f.ty, depth + 1)),
            TypeInner::Array { base, .. } => self.has_precise_field(base, depth + 1),
            _ => false,
        }
    }

    fn param_dest(&self, callee: FuncId, index: usize) -> Dest {
        let p = self.module.function(callee).params.get(index);
        Dest {
            object: Some(Object { root: Root::Param(callee, tir::ParamId(index as u32)), fields: vec![] }),
            through_precise_field: p.is_some_and(|p| self.type_has_precise_field(p.ty)),
        }
    }

    /// Calls `f` on every assignment site of a statement.
    fn sites_stmt<'a>(&self, s: &'a tir::Stmt, f: &mut dyn FnMut(Site<'a>)) {
        match &s.kind {
            StmtKind::Expr(e) => self.sites_expr(e, f),
            StmtKind::Init { local, value } => {
                let ty = self.module.function(self.func).locals.get(local.0 as usize).map(|l| l.ty);
                let dest = Dest {
                    object: Some(Object { root: Root::Local(self.func, *local), fields: vec![] }),
                    through_precise_field: ty.is_some_and(|t| self.type_has_precise_field(t)),
                };
                f(Site::Value { dest, value });
                self.sites_expr(value, f);
            }
            StmtKind::Block(b) => b.iter().for_each(|s| self.sites_stmt(s, f)),
            StmtKind::If { cond, accept, reject } => {
                self.sites_expr(cond, f);
                accept.iter().chain(reject).for_each(|s| self.sites_stmt(s, f));
            }
            StmtKind::Loop { cond, body, step, .. } => {
                if let Some(c) = cond {
                    self.sites_expr(c, f);
                }
                body.iter().chain(step).for_each(|s| self.sites_stmt(s, f));
            }
            StmtKind::Switch { selector, cases } => {
                self.sites_expr(selector, f);
                cases.iter().flat_map(|c| &c.body).for_each(|s| self.sites_stmt(s, f));
            }
            StmtKind::Return(Some(e)) => {
                let ret = self.module.function(self.func).ret;
                f(Site::Value { dest: Dest { object: Some(Object { root: Root::Return(self.func), fields: vec![] }), through_precise_field: self.type_has_precise_field(ret) }, value: e });
                self.sites_expr(e, f);
            }
            StmtKind::Return(None) | StmtKind::Break | StmtKind::Continue | StmtKind::Discard => {}
        }
    }

    fn sites_expr<'a>(&self, e: &'a tir::Expr, f: &mut dyn FnMut(Site<'a>)) {
        tir::visit::walk_expr(e, &mut |x: &'a tir::Expr| match &x.kind {
            ExprKind::Assign { place, value, .. } => f(Site::Value { dest: self.dest(place), value }),
            ExprKind::Call { function, args } => {
                for (i, a) in args.iter().enumerate() {
                    let param = Object { root: Root::Param(*function, tir::ParamId(i as u32)), fields: vec![] };
                    match a {
                        Arg::Value(v) => f(Site::Value { dest: self.param_dest(*function, i), value: v }),
                        Arg::Out(p) => f(Site::Link { dest: self.dest(p), source: param }),
                        Arg::InOut(p) => {
                            f(Site::Link { dest: self.dest(p), source: param.clone() });
                            if let Some(o) = self.dest(p).object {
                                f(Site::Link { dest: self.param_dest(*function, i), source: o });
                            }
                        }
                    }
                }
            }
            ExprKind::Intrinsic { args, .. } => {
                // `modf(x, out ip)`, `sincos(x, out s, out c)`: the out place gets a value
                // computed from the value arguments.
                for a in args {
                    if let Arg::Out(p) | Arg::InOut(p) = a {
                        for v in args {
                            if let Arg::Value(v) = v {
                                f(Site::Value { dest: self.dest(p), value: v });
                            }
                        }
                    }
                }
            }
            _ => {}
        });
    }

    /// Adds the objects a precise value reads (through its slice) to `objects`.
    fn reads(&self, e: &tir::Expr, objects: &mut HashSet<Object>) {
        slice_walk(e, &mut |x| match &x.kind {
            ExprKind::Load(p) => {
                if let Some(o) = self.dest(p).object {
                    objects.insert(o);
                }
            }
            ExprKind::Call { function, .. } => {
                objects.insert(Object { root: Root::Return(*function), fields: vec![] });
            }
            _ => {}
        });
    }

    /// Marks the values of the precise sites of a statement.
    fn mark_stmt(&self, s: &mut tir::Stmt, objects: &HashSet<Object>) {
        match &mut s.kind {
            StmtKind::Expr(e) => self.mark_sites(e, objects),
            StmtKind::Init { local, value } => {
                let ty = self.module.function(self.func).locals.get(local.0 as usize).map(|l| l.ty);
                let dest = Dest {
                    object: Some(Object { root: Root::Local(self.func, *local), fields: vec![] }),
                    through_precise_field: ty.is_some_and(|t| self.type_has_precise_field(t)),
                };
                if self.is_precise(&dest, objects) {
                    mark_value(value);
                }
                self.mark_sites(value, objects);
            }
            StmtKind::Block(b) => b.iter_mut().for_each(|s| self.mark_stmt(s, objects)),
            StmtKind::If { cond, accept, reject } => {
                self.mark_sites(cond, objects);
                accept.iter_mut().chain(reject.iter_mut()).for_each(|s| self.mark_stmt(s, objects));
            }
            StmtKind::Loop { cond, body, step, .. } => {
                if let Some(c) = cond {
                    self.mark_sites(c, objects);
                }
                body.iter_mut().chain(step.iter_mut()).for_each(|s| self.mark_stmt(s, objects));
            }
            StmtKind::Switch { selector, cases } => {
                self.mark_sites(selector, objects);
                cases.iter_mut().flat_map(|c| c.body.iter_mut()).for_each(|s| self.mark_stmt(s, objects));
            }
            StmtKind::Return(Some(e)) => {
                let ret = self.module.function(self.func).ret;
                let dest = Dest { object: Some(Object { root: Root::Return(self.func), fields: vec![] }), through_precise_field: self.type_has_precise_field(ret) };
                if self.is_precise(&dest, objects) {
                    mark_value(e);
                }
                self.mark_sites(e, objects);
            }
            StmtKind::Return(None) | StmtKind::Break | StmtKind::Continue | StmtKind::Discard => {}
        }
    }

    /// Marks the values of the precise sites inside an expression (assignments, arguments).
    fn mark_sites(&self, e: &mut tir::Expr, objects: &HashSet<Object>) {
        match &mut e.kind {
            ExprKind::Assign { place, value, .. } if self.is_precise(&self.dest(place), objects) => mark_value(value),
            ExprKind::Call { function, args } => {
                for (i, a) in args.iter_mut().enumerate() {
                    if let Arg::Value(v) = a {
                        if self.is_precise(&self.param_dest(*function, i), objects) {
                            mark_value(v);
                        }
                    }
                }
            }
            ExprKind::Intrinsic { args, .. } => {
                let out_precise = args.iter().any(|a| matches!(a, Arg::Out(p) | Arg::InOut(p) if self.is_precise(&self.dest(p), objects)));
                if out_precise {
                    for a in args.iter_mut() {
                        if let Arg::Value(v) = a {
                            mark_value(v);
                        }
                    }
                    e.precise = true;
                }
            }
            _ => {}
        }
        for c in e.children_mut() {
            self.mark_sites(c, objects);
        }
    }
}

/// Walks the value slice of an expression: everything but address computations (indices,
/// resource coordinates) and conditions.
fn slice_walk(e: &tir::Expr, f: &mut dyn FnMut(&tir::Expr)) {
    f(e);
    match &e.kind {
        ExprKind::Const(_) | ExprKind::Zero | ExprKind::PlaceValue | ExprKind::Load(_) | ExprKind::Method { .. } => {}
        ExprKind::Unary { expr, .. }
        | ExprKind::Convert(expr)
        | ExprKind::Bitcast(expr)
        | ExprKind::Splat(expr)
        | ExprKind::Truncate(expr)
        | ExprKind::Swizzle { expr, .. }
        | ExprKind::MatrixElements { expr, .. }
        | ExprKind::Field { base: expr, .. } => slice_walk(expr, f),
        ExprKind::Binary { operands, .. } => {
            let [lhs, rhs] = &**operands;
            slice_walk(lhs, f);
            slice_walk(rhs, f);
        }
        ExprKind::Select { accept, reject, .. } => {
            slice_walk(accept, f);
            slice_walk(reject, f);
        }
        ExprKind::Index { base, .. } => slice_walk(base, f),
        ExprKind::Construct(parts) => parts.iter().for_each(|p| slice_walk(p, f)),
        ExprKind::Sequence(parts) => {
            if let Some(last) = parts.last() {
                slice_walk(last, f);
            }
        }
        // Arguments copied into the callee's parameters are sites of their own.
        ExprKind::Call { .. } => {}
        ExprKind::Intrinsic { args, .. } => {
            for a in args {
                if let Arg::Value(v) = a {
                    slice_walk(v, f);
                }
            }
        }
        ExprKind::Assign { value, .. } => slice_walk(value, f),
    }
}

fn mark_value(e: &mut tir::Expr) {
    e.precise = true;
    match &mut e.kind {
        ExprKind::Const(_) | ExprKind::Zero | ExprKind::PlaceValue | ExprKind::Load(_) | ExprKind::Method { .. } | ExprKind::Call { .. } => {}
        ExprKind::Unary { expr, .. }
        | ExprKind::Convert(expr)
        | ExprKind::Bitcast(expr)
        | ExprKind::Splat(expr)
        | ExprKind::Truncate(expr)
        | ExprKind::Swizzle { expr, .. }
        | ExprKind::MatrixElements { expr, .. }
        | ExprKind::Field { base: expr, .. } => mark_value(expr),
        ExprKind::Binary { operands, .. } => {
            let [lhs, rhs] = &mut **operands;
            mark_value(lhs);
            mark_value(rhs);
        }
        ExprKind::Select { accept, reject, .. } => {
            mark_value(accept);
            mark_value(reject);
        }
        ExprKind::Index { base, .. } => mark_value(base),
        ExprKind::Construct(parts) => parts.iter_mut().for_each(mark_value),
        ExprKind::Sequence(parts) => {
            if let Some(last) = parts.last_mut() {
                mark_value(last);
            }
        }
        ExprKind::Intrinsic { args, .. } => {
            for a in args {
                if let Arg::Value(v) = a {
                    mark_value(v);
                }
            }
        }
        ExprKind::Assign { value, .. } => mark_value(value),
    }
}

fn mark_all_stmt(s: &mut tir::Stmt) {
    tir::visit::walk_stmt_mut(s, &mut |e| e.precise = true);
}
