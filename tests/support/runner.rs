//! Runs execution-test fixtures through a pluggable compiler and compares the results.
//!
//! For each fixture: compile every stage (the [`Compiler`] decides how), validate the output
//! (`spirv-val` for SPIR-V, naga's wgsl-in + validator for WGSL), run it on the device,
//! and compare each `expect` line. All fixtures run inside one test (one process, one
//! device); failures are collected and reported together at the end, each with a diff
//! (index, expected, got, in decimal and hex) and the generated code.
//!
//! Known bugs (`peer-bug glslang: …`, `xfail hlslc: …`) must fail; a fixture that passes
//! although marked fails the run, so stale markers do not linger.
//!
//! `HLSLC_EXEC_FILTER=substring` runs only fixtures whose name contains the substring;
//! `HLSLC_EXEC_VERBOSE=1` prints the generated code of passing fixtures too;
//! `HLSLC_EXEC_LIST=1` prints one line per fixture with its outcome (for recording a run on
//! another device).

use std::fmt::Write as _;
use std::path::Path;

use super::fixture::{ExpectTarget, Fixture, Run};
use super::gpu::{self, Shader};
use super::validate;

/// What the compiler under test should emit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Wgsl,
    SpirV,
}

/// One stage of a fixture to compile: the profile (`cs_6_0`, `vs_6_0`, `ps_6_0`) and entry.
#[derive(Clone, Debug)]
pub struct Stage {
    pub profile: String,
    pub entry: String,
}

/// A compiler under test: HLSL fixture + stage + target → shader, or a message.
pub type CompileFn = dyn Fn(&Fixture, &Stage, Target) -> Result<Shader, String>;

pub struct Compiler<'a> {
    /// The name `peer-bug NAME:` / `xfail NAME:` lines refer to (`glslang`, `hlslc`).
    pub name: &'a str,
    pub target: Target,
    pub compile: &'a CompileFn,
}

/// How one fixture went.
#[derive(Debug)]
pub enum Outcome {
    Pass,
    Fail(String),
    /// Marked as a known bug of this compiler and failed as expected.
    KnownBug {
        reason: String,
        failure: String,
    },
    /// Marked as a known bug but passed: the marker is stale.
    UnexpectedPass(String),
    Skipped(String),
}

/// Runs every fixture in `dir` (filtered by `HLSLC_EXEC_FILTER`) and panics with a report
/// if any failed. Returns early (after a notice) when there is no GPU and CI is not set.
pub fn run_fixture_dir(dir: &Path, compiler: &Compiler) {
    if let Some(results) = run_fixtures(dir, compiler) {
        report(compiler, &results);
    }
}

/// Runs every fixture in `dir` (filtered by `HLSLC_EXEC_FILTER`) and returns each outcome,
/// by fixture name; `None` when there is no GPU (and CI is not set).
pub fn run_fixtures(dir: &Path, compiler: &Compiler) -> Option<Vec<(String, Outcome)>> {
    let gpu = gpu::gpu()?;
    let filter = std::env::var("HLSLC_EXEC_FILTER")
        .ok()
        .filter(|f| !f.is_empty());
    let verbose = std::env::var("HLSLC_EXEC_VERBOSE").is_ok_and(|v| v != "0");
    let paths =
        super::fixture::fixture_paths(dir).unwrap_or_else(|e| panic!("listing fixtures: {e}"));
    assert!(!paths.is_empty(), "no fixtures in {}", dir.display());

    let mut results = Vec::new();
    for path in &paths {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if filter.as_deref().is_some_and(|f| !name.contains(f)) {
            continue;
        }
        let outcome = match Fixture::load(path) {
            Err(e) => Outcome::Fail(format!("fixture does not parse: {e}")),
            Ok(fx) => {
                let missing: Vec<&str> = fx
                    .requires
                    .iter()
                    .filter(|r| !gpu.features.contains(r.features))
                    .map(|r| r.name)
                    .collect();
                if !missing.is_empty() {
                    Outcome::Skipped(format!(
                        "adapter {} lacks {}",
                        gpu.info.name,
                        missing.join(", ")
                    ))
                } else if let Some(bug) = fx.known_bug(compiler.name).filter(|b| b.reason.starts_with("crashes the driver")) {
                    // Output that takes the driver down would end the whole run: such a known
                    // bug is listed without running it (its marker says so).
                    Outcome::KnownBug { reason: bug.reason.clone(), failure: "not run: its output crashes the driver".to_string() }
                } else {
                    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        run_fixture(&fx, compiler)
                    }))
                    .unwrap_or_else(|p| {
                        let msg = p
                            .downcast_ref::<String>()
                            .cloned()
                            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()));
                        Err(format!("panicked: {}", msg.unwrap_or_default()))
                    });
                    let (result, code_text) = match run {
                        Ok(Verdict::Pass(code)) => (Ok(()), code),
                        Ok(Verdict::Mismatch(msg, code)) => (Err(msg), code),
                        // The message already carries the code when there was some.
                        Err(e) => (Err(e), String::new()),
                    };
                    if verbose && result.is_ok() {
                        eprintln!("--- {name} ({}) ---\n{code_text}", compiler.name);
                    }
                    let target_name = match compiler.target {
                        Target::Wgsl => "wgsl",
                        Target::SpirV => "spirv",
                    };
                    let bug = fx
                        .known_bug(compiler.name)
                        .or_else(|| fx.known_bug(&format!("{}-{target_name}", compiler.name)));
                    match (bug, result) {
                        (None, Ok(())) => Outcome::Pass,
                        (None, Err(e)) => Outcome::Fail(with_code(e, &code_text)),
                        (Some(bug), Err(e)) => Outcome::KnownBug {
                            reason: bug.reason.clone(),
                            failure: e,
                        },
                        (Some(bug), Ok(())) => Outcome::UnexpectedPass(format!(
                            "marked `{}` at line {} (\"{}\") but passed: remove the marker",
                            compiler.name, bug.line, bug.reason
                        )),
                    }
                }
            }
        };
        results.push((name, outcome));
    }
    Some(results)
}

/// The code a fixture ran, and whether it matched.
enum Verdict {
    Pass(String),
    Mismatch(String, String),
}

fn with_code(e: String, code: &str) -> String {
    if code.is_empty() {
        e
    } else {
        format!("{e}\ngenerated code:\n{}", indent(code))
    }
}

fn indent(s: &str) -> String {
    s.lines().map(|l| format!("    {l}\n")).collect()
}

/// Compiles, validates and runs one fixture: the bytes read back per `expect`, and the code.
fn execute(fx: &Fixture, compiler: &Compiler) -> Result<(Vec<Vec<u8>>, String), String> {
    let stages: Vec<Stage> = match &fx.run {
        Run::Dispatch(_) => vec![Stage {
            profile: fx.profile.clone(),
            entry: fx.entry.clone(),
        }],
        Run::Draw(d) => vec![
            Stage {
                profile: d.vertex_profile.clone(),
                entry: d.vertex_entry.clone(),
            },
            Stage {
                profile: fx.profile.clone(),
                entry: fx.entry.clone(),
            },
        ],
    };
    let mut shaders = Vec::new();
    let mut modules = Vec::new();
    let mut code = String::new();
    for stage in &stages {
        let shader = (compiler.compile)(fx, stage, compiler.target).map_err(|e| {
            format!(
                "{} failed to compile {} `{}`:\n{}",
                compiler.name,
                stage.profile,
                stage.entry,
                indent(&e)
            )
        })?;
        let text = match &shader {
            Shader::Wgsl(t) => t.clone(),
            Shader::SpirV(w) => validate::spirv_dis(w),
        };
        let _ = writeln!(
            code,
            "// {} {} `{}`\n{text}",
            shader.kind(),
            stage.profile,
            stage.entry
        );
        let valid = match &shader {
            Shader::Wgsl(t) => validate::naga_validate_wgsl(t).map(Some),
            Shader::SpirV(w) => validate::spirv_val(w).map(|()| None),
        };
        let module = valid.map_err(|e| {
            with_code(
                format!(
                    "{} output for `{}` is invalid:\n{}",
                    shader.kind(),
                    stage.entry,
                    indent(&e)
                ),
                &code,
            )
        })?;
        modules.extend(module);
        shaders.push(shader);
    }

    let mut bindings = fx.bindings();
    for module in &modules {
        match_wgsl_access(module, &mut bindings);
    }
    let (outputs, color) = match &fx.run {
        Run::Dispatch(groups) => {
            let job = gpu::ComputeJob {
                immediates: fx.immediates.clone(),
                shader: shaders.remove(0),
                entry_point: fx.entry.clone(),
                workgroups: *groups,
                bindings,
            };
            (
                gpu::run_compute(&job).map_err(|e| with_code(e, &code))?,
                Vec::new(),
            )
        }
        Run::Draw(d) => {
            let fragment = shaders.pop().unwrap();
            let vertex = shaders.pop().unwrap();
            let job = gpu::RenderJob {
                vertex,
                vertex_entry: d.vertex_entry.clone(),
                fragment,
                fragment_entry: fx.entry.clone(),
                vertex_count: d.vertex_count,
                instance_count: d.instance_count,
                first_vertex: d.first_vertex,
                first_instance: d.first_instance,
                topology: d.topology,
                vertex_buffers: Vec::new(),
                target: d.target.clone(),
                depth: d.depth.clone(),
                sample_count: d.sample_count,
                bindings,
            };
            let out = gpu::run_render(&job).map_err(|e| with_code(e, &code))?;
            (out.outputs, out.color)
        }
    };

    let mut read_back = Vec::new();
    for e in &fx.expects {
        let bytes = match e.target {
            ExpectTarget::RenderTarget => color.clone(),
            ExpectTarget::Resource(reg) => outputs
                .get_element(reg.space, reg.index, reg.element.unwrap_or(0))
                .ok_or_else(|| {
                    with_code(
                        format!("nothing was read back for {reg}: the shader declares it read-only"),
                        &code,
                    )
                })?
                .to_vec(),
        };
        read_back.push(bytes);
    }
    Ok((read_back, code))
}

/// Compiles, validates and runs one fixture; returns the bytes read back for each `expect`
/// line (in order) and the generated code. `Err` = it could not run.
pub fn fixture_outputs(fx: &Fixture, compiler: &Compiler) -> Result<(Vec<Vec<u8>>, String), String> {
    execute(fx, compiler)
}

/// Compiles, validates, runs and compares one fixture. `Err` = it could not run (the
/// message says which step failed, with the generated code when there is some).
fn run_fixture(fx: &Fixture, compiler: &Compiler) -> Result<Verdict, String> {
    let (read_back, code) = execute(fx, compiler)?;
    let mut diffs = String::new();
    for (e, bytes) in fx.expects.iter().zip(&read_back) {
        let bytes = bytes.as_slice();
        if bytes.len() != e.byte_len() {
            let _ = writeln!(
                diffs,
                "expect {} (line {}): {} bytes read back, {} expected",
                e.target,
                e.line,
                bytes.len(),
                e.byte_len()
            );
            continue;
        }
        let mut offset = 0;
        let mut bad = Vec::new();
        for (i, v) in e.values.iter().enumerate() {
            let got = v.ty.read(&bytes[offset..]);
            offset += v.ty.size();
            if !v.matches(got, &e.tolerance) {
                bad.push((i, v, got));
            }
        }
        if !bad.is_empty() {
            let _ = writeln!(
                diffs,
                "expect {} (line {}, tolerance {}): {} of {} values differ",
                e.target,
                e.line,
                e.tolerance,
                bad.len(),
                e.values.len()
            );
            let _ = writeln!(diffs, "    index  {:<36} got", "expected");
            for (i, v, got) in bad.iter().take(40) {
                let _ = writeln!(
                    diffs,
                    "    {i:>5}  {:<36} {}",
                    v.describe(),
                    v.ty.describe(*got)
                );
            }
            if bad.len() > 40 {
                let _ = writeln!(diffs, "    … {} more", bad.len() - 40);
            }
            let all: Vec<String> = e
                .values
                .iter()
                .scan(0usize, |off, v| {
                    let got = v.ty.read(&bytes[*off..]);
                    *off += v.ty.size();
                    Some(match v.ty.is_float() {
                        true => format!("{:?}", v.ty.to_f64(got)),
                        false => {
                            v.ty.describe(got)
                                .split(' ')
                                .next()
                                .unwrap_or("")
                                .to_string()
                        }
                    })
                })
                .collect();
            let _ = writeln!(diffs, "    all values got: [{}]", all.join(", "));
        }
    }
    if diffs.is_empty() {
        Ok(Verdict::Pass(code))
    } else {
        Ok(Verdict::Mismatch(format!("results differ:\n{diffs}"), code))
    }
}

/// wgpu requires a WGSL shader's storage access (`read` / `read_write`, `write`) to match
/// the layout's. The fixture says what HLSL declares (t = read-only, u = read-write); the
/// compiler may legitimately declare a `u` resource that is only read as `read`, or a
/// write-only texture as `write`; a storage texture with atomics is `atomic`, which wgpu binds
/// only as such. The layout follows the shader, so such choices do not fail
/// here; a resource that ends up read-only is then not read back, and its `expect` reports it.
fn match_wgsl_access(module: &naga::Module, bindings: &mut [gpu::Binding]) {
    use gpu::{Access, Resource};
    let to_access = |a: naga::StorageAccess| {
        if a.contains(naga::StorageAccess::ATOMIC) {
            Access::Atomic
        } else if a.contains(naga::StorageAccess::STORE) && a.contains(naga::StorageAccess::LOAD) {
            Access::ReadWrite
        } else if a.contains(naga::StorageAccess::STORE) {
            Access::WriteOnly
        } else {
            Access::ReadOnly
        }
    };
    for (_, var) in module.global_variables.iter() {
        let Some(rb) = &var.binding else { continue };
        for b in bindings
            .iter_mut()
            .filter(|b| b.group == rb.group && b.binding == rb.binding)
        {
        match (&mut b.resource, var.space) {
            (Resource::Storage { access, .. }, naga::AddressSpace::Storage { access: a }) => {
                *access = if a.contains(naga::StorageAccess::STORE) {
                    Access::ReadWrite
                } else {
                    Access::ReadOnly
                };
            }
            (Resource::StorageTexture { access, .. }, naga::AddressSpace::Handle) => {
                if let naga::TypeInner::Image {
                    class: naga::ImageClass::Storage { access: a, .. },
                    ..
                } = module.types[var.ty].inner
                {
                    *access = to_access(a);
                }
            }
            _ => {}
        }
        }
    }
}

/// Prints the summary and panics if any fixture failed (or, under CI, was skipped).
pub fn report(compiler: &Compiler, results: &[(String, Outcome)]) {
    let mut pass = 0;
    let mut known = Vec::new();
    let mut skipped = Vec::new();
    let mut failures = Vec::new();
    for (name, o) in results {
        match o {
            Outcome::Pass => pass += 1,
            Outcome::KnownBug { reason, failure } => known.push(format!(
                "{name}: {reason}\n{}",
                indent(&first_lines(failure, 6))
            )),
            Outcome::Skipped(why) => skipped.push(format!("{name}: {why}")),
            Outcome::Fail(msg) | Outcome::UnexpectedPass(msg) => {
                failures.push(format!("{name}: {msg}"))
            }
        }
    }
    let mut summary = format!(
        "exec[{} → {:?}]: {} fixtures: {pass} passed, {} known bugs confirmed, {} skipped, {} failed\n",
        compiler.name,
        compiler.target,
        results.len(),
        known.len(),
        skipped.len(),
        failures.len()
    );
    for k in &known {
        let _ = writeln!(summary, "  known bug (failed as documented) {k}");
    }
    for s in &skipped {
        let _ = writeln!(summary, "  SKIPPED {s}");
    }
    if std::env::var("HLSLC_EXEC_LIST").is_ok_and(|v| v != "0") {
        let target = format!("{}-{:?}", compiler.name, compiler.target).to_lowercase();
        for (name, o) in results {
            let verdict = match o {
                Outcome::Pass => "pass",
                Outcome::KnownBug { .. } => "known-bug",
                Outcome::Skipped(_) => "skipped",
                Outcome::Fail(_) => "FAIL",
                Outcome::UnexpectedPass(_) => "FAIL (unexpected pass)",
            };
            let _ = writeln!(summary, "  result {target} {name}: {verdict}");
        }
    }
    eprintln!("{summary}");
    if !failures.is_empty() {
        let mut msg = String::new();
        for f in &failures {
            let _ = writeln!(msg, "==== FAIL {f}");
        }
        let _ = write!(msg, "{summary}");
        panic!(
            "{} of {} execution fixtures failed under {}:\n{msg}",
            failures.len(),
            results.len(),
            compiler.name
        );
    }
    if !skipped.is_empty() && gpu::is_ci() {
        panic!(
            "CI=true and {} fixtures were skipped for missing device features",
            skipped.len()
        );
    }
}

fn first_lines(s: &str, n: usize) -> String {
    let lines: Vec<&str> = s.lines().collect();
    let mut out = lines.iter().take(n).copied().collect::<Vec<_>>().join("\n");
    if lines.len() > n {
        out.push_str("\n…");
    }
    out
}
