//! Parser tests that are not one-fixture snapshots: nesting limits on a small stack, a
//! mutation smoke test over the fixtures, tokens only the preprocessor produces
//! (`#pragma pack_matrix`), and the public API.

use hlslc_grammar::ast::{ExprKind, ItemKind, StmtKind};
use hlslc_grammar::lexer::TokenKind;
use hlslc_grammar::parser::{dump, parse, parse_source, ParseOptions};
use hlslc_grammar::preprocessor::Preprocessed;
use hlslc_grammar::source::{FileKind, SourceMap, Span};
use hlslc_grammar::token::PpToken;
use std::path::{Path, PathBuf};

/// Runs `f` on a thread with a 2 MiB stack, the default of spawned threads, so that a deep
/// recursion anywhere fails the test instead of passing on the larger main-thread stack.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new().stack_size(2 << 20).spawn(f).unwrap().join().expect("parser thread panicked")
}

fn codes(source: String) -> (usize, Vec<&'static str>) {
    let (map, unit, diagnostics) = parse_source("deep.hlsl", &source);
    // Dumping walks the whole tree recursively: it must stay shallow enough too.
    let _ = dump::translation_unit(&unit, &map);
    (unit.items.len(), diagnostics.iter().map(|d| d.code).collect())
}

#[test]
fn nesting_10_000_parentheses() {
    let (_, codes) = on_small_stack(|| codes(format!("float x = {}1{};", "(".repeat(10_000), ")".repeat(10_000))));
    assert_eq!(codes, ["E0902"]);
}

#[test]
fn nesting_100_000_parentheses() {
    let (_, codes) = on_small_stack(|| codes(format!("float x = {}1{};", "(".repeat(100_000), ")".repeat(100_000))));
    assert_eq!(codes, ["E0902"]);
}

#[test]
fn nesting_10_000_blocks() {
    let (items, codes) =
        on_small_stack(|| codes(format!("float ok;\nvoid f() {}{}", "{".repeat(10_000), "}".repeat(10_000))));
    assert_eq!(codes, ["E0902"]);
    assert_eq!(items, 1, "the declaration before the deep one is kept");
}

#[test]
fn chain_of_100_000_terms() {
    let (items, codes) =
        on_small_stack(|| codes(format!("float ok;\nfloat x = a{};\nfloat after;", " + a".repeat(100_000))));
    assert_eq!(codes, ["E0903"]);
    assert_eq!(items, 3, "the deep declaration becomes an error item, the others stay");
}

#[test]
fn else_if_ladder_of_10_000() {
    let body = "if (a) x = 1; else ".repeat(10_000);
    let (_, codes) = on_small_stack(move || codes(format!("void f(int a) {{ int x; {body} x = 0; }}")));
    assert_eq!(codes, ["E0903"]);
}

#[test]
fn prefix_operators_100_000_deep() {
    let (_, codes) = on_small_stack(|| codes(format!("float x = {}1;", "- ".repeat(100_000))));
    assert_eq!(codes, ["E0903"]);
}

#[test]
fn a_leaf_exactly_past_the_depth_limit_is_reported() {
    // Declaration (1), variable (2), declarator (3), then one level per `-`: the literal
    // is at depth 4 + k, a leaf the depth walk checks where it finds it.
    let deep = |k: usize| on_small_stack(move || codes(format!("float x = {}1;", "- ".repeat(k)))).1;
    assert!(deep(1020).is_empty(), "{:?}", deep(1020));
    assert_eq!(deep(1021), ["E0903"]);
}

#[test]
fn a_chain_below_the_limit_parses() {
    let (_, codes) = on_small_stack(|| codes(format!("float x = a{};", " + a".repeat(1000))));
    assert!(codes.is_empty(), "{codes:?}");
}

#[test]
fn pack_matrix_pragma_tokens_become_items() {
    // The preprocessor turns `#pragma pack_matrix(row_major)` into a `PragmaRowMajor` token at
    // the pragma's place; build such a stream by hand.
    let text = "P float4x4 a; Q float4x4 b;";
    let mut map = SourceMap::new();
    let file = map.add_file("pragma.hlsl", text, FileKind::File, None).unwrap();
    let base = map.file(file).base;
    let mut pre = Preprocessed::default();
    for t in hlslc_grammar::lexer::lex(text) {
        let word = &text[t.start as usize..t.end as usize];
        let kind = match word {
            "P" => TokenKind::PragmaRowMajor,
            "Q" => TokenKind::PragmaColumnMajor,
            _ => t.kind,
        };
        let sym = pre.interner.intern(word);
        pre.tokens.push(PpToken {
            kind,
            text: sym,
            span: Span::new(base + t.start, base + t.end),
            leading_space: true,
            line_start: false,
        });
    }
    let (unit, diagnostics) = parse(&pre, &map, &ParseOptions { hlsl_version: 2021 });
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let kinds: Vec<_> = unit.items.iter().map(|i| &i.kind).collect();
    assert!(matches!(kinds[0], ItemKind::PackMatrix { row_major: true }));
    assert!(matches!(kinds[1], ItemKind::Variable(_)));
    assert!(matches!(kinds[2], ItemKind::PackMatrix { row_major: false }));
    insta::assert_snapshot!(dump::translation_unit(&unit, &map), @r"
    PackMatrix @1:1 row_major
    Variable @1:3 float4x4
      a @1:12
    PackMatrix @1:15 column_major
    Variable @1:17 float4x4
      b @1:26
    ");
}

#[test]
fn unknown_escape_is_a_warning() {
    let (_, unit, diagnostics) = parse_source("esc.hlsl", r#"string s = "a\qb";"#);
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0].code, "W0201");
    assert!(!diagnostics[0].is_error());
    assert_eq!(unit.items.len(), 1);
}

#[test]
fn every_node_carries_a_span_and_literals_their_values() {
    let (_, unit, diagnostics) = parse_source("t.hlsl", "void f() { return 0x10u + 2.5h; }");
    assert!(diagnostics.is_empty());
    let ItemKind::Function(f) = &unit.items[0].kind else { panic!() };
    let StmtKind::Return(Some(e)) = &f.body.as_ref().unwrap().stmts[0].kind else { panic!() };
    let ExprKind::Binary { lhs, rhs, .. } = &e.kind else { panic!() };
    assert!(!lhs.span.is_empty() && !rhs.span.is_empty() && lhs.span.end <= rhs.span.start);
    assert_eq!(dump::expression(e), "(+ #16u 2.5h)");
}

#[test]
fn syntax_errors_are_capped() {
    let source = "void f() {\n".to_string() + &"x = = 1;\n".repeat(500) + "}\n";
    let (_, _, diagnostics) = parse_source("many.hlsl", &source);
    assert_eq!(diagnostics.len(), hlslc_grammar::parser::MAX_SYNTAX_ERRORS + 1);
    assert_eq!(diagnostics.last().unwrap().message, "too many syntax errors, stopping here");
}

// ---------------------------------------------------------------------------------------------
// Mutation smoke test: ~10 000 broken variants of the fixtures, none may panic.
// ---------------------------------------------------------------------------------------------

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn fixtures() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "hlsl") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/parse"), &mut out);
    out.sort();
    out
}

/// Splits text into rough tokens (words, numbers, single punctuation, whitespace runs).
fn rough_tokens(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut prev_class = 0;
    for c in text.chars() {
        let class = if c.is_alphanumeric() || c == '_' || c == '.' {
            1
        } else if c.is_whitespace() {
            2
        } else {
            3
        };
        if class == prev_class && class != 3 {
            out.last_mut().unwrap().push(c);
        } else {
            out.push(c.to_string());
        }
        prev_class = class;
    }
    out
}

const PUNCTUATION: &[&str] = &[
    "(", ")", "{", "}", "[", "]", ";", ",", "<", ">", ">>", "::", ":", "=", "?", ".", "+", "-", "*", "/", "&&", "#",
    "@", "\"", "'", "template", "struct", "float4", "if", "else", "0x", "1e", "\\", "/*",
];

#[test]
fn ten_thousand_mutated_fixtures_never_panic() {
    let sources: Vec<Vec<String>> = fixtures()
        .iter()
        .map(|p| rough_tokens(&std::fs::read_to_string(p).unwrap()))
        .filter(|t| t.len() < 2000)
        .collect();
    assert!(sources.len() > 100);
    on_small_stack(move || {
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
        for round in 0..10_000 {
            let mut toks = sources[round % sources.len()].clone();
            for _ in 0..1 + rng.below(4) {
                let i = rng.below(toks.len());
                match rng.below(5) {
                    0 if !toks.is_empty() => {
                        toks.remove(i);
                    }
                    1 if !toks.is_empty() => {
                        let t = toks[i].clone();
                        toks.insert(i, t);
                    }
                    2 if toks.len() > 1 => {
                        let j = rng.below(toks.len());
                        toks.swap(i, j);
                    }
                    _ => toks.insert(i, PUNCTUATION[rng.below(PUNCTUATION.len())].to_string()),
                }
            }
            let text = toks.concat();
            let (map, unit, diagnostics) = parse_source("mutant.hlsl", &text);
            let _ = dump::translation_unit(&unit, &map);
            let _ = hlslc_grammar::diagnostic::render_all(&diagnostics, &map);
        }
    });
}
