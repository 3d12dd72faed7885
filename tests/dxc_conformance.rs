//! Conformance run against DXC's public test shaders (ignored by default: DXC's files are not
//! part of this repository, and reading them teaches behaviour; nothing is copied).
//!
//! ```text
//! git --git-dir=<DXC git dir> archive HEAD tools/clang/test/CodeGenSPIRV \
//!     tools/clang/test/HLSLFileCheck | tar -x -C /tmp/dxc
//! HLSLC_DXC_TESTS=/tmp/dxc/tools/clang/test/CodeGenSPIRV \
//!     cargo test --release --test dxc_conformance -- --ignored --nocapture
//! ```
//!
//! For every `.hlsl` file, the first `RUN:` line gives DXC's flags (`-T`, `-E`, `-D`, `-HV`,
//! `-enable-16bit-types` …). A file is *expected to fail* when the run line is `not %dxc` or a
//! `CHECK` line expects an `error:`; otherwise it is *expected to pass*. The test compiles each
//! file for WGSL and reports the agreement with DXC: expected-pass files that compile and whose
//! output validates, expected-fail files that hlslc rejects. Failures are grouped by their
//! first diagnostic so the largest gaps show first. `HLSLC_DXC_FILTER=<part of a path>` prints
//! the diagnostics of matching files. No file may panic.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

struct Run {
    profile: Option<String>,
    entry: String,
    defines: Vec<(String, Option<String>)>,
    hlsl_version: u32,
    enable_16bit: bool,
    spirv_only: bool,
}

fn parse_run(text: &str) -> Option<(Run, bool)> {
    let line = text.lines().find(|l| l.contains("RUN:"))?;
    let expect_fail = line.contains("not %dxc") || text.lines().any(|l| {
        let l = l.trim_start();
        (l.starts_with("// CHECK:") || l.starts_with("//CHECK:") || l.starts_with("// CHECK-NEXT:")) && l.contains("error:")
    });
    let args: Vec<&str> = line.split_whitespace().collect();
    let mut run = Run { profile: None, entry: "main".into(), defines: vec![], hlsl_version: 2021, enable_16bit: false, spirv_only: false };
    let mut i = 0;
    while i < args.len() {
        let a = args[i];
        let next = args.get(i + 1).copied();
        match a {
            "-T" => {
                run.profile = next.map(str::to_string);
                i += 1;
            }
            "-E" => {
                run.entry = next.unwrap_or("main").to_string();
                i += 1;
            }
            "-HV" => {
                run.hlsl_version = next.and_then(|v| v.parse().ok()).unwrap_or(2021);
                i += 1;
            }
            "-D" => {
                if let Some(d) = next {
                    run.defines.push(split_define(d));
                }
                i += 1;
            }
            "-enable-16bit-types" => run.enable_16bit = true,
            _ if a.starts_with("-D") && a.len() > 2 => run.defines.push(split_define(&a[2..])),
            _ if a.starts_with("-T") && a.len() > 2 => run.profile = Some(a[2..].to_string()),
            _ if a.starts_with("-E") && a.len() > 2 => run.entry = a[2..].to_string(),
            _ if a.starts_with("-fspv-") || a.starts_with("-fvk-") => run.spirv_only = true,
            _ => {}
        }
        i += 1;
    }
    Some((run, expect_fail))
}

fn split_define(d: &str) -> (String, Option<String>) {
    match d.split_once('=') {
        Some((n, v)) => (n.to_string(), Some(v.to_string())),
        None => (d.to_string(), None),
    }
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|x| x == "hlsl") {
            out.push(p);
        }
    }
}

#[test]
#[ignore = "needs DXC's test files: set HLSLC_DXC_TESTS"]
fn dxc_conformance() {
    let dir = std::env::var("HLSLC_DXC_TESTS").expect("set HLSLC_DXC_TESTS");
    let filter = std::env::var("HLSLC_DXC_FILTER").ok();
    let mut files = Vec::new();
    walk(Path::new(&dir), &mut files);
    files.sort();
    let (mut pass_total, mut pass_ok, mut fail_total, mut fail_ok) = (0, 0, 0, 0);
    let mut gaps: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut accepted_errors: Vec<String> = Vec::new();
    let mut panics = Vec::new();
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else { continue };
        let Some((run, expect_fail)) = parse_run(&text) else { continue };
        let name = path.strip_prefix(&dir).unwrap_or(path).display().to_string();
        let mut options = hlslc::Options { profile: run.profile.clone(), entry_point: run.entry.clone(), ..Default::default() };
        options.defines = run.defines.clone();
        options.hlsl_version = run.hlsl_version;
        options.enable_16bit_types = run.enable_16bit;
        options.include_dirs.push(path.parent().unwrap().display().to_string());
        let source = hlslc::Source::new(path.display().to_string(), text.clone());
        let result = std::panic::catch_unwind(|| {
            let mut resolver = hlslc::fs::FsResolver;
            match hlslc::compile_with(&source, &options, &mut resolver) {
                Ok(c) => match c.wgsl() {
                    Ok(_) => Ok(()),
                    Err(e) => Err(e.render()),
                },
                Err(e) => Err(e.render()),
            }
        });
        let outcome = match result {
            Ok(o) => o,
            Err(_) => {
                panics.push(name.clone());
                continue;
            }
        };
        if filter.as_deref().is_some_and(|f| name.contains(f)) {
            println!("==== {name} (expect {}):\n{}", if expect_fail { "fail" } else { "pass" }, outcome.as_ref().err().cloned().unwrap_or_else(|| "ok".into()));
        }
        if expect_fail {
            fail_total += 1;
            match outcome {
                Err(_) => fail_ok += 1,
                Ok(()) => accepted_errors.push(name),
            }
        } else {
            pass_total += 1;
            match outcome {
                Ok(()) => pass_ok += 1,
                Err(msg) => {
                    let first = msg.lines().find(|l| l.starts_with("error")).unwrap_or("?").to_string();
                    // Group by message without the quoted names.
                    let key = first.split('`').enumerate().map(|(i, p)| if i % 2 == 1 { "…" } else { p }).collect::<Vec<_>>().join("`");
                    gaps.entry(key).or_default().push(name);
                }
            }
        }
    }
    let mut groups: Vec<_> = gaps.into_iter().collect();
    groups.sort_by_key(|(_, v)| std::cmp::Reverse(v.len()));
    for (k, v) in groups.iter().take(60) {
        println!("{:5}  {k}\n       e.g. {}", v.len(), v.iter().take(3).cloned().collect::<Vec<_>>().join(", "));
    }
    println!("expected-fail files hlslc accepted ({}): {}", accepted_errors.len(), accepted_errors.iter().take(30).cloned().collect::<Vec<_>>().join(", "));
    println!(
        "expected-pass: {pass_ok}/{pass_total} ({:.1} %) compile; expected-fail: {fail_ok}/{fail_total} ({:.1} %) rejected; agreement {:.1} %",
        100.0 * pass_ok as f64 / pass_total.max(1) as f64,
        100.0 * fail_ok as f64 / fail_total.max(1) as f64,
        100.0 * (pass_ok + fail_ok) as f64 / (pass_total + fail_total).max(1) as f64
    );
    assert!(panics.is_empty(), "panics: {panics:?}");
}
