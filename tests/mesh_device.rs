//! Mesh and amplification shaders on a GPU (ignored by default: lavapipe has no
//! `VK_EXT_mesh_shader`; run on a device that has it, e.g. an NVIDIA GPU):
//!
//! ```text
//! cargo test --test mesh_device -- --ignored --nocapture
//! ```
//!
//! `tests/exec_device/mesh/grid.hlsl` is compiled by hlslc three times (amplification, mesh and
//! pixel entry points) and drawn with one `draw_mesh_tasks(4, 1, 1)` into a 64x64 `Rgba8Unorm`
//! target through wgpu's mesh pipeline (`Features::EXPERIMENTAL_MESH_SHADER`), once from
//! hlslc's WGSL (wgpu's naga compiles it) and once from hlslc's SPIR-V (passthrough). Every
//! pixel is compared with a CPU model of the grid: hidden cells (the amplification shader
//! launched no mesh group for them) stay clear, the culled triangle (`SV_CullPrimitive`) stays
//! clear, the half of cell 8 that `SV_ClipDistance` clips stays clear, and every other pixel
//! has its cell's colour and the primitive id the mesh shader
//! wrote (`SV_PrimitiveID`, read back in alpha). Pixels whose centres lie within one pixel of a
//! cell's diagonal (the edge both triangles share) are not checked: the rasterizer's tie rule
//! decides which triangle covers them.
//!
//! The test fails, rather than skips, when no adapter offers mesh shaders: it is only run on
//! purpose. `WGPU_ADAPTER_NAME` picks an adapter by name.

#[path = "support/experimental_device.rs"]
mod experimental_device;

use experimental_device::{experimental_device, ExperimentalDevice};
use std::borrow::Cow;

const SIZE: u32 = 64;
const CELL: u32 = 16;
const SOURCE: &str = include_str!("exec_device/mesh/grid.hlsl");

fn compile(profile: &str, entry: &str) -> hlslc::Compiled {
    let source = hlslc::Source::new("grid.hlsl", SOURCE.to_string());
    let mut options = hlslc::Options::new(profile);
    options.entry_point = entry.to_string();
    hlslc::compile(&source, &options).unwrap_or_else(|e| panic!("hlslc rejected {entry}:\n{}", e.render()))
}

/// The expected pixel (RGBA8), or `None` where the rasterizer's tie rule decides.
fn expected(x: u32, y: u32) -> Option<[u8; 4]> {
    let (col, row) = (x / CELL, y / CELL);
    let cell = row * 4 + col;
    let (lx, ly) = ((x % CELL) as f32 + 0.5, (y % CELL) as f32 + 0.5);
    let diagonal = lx + ly - CELL as f32;
    if cell % 3 == 1 {
        return Some([0, 0, 0, 0]);
    }
    if diagonal.abs() < 1.0 {
        return None;
    }
    // Cell 8's left half is clipped (its distance at pixel centres is lx / 16 - 0.5, never 0).
    if cell == 8 && lx < CELL as f32 / 2.0 {
        return Some([0, 0, 0, 0]);
    }
    let triangle = u32::from(diagonal > 0.0);
    if cell == 5 && triangle == 1 {
        return Some([0, 0, 0, 0]);
    }
    let unorm = |v: f32| (v * 255.0).round() as u8;
    Some([unorm(col as f32 / 3.0), unorm(row as f32 / 3.0), unorm(0.5), (cell * 2 + triangle) as u8])
}

type Device = ExperimentalDevice;

fn device() -> Device {
    experimental_device(
        "hlslc mesh test",
        wgpu::Features::EXPERIMENTAL_MESH_SHADER | wgpu::Features::PRIMITIVE_INDEX | wgpu::Features::CLIP_DISTANCES,
        wgpu::Features::PASSTHROUGH_SHADERS,
    )
}

/// A shader module from hlslc's WGSL, or its SPIR-V through passthrough.
fn module(d: &Device, compiled: &hlslc::Compiled, entry: &str, spirv: bool) -> wgpu::ShaderModule {
    if !spirv {
        let wgsl = compiled.wgsl().expect("WGSL");
        return d.device.create_shader_module(wgpu::ShaderModuleDescriptor { label: Some(entry), source: wgpu::ShaderSource::Wgsl(Cow::Owned(wgsl)) });
    }
    let words = compiled.spirv().expect("SPIR-V");
    let entries = vec![wgpu::PassthroughShaderEntryPoint { name: Cow::Owned(entry.to_string()), workgroup_size: (0, 0, 0) }];
    // SAFETY: the driver receives hlslc's SPIR-V unvalidated; `spirv-val` accepts these
    // modules (tests/e2e.rs checks the same shapes), and only this process is at risk.
    unsafe {
        d.device.create_shader_module_passthrough(wgpu::ShaderModuleDescriptorPassthrough {
            label: Some(entry),
            entry_points: Cow::Owned(entries),
            spirv: Some(Cow::Owned(words)),
            ..Default::default()
        })
    }
}

/// Draws the grid and returns the target's pixels (RGBA8, rows of `SIZE`).
fn draw(d: &Device, spirv: bool) -> Vec<u8> {
    let (task, mesh, pixel) = (compile("as_6_5", "as_main"), compile("ms_6_5", "ms_main"), compile("ps_6_0", "ps_main"));
    let scope = d.device.push_error_scope(wgpu::ErrorFilter::Validation);
    let (tm, mm, pm) = (module(d, &task, "as_main", spirv), module(d, &mesh, "ms_main", spirv), module(d, &pixel, "ps_main", spirv));
    let format = wgpu::TextureFormat::Rgba8Unorm;
    // The shaders bind nothing; an explicit (empty) layout, since wgpu cannot derive one from
    // passthrough SPIR-V.
    let layout = d.device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor { label: Some("grid"), bind_group_layouts: &[], immediate_size: 0 });
    let pipeline = d.device.create_mesh_pipeline(&wgpu::MeshPipelineDescriptor {
        label: Some("grid"),
        layout: Some(&layout),
        task: Some(wgpu::TaskState { module: &tm, entry_point: Some("as_main"), compilation_options: Default::default() }),
        mesh: wgpu::MeshState { module: &mm, entry_point: Some("ms_main"), compilation_options: Default::default() },
        primitive: wgpu::PrimitiveState { cull_mode: None, ..Default::default() },
        depth_stencil: None,
        multisample: Default::default(),
        fragment: Some(wgpu::FragmentState {
            module: &pm,
            entry_point: Some("ps_main"),
            compilation_options: Default::default(),
            targets: &[Some(wgpu::ColorTargetState { format, blend: None, write_mask: wgpu::ColorWrites::ALL })],
        }),
        multiview: None,
        cache: None,
    });
    let target = d.device.create_texture(&wgpu::TextureDescriptor {
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
    let readback = d.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("readback"),
        size: (SIZE * SIZE * 4) as u64,
        usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
        mapped_at_creation: false,
    });
    let mut encoder = d.device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("grid"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: &view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations { load: wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT), store: wgpu::StoreOp::Store },
            })],
            ..Default::default()
        });
        pass.set_pipeline(&pipeline);
        pass.draw_mesh_tasks(4, 1, 1);
    }
    encoder.copy_texture_to_buffer(
        wgpu::TexelCopyTextureInfo { texture: &target, mip_level: 0, origin: wgpu::Origin3d::ZERO, aspect: wgpu::TextureAspect::All },
        wgpu::TexelCopyBufferInfo { buffer: &readback, layout: wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(SIZE * 4), rows_per_image: None } },
        wgpu::Extent3d { width: SIZE, height: SIZE, depth_or_array_layers: 1 },
    );
    d.queue.submit([encoder.finish()]);
    if let Some(e) = pollster::block_on(scope.pop()) {
        panic!("wgpu rejected the {} pipeline: {e}", if spirv { "SPIR-V" } else { "WGSL" });
    }
    readback.slice(..).map_async(wgpu::MapMode::Read, |r| r.expect("map the readback buffer"));
    d.device.poll(wgpu::PollType::wait_indefinitely()).expect("poll");
    let pixels = readback.slice(..).get_mapped_range().expect("mapped readback").to_vec();
    pixels
}

/// The pixels that differ from the CPU model, described.
fn mismatches(pixels: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    for y in 0..SIZE {
        for x in 0..SIZE {
            let Some(want) = expected(x, y) else { continue };
            let i = ((y * SIZE + x) * 4) as usize;
            let got = &pixels[i..i + 4];
            // Colours may round either way in the last bit; the primitive id is exact.
            let close = got[..3].iter().zip(&want[..3]).all(|(g, w)| g.abs_diff(*w) <= 1) && got[3] == want[3];
            if !close {
                out.push(format!("({x}, {y}): got {got:?}, want {want:?}"));
            }
        }
    }
    out
}

#[test]
#[ignore = "needs a GPU with VK_EXT_mesh_shader (lavapipe has none): cargo test --test mesh_device -- --ignored"]
fn amplification_and_mesh_shaders_draw_the_grid() {
    let d = device();
    let mut failures = Vec::new();
    let targets: &[bool] = if d.features.contains(wgpu::Features::PASSTHROUGH_SHADERS) { &[false, true] } else { &[false] };
    for &spirv in targets {
        let name = if spirv { "SPIR-V" } else { "WGSL" };
        let pixels = draw(&d, spirv);
        let bad = mismatches(&pixels);
        let checked = (0..SIZE * SIZE).filter(|i| expected(i % SIZE, i / SIZE).is_some()).count();
        eprintln!("mesh grid ({name}): {} of {checked} checked pixels differ", bad.len());
        if !bad.is_empty() {
            failures.push(format!("{name}: {} pixels differ, e.g. {}", bad.len(), bad.iter().take(8).cloned().collect::<Vec<_>>().join("; ")));
        }
    }
    if !d.features.contains(wgpu::Features::PASSTHROUGH_SHADERS) {
        eprintln!("mesh grid (SPIR-V): not run, the adapter lacks PASSTHROUGH_SHADERS");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_cpu_model_has_every_kind_of_pixel() {
    // The model the GPU test checks against covers hidden cells, the culled triangle, both
    // triangles of drawn cells, and leaves only the shared diagonals unchecked.
    let all: Vec<Option<[u8; 4]>> = (0..SIZE * SIZE).map(|i| expected(i % SIZE, i / SIZE)).collect();
    let clear = all.iter().filter(|p| **p == Some([0, 0, 0, 0])).count();
    let unchecked = all.iter().filter(|p| p.is_none()).count();
    assert_eq!(clear, 5 * 256 + 120 + 120, "the 5 hidden cells, the culled half of cell 5 and the clipped half of cell 8 (both off the diagonal)");
    assert_eq!(unchecked, 11 * 16, "the diagonal pixels of the 11 drawn cells");
    assert_eq!(expected(2, 40), Some([0, 0, 0, 0]), "cell 8, left half (clipped)");
    assert_eq!(expected(14, 34), Some([0, 170, 128, 17]), "cell 8, right half");
    assert_eq!(expected(17, 17), Some([85, 85, 128, 10]), "cell 5, triangle 0");
    assert_eq!(expected(30, 30), Some([0, 0, 0, 0]), "cell 5, triangle 1 (culled)");
    assert_eq!(expected(20, 0), Some([0, 0, 0, 0]), "cell 1 (hidden)");
    assert_eq!(expected(0, 0), Some([0, 0, 128, 0]));
    assert_eq!(expected(63, 63), Some([255, 255, 128, 31]));
}
