//! `#define` and `#undef`: parsing a macro definition into a [`Macro`].
//!
//! A definition is checked once, when it is read, the way clang does: parameter lists
//! (`(a, b)`, `(...)`, named variadic `(args...)`), `#` followed by a parameter, `##` not at
//! either end of the body. The body is stored with each token's *role* (plain token, parameter,
//! stringized parameter, paste operator) so that expansion never re-parses it.
//!
//! Redefining a macro with a different body is a warning (`-Wmacro-redefined`), as in clang;
//! two definitions are the same when their parameters, tokens and the presence of whitespace
//! between tokens agree (C11 §6.10.3p2).

use super::codes;
use super::stream::Tok;
use super::Preprocessor;
use crate::diagnostic::Diagnostic;
use crate::lexer::TokenKind;
use crate::source::Span;
use crate::token::Symbol;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// A macro definition.
#[derive(Debug)]
pub(super) struct Macro {
    pub name: Symbol,
    /// The span of the name in its `#define`, or undefined for builtins.
    pub name_span: Span,
    /// `None` for object-like macros. The variadic parameter, if any, is the last one
    /// (`__VA_ARGS__` or its name).
    pub params: Option<Vec<Symbol>>,
    pub variadic: bool,
    pub body: Vec<BodyTok>,
    /// Dynamic macros (`__LINE__` …).
    pub builtin: Option<Builtin>,
    /// Defined by the compiler (`<built-in>` buffer): expansions name no definition.
    pub predefined: bool,
}

/// Macros whose expansion is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Builtin {
    Line,
    File,
    Counter,
    Date,
    Time,
    IncludeLevel,
    /// `__has_feature(name)`: 1 for the language features hlslc implements, 0 otherwise.
    HasFeature,
}

/// What a body token does during substitution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Role {
    Plain,
    /// Replaced by argument `n`.
    Param(u16),
    /// `# param`: the token is the `#`; replaced by argument `n` as a string literal.
    Stringify(u16),
    /// The `##` operator.
    Paste,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct BodyTok {
    pub tok: Tok,
    pub role: Role,
}

impl Macro {
    pub fn builtin(name: Symbol, builtin: Builtin) -> Self {
        Macro {
            name,
            name_span: Span::UNDEFINED,
            // `__has_feature` takes one argument (its parameter's name is never read).
            params: (builtin == Builtin::HasFeature).then(|| vec![name]),
            variadic: false,
            body: Vec::new(),
            builtin: Some(builtin),
            predefined: true,
        }
    }

    /// C11 §6.10.3p2: the same parameters, tokens and whitespace separation.
    fn same_definition(&self, other: &Macro) -> bool {
        self.params == other.params
            && self.variadic == other.variadic
            && self.builtin == other.builtin
            && self.body.len() == other.body.len()
            && self.body.iter().zip(&other.body).enumerate().all(|(i, (a, b))| {
                a.role == b.role
                    && a.tok.kind == b.tok.kind
                    && a.tok.text == b.tok.text
                    && (i == 0 || a.tok.leading_space == b.tok.leading_space)
            })
    }
}

impl Preprocessor<'_> {
    /// `#define NAME[(params)] body`.
    pub(super) fn define_directive(&mut self, line: &[Tok], span: Span, predefined: bool) {
        let Some(name) = self.macro_name(line, "define", span) else { return };
        let mut m = match self.parse_definition(name, &line[1..]) {
            Ok(m) => m,
            Err(d) => return self.diagnostics.push(*d),
        };
        m.predefined = predefined;
        if let Some(first) = line.get(1) {
            if m.params.is_none() && !first.leading_space {
                self.diagnostics.push(Diagnostic::warning(
                    codes::MISSING_WHITESPACE,
                    "missing-whitespace",
                    first.span,
                    "missing whitespace after the macro name",
                ));
            }
        }
        if let Some(old) = self.macros.get(&name.text) {
            let text = self.text(name.text);
            if old.builtin.is_some() {
                let d = Diagnostic::warning(
                    codes::BUILTIN_MACRO_REDEFINED,
                    "builtin-macro-redefined",
                    name.span,
                    format!("redefining builtin macro `{text}`"),
                );
                self.diagnostics.push(d);
            } else if !old.same_definition(&m) {
                let mut d = Diagnostic::warning(
                    codes::MACRO_REDEFINED,
                    "macro-redefined",
                    name.span,
                    format!("`{text}` macro redefined"),
                );
                if !old.name_span.is_undefined() {
                    d = d.with_related(old.name_span, "previous definition is here");
                }
                self.diagnostics.push(d);
            }
        }
        self.macros.insert(name.text, Rc::new(m));
    }

    /// `#undef NAME`.
    pub(super) fn undef_directive(&mut self, line: &[Tok], span: Span) {
        let Some(name) = self.macro_name(line, "undef", span) else { return };
        self.extra_tokens(&line[1..], "undef");
        if let Some(old) = self.macros.remove(&name.text) {
            if old.builtin.is_some() {
                let text = self.text(name.text);
                let d = Diagnostic::warning(
                    codes::BUILTIN_MACRO_REDEFINED,
                    "builtin-macro-redefined",
                    name.span,
                    format!("undefining builtin macro `{text}`"),
                );
                self.diagnostics.push(d);
            }
        }
    }

    /// The macro name of a `#define`, `#undef`, `#ifdef` or `#ifndef`, or an error.
    pub(super) fn macro_name(&mut self, line: &[Tok], directive: &str, span: Span) -> Option<Tok> {
        let d = match line.first() {
            None => Diagnostic::error(codes::MACRO_NAME, span, format!("macro name missing in `#{directive}`")),
            Some(t) if t.kind != TokenKind::Ident => {
                Diagnostic::error(codes::MACRO_NAME, t.span, "macro name must be an identifier")
            }
            Some(t) if t.text == self.sym.defined && directive != "ifdef" && directive != "ifndef" => {
                Diagnostic::error(codes::MACRO_NAME, t.span, "`defined` cannot be used as a macro name")
            }
            Some(t) => return Some(*t),
        };
        self.diagnostics.push(d);
        None
    }

    fn parse_definition(&self, name: Tok, rest: &[Tok]) -> Result<Macro, Box<Diagnostic>> {
        let mut params = None;
        let mut variadic = false;
        let mut body_start = 0;
        if rest.first().is_some_and(|t| t.kind == TokenKind::LParen && !t.leading_space) {
            let (list, is_variadic, end) = self.parse_parameters(name, rest)?;
            params = Some(list);
            variadic = is_variadic;
            body_start = end;
        }
        let toks = &rest[body_start..];
        let mut body = Vec::with_capacity(toks.len());
        let indices: HashMap<Symbol, u16> = params.iter().flatten().enumerate().map(|(i, &p)| (p, i as u16)).collect();
        let param_index = |t: &Tok| -> Option<u16> {
            if t.kind != TokenKind::Ident {
                return None;
            }
            indices.get(&t.text).copied()
        };
        let mut i = 0;
        while i < toks.len() {
            let t = toks[i];
            let role = match t.kind {
                TokenKind::Hash if params.is_some() => match toks.get(i + 1).and_then(param_index) {
                    Some(p) => {
                        i += 1;
                        Role::Stringify(p)
                    }
                    None => {
                        return Err(Box::new(
                            Diagnostic::error(
                                codes::STRINGIZE_NOT_PARAMETER,
                                t.span,
                                "`#` is not followed by a macro parameter",
                            )
                            .with_help("`#` in a function-like macro stringizes the parameter after it"),
                        ))
                    }
                },
                TokenKind::HashHash => Role::Paste,
                _ => param_index(&t).map_or(Role::Plain, Role::Param),
            };
            body.push(BodyTok { tok: t, role });
            i += 1;
        }
        let at_edge = |b: Option<&BodyTok>| b.is_some_and(|b| b.role == Role::Paste);
        if at_edge(body.first()) || at_edge(body.last()) {
            let t = if at_edge(body.first()) { body[0].tok } else { body[body.len() - 1].tok };
            return Err(Box::new(Diagnostic::error(
                codes::PASTE_AT_EDGE,
                t.span,
                "`##` cannot appear at either end of a macro expansion",
            )));
        }
        Ok(Macro { name: name.text, name_span: name.span, params, variadic, body, builtin: None, predefined: false })
    }

    /// Parses `(a, b)`, `(...)`, `(a, ...)` or `(a, rest...)` starting at `rest[0] == (`;
    /// returns the parameters, whether the macro is variadic and where the body starts.
    fn parse_parameters(&self, name: Tok, rest: &[Tok]) -> Result<(Vec<Symbol>, bool, usize), Box<Diagnostic>> {
        let mut params: Vec<Symbol> = Vec::new();
        let mut seen: HashSet<Symbol> = HashSet::new();
        let mut i = 1;
        let missing = |at: Span| {
            Diagnostic::error(codes::MACRO_PARAMETERS, at, "missing `)` in macro parameter list")
                .with_related(rest[0].span, "to match this `(`")
        };
        if rest.get(1).is_some_and(|t| t.kind == TokenKind::RParen) {
            return Ok((params, false, 2));
        }
        loop {
            let Some(t) = rest.get(i).copied() else {
                return Err(Box::new(missing(rest.last().map_or(name.span, |t| t.span))));
            };
            if is_ellipsis(rest, i) {
                params.push(self.sym.va_args);
                i += 3;
                return match rest.get(i) {
                    Some(t) if t.kind == TokenKind::RParen => Ok((params, true, i + 1)),
                    Some(t) => Err(Box::new(missing(t.span))),
                    None => Err(Box::new(missing(rest[i - 1].span))),
                };
            }
            if t.kind != TokenKind::Ident {
                return Err(Box::new(Diagnostic::error(
                    codes::MACRO_PARAMETERS,
                    t.span,
                    "expected a parameter name in the macro parameter list",
                )));
            }
            if t.text == self.sym.va_args {
                return Err(Box::new(
                    Diagnostic::error(
                        codes::MACRO_PARAMETERS,
                        t.span,
                        "`__VA_ARGS__` can only appear in the expansion of a variadic macro",
                    )
                    .with_help("write `...` to declare a variadic macro"),
                ));
            }
            if !seen.insert(t.text) {
                return Err(Box::new(Diagnostic::error(
                    codes::MACRO_PARAMETERS,
                    t.span,
                    format!("duplicate macro parameter name `{}`", self.text(t.text)),
                )));
            }
            params.push(t.text);
            i += 1;
            if is_ellipsis(rest, i) {
                // GNU named variadic parameter `args...`.
                i += 3;
                return match rest.get(i) {
                    Some(t) if t.kind == TokenKind::RParen => Ok((params, true, i + 1)),
                    Some(t) => Err(Box::new(missing(t.span))),
                    None => Err(Box::new(missing(rest[i - 1].span))),
                };
            }
            match rest.get(i) {
                Some(t) if t.kind == TokenKind::Comma => i += 1,
                Some(t) if t.kind == TokenKind::RParen => return Ok((params, false, i + 1)),
                Some(t) => {
                    return Err(Box::new(Diagnostic::error(
                        codes::MACRO_PARAMETERS,
                        t.span,
                        "expected `,` or `)` in the macro parameter list",
                    )))
                }
                None => return Err(Box::new(missing(t.span))),
            }
        }
    }
}

/// `...` is lexed as three adjacent `.` tokens.
fn is_ellipsis(toks: &[Tok], i: usize) -> bool {
    match toks.get(i..i + 3) {
        Some([a, b, c]) => [a, b, c].iter().all(|t| t.kind == TokenKind::Dot) && !b.leading_space && !c.leading_space,
        _ => false,
    }
}
