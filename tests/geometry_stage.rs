//! Geometry shaders executed on Vulkan (lavapipe in CI).
//!
//! wgpu has no geometry stage, so hlslc's SPIR-V for a vertex, a geometry and a fragment
//! shader (`tests/fixtures/vulkan/geometry/`) is drawn through the `ash` runner
//! (`raw_vulkan::graphics`). The geometry shaders emit points at pixel centres, so each
//! written pixel holds one emitted vertex's varyings; the pixels are compared bit for bit
//! with a CPU model of what the shader emits (vertex ids, primitive ids and instances as
//! Vulkan numbers them, and the vertex order of a triangle list with adjacency). Without a Vulkan device with `geometryShader` the tests say so and
//! pass, except under `CI=true`, where that is a failure.

mod raw_vulkan;

use ash::vk;
use raw_vulkan::graphics::Draw;
use raw_vulkan::stage_tests::{assert_pixels, device_with, fixture_spirv, fixture_spirv_options};
use raw_vulkan::Device;

const W: usize = 8;
const H: usize = 4;
const CLEAR: [f32; 4] = [-7.0, -7.0, -7.0, -7.0];

fn device() -> Option<Device> {
    device_with("geometryShader", |d| d.geometry)
}

/// The CPU model of `vertex_ids.vs.hlsl`: (position x, data, id) of a vertex.
fn vertex(id: u32) -> (f32, [f32; 2], u32) {
    (id as f32 * 0.25, [(id * 3 + 1) as f32, id as f32 * 0.5], id * 7)
}

#[test]
fn triangles_become_points_per_instance_and_primitive() {
    triangles_to_points(false);
}

/// `-fvk-invert-y` on the geometry shader: DXC negates the y of each appended vertex's
/// position, so every point lands on the pixel row mirrored about the target's middle.
#[test]
fn invert_y_negates_each_appended_position() {
    triangles_to_points(true);
}

fn triangles_to_points(invert_y: bool) {
    let Some(device) = device() else { return };
    let gs = fixture_spirv_options("geometry/triangle_to_points.gs.hlsl", "gs_6_0", |o| o.dxc.invert_y = invert_y);
    let (vs, ps) = (fixture_spirv("geometry/vertex_ids.vs.hlsl", "vs_6_0"), fixture_spirv("geometry/points.ps.hlsl", "ps_6_0"));
    let draw = Draw {
        vertex: &vs,
        tessellation: None,
        geometry: Some(&gs),
        fragment: &ps,
        topology: vk::PrimitiveTopology::TRIANGLE_LIST,
        vertices: 6,
        width: W as u32,
        height: H as u32,
        clear: CLEAR,
        samples: 1,
        input: None,
    };
    let pixels = device.draw(&draw).unwrap();
    // The model: two triangles (primitive ids 0 and 1, vertices 3p..3p+2), two instances each.
    let mut expected = vec![CLEAR; W * H];
    for prim in 0..2u32 {
        for inst in 0..2u32 {
            let base = ((prim * 2 + inst) * 4) as usize;
            let mut sum = 0.0f32;
            for k in 0..3u32 {
                let (x, data, id) = vertex(prim * 3 + k);
                expected[base + k as usize] = [x + data[1], data[0], (prim * 10 + inst) as f32, (id + inst) as f32];
                sum += data[0];
            }
            expected[base + 3] = [sum, -1.0, 0.0, (1000 + prim) as f32];
        }
    }
    if invert_y {
        // Pixel row r's centre has y = (r + 0.5) / H * 2 - 1; negated, it is row H - 1 - r's.
        expected = expected.chunks(W).rev().flatten().copied().collect();
    }
    assert_pixels(&pixels, &expected, W);
}

#[test]
fn triangles_with_adjacency_arrive_in_vertex_order() {
    let Some(device) = device() else { return };
    let (vs, gs, ps) = (fixture_spirv("geometry/vertex_ids.vs.hlsl", "vs_6_0"), fixture_spirv("geometry/adjacency_to_points.gs.hlsl", "gs_6_0"), fixture_spirv("geometry/points.ps.hlsl", "ps_6_0"));
    let draw = Draw {
        vertex: &vs,
        tessellation: None,
        geometry: Some(&gs),
        fragment: &ps,
        topology: vk::PrimitiveTopology::TRIANGLE_LIST_WITH_ADJACENCY,
        vertices: 12,
        width: W as u32,
        height: H as u32,
        clear: CLEAR,
        samples: 1,
        input: None,
    };
    let pixels = device.draw(&draw).unwrap();
    // Two primitives of six vertices each, in the order the vertices were drawn (Vulkan's
    // triangle list with adjacency).
    let mut expected = vec![CLEAR; W * H];
    for prim in 0..2u32 {
        for k in 0..6u32 {
            let (_, data, id) = vertex(prim * 6 + k);
            expected[(prim * 6 + k) as usize] = [data[0], data[1], k as f32, id as f32];
        }
    }
    assert_pixels(&pixels, &expected, W);
}
