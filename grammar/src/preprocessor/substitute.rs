//! Argument substitution, stringizing (`#`) and token pasting (`##`) in a macro body.
//!
//! This follows clang's `TokenLexer::ExpandFunctionArguments` step by step, because the
//! corner cases are observable in real shaders:
//! - a parameter is replaced by its *fully macro-expanded* argument, except next to `#` or
//!   `##`, where the argument's tokens are used as written (C11 §6.10.3.1). With
//!   `-flegacy-macro-expansion` (FXC's order), operands of `##` are expanded too, which is how
//!   `register(b##slot)` with `slot` = `SLOT_VAL` gives `b3`;
//! - an empty argument next to `##` is a placemarker: `x ## EMPTY` is `x`, `EMPTY ## EMPTY`
//!   nothing (§6.10.3.3);
//! - GNU comma elision: `, ## __VA_ARGS__` drops the comma when the variadic arguments are
//!   omitted, and the `##` when they are not;
//! - `##` tokens coming from an argument are not operators;
//! - whitespace flags follow clang so that stringizing and `-P` output match DXC.
//!
//! Pasting re-lexes the joined spelling; anything but exactly one token is an error
//! (`pasting formed '+-', an invalid preprocessing token`) and the two tokens stay apart.

use super::codes;
use super::definition::{Macro, Role};
use super::stream::Tok;
use super::Preprocessor;
use crate::diagnostic::Diagnostic;
use crate::lexer::{self, TokenKind};
use crate::source::Span;

/// The arguments of one invocation, with their pre-expansions computed on first use.
#[derive(Default)]
pub(super) struct Args {
    tokens: Vec<Vec<Tok>>,
    expanded: Vec<Option<Vec<Tok>>>,
    /// The variadic arguments were omitted entirely (`A(x)` for `A(x, ...)`).
    varargs_elided: bool,
}

impl Args {
    pub fn new(tokens: Vec<Vec<Tok>>, varargs_elided: bool) -> Self {
        let expanded = vec![None; tokens.len()];
        Args { tokens, expanded, varargs_elided }
    }

    /// The unexpanded tokens of the first argument.
    pub fn first(&self) -> &[Tok] {
        self.tokens.first().map_or(&[], Vec::as_slice)
    }
}

impl Preprocessor<'_> {
    /// The replacement list of `m` with `args` substituted and `##` applied.
    pub(super) fn substitute(&mut self, m: &Macro, args: &mut Args, call_site: Span) -> Vec<Tok> {
        let legacy = self.options.legacy_macro_expansion;
        let body = &m.body;
        let last_param = m.params.as_ref().map_or(0, |p| p.len().saturating_sub(1));
        // Each produced token, and whether it is a `##` operator.
        let mut out: Vec<(Tok, bool)> = Vec::with_capacity(body.len());
        let mut next_space = false;
        let mut i = 0;
        while i < body.len() {
            let b = body[i];
            if i != 0 && body[i - 1].role != Role::Paste && b.tok.leading_space {
                next_space = true;
            }
            let paste_before = i > 0 && body[i - 1].role == Role::Paste;
            let paste_after = body.get(i + 1).is_some_and(|n| n.role == Role::Paste);
            let nonempty_paste_before = out.last().is_some_and(|&(_, op)| op);
            i += 1;
            let p = match b.role {
                Role::Stringify(p) => {
                    let mut t = self.stringify(&args.tokens[p as usize], b.tok.span);
                    t.leading_space = next_space;
                    next_space = false;
                    out.push((t, false));
                    continue;
                }
                Role::Plain | Role::Paste => {
                    let mut t = b.tok;
                    if next_space {
                        t.leading_space = true;
                        next_space = false;
                    } else if paste_before && !nonempty_paste_before {
                        t.leading_space = false;
                    }
                    out.push((t, b.role == Role::Paste));
                    continue;
                }
                Role::Param(p) => p as usize,
            };
            if legacy || (!paste_before && !paste_after) {
                let expanded = self.expanded_argument(args, p);
                if !expanded.is_empty() {
                    let first = out.len();
                    out.extend(expanded.into_iter().map(|t| (t, false)));
                    out[first].0.leading_space = next_space;
                    next_space = false;
                    continue;
                }
                if !(paste_before || paste_after) {
                    continue;
                }
                // An operand of `##` that expanded to nothing is a placemarker (below).
            } else if !args.tokens[p].is_empty() {
                if nonempty_paste_before
                    && m.variadic
                    && p == last_param
                    && out.len() >= 2
                    && out[out.len() - 2].0.kind == TokenKind::Comma
                {
                    // `, ## __VA_ARGS__` with arguments: the `##` does not paste.
                    out.pop();
                }
                let first = out.len();
                out.extend(args.tokens[p].iter().map(|&t| (t, false)));
                if next_space {
                    out[first].0.leading_space = true;
                }
                next_space = false;
                continue;
            }
            // An empty operand of `##`: a placemarker.
            if paste_after {
                i += 1; // Skip the `##` after it.
                continue;
            }
            if nonempty_paste_before {
                out.pop();
            }
            if args.varargs_elided
                && m.variadic
                && p == last_param
                && out.last().is_some_and(|&(t, op)| !op && t.kind == TokenKind::Comma)
            {
                // GNU: `, ## __VA_ARGS__` with the variadic arguments omitted drops the comma.
                out.pop();
            }
        }
        self.paste_all(out, m, call_site)
    }

    /// The pre-expansion of argument `p`, computed once.
    fn expanded_argument(&mut self, args: &mut Args, p: usize) -> Vec<Tok> {
        if let Some(done) = &args.expanded[p] {
            return done.clone();
        }
        let expanded = self.pre_expand(&args.tokens[p]);
        args.expanded[p] = Some(expanded.clone());
        expanded
    }

    /// Applies every `##` operator left to right.
    fn paste_all(&mut self, items: Vec<(Tok, bool)>, m: &Macro, call_site: Span) -> Vec<Tok> {
        if !items.iter().any(|&(_, op)| op) {
            return items.into_iter().map(|(t, _)| t).collect();
        }
        let mut out: Vec<Tok> = Vec::with_capacity(items.len());
        let mut i = 0;
        while i < items.len() {
            let (t, op) = items[i];
            i += 1;
            if !op {
                out.push(t);
                continue;
            }
            // A `##` with a missing operand (legacy mode placemarkers) just disappears.
            let (Some(lhs), Some(&(rhs, _))) = (out.pop(), items.get(i)) else { continue };
            i += 1;
            match self.paste(lhs, rhs) {
                Some(pasted) => out.push(pasted),
                None => {
                    let text = format!("{}{}", self.text(lhs.text), self.text(rhs.text));
                    let mut d = Diagnostic::error(
                        codes::INVALID_PASTE,
                        call_site,
                        format!("pasting formed `{text}`, an invalid preprocessing token"),
                    );
                    if !m.name_span.is_undefined() {
                        d = d.with_related(t.span, "`##` is here");
                    }
                    self.diagnostics.push(d.with_help("remove the `##`; adjacent tokens need no pasting"));
                    out.push(lhs);
                    out.push(rhs);
                }
            }
        }
        out
    }

    /// Joins two tokens into one, if their spellings together lex as exactly one token.
    fn paste(&mut self, lhs: Tok, rhs: Tok) -> Option<Tok> {
        let text = format!("{}{}", self.text(lhs.text), self.text(rhs.text));
        let raw = lexer::lex(&text);
        let [only] = raw.as_slice() else { return None };
        let valid = only.start == 0
            && only.end as usize == text.len()
            && !matches!(
                only.kind,
                TokenKind::Newline | TokenKind::UnterminatedComment | TokenKind::UnterminatedString
            );
        valid.then(|| Tok {
            kind: only.kind,
            text: self.interner.intern(&text),
            span: lhs.span,
            leading_space: lhs.leading_space,
            line_start: lhs.line_start,
            no_expand: false,
        })
    }

    /// `# param`: the argument's spelling as a string literal (C11 §6.10.3.2): whitespace
    /// between tokens becomes one space, `"` and `\` inside string and character literals are
    /// escaped.
    fn stringify(&mut self, tokens: &[Tok], span: Span) -> Tok {
        let mut s = String::from("\"");
        for (k, t) in tokens.iter().enumerate() {
            if k > 0 && (t.leading_space || t.line_start) {
                s.push(' ');
            }
            let text = self.interner.resolve(t.text);
            if matches!(t.kind, TokenKind::String | TokenKind::Char | TokenKind::UnterminatedString) {
                for c in text.chars() {
                    if c == '"' || c == '\\' {
                        s.push('\\');
                    }
                    s.push(c);
                }
            } else {
                s.push_str(text);
            }
        }
        // A string ending in an odd number of backslashes would swallow its closing quote.
        let trailing = s.bytes().rev().take_while(|&b| b == b'\\').count();
        if trailing % 2 == 1 {
            s.pop();
        }
        s.push('"');
        Tok::new(TokenKind::String, self.interner.intern(&s), span)
    }
}
