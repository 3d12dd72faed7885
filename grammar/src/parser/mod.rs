//! The parser: preprocessed tokens → AST, with recovered syntax errors.
//!
//! Three stages, one file each:
//! - [`adapter`]: classifies preprocessed tokens into keywords, qualifiers, type names and
//!   identifiers, discovers template argument lists, converts literals and collapses effects
//!   blocks (all the context sensitivity of HLSL lives there);
//! - `grammar.lalrpop` (with helpers in [`actions`]): a context-free, LR(1) grammar of HLSL
//!   2021, with error recovery at statement and declaration level;
//! - [`errors`]: turns recovered lalrpop errors into diagnostics with readable expectations.
//!
//! After parsing, [`depth`] bounds the depth of the tree (long `a+a+…` chains and `else if`
//! ladders nest without brackets), so that no later recursive pass can overflow its stack.
//! [`dump`] prints a tree for snapshot tests.
//!
//! Parsing never fails: the result is always a [`TranslationUnit`], with `Error` nodes where
//! syntax errors were recovered, and the diagnostics say what was wrong.

pub mod actions;
pub mod adapter;
pub mod depth;
pub mod dump;
pub mod errors;
pub mod keywords;
pub mod literal;

#[allow(clippy::all, clippy::pedantic, clippy::panic, unused_parens, unused_imports, dead_code)]
#[rustfmt::skip]
mod grammar {
    include!(concat!(env!("OUT_DIR"), "/parser/grammar.rs"));

    /// The size of lalrpop's value enum, which every shift and reduce moves whole.
    #[cfg(test)]
    pub(super) const SYMBOL_SIZE: usize = core::mem::size_of::<__parse__TranslationUnit::__Symbol<'static>>();
}

use crate::ast::TranslationUnit;
use crate::diagnostic::Diagnostic;
use crate::preprocessor::{self, MemoryResolver, PreprocessOptions, Preprocessed};
use crate::source::SourceMap;

/// Syntax errors reported per file; past this the file is hopeless and more errors only hide
/// the first ones.
pub const MAX_SYNTAX_ERRORS: usize = 50;

/// Options that change how the token stream is parsed.
#[derive(Clone, Debug, Default)]
pub struct ParseOptions {
    /// `-HV` (2029 for DXC's `202x`): `>>` closes two template argument lists only from 202x.
    pub hlsl_version: u32,
}

/// Parses preprocessed tokens into a translation unit. Never fails: syntax errors are recovered
/// and reported, and the tree contains `Error` nodes where they were.
pub fn parse(input: &Preprocessed, map: &SourceMap, options: &ParseOptions) -> (TranslationUnit, Vec<Diagnostic>) {
    let adapted = adapter::adapt(input);
    let mut diagnostics = adapted.diagnostics;
    // Before HLSL 202x DXC parses template argument lists as C++98 does: `>>` is a shift
    // operator, and closing two lists with it is an error (DXC's
    // `ParseGreaterThanInTemplateList`), built-in templates included (`Buffer<vector<float,
    // 4>>`).
    if options.hlsl_version < 2029 {
        diagnostics.extend(adapted.split_closers.iter().map(|&span| {
            Diagnostic::error("E0210", span, "a space is required between consecutive right angle brackets closing template argument lists before HLSL 202x")
                .with_help("write `> >`, or compile with `-HV 202x`")
        }));
    }
    let mut state = actions::State::default();
    let tokens = adapted.tokens.into_iter().map(Ok::<_, std::convert::Infallible>);
    let result = grammar::TranslationUnitParser::new().parse(&mut state, tokens);
    // Syntax errors name the tokens around them. The tokens are consumed by the parser, so
    // after an error they are adapted again (the adapter is deterministic) rather than their
    // spans being kept for every file, most of which have no syntax error (peak memory).
    let token_spans: Vec<(u32, u32, bool)> = if result.is_err() || !state.recoveries.is_empty() {
        adapter::adapt(input).tokens.iter().map(|t| (t.0, t.2, matches!(t.1, adapter::Token::Ident(_)))).collect()
    } else {
        Vec::new()
    };
    let cx = errors::Context { map, token_spans: &token_spans, unclosed_braces: &adapted.unclosed_braces };
    let mut syntax: Vec<Diagnostic> = state.recoveries.iter().filter_map(|r| errors::recovered(r, &cx)).collect();
    if let Err(e) = result {
        syntax.extend(errors::from_parse_error(&e, &cx));
    }
    if syntax.len() > MAX_SYNTAX_ERRORS {
        let last = syntax[MAX_SYNTAX_ERRORS].span;
        syntax.truncate(MAX_SYNTAX_ERRORS);
        syntax.push(Diagnostic::error("E0210", last, "too many syntax errors, stopping here"));
    }
    diagnostics.append(&mut syntax);
    diagnostics.append(&mut state.diagnostics);
    let mut unit = TranslationUnit { items: state.items };
    diagnostics.extend(depth::limit(&mut unit));
    diagnostics.sort_by_key(|d| d.span.start);
    (unit, diagnostics)
}

/// Preprocesses (with default options and no include files) and parses `text` as HLSL 202x,
/// where every construct the grammar knows parses: a convenience for tests and tools. Returns
/// the source map that the spans refer to.
pub fn parse_source(name: &str, text: &str) -> (SourceMap, TranslationUnit, Vec<Diagnostic>) {
    let mut map = SourceMap::new();
    let pre = preprocessor::preprocess(&mut map, name, text, &PreprocessOptions::default(), &mut MemoryResolver::new());
    let (unit, mut diagnostics) = parse(&pre, &map, &ParseOptions { hlsl_version: 2029 });
    let mut all = pre.diagnostics;
    all.append(&mut diagnostics);
    (map, unit, all)
}

#[cfg(test)]
mod tests {
    /// grammar.lalrpop keeps every rule's value at most 64 bytes (larger nodes boxed), so the
    /// largest value in the enum is lalrpop's own error-recovery record (the `!` symbol, 96
    /// bytes), which the tag fits into. A rule yielding a larger value unboxed fails here.
    #[test]
    fn parser_values_stay_small() {
        let floor = core::mem::size_of::<super::actions::Recovery<'static>>();
        let size = super::grammar::SYMBOL_SIZE;
        assert!(size <= floor, "lalrpop's symbol is {size} bytes, more than the {floor} of its error record");
    }
}
