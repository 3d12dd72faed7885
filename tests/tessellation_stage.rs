//! Hull and domain shaders executed on Vulkan (lavapipe in CI).
//!
//! wgpu has no tessellation stages, so hlslc's SPIR-V for a vertex, a hull, a domain and a
//! fragment shader (`tests/fixtures/vulkan/tessellation/`, the fragment shader from
//! `fixtures/vulkan/geometry/`) is drawn through the `ash` runner (`raw_vulkan::graphics`).
//! The hull shader asks for quads tessellated 4 × 4 with integer spacing into points, so
//! the domain locations are the grid `(i/4, j/4)`; the domain shader puts each at its own
//! pixel. Every pixel is compared bit for bit with a CPU model of the control points, the
//! patch constants (which read both output control points after the hull shader's barrier)
//! and the grid. A second draw runs the `Process…TessFactors` helpers in a patch-constant
//! function for three partitionings and compares every result with a CPU model. Without a Vulkan device with `tessellationShader` the test says so and
//! passes, except under `CI=true`, where that is a failure.

mod raw_vulkan;

use ash::vk;
use raw_vulkan::graphics::Draw;
use raw_vulkan::stage_tests::{assert_pixels, device_with, fixture_spirv, fixture_spirv_options};
use raw_vulkan::Device;

const W: usize = 10;
const H: usize = 5;
const CLEAR: [f32; 4] = [-7.0, -7.0, -7.0, -7.0];

fn device() -> Option<Device> {
    device_with("tessellationShader", |d| d.tessellation)
}

#[test]
fn quad_patches_tessellate_into_a_grid_of_points() {
    quad_points(false);
}

/// `-fvk-invert-y` on the domain shader: DXC negates the y of its output position, so each
/// point lands on the pixel row mirrored about the target's middle.
#[test]
fn invert_y_negates_the_domain_shader_position() {
    quad_points(true);
}

fn quad_points(invert_y: bool) {
    let Some(device) = device() else { return };
    let vs = fixture_spirv("tessellation/control_point.vs.hlsl", "vs_6_0");
    let hs = fixture_spirv("tessellation/quad_points.hs.hlsl", "hs_6_0");
    let ds = fixture_spirv_options("tessellation/quad_points.ds.hlsl", "ds_6_0", |o| o.dxc.invert_y = invert_y);
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
    if invert_y {
        // Row r's centre has y = (r + 0.5) / H * 2 - 1; negated, it is row H - 1 - r's.
        expected = expected.chunks(W).rev().flatten().copied().collect();
    }
    assert_pixels(&pixels, &expected, W);
}

/// The `Process…TessFactors` helpers (`fixtures/vulkan/tessellation/tess_factors.hs.hlsl`)
/// for three partitionings, every result compared bit for bit with [`process`], a CPU model
/// of DXC's formulas (`lowering/src/lower/tess_factors.rs`).
#[test]
fn process_tess_factors_match_the_cpu_model() {
    let Some(device) = device() else { return };
    for (partitioning, name, tess) in [(Partitioning::Integer, "integer", 5u32), (Partitioning::FractionalOdd, "fractional_odd", 5), (Partitioning::FractionalEven, "fractional_even", 6)] {
        let defines = [("PARTITIONING", format!("\"{name}\"")), ("TESS", tess.to_string())];
        let vs = fixture_spirv("tessellation/control_point.vs.hlsl", "vs_6_0");
        let hs = fixture_spirv_with("tessellation/tess_factors.hs.hlsl", "hs_6_0", &defines);
        let ds = fixture_spirv_with("tessellation/tess_factors.ds.hlsl", "ds_6_0", &defines);
        let ps = fixture_spirv("geometry/points.ps.hlsl", "ps_6_0");
        let side = (tess + 1) as usize;
        let (width, height) = (3 * side, side);
        let draw = Draw {
            vertex: &vs,
            tessellation: Some((&hs, &ds, 1)),
            geometry: None,
            fragment: &ps,
            topology: vk::PrimitiveTopology::PATCH_LIST,
            vertices: 3,
            width: width as u32,
            height: height as u32,
            clear: CLEAR,
            samples: 1,
            input: None,
        };
        let pixels = device.draw(&draw).unwrap();
        const RAW: [[f32; 4]; 3] = [[0.5, 3.2, 70.0, 5.5], [2.2, 2.9, 1.4, 9.0], [4.4, 6.1, 2.6, 7.0]];
        const SCALE: [[f32; 2]; 3] = [[0.8, 1.7], [0.3, -0.5], [0.6, 0.25]];
        let mut expected = vec![CLEAR; width * height];
        for prim in 0..3 {
            let combine = [Combine::Avg, Combine::Max, Combine::Min][prim];
            let (raw, scale) = (RAW[prim], SCALE[prim]);
            let mut results = Vec::new();
            for (patch, edges, scales) in [(Patch::Tri, &raw[..3], &scale[..1]), (Patch::Quad, &raw[..], &scale[..1]), (Patch::Quad2D, &raw[..], &scale[..])] {
                let (rounded, inside, unrounded) = process(partitioning, patch, combine, edges, scales);
                results.extend(rounded);
                results.extend(inside);
                results.extend(unrounded);
            }
            results.push(round(partitioning, clamp(partitioning, raw[3])));
            results.push(round(partitioning, clamp(partitioning, raw[0])));
            assert_eq!(results.len(), 23);
            for j in 0..side {
                for i in 0..side {
                    let k = j * side + i;
                    let value = results.get(k).copied().unwrap_or(-1.0);
                    expected[j * width + prim * side + i] = [value, k as f32, prim as f32, 0.0];
                }
            }
        }
        assert_pixels(&pixels, &expected, width);
    }
}

/// hlslc's SPIR-V for a `tests/fixtures/vulkan/` file compiled with `defines`.
fn fixture_spirv_with(path: &str, profile: &str, defines: &[(&str, String)]) -> Vec<u32> {
    let file = format!("{}/tests/fixtures/vulkan/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let options = hlslc::Options {
        target: hlslc::Target::SpirV,
        profile: Some(profile.into()),
        entry_point: "main".into(),
        defines: defines.iter().map(|(n, v)| (n.to_string(), Some(v.clone()))).collect(),
        ..Default::default()
    };
    let compiled = hlslc::compile(&hlslc::Source::new(path.to_string(), text), &options).unwrap_or_else(|e| panic!("{}", e.render()));
    compiled.spirv().unwrap_or_else(|e| panic!("{}", e.render()))
}

#[derive(Clone, Copy, PartialEq)]
enum Partitioning {
    Integer,
    FractionalOdd,
    FractionalEven,
}

#[derive(Clone, Copy, PartialEq)]
enum Patch {
    Tri,
    Quad,
    Quad2D,
}

#[derive(Clone, Copy, PartialEq)]
enum Combine {
    Avg,
    Max,
    Min,
}

fn clamp(p: Partitioning, x: f32) -> f32 {
    let (lo, hi) = match p {
        Partitioning::Integer => (1.0, 64.0),
        Partitioning::FractionalOdd => (1.0, 63.0),
        Partitioning::FractionalEven => (2.0, 64.0),
    };
    x.max(lo).min(hi)
}

fn round(p: Partitioning, x: f32) -> f32 {
    if p == Partitioning::Integer {
        x.ceil()
    } else {
        x
    }
}

/// The edges combined per inside axis.
fn combine_edges(patch: Patch, c: Combine, e: &[f32]) -> Vec<f32> {
    let pair = |a: f32, b: f32| match c {
        Combine::Avg => a + b,
        Combine::Max => a.max(b),
        Combine::Min => a.min(b),
    };
    let scaled = |x: f32, k: f32| if c == Combine::Avg { x * k } else { x };
    match patch {
        Patch::Quad2D => vec![scaled(pair(e[0], e[1]), 0.5), scaled(pair(e[2], e[3]), 0.5)],
        Patch::Quad => vec![scaled(pair(pair(e[0], e[1]), pair(e[2], e[3])), 0.25)],
        Patch::Tri => vec![scaled(pair(pair(e[0], e[1]), e[2]), (1.0f64 / 3.0) as f32)],
    }
}

/// (rounded edges, rounded inside, unrounded inside) of one helper, as DXC computes them.
fn process(p: Partitioning, patch: Patch, c: Combine, raw: &[f32], scale: &[f32]) -> (Vec<f32>, Vec<f32>, Vec<f32>) {
    let rounded: Vec<f32> = raw.iter().map(|&x| round(p, clamp(p, x))).collect();
    let clean: Vec<f32> = raw.iter().map(|&x| x.max(1.0)).collect();
    let factors = combine_edges(patch, c, &clean);
    let mut unrounded: Vec<f32> = factors.iter().zip(scale).map(|(&f, &s)| clamp(p, f * s.clamp(0.0, 1.0))).collect();
    let mut inside: Vec<f32> = unrounded.iter().map(|&x| round(p, x)).collect();
    if p == Partitioning::FractionalOdd {
        let averages = combine_edges(patch, if c == Combine::Max { Combine::Max } else { Combine::Avg }, &clean);
        for i in 0..inside.len() {
            let small = clamp(p, averages[i]).min(3.0);
            if inside[i] < 3.0 {
                unrounded[i] = small;
                inside[i] = small;
            }
        }
        if patch == Patch::Quad2D {
            let max_unrounded = unrounded[0].max(unrounded[1]).min(3.0);
            let max_inside = inside[0].max(inside[1]).min(3.0);
            for i in 0..2 {
                if unrounded[i] < 3.0 {
                    unrounded[i] = max_unrounded;
                    inside[i] = max_inside;
                }
            }
        }
    }
    if patch == Patch::Quad {
        unrounded.push(unrounded[0]);
        inside.push(inside[0]);
    }
    (rounded, inside, unrounded)
}
