//! Parser snapshot tests: one fixture per construct.
//!
//! - `fixtures/parse/ok/<construct>/<case>.hlsl` must parse without errors; the snapshot is the
//!   AST dump (and the warnings, if any).
//! - `fixtures/parse/err/<construct>/<what_is_wrong>.hlsl` must produce at least one error;
//!   the snapshot is the AST dump (with its `Error` nodes) and the rendered diagnostics.
//!
//! Every fixture is also checked structurally: parser tokens have increasing spans and every
//! node's span lies inside its parent's.
//!
//! Regenerate snapshots with `INSTA_UPDATE=always cargo test -p hlslc-grammar --test parse`
//! (or `cargo insta test -p hlslc-grammar --test parse` and `cargo insta review`), and read
//! every changed `.snap` file before committing it. `INSTA_GLOB_FILTER=ok/expression/**` runs
//! a subset.

use hlslc_grammar::diagnostic::render_all;
use hlslc_grammar::parser::{adapter, depth, dump, parse_source};
use hlslc_grammar::preprocessor::{preprocess, MemoryResolver, PreprocessOptions};
use hlslc_grammar::source::SourceMap;
use std::path::Path;

#[derive(PartialEq)]
enum Expect {
    Ok,
    Errors,
}

#[track_caller]
fn check(path: &Path, expect: Expect) {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy();
    let (map, unit, diagnostics) = parse_source(&name, &text);
    let rendered = render_all(&diagnostics, &map);

    // Structure: tokens in order, children inside parents.
    let mut map2 = SourceMap::new();
    let pre = preprocess(&mut map2, &name, &text, &PreprocessOptions::default(), &mut MemoryResolver::new());
    // (A `#pragma pack_matrix` inside a declaration is moved before or after it, out of order.)
    let tokens: Vec<_> = adapter::adapt(&pre).tokens.into_iter().filter(|t| !matches!(t.1, adapter::Token::PackMatrix(_))).collect();
    for pair in tokens.windows(2) {
        assert!(pair[0].0 <= pair[0].2, "{}: token with reversed span {:?}", path.display(), pair[0]);
        // Tokens produced by macro expansions live in their own regions of the offset space;
        // the order check applies to tokens of the file itself.
        let in_file = |t: u32| map2.file_at(t).is_some();
        if in_file(pair[0].0) && in_file(pair[1].0) {
            assert!(pair[0].2 <= pair[1].0, "{}: tokens out of order: {:?} then {:?}", path.display(), pair[0], pair[1]);
        }
    }
    // Spans of macro-expanded tokens lie in expansion regions, outside their parents' file
    // ranges; the nesting check applies to files without macros.
    if tokens.iter().all(|t| map2.file_at(t.0).is_some()) {
        let violations = depth::span_violations(&unit);
        assert!(violations.is_empty(), "{}:\n{}", path.display(), violations.join("\n"));
    }

    let mut out = dump::translation_unit(&unit, &map);
    let has_errors = diagnostics.iter().any(|d| d.is_error());
    match expect {
        Expect::Ok => assert!(!has_errors, "{} should parse cleanly:\n{rendered}", path.display()),
        Expect::Errors => assert!(has_errors, "{} should report an error", path.display()),
    }
    if !diagnostics.is_empty() {
        out.push_str("\n--- diagnostics ---\n");
        out.push_str(&rendered);
    }
    let snapshot = if expect == Expect::Ok { "ok" } else { "err" };
    insta::with_settings!({ description => text.trim_end(), omit_expression => true }, {
        insta::assert_snapshot!(snapshot, out);
    });
}

#[test]
fn ok() {
    insta::glob!("fixtures/parse/ok/**/*.hlsl", |path| check(path, Expect::Ok));
}

#[test]
fn err() {
    insta::glob!("fixtures/parse/err/**/*.hlsl", |path| check(path, Expect::Errors));
}
