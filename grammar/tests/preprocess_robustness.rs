//! Adversarial inputs: each must end with a diagnostic (or a clean result), never a panic, a
//! hang or a stack overflow. The tests run on the default 2 MiB test-thread stack, and use the
//! default limits unless a test says otherwise; they do not assert on time.

use hlslc_grammar::diagnostic::render_all;
use hlslc_grammar::lexer::TokenKind;
use hlslc_grammar::preprocessor::{
    preprocess, print_preprocessed, IncludeResolver, MemoryResolver, PreprocessOptions, Preprocessed,
};
use hlslc_grammar::source::SourceMap;
use std::fmt::Write;
use std::sync::Arc;

fn run_with(text: &str, options: &PreprocessOptions, resolver: &mut dyn IncludeResolver) -> (Preprocessed, SourceMap) {
    let mut map = SourceMap::new();
    let pp = preprocess(&mut map, "main.hlsl", text, options, resolver);
    // Rendering and printing must not panic either (rendering thousands of diagnostics on one
    // long line is the driver's problem, not tested here).
    if pp.diagnostics.len() < 100 {
        let _ = render_all(&pp.diagnostics, &map);
    }
    let _ = print_preprocessed(&pp, &map);
    (pp, map)
}

fn run(text: &str) -> (Preprocessed, SourceMap) {
    run_with(text, &PreprocessOptions::default(), &mut MemoryResolver::new())
}

fn codes(pp: &Preprocessed) -> Vec<&'static str> {
    pp.diagnostics.iter().map(|d| d.code).collect()
}

fn texts(pp: &Preprocessed) -> Vec<&str> {
    pp.tokens.iter().map(|t| pp.interner.resolve(t.text)).collect()
}

#[test]
fn exponential_macro_chain_hits_the_token_limit() {
    let mut src = String::from("#define A0 x\n");
    for i in 1..=40 {
        let _ = writeln!(src, "#define A{i} A{} A{}", i - 1, i - 1);
    }
    src.push_str("A40\nnot_reached\n");
    let (pp, _) = run(&src);
    assert_eq!(codes(&pp), ["E0122"]);
    assert!(!texts(&pp).contains(&"not_reached"));
}

#[test]
fn exponential_arguments_hit_the_token_limit() {
    let mut src = String::from("#define F(x) x x\n");
    src.push_str(&"F(".repeat(40));
    src.push('y');
    src.push_str(&")".repeat(40));
    let (pp, _) = run(&src);
    assert_eq!(codes(&pp), ["E0122"]);
}

#[test]
fn deeply_nested_parentheses_in_if() {
    for (open, close) in [("(", ")"), ("-", ""), ("!", ""), ("1 ? ", " : 0")] {
        let src = format!("#if {}1{}\n#endif\nafter\n", open.repeat(100_000), close.repeat(100_000));
        let (pp, _) = run(&src);
        assert_eq!(codes(&pp), ["E0117"], "operator {open}");
        assert_eq!(texts(&pp), ["after"]);
    }
}

#[test]
fn deeply_nested_macro_arguments() {
    // Moderately deep: the argument nesting limit.
    let src = format!("#define F(x) x\n{}1{}\n", "F(".repeat(1_000), ")".repeat(1_000));
    let (pp, _) = run(&src);
    assert_eq!(codes(&pp), ["E0123"]);
    // Very deep: pre-expanding the huge arguments exhausts the expansion budget first.
    let src = format!("#define F(x) x\n{}1{}\n", "F(".repeat(100_000), ")".repeat(100_000));
    let (pp, _) = run(&src);
    assert_eq!(codes(&pp), ["E0122"]);
}

#[test]
fn long_chain_of_macros() {
    let mut src = String::from("#define M0 end\n");
    for i in 1..20_000 {
        let _ = writeln!(src, "#define M{i} M{}", i - 1);
    }
    src.push_str("M19999\n");
    let (pp, _) = run(&src);
    assert_eq!(codes(&pp), ["E0123"]);
    // A shorter chain is fine.
    let (pp, _) = run(&src.replace("M19999\n", "M5000\n"));
    assert_eq!(texts(&pp), ["end"]);
}

#[test]
fn long_runs_of_operators_and_parameters() {
    // One error each, up to the cap on diagnostics.
    let (pp, _) = run(&"_Pragma ".repeat(100_000));
    assert_eq!(pp.diagnostics.len(), 10_001);
    assert!(pp.diagnostics[..10_000].iter().all(|d| d.code == "E0127"));
    assert_eq!(pp.diagnostics[10_000].code, "E0130");
    let params: Vec<String> = (0..50_000).map(|i| format!("p{i}")).collect();
    let src = format!("#define F({}) {}\nF({})\n", params.join(", "), params.join(" "), params.join(","));
    let (pp, _) = run(&src);
    assert!(pp.diagnostics.is_empty());
    assert_eq!(pp.tokens.len(), 50_000);
    let (pp, _) = run(&format!("#if {}1\n#endif\n", "1 + ".repeat(100_000)));
    assert!(pp.diagnostics.is_empty());
}

#[test]
fn deep_include_chain_stops_at_200() {
    let mut resolver = MemoryResolver::new();
    for i in 0..300 {
        resolver = resolver.with_file(format!("f{i}.hlsli"), format!("#include \"f{}.hlsli\"\n", i + 1));
    }
    let (pp, _) = run_with("#include \"f0.hlsli\"\n", &PreprocessOptions::default(), &mut resolver);
    assert_eq!(codes(&pp), ["E0114"]);
}

#[test]
fn include_cycles_are_errors() {
    let mut resolver = MemoryResolver::new()
        .with_file("a.hlsli", "#include \"b.hlsli\"\n")
        .with_file("b.hlsli", "#include \"a.hlsli\"\n#include \"a.hlsli\"\n")
        .with_file("self.hlsli", "#include \"self.hlsli\"\n#include \"self.hlsli\"\n");
    for main in ["#include \"a.hlsli\"\n", "#include \"self.hlsli\"\n"] {
        let (pp, _) = run_with(main, &PreprocessOptions::default(), &mut resolver);
        assert_eq!(codes(&pp), ["E0115"], "{main}");
    }
}

#[test]
fn unguarded_repeated_includes_are_bounded() {
    let mut resolver = MemoryResolver::new().with_file("x.hlsli", "x\n");
    let main = "#include \"x.hlsli\"\n".repeat(70_000);
    let (pp, _) = run_with(&main, &PreprocessOptions::default(), &mut resolver);
    assert_eq!(codes(&pp), ["E0129"]);
}

#[test]
fn source_size_is_bounded() {
    let options = PreprocessOptions { max_source_size: 1000, ..Default::default() };
    let mut resolver = MemoryResolver::new().with_file("big.hlsli", "x ".repeat(1000));
    let (pp, _) = run_with("#include \"big.hlsli\"\n", &options, &mut resolver);
    assert_eq!(codes(&pp), ["E0125"]);
    let (pp, _) = run_with(&"y ".repeat(1000), &options, &mut MemoryResolver::new());
    assert_eq!(codes(&pp), ["E0125"]);
    assert!(pp.tokens.is_empty());
}

#[test]
fn deep_if_nesting_is_bounded() {
    let src = "#if 1\n".repeat(10_000);
    let (pp, _) = run(&src);
    assert_eq!(codes(&pp), ["E0124"]);
    // Nesting below the limit reports each unterminated conditional.
    let (pp, _) = run(&"#if 1\n".repeat(3));
    assert_eq!(codes(&pp), ["E0101", "E0101", "E0101"]);
}

#[test]
fn unterminated_constructs() {
    let (pp, _) = run("a /* no end\nb\n");
    assert_eq!((codes(&pp), texts(&pp)), (vec!["E0126"], vec!["a"]));
    let (pp, _) = run("s = \"no end\nt\n");
    assert_eq!(codes(&pp), ["W0109"]);
    assert_eq!(pp.tokens[2].kind, TokenKind::UnterminatedString);
    let (pp, _) = run("#if 1\n#else\n");
    assert_eq!(codes(&pp), ["E0101"]);
    let (pp, _) = run("#define F(x) x\nF(1, (2\n");
    assert_eq!(codes(&pp), ["E0109"]);
    let (pp, _) = run("#define F(x) x\nF");
    assert_eq!(texts(&pp), ["F"]);
    let (pp, _) = run("#");
    assert!(pp.diagnostics.is_empty() && pp.tokens.is_empty());
    let (pp, _) = run("#define");
    assert_eq!(codes(&pp), ["E0105"]);
}

#[test]
fn nul_crlf_and_bom() {
    let (pp, _) = run("\u{feff}#define X 1\r\nint\0 x = X;\r\n#if X \\\r\n  == 1\r\nok\r\n#endif\r\nline __LINE__\r\n");
    assert_eq!(codes(&pp), ["W0106"]);
    assert_eq!(texts(&pp), ["int", "x", "=", "1", ";", "ok", "line", "7"]);
}

#[test]
fn empty_and_whitespace_only_inputs() {
    for src in ["", "\n", "\r\n", "   ", "\u{feff}", "\\\n", "//", "/**/"] {
        let (pp, _) = run(src);
        assert!(pp.tokens.is_empty() && pp.diagnostics.is_empty(), "{src:?}");
    }
}

/// A resolver that fails like a sandbox refusing a path.
struct Sandbox;

impl IncludeResolver for Sandbox {
    fn load(&mut self, path: &str) -> Result<Option<(String, Arc<str>)>, String> {
        if path.starts_with("..") {
            Err("path is outside the sandbox".to_string())
        } else {
            Ok(Some((path.to_string(), Arc::from("inside\n"))))
        }
    }
}

#[test]
fn resolver_errors_are_diagnostics() {
    let (pp, map) =
        run_with("#include \"ok.hlsli\"\n#include \"../secret.hlsli\"\n", &PreprocessOptions::default(), &mut Sandbox);
    assert_eq!(codes(&pp), ["E0113"]);
    assert_eq!(texts(&pp), ["inside"]);
    assert!(render_all(&pp.diagnostics, &map).contains("path is outside the sandbox"));
}
