//! The library never panics, even where naga would: naga 30's validator reaches an
//! `unreachable!` on a binding array of acceleration structures indexed at run time (hlslc's
//! lowering reports E0634 before that), so `emit::validate` runs it under `catch_unwind` and
//! turns such a stop into internal error E9901. This feeds it that module directly.

#[test]
fn naga_validator_panic_is_internal_error() {
    let source = "
enable wgpu_ray_query;
enable wgpu_binding_array;
@group(0) @binding(0) var scenes: binding_array<acceleration_structure>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1)
fn main(@builtin(local_invocation_index) i: u32) {
    var q: ray_query;
    rayQueryInitialize(&q, scenes[i], RayDesc(0u, 255u, 0.0, 100.0, vec3(0.0), vec3(0.0, 0.0, 1.0)));
    rayQueryProceed(&q);
    out[i] = rayQueryGetCommittedIntersection(&q).kind;
}
";
    let module = naga::front::wgsl::parse_str(source).expect("the test module parses");
    let previous = std::panic::take_hook();
    // naga's panic message would be printed by the default hook; the test checks the result.
    std::panic::set_hook(Box::new(|_| {}));
    let result = hlslc::emit::validate(&module);
    std::panic::set_hook(previous);
    let diagnostic = result.expect_err("naga's validator stops on this module");
    assert_eq!(diagnostic.code, "E9901", "{diagnostic:?}");
    assert!(diagnostic.message.contains("naga's validator stopped"), "{diagnostic:?}");
}
