//! Bounded, deterministic smoke run of the fuzz targets (`fuzz/src/lib.rs`, the same logic
//! cargo-fuzz runs; see `fuzz/README.md` for real fuzzing):
//!
//! - `compile`: mutations of every execution and e2e fixture (structure-aware: token-level
//!   edits and HLSL fragments, fixed seeds) through the whole pipeline; an internal compiler
//!   error, a panic, or output that does not re-validate is a failure.
//! - `generated`: type-correct programs built from fixed pseudo-random bytes; hlslc must
//!   accept them and its output must re-validate.
//! - `preprocess`, `parse`: mutations through the front end only (short: the grammar crate's
//!   own fuzz smoke tests cover them at length).
//! - `fuzz/regressions/*`: every input a fuzzer once crashed on, through all four targets.
//!
//! Each target runs a fixed number of iterations (`HLSLC_FUZZ_ITERS` scales them) and stops
//! early, saying so, if it exceeds its time budget (`HLSLC_FUZZ_SECS`, default 15 s), so a
//! loaded CI machine stays within bounds. Failing inputs are written to
//! `target/fuzz-smoke-failures/` for `cargo fuzz run TARGET FILE`.

#[path = "../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod targets;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn hlsl_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            hlsl_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "hlsl" || e == "hlsli") {
            out.push(p);
        }
    }
}

/// The seed corpus: hand-written execution kernels, a sample of generated ones, e2e fixtures.
fn seeds() -> Vec<String> {
    let mut paths = Vec::new();
    hlsl_files(&root().join("tests/exec"), &mut paths);
    hlsl_files(&root().join("tests/fixtures/e2e"), &mut paths);
    let mut gen_seen = 0;
    paths.retain(|p| {
        let gen = p.file_name().unwrap().to_string_lossy().starts_with("gen_");
        gen_seen += gen as usize;
        !gen || gen_seen % 6 == 1
    });
    paths.iter().filter_map(|p| std::fs::read_to_string(p).ok()).collect()
}

fn scale() -> f64 {
    std::env::var("HLSLC_FUZZ_ITERS").ok().and_then(|v| v.parse().ok()).unwrap_or(1.0)
}

fn budget() -> Duration {
    Duration::from_secs_f64(std::env::var("HLSLC_FUZZ_SECS").ok().and_then(|v| v.parse().ok()).unwrap_or(15.0))
}

/// Runs `target` on each input (on an 8 MiB stack, like a main thread), catching panics;
/// returns the failures.
fn run(name: &str, iterations: usize, input: impl Fn(usize) -> Vec<u8> + Send + Sync + 'static, target: fn(&[u8])) {
    let budget = budget();
    let name_owned = name.to_string();
    let handle = std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(move || {
            let start = Instant::now();
            let mut failures = Vec::new();
            let mut done = 0;
            for i in 0..iterations {
                if start.elapsed() > budget {
                    break;
                }
                let data = input(i);
                if let Err(p) = std::panic::catch_unwind(|| target(&data)) {
                    let msg = p
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_default();
                    let dir = root().join("target/fuzz-smoke-failures");
                    let _ = std::fs::create_dir_all(&dir);
                    let file = dir.join(format!("{name_owned}-{i}"));
                    let _ = std::fs::write(&file, &data);
                    failures.push(format!("iteration {i} (input saved to {}):\n{}", file.display(), first_lines(&msg, 30)));
                }
                done += 1;
            }
            (done, start.elapsed(), failures)
        })
        .unwrap();
    let (done, elapsed, failures) = handle.join().unwrap();
    eprintln!(
        "fuzz smoke `{name}`: {done} of {iterations} executions in {:.1} s ({:.0}/s){}",
        elapsed.as_secs_f64(),
        done as f64 / elapsed.as_secs_f64().max(1e-9),
        if done < iterations { " — stopped at the time budget" } else { "" }
    );
    assert!(failures.is_empty(), "fuzz target `{name}` failed {} times:\n{}", failures.len(), failures.join("\n\n"));
}

fn first_lines(s: &str, n: usize) -> String {
    s.lines().take(n).collect::<Vec<_>>().join("\n")
}

fn mutated_seed(seeds: &[String], i: usize) -> Vec<u8> {
    let seed = &seeds[i % seeds.len()];
    targets::mutate(seed, 0x9E37_79B9_7F4A_7C15 ^ (i as u64).wrapping_mul(0x1000_0000_01B3)).into_bytes()
}

#[test]
fn fuzz_compile_mutated_fixtures() {
    let seeds = seeds();
    let n = (1200.0 * scale()) as usize;
    run("compile", n, move |i| mutated_seed(&seeds, i), targets::compile);
}

#[test]
fn fuzz_generated_programs() {
    let n = (300.0 * scale()) as usize;
    run(
        "generated",
        n,
        |i| {
            let mut rng = targets::Rng(0xD1B5_4A32_D192_ED03 ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9));
            let len = 256 + rng.below(4096);
            (0..len).map(|_| rng.next() as u8).collect()
        },
        targets::generated,
    );
}

#[test]
fn fuzz_front_end_mutated_fixtures() {
    let seeds = seeds();
    let n = (600.0 * scale()) as usize;
    let s2 = seeds.clone();
    run("preprocess", n, move |i| mutated_seed(&seeds, i + 7), targets::preprocess);
    run("parse", n, move |i| mutated_seed(&s2, i + 13), targets::parse);
}

#[test]
fn fuzz_regressions() {
    let mut paths = Vec::new();
    let dir = root().join("fuzz/regressions");
    for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
        if e.path().is_file() && e.path().extension().is_none_or(|x| x != "md") {
            paths.push(e.path());
        }
    }
    paths.sort();
    let inputs: Vec<Vec<u8>> = paths.iter().map(|p| std::fs::read(p).unwrap()).collect();
    eprintln!("fuzz regressions: {} inputs", inputs.len());
    for (name, target) in [
        ("regressions/preprocess", targets::preprocess as fn(&[u8])),
        ("regressions/parse", targets::parse),
        ("regressions/compile", targets::compile),
        ("regressions/generated", targets::generated),
    ] {
        let inputs = inputs.clone();
        run(name, inputs.len(), move |i| inputs[i].clone(), target);
    }
}

/// The generator's programs are valid: a fixed one compiles, and its WGSL re-validates.
#[test]
fn generated_program_is_valid_hlsl() {
    let bytes: Vec<u8> = (0..2048u32).map(|i| (i.wrapping_mul(2654435761) >> 13) as u8).collect();
    let program = targets::gen::Program::build(&mut arbitrary::Unstructured::new(&bytes)).unwrap().to_string();
    assert!(program.contains("[numthreads(64, 1, 1)]"));
    assert_eq!(targets::compile_text(&program, "cs_6_0", "main", false), targets::Outcome::Compiled, "{program}");
}
