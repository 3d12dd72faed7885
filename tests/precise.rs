//! `precise` in SPIR-V: `NoContraction` on exactly the operations of each precise slice.
//!
//! Every floating-point operation in these kernels carries a tag constant: 1xxx for operations
//! that contribute to a precise value (the slice), 2xxx for the others. The check reads the
//! SPIR-V back with rspirv and requires `NoContraction` on every arithmetic instruction with a
//! 1xxx operand and on none with a 2xxx operand (with `-Gis`: on all of them), after
//! `spirv-val` accepts the module. Each kernel names how many tagged instructions of each kind
//! it expects, so constant folding cannot make a check vacuous.

use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, Op};
use std::collections::{HashMap, HashSet};

#[allow(dead_code)]
#[path = "support/validate.rs"]
mod validate;

const ARITHMETIC: &[Op] = &[
    Op::FNegate,
    Op::FAdd,
    Op::FSub,
    Op::FMul,
    Op::FDiv,
    Op::FRem,
    Op::VectorTimesScalar,
    Op::MatrixTimesScalar,
    Op::MatrixTimesVector,
    Op::VectorTimesMatrix,
    Op::MatrixTimesMatrix,
    Op::Dot,
];

#[track_caller]
fn check(source: &str, profile: &str, ieee_strict: bool, slice: usize, outside: usize) {
    let mut options = hlslc::Options::new(profile);
    options.target = hlslc::Target::SpirV;
    options.ieee_strict = ieee_strict;
    let compiled = hlslc::compile(&hlslc::Source::new("precise.hlsl", source), &options).unwrap_or_else(|e| panic!("{}", e.render()));
    let words = compiled.spirv().unwrap_or_else(|e| panic!("{}", e.render()));
    spirv_val(&words);
    let text = hlslc::emit::disassemble(&words);
    let module = rspirv::dr::load_words(&words).unwrap();
    // Float constants (scalars, and vectors by their first component).
    let mut value: HashMap<u32, f32> = HashMap::new();
    for i in &module.types_global_values {
        match (i.class.opcode, i.result_id, i.operands.first()) {
            (Op::Constant, Some(id), Some(Operand::LiteralBit32(bits))) => {
                value.insert(id, f32::from_bits(*bits));
            }
            (Op::ConstantComposite, Some(id), Some(Operand::IdRef(first))) => {
                if let Some(v) = value.get(first).copied() {
                    value.insert(id, v);
                }
            }
            _ => {}
        }
    }
    let decorated: HashSet<u32> = module
        .annotations
        .iter()
        .filter(|i| i.class.opcode == Op::Decorate && matches!(i.operands.get(1), Some(Operand::Decoration(Decoration::NoContraction))))
        .filter_map(|i| match i.operands.first() {
            Some(Operand::IdRef(id)) => Some(*id),
            _ => None,
        })
        .collect();
    let (mut in_slice, mut out_of_slice) = (0, 0);
    let mut arithmetic_ids = HashSet::new();
    for f in &module.functions {
        for b in &f.blocks {
            for i in &b.instructions {
                let Some(id) = i.result_id else { continue };
                if !ARITHMETIC.contains(&i.class.opcode) {
                    assert!(!decorated.contains(&id), "NoContraction on a non-arithmetic instruction %{id}:\n{text}");
                    continue;
                }
                arithmetic_ids.insert(id);
                let tags: Vec<f32> = i.operands.iter().filter_map(|o| if let Operand::IdRef(r) = o { value.get(r).copied() } else { None }).collect();
                let is_slice = tags.iter().any(|t| (1000.0..2000.0).contains(t));
                let is_outside = tags.iter().any(|t| (2000.0..3000.0).contains(t));
                assert!(!(is_slice && is_outside), "instruction %{id} has both tags:\n{text}");
                if is_slice {
                    in_slice += 1;
                    assert!(decorated.contains(&id), "%{id} is in a precise slice but has no NoContraction:\n{text}");
                }
                if is_outside {
                    out_of_slice += 1;
                    assert_eq!(decorated.contains(&id), ieee_strict, "%{id} is outside every precise slice:\n{text}");
                }
                if ieee_strict {
                    assert!(decorated.contains(&id), "-Gis: %{id} has no NoContraction:\n{text}");
                }
            }
        }
    }
    assert_eq!((in_slice, out_of_slice), (slice, outside), "tagged instructions (slice, outside):\n{text}");
    // The markers are gone.
    assert!(!text.contains("hlslc"), "marker names left in the module:\n{text}");
}

fn spirv_val(words: &[u32]) {
    if let Err(e) = validate::spirv_val(words) {
        panic!("{e}");
    }
}

const BUFFER: &str = "RWStructuredBuffer<float> o : register(u0);\n";

#[test]
fn local_variable_slice() {
    let src = format!(
        "{BUFFER}
[numthreads(1, 1, 1)]
void main() {{
    float a = o[0], b = o[1];
    precise float r = a * 1001.0 + b * 1002.0;
    float u = a * 2001.0 + b;
    o[2] = r;
    o[3] = u;
}}"
    );
    // Slice: a*1001, b*1002 (the add has no tag). Outside: a*2001.
    check(&src, "cs_6_0", false, 2, 1);
}

#[test]
fn through_temporaries_and_compound_assignment() {
    let src = format!(
        "{BUFFER}
[numthreads(1, 1, 1)]
void main() {{
    float a = o[0], b = o[1];
    float t = a * 1001.0;
    float v = t + 1002.0;
    float w = t * 2001.0 + 2002.0;
    precise float acc = v;
    acc += b * 1003.0;
    acc = acc - 1004.0;
    o[2] = acc;
    o[3] = w;
}}"
    );
    check(&src, "cs_6_0", false, 4, 2);
}

#[test]
fn precise_struct_field() {
    let src = format!(
        "{BUFFER}
struct S {{ precise float p; float q; }};
[numthreads(1, 1, 1)]
void main() {{
    float a = o[0];
    S s;
    s.p = a * 1001.0 + 1002.0;
    s.q = a * 2001.0 + 2002.0;
    o[1] = s.p;
    o[2] = s.q;
}}"
    );
    check(&src, "cs_6_0", false, 2, 2);
}

#[test]
fn calls_out_parameters_and_returns() {
    let src = format!(
        "{BUFFER}
float feeds(float x) {{ return x * 1001.0 + 1002.0; }}
float apart(float x) {{ return x * 2001.0 + 2002.0; }}
void out_value(float x, out float y) {{ y = x * 1003.0; }}
void out_apart(float x, out float y) {{ y = x * 2003.0; }}
precise float declared(float x) {{ return x * 1004.0; }}
void inout_value(inout float y) {{ y = y * 1005.0; }}
[numthreads(1, 1, 1)]
void main() {{
    float a = o[0];
    precise float r = feeds(a * 1006.0);
    float u = apart(a);
    precise float y;
    out_value(a, y);
    float z;
    out_apart(a, z);
    float d = declared(a) * 2004.0;
    precise float io = a + 1007.0;
    inout_value(io);
    o[1] = r + u + y + z + d + io;
}}"
    );
    // Slice: feeds (2), a*1006, out_value (1), declared (1), inout_value (1), a+1007.
    check(&src, "cs_6_0", false, 7, 4);
}

#[test]
fn vectors_matrices_and_dot() {
    let src = "
RWStructuredBuffer<float4> o : register(u0);
[numthreads(1, 1, 1)]
void main() {
    float4 a = o[0], b = o[1];
    float2x2 m = float2x2(a.xy, b.xy);
    precise float2 v = mul(m, a.zw * 1001.0) + 1002.0;
    precise float d = dot(a * 1003.0, b);
    float2 w = mul(m, b.zw * 2001.0);
    o[2] = float4(v, w);
    o[3] = d.xxxx;
}";
    // Slice: a.zw*1001 (vector×scalar), +1002, a*1003. Outside: b.zw*2001.
    check(src, "cs_6_0", false, 3, 1);
}

#[test]
fn ieee_strict_decorates_everything() {
    let src = format!(
        "{BUFFER}
[numthreads(1, 1, 1)]
void main() {{
    float a = o[0];
    o[1] = a * 2001.0 + 2002.0;
    o[2] = -a / 2003.0;
}}"
    );
    check(&src, "cs_6_0", true, 0, 3);
}

#[test]
fn nothing_precise_nothing_decorated() {
    let src = format!(
        "{BUFFER}
[numthreads(1, 1, 1)]
void main() {{
    float a = o[0];
    o[1] = a * 2001.0 + 2002.0;
}}"
    );
    check(&src, "cs_6_0", false, 0, 2);
}
