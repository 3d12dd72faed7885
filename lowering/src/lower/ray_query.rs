//! Inline ray tracing on naga's ray queries: `RayQuery` methods as `Statement::RayQuery` and
//! `Expression::RayQueryGetIntersection`.
//!
//! Each HLSL query is two naga locals: the `ray_query` itself and a *ray* local of naga's
//! `RayDesc` type that `TraceRayInline` fills before it initialises the query. naga can read
//! an intersection but not the ray a query was started with, so `RayFlags()`, `RayTMin()`,
//! `WorldRayOrigin()` and `WorldRayDirection()` read the ray local, and the object-space ray
//! (`*ObjectRayOrigin()`, `*ObjectRayDirection()`) is the world ray transformed by the
//! intersection's `world_to_object` (what Vulkan's `OpRayQueryGetIntersectionObjectRay*KHR`
//! return). naga requires the query operand of every ray-query operation to be a local
//! variable of the function itself, so a function taking a `RayQuery` parameter (DXC passes
//! the caller's query by reference) is an error where it is lowered, i.e. only when an entry
//! point calls it.
//!
//! naga's intersection `kind` gives `CommittedStatus()` directly (none 0, triangle 1,
//! generated 2, as `COMMITTED_*`); `CandidateType()` maps triangle (1) to
//! `CANDIDATE_NON_OPAQUE_TRIANGLE` (0) and AABB (3) to `CANDIDATE_PROCEDURAL_PRIMITIVE` (1).
//! naga's transforms are `mat4x3` (four columns of three), which is HLSL's `float4x3` in
//! hlslc's matrix mapping; the `3x4` getters transpose it.

use super::function::FnBuilder;
use crate::tir::{self, Arg, HitField, Place, PlaceRoot, RayField, RayQueryOp};
use hlslc_grammar::Span;
use naga::Handle;

/// The two pointers standing for one HLSL query.
#[derive(Clone, Copy, Debug)]
pub(crate) struct QueryPtrs {
    pub query: Handle<naga::Expression>,
    pub ray: Handle<naga::Expression>,
}

impl super::Lowerer<'_> {
    /// A `RayQuery` parameter: naga's ray-query operations need a local variable of the
    /// function itself, and a pointer argument is not one.
    pub(crate) fn ray_query_parameter(&mut self, s: Span) {
        self.error("E0803", s, "a `RayQuery` parameter cannot be expressed in naga IR, whose ray-query operations need a local variable of the same function")
            .help("trace in the function that declares the query (a macro can share the code), or pass the ray and return the results");
    }

    /// naga's `RayDesc` (its special type, declared as naga's WGSL front end declares it).
    pub(crate) fn ray_desc_type(&mut self) -> Handle<naga::Type> {
        if let Some(h) = self.module.special_types.ray_desc {
            return h;
        }
        let (u, f) = (self.scalar_type(naga::Scalar::U32), self.scalar_type(naga::Scalar::F32));
        let v3 = self.vector_type(naga::Scalar::F32, 3);
        let member = |name: &str, ty, offset| naga::StructMember { name: Some(name.to_string()), ty, binding: None, offset };
        let members = vec![member("flags", u, 0), member("cull_mask", u, 4), member("tmin", f, 8), member("tmax", f, 12), member("origin", v3, 16), member("dir", v3, 32)];
        let h = self.insert_type(naga::TypeInner::Struct { members, span: 48 }, Some("RayDesc".to_string()));
        self.module.special_types.ray_desc = Some(h);
        h
    }

    /// naga's `RayIntersection` (its special type).
    fn ray_intersection_type(&mut self) -> Handle<naga::Type> {
        if let Some(h) = self.module.special_types.ray_intersection {
            return h;
        }
        let (u, f) = (self.scalar_type(naga::Scalar::U32), self.scalar_type(naga::Scalar::F32));
        let v2 = self.vector_type(naga::Scalar::F32, 2);
        let b = self.scalar_type(naga::Scalar::BOOL);
        let m = self.insert_type(naga::TypeInner::Matrix { columns: naga::VectorSize::Quad, rows: naga::VectorSize::Tri, scalar: naga::Scalar::F32 }, None);
        let member = |name: &str, ty, offset| naga::StructMember { name: Some(name.to_string()), ty, binding: None, offset };
        let members = vec![
            member("kind", u, 0),
            member("t", f, 4),
            member("instance_custom_data", u, 8),
            member("instance_index", u, 12),
            member("sbt_record_offset", u, 16),
            member("geometry_index", u, 20),
            member("primitive_index", u, 24),
            member("barycentrics", v2, 28),
            member("front_face", b, 36),
            member("object_to_world", m, 48),
            member("world_to_object", m, 112),
        ];
        let h = self.insert_type(naga::TypeInner::Struct { members, span: 176 }, Some("RayIntersection".to_string()));
        self.module.special_types.ray_intersection = Some(h);
        h
    }
}

impl FnBuilder<'_, '_> {
    /// The query and ray pointers of a `RayQuery` place (a local; parameters were reported).
    pub(crate) fn query_ptrs(&mut self, p: &Place) -> Option<QueryPtrs> {
        let s = p.span;
        match p.root {
            PlaceRoot::Local(l) => {
                let ray = *self.ray_locals.get(&l.0)?;
                let query = self.add(naga::Expression::LocalVariable(self.locals[l.0 as usize]), s);
                let ray = self.add(naga::Expression::LocalVariable(ray), s);
                Some(QueryPtrs { query, ray })
            }
            _ => None,
        }
    }

    /// A `RayQuery` method.
    pub(crate) fn ray_query(&mut self, object: &Place, op: RayQueryOp, args: &[Arg], s: Span) -> Handle<naga::Expression> {
        let Some(q) = self.query_ptrs(object) else {
            // Sema keeps queries locals or parameters, and a parameter was reported.
            if !matches!(object.root, PlaceRoot::Param(_)) {
                self.lw.error("E9901", s, "internal compiler error: a `RayQuery` that is not a local variable or parameter");
            }
            return self.dummy(s);
        };
        let values: Vec<&tir::Expr> = args.iter().filter_map(|a| if let Arg::Value(e) = a { Some(e) } else { None }).collect();
        match op {
            RayQueryOp::TraceRayInline => self.trace_ray_inline(q, &values, s),
            RayQueryOp::Proceed => {
                let result = self.add(naga::Expression::RayQueryProceedResult, s);
                self.push(naga::Statement::RayQuery { query: q.query, fun: naga::RayQueryFunction::Proceed { result } }, s);
                result
            }
            RayQueryOp::Abort => self.query_statement(q, naga::RayQueryFunction::Terminate, s),
            RayQueryOp::CommitNonOpaqueTriangleHit => self.query_statement(q, naga::RayQueryFunction::ConfirmIntersection, s),
            RayQueryOp::CommitProceduralPrimitiveHit => {
                let Some(t) = values.first() else { return self.dummy(s) };
                let hit_t = self.expr(t);
                self.query_statement(q, naga::RayQueryFunction::GenerateIntersection { hit_t }, s)
            }
            RayQueryOp::CommittedStatus => self.intersection_member(q, true, 0, s),
            RayQueryOp::CandidateType => {
                // Triangle (1) → 0, AABB (3) → 1.
                let kind = self.intersection_member(q, false, 0, s);
                let one = self.literal_u32(1);
                self.add(naga::Expression::Binary { op: naga::BinaryOperator::ShiftRight, left: kind, right: one }, s)
            }
            RayQueryOp::Ray(field) => {
                let index = match field {
                    RayField::Flags => 0,
                    RayField::TMin => 2,
                    RayField::Origin => 4,
                    RayField::Direction => 5,
                };
                let ptr = self.add(naga::Expression::AccessIndex { base: q.ray, index }, s);
                self.add(naga::Expression::Load { pointer: ptr }, s)
            }
            RayQueryOp::Hit { committed, field } => self.hit_field(q, committed, field, s),
        }
    }

    fn query_statement(&mut self, q: QueryPtrs, fun: naga::RayQueryFunction, s: Span) -> Handle<naga::Expression> {
        self.push(naga::Statement::RayQuery { query: q.query, fun }, s);
        self.dummy(s)
    }

    /// `TraceRayInline(accel, flags, mask, ray)`: the ray local is filled, then the query is
    /// initialised from it.
    fn trace_ray_inline(&mut self, q: QueryPtrs, values: &[&tir::Expr], s: Span) -> Handle<naga::Expression> {
        let [accel, flags, mask, ray] = values else { return self.dummy(s) };
        let acceleration_structure = self.expr(accel);
        let flags = self.expr(flags);
        let mask = self.expr(mask);
        let ray = self.expr(ray);
        // HLSL's `RayDesc` is { Origin, TMin, Direction, TMax }.
        let origin = self.add(naga::Expression::AccessIndex { base: ray, index: 0 }, s);
        let tmin = self.add(naga::Expression::AccessIndex { base: ray, index: 1 }, s);
        let dir = self.add(naga::Expression::AccessIndex { base: ray, index: 2 }, s);
        let tmax = self.add(naga::Expression::AccessIndex { base: ray, index: 3 }, s);
        let desc_ty = self.lw.ray_desc_type();
        let desc = self.add(naga::Expression::Compose { ty: desc_ty, components: vec![flags, mask, tmin, tmax, origin, dir] }, s);
        self.push(naga::Statement::Store { pointer: q.ray, value: desc }, s);
        let descriptor = self.add(naga::Expression::Load { pointer: q.ray }, s);
        self.query_statement(q, naga::RayQueryFunction::Initialize { acceleration_structure, descriptor }, s)
    }

    /// Member `index` of the committed or candidate intersection.
    fn intersection_member(&mut self, q: QueryPtrs, committed: bool, index: u32, s: Span) -> Handle<naga::Expression> {
        let _ = self.lw.ray_intersection_type();
        let hit = self.add(naga::Expression::RayQueryGetIntersection { query: q.query, committed }, s);
        self.add(naga::Expression::AccessIndex { base: hit, index }, s)
    }

    fn hit_field(&mut self, q: QueryPtrs, committed: bool, field: HitField, s: Span) -> Handle<naga::Expression> {
        let index = match field {
            HitField::RayT => 1,
            HitField::InstanceId => 2,
            HitField::InstanceIndex => 3,
            HitField::InstanceContributionToHitGroupIndex => 4,
            HitField::GeometryIndex => 5,
            HitField::PrimitiveIndex => 6,
            HitField::TriangleBarycentrics => 7,
            HitField::TriangleFrontFace => 8,
            HitField::ObjectToWorld { .. } => 9,
            HitField::WorldToObject { .. } | HitField::ObjectRayOrigin | HitField::ObjectRayDirection => 10,
        };
        let value = self.intersection_member(q, committed, index, s);
        match field {
            HitField::ObjectToWorld { transposed: true } | HitField::WorldToObject { transposed: true } => {
                self.add(naga::Expression::Math { fun: naga::MathFunction::Transpose, arg: value, arg1: None, arg2: None, arg3: None }, s)
            }
            HitField::ObjectRayOrigin | HitField::ObjectRayDirection => {
                // world_to_object × (ray, w): w = 1 for the origin, 0 for the direction.
                let (member, w) = if field == HitField::ObjectRayOrigin { (4, 1.0) } else { (5, 0.0) };
                let ptr = self.add(naga::Expression::AccessIndex { base: q.ray, index: member }, s);
                let v = self.add(naga::Expression::Load { pointer: ptr }, s);
                let w = self.add(naga::Expression::Literal(naga::Literal::F32(w)), s);
                let v4_ty = self.lw.vector_type(naga::Scalar::F32, 4);
                let v4 = self.add(naga::Expression::Compose { ty: v4_ty, components: vec![v, w] }, s);
                self.add(naga::Expression::Binary { op: naga::BinaryOperator::Multiply, left: value, right: v4 }, s)
            }
            _ => value,
        }
    }
}
