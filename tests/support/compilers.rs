//! The compilers the execution fixtures run under, as [`CompileFn`](super::runner::CompileFn)s:
//! hlslc (WGSL or SPIR-V) and glslang (HLSL → SPIR-V 1.3, `-Od`). Same adapters as
//! `tests/exec.rs` (kept there too so that file stays self-contained).

use super::fixture::Fixture;
use super::gpu::Shader;
use super::peer::{self, HlslSource};
use super::runner::{Stage, Target};

/// hlslc with DXC's register-number binding policy and the fixture's defines and flags.
pub fn hlslc_compile(fixture: &Fixture, stage: &Stage, target: Target) -> Result<Shader, String> {
    let mut options = hlslc::Options::new(&stage.profile).entry_point(&stage.entry);
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
            "-HV" => {
                options.hlsl_version = flags
                    .next()
                    .and_then(|v| v.parse().ok())
                    .ok_or("-HV needs a version")?
            }
            "-Gec" => options.backwards_compatibility = true,
            "-Zpr" => options.default_row_major = true,
            other => return Err(format!("unknown DXC flag `{other}` in the fixture")),
        }
    }
    // As DXC: `-Gec` without `-HV` is HLSL 2016.
    if options.backwards_compatibility && !fixture.flags.iter().any(|f| f == "-HV") {
        options.hlsl_version = 2016;
    }
    let source = hlslc::Source::new(fixture.path.display().to_string(), fixture.source.clone());
    let compiled = hlslc::compile(&source, &options).map_err(|e| e.render())?;
    match target {
        Target::Wgsl => compiled.wgsl().map(Shader::Wgsl).map_err(|e| e.render()),
        Target::SpirV => compiled.spirv().map(Shader::SpirV).map_err(|e| e.render()),
    }
}

/// glslang's HLSL front end → SPIR-V 1.3 (`-D -V -Od --target-env vulkan1.1`).
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
            "-HV" => {
                dxc_flags.next();
            }
            other => return Err(format!("no glslang equivalent for the DXC flag `{other}`")),
        }
    }
    peer::glslang_compile(HlslSource::Path(&fixture.path), &stage.profile, &stage.entry, &flags)
        .map(Shader::SpirV)
}
