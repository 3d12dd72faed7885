//! The parser: preprocessed tokens → AST, with recovered syntax errors.
//!
//! PLACEHOLDER: the token adapter and lalrpop grammar replace this.

use crate::ast::TranslationUnit;
use crate::diagnostic::Diagnostic;
use crate::preprocessor::Preprocessed;
use crate::source::SourceMap;

/// Options that change how the token stream is parsed.
#[derive(Clone, Debug, Default)]
pub struct ParseOptions {
    /// `-HV` (templates and operator overloading need 2021).
    pub hlsl_version: u32,
}

/// Parses preprocessed tokens into a translation unit. Never fails: syntax errors are recovered
/// and reported, and the tree contains `Error` nodes where they were.
pub fn parse(input: &Preprocessed, _map: &SourceMap, _options: &ParseOptions) -> (TranslationUnit, Vec<Diagnostic>) {
    let _ = &input.tokens;
    (TranslationUnit::default(), Vec::new())
}
