//! DirectX Raytracing (DXR) names and the ray-tracing pipeline stages: the `RayDesc`,
//! `BuiltInTriangleIntersectionAttributes` and `BuiltInTrianglePositions` structs, the `RAY_FLAG_*` / `HIT_KIND_*` /
//! `COMMITTED_*` / `CANDIDATE_*` constants, the system-value functions (`WorldRayOrigin()`,
//! `RayTCurrent()`, `DispatchRaysIndex()` …), the ray-tracing calls (`TraceRay`, `ReportHit`,
//! `CallShader`, `IgnoreHit`, `AcceptHitAndEndSearch`) and the entry signatures of the six
//! stages (`raygeneration`, `intersection`, `anyhit`, `closesthit`, `miss`, `callable`).
//!
//! Subobject declarations (`TriangleHitGroup`, `GlobalRootSignature` …) describe the D3D12
//! state object and are dropped. The calls become [`RayTracingOp`] intrinsics, lowered for SPIR-V by `lower::ray_tracing`.
//! One header often serves ray-tracing, compute and pixel shaders alike, and DXC compiles a
//! compute shader that includes helpers calling `WorldRayOrigin()` as long as its entry point
//! never reaches them. So a call is checked against the stage of each entry point that
//! reaches it ([`Analyzer::check_ray_tracing_stage`], E0631, with the stages DXC's intrinsic
//! table allows), not where it is written. The constants are plain `uint`s and fine anywhere.

use super::expr::Operand;
use super::Analyzer;
use crate::tir::{Arg, ConstValue, Expr, ExprKind, Field, FuncId, Interpolation, Intrinsic, ParamDir, RaySystemValue as Sv, RayTracingOp as Op, Stage, StructDef};
use crate::ty::{Resource, Scalar, StructId, TypeId, TypeInner};
use hlslc_grammar::Span;

/// DXR functions: name, argument count and operation.
const FUNCTIONS: &[(&str, usize, Op)] = &[
    ("DispatchRaysIndex", 0, Op::SystemValue(Sv::DispatchRaysIndex)),
    ("DispatchRaysDimensions", 0, Op::SystemValue(Sv::DispatchRaysDimensions)),
    ("WorldRayOrigin", 0, Op::SystemValue(Sv::WorldRayOrigin)),
    ("WorldRayDirection", 0, Op::SystemValue(Sv::WorldRayDirection)),
    ("ObjectRayOrigin", 0, Op::SystemValue(Sv::ObjectRayOrigin)),
    ("ObjectRayDirection", 0, Op::SystemValue(Sv::ObjectRayDirection)),
    ("RayTMin", 0, Op::SystemValue(Sv::RayTMin)),
    ("RayTCurrent", 0, Op::SystemValue(Sv::RayTCurrent)),
    ("RayFlags", 0, Op::SystemValue(Sv::RayFlags)),
    ("InstanceIndex", 0, Op::SystemValue(Sv::InstanceIndex)),
    ("InstanceID", 0, Op::SystemValue(Sv::InstanceId)),
    ("GeometryIndex", 0, Op::SystemValue(Sv::GeometryIndex)),
    ("PrimitiveIndex", 0, Op::SystemValue(Sv::PrimitiveIndex)),
    ("HitKind", 0, Op::SystemValue(Sv::HitKind)),
    ("ObjectToWorld", 0, Op::SystemValue(Sv::ObjectToWorld { transposed: true })),
    ("ObjectToWorld3x4", 0, Op::SystemValue(Sv::ObjectToWorld { transposed: true })),
    ("ObjectToWorld4x3", 0, Op::SystemValue(Sv::ObjectToWorld { transposed: false })),
    ("WorldToObject", 0, Op::SystemValue(Sv::WorldToObject { transposed: true })),
    ("WorldToObject3x4", 0, Op::SystemValue(Sv::WorldToObject { transposed: true })),
    ("WorldToObject4x3", 0, Op::SystemValue(Sv::WorldToObject { transposed: false })),
    ("TraceRay", 8, Op::TraceRay),
    ("ReportHit", 3, Op::ReportHit),
    ("CallShader", 2, Op::CallShader),
    ("IgnoreHit", 0, Op::IgnoreHit),
    ("AcceptHitAndEndSearch", 0, Op::AcceptHitAndEndSearch),
];

/// The ray-tracing stages in which an operation may run (DXC's intrinsic table; the DXR
/// specification's "shader stage availability").
fn allowed_stages(op: Op) -> &'static [Stage] {
    use Stage::*;
    const ALL: &[Stage] = &[RayGeneration, Intersection, AnyHit, ClosestHit, Miss, Callable];
    const RAY: &[Stage] = &[Intersection, AnyHit, ClosestHit, Miss];
    const HIT: &[Stage] = &[Intersection, AnyHit, ClosestHit];
    match op {
        Op::SystemValue(Sv::DispatchRaysIndex | Sv::DispatchRaysDimensions) => ALL,
        Op::SystemValue(Sv::WorldRayOrigin | Sv::WorldRayDirection | Sv::RayTMin | Sv::RayTCurrent | Sv::RayFlags) => RAY,
        Op::SystemValue(Sv::HitKind) => &[AnyHit, ClosestHit],
        Op::SystemValue(_) => HIT,
        Op::TraceRay => &[RayGeneration, ClosestHit, Miss],
        Op::CallShader => &[RayGeneration, ClosestHit, Miss, Callable],
        Op::ReportHit => &[Intersection],
        Op::IgnoreHit | Op::AcceptHitAndEndSearch => &[AnyHit],
    }
}

/// The stage's name as `[shader("…")]` spells it.
pub(crate) fn stage_name(stage: Stage) -> &'static str {
    match stage {
        Stage::Vertex => "vertex",
        Stage::Pixel => "pixel",
        Stage::Compute => "compute",
        Stage::Geometry => "geometry",
        Stage::Hull => "hull",
        Stage::Domain => "domain",
        Stage::Mesh => "mesh",
        Stage::Amplification => "amplification",
        Stage::RayGeneration => "raygeneration",
        Stage::Intersection => "intersection",
        Stage::AnyHit => "anyhit",
        Stage::ClosestHit => "closesthit",
        Stage::Miss => "miss",
        Stage::Callable => "callable",
        Stage::Node => "node",
    }
}

/// The stage's name after its indefinite article, for messages: "a vertex", "an amplification",
/// "an anyhit".
pub(crate) fn a_stage_name(stage: Stage) -> String {
    let name = stage_name(stage);
    let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
    format!("{article} {name}")
}

/// DXR's predefined constants (`D3D12_RAY_FLAGS`, hit kinds, `RayQuery` status values).
const CONSTANTS: &[(&str, u64)] = &[
    ("RAY_FLAG_NONE", 0x00),
    ("RAY_FLAG_FORCE_OPAQUE", 0x01),
    ("RAY_FLAG_FORCE_NON_OPAQUE", 0x02),
    ("RAY_FLAG_ACCEPT_FIRST_HIT_AND_END_SEARCH", 0x04),
    ("RAY_FLAG_SKIP_CLOSEST_HIT_SHADER", 0x08),
    ("RAY_FLAG_CULL_BACK_FACING_TRIANGLES", 0x10),
    ("RAY_FLAG_CULL_FRONT_FACING_TRIANGLES", 0x20),
    ("RAY_FLAG_CULL_OPAQUE", 0x40),
    ("RAY_FLAG_CULL_NON_OPAQUE", 0x80),
    ("RAY_FLAG_SKIP_TRIANGLES", 0x100),
    ("RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES", 0x200),
    ("RAY_FLAG_FORCE_OPACITY_MICROMAP_2_STATE", 0x400),
    ("RAY_FLAG_FORCE_OMM_2_STATE", 0x400),
    ("RAYQUERY_FLAG_NONE", 0x0),
    ("RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS", 0x1),
    ("HIT_KIND_TRIANGLE_FRONT_FACE", 0xFE),
    ("HIT_KIND_TRIANGLE_BACK_FACE", 0xFF),
    ("COMMITTED_NOTHING", 0),
    ("COMMITTED_TRIANGLE_HIT", 1),
    ("COMMITTED_PROCEDURAL_PRIMITIVE_HIT", 2),
    ("CANDIDATE_NON_OPAQUE_TRIANGLE", 0),
    ("CANDIDATE_PROCEDURAL_PRIMITIVE", 1),
    // Subobject flags (`D3D12_STATE_OBJECT_FLAGS`, `D3D12_RAYTRACING_PIPELINE_FLAGS`), with
    // DXC's misspelt `_FLAGS_` forms.
    ("STATE_OBJECT_FLAGS_ALLOW_LOCAL_DEPENDENCIES_ON_EXTERNAL_DEFINITONS", 0x1),
    ("STATE_OBJECT_FLAGS_ALLOW_EXTERNAL_DEPENDENCIES_ON_LOCAL_DEFINITIONS", 0x2),
    ("STATE_OBJECT_FLAG_ALLOW_LOCAL_DEPENDENCIES_ON_EXTERNAL_DEFINITONS", 0x1),
    ("STATE_OBJECT_FLAG_ALLOW_EXTERNAL_DEPENDENCIES_ON_LOCAL_DEFINITIONS", 0x2),
    ("STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS", 0x4),
    ("RAYTRACING_PIPELINE_FLAG_NONE", 0x0),
    ("RAYTRACING_PIPELINE_FLAG_SKIP_TRIANGLES", 0x100),
    ("RAYTRACING_PIPELINE_FLAG_SKIP_PROCEDURAL_PRIMITIVES", 0x200),
    ("RAYTRACING_PIPELINE_FLAG_ALLOW_OPACITY_MICROMAPS", 0x400),
];

/// DXR subobject types: declarations of a D3D12 state object's parts (root signatures,
/// hit groups, pipeline configuration) in a library.
const SUBOBJECTS: &[&str] = &[
    "StateObjectConfig",
    "GlobalRootSignature",
    "LocalRootSignature",
    "SubobjectToExportsAssociation",
    "RaytracingShaderConfig",
    "RaytracingPipelineConfig",
    "TriangleHitGroup",
    "ProceduralPrimitiveHitGroup",
    "RaytracingPipelineConfig1",
];

impl Analyzer<'_> {
    /// Whether `st` is one of the structs [`Self::ray_tracing_struct`] declares (DXC marks
    /// them `final`).
    pub(crate) fn is_builtin_struct(&self, st: StructId) -> bool {
        let def = &self.module.structs[st.0 as usize];
        def.span == Span::UNDEFINED && matches!(def.name.as_str(), "RayDesc" | "BuiltInTriangleIntersectionAttributes" | "BuiltInTrianglePositions")
    }

    /// `RayDesc`, `BuiltInTriangleIntersectionAttributes` and `BuiltInTrianglePositions` (a
    /// triangle's three object-space vertices, `float3 p0, p1, p2`), declared on first use (a
    /// user declaration of the same name shadows them, as for every builtin type).
    pub(crate) fn ray_tracing_struct(&mut self, name: &str) -> Option<TypeId> {
        let fields: &[(&str, TypeInner)] = match name {
            "RayDesc" => &[
                ("Origin", TypeInner::Vector { scalar: Scalar::F32, size: 3 }),
                ("TMin", TypeInner::Scalar(Scalar::F32)),
                ("Direction", TypeInner::Vector { scalar: Scalar::F32, size: 3 }),
                ("TMax", TypeInner::Scalar(Scalar::F32)),
            ],
            "BuiltInTriangleIntersectionAttributes" => &[("barycentrics", TypeInner::Vector { scalar: Scalar::F32, size: 2 })],
            "BuiltInTrianglePositions" => &[
                ("p0", TypeInner::Vector { scalar: Scalar::F32, size: 3 }),
                ("p1", TypeInner::Vector { scalar: Scalar::F32, size: 3 }),
                ("p2", TypeInner::Vector { scalar: Scalar::F32, size: 3 }),
            ],
            _ => return None,
        };
        if let Some(i) = self.module.structs.iter().position(|s| s.name == name && s.span == Span::UNDEFINED) {
            return Some(self.module.types.insert(TypeInner::Struct(StructId(i as u32))));
        }
        let mut def = StructDef { name: name.to_string(), fields: Vec::new(), span: Span::UNDEFINED };
        let mut info = super::scope::StructInfo::default();
        for (i, (field, inner)) in fields.iter().enumerate() {
            let ty = self.module.types.insert(*inner);
            info.fields.insert(field.to_string(), i as u32);
            def.fields.push(Field {
                name: field.to_string(),
                ty,
                semantic: None,
                interpolation: Interpolation::default(),
                precise: false,
                row_major: None,
                packoffset: None,
                vk_offset: None,
                bit_fields: Vec::new(),
                span: Span::UNDEFINED,
            });
        }
        self.module.structs.push(def);
        self.struct_infos.push(info);
        Some(self.module.types.insert(TypeInner::Struct(StructId(self.module.structs.len() as u32 - 1))))
    }

    /// A DXR constant (`RAY_FLAG_CULL_BACK_FACING_TRIANGLES` …) as a `uint`.
    pub(crate) fn ray_tracing_constant(&mut self, name: &str, span: Span) -> Option<Operand> {
        let &(_, value) = CONSTANTS.iter().find(|(n, _)| *n == name)?;
        let ty = self.module.types.scalar(Scalar::U32);
        Some(Operand::expr(Expr::new(ExprKind::Const(ConstValue::Uint(value)), ty, span)))
    }

    /// A DXR subobject declaration (`TriangleHitGroup hg = { "", "ClosestHit" };`): it
    /// describes the D3D12 state object and generates no code, and Vulkan pipelines are built
    /// by the host from the entry points, so it is accepted and dropped, as DXC's SPIR-V back
    /// end drops it. `false` if `decl` is something else.
    pub(crate) fn ray_tracing_subobject(&mut self, decl: &hlslc_grammar::ast::VarDecl) -> bool {
        let hlslc_grammar::ast::TypeKind::Named(path) = &decl.ty.kind else { return false };
        let [segment] = path.segments.as_slice() else { return false };
        if path.global || !SUBOBJECTS.contains(&segment.ident.name.as_str()) || self.lookup(&segment.ident.name).is_some() {
            return false;
        }
        self.declare_failed(&decl.declarators);
        true
    }

    /// Whether `name` is a DXR function.
    pub(crate) fn is_ray_tracing_function(name: &str) -> bool {
        FUNCTIONS.iter().any(|(n, _, _)| *n == name)
    }

    /// A call of a DXR function (`name` is one, see [`Self::is_ray_tracing_function`]).
    pub(crate) fn ray_tracing_call(&mut self, name: &str, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let &(_, arity, op) = FUNCTIONS.iter().find(|(n, _, _)| *n == name)?;
        if ops.len() != arity {
            self.error("E0508", span, format!("`{name}` takes {arity} argument{}, found {}", if arity == 1 { "" } else { "s" }, ops.len()));
            return None;
        }
        let types = &mut self.module.types;
        let (u, f, void) = (types.scalar(Scalar::U32), types.scalar(Scalar::F32), types.void());
        let ty = match op {
            Op::SystemValue(Sv::DispatchRaysIndex | Sv::DispatchRaysDimensions) => types.vector(Scalar::U32, 3),
            Op::SystemValue(Sv::WorldRayOrigin | Sv::WorldRayDirection | Sv::ObjectRayOrigin | Sv::ObjectRayDirection) => types.vector(Scalar::F32, 3),
            Op::SystemValue(Sv::RayTMin | Sv::RayTCurrent) => f,
            Op::SystemValue(Sv::ObjectToWorld { transposed } | Sv::WorldToObject { transposed }) => {
                if transposed {
                    types.matrix(Scalar::F32, 3, 4)
                } else {
                    types.matrix(Scalar::F32, 4, 3)
                }
            }
            Op::SystemValue(_) => u,
            Op::ReportHit => types.scalar(Scalar::BOOL),
            Op::TraceRay | Op::CallShader | Op::IgnoreHit | Op::AcceptHitAndEndSearch => void,
        };
        let args = match op {
            Op::TraceRay => self.trace_ray_args(ops)?,
            Op::ReportHit => {
                let mut it = ops.into_iter();
                let (t, kind, attributes) = (it.next()?, it.next()?, it.next()?);
                let (ts, ks) = (t.span, kind.span);
                let t = self.convert_implicit(t, f, ts)?;
                let kind = self.convert_implicit(kind, u, ks)?;
                self.user_struct_argument(&attributes, "the hit attributes of `ReportHit`")?;
                vec![Arg::Value(t), Arg::Value(kind), Arg::Value(attributes.into_expr())]
            }
            Op::CallShader => {
                let mut it = ops.into_iter();
                let (index, data) = (it.next()?, it.next()?);
                let is = index.span;
                let index = self.convert_implicit(index, u, is)?;
                self.user_struct_argument(&data, "the parameter of `CallShader`")?;
                let ty = data.ty;
                let data = self.out_place(data, ty, "CallShader")?;
                vec![Arg::Value(index), Arg::InOut(data)]
            }
            _ => Vec::new(),
        };
        Some(Operand::expr(Expr::new(ExprKind::Intrinsic { op: Intrinsic::RayTracing(op), args }, ty, span)))
    }

    /// `TraceRay(accel, flags, mask, sbtOffset, sbtStride, missIndex, ray, payload)`.
    fn trace_ray_args(&mut self, ops: Vec<Operand>) -> Option<Vec<Arg>> {
        let mut it = ops.into_iter();
        let accel = it.next()?;
        let accel_ty = self.module.types.insert(TypeInner::Resource(Resource::AccelerationStructure));
        if accel.ty != accel_ty {
            let t = self.type_name(accel.ty);
            self.error("E0502", accel.span, format!("the first argument of `TraceRay` must be a `RaytracingAccelerationStructure`, found `{t}`"));
            return None;
        }
        let mut args = vec![Arg::Value(accel.into_expr())];
        let u = self.module.types.scalar(Scalar::U32);
        for _ in 0..5 {
            let op = it.next()?;
            let s = op.span;
            args.push(Arg::Value(self.convert_implicit(op, u, s)?));
        }
        let ray = it.next()?;
        let ray_desc = self.ray_tracing_struct("RayDesc")?;
        let rs = ray.span;
        args.push(Arg::Value(self.convert_implicit(ray, ray_desc, rs)?));
        let payload = it.next()?;
        self.user_struct_argument(&payload, "the payload of `TraceRay`")?;
        if !self.check_ray_payload_type(payload.ty, payload.span, "the payload of `TraceRay`") {
            return None;
        }
        let ty = payload.ty;
        args.push(Arg::InOut(self.out_place(payload, ty, "TraceRay")?));
        Some(args)
    }

    /// Payloads, hit attributes and callable data are user-defined structs of data (DXC's
    /// rule: "composed of only numeric types").
    fn user_struct_argument(&mut self, op: &Operand, what: &str) -> Option<()> {
        if matches!(self.module.types.get(op.ty), TypeInner::Struct(_)) {
            if self.holds_resources(op.ty) {
                let t = self.type_name(op.ty);
                self.error("E0633", op.span, format!("{what} must hold only data, but `{t}` has resource members"))
                    .help("pass the data and keep the resources global");
                return None;
            }
            return Some(());
        }
        let t = self.type_name(op.ty);
        self.error("E0633", op.span, format!("{what} must be a user-defined struct, found `{t}`"))
            .help(format!("declare a struct holding the value, e.g. `struct S {{ {t} value; }};`"));
        None
    }

    /// DXR operations reached from an entry point of a stage that does not allow them (E0631).
    pub(super) fn check_ray_tracing_stage(&mut self, f: FuncId, stage: Stage, reach: &super::entry::Reach) {
        if !reach.intrinsics.iter().any(|op| matches!(op, Intrinsic::RayTracing(_))) {
            return;
        }
        let mut found: Vec<(Span, Op)> = Vec::new();
        let mut attributes: Vec<(TypeId, Span)> = Vec::new();
        super::entry::walk_reachable(self, f, &mut |e| match &e.kind {
            ExprKind::Intrinsic { op: Intrinsic::RayTracing(op), .. } if !allowed_stages(*op).contains(&stage) => found.push((e.span, *op)),
            ExprKind::Intrinsic { op: Intrinsic::RayTracing(Op::ReportHit), args } => {
                if let Some(Arg::Value(a)) = args.get(2) {
                    attributes.push((a.ty, a.span));
                }
            }
            _ => {}
        });
        // Vulkan allows one hit-attribute variable per entry point: one type for all of an
        // intersection shader's `ReportHit`s.
        attributes.sort_by_key(|(_, s)| (s.start, s.end));
        if let Some(&(first, first_span)) = attributes.first() {
            if let Some(&(other, span)) = attributes.iter().find(|(t, _)| *t != first) {
                let (a, b) = (self.type_name(first), self.type_name(other));
                self.error("E0633", span, format!("`ReportHit` reports `{b}` attributes where another call of this intersection shader reports `{a}`"))
                    .related(first_span, "the first attributes")
                    .help("report one attribute struct from an intersection shader (Vulkan has one hit-attribute variable per entry point)");
            }
        }
        found.sort_by_key(|(s, _)| (s.start, s.end));
        found.dedup_by_key(|(s, _)| *s);
        for (span, op) in found.into_iter().take(4) {
            let name = FUNCTIONS.iter().find(|(_, _, o)| *o == op).map_or("?", |(n, _, _)| n);
            let stages: Vec<&str> = allowed_stages(op).iter().map(|&s| stage_name(s)).collect();
            self.error("E0631", span, format!("`{name}` cannot be used in {} shaders", stage_name(stage)))
                .help(format!("`{name}` is available in {} shaders", stages.join(", ")));
        }
    }

    /// The signature of a ray-tracing entry point (E0632): `raygeneration` and
    /// `intersection` take nothing; `miss` an `inout` payload; `anyhit` and `closesthit` an
    /// `inout` payload and `in` hit attributes; `callable` an `inout` parameter; payloads,
    /// attributes and parameters are user-defined structs, and the function returns `void`.
    pub(super) fn check_ray_tracing_entry(&mut self, f: FuncId, stage: Stage) -> bool {
        let func = self.module.functions[f.0 as usize].clone();
        let name = &func.name;
        let stage_text = stage_name(stage);
        let void = self.module.types.void();
        let mut ok = true;
        if func.ret != void {
            self.error("E0632", func.span, format!("{stage_text} entry point `{name}` must return `void`")).help("return results through the payload (or a resource)");
            ok = false;
        }
        let expected: &[(ParamDir, &str)] = match stage {
            Stage::RayGeneration | Stage::Intersection => &[],
            Stage::Miss => &[(ParamDir::InOut, "payload")],
            Stage::AnyHit | Stage::ClosestHit => &[(ParamDir::InOut, "payload"), (ParamDir::In, "hit attributes")],
            _ => &[(ParamDir::InOut, "parameter")],
        };
        if func.params.len() != expected.len() {
            let want = match expected.len() {
                0 => "no parameters".to_string(),
                1 => "one `inout` struct parameter".to_string(),
                _ => "an `inout` payload struct and an `in` attributes struct".to_string(),
            };
            self.error("E0632", func.span, format!("{stage_text} entry point `{name}` takes {want}, found {}", func.params.len()))
                .help(match stage {
                    Stage::RayGeneration | Stage::Intersection => "read inputs with the system-value functions (`DispatchRaysIndex()` …) and resources",
                    Stage::AnyHit | Stage::ClosestHit => "declare it as `void f(inout Payload p, in BuiltInTriangleIntersectionAttributes attr)`",
                    _ => "declare it as `void f(inout Payload p)`",
                });
            return false;
        }
        for (p, (dir, what)) in func.params.iter().zip(expected) {
            if self.holds_resources(p.ty) {
                let t = self.type_name(p.ty);
                self.error("E0632", p.span, format!("the {what} of {stage_text} entry point `{name}` must hold only data, but `{t}` has resource members"));
                ok = false;
            } else if !matches!(self.module.types.get(p.ty), TypeInner::Struct(_)) {
                let t = self.type_name(p.ty);
                self.error("E0632", p.span, format!("the {what} of {stage_text} entry point `{name}` must be a user-defined struct, found `{t}`"))
                    .help(if *what == "hit attributes" { "triangle hits report `BuiltInTriangleIntersectionAttributes`; an intersection shader's `ReportHit` defines its own struct" } else { "declare a struct for it, e.g. `struct Payload { float4 color; };`" });
                ok = false;
            } else if p.dir != *dir {
                let (want, found) = (if *dir == ParamDir::In { "in" } else { "inout" }, match p.dir {
                    ParamDir::In => "in",
                    ParamDir::Out => "out",
                    ParamDir::InOut => "inout",
                });
                let t = self.type_name(p.ty);
                self.error("E0632", p.span, format!("the {what} of {stage_text} entry point `{name}` must be `{want}`, found `{found}`"))
                    .help(format!("declare it `{want} {t} {}`", p.name));
                ok = false;
            } else if *what == "payload" && !self.check_ray_payload_type(p.ty, p.span, &format!("the payload of {stage_text} entry point `{name}`")) {
                ok = false;
            } else if let Some(sem) = &p.semantic {
                // DXIL's names for these parameters are the only semantics they take.
                let allowed = if *what == "hit attributes" { "SV_IntersectionAttributes" } else { "SV_RayPayload" };
                if !sem.name.eq_ignore_ascii_case(allowed) {
                    self.error("E0632", sem.span, format!("the {what} of {stage_text} entry point `{name}` cannot have semantic `{}`", sem.name))
                        .help(format!("remove it (or write `{allowed}`)"));
                    ok = false;
                }
            }
        }
        ok
    }
}
