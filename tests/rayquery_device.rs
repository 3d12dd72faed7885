//! Inline ray tracing and `SV_Barycentrics` on a GPU (ignored by default: lavapipe in Mesa 22.3
//! has neither ray queries nor fragment barycentrics; run on a device that has them: Mesa
//! 25's lavapipe has ray queries (`tests/exec_device/README.md` says how to unpack it; the ray
//! query test passed there on 2026-12-01, 1 021 rays), NVIDIA GPUs with ray-tracing cores have
//! both; the H200 has barycentrics but no ray queries):
//!
//! ```text
//! cargo test --test rayquery_device -- --ignored --nocapture
//! ```
//!
//! - `tests/exec_device/rayquery/trace.hlsl` (`cs_6_5`) traces a 32×32 grid of rays against a
//!   TLAS of two instances (identity, and a rotation about z plus a translation) of one BLAS of
//!   four triangles of both windings, through wgpu's `EXPERIMENTAL_RAY_QUERY`, once from hlslc's
//!   WGSL (`enable wgpu_ray_query;`, which hlslc writes itself: naga's WGSL writer has no ray
//!   queries) and once from its SPIR-V through passthrough where the adapter has it. Every ray's committed status, `t`,
//!   instance index and ID, primitive and geometry index, barycentrics, front face,
//!   object-space ray (computed by hlslc from `world_to_object`), transforms, the
//!   back-face-culled status and the ray the query was given are compared with an independent
//!   CPU ray–triangle intersection (Möller–Trumbore, D3D's facing rule: clockwise seen from the
//!   ray origin in a left-handed system is front). Rays passing within 1e-3 (barycentric) of an
//!   edge are not checked. The second query comes from a function template that declares,
//!   traces and returns it (inlined by hlslc), its status through a function taking it.
//! - `tests/exec_device/rayquery/barycentrics.hlsl` (`vs_6_1`/`ps_6_1`) draws one triangle whose
//!   vertices have different `w` into an `Rgba32Float` target, once writing `SV_Barycentrics`
//!   (perspective-correct) and once `noperspective SV_Barycentrics`, from hlslc's WGSL and from
//!   its SPIR-V, compared pixel by pixel with barycentrics computed on the CPU.
//!
//! Both GPU tests fail, rather than skip, when no adapter has the feature: they are only run
//! on purpose. `WGPU_ADAPTER_NAME` picks an adapter by name.

#[path = "support/experimental_device.rs"]
mod experimental_device;
#[path = "support/ray_scene.rs"]
mod ray_scene;
use experimental_device::{experimental_device, ExperimentalDevice};
use ray_scene::*;

const TRACE: &str = include_str!("exec_device/rayquery/trace.hlsl");
const BARYCENTRICS: &str = include_str!("exec_device/rayquery/barycentrics.hlsl");
const WORDS: usize = 28;

// ---------------------------------------------------------------------------------------------
// The scene and its CPU model
// ---------------------------------------------------------------------------------------------

/// What a ray should produce: the closest hit without culling, the closest front-facing hit,
/// or `None` when the ray passes near a triangle edge (not checked).
fn cpu_trace(origin: V3, direction: V3) -> Option<(Option<Hit>, Option<Hit>)> {
    let hits = cpu_hits(origin, direction, 0.5, 100.0)?;
    let closest = |front_only: bool| hits.iter().filter(|h| !front_only || h.front).min_by(|a, b| a.t.total_cmp(&b.t)).copied();
    Some((closest(false), closest(true)))
}

/// Differences between one ray's words and the CPU model.
fn check_ray(x: u32, y: u32, w: &[u32]) -> Result<bool, String> {
    let (origin, direction) = grid_ray(x, y);
    let Some((hit, front_hit)) = cpu_trace(origin, direction) else { return Ok(false) };
    let f = |i: usize| f32::from_bits(w[i]);
    let mut errors = Vec::new();
    let close = |errors: &mut Vec<String>, what: &str, got: f32, want: f32, tol: f32| {
        if (got - want).abs() > tol * want.abs().max(1.0) {
            errors.push(format!("{what} {got} (want {want})"));
        }
    };
    match hit {
        None => {
            if w[0] != 0 {
                return Err(format!("ray ({x}, {y}): committed status {} (want 0, a miss)", w[0]));
            }
        }
        Some(h) => {
            let m = &INSTANCES[h.instance as usize].0;
            let exact = [(0, 1, "status"), (2, h.instance, "instance index"), (3, INSTANCES[h.instance as usize].1, "instance id"), (4, h.primitive, "primitive index"), (5, 0, "geometry index"), (8, h.front as u32, "front face")];
            let mut wrong: Vec<String> = exact.iter().filter(|(i, want, _)| w[*i] != *want).map(|(i, want, what)| format!("{what} {} (want {want})", w[*i])).collect();
            close(&mut errors, "t", f(1), h.t, 1e-4);
            close(&mut errors, "barycentric u", f(6), h.bary[0], 1e-3);
            close(&mut errors, "barycentric v", f(7), h.bary[1], 1e-3);
            for k in 0..3 {
                close(&mut errors, "object ray origin", f(9 + k), h.object_origin[k], 1e-4);
                close(&mut errors, "object ray direction", f(12 + k), h.object_direction[k], 1e-4);
                close(&mut errors, "world-to-object translation", f(19 + k), world_to_object_translation(m)[k], 1e-5);
            }
            for (k, want) in m.iter().take(4).enumerate() {
                close(&mut errors, "object-to-world row 0", f(15 + k), *want, 1e-6);
            }
            errors.append(&mut wrong);
        }
    }
    if w[22] != u32::from(front_hit.is_some()) {
        errors.push(format!("culled status {} (want {})", w[22], u32::from(front_hit.is_some())));
    }
    if w[23] != 0x11 {
        errors.push(format!("RayFlags() {:#x} (want 0x11: RAY_FLAG_CULL_BACK_FACING_TRIANGLES | the template's RAY_FLAG_FORCE_OPAQUE)", w[23]));
    }
    close(&mut errors, "RayTMin()", f(24), 0.5, 0.0);
    for (k, want) in origin.iter().enumerate() {
        close(&mut errors, "WorldRayOrigin()", f(25 + k), *want, 1e-5);
    }
    if errors.is_empty() {
        Ok(true)
    } else {
        Err(format!("ray ({x}, {y}): {}", errors.join(", ")))
    }
}

// ---------------------------------------------------------------------------------------------
// Barycentrics model
// ---------------------------------------------------------------------------------------------

const SIZE: u32 = 64;
/// Clip-space positions of barycentrics.hlsl's vertices (x, y, w).
const CLIP: [[f32; 3]; 3] = [[-0.8, -0.8, 1.0], [1.8, -1.4, 2.0], [-2.4, 3.6, 4.0]];

/// (perspective-correct, screen-space) barycentrics at a pixel centre, `None` near an edge
/// (not checked), `Some(None)` outside the triangle.
fn cpu_barycentrics(x: u32, y: u32) -> Option<Option<([f32; 3], [f32; 3])>> {
    let screen: Vec<[f32; 2]> = CLIP.iter().map(|c| [(c[0] / c[2] + 1.0) * 0.5 * SIZE as f32, (1.0 - c[1] / c[2]) * 0.5 * SIZE as f32]).collect();
    let p = [x as f32 + 0.5, y as f32 + 0.5];
    let edge = |a: [f32; 2], b: [f32; 2], c: [f32; 2]| (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
    let area = edge(screen[0], screen[1], screen[2]);
    let l = [edge(screen[1], screen[2], p) / area, edge(screen[2], screen[0], p) / area, edge(screen[0], screen[1], p) / area];
    let margin = l[0].min(l[1]).min(l[2]);
    if margin.abs() < 0.02 {
        return None;
    }
    if margin < 0.0 {
        return Some(None);
    }
    let q = [l[0] / CLIP[0][2], l[1] / CLIP[1][2], l[2] / CLIP[2][2]];
    let sum = q[0] + q[1] + q[2];
    Some(Some(([q[0] / sum, q[1] / sum, q[2] / sum], l)))
}

// ---------------------------------------------------------------------------------------------
// Device
// ---------------------------------------------------------------------------------------------

type Device = ExperimentalDevice;

fn device(required: wgpu::Features, optional: wgpu::Features) -> Device {
    experimental_device("hlslc ray query test", required, optional)
}

fn compile(source: &str, name: &str, profile: &str, entry: &str, target: hlslc::Target) -> hlslc::Compiled {
    let source = hlslc::Source::new(name, source.to_string());
    let mut options = hlslc::Options::new(profile);
    options.entry_point = entry.to_string();
    options.target = target;
    options.binding_policy = hlslc::BindingPolicy::Compact;
    hlslc::compile(&source, &options).unwrap_or_else(|e| panic!("hlslc rejected {name} ({entry}):\n{}", e.render()))
}

fn read_buffer(d: &Device, buffer: &wgpu::Buffer) -> Vec<u8> {
    buffer.slice(..).map_async(wgpu::MapMode::Read, |r| r.expect("map the readback buffer"));
    d.device.poll(wgpu::PollType::wait_indefinitely()).expect("poll");
    let bytes = buffer.slice(..).get_mapped_range().expect("mapped readback").to_vec();
    bytes
}

/// Builds the scene, runs trace.hlsl (hlslc's WGSL, or its SPIR-V through passthrough) and
/// returns its words.
fn trace(d: &Device, target: hlslc::Target) -> Vec<u32> {
    use wgpu::util::DeviceExt;
    let compiled = compile(TRACE, "trace.hlsl", "cs_6_5", "main", target);
    let scope = d.device.push_error_scope(wgpu::ErrorFilter::Validation);
    let vertices: Vec<f32> = TRIANGLES.iter().flatten().flatten().copied().collect();
    let vertex_buffer = d.device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some("vertices"),
        contents: &vertices.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<u8>>(),
        usage: wgpu::BufferUsages::BLAS_INPUT,
    });
    let size = wgpu::BlasTriangleGeometrySizeDescriptor {
        vertex_format: wgpu::VertexFormat::Float32x3,
        vertex_count: (TRIANGLES.len() * 3) as u32,
        index_format: None,
        index_count: None,
        flags: wgpu::AccelerationStructureGeometryFlags::OPAQUE,
    };
    let blas = d.device.create_blas(
        &wgpu::CreateBlasDescriptor { label: Some("triangles"), flags: wgpu::AccelerationStructureFlags::PREFER_FAST_TRACE, update_mode: wgpu::AccelerationStructureUpdateMode::Build },
        wgpu::BlasGeometrySizeDescriptors::Triangles { descriptors: vec![size.clone()] },
    );
    let mut tlas = d.device.create_tlas(&wgpu::CreateTlasDescriptor {
        label: Some("scene"),
        max_instances: INSTANCES.len() as u32,
        flags: wgpu::AccelerationStructureFlags::PREFER_FAST_TRACE,
        update_mode: wgpu::AccelerationStructureUpdateMode::Build,
    });
    for (i, (transform, custom)) in INSTANCES.iter().enumerate() {
        tlas[i] = Some(wgpu::TlasInstance::new(&blas, *transform, *custom, 0xFF));
    }
    let words = GRID as usize * GRID as usize * WORDS;
    let output = d.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("rays"),
        size: (words * 4) as u64,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let readback = d.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("readback"),
        size: (words * 4) as u64,
        usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
        mapped_at_creation: false,
    });
    let layout = hlslc::wgpu::PipelineLayout::new(&d.device, &[&compiled]).expect("layouts from reflection");
    let bind_group = layout.bind_group(&d.device, 0, &[("scene", tlas.as_binding()), ("o", output.as_entire_binding())]).expect("bind group");
    let module = hlslc::wgpu::create_shader_module(&d.device, &compiled, Some("trace")).expect("shader module");
    let pipeline = d.device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some("trace"),
        layout: Some(&layout.pipeline_layout),
        module: &module,
        entry_point: Some("main"),
        compilation_options: Default::default(),
        cache: None,
    });
    let mut encoder = d.device.create_command_encoder(&Default::default());
    let geometry = wgpu::BlasGeometries::TriangleGeometries(vec![wgpu::BlasTriangleGeometry {
        size: &size,
        vertex_buffer: &vertex_buffer,
        first_vertex: 0,
        vertex_stride: 12,
        index_buffer: None,
        first_index: None,
        transform_buffer: None,
        transform_buffer_offset: None,
    }]);
    encoder.build_acceleration_structures(std::iter::once(&wgpu::BlasBuildEntry { blas: &blas, geometry }), std::iter::once(&tlas));
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &bind_group, &[]);
        pass.dispatch_workgroups(GRID / 8, GRID / 8, 1);
    }
    encoder.copy_buffer_to_buffer(&output, 0, &readback, 0, (words * 4) as u64);
    d.queue.submit([encoder.finish()]);
    if let Some(e) = pollster::block_on(scope.pop()) {
        panic!("wgpu rejected the ray query pipeline: {e}");
    }
    read_buffer(d, &readback).chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

/// Draws barycentrics.hlsl with pixel entry point `entry` and returns the target's pixels
/// (RGBA f32, rows of `SIZE`).
fn draw_barycentrics(d: &Device, spirv: bool, entry: &str) -> Vec<f32> {
    let target = if spirv { hlslc::Target::SpirV } else { hlslc::Target::Wgsl };
    let vs = compile(BARYCENTRICS, "barycentrics.hlsl", "vs_6_1", "vs_main", target);
    let ps = compile(BARYCENTRICS, "barycentrics.hlsl", "ps_6_1", entry, target);
    let scope = d.device.push_error_scope(wgpu::ErrorFilter::Validation);
    let vm = hlslc::wgpu::create_shader_module(&d.device, &vs, Some("vs_main")).expect("vertex module");
    let pm = hlslc::wgpu::create_shader_module(&d.device, &ps, Some(entry)).expect("pixel module");
    let layout = d.device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor { label: Some("barycentrics"), bind_group_layouts: &[], immediate_size: 0 });
    let format = wgpu::TextureFormat::Rgba32Float;
    let pipeline = d.device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some("barycentrics"),
        layout: Some(&layout),
        vertex: wgpu::VertexState { module: &vm, entry_point: Some("vs_main"), compilation_options: Default::default(), buffers: &[] },
        primitive: wgpu::PrimitiveState { cull_mode: None, ..Default::default() },
        depth_stencil: None,
        multisample: Default::default(),
        fragment: Some(wgpu::FragmentState {
            module: &pm,
            entry_point: Some(entry),
            compilation_options: Default::default(),
            targets: &[Some(wgpu::ColorTargetState { format, blend: None, write_mask: wgpu::ColorWrites::ALL })],
        }),
        multiview_mask: None,
        cache: None,
    });
    let texture = d.device.create_texture(&wgpu::TextureDescriptor {
        label: Some("target"),
        size: wgpu::Extent3d { width: SIZE, height: SIZE, depth_or_array_layers: 1 },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
        view_formats: &[],
    });
    let view = texture.create_view(&Default::default());
    let readback = d.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("readback"),
        size: (SIZE * SIZE * 16) as u64,
        usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
        mapped_at_creation: false,
    });
    let mut encoder = d.device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("barycentrics"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: &view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations { load: wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT), store: wgpu::StoreOp::Store },
            })],
            ..Default::default()
        });
        pass.set_pipeline(&pipeline);
        pass.draw(0..3, 0..1);
    }
    encoder.copy_texture_to_buffer(
        wgpu::TexelCopyTextureInfo { texture: &texture, mip_level: 0, origin: wgpu::Origin3d::ZERO, aspect: wgpu::TextureAspect::All },
        wgpu::TexelCopyBufferInfo { buffer: &readback, layout: wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(SIZE * 16), rows_per_image: None } },
        wgpu::Extent3d { width: SIZE, height: SIZE, depth_or_array_layers: 1 },
    );
    d.queue.submit([encoder.finish()]);
    if let Some(e) = pollster::block_on(scope.pop()) {
        panic!("wgpu rejected the {} barycentrics pipeline ({entry}): {e}", if spirv { "SPIR-V" } else { "WGSL" });
    }
    read_buffer(d, &readback).chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

#[test]
#[ignore = "needs a GPU with ray queries (wgpu EXPERIMENTAL_RAY_QUERY; lavapipe has none): cargo test --test rayquery_device -- --ignored"]
fn inline_ray_queries_match_the_cpu() {
    let d = device(wgpu::Features::EXPERIMENTAL_RAY_QUERY, wgpu::Features::PASSTHROUGH_SHADERS);
    let passthrough = d.features.contains(wgpu::Features::PASSTHROUGH_SHADERS);
    let targets: &[hlslc::Target] = if passthrough { &[hlslc::Target::Wgsl, hlslc::Target::SpirV] } else { &[hlslc::Target::Wgsl] };
    let mut all_failures = Vec::new();
    for &target in targets {
        let name = if target == hlslc::Target::Wgsl { "WGSL" } else { "SPIR-V" };
        let words = trace(&d, target);
        let (mut checked, mut failures) = (0, Vec::new());
        for y in 0..GRID {
            for x in 0..GRID {
                let base = ((y * GRID + x) as usize) * WORDS;
                match check_ray(x, y, &words[base..base + WORDS]) {
                    Ok(true) => checked += 1,
                    Ok(false) => {}
                    Err(e) => failures.push(e),
                }
            }
        }
        eprintln!("ray queries ({name}): {} of {checked} checked rays differ ({} rays near an edge not checked)", failures.len(), GRID * GRID - checked - failures.len() as u32);
        if !failures.is_empty() {
            all_failures.push(format!("{name}: {} rays differ, e.g.\n{}", failures.len(), failures.iter().take(8).cloned().collect::<Vec<_>>().join("\n")));
        }
    }
    if !passthrough {
        eprintln!("ray queries (SPIR-V): not run, the adapter lacks PASSTHROUGH_SHADERS");
    }
    assert!(all_failures.is_empty(), "{}", all_failures.join("\n"));
}

#[test]
#[ignore = "needs a GPU with fragment barycentrics (wgpu SHADER_BARYCENTRICS; lavapipe in Mesa 22.3 has none): cargo test --test rayquery_device -- --ignored"]
fn sv_barycentrics_match_the_cpu() {
    let d = device(wgpu::Features::SHADER_BARYCENTRICS, wgpu::Features::PASSTHROUGH_SHADERS);
    let passthrough = d.features.contains(wgpu::Features::PASSTHROUGH_SHADERS);
    let mut failures = Vec::new();
    let targets: &[bool] = if passthrough { &[false, true] } else { &[false] };
    for &spirv in targets {
        for (entry, perspective) in [("ps_perspective", true), ("ps_screen", false)] {
            let name = format!("{entry}, {}", if spirv { "SPIR-V" } else { "WGSL" });
            let pixels = draw_barycentrics(&d, spirv, entry);
            let (mut checked, mut bad) = (0, Vec::new());
            for y in 0..SIZE {
                for x in 0..SIZE {
                    let Some(want) = cpu_barycentrics(x, y) else { continue };
                    checked += 1;
                    let i = ((y * SIZE + x) * 4) as usize;
                    let got = &pixels[i..i + 4];
                    let ok = match want {
                        None => got == [0.0; 4],
                        Some((wp, ws)) => {
                            let w = if perspective { wp } else { ws };
                            (0..3).all(|k| (got[k] - w[k]).abs() < 2e-3) && got[3] == 1.0
                        }
                    };
                    if !ok {
                        bad.push(format!("({x}, {y}): got {got:?}, want {want:?}"));
                    }
                }
            }
            eprintln!("SV_Barycentrics ({name}): {} of {checked} checked pixels differ", bad.len());
            if !bad.is_empty() {
                failures.push(format!("{name}: {} pixels differ, e.g. {}", bad.len(), bad.iter().take(6).cloned().collect::<Vec<_>>().join("; ")));
            }
        }
    }
    if !passthrough {
        eprintln!("SV_Barycentrics (SPIR-V): not run, the adapter lacks PASSTHROUGH_SHADERS");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_cpu_models_cover_every_case() {
    // The ray model the GPU test checks against: hits on both instances and every primitive,
    // both facings, misses, rays the back-face culling changes, and few unchecked rays.
    let mut seen = std::collections::BTreeSet::new();
    let (mut misses, mut culled, mut unchecked) = (0, 0, 0);
    for y in 0..GRID {
        for x in 0..GRID {
            let (o, d) = grid_ray(x, y);
            match cpu_trace(o, d) {
                None => unchecked += 1,
                Some((None, _)) => misses += 1,
                Some((Some(h), front)) => {
                    seen.insert((h.instance, h.primitive, h.front));
                    if front != Some(h) {
                        culled += 1;
                    }
                }
            }
        }
    }
    for want in [(0, 0, false), (0, 1, true), (0, 2, false), (0, 3, true), (1, 3, true)] {
        assert!(seen.contains(&want), "no ray hits (instance, primitive, front) = {want:?}; seen {seen:?}");
    }
    assert!(misses > 0 && culled > 0, "misses {misses}, culled {culled}");
    assert!(unchecked < (GRID * GRID / 20) as usize, "{unchecked} rays near edges");
    // The hit on the rotated instance: object-space origin and the transforms' rows.
    assert_eq!(world_to_object_translation(&INSTANCES[1].0), [-0.25, 0.5, -10.0]);
    assert_eq!(to_object(&INSTANCES[1].0, [1.5, 0.25, 10.0], 1.0), [0.0, -1.0, 0.0]);
    // The barycentrics model: inside, outside and edge pixels; perspective differs from screen.
    let all: Vec<_> = (0..SIZE * SIZE).map(|i| cpu_barycentrics(i % SIZE, i / SIZE)).collect();
    let inside: Vec<_> = all.iter().filter_map(|p| p.flatten()).collect();
    assert!(inside.len() > 500 && all.contains(&Some(None)) && all.iter().any(|p| p.is_none()));
    assert!(inside.iter().any(|(p, s)| (0..3).any(|k| (p[k] - s[k]).abs() > 0.05)), "perspective and screen barycentrics never differ");
    for (p, s) in &inside {
        assert!(((p[0] + p[1] + p[2]) - 1.0).abs() < 1e-5 && ((s[0] + s[1] + s[2]) - 1.0).abs() < 1e-5);
    }
}

#[test]
fn the_shaders_compile_for_both_targets() {
    // Both device shaders compile for the targets the GPU tests use: trace.hlsl's WGSL (naga's
    // writer has no ray queries; hlslc writes them, `src/emit/ray_query.rs`) enables
    // `wgpu_ray_query` and reads back through naga's WGSL front end into a valid module.
    for target in [hlslc::Target::Wgsl, hlslc::Target::SpirV] {
        let c = compile(TRACE, "trace.hlsl", "cs_6_5", "main", target);
        assert!(hlslc::wgpu::features(&c).contains(wgpu::Features::EXPERIMENTAL_RAY_QUERY));
        if target == hlslc::Target::SpirV {
            assert!(c.spirv().is_ok());
            continue;
        }
        let wgsl = c.wgsl().expect("WGSL with ray queries");
        assert!(wgsl.starts_with("enable wgpu_ray_query;\n") && wgsl.contains("rayQueryProceed(") && !wgsl.contains("wgpu_ray_tracing_pipeline"), "{wgsl}");
        let module = naga::front::wgsl::parse_str(&wgsl).unwrap_or_else(|e| panic!("naga cannot parse the WGSL: {}\n{wgsl}", e.emit_to_string(&wgsl)));
        naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all())
            .validate(&module)
            .unwrap_or_else(|e| panic!("naga rejects the WGSL: {e:?}\n{wgsl}"));
    }
    for target in [hlslc::Target::Wgsl, hlslc::Target::SpirV] {
        for entry in ["ps_perspective", "ps_screen"] {
            let ps = compile(BARYCENTRICS, "barycentrics.hlsl", "ps_6_1", entry, target);
            assert!(hlslc::wgpu::features(&ps).contains(wgpu::Features::SHADER_BARYCENTRICS));
        }
        compile(BARYCENTRICS, "barycentrics.hlsl", "vs_6_1", "vs_main", target);
    }
}
