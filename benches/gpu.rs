//! Generated-code performance on a GPU: compute kernels (`benches/gpu/*.hlsl`: a groupshared
//! reduction, a 5x5 blur with texture loads, a tiled matrix multiply, a prefix sum with wave
//! ops, a waterfall loop that scalarizes a per-lane key) compiled by hlslc and by glslang, run
//! through wgpu on Vulkan and timed with GPU timestamps (one compute pass per dispatch,
//! timestamps at its start and end). Each variant
//! runs 300 ms of untimed warm-up dispatches, then `GPU_BENCH_REPS` timed ones (30), in
//! `GPU_BENCH_ROUNDS` rounds (3; 1 at the small scale) that interleave the variants; the
//! median is taken over all rounds' dispatches, and every round's output is checked.
//!
//! Variants per kernel:
//! - `hlslc-spv`: hlslc's SPIR-V (naga's writer, loop bounding off) through passthrough;
//! - `hlslc-wgsl`: hlslc's WGSL through `create_shader_module_trusted` with
//!   `ShaderRuntimeChecks::unchecked()` (wgpu translates it with naga, no loop bounding);
//! - `glslang`, `glslang-Od`: glslang's SPIR-V (default optimisation, and `-Od`), passthrough.
//!
//! Runtime checks stay off in every variant (research/gpu.md: naga's loop bounding costs up
//! to 3.7x on the H200), so the comparison is between the compilers' code. Each variant's
//! output is checked against a CPU reference (glslang's `WavePrefixSum` is inclusive, a
//! known peer bug: its scan is reported as wrong, not hidden).
//!
//!     cargo bench --bench gpu                      # GPU sizes (a GPU with >= 1 GiB)
//!     GPU_BENCH_SCALE=small cargo bench --bench gpu  # lavapipe-sized smoke run
//!
//! glslang's SPIR-V comes from `GPU_BENCH_SPV_DIR/NAME.{glslang,glslang-Od}.spv` when that
//! variable is set (the device machine has no glslang), else from `glslangValidator`.

use std::borrow::Cow;
use std::path::PathBuf;
use std::time::Duration;

/// Checks a kernel's output; `Err` describes the first mismatch.
type Check = Box<dyn Fn(&[u8]) -> Result<(), String>>;
/// The GPU times of a variant's timed dispatches (seconds) and its output bytes.
type Timed = (Vec<f64>, Vec<u8>);

struct Kernel {
    name: &'static str,
    defines: Vec<(String, String)>,
    /// Workgroups to dispatch.
    groups: [u32; 3],
    inputs: Vec<Input>,
    /// Size in bytes of the single read-write output buffer (the last binding).
    output_bytes: u64,
    /// Checks the output; returns a description of the first mismatch.
    check: Check,
    /// Bytes moved and operations done per dispatch (for GB/s or GFLOP/s).
    work: (f64, &'static str),
}

enum Input {
    Buffer(Vec<u8>),
    /// rgba32float texture, width x height
    Texture(u32, u32, Vec<f32>),
}

fn rand_floats(n: usize, seed: u32) -> Vec<f32> {
    let mut x = seed.wrapping_mul(2654435761) | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            // small integers: sums stay exact, so the check can be tight
            ((x >> 8) % 16) as f32
        })
        .collect()
}

fn bytes_of<T: bytemuck::Pod>(v: &[T]) -> Vec<u8> {
    bytemuck::cast_slice(v).to_vec()
}

fn kernels(small: bool) -> Vec<Kernel> {
    let mut out = Vec::new();
    // reduction
    let n: usize = if small { 1 << 16 } else { 1 << 26 };
    let data = rand_floats(n, 1);
    let expect: Vec<f32> = data.chunks(2048).map(|c| c.iter().sum()).collect();
    out.push(Kernel {
        name: "reduce",
        defines: vec![],
        groups: [(n / 2048) as u32, 1, 1],
        inputs: vec![Input::Buffer(bytes_of(&data))],
        output_bytes: (n / 2048 * 4) as u64,
        check: Box::new(move |b| compare_f32(bytemuck::cast_slice(b), &expect)),
        work: (n as f64 * 4.0, "GB/s read"),
    });
    // blur
    let w: u32 = if small { 128 } else { 4096 };
    let img = rand_floats((w * w * 4) as usize, 2);
    let wi = w as i32;
    let mut expect = vec![0f32; (w * w * 4) as usize];
    for y in 0..wi {
        for x in 0..wi {
            for c in 0..4 {
                let mut acc = 0.0f32;
                for dy in -2..=2 {
                    for dx in -2..=2 {
                        let (px, py) = ((x + dx).clamp(0, wi - 1), (y + dy).clamp(0, wi - 1));
                        acc += img[((py * wi + px) * 4 + c) as usize];
                    }
                }
                expect[((y * wi + x) * 4 + c) as usize] = acc * (1.0 / 25.0);
            }
        }
    }
    out.push(Kernel {
        name: "blur",
        defines: vec![("W".into(), w.to_string())],
        groups: [w / 16, w / 16, 1],
        inputs: vec![Input::Texture(w, w, img)],
        output_bytes: (w * w * 16) as u64,
        check: Box::new(move |b| compare_f32(bytemuck::cast_slice(b), &expect)),
        work: ((w * w * 16 * 2) as f64, "GB/s (1 read + 1 write per pixel)"),
    });
    // matmul
    let m: usize = if small { 64 } else { 2048 };
    let a = rand_floats(m * m, 3);
    let bm = rand_floats(m * m, 4);
    let mut expect = vec![0f32; m * m];
    if small {
        for i in 0..m {
            for j in 0..m {
                expect[i * m + j] = (0..m).map(|k| a[i * m + k] * bm[k * m + j]).sum();
            }
        }
    }
    // At full size only a sample of rows is checked (a full CPU product takes too long).
    let (a2, b2) = (a.clone(), bm.clone());
    out.push(Kernel {
        name: "matmul",
        defines: vec![("N".into(), m.to_string())],
        groups: [(m / 16) as u32, (m / 16) as u32, 1],
        inputs: vec![Input::Buffer(bytes_of(&a)), Input::Buffer(bytes_of(&bm))],
        output_bytes: (m * m * 4) as u64,
        check: Box::new(move |b| {
            let got: &[f32] = bytemuck::cast_slice(b);
            for i in (0..m).step_by(if small { 1 } else { 97 }) {
                for j in (0..m).step_by(if small { 1 } else { 13 }) {
                    let e: f32 = if small { expect[i * m + j] } else { (0..m).map(|k| a2[i * m + k] * b2[k * m + j]).sum() };
                    if (got[i * m + j] - e).abs() > 1e-3 * e.abs().max(1.0) {
                        return Err(format!("C[{i}][{j}] = {}, expected {e}", got[i * m + j]));
                    }
                }
            }
            Ok(())
        }),
        work: (2.0 * (m as f64).powi(3), "GFLOP/s"),
    });
    // scan (2^25 elements: 32 768 groups, inside the 65 535 per-dimension dispatch limit)
    let n: usize = if small { 1 << 16 } else { 1 << 25 };
    let data: Vec<u32> = rand_floats(n, 5).iter().map(|&f| f as u32).collect();
    let mut expect = vec![0u32; n];
    for (chunk, e) in data.chunks(1024).zip(expect.chunks_mut(1024)) {
        let mut run = 0u32;
        for (v, o) in chunk.iter().zip(e.iter_mut()) {
            *o = run;
            run = run.wrapping_add(*v);
        }
    }
    out.push(Kernel {
        name: "scan",
        defines: vec![],
        groups: [(n / 1024) as u32, 1, 1],
        inputs: vec![Input::Buffer(bytes_of(&data))],
        output_bytes: (n * 4) as u64,
        check: Box::new(move |b| compare_u32(bytemuck::cast_slice(b), &expect)),
        work: (n as f64 * 8.0, "GB/s (read + write)"),
    });
    // waterfall (2^23 elements: 32 768 groups of 256)
    let n: usize = if small { 1 << 16 } else { 1 << 23 };
    let rounds = 8u32;
    let keys: Vec<u32> = rand_floats(n, 6).iter().zip(rand_floats(n, 7)).map(|(&a, b)| a as u32 * 4 + (b as u32 & 3)).collect();
    let mix = |mut h: u32| {
        h ^= h >> 16;
        h = h.wrapping_mul(0x7feb352d);
        h ^= h >> 15;
        h = h.wrapping_mul(0x846ca68b);
        h ^ (h >> 16)
    };
    let expect: Vec<u32> = keys.iter().map(|&k| (0..rounds).fold(k, |h, i| mix(h.wrapping_add(i)))).collect();
    out.push(Kernel {
        name: "waterfall",
        defines: vec![("ROUNDS".into(), rounds.to_string())],
        groups: [(n / 256) as u32, 1, 1],
        inputs: vec![Input::Buffer(bytes_of(&keys))],
        output_bytes: (n * 4) as u64,
        check: Box::new(move |b| compare_u32(bytemuck::cast_slice(b), &expect)),
        work: (n as f64 * 8.0, "GB/s (read + write)"),
    });
    out
}

fn compare_u32(got: &[u32], expect: &[u32]) -> Result<(), String> {
    if got.len() != expect.len() {
        return Err(format!("{} values, expected {}", got.len(), expect.len()));
    }
    match got.iter().zip(expect).position(|(g, e)| g != e) {
        None => Ok(()),
        Some(i) => Err(format!("[{i}] = {}, expected {}", got[i], expect[i])),
    }
}

fn compare_f32(got: &[f32], expect: &[f32]) -> Result<(), String> {
    if got.len() != expect.len() {
        return Err(format!("{} values, expected {}", got.len(), expect.len()));
    }
    match got.iter().zip(expect).position(|(g, e)| (g - e).abs() > 1e-4 * e.abs().max(1.0)) {
        None => Ok(()),
        Some(i) => Err(format!("[{i}] = {}, expected {}", got[i], expect[i])),
    }
}

fn source_path(name: &str) -> PathBuf {
    let dir = std::env::var_os("GPU_BENCH_DIR").map(PathBuf::from).unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/gpu"));
    dir.join(format!("{name}.hlsl"))
}

fn hlslc(k: &Kernel, target: hlslc::Target) -> Result<(Option<String>, Option<Vec<u32>>), String> {
    let path = source_path(k.name);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut options = hlslc::Options::new("cs_6_0");
    options.binding_policy = hlslc::BindingPolicy::Dxc;
    options.target = target;
    for (n, v) in &k.defines {
        options.defines.push((n.clone(), Some(v.clone())));
    }
    let c = hlslc::compile(&hlslc::Source::new(path.display().to_string(), text), &options).map_err(|e| e.render())?;
    Ok(match target {
        hlslc::Target::Wgsl => (Some(c.wgsl().map_err(|e| e.render())?), None),
        hlslc::Target::SpirV => (None, Some(c.spirv().map_err(|e| e.render())?)),
    })
}

fn glslang(k: &Kernel, optimize: bool) -> Result<Vec<u32>, String> {
    let variant = if optimize { "glslang" } else { "glslang-Od" };
    let bytes = if let Some(dir) = std::env::var_os("GPU_BENCH_SPV_DIR") {
        let p = PathBuf::from(dir).join(format!("{}.{variant}.spv", k.name));
        std::fs::read(&p).map_err(|e| format!("{}: {e}", p.display()))?
    } else {
        let out = std::env::temp_dir().join(format!("hlslc-gpu-bench-{}-{variant}.spv", k.name));
        let mut cmd = std::process::Command::new("glslangValidator");
        cmd.args(["-D", "-V", "--target-env", "vulkan1.1", "-e", "main", "-S", "comp"]);
        if !optimize {
            cmd.arg("-Od");
        }
        for (n, v) in &k.defines {
            cmd.arg(format!("-D{n}={v}"));
        }
        let r = cmd.arg("-o").arg(&out).arg(source_path(k.name)).output().map_err(|e| format!("glslangValidator: {e}"))?;
        if !r.status.success() {
            return Err(String::from_utf8_lossy(&r.stdout).into_owned());
        }
        std::fs::read(&out).map_err(|e| e.to_string())?
    };
    Ok(bytemuck::cast_slice(&bytes).to_vec())
}

struct Gpu {
    device: wgpu::Device,
    queue: wgpu::Queue,
    name: String,
}

fn gpu() -> Gpu {
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle_from_env();
    desc.backends = wgpu::Backends::VULKAN;
    let instance = wgpu::Instance::new(desc);
    let adapters = pollster::block_on(instance.enumerate_adapters(wgpu::Backends::VULKAN));
    let adapter = adapters
        .into_iter()
        .min_by_key(|a| match a.get_info().device_type {
            wgpu::DeviceType::DiscreteGpu => 0,
            wgpu::DeviceType::IntegratedGpu => 1,
            _ => 2,
        })
        .expect("no Vulkan adapter");
    let info = adapter.get_info();
    let features = adapter.features()
        & (wgpu::Features::TIMESTAMP_QUERY | wgpu::Features::PASSTHROUGH_SHADERS | wgpu::Features::SUBGROUP | wgpu::Features::SUBGROUP_BARRIER);
    assert!(features.contains(wgpu::Features::TIMESTAMP_QUERY), "the adapter has no timestamp queries");
    let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        label: Some("gpu bench"),
        required_features: features,
        required_limits: adapter.limits(),
        ..Default::default()
    }))
    .expect("request_device");
    Gpu { device, queue, name: format!("{} ({:?}, {} {})", info.name, info.device_type, info.driver, info.driver_info) }
}

enum Module<'a> {
    Wgsl(&'a str),
    SpirV(&'a [u32]),
}

/// A variant's compiled kernel, kept across rounds.
enum Owned {
    Wgsl(String),
    SpirV(Vec<u32>),
}

impl Owned {
    fn borrow(&self) -> Module<'_> {
        match self {
            Owned::Wgsl(t) => Module::Wgsl(t),
            Owned::SpirV(w) => Module::SpirV(w),
        }
    }
}

/// Runs `reps` timed dispatches; returns their GPU times and the output bytes.
fn run(g: &Gpu, k: &Kernel, module: Module, reps: u32) -> Result<Timed, String> {
    let device = &g.device;
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let sm = match module {
        // SAFETY: the WGSL comes from hlslc, which validates every module with naga.
        Module::Wgsl(t) => unsafe {
            device.create_shader_module_trusted(
                wgpu::ShaderModuleDescriptor { label: Some(k.name), source: wgpu::ShaderSource::Wgsl(Cow::Borrowed(t)) },
                wgpu::ShaderRuntimeChecks::unchecked(),
            )
        },
        // SAFETY: hlslc's and glslang's SPIR-V pass spirv-val in the test suite; passthrough
        // hands them to the driver as they are.
        Module::SpirV(w) => unsafe {
            device.create_shader_module_passthrough(wgpu::ShaderModuleDescriptorPassthrough {
                label: Some(k.name),
                entry_points: Cow::Owned(vec![wgpu::PassthroughShaderEntryPoint { name: Cow::Borrowed("main"), workgroup_size: (0, 0, 0) }]),
                spirv: Some(Cow::Borrowed(w)),
                ..Default::default()
            })
        },
    };
    // Bindings 0.. in order: the inputs, then the output.
    let mut entries = Vec::new();
    for (i, inp) in k.inputs.iter().enumerate() {
        entries.push(wgpu::BindGroupLayoutEntry {
            binding: i as u32,
            visibility: wgpu::ShaderStages::COMPUTE,
            ty: match inp {
                Input::Buffer(_) => wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Storage { read_only: true },
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
                Input::Texture(..) => wgpu::BindingType::Texture {
                    sample_type: wgpu::TextureSampleType::Float { filterable: false },
                    view_dimension: wgpu::TextureViewDimension::D2,
                    multisampled: false,
                },
            },
            count: None,
        });
    }
    let out_binding = k.inputs.len() as u32;
    entries.push(wgpu::BindGroupLayoutEntry {
        binding: out_binding,
        visibility: wgpu::ShaderStages::COMPUTE,
        ty: wgpu::BindingType::Buffer { ty: wgpu::BufferBindingType::Storage { read_only: false }, has_dynamic_offset: false, min_binding_size: None },
        count: None,
    });
    let bgl = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor { label: None, entries: &entries });
    let pl = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor { label: None, bind_group_layouts: &[Some(&bgl)], immediate_size: 0 });
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some(k.name),
        layout: Some(&pl),
        module: &sm,
        entry_point: Some("main"),
        compilation_options: Default::default(),
        cache: None,
    });
    use wgpu::util::DeviceExt;
    let mut owned_buffers = Vec::new();
    let mut views = Vec::new();
    for inp in &k.inputs {
        match inp {
            Input::Buffer(b) => owned_buffers.push(device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: None,
                contents: b,
                usage: wgpu::BufferUsages::STORAGE,
            })),
            Input::Texture(w, h, data) => {
                let tex = device.create_texture_with_data(
                    &g.queue,
                    &wgpu::TextureDescriptor {
                        label: None,
                        size: wgpu::Extent3d { width: *w, height: *h, depth_or_array_layers: 1 },
                        mip_level_count: 1,
                        sample_count: 1,
                        dimension: wgpu::TextureDimension::D2,
                        format: wgpu::TextureFormat::Rgba32Float,
                        usage: wgpu::TextureUsages::TEXTURE_BINDING,
                        view_formats: &[],
                    },
                    wgpu::util::TextureDataOrder::LayerMajor,
                    bytemuck::cast_slice(data),
                );
                views.push(tex.create_view(&Default::default()));
            }
        }
    }
    let output = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: k.output_bytes,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let readback = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: k.output_bytes,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let (mut bi, mut vi) = (0, 0);
    let mut bg_entries = Vec::new();
    for (i, inp) in k.inputs.iter().enumerate() {
        let resource = match inp {
            Input::Buffer(_) => {
                bi += 1;
                owned_buffers[bi - 1].as_entire_binding()
            }
            Input::Texture(..) => {
                vi += 1;
                wgpu::BindingResource::TextureView(&views[vi - 1])
            }
        };
        bg_entries.push(wgpu::BindGroupEntry { binding: i as u32, resource });
    }
    bg_entries.push(wgpu::BindGroupEntry { binding: out_binding, resource: output.as_entire_binding() });
    let bg = device.create_bind_group(&wgpu::BindGroupDescriptor { label: None, layout: &bgl, entries: &bg_entries });
    let queries = device.create_query_set(&wgpu::QuerySetDescriptor { label: None, ty: wgpu::QueryType::Timestamp, count: reps * 2 });
    let qbuf = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: reps as u64 * 16,
        usage: wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let qread = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: reps as u64 * 16,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    // Warm-up: the GPU drops its clocks while the CPU compiles and builds inputs, and ramps
    // them up over the first tens of milliseconds of work (the first variant of each kernel
    // measured up to 4x slower on the H200 without this). Untimed dispatches for at least
    // 300 ms of wall time, waiting for each batch.
    let warm_start = std::time::Instant::now();
    while warm_start.elapsed() < Duration::from_millis(300) {
        let mut enc = device.create_command_encoder(&Default::default());
        for _ in 0..4 {
            let mut pass = enc.begin_compute_pass(&wgpu::ComputePassDescriptor { label: None, timestamp_writes: None });
            pass.set_pipeline(&pipeline);
            pass.set_bind_group(0, &bg, &[]);
            pass.dispatch_workgroups(k.groups[0], k.groups[1], k.groups[2]);
        }
        g.queue.submit([enc.finish()]);
        device.poll(wgpu::PollType::Wait { submission_index: None, timeout: Some(Duration::from_secs(120)) }).map_err(|e| e.to_string())?;
    }
    let mut enc = device.create_command_encoder(&Default::default());
    // one untimed dispatch, then `reps` timed ones
    for r in 0..=reps {
        let tw = (r > 0).then(|| wgpu::ComputePassTimestampWrites {
            query_set: &queries,
            beginning_of_pass_write_index: Some((r - 1) * 2),
            end_of_pass_write_index: Some((r - 1) * 2 + 1),
        });
        let mut pass = enc.begin_compute_pass(&wgpu::ComputePassDescriptor { label: None, timestamp_writes: tw });
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &bg, &[]);
        pass.dispatch_workgroups(k.groups[0], k.groups[1], k.groups[2]);
    }
    enc.resolve_query_set(&queries, 0..reps * 2, &qbuf, 0);
    enc.copy_buffer_to_buffer(&qbuf, 0, &qread, 0, reps as u64 * 16);
    enc.copy_buffer_to_buffer(&output, 0, &readback, 0, k.output_bytes);
    g.queue.submit([enc.finish()]);
    if let Some(e) = pollster::block_on(scope.pop()) {
        return Err(e.to_string());
    }
    qread.slice(..).map_async(wgpu::MapMode::Read, |_| {});
    readback.slice(..).map_async(wgpu::MapMode::Read, |_| {});
    device.poll(wgpu::PollType::Wait { submission_index: None, timeout: Some(Duration::from_secs(120)) }).map_err(|e| e.to_string())?;
    let period = g.queue.get_timestamp_period() as f64;
    let stamps: Vec<u64> = bytemuck::cast_slice(&qread.slice(..).get_mapped_range().map_err(|e| e.to_string())?).to_vec();
    let times: Vec<f64> = stamps.chunks(2).map(|c| c[1].wrapping_sub(c[0]) as f64 * period * 1e-9).collect();
    let out = readback.slice(..).get_mapped_range().map_err(|e| e.to_string())?.to_vec();
    Ok((times, out))
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let small = std::env::var("GPU_BENCH_SCALE").is_ok_and(|s| s == "small");
    let reps: u32 = std::env::var("GPU_BENCH_REPS").ok().and_then(|v| v.parse().ok()).unwrap_or(if small { 5 } else { 30 });
    let rounds: u32 = std::env::var("GPU_BENCH_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(if small { 1 } else { 3 }).max(1);
    let g = gpu();
    println!("adapter: {}", g.name);
    println!("median of {rounds} interleaved rounds x {reps} timestamped dispatches per variant; runtime checks off everywhere (passthrough SPIR-V, or WGSL through create_shader_module_trusted + unchecked)\n");
    println!("| kernel | variant | GPU ms | throughput | vs glslang | output |");
    println!("|---|---|---|---|---|---|");
    for k in kernels(small) {
        let mut variants: Vec<(String, Result<Owned, String>)> = Vec::new();
        variants.push(("hlslc-spv".into(), hlslc(&k, hlslc::Target::SpirV).map(|(_, w)| Owned::SpirV(w.unwrap_or_default())).map_err(|e| format!("compile: {e}"))));
        variants.push(("hlslc-wgsl".into(), hlslc(&k, hlslc::Target::Wgsl).map(|(t, _)| Owned::Wgsl(t.unwrap_or_default())).map_err(|e| format!("compile: {e}"))));
        for (name, opt) in [("glslang", true), ("glslang-Od", false)] {
            variants.push((name.into(), glslang(&k, opt).map(Owned::SpirV).map_err(|e| format!("compile: {e}"))));
        }
        // Extra SPIR-V variants for experiments: `GPU_BENCH_EXTRA_SPV/NAME.VARIANT.spv`.
        if let Some(dir) = std::env::var_os("GPU_BENCH_EXTRA_SPV") {
            let mut extra: Vec<PathBuf> = std::fs::read_dir(&dir).into_iter().flatten().flatten().map(|e| e.path()).collect();
            extra.sort();
            for p in extra {
                let file = p.file_name().and_then(|f| f.to_str()).unwrap_or_default().to_string();
                let Some(variant) = file.strip_prefix(&format!("{}.", k.name)).and_then(|f| f.strip_suffix(".spv")) else { continue };
                variants.push((variant.to_string(), std::fs::read(&p).map(|b| Owned::SpirV(bytemuck::pod_collect_to_vec(&b))).map_err(|e| e.to_string())));
            }
        }
        // Rounds interleave the variants (A B C D, A B C D, ...) and every round's output is
        // checked: a slow stretch of the GPU (clocks still ramping when the process starts)
        // then lands on all variants alike instead of on whichever runs first, and the pooled
        // median ignores it while it covers less than half of the rounds.
        let mut results: Vec<(String, Result<(Duration, Result<(), String>), String>)> = Vec::new();
        let mut pooled: Vec<Result<(Vec<f64>, Result<(), String>), String>> =
            variants.iter().map(|(_, m)| m.as_ref().map(|_| (Vec::new(), Ok(()))).map_err(Clone::clone)).collect();
        for _ in 0..rounds {
            for ((_, module), slot) in variants.iter().zip(&mut pooled) {
                let (Ok(module), Ok((times, check))) = (module, slot.as_mut()) else { continue };
                match run(&g, &k, module.borrow(), reps) {
                    Ok((t, bytes)) => {
                        times.extend(t);
                        if check.is_ok() {
                            *check = (k.check)(&bytes);
                        }
                    }
                    Err(e) => *slot = Err(e),
                }
            }
        }
        for ((name, _), slot) in variants.iter().zip(pooled) {
            results.push((name.clone(), slot.map(|(mut t, check)| {
                t.sort_by(|a, b| a.total_cmp(b));
                (Duration::from_secs_f64(t[t.len() / 2]), check)
            })));
        }
        let base = results.iter().find(|(n, _)| n == "glslang").and_then(|(_, r)| r.as_ref().ok()).map(|(t, _)| *t);
        for (name, r) in &results {
            match r {
                Ok((t, check)) => {
                    let secs = t.as_secs_f64();
                    // Bytes or operations per second, in G (both units are 10^9 per second).
                    let tp = k.work.0 / secs / 1e9;
                    let ratio = base.map(|b| format!("{:.3}x", secs / b.as_secs_f64())).unwrap_or_else(|| "-".into());
                    let ok = match check {
                        Ok(()) => "correct".to_string(),
                        Err(e) => format!("WRONG: {e}"),
                    };
                    println!("| {} | {name} | {:.4} | {:.1} {} | {ratio} | {ok} |", k.name, secs * 1e3, tp, k.work.1);
                }
                Err(e) => println!("| {} | {name} | failed: {} | | | |", k.name, e.replace('\n', " ")),
            }
        }
    }
}
