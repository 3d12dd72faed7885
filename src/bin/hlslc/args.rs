//! The command line's flags: [`Cli`] (one file or a batch of files, DXC's spellings) and
//! [`BuildCli`] (`hlslc build shaders.toml`), and their translation into [`Options`].
//!
//! Help headings follow DXC's `-help`: "Compilation Options" (what DXC has there),
//! "SPIR-V CodeGen Options" (`-spirv`, `-fvk-*`), "Warning Options", then the options
//! hlslc adds ("Output Options", "Binding Options"). DXC spells many long flags with one
//! dash (`-spirv`, `-Fo`, `-HV`); clap wants two, so [`normalize`] rewrites the known DXC
//! spellings first, and the help shows the two-dash forms.

use super::batch::Emit;
use clap::Parser;
use hlslc::{Options, Target};

/// What `--help` prints after the options: batch mode and the exit codes.
const AFTER_HELP: &str = "\
Batch mode:
  hlslc build shaders.toml [-o DIR]           compile the shaders a manifest lists (hlslc build --help)
  hlslc -T cs_6_0 a.hlsl b.hlsl -o out/       compile several files into a directory
  hlslc -T cs_6_0 --emit wgsl,spirv,reflect a.hlsl -o out/
                                              several outputs of one compilation
  A progress bar shows on a terminal (--progress always|never to choose); a summary line
  (compiled, failed, time) ends the run.

Exit codes:
  0  success (warnings allowed)
  1  compile errors (in batch mode: at least one shader failed)
  2  usage errors, unreadable inputs, unwritable outputs, an invalid manifest";

/// Compile HLSL to WGSL or SPIR-V.
#[derive(Parser, Debug)]
#[command(
    name = "hlslc",
    version,
    about = "Compile HLSL to WGSL or SPIR-V (DXC-compatible flags)\n\nDXC's one-dash spellings are accepted: -Fo, -HV, -spirv, -enable-16bit-types, -Zpr, -fvk-*, -WX, -Wno-<name>, -fhlslc-*.",
    override_usage = "hlslc [OPTIONS] <INPUT>...\n       hlslc build <MANIFEST> [-o DIR]",
    // DXC reads the last of a repeated option (`-HV 2021 … -HV 2021` from an MSBuild project's
    // defaults and an item's own options): a repeated flag overrides, it is no error.
    args_override_self = true,
    after_help = AFTER_HELP
)]
pub struct Cli {
    /// Input files (`-` reads standard input). Several inputs need `-o DIR/`.
    #[arg(required = true, num_args = 1..)]
    pub input: Vec<String>,

    /// Profile: vs_6_0, ps_6_0, cs_6_0, lib_6_3 …
    #[arg(short = 'T', long = "profile", value_name = "PROFILE", help_heading = "Compilation Options")]
    pub profile: Option<String>,

    /// Entry point name.
    #[arg(short = 'E', long = "entry", default_value = "main", help_heading = "Compilation Options")]
    pub entry: String,

    /// Output file (DXC: -Fo); in batch mode the output directory (`DIR/`).
    #[arg(short = 'o', long = "Fo", value_name = "FILE", help_heading = "Compilation Options")]
    pub output: Option<String>,

    /// Write the preprocessed source instead of compiling (DXC: -P): to the -Fi file, else
    /// to <input>.i (standard output for standard input). -Po is DXC's deprecated spelling.
    #[arg(short = 'P', long = "preprocess", visible_alias = "Po", help_heading = "Compilation Options")]
    pub preprocess: bool,

    /// The file -P writes (DXC: -Fi).
    #[arg(long = "Fi", value_name = "FILE", help_heading = "Compilation Options")]
    pub preprocess_file: Option<String>,

    /// Write the object code as a C header (DXC: -Fh): the disassembly (SPIR-V) or the
    /// WGSL text in `#if 0`, then `const unsigned char NAME[]` with the output's bytes.
    #[arg(long = "Fh", value_name = "FILE", help_heading = "Compilation Options")]
    pub header_file: Option<String>,

    /// The array's name in the -Fh header (DXC: -Vn; default g_<entry>).
    #[arg(long = "Vn", value_name = "NAME", help_heading = "Compilation Options")]
    pub header_variable: Option<String>,

    /// Write the listing to FILE (DXC: -Fc): the SPIR-V disassembly, or the WGSL text.
    #[arg(long = "Fc", value_name = "FILE", help_heading = "Compilation Options")]
    pub listing_file: Option<String>,

    /// Write warnings and errors to FILE instead of standard error (DXC: -Fe).
    #[arg(long = "Fe", value_name = "FILE", help_heading = "Compilation Options")]
    pub diagnostics_file: Option<String>,

    /// Print the files the shader reads, as a make rule, instead of compiling (DXC: -M).
    #[arg(long = "M", help_heading = "Compilation Options")]
    pub dependencies: bool,

    /// Write the -M rule to <input>.d instead of standard output (DXC: -MD).
    #[arg(long = "MD", help_heading = "Compilation Options")]
    pub dependencies_file_default: bool,

    /// Write the -M rule to FILE (DXC: -MF; implies -M).
    #[arg(long = "MF", value_name = "FILE", help_heading = "Compilation Options")]
    pub dependencies_file: Option<String>,

    /// Resolve relative paths (inputs, outputs, includes) against DIR (DXC: -working-directory).
    #[arg(long = "working-directory", value_name = "DIR", help_heading = "Compilation Options")]
    pub working_directory: Option<String>,

    /// Ignore arguments hlslc does not know instead of failing (DXC: -Qunused-arguments).
    #[arg(long = "Qunused-arguments", help_heading = "Compilation Options")]
    pub unused_arguments: bool,

    /// Define a macro: NAME or NAME=VALUE.
    #[arg(short = 'D', value_name = "NAME[=VALUE]", help_heading = "Compilation Options")]
    pub defines: Vec<String>,

    /// Undefine a macro.
    #[arg(short = 'U', value_name = "NAME", help_heading = "Compilation Options")]
    pub undefines: Vec<String>,

    /// Add an include directory.
    #[arg(short = 'I', value_name = "DIR", help_heading = "Compilation Options")]
    pub include_dirs: Vec<String>,

    /// FXC-compatible macro expansion order for token pasting.
    #[arg(long = "flegacy-macro-expansion", help_heading = "Compilation Options")]
    pub legacy_macro_expansion: bool,

    /// HLSL version: 2016, 2017, 2018, 2021 or 202x (2021 with conforming literals: an
    /// unsuffixed literal is `int` or `float`). Default 2021, or 2016 with -Gec.
    #[arg(long = "HV", value_name = "VERSION", help_heading = "Compilation Options")]
    pub hlsl_version: Option<String>,

    /// Enable 16-bit types (half, int16_t …).
    #[arg(long = "enable-16bit-types", help_heading = "Compilation Options")]
    pub enable_16bit_types: bool,

    /// Row-major matrices by default.
    #[arg(long = "Zpr", help_heading = "Compilation Options")]
    pub row_major: bool,

    /// Column-major matrices by default (the default).
    #[arg(long = "Zpc", help_heading = "Compilation Options")]
    pub column_major: bool,

    /// Backwards-compatibility mode (FXC/D3D9: COLOR semantics, writable globals, array .Length);
    /// implies -HV 2016.
    #[arg(long = "Gec", help_heading = "Compilation Options")]
    pub gec: bool,

    /// IEEE strictness.
    #[arg(long = "Gis", help_heading = "Compilation Options")]
    pub gis: bool,

    /// Keep the explicit registers of unused resources reserved (FXC ≤ SM 5.0 allocation).
    #[arg(long = "flegacy-resource-reservation", help_heading = "Compilation Options")]
    pub legacy_resource_reservation: bool,

    /// DXC flags the library reads as they are (`normalize` puts them here).
    #[arg(long = "dxc-passthrough", hide = true, action = clap::ArgAction::Append, allow_hyphen_values = true)]
    pub dxc_passthrough: Vec<String>,

    /// Emit SPIR-V (same as --target spirv; DXC's -spirv).
    #[arg(long = "spirv", help_heading = "SPIR-V CodeGen Options")]
    pub spirv: bool,

    /// Shift the bindings of b registers in SPACE (a number or `all`) by N (DXC: -fvk-b-shift).
    #[arg(long = "fvk-b-shift", num_args = 2, value_names = ["N", "SPACE"], action = clap::ArgAction::Append, help_heading = "SPIR-V CodeGen Options")]
    pub b_shift: Vec<String>,

    /// Shift the bindings of t registers (DXC: -fvk-t-shift).
    #[arg(long = "fvk-t-shift", num_args = 2, value_names = ["N", "SPACE"], action = clap::ArgAction::Append, help_heading = "SPIR-V CodeGen Options")]
    pub t_shift: Vec<String>,

    /// Shift the bindings of s registers (DXC: -fvk-s-shift).
    #[arg(long = "fvk-s-shift", num_args = 2, value_names = ["N", "SPACE"], action = clap::ArgAction::Append, help_heading = "SPIR-V CodeGen Options")]
    pub s_shift: Vec<String>,

    /// Shift the bindings of u registers (DXC: -fvk-u-shift).
    #[arg(long = "fvk-u-shift", num_args = 2, value_names = ["N", "SPACE"], action = clap::ArgAction::Append, help_heading = "SPIR-V CodeGen Options")]
    pub u_shift: Vec<String>,

    /// Bind register REG (e.g. t3) of SPACE to BINDING in SET (DXC: -fvk-bind-register, -vkbr).
    #[arg(long = "fvk-bind-register", num_args = 4, value_names = ["REG", "SPACE", "BINDING", "SET"], action = clap::ArgAction::Append, allow_hyphen_values = true, help_heading = "SPIR-V CodeGen Options")]
    pub bind_register: Vec<String>,

    /// Bind `$Globals` to BINDING in SET (DXC: -fvk-bind-globals).
    #[arg(long = "fvk-bind-globals", num_args = 2, value_names = ["BINDING", "SET"], allow_hyphen_values = true, help_heading = "SPIR-V CodeGen Options")]
    pub bind_globals: Vec<String>,

    /// Bind ResourceDescriptorHeap to BINDING in SET (DXC: -fvk-bind-resource-heap).
    #[arg(long = "fvk-bind-resource-heap", num_args = 2, value_names = ["BINDING", "SET"], allow_hyphen_values = true, help_heading = "SPIR-V CodeGen Options")]
    pub bind_resource_heap: Vec<String>,

    /// Bind SamplerDescriptorHeap to BINDING in SET (DXC: -fvk-bind-sampler-heap).
    #[arg(long = "fvk-bind-sampler-heap", num_args = 2, value_names = ["BINDING", "SET"], allow_hyphen_values = true, help_heading = "SPIR-V CodeGen Options")]
    pub bind_sampler_heap: Vec<String>,

    /// Reserve BINDING in SET for the resource heap's counters (DXC: -fvk-bind-counter-heap).
    #[arg(long = "fvk-bind-counter-heap", num_args = 2, value_names = ["BINDING", "SET"], allow_hyphen_values = true, help_heading = "SPIR-V CodeGen Options")]
    pub bind_counter_heap: Vec<String>,

    /// SPIR-V target environment: vulkan1.0, vulkan1.1, vulkan1.1spirv1.4, vulkan1.2,
    /// vulkan1.3, universal1.5 (DXC: -fspv-target-env=). Default: Vulkan 1.1, with SPIR-V 1.4
    /// for mesh and ray-tracing entry points; a named environment rejects features it lacks.
    #[arg(long = "fspv-target-env", value_name = "ENV", help_heading = "SPIR-V CodeGen Options")]
    pub spirv_target_env: Option<String>,

    /// A SPIR-V extension the output may use (DXC: -fspv-extension=; checked against DXC's list).
    #[arg(long = "fspv-extension", value_name = "EXT", help_heading = "SPIR-V CodeGen Options")]
    pub spirv_extensions: Vec<String>,

    /// SPIR-V debug information category (DXC: -fspv-debug=; accepted and checked, not emitted).
    #[arg(long = "fspv-debug", value_name = "KIND", help_heading = "SPIR-V CodeGen Options")]
    pub spirv_debug: Vec<String>,

    /// The largest SPIR-V id, in hexadecimal (DXC: -fspv-max-id; default 3FFFFF).
    #[arg(long = "fspv-max-id", value_name = "HEX", help_heading = "SPIR-V CodeGen Options")]
    pub spirv_max_id: Option<String>,

    /// spirv-opt passes (DXC: -Oconfig=; accepted and checked: once, and not with -O0..-O3).
    #[arg(long = "Oconfig", value_name = "PASSES", help_heading = "Compilation Options")]
    pub optimizer_config: Vec<String>,

    /// Optimisation level 0 to 3 (DXC: -O0 … -O3; hlslc's output does not depend on it).
    #[arg(long = "optimization-level", value_name = "N", help_heading = "Compilation Options")]
    pub optimization_level: Option<String>,

    /// Library linkage of functions without `export`/`static`: internal (default) or external
    /// (DXC: -default-linkage; external exports every non-static function of a `lib_*` profile).
    #[arg(long = "default-linkage", value_name = "LINKAGE", help_heading = "Compilation Options")]
    pub default_linkage: Option<String>,

    /// Denormal mode: preserve, ftz or any (DXC: -denorm; SM 6.2 and later).
    #[arg(long = "denorm", value_name = "MODE", help_heading = "Compilation Options")]
    pub denorm: Option<String>,

    /// DXIL debug file (DXC: -Fd; hlslc writes none; an error with -spirv, as in DXC).
    #[arg(long = "Fd", value_name = "FILE", help_heading = "Compilation Options")]
    pub debug_file: Option<String>,

    /// DXIL reflection file (DXC: -Fre; hlslc writes none; an error with -spirv, as in DXC).
    #[arg(long = "Fre", value_name = "FILE", help_heading = "Compilation Options")]
    pub reflection_file: Option<String>,

    /// Check payload access qualifiers in lib_6_6 (always checked from lib_6_7 on).
    #[arg(long = "enable-payload-qualifiers", help_heading = "Compilation Options")]
    pub enable_payload_qualifiers: bool,

    /// Strip DXIL reflection (DXC: -Qstrip_reflect; an error with -spirv, as in DXC).
    #[arg(long = "Qstrip_reflect", help_heading = "Compilation Options")]
    pub strip_reflect: bool,

    /// Warning flags in DXC's spelling: -Wno-<name> (disable), -W<name> (enable), -WX or -Werror
    /// (all warnings are errors), -Werror=<name>, -Wno-error=<name>, -w or -no-warnings (none).
    /// Names are listed in docs/diagnostics.md.
    #[arg(long = "warning-flag", value_name = "FLAG", help_heading = "Warning Options")]
    pub warning_flags: Vec<String>,

    /// Output language.
    #[arg(long, value_enum, default_value = "wgsl", help_heading = "Output Options")]
    pub target: TargetArg,

    /// Stop after parsing (exit 0 when there is no syntax error).
    #[arg(long = "parse-only", help_heading = "Output Options")]
    pub parse_only: bool,

    /// What to write, comma-separated: wgsl, spirv, spvasm, reflect. Several kinds need
    /// `-o DIR/` (files DIR/<stem>.wgsl, .spv, .spvasm, .json).
    #[arg(long = "emit", value_enum, value_delimiter = ',', help_heading = "Output Options")]
    pub emit: Vec<Emit>,

    /// Write the reflection (bindings, constant-buffer layouts, entry point) as JSON to FILE.
    #[arg(long = "reflect", value_name = "FILE", help_heading = "Output Options")]
    pub reflect: Option<String>,

    /// Colour diagnostics.
    #[arg(long, value_enum, default_value = "auto", help_heading = "Output Options")]
    pub color: ColorArg,

    /// Batch mode's progress bar on standard error: `auto` (when it is a terminal), `always`,
    /// `never`. The summary line is printed in every case.
    #[arg(long, value_enum, value_name = "WHEN", default_value = "auto", help_heading = "Output Options")]
    pub progress: ProgressArg,

    /// How registers become bindings: `class-shift` (b→0+N, t→250+N, s→500+N, u→750+N; never
    /// collides), `dxc` (the register number, as DXC's -spirv) or `compact` (class-shift
    /// order, renumbered densely from 0 in each group). See docs/bindings.md.
    #[arg(long = "binding-policy", value_enum, default_value = "class-shift", help_heading = "Binding Options")]
    pub binding_policy: PolicyArg,

    /// Lower RWTexture2DMS[Array] to storage buffers (WebGPU has no writable MSAA textures):
    /// `pixel-major` (a pixel's samples adjacent) or `sample-major`. See docs/reflection.md.
    #[arg(long = "fhlslc-rwtexture-ms-buffer", value_enum, value_name = "LAYOUT", help_heading = "Binding Options")]
    pub rwtexture_ms_buffer: Option<MsLayoutArg>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetArg {
    Wgsl,
    Spirv,
    Spvasm,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolicyArg {
    ClassShift,
    Dxc,
    Compact,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MsLayoutArg {
    PixelMajor,
    SampleMajor,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorArg {
    Auto,
    Always,
    Never,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgressArg {
    Auto,
    Always,
    Never,
}

/// DXC's flags that may be written with `/` (cl.exe style) as well as `-`.
const SLASH_FLAGS: &[&str] = &[
    "?", "help", "O0", "O1", "O2", "O3", "Od", "Odump", "T", "E", "D", "I", "HV", "Zi", "Zs", "Zss", "Zsb", "Zpr", "Zpc", "Gfa", "Gfp",
    "Gec", "Ges", "Gis", "WX", "Vd", "Vi", "Vn", "Fo", "Fc", "Fh", "Fe", "Fd", "Fi", "Fre", "Frs", "Fsh", "Cc", "Ni", "No", "Lx", "P", "Po",
    "M", "MD", "MF", "Qstrip_reflect", "Qstrip_debug", "Qembed_debug", "Qstrip_priv", "Qsource_in_debug_module", "Qpdb_in_private",
    "Qstrip_rootsignature", "Qkeep_reflect_in_dxil", "Qstrip_reflect_from_dxil", "nologo", "no-warnings", "denorm", "encoding",
    "enable-16bit-types", "flegacy-macro-expansion", "flegacy-resource-reservation", "default-linkage", "auto-binding-space",
    "rootsig-define", "force-rootsig-ver", "force_rootsig_ver", "all-resources-bound", "all_resources_bound", "res-may-alias",
    "res_may_alias", "enable-payload-qualifiers", "disable-payload-qualifiers", "enable-lifetime-markers", "disable-lifetime-markers",
    "ignore-line-directives", "pack-prefix-stable", "pack_prefix_stable", "pack-optimized", "pack_optimized", "fcgl",
    "enable_unbounded_descriptor_tables", "validator-version", "exports", "export-shaders-only", "precise-output", "recompile",
    "dumpbin", "link", "setrootsignature", "extractrootsignature", "verifyrootsignature", "setprivate", "getprivate", "opt-disable",
    "opt-enable", "opt-select", "memdep-block-scan-limit", "ast-dump", "ast-dump-implicit",
];

/// DXC's flags whose value may follow without a space (`-Tcs_6_0`, `-Fofile.spv`, `/DNAME`);
/// clap reads the one-letter ones itself.
const JOINED_VALUE_FLAGS: &[&str] = &["Fo", "Fc", "Fh", "Fe", "Fd", "Fi", "Vn", "MF"];

/// `/T` → `-T`, `/Tcs_6_0` → `-Tcs_6_0` for DXC's slash spellings. A word that names an
/// existing file or directory stays a path, and so does one with a further `/` (`/Data/a.spv`),
/// unless it is exactly a flag's name.
fn slash_flag(word: &str) -> Option<String> {
    let rest = word.strip_prefix('/')?;
    if rest.is_empty() || std::path::Path::new(word).exists() {
        return None;
    }
    let joined = |f: &&str| rest.len() > f.len() && rest.starts_with(*f) && !rest.contains('/');
    (SLASH_FLAGS.contains(&rest) || ["T", "E", "D", "I"].iter().chain(JOINED_VALUE_FLAGS).any(joined)).then(|| format!("-{rest}"))
}

/// Rewrites DXC's single-dash long flags into the forms clap parses.
pub fn normalize(args: impl Iterator<Item = String>) -> Vec<String> {
    let args: Vec<String> = args.enumerate().map(|(i, a)| if i == 0 { a } else { slash_flag(&a).unwrap_or(a) }).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].clone();
        i += 1;
        // Flags the command line itself implements (before the library's table, which lists
        // `-Fh`/`-Fc` as unsupported for library callers).
        if let Some(mapped) = cli_flag(&a) {
            out.push(mapped);
            continue;
        }
        // The DXC flags only the library reads travel whole, their values joined by U+001F.
        let rest: Vec<&str> = args[i - 1..].iter().map(String::as_str).collect();
        if let Some(n) = hlslc::DxcFlags::passthrough_words(&rest) {
            out.push("--dxc-passthrough".to_string());
            out.push(rest[..n].join("\u{1f}"));
            i += n - 1;
            continue;
        }
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
            | "-fvk-bind-resource-heap" | "-fvk-bind-sampler-heap" | "-fvk-bind-counter-heap" | "-fspv-max-id" | "-denorm" | "-default-linkage" | "-Fd"
            | "-Fre" | "-Qstrip_reflect" | "-flegacy-resource-reservation" | "-enable-payload-qualifiers" => format!("-{a}"),
            "-O0" | "-O1" | "-O2" | "-O3" => format!("--optimization-level={}", &a[2..]),
            s if s.starts_with("-fspv-target-env=") || s.starts_with("-fspv-extension=") || s.starts_with("-fspv-debug=") || s.starts_with("-Oconfig=") => format!("-{s}"),
            "-vkbr" => "--fvk-bind-register".to_string(),
            "-WX" | "/WX" | "-Werror" | "--Werror" | "-w" | "-no-warnings" | "/no-warnings" => format!("--warning-flag={a}"),
            s if s.starts_with("-W") && s.len() > 2 => format!("--warning-flag={s}"),
            s if s.starts_with("-fhlslc-") => format!("-{s}"),
            _ => a,
        };
        out.push(mapped);
    }
    out
}

/// The clap form of a DXC flag the command line implements: output files (`-Fe`, `-Fi`,
/// `-Fh`, `-Fc`, `-Vn`), dependency rules (`-M`, `-MD`, `-MF`), `-working-directory`,
/// `-Qunused-arguments`, help and colour switches.
fn cli_flag(a: &str) -> Option<String> {
    Some(match a {
        "-Fe" | "-Fi" | "-Fh" | "-Fc" | "-Vn" | "-MF" | "-M" | "-MD" | "-Po" | "-working-directory" | "-Qunused-arguments" => format!("-{a}"),
        "-help" | "-?" | "--help-hidden" => "--help".to_string(),
        "--all-warnings" => "--warning-flag=-Wall".to_string(),
        "-fdiagnostics-color" | "-fcolor-diagnostics" => "--color=always".to_string(),
        "-fno-diagnostics-color" | "-fno-color-diagnostics" => "--color=never".to_string(),
        s if s.starts_with("-fdiagnostics-color=") => format!("--color={}", &s["-fdiagnostics-color=".len()..]),
        s if s.starts_with("-working-directory=") => format!("-{s}"),
        s => {
            // Any argument comes here, values too (`-E 𝕖𝕟𝕥𝕣𝕪`): only one starting with `-` is
            // sliced, after that ASCII byte.
            let rest = s.strip_prefix('-')?;
            let flag = JOINED_VALUE_FLAGS.iter().find(|f| rest.len() > f.len() && rest.starts_with(**f))?;
            // `-Fre`/`-Frs`/`-Fsh` are flags of their own, not `-F` with a value.
            format!("--{flag}={}", &rest[flag.len()..])
        }
    })
}

/// `hlslc build MANIFEST [-o DIR] [--color WHEN] [--progress WHEN]`.
#[derive(Parser, Debug)]
#[command(
    name = "hlslc build",
    bin_name = "hlslc build",
    about = "Compile the shaders a shaders.toml manifest lists",
    after_help = MANIFEST_HELP
)]
pub struct BuildCli {
    /// The manifest: a TOML file (format below).
    pub manifest: String,

    /// Output directory (overrides the manifest's `out_dir`).
    #[arg(short = 'o', long = "out-dir", value_name = "DIR")]
    pub out_dir: Option<String>,

    /// Colour diagnostics.
    #[arg(long, value_enum, default_value = "auto")]
    pub color: ColorArg,

    /// The progress bar on standard error: `auto` (when it is a terminal), `always`, `never`.
    #[arg(long, value_enum, value_name = "WHEN", default_value = "auto")]
    pub progress: ProgressArg,
}

/// What `hlslc build --help` prints after the options.
const MANIFEST_HELP: &str = "\
Manifest (paths are relative to the manifest's directory):
  out_dir = \"build/shaders\"          # default: the manifest's directory
  emit = [\"wgsl\", \"reflect\"]         # wgsl, spirv, spvasm, reflect; default [\"wgsl\"]
  include_dirs = [\"include\"]
  defines = [\"QUALITY=2\"]

  [[shader]]
  file = \"blur.hlsl\"
  profile = \"cs_6_0\"
  entry = \"main\"                     # default main
  name = \"blur\"                      # output stem; default: file stem (+ _entry)
  defines = [\"RADIUS=4\"]             # added to the top-level defines
  emit = [\"wgsl\", \"spirv\"]           # replaces the top-level emit
  include_dirs = [\"more\"]            # added to the top-level directories

Outputs: DIR/<name>.wgsl, .spv, .spvasm, .json.
Exit codes: 0 all compiled, 1 a shader failed, 2 an invalid manifest or an I/O error.";

/// The compilation options the flags describe.
pub fn options(cli: &Cli, spirv: bool) -> Result<Options, String> {
    let bindings = binding_options(cli)?;
    // DXC: `-Gec` defaults to HLSL 2016 and refuses a later explicit version (reported by
    // the library); `202x` is DXC's internal 2029.
    let hlsl_version = match cli.hlsl_version.as_deref() {
        None if cli.gec => 2016,
        None => 2021,
        Some("202x") => 2029,
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
        dxc: hlslc::DxcFlags::default(),
    })
    .map(|mut o| {
        // The flags the library reads in DXC's spelling ([`Options::dxc_arg`]), so that the CLI,
        // the library and DXC agree on their values and errors.
        for words in dxc_flags(cli) {
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            o.dxc_arg(&words);
        }
        o
    })
}

/// The flags [`Options::dxc_arg`] reads, back in DXC's spelling.
fn dxc_flags(cli: &Cli) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    let joined = |flag: &str, v: &String| vec![format!("{flag}={v}")];
    out.extend(cli.bind_register.chunks(4).map(|q| std::iter::once("-fvk-bind-register".to_string()).chain(q.iter().cloned()).collect()));
    for (flag, values) in [("-fvk-bind-globals", &cli.bind_globals), ("-fvk-bind-resource-heap", &cli.bind_resource_heap), ("-fvk-bind-sampler-heap", &cli.bind_sampler_heap), ("-fvk-bind-counter-heap", &cli.bind_counter_heap)] {
        if !values.is_empty() {
            out.push(std::iter::once(flag.to_string()).chain(values.iter().cloned()).collect());
        }
    }
    out.extend(cli.dxc_passthrough.iter().map(|w| w.split('\u{1f}').map(str::to_string).collect()));
    out.extend(cli.spirv_target_env.iter().map(|v| joined("-fspv-target-env", v)));
    out.extend(cli.spirv_extensions.iter().map(|v| joined("-fspv-extension", v)));
    out.extend(cli.spirv_debug.iter().map(|v| joined("-fspv-debug", v)));
    out.extend(cli.optimizer_config.iter().map(|v| joined("-Oconfig", v)));
    out.extend(cli.optimization_level.iter().map(|v| vec![format!("-O{v}")]));
    for (flag, value) in [("-fspv-max-id", &cli.spirv_max_id), ("-denorm", &cli.denorm), ("-default-linkage", &cli.default_linkage), ("-Fd", &cli.debug_file), ("-Fre", &cli.reflection_file)] {
        out.extend(value.iter().map(|v| vec![flag.to_string(), v.clone()]));
    }
    if cli.strip_reflect {
        out.push(vec!["-Qstrip_reflect".to_string()]);
    }
    if cli.enable_payload_qualifiers {
        out.push(vec!["-enable-payload-qualifiers".to_string()]);
    }
    out
}

/// DXC's shift flags from the command line.
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
    // `-fvk-bind-register` and `-fvk-bind-globals` are read by the library (`dxc_flags`).
    Ok(out)
}
