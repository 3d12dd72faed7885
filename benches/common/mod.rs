//! Shared by the benchmarks: the benchmark shaders (`benches/shaders/`, written by
//! `generate.py` there) and the compiler run stage by stage through the public crate APIs.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use hlslc_grammar::parser::{self, ParseOptions};
use hlslc_grammar::preprocessor::{self, PreprocessOptions, Preprocessed, ProfileStage};
use hlslc_grammar::SourceMap;

pub fn shader_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/shaders")
}

/// (name, path, text, lines after preprocessing-free counting of the main file and its includes).
pub fn shaders() -> Vec<(String, PathBuf, String)> {
    let names = ["size_00010", "size_00100", "size_01000", "size_05000", "size_20000", "include_heavy", "macro_heavy"];
    names
        .iter()
        .map(|n| {
            let path = shader_dir().join(format!("{n}.hlsl"));
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (n.to_string(), path, text)
        })
        .collect()
}

/// Source lines read for a shader: the main file plus every include (each counted once).
pub fn source_lines(path: &Path) -> usize {
    let mut n = std::fs::read_to_string(path).map(|t| t.lines().count()).unwrap_or(0);
    if path.file_name().is_some_and(|f| f == "include_heavy.hlsl") {
        for e in std::fs::read_dir(shader_dir().join("include")).into_iter().flatten().flatten() {
            n += std::fs::read_to_string(e.path()).map(|t| t.lines().count()).unwrap_or(0);
        }
    }
    n
}

fn pp_options() -> PreprocessOptions {
    PreprocessOptions { stage: Some(ProfileStage::Compute), shader_model: (6, 0), ..Default::default() }
}

fn lowering_options(target: hlslc_lowering::Target) -> hlslc_lowering::Options {
    hlslc_lowering::Options {
        profile: hlslc_lowering::Profile::parse("cs_6_0"),
        entry_point: "main".into(),
        target,
        ..Default::default()
    }
}

// Each stage function stays a function of its own (`#[inline(never)]`) even under the release
// profile's LTO, so that callgrind's `--toggle-collect=stages::common::STAGE` can count it.
#[inline(never)]
pub fn preprocess(name: &Path, text: &str) -> (SourceMap, Preprocessed) {
    let mut map = SourceMap::new();
    let out = preprocessor::preprocess(&mut map, &name.display().to_string(), text, &pp_options(), &mut hlslc::fs::FsResolver);
    assert!(out.diagnostics.iter().all(|d| d.severity != hlslc::Severity::Error), "{name:?} does not preprocess");
    (map, out)
}

#[inline(never)]
pub fn parse(map: &SourceMap, pre: &Preprocessed) -> hlslc_grammar::ast::TranslationUnit {
    let (unit, diags) = parser::parse(pre, map, &ParseOptions { hlsl_version: 2021 });
    assert!(diags.iter().all(|d| d.severity != hlslc::Severity::Error), "does not parse");
    unit
}

#[inline(never)]
pub fn analyze(unit: &hlslc_grammar::ast::TranslationUnit) -> hlslc_lowering::tir::Module {
    let (m, diags) = hlslc_lowering::analyze(unit, &lowering_options(hlslc_lowering::Target::SpirV));
    assert!(diags.iter().all(|d| d.severity != hlslc::Severity::Error), "does not type-check");
    m.expect("a module")
}

#[inline(never)]
pub fn lower(m: &hlslc_lowering::tir::Module) -> naga::Module {
    match hlslc_lowering::lower(m, &lowering_options(hlslc_lowering::Target::SpirV)) {
        Ok(l) => l.module,
        Err(_) => panic!("does not lower"),
    }
}

#[inline(never)]
pub fn validate(m: &naga::Module) -> naga::valid::ModuleInfo {
    hlslc::emit::validate(m).unwrap_or_else(|_| panic!("invalid module"))
}

#[inline(never)]
pub fn wgsl(m: &naga::Module, info: &naga::valid::ModuleInfo) -> String {
    hlslc::emit::wgsl(m, info).unwrap()
}

#[inline(never)]
pub fn spirv(m: &naga::Module, info: &naga::valid::ModuleInfo) -> Vec<u32> {
    hlslc::emit::spirv(m, info, &hlslc_lowering::passes::SpirvConfig::default()).unwrap()
}

/// The whole pipeline as the library runs it.
#[inline(never)]
pub fn compile(path: &Path, text: &str) -> hlslc::Compiled {
    let options = hlslc::Options::new("cs_6_0");
    let source = hlslc::Source::new(path.display().to_string(), text);
    hlslc::compile_with(&source, &options, &mut hlslc::fs::FsResolver).unwrap_or_else(|e| panic!("{}", e.render()))
}
