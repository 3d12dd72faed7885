//! wgpu glue (cargo feature `wgpu`): shader modules, bind group layouts, pipeline layouts,
//! bind groups and device features straight from a [`Compiled`] shader.
//!
//! The layouts come from reflection ([`crate::binding_layout`]): binding types, view
//! dimensions, sample types, storage formats, minimum binding sizes from the D3D layouts, and
//! visibility from the stages of the shaders combined. [`PipelineLayout::bind_group`] binds
//! resources by their HLSL names, so the host never spells a binding number.
//!
//! WGSL modules go through wgpu's own validation; SPIR-V modules are passed through to the
//! driver unchanged (wgpu's `PASSTHROUGH_SHADERS`, Vulkan only). wgpu's Vulkan backend numbers
//! the bindings of a group densely for the modules it translates itself, but a passthrough
//! module keeps its numbers, so for SPIR-V the layout fills every gap below a group's highest
//! binding with a placeholder sampler ([`PipelineLayout::bind_group`] binds those itself).
//! Compile with [`crate::BindingPolicy::Compact`] to have no gaps at all.
//!
//! ```no_run
//! # fn demo(device: &wgpu::Device) -> Result<(), Box<dyn std::error::Error>> {
//! let source = hlslc::Source::new("double.hlsl", r#"
//!     RWStructuredBuffer<uint> data : register(u0);
//!     [numthreads(64, 1, 1)]
//!     void main(uint3 id : SV_DispatchThreadID) { data[id.x] *= 2; }
//! "#);
//! let compiled = hlslc::compile(&source, &hlslc::Options::new("cs_6_0"))?;
//! let module = hlslc::wgpu::create_shader_module(device, &compiled, Some("double"))?;
//! let layout = hlslc::wgpu::PipelineLayout::new(device, &[&compiled])?;
//! let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
//!     label: Some("double"),
//!     layout: Some(&layout.pipeline_layout),
//!     module: &module,
//!     entry_point: Some("main"),
//!     compilation_options: Default::default(),
//!     cache: None,
//! });
//! # let _ = pipeline; Ok(()) }
//! ```

use crate::binding_layout::{BindGroupLayouts, EntryType, LayoutEntry, SampleKind, Stages, StorageTextureAccess, ViewDimension};
use crate::features::Feature;
use crate::{Compiled, Target};
use std::borrow::Cow;

/// Why a module, layout or bind group could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GlueError {
    /// What went wrong (lower case, one sentence).
    pub message: String,
}

impl std::fmt::Display for GlueError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for GlueError {}

fn error(message: impl Into<String>) -> GlueError {
    GlueError { message: message.into() }
}

/// The `wgpu::Features` a compiled module needs on the device: what its code uses (see
/// [`crate::features`]), plus `PASSTHROUGH_SHADERS` for SPIR-V.
pub fn features(compiled: &Compiled) -> ::wgpu::Features {
    let mut f = to_wgpu_features(&compiled.required_features());
    if compiled.target() == Target::SpirV {
        f |= ::wgpu::Features::PASSTHROUGH_SHADERS;
    }
    f
}

/// Converts hlslc's feature list to `wgpu::Features`.
pub fn to_wgpu_features(list: &[Feature]) -> ::wgpu::Features {
    let mut out = ::wgpu::Features::empty();
    for f in list {
        if let Some(x) = ::wgpu::Features::from_name(f.wgpu_name()) {
            out |= x;
        }
    }
    out
}

/// Creates the shader module for the target the shader was compiled to: WGSL through wgpu's
/// validation, SPIR-V passed through to the driver (the device needs `PASSTHROUGH_SHADERS`).
pub fn create_shader_module(device: &::wgpu::Device, compiled: &Compiled, label: Option<&str>) -> Result<::wgpu::ShaderModule, GlueError> {
    match compiled.target() {
        Target::Wgsl => {
            let text = compiled.wgsl().map_err(|e| error(e.render()))?;
            Ok(device.create_shader_module(::wgpu::ShaderModuleDescriptor { label, source: ::wgpu::ShaderSource::Wgsl(Cow::Owned(text)) }))
        }
        Target::SpirV => {
            let words = compiled.spirv().map_err(|e| error(e.render()))?;
            let entry_points = compiled
                .reflection()
                .entry_points
                .iter()
                .map(|e| {
                    let [x, y, z] = e.workgroup_size.unwrap_or([0, 0, 0]);
                    (e.name.clone(), (x, y, z))
                })
                .collect::<Vec<_>>();
            // SAFETY: the words are what naga's SPIR-V writer produced for a module naga
            // validated, followed by hlslc's SPIR-V passes; the entry points and workgroup
            // sizes are the module's own.
            Ok(unsafe { create_spirv_module(device, &words, &entry_points, label) })
        }
    }
}

/// Creates a passthrough SPIR-V module from words and `(entry point, workgroup size)` pairs,
/// as generated build-script modules hold them.
///
/// # Safety
///
/// The words go to the driver unvalidated: they must be a valid SPIR-V module (hlslc's output
/// is), with those entry points.
pub unsafe fn create_spirv_module(
    device: &::wgpu::Device,
    words: &[u32],
    entry_points: &[(String, (u32, u32, u32))],
    label: Option<&str>,
) -> ::wgpu::ShaderModule {
    let entries = entry_points
        .iter()
        .map(|(name, size)| ::wgpu::PassthroughShaderEntryPoint { name: Cow::Owned(name.clone()), workgroup_size: *size })
        .collect::<Vec<_>>();
    // SAFETY: forwarded to the caller.
    unsafe {
        device.create_shader_module_passthrough(::wgpu::ShaderModuleDescriptorPassthrough {
            label,
            entry_points: Cow::Owned(entries),
            spirv: Some(Cow::Borrowed(words)),
            ..Default::default()
        })
    }
}

/// The wgpu layout entry of one binding.
pub fn layout_entry(e: &LayoutEntry) -> ::wgpu::BindGroupLayoutEntry {
    ::wgpu::BindGroupLayoutEntry {
        binding: e.binding,
        visibility: shader_stages(e.visibility),
        ty: binding_type(&e.ty),
        count: e.count.and_then(std::num::NonZeroU32::new),
    }
}

/// wgpu's stage set.
pub fn shader_stages(s: Stages) -> ::wgpu::ShaderStages {
    let mut out = ::wgpu::ShaderStages::NONE;
    if s.vertex {
        out |= ::wgpu::ShaderStages::VERTEX;
    }
    if s.fragment {
        out |= ::wgpu::ShaderStages::FRAGMENT;
    }
    if s.compute {
        out |= ::wgpu::ShaderStages::COMPUTE;
    }
    if s.task {
        out |= ::wgpu::ShaderStages::TASK;
    }
    if s.mesh {
        out |= ::wgpu::ShaderStages::MESH;
    }
    out
}

/// wgpu's binding type.
pub fn binding_type(t: &EntryType) -> ::wgpu::BindingType {
    use ::wgpu::{BindingType as B, BufferBindingType as BB};
    match *t {
        EntryType::UniformBuffer { min_binding_size } => {
            B::Buffer { ty: BB::Uniform, has_dynamic_offset: false, min_binding_size: std::num::NonZeroU64::new(min_binding_size) }
        }
        EntryType::StorageBuffer { read_only, min_binding_size } => {
            B::Buffer { ty: BB::Storage { read_only }, has_dynamic_offset: false, min_binding_size: std::num::NonZeroU64::new(min_binding_size) }
        }
        EntryType::SampledTexture { sample, dimension, multisampled } => B::Texture {
            sample_type: match sample {
                SampleKind::Float => ::wgpu::TextureSampleType::Float { filterable: !multisampled },
                SampleKind::Sint => ::wgpu::TextureSampleType::Sint,
                SampleKind::Uint => ::wgpu::TextureSampleType::Uint,
                SampleKind::Depth => ::wgpu::TextureSampleType::Depth,
            },
            view_dimension: view_dimension(dimension),
            multisampled,
        },
        EntryType::StorageTexture { access, format, dimension } => B::StorageTexture {
            access: match access {
                StorageTextureAccess::ReadOnly => ::wgpu::StorageTextureAccess::ReadOnly,
                StorageTextureAccess::WriteOnly => ::wgpu::StorageTextureAccess::WriteOnly,
                StorageTextureAccess::ReadWrite => ::wgpu::StorageTextureAccess::ReadWrite,
            },
            format: texture_format(format),
            view_dimension: view_dimension(dimension),
        },
        EntryType::Sampler { comparison: true } => B::Sampler(::wgpu::SamplerBindingType::Comparison),
        EntryType::Sampler { comparison: false } => B::Sampler(::wgpu::SamplerBindingType::Filtering),
        EntryType::AccelerationStructure => B::AccelerationStructure { vertex_return: false },
    }
}

fn view_dimension(d: ViewDimension) -> ::wgpu::TextureViewDimension {
    match d {
        ViewDimension::D1 => ::wgpu::TextureViewDimension::D1,
        ViewDimension::D2 => ::wgpu::TextureViewDimension::D2,
        ViewDimension::D2Array => ::wgpu::TextureViewDimension::D2Array,
        ViewDimension::Cube => ::wgpu::TextureViewDimension::Cube,
        ViewDimension::CubeArray => ::wgpu::TextureViewDimension::CubeArray,
        ViewDimension::D3 => ::wgpu::TextureViewDimension::D3,
    }
}

/// The wgpu texture format of a storage format.
pub fn texture_format(f: naga::StorageFormat) -> ::wgpu::TextureFormat {
    use ::wgpu::TextureFormat as T;
    use naga::StorageFormat as S;
    match f {
        S::R8Unorm => T::R8Unorm,
        S::R8Snorm => T::R8Snorm,
        S::R8Uint => T::R8Uint,
        S::R8Sint => T::R8Sint,
        S::R16Uint => T::R16Uint,
        S::R16Sint => T::R16Sint,
        S::R16Float => T::R16Float,
        S::Rg8Unorm => T::Rg8Unorm,
        S::Rg8Snorm => T::Rg8Snorm,
        S::Rg8Uint => T::Rg8Uint,
        S::Rg8Sint => T::Rg8Sint,
        S::R32Uint => T::R32Uint,
        S::R32Sint => T::R32Sint,
        S::R32Float => T::R32Float,
        S::Rg16Uint => T::Rg16Uint,
        S::Rg16Sint => T::Rg16Sint,
        S::Rg16Float => T::Rg16Float,
        S::Rgba8Unorm => T::Rgba8Unorm,
        S::Rgba8Snorm => T::Rgba8Snorm,
        S::Rgba8Uint => T::Rgba8Uint,
        S::Rgba8Sint => T::Rgba8Sint,
        S::Bgra8Unorm => T::Bgra8Unorm,
        S::Rgb10a2Uint => T::Rgb10a2Uint,
        S::Rgb10a2Unorm => T::Rgb10a2Unorm,
        S::Rg11b10Ufloat => T::Rg11b10Ufloat,
        S::R64Uint => T::R64Uint,
        S::Rg32Uint => T::Rg32Uint,
        S::Rg32Sint => T::Rg32Sint,
        S::Rg32Float => T::Rg32Float,
        S::Rgba16Uint => T::Rgba16Uint,
        S::Rgba16Sint => T::Rgba16Sint,
        S::Rgba16Float => T::Rgba16Float,
        S::Rgba32Uint => T::Rgba32Uint,
        S::Rgba32Sint => T::Rgba32Sint,
        S::Rgba32Float => T::Rgba32Float,
        S::R16Unorm => T::R16Unorm,
        S::R16Snorm => T::R16Snorm,
        S::Rg16Unorm => T::Rg16Unorm,
        S::Rg16Snorm => T::Rg16Snorm,
        S::Rgba16Unorm => T::Rgba16Unorm,
        S::Rgba16Snorm => T::Rgba16Snorm,
    }
}

/// Placeholders allowed in one layout before hlslc asks for the compact binding policy.
const MAX_PLACEHOLDERS: usize = 64;

/// The bind group layouts and pipeline layout of one pipeline (every stage's shader).
#[derive(Debug)]
pub struct PipelineLayout {
    /// One layout per group, `0..group_count` (empty layouts for unused groups).
    pub bind_group_layouts: Vec<::wgpu::BindGroupLayout>,
    /// The pipeline layout over `bind_group_layouts`.
    pub pipeline_layout: ::wgpu::PipelineLayout,
    /// The entries, by group, as reflected.
    pub layouts: BindGroupLayouts,
    /// Per group, the bindings filled with placeholder samplers (passthrough SPIR-V only).
    placeholders: Vec<Vec<u32>>,
}

impl PipelineLayout {
    /// The layouts of a pipeline made of `stages` (one compiled shader per stage, or one
    /// compute shader). SPIR-V stages get placeholders for binding gaps (see the module docs).
    pub fn new(device: &::wgpu::Device, stages: &[&Compiled]) -> Result<PipelineLayout, GlueError> {
        let mut layouts = BindGroupLayouts::default();
        for c in stages {
            layouts.merge(&BindGroupLayouts::of(c).map_err(error)?).map_err(error)?;
        }
        let passthrough = stages.iter().any(|c| c.target() == Target::SpirV);
        Self::from_layouts(device, layouts, passthrough)
    }

    /// The layouts from a description (generated code holds one per shader). With
    /// `passthrough`, gaps below each group's highest binding get placeholder samplers.
    pub fn from_layouts(device: &::wgpu::Device, layouts: BindGroupLayouts, passthrough: bool) -> Result<PipelineLayout, GlueError> {
        let mut bind_group_layouts = Vec::new();
        let mut placeholders = Vec::new();
        for (group, entries) in layouts.groups.iter().enumerate() {
            let mut wgpu_entries: Vec<::wgpu::BindGroupLayoutEntry> = Vec::new();
            let mut filled = Vec::new();
            for e in entries {
                if e.binding >= device.limits().max_bindings_per_bind_group {
                    return Err(error(format!(
                        "`{}` is at binding {} of group {group}, past the device's limit of {} bindings per group; request the adapter's limits or compile with the compact binding policy",
                        e.name,
                        e.binding,
                        device.limits().max_bindings_per_bind_group
                    )));
                }
                if e.count == Some(0) {
                    return Err(error(format!(
                        "`{}` is an unbounded resource array; wgpu layouts need a count, so build this layout by hand",
                        e.name
                    )));
                }
                if passthrough {
                    let next = wgpu_entries.last().map_or(0, |l| l.binding + 1);
                    for b in next..e.binding {
                        filled.push(b);
                        wgpu_entries.push(::wgpu::BindGroupLayoutEntry {
                            binding: b,
                            visibility: ::wgpu::ShaderStages::VERTEX_FRAGMENT | ::wgpu::ShaderStages::COMPUTE,
                            ty: ::wgpu::BindingType::Sampler(::wgpu::SamplerBindingType::NonFiltering),
                            count: None,
                        });
                    }
                }
                wgpu_entries.push(layout_entry(e));
            }
            if filled.len() > MAX_PLACEHOLDERS {
                return Err(error(format!(
                    "group {group} of this SPIR-V shader has {} unused binding numbers below its highest binding; compile with the compact binding policy",
                    filled.len()
                )));
            }
            bind_group_layouts.push(device.create_bind_group_layout(&::wgpu::BindGroupLayoutDescriptor {
                label: Some("hlslc bind group layout"),
                entries: &wgpu_entries,
            }));
            placeholders.push(filled);
        }
        let refs: Vec<Option<&::wgpu::BindGroupLayout>> = bind_group_layouts.iter().map(Some).collect();
        let pipeline_layout = device.create_pipeline_layout(&::wgpu::PipelineLayoutDescriptor {
            label: Some("hlslc pipeline layout"),
            bind_group_layouts: &refs,
            immediate_size: layouts.immediate_size,
        });
        Ok(PipelineLayout { bind_group_layouts, pipeline_layout, layouts, placeholders })
    }

    /// Creates the bind group of `group` from resources named as in the HLSL source
    /// (`"Frame"`, `"albedo"`, `"particles.counter"` for a hidden counter). Every binding of
    /// the group must be given; placeholders are bound automatically.
    pub fn bind_group(&self, device: &::wgpu::Device, group: u32, resources: &[(&str, ::wgpu::BindingResource<'_>)]) -> Result<::wgpu::BindGroup, GlueError> {
        let g = group as usize;
        let (Some(entries), Some(layout)) = (self.layouts.groups.get(g), self.bind_group_layouts.get(g)) else {
            return Err(error(format!("the pipeline has no bind group {group}")));
        };
        for (name, _) in resources {
            if !entries.iter().any(|e| e.name == *name) {
                let known: Vec<&str> = entries.iter().map(|e| e.name.as_str()).collect();
                return Err(error(format!("group {group} has no binding named `{name}` (it has: {})", known.join(", "))));
            }
        }
        let mut out = Vec::new();
        for e in entries {
            let Some((_, resource)) = resources.iter().find(|(n, _)| *n == e.name) else {
                return Err(error(format!("no resource given for `{}` (@group({group}) @binding({}))", e.name, e.binding)));
            };
            out.push(::wgpu::BindGroupEntry { binding: e.binding, resource: resource.clone() });
        }
        let sampler;
        if !self.placeholders[g].is_empty() {
            sampler = device.create_sampler(&::wgpu::SamplerDescriptor { label: Some("hlslc placeholder"), ..Default::default() });
            for &b in &self.placeholders[g] {
                out.push(::wgpu::BindGroupEntry { binding: b, resource: ::wgpu::BindingResource::Sampler(&sampler) });
            }
        }
        Ok(device.create_bind_group(&::wgpu::BindGroupDescriptor { label: Some("hlslc bind group"), layout, entries: &out }))
    }
}
