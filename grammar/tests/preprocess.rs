//! Snapshot tests of the preprocessor, one fixture per feature.
//!
//! Each `tests/fixtures/preprocess/*.hlsl` is preprocessed with every file of that directory
//! (recursively, by relative path) served by a `MemoryResolver`; the snapshot holds the `-P`
//! output, the rendered diagnostics, and the files read and warning pragmas when there are any.
//!
//! A fixture's first line may give options: `// args: -D FOO=1 -U BAR -I inc -HV 2018
//! -T ps_6_2 -enable-16bit-types -flegacy-macro-expansion -spirv -main dir/name.hlsl
//! -max-include-depth N -max-expanded-tokens N -max-source-size N`.
//!
//! Besides the snapshot, `check` asserts two invariants on every fixture:
//! - printing without `#line` markers and lexing again gives the same tokens;
//! - printing with markers and preprocessing again gives the same tokens, and each token that
//!   started a line keeps its presumed file and line (unless the fixture reports errors);
//!
//! and, when the fixture contains an `#ifdef EXPECTED` block (up to the file's last `#endif`),
//! that the output tokens are exactly the tokens of that block (used for the C standard's
//! examples).

use hlslc_grammar::diagnostic::{has_errors, render_all};
use hlslc_grammar::lexer::{self, TokenKind};
use hlslc_grammar::preprocessor::{
    preprocess, print_preprocessed, print_preprocessed_with, MemoryResolver, PreprocessOptions, Preprocessed,
    PrintOptions, ProfileStage,
};
use hlslc_grammar::source::SourceMap;
use std::fmt::Write;
use std::path::Path;

#[test]
fn fixtures() {
    insta::glob!("fixtures/preprocess/*.hlsl", check);
}

fn check(path: &Path) {
    let dir = path.parent().unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let (options, main) = parse_args(&text, path.file_name().unwrap().to_str().unwrap());
    let mut resolver = resolver_for(dir);
    let mut map = SourceMap::new();
    let pp = preprocess(&mut map, &main, &text, &options, &mut resolver);
    let printed = print_preprocessed(&pp, &map);

    check_relex(&pp, &map);
    if !has_errors(&pp.diagnostics) {
        check_reprocess(&pp, &map, &printed, &options);
    }
    if let Some(expected) = expected_block(&text) {
        let want = lex_texts(&expected);
        let got: Vec<(TokenKind, String)> =
            pp.tokens.iter().map(|t| (t.kind, pp.interner.resolve(t.text).to_string())).collect();
        assert_eq!(got, want, "output differs from the EXPECTED block of {}", path.display());
    }

    let mut snapshot = format!("---- output ----\n{printed}---- diagnostics ----\n");
    snapshot.push_str(&render_all(&pp.diagnostics, &map));
    if pp.files_read.len() > 1 {
        let _ = writeln!(snapshot, "---- files read ----\n{}", pp.files_read.join("\n"));
    }
    if !pp.warning_pragmas.is_empty() {
        snapshot.push_str("---- warning pragmas ----\n");
        for w in &pp.warning_pragmas {
            let _ = writeln!(snapshot, "{} {:?}", w.action, w.warnings);
        }
    }
    insta::assert_snapshot!(snapshot);
}

/// Options from a first line `// args: …`, and the main file's name.
fn parse_args(text: &str, file_name: &str) -> (PreprocessOptions, String) {
    let mut options = PreprocessOptions::default();
    let mut main = file_name.to_string();
    let Some(args) = text.lines().next().and_then(|l| l.trim().strip_prefix("// args:")) else {
        return (options, main);
    };
    let mut words = args.split_whitespace();
    while let Some(w) = words.next() {
        let mut value = |flag: &str| -> String {
            match w.strip_prefix(flag).filter(|rest| !rest.is_empty() && w != flag) {
                Some(rest) => rest.to_string(),
                None => words.next().expect("flag value").to_string(),
            }
        };
        match w {
            _ if w.starts_with("-D") => {
                let d = value("-D");
                let (name, v) = match d.split_once('=') {
                    Some((n, v)) => (n.to_string(), Some(v.to_string())),
                    None => (d, None),
                };
                options.defines.push((name, v));
            }
            _ if w.starts_with("-U") => options.undefines.push(value("-U")),
            "-HV" => options.hlsl_version = value("-HV").parse().unwrap(),
            "-T" => {
                let profile = value("-T");
                let parts: Vec<&str> = profile.split('_').collect();
                options.stage = Some(match parts[0] {
                    "ps" => ProfileStage::Pixel,
                    "vs" => ProfileStage::Vertex,
                    "gs" => ProfileStage::Geometry,
                    "hs" => ProfileStage::Hull,
                    "ds" => ProfileStage::Domain,
                    "cs" => ProfileStage::Compute,
                    "lib" => ProfileStage::Library,
                    "ms" => ProfileStage::Mesh,
                    "as" => ProfileStage::Amplification,
                    other => panic!("unknown stage {other}"),
                });
                options.shader_model = (parts[1].parse().unwrap(), parts[2].parse().unwrap());
            }
            "-enable-16bit-types" => options.enable_16bit_types = true,
            "-flegacy-macro-expansion" => options.legacy_macro_expansion = true,
            "-spirv" => options.spirv = true,
            "-main" => main = value("-main"),
            "-max-include-depth" => options.max_include_depth = value("-max-include-depth").parse().unwrap(),
            "-max-expanded-tokens" => options.max_expanded_tokens = value("-max-expanded-tokens").parse().unwrap(),
            "-max-source-size" => options.max_source_size = value("-max-source-size").parse().unwrap(),
            _ if w.starts_with("-I") => options.include_dirs.push(value("-I")),
            other => panic!("unknown fixture argument {other}"),
        }
    }
    (options, main)
}

/// Every file under `dir`, by path relative to it.
fn resolver_for(dir: &Path) -> MemoryResolver {
    fn walk(root: &Path, dir: &Path, resolver: &mut MemoryResolver) {
        let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(root, &path, resolver);
            } else if let Ok(text) = std::fs::read_to_string(&path) {
                let rel = path.strip_prefix(root).unwrap().to_str().unwrap().replace('\\', "/");
                resolver.files.push((rel, text.into()));
            }
        }
    }
    let mut resolver = MemoryResolver::new();
    walk(dir, dir, &mut resolver);
    resolver
}

fn lex_texts(text: &str) -> Vec<(TokenKind, String)> {
    lexer::lex(text)
        .into_iter()
        .filter(|t| t.kind != TokenKind::Newline)
        .map(|t| (t.kind, text[t.start as usize..t.end as usize].to_string()))
        .collect()
}

/// Printing without markers and lexing again gives the same tokens.
fn check_relex(pp: &Preprocessed, map: &SourceMap) {
    let unprintable = |k: TokenKind| {
        matches!(k, TokenKind::PragmaRowMajor | TokenKind::PragmaColumnMajor | TokenKind::UnterminatedString)
    };
    if pp.tokens.iter().any(|t| unprintable(t.kind)) {
        return;
    }
    let plain = print_preprocessed_with(pp, map, &PrintOptions { line_markers: false });
    let want: Vec<(TokenKind, String)> =
        pp.tokens.iter().map(|t| (t.kind, pp.interner.resolve(t.text).to_string())).collect();
    assert_eq!(lex_texts(&plain), want, "re-lexing the printed output changed the tokens:\n{plain}");
}

/// Printing with markers and preprocessing again gives the same tokens on the same lines.
fn check_reprocess(pp: &Preprocessed, map: &SourceMap, printed: &str, options: &PreprocessOptions) {
    if pp.tokens.iter().any(|t| matches!(t.kind, TokenKind::Hash | TokenKind::HashHash | TokenKind::UnterminatedString))
    {
        return;
    }
    let mut map2 = SourceMap::new();
    let options = PreprocessOptions { defines: Vec::new(), undefines: Vec::new(), ..options.clone() };
    let again = preprocess(&mut map2, "printed.hlsl", printed, &options, &mut MemoryResolver::new());
    let texts = |p: &Preprocessed| -> Vec<(TokenKind, String)> {
        p.tokens.iter().map(|t| (t.kind, p.interner.resolve(t.text).to_string())).collect()
    };
    assert_eq!(texts(&again), texts(pp), "preprocessing the printed output changed the tokens:\n{printed}");
    for (a, b) in pp.tokens.iter().zip(&again.tokens) {
        if a.line_start {
            let (la, lb) = (map.location(a.span).unwrap(), map2.location(b.span).unwrap());
            assert_eq!((la.name, la.line), (lb.name, lb.line), "line marker mismatch in:\n{printed}");
        }
    }
}

/// The text between `#ifdef EXPECTED` and the last `#endif`.
fn expected_block(text: &str) -> Option<String> {
    let start = text.find("#ifdef EXPECTED\n")? + "#ifdef EXPECTED\n".len();
    let end = text.rfind("#endif")?;
    Some(text[start..end].to_string())
}
