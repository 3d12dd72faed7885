//! `GetAttributeAtVertex` executed on Vulkan through `VK_KHR_fragment_shader_barycentric`.
//!
//! hlslc's SPIR-V for a vertex shader writing a distinct `nointerpolation` value per vertex and
//! a pixel shader reading each vertex's value (`tests/fixtures/vulkan/barycentric/`) is drawn
//! through the `ash` runner (`raw_vulkan::graphics`): one triangle covering the target, every
//! pixel compared with the three vertices' values and the provoking vertex's. Ignored by
//! default: lavapipe (Mesa 22.3, and Mesa 25.0 at `/tmp/mesa25`) does not expose
//! `VK_KHR_fragment_shader_barycentric`; run it on a driver that does (NVIDIA, AMD, Intel):
//!
//! ```sh
//! cargo test --test attribute_at_vertex_device -- --ignored
//! ```

mod raw_vulkan;

use ash::vk;
use raw_vulkan::graphics::Draw;
use raw_vulkan::stage_tests::fixture_spirv;
use raw_vulkan::Device;

const W: usize = 8;
const H: usize = 4;

#[test]
#[ignore = "needs VK_KHR_fragment_shader_barycentric, which lavapipe does not expose"]
fn each_pixel_reads_every_vertex_of_its_triangle() {
    let device = Device::new().expect("a Vulkan device");
    assert!(device.barycentric, "{} has no VK_KHR_fragment_shader_barycentric", device.name);
    let (vs, ps) = (fixture_spirv("barycentric/vertex_values.vs.hlsl", "vs_6_1"), fixture_spirv("barycentric/attribute_at_vertex.ps.hlsl", "ps_6_1"));
    let draw = Draw { vertex: &vs, tessellation: None, geometry: None, fragment: &ps, topology: vk::PrimitiveTopology::TRIANGLE_LIST, vertices: 3, width: W as u32, height: H as u32, clear: [-7.0; 4], samples: 1, input: None };
    let pixels = device.draw(&draw).unwrap();
    // Vertex k of the triangle carries 10 (k + 1); Vulkan's provoking vertex is the first.
    for (i, p) in pixels.iter().enumerate() {
        assert_eq!(*p, [10.0, 20.0, 30.0, 10.0], "pixel ({}, {})", i % W, i / W);
    }
}
