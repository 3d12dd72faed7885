//! DirectX Raytracing (DXR) names: the `RayDesc` and `BuiltInTriangleIntersectionAttributes`
//! structs, the `RAY_FLAG_*` / `HIT_KIND_*` / `COMMITTED_*` / `CANDIDATE_*` constants, the
//! system-value functions (`WorldRayOrigin()`, `RayTCurrent()`, `DispatchRaysIndex()` …) and
//! the ray-tracing calls (`TraceRay`, `ReportHit`, `CallShader`, `IgnoreHit`,
//! `AcceptHitAndEndSearch`).
//!
//! hlslc cannot lower ray tracing: the ray-tracing stages are rejected at the profile, and
//! WGSL has no ray-tracing pipelines. But one header often serves ray-tracing, compute and
//! pixel shaders alike, and DXC compiles a compute shader that includes helpers calling
//! `WorldRayOrigin()` as long as its entry point never reaches them. So sema knows these names
//! and their types, and a *use* is an error only in code that runs (reported by
//! [`Analyzer::check_live_code`], like the other live-code checks in `liveness.rs`). The
//! constants are plain `uint`s and fine anywhere.

use super::expr::Operand;
use super::Analyzer;
use crate::tir::{ConstValue, Expr, ExprKind, Field, Interpolation, StructDef};
use crate::ty::{Scalar, StructId, TypeId, TypeInner};
use hlslc_grammar::Span;

/// The shape of a DXR function's result.
#[derive(Clone, Copy)]
enum Ret {
    Void,
    Bool,
    Uint,
    Uint3,
    Float,
    Float3,
    /// `float3x4` (`rows`, `cols`) or `float4x3`.
    Matrix(u8, u8),
}

/// DXR functions: name, argument count, result.
const FUNCTIONS: &[(&str, usize, Ret)] = &[
    ("DispatchRaysIndex", 0, Ret::Uint3),
    ("DispatchRaysDimensions", 0, Ret::Uint3),
    ("WorldRayOrigin", 0, Ret::Float3),
    ("WorldRayDirection", 0, Ret::Float3),
    ("ObjectRayOrigin", 0, Ret::Float3),
    ("ObjectRayDirection", 0, Ret::Float3),
    ("RayTMin", 0, Ret::Float),
    ("RayTCurrent", 0, Ret::Float),
    ("RayFlags", 0, Ret::Uint),
    ("InstanceIndex", 0, Ret::Uint),
    ("InstanceID", 0, Ret::Uint),
    ("GeometryIndex", 0, Ret::Uint),
    ("PrimitiveIndex", 0, Ret::Uint),
    ("HitKind", 0, Ret::Uint),
    ("ObjectToWorld", 0, Ret::Matrix(3, 4)),
    ("ObjectToWorld3x4", 0, Ret::Matrix(3, 4)),
    ("ObjectToWorld4x3", 0, Ret::Matrix(4, 3)),
    ("WorldToObject", 0, Ret::Matrix(3, 4)),
    ("WorldToObject3x4", 0, Ret::Matrix(3, 4)),
    ("WorldToObject4x3", 0, Ret::Matrix(4, 3)),
    ("TraceRay", 8, Ret::Void),
    ("ReportHit", 3, Ret::Bool),
    ("CallShader", 2, Ret::Void),
    ("IgnoreHit", 0, Ret::Void),
    ("AcceptHitAndEndSearch", 0, Ret::Void),
];

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
];

impl Analyzer<'_> {
    /// `RayDesc` and `BuiltInTriangleIntersectionAttributes`, declared on first use (a user
    /// declaration of the same name shadows them, as for every builtin type).
    pub(crate) fn ray_tracing_struct(&mut self, name: &str) -> Option<TypeId> {
        let fields: &[(&str, TypeInner)] = match name {
            "RayDesc" => &[
                ("Origin", TypeInner::Vector { scalar: Scalar::F32, size: 3 }),
                ("TMin", TypeInner::Scalar(Scalar::F32)),
                ("Direction", TypeInner::Vector { scalar: Scalar::F32, size: 3 }),
                ("TMax", TypeInner::Scalar(Scalar::F32)),
            ],
            "BuiltInTriangleIntersectionAttributes" => &[("barycentrics", TypeInner::Vector { scalar: Scalar::F32, size: 2 })],
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

    /// A call of a DXR function: a value of its result type, and an error if the call is in
    /// code that runs. `None` if `name` is not a DXR function.
    pub(crate) fn ray_tracing_call(&mut self, name: &str, ops: &[Operand], span: Span) -> Option<Option<Operand>> {
        let &(_, arity, ret) = FUNCTIONS.iter().find(|(n, _, _)| *n == name)?;
        if ops.len() != arity {
            self.error("E0508", span, format!("`{name}` takes {arity} argument{}, found {}", if arity == 1 { "" } else { "s" }, ops.len()));
            return Some(None);
        }
        let types = &mut self.module.types;
        let ty = match ret {
            Ret::Void => types.void(),
            Ret::Bool => types.scalar(Scalar::BOOL),
            Ret::Uint => types.scalar(Scalar::U32),
            Ret::Uint3 => types.vector(Scalar::U32, 3),
            Ret::Float => types.scalar(Scalar::F32),
            Ret::Float3 => types.vector(Scalar::F32, 3),
            Ret::Matrix(r, c) => types.matrix(Scalar::F32, r, c),
        };
        self.live_code_error(
            "E0610",
            span,
            format!("`{name}` belongs to DirectX Raytracing, which cannot be expressed in WGSL or naga IR"),
            "hlslc compiles vertex, pixel and compute shaders; keep ray-tracing code out of what this entry point calls",
        );
        let kind = if matches!(ret, Ret::Void) { ExprKind::Sequence(Vec::new()) } else { ExprKind::Zero };
        Some(Some(Operand::expr(Expr::new(kind, ty, span))))
    }
}
