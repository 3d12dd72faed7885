//! Differential execution with the peer as the oracle: every generated (`gen_*`) and
//! differential (`diff_*`) kernel in `tests/exec/` runs under glslang and under hlslc (WGSL
//! and SPIR-V) on the same device with the same inputs, and hlslc's results must equal
//! glslang's: integers bit for bit, floats within twice the tolerance the kernel states for
//! its CPU-model expectation (both compilers may sit on opposite sides of the true value).
//!
//! `tests/exec.rs` already checks each compiler against the CPU model in the kernel header;
//! this test additionally catches a wrong expectation that both compilers happen to satisfy
//! differently, and is the mode to use for kernels whose exact result is hard to model
//! (a `diff_*` kernel may use `_` in its header for values only the peer decides).
//!
//! Kernels marked `peer-bug glslang:` or `xfail hlslc…:` are not compared (the oracle or the
//! compiler is known wrong there); each is listed in the report, never skipped silently.
//! `HLSLC_EXEC_FILTER=substring` narrows the set, as in `tests/exec.rs`.

mod support;

use std::fmt::Write as _;
use std::path::PathBuf;

use support::compilers::{fixture_dir, glslang_compile, hlslc_compile};
use support::fixture::{fixture_paths, Fixture};
use support::runner::{fixture_outputs, Compiler, Target};
use support::values::{Check, Expected, Tolerance};

fn doubled(t: &Tolerance) -> Tolerance {
    Tolerance {
        ulp: t.ulp.map(|u| u * 2),
        rel: t.rel.map(|r| r * 2.0),
        abs: t.abs.map(|a| a * 2.0),
    }
}

#[test]
fn hlslc_matches_glslang() {
    if support::gpu::gpu().is_none() {
        return;
    }
    let filter = std::env::var("HLSLC_EXEC_FILTER").ok().filter(|f| !f.is_empty());
    let peer = Compiler { name: "glslang", target: Target::SpirV, compile: &glslang_compile };
    let ours = [
        Compiler { name: "hlslc", target: Target::Wgsl, compile: &hlslc_compile },
        Compiler { name: "hlslc", target: Target::SpirV, compile: &hlslc_compile },
    ];
    let mut compared = 0;
    let mut excluded = Vec::new();
    let mut failures = String::new();
    let paths = fixture_paths(&fixture_dir()).expect("listing fixtures");
    for path in &paths {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if !(name.starts_with("gen_") || name.starts_with("diff_")) {
            continue;
        }
        if filter.as_deref().is_some_and(|f| !name.contains(f)) {
            continue;
        }
        let fx = Fixture::load(path).unwrap_or_else(|e| panic!("{name}: {e}"));
        if let Some(b) = fx.known_bugs.first() {
            excluded.push(format!("{name}: {} is known wrong ({})", b.compiler, b.reason));
            continue;
        }
        let gpu = support::gpu::gpu().unwrap();
        if fx.requires.iter().any(|r| !gpu.features.contains(r.features)) {
            excluded.push(format!("{name}: the adapter lacks a required feature"));
            continue;
        }
        let reference = match fixture_outputs(&fx, &peer) {
            Ok((r, _)) => r,
            Err(e) => {
                let _ = writeln!(failures, "==== {name}: glslang could not run it:\n{e}");
                continue;
            }
        };
        for c in &ours {
            let (got, code) = match fixture_outputs(&fx, c) {
                Ok(x) => x,
                Err(e) => {
                    let _ = writeln!(failures, "==== {name} ({:?}): hlslc could not run it:\n{e}", c.target);
                    continue;
                }
            };
            for ((e, want), have) in fx.expects.iter().zip(&reference).zip(&got) {
                if want.len() != have.len() {
                    let _ = writeln!(failures, "==== {name} ({:?}) {}: {} bytes, glslang {}", c.target, e.target, have.len(), want.len());
                    continue;
                }
                let tol = doubled(&e.tolerance);
                let mut off = 0;
                let mut bad = Vec::new();
                for (i, v) in e.values.iter().enumerate() {
                    let (w, h) = (v.ty.read(&want[off..]), v.ty.read(&have[off..]));
                    off += v.ty.size();
                    let oracle = Expected {
                        ty: v.ty,
                        bits: w,
                        check: match v.check {
                            Check::Any => Check::Any,
                            _ if v.ty.is_nan(w) => Check::AnyNan,
                            _ => Check::Value,
                        },
                    };
                    if !oracle.matches(h, &tol) {
                        bad.push(format!("    [{i}] glslang {} hlslc {}", v.ty.describe(w), v.ty.describe(h)));
                    }
                }
                if !bad.is_empty() {
                    let _ = writeln!(
                        failures,
                        "==== {name} ({:?}) {} (tolerance {tol}): {} values differ from glslang's\n{}\n{code}",
                        c.target,
                        e.target,
                        bad.len(),
                        bad.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
                    );
                }
            }
        }
        compared += 1;
    }
    eprintln!(
        "differential: {compared} kernels compared (hlslc WGSL and SPIR-V vs glslang), {} excluded:",
        excluded.len()
    );
    for e in &excluded {
        eprintln!("  excluded {e}");
    }
    assert!(failures.is_empty(), "hlslc differs from glslang:\n{failures}");
    assert!(compared > 0 || filter.is_some(), "no gen_*/diff_* kernels found");
}

/// The committed `gen_*` kernels are what `tests/exec/gen/generate.py` writes (so a change
/// to the generator or its triage table cannot be forgotten). Needs python3; without it the
/// check is skipped with a notice, except under `CI=true` (`.ci/run` installs python3).
#[test]
fn generated_kernels_are_up_to_date() {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/exec/gen/generate.py");
    match std::process::Command::new("python3").arg(&script).arg("--check").output() {
        Err(e) if std::env::var("CI").is_ok_and(|v| v == "true") => panic!("python3 not runnable ({e}) under CI=true; cannot check {}", script.display()),
        Err(e) => eprintln!("SKIPPED: python3 not runnable ({e}); cannot check {}", script.display()),
        Ok(out) => assert!(
            out.status.success(),
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    }
}
