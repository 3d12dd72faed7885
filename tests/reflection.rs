//! Reflection: JSON snapshots of `tests/fixtures/reflection/*.hlsl`, and a cross-check that
//! the byte offsets reflection reports are the ones the execution kernels were written with.
//!
//! Each reflection fixture starts with `// args: -T <profile> [-E <entry>]
//! [-enable-16bit-types] [-Zpr] [-binding-policy-dxc] [-spirv]`; its snapshot is `to_json()`.
//! Execution kernels (`tests/exec/*.hlsl`) state their hand-derived layouts in header lines
//! `// layout BUFFER: member=offset nested.member=offset …` (absolute byte offsets from the
//! start of the buffer); the cross-check compiles each such kernel and compares.

use std::path::Path;

fn options_from(args: &[&str]) -> hlslc::Options {
    let mut o = hlslc::Options::default();
    let mut i = 0;
    while i < args.len() {
        match args[i] {
            "-T" => {
                o.profile = Some(args[i + 1].to_string());
                i += 1;
            }
            "-E" => {
                o.entry_point = args[i + 1].to_string();
                i += 1;
            }
            "-enable-16bit-types" => o.enable_16bit_types = true,
            "-Zpr" => o.default_row_major = true,
            "-fvk-use-gl-layout" => o.dxc.gl_layout = true,
            "-fvk-use-scalar-layout" => o.dxc.scalar_layout = true,
            "-binding-policy-dxc" => o.binding_policy = hlslc::BindingPolicy::Dxc,
            // Reflection of what only SPIR-V can express (geometry, tessellation and ray-tracing stages).
            "-spirv" => o.target = hlslc::Target::SpirV,
            "dispatch" | "draw" => break,
            other => panic!("unknown argument `{other}`"),
        }
        i += 1;
    }
    o
}

fn snapshot(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let first = text.lines().next().unwrap_or("");
    let args: Vec<&str> = first.strip_prefix("// args:").unwrap_or("").split_whitespace().collect();
    let options = options_from(&args);
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let compiled = hlslc::compile(&hlslc::Source::new(name.clone(), text), &options).unwrap_or_else(|e| panic!("{name}: {}", e.render()));
    insta::assert_snapshot!(compiled.reflection().to_json());
}

#[test]
fn reflection_snapshots() {
    insta::glob!("fixtures/reflection/*.hlsl", snapshot);
}

/// The absolute offset of `path` (`s.b`, `sarr.a`) in a buffer's members.
fn offset_of(members: &[hlslc::reflect::Member], path: &str) -> Option<u32> {
    let (head, rest) = match path.split_once('.') {
        Some((h, r)) => (h, Some(r)),
        None => (path, None),
    };
    let m = members.iter().find(|m| m.name == head)?;
    match rest {
        None => Some(m.offset),
        Some(r) => Some(m.offset + offset_of(&m.members, r)?),
    }
}

#[test]
fn reflection_offsets_match_execution_kernels() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/exec");
    let mut checked = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "hlsl")).collect();
    entries.sort();
    for path in entries {
        let text = std::fs::read_to_string(&path).unwrap();
        let layouts: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("// layout ")).collect();
        if layouts.is_empty() {
            continue;
        }
        let exec = text.lines().find_map(|l| l.strip_prefix("// exec:")).expect("an exec line");
        let args: Vec<&str> = exec.split_whitespace().collect();
        let mut options = options_from(&args);
        options.binding_policy = hlslc::BindingPolicy::Dxc;
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let compiled = hlslc::compile(&hlslc::Source::new(name.clone(), text.clone()), &options).unwrap_or_else(|e| panic!("{name}: {}", e.render()));
        let reflection = compiled.reflection();
        for line in layouts {
            let (buffer, items) = line.split_once(':').unwrap_or_else(|| panic!("{name}: bad layout line `{line}`"));
            let b = reflection.buffers.iter().find(|b| b.name == buffer.trim()).unwrap_or_else(|| panic!("{name}: reflection has no buffer `{buffer}`"));
            for item in items.split_whitespace() {
                let (member, off) = item.split_once('=').unwrap_or_else(|| panic!("{name}: bad item `{item}`"));
                let expected: u32 = off.parse().unwrap();
                let got = offset_of(&b.members, member).unwrap_or_else(|| panic!("{name}: no member `{member}` in `{buffer}`"));
                assert_eq!(got, expected, "{name}: `{buffer}.{member}` is at {got} in reflection, the kernel was written for {expected}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 50, "only {checked} offsets checked");
}
