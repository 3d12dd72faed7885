//! Resource variables initialised from an element of a resource array chosen at run time:
//! SM 6.6 descriptor heaps (`Texture2D t = ResourceDescriptorHeap[i];`) and global resource
//! arrays (`Texture2D t = textures[i];`).
//!
//! Resource variables are aliases of resource places (see `decl::resource_alias`), resolved
//! at compile time. An element chosen by a run-time index is still a place — the array's
//! binding array indexed by a value — once the index is kept: it is evaluated once, into a
//! hidden local, where the variable is declared (as DXC evaluates the initializer there), and
//! every use of the variable indexes the array with that local.
//!
//! Passed to a function, such an element is a resource value like any other
//! (`resource_value.rs`): the specialisation for it takes the index as a parameter. A heap
//! element where any resource value goes (`heap_value`: assigned to a struct member, returned,
//! cast — `(T)heap[i]` or `T(heap[i])` —, or `?:` between two heap elements) keeps its
//! run-time index the same way.
//!
//! The heaps follow DXC's SPIR-V mapping: each resource type the shader takes from a heap is
//! one unsized binding array, and all of a heap's arrays share that heap's binding (assigned
//! in `lower::bindings`). The names are declared from shader model 6.6 on; before it they are
//! ordinary identifiers, as in DXC (a use is an undeclared identifier).

use super::expr::Operand;
use super::scope::{Symbol, VarRef};
use super::Analyzer;
use crate::tir::{self, DeclaredBinding, DescriptorHeap, GlobalKind, Place, PlaceRoot, Projection, StmtKind};
use crate::ty::{TypeId, TypeInner};
use hlslc_grammar::{ast, Span};

impl Analyzer<'_> {
    /// Declares `d` (a resource variable of type `ty`) if its initializer indexes a descriptor
    /// heap or a global resource array; `false` leaves the declaration to `resource_alias`.
    /// `out` receives the statement keeping a run-time index; without it (global scope) the
    /// index must be a constant.
    pub fn indexed_resource_alias(&mut self, d: &ast::Declarator, ty: TypeId, mut out: Option<&mut Vec<tir::Stmt>>) -> bool {
        let Some(ast::Initializer::Expr(e)) = &d.init else { return false };
        let ast::ExprKind::Index { base, index } = &e.kind else { return false };
        if let Some(heap) = self.heap_before_sm66(base) {
            // As DXC: the name is not declared; say why.
            self.error("E0306", base.span, format!("use of undeclared identifier `{}`", heap.name()))
                .help("descriptor heaps are shader model 6.6: compile with a 6.6 profile (e.g. `-T ps_6_6`)");
            self.declare(&d.name.name, Symbol::Error, d.name.span);
            return true;
        }
        let array = if let Some(heap) = self.descriptor_heap(base) {
            let g = self.heap_global(heap, ty, e.span);
            let arr = self.module.global(g).ty;
            Place { root: PlaceRoot::Global(g), projections: vec![].into(), ty: arr, span: base.span }
        } else {
            let ast::ExprKind::Name(path) = &base.kind else { return false };
            let Some(Symbol::Var(VarRef::Global(g))) = self.lookup_path(path) else { return false };
            let gty = self.module.global(g).ty;
            let TypeInner::Array { base: element, .. } = *self.module.types.get(gty) else { return false };
            if !self.module.types.is_resource_like(element) {
                return false;
            }
            if element != ty {
                self.error("E0421", e.span, format!("cannot convert from `{}` to `{}`", self.type_name(element), self.type_name(ty)));
                self.declare(&d.name.name, Symbol::Error, d.name.span);
                return true;
            }
            Place { root: PlaceRoot::Global(g), projections: vec![].into(), ty: gty, span: base.span }
        };
        let Some(idx) = self.operand(index).and_then(|op| self.index_value(op, index.span)) else {
            self.declare(&d.name.name, Symbol::Error, d.name.span);
            return true;
        };
        let idx = if matches!(self.try_fold(&idx), Ok(Some(_))) || (out.is_none() && self.reads_only_constants(&idx)) {
            // A constant, or (at global scope) a value of constant buffers, which no code can
            // change: evaluated where the variable is used.
            idx
        } else {
            let Some(out) = out.as_deref_mut() else {
                self.error("E0801", e.span, "a resource chosen by a run-time index cannot initialise a global resource variable")
                    .help("declare the variable inside the function, or use a constant index");
                self.declare(&d.name.name, Symbol::Error, d.name.span);
                return true;
            };
            // Evaluated once, where the variable is declared.
            let local = self.temp_local(idx.ty, index.span);
            let (ity, ispan) = (idx.ty, idx.span);
            out.push(tir::Stmt { kind: StmtKind::Init { local, value: idx }, span: index.span });
            Operand::place(Place { root: PlaceRoot::Local(local), projections: vec![].into(), ty: ity, span: ispan }).into_expr()
        };
        let mut place = array;
        place.projections.push(Projection::Index(Box::new(idx)));
        place.ty = ty;
        place.span = e.span;
        let value = super::resource_value::ResValue::Place(place);
        let slot = match out {
            Some(out) => self.mirror_declared(&d.name.name, &value, ty, Some(out)),
            None => None,
        };
        let binding = super::resource_value::ResBinding { value, ty, assigned: d.span, slot };
        self.declare(&d.name.name, Symbol::Alias(binding), d.name.span);
        true
    }

    /// `ResourceDescriptorHeap[i]` (or `SamplerDescriptorHeap[i]`, also cast to `ty`) where a
    /// resource of type `ty` is assigned, returned or initialised (a struct member, an array
    /// element, a function's result): the heap's binding array of `ty` indexed by `i`, a
    /// run-time index evaluated once into a hidden local where the expression is. `None` if
    /// `e` is no heap element; `Some(None)` after an error.
    pub(crate) fn heap_value(&mut self, e: &ast::Expr, ty: TypeId) -> Option<Option<Place>> {
        // `c ? heap[i] : heap[j]`: one heap element, chosen by a run-time index.
        if let ast::ExprKind::Conditional { cond, accept, reject } = &e.kind {
            let heaps = [accept, reject].map(|x| matches!(&x.kind, ast::ExprKind::Index { base, .. } if self.descriptor_heap(base).is_some()));
            if heaps != [true, true] {
                return None;
            }
            let blocked = self.func.as_ref().is_some_and(|f| f.hoist_blocked > 0);
            if let Some(f) = self.func.as_mut() {
                f.hoist_blocked += 1;
            }
            let parts = (self.condition_value(cond), self.heap_value(accept, ty), self.heap_value(reject, ty));
            if let Some(f) = self.func.as_mut() {
                f.hoist_blocked -= 1;
            }
            let (Some(c), Some(Some(mut a)), Some(Some(b))) = parts else { return Some(None) };
            let (Some(Projection::Index(i)), Some(Projection::Index(j))) = (a.projections.pop(), b.projections.last().cloned()) else { return Some(None) };
            if place_root_key(&a) != place_root_key(&b) {
                return None;
            }
            let uint = self.module.types.scalar(crate::ty::Scalar::U32);
            let select = tir::Expr::new(tir::ExprKind::Select { cond: Box::new(c), accept: i, reject: j, short_circuit: false }, uint, e.span);
            let idx = match self.func.as_ref().map(|f| f.hoist_blocked) {
                Some(0) if !blocked => {
                    let local = self.temp_local(uint, e.span);
                    self.func.as_mut()?.pending.push(tir::Stmt { kind: StmtKind::Init { local, value: select }, span: e.span });
                    Operand::place(Place { root: PlaceRoot::Local(local), projections: vec![].into(), ty: uint, span: e.span }).into_expr()
                }
                _ => return None,
            };
            a.projections.push(Projection::Index(Box::new(idx)));
            a.span = e.span;
            return Some(Some(a));
        }
        let (base, index) = match &e.kind {
            ast::ExprKind::Index { base, index } => (base, index),
            ast::ExprKind::Cast { expr, array, .. } if array.is_empty() => match &expr.kind {
                ast::ExprKind::Index { base, index } => (base, index),
                _ => return None,
            },
            // `T(heap[i])`, the functional cast.
            ast::ExprKind::Construct { args, .. } if args.len() == 1 => match &args[0].kind {
                ast::ExprKind::Index { base, index } => (base, index),
                _ => return None,
            },
            _ => return None,
        };
        let heap = self.descriptor_heap(base)?;
        if let ast::ExprKind::Cast { ty: written, .. } | ast::ExprKind::Construct { ty: written, .. } = &e.kind {
            let cast = self.resolve_type(written);
            if cast.is_some_and(|c| c != ty && !self.resource_compatible_types(c, ty)) {
                self.error("E0421", e.span, format!("cannot convert from `{}` to `{}`", self.type_name(cast.unwrap_or(ty)), self.type_name(ty)));
                return Some(None);
            }
        }
        if !self.module.types.is_resource_like(ty) || matches!(self.module.types.get(ty), TypeInner::Array { .. }) {
            return None;
        }
        let g = self.heap_global(heap, ty, e.span);
        let arr = self.module.global(g).ty;
        let Some(idx) = self.operand(index).and_then(|op| self.index_value(op, index.span)) else { return Some(None) };
        let idx = if matches!(self.try_fold(&idx), Ok(Some(_))) || (self.func.is_none() && self.reads_only_constants(&idx)) {
            idx
        } else {
            match self.func.as_ref().map(|f| f.hoist_blocked) {
                Some(0) => {
                    let local = self.temp_local(idx.ty, index.span);
                    let (ity, ispan) = (idx.ty, idx.span);
                    self.func.as_mut()?.pending.push(tir::Stmt { kind: StmtKind::Init { local, value: idx }, span: index.span });
                    Operand::place(Place { root: PlaceRoot::Local(local), projections: vec![].into(), ty: ity, span: ispan }).into_expr()
                }
                _ => {
                    self.error("E0801", e.span, format!("`{}[…]` with a run-time index is not supported here", heap.name()))
                        .help("take the resource in a statement of its own first (`Texture2D t = ResourceDescriptorHeap[i];`)");
                    return Some(None);
                }
            }
        };
        let _ = arr;
        let uint = self.module.types.scalar(crate::ty::Scalar::U32);
        let idx = match self.try_fold(&idx) {
            Ok(Some(c)) => tir::Expr::new(tir::ExprKind::Const(tir::ConstValue::Uint(super::fold::as_i64(&c) as u32 as u64)), uint, idx.span),
            _ if idx.ty == uint => idx,
            _ => {
                let sp = idx.span;
                tir::Expr::new(tir::ExprKind::Convert(Box::new(idx)), uint, sp)
            }
        };
        Some(Some(Place { root: PlaceRoot::Global(g), projections: vec![Projection::Index(Box::new(idx))].into(), ty, span: e.span }))
    }

    /// A `bool` condition (for `?:` on heap elements).
    fn condition_value(&mut self, e: &ast::Expr) -> Option<tir::Expr> {
        let op = self.operand(e)?;
        let b = self.module.types.scalar(crate::ty::Scalar::BOOL);
        self.convert_implicit(op, b, e.span)
    }

    /// `e` has no side effect and reads only places no code writes (constant-buffer members,
    /// `static const`s): its value is the same wherever it is evaluated.
    fn reads_only_constants(&self, e: &tir::Expr) -> bool {
        use tir::ExprKind as K;
        match &e.kind {
            K::Const(_) | K::Zero => true,
            K::Load(p) => self.is_read_only_root(p) && p.projections.iter().all(|proj| !matches!(proj, Projection::Index(i) if !self.reads_only_constants(i))),
            K::Unary { expr, .. } | K::Convert(expr) | K::Bitcast(expr) | K::Splat(expr) | K::Truncate(expr) | K::Swizzle { expr, .. } => self.reads_only_constants(expr),
            K::Binary { operands, .. } => self.reads_only_constants(&operands[0]) && self.reads_only_constants(&operands[1]),
            K::Field { base, .. } => self.reads_only_constants(base),
            K::Index { base, index } => self.reads_only_constants(base) && self.reads_only_constants(index),
            _ => false,
        }
    }

    /// A global named like an SM 6.6 heap, from shader model 6.6 on: DXC's redefinition error
    /// (before 6.6 the names are free, and the source's declaration is used).
    pub fn redefines_descriptor_heap(&mut self, name: &ast::Ident) -> bool {
        if !matches!(name.name.as_str(), "ResourceDescriptorHeap" | "SamplerDescriptorHeap") || !self.sm66() {
            return false;
        }
        self.error("E0301", name.span, format!("redefinition of `{}`, a built-in of shader model 6.6", name.name))
            .help("rename the variable, or compile for shader model 6.5 or earlier");
        self.declare(&name.name, Symbol::Error, name.span);
        true
    }

    /// `ResourceDescriptorHeap` or `SamplerDescriptorHeap`, when the name means the SM 6.6 heap
    /// (the profile is 6.6 or later and the source declares nothing of that name).
    fn descriptor_heap(&self, e: &ast::Expr) -> Option<DescriptorHeap> {
        self.undeclared_heap_name(e).filter(|_| self.sm66())
    }

    /// `e` names an SM 6.6 descriptor heap.
    pub(crate) fn is_descriptor_heap(&self, e: &ast::Expr) -> bool {
        self.descriptor_heap(e).is_some()
    }

    fn sm66(&self) -> bool {
        self.options.profile.is_none_or(|p| (p.major, p.minor) >= (6, 6))
    }

    /// A heap's name (SM 6.6 or later, undeclared) where it is not an initializer
    /// `indexed_resource_alias` handles.
    pub fn heap_outside_declaration(&self, path: &ast::Path) -> Option<DescriptorHeap> {
        self.undeclared_heap_path(path).filter(|_| self.sm66())
    }

    /// A heap name used before shader model 6.6 (and not declared by the source).
    fn heap_before_sm66(&self, e: &ast::Expr) -> Option<DescriptorHeap> {
        self.undeclared_heap_name(e).filter(|_| !self.sm66())
    }

    /// `e` is a heap's name that the source does not declare.
    fn undeclared_heap_name(&self, e: &ast::Expr) -> Option<DescriptorHeap> {
        let ast::ExprKind::Name(path) = &e.kind else { return None };
        self.undeclared_heap_path(path)
    }

    fn undeclared_heap_path(&self, path: &ast::Path) -> Option<DescriptorHeap> {
        let [segment] = path.segments.as_slice() else { return None };
        let heap = match segment.ident.name.as_str() {
            "ResourceDescriptorHeap" => DescriptorHeap::Resource,
            "SamplerDescriptorHeap" => DescriptorHeap::Sampler,
            _ => return None,
        };
        (!path.global && self.lookup(&segment.ident.name).is_none()).then_some(heap)
    }

    /// The unsized binding array of `ty` standing for `heap` (one per heap and type).
    fn heap_global(&mut self, heap: DescriptorHeap, ty: TypeId, span: Span) -> tir::GlobalId {
        let arr = self.module.types.array(ty, None);
        let existing = self.module.globals.iter().position(|g| g.ty == arr && matches!(&g.kind, GlobalKind::Resource { binding } if binding.heap == Some(heap)));
        if let Some(i) = existing {
            return tir::GlobalId(i as u32);
        }
        let binding = DeclaredBinding { heap: Some(heap), ..Default::default() };
        self.push_global(heap.name(), arr, GlobalKind::Resource { binding }, span, &ast::Qualifiers::default())
    }
}

/// The root of a place as a key (two heap elements of one binding array share it).
fn place_root_key(p: &Place) -> String {
    match &p.root {
        PlaceRoot::Global(g) => format!("g{}", g.0),
        other => format!("{other:?}"),
    }
}
