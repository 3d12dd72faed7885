//! Hull and domain shaders executed on Vulkan (lavapipe in CI).
//!
//! wgpu has no tessellation stages, so hlslc's SPIR-V for a vertex, a hull, a domain and a
//! fragment shader (`tests/fixtures/vulkan/tessellation/`, the fragment shader from
//! `fixtures/vulkan/geometry/`) is drawn through the `ash` runner (`raw_vulkan::graphics`).
//! The hull shader asks for quads tessellated 4 × 4 with integer spacing into points, so
//! the domain locations are the grid `(i/4, j/4)`; the domain shader puts each at its own
//! pixel. Every pixel is compared bit for bit with a CPU model of the control points, the
//! patch constants (which read both output control points after the hull shader's barrier)
//! and the grid. Without a Vulkan device with `tessellationShader` the test says so and
//! passes, except under `CI=true`, where that is a failure.

mod raw_vulkan;

use ash::vk;
use raw_vulkan::graphics::Draw;
use raw_vulkan::stage_tests::{assert_pixels, device_with, fixture_spirv};
use raw_vulkan::Device;

const W: usize = 10;
const H: usize = 5;
const CLEAR: [f32; 4] = [-7.0, -7.0, -7.0, -7.0];

fn device() -> Option<Device> {
    device_with("tessellationShader", |d| d.tessellation)
}

#[test]
fn quad_patches_tessellate_into_a_grid_of_points() {
    let Some(device) = device() else { return };
    let vs = fixture_spirv("tessellation/control_point.vs.hlsl", "vs_6_0");
    let hs = fixture_spirv("tessellation/quad_points.hs.hlsl", "hs_6_0");
    let ds = fixture_spirv("tessellation/quad_points.ds.hlsl", "ds_6_0");
    let ps = fixture_spirv("geometry/points.ps.hlsl", "ps_6_0");
    let draw = Draw {
        vertex: &vs,
        tessellation: Some((&hs, &ds, 1)),
        geometry: None,
        fragment: &ps,
        topology: vk::PrimitiveTopology::PATCH_LIST,
        vertices: 2,
        width: W as u32,
        height: H as u32,
        clear: CLEAR,
        samples: 1,
        input: None,
    };
    let pixels = device.draw(&draw).unwrap();
    // The model: patch p is vertex p; its control point k is the vertex's data times k + 1.
    let mut expected = vec![CLEAR; W * H];
    for prim in 0..2u32 {
        let data = [(prim + 1) as f32, (prim * 2 + 3) as f32, prim as f32 * 0.5, 0.0];
        let control = |k: u32| data.map(|x| x * (k + 1) as f32);
        let sum = control(0)[0] + control(1)[1] + data[2];
        let tag = control(1)[0] + 4.0 * 100.0 + 4.0 * 1000.0;
        for j in 0..5u32 {
            for i in 0..5u32 {
                expected[(j as usize) * W + (prim * 5 + i) as usize] = [i as f32, j as f32, sum, tag.trunc()];
            }
        }
    }
    assert_pixels(&pixels, &expected, W);
}
