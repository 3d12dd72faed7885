//! `#pragma` and the `_Pragma("…")` operator.
//!
//! DXC's clang registers only a few pragma handlers for HLSL (`once`, `message`, `region`,
//! `endregion`, `mark`, `dxc diagnostic`) and its parser handles `pack_matrix`; hlslc adds
//! FXC's `#pragma warning(…)` (recorded in [`Preprocessed::warning_pragmas`] for the driver)
//! and accepts FXC's `#pragma def(…)` silently. Everything else is ignored with a
//! `-Wunknown-pragmas` warning (clang's group name, so existing `-Wno-unknown-pragmas` flags
//! keep working; DXC itself leaves that warning off by default).
//!
//! `#pragma pack_matrix(row_major|column_major)` becomes a `PragmaRowMajor`/`PragmaColumnMajor`
//! token at its place in the output, so the parser applies it to the declarations after it.
//! As in clang, the operands of `pack_matrix`, `message` and `warning` are macro-expanded.
//!
//! [`Preprocessed::warning_pragmas`]: super::Preprocessed::warning_pragmas

use super::codes;
use super::directive::unescape_string;
use super::stream::Tok;
use super::{Preprocessor, WarningPragma};
use crate::diagnostic::{Diagnostic, Severity};
use crate::lexer::{self, TokenKind};
use crate::source::{FileKind, Span};

impl Preprocessor<'_> {
    /// `_Pragma ( string-literal )`: destringizes the literal and handles it as a `#pragma`.
    pub(super) fn pragma_operator(&mut self, op: Tok) -> Option<Tok> {
        self.in_pragma_operator = true;
        let operands = self.pragma_operands();
        self.in_pragma_operator = false;
        let Some((literal, rparen)) = operands else {
            self.diagnostics.push(
                Diagnostic::error(codes::MALFORMED_PRAGMA, op.span, "`_Pragma` takes a parenthesized string literal")
                    .with_help("write `_Pragma(\"pack_matrix(row_major)\")`"),
            );
            return None;
        };
        let text = unescape_string(self.text(literal.text));
        let tokens: Vec<Tok> = lexer::lex(&text)
            .into_iter()
            .filter(|r| r.kind != TokenKind::Newline)
            .map(|r| Tok::new(r.kind, self.interner.intern(&text[r.start as usize..r.end as usize]), literal.span))
            .collect();
        let span = if op.span.end <= rparen.span.end { Span::new(op.span.start, rparen.span.end) } else { op.span };
        self.pragma(&tokens, span)
    }

    /// `( string-literal )` after `_Pragma`, with clang's error recovery.
    fn pragma_operands(&mut self) -> Option<(Tok, Tok)> {
        let mut operands = None;
        match self.next_expanded() {
            Some(open) if open.kind == TokenKind::LParen => {
                let literal = self.next_expanded();
                match literal {
                    Some(l) if l.kind == TokenKind::String => match self.next_expanded() {
                        Some(close) if close.kind == TokenKind::RParen => operands = Some((l, close)),
                        other => self.skip_pragma_operands(other),
                    },
                    other => self.skip_pragma_operands(other),
                }
            }
            Some(other) => self.push_macro(vec![other], None, false),
            None => {}
        }
        operands
    }

    /// Error recovery for `_Pragma`: skips to its `)` (as clang, not past the line's end).
    fn skip_pragma_operands(&mut self, mut tok: Option<Tok>) {
        while let Some(t) = tok {
            if t.kind == TokenKind::RParen {
                return;
            }
            if t.line_start {
                return self.push_macro(vec![t], None, false);
            }
            tok = self.next_expanded();
        }
    }

    /// `#pragma …` (the tokens after `pragma`). Returns a `pack_matrix` token.
    pub(super) fn pragma(&mut self, rest: &[Tok], span: Span) -> Option<Tok> {
        let first = *rest.first()?;
        let name = self.text(first.text).to_string();
        let args = &rest[1..];
        match (first.kind, name.as_str()) {
            (TokenKind::Ident, "once") => {
                self.extra_tokens(args, "pragma once");
                self.pragma_once(span);
            }
            (TokenKind::Ident, "pack_matrix") => {
                let args = self.expand_list(args.to_vec());
                return self.pack_matrix(&args, span);
            }
            (TokenKind::Ident, "message") => {
                let args = self.expand_list(args.to_vec());
                self.pragma_message(&args, span);
            }
            (TokenKind::Ident, "warning") => {
                let args = self.expand_list(args.to_vec());
                self.pragma_warning(&args, span);
            }
            (TokenKind::Ident, "dxc") => self.pragma_dxc(args, span),
            (TokenKind::Ident, "def" | "region" | "endregion" | "mark") => {}
            _ => self.diagnostics.push(
                Diagnostic::warning(codes::UNKNOWN_PRAGMA, "unknown-pragmas", span, "unknown pragma ignored")
                    .with_note(format!("hlslc does not know `#pragma {name}`")),
            ),
        }
        None
    }

    fn pragma_once(&mut self, span: Span) {
        let Some(f) = self.top_file() else { return };
        let canonical = f.canonical.clone();
        if f.kind == FileKind::File && f.include_site.is_none() {
            self.diagnostics.push(Diagnostic::warning(
                codes::PRAGMA_ONCE_IN_MAIN,
                "pragma-once-outside-header",
                span,
                "`#pragma once` in main file",
            ));
        }
        self.once.insert(canonical);
    }

    /// `pack_matrix ( row_major | column_major )`.
    fn pack_matrix(&mut self, args: &[Tok], span: Span) -> Option<Tok> {
        let kind = match args {
            [open, arg, close, extra @ ..] if open.kind == TokenKind::LParen && close.kind == TokenKind::RParen => {
                let kind = match self.text(arg.text) {
                    "row_major" => TokenKind::PragmaRowMajor,
                    "column_major" => TokenKind::PragmaColumnMajor,
                    _ => {
                        self.diagnostics.push(Diagnostic::error(
                            codes::MALFORMED_PRAGMA,
                            arg.span,
                            "invalid argument to `#pragma pack_matrix`; expected `row_major` or `column_major`",
                        ));
                        return None;
                    }
                };
                self.extra_tokens(extra, "pragma pack_matrix");
                kind
            }
            _ => {
                self.diagnostics.push(
                    Diagnostic::error(codes::MALFORMED_PRAGMA, span, "malformed `#pragma pack_matrix`")
                        .with_help("write `#pragma pack_matrix(row_major)` or `#pragma pack_matrix(column_major)`"),
                );
                return None;
            }
        };
        let text = match kind {
            TokenKind::PragmaRowMajor => "#pragma pack_matrix(row_major)",
            _ => "#pragma pack_matrix(column_major)",
        };
        let mut token = Tok::new(kind, self.interner.intern(text), span);
        token.line_start = true;
        Some(token)
    }

    /// `message("text" …)` or `message "text"`: a note with the text.
    fn pragma_message(&mut self, args: &[Tok], span: Span) {
        let inner = match args {
            [open, inner @ .., close] if open.kind == TokenKind::LParen && close.kind == TokenKind::RParen => inner,
            _ => args,
        };
        if inner.is_empty() || inner.iter().any(|t| t.kind != TokenKind::String) {
            self.diagnostics.push(
                Diagnostic::error(codes::MALFORMED_PRAGMA, span, "`#pragma message` expects a string literal")
                    .with_help("write `#pragma message(\"text\")`"),
            );
            return;
        }
        let message: String = inner.iter().map(|t| unescape_string(self.text(t.text))).collect();
        let mut d = Diagnostic::warning(codes::PRAGMA_MESSAGE, "pragma-messages", span, message);
        d.severity = Severity::Note;
        d.warning_name = None;
        self.diagnostics.push(d);
    }

    /// FXC's `warning( disable : 3206 4000 ; default : 3205 )`, `warning(push[, n])`,
    /// `warning(pop)`.
    fn pragma_warning(&mut self, args: &[Tok], span: Span) {
        let malformed = |pp: &mut Self, at: Span, what: &str| {
            pp.diagnostics.push(
                Diagnostic::warning(
                    codes::MALFORMED_WARNING_PRAGMA,
                    "unknown-pragmas",
                    at,
                    format!("malformed `#pragma warning`: {what}"),
                )
                .with_help(
                    "write `#pragma warning(disable : 3206)`, `#pragma warning(push)` or `#pragma warning(pop)`",
                ),
            )
        };
        let [open, inner @ .., close] = args else { return malformed(self, span, "expected `(`") };
        if open.kind != TokenKind::LParen || close.kind != TokenKind::RParen {
            return malformed(self, span, "expected `(` … `)`");
        }
        let mut pragmas = Vec::new();
        for spec in inner.split(|t| t.kind == TokenKind::Semicolon) {
            let Some(action) = spec.first() else { continue };
            let action_text = self.text(action.text).to_string();
            let numbers = &spec[1..];
            let warnings: Vec<String> = match action_text.as_str() {
                "push" | "pop" => numbers
                    .iter()
                    .filter(|t| t.kind == TokenKind::Number)
                    .map(|t| self.text(t.text).to_string())
                    .collect(),
                "disable" | "default" | "error" | "once" | "suppress" | "1" | "2" | "3" | "4" => {
                    let Some((colon, list)) = numbers.split_first().filter(|(c, _)| c.kind == TokenKind::Colon) else {
                        return malformed(self, action.span, "expected `:` after the action");
                    };
                    let _ = colon;
                    if let Some(bad) = list.iter().find(|t| t.kind != TokenKind::Number) {
                        return malformed(self, bad.span, "expected warning numbers");
                    }
                    list.iter().map(|t| self.text(t.text).to_string()).collect()
                }
                _ => return malformed(self, action.span, "unknown action"),
            };
            pragmas.push(WarningPragma { span, action: action_text, warnings, position: self.emitted });
        }
        self.warning_pragmas.extend(pragmas);
    }

    /// `dxc diagnostic push|pop|ignored|warning|error|fatal "-Wname"`.
    fn pragma_dxc(&mut self, args: &[Tok], span: Span) {
        let words: Vec<String> = args.iter().map(|t| self.text(t.text).to_string()).collect();
        let action = match words.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
            ["diagnostic", "push"] => Some(("push", None)),
            ["diagnostic", "pop"] => Some(("pop", None)),
            ["diagnostic", action, option] if option.starts_with("\"-W") && option.ends_with('"') => {
                let name = option[3..option.len() - 1].to_string();
                match *action {
                    "ignored" => Some(("disable", Some(name))),
                    "warning" => Some(("default", Some(name))),
                    "error" | "fatal" => Some(("error", Some(name))),
                    _ => None,
                }
            }
            _ => None,
        };
        match action {
            Some((action, name)) => self.warning_pragmas.push(WarningPragma {
                span,
                action: action.to_string(),
                warnings: name.into_iter().collect(),
                position: self.emitted,
            }),
            None => self.diagnostics.push(
                Diagnostic::warning(
                    codes::MALFORMED_WARNING_PRAGMA,
                    "unknown-pragmas",
                    span,
                    "malformed `#pragma dxc diagnostic`",
                )
                .with_help("write `#pragma dxc diagnostic ignored \"-Wname\"`, `push` or `pop`"),
            ),
        }
    }
}
