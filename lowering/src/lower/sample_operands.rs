//! Sampling operands naga's IR cannot carry, for SPIR-V: a bias on 1D textures, comparisons
//! with a bias (`SampleCmpBias`) or gradients (`SampleCmpGrad`), and the exact level-of-detail
//! query of `CalculateLevelOfDetail[Unclamped]`.
//!
//! SPIR-V has each of them (`Bias` and `Grad` image operands on any sampling instruction,
//! `OpImageQueryLod`), naga's `ImageSample` does not. Lowering emits the nearest sample naga
//! accepts and, just before it, stores the missing operand into a private marker variable
//! (names in [`crate::passes::sample_operands`]); that pass moves the stored values into the
//! sample's image operands, or turns the sample into a LOD query, and removes the markers:
//!
//! - a biased sample is an implicit-LOD sample after a store of the bias;
//! - a gradient comparison is the level-0 comparison (`OpImageSampleDrefExplicitLod … Lod 0`)
//!   after stores of both gradients (one marker per gradient type);
//! - a LOD query is a call of a marker function taking the texture, the sampler and the
//!   location (one function per argument types, for the clamped and the unclamped level).
//!
//! The WGSL target keeps its own answers (errors, or the approximate LOD of `methods.rs`).

use super::function::FnBuilder;
use crate::passes::sample_operands::{BIAS, GRAD_X, GRAD_Y, LOD_CLAMPED, LOD_UNCLAMPED};
use crate::ty::TextureDim;
use hlslc_grammar::Span;
use naga::{Expression as E, Handle};

type H = Handle<naga::Expression>;

/// What a sample stands in for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Operand {
    /// An implicit-LOD sample with this bias.
    Bias(H),
    /// An explicit-gradient sample with these derivatives of the location.
    Grad(H, H),
}

impl FnBuilder<'_, '_> {
    /// A sample of `image` at `location` (HLSL's coordinate, the array layer last) with the
    /// operand naga cannot express; `depth_ref` makes it a comparison (whose result is the
    /// `f32` naga gives), otherwise the result is naga's four-component texel.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn sample_with_operand(&mut self, image: H, sampler: H, dim: TextureDim, location: H, depth_ref: Option<H>, offset: Option<H>, operand: Operand, s: Span) -> H {
        let coord_n = dim.coordinate_size() + u8::from(dim.is_array());
        let (coordinate, array_index) = self.sample_coordinate(location, coord_n, dim, s);
        let level = match operand {
            Operand::Bias(bias) => {
                self.marker_store(BIAS, bias, s);
                naga::SampleLevel::Auto
            }
            Operand::Grad(x, y) => {
                self.marker_store(GRAD_X, x, s);
                self.marker_store(GRAD_Y, y, s);
                naga::SampleLevel::Zero
            }
        };
        self.add(E::ImageSample { image, sampler, gather: None, coordinate, array_index, offset, level, depth_ref, clamp_to_edge: false }, s)
    }

    /// `CalculateLevelOfDetail[Unclamped](s, location)` as SPIR-V's `OpImageQueryLod`: a call
    /// of the marker function for the clamped or the unclamped level, which the pass replaces
    /// by the query's first component (the level the sampler's clamps select) or its second
    /// (the level before them). A call rather than a sample stands for the query because naga
    /// cannot sample integer textures, whose LOD HLSL may still ask for.
    pub(crate) fn query_lod(&mut self, image: H, sampler: H, location: H, clamped: bool, s: Span) -> H {
        let name = if clamped { LOD_CLAMPED } else { LOD_UNCLAMPED };
        let types = [image, sampler, location].map(|h| {
            let inner = self.resolve(h).unwrap_or(naga::TypeInner::Scalar(naga::Scalar::F32));
            self.lw.insert_type(inner, None)
        });
        let function = self.lw.query_lod_function(name, types);
        let result = self.add(E::CallResult(function), s);
        self.push(naga::Statement::Call { function, arguments: vec![image, sampler, location], result: Some(result) }, s);
        result
    }

    /// Stores `value` into the private marker variable `name` of `value`'s type (one variable
    /// per name and type).
    fn marker_store(&mut self, name: &str, value: H, s: Span) {
        let inner = self.resolve(value).unwrap_or(naga::TypeInner::Scalar(naga::Scalar::F32));
        let ty = self.lw.insert_type(inner, None);
        let existing = self.lw.module.global_variables.iter().find(|(_, g)| g.name.as_deref() == Some(name) && g.ty == ty).map(|(h, _)| h);
        let marker = existing.unwrap_or_else(|| {
            self.lw.module.global_variables.append(
                naga::GlobalVariable { name: Some(name.into()), space: naga::AddressSpace::Private, binding: None, ty, init: None, memory_decorations: Default::default() },
                naga::Span::UNDEFINED,
            )
        });
        let pointer = self.add(E::GlobalVariable(marker), s);
        self.push(naga::Statement::Store { pointer, value }, s);
    }
}

impl super::Lowerer<'_> {
    /// The marker function `name` taking an image, a sampler and a location of these types and
    /// returning `0.0` (created on first use).
    fn query_lod_function(&mut self, name: &str, [image, sampler, location]: [Handle<naga::Type>; 3]) -> Handle<naga::Function> {
        let found = self.module.functions.iter().find(|(_, f)| f.name.as_deref() == Some(name) && f.arguments.iter().map(|a| a.ty).eq([image, sampler, location]));
        if let Some((h, _)) = found {
            return h;
        }
        let f32_ty = self.scalar_type(naga::Scalar::F32);
        let argument = |ty| naga::FunctionArgument { name: None, ty, binding: None };
        let mut func = naga::Function {
            name: Some(name.into()),
            arguments: vec![argument(image), argument(sampler), argument(location)],
            result: Some(naga::FunctionResult { ty: f32_ty, binding: None }),
            ..Default::default()
        };
        let zero = func.expressions.append(E::Literal(naga::Literal::F32(0.0)), naga::Span::UNDEFINED);
        func.body.push(naga::Statement::Return { value: Some(zero) }, naga::Span::UNDEFINED);
        self.module.functions.append(func, naga::Span::UNDEFINED)
    }
}
