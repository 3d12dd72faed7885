//! Entry points: choosing them, checking their stage attributes and semantics.
//!
//! With a stage profile (`-T ps_6_0`) the entry point is the function named by `-E` (default
//! `main`). With a library profile (`-T lib_6_3`, or no profile) every function with a
//! `[shader("…")]` attribute is an entry point. Stages wgpu cannot run (geometry, hull,
//! domain, ray tracing …) are reported with the stage named.

use super::Analyzer;
use crate::tir::{EntryPoint, FuncId, Semantic, Stage};
use crate::ty::{TypeId, TypeInner};
use hlslc_grammar::ast;
use hlslc_grammar::Span;

impl Analyzer<'_> {
    pub(crate) fn finish_entry_points(&mut self) {
        self.check_recursion();
        let entries: Vec<(FuncId, Stage)> = match self.options.profile.and_then(|p| p.stage) {
            Some(stage) => {
                let name = self.options.entry_point.clone();
                let found: Vec<FuncId> = (0..self.fn_infos.len())
                    .filter(|&i| self.fn_infos[i].name == name && self.fn_infos[i].method_of.is_none() && self.fn_infos[i].defined)
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
                    [f] => vec![(*f, stage)],
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
                    for a in &attrs {
                        if a.name.name != "shader" {
                            continue;
                        }
                        let Some(ast::Expr { kind: ast::ExprKind::Literal(ast::Literal::String(s)), .. }) = a.args.first() else {
                            self.error("E0609", a.span, "`shader` takes the stage name as a string, e.g. `[shader(\"pixel\")]`");
                            continue;
                        };
                        match stage_from_name(s) {
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
                    }
                    return;
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
        let stage_error = |a: &mut Self, what: &str| {
            a.error("E0610", span, format!("{what} shaders cannot be expressed in WGSL or naga IR, so wgpu cannot run `{name}`"))
                .help("hlslc supports vertex, pixel and compute shaders");
        };
        match stage {
            Stage::Vertex | Stage::Pixel | Stage::Compute => {}
            Stage::Geometry => return stage_error(self, "geometry"),
            Stage::Hull => return stage_error(self, "hull"),
            Stage::Domain => return stage_error(self, "domain"),
            Stage::Mesh => return stage_error(self, "mesh"),
            Stage::Amplification => return stage_error(self, "amplification"),
            Stage::Node => return stage_error(self, "work graph node"),
            _ => return stage_error(self, "ray tracing"),
        }
        let mut workgroup_size = [1u32; 3];
        let mut early_depth_stencil = false;
        let mut wave_ops_include_helper_lanes = false;
        let mut has_numthreads = false;
        let mut static_samplers = Vec::new();
        for a in &info.attrs {
            match a.name.name.as_str() {
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
                "WaveOpsIncludeHelperLanes" => wave_ops_include_helper_lanes = true,
                "RootSignature" => static_samplers = self.root_signature(a),
                "WaveSize" => {
                    if stage != Stage::Compute {
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
                other => {
                    self.warning("W0601", "unknown-attributes", a.span, format!("unknown attribute `{other}` is ignored"));
                }
            }
        }
        if stage == Stage::Compute && !has_numthreads {
            self.error("E0612", span, format!("compute entry point `{name}` needs a `[numthreads(x, y, z)]` attribute"));
            return;
        }
        if stage != Stage::Compute && has_numthreads {
            self.warning("W0602", "ignored-attributes", span, "`numthreads` is ignored outside compute shaders");
        }
        if early_depth_stencil && stage != Stage::Pixel {
            self.error("E0612", span, "`earlydepthstencil` is only allowed on pixel shaders");
        }
        if self.options.backwards_compatibility {
            self.remap_dx9_semantics(f, stage);
        }
        self.check_entry_semantics(f, stage);
        self.check_stage_operations(f, stage);
        self.module.entry_points.push(EntryPoint {
            name: name.clone(),
            function: f,
            stage,
            workgroup_size,
            early_depth_stencil,
            wave_ops_include_helper_lanes,
            static_samplers,
            span,
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
    fn check_stage_operations(&mut self, f: FuncId, stage: Stage) {
        if stage == Stage::Pixel {
            return;
        }
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![f];
        let mut found: Vec<(hlslc_grammar::Span, &'static str)> = Vec::new();
        while let Some(g) = stack.pop() {
            if !seen.insert(g) {
                continue;
            }
            let func = &self.module.functions[g.0 as usize];
            crate::lower::walk_function(func, &mut |e| {
                use crate::tir::{ExprKind, Intrinsic as I, Method as M};
                match &e.kind {
                    ExprKind::Call { function, .. } => stack.push(*function),
                    ExprKind::Intrinsic { op: I::Ddx | I::DdxCoarse | I::DdxFine | I::Ddy | I::DdyCoarse | I::DdyFine | I::Fwidth, .. } => {
                        found.push((e.span, "derivatives"))
                    }
                    ExprKind::Intrinsic { op: I::Clip, .. } => found.push((e.span, "`clip`")),
                    ExprKind::Method { method: M::Sample | M::SampleBias | M::SampleCmp | M::SampleCmpBias | M::CalculateLevelOfDetail | M::CalculateLevelOfDetailUnclamped, .. } => {
                        found.push((e.span, "sampling with an implicit level of detail"))
                    }
                    _ => {}
                }
            });
            discard_spans(&func.body, &mut found);
        }
        let stage_name = if stage == Stage::Vertex { "vertex" } else { "compute" };
        for (span, what) in found.into_iter().take(4) {
            let d = self.error("E0618", span, format!("{what} cannot be used in a {stage_name} shader"));
            if stage == Stage::Compute {
                d.help("shader model 6.6 compute derivatives cannot be expressed in WGSL or naga IR; use `SampleLevel`/`SampleGrad` with explicit values");
            } else {
                d.help("use `SampleLevel` or `SampleGrad` with an explicit level");
            }
        }
    }

    /// Every entry parameter and the return value need semantics (struct fields recursively),
    /// each semantic at most once per direction; `uniform` parameters are rejected.
    fn check_entry_semantics(&mut self, f: FuncId, stage: Stage) {
        let func = self.module.functions[f.0 as usize].clone();
        let mut inputs: Vec<(String, Span)> = Vec::new();
        let mut outputs: Vec<(String, Span)> = Vec::new();
        for (i, p) in func.params.iter().enumerate() {
            if self.fn_infos[f.0 as usize].params.get(i).is_some_and(|p| p.uniform) {
                self.error("E0620", p.span, format!("uniform entry-point parameter `{}` is not supported", p.name))
                    .help(format!("declare `{}` as a global variable instead (it becomes a member of `$Globals`)", p.name))
                    .note("FXC's uniform parameters were removed in DXC");
                continue;
            }
            let mut list = Vec::new();
            self.collect_semantics(p.ty, p.semantic.as_ref(), p.span, &p.name, &mut list);
            let target = match p.dir {
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
        for (list, dir) in [(&inputs, "input"), (&outputs, "output")] {
            for (i, (name, span)) in list.iter().enumerate() {
                if let Some((_, prev)) = list[..i].iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
                    let shown = name.strip_suffix('0').filter(|n| !n.ends_with(|c: char| c.is_ascii_digit())).unwrap_or(name);
                    self.error("E0613", *span, format!("duplicate {dir} semantic `{shown}`"))
                        .related(*prev, "first use")
                        .help("each semantic (name and index) can appear only once among the inputs, and once among the outputs");
                }
            }
        }
        let _ = stage;
    }

    /// Collects `NAME<index>` strings for a value and its struct fields; reports values that
    /// have none.
    fn collect_semantics(&mut self, ty: TypeId, semantic: Option<&Semantic>, span: Span, what: &str, out: &mut Vec<(String, Span)>) {
        if let Some(s) = semantic {
            // A semantic on an array covers consecutive indices.
            let count = match *self.module.types.get(ty) {
                TypeInner::Array { size: Some(n), .. } => n,
                _ => 1,
            };
            for i in 0..count {
                out.push((format!("{}{}", s.name, s.index + i), s.span));
            }
            return;
        }
        match *self.module.types.get(ty) {
            TypeInner::Struct(st) => {
                let fields = self.module.structs[st.0 as usize].fields.clone();
                for field in fields {
                    self.collect_semantics(field.ty, field.semantic.as_ref(), field.span, &field.name, out);
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
