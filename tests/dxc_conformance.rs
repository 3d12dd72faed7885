//! Conformance run against DXC's public test shaders (ignored by default: DXC's files are not
//! part of this repository, and reading them teaches behaviour; nothing is copied).
//!
//! ```text
//! git --git-dir=<DXC git dir> archive HEAD tools/clang/test/SemaHLSL \
//!     tools/clang/test/CodeGenSPIRV tools/clang/test/HLSLFileCheck | tar -x -C /tmp/dxc
//! HLSLC_DXC_TESTS=/tmp/dxc/tools/clang/test/SemaHLSL:/tmp/dxc/tools/clang/test/CodeGenSPIRV \
//!     cargo test --release --test dxc_conformance -- --ignored --nocapture
//! ```
//!
//! `HLSLC_DXC_TESTS` lists directories (`:`-separated); every `.hlsl` file below them is read.
//! Cases compile to WGSL unless their run line says `-spirv`; a case rejected for WGSL only
//! because of target limitations (E0610, E0630, E08xx: stages or features WGSL cannot express)
//! is compiled again for SPIR-V, since DXC's own target, DXIL, is neither.
//! Each `RUN:` line that runs the compiler (`%dxc`, `%clang_cc1`, `dxc`) is one *case* with
//! that line's flags (`-T`, `-E`, `-D`, `-HV`, `-Gec`, `-enable-16bit-types`, `-Wno-…`, `-WX`,
//! `-I` with `%S` as the test's directory …); a `-P` run is preprocessed only, as DXC does
//! (its text need not be HLSL). DXC's verdict comes from the test itself:
//! - `-verify` tests fail when an active `expected-error` annotation is present (annotations
//!   in `#if` branches the case's `-D`s turn off are ignored), and pass otherwise;
//! - other tests fail when the run line is `not %dxc` or a `CHECK` line of the run's prefixes
//!   expects an `error:` or an error message checked without it (an English sentence saying
//!   something must, cannot or may not be: see `is_error_sentence`), and pass otherwise;
//! - tests that lit does not run (a `lit.local.cfg` above them sets `config.suffixes = []`:
//!   HLSLFileCheck) run in DXC's in-process harness (`FileCheckerTest.cpp`), whose `FileCheck`
//!   reads the compiler's diagnostics when the compile fails and its disassembly when it
//!   succeeds. There a `CHECK` line expecting any diagnostic (a `warning:`, a `note:`, a
//!   `file.hlsl:line` location) also means the compile fails, unless `FileCheck` reads
//!   `-input-file=stderr`; and a run whose lines are all `CHECK-NOT` passes either way, so
//!   DXC's verdict is unknown and the case is left out of the figures (counted as such).
//!
//! The report groups hlslc's disagreements by their first diagnostic (quoted names elided) so
//! the largest gaps show first, counts rejections that name a target limitation (a stage or
//! feature WGSL/naga cannot express) separately, and, for `-verify` tests, the share of
//! expected errors hlslc reports on the same line. `HLSLC_DXC_FILTER=<part of a path>` prints
//! the diagnostics of matching cases; `HLSLC_DXC_REPORT=<file>` writes one line per case
//! (`path[#run]\texpect\tgot\tfirst diagnostic`) to diff two runs. No case may panic or
//! overflow the stack, run out of memory or hang: each runs in a child process limited to
//! 1.5 GiB of address space and 30 s of CPU time, on a thread with the CLI's 8 MiB stack.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One compiler invocation of a test file.
#[derive(Clone, Debug, PartialEq)]
struct Case {
    options: Flags,
    expect_fail: bool,
    /// For `-verify` cases: the lines (1-based) that expect an error, with the expected text.
    error_lines: Vec<(u32, String)>,
    /// DXC's verdict cannot be read from the test (in-process `CHECK-NOT`-only runs).
    unknown: bool,
}

#[derive(Clone, Debug, PartialEq, Default)]
struct Flags {
    profile: Option<String>,
    entry: Option<String>,
    defines: Vec<(String, Option<String>)>,
    hlsl_version: Option<u32>,
    enable_16bit: bool,
    gec: bool,
    row_major: bool,
    legacy_macro: bool,
    legacy_reservation: bool,
    warning_flags: Vec<String>,
    spirv: bool,
    /// `-P`: preprocess only (DXC writes the preprocessed text and compiles nothing).
    preprocess: bool,
    /// Flags `hlslc::Options::dxc_arg` reads (binding, SPIR-V environment, optimiser, DXIL
    /// outputs …), each with its arguments, as the CLI passes them.
    dxc: Vec<Vec<String>>,
    /// `-I` directories as written (`%S` is the test's directory), searched before it.
    include_dirs: Vec<String>,
}

/// Joins `RUN:` lines continued with a trailing `\`.
fn run_lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut pending: Option<String> = None;
    for line in text.lines() {
        let Some(pos) = line.find("RUN:") else {
            if let Some(p) = pending.take() {
                out.push(p);
            }
            continue;
        };
        let body = line[pos + 4..].trim();
        let (body, continued) = match body.strip_suffix('\\') {
            Some(b) => (b.trim_end(), true),
            None => (body, false),
        };
        let joined = match pending.take() {
            Some(p) => format!("{p} {body}"),
            None => body.to_string(),
        };
        if continued {
            pending = Some(joined);
        } else {
            out.push(joined);
        }
    }
    out.extend(pending);
    out
}

/// True if lit does not run the tests below `dir` (an ancestor's `lit.local.cfg` sets
/// `config.suffixes = []`): DXC runs them in its in-process harness instead.
fn in_process_harness(path: &Path) -> bool {
    path.ancestors().skip(1).any(|d| {
        std::fs::read_to_string(d.join("lit.local.cfg"))
            .is_ok_and(|cfg| cfg.lines().any(|l| l.split('#').next().unwrap_or("").replace(' ', "") == "config.suffixes=[]"))
    })
}

/// The cases of a test file (duplicates removed); `in_process`: the file runs in DXC's
/// in-process harness (see `in_process_harness`).
fn cases(text: &str, in_process: bool) -> Vec<Case> {
    let mut out: Vec<Case> = Vec::new();
    for line in run_lines(text) {
        // The compiler invocation is the first command of the pipeline.
        let command = line.split('|').next().unwrap_or("");
        let words: Vec<&str> = command.split_whitespace().collect();
        let negated = words.first() == Some(&"not");
        let words: &[&str] = if negated { &words[1..] } else { &words };
        let Some(tool) = words.first() else { continue };
        if !matches!(*tool, "%dxc" | "dxc" | "%clang_cc1" | "%dxc_cc1") {
            continue;
        }
        let (flags, verify) = parse_flags(&words[1..]);
        let prefixes = check_prefixes(&line);
        // DXC's harness feeds `FileCheck` the diagnostics of a failed compile; with
        // `-input-file=stderr` it reads them whatever the outcome.
        let diagnostics_only = in_process && !line.contains("-input-file=stderr");
        // An AST dump prints source locations of its own (`<file.hlsl:3:1, col:18>`).
        let locations = !line.contains("-ast-dump");
        let (expect_fail, error_lines) = match &verify {
            Some(prefix) => {
                let lines = verify_error_lines(text, prefix, &flags.defines);
                (!lines.is_empty(), lines)
            }
            None => (negated || expects_error(text, &prefixes, diagnostics_only, locations), Vec::new()),
        };
        let unknown = verify.is_none() && !expect_fail && in_process && only_negative_checks(text, &prefixes);
        let case = Case { options: flags, expect_fail, error_lines, unknown };
        if !out.contains(&case) {
            out.push(case);
        }
    }
    out
}

/// Parses DXC flags; returns them and, for `-verify[=P]`, the annotation prefix.
fn parse_flags(args: &[&str]) -> (Flags, Option<String>) {
    let mut f = Flags::default();
    let mut verify = None;
    let mut i = 0;
    // Flags taking a separate value that are not otherwise used here.
    const WITH_VALUE: &[&str] = &["-Fo", "-Fi", "-Fc", "-Fe", "-Frs", "-exports", "-select-validator", "-validator-version", "-Vn", "-Vd", "-fspv-target-env", "-fvk-b-shift", "-fvk-t-shift", "-fvk-s-shift", "-fvk-u-shift", "-O", "-opt-enable", "-opt-disable", "-remove-unused-functions", "-fspv-extension", "-fspv-entrypoint-name", "-ftime-trace-granularity"];
    // DXC's tool modes and DXIL-only outputs, refused by hlslc (E0670) but not a verdict on
    // the shader: the case is compiled without them (`-ast-dump` prints the AST of a shader
    // DXC accepts, a binding table places DXIL registers, `-export-shaders-only` and
    // `-precise-output` change DXIL's exports and outputs).
    const TOOL_FLAGS: &[&str] = &["-ast-dump", "-ast-dump-implicit", "-export-shaders-only"];
    const TOOL_FLAGS_WITH_VALUE: &[&str] = &["-binding-table-define", "-import-binding-table", "-precise-output", "-Fsh", "-Fh"];
    while i < args.len() {
        let words: Vec<&str> = args[i..].iter().map(|w| w.trim_matches('"')).collect();
        if TOOL_FLAGS_WITH_VALUE.contains(&words[0]) {
            i += 2;
            continue;
        }
        // `-fcgl` stops DXC before legalization so that its tests can check the SPIR-V it
        // writes first; hlslc takes the flag without effect (its output is always legalized),
        // and the verdict compared here is the compile's, so the case compiles without it.
        if words[0] == "-fcgl" {
            i += 1;
            continue;
        }
        // The runner's own flags (`-verify`) and the output-file flags it ignores come first:
        // the library refuses some of them (`-verify`, `-Frs`, `-exports`: E0670), which a
        // user's command line should hear but a verdict on the shader should not.
        let own = words[0] == "-verify" || words[0].starts_with("-verify=") || WITH_VALUE.contains(&words[0]) || TOOL_FLAGS.contains(&words[0]);
        if let Some(n) = (!own).then(|| hlslc::Options::default().dxc_arg(&words)).flatten() {
            f.dxc.push(words[..n].iter().map(|w| w.to_string()).collect());
            i += n;
            continue;
        }
        let a = args[i].trim_matches('"');
        let next = args.get(i + 1).map(|s| s.trim_matches('"'));
        let mut take = |v: Option<&str>| -> Option<String> {
            i += 1;
            v.map(str::to_string)
        };
        match a {
            "-T" | "/T" => f.profile = take(next),
            "-E" | "/E" => f.entry = take(next),
            "-HV" | "/HV" => f.hlsl_version = take(next).and_then(|v| parse_version(&v)),
            "-D" | "/D" => f.defines.extend(take(next).map(|d| split_define(&d))),
            "-enable-16bit-types" => f.enable_16bit = true,
            "-Gec" | "/Gec" => f.gec = true,
            "-Zpr" | "/Zpr" => f.row_major = true,
            "-flegacy-macro-expansion" => f.legacy_macro = true,
            "-flegacy-resource-reservation" => f.legacy_reservation = true,
            "-WX" | "/WX" | "-Werror" | "-w" | "-no-warnings" => f.warning_flags.push(a.to_string()),
            "-spirv" => f.spirv = true,
            "-I" | "/I" => f.include_dirs.extend(take(next)),
            "-P" | "/P" => f.preprocess = true,
            "-verify" => verify = Some("expected".to_string()),
            _ if a.starts_with("-verify=") => verify = Some(a["-verify=".len()..].to_string()),
            _ if a.starts_with("-W") && a.len() > 2 => f.warning_flags.push(a.to_string()),
            _ if a.starts_with("-HV") && a.len() > 3 => f.hlsl_version = parse_version(&a[3..]),
            _ if (a.starts_with("-D") || a.starts_with("/D")) && a.len() > 2 => f.defines.push(split_define(&a[2..])),
            _ if (a.starts_with("-T") || a.starts_with("/T")) && a.len() > 2 && a.contains('_') => f.profile = Some(a[2..].to_string()),
            _ if (a.starts_with("-E") || a.starts_with("/E")) && a.len() > 2 => f.entry = Some(a[2..].to_string()),
            _ if WITH_VALUE.contains(&a) => i += 1,
            _ => {}
        }
        i += 1;
    }
    (f, verify)
}

/// `2016`, `2018`, `2021`, `202x` (DXC's internal 2029, with its conforming literals; also
/// for `202y`, the version after it, which hlslc does not have) → a version number.
fn parse_version(v: &str) -> Option<u32> {
    match v {
        "202x" | "202y" => Some(2029),
        _ => v.parse().ok(),
    }
}

fn split_define(d: &str) -> (String, Option<String>) {
    match d.split_once('=') {
        Some((n, v)) => (n.to_string(), Some(v.to_string())),
        None => (d.to_string(), None),
    }
}

/// FileCheck prefixes of a run line (default `CHECK`).
fn check_prefixes(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let words: Vec<&str> = line.split_whitespace().collect();
    for (i, w) in words.iter().enumerate() {
        for key in ["-check-prefix", "--check-prefix", "-check-prefixes", "--check-prefixes"] {
            if let Some(v) = w.strip_prefix(key).and_then(|r| r.strip_prefix('=')) {
                out.extend(v.split(',').map(str::to_string));
            } else if *w == key {
                if let Some(v) = words.get(i + 1) {
                    out.extend(v.split(',').map(str::to_string));
                }
            }
        }
    }
    if out.is_empty() {
        out.push("CHECK".to_string());
    }
    out
}

/// The directive (`""`, `-NOT`, `-NEXT` …) and checked text of each `FileCheck` line of one
/// of the prefixes.
fn check_lines<'a>(text: &'a str, prefixes: &'a [String]) -> impl Iterator<Item = (&'a str, &'a str)> + 'a {
    text.lines().filter_map(move |l| {
        let l = l.trim_start().trim_start_matches('/').trim_start();
        prefixes.iter().find_map(|p| {
            let rest = l.strip_prefix(p.as_str())?;
            let (directive, checked) = rest.split_once(':')?;
            directive.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-').then_some((directive, checked))
        })
    })
}

/// True if the run's `FileCheck` lines are all `CHECK-NOT`s (and there is one).
fn only_negative_checks(text: &str, prefixes: &[String]) -> bool {
    let mut directives = check_lines(text, prefixes).map(|(d, _)| d).peekable();
    directives.peek().is_some() && directives.all(|d| d == "-NOT")
}

/// True if checked text is something only a diagnostic prints: a `warning:` or `note:`, or a
/// source location (`file.hlsl:12`).
fn is_diagnostic_text(text: &str, locations: bool) -> bool {
    let location = locations && [".hlsl:", ".hlsli:"].iter().any(|ext| {
        text.match_indices(ext).any(|(i, m)| text[i + m.len()..].starts_with(|c: char| c.is_ascii_digit()))
    });
    text.contains("warning:") || text.contains("note:") || location
}

/// True if a check line of one of the prefixes expects an `error:` diagnostic, or, where
/// `diagnostics_only` (the harness reads diagnostics only when the compile fails), any
/// diagnostic (`locations`: a source location counts as one, which it does not in an AST dump).
fn expects_error(text: &str, prefixes: &[String], diagnostics_only: bool, locations: bool) -> bool {
    let positive = check_lines(text, prefixes).any(|(directive, checked)| {
        matches!(directive, "" | "-NEXT" | "-DAG" | "-SAME" | "-LABEL") && diagnostics_only && is_diagnostic_text(checked, locations)
    });
    positive || expects_error_message(text, prefixes)
}

/// True if a check line of one of the prefixes expects an `error:` diagnostic.
fn expects_error_message(text: &str, prefixes: &[String]) -> bool {
    text.lines().any(|l| {
        let l = l.trim_start().trim_start_matches('/').trim_start();
        prefixes.iter().any(|p| {
            let Some(rest) = l.strip_prefix(p.as_str()) else { return false };
            let directive = rest.split(':').next().unwrap_or("");
            // DXC reports some errors from its optimiser and validator without the `error:`
            // in the checked text (`Could not unroll loop.`, `Offsets to texture access
            // operations must be immediate values`, the validator's `validation errors`).
            let error = (rest.contains("error:") && !rest.contains("error: 0"))
                || rest.contains("validation errors")
                || rest.contains("Could not unroll loop")
                || rest.contains("Offsets to texture access operations must be");
            let checked = rest.split_once(':').map_or("", |(_, t)| t);
            matches!(directive, "" | "-NEXT" | "-DAG" | "-SAME" | "-LABEL") && (error || is_error_sentence(checked))
        })
    })
}

/// True if checked text is an error message without its `error: ` (DXC's validation and
/// code-generation errors, which its tests often check from the middle): an English sentence
/// of three words or more saying something must, cannot or may not be, or is disallowed. What
/// DXC prints when it succeeds — DXIL, SPIR-V, AST dumps, reflection, warnings, `Note:` lines —
/// is tokens, punctuation and names, never such a sentence.
fn is_error_sentence(text: &str) -> bool {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    // A message may begin with a quoted name (`'globallycoherent' is not a valid modifier`).
    let starts_with_word = t.trim_start_matches('\'').starts_with(|c: char| c.is_ascii_alphabetic());
    let plain = !t.contains(|c: char| "!%@=<>{}[]#$;".contains(c));
    let words: Vec<&str> = lower.split(|c: char| !c.is_ascii_alphanumeric() && c != '\'').filter(|w| !w.is_empty()).collect();
    let verdict = ["must", "cannot", "only", "invalid", "not", "conflicts", "conflict", "redefinition", "undeclared", "unexpected", "may", "too", "disallowed"];
    starts_with_word
        && plain
        && !lower.starts_with("note")
        && !lower.starts_with("warning")
        && t.split_whitespace().count() >= 3
        && words.iter().any(|w| verdict.contains(w))
}

/// The lines expecting an error in a `-verify` test, skipping `#if` branches that the
/// case's defines turn off (simple conditions only: `#ifdef`, `#ifndef`, `#if [!]defined(X)`,
/// `#if X`, `#if 0`, `#if 1`; anything else counts as active).
fn verify_error_lines(text: &str, prefix: &str, defines: &[(String, Option<String>)]) -> Vec<(u32, String)> {
    let defined = |name: &str| defines.iter().find(|(n, _)| n == name);
    let truthy = |name: &str| defined(name).is_some_and(|(_, v)| v.as_deref().is_none_or(|v| v != "0"));
    // Stack of (this branch active, some branch taken).
    let mut stack: Vec<(bool, bool)> = Vec::new();
    let mut out = Vec::new();
    let marker = format!("{prefix}-error");
    for (n, line) in text.lines().enumerate() {
        let t = line.trim_start();
        if let Some(d) = t.strip_prefix('#') {
            let d = d.trim_start();
            let cond = |c: &str| -> Option<bool> {
                let c = c.trim();
                let c = c.split("//").next().unwrap_or("").trim();
                if let Some(inner) = c.strip_prefix("!defined") {
                    return Some(defined(inner.trim().trim_matches(|ch| ch == '(' || ch == ')').trim()).is_none());
                }
                if let Some(inner) = c.strip_prefix("defined") {
                    return Some(defined(inner.trim().trim_matches(|ch| ch == '(' || ch == ')').trim()).is_some());
                }
                match c {
                    "0" => Some(false),
                    "1" => Some(true),
                    _ if c.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '_') => Some(truthy(c)),
                    _ if c.starts_with('!') && c[1..].chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '_') => Some(!truthy(&c[1..])),
                    _ => None,
                }
            };
            let parent = stack.iter().all(|(a, _)| *a);
            if let Some(name) = d.strip_prefix("ifdef") {
                let v = defined(name.trim()).is_some();
                stack.push((parent && v, v));
                continue;
            } else if let Some(name) = d.strip_prefix("ifndef") {
                let v = defined(name.trim()).is_none();
                stack.push((parent && v, v));
                continue;
            } else if let Some(c) = d.strip_prefix("if") {
                let v = cond(c).unwrap_or(true);
                stack.push((parent && v, v));
                continue;
            } else if let Some(c) = d.strip_prefix("elif") {
                if let Some((_, taken)) = stack.pop() {
                    let parent = stack.iter().all(|(a, _)| *a);
                    let v = !taken && cond(c).unwrap_or(true);
                    stack.push((parent && v, taken || v));
                }
                continue;
            } else if d.starts_with("else") {
                if let Some((_, taken)) = stack.pop() {
                    let parent = stack.iter().all(|(a, _)| *a);
                    stack.push((parent && !taken, true));
                }
                continue;
            } else if d.starts_with("endif") {
                stack.pop();
                continue;
            }
        }
        if !stack.iter().all(|(a, _)| *a) {
            continue;
        }
        let mut rest = line;
        while let Some(pos) = rest.find(&marker) {
            let after = &rest[pos + marker.len()..];
            // `expected-error-foo` is another prefix.
            if after.starts_with('-') || after.starts_with(|c: char| c.is_ascii_alphanumeric()) {
                rest = after;
                continue;
            }
            let line_no = n as u32 + 1;
            let target = match after.strip_prefix('@') {
                Some(off) => {
                    let num: String = off.chars().take_while(|c| c.is_ascii_digit() || *c == '+' || *c == '-').collect();
                    if let Some(d) = num.strip_prefix('+') {
                        d.parse::<u32>().ok().map(|d| line_no + d)
                    } else if let Some(d) = num.strip_prefix('-') {
                        d.parse::<u32>().ok().and_then(|d| line_no.checked_sub(d))
                    } else {
                        num.parse().ok()
                    }
                }
                None => Some(line_no),
            };
            let message = after.split("{{").nth(1).and_then(|m| m.split("}}").next()).unwrap_or("").to_string();
            out.extend(target.map(|t| (t, message)));
            rest = after;
        }
    }
    out.sort();
    out.dedup_by_key(|(l, _)| *l);
    out
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

/// What hlslc did with a case.
enum Outcome {
    Accepted,
    /// Rejected: rendered diagnostics, the first error line, the lines of errors in the main
    /// file, and whether the first error is a target limitation.
    Rejected { text: String, first: String, lines: Vec<u32>, target_limit: bool },
    /// Panicked, overflowed its stack, ran out of memory or died of another signal.
    Crashed(String),
    /// Ran out of CPU time or did not finish in time.
    Hung,
}

/// Diagnostic codes that name a stage or feature WGSL/naga cannot express.
fn is_target_limitation(code: &str) -> bool {
    matches!(code, "E0610" | "E0630") || code.starts_with("E08")
}

/// Address-space limit of a case's child process: the whole run stays within 2 GB.
const CHILD_MEMORY: u64 = 1536 << 20;
/// CPU-time limit of a case's child process (`SIGXCPU` past it).
const CHILD_CPU_SECONDS: u64 = 30;
/// Wall-clock limit of a case's child process, for a case blocked on something else.
const CHILD_WALL: std::time::Duration = std::time::Duration::from_secs(90);

/// Compiles case `k` of `path` in a child process (this test binary re-executed in the mode of
/// [`dxc_conformance_child`]) with bounded memory and CPU time, so that one runaway input
/// cannot take the machine down or leave a thread behind (an earlier in-process runner grew
/// to 23 GB: every timed-out case kept running beside the next ones). A child killed by a
/// signal, out of memory or time, or that panicked, is a crash or a hang.
fn compile_case(path: &Path, k: usize) -> Outcome {
    let dir = std::env::temp_dir().join(format!("hlslc-dxc-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let out = dir.join("outcome");
    let _ = std::fs::remove_file(&out);
    let child = std::process::Command::new(std::env::current_exe().expect("the test binary"))
        .args(["--exact", "dxc_conformance_child", "--nocapture", "--test-threads", "1", "-q"])
        .env("HLSLC_DXC_CASE", path)
        .env("HLSLC_DXC_CASE_INDEX", k.to_string())
        .env("HLSLC_DXC_CASE_OUT", &out)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    let Ok(mut child) = child else { return Outcome::Crashed("cannot spawn the child".to_string()) };
    let start = std::time::Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() > CHILD_WALL => {
                let _ = child.kill();
                let _ = child.wait();
                return Outcome::Hung;
            }
            Ok(None) => std::thread::sleep(std::time::Duration::from_millis(2)),
            Err(e) => return Outcome::Crashed(e.to_string()),
        }
    };
    use std::os::unix::process::ExitStatusExt;
    if status.signal() == Some(libc::SIGXCPU) {
        return Outcome::Hung;
    }
    if !status.success() {
        return Outcome::Crashed(format!("{status}"));
    }
    let Ok(text) = std::fs::read_to_string(&out) else { return Outcome::Crashed("no outcome written".to_string()) };
    let mut parts = text.splitn(4, '\n');
    match parts.next() {
        Some("accepted") => Outcome::Accepted,
        // An internal compiler error (a naga validation failure, a caught panic) is a crash.
        Some("rejected") if text.contains("\nE99") => Outcome::Crashed(text),
        Some("rejected") => {
            let target_limit = parts.next() == Some("1");
            let first = parts.next().unwrap_or("").to_string();
            let rest = parts.next().unwrap_or("");
            let (lines, rendered) = rest.split_once('\n').unwrap_or((rest, ""));
            let lines = lines.split(',').filter_map(|l| l.parse().ok()).collect();
            Outcome::Rejected { text: rendered.to_string(), first, lines, target_limit }
        }
        _ => Outcome::Crashed(text),
    }
}

/// The child process of [`compile_case`]: does nothing unless `HLSLC_DXC_CASE` is set (so it
/// passes trivially in a normal run); then limits its own memory and CPU time, compiles that
/// case on a thread with the CLI's 8 MiB stack and writes the outcome (`accepted`, or
/// `rejected`, target limitation `0`/`1`, first error, error lines, rendered diagnostics).
#[test]
fn dxc_conformance_child() {
    let Some(path) = std::env::var_os("HLSLC_DXC_CASE") else { return };
    let k: usize = std::env::var("HLSLC_DXC_CASE_INDEX").ok().and_then(|k| k.parse().ok()).expect("HLSLC_DXC_CASE_INDEX");
    let out = std::env::var_os("HLSLC_DXC_CASE_OUT").expect("HLSLC_DXC_CASE_OUT");
    for (resource, limit) in [(libc::RLIMIT_AS, CHILD_MEMORY), (libc::RLIMIT_CPU, CHILD_CPU_SECONDS)] {
        let r = libc::rlimit { rlim_cur: limit as libc::rlim_t, rlim_max: limit as libc::rlim_t };
        // SAFETY: setrlimit reads a valid rlimit; lowering our own limits is always allowed.
        unsafe { libc::setrlimit(resource, &r) };
    }
    let path = PathBuf::from(path);
    let text = std::fs::read_to_string(&path).expect("reading the case");
    let case = cases(&text, in_process_harness(&path)).into_iter().nth(k).expect("the case index");
    let result = std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(move || compile_in_process(&path, &text, &case))
        .expect("spawning the compile thread")
        .join();
    let Ok(text) = result else { std::process::exit(101) };
    std::fs::write(out, text).expect("writing the outcome");
}

/// Compiles one case; returns the outcome in the child's format.
fn compile_in_process(path: &Path, text: &str, case: &Case) -> String {
    let f = &case.options;
    let mut options = hlslc::Options {
        profile: f.profile.clone().or_else(|| Some("lib_6_3".to_string())),
        entry_point: f.entry.clone().unwrap_or_else(|| "main".to_string()),
        ..Default::default()
    };
    options.defines = f.defines.clone();
    options.hlsl_version = f.hlsl_version.unwrap_or(if f.gec { 2016 } else { 2021 });
    options.enable_16bit_types = f.enable_16bit;
    options.backwards_compatibility = f.gec;
    options.default_row_major = f.row_major;
    options.legacy_macro_expansion = f.legacy_macro;
    options.bindings.legacy_resource_reservation = f.legacy_reservation;
    for flag in &f.warning_flags {
        options.warnings.parse(flag);
    }
    let dir = path.parent().unwrap_or(Path::new(".")).display().to_string();
    options.include_dirs.extend(f.include_dirs.iter().map(|d| d.replace("%S", &dir)));
    options.include_dirs.push(dir);
    if f.spirv {
        options.target = hlslc::Target::SpirV;
    }
    for words in &f.dxc {
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        options.dxc_arg(&words);
    }
    let source = hlslc::Source::new(path.display().to_string(), text.to_string());
    let mut resolver = hlslc::fs::FsResolver;
    let mut result = if f.preprocess {
        hlslc::preprocess(&source, &options, &mut resolver).map(|_| ())
    } else {
        hlslc::compile_with(&source, &options, &mut resolver).and_then(|c| c.output().map(|_| ()))
    };
    // DXC's own target is DXIL, which neither hlslc target is: a case rejected for WGSL only
    // because of target limitations (stages or features WGSL cannot express: geometry,
    // tessellation and ray-tracing stages, input attachments …) is compiled again for SPIR-V,
    // the target a DXC user of those features would choose.
    let only_target_limits = |r: &Result<(), hlslc::Error>| {
        r.as_ref().err().is_some_and(|e| {
            let mut errors = e.diagnostics.iter().filter(|d| d.is_error()).peekable();
            errors.peek().is_some() && errors.all(|d| is_target_limitation(d.code))
        })
    };
    if options.target == hlslc::Target::Wgsl && !f.preprocess && only_target_limits(&result) {
        options.target = hlslc::Target::SpirV;
        result = hlslc::compile_with(&source, &options, &mut resolver).and_then(|c| c.output().map(|_| ()));
    }
    match result {
        Ok(()) => "accepted".to_string(),
        Err(e) => {
            let rendered = e.render();
            let first_error = e.diagnostics.iter().find(|d| d.is_error());
            let target_limit = first_error.is_some_and(|d| is_target_limitation(d.code));
            let first = first_error.map(|d| format!("{}: {}", d.code, d.message)).unwrap_or_default();
            let lines: Vec<String> = e
                .diagnostics
                .iter()
                .filter(|d| d.is_error())
                .filter_map(|d| {
                    let r = e.source_map.resolve(d.span)?;
                    let file = e.source_map.file(r.file);
                    (file.name == source.name).then(|| (file.line_col(r.range.start as u32).0 + 1).to_string())
                })
                .collect();
            format!("rejected\n{}\n{}\n{}\n{rendered}", u8::from(target_limit), first.replace('\n', " "), lines.join(","))
        }
    }
}

/// Replaces quoted names and numbers so similar messages group together.
fn group_key(first: &str) -> String {
    let mut elided = first.to_string();
    for quote in ['`', '\''] {
        elided = elided.split(quote).enumerate().map(|(i, p)| if i % 2 == 1 { "…" } else { p }).collect::<Vec<_>>().join(&quote.to_string());
    }
    let code = elided.starts_with('E') || elided.starts_with('W');
    elided.chars().enumerate().map(|(i, c)| if c.is_ascii_digit() && !(code && i < 5) { '#' } else { c }).collect()
}

#[derive(Default)]
struct Tally {
    pass_total: u32,
    pass_ok: u32,
    fail_total: u32,
    fail_ok: u32,
    /// Expected-pass cases rejected with a target limitation.
    pass_target_limit: u32,
    /// `-verify` errors expected / reported on the same line.
    lines_expected: u32,
    lines_hit: u32,
    /// Cases left out because DXC's verdict cannot be read from the test.
    unknown: u32,
}

impl Tally {
    fn line(&self, name: &str) -> String {
        let pct = |a: u32, b: u32| 100.0 * a as f64 / b.max(1) as f64;
        let adjusted_pass = self.pass_total - self.pass_target_limit;
        format!(
            "{name}: expected-pass {}/{} ({:.1} %) accepted, expected-fail {}/{} ({:.1} %) rejected, agreement {:.1} %; \
             without target limitations ({} cases) agreement {:.1} %; verify error lines hit {}/{} ({:.1} %); \
             {} cases of unknown verdict left out",
            self.pass_ok,
            self.pass_total,
            pct(self.pass_ok, self.pass_total),
            self.fail_ok,
            self.fail_total,
            pct(self.fail_ok, self.fail_total),
            pct(self.pass_ok + self.fail_ok, self.pass_total + self.fail_total),
            self.pass_target_limit,
            pct(self.pass_ok + self.fail_ok, adjusted_pass + self.fail_total),
            self.lines_hit,
            self.lines_expected,
            pct(self.lines_hit, self.lines_expected),
            self.unknown,
        )
    }
}

#[test]
#[ignore = "needs DXC's test files: set HLSLC_DXC_TESTS"]
fn dxc_conformance() {
    let dirs = std::env::var("HLSLC_DXC_TESTS").expect("set HLSLC_DXC_TESTS to DXC test directories");
    let filter = std::env::var("HLSLC_DXC_FILTER").ok();
    let mut report = String::new();
    let mut gaps: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut missed: BTreeMap<String, Vec<String>> = BTreeMap::new();
    // Expected errors (by message) on lines where hlslc reports none, in `-verify` cases
    // hlslc rejects.
    let mut missed_lines: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut crashes = Vec::new();
    let mut total = Tally::default();
    let mut per_dir: Vec<(String, Tally)> = Vec::new();
    for dir in dirs.split(':').filter(|d| !d.is_empty()) {
        let mut files = Vec::new();
        walk(Path::new(dir), &mut files);
        files.sort();
        let mut tally = Tally::default();
        let suite = Path::new(dir).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        for path in &files {
            let Ok(text) = std::fs::read_to_string(path) else { continue };
            let rel = path.strip_prefix(dir).unwrap_or(path).display().to_string();
            let cases = cases(&text, in_process_harness(path));
            for (k, case) in cases.iter().enumerate() {
                let name = if cases.len() > 1 { format!("{suite}/{rel}#{k}") } else { format!("{suite}/{rel}") };
                let outcome = compile_case(path, k);
                if filter.as_deref().is_some_and(|f| name.contains(f)) {
                    let shown = match &outcome {
                        Outcome::Accepted => "accepted".to_string(),
                        Outcome::Rejected { text, .. } => text.clone(),
                        Outcome::Crashed(why) => format!("CRASHED: {why}"),
                        Outcome::Hung => "HUNG".to_string(),
                    };
                    println!("==== {name} (expect {}, {:?}):\n{shown}", if case.expect_fail { "fail" } else { "pass" }, case.options);
                }
                let (got, first) = match &outcome {
                    Outcome::Accepted => ("pass", String::new()),
                    Outcome::Rejected { first, .. } => ("fail", first.clone()),
                    Outcome::Crashed(why) => ("crash", why.lines().take(40).collect::<Vec<_>>().join(" | ")),
                    Outcome::Hung => ("hang", String::new()),
                };
                let expect = if case.unknown { "unknown" } else if case.expect_fail { "fail" } else { "pass" };
                report.push_str(&format!("{name}\t{expect}\t{got}\t{first}\n"));
                if let Outcome::Crashed(_) | Outcome::Hung = outcome {
                    crashes.push(name.clone());
                }
                if case.unknown {
                    tally.unknown += 1;
                } else if case.expect_fail {
                    tally.fail_total += 1;
                    tally.lines_expected += case.error_lines.len() as u32;
                    match &outcome {
                        Outcome::Rejected { lines, .. } => {
                            tally.fail_ok += 1;
                            for (l, message) in &case.error_lines {
                                if lines.contains(l) {
                                    tally.lines_hit += 1;
                                } else if !lines.is_empty() {
                                    missed_lines.entry(group_key(message)).or_default().push(format!("{name}:{l}"));
                                }
                            }
                        }
                        _ => missed.entry(suite.clone()).or_default().push(name),
                    }
                } else {
                    tally.pass_total += 1;
                    match outcome {
                        Outcome::Accepted => tally.pass_ok += 1,
                        Outcome::Rejected { first, target_limit, .. } => {
                            if target_limit {
                                tally.pass_target_limit += 1;
                            }
                            let key = format!("{}{}", if target_limit { "[target] " } else { "" }, group_key(&first));
                            gaps.entry(key).or_default().push(name);
                        }
                        Outcome::Crashed(_) | Outcome::Hung => {}
                    }
                }
            }
        }
        per_dir.push((suite, tally));
    }
    // The children's scratch directory (see `compile_case`).
    let _ = std::fs::remove_dir_all(std::env::temp_dir().join(format!("hlslc-dxc-{}", std::process::id())));
    let mut groups: Vec<_> = gaps.into_iter().collect();
    groups.sort_by_key(|(_, v)| std::cmp::Reverse(v.len()));
    println!("== expected-pass cases hlslc rejects, by first error");
    for (k, v) in groups.iter().take(80) {
        println!("{:5}  {k}\n       e.g. {}", v.len(), v.iter().take(3).cloned().collect::<Vec<_>>().join(", "));
    }
    let mut lines: Vec<_> = missed_lines.into_iter().collect();
    lines.sort_by_key(|(_, v)| std::cmp::Reverse(v.len()));
    println!("== expected errors hlslc does not report on their line, by DXC's message");
    for (k, v) in lines.iter().take(100) {
        println!("{:5}  {k}\n       e.g. {}", v.len(), v.iter().take(3).cloned().collect::<Vec<_>>().join(", "));
    }
    for (suite, names) in &missed {
        println!("== {suite}: expected-fail cases hlslc accepts ({})", names.len());
        for n in names {
            println!("       {n}");
        }
    }
    for (suite, t) in &per_dir {
        total.pass_total += t.pass_total;
        total.pass_ok += t.pass_ok;
        total.fail_total += t.fail_total;
        total.fail_ok += t.fail_ok;
        total.pass_target_limit += t.pass_target_limit;
        total.lines_expected += t.lines_expected;
        total.lines_hit += t.lines_hit;
        total.unknown += t.unknown;
        println!("{}", t.line(suite));
    }
    println!("{}", total.line("total"));
    println!("crashes: {}", crashes.len());
    if let Ok(file) = std::env::var("HLSLC_DXC_REPORT") {
        std::fs::write(&file, report).expect("write the report");
    }
    assert!(crashes.is_empty(), "crashes: {crashes:?}");
}

#[test]
fn run_lines_and_expectations() {
    let text = "// RUN: %dxc -T ps_6_0 -HV 2016 \\\n// RUN:   -verify %s\nfloat f() { return x; } // expected-error {{undeclared}}\n#ifdef OFF\n// expected-error@+1 {{x}}\n#endif\n";
    let c = cases(text, false);
    assert_eq!(c.len(), 1);
    assert_eq!(c[0].options.hlsl_version, Some(2016));
    assert!(c[0].expect_fail);
    assert_eq!(c[0].error_lines, vec![(3, "undeclared".to_string())]);
    let with_define = text.replace("-verify", "-D OFF -verify");
    let lines: Vec<u32> = cases(&with_define, false)[0].error_lines.iter().map(|(l, _)| *l).collect();
    assert_eq!(lines, vec![3, 6]);
    let check = "// RUN: %dxc -T cs_6_0 %s | FileCheck %s --check-prefix=BAD\n// CHECK: error: no\n// BAD: error: yes\n";
    assert!(cases(check, false)[0].expect_fail);
    let ok = "// RUN: %dxc -T cs_6_0 %s | FileCheck %s\n// CHECK-NOT: error:\n";
    assert!(!cases(ok, false)[0].expect_fail);
    let sentence = "// RUN: %dxc -T gs_6_0 %s | FileCheck %s\n// CHECK: array dimension for line must be 2\n";
    assert!(cases(sentence, false)[0].expect_fail);
    let disallowed = "// RUN: %dxc -T lib_6_3 %s | FileCheck %s\n// CHECK:Initializer for static global g makes disallowed call to external function.\n";
    assert!(cases(disallowed, false)[0].expect_fail);
    for success in ["; Note: shader requires additional functionality:", "define void @main() {", "OpDecorate %a Location 0", "warning: attribute 'branch' can only be applied to 'if'"] {
        assert!(!cases(&format!("// RUN: %dxc -T ps_6_0 %s | FileCheck %s\n// CHECK: {success}\n"), false)[0].expect_fail, "{success}");
    }
    // DXC's in-process harness checks diagnostics only when the compile fails.
    for diagnostic in ["warning: attribute 'branch' can only be applied to 'if'", "renamed.hlsl:42", "'globallycoherent' is not a valid modifier for a declaration of type 'float'"] {
        let run = format!("// RUN: %dxc -T ps_6_0 %s | FileCheck %s\n// CHECK: {diagnostic}\n");
        assert!(cases(&run, true)[0].expect_fail, "{diagnostic}");
        let stderr = run.replace("FileCheck %s", "FileCheck %s -input-file=stderr");
        assert_eq!(cases(&stderr, true)[0].expect_fail, diagnostic.starts_with('\''), "{diagnostic}");
    }
    let dump = "// RUN: %dxc -T cs_6_0 -ast-dump %s | FileCheck %s\n// CHECK: VarDecl <{{.*}}a.hlsl:3:1, col:18> col:18 used In\n";
    assert!(!cases(dump, true)[0].expect_fail);
    let negative = "// RUN: %dxc -T ps_6_0 %s | FileCheck %s\n// CHECK-NOT: store float\n";
    assert!(cases(negative, true)[0].unknown);
    assert!(!cases(negative, false)[0].unknown);
    assert!(!cases(&format!("{negative}// CHECK: define void @main()\n"), true)[0].unknown);
    assert!(cases("// RUN: %dxc -T lib_6_6 %s | FileCheck %s\n// CHECK: integer literal is too large to be represented in any integer type\n", false)[0].expect_fail);
}
