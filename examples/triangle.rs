//! Renders HLSL vertex and pixel shaders headless through wgpu and writes the image as a PNG:
//! `cargo run --example triangle [out.png]` (default `target/triangle.png`).
//!
//! The two stages are compiled separately; their bind group layouts are merged (the pixel
//! shader's `cbuffer Style` is visible to the fragment stage). The pixels are checked: the
//! corners keep the clear colour, and the triangle's centroid has the average of the three
//! vertex colours times the tint.

#[path = "common/gpu.rs"]
#[allow(dead_code)]
mod gpu;
#[path = "common/png.rs"]
mod png;

use wgpu::util::DeviceExt;

const SHADER: &str = "examples/shaders/triangle.hlsl";
const SIZE: u32 = 256;
const TINT: [f32; 3] = [1.0, 0.5, 1.0];
const CLEAR: [u8; 4] = [20, 20, 20, 255];

#[allow(dead_code)]
fn main() -> std::process::ExitCode {
    let out = std::env::args().nth(1).unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/target/triangle.png").to_string());
    match run(&out) {
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

/// Renders, checks and writes the PNG to `out`; returns what the example prints.
pub fn run(out: &str) -> Result<String, String> {
    let (pixels, adapter) = render()?;
    let at = |x: u32, y: u32| {
        let i = ((y * SIZE + x) * 4) as usize;
        [pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]]
    };
    // The centroid of (0, 0.5), (0.5, -0.5), (-0.5, -0.5) in NDC is (0, -1/6): pixel row
    // (1 + 1/6) / 2 * SIZE. Its colour is the average of red, green and blue, times the tint.
    let centroid = at(SIZE / 2, ((1.0 + 1.0 / 6.0) / 2.0 * SIZE as f32) as u32);
    let expected = [TINT[0] / 3.0, TINT[1] / 3.0, TINT[2] / 3.0].map(|c| (c * 255.0).round() as i32);
    for (c, (&got, want)) in centroid.iter().zip(expected).enumerate() {
        if (i32::from(got) - want).abs() > 3 {
            return Err(format!("centroid channel {c} is {got}, expected about {want} (pixel {centroid:?})"));
        }
    }
    for (x, y) in [(0, 0), (SIZE - 1, 0), (0, SIZE - 1), (SIZE - 1, SIZE - 1)] {
        if at(x, y) != CLEAR {
            return Err(format!("corner ({x}, {y}) is {:?}, expected the clear colour {CLEAR:?}", at(x, y)));
        }
    }
    let covered = pixels.chunks_exact(4).filter(|p| *p != CLEAR).count();
    // The triangle covers 1/8 of the viewport (base 1, height 1 in a 2 × 2 square).
    let expected_area = (SIZE * SIZE / 8) as usize;
    if covered.abs_diff(expected_area) > expected_area / 50 {
        return Err(format!("the triangle covers {covered} pixels, expected about {expected_area}"));
    }
    if let Some(dir) = std::path::Path::new(out).parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    std::fs::write(out, png::encode(SIZE, SIZE, &pixels)).map_err(|e| format!("cannot write {out}: {e}"))?;
    Ok(format!("device: {adapter}\nrendered {SIZE}x{SIZE}, {covered} pixels covered, centroid {centroid:?}; wrote {out}\n"))
}

fn render() -> Result<(Vec<u8>, String), String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/shaders/triangle.hlsl");
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let source = hlslc::Source::new(SHADER, text);
    let vs = hlslc::compile(&source, &hlslc::Options::new("vs_6_0").entry_point("vs_main")).map_err(|e| e.render())?;
    let ps = hlslc::compile(&source, &hlslc::Options::new("ps_6_0").entry_point("ps_main")).map_err(|e| e.render())?;

    let gpu = gpu::open(hlslc::wgpu::features(&vs) | hlslc::wgpu::features(&ps))?;
    let device = &gpu.device;
    let vs_module = hlslc::wgpu::create_shader_module(device, &vs, Some("vs_main")).map_err(|e| e.to_string())?;
    let ps_module = hlslc::wgpu::create_shader_module(device, &ps, Some("ps_main")).map_err(|e| e.to_string())?;
    let layout = hlslc::wgpu::PipelineLayout::new(device, &[&vs, &ps]).map_err(|e| e.to_string())?;
    let format = wgpu::TextureFormat::Rgba8Unorm;
    let pixels = gpu::checked(&gpu, || -> Result<Vec<u8>, String> {
        let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some(SHADER),
            layout: Some(&layout.pipeline_layout),
            vertex: wgpu::VertexState { module: &vs_module, entry_point: Some("vs_main"), compilation_options: Default::default(), buffers: &[] },
            fragment: Some(wgpu::FragmentState {
                module: &ps_module,
                entry_point: Some("ps_main"),
                compilation_options: Default::default(),
                targets: &[Some(format.into())],
            }),
            primitive: Default::default(),
            depth_stencil: None,
            multisample: Default::default(),
            multiview_mask: None,
            cache: None,
        });
        // `cbuffer Style`: float3 tint at 0, float alpha at 12.
        let style: Vec<u8> = [TINT[0], TINT[1], TINT[2], 1.0].iter().flat_map(|f| f.to_le_bytes()).collect();
        let style = device.create_buffer_init(&wgpu::util::BufferInitDescriptor { label: Some("Style"), contents: &style, usage: wgpu::BufferUsages::UNIFORM });
        let bind_group = layout.bind_group(device, 0, &[("Style", style.as_entire_binding())]).map_err(|e| e.to_string())?;
        let target = device.create_texture(&wgpu::TextureDescriptor {
            label: Some("target"),
            size: wgpu::Extent3d { width: SIZE, height: SIZE, depth_or_array_layers: 1 },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
            view_formats: &[],
        });
        let view = target.create_view(&Default::default());
        let readback = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("pixels"),
            size: u64::from(SIZE * SIZE * 4),
            usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
            mapped_at_creation: false,
        });
        let mut encoder = device.create_command_encoder(&Default::default());
        {
            let clear = CLEAR.map(|c| f64::from(c) / 255.0);
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("triangle"),
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: &view,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations {
                        load: wgpu::LoadOp::Clear(wgpu::Color { r: clear[0], g: clear[1], b: clear[2], a: clear[3] }),
                        store: wgpu::StoreOp::Store,
                    },
                })],
                ..Default::default()
            });
            pass.set_pipeline(&pipeline);
            pass.set_bind_group(0, &bind_group, &[]);
            pass.draw(0..3, 0..1);
        }
        // SIZE * 4 = 1024 bytes per row: a multiple of wgpu's 256-byte row alignment.
        encoder.copy_texture_to_buffer(
            target.as_image_copy(),
            wgpu::TexelCopyBufferInfo {
                buffer: &readback,
                layout: wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(SIZE * 4), rows_per_image: Some(SIZE) },
            },
            wgpu::Extent3d { width: SIZE, height: SIZE, depth_or_array_layers: 1 },
        );
        gpu.queue.submit([encoder.finish()]);
        gpu::map(&gpu, &readback)
    })??;
    Ok((pixels, gpu.adapter_name.clone()))
}
