//! Parse throughput on a large generated shader (no criterion: one timed loop, printed as
//! MB/s). `cargo bench -p hlslc-grammar --bench parse`.
//!
//! The grammar keeps every rule's value small (large nodes boxed) and parses binary operators
//! as flat chains grouped by precedence (see the note at the top of grammar.lalrpop);
//! `benches/RESULTS.md` has the instruction counts before and after.
//!
//! The input repeats a block of typical HLSL (structs, cbuffers, resources, functions with
//! loops, branches, intrinsic calls and swizzles) with fresh names, so the type-name table
//! grows as in a real large file.

use std::time::Instant;

fn block(i: usize) -> String {
    format!(
        r#"
struct Light{i} {{
    float3 position : POSITION;
    float3 color;
    float range;
    uint flags : 8;
}};
cbuffer Frame{i} : register(b{b}) {{
    float4x4 viewProj{i};
    float4 params{i}[4] : packoffset(c4);
}}
Texture2D<float4> albedo{i} : register(t{b});
SamplerState samp{i} : register(s{b});
RWStructuredBuffer<Light{i}> lights{i} : register(u{b}, space1);

float4 shade{i}(float4 pos : SV_Position, float2 uv : TEXCOORD0, Light{i} l) : SV_Target {{
    float4 c = albedo{i}.Sample(samp{i}, uv);
    float3 acc = 0;
    [unroll(4)] for (int k = 0; k < 4; ++k) {{
        float3 d = l.position - pos.xyz * params{i}[k].w;
        float att = saturate(1.0f - dot(d, d) / (l.range * l.range));
        if (att > 0.001 && (l.flags & 1u) != 0) acc += l.color * att;
        else acc = max(acc, float3(0.5, 0.25, 0.125) * k);
    }}
    switch (l.flags >> 4) {{
    case 0: c.rgb *= acc; break;
    case 1: c.rgb = lerp(c.rgb, acc, 0.5h); break;
    default: discard;
    }}
    return mul(viewProj{i}, float4(c.rgb, 1.0)) + (float4)0;
}}
"#,
        b = i % 8
    )
}

fn main() {
    let source: String = (0..2000).map(block).collect();
    let mb = source.len() as f64 / 1e6;
    // Warm up, then time a few runs.
    let (_, unit, diagnostics) = hlslc_grammar::parser::parse_source("bench.hlsl", &source);
    assert!(diagnostics.is_empty(), "{:?}", diagnostics.first());
    assert_eq!(unit.items.len(), 2000 * 6);
    let runs = 5;
    let start = Instant::now();
    for _ in 0..runs {
        let (_, unit, _) = hlslc_grammar::parser::parse_source("bench.hlsl", &source);
        std::hint::black_box(unit);
    }
    let secs = start.elapsed().as_secs_f64() / runs as f64;
    println!("parse: {mb:.2} MB in {:.1} ms per run = {:.1} MB/s", secs * 1e3, mb / secs);
}
