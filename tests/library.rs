//! The library API an engine uses: [`hlslc::Compiler`] (include cache, `compile_many`),
//! structured diagnostics, the GPU features a shader needs, bind group layouts from
//! reflection (checked on the device through the wgpu glue), and the build-script helper's
//! cargo directives for warnings and errors.

mod support;

use hlslc::binding_layout::{BindGroupLayouts, EntryType, SampleKind, StorageTextureAccess, ViewDimension};
use hlslc::{Compiler, Job, MemoryResolver, Options, Source};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// A resolver serving one include and counting how often each path is loaded.
struct Counting {
    files: MemoryResolver,
    loads: Arc<AtomicUsize>,
}

impl hlslc::IncludeResolver for Counting {
    fn load(&mut self, path: &str) -> Result<Option<(String, Arc<str>)>, String> {
        self.loads.fetch_add(1, Ordering::SeqCst);
        self.files.load(path)
    }
}

const UBER: &str = r#"
#include "common.hlsli"
RWStructuredBuffer<uint> output : register(u0);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { output[id.x] = id.x * SCALE + VARIANT; }
"#;

#[test]
fn compile_many_reads_each_include_once_and_matches_single_compiles_in_order() {
    let loads = Arc::new(AtomicUsize::new(0));
    let files = MemoryResolver::new().with_file("common.hlsli", "#define SCALE 3\n");
    let compiler = Compiler::with_resolver(Counting { files, loads: loads.clone() });
    let source = Source::new("uber.hlsl", UBER);
    let mut jobs: Vec<Job> = (0..24).map(|v| Job::new(source.clone(), Options::new("cs_6_0").define("VARIANT", Some(&v.to_string())))).collect();
    // A failing permutation in the middle keeps its place.
    jobs[11] = Job::new(source.clone(), Options::new("cs_6_0").define("VARIANT", Some("undeclared_name")));
    let results = compiler.compile_many(&jobs);
    assert_eq!(loads.load(Ordering::SeqCst), 1, "the include is read once for 24 compilations");
    assert_eq!(compiler.cached_files(), 1);
    assert_eq!(results.len(), jobs.len());
    for (i, (job, result)) in jobs.iter().zip(&results).enumerate() {
        let alone = hlslc::compile_with(&job.source, &job.options, &mut MemoryResolver::new().with_file("common.hlsli", "#define SCALE 3\n"));
        match (result, alone) {
            (Ok(a), Ok(b)) => {
                let wgsl = a.wgsl().unwrap();
                assert_eq!(wgsl, b.wgsl().unwrap(), "job {i}");
                assert!(wgsl.contains(&format!("{i}u")), "job {i} has its own VARIANT:\n{wgsl}");
            }
            (Err(a), Err(b)) => {
                assert_eq!(i, 11);
                assert_eq!(a.render(), b.render());
            }
            (a, b) => panic!("job {i}: batch {:?} vs alone {:?}", a.is_ok(), b.is_ok()),
        }
    }
    // Hot reload: an invalidated file is read again.
    compiler.invalidate("common.hlsli");
    compiler.compile(&source, &Options::new("cs_6_0").define("VARIANT", Some("1"))).unwrap();
    assert_eq!(loads.load(Ordering::SeqCst), 2);
}

#[test]
fn diagnostics_are_available_with_files_lines_and_columns() {
    let includes = MemoryResolver::new().with_file("helpers.hlsli", "// helpers\nfloat twice(float x) { return x * missing; }\n");
    let compiler = Compiler::with_resolver(includes);
    let source = Source::new("main.hlsl", "#include \"helpers.hlsli\"\n[numthreads(1, 1, 1)]\nvoid main() {}\n");
    let error = compiler.compile(&source, &Options::new("cs_6_0")).unwrap_err();
    let located = error.located();
    assert_eq!(located.len(), 1, "{}", error.render());
    let d = &located[0];
    assert_eq!(d.severity, hlslc::Severity::Error);
    assert!(d.code.starts_with('E'), "{}", d.code);
    let at = d.location.as_ref().expect("a location");
    assert_eq!((at.file.as_str(), at.line, at.column), ("helpers.hlsli", 2, 35));
    assert_eq!(&"// helpers\nfloat twice(float x) { return x * missing; }\n"[at.byte_range.clone()], "missing");
    assert!(d.notes.iter().any(|n| n == "included from main.hlsl:1:1" || n.starts_with("included from main.hlsl:1:")), "{:?}", d.notes);
    assert_eq!(d.to_string(), format!("helpers.hlsli:2:35: error[{}]: {}", d.code, d.message));
    // The rendered form says the same.
    assert!(error.render().contains(&d.message));

    // Warnings of a successful compilation, located too.
    let ok = hlslc::compile(&Source::new("w.hlsl", "float k = 1;\nRWStructuredBuffer<float> o : register(u0);\n[numthreads(1, 1, 1)]\nvoid main() { o[0] = k; }\n"), &Options::new("cs_6_0")).unwrap();
    let warnings = ok.located_diagnostics();
    assert!(!warnings.is_empty());
    assert!(warnings.iter().all(|w| w.severity == hlslc::Severity::Warning && w.warning_name.is_some()), "{warnings:?}");
    assert_eq!(warnings[0].location.as_ref().map(|p| (p.file.as_str(), p.line)), Some(("w.hlsl", 1)));
}

#[test]
fn required_features_follow_what_the_shader_uses() {
    let features = |src: &str, options: Options| hlslc::wgpu::features(&hlslc::compile(&Source::new("f.hlsl", src), &options).unwrap_or_else(|e| panic!("{}", e.render())));
    let plain = "RWStructuredBuffer<uint> o : register(u0);\n[numthreads(1, 1, 1)]\nvoid main() { o[0] = 1; }\n";
    assert_eq!(features(plain, Options::new("cs_6_0")), wgpu::Features::empty());
    let half = "RWStructuredBuffer<float> o : register(u0);\n[numthreads(1, 1, 1)]\nvoid main() { half h = 1.5; o[0] = h * h; }\n";
    assert_eq!(features(half, Options::new("cs_6_2").enable_16bit_types(true)), wgpu::Features::SHADER_F16);
    assert_eq!(features(half, Options::new("cs_6_2")), wgpu::Features::empty(), "half is 32-bit without -enable-16bit-types");
    let wave = "RWStructuredBuffer<uint> o : register(u0);\n[numthreads(32, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) { o[id.x] = WaveActiveSum(id.x); }\n";
    assert!(features(wave, Options::new("cs_6_0")).contains(wgpu::Features::SUBGROUP));
    let int64 = "RWStructuredBuffer<uint> o : register(u0);\n[numthreads(1, 1, 1)]\nvoid main() { uint64_t x = 1; x <<= 40; o[0] = uint(x >> 38); }\n";
    assert_eq!(features(int64, Options::new("cs_6_0")), wgpu::Features::SHADER_INT64);
    // Arrays of buffers; an index naga's uniformity analysis cannot prove uniform (as wgpu's
    // validator sees it: anything loaded from a variable) adds the non-uniform indexing
    // feature, a constant does not.
    let arrays = |index: &str| {
        format!("StructuredBuffer<uint> b[4] : register(t0);\nRWStructuredBuffer<uint> o : register(u0);\n[numthreads(4, 1, 1)]\nvoid main(uint t : SV_GroupIndex) {{ o[t] = b[{index}][0]; }}\n")
    };
    let arrays_only = wgpu::Features::BUFFER_BINDING_ARRAY | wgpu::Features::STORAGE_RESOURCE_BINDING_ARRAY;
    assert_eq!(features(&arrays("2"), Options::new("cs_6_0")), arrays_only);
    assert_eq!(
        features(&arrays("NonUniformResourceIndex(t)"), Options::new("cs_6_0")),
        arrays_only | wgpu::Features::SAMPLED_TEXTURE_AND_STORAGE_BUFFER_ARRAY_NON_UNIFORM_INDEXING
    );
}

const PIXEL: &str = r#"
cbuffer Frame : register(b0) { float4x4 world; float3 tint; };
Texture2D<float4> albedo : register(t0);
Texture2D<uint> ids : register(t1);
TextureCube<float4> sky : register(t2);
Texture2DMS<float4> msaa : register(t3);
Texture2D<float> shadow : register(t4);
StructuredBuffer<float3> points : register(t5);
SamplerState linearSampler : register(s0);
SamplerComparisonState shadowSampler : register(s1);
RWTexture2D<float4> trace : register(u1);
RWByteAddressBuffer counters : register(u2);

float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target0
{
    float4 c = albedo.Sample(linearSampler, uv) + sky.Sample(linearSampler, float3(uv, 1));
    c += msaa.Load(int2(pos.xy), 1) + float(ids.Load(int3(pos.xy, 0)));
    c *= shadow.SampleCmp(shadowSampler, uv, 0.5);
    c.xyz += points[0] * tint + mul(world, c).xyz;
    trace[uint2(pos.xy)] = c;
    counters.InterlockedAdd(0, 1);
    return c;
}
"#;

const VERTEX: &str = r#"
cbuffer Frame : register(b0) { float4x4 world; float3 tint; };
float4 main(float3 p : POSITION) : SV_Position { return mul(world, float4(p * tint, 1)); }
"#;

#[test]
fn bind_group_layouts_follow_reflection_and_merge_stages() {
    let ps = hlslc::compile(&Source::new("ps.hlsl", PIXEL), &Options::new("ps_6_0")).unwrap_or_else(|e| panic!("{}", e.render()));
    let vs = hlslc::compile(&Source::new("vs.hlsl", VERTEX), &Options::new("vs_6_0")).unwrap_or_else(|e| panic!("{}", e.render()));
    let layouts = BindGroupLayouts::of(&ps).unwrap();
    assert_eq!(layouts.group_count(), 1);
    let entry = |name: &str| layouts.groups[0].iter().find(|e| e.name == name).unwrap_or_else(|| panic!("no entry {name}: {layouts:?}")).clone();
    let texture = |sample, dimension, multisampled| EntryType::SampledTexture { sample, dimension, multisampled };
    // class-shift bindings: b → 0 + N, t → 250 + N, s → 500 + N, u → 750 + N.
    let expected = [
        ("Frame", 0, EntryType::UniformBuffer { min_binding_size: 80 }),
        ("albedo", 250, texture(SampleKind::Float, ViewDimension::D2, false)),
        ("ids", 251, texture(SampleKind::Uint, ViewDimension::D2, false)),
        ("sky", 252, texture(SampleKind::Float, ViewDimension::Cube, false)),
        ("msaa", 253, texture(SampleKind::Float, ViewDimension::D2, true)),
        ("shadow", 254, texture(SampleKind::Depth, ViewDimension::D2, false)),
        ("points", 255, EntryType::StorageBuffer { read_only: true, min_binding_size: 12 }),
        ("linearSampler", 500, EntryType::Sampler { comparison: false }),
        ("shadowSampler", 501, EntryType::Sampler { comparison: true }),
        ("trace", 751, EntryType::StorageTexture { access: StorageTextureAccess::ReadWrite, format: naga::StorageFormat::Rgba32Float, dimension: ViewDimension::D2 }),
        ("counters", 752, EntryType::StorageBuffer { read_only: false, min_binding_size: 4 }),
    ];
    for (name, binding, ty) in &expected {
        let e = entry(name);
        assert_eq!((e.binding, &e.ty), (*binding, ty), "{name}");
        assert!(e.visibility.fragment && !e.visibility.vertex && !e.visibility.compute, "{name}: {:?}", e.visibility);
    }
    assert_eq!(layouts.groups[0].len(), expected.len());
    let bindings: Vec<u32> = layouts.groups[0].iter().map(|e| e.binding).collect();
    assert!(bindings.windows(2).all(|w| w[0] < w[1]), "sorted by binding: {bindings:?}");

    // The vertex shader's `Frame` is the same buffer: merged, visible to both stages.
    let mut merged = BindGroupLayouts::of(&vs).unwrap();
    merged.merge(&layouts).unwrap();
    let frame = merged.groups[0].iter().find(|e| e.name == "Frame").unwrap();
    assert!(frame.visibility.vertex && frame.visibility.fragment);
    assert_eq!(merged.groups[0].len(), expected.len());

    // wgpu accepts the layouts on the device.
    let Some(gpu) = support::gpu::gpu() else { return };
    let scope = gpu.device.push_error_scope(wgpu::ErrorFilter::Validation);
    let layout = hlslc::wgpu::PipelineLayout::new(&gpu.device, &[&vs, &ps]);
    let error = pollster::block_on(scope.pop());
    assert!(error.is_none(), "{error:?}");
    layout.unwrap();
}

/// The hidden parameters of a feedback map sit at binding `1000 + N` under the default policy:
/// past WebGPU's default limit of 1000 bindings per group (lavapipe offers 1024 when asked).
#[test]
fn layouts_past_the_device_binding_limit_are_an_error_naming_the_binding() {
    let source = Source::new(
        "fb.hlsl",
        r#"
Texture2D<float4> tex : register(t0);
SamplerState s : register(s0);
FeedbackTexture2D<SAMPLER_FEEDBACK_MIN_MIP> fb : register(u0);
[numthreads(1, 1, 1)]
void main() { fb.WriteSamplerFeedbackLevel(tex, s, float2(0.5, 0.5), 1.0); }
"#,
    );
    let class_shift = hlslc::compile(&source, &Options::new("cs_6_5")).unwrap_or_else(|e| panic!("{}", e.render()));
    let mut options = Options::new("cs_6_5");
    options.binding_policy = hlslc::BindingPolicy::Compact;
    let compact = hlslc::compile(&source, &options).unwrap_or_else(|e| panic!("{}", e.render()));
    let Some(gpu) = support::gpu::gpu() else { return };
    // A device with wgpu's default limits, as a user who does not ask for more gets.
    let (device, _queue) = pollster::block_on(gpu.adapter.request_device(&wgpu::DeviceDescriptor::default())).expect("a device with default limits");
    assert_eq!(device.limits().max_bindings_per_bind_group, 1000);
    let error = hlslc::wgpu::PipelineLayout::new(&device, &[&class_shift]).unwrap_err();
    assert_eq!(
        error.message,
        "`fb.params` is at binding 1000 of group 0, past the device's limit of 1000 bindings per group; request the adapter's limits or compile with the compact binding policy"
    );
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let layout = hlslc::wgpu::PipelineLayout::new(&device, &[&compact]);
    assert!(pollster::block_on(scope.pop()).is_none());
    let bindings: Vec<(String, u32)> = layout.unwrap().layouts.groups[0].iter().map(|e| (e.name.clone(), e.binding)).collect();
    assert_eq!(bindings.iter().map(|(_, b)| *b).collect::<Vec<_>>(), [0, 1, 2, 3], "{bindings:?}");
}

#[test]
fn build_helper_turns_warnings_and_errors_into_cargo_directives() {
    let dir = std::env::temp_dir().join(format!("hlslc-build-helper-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    std::fs::write(dir.join("inc/k.hlsli"), "float k = 2;\n").unwrap();
    std::fs::write(dir.join("warn.hlsl"), "#include \"inc/k.hlsli\"\nRWStructuredBuffer<float> o : register(u0);\n[numthreads(1, 1, 1)]\nvoid main() { o[0] = k; }\n").unwrap();
    std::fs::write(dir.join("bad.hlsl"), "[numthreads(1, 1, 1)]\nvoid main() { nope(); }\n").unwrap();
    let shader = |f: &str| hlslc::build::Shader::new(dir.join(f), "cs_6_0");

    let out = hlslc::build::Build::new().out_dir(dir.join("out")).shader(shader("warn.hlsl")).compile().unwrap();
    let rerun: Vec<&str> = out.directives.iter().filter_map(|d| d.strip_prefix("cargo:rerun-if-changed=")).collect();
    assert!(rerun.iter().any(|p| p.ends_with("warn.hlsl")) && rerun.iter().any(|p| p.ends_with("k.hlsli")), "{rerun:?}");
    assert!(out.directives.contains(&"cargo:rerun-if-env-changed=HLSLC_DEFINES".to_string()));
    let warnings: Vec<&str> = out.directives.iter().filter_map(|d| d.strip_prefix("cargo:warning=")).collect();
    assert!(warnings.iter().any(|w| w.starts_with("warning[")), "{warnings:?}");
    assert!(warnings.iter().any(|w| w.contains("k.hlsli:1:")), "the warning points into the include: {warnings:?}");
    let generated = std::fs::read_to_string(&out.module).unwrap();
    assert!(generated.contains("pub mod warn {"), "{generated}");

    let err = hlslc::build::Build::new().out_dir(dir.join("out2")).shader(shader("warn.hlsl")).shader(shader("bad.hlsl")).compile().unwrap_err();
    assert!(err.message.contains("error[") && err.message.contains("nope"), "{}", err.message);
    assert!(err.directives.iter().any(|d| d.starts_with("cargo:rerun-if-changed=") && d.ends_with("bad.hlsl")), "{:?}", err.directives);
    assert!(!dir.join("out2/hlslc.rs").exists(), "no module is written when a shader fails");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_error_a_spirv_pass_finds_in_the_program_is_a_diagnostic_not_an_internal_error() {
    // The attribute is read from a local written twice: only the SPIR-V pass that traces it
    // back to an input sees that (E0732, DXC's error after inlining).
    let text = "float4 main(float2 uv : TEXCOORD) : SV_Target {\n    float2 moved = uv;\n    moved += 1.0;\n    return float4(EvaluateAttributeCentroid(moved), 0.0, 1.0);\n}\n";
    let options = Options { target: hlslc::Target::SpirV, profile: Some("ps_6_0".into()), entry_point: "main".into(), ..Default::default() };
    let compiled = hlslc::compile(&Source::new("untraced.hlsl".to_string(), text.to_string()), &options).unwrap_or_else(|e| panic!("{}", e.render()));
    let e = compiled.spirv().expect_err("the attribute does not come from an input");
    let rendered = e.render();
    assert!(rendered.contains("error[E0732]: `EvaluateAttributeCentroid`: the attribute is read from a variable written more than once"), "{rendered}");
    assert!(!rendered.contains("bug in hlslc"), "{rendered}");
}

#[test]
fn the_position_passed_through_a_local_cannot_be_evaluated() {
    // Sema rejects `EvaluateAttributeCentroid(pos)` (E0731); through a local, the SPIR-V pass
    // finds the `FragCoord` built-in behind it and reports the same.
    let text = "float4 main(float4 pos : SV_Position) : SV_Target {\n    float4 p = pos;\n    return EvaluateAttributeCentroid(p);\n}\n";
    let options = Options { target: hlslc::Target::SpirV, profile: Some("ps_6_0".into()), entry_point: "main".into(), ..Default::default() };
    let compiled = hlslc::compile(&Source::new("position.hlsl".to_string(), text.to_string()), &options).unwrap_or_else(|e| panic!("{}", e.render()));
    let rendered = compiled.spirv().expect_err("the position is no attribute").render();
    assert!(rendered.contains("error[E0731]: `EvaluateAttributeCentroid` cannot evaluate the system value `SV_Position`"), "{rendered}");
}

/// Adversarial text where the library reads names and numbers out of the source: semantics,
/// registers and spaces, `packoffset`, attribute and `[[vk::…]]` arguments, pragmas, `#line`
/// and `#include` names, literals, with non-ASCII characters (`é`, `𝕖`, CJK, combining marks,
/// right-to-left override), tabs, CRLF, NUL, empty and very long values. Each compiles or
/// fails with coded diagnostics (rendered, plain and coloured, and located), never an internal
/// error: `packoffset(c268435455.w)` and `register(c4294967295)` overflowed the constant
/// buffer's 32-bit offsets (E9901), `out vertices` in a vertex shader skipped the signature
/// checks and made an invalid module (E9901), and `-fvk-bind-register é0 …` panicked.
#[test]
fn adversarial_names_and_numbers_are_diagnosed_never_an_internal_error() {
    let long = "9".repeat(300);
    let body = "RWStructuredBuffer<float> o;\n[numthreads(1, 1, 1)]\nvoid main() { o[0] = 1; }\n";
    let mut sources: Vec<(&str, String)> = Vec::new();
    for reg in ["é0", "u0, spaceé", "u0, space", "u0, space99999999999", ", space1", "u", "u-1", "u0.5", "u4294967295", &format!("u{long}"), "漢0", ""] {
        sources.push(("cs_6_0", format!("RWStructuredBuffer<float> o : register({reg});\n[numthreads(1, 1, 1)]\nvoid main() {{ o[0] = 1; }}\n")));
    }
    for pack in ["c268435455.w", "c4294967295", "c67108864", "c0.é", "é0", "c0.q", "c", "", &format!("c{long}")] {
        sources.push(("cs_6_0", format!("cbuffer C {{ float x : packoffset({pack}); }};\nRWStructuredBuffer<float> o;\n[numthreads(1, 1, 1)]\nvoid main() {{ o[0] = x; }}\n")));
    }
    for global in ["c268435455", "c4294967295", "c67108864"] {
        sources.push(("cs_6_0", format!("float x : register({global});\nRWStructuredBuffer<float> o;\n[numthreads(1, 1, 1)]\nvoid main() {{ o[0] = x; }}\n")));
    }
    for semantic in ["é", "SV_é", "TEXCOORD4294967296", "SV_Target99999999999999", "A\u{303}", "\u{202e}A", "_"] {
        sources.push(("ps_6_0", format!("float4 main(float4 p : {semantic}) : SV_Target {{ return p; }}\n")));
    }
    for attr in ["numthreads(é, 1, 1)", "numthreads(4294967296, 1, 1)", "numthreads(-1, 1, 1)", "numthreads(\"é\", 1, 1)", "WaveSize(99999999999)", "é(1)", "[vk::binding(é)]", "[vk::binding(4294967296)]", "[vk::é]", "[vk::ext_extension(\"é\")]"] {
        sources.push(("cs_6_6", format!("RWStructuredBuffer<float> o;\n[{attr}] [numthreads(1, 1, 1)]\nvoid main() {{ o[0] = 1; }}\n")));
    }
    for directive in [
        "#pragma é", "#pragma warning(disable: é)", "#pragma warning(disable: 99999999999999)", "#pragma pack_matrix(é)", "#pragma message(\"é\")",
        "#pragma clang diagnostic ignored \"-Wé\"", "#line 5 \"é.hlsl\"", "#line é", "#line 99999999999999999999", "#line 1 \"\"", "#line 1 \"\u{202e}漢\"",
        "#include \"é.h\"", "#include <𝕖>", "#include \"\"", "#define é 1", "#é", "#if 'é'\n#endif", "#if 1é\n#endif", "#error é\t漢",
    ] {
        sources.push(("cs_6_0", format!("{directive}\n{body}")));
    }
    for text in ["1.0é", "0xé", "'é'", "\"é\"", "𝕖", "\t漢字\t", "x\u{303}", "\u{0}", &long, &format!("1e{long}"), &format!("0x{long}")] {
        sources.push(("cs_6_0", format!("RWStructuredBuffer<float> o;\n[numthreads(1, 1, 1)]\nvoid main() {{\r\n\to[0] = {text};\r\n}}\r\n")));
    }
    sources.push(("vs_6_6", "struct V { float4 p : SV_Position; };\nvoid main(out vertices V v[3], out indices uint3 t[1]) {}\n".to_string()));
    let mut internal = Vec::new();
    for (profile, text) in &sources {
        let result = hlslc::compile(&Source::new("adversarial_é.hlsl", text.as_str()), &Options::new(profile));
        let (diagnostics, rendered) = match &result {
            Ok(c) => (c.located_diagnostics(), String::new()),
            Err(e) => (e.located(), format!("{}{}", e.render(), e.render_colored(true))),
        };
        if diagnostics.iter().any(|d| d.code.starts_with("E99") || d.code.is_empty()) || (result.is_err() && diagnostics.is_empty()) {
            internal.push(format!("{text}\n{rendered}"));
        }
    }
    // `-fvk-bind-register` with a register whose first character takes several bytes.
    let mut options = Options::new("cs_6_0");
    assert_eq!(options.dxc_arg(&["-fvk-bind-register", "é0", "0", "0", "0"]), Some(5));
    let e = hlslc::compile(&Source::new("bind.hlsl", body), &options).expect_err("an invalid register");
    assert!(e.render().contains("invalid `-fvk-bind-register` register `é0`"), "{}", e.render());
    assert!(internal.is_empty(), "{} of {} inputs gave internal errors:\n{}", internal.len(), sources.len(), internal.join("\n"));
}
