//! Semantic analysis of HLSL and lowering to naga IR.
//!
//! Stages, in data-flow order:
//! 1. [`sema`]: AST → typed IR ([`tir`]), with HLSL's name lookup, types ([`ty`]), implicit
//!    conversions, overload resolution, constant folding and entry-point checks;
//! 2. [`layout`]: D3D constant-buffer and structured-buffer layouts;
//! 3. `lower`: typed IR → `naga::Module`;
//! 4. `passes`: polyfills naga's backends need, in one ordered pipeline;
//! 5. `validate`: naga's validator; a failure is an internal compiler error with a span.
//!
//! Invariants: no I/O, no printing, no panics on any input; every stage reports
//! [`hlslc_grammar::Diagnostic`]s and the pipeline stops between stages on errors.

#![cfg_attr(
    not(test),
    warn(clippy::dbg_macro, clippy::panic, clippy::print_stderr, clippy::print_stdout, clippy::todo)
)]
#![deny(clippy::exit)]

pub mod layout;
pub mod lower;
pub mod options;
pub mod passes;
pub mod reflect;
pub mod sema;
pub mod static_sampler;
pub mod tir;
pub mod ty;
pub mod wgsl_names;

pub use lower::{lower, Lowered};
pub use options::{BindingOptions, BindingPolicy, DenormMode, MsBufferLayout, Options, Profile, Target, TargetEnv};
pub use sema::analyze;
