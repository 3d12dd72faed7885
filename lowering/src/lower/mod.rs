//! Lowering: typed IR → `naga::Module`.
//!
//! Lowering is mechanical: semantic analysis has already decided every type, conversion and
//! overload. What remains is mapping HLSL's representation choices onto naga's:
//! - matrices: HLSL `floatRxC` is naga's `matRxC` *transposed* (naga column `i` holds HLSL row
//!   `i`, DXC's trick), so `m[i]` is naga's column access and `mul` swaps its operands; integer,
//!   bool and 1×N/N×1 matrices, which naga lacks, become arrays of row vectors ([`types`]);
//! - D3D buffer layouts: constant buffers become `array<vec4<u32>, N>` uniforms and structured
//!   and byte-address buffers `array<u32>` storage, read and written word by word with bitcasts
//!   at the byte offsets of [`crate::layout`] ([`raw`]), because neither WGSL nor naga's writers
//!   can express D3D offsets;
//! - `out`/`inout` parameters: pointers to caller-side temporaries (copy-in/copy-out);
//! - entry points: a naga entry point wraps the HLSL entry function, flattening struct inputs
//!   and outputs into stage I/O with bindings from their semantics ([`entry`]).
//!
//! The module-level [`Lowerer`] owns the naga module, type and global maps; a
//! [`function::FnBuilder`] lowers one function body.

mod attribute_at_vertex;
mod evaluate_attribute;
mod buffer_pointer;
mod raw_buffer;
mod bindings;
mod bit_field;
mod derivatives;
mod entry;
mod expr;
mod facts;
mod feedback;
mod function;
mod geometry;
mod globals;
mod inline_spirv;
mod integer_sampling;
mod intrinsics;
mod legacy_intrinsics;
mod mesh;
mod methods;
mod msaa_buffer;
mod place;
mod precise;
mod raw;
mod ray_query;
mod ray_tracing;
mod sample_compare;
mod sample_operands;
mod tess_factors;
mod tessellation;
mod texel_fetch;
mod texture_sampling;
mod types;
mod wave;
mod work_graph;

use crate::options::Options;
use crate::tir::visit::walk_expr;
use crate::tir::{self, ExprKind, FuncId, GlobalId};
use crate::ty::TypeId;
use hlslc_grammar::{Diagnostic, Span};
use naga::Handle;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

pub use bindings::{BindingInfo, BindingKind};
pub(crate) use expr::has_side_effects;
pub(crate) use globals::GlobalRep;

/// The result of lowering.
#[derive(Debug)]
pub struct Lowered {
    /// The module, after the polyfill passes ([`crate::passes::run`]).
    pub module: naga::Module,
    /// The final binding of every resource, in declaration order.
    pub bindings: Vec<BindingInfo>,
    /// Warnings produced while lowering.
    pub diagnostics: Vec<Diagnostic>,
    /// Bindings, buffer layouts and entry-point interfaces for the host.
    pub reflection: crate::reflect::Reflection,
    /// What the SPIR-V passes need ([`crate::passes::write_spirv`]).
    pub spirv: crate::passes::SpirvConfig,
}

/// Lowers an analysed module and runs the polyfill passes. Errors are features a target
/// cannot express.
pub fn lower(tir: &tir::Module, options: &Options) -> Result<Lowered, Vec<Diagnostic>> {
    let mut lw = Lowerer::new(tir, options);
    lw.run();
    if lw.diags.iter().any(Diagnostic::is_error) {
        return Err(lw.diags);
    }
    let config = crate::passes::Config {
        helper_lane: lw.helper_lane,
        include_helper_lanes: tir.entry_points.iter().map(|ep| ep.wave_ops_include_helper_lanes).collect(),
        helper_invocation: lw.helper_invocation,
        // wgpu bounds every WGSL loop itself (naga's `force_loop_bounding`).
        guard_loop_exits: options.target == crate::Target::SpirV,
        stand_ins: lw.stage_models.iter().map(|m| m.entry.clone()).chain(lw.ray_tracing_models.iter().map(|(name, _)| name.clone())).collect(),
    };
    crate::passes::run(&mut lw.module, &config);
    denorm_mode(&mut lw.inline_spirv, options);
    if options.maximal_reconvergence && options.target == crate::Target::SpirV {
        // `MaximallyReconvergesKHR` (6023; no capability, the extension alone).
        lw.inline_spirv.extensions.push("SPV_KHR_maximal_reconvergence".to_string());
        lw.inline_spirv.execution_modes.push(crate::passes::inline_spirv::ExecutionMode { mode: 6023, operands: Vec::new(), id: false });
    }
    if options.denorm != crate::DenormMode::Any && options.target == crate::Target::Wgsl {
        let mode = if options.denorm == crate::DenormMode::Preserve { "preserve" } else { "ftz" };
        lw.warning("W0812", "denorm-wgsl", hlslc_grammar::Span::UNDEFINED, format!("`-denorm {mode}` cannot be honoured in WGSL"))
            .note("WGSL has no control of denormal values: the device chooses whether to keep or flush them")
            .help("compile to SPIR-V, where hlslc writes the `DenormPreserve`/`DenormFlushToZero` execution mode");
    }
    if options.target == crate::Target::Wgsl {
        wgsl_entry_point_names(&mut lw);
    }
    let binding_aliases = lw.binding_aliases.iter().map(|a| ((a.stand_in.group, a.stand_in.binding), (a.binding.group, a.binding.binding))).collect();
    let spirv = crate::passes::SpirvConfig { ieee_strict: options.ieee_strict, binding_aliases, stage_models: std::mem::take(&mut lw.stage_models), ray_tracing_models: std::mem::take(&mut lw.ray_tracing_models), inline_spirv: std::mem::take(&mut lw.inline_spirv), work_graph: crate::passes::work_graph::Config { nodes: std::mem::take(&mut lw.work_graph.nodes) }, flatten_arrays: lw.flattened_arrays() };
    let reflection = crate::reflect::reflect(tir, options, &lw.bindings, &lw.module, &lw.stage_io);
    Ok(Lowered { module: lw.module, bindings: lw.bindings, diagnostics: lw.diags, spirv, reflection })
}

/// W0813: an entry point whose name WGSL does not allow as an identifier (a keyword or
/// reserved word, a leading `__`) keeps the name naga's namer gives it, which the pipeline
/// must then use.
fn wgsl_entry_point_names(lw: &mut Lowerer<'_>) {
    let names = crate::wgsl_names::entry_point_names(&lw.module);
    for (i, wgsl_name) in names.into_iter().enumerate() {
        let name = lw.module.entry_points[i].name.clone();
        if name == wgsl_name || crate::wgsl_names::is_wgsl_identifier(&name) {
            continue;
        }
        let span = lw.tir.entry_points.iter().find(|ep| ep.name == name).map_or(hlslc_grammar::Span::UNDEFINED, |ep| ep.span);
        let why = if name.starts_with("__") { "a WGSL identifier cannot begin with `__`" } else { "it is a WGSL keyword or reserved word" };
        lw.warning("W0813", "wgsl-entry-point-name", span, format!("the entry point `{name}` is named `{wgsl_name}` in the WGSL: {why}"))
            .help(format!("create the pipeline with the entry point `{wgsl_name}`, or rename the entry point"));
    }
}

/// `-denorm preserve` / `-denorm ftz` for SPIR-V, as DXC writes them: the execution mode
/// `DenormPreserve 32` / `DenormFlushToZero 32` on the entry points, with its capability and
/// `SPV_KHR_float_controls` (core from SPIR-V 1.4). `any` leaves the choice to the device.
fn denorm_mode(config: &mut crate::passes::inline_spirv::Config, options: &crate::Options) {
    use rspirv::spirv::{Capability, ExecutionMode};
    let (mode, capability) = match options.denorm {
        crate::DenormMode::Any => return,
        _ if options.target != crate::Target::SpirV => return,
        crate::DenormMode::Preserve => (ExecutionMode::DenormPreserve, Capability::DenormPreserve),
        crate::DenormMode::FlushToZero => (ExecutionMode::DenormFlushToZero, Capability::DenormFlushToZero),
    };
    config.capabilities.push(capability as u32);
    config.extensions.push("SPV_KHR_float_controls".to_string());
    config.execution_modes.push(crate::passes::inline_spirv::ExecutionMode { mode: mode as u32, operands: vec![(32, false)], id: false });
}

/// A variable on a stand-in binding in naga's module that shares `binding` in SPIR-V.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BindingAlias {
    /// The HLSL global, for descriptor-heap arrays; `None` for depth twins.
    pub global: Option<GlobalId>,
    pub stand_in: naga::ResourceBinding,
    pub binding: naga::ResourceBinding,
}

/// Module-level lowering state.
pub(crate) struct Lowerer<'a> {
    pub tir: &'a tir::Module,
    /// The module's types, extended with the ones lowering needs (matrix rows …).
    pub tys: crate::ty::Types,
    pub options: &'a Options,
    pub module: naga::Module,
    pub layouter: naga::proc::Layouter,
    /// Value representation of each HLSL type, by [`TypeId`] (`None`: not needed yet).
    pub types: Vec<Option<Handle<naga::Type>>>,
    pub globals: HashMap<GlobalId, GlobalRep>,
    pub functions: HashMap<FuncId, Handle<naga::Function>>,
    pub bindings: Vec<BindingInfo>,
    /// Variables that share another's binding in SPIR-V, on a distinct stand-in binding in
    /// naga's module (its validator forbids shared bindings) that the `binding_alias` SPIR-V
    /// pass replaces: descriptor-heap binding arrays (the heap's binding) and depth twins.
    pub binding_aliases: Vec<BindingAlias>,
    pub diags: Vec<Diagnostic>,
    /// Globals that atomics operate on (their memory is typed as atomics).
    pub atomic_globals: HashSet<GlobalId>,
    /// Private globals holding entry-point built-ins that any function may read
    /// (`WaveGetLaneIndex` …), created on demand.
    pub builtin_globals: HashMap<naga::BuiltIn, Handle<naga::GlobalVariable>>,
    /// Static globals whose initializer is not constant: stored at each entry point's start.
    pub deferred_inits: Vec<GlobalId>,
    /// Storage textures given SPIR-V's `Unknown` image format (`passes::image_format_unknown`).
    pub unknown_format_images: HashSet<GlobalId>,
    /// Derivatives and implicit-LOD samples become stand-ins (see [`derivatives`]).
    pub compute_derivatives: bool,
    /// Textures sampled with comparison (`SampleCmp*`, `GatherCmp*`): naga depth images.
    pub depth_textures: HashSet<GlobalId>,
    /// SPIR-V: arrays of textures some elements of which are compared and others read as
    /// colour. The array stays a colour texture array; comparisons go through a depth twin
    /// (another variable of depth type), which the `binding_alias` pass puts on the array's
    /// binding. Vulkan ignores an image type's depth operand, as DXC's output relies on.
    pub depth_twins: HashMap<GlobalId, Option<Handle<naga::GlobalVariable>>>,
    /// 64-bit views of buffer words, by (words variable, signed): the same binding as
    /// `array<atomic<u64>>` (`i64`) for 64-bit atomics, SPIR-V only (`Lowerer::words64_view`).
    pub words64_views: HashMap<(Handle<naga::GlobalVariable>, bool), Handle<naga::GlobalVariable>>,
    /// D3D's standard sample positions (`GetSamplePosition`), created on first use.
    pub sample_positions: Option<Handle<naga::GlobalVariable>>,
    /// The private flag `IsHelperLane()` reads (see [`crate::passes::demote_to_helper`]).
    pub helper_lane: Option<Handle<naga::GlobalVariable>>,
    /// The function pixel entry points call to initialise `helper_lane`
    /// ([`crate::passes::helper_invocation`]).
    pub helper_invocation: Option<Handle<naga::Function>>,
    /// Mesh entry functions' output arrays (function, parameter index) as workgroup globals.
    pub mesh_arrays: HashMap<(FuncId, usize), Handle<naga::GlobalVariable>>,
    /// The `SetMeshOutputCounts` counts and the `DispatchMesh` size, created on first use
    /// (see [`mesh`]).
    pub mesh_state: [Option<Handle<naga::GlobalVariable>>; 2],
    /// Task payloads that `DispatchMesh` copies a non-`groupshared` payload into, by type.
    pub task_payload_copies: HashMap<TypeId, Handle<naga::GlobalVariable>>,
    /// Geometry shaders: the stand-in outputs of each stream vertex type (`None` after an
    /// error), created on first use (see [`geometry`]).
    pub stream_outputs: HashMap<TypeId, Option<Vec<geometry::StreamOutput>>>,
    /// The SPIR-V execution model and modes of entry points naga has no stage for.
    pub stage_models: Vec<crate::passes::stage_model::EntryModel>,
    /// DXC's inline SPIR-V the reachable functions use ([`inline_spirv`]).
    pub inline_spirv: crate::passes::inline_spirv::Config,
    /// The reflected interface of those entry points (their naga I/O is stand-ins).
    pub stage_io: crate::reflect::StandInInterfaces,
    /// The structured buffers whose hidden counter some function uses, found by one walk
    /// over the module on first need ([`Lowerer::needs_counter`]).
    pub counters_used: std::cell::OnceCell<HashSet<GlobalId>>,
    /// The ray-tracing marker functions and variables (see [`ray_tracing`]).
    pub ray_tracing: ray_tracing::Markers,
    /// Ray-tracing entry points whose SPIR-V execution model naga cannot say (intersection,
    /// callable), for [`crate::passes::ray_tracing`].
    pub ray_tracing_models: Vec<(String, crate::passes::ray_tracing::Model)>,
    /// The work-graph marker globals and functions, and the node entry points (see [`work_graph`]).
    pub work_graph: work_graph::Markers,
    /// Each function's operations and globals, by [`FuncId`], found on first need ([`facts`]).
    facts: Vec<std::cell::OnceCell<facts::FnFacts<'a>>>,
    /// Empty blocks that keep the capacity they grew to, which function builders build their
    /// blocks in before moving the statements into a block of their number (`FnBuilder::end`).
    pub spare_blocks: Vec<naga::Block>,
    /// Emptied argument-value lists of intrinsic calls, kept for the next call
    /// (`FnBuilder::intrinsic`).
    pub spare_values: Vec<Vec<Handle<naga::Expression>>>,
    /// Field offsets of the structs read or written in memory, by struct and layout rules,
    /// computed once each (`FnBuilder::field_offset`).
    pub field_offsets: HashMap<(crate::ty::StructId, crate::layout::Rules), Vec<u32>>,
}

impl<'a> Lowerer<'a> {
    fn new(tir: &'a tir::Module, options: &'a Options) -> Self {
        Lowerer {
            tir,
            tys: tir.types.clone(),
            options,
            module: naga::Module::default(),
            layouter: naga::proc::Layouter::default(),
            types: Vec::new(),
            globals: HashMap::default(),
            functions: HashMap::default(),
            bindings: Vec::new(),
            binding_aliases: Vec::new(),
            diags: Vec::new(),
            atomic_globals: HashSet::default(),
            builtin_globals: HashMap::default(),
            deferred_inits: Vec::new(),
            depth_textures: HashSet::default(),
            depth_twins: HashMap::default(),
            words64_views: HashMap::default(),
            compute_derivatives: false,
            unknown_format_images: HashSet::default(),
            sample_positions: None,
            helper_lane: None,
            helper_invocation: None,
            mesh_arrays: HashMap::default(),
            mesh_state: [None; 2],
            task_payload_copies: HashMap::default(),
            stream_outputs: HashMap::default(),
            stage_models: Vec::new(),
            inline_spirv: Default::default(),
            stage_io: Default::default(),
            counters_used: std::cell::OnceCell::new(),
            ray_tracing: Default::default(),
            ray_tracing_models: Vec::new(),
            work_graph: Default::default(),
            facts: tir.functions.iter().map(|_| std::cell::OnceCell::new()).collect(),
            spare_blocks: Vec::new(),
            spare_values: Vec::new(),
            field_offsets: HashMap::default(),
        }
    }

    pub fn error(&mut self, code: &'static str, span: Span, message: impl Into<String>) -> &mut Diagnostic {
        self.diags.push(Diagnostic::error(code, span, message));
        self.diags.last_mut().expect("just pushed")
    }

    pub fn warning(&mut self, code: &'static str, name: &'static str, span: Span, message: impl Into<String>) -> &mut Diagnostic {
        self.diags.push(Diagnostic::warning(code, name, span, message));
        self.diags.last_mut().expect("just pushed")
    }

    fn run(&mut self) {
        let (order, mut used) = self.function_order();
        if self.options.preserve_bindings {
            self.preserve_bindings(&mut used);
        }
        self.find_atomic_globals(&order);
        self.assign_bindings(&used);
        for &g in &used {
            self.global(g);
        }
        self.check_groupshared_size(&used);
        self.precise_warnings(&order);
        self.compute_derivatives = self.needs_compute_derivatives();
        for f in order {
            // Helpers taking node objects are lowered per call (`work_graph`).
            if !self.is_node_helper(f) {
                self.function(f);
            }
        }
        if self.helper_lane.is_some() {
            self.helper_invocation_function();
        }
        for i in 0..self.tir.entry_points.len() {
            self.entry_point(i);
        }
        self.unique_mesh_global_names();
    }

    /// D3D allows 32 KB of groupshared memory per thread group, or an entry point's
    /// `[GroupSharedLimit(n)]` (an error beyond it); WebGPU's default
    /// `maxComputeWorkgroupStorageSize` is 16 KB (a warning: a device may offer more).
    fn check_groupshared_size(&mut self, used: &[GlobalId]) {
        const D3D_LIMIT: u32 = 32768;
        const WEBGPU_DEFAULT: u32 = 16384;
        let shared: Vec<GlobalId> = used.iter().copied().filter(|&g| matches!(self.tir.global(g).kind, tir::GlobalKind::GroupShared)).collect();
        let Some(&first) = shared.first() else { return };
        let d3d: u32 = shared.iter().map(|&g| crate::layout::tight_size(self.tir, self.tir.global(g).ty).unwrap_or(0)).sum();
        let _ = self.layouter.update(self.module.to_ctx());
        let mut wgsl = 0u32;
        for &g in &shared {
            if let Some(GlobalRep::Value { var, .. }) = self.globals.get(&g) {
                let l = self.layouter[self.module.global_variables[*var].ty];
                wgsl = wgsl.div_ceil(l.alignment.round_up(1)) * l.alignment.round_up(1) + l.size;
            }
        }
        let span = self.tir.global(first).span;
        let explicit = self.tir.entry_points.iter().find_map(|ep| ep.group_shared_limit);
        if let Some(limit) = explicit.filter(|&limit| d3d > limit) {
            // `[GroupSharedLimit(n)]` replaces the default (DXC's validator: "exceeding explicit
            // limit"); devices offer up to their own maximum.
            self.error("E0706", span, format!("{d3d} bytes of groupshared memory exceed the entry point's `GroupSharedLimit` of {limit} bytes"))
                .help("raise the `GroupSharedLimit`, or use fewer or smaller groupshared arrays");
        } else if explicit.is_none() && d3d > D3D_LIMIT {
            self.error("E0706", span, format!("{d3d} bytes of groupshared memory exceed Direct3D's limit of {D3D_LIMIT} bytes per thread group"))
                .help("use fewer or smaller groupshared arrays");
        } else if wgsl > WEBGPU_DEFAULT {
            self.warning(
                "W0901",
                "groupshared-size",
                span,
                format!("{wgsl} bytes of workgroup memory exceed WebGPU's default `maxComputeWorkgroupStorageSize` of {WEBGPU_DEFAULT} bytes"),
            )
            .help("request a larger `max_compute_workgroup_storage_size` in the wgpu device limits, or use less groupshared memory");
        }
    }

    /// Functions reachable from the entry points, callees before callers (naga requires
    /// that order; HLSL has no recursion, which sema checked), and the globals they use.
    fn function_order(&self) -> (Vec<FuncId>, Vec<GlobalId>) {
        let mut order = Vec::new();
        let mut seen = HashSet::default();
        for ep in &self.tir.entry_points {
            self.visit_function(ep.function, &mut seen, &mut order, 0);
            // A hull shader's patch-constant function runs after it (see `tessellation`).
            if let Some(h) = ep.tessellation.and_then(|t| t.hull) {
                self.visit_function(h.patch_constant, &mut seen, &mut order, 0);
            }
        }
        // Functions called by the initializers of the statics those functions use (the entry
        // wrappers run them), until nothing new is reached.
        loop {
            let before = order.len();
            let used = self.used_globals(&order);
            for &g in &used {
                if let tir::GlobalKind::Static { init: Some(init), .. } = &self.tir.globals[g.0 as usize].kind {
                    let mut callees = Vec::new();
                    walk_expr(init, &mut |e| {
                        if let ExprKind::Call { function, .. } = &e.kind {
                            callees.push(*function);
                        }
                    });
                    for c in callees {
                        self.visit_function(c, &mut seen, &mut order, 0);
                    }
                }
            }
            if order.len() == before {
                return (order, used);
            }
        }
    }

    /// The functions entry point `index` reaches, callees before callers.
    pub(crate) fn entry_functions(&self, index: usize) -> Vec<FuncId> {
        let mut order = Vec::new();
        self.visit_function(self.tir.entry_points[index].function, &mut HashSet::default(), &mut order, 0);
        order
    }

    /// Calls `f` on every operation (call, intrinsic, method, assignment — not other
    /// expressions, see [`facts`]) of the functions entry point `index` reaches.
    pub(crate) fn entry_walk(&self, index: usize, f: &mut dyn FnMut(&'a tir::Expr)) {
        self.operations_of(&self.entry_functions(index), f);
    }

    /// Whether entry point `index` reaches an operation (call, intrinsic, method, assignment)
    /// that satisfies `pred`.
    pub(crate) fn entry_reaches(&self, index: usize, pred: &dyn Fn(&tir::Expr) -> bool) -> bool {
        let mut found = false;
        self.entry_walk(index, &mut |e| found |= pred(e));
        found
    }

    fn visit_function(&self, f: FuncId, seen: &mut HashSet<FuncId>, order: &mut Vec<FuncId>, depth: usize) {
        if !seen.insert(f) || depth > 4096 {
            return;
        }
        for c in self.facts(f).callees() {
            self.visit_function(c, seen, order, depth + 1);
        }
        order.push(f);
    }

    /// `-fspv-preserve-bindings`: every bound resource counts as used, so it keeps its variable
    /// and its binding although no entry point reads it (descriptor heaps, push-constant
    /// blocks and shader records, which have no binding of their own, excepted).
    fn preserve_bindings(&self, used: &mut Vec<GlobalId>) {
        for (i, global) in self.tir.globals.iter().enumerate() {
            let g = GlobalId(i as u32);
            let tir::GlobalKind::Resource { binding } = &global.kind else { continue };
            if binding.heap.is_none() && !binding.push_constant && !binding.shader_record && !used.contains(&g) {
                used.push(g);
            }
        }
        used.sort();
    }

    /// `-fspv-flatten-resource-arrays` (SPIR-V only): the bound resource arrays of a known size,
    /// whose elements [`crate::passes::flatten_resource_arrays`] gives a binding each (the
    /// bindings after the array's are reserved for them in `bindings`).
    fn flattened_arrays(&self) -> crate::passes::flatten_resource_arrays::Config {
        let flatten = self.options.flatten_resource_arrays && self.options.target == crate::Target::SpirV;
        let arrays = self.bindings.iter().filter(|b| flatten && !b.hidden).filter_map(|b| b.array_size.filter(|&n| n > 0).map(|n| (b.group, b.binding, n))).collect();
        crate::passes::flatten_resource_arrays::Config { arrays }
    }

    /// Globals read or written by the given functions (and by static initializers).
    fn used_globals(&self, order: &[FuncId]) -> Vec<GlobalId> {
        let mut used = HashSet::default();
        for &f in order {
            used.extend(self.facts(f).globals.iter().copied());
        }
        // Initializers of used statics may read other globals.
        let mut queue: Vec<GlobalId> = used.iter().copied().collect();
        while let Some(g) = queue.pop() {
            if let tir::GlobalKind::Static { init: Some(init), .. } = &self.tir.global(g).kind {
                let mut more = HashSet::default();
                walk_expr(init, &mut |e| collect_globals(e, &mut more));
                for m in more {
                    if used.insert(m) {
                        queue.push(m);
                    }
                }
            }
        }
        let mut v: Vec<GlobalId> = used.into_iter().collect();
        v.sort();
        v
    }

    /// Globals that are the destination of an atomic operation.
    fn find_atomic_globals(&mut self, order: &[FuncId]) {
        let mut depth = HashSet::default();
        self.operations_of(order, &mut |e| {
            if let ExprKind::Method { object, method, .. } = &e.kind {
                use tir::Method::*;
                if matches!(method, SampleCmp | SampleCmpLevelZero | SampleCmpLevel | SampleCmpBias | SampleCmpGrad | GatherCmp(_)) {
                    if let Some(g) = root_global(object) {
                        depth.insert(g);
                    }
                }
            }
        });
        // An array of textures is one naga type: if some element is compared, every element
        // is a depth texture, which reads one channel. Reading another element as a colour
        // texture would silently lose channels, so it is a target limitation.
        let mut mixed = Vec::new();
        self.operations_of(order, &mut |e| {
            if let ExprKind::Method { object, method, .. } = &e.kind {
                use tir::Method::*;
                let plain = matches!(method, Sample | SampleBias | SampleLevel | SampleGrad | Load | Gather(_));
                if let Some(g) = root_global(object).filter(|g| plain && depth.contains(g)) {
                    if matches!(self.tys.get(self.tir.global(g).ty), crate::ty::TypeInner::Array { .. }) {
                        mixed.push((e.span, self.tir.global(g).name.clone(), g));
                    }
                }
            }
        });
        if self.options.target == crate::options::Target::SpirV {
            // Vulkan ignores the depth operand: a depth twin sharing the binding serves the
            // comparisons (see `depth_twins`).
            for &(_, _, g) in &mixed {
                depth.remove(&g);
                self.depth_twins.insert(g, None);
            }
            mixed.clear();
        }
        for (span, name, _) in mixed.into_iter().take(4) {
            self.error("E0803", span, format!("`{name}` is an array of textures some of which are compared: WGSL and naga IR make every element a depth texture, which cannot be read as a colour texture here"))
                .help("declare a separate texture array for the textures you compare, or target SPIR-V");
        }
        // A depth texture (compared somewhere) gathers its first component only in WGSL and
        // naga IR; other components are a target limitation.
        let mut other_component = Vec::new();
        self.operations_of(order, &mut |e| {
            if let ExprKind::Method { object, method: tir::Method::Gather(c) | tir::Method::GatherCmp(c), .. } = &e.kind {
                let compared = matches!(e.kind, ExprKind::Method { method: tir::Method::GatherCmp(_), .. });
                if *c > 0 && root_global(object).is_some_and(|g| depth.contains(&g) || (compared && self.depth_twins.contains_key(&g))) {
                    other_component.push((e.span, *c));
                }
            }
        });
        for (span, c) in other_component {
            let channel = ["Red", "Green", "Blue", "Alpha"][c as usize & 3];
            self.error("E0803", span, format!("gathering the {} component of a depth texture cannot be expressed in WGSL or naga IR", channel.to_ascii_lowercase()))
                .help(format!("a texture that is compared is a depth texture, which gathers its first component only: use `Gather`/`GatherCmp` instead of `…{channel}`, or a separate texture for comparisons"));
        }
        self.depth_textures = depth;
        // Globals that atomics touch, and buffers that receive 16-bit stores: D3D stores each
        // element on its own, but a 16-bit value shares its 32-bit word with a neighbour, so
        // the store is an atomic AND/OR of its half (`raw::raw_store_scalar`) and the words
        // must be atomic.
        let mut found = HashSet::default();
        self.operations_of(order, &mut |e| {
            // The buffer a 16-bit value of type `ty` is stored into through place `p`.
            let half_store = |p: &tir::Place, ty: crate::ty::TypeId| root_global(p).filter(|&g| self.is_storage_buffer(g) && self.has_16bit(ty));
            match &e.kind {
                ExprKind::Assign { place, .. } => found.extend(half_store(place, place.ty)),
                ExprKind::Method { object, method: tir::Method::StoreRaw, args } => {
                    if let Some(tir::Arg::Value(v)) = args.last() {
                        found.extend(half_store(object, v.ty));
                    }
                }
                ExprKind::Call { args, .. } => {
                    for a in args {
                        if let tir::Arg::Out(p) | tir::Arg::InOut(p) = a {
                            found.extend(half_store(p, p.ty));
                        }
                    }
                }
                ExprKind::Intrinsic { op, args } => {
                    if is_interlocked(*op) {
                        if let Some(g) = args.first().and_then(|a| if let tir::Arg::InOut(p) = a { root_global(p) } else { None }) {
                            found.insert(g);
                        }
                    }
                    for a in args {
                        if let tir::Arg::Out(p) | tir::Arg::InOut(p) = a {
                            found.extend(half_store(p, p.ty));
                        }
                    }
                }
                ExprKind::Method { object, method, .. } if method_is_atomic(*method) => {
                    if let Some(g) = root_global(object) {
                        found.insert(g);
                    }
                }
                _ => {}
            }
        });
        self.atomic_globals = found;
    }

    /// Whether a value of `ty` has a 16-bit scalar somewhere.
    fn has_16bit(&self, ty: crate::ty::TypeId) -> bool {
        use crate::ty::TypeInner;
        match *self.tys.get(ty) {
            TypeInner::Scalar(sc) | TypeInner::Vector { scalar: sc, .. } | TypeInner::Matrix { scalar: sc, .. } => sc.width == 2,
            TypeInner::Array { base, .. } => self.has_16bit(base),
            TypeInner::Struct(st) => self.tir.structs[st.0 as usize].fields.iter().any(|f| self.has_16bit(f.ty)),
            _ => false,
        }
    }

    /// Whether global `g` is a writable buffer laid out as words (structured, byte-address or
    /// typed), or an array of them.
    fn is_storage_buffer(&self, g: GlobalId) -> bool {
        use crate::ty::{Access, Resource, StructuredKind, TypeInner};
        let ty = self.tir.global(g).ty;
        let ty = match *self.tys.get(ty) {
            TypeInner::Array { base, .. } => base,
            _ => ty,
        };
        match *self.tys.get(ty) {
            TypeInner::Resource(Resource::StructuredBuffer { kind, .. }) => kind != StructuredKind::ReadOnly,
            TypeInner::Resource(Resource::ByteAddressBuffer { access } | Resource::TypedBuffer { access, .. }) => access == Access::ReadWrite,
            _ => false,
        }
    }
}

/// The global at the root of a place (through resource element roots).
pub(crate) fn root_global(p: &tir::Place) -> Option<GlobalId> {
    match &p.root {
        tir::PlaceRoot::Global(g) => Some(*g),
        tir::PlaceRoot::BufferElement { resource, .. } | tir::PlaceRoot::Texel { resource, .. } => root_global(resource),
        _ => None,
    }
}

pub(crate) fn is_interlocked(op: tir::Intrinsic) -> bool {
    use tir::Intrinsic::*;
    matches!(
        op,
        InterlockedAdd
            | InterlockedAnd
            | InterlockedOr
            | InterlockedXor
            | InterlockedMin
            | InterlockedMax
            | InterlockedExchange
            | InterlockedCompareExchange
            | InterlockedCompareStore
    )
}

pub(crate) fn method_is_atomic(m: tir::Method) -> bool {
    use tir::Method::*;
    matches!(
        m,
        InterlockedAdd
            | InterlockedAnd
            | InterlockedOr
            | InterlockedXor
            | InterlockedMin
            | InterlockedMax
            | InterlockedExchange
            | InterlockedCompareExchange
            | InterlockedCompareStore
            | IncrementCounter
            | DecrementCounter
            | Append
            | Consume
    )
}

#[inline]
pub(crate) fn collect_globals(e: &tir::Expr, used: &mut impl Extend<GlobalId>) {
    let mut visit_place = |p: &tir::Place| {
        if let Some(g) = root_global(p) {
            used.extend([g]);
        }
    };
    match &e.kind {
        ExprKind::Load(p) | ExprKind::Assign { place: p, .. } => visit_place(p),
        ExprKind::Method { object, .. } => visit_place(object),
        ExprKind::Call { args, .. } | ExprKind::Intrinsic { args, .. } => {
            for a in args {
                if let tir::Arg::Out(p) | tir::Arg::InOut(p) = a {
                    visit_place(p);
                }
            }
        }
        _ => {}
    }
    if let ExprKind::Method { args, .. } = &e.kind {
        for a in args {
            if let tir::Arg::Out(p) | tir::Arg::InOut(p) = a {
                if let Some(g) = root_global(p) {
                    used.extend([g]);
                }
            }
        }
    }
}

/// A naga span from ours (same offset space).
pub(crate) fn span(s: Span) -> naga::Span {
    if s.is_undefined() {
        naga::Span::UNDEFINED
    } else {
        naga::Span::new(s.start, s.end)
    }
}
