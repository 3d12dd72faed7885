//! Validation and emission: naga's validator and its WGSL and SPIR-V writers.
//!
//! A module that fails naga's validation is an internal compiler error: semantic analysis is
//! supposed to reject every program it cannot lower, so the diagnostic points at the HLSL span
//! naga reports and asks for a bug report; the invalid module is never written out.
//!
//! SPIR-V is written as DXC writes it for Vulkan: SPIR-V 1.3 (the first version with subgroup
//! operations), no coordinate-space adjustment (`SV_Position` keeps D3D's convention, and wgpu
//! and Vulkan applications flip with the viewport, as with DXC's default), no loop bounding and
//! no workgroup zero-initialisation (HLSL has neither); only loops without a test at their
//! head get a never-taken one there (`passes::loop_exit_guard`, a lavapipe workaround), and the
//! work of their breaking branches moves after them (`passes::break_sinking`).

use hlslc_grammar::{Diagnostic, Span};

mod ray_query;

/// Validates a module with every capability (the writers reject what their target lacks).
/// A failure is an internal compiler error (boxed: it is rare and the diagnostic is large).
pub fn validate(module: &naga::Module) -> Result<naga::valid::ModuleInfo, Box<Diagnostic>> {
    let mut validator = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all());
    // Wave intrinsics run in every stage hlslc emits (naga's default leaves out the
    // ray-tracing stages, whose SPIR-V has subgroup operations as Vulkan's do).
    validator.subgroup_stages(naga::valid::ShaderStages::all());
    // naga's validator has unreachable paths a module can reach (e.g. a binding array of
    // acceleration structures indexed at run time, which lowering rejects): a last guard, so
    // that such a module is an internal error and not the end of the caller's process.
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| validator.validate(module).map_err(Box::new))).map_err(|payload| {
        Box::new(
            Diagnostic::error("E9901", Span::UNDEFINED, "internal compiler error: naga's validator stopped on the generated module")
                .with_note(format!("naga: {}", panic_message(payload.as_ref())))
                .with_help("this is a bug in hlslc; please report it with the shader"),
        )
    })?;
    result.map_err(|e| {
        let span = e
            .spans()
            .filter_map(|(s, _)| s.to_range())
            .next()
            .map(|r| Span::new(r.start as u32, r.end as u32))
            .unwrap_or(Span::UNDEFINED);
        let mut d = Diagnostic::error("E9901", span, "internal compiler error: the generated naga module is invalid")
            .with_note(format!("naga: {}", error_chain(e.as_inner())))
            .with_help("this is a bug in hlslc; please report it with the shader");
        for (s, label) in e.spans().skip(1) {
            if let Some(r) = s.to_range() {
                d = d.with_related(Span::new(r.start as u32, r.end as u32), label.clone());
            }
        }
        Box::new(d)
    })
}

/// The message of a caught panic.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| payload.downcast_ref::<String>().cloned()).unwrap_or_else(|| "a panic without a message".to_string())
}

/// The error and its sources, joined.
fn error_chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut cur = e.source();
    while let Some(c) = cur {
        s.push_str(": ");
        s.push_str(&c.to_string());
        cur = c.source();
    }
    s
}

/// WGSL text of a validated module.
pub fn wgsl(module: &naga::Module, info: &naga::valid::ModuleInfo) -> Result<String, String> {
    // naga's WGSL writer panics on ray queries: `ray_query` writes them through stand-ins.
    let text = if ray_query::uses_ray_queries(module) {
        ray_query::write(module)?
    } else {
        naga::back::wgsl::write_string(module, info, naga::back::wgsl::WriterFlags::empty()).map_err(|e| format!("WGSL writer: {}", error_chain(&e)))?
    };
    Ok(restore_entry_point_names(enable_16bit_conversions(text, module), module))
}

/// naga's WGSL writer derives `enable f16;` / `enable wgpu_int16;` from the type arena only,
/// but a conversion (`vec4<f16>(x)`, naga's `As`) or a literal can name a 16-bit scalar no
/// arena type holds (a `Texture2D<half4>` sample converted to `half4` and back): the
/// directive is added for those, or naga's own front end refuses the text.
fn enable_16bit_conversions(text: String, module: &naga::Module) -> String {
    let (mut f16, mut int16) = (false, false);
    let functions = module.functions.iter().map(|(_, f)| f).chain(module.entry_points.iter().map(|e| &e.function));
    for f in functions {
        for (_, e) in f.expressions.iter() {
            match *e {
                naga::Expression::As { kind: naga::ScalarKind::Float, convert: Some(2), .. } | naga::Expression::Literal(naga::Literal::F16(_)) => f16 = true,
                naga::Expression::As { kind: naga::ScalarKind::Sint | naga::ScalarKind::Uint, convert: Some(2), .. }
                | naga::Expression::Literal(naga::Literal::I16(_) | naga::Literal::U16(_)) => int16 = true,
                _ => {}
            }
        }
    }
    let mut head = String::new();
    if f16 && !text.contains("enable f16;") {
        head.push_str("enable f16;\n");
    }
    if int16 && !text.contains("enable wgpu_int16;") {
        head.push_str("enable wgpu_int16;\n");
    }
    if head.is_empty() { text } else { head + &text }
}

/// Gives entry points the HLSL names naga's namer changed back wherever WGSL allows them, so
/// a pipeline created with the HLSL entry name finds its entry point. naga appends `_` to a
/// name that ends in a digit (to keep its `_N` suffixes apart: `CSMain32` was declared
/// `fn CSMain32_`) or that is a predeclared WGSL name (`max`), collapses `__` inside a name,
/// and prefixes `gen_` to names beginning with `_naga`. WGSL cannot call an entry point, so
/// only its declaration carries the name; it is renamed when the HLSL name is a WGSL
/// identifier (see [`hlslc_lowering::wgsl_names::is_wgsl_identifier`]; lowering warns, W0813,
/// about those that are not)
/// that appears nowhere else in the text (naga's own `_N` suffixes could otherwise spell it,
/// and a predeclared name in use must keep its meaning).
fn restore_entry_point_names(mut text: String, module: &naga::Module) -> String {
    for (ep, wgsl_name) in module.entry_points.iter().zip(hlslc_lowering::wgsl_names::entry_point_names(module)) {
        let name = ep.name.as_str();
        if name == wgsl_name || !hlslc_lowering::wgsl_names::is_wgsl_identifier(name) {
            continue;
        }
        let renamed = format!("fn {wgsl_name}(");
        let word_used = text.match_indices(name).any(|(i, _)| {
            let before = text[..i].chars().next_back();
            let after = text[i + name.len()..].chars().next();
            let ident = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
            !ident(before) && !ident(after)
        });
        if text.matches(renamed.as_str()).count() == 1 && !word_used {
            text = text.replacen(renamed.as_str(), &format!("fn {name}("), 1);
        }
    }
    text
}

/// The SPIR-V writer options hlslc uses.
pub fn spirv_options() -> naga::back::spv::Options<'static> {
    naga::back::spv::Options {
        lang_version: (1, 3),
        flags: naga::back::spv::WriterFlags::LABEL_VARYINGS,
        force_loop_bounding: false,
        zero_initialize_workgroup_memory: naga::back::spv::ZeroInitializeWorkgroupMemoryMode::None,
        // HLSL integer division and remainder by zero (and `INT_MIN / -1`) are undefined, as
        // they are for DXC's `OpUDiv`/`OpSDiv`/`OpUMod`/`OpSRem`: naga's guard functions (a
        // select and a call per division, which WGSL's defined results need) are not emitted.
        emit_int_div_checks: false,
        ..Default::default()
    }
}

/// The writer options for one module: SPIR-V 1.4 when it has mesh, amplification or
/// ray-tracing entry points (`SPV_EXT_mesh_shader` requires it; DXC writes ray tracing as
/// SPIR-V 1.4, whose entry-point interfaces list every global, for Vulkan 1.2), 1.3 otherwise.
pub fn spirv_options_for(module: &naga::Module) -> naga::back::spv::Options<'static> {
    let mut options = spirv_options();
    use naga::ShaderStage as S;
    if module.entry_points.iter().any(|ep| matches!(ep.stage, S::Mesh | S::Task | S::RayGeneration | S::Miss | S::AnyHit | S::ClosestHit)) {
        options.lang_version = (1, 4);
    }
    options
}

/// Readable SPIR-V assembly of a module's words.
pub fn disassemble(words: &[u32]) -> String {
    use rspirv::binary::Disassemble;
    use rspirv::spirv::Op;
    // rspirv's loader places neither `OpExecutionModeId` nor `OpConstantStringAMDX` (work
    // graphs' node modes and names): they are read as `OpExecutionMode` (whose operands the
    // grammar reads as ids all the same) and `OpString` (so listed with the debug strings),
    // and named back in the text.
    let mut words = words.to_vec();
    let mut patched = false;
    let mut strings = Vec::new();
    let mut at = 5;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        if count == 0 {
            break;
        }
        let op = words[at] & 0xFFFF;
        if op == Op::ExecutionModeId as u32 {
            words[at] = (words[at] & 0xFFFF_0000) | Op::ExecutionMode as u32;
            patched = true;
        } else if op == Op::ConstantStringAMDX as u32 {
            words[at] = (words[at] & 0xFFFF_0000) | Op::String as u32;
            strings.extend(words.get(at + 1).map(|id| format!("%{id} = OpString ")));
            patched = true;
        }
        at += count;
    }
    match rspirv::dr::load_words(&words) {
        Ok(m) if !patched => m.disassemble(),
        Ok(m) => m
            .disassemble()
            .lines()
            .map(|l| match l.strip_prefix("OpExecutionMode ") {
                Some(rest) if ID_MODES.iter().any(|mode| rest.split_whitespace().nth(1) == Some(&format!("{mode:?}"))) => format!("OpExecutionModeId {rest}"),
                _ if strings.iter().any(|s| l.starts_with(s.as_str())) => l.replacen("OpString", "OpConstantStringAMDX", 1),
                _ => l.to_string(),
            })
            .collect::<Vec<_>>()
            .join("\n"),
        Err(e) => format!("; cannot disassemble: {e}"),
    }
}

/// The execution modes hlslc writes with `OpExecutionModeId`.
const ID_MODES: [rspirv::spirv::ExecutionMode; 5] = [
    rspirv::spirv::ExecutionMode::ShaderIndexAMDX,
    rspirv::spirv::ExecutionMode::MaxNodeRecursionAMDX,
    rspirv::spirv::ExecutionMode::StaticNumWorkgroupsAMDX,
    rspirv::spirv::ExecutionMode::MaxNumWorkgroupsAMDX,
    rspirv::spirv::ExecutionMode::SharesInputWithAMDX,
];

/// SPIR-V words of a validated module: naga's writer, then hlslc's SPIR-V passes
/// (`NoContraction` for `precise`, the `HelperInvocation` built-in), which need `config` from
/// lowering. naga's SPIR-V writer cannot emit specialization constants, so `override`s are
/// fixed to their defaults first (lowering warned about it).
pub fn spirv(module: &naga::Module, info: &naga::valid::ModuleInfo, config: &hlslc_lowering::passes::SpirvConfig) -> Result<Vec<u32>, String> {
    let (module, info) = if module.overrides.is_empty() {
        (std::borrow::Cow::Borrowed(module), std::borrow::Cow::Borrowed(info))
    } else {
        naga::back::pipeline_constants::process_overrides(module, info, None, &Default::default())
            .map_err(|e| format!("specialization constants: {}", error_chain(&e)))?
    };
    hlslc_lowering::passes::write_spirv(&module, &info, &spirv_options_for(&module), config)
}
