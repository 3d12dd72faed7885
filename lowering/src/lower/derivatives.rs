//! Derivatives and implicit-LOD sampling in compute shaders (SM 6.6) for SPIR-V: stand-ins that `passes::compute_derivatives` turns into SPIR-V's
//! compute-shader derivatives.
//!
//! naga's validator allows derivatives and implicit-LOD samples in fragment shaders only.
//! When a compute entry point reaches them (sema allowed it for SPIR-V), every
//! `Derivative` expression becomes a store of its operand into a private marker variable
//! named `hlslc::derivative::<SPIR-V opcode>` followed by a load of it, and every
//! implicit-LOD or biased sample an explicit-LOD one (level 0, or the bias as the level)
//! after a store of 0 (implicit) or 1 (biased) into the marker `hlslc::implicit_lod`. The
//! SPIR-V pass puts the derivative instructions and implicit-LOD samples back. Functions a
//! pixel shader also reaches take the same form, which the pass turns into the same
//! instructions naga writes for them.

use super::function::FnBuilder;
use super::Lowerer;
use crate::passes::compute_derivatives::{DERIVATIVE, IMPLICIT_LOD};
use crate::tir::{ExprKind, Intrinsic as I, Method as M, Stage};


impl Lowerer<'_> {
    /// Whether the module needs the stand-ins: SPIR-V, and a compute entry point reaching a
    /// derivative or an implicit-LOD sample (sema allows them in no other non-pixel stage).
    pub(super) fn needs_compute_derivatives(&self) -> bool {
        if self.options.target != crate::options::Target::SpirV {
            return false;
        }
        (0..self.tir.entry_points.len()).any(|i| {
            matches!(self.tir.entry_points[i].stage, Stage::Compute | Stage::Node)
                && self.entry_reaches(i, &|e| {
                    matches!(
                        e.kind,
                        ExprKind::Intrinsic { op: I::Ddx | I::DdxCoarse | I::DdxFine | I::Ddy | I::DdyCoarse | I::DdyFine | I::Fwidth, .. }
                            | ExprKind::Method {
                                method: M::Sample
                                    | M::SampleBias
                                    | M::SampleCmp
                                    | M::SampleCmpBias
                                    | M::CalculateLevelOfDetail
                                    | M::CalculateLevelOfDetailUnclamped
                                    | M::WriteSamplerFeedback
                                    | M::WriteSamplerFeedbackBias,
                                ..
                            }
                    )
                })
        })
    }
}

impl FnBuilder<'_, '_> {
    /// A derivative as a store into its marker and a load of it.
    pub(super) fn derivative_stand_in(&mut self, axis: naga::DerivativeAxis, ctrl: naga::DerivativeControl, expr: naga::Handle<naga::Expression>, s: hlslc_grammar::Span) -> naga::Handle<naga::Expression> {
        use naga::{DerivativeAxis as A, DerivativeControl as C};
        let op = match (axis, ctrl) {
            (A::X, C::None) => "DPdx",
            (A::X, C::Coarse) => "DPdxCoarse",
            (A::X, C::Fine) => "DPdxFine",
            (A::Y, C::None) => "DPdy",
            (A::Y, C::Coarse) => "DPdyCoarse",
            (A::Y, C::Fine) => "DPdyFine",
            (A::Width, C::None) => "Fwidth",
            (A::Width, C::Coarse) => "FwidthCoarse",
            (A::Width, C::Fine) => "FwidthFine",
        };
        let name = format!("{DERIVATIVE}{op}");
        let inner = self.resolve(expr).unwrap_or(naga::TypeInner::Scalar(naga::Scalar::F32));
        let ty = self.lw.insert_type(inner, None);
        let existing = self.lw.module.global_variables.iter().find(|(_, g)| g.name.as_deref() == Some(name.as_str()) && g.ty == ty).map(|(h, _)| h);
        let marker = existing.unwrap_or_else(|| {
            self.lw.module.global_variables.append(
                naga::GlobalVariable { name: Some(name), space: naga::AddressSpace::Private, binding: None, ty, init: None, memory_decorations: Default::default() },
                naga::Span::UNDEFINED,
            )
        });
        let pointer = self.add(naga::Expression::GlobalVariable(marker), s);
        self.push(naga::Statement::Store { pointer, value: expr }, s);
        self.add(naga::Expression::Load { pointer }, s)
    }

    /// The level an implicit-LOD (`Auto`) or biased sample takes as an explicit-LOD stand-in,
    /// after the marker store that says which it was.
    pub(super) fn implicit_lod_stand_in(&mut self, level: naga::SampleLevel, depth: bool, s: hlslc_grammar::Span) -> naga::SampleLevel {
        let (code, level) = match level {
            naga::SampleLevel::Auto if depth => (0, naga::SampleLevel::Zero),
            naga::SampleLevel::Auto => (0, naga::SampleLevel::Exact(self.add(naga::Expression::Literal(naga::Literal::F32(0.0)), s))),
            naga::SampleLevel::Bias(b) => (1, naga::SampleLevel::Exact(b)),
            other => return other,
        };
        let marker = self.private_marker(IMPLICIT_LOD, naga::Scalar::U32);
        let pointer = self.add(naga::Expression::GlobalVariable(marker), s);
        let value = self.literal_u32(code);
        self.push(naga::Statement::Store { pointer, value }, s);
        level
    }
}
