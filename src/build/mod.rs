//! Compiling shaders from `build.rs`: [`Build`] compiles the declared shaders into `OUT_DIR`,
//! tells cargo to rerun when any file read changes (every `#include`, transitively) and writes
//! a Rust module with each shader's code, entry point, bindings and buffer structs.
//!
//! ```no_run
//! // build.rs (with `hlslc` under [build-dependencies])
//! fn main() {
//!     hlslc::build::Build::new()
//!         .shader(hlslc::build::Shader::new("shaders/blur.hlsl", "cs_6_0"))
//!         .shader(hlslc::build::Shader::new("shaders/lit.hlsl", "ps_6_0").entry("ps_main").define("SHADOWS", "1"))
//!         .run()
//!         .unwrap_or_else(|e| panic!("{e}"));
//! }
//! ```
//!
//! ```ignore
//! // src/main.rs
//! mod shaders {
//!     include!(concat!(env!("OUT_DIR"), "/hlslc.rs"));
//! }
//! let wgsl: &str = shaders::blur::WGSL;
//! let b = shaders::blur::bindings::OUTPUT; // b.group, b.binding
//! let params = shaders::blur::Params { radius: 4, ..Default::default() };
//! ```
//!
//! The generated module (one `pub mod` per shader, see [`codegen`]) holds:
//! - `WGSL: &str` and/or `SPIRV: &[u8]` (`include_str!`/`include_bytes!` of the files in
//!   `OUT_DIR/hlslc/`), `ENTRY_POINT`, `STAGE`, `WORKGROUP_SIZE` (compute), `FEATURES` (wgpu
//!   feature names the shader needs);
//! - `bindings::NAME` constants (`Binding { name, group, binding }`) and `BINDINGS`;
//! - a `#[repr(C)]` struct per constant buffer and per structured-buffer element with the
//!   exact D3D layout (explicit padding fields; sizes and offsets asserted at compile time);
//!   `bytemuck::Pod`/`Zeroable` derives behind `cfg(feature = "bytemuck")` of the crate that
//!   includes the module (see [`Build::bytemuck`]);
//! - behind `cfg(feature = "wgpu")` (see [`Build::wgpu`]): `create_shader_module`,
//!   `bind_group_layout_entries`, `create_bind_group_layouts`, `create_pipeline_layout` and
//!   `features()`.
//!
//! Diagnostics: warnings become `cargo:warning=` lines; an error fails the build with the
//! rendered diagnostic. `HLSLC_DEFINES` (`NAME=VALUE` items separated by `;` or spaces) adds
//! defines to every shader; cargo reruns the build script when it changes.

// The first example is a build script: its `fn main` is the point.
#![allow(clippy::needless_doctest_main)]

pub mod codegen;
mod layout;

use crate::{Compiler, Options, Source, Target};
use std::path::{Path, PathBuf};

/// The environment variable whose defines apply to every shader.
pub const DEFINES_ENV: &str = "HLSLC_DEFINES";

/// One shader to compile: a file, a profile and the options of one compilation.
#[derive(Clone, Debug)]
pub struct Shader {
    /// The HLSL file, relative to the package root (where cargo runs build scripts).
    pub path: PathBuf,
    /// The Rust module name (default: the file stem in snake case, plus the entry point when
    /// it is not `main`).
    pub name: Option<String>,
    /// Compilation options: profile, entry point, defines, include directories …
    pub options: Options,
    /// Write WGSL (`WGSL` constant).
    pub wgsl: bool,
    /// Write SPIR-V (`SPIRV` constant).
    pub spirv: bool,
}

impl Shader {
    /// A shader at `path` compiled for `profile` (`cs_6_0`, `vs_6_0`, `ps_6_0` …) to WGSL, with
    /// entry point `main`.
    pub fn new(path: impl Into<PathBuf>, profile: &str) -> Self {
        Shader { path: path.into(), name: None, options: Options::new(profile), wgsl: true, spirv: false }
    }

    /// Sets the entry point.
    pub fn entry(mut self, name: &str) -> Self {
        self.options.entry_point = name.to_string();
        self
    }

    /// Sets the Rust module name.
    pub fn name(mut self, name: &str) -> Self {
        self.name = Some(name.to_string());
        self
    }

    /// Adds `-D name=value`.
    pub fn define(mut self, name: &str, value: &str) -> Self {
        self.options.defines.push((name.to_string(), Some(value.to_string())));
        self
    }

    /// Adds an include directory (relative to the package root).
    pub fn include_dir(mut self, dir: &str) -> Self {
        self.options.include_dirs.push(dir.to_string());
        self
    }

    /// Chooses the outputs: WGSL, SPIR-V or both.
    pub fn targets(mut self, targets: &[Target]) -> Self {
        self.wgsl = targets.contains(&Target::Wgsl);
        self.spirv = targets.contains(&Target::SpirV);
        self
    }

    /// Replaces the options (keeps the profile given to [`Shader::new`] unless `options` has one).
    pub fn options(mut self, options: Options) -> Self {
        let profile = self.options.profile.take();
        self.options = options;
        if self.options.profile.is_none() {
            self.options.profile = profile;
        }
        self
    }

    /// The Rust module name this shader gets.
    pub fn module_name(&self) -> String {
        if let Some(n) = &self.name {
            return layout::rust_field_name(n);
        }
        let stem = self.path.file_stem().and_then(|s| s.to_str()).unwrap_or("shader");
        let mut name = snake_case(stem);
        if self.options.entry_point != "main" {
            name = format!("{name}_{}", snake_case(&self.options.entry_point));
        }
        layout::rust_field_name(&name)
    }
}

/// How a derive or item in generated code is enabled in the crate that includes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Gate {
    /// Behind `#[cfg(feature = "<name>")]` of the including crate.
    Feature(String),
    /// Always emitted (the including crate depends on the crate unconditionally).
    Always,
    /// Never emitted.
    Never,
}

/// The shaders of a build script. See the module docs.
#[derive(Clone, Debug)]
pub struct Build {
    shaders: Vec<Shader>,
    out_dir: Option<PathBuf>,
    file_name: String,
    bytemuck: Gate,
    wgpu: Gate,
}

impl Default for Build {
    fn default() -> Self {
        Self::new()
    }
}

/// What a build produced.
#[derive(Clone, Debug)]
pub struct Output {
    /// The generated Rust module (`OUT_DIR/hlslc.rs` by default).
    pub module: PathBuf,
    /// Every file read (main files and includes): cargo's `rerun-if-changed` list.
    pub files_read: Vec<String>,
    /// Warnings, rendered.
    pub warnings: Vec<String>,
    /// The directives for cargo, one line each (what [`Build::run`] prints).
    pub directives: Vec<String>,
}

/// A failed build: the rendered diagnostics of every shader that failed.
#[derive(Clone, Debug)]
pub struct BuildError {
    /// What failed, rendered as the compiler shows it.
    pub message: String,
    /// The directives for cargo that apply anyway (warnings, rerun-if-changed).
    pub directives: Vec<String>,
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for BuildError {}

impl Build {
    /// An empty build writing `OUT_DIR/hlslc.rs`.
    pub fn new() -> Self {
        Build {
            shaders: Vec::new(),
            out_dir: None,
            file_name: "hlslc.rs".to_string(),
            bytemuck: Gate::Feature("bytemuck".into()),
            wgpu: Gate::Feature("wgpu".into()),
        }
    }

    /// Adds a shader.
    pub fn shader(mut self, shader: Shader) -> Self {
        self.shaders.push(shader);
        self
    }

    /// Writes into `dir` instead of `$OUT_DIR` (for tools and tests).
    pub fn out_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.out_dir = Some(dir.into());
        self
    }

    /// The name of the generated Rust file (default `hlslc.rs`).
    pub fn file_name(mut self, name: &str) -> Self {
        self.file_name = name.to_string();
        self
    }

    /// How `bytemuck::Pod`/`Zeroable` derives are emitted (default: behind the including
    /// crate's `bytemuck` feature).
    pub fn bytemuck(mut self, gate: Gate) -> Self {
        self.bytemuck = gate;
        self
    }

    /// How the wgpu helpers are emitted (default: behind the including crate's `wgpu` feature).
    pub fn wgpu(mut self, gate: Gate) -> Self {
        self.wgpu = gate;
        self
    }

    /// Compiles every shader and writes the outputs, printing nothing. Use [`Build::run`] in
    /// a build script.
    pub fn compile(&self) -> Result<Output, BuildError> {
        let mut directives = vec![format!("cargo:rerun-if-env-changed={DEFINES_ENV}")];
        for gate in [&self.bytemuck, &self.wgpu] {
            if let Gate::Feature(name) = gate {
                directives.push(format!("cargo::rustc-check-cfg=cfg(feature, values(\"{name}\"))"));
            }
        }
        let fail = |message: String, directives: &[String]| BuildError { message, directives: directives.to_vec() };
        let out_dir = match (&self.out_dir, std::env::var_os("OUT_DIR")) {
            (Some(d), _) => d.clone(),
            (None, Some(d)) => PathBuf::from(d),
            (None, None) => return Err(fail("OUT_DIR is not set: run from a build script, or call `out_dir`".into(), &directives)),
        };
        let shader_dir = out_dir.join("hlslc");
        std::fs::create_dir_all(&shader_dir).map_err(|e| fail(format!("cannot create `{}`: {e}", shader_dir.display()), &directives))?;
        let env_defines = parse_defines(&std::env::var(DEFINES_ENV).unwrap_or_default());

        let compiler = Compiler::new();
        let mut names = std::collections::HashSet::new();
        let mut generated = Vec::new();
        let mut files_read = Vec::new();
        let mut warnings = Vec::new();
        let mut errors = String::new();
        for shader in &self.shaders {
            let name = shader.module_name();
            if !names.insert(name.clone()) {
                errors.push_str(&format!("error: two shaders would both generate the Rust module `{name}`; give one a name with `Shader::name`\n"));
                continue;
            }
            let path = shader.path.to_string_lossy().into_owned();
            directives.push(format!("cargo:rerun-if-changed={path}"));
            let text = match std::fs::read_to_string(&shader.path) {
                Ok(t) => t,
                Err(e) => {
                    errors.push_str(&format!("error: cannot read `{path}`: {e}\n"));
                    continue;
                }
            };
            let mut options = shader.options.clone();
            options.defines.extend(env_defines.iter().cloned());
            let source = Source::new(path.clone(), text);
            let mut outputs = Vec::new();
            let mut failed = false;
            for (wanted, target) in [(shader.wgsl, Target::Wgsl), (shader.spirv, Target::SpirV)] {
                if !wanted {
                    continue;
                }
                let options = options.clone().target(target);
                match compiler.compile(&source, &options) {
                    Ok(c) => {
                        for f in &c.files_read {
                            if !files_read.contains(f) {
                                files_read.push(f.clone());
                            }
                        }
                        // Both targets report the same warnings: keep the first compilation's.
                        if outputs.is_empty() && !c.diagnostics.is_empty() {
                            warnings.push(c.render_warnings());
                        }
                        outputs.push((target, c));
                    }
                    Err(e) => {
                        errors.push_str(&e.render());
                        failed = true;
                        break;
                    }
                }
            }
            if failed || outputs.is_empty() {
                continue;
            }
            let mut files = codegen::Files::default();
            for (target, c) in &outputs {
                let (file, bytes) = match target {
                    Target::Wgsl => (shader_dir.join(format!("{name}.wgsl")), c.wgsl().map(String::into_bytes)),
                    Target::SpirV => (shader_dir.join(format!("{name}.spv")), c.spirv().map(|w| w.iter().flat_map(|x| x.to_le_bytes()).collect())),
                };
                let bytes = match bytes {
                    Ok(b) => b,
                    Err(e) => {
                        errors.push_str(&e.render());
                        continue;
                    }
                };
                write_if_changed(&file, &bytes).map_err(|e| fail(e, &directives))?;
                match target {
                    Target::Wgsl => files.wgsl = Some(file),
                    Target::SpirV => files.spirv = Some(file),
                }
            }
            let reflection_file = shader_dir.join(format!("{name}.json"));
            write_if_changed(&reflection_file, outputs[0].1.reflection().to_json().as_bytes()).map_err(|e| fail(e, &directives))?;
            files.reflection = Some(reflection_file);
            generated.push(codegen::shader_module(&name, shader, &outputs[0].1, &files, &codegen::Gates { bytemuck: &self.bytemuck, wgpu: &self.wgpu }));
        }
        for f in &files_read {
            let line = format!("cargo:rerun-if-changed={f}");
            if !directives.contains(&line) {
                directives.push(line);
            }
        }
        for w in &warnings {
            for line in w.lines() {
                directives.push(format!("cargo:warning={line}"));
            }
        }
        if !errors.is_empty() {
            return Err(fail(errors, &directives));
        }
        let module = out_dir.join(&self.file_name);
        write_if_changed(&module, codegen::file(&generated).as_bytes()).map_err(|e| fail(e, &directives))?;
        Ok(Output { module, files_read, warnings, directives })
    }

    /// [`Build::compile`], then prints the cargo directives (`rerun-if-changed` for every file
    /// read, warnings). On failure it prints the directives and returns the error, whose
    /// message is the rendered diagnostics: `.run().unwrap_or_else(|e| panic!("{e}"))` shows
    /// them as cargo's build-script failure. This is the one function of the library that
    /// writes to standard output: build scripts talk to cargo through it.
    #[allow(clippy::print_stdout)]
    pub fn run(&self) -> Result<Output, BuildError> {
        let result = self.compile();
        let directives = match &result {
            Ok(o) => &o.directives,
            Err(e) => &e.directives,
        };
        for d in directives {
            println!("{d}");
        }
        result
    }
}

/// Writes a file unless it already has these bytes (keeps timestamps stable, so cargo does
/// not recompile the including crate for nothing).
fn write_if_changed(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if std::fs::read(path).is_ok_and(|old| old == bytes) {
        return Ok(());
    }
    std::fs::write(path, bytes).map_err(|e| format!("cannot write `{}`: {e}", path.display()))
}

/// `A=1;B C=2` → `[(A, 1), (B, None), (C, 2)]`.
fn parse_defines(s: &str) -> Vec<(String, Option<String>)> {
    s.split([';', ' ', '\t', '\n'])
        .filter(|d| !d.is_empty())
        .map(|d| match d.split_once('=') {
            Some((n, v)) => (n.to_string(), Some(v.to_string())),
            None => (d.to_string(), None),
        })
        .collect()
}

/// `BlurH`, `blur-h` → `blur_h`.
fn snake_case(s: &str) -> String {
    let mut out = String::new();
    let mut prev_lower = false;
    for c in s.chars() {
        if c.is_ascii_uppercase() {
            if prev_lower {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
            prev_lower = false;
        } else if c.is_ascii_alphanumeric() {
            out.push(c);
            prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        } else {
            if !out.ends_with('_') {
                out.push('_');
            }
            prev_lower = false;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defines_from_the_environment_split_on_semicolons_and_spaces() {
        assert_eq!(parse_defines("A=1;B C=x=y"), vec![("A".into(), Some("1".into())), ("B".into(), None), ("C".into(), Some("x=y".into()))]);
    }

    #[test]
    fn module_names_are_snake_case_and_carry_non_default_entry_points() {
        assert_eq!(Shader::new("shaders/BlurH.hlsl", "cs_6_0").module_name(), "blur_h");
        assert_eq!(Shader::new("a/lit-pass.hlsl", "ps_6_0").entry("PSMain").module_name(), "lit_pass_psmain");
        assert_eq!(Shader::new("type.hlsl", "ps_6_0").module_name(), "r#type");
    }
}
