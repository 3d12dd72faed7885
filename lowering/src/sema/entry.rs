//! Entry points: choosing them, checking their stage attributes and semantics.
//!
//! With a stage profile (`-T ps_6_0`) the entry point is the function named by `-E` (default
//! `main`). With a library profile (`-T lib_6_3`, or no profile) every function with a
//! `[shader("…")]` attribute is an entry point. Geometry, hull and domain shaders compile for
//! SPIR-V only (see `geometry`, `tessellation`); stages hlslc cannot compile (ray tracing,
//! work graphs) are reported with the stage named.

use super::Analyzer;
use crate::tir::{EntryPoint, FuncId, Semantic, Stage};
use crate::ty::{TypeId, TypeInner};
use hlslc_grammar::ast;
use hlslc_grammar::Span;

impl Analyzer<'_> {
    pub(crate) fn finish_entry_points(&mut self) {
        // Recursion is an error in what a shader runs: with a stage profile, the functions the
        // entry point and its patch-constant function reach (DXC gives functions internal
        // linkage there, so an unreachable recursive one is dropped, even if `export`ed); in
        // a library, every function.
        let stage_entry = match self.options.profile.and_then(|p| p.stage) {
            Some(_) => Some(self.options.entry_point.clone()),
            None => None,
        };
        match stage_entry {
            Some(name) => {
                let mut roots: Vec<FuncId> = (0..self.fn_infos.len()).filter(|&i| self.fn_infos[i].name == name).map(|i| FuncId(i as u32)).collect();
                let patch: Vec<String> = roots
                    .iter()
                    .flat_map(|f| self.fn_infos[f.0 as usize].attrs.iter())
                    .filter(|a| a.name.name.eq_ignore_ascii_case("patchconstantfunc"))
                    .filter_map(|a| match a.args.first() {
                        Some(ast::Expr { kind: ast::ExprKind::Literal(ast::Literal::String(s)), .. }) => Some(s.clone()),
                        _ => None,
                    })
                    .collect();
                roots.extend((0..self.fn_infos.len()).filter(|&i| patch.contains(&self.fn_infos[i].name)).map(|i| FuncId(i as u32)));
                self.check_recursion(Some(&roots));
            }
            None => self.check_recursion(None),
        }
        let entries: Vec<(FuncId, Stage)> = match self.options.profile.and_then(|p| p.stage) {
            Some(stage) => {
                let name = self.options.entry_point.clone();
                // The entry point is a function of the global namespace (as DXC), not a
                // namespace member or a static method of the same name.
                let global: Vec<FuncId> = match self.lookup(&name) {
                    Some(super::scope::Symbol::Functions(set)) => set
                        .iter()
                        .filter_map(|e| match e {
                            super::scope::FnEntry::Func(f) => Some(*f),
                            _ => None,
                        })
                        .collect(),
                    _ => Vec::new(),
                };
                let found: Vec<FuncId> = (0..self.fn_infos.len())
                    .filter(|&i| self.fn_infos[i].name == name && self.fn_infos[i].method_of.is_none() && self.fn_infos[i].defined && global.contains(&FuncId(i as u32)))
                    .map(|i| FuncId(i as u32))
                    .collect();
                match found.as_slice() {
                    // A failed declaration was reported already.
                    [] if self.diags.iter().any(|d| d.is_error()) => return,
                    [] => {
                        let candidates: Vec<String> =
                            self.fn_infos.iter().filter(|i| i.method_of.is_none() && i.defined).map(|i| i.name.clone()).collect();
                        let hint = super::scope::closest(&name, candidates.iter().map(String::as_str));
                        let d = self.error("E0608", Span::UNDEFINED, format!("missing entry point `{name}`"));
                        match hint {
                            Some(h) => d.help(format!("did you mean `-E {h}`?")),
                            None => d.help("define the function or pass its name with `-E <name>`"),
                        };
                        return;
                    }
                    [f] => {
                        self.check_profile_shader_attribute(*f, stage);
                        vec![(*f, stage)]
                    }
                    _ => {
                        let (a, b) = (self.fn_infos[found[1].0 as usize].span, self.fn_infos[found[0].0 as usize].span);
                        self.error("E0608", a, format!("entry point `{name}` is overloaded")).related(b, "other overload");
                        return;
                    }
                }
            }
            None => {
                let mut out = Vec::new();
                for i in 0..self.fn_infos.len() {
                    let attrs = self.fn_infos[i].attrs.clone();
                    if self.check_shader_attributes_agree(FuncId(i as u32)) {
                        continue;
                    }
                    for a in &attrs {
                        if !a.name.name.eq_ignore_ascii_case("shader") {
                            continue;
                        }
                        let Some(ast::Expr { kind: ast::ExprKind::Literal(ast::Literal::String(s)), .. }) = a.args.first() else {
                            self.error("E0609", a.span, "`shader` takes the stage name as a string, e.g. `[shader(\"pixel\")]`");
                            continue;
                        };
                        match stage_from_name(s) {
                            // A repeated `[shader("…")]` names the same entry point.
                            Some(stage) if out.contains(&(FuncId(i as u32), stage)) => {}
                            Some(stage) => out.push((FuncId(i as u32), stage)),
                            None => {
                                self.error("E0609", a.span, format!("unknown shader stage `{s}`"));
                            }
                        }
                    }
                }
                if out.is_empty() {
                    if self.options.profile.is_none() {
                        self.error("E0608", Span::UNDEFINED, "no entry point: give a profile with `-T` (e.g. `-T ps_6_0`) or mark functions with `[shader(\"…\")]`");
                    } else {
                        // A library of functions only: its loops are still unrolled.
                        self.check_live_code(&[]);
                    }
                    return;
                }
                // One entry point per name: WGSL and SPIR-V find entry points by name.
                for (k, &(f, _)) in out.iter().enumerate() {
                    let name = self.fn_infos[f.0 as usize].name.clone();
                    if let Some(&(g, _)) = out[..k].iter().find(|(g, _)| *g != f && self.fn_infos[g.0 as usize].name == name) {
                        let (a, b) = (self.fn_infos[f.0 as usize].span, self.fn_infos[g.0 as usize].span);
                        self.error("E0608", a, format!("entry point `{name}` is overloaded")).related(b, "other overload").help("give each entry point its own name");
                        return;
                    }
                }
                out
            }
        };
        let functions: Vec<FuncId> = entries.iter().map(|(f, _)| *f).collect();
        for (f, stage) in entries {
            self.entry_point(f, stage);
        }
        self.check_live_code(&functions);
    }

    fn entry_point(&mut self, f: FuncId, stage: Stage) {
        let info = self.fn_infos[f.0 as usize].clone();
        let span = info.span;
        let name = info.name.clone();
        match stage {
            Stage::Vertex | Stage::Pixel | Stage::Compute | Stage::Mesh | Stage::Amplification | Stage::Geometry | Stage::Hull | Stage::Domain | Stage::Node => {}
            _ => return self.ray_tracing_entry_point(f, stage),
        }
        let mut workgroup_size = [1u32; 3];
        let mut early_depth_stencil = false;
        let mut wave_ops_include_helper_lanes = false;
        let mut has_numthreads = false;
        let mut static_samplers = Vec::new();
        let mut wave_size_at: Option<hlslc_grammar::Span> = None;
        let mut group_shared_limit = None;
        self.check_stencil_ref_attributes(&info.attrs);
        for a in &info.attrs {
            // Attribute names are case-insensitive in HLSL (`[NumThreads(…)]`).
            match a.name.name.to_ascii_lowercase().as_str() {
                // D3D9's user clip planes: distances from the position output, which must be
                // there (DXC's rule). hlslc does not compute them (W0601 below).
                "clipplanes" if !self.has_position_output(f) => {
                    self.error("E0749", a.span, "`clipplanes` needs a `float4` output with semantic `SV_Position`")
                        .help("the clip distances are measured from the position output: add `float4 pos : SV_Position` to the outputs");
                }
                "numthreads" => {
                    has_numthreads = true;
                    if a.args.len() != 3 {
                        self.error("E0611", a.span, "`numthreads` takes three arguments");
                        continue;
                    }
                    for (i, arg) in a.args.iter().enumerate() {
                        if let Some(v) = self.const_int(arg) {
                            if !(1..=1024).contains(&v) {
                                self.error("E0611", arg.span, format!("thread group size must be between 1 and 1024, found {v}"));
                            }
                            workgroup_size[i] = v.clamp(1, 1024) as u32;
                        }
                    }
                    let total: u64 = workgroup_size.iter().map(|&x| x as u64).product();
                    if total > 1024 {
                        self.error("E0611", a.span, format!("thread group has {total} threads, more than the 1024 allowed"));
                    }
                    if workgroup_size[2] > 64 {
                        self.error("E0611", a.span, "the z dimension of a thread group is at most 64");
                    }
                }
                "earlydepthstencil" => early_depth_stencil = true,
                "groupsharedlimit" => {
                    // SM 6.10: the groupshared bytes the entry point may use (checked against
                    // its use in lowering, E0706), for stages with a thread group (DXC's rule).
                    if !matches!(stage, Stage::Compute | Stage::Mesh | Stage::Amplification | Stage::Node) {
                        self.error("E0612", a.span, "`GroupSharedLimit` is only allowed in compute, mesh, node or amplification shaders")
                            .help("drop the attribute: this stage has no groupshared memory");
                        continue;
                    }
                    if a.args.len() != 1 {
                        self.error("E0612", a.span, "`GroupSharedLimit` takes one argument, a byte count");
                        continue;
                    }
                    match self.const_int(&a.args[0]) {
                        Some(v) if (0..=u32::MAX as i64).contains(&v) => group_shared_limit = Some(v as u32),
                        Some(v) => {
                            self.error("E0612", a.args[0].span, format!("`GroupSharedLimit` takes a byte count, found {v}")).help("give a non-negative number of bytes");
                        }
                        None => {}
                    }
                }
                "waveopsincludehelperlanes" => wave_ops_include_helper_lanes = true,
                "rootsignature" => static_samplers = self.root_signature(a),
                "wavesize" => {
                    // DXC's rules: one `WaveSize` per entry point, from SM 6.6, a range (two or
                    // three sizes) from SM 6.8.
                    if let Some(first) = wave_size_at {
                        self.error("E0665", a.span, "`WaveSize` is given twice").related(first, "first given here").help("keep one `WaveSize` attribute");
                        continue;
                    }
                    wave_size_at = Some(a.span);
                    if let Some(p) = self.options.profile {
                        if !p.at_least(6, 6) {
                            self.error("E0665", a.span, format!("`WaveSize` needs shader model 6.6 or later, and the profile is {}.{}", p.major, p.minor))
                                .help("compile for `cs_6_6` or later, or drop the attribute");
                            continue;
                        }
                        if a.args.len() > 1 && !p.at_least(6, 8) {
                            self.error("E0665", a.span, format!("`WaveSize` takes a range of sizes from shader model 6.8, and the profile is {}.{}", p.major, p.minor))
                                .help("give one wave size, or compile for shader model 6.8 or later");
                            continue;
                        }
                    }
                    if !matches!(stage, Stage::Compute | Stage::Node) {
                        self.warning("W0602", "ignored-attributes", a.span, "`WaveSize` is ignored outside compute shaders");
                        continue;
                    }
                    let mut valid = true;
                    if a.args.is_empty() || a.args.len() > 3 {
                        self.error("E0611", a.span, "`WaveSize` takes one to three wave sizes (minimum, maximum, preferred)");
                        valid = false;
                    }
                    for arg in &a.args {
                        match self.const_int(arg) {
                            Some(v) if (4..=128).contains(&v) && v & (v - 1) == 0 => {}
                            Some(v) => {
                                self.error("E0611", arg.span, format!("a wave size must be a power of two from 4 to 128, found {v}"));
                                valid = false;
                            }
                            None => valid = false,
                        }
                    }
                    if !valid {
                        continue;
                    }
                    self.warning("W0605", "wave-size", a.span, "`WaveSize` cannot be requested: the shader runs with the device's wave size")
                        .note("WGSL and wgpu have no subgroup size control (Vulkan's is `VK_EXT_subgroup_size_control`, which wgpu does not expose); lavapipe runs 8 lanes, NVIDIA GPUs 32")
                        .help("read `WaveGetLaneCount()` instead of assuming a size");
                }
                "shader" | "outputcontrolpoints" | "domain" | "partitioning" | "outputtopology"
                | "patchconstantfunc" | "maxtessfactor" | "maxvertexcount" | "instance" => {}
                // Work-graph node attributes (`work_graph.rs`; E0712 outside node shaders).
                "nodelaunch" | "nodedispatchgrid" | "nodemaxdispatchgrid" | "nodemaxrecursiondepth" | "nodeisprogramentry" | "nodeid" | "nodeshareinputof"
                | "nodelocalrootargumentstableindex" | "nodemaxinputrecordspergraphentryrecord" => {}
                // `[[vk::location(N)]]` on the entry function places its return value, and
                // `[[vk::builtin("PointSize")]]` makes it that built-in (DXC's VKBuiltIn attribute
                // applies to functions too).
                "location" | "index" | "builtin" if a.namespace.as_ref().is_some_and(|n| n.name == "vk") => {}
                // Inline SPIR-V (`sema::inline_spirv`).
                "ext_capability" | "ext_extension" if a.namespace.as_ref().is_some_and(|n| n.name == "vk") => {}
                "spvexecutionmode" if a.namespace.as_ref().is_some_and(|n| n.name == "vk") => {
                    let mode = match a.args.as_slice() {
                        [e] => self.const_int(e).and_then(|m| self.check_execution_mode(m, e.span)),
                        _ => {
                            self.error("E0643", a.span, "`vk::spvexecutionmode` takes one execution mode").help("write e.g. `[[vk::spvexecutionmode(/* EarlyFragmentTests */ 9)]]`");
                            None
                        }
                    };
                    if let Some(m) = mode {
                        self.module.functions[f.0 as usize].inline_spirv.get_or_insert_with(Default::default).execution_modes.push(m);
                    }
                }
                _ => {
                    let other = &a.name.name;
                    self.warning("W0601", "unknown-attributes", a.span, format!("unknown attribute `{other}` is ignored"));
                }
            }
        }
        if stage == Stage::Compute && !has_numthreads {
            self.error("E0612", span, format!("compute entry point `{name}` needs a `[numthreads(x, y, z)]` attribute"));
            return;
        }
        let node = match stage {
            Stage::Node => match self.node_entry(f, &mut workgroup_size, has_numthreads) {
                Some(n) => Some(n),
                None => return,
            },
            _ => {
                self.check_non_node_attributes(f);
                None
            }
        };
        self.check_node_calls_stage(f, stage);
        let compute_like = matches!(stage, Stage::Compute | Stage::Mesh | Stage::Amplification | Stage::Node);
        if let (Stage::Mesh | Stage::Amplification, Some(p)) = (stage, self.options.profile) {
            if !p.at_least(6, 5) {
                let what = if stage == Stage::Mesh { "mesh" } else { "amplification" };
                self.error("E0621", span, format!("{what} shaders need shader model 6.5, found {}.{}", p.major, p.minor)).help("compile with a 6.5 profile or later, e.g. `-T ms_6_5`");
                return;
            }
        }
        let (mesh, task_payload) = match stage {
            Stage::Mesh => match self.mesh_entry(f, has_numthreads, workgroup_size) {
                Some(m) => (Some(m), None),
                None => return,
            },
            Stage::Amplification => match self.amplification_entry(f, has_numthreads, workgroup_size) {
                Some(g) => (None, g),
                None => return,
            },
            _ => (None, None),
        };
        let geometry = match stage {
            Stage::Geometry => match self.geometry_entry(f) {
                Some(g) => Some(g),
                None => return,
            },
            _ => None,
        };
        let tessellation = match stage {
            Stage::Hull | Stage::Domain => match self.tessellation_entry(f, stage) {
                Some(t) => Some(t),
                None => return,
            },
            _ => None,
        };
        let reach = reach_summary(self, f);
        self.entry_reach.insert(f, reach.functions.clone());
        self.check_mesh_intrinsics_stage(f, stage, &reach);
        self.check_ray_tracing_stage(f, stage, &reach);
        if !compute_like && has_numthreads {
            self.warning("W0602", "ignored-attributes", span, "`numthreads` is ignored outside compute shaders");
        }
        if early_depth_stencil && stage != Stage::Pixel {
            self.error("E0612", span, "`earlydepthstencil` is only allowed on pixel shaders");
        }
        if self.options.backwards_compatibility {
            self.remap_dx9_semantics(f, stage);
        }
        self.check_entry_semantics(f, stage);
        self.check_stage_operations(f, stage, workgroup_size, &reach);
        if stage == Stage::Node && self.options.target == crate::options::Target::Wgsl {
            self.error("E0610", span, format!("work graph node shaders cannot be expressed in WGSL or naga IR, so `{name}` compiles for SPIR-V only"))
                .help("compile to SPIR-V (`-spirv`): node shaders become `SPV_AMDX_shader_enqueue` compute entry points");
            return;
        }
        self.module.entry_points.push(EntryPoint {
            name: name.clone(),
            function: f,
            stage,
            workgroup_size,
            early_depth_stencil,
            wave_ops_include_helper_lanes,
            group_shared_limit,
            static_samplers,
            mesh,
            task_payload,
            geometry,
            tessellation,
            node,
            span,
        });
    }

    /// A ray-tracing entry point: its signature and the DXR operations it reaches; stage
    /// attributes other than `[shader]` do not apply.
    fn ray_tracing_entry_point(&mut self, f: FuncId, stage: Stage) {
        let info = self.fn_infos[f.0 as usize].clone();
        for a in &info.attrs {
            match a.name.name.to_ascii_lowercase().as_str() {
                "shader" => {}
                // DXC's rule: a ray-tracing pipeline's root signatures are subobjects of its
                // state object.
                "rootsignature" => {
                    self.error("E0612", a.span, "`RootSignature` is not supported on ray-tracing entry points")
                        .help("declare `GlobalRootSignature`/`LocalRootSignature` subobjects for the pipeline's state object instead");
                }
                _ => {
                    self.warning("W0602", "ignored-attributes", a.span, format!("`{}` is ignored on {} shaders", a.name.name, super::ray_tracing::stage_name(stage)));
                }
            }
        }
        if !self.check_ray_tracing_entry(f, stage) {
            return;
        }
        let reach = reach_summary(self, f);
        self.entry_reach.insert(f, reach.functions.clone());
        self.check_ray_tracing_stage(f, stage, &reach);
        self.check_mesh_intrinsics_stage(f, stage, &reach);
        self.check_stage_operations(f, stage, [1; 3], &reach);
        self.module.entry_points.push(EntryPoint {
            name: info.name.clone(),
            function: f,
            stage,
            workgroup_size: [1; 3],
            early_depth_stencil: false,
            wave_ops_include_helper_lanes: false,
            group_shared_limit: None,
            static_samplers: Vec::new(),
            mesh: None,
            task_payload: None,
            geometry: None,
            tessellation: None,
            node: None,
            span: info.span,
        });
    }

    /// `[RootSignature("…")]`: the static samplers (the rest of a root signature describes
    /// D3D12 binding, which WebGPU's bind groups replace). Clauses hlslc cannot read are
    /// reported and ignored.
    fn root_signature(&mut self, a: &ast::Attribute) -> Vec<crate::static_sampler::StaticSampler> {
        let [arg] = a.args.as_slice() else {
            self.warning("W0604", "root-signature", a.span, "`RootSignature` takes one string");
            return Vec::new();
        };
        let ast::ExprKind::Literal(ast::Literal::String(text)) = &arg.kind else {
            self.warning("W0604", "root-signature", arg.span, "`RootSignature` takes a string literal (or a macro naming one)");
            return Vec::new();
        };
        let (samplers, problems) = crate::static_sampler::parse(text);
        for p in problems {
            self.warning("W0604", "root-signature", arg.span, p).help("write it as D3D12's root signature grammar does: `StaticSampler(s0, filter = FILTER_MIN_MAG_MIP_POINT, …)`");
        }
        samplers
    }

    /// Operations that need a pixel shader (derivatives, implicit-LOD sampling, `discard`)
    /// in functions reachable from a vertex or compute entry point.
    fn check_stage_operations(&mut self, f: FuncId, stage: Stage, workgroup_size: [u32; 3], reach: &Reach) {
        use crate::tir::{Intrinsic as I, Method as M};
        self.check_barriers(f, stage);
        if reach.intrinsics.contains(&I::GroupWaveIndex) || reach.intrinsics.contains(&I::GroupWaveCount) {
            self.check_group_wave_intrinsics(f, stage);
        }
        self.check_target_env(f, stage);
        if reach.undefined_callee {
            self.check_called_functions_defined(f);
        }
        let barriers = [I::AllMemoryBarrier, I::DeviceMemoryBarrier, I::GroupMemoryBarrier, I::AllMemoryBarrierWithGroupSync, I::DeviceMemoryBarrierWithGroupSync, I::GroupMemoryBarrierWithGroupSync];
        let has_barrier = barriers.iter().any(|op| reach.intrinsics.contains(op));
        if stage == Stage::Pixel {
            if has_barrier {
                self.check_pixel_barriers(f, stage);
            }
            return;
        }
        let attributes = [I::GetAttributeAtVertex, I::EvaluateAttributeAtSample, I::EvaluateAttributeCentroid, I::EvaluateAttributeSnapped];
        if reach.methods.contains(&M::SubpassLoad) || attributes.iter().any(|op| reach.intrinsics.contains(op)) {
            self.check_pixel_only_calls(f, stage);
        }
        // naga has no barrier in the ray-tracing stages either (DXC's SPIR-V back end writes
        // `OpMemoryBarrier` there; hlslc's marker pass serves vertex and pixel profiles only).
        let ray_tracing = matches!(stage, Stage::RayGeneration | Stage::Intersection | Stage::AnyHit | Stage::ClosestHit | Stage::Miss | Stage::Callable);
        if (stage == Stage::Vertex || ray_tracing) && has_barrier {
            self.check_pixel_barriers(f, stage);
        }
        let pixel_only_intrinsics = [I::Ddx, I::DdxCoarse, I::DdxFine, I::Ddy, I::DdyCoarse, I::DdyFine, I::Fwidth, I::Clip];
        let pixel_only_methods = [M::Sample, M::SampleBias, M::SampleCmp, M::SampleCmpBias, M::CalculateLevelOfDetail, M::CalculateLevelOfDetailUnclamped, M::WriteSamplerFeedback, M::WriteSamplerFeedbackBias];
        if !reach.discard && !pixel_only_intrinsics.iter().any(|op| reach.intrinsics.contains(op)) && !pixel_only_methods.iter().any(|m| reach.methods.contains(m)) {
            return;
        }
        let found: std::cell::RefCell<Vec<(hlslc_grammar::Span, &'static str)>> = Default::default();
        // Branches a constant condition rules out, which DXC removes before it validates
        // the stage (`if (false) { ddx(x); }` in a vertex shader compiles).
        let mut dead = Vec::new();
        walk_reachable_functions(
            self,
            f,
            &mut |e| {
                use crate::tir::{ExprKind, Intrinsic as I, Method as M};
                let what = match &e.kind {
                    ExprKind::Intrinsic { op: I::Ddx | I::DdxCoarse | I::DdxFine | I::Ddy | I::DdyCoarse | I::DdyFine | I::Fwidth, .. } => "derivatives",
                    ExprKind::Intrinsic { op: I::Clip, .. } => "`clip`",
                    ExprKind::Method { method: M::Sample | M::SampleBias | M::SampleCmp | M::SampleCmpBias | M::CalculateLevelOfDetail | M::CalculateLevelOfDetailUnclamped | M::WriteSamplerFeedback | M::WriteSamplerFeedbackBias, .. } => {
                        "sampling with an implicit level of detail"
                    }
                    _ => return,
                };
                found.borrow_mut().push((e.span, what));
            },
            &mut |func| {
                discard_spans(&func.body, &mut found.borrow_mut());
                constant_false_branches(&func.body, &mut dead);
            },
        );
        let mut found = found.into_inner();
        found.retain(|(span, _)| !dead.iter().any(|&(start, end)| start <= span.start && span.end <= end));
        if found.is_empty() {
            return;
        }
        let a_stage_name = super::ray_tracing::a_stage_name(stage);
        // SM 6.6 derivatives and implicit-LOD sampling in compute shaders: SPIR-V's
        // compute-shader derivatives (`passes::compute_derivatives`), on 2x2 quads of the
        // thread group when its X and Y sizes are even, else on groups of 4 consecutive
        // threads. (Mesh and amplification shaders would need `SPV_KHR_compute_shader_derivatives`,
        // which the SPIR-V tools hlslc is validated with do not know yet.)
        let discards = found.iter().any(|(_, w)| *w == "`discard`" || *w == "`clip`");
        if matches!(stage, Stage::Compute | Stage::Node) && !found.is_empty() && !discards && self.options.target == crate::options::Target::SpirV {
            let too_old = self.options.profile.filter(|p| !p.at_least(6, 6));
            let new_enough = too_old.is_none();
            let [x, y, z] = workgroup_size;
            let groups = (x % 2 == 0 && y % 2 == 0) || (x * y * z) % 4 == 0;
            if new_enough && groups {
                return;
            }
            let (span, what) = found[0];
            if let Some(p) = too_old {
                self.error("E0618", span, format!("{what} in a compute shader need shader model 6.6, found {}.{}", p.major, p.minor)).help("compile with `-T cs_6_6` or later");
            } else {
                self.error("E0618", span, format!("{what} in {a_stage_name} shader need a thread group of 2x2 quads (even X and Y sizes) or a multiple of 4 threads, found [{x}, {y}, {z}]"))
                    .help("change `numthreads`, or use `SampleLevel`/`SampleGrad` with explicit values");
            }
            return;
        }
        // What SPIR-V expresses (above) is a target limitation of WGSL, not a misuse.
        let spirv_would_take = stage == Stage::Compute && !found.is_empty() && !discards && self.options.profile.is_none_or(|p| p.at_least(6, 6)) && {
            let [x, y, z] = workgroup_size;
            (x % 2 == 0 && y % 2 == 0) || (x * y * z) % 4 == 0
        };
        if spirv_would_take {
            for (span, what) in found.into_iter().take(4) {
                self.error("E0803", span, format!("{what} in a compute shader cannot be expressed in WGSL or naga IR"))
                    .help("SPIR-V has shader model 6.6 compute derivatives: compile with `-spirv`, or use `SampleLevel`/`SampleGrad` with explicit values");
            }
            return;
        }
        // Derivatives in mesh and amplification shaders are valid (shader model 6.6, and
        // any in DXC's SPIR-V back end), but hlslc has no SPIR-V form for them yet.
        if matches!(stage, Stage::Mesh | Stage::Amplification) && !discards {
            for (span, what) in found.into_iter().take(4) {
                self.error("E0801", span, format!("{what} cannot be compiled for {a_stage_name} shader yet"))
                    .help("use `SampleLevel`/`SampleGrad` with explicit values, or compute the derivative in a compute or pixel shader");
            }
            return;
        }
        for (span, what) in found.into_iter().take(4) {
            let d = self.error("E0618", span, format!("{what} cannot be used in {a_stage_name} shader"));
            if what == "`discard`" || what == "`clip`" {
                d.help("only pixel shaders can discard; return from the entry point early instead");
            } else if matches!(stage, Stage::Compute | Stage::Node) {
                d.help("derivatives in compute shaders need shader model 6.6, a thread group of 2x2 quads or a multiple of 4 threads, and SPIR-V (`-spirv`); use `SampleLevel`/`SampleGrad` with explicit values");
            } else {
                d.help("use `SampleLevel` or `SampleGrad` with an explicit level");
            }
        }
    }

    /// Every function the entry point calls has a body: hlslc compiles one translation unit and
    /// links nothing, so a prototype alone would be an empty function.
    fn check_called_functions_defined(&mut self, f: FuncId) {
        let mut missing: Vec<(FuncId, hlslc_grammar::Span)> = Vec::new();
        walk_reachable(self, f, &mut |e| {
            if let crate::tir::ExprKind::Call { function, .. } = &e.kind {
                missing.push((*function, e.span));
            }
        });
        let mut reported = std::collections::HashSet::new();
        for (callee, span) in missing {
            let info = &self.fn_infos[callee.0 as usize];
            if info.defined || !reported.insert(callee) {
                continue;
            }
            let (name, declared) = (info.name.clone(), info.span);
            let inline_spirv = info.attrs.iter().any(|a| a.namespace.as_ref().is_some_and(|n| n.name == "vk") && a.name.name.starts_with("ext_"));
            let library = self.options.profile.is_some_and(|p| p.stage.is_none());
            if library && !inline_spirv {
                // DXIL libraries call functions other libraries define; the linker joins them.
                self.error("E0803", span, format!("`{name}` is called but defined in no file hlslc reads: a library's call into another library cannot be expressed in a WGSL or SPIR-V module, which are not linked"))
                    .related(declared, "declared here without a body")
                    .help("include the file that defines it");
                continue;
            }
            let d = self.error("E0524", span, format!("`{name}` is called but never defined")).related(declared, "declared here without a body");
            if inline_spirv {
                d.note("DXC's inline SPIR-V (`vk::ext_instruction` …) is not supported by hlslc");
            } else {
                d.help("define the function in this file or an included one (hlslc compiles one translation unit and links nothing)");
            }
        }
    }

    /// A `static` variable's initializer calls only functions this file defines, directly or
    /// through the functions it calls: DXC refuses a call of an external function there in
    /// every profile, libraries included ("Initializer for static global … makes disallowed
    /// call to external function"), used or not.
    pub(super) fn check_static_initializers(&mut self) {
        let mut found: Vec<(String, hlslc_grammar::Span, FuncId, FuncId)> = Vec::new();
        for g in &self.module.globals {
            let crate::tir::GlobalKind::Static { init: Some(init), .. } = &g.kind else { continue };
            let mut calls = Vec::new();
            crate::tir::visit::walk_expr(init, &mut |e| {
                if let crate::tir::ExprKind::Call { function, .. } = &e.kind {
                    calls.push((*function, e.span));
                }
            });
            for (callee, span) in calls {
                let mut undefined = None;
                walk_reachable_functions(self, callee, &mut |e| {
                    if let crate::tir::ExprKind::Call { function, .. } = &e.kind {
                        if !self.fn_infos[function.0 as usize].defined && undefined.is_none() {
                            undefined = Some(*function);
                        }
                    }
                }, &mut |_| {});
                let undefined = if self.fn_infos[callee.0 as usize].defined { undefined } else { Some(callee) };
                if let Some(u) = undefined {
                    found.push((g.name.clone(), span, callee, u));
                }
            }
        }
        for (name, span, callee, undefined) in found {
            let info = &self.fn_infos[undefined.0 as usize];
            let (undefined_name, declared) = (info.name.clone(), info.span);
            let message = if callee == undefined {
                format!("the initializer of static `{name}` calls `{undefined_name}`, which is never defined")
            } else {
                let callee_name = &self.fn_infos[callee.0 as usize].name;
                format!("the initializer of static `{name}` calls `{callee_name}`, which calls `{undefined_name}`, never defined")
            };
            self.error("E0524", span, message)
                .related(declared, "declared here without a body")
                .help("define the function in this file or an included one: a static initializer may not call an external function, even in a library");
        }
    }

    /// `GetGroupWaveIndex`/`GetGroupWaveCount` need a thread group: compute, mesh and
    /// amplification shaders.
    fn check_group_wave_intrinsics(&mut self, f: FuncId, stage: Stage) {
        if matches!(stage, Stage::Compute | Stage::Mesh | Stage::Amplification) {
            return;
        }
        let mut found = Vec::new();
        walk_reachable(self, f, &mut |e| {
            use crate::tir::{ExprKind, Intrinsic as I};
            if let ExprKind::Intrinsic { op: op @ (I::GroupWaveIndex | I::GroupWaveCount), .. } = &e.kind {
                found.push((e.span, *op));
            }
        });
        let a_stage_name = super::ray_tracing::a_stage_name(stage);
        for (span, op) in found.into_iter().take(4) {
            let name = if op == crate::tir::Intrinsic::GroupWaveIndex { "GetGroupWaveIndex" } else { "GetGroupWaveCount" };
            self.error("E0638", span, format!("`{name}` cannot be used in {a_stage_name} shader")).help("call it in compute, mesh or amplification shaders, which have thread groups");
        }
    }

    /// Integer (and `bool`) pixel-shader inputs are not interpolated: for SPIR-V, `linear`,
    /// `centroid`, `noperspective` and `sample` on one are an error (E0668; DXC's SPIR-V rule,
    /// as Vulkan requires flat integer inputs). DXC's DXIL path accepts them and makes the
    /// input constant, as hlslc does for WGSL (where integer inputs are `flat` too).
    fn check_integer_interpolation(&mut self, f: FuncId) {
        let func = &self.module.functions[f.0 as usize];
        let mut found = Vec::new();
        for p in func.params.iter().filter(|p| p.dir != crate::tir::ParamDir::Out) {
            self.integer_interpolation_in(p.ty, &p.interpolation, p.span, &p.name, &mut found, 0);
        }
        for (span, name, modifier) in found {
            self.error("E0668", span, format!("pixel-shader input `{name}` is not a float and cannot be interpolated `{modifier}`"))
                .help("declare it `nointerpolation` (integer inputs take the provoking vertex's value), or make it a float");
        }
    }

    fn integer_interpolation_in(&self, ty: TypeId, interp: &crate::tir::Interpolation, span: Span, name: &str, out: &mut Vec<(Span, String, &'static str)>, depth: u32) {
        if depth > 16 {
            return;
        }
        let modifier = if interp.linear {
            "linear"
        } else if interp.centroid {
            "centroid"
        } else if interp.noperspective {
            "noperspective"
        } else if interp.sample {
            "sample"
        } else {
            ""
        };
        match *self.module.types.get(ty) {
            TypeInner::Struct(st) => {
                for field in &self.module.structs[st.0 as usize].fields {
                    // A modifier on the parameter applies to the fields that have none.
                    let own = &field.interpolation;
                    let any = own.linear || own.centroid || own.noperspective || own.sample || own.nointerpolation;
                    self.integer_interpolation_in(field.ty, if any { own } else { interp }, if any { field.span } else { span }, &field.name, out, depth + 1);
                }
            }
            TypeInner::Array { base, .. } => self.integer_interpolation_in(base, interp, span, name, out, depth + 1),
            _ => {
                let integer = self.module.types.scalar_of(ty).is_some_and(|s| !s.is_float());
                if integer && !modifier.is_empty() && !interp.nointerpolation {
                    out.push((span, name.to_string(), modifier));
                }
            }
        }
    }

    /// `[[vk::stencil_ref_unchanged_front]]`, `…_greater_equal_front`, `…_less_equal_front`
    /// (and the `_back` ones) each give the one stencil-reference relation of a face for
    /// `[[vk::early_and_late_tests]]`: two for one face contradict each other (DXC's rule, E0667).
    fn check_stencil_ref_attributes(&mut self, attrs: &[ast::Attribute]) {
        for face in ["front", "back"] {
            let given: Vec<&ast::Attribute> = attrs
                .iter()
                .filter(|a| a.namespace.as_ref().is_some_and(|n| n.name == "vk"))
                .filter(|a| ["unchanged", "greater_equal", "less_equal"].iter().any(|r| a.name.name == format!("stencil_ref_{r}_{face}")))
                .collect();
            if let [first, second, ..] = given.as_slice() {
                let (first_span, second_span, name) = (first.span, second.span, second.name.name.clone());
                self.error("E0667", second_span, format!("`vk::{name}` contradicts `vk::{}`: a shader gives at most one stencil-reference relation for {face} faces", first.name.name))
                    .related(first_span, "the first one")
                    .help(format!("keep one of `stencil_ref_unchanged_{face}`, `stencil_ref_greater_equal_{face}` and `stencil_ref_less_equal_{face}`"));
            }
        }
    }

    /// What an explicit `-fspv-target-env=` lacks, as DXC's SPIR-V back end requires it: wave
    /// and quad operations need Vulkan 1.1 (SPIR-V 1.3's group operations), ray-tracing stages
    /// Vulkan 1.1 with SPIR-V 1.4 (`SPV_KHR_ray_tracing`; DXC writes `SPV_NV_ray_tracing`
    /// for Vulkan 1.1 when `-fspv-extension=` allows it, and hlslc accepts that too). Mesh
    /// shaders are not checked: DXC writes `SPV_NV_mesh_shader` below SPIR-V 1.4. Without
    /// the flag hlslc's default environment has them all.
    fn check_target_env(&mut self, f: FuncId, stage: Stage) {
        use crate::options::TargetEnv;
        let Some(env) = self.options.target_env.filter(|_| self.options.target == crate::options::Target::SpirV) else { return };
        // The stage's `[shader("…")]` where it is written, else the entry function.
        let info = &self.fn_infos[f.0 as usize];
        let entry_span = info.attrs.iter().find(|a| a.name.name.eq_ignore_ascii_case("shader")).map_or(info.span, |a| a.span);
        let ray_tracing = matches!(stage, Stage::RayGeneration | Stage::Intersection | Stage::AnyHit | Stage::ClosestHit | Stage::Miss | Stage::Callable);
        let nv = self.options.spirv_extensions.iter().any(|e| e == "SPV_NV_ray_tracing");
        if ray_tracing && !nv && env < TargetEnv::Vulkan1_1Spirv1_4 {
            self.target_env_error(entry_span, "ray tracing", TargetEnv::Vulkan1_1Spirv1_4, env);
        }
        if env >= TargetEnv::Vulkan1_1 {
            return;
        }
        let mut found = Vec::new();
        walk_reachable(self, f, &mut |e| {
            use crate::tir::{ExprKind, Intrinsic as I};
            if let ExprKind::Intrinsic { op, .. } = &e.kind {
                let name = match op {
                    I::GroupWaveIndex => "GetGroupWaveIndex".to_string(),
                    I::GroupWaveCount => "GetGroupWaveCount".to_string(),
                    I::WaveGetLaneCount | I::WaveGetLaneIndex | I::WaveIsFirstLane | I::WaveActiveAnyTrue | I::WaveActiveAllTrue | I::WaveActiveAllEqual
                    | I::WaveActiveBallot | I::WaveActiveCountBits | I::WaveActiveSum | I::WaveActiveProduct | I::WaveActiveMin | I::WaveActiveMax
                    | I::WaveActiveBitAnd | I::WaveActiveBitOr | I::WaveActiveBitXor | I::WavePrefixSum | I::WavePrefixProduct | I::WavePrefixCountBits
                    | I::WaveReadLaneAt | I::WaveReadLaneFirst | I::WaveMatch | I::WaveMultiPrefixSum | I::WaveMultiPrefixProduct
                    | I::WaveMultiPrefixCountBits | I::WaveMultiPrefixBitAnd | I::WaveMultiPrefixBitOr | I::WaveMultiPrefixBitXor | I::QuadReadAcrossX
                    | I::QuadReadAcrossY | I::QuadReadAcrossDiagonal | I::QuadReadLaneAt | I::QuadAny | I::QuadAll => format!("{op:?}"),
                    _ => return,
                };
                found.push((e.span, name));
            }
        });
        found.sort_by_key(|(s, _)| (s.start, s.end));
        found.dedup_by_key(|(s, _)| *s);
        for (span, name) in found.into_iter().take(8) {
            self.target_env_error(span, &format!("`{name}` (a wave operation)"), TargetEnv::Vulkan1_1, env);
        }
    }

    fn target_env_error(&mut self, span: hlslc_grammar::Span, what: &str, need: crate::options::TargetEnv, env: crate::options::TargetEnv) {
        self.error("E0662", span, format!("{what} needs {} or later, but `-fspv-target-env={}` was given", need.pretty_name(), env.name()))
            .help(format!("compile with `-fspv-target-env={}` or a later environment", need.name()));
    }

    /// Memory barriers in a pixel, vertex or ray-tracing shader: WGSL and naga IR have barriers
    /// in compute shaders only (DXC accepts `DeviceMemoryBarrier`/`AllMemoryBarrier` without
    /// group sync, and SM 6.8's `Barrier` on UAV memory, there).
    /// For SPIR-V, DXC's `OpMemoryBarrier` expresses the device-memory ones in a vertex or
    /// pixel shader of its own profile (`passes::stage_memory_barrier`).
    fn check_pixel_barriers(&mut self, f: FuncId, stage: Stage) {
        let a_stage = super::ray_tracing::a_stage_name(stage);
        let spirv_device = self.options.target == crate::options::Target::SpirV && matches!(self.options.profile.and_then(|p| p.stage), Some(Stage::Vertex | Stage::Pixel));
        let mut found = Vec::new();
        walk_reachable(self, f, &mut |e| {
            use crate::tir::{ExprKind, Intrinsic as I};
            match &e.kind {
                ExprKind::Intrinsic { op: I::AllMemoryBarrier | I::DeviceMemoryBarrier, .. } if spirv_device => {}
                ExprKind::Intrinsic {
                    op: I::AllMemoryBarrier | I::DeviceMemoryBarrier | I::GroupMemoryBarrier | I::AllMemoryBarrierWithGroupSync | I::DeviceMemoryBarrierWithGroupSync | I::GroupMemoryBarrierWithGroupSync,
                    ..
                } => found.push(e.span),
                _ => {}
            }
        });
        for span in found.into_iter().take(4) {
            self.error("E0803", span, format!("a memory barrier in {a_stage} shader cannot be expressed in WGSL or naga IR"))
                .help(format!("WGSL has barriers in compute shaders only; {a_stage} shader's own reads and writes are already ordered"));
        }
    }

    /// Every entry parameter and the return value need semantics (struct fields recursively),
    /// each semantic at most once per direction. DXC ignores `uniform` on an entry parameter
    /// (FXC's uniform parameters, bound as constants, are gone): it is an input like any
    /// other, which needs its semantic.
    fn check_entry_semantics(&mut self, f: FuncId, stage: Stage) {
        if stage == Stage::Pixel && self.options.target == crate::options::Target::SpirV {
            self.check_integer_interpolation(f);
        }
        // The signature only (the checks below read no statement): cloning the whole entry
        // function, body included, cost more than the checks.
        let func = {
            let g = &self.module.functions[f.0 as usize];
            crate::tir::Function {
                name: g.name.clone(),
                params: g.params.clone(),
                ret: g.ret,
                ret_semantic: g.ret_semantic.clone(),
                ret_precise: g.ret_precise,
                ret_interpolation: g.ret_interpolation,
                locals: Vec::new(),
                body: Vec::new(),
                span: g.span,
                inline_spirv: None,
            }
        };
        let mut inputs: Vec<(String, Span)> = Vec::new();
        let mut outputs: Vec<(String, Span)> = Vec::new();
        // A vertex array (a geometry shader's input primitive, a hull or domain shader's
        // patch) is its own signature, per vertex: its semantics may repeat the others'.
        let mut per_vertex: Vec<(String, Span)> = Vec::new();
        for p in &func.params {
            let mut list = Vec::new();
            // A geometry shader's output stream has no semantic (its vertices' fields have),
            // and its input primitive array is a signature per vertex.
            if let TypeInner::Stream { element, .. } = *self.module.types.get(p.ty) {
                self.collect_semantics(element, None, p.span, &p.name, &mut Vec::new());
                continue;
            }
            // Node inputs and outputs are no stage I/O, and only node shaders have them.
            if matches!(self.module.types.get(p.ty), TypeInner::Node { .. }) {
                if stage != Stage::Node {
                    let t = self.type_name(p.ty);
                    self.error("E0717", p.span, format!("a `{t}` parameter needs a node shader, not {} shader", super::ray_tracing::a_stage_name(stage))).help("declare the function `[Shader(\"node\")]`");
                }
                continue;
            }
            let ty = match (p.primitive, self.module.types.get(p.ty)) {
                (Some(_), &TypeInner::Array { base, .. }) => base,
                _ => p.ty,
            };
            // The mesh modifiers mean nothing outside mesh shaders (lowering reads them only
            // there): elsewhere the parameter is ordinary stage I/O and checked as such.
            match p.mesh.filter(|_| stage == Stage::Mesh) {
                // Mesh outputs: each element's fields need semantics (the vertices and the
                // primitives are separate signatures); indices and payloads have none.
                Some(crate::tir::MeshParam::Vertices | crate::tir::MeshParam::Primitives) => {
                    let elem = match *self.module.types.get(p.ty) {
                        TypeInner::Array { base, .. } => base,
                        _ => p.ty,
                    };
                    self.collect_semantics(elem, p.semantic.as_ref(), p.span, &p.name, &mut Vec::new());
                    continue;
                }
                Some(_) => continue,
                None => {}
            }
            self.collect_semantics(ty, p.semantic.as_ref(), p.span, &p.name, &mut list);
            let target = match p.dir {
                crate::tir::ParamDir::In if p.primitive.is_some() => &mut per_vertex,
                crate::tir::ParamDir::In => &mut inputs,
                crate::tir::ParamDir::Out => &mut outputs,
                crate::tir::ParamDir::InOut => {
                    inputs.extend(list.iter().cloned());
                    &mut outputs
                }
            };
            target.extend(list);
        }
        if func.ret != self.module.types.void() {
            let mut list = Vec::new();
            self.collect_semantics(func.ret, func.ret_semantic.as_ref(), func.span, "return value", &mut list);
            outputs.extend(list);
        }
        self.check_dual_source_blending(&func, stage);
        // Compute-like stages have no input signature: their inputs are system values, which
        // DXC reads once per parameter naming them (naga's HLSL back end writes such repeats).
        let signature_inputs = !matches!(stage, Stage::Compute | Stage::Mesh | Stage::Amplification | Stage::Node);
        for (list, dir) in [(&inputs, "input"), (&per_vertex, "per-vertex input"), (&outputs, "output")] {
            if dir == "input" && !signature_inputs {
                continue;
            }
            for (i, (name, span)) in list.iter().enumerate() {
                if let Some((_, prev)) = list[..i].iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
                    let shown = name.strip_suffix('0').filter(|n| !n.ends_with(|c: char| c.is_ascii_digit())).unwrap_or(name);
                    self.error("E0613", *span, format!("duplicate {dir} semantic `{shown}`"))
                        .related(*prev, "first use")
                        .help("each semantic (name and index) can appear only once among the inputs, and once among the outputs");
                }
            }
        }
    }

    /// Whether entry point `f` outputs a `float4` with semantic `SV_Position` (its return
    /// value, an `out` parameter, or a field of either).
    fn has_position_output(&self, f: FuncId) -> bool {
        fn find(a: &Analyzer<'_>, ty: TypeId, semantic: Option<&Semantic>, depth: u32) -> bool {
            if let Some(s) = semantic {
                let float4 = matches!(a.module.types.get(ty), TypeInner::Vector { scalar, size: 4 } if scalar.kind == crate::ty::ScalarKind::Float);
                return float4 && s.name.eq_ignore_ascii_case("SV_Position");
            }
            match *a.module.types.get(ty) {
                TypeInner::Struct(st) if depth < 16 => a.module.structs[st.0 as usize].fields.iter().any(|fl| find(a, fl.ty, fl.semantic.as_ref(), depth + 1)),
                _ => false,
            }
        }
        let func = &self.module.functions[f.0 as usize];
        find(self, func.ret, func.ret_semantic.as_ref(), 0)
            || func.params.iter().any(|p| p.dir != crate::tir::ParamDir::In && find(self, p.ty, p.semantic.as_ref(), 0))
    }

    /// `[[vk::index(N)]]` (dual-source blending) only on pixel shader outputs (E0742, as DXC),
    /// and there as a pair: sources 0 and 1, both at location 0, with no other colour output
    /// (E0743: what WGSL's `@blend_src` and Vulkan's `dualSrcBlend` allow); `vk::index(0)`
    /// without a source 1 is an ordinary output.
    fn check_dual_source_blending(&mut self, func: &crate::tir::Function, stage: Stage) {
        let mut indices = Vec::new();
        let mut targets = Vec::new();
        for p in &func.params {
            let out = !matches!(p.dir, crate::tir::ParamDir::In);
            self.dual_source_indices(p.ty, p.semantic.as_ref(), out, &mut indices, &mut targets, 0);
        }
        self.dual_source_indices(func.ret, func.ret_semantic.as_ref(), true, &mut indices, &mut targets, 0);
        let Some(&(_, first)) = indices.first() else { return };
        if stage != Stage::Pixel {
            for (_, span) in indices {
                self.error("E0742", span, "`vk::index` is allowed in pixel shaders only")
                    .help("`vk::index` selects the source of dual-source blending, a pixel shader output");
            }
            return;
        }
        let has = |i: u32| indices.iter().filter(|(k, _)| *k == i).count();
        // `vk::index(0)` alone is source 0, the default: an ordinary output, as DXC compiles
        // it (donut's forward pass declares it on its only target when it blends nothing else).
        if has(0) == indices.len() {
            return;
        }
        if has(0) != 1 || has(1) != 1 || indices.len() != 2 || !targets.is_empty() || func.ret_semantic.as_ref().is_some_and(|s| s.vk_index.is_some()) {
            let e = self.error("E0743", first, "dual-source blending needs two outputs of one struct, `vk::index(0)` and `vk::index(1)` at `vk::location(0)`, and no other render target");
            if let Some(&t) = targets.first() {
                e.related(t, "another render target");
            }
            e.help("return a struct with `[[vk::location(0), vk::index(0)]] float4 a : SV_Target0;` and `[[vk::location(0), vk::index(1)]] float4 b : SV_Target1;`");
        }
    }

    /// `[[vk::index(N)]]` on a stage value and its struct fields (`indices`), and the
    /// `SV_Target` outputs without one (`targets`).
    fn dual_source_indices(&self, ty: TypeId, semantic: Option<&Semantic>, out: bool, indices: &mut Vec<(u32, Span)>, targets: &mut Vec<Span>, depth: u32) {
        if let Some(s) = semantic {
            match s.vk_index {
                Some(index) => indices.push(index),
                None if out && s.name.eq_ignore_ascii_case("SV_Target") => targets.push(s.span),
                None => {}
            }
        }
        let ty = match *self.module.types.get(ty) {
            TypeInner::Array { base, .. } => base,
            _ => ty,
        };
        if let (TypeInner::Struct(st), true) = (self.module.types.get(ty), depth < 16) {
            for field in &self.module.structs[st.0 as usize].fields {
                self.dual_source_indices(field.ty, field.semantic.as_ref(), out, indices, targets, depth + 1);
            }
        }
    }

    /// Whether a field of struct type `ty` (or of its nested structs) carries
    /// `vk::location` or `vk::builtin`.
    fn has_vk_location(&self, ty: TypeId, depth: u32) -> bool {
        let ty = match *self.module.types.get(ty) {
            TypeInner::Array { base, .. } => base,
            _ => ty,
        };
        let TypeInner::Struct(st) = *self.module.types.get(ty) else { return false };
        depth < 16
            && self.module.structs[st.0 as usize].fields.iter().any(|f| f.semantic.as_ref().is_some_and(|s| s.vk_location.is_some() || s.vk_builtin.is_some()) || self.has_vk_location(f.ty, depth + 1))
    }

    /// Collects `NAME<index>` strings for a value and its struct fields; reports values that
    /// have none.
    fn collect_semantics(&mut self, ty: TypeId, semantic: Option<&Semantic>, span: Span, what: &str, out: &mut Vec<(String, Span)>) {
        if let Some(s) = semantic {
            // A semantic on a struct covers its fields with consecutive indices.
            if let TypeInner::Struct(st) = *self.module.types.get(ty) {
                let fields = self.module.structs[st.0 as usize].fields.clone();
                let start = out.len();
                for field in fields {
                    let k = (out.len() - start) as u32;
                    let fs = Semantic { index: s.index + k, ..s.clone() };
                    self.collect_semantics(field.ty, Some(&fs), field.span, &field.name, out);
                }
                return;
            }
            // An array of matrices, structs or arrays: each element takes the next indices.
            if let TypeInner::Array { base, size: Some(n) } = *self.module.types.get(ty) {
                let upper = s.name.to_ascii_uppercase();
                if (!upper.starts_with("SV_") || upper == "SV_TARGET") && !matches!(self.module.types.get(base), TypeInner::Scalar(_) | TypeInner::Vector { .. }) {
                    let start = out.len();
                    for _ in 0..n {
                        let k = (out.len() - start) as u32;
                        let es = Semantic { index: s.index + k, ..s.clone() };
                        self.collect_semantics(base, Some(&es), span, what, out);
                    }
                    return;
                }
            }
            // A matrix or an array takes consecutive indices, but only the semantic as written
            // must be unique: DXC's SPIR-V back end accepts `float4x4 v : MATRIX0` beside
            // `float4x4 p : MATRIX1` (each gets its own locations, in declaration order), as
            // Vulkan samples rely on.
            out.push((format!("{}{}", s.name, s.index), s.span));
            return;
        }
        match *self.module.types.get(ty) {
            TypeInner::Struct(st) => {
                let fields = self.module.structs[st.0 as usize].fields.clone();
                for field in fields {
                    self.collect_semantics(field.ty, field.semantic.as_ref(), field.span, &field.name, out);
                }
            }
            // An array of structs: each field's semantic covers the elements with consecutive
            // indices (DXC makes each field an array; lowering's `collect_leaves` too). System
            // values and `vk::location`s in such arrays are not supported yet.
            TypeInner::Array { base, size: Some(n) } if matches!(self.module.types.get(base), TypeInner::Struct(_)) => {
                let mut element = Vec::new();
                self.collect_semantics(base, None, span, what, &mut element);
                if let Some((name, at)) = element.iter().find(|(name, _)| name.to_ascii_uppercase().starts_with("SV_")) {
                    let name = name.trim_end_matches(|c: char| c.is_ascii_digit());
                    self.error("E0801", *at, format!("the system value `{name}` in an array of structs of the entry point is not supported yet"))
                        .help("pass the system value as a parameter of its own");
                    return;
                }
                if self.has_vk_location(base, 0) {
                    self.error("E0801", span, format!("`vk::location` on fields of `{what}`, an array of structs of the entry point, is not supported yet"))
                        .help("let the locations follow the declaration order, or pass the fields as parameters of their own");
                    return;
                }
                let split = |s: &str| {
                    let digits = s.len() - s.bytes().rev().take_while(u8::is_ascii_digit).count();
                    (s[..digits].to_ascii_uppercase(), s[digits..].parse::<u32>().unwrap_or(0))
                };
                for (text, at) in &element {
                    let (name, index) = split(text);
                    let per_element = element.iter().filter(|(t, _)| split(t).0 == name).count() as u32;
                    for i in 0..n {
                        out.push((format!("{name}{}", index + i * per_element), *at));
                    }
                }
            }
            _ => {
                self.error("E0614", span, format!("`{what}` of the entry point has no semantic"))
                    .help("add a semantic such as `: TEXCOORD0` or `: SV_Position`");
            }
        }
    }
}

/// Spans of `discard` statements.
fn discard_spans(stmts: &[crate::tir::Stmt], out: &mut Vec<(hlslc_grammar::Span, &'static str)>) {
    use crate::tir::StmtKind as S;
    for s in stmts {
        match &s.kind {
            S::Discard => out.push((s.span, "`discard`")),
            S::Block(b) => discard_spans(b, out),
            S::If { accept, reject, .. } => {
                discard_spans(accept, out);
                discard_spans(reject, out);
            }
            S::Loop { body, step, .. } => {
                discard_spans(body, out);
                discard_spans(step, out);
            }
            S::Switch { cases, .. } => cases.iter().for_each(|c| discard_spans(&c.body, out)),
            _ => {}
        }
    }
}

fn stage_from_name(s: &str) -> Option<Stage> {
    Some(match s.to_ascii_lowercase().as_str() {
        "vertex" => Stage::Vertex,
        "pixel" => Stage::Pixel,
        "compute" => Stage::Compute,
        "geometry" => Stage::Geometry,
        "hull" => Stage::Hull,
        "domain" => Stage::Domain,
        "mesh" => Stage::Mesh,
        "amplification" => Stage::Amplification,
        "raygeneration" => Stage::RayGeneration,
        "intersection" => Stage::Intersection,
        "anyhit" => Stage::AnyHit,
        "closesthit" => Stage::ClosestHit,
        "miss" => Stage::Miss,
        "callable" => Stage::Callable,
        "node" => Stage::Node,
        _ => return None,
    })
}

/// Visits every expression of `f` and of the functions it reaches, each function once (a
/// call is visited after its callee is queued).
impl Analyzer<'_> {
    /// `SubpassLoad` (a Vulkan input attachment read at the pixel's position),
    /// `GetAttributeAtVertex` and `EvaluateAttribute*` in a function reachable from an entry point of another stage
    /// than pixel: an error at each such call, as DXC reports it.
    fn check_pixel_only_calls(&mut self, f: FuncId, stage: Stage) {
        let (mut loads, mut attributes) = (Vec::new(), Vec::new());
        walk_reachable(self, f, &mut |e| match &e.kind {
            crate::tir::ExprKind::Method { method: crate::tir::Method::SubpassLoad, .. } => loads.push(e.span),
            crate::tir::ExprKind::Intrinsic { op: crate::tir::Intrinsic::GetAttributeAtVertex, .. } => attributes.push((e.span, "GetAttributeAtVertex")),
            crate::tir::ExprKind::Intrinsic { op: crate::tir::Intrinsic::EvaluateAttributeAtSample, .. } => attributes.push((e.span, "EvaluateAttributeAtSample")),
            crate::tir::ExprKind::Intrinsic { op: crate::tir::Intrinsic::EvaluateAttributeCentroid, .. } => attributes.push((e.span, "EvaluateAttributeCentroid")),
            crate::tir::ExprKind::Intrinsic { op: crate::tir::Intrinsic::EvaluateAttributeSnapped, .. } => attributes.push((e.span, "EvaluateAttributeSnapped")),
            _ => {}
        });
        let a_stage_name = super::ray_tracing::a_stage_name(stage);
        for span in loads {
            self.error("E0690", span, format!("`SubpassInput` is read in {a_stage_name} shader, but input attachments exist only in pixel shaders"))
                .help("read the attachment in the pixel shader, or bind it as a `Texture2D` and `Load` it");
        }
        for (span, name) in attributes {
            if name == "GetAttributeAtVertex" {
                self.error("E0692", span, format!("`GetAttributeAtVertex` is called in {a_stage_name} shader, but per-vertex attributes exist only in pixel shaders"))
                    .help("call it in the pixel shader, on one of its `nointerpolation` inputs");
            } else {
                self.error("E0692", span, format!("`{name}` is called in {a_stage_name} shader, but attributes are interpolated only in pixel shaders"))
                    .help("call it in the pixel shader, on one of its inputs");
            }
        }
    }
}

/// What the functions an entry point reaches hold, from one walk: the checks of the entry
/// point look for operations most shaders never use, and skip their own walk (which finds
/// the spans to report) when the operation is not there.
pub(super) struct Reach {
    pub intrinsics: rustc_hash::FxHashSet<crate::tir::Intrinsic>,
    pub methods: rustc_hash::FxHashSet<crate::tir::Method>,
    /// A function without a body is called.
    pub undefined_callee: bool,
    /// A `discard` statement is there.
    pub discard: bool,
    /// The functions reached (the entry point included).
    pub functions: rustc_hash::FxHashSet<FuncId>,
}

pub(super) fn reach_summary(a: &Analyzer<'_>, f: FuncId) -> Reach {
    let mut reach = Reach { intrinsics: Default::default(), methods: Default::default(), undefined_callee: false, discard: false, functions: Default::default() };
    let mut discards = Vec::new();
    reach.functions = walk_reachable_functions(
        a,
        f,
        &mut |e| match &e.kind {
            crate::tir::ExprKind::Intrinsic { op, .. } => {
                reach.intrinsics.insert(*op);
            }
            crate::tir::ExprKind::Method { method, .. } => {
                reach.methods.insert(*method);
            }
            crate::tir::ExprKind::Call { function, .. } => reach.undefined_callee |= !a.fn_infos[function.0 as usize].defined,
            _ => {}
        },
        &mut |func| {
            if !reach.discard {
                discard_spans(&func.body, &mut discards);
                reach.discard = !discards.is_empty();
            }
        },
    );
    reach
}

pub(super) fn walk_reachable(a: &Analyzer<'_>, f: FuncId, visit: &mut dyn FnMut(&crate::tir::Expr)) {
    walk_reachable_functions(a, f, visit, &mut |_| {});
}

/// As [`walk_reachable`], and `visit_function` with each function after its expressions (for
/// checks that also read statements); returns the functions reached.
/// (Generic, so that `reach_summary`'s callbacks, run on every expression, are compiled into
/// its walk.)
pub(super) fn walk_reachable_functions<V, W>(a: &Analyzer<'_>, f: FuncId, visit: &mut V, visit_function: &mut W) -> rustc_hash::FxHashSet<FuncId>
where
    V: FnMut(&crate::tir::Expr) + ?Sized,
    W: FnMut(&crate::tir::Function) + ?Sized,
{
    let mut seen = rustc_hash::FxHashSet::default();
    let mut stack = vec![f];
    while let Some(g) = stack.pop() {
        if !seen.insert(g) {
            continue;
        }
        let func = &a.module.functions[g.0 as usize];
        crate::tir::visit::walk_function(func, &mut |e| {
            if let crate::tir::ExprKind::Call { function, .. } = &e.kind {
                stack.push(*function);
            }
            visit(e);
        });
        visit_function(func);
    }
    seen
}

/// The source ranges of the `if` branches a constant condition rules out (`if (false)`),
/// which lowering leaves out (`lower::function`), as DXC removes them before it validates
/// a stage.
fn constant_false_branches(stmts: &[crate::tir::Stmt], out: &mut Vec<(u32, u32)>) {
    use crate::tir::{ConstValue, ExprKind, StmtKind};
    let range = |b: &[crate::tir::Stmt]| -> Option<(u32, u32)> {
        let spans: Vec<hlslc_grammar::Span> = b.iter().map(|s| s.span).filter(|s| !s.is_undefined()).collect();
        Some((spans.iter().map(|s| s.start).min()?, spans.iter().map(|s| s.end).max()?))
    };
    for s in stmts {
        match &s.kind {
            StmtKind::If { cond, accept, reject } => {
                match cond.kind {
                    ExprKind::Const(ConstValue::Bool(false)) => out.extend(range(accept)),
                    ExprKind::Const(ConstValue::Bool(true)) => out.extend(range(reject)),
                    _ => {}
                }
                constant_false_branches(accept, out);
                constant_false_branches(reject, out);
            }
            StmtKind::Block(b) => constant_false_branches(b, out),
            StmtKind::Loop { body, step, .. } => {
                constant_false_branches(body, out);
                constant_false_branches(step, out);
            }
            StmtKind::Switch { cases, .. } => cases.iter().for_each(|c| constant_false_branches(&c.body, out)),
            _ => {}
        }
    }
}

/// The spans of the intrinsic calls in the functions `f` reaches (itself included).
pub(super) fn reachable_intrinsic_spans(a: &Analyzer<'_>, f: FuncId) -> std::collections::HashSet<hlslc_grammar::Span> {
    let mut spans = std::collections::HashSet::new();
    walk_reachable(a, f, &mut |e| {
        if matches!(e.kind, crate::tir::ExprKind::Intrinsic { .. } | crate::tir::ExprKind::Sequence(_)) {
            spans.insert(e.span);
        }
    });
    spans
}
