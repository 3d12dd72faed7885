//! The `hlslc` command line: DXC-compatible flags where DXC has them ([`args`]), one file to
//! standard output or a file, or a batch of shaders into a directory ([`batch`]).
//!
//! - `hlslc -T cs_6_0 a.hlsl` compiles one file (WGSL on standard output; `-spirv`,
//!   `--target`, `--emit` choose the output, `-Fo`/`-o` the file).
//! - Several inputs, several `--emit` kinds or `-o DIR/` compile a batch into `DIR`.
//! - `hlslc build shaders.toml` compiles the shaders a manifest lists.
//!
//! Exit codes: 0 success, 1 compile errors (a batch with a failed shader), 2 usage errors and
//! I/O errors (unreadable input, unwritable output, invalid manifest).

#[path = "hlslc/args.rs"]
mod args;
#[path = "hlslc/batch.rs"]
mod batch;

use args::{BuildCli, Cli, ColorArg, ProgressArg, TargetArg};
use batch::Emit;
use clap::Parser;
use hlslc::{Options, Source};
use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    fix_mmap_threshold();
    let argv: Vec<String> = std::env::args().collect();
    if argv.get(1).map(String::as_str) == Some("build") {
        return build_manifest(argv.into_iter().skip(1));
    }
    let mut words = args::normalize(argv.into_iter());
    let unused_arguments = words.iter().any(|w| w == "--Qunused-arguments");
    let cli = loop {
        match Cli::try_parse_from(&words) {
            Ok(c) => break c,
            // DXC's -Qunused-arguments: an unknown argument is dropped instead of refused.
            Err(e) if unused_arguments && e.kind() == clap::error::ErrorKind::UnknownArgument => {
                let unknown = match e.get(clap::error::ContextKind::InvalidArg) {
                    Some(clap::error::ContextValue::String(s)) => s.clone(),
                    _ => String::new(),
                };
                // clap names `-f` for `-foo` (a cluster of short flags): the word it came from.
                let from = |w: &String| *w == unknown || w.split('=').next() == Some(unknown.as_str()) || (!w.starts_with("--") && w.starts_with(unknown.as_str()));
                let Some(at) = words.iter().skip(1).position(from) else {
                    let _ = e.print();
                    return ExitCode::from(2);
                };
                words.remove(at + 1);
            }
            Err(e) => {
                let _ = e.print();
                return if e.use_stderr() { ExitCode::from(2) } else { ExitCode::SUCCESS };
            }
        }
    };
    if let Some(dir) = &cli.working_directory {
        if let Err(e) = std::env::set_current_dir(dir) {
            eprintln!("error: cannot use `{dir}` as the working directory: {e}");
            return ExitCode::from(2);
        }
    }
    run(cli)
}

fn build_manifest(args: impl Iterator<Item = String>) -> ExitCode {
    let cli = match BuildCli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { ExitCode::from(2) } else { ExitCode::SUCCESS };
        }
    };
    match batch::read_manifest(std::path::Path::new(&cli.manifest), cli.out_dir.as_deref().map(std::path::Path::new)) {
        Ok(items) => batch::run(&items, color(cli.color), progress(cli.progress)),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn color(c: ColorArg) -> bool {
    match c {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => std::io::stderr().is_terminal(),
    }
}

fn progress(p: ProgressArg) -> bool {
    match p {
        ProgressArg::Always => true,
        ProgressArg::Never => false,
        ProgressArg::Auto => std::io::stderr().is_terminal(),
    }
}

fn run(cli: Cli) -> ExitCode {
    let to_dir = cli.output.as_deref().is_some_and(|o| o.ends_with('/') || std::path::Path::new(o).is_dir());
    if cli.input.len() > 1 || cli.emit.len() > 1 || (to_dir && !cli.preprocess) {
        return run_batch(&cli);
    }
    let report = match Report::new(cli.diagnostics_file.as_deref(), color(cli.color)) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let input = cli.input[0].clone();
    let (name, text) = if input == "-" {
        let mut s = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut s) {
            eprintln!("error: cannot read standard input: {e}");
            return ExitCode::from(2);
        }
        ("<stdin>".to_string(), s)
    } else {
        match std::fs::read(&input) {
            Ok(b) => (input.clone(), String::from_utf8_lossy(&b).into_owned()),
            Err(e) => {
                eprintln!("error: cannot read `{input}`: {e}");
                return ExitCode::from(2);
            }
        }
    };
    let target = match cli.emit.first() {
        Some(Emit::Wgsl) => TargetArg::Wgsl,
        Some(Emit::Spirv) => TargetArg::Spirv,
        Some(Emit::Spvasm) => TargetArg::Spvasm,
        Some(Emit::Reflect) | None if cli.spirv => TargetArg::Spirv,
        Some(Emit::Reflect) | None => cli.target,
    };
    let options = match args::options(&cli, target != TargetArg::Wgsl) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let source = Source::new(name, text);
    let mut resolver = hlslc::fs::FsResolver;
    if cli.dependencies || cli.dependencies_file_default || cli.dependencies_file.is_some() {
        return dependencies(&cli, &source, &options, &mut resolver, &report);
    }
    if cli.preprocess || cli.parse_only {
        return front_end_only(&cli, &source, &options, &mut resolver, &report);
    }
    match hlslc::compile_with(&source, &options, &mut resolver) {
        Ok(compiled) => {
            release_freed_memory();
            if !compiled.diagnostics.is_empty() {
                report.diagnostics(&compiled.diagnostics, &compiled.source_map);
            }
            if let Some(path) = &cli.reflect {
                if let Err(e) = std::fs::write(path, compiled.reflection().to_json()) {
                    eprintln!("error: cannot write `{path}`: {e}");
                    return ExitCode::from(2);
                }
            }
            if cli.emit.first() == Some(&Emit::Reflect) {
                return write_output(cli.output.as_deref(), compiled.reflection().to_json().as_bytes(), false);
            }
            let listings = cli.header_file.is_some() || cli.listing_file.is_some();
            let (bytes, listing) = match target {
                TargetArg::Wgsl => (compiled.wgsl().map(String::into_bytes), None),
                TargetArg::Spirv => {
                    let words = compiled.spirv();
                    // The module and its validation info are the largest things left: free
                    // them before the words are copied into bytes (peak memory).
                    drop(compiled);
                    let listing = words.as_ref().ok().filter(|_| listings).map(|w| hlslc::emit::disassemble(w));
                    (words.map(|w| spirv_bytes(&w)), listing)
                }
                TargetArg::Spvasm => (compiled.spirv().map(|w| hlslc::emit::disassemble(&w).into_bytes()), None),
            };
            let bytes = match bytes {
                Ok(b) => b,
                Err(e) => {
                    report.diagnostics(&e.diagnostics, &e.source_map);
                    return ExitCode::from(1);
                }
            };
            // DXC's listing is the disassembly; WGSL and spvasm outputs are text already.
            let listing = listing.unwrap_or_else(|| String::from_utf8_lossy(&bytes).into_owned());
            if let Some(path) = &cli.listing_file {
                if let Err(e) = std::fs::write(path, &listing) {
                    eprintln!("error: cannot write `{path}`: {e}");
                    return ExitCode::from(2);
                }
            }
            if let Some(path) = &cli.header_file {
                let name = cli.header_variable.clone().unwrap_or_else(|| format!("g_{}", cli.entry));
                if let Err(e) = std::fs::write(path, c_header(&listing, &bytes, &name)) {
                    eprintln!("error: cannot write `{path}`: {e}");
                    return ExitCode::from(2);
                }
            }
            // As DXC: with -Fh or -Fc and no -Fo, the object goes nowhere else.
            if listings && cli.output.is_none() {
                return ExitCode::SUCCESS;
            }
            write_output(cli.output.as_deref(), &bytes, target == TargetArg::Spirv)
        }
        Err(e) => {
            report.diagnostics(&e.diagnostics, &e.source_map);
            ExitCode::from(1)
        }
    }
}

/// Where diagnostics go: standard error, or the file `-Fe` names (created, and truncated,
/// before compiling, as DXC writes it even when there is nothing to report).
struct Report {
    file: Option<String>,
    color: bool,
}

impl Report {
    fn new(file: Option<&str>, color: bool) -> Result<Report, String> {
        if let Some(path) = file {
            std::fs::write(path, "").map_err(|e| format!("cannot write `{path}`: {e}"))?;
        }
        Ok(Report { file: file.map(str::to_string), color: color && file.is_none() })
    }

    fn diagnostics(&self, diags: &[hlslc::Diagnostic], map: &hlslc::SourceMap) {
        let text = render(diags, map, self.color);
        match &self.file {
            Some(path) => {
                let appended = std::fs::OpenOptions::new().append(true).open(path).and_then(|mut f| f.write_all(text.as_bytes()));
                if appended.is_err() {
                    eprint!("{text}");
                }
            }
            None => eprint!("{text}"),
        }
    }
}

/// DXC's `-Fh` header: the listing inside `#if 0`, then the bytes as a `const unsigned char`
/// array, twelve to a line, with DXC's CRLF line ends.
fn c_header(listing: &str, bytes: &[u8], name: &str) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(listing.len() + bytes.len() * 6 + 64);
    out.push_str("#if 0\r\n");
    for line in listing.trim_end_matches('\0').split_inclusive('\n') {
        out.push_str(line.strip_suffix('\n').map_or(line, |l| l.strip_suffix('\r').unwrap_or(l)));
        if line.ends_with('\n') {
            out.push_str("\r\n");
        }
    }
    let _ = write!(out, "\r\n#endif\r\n\r\nconst unsigned char {name}[] = {{");
    for (i, b) in bytes.iter().enumerate() {
        if i != 0 {
            out.push(',');
        }
        if i % 12 == 0 {
            out.push_str("\r\n ");
        }
        let _ = write!(out, " 0x{b:02x}");
    }
    out.push_str("\r\n};\r\n");
    out
}

/// `-M`, `-MD`, `-MF FILE`: the make rule `TARGET: FILE \` (one file a line) of the files the
/// preprocessor reads (the main file first), as DXC writes it; the target is the `-Fo` file or
/// the input. Nothing is compiled.
fn dependencies(cli: &Cli, source: &Source, options: &Options, resolver: &mut dyn hlslc::IncludeResolver, report: &Report) -> ExitCode {
    match hlslc::dependencies(source, options, resolver) {
        Ok((files, diags, map)) => {
            if !diags.is_empty() {
                report.diagnostics(&diags, &map);
            }
            let target = cli.output.clone().unwrap_or_else(|| cli.input[0].clone());
            let rule = format!("{target}: {}\n", files.join(" \\\n "));
            let path = cli.dependencies_file.clone().or_else(|| cli.dependencies_file_default.then(|| with_extension(&cli.input[0], "d")));
            write_output(path.as_deref(), rule.as_bytes(), false)
        }
        Err(e) => {
            report.diagnostics(&e.diagnostics, &e.source_map);
            ExitCode::from(1)
        }
    }
}

/// `dir/name.hlsl` → `dir/name.EXT` (DXC's default names for `-P` and `-MD`).
fn with_extension(input: &str, extension: &str) -> String {
    std::path::Path::new(input).with_extension(extension).to_string_lossy().into_owned()
}

/// Hands the pages the front end freed (tokens, AST, typed IR) back to the system before
/// emission. glibc keeps them mapped as holes in its heap, which naga's SPIR-V writer's
/// megabyte-sized vectors do not fit, so the holes would count in the peak RSS next to the
/// emitter's memory: for the 20 000-line benchmark shader the peak falls from about 63 600 to
/// 60 800 KiB (benches/RESULTS.md). Only the CLI does this; the library leaves the
/// host's allocator alone.
fn release_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` only returns free memory of glibc's heap to the kernel; it takes
    // the allocator's locks and touches no memory the program holds.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Keeps glibc's mmap threshold at its initial 128 KiB. glibc raises the threshold to the size
/// of each mmapped block freed (up to 32 MiB): after the token vector (about 11 MB for the
/// 20 000-line benchmark shader) is freed, every later vector below that size (naga's arenas,
/// the validator's tables, the SPIR-V writer's buffers) goes on the brk heap, where freeing and
/// regrowing leave resident holes. With the threshold fixed, large vectors are mapped on their
/// own and unmapped when freed: the peak RSS of that shader falls by about 3.5 MB, SPIR-V and
/// WGSL (benches/RESULTS.md, perf6), at no measured cost in time. Like `release_freed_memory`,
/// only the CLI does this.
fn fix_mmap_threshold() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only changes glibc's allocation policy for later allocations; it is
    // called once, before the program allocates anything large, and touches no memory.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}

/// Several inputs or several `--emit` kinds: every output goes to `-o DIR/`.
fn run_batch(cli: &Cli) -> ExitCode {
    let Some(dir) = cli.output.as_deref() else {
        eprintln!("error: several inputs or --emit kinds need an output directory: -o DIR/");
        return ExitCode::from(2);
    };
    let one_file = cli.preprocess || cli.parse_only || cli.reflect.is_some() || cli.input.iter().any(|i| i == "-");
    let one_file = one_file || cli.header_file.is_some() || cli.listing_file.is_some() || cli.diagnostics_file.is_some() || cli.preprocess_file.is_some();
    if one_file || cli.dependencies || cli.dependencies_file_default || cli.dependencies_file.is_some() {
        eprintln!("error: -P, -Fi, -Fh, -Fc, -Fe, -M, -MD, -MF, --parse-only, --reflect and standard input work on one file; use --emit reflect for reflection in batch mode");
        return ExitCode::from(2);
    }
    let options = match args::options(cli, cli.spirv || cli.target != TargetArg::Wgsl) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let emit = if !cli.emit.is_empty() {
        cli.emit.clone()
    } else if cli.spirv || cli.target == TargetArg::Spirv {
        vec![Emit::Spirv]
    } else if cli.target == TargetArg::Spvasm {
        vec![Emit::Spvasm]
    } else {
        vec![Emit::Wgsl]
    };
    let items: Vec<batch::Item> = cli
        .input
        .iter()
        .map(|i| {
            let input = std::path::PathBuf::from(i);
            batch::Item {
                stem: batch::Item::default_stem(&input, &options.entry_point),
                input,
                out_dir: std::path::PathBuf::from(dir),
                options: options.clone(),
                emit: emit.clone(),
            }
        })
        .collect();
    batch::run(&items, color(cli.color), progress(cli.progress))
}

fn front_end_only(cli: &Cli, source: &Source, options: &Options, resolver: &mut dyn hlslc::IncludeResolver, report: &Report) -> ExitCode {
    // `-P` only preprocesses, as DXC's (the text need not be HLSL); `--parse-only` parses.
    let result = if cli.preprocess { hlslc::preprocess(source, options, resolver) } else { hlslc::front_end(source, options, resolver) };
    match result {
        Ok((text, diags, map)) => {
            if !diags.is_empty() {
                report.diagnostics(&diags, &map);
            }
            if cli.preprocess {
                // DXC: the -Fi file, else <input>.i; hlslc also takes -Fo, and standard input
                // goes to standard output.
                let path = cli.preprocess_file.clone().or_else(|| cli.output.clone()).or_else(|| (cli.input[0] != "-").then(|| with_extension(&cli.input[0], "i")));
                return write_output(path.as_deref(), text.as_bytes(), false);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            report.diagnostics(&e.diagnostics, &e.source_map);
            ExitCode::from(1)
        }
    }
}

fn render(diags: &[hlslc::Diagnostic], map: &hlslc::SourceMap, color: bool) -> String {
    hlslc::render_diagnostics(diags, map, color)
}

/// SPIR-V words as the little-endian bytes of a `.spv` file.
fn spirv_bytes(words: &[u32]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(words.len() * 4);
    for w in words {
        bytes.extend_from_slice(&w.to_le_bytes());
    }
    bytes
}

fn write_output(path: Option<&str>, bytes: &[u8], binary: bool) -> ExitCode {
    match path {
        Some(p) => match std::fs::write(p, bytes) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: cannot write `{p}`: {e}");
                ExitCode::from(2)
            }
        },
        None => {
            let mut out = std::io::stdout();
            if binary && out.is_terminal() {
                eprintln!("error: refusing to write binary SPIR-V to a terminal; use -Fo <file> or a pipe");
                return ExitCode::from(2);
            }
            if out.write_all(bytes).and_then(|_| out.flush()).is_err() {
                return ExitCode::from(2);
            }
            ExitCode::SUCCESS
        }
    }
}
