//! Where the preprocessor's tokens come from: a stack of *contexts*, each either a file being
//! lexed or the token list produced by one macro expansion.
//!
//! This is clang's "include/macro stack" design. Reading always takes the next token from the
//! top context; an exhausted macro context is popped only when a token *beyond* it is asked
//! for. That laziness is what the C standard's rescanning rules need: while a context is on
//! the stack its macro is disabled, so `#define A B` / `#define B A` stops at `A` (the
//! identifier is *painted*, [`Tok::no_expand`], and never expands again), but in
//! `f(2)(9)` with `#define f(a) a*g` / `#define g(a) f(a)` collecting `g`'s arguments pops
//! `f`'s finished context and `f` may expand again (C11 §6.10.3.5 EXAMPLE 3).
//!
//! A *boundary* macro context (argument pre-expansion, `#if` lines) is never popped by
//! reading: at its end reading returns `None`, so a function-like macro at the end of an
//! argument cannot take its `(` from outside the argument.
//!
//! File contexts lex their whole text once with the logos lexer and hand out tokens with
//! whitespace flags; line structure matters only for directives, which the preprocessor
//! intercepts (a `#` first on a line) before a token is returned.

use super::{Preprocessor, MAX_CONTEXTS, MAX_DIAGNOSTICS};
use crate::diagnostic::Diagnostic;
use crate::lexer::{self, RawToken, TokenKind};
use crate::source::{FileId, FileKind, Span};
use crate::token::{Interner, PpToken, Symbol};
use std::sync::Arc;

/// A token inside the preprocessor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Tok {
    pub kind: TokenKind,
    pub text: Symbol,
    pub span: Span,
    pub leading_space: bool,
    pub line_start: bool,
    /// "Painted blue": an identifier naming a macro that was disabled when the identifier was
    /// read; it is never expanded again, wherever it ends up.
    pub no_expand: bool,
}

impl Tok {
    pub fn new(kind: TokenKind, text: Symbol, span: Span) -> Self {
        Tok { kind, text, span, leading_space: false, line_start: false, no_expand: false }
    }

    pub fn to_pp(self) -> PpToken {
        PpToken {
            kind: self.kind,
            text: self.text,
            span: self.span,
            leading_space: self.leading_space,
            line_start: self.line_start,
        }
    }
}

/// One entry of the context stack.
pub(super) enum Context {
    File(Box<FileLexer>),
    Macro(MacroContext),
}

/// The tokens produced by one macro expansion (or a boundary list being expanded).
pub(super) struct MacroContext {
    pub tokens: Vec<Tok>,
    pub pos: usize,
    /// The macro disabled while this context is on the stack.
    pub disabled: Option<Symbol>,
    pub boundary: bool,
}

/// One open `#if` group.
#[derive(Clone, Copy, Debug)]
pub(super) struct Cond {
    /// The `#if`/`#ifdef`/`#ifndef` directive.
    pub span: Span,
    /// A group of this conditional has been (or is being) processed.
    pub taken: bool,
    /// The `#else` directive, once seen.
    pub else_span: Option<Span>,
}

/// The multiple-include optimisation: tracks whether a file is entirely wrapped in
/// `#ifndef X` … `#endif`, so that a later `#include` of it can be skipped when `X` is defined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Guard {
    /// Nothing but whitespace and comments seen yet.
    Start,
    /// Inside the candidate guard conditional (the outermost one).
    Inside(Symbol),
    /// After the guard's `#endif`; only whitespace may follow.
    After(Symbol),
    Invalid,
}

/// A file being lexed.
///
/// Line splices (`\` before a newline) are removed before lexing, as C's translation phase 2
/// does, so a splice may fall anywhere (inside an identifier, a string, a `//` comment);
/// the lexed text is then a *logical* copy of the file and token offsets are mapped back to
/// the file's own offsets for spans. A byte order mark is removed the same way.
pub(super) struct FileLexer {
    pub file: FileId,
    pub kind: FileKind,
    pub base: u32,
    /// The file's text as loaded.
    pub text: Arc<str>,
    /// The text that was lexed, when it differs from `text` (splices or a BOM removed).
    logical: Option<String>,
    /// `(logical offset, bytes removed before it)` for each removal, in order.
    removals: Vec<(u32, u32)>,
    /// Tokens, with offsets into the logical text.
    raw: Vec<RawToken>,
    pos: usize,
    prev_end: u32,
    at_line_start: bool,
    pub conds: Vec<Cond>,
    pub guard: Guard,
    /// The name the resolver gave the file (identity for `#pragma once` and guards).
    pub canonical: String,
    /// The directory of the path the file was found at, for `#include "…"`.
    pub dir: String,
    /// The `#include` directive that pulled this file in.
    pub include_site: Option<Span>,
}

/// Problems found when a file is first lexed, reported by the caller (logical offsets).
pub(super) struct LexProblems {
    /// NUL characters.
    pub nul: Vec<u32>,
    /// An unterminated `/* …` comment (the range of its `/*`).
    pub unterminated_comment: Option<(u32, u32)>,
}

impl FileLexer {
    pub fn new(
        file: FileId,
        kind: FileKind,
        base: u32,
        text: Arc<str>,
        canonical: String,
        dir: String,
        include_site: Option<Span>,
    ) -> (Self, LexProblems) {
        let (logical, removals) = remove_splices(&text);
        let mut problems = LexProblems { nul: Vec::new(), unterminated_comment: None };
        let lexed: &str = logical.as_deref().unwrap_or(&text);
        let mut raw = lexer::lex(lexed);
        // (Scanning for the two kinds is cheaper than `retain`, which moves every token.)
        let problem = |t: &RawToken| matches!(t.kind, TokenKind::Error | TokenKind::UnterminatedComment);
        if raw.iter().any(problem) {
            raw.retain(|t| match t.kind {
                TokenKind::Error if &lexed[t.start as usize..t.end as usize] == "\0" => {
                    problems.nul.push(t.start);
                    false
                }
                TokenKind::UnterminatedComment => {
                    problems.unterminated_comment = Some((t.start, t.start + 2));
                    false
                }
                _ => true,
            });
        }
        let lexer = FileLexer {
            file,
            kind,
            base,
            text,
            logical,
            removals,
            raw,
            pos: 0,
            prev_end: 0,
            at_line_start: true,
            conds: Vec::new(),
            guard: Guard::Start,
            canonical,
            dir,
            include_site,
        };
        (lexer, problems)
    }

    /// The text tokens were lexed from.
    fn lexed(&self) -> &str {
        self.logical.as_deref().unwrap_or(&self.text)
    }

    /// The file offset of a logical offset.
    pub fn physical(&self, logical: u32) -> u32 {
        match self.removals.partition_point(|&(at, _)| at <= logical) {
            0 => logical,
            k => logical + self.removals[k - 1].1,
        }
    }

    /// The global span of a logical range.
    pub fn span(&self, start: u32, end: u32) -> Span {
        if self.removals.is_empty() {
            // Logical offsets are the file's own (the common case: no splice, no BOM).
            return Span::new(self.base + start, self.base + end.max(start));
        }
        let start_p = self.physical(start);
        let end_p = if end > start { self.physical(end - 1) + 1 } else { start_p };
        Span::new(self.base + start_p, self.base + end_p)
    }

    pub fn raw_text(&self, t: RawToken) -> &str {
        &self.lexed()[t.start as usize..t.end as usize]
    }

    #[inline(always)]
    fn make_tok(&mut self, r: RawToken, interner: &mut Interner) -> Tok {
        let text = self.symbol(r, interner);
        self.make_tok_with(r, text)
    }

    /// The interned text of a raw token.
    #[inline(always)]
    fn symbol(&self, r: RawToken, interner: &mut Interner) -> Symbol {
        // (A punctuator's text is its fixed spelling: the lexer matches each one literally.)
        match r.kind.punctuator() {
            Some(spelling) => interner.intern_punctuator(r.kind, spelling),
            None => interner.intern(self.raw_text(r)),
        }
    }

    /// The token of `r` (whose text is `text`), advancing the whitespace state past it.
    #[inline(always)]
    fn make_tok_with(&mut self, r: RawToken, text: Symbol) -> Tok {
        let tok = Tok {
            kind: r.kind,
            text,
            span: self.span(r.start, r.end),
            leading_space: r.start > self.prev_end,
            line_start: self.at_line_start,
            no_expand: false,
        };
        self.at_line_start = false;
        self.prev_end = r.end;
        tok
    }

    /// The next token, skipping newlines; `None` at the end of the file.
    #[inline(always)]
    pub fn next_token(&mut self, interner: &mut Interner) -> Option<Tok> {
        while let Some(&r) = self.raw.get(self.pos) {
            self.pos += 1;
            if r.kind == TokenKind::Newline {
                self.at_line_start = true;
                self.prev_end = r.end;
                continue;
            }
            return Some(self.make_tok(r, interner));
        }
        None
    }

    /// The remaining tokens of the current line, consuming its newline. Also returns the
    /// file-relative offset at which the next line starts.
    pub fn line_tokens(&mut self, interner: &mut Interner) -> (Vec<Tok>, u32) {
        let mut toks = Vec::new();
        let mut next = self.lexed().len() as u32;
        while let Some(&r) = self.raw.get(self.pos) {
            self.pos += 1;
            if r.kind == TokenKind::Newline {
                self.prev_end = r.end;
                next = r.end;
                break;
            }
            toks.push(self.make_tok(r, interner));
        }
        self.at_line_start = true;
        (toks, self.physical(next))
    }

    /// How many raw tokens (newlines included) are left to read: a bound on the file's own
    /// contribution to the output, for reserving it at once.
    pub fn remaining(&self) -> usize {
        self.raw.len().saturating_sub(self.pos)
    }

    /// Whether the next token (across newlines, within this file) is `(`.
    pub fn peek_is_lparen(&self) -> bool {
        self.raw[self.pos.min(self.raw.len())..]
            .iter()
            .find(|t| t.kind != TokenKind::Newline)
            .is_some_and(|t| t.kind == TokenKind::LParen)
    }

    /// Skips lines of an inactive group up to the next `#elif`/`#else`/`#endif` (and the C23
    /// `#elifdef`/`#elifndef`) of the current nesting level, tracking nested conditionals.
    /// Returns the `#` and the directive name, leaving the rest of that line unread; `None` at
    /// the end of the file.
    pub fn skip_to_branch(&mut self) -> Option<(RawToken, RawToken)> {
        let mut depth = 0usize;
        let mut line_start = self.at_line_start;
        while let Some(&r) = self.raw.get(self.pos) {
            self.pos += 1;
            match r.kind {
                TokenKind::Newline => {
                    line_start = true;
                    self.prev_end = r.end;
                    continue;
                }
                TokenKind::Hash if line_start => {
                    line_start = false;
                    let Some(&name) = self.raw.get(self.pos) else { break };
                    if name.kind != TokenKind::Ident {
                        continue;
                    }
                    match self.raw_text(name) {
                        "if" | "ifdef" | "ifndef" => depth += 1,
                        "endif" if depth > 0 => depth -= 1,
                        "elif" | "elifdef" | "elifndef" | "else" | "endif" if depth == 0 => {
                            self.pos += 1;
                            self.prev_end = name.end;
                            self.at_line_start = false;
                            return Some((r, name));
                        }
                        _ => {}
                    }
                }
                _ => line_start = false,
            }
        }
        self.at_line_start = true;
        None
    }
}

/// Removes a leading byte order mark and every line splice; returns the remaining text (if
/// anything was removed) and the removals as `(logical offset, total bytes removed so far)`.
fn remove_splices(text: &str) -> (Option<String>, Vec<(u32, u32)>) {
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    if bom == 0 && !text.contains("\\\n") && !text.contains("\\\r\n") {
        return (None, Vec::new());
    }
    let bytes = text.as_bytes();
    let mut logical = String::with_capacity(text.len());
    let mut removals = Vec::new();
    let mut removed = bom as u32;
    if bom > 0 {
        removals.push((0, removed));
    }
    let (mut copied, mut i) = (bom, bom);
    while let Some(rel) = bytes[i..].iter().position(|&b| b == b'\\') {
        let at = i + rel;
        let len = if bytes[at + 1..].starts_with(b"\n") {
            2
        } else if bytes[at + 1..].starts_with(b"\r\n") {
            3
        } else {
            0
        };
        i = at + len.max(1);
        if len > 0 {
            logical.push_str(&text[copied..at]);
            copied = i;
            removed += len as u32;
            removals.push((logical.len() as u32, removed));
        }
    }
    logical.push_str(&text[copied..]);
    (Some(logical), removals)
}

/// The innermost file context of a context stack.
pub(super) fn top_file_in(contexts: &mut [Context]) -> Option<&mut FileLexer> {
    contexts.iter_mut().rev().find_map(|c| match c {
        Context::File(f) => Some(&mut **f),
        Context::Macro(_) => None,
    })
}

impl Preprocessor<'_> {
    /// The top level's fast path: while the top context is a file, its tokens go to `out` as
    /// they are, without the per-token checks of [`Self::next_expanded`]. It stops before the
    /// first token that path has to see: a directive's `#`, an identifier naming a macro or
    /// `_Pragma`, an unterminated string (warned about there), or the end of the file. Only
    /// for the top level's output (no argument collection, no boundary list, no carried
    /// whitespace of a macro that expanded to nothing); what it emits is what `next_expanded`
    /// would have returned for those tokens.
    pub(super) fn pass_through(&mut self, out: &mut Vec<PpToken>) {
        if self.fatal || self.carry.is_some() || self.diagnostics.len() >= MAX_DIAGNOSTICS {
            return;
        }
        let Some(Context::File(file)) = self.contexts.last_mut() else { return };
        let start = out.len();
        while let Some(&r) = file.raw.get(file.pos) {
            match r.kind {
                TokenKind::Newline => {
                    file.pos += 1;
                    file.at_line_start = true;
                    file.prev_end = r.end;
                    continue;
                }
                TokenKind::Hash if file.at_line_start => break,
                TokenKind::UnterminatedString => break,
                _ => {}
            }
            let text = file.symbol(r, &mut self.interner);
            if r.kind == TokenKind::Ident && (self.macros.contains_key(&text) || text == self.sym.pragma_operator) {
                break;
            }
            file.pos += 1;
            out.push(file.make_tok_with(r, text).to_pp());
        }
        if out.len() > start && matches!(file.guard, Guard::Start | Guard::After(_)) {
            file.guard = Guard::Invalid;
        }
    }

    /// The next token without macro expansion. Directives met on the way are processed (a
    /// `#pragma pack_matrix` comes back as a token); the end of an included file continues
    /// in the includer. `None` at the end of the input, at the end of a boundary context, or
    /// after a fatal error.
    #[inline(always)]
    pub(super) fn next_unexpanded(&mut self) -> Option<Tok> {
        loop {
            if self.fatal {
                return None;
            }
            if self.diagnostics.len() >= MAX_DIAGNOSTICS {
                let span = self.diagnostics.last().map_or(Span::UNDEFINED, |d| d.span);
                self.fatal_error(Diagnostic::error(
                    super::codes::TOO_MANY_DIAGNOSTICS,
                    span,
                    format!("too many diagnostics ({MAX_DIAGNOSTICS}); preprocessing stopped"),
                ));
                return None;
            }
            let index = self.contexts.len().checked_sub(1)?;
            let file = match &mut self.contexts[index] {
                Context::Macro(m) => {
                    if let Some(&t) = m.tokens.get(m.pos) {
                        m.pos += 1;
                        return Some(t);
                    }
                    if m.boundary {
                        return None;
                    }
                    self.pop_context();
                    continue;
                }
                Context::File(f) => f,
            };
            match file.next_token(&mut self.interner) {
                Some(t) if t.line_start && t.kind == TokenKind::Hash => {
                    if let Some(t) = self.directive(t) {
                        return Some(t);
                    }
                }
                Some(t) => {
                    if matches!(file.guard, Guard::Start | Guard::After(_)) {
                        file.guard = Guard::Invalid;
                    }
                    if t.kind == TokenKind::UnterminatedString {
                        self.diagnostics.push(Diagnostic::warning(
                            super::codes::UNTERMINATED_STRING,
                            "invalid-pp-token",
                            t.span,
                            "missing terminating `\"` character",
                        ));
                    }
                    return Some(t);
                }
                None => self.end_of_file(),
            }
        }
    }

    /// Whether the next unexpanded token is `(`, looking through finished (non-boundary)
    /// macro contexts into the file, without consuming anything.
    pub(super) fn peek_is_lparen(&self) -> bool {
        for context in self.contexts.iter().rev() {
            match context {
                Context::Macro(m) => match m.tokens.get(m.pos) {
                    Some(t) => return t.kind == TokenKind::LParen,
                    None if m.boundary => return false,
                    None => continue,
                },
                Context::File(f) => return f.peek_is_lparen(),
            }
        }
        false
    }

    /// Pushes a macro context, disabling its macro.
    pub(super) fn push_macro(&mut self, tokens: Vec<Tok>, disabled: Option<Symbol>, boundary: bool) {
        if self.contexts.len() >= MAX_CONTEXTS {
            let span = tokens.first().map_or(Span::UNDEFINED, |t| t.span);
            self.fatal_error(
                Diagnostic::error(
                    super::codes::EXPANSION_TOO_DEEP,
                    span,
                    format!("macro expansion nested too deeply (more than {MAX_CONTEXTS} levels)"),
                )
                .with_help("look for macros that expand to each other in a long chain"),
            );
            return;
        }
        if let Some(name) = disabled {
            *self.disabled.entry(name).or_insert(0) += 1;
        }
        self.contexts.push(Context::Macro(MacroContext { tokens, pos: 0, disabled, boundary }));
    }

    /// Pops the top context, re-enabling its macro.
    pub(super) fn pop_context(&mut self) {
        if let Some(Context::Macro(MacroContext { disabled: Some(name), .. })) = self.contexts.pop() {
            if let Some(n) = self.disabled.get_mut(&name) {
                *n -= 1;
                if *n == 0 {
                    self.disabled.remove(&name);
                }
            }
        }
    }

    /// The innermost file context.
    pub(super) fn top_file(&self) -> Option<&FileLexer> {
        self.contexts.iter().rev().find_map(|c| match c {
            Context::File(f) => Some(&**f),
            Context::Macro(_) => None,
        })
    }

    pub(super) fn top_file_mut(&mut self) -> Option<&mut FileLexer> {
        top_file_in(&mut self.contexts)
    }

    /// Expands `tokens` completely, as an isolated list (argument pre-expansion, directive
    /// operands): nothing after the list can be read.
    pub(super) fn expand_list(&mut self, tokens: Vec<Tok>) -> Vec<Tok> {
        let depth = self.contexts.len();
        self.push_macro(tokens, None, true);
        let mut out = Vec::new();
        while let Some(t) = self.next_expanded() {
            out.push(t);
        }
        while self.contexts.len() > depth {
            self.pop_context();
        }
        self.carry = None;
        out
    }
}
