//! Runs one particle step on the GPU and compares it with the CPU: `cargo run -p
//! hlslc-example-build-script`.

use hlslc_example_build_script::{cpu_step, gpu_step, particles, shaders, simulation};

fn main() -> std::process::ExitCode {
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let instance = wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
    let adapter = pollster::block_on(instance.request_adapter(&Default::default())).map_err(|e| format!("no GPU adapter: {e}"))?;
    let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        required_features: shaders::particles::features(),
        ..Default::default()
    }))
    .map_err(|e| e.to_string())?;
    let sim = simulation(100);
    let input = particles(128);
    let gpu = gpu_step(&device, &queue, &sim, &input)?;
    let cpu = cpu_step(&sim, &input);
    println!("device: {}", adapter.get_info().name);
    println!("shader: {} ({} bytes of WGSL), bindings {:?}", shaders::particles::SOURCE, shaders::particles::WGSL.len(), shaders::particles::bindings::ALL);
    for i in [0usize, 1, 99] {
        println!("particle {i}: gpu {:?} cpu {:?}", gpu[i].position, cpu[i].position);
    }
    let worst = gpu.iter().zip(&cpu).flat_map(|(g, c)| g.position.iter().zip(&c.position).map(|(a, b)| (a - b).abs())).fold(0.0f32, f32::max);
    if worst > 1e-3 || gpu.iter().zip(&cpu).take(100).any(|(g, c)| g.id != c.id) {
        return Err(format!("GPU and CPU disagree (largest position difference {worst})"));
    }
    println!("100 particles: GPU matches CPU (largest difference {worst:e})");
    Ok(())
}
