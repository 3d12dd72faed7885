//! Breadth check against DXC's own test shaders (ignored by default; DXC's files are not part
//! of this repository).
//!
//! ```text
//! git --git-dir=<DXC git dir> archive HEAD tools/clang/test/CodeGenSPIRV \
//!     tools/clang/test/HLSLFileCheck | tar -x -C /tmp/dxc
//! HLSLC_DXC_TESTS=/tmp/dxc cargo test --release -p hlslc-grammar --test dxc_breadth \
//!     -- --ignored --nocapture
//! ```
//!
//! Every `.hlsl` file under `HLSLC_DXC_TESTS` is preprocessed by the small preprocessor below
//! (object- and function-like macros, `#if`/`#ifdef`/`#elif`/`#else`, `-D` defines from the
//! first `RUN:` line; `#include`s are dropped) and parsed. Files DXC itself rejects are left
//! out of the denominator: a `RUN:` line with `not %dxc`, an `expected-error` marker, or a
//! `CHECK` (not `CHECK-NOT`) line expecting an `error:`; also preprocess-only runs (`-P`).
//! `HLSLC_DXC_FILTER=<part of a path>` prints the preprocessed text and diagnostics of the
//! failing files whose path contains it. The test prints the share of the
//! remaining files that parse without errors and the failures grouped by their first error,
//! and fails below 98 %. It also fails if any file panics or takes more than a second.
//!
//! The preprocessor is test scaffolding, not the product's (which lives in
//! `src/preprocessor/`); it is just good enough for DXC's test files.

use hlslc_grammar::parser::parse_source;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[test]
#[ignore = "needs DXC's test files: set HLSLC_DXC_TESTS"]
fn dxc_test_shaders_parse() {
    let Ok(dir) = std::env::var("HLSLC_DXC_TESTS") else {
        panic!("set HLSLC_DXC_TESTS to a directory holding DXC's test shaders");
    };
    let mut files = Vec::new();
    walk(Path::new(&dir), &mut files);
    files.sort();
    let mut excluded: BTreeMap<&str, usize> = BTreeMap::new();
    let mut failures: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let (mut accepted, mut clean, mut panics, mut bytes) = (0usize, 0usize, Vec::new(), 0usize);
    let mut slowest = (Duration::ZERO, String::new());
    let started = Instant::now();
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else { continue };
        let name = path.strip_prefix(&dir).unwrap_or(path).display().to_string();
        if let Some(reason) = expected_to_fail(&text) {
            *excluded.entry(reason).or_default() += 1;
            continue;
        }
        accepted += 1;
        let source = preprocess(&text, path.parent());
        bytes += source.len();
        let t = Instant::now();
        let result = std::panic::catch_unwind(|| parse_source(&name, &source));
        let elapsed = t.elapsed();
        if elapsed > slowest.0 {
            slowest = (elapsed, name.clone());
        }
        match result {
            Err(_) => panics.push(name),
            Ok((map, _, diagnostics)) => match diagnostics.iter().find(|d| d.is_error()) {
                None => clean += 1,
                Some(d) => {
                    if std::env::var("HLSLC_DXC_FILTER").is_ok_and(|f| name.contains(&f)) {
                        println!("{source}\n{}", hlslc_grammar::diagnostic::render_all(&diagnostics, &map));
                    }
                    let at = map.location(d.span).map(|l| format!("{}:{}", l.line, l.column)).unwrap_or_default();
                    failures.entry(format!("{} {}", d.code, d.message)).or_default().push(format!("{name}:{at}"));
                }
            },
        }
    }
    let total = started.elapsed();
    println!(
        "files: {}, excluded as expected to fail: {} {:?}",
        files.len(),
        excluded.values().sum::<usize>(),
        excluded
    );
    println!(
        "accepted by DXC: {accepted}, parse cleanly: {clean} ({:.2} %)",
        100.0 * clean as f64 / accepted.max(1) as f64
    );
    println!(
        "time: {:.2} s for {:.1} MB ({:.1} MB/s), slowest file {:?} ({})",
        total.as_secs_f64(),
        bytes as f64 / 1e6,
        bytes as f64 / 1e6 / total.as_secs_f64(),
        slowest.0,
        slowest.1
    );
    let mut groups: Vec<_> = failures.into_iter().collect();
    groups.sort_by_key(|(_, v)| std::cmp::Reverse(v.len()));
    for (message, files) in &groups {
        println!("{:4}  {message}", files.len());
        for f in files.iter().take(4) {
            println!("        {f}");
        }
    }
    assert!(panics.is_empty(), "panicked on: {panics:?}");
    assert!(slowest.0 < Duration::from_secs(1), "too slow on {}", slowest.1);
    assert!(clean as f64 >= 0.98 * accepted as f64, "only {clean} of {accepted} files parse");
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out);
        } else if path.extension().is_some_and(|e| e == "hlsl") {
            out.push(path);
        }
    }
}

/// Why DXC rejects this file by design, if it does.
fn expected_to_fail(text: &str) -> Option<&'static str> {
    for line in text.lines() {
        let line = line.trim_start_matches(['/', ' ', '\t']);
        if line.starts_with("RUN:") && line.contains("not %dxc") {
            return Some("RUN: not %dxc");
        }
        if line.starts_with("RUN:") && line.split_whitespace().any(|w| w == "-P") {
            return Some("RUN: -P (preprocess only)");
        }
        if line.contains("expected-error") {
            return Some("expected-error");
        }
        if let Some(rest) = line.strip_prefix("CHECK") {
            let (tag, check) = rest.split_once(':').unwrap_or(("", ""));
            if !tag.contains("NOT") && check.contains("error:") {
                return Some("CHECK: error:");
            }
        }
    }
    None
}

// ---------------------------------------------------------------------------------------------
// A small C preprocessor for the test files
// ---------------------------------------------------------------------------------------------

#[derive(Clone)]
struct Macro {
    params: Option<Vec<String>>,
    body: String,
}

/// Preprocesses `text`, keeping line numbers of the main file (directive lines become empty
/// lines; included files are inserted on the `#include` line). `#include "x"` is looked up
/// next to the including file.
fn preprocess(text: &str, dir: Option<&Path>) -> String {
    let mut macros: HashMap<String, Macro> = HashMap::new();
    let object = |body: &str| Macro { params: None, body: body.to_string() };
    macros.insert("__HLSL_VERSION".into(), object("2021"));
    macros.insert("__SHADER_TARGET_MAJOR".into(), object("6"));
    macros.insert("__SHADER_TARGET_MINOR".into(), object("6"));
    for (name, value) in run_line_defines(text) {
        macros.insert(name, object(&value));
    }
    if text.lines().any(|l| l.contains("RUN:") && l.contains("-spirv")) {
        macros.insert("__spirv__".into(), object("1"));
    }
    run(text, dir, &mut macros, 0)
}

fn run(text: &str, dir: Option<&Path>, macros: &mut HashMap<String, Macro>, depth: usize) -> String {
    // Join continued lines, remembering how many lines each logical line covers.
    let mut logical: Vec<(String, usize)> = Vec::new();
    let mut pending = String::new();
    let mut count = 0;
    for line in text.lines() {
        count += 1;
        if let Some(stripped) = line.strip_suffix('\\') {
            pending.push_str(stripped);
            pending.push(' ');
            continue;
        }
        pending.push_str(line);
        logical.push((std::mem::take(&mut pending), count));
        count = 0;
    }
    if count > 0 {
        logical.push((pending, count));
    }
    // Each frame: (this branch active, some branch taken, parent active).
    let mut stack: Vec<(bool, bool, bool)> = Vec::new();
    let mut out = String::with_capacity(text.len());
    let mut in_comment = false;
    for (line, lines) in logical {
        let active = stack.last().is_none_or(|f| f.0);
        let trimmed = line.trim_start();
        if trimmed.starts_with('#') && !in_comment {
            let directive = strip_comments(trimmed[1..].trim_start());
            let (name, rest) = directive
                .split_once(|c: char| c.is_whitespace() || c == '(')
                .map_or((directive.as_str(), ""), |(a, _)| (a, &directive[a.len()..]));
            let rest = rest.trim();
            match name {
                "if" | "ifdef" | "ifndef" => {
                    let cond = active
                        && match name {
                            "ifdef" => macros.contains_key(first_word(rest)),
                            "ifndef" => !macros.contains_key(first_word(rest)),
                            _ => eval(rest, macros) != 0,
                        };
                    stack.push((cond, cond, active));
                }
                "elif" => {
                    if let Some(f) = stack.last_mut() {
                        let cond = f.2 && !f.1 && eval(rest, macros) != 0;
                        f.0 = cond;
                        f.1 |= cond;
                    }
                }
                "else" => {
                    if let Some(f) = stack.last_mut() {
                        f.0 = f.2 && !f.1;
                        f.1 = true;
                    }
                }
                "endif" => {
                    stack.pop();
                }
                "define" if active => {
                    let (name, mac) = parse_define(rest);
                    macros.insert(name, mac);
                }
                "undef" if active => {
                    macros.remove(first_word(rest));
                }
                "include" if active && depth < 16 => {
                    let file = rest.trim().trim_matches(['"', '<', '>']);
                    if let Some(included) = dir.and_then(|d| std::fs::read_to_string(d.join(file)).ok()) {
                        let sub = dir.map(|d| d.join(file)).and_then(|p| p.parent().map(Path::to_path_buf));
                        let expanded = run(&included, sub.as_deref(), macros, depth + 1);
                        out.push_str(&expanded.replace('\n', " "));
                    }
                }
                _ => {}
            }
            out.push_str(&"\n".repeat(lines));
            continue;
        }
        if active {
            out.push_str(&expand(&line, macros, &mut HashSet::new(), 0));
        }
        // Track block comments so that `#` inside them is not taken for a directive.
        let mut rest = line.as_str();
        loop {
            if in_comment {
                match rest.find("*/") {
                    Some(i) => {
                        in_comment = false;
                        rest = &rest[i + 2..];
                    }
                    None => break,
                }
            } else {
                let cut = rest.find("//").unwrap_or(rest.len());
                match rest[..cut].find("/*") {
                    Some(i) => {
                        in_comment = true;
                        rest = &rest[i + 2..];
                    }
                    None => break,
                }
            }
        }
        out.push_str(&"\n".repeat(lines));
    }
    out
}

fn strip_comments(s: &str) -> String {
    let s = s.split("//").next().unwrap_or("");
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find("/*") {
        out.push_str(&rest[..i]);
        rest = rest[i + 2..].split_once("*/").map_or("", |(_, r)| r);
        out.push(' ');
    }
    out.push_str(rest);
    out.trim().to_string()
}

fn first_word(s: &str) -> &str {
    s.split(|c: char| !(c.is_alphanumeric() || c == '_')).find(|w| !w.is_empty()).unwrap_or("")
}

/// `-D NAME[=VALUE]` options of the first `RUN:` line.
fn run_line_defines(text: &str) -> Vec<(String, String)> {
    let Some(run) = text.lines().find(|l| l.contains("RUN:")) else { return Vec::new() };
    let words: Vec<&str> = run.split_whitespace().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        let def = if w == "-D" || w == "/D" {
            i += 1;
            words.get(i).copied()
        } else {
            w.strip_prefix("-D").or_else(|| w.strip_prefix("/D"))
        };
        if let Some(def) = def {
            let (name, value) = def.split_once('=').unwrap_or((def, "1"));
            out.push((name.to_string(), value.trim_matches('"').to_string()));
        }
        i += 1;
    }
    out
}

fn parse_define(rest: &str) -> (String, Macro) {
    let name_len = rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len());
    let name = rest[..name_len].to_string();
    let after = &rest[name_len..];
    if let Some(params) = after.strip_prefix('(') {
        let (list, body) = params.split_once(')').unwrap_or((params, ""));
        let params = list.split(',').map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect();
        (name, Macro { params: Some(params), body: body.trim().to_string() })
    } else {
        (name, Macro { params: None, body: after.trim().to_string() })
    }
}

/// Rough C tokens: words, numbers, strings, and single characters.
fn tokens(s: &str) -> Vec<String> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        if c.is_ascii_alphanumeric() || c == b'_' {
            while i < b.len()
                && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || (b[i] == b'.' && b[start].is_ascii_digit()))
            {
                i += 1;
            }
        } else if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
        } else if c == b'/' && b.get(i + 1) == Some(&b'/') {
            i = b.len();
        } else if c == b'#' && b.get(i + 1) == Some(&b'#') {
            i += 2;
        } else {
            i += s[i..].chars().next().map_or(1, char::len_utf8);
        }
        out.push(s[start..i].to_string());
    }
    out
}

fn is_word(t: &str) -> bool {
    t.starts_with(|c: char| c.is_alphabetic() || c == '_')
}

fn expand(line: &str, macros: &HashMap<String, Macro>, hidden: &mut HashSet<String>, depth: usize) -> String {
    if depth > 32 {
        return line.to_string();
    }
    let toks = tokens(line);
    let mut out = String::new();
    let mut i = 0;
    while i < toks.len() {
        let t = &toks[i];
        if t.starts_with("//") {
            break;
        }
        let Some(m) = macros.get(t).filter(|_| is_word(t) && !hidden.contains(t)) else {
            out.push_str(t);
            i += 1;
            continue;
        };
        let mut body = m.body.clone();
        if let Some(params) = &m.params {
            // Find the argument list.
            let mut j = i + 1;
            while j < toks.len() && toks[j].trim().is_empty() {
                j += 1;
            }
            if toks.get(j).map(String::as_str) != Some("(") {
                out.push_str(t);
                i += 1;
                continue;
            }
            let mut args = vec![String::new()];
            let mut level = 0;
            j += 1;
            while j < toks.len() {
                match toks[j].as_str() {
                    "(" => level += 1,
                    ")" if level == 0 => break,
                    ")" => level -= 1,
                    "," if level == 0 => {
                        args.push(String::new());
                        j += 1;
                        continue;
                    }
                    _ => {}
                }
                args.last_mut().unwrap().push_str(&toks[j]);
                j += 1;
            }
            let body_toks = tokens(&body);
            let mut substituted = String::new();
            let mut k = 0;
            while k < body_toks.len() {
                let bt = &body_toks[k];
                if bt == "#" {
                    if let Some(p) = body_toks.get(k + 1).and_then(|n| params.iter().position(|p| p == n)) {
                        substituted.push_str(&format!("{:?}", args.get(p).map_or("", |a| a.trim())));
                        k += 2;
                        continue;
                    }
                }
                match params.iter().position(|p| p == bt) {
                    Some(p) => substituted.push_str(args.get(p).map_or("", |a| a.trim())),
                    None => substituted.push_str(bt),
                }
                k += 1;
            }
            body = substituted;
            i = j + 1;
        } else {
            i += 1;
        }
        let body = body.replace(" ## ", "").replace("##", "");
        hidden.insert(t.clone());
        out.push(' ');
        out.push_str(&expand(&body, macros, hidden, depth + 1));
        out.push(' ');
        hidden.remove(t);
    }
    out
}

/// Evaluates a `#if` expression (integers, `defined`, C operators; unknown names are 0).
fn eval(expr: &str, macros: &HashMap<String, Macro>) -> i64 {
    // Resolve `defined` before expanding macros.
    let toks = tokens(expr);
    let mut resolved = String::new();
    let mut i = 0;
    while i < toks.len() {
        if toks[i] == "defined" {
            let mut j = i + 1;
            let mut paren = false;
            while j < toks.len() && (toks[j].trim().is_empty() || toks[j] == "(") {
                paren |= toks[j] == "(";
                j += 1;
            }
            let name = toks.get(j).cloned().unwrap_or_default();
            resolved.push_str(if macros.contains_key(&name) { " 1 " } else { " 0 " });
            j += 1;
            if paren {
                while j < toks.len() && toks[j] != ")" {
                    j += 1;
                }
                j += 1;
            }
            i = j;
        } else {
            resolved.push_str(&toks[i]);
            i += 1;
        }
    }
    let expanded = expand(&resolved, macros, &mut HashSet::new(), 0);
    let toks: Vec<String> = tokens(&expanded).into_iter().filter(|t| !t.trim().is_empty()).collect();
    let mut p = ExprParser { toks: join_operators(toks), i: 0 };
    p.conditional()
}

fn join_operators(toks: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for t in toks {
        if let Some(last) = out.last_mut() {
            let pair = format!("{last}{t}");
            if ["&&", "||", "==", "!=", "<=", ">=", "<<", ">>"].contains(&pair.as_str()) {
                *last = pair;
                continue;
            }
        }
        out.push(t);
    }
    out
}

struct ExprParser {
    toks: Vec<String>,
    i: usize,
}

impl ExprParser {
    fn peek(&self) -> &str {
        self.toks.get(self.i).map_or("", String::as_str)
    }

    fn conditional(&mut self) -> i64 {
        let c = self.binary(0);
        if self.peek() == "?" {
            self.i += 1;
            let a = self.conditional();
            if self.peek() == ":" {
                self.i += 1;
            }
            let b = self.conditional();
            return if c != 0 { a } else { b };
        }
        c
    }

    fn binary(&mut self, min: u8) -> i64 {
        let mut lhs = self.unary();
        loop {
            let op = self.peek().to_string();
            let prec = match op.as_str() {
                "||" => 1,
                "&&" => 2,
                "|" => 3,
                "^" => 4,
                "&" => 5,
                "==" | "!=" => 6,
                "<" | ">" | "<=" | ">=" => 7,
                "<<" | ">>" => 8,
                "+" | "-" => 9,
                "*" | "/" | "%" => 10,
                _ => return lhs,
            };
            if prec < min {
                return lhs;
            }
            self.i += 1;
            let rhs = self.binary(prec + 1);
            lhs = match op.as_str() {
                "||" => (lhs != 0 || rhs != 0) as i64,
                "&&" => (lhs != 0 && rhs != 0) as i64,
                "|" => lhs | rhs,
                "^" => lhs ^ rhs,
                "&" => lhs & rhs,
                "==" => (lhs == rhs) as i64,
                "!=" => (lhs != rhs) as i64,
                "<" => (lhs < rhs) as i64,
                ">" => (lhs > rhs) as i64,
                "<=" => (lhs <= rhs) as i64,
                ">=" => (lhs >= rhs) as i64,
                "<<" => lhs.wrapping_shl(rhs as u32),
                ">>" => lhs.wrapping_shr(rhs as u32),
                "+" => lhs.wrapping_add(rhs),
                "-" => lhs.wrapping_sub(rhs),
                "*" => lhs.wrapping_mul(rhs),
                "/" => lhs.checked_div(rhs).unwrap_or(0),
                _ => lhs.checked_rem(rhs).unwrap_or(0),
            };
        }
    }

    fn unary(&mut self) -> i64 {
        let t = self.peek().to_string();
        self.i += 1;
        match t.as_str() {
            "!" => (self.unary() == 0) as i64,
            "-" => self.unary().wrapping_neg(),
            "+" => self.unary(),
            "~" => !self.unary(),
            "(" => {
                let v = self.conditional();
                if self.peek() == ")" {
                    self.i += 1;
                }
                v
            }
            _ => {
                let digits = t.trim_end_matches(['u', 'U', 'l', 'L']);
                if let Some(hex) = digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
                    i64::from_str_radix(hex, 16).unwrap_or(0)
                } else {
                    digits.parse().unwrap_or(0)
                }
            }
        }
    }
}

#[test]
fn the_test_preprocessor_works() {
    let src = "// RUN: %dxc -T ps_6_0 -DN=3 %s\n#define T float\n#define ADD(a, b) ((a) + (b))\n#if N > 2 && defined(T)\nT x = ADD(1, N);\n#else\nint y;\n#endif\n";
    let out = preprocess(src, None);
    assert_eq!(out.lines().count(), src.lines().count());
    assert!(!out.contains("int y"), "{out}");
    let (map, unit, diagnostics) = parse_source("pp.hlsl", &out);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let dump = hlslc_grammar::parser::dump::translation_unit(&unit, &map);
    assert!(dump.contains("Variable @5:2 float\n  x @5:9 = (+ 1 3)"), "{dump}");
}
