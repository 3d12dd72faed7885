//! The HLSL syntax crate of hlslc: text in, abstract syntax tree out.
//!
//! Stages, in data-flow order:
//! 1. [`source`]: the source map, one global offset space over every file and macro expansion;
//! 2. [`lexer`]: logos-generated raw lexer producing preprocessing tokens;
//! 3. [`preprocessor`]: `#include`, `#define`, `#if` … with the semantics of DXC's (clang's)
//!    preprocessor, producing [`token::PpToken`]s;
//! 4. [`parser`]: the token adapter (keywords, type names, template brackets) and the lalrpop
//!    grammar, producing an [`ast::TranslationUnit`] and recovered syntax errors.
//!
//! Invariants: this crate does no file I/O (includes go through
//! [`preprocessor::IncludeResolver`]), knows nothing about naga or types, never panics and never
//! prints. Every stage returns its result together with its [`diagnostic::Diagnostic`]s.

#![cfg_attr(
    not(test),
    warn(clippy::dbg_macro, clippy::panic, clippy::print_stderr, clippy::print_stdout, clippy::todo)
)]
#![deny(clippy::exit)]

pub mod ast;
pub mod diagnostic;
pub mod lexer;
pub mod name;
pub mod parser;
pub mod preprocessor;
pub mod source;
pub mod token;
pub mod warnings;

pub use diagnostic::{Diagnostic, Severity};
pub use source::{FileId, SourceMap, Span};
