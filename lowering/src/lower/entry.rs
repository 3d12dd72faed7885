//! Entry points: a naga entry point wrapping the HLSL entry function.
//!
//! The wrapper's arguments are the stage inputs, flattened: every leaf of the HLSL parameters
//! (struct fields, recursively) with a semantic becomes one argument with a binding — a naga
//! built-in for system values (`SV_Position`, `SV_DispatchThreadID` …), a location otherwise.
//! User semantics are numbered in declaration order (DXC's default), separately for inputs and
//! outputs; `SV_Target<n>` is location `n`. The wrapper rebuilds the HLSL parameter values,
//! runs the initializers of `static` globals that are not constant, stores the built-ins that
//! wave intrinsics read, calls the HLSL function and returns its outputs (the return value and
//! `out` parameters) flattened the same way.

use super::function::FnBuilder;
use super::wave::{is_quad_op, needs_quad_layout};
use super::types::{naga_scalar, sanitize, vector_size};
use super::Lowerer;
use crate::tir::{self, ParamDir, Semantic, Stage};
use crate::ty::{ScalarKind, TypeId, TypeInner};
use hlslc_grammar::Span;
use naga::Handle;

/// One flattened stage input or output.
#[derive(Clone)]
pub(super) struct Leaf {
    /// Path of field indices from the parameter (or return value) to the leaf.
    pub path: Vec<u32>,
    pub ty: TypeId,
    pub semantic: Semantic,
    pub interpolation: tir::Interpolation,
    /// For semantics on arrays: the element index (semantic index + i).
    pub array_index: Option<u32>,
    /// Declared `precise` (the parameter, the function's return, or a field on the way).
    pub precise: bool,
    /// An `N×1` matrix at `path` passed as one `N`-component vector (`Some(N)`): DXC's SPIR-V
    /// back end types it as a vector, one location, as DXIL writes it to one register.
    pub column: Option<u8>,
}

impl Lowerer<'_> {
    pub(crate) fn entry_point(&mut self, index: usize) {
        let ep = self.tir.entry_points[index].clone();
        if ep.tessellation.is_some() {
            return self.tessellation_entry_point(index);
        }
        let tf = self.tir.function(ep.function);
        let Some(&callee) = self.functions.get(&ep.function) else { return };
        let stage = match ep.stage {
            Stage::Vertex => naga::ShaderStage::Vertex,
            Stage::Pixel => naga::ShaderStage::Fragment,
            Stage::Compute => naga::ShaderStage::Compute,
            Stage::Mesh => naga::ShaderStage::Mesh,
            Stage::Amplification => naga::ShaderStage::Task,
            // No geometry stage in naga: a one-invocation compute entry point over stand-in
            // I/O that the SPIR-V pass `stage_model` turns into a geometry one.
            Stage::Geometry => naga::ShaderStage::Compute,
            // No work graphs in naga: a compute entry point that the SPIR-V pass `work_graph`
            // makes a node.
            Stage::Node => {
                self.node_entry_config(index);
                naga::ShaderStage::Compute
            }
            _ => return self.ray_tracing_entry(index),
        };
        self.check_immediate_blocks(index);
        let mut task_payload = match ep.task_payload {
            Some(g) => match self.globals.get(&g) {
                Some(super::GlobalRep::Value { var, .. }) => Some(*var),
                _ => None,
            },
            None if ep.stage == Stage::Amplification => self.entry_copied_task_payload(index),
            None => None,
        };
        let void = self.tys.void();
        let mut b = FnBuilder::new(self, None);
        b.func.name = Some(format!("{}_entry", sanitize(&tf.name)));

        // Compute shaders whose quads D3D defines as 2×2 blocks of the thread group: the
        // thread ids are derived from the hardware's linear index (see `quad_layout`).
        let quad_ids = if ep.stage == Stage::Compute && needs_quad_layout(&ep) && b.lw.entry_reaches(index, &|e| is_quad_op(e)) {
            if ep.workgroup_size[0] % 4 == 2 {
                b.lw.warning("W0806", "quad-layout", ep.span, "with an X thread-group size of 4n + 2, 2x2 compute quads need a driver that fills subgroups from consecutive invocations")
                    .note("Vulkan does not define which invocations share a subgroup; lavapipe starts a new subgroup at every thread-group row, which splits these quads")
                    .help("use an X size that is a multiple of 4");
            }
            Some(b.quad_layout(ep.workgroup_size, ep.span))
        } else {
            None
        };

        // Inputs.
        let distance_offsets = if ep.stage == Stage::Pixel { b.pixel_distance_offsets(tf) } else { Vec::new() };
        let mut in_location = {
            // Only `-fvk-stage-io-order=alpha` needs every input's leaves first.
            let mut leaves = Vec::new();
            if b.lw.options.stage_io_alphabetical {
                for (i, p) in tf.params.iter().enumerate() {
                    if p.dir == ParamDir::Out || b.lw.node_parameter(ep.function, i).is_some() || (p.mesh == Some(tir::MeshParam::Payload) && ep.stage == Stage::Mesh) {
                        continue;
                    }
                    // A geometry shader's input primitive: the leaves of one vertex.
                    let ty = match (ep.stage, p.primitive, *b.lw.tys.get(p.ty)) {
                        (Stage::Geometry, Some(_), TypeInner::Array { base, .. }) => base,
                        _ => p.ty,
                    };
                    b.collect_leaves(ty, p.semantic.as_ref(), p.interpolation, p.precise, &mut Vec::new(), &mut leaves);
                }
            }
            b.stage_locations("input", &leaves)
        };
        let mut param_values: Vec<Option<Handle<naga::Expression>>> = Vec::new();
        let mut used_builtins: Vec<naga::BuiltIn> = Vec::new();
        let mut stand_in_inputs = Vec::new();
        // Arguments added for `-fvk-support-nonzero-base-*` (an `SV_StartVertexLocation` or
        // `SV_StartInstanceLocation` input reads the same argument).
        let mut hidden_draw_parameters: Vec<u32> = Vec::new();
        for (i, p) in tf.params.iter().enumerate() {
            if p.dir == ParamDir::Out || b.lw.node_parameter(ep.function, i).is_some() {
                param_values.push(None);
                continue;
            }
            if ep.stage == Stage::Geometry {
                param_values.push(b.geometry_input(p, &mut in_location, &mut stand_in_inputs));
                continue;
            }
            if p.mesh == Some(tir::MeshParam::Payload) && ep.stage == Stage::Mesh {
                let (var, v) = b.task_payload_input(p.ty, &p.name, p.span);
                task_payload = Some(var);
                param_values.push(Some(v));
                continue;
            }
            let mut leaves = Vec::new();
            b.collect_leaves(p.ty, p.semantic.as_ref(), p.interpolation, p.precise, &mut Vec::new(), &mut leaves);
            let mut leaf_values = Vec::new();
            for leaf in &leaves {
                if let Some(ids) = &quad_ids {
                    if let Some(v) = ids.value_of(&leaf.semantic) {
                        let v = b.adapt_input(v, leaf.ty, false, leaf.semantic.span);
                        leaf_values.push(v);
                        continue;
                    }
                }
                // D3D: `SV_CullPrimitive` reads as `false` in a pixel shader (it is not in the
                // input signature).
                if ep.stage == Stage::Pixel && leaf.semantic.is("SV_CullPrimitive") {
                    let t = b.lw.ty(leaf.ty);
                    leaf_values.push(b.add(naga::Expression::ZeroValue(t), leaf.semantic.span));
                    continue;
                }
                // Vulkan has no `PointSize` fragment input (DXC's SPIR-V drops the unread
                // variable): a pixel shader sharing its vertex shader's output struct reads the
                // size of D3D's and WebGPU's points, 1.
                if ep.stage == Stage::Pixel && leaf.semantic.vk_builtin.as_deref() == Some("PointSize") {
                    let one = b.add(naga::Expression::Literal(naga::Literal::F32(1.0)), leaf.semantic.span);
                    leaf_values.push(b.adapt_input(one, leaf.ty, false, leaf.semantic.span));
                    continue;
                }
                if ep.stage == Stage::Pixel && (leaf.semantic.is("SV_ClipDistance") || leaf.semantic.is("SV_CullDistance")) {
                    leaf_values.extend(b.pixel_distance_value(leaf, &distance_offsets));
                    continue;
                }
                let Some((binding, naga_ty, is_bool)) = b.input_binding(ep.stage, leaf, &mut in_location) else { continue };
                if !b.fits_builtin(&binding, naga_ty, leaf) {
                    continue;
                }
                if stand_in_name(&binding).is_some() {
                    if let Some(k) = b.func.arguments.iter().position(|a| a.binding.as_ref() == Some(&binding)) {
                        // The draw parameter `-fvk-support-nonzero-base-*` read already.
                        if hidden_draw_parameters.contains(&(k as u32)) {
                            let arg = b.add(naga::Expression::FunctionArgument(k as u32), leaf.semantic.span);
                            leaf_values.push(b.adapt_input(arg, leaf.ty, is_bool, leaf.semantic.span));
                            continue;
                        }
                        b.lw.error("E0615", leaf.semantic.span, format!("system value `{}` is used twice", leaf_name(&leaf.semantic, leaf.array_index)));
                        continue;
                    }
                }
                if let naga::Binding::BuiltIn(bi) = binding {
                    // naga allows one barycentric built-in per entry point, either kind.
                    if matches!(bi, naga::BuiltIn::Barycentric { .. }) && used_builtins.iter().any(|u| matches!(u, naga::BuiltIn::Barycentric { .. })) && !used_builtins.contains(&bi) {
                        b.lw.error("E0803", leaf.semantic.span, "perspective and `noperspective` `SV_Barycentrics` in one pixel shader cannot be expressed in naga IR, which allows one barycentric built-in per entry point")
                            .help("read one kind, or compute the other from per-vertex data");
                        continue;
                    }
                    if used_builtins.contains(&bi) {
                        // Compute-like stages read a repeated system value from one argument
                        // (sema rejects repeats where a signature forbids them).
                        let compute_like = matches!(ep.stage, Stage::Compute | Stage::Mesh | Stage::Amplification | Stage::Node);
                        let first = b.func.arguments.iter().position(|a| a.binding.as_ref() == Some(&binding) && a.ty == naga_ty);
                        if let (true, Some(index)) = (compute_like, first) {
                            let arg = b.add(naga::Expression::FunctionArgument(index as u32), leaf.semantic.span);
                            let v = b.adapt_input(arg, leaf.ty, is_bool, leaf.semantic.span);
                            leaf_values.push(v);
                            continue;
                        }
                        b.lw.error("E0615", leaf.semantic.span, format!("system value `{}` is used twice", leaf.semantic.name));
                        continue;
                    }
                    used_builtins.push(bi);
                }
                let is_position = matches!(binding, naga::Binding::BuiltIn(naga::BuiltIn::Position { .. }));
                // `-fvk-support-nonzero-base-instance`/`-vertex`: D3D's `SV_InstanceID` and
                // `SV_VertexID` start at 0 for every draw; Vulkan's indices start at the draw's
                // first instance and vertex, which DXC subtracts.
                let base = match binding {
                    naga::Binding::BuiltIn(naga::BuiltIn::InstanceIndex) if ep.stage == Stage::Vertex && b.lw.options.nonzero_base_instance => Some("BaseInstance"),
                    naga::Binding::BuiltIn(naga::BuiltIn::VertexIndex) if ep.stage == Stage::Vertex && b.lw.options.nonzero_base_vertex => Some("BaseVertex"),
                    _ => None,
                };
                let arg_index = b.func.arguments.len() as u32;
                let name = stand_in_name(&binding).unwrap_or_else(|| sanitize(&leaf_name(&leaf.semantic, leaf.array_index)));
                b.func.arguments.push(naga::FunctionArgument { name: Some(name), ty: naga_ty, binding: Some(binding) });
                let mut arg = b.add(naga::Expression::FunctionArgument(arg_index), leaf.semantic.span);
                if ep.stage == Stage::Pixel && b.lw.options.dx_position_w && is_position {
                    arg = b.reciprocal_w(arg, leaf.semantic.span);
                }
                if let Some(base) = base {
                    if let Some(v) = b.draw_parameter_base(base, leaf, &mut hidden_draw_parameters) {
                        arg = b.add(naga::Expression::Binary { op: naga::BinaryOperator::Subtract, left: arg, right: v }, leaf.semantic.span);
                    }
                }
                let v = b.adapt_input(arg, leaf.ty, is_bool, leaf.semantic.span);
                leaf_values.push(v);
            }
            if leaf_values.len() != leaves.len() {
                param_values.push(None);
                continue;
            }
            let v = b.rebuild(p.ty, &leaves, &leaf_values, p.span);
            param_values.push(Some(v));
        }
        // Built-ins the wave intrinsics read, the helper-lane flag, and deferred static
        // initializers.
        b.wave_builtins(index, &ep);
        if ep.wave_ops_include_helper_lanes {
            if ep.stage == Stage::Pixel {
                b.lw.warning("W0801", "wave-helper-lanes", ep.span, "helper lanes that only complete a quad take part in wave operations only where the driver makes them active")
                    .note("WGSL, and SPIR-V without `SPV_KHR_quad_control` (which the Vulkan drivers hlslc is tested on lack), cannot require it; lanes demoted by `discard` do take part");
            } else {
                b.lw.warning("W0602", "ignored-attributes", ep.span, "`WaveOpsIncludeHelperLanes` has no effect outside pixel shaders");
            }
        }
        if ep.stage == Stage::Pixel {
            if let (Some(flag), Some(f)) = (b.lw.helper_lane, b.lw.helper_invocation) {
                if b.lw.entry_reaches(index, &|e| matches!(e.kind, tir::ExprKind::Intrinsic { op: tir::Intrinsic::IsHelperLane, .. })) {
                    let arguments = if b.lw.options.target == crate::options::Target::SpirV {
                        Vec::new()
                    } else {
                        let lane = b.builtin_value(naga::BuiltIn::SubgroupInvocationId, ep.span);
                        vec![b.sample_mask_input(), lane]
                    };
                    let r = b.add(naga::Expression::CallResult(f), ep.span);
                    b.push(naga::Statement::Call { function: f, arguments, result: Some(r) }, ep.span);
                    let g = b.add(naga::Expression::GlobalVariable(flag), ep.span);
                    b.push(naga::Statement::Store { pointer: g, value: r }, ep.span);
                }
            }
        }
        b.deferred_static_inits();
        // The call.
        let mut args = Vec::new();
        let mut out_locals = Vec::new();
        for (i, (p, v)) in tf.params.iter().zip(&param_values).enumerate() {
            // Mesh output arrays are globals the HLSL function writes (see `super::mesh`).
            if b.lw.mesh_output_array(ep.function, i).is_some() || b.lw.node_parameter(ep.function, i).is_some() {
                continue;
            }
            match p.dir {
                ParamDir::In => {
                    let v = match v {
                        Some(v) => *v,
                        None => {
                            let t = b.lw.ty(p.ty);
                            b.add(naga::Expression::ZeroValue(t), p.span)
                        }
                    };
                    args.push(v);
                }
                ParamDir::Out | ParamDir::InOut => {
                    let t = b.lw.ty(p.ty);
                    let l = b.local(&p.name, t);
                    let ptr = b.add(naga::Expression::LocalVariable(l), p.span);
                    if let Some(v) = v {
                        b.push(naga::Statement::Store { pointer: ptr, value: *v }, p.span);
                    }
                    args.push(ptr);
                    out_locals.push((p, ptr));
                }
            }
        }
        let result = if tf.ret != void { Some(b.add(naga::Expression::CallResult(callee), tf.span)) } else { None };
        b.push(naga::Statement::Call { function: callee, arguments: args, result }, tf.span);

        let mut mesh_info = None;
        match ep.stage {
            Stage::Mesh => {
                let sets_counts = b.lw.entry_reaches(index, &|e| matches!(e.kind, tir::ExprKind::Intrinsic { op: tir::Intrinsic::SetMeshOutputCounts, .. }));
                mesh_info = b.mesh_outputs(&ep, tf, sets_counts);
                if mesh_info.is_none() {
                    return;
                }
                out_locals.clear();
            }
            Stage::Amplification => {
                b.task_result(tf.span);
                out_locals.clear();
            }
            _ => {}
        }
        // Outputs.
        let mut outputs: Vec<(Leaf, Handle<naga::Expression>)> = Vec::new();
        #[allow(unused_mut)]
        if let Some(r) = result {
            let mut leaves = Vec::new();
            b.collect_leaves(tf.ret, tf.ret_semantic.as_ref(), tf.ret_interpolation, tf.ret_precise, &mut Vec::new(), &mut leaves);
            for leaf in leaves {
                let v = b.extract(r, tf.ret, &leaf, tf.span);
                outputs.push((leaf, v));
            }
        }
        for (p, ptr) in out_locals {
            let v = b.add(naga::Expression::Load { pointer: ptr }, p.span);
            let mut leaves = Vec::new();
            b.collect_leaves(p.ty, p.semantic.as_ref(), p.interpolation, p.precise, &mut Vec::new(), &mut leaves);
            for leaf in leaves {
                let x = b.extract(v, p.ty, &leaf, p.span);
                outputs.push((leaf, x));
            }
        }
        // `vk::index(0)` without a source 1 is the default source of an ordinary output
        // (`sema` accepts it), not half of a dual-source pair.
        if !outputs.iter().any(|(l, _)| matches!(l.semantic.vk_index, Some((1, _)))) {
            for (leaf, _) in &mut outputs {
                leaf.semantic.vk_index = None;
            }
        }
        let mut out_location = b.stage_locations("output", outputs.iter().map(|(l, _)| l));
        let mut members = Vec::new();
        let mut values = Vec::new();
        let mut early_depth = None;
        // `SV_ClipDistance<n>`/`SV_CullDistance<n>` outputs (scalars or vectors) are gathered,
        // by semantic index, into naga's single array built-in each.
        if stage == naga::ShaderStage::Vertex {
            for (name, builtin) in [("SV_CLIPDISTANCE", naga::BuiltIn::ClipDistances), ("SV_CULLDISTANCE", naga::BuiltIn::CullDistance)] {
                let (mut mine, rest): (Vec<_>, Vec<_>) = outputs.into_iter().partition(|(l, _)| l.semantic.name.eq_ignore_ascii_case(name));
                outputs = rest;
                if mine.is_empty() {
                    continue;
                }
                if builtin == naga::BuiltIn::CullDistance && b.lw.options.target == crate::options::Target::Wgsl {
                    let span = mine[0].0.semantic.span;
                    b.lw.error("E0803", span, "`SV_CullDistance` cannot be expressed in WGSL").help("target SPIR-V, or cull in the shader");
                    continue;
                }
                mine.sort_by_key(|(l, _)| l.semantic.index + l.array_index.unwrap_or(0));
                // 32-bit floats only, as DXC requires; at most 8 in all (naga's limit, and the
                // usual Vulkan `maxClipDistances`).
                let shown = if builtin == naga::BuiltIn::ClipDistances { "SV_ClipDistance" } else { "SV_CullDistance" };
                let tys = &b.lw.tys;
                let shape = |ty: TypeId| {
                    let (elem, n) = match *tys.get(ty) {
                        TypeInner::Array { base, size: Some(n) } => (base, n),
                        _ => (ty, 1),
                    };
                    let per = match *tys.get(elem) {
                        TypeInner::Vector { size, .. } => size as u32,
                        _ => 1,
                    };
                    (tys.scalar_of(elem), n * per)
                };
                let shapes: Vec<_> = mine.iter().map(|(l, _)| shape(l.ty)).collect();
                if let Some((leaf, _)) = mine.iter().zip(&shapes).find(|(_, s)| s.0 != Some(crate::ty::Scalar::F32)).map(|(m, _)| m) {
                    let t = b.lw.tir.type_name(leaf.ty);
                    b.lw.error("E0617", leaf.semantic.span, format!("`{shown}` must be 32-bit floats, found `{t}`")).help("declare it as `float`, a `float` vector, or an array of them");
                    continue;
                }
                let count: u32 = shapes.iter().map(|s| s.1).sum();
                if count > 8 {
                    b.lw.error("E0617", mine[0].0.semantic.span, format!("the `{shown}` outputs have {count} components, more than the 8 naga allows"))
                        .help("write at most 8 distances in all");
                    continue;
                }
                let mut comps = Vec::new();
                for (leaf, v) in &mine {
                    // Scalars, vectors, and arrays of them (`float4 clips[2] : SV_ClipDistance`).
                    let (elements, inner) = match *b.lw.tys.get(leaf.ty) {
                        TypeInner::Array { base, size: Some(n) } => ((0..n).map(|k| b.add(naga::Expression::AccessIndex { base: *v, index: k }, leaf.semantic.span)).collect(), base),
                        _ => (vec![*v], leaf.ty),
                    };
                    for e in elements {
                        match *b.lw.tys.get(inner) {
                            TypeInner::Vector { size, .. } => {
                                for i in 0..size as u32 {
                                    comps.push(b.add(naga::Expression::AccessIndex { base: e, index: i }, leaf.semantic.span));
                                }
                            }
                            _ => comps.push(e),
                        }
                    }
                }
                let f = b.lw.scalar_type(naga::Scalar::F32);
                let arr = b.lw.array_type(f, Some(comps.len() as u32));
                let value = b.add(naga::Expression::Compose { ty: arr, components: comps }, tf.span);
                members.push((name.to_string(), arr, naga::Binding::BuiltIn(builtin)));
                values.push(value);
            }
        }
        for (leaf, v) in outputs {
            let Some((binding, naga_ty, conservative)) = b.output_binding(ep.stage, &leaf, &mut out_location) else { continue };
            if !b.fits_builtin(&binding, naga_ty, &leaf) {
                continue;
            }
            if let Some(c) = conservative {
                early_depth = Some(naga::EarlyDepthTest::Allow { conservative: c });
            }
            if stand_in_name(&binding).is_some() && members.iter().any(|m| m.2 == binding) {
                b.lw.error("E0615", leaf.semantic.span, format!("system value `{}` is written twice", leaf_name(&leaf.semantic, leaf.array_index)));
                continue;
            }
            let mut v = b.adapt_output(v, leaf.ty, naga_ty, leaf.semantic.span);
            if stage == naga::ShaderStage::Vertex && b.lw.options.invert_y && matches!(binding, naga::Binding::BuiltIn(naga::BuiltIn::Position { .. })) {
                v = b.negate_y(v, leaf.semantic.span);
            }
            let name = stand_in_name(&binding).unwrap_or_else(|| leaf_name(&leaf.semantic, leaf.array_index));
            members.push((name, naga_ty, binding));
            values.push(v);
        }
        // WebGPU requires a vertex shader to write a position; D3D does not (a shader without
        // `SV_Position` rasterizes nothing useful). Write (0, 0, 0, 1) then.
        if stage == naga::ShaderStage::Vertex && !members.iter().any(|m| matches!(m.2, naga::Binding::BuiltIn(naga::BuiltIn::Position { .. }))) {
            let t = b.lw.vector_type(naga::Scalar::F32, 4);
            let z = b.add(naga::Expression::Literal(naga::Literal::F32(0.0)), tf.span);
            let one = b.add(naga::Expression::Literal(naga::Literal::F32(1.0)), tf.span);
            let v = b.add(naga::Expression::Compose { ty: t, components: vec![z, z, z, one] }, tf.span);
            members.push(("SV_Position".to_string(), t, naga::Binding::BuiltIn(naga::BuiltIn::Position { invariant: false })));
            values.push(v);
        }
        // A stand-in is found by its name, which only a struct member has.
        if members.len() == 1 && stand_in_name(&members[0].2).is_none() {
            let (_, ty, binding) = members.remove(0);
            b.func.result = Some(naga::FunctionResult { ty, binding: Some(binding) });
            b.push(naga::Statement::Return { value: Some(values[0]) }, tf.span);
        } else if !members.is_empty() {
            let mut offset = 0u32;
            let mut nmembers = Vec::new();
            for (name, ty, binding) in members {
                let l = b.lw.layouter[ty];
                let a = l.alignment.round_up(1);
                offset = offset.div_ceil(a) * a;
                let name = if stand_in_name(&binding).is_some() { name } else { sanitize(&name) };
                nmembers.push(naga::StructMember { name: Some(name), ty, binding: Some(binding), offset });
                offset += l.size;
            }
            let span = offset.div_ceil(16) * 16;
            let sty = b.lw.insert_type(naga::TypeInner::Struct { members: nmembers, span }, Some(format!("{}_output", sanitize(&tf.name))));
            b.func.result = Some(naga::FunctionResult { ty: sty, binding: None });
            let c = b.add(naga::Expression::Compose { ty: sty, components: values }, tf.span);
            b.push(naga::Statement::Return { value: Some(c) }, tf.span);
        }
        let stand_in_outputs = match tf.params.iter().map(|p| b.lw.tys.get(p.ty)).find_map(|t| if let TypeInner::Stream { element, .. } = *t { Some(element) } else { None }) {
            Some(element) => b.reflected_stream_outputs(element),
            None => Vec::new(),
        };
        let function = b.finish();
        if let Some(g) = &ep.geometry {
            let model = super::geometry::entry_model(&ep, g);
            self.stage_models.push(model);
            self.stage_io.insert(ep.name.clone(), ("geometry", stand_in_inputs, stand_in_outputs));
        }
        let early_depth_test = if ep.early_depth_stencil { Some(naga::EarlyDepthTest::Force) } else { early_depth };
        self.module.entry_points.push(naga::EntryPoint {
            name: ep.name.clone(),
            stage,
            early_depth_test,
            workgroup_size: if stage.compute_like() { ep.workgroup_size } else { [0; 3] },
            workgroup_size_overrides: None,
            function,
            mesh_info,
            task_payload,
            incoming_ray_payload: None,
        });
    }
}

impl FnBuilder<'_, '_> {
    /// `-fvk-use-dx-position-w`: the fragment position `p` with D3D's w, `(p.xyz, 1 / p.w)`.
    fn reciprocal_w(&mut self, p: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        self.with_position_component(p, 3, s, |b, w| {
            let one = b.add(naga::Expression::Literal(naga::Literal::F32(1.0)), s);
            b.add(naga::Expression::Binary { op: naga::BinaryOperator::Divide, left: one, right: w }, s)
        })
    }

    /// `-fvk-invert-y`: the clip-space position `p` with its y negated, `(p.x, -p.y, p.zw)`.
    pub(super) fn negate_y(&mut self, p: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        self.with_position_component(p, 1, s, |b, y| b.add(naga::Expression::Unary { op: naga::UnaryOperator::Negate, expr: y }, s))
    }

    /// The `float4` position `p` with component `index` replaced by `f` of it.
    fn with_position_component(&mut self, p: Handle<naga::Expression>, index: usize, s: Span, f: impl FnOnce(&mut Self, Handle<naga::Expression>) -> Handle<naga::Expression>) -> Handle<naga::Expression> {
        let mut c: Vec<_> = (0..4).map(|i| self.add(naga::Expression::AccessIndex { base: p, index: i }, s)).collect();
        c[index] = f(self, c[index]);
        let t = self.lw.vector_type(naga::Scalar::F32, 4);
        self.add(naga::Expression::Compose { ty: t, components: c }, s)
    }

    /// Runs the initializers of `static` globals that are not constant, in declaration order,
    /// except that an initializer reading another deferred `static` runs after that one's
    /// (the hidden `static` holding what a call in a global initializer returned is made
    /// while the initializer is analysed, after the globals it initialises).
    pub(super) fn deferred_static_inits(&mut self) {
        let deferred = self.lw.deferred_inits.clone();
        fn visit(g: tir::GlobalId, tir: &tir::Module, deferred: &[tir::GlobalId], state: &mut rustc_hash::FxHashMap<tir::GlobalId, bool>, out: &mut Vec<tir::GlobalId>) {
            if state.contains_key(&g) {
                return;
            }
            state.insert(g, false);
            if let tir::GlobalKind::Static { init: Some(init), .. } = &tir.global(g).kind {
                let mut reads = Vec::new();
                tir::visit::walk_expr(init, &mut |x: &tir::Expr| {
                    if let tir::ExprKind::Load(p) = &x.kind {
                        if let tir::PlaceRoot::Global(r) = p.root {
                            reads.push(r);
                        }
                    }
                });
                for r in reads.into_iter().filter(|r| *r != g && deferred.contains(r)) {
                    visit(r, tir, deferred, state, out);
                }
            }
            out.push(g);
        }
        let mut order = Vec::new();
        let mut state = Default::default();
        for &g in &deferred {
            visit(g, self.lw.tir, &deferred, &mut state, &mut order);
        }
        for g in order {
            let global = self.lw.tir.global(g);
            if let tir::GlobalKind::Static { init: Some(init), .. } = &global.kind {
                if let Some(super::GlobalRep::Value { var, .. }) = self.lw.globals.get(&g).copied() {
                    let v = self.expr(init);
                    let ptr = self.add(naga::Expression::GlobalVariable(var), init.span);
                    self.push(naga::Statement::Store { pointer: ptr, value: v }, init.span);
                }
            }
        }
    }
}

/// The user locations of an entry point's inputs or outputs being assigned.
pub(super) struct Locations {
    /// The next location in declaration order.
    next: u32,
    /// Whether the values use `[[vk::location]]` (known from the first).
    explicit: Option<bool>,
    /// Taken locations, the dual-source blending index (`vk::index`) that shares each, and
    /// the values that took them.
    used: Vec<(u32, Option<u32>, String)>,
    /// `input` or `output`, for messages.
    direction: &'static str,
    /// `-fvk-stage-io-order=alpha`: the location of each user-semantic value (by
    /// [`leaf_name`]), assigned in alphabetical order of the names (DXC's order: the semantic
    /// strings compared byte by byte, declaration order among equal ones). Values it does
    /// not list take locations after them.
    alphabetical: Option<std::collections::HashMap<String, u32>>,
}

impl Locations {
    pub(super) fn new(direction: &'static str) -> Self {
        Locations { next: 0, explicit: None, used: Vec::new(), direction, alphabetical: None }
    }

    /// Takes over the locations `other` assigned (a tessellation stage's control points,
    /// assigned apart from its patch constants, which follow them).
    pub(super) fn absorb(&mut self, other: Locations) {
        self.next = self.next.max(other.next);
        self.explicit = self.explicit.or(other.explicit);
        self.used.extend(other.used);
    }
}

/// The built-ins [`FnBuilder::builtin_stand_in`] stands in for, by SPIR-V name; stand-in `k` is at
/// location `FIRST_STAND_IN + k`, clip distances from `FIRST_STAND_IN + 16`, cull distances
/// from `FIRST_STAND_IN + 32` (plus the offset in the array).
const STAND_INS: [&str; 11] = ["Layer", "ViewportIndex", "PrimitiveShadingRateKHR", "ShadingRateKHR", "FullyCoveredEXT", "FragStencilRefEXT", "BaseVertex", "BaseInstance", "DrawIndex", "DeviceIndex", "HelperInvocation"];
const FIRST_STAND_IN: u32 = crate::passes::builtin_stand_in::FIRST_LOCATION;

/// The name `passes::builtin_stand_in` finds a stand-in by, if the binding is one.
fn stand_in_name(binding: &naga::Binding) -> Option<String> {
    let naga::Binding::Location { location, .. } = *binding else { return None };
    let k = location.checked_sub(FIRST_STAND_IN)?;
    let prefix = crate::passes::builtin_stand_in::PREFIX;
    match k {
        0..16 => STAND_INS.get(k as usize).map(|b| format!("{prefix}{b}")),
        16..32 => Some(format!("{prefix}ClipDistance::{}", k - 16)),
        32..48 => Some(format!("{prefix}CullDistance::{}", k - 32)),
        _ => None,
    }
}

/// The semantic indices one element of an array of structs takes for semantic `name`: the
/// leaves of one element that carry it.
pub(super) fn array_of_structs_stride(element: &[Leaf], name: &str) -> u32 {
    element.iter().filter(|l| l.semantic.name.eq_ignore_ascii_case(name)).count() as u32
}

pub(super) fn leaf_name(s: &Semantic, array_index: Option<u32>) -> String {
    let idx = s.index + array_index.unwrap_or(0);
    if s.explicit_index || array_index.is_some() {
        format!("{}{}", s.name, idx)
    } else {
        s.name.clone()
    }
}

impl FnBuilder<'_, '_> {
    /// The locations of one entry point's inputs or outputs, whose leaves are `leaves`: in
    /// declaration order (DXC's default), or with `-fvk-stage-io-order=alpha` in alphabetical
    /// order of their semantic names. System values (`SV_…`, `[[vk::builtin]]`) take none.
    pub(super) fn stage_locations<'l>(&self, direction: &'static str, leaves: impl IntoIterator<Item = &'l Leaf>) -> Locations {
        let mut locations = Locations::new(direction);
        if !self.lw.options.stage_io_alphabetical {
            return locations;
        }
        let mut user: Vec<(String, u32)> = leaves
            .into_iter()
            .filter(|l| l.semantic.vk_builtin.is_none() && !l.semantic.name.to_ascii_uppercase().starts_with("SV_"))
            .map(|l| {
                let size = match *self.lw.tys.get(l.ty) {
                    TypeInner::Vector { size: 3 | 4, scalar } if scalar.width == 8 => 2,
                    _ => 1,
                };
                (leaf_name(&l.semantic, l.array_index), size)
            })
            .collect();
        user.sort_by(|a, b| a.0.cmp(&b.0));
        let mut map = std::collections::HashMap::new();
        for (name, size) in user {
            map.entry(name).or_insert(locations.next);
            locations.next += size;
        }
        locations.alphabetical = Some(map);
        locations
    }

    /// Flattens a value with semantics into leaves.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn collect_leaves(&mut self, ty: TypeId, semantic: Option<&Semantic>, interp: tir::Interpolation, precise: bool, path: &mut Vec<u32>, out: &mut Vec<Leaf>) {
        if let Some(s) = semantic {
            if let TypeInner::Array { base, size: Some(n) } = *self.lw.tys.get(ty) {
                let elementwise = !s.name.to_ascii_uppercase().starts_with("SV_") || s.is("SV_Target");
                if elementwise && !matches!(self.lw.tys.get(base), TypeInner::Scalar(_) | TypeInner::Vector { .. }) {
                    // Arrays of matrices, structs or arrays: each element takes the next
                    // semantic indices (a matrix one per row).
                    let start = out.len();
                    for i in 0..n {
                        let k = (out.len() - start) as u32;
                        let es = Semantic { index: s.index + k, explicit_index: s.explicit_index || k > 0, vk_location: s.vk_location.map(|l| l + k), ..s.clone() };
                        path.push(i);
                        self.collect_leaves(base, Some(&es), interp, precise, path, out);
                        path.pop();
                    }
                    return;
                }
                if elementwise {
                    for i in 0..n {
                        let mut p = path.clone();
                        p.push(i);
                        out.push(Leaf { path: p, ty: base, semantic: s.clone(), interpolation: interp, array_index: Some(i), precise, column: None });
                    }
                    return;
                }
            }
            // The position is a vector, never a matrix (not even `float1x4`, which would be
            // one row): kept whole, the stage's check reports it (DXC's rule for Vulkan).
            if s.is("SV_Position") && matches!(self.lw.tys.get(ty), TypeInner::Matrix { .. }) {
                out.push(Leaf { path: path.clone(), ty, semantic: s.clone(), interpolation: interp, array_index: None, precise, column: None });
                return;
            }
            // An `N×1` matrix is one `N`-component vector (DXC's SPIR-V back end types it as a
            // vector; DXIL writes it to one register).
            if let TypeInner::Matrix { scalar, rows, cols: 1 } = *self.lw.tys.get(ty) {
                if rows > 1 {
                    let column_ty = self.lw.tys.vector(scalar, rows);
                    out.push(Leaf { path: path.clone(), ty: column_ty, semantic: s.clone(), interpolation: interp, array_index: None, precise, column: Some(rows) });
                    return;
                }
            }
            // Any other matrix occupies one location per row (D3D: one register per row), with
            // consecutive semantic indices.
            if let TypeInner::Matrix { scalar, rows, cols } = *self.lw.tys.get(ty) {
                let row_ty = self.lw.tys.vector(scalar, cols);
                for r in 0..rows as u32 {
                    let mut p = path.clone();
                    p.push(r);
                    out.push(Leaf { path: p, ty: row_ty, semantic: s.clone(), interpolation: interp, array_index: Some(r), precise, column: None });
                }
                return;
            }
            // A semantic on a struct covers its fields in order, with consecutive semantic
            // indices (DXC's rule); the fields' own semantics are overridden.
            if let TypeInner::Struct(st) = *self.lw.tys.get(ty) {
                let fields = self.lw.tir.structs[st.0 as usize].fields.clone();
                let start = out.len();
                for (i, f) in fields.iter().enumerate() {
                    let k = (out.len() - start) as u32;
                    let fs = Semantic { index: s.index + k, explicit_index: s.explicit_index || k > 0, vk_location: s.vk_location.map(|l| l + k), ..s.clone() };
                    let mut fi = f.interpolation;
                    fi.nointerpolation |= interp.nointerpolation;
                    path.push(i as u32);
                    self.collect_leaves(f.ty, Some(&fs), fi, precise || f.precise, path, out);
                    path.pop();
                }
                return;
            }
            out.push(Leaf { path: path.clone(), ty, semantic: s.clone(), interpolation: interp, array_index: None, precise, column: None });
            return;
        }
        if let TypeInner::Struct(st) = *self.lw.tys.get(ty) {
            let fields = self.lw.tir.structs[st.0 as usize].fields.clone();
            for (i, f) in fields.iter().enumerate() {
                path.push(i as u32);
                let mut fi = f.interpolation;
                fi.nointerpolation |= interp.nointerpolation;
                self.collect_leaves(f.ty, f.semantic.as_ref(), fi, precise || f.precise, path, out);
                path.pop();
            }
        }
        // An array of structs without a semantic: each field's semantic covers the elements
        // with consecutive indices (DXC makes each field an array), field by field.
        if let TypeInner::Array { base, size: Some(n) } = *self.lw.tys.get(ty) {
            if !matches!(self.lw.tys.get(base), TypeInner::Struct(_)) {
                return;
            }
            let start = out.len();
            path.push(0);
            self.collect_leaves(base, None, interp, precise, path, out);
            path.pop();
            let first: Vec<Leaf> = out.drain(start..).collect();
            let depth = path.len();
            for leaf in &first {
                let per_element = array_of_structs_stride(&first, &leaf.semantic.name);
                for i in 0..n {
                    let mut l = leaf.clone();
                    l.path[depth] = i;
                    l.semantic.index += i * per_element;
                    l.semantic.explicit_index |= i > 0;
                    out.push(l);
                }
            }
        }
    }

    /// Rebuilds a parameter value from its leaves.
    pub(super) fn rebuild(&mut self, ty: TypeId, leaves: &[Leaf], values: &[Handle<naga::Expression>], s: Span) -> Handle<naga::Expression> {
        self.rebuild_at(ty, &mut Vec::new(), leaves, values, s)
    }

    fn rebuild_at(&mut self, ty: TypeId, path: &mut Vec<u32>, leaves: &[Leaf], values: &[Handle<naga::Expression>], s: Span) -> Handle<naga::Expression> {
        if let Some(i) = leaves.iter().position(|l| l.path == *path) {
            let Some(n) = leaves[i].column else { return values[i] };
            // An `N×1` matrix from its vector: row `r` is component `r`.
            let components = (0..n as u32).map(|r| self.add(naga::Expression::AccessIndex { base: values[i], index: r }, s)).collect();
            let t = self.lw.ty(ty);
            return self.add(naga::Expression::Compose { ty: t, components }, s);
        }
        let t = self.lw.ty(ty);
        let parts: Vec<TypeId> = match *self.lw.tys.get(ty) {
            TypeInner::Struct(st) => self.lw.tir.structs[st.0 as usize].fields.iter().map(|f| f.ty).collect(),
            TypeInner::Array { base, size: Some(n) } => vec![base; n as usize],
            TypeInner::Matrix { scalar, rows, cols } => vec![self.lw.tys.vector(scalar, cols); rows as usize],
            _ => return self.add(naga::Expression::ZeroValue(t), s),
        };
        let mut comps = Vec::new();
        for (i, pty) in parts.into_iter().enumerate() {
            path.push(i as u32);
            comps.push(self.rebuild_at(pty, path, leaves, values, s));
            path.pop();
        }
        self.add(naga::Expression::Compose { ty: t, components: comps }, s)
    }

    /// The value of a leaf inside a value.
    pub(super) fn extract(&mut self, v: Handle<naga::Expression>, _ty: TypeId, leaf: &Leaf, s: Span) -> Handle<naga::Expression> {
        let t = self.lw.ty(leaf.ty);
        self.extract_path(v, &leaf.path, leaf.column.map(|_| t), s)
    }

    /// The value at `path` inside a value; `column`: the vector type an `N×1` matrix there is
    /// read as (see [`Leaf::column`]).
    pub(super) fn extract_path(&mut self, v: Handle<naga::Expression>, path: &[u32], column: Option<Handle<naga::Type>>, s: Span) -> Handle<naga::Expression> {
        let mut cur = v;
        for &i in path {
            cur = self.add(naga::Expression::AccessIndex { base: cur, index: i }, s);
        }
        let Some(t) = column else { return cur };
        let n = match self.lw.module.types[t].inner {
            naga::TypeInner::Vector { size, .. } => size as u32,
            _ => 1,
        };
        let components = (0..n).map(|r| self.add(naga::Expression::AccessIndex { base: cur, index: r }, s)).collect();
        self.add(naga::Expression::Compose { ty: t, components }, s)
    }

    /// `SV_Barycentrics` (SM 6.1): a `float3`, naga's `Barycentric` built-in (`noperspective`:
    /// the non-perspective one). naga has no per-vertex inputs and no centroid or sample
    /// evaluation of the built-in, so `nointerpolation` is an error and `centroid`/`sample` a
    /// warning.
    fn barycentrics_input(&mut self, leaf: &Leaf) -> Option<(naga::Binding, Handle<naga::Type>, bool)> {
        let sem = &leaf.semantic;
        let f3 = self.lw.tys.vector(crate::ty::Scalar::F32, 3);
        if leaf.ty != f3 {
            let t = self.lw.tir.type_name(leaf.ty);
            self.lw.error("E0617", sem.span, format!("system value `{}` must be a `float3`, found `{t}`", sem.name)).help("declare it as `float3`");
            return None;
        }
        if let Some(p) = self.lw.options.profile {
            if !p.at_least(6, 1) {
                self.lw.error("E0616", sem.span, format!("system value `{}` needs shader model 6.1, found {}.{}", sem.name, p.major, p.minor)).help("compile with a 6.1 profile or later, e.g. `-T ps_6_1`");
                return None;
            }
        }
        let interp = leaf.interpolation;
        if interp.nointerpolation {
            self.lw.error("E0803", sem.span, "`nointerpolation` on `SV_Barycentrics` (per-vertex barycentrics for `GetAttributeAtVertex`) cannot be expressed in WGSL or naga IR")
                .help("read the interpolated barycentrics (no modifier, or `noperspective`) and pass per-vertex values as `nointerpolation` attributes of their own");
            return None;
        }
        if interp.centroid || interp.sample {
            let what = if interp.sample { "sample" } else { "centroid" };
            self.lw
                .warning("W0811", "barycentrics-sampling", sem.span, format!("`{what}` on `SV_Barycentrics` is dropped: naga's barycentric built-in is evaluated at the pixel centre"))
                .help("the values differ from D3D's only in pixels a triangle partly covers when multisampling");
        }
        let ty = self.lw.vector_type(naga::Scalar::F32, 3);
        Some((naga::Binding::BuiltIn(naga::BuiltIn::Barycentric { perspective: !interp.noperspective }), ty, false))
    }

    /// A system value naga has no built-in for (`SV_RenderTargetArrayIndex`,
    /// `SV_ViewportArrayIndex`, `SV_ShadingRate`, `SV_InnerCoverage`, `SV_StencilRef`): for
    /// SPIR-V a `uint` stand-in location that `passes::builtin_stand_in` turns into the
    /// built-in; WGSL has none of them.
    fn builtin_stand_in(&mut self, stage: Stage, leaf: &Leaf, output: bool) -> Option<(naga::Binding, Handle<naga::Type>, bool)> {
        let sem = &leaf.semantic;
        let upper = sem.name.to_ascii_uppercase();
        let built_in = match (upper.as_str(), output) {
            ("SV_RENDERTARGETARRAYINDEX", _) => "Layer",
            ("SV_VIEWPORTARRAYINDEX", _) => "ViewportIndex",
            ("SV_SHADINGRATE", true) => "PrimitiveShadingRateKHR",
            ("SV_SHADINGRATE", false) => "ShadingRateKHR",
            ("SV_INNERCOVERAGE", _) => "FullyCoveredEXT",
            _ => "FragStencilRefEXT",
        };
        let direction = if output { "an output" } else { "an input" };
        let stage_name = format!("{stage:?}").to_lowercase();
        if upper == "SV_SHADINGRATE" {
            if let Some(p) = self.lw.options.profile.filter(|p| !p.at_least(6, 4)) {
                self.lw.error("E0616", sem.span, format!("system value `{}` needs shader model 6.4, found {}.{}", sem.name, p.major, p.minor)).help("compile with a 6.4 profile or later, e.g. `-T ps_6_4`");
                return None;
            }
        }
        if upper == "SV_INNERCOVERAGE" && !matches!(self.lw.tys.get(leaf.ty), TypeInner::Scalar(sc) if sc.kind == ScalarKind::Uint) {
            let t = self.lw.tir.type_name(leaf.ty);
            self.lw.error("E0617", sem.span, format!("system value `{}` must be a `uint`, found `{t}`", sem.name)).help("declare it as `uint`");
            return None;
        }
        let scalar = match *self.lw.tys.get(leaf.ty) {
            TypeInner::Scalar(sc) => sc,
            _ => {
                let t = self.lw.tir.type_name(leaf.ty);
                self.lw.error("E0617", sem.span, format!("system value `{}` must be a scalar, found `{t}`", sem.name)).help("declare it as `uint`");
                return None;
            }
        };
        if self.lw.options.target != crate::options::Target::SpirV {
            self.lw
                .error("E0803", sem.span, format!("`{}` as {direction} of {stage_name} shaders (SPIR-V's `{built_in}` built-in) cannot be expressed in WGSL", sem.name))
                .help("compile to SPIR-V (`-spirv`), or pass the value as a user semantic");
            return None;
        }
        let index = STAND_INS.iter().position(|b| *b == built_in).unwrap_or(0) as u32;
        let u = self.lw.scalar_type(naga::Scalar::U32);
        // Integers cross stages flat; fragment outputs take no interpolation.
        let interpolation = if output && stage == Stage::Pixel { None } else { Some(naga::Interpolation::Flat) };
        let binding = naga::Binding::Location { location: FIRST_STAND_IN + index, interpolation, sampling: None, blend_src: None, per_primitive: false };
        Some((binding, u, scalar.kind == ScalarKind::Bool))
    }

    /// The `BaseVertex` or `BaseInstance` draw parameter (`name`) that `-fvk-support-nonzero-
    /// base-vertex`/`-instance` subtract from `SV_VertexID`/`SV_InstanceID` (of `leaf`): the
    /// wrapper's argument, added (its index into `hidden`) unless an input reads it already.
    /// SPIR-V only: WGSL has no draw parameters, and its indices start at the draw's first
    /// vertex and instance too.
    fn draw_parameter_base(&mut self, name: &str, leaf: &Leaf, hidden: &mut Vec<u32>) -> Option<Handle<naga::Expression>> {
        let s = leaf.semantic.span;
        if self.lw.options.target != crate::options::Target::SpirV {
            let flag = if name == "BaseVertex" { "-fvk-support-nonzero-base-vertex" } else { "-fvk-support-nonzero-base-instance" };
            self.lw
                .error("E0803", s, format!("`{flag}` (`{}` less SPIR-V's `{name}`) cannot be expressed in WGSL, which has no draw parameters", leaf.semantic.name))
                .help("compile to SPIR-V (`-spirv`), or pass the first vertex or instance in a constant buffer");
            return None;
        }
        let index = STAND_INS.iter().position(|b| *b == name).unwrap_or(0) as u32;
        let binding = naga::Binding::Location { location: FIRST_STAND_IN + index, interpolation: None, sampling: None, blend_src: None, per_primitive: false };
        let k = match self.func.arguments.iter().position(|a| a.binding.as_ref() == Some(&binding)) {
            Some(k) => k as u32,
            None => {
                let u = self.lw.scalar_type(naga::Scalar::U32);
                let k = self.func.arguments.len() as u32;
                self.func.arguments.push(naga::FunctionArgument { name: stand_in_name(&binding), ty: u, binding: Some(binding) });
                hidden.push(k);
                k
            }
        };
        Some(self.add(naga::Expression::FunctionArgument(k), s))
    }

    /// `SV_StartVertexLocation`/`SV_StartInstanceLocation` (SM 6.8): SPIR-V's `BaseVertex` and
    /// `BaseInstance`, which WGSL does not have.
    fn draw_parameter(&mut self, leaf: &Leaf) -> Option<(naga::Binding, Handle<naga::Type>, bool)> {
        let sem = &leaf.semantic;
        let spirv = if sem.is("SV_StartVertexLocation") { "BaseVertex" } else { "BaseInstance" };
        if let Some(p) = self.lw.options.profile.filter(|p| !p.at_least(6, 8)) {
            self.lw.error("E0616", sem.span, format!("system value `{}` needs shader model 6.8, found {}.{}", sem.name, p.major, p.minor)).help("compile with a 6.8 profile or later, e.g. `-T vs_6_8`");
            return None;
        }
        if !matches!(self.lw.tys.get(leaf.ty), TypeInner::Scalar(sc) if matches!(sc.kind, ScalarKind::Int | ScalarKind::Uint)) {
            let t = self.lw.tir.type_name(leaf.ty);
            self.lw.error("E0617", sem.span, format!("system value `{}` must be an `int` or `uint`, found `{t}`", sem.name)).help("declare it as `uint`");
            return None;
        }
        if self.lw.options.target != crate::options::Target::SpirV {
            self.lw
                .error("E0803", sem.span, format!("`{}` (SPIR-V's `{spirv}` built-in) cannot be expressed in WGSL", sem.name))
                .help("compile to SPIR-V (`-spirv`), or pass the value in a constant buffer");
            return None;
        }
        // naga's writer leaves out the `DrawParameters` capability these need: a stand-in.
        let index = STAND_INS.iter().position(|b| *b == spirv).unwrap_or(0) as u32;
        let u = self.lw.scalar_type(naga::Scalar::U32);
        let binding = naga::Binding::Location { location: FIRST_STAND_IN + index, interpolation: None, sampling: None, blend_src: None, per_primitive: false };
        Some((binding, u, false))
    }

    /// The offset of each pixel-shader clip and cull distance input in its built-in array, by
    /// (cull, semantic index): in semantic-index order, each after the ones before (DXC's
    /// layout). Only the ones whose offsets are known are listed.
    fn pixel_distance_offsets(&mut self, tf: &tir::Function) -> Vec<((bool, u32), u32)> {
        let mut found = Vec::new();
        for p in &tf.params {
            if p.dir == ParamDir::Out {
                continue;
            }
            let mut leaves = Vec::new();
            self.collect_leaves(p.ty, p.semantic.as_ref(), p.interpolation, p.precise, &mut Vec::new(), &mut leaves);
            for leaf in leaves {
                let cull = leaf.semantic.is("SV_CullDistance");
                if cull || leaf.semantic.is("SV_ClipDistance") {
                    let (element, count) = match *self.lw.tys.get(leaf.ty) {
                        TypeInner::Array { base, size: Some(n) } => (base, n),
                        _ => (leaf.ty, 1),
                    };
                    let n = count
                        * match *self.lw.tys.get(element) {
                            TypeInner::Vector { size, .. } => size as u32,
                            _ => 1,
                        };
                    found.push(((cull, leaf.semantic.index + leaf.array_index.unwrap_or(0)), n));
                }
            }
        }
        found.sort();
        let mut out = Vec::new();
        let mut next = [0u32; 2];
        for ((cull, index), n) in found {
            out.push(((cull, index), next[cull as usize]));
            next[cull as usize] += n;
        }
        out
    }

    /// A pixel shader's `SV_ClipDistance<n>`/`SV_CullDistance<n>` input (a `float`, a `float`
    /// vector or an array of them): for SPIR-V one stand-in argument per scalar or vector that
    /// `passes::builtin_stand_in` gathers into the built-in array (naga allows the built-ins
    /// only as outputs), composed into the input's value; WGSL has no such input.
    fn pixel_distance_value(&mut self, leaf: &Leaf, offsets: &[((bool, u32), u32)]) -> Option<Handle<naga::Expression>> {
        let sem = &leaf.semantic;
        let cull = sem.is("SV_CullDistance");
        let shown = if cull { "SV_CullDistance" } else { "SV_ClipDistance" };
        let (element, count) = match *self.lw.tys.get(leaf.ty) {
            TypeInner::Array { base, size: Some(n) } => (base, Some(n)),
            _ => (leaf.ty, None),
        };
        let (n, scalar) = match *self.lw.tys.get(element) {
            TypeInner::Vector { size, scalar } => (size as u32, Some(scalar)),
            TypeInner::Scalar(sc) => (1, Some(sc)),
            _ => (0, None),
        };
        if scalar != Some(crate::ty::Scalar::F32) {
            let t = self.lw.tir.type_name(leaf.ty);
            self.lw.error("E0617", sem.span, format!("`{shown}` must be 32-bit floats, found `{t}`")).help("declare it as `float`, a `float` vector, or an array of them");
            return None;
        }
        let key = (cull, sem.index + leaf.array_index.unwrap_or(0));
        if offsets.iter().filter(|(k, _)| *k == key).count() > 1 {
            self.lw.error("E0615", sem.span, format!("system value `{}` is used twice", leaf_name(sem, leaf.array_index)));
            return None;
        }
        let offset = offsets.iter().find(|(k, _)| *k == key).map_or(0, |(_, o)| *o);
        if offset + n * count.unwrap_or(1) > 8 {
            self.lw.error("E0617", sem.span, format!("the `{shown}` inputs have more than 8 components")).help("read at most 8 distances in all");
            return None;
        }
        if self.lw.options.target != crate::options::Target::SpirV {
            self.lw
                .error("E0803", sem.span, format!("`{shown}` as an input of pixel shaders cannot be expressed in WGSL"))
                .help("compile to SPIR-V (`-spirv`), or pass the distances as user semantics too");
            return None;
        }
        let base = if cull { FIRST_STAND_IN + 32 } else { FIRST_STAND_IN + 16 };
        let ty = self.lw.vector_type(naga::Scalar::F32, n as u8);
        let mut values = Vec::new();
        for k in 0..count.unwrap_or(1) {
            let location = base + offset + k * n;
            let binding = naga::Binding::Location { location, interpolation: Some(naga::Interpolation::Perspective), sampling: Some(naga::Sampling::Center), blend_src: None, per_primitive: false };
            let index = self.func.arguments.len() as u32;
            self.func.arguments.push(naga::FunctionArgument { name: stand_in_name(&binding), ty, binding: Some(binding) });
            values.push(self.add(naga::Expression::FunctionArgument(index), sem.span));
        }
        if count.is_none() {
            return values.pop();
        }
        let t = self.lw.ty(leaf.ty);
        Some(self.add(naga::Expression::Compose { ty: t, components: values }, sem.span))
    }

    /// Binding and naga type of a stage input; `None` (after reporting) if unsupported.
    fn input_binding(&mut self, stage: Stage, leaf: &Leaf, location: &mut Locations) -> Option<(naga::Binding, Handle<naga::Type>, bool)> {
        use naga::BuiltIn as B;
        let sem = &leaf.semantic;
        if let Some(name) = &sem.vk_builtin {
            if self.lw.options.target == crate::options::Target::Wgsl {
                return self.wgsl_vk_builtin(sem);
            }
            if let Some(binding) = self.vk_builtin_input(stage, leaf, name) {
                return binding;
            }
            return self.unsupported_vk_builtin(sem, "input");
        }
        let upper = sem.name.to_ascii_uppercase();
        // System values are scalars or vectors (clip and cull distances are gathered before).
        if upper.starts_with("SV_") && !matches!(self.lw.tys.get(leaf.ty), TypeInner::Scalar(_) | TypeInner::Vector { .. }) {
            let t = self.lw.tir.type_name(leaf.ty);
            self.lw.error("E0617", sem.span, format!("system value `{}` cannot have type `{t}`", sem.name)).help("declare it as a scalar or vector, e.g. `float4` for `SV_Position`");
            return None;
        }
        let u3 = self.lw.vector_type(naga::Scalar::U32, 3);
        let u = self.lw.scalar_type(naga::Scalar::U32);
        let builtin = match (stage, upper.as_str()) {
            (Stage::Vertex, "SV_VERTEXID") => Some((B::VertexIndex, u)),
            (Stage::Vertex, "SV_INSTANCEID") => Some((B::InstanceIndex, u)),
            (Stage::Pixel, "SV_POSITION") => Some((B::Position { invariant: false }, self.lw.vector_type(naga::Scalar::F32, 4))),
            (Stage::Pixel, "SV_ISFRONTFACE") => Some((B::FrontFacing, self.lw.scalar_type(naga::Scalar::BOOL))),
            (Stage::Pixel, "SV_SAMPLEINDEX") => Some((B::SampleIndex, u)),
            (Stage::Pixel, "SV_COVERAGE") => Some((B::SampleMask, u)),
            (Stage::Pixel, "SV_PRIMITIVEID") => Some((B::PrimitiveIndex, u)),
            (Stage::Pixel, "SV_BARYCENTRICS") => return self.barycentrics_input(leaf),
            (Stage::Pixel, "SV_RENDERTARGETARRAYINDEX" | "SV_VIEWPORTARRAYINDEX" | "SV_SHADINGRATE" | "SV_INNERCOVERAGE") => return self.builtin_stand_in(stage, leaf, false),
            (Stage::Vertex, "SV_STARTVERTEXLOCATION" | "SV_STARTINSTANCELOCATION") => return self.draw_parameter(leaf),
            // D3D passes the instance id on to a pixel shader as an ordinary attribute.
            (Stage::Pixel, "SV_INSTANCEID") => None,
            (Stage::Vertex | Stage::Pixel | Stage::Mesh | Stage::Amplification, "SV_VIEWID") => Some((B::ViewIndex, u)),
            (Stage::Compute | Stage::Mesh | Stage::Amplification | Stage::Node, "SV_DISPATCHTHREADID") => Some((B::GlobalInvocationId, u3)),
            (Stage::Compute | Stage::Mesh | Stage::Amplification | Stage::Node, "SV_GROUPID") => Some((B::WorkGroupId, u3)),
            (Stage::Compute | Stage::Mesh | Stage::Amplification | Stage::Node, "SV_GROUPTHREADID") => Some((B::LocalInvocationId, u3)),
            (Stage::Compute | Stage::Mesh | Stage::Amplification | Stage::Node, "SV_GROUPINDEX") => Some((B::LocalInvocationIndex, u)),
            // D3D: these system values are ordinary attributes when a vertex shader reads them
            // (the input assembler feeds them); others are invalid there.
            (Stage::Vertex, "SV_POSITION" | "SV_CLIPDISTANCE" | "SV_CULLDISTANCE" | "SV_RENDERTARGETARRAYINDEX" | "SV_VIEWPORTARRAYINDEX") => None,
            (_, n) if n.starts_with("SV_") => {
                let stage_name = format!("{stage:?}").to_lowercase();
                self.lw.error("E0616", sem.span, format!("system value `{}` is not available as an input of {stage_name} shaders here", sem.name))
                    .help("check the semantic against the stage, or use a user semantic such as `TEXCOORD0`");
                return None;
            }
            _ => None,
        };
        if let Some((bi, ty)) = builtin {
            return Some((naga::Binding::BuiltIn(bi), ty, false));
        }
        if matches!(stage, Stage::Compute | Stage::Mesh | Stage::Amplification | Stage::Node) {
            let stage_name = format!("{stage:?}").to_lowercase();
            self.lw.error("E0616", sem.span, format!("{stage_name} shader inputs must be system values, found `{}`", sem.name));
            return None;
        }
        let (ty, is_bool) = self.io_type(leaf.ty, sem.span)?;
        let loc = self.user_location(location, leaf)?;
        let (interpolation, sampling) = if stage == Stage::Vertex { (None, None) } else { self.interpolation(leaf.ty, leaf.interpolation) };
        Some((naga::Binding::Location { location: loc, interpolation, sampling, blend_src: None, per_primitive: false }, ty, is_bool))
    }

    /// Binding of a stage output; the third value is the conservative depth mode for
    /// `SV_DepthGreaterEqual`/`SV_DepthLessEqual`.
    fn output_binding(&mut self, stage: Stage, leaf: &Leaf, location: &mut Locations) -> Option<(naga::Binding, Handle<naga::Type>, Option<naga::ConservativeDepth>)> {
        use naga::BuiltIn as B;
        let sem = &leaf.semantic;
        if let Some(name) = &sem.vk_builtin {
            if self.lw.options.target == crate::options::Target::Wgsl {
                return self.wgsl_vk_builtin(sem);
            }
            if stage == Stage::Vertex && name == "PointSize" && matches!(*self.lw.tys.get(leaf.ty), TypeInner::Scalar(s) if s.kind == ScalarKind::Float && s.width == 4) {
                let f = self.lw.scalar_type(naga::Scalar::F32);
                return Some((naga::Binding::BuiltIn(B::PointSize), f, None));
            }
            return self.unsupported_vk_builtin(sem, "output");
        }
        let upper = sem.name.to_ascii_uppercase();
        // System values are scalars or vectors (clip and cull distances are gathered before).
        if upper.starts_with("SV_") && !matches!(self.lw.tys.get(leaf.ty), TypeInner::Scalar(_) | TypeInner::Vector { .. }) {
            let t = self.lw.tir.type_name(leaf.ty);
            self.lw.error("E0617", sem.span, format!("system value `{}` cannot have type `{t}`", sem.name)).help("declare it as a scalar or vector, e.g. `float4` for `SV_Position`");
            return None;
        }
        let f = self.lw.scalar_type(naga::Scalar::F32);
        let u = self.lw.scalar_type(naga::Scalar::U32);
        match (stage, upper.as_str()) {
            (Stage::Vertex, "SV_POSITION") => {
                // As DXC for Vulkan: the position is a 4-component 32-bit float vector
                // (`half4` too without `-enable-16bit-types`, where it is 32-bit).
                if !matches!(self.lw.tys.get(leaf.ty), TypeInner::Vector { scalar, size: 4 } if scalar.kind == ScalarKind::Float && scalar.width == 4) {
                    let t = self.lw.tir.type_name(leaf.ty);
                    self.lw.error("E0617", sem.span, format!("`SV_Position` must be a 4-component 32-bit float vector, found `{t}`")).help("declare the position as `float4`");
                    return None;
                }
                // `precise` on the position output is WGSL's `@invariant` (and SPIR-V's
                // `Invariant`): the same computation gives the same position in every shader.
                let t = self.lw.vector_type(naga::Scalar::F32, 4);
                return Some((naga::Binding::BuiltIn(B::Position { invariant: leaf.precise }), t, None));
            }
            (Stage::Pixel, "SV_TARGET") => {
                let (ty, _) = self.io_type(leaf.ty, sem.span)?;
                let loc = sem.index + leaf.array_index.unwrap_or(0);
                if loc > 7 {
                    self.lw.error("E0616", sem.span, format!("render target index {loc} is out of range (0 to 7)"));
                    return None;
                }
                // `[[vk::location(0), vk::index(N)]]`: source N of dual-source blending, at
                // location 0 whatever the target index (`sema` checked the location).
                if let Some((index, _)) = sem.vk_index {
                    return Some((naga::Binding::Location { location: 0, interpolation: None, sampling: None, blend_src: Some(index), per_primitive: false }, ty, None));
                }
                return Some((naga::Binding::Location { location: loc, interpolation: None, sampling: None, blend_src: None, per_primitive: false }, ty, None));
            }
            (Stage::Pixel, "SV_DEPTH") => return Some((naga::Binding::BuiltIn(B::FragDepth), f, None)),
            (Stage::Pixel, "SV_DEPTHGREATEREQUAL") => return Some((naga::Binding::BuiltIn(B::FragDepth), f, Some(naga::ConservativeDepth::GreaterEqual))),
            (Stage::Pixel, "SV_DEPTHLESSEQUAL") => return Some((naga::Binding::BuiltIn(B::FragDepth), f, Some(naga::ConservativeDepth::LessEqual))),
            (Stage::Pixel, "SV_COVERAGE") => return Some((naga::Binding::BuiltIn(B::SampleMask), u, None)),
            (Stage::Pixel, "COLOR") if self.lw.options.backwards_compatibility => {
                let (ty, _) = self.io_type(leaf.ty, sem.span)?;
                let loc = sem.index;
                return Some((naga::Binding::Location { location: loc, interpolation: None, sampling: None, blend_src: None, per_primitive: false }, ty, None));
            }
            (Stage::Vertex, "SV_RENDERTARGETARRAYINDEX" | "SV_VIEWPORTARRAYINDEX" | "SV_SHADINGRATE") | (Stage::Pixel, "SV_STENCILREF") => {
                return self.builtin_stand_in(stage, leaf, true).map(|(b, t, _)| (b, t, None));
            }
            // D3D passes the ids on from a vertex shader as ordinary (flat) attributes.
            (Stage::Vertex, "SV_INSTANCEID" | "SV_VERTEXID") => {}
            (_, n) if n.starts_with("SV_") => {
                let stage_name = format!("{stage:?}").to_lowercase();
                self.lw.error("E0616", sem.span, format!("system value `{}` is not available as an output of {stage_name} shaders here", sem.name));
                return None;
            }
            (Stage::Pixel, _) => {
                self.lw.error("E0616", sem.span, format!("pixel shader outputs need `SV_Target<n>`, `SV_Depth`, `SV_Coverage` or `SV_StencilRef`, found `{}`", sem.name))
                    .help("use `SV_Target0` for the first render target (`-Gec` maps `COLOR` too)");
                return None;
            }
            _ => {}
        }
        let (ty, _) = self.io_type(leaf.ty, sem.span)?;
        let loc = self.user_location(location, leaf)?;
        let (interpolation, sampling) = self.interpolation(leaf.ty, leaf.interpolation);
        // `[[vk::location(0), vk::index(N)]]`: source N of dual-source blending (`sema` allows
        // it on pixel shader outputs only; naga checks that both sources are there).
        let blend_src = sem.vk_index.filter(|_| stage == Stage::Pixel).map(|(i, _)| i);
        Some((naga::Binding::Location { location: loc, interpolation, sampling, blend_src, per_primitive: false }, ty, None))
    }

    /// The location of a user-semantic value: its `[[vk::location]]` (plus its element's
    /// offset), or the next free one in declaration order (DXC's rules: all or none of an
    /// entry point's inputs, and of its outputs, give locations; no location twice; a 64-bit
    /// three- or four-component vector takes two). The ones from `FIRST_STAND_IN` on belong
    /// to the SPIR-V stand-ins of system values.
    pub(super) fn user_location(&mut self, locations: &mut Locations, leaf: &Leaf) -> Option<u32> {
        let sem = &leaf.semantic;
        let size = match *self.lw.tys.get(leaf.ty) {
            TypeInner::Vector { size: 3 | 4, scalar } if scalar.width == 8 => 2,
            _ => 1,
        };
        let explicit = sem.vk_location.map(|l| l + leaf.array_index.unwrap_or(0) * size);
        match (locations.explicit, explicit.is_some()) {
            (None, e) => locations.explicit = Some(e),
            (Some(a), b) if a != b => {
                let direction = locations.direction;
                self.lw
                    .error("E0636", sem.span, format!("some stage {direction}s of this entry point have a `[[vk::location]]` and `{}` has none", sem.name))
                    .help(format!("give every user-semantic {direction} a `[[vk::location(N)]]`, or none"));
                return None;
            }
            _ => {}
        }
        let sorted = locations.alphabetical.as_ref().filter(|_| explicit.is_none()).and_then(|m| m.get(&leaf_name(sem, leaf.array_index)).copied());
        let loc = explicit.or(sorted).unwrap_or(locations.next);
        if loc + size > FIRST_STAND_IN {
            self.lw.error("E0617", sem.span, format!("the stage {}s need more than {FIRST_STAND_IN} locations", locations.direction)).help("pass large arrays in a buffer");
            return None;
        }
        for l in loc..loc + size {
            // The two sources of dual-source blending share location 0.
            let index = sem.vk_index.map(|(i, _)| i);
            if let Some((_, _, other)) = locations.used.iter().find(|(u, i, _)| *u == l && (index.is_none() || *i == index)) {
                let (direction, other) = (locations.direction, other.clone());
                self.lw
                    .error("E0637", sem.span, format!("stage {direction} location {l} of `{}` is already taken by `{other}`", leaf_name(sem, leaf.array_index)))
                    .help("give each value its own `[[vk::location]]` (64-bit three- and four-component vectors take two)");
                return None;
            }
        }
        for l in loc..loc + size {
            locations.used.push((l, sem.vk_index.map(|(i, _)| i), leaf_name(sem, leaf.array_index)));
        }
        if sorted.is_none() {
            locations.next = loc + size;
        }
        Some(loc)
    }

    /// `[[vk::builtin]]` for the WGSL target, which has none of those built-ins.
    fn wgsl_vk_builtin<T>(&mut self, sem: &Semantic) -> Option<T> {
        let name = sem.vk_builtin.clone().unwrap_or_default();
        self.lw.error("E0803", sem.span, format!("the Vulkan built-in `{name}` (`[[vk::builtin]]`) cannot be expressed in WGSL")).help("target SPIR-V, or remove the attribute (WebGPU draws points one pixel in size)");
        None
    }

    /// A `[[vk::builtin("NAME")]]` stage input naga has no built-in for, as a stand-in
    /// (`passes::builtin_stand_in`): `BaseVertex`, `BaseInstance`, `DrawIndex` and
    /// `DeviceIndex` (integers), `HelperInvocation` (a pixel shader's `bool`). `None` for
    /// other names; `Some(None)` after reporting a wrong type or stage.
    fn vk_builtin_input(&mut self, stage: Stage, leaf: &Leaf, name: &str) -> Option<Option<(naga::Binding, Handle<naga::Type>, bool)>> {
        let sem = &leaf.semantic;
        let scalar = match self.lw.tys.get(leaf.ty) {
            TypeInner::Scalar(sc) => Some(*sc),
            _ => None,
        };
        let (ok, wanted) = match name {
            "BaseVertex" | "BaseInstance" | "DrawIndex" | "DeviceIndex" => (scalar.is_some_and(|sc| matches!(sc.kind, ScalarKind::Int | ScalarKind::Uint)), "an `int` or `uint`"),
            "HelperInvocation" => (scalar.is_some_and(|sc| sc.kind == ScalarKind::Bool), "a `bool`"),
            _ => return None,
        };
        if !ok {
            let t = self.lw.tir.type_name(leaf.ty);
            self.lw.error("E0617", sem.span, format!("the Vulkan built-in `{name}` must be {wanted}, found `{t}`")).help(format!("declare it as {wanted}"));
            return Some(None);
        }
        if name == "HelperInvocation" && stage != Stage::Pixel {
            self.lw.error("E0616", sem.span, "the Vulkan built-in `HelperInvocation` is only an input of pixel shaders").help("remove the attribute, or use `IsHelperLane()`");
            return Some(None);
        }
        let index = STAND_INS.iter().position(|b| *b == name).unwrap_or(0) as u32;
        let u = self.lw.scalar_type(naga::Scalar::U32);
        // A pixel shader's integer inputs are flat (the pass keeps `Flat`, or drops it for
        // the `bool` it retypes `HelperInvocation` to).
        let interpolation = (stage == Stage::Pixel).then_some(naga::Interpolation::Flat);
        let binding = naga::Binding::Location { location: FIRST_STAND_IN + index, interpolation, sampling: None, blend_src: None, per_primitive: false };
        Some(Some((binding, u, name == "HelperInvocation")))
    }

    /// `[[vk::builtin]]` on a value hlslc cannot place there: an error naming the built-in.
    fn unsupported_vk_builtin<T>(&mut self, sem: &Semantic, direction: &str) -> Option<T> {
        let name = sem.vk_builtin.clone().unwrap_or_default();
        self.lw
            .error("E0801", sem.span, format!("`[[vk::builtin(\"{name}\")]]` on this stage {direction} is not supported yet"))
            .help("hlslc takes `PointSize` on a `float` vertex output and `BaseVertex`, `BaseInstance`, `DrawIndex`, `DeviceIndex` and `HelperInvocation` on inputs");
        None
    }

    /// The naga type of a user-semantic value (bools travel as `u32`).
    pub(super) fn io_type(&mut self, ty: TypeId, s: Span) -> Option<(Handle<naga::Type>, bool)> {
        match *self.lw.tys.get(ty) {
            TypeInner::Scalar(sc) | TypeInner::Vector { scalar: sc, .. } => {
                let n = match *self.lw.tys.get(ty) {
                    TypeInner::Vector { size, .. } => size,
                    _ => 1,
                };
                if sc.kind == ScalarKind::Bool {
                    return Some((self.lw.vector_type(naga::Scalar::U32, n), true));
                }
                Some((self.lw.vector_type(naga_scalar(sc), n), false))
            }
            _ => {
                let t = self.lw.tir.type_name(ty);
                self.lw.error("E0617", s, format!("a stage input or output of type `{t}` is not supported")).help("use scalars and vectors (split matrices and arrays into vectors)");
                None
            }
        }
    }

    pub(super) fn interpolation(&mut self, ty: TypeId, i: tir::Interpolation) -> (Option<naga::Interpolation>, Option<naga::Sampling>) {
        let float = self.lw.scalar_of(ty).is_float();
        if !float || i.nointerpolation {
            return (Some(naga::Interpolation::Flat), None);
        }
        let interp = if i.noperspective { naga::Interpolation::Linear } else { naga::Interpolation::Perspective };
        let sampling = if i.sample {
            naga::Sampling::Sample
        } else if i.centroid {
            naga::Sampling::Centroid
        } else {
            naga::Sampling::Center
        };
        (Some(interp), Some(sampling))
    }

    /// Converts a stage input (naga built-in or I/O type) to the HLSL leaf type.
    pub(super) fn adapt_input(&mut self, v: Handle<naga::Expression>, ty: TypeId, is_bool: bool, s: Span) -> Handle<naga::Expression> {
        let have = self.resolve(v);
        let (have_n, have_scalar) = match have {
            Some(naga::TypeInner::Vector { size, scalar }) => (size as u8, scalar),
            Some(naga::TypeInner::Scalar(sc)) => (1, sc),
            _ => return v,
        };
        let (want_n, want_scalar) = match *self.lw.tys.get(ty) {
            TypeInner::Vector { size, scalar } => (size, scalar),
            TypeInner::Scalar(sc) => (1, sc),
            _ => return v,
        };
        if want_n > have_n {
            // A system value declared wider than its built-in (`uint2 : SV_PrimitiveID` in a
            // hull shader, `float4 : SV_DomainLocation`): the entry-point path reports these
            // by name (`fits_builtin`); the other stages' inputs land here.
            let t = self.lw.tir.type_name(ty);
            self.lw.error("E0617", s, format!("this system value has at most {have_n} component{}, found `{t}`", if have_n == 1 { "" } else { "s" })).help("declare it with fewer components");
            return v;
        }
        let mut cur = v;
        if want_n < have_n {
            cur = if want_n == 1 {
                self.add(naga::Expression::AccessIndex { base: cur, index: 0 }, s)
            } else {
                self.add(naga::Expression::Swizzle { size: vector_size(want_n), vector: cur, pattern: super::raw::SWIZZLE_XYZW }, s)
            };
        }
        let want = naga_scalar(want_scalar);
        if is_bool || want != have_scalar {
            cur = self.add(naga::Expression::As { expr: cur, kind: want.kind, convert: Some(want.width) }, s);
        }
        cur
    }

    /// Whether a system value's declared type has no more components than its built-in
    /// (`uint2 : SV_GroupIndex`, `uint4 : SV_DispatchThreadID`, `float2 : SV_Depth` are E0617,
    /// as DXC's signature rules reject them); fewer are read or written in part.
    fn fits_builtin(&mut self, binding: &naga::Binding, naga_ty: Handle<naga::Type>, leaf: &Leaf) -> bool {
        if !matches!(binding, naga::Binding::BuiltIn(_)) {
            return true;
        }
        let (most, scalar) = match self.lw.module.types[naga_ty].inner {
            naga::TypeInner::Vector { size, scalar } => (size as u8, scalar),
            naga::TypeInner::Scalar(scalar) => (1, scalar),
            _ => return true,
        };
        let have = match *self.lw.tys.get(leaf.ty) {
            TypeInner::Vector { size, .. } => size,
            _ => 1,
        };
        if have <= most {
            return true;
        }
        let t = self.lw.tir.type_name(leaf.ty);
        let element = match scalar.kind {
            naga::ScalarKind::Float => "float",
            naga::ScalarKind::Sint => "int",
            naga::ScalarKind::Bool => "bool",
            _ => "uint",
        };
        let want = if most == 1 { element.to_string() } else { format!("{element}{most}") };
        let sem = &leaf.semantic;
        self.lw
            .error("E0617", sem.span, format!("system value `{}` has at most {most} component{}, found `{t}`", sem.name, if most == 1 { "" } else { "s" }))
            .help(format!("declare it as `{want}`"));
        false
    }

    /// Converts an HLSL output value to the naga output type.
    pub(super) fn adapt_output(&mut self, v: Handle<naga::Expression>, ty: TypeId, naga_ty: Handle<naga::Type>, s: Span) -> Handle<naga::Expression> {
        let want = self.lw.module.types[naga_ty].inner.clone();
        let want_scalar = match want {
            naga::TypeInner::Scalar(sc) | naga::TypeInner::Vector { scalar: sc, .. } => sc,
            _ => return v,
        };
        let have_scalar = naga_scalar(self.lw.scalar_of(ty));
        let want_n = match want {
            naga::TypeInner::Vector { size, .. } => size as u8,
            _ => 1,
        };
        let have_n = match *self.lw.tys.get(ty) {
            TypeInner::Vector { size, .. } => size,
            _ => 1,
        };
        let mut cur = v;
        if have_scalar != want_scalar {
            cur = self.add(naga::Expression::As { expr: cur, kind: want_scalar.kind, convert: Some(want_scalar.width) }, s);
        }
        if have_n < want_n {
            // e.g. `float3 main() : SV_Target` → vec4 with alpha 1, or a smaller position.
            let mut comps = vec![cur];
            if have_n > 1 {
                comps = (0..have_n as u32).map(|i| self.add(naga::Expression::AccessIndex { base: cur, index: i }, s)).collect();
            }
            for i in have_n..want_n {
                let lit = if i == 3 { naga::Literal::F32(1.0) } else { naga::Literal::F32(0.0) };
                comps.push(self.add(naga::Expression::Literal(lit), s));
            }
            cur = self.add(naga::Expression::Compose { ty: naga_ty, components: comps }, s);
        }
        cur
    }
}
