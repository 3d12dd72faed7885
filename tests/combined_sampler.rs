//! Combined image samplers (`vk::SampledTexture…`) executed on Vulkan.
//!
//! hlslc's SPIR-V for a `vk::SampledTexture2D` is one `COMBINED_IMAGE_SAMPLER` descriptor, which
//! wgpu cannot bind, so these kernels run through a small `ash` runner (`raw_vulkan/`) on
//! lavapipe (or any Vulkan device). Each expected value is computed here from the texels the
//! test uploads, by Vulkan's filtering rules (texel centres at `(i + 0.5) / size`, bilinear
//! weights, nearest mip for `SampleGrad`'s LOD `log2(max |∂uv · size|)`), not copied from a
//! compiler's output. Without a Vulkan device the tests say so and pass, except under
//! `CI=true`, where that is a failure.

mod raw_vulkan;

use raw_vulkan::{Device, Resource};

/// The 2×2 mip 0 (row-major) and the 1×1 mip 1 of the test texture.
const MIP0: [[f32; 4]; 4] = [[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0], [13.0, 14.0, 15.0, 16.0]];
const MIP1: [[f32; 4]; 1] = [[100.0, 200.0, 300.0, 400.0]];

fn device() -> Option<Device> {
    raw_vulkan::stage_tests::device_with("a Vulkan device", |_| true)
}

/// hlslc's SPIR-V (and reflection) for a fixture under `tests/fixtures/vulkan/` (registers numbered as DXC does).
fn spirv(name: &str) -> Vec<u32> {
    compile(name).spirv().unwrap_or_else(|e| panic!("{}", e.render()))
}

fn compile(name: &str) -> hlslc::Compiled {
    let path = format!("{}/tests/fixtures/vulkan/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let options = hlslc::Options {
        target: hlslc::Target::SpirV,
        profile: Some("cs_6_0".into()),
        entry_point: "main".into(),
        binding_policy: hlslc::BindingPolicy::Dxc,
        ..Default::default()
    };
    hlslc::compile(&hlslc::Source::new(name.to_string(), text), &options).unwrap_or_else(|e| panic!("{}", e.render()))
}

fn texture(linear: bool) -> Resource {
    Resource::CombinedImage { width: 2, height: 2, mips: vec![MIP0.to_vec(), MIP1.to_vec()], linear, min_lod: 0.0 }
}

fn float4s(bytes: &[u8]) -> Vec<[f32; 4]> {
    bytes.chunks_exact(16).map(|c| std::array::from_fn(|i| f32::from_le_bytes(c[i * 4..i * 4 + 4].try_into().unwrap()))).collect()
}

fn mix(a: [f32; 4], b: [f32; 4], t: f32) -> [f32; 4] {
    std::array::from_fn(|i| a[i] * (1.0 - t) + b[i] * t)
}

fn check(got: &[[f32; 4]], expected: &[(&str, [f32; 4])]) {
    let mut failures = Vec::new();
    for (i, (what, want)) in expected.iter().enumerate() {
        if got[i].iter().zip(want).any(|(g, w)| (g - w).abs() > 1e-4) {
            failures.push(format!("[{i}] {what}: got {:?}, expected {want:?}", got[i]));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn sampled_texture_2d_methods_read_the_combined_descriptor() {
    let Some(device) = device() else { return };
    let words = spirv("sampled_texture_2d.hlsl");
    let out = device.run(&words, &[texture(true), Resource::Storage { len: 16 * 11 }], [1, 1, 1]).unwrap();
    let got = float4s(&out[0]);
    let [t00, t10, t01, t11] = MIP0;
    let row0_mid = mix(t00, t10, 0.5);
    let centre = mix(row0_mid, mix(t01, t11, 0.5), 0.5);
    check(
        &got,
        &[
            ("SampleLevel at the centre of texel (0,0)", t00),
            ("SampleLevel between texels (0,0) and (1,0)", row0_mid),
            ("SampleLevel at the centre of the texture", centre),
            ("SampleLevel of mip 1", MIP1[0]),
            ("Load of texel (1,1)", t11),
            ("operator[] of texel (0,1)", t01),
            ("GetDimensions: width, height, levels", [2.0, 2.0, 2.0, 0.0]),
            ("SampleLevel with offset (1,0) from texel (0,0)", t10),
            // Gather's order: (0,1), (1,1), (1,0), (0,0) — the red channels.
            ("Gather of the four texels' red", [t01[0], t11[0], t10[0], t00[0]]),
            ("SampleGrad with small gradients (mip 0)", row0_mid),
            ("SampleGrad with gradients of 2 texels (mip 1)", MIP1[0]),
        ],
    );
    eprintln!("ran on {}", device.name);
}

#[test]
fn reflection_reports_one_combined_image_sampler_binding() {
    let compiled = compile("sampled_texture_2d.hlsl");
    let bindings: Vec<_> = compiled.reflection().bindings.iter().map(|b| (b.name.as_str(), b.kind, b.group, b.binding, b.register.as_deref())).collect();
    // No binding for the hidden sampler: the texture's descriptor holds it.
    assert_eq!(bindings, [("tex", "combined_image_sampler", 0, 0, Some("t0")), ("output", "storage_buffer", 0, 1, Some("u1"))]);
    let err = hlslc::binding_layout::BindGroupLayouts::of(&compiled).unwrap_err();
    assert!(err.contains("combined image sampler"), "{err}");
}

#[test]
fn min_lod_clamp_raises_the_level_of_detail() {
    let Some(device) = device() else { return };
    if !device.min_lod {
        eprintln!("skipped: {} lacks `shaderResourceMinLod`", device.name);
        return;
    }
    let words = spirv("min_lod_clamp.hlsl");
    let out = device.run(&words, &[texture(true), Resource::Storage { len: 16 * 4 }], [1, 1, 1]).unwrap();
    let got = float4s(&out[0]);
    let row0_mid = mix(MIP0[0], MIP0[1], 0.5);
    check(
        &got,
        &[
            ("clamp 1.0: mip 1", MIP1[0]),
            ("clamp 0.0: mip 0", row0_mid),
            ("run-time clamp 1.0: mip 1", MIP1[0]),
            ("no clamp: mip 0", row0_mid),
        ],
    );
}
