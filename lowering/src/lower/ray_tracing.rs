//! Ray-tracing pipeline stages (DXR) for SPIR-V, on naga IR plus markers that the
//! [`crate::passes::ray_tracing`] SPIR-V pass completes.
//!
//! naga 30 knows four of the six stages and has a `TraceRay` without the shader-binding-table
//! operands, no hit attributes, no callable data, no `ReportHit`/`IgnoreHit`/
//! `AcceptHitAndEndSearch`/`CallShader` and only some of the system values. So lowering uses
//! naga for what it gets right — the stage of the entry point (the `RayTracingKHR`
//! capability and `SPV_KHR_ray_tracing`), the wrapper that calls the HLSL function — and
//! says the rest through markers, as DXC's SPIR-V would have it (`docs/SPIR-V.rst`, "Ray
//! Tracing"):
//! - every DXR operation is a call of a *marker function* named `hlslc::rt::…` with a
//!   placeholder body, which the pass replaces: `builtin::<name>` loads a built-in `Input`
//!   variable (`LaunchIdKHR`, `WorldRayOriginKHR`, `ObjectToWorldKHR` …); a call of
//!   `trace_ray#k` becomes `OpTraceRayKHR` with all eleven operands and payload variable `k`;
//!   `report_hit` is
//!   `OpReportIntersectionKHR`; `call_shader#k` is `OpExecuteCallableKHR` with callable-data
//!   variable `k`; `ignore_hit` and `accept_hit_and_end_search` end the invocation with
//!   `OpIgnoreIntersectionKHR` / `OpTerminateRayKHR`;
//! - payloads, hit attributes and callable data are `Private` globals named
//!   `hlslc::rt::payload#k`, `incoming_payload#k`, `hit_attribute#k`, `callable_data#k`,
//!   `incoming_callable_data#k` (one per HLSL type), which the pass moves to their storage
//!   classes. `TraceRay` and `CallShader` copy their argument into the variable, call the
//!   marker and copy it back. The `inout` payload or callable data of an entry function is
//!   its incoming variable itself, not a copy (like mesh output arrays), so what an any-hit
//!   shader wrote before `IgnoreHit()` or `AcceptHitAndEndSearch()` ends it is kept, as DXR
//!   specifies; the wrapper passes the hit attributes by value (an intersection shader's
//!   `ReportHit` stores them first).
//!
//! naga has no intersection or callable stage: their entry points are naga any-hit and miss
//! entry points, and [`crate::passes::SpirvConfig::ray_tracing`] tells the pass their real
//! execution models. WGSL has no ray-tracing pipelines (E0630).

use super::function::FnBuilder;
use super::Lowerer;
use crate::passes::ray_tracing as pass;
use crate::tir::{self, Arg, RaySystemValue as Sv, RayTracingOp as Op, Stage};
use crate::ty::TypeId;
use hlslc_grammar::Span;
use naga::Handle;
use std::collections::HashMap;

/// The marker functions and variables made so far (one per kind and HLSL type).
#[derive(Default)]
pub(crate) struct Markers {
    builtins: HashMap<&'static str, Handle<naga::Function>>,
    /// Per kind of variable, per HLSL type: the variable and its number `k`.
    variables: HashMap<(pass::VariableKind, TypeId), (Handle<naga::GlobalVariable>, u32)>,
    /// `trace_ray#k` / `call_shader#k` by `k` of their variable.
    calls: HashMap<(bool, u32), Handle<naga::Function>>,
    report_hit: Option<Handle<naga::Function>>,
    ends: HashMap<bool, Handle<naga::Function>>,
}

impl Lowerer<'_> {
    /// A ray-tracing entry point: the wrapper copying the incoming payload or callable data
    /// and reading the hit attributes, around the call of the HLSL function.
    pub(crate) fn ray_tracing_entry(&mut self, index: usize) {
        let ep = self.tir.entry_points[index].clone();
        let stage_name = crate::sema::ray_tracing::stage_name(ep.stage);
        if self.options.target == crate::options::Target::Wgsl {
            self.error("E0630", ep.span, format!("{stage_name} shaders cannot be expressed in WGSL, which has no ray-tracing pipelines"))
                .help("compile to SPIR-V (`-spirv`) for Vulkan's ray-tracing pipelines (`SPV_KHR_ray_tracing`)");
            return;
        }
        let (stage, model) = match ep.stage {
            Stage::RayGeneration => (naga::ShaderStage::RayGeneration, None),
            Stage::Miss => (naga::ShaderStage::Miss, None),
            Stage::ClosestHit => (naga::ShaderStage::ClosestHit, None),
            Stage::AnyHit => (naga::ShaderStage::AnyHit, None),
            Stage::Intersection => (naga::ShaderStage::AnyHit, Some(pass::Model::Intersection)),
            Stage::Callable => (naga::ShaderStage::Miss, Some(pass::Model::Callable)),
            _ => return,
        };
        if let Some(model) = model {
            self.ray_tracing_models.push((ep.name.clone(), model));
        }
        self.check_immediate_blocks(index);
        let tf = self.tir.function(ep.function);
        let Some(&callee) = self.functions.get(&ep.function) else { return };
        let mut b = FnBuilder::new(self, None);
        b.func.name = Some(format!("{}_entry", super::types::sanitize(&tf.name)));
        // The lane index and wave size that wave intrinsics read (naga has them in every
        // ray-tracing stage).
        b.wave_builtins(index, &ep);
        b.deferred_static_inits();
        let mut args = Vec::new();
        for (i, p) in tf.params.iter().enumerate() {
            if b.lw.ray_tracing_incoming(ep.function, i).is_some() {
                continue;
            }
            let var = b.lw.ray_tracing_variable(pass::VariableKind::HitAttribute, p.ty);
            let g = b.add(naga::Expression::GlobalVariable(var), p.span);
            args.push(b.add(naga::Expression::Load { pointer: g }, p.span));
        }
        b.push(naga::Statement::Call { function: callee, arguments: args, result: None }, tf.span);
        let function = b.finish();
        self.module.entry_points.push(naga::EntryPoint {
            name: ep.name.clone(),
            stage,
            early_depth_test: None,
            workgroup_size: [0; 3],
            workgroup_size_overrides: None,
            function,
            mesh_info: None,
            task_payload: None,
            incoming_ray_payload: None,
        });
    }

    /// The incoming payload or callable data that parameter `param` of function `f` stands
    /// for, when `f` is the function of a miss, hit or callable entry point.
    pub(crate) fn ray_tracing_incoming(&mut self, f: tir::FuncId, param: usize) -> Option<Handle<naga::GlobalVariable>> {
        let stage = self.tir.entry_points.iter().find(|ep| ep.function == f)?.stage;
        let p = self.tir.function(f).params.get(param)?;
        if param != 0 || p.dir != tir::ParamDir::InOut {
            return None;
        }
        let kind = match stage {
            Stage::Callable => pass::VariableKind::IncomingCallableData,
            Stage::Miss | Stage::ClosestHit | Stage::AnyHit => pass::VariableKind::IncomingPayload,
            _ => return None,
        };
        let ty = p.ty;
        Some(self.ray_tracing_variable(kind, ty))
    }

    /// A `[[vk::shader_record_ext]]` constant buffer: naga's immediate block, named for the
    /// pass, which moves it to `ShaderRecordBufferKHR`. WGSL has no shader binding table.
    pub(crate) fn shader_record(&mut self, var: Handle<naga::GlobalVariable>, span: Span) {
        if self.options.target == crate::options::Target::Wgsl {
            self.error("E0630", span, "shader record buffers (`vk::shader_record_ext`) cannot be expressed in WGSL, which has no ray-tracing pipelines")
                .help("compile to SPIR-V (`-spirv`)");
        }
        self.module.global_variables[var].name = Some(pass::SHADER_RECORD.to_string());
    }

    /// The immediate blocks an entry point reads (E0634): a shader record buffer exists only
    /// in the ray-tracing stages, and naga (like Vulkan for shader records) allows one
    /// immediate block — shader record or push constants — per entry point.
    pub(crate) fn check_immediate_blocks(&mut self, index: usize) {
        let mut used = std::collections::HashSet::new();
        for f in self.entry_functions(index) {
            used.extend(self.facts(f).globals.iter().copied());
        }
        let mut blocks: Vec<(Span, String, bool)> = used
            .into_iter()
            .map(|g| self.tir.global(g))
            .filter_map(|g| match &g.kind {
                tir::GlobalKind::Resource { binding } if binding.shader_record || binding.push_constant => Some((g.span, g.name.clone(), binding.shader_record)),
                _ => None,
            })
            .collect();
        blocks.sort_by_key(|(s, _, _)| (s.start, s.end));
        let ep = &self.tir.entry_points[index];
        let (ep_span, ep_name, stage) = (ep.span, ep.name.clone(), ep.stage);
        let stage_text = crate::sema::ray_tracing::stage_name(stage);
        let ray_tracing = matches!(stage, Stage::RayGeneration | Stage::Intersection | Stage::AnyHit | Stage::ClosestHit | Stage::Miss | Stage::Callable);
        if let (false, Some((span, name, _))) = (ray_tracing, blocks.iter().find(|b| b.2)) {
            self.error("E0634", ep_span, format!("{stage_text} entry point `{ep_name}` reads shader record buffer `{name}`, which only ray-tracing stages have"))
                .related(*span, "the shader record buffer")
                .help("bind the data as a constant buffer for this stage");
        } else if let [(first, a, _), (span, b, _), ..] = blocks.as_slice() {
            self.error("E0634", ep_span, format!("{stage_text} entry point `{ep_name}` reads both `{a}` and `{b}`, but an entry point can have one shader record buffer or push-constant block"))
                .related(*first, "the first block")
                .related(*span, "the second block")
                .help("put the values in one block");
        }
    }

    /// The marker variable of `kind` for HLSL type `ty` (a `Private` global the pass moves to
    /// the kind's storage class).
    fn ray_tracing_variable(&mut self, kind: pass::VariableKind, ty: TypeId) -> Handle<naga::GlobalVariable> {
        if let Some(&(v, _)) = self.ray_tracing.variables.get(&(kind, ty)) {
            return v;
        }
        let k = self.ray_tracing.variables.keys().filter(|(other, _)| *other == kind).count() as u32;
        let naga_ty = self.ty(ty);
        let var = self.module.global_variables.append(
            naga::GlobalVariable { name: Some(pass::variable_name(kind, k)), space: naga::AddressSpace::Private, binding: None, ty: naga_ty, init: None, memory_decorations: Default::default() },
            naga::Span::UNDEFINED,
        );
        self.ray_tracing.variables.insert((kind, ty), (var, k));
        var
    }

    /// A marker function with a placeholder body (the pass gives it its real one).
    fn ray_tracing_marker(&mut self, name: String, arguments: &[Handle<naga::Type>], result: Option<Handle<naga::Type>>) -> Handle<naga::Function> {
        let mut f = naga::Function { name: Some(name), result: result.map(|ty| naga::FunctionResult { ty, binding: None }), ..Default::default() };
        for (i, &ty) in arguments.iter().enumerate() {
            f.arguments.push(naga::FunctionArgument { name: Some(format!("a{i}")), ty, binding: None });
        }
        if let Some(ty) = result {
            let zero = f.expressions.append(naga::Expression::ZeroValue(ty), naga::Span::UNDEFINED);
            f.body.push(naga::Statement::Return { value: Some(zero) }, naga::Span::UNDEFINED);
        }
        self.module.functions.append(f, naga::Span::UNDEFINED)
    }

    /// `builtin::<name>`: a system value of naga type `ty`.
    fn ray_tracing_builtin(&mut self, name: &'static str, ty: Handle<naga::Type>) -> Handle<naga::Function> {
        if let Some(&f) = self.ray_tracing.builtins.get(name) {
            return f;
        }
        let f = self.ray_tracing_marker(format!("{}{name}", pass::BUILTIN_PREFIX), &[], Some(ty));
        self.ray_tracing.builtins.insert(name, f);
        f
    }

    /// `trace_ray#k` (`trace: true`) or `call_shader#k`.
    fn ray_tracing_call_marker(&mut self, trace: bool, k: u32, accel: Option<Handle<naga::Type>>) -> Handle<naga::Function> {
        if let Some(&f) = self.ray_tracing.calls.get(&(trace, k)) {
            return f;
        }
        let u = self.scalar_type(naga::Scalar::U32);
        let f = if trace {
            let (fl, v3) = (self.scalar_type(naga::Scalar::F32), self.vector_type(naga::Scalar::F32, 3));
            let accel = accel.unwrap_or(u);
            self.ray_tracing_marker(format!("{}{k}", pass::TRACE_RAY_PREFIX), &[accel, u, u, u, u, u, v3, fl, v3, fl], None)
        } else {
            self.ray_tracing_marker(format!("{}{k}", pass::CALL_SHADER_PREFIX), &[u], None)
        };
        self.ray_tracing.calls.insert((trace, k), f);
        f
    }
}

impl FnBuilder<'_, '_> {
    /// A DXR operation.
    pub(crate) fn ray_tracing_intrinsic(&mut self, op: Op, args: &[Arg], ty: TypeId, s: Span) -> Handle<naga::Expression> {
        match op {
            Op::SystemValue(sv) => self.ray_system_value(sv, ty, s),
            Op::TraceRay => {
                let values: Vec<&tir::Expr> = args.iter().filter_map(|a| if let Arg::Value(e) = a { Some(e) } else { None }).collect();
                let (Some(Arg::InOut(payload)), [accel, rest @ ..]) = (args.last(), values.as_slice()) else { return self.dummy(s) };
                let accel_value = self.expr(accel);
                // The global's own naga type (a handle argument has the variable's type).
                let Some(inner) = self.resolve(accel_value) else { return self.dummy(s) };
                let accel_ty = self.lw.insert_type(inner, None);
                let mut arguments = vec![accel_value];
                for e in &rest[..rest.len().min(5)] {
                    arguments.push(self.expr(e));
                }
                let Some(ray) = rest.get(5) else { return self.dummy(s) };
                // HLSL's `RayDesc` is { Origin, TMin, Direction, TMax }.
                let ray = self.expr(ray);
                for index in 0..4 {
                    arguments.push(self.add(naga::Expression::AccessIndex { base: ray, index }, s));
                }
                let (var, k) = self.ray_tracing_copy_in(pass::VariableKind::Payload, payload, s);
                let f = self.lw.ray_tracing_call_marker(true, k, Some(accel_ty));
                self.push(naga::Statement::Call { function: f, arguments, result: None }, s);
                self.ray_tracing_copy_out(var, payload, s);
                self.dummy(s)
            }
            Op::CallShader => {
                let (Some(Arg::Value(index)), Some(Arg::InOut(data))) = (args.first(), args.get(1)) else { return self.dummy(s) };
                let index = self.expr(index);
                let (var, k) = self.ray_tracing_copy_in(pass::VariableKind::CallableData, data, s);
                let f = self.lw.ray_tracing_call_marker(false, k, None);
                self.push(naga::Statement::Call { function: f, arguments: vec![index], result: None }, s);
                self.ray_tracing_copy_out(var, data, s);
                self.dummy(s)
            }
            Op::ReportHit => {
                let (Some(Arg::Value(t)), Some(Arg::Value(kind)), Some(Arg::Value(attributes))) = (args.first(), args.get(1), args.get(2)) else { return self.dummy(s) };
                let (t, kind) = (self.expr(t), self.expr(kind));
                let value = self.expr(attributes);
                let var = self.lw.ray_tracing_variable(pass::VariableKind::HitAttribute, attributes.ty);
                let g = self.add(naga::Expression::GlobalVariable(var), s);
                self.push(naga::Statement::Store { pointer: g, value }, s);
                let f = match self.lw.ray_tracing.report_hit {
                    Some(f) => f,
                    None => {
                        let (fl, u, b) = (self.lw.scalar_type(naga::Scalar::F32), self.lw.scalar_type(naga::Scalar::U32), self.lw.scalar_type(naga::Scalar::BOOL));
                        let f = self.lw.ray_tracing_marker(pass::REPORT_HIT.to_string(), &[fl, u], Some(b));
                        self.lw.ray_tracing.report_hit = Some(f);
                        f
                    }
                };
                let r = self.add(naga::Expression::CallResult(f), s);
                self.push(naga::Statement::Call { function: f, arguments: vec![t, kind], result: Some(r) }, s);
                r
            }
            Op::IgnoreHit | Op::AcceptHitAndEndSearch => {
                let ignore = op == Op::IgnoreHit;
                let f = match self.lw.ray_tracing.ends.get(&ignore) {
                    Some(&f) => f,
                    None => {
                        let name = if ignore { pass::IGNORE_HIT } else { pass::ACCEPT_HIT_AND_END_SEARCH };
                        let f = self.lw.ray_tracing_marker(name.to_string(), &[], None);
                        self.lw.ray_tracing.ends.insert(ignore, f);
                        f
                    }
                };
                self.push(naga::Statement::Call { function: f, arguments: Vec::new(), result: None }, s);
                self.dummy(s)
            }
        }
    }

    /// Copies a `TraceRay` payload or `CallShader` parameter into its marker variable.
    fn ray_tracing_copy_in(&mut self, kind: pass::VariableKind, place: &tir::Place, s: Span) -> (Handle<naga::Expression>, u32) {
        let var = self.lw.ray_tracing_variable(kind, place.ty);
        let k = self.lw.ray_tracing.variables[&(kind, place.ty)].1;
        let pr = self.place(place);
        let value = self.load(&pr, s);
        let g = self.add(naga::Expression::GlobalVariable(var), s);
        self.push(naga::Statement::Store { pointer: g, value }, s);
        (g, k)
    }

    /// Copies the marker variable back into the payload or parameter after the call.
    fn ray_tracing_copy_out(&mut self, var: Handle<naga::Expression>, place: &tir::Place, s: Span) {
        let value = self.add(naga::Expression::Load { pointer: var }, s);
        let pr = self.place(place);
        self.store(&pr, value, s);
    }

    /// A system value: a call of its `builtin::` marker (the 3×4 matrices transpose the
    /// built-in's 4×3, which is naga's `mat4x3` as hlslc maps HLSL rows to naga columns).
    fn ray_system_value(&mut self, sv: Sv, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        let (name, transposed) = match sv {
            Sv::DispatchRaysIndex => ("LaunchIdKHR", false),
            Sv::DispatchRaysDimensions => ("LaunchSizeKHR", false),
            Sv::WorldRayOrigin => ("WorldRayOriginKHR", false),
            Sv::WorldRayDirection => ("WorldRayDirectionKHR", false),
            Sv::ObjectRayOrigin => ("ObjectRayOriginKHR", false),
            Sv::ObjectRayDirection => ("ObjectRayDirectionKHR", false),
            Sv::RayTMin => ("RayTminKHR", false),
            Sv::RayTCurrent => ("RayTmaxKHR", false),
            Sv::RayFlags => ("IncomingRayFlagsKHR", false),
            Sv::InstanceIndex => ("InstanceId", false),
            Sv::InstanceId => ("InstanceCustomIndexKHR", false),
            Sv::GeometryIndex => ("RayGeometryIndexKHR", false),
            Sv::PrimitiveIndex => ("PrimitiveId", false),
            Sv::HitKind => ("HitKindKHR", false),
            Sv::ObjectToWorld { transposed } => ("ObjectToWorldKHR", transposed),
            Sv::WorldToObject { transposed } => ("WorldToObjectKHR", transposed),
        };
        let naga_ty = if transposed {
            self.lw.insert_type(naga::TypeInner::Matrix { columns: naga::VectorSize::Quad, rows: naga::VectorSize::Tri, scalar: naga::Scalar::F32 }, None)
        } else {
            self.lw.ty(ty)
        };
        let f = self.lw.ray_tracing_builtin(name, naga_ty);
        let r = self.add(naga::Expression::CallResult(f), s);
        self.push(naga::Statement::Call { function: f, arguments: Vec::new(), result: Some(r) }, s);
        if transposed {
            self.add(naga::Expression::Math { fun: naga::MathFunction::Transpose, arg: r, arg1: None, arg2: None, arg3: None }, s)
        } else {
            r
        }
    }
}
