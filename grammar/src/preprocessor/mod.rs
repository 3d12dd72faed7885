//! The preprocessor: `#include`, macros and conditional compilation, with the semantics of
//! DXC's (clang's) preprocessor.
//!
//! HLSL shaders lean on the C preprocessor far more than C++ code does (permutation macros,
//! `#include` trees shared across engines, FXC-era token pasting), and DXC is clang, so hlslc
//! reproduces clang's behaviour rather than a textbook one: argument pre-expansion and the
//! "painted blue" rule exactly as clang's `TokenLexer` applies them, GNU `, ## __VA_ARGS__`,
//! MSVC-style `#include "…"` search through the whole include stack (DXC turns it on for HLSL),
//! `true` as 1 in `#if` (HLSL is C++ in clang's eyes), DXC's predefined macros, and
//! `-flegacy-macro-expansion` (FXC's pasting order). Where hlslc differs, the item says so.
//!
//! Data flow: [`preprocess`] processes a `<built-in>` buffer of predefined macros, a
//! `<command line>` buffer of `-D`/`-U`, then the main file, and returns [`Preprocessed`]:
//! expanded tokens (no newlines) with spans in the [`SourceMap`]'s global offset space, the
//! files read and the diagnostics. Every macro expansion gets a virtual region of that space
//! ([`SourceMap::add_expansion`]), so a diagnostic on expanded code points at the invocation
//! and lists the macros it went through.
//!
//! Module map: `stream` (the context stack tokens are read from), `directive` (directive
//! dispatch and conditionals), `definition` (`#define`), `expand` (macro invocation),
//! `substitute` (arguments, `#`, `##`), `condition` (the `#if` evaluator), `include`,
//! `pragma`, `predefined` and `printer` (`-P` output).
//!
//! Limits keep every input finite: macro-expanded tokens, nesting of expansions, arguments,
//! `#if` groups and includes, the total source size and the number of diagnostics are
//! bounded, and exceeding one is a fatal error (preprocessing stops with a diagnostic) rather
//! than a hang, a stack overflow or unbounded memory. A missing or unreadable `#include` is
//! fatal too, as in clang.
//!
//! Where hlslc deliberately differs from DXC:
//! - `#elifdef`/`#elifndef` (C23) work; DXC's clang predates them;
//! - FXC's `#pragma warning(…)` is recorded in [`Preprocessed::warning_pragmas`] and applied
//!   to the hlslc warnings its numbers correspond to (DXC ignores it; see `crate::warnings`),
//!   and unknown pragmas warn (`-Wunknown-pragmas`, off by default in DXC);
//! - `#pragma` lines other than `pack_matrix` do not appear in `-P` output;
//! - `__DXC_VERSION_*` name the DXC release hlslc follows, `__DATE__`/`__TIME__` are fixed,
//!   and DXC's embedded headers for `#include <…>` do not exist.

mod condition;
mod definition;
mod directive;
mod expand;
mod headers;
mod include;
mod pragma;
mod predefined;
mod printer;
mod stream;
mod substitute;

pub use include::{join_path, normalize_path};
pub use printer::{print_preprocessed, print_preprocessed_with, PrintOptions};

use crate::diagnostic::Diagnostic;
use crate::source::{FileKind, SourceMap, Span};
use crate::token::{Interner, PpToken, Symbol};
use definition::Macro;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use std::sync::Arc;
use stream::{Context, FileLexer, Guard};

/// Where `#include`d files come from. The grammar crate does no file I/O: the CLI supplies a
/// filesystem resolver, tests and engines an in-memory one.
///
/// `load` receives a path already joined with the directory being searched and normalised
/// textually (`/` separators, no `.` or `..` components except leading `..`); it is called
/// at most once per distinct path. A sandboxing resolver returns `Err` for paths outside its
/// roots: the preprocessor reports the message as an error at the `#include` and stops.
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
    /// `-U NAME` (applied after all `-D`).
    pub undefines: Vec<String>,
    /// `-include FILE`, in order: each file is included after the command-line macros and
    /// before the main file, as clang's forced includes are. A relative name is looked up as
    /// given (the resolver's current directory), then in the include directories.
    pub forced_includes: Vec<String>,
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
    /// SPIR-V version for `__SPIRV_MAJOR_VERSION__`/`__SPIRV_MINOR_VERSION__` (DXC derives it
    /// from `-fspv-target-env`; the default `vulkan1.0` gives 1.0).
    pub spirv_version: (u32, u32),
    /// The largest total size in bytes of all files read, counting each inclusion (default
    /// 16 MiB: several times the largest real shaders, and bounded in time and memory; see
    /// `tests/limits.rs`).
    pub max_source_size: u64,
    /// The most tokens macro expansion may produce (or pre-expand as arguments) in total
    /// (default 2 Mi).
    pub max_expanded_tokens: u64,
    /// The deepest `#include` nesting (default 200, as clang).
    pub max_include_depth: usize,
}

impl Default for PreprocessOptions {
    fn default() -> Self {
        PreprocessOptions {
            defines: Vec::new(),
            undefines: Vec::new(),
            forced_includes: Vec::new(),
            include_dirs: Vec::new(),
            hlsl_version: 2021,
            stage: None,
            shader_model: (6, 0),
            enable_16bit_types: false,
            legacy_macro_expansion: false,
            spirv: false,
            spirv_version: (1, 0),
            max_source_size: 16 << 20,
            max_expanded_tokens: 2 << 20,
            max_include_depth: 200,
        }
    }
}

/// A `#pragma warning(...)` (FXC) or `#pragma dxc diagnostic ...` seen in the source.
#[derive(Clone, Debug, PartialEq)]
pub struct WarningPragma {
    pub span: Span,
    /// `disable`, `default`, `error`, `once`, `suppress`, a level `1`–`4`, `push`, `pop`.
    /// `#pragma dxc diagnostic ignored|warning|error|fatal "-Wname"` maps to `disable`,
    /// `default`, `error`, `error`.
    pub action: String,
    /// Warning numbers (FXC) or names (`dxc diagnostic`, without `-W`) the pragma names; for
    /// `push` the optional level.
    pub warnings: Vec<String>,
    /// Where it takes effect: the index in [`Preprocessed::tokens`] of the first token after
    /// it (translation order, which offsets do not give across includes and expansions).
    pub position: usize,
}

/// What preprocessing produced.
#[derive(Debug, Default)]
pub struct Preprocessed {
    /// Tokens after expansion, without newlines; `PragmaRowMajor`/`PragmaColumnMajor` mark
    /// `#pragma pack_matrix` positions.
    pub tokens: Vec<PpToken>,
    pub interner: Interner,
    /// Every file read, in first-read order (for `rerun-if-changed` and dependency files): the
    /// main file's name, then the canonical names the resolver returned.
    pub files_read: Vec<String>,
    pub warning_pragmas: Vec<WarningPragma>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Preprocesses the main file `name` with text `text`, adding every file to `map`.
pub fn preprocess(
    map: &mut SourceMap,
    name: &str,
    text: &str,
    options: &PreprocessOptions,
    resolver: &mut dyn IncludeResolver,
) -> Preprocessed {
    Preprocessor::new(map, options, resolver).run(name, text)
}

/// Diagnostic codes of the preprocessor (the `01xx` range).
pub mod codes {
    pub const UNTERMINATED_CONDITIONAL: &str = "E0101";
    pub const UNBALANCED_CONDITIONAL: &str = "E0102";
    pub const ELSE_AFTER_ELSE: &str = "E0103";
    pub const INVALID_DIRECTIVE: &str = "E0104";
    pub const MACRO_NAME: &str = "E0105";
    pub const MACRO_PARAMETERS: &str = "E0106";
    pub const STRINGIZE_NOT_PARAMETER: &str = "E0107";
    pub const PASTE_AT_EDGE: &str = "E0108";
    pub const UNTERMINATED_INVOCATION: &str = "E0109";
    pub const ARGUMENT_COUNT: &str = "E0110";
    pub const INVALID_PASTE: &str = "E0111";
    pub const FILE_NOT_FOUND: &str = "E0112";
    pub const FILE_UNREADABLE: &str = "E0113";
    pub const INCLUDE_TOO_DEEP: &str = "E0114";
    pub const INCLUDE_CYCLE: &str = "E0115";
    pub const INCLUDE_SYNTAX: &str = "E0116";
    pub const CONDITION_SYNTAX: &str = "E0117";
    pub const DIVISION_BY_ZERO: &str = "E0118";
    pub const INVALID_LITERAL: &str = "E0119";
    pub const ERROR_DIRECTIVE: &str = "E0120";
    pub const LINE_DIRECTIVE: &str = "E0121";
    pub const EXPANSION_TOO_LARGE: &str = "E0122";
    pub const EXPANSION_TOO_DEEP: &str = "E0123";
    pub const CONDITIONAL_TOO_DEEP: &str = "E0124";
    pub const SOURCE_TOO_LARGE: &str = "E0125";
    pub const UNTERMINATED_COMMENT: &str = "E0126";
    pub const MALFORMED_PRAGMA: &str = "E0127";
    pub const UNDEFINED_FUNCTION_MACRO: &str = "E0128";
    pub const TOO_MANY_INCLUDES: &str = "E0129";
    pub const TOO_MANY_DIAGNOSTICS: &str = "E0130";
    pub const MACRO_REDEFINED: &str = "W0101";
    pub const EXTRA_TOKENS: &str = "W0102";
    pub const UNKNOWN_PRAGMA: &str = "W0103";
    pub const WARNING_DIRECTIVE: &str = "W0104";
    pub const PRAGMA_MESSAGE: &str = "W0105";
    pub const NULL_CHARACTER: &str = "W0106";
    pub const PRAGMA_ONCE_IN_MAIN: &str = "W0107";
    pub const BUILTIN_MACRO_REDEFINED: &str = "W0108";
    pub const UNTERMINATED_STRING: &str = "W0109";
    pub const IMPLICITLY_UNSIGNED: &str = "W0110";
    pub const MISSING_WHITESPACE: &str = "W0111";
    pub const MULTICHAR: &str = "W0112";
    pub const MALFORMED_WARNING_PRAGMA: &str = "W0113";
}

/// The most contexts (files and macro expansions) open at once.
const MAX_CONTEXTS: usize = 10_000;
/// The deepest nesting of macro-argument pre-expansion (`f(f(f(…)))`).
const MAX_ARGUMENT_DEPTH: u32 = 200;
/// The deepest `#if` nesting inside one file.
const MAX_CONDITIONAL_DEPTH: usize = 4096;
/// The most diagnostics before preprocessing stops (memory stays proportional to it, not to
/// the input).
const MAX_DIAGNOSTICS: usize = 10_000;
/// The most `#include`s entered in one compilation (guarded re-includes do not count).
const MAX_INCLUDES: u32 = 65_536;

/// A fast hasher for maps keyed by [`Symbol`] (SipHash dominated profiles when the macro
/// table was such a map).
#[derive(Default, Clone, Copy)]
struct SymbolHasher(u64);

impl std::hash::Hasher for SymbolHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u32(b as u32);
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.0 = (self.0.rotate_left(5) ^ n as u64).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type SymbolMap<V> = HashMap<Symbol, V, std::hash::BuildHasherDefault<SymbolHasher>>;

/// The defined macros, indexed by their name's symbol: every identifier read is looked up
/// here, and symbols are dense (`0..interner.len()`), so a look-up is an index, not a hash.
#[derive(Default)]
struct MacroTable {
    by_symbol: Vec<Option<Rc<Macro>>>,
}

impl MacroTable {
    fn get(&self, name: &Symbol) -> Option<&Rc<Macro>> {
        self.by_symbol.get(name.0 as usize)?.as_ref()
    }

    fn contains_key(&self, name: &Symbol) -> bool {
        self.get(name).is_some()
    }

    fn insert(&mut self, name: Symbol, m: Rc<Macro>) {
        let i = name.0 as usize;
        if self.by_symbol.len() <= i {
            self.by_symbol.resize(i + 1, None);
        }
        self.by_symbol[i] = Some(m);
    }

    fn remove(&mut self, name: &Symbol) -> Option<Rc<Macro>> {
        self.by_symbol.get_mut(name.0 as usize)?.take()
    }
}

/// Identifiers the preprocessor looks for, interned once.
struct Symbols {
    defined: Symbol,
    va_args: Symbol,
    pragma_operator: Symbol,
    true_: Symbol,
}

/// The state of one preprocessing run.
struct Preprocessor<'a> {
    map: &'a mut SourceMap,
    options: &'a PreprocessOptions,
    resolver: &'a mut dyn IncludeResolver,
    interner: Interner,
    sym: Symbols,
    macros: MacroTable,
    contexts: Vec<Context>,
    /// How many contexts on the stack disable each macro.
    disabled: SymbolMap<u32>,
    /// Whitespace flags of a macro invocation that expanded to nothing, for the next token.
    carry: Option<(bool, bool)>,
    argument_depth: u32,
    /// Reading the operands of `_Pragma` (a nested `_Pragma` is then just an identifier).
    in_pragma_operator: bool,
    diagnostics: Vec<Diagnostic>,
    files_read: Vec<String>,
    files_seen: HashSet<String>,
    /// Resolver results by joined path.
    file_cache: HashMap<String, Option<(String, Arc<str>)>>,
    /// Canonical names of files with `#pragma once`.
    once: HashSet<String>,
    /// Controlling macros of files wrapped in an include guard.
    guards: HashMap<String, Symbol>,
    warning_pragmas: Vec<WarningPragma>,
    /// Tokens output so far (the position of a pragma seen now).
    emitted: usize,
    counter: u64,
    expanded_tokens: u64,
    source_bytes: u64,
    includes_entered: u32,
    fatal: bool,
}

impl<'a> Preprocessor<'a> {
    fn new(map: &'a mut SourceMap, options: &'a PreprocessOptions, resolver: &'a mut dyn IncludeResolver) -> Self {
        let mut interner = Interner::new();
        let sym = Symbols {
            defined: interner.intern("defined"),
            va_args: interner.intern("__VA_ARGS__"),
            pragma_operator: interner.intern("_Pragma"),
            true_: interner.intern("true"),
        };
        let mut pp = Preprocessor {
            map,
            options,
            resolver,
            interner,
            sym,
            macros: MacroTable::default(),
            contexts: Vec::new(),
            disabled: SymbolMap::default(),
            carry: None,
            argument_depth: 0,
            in_pragma_operator: false,
            diagnostics: Vec::new(),
            files_read: Vec::new(),
            files_seen: HashSet::new(),
            file_cache: HashMap::new(),
            once: HashSet::new(),
            guards: HashMap::new(),
            warning_pragmas: Vec::new(),
            emitted: 0,
            counter: 0,
            expanded_tokens: 0,
            source_bytes: 0,
            includes_entered: 0,
            fatal: false,
        };
        for (name, builtin) in predefined::BUILTINS {
            let name = pp.interner.intern(name);
            pp.macros.insert(name, Rc::new(Macro::builtin(name, builtin)));
        }
        pp
    }

    /// Processes the predefined and command-line buffers, then the main file.
    fn run(mut self, name: &str, text: &str) -> Preprocessed {
        let mut tokens = Vec::new();
        let buffers = [
            ("<built-in>", predefined::predefined_source(self.options), FileKind::Builtin),
            ("<command line>", predefined::command_line_source(self.options), FileKind::CommandLine),
            (name, text.to_string(), FileKind::File),
        ];
        // The main file is the first file read, before any `-include` file.
        self.files_read.push(name.to_string());
        for (buffer, source, kind) in buffers {
            if kind == FileKind::File {
                self.files_seen.insert(name.to_string());
            }
            let dir = include::parent_dir(buffer);
            if !self.enter_file(buffer, buffer, Arc::from(source), kind, dir, None) {
                break;
            }
            // The file's raw tokens (newlines included) bound its share of the output unless
            // macros expand: reserved at once instead of a doubling series of copies.
            tokens.reserve(self.top_file().map_or(0, |f| f.remaining()));
            loop {
                self.pass_through(&mut tokens);
                self.emitted = tokens.len();
                let Some(t) = self.next_expanded() else { break };
                tokens.push(t.to_pp());
                self.emitted = tokens.len();
            }
            if self.fatal {
                break;
            }
        }
        Preprocessed {
            tokens,
            interner: self.interner,
            files_read: self.files_read,
            warning_pragmas: self.warning_pragmas,
            diagnostics: self.diagnostics,
        }
    }

    /// Adds a file to the source map and pushes a context lexing it. Returns false (after a
    /// fatal error) when the source is too large.
    fn enter_file(
        &mut self,
        display: &str,
        canonical: &str,
        text: Arc<str>,
        kind: FileKind,
        dir: String,
        include_site: Option<Span>,
    ) -> bool {
        self.source_bytes += text.len() as u64;
        let limit = self.options.max_source_size;
        let id =
            if self.source_bytes > limit { None } else { self.map.add_file(display, text.clone(), kind, include_site) };
        let Some(file) = id else {
            let span = include_site.unwrap_or(Span::UNDEFINED);
            self.fatal_error(
                Diagnostic::error(codes::SOURCE_TOO_LARGE, span, format!("source exceeds the limit of {limit} bytes"))
                    .with_note(format!("while reading `{display}`"))
                    .with_help("raise `max_source_size` if the input is legitimately this large"),
            );
            return false;
        };
        let base = self.map.file(file).base;
        let (lexer, problems) = FileLexer::new(file, kind, base, text, canonical.to_string(), dir, include_site);
        if let Some(&first) = problems.nul.first() {
            let mut d = Diagnostic::warning(
                codes::NULL_CHARACTER,
                "null-character",
                lexer.span(first, first + 1),
                "null character ignored",
            );
            if problems.nul.len() > 1 {
                d = d.with_note(format!("{} null characters in this file are ignored", problems.nul.len()));
            }
            self.diagnostics.push(d);
        }
        if let Some((start, end)) = problems.unterminated_comment {
            self.diagnostics.push(
                Diagnostic::error(codes::UNTERMINATED_COMMENT, lexer.span(start, end), "unterminated `/*` comment")
                    .with_help("add `*/` to end the comment"),
            );
        }
        self.contexts.push(Context::File(Box::new(lexer)));
        true
    }

    /// Pops the finished file on top of the stack: reports unterminated conditionals and
    /// records an include guard.
    fn end_of_file(&mut self) {
        let Some(Context::File(f)) = self.contexts.pop() else { return };
        for cond in f.conds.iter().rev() {
            self.diagnostics.push(
                Diagnostic::error(codes::UNTERMINATED_CONDITIONAL, cond.span, "unterminated conditional directive")
                    .with_help("add `#endif`"),
            );
        }
        if let Guard::After(name) = f.guard {
            if f.conds.is_empty() {
                self.guards.insert(f.canonical.clone(), name);
            }
        }
    }

    /// Reports an error that stops preprocessing.
    fn fatal_error(&mut self, d: Diagnostic) {
        if !self.fatal {
            self.diagnostics.push(d);
        }
        self.fatal = true;
    }

    fn text(&self, sym: Symbol) -> &str {
        self.interner.resolve(sym)
    }
}
