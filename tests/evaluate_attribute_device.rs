//! `EvaluateAttributeCentroid`, `EvaluateAttributeAtSample` and `EvaluateAttributeSnapped`
//! executed on Vulkan (SPIR-V's `InterpolateAt*`, which lavapipe implements).
//!
//! hlslc's SPIR-V for a vertex shader writing linear gradients (a `float2` and the sixteen
//! elements of a `float4x4`, each a distinct function of the framebuffer position;
//! `tests/fixtures/vulkan/evaluate_attribute/`) and pixel shaders evaluating them — on
//! vectors, components, scattered matrix elements, a row swizzle, a whole matrix, read
//! directly and through parameters and locals — is drawn through the `ash` runner
//! (`raw_vulkan::graphics`) as one triangle covering a single-sampled 8×4 target. There the
//! centroid of a covered pixel, its sample 0 and a zero offset are all the pixel centre, so
//! every pixel is compared with a CPU model of the gradients at (x + 0.5, y + 0.5): what the
//! test proves is that each call interpolates the input, member and component its attribute
//! was read from. On a 4× multisampled target, `EvaluateAttributeAtSample` of the position
//! gradient at samples 1 and 2 must land on Vulkan's standard sample locations. (Whole-pixel offsets, which DXC's SPIR-V conversion of the `int2` offset
//! gives, are outside Vulkan's interpolation-offset range and have no defined result.)

mod raw_vulkan;

use ash::vk;
use raw_vulkan::graphics::Draw;
use raw_vulkan::stage_tests::{device_with, fixture_spirv};

const W: usize = 8;
const H: usize = 4;

/// The vertex shader's `m[r][c]` at framebuffer position (x, y).
fn element(r: usize, c: usize, x: f64, y: f64) -> f64 {
    (4 * r + c + 1) as f64 + (c + 1) as f64 * x + 10.0 * (r + 1) as f64 * y
}

/// Draws the gradients with the pixel shader `ps` and compares each pixel with `model(x, y)`
/// at the pixel centre (interpolation is not exact: within `tolerance`).
fn check(ps: &str, tolerance: f64, model: impl Fn(f64, f64) -> [f64; 4]) {
    check_samples(ps, 1, tolerance, model);
}

/// [`check`] on a target of `samples` samples per pixel (resolved before it is read back).
fn check_samples(ps: &str, samples: u32, tolerance: f64, model: impl Fn(f64, f64) -> [f64; 4]) {
    let Some(device) = device_with("sampleRateShading", |d| d.sample_rate_shading) else { return };
    let (vs, ps) = (fixture_spirv("evaluate_attribute/gradients.vs.hlsl", "vs_6_0"), fixture_spirv(ps, "ps_6_0"));
    let draw = Draw { vertex: &vs, tessellation: None, geometry: None, fragment: &ps, topology: vk::PrimitiveTopology::TRIANGLE_LIST, vertices: 3, width: W as u32, height: H as u32, clear: [-7.0; 4], samples, input: None };
    let pixels = device.draw(&draw).unwrap();
    assert_eq!(pixels.len(), W * H);
    for (i, p) in pixels.iter().enumerate() {
        let (x, y) = ((i % W) as f64 + 0.5, (i / W) as f64 + 0.5);
        let want = model(x, y);
        let close = p.iter().zip(&want).all(|(&g, &w)| (g as f64 - w).abs() <= tolerance);
        assert!(close, "pixel ({}, {}): got {p:?}, expected {want:?}", i % W, i / W);
    }
}

#[test]
fn vector_attributes_are_interpolated_at_the_pixel_centre() {
    // (centroid x, sample 0 of y, zero offset x, zero offset y through a parameter and a local).
    check("evaluate_attribute/vector.ps.hlsl", 1e-4, |x, y| [x, y, x, y]);
}

#[test]
fn matrix_elements_rows_and_whole_matrices_are_interpolated() {
    // `_12_31_23_41` (one-based), `m[1].zxw` through a parameter, and row 3 of the whole matrix.
    check("evaluate_attribute/matrix.ps.hlsl", 0.1, |x, y| {
        let m = |r, c| element(r, c, x, y);
        let e = [m(0, 1), m(2, 0), m(1, 2), m(3, 0)];
        let r = [m(1, 2), m(1, 0), m(1, 3)];
        [e[0] + e[1] * 1000.0, e[2] + e[3] * 1000.0, r[0] + r[2] * 1000.0, r[1] + m(3, 1) * 1000.0]
    });
}

#[test]
fn at_sample_reads_the_standard_sample_locations_of_a_multisampled_target() {
    // Vulkan's standard 4-sample locations: sample 1 at (0.875, 0.375), sample 2 at (0.125, 0.625).
    check_samples("evaluate_attribute/samples.ps.hlsl", 4, 1e-4, |_, _| [0.875, 0.375, 0.125, 0.625]);
}
