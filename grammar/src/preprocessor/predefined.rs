//! Predefined macros and the command-line buffer.
//!
//! DXC defines its macros in clang's `<built-in>` buffer (`InitPreprocessor.cpp`, HLSL
//! branch); hlslc writes the same definitions as source text into a `FileKind::Builtin` buffer
//! and `-D`/`-U`/`-include` into a `FileKind::CommandLine` buffer, and preprocesses both before the main
//! file, so every predefined macro has a definition with a resolvable span. The values:
//! - `__hlsl_dx_compiler` 1; `__HLSL_VERSION` the `-HV` value (2016, 2018, 2021 …);
//! - `__HLSL_ENABLE_16_BIT` 1 with `-enable-16bit-types`;
//! - `__SHADER_STAGE_*` the values of DXC's `DXIL::ShaderKind`: pixel 0, vertex 1, geometry 2,
//!   hull 3, domain 4, compute 5, library 6, mesh 13, amplification 14;
//! - `__SHADER_TARGET_STAGE`, `__SHADER_TARGET_MAJOR`, `__SHADER_TARGET_MINOR` from `-T`;
//!   without a profile DXC uses its invalid shader model: kind 16 (`ShaderKind::Invalid`),
//!   version 0.0, and so does hlslc;
//! - `__spirv__` 1, `__SPIRV_MAJOR_VERSION__`, `__SPIRV_MINOR_VERSION__` with `-spirv`.
//!
//! - `__DXC_VERSION_MAJOR`/`MINOR`/`RELEASE`/`COMMITS` those of the DXC release whose
//!   behaviour hlslc follows, [`DXC_VERSION`] (1.9.2607, an official build: no commits after
//!   the release). Headers test them to know they are compiled by DXC (NVIDIA's SHARC enables
//!   its 64-bit atomics only then, and stops with `#error` otherwise).
//!
//! Dynamic macros (`__LINE__`, `__FILE__`, `__COUNTER__`, `__INCLUDE_LEVEL__`, `__DATE__`,
//! `__TIME__`) are computed at expansion; `__DATE__` and `__TIME__` are the fixed
//! `"Jan  1 1970"` and `"00:00:00"` so that output is reproducible. `__has_feature(name)`, as
//! in clang, expands anywhere (not only in `#if`) to 1 for a feature in [`FEATURES`] and 0
//! for any other name.

use super::definition::Builtin;
use super::{PreprocessOptions, ProfileStage};
use std::fmt::Write;

/// Macros whose expansion is computed.
pub(super) const BUILTINS: [(&str, Builtin); 7] = [
    ("__LINE__", Builtin::Line),
    ("__FILE__", Builtin::File),
    ("__COUNTER__", Builtin::Counter),
    ("__DATE__", Builtin::Date),
    ("__TIME__", Builtin::Time),
    ("__INCLUDE_LEVEL__", Builtin::IncludeLevel),
    ("__has_feature", Builtin::HasFeature),
];

/// The features `__has_feature` reports (clang's extension), with whether each needs `-spirv`.
pub(super) const FEATURES: [(&str, bool); 1] = [
    // `vk::BufferPointer<T, A>` (DXC defines it for SPIR-V code generation).
    ("hlsl_vk_buffer_pointer", true),
];

/// DXC's `DXIL::ShaderKind` value of a stage.
fn shader_kind(stage: ProfileStage) -> u32 {
    match stage {
        ProfileStage::Pixel => 0,
        ProfileStage::Vertex => 1,
        ProfileStage::Geometry => 2,
        ProfileStage::Hull => 3,
        ProfileStage::Domain => 4,
        ProfileStage::Compute => 5,
        ProfileStage::Library => 6,
        ProfileStage::Mesh => 13,
        ProfileStage::Amplification => 14,
    }
}

/// The DXC release hlslc follows (major, minor, release, commits), as its
/// `__DXC_VERSION_*` macros say.
pub const DXC_VERSION: (u32, u32, u32, u32) = (1, 9, 2607, 0);

/// `DXIL::ShaderKind::Invalid`, DXC's stage when no profile is given.
const INVALID_SHADER_KIND: u32 = 16;

/// The text of the `<built-in>` buffer.
pub(super) fn predefined_source(options: &PreprocessOptions) -> String {
    let mut s = String::new();
    let mut define = |name: &str, value: &dyn std::fmt::Display| {
        let _ = writeln!(s, "#define {name} {value}");
    };
    define("__hlsl_dx_compiler", &1);
    let (major, minor, release, commits) = DXC_VERSION;
    define("__DXC_VERSION_MAJOR", &major);
    define("__DXC_VERSION_MINOR", &minor);
    define("__DXC_VERSION_RELEASE", &release);
    define("__DXC_VERSION_COMMITS", &commits);
    define("__HLSL_VERSION", &options.hlsl_version);
    if options.enable_16bit_types {
        define("__HLSL_ENABLE_16_BIT", &1);
    }
    for (name, stage) in [
        ("VERTEX", ProfileStage::Vertex),
        ("PIXEL", ProfileStage::Pixel),
        ("GEOMETRY", ProfileStage::Geometry),
        ("HULL", ProfileStage::Hull),
        ("DOMAIN", ProfileStage::Domain),
        ("COMPUTE", ProfileStage::Compute),
        ("AMPLIFICATION", ProfileStage::Amplification),
        ("MESH", ProfileStage::Mesh),
        ("LIBRARY", ProfileStage::Library),
    ] {
        define(&format!("__SHADER_STAGE_{name}"), &shader_kind(stage));
    }
    let (kind, (major, minor)) = match options.stage {
        Some(stage) => (shader_kind(stage), options.shader_model),
        None => (INVALID_SHADER_KIND, (0, 0)),
    };
    define("__SHADER_TARGET_STAGE", &kind);
    define("__SHADER_TARGET_MAJOR", &major);
    define("__SHADER_TARGET_MINOR", &minor);
    if options.spirv {
        define("__spirv__", &1);
        define("__SPIRV_MAJOR_VERSION__", &options.spirv_version.0);
        define("__SPIRV_MINOR_VERSION__", &options.spirv_version.1);
    }
    s
}

/// The text of the `<command line>` buffer: `-D` in order, then `-U`, then an `#include` for
/// each `-include FILE` (clang's forced includes). As in clang, `-D NAME`
/// defines `NAME` as `1`, `-D NAME=VALUE` as `VALUE` up to its first newline, and
/// `-D 'F(x)=x'` a function-like macro.
pub(super) fn command_line_source(options: &PreprocessOptions) -> String {
    let mut s = String::new();
    for (name, value) in &options.defines {
        let name = name.lines().next().unwrap_or("");
        let value = value.as_deref().map_or("1", |v| v.lines().next().unwrap_or(""));
        let _ = writeln!(s, "#define {name} {value}");
    }
    for name in &options.undefines {
        let _ = writeln!(s, "#undef {}", name.lines().next().unwrap_or(""));
    }
    for file in &options.forced_includes {
        let file = file.lines().next().unwrap_or("").replace('"', "");
        let _ = writeln!(s, "#include \"{file}\"");
    }
    s
}
