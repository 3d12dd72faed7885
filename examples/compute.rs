//! Compiles an HLSL compute shader at run time and runs it through wgpu: Collatz stopping
//! times of 1..=1000, checked against the CPU, for each target the device can run (WGSL
//! always; SPIR-V where wgpu allows passthrough shaders, i.e. on Vulkan).
//!
//! ```sh
//! cargo run --example compute
//! ```

#[path = "common/gpu.rs"]
#[allow(dead_code)]
mod gpu;

use wgpu::util::DeviceExt;

const SHADER: &str = "examples/shaders/collatz.hlsl";
const COUNT: u32 = 1000;
const MAX_STEPS: u32 = 1000;

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
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/shaders/collatz.hlsl");
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let source = hlslc::Source::new(SHADER, text);
    let wgsl = hlslc::compile(&source, &hlslc::Options::new("cs_6_0")).map_err(|e| e.render())?;
    // SPIR-V passthrough keeps the binding numbers as compiled: the compact policy numbers them
    // 0, 1 … so the layout needs no placeholders.
    let mut spirv_options = hlslc::Options::new("cs_6_0").target(hlslc::Target::SpirV);
    spirv_options.binding_policy = hlslc::BindingPolicy::Compact;
    let spirv = hlslc::compile(&source, &spirv_options).map_err(|e| e.render())?;

    let gpu = gpu::open(hlslc::wgpu::features(&wgsl) | hlslc::wgpu::features(&spirv))?;
    let mut report = format!("device: {}\n", gpu.adapter_name);
    let expected: Vec<u32> = (1..=COUNT).map(cpu_stopping_time).collect();
    for compiled in [&wgsl, &spirv] {
        let target = match compiled.target() {
            hlslc::Target::Wgsl => "WGSL",
            hlslc::Target::SpirV => "SPIR-V",
        };
        if !gpu.device.features().contains(hlslc::wgpu::features(compiled)) {
            report.push_str(&format!("{target}: skipped, the device lacks {:?}\n", hlslc::wgpu::features(compiled) - gpu.device.features()));
            continue;
        }
        let steps = dispatch(&gpu, compiled)?;
        if steps != expected {
            let i = steps.iter().zip(&expected).position(|(a, b)| a != b).unwrap_or(0);
            return Err(format!("{target}: steps[{i}] (n = {}) is {}, the CPU says {}", i + 1, steps[i], expected[i]));
        }
        let longest = (0..steps.len()).max_by_key(|&i| steps[i]).unwrap_or(0);
        report.push_str(&format!(
            "{target}: stopping times of 1..={COUNT} match the CPU; first ten {:?}; longest n = {} ({} steps)\n",
            &steps[..10],
            longest + 1,
            steps[longest]
        ));
    }
    Ok(report)
}

/// Compiles the pipeline from `compiled`, dispatches it and reads the steps back.
fn dispatch(gpu: &gpu::Gpu, compiled: &hlslc::Compiled) -> Result<Vec<u32>, String> {
    let device = &gpu.device;
    let module = hlslc::wgpu::create_shader_module(device, compiled, Some(SHADER)).map_err(|e| e.to_string())?;
    let layout = hlslc::wgpu::PipelineLayout::new(device, &[compiled]).map_err(|e| e.to_string())?;
    gpu::checked(gpu, || -> Result<Vec<u32>, String> {
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some(SHADER),
            layout: Some(&layout.pipeline_layout),
            module: &module,
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        });
        // `cbuffer Params`: three uints at offsets 0, 4, 8; bound rounded up to 16 bytes.
        let params: [u32; 4] = [COUNT, 1, MAX_STEPS, 0];
        let params = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("Params"),
            contents: &words_to_bytes(&params),
            usage: wgpu::BufferUsages::UNIFORM,
        });
        let steps = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("steps"),
            size: u64::from(COUNT) * 4,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
            mapped_at_creation: false,
        });
        let bind_group = layout
            .bind_group(device, 0, &[("Params", params.as_entire_binding()), ("steps", steps.as_entire_binding())])
            .map_err(|e| e.to_string())?;
        let mut encoder = device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(&pipeline);
            pass.set_bind_group(0, &bind_group, &[]);
            pass.dispatch_workgroups(COUNT.div_ceil(64), 1, 1);
        }
        gpu.queue.submit([encoder.finish()]);
        let bytes = gpu::read_buffer(gpu, &steps)?;
        Ok(bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
    })?
}

fn cpu_stopping_time(mut n: u32) -> u32 {
    let mut s = 0;
    while n != 1 && s < MAX_STEPS {
        n = if n & 1 == 1 { 3 * n + 1 } else { n / 2 };
        s += 1;
    }
    s
}

fn words_to_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}
