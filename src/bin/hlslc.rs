//! The `hlslc` command line: DXC-compatible flags where DXC has them.
//!
//! DXC spells many long flags with one dash (`-spirv`, `-Fo`, `-enable-16bit-types`, `-HV`);
//! clap wants two for long flags, so [`normalize`] rewrites the known DXC spellings first.
//! Exit codes: 0 success, 1 compile errors, 2 usage or I/O errors.
//!
//! Batch mode ([`batch`]): `hlslc build shaders.toml`, or several inputs / several `--emit`
//! kinds with `-o DIR/`.

#[path = "hlslc/batch.rs"]
mod batch;

use batch::Emit;
use clap::Parser;
use hlslc::{Options, Source, Target};
use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;

/// Compile HLSL to WGSL or SPIR-V.
#[derive(Parser, Debug)]
#[command(
    name = "hlslc",
    version,
    about = "Compile HLSL to WGSL or SPIR-V (DXC-compatible flags)",
    after_help = "Batch mode:\n  hlslc build shaders.toml [-o DIR]     compile the shaders a manifest lists\n  hlslc -T cs_6_0 a.hlsl b.hlsl -o out/  compile several files into a directory\n\nExit codes: 0 success, 1 compile errors, 2 usage or I/O errors."
)]
struct Cli {
    /// Input files (`-` reads standard input). Several inputs need `-o DIR/`.
    #[arg(required = true, num_args = 1..)]
    input: Vec<String>,

    /// Profile: vs_6_0, ps_6_0, cs_6_0, lib_6_3 …
    #[arg(short = 'T', long = "profile", value_name = "PROFILE", help_heading = "Compilation")]
    profile: Option<String>,

    /// Entry point name.
    #[arg(short = 'E', long = "entry", default_value = "main", help_heading = "Compilation")]
    entry: String,

    /// Output language.
    #[arg(long, value_enum, default_value = "wgsl", help_heading = "Output")]
    target: TargetArg,

    /// Emit SPIR-V (same as --target spirv; DXC's -spirv).
    #[arg(long = "spirv", help_heading = "Output")]
    spirv: bool,

    /// Output file (DXC: -Fo).
    #[arg(short = 'o', long = "Fo", value_name = "FILE", help_heading = "Output")]
    output: Option<String>,

    /// Write the preprocessed source instead of compiling (DXC: -P).
    #[arg(short = 'P', long = "preprocess", help_heading = "Output")]
    preprocess: bool,

    /// Stop after parsing (exit 0 when there is no syntax error).
    #[arg(long = "parse-only", help_heading = "Output")]
    parse_only: bool,

    /// Define a macro: NAME or NAME=VALUE.
    #[arg(short = 'D', value_name = "NAME[=VALUE]", help_heading = "Preprocessor")]
    defines: Vec<String>,

    /// Undefine a macro.
    #[arg(short = 'U', value_name = "NAME", help_heading = "Preprocessor")]
    undefines: Vec<String>,

    /// Add an include directory.
    #[arg(short = 'I', value_name = "DIR", help_heading = "Preprocessor")]
    include_dirs: Vec<String>,

    /// FXC-compatible macro expansion order for token pasting.
    #[arg(long = "flegacy-macro-expansion", help_heading = "Preprocessor")]
    legacy_macro_expansion: bool,

    /// HLSL version: 2016, 2017, 2018, 2021 or 202x (treated as 2021). Default 2021, or 2016
    /// with -Gec.
    #[arg(long = "HV", value_name = "VERSION", help_heading = "Language")]
    hlsl_version: Option<String>,

    /// Enable 16-bit types (half, int16_t …).
    #[arg(long = "enable-16bit-types", help_heading = "Language")]
    enable_16bit_types: bool,

    /// Row-major matrices by default.
    #[arg(long = "Zpr", help_heading = "Language")]
    row_major: bool,

    /// Column-major matrices by default (the default).
    #[arg(long = "Zpc", help_heading = "Language")]
    column_major: bool,

    /// Backwards-compatibility mode (FXC/D3D9: COLOR semantics, writable globals, array .Length);
    /// implies -HV 2016.
    #[arg(long = "Gec", help_heading = "Language")]
    gec: bool,

    /// IEEE strictness.
    #[arg(long = "Gis", help_heading = "Language")]
    gis: bool,

    /// Warning flags in DXC's spelling: -Wno-<name> (disable), -W<name> (enable), -WX or -Werror
    /// (all warnings are errors), -Werror=<name>, -Wno-error=<name>, -w or -no-warnings (none).
    /// Names are listed in docs/diagnostics.md.
    #[arg(long = "warning-flag", value_name = "FLAG", help_heading = "Diagnostics")]
    warning_flags: Vec<String>,

    /// How registers become bindings: `class-shift` (b→0+N, t→250+N, s→500+N, u→750+N; never
    /// collides), `dxc` (the register number, as DXC's -spirv) or `compact` (class-shift
    /// order, renumbered densely from 0 in each group). See docs/bindings.md.
    #[arg(long = "binding-policy", value_enum, default_value = "class-shift", help_heading = "Bindings")]
    binding_policy: PolicyArg,

    /// Shift the bindings of b registers in SPACE (a number or `all`) by N (DXC: -fvk-b-shift).
    #[arg(long = "fvk-b-shift", num_args = 2, value_names = ["N", "SPACE"], action = clap::ArgAction::Append, help_heading = "Bindings")]
    b_shift: Vec<String>,

    /// Shift the bindings of t registers (DXC: -fvk-t-shift).
    #[arg(long = "fvk-t-shift", num_args = 2, value_names = ["N", "SPACE"], action = clap::ArgAction::Append, help_heading = "Bindings")]
    t_shift: Vec<String>,

    /// Shift the bindings of s registers (DXC: -fvk-s-shift).
    #[arg(long = "fvk-s-shift", num_args = 2, value_names = ["N", "SPACE"], action = clap::ArgAction::Append, help_heading = "Bindings")]
    s_shift: Vec<String>,

    /// Shift the bindings of u registers (DXC: -fvk-u-shift).
    #[arg(long = "fvk-u-shift", num_args = 2, value_names = ["N", "SPACE"], action = clap::ArgAction::Append, help_heading = "Bindings")]
    u_shift: Vec<String>,

    /// Bind register REG (e.g. t3) of SPACE to BINDING in SET (DXC: -fvk-bind-register, -vkbr).
    #[arg(long = "fvk-bind-register", num_args = 4, value_names = ["REG", "SPACE", "BINDING", "SET"], action = clap::ArgAction::Append, help_heading = "Bindings")]
    bind_register: Vec<String>,

    /// Bind `$Globals` to BINDING in SET (DXC: -fvk-bind-globals).
    #[arg(long = "fvk-bind-globals", num_args = 2, value_names = ["BINDING", "SET"], help_heading = "Bindings")]
    bind_globals: Vec<String>,

    /// Lower RWTexture2DMS[Array] to storage buffers (WebGPU has no writable MSAA textures):
    /// `pixel-major` (a pixel's samples adjacent) or `sample-major`. See docs/reflection.md.
    #[arg(long = "fhlslc-rwtexture-ms-buffer", value_enum, value_name = "LAYOUT", help_heading = "Bindings")]
    rwtexture_ms_buffer: Option<MsLayoutArg>,

    /// Keep the explicit registers of unused resources reserved (FXC ≤ SM 5.0 allocation).
    #[arg(long = "flegacy-resource-reservation", help_heading = "Bindings")]
    legacy_resource_reservation: bool,

    /// What to write, comma-separated: wgsl, spirv, spvasm, reflect. Several kinds need
    /// `-o DIR/` (files DIR/<stem>.wgsl, .spv, .spvasm, .json).
    #[arg(long = "emit", value_enum, value_delimiter = ',', help_heading = "Output")]
    emit: Vec<Emit>,

    /// Write the reflection (bindings, constant-buffer layouts, entry point) as JSON to FILE.
    #[arg(long = "reflect", value_name = "FILE", help_heading = "Output")]
    reflect: Option<String>,

    /// Colour diagnostics.
    #[arg(long, value_enum, default_value = "auto", help_heading = "Diagnostics")]
    color: ColorArg,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum TargetArg {
    Wgsl,
    Spirv,
    Spvasm,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum PolicyArg {
    ClassShift,
    Dxc,
    Compact,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum MsLayoutArg {
    PixelMajor,
    SampleMajor,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum ColorArg {
    Auto,
    Always,
    Never,
}

/// Rewrites DXC's single-dash long flags into the forms clap parses.
fn normalize(args: impl Iterator<Item = String>) -> Vec<String> {
    let mut out = Vec::new();
    for a in args {
        let mapped = match a.as_str() {
            "-spirv" => "--spirv".to_string(),
            "-Fo" => "--Fo".to_string(),
            "-HV" => "--HV".to_string(),
            "-enable-16bit-types" => "--enable-16bit-types".to_string(),
            "-flegacy-macro-expansion" => "--flegacy-macro-expansion".to_string(),
            "-Zpr" => "--Zpr".to_string(),
            "-Zpc" => "--Zpc".to_string(),
            "-Gec" => "--Gec".to_string(),
            "-Gis" => "--Gis".to_string(),
            "-fvk-b-shift" | "-fvk-t-shift" | "-fvk-s-shift" | "-fvk-u-shift" | "-fvk-bind-register" | "-fvk-bind-globals"
            | "-flegacy-resource-reservation" => format!("-{a}"),
            "-vkbr" => "--fvk-bind-register".to_string(),
            "-WX" | "/WX" | "-Werror" | "--Werror" | "-w" | "-no-warnings" | "/no-warnings" => format!("--warning-flag={a}"),
            s if s.starts_with("-W") && s.len() > 2 => format!("--warning-flag={s}"),
            s if s.starts_with("-fhlslc-") => format!("-{s}"),
            s if s.starts_with("-Fo") && s.len() > 3 => format!("--Fo={}", &s[3..]),
            _ => a,
        };
        out.push(mapped);
    }
    out
}

/// `hlslc build MANIFEST [-o DIR] [--color WHEN]`.
#[derive(Parser, Debug)]
#[command(name = "hlslc build", about = "Compile the shaders a shaders.toml manifest lists")]
struct BuildCli {
    /// The manifest (see `hlslc build --help` and the README).
    manifest: String,

    /// Output directory (overrides the manifest's `out_dir`).
    #[arg(short = 'o', long = "out-dir", value_name = "DIR")]
    out_dir: Option<String>,

    /// Colour diagnostics.
    #[arg(long, value_enum, default_value = "auto")]
    color: ColorArg,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("build") {
        return build_manifest(args.into_iter().skip(1));
    }
    let cli = match Cli::try_parse_from(normalize(args.into_iter())) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { ExitCode::from(2) } else { ExitCode::SUCCESS };
        }
    };
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
        Ok(items) => batch::run(&items, color(cli.color)),
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

fn run(cli: Cli) -> ExitCode {
    let to_dir = cli.output.as_deref().is_some_and(|o| o.ends_with('/') || std::path::Path::new(o).is_dir());
    if cli.input.len() > 1 || cli.emit.len() > 1 || (to_dir && !cli.preprocess) {
        return run_batch(&cli);
    }
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
    let options = match options(&cli, target != TargetArg::Wgsl) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let color = color(cli.color);
    let source = Source::new(name, text);
    let mut resolver = hlslc::fs::FsResolver;
    if cli.preprocess || cli.parse_only {
        return front_end_only(&cli, &source, &options, &mut resolver, color);
    }
    match hlslc::compile_with(&source, &options, &mut resolver) {
        Ok(compiled) => {
            if !compiled.diagnostics.is_empty() {
                eprint!("{}", render(&compiled.diagnostics, &compiled.source_map, color));
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
            let bytes = match target {
                TargetArg::Wgsl => compiled.wgsl().map(String::into_bytes),
                TargetArg::Spirv => compiled.spirv().map(|w| w.iter().flat_map(|x| x.to_le_bytes()).collect()),
                TargetArg::Spvasm => compiled.spirv().map(|w| hlslc::emit::disassemble(&w).into_bytes()),
            };
            match bytes {
                Ok(b) => write_output(cli.output.as_deref(), &b, target == TargetArg::Spirv),
                Err(e) => {
                    eprint!("{}", render(&e.diagnostics, &e.source_map, color));
                    ExitCode::from(1)
                }
            }
        }
        Err(e) => {
            eprint!("{}", render(&e.diagnostics, &e.source_map, color));
            ExitCode::from(1)
        }
    }
}

/// Several inputs or several `--emit` kinds: every output goes to `-o DIR/`.
fn run_batch(cli: &Cli) -> ExitCode {
    let Some(dir) = cli.output.as_deref() else {
        eprintln!("error: several inputs or --emit kinds need an output directory: -o DIR/");
        return ExitCode::from(2);
    };
    if cli.preprocess || cli.parse_only || cli.reflect.is_some() || cli.input.iter().any(|i| i == "-") {
        eprintln!("error: -P, --parse-only, --reflect and standard input work on one file; use --emit reflect for reflection in batch mode");
        return ExitCode::from(2);
    }
    let options = match options(cli, cli.spirv || cli.target != TargetArg::Wgsl) {
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
    batch::run(&items, color(cli.color))
}

/// The compilation options the flags describe.
fn options(cli: &Cli, spirv: bool) -> Result<Options, String> {
    let bindings = binding_options(cli)?;
    // DXC: `-Gec` defaults to HLSL 2016 and refuses a later explicit version (reported by
    // the library); `202x` has no rules hlslc implements beyond 2021's.
    let hlsl_version = match cli.hlsl_version.as_deref() {
        None if cli.gec => 2016,
        None => 2021,
        Some("202x") => 2021,
        Some(v) => v
            .parse()
            .map_err(|_| format!("unknown HLSL version `{v}`; valid versions are 2016, 2017, 2018, 2021 and 202x"))?,
    };
    let mut warnings = hlslc::WarningFlags::default();
    for f in &cli.warning_flags {
        if !warnings.parse(f) {
            return Err(format!("`{f}` is not a warning flag"));
        }
    }
    Ok(Options {
        profile: cli.profile.clone(),
        entry_point: cli.entry.clone(),
        target: if spirv { Target::SpirV } else { Target::Wgsl },
        defines: cli.defines.iter().map(|d| match d.split_once('=') {
            Some((n, v)) => (n.to_string(), Some(v.to_string())),
            None => (d.clone(), None),
        }).collect(),
        undefines: cli.undefines.clone(),
        include_dirs: cli.include_dirs.clone(),
        hlsl_version,
        enable_16bit_types: cli.enable_16bit_types,
        legacy_macro_expansion: cli.legacy_macro_expansion,
        default_row_major: cli.row_major && !cli.column_major,
        backwards_compatibility: cli.gec,
        ieee_strict: cli.gis,
        warnings,
        binding_policy: match cli.binding_policy {
            PolicyArg::ClassShift => hlslc::BindingPolicy::ClassShift,
            PolicyArg::Dxc => hlslc::BindingPolicy::Dxc,
            PolicyArg::Compact => hlslc::BindingPolicy::Compact,
        },
        bindings,
        rwtexture_ms_buffer: cli.rwtexture_ms_buffer.map(|l| match l {
            MsLayoutArg::PixelMajor => hlslc::MsBufferLayout::PixelMajor,
            MsLayoutArg::SampleMajor => hlslc::MsBufferLayout::SampleMajor,
        }),
    })
}

/// DXC's binding flags from the command line.
fn binding_options(cli: &Cli) -> Result<hlslc::BindingOptions, String> {
    use hlslc::RegisterClass as R;
    let number = |s: &str, what: &str| s.parse::<u32>().map_err(|_| format!("{what} must be a number, found `{s}`"));
    let mut out = hlslc::BindingOptions { legacy_resource_reservation: cli.legacy_resource_reservation, ..Default::default() };
    for (class, list, flag) in [(R::B, &cli.b_shift, "b"), (R::T, &cli.t_shift, "t"), (R::S, &cli.s_shift, "s"), (R::U, &cli.u_shift, "u")] {
        for pair in list.chunks(2) {
            let shift = number(&pair[0], &format!("the shift of -fvk-{flag}-shift"))?;
            let space = if pair[1] == "all" { None } else { Some(number(&pair[1], &format!("the space of -fvk-{flag}-shift"))?) };
            out.shifts.push((class, space, shift));
        }
    }
    for quad in cli.bind_register.chunks(4) {
        let (class, index) = hlslc::BindingOptions::parse_register(&quad[0]).ok_or_else(|| format!("-fvk-bind-register: invalid register `{}`", quad[0]))?;
        out.bind_register.push((class, index, number(&quad[1], "the space")?, number(&quad[2], "the binding")?, number(&quad[3], "the set")?));
    }
    if let [b, s] = cli.bind_globals.as_slice() {
        out.bind_globals = Some((number(b, "the binding of -fvk-bind-globals")?, number(s, "the set of -fvk-bind-globals")?));
    }
    Ok(out)
}

fn front_end_only(cli: &Cli, source: &Source, options: &Options, resolver: &mut dyn hlslc::IncludeResolver, color: bool) -> ExitCode {
    match hlslc::front_end(source, options, resolver) {
        Ok((text, diags, map)) => {
            if !diags.is_empty() {
                eprint!("{}", render(&diags, &map, color));
            }
            if cli.preprocess {
                return write_output(cli.output.as_deref(), text.as_bytes(), false);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprint!("{}", render(&e.diagnostics, &e.source_map, color));
            ExitCode::from(1)
        }
    }
}

fn render(diags: &[hlslc::Diagnostic], map: &hlslc::SourceMap, color: bool) -> String {
    hlslc::render_diagnostics(diags, map, color)
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
