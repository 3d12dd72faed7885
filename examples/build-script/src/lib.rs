//! A crate whose `build.rs` compiles its HLSL with `hlslc::build`: the generated module gives
//! the WGSL, the bindings, the wgpu layouts and a `#[repr(C)]` struct per buffer with D3D's
//! layout, so the host fills the constant buffer by writing a Rust struct.
//!
//! The generated structs derive `bytemuck::Pod` behind this crate's `bytemuck` feature (on by
//! default), which the host code below needs.

#[cfg(not(feature = "bytemuck"))]
compile_error!("this example writes the generated structs with bytemuck: enable the `bytemuck` feature");

/// The code `build.rs` generated (`OUT_DIR/hlslc.rs`).
pub mod shaders {
    include!(concat!(env!("OUT_DIR"), "/hlslc.rs"));
}

use shaders::particles::{Emitter, Particle, Simulation};

/// The simulation constants the example uses.
pub fn simulation(count: u32) -> Simulation {
    let angle = 0.5f32;
    let (s, c) = angle.sin_cos();
    // HLSL rows of a rotation about z; `rotation` is column-major: stored vector k is column k.
    let rows = [[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]];
    let column = |k: usize| [rows[0][k], rows[1][k], rows[2][k]];
    let padded = |v: [f32; 3]| [v[0], v[1], v[2], 0.0];
    Simulation {
        gravity: [0.0, -9.8, 0.0],
        dt: 0.25,
        rotation: [padded(column(0)), padded(column(1))],
        rotation_last: column(2),
        damping: 0.9,
        weights: [[1.0, 0.0, 0.0, 0.0], [0.5, 0.0, 0.0, 0.0]],
        weights_last: 2.0,
        count,
        emitters: [Emitter { position: [1.0, 2.0, 3.0], rate: 1.0 }, Emitter { position: [-1.0, 0.5, 0.0], rate: 3.0 }],
        enabled: 1,
        ..Default::default()
    }
}

/// `n` particles with varied positions and velocities.
pub fn particles(n: u32) -> Vec<Particle> {
    (0..n)
        .map(|i| {
            let f = i as f32;
            Particle { position: [f, 2.0 * f, -f], age: f * 0.1, velocity: [1.0 + f, 0.5, -0.25 * f], id: i }
        })
        .collect()
}

/// What the shader computes, on the CPU (from the same struct the GPU reads).
pub fn cpu_step(sim: &Simulation, input: &[Particle]) -> Vec<Particle> {
    let column = |k: usize| if k < 2 { [sim.rotation[k][0], sim.rotation[k][1], sim.rotation[k][2]] } else { sim.rotation_last };
    let weight = |k: usize| if k < 2 { sim.weights[k][0] } else { sim.weights_last };
    input
        .iter()
        .enumerate()
        .take(sim.count as usize)
        .map(|(i, p)| {
            let e = sim.emitters[i % 2];
            let mut v = [0.0f32; 3];
            for (r, out) in v.iter_mut().enumerate() {
                let m: f32 = (0..3).map(|k| column(k)[r] * p.velocity[k]).sum();
                *out = m * sim.damping + sim.gravity[r] * sim.dt;
            }
            let mut q = *p;
            for (r, (pos, vel)) in q.position.iter_mut().zip(v).enumerate() {
                *pos = p.position[r] + vel * sim.dt * weight(i % 3) + e.position[r];
            }
            q.velocity = v;
            q.age = p.age + sim.dt * e.rate;
            q.id = p.id + sim.count + if sim.enabled != 0 { 1000 } else { 0 };
            q
        })
        .collect()
}

/// Runs one step on the GPU: returns the output particles.
pub fn gpu_step(device: &wgpu::Device, queue: &wgpu::Queue, sim: &Simulation, input: &[Particle]) -> Result<Vec<Particle>, String> {
    use shaders::particles as shader;
    use wgpu::util::DeviceExt;
    let validation = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let module = shader::create_shader_module(device);
    let layouts = shader::create_bind_group_layouts(device);
    let pipeline_layout = shader::create_pipeline_layout(device, &layouts);
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some(shader::SOURCE),
        layout: Some(&pipeline_layout),
        module: &module,
        entry_point: Some(shader::ENTRY_POINT),
        compilation_options: Default::default(),
        cache: None,
    });
    let uniform = device.create_buffer_init(&wgpu::util::BufferInitDescriptor { label: Some("Simulation"), contents: bytemuck::bytes_of(sim), usage: wgpu::BufferUsages::UNIFORM });
    let input_buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor { label: Some("input"), contents: bytemuck::cast_slice(input), usage: wgpu::BufferUsages::STORAGE });
    let size = std::mem::size_of_val(input) as u64;
    let output = device.create_buffer(&wgpu::BufferDescriptor { label: Some("output"), size, usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC, mapped_at_creation: false });
    let readback = device.create_buffer(&wgpu::BufferDescriptor { label: Some("readback"), size, usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ, mapped_at_creation: false });
    let b = shaders::particles::bindings::SIMULATION;
    let (t, u) = (shaders::particles::bindings::INPUT, shaders::particles::bindings::OUTPUT);
    assert!(b.group == 0 && t.group == 0 && u.group == 0, "the example binds one group");
    let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("particles"),
        layout: &layouts[0],
        entries: &[
            wgpu::BindGroupEntry { binding: b.binding, resource: uniform.as_entire_binding() },
            wgpu::BindGroupEntry { binding: t.binding, resource: input_buffer.as_entire_binding() },
            wgpu::BindGroupEntry { binding: u.binding, resource: output.as_entire_binding() },
        ],
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &bind_group, &[]);
        pass.dispatch_workgroups(sim.count.div_ceil(shader::WORKGROUP_SIZE[0]), 1, 1);
    }
    encoder.copy_buffer_to_buffer(&output, 0, &readback, 0, size);
    queue.submit([encoder.finish()]);
    if let Some(e) = pollster::block_on(validation.pop()) {
        return Err(format!("wgpu: {e}"));
    }
    let (tx, rx) = std::sync::mpsc::channel();
    readback.slice(..).map_async(wgpu::MapMode::Read, move |r| {
        let _ = tx.send(r);
    });
    device.poll(wgpu::PollType::Wait { submission_index: None, timeout: Some(std::time::Duration::from_secs(60)) }).map_err(|e| e.to_string())?;
    rx.recv().map_err(|e| e.to_string())?.map_err(|e| e.to_string())?;
    let bytes = readback.slice(..).get_mapped_range().map_err(|e| format!("{e:?}"))?.to_vec();
    Ok(bytes.chunks_exact(std::mem::size_of::<Particle>()).map(bytemuck::pod_read_unaligned).collect())
}
