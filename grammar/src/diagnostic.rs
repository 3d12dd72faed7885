//! Diagnostics: errors and warnings with a code, a span, notes and a hint, and their rendering.
//!
//! Every stage of hlslc reports problems as [`Diagnostic`]s and keeps going where it can; stages
//! stop *between* each other when an error was reported. A diagnostic carries:
//! - a [`Severity`] and a stable code (`E0101`, `W0301` …), grouped by stage:
//!   `01xx` preprocessor, `02xx` lexer and parser, `03xx` names and declarations, `04xx` types and
//!   conversions, `05xx` functions, overloads and intrinsics, `06xx` entry points, stages and
//!   semantics, `07xx` resources, bindings and layout, `08xx` features a target cannot express,
//!   `09xx` limits, `99xx` internal compiler errors;
//! - for warnings, a name (`-Wno-<name>` turns it off);
//! - a message in the house style: lower-case, one sentence, no final period, not repeating what
//!   the caret already shows;
//! - a primary span, secondary labels (related locations), notes and an optional fix hint.
//!
//! Rendering goes through codespan-reporting with the [`SourceMap`] as its file database, and
//! adds the include stack ("in file included from …") and the macro-expansion chain ("in
//! expansion of macro …") automatically, so stages never have to.

use crate::source::{SourceMap, Span};
use codespan_reporting::diagnostic as cs;
use codespan_reporting::term;

/// How serious a diagnostic is.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub enum Severity {
    Note,
    Warning,
    Error,
}

/// A related location with a message.
#[derive(Clone, PartialEq, Debug)]
pub struct Label {
    pub span: Span,
    pub message: String,
}

/// One error or warning. See the module docs.
#[derive(Clone, PartialEq, Debug)]
pub struct Diagnostic {
    pub severity: Severity,
    /// Stable code, e.g. `E0101`.
    pub code: &'static str,
    /// For warnings: the name used by `-Wno-<name>` and `#pragma warning`.
    pub warning_name: Option<&'static str>,
    pub message: String,
    /// The primary location; `Span::UNDEFINED` for diagnostics without one (e.g. a missing
    /// entry point in an empty file).
    pub span: Span,
    /// Text shown under the primary caret (may be empty).
    pub label: String,
    /// Secondary locations.
    pub related: Vec<Label>,
    /// Free-text notes.
    pub notes: Vec<String>,
    /// How to fix it.
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn error(code: &'static str, span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            code,
            warning_name: None,
            message: message.into(),
            span,
            label: String::new(),
            related: Vec::new(),
            notes: Vec::new(),
            help: None,
        }
    }

    pub fn warning(code: &'static str, name: &'static str, span: Span, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Warning, warning_name: Some(name), ..Self::error(code, span, message) }
    }

    /// Text under the primary caret.
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    /// A related location.
    pub fn with_related(mut self, span: Span, message: impl Into<String>) -> Self {
        self.related.push(Label { span, message: message.into() });
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// In-place variants of the builders, for diagnostics already pushed to a list.
    pub fn help(&mut self, help: impl Into<String>) -> &mut Self {
        self.help = Some(help.into());
        self
    }

    pub fn note(&mut self, note: impl Into<String>) -> &mut Self {
        self.notes.push(note.into());
        self
    }

    pub fn related(&mut self, span: Span, message: impl Into<String>) -> &mut Self {
        self.related.push(Label { span, message: message.into() });
        self
    }

    pub fn label(&mut self, label: impl Into<String>) -> &mut Self {
        self.label = label.into();
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Converts to codespan's form, adding include-stack and macro-expansion notes.
    pub fn to_codespan(&self, map: &SourceMap) -> cs::Diagnostic<crate::source::FileId> {
        let severity = match self.severity {
            Severity::Error => cs::Severity::Error,
            Severity::Warning => cs::Severity::Warning,
            Severity::Note => cs::Severity::Note,
        };
        let mut labels = Vec::new();
        let mut notes = Vec::new();
        if let Some(r) = map.resolve(self.span) {
            labels.push(cs::Label::primary(r.file, r.range.clone()).with_message(self.label.clone()));
            for e in map.expansion_chain(self.span.start) {
                match map.resolve(e.definition) {
                    Some(d) if !e.definition.is_undefined() => labels.push(
                        cs::Label::secondary(d.file, d.range)
                            .with_message(format!("in expansion of macro `{}`", e.macro_name)),
                    ),
                    _ => notes.push(format!("in expansion of predefined macro `{}`", e.macro_name)),
                }
            }
            // A `#line` directive changes the location a user refers to; the snippet above
            // still shows the physical file.
            if let Some(loc) = map.location(self.span) {
                let f = map.file(r.file);
                if loc.name != f.name || loc.line as usize != f.line_col(r.range.start as u32).0 + 1 {
                    notes.push(format!("presumed location {loc} (set by `#line`)"));
                }
            }
            for site in map.include_stack(r.file) {
                if let Some(loc) = map.location(site) {
                    notes.push(format!("in file included from {loc}"));
                }
            }
        }
        for l in &self.related {
            if let Some(r) = map.resolve(l.span) {
                labels.push(cs::Label::secondary(r.file, r.range).with_message(l.message.clone()));
            }
        }
        notes.extend(self.notes.iter().cloned());
        if let Some(help) = &self.help {
            notes.push(format!("help: {help}"));
        }
        let mut message = self.message.clone();
        match (self.warning_name, self.severity) {
            (Some(name), Severity::Error) => message = format!("{message} [-Werror,-W{name}]"),
            (Some(name), _) => message = format!("{message} [-W{name}]"),
            _ => {}
        }
        cs::Diagnostic::new(severity).with_code(self.code).with_message(message).with_labels(labels).with_notes(notes)
    }

    /// Renders to plain text (no colours), as tests snapshot it.
    pub fn render(&self, map: &SourceMap) -> String {
        render_all(std::slice::from_ref(self), map)
    }
}

/// Renders diagnostics to plain text, one after another.
pub fn render_all(diagnostics: &[Diagnostic], map: &SourceMap) -> String {
    let config = term::Config::default();
    let mut out = String::new();
    for d in diagnostics {
        match term::emit_into_string(&config, map, &d.to_codespan(map)) {
            Ok(text) => out.push_str(&text),
            // Rendering failed (a span outside every file): fall back to the bare message.
            Err(_) => out.push_str(&format!("{}[{}]: {}\n", severity_word(d.severity), d.code, d.message)),
        }
    }
    out
}

fn severity_word(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// Diagnostics collected by a stage.
pub type Diagnostics = Vec<Diagnostic>;

/// True if any diagnostic is an error.
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(Diagnostic::is_error)
}
