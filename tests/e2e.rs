//! End-to-end snapshot tests: HLSL → WGSL + SPIR-V disassembly (or diagnostics).
//!
//! Each fixture under `tests/fixtures/e2e/<feature>/<case>.hlsl` starts with a line
//! `// args: -T <profile> [-E <entry>] [-HV <ver>] [-Gec] [-enable-16bit-types] [-D X=Y]
//! [-Wno-<name>] [-WX] [-flegacy-macro-expansion] [-spirv] [DXC flags `Options::dxc_arg`
//! reads] …` and is
//! compiled for both targets (with `-spirv`, for SPIR-V only: features WGSL cannot express). Every output is re-validated before it is snapshotted:
//! - WGSL is parsed again with naga's WGSL front end and validated;
//! - SPIR-V passes `spirv-val` (from Debian's `spirv-tools`, installed by `.ci/run`).
//!
//! Fixtures whose compilation fails snapshot the rendered diagnostics instead (name them
//! `…_is_error.hlsl`); a fixture that is expected to compile and fails is a test failure.
//! A fixture for a feature only SPIR-V can express says `-spirv-only` in its `// args:` line:
//! its WGSL compilation must fail (the diagnostic, which names the feature and the target, is
//! snapshotted) and its SPIR-V must compile and validate. A fixture for a rule in which DXC's
//! two back ends differ and hlslc's SPIR-V target keeps DXC's SPIR-V rule says `-wgsl-only`:
//! its WGSL must compile and validate, and its SPIR-V compilation fails (snapshotted).
//! Regenerate with `INSTA_UPDATE=always cargo test --test e2e` and review every changed
//! `.snap` file.

use std::path::Path;

#[allow(dead_code)]
#[path = "support/validate.rs"]
mod validate;

fn parse_args(text: &str) -> hlslc::Options {
    let first = text.lines().next().unwrap_or("");
    let args: Vec<&str> = first.strip_prefix("// args:").unwrap_or("").split_whitespace().collect();
    let mut o = hlslc::Options::default();
    let mut i = 0;
    while i < args.len() {
        // DXC's flags the library reads itself (`-fvk-bind-register`, `-fspv-target-env=` …).
        if let Some(n) = o.dxc_arg(&args[i..]) {
            i += n;
            continue;
        }
        match args[i] {
            "-T" => {
                o.profile = Some(args[i + 1].to_string());
                i += 1;
            }
            "-E" => {
                o.entry_point = args[i + 1].to_string();
                i += 1;
            }
            "-HV" => {
                // `202x` is DXC's internal 2029.
                o.hlsl_version = if args[i + 1] == "202x" { 2029 } else { args[i + 1].parse().unwrap() };
                i += 1;
            }
            "-D" => {
                let d = args[i + 1];
                o.defines.push(match d.split_once('=') {
                    Some((a, b)) => (a.to_string(), Some(b.to_string())),
                    None => (d.to_string(), None),
                });
                i += 1;
            }
            "-enable-16bit-types" => o.enable_16bit_types = true,
            "-Zpr" => o.default_row_major = true,
            "-Gec" => {
                o.backwards_compatibility = true;
                // As DXC: `-Gec` without `-HV` means HLSL 2016.
                if !args.contains(&"-HV") {
                    o.hlsl_version = 2016;
                }
            }
            "-flegacy-macro-expansion" => o.legacy_macro_expansion = true,
            "-flegacy-resource-reservation" => o.bindings.legacy_resource_reservation = true,
            "-Gis" => o.ieee_strict = true,
            // SPIR-V only: a feature WGSL cannot express (inline ray tracing).
            "-spirv" => o.target = hlslc::Target::SpirV,
            "-spirv-only" | "-wgsl-only" => {}
            "-binding-policy-dxc" => o.binding_policy = hlslc::BindingPolicy::Dxc,
            "-fvk-b-shift" | "-fvk-t-shift" | "-fvk-s-shift" | "-fvk-u-shift" => {
                let class = hlslc::BindingOptions::parse_register(&format!("{}0", &args[i][5..6])).unwrap().0;
                let space = if args[i + 2] == "all" { None } else { Some(args[i + 2].parse().unwrap()) };
                o.bindings.shifts.push((class, space, args[i + 1].parse().unwrap()));
                i += 2;
            }
            "-fhlslc-rwtexture-ms-buffer=pixel-major" => o.rwtexture_ms_buffer = Some(hlslc::MsBufferLayout::PixelMajor),
            other if o.warnings.parse(other) => {}
            other => panic!("unknown fixture argument `{other}`"),
        }
        i += 1;
    }
    o
}

/// `spirv-val` on the words (the Vulkan environment of the module's SPIR-V version); panics
/// with its message on failure.
fn spirv_val(words: &[u32], name: &str) {
    if let Err(e) = validate::spirv_val(words) {
        panic!("{name}: {e}");
    }
}

/// WGSL must parse and validate with naga again.
fn wgsl_roundtrip(wgsl: &str, name: &str) {
    let module = naga::front::wgsl::parse_str(wgsl).unwrap_or_else(|e| panic!("{name}: naga cannot parse the WGSL: {}\n{wgsl}", e.emit_to_string(wgsl)));
    naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all())
        .validate(&module)
        .unwrap_or_else(|e| panic!("{name}: the WGSL does not validate after a round trip: {e:?}\n{wgsl}"));
}

fn check(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let options = parse_args(&text);
    let expect_error = name.ends_with("_is_error.hlsl");
    let source = hlslc::Source::new(name.clone(), text.clone());
    let mut out = String::new();
    if text.lines().next().is_some_and(|l| l.split_whitespace().any(|a| a == "-spirv-only")) {
        let e = hlslc::compile(&source, &options).err().unwrap_or_else(|| panic!("{name}: a `-spirv-only` fixture compiled to WGSL"));
        out.push_str("// wgsl error\n");
        out.push_str(&e.render());
        let spirv_options = hlslc::Options { target: hlslc::Target::SpirV, ..options };
        let spv = hlslc::compile(&source, &spirv_options).unwrap_or_else(|e| panic!("{name} (SPIR-V): {}", e.render()));
        if !spv.diagnostics.is_empty() {
            out.push_str("// warnings\n");
            out.push_str(&spv.render_warnings());
        }
        let words = spv.spirv().unwrap_or_else(|e| panic!("{name}: {}", e.render()));
        spirv_val(&words, &name);
        out.push_str("// spirv\n");
        out.push_str(&hlslc::emit::disassemble(&words));
        insta::assert_snapshot!(out);
        return;
    }
    if text.lines().next().is_some_and(|l| l.split_whitespace().any(|a| a == "-wgsl-only")) {
        // WGSL only: a feature DXC's SPIR-V back end rejects (and hlslc with it, the error
        // snapshotted) that its DXIL back end takes.
        let compiled = hlslc::compile(&source, &options).unwrap_or_else(|e| panic!("{name}: {}", e.render()));
        let wgsl = compiled.wgsl().unwrap_or_else(|e| panic!("{name}: {}", e.render()));
        wgsl_roundtrip(&wgsl, &name);
        out.push_str("// wgsl\n");
        out.push_str(&wgsl);
        let spirv_options = hlslc::Options { target: hlslc::Target::SpirV, ..options };
        let e = hlslc::compile(&source, &spirv_options).err().unwrap_or_else(|| panic!("{name}: a `-wgsl-only` fixture compiled to SPIR-V"));
        out.push_str("// spirv error\n");
        out.push_str(&e.render());
        insta::assert_snapshot!(out);
        return;
    }
    match hlslc::compile(&source, &options) {
        Ok(compiled) => {
            assert!(!expect_error, "{name} was expected to fail but compiled");
            if !compiled.diagnostics.is_empty() {
                out.push_str("// warnings\n");
                out.push_str(&compiled.render_warnings());
            }
            if options.target == hlslc::Target::Wgsl {
                let wgsl = compiled.wgsl().unwrap_or_else(|e| panic!("{name}: {}", e.render()));
                wgsl_roundtrip(&wgsl, &name);
                out.push_str("// wgsl\n");
                out.push_str(&wgsl);
            }
            let spirv_options = hlslc::Options { target: hlslc::Target::SpirV, ..options };
            let spv = hlslc::compile(&source, &spirv_options).unwrap_or_else(|e| panic!("{name} (SPIR-V): {}", e.render()));
            let words = spv.spirv().unwrap_or_else(|e| panic!("{name}: {}", e.render()));
            spirv_val(&words, &name);
            out.push_str("// spirv\n");
            out.push_str(&hlslc::emit::disassemble(&words));
        }
        Err(e) => {
            assert!(expect_error, "{name} failed to compile:\n{}", e.render());
            out.push_str(&e.render());
        }
    }
    insta::assert_snapshot!(out);
}

#[test]
fn e2e() {
    insta::glob!("fixtures/e2e/**/*.hlsl", check);
}
