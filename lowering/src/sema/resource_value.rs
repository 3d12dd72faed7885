//! Resource values: resources as compile-time handles (DXC's "legalization").
//!
//! HLSL lets resource objects (`Texture2D`, `SamplerState`, `RWStructuredBuffer<T>` …) flow
//! like values: local and `static` resource variables, local arrays of resources with
//! initializer lists, assignments, `?:`, functions that take or return resources. DXC accepts
//! such code when, after inlining and constant propagation, every use names one global
//! resource. WGSL and naga IR name a resource only through its global variable, so hlslc does
//! that resolution in sema: a resource-typed variable is a [`ResValue`] — the global resource
//! place it denotes (or one per element for local arrays) — tracked through straight-line code
//! and through branches whose condition folds to a constant. Where run-time control flow joins
//! different resources the variable becomes a [`ResValue::Conflict`], and only a *use* of it is
//! an error (E0707, at the use, with notes at the assignments), as DXC reports legalization
//! failures only for values that reach a use. A use before any assignment behind a branch
//! hlslc cannot fold is only a warning (W0703): DXC accepts it only where its optimiser proves
//! the branch dead, so the use stands for any global resource of its type. Different elements of one global resource array
//! are no conflict: as DXC turns a phi of handles of one range into a phi of indices, each
//! assignment of an element also stores its index into a hidden `uint` local of the variable
//! ([`Analyzer::mirror_index`]), and the join is the array indexed by that local (the `return`s
//! of a function returning a resource likewise, [`index_returns`]); the hidden locals no join
//! reads are removed with their stores when the function ends ([`drop_unread_slots`]).
//!
//! Calls are resolved by `call.rs`: a function with resource parameters, or returning a
//! resource, is analysed once per distinct set of resource arguments, and a call of a
//! function returning a resource denotes the resource its `return` statements agree on.

use super::scope::Symbol;
use super::Analyzer;
use crate::tir::{Expr, ExprKind, Place, PlaceRoot, Projection};
use crate::ty::{TypeId, TypeInner};
use hlslc_grammar::ast;
use hlslc_grammar::Span;

/// What a resource-typed variable denotes at compile time.
#[derive(Clone, Debug)]
pub(crate) enum ResValue {
    /// A global resource, or an element of a global resource array.
    Place(Place),
    /// A local array of resources: one value per element.
    Array(Vec<ResValue>),
    /// Declared without an initializer and not assigned yet (the declaration's span).
    Unset(Span),
    /// Different resources reach this point along run-time paths (the two assignments).
    Conflict(Span, Span),
    /// A struct with resource members: one value per member, in declaration order. The
    /// struct is split: its data members are [`ResValue::Data`].
    Struct(Vec<ResValue>),
    /// A data member of a split struct: the variable holding it.
    Data(Place),
}

/// A global-scope `static` resource variable used before any analysed code assigned it: its
/// declaration, name, placeholder global and uses (see `Analyzer::defer_static_use`).
#[derive(Clone, Debug)]
pub(crate) struct DeferredStatic {
    pub decl: Span,
    pub name: String,
    pub placeholder: crate::tir::GlobalId,
    pub uses: Vec<(crate::tir::FuncId, Span)>,
}

/// A resource variable: its value, type, and where it was last assigned (for notes).
#[derive(Clone, Debug)]
pub(crate) struct ResBinding {
    pub value: ResValue,
    pub ty: TypeId,
    pub assigned: Span,
    /// For a local resource variable holding an element of a global resource array: the
    /// hidden `uint` local that holds that element's index on every path since its last
    /// assignment (see [`Analyzer::mirror_index`]), so that paths choosing different
    /// elements can join into the array indexed by it.
    pub slot: Option<crate::tir::LocalId>,
}

/// The resource variables of the function scopes at one point: (scope index, name, binding).
pub(crate) type AliasState = Vec<(usize, String, ResBinding)>;

impl ResValue {
    /// Whether `next` only gives values to parts of `self` that are unset (a `static` struct
    /// of resources assigned member by member) and keeps the rest.
    pub(crate) fn refined_by(&self, next: &ResValue) -> bool {
        match (self, next) {
            (ResValue::Unset(_), _) => true,
            (ResValue::Struct(a), ResValue::Struct(b)) | (ResValue::Array(a), ResValue::Array(b)) => a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.refined_by(y)),
            _ => self.same(next),
        }
    }

    /// A key naming the resources of a value (data members are run-time values and do not
    /// count), for caching specialisations.
    pub fn key(&self) -> String {
        match self {
            ResValue::Place(p) => {
                // Run-time indices are parameters of the specialisation.
                let mut p = p.clone();
                for proj in p.projections.iter_mut() {
                    if let Projection::Index(e) = proj {
                        if !matches!(e.kind, ExprKind::Const(_)) {
                            e.kind = ExprKind::Zero;
                        }
                    }
                }
                place_key(&p)
            }
            ResValue::Array(items) => format!("[{}]", items.iter().map(ResValue::key).collect::<Vec<_>>().join(",")),
            ResValue::Struct(items) => format!("{{{}}}", items.iter().map(ResValue::key).collect::<Vec<_>>().join(",")),
            ResValue::Data(_) => "d".into(),
            ResValue::Unset(_) | ResValue::Conflict(..) => "?".into(),
        }
    }

    /// The data members of a split struct, in order.
    pub fn data_places(&self, out: &mut Vec<Place>) {
        match self {
            ResValue::Data(p) => out.push(p.clone()),
            ResValue::Array(items) | ResValue::Struct(items) => items.iter().for_each(|i| i.data_places(out)),
            _ => {}
        }
    }

    /// The global resource places of the value (its own, or its members' and elements'),
    /// in order.
    pub fn resource_places_mut(&mut self) -> Vec<&mut Place> {
        match self {
            ResValue::Place(p) => vec![p],
            ResValue::Array(items) | ResValue::Struct(items) => items.iter_mut().flat_map(|i| i.resource_places_mut()).collect(),
            _ => Vec::new(),
        }
    }

    /// The run-time indices of the value's resource places, in the order of
    /// [`ResValue::resource_places_mut`].
    pub fn dynamic_indices(&self) -> Vec<crate::tir::Expr> {
        match self {
            ResValue::Place(p) => super::call::dynamic_indices(p),
            ResValue::Array(items) | ResValue::Struct(items) => items.iter().flat_map(|i| i.dynamic_indices()).collect(),
            _ => Vec::new(),
        }
    }

    /// The same value with its data members replaced, in order, by `places`.
    pub fn with_data(&self, places: &mut impl Iterator<Item = Place>) -> ResValue {
        match self {
            ResValue::Data(p) => ResValue::Data(places.next().unwrap_or_else(|| p.clone())),
            ResValue::Array(items) => ResValue::Array(items.iter().map(|i| i.with_data(places)).collect()),
            ResValue::Struct(items) => ResValue::Struct(items.iter().map(|i| i.with_data(places)).collect()),
            other => other.clone(),
        }
    }

    /// Equal values denote the same resources.
    pub fn same(&self, other: &ResValue) -> bool {
        match (self, other) {
            (ResValue::Place(a), ResValue::Place(b)) => place_key(a) == place_key(b),
            (ResValue::Array(a), ResValue::Array(b)) => a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same(y)),
            (ResValue::Unset(_), ResValue::Unset(_)) => true,
            (ResValue::Struct(a), ResValue::Struct(b)) => a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same(y)),
            (ResValue::Data(a), ResValue::Data(b)) => place_key(a) == place_key(b),
            _ => false,
        }
    }
}

/// A textual key of a place (for comparing places and caching specialisations).
pub(crate) fn place_key(p: &Place) -> String {
    let mut s = match &p.root {
        PlaceRoot::Global(g) => format!("g{}", g.0),
        other => format!("{other:?}"),
    };
    for proj in &p.projections {
        match proj {
            Projection::Index(e) => match &e.kind {
                ExprKind::Const(c) => s.push_str(&format!("[{c:?}]")),
                _ => s.push_str(&format!("[{:?}]", e.kind)),
            },
            Projection::Field(f) => s.push_str(&format!(".{f}")),
            other => s.push_str(&format!("{other:?}")),
        }
    }
    s
}

impl Analyzer<'_> {
    /// The resource value of an expression of resource type `ty` (a declaration's initializer,
    /// the right side of an assignment, a `return` value).
    pub fn resource_value(&mut self, e: &ast::Expr, ty: TypeId) -> Option<ResValue> {
        if let Some(v) = self.heap_value(e, ty) {
            return v.map(ResValue::Place);
        }
        if let ast::ExprKind::InitList(_) = &e.kind {
            let mut leaves = Vec::new();
            self.resource_leaves(e, &mut leaves)?;
            let count = leaves.len();
            // `Texture2D ts[] = { a, b };`: the list gives the size.
            let ty = match *self.module.types.get(ty) {
                TypeInner::Array { base, size: None } => {
                    let per = self.resource_leaf_count(base).max(1);
                    self.module.types.array(base, Some((count / per) as u32))
                }
                _ => ty,
            };
            let mut it = leaves.into_iter();
            let value = self.shape_resources(ty, &mut it, e.span)?;
            if it.next().is_some() {
                self.error("E0420", e.span, format!("too many initializers for `{}`: {count} resources", self.type_name(ty)));
                return None;
            }
            return Some(value);
        }
        if let Some(r) = self.alias_expr(e) {
            let b = r?;
            if b.ty != ty && !self.resource_compatible_types(b.ty, ty) {
                self.error("E0421", e.span, format!("cannot convert from `{}` to `{}`", self.type_name(b.ty), self.type_name(ty)));
                return None;
            }
            return match &b.value {
                ResValue::Unset(_) | ResValue::Conflict(..) => self.resolve_binding(&b, e).map(ResValue::Place),
                v => Some(v.clone()),
            };
        }
        let outer = self.value_call.replace(e.span);
        let op = self.operand(e);
        self.value_call = outer;
        let op = op?;
        if let Some(v) = self.value_arg(&op) {
            if op.ty != ty {
                self.error("E0421", e.span, format!("cannot convert from `{}` to `{}`", self.type_name(op.ty), self.type_name(ty)));
                return None;
            }
            return Some(v);
        }
        self.alias_place(op, ty, e.span).map(ResValue::Place)
    }

    /// The type of a variable declared as `ty` with value `v` (an unsized array takes the
    /// size of its initializer list).
    pub fn sized_resource_type(&mut self, ty: TypeId, v: &ResValue) -> TypeId {
        match (*self.module.types.get(ty), v) {
            (TypeInner::Array { base, size: None }, ResValue::Array(items)) => self.module.types.array(base, Some(items.len() as u32)),
            _ => ty,
        }
    }

    fn resource_leaf_count(&self, ty: TypeId) -> usize {
        match *self.module.types.get(ty) {
            TypeInner::Array { base, size } => size.unwrap_or(0) as usize * self.resource_leaf_count(base),
            _ => 1,
        }
    }

    /// The resource variable (or a constant element or member of one) an expression names,
    /// with the value there: `None` if `e` does not name one, `Some(None)` after an error.
    pub(crate) fn alias_expr(&mut self, e: &ast::Expr) -> Option<Option<ResBinding>> {
        if let Some(b) = self.elements_of_one_array(e) {
            return Some(Some(b));
        }
        let (name, path, span) = match self.alias_target(e)? {
            Some(t) => t,
            None => return Some(None),
        };
        let b = self.lookup_binding(&name)?;
        match self.value_at(&b, &path) {
            Some(v) => Some(Some(v)),
            None => {
                self.error("E0418", span, "array index is out of bounds");
                Some(None)
            }
        }
    }

    /// `local[i]` with `i` known only at run time, where every element of the local array is
    /// an element of one global resource array chosen by a constant (`a[0] = g[2]; a[1] =
    /// g[0];`): the global array indexed by the constant the run-time index selects
    /// (`g[i == 0 ? 2 : 0]`), the index evaluated once into a hidden local, as DXC maps such
    /// a local array onto the global one. `None` for anything else.
    fn elements_of_one_array(&mut self, e: &ast::Expr) -> Option<ResBinding> {
        let ast::ExprKind::Index { base, index } = &e.kind else { return None };
        if self.func.as_ref().is_none_or(|f| f.hoist_blocked > 0) {
            return None;
        }
        let n = self.diags.len();
        let target = self.alias_target(base);
        let constant = self.const_int_known(index);
        self.end_probe(n, e.span);
        let (name, path, _) = target??;
        if constant.is_some() {
            return None;
        }
        let b = self.value_at(&self.lookup_binding(&name)?, &path)?;
        let (ResValue::Array(items), TypeInner::Array { base: elem, .. }) = (&b.value, *self.module.types.get(b.ty)) else { return None };
        let places: Vec<&Place> = items.iter().map(|v| if let ResValue::Place(p) = v { Some(p) } else { None }).collect::<Option<_>>()?;
        let first = places.first()?;
        let (Projection::Index(_), prefix) = first.projections.split_last()? else { return None };
        let prefix_key = place_key(&Place { projections: prefix.to_vec().into(), ..(*first).clone() });
        let mut constants = Vec::new();
        for p in &places {
            let (Some(Projection::Index(k)), rest) = (p.projections.last(), &p.projections[..p.projections.len() - 1]) else { return None };
            let ExprKind::Const(c) = &k.kind else { return None };
            if place_key(&Place { projections: rest.to_vec().into(), ..(*p).clone() }) != prefix_key {
                return None;
            }
            constants.push(super::fold::as_i64(c));
        }
        // The run-time index, once, into a hidden local.
        let uint = self.module.types.scalar(crate::ty::Scalar::U32);
        let op = self.operand(index)?;
        let value = self.convert_implicit(op, uint, index.span)?;
        let local = self.temp_local(uint, index.span);
        self.func.as_mut()?.pending.push(crate::tir::Stmt { kind: crate::tir::StmtKind::Init { local, value }, span: index.span });
        let read = || crate::tir::Expr::new(ExprKind::Load(Box::new(Place { root: PlaceRoot::Local(local), projections: Default::default(), ty: uint, span: index.span })), uint, index.span);
        let bool_ty = self.module.types.scalar(crate::ty::Scalar::BOOL);
        let konst = |k: i64| crate::tir::Expr::new(ExprKind::Const(crate::tir::ConstValue::Uint(k as u64)), uint, index.span);
        let mut chosen = konst(*constants.last()?);
        for (i, &k) in constants.iter().enumerate().rev().skip(1) {
            let cond = crate::tir::Expr::new(ExprKind::binary(crate::tir::BinaryOp::Eq, read(), konst(i as i64)), bool_ty, index.span);
            chosen = crate::tir::Expr::new(ExprKind::Select { cond: Box::new(cond), accept: Box::new(konst(k)), reject: Box::new(chosen), short_circuit: false }, uint, index.span);
        }
        let mut place = (*first).clone();
        place.projections.pop();
        place.projections.push(Projection::Index(Box::new(chosen)));
        place.span = e.span;
        Some(ResBinding { value: ResValue::Place(place), ty: elem, assigned: b.assigned, slot: None })
    }

    /// The part of a variable's value at `path` (element indices and member indices).
    pub(crate) fn value_at(&self, b: &ResBinding, path: &[usize]) -> Option<ResBinding> {
        let mut b = b.clone();
        for &k in path {
            let (item, ty) = match (&b.value, *self.module.types.get(b.ty)) {
                (ResValue::Array(items), TypeInner::Array { base, .. }) => (items.get(k)?.clone(), base),
                (ResValue::Struct(items), TypeInner::Struct(st)) => (items.get(k)?.clone(), self.module.structs[st.0 as usize].fields.get(k)?.ty),
                _ => return None,
            };
            b = ResBinding { value: item, ty, assigned: b.assigned, slot: None };
        }
        Some(b)
    }

    /// A resource variable, or one of its elements or members chosen by constant indices and
    /// member names: (name, path, span). `None` if `e` does not name a resource variable (or
    /// names a data member or an element of a global resource array through one, which are
    /// ordinary places); `Some(None)` after an error (an index that is not a constant).
    pub(crate) fn alias_target(&mut self, e: &ast::Expr) -> Option<Option<(String, Vec<usize>, Span)>> {
        match &e.kind {
            // (No resource variable declared yet: no name is one.)
            ast::ExprKind::Name(_) | ast::ExprKind::This if !self.any_alias => None,
            ast::ExprKind::Name(path) if path.segments.len() == 1 && path.segments[0].template_args.is_none() => {
                let name = &path.segments[0].ident.name;
                match self.lookup(name) {
                    Some(Symbol::Alias(_)) => Some(Some((name.as_str().to_owned(), Vec::new(), e.span))),
                    _ => None,
                }
            }
            ast::ExprKind::This => match self.lookup(super::call::THIS_ALIAS) {
                Some(Symbol::Alias(_)) => Some(Some((super::call::THIS_ALIAS.to_string(), Vec::new(), e.span))),
                _ => None,
            },
            ast::ExprKind::Index { base, index } => {
                let (name, mut path, _) = match self.alias_target(base)? {
                    Some(t) => t,
                    None => return Some(None),
                };
                let b = self.lookup_binding(&name)?;
                let here = self.value_at(&b, &path)?;
                if !matches!(here.value, ResValue::Array(_)) {
                    return None;
                }
                match self.const_int_known(index) {
                    Some(k) if k >= 0 => {
                        path.push(k as usize);
                        Some(Some((name, path, e.span)))
                    }
                    _ => {
                        self.error("E0707", index.span, format!("the local array `{name}` of resources is indexed by a value known only at run time"))
                            .note("WGSL and naga IR name a resource only through its global variable, so each use must resolve to one resource at compile time, as DXC's legalization requires")
                            .help("index a global resource array instead (a binding array), or use a constant index");
                        Some(None)
                    }
                }
            }
            ast::ExprKind::Member { base, member, template_args: None, qualifier: None } => {
                let (name, mut path, _) = match self.alias_target(base)? {
                    Some(t) => t,
                    None => return Some(None),
                };
                let b = self.lookup_binding(&name)?;
                let here = self.value_at(&b, &path)?;
                let (ResValue::Struct(_), TypeInner::Struct(st)) = (&here.value, *self.module.types.get(here.ty)) else { return None };
                let k = *self.struct_infos[st.0 as usize].fields.get(member.name.as_str())?;
                path.push(k as usize);
                Some(Some((name, path, e.span)))
            }
            _ => None,
        }
    }

    /// The binding of a resource variable visible here.
    pub(crate) fn lookup_binding(&self, name: &str) -> Option<ResBinding> {
        match self.lookup(name) {
            Some(Symbol::Alias(b)) => Some(b),
            _ => None,
        }
    }

    /// The global resource a use of a resource variable denotes, or an error saying why
    /// there is none.
    pub(crate) fn resolve_binding(&mut self, b: &ResBinding, e: &ast::Expr) -> Option<Place> {
        let what = match &e.kind {
            ast::ExprKind::Name(p) => format!("resource variable `{}`", super::types::path_text(p)),
            _ => "this resource".to_string(),
        };
        self.resolve_use(b, &what, e.span)
    }

    /// The global resource a use of `what` denotes (see [`Analyzer::resolve_binding`]).
    pub(crate) fn resolve_use(&mut self, b: &ResBinding, what: &str, span: Span) -> Option<Place> {
        match &b.value {
            ResValue::Place(p) => {
                let mut p = p.clone();
                p.span = span;
                Some(p)
            }
            ResValue::Unset(decl) if self.func.is_some() && self.global_static_resources.contains_key(decl) && self.module.types.is_resource_like(b.ty) && !matches!(self.module.types.get(b.ty), TypeInner::Array { .. } | TypeInner::Struct(_)) => {
                Some(self.defer_static_use(*decl, b.ty, span))
            }
            ResValue::Unset(decl) => {
                // DXC accepts a use of an unassigned resource only where its optimiser proves
                // that the use never runs (a branch on a member that inlining makes constant,
                // say), so such a use in code behind a branch hlslc cannot fold stands for any
                // global resource of its type; in code a constant condition skips, silently.
                let (dead, dynamic) = self.func.as_ref().map_or((false, false), |f| (f.dead_depth > 0, f.flow_depth > 0));
                if let (true, Some(global)) = (dead || dynamic, self.stand_in_resource(b.ty)) {
                    if !dead {
                        let stand_in = self.module.globals[global.0 as usize].name.clone();
                        self.warning("W0703", "resource-assumed-unreached", span, format!("{what} may be used before it is assigned a resource; hlslc assumes that this use never runs, as DXC accepts it only then"))
                            .related(*decl, "declared here without an initializer")
                            .note(format!("the use stands for `{stand_in}`, the first global resource of its type"))
                            .help("assign it a global resource on every path to this use");
                    }
                    return Some(Place { root: PlaceRoot::Global(global), projections: Default::default(), ty: b.ty, span });
                }
                self.error("E0707", span, format!("{what} is used before it is assigned a resource"))
                    .related(*decl, "declared here without an initializer")
                    .help("assign it a global resource before this use");
                None
            }
            ResValue::Conflict(a, c) => {
                self.error("E0707", span, format!("{what} holds different resources depending on run-time control flow"))
                    .related(*a, "assigned here")
                    .related(*c, "and here")
                    .note("WGSL and naga IR name a resource only through its global variable, so each use must resolve to one resource at compile time, as DXC's legalization requires")
                    .help("use the global resource inside each branch, or make the condition a compile-time constant");
                None
            }
            ResValue::Array(_) => {
                self.error("E0707", span, format!("{what} is a local array of resources and must be indexed by a constant here"))
                    .help("index it with a constant, or declare the array as a global resource array");
                None
            }
            ResValue::Struct(_) => {
                self.error("E0801", span, format!("{what} is a struct with resource members, which can only be used through its members, copied, or passed to a function"))
                    .help("use its members, e.g. `s.tex.Sample(s.smp, uv)`");
                None
            }
            ResValue::Data(p) => {
                let mut p = p.clone();
                p.span = span;
                Some(p)
            }
        }
    }

    /// The first global resource of type `ty`, for a use of an unassigned resource variable
    /// that never runs.
    fn stand_in_resource(&self, ty: TypeId) -> Option<crate::tir::GlobalId> {
        let at = self.module.globals.iter().position(|g| g.ty == ty && matches!(g.kind, crate::tir::GlobalKind::Resource { .. }))?;
        Some(crate::tir::GlobalId(at as u32))
    }

    /// Assigns `value` to a resource variable (or an element of one).
    pub(crate) fn assign_binding(&mut self, name: &str, path: &[usize], value: ResValue, span: Span) -> Option<()> {
        let dynamic = self.func.as_ref().map(|f| f.flow_depth).unwrap_or(0);
        let in_function = self.func.is_some();
        // Function-local variable: update the innermost scope holding it.
        if let Some(f) = self.func.as_mut() {
            let n = f.scopes.len();
            if let Some(i) = (0..n).rev().find(|&i| f.scopes[i].contains_key(name)) {
                if let Some(Symbol::Alias(b)) = f.scopes[i].get_mut(name) {
                    set_path(&mut b.value, path, value);
                    b.assigned = span;
                    b.slot = None;
                    f.alias_log.push((i, name.to_string(), true, span));
                    let (value, ty) = (b.value.clone(), b.ty);
                    let slot = if path.is_empty() { self.mirror_index(i, name, &value, ty, span, None) } else { None };
                    if let Some(f) = self.func.as_mut() {
                        if let Some(Symbol::Alias(b)) = f.scopes[i].get_mut(name) {
                            b.slot = slot;
                        }
                        f.alias_writes.push((i, name.to_string(), value, slot.is_some(), span));
                    }
                    return Some(());
                }
            }
        }
        // A `static` resource variable of the global scope: assigned once (or always the
        // same resource) in code that runs unconditionally, so every function sees it.
        let Some(Symbol::Alias(mut b)) = self.lookup(name) else { return None };
        let mut next = b.value.clone();
        set_path(&mut next, path, value);
        let consistent = b.value.refined_by(&next);
        if in_function && (dynamic > 0 || !consistent) {
            self.error("E0707", span, format!("the `static` resource variable `{name}` is assigned different resources"))
                .related(b.assigned, "assigned here before")
                .note("a `static` resource must denote one global resource in the whole program, as DXC's legalization requires")
                .help("assign it once, outside run-time branches and loops, or use a local resource variable");
            return None;
        }
        if in_function {
            self.keep_indices_in_statics(&mut next, span);
        }
        b.value = next;
        b.assigned = span;
        self.replace_global_binding(name, b);
        Some(())
    }

    /// A use of a global-scope `static` resource variable that no analysed code has assigned
    /// yet: a function defined before the one assigning it (the entry point, typically) reads
    /// it. The use is a placeholder global, replaced by the variable's final resource once the
    /// whole file is analysed ([`Analyzer::resolve_deferred_statics`]), as DXC inlines the
    /// functions into the entry point first.
    fn defer_static_use(&mut self, decl: Span, ty: TypeId, span: Span) -> Place {
        let function = self.func.as_ref().map(|f| f.id);
        let at = match self.deferred_statics.iter().position(|d| d.decl == decl) {
            Some(at) => at,
            None => {
                let name = self.global_static_resources.get(&decl).cloned().unwrap_or_default();
                let n = self.module.globals.len();
                self.module.globals.push(crate::tir::Global {
                    name: format!("$pending {name}"),
                    ty,
                    kind: crate::tir::GlobalKind::Resource { binding: Default::default() },
                    span: decl,
                    precise: false,
                    globally_coherent: false,
                });
                self.deferred_statics.push(DeferredStatic { decl, name, placeholder: crate::tir::GlobalId(n as u32), uses: Vec::new() });
                self.deferred_statics.len() - 1
            }
        };
        let d = &mut self.deferred_statics[at];
        d.uses.extend(function.map(|f| (f, span)));
        Place { root: PlaceRoot::Global(d.placeholder), projections: Default::default(), ty, span }
    }

    /// Replaces each placeholder of [`Analyzer::defer_static_use`] with the resource its
    /// variable holds at the end of the file; a variable never assigned, or assigned only
    /// after the use in the using function itself, is E0707 at each use, as before.
    pub(crate) fn resolve_deferred_statics(&mut self) {
        let deferred = std::mem::take(&mut self.deferred_statics);
        for d in deferred {
            let value = match self.lookup_binding(&d.name) {
                Some(ResBinding { value: ResValue::Place(p), assigned, .. }) => Some((p, assigned)),
                _ => None,
            };
            let same_function_later = |a: &Self, assigned: Span, f: crate::tir::FuncId, use_span: Span| {
                let fs = a.module.functions[f.0 as usize].span;
                fs.start <= assigned.start && assigned.end <= fs.end && use_span.start < assigned.start
            };
            let Some((target, _)) = value.filter(|(_, assigned)| !d.uses.iter().any(|&(f, s)| same_function_later(self, *assigned, f, s))) else {
                for &(_, span) in &d.uses {
                    self.error("E0707", span, format!("resource variable `{}` is used before it is assigned a resource", d.name))
                        .related(d.decl, "declared here without an initializer")
                        .help("assign it a global resource before this use");
                }
                continue;
            };
            let placeholder = d.placeholder;
            let mut rewrite = |p: &mut Place| {
                if matches!(p.root, PlaceRoot::Global(g) if g == placeholder) {
                    let mut projections = target.projections.clone();
                    projections.extend(std::mem::take(&mut p.projections).iter().cloned());
                    p.root = target.root.clone();
                    p.projections = projections;
                }
            };
            for f in &mut self.module.functions {
                for s in &mut f.body {
                    crate::tir::visit::walk_places_mut(s, &mut rewrite);
                }
            }
            // Nothing names the placeholder now: no resource to bind (or to check bindings of).
            self.module.globals[placeholder.0 as usize].kind = crate::tir::GlobalKind::Static { init: None, is_const: false };
        }
    }

    /// A `static` resource variable of the global scope denotes its resource in every
    /// function: an index its new value reads from the assigning function's locals or
    /// parameters (a run-time element of a descriptor heap or resource array, kept in a hidden
    /// local) is stored, where the assignment is, into a hidden `static uint` that every
    /// function reads instead (DXC inlines the functions, which reach the same value).
    fn keep_indices_in_statics(&mut self, value: &mut ResValue, span: Span) {
        match value {
            ResValue::Place(p) => {
                for proj in p.projections.iter_mut() {
                    let Projection::Index(idx) = proj else { continue };
                    if !super::call::reads_function_state(idx) {
                        continue;
                    }
                    let ty = idx.ty;
                    let name = format!("$static_index{}", self.module.globals.len());
                    let hidden = Place { root: PlaceRoot::Global(self.hidden_static(&name, ty, None, span)), projections: Default::default(), ty, span };
                    let index = std::mem::replace(idx.as_mut(), Expr::new(ExprKind::Load(Box::new(hidden.clone())), ty, span));
                    let store = Expr::new(ExprKind::Assign { place: Box::new(hidden), value: Box::new(index), returns_old: false }, ty, span);
                    if let Some(f) = self.func.as_mut() {
                        f.pending.push(crate::tir::Stmt { kind: crate::tir::StmtKind::Expr(store), span });
                    }
                }
            }
            ResValue::Array(items) | ResValue::Struct(items) => {
                for item in items {
                    self.keep_indices_in_statics(item, span);
                }
            }
            ResValue::Unset(_) | ResValue::Conflict(..) | ResValue::Data(_) => {}
        }
    }

    fn replace_global_binding(&mut self, name: &str, b: ResBinding) {
        let mut ns = Some(self.current_ns);
        while let Some(id) = ns {
            let space = &mut self.namespaces[id.0 as usize];
            if let Some(slot @ Symbol::Alias(_)) = space.names.get_mut(name) {
                *slot = Symbol::Alias(b);
                return;
            }
            ns = space.parent;
        }
    }

    /// The resource variables of the function's scopes now.
    pub(crate) fn alias_state(&self) -> AliasState {
        let Some(f) = &self.func else { return Vec::new() };
        let mut out = Vec::new();
        for (i, scope) in f.scopes.iter().enumerate() {
            for (name, sym) in scope {
                if let Symbol::Alias(b) = sym {
                    out.push((i, name.to_string(), b.clone()));
                }
            }
        }
        out
    }

    /// Restores the values of the variables in `state` (those still in scope).
    pub(crate) fn set_alias_state(&mut self, state: &AliasState) {
        let Some(f) = self.func.as_mut() else { return };
        for (i, name, b) in state {
            if let Some(Symbol::Alias(slot)) = f.scopes.get_mut(*i).and_then(|s| s.get_mut(name.as_str())) {
                *slot = b.clone();
            }
        }
    }

    /// Joins the states at the ends of run-time paths: a variable that holds different
    /// resources on different paths becomes a conflict.
    pub(crate) fn join_alias_states(&mut self, paths: &[AliasState]) {
        let Some(first) = paths.first() else { return };
        let mut joined = first.clone();
        let mut read = Vec::new();
        for (i, name, b) in joined.iter_mut() {
            for other in &paths[1..] {
                let Some((_, _, ob)) = other.iter().find(|(oi, on, _)| oi == i && on == name) else { continue };
                if b.slot != ob.slot {
                    b.slot = None;
                }
                if !b.value.same(&ob.value) {
                    match b.slot.and_then(|slot| indexed_by_slot(&b.value, &ob.value, slot, self.module.types.scalar(crate::ty::Scalar::U32))) {
                        Some(value) => {
                            read.extend(b.slot);
                            b.value = value;
                        }
                        None => b.value = join_values(&b.value, &ob.value, (ob.assigned, b.assigned)),
                    }
                }
            }
        }
        if let Some(f) = self.func.as_mut() {
            f.slots_read.extend(read);
        }
        self.set_alias_state(&joined);
    }

    /// After `name = value` (or its declaration with `value`) in scope `scope`: when `value`
    /// is an element of a global resource array chosen by an index without side effects,
    /// stores that index into the variable's hidden `uint` local (created on first use)
    /// before the statement, so that run-time paths choosing different elements can join
    /// into the array indexed by the local (`t = c ? g[0] : …` as `if`/`else`, a loop
    /// rebinding `t = g[i]`), as DXC turns a phi of handles of one range into a phi of
    /// indices. The store is dropped again, with the local, if no join reads it
    /// ([`Analyzer::drop_unread_slots`]). `None` (not mirrored) otherwise.
    pub(crate) fn mirror_index(&mut self, scope: usize, name: &str, value: &ResValue, ty: TypeId, span: Span, out: Option<&mut Vec<crate::tir::Stmt>>) -> Option<crate::tir::LocalId> {
        let ResValue::Place(p) = value else { return None };
        if !matches!(p.root, PlaceRoot::Global(_)) || !matches!(self.module.types.get(ty), TypeInner::Resource(_) | TypeInner::Sampler { .. }) {
            return None;
        }
        let Some(Projection::Index(k)) = p.projections.last() else { return None };
        if !pure_index(k) || self.func.as_ref()?.hoist_blocked > 0 {
            return None;
        }
        let uint = self.module.types.scalar(crate::ty::Scalar::U32);
        let index = match (*self.module.types.get(k.ty), &k.kind) {
            (_, ExprKind::Const(c)) => crate::tir::Expr::new(ExprKind::Const(crate::tir::ConstValue::Uint(super::fold::as_i64(c) as u64)), uint, k.span),
            _ if k.ty == uint => (**k).clone(),
            (TypeInner::Scalar(s), _) if s.is_integer() => crate::tir::Expr::new(ExprKind::Convert(k.clone()), uint, k.span),
            _ => return None,
        };
        let existing = self.func.as_ref()?.res_slots.iter().find(|(i, n, _)| *i == scope && n == name).map(|(_, _, l)| *l);
        let slot = match existing {
            Some(l) => l,
            None => {
                let l = self.add_local(&format!("{name}_index"), uint, span, false);
                self.func.as_mut()?.res_slots.push((scope, name.to_string(), l));
                l
            }
        };
        let place = Place { root: PlaceRoot::Local(slot), projections: Default::default(), ty: uint, span };
        let store = crate::tir::Expr::new(ExprKind::Assign { place: Box::new(place), value: Box::new(index), returns_old: false }, uint, span);
        let store = crate::tir::Stmt { kind: crate::tir::StmtKind::Expr(store), span };
        match out {
            Some(out) => out.push(store),
            None => self.func.as_mut()?.pending.push(store),
        }
        Some(slot)
    }

    /// [`Analyzer::mirror_index`] for a resource variable being declared (in the innermost
    /// scope) with `value`: the store goes to `out` (after the statements evaluating the
    /// index), else before the statement.
    pub(crate) fn mirror_declared(&mut self, name: &str, value: &ResValue, ty: TypeId, out: Option<&mut Vec<crate::tir::Stmt>>) -> Option<crate::tir::LocalId> {
        let scope = self.func.as_ref()?.scopes.len().checked_sub(1)?;
        let span = match value {
            ResValue::Place(p) => p.span,
            _ => return None,
        };
        self.mirror_index(scope, name, value, ty, span, out)
    }

    /// Runs a loop (`is_loop`) or a `switch`: resource variables assigned inside hold
    /// different resources on different paths, so they become conflicts after it; in a loop,
    /// a use inside that comes before the assignment (so sees it on later iterations) is an
    /// error.
    pub(crate) fn alias_loop<R>(&mut self, is_loop: bool, f: impl FnOnce(&mut Self) -> R) -> R {
        let before = self.alias_state();
        let log_start = self.func.as_ref().map(|c| c.alias_log.len()).unwrap_or(0);
        let writes_start = self.func.as_ref().map(|c| c.alias_writes.len()).unwrap_or(0);
        let exits_before = self.func.as_ref().map(|c| c.early_exits).unwrap_or(0);
        if let Some(c) = self.func.as_mut() {
            c.flow_depth += 1;
        }
        let r = f(self);
        if let Some(c) = self.func.as_mut() {
            c.flow_depth -= 1;
        }
        let after = self.alias_state();
        let log: Vec<(usize, String, bool, Span)> = self.func.as_ref().map(|c| c.alias_log[log_start.min(c.alias_log.len())..].to_vec()).unwrap_or_default();
        // (A loop without `break` or `continue` leaves only at the end of its body.)
        let early_exits = !is_loop || self.func.as_ref().is_some_and(|c| c.early_exits != exits_before);
        let writes: Vec<(usize, String, ResValue, bool, Span)> = match early_exits {
            true => self.func.as_ref().map(|c| c.alias_writes[writes_start.min(c.alias_writes.len())..].to_vec()).unwrap_or_default(),
            false => Vec::new(),
        };
        for (i, name, b) in &before {
            let Some((_, _, a)) = after.iter().find(|(ai, an, _)| ai == i && an == name) else { continue };
            if a.value.same(&b.value) {
                continue;
            }
            let events: Vec<&(usize, String, bool, Span)> = log.iter().filter(|(li, ln, _, _)| li == i && ln == name).collect();
            if !is_loop {
                continue;
            }
            if let (Some((_, _, false, read)), Some((_, _, _, write))) = (events.first(), events.iter().find(|e| e.2)) {
                let (read, write) = (*read, *write);
                self.error("E0707", read, format!("resource variable `{name}` holds a different resource on later iterations of this loop"))
                    .related(write, "assigned here, inside the loop")
                    .note("WGSL and naga IR name a resource only through its global variable, so each use must resolve to one resource at compile time, as DXC's legalization requires")
                    .help("use the global resources directly inside the loop");
            }
        }
        // A path that leaves early (`break`, `continue`, another `case`) may carry any value
        // assigned inside, not only the one at the end: a variable assigned a value other than
        // the one it had before is joined with each of them (all mirrored elements of one
        // array: the array indexed by its hidden local, which holds the last one stored).
        let mut joined = after.clone();
        for (i, name, a) in joined.iter_mut() {
            let Some((_, _, b)) = before.iter().find(|(bi, bn, _)| bi == i && bn == name) else { continue };
            let mine: Vec<&(usize, String, ResValue, bool, Span)> = writes.iter().filter(|w| w.0 == *i && w.1 == *name).collect();
            if mine.is_empty() || (a.value.same(&b.value) && mine.iter().all(|w| w.2.same(&b.value))) {
                continue;
            }
            let uint = self.module.types.scalar(crate::ty::Scalar::U32);
            let slot = a.slot.filter(|s| b.slot == Some(*s) && mine.iter().all(|w| w.3));
            let mut value = b.value.clone();
            for (v, at) in std::iter::once((&a.value, a.assigned)).chain(mine.iter().map(|w| (&w.2, w.4))) {
                value = match slot.and_then(|s| indexed_by_slot(&value, v, s, uint)) {
                    Some(v) => v,
                    None if value.same(v) => value,
                    // (The first conflict keeps its notes.)
                    None if matches!(value, ResValue::Conflict(..)) => value,
                    None => join_values(&value, v, (at, b.assigned)),
                };
            }
            if let (Some(s), ResValue::Place(_)) = (slot, &value) {
                if let Some(f) = self.func.as_mut() {
                    f.slots_read.insert(s);
                }
            } else {
                a.slot = None;
            }
            a.value = value;
        }
        self.join_alias_states(&[before, joined]);
        r
    }

    /// Runs the two branches of an `if`: with a constant condition only the taken branch's
    /// assignments count; otherwise the ends of both branches are joined (a branch that
    /// always leaves the function or loop does not reach the join).
    pub(crate) fn alias_branches<A, B>(&mut self, constant: Option<bool>, then: impl FnOnce(&mut Self) -> A, else_: impl FnOnce(&mut Self) -> B, exits: impl Fn(&A, &B) -> (bool, bool)) -> (A, B) {
        let before = self.alias_state();
        let dynamic = constant.is_none();
        if dynamic {
            if let Some(c) = self.func.as_mut() {
                c.flow_depth += 1;
            }
        }
        let a = then(self);
        let after_then = self.alias_state();
        self.set_alias_state(&before);
        let b = else_(self);
        let after_else = self.alias_state();
        if dynamic {
            if let Some(c) = self.func.as_mut() {
                c.flow_depth -= 1;
            }
        }
        let (then_exits, else_exits) = exits(&a, &b);
        match constant {
            Some(true) => self.set_alias_state(&after_then),
            Some(false) => self.set_alias_state(&after_else),
            None => {
                let mut paths = Vec::new();
                if !then_exits {
                    paths.push(after_then);
                }
                if !else_exits {
                    paths.push(after_else);
                }
                if paths.is_empty() {
                    paths.push(before);
                }
                self.join_alias_states(&paths);
            }
        }
        (a, b)
    }

    /// Records a read of a resource variable (for the loop check).
    pub(crate) fn note_alias_read(&mut self, name: &str, span: Span) {
        let Some(f) = self.func.as_mut() else { return };
        let n = f.scopes.len();
        if let Some(i) = (0..n).rev().find(|&i| f.scopes[i].contains_key(name)) {
            f.alias_log.push((i, name.to_string(), false, span));
        }
    }

    /// Resource types one may be assigned to the other (`SamplerComparisonState` where a
    /// `SamplerState` is expected is accepted by DXC), and arrays of them where one array's
    /// size is unknown (`Texture2D t[]` takes a `Texture2D[4]` and the other way round, as in
    /// DXC).
    pub(crate) fn resource_compatible_types(&self, from: TypeId, to: TypeId) -> bool {
        match (self.module.types.get(from), self.module.types.get(to)) {
            (TypeInner::Sampler { .. }, TypeInner::Sampler { .. }) => true,
            (&TypeInner::Array { base: a, size: sa }, &TypeInner::Array { base: b, size: sb }) => {
                (sa == sb || sa.is_none() || sb.is_none()) && self.module.types.is_resource_like(a) && (a == b || self.resource_compatible_types(a, b))
            }
            _ => false,
        }
    }

    /// The single resources an initializer list names, in order: nested lists and whole
    /// resource arrays (global or local) contribute their elements.
    fn resource_leaves(&mut self, e: &ast::Expr, out: &mut Vec<(ResValue, TypeId, Span)>) -> Option<()> {
        if let ast::ExprKind::InitList(items) = &e.kind {
            for item in items {
                self.resource_leaves(item, out)?;
            }
            return Some(());
        }
        if let Some(r) = self.alias_expr(e) {
            let b = r?;
            let value = match &b.value {
                ResValue::Unset(_) | ResValue::Conflict(..) => ResValue::Place(self.resolve_binding(&b, e)?),
                v => v.clone(),
            };
            self.flatten_value(value, b.ty, e.span, out);
            return Some(());
        }
        let op = self.operand(e)?;
        let ty = op.ty;
        if !self.module.types.is_resource_like(ty) {
            self.error("E0420", e.span, format!("a value of type `{}` cannot initialize a resource", self.type_name(ty)));
            return None;
        }
        let place = self.alias_place(op, ty, e.span)?;
        self.flatten_value(ResValue::Place(place), ty, e.span, out);
        Some(())
    }

    /// Splits a value of an array type into its single resources.
    fn flatten_value(&mut self, v: ResValue, ty: TypeId, span: Span, out: &mut Vec<(ResValue, TypeId, Span)>) {
        // A struct of resources in a list gives its members, in order (HLSL flattens
        // initializer lists: `{ pair, tex }` for `{ Texture2D a; SamplerState b; Texture2D c; }`).
        if let (ResValue::Struct(items), TypeInner::Struct(st)) = (&v, *self.module.types.get(ty)) {
            let fields: Vec<TypeId> = self.module.structs[st.0 as usize].fields.iter().map(|f| f.ty).collect();
            if fields.len() == items.len() {
                for (item, fty) in items.clone().into_iter().zip(fields) {
                    self.flatten_value(item, fty, span, out);
                }
                return;
            }
        }
        let TypeInner::Array { base, size } = *self.module.types.get(ty) else {
            out.push((v, ty, span));
            return;
        };
        match v {
            ResValue::Array(items) => {
                for item in items {
                    self.flatten_value(item, base, span, out);
                }
            }
            ResValue::Place(p) if size.is_some() => {
                let uint = self.module.types.scalar(crate::ty::Scalar::U32);
                for k in 0..size.unwrap_or(0) {
                    let mut q = p.clone();
                    q.projections.push(Projection::Index(Box::new(crate::tir::Expr::new(ExprKind::Const(crate::tir::ConstValue::Uint(k as u64)), uint, span))));
                    q.ty = base;
                    self.flatten_value(ResValue::Place(q), base, span, out);
                }
            }
            other => out.push((other, ty, span)),
        }
    }

    /// Groups single resources into a value of type `ty` (arrays of arrays …).
    fn shape_resources(&mut self, ty: TypeId, it: &mut impl Iterator<Item = (ResValue, TypeId, Span)>, span: Span) -> Option<ResValue> {
        if let TypeInner::Array { base, size } = *self.module.types.get(ty) {
            let Some(n) = size else {
                self.error("E0420", span, "an unsized array of resources needs a size here");
                return None;
            };
            let mut items = Vec::new();
            for _ in 0..n {
                items.push(self.shape_resources(base, it, span)?);
            }
            return Some(ResValue::Array(items));
        }
        let Some((v, vty, vspan)) = it.next() else {
            self.error("E0420", span, format!("too few initializers for `{}`", self.type_name(ty)));
            return None;
        };
        if vty != ty && !self.resource_compatible_types(vty, ty) {
            self.error("E0421", vspan, format!("cannot convert from `{}` to `{}`", self.type_name(vty), self.type_name(ty)));
            return None;
        }
        Some(v)
    }
}

/// Two values reaching one point: per element and member, equal parts stay, different ones
/// become conflicts (so the data members and unchanged resources of a struct stay usable).
fn join_values(a: &ResValue, b: &ResValue, spans: (Span, Span)) -> ResValue {
    match (a, b) {
        (ResValue::Struct(x), ResValue::Struct(y)) if x.len() == y.len() => ResValue::Struct(x.iter().zip(y).map(|(p, q)| join_values(p, q, spans)).collect()),
        (ResValue::Array(x), ResValue::Array(y)) if x.len() == y.len() => ResValue::Array(x.iter().zip(y).map(|(p, q)| join_values(p, q, spans)).collect()),
        _ if a.same(b) => a.clone(),
        // (A conflict keeps the assignments that made it.)
        (ResValue::Conflict(..), _) => a.clone(),
        (_, ResValue::Conflict(..)) => b.clone(),
        _ => ResValue::Conflict(spans.0, spans.1),
    }
}

/// The name under which a function's `return`s store the index of the element they return.
pub(crate) const RETURN_SLOT: &str = "$return";

/// A finished specialisation of a function returning a resource whose `return`s give
/// different elements of one global resource array (`if (c) return g[1]; return g[0];`):
/// every `return` without a value returns the hidden index its element's index was stored in
/// (as a `return` of an element chosen at run time returns its index already), and every
/// returned value is the array indexed by that local, so `call::agreed_return` sees one
/// element chosen at run time and the call site indexes the array with the call's result.
pub(crate) fn index_returns(ctx: &mut super::FnCtx, body: &mut [crate::tir::Stmt], returns: &mut [(ResValue, Span)], uint: TypeId) {
    let Some(((first, _), Some(slot))) = returns.first().zip(ctx.return_slots.first().copied()) else { return };
    if returns.len() < 2 || ctx.return_slots.len() != returns.len() || ctx.return_slots.iter().any(|s| *s != Some(slot)) {
        return;
    }
    if returns.iter().all(|(v, _)| v.same(first)) {
        return;
    }
    let Some(joined) = returns.iter().try_fold(first.clone(), |acc, (v, _)| indexed_by_slot(&acc, v, slot, uint).or_else(|| acc.same(v).then(|| acc.clone()))) else { return };
    fn patch(list: &mut [crate::tir::Stmt], read: &crate::tir::Expr) {
        use crate::tir::StmtKind;
        for s in list {
            match &mut s.kind {
                StmtKind::Return(v @ None) => *v = Some(read.clone()),
                StmtKind::Block(b) => patch(b, read),
                StmtKind::If { accept, reject, .. } => {
                    patch(accept, read);
                    patch(reject, read);
                }
                StmtKind::Loop { body, step, .. } => {
                    patch(body, read);
                    patch(step, read);
                }
                StmtKind::Switch { cases, .. } => cases.iter_mut().for_each(|c| patch(&mut c.body, read)),
                _ => {}
            }
        }
    }
    let ResValue::Place(p) = &joined else { return };
    let Some(Projection::Index(read)) = p.projections.last() else { return };
    patch(body, read);
    ctx.slots_read.insert(slot);
    for (v, _) in returns.iter_mut() {
        *v = joined.clone();
    }
}

/// Drops the hidden index locals of a finished function that no join read, with their
/// stores, and renumbers the other locals (so a function whose resource variables never
/// needed one is as if they had not been mirrored).
pub(crate) fn drop_unread_slots(ctx: &mut super::FnCtx, body: &mut Vec<crate::tir::Stmt>) {
    use crate::tir::LocalId;
    let dropped: Vec<u32> = ctx.res_slots.iter().map(|(_, _, l)| *l).filter(|l| !ctx.slots_read.contains(l)).map(|l| l.0).collect();
    if dropped.is_empty() {
        return;
    }
    remove_stores(body, &dropped);
    let renumber = |l: &mut LocalId| l.0 -= dropped.iter().filter(|&&d| d < l.0).count() as u32;
    fn place(p: &mut Place, f: &dyn Fn(&mut LocalId)) {
        match &mut p.root {
            PlaceRoot::Local(l) => f(l),
            PlaceRoot::BufferElement { resource, .. } | PlaceRoot::Texel { resource, .. } => place(resource, f),
            PlaceRoot::Param(_) | PlaceRoot::Global(_) | PlaceRoot::Pointee { .. } => {}
        }
    }
    fn args(a: &mut [crate::tir::Arg], f: &dyn Fn(&mut LocalId)) {
        for a in a {
            if let crate::tir::Arg::Out(p) | crate::tir::Arg::InOut(p) = a {
                place(p, f);
            }
        }
    }
    fn stmts(list: &mut [crate::tir::Stmt], f: &dyn Fn(&mut LocalId)) {
        use crate::tir::StmtKind;
        for s in list.iter_mut() {
            if let StmtKind::Init { local, .. } = &mut s.kind {
                f(local);
            }
            match &mut s.kind {
                StmtKind::Block(b) => stmts(b, f),
                StmtKind::If { accept, reject, .. } => {
                    stmts(accept, f);
                    stmts(reject, f);
                }
                StmtKind::Loop { body, step, .. } => {
                    stmts(body, f);
                    stmts(step, f);
                }
                StmtKind::Switch { cases, .. } => cases.iter_mut().for_each(|c| stmts(&mut c.body, f)),
                _ => {}
            }
            crate::tir::visit::for_each_shallow_expr_mut(s, &mut |e| match &mut e.kind {
                ExprKind::Load(p) | ExprKind::Assign { place: p, .. } => place(p, f),
                ExprKind::Method { object, args: a, .. } => {
                    place(object, f);
                    args(a, f);
                }
                ExprKind::Call { args: a, .. } | ExprKind::Intrinsic { args: a, .. } => args(a, f),
                _ => {}
            });
        }
    }
    stmts(body, &renumber);
    let mut k = 0u32;
    ctx.locals.retain(|_| {
        k += 1;
        !dropped.contains(&(k - 1))
    });
}

/// Removes the statements storing into the locals `dropped` (see [`drop_unread_slots`]).
fn remove_stores(list: &mut Vec<crate::tir::Stmt>, dropped: &[u32]) {
    use crate::tir::StmtKind;
    list.retain(|s| match &s.kind {
        StmtKind::Expr(e) => !matches!(&e.kind, ExprKind::Assign { place, .. } if matches!(place.root, PlaceRoot::Local(l) if dropped.contains(&l.0)) && place.projections.is_empty()),
        _ => true,
    });
    for s in list.iter_mut() {
        match &mut s.kind {
            StmtKind::Block(b) => remove_stores(b, dropped),
            StmtKind::If { accept, reject, .. } => {
                remove_stores(accept, dropped);
                remove_stores(reject, dropped);
            }
            StmtKind::Loop { body, step, .. } => {
                remove_stores(body, dropped);
                remove_stores(step, dropped);
            }
            StmtKind::Switch { cases, .. } => cases.iter_mut().for_each(|c| remove_stores(&mut c.body, dropped)),
            _ => {}
        }
    }
}

/// Two elements of one global resource array (equal but for their last index), both
/// mirrored into `slot`: the array indexed by the slot's value.
fn indexed_by_slot(a: &ResValue, b: &ResValue, slot: crate::tir::LocalId, uint: TypeId) -> Option<ResValue> {
    let (ResValue::Place(p), ResValue::Place(q)) = (a, b) else { return None };
    let (Some(Projection::Index(_)), Some(Projection::Index(_))) = (p.projections.last(), q.projections.last()) else { return None };
    let prefix = |x: &Place| place_key(&Place { projections: x.projections[..x.projections.len() - 1].to_vec().into(), ..x.clone() });
    if p.projections.len() != q.projections.len() || prefix(p) != prefix(q) {
        return None;
    }
    let mut place = p.clone();
    let read = Place { root: PlaceRoot::Local(slot), projections: Default::default(), ty: uint, span: p.span };
    place.projections.pop();
    place.projections.push(Projection::Index(Box::new(crate::tir::Expr::new(ExprKind::Load(Box::new(read)), uint, p.span))));
    Some(ResValue::Place(place))
}

/// An index expression that reads the same value before its statement as in it: constants
/// and loads of variables, through arithmetic and conversions (no calls, no assignments).
fn pure_index(e: &crate::tir::Expr) -> bool {
    match &e.kind {
        ExprKind::Const(_) | ExprKind::Zero => true,
        ExprKind::Load(p) => {
            matches!(p.root, PlaceRoot::Local(_) | PlaceRoot::Param(_) | PlaceRoot::Global(_))
                && p.projections.iter().all(|proj| match proj {
                    Projection::Index(i) => pure_index(i),
                    _ => true,
                })
        }
        ExprKind::Convert(x) | ExprKind::Unary { expr: x, .. } | ExprKind::Swizzle { expr: x, .. } => pure_index(x),
        ExprKind::Binary { operands, .. } => pure_index(&operands[0]) && pure_index(&operands[1]),
        _ => false,
    }
}

/// Sets the element at `path` of a value (the whole value for an empty path).
fn set_path(v: &mut ResValue, path: &[usize], value: ResValue) {
    match path.split_first() {
        None => *v = value,
        Some((&k, rest)) => {
            if let ResValue::Array(items) | ResValue::Struct(items) = v {
                if let Some(item) = items.get_mut(k) {
                    set_path(item, rest, value);
                }
            }
        }
    }
}

impl Analyzer<'_> {
    /// True for resources, arrays of them, and structs with resource members (at any depth,
    /// also in arrays): the types whose values are resolved at compile time.
    pub fn holds_resources(&self, ty: TypeId) -> bool {
        match *self.module.types.get(ty) {
            TypeInner::Resource(_) | TypeInner::Sampler { .. } => true,
            TypeInner::Array { base, .. } => self.holds_resources(base),
            TypeInner::Struct(st) => self.module.structs[st.0 as usize].fields.iter().any(|f| self.holds_resources(f.ty)),
            _ => false,
        }
    }

    /// The value of a new variable `name` of type `ty`: resources not yet assigned, data
    /// members of split structs in variables of their own (locals in a function, `static`
    /// globals outside).
    pub fn fresh_value(&mut self, ty: TypeId, name: &str, span: Span) -> Option<ResValue> {
        match *self.module.types.get(ty) {
            TypeInner::Resource(_) | TypeInner::Sampler { .. } => Some(ResValue::Unset(span)),
            TypeInner::Array { base, size } if self.holds_resources(base) => {
                let Some(n) = size else {
                    self.error("E0420", span, "an unsized array of resources needs a size here");
                    return None;
                };
                if n > 4096 {
                    self.error("E0903", span, "arrays of structs with resources are limited to 4096 elements");
                    return None;
                }
                let mut items = Vec::new();
                for k in 0..n {
                    items.push(self.fresh_value(base, &format!("{name}_{k}"), span)?);
                }
                Some(ResValue::Array(items))
            }
            TypeInner::Struct(st) if self.holds_resources(ty) => {
                let fields = self.module.structs[st.0 as usize].fields.clone();
                let mut items = Vec::new();
                for f in fields {
                    items.push(self.fresh_value(f.ty, &format!("{name}_{}", f.name), span)?);
                }
                Some(ResValue::Struct(items))
            }
            _ => {
                let root = if self.func.is_some() {
                    PlaceRoot::Local(self.add_local(name, ty, span, false))
                } else {
                    PlaceRoot::Global(self.hidden_static(name, ty, None, span))
                };
                Some(ResValue::Data(Place { root, projections: Default::default(), ty, span }))
            }
        }
    }

    /// The value of `dst` after `dst = src`: resources are rebound, data members copied
    /// (assignments that run before the statement).
    pub fn copy_value(&mut self, dst: &ResValue, src: ResValue, span: Span) -> Option<ResValue> {
        match (dst, src) {
            (ResValue::Struct(d), ResValue::Struct(s)) if d.len() == s.len() => {
                let mut out = Vec::new();
                for (x, y) in d.iter().zip(s) {
                    out.push(self.copy_value(x, y, span)?);
                }
                Some(ResValue::Struct(out))
            }
            (ResValue::Array(d), ResValue::Array(s)) if d.len() == s.len() => {
                let mut out = Vec::new();
                for (x, y) in d.iter().zip(s) {
                    out.push(self.copy_value(x, y, span)?);
                }
                Some(ResValue::Array(out))
            }
            (ResValue::Data(d), ResValue::Data(s)) => {
                if place_key(d) != place_key(&s) {
                    let ty = s.ty;
                    let value = crate::tir::Expr::new(ExprKind::Load(Box::new(s)), ty, span);
                    self.assign_data(d, value, span)?;
                }
                Some(dst.clone())
            }
            (ResValue::Data(_), _) | (ResValue::Struct(_), _) => {
                self.error("E0421", span, "this value cannot be assigned to a struct with resources");
                None
            }
            (_, s) => Some(s),
        }
    }

    /// `place = value` for a data member of a split struct: a statement before the current
    /// one in a function, the initializer of its `static` global outside.
    pub fn assign_data(&mut self, place: &Place, value: crate::tir::Expr, span: Span) -> Option<()> {
        let ty = place.ty;
        match self.func.as_mut() {
            Some(f) if f.hoist_blocked > 0 => {
                self.error("E0801", span, "copying a struct with resources inside a condition or a loop header is not supported yet")
                    .help("copy it in a statement of its own");
                None
            }
            Some(f) => {
                let e = crate::tir::Expr::new(ExprKind::Assign { place: Box::new(place.clone()), value: Box::new(value), returns_old: false }, ty, span);
                f.pending.push(crate::tir::Stmt { kind: crate::tir::StmtKind::Expr(e), span });
                Some(())
            }
            None => match &place.root {
                PlaceRoot::Global(g) if place.projections.is_empty() => {
                    if let crate::tir::GlobalKind::Static { init, .. } = &mut self.module.globals[g.0 as usize].kind {
                        *init = Some(value);
                    }
                    Some(())
                }
                _ => {
                    self.error("E0801", span, "copying a struct with resources is not supported in a global initializer yet")
                        .help("initialise the struct with a brace list");
                    None
                }
            },
        }
    }

    /// Initialises `dst` (a fresh value of type `ty`) from a brace list: one item per member
    /// or element (nested lists, or values), or, for structs holding only resources, a flat
    /// list of resources.
    pub fn init_value(&mut self, dst: ResValue, ty: TypeId, e: &ast::Expr) -> Option<ResValue> {
        let ast::ExprKind::InitList(items) = &e.kind else {
            let src = self.resource_value(e, ty)?;
            return self.copy_value(&dst, src, e.span);
        };
        let members: Option<Vec<TypeId>> = match (*self.module.types.get(ty), &dst) {
            (TypeInner::Struct(st), ResValue::Struct(_)) => Some(self.module.structs[st.0 as usize].fields.iter().map(|f| f.ty).collect()),
            (TypeInner::Array { base, size: Some(n) }, ResValue::Array(_)) => Some(vec![base; n as usize]),
            _ => None,
        };
        let parts = match &dst {
            ResValue::Struct(p) | ResValue::Array(p) => Some(p.clone()),
            _ => None,
        };
        if let (Some(members), Some(parts)) = (members, parts) {
            if members.len() == items.len() {
                let mut out = Vec::new();
                for ((mty, part), item) in members.into_iter().zip(parts).zip(items) {
                    let v = match &part {
                        ResValue::Data(p) => {
                            let value = self.initializer(item, mty)?;
                            self.assign_data(p, value, item.span)?;
                            part
                        }
                        _ => self.init_value(part, mty, item)?,
                    };
                    out.push(v);
                }
                return Some(if matches!(dst, ResValue::Struct(_)) { ResValue::Struct(out) } else { ResValue::Array(out) });
            }
        }
        // A flat list of resources.
        let mut data = Vec::new();
        dst.data_places(&mut data);
        if !data.is_empty() {
            // A flattened list mixing data and resources (`{1, 2, tex, 7.2}` for `int2,
            // Texture2D, float`), as DXC takes it: each data member takes the items whose
            // components add up to its own, each resource one item.
            let mut flat = Vec::new();
            flatten_init_items(items, &mut flat);
            let mut next = 0;
            let v = self.flat_init_value(&dst, ty, &flat, &mut next, e.span)?;
            if next < flat.len() {
                self.error("E0420", e.span, format!("too many initializers for `{}`", self.type_name(ty)));
                return None;
            }
            return Some(v);
        }
        let mut leaves = Vec::new();
        self.resource_leaves(e, &mut leaves)?;
        let mut it = leaves.into_iter();
        let v = self.shape_value(&dst, ty, &mut it, e.span)?;
        if it.next().is_some() {
            self.error("E0420", e.span, format!("too many initializers for `{}`", self.type_name(ty)));
            return None;
        }
        Some(v)
    }

    /// The value of `dst` (of type `ty`) from the flattened items `flat[*next..]`: a resource
    /// takes one item, a data member the items whose scalar components make up its own (an item
    /// may not straddle two members), members and elements in order.
    fn flat_init_value(&mut self, dst: &ResValue, ty: TypeId, flat: &[&ast::Expr], next: &mut usize, span: Span) -> Option<ResValue> {
        match dst {
            ResValue::Struct(parts) | ResValue::Array(parts) => {
                let members: Vec<TypeId> = match *self.module.types.get(ty) {
                    TypeInner::Struct(st) => self.module.structs[st.0 as usize].fields.iter().map(|f| f.ty).collect(),
                    TypeInner::Array { base, .. } => vec![base; parts.len()],
                    _ => return None,
                };
                let mut out = Vec::new();
                for (part, mty) in parts.iter().zip(members) {
                    out.push(self.flat_init_value(part, mty, flat, next, span)?);
                }
                Some(if matches!(dst, ResValue::Struct(_)) { ResValue::Struct(out) } else { ResValue::Array(out) })
            }
            ResValue::Data(p) => {
                let want = self.leaf_paths(p.ty, span)?.len();
                let mut taken = Vec::new();
                let mut have = 0;
                while have < want {
                    let Some(&item) = flat.get(*next) else {
                        self.error("E0420", span, format!("too few initializers for `{}`", self.type_name(ty)));
                        return None;
                    };
                    let n = self.diags.len();
                    let op = self.operand(item);
                    self.diags.truncate(n);
                    let count = match op {
                        Some(op) if !self.holds_resources(op.ty) => self.leaf_paths(op.ty, item.span).map_or(1, |l| l.len()),
                        _ => {
                            self.error("E0420", item.span, format!("a `{}` member takes data here, not a resource", self.type_name(p.ty)))
                                .help("give the items in the order of the struct's members");
                            return None;
                        }
                    };
                    have += count;
                    taken.push(item.clone());
                    *next += 1;
                }
                if have != want {
                    self.error("E0420", span, format!("an initializer item spans the `{}` member and the next one", self.type_name(p.ty)))
                        .help("split the item into values that each fit one member");
                    return None;
                }
                let list = ast::Expr { kind: ast::ExprKind::InitList(taken), span };
                let value = self.initializer(&list, p.ty)?;
                self.assign_data(p, value, span)?;
                Some(dst.clone())
            }
            _ => {
                let Some(&item) = flat.get(*next) else {
                    self.error("E0420", span, format!("too few initializers for `{}`", self.type_name(ty)));
                    return None;
                };
                *next += 1;
                self.init_value(dst.clone(), ty, item)
            }
        }
    }

    /// A member of a struct of resources a call returned (`make().tex`).
    pub(crate) fn value_member(&mut self, v: ResValue, ty: TypeId, member: &ast::Ident, span: Span) -> Option<super::expr::Operand> {
        let (ResValue::Struct(items), TypeInner::Struct(st)) = (v, *self.module.types.get(ty)) else {
            self.error("E0307", span, format!("`{}` has no member `{}`", self.type_name(ty), member.name));
            return None;
        };
        let Some(&k) = self.struct_infos[st.0 as usize].fields.get(member.name.as_str()) else {
            self.error("E0307", member.span, format!("`{}` has no member `{}`", self.type_name(ty), member.name));
            return None;
        };
        let fty = self.module.structs[st.0 as usize].fields[k as usize].ty;
        match items.into_iter().nth(k as usize)? {
            ResValue::Place(mut p) | ResValue::Data(mut p) => {
                p.span = span;
                Some(super::expr::Operand::place(p))
            }
            sub @ (ResValue::Struct(_) | ResValue::Array(_)) if self.value_call == Some(span) => Some(self.value_marker(sub, fty, span)),
            _ => {
                self.error("E0801", span, "a struct or array of resources returned by a function can only be used through its resources here")
                    .help("store the returned value in a variable first");
                None
            }
        }
    }

    /// Like `shape_resources`, through structs too.
    fn shape_value(&mut self, dst: &ResValue, ty: TypeId, it: &mut impl Iterator<Item = (ResValue, TypeId, Span)>, span: Span) -> Option<ResValue> {
        match (*self.module.types.get(ty), dst) {
            (TypeInner::Struct(st), ResValue::Struct(parts)) => {
                let tys: Vec<TypeId> = self.module.structs[st.0 as usize].fields.iter().map(|f| f.ty).collect();
                let mut out = Vec::new();
                for (t, p) in tys.into_iter().zip(parts) {
                    out.push(self.shape_value(p, t, it, span)?);
                }
                Some(ResValue::Struct(out))
            }
            (TypeInner::Array { base, .. }, ResValue::Array(parts)) => {
                let mut out = Vec::new();
                for p in parts {
                    out.push(self.shape_value(p, base, it, span)?);
                }
                Some(ResValue::Array(out))
            }
            _ => self.shape_resources(ty, it, span),
        }
    }
}

/// The items of a brace list with nested lists expanded in order (`{1, {2, tex}}` is 1, 2, tex).
fn flatten_init_items<'e>(items: &'e [ast::Expr], out: &mut Vec<&'e ast::Expr>) {
    for item in items {
        match &item.kind {
            ast::ExprKind::InitList(inner) => flatten_init_items(inner, out),
            _ => out.push(item),
        }
    }
}

/// The name prefix of the hidden locals a `return` of a struct stores the run-time indices of
/// its resource members' elements in (`Analyzer::store_struct_return_indices`).
const STRUCT_RETURN_SLOT: &str = "$return_index";

impl Analyzer<'_> {
    /// At a `return` of a struct (or array) with resources in a specialisation: stores each
    /// run-time index of its resource members' elements, as `uint`, into a hidden local (one
    /// per position, shared by all `return`s), so that the function can return them with its
    /// data when an index is its own state ([`Analyzer::struct_index_returns`]); the locals
    /// and stores are dropped again otherwise ([`drop_unread_slots`]).
    pub(crate) fn store_struct_return_indices(&mut self, v: &ResValue, span: Span, out: &mut Vec<crate::tir::Stmt>) {
        if matches!(v, ResValue::Place(_)) || self.func.as_ref().is_none_or(|f| f.dead_depth > 0) {
            return;
        }
        let uint = self.module.types.scalar(crate::ty::Scalar::U32);
        for (k, index) in v.dynamic_indices().into_iter().enumerate() {
            let index = if index.ty == uint {
                index
            } else {
                let s = index.span;
                crate::tir::Expr::new(ExprKind::Convert(Box::new(index)), uint, s)
            };
            let name = format!("{STRUCT_RETURN_SLOT}{k}");
            let Some(ctx) = self.func.as_ref() else { return };
            let existing = ctx.res_slots.iter().find(|(i, n, _)| *i == 0 && *n == name).map(|(_, _, l)| *l);
            let slot = match existing {
                Some(l) => l,
                None => {
                    let l = self.add_local(&name, uint, span, false);
                    let Some(ctx) = self.func.as_mut() else { return };
                    ctx.res_slots.push((0, name, l));
                    l
                }
            };
            let place = Place { root: PlaceRoot::Local(slot), projections: Default::default(), ty: uint, span };
            let store = crate::tir::Expr::new(ExprKind::Assign { place: Box::new(place), value: Box::new(index), returns_old: false }, uint, span);
            out.push(crate::tir::Stmt { kind: crate::tir::StmtKind::Expr(store), span });
        }
    }

    /// A finished specialisation `id` whose `returns` give a struct holding elements of
    /// resource arrays chosen by indices of its own state (locals, parameters), which mean
    /// nothing to the caller: it returns those indices with the struct's data, as DXC's
    /// inlining carries them to the use. Its return type becomes `{ data, index: array<uint,
    /// N> }` (no `data` when the struct has none), every `return` gives the hidden index
    /// locals [`Analyzer::store_struct_return_indices`] stored, and the call site indexes the
    /// global arrays with the returned indices (`call::call_specialized`).
    pub(crate) fn struct_index_returns(&mut self, id: crate::tir::FuncId, ctx: &mut super::FnCtx, body: &mut [crate::tir::Stmt], returns: &[(ResValue, Span)]) {
        use crate::tir::{Expr, StmtKind};
        let Some((first, _)) = returns.first() else { return };
        if matches!(first, ResValue::Place(_)) || !returns.iter().any(|(v, _)| v.dynamic_indices().iter().any(super::call::reads_function_state)) {
            return;
        }
        let n = first.dynamic_indices().len();
        let slots: Vec<crate::tir::LocalId> = (0..n).filter_map(|k| ctx.res_slots.iter().find(|(i, name, _)| *i == 0 && *name == format!("{STRUCT_RETURN_SLOT}{k}")).map(|(_, _, l)| *l)).collect();
        if slots.len() != n || returns.iter().any(|(v, _)| v.dynamic_indices().len() != n) {
            return;
        }
        let uint = self.module.types.scalar(crate::ty::Scalar::U32);
        let data_ty = self.module.functions[id.0 as usize].ret;
        let void = self.module.types.void();
        let span = self.module.functions[id.0 as usize].span;
        let field = |name: &str, ty: TypeId| crate::tir::Field {
            name: name.to_string(),
            ty,
            semantic: None,
            interpolation: Default::default(),
            precise: false,
            row_major: None,
            packoffset: None,
            vk_offset: None,
            bit_fields: Vec::new(),
            span,
        };
        let indices_ty = self.module.types.array(uint, Some(n as u32));
        let mut fields = Vec::new();
        if data_ty != void {
            fields.push(field("data", data_ty));
        }
        fields.push(field("index", indices_ty));
        let mut info = super::scope::StructInfo::default();
        for (k, f) in fields.iter().enumerate() {
            info.fields.insert(f.name.clone(), k as u32);
        }
        let name = format!("{}$return", self.fn_infos[id.0 as usize].name);
        self.module.structs.push(crate::tir::StructDef { name, fields, span });
        self.struct_infos.push(info);
        let ret = self.module.types.insert(TypeInner::Struct(crate::ty::StructId(self.module.structs.len() as u32 - 1)));
        let load = |l: crate::tir::LocalId| Expr::new(ExprKind::Load(Box::new(Place { root: PlaceRoot::Local(l), projections: Default::default(), ty: uint, span })), uint, span);
        let indices = Expr::new(ExprKind::Construct(slots.iter().map(|&l| load(l)).collect()), indices_ty, span);
        fn patch(list: &mut [crate::tir::Stmt], make: &dyn Fn(Option<Expr>) -> Expr) {
            for s in list {
                match &mut s.kind {
                    StmtKind::Return(v) => *v = Some(make(v.take())),
                    StmtKind::Block(b) => patch(b, make),
                    StmtKind::If { accept, reject, .. } => {
                        patch(accept, make);
                        patch(reject, make);
                    }
                    StmtKind::Loop { body, step, .. } => {
                        patch(body, make);
                        patch(step, make);
                    }
                    StmtKind::Switch { cases, .. } => cases.iter_mut().for_each(|c| patch(&mut c.body, make)),
                    _ => {}
                }
            }
        }
        let make = |v: Option<Expr>| {
            let mut parts = Vec::new();
            if data_ty != void {
                parts.push(v.unwrap_or_else(|| Expr::new(ExprKind::Zero, data_ty, span)));
            }
            parts.push(indices.clone());
            Expr::new(ExprKind::Construct(parts), ret, span)
        };
        patch(body, &make);
        ctx.slots_read.extend(slots);
        self.module.functions[id.0 as usize].ret = ret;
        self.fn_infos[id.0 as usize].ret = ret;
        self.struct_index_returns.insert(id, (data_ty, ret));
    }
}
