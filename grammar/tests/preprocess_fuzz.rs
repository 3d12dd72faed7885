//! A deterministic fuzz smoke test: 5 000 (by default) mutations of the fixture texts (deleting, duplicating
//! and swapping ranges, inserting preprocessor-significant fragments) must preprocess without
//! a panic, every output token's span must resolve to a file, and rendering the diagnostics and
//! printing the output must not panic either.

use hlslc_grammar::diagnostic::render_all;
use hlslc_grammar::preprocessor::{preprocess, print_preprocessed, MemoryResolver, PreprocessOptions};
use hlslc_grammar::source::SourceMap;
use std::path::Path;

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

const FRAGMENTS: &[&str] = &[
    "#",
    "##",
    "#define ",
    "#define F(x, ...) x ## __VA_ARGS__ #x\n",
    "#undef ",
    "#if ",
    "#ifdef ",
    "#elif ",
    "#else\n",
    "#endif\n",
    "#include ",
    "#include \"",
    "#line 7 \"x\"\n",
    "#pragma ",
    "pack_matrix(row_major)",
    "#error ",
    "defined",
    "defined(",
    "(",
    ")",
    ",",
    "\n",
    "\r\n",
    "\\\n",
    "/*",
    "*/",
    "//",
    "\"",
    "'",
    "\0",
    "__VA_ARGS__",
    "__LINE__",
    "__FILE__",
    "__COUNTER__",
    "_Pragma(\"once\")",
    "_Pragma(",
    "F(",
    "F",
    "...",
    "1/0",
    "0x",
    "'\\x",
    "?",
    ":",
    "\u{feff}",
    "é",
    "<",
    ">",
    "include_quoted/common.hlsli",
];

fn char_boundary(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut s = text.to_string();
    for _ in 0..1 + rng.below(4) {
        let a = char_boundary(&s, rng.below(s.len() + 1));
        let b = char_boundary(&s, a + rng.below(40));
        match rng.below(5) {
            0 => s.replace_range(a..b, ""),
            1 => {
                let piece = s[a..b].to_string();
                s.insert_str(a, &piece);
            }
            2 => {
                let c = char_boundary(&s, rng.below(s.len() + 1));
                let piece = s[a..b].to_string();
                s.insert_str(c, &piece);
            }
            _ => s.insert_str(a, FRAGMENTS[rng.below(FRAGMENTS.len())]),
        }
    }
    s
}

#[test]
fn mutated_fixtures_never_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/preprocess");
    let mut resolver = MemoryResolver::new();
    let mut seeds = Vec::new();
    let mut stack = vec![dir.clone()];
    while let Some(d) = stack.pop() {
        let mut entries: Vec<_> = std::fs::read_dir(&d).unwrap().map(|e| e.unwrap().path()).collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                stack.push(path);
            } else if let Ok(text) = std::fs::read_to_string(&path) {
                let rel = path.strip_prefix(&dir).unwrap().to_str().unwrap().replace('\\', "/");
                if rel.ends_with(".hlsl") {
                    seeds.push(text.clone());
                }
                resolver.files.push((rel, text.into()));
            }
        }
    }
    assert!(seeds.len() > 50);
    let options = PreprocessOptions { max_expanded_tokens: 50_000, max_include_depth: 20, ..Default::default() };
    let legacy = PreprocessOptions { legacy_macro_expansion: true, ..options.clone() };
    // `HLSLC_FUZZ_ITERATIONS` and `HLSLC_FUZZ_SEED` allow longer local runs.
    let iterations = std::env::var("HLSLC_FUZZ_ITERATIONS").ok().and_then(|v| v.parse().ok()).unwrap_or(5_000);
    let seed = std::env::var("HLSLC_FUZZ_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x9e37_79b9_7f4a_7c15);
    let mut rng = Rng(seed);
    for i in 0..iterations {
        let seed = &seeds[rng.below(seeds.len())];
        let text = mutate(&mut rng, seed);
        let mut map = SourceMap::new();
        let options = if i % 4 == 0 { &legacy } else { &options };
        let pp = preprocess(&mut map, "fuzz.hlsl", &text, options, &mut resolver);
        for t in &pp.tokens {
            assert!(map.resolve(t.span).is_some(), "unresolvable span {:?} for input {text:?}", t.span);
        }
        let _ = render_all(&pp.diagnostics, &map);
        let _ = print_preprocessed(&pp, &map);
    }
}
