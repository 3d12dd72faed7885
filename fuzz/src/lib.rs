//! The fuzz targets' logic, shared by the cargo-fuzz binaries (`fuzz/fuzz_targets/*.rs`) and
//! the bounded smoke run in the normal test command (`tests/fuzz_smoke.rs`, which includes
//! this file with `#[path]`).
//!
//! Targets (each panics on what counts as a crash):
//! - [`preprocess`]: arbitrary bytes through the preprocessor (with a few include files
//!   reachable), then `print_preprocessed` and diagnostic rendering.
//! - [`parse`]: preprocess + parse.
//! - [`compile`]: the whole pipeline (preprocess → parse → sema → lower → naga validation →
//!   WGSL and SPIR-V). An internal compiler error (`E9901` naga validation failure, `E9902`
//!   writer failure) is a crash, and so is emitted WGSL that naga's wgsl-in rejects or that
//!   fails naga validation when read back, or SPIR-V that does not load.
//! - [`generated`]: a type-correct HLSL compute program built from the fuzzer's bytes by
//!   [`gen::Program`], so the input reaches sema, lowering and naga instead of dying in the
//!   parser; hlslc must *accept* it (a rejection is a crash too), then as [`compile`].
//!
//! Structure-aware mutation of valid fixtures: [`mutate`] (used by the smoke run; cargo-fuzz
//! mutates the seed corpus, the same fixtures, with libFuzzer's own mutators).

use hlslc_grammar::diagnostic::render_all;
use hlslc_grammar::preprocessor::{preprocess as pp, print_preprocessed, MemoryResolver, PreprocessOptions};
use hlslc_grammar::SourceMap;

/// Include files the fuzzed sources may reach (`#include "a.hlsli"` …).
pub fn resolver() -> MemoryResolver {
    MemoryResolver::new()
        .with_file("a.hlsli", "#pragma once\n#define A_VALUE 3\nfloat a_fn(float x) { return x * A_VALUE; }\n")
        .with_file("b.hlsli", "#include \"a.hlsli\"\n#define TWICE(x) ((x) + (x))\n")
        .with_file("self.hlsli", "#include \"self.hlsli\"\n")
}

/// Bytes → text the way the CLI reads a file: invalid UTF-8 replaced (the library takes `&str`).
pub fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

pub fn preprocess(data: &[u8]) {
    let src = text(data);
    let mut map = SourceMap::new();
    let options = PreprocessOptions { max_expanded_tokens: 1 << 18, ..Default::default() };
    let out = pp(&mut map, "fuzz.hlsl", &src, &options, &mut resolver());
    let _ = print_preprocessed(&out, &map);
    let _ = render_all(&out.diagnostics, &map);
}

pub fn parse(data: &[u8]) {
    let src = text(data);
    let mut map = SourceMap::new();
    let options = PreprocessOptions { max_expanded_tokens: 1 << 18, ..Default::default() };
    let out = pp(&mut map, "fuzz.hlsl", &src, &options, &mut resolver());
    let (_unit, diags) = hlslc_grammar::parser::parse(&out, &map, &Default::default());
    let _ = render_all(&diags, &map);
}

/// Profile and entry point: from an `exec: -T … -E …` header when the input has one (the
/// seed fixtures do), else `cs_6_0` / `main`.
pub fn profile_and_entry(src: &str) -> (String, String) {
    let mut profile = "cs_6_0".to_string();
    let mut entry = "main".to_string();
    if let Some(line) = src.lines().find(|l| l.trim_start().starts_with("// exec:")) {
        let words: Vec<&str> = line.split_whitespace().collect();
        for w in words.windows(2) {
            match w[0] {
                "-T" if w[1].len() < 16 => profile = w[1].to_string(),
                "-E" if w[1].len() < 64 => entry = w[1].to_string(),
                _ => {}
            }
        }
    }
    (profile, entry)
}

/// What [`compile_text`] saw: compiled, or rejected with diagnostics (not a crash).
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    Compiled,
    Rejected(String),
}

pub fn compile(data: &[u8]) {
    let src = text(data);
    let (profile, entry) = profile_and_entry(&src);
    let _ = compile_text(&src, &profile, &entry, src.contains("half") || src.contains("int16_t"));
}

pub fn generated(data: &[u8]) {
    let mut u = arbitrary::Unstructured::new(data);
    let Ok(program) = gen::Program::build(&mut u) else { return };
    let src = program.to_string();
    if let Outcome::Rejected(why) = compile_text(&src, "cs_6_0", "main", false) {
        panic!("hlslc rejected a valid generated program:\n{why}\n--- program ---\n{src}");
    }
}

/// Compiles to WGSL and SPIR-V and checks both outputs; panics on a crash condition.
pub fn compile_text(src: &str, profile: &str, entry: &str, sixteen_bit: bool) -> Outcome {
    let mut options = hlslc::Options::new(profile).entry_point(entry);
    options.enable_16bit_types = sixteen_bit;
    options.binding_policy = hlslc::BindingPolicy::Dxc;
    let source = hlslc::Source::new("fuzz.hlsl", src);
    let compiled = match hlslc::compile_with(&source, &options, &mut resolver()) {
        Ok(c) => c,
        Err(e) => {
            let rendered = e.render();
            if let Some(d) = e.diagnostics.iter().find(|d| d.code == "E9901" || d.code == "E9902") {
                panic!("internal compiler error {}: {}\n{rendered}\n--- source ---\n{src}", d.code, d.message);
            }
            return Outcome::Rejected(rendered);
        }
    };
    let _ = compiled.render_warnings();
    let wgsl = compiled
        .wgsl()
        .unwrap_or_else(|e| panic!("WGSL writer failed on a validated module: {}\n--- source ---\n{src}", e.render()));
    check_wgsl(&wgsl, src);
    let words = compiled
        .spirv()
        .unwrap_or_else(|e| panic!("SPIR-V writer failed on a validated module: {}\n--- source ---\n{src}", e.render()));
    if let Err(e) = rspirv::dr::load_words(&words) {
        panic!("emitted SPIR-V does not load: {e}\n--- source ---\n{src}");
    }
    Outcome::Compiled
}

/// Emitted WGSL must parse with naga's wgsl-in and validate.
pub fn check_wgsl(wgsl: &str, src: &str) {
    let module = naga::front::wgsl::parse_str(wgsl)
        .unwrap_or_else(|e| panic!("emitted WGSL does not parse: {}\n--- WGSL ---\n{wgsl}\n--- source ---\n{src}", e.emit_to_string(wgsl)));
    let mut v = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all());
    if let Err(e) = v.validate(&module) {
        panic!("emitted WGSL does not validate: {}\n--- WGSL ---\n{wgsl}\n--- source ---\n{src}", e.emit_to_string(wgsl));
    }
}

/// Structure-aware mutations of valid HLSL (deterministic for a given `seed`): token-level
/// deletions, duplications, swaps, and insertions of HLSL fragments likely to reach sema.
pub fn mutate(src: &str, seed: u64) -> String {
    const FRAGMENTS: &[&str] = &[
        "(", ")", "{", "}", "[", "]", ";", ",", "+", "-", "*", "/", "%", "<<", ">>", "&&", "||", "?", ":", "=",
        "+=", "++", "!", "~", ".x", ".xyzw", ".zyx", "[0]", "[i]", "0", "1", "-1", "0.5f", "1e30", "2147483648",
        "0xFFFFFFFF", "1.#INF", "true", "float", "int", "uint", "half", "double", "bool", "float4", "int3",
        "float4x4", "uint2x3", "min16float", "static ", "const ", "groupshared ", "precise ", "inout ", "out ",
        "row_major ", "struct S { float a; };", "S", "return;", "return 0;", "break;", "continue;", "discard;",
        "if (true) ", "for (;;) ", "while (false) ", "switch (0) { default: break; }", "mul(", "dot(", "lerp(",
        "asuint(", "(float3)", "(uint)", "sizeof(", "#define X 1\n", "#if 0\n", "#endif\n", "#include \"a.hlsli\"\n",
        "#include \"self.hlsli\"\n", "__LINE__", "[unroll] ", "[numthreads(1,1,1)]", "SV_Position", ": register(u9)",
        "RWStructuredBuffer<float>", "Texture2D<float4>", "SamplerState", ".Load(", ".Sample(", "GetDimensions(",
        "InterlockedAdd(", "WaveActiveSum(", "GroupMemoryBarrierWithGroupSync();", "NonUniformResourceIndex(",
    ];
    let mut rng = Rng(seed | 1);
    let mut toks = rough_tokens(src);
    let n = 1 + rng.below(4);
    for _ in 0..n {
        if toks.is_empty() {
            toks.push(FRAGMENTS[rng.below(FRAGMENTS.len())].to_string());
            continue;
        }
        let i = rng.below(toks.len());
        match rng.below(6) {
            0 => {
                let len = 1 + rng.below(4.min(toks.len() - i));
                toks.drain(i..i + len);
            }
            1 => {
                let j = rng.below(toks.len());
                toks.swap(i, j);
            }
            2 => {
                let len = 1 + rng.below(8.min(toks.len() - i));
                let dup: Vec<String> = toks[i..i + len].to_vec();
                let at = rng.below(toks.len());
                toks.splice(at..at, dup);
            }
            3 => {
                // replace an identifier or number with another of the same file
                let j = rng.below(toks.len());
                if toks[j].chars().next().is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    toks[i] = toks[j].clone();
                }
            }
            _ => toks.insert(i, format!(" {} ", FRAGMENTS[rng.below(FRAGMENTS.len())])),
        }
    }
    toks.concat()
}

/// Splits into identifier/number runs, whitespace runs and single punctuation characters
/// (keeping comments and strings in pieces is fine for mutation).
fn rough_tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut kind = 0u8;
    for c in text.chars() {
        let k = if c.is_alphanumeric() || c == '_' || c == '.' {
            1
        } else if c.is_whitespace() {
            2
        } else {
            3
        };
        if k != kind || k == 3 {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            kind = k;
        }
        cur.push(c);
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// xorshift64*: deterministic, no dependency.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// Type-correct HLSL compute programs from arbitrary bytes.
pub mod gen {
    use arbitrary::{Result, Unstructured};
    use std::fmt;

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Scalar {
        Int,
        Uint,
        Float,
        Bool,
    }

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub struct Ty {
        pub scalar: Scalar,
        /// 1 = scalar, 2-4 = vector
        pub width: u8,
    }

    impl fmt::Display for Ty {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let s = match self.scalar {
                Scalar::Int => "int",
                Scalar::Uint => "uint",
                Scalar::Float => "float",
                Scalar::Bool => "bool",
            };
            if self.width == 1 {
                write!(f, "{s}")
            } else {
                write!(f, "{s}{}", self.width)
            }
        }
    }

    struct Var {
        name: String,
        ty: Ty,
    }

    /// A generated program: helper functions, then the kernel.
    pub struct Program {
        text: String,
    }

    impl fmt::Display for Program {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(&self.text)
        }
    }

    struct Builder<'a, 'b> {
        u: &'a mut Unstructured<'b>,
        vars: Vec<Var>,
        next: u32,
        out: String,
        indent: usize,
        loops: u32,
        budget: u32,
    }

    impl Program {
        pub fn build(u: &mut Unstructured) -> Result<Program> {
            let mut b = Builder { u, vars: Vec::new(), next: 0, out: String::new(), indent: 1, loops: 0, budget: 60 };
            let mut text = String::from(
                "RWStructuredBuffer<uint> out_u : register(u0);\n\
                 RWStructuredBuffer<float> out_f : register(u1);\n\
                 StructuredBuffer<float4> in_f : register(t2);\n\
                 ByteAddressBuffer in_raw : register(t3);\n\
                 cbuffer Params : register(b4) { float4 p_scale; uint p_count; int3 p_offset; };\n\
                 groupshared float shared_f[64];\n\
                 static const int table[4] = { 3, -1, 4, 1 };\n\n",
            );
            // a helper with out/inout parameters
            text.push_str(
                "float helper(float x, inout int acc, out uint bits) {\n    acc += (int)x;\n    bits = asuint(x);\n    return x * 0.5f + 1.0f;\n}\n\n",
            );
            b.vars.push(Var { name: "tid".into(), ty: Ty { scalar: Scalar::Uint, width: 1 } });
            b.vars.push(Var { name: "gid".into(), ty: Ty { scalar: Scalar::Uint, width: 3 } });
            b.vars.push(Var { name: "p_scale".into(), ty: Ty { scalar: Scalar::Float, width: 4 } });
            b.vars.push(Var { name: "p_count".into(), ty: Ty { scalar: Scalar::Uint, width: 1 } });
            b.vars.push(Var { name: "p_offset".into(), ty: Ty { scalar: Scalar::Int, width: 3 } });
            b.line("float4 loaded = in_f[tid % 8];");
            b.vars.push(Var { name: "loaded".into(), ty: Ty { scalar: Scalar::Float, width: 4 } });
            b.line("uint raw = in_raw.Load(tid * 4);");
            b.vars.push(Var { name: "raw".into(), ty: Ty { scalar: Scalar::Uint, width: 1 } });
            b.line("shared_f[tid % 64] = loaded.x;");
            b.line("GroupMemoryBarrierWithGroupSync();");
            let n = b.u.int_in_range(1..=8)?;
            for _ in 0..n {
                b.stmt(2)?;
            }
            // sink every variable so nothing is dead
            let sinks: Vec<(String, Ty)> = b.vars.iter().map(|v| (v.name.clone(), v.ty)).collect();
            for (i, (name, ty)) in sinks.iter().enumerate() {
                let comp = if ty.width > 1 { format!("{name}.x") } else { name.clone() };
                let e = b.convert(comp, Ty { width: 1, ..*ty }, Ty { scalar: Scalar::Uint, width: 1 });
                b.line(&format!("out_u[tid * {} + {i}] = {e};", sinks.len()));
            }
            text.push_str("[numthreads(64, 1, 1)]\nvoid main(uint tid : SV_GroupIndex, uint3 gid : SV_DispatchThreadID) {\n");
            text.push_str(&b.out);
            text.push_str("}\n");
            Ok(Program { text })
        }
    }

    impl Builder<'_, '_> {
        fn line(&mut self, s: &str) {
            for _ in 0..self.indent {
                self.out.push_str("    ");
            }
            self.out.push_str(s);
            self.out.push('\n');
        }

        fn fresh(&mut self) -> String {
            self.next += 1;
            format!("v{}", self.next)
        }

        fn ty(&mut self) -> Result<Ty> {
            let scalar = *self.u.choose(&[Scalar::Int, Scalar::Uint, Scalar::Float, Scalar::Float, Scalar::Bool])?;
            let width = self.u.int_in_range(1..=4)?;
            Ok(Ty { scalar, width })
        }

        fn stmt(&mut self, depth: u32) -> Result<()> {
            if self.budget == 0 {
                return Ok(());
            }
            self.budget -= 1;
            let choice = self.u.int_in_range(0..=9)?;
            match choice {
                0..=3 => {
                    let ty = self.ty()?;
                    let e = self.expr(ty, 3)?;
                    let name = self.fresh();
                    self.line(&format!("{ty} {name} = {e};"));
                    self.vars.push(Var { name, ty });
                }
                4 | 5 => {
                    let candidates: Vec<(String, Ty)> =
                        self.vars.iter().filter(|v| v.name.starts_with('v')).map(|v| (v.name.clone(), v.ty)).collect();
                    if candidates.is_empty() {
                        return Ok(());
                    }
                    let (name, ty) = self.u.choose(&candidates)?.clone();
                    let e = self.expr(ty, 3)?;
                    let op = if ty.scalar == Scalar::Bool { "=" } else { *self.u.choose(&["=", "+=", "-=", "*="])? };
                    self.line(&format!("{name} {op} {e};"));
                }
                6 if depth > 0 => {
                    let c = self.expr(Ty { scalar: Scalar::Bool, width: 1 }, 2)?;
                    self.line(&format!("if ({c}) {{"));
                    self.block(depth - 1)?;
                    if self.u.arbitrary()? {
                        self.line("} else {");
                        self.block(depth - 1)?;
                    }
                    self.line("}");
                }
                7 if depth > 0 => {
                    self.loops += 1;
                    let i = format!("i{}", self.loops);
                    let n = self.u.int_in_range(0..=5)?;
                    let attr = *self.u.choose(&["", "[unroll] ", "[loop] "])?;
                    self.line(&format!("{attr}for (uint {i} = 0; {i} < {n}u; ++{i}) {{"));
                    self.vars.push(Var { name: i.clone(), ty: Ty { scalar: Scalar::Uint, width: 1 } });
                    self.block(depth - 1)?;
                    self.vars.retain(|v| v.name != i);
                    if self.u.arbitrary()? {
                        let c = self.expr(Ty { scalar: Scalar::Bool, width: 1 }, 1)?;
                        self.line(&format!("    if ({c}) break;"));
                    }
                    self.line("}");
                }
                8 if depth > 0 => {
                    let s = self.expr(Ty { scalar: Scalar::Int, width: 1 }, 2)?;
                    self.line(&format!("switch (({s}) & 3) {{"));
                    for case in 0..self.u.int_in_range(1..=3)? {
                        self.line(&format!("case {case}: {{"));
                        self.block(0)?;
                        self.line("    break;");
                        self.line("}");
                    }
                    self.line("default: break;");
                    self.line("}");
                }
                _ => {
                    let x = self.expr(Ty { scalar: Scalar::Float, width: 1 }, 2)?;
                    let acc = self.fresh();
                    let bits = self.fresh();
                    let r = self.fresh();
                    self.line(&format!("int {acc} = 1;"));
                    self.line(&format!("uint {bits};"));
                    self.line(&format!("float {r} = helper({x}, {acc}, {bits});"));
                    self.vars.push(Var { name: acc, ty: Ty { scalar: Scalar::Int, width: 1 } });
                    self.vars.push(Var { name: bits, ty: Ty { scalar: Scalar::Uint, width: 1 } });
                    self.vars.push(Var { name: r, ty: Ty { scalar: Scalar::Float, width: 1 } });
                }
            }
            Ok(())
        }

        /// A nested block: variables declared inside go out of scope after it.
        fn block(&mut self, depth: u32) -> Result<()> {
            let saved = self.vars.len();
            self.indent += 1;
            for _ in 0..self.u.int_in_range(1..=3)? {
                self.stmt(depth)?;
            }
            self.indent -= 1;
            self.vars.truncate(saved);
            Ok(())
        }

        /// An expression of exactly type `ty`.
        fn expr(&mut self, ty: Ty, depth: u32) -> Result<String> {
            if depth == 0 || self.u.ratio(1, 4)? {
                return self.leaf(ty);
            }
            let w = ty.width;
            Ok(match (ty.scalar, self.u.int_in_range(0..=9)?) {
                (Scalar::Bool, 0..=4) => {
                    let operand = Ty { scalar: *self.u.choose(&[Scalar::Int, Scalar::Uint, Scalar::Float])?, width: w };
                    let a = self.expr(operand, depth - 1)?;
                    let b = self.expr(operand, depth - 1)?;
                    let op = self.u.choose(&["<", "<=", ">", ">=", "==", "!="])?;
                    format!("({a} {op} {b})")
                }
                (Scalar::Bool, 5 | 6) if w == 1 => {
                    let a = self.expr(ty, depth - 1)?;
                    let b = self.expr(ty, depth - 1)?;
                    let op = self.u.choose(&["&&", "||", "==", "!="])?;
                    format!("({a} {op} {b})")
                }
                (Scalar::Bool, 7) if w > 1 => {
                    let a = self.expr(ty, depth - 1)?;
                    let b = self.expr(ty, depth - 1)?;
                    let f = self.u.choose(&["and", "or"])?;
                    format!("{f}({a}, {b})")
                }
                (Scalar::Bool, 8) if w == 1 => {
                    let width = self.u.int_in_range(2..=4)?;
                    let v = self.expr(Ty { scalar: Scalar::Bool, width }, depth - 1)?;
                    let f = self.u.choose(&["any", "all"])?;
                    format!("{f}({v})")
                }
                (Scalar::Bool, _) => {
                    let a = self.expr(ty, depth - 1)?;
                    format!("(!{a})")
                }
                (_, 0..=2) => {
                    let a = self.expr(ty, depth - 1)?;
                    let b = self.expr(ty, depth - 1)?;
                    let op = self.u.choose(&["+", "-", "*"])?;
                    format!("({a} {op} {b})")
                }
                (Scalar::Float, 3) => {
                    let a = self.expr(ty, depth - 1)?;
                    let b = self.expr(ty, depth - 1)?;
                    format!("({a} / (abs({b}) + 1.0f))")
                }
                (_, 3) => {
                    let a = self.expr(ty, depth - 1)?;
                    let b = self.expr(ty, depth - 1)?;
                    let op = self.u.choose(&["/", "%"])?;
                    let one = if ty.scalar == Scalar::Int { "1" } else { "1u" };
                    format!("({a} {op} (({b} & 7) + {one}))")
                }
                (Scalar::Float, 4) => {
                    let a = self.expr(ty, depth - 1)?;
                    let f = self.u.choose(&["sin", "cos", "abs", "floor", "ceil", "frac", "saturate", "sqrt", "exp2", "round", "trunc", "sign", "rsqrt"])?;
                    if *f == "sign" {
                        format!("(({ty})sign({a}))")
                    } else if *f == "sqrt" || *f == "rsqrt" {
                        format!("{f}(abs({a}) + 1.0f)")
                    } else {
                        format!("{f}({a})")
                    }
                }
                (_, 4) => {
                    let a = self.expr(ty, depth - 1)?;
                    let b = self.expr(ty, depth - 1)?;
                    let op = self.u.choose(&["&", "|", "^", "<<", ">>"])?;
                    format!("({a} {op} {b})")
                }
                (_, 5) => {
                    let a = self.expr(ty, depth - 1)?;
                    let b = self.expr(ty, depth - 1)?;
                    let f = self.u.choose(&["min", "max"])?;
                    format!("{f}({a}, {b})")
                }
                (_, 6) => {
                    let c = self.expr(Ty { scalar: Scalar::Bool, width: 1 }, depth - 1)?;
                    let a = self.expr(ty, depth - 1)?;
                    let b = self.expr(ty, depth - 1)?;
                    format!("({c} ? {a} : {b})")
                }
                (_, 7) => {
                    // conversion from another type
                    let from = Ty { scalar: *self.u.choose(&[Scalar::Int, Scalar::Uint, Scalar::Float, Scalar::Bool])?, width: w };
                    let a = self.expr(from, depth - 1)?;
                    self.convert(a, from, ty)
                }
                (_, 8) if w > 1 => {
                    // swizzle from a wider or equal vector
                    let src_w = self.u.int_in_range(w..=4)?;
                    let a = self.expr(Ty { scalar: ty.scalar, width: src_w }, depth - 1)?;
                    let mut sw = String::new();
                    for _ in 0..w {
                        sw.push(*self.u.choose(&['x', 'y', 'z', 'w'][..src_w as usize])?);
                    }
                    format!("({a}).{sw}")
                }
                (_, 8) => {
                    let src_w = self.u.int_in_range(1..=4)?;
                    let a = self.expr(Ty { scalar: ty.scalar, width: src_w }, depth - 1)?;
                    if src_w == 1 {
                        a
                    } else if ty.scalar == Scalar::Float && self.u.arbitrary()? {
                        let b = self.expr(Ty { scalar: ty.scalar, width: src_w }, depth - 1)?;
                        format!("dot({a}, {b})")
                    } else {
                        let c = *self.u.choose(&['x', 'y', 'z', 'w'][..src_w as usize])?;
                        format!("({a}).{c}")
                    }
                }
                (Scalar::Float, _) if w == 1 => {
                    let which = self.u.int_in_range(0..=2)?;
                    match which {
                        0 => format!("shared_f[{} % 64]", self.expr(Ty { scalar: Scalar::Uint, width: 1 }, depth - 1)?),
                        1 => format!("(float)table[{} & 3]", self.expr(Ty { scalar: Scalar::Int, width: 1 }, depth - 1)?),
                        _ => format!("length(loaded.xyz * {})", self.expr(ty, depth - 1)?),
                    }
                }
                (Scalar::Float, _) if w == 3 => {
                    let a = self.expr(ty, depth - 1)?;
                    let b = self.expr(ty, depth - 1)?;
                    format!("cross({a}, {b})")
                }
                (_, _) => {
                    // constructor from scalars
                    let one = Ty { scalar: ty.scalar, width: 1 };
                    let mut parts = Vec::new();
                    for _ in 0..w {
                        parts.push(self.expr(one, depth - 1)?);
                    }
                    format!("{ty}({})", parts.join(", "))
                }
            })
        }

        fn leaf(&mut self, ty: Ty) -> Result<String> {
            let matching: Vec<String> = self.vars.iter().filter(|v| v.ty == ty).map(|v| v.name.clone()).collect();
            if !matching.is_empty() && self.u.ratio(2, 3)? {
                return Ok(self.u.choose(&matching)?.clone());
            }
            // a same-scalar variable of another width, splatted or swizzled
            let lit = match ty.scalar {
                Scalar::Int => format!("{}", self.u.int_in_range(-100i32..=100)?),
                Scalar::Uint => format!("{}u", self.u.int_in_range(0u32..=1000)?),
                Scalar::Float => format!("{:.3}f", self.u.int_in_range(-4000i32..=4000)? as f32 / 1000.0),
                Scalar::Bool => (if self.u.arbitrary()? { "true" } else { "false" }).to_string(),
            };
            Ok(if ty.width == 1 { lit } else { format!("(({ty}){lit})") })
        }

        /// `e` of type `from` as type `to` (same width).
        fn convert(&mut self, e: String, from: Ty, to: Ty) -> String {
            if from == to {
                e
            } else {
                format!("(({to})({e}))")
            }
        }
    }
}
