//! Inline ray tracing (SM 6.5): `RayQuery<RAY_FLAGS[, RAYQUERY_FLAGS]>` objects, their
//! declarations and their methods (`TraceRayInline`, `Proceed`, `Committed*`/`Candidate*` …).
//!
//! A `RayQuery` is a handle to a traversal, as in DXIL: copying one (`RayQuery<0> b = a;`)
//! makes another name for the same traversal, and a parameter of type `RayQuery` receives the
//! caller's query by reference (sema passes it as an `Arg::InOut` place). naga has
//! function-local ray queries only, so a query is a local variable (an initialisation from
//! another query declares an alias); `static` and `groupshared` queries are rejected here,
//! and lowering rejects a called function with a `RayQuery` parameter (naga's ray-query
//! operations need a local of the function itself). Arrays of queries are not supported yet.
//! The methods become [`Method::RayQuery`] on the query's place; the template's ray flags are
//! OR-ed into the flags of `TraceRayInline` here, so lowering sees the flags the traversal
//! uses (DXC does the same). DXC's shader-model rules, both warnings that are errors by
//! default: a non-zero `RAYQUERY_FLAGS` written as an integer literal needs SM 6.9
//! (`hlsl-availability`, W0520/E0520, in reached code), and `RAY_FLAG_FORCE_OMM_2_STATE`
//! needs `RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS` on the query (`hlsl-rayquery-flags`,
//! W0525/E0525).

use super::expr::{Operand, Value};
use super::Analyzer;
use crate::tir::{Arg, BinaryOp, ConstValue, Expr, ExprKind, HitField, Method, Place, PlaceRoot, RayField, RayQueryOp};
use crate::ty::{Resource, Scalar, TypeId, TypeInner};
use hlslc_grammar::ast;
use hlslc_grammar::Span;

/// `RAY_FLAG_FORCE_OMM_2_STATE`.
const FORCE_OMM_2_STATE: u32 = 0x400;
/// `RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS`.
const ALLOW_OPACITY_MICROMAPS: u32 = 0x1;

/// The getters of a query, by HLSL name.
const GETTERS: &[(&str, RayQueryOp)] = &[
    ("CommittedStatus", RayQueryOp::CommittedStatus),
    ("CandidateType", RayQueryOp::CandidateType),
    ("RayFlags", RayQueryOp::Ray(RayField::Flags)),
    ("RayTMin", RayQueryOp::Ray(RayField::TMin)),
    ("WorldRayOrigin", RayQueryOp::Ray(RayField::Origin)),
    ("WorldRayDirection", RayQueryOp::Ray(RayField::Direction)),
    ("CommittedRayT", hit(true, HitField::RayT)),
    ("CandidateTriangleRayT", hit(false, HitField::RayT)),
    ("CommittedInstanceIndex", hit(true, HitField::InstanceIndex)),
    ("CandidateInstanceIndex", hit(false, HitField::InstanceIndex)),
    ("CommittedInstanceID", hit(true, HitField::InstanceId)),
    ("CandidateInstanceID", hit(false, HitField::InstanceId)),
    ("CommittedInstanceContributionToHitGroupIndex", hit(true, HitField::InstanceContributionToHitGroupIndex)),
    ("CandidateInstanceContributionToHitGroupIndex", hit(false, HitField::InstanceContributionToHitGroupIndex)),
    ("CommittedGeometryIndex", hit(true, HitField::GeometryIndex)),
    ("CandidateGeometryIndex", hit(false, HitField::GeometryIndex)),
    ("CommittedPrimitiveIndex", hit(true, HitField::PrimitiveIndex)),
    ("CandidatePrimitiveIndex", hit(false, HitField::PrimitiveIndex)),
    ("CommittedTriangleBarycentrics", hit(true, HitField::TriangleBarycentrics)),
    ("CandidateTriangleBarycentrics", hit(false, HitField::TriangleBarycentrics)),
    ("CommittedTriangleFrontFace", hit(true, HitField::TriangleFrontFace)),
    ("CandidateTriangleFrontFace", hit(false, HitField::TriangleFrontFace)),
    ("CommittedObjectToWorld3x4", hit(true, HitField::ObjectToWorld { transposed: true })),
    ("CandidateObjectToWorld3x4", hit(false, HitField::ObjectToWorld { transposed: true })),
    ("CommittedObjectToWorld4x3", hit(true, HitField::ObjectToWorld { transposed: false })),
    ("CandidateObjectToWorld4x3", hit(false, HitField::ObjectToWorld { transposed: false })),
    ("CommittedWorldToObject3x4", hit(true, HitField::WorldToObject { transposed: true })),
    ("CandidateWorldToObject3x4", hit(false, HitField::WorldToObject { transposed: true })),
    ("CommittedWorldToObject4x3", hit(true, HitField::WorldToObject { transposed: false })),
    ("CandidateWorldToObject4x3", hit(false, HitField::WorldToObject { transposed: false })),
    ("CommittedObjectRayOrigin", hit(true, HitField::ObjectRayOrigin)),
    ("CandidateObjectRayOrigin", hit(false, HitField::ObjectRayOrigin)),
    ("CommittedObjectRayDirection", hit(true, HitField::ObjectRayDirection)),
    ("CandidateObjectRayDirection", hit(false, HitField::ObjectRayDirection)),
];

const fn hit(committed: bool, field: HitField) -> RayQueryOp {
    RayQueryOp::Hit { committed, field }
}

/// A template argument written as an integer literal without an unsigned suffix (`1`, `0x1`).
fn is_signed_int_literal(arg: &ast::TemplateArg) -> bool {
    use ast::IntSuffix as S;
    matches!(arg, ast::TemplateArg::Expr(ast::Expr { kind: ast::ExprKind::Literal(ast::Literal::Int { suffix: S::None | S::L | S::LL, .. }), .. }))
}

impl Analyzer<'_> {
    /// `RayQuery<RAY_FLAGS[, RAYQUERY_FLAGS]>`: both arguments constant, with DXC's rules on
    /// the opacity-micromap flags.
    pub(crate) fn ray_query_type(&mut self, args: Option<&[ast::TemplateArg]>, span: Span) -> Option<TypeId> {
        let args = match args {
            Some(a) if (1..=2).contains(&a.len()) => a,
            _ => {
                self.error("E0403", span, "`RayQuery` takes one or two constant template arguments: the ray flags and the ray-query flags")
                    .help("write `RayQuery<RAY_FLAG_NONE>` or, with shader model 6.9, `RayQuery<RAY_FLAG_NONE, RAYQUERY_FLAG_NONE>`");
                return None;
            }
        };
        let ray_flags = self.template_int_arg(&args[0])?;
        let query_flags = match args.get(1) {
            Some(a) => self.template_int_arg(a)?,
            None => 0,
        };
        let (Ok(ray_flags), Ok(query_flags)) = (u32::try_from(ray_flags), u32::try_from(query_flags)) else {
            self.error("E0625", span, "the template arguments of `RayQuery` must be 32-bit unsigned flag values");
            return None;
        };
        if !self.options.profile.as_ref().is_none_or(|p| p.at_least(6, 9)) {
            // Before 6.9 DXC diagnoses only a second argument written as a signed integer
            // literal (`RayQuery<F, 1>`; its SemaHLSLDiagnoseTU looks for an implicit cast of an
            // integer literal), as an `hlsl-availability` warning that is an error by default,
            // in code an entry point reaches; a named flag (`RAYQUERY_FLAG_ALLOW_OPACITY_
            // MICROMAPS`) is accepted, and the flags are dropped below 6.9.
            if query_flags != 0 && args.get(1).is_some_and(is_signed_int_literal) {
                self.availability_warning(span, "a non-zero value for the RayQueryFlags template argument requires shader model 6.9 or above".to_string())
                    .help("compile with a 6.9 profile, or leave the second template argument out");
            }
        } else if query_flags & !ALLOW_OPACITY_MICROMAPS != 0 {
            self.error("E0625", span, format!("`{query_flags:#x}` is not a valid RayQueryFlags value"))
                .help("the only ray-query flag is `RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS` (1)");
        }
        if ray_flags & FORCE_OMM_2_STATE != 0 && query_flags & ALLOW_OPACITY_MICROMAPS == 0 {
            self.warning("W0525", "hlsl-rayquery-flags", span, "when using `RAY_FLAG_FORCE_OMM_2_STATE` in RayFlags, RayQueryFlags must have `RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS` set".to_string())
                .help("add `RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS` as the second template argument (shader model 6.9)");
        }
        Some(self.module.types.insert(TypeInner::RayQuery { ray_flags, query_flags }))
    }

    /// True if `ty` is or contains (as array element) a `RayQuery`.
    pub(crate) fn holds_ray_query(&self, ty: TypeId) -> bool {
        match *self.module.types.get(ty) {
            TypeInner::RayQuery { .. } => true,
            TypeInner::Array { base, .. } => self.holds_ray_query(base),
            _ => false,
        }
    }

    /// Reports a `RayQuery` declared where naga cannot keep one (`what`: "a `static`
    /// variable", "a global variable", "a struct member", "a `groupshared` variable"). True
    /// if `ty` holds a query.
    pub(crate) fn reject_ray_query_storage(&mut self, ty: TypeId, span: Span, what: &str) -> bool {
        if !self.holds_ray_query(ty) {
            return false;
        }
        self.error("E0803", span, format!("a `RayQuery` as {what} cannot be expressed in naga IR, whose ray queries are function-local variables"))
            .help("declare the query as a local variable of the function that traces the ray");
        true
    }

    /// A local `RayQuery` declaration: a fresh query (no initializer, or `RayQuery<…>()`) or
    /// another name for an existing one (`= q`). Arrays are not supported.
    pub(crate) fn ray_query_local(&mut self, d: &ast::Declarator, ty: TypeId, is_static: bool) {
        if is_static {
            self.reject_ray_query_storage(ty, d.span, "a `static` variable");
            self.declare_failed(std::slice::from_ref(d));
            return;
        }
        if !matches!(self.module.types.get(ty), TypeInner::RayQuery { .. }) {
            self.error("E0801", d.span, "arrays of `RayQuery` are not supported yet")
                .help("declare one `RayQuery` variable per traversal");
            self.declare_failed(std::slice::from_ref(d));
            return;
        }
        let name = &d.name.name;
        match &d.init {
            None => {}
            Some(ast::Initializer::Expr(ast::Expr { kind: ast::ExprKind::Construct { args, .. }, span })) if args.is_empty() => {
                // `RayQuery<F>()`: a fresh query of exactly this type.
                if let Some(t) = self.resolve_construct_type(&d.init) {
                    if t != ty {
                        let (a, b) = (self.type_name(t), self.type_name(ty));
                        self.error("E0421", *span, format!("cannot initialise `{b}` with a `{a}`"));
                    }
                }
            }
            Some(ast::Initializer::Expr(e @ ast::Expr { kind: ast::ExprKind::InitList(_), .. })) => {
                self.error("E0625", e.span, format!("cannot initialise `{}` with an initializer list", self.type_name(ty)))
                    .help("a `RayQuery` starts empty (`RayQuery<FLAGS> q;`) or names another query of the same type");
                self.declare_failed(std::slice::from_ref(d));
                return;
            }
            Some(ast::Initializer::Expr(e)) => {
                let Some(op) = self.operand(e) else {
                    self.declare_failed(std::slice::from_ref(d));
                    return;
                };
                let alias = match &op.value {
                    Value::Place(p) if p.projections.is_empty() && p.ty == ty => match p.root {
                        PlaceRoot::Local(l) => Some(super::scope::VarRef::Local(l)),
                        PlaceRoot::Param(q) => Some(super::scope::VarRef::Param(q)),
                        _ => None,
                    },
                    _ => None,
                };
                let Some(var) = alias else {
                    if op.ty == ty {
                        // A query of the right type that is not one variable (`c ? q0 : q1`):
                        // DXC takes it; naga's queries are variables, named statically.
                        self.error("E0803", e.span, "a `RayQuery` chosen at run time (not one query variable) cannot be expressed in naga IR, whose ray queries are function-local variables")
                            .help("trace with one query, or call the methods of each query in its own branch");
                    } else {
                        let (a, b) = (self.type_name(op.ty), self.type_name(ty));
                        self.error("E0625", e.span, format!("cannot initialise `{b}` with a value of type `{a}`"))
                            .help("a `RayQuery` starts empty (`RayQuery<FLAGS> q;`) or names another query of the same type");
                    }
                    self.declare_failed(std::slice::from_ref(d));
                    return;
                };
                self.declare(name, super::scope::Symbol::Var(var), d.name.span);
                return;
            }
            Some(ast::Initializer::SamplerState { span, .. }) => {
                self.error("E0625", *span, "a `RayQuery` cannot have a state-block initializer");
            }
        }
        let local = self.add_local(name, ty, d.span, false);
        self.declare(name, super::scope::Symbol::Var(super::scope::VarRef::Local(local)), d.name.span);
    }

    fn resolve_construct_type(&mut self, init: &Option<ast::Initializer>) -> Option<TypeId> {
        match init {
            Some(ast::Initializer::Expr(ast::Expr { kind: ast::ExprKind::Construct { ty, .. }, .. })) => self.resolve_type(ty),
            _ => None,
        }
    }

    /// A method of a `RayQuery` object.
    pub(crate) fn ray_query_method(&mut self, obj: Operand, member: &ast::Ident, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let name = member.name.as_str();
        let TypeInner::RayQuery { ray_flags, query_flags } = *self.module.types.get(obj.ty) else { return None };
        let Value::Place(query) = obj.value else {
            self.error("E0515", obj.span, "`RayQuery` methods need a query variable");
            return None;
        };
        let types = &mut self.module.types;
        let (u, f, b) = (types.scalar(Scalar::U32), types.scalar(Scalar::F32), types.scalar(Scalar::BOOL));
        let (f2, f3) = (types.vector(Scalar::F32, 2), types.vector(Scalar::F32, 3));
        let (m34, m43) = (types.matrix(Scalar::F32, 3, 4), types.matrix(Scalar::F32, 4, 3));
        let void = types.void();
        let (op, params, ret): (RayQueryOp, Vec<TypeId>, TypeId) = match name {
            "TraceRayInline" => return self.trace_ray_inline(query, ray_flags, query_flags, ops, span),
            "Proceed" => (RayQueryOp::Proceed, vec![], b),
            "Abort" => (RayQueryOp::Abort, vec![], void),
            "CommitNonOpaqueTriangleHit" => (RayQueryOp::CommitNonOpaqueTriangleHit, vec![], void),
            "CommitProceduralPrimitiveHit" => (RayQueryOp::CommitProceduralPrimitiveHit, vec![f], void),
            "CandidateProceduralPrimitiveNonOpaque" => {
                self.error("E0803", member.span, "`CandidateProceduralPrimitiveNonOpaque` cannot be expressed in WGSL or naga IR (naga's ray queries do not report whether a procedural candidate is opaque)")
                    .help("give procedural geometry that needs the distinction its own instance mask or geometry index and test `CandidateGeometryIndex()`");
                return None;
            }
            _ => {
                let Some(&(_, op)) = GETTERS.iter().find(|(n, _)| *n == name) else {
                    let t = self.type_name(obj.ty);
                    self.error("E0307", member.span, format!("`{t}` has no method `{name}`"));
                    return None;
                };
                let ret = match op {
                    RayQueryOp::CommittedStatus | RayQueryOp::CandidateType | RayQueryOp::Ray(RayField::Flags) => u,
                    RayQueryOp::Ray(RayField::TMin) => f,
                    RayQueryOp::Ray(_) => f3,
                    RayQueryOp::Hit { field, .. } => match field {
                        HitField::RayT => f,
                        HitField::TriangleBarycentrics => f2,
                        HitField::TriangleFrontFace => b,
                        HitField::ObjectToWorld { transposed: true } | HitField::WorldToObject { transposed: true } => m34,
                        HitField::ObjectToWorld { .. } | HitField::WorldToObject { .. } => m43,
                        HitField::ObjectRayOrigin | HitField::ObjectRayDirection => f3,
                        _ => u,
                    },
                    _ => u,
                };
                (op, vec![], ret)
            }
        };
        if ops.len() != params.len() {
            self.error("E0508", span, format!("`{name}` takes {} argument{}, found {}", params.len(), if params.len() == 1 { "" } else { "s" }, ops.len()));
            return None;
        }
        let mut args = Vec::new();
        for (o, t) in ops.into_iter().zip(params) {
            let s = o.span;
            args.push(Arg::Value(self.convert_implicit(o, t, s)?));
        }
        Some(Operand::expr(Expr::new(ExprKind::Method { object: Box::new(query), method: Method::RayQuery(op), args }, ret, span)))
    }

    /// `q.TraceRayInline(accel, flags, mask, ray)`: the template's ray flags OR-ed into
    /// `flags`; `RAY_FLAG_FORCE_OMM_2_STATE` in a constant `flags` needs the query's
    /// `RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS`.
    fn trace_ray_inline(&mut self, query: Place, ray_flags: u32, query_flags: u32, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        if ops.len() != 4 {
            self.error("E0508", span, format!("`TraceRayInline` takes 4 arguments (acceleration structure, ray flags, instance mask, ray), found {}", ops.len()));
            return None;
        }
        let mut ops = ops.into_iter();
        let accel = ops.next()?;
        let accel_ty = self.module.types.insert(TypeInner::Resource(Resource::AccelerationStructure));
        if accel.ty != accel_ty {
            let t = self.type_name(accel.ty);
            self.error("E0502", accel.span, format!("the first argument of `TraceRayInline` must be a `RaytracingAccelerationStructure`, found `{t}`"));
            return None;
        }
        let accel = accel.into_expr();
        let u = self.module.types.scalar(Scalar::U32);
        let flags_op = ops.next()?;
        let flags_span = flags_op.span;
        let flags = self.convert_implicit(flags_op, u, flags_span)?;
        if let Ok(Some(ConstValue::Uint(c))) = self.try_fold(&flags) {
            if c as u32 & FORCE_OMM_2_STATE != 0 && query_flags & ALLOW_OPACITY_MICROMAPS == 0 {
                self.warning("W0525", "hlsl-rayquery-flags", flags_span, "when using `RAY_FLAG_FORCE_OMM_2_STATE` in RayFlags, RayQueryFlags must have `RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS` set".to_string())
                    .related(query.span, "the query used here")
                    .help("declare the query as `RayQuery<FLAGS, RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS>` (shader model 6.9)");
            }
        }
        let flags = if ray_flags == 0 {
            flags
        } else {
            let template = Expr::new(ExprKind::Const(ConstValue::Uint(ray_flags as u64)), u, span);
            Expr::new(ExprKind::binary(BinaryOp::BitOr, flags, template), u, flags_span)
        };
        let mask_op = ops.next()?;
        let mask_span = mask_op.span;
        let mask = self.convert_implicit(mask_op, u, mask_span)?;
        let ray_op = ops.next()?;
        let ray_desc = self.ray_tracing_struct("RayDesc")?;
        let ray_span = ray_op.span;
        let ray = self.convert_implicit(ray_op, ray_desc, ray_span)?;
        let void = self.module.types.void();
        let args = vec![Arg::Value(accel), Arg::Value(flags), Arg::Value(mask), Arg::Value(ray)];
        let method = Method::RayQuery(RayQueryOp::TraceRayInline);
        Some(Operand::expr(Expr::new(ExprKind::Method { object: Box::new(query), method, args }, void, span)))
    }
}
