//! Min-precision spellings for overload resolution.
//!
//! `min16float`, `min10float`, `min16int`, `min12int`, `min16uint` and (without
//! `-enable-16bit-types`) `half` compute at the precision of the type they are promoted to
//! (`types.rs`), so the typed IR gives them that type. DXC's front end still keeps them
//! distinct types: `float f(float)` and `min16float f(min16float)` are two overloads, and a
//! call picks the one whose parameters match the arguments' *written* precision, ranking a
//! conversion to fewer bits below one to at least as many (`IsPromotion` in DXC's
//! `SemaHLSL.cpp`). This module carries that written precision beside the types, where
//! overloads need it: on each parameter ([`super::ParamInfo::precision`]), on variables (by
//! their [`VarRef`]), and on call arguments, read from the argument's expression. The packed
//! types `int8_t4_packed`/`uint8_t4_packed`, a `uint` here and distinct types in DXC, are
//! carried the same way.

use super::scope::{Symbol, VarRef};
use super::Analyzer;
use crate::tir::FuncId;
use crate::ty::{ScalarKind, TypeId};
use hlslc_grammar::ast;

/// How a numeric type was spelled, where that is not what its typed-IR type says.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub(crate) enum MinPrecision {
    /// As its type says (`float`, `int`, `half` with 16-bit types, …), or not known.
    #[default]
    Full,
    /// `half` without 16-bit types: DXC's 32-bit "partial precision" float.
    Half,
    /// `min16float`, `min16int`, `min16uint`.
    Min16,
    /// `min10float`, `min12int`.
    Min10,
    /// `int8_t4_packed` and `uint8_t4_packed` (SM 6.6): a `uint` in the typed IR, but types
    /// of their own in DXC, which overloads tell apart from `uint` and from each other.
    PackedS8,
    PackedU8,
}

impl MinPrecision {
    /// DXC's order of the types one lowered scalar stands for: a conversion up this order is
    /// a promotion (`IsPromotion` in `SemaHLSL.cpp`: `min10float` → `min16float` → `half` →
    /// `float`, and `min12int` → `min16int` → `int`), one down it a cast.
    fn rank(self) -> u8 {
        match self {
            MinPrecision::Min10 => 0,
            MinPrecision::Min16 => 1,
            MinPrecision::Half => 2,
            // (Neither a promotion nor a demotion of `uint`: a conversion either way.)
            MinPrecision::Full | MinPrecision::PackedS8 | MinPrecision::PackedU8 => 3,
        }
    }

    /// The precision of a result combining two operands: the higher one, as DXC's usual
    /// arithmetic conversions pick the wider type (a literal adopts the other side's).
    fn combine(self, other: MinPrecision) -> MinPrecision {
        if self.rank() >= other.rank() {
            self
        } else {
            other
        }
    }
}

/// An expression's precision, or "a literal" (which takes the other operand's).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Written {
    Literal,
    Of(MinPrecision),
}

impl Written {
    fn join(self, other: Written) -> Written {
        match (self, other) {
            (Written::Literal, x) | (x, Written::Literal) => x,
            (Written::Of(a), Written::Of(b)) => Written::Of(a.combine(b)),
        }
    }

    fn precision(self) -> MinPrecision {
        match self {
            Written::Literal => MinPrecision::Full,
            Written::Of(p) => p,
        }
    }
}

impl Analyzer<'_> {
    /// The min-precision spelling of a written type (`min16float3`, `vector<min10float, 2>`,
    /// `half` without 16-bit types); `Full` for every other type.
    pub(crate) fn written_precision(&self, ty: &ast::TypeSpec) -> MinPrecision {
        match &ty.kind {
            ast::TypeKind::Named(path) => {
                let Some(last) = path.segments.last() else { return MinPrecision::Full };
                let name = last.ident.name.as_str();
                if matches!(name, "vector" | "matrix") {
                    return match last.template_args.as_deref() {
                        Some([ast::TemplateArg::Type(t), ..]) => self.written_precision(t),
                        _ => MinPrecision::Full,
                    };
                }
                // `min16float`, `min16float4`, `min16float3x3` …: the scalar name and a shape.
                let scalar = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == 'x');
                let shaped = name[scalar.len()..].chars().all(|c| c.is_ascii_digit() || c == 'x');
                match scalar {
                    _ if !shaped || path.segments.len() > 1 => MinPrecision::Full,
                    "min16float" | "min16int" | "min16uint" => MinPrecision::Min16,
                    "min10float" | "min12int" => MinPrecision::Min10,
                    "half" if !self.options.enable_16bit_types => MinPrecision::Half,
                    "int8_t4_packed" => MinPrecision::PackedS8,
                    "uint8_t4_packed" => MinPrecision::PackedU8,
                    _ => MinPrecision::Full,
                }
            }
            ast::TypeKind::Qualified { ty, .. } => self.written_precision(ty),
            ast::TypeKind::Array { elem, .. } => self.written_precision(elem),
            // (The expression's type is what it is: its written precision is not tracked.)
            ast::TypeKind::Struct(_) | ast::TypeKind::Decltype(_) => MinPrecision::Full,
        }
    }

    /// Records the written precision of the variables `names` a declaration of type `ty`
    /// just declared, and whether it spelled a vector or matrix (see
    /// [`Self::one_component_base`]).
    pub(crate) fn record_precision<'n>(&mut self, ty: &ast::TypeSpec, names: impl Iterator<Item = &'n str>) {
        let p = self.written_precision(ty);
        let vector = written_vector(ty);
        if p == MinPrecision::Full && !vector {
            return;
        }
        for name in names {
            if let Some(Symbol::Var(v)) = self.lookup(name) {
                let key = self.precision_key(v);
                if p != MinPrecision::Full {
                    self.var_precision.insert(key, p);
                }
                if vector {
                    self.written_vectors.insert(key);
                }
            }
        }
    }

    /// True if `e`, whose type is a scalar here, is a one-component vector or matrix in
    /// HLSL, which may be indexed (`float1 v; v[0]`, `float1x1 m; m[0][0]`, a row of a
    /// `float3x1`): a variable, parameter or struct field written with a vector or matrix
    /// type, a row of a one-column matrix or an element of an array of one-component vectors
    /// (recorded by `index_operand`, `member` and `index`).
    pub(crate) fn one_component_base(&self, e: &ast::Expr) -> bool {
        match &e.kind {
            ast::ExprKind::Name(path) if path.segments.len() == 1 && !path.global => match self.lookup(&path.segments[0].ident.name) {
                Some(Symbol::Var(v @ VarRef::Param(p))) => {
                    let param = self.func.as_ref().and_then(|f| self.fn_infos.get(f.id.0 as usize)).and_then(|i| i.params.get(p.0 as usize));
                    param.is_some_and(|i| i.written_vector) || self.written_vectors.contains(&self.precision_key(v))
                }
                Some(Symbol::Var(v)) => self.written_vectors.contains(&self.precision_key(v)),
                Some(Symbol::ThisField(field)) => self.func.as_ref().and_then(|f| f.this).is_some_and(|(st, _)| self.written_vector_fields.contains(&(st, field))),
                _ => false,
            },
            _ => self.one_component_rows.contains(&e.span),
        }
    }

    /// Variables by function (locals and parameters are numbered per function).
    fn precision_key(&self, v: VarRef) -> (Option<FuncId>, VarRef) {
        match v {
            VarRef::Local(_) | VarRef::Param(_) => (self.func.as_ref().map(|f| f.id), v),
            VarRef::Global(_) | VarRef::CBufferMember { .. } => (None, v),
        }
    }

    /// The written precision of a call argument.
    pub(crate) fn argument_precision(&self, e: &ast::Expr) -> MinPrecision {
        self.written_of(e, 0).precision()
    }

    fn written_of(&self, e: &ast::Expr, depth: u32) -> Written {
        // (Deeper expressions are still analysed by `expr.rs`, which bounds their depth.)
        if depth > 64 {
            return Written::Of(MinPrecision::Full);
        }
        let d = depth + 1;
        match &e.kind {
            ast::ExprKind::Literal(ast::Literal::Int { .. } | ast::Literal::Float { suffix: ast::FloatSuffix::None, .. }) => Written::Literal,
            ast::ExprKind::Name(path) if path.segments.len() == 1 && !path.global => match self.lookup(&path.segments[0].ident.name) {
                Some(Symbol::Var(v)) => Written::Of(self.variable_precision(v)),
                _ => Written::Of(MinPrecision::Full),
            },
            ast::ExprKind::Unary { operand, .. } => self.written_of(operand, d),
            ast::ExprKind::Binary { op, lhs, rhs } => {
                use ast::BinaryOp::*;
                match op {
                    Add | Sub | Mul | Div | Rem | BitAnd | BitOr | BitXor => self.written_of(lhs, d).join(self.written_of(rhs, d)),
                    Shl | Shr => self.written_of(lhs, d),
                    _ => Written::Of(MinPrecision::Full),
                }
            }
            ast::ExprKind::Assign { lhs, .. } => self.written_of(lhs, d),
            ast::ExprKind::Conditional { accept, reject, .. } => self.written_of(accept, d).join(self.written_of(reject, d)),
            ast::ExprKind::Comma { rhs, .. } => self.written_of(rhs, d),
            ast::ExprKind::Construct { ty, .. } | ast::ExprKind::Cast { ty, .. } => Written::Of(self.written_precision(ty)),
            // A swizzle or element keeps its vector's precision.
            ast::ExprKind::Index { base, .. } => self.written_of(base, d),
            ast::ExprKind::Member { base, member, template_args: None, .. } if is_swizzle(&member.name) => self.written_of(base, d),
            _ => Written::Of(MinPrecision::Full),
        }
    }

    fn variable_precision(&self, v: VarRef) -> MinPrecision {
        if let (VarRef::Param(p), Some(f)) = (v, self.func.as_ref()) {
            if let Some(info) = self.fn_infos.get(f.id.0 as usize).and_then(|i| i.params.get(p.0 as usize)) {
                return info.precision;
            }
        }
        self.var_precision.get(&self.precision_key(v)).copied().unwrap_or_default()
    }

    /// The extra cost of passing an argument written at precision `arg` (`literal` for a
    /// literal) to a parameter written at `param`, of one lowered type: none when they
    /// agree, a promotion up [`MinPrecision::rank`]'s order, a cast down it (DXC scores a
    /// cast above a promotion). A literal goes best to full precision.
    pub(crate) fn precision_cost(arg: MinPrecision, literal: bool, param: MinPrecision) -> u32 {
        if literal {
            return 16 * u32::from(param != MinPrecision::Full);
        }
        if arg == param {
            return 0;
        }
        if arg.rank() < param.rank() { super::convert::COST_PROMOTION } else { super::convert::COST_SAME_KIND }
    }

    /// True if two types have one lowered scalar, so that a precision difference is all
    /// that can separate them.
    pub(crate) fn share_scalar(&self, a: TypeId, b: TypeId) -> bool {
        let (sa, sb) = (self.module.types.scalar_of(a), self.module.types.scalar_of(b));
        sa.is_some() && sa == sb && sa.is_some_and(|s| s.kind != ScalarKind::Bool)
    }
}

/// True if `ty` is spelled as a vector or matrix: `vector<…>`, `matrix<…>`, or a numeric name
/// with a shape (`float1`, `int1x1`, `min16float3x1`).
pub(crate) fn written_vector(ty: &ast::TypeSpec) -> bool {
    match &ty.kind {
        ast::TypeKind::Named(path) if path.segments.len() == 1 => {
            let name = path.segments[0].ident.name.as_str();
            if matches!(name, "vector" | "matrix") {
                return true;
            }
            let scalar = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == 'x');
            let shape = &name[scalar.len()..];
            !shape.is_empty()
                && shape.starts_with(|c: char| c.is_ascii_digit())
                && matches!(
                    scalar,
                    "float" | "half" | "double" | "int" | "uint" | "bool" | "dword" | "min16float" | "min10float" | "min16int" | "min12int" | "min16uint" | "int16_t" | "uint16_t" | "int32_t" | "uint32_t" | "int64_t" | "uint64_t" | "float16_t" | "float32_t" | "float64_t"
                )
        }
        ast::TypeKind::Qualified { ty, .. } => written_vector(ty),
        _ => false,
    }
}

/// `xyz`, `rgba`, `x`: a vector swizzle (matrix swizzles `_m00` too).
fn is_swizzle(name: &str) -> bool {
    !name.is_empty() && (name.chars().all(|c| "xyzw".contains(c)) || name.chars().all(|c| "rgba".contains(c)) || name.starts_with("_m") || name.starts_with("_1") || name.starts_with("_2") || name.starts_with("_3") || name.starts_with("_4"))
}
