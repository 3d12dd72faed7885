//! "Feature absent → module unchanged" for the texture polyfills of lowering (the SPIR-V
//! post-pass `sample_compare_lod` has its own unit test): a shader that does not use a
//! polyfilled feature compiles to exactly the module it compiles to without the polyfill's
//! machinery — the same WGSL and SPIR-V as its native spelling, with or without the opt-in
//! flag, with or without an unused declaration or include.

fn compile(source: &str, profile: &str, target: hlslc::Target, ms_buffer: bool) -> (String, Vec<String>) {
    let mut options = hlslc::Options::new(profile);
    options.target = target;
    if ms_buffer {
        options.rwtexture_ms_buffer = Some(hlslc::MsBufferLayout::PixelMajor);
    }
    let compiled = hlslc::compile(&hlslc::Source::new("absent.hlsl", source), &options).unwrap_or_else(|e| panic!("{}\n{source}", e.render()));
    let text = match target {
        hlslc::Target::Wgsl => compiled.wgsl().unwrap_or_else(|e| panic!("{}", e.render())),
        hlslc::Target::SpirV => format!("{:?}", compiled.spirv().unwrap_or_else(|e| panic!("{}", e.render()))),
    };
    let bindings = compiled.reflection().bindings.iter().map(|b| format!("{} {} {} {}", b.name, b.group, b.binding, b.kind)).collect();
    (text, bindings)
}

/// Both targets: `a` and `b` compile to the same module and bindings.
fn assert_same(a: &str, b: &str, profile: &str, what: &str) {
    for target in [hlslc::Target::Wgsl, hlslc::Target::SpirV] {
        let (x, y) = (compile(a, profile, target, false), compile(b, profile, target, false));
        assert_eq!(x, y, "{what} ({target:?})");
    }
}

const BASE: &str = r#"
Texture2D<float4> tex : register(t0);
Texture2D<float> depth : register(t1);
Texture2D<uint> ids : register(t2);
SamplerState s : register(s0);
SamplerComparisonState cmp : register(s1);
RWStructuredBuffer<float4> result : register(u0);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float2 uv = id.xy / 8.0;
  result[id.x] = tex.SampleLevel(s, uv, 1.5, int2(1, -2)) + tex.Gather(s, uv, int2(-8, 7))
               + depth.SampleCmpLevelZero(cmp, uv, 0.5) + tex.Load(int3(id.xy, 0), int2(3, 3)) + ids.Load(int3(id.xy, 0));
}
"#;

#[test]
fn sample_cmp_level_at_constant_zero_is_the_native_level_zero_compare() {
    let level = BASE.replace("depth.SampleCmpLevelZero(cmp, uv, 0.5)", "depth.SampleCmpLevel(cmp, uv, 0.5, 0.0)");
    assert_ne!(level, BASE);
    // The same WGSL up to expression numbering (the level argument is one more expression).
    let numbered = |t: &str| {
        let mut out = String::new();
        let mut rest = t;
        while let Some(i) = rest.find("_e") {
            out.push_str(&rest[..i + 2]);
            rest = rest[i + 2..].trim_start_matches(|c: char| c.is_ascii_digit());
        }
        out + rest
    };
    let (a, b) = (compile(&level, "cs_6_7", hlslc::Target::Wgsl, false), compile(BASE, "cs_6_7", hlslc::Target::Wgsl, false));
    assert_eq!((numbered(&a.0), a.1), (numbered(&b.0), b.1), "SampleCmpLevel(…, 0) is SampleCmpLevelZero");
    assert!(a.0.contains("textureSampleCompareLevel(depth, cmp, "), "{}", a.0);
}

#[test]
fn constant_offsets_and_float_textures_take_the_native_path() {
    let (wgsl, _) = compile(BASE, "cs_6_7", hlslc::Target::Wgsl, false);
    assert!(!wgsl.contains("switch"), "no offset dispatch:\n{wgsl}");
    assert!(wgsl.contains("textureSampleLevel(tex, s, ") && wgsl.contains("vec2<i32>(1i, -2i)"), "native offset sample:\n{wgsl}");
    assert!(wgsl.contains("textureGather(0, tex, s, ") && wgsl.contains("vec2<i32>(-8i, 7i)"), "native offset gather:\n{wgsl}");
    assert!(!wgsl.contains("textureNumLevels") && !wgsl.contains("var<private>") && !wgsl.contains("atomic"), "no polyfill helpers:\n{wgsl}");
}

#[test]
fn rwtexture_ms_buffer_option_without_the_texture_changes_nothing() {
    for target in [hlslc::Target::Wgsl, hlslc::Target::SpirV] {
        assert_eq!(compile(BASE, "cs_6_7", target, false), compile(BASE, "cs_6_7", target, true), "{target:?}");
    }
}

#[test]
fn unused_feedback_map_changes_nothing() {
    let with = BASE.replace("RWStructuredBuffer<float4> result", "FeedbackTexture2D<SAMPLER_FEEDBACK_MIN_MIP> unused : register(u5);\nRWStructuredBuffer<float4> result");
    assert_ne!(with, BASE);
    assert_same(&with, BASE, "cs_6_7", "an unused feedback map");
}

#[test]
fn unused_dxgi_format_include_changes_nothing() {
    let with = format!("#include \"D3DX_DXGIFormatConvert.inl\"\n{BASE}");
    assert_same(&with, BASE, "cs_6_7", "the built-in D3DX_DXGIFormatConvert.inl, unused");
}
