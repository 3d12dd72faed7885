//! The compilers the execution fixtures run under, as [`CompileFn`](super::runner::CompileFn)s:
//! hlslc (WGSL or SPIR-V), glslang (HLSL → SPIR-V 1.3, `-Od`) and, opt-in, Slang; used by
//! `tests/exec.rs` and `tests/differential.rs`.

use std::path::PathBuf;

use super::fixture::Fixture;
use super::gpu::Shader;
use super::peer::{self, HlslSource};
use super::runner::{Stage, Target};

/// `tests/exec`, or `HLSLC_EXEC_DIR` (to run a built test binary elsewhere).
pub fn fixture_dir() -> PathBuf {
    std::env::var_os("HLSLC_EXEC_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/exec"))
}

/// hlslc: compiles `fixture.source` (its path is `fixture.path`, for diagnostics and
/// `#include`s) for `stage.profile` / `stage.entry`, with `fixture.defines` (`NAME` or
/// `NAME=VALUE`) and `fixture.flags` (DXC spellings: `-enable-16bit-types`, `-HV 2021`, …), to
/// `target`; returns `Shader::Wgsl(text)` or `Shader::SpirV(words)`, or the rendered
/// diagnostics as `Err`.
pub fn hlslc_compile(fixture: &Fixture, stage: &Stage, target: Target) -> Result<Shader, String> {
    let mut options = hlslc::Options::new(&stage.profile).entry_point(&stage.entry);
    // The fixtures bind by register number, as DXC does.
    options.binding_policy = hlslc::BindingPolicy::Dxc;
    options.target = match target {
        Target::Wgsl => hlslc::Target::Wgsl,
        Target::SpirV => hlslc::Target::SpirV,
    };
    for d in &fixture.defines {
        options.defines.push(match d.split_once('=') {
            Some((n, v)) => (n.to_string(), Some(v.to_string())),
            None => (d.clone(), None),
        });
    }
    let mut flags = fixture.flags.iter();
    while let Some(f) = flags.next() {
        match f.as_str() {
            "-enable-16bit-types" => options.enable_16bit_types = true,
            // `202x` is DXC's internal 2029.
            "-HV" => options.hlsl_version = flags.next().and_then(|v| if v == "202x" { Some(2029) } else { v.parse().ok() }).ok_or("-HV needs a version")?,
            "-Gec" => options.backwards_compatibility = true,
            "-Zpr" => options.default_row_major = true,
            "-denorm" => options.dxc.denorm = Some(flags.next().ok_or("-denorm needs a mode")?.clone()),
            // A draw fixture's flags are the pipeline's: DXC takes `-fvk-invert-y` only for the
            // stages whose position it negates, so the pixel shader is compiled without it.
            "-fvk-invert-y" => options.dxc.invert_y = !stage.profile.starts_with("ps_") && !stage.profile.starts_with("cs_"),
            "-fvk-use-dx-position-w" => options.dxc.dx_position_w = true,
            // Vertex-shader flags; the pixel shader of a draw reads neither index.
            "-fvk-support-nonzero-base-vertex" => options.dxc.nonzero_base_vertex = true,
            "-fvk-support-nonzero-base-instance" => options.dxc.nonzero_base_instance = true,
            "-fspv-use-legacy-buffer-matrix-order" => options.dxc.legacy_buffer_matrix_order = true,
            "-fvk-use-gl-layout" => options.dxc.gl_layout = true,
            "-fvk-use-scalar-layout" => options.dxc.scalar_layout = true,
            "-fspv-flatten-resource-arrays" => options.dxc.flatten_resource_arrays = true,
            // hlslc's own option: `class-shift` binds register-less resources at the register
            // DXIL would give them, plus the class's shift (b 0, t 250, s 500, u 750).
            "-fvk-b-shift" | "-fvk-t-shift" | "-fvk-s-shift" | "-fvk-u-shift" => {
                let class = match &f[5..6] {
                    "b" => hlslc::RegisterClass::B,
                    "t" => hlslc::RegisterClass::T,
                    "s" => hlslc::RegisterClass::S,
                    _ => hlslc::RegisterClass::U,
                };
                let shift = flags.next().and_then(|n| n.parse().ok()).ok_or("a shift needs N SPACE")?;
                let space = match flags.next().map(String::as_str) {
                    Some("all") => None,
                    Some(n) => Some(n.parse().map_err(|_| "a shift needs N SPACE")?),
                    None => return Err("a shift needs N SPACE".into()),
                };
                options.bindings.shifts.push((class, space, shift));
            }
            "--binding-policy" => {
                options.binding_policy = match flags.next().map(String::as_str) {
                    Some("class-shift") => hlslc::BindingPolicy::ClassShift,
                    Some("dxc") => hlslc::BindingPolicy::Dxc,
                    Some("compact") => hlslc::BindingPolicy::Compact,
                    _ => return Err("--binding-policy needs class-shift, dxc or compact".into()),
                }
            }
            other => return Err(format!("unknown DXC flag `{other}` in the fixture")),
        }
    }
    // As DXC: `-Gec` without `-HV` is HLSL 2016.
    if options.backwards_compatibility && !fixture.flags.iter().any(|f| f == "-HV") {
        options.hlsl_version = 2016;
    }
    let source = hlslc::Source::new(fixture.path.display().to_string(), fixture.source.clone());
    // `#include "…"` resolves beside the fixture, inside the fixture directory only.
    let mut includes = hlslc::fs::SandboxResolver::new([fixture_dir()]);
    let compiled = hlslc::compile_with(&source, &options, &mut includes).map_err(|e| e.render())?;
    match target {
        Target::Wgsl => compiled.wgsl().map(Shader::Wgsl).map_err(|e| e.render()),
        Target::SpirV => compiled.spirv().map(Shader::SpirV).map_err(|e| e.render()),
    }
}

/// glslang (HLSL → SPIR-V 1.3, `-Od`), the reference the fixtures are proven against.
pub fn glslang_compile(fixture: &Fixture, stage: &Stage, target: Target) -> Result<Shader, String> {
    if target != Target::SpirV {
        return Err("glslang emits SPIR-V only".into());
    }
    let mut flags: Vec<String> = fixture.defines.iter().map(|d| format!("-D{d}")).collect();
    let mut dxc_flags = fixture.flags.iter();
    while let Some(f) = dxc_flags.next() {
        match f.as_str() {
            "-enable-16bit-types" => flags.push("--hlsl-enable-16bit-types".into()),
            "-fvk-invert-y" => flags.push("--invert-y".into()),
            // glslang has no language-version switch; its HLSL is roughly 2018.
            "-HV" => {
                dxc_flags.next();
            }
            other => return Err(format!("no glslang equivalent for the DXC flag `{other}`")),
        }
    }
    peer::glslang_compile(
        HlslSource::Path(&fixture.path),
        &stage.profile,
        &stage.entry,
        &flags,
    )
    .map(Shader::SpirV)
}

/// Slang (HLSL → SPIR-V) through the `slang-compile` wrapper named by `HLSLC_EXEC_SLANG`
/// (a peer used to cross-check CPU models such as the generator's, not a CI oracle: Slang's
/// HLSL differs from DXC's in documented ways, research/peers.md). Fixtures needing DXC
/// flags Slang has no spelling for are reported as compile errors.
pub fn slang_compile(fixture: &Fixture, stage: &Stage, target: Target) -> Result<Shader, String> {
    if target != Target::SpirV {
        return Err("the Slang adapter emits SPIR-V only".into());
    }
    let tool = std::env::var("HLSLC_EXEC_SLANG").map_err(|_| "HLSLC_EXEC_SLANG is not set")?;
    if !stage.profile.starts_with("cs_") {
        return Err("the Slang adapter compiles compute kernels only".into());
    }
    let out = std::env::temp_dir().join(format!("hlslc-exec-slang-{}-{}.spv", std::process::id(), fixture.name));
    let mut cmd = std::process::Command::new(tool);
    cmd.arg(&fixture.path).args(["--stage", "compute", "--entry", &stage.entry, "--target", "spirv", "-o"]).arg(&out);
    cmd.args(["--", "-O0"]);
    for d in &fixture.defines {
        cmd.arg(format!("-D{d}"));
    }
    // 16-bit types are native in Slang; the language version has no Slang spelling.
    let mut flags = fixture.flags.iter();
    while let Some(f) = flags.next() {
        match f.as_str() {
            "-enable-16bit-types" => {}
            "-HV" => {
                flags.next();
            }
            other => return Err(format!("no Slang equivalent for the DXC flag `{other}`")),
        }
    }
    let result = cmd.output().map_err(|e| e.to_string())?;
    if !result.status.success() {
        return Err(String::from_utf8_lossy(&result.stderr).into_owned());
    }
    let bytes = std::fs::read(&out).map_err(|e| e.to_string())?;
    let _ = std::fs::remove_file(&out);
    Ok(Shader::SpirV(bytes.chunks_exact(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])).collect()))
}
