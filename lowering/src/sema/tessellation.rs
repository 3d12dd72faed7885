//! Hull and domain shaders: patch types and the entry-point attributes.
//!
//! `InputPatch<T, N>` and `OutputPatch<T, N>` are arrays of `N` control points of type `T`
//! (as in DXC's SPIR-V back end); a parameter declared with one is marked
//! [`InputPrimitive::InputPatch`]/[`InputPrimitive::OutputPatch`] so that lowering gives it
//! per-vertex stage I/O. A hull entry point needs `[outputtopology]`, `[outputcontrolpoints]`
//! and `[patchconstantfunc]` (the function must exist; `[domain]` and `[partitioning]` give
//! execution modes when present, as in DXC), reads
//! `SV_OutputControlPointID`, and its patch-constant function's `InputPatch` has its size; a
//! domain entry point needs `[domain]`. naga IR and WGSL have no tessellation stages:
//! only the SPIR-V target compiles them (see `lower::tessellation`); the WGSL target reports
//! the stage with E0610 after these checks.
//!
//! The hull-shader helpers `Process{Tri,Quad,2DQuad}TessFactors{Avg,Max,Min}` and
//! `ProcessIsolineTessFactors` take the partitioning of the hull entry point being compiled
//! (its `[partitioning]`), as DXC does; lowering expands them (`lower::tess_factors`).

use super::Analyzer;
use super::expr::Operand;
use crate::tir::{Arg, Expr, ExprKind, FuncId, HullInfo, InputPrimitive, Intrinsic, Partitioning, Stage, TessDomain, TessFactorCombine, TessFactorPatch, TessFactors, TessTopology, TessellationInfo};
use crate::ty::Scalar;
use crate::ty::{TypeId, TypeInner};
use hlslc_grammar::ast;
use hlslc_grammar::Span;

/// The patch kind of a parameter written `InputPatch<…>`/`OutputPatch<…>`.
pub(super) fn patch_of(ty: &ast::TypeSpec) -> Option<InputPrimitive> {
    let ast::TypeKind::Named(path) = &ty.kind else { return None };
    match path.segments.last()?.ident.name.as_str() {
        "InputPatch" => Some(InputPrimitive::InputPatch),
        "OutputPatch" => Some(InputPrimitive::OutputPatch),
        _ => None,
    }
}

/// The most control points a patch has (D3D's and Vulkan's `maxTessellationPatchSize`
/// minimum).
const MAX_CONTROL_POINTS: i64 = 32;

impl Analyzer<'_> {
    /// `InputPatch<T, N>` / `OutputPatch<T, N>`: `T[N]`.
    pub(super) fn patch_type(&mut self, name: &str, args: Option<&[ast::TemplateArg]>, span: Span) -> Option<TypeId> {
        let [elem, count] = args.unwrap_or_default() else {
            self.error("E0403", span, format!("`{name}` takes two template arguments: the control-point type and their count")).help(format!("write `{name}<ControlPoint, 3>`"));
            return None;
        };
        let element = self.template_type_arg(elem, span)?;
        let n = self.template_int_arg(count)?;
        if n < 1 {
            self.error("E0628", span, format!("{name} element count must be greater than 0"));
            return None;
        }
        if n > MAX_CONTROL_POINTS {
            self.error("E0628", span, format!("a patch has at most {MAX_CONTROL_POINTS} control points, found {n}"));
            return None;
        }
        Some(self.module.types.insert(TypeInner::Array { base: element, size: Some(n as u32) }))
    }

    /// The attributes of a hull or domain entry point; `None` after reporting.
    pub(super) fn tessellation_entry(&mut self, f: FuncId, stage: Stage) -> Option<TessellationInfo> {
        let info = self.fn_infos[f.0 as usize].clone();
        let (span, name) = (info.span, info.name.clone());
        let what = if stage == Stage::Hull { "hull" } else { "domain" };
        let errors = self.diags.iter().filter(|d| d.is_error()).count();
        let (mut domain, mut partitioning, mut topology, mut control_points, mut patch_constant) = (None, None, None, None, None);
        for a in &info.attrs {
            let attr = a.name.name.to_ascii_lowercase();
            let string = |a: &ast::Attribute| match a.args.first() {
                Some(ast::Expr { kind: ast::ExprKind::Literal(ast::Literal::String(s)), .. }) => Some(s.clone()),
                _ => None,
            };
            match attr.as_str() {
                "domain" => match string(a).as_deref() {
                    Some("tri") => domain = Some(TessDomain::Tri),
                    Some("quad") => domain = Some(TessDomain::Quad),
                    Some("isoline") => domain = Some(TessDomain::Isoline),
                    _ => {
                        self.error("E0628", a.span, "`domain` must be \"tri\", \"quad\" or \"isoline\"");
                    }
                },
                "partitioning" if stage == Stage::Hull => match string(a).as_deref() {
                    Some("integer") => partitioning = Some(Partitioning::Integer),
                    Some("fractional_even") => partitioning = Some(Partitioning::FractionalEven),
                    Some("fractional_odd") => partitioning = Some(Partitioning::FractionalOdd),
                    Some("pow2") => {
                        self.error("E0629", a.span, "the `pow2` partitioning has no SPIR-V equivalent").help("use \"integer\", \"fractional_even\" or \"fractional_odd\" (DXC's SPIR-V back end has no `pow2` either)");
                    }
                    _ => {
                        self.error("E0628", a.span, "`partitioning` must be \"integer\", \"fractional_even\", \"fractional_odd\" or \"pow2\"");
                    }
                },
                "outputtopology" if stage == Stage::Hull => match string(a).as_deref() {
                    Some("point") => topology = Some(TessTopology::Point),
                    Some("line") => topology = Some(TessTopology::Line),
                    Some("triangle_cw") => topology = Some(TessTopology::TriangleCw),
                    Some("triangle_ccw") => topology = Some(TessTopology::TriangleCcw),
                    _ => {
                        self.error("E0628", a.span, "a hull shader's `outputtopology` must be \"point\", \"line\", \"triangle_cw\" or \"triangle_ccw\"");
                    }
                },
                "outputcontrolpoints" if stage == Stage::Hull => {
                    let Some(arg) = a.args.first() else {
                        self.error("E0628", a.span, "`outputcontrolpoints` takes the number of control points");
                        continue;
                    };
                    match self.const_int(arg) {
                        Some(n) if (0..=MAX_CONTROL_POINTS).contains(&n) => control_points = Some(n as u32),
                        Some(n) => {
                            self.error("E0628", arg.span, format!("`outputcontrolpoints` must be between 0 and {MAX_CONTROL_POINTS}, found {n}"));
                        }
                        None => {}
                    }
                }
                "patchconstantfunc" if stage == Stage::Hull => {
                    let Some(pcf) = string(a) else {
                        self.error("E0628", a.span, "`patchconstantfunc` takes the function's name as a string");
                        continue;
                    };
                    // Of several functions of that name DXC takes the last one declared that
                    // can be one (it outputs `SV_TessFactor`), with a warning (DXIL's back end).
                    let mut candidates: Vec<usize> = (0..self.fn_infos.len()).filter(|&i| self.fn_infos[i].name == pcf && self.fn_infos[i].method_of.is_none() && self.fn_infos[i].defined).collect();
                    if candidates.len() > 1 {
                        let structural: Vec<usize> = candidates.iter().copied().filter(|&i| self.outputs_tess_factor(FuncId(i as u32))).collect();
                        if !structural.is_empty() {
                            candidates = structural;
                        }
                    }
                    let found = candidates.last().copied();
                    if let (true, Some(&last)) = (candidates.len() > 1, candidates.last()) {
                        let chosen = self.module.functions[last].span;
                        self.warning("W0606", "patch-constant-overloads", a.span, format!("`{pcf}` has {} overloads; the patch-constant function is the last one declared that outputs `SV_TessFactor`", candidates.len()))
                            .related(chosen, "this overload is used");
                    }
                    match found {
                        Some(i) => patch_constant = Some(FuncId(i as u32)),
                        // A function whose declaration failed was reported already.
                        None if self.fn_infos.iter().any(|f| f.name == pcf) || self.diags.iter().any(|d| d.is_error()) => {}
                        None => {
                            self.error("E0628", a.span, format!("patch constant function `{pcf}` is not defined")).help("define the function that computes the patch's tessellation factors");
                        }
                    }
                }
                _ => {}
            }
        }
        let missing = |a: &mut Self, attr: &str, example: &str| {
            a.error("E0628", span, format!("{what} entry point `{name}` must have a valid {attr} attribute")).help(format!("add `[{attr}({example})]`"));
        };
        // A hull shader without `[domain]` or `[partitioning]` compiles in DXC's SPIR-V back
        // end (the domain shader gives the domain; the modes are left out).
        if stage == Stage::Domain && domain.is_none() && !info.attrs.iter().any(|a| a.name.name.eq_ignore_ascii_case("domain")) {
            missing(self, "domain", "\"tri\"");
        }
        if stage == Stage::Hull {
            for (attr, example, present) in [
                ("outputtopology", "\"triangle_cw\"", topology.is_some()),
                ("outputcontrolpoints", "3", control_points.is_some()),
                ("patchconstantfunc", "\"PatchConstants\"", patch_constant.is_some()),
            ] {
                if !present && !info.attrs.iter().any(|a| a.name.name.eq_ignore_ascii_case(attr)) {
                    missing(self, attr, example);
                }
            }
        }
        if self.diags.iter().filter(|d| d.is_error()).count() != errors {
            return None;
        }
        // The hull shader and its patch-constant function run separately: neither may call
        // the other, directly or not (DXC's Sema).
        if let (Stage::Hull, Some(pcf)) = (stage, patch_constant.filter(|&p| p != f)) {
            let entry_name = self.module.functions[f.0 as usize].name.clone();
            let pcf_name = self.module.functions[pcf.0 as usize].name.clone();
            let at = info.attrs.iter().find(|a| a.name.name.eq_ignore_ascii_case("patchconstantfunc")).map_or(span, |a| a.span);
            for (from, to, message) in [
                (pcf, f, format!("hull shader `{entry_name}` is called from its patch-constant function `{pcf_name}`")),
                (f, pcf, format!("patch-constant function `{pcf_name}` is called from its hull shader `{entry_name}`")),
            ] {
                if let Some(call) = self.call_reaching(from, to) {
                    self.error("E0744", call, message)
                        .related(at, "the patch-constant function is named here")
                        .help("the hull shader and its patch-constant function run as separate stages: move the shared code into a function both call");
                }
            }
        }
        if self.options.target == crate::options::Target::Wgsl {
            self.error("E0610", span, format!("{what} shaders cannot be expressed in WGSL, so `{name}` compiles for SPIR-V only"))
                .help("compile for Vulkan with the SPIR-V target (`-spirv`)");
            return None;
        }
        // DXC's SPIR-V back end's rules (DXIL takes these shaders).
        if let (Stage::Hull, Some(pcf)) = (stage, patch_constant) {
            self.check_hull_signatures(f, pcf);
            if self.diags.iter().filter(|d| d.is_error()).count() != errors {
                return None;
            }
        }
        let hull = match stage {
            Stage::Hull => Some(HullInfo { partitioning, topology: topology?, control_points: control_points?, patch_constant: patch_constant? }),
            _ => None,
        };
        Some(TessellationInfo { domain, hull })
    }

    /// Whether function `f` outputs `SV_TessFactor` (its return value or an `out` parameter,
    /// struct members included): what makes it a patch-constant function in DXC.
    fn outputs_tess_factor(&self, f: FuncId) -> bool {
        fn is_tess_factor(s: &Option<crate::tir::Semantic>) -> bool {
            s.as_ref().is_some_and(|s| s.name.eq_ignore_ascii_case("SV_TessFactor"))
        }
        fn in_type(a: &Analyzer<'_>, ty: crate::ty::TypeId, depth: u32) -> bool {
            match *a.module.types.get(ty) {
                crate::ty::TypeInner::Struct(st) if depth < 16 => a.module.structs[st.0 as usize].fields.iter().any(|f| is_tess_factor(&f.semantic) || in_type(a, f.ty, depth + 1)),
                crate::ty::TypeInner::Array { base, .. } => in_type(a, base, depth),
                _ => false,
            }
        }
        let func = &self.module.functions[f.0 as usize];
        is_tess_factor(&func.ret_semantic)
            || in_type(self, func.ret, 0)
            || func.params.iter().any(|p| p.dir != crate::tir::ParamDir::In && (is_tess_factor(&p.semantic) || in_type(self, p.ty, 0)))
    }

    /// The span of a call into `to` in a function `from` reaches through calls (itself
    /// included), if there is one.
    fn call_reaching(&self, from: FuncId, to: FuncId) -> Option<Span> {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![from];
        while let Some(g) = stack.pop() {
            if !seen.insert(g) {
                continue;
            }
            for &(callee, span) in &self.fn_infos.get(g.0 as usize)?.calls {
                if callee == to {
                    return Some(span);
                }
                stack.push(callee);
            }
        }
        None
    }

    /// `Process…TessFactors(rawEdges, insideScale, out roundedEdges, out roundedInside, out
    /// unroundedInside)` and `ProcessIsolineTessFactors(rawDetail, rawDensity, out
    /// roundedDetail, out roundedDensity)`: DXC's signatures (`float3`/`float` for triangles,
    /// `float4`/`float`/`float2` for quads, `float4`/`float2`/`float2` for 2D quads).
    pub(super) fn process_tess_factors(&mut self, name: &str, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let rest = name.strip_prefix("Process")?;
        let (patch, rest) = if let Some(r) = rest.strip_prefix("2DQuad") {
            (TessFactorPatch::Quad2D, r)
        } else if let Some(r) = rest.strip_prefix("Quad") {
            (TessFactorPatch::Quad, r)
        } else if let Some(r) = rest.strip_prefix("Tri") {
            (TessFactorPatch::Tri, r)
        } else {
            (TessFactorPatch::Isoline, rest.strip_prefix("Isoline")?)
        };
        let combine = match rest {
            "TessFactorsMax" => TessFactorCombine::Max,
            "TessFactorsMin" => TessFactorCombine::Min,
            _ => TessFactorCombine::Avg,
        };
        let (inputs, outputs): (&[u8], &[u8]) = match patch {
            TessFactorPatch::Tri => (&[3, 1], &[3, 1, 1]),
            TessFactorPatch::Quad => (&[4, 1], &[4, 2, 2]),
            TessFactorPatch::Quad2D => (&[4, 2], &[4, 2, 2]),
            TessFactorPatch::Isoline => (&[1, 1], &[1, 1]),
        };
        if ops.len() != inputs.len() + outputs.len() {
            self.error("E0508", span, format!("`{name}` takes {} arguments, found {}", inputs.len() + outputs.len(), ops.len()));
            return None;
        }
        let partitioning = self.hull_partitioning(name, span)?;
        let mut args = Vec::with_capacity(ops.len());
        for (op, &n) in ops.into_iter().zip(inputs.iter().chain(outputs)) {
            let ty = self.module.types.vector(Scalar::F32, n);
            if args.len() < inputs.len() {
                let s = op.span;
                args.push(Arg::Value(self.convert_implicit(op, ty, s)?));
            } else {
                args.push(Arg::Out(self.out_place(op, ty, name)?));
            }
        }
        let op = Intrinsic::ProcessTessFactors(TessFactors { patch, combine, partitioning });
        let void = self.module.types.void();
        Some(Operand::expr(Expr::new(ExprKind::Intrinsic { op, args }, void, span)))
    }

    /// The `[partitioning]` of the entry point being compiled, which must be a hull shader's.
    fn hull_partitioning(&mut self, name: &str, span: Span) -> Option<Partitioning> {
        let entry = self.options.entry_point.as_str();
        let attr = self.definitions.get(entry).into_iter().flatten().flat_map(|d| &d.attrs).find(|a| a.name.name.eq_ignore_ascii_case("partitioning"));
        let value = attr.and_then(|a| match a.args.first() {
            Some(ast::Expr { kind: ast::ExprKind::Literal(ast::Literal::String(s)), .. }) => Some(s.clone()),
            _ => None,
        });
        match value.as_deref() {
            Some("integer") => Some(Partitioning::Integer),
            Some("fractional_even") => Some(Partitioning::FractionalEven),
            Some("fractional_odd") => Some(Partitioning::FractionalOdd),
            // `pow2` (and a malformed value) is reported on the entry point.
            Some(_) => None,
            None => {
                self.error("E0651", span, format!("`{name}` rounds by the partitioning of a hull shader, and the entry point `{entry}` has no `[partitioning]`"))
                    .help("call it from the patch-constant function of the hull entry point, which declares `[partitioning(\"integer\")]` or another");
                None
            }
        }
    }

    /// DXC's SPIR-V rule between a hull function and its patch-constant function: both
    /// `InputPatch`es have the same size (one input variable). (DXC's SPIR-V also demands that
    /// the hull function read `SV_OutputControlPointID`; DXIL does not, and hlslc's hull model
    /// stores each invocation's result at its own index either way, so it does not either.)
    fn check_hull_signatures(&mut self, main: FuncId, pcf: FuncId) {
        let (m, p) = (self.module.functions[main.0 as usize].clone(), self.module.functions[pcf.0 as usize].clone());
        let main_patch = m.params.iter().find(|p| p.primitive == Some(InputPrimitive::InputPatch));
        let size = |a: &Self, ty: TypeId| match *a.module.types.get(ty) {
            TypeInner::Array { size: Some(n), .. } => n,
            _ => 0,
        };
        if let (Some(mp), Some(pp)) = (main_patch, p.params.iter().find(|p| p.primitive == Some(InputPrimitive::InputPatch))) {
            let (want, have) = (size(self, mp.ty), size(self, pp.ty));
            if want != have {
                self.error("E0628", pp.span, format!("the patch-constant function's input patch should have {want} elements, but has {have}")).related(mp.span, "the hull function's input patch");
            }
        }
    }
}
