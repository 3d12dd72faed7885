//! DXC's command-line flags that only DXC's own back ends act on — the SPIR-V environment and
//! extensions, debug info, `spirv-opt`'s configuration, DXIL's reflection and PDB outputs, the
//! denormal mode, the SPIR-V id limit — the binding flags and `-default-linkage`, parsed in one place for the CLI,
//! the conformance runner and library users that forward a DXC command line.
//!
//! hlslc accepts these flags so that a DXC build line works unchanged, and checks their values
//! and combinations as DXC does (DXC rejects `-Oconfig=` given twice, `-Fd` with `-spirv`, an
//! unknown target environment …): a build that DXC refuses is refused here too, with E0660,
//! instead of silently producing something the user did not ask for. [`Options::dxc_arg`]
//! records a flag; the pipeline's option check reports what is wrong before compiling.
//!
//! `-include FILE` (forced includes) and `-encoding` are read here too, for the same reason:
//! a DXC command line given to the library compiles as the CLI compiles it.
//!
//! `-fspv-target-env=` also changes what compiles (`lowering::TargetEnv`: wave operations need
//! Vulkan 1.1, ray tracing SPIR-V 1.4); without it hlslc's default allows every feature.

use crate::options::{Options, Target};
use hlslc_grammar::{Diagnostic, Span};
use hlslc_lowering::TargetEnv;

/// DXC flags recorded as given (see the module documentation). Library users normally fill
/// this through [`Options::dxc_arg`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DxcFlags {
    /// `-fspv-target-env=`, as written (checked by the option check; a valid one also sets
    /// the lowering's `target_env`).
    pub spirv_target_env: Option<String>,
    /// `-fspv-extension=`: the extensions the SPIR-V may use (DXC: every one it knows when
    /// none is given). Checked against DXC's list.
    pub spirv_extensions: Vec<String>,
    /// `-fspv-debug=`: debug-info categories (`file`, `source`, `line`, `tool`, `rich`, …).
    pub spirv_debug: Vec<String>,
    /// `-Oconfig=`: each occurrence's value (`spirv-opt` flags, comma-separated).
    pub optimizer_config: Vec<String>,
    /// `-O0` … `-O3`, as written (the last one).
    pub optimization_level: Option<String>,
    /// Flags DXC allows only for DXIL (`-Fd`, `-Fre`, `-Qstrip_reflect`), as written.
    pub dxil_only: Vec<String>,
    /// `-denorm`: `preserve`, `ftz` or `any` (SM 6.2 and later).
    pub denorm: Option<String>,
    /// `-fspv-max-id`: the largest SPIR-V id allowed, as written (hexadecimal).
    pub max_id: Option<String>,
    /// `-default-linkage internal|external`: which library functions are exported (only
    /// `export` ones and entry points, or every non-`static` one).
    pub default_linkage: Option<String>,
    /// `-enable-payload-qualifiers`: payload access qualifiers checked in `lib_6_6` (they
    /// always are from `lib_6_7` on, unless `-disable-payload-qualifiers`).
    pub payload_qualifiers: bool,
    /// `-disable-payload-qualifiers`: payload access qualifiers are not checked, even from
    /// `lib_6_7` on (DXC: it wins over `-enable-payload-qualifiers`).
    pub no_payload_qualifiers: bool,
    /// `-fspv-enable-maximal-reconvergence`: the `MaximallyReconvergesKHR` execution mode on
    /// every entry point (SPIR-V only).
    pub maximal_reconvergence: bool,
    /// `-fspv-entrypoint-name=`: the SPIR-V name of the `-E` entry point (DXC renames that
    /// entry point only; the others of a library keep their function names).
    pub spirv_entry_point_name: Option<String>,
    /// `-include FILE`: files included before the main file, after the command-line macros
    /// (clang's forced includes), in order.
    pub forced_includes: Vec<String>,
    /// `-encoding`: the source encoding; hlslc reads UTF-8 (`utf8`, DXC's default) only.
    pub encoding: Option<String>,
    /// `-fvk-invert-y`: negate the y of a vertex shader's `SV_Position`.
    pub invert_y: bool,
    /// `-fvk-use-dx-position-w`: a pixel shader's `SV_Position.w` is D3D's (clip-space w).
    pub dx_position_w: bool,
    /// `-fvk-support-nonzero-base-instance`: `SV_InstanceID` less SPIR-V's `BaseInstance`.
    pub nonzero_base_instance: bool,
    /// `-fvk-support-nonzero-base-vertex`: `SV_VertexID` less SPIR-V's `BaseVertex`.
    pub nonzero_base_vertex: bool,
    /// `-fspv-use-legacy-buffer-matrix-order`: byte-address buffer matrices are row-major.
    pub legacy_buffer_matrix_order: bool,
    /// `-fvk-use-scalar-layout`: buffers in `VK_EXT_scalar_block_layout`'s layout (hlslc's
    /// structured-buffer layout), constant and texture buffers and push constants included.
    pub scalar_layout: bool,
    /// `-fvk-use-dx-layout`: hlslc's layouts already, but for push-constant blocks, which DXC
    /// then lays out tightly instead of by vector-relaxed std430.
    pub dx_layout: bool,
    /// `-fvk-use-gl-layout`: buffers in OpenGL's strict std140 (constant buffers) and std430
    /// (the others) instead of Direct3D's layouts.
    pub gl_layout: bool,
    /// `-fvk-stage-io-order=`: `decl` (DXC's default: stage I/O locations in declaration
    /// order) or `alpha` (in alphabetical order of the semantic names), as written.
    pub stage_io_order: Option<String>,
    /// `-fspv-use-unknown-image-format`: storage textures without `[[vk::image_format]]` have
    /// SPIR-V's `Unknown` format (SPIR-V only).
    pub unknown_image_format: bool,
    /// `-fspv-preserve-bindings`: resources the entry points do not use keep their bindings.
    pub preserve_bindings: bool,
    /// `-fspv-flatten-resource-arrays`: each element of a resource array has a binding of its
    /// own (SPIR-V only).
    pub flatten_resource_arrays: bool,
    /// Flags DXC takes that hlslc does not implement and that would change the output
    /// (`-fspv-use-vulkan-memory-model`, `-Fh` …), as written: E0670 each.
    pub unsupported: Vec<String>,
    /// Flags DXC takes that change nothing hlslc writes (debug-info and DXIL-container
    /// switches, `-fvk-use-dx-layout`, which is hlslc's layout anyway but for push-constant
    /// blocks, see `dx_layout` …), as written.
    pub no_effect: Vec<String>,
    /// Flags whose values could not be read (missing or malformed arguments): DXC's message
    /// for each, reported by the option check.
    pub invalid: Vec<String>,
}

/// DXC flags that change nothing hlslc writes, with how many words follow each: DXIL's
/// debug, container, validation and optimisation switches (hlslc writes no DXIL, always
/// validates with naga and does not optimise), and `-fvk-use-dx-layout` (D3D's buffer layouts
/// are hlslc's on every target; the flag only moves push-constant blocks to the tight layout,
/// recorded in `DxcFlags::dx_layout` before the table is read).
const NO_EFFECT: &[(&str, usize)] = &[
    ("-fvk-use-dx-layout", 0),
    // Keeps stage inputs and outputs the entry point does not use: hlslc never removes them
    // (every entry parameter and output becomes an interface variable).
    ("-fspv-preserve-interface", 0),
    // DXC's default for descriptor heaps (binding arrays through descriptor indexing), which is
    // how hlslc lowers `ResourceDescriptorHeap`/`SamplerDescriptorHeap` (`sema/heap.rs`).
    ("-fspv-use-emulated-heap", 0),
    ("-Zi", 0),
    ("-Zs", 0),
    ("-Zss", 0),
    ("-Zsb", 0),
    ("-Od", 0),
    ("-Qembed_debug", 0),
    ("-Qsource_in_debug_module", 0),
    ("-Qstrip_debug", 0),
    ("-Qstrip_priv", 0),
    ("-Qstrip_rootsignature", 0),
    ("-Qkeep_reflect_in_dxil", 0),
    ("-nologo", 0),
    ("-Vd", 0),
    ("-all-resources-bound", 0),
    ("-res-may-alias", 0),
    ("-Ges", 0),
    ("-Gfa", 0),
    ("-Gfp", 0),
    ("-Gpp", 0),
    ("-enable-lifetime-markers", 0),
    ("-disable-lifetime-markers", 0),
    ("-fspv-reflect", 0),
    // DXC's SPIR-V legalization switches: hlslc's output is always legal, it takes arrays of
    // RW structured buffers with counters and copies call arguments where needed anyway.
    ("-fcgl", 0),
    ("-fspv-fix-func-call-arguments", 0),
    ("-fvk-allow-rwstructuredbuffer-arrays", 0),
    ("-fspv-reduce-load-size", 0),
    ("-fspv-print-all", 0),
    ("-Vn", 1),
    // DXIL's alternative spellings, container parts, signature packing, legacy constant-buffer
    // loads, root signatures (compiled into DXIL only), validator and library switches.
    ("-all_resources_bound", 0),
    ("-res_may_alias", 0),
    ("-Qpdb_in_private", 0),
    ("-Qstrip_reflect_from_dxil", 0),
    ("-no-legacy-cbuf-layout", 0),
    ("-not_use_legacy_cbuf_load", 0),
    ("-pack-prefix-stable", 0),
    ("-pack_prefix_stable", 0),
    ("-pack-optimized", 0),
    ("-pack_optimized", 0),
    ("-enable_unbounded_descriptor_tables", 0),
    ("-force-zero-store-lifetimes", 0),
    ("-preserve-intermediate-values", 0),
    ("-ignore-opt-semdefs", 0),
    ("-rootsig-define", 1),
    ("-force-rootsig-ver", 1),
    ("-force_rootsig_ver", 1),
    ("-validator-version", 1),
    ("-select-validator", 1),
    ("-ignore-semdef", 1),
    ("-override-semdef", 1),
    // Optimisation switches: hlslc does not optimise (naga's output is the same either way).
    ("-funsafe-math-optimizations", 0),
    ("-fno-unsafe-math-optimizations", 0),
    ("-fassociative-math", 0),
    ("-fno-associative-math", 0),
    ("-fno-reciprocal-math", 0),
    ("-ffinite-math-only", 0),
    ("-fno-finite-math-only", 0),
    ("-fsigned-zeros", 0),
    ("-fhonor-nans", 0),
    ("-fno-honor-nans", 0),
    ("-fhonor-infinities", 0),
    ("-fno-honor-infinities", 0),
    ("-funroll-loops", 0),
    ("-fno-unroll-loops", 0),
    ("-freroll-loops", 0),
    ("-fno-reroll-loops", 0),
    ("-fnew-inlining-behavior", 0),
    ("-fdisable-loc-tracking", 0),
    ("-memdep-block-scan-limit", 1),
    ("-opt-disable", 1),
    ("-opt-enable", 1),
    ("-opt-select", 2),
    ("-mllvm", 1),
    // Reports about the compiler itself and listing switches for `-Fc` (hlslc's listing is
    // the SPIR-V disassembly or the WGSL text, without these decorations).
    ("-Odump", 0),
    ("-ftime-report", 0),
    ("-ftime-trace", 0),
    ("-time", 0),
    ("-verbose", 0),
    ("-v", 0),
    ("-H", 0),
    ("-Vi", 0),
    ("-Cc", 0),
    ("-Ni", 0),
    ("-No", 0),
    ("-Lx", 0),
    ("-print-before-all", 0),
    ("-print-after-all", 0),
    ("-print-before", 1),
    ("-print-after", 1),
    ("-disable-exception-handling", 0),
    ("-skip-serialization", 0),
    // How diagnostics are worded (hlslc's are its own): shown options, carets, columns,
    // spelling suggestions; `#line` directives (hlslc's spans already name the real file).
    ("-fdiagnostics-show-option", 0),
    ("-fno-diagnostics-show-option", 0),
    ("-fno-caret-diagnostics", 0),
    ("-fno-show-column", 0),
    ("-fshow-column", 0),
    ("-fshow-source-location", 0),
    ("-fspell-checking", 0),
    ("-fno-spell-checking", 0),
    ("-ignore-line-directives", 0),
];

/// Why hlslc cannot do what an [`UNSUPPORTED`] SPIR-V flag asks (the E0670 note), for the flags
/// a DXC user targeting Vulkan may pass.
const WHY_UNSUPPORTED: &[(&str, &str)] = &[
    (
        "-fspv-use-vulkan-memory-model",
        "naga's SPIR-V writer always declares the GLSL450 memory model and marks coherent memory with `Coherent` decorations; the Vulkan memory model needs `OpMemoryModel Logical Vulkan` and availability and visibility operands on each coherent access, which naga IR cannot carry",
    ),
    ("-fspv-use-descriptor-heap", "naga IR has no untyped pointers or descriptor-heap variables (`SPV_KHR_untyped_pointers`, `SPV_EXT_descriptor_heap`); hlslc lowers descriptor heaps to binding arrays, DXC's default `-fspv-use-emulated-heap`"),
];

/// DXC flags written `-flag=value` that change nothing hlslc writes (diagnostic wording,
/// constant-evaluation limits of clang's C++ mode, time traces, precision hints).
const NO_EFFECT_JOINED: &[&str] = &[
    "-fdiagnostics-format=",
    "-fdiagnostics-show-category=",
    "-ferror-limit=",
    "-fspell-checking-limit=",
    "-fconstexpr-depth=",
    "-fconstexpr-steps=",
    "-fconstexpr-backtrace-limit=",
    "-ftime-trace=",
    "-ftime-trace-granularity=",
    "-flimited-precision=",
];

/// DXC flags that would change the output in ways hlslc does not implement, with how many
/// words follow each and what the flag does (E0670: refused rather than silently ignored).
const UNSUPPORTED: &[(&str, usize, &str)] = &[
    ("-Fh", 1, "writes the object code as a C header (the `hlslc` command line writes it)"),
    ("-Fc", 1, "writes a disassembly listing (the `hlslc` command line writes it)"),
    ("-Frs", 1, "writes the DXIL root signature to a file"),
    ("-Fsh", 1, "writes the DXIL shader hash to a file"),
    ("-setrootsignature", 1, "attaches a root signature to DXIL bytecode"),
    ("-extractrootsignature", 0, "extracts the root signature of DXIL bytecode"),
    ("-verifyrootsignature", 1, "checks DXIL bytecode against a root signature"),
    ("-setprivate", 1, "adds private data to the DXIL container"),
    ("-getprivate", 1, "extracts the private data of a DXIL container"),
    ("-dumpbin", 0, "disassembles a compiled DXIL container instead of compiling"),
    ("-link", 0, "links DXIL libraries"),
    ("-recompile", 0, "recompiles a DXIL container from its embedded debug information"),
    ("-shtemplate", 1, "merges or matches UAV slots with a template shader"),
    ("-mergeUAVs", 1, "merges UAV slots with a template shader"),
    ("-matchUAVs", 1, "matches UAV slots with a template shader"),
    ("-import-binding-table", 1, "assigns DXIL resource bindings from a table"),
    ("-binding-table-define", 1, "assigns DXIL resource bindings from a table in a macro"),
    ("-exports", 1, "selects and renames the functions a library exports"),
    ("-export-shaders-only", 0, "exports only the entry points of a library"),
    ("-precise-output", 1, "marks an output semantic `precise`"),
    ("-external", 1, "loads an external compiler library"),
    ("-external-fn", 1, "loads an external compiler library's entry function"),
    ("-imacros", 1, "takes the macros of a file before the main file"),
    ("-ast-dump", 0, "prints clang's syntax tree instead of compiling"),
    ("-ast-dump-implicit", 0, "prints clang's syntax tree instead of compiling"),
    ("-verify", 0, "checks diagnostics against `expected-*` comments (DXC's own tests)"),
    ("-mms-bitfields", 0, "lays bit fields out as the Microsoft C compiler does"),
    ("-metal", 0, "generates Metal code"),
    ("-fspv-use-vulkan-memory-model", 0, "uses the Vulkan memory model"),
    ("-fspv-use-descriptor-heap", 0, "uses `SPV_EXT_descriptor_heap` for descriptor heaps"),
    // DXC's rewriter (`dxr`) options: hlslc has no rewriter.
    ("-unchanged", 0, "rewrites HLSL (DXC's rewriter)"),
    ("-skip-fn-body", 0, "rewrites HLSL (DXC's rewriter)"),
    ("-skip-static", 0, "rewrites HLSL (DXC's rewriter)"),
    ("-global-extern-by-default", 0, "rewrites HLSL (DXC's rewriter)"),
    ("-keep-user-macro", 0, "rewrites HLSL (DXC's rewriter)"),
    ("-extract-entry-uniforms", 0, "rewrites HLSL (DXC's rewriter)"),
    ("-remove-unused-globals", 0, "rewrites HLSL (DXC's rewriter)"),
    ("-remove-unused-functions", 0, "rewrites HLSL (DXC's rewriter)"),
    ("-line-directive", 0, "rewrites HLSL (DXC's rewriter)"),
    ("-decl-global-cb", 0, "rewrites HLSL (DXC's rewriter)"),
];

impl DxcFlags {
    /// How many words the DXC flag at the start of `args` takes, for the flags that only
    /// [`Options::dxc_arg`] knows (those without an `hlslc` option of their own): the CLI
    /// hands them to the library as they are.
    pub fn passthrough_words(args: &[&str]) -> Option<usize> {
        passthrough_words(args)
    }
}

fn passthrough_words(args: &[&str]) -> Option<usize> {
    let flag = *args.first()?;
    if matches!(
        flag,
        "-fvk-invert-y" | "-fvk-use-dx-position-w" | "-fvk-use-scalar-layout" | "-fvk-use-gl-layout" | "-fvk-auto-shift-bindings" | "-fspv-use-unknown-image-format" | "-fspv-preserve-bindings" | "-fspv-flatten-resource-arrays" | "-disable-payload-qualifiers" | "-fspv-enable-maximal-reconvergence" | "-fvk-support-nonzero-base-instance" | "-fvk-support-nonzero-base-vertex" | "-fspv-use-legacy-buffer-matrix-order"
    ) {
        return Some(1);
    }
    if matches!(flag, "-include" | "-encoding" | "-auto-binding-space") {
        return Some(2.min(args.len()));
    }
    if flag.starts_with("-fspv-entrypoint-name=") || flag.starts_with("-fvk-stage-io-order=") {
        return Some(1);
    }
    if NO_EFFECT_JOINED.iter().any(|prefix| flag.starts_with(prefix)) {
        return Some(1);
    }
    Some((1 + table_arity(flag)?).min(args.len()))
}

/// How many words follow `flag` in [`NO_EFFECT`] or [`UNSUPPORTED`].
fn table_arity(flag: &str) -> Option<usize> {
    NO_EFFECT.iter().map(|&(f, n)| (f, n)).chain(UNSUPPORTED.iter().map(|&(f, n, _)| (f, n))).find(|(f, _)| *f == flag).map(|(_, n)| n)
}

/// Flags taking arguments: the flag and how many words follow it.
const WITH_ARGUMENTS: &[(&str, usize)] = &[
    ("-fvk-bind-register", 4),
    ("-vkbr", 4),
    ("-fvk-bind-globals", 2),
    ("-fvk-bind-resource-heap", 2),
    ("-fvk-bind-sampler-heap", 2),
    ("-fvk-bind-counter-heap", 2),
    ("-Fd", 1),
    ("-Fre", 1),
    ("-denorm", 1),
    ("-fspv-max-id", 1),
    ("-default-linkage", 1),
];

impl Options {
    /// Records one of the DXC flags this module handles, given the command line from that
    /// flag on (`["-fvk-bind-register", "t0", "0", "1", "2", …]`). Returns how many words the
    /// flag took, or `None` for any other flag (which the caller handles). A malformed
    /// value is not an error here: it is recorded and reported, as DXC reports it, by
    /// [`compile`](crate::compile).
    pub fn dxc_arg(&mut self, args: &[&str]) -> Option<usize> {
        let flag = *args.first()?;
        let joined = |prefix: &str| flag.strip_prefix(prefix).map(str::to_string);
        if let Some(v) = joined("-fspv-target-env=") {
            self.dxc.spirv_target_env = Some(v);
            return Some(1);
        }
        if let Some(v) = joined("-fspv-extension=") {
            self.dxc.spirv_extensions.push(v);
            return Some(1);
        }
        if let Some(v) = joined("-fspv-debug=") {
            self.dxc.spirv_debug.push(v);
            return Some(1);
        }
        if let Some(v) = joined("-Oconfig=") {
            self.dxc.optimizer_config.push(v);
            return Some(1);
        }
        if matches!(flag, "-O0" | "-O1" | "-O2" | "-O3") {
            self.dxc.optimization_level = Some(flag.to_string());
            return Some(1);
        }
        if flag == "-enable-payload-qualifiers" {
            self.dxc.payload_qualifiers = true;
            return Some(1);
        }
        if flag == "-fvk-invert-y" {
            self.dxc.invert_y = true;
            return Some(1);
        }
        if flag == "-fvk-use-dx-layout" {
            // (Also listed in `NO_EFFECT`, read below.)
            self.dxc.dx_layout = true;
        }
        if flag == "-fvk-use-scalar-layout" {
            self.dxc.scalar_layout = true;
            return Some(1);
        }
        if flag == "-fvk-use-gl-layout" {
            self.dxc.gl_layout = true;
            return Some(1);
        }
        if flag == "-fspv-use-unknown-image-format" {
            self.dxc.unknown_image_format = true;
            return Some(1);
        }
        if flag == "-fspv-flatten-resource-arrays" {
            self.dxc.flatten_resource_arrays = true;
            return Some(1);
        }
        if flag == "-fspv-preserve-bindings" {
            self.dxc.preserve_bindings = true;
            return Some(1);
        }
        if flag == "-fvk-auto-shift-bindings" {
            self.bindings.auto_shift_bindings = true;
            return Some(1);
        }
        if flag == "-fvk-use-dx-position-w" {
            self.dxc.dx_position_w = true;
            return Some(1);
        }
        if flag == "-fvk-support-nonzero-base-instance" {
            self.dxc.nonzero_base_instance = true;
            return Some(1);
        }
        if flag == "-fvk-support-nonzero-base-vertex" {
            self.dxc.nonzero_base_vertex = true;
            return Some(1);
        }
        if flag == "-fspv-use-legacy-buffer-matrix-order" {
            self.dxc.legacy_buffer_matrix_order = true;
            return Some(1);
        }
        if flag == "-Qstrip_reflect" {
            self.dxc.dxil_only.push(flag.to_string());
            return Some(1);
        }
        if let Some(v) = joined("-fspv-entrypoint-name=") {
            self.dxc.spirv_entry_point_name = Some(v);
            return Some(1);
        }
        if let Some(v) = joined("-fvk-stage-io-order=") {
            // `decl` (DXC's default) and `alpha`; anything else is refused by the check.
            self.dxc.stage_io_order = Some(v);
            return Some(1);
        }
        if flag == "-fspv-enable-maximal-reconvergence" {
            self.dxc.maximal_reconvergence = true;
            return Some(1);
        }
        if flag == "-disable-payload-qualifiers" {
            self.dxc.no_payload_qualifiers = true;
            return Some(1);
        }
        if NO_EFFECT_JOINED.iter().any(|prefix| flag.starts_with(prefix)) {
            self.dxc.no_effect.push(flag.to_string());
            return Some(1);
        }
        if flag == "-auto-binding-space" {
            let Some(value) = args.get(1) else {
                self.dxc.invalid.push(format!("argument to `{flag}` is missing"));
                return Some(1);
            };
            match value.parse::<u32>() {
                Ok(n) => self.bindings.default_space = n,
                Err(_) => self.dxc.invalid.push(format!("unsupported value `{value}` for `-auto-binding-space`")),
            }
            return Some(2);
        }
        if matches!(flag, "-include" | "-encoding") {
            let Some(value) = args.get(1) else {
                self.dxc.invalid.push(format!("argument to `{flag}` is missing"));
                return Some(1);
            };
            if flag == "-include" {
                self.dxc.forced_includes.push(value.to_string());
            } else {
                self.dxc.encoding = Some(value.to_string());
            }
            return Some(2);
        }
        if let Some(count) = passthrough_words(args) {
            let wanted = 1 + table_arity(flag).unwrap_or(0);
            if count < wanted {
                self.dxc.invalid.push(format!("argument to `{flag}` is missing"));
            } else if NO_EFFECT.iter().any(|(f, _)| *f == flag) {
                self.dxc.no_effect.push(flag.to_string());
            } else {
                self.dxc.unsupported.push(flag.to_string());
            }
            return Some(count);
        }
        let &(_, count) = WITH_ARGUMENTS.iter().find(|(f, _)| *f == flag)?;
        let Some(values) = args.get(1..=count) else {
            self.dxc.invalid.push(format!("argument to `{flag}` is missing"));
            return Some(args.len());
        };
        match flag {
            "-fvk-bind-register" | "-vkbr" => match bind_register(values) {
                Ok(entry) => self.bindings.bind_register.push(entry),
                Err(message) => self.dxc.invalid.push(message),
            },
            "-fvk-bind-globals" => match (values[0].parse::<u32>(), values[1].parse::<u32>()) {
                (Ok(b), Ok(s)) => self.bindings.bind_globals = Some((b, s)),
                (Err(_), _) => self.dxc.invalid.push(format!("invalid `-fvk-bind-globals` binding number `{}`", values[0])),
                (_, Err(_)) => self.dxc.invalid.push(format!("invalid `-fvk-bind-globals` set number `{}`", values[1])),
            },
            "-fvk-bind-resource-heap" | "-fvk-bind-sampler-heap" | "-fvk-bind-counter-heap" => match fixed_binding(flag, values) {
                Ok(pair) => {
                    let slot = match flag {
                        "-fvk-bind-resource-heap" => &mut self.bindings.resource_heap,
                        "-fvk-bind-sampler-heap" => &mut self.bindings.sampler_heap,
                        _ => &mut self.bindings.counter_heap,
                    };
                    *slot = Some(pair);
                }
                Err(message) => self.dxc.invalid.push(message),
            },
            "-Fd" | "-Fre" => self.dxc.dxil_only.push(flag.to_string()),
            "-denorm" => self.dxc.denorm = Some(values[0].to_string()),
            "-fspv-max-id" => self.dxc.max_id = Some(values[0].to_string()),
            "-default-linkage" => self.dxc.default_linkage = Some(values[0].to_string()),
            _ => {}
        }
        Some(1 + count)
    }

    /// The largest SPIR-V id `-fspv-max-id` allows (DXC's default 0x3FFFFF, the largest
    /// every Vulkan implementation takes).
    pub(crate) fn max_spirv_id(&self) -> u32 {
        self.dxc.max_id.as_deref().and_then(|v| u32::from_str_radix(v, 16).ok()).unwrap_or(0x3F_FFFF)
    }
}

/// `-fvk-bind-register REG SPACE BINDING SET` → `(class, index, space, binding, set)`.
fn bind_register(v: &[&str]) -> Result<(hlslc_lowering::tir::RegisterClass, u32, u32, u32, u32), String> {
    let number = |s: &str, what: &str| s.parse::<u32>().map_err(|_| format!("invalid `-fvk-bind-register` {what} number `{s}`"));
    let (class, index) = hlslc_lowering::BindingOptions::parse_register(v[0]).ok_or_else(|| format!("invalid `-fvk-bind-register` register `{}`", v[0]))?;
    Ok((class, index, number(v[1], "space")?, number(v[2], "binding")?, number(v[3], "set")?))
}

/// `-fvk-bind-{resource,sampler,counter}-heap BINDING SET` → `(binding, set)`, with DXC's
/// messages.
fn fixed_binding(flag: &str, v: &[&str]) -> Result<(u32, u32), String> {
    let number = |s: &str| match s.parse::<i64>() {
        Err(_) => Err(format!("invalid `{flag}` argument `{s}`")),
        Ok(n) if n < 0 => Err(format!("expected a non-negative integer for `{flag}`, found `{s}`")),
        Ok(n) => u32::try_from(n).map_err(|_| format!("invalid `{flag}` argument `{s}`")),
    };
    Ok((number(v[0])?, number(v[1])?))
}

/// The SPIR-V extensions DXC knows (`-fspv-extension=`; `KHR` allows every `SPV_KHR_…`).
const KNOWN_EXTENSIONS: &[&str] = &[
    "KHR",
    "SPV_KHR_16bit_storage",
    "SPV_KHR_device_group",
    "SPV_KHR_multiview",
    "SPV_KHR_non_semantic_info",
    "SPV_KHR_shader_draw_parameters",
    "SPV_KHR_ray_tracing",
    "SPV_EXT_demote_to_helper_invocation",
    "SPV_EXT_descriptor_indexing",
    "SPV_EXT_fragment_fully_covered",
    "SPV_EXT_fragment_invocation_density",
    "SPV_EXT_fragment_shader_interlock",
    "SPV_EXT_mesh_shader",
    "SPV_EXT_shader_stencil_export",
    "SPV_EXT_shader_viewport_index_layer",
    "SPV_AMD_shader_early_and_late_fragment_tests",
    "SPV_GOOGLE_hlsl_functionality1",
    "SPV_GOOGLE_user_type",
    "SPV_KHR_post_depth_coverage",
    "SPV_KHR_shader_clock",
    "SPV_NV_ray_tracing",
    "SPV_NV_mesh_shader",
    "SPV_KHR_ray_query",
    "SPV_KHR_fragment_shading_rate",
    "SPV_EXT_shader_image_int64",
    "SPV_KHR_physical_storage_buffer",
    "SPV_AMDX_shader_enqueue",
    "SPV_KHR_vulkan_memory_model",
    "SPV_KHR_compute_shader_derivatives",
    "SPV_NV_compute_shader_derivatives",
    "SPV_KHR_fragment_shader_barycentric",
    "SPV_KHR_maximal_reconvergence",
    "SPV_KHR_float_controls",
    "SPV_NV_shader_subgroup_partitioned",
    "SPV_KHR_quad_control",
    "SPV_EXT_descriptor_heap",
    "SPV_KHR_untyped_pointers",
];

/// `-fspv-debug=` categories DXC takes.
const DEBUG_CATEGORIES: &[&str] = &["file", "source", "line", "tool", "rich", "rich-with-source", "vulkan", "vulkan-with-source", "vulkan-with-source-test"];

/// E0660 for every DXC flag in `options` whose value or combination DXC refuses.
pub(crate) fn check(options: &Options) -> Vec<Diagnostic> {
    let f = &options.dxc;
    let mut out: Vec<Diagnostic> = f.invalid.iter().map(|m| error(m.clone()).with_help("set and binding numbers are non-negative decimal integers; registers are written `t3`, `s0` …; see `hlslc --help` for each flag's arguments")).collect();
    for flag in &f.unsupported {
        let what = UNSUPPORTED.iter().find(|(u, _, _)| u == flag).map(|(_, _, w)| *w)
            .unwrap_or("changes the output in a way hlslc does not implement");
        let name = flag.split('=').next().unwrap_or(flag);
        let mut d = Diagnostic::error("E0670", Span::UNDEFINED, format!("`{name}` is not supported by hlslc")).with_note(format!("in DXC, `{name}` {what}"));
        if let Some((_, why)) = WHY_UNSUPPORTED.iter().find(|(u, _)| u == flag) {
            d = d.with_note(format!("hlslc cannot: {why}"));
        }
        out.push(
            d
                .with_help(format!("drop `{name}` and do its work in the host or the shader (hlslc refuses it rather than write output the flag would have changed)")),
        );
    }
    if let Some(env) = f.spirv_target_env.as_deref().filter(|e| TargetEnv::parse(e).is_none()) {
        let names: Vec<&str> = TargetEnv::ALL.iter().map(|(n, _)| *n).collect();
        out.push(error(format!("unknown SPIR-V target environment `{env}`")).with_help(format!("use one of {}", names.join(", "))));
    }
    for ext in f.spirv_extensions.iter().filter(|e| !KNOWN_EXTENSIONS.contains(&e.as_str())) {
        out.push(error(format!("unknown SPIR-V extension `{ext}`")).with_note(format!("known extensions are {}", KNOWN_EXTENSIONS.join(", "))));
    }
    for d in f.spirv_debug.iter().filter(|d| !DEBUG_CATEGORIES.contains(&d.as_str())) {
        out.push(error(format!("unknown SPIR-V debug info control parameter `{d}`")).with_help(format!("use one of {}", DEBUG_CATEGORIES.join(", "))));
    }
    if f.optimizer_config.len() > 1 {
        out.push(error("`-Oconfig` should not be specified more than once").with_help("list every pass in one `-Oconfig=`, comma-separated"));
    } else if let (Some(_), Some(level)) = (f.optimizer_config.first(), &f.optimization_level) {
        out.push(error(format!("`-Oconfig` should not be used together with `{level}`")).with_help("`-Oconfig` replaces the optimisation level's passes: drop one of them"));
    }
    if let Some(d) = &f.denorm {
        if !["preserve", "ftz", "any"].iter().any(|v| v.eq_ignore_ascii_case(d)) {
            out.push(error(format!("unsupported value `{d}` for `-denorm`")).with_help("use `-denorm preserve`, `-denorm ftz` or `-denorm any`"));
        } else if !options.profile.as_deref().and_then(hlslc_lowering::Profile::parse).is_some_and(|p| p.at_least(6, 2)) {
            out.push(error("`-denorm` is only allowed for shader model 6.2 and above").with_help("use a `_6_2` or later profile"));
        }
    }
    if f.invert_y {
        use hlslc_lowering::tir::Stage as S;
        if let Some(stage) = options.profile.as_deref().and_then(hlslc_lowering::Profile::parse).and_then(|p| p.stage) {
            if !matches!(stage, S::Vertex | S::Domain | S::Geometry | S::Mesh) {
                out.push(error("`-fvk-invert-y` can only be used in vertex, domain, geometry and mesh shaders and libraries").with_help("drop the flag for this stage: it negates the y of the position a vertex-processing stage outputs"));
            }
        }
    }
    if f.payload_qualifiers && !f.no_payload_qualifiers && !options.profile.as_deref().and_then(hlslc_lowering::Profile::parse).is_some_and(|p| p.at_least(6, 6)) {
        out.push(error("`-enable-payload-qualifiers` needs a `lib_6_6` or later profile").with_help("compile with `-T lib_6_6`, or drop the flag (payload access qualifiers are ignored before shader model 6.6)"));
    }
    if let Some(e) = f.encoding.as_deref().filter(|e| !e.eq_ignore_ascii_case("utf8")) {
        let known = ["utf16", "utf32"].iter().any(|k| k.eq_ignore_ascii_case(e));
        out.push(
            Diagnostic::error(if known { "E0670" } else { "E0660" }, Span::UNDEFINED, format!("unsupported value `{e}` for `-encoding`"))
                .with_help("hlslc reads UTF-8 source (DXC's default, `-encoding utf8`): convert the files, or drop the flag"),
        );
    }
    if let Some(l) = f.default_linkage.as_deref().filter(|l| !l.eq_ignore_ascii_case("internal") && !l.eq_ignore_ascii_case("external")) {
        out.push(error(format!("unsupported value `{l}` for `-default-linkage`")).with_help("use `-default-linkage internal` or `-default-linkage external`"));
    }
    if let Some(id) = f.max_id.as_deref().filter(|v| u32::from_str_radix(v, 16).is_err()) {
        out.push(error(format!("`-fspv-max-id` must be an integer in hexadecimal format, found `{id}`")).with_help("write the limit in hexadecimal, e.g. `-fspv-max-id 3FFFFF`"));
    }
    if let Some(order) = f.stage_io_order.as_deref().filter(|o| !matches!(*o, "alpha" | "decl")) {
        out.push(error(format!("unknown Vulkan stage I/O location assignment order `{order}`")).with_help("use `-fvk-stage-io-order=decl` (declaration order, the default) or `-fvk-stage-io-order=alpha`"));
    }
    if f.gl_layout && f.dx_layout {
        out.push(error("cannot specify both `-fvk-use-dx-layout` and `-fvk-use-gl-layout`").with_help("drop one of them: the first keeps Direct3D's buffer layouts, the second uses OpenGL's std140/std430"));
    }
    if f.maximal_reconvergence && options.target != Target::SpirV {
        out.push(error("`-fspv-enable-maximal-reconvergence` requires `-spirv`").with_help("WGSL has no control of reconvergence: compile with `-spirv`, or drop the flag"));
    }
    if let Some(name) = &f.spirv_entry_point_name {
        if name.is_empty() {
            out.push(error("`-fspv-entrypoint-name=` needs a name").with_help("write the SPIR-V entry point's name after `=`"));
        } else if options.target != Target::SpirV {
            out.push(error("`-fspv-entrypoint-name` requires `-spirv`").with_help("a WGSL entry point is named by its function: rename the function, or compile with `-spirv`"));
        }
    }
    if options.target == Target::SpirV {
        for flag in &f.dxil_only {
            let what = match flag.as_str() {
                "-Fd" => "names DXIL's debug (PDB) file",
                "-Fre" => "names DXIL's reflection file",
                _ => "strips DXIL's reflection",
            };
            out.push(error(format!("`{flag}` is not supported with `-spirv`")).with_help(format!("`{flag}` {what}; drop it when compiling to SPIR-V (`--reflect FILE` writes hlslc's reflection)")));
        }
    }
    out
}

fn error(message: impl Into<String>) -> Diagnostic {
    Diagnostic::error("E0660", Span::UNDEFINED, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(args: &[&str]) -> Options {
        let mut o = Options::default();
        let mut i = 0;
        while i < args.len() {
            i += o.dxc_arg(&args[i..]).expect("a DXC flag");
        }
        o
    }

    fn messages(o: &Options) -> Vec<String> {
        check(o).into_iter().map(|d| d.message).collect()
    }

    #[test]
    fn valid_flags_are_recorded_and_pass() {
        let mut o = options(&["-fspv-target-env=vulkan1.1", "-fspv-extension=SPV_KHR_16bit_storage", "-fspv-debug=line", "-Oconfig=--loop-unroll", "-denorm", "ftz", "-fvk-bind-register", "t3", "1", "7", "4", "-fvk-bind-resource-heap", "2", "3"]);
        o.profile = Some("ps_6_2".into());
        assert_eq!(o.bindings.bind_register.len(), 1);
        assert_eq!(o.bindings.resource_heap, Some((2, 3)));
        assert!(messages(&o).is_empty(), "{:?}", messages(&o));
    }

    #[test]
    fn dxc_refusals_are_reported() {
        let mut o = options(&["-fspv-target-env=vulkan1.1spirv1.3", "-Oconfig=-O", "-Oconfig=-Os", "-fvk-bind-sampler-heap", "-1", "2", "-fvk-bind-register", "s10", "5t", "10", "1", "-Fd", "x.pdb"]);
        o.target = Target::SpirV;
        let m = messages(&o);
        assert!(m.contains(&"expected a non-negative integer for `-fvk-bind-sampler-heap`, found `-1`".to_string()), "{m:?}");
        assert!(m.contains(&"invalid `-fvk-bind-register` space number `5t`".to_string()), "{m:?}");
        assert!(m.iter().any(|x| x.contains("target environment `vulkan1.1spirv1.3`")), "{m:?}");
        assert!(m.iter().any(|x| x.contains("more than once")), "{m:?}");
        assert!(m.contains(&"`-Fd` is not supported with `-spirv`".to_string()), "{m:?}");
        // For WGSL, `-Fd` names DXIL's debug file, which hlslc does not write: no error.
        o.target = Target::Wgsl;
        assert!(!messages(&o).iter().any(|x| x.contains("-Fd")));
    }

    #[test]
    fn missing_argument() {
        let o = options(&["-fvk-bind-counter-heap", "1"]);
        assert_eq!(messages(&o), vec!["argument to `-fvk-bind-counter-heap` is missing".to_string()]);
    }

    #[test]
    fn invert_y_only_for_vertex_processing_stages() {
        for (profile, ok) in [("vs_6_0", true), ("ds_6_0", true), ("gs_6_0", true), ("ms_6_5", true), ("lib_6_3", true), ("ps_6_0", false), ("cs_6_0", false), ("hs_6_0", false)] {
            let mut o = options(&["-fvk-invert-y"]);
            o.profile = Some(profile.into());
            assert_eq!(check(&o).is_empty(), ok, "{profile}");
        }
    }

    #[test]
    fn flags_without_effect_are_accepted_and_unsupported_ones_refused() {
        let o = options(&["-Zi", "-Od", "-Qembed_debug", "-fvk-use-dx-layout", "-Vn", "g_main", "-fspv-reflect", "-Vd", "-fcgl", "-fvk-allow-rwstructuredbuffer-arrays"]);
        assert!(messages(&o).is_empty(), "{:?}", messages(&o));
        assert_eq!(o.dxc.no_effect.len(), 9);
        let o = options(&["-fspv-use-descriptor-heap", "-Fh", "x.h", "-fspv-use-vulkan-memory-model", "-Zi"]);
        assert_eq!(
            messages(&o),
            vec![
                "`-fspv-use-descriptor-heap` is not supported by hlslc".to_string(),
                "`-Fh` is not supported by hlslc".to_string(),
                "`-fspv-use-vulkan-memory-model` is not supported by hlslc".to_string(),
            ]
        );
        let d = check(&o);
        assert!(d.iter().all(|d| d.code == "E0670"));
        // The SPIR-V flags say why hlslc cannot do what they ask.
        assert!(d[2].notes.iter().any(|n| n.starts_with("hlslc cannot: naga's SPIR-V writer always declares the GLSL450 memory model")), "{:?}", d[2].notes);
        assert!(d[0].notes.iter().any(|n| n.contains("untyped pointers")), "{:?}", d[0].notes);
        assert!(!d[1].notes.iter().any(|n| n.starts_with("hlslc cannot")));
        let o = options(&["-Vn"]);
        assert_eq!(messages(&o), vec!["argument to `-Vn` is missing".to_string()]);
    }

    /// Every flag of DXC's option table (HLSLOptions.td) that changes nothing hlslc writes is
    /// accepted, with its arguments; the output-changing and DXIL-container ones are E0670.
    #[test]
    fn dxc_option_table_flags() {
        let o = options(&["-opt-select", "a", "b", "-mllvm", "-x", "-fdiagnostics-format=msvc", "-ferror-limit=5", "-pack-optimized", "-rootsig-define", "RS", "-auto-binding-space", "1", "-ignore-line-directives", "-ftime-report", "-Ni", "-No", "-Lx", "-Cc", "-encoding", "UTF8"]);
        assert!(messages(&o).is_empty(), "{:?}", messages(&o));
        assert_eq!(o.dxc.no_effect.len(), 12);
        assert_eq!(o.bindings.default_space, 1);
        assert_eq!(messages(&options(&["-auto-binding-space", "x"])), vec!["unsupported value `x` for `-auto-binding-space`".to_string()]);
        let o = options(&["-Frs", "rs.bin", "-metal", "-exports", "a", "-imacros", "m.h", "-fspv-use-vulkan-memory-model", "-encoding", "utf16"]);
        let d = check(&o);
        assert_eq!(d.len(), 6, "{:?}", messages(&o));
        assert!(d.iter().all(|d| d.code == "E0670"));
        let o = options(&["-encoding", "latin1"]);
        assert_eq!(check(&o)[0].code, "E0660");
    }

    #[test]
    fn spirv_layout_and_binding_flags_are_recorded() {
        let o = options(&["-fvk-use-gl-layout", "-fvk-auto-shift-bindings", "-fvk-stage-io-order=alpha", "-fspv-preserve-bindings", "-fspv-use-unknown-image-format", "-fspv-use-emulated-heap", "-fspv-flatten-resource-arrays"]);
        assert!(messages(&o).is_empty(), "{:?}", messages(&o));
        assert!(o.dxc.gl_layout && o.bindings.auto_shift_bindings && o.dxc.preserve_bindings && o.dxc.unknown_image_format && o.dxc.flatten_resource_arrays);
        assert_eq!(o.dxc.stage_io_order.as_deref(), Some("alpha"));
        assert_eq!(o.dxc.no_effect, vec!["-fspv-use-emulated-heap".to_string()]);
        assert!(messages(&options(&["-fvk-stage-io-order=decl"])).is_empty());
        // DXC: "unknown Vulkan stage I/O location assignment order", and gl with dx layout.
        assert_eq!(messages(&options(&["-fvk-stage-io-order=reverse"])), vec!["unknown Vulkan stage I/O location assignment order `reverse`".to_string()]);
        assert_eq!(messages(&options(&["-fvk-use-gl-layout", "-fvk-use-dx-layout"])), vec!["cannot specify both `-fvk-use-dx-layout` and `-fvk-use-gl-layout`".to_string()]);
    }

    #[test]
    fn forced_includes_and_payload_qualifier_switches() {
        let mut o = options(&["-include", "a.h", "-include", "b.h", "-enable-payload-qualifiers", "-disable-payload-qualifiers"]);
        assert_eq!(o.dxc.forced_includes, vec!["a.h".to_string(), "b.h".to_string()]);
        // DXC: `-disable-payload-qualifiers` wins, so the shader-model check does not apply.
        o.profile = Some("lib_6_3".into());
        assert!(messages(&o).is_empty(), "{:?}", messages(&o));
        assert_eq!(messages(&options(&["-include"])), vec!["argument to `-include` is missing".to_string()]);
    }
}
