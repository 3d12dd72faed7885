//! Syntax errors: lalrpop's errors → diagnostics in plain words.
//!
//! lalrpop reports an unexpected token with the list of terminals the parser state could
//! accept, which after an expression is every operator of the language. [`expected_phrase`]
//! turns that list into what a person would say ("expected `;`", "expected an expression",
//! "expected `,` or `)`"), in one place, and [`syntax_error`] adds a fix hint where it is
//! obvious (a missing `;`, an unclosed or unmatched brace).
//!
//! Codes: `E0210` unexpected token, `E0211` unexpected end of file. Errors on tokens the
//! adapter already reported (invalid characters) are not reported twice.

use crate::diagnostic::Diagnostic;
use crate::source::{SourceMap, Span};
use lalrpop_util::ParseError;
use std::convert::Infallible;

use super::actions::Recovery;
use super::adapter::Token;

/// What the converter needs to know about the token stream.
pub struct Context<'m> {
    pub map: &'m SourceMap,
    /// Spans of the parser tokens, in stream order, and whether each is an identifier.
    pub token_spans: &'m [(u32, u32, bool)],
    /// `{` never closed.
    pub unclosed_braces: &'m [Span],
}

/// A recovered error, or `None` when the adapter already reported its token.
pub fn recovered(r: &Recovery, cx: &Context) -> Option<Diagnostic> {
    from_parse_error(&r.error, cx)
}

/// Converts one lalrpop error.
pub fn from_parse_error(e: &ParseError<u32, Token, Infallible>, cx: &Context) -> Option<Diagnostic> {
    match e {
        ParseError::UnrecognizedToken { token: (l, tok, r), expected } => {
            if *tok == Token::Invalid {
                return None;
            }
            Some(syntax_error(Span::new(*l, *r), tok, expected, cx))
        }
        ParseError::UnrecognizedEof { location, expected } => {
            Some(syntax_error(Span::new(*location, *location), &Token::Eof, expected, cx))
        }
        ParseError::ExtraToken { token: (l, tok, r) } => Some(syntax_error(Span::new(*l, *r), tok, &[], cx)),
        ParseError::InvalidToken { location } => {
            Some(Diagnostic::error("E0210", Span::new(*location, *location + 1), "invalid token"))
        }
        ParseError::User { error } => match *error {},
    }
}

fn syntax_error(span: Span, found: &Token, expected: &[String], cx: &Context) -> Diagnostic {
    let expected: Vec<&str> = expected.iter().map(|s| s.trim_matches('"')).collect();
    let has = |t: &str| expected.contains(&t);
    // `Unknown x;` and `void f(Unknown)`: a name the adapter does not know as a type, used as
    // one.
    if let Some((prev, true)) = previous_token(span, cx) {
        let only_scope = !expected.is_empty() && expected.iter().all(|t| matches!(*t, "::" | "template<"));
        if only_scope || (matches!(found, Token::Ident(_)) && has(";") && has("+")) {
            let name = cx.map.snippet(prev).unwrap_or("this name");
            return Diagnostic::error("E0214", prev, format!("unknown type name `{name}`"))
                .with_label("not a type")
                .with_help(format!("declare `{name}` before this use, or check the spelling"));
        }
    }
    let found_text = describe(span, found, cx.map);
    let what = expected_phrase(&expected);
    let message = match &what {
        Some(what) => format!("expected {what}, found {found_text}"),
        None => format!("unexpected {found_text}"),
    };
    let eof = *found == Token::Eof;
    let mut d = Diagnostic::error(if eof { "E0211" } else { "E0210" }, span, message);
    if eof {
        if let Some(open) = cx.unclosed_braces.last() {
            d = d.with_related(*open, "this `{` is never closed").with_help("add the missing `}`");
        }
        return d;
    }
    d = d.with_label(if what.is_some() { "unexpected token" } else { "" });
    let is_brace = *found == Token::Punct(crate::lexer::TokenKind::RBrace);
    if is_brace && has("struct") && has("cbuffer") {
        d = d.with_help("this `}` has no matching `{`; remove it or add the missing `{`");
    } else if what.as_deref() == Some("`;`") || (has(";") && what.as_deref().is_some_and(|w| w.contains("`;`"))) {
        if let Some((prev, _)) = previous_token(span, cx) {
            let prev_text = cx.map.snippet(prev).unwrap_or("the previous token");
            if !matches!(prev_text, ";" | "{") {
                d = d
                    .with_related(prev, "`;` may be missing after this")
                    .with_help(format!("add `;` after `{prev_text}`"));
            }
        }
    } else if is_brace && has("if") {
        d = d.with_help("this `}` has no matching `{`; remove it or add the missing `{`");
    } else if *found == Token::Punct(crate::lexer::TokenKind::Shr) && has(">template") {
        d = d.with_help("write `> >` to close two template argument lists");
    }
    d
}

/// The token before the one at `span`, and whether it is an identifier.
fn previous_token(span: Span, cx: &Context) -> Option<(Span, bool)> {
    let i = cx.token_spans.iter().position(|&(s, e, _)| s == span.start && e == span.end)?;
    let (s, e, ident) = *cx.token_spans.get(i.checked_sub(1)?)?;
    Some((Span::new(s, e), ident))
}

/// How the found token is named in a message.
fn describe(span: Span, tok: &Token, map: &SourceMap) -> String {
    match tok {
        Token::Eof => "end of file".to_string(),
        Token::StateBlock => "an effects state block".to_string(),
        Token::Technique(_) => "a technique block".to_string(),
        Token::PackMatrix(_) => "`#pragma pack_matrix`".to_string(),
        Token::String(_) => "a string literal".to_string(),
        _ => match map.snippet(span) {
            Some(text) if !text.is_empty() && text.len() <= 40 && !text.contains('\n') => format!("`{text}`"),
            _ => readable(terminal_of(tok)).to_string(),
        },
    }
}

fn terminal_of(tok: &Token) -> &'static str {
    match tok {
        Token::Ident(_) => "Ident",
        Token::TypeName(_) => "TypeName",
        Token::Qualifier(_) => "Qualifier",
        Token::Number(_) => "Number",
        Token::TemplateOpen => "template<",
        Token::TemplateClose => ">template",
        Token::Punct(k) => k.punctuator().unwrap_or("token"),
        _ => "token",
    }
}

/// The readable name of one terminal of the grammar.
pub fn readable(terminal: &str) -> String {
    match terminal {
        "Ident" => "a name".into(),
        "TypeName" => "a type".into(),
        "Qualifier" => "a qualifier".into(),
        "Access" => "an access specifier".into(),
        "Number" => "a number".into(),
        "StringLiteral" => "a string".into(),
        "Technique" => "a technique block".into(),
        "StateBlock" => "an effects state block".into(),
        "PackMatrix" => "`#pragma pack_matrix`".into(),
        "template<" => "`<`".into(),
        ">template" => "`>`".into(),
        "end of file" => "end of file".into(),
        t => format!("`{t}`"),
    }
}

/// Says in plain words what the parser expected, from lalrpop's list of terminals. `None` when
/// the list is empty.
pub fn expected_phrase(expected: &[&str]) -> Option<String> {
    let has = |t: &str| expected.contains(&t);
    if expected.is_empty() {
        return None;
    }
    if has("if") && has("return") {
        return Some("a statement".into());
    }
    if has("cbuffer") && has("struct") {
        if has("typedef") {
            return Some("a declaration".into());
        }
        return Some("a function, variable, struct or cbuffer declaration".into());
    }
    // After a complete expression every operator is possible: name the punctuation that ends
    // the construct instead.
    let after_expression = has("+") && has("*");
    if has(";") && (after_expression || expected.len() > 3) {
        return Some("`;`".into());
    }
    if after_expression {
        let closers: Vec<String> = [",", ")", "]", "}", ">template", ":", "?"]
            .iter()
            .filter(|t| has(t))
            .take(3)
            .map(|t| readable(t))
            .collect();
        if !closers.is_empty() {
            return Some(join_or(&closers));
        }
        return Some("an operator".into());
    }
    if has("Ident") && has("Number") {
        return Some("an expression".into());
    }
    if has("Ident") && has("operator") {
        return Some("a name".into());
    }
    if has("TypeName") && !has("Ident") && expected.len() > 2 {
        return Some("a type".into());
    }
    if has("TypeName") && has("Ident") && expected.len() > 4 {
        return Some("a type or a name".into());
    }
    let names: Vec<String> = expected.iter().take(5).map(|t| readable(t)).collect();
    if expected.len() > 5 {
        return Some(format!("one of {}, …", names.join(", ")));
    }
    Some(join_or(&names))
}

fn join_or(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phrases() {
        assert_eq!(expected_phrase(&["+", "*", ";", ",", "=="]).as_deref(), Some("`;`"));
        assert_eq!(expected_phrase(&["+", "*", ",", ")"]).as_deref(), Some("`,` or `)`"));
        assert_eq!(expected_phrase(&["Ident", "Number", "(", "-"]).as_deref(), Some("an expression"));
        assert_eq!(expected_phrase(&["Ident"]).as_deref(), Some("a name"));
        assert_eq!(expected_phrase(&["(", "template<"]).as_deref(), Some("`(` or `<`"));
        assert_eq!(expected_phrase(&[]), None);
    }
}
