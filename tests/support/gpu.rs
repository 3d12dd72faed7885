//! One wgpu device per test process (Vulkan only: lavapipe in CI, or a real GPU), and two
//! runners that execute a compiled shader on it: [`run_compute`] and [`run_render`].
//!
//! Shaders come as WGSL (validated by wgpu/naga on creation) or SPIR-V, which goes through
//! `create_shader_module_passthrough`: naga's SPIR-V reader rejects quad ops and more (see
//! research/gpu.md), and for the tests SPIR-V must reach the driver as produced. Passthrough
//! needs an explicit pipeline layout, which is built here from the job's bindings for both
//! kinds, so that WGSL and SPIR-V runs see the same layout.
//!
//! Errors — shader validation, pipeline creation, bad bindings, timeouts — come back as
//! `Err(String)`, never as panics: every device call of a job runs inside error scopes.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::OnceLock;
use std::time::Duration;

/// A compiled shader, as the compiler under test produced it.
#[derive(Clone, Debug)]
pub enum Shader {
    Wgsl(String),
    SpirV(Vec<u32>),
}

impl Shader {
    pub fn kind(&self) -> &'static str {
        match self {
            Shader::Wgsl(_) => "WGSL",
            Shader::SpirV(_) => "SPIR-V",
        }
    }
}

/// The process-wide device.
pub struct Gpu {
    pub adapter: wgpu::Adapter,
    pub info: wgpu::AdapterInfo,
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    /// The features the device was created with (wanted ∩ adapter's).
    pub features: wgpu::Features,
    pub limits: wgpu::Limits,
}

/// Features the tests may use, requested when the adapter has them.
pub fn wanted_features() -> wgpu::Features {
    use wgpu::Features as F;
    F::SUBGROUP
        | F::SUBGROUP_BARRIER
        | F::SUBGROUP_VERTEX
        | F::SHADER_F16
        | F::SHADER_INT64
        | F::SHADER_F64
        | F::SHADER_I16
        | F::SHADER_INT64_ATOMIC_MIN_MAX
        | F::SHADER_INT64_ATOMIC_ALL_OPS
        | F::SHADER_FLOAT32_ATOMIC
        | F::PASSTHROUGH_SHADERS
        | F::TIMESTAMP_QUERY
        | F::TIMESTAMP_QUERY_INSIDE_ENCODERS
        | F::TIMESTAMP_QUERY_INSIDE_PASSES
        | F::PIPELINE_STATISTICS_QUERY
        | F::FLOAT32_FILTERABLE
        | F::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES
        | F::VERTEX_WRITABLE_STORAGE
        | F::PRIMITIVE_INDEX
        | F::SHADER_EARLY_DEPTH_TEST
        | F::DUAL_SOURCE_BLENDING
        | F::CLIP_DISTANCES
        | F::TEXTURE_ATOMIC
        | F::MEMORY_DECORATION_COHERENT
        | F::ADDRESS_MODE_CLAMP_TO_BORDER
        | F::TEXTURE_BINDING_ARRAY
        | F::BUFFER_BINDING_ARRAY
        | F::STORAGE_RESOURCE_BINDING_ARRAY
        | F::SAMPLED_TEXTURE_AND_STORAGE_BUFFER_ARRAY_NON_UNIFORM_INDEXING
        | F::PARTIALLY_BOUND_BINDING_ARRAY
        | F::CLEAR_TEXTURE
        | F::IMMEDIATES
        | F::SHADER_BARYCENTRICS
        | F::SHADER_DRAW_INDEX
}

static GPU: OnceLock<Result<Gpu, String>> = OnceLock::new();

/// Whether this run is CI (`CI=true`), where a missing adapter or tool is a failure.
pub fn is_ci() -> bool {
    std::env::var("CI")
        .map(|v| v == "true" || v == "1")
        .unwrap_or(false)
}

/// The shared device, or `None` (after a loud notice) when there is no Vulkan adapter and
/// this is not CI. Under `CI=true` a missing adapter panics, failing the test.
///
/// Use as `let Some(gpu) = gpu() else { return };`.
pub fn gpu() -> Option<&'static Gpu> {
    match GPU.get_or_init(init) {
        Ok(g) => Some(g),
        Err(why) if is_ci() => panic!(
            "CI=true but no Vulkan adapter is usable: {why}\n\
             install Mesa's lavapipe (apt-get install -y mesa-vulkan-drivers) and run with WGPU_BACKEND=vulkan"
        ),
        Err(why) => {
            eprintln!(
                "\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n\
                 !! SKIPPED: no Vulkan adapter ({why}).\n\
                 !! Install mesa-vulkan-drivers (lavapipe) to run execution tests.\n\
                 !! With CI=true this is a failure.\n\
                 !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n"
            );
            None
        }
    }
}

fn init() -> Result<Gpu, String> {
    if std::env::var_os("XDG_RUNTIME_DIR").is_none() {
        // Mesa's WSI probing complains loudly without it (harmless, but noisy).
        // SAFETY: set once, before any other thread of this test reads the environment
        // through wgpu (the OnceLock serialises initialisation).
        unsafe { std::env::set_var("XDG_RUNTIME_DIR", std::env::temp_dir()) };
    }
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle_from_env();
    desc.backends = wgpu::Backends::VULKAN;
    let instance = wgpu::Instance::new(desc);
    let adapters = pollster::block_on(instance.enumerate_adapters(wgpu::Backends::VULKAN));
    if adapters.is_empty() {
        return Err("wgpu found no Vulkan adapter".into());
    }
    // Prefer a real GPU when one exists, else the CPU driver; `WGPU_ADAPTER_NAME` picks one.
    let wanted_name = std::env::var("WGPU_ADAPTER_NAME")
        .ok()
        .map(|s| s.to_lowercase());
    let adapter = adapters
        .into_iter()
        .filter(|a| match &wanted_name {
            Some(n) => a.get_info().name.to_lowercase().contains(n),
            None => true,
        })
        .min_by_key(|a| match a.get_info().device_type {
            wgpu::DeviceType::DiscreteGpu => 0,
            wgpu::DeviceType::IntegratedGpu => 1,
            wgpu::DeviceType::VirtualGpu => 2,
            wgpu::DeviceType::Cpu => 3,
            wgpu::DeviceType::Other => 4,
        })
        .ok_or("no Vulkan adapter matches WGPU_ADAPTER_NAME")?;
    let info = adapter.get_info();
    let features = adapter.features() & wanted_features();
    let limits = adapter.limits();
    let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        label: Some("hlslc tests"),
        required_features: features,
        required_limits: limits.clone(),
        ..Default::default()
    }))
    .map_err(|e| format!("request_device failed on {}: {e}", info.name))?;
    device.on_uncaptured_error(std::sync::Arc::new(|e: wgpu::Error| {
        // Every job runs inside error scopes; anything here is a harness bug.
        eprintln!("wgpu: uncaptured error (harness bug, outside an error scope): {e}");
    }));
    if std::env::var_os("HLSLC_TEST_QUIET").is_none() {
        eprintln!(
            "gpu: {} ({:?}, driver {} {}, subgroup size {}..{}), features {:?}",
            info.name,
            info.device_type,
            info.driver,
            info.driver_info,
            info.subgroup_min_size,
            info.subgroup_max_size,
            features
        );
    }
    Ok(Gpu {
        adapter,
        info,
        device,
        queue,
        features,
        limits,
    })
}

// ---------------------------------------------------------------------------------------------
// Resources and jobs

/// A resource bound at `@group(group) @binding(binding)` (HLSL `register(xN, spaceM)` →
/// group M, binding N).
#[derive(Clone, Debug)]
pub struct Binding {
    pub group: u32,
    pub binding: u32,
    /// The element of a binding array (`u1[2]` in a fixture); `None` for a single resource.
    /// The elements of one array are bound together, in element order, with a layout count.
    pub element: Option<u32>,
    pub resource: Resource,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    ReadOnly,
    WriteOnly,
    ReadWrite,
    /// A read-write storage texture that WGSL declares `atomic` (texture atomics); wgpu
    /// requires the binding's access to match. Never written in fixtures: the runner
    /// derives it from the WGSL module.
    Atomic,
}

#[derive(Clone, Debug)]
pub enum Resource {
    /// A storage buffer (`StructuredBuffer`, `ByteAddressBuffer`, their RW forms).
    /// `WriteOnly` is not a buffer access; use `ReadWrite`.
    Storage {
        access: Access,
        data: Vec<u8>,
    },
    /// A uniform buffer (`cbuffer`, `ConstantBuffer<T>`). Padded to 16 bytes.
    Uniform {
        data: Vec<u8>,
    },
    /// A sampled texture (`Texture2D`, …).
    SampledTexture(TextureDesc),
    /// A storage texture (`RWTexture2D`, …); returned after the run unless read-only.
    StorageTexture {
        access: Access,
        texture: TextureDesc,
    },
    Sampler(SamplerDesc),
}

/// A texture and its initial contents.
#[derive(Clone, Debug)]
pub struct TextureDesc {
    pub dimension: wgpu::TextureViewDimension,
    pub format: wgpu::TextureFormat,
    pub width: u32,
    pub height: u32,
    /// Array layers (1D/2D arrays, 6 per cube) or depth (3D).
    pub depth_or_layers: u32,
    pub mip_levels: u32,
    /// Tightly packed texels, layer-major (D3D subresource order): layer 0 mip 0, layer 0
    /// mip 1, …, layer 1 mip 0, … For 3D textures: mip 0 (all slices), mip 1, …
    /// Empty = zero-filled.
    pub data: Vec<u8>,
}

impl TextureDesc {
    pub fn new_2d(format: wgpu::TextureFormat, width: u32, height: u32, data: Vec<u8>) -> Self {
        TextureDesc {
            dimension: wgpu::TextureViewDimension::D2,
            format,
            width,
            height,
            depth_or_layers: 1,
            mip_levels: 1,
            data,
        }
    }

    fn texture_dimension(&self) -> wgpu::TextureDimension {
        match self.dimension {
            wgpu::TextureViewDimension::D1 => wgpu::TextureDimension::D1,
            wgpu::TextureViewDimension::D3 => wgpu::TextureDimension::D3,
            _ => wgpu::TextureDimension::D2,
        }
    }

    fn is_3d(&self) -> bool {
        self.dimension == wgpu::TextureViewDimension::D3
    }

    fn mip_extent(&self, mip: u32) -> (u32, u32, u32) {
        let w = (self.width >> mip).max(1);
        let h = (self.height >> mip).max(1);
        let d = if self.is_3d() {
            (self.depth_or_layers >> mip).max(1)
        } else {
            1
        };
        (w, h, d)
    }

    /// Bytes of all subresources, tightly packed (the size `data` must have).
    pub fn byte_len(&self) -> Result<usize, String> {
        let bpp = texel_size(self.format)? as usize;
        let mut total = 0;
        let layers = if self.is_3d() {
            1
        } else {
            self.depth_or_layers
        };
        for _ in 0..layers {
            for mip in 0..self.mip_levels {
                let (w, h, d) = self.mip_extent(mip);
                total += (w * h * d) as usize * bpp;
            }
        }
        Ok(total)
    }

    /// Bytes of mip 0, all layers (what is read back from storage textures).
    pub fn mip0_byte_len(&self) -> Result<usize, String> {
        Ok((self.width * self.height * self.depth_or_layers) as usize
            * texel_size(self.format)? as usize)
    }
}

/// Bytes per texel of the uncompressed, single-aspect formats the tests use.
pub fn texel_size(format: wgpu::TextureFormat) -> Result<u32, String> {
    format
        .block_copy_size(None)
        .filter(|_| format.block_dimensions() == (1, 1))
        .ok_or_else(|| format!("texture format {format:?} is not supported by the test harness"))
}

#[derive(Clone, Debug)]
pub struct SamplerDesc {
    pub mag_filter: wgpu::FilterMode,
    pub min_filter: wgpu::FilterMode,
    pub mipmap_filter: wgpu::MipmapFilterMode,
    pub address_modes: [wgpu::AddressMode; 3],
    /// `Some` makes a comparison sampler (`SamplerComparisonState`).
    pub compare: Option<wgpu::CompareFunction>,
    pub lod_min_clamp: f32,
    pub lod_max_clamp: f32,
    pub border_color: Option<wgpu::SamplerBorderColor>,
}

impl Default for SamplerDesc {
    fn default() -> Self {
        SamplerDesc {
            mag_filter: wgpu::FilterMode::Nearest,
            min_filter: wgpu::FilterMode::Nearest,
            mipmap_filter: wgpu::MipmapFilterMode::Nearest,
            address_modes: [wgpu::AddressMode::ClampToEdge; 3],
            compare: None,
            lod_min_clamp: 0.0,
            lod_max_clamp: 32.0,
            border_color: None,
        }
    }
}

impl SamplerDesc {
    fn is_filtering(&self) -> bool {
        self.mag_filter == wgpu::FilterMode::Linear
            || self.min_filter == wgpu::FilterMode::Linear
            || self.mipmap_filter == wgpu::MipmapFilterMode::Linear
    }
}

/// A compute dispatch.
#[derive(Clone, Debug)]
pub struct ComputeJob {
    pub shader: Shader,
    pub entry_point: String,
    pub workgroups: [u32; 3],
    pub bindings: Vec<Binding>,
    /// Push-constant bytes (`[[vk::push_constant]]`), set with `set_immediates` after padding to
    /// 16 bytes (hlslc's block is whole 16-byte registers); empty for none.
    pub immediates: Vec<u8>,
}

/// What a run wrote: every writable buffer's bytes and every writable storage texture's
/// mip 0 (all layers, tightly packed), by (group, binding, element of a binding array).
#[derive(Clone, Debug, Default)]
pub struct Outputs {
    pub resources: BTreeMap<(u32, u32, u32), Vec<u8>>,
}

impl Outputs {
    pub fn get(&self, group: u32, binding: u32) -> Option<&[u8]> {
        self.get_element(group, binding, 0)
    }

    /// Element `element` of a binding array (0 for a single resource).
    pub fn get_element(&self, group: u32, binding: u32, element: u32) -> Option<&[u8]> {
        self.resources.get(&(group, binding, element)).map(|v| v.as_slice())
    }
}

/// A draw into one offscreen colour target.
#[derive(Clone, Debug)]
pub struct RenderJob {
    pub vertex: Shader,
    pub vertex_entry: String,
    pub fragment: Shader,
    pub fragment_entry: String,
    pub vertex_count: u32,
    pub instance_count: u32,
    /// The draw's first vertex and first instance (`draw(first..first + count, …)`).
    pub first_vertex: u32,
    pub first_instance: u32,
    pub topology: wgpu::PrimitiveTopology,
    /// Optional vertex buffers (most tests generate vertices from `SV_VertexID`).
    pub vertex_buffers: Vec<VertexBuffer>,
    pub target: ColorTarget,
    pub depth: Option<DepthTarget>,
    /// 1 = no MSAA. With more, the target is resolved and the resolve is returned.
    pub sample_count: u32,
    /// Fragment-visible (read-only ones also vertex-visible).
    pub bindings: Vec<Binding>,
}

#[derive(Clone, Debug)]
pub struct VertexBuffer {
    pub stride: u64,
    pub step_mode: wgpu::VertexStepMode,
    pub attributes: Vec<wgpu::VertexAttribute>,
    pub data: Vec<u8>,
}

#[derive(Clone, Debug)]
pub struct ColorTarget {
    pub format: wgpu::TextureFormat,
    pub width: u32,
    pub height: u32,
    pub clear: wgpu::Color,
}

#[derive(Clone, Debug)]
pub struct DepthTarget {
    pub format: wgpu::TextureFormat,
    pub clear: f32,
    pub compare: wgpu::CompareFunction,
    pub write: bool,
}

/// The colour target's pixels (tightly packed rows) and what the fragment shader wrote to
/// writable buffers and storage textures.
#[derive(Clone, Debug, Default)]
pub struct RenderOutputs {
    pub color: Vec<u8>,
    pub outputs: Outputs,
}

/// How long a submission may run before the job is declared hung.
const TIMEOUT: Duration = Duration::from_secs(60);

// ---------------------------------------------------------------------------------------------
// Runners

/// Runs a compute dispatch and returns every writable resource's contents.
pub fn run_compute(job: &ComputeJob) -> Result<Outputs, String> {
    let gpu = gpu().ok_or("no GPU adapter")?;
    let device = &gpu.device;
    check_shader_support(gpu, &job.shader)?;

    let scopes = Scopes::push(device);
    let module = create_module(device, &job.shader, &[job.entry_point.as_str()], "compute")?;
    let layouts = BindLayouts::new(device, &job.bindings, wgpu::ShaderStages::COMPUTE, padded_len(job.immediates.len(), 16) as u32)?;
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some("test compute pipeline"),
        layout: Some(&layouts.pipeline_layout),
        module: &module,
        entry_point: Some(&job.entry_point),
        compilation_options: Default::default(),
        cache: None,
    });
    scopes.pop("creating the compute pipeline")?;

    let scopes = Scopes::push(device);
    let resources = Resources::new(gpu, &job.bindings, &layouts)?;
    let mut encoder = device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_pipeline(&pipeline);
        for (group, bg) in resources.bind_groups.iter().enumerate() {
            pass.set_bind_group(group as u32, bg, &[]);
        }
        if !job.immediates.is_empty() {
            pass.set_immediates(0, &pad(&job.immediates, 16));
        }
        let [x, y, z] = job.workgroups;
        pass.dispatch_workgroups(x, y, z);
    }
    let readbacks = resources.encode_readbacks(device, &mut encoder)?;
    let index = gpu.queue.submit([encoder.finish()]);
    wait(device, index)?;
    scopes.pop("running the dispatch")?;
    read_back(device, readbacks)
}

/// Draws `vertex_count` vertices into an offscreen target and returns its pixels.
pub fn run_render(job: &RenderJob) -> Result<RenderOutputs, String> {
    let gpu = gpu().ok_or("no GPU adapter")?;
    let device = &gpu.device;
    check_shader_support(gpu, &job.vertex)?;
    check_shader_support(gpu, &job.fragment)?;
    let bpp = texel_size(job.target.format)?;

    let scopes = Scopes::push(device);
    let vs = create_module(device, &job.vertex, &[job.vertex_entry.as_str()], "vertex")?;
    let fs = create_module(
        device,
        &job.fragment,
        &[job.fragment_entry.as_str()],
        "fragment",
    )?;
    let layouts = BindLayouts::new(device, &job.bindings, wgpu::ShaderStages::VERTEX_FRAGMENT, 0)?;
    let vb_layouts: Vec<Option<wgpu::VertexBufferLayout>> = job
        .vertex_buffers
        .iter()
        .map(|vb| {
            Some(wgpu::VertexBufferLayout {
                array_stride: vb.stride,
                step_mode: vb.step_mode,
                attributes: &vb.attributes,
            })
        })
        .collect();
    let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some("test render pipeline"),
        layout: Some(&layouts.pipeline_layout),
        vertex: wgpu::VertexState {
            module: &vs,
            entry_point: Some(&job.vertex_entry),
            compilation_options: Default::default(),
            buffers: &vb_layouts,
        },
        primitive: wgpu::PrimitiveState {
            topology: job.topology,
            ..Default::default()
        },
        depth_stencil: job.depth.as_ref().map(|d| wgpu::DepthStencilState {
            format: d.format,
            depth_write_enabled: Some(d.write),
            depth_compare: Some(d.compare),
            stencil: Default::default(),
            bias: Default::default(),
        }),
        multisample: wgpu::MultisampleState {
            count: job.sample_count,
            ..Default::default()
        },
        fragment: Some(wgpu::FragmentState {
            module: &fs,
            entry_point: Some(&job.fragment_entry),
            compilation_options: Default::default(),
            targets: &[Some(wgpu::ColorTargetState {
                format: job.target.format,
                blend: None,
                write_mask: wgpu::ColorWrites::ALL,
            })],
        }),
        multiview_mask: None,
        cache: None,
    });
    scopes.pop("creating the render pipeline")?;

    let scopes = Scopes::push(device);
    let resources = Resources::new(gpu, &job.bindings, &layouts)?;
    let size = wgpu::Extent3d {
        width: job.target.width,
        height: job.target.height,
        depth_or_array_layers: 1,
    };
    let color_usage = wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC;
    let single = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("colour target"),
        size,
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: job.target.format,
        usage: color_usage,
        view_formats: &[],
    });
    let single_view = single.create_view(&Default::default());
    let msaa = (job.sample_count > 1).then(|| {
        device.create_texture(&wgpu::TextureDescriptor {
            label: Some("multisampled colour target"),
            size,
            mip_level_count: 1,
            sample_count: job.sample_count,
            dimension: wgpu::TextureDimension::D2,
            format: job.target.format,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
            view_formats: &[],
        })
    });
    let msaa_view = msaa.as_ref().map(|t| t.create_view(&Default::default()));
    let depth = job.depth.as_ref().map(|d| {
        device
            .create_texture(&wgpu::TextureDescriptor {
                label: Some("depth target"),
                size,
                mip_level_count: 1,
                sample_count: job.sample_count,
                dimension: wgpu::TextureDimension::D2,
                format: d.format,
                usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
                view_formats: &[],
            })
            .create_view(&Default::default())
    });
    let vertex_buffers: Vec<wgpu::Buffer> = job
        .vertex_buffers
        .iter()
        .map(|vb| {
            let b = device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("vertex buffer"),
                size: padded_len(vb.data.len(), 4) as u64,
                usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            });
            gpu.queue.write_buffer(&b, 0, &pad(&vb.data, 4));
            b
        })
        .collect();

    let mut encoder = device.create_command_encoder(&Default::default());
    {
        let (view, resolve) = match &msaa_view {
            Some(m) => (m, Some(&single_view)),
            None => (&single_view, None),
        };
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("test render pass"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view,
                depth_slice: None,
                resolve_target: resolve,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(job.target.clear),
                    store: wgpu::StoreOp::Store,
                },
            })],
            depth_stencil_attachment: depth.as_ref().zip(job.depth.as_ref()).map(|(view, d)| {
                wgpu::RenderPassDepthStencilAttachment {
                    view,
                    depth_ops: Some(wgpu::Operations {
                        load: wgpu::LoadOp::Clear(d.clear),
                        store: wgpu::StoreOp::Store,
                    }),
                    stencil_ops: None,
                }
            }),
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        pass.set_pipeline(&pipeline);
        for (group, bg) in resources.bind_groups.iter().enumerate() {
            pass.set_bind_group(group as u32, bg, &[]);
        }
        for (slot, b) in vertex_buffers.iter().enumerate() {
            pass.set_vertex_buffer(slot as u32, b.slice(..));
        }
        pass.draw(job.first_vertex..job.first_vertex + job.vertex_count, job.first_instance..job.first_instance + job.instance_count.max(1));
    }
    let mut readbacks = resources.encode_readbacks(device, &mut encoder)?;
    let color = encode_texture_readback(
        device,
        &mut encoder,
        &single,
        job.target.width,
        job.target.height,
        1,
        bpp,
    );
    readbacks.push(((u32::MAX, u32::MAX, 0), color));
    let index = gpu.queue.submit([encoder.finish()]);
    wait(device, index)?;
    scopes.pop("running the draw")?;
    let mut outputs = read_back(device, readbacks)?;
    let color = outputs
        .resources
        .remove(&(u32::MAX, u32::MAX, 0))
        .unwrap_or_default();
    Ok(RenderOutputs { color, outputs })
}

// ---------------------------------------------------------------------------------------------
// Internals

fn check_shader_support(gpu: &Gpu, shader: &Shader) -> Result<(), String> {
    if let Shader::SpirV(_) = shader {
        if !gpu.features.contains(wgpu::Features::PASSTHROUGH_SHADERS) {
            return Err(format!(
                "adapter {} lacks PASSTHROUGH_SHADERS, needed to run SPIR-V",
                gpu.info.name
            ));
        }
    }
    Ok(())
}

/// Error scopes around a group of device calls; popping turns captured errors into `Err`.
struct Scopes {
    guards: Vec<wgpu::ErrorScopeGuard>,
}

impl Scopes {
    fn push(device: &wgpu::Device) -> Scopes {
        Scopes {
            guards: vec![
                device.push_error_scope(wgpu::ErrorFilter::Validation),
                device.push_error_scope(wgpu::ErrorFilter::OutOfMemory),
                device.push_error_scope(wgpu::ErrorFilter::Internal),
            ],
        }
    }

    fn pop(mut self, what: &str) -> Result<(), String> {
        let mut errors = Vec::new();
        while let Some(g) = self.guards.pop() {
            if let Some(e) = pollster::block_on(g.pop()) {
                errors.push(error_text(&e));
            }
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(format!("wgpu error while {what}:\n{}", errors.join("\n")))
        }
    }
}

impl Drop for Scopes {
    /// On an early return, the scopes must still be popped innermost first (wgpu panics
    /// otherwise); their errors are then dropped with them, the early return has its own.
    fn drop(&mut self) {
        while let Some(g) = self.guards.pop() {
            drop(g);
        }
    }
}

/// The error with its chain of sources (wgpu puts the useful part, e.g. naga's message, there).
fn error_text(e: &wgpu::Error) -> String {
    let mut s = e.to_string();
    let mut src = std::error::Error::source(e);
    while let Some(inner) = src {
        let t = inner.to_string();
        if !s.contains(&t) {
            s.push_str("\n  caused by: ");
            s.push_str(&t);
        }
        src = inner.source();
    }
    s
}

fn create_module(
    device: &wgpu::Device,
    shader: &Shader,
    entry_points: &[&str],
    label: &str,
) -> Result<wgpu::ShaderModule, String> {
    let module = match shader {
        Shader::Wgsl(text) => device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some(label),
            source: wgpu::ShaderSource::Wgsl(Cow::Borrowed(text)),
        }),
        Shader::SpirV(words) => {
            if words.first() != Some(&0x0723_0203) {
                return Err("SPIR-V does not start with the magic number 0x07230203".into());
            }
            let entries: Vec<wgpu::PassthroughShaderEntryPoint> = entry_points
                .iter()
                .map(|name| wgpu::PassthroughShaderEntryPoint {
                    name: Cow::Owned(name.to_string()),
                    workgroup_size: (0, 0, 0),
                })
                .collect();
            // SAFETY: passthrough hands the words to the driver unvalidated; the test runners
            // run spirv-val on every module first, and lavapipe survives invalid input in
            // practice. The risk is limited to this test process.
            unsafe {
                device.create_shader_module_passthrough(wgpu::ShaderModuleDescriptorPassthrough {
                    label: Some(label),
                    entry_points: Cow::Owned(entries),
                    spirv: Some(Cow::Borrowed(words)),
                    ..Default::default()
                })
            }
        }
    };
    Ok(module)
}

fn pad(data: &[u8], align: usize) -> Vec<u8> {
    let mut v = data.to_vec();
    v.resize(padded_len(data.len(), align), 0);
    v
}

fn padded_len(len: usize, align: usize) -> usize {
    len.max(1).div_ceil(align) * align
}

/// Bind group layouts for groups 0..=max (empty layouts fill the gaps) and the pipeline layout.
///
/// wgpu's Vulkan backend numbers the Vulkan bindings of a set densely, in binding order
/// (`@binding(1)` alone in a group becomes Vulkan binding 0), and renumbers the bindings
/// of the SPIR-V that naga writes to match. Passthrough SPIR-V keeps its own numbers, so
/// every gap below the highest binding of a group is filled with an unused dummy sampler:
/// then Vulkan binding N is `@binding(N)` for both kinds of shader.
struct BindLayouts {
    groups: Vec<wgpu::BindGroupLayout>,
    pipeline_layout: wgpu::PipelineLayout,
    /// Per group, in binding order: the job's binding (indices: one, or a binding array's
    /// elements in element order) or a dummy at that binding.
    by_group: Vec<Vec<Slot>>,
}

#[derive(Clone)]
enum Slot {
    Real(Vec<usize>),
    Dummy(u32),
}

impl BindLayouts {
    fn new(
        device: &wgpu::Device,
        bindings: &[Binding],
        stages: wgpu::ShaderStages,
        immediate_size: u32,
    ) -> Result<BindLayouts, String> {
        let mut seen = std::collections::BTreeSet::new();
        for b in bindings {
            if !seen.insert((b.group, b.binding, b.element)) {
                return Err(format!(
                    "two resources at @group({}) @binding({})",
                    b.group, b.binding
                ));
            }
        }
        let group_count = bindings.iter().map(|b| b.group + 1).max().unwrap_or(0) as usize;
        let mut by_group: Vec<Vec<Slot>> = vec![Vec::new(); group_count];
        for (group, slots) in by_group.iter_mut().enumerate() {
            let mut members: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
            for (i, b) in bindings.iter().enumerate() {
                if b.group as usize == group {
                    members.entry(b.binding).or_default().push(i);
                }
            }
            for (binding, elements) in members.iter_mut() {
                elements.sort_by_key(|&i| bindings[i].element);
                let dense = elements
                    .iter()
                    .enumerate()
                    .all(|(k, &i)| bindings[i].element == Some(k as u32));
                if elements.len() > 1 && !dense {
                    return Err(format!(
                        "@group({group}) @binding({binding}): the elements of a binding array must be numbered 0..N"
                    ));
                }
            }
            let top = members.keys().next_back().map_or(0, |&b| b + 1);
            *slots = (0..top)
                .map(|b| members.get(&b).map_or(Slot::Dummy(b), |e| Slot::Real(e.clone())))
                .collect();
        }
        let mut groups = Vec::new();
        for slots in &by_group {
            let entries: Vec<wgpu::BindGroupLayoutEntry> = slots
                .iter()
                .map(|slot| match slot {
                    Slot::Real(e) => {
                        let mut entry = layout_entry(&bindings[e[0]], stages)?;
                        if bindings[e[0]].element.is_some() {
                            entry.count = std::num::NonZeroU32::new(e.len() as u32);
                        }
                        Ok::<_, String>(entry)
                    }
                    &Slot::Dummy(binding) => Ok(wgpu::BindGroupLayoutEntry {
                        binding,
                        visibility: stages,
                        ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::NonFiltering),
                        count: None,
                    }),
                })
                .collect::<Result<_, _>>()?;
            groups.push(
                device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                    label: Some("test bind group layout"),
                    entries: &entries,
                }),
            );
        }
        let refs: Vec<Option<&wgpu::BindGroupLayout>> = groups.iter().map(Some).collect();
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("test pipeline layout"),
            bind_group_layouts: &refs,
            immediate_size,
        });
        Ok(BindLayouts {
            groups,
            pipeline_layout,
            by_group,
        })
    }
}

fn layout_entry(
    b: &Binding,
    stages: wgpu::ShaderStages,
) -> Result<wgpu::BindGroupLayoutEntry, String> {
    // Writable resources are fragment/compute only (vertex needs VERTEX_WRITABLE_STORAGE).
    let writable_stages = stages & !wgpu::ShaderStages::VERTEX;
    let (ty, visibility) = match &b.resource {
        Resource::Storage { access, .. } => (
            wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Storage {
                    read_only: *access == Access::ReadOnly,
                },
                has_dynamic_offset: false,
                min_binding_size: None,
            },
            if *access == Access::ReadOnly {
                stages
            } else {
                writable_stages
            },
        ),
        Resource::Uniform { .. } => (
            wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Uniform,
                has_dynamic_offset: false,
                min_binding_size: None,
            },
            stages,
        ),
        Resource::SampledTexture(t) => (
            wgpu::BindingType::Texture {
                sample_type: sample_type(t.format)?,
                view_dimension: t.dimension,
                multisampled: false,
            },
            stages,
        ),
        Resource::StorageTexture { access, texture } => (
            wgpu::BindingType::StorageTexture {
                access: match access {
                    Access::ReadOnly => wgpu::StorageTextureAccess::ReadOnly,
                    Access::WriteOnly => wgpu::StorageTextureAccess::WriteOnly,
                    Access::ReadWrite => wgpu::StorageTextureAccess::ReadWrite,
                    Access::Atomic => wgpu::StorageTextureAccess::Atomic,
                },
                format: texture.format,
                view_dimension: texture.dimension,
            },
            if *access == Access::ReadOnly {
                stages
            } else {
                writable_stages
            },
        ),
        Resource::Sampler(s) => (
            wgpu::BindingType::Sampler(if s.compare.is_some() {
                wgpu::SamplerBindingType::Comparison
            } else if s.is_filtering() {
                wgpu::SamplerBindingType::Filtering
            } else {
                wgpu::SamplerBindingType::NonFiltering
            }),
            stages,
        ),
    };
    Ok(wgpu::BindGroupLayoutEntry {
        binding: b.binding,
        visibility,
        ty,
        count: None,
    })
}

fn sample_type(format: wgpu::TextureFormat) -> Result<wgpu::TextureSampleType, String> {
    let gpu = gpu().ok_or("no GPU adapter")?;
    format
        .sample_type(None, Some(gpu.features))
        .map(|t| match t {
            // Report float formats as filterable when the adapter can filter them.
            wgpu::TextureSampleType::Float { .. } => wgpu::TextureSampleType::Float {
                filterable: gpu
                    .adapter
                    .get_texture_format_features(format)
                    .flags
                    .contains(wgpu::TextureFormatFeatureFlags::FILTERABLE),
            },
            other => other,
        })
        .ok_or_else(|| format!("texture format {format:?} cannot be sampled"))
}

/// The GPU objects behind a job's bindings.
struct Resources {
    bind_groups: Vec<wgpu::BindGroup>,
    /// Writable buffers and storage textures, to copy back after the run.
    writable: Vec<Writable>,
}

enum Writable {
    Buffer {
        key: (u32, u32, u32),
        buffer: wgpu::Buffer,
        len: usize,
    },
    Texture {
        key: (u32, u32, u32),
        texture: wgpu::Texture,
        desc: TextureDesc,
    },
}

enum Object {
    Buffer(wgpu::Buffer),
    View(wgpu::TextureView),
    Sampler(wgpu::Sampler),
}

impl Resources {
    fn new(gpu: &Gpu, bindings: &[Binding], layouts: &BindLayouts) -> Result<Resources, String> {
        let device = &gpu.device;
        let mut objects = Vec::new();
        let mut writable = Vec::new();
        for b in bindings {
            let key = (b.group, b.binding, b.element.unwrap_or(0));
            let obj = match &b.resource {
                Resource::Storage { access, data } => {
                    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
                        label: Some("storage buffer"),
                        size: padded_len(data.len(), 4) as u64,
                        usage: wgpu::BufferUsages::STORAGE
                            | wgpu::BufferUsages::COPY_DST
                            | wgpu::BufferUsages::COPY_SRC,
                        mapped_at_creation: false,
                    });
                    gpu.queue.write_buffer(&buffer, 0, &pad(data, 4));
                    if *access != Access::ReadOnly {
                        writable.push(Writable::Buffer {
                            key,
                            buffer: buffer.clone(),
                            len: data.len(),
                        });
                    }
                    Object::Buffer(buffer)
                }
                Resource::Uniform { data } => {
                    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
                        label: Some("uniform buffer"),
                        size: padded_len(data.len(), 16) as u64,
                        usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                        mapped_at_creation: false,
                    });
                    gpu.queue.write_buffer(&buffer, 0, &pad(data, 16));
                    Object::Buffer(buffer)
                }
                Resource::SampledTexture(desc) => {
                    let texture = create_texture(gpu, desc, wgpu::TextureUsages::TEXTURE_BINDING)?;
                    Object::View(texture.create_view(&wgpu::TextureViewDescriptor {
                        dimension: Some(desc.dimension),
                        ..Default::default()
                    }))
                }
                Resource::StorageTexture {
                    access,
                    texture: desc,
                } => {
                    let texture = create_texture(
                        gpu,
                        desc,
                        wgpu::TextureUsages::STORAGE_BINDING | wgpu::TextureUsages::COPY_SRC,
                    )?;
                    let view = texture.create_view(&wgpu::TextureViewDescriptor {
                        dimension: Some(desc.dimension),
                        mip_level_count: Some(1),
                        ..Default::default()
                    });
                    if *access != Access::ReadOnly {
                        writable.push(Writable::Texture {
                            key,
                            texture,
                            desc: desc.clone(),
                        });
                    }
                    Object::View(view)
                }
                Resource::Sampler(s) => {
                    Object::Sampler(device.create_sampler(&wgpu::SamplerDescriptor {
                        label: Some("test sampler"),
                        address_mode_u: s.address_modes[0],
                        address_mode_v: s.address_modes[1],
                        address_mode_w: s.address_modes[2],
                        mag_filter: s.mag_filter,
                        min_filter: s.min_filter,
                        mipmap_filter: s.mipmap_filter,
                        lod_min_clamp: s.lod_min_clamp,
                        lod_max_clamp: s.lod_max_clamp,
                        compare: s.compare,
                        anisotropy_clamp: 1,
                        border_color: s.border_color,
                    }))
                }
            };
            objects.push(obj);
        }
        let dummy = device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("unused binding"),
            ..Default::default()
        });
        let mut bind_groups = Vec::new();
        for (group, slots) in layouts.by_group.iter().enumerate() {
            // Binding arrays: the elements' objects, gathered first (entries borrow them).
            let arrays: Vec<(Vec<wgpu::BufferBinding>, Vec<&wgpu::TextureView>, Vec<&wgpu::Sampler>)> = slots
                .iter()
                .map(|slot| {
                    let (mut buffers, mut views, mut samplers) = (Vec::new(), Vec::new(), Vec::new());
                    if let Slot::Real(e) = slot {
                        if bindings[e[0]].element.is_some() {
                            for &i in e {
                                match &objects[i] {
                                    Object::Buffer(b) => buffers.push(b.as_entire_buffer_binding()),
                                    Object::View(v) => views.push(v),
                                    Object::Sampler(s) => samplers.push(s),
                                }
                            }
                        }
                    }
                    (buffers, views, samplers)
                })
                .collect();
            let entries: Vec<wgpu::BindGroupEntry> = slots
                .iter()
                .zip(&arrays)
                .map(|(slot, (buffers, views, samplers))| match slot {
                    Slot::Real(e) if bindings[e[0]].element.is_some() => wgpu::BindGroupEntry {
                        binding: bindings[e[0]].binding,
                        resource: if !buffers.is_empty() {
                            wgpu::BindingResource::BufferArray(buffers)
                        } else if !views.is_empty() {
                            wgpu::BindingResource::TextureViewArray(views)
                        } else {
                            wgpu::BindingResource::SamplerArray(samplers)
                        },
                    },
                    Slot::Real(e) => wgpu::BindGroupEntry {
                        binding: bindings[e[0]].binding,
                        resource: match &objects[e[0]] {
                            Object::Buffer(b) => b.as_entire_binding(),
                            Object::View(v) => wgpu::BindingResource::TextureView(v),
                            Object::Sampler(s) => wgpu::BindingResource::Sampler(s),
                        },
                    },
                    &Slot::Dummy(binding) => wgpu::BindGroupEntry {
                        binding,
                        resource: wgpu::BindingResource::Sampler(&dummy),
                    },
                })
                .collect();
            bind_groups.push(device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("test bind group"),
                layout: &layouts.groups[group],
                entries: &entries,
            }));
        }
        Ok(Resources {
            bind_groups,
            writable,
        })
    }

    /// Copies every writable resource into a mappable buffer (after the work in `encoder`).
    fn encode_readbacks(
        &self,
        device: &wgpu::Device,
        encoder: &mut wgpu::CommandEncoder,
    ) -> Result<Readbacks, String> {
        let mut out = Vec::new();
        for w in &self.writable {
            match w {
                Writable::Buffer { key, buffer, len } => {
                    let size = padded_len(*len, 4) as u64;
                    let staging = device.create_buffer(&wgpu::BufferDescriptor {
                        label: Some("readback"),
                        size,
                        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                        mapped_at_creation: false,
                    });
                    encoder.copy_buffer_to_buffer(buffer, 0, &staging, 0, size);
                    out.push((
                        *key,
                        Readback {
                            buffer: staging,
                            rows: vec![(0, *len)],
                        },
                    ));
                }
                Writable::Texture { key, texture, desc } => {
                    let bpp = texel_size(desc.format)?;
                    out.push((
                        *key,
                        encode_texture_readback(
                            device,
                            encoder,
                            texture,
                            desc.width,
                            desc.height,
                            desc.depth_or_layers,
                            bpp,
                        ),
                    ));
                }
            }
        }
        Ok(out)
    }
}

fn create_texture(
    gpu: &Gpu,
    desc: &TextureDesc,
    usage: wgpu::TextureUsages,
) -> Result<wgpu::Texture, String> {
    let bpp = texel_size(desc.format)?;
    let expected = desc.byte_len()?;
    if !desc.data.is_empty() && desc.data.len() != expected {
        return Err(format!(
            "texture data is {} bytes; {}x{}x{} {:?} with {} mips needs {expected}",
            desc.data.len(),
            desc.width,
            desc.height,
            desc.depth_or_layers,
            desc.format,
            desc.mip_levels
        ));
    }
    let texture = gpu.device.create_texture(&wgpu::TextureDescriptor {
        label: Some("test texture"),
        size: wgpu::Extent3d {
            width: desc.width,
            height: desc.height,
            depth_or_array_layers: desc.depth_or_layers,
        },
        mip_level_count: desc.mip_levels,
        sample_count: 1,
        dimension: desc.texture_dimension(),
        format: desc.format,
        usage: usage | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    if desc.data.is_empty() {
        return Ok(texture); // wgpu zero-initialises textures
    }
    let mut offset = 0usize;
    let mut write = |layer: u32, mip: u32, (w, h, d): (u32, u32, u32)| {
        let len = (w * h * d * bpp) as usize;
        gpu.queue.write_texture(
            wgpu::TexelCopyTextureInfo {
                texture: &texture,
                mip_level: mip,
                origin: wgpu::Origin3d {
                    x: 0,
                    y: 0,
                    z: layer,
                },
                aspect: wgpu::TextureAspect::All,
            },
            &desc.data[offset..offset + len],
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(w * bpp),
                rows_per_image: Some(h),
            },
            wgpu::Extent3d {
                width: w,
                height: h,
                depth_or_array_layers: d,
            },
        );
        offset += len;
    };
    if desc.is_3d() {
        for mip in 0..desc.mip_levels {
            write(0, mip, desc.mip_extent(mip));
        }
    } else {
        for layer in 0..desc.depth_or_layers {
            for mip in 0..desc.mip_levels {
                write(layer, mip, desc.mip_extent(mip));
            }
        }
    }
    Ok(texture)
}

/// Mappable copies of resources, by (group, binding).
type Readbacks = Vec<((u32, u32, u32), Readback)>;

/// A mappable copy of a resource: `rows` are (offset, length) runs to concatenate.
struct Readback {
    buffer: wgpu::Buffer,
    rows: Vec<(usize, usize)>,
}

fn encode_texture_readback(
    device: &wgpu::Device,
    encoder: &mut wgpu::CommandEncoder,
    texture: &wgpu::Texture,
    width: u32,
    height: u32,
    layers: u32,
    bpp: u32,
) -> Readback {
    let row = width * bpp;
    let padded_row =
        row.div_ceil(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT) * wgpu::COPY_BYTES_PER_ROW_ALIGNMENT;
    let staging = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("texture readback"),
        size: (padded_row * height * layers) as u64,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    encoder.copy_texture_to_buffer(
        wgpu::TexelCopyTextureInfo {
            texture,
            mip_level: 0,
            origin: wgpu::Origin3d::ZERO,
            aspect: wgpu::TextureAspect::All,
        },
        wgpu::TexelCopyBufferInfo {
            buffer: &staging,
            layout: wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(padded_row),
                rows_per_image: Some(height),
            },
        },
        wgpu::Extent3d {
            width,
            height,
            depth_or_array_layers: layers,
        },
    );
    let rows = (0..height * layers)
        .map(|r| ((r * padded_row) as usize, row as usize))
        .collect();
    Readback {
        buffer: staging,
        rows,
    }
}

fn wait(device: &wgpu::Device, index: wgpu::SubmissionIndex) -> Result<(), String> {
    device
        .poll(wgpu::PollType::Wait {
            submission_index: Some(index),
            timeout: Some(TIMEOUT),
        })
        .map(|_| ())
        .map_err(|e| {
            format!("waiting for the GPU: {e} (limit {TIMEOUT:?}; an endless loop in the shader?)")
        })
}

fn read_back(device: &wgpu::Device, readbacks: Readbacks) -> Result<Outputs, String> {
    let mut outputs = Outputs::default();
    let (tx, rx) = std::sync::mpsc::channel();
    for (i, (_, rb)) in readbacks.iter().enumerate() {
        let tx = tx.clone();
        rb.buffer
            .slice(..)
            .map_async(wgpu::MapMode::Read, move |r| {
                let _ = tx.send((i, r));
            });
    }
    drop(tx);
    device
        .poll(wgpu::PollType::Wait {
            submission_index: None,
            timeout: Some(TIMEOUT),
        })
        .map_err(|e| format!("waiting for readback: {e}"))?;
    // Another thread polling the same device may run our callbacks after our poll returned:
    // wait on the channel for the stragglers.
    let mut results: Vec<_> = rx.try_iter().collect();
    let deadline = std::time::Instant::now() + TIMEOUT;
    while results.len() < readbacks.len() && std::time::Instant::now() < deadline {
        let _ = device.poll(wgpu::PollType::Poll);
        match rx.recv_timeout(std::time::Duration::from_millis(10)) {
            Ok(r) => results.push(r),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    if results.len() != readbacks.len() {
        return Err(format!(
            "only {} of {} readback buffers were mapped",
            results.len(),
            readbacks.len()
        ));
    }
    for (i, r) in results {
        r.map_err(|e| format!("mapping readback buffer {i}: {e}"))?;
    }
    for (key, rb) in readbacks {
        let mapped = rb
            .buffer
            .slice(..)
            .get_mapped_range()
            .map_err(|e| format!("reading back: {e}"))?;
        let mut bytes = Vec::new();
        for (off, len) in &rb.rows {
            bytes.extend_from_slice(&mapped[*off..*off + *len]);
        }
        drop(mapped);
        rb.buffer.unmap();
        outputs.resources.insert(key, bytes);
    }
    Ok(outputs)
}
