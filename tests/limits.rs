//! Adversarial inputs: every one must end in a diagnostic or a compiled module — never a
//! panic, a crash, a hang or runaway memory. Each input is compiled in a child process (the
//! CLI's code path), whose CPU time (user + system, from `wait4`) must stay under 5 s and
//! whose peak resident memory (`VmHWM`, sampled) under 512 MB. CPU time rather than wall time keeps the
//! check meaningful on a loaded 2-core CI machine; a wall-clock watchdog (60 s) catches hangs.
//!
//! The limits hit here and where they live:
//! - nesting: the parser's bracket nesting (`grammar/src/parser/adapter.rs`) and tree depth
//!   (`grammar/src/parser/depth.rs`, 1024), sema depth (`lowering/src/sema/mod.rs`, 512);
//! - macro expansion: `max_expanded_tokens` (2 Mi tokens) and the expansion nesting limits;
//! - include depth: `max_include_depth` (200, as clang), cycles named;
//! - source size: `max_source_size` (16 MiB over all files read, each inclusion counted);
//! - array sizes: each dimension 1 ..= 2^24 and a whole array ≤ 1 GiB
//!   (`lowering/src/sema/types.rs`);
//! - loop unrolling: hlslc unrolls only `[unroll]` loops that choose resources (sema analyses
//!   one body copy per iteration, at most 1024 per loop and 4096 for nested loops together,
//!   `lowering/src/sema/unroll.rs`); otherwise `[unroll(N)]` is a hint passed to the driver and
//!   costs nothing whatever N is; a constant trip count above 1024 under `[unroll]` is
//!   rejected as DXC does (`E0619`), without counting.
//!
//! These run the debug build (what `cargo test` builds), so the bounds hold with room to
//! spare in release.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const CPU_LIMIT: Duration = Duration::from_secs(5);
const RSS_LIMIT_KB: i64 = 512 * 1024;
const WATCHDOG: Duration = Duration::from_secs(60);

struct Run {
    code: Option<i32>,
    signal: Option<i32>,
    stderr: String,
    cpu: Duration,
    wall: Duration,
    max_rss_kb: i64,
}

fn temp_path(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("limits");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Writes `files` (name, bytes) next to each other and compiles the first in a child process.
///
/// The child is this test binary re-executed in the mode of [`limits_child`] (the same code
/// path as the CLI: read the file, replace invalid UTF-8, compile with the filesystem include
/// resolver on an 8 MiB stack, write WGSL). Not the `hlslc` binary itself: in a target
/// directory shared by several checkouts, `target/debug/hlslc` may belong to another one.
fn hlslc(files: &[(&str, &[u8])], args: &[&str]) -> Run {
    assert!(args.is_empty(), "the child takes no flags");
    let paths: Vec<PathBuf> = files
        .iter()
        .map(|(name, bytes)| {
            let p = temp_path(name);
            std::fs::File::create(&p).unwrap().write_all(bytes).unwrap();
            p
        })
        .collect();
    let out = temp_path(&format!("{}.out", files[0].0));
    let err_path = temp_path(&format!("{}.stderr", files[0].0));
    let err_file = std::fs::File::create(&err_path).unwrap();
    let start = Instant::now();
    let child = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "limits_child", "--nocapture", "--test-threads", "1", "-q"])
        .env("HLSLC_LIMITS_INPUT", &paths[0])
        .env("HLSLC_LIMITS_OUTPUT", &out)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(err_file)
        .spawn()
        .expect("spawning the child");
    let pid = child.id() as libc::pid_t;
    // Watchdog and memory sampler: VmHWM (the high-water mark of the child's own address
    // space, fresh after exec) every 2 ms; kill the child if it runs away in wall time.
    let sampler = std::thread::spawn(move || {
        let t = Instant::now();
        let mut hwm_kb = 0i64;
        let status = format!("/proc/{pid}/status");
        while t.elapsed() < WATCHDOG {
            match std::fs::read_to_string(&status) {
                Ok(s) => match s.lines().find(|l| l.starts_with("VmHWM:")) {
                    Some(l) => {
                        let kb = l.split_whitespace().nth(1).and_then(|v| v.parse().ok()).unwrap_or(0);
                        hwm_kb = hwm_kb.max(kb);
                    }
                    None => return hwm_kb, // a zombie: it has exited
                },
                Err(_) => return hwm_kb,
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        // SAFETY: the child is ours and has not been reaped (wait4 below has not returned).
        unsafe { libc::kill(pid, libc::SIGKILL) };
        hwm_kb
    });
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid out-parameter for wait4.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: pid is our child; status and usage are valid out-pointers.
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(r, pid, "wait4 failed");
    let wall = start.elapsed();
    std::mem::forget(child); // reaped by wait4 above
    let max_rss_kb = sampler.join().unwrap();
    let tv = |t: libc::timeval| Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64);
    Run {
        code: libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)),
        signal: libc::WIFSIGNALED(status).then(|| libc::WTERMSIG(status)),
        stderr: std::fs::read_to_string(&err_path).unwrap_or_default(),
        cpu: tv(usage.ru_utime) + tv(usage.ru_stime),
        wall,
        max_rss_kb,
    }
}

/// The child process of [`hlslc`]: does nothing unless `HLSLC_LIMITS_INPUT` is set (so it
/// passes trivially in a normal run); then compiles that file as the CLI would and exits with
/// 0 (compiled) or 1 (diagnostics).
#[test]
fn limits_child() {
    let Some(input) = std::env::var_os("HLSLC_LIMITS_INPUT") else { return };
    let output = std::env::var_os("HLSLC_LIMITS_OUTPUT").expect("HLSLC_LIMITS_OUTPUT");
    let code = std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(move || {
            let bytes = std::fs::read(&input).expect("reading the input");
            let name = PathBuf::from(&input).display().to_string();
            let source = hlslc::Source::new(name, String::from_utf8_lossy(&bytes).into_owned());
            let options = hlslc::Options::new("cs_6_0");
            match hlslc::compile_with(&source, &options, &mut hlslc::fs::FsResolver) {
                Ok(c) => match c.wgsl() {
                    Ok(w) => {
                        std::fs::write(&output, w).expect("writing the output");
                        0
                    }
                    Err(e) => {
                        eprintln!("{}", e.render());
                        1
                    }
                },
                Err(e) => {
                    eprintln!("{}", e.render());
                    1
                }
            }
        })
        .unwrap()
        .join()
        .unwrap_or(101);
    std::process::exit(code);
}

/// Checks the bounds and the outcome: `Ok(())` = compiled, `Err(code)` = rejected with a
/// diagnostic whose text contains `expect`.
fn check(name: &str, run: &Run, outcome: Result<(), &str>) {
    eprintln!(
        "{name}: exit {:?}, {:.2} s CPU, {:.2} s wall, {} MB peak RSS",
        run.code,
        run.cpu.as_secs_f64(),
        run.wall.as_secs_f64(),
        run.max_rss_kb / 1024
    );
    assert!(run.signal.is_none(), "{name}: hlslc died of signal {:?} (wall {:?})\n{}", run.signal, run.wall, tail(&run.stderr));
    assert_ne!(run.code, Some(101), "{name}: hlslc panicked\n{}", tail(&run.stderr));
    assert!(!run.stderr.contains("panicked"), "{name}: hlslc panicked\n{}", tail(&run.stderr));
    assert!(run.cpu < CPU_LIMIT, "{name}: {:?} of CPU time (limit {CPU_LIMIT:?})", run.cpu);
    assert!(run.max_rss_kb < RSS_LIMIT_KB, "{name}: {} MB peak RSS (limit 512 MB)", run.max_rss_kb / 1024);
    match outcome {
        Ok(()) => assert_eq!(run.code, Some(0), "{name}: expected to compile\n{}", tail(&run.stderr)),
        Err(text) => {
            assert_eq!(run.code, Some(1), "{name}: expected a diagnostic\n{}", tail(&run.stderr));
            assert!(run.stderr.contains(text), "{name}: expected a diagnostic mentioning `{text}`:\n{}", tail(&run.stderr));
        }
    }
}

fn tail(s: &str) -> String {
    let lines: Vec<&str> = s.lines().collect();
    lines[lines.len().saturating_sub(40)..].join("\n")
}

const KERNEL: &str = "RWStructuredBuffer<uint> o : register(u0);\n[numthreads(1, 1, 1)]\nvoid main() {\n    o[0] = 1;\n}\n";

fn kernel_with(body: &str) -> String {
    format!("RWStructuredBuffer<float> o : register(u0);\n[numthreads(1, 1, 1)]\nvoid main() {{\n{body}\n}}\n")
}

#[test]
fn nested_parentheses_100_000() {
    let src = kernel_with(&format!("    o[0] = {}1{};", "(".repeat(100_000), ")".repeat(100_000)));
    check("100000 nested parentheses", &hlslc(&[("parens.hlsl", src.as_bytes())], &[]), Err("nest"));
}

#[test]
fn nested_blocks_and_unary_operators_100_000() {
    let src = kernel_with(&format!("{}o[0] = 1;{}", "{".repeat(100_000), "}".repeat(100_000)));
    check("100000 nested blocks", &hlslc(&[("blocks.hlsl", src.as_bytes())], &[]), Err("nest"));
    let src = kernel_with(&format!("    o[0] = {}1;", "-~".repeat(50_000)));
    check("100000 prefix operators", &hlslc(&[("prefix.hlsl", src.as_bytes())], &[]), Err("nest"));
    // Below the limits, deep but legal nesting compiles.
    let src = kernel_with(&format!("    o[0] = {}1{};", "(".repeat(200), ")".repeat(200)));
    check("200 nested parentheses", &hlslc(&[("parens200.hlsl", src.as_bytes())], &[]), Ok(()));
}

#[test]
fn exponential_macros() {
    // M39 expands to 2^39 copies of `a`.
    let mut src = String::from("#define M0(x) x x\n");
    for i in 1..40 {
        src += &format!("#define M{i}(x) M{p}(M{p}(x))\n", p = i - 1);
    }
    src += "static const int a = 1;\nint f() { return M39(a); }\n";
    src += KERNEL;
    check("exponential function-like macros", &hlslc(&[("expmacro.hlsl", src.as_bytes())], &[]), Err("max_expanded_tokens"));
    // Object-like doubling: #define B1 B0 B0, …
    let mut src = String::from("#define B0 1+\n");
    for i in 1..64 {
        src += &format!("#define B{i} B{p} B{p}\n", p = i - 1);
    }
    src += "static const int b = B63 1;\n";
    src += KERNEL;
    check("exponential object-like macros", &hlslc(&[("expobj.hlsl", src.as_bytes())], &[]), Err("max_expanded_tokens"));
}

#[test]
fn fifty_megabyte_file() {
    // 50 MB of declarations: rejected by the source-size limit before any lexing.
    let mut src = String::with_capacity(50 << 20);
    let mut i = 0;
    while src.len() < 50_000_000 {
        src += &format!("static const float c{i} = {i}.0f * 2.0f;\n");
        i += 1;
    }
    src += KERNEL;
    check("50 MB file", &hlslc(&[("big.hlsl", src.as_bytes())], &[]), Err("source exceeds the limit"));
    // The same through includes: a small file that includes a 10 MB header twice.
    let header = "/* filler */ static const int h = 1;\n".repeat(10_000_000 / 37);
    let main = format!("#include \"big_header.hlsli\"\n#undef X\n#include \"big_header.hlsli\"\n{KERNEL}");
    check(
        "2 x 10 MB includes",
        &hlslc(&[("big_main.hlsl", main.as_bytes()), ("big_header.hlsli", header.as_bytes())], &[]),
        Err("source exceeds the limit"),
    );
}

#[test]
fn include_depth_and_cycles() {
    check(
        "self-include",
        &hlslc(&[("selfinc.hlsl", b"#include \"selfinc.hlsl\"\n")], &[]),
        Err("includes itself"),
    );
    // A chain of 300 distinct files.
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    files.push(("chain_main.hlsl".into(), format!("#include \"chain1.hlsli\"\n{KERNEL}").into_bytes()));
    for i in 1..300 {
        files.push((format!("chain{i}.hlsli"), format!("#include \"chain{}.hlsli\"\n", i + 1).into_bytes()));
    }
    files.push(("chain300.hlsli".into(), b"// end\n".to_vec()));
    let refs: Vec<(&str, &[u8])> = files.iter().map(|(n, b)| (n.as_str(), b.as_slice())).collect();
    check("300 nested includes", &hlslc(&refs, &[]), Err("nested too deeply"));
}

#[test]
fn nul_bytes_invalid_utf8_crlf_bom() {
    let nul = KERNEL.replace("o[0] = 1;", "o[0] = 1; \0 \0");
    check("NUL bytes", &hlslc(&[("nul.hlsl", nul.as_bytes())], &[]), Ok(()));
    let mut bad = b"// caf\xe9 \xff\xfe\n".to_vec();
    bad.extend_from_slice(KERNEL.as_bytes());
    check("invalid UTF-8 in a comment", &hlslc(&[("utf8_comment.hlsl", &bad)], &[]), Ok(()));
    let bad_code = KERNEL.replace("o[0] = 1;", "o[0] = 1\u{fffd};").replace('\u{fffd}', "\u{1}");
    let mut bad_code = bad_code.into_bytes();
    let at = bad_code.iter().position(|&b| b == 1).unwrap();
    bad_code[at] = 0xFF;
    check("invalid UTF-8 in code", &hlslc(&[("utf8_code.hlsl", &bad_code)], &[]), Err("invalid character"));
    // 64 KB of all byte values: diagnostics (capped at MAX_ERRORS = 200 rendered; one per
    // invalid character is generated, about 15 µs per input byte in a debug build).
    let noise: Vec<u8> = (0..65_536u32).map(|i| (i.wrapping_mul(2654435761) >> 11) as u8).collect();
    let run = hlslc(&[("noise.hlsl", &noise)], &[]);
    check("binary noise", &run, Err("error"));

    // CRLF line endings and a UTF-8 BOM compile to exactly what LF without BOM gives.
    let lf = hlslc(&[("lf.hlsl", KERNEL.as_bytes())], &[]);
    check("LF", &lf, Ok(()));
    let mut crlf = b"\xef\xbb\xbf".to_vec();
    crlf.extend_from_slice(KERNEL.replace('\n', "\r\n").as_bytes());
    let run = hlslc(&[("crlf_bom.hlsl", &crlf)], &[]);
    check("CRLF + BOM", &run, Ok(()));
    let a = std::fs::read(temp_path("lf.hlsl.out")).unwrap();
    let b = std::fs::read(temp_path("crlf_bom.hlsl.out")).unwrap();
    assert_eq!(String::from_utf8_lossy(&a), String::from_utf8_lossy(&b), "CRLF/BOM changed the output");
    // A lone CR, and a backslash-CRLF line continuation inside a macro.
    let cr = "#define TWO \\\r\n 2\r\nRWStructuredBuffer<uint> o : register(u0);\r[numthreads(1, 1, 1)]\rvoid main() { o[0] = TWO; }\r";
    check("CR and backslash-CRLF", &hlslc(&[("cr.hlsl", cr.as_bytes())], &[]), Ok(()));
}

#[test]
fn array_sizes() {
    for (name, decl) in [
        ("local 10^9", "float a[1000000000]; a[o[0]] = 1; o[1] = a[3];"),
        ("nested 2^48", "float a[65536][65536][65536]; a[0][0][o[0]] = 1; o[1] = a[3][2][1];"),
        ("struct array 2^31 bytes", "struct S { float4x4 m[64]; }; S a[1 << 20]; o[1] = a[o[0]].m[0][0][0];"),
    ] {
        check(&format!("array {name}"), &hlslc(&[("array.hlsl", kernel_with(decl).as_bytes())], &[]), Err("array"));
    }
    let src = format!("groupshared float g[4000000000];\n{}", kernel_with("g[o[0]] = 1; o[1] = g[2];"));
    check("groupshared 4e9", &hlslc(&[("gs.hlsl", src.as_bytes())], &[]), Err("array size"));
    let src = format!("static const float t[100000000] = {{ 1, 2, 3 }};\n{}", kernel_with("o[1] = t[o[0]];"));
    check("static const 10^8", &hlslc(&[("sc.hlsl", src.as_bytes())], &[]), Err("array size"));
    // A large but legal array compiles quickly (naga represents it by its size, not its elements).
    let src = kernel_with("float a[1000000]; a[o[0]] = 1; o[1] = a[3];");
    check("array 10^6", &hlslc(&[("array_ok.hlsl", src.as_bytes())], &[]), Ok(()));
}

#[test]
fn aggregate_work_stays_linear() {
    // A 1536-element constant-buffer array converted to a 2-D array and to an array of
    // structs (DXC's constant_cast test): each element is read once, not the whole array per
    // element (which took 26 s and 3 GB).
    let src = "struct ST { float4 a; float4 b; float4 c; };\ncbuffer cb : register(b4) {\n    float4 v[2 * 256 * 3];\n    static const float4 v2d[512][3] = v;\n    static const ST vst[512] = v;\n};\nRWStructuredBuffer<float4> o : register(u0);\n[numthreads(1, 1, 1)]\nvoid main(uint i : SV_DispatchThreadID) { o[0] = v2d[i][1] + vst[i].b; }\n";
    check("flat conversion of a 1536-element array", &hlslc(&[("flat.hlsl", src.as_bytes())], &[]), Ok(()));
    // Nested [unroll] loops choosing resources: the copies stop multiplying at a budget (the
    // inner loop stays a loop) instead of analysing 10^6 copies.
    let src = format!(
        "Texture2D t[4] : register(t0);\n{}",
        kernel_with("float4 acc = 0; [unroll] for (uint i = 0; i < 1000; ++i) { [unroll] for (uint j = 0; j < 1000; ++j) { Texture2D tex = t[(i + j) % 4]; acc += tex.Load(int3(i, j, 0)); } } o[0] = acc.x;")
    );
    check("nested [unroll] 1000 x 1000 choosing resources", &hlslc(&[("unroll_nested.hlsl", src.as_bytes())], &[]), Ok(()));
}

#[test]
fn loop_unrolling_is_bounded() {
    let src = kernel_with("float s = 0; [unroll] for (uint i = 0; i < 1000000000; ++i) { s += o[i]; } o[0] = s;");
    // Rejected as DXC does (more than 1024 iterations), in constant time.
    check("[unroll] 10^9 iterations", &hlslc(&[("unroll.hlsl", src.as_bytes())], &[]), Err("could not unroll the loop"));
    let src = kernel_with("float s = 0; [unroll(1000000000)] for (uint i = 0; i < 10; ++i) { s += o[i]; } o[0] = s;");
    check("[unroll(10^9)]", &hlslc(&[("unroll_n.hlsl", src.as_bytes())], &[]), Ok(()));
    // 10 000 nested loops hit the nesting limit instead of the stack.
    let src = kernel_with(&format!("{}o[0] = 1;", "for (;;) ".repeat(10_000)));
    check("10000 nested loops", &hlslc(&[("loops.hlsl", src.as_bytes())], &[]), Err("nest"));
}

#[test]
fn long_tokens_and_many_declarations() {
    let ident = "x".repeat(1 << 20);
    let src = kernel_with(&format!("float {ident} = 1; o[0] = {ident};"));
    check("1 MiB identifier", &hlslc(&[("ident.hlsl", src.as_bytes())], &[]), Ok(()));
    let src = kernel_with(&format!("o[0] = {}1;", "1+".repeat(100_000)));
    check("100000-term sum", &hlslc(&[("sum.hlsl", src.as_bytes())], &[]), Err("nest"));
    // 20 000 functions, each called once.
    let mut src = String::new();
    for i in 0..20_000 {
        src += &format!("float f{i}(float x) {{ return x * {i}.0f; }}\n");
    }
    src += &kernel_with(&format!("o[0] = {};", (0..20_000).step_by(1000).map(|i| format!("f{i}(o[1])")).collect::<Vec<_>>().join(" + ")));
    check("20000 functions", &hlslc(&[("funcs.hlsl", src.as_bytes())], &[]), Ok(()));
}
