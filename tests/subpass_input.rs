//! Vulkan input attachments (`SubpassInput`) executed on Vulkan (lavapipe in CI).
//!
//! wgpu has no input attachments, so hlslc's SPIR-V for a pixel shader reading one
//! (`tests/fixtures/vulkan/subpass/`) is drawn through the `ash` runner
//! (`raw_vulkan::graphics`) with a render pass whose subpass reads an uploaded image as input
//! attachment 0. Every pixel is compared bit for bit with a CPU model: the texel at the
//! pixel's own position, doubled, plus the pixel centre. Without a Vulkan device the test says
//! so and passes, except under `CI=true`, where that is a failure.

mod raw_vulkan;

use ash::vk;
use raw_vulkan::graphics::Draw;
use raw_vulkan::Device;

const W: usize = 8;
const H: usize = 4;

fn device() -> Option<Device> {
    raw_vulkan::stage_tests::device_with("a Vulkan device", |_| true)
}

fn spirv(name: &str, profile: &str) -> Vec<u32> {
    let path = format!("{}/tests/fixtures/vulkan/subpass/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let options = hlslc::Options { target: hlslc::Target::SpirV, profile: Some(profile.into()), entry_point: "main".into(), ..Default::default() };
    let compiled = hlslc::compile(&hlslc::Source::new(name.to_string(), text), &options).unwrap_or_else(|e| panic!("{}", e.render()));
    compiled.spirv().unwrap_or_else(|e| panic!("{}", e.render()))
}

#[test]
fn subpass_load_reads_the_pixels_own_texel() {
    let Some(device) = device() else { return };
    let (vs, ps) = (spirv("fullscreen.vs.hlsl", "vs_6_0"), spirv("read_attachment.ps.hlsl", "ps_6_0"));
    // Distinct texels: a read of a neighbour (or of texel (0, 0)) differs.
    let texels: Vec<[f32; 4]> = (0..W * H).map(|i| [i as f32, (i * 3) as f32 + 0.25, -(i as f32), 100.0 + i as f32]).collect();
    let draw = Draw { vertex: &vs, tessellation: None, geometry: None, fragment: &ps, topology: vk::PrimitiveTopology::TRIANGLE_LIST, vertices: 3, width: W as u32, height: H as u32, clear: [-7.0; 4], samples: 1, input: Some(&texels) };
    let pixels = device.draw(&draw).unwrap();
    for y in 0..H {
        for x in 0..W {
            let t = texels[y * W + x];
            let expected = [t[0] * 2.0 + x as f32 + 0.5, t[1] * 2.0 + y as f32 + 0.5, t[2] * 2.0, t[3] * 2.0 + 1.0];
            assert_eq!(pixels[y * W + x], expected, "pixel ({x}, {y})");
        }
    }
}
