//! Properties of the preprocessor's API that snapshots do not show: spans in the source map,
//! the include-guard fast path, resolver traffic, path helpers and the printer's token
//! separation.

use hlslc_grammar::lexer::{self, TokenKind};
use hlslc_grammar::preprocessor::{
    join_path, normalize_path, preprocess, print_preprocessed_with, IncludeResolver, MemoryResolver, PreprocessOptions,
    Preprocessed, PrintOptions,
};
use hlslc_grammar::source::SourceMap;
use std::sync::Arc;

fn run(text: &str, resolver: &mut dyn IncludeResolver) -> (Preprocessed, SourceMap) {
    let mut map = SourceMap::new();
    let pp = preprocess(&mut map, "main.hlsl", text, &PreprocessOptions::default(), resolver);
    (pp, map)
}

fn texts(pp: &Preprocessed) -> Vec<&str> {
    pp.tokens.iter().map(|t| pp.interner.resolve(t.text)).collect()
}

/// Counts resolver calls per path.
struct Counting {
    inner: MemoryResolver,
    calls: Vec<String>,
}

impl IncludeResolver for Counting {
    fn load(&mut self, path: &str) -> Result<Option<(String, Arc<str>)>, String> {
        self.calls.push(path.to_string());
        self.inner.load(path)
    }
}

#[test]
fn guarded_and_once_files_are_entered_once() {
    let mut resolver = Counting {
        inner: MemoryResolver::new()
            .with_file("g.hlsli", "// guard\n#ifndef G\n#define G\nint g;\n#endif\n")
            .with_file("o.hlsli", "#pragma once\nint o;\n")
            .with_file("u.hlsli", "#ifndef U\n#define U\n#endif\nint u;\n"),
        calls: Vec::new(),
    };
    let main = "#include \"g.hlsli\"\n#include \"g.hlsli\"\n#include \"o.hlsli\"\n#include \"o.hlsli\"\n\
                #include \"u.hlsli\"\n#include \"u.hlsli\"\n#include \"g.hlsli\"\n";
    let (pp, map) = run(main, &mut resolver);
    assert_eq!(texts(&pp), ["int", "g", ";", "int", "o", ";", "int", "u", ";", "int", "u", ";"]);
    let entered = |name: &str| map.files().filter(|(_, f)| f.name == name).count();
    assert_eq!((entered("g.hlsli"), entered("o.hlsli"), entered("u.hlsli")), (1, 1, 2));
    // The resolver is asked once per path, however often it is included.
    assert_eq!(resolver.calls, ["g.hlsli", "o.hlsli", "u.hlsli"]);
    assert_eq!(pp.files_read, ["main.hlsl", "g.hlsli", "o.hlsli", "u.hlsli"]);
}

#[test]
fn expanded_tokens_resolve_to_the_invocation() {
    let src = "#define ONE 1\n#define TWO ONE + ONE\n#define F(a, b) a - b\nint x = TWO;\nint y = F(TWO, 3);\n";
    let (pp, map) = run(src, &mut MemoryResolver::new());
    assert_eq!(texts(&pp), ["int", "x", "=", "1", "+", "1", ";", "int", "y", "=", "1", "+", "1", "-", "3", ";"]);
    let main = map.files().find(|(_, f)| f.name == "main.hlsl").unwrap().0;
    let snippet = |i: usize| {
        let r = map.resolve(pp.tokens[i].span).unwrap();
        assert_eq!(r.file, main);
        &map.file(main).text[r.range]
    };
    assert_eq!(snippet(1), "x");
    assert_eq!(snippet(3), "TWO");
    assert_eq!(snippet(4), "TWO");
    assert_eq!(snippet(10), "F(TWO, 3)");
    assert_eq!(snippet(14), "F(TWO, 3)");
    // Innermost first: `ONE`, then `TWO`, with the spans of their names in the `#define`s.
    let chain = map.expansion_chain(pp.tokens[3].span.start);
    let names: Vec<&str> = chain.iter().map(|e| e.macro_name.as_str()).collect();
    assert_eq!(names, ["ONE", "TWO"]);
    assert_eq!(map.snippet(chain[0].definition), Some("ONE"));
    assert_eq!(map.snippet(chain[1].definition), Some("TWO"));
    // Tokens from an argument are part of the outer expansion.
    let chain = map.expansion_chain(pp.tokens[10].span.start);
    assert_eq!(chain.iter().map(|e| e.macro_name.as_str()).collect::<Vec<_>>(), ["F"]);
}

#[test]
fn stringized_pasted_and_builtin_tokens_have_spans() {
    let src = "#define S(x) #x\n#define P(a, b) a ## b\nS(hi) P(x, y) __LINE__\n";
    let (pp, map) = run(src, &mut MemoryResolver::new());
    assert_eq!(texts(&pp), ["\"hi\"", "xy", "3"]);
    for (t, expected) in pp.tokens.iter().zip(["S(hi)", "P(x, y)", "__LINE__"]) {
        assert_eq!(map.snippet(t.span), Some(expected));
    }
    let builtin = map.expansion_chain(pp.tokens[2].span.start);
    assert!(builtin[0].definition.is_undefined());
}

#[test]
fn pack_matrix_tokens_keep_their_place() {
    let src = "float4x4 a;\n#pragma pack_matrix(row_major)\nfloat4x4 b;\n#pragma pack_matrix(column_major)\n";
    let (pp, _) = run(src, &mut MemoryResolver::new());
    let kinds: Vec<TokenKind> = pp.tokens.iter().map(|t| t.kind).collect();
    assert_eq!(kinds[3], TokenKind::PragmaRowMajor);
    assert_eq!(kinds[7], TokenKind::PragmaColumnMajor);
    assert_eq!(kinds.len(), 8);
}

#[test]
fn command_line_values_stop_at_a_newline() {
    let options = PreprocessOptions {
        defines: vec![("A".into(), Some("1\n#error injected".into())), ("B".into(), None)],
        ..Default::default()
    };
    let mut map = SourceMap::new();
    let pp = preprocess(&mut map, "main.hlsl", "A B\n", &options, &mut MemoryResolver::new());
    assert_eq!(texts(&pp), ["1", "1"]);
    assert!(pp.diagnostics.is_empty());
}

#[test]
fn paths_are_joined_and_normalised_textually() {
    assert_eq!(join_path("", "a.hlsl"), "a.hlsl");
    assert_eq!(join_path("shaders", "common/x.hlsli"), "shaders/common/x.hlsli");
    assert_eq!(join_path("shaders/sub", "../x.hlsli"), "shaders/x.hlsli");
    assert_eq!(join_path("shaders", "../../x.hlsli"), "../x.hlsli");
    assert_eq!(join_path("a", "/abs/x.hlsli"), "/abs/x.hlsli");
    assert_eq!(join_path("a", "C:\\inc\\x.hlsli"), "C:/inc/x.hlsli");
    assert_eq!(normalize_path("./a//b/./c/.."), "a/b");
    assert_eq!(normalize_path("/../x"), "/x");
    assert_eq!(normalize_path("dir\\sub\\..\\f.h"), "dir/f.h");
}

/// Every pair of these spellings, produced adjacent with no whitespace, must print so that it
/// lexes back as the same two tokens.
#[test]
fn printing_never_glues_tokens() {
    let spellings = [
        "+", "++", "+=", "-", "--", "-=", "->", "*", "*=", "/", "/=", "%", "%=", "<", "<<", "<=", "<<=", ">", ">>",
        ">=", ">>=", "=", "==", "!", "!=", "&", "&&", "&=", "|", "||", "|=", "^", "^=", "~", "?", ":", "::", ";", ".",
        "[", "]", "{", "}", "#", "##", "x", "e", "_1", "1", "1.", ".5", "1e", "0x1", "\"s\"", "'c'", "@",
    ];
    let mut src = String::from("#define ID(x) x\n");
    for a in spellings {
        for b in spellings {
            src.push_str(&format!("ID({a})ID({b})\n"));
        }
    }
    let (pp, map) = run(&src, &mut MemoryResolver::new());
    assert!(pp.diagnostics.is_empty());
    assert_eq!(pp.tokens.len(), 2 * spellings.len() * spellings.len());
    let printed = print_preprocessed_with(&pp, &map, &PrintOptions { line_markers: false });
    let relexed: Vec<(TokenKind, &str)> = lexer::lex(&printed)
        .into_iter()
        .filter(|t| t.kind != TokenKind::Newline)
        .map(|t| (t.kind, &printed[t.start as usize..t.end as usize]))
        .collect();
    let original: Vec<(TokenKind, &str)> = pp.tokens.iter().map(|t| (t.kind, pp.interner.resolve(t.text))).collect();
    assert_eq!(relexed, original);
}

#[test]
fn builtin_dxgi_header_is_found_when_no_file_is_and_never_shadows_one() {
    let main = "#include \"include/D3DX_DXGIFormatConvert.inl\"\n#include <d3dx_dxgiformatconvert.inl>\nint after;\n";
    let (pp, map) = run(main, &mut MemoryResolver::new());
    assert!(pp.diagnostics.is_empty(), "{:?}", pp.diagnostics);
    let t = texts(&pp);
    assert!(t.windows(2).any(|w| w == ["UINT", "D3DX_FLOAT4_to_R10G10B10A2_UNORM"]), "the built-in header was not entered");
    assert_eq!(t[t.len() - 3..], ["int", "after", ";"]);
    // Entered once (include guard), named as built in, not reported as a file read.
    assert_eq!(map.files().filter(|(_, f)| f.name == "<hlslc>/D3DX_DXGIFormatConvert.inl").count(), 1);
    assert_eq!(pp.files_read, ["main.hlsl"]);
    // A file of that name on the include path wins.
    let mut own = MemoryResolver::new().with_file("include/D3DX_DXGIFormatConvert.inl", "int own_copy;\n");
    let (pp, _) = run("#include \"include/D3DX_DXGIFormatConvert.inl\"\n", &mut own);
    assert_eq!(texts(&pp), ["int", "own_copy", ";"]);
    assert_eq!(pp.files_read, ["main.hlsl", "include/D3DX_DXGIFormatConvert.inl"]);
}

#[test]
fn has_feature_reports_buffer_pointers_for_spirv_anywhere() {
    let text = "__has_feature(hlsl_vk_buffer_pointer) __has_feature(cxx_lambdas)\n#if __has_feature(hlsl_vk_buffer_pointer)\nyes\n#else\nno\n#endif\n";
    for spirv in [true, false] {
        let options = PreprocessOptions { spirv, ..Default::default() };
        let mut map = SourceMap::new();
        let pp = preprocess(&mut map, "main.hlsl", text, &options, &mut MemoryResolver::new());
        let want = if spirv { ["1", "0", "yes"] } else { ["0", "0", "no"] };
        assert_eq!(texts(&pp), want);
        assert!(pp.diagnostics.is_empty());
    }
}
