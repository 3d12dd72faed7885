//! Macro invocation: recognising a macro name, collecting its arguments, and entering the
//! expansion as a new context that the rescanning reads from.
//!
//! Rules, as in C11 §6.10.3 and clang:
//! - a macro whose context is still on the stack is disabled; its name read in that state is
//!   painted ([`Tok::no_expand`]) and never expands again;
//! - a function-like macro's name not followed by `(` (newlines allowed in between) is an
//!   ordinary identifier; arguments may span lines, contain balanced parentheses and be empty;
//!   for a variadic macro the commas of the trailing arguments belong to `__VA_ARGS__`;
//! - arguments are collected from wherever the tokens come: past the end of the macro context
//!   the name came from, and (as in clang) past the end of an included file, although the
//!   `(` itself must be in the same file as the name;
//! - a macro name read as part of an argument while its macro is disabled is painted, even if
//!   reading further re-enables the macro.
//!
//! Every expansion gets a region of the source map: its call site is `NAME(…)` (or just the
//! name when the `)` lies in another region) and its definition the name in the `#define`, so a
//! diagnostic on expanded code points at the invocation, with an "in expansion of macro" note
//! per level. Expansion work is bounded by `max_expanded_tokens` and the nesting limits.

use super::codes;
use super::definition::{Builtin, Macro};
use super::stream::{Context, Tok};
use super::substitute::Args;
use super::{Preprocessor, MAX_ARGUMENT_DEPTH};
use crate::diagnostic::Diagnostic;
use crate::lexer::TokenKind;
use crate::source::{FileKind, Span};
use std::rc::Rc;

impl Preprocessor<'_> {
    /// The next token after macro expansion; `None` at the end of the input (or of the
    /// boundary context being expanded).
    pub(super) fn next_expanded(&mut self) -> Option<Tok> {
        loop {
            let mut tok = self.next_unexpanded()?;
            if tok.kind == TokenKind::Ident && !tok.no_expand {
                if let Some(m) = self.macros.get(&tok.text).cloned() {
                    if self.disabled.contains_key(&tok.text) {
                        tok.no_expand = true;
                    } else if self.expand(m, &mut tok) {
                        continue;
                    }
                } else if tok.text == self.sym.pragma_operator && self.argument_depth == 0 && !self.in_pragma_operator {
                    // `_Pragma` inside an argument is handled when the argument is rescanned.
                    match self.pragma_operator(tok) {
                        Some(t) => tok = t,
                        None => {
                            let (line_start, space) = self.carry.take().unwrap_or((false, false));
                            self.carry = Some((line_start || tok.line_start, space || tok.leading_space));
                            continue;
                        }
                    }
                }
            }
            if let Some((line_start, space)) = self.carry.take() {
                tok.line_start |= line_start;
                tok.leading_space |= space || line_start;
            }
            return Some(tok);
        }
    }

    /// Expands `m` invoked by `name`. Returns false when the name is to be returned as an
    /// identifier: a function-like macro without `(`, or an invocation with an error (its
    /// arguments are consumed; the name is painted).
    fn expand(&mut self, m: Rc<Macro>, name: &mut Tok) -> bool {
        let mut args = Args::default();
        let mut end = name.span;
        if m.params.is_some() {
            if !self.peek_is_lparen() {
                return false;
            }
            self.next_unexpanded();
            match self.collect_arguments(&m, name) {
                Some((collected, rparen)) => {
                    args = collected;
                    end = rparen.span;
                }
                None => {
                    name.no_expand = true;
                    return false;
                }
            }
        }
        let call_site = self.call_site(name.span, end);
        let tokens = match m.builtin {
            Some(b) => vec![self.builtin(b, name, &args)],
            None => self.substitute(&m, &mut args, call_site),
        };
        self.enter_expansion(&m, name, call_site, tokens);
        true
    }

    /// Reads the arguments of a function-like macro invocation after its `(`.
    fn collect_arguments(&mut self, m: &Macro, name: &Tok) -> Option<(Args, Tok)> {
        let nparams = m.params.as_ref().map_or(0, Vec::len);
        let mut args: Vec<Vec<Tok>> = vec![Vec::new()];
        let mut depth = 0usize;
        let rparen = loop {
            let Some(mut t) = self.next_unexpanded() else {
                if !self.fatal {
                    let d = Diagnostic::error(
                        codes::UNTERMINATED_INVOCATION,
                        name.span,
                        format!("unterminated invocation of function-like macro `{}`", self.text(name.text)),
                    )
                    .with_help("add the missing `)`");
                    self.diagnostics.push(self.with_definition(d, m));
                }
                return None;
            };
            // Newlines inside arguments are whitespace.
            if t.line_start {
                t.line_start = false;
                t.leading_space = true;
            }
            // Reading the arguments may pop (and so re-enable) the macros the invocation
            // came from; a name read while its macro was still disabled stays painted (clang,
            // C11 §6.10.3.4p2).
            if t.kind == TokenKind::Ident && self.disabled.contains_key(&t.text) && self.macros.contains_key(&t.text) {
                t.no_expand = true;
            }
            match t.kind {
                TokenKind::LParen => depth += 1,
                TokenKind::RParen if depth == 0 => break t,
                TokenKind::RParen => depth -= 1,
                TokenKind::Comma if depth == 0 && !(m.variadic && args.len() >= nparams) => {
                    args.push(Vec::new());
                    continue;
                }
                _ => {}
            }
            if let Some(last) = args.last_mut() {
                last.push(t);
            }
        };
        // `f()` passes no argument to a macro without parameters and one empty argument to a
        // macro with one.
        let mut varargs_elided = false;
        if args.len() == 1 && args[0].is_empty() && nparams <= 1 {
            if nparams == 0 {
                args.clear();
            }
            varargs_elided = m.variadic;
        } else if m.variadic && args.len() + 1 == nparams {
            // `A(x)` for `#define A(x, ...)`: `__VA_ARGS__` is omitted.
            args.push(Vec::new());
            varargs_elided = true;
        }
        if args.len() != nparams {
            let few = args.len() < nparams;
            let message = if few {
                "too few arguments provided to function-like macro invocation"
            } else {
                "too many arguments provided to function-like macro invocation"
            };
            let given = if args.len() == 1 && args[0].is_empty() { 0 } else { args.len() };
            let required = if m.variadic { nparams - 1 } else { nparams };
            let mut d = Diagnostic::error(codes::ARGUMENT_COUNT, name.span, message).with_note(format!(
                "`{}` takes {}{required} argument{}, {given} given",
                self.text(name.text),
                if m.variadic { "at least " } else { "" },
                if required == 1 { "" } else { "s" },
            ));
            if !few && nparams > 0 {
                d = d.with_help("wrap an argument containing commas in parentheses");
            }
            self.diagnostics.push(self.with_definition(d, m));
            return None;
        }
        Some((Args::new(args, varargs_elided), rparen))
    }

    /// Adds "macro defined here" to a diagnostic about an invocation of `m`.
    fn with_definition(&self, d: Diagnostic, m: &Macro) -> Diagnostic {
        if m.name_span.is_undefined() {
            d
        } else {
            d.with_related(m.name_span, format!("macro `{}` defined here", self.text(m.name)))
        }
    }

    /// The call site of an invocation from `name` to `end` (its `)`): the whole invocation
    /// when both lie in the same file or expansion, else just the name.
    fn call_site(&self, name: Span, end: Span) -> Span {
        if end == name || end.end < name.start {
            return name;
        }
        if self.region_of(name.start) == self.region_of(end.start) {
            Span::new(name.start, end.end)
        } else {
            name
        }
    }

    /// Identifies the file or expansion region containing `offset`.
    fn region_of(&self, offset: u32) -> Option<(bool, u32)> {
        if let Some(file) = self.map.file_at(offset) {
            return Some((true, file.0));
        }
        let expansions = self.map.expansions();
        let i = expansions.partition_point(|e| e.base <= offset).checked_sub(1)?;
        let e = &expansions[i];
        (offset < e.base + e.len).then_some((false, e.base))
    }

    /// Gives the produced tokens their spans in a new expansion region and pushes them as a
    /// context with `m` disabled.
    fn enter_expansion(&mut self, m: &Macro, name: &Tok, call_site: Span, mut tokens: Vec<Tok>) {
        if tokens.is_empty() {
            let (line_start, space) = self.carry.take().unwrap_or((false, false));
            self.carry = Some((line_start || name.line_start, space || name.leading_space));
            return;
        }
        if !self.charge(tokens.len(), call_site, Some((m, name))) {
            return;
        }
        let definition = if m.predefined { Span::UNDEFINED } else { m.name_span };
        let macro_name = self.text(name.text).to_string();
        let Some(base) = self.map.add_expansion(call_site, macro_name, definition, tokens.len() as u32) else {
            return self.fatal_error(Diagnostic::error(
                codes::SOURCE_TOO_LARGE,
                call_site,
                "macro expansions exhausted the source offset space",
            ));
        };
        for (i, t) in tokens.iter_mut().enumerate() {
            t.span = Span::new(base + i as u32, base + i as u32 + 1);
        }
        tokens[0].leading_space = name.leading_space;
        tokens[0].line_start = name.line_start;
        self.push_macro(tokens, Some(m.name), false);
    }

    /// Counts `n` tokens of expansion work (produced, or pre-expanded as arguments) against
    /// `max_expanded_tokens`; returns false, after a fatal error, when the budget is spent.
    fn charge(&mut self, n: usize, span: Span, expanding: Option<(&Macro, &Tok)>) -> bool {
        self.expanded_tokens += n as u64;
        let limit = self.options.max_expanded_tokens;
        if self.expanded_tokens <= limit {
            return true;
        }
        let mut d =
            Diagnostic::error(codes::EXPANSION_TOO_LARGE, span, format!("macro expansion exceeds {limit} tokens"))
                .with_help("look for macros that expand each other exponentially, or raise `max_expanded_tokens`");
        if let Some((m, name)) = expanding {
            d = self.with_definition(d.with_note(format!("while expanding `{}`", self.text(name.text))), m);
        }
        self.fatal_error(d);
        false
    }

    /// The token a dynamic macro expands to.
    fn builtin(&mut self, builtin: Builtin, name: &Tok, args: &Args) -> Tok {
        let location = self.map.location(name.span);
        let (kind, text) = match builtin {
            Builtin::Line => (TokenKind::Number, location.map_or(0, |l| l.line).to_string()),
            Builtin::File => {
                let file = location.map_or_else(String::new, |l| l.name);
                (TokenKind::String, format!("\"{}\"", file.replace('\\', "\\\\").replace('"', "\\\"")))
            }
            Builtin::Counter => {
                self.counter += 1;
                (TokenKind::Number, (self.counter - 1).to_string())
            }
            // Fixed, so that output is reproducible.
            Builtin::Date => (TokenKind::String, "\"Jan  1 1970\"".to_string()),
            Builtin::Time => (TokenKind::String, "\"00:00:00\"".to_string()),
            Builtin::IncludeLevel => {
                let files = self.contexts.iter().filter(|c| matches!(c, Context::File(f) if f.kind == FileKind::File));
                (TokenKind::Number, files.count().saturating_sub(1).to_string())
            }
            Builtin::HasFeature => {
                let known = match args.first() {
                    [t] if t.kind == TokenKind::Ident => {
                        let text = self.interner.resolve(t.text);
                        super::predefined::FEATURES.iter().any(|&(f, spirv)| f == text && (!spirv || self.options.spirv))
                    }
                    _ => false,
                };
                (TokenKind::Number, u32::from(known).to_string())
            }
        };
        Tok::new(kind, self.interner.intern(&text), name.span)
    }

    /// Fully macro-expands a macro argument (C11 §6.10.3.1), isolated from what follows it.
    pub(super) fn pre_expand(&mut self, tokens: &[Tok]) -> Vec<Tok> {
        let needs = tokens.iter().any(|t| {
            t.kind == TokenKind::Ident
                && !t.no_expand
                && (self.macros.contains_key(&t.text) || t.text == self.sym.pragma_operator)
        });
        if !needs || self.fatal {
            return tokens.to_vec();
        }
        if self.argument_depth >= MAX_ARGUMENT_DEPTH {
            self.fatal_error(
                Diagnostic::error(
                    codes::EXPANSION_TOO_DEEP,
                    tokens[0].span,
                    format!("macro arguments nested too deeply (more than {MAX_ARGUMENT_DEPTH} levels)"),
                )
                .with_help("split the nested macro invocations into several steps"),
            );
            return tokens.to_vec();
        }
        if !self.charge(tokens.len(), tokens[0].span, None) {
            return tokens.to_vec();
        }
        self.argument_depth += 1;
        let out = self.expand_list(tokens.to_vec());
        self.argument_depth -= 1;
        out
    }

    /// Expands the operand of `#if`/`#elif`, replacing `defined X` and `defined(X)` (whose
    /// operand is never expanded) by `1` or `0`.
    pub(super) fn expand_condition(&mut self, tokens: Vec<Tok>) -> Result<Vec<Tok>, Box<Diagnostic>> {
        let depth = self.contexts.len();
        self.push_macro(tokens, None, true);
        let mut out = Vec::new();
        let mut error = None;
        while let Some(t) = self.next_expanded() {
            if t.kind != TokenKind::Ident || t.text != self.sym.defined {
                out.push(t);
                continue;
            }
            let mut operand = self.next_unexpanded();
            let paren = operand.filter(|o| o.kind == TokenKind::LParen);
            if paren.is_some() {
                operand = self.next_unexpanded();
            }
            let Some(name) = operand.filter(|o| o.kind == TokenKind::Ident) else {
                let at = operand.map_or(t.span, |o| o.span);
                error = Some(
                    Diagnostic::error(codes::CONDITION_SYNTAX, at, "expected a macro name after `defined`")
                        .with_help("write `defined(NAME)`"),
                );
                break;
            };
            if let Some(open) = paren {
                if !self.next_unexpanded().is_some_and(|c| c.kind == TokenKind::RParen) {
                    error = Some(
                        Diagnostic::error(codes::CONDITION_SYNTAX, name.span, "expected `)` after the macro name")
                            .with_related(open.span, "to match this `(`"),
                    );
                    break;
                }
            }
            let value = if self.macros.contains_key(&name.text) { "1" } else { "0" };
            out.push(Tok::new(TokenKind::Number, self.interner.intern(value), t.span));
        }
        while self.contexts.len() > depth {
            self.pop_context();
        }
        self.carry = None;
        match error {
            Some(d) => Err(Box::new(d)),
            None => Ok(out),
        }
    }
}
