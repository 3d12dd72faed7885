//! Execution tests: every fixture in `tests/exec/*.hlsl` is compiled, validated, run on the
//! Vulkan device (lavapipe in CI) and its results compared with the values in its header
//! (format: `tests/exec/README.md`).
//!
//! One test per compiler, each running all fixtures in one process and reporting every
//! failure at the end. `HLSLC_EXEC_FILTER=substring` selects fixtures by name.
//!
//! - `exec_glslang`: glslang's HLSL front end → SPIR-V → passthrough. It proves the harness
//!   and every expectation independently of hlslc (known glslang bugs are marked
//!   `peer-bug glslang:` in the fixtures).
//! - `exec_hlslc_wgsl`, `exec_hlslc_spirv`: hlslc.
//! - `exec_slang` (ignored; opt in with `HLSLC_EXEC_SLANG`): Slang, to cross-check CPU models.
//!
//! The compiler adapters live in `support/compilers.rs`, shared with `tests/differential.rs`.

mod support;

use support::compilers::{fixture_dir, glslang_compile, hlslc_compile, slang_compile};
use support::runner::{run_fixture_dir, Compiler, Target};

/// Opt-in: `HLSLC_EXEC_SLANG=…/slang-compile cargo test --test exec -- --ignored exec_slang`.
#[test]
#[ignore = "needs HLSLC_EXEC_SLANG, the path of a slang-compile wrapper"]
fn exec_slang() {
    run_fixture_dir(
        &fixture_dir(),
        &Compiler {
            name: "slang",
            target: Target::SpirV,
            compile: &slang_compile,
        },
    );
}

#[test]
fn exec_glslang() {
    run_fixture_dir(
        &fixture_dir(),
        &Compiler {
            name: "glslang",
            target: Target::SpirV,
            compile: &glslang_compile,
        },
    );
}

#[test]
fn exec_hlslc_wgsl() {
    run_fixture_dir(
        &fixture_dir(),
        &Compiler {
            name: "hlslc",
            target: Target::Wgsl,
            compile: &hlslc_compile,
        },
    );
}

#[test]
fn exec_hlslc_spirv() {
    run_fixture_dir(
        &fixture_dir(),
        &Compiler {
            name: "hlslc",
            target: Target::SpirV,
            compile: &hlslc_compile,
        },
    );
}
