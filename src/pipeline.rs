//! The compilation pipeline: preprocess → parse → analyse → lower → validate.

use crate::options::{Options, Target};
use hlslc_grammar::diagnostic::{render_all, Diagnostic, Severity};
use hlslc_grammar::parser::{self, ParseOptions};
use hlslc_grammar::preprocessor::{self, IncludeResolver, MemoryResolver, PreprocessOptions, ProfileStage};
use hlslc_grammar::warnings::{PragmaIndex, WarningPolicy};
use hlslc_grammar::{SourceMap, Span};
use hlslc_lowering::lower::BindingInfo;
use hlslc_lowering::{tir, Profile};

/// A source file to compile.
#[derive(Clone, Debug)]
pub struct Source {
    /// The name used in diagnostics and as the base for relative `#include`s.
    pub name: String,
    /// The HLSL text.
    pub text: String,
}

impl Source {
    /// A source named `name` (a path, for diagnostics and relative includes) with `text`.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        Source { name: name.into(), text: text.into() }
    }
}

/// A failed compilation: the diagnostics and the source map their spans refer to.
#[derive(Debug)]
pub struct Error {
    /// The errors, and the warnings reported before them.
    pub diagnostics: Vec<Diagnostic>,
    /// Every file and macro expansion the spans of `diagnostics` point into.
    pub source_map: SourceMap,
}

impl Error {
    /// The diagnostics rendered as text (no colours).
    pub fn render(&self) -> String {
        render_all(&self.diagnostics, &self.source_map)
    }

    /// The diagnostics rendered as text, with ANSI colours when `color` is set.
    pub fn render_colored(&self, color: bool) -> String {
        crate::render_diagnostics(&self.diagnostics, &self.source_map, color)
    }

    /// The diagnostics with file names, lines and columns, for editors and engines.
    pub fn located(&self) -> Vec<crate::diagnostics::Located> {
        crate::diagnostics::locate_all(&self.diagnostics, &self.source_map)
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render())
    }
}

impl std::error::Error for Error {}

/// A successful compilation.
#[derive(Debug)]
pub struct Compiled {
    /// The validated naga module (input to any naga back end).
    pub module: naga::Module,
    /// naga's validation results for `module`, which its writers need.
    pub info: naga::valid::ModuleInfo,
    /// Warnings (and notes) reported along the way.
    pub diagnostics: Vec<Diagnostic>,
    /// Every file and macro expansion the spans of `diagnostics` (and of `module`) point into.
    pub source_map: SourceMap,
    /// The final binding of every resource.
    pub bindings: Vec<BindingInfo>,
    /// Every file read (the main file and each include), for build-script dependency tracking.
    pub files_read: Vec<String>,
    pub(crate) target: Target,
    /// `-fspv-max-id`: the largest id the SPIR-V may use.
    pub(crate) max_spirv_id: u32,
    pub(crate) reflection: hlslc_lowering::reflect::Reflection,
    /// What the SPIR-V passes need from lowering.
    pub(crate) spirv_config: hlslc_lowering::passes::SpirvConfig,
}

impl Compiled {
    /// WGSL text.
    pub fn wgsl(&self) -> Result<String, Error> {
        guarded("E9902", || crate::emit::wgsl(&self.module, &self.info).map_err(|m| self.error(m)))
    }

    /// SPIR-V words.
    pub fn spirv(&self) -> Result<Vec<u32>, Error> {
        let words = guarded("E9902", || crate::emit::spirv(&self.module, &self.info, &self.spirv_config).map_err(|m| self.error(m)))?;
        // The header's id bound is one more than the largest id (DXC checks the same limit
        // after its optimiser: "ID overflow").
        match words.get(3) {
            Some(&bound) if bound.saturating_sub(1) > self.max_spirv_id => Err(Error {
                diagnostics: vec![Diagnostic::error("E0660", Span::UNDEFINED, format!("the SPIR-V uses ids up to {}, above the `-fspv-max-id` limit {:#x}", bound - 1, self.max_spirv_id))
                    .with_help("raise `-fspv-max-id` (hexadecimal), or split the shader")],
                source_map: SourceMap::new(),
            }),
            _ => Ok(words),
        }
    }

    /// The output for the target chosen in the options (WGSL text or SPIR-V bytes).
    pub fn output(&self) -> Result<Vec<u8>, Error> {
        match self.target {
            Target::Wgsl => self.wgsl().map(String::into_bytes),
            Target::SpirV => self.spirv().map(|w| w.iter().flat_map(|x| x.to_le_bytes()).collect()),
        }
    }

    /// Bindings (HLSL register → group/binding), D3D buffer layouts and the entry point's
    /// interface; [`Reflection::to_json`](hlslc_lowering::reflect::Reflection::to_json) gives
    /// the JSON of `hlslc --reflect` (schema: `docs/reflection.md`).
    pub fn reflection(&self) -> &hlslc_lowering::reflect::Reflection {
        &self.reflection
    }

    /// The warnings rendered as text.
    pub fn render_warnings(&self) -> String {
        render_all(&self.diagnostics, &self.source_map)
    }

    /// The warnings with file names, lines and columns, for editors and engines.
    pub fn located_diagnostics(&self) -> Vec<crate::diagnostics::Located> {
        crate::diagnostics::locate_all(&self.diagnostics, &self.source_map)
    }

    /// The target chosen in the options.
    pub fn target(&self) -> Target {
        self.target
    }

    /// The GPU features the module needs (16-bit floats, 64-bit integers, subgroups …); see
    /// [`crate::features`].
    pub fn required_features(&self) -> Vec<crate::features::Feature> {
        crate::features::required_with_info(&self.module, Some(&self.info))
    }

    fn error(&self, message: String) -> Error {
        let user = hlslc_lowering::passes::USER_ERROR_CODES.iter().find_map(|&code| message.strip_prefix(code).and_then(|m| m.strip_prefix(": ")).map(|m| (code, m)));
        if let Some((code, message)) = user {
            return Error { diagnostics: vec![Diagnostic::error(code, Span::UNDEFINED, message)], source_map: SourceMap::new() };
        }
        Error {
            diagnostics: vec![Diagnostic::error("E9902", Span::UNDEFINED, message).with_note("this is a bug in hlslc, please report it")],
            source_map: SourceMap::new(),
        }
    }
}

/// `__SPIRV_MAJOR_VERSION__` and `__SPIRV_MINOR_VERSION__`: the version of
/// `-fspv-target-env` (DXC's default, `vulkan1.0`, gives 1.0).
fn spirv_version(options: &Options) -> (u32, u32) {
    options.dxc.spirv_target_env.as_deref().and_then(hlslc_lowering::TargetEnv::parse).map_or((1, 0), |e| e.spirv_version())
}

/// Runs only the front end (preprocessor and parser): returns the preprocessed source text,
/// the warnings and the source map, or the errors.
pub fn front_end(source: &Source, options: &Options, resolver: &mut dyn IncludeResolver) -> Result<(String, Vec<Diagnostic>, SourceMap), Error> {
    front_end_until(source, options, resolver, true).map(|(text, diags, map, _)| (text, diags, map))
}

/// Runs only the preprocessor, as DXC's `-P` (the text need not parse as HLSL): returns the
/// preprocessed source text, the warnings and the source map, or the errors.
pub fn preprocess(source: &Source, options: &Options, resolver: &mut dyn IncludeResolver) -> Result<(String, Vec<Diagnostic>, SourceMap), Error> {
    front_end_until(source, options, resolver, false).map(|(text, diags, map, _)| (text, diags, map))
}

/// Runs only the preprocessor, as DXC's `-M`/`-MD`/`-MF`: returns every file read (the main
/// file's name first, then each included file's, in first-read order), the warnings and the
/// source map, or the errors.
pub fn dependencies(source: &Source, options: &Options, resolver: &mut dyn IncludeResolver) -> Result<(Vec<String>, Vec<Diagnostic>, SourceMap), Error> {
    front_end_until(source, options, resolver, false).map(|(_, diags, map, files)| (files, diags, map))
}

type FrontEnd = (String, Vec<Diagnostic>, SourceMap, Vec<String>);

fn front_end_until(source: &Source, options: &Options, resolver: &mut dyn IncludeResolver, parse: bool) -> Result<FrontEnd, Error> {
    let mut map = SourceMap::new();
    let profile = options.profile.as_deref().and_then(Profile::parse);
    let pp_options = PreprocessOptions {
        defines: options.defines.clone(),
        undefines: options.undefines.clone(),
        forced_includes: options.dxc.forced_includes.clone(),
        include_dirs: options.include_dirs.clone(),
        hlsl_version: options.hlsl_version,
        stage: profile.map(|p| profile_stage(p.stage)),
        shader_model: profile.map(|p| (p.major, p.minor)).unwrap_or((6, 0)),
        enable_16bit_types: options.enable_16bit_types,
        legacy_macro_expansion: options.legacy_macro_expansion,
        spirv: options.target == Target::SpirV,
        spirv_version: spirv_version(options),
        ..Default::default()
    };
    let mut diags = check_options(options);
    if has_errors(&diags) {
        return Err(Error { diagnostics: diags, source_map: map });
    }
    let pre = preprocessor::preprocess(&mut map, &source.name, &source.text, &pp_options, resolver);
    diags.extend(pre.diagnostics.iter().cloned());
    if parse && !has_errors(&diags) {
        let (_, parse_diags) = parser::parse(&pre, &map, &ParseOptions { hlsl_version: options.hlsl_version });
        diags.extend(parse_diags);
    }
    let diags = filter_warnings(diags, options, &PragmaIndex::new(&pre), &map);
    if has_errors(&diags) {
        return Err(Error { diagnostics: diags, source_map: map });
    }
    let text = preprocessor::print_preprocessed(&pre, &map);
    Ok((text, diags, map, pre.files_read))
}

/// Compiles a source without include files.
pub fn compile(source: &Source, options: &Options) -> Result<Compiled, Error> {
    compile_with(source, options, &mut MemoryResolver::new())
}

/// Compiles a source, loading `#include`d files through `resolver`.
///
/// A panic anywhere in the pipeline (a bug in hlslc, naga or rspirv) becomes internal error
/// E9901 instead of unwinding into the caller: the library must not end an engine's process
/// on any input. The fuzz targets count E9901 as a crash.
pub fn compile_with(source: &Source, options: &Options, resolver: &mut dyn IncludeResolver) -> Result<Compiled, Error> {
    guarded("E9901", || compile_unguarded(source, options, resolver))
}

/// Runs `f`, turning a panic into an internal-error diagnostic with `code`.
fn guarded<T>(code: &'static str, f: impl FnOnce() -> Result<T, Error>) -> Result<T, Error> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_else(|payload| {
        let what = payload.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| payload.downcast_ref::<String>().cloned()).unwrap_or_else(|| "a panic without a message".to_string());
        Err(Error {
            diagnostics: vec![Diagnostic::error(code, Span::UNDEFINED, "internal compiler error: hlslc stopped on this shader")
                .with_note(format!("panic: {what}"))
                .with_help("this is a bug in hlslc; please report it with the shader")],
            source_map: SourceMap::new(),
        })
    })
}

fn compile_unguarded(source: &Source, options: &Options, resolver: &mut dyn IncludeResolver) -> Result<Compiled, Error> {
    let mut map = SourceMap::new();
    let mut diags = check_options(options);
    if has_errors(&diags) {
        return Err(Error { diagnostics: diags, source_map: map });
    }
    let profile = match options.profile.as_deref() {
        Some(p) => match Profile::parse(p) {
            Some(p) => Some(p),
            None => {
                diags.push(
                    Diagnostic::error("E0001", Span::UNDEFINED, format!("invalid profile `{p}`"))
                        .with_help("use a profile such as `vs_6_0`, `ps_6_0`, `cs_6_0` or `lib_6_3`"),
                );
                return Err(Error { diagnostics: diags, source_map: map });
            }
        },
        None => None,
    };
    let pp_options = PreprocessOptions {
        defines: options.defines.clone(),
        undefines: options.undefines.clone(),
        forced_includes: options.dxc.forced_includes.clone(),
        include_dirs: options.include_dirs.clone(),
        hlsl_version: options.hlsl_version,
        stage: profile.map(|p| profile_stage(p.stage)),
        shader_model: profile.map(|p| (p.major, p.minor)).unwrap_or((6, 0)),
        enable_16bit_types: options.enable_16bit_types,
        legacy_macro_expansion: options.legacy_macro_expansion,
        spirv: options.target == Target::SpirV,
        spirv_version: spirv_version(options),
        ..Default::default()
    };
    // Each stage's input is freed as soon as the next stage has consumed it (the tokens after
    // parsing, the AST after analysis, the typed IR after lowering): a large shader's peak
    // memory is then one stage's input and output, not the whole pipeline's.
    let mut pre = preprocessor::preprocess(&mut map, &source.name, &source.text, &pp_options, resolver);
    let files_read = std::mem::take(&mut pre.files_read);
    diags.append(&mut pre.diagnostics);
    let pragmas = PragmaIndex::new(&pre);
    if has_errors(&diags) {
        return finish_error(diags, map, options, &pragmas);
    }
    let (unit, parse_diags) = parser::parse(&pre, &map, &ParseOptions { hlsl_version: options.hlsl_version });
    drop(pre);
    diags.extend(parse_diags);
    if has_errors(&diags) {
        return finish_error(diags, map, options, &pragmas);
    }
    let lowering_options = hlslc_lowering::Options {
        hlsl_version: options.hlsl_version,
        profile,
        entry_point: options.entry_point.clone(),
        enable_16bit_types: options.enable_16bit_types,
        default_row_major: options.default_row_major,
        backwards_compatibility: options.backwards_compatibility,
        ieee_strict: options.ieee_strict,
        denorm: match options.dxc.denorm.as_deref().map(str::to_ascii_lowercase).as_deref() {
            Some("preserve") => hlslc_lowering::DenormMode::Preserve,
            Some("ftz") => hlslc_lowering::DenormMode::FlushToZero,
            _ => hlslc_lowering::DenormMode::Any,
        },
        target: match options.target {
            Target::Wgsl => hlslc_lowering::Target::Wgsl,
            Target::SpirV => hlslc_lowering::Target::SpirV,
        },
        binding_policy: options.binding_policy,
        bindings: options.bindings.clone(),
        rwtexture_ms_buffer: options.rwtexture_ms_buffer,
        target_env: options.dxc.spirv_target_env.as_deref().and_then(hlslc_lowering::TargetEnv::parse),
        spirv_extensions: options.dxc.spirv_extensions.clone(),
        invert_y: options.dxc.invert_y,
        scalar_layout: options.dxc.scalar_layout,
        dx_layout: options.dxc.dx_layout,
        gl_layout: options.dxc.gl_layout,
        unknown_image_format: options.dxc.unknown_image_format,
        preserve_bindings: options.dxc.preserve_bindings,
        flatten_resource_arrays: options.dxc.flatten_resource_arrays,
        stage_io_alphabetical: options.dxc.stage_io_order.as_deref() == Some("alpha"),
        dx_position_w: options.dxc.dx_position_w,
        nonzero_base_instance: options.dxc.nonzero_base_instance,
        nonzero_base_vertex: options.dxc.nonzero_base_vertex,
        legacy_buffer_matrix_order: options.dxc.legacy_buffer_matrix_order,
        maximal_reconvergence: options.dxc.maximal_reconvergence,
        default_linkage_external: options.dxc.default_linkage.as_deref().is_some_and(|l| l.eq_ignore_ascii_case("external")),
        // DXC checks payload access qualifiers from `lib_6_7` on, and in `lib_6_6` on request.
        payload_qualifiers: !options.dxc.no_payload_qualifiers && profile.is_some_and(|p| p.stage.is_none() && (p.at_least(6, 7) || (p.at_least(6, 6) && options.dxc.payload_qualifiers))),
    };
    let (module, sema_diags) = hlslc_lowering::analyze(&unit, &lowering_options);
    drop(unit);
    diags.extend(sema_diags);
    let Some(tmodule) = module.filter(|_| !has_errors(&diags)) else {
        return finish_error(diags, map, options, &pragmas);
    };
    let lowered = hlslc_lowering::lower(&tmodule, &lowering_options);
    drop(tmodule);
    let mut lowered = match lowered {
        Ok(l) => l,
        Err(d) => {
            diags.extend(d);
            return finish_error(diags, map, options, &pragmas);
        }
    };
    diags.append(&mut lowered.diagnostics);
    let info = match crate::emit::validate(&lowered.module) {
        Ok(info) => info,
        Err(d) => {
            diags.push(*d);
            return finish_error(diags, map, options, &pragmas);
        }
    };
    let diags = filter_warnings(diags, options, &pragmas, &map);
    if has_errors(&diags) {
        return Err(Error { diagnostics: diags, source_map: map });
    }
    let mut module = lowered.module;
    // `-fspv-entrypoint-name=`: the `-E` entry point's SPIR-V name (validation info is
    // indexed by entry point, not by name, so renaming after validation is sound).
    if let (Target::SpirV, Some(name)) = (options.target, &options.dxc.spirv_entry_point_name) {
        for ep in module.entry_points.iter_mut().filter(|ep| ep.name == options.entry_point) {
            ep.name.clone_from(name);
        }
    }
    Ok(Compiled {
        module,
        info,
        diagnostics: diags,
        source_map: map,
        bindings: lowered.bindings,
        files_read,
        target: options.target,
        max_spirv_id: options.max_spirv_id(),
        spirv_config: lowered.spirv,
        reflection: lowered.reflection,
    })
}

fn has_errors(d: &[Diagnostic]) -> bool {
    d.iter().any(|d| d.severity == Severity::Error)
}

fn finish_error(diags: Vec<Diagnostic>, map: SourceMap, options: &Options, pragmas: &PragmaIndex) -> Result<Compiled, Error> {
    let diagnostics = filter_warnings(diags, options, pragmas, &map);
    Err(Error { diagnostics, source_map: map })
}

/// The most errors reported for one compilation (clang's `-ferror-limit` default is 20;
/// hlslc keeps more, since later errors are often independent). Past it the rest are counted,
/// not rendered: binary garbage would otherwise produce one error per byte (tests/limits.rs).
pub const MAX_ERRORS: usize = 200;

fn cap_errors(mut diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let errors = diags.iter().filter(|d| d.severity == Severity::Error).count();
    if errors <= MAX_ERRORS {
        return diags;
    }
    let mut seen = 0;
    diags.retain(|d| {
        seen += (d.severity == Severity::Error) as usize;
        seen <= MAX_ERRORS || d.severity != Severity::Error
    });
    diags.truncate(diags.iter().rposition(|d| d.severity == Severity::Error).map_or(diags.len(), |i| i + 1));
    diags.push(
        Diagnostic::error("E0004", Span::UNDEFINED, format!("too many errors: {} more not shown", errors - MAX_ERRORS))
            .with_help("fix the errors above first; is this file HLSL?"),
    );
    diags
}

/// Applies the warning flags and the source's warning pragmas (`-Wno-…`, `-WX`,
/// `#pragma dxc diagnostic …`, FXC's `#pragma warning(…)`): drops disabled warnings and
/// promotes warnings to errors, then caps the errors.
fn filter_warnings(diags: Vec<Diagnostic>, options: &Options, pragmas: &PragmaIndex, map: &SourceMap) -> Vec<Diagnostic> {
    cap_errors(WarningPolicy::new(&options.warnings, pragmas, map).apply(diags))
}

/// Options that are wrong whatever the source: an unknown language version, `-Gec` with a
/// version after 2016 (DXC refuses both), DXC flags DXC would refuse (`dxc_flags`), unknown
/// warning names (a warning).
fn check_options(options: &Options) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    if !matches!(options.hlsl_version, 2016 | 2017 | 2018 | 2021 | 2029) {
        diags.push(
            Diagnostic::error("E0002", Span::UNDEFINED, format!("unknown HLSL version {}", options.hlsl_version))
                .with_help("use `-HV 2016`, `-HV 2017`, `-HV 2018`, `-HV 2021` or `-HV 202x` (2029)"),
        );
    }
    if options.backwards_compatibility && options.hlsl_version > 2016 {
        diags.push(
            Diagnostic::error("E0003", Span::UNDEFINED, format!("`-Gec` is not supported with HLSL {}", options.hlsl_version))
                .with_help("backwards-compatibility mode needs `-HV 2016` (the default with `-Gec`)"),
        );
    }
    diags.extend(crate::dxc_flags::check(options));
    let unknown = options.warnings.check_names();
    let map = SourceMap::new();
    diags.extend(WarningPolicy::flags_only(&options.warnings, &map).apply(unknown));
    diags
}

fn profile_stage(stage: Option<tir::Stage>) -> ProfileStage {
    match stage {
        Some(tir::Stage::Vertex) => ProfileStage::Vertex,
        Some(tir::Stage::Pixel) => ProfileStage::Pixel,
        Some(tir::Stage::Compute) => ProfileStage::Compute,
        Some(tir::Stage::Geometry) => ProfileStage::Geometry,
        Some(tir::Stage::Hull) => ProfileStage::Hull,
        Some(tir::Stage::Domain) => ProfileStage::Domain,
        Some(tir::Stage::Mesh) => ProfileStage::Mesh,
        Some(tir::Stage::Amplification) => ProfileStage::Amplification,
        _ => ProfileStage::Library,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_in_the_pipeline_is_an_internal_error() {
        let r: Result<(), Error> = guarded("E9901", || panic!("index out of bounds"));
        let e = r.expect_err("the panic is an error");
        assert_eq!(e.diagnostics.len(), 1);
        assert_eq!(e.diagnostics[0].code, "E9901");
        assert!(e.diagnostics[0].notes.iter().any(|n| n.contains("index out of bounds")), "{:?}", e.diagnostics[0].notes);
        assert!(guarded("E9901", || Ok::<u32, Error>(7)).is_ok_and(|v| v == 7));
    }
}
