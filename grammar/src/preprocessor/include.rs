//! `#include`: operand forms, the search order, loading through the [`IncludeResolver`],
//! `#pragma once` and the include-guard fast path, and the nesting limits.
//!
//! Search order, as DXC (clang with its MSVC-compatible lookup enabled for HLSL):
//! - `#include "name"`: the directory of the including file, then the directories of each
//!   file further up the include stack (innermost first), then each `-I` directory in order;
//! - `#include <name>`: the `-I` directories only. The main file's directory is *not* searched
//!   unless it is given with `-I`;
//! - when no file is found, a header hlslc carries (`D3DX_DXGIFormatConvert.inl`, see
//!   [`super::headers`]), as DXC falls back to the few headers embedded in it;
//! - an absolute name is loaded as is.
//!
//! Paths are joined with `/` and normalised textually (`\` becomes `/`, `.` and `..` are
//! resolved) — this crate does no file I/O; the resolver gets the joined path and returns a
//! canonical name that identifies the file for `#pragma once`, guards and `files_read`.
//!
//! A file wrapped entirely in `#ifndef X` / `#define X` … `#endif` (clang's multiple-include
//! optimisation) is not entered again while `X` is defined. A chain of includes deeper than
//! `max_include_depth` stops preprocessing; if the chain repeats a file, the error names the
//! cycle at the directive that closed it first (legitimate guarded self-inclusion never gets
//! that deep, so only real cycles are reported).

use super::codes;
use super::stream::{Context, Tok};
use super::{Preprocessor, MAX_INCLUDES};
use crate::diagnostic::Diagnostic;
use crate::lexer::TokenKind;
use crate::source::{FileKind, Span};
use std::collections::HashMap;
use std::sync::Arc;

/// Normalises a path textually: `\` becomes `/`, empty and `.` components are dropped and
/// `..` removes the component before it (leading `..` of a relative path are kept).
pub fn normalize_path(path: &str) -> String {
    let path = path.replace('\\', "/");
    let bytes = path.as_bytes();
    let root_len = if path.starts_with('/') {
        1
    } else if bytes.len() >= 2 && bytes[1] == b':' && bytes[0].is_ascii_alphabetic() {
        if bytes.get(2) == Some(&b'/') {
            3
        } else {
            2
        }
    } else {
        0
    };
    let (root, rest) = path.split_at(root_len);
    let mut parts: Vec<&str> = Vec::new();
    for part in rest.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|p| *p != "..") {
                    parts.pop();
                } else if root.is_empty() {
                    parts.push("..");
                }
            }
            p => parts.push(p),
        }
    }
    format!("{root}{}", parts.join("/"))
}

/// Joins an include name to the directory being searched, then normalises.
pub fn join_path(dir: &str, name: &str) -> String {
    if dir.is_empty() || is_absolute(name) {
        normalize_path(name)
    } else {
        normalize_path(&format!("{dir}/{name}"))
    }
}

fn is_absolute(path: &str) -> bool {
    let b = path.as_bytes();
    path.starts_with(['/', '\\']) || (b.len() >= 2 && b[1] == b':' && b[0].is_ascii_alphabetic())
}

/// The directory part of a path (`""` for a bare file name).
pub(super) fn parent_dir(path: &str) -> String {
    let path = normalize_path(path);
    match path.rfind('/') {
        Some(0) => "/".to_string(),
        Some(i) => path[..i].to_string(),
        None => String::new(),
    }
}

impl Preprocessor<'_> {
    /// `#include "name"`, `#include <name>` or `#include MACRO`.
    pub(super) fn include_directive(&mut self, rest: &[Tok], span: Span) {
        let Some(&first) = rest.first() else {
            return self.diagnostics.push(self.include_syntax_error(span));
        };
        let operand = match first.kind {
            TokenKind::String => Some((self.text(first.text).to_string(), false, 1)),
            TokenKind::Lt => self.angled_name_from_source(rest),
            _ => None,
        };
        let (name, angled) = match operand {
            Some((name, angled, used)) => {
                self.extra_tokens(&rest[used..], "include");
                (name, angled)
            }
            None if first.kind == TokenKind::Lt => {
                return self.diagnostics.push(
                    Diagnostic::error(codes::INCLUDE_SYNTAX, span, "expected `>` to end the `#include` file name")
                        .with_related(first.span, "to match this `<`"),
                );
            }
            None => {
                // A macro-expanded operand (C11 §6.10.2p4).
                let expanded = self.expand_list(rest.to_vec());
                match self.name_from_tokens(&expanded) {
                    Some((name, angled, used)) => {
                        self.extra_tokens(&expanded[used..], "include");
                        (name, angled)
                    }
                    None => return self.diagnostics.push(self.include_syntax_error(span)),
                }
            }
        };
        let name = if angled { name } else { name[1..name.len() - 1].to_string() };
        self.include_file(&name.replace('\\', "/"), angled, span);
    }

    fn include_syntax_error(&self, span: Span) -> Diagnostic {
        Diagnostic::error(codes::INCLUDE_SYNTAX, span, "expected \"FILENAME\" or <FILENAME> after `#include`")
    }

    /// `<name>` spelled in the file: the text between the brackets, exactly as written.
    fn angled_name_from_source(&self, rest: &[Tok]) -> Option<(String, bool, usize)> {
        let close = rest.iter().position(|t| t.kind == TokenKind::Gt)?;
        let f = self.top_file()?;
        let start = (rest[0].span.end - f.base) as usize;
        let end = (rest[close].span.start - f.base) as usize;
        Some((f.text.get(start..end)?.to_string(), true, close + 1))
    }

    /// A file name from macro-expanded tokens: a string literal, or `<` tokens `>` joined by
    /// their spellings (clang inserts a space where a token had leading whitespace).
    fn name_from_tokens(&self, tokens: &[Tok]) -> Option<(String, bool, usize)> {
        let first = tokens.first()?;
        match first.kind {
            TokenKind::String => Some((self.text(first.text).to_string(), false, 1)),
            TokenKind::Lt => {
                let close = tokens.iter().position(|t| t.kind == TokenKind::Gt)?;
                let mut name = String::new();
                for (i, t) in tokens[1..close].iter().enumerate() {
                    if i > 0 && t.leading_space {
                        name.push(' ');
                    }
                    name.push_str(self.text(t.text));
                }
                Some((name, true, close + 1))
            }
            _ => None,
        }
    }

    /// Finds, loads and enters an included file.
    fn include_file(&mut self, name: &str, angled: bool, span: Span) {
        if name.is_empty() {
            return self.diagnostics.push(Diagnostic::error(
                codes::INCLUDE_SYNTAX,
                span,
                "empty file name in `#include`",
            ));
        }
        let candidates = self.search_paths(name, angled);
        let mut found = None;
        for path in &candidates {
            match self.load(path) {
                Ok(Some((canonical, text))) => {
                    found = Some((path.clone(), canonical, text));
                    break;
                }
                Ok(None) => {}
                Err(message) => {
                    return self.fatal_error(Diagnostic::error(
                        codes::FILE_UNREADABLE,
                        span,
                        format!("cannot read `{path}`: {message}"),
                    ));
                }
            }
        }
        if found.is_none() {
            // A header hlslc carries (DXC's embedded-header fallback); never shadows a file.
            found = super::headers::builtin_header(name).map(|(canonical, text)| (canonical.clone(), canonical, text));
        }
        let Some((path, canonical, text)) = found else {
            let mut d = Diagnostic::error(codes::FILE_NOT_FOUND, span, format!("file `{name}` not found"));
            d = if candidates.is_empty() {
                d.with_note("no include directories were given")
            } else {
                let tried: Vec<String> = candidates.iter().map(|c| format!("`{c}`")).collect();
                d.with_note(format!("searched {}", tried.join(", ")))
            };
            d = d.with_help(if name.replace('\\', "/") == "dx/linalg.h" {
                // DXC's header for SM 6.9/6.10 linear algebra (`dx::linalg::Matrix`, vector
                // multiply-add): its `__builtin_LinAlg…` built-ins exist only in DXIL.
                "`dx/linalg.h` is DXC's header for the SM 6.9 and 6.10 linear-algebra matrices, whose built-ins exist only in DXIL (DXC's SPIR-V back end lacks them too): hlslc compiles them to neither WGSL nor SPIR-V; write the products as loops"
            } else if angled {
                "`#include <…>` searches only the `-I` directories: add one with `-I`, or write `#include \"…\"` to search next to the including file"
            } else {
                "add the directory containing the file with `-I`, or correct the path"
            });
            return self.fatal_error(d);
        };
        if self.once.contains(&canonical) {
            return;
        }
        if self.guards.get(&canonical).is_some_and(|g| self.macros.contains_key(g)) {
            return;
        }
        if !self.check_include_depth(&canonical, span) {
            return;
        }
        self.includes_entered += 1;
        if self.includes_entered > MAX_INCLUDES {
            return self.fatal_error(
                Diagnostic::error(
                    codes::TOO_MANY_INCLUDES,
                    span,
                    format!("more than {MAX_INCLUDES} `#include`s were processed"),
                )
                .with_help("add include guards or `#pragma once` to files included repeatedly"),
            );
        }
        self.enter_file(&path, &canonical, text, FileKind::File, parent_dir(&path), Some(span));
    }

    /// The paths to try for `name`, in order, without duplicates.
    fn search_paths(&self, name: &str, angled: bool) -> Vec<String> {
        if is_absolute(name) {
            return vec![normalize_path(name)];
        }
        let mut paths: Vec<String> = Vec::new();
        if !angled {
            for context in self.contexts.iter().rev() {
                if let Context::File(f) = context {
                    // The command-line buffer's `#include`s are `-include FILE`: relative to
                    // the current directory (its `dir` is empty), as clang looks them up.
                    if matches!(f.kind, FileKind::File | FileKind::CommandLine) {
                        paths.push(join_path(&f.dir, name));
                    }
                }
            }
        }
        for dir in &self.options.include_dirs {
            paths.push(join_path(dir, name));
        }
        let mut unique = Vec::with_capacity(paths.len());
        for p in paths {
            if !unique.contains(&p) {
                unique.push(p);
            }
        }
        unique
    }

    /// Loads a path through the resolver, once per path.
    fn load(&mut self, path: &str) -> Result<Option<(String, Arc<str>)>, String> {
        if let Some(cached) = self.file_cache.get(path) {
            return Ok(cached.clone());
        }
        let result = self.resolver.load(path)?;
        if let Some((canonical, _)) = &result {
            if self.files_seen.insert(canonical.clone()) {
                self.files_read.push(canonical.clone());
            }
        }
        self.file_cache.insert(path.to_string(), result.clone());
        Ok(result)
    }

    /// Reports an include chain that is too deep (naming the cycle if it repeats a file).
    /// Returns true if `canonical` may be entered.
    fn check_include_depth(&mut self, canonical: &str, span: Span) -> bool {
        let max = self.options.max_include_depth;
        let stack: Vec<(&str, Option<Span>)> = self
            .contexts
            .iter()
            .filter_map(|c| match c {
                Context::File(f) if f.kind == FileKind::File => Some((f.canonical.as_str(), f.include_site)),
                _ => None,
            })
            .collect();
        if stack.len() < max {
            return true;
        }
        let mut chain: Vec<(&str, Option<Span>)> = stack.clone();
        chain.push((canonical, Some(span)));
        let mut first_seen: HashMap<&str, usize> = HashMap::new();
        let mut cycle = None;
        for (k, (name, _)) in chain.iter().enumerate() {
            if let Some(&j) = first_seen.get(name) {
                cycle = Some((j, k));
                break;
            }
            first_seen.insert(name, k);
        }
        let d = match cycle {
            Some((j, k)) => {
                let names: Vec<&str> = chain[j..=k].iter().map(|(n, _)| *n).collect();
                let at = chain[k].1.unwrap_or(span);
                Diagnostic::error(
                    codes::INCLUDE_CYCLE,
                    at,
                    format!("`#include` cycle: `{}` includes itself", chain[j].0),
                )
                .with_note(format!("include chain: {}", names.join(" → ")))
                .with_note(format!("stopped after {max} nested includes"))
                .with_help(format!("add `#pragma once` or an include guard to `{}`", chain[j].0))
            }
            None => Diagnostic::error(
                codes::INCLUDE_TOO_DEEP,
                span,
                format!("`#include` nested too deeply (more than {max} levels)"),
            ),
        };
        self.fatal_error(d);
        false
    }
}
