//! The build-script example end to end: the generated module runs on the GPU and matches the
//! CPU, `build.rs` told cargo about every file the shader read (nested includes), and the
//! generated structs have the sizes and field offsets reflection reports.

use hlslc_example_build_script::{cpu_step, gpu_step, particles, shaders, simulation};
use shaders::particles::{Emitter, Particle, Simulation};
use shaders::layout_rules::{Rules, S};
use std::mem::{offset_of, size_of};

fn is_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

#[test]
fn generated_module_runs_on_the_gpu_and_matches_the_cpu() {
    let instance = wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
    let adapter = match pollster::block_on(instance.request_adapter(&Default::default())) {
        Ok(a) => a,
        Err(e) if is_ci() => panic!("CI=true but no GPU adapter: {e}; install mesa-vulkan-drivers"),
        Err(e) => {
            eprintln!("SKIPPED: no GPU adapter ({e}); with CI=true this is a failure");
            return;
        }
    };
    let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        required_features: shaders::particles::features(),
        ..Default::default()
    }))
    .expect("device");
    let sim = simulation(100);
    let input = particles(128);
    let gpu = gpu_step(&device, &queue, &sim, &input).unwrap_or_else(|e| panic!("{e}"));
    let cpu = cpu_step(&sim, &input);
    for (i, (g, c)) in gpu.iter().zip(&cpu).enumerate() {
        assert_eq!(g.id, c.id, "particle {i}");
        for k in 0..3 {
            assert!((g.position[k] - c.position[k]).abs() <= 1e-3 * c.position[k].abs().max(1.0), "particle {i} position: gpu {g:?} cpu {c:?}");
            assert!((g.velocity[k] - c.velocity[k]).abs() <= 1e-3 * c.velocity[k].abs().max(1.0), "particle {i} velocity: gpu {g:?} cpu {c:?}");
        }
        assert!((g.age - c.age).abs() < 1e-4, "particle {i} age");
    }
    // Threads past `count` wrote nothing.
    assert!(gpu[100..].iter().all(|p| *p == Particle::ZERO));
}

#[test]
fn the_binary_runs_the_shader_as_a_user_runs_it() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hlslc-example-build-script")).output().expect("run the example binary");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() && stderr.contains("no GPU adapter") && !is_ci() {
        eprintln!("SKIPPED: no GPU adapter; with CI=true this is a failure");
        return;
    }
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("100 particles: GPU matches CPU"), "{stdout}");
}

#[test]
fn build_script_reruns_when_any_included_file_changes() {
    // Cargo keeps a build script's output beside its OUT_DIR.
    let output = std::path::Path::new(env!("OUT_DIR")).parent().unwrap().join("output");
    let text = std::fs::read_to_string(&output).unwrap_or_else(|e| panic!("{}: {e}", output.display()));
    let reruns: Vec<String> = text.lines().filter_map(|l| l.strip_prefix("cargo:rerun-if-changed=")).map(|p| p.replace('\\', "/")).collect();
    for wanted in ["shaders/particles.hlsl", "shaders/common/simulation.hlsli", "shaders/common/constants.hlsli", "../../tests/exec/cbuffer_layout_rules.hlsl"] {
        assert!(
            reruns.iter().any(|r| std::path::Path::new(r).canonicalize().ok() == std::path::Path::new(wanted).canonicalize().ok()),
            "no rerun-if-changed for {wanted}: {reruns:?}"
        );
    }
    assert!(text.lines().any(|l| l == "cargo:rerun-if-env-changed=HLSLC_DEFINES"), "{text}");
    // Nothing else: every entry is a file that exists.
    for r in &reruns {
        assert!(std::path::Path::new(r).is_file(), "{r} is not a file");
    }
}

/// Offsets and sizes of the generated structs against the reflection of a fresh compilation.
#[test]
fn generated_structs_have_the_reflected_sizes_and_offsets() {
    let reflect = |path: &str| {
        let text = std::fs::read_to_string(path).unwrap();
        hlslc::Compiler::new().compile(&hlslc::Source::new(path, text), &hlslc::Options::new("cs_6_0")).unwrap_or_else(|e| panic!("{e}")).reflection().clone()
    };
    let particles = reflect("shaders/particles.hlsl");
    let rules = reflect("../../tests/exec/cbuffer_layout_rules.hlsl");
    let buffer = |r: &hlslc::Reflection, name: &str| r.buffers.iter().find(|b| b.name == name).unwrap_or_else(|| panic!("no buffer {name}")).clone();
    let offset = |b: &hlslc::reflect::BufferLayout, member: &str| b.members.iter().find(|m| m.name == member).unwrap_or_else(|| panic!("no member {member}")).offset as usize;

    let sim = buffer(&particles, "Simulation");
    assert_eq!(size_of::<Simulation>(), sim.size.div_ceil(16) as usize * 16, "bound size: reflection's size rounded up to 16");
    macro_rules! check {
        ($ty:ty, $layout:expr, $($field:ident),*) => {$(
            assert_eq!(offset_of!($ty, $field), offset(&$layout, stringify!($field)), "{}::{}", stringify!($ty), stringify!($field));
        )*};
    }
    check!(Simulation, sim, gravity, dt, rotation, damping, weights, count, emitters, enabled);
    // Split members: the last stored column / element sits at the reflected offset + stride × (n − 1).
    let member = |b: &hlslc::reflect::BufferLayout, name: &str| b.members.iter().find(|m| m.name == name).unwrap().clone();
    let rot = member(&sim, "rotation");
    assert_eq!(offset_of!(Simulation, rotation_last), (rot.offset + 2 * rot.matrix_stride.unwrap()) as usize);
    let w = member(&sim, "weights");
    assert_eq!(offset_of!(Simulation, weights_last), (w.offset + 2 * w.array_stride.unwrap()) as usize);
    let emitters = member(&sim, "emitters");
    assert_eq!(size_of::<Emitter>(), emitters.array_stride.unwrap() as usize);
    assert_eq!(offset_of!(Emitter, rate), emitters.members.iter().find(|m| m.name == "rate").unwrap().offset as usize);

    let elem = buffer(&particles, "input");
    assert_eq!(size_of::<Particle>(), elem.size as usize, "structured stride");
    check!(Particle, elem, position, age, velocity, id);

    // Every rule of D3D's constant-buffer packing (tests/exec/cbuffer_layout_rules.hlsl).
    let r = buffer(&rules, "Rules");
    assert_eq!(size_of::<Rules>(), r.size.div_ceil(16) as usize * 16);
    check!(Rules, r, f0, v3, v2, v2b, f1, v2c, arr, tail, varr, tail2, s, after_s, sarr, i0, mc, mr, after_m, b0, m13, last);
    let s = member(&r, "s");
    assert_eq!(size_of::<S>(), s.size as usize, "`S s` is followed by a member in its last register: unpadded");
}

#[test]
fn generated_constants_describe_the_shader() {
    assert_eq!(shaders::particles::ENTRY_POINT, "main");
    assert_eq!(shaders::particles::STAGE, "compute");
    assert_eq!(shaders::particles::WORKGROUP_SIZE, [64, 1, 1]);
    assert!(shaders::particles::WGSL.contains("@compute @workgroup_size(64, 1, 1)"));
    let names: Vec<&str> = shaders::particles::bindings::ALL.iter().map(|b| b.name).collect();
    assert_eq!(names, ["Simulation", "input", "output"]);
    let entries = shaders::particles::bind_group_layout_entries(0);
    assert_eq!(entries.len(), 3);
    let uniform = entries.iter().find(|e| e.binding == shaders::particles::bindings::SIMULATION.binding).unwrap();
    assert_eq!(
        uniform.ty,
        wgpu::BindingType::Buffer { ty: wgpu::BufferBindingType::Uniform, has_dynamic_offset: false, min_binding_size: std::num::NonZeroU64::new(size_of::<Simulation>() as u64) }
    );
    let storage = entries.iter().find(|e| e.binding == shaders::particles::bindings::INPUT.binding).unwrap();
    assert_eq!(
        storage.ty,
        wgpu::BindingType::Buffer { ty: wgpu::BufferBindingType::Storage { read_only: true }, has_dynamic_offset: false, min_binding_size: std::num::NonZeroU64::new(size_of::<Particle>() as u64) }
    );
    assert_eq!(storage.visibility, wgpu::ShaderStages::COMPUTE);
}
