//! The installed command line, run as a user runs it: `--help` grouped like DXC's, the exit
//! codes the help documents, `--emit` writing several outputs of one compilation, batch mode
//! (several files into `-o DIR/`, and `hlslc build shaders.toml`) with its summary line, and
//! the progress bar (`--progress`: its bytes, none on a pipe, drawn on a pseudo-terminal).
//! Outputs are compared with what the library produces for the same options and validated
//! (naga's WGSL front end, `spirv-val`).

#[path = "support/validate.rs"]
#[allow(dead_code)]
mod validate;

use std::path::{Path, PathBuf};
use std::process::Command;

const COLLATZ: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/shaders/collatz.hlsl");
const BLUR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/shaders/blur.hlsl");

/// Runs the CLI in `dir`: (exit code, stdout, stderr).
fn hlslc(dir: &Path, args: &[&str]) -> (i32, Vec<u8>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_hlslc")).current_dir(dir).args(args).output().expect("run hlslc");
    (out.status.code().expect("exit code"), out.stdout, String::from_utf8_lossy(&out.stderr).into_owned())
}

/// A fresh, empty directory for one test, removed when the test ends (also when it fails).
fn scratch(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("hlslc-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn library(path: &str, options: &hlslc::Options) -> hlslc::Compiled {
    let text = std::fs::read_to_string(path).unwrap();
    hlslc::compile_with(&hlslc::Source::new(path, text), options, &mut hlslc::fs::FsResolver).unwrap_or_else(|e| panic!("{}", e.render()))
}

fn words(bytes: &[u8]) -> Vec<u32> {
    assert_eq!(bytes.len() % 4, 0);
    bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

const BAD: &str = "[numthreads(1, 1, 1)]\nvoid main() { undeclared = 1; }\n";

#[test]
fn help_groups_the_options_like_dxc() {
    let (code, stdout, _) = hlslc(Path::new("."), &["--help"]);
    assert_eq!(code, 0);
    let help = String::from_utf8(stdout).unwrap();
    let mut at = 0;
    for heading in ["Compilation Options:", "SPIR-V CodeGen Options:", "Warning Options:", "Output Options:", "Binding Options:", "Batch mode:", "Exit codes:"] {
        let i = help[at..].find(heading).unwrap_or_else(|| panic!("no `{heading}` after byte {at} in\n{help}")) + at;
        at = i + heading.len();
    }
    let section = |heading: &str| {
        let start = help.find(heading).unwrap();
        let end = help[start + 1..].find("\n\n\n").map_or(help.len(), |e| start + 1 + e);
        help[start..end].to_string()
    };
    // Where DXC lists them.
    for flag in ["-T, --profile", "-E, --entry", "-D <NAME", "-I <DIR>", "--HV", "--enable-16bit-types", "--Zpr", "--Gec"] {
        assert!(section("Compilation Options:").contains(flag), "{flag} is not under Compilation Options");
    }
    for flag in ["--spirv", "--fvk-b-shift", "--fvk-bind-register"] {
        assert!(section("SPIR-V CodeGen Options:").contains(flag), "{flag} is not under SPIR-V CodeGen Options");
    }
    assert!(section("Output Options:").contains("--progress <WHEN>"), "{help}");
    assert!(help.contains("2  usage errors"), "{help}");
}

#[test]
fn exit_codes_are_as_documented() {
    let dir = scratch("exit");
    std::fs::write(dir.join("bad.hlsl"), BAD).unwrap();
    let (code, stdout, _) = hlslc(&dir, &["-T", "cs_6_0", COLLATZ]);
    assert_eq!(code, 0, "success");
    assert!(String::from_utf8(stdout).unwrap().contains("@compute"));
    let (code, _, stderr) = hlslc(&dir, &["-T", "cs_6_0", "bad.hlsl"]);
    assert_eq!(code, 1, "a compile error: {stderr}");
    assert!(stderr.contains("undeclared"), "{stderr}");
    let (code, _, stderr) = hlslc(&dir, &["-T", "cs_6_0", "--no-such-flag", COLLATZ]);
    assert_eq!(code, 2, "a usage error: {stderr}");
    let (code, _, stderr) = hlslc(&dir, &["-T", "cs_6_0", "missing.hlsl"]);
    assert_eq!(code, 2, "an unreadable input: {stderr}");
    assert!(stderr.contains("cannot read `missing.hlsl`"), "{stderr}");
    let (code, _, stderr) = hlslc(&dir, &["-T", "cs_6_0", COLLATZ, "-Fo", "no/such/dir/out.wgsl"]);
    assert_eq!(code, 2, "an unwritable output: {stderr}");
    let (code, _, stderr) = hlslc(&dir, &["-T", "cs_6_0", COLLATZ, BLUR]);
    assert_eq!(code, 2, "several inputs need -o DIR/: {stderr}");
    assert!(stderr.contains("-o DIR/"), "{stderr}");
}

/// A flag given twice takes its last value, as in DXC (an MSBuild project's `-HV 2021` in its
/// defaults and again in an item's own options): no usage error. Templates need HLSL 2021, so
/// which `-HV` won shows.
#[test]
fn a_repeated_flag_takes_its_last_value() {
    let dir = scratch("repeated");
    std::fs::write(dir.join("t.hlsl"), "template <typename T> T twice(T v) { return v + v; }\nRWStructuredBuffer<uint> o;\n[numthreads(1, 1, 1)]\nvoid main() { o[0] = twice(2u); }\n").unwrap();
    let (code, _, stderr) = hlslc(&dir, &["-T", "cs_6_0", "-HV", "2018", "-HV", "2021", "t.hlsl"]);
    assert_eq!(code, 0, "the last -HV is 2021: {stderr}");
    let (code, _, stderr) = hlslc(&dir, &["-T", "cs_6_0", "-HV", "2021", "-HV", "2018", "t.hlsl"]);
    assert_eq!(code, 1, "the last -HV is 2018, without templates: {stderr}");
    let (code, _, stderr) = hlslc(&dir, &["-T", "cs_6_0", "-Zpr", "-Zpr", "-E", "main", "-E", "main", "t.hlsl"]);
    assert_eq!(code, 0, "repeated switches and values: {stderr}");
}

#[test]
fn non_ascii_arguments_are_values_not_flags() {
    // The command line looks for joined flags (`-Fofile`) in every argument, and once sliced
    // each after its first byte: a file or entry-point name starting with a character of
    // several bytes (`écran.hlsl`, Tint's `-E 𝕖𝕟𝕥𝕣𝕪𝕡𝕠𝕚𝕟𝕥`) panicked there.
    let dir = scratch("non-ascii");
    std::fs::write(dir.join("écran.hlsl"), "RWStructuredBuffer<uint> o;\n[numthreads(1, 1, 1)]\nvoid main() { o[0] = 1; }\n").unwrap();
    let (code, _, stderr) = hlslc(&dir, &["-T", "cs_6_0", "écran.hlsl", "-Fo", "écran.spv"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(dir.join("écran.spv").exists());
    let (code, _, stderr) = hlslc(&dir, &["-T", "cs_6_0", "-E", "𝕖𝕟𝕥𝕣𝕪𝕡𝕠𝕚𝕟𝕥", "écran.hlsl"]);
    assert_eq!(code, 1, "no such entry point, reported without a panic: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Adversarial command lines: non-ASCII file names (existing and not), `-D`/`-E`/`-I`/`-Fo`
/// values, joined and slash forms, binding flags with malformed numbers and registers, empty
/// strings. Each ends with a diagnostic and exit code 0, 1 or 2, never a panic (101) or a
/// signal. `-fvk-bind-register é0 …` panicked (the register's class letter was sliced at byte
/// 1, inside `é`).
#[test]
fn adversarial_arguments_are_diagnosed_never_a_panic() {
    let dir = scratch("adversarial");
    let shader = "RWStructuredBuffer<uint> o;\n[numthreads(1, 1, 1)]\nvoid main() { o[0] = 1; }\n";
    std::fs::write(dir.join("ok.hlsl"), shader).unwrap();
    std::fs::write(dir.join("écran.hlsl"), shader).unwrap();
    std::fs::create_dir_all(dir.join("dossier_é")).unwrap();
    let long = "9".repeat(400);
    let flags: &[&[&str]] = &[
        &["-fvk-bind-register", "é0", "0", "0", "0"],
        &["-vkbr", "𝕖0", "0", "0", "0"],
        &["-fvk-bind-register", "", "0", "0", "0"],
        &["-fvk-bind-register", "t0", "é", "0", "0"],
        &["-fvk-bind-register", "t0", "0"],
        &["-fvk-b-shift", "é", "0"],
        &["-fvk-t-shift", &long, "all"],
        &["-fvk-s-shift", "-1", "0"],
        &["-fvk-u-shift", "1"],
        &["-fvk-bind-globals", "é", "0"],
        &["-fvk-bind-resource-heap", "0", "é"],
        &["-fspv-max-id", "é"],
        &["-Déclair=1"],
        &["-D", "é=1"],
        &["-D", "=1"],
        &["-D", ""],
        &["-D", "A(=1"],
        &["/Dé=1"],
        &["-E", "é"],
        &["-E", ""],
        &["-E", "𝕖𝕟𝕥𝕣𝕪"],
        &["/Eé"],
        &["-I", "dossier_é"],
        &["-Idossier_é"],
        &["-I", ""],
        &["-Fo", "sortie_é.spv"],
        &["-Fosortie_é.wgsl"],
        &["-Fo", ""],
        &["-Fo", "dossier_é"],
        &["-HV", "é"],
        &["-HV", &long],
        &["-O9"],
        &["-fspv-target-env=é"],
        &["-fspv-extension=é"],
        &["-Wé"],
        &["-Wno-é"],
        &["-fdiagnostics-color=é"],
        &["-working-directory=dossier_é"],
        &["-MF", "dépendances.d"],
        &["-é"],
        &["/é"],
        &["-"],
        &["--"],
        &[""],
    ];
    let mut failures = Vec::new();
    let mut run = |args: Vec<&str>| {
        let out = Command::new(env!("CARGO_BIN_EXE_hlslc")).current_dir(&dir).args(&args).output().expect("run hlslc");
        let stderr = String::from_utf8_lossy(&out.stderr);
        match out.status.code() {
            Some(0..=2) if !stderr.contains("panicked") => {}
            code => failures.push(format!("{args:?}: exit {code:?}\n{stderr}")),
        }
    };
    for flag in flags {
        run([&["-T", "cs_6_0"], *flag, &["ok.hlsl"]].concat());
        run([&["-T", "cs_6_0", "ok.hlsl"], *flag].concat());
    }
    for target in ["é", "", "cs_é", "/Tcs_6_0"] {
        run(vec!["-T", target, "ok.hlsl"]);
    }
    for input in ["écran.hlsl", "absent_é.hlsl", "𝕖.hlsl", "dossier_é", "", "a\tb.hlsl"] {
        run(vec!["-T", "cs_6_0", input]);
        run(vec!["-T", "cs_6_0", "-E", "main", input, "-Fo", "écran.spv"]);
        run(vec!["-T", "cs_6_0", "ok.hlsl", input, "-o", "dossier_é/"]);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn emit_writes_every_kind_from_one_run() {
    let dir = scratch("emit");
    let (code, _, stderr) = hlslc(&dir, &["-T", "cs_6_0", "--emit", "wgsl,spirv,spvasm,reflect", COLLATZ, "-o", "out/"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("hlslc: 1 compiled, 0 failed in "), "{stderr}");
    let read = |ext: &str| std::fs::read(dir.join("out").join(format!("collatz.{ext}"))).unwrap_or_else(|e| panic!("collatz.{ext}: {e}"));

    let wgsl = String::from_utf8(read("wgsl")).unwrap();
    assert_eq!(wgsl, library(COLLATZ, &hlslc::Options::new("cs_6_0")).wgsl().unwrap());
    validate::naga_validate_wgsl(&wgsl).unwrap();

    let spirv_lib = library(COLLATZ, &hlslc::Options::new("cs_6_0").target(hlslc::Target::SpirV));
    let spirv = words(&read("spv"));
    assert_eq!(spirv, spirv_lib.spirv().unwrap());
    validate::spirv_val(&spirv).unwrap();
    let asm = String::from_utf8(read("spvasm")).unwrap();
    assert!(asm.contains("OpEntryPoint GLCompute"), "{asm}");

    let json = String::from_utf8(read("json")).unwrap();
    assert_eq!(json, spirv_lib.reflection().to_json());
    assert!(json.contains("\"name\": \"steps\""), "{json}");
}

#[test]
fn batch_compiles_every_file_reports_failures_and_summarises() {
    let dir = scratch("batch");
    std::fs::write(dir.join("bad.hlsl"), BAD).unwrap();
    let (code, _, stderr) = hlslc(&dir, &["-T", "cs_6_0", "-spirv", COLLATZ, "bad.hlsl", BLUR, "-o", "out/"]);
    assert_eq!(code, 1, "one shader failed: {stderr}");
    assert!(stderr.contains("undeclared"), "the failure's diagnostic: {stderr}");
    assert!(stderr.contains("hlslc: 2 compiled, 1 failed in "), "{stderr}");
    let out = dir.join("out");
    let mut files: Vec<String> = std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    files.sort();
    assert_eq!(files, ["blur.spv", "collatz.spv"]);
    let blur = words(&std::fs::read(out.join("blur.spv")).unwrap());
    assert_eq!(blur, library(BLUR, &hlslc::Options::new("cs_6_0").target(hlslc::Target::SpirV)).spirv().unwrap());
    validate::spirv_val(&blur).unwrap();
}

#[test]
fn build_compiles_the_shaders_a_manifest_lists() {
    let dir = scratch("manifest");
    std::fs::create_dir_all(dir.join("shaders/include")).unwrap();
    std::fs::write(dir.join("shaders/include/scale.hlsli"), "#define SCALE (FACTOR * 2)\n").unwrap();
    let kernel = "#include \"scale.hlsli\"\nRWStructuredBuffer<uint> o : register(u0);\n[numthreads(1, 1, 1)]\nvoid main() { o[0] = SCALE + OFFSET; }\nvoid other() {}\n[numthreads(2, 1, 1)]\nvoid second() { o[1] = SCALE; }\n";
    std::fs::write(dir.join("shaders/kernel.hlsl"), kernel).unwrap();
    std::fs::write(
        dir.join("shaders.toml"),
        r#"
out_dir = "build"
emit = ["wgsl", "reflect"]
include_dirs = ["shaders/include"]
defines = ["FACTOR=3"]

[[shader]]
file = "shaders/kernel.hlsl"
profile = "cs_6_0"
defines = ["OFFSET=7"]

[[shader]]
file = "shaders/kernel.hlsl"
profile = "cs_6_0"
entry = "second"
defines = ["OFFSET=1"]
emit = ["spirv"]
"#,
    )
    .unwrap();
    let (code, _, stderr) = hlslc(&dir, &["build", "shaders.toml"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("hlslc: 2 compiled, 0 failed in "), "{stderr}");
    let mut files: Vec<String> = std::fs::read_dir(dir.join("build")).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    files.sort();
    assert_eq!(files, ["kernel.json", "kernel.wgsl", "kernel_second.spv"]);

    // The same compilations through the library: defines from both levels, the include directory.
    let path = dir.join("shaders/kernel.hlsl").to_string_lossy().into_owned();
    let mut options = hlslc::Options::new("cs_6_0").define("FACTOR", Some("3")).define("OFFSET", Some("7"));
    options.include_dirs.push(dir.join("shaders/include").to_string_lossy().into_owned());
    let wgsl = std::fs::read_to_string(dir.join("build/kernel.wgsl")).unwrap();
    assert_eq!(wgsl, library(&path, &options).wgsl().unwrap());
    assert!(wgsl.contains("13u"), "SCALE + OFFSET folded to 13: {wgsl}");
    let mut second = options.clone().target(hlslc::Target::SpirV).entry_point("second");
    second.defines.retain(|(n, _)| n != "OFFSET");
    second.defines.push(("OFFSET".into(), Some("1".into())));
    let spirv = words(&std::fs::read(dir.join("build/kernel_second.spv")).unwrap());
    assert_eq!(spirv, library(&path, &second).spirv().unwrap());
    validate::spirv_val(&spirv).unwrap();

    // `-o` overrides the manifest's out_dir.
    let (code, _, stderr) = hlslc(&dir, &["build", "shaders.toml", "-o", "elsewhere"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(dir.join("elsewhere/kernel_second.spv").is_file());
}

#[test]
fn invalid_manifests_are_usage_errors() {
    let dir = scratch("bad-manifest");
    for (manifest, message) in [
        ("[[shader]]\nfile = \"a.hlsl\"\nprofile = \"cs_6_0\"\nentrypoint = \"x\"\n", "unknown key `entrypoint`"),
        ("[[shader]]\nfile = \"a.hlsl\"\n", "has no `profile`"),
        ("emit = [\"dxil\"]\n[[shader]]\nfile = \"a.hlsl\"\nprofile = \"cs_6_0\"\n", "unknown emit kind `dxil`"),
        ("out_dir = \"x\"\n", "lists no shaders"),
        ("[[shader]\n", "not valid TOML"),
    ] {
        std::fs::write(dir.join("shaders.toml"), manifest).unwrap();
        let (code, _, stderr) = hlslc(&dir, &["build", "shaders.toml"]);
        assert_eq!(code, 2, "{manifest}: {stderr}");
        assert!(stderr.contains(message), "{manifest}: expected `{message}` in {stderr}");
    }
    let (code, _, stderr) = hlslc(&dir, &["build", "missing.toml"]);
    assert_eq!(code, 2, "{stderr}");
}

#[test]
fn batch_shows_each_warning_once_for_several_targets() {
    let dir = scratch("warn");
    std::fs::write(dir.join("warn.hlsl"), "float k = 1;\nRWStructuredBuffer<float> o : register(u0);\n[numthreads(1, 1, 1)]\nvoid main() { o[0] = k; }\n").unwrap();
    let (code, _, stderr) = hlslc(&dir, &["-T", "cs_6_0", "--emit", "wgsl,spirv", "warn.hlsl", "-o", "out/"]);
    assert_eq!(code, 0, "warnings do not fail: {stderr}");
    assert_eq!(stderr.matches("warning[").count(), 1, "{stderr}");
    assert!(stderr.contains("hlslc: 1 compiled, 0 failed in "), "{stderr}");
}

/// The bytes of one progress-bar frame: `\r`, erase the line, `[`, bar, `] done/total`.
fn frame(done: usize, total: usize) -> String {
    let filled = done * 30 / total;
    format!("\r\x1b[2K[{}{}] {done}/{total}", "=".repeat(filled), " ".repeat(30 - filled))
}

#[test]
fn progress_always_draws_the_bar_then_the_diagnostics_and_summary() {
    let dir = scratch("progress-always");
    std::fs::write(dir.join("bad.hlsl"), BAD).unwrap();
    let (code, _, stderr) = hlslc(&dir, &["-T", "cs_6_0", "--progress", "always", COLLATZ, "bad.hlsl", BLUR, "-o", "out/"]);
    assert_eq!(code, 1, "one shader failed: {stderr}");
    // Frames start at 0/3 and end at 3/3 (jobs run in chunks of the core count); then the line
    // is erased and the diagnostics and the summary follow.
    let first = stderr.find(&frame(0, 3)).unwrap_or_else(|| panic!("no 0/3 frame in {stderr:?}"));
    let last = stderr.find(&frame(3, 3)).unwrap_or_else(|| panic!("no 3/3 frame in {stderr:?}"));
    assert!(first < last, "{stderr:?}");
    assert!(stderr[first..].starts_with(&format!("{} {COLLATZ}", frame(0, 3))), "the first frame names the first file: {stderr:?}");
    let after = &stderr[last + frame(3, 3).len()..];
    let after = after.strip_prefix("\r\x1b[2K").unwrap_or_else(|| panic!("the bar is erased after the last frame: {after:?}"));
    assert!(!after.contains('\r'), "no frame after the bar is erased: {after:?}");
    assert!(after.contains("undeclared"), "the failure's diagnostic follows the bar: {after:?}");
    let summary = after.lines().last().unwrap();
    assert!(summary.starts_with("hlslc: 2 compiled, 1 failed in ") && summary.ends_with('s'), "{summary:?}");
    assert!(after.ends_with('\n'), "{after:?}");
}

#[test]
fn progress_auto_draws_nothing_on_a_pipe_and_never_draws_nothing() {
    let dir = scratch("progress-auto");
    let manifest = format!("[[shader]]\nfile = \"{COLLATZ}\"\nprofile = \"cs_6_0\"\n\n[[shader]]\nfile = \"{BLUR}\"\nprofile = \"cs_6_0\"\n");
    std::fs::write(dir.join("shaders.toml"), manifest).unwrap();
    // The test's pipes are not terminals: `auto` is `never` here.
    for args in [&["build", "shaders.toml", "-o", "out"][..], &["build", "shaders.toml", "-o", "out", "--progress", "never"], &["-T", "cs_6_0", COLLATZ, BLUR, "-o", "out/"]] {
        let (code, _, stderr) = hlslc(&dir, args);
        assert_eq!(code, 0, "{args:?}: {stderr}");
        assert!(!stderr.contains('\r') && !stderr.contains('\x1b'), "{args:?} drew a bar: {stderr:?}");
        assert!(stderr.starts_with("hlslc: 2 compiled, 0 failed in "), "{args:?}: only the summary: {stderr:?}");
    }
    let (code, _, stderr) = hlslc(&dir, &["build", "shaders.toml", "-o", "out", "--progress", "always"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains(&frame(2, 2)), "`hlslc build --progress always` draws the bar: {stderr:?}");
    let (code, _, stderr) = hlslc(&dir, &["build", "shaders.toml", "--progress", "sometimes"]);
    assert_eq!(code, 2, "an invalid value is a usage error: {stderr}");
}

/// `auto` on a terminal: util-linux `script` runs hlslc on a pseudo-terminal (bsdutils, part
/// of every Debian system; without it this test fails under `CI=true` and skips otherwise).
#[cfg(target_os = "linux")]
#[test]
fn progress_auto_draws_the_bar_on_a_terminal() {
    let dir = scratch("progress-tty");
    std::fs::write(dir.join("shaders.toml"), format!("[[shader]]\nfile = \"{COLLATZ}\"\nprofile = \"cs_6_0\"\n")).unwrap();
    let command = format!("'{}' build shaders.toml -o out", env!("CARGO_BIN_EXE_hlslc"));
    let out = match Command::new("script").current_dir(&dir).args(["-qec", &command, "/dev/null"]).stdin(std::process::Stdio::null()).output() {
        Ok(out) => out,
        Err(e) if std::env::var("CI").as_deref() != Ok("true") => {
            eprintln!("note: cannot run `script` ({e}); skipped the terminal test (apt-get install bsdutils)");
            return;
        }
        Err(e) => panic!("CI=true but `script` cannot run: {e}; apt-get install bsdutils"),
    };
    // The terminal carries standard error (and turns `\n` into `\r\n`).
    let tty = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{tty:?}");
    assert!(tty.contains(&format!("{} {COLLATZ}", frame(0, 1))), "{tty:?}");
    assert!(tty.contains(&format!("{}\r\x1b[2Khlslc: 1 compiled, 0 failed in ", frame(1, 1))), "{tty:?}");
    let out = Command::new("script").current_dir(&dir).args(["-qec", &format!("{command} --progress never"), "/dev/null"]).stdin(std::process::Stdio::null()).output().unwrap();
    let tty = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && !tty.contains('\x1b') && tty.starts_with("hlslc: 1 compiled"), "`never` on a terminal: {tty:?}");
}

/// DXC's back-end flags in DXC's spelling: accepted where DXC accepts them (they do not change
/// hlslc's output; `-denorm any` neither, while `preserve`/`ftz` become SPIR-V execution modes,
/// `tests/fixtures/e2e/compute/denorm_*.hlsl`), refused with E0660 where DXC refuses them.
#[test]
fn dxc_back_end_flags_are_accepted_and_checked_as_dxc_does() {
    let dir = scratch("dxc-flags");
    // With DXC's debug and container switches and `-fvk-use-dx-layout`, which change nothing
    // hlslc writes, `-fvk-use-dx-position-w`, which changes nothing in a compute shader, and `-fvk-use-scalar-layout`, whose layout is hlslc's for the structured
    // buffer the shader has.
    let ok = ["-T", "cs_6_2", "-spirv", "-fspv-target-env=vulkan1.2", "-fspv-extension=KHR", "-fspv-debug=line", "-O3", "-denorm", "any", "-fspv-max-id", "3FFFFF", "-fvk-bind-counter-heap", "9", "9", "-Zi", "-Qembed_debug", "-fvk-use-dx-layout", "-fspv-reflect", "-Vd", "-nologo", "-Vn", "g_main", "-fvk-use-dx-position-w", "-fvk-use-scalar-layout", COLLATZ, "-o", "out.spv"];
    let (code, _, stderr) = hlslc(&dir, &ok);
    assert_eq!(code, 0, "{stderr}");
    let plain = library(COLLATZ, &hlslc::Options { target: hlslc::Target::SpirV, ..hlslc::Options::new("cs_6_2") });
    assert_eq!(words(&std::fs::read(dir.join("out.spv")).unwrap()), plain.spirv().unwrap());
    for (args, message) in [
        (&["-spirv", "-Fd", "x.pdb"][..], "`-Fd` is not supported with `-spirv`"),
        (&["-Oconfig=--loop-unroll", "-O1"][..], "`-Oconfig` should not be used together with `-O1`"),
        (&["-fspv-target-env=vulkan9"][..], "unknown SPIR-V target environment `vulkan9`"),
        (&["-fvk-bind-resource-heap", "-1", "2"][..], "expected a non-negative integer for `-fvk-bind-resource-heap`, found `-1`"),
        (&["-spirv", "-fspv-max-id", "10"][..], "above the `-fspv-max-id` limit 0x10"),
        (&["-spirv", "-fspv-use-vulkan-memory-model"][..], "E0670]: `-fspv-use-vulkan-memory-model` is not supported by hlslc"),
        (&["-spirv", "-fvk-invert-y"][..], "`-fvk-invert-y` can only be used in vertex, domain, geometry and mesh shaders and libraries"),
    ] {
        let mut all = vec!["-T", "cs_6_2", COLLATZ, "-o", "out.bin"];
        all.extend_from_slice(args);
        let (code, _, stderr) = hlslc(&dir, &all);
        assert_eq!(code, 1, "{args:?}: {stderr}");
        assert!((stderr.contains("E0660") || message.starts_with("E0670")) && stderr.contains(message), "{args:?}: {stderr}");
    }
}

/// The SPIR-V layout and binding flags the library reads reach it from the command line (the
/// library's tests prove what each does): the reflection says std140/std430 and the default
/// space; their value and combination errors are DXC's (E0660).
#[test]
fn spirv_layout_and_binding_flags_reach_the_library() {
    let dir = scratch("layout-flags");
    let layout = ["-T", "cs_6_2", "-spirv", "-fvk-use-gl-layout", "-fvk-auto-shift-bindings", "-fvk-stage-io-order=alpha", "-fspv-preserve-bindings", "-fspv-flatten-resource-arrays", "-fspv-use-unknown-image-format", "-auto-binding-space", "2", COLLATZ, "-o", "out.spv", "--reflect", "out.json"];
    let (code, _, stderr) = hlslc(&dir, &layout);
    assert_eq!(code, 0, "{stderr}");
    let json = std::fs::read_to_string(dir.join("out.json")).unwrap();
    assert!(json.contains("\"rules\": \"std430\""), "{json}");
    assert!(json.contains("\"group\": 2"), "{json}");
    for (args, message) in [
        (&["-fvk-use-gl-layout", "-fvk-use-dx-layout"][..], "cannot specify both `-fvk-use-dx-layout` and `-fvk-use-gl-layout`"),
        (&["-fvk-stage-io-order=random"][..], "unknown Vulkan stage I/O location assignment order `random`"),
    ] {
        let mut all = vec!["-T", "cs_6_2", COLLATZ, "-o", "out.bin"];
        all.extend_from_slice(args);
        let (code, _, stderr) = hlslc(&dir, &all);
        assert_eq!(code, 1, "{args:?}: {stderr}");
        assert!(stderr.contains("E0660") && stderr.contains(message), "{args:?}: {stderr}");
    }
    let _ = std::fs::remove_dir_all(&*dir);
}

/// `-P` only preprocesses, as DXC's: text that is not HLSL is written out, not parsed; and
/// `__SPIRV_MAJOR_VERSION__`/`__SPIRV_MINOR_VERSION__` follow `-fspv-target-env` (Vulkan 1.0
/// is SPIR-V 1.0, 1.1 is 1.3, 1.2 is 1.5, 1.3 is 1.6; `vulkan1.1spirv1.4` 1.4, `universal1.5`
/// 1.5; without the flag DXC's default, `vulkan1.0`).
#[test]
fn preprocess_only_and_spirv_version_macros() {
    let dir = scratch("preprocess");
    std::fs::write(dir.join("v.hlsl"), "SPIR-V version __SPIRV_MAJOR_VERSION__ __SPIRV_MINOR_VERSION__\n").unwrap();
    for (env, want) in [
        (None, "1 0"),
        (Some("vulkan1.0"), "1 0"),
        (Some("vulkan1.1"), "1 3"),
        (Some("vulkan1.1spirv1.4"), "1 4"),
        (Some("vulkan1.2"), "1 5"),
        (Some("universal1.5"), "1 5"),
        (Some("vulkan1.3"), "1 6"),
    ] {
        let flag = env.map(|e| format!("-fspv-target-env={e}"));
        let mut args = vec!["-T", "vs_6_5", "-P", "-spirv", "v.hlsl"];
        if let Some(f) = flag.as_deref() {
            args.push(f);
        }
        let (code, _, stderr) = hlslc(&dir, &args);
        assert_eq!(code, 0, "{env:?}: {stderr}");
        // DXC's `-P` writes `<input>.i`.
        let text = std::fs::read_to_string(dir.join("v.i")).unwrap();
        assert!(text.contains(&format!("SPIR-V version {want}")), "{env:?}: {text}");
    }
    // `--parse-only` still parses.
    let (code, _, stderr) = hlslc(&dir, &["-T", "vs_6_5", "--parse-only", "v.hlsl"]);
    assert_eq!(code, 1, "{stderr}");
}

/// DXC's output-file flags: `-P` writes `<input>.i` or the `-Fi` file, `-Fh` a C header of the
/// output's bytes under `#if 0` with the listing (`-Vn` names the array, `g_<entry>` by
/// default), `-Fc` the listing, `-Fe` the diagnostics; with `-Fh`/`-Fc` and no `-Fo` nothing
/// goes to standard output.
#[test]
fn dxc_output_file_flags() {
    let dir = scratch("dxc-output-files");
    std::fs::write(dir.join("k.hlsl"), "RWStructuredBuffer<uint> o : register(u0);\n[numthreads(4, 1, 1)] void main(uint i : SV_DispatchThreadID) { o[i] = i * SCALE; }\n").unwrap();
    let (code, stdout, stderr) = hlslc(&dir, &["-T", "cs_6_0", "-DSCALE=3", "-spirv", "k.hlsl", "-Fh", "k.h", "-Fc", "k.txt"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.is_empty(), "the object went to standard output too");
    let (_, spirv, _) = hlslc(&dir, &["-T", "cs_6_0", "-DSCALE=3", "-spirv", "k.hlsl", "-Fo", "k.spv"]);
    assert!(spirv.is_empty());
    let spirv = std::fs::read(dir.join("k.spv")).unwrap();
    let header = std::fs::read_to_string(dir.join("k.h")).unwrap();
    let listing = std::fs::read_to_string(dir.join("k.txt")).unwrap();
    assert!(listing.contains("OpEntryPoint GLCompute"), "{listing}");
    assert!(header.starts_with("#if 0\r\n; SPIR-V"), "{header}");
    assert!(header.contains("OpEntryPoint GLCompute"));
    assert!(header.contains("\r\n#endif\r\n\r\nconst unsigned char g_main[] = {\r\n  0x03, 0x02, 0x23, 0x07,"), "{header}");
    // The array holds exactly the `.spv` file's bytes.
    let array = &header[header.find("= {").unwrap() + 3..header.rfind("};").unwrap()];
    let bytes: Vec<u8> = array.split(',').map(|b| u8::from_str_radix(b.trim().trim_start_matches("0x"), 16).unwrap()).collect();
    assert_eq!(bytes, spirv);
    let (code, _, _) = hlslc(&dir, &["-T", "cs_6_0", "-DSCALE=3", "k.hlsl", "-Fh", "w.h", "-Vn", "kWgsl"]);
    assert_eq!(code, 0);
    let header = std::fs::read_to_string(dir.join("w.h")).unwrap();
    assert!(header.starts_with("#if 0\r\n") && header.contains("@compute") && header.contains("const unsigned char kWgsl[] = {"), "{header}");
    // -Fe: the diagnostics in the file, none on standard error; the file exists when empty.
    let (code, _, stderr) = hlslc(&dir, &["-T", "cs_6_0", "k.hlsl", "-Fe", "errors.txt"]);
    assert_eq!(code, 1);
    assert!(stderr.is_empty(), "{stderr}");
    let errors = std::fs::read_to_string(dir.join("errors.txt")).unwrap();
    assert!(errors.contains("undeclared identifier `SCALE`"), "{errors}");
    let (code, _, _) = hlslc(&dir, &["-T", "cs_6_0", "-DSCALE=1", "k.hlsl", "-Fe", "none.txt", "-Fo", "k.wgsl"]);
    assert_eq!(code, 0);
    assert_eq!(std::fs::read_to_string(dir.join("none.txt")).unwrap(), "");
    // -P: <input>.i, or -Fi's file; joined values (-Fipp.hlsl) as DXC takes them.
    let (code, stdout, _) = hlslc(&dir, &["-P", "-DSCALE=7", "k.hlsl"]);
    assert_eq!((code, stdout.len()), (0, 0));
    assert!(std::fs::read_to_string(dir.join("k.i")).unwrap().contains("i * 7"));
    let (code, _, _) = hlslc(&dir, &["-P", "-DSCALE=8", "k.hlsl", "-Fipp.hlsl"]);
    assert_eq!(code, 0);
    assert!(std::fs::read_to_string(dir.join("pp.hlsl")).unwrap().contains("i * 8"));
}

/// `-M`/`-MD`/`-MF` print the make rule of the files read instead of compiling (main file
/// first, then each include, `-include` files too); `-include FILE` is included after the
/// command-line macros and before the main file.
#[test]
fn dxc_dependency_and_forced_include_flags() {
    let dir = scratch("dxc-deps");
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    std::fs::write(dir.join("inc/common.hlsli"), "#define SCALE (BASE * 2)\n").unwrap();
    std::fs::write(dir.join("forced.hlsli"), "#define BASE 5\n").unwrap();
    std::fs::write(dir.join("k.hlsl"), "#include \"inc/common.hlsli\"\nRWStructuredBuffer<uint> o : register(u0);\n[numthreads(4, 1, 1)] void main(uint i : SV_DispatchThreadID) { o[i] = i * SCALE; }\n").unwrap();
    let (code, stdout, stderr) = hlslc(&dir, &["-T", "cs_6_0", "k.hlsl", "-M", "-include", "forced.hlsli"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(String::from_utf8(stdout).unwrap(), "k.hlsl: k.hlsl \\\n forced.hlsli \\\n inc/common.hlsli\n");
    let (code, _, _) = hlslc(&dir, &["-T", "cs_6_0", "k.hlsl", "-MD", "-Fo", "k.wgsl", "-DBASE=1"]);
    assert_eq!(code, 0);
    assert_eq!(std::fs::read_to_string(dir.join("k.d")).unwrap(), "k.wgsl: k.hlsl \\\n inc/common.hlsli\n");
    assert!(!dir.join("k.wgsl").exists(), "-MD compiled");
    let (code, _, _) = hlslc(&dir, &["-T", "cs_6_0", "k.hlsl", "-MF", "deps.txt", "-DBASE=1"]);
    assert_eq!(code, 0);
    assert!(std::fs::read_to_string(dir.join("deps.txt")).unwrap().starts_with("k.hlsl: k.hlsl"));
    // The forced include's macro reaches the shader: 4 threads write i * 10.
    let (code, stdout, stderr) = hlslc(&dir, &["-T", "cs_6_0", "k.hlsl", "-include", "forced.hlsli"]);
    assert_eq!(code, 0, "{stderr}");
    let wgsl = String::from_utf8(stdout).unwrap();
    assert!(wgsl.contains("10u"), "{wgsl}");
    // A missing forced include is an error naming it.
    let (code, _, stderr) = hlslc(&dir, &["-T", "cs_6_0", "k.hlsl", "-include", "missing.hlsli"]);
    assert_eq!(code, 1);
    assert!(stderr.contains("file `missing.hlsli` not found"), "{stderr}");
}

/// DXC's spellings the command line takes besides the table's: `/` for `-` (cl.exe style)
/// with joined values, `-working-directory`, and `-Qunused-arguments` (unknown arguments are
/// dropped instead of refused).
#[test]
fn dxc_slash_spellings_working_directory_and_unused_arguments() {
    let dir = scratch("dxc-spellings");
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(dir.join("src/k.hlsl"), "RWStructuredBuffer<uint> o : register(u0);\n[numthreads(4, 1, 1)] void main(uint i : SV_DispatchThreadID) { o[i] = i * SCALE; }\n").unwrap();
    let (code, _, stderr) = hlslc(&dir, &["/Tcs_6_0", "/E", "main", "/DSCALE=9", "/nologo", "src/k.hlsl", "/Fo", "slash.wgsl"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(std::fs::read_to_string(dir.join("slash.wgsl")).unwrap().contains("9u"));
    let (code, _, stderr) = hlslc(&dir, &["-working-directory", "src", "-T", "cs_6_0", "-DSCALE=2", "k.hlsl", "-Fo", "w.wgsl"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(dir.join("src/w.wgsl").exists());
    let (code, _, _) = hlslc(&dir, &["-T", "cs_6_0", "-DSCALE=2", "src/k.hlsl", "-frobnicate", "-o", "q.wgsl"]);
    assert_eq!(code, 2);
    let (code, _, stderr) = hlslc(&dir, &["-T", "cs_6_0", "-DSCALE=2", "src/k.hlsl", "-Qunused-arguments", "-frobnicate", "--made-up=1", "-o", "q.wgsl"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(dir.join("q.wgsl").exists());
}

/// `-fspv-entrypoint-name=` names the `-E` entry point in the SPIR-V (valid under spirv-val);
/// with WGSL it is an error, as it only applies to `-spirv`.
#[test]
fn spirv_entry_point_name() {
    let dir = scratch("entrypoint-name");
    std::fs::write(dir.join("k.hlsl"), "RWStructuredBuffer<uint> o : register(u0);\n[numthreads(4, 1, 1)] void CSMain(uint i : SV_DispatchThreadID) { o[i] = i; }\n").unwrap();
    let (code, stdout, stderr) = hlslc(&dir, &["-T", "cs_6_0", "-E", "CSMain", "--target", "spvasm", "-fspv-entrypoint-name=main", "k.hlsl"]);
    assert_eq!(code, 0, "{stderr}");
    let asm = String::from_utf8(stdout).unwrap();
    assert!(asm.contains("OpEntryPoint GLCompute %") && asm.contains("\"main\""), "{asm}");
    assert!(!asm.contains("\"CSMain\""), "{asm}");
    let (code, _, stderr) = hlslc(&dir, &["-T", "cs_6_0", "-E", "CSMain", "-spirv", "-fspv-entrypoint-name=main", "k.hlsl", "-Fo", "k.spv"]);
    assert_eq!(code, 0, "{stderr}");
    validate::spirv_val(&words(&std::fs::read(dir.join("k.spv")).unwrap())).unwrap();
    let (code, _, stderr) = hlslc(&dir, &["-T", "cs_6_0", "-E", "CSMain", "-fspv-entrypoint-name=main", "k.hlsl"]);
    assert_eq!(code, 1);
    assert!(stderr.contains("`-fspv-entrypoint-name` requires `-spirv`"), "{stderr}");
}
