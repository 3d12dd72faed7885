//! What the stage tests (`geometry_stage.rs`, `tessellation_stage.rs`) share: the device
//! with the stage's feature (a failure under `CI=true` when there is none, a skip
//! elsewhere), hlslc's SPIR-V for a fixture under `tests/fixtures/vulkan/`, and the
//! bit-for-bit comparison of the drawn pixels with a CPU model.

use super::Device;

/// The Vulkan device when it has `feature` (named in messages, e.g. `geometryShader`);
/// `None` after saying why when it has not, which is a panic under `CI=true`.
pub fn device_with(feature: &str, has: impl Fn(&Device) -> bool) -> Option<Device> {
    let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
    match Device::new() {
        Ok(d) if has(&d) => Some(d),
        Ok(d) if ci => panic!("CI=true but {} has no {feature}", d.name),
        Ok(d) => {
            eprintln!("skipped: {} has no {feature}", d.name);
            None
        }
        Err(e) if ci => panic!("CI=true but no Vulkan device: {e}"),
        Err(e) => {
            eprintln!("skipped: {e}");
            None
        }
    }
}

/// hlslc's SPIR-V for `tests/fixtures/vulkan/{path}`, entry `main`.
pub fn fixture_spirv(path: &str, profile: &str) -> Vec<u32> {
    fixture_spirv_options(path, profile, |_| {})
}

/// [`fixture_spirv`] with options changed by `adjust` (a DXC flag such as `-fvk-invert-y`).
#[allow(dead_code)]
pub fn fixture_spirv_options(path: &str, profile: &str, adjust: impl FnOnce(&mut hlslc::Options)) -> Vec<u32> {
    let file = format!("{}/tests/fixtures/vulkan/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut options = hlslc::Options { target: hlslc::Target::SpirV, profile: Some(profile.into()), entry_point: "main".into(), ..Default::default() };
    adjust(&mut options);
    let compiled = hlslc::compile(&hlslc::Source::new(path.to_string(), text), &options).unwrap_or_else(|e| panic!("{}", e.render()));
    compiled.spirv().unwrap_or_else(|e| panic!("{}", e.render()))
}

/// Asserts every pixel of a `width`-wide target equals the model bit for bit.
pub fn assert_pixels(pixels: &[[f32; 4]], expected: &[[f32; 4]], width: usize) {
    assert_eq!(pixels.len(), expected.len(), "pixel count");
    for (i, (got, want)) in pixels.iter().zip(expected).enumerate() {
        let same = got.iter().zip(want).all(|(a, b)| a.to_bits() == b.to_bits());
        assert!(same, "pixel ({}, {}): got {got:?}, expected {want:?}", i % width, i / width);
    }
}
