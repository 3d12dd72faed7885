//! The optional GPU features a compiled module needs, read off the validated naga module.
//!
//! WebGPU devices are created with an explicit feature set, and a shader using 16-bit floats
//! or subgroup operations fails pipeline creation on a device without them. This module finds
//! each such use (types, built-ins, statements, atomics, binding arrays) so a host can request
//! exactly what its shaders need, or pick a fallback permutation. The names are wgpu's
//! (`wgpu::Features::SHADER_F16` is [`Feature::ShaderF16`]); [`crate::wgpu::features`]
//! converts them when the `wgpu` cargo feature is on. The list does not depend on wgpu, so
//! generated build-script code and tools without a GPU can use it too.

use naga::{AddressSpace, Binding, BuiltIn, Handle, ScalarKind, ShaderStage, Statement, TypeInner};

/// One optional WebGPU/wgpu feature (named after `wgpu::Features`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Feature {
    /// `f16` (`half` with `-enable-16bit-types`): `SHADER_F16`.
    ShaderF16,
    /// `double`: `SHADER_F64`.
    ShaderF64,
    /// `int16_t`/`uint16_t`: `SHADER_I16`.
    ShaderI16,
    /// `int64_t`/`uint64_t`: `SHADER_INT64`.
    ShaderInt64,
    /// 64-bit `InterlockedMin`/`InterlockedMax` only: `SHADER_INT64_ATOMIC_MIN_MAX`.
    ShaderInt64AtomicMinMax,
    /// Any other 64-bit atomic: `SHADER_INT64_ATOMIC_ALL_OPS`.
    ShaderInt64AtomicAllOps,
    /// Atomics on `float`: `SHADER_FLOAT32_ATOMIC`.
    ShaderFloat32Atomic,
    /// Wave intrinsics and wave built-ins: `SUBGROUP`.
    Subgroup,
    /// Wave intrinsics in a vertex shader: `SUBGROUP_VERTEX`.
    SubgroupVertex,
    /// Subgroup barriers: `SUBGROUP_BARRIER`.
    SubgroupBarrier,
    /// `Interlocked*` on textures: `TEXTURE_ATOMIC`.
    TextureAtomic,
    /// 64-bit texture atomics: `TEXTURE_INT64_ATOMIC`.
    TextureInt64Atomic,
    /// `SV_ClipDistance`: `CLIP_DISTANCES`.
    ClipDistances,
    /// `SV_PrimitiveID` in a pixel shader: `PRIMITIVE_INDEX`.
    PrimitiveIndex,
    /// `SV_ViewID`: `MULTIVIEW`.
    Multiview,
    /// `SV_Barycentrics`: `SHADER_BARYCENTRICS`.
    ShaderBarycentrics,
    /// The draw index built-in: `SHADER_DRAW_INDEX`.
    ShaderDrawIndex,
    /// `[earlydepthstencil]`: `SHADER_EARLY_DEPTH_TEST`.
    ShaderEarlyDepthTest,
    /// Dual-source blending outputs: `DUAL_SOURCE_BLENDING`.
    DualSourceBlending,
    /// Push constants (`[[vk::push_constant]]`): `IMMEDIATES`.
    Immediates,
    /// Arrays of textures or samplers: `TEXTURE_BINDING_ARRAY`.
    TextureBindingArray,
    /// Arrays of buffers: `BUFFER_BINDING_ARRAY`.
    BufferBindingArray,
    /// Arrays of storage buffers or storage textures: `STORAGE_RESOURCE_BINDING_ARRAY`.
    StorageResourceBindingArray,
    /// Arrays of uniform buffers: `UNIFORM_BUFFER_BINDING_ARRAYS`.
    UniformBufferBindingArrays,
    /// Sampled textures, samplers or storage buffers of an array chosen by a non-uniform index
    /// (`NonUniformResourceIndex`): `SAMPLED_TEXTURE_AND_STORAGE_BUFFER_ARRAY_NON_UNIFORM_INDEXING`.
    SampledTextureAndStorageBufferArrayNonUniformIndexing,
    /// Storage textures of an array chosen by a non-uniform index:
    /// `STORAGE_TEXTURE_ARRAY_NON_UNIFORM_INDEXING`.
    StorageTextureArrayNonUniformIndexing,
    /// Writable storage in a vertex shader: `VERTEX_WRITABLE_STORAGE`.
    VertexWritableStorage,
    /// Inline ray tracing (`RayQuery`, `RaytracingAccelerationStructure`):
    /// `EXPERIMENTAL_RAY_QUERY`.
    ExperimentalRayQuery,
}

impl Feature {
    /// wgpu's name for the feature (`SHADER_F16`), as `wgpu::Features::from_name` accepts it.
    pub fn wgpu_name(self) -> &'static str {
        match self {
            Feature::ShaderF16 => "SHADER_F16",
            Feature::ShaderF64 => "SHADER_F64",
            Feature::ShaderI16 => "SHADER_I16",
            Feature::ShaderInt64 => "SHADER_INT64",
            Feature::ShaderInt64AtomicMinMax => "SHADER_INT64_ATOMIC_MIN_MAX",
            Feature::ShaderInt64AtomicAllOps => "SHADER_INT64_ATOMIC_ALL_OPS",
            Feature::ShaderFloat32Atomic => "SHADER_FLOAT32_ATOMIC",
            Feature::Subgroup => "SUBGROUP",
            Feature::SubgroupVertex => "SUBGROUP_VERTEX",
            Feature::SubgroupBarrier => "SUBGROUP_BARRIER",
            Feature::TextureAtomic => "TEXTURE_ATOMIC",
            Feature::TextureInt64Atomic => "TEXTURE_INT64_ATOMIC",
            Feature::ClipDistances => "CLIP_DISTANCES",
            Feature::PrimitiveIndex => "PRIMITIVE_INDEX",
            Feature::Multiview => "MULTIVIEW",
            Feature::ShaderBarycentrics => "SHADER_BARYCENTRICS",
            Feature::ShaderDrawIndex => "SHADER_DRAW_INDEX",
            Feature::ShaderEarlyDepthTest => "SHADER_EARLY_DEPTH_TEST",
            Feature::DualSourceBlending => "DUAL_SOURCE_BLENDING",
            Feature::Immediates => "IMMEDIATES",
            Feature::TextureBindingArray => "TEXTURE_BINDING_ARRAY",
            Feature::BufferBindingArray => "BUFFER_BINDING_ARRAY",
            Feature::StorageResourceBindingArray => "STORAGE_RESOURCE_BINDING_ARRAY",
            Feature::UniformBufferBindingArrays => "UNIFORM_BUFFER_BINDING_ARRAYS",
            Feature::SampledTextureAndStorageBufferArrayNonUniformIndexing => "SAMPLED_TEXTURE_AND_STORAGE_BUFFER_ARRAY_NON_UNIFORM_INDEXING",
            Feature::StorageTextureArrayNonUniformIndexing => "STORAGE_TEXTURE_ARRAY_NON_UNIFORM_INDEXING",
            Feature::VertexWritableStorage => "VERTEX_WRITABLE_STORAGE",
            Feature::ExperimentalRayQuery => "EXPERIMENTAL_RAY_QUERY",
        }
    }
}

/// The features `module` needs, sorted and without duplicates. Running SPIR-V through wgpu
/// additionally needs `PASSTHROUGH_SHADERS`, which depends on how the host creates the module
/// and so is not listed here (the `wgpu` glue adds it).
pub fn required(module: &naga::Module) -> Vec<Feature> {
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all()).subgroup_stages(naga::valid::ShaderStages::all()).validate(module).ok();
    required_with_info(module, info.as_ref())
}

/// [`required`] with the module's validation result at hand: with it, binding arrays indexed
/// by values that differ between invocations (naga's uniformity analysis, as wgpu's validator
/// sees it) add the non-uniform indexing features.
pub fn required_with_info(module: &naga::Module, info: Option<&naga::valid::ModuleInfo>) -> Vec<Feature> {
    let mut found = Vec::new();
    if let Some(info) = info {
        non_uniform_indexing(module, info, &mut found);
    }
    for (_, ty) in module.types.iter() {
        scalar_features(&ty.inner, &mut found);
        if matches!(ty.inner, TypeInner::RayQuery { .. } | TypeInner::AccelerationStructure { .. }) {
            found.push(Feature::ExperimentalRayQuery);
        }
    }
    for (_, var) in module.global_variables.iter() {
        if var.space == AddressSpace::Immediate {
            found.push(Feature::Immediates);
        }
        if let TypeInner::BindingArray { base, .. } = module.types[var.ty].inner {
            match (&module.types[base].inner, var.space) {
                (_, AddressSpace::Storage { .. }) => {
                    found.push(Feature::BufferBindingArray);
                    found.push(Feature::StorageResourceBindingArray);
                }
                (_, AddressSpace::Uniform) => {
                    found.push(Feature::BufferBindingArray);
                    found.push(Feature::UniformBufferBindingArrays);
                }
                (TypeInner::Image { class: naga::ImageClass::Storage { .. }, .. }, _) => {
                    found.push(Feature::TextureBindingArray);
                    found.push(Feature::StorageResourceBindingArray);
                }
                _ => found.push(Feature::TextureBindingArray),
            }
        }
    }
    for (_, f) in module.functions.iter() {
        statement_features(module, &f.body, &f.expressions, &mut found);
    }
    for ep in &module.entry_points {
        statement_features(module, &ep.function.body, &ep.function.expressions, &mut found);
        if ep.early_depth_test.is_some() {
            found.push(Feature::ShaderEarlyDepthTest);
        }
        let mut bindings: Vec<(&Binding, Handle<naga::Type>)> = Vec::new();
        for a in &ep.function.arguments {
            collect_bindings(module, a.binding.as_ref(), a.ty, &mut bindings);
        }
        if let Some(r) = &ep.function.result {
            collect_bindings(module, r.binding.as_ref(), r.ty, &mut bindings);
        }
        for (binding, _) in bindings {
            match binding {
                Binding::BuiltIn(b) => builtin_feature(*b, ep.stage, &mut found),
                Binding::Location { blend_src: Some(_), .. } => found.push(Feature::DualSourceBlending),
                Binding::Location { .. } => {}
            }
        }
        // Subgroup operations in a vertex shader, wherever they are (called functions too).
        if ep.stage == ShaderStage::Vertex && found.contains(&Feature::Subgroup) {
            found.push(Feature::SubgroupVertex);
        }
        if ep.stage == ShaderStage::Vertex && writes_storage(module) {
            found.push(Feature::VertexWritableStorage);
        }
    }
    found.sort();
    found.dedup();
    found
}

fn scalar_features(inner: &TypeInner, found: &mut Vec<Feature>) {
    let scalar = match *inner {
        TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } | TypeInner::Matrix { scalar: s, .. } | TypeInner::Atomic(s) => s,
        _ => return,
    };
    match (scalar.kind, scalar.width) {
        (ScalarKind::Float, 2) => found.push(Feature::ShaderF16),
        (ScalarKind::Float, 8) => found.push(Feature::ShaderF64),
        (ScalarKind::Sint | ScalarKind::Uint, 2) => found.push(Feature::ShaderI16),
        (ScalarKind::Sint | ScalarKind::Uint, 8) => found.push(Feature::ShaderInt64),
        _ => {}
    }
}

fn builtin_feature(b: BuiltIn, stage: ShaderStage, found: &mut Vec<Feature>) {
    match b {
        BuiltIn::SubgroupSize | BuiltIn::SubgroupInvocationId | BuiltIn::NumSubgroups | BuiltIn::SubgroupId => found.push(Feature::Subgroup),
        BuiltIn::ClipDistances => found.push(Feature::ClipDistances),
        BuiltIn::PrimitiveIndex if stage == ShaderStage::Fragment => found.push(Feature::PrimitiveIndex),
        BuiltIn::ViewIndex => found.push(Feature::Multiview),
        BuiltIn::Barycentric { .. } => found.push(Feature::ShaderBarycentrics),
        BuiltIn::DrawIndex => found.push(Feature::ShaderDrawIndex),
        _ => {}
    }
}

/// Entry-point bindings, looking into result and argument structs.
fn collect_bindings<'a>(module: &'a naga::Module, binding: Option<&'a Binding>, ty: Handle<naga::Type>, out: &mut Vec<(&'a Binding, Handle<naga::Type>)>) {
    match binding {
        Some(b) => out.push((b, ty)),
        None => {
            if let TypeInner::Struct { members, .. } = &module.types[ty].inner {
                for m in members {
                    if let Some(b) = &m.binding {
                        out.push((b, m.ty));
                    }
                }
            }
        }
    }
}

/// Whether the module declares writable storage (a vertex shader using it needs
/// `VERTEX_WRITABLE_STORAGE`; hlslc modules hold one entry point, so declared means used).
fn writes_storage(module: &naga::Module) -> bool {
    module.global_variables.iter().any(|(_, v)| match v.space {
        AddressSpace::Storage { access } => access.contains(naga::StorageAccess::STORE),
        AddressSpace::Handle => matches!(
            module.types[v.ty].inner,
            TypeInner::Image { class: naga::ImageClass::Storage { access, .. }, .. } if access.contains(naga::StorageAccess::STORE)
        ),
        _ => false,
    })
}

/// Walks a function body (iteratively: nesting depth is the program's).
/// Non-uniform indices into binding arrays: what naga's validator asks of wgpu's device.
fn non_uniform_indexing(module: &naga::Module, info: &naga::valid::ModuleInfo, found: &mut Vec<Feature>) {
    let functions = module.functions.iter().map(|(h, f)| (f, &info[h]));
    let entries = module.entry_points.iter().enumerate().map(|(i, ep)| (&ep.function, info.get_entry_point(i)));
    for (function, finfo) in functions.chain(entries) {
        for (_, e) in function.expressions.iter() {
            let naga::Expression::Access { base, index } = *e else { continue };
            let naga::Expression::GlobalVariable(g) = function.expressions[base] else { continue };
            let TypeInner::BindingArray { base: element, .. } = module.types[module.global_variables[g].ty].inner else { continue };
            if finfo[index].uniformity.non_uniform_result.is_none() {
                continue;
            }
            found.push(match module.types[element].inner {
                TypeInner::Image { class: naga::ImageClass::Storage { .. }, .. } => Feature::StorageTextureArrayNonUniformIndexing,
                _ => Feature::SampledTextureAndStorageBufferArrayNonUniformIndexing,
            });
        }
    }
}

fn statement_features(
    module: &naga::Module,
    body: &naga::Block,
    expressions: &naga::Arena<naga::Expression>,
    found: &mut Vec<Feature>,
) {
    let mut stack: Vec<&naga::Block> = vec![body];
    while let Some(block) = stack.pop() {
        for s in block.iter() {
            match s {
                Statement::Block(b) => stack.push(b),
                Statement::If { accept, reject, .. } => {
                    stack.push(accept);
                    stack.push(reject);
                }
                Statement::Switch { cases, .. } => stack.extend(cases.iter().map(|c| &c.body)),
                Statement::Loop { body, continuing, .. } => {
                    stack.push(body);
                    stack.push(continuing);
                }
                Statement::SubgroupBallot { .. } | Statement::SubgroupGather { .. } | Statement::SubgroupCollectiveOperation { .. } => {
                    found.push(Feature::Subgroup)
                }
                Statement::ControlBarrier(b) | Statement::MemoryBarrier(b) if b.contains(naga::Barrier::SUB_GROUP) => {
                    found.push(Feature::Subgroup);
                    found.push(Feature::SubgroupBarrier);
                }
                Statement::Atomic { pointer, fun, .. } => {
                    if let Some(scalar) = pointee_scalar(module, expressions, *pointer) {
                        match (scalar.kind, scalar.width) {
                            (ScalarKind::Float, _) => found.push(Feature::ShaderFloat32Atomic),
                            (_, 8) => found.push(match fun {
                                naga::AtomicFunction::Min | naga::AtomicFunction::Max => Feature::ShaderInt64AtomicMinMax,
                                _ => Feature::ShaderInt64AtomicAllOps,
                            }),
                            _ => {}
                        }
                    }
                }
                Statement::ImageAtomic { image, .. } => {
                    found.push(Feature::TextureAtomic);
                    if image_format_is_64bit(module, expressions, *image) {
                        found.push(Feature::TextureInt64Atomic);
                    }
                }
                _ => {}
            }
        }
    }
}

/// The scalar an atomic pointer points at, following access chains back to their root.
fn pointee_scalar(module: &naga::Module, expressions: &naga::Arena<naga::Expression>, pointer: Handle<naga::Expression>) -> Option<naga::Scalar> {
    let mut e = pointer;
    // Access chains are bounded by the type nesting; the loop bound only guards malformed input.
    for _ in 0..256 {
        match expressions[e] {
            naga::Expression::Access { base, .. } | naga::Expression::AccessIndex { base, .. } => e = base,
            naga::Expression::GlobalVariable(g) => return innermost_atomic(module, module.global_variables[g].ty),
            _ => return None,
        }
    }
    None
}

/// The scalar of the first `atomic<T>` inside a type (hlslc's atomics are on one scalar type per
/// variable: a buffer of words, or a groupshared array).
fn innermost_atomic(module: &naga::Module, ty: Handle<naga::Type>) -> Option<naga::Scalar> {
    let mut stack = vec![ty];
    while let Some(t) = stack.pop() {
        match &module.types[t].inner {
            TypeInner::Atomic(s) => return Some(*s),
            TypeInner::Array { base, .. } | TypeInner::BindingArray { base, .. } => stack.push(*base),
            TypeInner::Struct { members, .. } => stack.extend(members.iter().map(|m| m.ty)),
            _ => {}
        }
    }
    None
}

fn image_format_is_64bit(module: &naga::Module, expressions: &naga::Arena<naga::Expression>, image: Handle<naga::Expression>) -> bool {
    let ty = match expressions[image] {
        naga::Expression::GlobalVariable(g) => module.global_variables[g].ty,
        _ => return false,
    };
    matches!(module.types[ty].inner, TypeInner::Image { class: naga::ImageClass::Storage { format: naga::StorageFormat::R64Uint, .. }, .. })
}
