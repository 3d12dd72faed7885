//! Places: resolving an lvalue once, then loading from and storing to it.
//!
//! A [`tir::Place`] resolves to a [`PlaceRef`]: a naga pointer for values in registers,
//! statics and groupshared memory (with swizzle or matrix-element selections, which naga
//! pointers cannot express, kept on the side), a D3D-layout address for buffer memory, a list of
//! scalar addresses for swizzles of buffer memory, or a texel. Index expressions are evaluated
//! once, during resolution, so `a[i++] += 1` increments `i` once.

use super::function::{FnBuilder, ParamSlot};
use super::raw::{RawAddr, RawBuffer};
use super::types::{matrix_rep, MatrixRep};
use super::GlobalRep;
use crate::layout::{scalar_size, BufferKind, Rules};
use crate::tir::{self, PlaceRoot, Projection};
use crate::ty::{Resource, TypeId, TypeInner};
use hlslc_grammar::Span;
use naga::Handle;

/// A resolved place.
#[derive(Clone, Debug)]
pub(crate) enum PlaceRef {
    /// A naga pointer to a value of HLSL type `ty` (natural representation).
    Pointer { ptr: Handle<naga::Expression>, ty: TypeId },
    /// A pointer into memory whose integer leaves are atomics (groupshared targets of
    /// `Interlocked*`): vectors are arrays of atomics, and composite values are loaded and
    /// stored leaf by leaf.
    AtomicPointer { ptr: Handle<naga::Expression>, ty: TypeId },
    /// Components of a vector behind a pointer.
    Swizzle { ptr: Handle<naga::Expression>, comps: crate::tir::Components, ty: TypeId },
    /// Elements of a matrix behind a pointer.
    MatrixElements { ptr: Handle<naga::Expression>, mat: TypeId, elems: Vec<(u8, u8)>, ty: TypeId },
    /// D3D-layout memory.
    Raw { buf: RawBuffer, addr: RawAddr, ty: TypeId, row_major: Option<bool>, rules: Rules },
    /// Scalars of D3D-layout memory gathered into a vector (swizzles, matrix rows/elements).
    RawElements { buf: RawBuffer, addrs: Vec<RawAddr>, scalar_ty: TypeId, ty: TypeId },
    /// A texel of a texture.
    Texel { image: Handle<naga::Expression>, coord: Handle<naga::Expression>, array_index: Option<Handle<naga::Expression>>, level: Option<Handle<naga::Expression>>, sample: Option<Handle<naga::Expression>>, ty: TypeId },
    /// A texture or sampler handle (a global, an element of a binding array, a parameter).
    Handle { expr: Handle<naga::Expression>, ty: TypeId },
    /// A resource global that is only meaningful through methods or indexing (buffers);
    /// `index` picks the element of an array of buffers (a naga binding array).
    Resource { global: crate::tir::GlobalId, ty: TypeId, index: Option<Handle<naga::Expression>> },
    /// A projection of a value that naga cannot point into (a texel, a gathered vector of
    /// buffer scalars): the whole value was copied into a temporary at resolution, `inner`
    /// projects into the temporary, and a store writes the temporary back to `origin`.
    Spilled { inner: Box<PlaceRef>, temp: Handle<naga::Expression>, origin: Box<PlaceRef> },
    /// Bits `offset .. offset + width` of the integer storage unit `inner`, read as `ty` (a
    /// bit-field member): loads shift the bits out, stores merge them into the unit.
    BitField { inner: Box<PlaceRef>, offset: u8, width: u8, ty: TypeId },
    /// A place that exists only when `inside` holds (a texel of a texture emulated in a
    /// buffer): loads read zero and stores do nothing otherwise, as D3D's out-of-bounds UAV
    /// accesses.
    Guarded { inner: Box<PlaceRef>, inside: Handle<naga::Expression> },
}

impl PlaceRef {
    pub fn ty(&self) -> TypeId {
        match self {
            PlaceRef::Pointer { ty, .. }
            | PlaceRef::AtomicPointer { ty, .. }
            | PlaceRef::Swizzle { ty, .. }
            | PlaceRef::MatrixElements { ty, .. }
            | PlaceRef::Raw { ty, .. }
            | PlaceRef::RawElements { ty, .. }
            | PlaceRef::Texel { ty, .. }
            | PlaceRef::Handle { ty, .. }
            | PlaceRef::Resource { ty, .. }
            | PlaceRef::BitField { ty, .. } => *ty,
            PlaceRef::Spilled { inner, .. } | PlaceRef::Guarded { inner, .. } => inner.ty(),
        }
    }
}

impl FnBuilder<'_, '_> {
    /// Resolves a place (evaluating its index expressions).
    pub(crate) fn place(&mut self, p: &tir::Place) -> PlaceRef {
        let s = p.span;
        let mut cur = self.place_root(p);
        for proj in &p.projections {
            cur = match *proj {
                // The last projection: the place's type is the bit-field's.
                Projection::BitField { offset, width } => PlaceRef::BitField { inner: Box::new(cur), offset, width, ty: p.ty },
                _ => self.project(cur, proj, s),
            };
        }
        cur
    }

    fn place_root(&mut self, p: &tir::Place) -> PlaceRef {
        let s = p.span;
        match &p.root {
            PlaceRoot::Local(l) => {
                let ptr = self.add(naga::Expression::LocalVariable(self.locals[l.0 as usize]), s);
                let ty = self.tfunc.map(|f| f.locals[l.0 as usize].ty).unwrap_or_default();
                PlaceRef::Pointer { ptr, ty }
            }
            PlaceRoot::Param(i) => {
                let ty = self.tfunc.map(|f| f.params[i.0 as usize].ty).unwrap_or_default();
                match self.params[i.0 as usize] {
                    ParamSlot::Local(l) => {
                        let ptr = self.add(naga::Expression::LocalVariable(l), s);
                        PlaceRef::Pointer { ptr, ty }
                    }
                    ParamSlot::Pointer(ptr) => PlaceRef::Pointer { ptr, ty },
                    ParamSlot::Handle(expr) => PlaceRef::Handle { expr, ty },
                }
            }
            PlaceRoot::Global(g) => self.global_place(*g, s),
            PlaceRoot::BufferElement { resource, index } => {
                let res = self.place(resource);
                let idx = self.expr(index);
                self.buffer_element(res, idx, s)
            }
            PlaceRoot::Texel { resource, coord, level, sample } => {
                let res = self.place(resource);
                let c = self.expr(coord);
                let level = level.as_ref().map(|l| self.expr(l));
                let sample = sample.as_ref().map(|x| self.expr(x));
                self.texel(res, c, coord.ty, level, sample, s)
            }
            PlaceRoot::Pointee { pointer, alignment } => self.buffer_pointee(pointer, *alignment, p, s),
        }
    }

    fn global_place(&mut self, g: crate::tir::GlobalId, s: Span) -> PlaceRef {
        let ty = self.lw.tir.global(g).ty;
        if self.compare_twin.take_if(|t| *t == g).is_some() {
            if let Some(&Some(twin)) = self.lw.depth_twins.get(&g) {
                let expr = self.add(naga::Expression::GlobalVariable(twin), s);
                return PlaceRef::Handle { expr, ty };
            }
        }
        let Some(rep) = self.lw.globals.get(&g).copied() else {
            // Unsupported resources were reported when declared.
            let t = self.lw.ty(ty);
            let l = self.local("invalid", t);
            let ptr = self.add(naga::Expression::LocalVariable(l), s);
            return PlaceRef::Pointer { ptr, ty };
        };
        if matches!(self.lw.tys.get(ty), TypeInner::Array { .. }) && matches!(rep, GlobalRep::Words { .. } | GlobalRep::TypedBuffer { .. }) {
            // An array of buffers: meaningful once indexed (`project`).
            return PlaceRef::Resource { global: g, ty, index: None };
        }
        match rep {
            GlobalRep::Value { var, atomic } => {
                let ptr = self.add(naga::Expression::GlobalVariable(var), s);
                if atomic {
                    PlaceRef::AtomicPointer { ptr, ty }
                } else {
                    PlaceRef::Pointer { ptr, ty }
                }
            }
            GlobalRep::Handle(var) => {
                let expr = self.add(naga::Expression::GlobalVariable(var), s);
                PlaceRef::Handle { expr, ty }
            }
            GlobalRep::ConstantBuffer { var, element, rules } => {
                PlaceRef::Raw { buf: RawBuffer::Uniform(var), addr: RawAddr::constant(0), ty: element, row_major: None, rules }
            }
            GlobalRep::Words { var, atomic, element: Some(element), .. }
                if matches!(self.lw.tys.get(ty), TypeInner::Resource(Resource::TextureBuffer { .. })) =>
            {
                let rules = crate::layout::buffer_rules(self.lw.options, BufferKind::Texture);
                PlaceRef::Raw { buf: RawBuffer::Storage { var, atomic, index: None }, addr: RawAddr::constant(0), ty: element, row_major: None, rules }
            }
            GlobalRep::Words { .. } | GlobalRep::TypedBuffer { .. } | GlobalRep::MsBuffer { .. } | GlobalRep::Feedback { .. } => PlaceRef::Resource { global: g, ty, index: None },
            GlobalRep::Override(h) => {
                let expr = self.add(naga::Expression::Override(h), s);
                PlaceRef::Handle { expr, ty }
            }
        }
    }

    /// The majorness a structured buffer's type gives its matrix elements
    /// (`Resource::StructuredBuffer::row_major`), through arrays of buffers.
    pub(super) fn structured_row_major(&self, mut ty: TypeId) -> Option<bool> {
        while let TypeInner::Array { base, .. } = *self.lw.tys.get(ty) {
            ty = base;
        }
        match *self.lw.tys.get(ty) {
            TypeInner::Resource(Resource::StructuredBuffer { row_major, .. }) => row_major,
            _ => None,
        }
    }

    /// The rules the elements of a structured buffer (`StructuredBuffer` and the others, by
    /// `-fvk-use-gl-layout`) or typed buffer (always tight) of resource type `ty` are laid out
    /// by, through arrays of buffers.
    pub(super) fn element_rules(&self, mut ty: TypeId) -> Rules {
        while let TypeInner::Array { base, .. } = *self.lw.tys.get(ty) {
            ty = base;
        }
        match *self.lw.tys.get(ty) {
            TypeInner::Resource(Resource::StructuredBuffer { .. }) => crate::layout::buffer_rules(self.lw.options, BufferKind::Storage),
            _ => Rules::Structured,
        }
    }

    /// `buf[i]` of a structured or typed buffer.
    fn buffer_element(&mut self, res: PlaceRef, idx: Handle<naga::Expression>, s: Span) -> PlaceRef {
        let PlaceRef::Resource { global, index, ty } = res else {
            return self.invalid_place(s);
        };
        match self.lw.globals.get(&global).copied() {
            Some(GlobalRep::Words { var, atomic, element: Some(element), .. }) => {
                let row_major = self.structured_row_major(ty);
                let rules = self.element_rules(ty);
                let stride = self.layouter().array_stride(element, rules, row_major);
                let addr = self.addr_add_index(RawAddr::constant(0), idx, stride, s);
                PlaceRef::Raw { buf: RawBuffer::Storage { var, atomic, index }, addr, ty: element, row_major, rules }
            }
            Some(GlobalRep::TypedBuffer { var, element }) => {
                let g = self.buffer_pointer(var, index, s);
                let idx = self.runtime_index(g, idx, s);
                let ptr = self.add(naga::Expression::Access { base: g, index: idx }, s);
                if self.lw.atomic_globals.contains(&global) {
                    // Elements typed atomic (`Lowerer::atomic_type`): vectors are arrays of
                    // atomics, floats atomic `u32`s.
                    return PlaceRef::AtomicPointer { ptr, ty: element };
                }
                PlaceRef::Pointer { ptr, ty: element }
            }
            _ => self.invalid_place(s),
        }
    }

    fn texel(&mut self, res: PlaceRef, coord: Handle<naga::Expression>, coord_ty: TypeId, level: Option<Handle<naga::Expression>>, sample: Option<Handle<naga::Expression>>, s: Span) -> PlaceRef {
        if let PlaceRef::Resource { global, .. } = res {
            // `RWTexture2DMS` lowered to a buffer (`msaa_buffer`).
            if let Some(p) = self.ms_buffer_texel(global, coord, sample, s) {
                return p;
            }
        }
        let PlaceRef::Handle { expr: image, ty } = res else {
            return self.invalid_place(s);
        };
        let TypeInner::Resource(Resource::Texture { dim, element, access, .. }) = *self.lw.tys.get(ty) else {
            return self.invalid_place(s);
        };
        let n = match *self.lw.tys.get(coord_ty) {
            TypeInner::Vector { size, .. } => size,
            _ => 1,
        };
        // HLSL's coordinate carries the array layer last; naga takes it separately.
        let (coord, array_index) = self.split_array_coord(coord, n, dim.is_array(), s);
        let storage = access == crate::ty::Access::ReadWrite;
        let level = if storage || dim.is_multisampled() { None } else { Some(level.unwrap_or_else(|| self.literal_u32(0))) };
        PlaceRef::Texel { image, coord, array_index, level, sample, ty: element }
    }

    /// Splits `coord` (n components, the last being the layer when `arrayed`) into the naga
    /// coordinate and array index.
    pub(crate) fn split_array_coord(&mut self, coord: Handle<naga::Expression>, n: u8, arrayed: bool, s: Span) -> (Handle<naga::Expression>, Option<Handle<naga::Expression>>) {
        if !arrayed {
            return (coord, None);
        }
        let layer = self.add(naga::Expression::AccessIndex { base: coord, index: n as u32 - 1 }, s);
        let c = if n == 2 {
            self.add(naga::Expression::AccessIndex { base: coord, index: 0 }, s)
        } else {
            let size = super::types::vector_size(n - 1);
            self.add(naga::Expression::Swizzle { size, vector: coord, pattern: super::raw::SWIZZLE_XYZW }, s)
        };
        (c, Some(layer))
    }

    fn invalid_place(&mut self, s: Span) -> PlaceRef {
        let t = self.lw.scalar_type(naga::Scalar::U32);
        let l = self.local("invalid", t);
        let ptr = self.add(naga::Expression::LocalVariable(l), s);
        let ty = self.lw.tys.iter().find(|(_, t)| matches!(t, TypeInner::Scalar(sc) if *sc == crate::ty::Scalar::U32)).map(|(i, _)| i).unwrap_or_default();
        PlaceRef::Pointer { ptr, ty }
    }

    fn project(&mut self, cur: PlaceRef, proj: &Projection, s: Span) -> PlaceRef {
        let types = &self.lw.tir.types;
        match (cur, proj) {
            (PlaceRef::Pointer { ptr, ty }, Projection::Field(f)) => {
                let fty = match *types.get(ty) {
                    TypeInner::Struct(st) => self.lw.tir.structs[st.0 as usize].fields[*f as usize].ty,
                    _ => ty,
                };
                let p = self.add(naga::Expression::AccessIndex { base: ptr, index: *f }, s);
                PlaceRef::Pointer { ptr: p, ty: fty }
            }
            (PlaceRef::Pointer { ptr, ty }, Projection::Index(i)) => {
                let elem = element_type(self, ty);
                let idx = self.expr(i);
                let idx = self.clamp_private_index(ptr, ty, idx, s);
                let p = self.access(ptr, idx, s);
                PlaceRef::Pointer { ptr: p, ty: elem }
            }
            (PlaceRef::Pointer { ptr, ty }, Projection::Swizzle(c)) => {
                let scalar = self.lw.tys.scalar_of(ty).unwrap_or(crate::ty::Scalar::F32);
                let sty = self.find_vector_type(scalar, c.len() as u8);
                PlaceRef::Swizzle { ptr, comps: *c, ty: sty }
            }
            (PlaceRef::Pointer { ptr, ty }, Projection::MatrixElements(e)) => {
                let scalar = self.lw.tys.scalar_of(ty).unwrap_or(crate::ty::Scalar::F32);
                let sty = self.find_vector_type(scalar, e.len() as u8);
                PlaceRef::MatrixElements { ptr, mat: ty, elems: e.clone(), ty: sty }
            }
            (PlaceRef::AtomicPointer { ptr, ty }, Projection::Field(f)) => {
                let fty = match *types.get(ty) {
                    TypeInner::Struct(st) => self.lw.tir.structs[st.0 as usize].fields[*f as usize].ty,
                    _ => ty,
                };
                let p = self.add(naga::Expression::AccessIndex { base: ptr, index: *f }, s);
                PlaceRef::AtomicPointer { ptr: p, ty: fty }
            }
            // The one component of a one-column matrix's row (`m._m10` is `m[1][0]`): the row
            // is already that atomic.
            (PlaceRef::AtomicPointer { ptr, ty }, Projection::Index(_)) if matches!(self.lw.tys.get(ty), TypeInner::Scalar(_)) => PlaceRef::AtomicPointer { ptr, ty },
            (PlaceRef::AtomicPointer { ptr, ty }, Projection::Index(i)) => {
                let elem = element_type(self, ty);
                let idx = self.expr(i);
                let p = self.access(ptr, idx, s);
                PlaceRef::AtomicPointer { ptr: p, ty: elem }
            }
            (PlaceRef::Resource { global, ty, index: None }, Projection::Index(i)) => {
                // An element of an array of buffers: constant and texture buffers are their
                // contents (read with constant-buffer packing), other buffers wait for a method
                // or an index.
                let idx = self.expr(i);
                let elem = element_type(self, ty);
                // (Reported, then lowered as usual: the element's uses need no second error.)
                self.flattened_index_ok(ty, idx, i.span);
                match (self.lw.globals.get(&global).copied(), *self.lw.tys.get(elem)) {
                    (Some(GlobalRep::Words { var, atomic, element: Some(element), .. }), TypeInner::Resource(r @ (Resource::ConstantBuffer { .. } | Resource::TextureBuffer { .. }))) => {
                        let kind = if matches!(r, Resource::ConstantBuffer { .. }) { BufferKind::Constant } else { BufferKind::Texture };
                        let rules = crate::layout::buffer_rules(self.lw.options, kind);
                        PlaceRef::Raw { buf: RawBuffer::Storage { var, atomic, index: Some(idx) }, addr: RawAddr::constant(0), ty: element, row_major: None, rules }
                    }
                    _ => PlaceRef::Resource { global, ty: elem, index: Some(idx) },
                }
            }
            (PlaceRef::Handle { expr, ty }, Projection::Index(i)) => {
                // An element of a binding array of textures or samplers.
                let idx = self.expr(i);
                let elem = element_type(self, ty);
                // naga 30's uniformity analysis panics on a non-uniformly indexed binding array
                // of acceleration structures (it expects a buffer there), so only constant
                // indices reach it.
                // (Reported, then lowered as usual: the element's uses need no second error.)
                self.flattened_index_ok(ty, idx, i.span);
                if matches!(self.lw.tys.get(elem), TypeInner::Resource(crate::ty::Resource::AccelerationStructure)) && self.const_index(idx).is_none() {
                    self.lw.error("E0634", i.span, "an array of acceleration structures indexed at run time cannot be expressed in naga IR")
                        .help("index it with a constant, or bind the acceleration structure on its own");
                    return self.invalid_place(s);
                }
                let e = self.access(expr, idx, s);
                PlaceRef::Handle { expr: e, ty: elem }
            }
            (PlaceRef::Raw { buf, addr, ty, row_major, rules }, proj) => self.project_raw(buf, addr, ty, row_major, rules, proj, s),
            (PlaceRef::RawElements { buf, addrs, scalar_ty, ty: _ }, Projection::Swizzle(c)) => {
                let picked: Vec<RawAddr> = c.iter().map(|&k| addrs[k as usize]).collect();
                let ty = self.find_vector_type(self.lw.tys.scalar_of(scalar_ty).unwrap_or(crate::ty::Scalar::F32), picked.len() as u8);
                PlaceRef::RawElements { buf, addrs: picked, scalar_ty, ty }
            }
            (PlaceRef::RawElements { buf, addrs, scalar_ty, ty }, Projection::Index(i)) => {
                let idx = self.expr(i);
                if let Some(k) = self.const_index(idx) {
                    if (k as usize) < addrs.len() {
                        return PlaceRef::Raw { buf, addr: addrs[k as usize], ty: scalar_ty, row_major: None, rules: Rules::Structured };
                    }
                }
                // A dynamic component of a matrix row (or column): the scalars are evenly spaced
                // (`m[i][j]`), so the address is the first one plus `j * step`.
                let step = match addrs.as_slice() {
                    [a, b, ..] if b.constant > a.constant && b.same_terms(a) => b.constant - a.constant,
                    _ => 0,
                };
                let even = addrs.windows(2).all(|w| w[1].same_terms(&w[0]) && w[1].constant.wrapping_sub(w[0].constant) == step);
                if step > 0 && even && self.const_index(idx).is_none() {
                    let addr = self.addr_add_index(addrs[0], idx, step, s);
                    return PlaceRef::Raw { buf, addr, ty: scalar_ty, row_major: None, rules: Rules::Structured };
                }
                // Otherwise (gathered scalars of a swizzle) go through a temporary.
                let cur = PlaceRef::RawElements { buf, addrs, scalar_ty, ty };
                self.spill_place(cur, |b, p, s| {
                    let elem = element_type(b, p.ty());
                    let PlaceRef::Pointer { ptr, .. } = p else { return p };
                    let q = b.access(ptr, idx, s);
                    PlaceRef::Pointer { ptr: q, ty: elem }
                }, s)
            }
            (PlaceRef::Spilled { inner, temp, origin }, proj) => {
                let inner = self.project(*inner, proj, s);
                PlaceRef::Spilled { inner: Box::new(inner), temp, origin }
            }
            (PlaceRef::Guarded { inner, inside }, proj) => {
                let inner = self.project(*inner, proj, s);
                PlaceRef::Guarded { inner: Box::new(inner), inside }
            }
            (cur @ (PlaceRef::Texel { .. } | PlaceRef::RawElements { .. } | PlaceRef::Swizzle { .. } | PlaceRef::MatrixElements { .. } | PlaceRef::AtomicPointer { .. }), proj) => {
                // Projections of values naga cannot point into.
                let proj = proj.clone();
                self.spill_place(cur, move |b, p, s| b.project(p, &proj, s), s)
            }
            (cur, _) => cur,
        }
    }

    /// Copies the value of `cur` into a temporary and applies `f` to a pointer to it.
    fn spill_place(&mut self, cur: PlaceRef, f: impl FnOnce(&mut Self, PlaceRef, Span) -> PlaceRef, s: Span) -> PlaceRef {
        let ty = cur.ty();
        let value = self.load(&cur, s);
        let nty = self.lw.ty(ty);
        let temp = self.spill(value, nty, s);
        let inner = f(self, PlaceRef::Pointer { ptr: temp, ty }, s);
        PlaceRef::Spilled { inner: Box::new(inner), temp, origin: Box::new(cur) }
    }

    #[allow(clippy::too_many_arguments)]
    fn project_raw(&mut self, buf: RawBuffer, addr: RawAddr, ty: TypeId, row_major: Option<bool>, rules: Rules, proj: &Projection, s: Span) -> PlaceRef {
        let inner = *self.lw.tys.get(ty);
        match (inner, proj) {
            (TypeInner::Struct(st), Projection::Field(f)) => {
                let offset = self.field_offset(st, *f, rules);
                let field = &self.lw.tir.structs[st.0 as usize].fields[*f as usize];
                PlaceRef::Raw { buf, addr: addr.offset(offset), ty: field.ty, row_major: field.row_major, rules }
            }
            (TypeInner::Array { base, .. }, Projection::Index(i)) => {
                let stride = self.layouter().array_stride(base, rules, row_major);
                let idx = self.expr(i);
                let addr = match self.const_index(idx) {
                    Some(k) => addr.offset(k.wrapping_mul(stride)),
                    None => self.addr_add_index(addr, idx, stride, s),
                };
                PlaceRef::Raw { buf, addr, ty: base, row_major, rules }
            }
            (TypeInner::Vector { scalar, .. }, Projection::Index(i)) => {
                let w = scalar_size(scalar.kind, scalar.width);
                let idx = self.expr(i);
                let addr = match self.const_index(idx) {
                    Some(k) => addr.offset(k.wrapping_mul(w)),
                    None => self.addr_add_index(addr, idx, w, s),
                };
                let sty = self.find_vector_type(scalar, 1);
                PlaceRef::Raw { buf, addr, ty: sty, row_major: None, rules }
            }
            (TypeInner::Scalar(scalar), Projection::Swizzle(c)) => {
                let addrs = vec![addr; c.len()];
                let ty = self.find_vector_type(scalar, c.len() as u8);
                PlaceRef::RawElements { buf, addrs, scalar_ty: self.find_vector_type(scalar, 1), ty }
            }
            (TypeInner::Vector { scalar, .. }, Projection::Swizzle(c)) => {
                let w = scalar_size(scalar.kind, scalar.width);
                let addrs = c.iter().map(|&k| addr.offset(k as u32 * w)).collect();
                let sty = self.find_vector_type(scalar, 1);
                let ty = self.find_vector_type(scalar, c.len() as u8);
                PlaceRef::RawElements { buf, addrs, scalar_ty: sty, ty }
            }
            (TypeInner::Matrix { scalar, rows, cols }, Projection::Index(i)) => {
                // Row `i`: its elements are contiguous (row-major) or one per stored column.
                let w = scalar_size(scalar.kind, scalar.width);
                let rm = row_major.unwrap_or(self.lw.options.default_row_major);
                let m = self.layouter().matrix_storage(rows, cols, w, rm, rules);
                let idx = self.expr(i);
                let row_step = if m.rows { m.stride } else { w };
                let base = match self.const_index(idx) {
                    Some(k) => addr.offset(k.wrapping_mul(row_step)),
                    None => self.addr_add_index(addr, idx, row_step, s),
                };
                let col_step = if m.rows { w } else { m.stride };
                let addrs = (0..cols as u32).map(|c| base.offset(c * col_step)).collect();
                let sty = self.find_vector_type(scalar, 1);
                let ty = self.find_vector_type(scalar, cols);
                let _ = rows;
                PlaceRef::RawElements { buf, addrs, scalar_ty: sty, ty }
            }
            (TypeInner::Matrix { scalar, rows, cols }, Projection::MatrixElements(elems)) => {
                let w = scalar_size(scalar.kind, scalar.width);
                let rm = row_major.unwrap_or(self.lw.options.default_row_major);
                let m = self.layouter().matrix_storage(rows, cols, w, rm, rules);
                let addrs = elems
                    .iter()
                    .map(|&(r, c)| addr.offset(if m.rows { r as u32 * m.stride + c as u32 * w } else { c as u32 * m.stride + r as u32 * w }))
                    .collect();
                let sty = self.find_vector_type(scalar, 1);
                let ty = self.find_vector_type(scalar, elems.len() as u8);
                PlaceRef::RawElements { buf, addrs, scalar_ty: sty, ty }
            }
            _ => PlaceRef::Raw { buf, addr, ty, row_major, rules },
        }
    }

    /// `Access` or `AccessIndex` on a pointer or handle.
    pub(crate) fn access(&mut self, base: Handle<naga::Expression>, idx: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        match self.const_index(idx) {
            Some(u32::MAX) if self.is_runtime_array_pointer(base) => {
                let index = self.runtime_index(base, idx, s);
                self.add(naga::Expression::Access { base, index }, s)
            }
            Some(k) => self.add(naga::Expression::AccessIndex { base, index: k }, s),
            None => self.add(naga::Expression::Access { base, index: idx }, s),
        }
    }

    /// A run-time index into a fixed-size array in function or private memory (locals,
    /// parameters, `static`s), clamped to the last element: `min(u32(i), N - 1)`. Out of
    /// bounds it is undefined in HLSL and SPIR-V alike, and lavapipe (Mesa 22.3) miscompiled
    /// in-bounds indexing of such arrays of structs without the clamp (an insertion sort after
    /// a linked-list walk, `mix_oit_linked_lists`); wgpu clamps the same way when it compiles
    /// WGSL. Groupshared arrays, where tiled kernels index in their inner loops, and buffers
    /// (robust buffer access) keep the bare index; a constant index out of bounds is already
    /// the nearest element (W0402).
    fn clamp_private_index(&mut self, ptr: Handle<naga::Expression>, ty: TypeId, idx: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        let TypeInner::Array { size: Some(n), .. } = *self.lw.tys.get(ty) else { return idx };
        if n == 0 || self.const_index(idx).is_some() {
            return idx;
        }
        let Some(naga::TypeInner::Pointer { space: naga::AddressSpace::Function | naga::AddressSpace::Private, .. }) = self.resolve(ptr) else { return idx };
        let unsigned = match self.resolve(idx) {
            Some(naga::TypeInner::Scalar(naga::Scalar { kind: naga::ScalarKind::Uint, width: 4 })) => idx,
            Some(naga::TypeInner::Scalar(naga::Scalar { kind: naga::ScalarKind::Sint, width: 4 })) => {
                self.add(naga::Expression::As { expr: idx, kind: naga::ScalarKind::Uint, convert: None }, s)
            }
            _ => return idx,
        };
        let last = self.literal_u32(n - 1);
        self.add(naga::Expression::Math { fun: naga::MathFunction::Min, arg: unsigned, arg1: Some(last), arg2: None, arg3: None }, s)
    }

    /// An index into the runtime-sized array `base` points to. naga rejects the constant
    /// `u32::MAX` there (its WGSL front end reads `a[4294967295u]` back as an out-of-bounds
    /// `AccessIndex`), though the index is only out of bounds at run time (a wrapped
    /// constant): that index is computed at run time instead, as `max(arrayLength, index)`.
    pub(crate) fn runtime_index(&mut self, base: Handle<naga::Expression>, idx: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        if self.const_index(idx) != Some(u32::MAX) || !self.is_runtime_array_pointer(base) {
            return idx;
        }
        let len = self.add(naga::Expression::ArrayLength(base), s);
        self.add(naga::Expression::Math { fun: naga::MathFunction::Max, arg: len, arg1: Some(idx), arg2: None, arg3: None }, s)
    }

    /// Whether `e` points to a runtime-sized array.
    fn is_runtime_array_pointer(&mut self, e: Handle<naga::Expression>) -> bool {
        let Some(naga::TypeInner::Pointer { base, .. }) = self.resolve(e) else { return false };
        matches!(self.lw.module.types[base].inner, naga::TypeInner::Array { size: naga::ArraySize::Dynamic, .. })
    }

    /// The value of a constant integer index expression.
    /// With `-fspv-flatten-resource-arrays` (SPIR-V), an element of a resource array of known
    /// size `array_ty` is a variable of its own, so `idx` must be a constant: E0801 otherwise
    /// (DXC's optimiser turns a run-time index into a switch over the elements; hlslc does not).
    fn flattened_index_ok(&mut self, array_ty: TypeId, idx: Handle<naga::Expression>, span: Span) {
        let flattened = self.lw.options.flatten_resource_arrays && self.lw.options.target == crate::options::Target::SpirV && matches!(self.lw.tys.get(array_ty), TypeInner::Array { size: Some(_), .. });
        if !flattened || self.const_index(idx).is_some() {
            return;
        }
        self.lw
            .error("E0801", span, "an element of a resource array chosen at run time is not supported with `-fspv-flatten-resource-arrays`")
            .note("each element is a resource of its own at its own binding; DXC's optimiser rewrites such an index into a choice between the elements, which hlslc does not do")
            .help("index the array with a constant (an `[unroll]` loop with a constant trip count gives one), or drop the flag");
    }

    pub(crate) fn const_index(&self, idx: Handle<naga::Expression>) -> Option<u32> {
        match self.func.expressions[idx] {
            naga::Expression::Literal(naga::Literal::U32(v)) => Some(v),
            naga::Expression::Literal(naga::Literal::I32(v)) if v >= 0 => Some(v as u32),
            _ => None,
        }
    }

    /// The TIR type id of a vector (or scalar for n = 1) if the module has it.
    pub(crate) fn find_vector_type(&mut self, scalar: crate::ty::Scalar, n: u8) -> TypeId {
        self.lw.tys.vector(scalar, n)
    }

    /// Reads a place.
    pub(crate) fn load(&mut self, p: &PlaceRef, s: Span) -> Handle<naga::Expression> {
        match p {
            PlaceRef::Pointer { ptr, .. } => self.add(naga::Expression::Load { pointer: *ptr }, s),
            PlaceRef::AtomicPointer { ptr, ty } => self.atomic_load(*ptr, *ty, s),
            PlaceRef::Swizzle { ptr, comps, .. } => {
                let v = self.add(naga::Expression::Load { pointer: *ptr }, s);
                self.swizzle_value(v, comps, s)
            }
            PlaceRef::MatrixElements { ptr, mat, elems, .. } => {
                let m = self.add(naga::Expression::Load { pointer: *ptr }, s);
                self.matrix_elements_value(m, *mat, elems, s)
            }
            PlaceRef::Raw { buf, addr, ty, row_major, rules } => self.raw_load(*buf, *addr, *ty, *row_major, *rules, s),
            PlaceRef::RawElements { buf, addrs, scalar_ty, ty } => {
                let comps: Vec<_> = addrs.iter().map(|a| self.raw_load(*buf, *a, *scalar_ty, None, Rules::Structured, s)).collect();
                if comps.len() == 1 {
                    return comps[0];
                }
                let t = self.lw.ty(*ty);
                self.add(naga::Expression::Compose { ty: t, components: comps }, s)
            }
            PlaceRef::Texel { image, coord, array_index, level, sample, .. } => {
                let v = self.add(naga::Expression::ImageLoad { image: *image, coordinate: *coord, array_index: *array_index, sample: *sample, level: *level }, s);
                self.texel_to_element(v, p.ty(), s)
            }
            PlaceRef::Handle { expr, .. } => *expr,
            PlaceRef::Resource { .. } => {
                let t = self.lw.scalar_type(naga::Scalar::U32);
                self.add(naga::Expression::ZeroValue(t), s)
            }
            PlaceRef::Spilled { inner, .. } => self.load(inner, s),
            PlaceRef::BitField { inner, offset, width, ty } => {
                let unit = self.load(inner, s);
                self.extract_bit_field(unit, inner.ty(), *ty, *offset, *width, s)
            }
            PlaceRef::Guarded { inner, inside } => {
                let v = self.load(inner, s);
                let zero = self.zero_like(v, s);
                self.add(naga::Expression::Select { condition: *inside, accept: v, reject: zero }, s)
            }
        }
    }

    /// Narrows an image load's `vec4` to the texture's element type.
    pub(crate) fn texel_to_element(&mut self, v: Handle<naga::Expression>, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        if let Some(converted) = self.texel_of_other_width(v, ty, s) {
            return converted;
        }
        // Depth images return a scalar; D3D reads a depth texel as (d, 0, 0, 1).
        if let Some(naga::TypeInner::Scalar(sc)) = self.resolve(v) {
            let n = match *self.lw.tys.get(ty) {
                TypeInner::Vector { size, .. } => size,
                _ => return v,
            };
            let mut comps = vec![v];
            for i in 1..n {
                let lit = if i == 3 { 1.0 } else { 0.0 };
                comps.push(self.add(naga::Expression::Literal(naga::Literal::F32(lit)), s));
            }
            let t = self.lw.vector_type(sc, n);
            return self.add(naga::Expression::Compose { ty: t, components: comps }, s);
        }
        let r = match *self.lw.tys.get(ty) {
            TypeInner::Scalar(_) => self.add(naga::Expression::AccessIndex { base: v, index: 0 }, s),
            TypeInner::Vector { size: 4, .. } => v,
            TypeInner::Vector { size, .. } => self.add(naga::Expression::Swizzle { size: super::types::vector_size(size), vector: v, pattern: super::raw::SWIZZLE_XYZW }, s),
            _ => v,
        };
        // A `bool` texture holds integers: non-zero is true.
        if self.lw.scalar_of(ty).kind == crate::ty::ScalarKind::Bool {
            let zero = match self.resolve(r) {
                Some(naga::TypeInner::Vector { size, scalar }) => {
                    let t = self.lw.vector_type(scalar, size as u8);
                    self.add(naga::Expression::ZeroValue(t), s)
                }
                Some(naga::TypeInner::Scalar(scalar)) => {
                    let t = self.lw.scalar_type(scalar);
                    self.add(naga::Expression::ZeroValue(t), s)
                }
                _ => return r,
            };
            return self.add(naga::Expression::Binary { op: naga::BinaryOperator::NotEqual, left: r, right: zero }, s);
        }
        r
    }

    /// Widens an element value to the `vec4` an image store takes.
    fn element_to_texel(&mut self, v: Handle<naga::Expression>, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        let (scalar, n) = match *self.lw.tys.get(ty) {
            TypeInner::Scalar(sc) => (sc, 1),
            TypeInner::Vector { scalar, size } => (scalar, size),
            _ => return v,
        };
        // 16-bit elements are stored through 32-bit texels.
        let (v, scalar) = if scalar.width == 2 {
            let wide = crate::ty::Scalar { kind: scalar.kind, width: 4 };
            (self.add(naga::Expression::As { expr: v, kind: super::types::naga_scalar(wide).kind, convert: Some(4) }, s), wide)
        } else {
            (v, scalar)
        };
        if n == 4 {
            return v;
        }
        let ns = super::types::naga_scalar(scalar);
        let mut comps = vec![v];
        let zero = match ns.kind {
            naga::ScalarKind::Float => naga::Literal::F32(0.0),
            naga::ScalarKind::Sint => naga::Literal::I32(0),
            _ => naga::Literal::U32(0),
        };
        let one = match ns.kind {
            naga::ScalarKind::Float => naga::Literal::F32(1.0),
            naga::ScalarKind::Sint => naga::Literal::I32(1),
            _ => naga::Literal::U32(1),
        };
        for i in n..4 {
            comps.push(self.add(naga::Expression::Literal(if i == 3 { one } else { zero }), s));
        }
        let t = self.lw.vector_type(ns, 4);
        self.add(naga::Expression::Compose { ty: t, components: comps }, s)
    }

    /// Writes a place.
    pub(crate) fn store(&mut self, p: &PlaceRef, value: Handle<naga::Expression>, s: Span) {
        match p {
            PlaceRef::Pointer { ptr, .. } => self.push(naga::Statement::Store { pointer: *ptr, value }, s),
            PlaceRef::AtomicPointer { ptr, ty } => self.atomic_store(*ptr, *ty, value, s),
            PlaceRef::Swizzle { ptr, comps, .. } => {
                for (i, &c) in comps.iter().enumerate() {
                    let dst = self.add(naga::Expression::AccessIndex { base: *ptr, index: c as u32 }, s);
                    let v = if comps.len() == 1 { value } else { self.add(naga::Expression::AccessIndex { base: value, index: i as u32 }, s) };
                    self.push(naga::Statement::Store { pointer: dst, value: v }, s);
                }
            }
            PlaceRef::MatrixElements { ptr, mat, elems, .. } => {
                let (scalar, rows, cols) = match *self.lw.tys.get(*mat) {
                    TypeInner::Matrix { scalar, rows, cols } => (scalar, rows, cols),
                    _ => return,
                };
                let rep = matrix_rep(scalar, rows, cols);
                for (i, &(r, c)) in elems.iter().enumerate() {
                    let row = self.add(naga::Expression::AccessIndex { base: *ptr, index: r as u32 }, s);
                    let dst = if rep == MatrixRep::Rows && cols == 1 { row } else { self.add(naga::Expression::AccessIndex { base: row, index: c as u32 }, s) };
                    let v = if elems.len() == 1 { value } else { self.add(naga::Expression::AccessIndex { base: value, index: i as u32 }, s) };
                    self.push(naga::Statement::Store { pointer: dst, value: v }, s);
                }
            }
            PlaceRef::Raw { buf, addr, ty, row_major, rules } => self.raw_store(*buf, *addr, *ty, value, *row_major, *rules, s),
            PlaceRef::RawElements { buf, addrs, scalar_ty, .. } => {
                for (i, a) in addrs.iter().enumerate() {
                    let v = if addrs.len() == 1 { value } else { self.add(naga::Expression::AccessIndex { base: value, index: i as u32 }, s) };
                    self.raw_store(*buf, *a, *scalar_ty, v, None, Rules::Structured, s);
                }
            }
            PlaceRef::Texel { image, coord, array_index, ty, .. } => {
                let v = self.element_to_texel(value, *ty, s);
                self.push(naga::Statement::ImageStore { image: *image, coordinate: *coord, array_index: *array_index, value: v }, s);
            }
            PlaceRef::Handle { .. } | PlaceRef::Resource { .. } => {}
            PlaceRef::Spilled { inner, temp, origin } => {
                self.store(inner, value, s);
                let whole = self.add(naga::Expression::Load { pointer: *temp }, s);
                self.store(origin, whole, s);
            }
            PlaceRef::BitField { inner, offset, width, ty } => {
                let unit = self.load(inner, s);
                let merged = self.insert_bit_field(unit, inner.ty(), value, *ty, *offset, *width, s);
                self.store(inner, merged, s);
            }
            PlaceRef::Guarded { inner, inside } => {
                self.begin();
                self.store(inner, value, s);
                let accept = self.end();
                self.push(naga::Statement::If { condition: *inside, accept, reject: naga::Block::new() }, s);
            }
        }
    }

    /// Loads a value from atomic-typed memory, leaf by leaf (a `float` leaf is an atomic `u32`
    /// holding its bits).
    fn atomic_load(&mut self, ptr: Handle<naga::Expression>, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        let n = match *self.lw.tys.get(ty) {
            TypeInner::Scalar(sc) if sc == crate::ty::Scalar::F32 => {
                let bits = self.add(naga::Expression::Load { pointer: ptr }, s);
                return self.add(naga::Expression::As { expr: bits, kind: naga::ScalarKind::Float, convert: None }, s);
            }
            TypeInner::Scalar(_) => return self.add(naga::Expression::Load { pointer: ptr }, s),
            TypeInner::Vector { size, .. } => size as u32,
            TypeInner::Matrix { rows, .. } => rows as u32,
            TypeInner::Array { size, .. } => size.unwrap_or(0),
            TypeInner::Struct(st) => self.lw.tir.structs[st.0 as usize].fields.len() as u32,
            _ => return self.add(naga::Expression::Load { pointer: ptr }, s),
        };
        let parts: Vec<_> = (0..n)
            .map(|i| {
                let elem = atomic_part_type(self, ty, i);
                let p = self.add(naga::Expression::AccessIndex { base: ptr, index: i }, s);
                self.atomic_load(p, elem, s)
            })
            .collect();
        let t = self.lw.ty(ty);
        self.add(naga::Expression::Compose { ty: t, components: parts }, s)
    }

    /// Stores a value into atomic-typed memory, leaf by leaf.
    fn atomic_store(&mut self, ptr: Handle<naga::Expression>, ty: TypeId, value: Handle<naga::Expression>, s: Span) {
        let n = match *self.lw.tys.get(ty) {
            TypeInner::Scalar(sc) if sc == crate::ty::Scalar::F32 => {
                let bits = self.add(naga::Expression::As { expr: value, kind: naga::ScalarKind::Uint, convert: None }, s);
                return self.push(naga::Statement::Store { pointer: ptr, value: bits }, s);
            }
            TypeInner::Vector { size, .. } => size as u32,
            TypeInner::Matrix { rows, .. } => rows as u32,
            TypeInner::Array { size, .. } => size.unwrap_or(0),
            TypeInner::Struct(st) => self.lw.tir.structs[st.0 as usize].fields.len() as u32,
            _ => return self.push(naga::Statement::Store { pointer: ptr, value }, s),
        };
        for i in 0..n {
            let elem = atomic_part_type(self, ty, i);
            let p = self.add(naga::Expression::AccessIndex { base: ptr, index: i }, s);
            let v = self.add(naga::Expression::AccessIndex { base: value, index: i }, s);
            self.atomic_store(p, elem, v, s);
        }
    }

    /// `v.zyx` on a value (scalars splat).
    pub(crate) fn swizzle_value(&mut self, v: Handle<naga::Expression>, comps: &[u8], s: Span) -> Handle<naga::Expression> {
        let is_scalar = matches!(self.resolve(v), Some(naga::TypeInner::Scalar(_)));
        if is_scalar {
            if comps.len() == 1 {
                return v;
            }
            return self.add(naga::Expression::Splat { size: super::types::vector_size(comps.len() as u8), value: v }, s);
        }
        if comps.len() == 1 {
            return self.add(naga::Expression::AccessIndex { base: v, index: comps[0] as u32 }, s);
        }
        let mut pattern = super::raw::SWIZZLE_XYZW;
        for (i, &c) in comps.iter().enumerate() {
            pattern[i] = super::raw::SWIZZLE_XYZW[c as usize];
        }
        self.add(naga::Expression::Swizzle { size: super::types::vector_size(comps.len() as u8), vector: v, pattern }, s)
    }

    /// `m._m01_m10` on a matrix value.
    pub(crate) fn matrix_elements_value(&mut self, m: Handle<naga::Expression>, mat: TypeId, elems: &[(u8, u8)], s: Span) -> Handle<naga::Expression> {
        let (scalar, rows, cols) = match *self.lw.tys.get(mat) {
            TypeInner::Matrix { scalar, rows, cols } => (scalar, rows, cols),
            _ => return m,
        };
        let rep = matrix_rep(scalar, rows, cols);
        let mut comps = Vec::new();
        for &(r, c) in elems {
            let row = self.add(naga::Expression::AccessIndex { base: m, index: r as u32 }, s);
            let el = if rep == MatrixRep::Rows && cols == 1 { row } else { self.add(naga::Expression::AccessIndex { base: row, index: c as u32 }, s) };
            comps.push(el);
        }
        if comps.len() == 1 {
            return comps[0];
        }
        let t = self.lw.vector_type(super::types::naga_scalar(scalar), comps.len() as u8);
        self.add(naga::Expression::Compose { ty: t, components: comps }, s)
    }
}

/// The type of part `i` of an atomic-typed composite: a struct's field `i`, else the element.
fn atomic_part_type(b: &mut FnBuilder<'_, '_>, ty: TypeId, i: u32) -> TypeId {
    match *b.lw.tys.get(ty) {
        TypeInner::Struct(st) => b.lw.tir.structs[st.0 as usize].fields[i as usize].ty,
        _ => element_type(b, ty),
    }
}

/// The element type of an array, the component type of a vector, the row type of a matrix.
fn element_type(b: &mut FnBuilder<'_, '_>, ty: TypeId) -> TypeId {
    // `lw.tys` extends the analysed module's types with those lowering adds (a matrix row
    // indexed further, `m._m00_m11[i]`, may be one of them).
    match *b.lw.tys.get(ty) {
        TypeInner::Array { base, .. } => base,
        TypeInner::Node { record, .. } => record,
        TypeInner::Vector { scalar, .. } => b.find_vector_type(scalar, 1),
        TypeInner::Matrix { scalar, cols, .. } => b.find_vector_type(scalar, cols),
        _ => ty,
    }
}
