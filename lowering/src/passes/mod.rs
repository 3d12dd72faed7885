//! Polyfill passes: what HLSL means that naga's IR or its SPIR-V writer cannot say directly.
//!
//! Two pipelines, each in one function here, with the reason for every ordering constraint:
//! - [`run`]: passes over the lowered `naga::Module`, before validation; their output is
//!   what both writers see;
//! - [`write_spirv`]: naga's SPIR-V writer, then passes over the SPIR-V words (rspirv) for
//!   what naga's IR has no word for (`NoContraction`, the `HelperInvocation` built-in, the
//!   `Lod` of a comparison sample, the `Bias` and `Grad` operands and LOD queries naga's
//!   samples lack, texture atomics' results and exchange forms, combined
//!   image samplers, the `MinLod` of a sampling `clamp`, the geometry and tessellation stages'
//!   execution models, stage I/O and vertex emission, built-ins such as `Layer` and fragment
//!   clip distances, storage images of `Unknown` format, input attachments, per-vertex inputs
//!   for `GetAttributeAtVertex`, the interpolation functions of `EvaluateAttribute*`,
//!   compute-shader derivatives, `vk::RawBufferLoad`/`Store`'s device-address pointers,
//!   `DebugBreak`) or what
//!   naga's writer forgets or gets wrong (the `RuntimeDescriptorArray` capability, `NonUniform`
//!   on the access chain of an `arrayLength`,
//!   `SampleMask` as an array, layout decorations on the types of workgroup memory, layer
//!   queries of storage and multisampled images, the image of an atomic on a binding-array
//!   element) or its
//!   validator forbids (several variables at one binding:
//!   the binding arrays of a descriptor heap).
//!
//! Every pass lives in its own file with a `Config` and one `run`, collects what it will
//! change before changing anything, and leaves a module without its feature unchanged (each
//! file has a test for that).

mod guard;
mod handles;

pub mod array_length_non_uniform;
pub mod binding_alias;
pub mod break_sinking;
pub mod builtin_stand_in;
pub mod combined_image_sampler;
pub mod compute_derivatives;
pub mod debug_break;
pub mod demote_to_helper;
pub mod evaluate_attribute;
pub mod flatten_resource_arrays;
pub mod helper_invocation;
pub mod image_atomic;
pub mod image_format_unknown;
pub mod image_query_size;
pub mod inline_spirv;
pub mod input_attachment;
pub mod loop_exit_guard;
pub mod min_lod;
pub mod nan_min_max;
pub mod no_contraction;
pub mod per_vertex_attribute;
pub mod ray_tracing;
pub mod raw_buffer;
pub mod runtime_descriptor_array;
pub mod sample_compare_lod;
pub mod sample_mask_array;
pub mod sample_operands;
pub(crate) mod spirv;
pub mod stage_memory_barrier;
pub mod stage_model;
pub mod wave_helper_lanes;
pub mod workgroup_layout;
pub mod work_graph;

use naga::{GlobalVariable, Handle, Module};

/// Codes of errors in the user's program that a SPIR-V pass finds because only the written
/// SPIR-V shows them (an `EvaluateAttribute*` attribute that traces back to no input): such a
/// pass's error message starts with the code and `": "`, and the API reports it as that
/// diagnostic rather than as an internal error.
pub const USER_ERROR_CODES: &[&str] = &["E0731", "E0732", "E0801"];

/// What lowering tells the passes.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// The private flag that `IsHelperLane()` reads, when the program calls it.
    pub helper_lane: Option<Handle<GlobalVariable>>,
    /// Per entry point (module order): `[WaveOpsIncludeHelperLanes]`.
    pub include_helper_lanes: Vec<bool>,
    /// The function that tells whether the lane started as a helper (see
    /// [`helper_invocation`]); its subgroup operations must not be guarded.
    pub helper_invocation: Option<Handle<naga::Function>>,
    /// Give loops left only by `break` or tested at their end a never-taken exit test at
    /// their head ([`loop_exit_guard`]; SPIR-V).
    pub guard_loop_exits: bool,
    /// Entry points written as compute entry points for a stage naga has no word for.
    pub stand_ins: Vec<String>,
}

/// Runs the naga-level passes.
pub fn run(module: &mut Module, config: &Config) {
    // `demote_to_helper` comes first: it creates the helper-lane flag when `discard` is the
    // only source of helper lanes, and `wave_helper_lanes` guards wave operations with it.
    let helper_lane = demote_to_helper::run(module, &demote_to_helper::Config { helper_lane: config.helper_lane });
    wave_helper_lanes::run(
        module,
        &wave_helper_lanes::Config { helper_lane, include_helper_lanes: config.include_helper_lanes.clone(), skip: config.helper_invocation },
    );
    // `loop_exit_guard` only adds a test at the head of loops; it runs after the passes that
    // put wave operations under guards, which leaves which loops run them unchanged.
    loop_exit_guard::run(module, &loop_exit_guard::Config { enabled: config.guard_loop_exits, stand_ins: config.stand_ins.clone() });
    // `break_sinking` moves work out of the loops the guard tested (SPIR-V), which it
    // recognizes by the guard's test, or out of loops without a head test (WGSL, where wgpu
    // bounds them): their second exit keeps drivers from doing it.
    let loops = if config.guard_loop_exits { break_sinking::Loops::Guarded } else { break_sinking::Loops::Untested };
    break_sinking::run(module, &break_sinking::Config { loops });
}

/// What the SPIR-V passes need to know.
#[derive(Clone, Debug, Default)]
pub struct SpirvConfig {
    /// `-Gis`: every floating-point operation is `precise`.
    pub ieee_strict: bool,
    /// (set, binding) pairs naga wrote that stand for another (descriptor heaps).
    pub binding_aliases: Vec<((u32, u32), (u32, u32))>,
    /// Entry points of stages naga has no word for (geometry): their SPIR-V execution model
    /// and modes ([`stage_model`]).
    pub stage_models: Vec<stage_model::EntryModel>,
    /// Ray-tracing entry points (by name) whose execution model naga cannot write.
    pub ray_tracing_models: Vec<(String, ray_tracing::Model)>,
    /// DXC's inline SPIR-V: instructions, execution modes, capabilities, extensions.
    pub inline_spirv: inline_spirv::Config,
    pub work_graph: work_graph::Config,
    /// `-fspv-flatten-resource-arrays`: the resource arrays whose elements get a variable and
    /// a binding each ([`flatten_resource_arrays`]).
    pub flatten_arrays: flatten_resource_arrays::Config,
}

/// Writes SPIR-V with naga and runs the SPIR-V passes.
///
/// The passes find what lowering marked by name (a function, marker variables), so naga
/// writes with debug names; the last step removes every name, which leaves exactly the words
/// naga writes without them.
pub fn write_spirv(module: &Module, info: &naga::valid::ModuleInfo, options: &naga::back::spv::Options, config: &SpirvConfig) -> Result<Vec<u32>, String> {
    let mut options = options.clone();
    options.flags |= naga::back::spv::WriterFlags::DEBUG;
    // `SPV_AMDX_shader_enqueue`'s `OpExecutionModeId`s and node payload interface variables
    // need SPIR-V 1.4 (as DXC writes node shaders for Vulkan 1.3).
    if !config.work_graph.nodes.is_empty() && options.lang_version < (1, 4) {
        options.lang_version = (1, 4);
    }
    let words = naga::back::spv::write_vec(module, info, &options, None).map_err(|e| format!("SPIR-V writer: {e}"))?;
    // Reading the words back into rspirv and assembling them again costs more than naga's
    // writer itself; most modules give no pass anything to do, and for them removing the
    // names from the words is the whole pipeline.
    // `workgroup_layout`, wanted by every module with a groupshared array or struct, can do
    // the common case on the words too.
    let mut words = words;
    // `nan_min_max` renames instructions in place; it comes first, on every module.
    nan_min_max::run(&mut words, &nan_min_max::Config { enabled: true });
    if !config.ieee_strict && config.binding_aliases.is_empty() && config.stage_models.is_empty() && config.ray_tracing_models.is_empty() && config.inline_spirv.is_empty() && config.work_graph.nodes.is_empty() && config.flatten_arrays.arrays.is_empty() {
        match spirv::passes_wanted(&words) {
            spirv::Wanted::Nothing => return Ok(spirv::without_names(words)),
            spirv::Wanted::WorkgroupLayout => match workgroup_layout::on_words(words) {
                Ok(done) => return Ok(done),
                Err(back) => words = back,
            },
            spirv::Wanted::ReadBack => {}
        }
    }
    let mut spv = spirv::load(&words)?;
    // `helper_invocation` and `no_contraction` find their markers by debug name, so they run
    // before `strip_names`; they are independent of each other.
    helper_invocation::run(&mut spv, &helper_invocation::Config::default())?;
    no_contraction::run(&mut spv, &no_contraction::Config { all: config.ieee_strict })?;
    runtime_descriptor_array::run(&mut spv, &runtime_descriptor_array::Config::default())?;
    // `array_length_non_uniform` adds decorations (and the capability) only; so does
    // `binding_alias`, which changes only `Binding`/`DescriptorSet` decorations.
    array_length_non_uniform::run(&mut spv, &array_length_non_uniform::Config::default())?;
    binding_alias::run(&mut spv, &binding_alias::Config { aliases: config.binding_aliases.clone() })?;
    // `compute_derivatives` turns marked explicit-LOD samples back into implicit-LOD ones
    // (and derivative markers into derivatives); it runs before `min_lod`, which adds its
    // `MinLod` to implicit-LOD and gradient samples only.
    compute_derivatives::run(&mut spv, &compute_derivatives::Config::default())?;
    // `sample_operands` adds the `Bias` and `Grad` operands and LOD queries naga's IR lacks;
    // it runs after `compute_derivatives` (which gives compute shaders their implicit-LOD
    // samples back) and before `min_lod`, which refuses a `MinLod` beside the `Lod` that
    // gradients replace here.
    sample_operands::run(&mut spv, &sample_operands::Config::default())?;
    // `sample_compare_lod` and `image_atomic` also find their markers by name; they rewrite
    // different instructions.
    sample_compare_lod::run(&mut spv, &sample_compare_lod::Config::default())?;
    // `min_lod` adds an image operand to the samples after its marker stores; it runs after
    // `sample_compare_lod`, which may have rewritten the same comparison's `Lod` (the two never
    // meet: `MinLod` goes with implicit-LOD and gradient samples only).
    min_lod::run(&mut spv, &min_lod::Config::default())?;
    image_atomic::run(&mut spv, &image_atomic::Config::default())?;
    // `flatten_resource_arrays` runs once every use of a resource array is an access chain
    // (`image_atomic` gives texel pointers theirs); the passes after it see one variable per
    // element, as for resources declared one by one.
    flatten_resource_arrays::run(&mut spv, &config.flatten_arrays)?;
    // `combined_image_sampler` finds its variables by name too; it retypes image variables
    // and their loads, which no other pass looks at, and must see naga's `OpSampledImage`s.
    combined_image_sampler::run(&mut spv, &combined_image_sampler::Config::default())?;
    // `ray_tracing` finds its markers by name; it touches only its own functions and
    // variables, and entry-point execution models.
    ray_tracing::run(&mut spv, &ray_tracing::Config { models: config.ray_tracing_models.clone() })?;
    // `work_graph` finds its markers by name too and touches only its own functions and
    // variables, the records locals the allocations are stored into, and the node entry
    // points' modes; it adds `OpExecutionModeId`s, so it runs before `inline_spirv`, which
    // must stay last.
    work_graph::run(&mut spv, &config.work_graph)?;
    // `sample_mask_array` changes only the `SampleMask` variables and their uses.
    sample_mask_array::run(&mut spv, &sample_mask_array::Config::default())?;
    // `stage_model` finds its stand-ins and markers by name; it changes only them, the
    // access chains into them and the entry points' models, modes and interfaces.
    stage_model::run(&mut spv, &stage_model::Config { entries: config.stage_models.clone() })?;
    // `image_format_unknown` finds its variables by name and retypes their image types and
    // loads, which only `combined_image_sampler` also does (for other variables).
    image_format_unknown::run(&mut spv, &image_format_unknown::Config::default())?;
    // `image_query_size` rewrites naga's layer queries on storage and multisampled images; it
    // runs after `image_format_unknown`, which may make an image a storage image of unknown
    // format (still `Sampled` 2).
    image_query_size::run(&mut spv, &image_query_size::Config::default())?;
    // `input_attachment` finds its variables by name and retypes their image types, loads
    // and fetches, which no other pass looks at for these variables.
    input_attachment::run(&mut spv, &input_attachment::Config::default())?;
    // `debug_break` replaces the calls of its marker function and deletes it; no other pass
    // looks at calls.
    debug_break::run(&mut spv, &debug_break::Config::default())?;
    // `stage_memory_barrier` likewise replaces only the calls of its marker function.
    stage_memory_barrier::run(&mut spv, &stage_memory_barrier::Config::default())?;
    // `raw_buffer` replaces the calls of its marker functions with pointer conversions and
    // aligned loads and stores, and changes the addressing model; no other pass looks at
    // these calls or at `PhysicalStorageBuffer` pointers.
    raw_buffer::run(&mut spv, &raw_buffer::Config::default())?;
    // `evaluate_attribute` finds its marker functions by name and replaces their calls with
    // interpolations of the input variables their arguments trace back to; it runs before
    // `per_vertex_attribute`, which retypes `nointerpolation` inputs and adds an index to
    // every access chain into them (this pass's included), and before `builtin_stand_in`.
    evaluate_attribute::run(&mut spv, &evaluate_attribute::Config::default())?;
    // `per_vertex_attribute` finds its marker functions by name, follows their calls'
    // arguments back to `nointerpolation` input variables and retypes those and their reads;
    // `builtin_stand_in` changes only its own stand-in inputs, which never reach a marker.
    per_vertex_attribute::run(&mut spv, &per_vertex_attribute::Config::default())?;
    // `builtin_stand_in` finds its variables by name; it changes only stage-interface
    // variables no other pass looks at, and their loads.
    builtin_stand_in::run(&mut spv, &builtin_stand_in::Config::default())?;
    // `inline_spirv` runs last but one: it replaces calls of its own markers with instructions whose
    // operands (literal words) the other passes' typed lookups are not written for, and adds
    // capabilities, extensions and execution modes the others never remove.
    inline_spirv::run(&mut spv, &config.inline_spirv)?;
    // `workgroup_layout` comes after every pass that may declare a workgroup variable or load
    // and store one (inline SPIR-V's storage classes): it retypes workgroup pointers and
    // converts the values their loads and stores carry.
    workgroup_layout::run(&mut spv, &workgroup_layout::Config::default())?;
    spirv::strip_names(&mut spv);
    Ok(spirv::assemble(&spv))
}

/// The private `bool` that marks helper lanes (created false).
pub(crate) fn helper_lane_flag(module: &mut Module) -> Handle<GlobalVariable> {
    let ty = module.types.insert(naga::Type { name: None, inner: naga::TypeInner::Scalar(naga::Scalar::BOOL) }, naga::Span::UNDEFINED);
    let init = module.global_expressions.append(naga::Expression::Literal(naga::Literal::Bool(false)), naga::Span::UNDEFINED);
    module.global_variables.append(
        naga::GlobalVariable { name: Some("helper_lane".into()), space: naga::AddressSpace::Private, binding: None, ty, init: Some(init), memory_decorations: Default::default() },
        naga::Span::UNDEFINED,
    )
}

#[cfg(test)]
pub(crate) mod tests {
    use rspirv::dr::{Module, Operand};

    /// Naga's SPIR-V for a WGSL test module, loaded for a SPIR-V pass. `debug` keeps naga's
    /// `OpName`s, through which the passes find lowering's markers.
    pub fn spirv_of(wgsl: &str, lang_version: (u8, u8), debug: bool) -> Module {
        spirv_of_edited(wgsl, lang_version, debug, |_| {})
    }

    /// [`spirv_of`] for a naga module WGSL cannot spell: `edit` changes the parsed module
    /// before it is validated and written.
    pub fn spirv_of_edited(wgsl: &str, lang_version: (u8, u8), debug: bool, edit: impl FnOnce(&mut naga::Module)) -> Module {
        let mut module = naga::front::wgsl::parse_str(wgsl).unwrap();
        edit(&mut module);
        let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all()).validate(&module).unwrap();
        let flags = if debug { naga::back::spv::WriterFlags::DEBUG | naga::back::spv::WriterFlags::LABEL_VARYINGS } else { naga::back::spv::WriterFlags::empty() };
        let options = naga::back::spv::Options { lang_version, flags, ..Default::default() };
        super::spirv::load(&naga::back::spv::write_vec(&module, &info, &options, None).unwrap()).unwrap()
    }

    /// The `Binding` decorations' numbers, sorted.
    pub fn bindings(module: &Module) -> Vec<u32> {
        let mut out: Vec<u32> = module
            .annotations
            .iter()
            .filter_map(|i| match i.operands.as_slice() {
                [_, Operand::Decoration(rspirv::spirv::Decoration::Binding), Operand::LiteralBit32(v)] => Some(*v),
                _ => None,
            })
            .collect();
        out.sort();
        out
    }

    /// Runs a pass over a module without its feature and asserts that the module's words did
    /// not change (every pass has this test).
    pub fn assert_unchanged(mut module: Module, run: impl FnOnce(&mut Module) -> Result<(), String>) {
        let before = super::spirv::assemble(&module);
        run(&mut module).unwrap();
        assert_eq!(super::spirv::assemble(&module), before, "the pass changed a module without its feature");
    }

    /// Renames a WGSL variable's `OpName` to a marker's name, as lowering names markers (WGSL
    /// cannot spell `::`).
    pub fn rename(module: &mut Module, from: &str, to: &str) {
        for n in &mut module.debug_names {
            if matches!(n.operands.get(1), Some(Operand::LiteralString(s)) if s == from) {
                n.operands[1] = Operand::LiteralString(to.into());
            }
        }
    }

    /// Every instruction of every function body, in module order.
    pub fn function_instructions(module: &Module) -> impl Iterator<Item = &rspirv::dr::Instruction> {
        module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions)
    }

    /// Every instruction of every function body, collected.
    pub fn instructions(module: &Module) -> Vec<&rspirv::dr::Instruction> {
        function_instructions(module).collect()
    }

    /// Validated WGSL of a module (passes must keep modules valid).
    pub fn wgsl_of(module: &naga::Module) -> String {
        let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all())
            .validate(module)
            .unwrap_or_else(|e| panic!("invalid module after the pass: {e:?}"));
        naga::back::wgsl::write_string(module, &info, naga::back::wgsl::WriterFlags::empty()).unwrap()
    }
}
