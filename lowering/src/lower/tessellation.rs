//! Hull and domain shaders on naga's model, for the SPIR-V target.
//!
//! As for geometry shaders (see [`super::geometry`]), the entry point is a one-invocation
//! compute entry point over private stand-ins named for the stage I/O they stand for, which
//! the SPIR-V pass `stage_model` turns into a `TessellationControl` or
//! `TessellationEvaluation` entry point with its execution modes:
//! - per-vertex stand-ins are arrays: a hull shader's `InputPatch` inputs and its control-point
//!   outputs (one element per `SV_OutputControlPointID`), a domain shader's `OutputPatch`;
//! - patch constants are `Patch` stand-ins: `SV_TessFactor` and `SV_InsideTessFactor` are the
//!   `TessLevelOuter` (four floats) and `TessLevelInner` (two) built-ins, other fields take
//!   locations after the control points' (the hull shader's outputs and the domain shader's
//!   inputs number them the same way, whatever the parameter order);
//! - `SV_DomainLocation` is `TessCoord` (its first two components for quads and isolines),
//!   `SV_OutputControlPointID` is `InvocationId`.
//!
//! The hull wrapper does what DXC's does: it runs the HLSL function for its control point,
//! stores the result at its `InvocationId`, waits at a control barrier (a store to the marker
//! `hlslc::control_barrier`, which the pass makes `OpControlBarrier`), and then invocation 0
//! runs the patch-constant function, whose `OutputPatch` is read back from the control-point
//! outputs.

use super::entry::{Leaf, Locations};
use super::function::FnBuilder;
use super::types::sanitize;
use super::Lowerer;
use crate::passes::stage_model::{self, EntryModel};
use crate::reflect::StageVariable;
use crate::tir::{self, HullInfo, InputPrimitive, ParamDir, Partitioning, TessDomain, TessTopology, TessellationInfo};
use crate::ty::{TypeId, TypeInner};
use hlslc_grammar::Span;
use naga::Handle;
use rspirv::spirv::{ExecutionMode, ExecutionModel};

/// A stage output stand-in and how a leaf is written to it.
struct Output {
    leaf: Leaf,
    var: Handle<naga::GlobalVariable>,
    naga_ty: Handle<naga::Type>,
    /// Tessellation factors: the leaf's elements go to the built-in array (scalars: element 0).
    factor: bool,
}

impl Lowerer<'_> {
    /// The naga entry point of a hull or domain shader.
    pub(super) fn tessellation_entry_point(&mut self, index: usize) {
        let ep = self.tir.entry_points[index].clone();
        let Some(tess) = ep.tessellation else { return };
        let tf = self.tir.function(ep.function);
        let Some(&callee) = self.functions.get(&ep.function) else { return };
        let mut b = FnBuilder::new(self, None);
        b.func.name = Some(format!("{}_entry", sanitize(&tf.name)));
        b.wave_builtins(index, &ep);
        b.deferred_static_inits();
        let (mut inputs, mut outputs) = (Vec::new(), Vec::new());
        let stage = match tess.hull {
            None => {
                b.domain_body(tf, callee, tess.domain.unwrap_or(TessDomain::Tri), &mut inputs, &mut outputs);
                "domain"
            }
            Some(h) => {
                b.hull_body(tf, callee, h, &mut inputs, &mut outputs);
                "hull"
            }
        };
        let function = b.finish();
        self.stage_models.push(entry_model(&ep, &tess));
        self.stage_io.insert(ep.name.clone(), (stage, inputs, outputs));
        self.module.entry_points.push(naga::EntryPoint {
            name: ep.name.clone(),
            stage: naga::ShaderStage::Compute,
            early_depth_test: None,
            workgroup_size: [1, 1, 1],
            workgroup_size_overrides: None,
            function,
            mesh_info: None,
            task_payload: None,
            incoming_ray_payload: None,
        });
    }
}

impl FnBuilder<'_, '_> {
    /// Domain shader: inputs, the call, outputs.
    fn domain_body(&mut self, tf: &tir::Function, callee: Handle<naga::Function>, domain: TessDomain, inputs: &mut Vec<StageVariable>, outputs: &mut Vec<StageVariable>) {
        let Some(args) = self.arguments(tf, None, Some(domain), inputs) else { return };
        let result = (tf.ret != self.lw.tys.void()).then(|| self.add(naga::Expression::CallResult(callee), tf.span));
        self.push(naga::Statement::Call { function: callee, arguments: args.clone(), result }, tf.span);
        // The result's leaves, then `out` parameters', as in the other stages.
        let mut leaves = Vec::new();
        for (value, ty, ls, span) in self.results(tf, result, &args) {
            leaves.extend(ls.into_iter().map(|l| (value, ty, l, span)));
        }
        let just_leaves: Vec<Leaf> = leaves.iter().map(|(_, _, l, _)| l.clone()).collect();
        let Some((distances, totals)) = self.distance_layout(&just_leaves) else { return };
        let mut locations = self.stage_locations("output", &just_leaves);
        for ((value, ty, leaf, span), distance) in leaves.into_iter().zip(distances) {
            if let Some(d) = distance {
                let v = self.extract(value, ty, &leaf, span);
                self.store_distance(d, totals, None, (v, leaf.ty), outputs, span);
                continue;
            }
            let Some(o) = self.vertex_output(leaf, None, &mut locations, outputs) else { continue };
            let v = self.extract(value, ty, &o.leaf, span);
            let mut v = self.adapt_output(v, o.leaf.ty, o.naga_ty, o.leaf.semantic.span);
            // `-fvk-invert-y`: DXC negates the y of the domain shader's output position.
            if self.lw.options.invert_y && o.leaf.semantic.name.eq_ignore_ascii_case("SV_Position") {
                v = self.negate_y(v, o.leaf.semantic.span);
            }
            let ptr = self.add(naga::Expression::GlobalVariable(o.var), span);
            self.push(naga::Statement::Store { pointer: ptr, value: v }, span);
        }
    }

    /// A called function's outputs: its result, then its `out` parameters (loaded from the
    /// locals `arguments` passed), each with its value, type, leaves and span.
    fn results(&mut self, tf: &tir::Function, result: Option<Handle<naga::Expression>>, args: &[Handle<naga::Expression>]) -> Vec<(Handle<naga::Expression>, TypeId, Vec<Leaf>, Span)> {
        let mut out = Vec::new();
        if let Some(r) = result {
            let mut leaves = Vec::new();
            self.collect_leaves(tf.ret, tf.ret_semantic.as_ref(), tf.ret_interpolation, tf.ret_precise, &mut Vec::new(), &mut leaves);
            out.push((r, tf.ret, leaves, tf.span));
        }
        for (p, a) in tf.params.iter().zip(args) {
            if p.dir == ParamDir::Out {
                let v = self.add(naga::Expression::Load { pointer: *a }, p.span);
                let mut leaves = Vec::new();
                self.collect_leaves(p.ty, p.semantic.as_ref(), p.interpolation, p.precise, &mut Vec::new(), &mut leaves);
                out.push((v, p.ty, leaves, p.span));
            }
        }
        out
    }

    /// Hull shader: the control point's inputs, the call, its outputs at its invocation id,
    /// the barrier, then the patch-constant function on invocation 0.
    fn hull_body(&mut self, tf: &tir::Function, callee: Handle<naga::Function>, h: HullInfo, inputs: &mut Vec<StageVariable>, outputs: &mut Vec<StageVariable>) {
        let Some(args) = self.arguments(tf, None, None, inputs) else { return };
        let result = (tf.ret != self.lw.tys.void()).then(|| self.add(naga::Expression::CallResult(callee), tf.span));
        self.push(naga::Statement::Call { function: callee, arguments: args, result }, tf.span);
        let u = self.lw.scalar_type(naga::Scalar::U32);
        let id_var = self.stand_in(&format!("{}builtin::InvocationId", stage_model::INPUT_PREFIX), u);
        let id_ptr = self.add(naga::Expression::GlobalVariable(id_var), tf.span);
        let id = self.add(naga::Expression::Load { pointer: id_ptr }, tf.span);
        // The control point's outputs.
        let mut control_points = Vec::new();
        let mut leaves = Vec::new();
        if result.is_some() {
            self.collect_leaves(tf.ret, tf.ret_semantic.as_ref(), tf.ret_interpolation, tf.ret_precise, &mut Vec::new(), &mut leaves);
        }
        let mut locations = self.stage_locations("output", &leaves);
        if let Some(r) = result {
            let Some((distances, totals)) = self.distance_layout(&leaves) else { return };
            for (leaf, distance) in leaves.into_iter().zip(distances) {
                if let Some(d) = distance {
                    let v = self.extract(r, tf.ret, &leaf, tf.span);
                    self.store_distance(d, totals, Some((id, h.control_points)), (v, leaf.ty), outputs, tf.span);
                    continue;
                }
                let Some(o) = self.vertex_output(leaf, Some(h.control_points), &mut locations, outputs) else { continue };
                let v = self.extract(r, tf.ret, &o.leaf, tf.span);
                let v = self.adapt_output(v, o.leaf.ty, o.naga_ty, o.leaf.semantic.span);
                let g = self.add(naga::Expression::GlobalVariable(o.var), tf.span);
                let ptr = self.add(naga::Expression::Access { base: g, index: id }, tf.span);
                self.push(naga::Statement::Store { pointer: ptr, value: v }, tf.span);
                control_points.push(o);
            }
        }
        let barrier = self.private_marker(stage_model::CONTROL_BARRIER, naga::Scalar::U32);
        let ptr = self.add(naga::Expression::GlobalVariable(barrier), tf.span);
        let zero = self.literal_u32(0);
        self.push(naga::Statement::Store { pointer: ptr, value: zero }, tf.span);
        // Invocation 0: the patch constants.
        let pcf = h.patch_constant;
        let Some(&pcf_callee) = self.lw.functions.get(&pcf) else { return };
        let ptf = self.lw.tir.function(pcf);
        let first = self.add(naga::Expression::Binary { op: naga::BinaryOperator::Equal, left: id, right: zero }, tf.span);
        self.begin();
        let reads = ControlPointReads { outputs: &control_points, count: h.control_points };
        if let Some(args) = self.arguments(ptf, Some(reads), None, &mut Vec::new()) {
            let result = (ptf.ret != self.lw.tys.void()).then(|| self.add(naga::Expression::CallResult(pcf_callee), ptf.span));
            self.push(naga::Statement::Call { function: pcf_callee, arguments: args.clone(), result }, ptf.span);
            // The patch constants: the result, then `out` parameters.
            for (r, ty, leaves, span) in self.results(ptf, result, &args) {
                for leaf in leaves {
                    let Some(o) = self.patch_output(leaf, &mut locations, outputs) else { continue };
                    let v = self.extract(r, ty, &o.leaf, span);
                    self.store_output(&o, v, span);
                }
            }
        }
        let accept = self.end();
        self.push(naga::Statement::If { condition: first, accept, reject: naga::Block::new() }, tf.span);
    }

    /// The argument values of a hull, patch-constant or domain function, from stand-in inputs
    /// (`reads`: the patch-constant function's `OutputPatch`; `domain`: a domain shader's).
    /// `None` after reporting.
    fn arguments(&mut self, tf: &tir::Function, reads: Option<ControlPointReads<'_>>, domain: Option<TessDomain>, reflected: &mut Vec<StageVariable>) -> Option<Vec<Handle<naga::Expression>>> {
        // Control points first: patch constants take locations after theirs.
        let mut values: Vec<Option<Handle<naga::Expression>>> = vec![None; tf.params.len()];
        let mut locations = Locations::new("input");
        let mut ok = true;
        for (i, p) in tf.params.iter().enumerate() {
            match p.primitive {
                Some(InputPrimitive::OutputPatch) if reads.is_some() => {
                    values[i] = reads.as_ref().and_then(|r| self.read_control_points(p.ty, r, p.span));
                    ok &= values[i].is_some();
                }
                Some(InputPrimitive::InputPatch | InputPrimitive::OutputPatch) => {
                    let mut leaves = Vec::new();
                    if let TypeInner::Array { base, .. } = *self.lw.tys.get(p.ty) {
                        self.collect_leaves(base, p.semantic.as_ref(), p.interpolation, p.precise, &mut Vec::new(), &mut leaves);
                    }
                    let mut here = self.stage_locations("input", &leaves);
                    values[i] = self.per_vertex_input(p, &mut here, reflected);
                    locations.absorb(here);
                    ok &= values[i].is_some();
                }
                _ => {}
            }
        }
        for (i, p) in tf.params.iter().enumerate() {
            if p.primitive.is_some() {
                continue;
            }
            if p.dir == ParamDir::Out && (reads.is_some() || domain.is_some()) {
                // The patch-constant and domain functions' outputs may be `out` parameters.
                let t = self.lw.ty(p.ty);
                let l = self.local(&p.name, t);
                values[i] = Some(self.add(naga::Expression::LocalVariable(l), p.span));
                continue;
            }
            if p.dir != ParamDir::In {
                self.lw.error("E0629", p.span, "`out` and `inout` parameters of hull functions, and `inout` parameters of domain and patch-constant functions, are not supported").help("return the outputs in a struct");
                ok = false;
                continue;
            }
            let mut leaves = Vec::new();
            self.collect_leaves(p.ty, p.semantic.as_ref(), p.interpolation, p.precise, &mut Vec::new(), &mut leaves);
            // Sema checks the entry function's semantics; the patch-constant function's are
            // checked here.
            if leaves.is_empty() && !matches!(self.lw.tys.get(p.ty), TypeInner::Struct(st) if self.lw.tir.structs[st.0 as usize].fields.is_empty()) {
                self.lw.error("E0614", p.span, format!("`{}` of the patch-constant function has no semantic", p.name)).help("add a semantic such as `: SV_PrimitiveID`, or declare an `InputPatch`/`OutputPatch`");
                ok = false;
                continue;
            }
            let mut leaf_values = Vec::new();
            for leaf in &leaves {
                match self.patch_input(leaf, domain, &mut locations, reflected) {
                    Some(v) => leaf_values.push(v),
                    None => ok = false,
                }
            }
            if leaf_values.len() == leaves.len() {
                values[i] = Some(self.rebuild(p.ty, &leaves, &leaf_values, p.span));
            }
        }
        if !ok {
            return None;
        }
        values.into_iter().collect()
    }

    /// A per-patch input: a system value, a tessellation factor or a patch constant.
    fn patch_input(&mut self, leaf: &Leaf, domain: Option<TessDomain>, locations: &mut Locations, reflected: &mut Vec<StageVariable>) -> Option<Handle<naga::Expression>> {
        let sem = &leaf.semantic;
        let s = sem.span;
        let upper = sem.name.to_ascii_uppercase();
        let u = self.lw.scalar_type(naga::Scalar::U32);
        let scalar_builtin = match upper.as_str() {
            "SV_PRIMITIVEID" => Some("PrimitiveId"),
            "SV_VIEWID" => Some("ViewIndex"),
            "SV_OUTPUTCONTROLPOINTID" if domain.is_none() => Some("InvocationId"),
            _ => None,
        };
        if let Some(b) = scalar_builtin {
            let var = self.stand_in(&format!("{}builtin::{b}", stage_model::INPUT_PREFIX), u);
            reflected.push(self.reflected(sem, None, None, Some(b), u));
            let ptr = self.add(naga::Expression::GlobalVariable(var), s);
            let v = self.add(naga::Expression::Load { pointer: ptr }, s);
            return Some(self.adapt_input(v, leaf.ty, false, s));
        }
        if upper == "SV_DOMAINLOCATION" && domain.is_some() {
            let f3 = self.lw.vector_type(naga::Scalar::F32, 3);
            let var = self.stand_in(&format!("{}builtin::TessCoord", stage_model::INPUT_PREFIX), f3);
            reflected.push(self.reflected(sem, None, None, Some("TessCoord"), f3));
            let ptr = self.add(naga::Expression::GlobalVariable(var), s);
            let v = self.add(naga::Expression::Load { pointer: ptr }, s);
            return Some(self.adapt_input(v, leaf.ty, false, s));
        }
        if let Some((builtin, len)) = factor_builtin(&upper) {
            let f = self.lw.scalar_type(naga::Scalar::F32);
            let arr = self.lw.array_type(f, Some(len));
            let var = self.stand_in(&format!("{}builtin::{builtin}::patch", stage_model::INPUT_PREFIX), arr);
            reflected.push(self.reflected(sem, None, None, Some(builtin), arr));
            let n = self.factor_count(leaf.ty, len, s)?;
            let g = self.add(naga::Expression::GlobalVariable(var), s);
            let mut elements = Vec::new();
            for k in 0..n {
                let ptr = self.add(naga::Expression::AccessIndex { base: g, index: k }, s);
                elements.push(self.add(naga::Expression::Load { pointer: ptr }, s));
            }
            return Some(match *self.lw.tys.get(leaf.ty) {
                TypeInner::Array { .. } => {
                    let t = self.lw.ty(leaf.ty);
                    self.add(naga::Expression::Compose { ty: t, components: elements }, s)
                }
                _ => elements[0],
            });
        }
        if upper.starts_with("SV_") && !super::geometry::is_attribute_between_stages(&upper) {
            self.lw.error("E0616", s, format!("system value `{}` is not available as an input of this tessellation stage", sem.name));
            return None;
        }
        let (ty, is_bool) = self.io_type(leaf.ty, s)?;
        let loc = self.user_location(locations, leaf)?;
        let var = self.stand_in(&format!("{}location::{loc}::patch", stage_model::INPUT_PREFIX), ty);
        reflected.push(self.reflected(sem, leaf.array_index, Some(loc), None, ty));
        let ptr = self.add(naga::Expression::GlobalVariable(var), s);
        let v = self.add(naga::Expression::Load { pointer: ptr }, s);
        Some(self.adapt_input(v, leaf.ty, is_bool, s))
    }

    /// How many factors a `SV_TessFactor`/`SV_InsideTessFactor` leaf holds (a `float` or an
    /// array of at most `len` floats).
    fn factor_count(&mut self, ty: TypeId, len: u32, s: Span) -> Option<u32> {
        let f = crate::ty::Scalar::F32;
        match *self.lw.tys.get(ty) {
            TypeInner::Scalar(sc) if sc == f => Some(1),
            TypeInner::Array { base, size: Some(n) } if n <= len && *self.lw.tys.get(base) == TypeInner::Scalar(f) => Some(n),
            _ => {
                let t = self.lw.tir.type_name(ty);
                self.lw.error("E0617", s, format!("a tessellation factor must be a `float` or an array of at most {len} `float`s, found `{t}`")).help("declare it as `float edges[3] : SV_TessFactor` or `float inside : SV_InsideTessFactor`");
                None
            }
        }
    }

    /// A per-vertex output stand-in (`count`: a hull shader's array of control points).
    fn vertex_output(&mut self, leaf: Leaf, count: Option<u32>, locations: &mut Locations, reflected: &mut Vec<StageVariable>) -> Option<Output> {
        let sem = &leaf.semantic;
        let upper = sem.name.to_ascii_uppercase();
        let (name, naga_ty, builtin, loc) = if upper == "SV_POSITION" {
            if !self.is_float4(leaf.ty) {
                let t = self.lw.tir.type_name(leaf.ty);
                self.lw.error("E0617", sem.span, format!("`SV_Position` must be a 4-component 32-bit float vector, found `{t}`")).help("declare the position as `float4`");
                return None;
            }
            (format!("{}builtin::Position", stage_model::OUTPUT_PREFIX), self.lw.vector_type(naga::Scalar::F32, 4), Some("Position"), None)
        } else if let (None, Some(builtin)) = (count, layer_builtin(&upper)) {
            // A domain shader's render-target and viewport indices (a hull shader passes them
            // on as attributes).
            if !matches!(*self.lw.tys.get(leaf.ty), TypeInner::Scalar(sc) if sc.kind != crate::ty::ScalarKind::Float && sc.kind != crate::ty::ScalarKind::Bool && sc.width == 4) {
                let t = self.lw.tir.type_name(leaf.ty);
                self.lw.error("E0617", sem.span, format!("system value `{}` must be a 32-bit integer, found `{t}`", sem.name)).help("declare it as `uint`");
                return None;
            }
            (format!("{}builtin::{builtin}", stage_model::OUTPUT_PREFIX), self.lw.scalar_type(naga::Scalar::U32), Some(builtin), None)
        } else if upper.starts_with("SV_") && !super::geometry::is_attribute_between_stages(&upper) {
            self.lw.error("E0616", sem.span, format!("system value `{}` is not available as a per-vertex output of this tessellation stage", sem.name));
            return None;
        } else {
            let (t, _) = self.io_type(leaf.ty, sem.span)?;
            let loc = self.user_location(locations, &leaf)?;
            let flat = !self.lw.scalar_of(leaf.ty).is_float() || leaf.interpolation.nointerpolation;
            (format!("{}location::{loc}{}", stage_model::OUTPUT_PREFIX, if flat && count.is_none() { "::flat" } else { "" }), t, None, Some(loc))
        };
        reflected.push(self.reflected(sem, leaf.array_index, loc, builtin, naga_ty));
        let ty = match count {
            Some(n) => self.lw.array_type(naga_ty, Some(n)),
            None => naga_ty,
        };
        let var = self.stand_in(&name, ty);
        Some(Output { leaf, var, naga_ty, factor: false })
    }

    /// A patch-constant output stand-in.
    fn patch_output(&mut self, leaf: Leaf, locations: &mut Locations, reflected: &mut Vec<StageVariable>) -> Option<Output> {
        let sem = &leaf.semantic;
        let upper = sem.name.to_ascii_uppercase();
        if let Some((builtin, len)) = factor_builtin(&upper) {
            self.factor_count(leaf.ty, len, sem.span)?;
            let f = self.lw.scalar_type(naga::Scalar::F32);
            let arr = self.lw.array_type(f, Some(len));
            let var = self.stand_in(&format!("{}builtin::{builtin}::patch", stage_model::OUTPUT_PREFIX), arr);
            reflected.push(self.reflected(sem, None, None, Some(builtin), arr));
            return Some(Output { leaf, var, naga_ty: f, factor: true });
        }
        if upper.starts_with("SV_") && !super::geometry::is_attribute_between_stages(&upper) {
            self.lw.error("E0616", sem.span, format!("system value `{}` is not available as a patch-constant output", sem.name));
            return None;
        }
        let (t, _) = self.io_type(leaf.ty, sem.span)?;
        let loc = self.user_location(locations, &leaf)?;
        let var = self.stand_in(&format!("{}location::{loc}::patch", stage_model::OUTPUT_PREFIX), t);
        reflected.push(self.reflected(sem, leaf.array_index, Some(loc), None, t));
        Some(Output { leaf, var, naga_ty: t, factor: false })
    }

    fn store_output(&mut self, o: &Output, v: Handle<naga::Expression>, s: Span) {
        let g = self.add(naga::Expression::GlobalVariable(o.var), s);
        if !o.factor {
            let v = self.adapt_output(v, o.leaf.ty, o.naga_ty, s);
            self.push(naga::Statement::Store { pointer: g, value: v }, s);
            return;
        }
        let n = match *self.lw.tys.get(o.leaf.ty) {
            TypeInner::Array { size: Some(n), .. } => n,
            _ => 0,
        };
        if n == 0 {
            let ptr = self.add(naga::Expression::AccessIndex { base: g, index: 0 }, s);
            self.push(naga::Statement::Store { pointer: ptr, value: v }, s);
        }
        for k in 0..n {
            let e = self.add(naga::Expression::AccessIndex { base: v, index: k }, s);
            let ptr = self.add(naga::Expression::AccessIndex { base: g, index: k }, s);
            self.push(naga::Statement::Store { pointer: ptr, value: e }, s);
        }
    }

    /// Stores a clip or cull distance leaf (`value`) into its built-in output array (a hull
    /// shader's: the element of control point `control_point.0`, of `control_point.1`).
    fn store_distance(&mut self, (builtin, first, _): (&'static str, u32, u32), totals: [u32; 2], control_point: Option<(Handle<naga::Expression>, u32)>, (value, value_ty): (Handle<naga::Expression>, TypeId), reflected: &mut Vec<StageVariable>, s: Span) {
        let f = self.lw.scalar_type(naga::Scalar::F32);
        let per_vertex = self.lw.array_type(f, Some(totals[usize::from(builtin == "CullDistance")]));
        let ty = match control_point {
            Some((_, n)) => self.lw.array_type(per_vertex, Some(n)),
            None => per_vertex,
        };
        let name = format!("{}builtin::{builtin}", stage_model::OUTPUT_PREFIX);
        let shown = self.distance_reflected(builtin, per_vertex);
        if !reflected.contains(&shown) {
            reflected.push(shown);
        }
        let var = self.stand_in(&name, ty);
        for (c, component) in (first..).zip(self.distance_components(value, value_ty, s)) {
            let mut ptr = self.add(naga::Expression::GlobalVariable(var), s);
            if let Some((id, _)) = control_point {
                ptr = self.add(naga::Expression::Access { base: ptr, index: id }, s);
            }
            let ptr = self.add(naga::Expression::AccessIndex { base: ptr, index: c }, s);
            self.push(naga::Statement::Store { pointer: ptr, value: component }, s);
        }
    }

    /// The patch-constant function's `OutputPatch`, read back from the control-point outputs.
    fn read_control_points(&mut self, ty: TypeId, reads: &ControlPointReads<'_>, s: Span) -> Option<Handle<naga::Expression>> {
        let TypeInner::Array { base, size: Some(n) } = *self.lw.tys.get(ty) else { return None };
        if n != reads.count {
            self.lw.error("E0628", s, format!("the patch-constant function's `OutputPatch` has {n} control points, the hull shader outputs {}", reads.count));
            return None;
        }
        let mut leaves = Vec::new();
        self.collect_leaves(base, None, tir::Interpolation::default(), false, &mut Vec::new(), &mut leaves);
        let mut vertices = Vec::new();
        for k in 0..n {
            let mut values = Vec::new();
            for leaf in &leaves {
                let Some(o) = reads.outputs.iter().find(|o| o.leaf.path == leaf.path && o.leaf.semantic.name.eq_ignore_ascii_case(&leaf.semantic.name)) else {
                    self.lw.error("E0628", s, format!("the patch-constant function's `OutputPatch` reads `{}`, which the hull shader does not output", leaf.semantic.name)).help("use the hull shader's return type as the `OutputPatch` element");
                    return None;
                };
                let g = self.add(naga::Expression::GlobalVariable(o.var), s);
                let ptr = self.add(naga::Expression::AccessIndex { base: g, index: k }, s);
                let v = self.add(naga::Expression::Load { pointer: ptr }, s);
                values.push(self.adapt_input(v, leaf.ty, false, s));
            }
            vertices.push(self.rebuild(base, &leaves, &values, s));
        }
        let t = self.lw.ty(ty);
        Some(self.add(naga::Expression::Compose { ty: t, components: vertices }, s))
    }
}

/// What a patch-constant function's `OutputPatch` reads.
struct ControlPointReads<'a> {
    outputs: &'a [Output],
    count: u32,
}

/// `SV_TessFactor` → `TessLevelOuter` (4 floats), `SV_InsideTessFactor` → `TessLevelInner` (2).
fn factor_builtin(upper: &str) -> Option<(&'static str, u32)> {
    match upper {
        "SV_TESSFACTOR" => Some(("TessLevelOuter", 4)),
        "SV_INSIDETESSFACTOR" => Some(("TessLevelInner", 2)),
        _ => None,
    }
}

/// The SPIR-V execution model and modes of a hull or domain entry point (DXC's table in
/// `docs/SPIR-V.rst`).
fn entry_model(ep: &tir::EntryPoint, tess: &TessellationInfo) -> EntryModel {
    let domain = tess.domain.map(|d| match d {
        TessDomain::Tri => ExecutionMode::Triangles,
        TessDomain::Quad => ExecutionMode::Quads,
        TessDomain::Isoline => ExecutionMode::Isolines,
    });
    let Some(h) = tess.hull else {
        return EntryModel { entry: ep.name.clone(), model: ExecutionModel::TessellationEvaluation, modes: domain.into_iter().map(|d| (d, vec![])).collect() };
    };
    let spacing = h.partitioning.map(|p| match p {
        Partitioning::Integer => ExecutionMode::SpacingEqual,
        Partitioning::FractionalEven => ExecutionMode::SpacingFractionalEven,
        Partitioning::FractionalOdd => ExecutionMode::SpacingFractionalOdd,
    });
    let mut modes: Vec<(ExecutionMode, Vec<u32>)> = spacing.into_iter().chain(domain).map(|m| (m, vec![])).collect();
    modes.push((ExecutionMode::OutputVertices, vec![h.control_points]));
    match h.topology {
        TessTopology::Point => modes.push((ExecutionMode::PointMode, vec![])),
        TessTopology::TriangleCw => modes.push((ExecutionMode::VertexOrderCw, vec![])),
        TessTopology::TriangleCcw => modes.push((ExecutionMode::VertexOrderCcw, vec![])),
        TessTopology::Line => {}
    }
    EntryModel { entry: ep.name.clone(), model: ExecutionModel::TessellationControl, modes }
}

/// The SPIR-V built-in a domain shader's `SV_RenderTargetArrayIndex` or
/// `SV_ViewportArrayIndex` output is.
fn layer_builtin(upper: &str) -> Option<&'static str> {
    match upper {
        "SV_RENDERTARGETARRAYINDEX" => Some("Layer"),
        "SV_VIEWPORTARRAYINDEX" => Some("ViewportIndex"),
        _ => None,
    }
}
