//! `EvaluateAttributeAtSample`, `EvaluateAttributeCentroid` and `EvaluateAttributeSnapped`:
//! a pixel-shader input interpolated somewhere other than where its interpolation modifier
//! says (Shader Model 5; SPIR-V's `InterpolateAt*` of `GLSL.std.450`).
//!
//! The attribute must be an input read as it arrives — a parameter of the entry point, a
//! member, row, element or component of one, or a local or parameter it was passed through
//! unchanged (DXC checks the last after optimisation; hlslc's SPIR-V pass traces it back to
//! the input variable and reports what it cannot trace). Here the call is checked for what
//! can be seen in the expression: a floating-point attribute (the interpolation functions
//! take no integers), read rather than computed (E0693), not read from a constant
//! buffer or resource, and not `SV_Position` (E0731). The sample index becomes `uint` and the offset `int2`, as DXC's
//! signatures convert them.

use super::expr::Operand;
use super::Analyzer;
use crate::tir::{Expr, ExprKind, GlobalKind, Intrinsic as I, PlaceRoot};
use crate::ty::Scalar;
use hlslc_grammar::Span;

impl Analyzer<'_> {
    /// Checks and builds an `EvaluateAttribute*` call.
    pub(super) fn evaluate_attribute(&mut self, name: &str, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let (op, want) = match name {
            "EvaluateAttributeAtSample" => (I::EvaluateAttributeAtSample, 2),
            "EvaluateAttributeCentroid" => (I::EvaluateAttributeCentroid, 1),
            _ => (I::EvaluateAttributeSnapped, 2),
        };
        if ops.len() != want {
            let n = ops.len();
            self.error("E0508", span, format!("`{name}` takes {want} argument{}, found {n}", if want == 1 { "" } else { "s" }));
            return None;
        }
        let mut it = ops.into_iter();
        let attribute = it.next()?;
        if self.module.types.shape(attribute.ty).is_none() {
            self.error("E0510", attribute.span, format!("`{name}` takes a numeric argument, found `{}`", self.type_name(attribute.ty)));
            return None;
        }
        let attribute = self.materialize(attribute);
        let ty = attribute.ty;
        if !self.module.types.scalar_of(ty).is_some_and(|s| s.is_float()) {
            self.error("E0730", attribute.span, format!("`{name}` interpolates floating-point attributes, found `{}`", self.type_name(ty)))
                .help("an integer input is `nointerpolation`: it has the same value everywhere in the primitive, so read it directly");
            return None;
        }
        if !self.is_read_attribute(&attribute) {
            self.error("E0693", attribute.span, "attribute evaluation can only be done on values taken directly from inputs")
                .note("the attribute here is computed, or read from a constant buffer or resource, not from an input")
                .help("pass a pixel-shader input (or a member, row or component of one), or a variable or parameter holding one unchanged");
            return None;
        }
        if let Some(semantic) = self.entry_system_value(&attribute) {
            self.error("E0731", attribute.span, format!("`{name}` cannot evaluate the system value `{semantic}`: pixel shaders have no pull-model evaluation of it"))
                .help("pass the position as a user attribute too and evaluate that, or declare `SV_Position` `centroid` or `sample`");
            return None;
        }
        let mut args = vec![attribute];
        if let Some(extra) = it.next() {
            let to = if op == I::EvaluateAttributeAtSample { self.module.types.scalar(Scalar::U32) } else { self.module.types.vector(Scalar::I32, 2) };
            let s = extra.span;
            args.push(self.convert_implicit(extra, to, s)?);
        }
        Some(self.intrinsic_expr(op, ty, args, span))
    }

    /// `SV_Position` when the attribute reads that entry-point input (or struct member)
    /// directly: DXC rejects evaluating it (the SPIR-V built-in `FragCoord` is no interpolant);
    /// other system values a pixel shader receives as attributes (`SV_InstanceID` …) are
    /// evaluated as DXC's SPIR-V back end does.
    fn entry_system_value(&self, e: &Expr) -> Option<String> {
        use crate::tir::Projection;
        let place = match &e.kind {
            ExprKind::Load(p) => p,
            ExprKind::Swizzle { expr, .. } | ExprKind::MatrixElements { expr, .. } | ExprKind::Truncate(expr) => return self.entry_system_value(expr),
            _ => return None,
        };
        let PlaceRoot::Param(p) = place.root else { return None };
        let function = &self.module.functions[self.func.as_ref()?.id.0 as usize];
        if function.name != self.options.entry_point {
            return None;
        }
        let param = &function.params[p.0 as usize];
        let mut semantic = param.semantic.as_ref();
        let mut ty = param.ty;
        for projection in &place.projections {
            let (Projection::Field(k), crate::ty::TypeInner::Struct(st)) = (projection, *self.module.types.get(ty)) else { break };
            let field = &self.module.structs[st.0 as usize].fields[*k as usize];
            semantic = field.semantic.as_ref().or(semantic);
            ty = field.ty;
        }
        semantic.map(|s| s.name.clone()).filter(|n| n.eq_ignore_ascii_case("SV_Position"))
    }

    /// A value read from a variable, parameter or `static` (a built-in input declared with
    /// `vk::ext_builtin_input`), possibly through a swizzle, matrix elements or a truncation —
    /// not a computation, a constant-buffer member or a resource's element.
    fn is_read_attribute(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Load(place) => match place.root {
                PlaceRoot::Global(g) => matches!(self.module.globals[g.0 as usize].kind, GlobalKind::Static { .. }),
                PlaceRoot::Local(_) | PlaceRoot::Param(_) => true,
                _ => false,
            },
            ExprKind::Swizzle { expr, .. } | ExprKind::MatrixElements { expr, .. } | ExprKind::Truncate(expr) => self.is_read_attribute(expr),
            _ => false,
        }
    }
}
