//! Runs the examples end to end: `examples/compute.rs`, `examples/triangle.rs` and
//! `examples/feedback.rs` (their
//! `run` functions in this process, and their binaries, which `cargo test --workspace`
//! builds, as a user runs them). The build-script example crate has its own tests
//! (`examples/build-script/tests`). Without a GPU adapter these tests fail under `CI=true`
//! and skip with a notice otherwise, like the execution tests.

// Each example includes `examples/common/gpu.rs` as its own module, as it does when built alone.
#![allow(clippy::duplicate_mod)]

mod support;

#[path = "../examples/compute.rs"]
#[allow(dead_code)]
mod compute;
#[path = "../examples/triangle.rs"]
#[allow(dead_code)]
mod triangle;
#[path = "../examples/feedback.rs"]
#[allow(dead_code)]
mod feedback;

use std::path::PathBuf;
use std::process::Command;

/// The example binary `name`, when cargo built it (it does for `cargo test --workspace`).
fn example_binary(name: &str) -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?.parent()?.join("examples");
    let path = dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    if path.exists() {
        return Some(path);
    }
    assert!(
        !support::gpu::is_ci(),
        "CI=true but the example binary {} was not built; run `cargo test --workspace`, which builds the examples",
        path.display()
    );
    eprintln!("note: {} not built (run `cargo test --workspace`); ran the example in-process only", path.display());
    None
}

fn run_binary(path: &PathBuf, args: &[&str]) -> String {
    let out = Command::new(path).args(args).output().unwrap_or_else(|e| panic!("cannot run {}: {e}", path.display()));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{} failed ({}):\n{stdout}\n{}", path.display(), out.status, String::from_utf8_lossy(&out.stderr));
    stdout
}

#[test]
fn compute_example_matches_the_cpu_on_both_targets() {
    let Some(_) = support::gpu::gpu() else { return };
    let report = compute::run().unwrap_or_else(|e| panic!("{e}"));
    assert!(report.contains("WGSL: stopping times of 1..=1000 match the CPU"), "{report}");
    // lavapipe and every Vulkan driver allow passthrough SPIR-V; other backends report a skip.
    assert!(report.contains("SPIR-V: stopping times") || report.contains("SPIR-V: skipped"), "{report}");
    assert!(report.contains("longest n = 871 (178 steps)"), "{report}");
    if let Some(bin) = example_binary("compute") {
        let stdout = run_binary(&bin, &[]);
        assert!(stdout.contains("WGSL: stopping times of 1..=1000 match the CPU"), "{stdout}");
    }
}

#[test]
fn triangle_example_renders_the_expected_pixels_to_a_png() {
    let Some(_) = support::gpu::gpu() else { return };
    let dir = std::env::temp_dir().join(format!("hlslc-triangle-{}", std::process::id()));
    let png = dir.join("in-process.png");
    let report = triangle::run(png.to_str().unwrap()).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.contains("pixels covered"), "{report}");
    let bytes = std::fs::read(&png).expect("the example wrote the PNG");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(bytes.len(), 8 + 25 + 12 + (2 + (256 * 4 + 1) * 256 + 5 * 5 + 4) + 12, "IHDR, one IDAT of stored blocks, IEND");
    if let Some(bin) = example_binary("triangle") {
        let out = dir.join("binary.png");
        run_binary(&bin, &[out.to_str().unwrap()]);
        assert_eq!(std::fs::read(&out).expect("the binary wrote the PNG"), bytes, "the binary renders the same image");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn feedback_example_resolves_the_min_mip_map_the_cpu_computes() {
    let Some(_) = support::gpu::gpu() else { return };
    let report = feedback::run().unwrap_or_else(|e| panic!("{e}"));
    assert!(report.contains("WGSL: the MinMip map matches the CPU"), "{report}");
    assert!(report.contains("SPIR-V: the MinMip map matches the CPU") || report.contains("SPIR-V: skipped"), "{report}");
    // The map shows every band's most detailed mip and regions no pixel read.
    let map: String = report.lines().skip_while(|l| !l.starts_with("MinMip map")).skip(1).collect();
    assert_eq!(map.len(), 16 * 16, "{report}");
    for c in ['0', '1', '2', '3', '.'] {
        assert!(map.contains(c), "no `{c}` in the map:\n{report}");
    }
    if let Some(bin) = example_binary("feedback") {
        assert_eq!(run_binary(&bin, &[]), report, "the binary prints what the in-process run returned");
    }
}
