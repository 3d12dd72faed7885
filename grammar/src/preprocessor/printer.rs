//! `-P`: preprocessed tokens printed back as readable source.
//!
//! The layout mimics clang's (and so DXC's) `-E`/`-P` output: a token that started a line in
//! its file starts a line in the output, up to 8 blank lines are kept to stay on the original
//! line, and a `#line N "file"` marker is written when the output moves to another file or
//! jumps (DXC's `-P` writes these markers too; [`PrintOptions::line_markers`] turns them off).
//! Tokens that followed whitespace get one space; tokens that did not are glued, unless gluing
//! would lex differently (`+` `+` is printed `+ +`, `1` `.` `x` as `1 . x`), so printing and
//! lexing again gives back the same tokens. `#pragma pack_matrix` tokens are printed as the
//! directive on a line of their own.

use super::Preprocessed;
use crate::lexer::{self, TokenKind};
use crate::source::{FileId, Location, SourceMap};
use crate::token::PpToken;

/// How [`print_preprocessed_with`] lays out its output.
#[derive(Clone, Debug)]
pub struct PrintOptions {
    /// Write `#line N "file"` markers where the output changes file or skips lines.
    pub line_markers: bool,
}

impl Default for PrintOptions {
    fn default() -> Self {
        PrintOptions { line_markers: true }
    }
}

/// Prints preprocessed tokens as source, with `#line` markers (DXC's `-P`).
pub fn print_preprocessed(pp: &Preprocessed, map: &SourceMap) -> String {
    print_preprocessed_with(pp, map, &PrintOptions::default())
}

/// Prints preprocessed tokens as source.
pub fn print_preprocessed_with(pp: &Preprocessed, map: &SourceMap, options: &PrintOptions) -> String {
    let mut p = Printer { out: String::new(), at_line_start: true, line: 0, file: None, markers: options.line_markers };
    let mut prev: Option<(&PpToken, &str)> = None;
    for tok in &pp.tokens {
        let text = pp.interner.resolve(tok.text);
        let pragma = is_pragma(tok.kind);
        let after_pragma = prev.is_some_and(|(t, _)| is_pragma(t.kind));
        if prev.is_none() || tok.line_start || pragma || after_pragma {
            p.move_to(map.location(tok.span), pragma);
        } else if tok.leading_space || prev.is_some_and(|(_, prev_text)| needs_space(prev_text, text)) {
            p.out.push(' ');
        }
        p.out.push_str(text);
        p.at_line_start = false;
        if pragma {
            p.newline();
        }
        prev = Some((tok, text));
    }
    if !p.at_line_start {
        p.out.push('\n');
    }
    p.out
}

struct Printer {
    out: String,
    at_line_start: bool,
    /// The presumed line the output is on.
    line: u32,
    /// The file (and presumed name) the output is in.
    file: Option<(FileId, String)>,
    markers: bool,
}

impl Printer {
    fn newline(&mut self) {
        self.out.push('\n');
        self.at_line_start = true;
        self.line += 1;
    }

    /// Moves the output to the line of a token that starts a line, indented to its column
    /// when it begins the output line.
    fn move_to(&mut self, location: Option<Location>, own_line: bool) {
        let Some(loc) = location else {
            if !self.at_line_start {
                self.newline();
            }
            return;
        };
        let same_file = self.file.as_ref().is_some_and(|(id, name)| *id == loc.file && *name == loc.name);
        if same_file && loc.line > self.line && loc.line - self.line <= 8 {
            while self.line < loc.line {
                self.newline();
            }
        } else if same_file && loc.line == self.line && (!own_line || self.at_line_start) {
            if !self.at_line_start {
                self.out.push(' ');
            }
        } else {
            if !self.at_line_start {
                self.newline();
            }
            if self.markers && !(same_file && loc.line == self.line) {
                let name = loc.name.replace('\\', "\\\\").replace('"', "\\\"");
                self.out.push_str(&format!("#line {} \"{name}\"\n", loc.line));
            }
            self.line = loc.line;
            self.file = Some((loc.file, loc.name));
        }
        if self.at_line_start {
            for _ in 1..loc.column {
                self.out.push(' ');
            }
        }
    }
}

fn is_pragma(kind: TokenKind) -> bool {
    matches!(kind, TokenKind::PragmaRowMajor | TokenKind::PragmaColumnMajor)
}

/// Whether printing `a` and `b` without a space would lex as something else.
fn needs_space(a: &str, b: &str) -> bool {
    let joined = format!("{a}{b}");
    match lexer::lex(&joined).as_slice() {
        [x, y] => x.end as usize != a.len() || y.start as usize != a.len(),
        _ => true,
    }
}
