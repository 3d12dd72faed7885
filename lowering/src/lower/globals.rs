//! Global variables: statics, groupshared memory and resources.
//!
//! Each used HLSL global becomes one naga global, represented as [`GlobalRep`] says:
//! - `static` and `groupshared` variables hold their value in naga's natural layout (their
//!   memory is not shared with the host); integer leaves that atomics touch are typed as
//!   `atomic<…>`, which naga still lets ordinary loads and stores use (`float` leaves, which
//!   SM 6.6's float atomics exchange, as `atomic<u32>` holding their bits);
//! - constant buffers are `array<vec4<u32>, N>` uniforms and `tbuffer`s `array<u32>` storage,
//!   read at D3D byte offsets ([`crate::layout`]);
//! - structured and byte-address buffers are `array<u32>` storage (`atomic<u32>` when any
//!   atomic touches them), read and written at D3D tight-layout offsets;
//! - typed buffers (`Buffer<T>`) are storage arrays of `T` (WebGPU has no texel buffers; the
//!   host uploads the elements as `T`, e.g. `vec4<f32>` for `Buffer<float4>`);
//! - textures and samplers are naga handle globals; a combined image sampler
//!   (`vk::SampledTexture…`, SPIR-V only) is an image global and hidden sampler globals named
//!   as markers for the SPIR-V pass `combined_image_sampler`, which merges them.
//!
//! An array of resources (`Texture2D t[4]`, `StructuredBuffer<S> b[]`) is one naga binding
//! array at one binding, as DXC maps it for SPIR-V. naga's binding arrays of buffers hold
//! structs, so each buffer's representation above is wrapped in a one-member struct
//! (`struct { data: array<u32> }`); append/consume counters of an array are a binding array
//! of counters (each element its own counter, as DXC gives them). wgpu cannot bind arrays of
//! uniform buffers (`UNIFORM_BUFFER_BINDING_ARRAYS` is supported on no platform), so an
//! array of constant buffers is an array of read-only storage buffers holding the same
//! D3D-packed bytes, with a warning saying so.

use super::types::{naga_scalar, sanitize};
use super::{BindingAlias, Lowerer};
use crate::layout::{BufferKind, Layouter, Rules};
use crate::tir::{ConstValue, ExprKind, GlobalId, GlobalKind};
use crate::ty::{Access, Resource, Scalar, ScalarKind, StructuredKind, TextureDim, TypeId, TypeInner};
use naga::Handle;

/// The first stand-in binding of depth twins (above the descriptor heaps' stand-ins).
const DEPTH_TWIN_BASE: u32 = 1 << 21;

/// The combined texture whose hidden sampler `global` is.
fn sampler_of(global: &crate::tir::Global) -> Option<GlobalId> {
    match &global.kind {
        GlobalKind::Resource { binding } => binding.sampler_of,
        _ => None,
    }
}

/// How an HLSL global is represented in naga.
#[derive(Clone, Copy, Debug)]
pub(crate) enum GlobalRep {
    /// The value itself (statics, groupshared); `atomic` if integer leaves are atomics.
    Value { var: Handle<naga::GlobalVariable>, atomic: bool },
    /// A texture or sampler (or a binding array of them).
    Handle(Handle<naga::GlobalVariable>),
    /// A D3D-layout constant buffer of element struct `element`, laid out by `rules`:
    /// constant-buffer packing, or for a push-constant block DXC's vector-relaxed std430 (the
    /// tight layout with `-fvk-use-dx-layout` or `-fvk-use-scalar-layout`).
    ConstantBuffer { var: Handle<naga::GlobalVariable>, element: TypeId, rules: Rules },
    /// D3D-layout words: structured (`element`), byte-address (`element: None`) buffers and
    /// `tbuffer`s.
    Words { var: Handle<naga::GlobalVariable>, atomic: bool, element: Option<TypeId>, counter: Option<Handle<naga::GlobalVariable>> },
    /// `Buffer<T>` / `RWBuffer<T>`: an array of `T`.
    TypedBuffer { var: Handle<naga::GlobalVariable>, element: TypeId },
    /// A specialization constant.
    Override(Handle<naga::Override>),
    /// `RWTexture2DMS[Array]` lowered to tight-layout words, with its dimensions in `params`
    /// (see `msaa_buffer`).
    MsBuffer { var: Handle<naga::GlobalVariable>, params: Handle<naga::GlobalVariable>, element: TypeId, samples: u32, arrayed: bool, atomic: bool },
    /// A sampler-feedback map: two atomic words per mip region, its geometry in `params`
    /// (see `feedback`).
    Feedback { var: Handle<naga::GlobalVariable>, params: Handle<naga::GlobalVariable>, array: bool },
}

impl Lowerer<'_> {
    pub(crate) fn global(&mut self, g: GlobalId) {
        let global = &self.tir.globals[g.0 as usize];
        let name = Some(sanitize(&global.name));
        let ty = global.ty;
        let span = super::span(global.span);
        let rep = match &global.kind {
            GlobalKind::Static { init, .. } => {
                let nty = self.ty(ty);
                let init_expr = match init {
                    Some(e) => match &e.kind {
                        ExprKind::Const(c) => self.const_expression(c, ty),
                        ExprKind::Zero => None,
                        _ => {
                            self.deferred_inits.push(g);
                            None
                        }
                    },
                    None => None,
                };
                // A built-in of DXC's inline SPIR-V: a private variable named for the SPIR-V pass.
                let name = self.inline_spirv_builtin_name(g).map(Some).unwrap_or(name);
                let var = self.module.global_variables.append(
                    naga::GlobalVariable { name, space: naga::AddressSpace::Private, binding: None, ty: nty, init: init_expr, memory_decorations: Default::default() },
                    span,
                );
                GlobalRep::Value { var, atomic: false }
            }
            GlobalKind::GroupShared => {
                let atomic = self.atomic_globals.contains(&g);
                let nty = if atomic { self.atomic_type(ty) } else { self.ty(ty) };
                // An amplification shader's `DispatchMesh` payload is naga's task payload.
                let space = if self.is_task_payload(g) { naga::AddressSpace::TaskPayload } else { naga::AddressSpace::WorkGroup };
                let var = self.module.global_variables.append(
                    naga::GlobalVariable { name, space, binding: None, ty: nty, init: None, memory_decorations: Default::default() },
                    span,
                );
                GlobalRep::Value { var, atomic }
            }
            GlobalKind::SpecConstant { id, default } => {
                let nty = self.ty(ty);
                let init = match default.as_ref().map(|d| &d.kind) {
                    Some(ExprKind::Const(c)) => self.const_expression(c, ty),
                    _ => None,
                };
                if self.options.target == crate::options::Target::SpirV {
                    let span = global.span;
                    self.warning("W0802", "spec-constant-fixed", span, "specialization constants are fixed to their default value in SPIR-V output")
                        .help("naga's SPIR-V writer cannot emit `OpSpecConstant`; WGSL output keeps it as an `override`");
                }
                let h = self.module.overrides.append(naga::Override { name, id: Some(*id as u16), ty: nty, init }, span);
                GlobalRep::Override(h)
            }
            GlobalKind::Resource { .. } => match self.resource_global(g) {
                Some(rep) => rep,
                None => return,
            },
        };
        self.globals.insert(g, rep);
    }

    fn resource_global(&mut self, g: GlobalId) -> Option<GlobalRep> {
        let global = &self.tir.globals[g.0 as usize];
        let name = Some(sanitize(&global.name));
        let span = super::span(global.span);
        let binding = self.binding_of(g, false);
        let (element_ty, count) = match *self.tys.get(global.ty) {
            TypeInner::Array { base, size } => (base, Some(size)),
            _ => (global.ty, None),
        };
        let (coherent, global_span) = (global.globally_coherent, global.span);
        let push_constant = matches!(&global.kind, GlobalKind::Resource { binding } if binding.push_constant);
        let shader_record = matches!(&global.kind, GlobalKind::Resource { binding } if binding.shader_record);
        let decorations = if coherent { naga::MemoryDecorations::COHERENT } else { Default::default() };
        let heap = match &global.kind {
            GlobalKind::Resource { binding } if self.options.target == crate::options::Target::Wgsl => binding.heap,
            _ => None,
        };
        let add = |lw: &mut Self, space: naga::AddressSpace, ty: Handle<naga::Type>| {
            // Buffers of an array: a binding array of one-member structs (for WGSL, one struct
            // for all of a heap's buffers, which may then be read through one variable).
            let element = heap.map_or_else(|| name.as_deref().unwrap_or("buffer"), |h| h.name());
            let ty = if space != naga::AddressSpace::Handle && count.is_some() { lw.buffer_binding_array(format!("{element}_element"), ty, count) } else { ty };
            if heap.is_some() {
                if let Some(shared) = lw.heap_global(g, global_span, binding, space, ty) {
                    return shared;
                }
            }
            // naga decorates storage buffers only; a storage texture cannot be `coherent`.
            let memory_decorations = if space == naga::AddressSpace::Handle {
                if coherent {
                    lw.warning("W0808", "coherent-texture", global_span, "`globallycoherent` on a texture cannot be expressed in WGSL or naga IR and is dropped")
                        .help("make writes visible to other thread groups with a buffer (`RWStructuredBuffer`, `RWByteAddressBuffer`) if they must be coherent");
                }
                Default::default()
            } else {
                decorations
            };
            lw.module.global_variables.append(naga::GlobalVariable { name: name.clone(), space, binding, ty, init: None, memory_decorations }, span)
        };
        let inner = *self.tys.get(element_ty);
        let rep = match inner {
            TypeInner::Sampler { comparison } if sampler_of(global).is_some() => {
                // The hidden sampler of a combined image sampler: a marker the SPIR-V pass
                // folds into the texture (see `passes::combined_image_sampler`).
                let texture = sampler_of(global)?;
                let t = self.insert_type(naga::TypeInner::Sampler { comparison }, None);
                let binding = self.combined_sampler_binding(texture, comparison);
                let name = Some(format!("{}{}", crate::passes::combined_image_sampler::SAMPLER_MARKER, texture.0));
                let var = self.module.global_variables.append(
                    naga::GlobalVariable { name, space: naga::AddressSpace::Handle, binding, ty: t, init: None, memory_decorations: Default::default() },
                    span,
                );
                GlobalRep::Handle(var)
            }
            TypeInner::Resource(Resource::Texture { dim, element, access, combined: true, .. }) => {
                let what = format!("`{}` (a Vulkan combined image sampler)", self.tir.type_name(element_ty));
                if self.options.target == crate::options::Target::Wgsl {
                    self.error("E0803", global_span, format!("{what} cannot be expressed in WGSL"))
                        .help(format!("declare a `Texture{}` and a `SamplerState`, or target SPIR-V", dim.suffix()));
                    return None;
                }
                if count.is_some() {
                    self.error("E0801", global_span, format!("arrays of {what} are not supported yet")).help("declare one variable per texture");
                    return None;
                }
                let t = self.image_type(g, dim, element, access)?;
                let name = Some(format!("{}{}", crate::passes::combined_image_sampler::IMAGE_MARKER, g.0));
                let var = self.module.global_variables.append(
                    naga::GlobalVariable { name, space: naga::AddressSpace::Handle, binding, ty: t, init: None, memory_decorations: Default::default() },
                    span,
                );
                GlobalRep::Handle(var)
            }
            TypeInner::Sampler { comparison } => {
                let t = self.insert_type(naga::TypeInner::Sampler { comparison }, None);
                let t = self.handle_array(t, count);
                GlobalRep::Handle(add(self, naga::AddressSpace::Handle, t))
            }
            TypeInner::Resource(Resource::Texture { dim, element, access: Access::ReadWrite, samples, .. }) if dim.is_multisampled() => {
                return self.ms_buffer_global(g, dim, element, samples, count.is_some());
            }
            TypeInner::Resource(Resource::FeedbackTexture { array, .. }) => return self.feedback_global(g, array, count.is_some()),
            TypeInner::Resource(Resource::SubpassInput { element, multisampled }) => {
                // A 2D image naga can read, named for `passes::input_attachment`, which makes
                // it SPIR-V's `SubpassData` image (sema allows the type for SPIR-V only).
                if count.is_some() {
                    self.error("E0801", global_span, "arrays of `SubpassInput` are not supported yet").help("declare one `SubpassInput` per input attachment");
                    return None;
                }
                let dim = if multisampled { crate::ty::TextureDim::D2MS } else { crate::ty::TextureDim::D2 };
                let t = self.image_type(g, dim, element, Access::ReadOnly)?;
                let var = add(self, naga::AddressSpace::Handle, t);
                let index = match &global.kind {
                    GlobalKind::Resource { binding } => binding.vk_input_attachment_index,
                    _ => None,
                };
                let index = index.map_or(String::new(), |i| i.to_string());
                self.module.global_variables[var].name = Some(format!("{}{index}::{}", crate::passes::input_attachment::MARKER, g.0));
                GlobalRep::Handle(var)
            }
            TypeInner::Resource(Resource::AccelerationStructure) => {
                let t = self.insert_type(naga::TypeInner::AccelerationStructure { vertex_return: false }, None);
                let t = self.handle_array(t, count);
                GlobalRep::Handle(add(self, naga::AddressSpace::Handle, t))
            }
            TypeInner::Resource(Resource::Texture { dim, element, access, .. }) => {
                let t = self.image_type(g, dim, element, access)?;
                let t = self.handle_array(t, count);
                let var = add(self, naga::AddressSpace::Handle, t);
                if self.depth_twins.contains_key(&g) {
                    self.depth_twin(g, var, dim, count);
                }
                if self.unknown_format_images.contains(&g) {
                    self.module.global_variables[var].name = Some(format!("{}{}", crate::passes::image_format_unknown::MARKER, g.0));
                }
                GlobalRep::Handle(var)
            }
            TypeInner::Resource(Resource::ConstantBuffer { element }) if count.is_some() => {
                let from_heap = matches!(&global.kind, GlobalKind::Resource { binding } if binding.heap.is_some());
                let message = if from_heap {
                    "constant buffers taken from `ResourceDescriptorHeap` are bound as read-only storage buffers"
                } else {
                    "an array of constant buffers is bound as an array of read-only storage buffers"
                };
                self.warning("W0809", "constant-buffer-array-as-storage", global.span, message)
                    .help("wgpu cannot bind arrays of uniform buffers; bind each element as a read-only storage buffer holding the constant buffer's D3D-packed bytes");
                let words = self.words_type(false);
                let var = add(self, naga::AddressSpace::Storage { access: naga::StorageAccess::LOAD }, words);
                GlobalRep::Words { var, atomic: false, element: Some(element), counter: None }
            }
            TypeInner::Resource(Resource::ConstantBuffer { element }) => {
                let rules = if push_constant || (shader_record && self.options.gl_layout) {
                    // DXC lays shader records out by its storage-buffer rule; hlslc keeps
                    // Direct3D's constant-buffer packing for them unless `-fvk-use-gl-layout`.
                    crate::layout::push_constant_rules(self.options)
                } else {
                    crate::layout::buffer_rules(self.options, BufferKind::Constant)
                };
                let size = self.buffer_size(element, rules);
                let u4 = self.vector_type(naga::Scalar::U32, 4);
                let regs = size.div_ceil(16).max(1);
                let t = self.array_type(u4, Some(regs));
                // A push-constant block is a constant buffer in naga's immediate space (no binding);
                // so is a shader record buffer, which the `ray_tracing` SPIR-V pass moves to
                // its storage class.
                let space = if push_constant || shader_record { naga::AddressSpace::Immediate } else { naga::AddressSpace::Uniform };
                // naga 30 tracks immediate data in 64 four-byte slots (its validator panics
                // beyond them).
                if space == naga::AddressSpace::Immediate && regs * 16 > 256 {
                    let (code, what) = if shader_record { ("E0634", "a shader record buffer") } else { ("E0803", "a push-constant block") };
                    self.error(code, global_span, format!("{what} of {} bytes cannot be expressed in naga IR, which allows 256 bytes of immediate data", regs * 16))
                        .help("keep the block within 256 bytes, or move the rest to a buffer");
                    return None;
                }
                let var = add(self, space, t);
                if shader_record {
                    self.shader_record(var, global_span);
                }
                GlobalRep::ConstantBuffer { var, element, rules }
            }
            TypeInner::Resource(Resource::TextureBuffer { element }) => {
                let words = self.words_type(false);
                let var = add(self, naga::AddressSpace::Storage { access: naga::StorageAccess::LOAD }, words);
                // `tbuffer` uses constant-buffer packing; it is read through the words path
                // with the constant-buffer rules (see `raw`).
                GlobalRep::Words { var, atomic: false, element: Some(element), counter: None }
            }
            TypeInner::Resource(Resource::StructuredBuffer { element, kind, .. })
                if matches!(kind, StructuredKind::ReadOnly | StructuredKind::ReadWrite) && !self.needs_counter(g) && self.natural_typed_element(element) && !(heap.is_some() && self.shares_heap_binding(g)) =>
            {
                // Natural-layout fast path: naga's `array<T>` has D3D's tight layout for 4-byte
                // scalars and 2-/4-vectors, so elements load and store whole.
                let atomic = self.atomic_globals.contains(&g);
                let el = if atomic { self.atomic_type(element) } else { self.ty(element) };
                let arr = self.array_type(el, None);
                let access = if kind == StructuredKind::ReadOnly && !atomic { naga::StorageAccess::LOAD } else { naga::StorageAccess::LOAD | naga::StorageAccess::STORE };
                GlobalRep::TypedBuffer { var: add(self, naga::AddressSpace::Storage { access }, arr), element }
            }
            TypeInner::Resource(Resource::StructuredBuffer { element, kind, .. }) => {
                let atomic = self.atomic_globals.contains(&g) || matches!(kind, StructuredKind::Append | StructuredKind::Consume);
                let words = self.words_type(self.atomic_globals.contains(&g));
                let access = if kind == StructuredKind::ReadOnly && !atomic {
                    naga::StorageAccess::LOAD
                } else {
                    naga::StorageAccess::LOAD | naga::StorageAccess::STORE
                };
                let var = add(self, naga::AddressSpace::Storage { access }, words);
                let counter = if self.needs_counter(g) { Some(self.counter_global(g, count)) } else { None };
                GlobalRep::Words { var, atomic: self.atomic_globals.contains(&g), element: Some(element), counter }
            }
            TypeInner::Resource(Resource::ByteAddressBuffer { access }) => {
                let atomic = self.atomic_globals.contains(&g);
                let words = self.words_type(atomic);
                let acc = if access == Access::ReadOnly { naga::StorageAccess::LOAD } else { naga::StorageAccess::LOAD | naga::StorageAccess::STORE };
                let var = add(self, naga::AddressSpace::Storage { access: acc }, words);
                GlobalRep::Words { var, atomic, element: None, counter: None }
            }
            TypeInner::Resource(Resource::TypedBuffer { element, access }) => {
                let acc = if access == Access::ReadOnly { naga::StorageAccess::LOAD } else { naga::StorageAccess::LOAD | naga::StorageAccess::STORE };
                let atomic = self.atomic_globals.contains(&g);
                if self.natural_typed_element(element) && !(heap.is_some() && self.shares_heap_binding(g)) {
                    // `array<T>` has the tight layout of `T` (4-byte scalars, 2- and 4-vectors).
                    // For WGSL, a buffer taken from a heap with other types is read as words,
                    // the type the heap's other buffers share.
                    let el = if atomic { self.atomic_type(element) } else { self.ty(element) };
                    let arr = self.array_type(el, None);
                    GlobalRep::TypedBuffer { var: add(self, naga::AddressSpace::Storage { access: acc }, arr), element }
                } else {
                    // `float3`, 16-bit and 64-bit elements: tight-layout words.
                    let words = self.words_type(atomic);
                    let var = add(self, naga::AddressSpace::Storage { access: acc }, words);
                    GlobalRep::Words { var, atomic, element: Some(element), counter: None }
                }
            }
            _ => {
                let t = self.tir.type_name(global.ty);
                self.error("E0801", global.span, format!("resources of type `{t}` are not supported yet"));
                return None;
            }
        };
        Some(rep)
    }

    /// True if naga's `array<T>` stores a typed buffer's elements exactly as the host writes
    /// them (the DXGI format matching `T`, tightly packed): 32-bit scalars and 2-/4-vectors.
    fn natural_typed_element(&self, element: TypeId) -> bool {
        match *self.tys.get(element) {
            TypeInner::Scalar(s) => s.width == 4 && s.kind != ScalarKind::Bool,
            TypeInner::Vector { scalar, size } => scalar.width == 4 && scalar.kind != ScalarKind::Bool && size != 3,
            _ => false,
        }
    }

    fn handle_array(&mut self, t: Handle<naga::Type>, count: Option<Option<u32>>) -> Handle<naga::Type> {
        match count {
            None => t,
            Some(n) => {
                let size = match n.and_then(std::num::NonZeroU32::new) {
                    Some(n) => naga::ArraySize::Constant(n),
                    None => naga::ArraySize::Dynamic,
                };
                self.insert_type(naga::TypeInner::BindingArray { base: t, size }, None)
            }
        }
    }

    /// Whether another array of the same descriptor heap shares this one's binding.
    fn shares_heap_binding(&self, g: GlobalId) -> bool {
        let Some(b) = self.binding_of(g, false) else { return false };
        self.bindings.iter().any(|i| i.global != g && i.group == b.group && i.binding == b.binding)
    }

    /// WGSL: the variable a descriptor heap's earlier array of the same WGSL type (space and
    /// type) already declared at the heap's binding, which this array then reads too; E0804
    /// when the types differ (a WGSL binding holds one resource type). `None`: the first.
    fn heap_global(&mut self, g: GlobalId, span: hlslc_grammar::Span, binding: Option<naga::ResourceBinding>, space: naga::AddressSpace, ty: Handle<naga::Type>) -> Option<Handle<naga::GlobalVariable>> {
        let binding = binding?;
        let (h, v) = self.module.global_variables.iter().find(|(_, v)| v.binding == Some(binding))?;
        if v.space == space && v.ty == ty {
            return Some(h);
        }
        let element = |lw: &Self, g: GlobalId| lw.tir.type_name(super::bindings::element_of(lw, g));
        let first = self.bindings.iter().find(|b| b.group == binding.group && b.binding == binding.binding && b.global != g).map(|b| b.global);
        let (a, b) = (first.map_or_else(|| "another resource type".to_string(), |f| format!("`{}`", element(self, f))), element(self, g));
        let heap = match &self.tir.global(g).kind {
            GlobalKind::Resource { binding } => binding.heap.map_or("the descriptor heap", |h| h.name()),
            _ => "the descriptor heap",
        };
        self.error("E0804", span, format!("`{heap}` used as `{b}` after {a} cannot be expressed in WGSL, whose bindings hold one resource type"))
            .help("take resources of one WGSL type from each heap, declare a resource array per type instead, or target SPIR-V (where the types alias one binding, as in DXC)");
        None
    }

    /// `binding_array<struct { data: T }, N>` (`N` absent for unsized arrays): naga's binding
    /// arrays of buffers hold structs.
    fn buffer_binding_array(&mut self, name: String, t: Handle<naga::Type>, count: Option<Option<u32>>) -> Handle<naga::Type> {
        let span = self.layouter[t].size;
        let member = naga::StructMember { name: Some("data".into()), ty: t, binding: None, offset: 0 };
        let wrapper = self.insert_type(naga::TypeInner::Struct { members: vec![member], span }, Some(name));
        self.handle_array(wrapper, count)
    }

    /// A private `array<vec2<f32>, 31>` of D3D's standard multisample patterns: 1, 2, 4, 8 and
    /// 16 samples back to back (D3D11_STANDARD_MULTISAMPLE_PATTERN, in 1/16 pixel from the
    /// pixel centre, as the D3D11.3 functional specification lists them).
    pub(crate) fn sample_position_table(&mut self) -> Handle<naga::GlobalVariable> {
        if let Some(h) = self.sample_positions {
            return h;
        }
        const PATTERNS: [(i8, i8); 31] = [
            (0, 0),
            (4, 4), (-4, -4),
            (-2, -6), (6, -2), (-6, 2), (2, 6),
            (1, -3), (-1, 3), (5, 1), (-3, -5), (-5, 5), (-7, -1), (3, 7), (7, -7),
            (1, 1), (-1, -3), (-3, 2), (4, -1), (-5, -2), (2, 5), (5, 3), (3, -5),
            (-2, 6), (0, -7), (-4, -6), (-6, 4), (-8, 0), (7, -4), (6, 7), (-7, -8),
        ];
        let v2 = self.vector_type(naga::Scalar::F32, 2);
        let arr = self.array_type(v2, Some(PATTERNS.len() as u32));
        let mut items = Vec::new();
        for (x, y) in PATTERNS {
            let xs = self.module.global_expressions.append(naga::Expression::Literal(naga::Literal::F32(x as f32 / 16.0)), naga::Span::UNDEFINED);
            let ys = self.module.global_expressions.append(naga::Expression::Literal(naga::Literal::F32(y as f32 / 16.0)), naga::Span::UNDEFINED);
            items.push(self.module.global_expressions.append(naga::Expression::Compose { ty: v2, components: vec![xs, ys] }, naga::Span::UNDEFINED));
        }
        let init = self.module.global_expressions.append(naga::Expression::Compose { ty: arr, components: items }, naga::Span::UNDEFINED);
        let h = self.module.global_variables.append(
            naga::GlobalVariable { name: Some("d3d_sample_positions".into()), space: naga::AddressSpace::Private, binding: None, ty: arr, init: Some(init), memory_decorations: Default::default() },
            naga::Span::UNDEFINED,
        );
        self.sample_positions = Some(h);
        h
    }

    /// `array<u32>` or `array<atomic<u32>>`.
    fn words_type(&mut self, atomic: bool) -> Handle<naga::Type> {
        let word = if atomic {
            self.insert_type(naga::TypeInner::Atomic(naga::Scalar::U32), None)
        } else {
            self.scalar_type(naga::Scalar::U32)
        };
        self.array_type(word, None)
    }

    /// The hidden counter of an append/consume (or counted RW structured) buffer: one atomic
    /// `u32`, or a binding array of them for an array of buffers.
    fn counter_global(&mut self, g: GlobalId, count: Option<Option<u32>>) -> Handle<naga::GlobalVariable> {
        let name = format!("{}_counter", sanitize(&self.tir.global(g).name));
        let a = self.insert_type(naga::TypeInner::Atomic(naga::Scalar::U32), None);
        let t = self.array_type(a, Some(1));
        let t = if count.is_some() { self.buffer_binding_array(format!("{name}_element"), t, count) } else { t };
        let binding = self.binding_of(g, true);
        self.module.global_variables.append(
            naga::GlobalVariable {
                name: Some(name),
                space: naga::AddressSpace::Storage { access: naga::StorageAccess::LOAD | naga::StorageAccess::STORE },
                binding,
                ty: t,
                init: None,
                memory_decorations: Default::default(),
            },
            naga::Span::UNDEFINED,
        )
    }

    /// The byte size of a buffer's element laid out by `rules`.
    pub(crate) fn buffer_size(&self, element: TypeId, rules: Rules) -> u32 {
        let l = Layouter { module: self.tir, default_row_major: self.options.default_row_major };
        l.layout(element, rules, None).size
    }

    fn image_type(&mut self, g: GlobalId, dim: TextureDim, element: TypeId, access: Access) -> Option<Handle<naga::Type>> {
        let scalar = self.scalar_of(element);
        // A `bool` texture holds 32-bit integers (read back as `!= 0`).
        let kind = match naga_scalar(scalar).kind {
            naga::ScalarKind::Bool => naga::ScalarKind::Uint,
            kind => kind,
        };
        let (ndim, arrayed) = match dim {
            TextureDim::D1 => (naga::ImageDimension::D1, false),
            TextureDim::D1Array => (naga::ImageDimension::D1, true),
            TextureDim::D2 | TextureDim::D2MS => (naga::ImageDimension::D2, false),
            TextureDim::D2Array | TextureDim::D2MSArray => (naga::ImageDimension::D2, true),
            TextureDim::D3 => (naga::ImageDimension::D3, false),
            TextureDim::Cube => (naga::ImageDimension::Cube, false),
            TextureDim::CubeArray => (naga::ImageDimension::Cube, true),
        };
        let span = self.tir.global(g).span;
        if dim == TextureDim::D1Array && self.options.target == crate::options::Target::Wgsl {
            self.error("E0803", span, "`Texture1DArray` cannot be expressed in WGSL").help("use a `Texture2DArray` with height 1, or target SPIR-V");
            return None;
        }
        if dim == TextureDim::D2MSArray && self.options.target == crate::options::Target::Wgsl {
            self.error("E0803", span, "`Texture2DMSArray` cannot be expressed in WGSL").help("target SPIR-V, or use one `Texture2DMS` per layer");
            return None;
        }
        let class = if access == Access::ReadWrite {
            if dim.is_multisampled() {
                self.error("E0803", span, "writable multisampled textures (`RWTexture2DMS`) cannot be expressed in WGSL or naga IR");
                return None;
            }
            let format = self.storage_format(g, element)?;
            let access = if self.atomic_globals.contains(&g) {
                naga::StorageAccess::LOAD | naga::StorageAccess::STORE | naga::StorageAccess::ATOMIC
            } else {
                naga::StorageAccess::LOAD | naga::StorageAccess::STORE
            };
            naga::ImageClass::Storage { format, access }
        } else if self.depth_textures.contains(&g) {
            if dim == TextureDim::D1 && self.options.target == crate::options::Target::Wgsl {
                self.error("E0803", span, "comparison sampling of a `Texture1D` cannot be expressed in WGSL, which has no 1D depth textures").help("use a `Texture2D` with height 1, or target SPIR-V");
                return None;
            }
            naga::ImageClass::Depth { multi: dim.is_multisampled() }
        } else {
            naga::ImageClass::Sampled { kind, multi: dim.is_multisampled() }
        };
        Some(self.insert_type(naga::TypeInner::Image { dim: ndim, arrayed, class }, None))
    }

    /// The depth twin of texture array `g` (colour variable `var`): the same array of depth
    /// textures on a stand-in binding that `passes::binding_alias` replaces with `var`'s.
    fn depth_twin(&mut self, g: GlobalId, var: Handle<naga::GlobalVariable>, dim: TextureDim, count: Option<Option<u32>>) {
        let colour = &self.module.global_variables[var];
        let (name, binding, span) = (colour.name.as_ref().map(|n| format!("{n}_compared")), colour.binding, self.module.global_variables.get_span(var));
        let Some(binding) = binding else { return };
        let naga::TypeInner::Image { dim: ndim, arrayed, .. } = self.module.types[self.image_of(colour.ty)].inner else { return };
        let t = self.insert_type(naga::TypeInner::Image { dim: ndim, arrayed, class: naga::ImageClass::Depth { multi: dim.is_multisampled() } }, None);
        let t = self.handle_array(t, count);
        let stand_in = naga::ResourceBinding { group: binding.group, binding: DEPTH_TWIN_BASE + self.binding_aliases.iter().filter(|a| a.global.is_none()).count() as u32 };
        let twin = self.module.global_variables.append(
            naga::GlobalVariable { name, space: naga::AddressSpace::Handle, binding: Some(stand_in), ty: t, init: None, memory_decorations: Default::default() },
            span,
        );
        self.binding_aliases.push(BindingAlias { global: None, stand_in, binding });
        self.depth_twins.insert(g, Some(twin));
    }

    /// The 64-bit view of buffer words `var` (64-bit atomics on a `uint64_t` element or member
    /// of a structured, typed or byte-address buffer, which hlslc keeps as 32-bit words): the
    /// same buffer as `array<atomic<u64>>` (`atomic<i64>` when `signed`), on a stand-in
    /// binding that the SPIR-V pass `binding_alias` replaces with `var`'s. `None` for a
    /// variable without a binding.
    pub(crate) fn words64_view(&mut self, var: Handle<naga::GlobalVariable>, signed: bool) -> Option<Handle<naga::GlobalVariable>> {
        if let Some(&view) = self.words64_views.get(&(var, signed)) {
            return Some(view);
        }
        let words = &self.module.global_variables[var];
        let (name, binding, space, span) = (words.name.as_ref().map(|n| format!("{n}_{}64", if signed { "i" } else { "u" })), words.binding?, words.space, self.module.global_variables.get_span(var));
        let scalar = if signed { naga::Scalar::I64 } else { naga::Scalar::U64 };
        let a = self.insert_type(naga::TypeInner::Atomic(scalar), None);
        let t = self.array_type(a, None);
        let stand_in = naga::ResourceBinding { group: binding.group, binding: DEPTH_TWIN_BASE + self.binding_aliases.iter().filter(|a| a.global.is_none()).count() as u32 };
        let view = self.module.global_variables.append(naga::GlobalVariable { name, space, binding: Some(stand_in), ty: t, init: None, memory_decorations: Default::default() }, span);
        self.binding_aliases.push(BindingAlias { global: None, stand_in, binding });
        self.words64_views.insert((var, signed), view);
        Some(view)
    }

    /// The image type of an image or binding-array-of-images type.
    fn image_of(&self, t: Handle<naga::Type>) -> Handle<naga::Type> {
        match self.module.types[t].inner {
            naga::TypeInner::BindingArray { base, .. } => base,
            _ => t,
        }
    }

    /// The storage format of an RW texture: `[[vk::image_format]]`, else (for SPIR-V) `Unknown`
    /// with `-fspv-use-unknown-image-format`, else inferred from `T`.
    fn storage_format(&mut self, g: GlobalId, element: TypeId) -> Option<naga::StorageFormat> {
        use naga::StorageFormat as F;
        let global = self.tir.global(g);
        if let GlobalKind::Resource { binding } = &global.kind {
            if let Some(fmt) = &binding.vk_image_format {
                if fmt == "unknown" {
                    return self.unknown_format(g, element);
                }
                // Sema checked the name and the element's scalar type.
                return match parse_format(fmt) {
                    Some(f) => Some(f),
                    None => {
                        let span = global.span;
                        self.error("E0803", span, format!("the image format `{fmt}` cannot be expressed in naga IR"))
                            .help("declare a format naga has, e.g. `rgba32f`, `r32ui` or `r64ui`");
                        None
                    }
                };
            }
        }
        // `-fspv-use-unknown-image-format`: SPIR-V's `Unknown` where no attribute gives one.
        if self.options.unknown_image_format && self.options.target == crate::options::Target::SpirV {
            return self.unknown_format(g, element);
        }
        let s = self.scalar_of(element);
        let n = match *self.tys.get(element) {
            TypeInner::Vector { size, .. } => size,
            _ => 1,
        };
        let f = match (s.kind, s.width, n) {
            (ScalarKind::Float, 4, 1) => F::R32Float,
            (ScalarKind::Float, 4, 2) => F::Rg32Float,
            (ScalarKind::Float, 4, 4) => F::Rgba32Float,
            (ScalarKind::Float, _, 3) => {
                // D3D's usual three-channel UAV format; the host's texture must match.
                let span = global.span;
                self.warning("W0701", "storage-format-assumed", span, "no storage format has three float channels; assuming `rg11b10ufloat`")
                    .help("declare the format with `[[vk::image_format(\"rgba16f\")]]` (or another) to match the texture you bind");
                F::Rg11b10Ufloat
            }
            (ScalarKind::Float, 2, 1) => F::R16Float,
            (ScalarKind::Float, 2, 2) => F::Rg16Float,
            (ScalarKind::Float, 2, 4) => F::Rgba16Float,
            (ScalarKind::Uint, 4, 1) => F::R32Uint,
            (ScalarKind::Uint, 4, 2) => F::Rg32Uint,
            (ScalarKind::Uint, 4, 4) => F::Rgba32Uint,
            (ScalarKind::Int, 4, 1) => F::R32Sint,
            (ScalarKind::Int, 4, 2) => F::Rg32Sint,
            (ScalarKind::Int, 4, 4) => F::Rgba32Sint,
            (ScalarKind::Uint, 8, 1) => F::R64Uint,
            // DXC's SPIR-V gives three 32-bit integer channels the `Unknown` format.
            (ScalarKind::Uint | ScalarKind::Int, 4, 3) if self.options.target == crate::options::Target::SpirV => return self.unknown_format(g, element),
            (ScalarKind::Int, 8, 1) => {
                let span = global.span;
                self.error("E0803", span, "a storage texture of `int64_t` texels cannot be expressed in naga IR, whose only 64-bit storage format is `r64uint`")
                    .help("declare the texture with `uint64_t` texels: `(int64_t)` and `(uint64_t)` keep the bits of what is read and written, but `InterlockedMin`/`Max` then compare unsigned");
                return None;
            }
            _ => {
                let t = self.tir.type_name(element);
                let span = global.span;
                self.error("E0705", span, format!("no storage texture format holds `{t}`"))
                    .help("use a 1, 2 or 4 component element, or give the format with `[[vk::image_format(\"rgba8\")]]`");
                return None;
            }
        };
        Some(f)
    }

    /// A storage image of SPIR-V's `Unknown` format (`[[vk::image_format("unknown")]]`, or an
    /// element no format holds): the four-channel 32-bit format of the element's scalar kind,
    /// which `passes::image_format_unknown` replaces; WGSL has no such format.
    fn unknown_format(&mut self, g: GlobalId, element: TypeId) -> Option<naga::StorageFormat> {
        use naga::StorageFormat as F;
        let span = self.tir.global(g).span;
        let t = self.tir.type_name(element);
        if self.options.target != crate::options::Target::SpirV {
            self.error("E0803", span, format!("a storage texture of `{t}` without a format (SPIR-V's `Unknown` image format) cannot be expressed in WGSL"))
                .help("declare a format with `[[vk::image_format(\"rgba32f\")]]` (or another), or target SPIR-V");
            return None;
        }
        let s = self.scalar_of(element);
        let format = match (s.kind, s.width) {
            (ScalarKind::Float, 4) => F::Rgba32Float,
            (ScalarKind::Uint | ScalarKind::Bool, 4) => F::Rgba32Uint,
            (ScalarKind::Int, 4) => F::Rgba32Sint,
            _ => {
                self.error("E0803", span, format!("a storage texture of `{t}` without a format cannot be expressed in naga IR")).help("use 32-bit elements");
                return None;
            }
        };
        self.unknown_format_images.insert(g);
        Some(format)
    }

    /// The naga type of a value whose integer leaves are atomics; `float` leaves (SM 6.6's
    /// float exchange and bitwise compare) are atomic `u32`s holding the float's bits.
    fn atomic_type(&mut self, t: TypeId) -> Handle<naga::Type> {
        let atomic_of = |s: Scalar| if s == Scalar::F32 { naga::Scalar::U32 } else { naga_scalar(s) };
        match *self.tys.get(t) {
            TypeInner::Scalar(s) if s.is_integer() || s == Scalar::F32 => self.insert_type(naga::TypeInner::Atomic(atomic_of(s)), None),
            // naga atomics are scalars: a vector becomes an array of them.
            TypeInner::Vector { scalar, size } if scalar.is_integer() || scalar == Scalar::F32 => {
                let a = self.insert_type(naga::TypeInner::Atomic(atomic_of(scalar)), None);
                self.array_type(a, Some(size as u32))
            }
            // A matrix: an array of its rows (HLSL's; naga's float matrix columns), each an
            // array of atomics (a one-column matrix's rows are scalars).
            TypeInner::Matrix { scalar, rows, cols } if scalar.is_integer() || scalar == Scalar::F32 => {
                let a = self.insert_type(naga::TypeInner::Atomic(atomic_of(scalar)), None);
                let row = if cols > 1 { self.array_type(a, Some(cols as u32)) } else { a };
                self.array_type(row, Some(rows as u32))
            }
            TypeInner::Array { base, size } => {
                let b = self.atomic_type(base);
                self.array_type(b, size)
            }
            // A struct (sema allowed only 32-bit integer and `float` leaves): the same members
            // at the same offsets, each typed atomic (an atomic is no larger than the value).
            TypeInner::Struct(st) => {
                let plain = self.ty(t);
                let naga::TypeInner::Struct { members, span } = self.module.types[plain].inner.clone() else { return plain };
                let fields: Vec<TypeId> = self.tir.structs[st.0 as usize].fields.iter().map(|f| f.ty).collect();
                let members = members
                    .into_iter()
                    .zip(fields)
                    .map(|(m, fty)| naga::StructMember { ty: self.atomic_type(fty), ..m })
                    .collect();
                let name = self.module.types[plain].name.clone().map(|n| format!("{n}_atomic"));
                self.insert_type(naga::TypeInner::Struct { members, span }, name)
            }
            _ => self.ty(t),
        }
    }

    /// A constant as a naga global (constant) expression.
    pub(crate) fn const_expression(&mut self, c: &ConstValue, ty: TypeId) -> Option<Handle<naga::Expression>> {
        let h = self.const_expr_in(c, ty)?;
        Some(h)
    }

    fn const_expr_in(&mut self, c: &ConstValue, ty: TypeId) -> Option<Handle<naga::Expression>> {
        let comps = crate::sema::components_of(c);
        let e = match *self.tys.get(ty) {
            TypeInner::Scalar(s) => naga::Expression::Literal(literal(s, c)?),
            TypeInner::Vector { scalar, .. } => {
                let nty = self.ty(ty);
                let mut parts = Vec::new();
                for x in &comps {
                    parts.push(self.module.global_expressions.append(naga::Expression::Literal(literal(scalar, x)?), naga::Span::UNDEFINED));
                }
                naga::Expression::Compose { ty: nty, components: parts }
            }
            TypeInner::Matrix { scalar, rows, cols } => {
                let nty = self.ty(ty);
                let row_ty = self.vector_type(naga_scalar(scalar), cols);
                let mut row_exprs = Vec::new();
                for r in 0..rows as usize {
                    let mut lits = Vec::new();
                    for k in 0..cols as usize {
                        let x = comps.get(r * cols as usize + k)?;
                        lits.push(self.module.global_expressions.append(naga::Expression::Literal(literal(scalar, x)?), naga::Span::UNDEFINED));
                    }
                    let row = if cols == 1 { lits[0] } else { self.module.global_expressions.append(naga::Expression::Compose { ty: row_ty, components: lits }, naga::Span::UNDEFINED) };
                    row_exprs.push(row);
                }
                naga::Expression::Compose { ty: nty, components: row_exprs }
            }
            TypeInner::Array { base, .. } => {
                let ConstValue::Composite(parts) = c else { return None };
                let nty = self.ty(ty);
                let mut out = Vec::new();
                for p in parts {
                    out.push(self.const_expr_in(p, base)?);
                }
                naga::Expression::Compose { ty: nty, components: out }
            }
            TypeInner::Struct(st) => {
                let ConstValue::Composite(parts) = c else { return None };
                let nty = self.ty(ty);
                let fields: Vec<TypeId> = self.tir.structs[st.0 as usize].fields.iter().map(|f| f.ty).collect();
                let mut out = Vec::new();
                for (p, f) in parts.iter().zip(fields) {
                    out.push(self.const_expr_in(p, f)?);
                }
                naga::Expression::Compose { ty: nty, components: out }
            }
            _ => return None,
        };
        Some(self.module.global_expressions.append(e, naga::Span::UNDEFINED))
    }
}

/// A naga literal for a scalar constant of HLSL scalar type `s`.
pub(crate) fn literal(s: crate::ty::Scalar, c: &ConstValue) -> Option<naga::Literal> {
    let as_f64 = |c: &ConstValue| match c {
        ConstValue::Float(f) => *f,
        ConstValue::Int(i) => *i as f64,
        ConstValue::Uint(u) => *u as f64,
        ConstValue::Bool(b) => *b as u8 as f64,
        ConstValue::Composite(_) => 0.0,
    };
    let as_i64 = |c: &ConstValue| match c {
        ConstValue::Float(f) => *f as i64,
        ConstValue::Int(i) => *i,
        ConstValue::Uint(u) => *u as i64,
        ConstValue::Bool(b) => *b as i64,
        ConstValue::Composite(_) => 0,
    };
    Some(match (s.kind, s.width) {
        (ScalarKind::Bool, _) => naga::Literal::Bool(match c {
            ConstValue::Bool(b) => *b,
            other => as_i64(other) != 0,
        }),
        (ScalarKind::Float, 2) => naga::Literal::F16(half::f16::from_f64(as_f64(c))),
        (ScalarKind::Float, 8) => naga::Literal::F64(as_f64(c)),
        (ScalarKind::Float, _) => naga::Literal::F32(as_f64(c) as f32),
        (ScalarKind::Int, 8) => naga::Literal::I64(as_i64(c)),
        (ScalarKind::Uint, 8) => naga::Literal::U64(as_i64(c) as u64),
        (ScalarKind::Int, 2) => naga::Literal::I16(as_i64(c) as i16),
        (ScalarKind::Uint, 2) => naga::Literal::U16(as_i64(c) as u16),
        (ScalarKind::Int, _) => naga::Literal::I32(as_i64(c) as i32),
        (ScalarKind::Uint, _) => naga::Literal::U32(as_i64(c) as u32),
    })
}

fn parse_format(s: &str) -> Option<naga::StorageFormat> {
    use naga::StorageFormat as F;
    Some(match s {
        "rgba32f" => F::Rgba32Float,
        "rgba16f" => F::Rgba16Float,
        "rg32f" => F::Rg32Float,
        "rg16f" => F::Rg16Float,
        "r11g11b10f" => F::Rg11b10Ufloat,
        "r32f" => F::R32Float,
        "r16f" => F::R16Float,
        "rgba16" => F::Rgba16Unorm,
        "rgb10a2" => F::Rgb10a2Unorm,
        "rgba8" => F::Rgba8Unorm,
        "rg16" => F::Rg16Unorm,
        "rg8" => F::Rg8Unorm,
        "r16" => F::R16Unorm,
        "r8" => F::R8Unorm,
        "rgba16snorm" => F::Rgba16Snorm,
        "rgba8snorm" => F::Rgba8Snorm,
        "rg16snorm" => F::Rg16Snorm,
        "rg8snorm" => F::Rg8Snorm,
        "r16snorm" => F::R16Snorm,
        "r8snorm" => F::R8Snorm,
        "rgba32i" => F::Rgba32Sint,
        "rgba16i" => F::Rgba16Sint,
        "rgba8i" => F::Rgba8Sint,
        "rg32i" => F::Rg32Sint,
        "rg16i" => F::Rg16Sint,
        "rg8i" => F::Rg8Sint,
        "r32i" => F::R32Sint,
        "r16i" => F::R16Sint,
        "r8i" => F::R8Sint,
        "rgba32ui" => F::Rgba32Uint,
        "rgba16ui" => F::Rgba16Uint,
        "rgb10a2ui" => F::Rgb10a2Uint,
        "rgba8ui" => F::Rgba8Uint,
        "rg32ui" => F::Rg32Uint,
        "rg16ui" => F::Rg16Uint,
        "rg8ui" => F::Rg8Uint,
        "r32ui" => F::R32Uint,
        "r16ui" => F::R16Uint,
        "r8ui" => F::R8Uint,
        "r64ui" => F::R64Uint,
        "bgra8" => F::Bgra8Unorm,
        _ => return None,
    })
}
