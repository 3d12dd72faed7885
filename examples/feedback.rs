//! Sampler feedback end to end: a pixel shader samples a texture and records what it read in a
//! `FeedbackTexture2D<SAMPLER_FEEDBACK_MIN_MIP>`; a compute shader resolves the feedback map
//! into D3D's MinMip map (one byte per 16 × 16-texel region: the most detailed mip read there);
//! the host reads it back, prints it and checks it against its own computation of the texels
//! the sampler reads. Both targets: WGSL, and SPIR-V passed through where the device allows.
//!
//! ```sh
//! cargo run --example feedback
//! ```
//!
//! WebGPU has no feedback textures (nor 64-bit texture atomics), so hlslc stores the map in a
//! storage buffer (`docs/sampler-feedback.md`): per mip-0 region a pair of `u32` words, four
//! bits per mip (mips 0-7 in word 0, 8-15 in word 1). Bit 1 means "region (x, y) of this mip
//! was read", bits 2, 4 and 8 "and its +x, +y, +x+y neighbour" (a bilinear footprint spans at
//! most two regions per axis), so each write is one atomic OR. Mip `l` has its own, smaller
//! grid of regions, stored in the first slots. A hidden uniform, `<map>.params`, tells the
//! shader the region and texture sizes; reflection lists it with the map, so the wgpu glue
//! builds its layout and binds it by name like any other resource.
//! `examples/shaders/feedback_decode.hlsl` (hlslc-compiled HLSL as well) turns the words into
//! the bytes D3D's `ResolveSubresourceRegion(…, DECODE_SAMPLER_FEEDBACK)` would give.

#[path = "common/gpu.rs"]
#[allow(dead_code)]
mod gpu;

use wgpu::util::DeviceExt;

const SHADER: &str = "examples/shaders/feedback.hlsl";
const DECODE: &str = "examples/shaders/feedback_decode.hlsl";
/// The paired texture: 256 × 256 with its full mip chain; 16 × 16-texel mip regions.
const SIZE: u32 = 256;
const MIPS: u32 = 9;
const REGION: u32 = 16;
const GRID: u32 = SIZE / REGION;
/// The render target: 64 × 64 pixels in four bands of 16 rows.
const TARGET: u32 = 64;
/// Per band: mip-0 texels per pixel along x and y, and the texel at the band's top-left corner.
/// LOD = log2 of the larger step: 0.58, 1.58 and 2.58, where the linear mip filter reads mips
/// (0, 1), (1, 2) and (2, 3), and -0.42 (magnified: mip 0 only). Binary fractions keep every
/// coordinate exact in `f32` and at least 1/32 texel from a texel boundary, so the GPU and
/// the CPU agree on every texel.
const BANDS: [[f32; 4]; 4] = [[1.5, 1.5, 8.5, 8.5], [3.0, 3.0, 40.0, 64.0], [0.5, 6.0, 208.5, 144.75], [0.75, 0.75, 168.75, 24.75]];

#[allow(dead_code)]
fn main() -> std::process::ExitCode {
    match run() {
        Ok(report) => {
            print!("{report}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Runs the example; returns what it prints.
pub fn run() -> Result<String, String> {
    let read = |path: &str| std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).map_err(|e| format!("cannot read {path}: {e}"));
    let (shader, decode) = (hlslc::Source::new(SHADER, read(SHADER)?), hlslc::Source::new(DECODE, read(DECODE)?));
    // The vertex, pixel and decode shaders for one target.
    let compile = |target: hlslc::Target| -> Result<[hlslc::Compiled; 3], String> {
        let compile = |source: &hlslc::Source, profile: &str, entry: &str| {
            let mut options = hlslc::Options::new(profile).entry_point(entry).target(target);
            // Bindings numbered densely from 0: the default policy puts the hidden parameters at
            // binding 1000 + N, past WebGPU's default limit of 1000 bindings per group, and
            // passthrough SPIR-V keeps its numbers (see compute.rs).
            options.binding_policy = hlslc::BindingPolicy::Compact;
            hlslc::compile(source, &options).map_err(|e| e.render())
        };
        // WriteSamplerFeedback* is Shader Model 6.5.
        Ok([compile(&shader, "vs_6_5", "vs_main")?, compile(&shader, "ps_6_5", "ps_main")?, compile(&decode, "cs_6_0", "decode_min_mip")?])
    };
    let targets = [("WGSL", compile(hlslc::Target::Wgsl)?), ("SPIR-V", compile(hlslc::Target::SpirV)?)];
    let wanted = |stages: &[hlslc::Compiled; 3]| stages.iter().fold(wgpu::Features::empty(), |f, c| f | hlslc::wgpu::features(c));
    let gpu = gpu::open(targets.iter().fold(wgpu::Features::empty(), |f, (_, stages)| f | wanted(stages)))?;

    let expected = cpu_min_mip();
    let mut report = format!("device: {}\n", gpu.adapter_name);
    let mut shown = None;
    for (name, stages) in &targets {
        if !gpu.device.features().contains(wanted(stages)) {
            report.push_str(&format!("{name}: skipped, the device lacks {:?}\n", wanted(stages) - gpu.device.features()));
            continue;
        }
        let min_mip = render_and_decode(&gpu, stages)?;
        if let Some(i) = (0..min_mip.len()).find(|&i| min_mip[i] != expected[i]) {
            let (x, y) = (i as u32 % GRID, i as u32 / GRID);
            let (got, want) = (min_mip[i], expected[i]);
            return Err(format!("{name}: MinMip of region ({x}, {y}) is {got:#04x}, the CPU says {want:#04x}\ndevice:\n{}CPU:\n{}", picture(&min_mip), picture(&expected)));
        }
        report.push_str(&format!("{name}: the MinMip map matches the CPU\n"));
        shown.get_or_insert(min_mip);
    }
    let map = shown.ok_or("the device runs neither target")?;
    report.push_str(&format!("MinMip map ({GRID} × {GRID} regions of {REGION} × {REGION} texels; digit: most detailed mip read, '.': none)\n{}", picture(&map)));
    Ok(report)
}

/// Draws the four bands, recording feedback, then resolves the map; returns the MinMip bytes.
fn render_and_decode(gpu: &gpu::Gpu, [vs, ps, decode]: &[hlslc::Compiled; 3]) -> Result<Vec<u8>, String> {
    let device = &gpu.device;
    let err = |e: hlslc::wgpu::GlueError| e.to_string();
    let vs_module = hlslc::wgpu::create_shader_module(device, vs, Some("vs_main")).map_err(err)?;
    let ps_module = hlslc::wgpu::create_shader_module(device, ps, Some("ps_main")).map_err(err)?;
    let decode_module = hlslc::wgpu::create_shader_module(device, decode, Some(DECODE)).map_err(err)?;
    // Layouts from reflection, the hidden `albedoFeedback.params` uniform included.
    let draw_layout = hlslc::wgpu::PipelineLayout::new(device, &[vs, ps]).map_err(err)?;
    let decode_layout = hlslc::wgpu::PipelineLayout::new(device, &[decode]).map_err(err)?;
    gpu::checked(gpu, || -> Result<Vec<u8>, String> {
        let uniform = |label, bytes: &[u8]| device.create_buffer_init(&wgpu::util::BufferInitDescriptor { label: Some(label), contents: bytes, usage: wgpu::BufferUsages::UNIFORM });
        let storage = |label, size: u32| {
            let usage = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC;
            device.create_buffer(&wgpu::BufferDescriptor { label: Some(label), size: u64::from(size), usage, mapped_at_creation: false })
        };
        // `cbuffer Views { float4 bands[4]; }`: array elements start on 16-byte registers.
        let bands = BANDS.map(|[sx, sy, u, v]| [sx, sy, u, v].map(|t| t / SIZE as f32));
        let views = uniform("Views", bytemuck::cast_slice(&bands));
        // The map: two words per mip-0 region. A cleared map is all zeros, as a new wgpu buffer.
        let map = storage("albedoFeedback", GRID * GRID * 2 * 4);
        // Its hidden parameters: uint4(region width, region height, texture width, height).
        let params = uniform("albedoFeedback.params", bytemuck::cast_slice(&[REGION, REGION, SIZE, SIZE]));
        // The texels do not matter here, only which ones the sampler reads.
        let albedo = device.create_texture(&wgpu::TextureDescriptor {
            label: Some("albedo"),
            size: wgpu::Extent3d { width: SIZE, height: SIZE, depth_or_array_layers: 1 },
            mip_level_count: MIPS,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: wgpu::TextureFormat::Rgba8Unorm,
            usage: wgpu::TextureUsages::TEXTURE_BINDING,
            view_formats: &[],
        });
        let albedo_view = albedo.create_view(&Default::default());
        // The write assumes D3D's usual streaming sampler unless a static sampler says otherwise:
        // linear filters, wrap addressing. This is that sampler.
        let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
            address_mode_u: wgpu::AddressMode::Repeat,
            address_mode_v: wgpu::AddressMode::Repeat,
            mag_filter: wgpu::FilterMode::Linear,
            min_filter: wgpu::FilterMode::Linear,
            mipmap_filter: wgpu::MipmapFilterMode::Linear,
            ..Default::default()
        });
        let draw_group = draw_layout
            .bind_group(device, 0, &[
                ("Views", views.as_entire_binding()),
                ("albedo", wgpu::BindingResource::TextureView(&albedo_view)),
                ("linearWrap", wgpu::BindingResource::Sampler(&sampler)),
                ("albedoFeedback", map.as_entire_binding()),
                ("albedoFeedback.params", params.as_entire_binding()),
            ])
            .map_err(err)?;
        // `cbuffer Decode`: uint2 regionSize, uint2 textureSize, uint slices, uint mips.
        let decode_params = uniform("Decode", bytemuck::cast_slice(&[REGION, REGION, SIZE, SIZE, 1, MIPS, 0, 0]));
        let decoded = storage("decoded", GRID * GRID);
        let decode_group = decode_layout
            .bind_group(device, 0, &[("Decode", decode_params.as_entire_binding()), ("feedback", map.as_entire_binding()), ("decoded", decoded.as_entire_binding())])
            .map_err(err)?;

        let format = wgpu::TextureFormat::Rgba8Unorm;
        let draw = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some(SHADER),
            layout: Some(&draw_layout.pipeline_layout),
            vertex: wgpu::VertexState { module: &vs_module, entry_point: Some("vs_main"), compilation_options: Default::default(), buffers: &[] },
            fragment: Some(wgpu::FragmentState { module: &ps_module, entry_point: Some("ps_main"), compilation_options: Default::default(), targets: &[Some(format.into())] }),
            primitive: Default::default(),
            depth_stencil: None,
            multisample: Default::default(),
            multiview_mask: None,
            cache: None,
        });
        let resolve = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some(DECODE),
            layout: Some(&decode_layout.pipeline_layout),
            module: &decode_module,
            entry_point: Some("decode_min_mip"),
            compilation_options: Default::default(),
            cache: None,
        });
        let size = wgpu::Extent3d { width: TARGET, height: TARGET, depth_or_array_layers: 1 };
        let usage = wgpu::TextureUsages::RENDER_ATTACHMENT;
        let target = device.create_texture(&wgpu::TextureDescriptor { label: Some("target"), size, mip_level_count: 1, sample_count: 1, dimension: wgpu::TextureDimension::D2, format, usage, view_formats: &[] });
        let view = target.create_view(&Default::default());
        let mut encoder = device.create_command_encoder(&Default::default());
        {
            let ops = wgpu::Operations { load: wgpu::LoadOp::Clear(wgpu::Color::BLACK), store: wgpu::StoreOp::Store };
            let attachment = wgpu::RenderPassColorAttachment { view: &view, depth_slice: None, resolve_target: None, ops };
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor { color_attachments: &[Some(attachment)], ..Default::default() });
            pass.set_pipeline(&draw);
            pass.set_bind_group(0, &draw_group, &[]);
            pass.draw(0..3, 0..1);
        }
        {
            // wgpu puts the barrier between the pass writing the map and the pass reading it.
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(&resolve);
            pass.set_bind_group(0, &decode_group, &[]);
            // One thread per four output bytes, 64 threads per group.
            pass.dispatch_workgroups((GRID * GRID).div_ceil(4 * 64), 1, 1);
        }
        gpu.queue.submit([encoder.finish()]);
        gpu::read_buffer(gpu, &decoded)
    })?
}

/// The MinMip map computed on the CPU from what the sampler reads, independently of the
/// encoding: for each pixel, its LOD, the two mips a linear mip filter reads, and in each
/// the 2 × 2 texels of the bilinear footprint (wrapped); each texel marks its mip's region.
/// Mip `l`'s regions are 16 of its texels (or the whole mip), so each lies over 2^l × 2^l
/// mip-0 regions; a region's MinMip is the smallest `l` read over it.
fn cpu_min_mip() -> Vec<u8> {
    let mut min_mip = vec![0xFFu8; (GRID * GRID) as usize];
    for y in 0..TARGET {
        let [sx, sy, u0, v0] = BANDS[(y / 16) as usize];
        for x in 0..TARGET {
            // The pixel centre in mip-0 texels.
            let (u, v) = (u0 + (x as f32 + 0.5) * sx, v0 + ((y % 16) as f32 + 0.5) * sy);
            let lod = sx.max(sy).log2().clamp(0.0, (MIPS - 1) as f32);
            // The same mip twice when the LOD is whole.
            for mip in [lod.floor() as u32, lod.ceil() as u32] {
                let n = (SIZE >> mip) as i32;
                let scale = 1.0 / (1 << mip) as f32;
                let (tx, ty) = ((u * scale - 0.5).floor() as i32, (v * scale - 0.5).floor() as i32);
                for (tx, ty) in [(tx, ty), (tx + 1, ty), (tx, ty + 1), (tx + 1, ty + 1)] {
                    let (rx, ry) = (tx.rem_euclid(n) as u32 / REGION, ty.rem_euclid(n) as u32 / REGION);
                    for gy in (ry << mip)..((ry + 1) << mip).min(GRID) {
                        for gx in (rx << mip)..((rx + 1) << mip).min(GRID) {
                            let byte = &mut min_mip[(gy * GRID + gx) as usize];
                            *byte = (*byte).min(mip as u8);
                        }
                    }
                }
            }
        }
    }
    min_mip
}

/// The map as text, one row of regions per line.
fn picture(min_mip: &[u8]) -> String {
    min_mip.chunks(GRID as usize).map(|row| row.iter().map(|&m| if m == 0xFF { '.' } else { char::from(b'0' + m) }).collect::<String>() + "\n").collect()
}
