//! Directive dispatch and conditional compilation.
//!
//! A directive is a line whose first token is `#`, read from a file (never from a macro
//! expansion). [`Preprocessor::directive`] reads the rest of the line and dispatches on the
//! name. Conditionals keep a stack of open groups per file; an inactive group is skipped
//! line by line without lexing into tokens, looking only at directive names to track nesting
//! (so skipped code may contain anything, as in C), and `#elif` conditions are evaluated only
//! when no earlier group was taken.
//!
//! `#elifdef`/`#elifndef` (C23) are accepted although DXC's clang predates them.

use super::codes;
use super::stream::{top_file_in, Cond, Context, Guard, Tok};
use super::{Preprocessor, MAX_CONDITIONAL_DEPTH};
use crate::diagnostic::Diagnostic;
use crate::lexer::TokenKind;
use crate::source::{FileKind, Span};

/// The directives with their own handling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Define,
    Undef,
    Include,
    If,
    Ifdef,
    Ifndef,
    Elif,
    Elifdef,
    Elifndef,
    Else,
    Endif,
    Line,
    Error,
    Warning,
    Pragma,
}

impl Kind {
    fn from_name(name: &str) -> Option<Kind> {
        Some(match name {
            "define" => Kind::Define,
            "undef" => Kind::Undef,
            "include" => Kind::Include,
            "if" => Kind::If,
            "ifdef" => Kind::Ifdef,
            "ifndef" => Kind::Ifndef,
            "elif" => Kind::Elif,
            "elifdef" => Kind::Elifdef,
            "elifndef" => Kind::Elifndef,
            "else" => Kind::Else,
            "endif" => Kind::Endif,
            "line" => Kind::Line,
            "error" => Kind::Error,
            "warning" => Kind::Warning,
            "pragma" => Kind::Pragma,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Kind::Define => "define",
            Kind::Undef => "undef",
            Kind::Include => "include",
            Kind::If => "if",
            Kind::Ifdef => "ifdef",
            Kind::Ifndef => "ifndef",
            Kind::Elif => "elif",
            Kind::Elifdef => "elifdef",
            Kind::Elifndef => "elifndef",
            Kind::Else => "else",
            Kind::Endif => "endif",
            Kind::Line => "line",
            Kind::Error => "error",
            Kind::Warning => "warning",
            Kind::Pragma => "pragma",
        }
    }
}

impl Preprocessor<'_> {
    /// Processes the directive starting with `hash` (first on its line, in the top file).
    /// Returns the token a `#pragma pack_matrix` produces.
    pub(super) fn directive(&mut self, hash: Tok) -> Option<Tok> {
        let index = self.contexts.len() - 1;
        let Context::File(file) = &mut self.contexts[index] else { return None };
        let (line, next_line) = file.line_tokens(&mut self.interner);
        let file_id = file.file;
        let file_kind = file.kind;
        let &name = line.first()?; // `None`: the null directive
        let span = Span::new(hash.span.start, line.last().map_or(hash.span.end, |t| t.span.end));
        let rest = &line[1..];
        if name.kind == TokenKind::Number {
            // A GNU line marker `# 33 "file.hlsl" 1`, as `-E` output contains.
            self.guard_other();
            self.line_directive(&line, span, file_id, next_line, true);
            return None;
        }
        let kind = (name.kind == TokenKind::Ident).then(|| Kind::from_name(self.text(name.text))).flatten();
        let Some(kind) = kind else {
            let shown = self.text(name.text).to_string();
            self.diagnostics.push(Diagnostic::error(
                codes::INVALID_DIRECTIVE,
                Span::new(hash.span.start, name.span.end),
                format!("invalid preprocessing directive `#{shown}`"),
            ));
            return None;
        };
        match kind {
            Kind::If | Kind::Ifdef | Kind::Ifndef => self.open_conditional(kind, rest, span),
            Kind::Elif | Kind::Elifdef | Kind::Elifndef | Kind::Else | Kind::Endif => {
                self.active_branch(kind, rest, span)
            }
            _ => {
                self.guard_other();
                match kind {
                    Kind::Define => self.define_directive(rest, span, file_kind == FileKind::Builtin),
                    Kind::Undef => self.undef_directive(rest, span),
                    Kind::Include => self.include_directive(rest, span),
                    Kind::Line => self.line_directive(rest, span, file_id, next_line, false),
                    Kind::Error | Kind::Warning => {
                        let message = self.spell(rest);
                        self.user_diagnostic(kind == Kind::Error, &message, span);
                    }
                    Kind::Pragma => return self.pragma(rest, span),
                    _ => {}
                }
            }
        }
        None
    }

    /// A directive other than a conditional: ends the include-guard candidacy unless inside it.
    fn guard_other(&mut self) {
        if let Some(f) = self.top_file_mut() {
            if matches!(f.guard, Guard::Start | Guard::After(_)) {
                f.guard = Guard::Invalid;
            }
        }
    }

    /// `#if`, `#ifdef`, `#ifndef` in an active group.
    fn open_conditional(&mut self, kind: Kind, rest: &[Tok], span: Span) {
        let guard_macro = self.guard_candidate(kind, rest);
        let Some(f) = self.top_file_mut() else { return };
        f.guard = match (f.guard, guard_macro) {
            (Guard::Start, Some(m)) if f.conds.is_empty() => Guard::Inside(m),
            (Guard::Inside(m), _) => Guard::Inside(m),
            _ => Guard::Invalid,
        };
        if f.conds.len() >= MAX_CONDITIONAL_DEPTH {
            return self.fatal_error(Diagnostic::error(
                codes::CONDITIONAL_TOO_DEEP,
                span,
                format!("conditional directives nested too deeply (more than {MAX_CONDITIONAL_DEPTH} levels)"),
            ));
        }
        let taken = match kind {
            Kind::If => self.evaluate_condition(rest, span),
            _ => self.ifdef_condition(kind, rest, span),
        };
        if let Some(f) = self.top_file_mut() {
            f.conds.push(Cond { span, taken, else_span: None });
        }
        if !taken {
            self.skip_group();
        }
    }

    /// The macro `#ifndef X` or `#if !defined X` / `#if !defined(X)` tests, if the directive
    /// has that form (the include-guard pattern).
    fn guard_candidate(&self, kind: Kind, rest: &[Tok]) -> Option<crate::token::Symbol> {
        let is = |t: &Tok, k: TokenKind| t.kind == k;
        match (kind, rest) {
            (Kind::Ifndef, [name]) if is(name, TokenKind::Ident) => Some(name.text),
            (Kind::If, [bang, def, name]) | (Kind::If, [bang, def, _, name, _])
                if is(bang, TokenKind::Bang) && def.text == self.sym.defined && is(name, TokenKind::Ident) =>
            {
                if rest.len() == 5 && !(is(&rest[2], TokenKind::LParen) && is(&rest[4], TokenKind::RParen)) {
                    return None;
                }
                Some(name.text)
            }
            _ => None,
        }
    }

    /// The value of `#ifdef X`/`#ifndef X` (and `#elifdef`/`#elifndef`).
    fn ifdef_condition(&mut self, kind: Kind, rest: &[Tok], span: Span) -> bool {
        let directive = kind.name();
        let Some(macro_name) = self.macro_name(rest, directive, span) else { return false };
        self.extra_tokens(&rest[1..], directive);
        let defined = self.macros.contains_key(&macro_name.text);
        matches!(kind, Kind::Ifdef | Kind::Elifdef) == defined
    }

    /// `#elif`/`#else`/`#endif` reached while the current group is active.
    fn active_branch(&mut self, kind: Kind, rest: &[Tok], span: Span) {
        if !self.branch_bookkeeping(kind, rest, span) {
            return;
        }
        if kind != Kind::Endif {
            // The group before was taken: every later group is skipped, unevaluated.
            self.skip_group();
        }
    }

    /// Checks and records `#elif`/`#else`/`#endif` against the innermost open conditional and
    /// updates the include-guard state. Returns false if there is no open conditional.
    fn branch_bookkeeping(&mut self, kind: Kind, rest: &[Tok], span: Span) -> bool {
        let directive = kind.name();
        let Some(f) = self.top_file_mut() else { return false };
        let depth = f.conds.len();
        let Some(cond) = f.conds.last_mut() else {
            self.diagnostics.push(Diagnostic::error(
                codes::UNBALANCED_CONDITIONAL,
                span,
                format!("`#{directive}` without `#if`"),
            ));
            return false;
        };
        let mut diagnostic = None;
        if kind != Kind::Endif {
            if let Some(else_span) = cond.else_span {
                diagnostic = Some(
                    Diagnostic::error(codes::ELSE_AFTER_ELSE, span, format!("`#{directive}` after `#else`"))
                        .with_related(else_span, "previous `#else` is here"),
                );
            }
        }
        if kind == Kind::Else {
            cond.else_span = Some(span);
        }
        if depth == 1 {
            f.guard = match (f.guard, kind) {
                (Guard::Inside(m), Kind::Endif) => Guard::After(m),
                _ => Guard::Invalid,
            };
        }
        if kind == Kind::Endif {
            f.conds.pop();
        }
        self.diagnostics.extend(diagnostic);
        if matches!(kind, Kind::Else | Kind::Endif) {
            self.extra_tokens(rest, directive);
        }
        true
    }

    /// Skips inactive groups until a group is taken, the conditional ends, or the file ends.
    pub(super) fn skip_group(&mut self) {
        loop {
            let Some(f) = top_file_in(&mut self.contexts) else { return };
            let Some((hash, name)) = f.skip_to_branch() else { return };
            let kind = Kind::from_name(f.raw_text(name));
            let hash_span = f.span(hash.start, hash.end);
            let name_span = f.span(name.start, name.end);
            let (rest, _) = f.line_tokens(&mut self.interner);
            let span = Span::new(hash_span.start, rest.last().map_or(name_span.end, |t| t.span.end));
            let Some(kind) = kind else { continue };
            if !self.branch_bookkeeping(kind, &rest, span) || kind == Kind::Endif {
                return;
            }
            let already_taken = self.top_file().and_then(|f| f.conds.last()).is_none_or(|c| c.taken);
            if already_taken {
                continue;
            }
            let taken = match kind {
                Kind::Else => true,
                Kind::Elif => self.evaluate_condition(&rest, span),
                _ => self.ifdef_condition(kind, &rest, span),
            };
            if taken {
                if let Some(cond) = self.top_file_mut().and_then(|f| f.conds.last_mut()) {
                    cond.taken = true;
                }
                return;
            }
        }
    }

    /// Evaluates the expression of `#if`/`#elif` (errors make it false, as in clang).
    fn evaluate_condition(&mut self, rest: &[Tok], span: Span) -> bool {
        if rest.is_empty() {
            self.diagnostics.push(
                Diagnostic::error(codes::CONDITION_SYNTAX, span, "expected a value in the `#if` expression")
                    .with_help("write a condition such as `#if 1` or `#if defined(NAME)`"),
            );
            return false;
        }
        let tokens = match self.expand_condition(rest.to_vec()) {
            Ok(tokens) => tokens,
            Err(d) => {
                self.diagnostics.push(*d);
                return false;
            }
        };
        let (value, warnings) = super::condition::evaluate(&tokens, &self.interner, &self.sym, span);
        self.diagnostics.extend(warnings);
        match value {
            Ok(v) => v != 0,
            Err(d) => {
                self.diagnostics.push(d);
                false
            }
        }
    }

    /// Warns about tokens after a directive that takes none (or no more).
    pub(super) fn extra_tokens(&mut self, extra: &[Tok], directive: &str) {
        if let Some(first) = extra.first() {
            let span = Span::new(first.span.start, extra[extra.len() - 1].span.end);
            self.diagnostics.push(
                Diagnostic::warning(
                    codes::EXTRA_TOKENS,
                    "extra-tokens",
                    span,
                    format!("extra tokens at end of `#{directive}` directive"),
                )
                .with_help("remove them, or turn them into a comment"),
            );
        }
    }

    /// The tokens' spellings, separated by one space where the source had whitespace.
    fn spell(&self, tokens: &[Tok]) -> String {
        let mut out = String::new();
        for (i, t) in tokens.iter().enumerate() {
            if i > 0 && t.leading_space {
                out.push(' ');
            }
            out.push_str(self.text(t.text));
        }
        out
    }

    /// `#error` and `#warning`.
    fn user_diagnostic(&mut self, error: bool, message: &str, span: Span) {
        let message = if message.is_empty() {
            format!("`#{}` directive", if error { "error" } else { "warning" })
        } else {
            message.to_string()
        };
        self.diagnostics.push(if error {
            Diagnostic::error(codes::ERROR_DIRECTIVE, span, message)
        } else {
            Diagnostic::warning(codes::WARNING_DIRECTIVE, "user-warning", span, message)
        });
    }

    /// `#line N ["name"]` and GNU line markers `# N "name" flags…`.
    fn line_directive(
        &mut self,
        operands: &[Tok],
        span: Span,
        file: crate::source::FileId,
        next_line: u32,
        marker: bool,
    ) {
        // Line markers are not macro-expanded; `#line` operands are.
        let tokens = if marker { operands.to_vec() } else { self.expand_list(operands.to_vec()) };
        let error = |message: &str| Diagnostic::error(codes::LINE_DIRECTIVE, span, message.to_string());
        let Some(number) = tokens.first() else {
            return self.diagnostics.push(error("`#line` requires a line number"));
        };
        let digits = self.text(number.text);
        if number.kind != TokenKind::Number || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return self
                .diagnostics
                .push(error("`#line` requires a simple digit sequence").with_help("write the line number in decimal"));
        }
        let Some(line) = digits.parse::<u32>().ok().filter(|&n| n <= 2_147_483_647) else {
            return self.diagnostics.push(error("line number in `#line` is out of range"));
        };
        let mut name = None;
        if let Some(t) = tokens.get(1) {
            if t.kind != TokenKind::String {
                return self.diagnostics.push(error("invalid filename in `#line`; expected a string literal"));
            }
            name = Some(unescape_string(self.text(t.text)));
            if !marker {
                self.extra_tokens(&tokens[2..], "line");
            }
        }
        self.map.add_line_directive(file, next_line, line, name);
    }
}

/// The contents of a string literal token with `\\` and `\"` unescaped.
pub(super) fn unescape_string(literal: &str) -> String {
    let inner = literal.strip_prefix('"').unwrap_or(literal);
    let inner = inner.strip_suffix('"').unwrap_or(inner);
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(n @ ('\\' | '"' | '\'')) => out.push(n),
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}
