//! Tests of the test harness itself (`tests/support`): the GPU runners with hand-written
//! WGSL (compute, render, MSAA, vertex buffers, textures and samplers), SPIR-V passthrough
//! (naga-made SPIR-V with sparse bindings), error paths, the validators, glslang, the
//! fixture parser, and the runner's verdicts (a wrong expectation fails, a stale known-bug
//! marker fails, a WGSL-emitting compiler passes).

mod support;

use std::path::{Path, PathBuf};

use support::fixture::Fixture;
use support::gpu::{
    self, Access, Binding, ComputeJob, RenderJob, Resource, SamplerDesc, Shader, TextureDesc,
};
use support::peer::{glslang_compile, HlslSource};
use support::runner::{run_fixtures, Compiler, Outcome, Stage, Target};
use support::validate::{naga_validate_wgsl, spirv_dis, spirv_val};
use support::values::{Check, Expected, Scalar, Tolerance};

fn words_to_bytes(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn bytes_to_u32(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn bytes_to_f32(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// WGSL → SPIR-V with naga (bindings kept as written), for the passthrough tests.
fn naga_spirv(wgsl: &str) -> Vec<u32> {
    let module = naga_validate_wgsl(wgsl).expect("test WGSL is valid");
    let info = naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    .unwrap();
    let options = naga::back::spv::Options {
        lang_version: (1, 3),
        ..Default::default()
    };
    naga::back::spv::write_vec(&module, &info, &options, None).expect("naga writes SPIR-V")
}

const DOUBLE_WGSL: &str = r#"
struct Params { scale: u32, offset: u32 }
@group(0) @binding(2) var<storage, read> input: array<u32>;
@group(0) @binding(5) var<storage, read_write> output: array<u32>;
@group(1) @binding(0) var<uniform> params: Params;

@compute @workgroup_size(4)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    output[id.x] = input[id.x] * params.scale + params.offset;
}
"#;

fn double_job(shader: Shader) -> ComputeJob {
    ComputeJob {
        immediates: Vec::new(),
        shader,
        entry_point: "main".into(),
        workgroups: [2, 1, 1],
        bindings: vec![
            Binding {
                element: None,
                group: 0,
                binding: 2,
                resource: Resource::Storage {
                    access: Access::ReadOnly,
                    data: words_to_bytes(&[1, 2, 3, 4, 5, 6, 7, 8]),
                },
            },
            Binding {
                element: None,
                group: 0,
                binding: 5,
                resource: Resource::Storage {
                    access: Access::ReadWrite,
                    data: vec![0; 32],
                },
            },
            Binding {
                element: None,
                group: 1,
                binding: 0,
                resource: Resource::Uniform {
                    data: words_to_bytes(&[3, 100]),
                },
            },
        ],
    }
}

#[test]
fn wgsl_compute_runs() {
    let Some(_) = gpu::gpu() else { return };
    let out = gpu::run_compute(&double_job(Shader::Wgsl(DOUBLE_WGSL.into()))).unwrap();
    assert_eq!(
        bytes_to_u32(out.get(0, 5).unwrap()),
        [103, 106, 109, 112, 115, 118, 121, 124]
    );
    assert!(
        out.get(0, 2).is_none(),
        "read-only buffers are not returned"
    );
}

/// naga writes SPIR-V with the module's own (sparse) binding numbers; passthrough must see
/// Vulkan binding N = @binding(N) (wgpu compacts Vulkan bindings; the harness fills gaps).
#[test]
fn spirv_passthrough_runs_with_sparse_bindings() {
    let Some(_) = gpu::gpu() else { return };
    let words = naga_spirv(DOUBLE_WGSL);
    spirv_val(&words).expect("naga's SPIR-V validates");
    assert!(spirv_dis(&words).contains("OpEntryPoint GLCompute"));
    let out = gpu::run_compute(&double_job(Shader::SpirV(words))).unwrap();
    assert_eq!(
        bytes_to_u32(out.get(0, 5).unwrap()),
        [103, 106, 109, 112, 115, 118, 121, 124]
    );
}

#[test]
fn textures_and_samplers_run() {
    let Some(_) = gpu::gpu() else { return };
    let wgsl = r#"
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var smp: sampler;
@group(0) @binding(2) var img: texture_storage_2d<r32float, write>;
@group(0) @binding(3) var<storage, read_write> out: array<vec4<f32>>;

@compute @workgroup_size(1)
fn main() {
    out[0] = textureSampleLevel(tex, smp, vec2(0.5, 0.5), 0.0);   // linear: average
    out[1] = textureLoad(tex, vec2(1, 0), 0);                     // green
    textureStore(img, vec2(1, 1), vec4(42.0, 0.0, 0.0, 0.0));
}
"#;
    let texels = vec![
        255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255,
    ];
    let job = ComputeJob {
        immediates: Vec::new(),
        shader: Shader::Wgsl(wgsl.into()),
        entry_point: "main".into(),
        workgroups: [1, 1, 1],
        bindings: vec![
            Binding {
                element: None,
                group: 0,
                binding: 0,
                resource: Resource::SampledTexture(TextureDesc::new_2d(
                    wgpu::TextureFormat::Rgba8Unorm,
                    2,
                    2,
                    texels,
                )),
            },
            Binding {
                element: None,
                group: 0,
                binding: 1,
                resource: Resource::Sampler(SamplerDesc {
                    mag_filter: wgpu::FilterMode::Linear,
                    min_filter: wgpu::FilterMode::Linear,
                    ..Default::default()
                }),
            },
            Binding {
                element: None,
                group: 0,
                binding: 2,
                resource: Resource::StorageTexture {
                    access: Access::WriteOnly,
                    texture: TextureDesc::new_2d(wgpu::TextureFormat::R32Float, 2, 2, Vec::new()),
                },
            },
            Binding {
                element: None,
                group: 0,
                binding: 3,
                resource: Resource::Storage {
                    access: Access::ReadWrite,
                    data: vec![0; 32],
                },
            },
        ],
    };
    let out = gpu::run_compute(&job).unwrap();
    let v = bytes_to_f32(out.get(0, 3).unwrap());
    for (got, want) in v[..4].iter().zip([0.5, 0.5, 0.5, 1.0]) {
        assert!((got - want).abs() < 0.01, "filtered {v:?}");
    }
    assert_eq!(&v[4..], [0.0, 1.0, 0.0, 1.0]);
    assert_eq!(bytes_to_f32(out.get(0, 2).unwrap()), [0.0, 0.0, 0.0, 42.0]);
}

const TRIANGLE_WGSL: &str = r#"
struct VOut { @builtin(position) pos: vec4<f32>, @location(0) color: vec4<f32> }

@vertex
fn vs(@builtin(vertex_index) i: u32) -> VOut {
    let p = vec2<f32>(f32((i << 1u) & 2u), f32(i & 2u));
    return VOut(vec4(p * 2.0 - 1.0, 0.0, 1.0), vec4(0.25, 0.5, 1.0, 1.0));
}

@vertex
fn vs_buffer(@location(0) p: vec2<f32>) -> VOut {
    return VOut(vec4(p, 0.0, 1.0), vec4(1.0, 0.0, 0.0, 1.0));
}

@fragment
fn fs(v: VOut) -> @location(0) vec4<f32> {
    return v.color;
}
"#;

fn render_job(vertex_entry: &str, sample_count: u32) -> RenderJob {
    RenderJob {
        vertex: Shader::Wgsl(TRIANGLE_WGSL.into()),
        vertex_entry: vertex_entry.into(),
        fragment: Shader::Wgsl(TRIANGLE_WGSL.into()),
        fragment_entry: "fs".into(),
        vertex_count: 3,
        instance_count: 1,
        first_vertex: 0,
        first_instance: 0,
        topology: wgpu::PrimitiveTopology::TriangleList,
        vertex_buffers: Vec::new(),
        target: gpu::ColorTarget {
            format: wgpu::TextureFormat::Rgba8Unorm,
            width: 4,
            height: 4,
            clear: wgpu::Color::BLACK,
        },
        depth: None,
        sample_count,
        bindings: Vec::new(),
    }
}

#[test]
fn render_fullscreen_triangle_with_and_without_msaa() {
    let Some(_) = gpu::gpu() else { return };
    for samples in [1, 4] {
        let out = gpu::run_render(&render_job("vs", samples)).unwrap();
        assert_eq!(out.color.len(), 4 * 4 * 4);
        for px in out.color.chunks_exact(4) {
            assert_eq!(
                px,
                [64, 128, 255, 255],
                "{samples}x: unorm8 of (0.25, 0.5, 1, 1)"
            );
        }
    }
}

#[test]
fn render_with_vertex_buffer_and_depth() {
    let Some(_) = gpu::gpu() else { return };
    // One triangle covering the left half (x < 0 in NDC) of a 4x4 target.
    let verts: Vec<f32> = vec![
        -1.0, -1.0, 0.0, -1.0, -1.0, 3.0, 0.0, 3.0, 0.0, -1.0, -1.0, 3.0,
    ];
    let mut job = render_job("vs_buffer", 1);
    job.vertex_count = 6;
    job.vertex_buffers = vec![gpu::VertexBuffer {
        stride: 8,
        step_mode: wgpu::VertexStepMode::Vertex,
        attributes: vec![wgpu::VertexAttribute {
            format: wgpu::VertexFormat::Float32x2,
            offset: 0,
            shader_location: 0,
        }],
        data: verts.iter().flat_map(|f| f.to_le_bytes()).collect(),
    }];
    job.depth = Some(gpu::DepthTarget {
        format: wgpu::TextureFormat::Depth32Float,
        clear: 1.0,
        compare: wgpu::CompareFunction::Less,
        write: true,
    });
    let out = gpu::run_render(&job).unwrap();
    for (i, px) in out.color.chunks_exact(4).enumerate() {
        let want = if i % 4 < 2 {
            [255, 0, 0, 255]
        } else {
            [0, 0, 0, 255]
        };
        assert_eq!(px, want, "pixel {i}");
    }
}

#[test]
fn shader_errors_come_back_as_err() {
    let Some(_) = gpu::gpu() else { return };
    let bad = ComputeJob {
        immediates: Vec::new(),
        shader: Shader::Wgsl("@compute @workgroup_size(1) fn main() { let x: u32 = 1.5; }".into()),
        entry_point: "main".into(),
        workgroups: [1, 1, 1],
        bindings: Vec::new(),
    };
    let e = gpu::run_compute(&bad).unwrap_err();
    assert!(e.contains("wgpu error"), "{e}");

    // A binding the shader uses but the job does not provide.
    let missing = ComputeJob {
        immediates: Vec::new(),
        bindings: Vec::new(),
        ..double_job(Shader::Wgsl(DOUBLE_WGSL.into()))
    };
    assert!(gpu::run_compute(&missing).is_err());

    let not_spirv = ComputeJob {
        immediates: Vec::new(),
        shader: Shader::SpirV(vec![1, 2, 3]),
        ..double_job(Shader::SpirV(Vec::new()))
    };
    assert!(gpu::run_compute(&not_spirv).unwrap_err().contains("magic"));

    // The device still works afterwards.
    assert!(gpu::run_compute(&double_job(Shader::Wgsl(DOUBLE_WGSL.into()))).is_ok());
}

#[test]
fn validators_reject_bad_input() {
    assert!(naga_validate_wgsl("fn f() -> u32 { return 1.5; }").is_err());
    assert!(naga_validate_wgsl(DOUBLE_WGSL).is_ok());
    let mut words = naga_spirv(DOUBLE_WGSL);
    spirv_val(&words).unwrap();
    words.truncate(words.len() - 3);
    assert!(spirv_val(&words).is_err(), "a truncated module is invalid");
    assert!(spirv_val(&[1, 2, 3]).is_err());
}

#[test]
fn glslang_compiles_hlsl_text() {
    let src = "RWStructuredBuffer<uint> o : register(u0);\n[numthreads(1,1,1)] void main() { o[0] = 7; }\n";
    let words = glslang_compile(HlslSource::Text(src), "cs_6_0", "main", &[]).unwrap();
    spirv_val(&words).unwrap();
    let e = glslang_compile(
        HlslSource::Text("void main() { undefined_thing(); }"),
        "cs_6_0",
        "main",
        &[],
    )
    .unwrap_err();
    assert!(e.contains("undefined_thing"), "{e}");
}

#[test]
fn tolerances_compare_as_documented() {
    let f = |v: f32| Expected {
        ty: Scalar::F32,
        bits: v.to_bits() as u64,
        check: Check::Value,
    };
    let exact = Tolerance::default();
    assert!(f(1.0).matches(1f32.to_bits() as u64, &exact));
    assert!(!f(1.0).matches(1.0000001f32.to_bits() as u64, &exact));
    assert!(
        !f(0.0).matches((-0.0f32).to_bits() as u64, &exact),
        "exact is bit-exact"
    );
    let ulp1 = Tolerance {
        ulp: Some(1),
        ..Default::default()
    };
    assert!(f(1.0).matches(1.0000001f32.to_bits() as u64, &ulp1));
    assert!(f(1.0).matches(0.99999994f32.to_bits() as u64, &ulp1));
    assert!(f(0.0).matches((-0.0f32).to_bits() as u64, &ulp1));
    assert!(!f(1.0).matches(1.0000002f32.to_bits() as u64, &ulp1));
    let rel = Tolerance {
        rel: Some(1e-3),
        ..Default::default()
    };
    assert!(f(1000.0).matches(1000.9f32.to_bits() as u64, &rel));
    assert!(!f(1000.0).matches(1001.1f32.to_bits() as u64, &rel));
    let abs = Tolerance {
        abs: Some(1e-6),
        ..Default::default()
    };
    assert!(f(0.0).matches(1e-7f32.to_bits() as u64, &abs));
    // NaN matches only `nan`; `nan` matches any NaN; `_` anything.
    assert!(!f(1.0).matches(f32::NAN.to_bits() as u64, &abs));
    let nan = Expected {
        check: Check::AnyNan,
        ..f(0.0)
    };
    assert!(nan.matches(0x7fc0_0001, &exact) && nan.matches(0xffc0_0000, &exact));
    assert!(!nan.matches(0x7f80_0000, &exact), "inf is not NaN");
    assert!(Expected {
        check: Check::Any,
        ..f(0.0)
    }
    .matches(12345, &exact));
}

// ---------------------------------------------------------------------------------------------
// Fixture parser

fn parse(src: &str) -> Result<Fixture, String> {
    Fixture::parse(Path::new("inline.hlsl"), src.to_string())
}

const GOOD: &str = "\
// A description line.
// exec: -T cs_6_0 -E main dispatch 2 1 1
// buffer t0 ro float4[1] = [1, 2, 3, 4]
// buffer u1 rw uint[4] = iota 10 2
// buffer u2 rw = u32 [1] f32 [0.5, -inf] u64 [0xFFFFFFFFFFFFFFFF]
// cbuffer b3 = f32 [1.0] u32 [7]
// texture t4 sampled 2darray r32float 2x2x3 mips 2 = 0
// sampler s5 linear wrap compare less
// expect u1 = [10, _, 14, 0x10]
// expect u2 ~ 2ulp abs 1e-6 = u32 [1] f32 [nan, -inf] u64 [_]
// peer-bug glslang: a reason
[numthreads(1, 1, 1)] void main() {}
";

#[test]
fn fixture_parses_every_directive() {
    let fx = parse(GOOD).unwrap();
    assert_eq!(fx.profile, "cs_6_0");
    assert!(matches!(fx.run, support::fixture::Run::Dispatch([2, 1, 1])));
    assert_eq!(fx.resources.len(), 6);
    assert_eq!(fx.expects.len(), 2);
    assert_eq!(fx.known_bug("glslang").unwrap().reason, "a reason");
    assert!(fx.description.contains("A description line."));
    let Resource::Storage { data, .. } = &fx.resources[1].resource else {
        panic!()
    };
    assert_eq!(bytes_to_u32(data), [10, 12, 14, 16]);
    let Resource::Storage { data, .. } = &fx.resources[2].resource else {
        panic!()
    };
    assert_eq!(data.len(), 4 + 8 + 8);
    let Resource::SampledTexture(t) = &fx.resources[4].resource else {
        panic!()
    };
    assert_eq!(
        (t.depth_or_layers, t.mip_levels, t.data.len()),
        (3, 2, (4 + 1) * 3 * 4)
    );
    let e = &fx.expects[0];
    assert_eq!(e.values[1].check, Check::Any);
    assert_eq!(fx.expects[1].values[1].check, Check::AnyNan);
    assert_eq!(fx.expects[1].tolerance.ulp, Some(2));
    let b = fx.bindings();
    assert_eq!((b[0].group, b[0].binding, b[3].binding), (0, 0, 3));
}

#[test]
fn fixture_errors_name_the_problem() {
    let cases: &[(&str, &str)] = &[
        ("// exec: dispatch 1 1 1\n// buffer u0 rw uint[2] = [1]\n// expect u0 = 0\n", "1 values listed"),
        ("// exec: dispatch 1 1 1\n// buffer u0 rw uint[1] = [-1]\n// expect u0 = 0\n", "out of range"),
        ("// exec: dispatch 1 1 1\n// buffer u0 rw uint[1] = 0\n", "no `// expect` line"),
        ("// exec: dispatch 1 1 1\n// buffer u0 rw uint[1] = 0\n// buffer u1 rw uint[1] = 0\n// expect u0 = 0\n", "u1 has no `expect`"),
        ("// exec: dispatch 1 1 1\n// buffer u0 rw uint[1] = 0\n// buffer t0 ro uint[1] = 0\n// expect u0 = 0\n", "same @group(0) @binding(0)"),
        ("// exec: dispatch 1 1 1\n// buffer u0 rw uint[1] = 0\n// expect u0 ~ 2ulp = 0\n", "integers are compared bit-exactly"),
        ("// exec: dispatch 1 1 1\n// buffer u0 rw uint[1] = _\n// expect u0 = 0\n", "only goes in expectations"),
        ("// exec: dispatch 1 1 1\n// buffer t0 ro uint[1] = 0\n// expect t0 = 0\n", "not writable"),
        ("// exec: dispatch 1 1 1\n// buffer u0 rw uint[1] = 0\n// expect u0 = f32 [1, 2]\n", "describes 8 bytes"),
        ("// buffer u0 rw uint[1] = 0\n// expect u0 = 0\n", "no `// exec:` line"),
        ("// exec: -T ps_6_0 dispatch 1 1 1\n// buffer u0 rw uint[1] = 0\n// expect u0 = 0\n", "needs a cs_* profile"),
        ("// exec: dispatch 1 1 1\n// buffer of doom\n// buffer u0 rw uint[1] = 0\n// expect u0 = 0\n", "reword it if it is prose"),
        ("// exec: dispatch 1 1 1\n// buffer u0 rw uint[2] = [1,\n", "unclosed"),
        ("// exec: dispatch 1 1 1\n// buffer u0 rw = u32 [1]\n//   u32 [2]\n// expect u0 = u32 [1, 2]\n", "typed values outside a directive"),
        ("// exec: dispatch 1 1 1\n// requires warp-drive\n// buffer u0 rw uint[1] = 0\n// expect u0 = 0\n", "unknown requirement"),
    ];
    for (src, want) in cases {
        let e = parse(src).expect_err(src);
        assert!(
            e.contains(want),
            "for\n{src}\nexpected an error containing `{want}`, got: {e}"
        );
    }
}

#[test]
fn fixture_lists_continue_across_lines() {
    let fx = parse("// exec: dispatch 1 1 1\n// buffer u0 rw uint[4] = 0\n// expect u0 = [1,\n//   2, 3,\n//   4]\n").unwrap();
    assert_eq!(
        fx.expects[0]
            .values
            .iter()
            .map(|v| v.bits)
            .collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
}

// ---------------------------------------------------------------------------------------------
// Runner verdicts

struct TempDir(PathBuf);

impl TempDir {
    fn new(files: &[(&str, &str)]) -> TempDir {
        use std::sync::atomic::{AtomicU32, Ordering};
        static N: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "hlslc-selftest-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        for (name, text) in files {
            std::fs::write(dir.join(name), text).unwrap();
        }
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const SEVEN: &str = "\
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[1] = 0
// expect u0 = [EXPECTED]
MARKER
RWStructuredBuffer<uint> o : register(u0);
[numthreads(1, 1, 1)] void main() { o[0] = 7; }
";

fn glslang(fx: &Fixture, stage: &Stage, _: Target) -> Result<Shader, String> {
    glslang_compile(
        HlslSource::Path(&fx.path),
        &stage.profile,
        &stage.entry,
        &[],
    )
    .map(Shader::SpirV)
}

#[test]
fn runner_verdicts() {
    let Some(_) = gpu::gpu() else { return };
    let dir = TempDir::new(&[
        (
            "a_pass.hlsl",
            &SEVEN.replace("EXPECTED", "7").replace("MARKER", ""),
        ),
        (
            "b_wrong.hlsl",
            &SEVEN.replace("EXPECTED", "8").replace("MARKER", ""),
        ),
        (
            "c_stale_marker.hlsl",
            &SEVEN
                .replace("EXPECTED", "7")
                .replace("MARKER", "// peer-bug glslang: fixed long ago"),
        ),
        (
            "d_known.hlsl",
            &SEVEN
                .replace("EXPECTED", "8")
                .replace("MARKER", "// peer-bug glslang: writes 7"),
        ),
        (
            "e_no_compile.hlsl",
            &SEVEN
                .replace("EXPECTED", "7")
                .replace("MARKER", "")
                .replace("o[0] = 7;", "o[0] = nope;"),
        ),
        (
            "f_bad_header.hlsl",
            "// exec: dispatch 1 1 1\n// buffer u0 rw uint[1] = 0\n",
        ),
    ]);
    let results = run_fixtures(
        &dir.0,
        &Compiler {
            name: "glslang",
            target: Target::SpirV,
            compile: &glslang,
        },
    )
    .unwrap();
    let verdict = |name: &str| &results.iter().find(|(n, _)| n == name).unwrap().1;
    assert!(
        matches!(verdict("a_pass"), Outcome::Pass),
        "{:?}",
        verdict("a_pass")
    );
    match verdict("b_wrong") {
        Outcome::Fail(msg) => {
            assert!(
                msg.contains("8 (0x00000008)") && msg.contains("7 (0x00000007)"),
                "{msg}"
            );
            assert!(
                msg.contains("OpEntryPoint"),
                "failures show the generated code: {msg}"
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(
        matches!(verdict("c_stale_marker"), Outcome::UnexpectedPass(_)),
        "{:?}",
        verdict("c_stale_marker")
    );
    assert!(
        matches!(verdict("d_known"), Outcome::KnownBug { .. }),
        "{:?}",
        verdict("d_known")
    );
    assert!(
        matches!(verdict("e_no_compile"), Outcome::Fail(m) if m.contains("failed to compile")),
        "{:?}",
        verdict("e_no_compile")
    );
    assert!(
        matches!(verdict("f_bad_header"), Outcome::Fail(m) if m.contains("does not parse")),
        "{:?}",
        verdict("f_bad_header")
    );
}

/// A compiler that returns WGSL goes through naga validation and the WGSL pipeline path;
/// the layout follows the shader's declared access (`read` for a `u` register is fine).
#[test]
fn runner_accepts_a_wgsl_compiler() {
    let Some(_) = gpu::gpu() else { return };
    let dir = TempDir::new(&[(
        "wgsl.hlsl",
        "// exec: -T cs_6_0 -E main dispatch 1 1 1\n\
         // buffer u3 rw uint[2] = [5, 0]\n\
         // buffer u4 rw uint[1] = [9]\n\
         // expect u3 = [5, 10]\n\
         // expect u4 = [9]\n",
    )]);
    let wgsl = "@group(0) @binding(3) var<storage, read_write> a: array<u32>;\n\
                @group(0) @binding(4) var<storage, read> b: array<u32>;\n\
                @compute @workgroup_size(1) fn main() { a[1] = a[0] * 2u + b[0] * 0u; }\n";
    let compile = |_: &Fixture, _: &Stage, t: Target| -> Result<Shader, String> {
        assert_eq!(t, Target::Wgsl);
        Ok(Shader::Wgsl(wgsl.into()))
    };
    let results = run_fixtures(
        &dir.0,
        &Compiler {
            name: "handwritten",
            target: Target::Wgsl,
            compile: &compile,
        },
    )
    .unwrap();
    // u4 is declared `read` by the shader, so it is not read back: its expect fails loudly.
    match &results[0].1 {
        Outcome::Fail(m) => assert!(m.contains("nothing was read back for u4"), "{m}"),
        other => panic!("{other:?}"),
    }
    let wgsl_ok = "@group(0) @binding(3) var<storage, read_write> a: array<u32>;\n\
                   @group(0) @binding(4) var<storage, read_write> b: array<u32>;\n\
                   @compute @workgroup_size(1) fn main() { a[1] = a[0] * 2u; b[0] = b[0]; }\n";
    let compile_ok = |_: &Fixture, _: &Stage, _: Target| -> Result<Shader, String> {
        Ok(Shader::Wgsl(wgsl_ok.into()))
    };
    let results = run_fixtures(
        &dir.0,
        &Compiler {
            name: "handwritten",
            target: Target::Wgsl,
            compile: &compile_ok,
        },
    )
    .unwrap();
    assert!(matches!(results[0].1, Outcome::Pass), "{:?}", results[0].1);
}
