//! hlslc: compile HLSL to WGSL and SPIR-V, in pure Rust, for wgpu.
//!
//! ```
//! let source = r#"
//!     RWStructuredBuffer<uint> output : register(u0);
//!     [numthreads(64, 1, 1)]
//!     void main(uint3 id : SV_DispatchThreadID) { output[id.x] = id.x * 2; }
//! "#;
//! let options = hlslc::Options::new("cs_6_0");
//! let compiled = hlslc::compile(&hlslc::Source::new("double.hlsl", source), &options).unwrap();
//! let wgsl = compiled.wgsl().unwrap();
//! assert!(wgsl.contains("@compute"));
//! ```
//!
//! The pipeline, stage by stage (see `ARCHITECTURE.md`): preprocessing and parsing
//! ([`hlslc_grammar`]), semantic analysis and lowering to a `naga::Module`
//! ([`hlslc_lowering`]), naga's validator, and naga's WGSL or SPIR-V writer ([`emit`]).
//! Every stage reports [`Diagnostic`]s; compilation stops after a stage that reported an
//! error. The library never prints, panics or exits.

#![cfg_attr(
    not(test),
    warn(clippy::dbg_macro, clippy::panic, clippy::print_stderr, clippy::print_stdout, clippy::todo)
)]
#![deny(clippy::exit)]
#![deny(missing_docs)]

pub mod binding_layout;
pub mod build;
mod compiler;
pub mod diagnostics;
mod dxc_flags;
pub mod emit;
pub mod features;
pub mod fs;
mod options;
mod pipeline;
#[cfg(feature = "wgpu")]
pub mod wgpu;

pub use hlslc_grammar::diagnostic::{render_all, Diagnostic, Severity};
pub use hlslc_grammar::preprocessor::{IncludeResolver, MemoryResolver};
pub use hlslc_grammar::warnings::WarningFlags;
pub use hlslc_grammar::SourceMap;
pub use hlslc_lowering::lower::{BindingInfo, BindingKind};
pub use hlslc_lowering::reflect;
pub use hlslc_lowering::reflect::Reflection;
pub use hlslc_lowering::tir::RegisterClass;
pub use dxc_flags::DxcFlags;
pub use hlslc_lowering::{BindingOptions, BindingPolicy, MsBufferLayout, TargetEnv};
pub use options::{Options, Target};
pub use compiler::{Compiler, Job};
pub use pipeline::{compile, compile_with, dependencies, front_end, preprocess, Compiled, Error, Source};

/// Renders diagnostics as text, with ANSI colours when `color` is set.
pub fn render_diagnostics(diagnostics: &[Diagnostic], map: &SourceMap, color: bool) -> String {
    if !color {
        return render_all(diagnostics, map);
    }
    use codespan_reporting::term;
    let config = term::Config::default();
    let mut buffer = term::termcolor::Buffer::ansi();
    for d in diagnostics {
        if term::emit_to_write_style(&mut buffer, &config, map, &d.to_codespan(map)).is_err() {
            return render_all(diagnostics, map);
        }
    }
    String::from_utf8_lossy(buffer.as_slice()).into_owned()
}
