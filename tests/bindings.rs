//! Binding assignment: DXC's flags (`-fvk-{b,t,s,u}-shift`, `-fvk-bind-register`,
//! `-fvk-bind-globals`, `-flegacy-resource-reservation`), the three policies and the errors.
//! Expected numbers follow DXC's documented rules (SPIR-V.rst, "HLSL register and Vulkan
//! binding") and the FXC→DXC porting notes; each test says which.

use hlslc::{BindingOptions, BindingPolicy, Options, RegisterClass as R, Source};

/// A reflected binding: name, register, binding, array size, kind.
type BindingRow = (String, Option<String>, u32, Option<u32>, &'static str);

fn compile(src: &str, f: impl FnOnce(&mut Options)) -> hlslc::Compiled {
    let mut o = Options::new("ps_6_0");
    f(&mut o);
    hlslc::compile(&Source::new("t.hlsl", src), &o).unwrap_or_else(|e| panic!("{}", e.render()))
}

fn compile_err(src: &str, f: impl FnOnce(&mut Options)) -> String {
    let mut o = Options::new("ps_6_0");
    f(&mut o);
    match hlslc::compile(&Source::new("t.hlsl", src), &o) {
        Ok(_) => panic!("expected an error"),
        Err(e) => e.render(),
    }
}

/// `(name, register, group, binding)` of every binding.
fn table(c: &hlslc::Compiled) -> Vec<(String, Option<String>, u32, u32)> {
    c.reflection().bindings.iter().map(|b| (b.name.clone(), b.register.clone(), b.group, b.binding)).collect()
}

fn row(name: &str, reg: &str, group: u32, binding: u32) -> (String, Option<String>, u32, u32) {
    (name.to_string(), if reg.is_empty() { None } else { Some(reg.to_string()) }, group, binding)
}

const FOUR_CLASSES: &str = r#"
cbuffer C : register(b0) { float4 k; };
Texture2D T : register(t0);
SamplerState S : register(s0);
RWTexture2D<float4> U : register(u0);
float4 main(float4 p : SV_Position) : SV_Target {
    U[uint2(0, 0)] = k;
    return T.Sample(S, p.xy);
}
"#;

#[test]
fn class_shift_default_never_collides() {
    let c = compile(FOUR_CLASSES, |_| {});
    assert_eq!(table(&c), vec![row("C", "b0", 0, 0), row("T", "t0", 0, 250), row("S", "s0", 0, 500), row("U", "u0", 0, 750)]);
}

#[test]
fn dxc_policy_reports_t0_s0_collision_naming_both() {
    let e = compile_err(FOUR_CLASSES, |o| o.binding_policy = BindingPolicy::Dxc);
    assert!(e.contains("E0704"), "{e}");
    assert!(e.contains("`T` and `C` both use binding 0 of group 0"), "{e}");
}

#[test]
fn every_shift_flag_moves_its_class() {
    // DXC: "-fvk-b-shift N M: shift by N all binding numbers inferred for register type b in
    // space M" — with the dxc policy the register number plus the shift.
    let c = compile(FOUR_CLASSES, |o| {
        o.binding_policy = BindingPolicy::Dxc;
        o.bindings.shifts = vec![(R::B, Some(0), 10), (R::T, Some(0), 20), (R::S, None, 30), (R::U, Some(0), 40)];
    });
    assert_eq!(table(&c), vec![row("C", "b0", 0, 10), row("T", "t0", 0, 20), row("S", "s0", 0, 30), row("U", "u0", 0, 40)]);
    // Under class shift, a flag replaces that class's default only.
    let c = compile(FOUR_CLASSES, |o| o.bindings.shifts = vec![(R::T, None, 100)]);
    assert_eq!(table(&c), vec![row("C", "b0", 0, 0), row("T", "t0", 0, 100), row("S", "s0", 0, 500), row("U", "u0", 0, 750)]);
}

#[test]
fn auto_shift_bindings_shift_resources_without_registers() {
    // DXC (SPIR-V.rst, "Implicit binding number assignment"): with -fvk-auto-shift-bindings a
    // resource without `register(…)` takes the next free binding from the shift of the class
    // its type implies, in its space (a space-only register names it); explicit ones first.
    let src = r#"
cbuffer C { float4 k; };
Texture2D T;
Texture2D E : register(t0);
SamplerState S;
RWTexture2D<float4> U : register(space1);
float4 main(float4 p : SV_Position) : SV_Target {
    U[uint2(0, 0)] = k;
    return T.Sample(S, p.xy) + E.Sample(S, p.xy);
}
"#;
    let shifts = vec![(R::B, Some(0), 10), (R::T, Some(0), 20), (R::S, None, 30), (R::U, Some(1), 40)];
    let c = compile(src, |o| {
        o.binding_policy = BindingPolicy::Dxc;
        o.bindings.shifts = shifts.clone();
        o.bindings.auto_shift_bindings = true;
    });
    assert_eq!(table(&c), vec![row("C", "b0", 0, 10), row("T", "t1", 0, 21), row("E", "t0", 0, 20), row("S", "s0", 0, 30), row("U", "u0", 1, 40)]);
    // Without the flag they take the next free bindings from 0.
    let c = compile(src, |o| {
        o.binding_policy = BindingPolicy::Dxc;
        o.bindings.shifts = shifts;
    });
    assert_eq!(table(&c), vec![row("C", "b0", 0, 0), row("T", "t1", 0, 1), row("E", "t0", 0, 20), row("S", "s0", 0, 2), row("U", "u0", 1, 0)]);
}

#[test]
fn auto_binding_space_is_the_default_space() {
    // DXC (SPIR-V.rst, "Implicit binding number assignment"): with -auto-binding-space N,
    // resources without a register, and registers and `vk::binding`s without a space, are in
    // descriptor set N.
    let src = r#"
Texture2D A;
Texture2D B : register(t1);
Texture2D C : register(t1, space2);
[[vk::binding(5)]] SamplerState S;
float4 main(float4 p : SV_Position) : SV_Target { return A.Sample(S, p.xy) + B.Sample(S, p.xy) + C.Sample(S, p.xy); }
"#;
    let c = compile(src, |o| {
        o.binding_policy = BindingPolicy::Dxc;
        o.bindings.default_space = 3;
    });
    assert_eq!(table(&c), vec![row("A", "t0", 3, 0), row("B", "t1", 3, 1), row("C", "t1", 2, 1), row("S", "s0", 3, 5)]);
}

#[test]
fn flattened_resource_arrays_are_reflected_element_by_element() {
    // DXC (SPIR-V.rst, -fspv-flatten-resource-arrays; its vk.binding.cl.flatten-arrays
    // example): each element takes a binding, a register-less array the first run of free
    // bindings long enough. Reflection lists the elements as DXC names their variables.
    let src = r#"
Texture2D T[3] : register(t0);
Texture2D N;
Texture2D A : register(t4);
SamplerState S[2];
float4 main(float4 p : SV_Position) : SV_Target {
    return T[0].Sample(S[0], p.xy) + T[2].Sample(S[1], p.xy) + N.Sample(S[1], p.xy) + A.Sample(S[0], p.xy);
}
"#;
    let c = compile(src, |o| {
        o.binding_policy = BindingPolicy::Dxc;
        o.target = hlslc::Target::SpirV;
        o.dxc.flatten_resource_arrays = true;
    });
    assert_eq!(
        table(&c),
        vec![row("T[0]", "t0", 0, 0), row("T[1]", "t1", 0, 1), row("T[2]", "t2", 0, 2), row("N", "t3", 0, 3), row("A", "t4", 0, 4), row("S[0]", "s0", 0, 5), row("S[1]", "s1", 0, 6)]
    );
    // WGSL keeps the binding arrays.
    let c = compile(src, |o| {
        o.binding_policy = BindingPolicy::Dxc;
        o.dxc.flatten_resource_arrays = true;
    });
    assert_eq!(table(&c)[0], row("T", "t0", 0, 0));
}

#[test]
fn shift_applies_only_to_its_space() {
    let src = r#"
Texture2D A : register(t1, space0);
Texture2D B : register(t1, space2);
SamplerState S : register(s0);
float4 main(float4 p : SV_Position) : SV_Target { return A.Sample(S, p.xy) + B.Sample(S, p.xy); }
"#;
    let c = compile(src, |o| {
        o.binding_policy = BindingPolicy::Dxc;
        o.bindings.shifts = vec![(R::T, Some(2), 5), (R::S, None, 9)];
    });
    assert_eq!(table(&c), vec![row("A", "t1", 0, 1), row("B", "t1", 2, 6), row("S", "s0", 0, 9)]);
}

#[test]
fn bind_register_and_bind_globals() {
    let src = r#"
float4 tint;
Texture2D T : register(t3, space1);
SamplerState S : register(s2);
float4 main(float4 p : SV_Position) : SV_Target { return T.Sample(S, p.xy) * tint; }
"#;
    let c = compile(src, |o| {
        o.bindings.bind_register = vec![(R::T, 3, 1, 7, 4), (R::S, 2, 0, 8, 4)];
        o.bindings.bind_globals = Some((2, 3));
    });
    assert_eq!(table(&c), vec![row("$Globals", "b0", 3, 2), row("T", "t3", 4, 7), row("S", "s2", 4, 8)]);
    let b = &c.reflection().bindings[1];
    assert_eq!(b.space, 1);
}

#[test]
fn vk_binding_wins_and_two_explicit_bindings_collide_with_both_named() {
    let src = r#"
[[vk::binding(3, 1)]] Texture2D A : register(t0);
[[vk::binding(3, 1)]] Texture2D B : register(t1);
SamplerState S;
float4 main(float4 p : SV_Position) : SV_Target { return A.Sample(S, p.xy) + B.Sample(S, p.xy); }
"#;
    let e = compile_err(src, |_| {});
    assert!(e.contains("`B` and `A` both use binding 3 of group 1"), "{e}");
    assert!(e.contains("`A` declared here"), "{e}");
}

#[test]
fn legacy_resource_reservation_matches_the_porting_notes() {
    // FXC→DXC porting notes: with `Tex0[2] : register(t1)` unused, DXC gives `Tex1` t0 by
    // default and t3 with -flegacy-resource-reservation (FXC SM 5.0 reports `Tex1[1]` at t4).
    let src = r#"
Texture2D Tex0[2] : register(t1);
Texture2D Tex1[2];
float4 main() : SV_Target { return Tex1[1].Load((uint3)0); }
"#;
    let c = compile(src, |_| {});
    assert_eq!(table(&c), vec![row("Tex1", "t0", 0, 250)]);
    let c = compile(src, |o| o.bindings.legacy_resource_reservation = true);
    assert_eq!(table(&c), vec![row("Tex1", "t3", 0, 253)]);
    assert_eq!(c.reflection().bindings[0].array_size, Some(2));
}

#[test]
fn unregistered_resources_take_free_registers_in_declaration_order() {
    let src = r#"
Texture2D A : register(t0);
Texture2D B;
Texture2D C : register(t1);
Texture2D D;
SamplerState S;
float4 main(float4 p : SV_Position) : SV_Target { return A.Sample(S, p.xy) + B.Sample(S, p.xy) + C.Sample(S, p.xy) + D.Sample(S, p.xy); }
"#;
    // Registers: B → t2, D → t3 (t0, t1 explicit); S → s0.
    let c = compile(src, |_| {});
    assert_eq!(table(&c), vec![row("A", "t0", 0, 250), row("B", "t2", 0, 252), row("C", "t1", 0, 251), row("D", "t3", 0, 253), row("S", "s0", 0, 500)]);
    // DXC's -spirv: explicit registers first, then the next free bindings in order.
    let c = compile(src, |o| o.binding_policy = BindingPolicy::Dxc);
    assert_eq!(table(&c), vec![row("A", "t0", 0, 0), row("B", "t2", 0, 2), row("C", "t1", 0, 1), row("D", "t3", 0, 3), row("S", "s0", 0, 4)]);
}

#[test]
fn class_shift_binding_does_not_move_when_unrelated_resources_change() {
    let one = r#"
Texture2D A : register(t4);
SamplerState S : register(s1);
float4 main(float4 p : SV_Position) : SV_Target { return A.Sample(S, p.xy); }
"#;
    let two = r#"
Texture2D Z : register(t0);
cbuffer K : register(b0) { float4 k; };
Texture2D A : register(t4);
SamplerState S : register(s1);
float4 main(float4 p : SV_Position) : SV_Target { return A.Sample(S, p.xy) * k + Z.Sample(S, p.xy); }
"#;
    let a = compile(one, |_| {});
    let b = compile(two, |_| {});
    let find = |c: &hlslc::Compiled, n: &str| c.reflection().bindings.iter().find(|x| x.name == n).map(|x| (x.group, x.binding));
    assert_eq!(find(&a, "A"), find(&b, "A"));
    assert_eq!(find(&a, "S"), find(&b, "S"));
}

#[test]
fn compact_policy_is_dense_per_group() {
    let c = compile(FOUR_CLASSES, |o| o.binding_policy = BindingPolicy::Compact);
    assert_eq!(table(&c), vec![row("C", "b0", 0, 0), row("T", "t0", 0, 1), row("S", "s0", 0, 2), row("U", "u0", 0, 3)]);
}

#[test]
fn combined_image_sampler_pair_gets_two_bindings() {
    let src = r#"
[[vk::combinedImageSampler]][[vk::binding(2)]] Texture2D T;
[[vk::combinedImageSampler]][[vk::binding(2)]] SamplerState S;
float4 main(float4 p : SV_Position) : SV_Target { return T.Sample(S, p.xy); }
"#;
    let c = compile(src, |_| {});
    // The texture keeps binding 2; the sampler moves to its register-derived binding (s0 → 500).
    assert_eq!(table(&c), vec![row("T", "t0", 0, 2), row("S", "s0", 0, 500)]);
    let r = c.reflection();
    assert_eq!(r.bindings[0].combined_with.as_deref(), Some("S"));
    assert_eq!(r.bindings[1].combined_with.as_deref(), Some("T"));
    let c = compile(src, |o| o.binding_policy = BindingPolicy::Dxc);
    assert_eq!(table(&c), vec![row("T", "t0", 0, 2), row("S", "s0", 0, 0)]);
}

#[test]
fn counters_are_hidden_bindings() {
    let src = r#"
AppendStructuredBuffer<uint> A : register(u2);
[[vk::counter_binding(9)]] ConsumeStructuredBuffer<uint> C : register(u3);
[numthreads(1, 1, 1)] void main() { A.Append(C.Consume()); }
"#;
    let mut o = Options::new("cs_6_0");
    o.bindings = BindingOptions::default();
    let c = hlslc::compile(&Source::new("t.hlsl", src), &o).unwrap_or_else(|e| panic!("{}", e.render()));
    assert_eq!(table(&c), vec![row("A", "u2", 0, 752), row("C", "u3", 0, 753), row("A.counter", "", 0, 1002), row("C.counter", "", 0, 9)]);
    let r = c.reflection();
    assert!(r.bindings[2].hidden && r.bindings[2].kind == "counter");
    assert_eq!(r.bindings[2].hidden_for.as_deref(), Some("A"));
}

#[test]
fn cli_parses_dxc_binding_flags() {
    let dir = std::env::temp_dir().join(format!("hlslc-bindings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("four.hlsl");
    std::fs::write(&file, FOUR_CLASSES).unwrap();
    let json = dir.join("four.json");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hlslc"))
        .args(["-T", "ps_6_0", "--binding-policy", "dxc", "-fvk-b-shift", "10", "0", "-fvk-t-shift", "20", "all", "-fvk-s-shift", "30", "0"])
        .args(["-fvk-u-shift", "40", "0", "--reflect"])
        .arg(&json)
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&json).unwrap();
    for (reg, binding) in [("b0", 10), ("t0", 20), ("s0", 30), ("u0", 40)] {
        let needle = format!("\"register\": \"{reg}\",\n      \"space\": 0,\n      \"group\": 0,\n      \"binding\": {binding},");
        assert!(text.contains(&needle), "{reg} → {binding} missing in\n{text}");
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hlslc"))
        // As in DXC, `-fvk-bind-register` must place every resource (E0661 otherwise).
        .args(["-T", "ps_6_0", "-vkbr", "t0", "0", "5", "2", "-vkbr", "b0", "0", "1", "2", "-vkbr", "s0", "0", "6", "2", "-vkbr", "u0", "0", "7", "2"])
        .args(["-flegacy-resource-reservation", "--reflect"])
        .arg(&json)
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&json).unwrap();
    assert!(text.contains("\"register\": \"t0\",\n      \"space\": 0,\n      \"group\": 2,\n      \"binding\": 5,"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// SM 6.6 descriptor heaps, as DXC maps them for SPIR-V (SPIR-V.rst, "Resource and sampler
/// descriptor heaps"; DXC's `sm6_6.descriptorheap.implicit-bindings` test shows the numbers):
/// after the declared resources, the resource heap takes the first free binding of set 0 and
/// the sampler heap the next; every type taken from a heap is an unsized array at the heap's
/// binding, so two types share it in SPIR-V.
#[test]
fn descriptor_heaps_follow_declared_resources_and_alias_in_spirv() {
    let src = r#"
Texture2D declared;
float4 main(float4 p : SV_Position) : SV_Target {
    SamplerState s = SamplerDescriptorHeap[0];
    Texture2D<float4> t = ResourceDescriptorHeap[1];
    Texture3D<float4> v = ResourceDescriptorHeap[2];
    return t.Sample(s, p.xy) + v.Sample(s, p.xyz) + declared.Sample(s, p.xy);
}"#;
    let c = compile(src, |o| {
        o.profile = Some("ps_6_6".into());
        o.binding_policy = BindingPolicy::Dxc;
        o.target = hlslc::Target::SpirV;
    });
    let rows: Vec<(String, u32, Option<u32>)> = c.reflection().bindings.iter().map(|b| (b.name.clone(), b.binding, b.array_size)).collect();
    let heap = |name: &str, binding| (name.to_string(), binding, Some(0));
    assert_eq!(
        rows,
        vec![("declared".to_string(), 0, None), heap("SamplerDescriptorHeap", 2), heap("ResourceDescriptorHeap", 1), heap("ResourceDescriptorHeap", 1)]
    );
    let text = hlslc::emit::disassemble(&c.spirv().unwrap());
    assert_eq!(text.matches("Binding 1").count(), 2, "both resource-heap arrays at binding 1:\n{text}");
    assert_eq!(text.matches("Binding 2").count(), 1, "{text}");
    // WGSL (and wgpu layouts) give a binding one type.
    let e = compile_err(src, |o| {
        o.profile = Some("ps_6_6".into());
        o.binding_policy = BindingPolicy::Dxc;
    });
    assert!(e.contains("E0804"), "{e}");
}

/// Arrays of buffers take one binding (and one register per element, as DXC reserves them);
/// reflection reports the count, the counters of an append-buffer array are an array of the
/// same count, and an array of constant buffers is bound as read-only storage (W0809).
#[test]
fn buffer_arrays_take_one_binding_and_report_their_count() {
    let src = r#"
struct P { float4 v; };
ConstantBuffer<P> cbs[3];
AppendStructuredBuffer<uint> apps[2];
RWByteAddressBuffer raws[];
[numthreads(1, 1, 1)]
void main(uint t : SV_GroupIndex) {
    apps[t].Append(asuint(cbs[t].v.x));
    raws[t].Store(0, 1);
}"#;
    let c = compile(src, |o| {
        o.profile = Some("cs_6_0".into());
        o.binding_policy = BindingPolicy::Dxc;
    });
    let rows: Vec<BindingRow> =
        c.reflection().bindings.iter().map(|b| (b.name.clone(), b.register.clone(), b.binding, b.array_size, b.kind)).collect();
    let row = |name: &str, reg: Option<&str>, binding, size, kind| (name.to_string(), reg.map(str::to_string), binding, size, kind);
    assert_eq!(
        rows,
        vec![
            row("cbs", Some("b0"), 0, Some(3), "storage_buffer"),
            row("apps", Some("u0"), 1, Some(2), "storage_buffer"),
            row("raws", Some("u2"), 2, Some(0), "storage_buffer"),
            row("apps.counter", None, 3, Some(2), "counter"),
        ]
    );
    assert!(c.diagnostics.iter().any(|d| d.code == "W0809"), "{:?}", c.diagnostics);
}
