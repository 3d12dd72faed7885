//! Structured diagnostics: every [`Diagnostic`] with its spans resolved to file names, lines and
//! columns, for engines and editors that show diagnostics themselves instead of printing the
//! rendered text.
//!
//! Spans inside hlslc live in one global offset space over every file, include and macro
//! expansion (see `grammar/src/source.rs`); a [`Located`] diagnostic carries positions a user
//! can open instead: the presumed file name (after `#line`), 1-based line and column of the
//! start and end, and the byte range in that file. A span produced by a macro expansion
//! resolves to the macro's call site, where the caret of the rendered form points too.

use hlslc_grammar::diagnostic::{Diagnostic, Severity};
use hlslc_grammar::{SourceMap, Span};

/// A diagnostic with its locations resolved (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// Error, warning or note.
    pub severity: Severity,
    /// The stable code (`E0101`), as shown in brackets in the rendered form.
    pub code: &'static str,
    /// For warnings: the name `-Wno-<name>` and `#pragma warning` use.
    pub warning_name: Option<&'static str>,
    /// The message: lower case, one sentence.
    pub message: String,
    /// The primary location; `None` for diagnostics without one (an invalid profile).
    pub location: Option<Position>,
    /// The text shown under the primary caret (may be empty).
    pub label: String,
    /// Related locations with their messages ("previous definition is here").
    pub related: Vec<(Position, String)>,
    /// Free-text notes, including "in expansion of macro" and "included from" notes.
    pub notes: Vec<String>,
    /// How to fix it.
    pub help: Option<String>,
}

/// A range in one file, as a user sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The presumed file name: the path as given or included, or the name of a `#line`.
    pub file: String,
    /// 1-based line of the start.
    pub line: u32,
    /// 1-based byte column of the start.
    pub column: u32,
    /// 1-based line of the end (exclusive end position).
    pub end_line: u32,
    /// 1-based byte column of the end (exclusive).
    pub end_column: u32,
    /// The byte range in the file's text.
    pub byte_range: std::ops::Range<usize>,
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

impl std::fmt::Display for Located {
    /// One line: `file:line:col: error[E0101]: message` (what editors' problem matchers read).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let severity = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        };
        if let Some(p) = &self.location {
            write!(f, "{p}: ")?;
        }
        write!(f, "{severity}[{}]: {}", self.code, self.message)
    }
}

/// Resolves one diagnostic's spans against the source map of its compilation.
pub fn locate(diagnostic: &Diagnostic, map: &SourceMap) -> Located {
    let mut notes = Vec::new();
    // The macro-expansion chain and include stack, as the rendered form shows them.
    if !diagnostic.span.is_undefined() {
        for e in map.expansion_chain(diagnostic.span.start) {
            let at = position(map, e.call_site).map(|p| format!(" at {p}")).unwrap_or_default();
            notes.push(format!("in expansion of macro `{}`{at}", e.macro_name));
        }
        if let Some(file) = map.resolve(diagnostic.span).map(|r| r.file) {
            for site in map.include_stack(file) {
                if let Some(p) = position(map, site) {
                    notes.push(format!("included from {p}"));
                }
            }
        }
    }
    notes.extend(diagnostic.notes.iter().cloned());
    Located {
        severity: diagnostic.severity,
        code: diagnostic.code,
        warning_name: diagnostic.warning_name,
        message: diagnostic.message.clone(),
        location: position(map, diagnostic.span),
        label: diagnostic.label.clone(),
        related: diagnostic.related.iter().filter_map(|l| Some((position(map, l.span)?, l.message.clone()))).collect(),
        notes,
        help: diagnostic.help.clone(),
    }
}

/// Resolves every diagnostic of a list.
pub fn locate_all(diagnostics: &[Diagnostic], map: &SourceMap) -> Vec<Located> {
    diagnostics.iter().map(|d| locate(d, map)).collect()
}

/// The user-visible position of a span, or `None` for synthesized code.
pub fn position(map: &SourceMap, span: Span) -> Option<Position> {
    let resolved = map.resolve(span)?;
    let start = map.location_in(resolved.file, resolved.range.start as u32);
    let end = map.location_in(resolved.file, resolved.range.end as u32);
    Some(Position {
        file: start.name,
        line: start.line,
        column: start.column,
        end_line: end.line,
        end_column: end.column,
        byte_range: resolved.range,
    })
}
