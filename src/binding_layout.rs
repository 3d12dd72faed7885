//! Bind group layouts from reflection, independent of wgpu's types.
//!
//! A WebGPU pipeline needs a layout entry per binding: its binding type (uniform or storage
//! buffer, sampled or storage texture, sampler), its view dimension and sample type, its
//! storage format, the smallest buffer that may be bound, and the stages that see it. All of
//! it follows from a compiled module: the naga global at each `(group, binding)` gives the
//! type, reflection gives the D3D sizes (a structured buffer must hold at least one element;
//! a constant buffer is bound rounded up to 16 bytes), and the entry points give the stages.
//!
//! The description here is plain data, so the `wgpu` glue ([`crate::wgpu`]) turns it into
//! `wgpu::BindGroupLayoutEntry`s at run time and the build-script code generator
//! ([`crate::build`]) prints the same entries as Rust source. Layouts of the stages of one
//! pipeline (a vertex and a pixel shader, compiled separately) are combined with
//! [`BindGroupLayouts::merge`].

use crate::Compiled;

/// The layout entries of every bind group a module uses, indexed by group.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BindGroupLayouts {
    /// `groups[g]`: the entries of `@group(g)`, sorted by binding (empty for unused groups).
    pub groups: Vec<Vec<LayoutEntry>>,
    /// The push-constant range in bytes (`[[vk::push_constant]]`; wgpu's immediates), 0 for none.
    pub immediate_size: u32,
}

/// One binding of a bind group layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutEntry {
    /// The HLSL name (`Frame`, `albedo`; `X.counter` for the hidden counter of `X`).
    pub name: String,
    /// `@binding(n)`.
    pub binding: u32,
    /// The stages that use it.
    pub visibility: Stages,
    /// What is bound.
    pub ty: EntryType,
    /// Resource arrays: the element count (`0` for an unbounded array); `None` for one resource.
    pub count: Option<u32>,
}

/// Shader stages, as a set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stages {
    /// Vertex shaders.
    pub vertex: bool,
    /// Pixel (fragment) shaders.
    pub fragment: bool,
    /// Compute shaders.
    pub compute: bool,
    /// Amplification (task) shaders.
    pub task: bool,
    /// Mesh shaders.
    pub mesh: bool,
}

impl Stages {
    /// Both sets together.
    pub fn union(self, other: Stages) -> Stages {
        Stages {
            vertex: self.vertex || other.vertex,
            fragment: self.fragment || other.fragment,
            compute: self.compute || other.compute,
            task: self.task || other.task,
            mesh: self.mesh || other.mesh,
        }
    }
}

/// The binding type of a layout entry (WebGPU's `GPUBindGroupLayoutEntry` members).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryType {
    /// A uniform buffer (`cbuffer`, `ConstantBuffer<T>`, `$Globals`).
    UniformBuffer {
        /// Bytes: the constant buffer's size rounded up to 16.
        min_binding_size: u64,
    },
    /// A storage buffer (structured, byte-address and typed buffers; append/consume counters).
    StorageBuffer {
        /// True for `StructuredBuffer`, `ByteAddressBuffer`, `Buffer<T>`.
        read_only: bool,
        /// Bytes: one element (structured and typed buffers), one word (byte-address
        /// buffers, counters).
        min_binding_size: u64,
    },
    /// A sampled texture (`Texture2D<float4>` …).
    SampledTexture {
        /// How texels are read.
        sample: SampleKind,
        /// The view dimension.
        dimension: ViewDimension,
        /// `Texture2DMS`.
        multisampled: bool,
    },
    /// A storage texture (`RWTexture2D<float4>` …).
    StorageTexture {
        /// Read-only, write-only or read-write.
        access: StorageTextureAccess,
        /// The texel format (from `[[vk::image_format]]` or the element type).
        format: naga::StorageFormat,
        /// The view dimension.
        dimension: ViewDimension,
    },
    /// A sampler.
    Sampler {
        /// `SamplerComparisonState`.
        comparison: bool,
    },
    /// A `RaytracingAccelerationStructure` (wgpu's `EXPERIMENTAL_RAY_QUERY`).
    AccelerationStructure,
}

/// How a sampled texture's texels are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SampleKind {
    /// Float texels (reported filterable: the usual `Sample` case).
    Float,
    /// Signed integer texels.
    Sint,
    /// Unsigned integer texels.
    Uint,
    /// A depth texture (used with `SampleCmp`/`GatherCmp`).
    Depth,
}

/// Texture view dimensions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewDimension {
    /// 1-D.
    D1,
    /// 2-D.
    D2,
    /// 2-D array.
    D2Array,
    /// Cube.
    Cube,
    /// Cube array.
    CubeArray,
    /// 3-D.
    D3,
}

/// Storage texture access.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StorageTextureAccess {
    /// Read only.
    ReadOnly,
    /// Write only.
    WriteOnly,
    /// Read and write.
    ReadWrite,
}

impl BindGroupLayouts {
    /// The layouts of a compiled module, every binding visible to the module's stages.
    pub fn of(compiled: &Compiled) -> Result<BindGroupLayouts, String> {
        let mut stages = Stages::default();
        for ep in &compiled.module.entry_points {
            match ep.stage {
                naga::ShaderStage::Vertex => stages.vertex = true,
                naga::ShaderStage::Fragment => stages.fragment = true,
                naga::ShaderStage::Compute => stages.compute = true,
                naga::ShaderStage::Task => stages.task = true,
                naga::ShaderStage::Mesh => stages.mesh = true,
                other => return Err(format!("wgpu has no pipeline stage for {other:?} shaders")),
            }
        }
        let mut out = BindGroupLayouts::default();
        for b in &compiled.reflection().bindings {
            if b.kind == "combined_image_sampler" {
                return Err(format!("`{}` is a combined image sampler, which wgpu cannot bind", b.name));
            }
            let Some((_, var)) = compiled
                .module
                .global_variables
                .iter()
                .find(|(_, v)| v.binding == Some(naga::ResourceBinding { group: b.group, binding: b.binding }))
            else {
                continue;
            };
            let ty = entry_type(&compiled.module, var, b.stride.unwrap_or(0)).map_err(|e| format!("`{}`: {e}", b.name))?;
            out.insert(LayoutEntry { name: b.name.clone(), binding: b.binding, visibility: stages, ty, count: b.array_size }, b.group)?;
        }
        out.immediate_size = compiled.reflection().buffers.iter().filter(|b| b.rules == "push_constant").map(|b| b.size).max().unwrap_or(0);
        Ok(out)
    }

    /// Adds the bindings of another stage of the same pipeline: a binding both use must have
    /// the same type (uniform buffers keep the larger minimum size) and becomes visible to both.
    pub fn merge(&mut self, other: &BindGroupLayouts) -> Result<(), String> {
        for (group, entries) in other.groups.iter().enumerate() {
            for e in entries {
                self.insert(e.clone(), group as u32)?;
            }
        }
        self.immediate_size = self.immediate_size.max(other.immediate_size);
        Ok(())
    }

    /// The number of bind groups (the highest group used, plus one).
    pub fn group_count(&self) -> usize {
        self.groups.len()
    }

    fn insert(&mut self, entry: LayoutEntry, group: u32) -> Result<(), String> {
        let group = group as usize;
        if self.groups.len() <= group {
            self.groups.resize_with(group + 1, Vec::new);
        }
        let entries = &mut self.groups[group];
        match entries.binding_search_by(entry.binding) {
            Ok(i) => {
                let old = &mut entries[i];
                let ty = match (&old.ty, &entry.ty) {
                    (EntryType::UniformBuffer { min_binding_size: a }, EntryType::UniformBuffer { min_binding_size: b }) => {
                        EntryType::UniformBuffer { min_binding_size: *a.max(b) }
                    }
                    (
                        EntryType::StorageBuffer { read_only: ra, min_binding_size: a },
                        EntryType::StorageBuffer { read_only: rb, min_binding_size: b },
                    ) => EntryType::StorageBuffer { read_only: *ra && *rb, min_binding_size: *a.max(b) },
                    (a, b) if a == b => a.clone(),
                    _ => {
                        return Err(format!(
                            "`{}` and `{}` share @group({group}) @binding({}) with different types",
                            old.name, entry.name, entry.binding
                        ))
                    }
                };
                old.ty = ty;
                old.visibility = old.visibility.union(entry.visibility);
            }
            Err(i) => entries.insert(i, entry),
        }
        Ok(())
    }
}

/// Binary search of a sorted entry list by binding number.
trait BindingSearch {
    fn binding_search_by(&self, binding: u32) -> Result<usize, usize>;
}

impl BindingSearch for Vec<LayoutEntry> {
    fn binding_search_by(&self, binding: u32) -> Result<usize, usize> {
        self.binary_search_by_key(&binding, |e| e.binding)
    }
}

fn entry_type(module: &naga::Module, var: &naga::GlobalVariable, stride: u32) -> Result<EntryType, String> {
    let mut ty = var.ty;
    if let naga::TypeInner::BindingArray { base, .. } = module.types[ty].inner {
        ty = base;
    }
    let inner = &module.types[ty].inner;
    let naga_size = u64::from(inner.size(module.to_ctx()));
    Ok(match (var.space, inner) {
        (naga::AddressSpace::Uniform, _) => EntryType::UniformBuffer { min_binding_size: naga_size.max(u64::from(stride)).div_ceil(16) * 16 },
        (naga::AddressSpace::Storage { access }, _) => EntryType::StorageBuffer {
            read_only: !access.contains(naga::StorageAccess::STORE),
            min_binding_size: naga_size.max(u64::from(stride)).max(4),
        },
        (naga::AddressSpace::Handle, naga::TypeInner::Sampler { comparison }) => EntryType::Sampler { comparison: *comparison },
        (naga::AddressSpace::Handle, naga::TypeInner::AccelerationStructure { .. }) => EntryType::AccelerationStructure,
        (naga::AddressSpace::Handle, naga::TypeInner::Image { dim, arrayed, class }) => {
            let dimension = match (dim, arrayed) {
                (naga::ImageDimension::D1, _) => ViewDimension::D1,
                (naga::ImageDimension::D2, false) => ViewDimension::D2,
                (naga::ImageDimension::D2, true) => ViewDimension::D2Array,
                (naga::ImageDimension::D3, _) => ViewDimension::D3,
                (naga::ImageDimension::Cube, false) => ViewDimension::Cube,
                (naga::ImageDimension::Cube, true) => ViewDimension::CubeArray,
            };
            match class {
                naga::ImageClass::Sampled { kind, multi } => EntryType::SampledTexture {
                    sample: match kind {
                        naga::ScalarKind::Sint => SampleKind::Sint,
                        naga::ScalarKind::Uint => SampleKind::Uint,
                        _ => SampleKind::Float,
                    },
                    dimension,
                    multisampled: *multi,
                },
                naga::ImageClass::Depth { multi } => EntryType::SampledTexture { sample: SampleKind::Depth, dimension, multisampled: *multi },
                naga::ImageClass::Storage { format, access } => EntryType::StorageTexture {
                    access: match (access.contains(naga::StorageAccess::LOAD), access.contains(naga::StorageAccess::STORE)) {
                        (true, true) => StorageTextureAccess::ReadWrite,
                        (false, _) => StorageTextureAccess::WriteOnly,
                        (true, false) => StorageTextureAccess::ReadOnly,
                    },
                    format: *format,
                    dimension,
                },
                naga::ImageClass::External => return Err("external textures have no layout entry".into()),
            }
        }
        (space, _) => return Err(format!("a resource in the {space:?} address space has no layout entry")),
    })
}
