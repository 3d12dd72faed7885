//! The preprocessor: `#include`, macros and conditional compilation, with the semantics of
//! DXC's (clang's) preprocessor.
//!
//! PLACEHOLDER: this first version only lexes the main file and drops newlines; the full
//! preprocessor replaces it. The public API below is the contract the rest of hlslc uses.

use crate::diagnostic::Diagnostic;
use crate::lexer::{self, TokenKind};
use crate::source::{FileId, FileKind, SourceMap, Span};
use crate::token::{Interner, PpToken};
use std::sync::Arc;

/// Where `#include`d files come from. The grammar crate does no file I/O: the CLI supplies a
/// filesystem resolver, tests and engines an in-memory one.
pub trait IncludeResolver {
    /// Loads the file at `path` (already joined with the directory being searched), returning
    /// its canonical name and text, or `None` if there is no such file. An `Err` is a hard
    /// failure (I/O error, path outside a sandbox) reported as a diagnostic.
    fn load(&mut self, path: &str) -> Result<Option<(String, Arc<str>)>, String>;
}

/// A resolver over a fixed set of in-memory files (for tests and engines).
#[derive(Debug, Default, Clone)]
pub struct MemoryResolver {
    pub files: Vec<(String, Arc<str>)>,
}

impl MemoryResolver {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with_file(mut self, path: impl Into<String>, text: impl Into<Arc<str>>) -> Self {
        self.files.push((path.into(), text.into()));
        self
    }
}

impl IncludeResolver for MemoryResolver {
    fn load(&mut self, path: &str) -> Result<Option<(String, Arc<str>)>, String> {
        Ok(self.files.iter().find(|(p, _)| p == path).map(|(p, t)| (p.clone(), t.clone())))
    }
}

/// The shader stage of the target profile, for `__SHADER_TARGET_STAGE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProfileStage {
    Pixel,
    Vertex,
    Geometry,
    Hull,
    Domain,
    Compute,
    Library,
    Mesh,
    Amplification,
}

/// Options that affect preprocessing.
#[derive(Clone, Debug)]
pub struct PreprocessOptions {
    /// `-D NAME[=VALUE]`, in command-line order.
    pub defines: Vec<(String, Option<String>)>,
    /// `-U NAME`.
    pub undefines: Vec<String>,
    /// `-I DIR`, in order.
    pub include_dirs: Vec<String>,
    /// `-HV`: 2016, 2018 or 2021.
    pub hlsl_version: u32,
    /// Stage and shader-model version of `-T` (e.g. `ps_6_0`), if given.
    pub stage: Option<ProfileStage>,
    pub shader_model: (u32, u32),
    /// `-enable-16bit-types`.
    pub enable_16bit_types: bool,
    /// `-flegacy-macro-expansion`.
    pub legacy_macro_expansion: bool,
    /// Define `__spirv__` (DXC defines it with `-spirv`).
    pub spirv: bool,
}

impl Default for PreprocessOptions {
    fn default() -> Self {
        PreprocessOptions {
            defines: Vec::new(),
            undefines: Vec::new(),
            include_dirs: Vec::new(),
            hlsl_version: 2021,
            stage: None,
            shader_model: (6, 0),
            enable_16bit_types: false,
            legacy_macro_expansion: false,
            spirv: false,
        }
    }
}

/// A `#pragma warning(...)` seen in the source.
#[derive(Clone, Debug, PartialEq)]
pub struct WarningPragma {
    pub span: Span,
    /// `disable`, `default`, `error`, `once`, `push`, `pop`.
    pub action: String,
    /// Warning numbers or names the pragma names.
    pub warnings: Vec<String>,
}

/// What preprocessing produced.
#[derive(Debug, Default)]
pub struct Preprocessed {
    /// Tokens after expansion, without newlines; `PragmaRowMajor`/`PragmaColumnMajor` mark
    /// `#pragma pack_matrix` positions.
    pub tokens: Vec<PpToken>,
    pub interner: Interner,
    /// Every file read, in first-read order (for `rerun-if-changed` and dependency files).
    pub files_read: Vec<String>,
    pub warning_pragmas: Vec<WarningPragma>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Preprocesses the main file `name` with text `text`, adding every file to `map`.
pub fn preprocess(
    map: &mut SourceMap,
    name: &str,
    text: &str,
    _options: &PreprocessOptions,
    _resolver: &mut dyn IncludeResolver,
) -> Preprocessed {
    let mut out = Preprocessed::default();
    let Some(file) = map.add_file(name, text, FileKind::File, None) else {
        out.diagnostics.push(Diagnostic::error("E0901", Span::UNDEFINED, "source too large"));
        return out;
    };
    out.files_read.push(name.to_string());
    let base = map.file(file).base;
    let mut line_start = true;
    let mut prev_end = 0;
    for t in lexer::lex(text) {
        if t.kind == TokenKind::Newline {
            line_start = true;
            continue;
        }
        let sym = out.interner.intern(&text[t.start as usize..t.end as usize]);
        out.tokens.push(PpToken {
            kind: t.kind,
            text: sym,
            span: Span::new(base + t.start, base + t.end),
            leading_space: t.start > prev_end,
            line_start,
        });
        prev_end = t.end;
        line_start = false;
    }
    let _ = FileId(0);
    out
}
