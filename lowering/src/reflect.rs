//! Reflection: what a host needs to bind and fill a compiled shader's resources.
//!
//! Built after lowering from the typed IR (types, D3D layouts), the final bindings and the
//! naga module (storage formats, entry-point I/O as lowered). The numbers are the ones FXC's
//! and DXC's reflection report for D3D — constant-buffer member offsets, sizes, array strides,
//! matrix majorness — because hlslc keeps D3D's memory layouts on every target. The JSON form
//! ([`Reflection::to_json`]) is a stable, versioned schema documented in `docs/reflection.md`.

use crate::layout::{BufferKind, Layouter, Rules};
use crate::lower::{BindingInfo, BindingKind};
use crate::tir::{self, RegisterClass};
use crate::ty::{Resource, TypeId, TypeInner};
use std::fmt::Write;

/// The version of the JSON schema (`docs/reflection.md`); bumped on incompatible changes.
pub const SCHEMA_VERSION: u32 = 1;

/// Everything reflection reports about one compilation.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Reflection {
    /// Every binding of the module, hidden ones (counters) included, in declaration order.
    pub bindings: Vec<ReflectedBinding>,
    /// The D3D memory layout of every buffer that has one: constant buffers and `tbuffer`s
    /// (constant-buffer packing), structured buffers (the element's tight layout).
    pub buffers: Vec<BufferLayout>,
    pub entry_points: Vec<EntryPointInfo>,
}

/// One binding.
#[derive(Clone, Debug, PartialEq)]
pub struct ReflectedBinding {
    pub name: String,
    /// The HLSL register, `t3` (declared or assigned in DXC's order); `None` for hidden ones.
    pub register: Option<String>,
    pub space: u32,
    pub group: u32,
    pub binding: u32,
    /// `uniform_buffer`, `storage_buffer`, `sampled_texture`, `storage_texture`, `sampler`,
    /// `comparison_sampler`, `counter`, `acceleration_structure`.
    pub kind: &'static str,
    /// The HLSL type (`Texture2D<float4>`, `RWStructuredBuffer<Particle>`, `cbuffer Camera`).
    pub resource_type: String,
    /// The element type (`float4`, `Particle`), for textures and buffers.
    pub element_type: Option<String>,
    /// Texture dimension (`1d`, `2d`, `2d_array`, `3d`, `cube`, `cube_array`, `2d_ms` …).
    pub dimension: Option<&'static str>,
    /// Array elements (`0`: unbounded); `None` for a single resource.
    pub array_size: Option<u32>,
    /// `read` or `read_write`.
    pub access: &'static str,
    /// The storage-texture format (`rgba8unorm`, `r32float` …).
    pub storage_format: Option<String>,
    /// Bytes per element as the shader reads it: a structured buffer's stride, a typed
    /// buffer's element size; constant buffers: their size.
    pub stride: Option<u32>,
    /// Added by hlslc, not declared (append/consume counters: one `u32`).
    pub hidden: bool,
    /// For hidden bindings: the resource they belong to.
    pub hidden_for: Option<String>,
    /// The other half of a `[[vk::combinedImageSampler]]` pair.
    pub combined_with: Option<String>,
    /// How hlslc emulates a resource WebGPU lacks, in a storage buffer the host provides:
    /// `texture2dms_pixel_major` / `texture2dms_sample_major` (`RWTexture2DMS` lowered to a
    /// buffer), `sampler_feedback_2x32` (a sampler-feedback map); see `docs/reflection.md`.
    pub emulation: Option<&'static str>,
    /// Multisampled textures: the sample count of the type (`Texture2DMS<T, 4>`).
    pub sample_count: Option<u32>,
}

/// The memory layout of a buffer.
#[derive(Clone, Debug, PartialEq)]
pub struct BufferLayout {
    /// The binding's name.
    pub name: String,
    /// `cbuffer` (16-byte register packing) or `structured` (tight).
    pub rules: &'static str,
    /// Bytes: a constant buffer's size (no tail padding), a structured element's stride.
    pub size: u32,
    pub members: Vec<Member>,
}

/// A member of a buffer or struct, at a byte offset from the start of its parent.
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    pub name: String,
    /// HLSL spelling (`float3`, `float4x4`, `Light[4]`).
    pub type_name: String,
    pub offset: u32,
    /// Bytes the member occupies (arrays: up to the end of the last element).
    pub size: u32,
    /// Array elements and stride (bytes between elements).
    pub array_size: Option<u32>,
    pub array_stride: Option<u32>,
    /// Matrices: `row_major` or `column_major`, and the bytes between stored vectors.
    pub matrix_layout: Option<&'static str>,
    pub matrix_stride: Option<u32>,
    /// Struct members (offsets relative to this member's start).
    pub members: Vec<Member>,
}

/// An entry point and its stage interface as lowered.
#[derive(Clone, Debug, PartialEq)]
pub struct EntryPointInfo {
    pub name: String,
    /// `vertex`, `fragment`, `compute` (WebGPU's names), `task`, `mesh` (wgpu's), `geometry`.
    pub stage: &'static str,
    pub workgroup_size: Option<[u32; 3]>,
    pub inputs: Vec<StageVariable>,
    /// Mesh shaders: the per-vertex outputs.
    pub outputs: Vec<StageVariable>,
    /// Mesh shaders: topology, output limits and per-primitive outputs.
    pub mesh: Option<MeshReflection>,
}

/// What a mesh entry point outputs.
#[derive(Clone, Debug, PartialEq)]
pub struct MeshReflection {
    /// `triangle`, `line` or `point` (`[outputtopology]`).
    pub topology: &'static str,
    /// The sizes of the `out vertices` and `out indices` arrays.
    pub max_vertices: u32,
    pub max_primitives: u32,
    /// The per-primitive outputs (the primitive's vertex indices first).
    pub primitive_outputs: Vec<StageVariable>,
}

/// One stage input or output.
#[derive(Clone, Debug, PartialEq)]
pub struct StageVariable {
    /// The HLSL semantic (`TEXCOORD1`, `SV_Position`).
    pub semantic: String,
    /// `@location(n)` for user semantics.
    pub location: Option<u32>,
    /// WGSL's built-in name for system values.
    pub builtin: Option<String>,
    /// The WGSL type (`vec4<f32>`).
    pub type_name: String,
}

/// The stage name, inputs and outputs of entry points lowered onto another naga stage, by
/// entry-point name.
pub type StandInInterfaces = std::collections::HashMap<String, (&'static str, Vec<StageVariable>, Vec<StageVariable>)>;

/// Builds the reflection of a lowered module.
/// `stage_io`: the interface of entry points whose naga stage stands in for another
/// (geometry shaders: their stage name, inputs and outputs, by entry-point name).
pub fn reflect(tir: &tir::Module, options: &crate::Options, bindings: &[BindingInfo], module: &naga::Module, stage_io: &StandInInterfaces) -> Reflection {
    let layouter = Layouter { module: tir, default_row_major: options.default_row_major };
    let mut out = Reflection::default();
    for b in bindings {
        let global = tir.global(b.global);
        let mut elem_ty = global.ty;
        while let TypeInner::Array { base, .. } = *tir.types.get(elem_ty) {
            elem_ty = base;
        }
        let kind = match b.kind {
            BindingKind::UniformBuffer => "uniform_buffer",
            BindingKind::StorageBuffer { .. } => "storage_buffer",
            BindingKind::SampledTexture => "sampled_texture",
            BindingKind::CombinedImageSampler => "combined_image_sampler",
            BindingKind::StorageTexture { .. } => "storage_texture",
            BindingKind::Sampler { comparison: false } => "sampler",
            BindingKind::Sampler { comparison: true } => "comparison_sampler",
            BindingKind::Counter => "counter",
            BindingKind::Parameters => "uniform_buffer",
            BindingKind::AccelerationStructure => "acceleration_structure",
            BindingKind::InputAttachment => "input_attachment",
        };
        let access = match b.kind {
            BindingKind::StorageBuffer { read_only: false } | BindingKind::StorageTexture { .. } | BindingKind::Counter => "read_write",
            _ => "read",
        };
        let storage_format = module
            .global_variables
            .iter()
            .find(|(_, v)| v.binding == Some(naga::ResourceBinding { group: b.group, binding: b.binding }))
            .and_then(|(_, v)| {
                let mut t = &module.types[v.ty].inner;
                if let naga::TypeInner::BindingArray { base, .. } = t {
                    t = &module.types[*base].inner;
                }
                match t {
                    naga::TypeInner::Image { class: naga::ImageClass::Storage { format, .. }, .. } => Some(storage_format_name(*format)),
                    _ => None,
                }
            });
        let (resource_type, element_type, dimension, stride) = if b.kind == BindingKind::Parameters {
            ("uint4".to_string(), Some("uint".to_string()), None, Some(16))
        } else if b.hidden {
            ("uint".to_string(), Some("uint".to_string()), None, Some(4))
        } else {
            describe(tir, options, &layouter, global, elem_ty)
        };
        let register = b.hlsl_register.map(|(c, i, _)| format!("{}{}", class_letter(c), i));
        out.bindings.push(ReflectedBinding {
            name: b.name.clone(),
            register,
            space: b.hlsl_register.map_or(0, |r| r.2),
            group: b.group,
            binding: b.binding,
            kind,
            resource_type,
            element_type,
            dimension,
            array_size: b.array_size,
            access,
            storage_format,
            stride,
            hidden: b.hidden,
            hidden_for: if b.hidden { Some(global.name.clone()) } else { None },
            combined_with: b.combined_with.clone(),
            emulation: emulation(tir, options, elem_ty, b),
            sample_count: match *tir.types.get(elem_ty) {
                TypeInner::Resource(Resource::Texture { dim, samples, .. }) if dim.is_multisampled() && samples > 0 && !b.hidden => Some(samples),
                _ => None,
            },
        });
        // `-fspv-flatten-resource-arrays`: each element is a binding of its own, `name[k]` at
        // `binding + k` (as DXC names the variables), so layouts built from reflection match.
        if let (true, Some(n)) = (options.flatten_resource_arrays && options.target == crate::Target::SpirV && !b.hidden, b.array_size.filter(|&n| n > 0)) {
            if let Some(first) = out.bindings.pop() {
                for k in 0..n {
                    let register = b.hlsl_register.map(|(c, i, _)| format!("{}{}", class_letter(c), i.saturating_add(k)));
                    out.bindings.push(ReflectedBinding { name: format!("{}[{k}]", first.name), register, binding: first.binding.saturating_add(k), array_size: None, ..first.clone() });
                }
            }
        }
        if b.kind == BindingKind::Parameters {
            out.buffers.push(parameters_layout(tir, elem_ty, &b.name));
        }
        if b.hidden {
            continue;
        }
        match *tir.types.get(elem_ty) {
            TypeInner::Resource(r @ (Resource::ConstantBuffer { element } | Resource::TextureBuffer { element })) => {
                let kind = if matches!(r, Resource::ConstantBuffer { .. }) { BufferKind::Constant } else { BufferKind::Texture };
                let rules = crate::layout::buffer_rules(options, kind);
                let (size, members) = match *tir.types.get(element) {
                    TypeInner::Struct(st) => struct_members(tir, &layouter, st, rules),
                    _ => (layouter.layout(element, rules, None).size, Vec::new()),
                };
                out.buffers.push(BufferLayout { name: global.name.clone(), rules: rules_name(rules), size, members });
            }
            TypeInner::Resource(Resource::StructuredBuffer { element, .. }) => {
                let rules = crate::layout::buffer_rules(options, BufferKind::Storage);
                let size = layouter.array_stride(element, rules, None);
                let members = match *tir.types.get(element) {
                    TypeInner::Struct(st) => struct_members(tir, &layouter, st, rules).1,
                    _ => vec![member(tir, &layouter, "", element, 0, None, rules)],
                };
                out.buffers.push(BufferLayout { name: global.name.clone(), rules: rules_name(rules), size, members });
            }
            _ => {}
        }
    }
    // The push-constant block and the shader record buffer have no binding; a shader record
    // has constant-buffer packing, a push-constant block DXC's vector-relaxed std430 (the
    // tight layout with `-fvk-use-dx-layout`/`-fvk-use-scalar-layout`), as DXC lays it out.
    for global in &tir.globals {
        let tir::GlobalKind::Resource { binding } = &global.kind else { continue };
        let (rules, layout_rules) = if binding.shader_record {
            ("shader_record", if options.gl_layout { Rules::GlStd430 } else { Rules::ConstantBuffer })
        } else {
            ("push_constant", crate::layout::push_constant_rules(options))
        };
        if let (true, TypeInner::Resource(Resource::ConstantBuffer { element })) = (binding.push_constant || binding.shader_record, *tir.types.get(global.ty)) {
            let (size, members) = match *tir.types.get(element) {
                TypeInner::Struct(st) => struct_members(tir, &layouter, st, layout_rules),
                _ => (layouter.layout(element, layout_rules, None).size, Vec::new()),
            };
            // The block is whole 16-byte registers: the range the host declares and pushes.
            out.buffers.push(BufferLayout { name: global.name.clone(), rules, size: size.div_ceil(16).max(1) * 16, members });
        }
    }
    for ep in &module.entry_points {
        let stage = match ep.stage {
            naga::ShaderStage::Vertex => "vertex",
            naga::ShaderStage::Fragment => "fragment",
            // Work-graph nodes are compute entry points in naga (`lower::work_graph`).
            naga::ShaderStage::Compute if tir.entry_points.iter().any(|e| e.name == ep.name && e.stage == tir::Stage::Node) => "node",
            naga::ShaderStage::Compute => "compute",
            naga::ShaderStage::Task => "task",
            naga::ShaderStage::Mesh => "mesh",
            // Ray-tracing stages by their HLSL names (naga has no intersection or callable
            // stage: lowering writes them as any-hit and miss entry points).
            _ => match tir.entry_points.iter().find(|e| e.name == ep.name) {
                Some(e) => crate::sema::ray_tracing::stage_name(e.stage),
                None => "other",
            },
        };
        if let Some((stage, inputs, outputs)) = stage_io.get(&ep.name) {
            out.entry_points.push(EntryPointInfo { name: ep.name.clone(), stage, workgroup_size: None, inputs: inputs.clone(), outputs: outputs.clone(), mesh: None });
            continue;
        }
        let mut inputs = Vec::new();
        for a in &ep.function.arguments {
            push_io(module, a.name.as_deref(), a.ty, a.binding.as_ref(), &mut inputs);
        }
        let mut outputs = Vec::new();
        if let Some(r) = &ep.function.result {
            match &module.types[r.ty].inner {
                naga::TypeInner::Struct { members, .. } if r.binding.is_none() => {
                    for m in members {
                        push_io(module, m.name.as_deref(), m.ty, m.binding.as_ref(), &mut outputs);
                    }
                }
                _ => push_io(module, Some("SV_Target"), r.ty, r.binding.as_ref(), &mut outputs),
            }
        }
        let mesh = ep.mesh_info.as_ref().map(|m| {
            let members = |ty: naga::Handle<naga::Type>, list: &mut Vec<StageVariable>| {
                if let naga::TypeInner::Struct { members, .. } = &module.types[ty].inner {
                    for m in members {
                        push_io(module, m.name.as_deref(), m.ty, m.binding.as_ref(), list);
                    }
                }
            };
            members(m.vertex_output_type, &mut outputs);
            let mut primitive_outputs = Vec::new();
            members(m.primitive_output_type, &mut primitive_outputs);
            let topology = match m.topology {
                naga::MeshOutputTopology::Triangles => "triangle",
                naga::MeshOutputTopology::Lines => "line",
                naga::MeshOutputTopology::Points => "point",
            };
            // The declared sizes (naga's arrays have at least one element).
            let declared = tir.entry_points.iter().find(|e| e.name == ep.name).and_then(|e| e.mesh);
            let (max_vertices, max_primitives) = declared.map_or((m.max_vertices, m.max_primitives), |d| (d.max_vertices, d.max_primitives));
            MeshReflection { topology, max_vertices, max_primitives, primitive_outputs }
        });
        out.entry_points.push(EntryPointInfo {
            name: ep.name.clone(),
            stage,
            workgroup_size: ep.stage.compute_like().then_some(ep.workgroup_size),
            inputs,
            outputs,
            mesh,
        });
    }
    out
}

fn push_io(module: &naga::Module, name: Option<&str>, ty: naga::Handle<naga::Type>, binding: Option<&naga::Binding>, out: &mut Vec<StageVariable>) {
    let Some(binding) = binding else { return };
    // A SPIR-V stand-in (`passes::builtin_stand_in`) is the built-in it becomes.
    if let Some(rest) = name.and_then(|n| n.strip_prefix(crate::passes::builtin_stand_in::PREFIX)) {
        let built_in = rest.split("::").next().unwrap_or(rest);
        let semantic = match built_in {
            "Layer" => "SV_RenderTargetArrayIndex",
            "ViewportIndex" => "SV_ViewportArrayIndex",
            "PrimitiveShadingRateKHR" | "ShadingRateKHR" => "SV_ShadingRate",
            "FullyCoveredEXT" => "SV_InnerCoverage",
            "FragStencilRefEXT" => "SV_StencilRef",
            "BaseVertex" => "SV_StartVertexLocation",
            "BaseInstance" => "SV_StartInstanceLocation",
            "ClipDistance" => "SV_ClipDistance",
            _ => "SV_CullDistance",
        };
        out.push(StageVariable { semantic: semantic.to_string(), location: None, builtin: Some(built_in.to_string()), type_name: wgsl_type_name(module, ty) });
        return;
    }
    let (location, builtin) = match binding {
        naga::Binding::Location { location, .. } => (Some(*location), None),
        naga::Binding::BuiltIn(b) => (None, Some(builtin_name(*b))),
    };
    out.push(StageVariable { semantic: name.unwrap_or("").to_string(), location, builtin, type_name: wgsl_type_name(module, ty) });
}

fn builtin_name(b: naga::BuiltIn) -> String {
    use naga::BuiltIn as B;
    match b {
        B::Position { .. } => "position".into(),
        B::VertexIndex => "vertex_index".into(),
        B::InstanceIndex => "instance_index".into(),
        B::FrontFacing => "front_facing".into(),
        B::FragDepth => "frag_depth".into(),
        B::SampleIndex => "sample_index".into(),
        B::SampleMask => "sample_mask".into(),
        B::GlobalInvocationId => "global_invocation_id".into(),
        B::LocalInvocationId => "local_invocation_id".into(),
        B::LocalInvocationIndex => "local_invocation_index".into(),
        B::WorkGroupId => "workgroup_id".into(),
        B::NumWorkGroups => "num_workgroups".into(),
        B::SubgroupInvocationId => "subgroup_invocation_id".into(),
        B::SubgroupSize => "subgroup_size".into(),
        B::PrimitiveIndex => "primitive_index".into(),
        B::ViewIndex => "view_index".into(),
        B::TriangleIndices => "triangle_indices".into(),
        B::LineIndices => "line_indices".into(),
        B::PointIndex => "point_index".into(),
        B::CullPrimitive => "cull_primitive".into(),
        B::MeshTaskSize => "mesh_task_size".into(),
        other => format!("{other:?}").to_lowercase(),
    }
}

pub(crate) fn wgsl_type_name(module: &naga::Module, ty: naga::Handle<naga::Type>) -> String {
    let scalar = |s: naga::Scalar| match (s.kind, s.width) {
        (naga::ScalarKind::Float, 2) => "f16",
        (naga::ScalarKind::Float, 8) => "f64",
        (naga::ScalarKind::Float, _) => "f32",
        (naga::ScalarKind::Sint, 8) => "i64",
        (naga::ScalarKind::Sint, _) => "i32",
        (naga::ScalarKind::Uint, 8) => "u64",
        (naga::ScalarKind::Uint, _) => "u32",
        (naga::ScalarKind::Bool, _) => "bool",
        _ => "abstract",
    };
    match &module.types[ty].inner {
        naga::TypeInner::Scalar(s) => scalar(*s).to_string(),
        naga::TypeInner::Vector { size, scalar: s } => format!("vec{}<{}>", *size as u8, scalar(*s)),
        // Clip and cull distances, tessellation factors.
        naga::TypeInner::Array { base, size: naga::ArraySize::Constant(n), .. } => format!("array<{}, {n}>", wgsl_type_name(module, *base)),
        other => format!("{other:?}"),
    }
}

/// `(resource type, element type, dimension, stride)` of a declared resource.
fn describe(tir: &tir::Module, options: &crate::Options, layouter: &Layouter, global: &tir::Global, elem_ty: TypeId) -> (String, Option<String>, Option<&'static str>, Option<u32>) {
    let name = |t| tir.type_name(t);
    match *tir.types.get(elem_ty) {
        TypeInner::Resource(r) => match r {
            Resource::Texture { dim, element, .. } => {
                let d = match dim {
                    crate::ty::TextureDim::D1 => "1d",
                    crate::ty::TextureDim::D1Array => "1d_array",
                    crate::ty::TextureDim::D2 => "2d",
                    crate::ty::TextureDim::D2Array => "2d_array",
                    crate::ty::TextureDim::D3 => "3d",
                    crate::ty::TextureDim::Cube => "cube",
                    crate::ty::TextureDim::CubeArray => "cube_array",
                    crate::ty::TextureDim::D2MS => "2d_ms",
                    crate::ty::TextureDim::D2MSArray => "2d_ms_array",
                };
                (name(elem_ty), Some(name(element)), Some(d), None)
            }
            Resource::TypedBuffer { element, .. } => {
                let size = layouter.layout(element, Rules::Structured, None).size;
                (name(elem_ty), Some(name(element)), None, Some(size))
            }
            Resource::StructuredBuffer { element, .. } => (name(elem_ty), Some(name(element)), None, Some(layouter.array_stride(element, crate::layout::buffer_rules(options, BufferKind::Storage), None))),
            Resource::ByteAddressBuffer { .. } => (name(elem_ty), None, None, None),
            Resource::ConstantBuffer { element } | Resource::TextureBuffer { element } => {
                let kind = if matches!(r, Resource::ConstantBuffer { .. }) { BufferKind::Constant } else { BufferKind::Texture };
                let size = layouter.layout(element, crate::layout::buffer_rules(options, kind), None).size;
                let is_block = matches!(*tir.types.get(element), TypeInner::Struct(st) if tir.struct_def(st).name == global.name);
                let rt = match (r, is_block) {
                    (Resource::ConstantBuffer { .. }, true) => format!("cbuffer {}", global.name),
                    (_, true) => format!("tbuffer {}", global.name),
                    _ => name(elem_ty),
                };
                (rt, Some(name(element)), None, Some(size))
            }
            _ => (name(elem_ty), None, None, None),
        },
        _ => (name(elem_ty), None, None, None),
    }
}

/// How a resource is emulated (see [`ReflectedBinding::emulation`]).
fn emulation(tir: &tir::Module, options: &crate::Options, elem_ty: TypeId, b: &BindingInfo) -> Option<&'static str> {
    if b.hidden {
        return None;
    }
    match *tir.types.get(elem_ty) {
        TypeInner::Resource(Resource::FeedbackTexture { .. }) => Some("sampler_feedback_2x32"),
        TypeInner::Resource(Resource::Texture { dim, access: crate::ty::Access::ReadWrite, .. }) if dim.is_multisampled() => match options.rwtexture_ms_buffer? {
            crate::options::MsBufferLayout::PixelMajor => Some("texture2dms_pixel_major"),
            crate::options::MsBufferLayout::SampleMajor => Some("texture2dms_sample_major"),
        },
        _ => None,
    }
}

/// The members of a parameter block (`uint4`): what the host writes.
fn parameters_layout(tir: &tir::Module, elem_ty: TypeId, name: &str) -> BufferLayout {
    let names: [&str; 4] = match *tir.types.get(elem_ty) {
        TypeInner::Resource(Resource::FeedbackTexture { .. }) => ["region_width", "region_height", "width", "height"],
        _ => ["width", "height", "layers", "samples"],
    };
    let members = names
        .iter()
        .enumerate()
        .map(|(i, n)| Member {
            name: n.to_string(),
            type_name: "uint".into(),
            offset: 4 * i as u32,
            size: 4,
            array_size: None,
            array_stride: None,
            matrix_layout: None,
            matrix_stride: None,
            members: Vec::new(),
        })
        .collect();
    BufferLayout { name: name.to_string(), rules: "cbuffer", size: 16, members }
}

/// The `rules` name of a bound buffer's layout in reflection.
fn rules_name(rules: Rules) -> &'static str {
    match rules {
        Rules::ConstantBuffer => "cbuffer",
        Rules::GlStd140 => "std140",
        Rules::GlStd430 => "std430",
        Rules::Structured | Rules::Std430 => "structured",
    }
}

fn struct_members(tir: &tir::Module, layouter: &Layouter, st: crate::ty::StructId, rules: Rules) -> (u32, Vec<Member>) {
    let (offsets, layout) = layouter.struct_layout(st, rules);
    let def = tir.struct_def(st);
    let members = def.fields.iter().zip(offsets).map(|(f, off)| member(tir, layouter, &f.name, f.ty, off, f.row_major, rules)).collect();
    (layout.size, members)
}

fn member(tir: &tir::Module, layouter: &Layouter, name: &str, ty: TypeId, offset: u32, row_major: Option<bool>, rules: Rules) -> Member {
    let l = layouter.layout(ty, rules, row_major);
    let mut m = Member {
        name: name.to_string(),
        type_name: tir.type_name(ty),
        offset,
        size: l.size,
        array_size: None,
        array_stride: None,
        matrix_layout: None,
        matrix_stride: None,
        members: Vec::new(),
    };
    let mut inner = ty;
    if let TypeInner::Array { base, size } = *tir.types.get(ty) {
        m.array_size = Some(size.unwrap_or(0));
        m.array_stride = Some(layouter.array_stride(base, rules, row_major));
        inner = base;
        while let TypeInner::Array { base, .. } = *tir.types.get(inner) {
            inner = base;
        }
    }
    match *tir.types.get(inner) {
        TypeInner::Matrix { scalar, rows, cols } => {
            let rm = row_major.unwrap_or(layouter.default_row_major);
            let w = crate::layout::scalar_size(scalar.kind, scalar.width);
            let ms = layouter.matrix_storage(rows, cols, w, rm, rules);
            m.matrix_layout = Some(if rm { "row_major" } else { "column_major" });
            m.matrix_stride = Some(ms.stride);
        }
        TypeInner::Struct(st) => {
            m.members = struct_members(tir, layouter, st, rules).1;
        }
        _ => {}
    }
    m
}

fn class_letter(c: RegisterClass) -> char {
    match c {
        RegisterClass::B => 'b',
        RegisterClass::T => 't',
        RegisterClass::U => 'u',
        RegisterClass::S => 's',
        RegisterClass::C => 'c',
    }
}

/// WebGPU's name of a storage format.
pub fn storage_format_name(f: naga::StorageFormat) -> String {
    use naga::StorageFormat as F;
    let s = match f {
        F::R8Unorm => "r8unorm",
        F::R8Snorm => "r8snorm",
        F::R8Uint => "r8uint",
        F::R8Sint => "r8sint",
        F::R16Uint => "r16uint",
        F::R16Sint => "r16sint",
        F::R16Float => "r16float",
        F::Rg8Unorm => "rg8unorm",
        F::Rg8Snorm => "rg8snorm",
        F::Rg8Uint => "rg8uint",
        F::Rg8Sint => "rg8sint",
        F::R32Uint => "r32uint",
        F::R32Sint => "r32sint",
        F::R32Float => "r32float",
        F::Rg16Uint => "rg16uint",
        F::Rg16Sint => "rg16sint",
        F::Rg16Float => "rg16float",
        F::Rgba8Unorm => "rgba8unorm",
        F::Rgba8Snorm => "rgba8snorm",
        F::Rgba8Uint => "rgba8uint",
        F::Rgba8Sint => "rgba8sint",
        F::Bgra8Unorm => "bgra8unorm",
        F::Rgb10a2Uint => "rgb10a2uint",
        F::Rgb10a2Unorm => "rgb10a2unorm",
        F::Rg11b10Ufloat => "rg11b10ufloat",
        F::R64Uint => "r64uint",
        F::Rg32Uint => "rg32uint",
        F::Rg32Sint => "rg32sint",
        F::Rg32Float => "rg32float",
        F::Rgba16Uint => "rgba16uint",
        F::Rgba16Sint => "rgba16sint",
        F::Rgba16Float => "rgba16float",
        F::Rgba32Uint => "rgba32uint",
        F::Rgba32Sint => "rgba32sint",
        F::Rgba32Float => "rgba32float",
        F::R16Unorm => "r16unorm",
        F::R16Snorm => "r16snorm",
        F::Rg16Unorm => "rg16unorm",
        F::Rg16Snorm => "rg16snorm",
        F::Rgba16Unorm => "rgba16unorm",
        F::Rgba16Snorm => "rgba16snorm",
    };
    s.to_string()
}

// ---------------------------------------------------------------------------------------------
// JSON
// ---------------------------------------------------------------------------------------------

impl Reflection {
    /// The reflection as pretty-printed JSON (schema: `docs/reflection.md`). Keys appear in a
    /// fixed order and absent optional values are `null`, so the output is stable.
    pub fn to_json(&self) -> String {
        let mut w = Json::default();
        w.open('{');
        w.key("schema_version");
        w.raw(&SCHEMA_VERSION.to_string());
        w.key("bindings");
        w.open('[');
        for b in &self.bindings {
            w.item();
            w.open('{');
            w.field_str("name", &b.name);
            w.field_opt_str("register", b.register.as_deref());
            w.field_num("space", b.space);
            w.field_num("group", b.group);
            w.field_num("binding", b.binding);
            w.field_str("kind", b.kind);
            w.field_str("resource_type", &b.resource_type);
            w.field_opt_str("element_type", b.element_type.as_deref());
            w.field_opt_str("dimension", b.dimension);
            w.field_opt_num("array_size", b.array_size);
            w.field_str("access", b.access);
            w.field_opt_str("storage_format", b.storage_format.as_deref());
            w.field_opt_num("stride", b.stride);
            w.key("hidden");
            w.raw(if b.hidden { "true" } else { "false" });
            w.field_opt_str("hidden_for", b.hidden_for.as_deref());
            w.field_opt_str("combined_with", b.combined_with.as_deref());
            w.field_opt_str("emulation", b.emulation);
            w.field_opt_num("sample_count", b.sample_count);
            w.close('}');
        }
        w.close(']');
        w.key("buffers");
        w.open('[');
        for b in &self.buffers {
            w.item();
            w.open('{');
            w.field_str("name", &b.name);
            w.field_str("rules", b.rules);
            w.field_num("size", b.size);
            w.key("members");
            members_json(&mut w, &b.members);
            w.close('}');
        }
        w.close(']');
        w.key("entry_points");
        w.open('[');
        for e in &self.entry_points {
            w.item();
            w.open('{');
            w.field_str("name", &e.name);
            w.field_str("stage", e.stage);
            w.key("workgroup_size");
            match e.workgroup_size {
                Some([x, y, z]) => w.raw(&format!("[{x}, {y}, {z}]")),
                None => w.raw("null"),
            }
            for (key, list) in [("inputs", &e.inputs), ("outputs", &e.outputs)] {
                stage_variables_json(&mut w, key, list);
            }
            w.key("mesh");
            match &e.mesh {
                Some(m) => {
                    w.open('{');
                    w.field_str("topology", m.topology);
                    w.field_num("max_vertices", m.max_vertices);
                    w.field_num("max_primitives", m.max_primitives);
                    stage_variables_json(&mut w, "primitive_outputs", &m.primitive_outputs);
                    w.close('}');
                }
                None => w.raw("null"),
            }
            w.close('}');
        }
        w.close(']');
        w.close('}');
        w.out.push('\n');
        w.out
    }
}

fn stage_variables_json(w: &mut Json, key: &str, list: &[StageVariable]) {
    w.key(key);
    w.open('[');
    for v in list {
        w.item();
        w.open('{');
        w.field_str("semantic", &v.semantic);
        w.field_opt_num("location", v.location);
        w.field_opt_str("builtin", v.builtin.as_deref());
        w.field_str("type", &v.type_name);
        w.close('}');
    }
    w.close(']');
}

fn members_json(w: &mut Json, members: &[Member]) {
    w.open('[');
    for m in members {
        w.item();
        w.open('{');
        w.field_str("name", &m.name);
        w.field_str("type", &m.type_name);
        w.field_num("offset", m.offset);
        w.field_num("size", m.size);
        w.field_opt_num("array_size", m.array_size);
        w.field_opt_num("array_stride", m.array_stride);
        w.field_opt_str("matrix_layout", m.matrix_layout);
        w.field_opt_num("matrix_stride", m.matrix_stride);
        w.key("members");
        members_json(w, &m.members);
        w.close('}');
    }
    w.close(']');
}

/// A small pretty-printing JSON writer (two-space indentation).
#[derive(Default)]
struct Json {
    out: String,
    depth: usize,
    /// Whether the current container already has an entry.
    first: Vec<bool>,
}

impl Json {
    fn newline(&mut self) {
        self.out.push('\n');
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
    }

    fn open(&mut self, c: char) {
        self.out.push(c);
        self.depth += 1;
        self.first.push(true);
    }

    fn close(&mut self, c: char) {
        self.depth -= 1;
        let empty = self.first.pop().unwrap_or(true);
        if !empty {
            self.newline();
        }
        self.out.push(c);
    }

    fn separator(&mut self) {
        if let Some(first) = self.first.last_mut() {
            if !*first {
                self.out.push(',');
            }
            *first = false;
        }
        self.newline();
    }

    fn item(&mut self) {
        self.separator();
    }

    fn key(&mut self, k: &str) {
        self.separator();
        self.string(k);
        self.out.push_str(": ");
    }

    fn raw(&mut self, s: &str) {
        self.out.push_str(s);
    }

    fn string(&mut self, s: &str) {
        self.out.push('"');
        for c in s.chars() {
            match c {
                '"' => self.out.push_str("\\\""),
                '\\' => self.out.push_str("\\\\"),
                '\n' => self.out.push_str("\\n"),
                c if (c as u32) < 0x20 => {
                    let _ = write!(self.out, "\\u{:04x}", c as u32);
                }
                c => self.out.push(c),
            }
        }
        self.out.push('"');
    }

    fn field_str(&mut self, k: &str, v: &str) {
        self.key(k);
        self.string(v);
    }

    fn field_opt_str(&mut self, k: &str, v: Option<&str>) {
        self.key(k);
        match v {
            Some(v) => self.string(v),
            None => self.raw("null"),
        }
    }

    fn field_num(&mut self, k: &str, v: u32) {
        self.key(k);
        self.raw(&v.to_string());
    }

    fn field_opt_num(&mut self, k: &str, v: Option<u32>) {
        self.key(k);
        match v {
            Some(v) => self.raw(&v.to_string()),
            None => self.raw("null"),
        }
    }
}
