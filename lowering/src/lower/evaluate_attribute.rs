//! `EvaluateAttributeAtSample`, `EvaluateAttributeCentroid` and `EvaluateAttributeSnapped`:
//! a pixel input interpolated at one sample, at the centroid of the covered samples, or at an
//! offset from the pixel centre (SPIR-V's `InterpolateAtSample`, `InterpolateAtCentroid` and
//! `InterpolateAtOffset`).
//!
//! naga's IR reads inputs only as values, while the interpolation functions take the input
//! variable itself, so for SPIR-V each call is a call of a marker function
//! ([`crate::passes::evaluate_attribute`], one per function and type) that returns its first
//! argument — the value interpolated as declared. The SPIR-V pass traces the attribute back
//! to the input variable it was read from and replaces the call. A matrix attribute is
//! evaluated one column vector at a time (the interpolation functions take scalars and
//! vectors). `EvaluateAttributeSnapped`'s `int2` offset becomes a `float2` offset in pixels,
//! the conversion DXC's SPIR-V back end makes. WGSL has no such functions.

use super::function::FnBuilder;
use crate::passes::evaluate_attribute::Function;
use crate::tir::Intrinsic as I;
use hlslc_grammar::Span;
use naga::{Expression as E, Handle};

type H = Handle<naga::Expression>;

impl FnBuilder<'_, '_> {
    /// Lowers `EvaluateAttribute*(attribute[, sample or offset])`.
    pub(crate) fn evaluate_attribute(&mut self, op: I, values: &[H], s: Span) -> H {
        let (function, name) = match op {
            I::EvaluateAttributeAtSample => (Function::AtSample, "EvaluateAttributeAtSample"),
            I::EvaluateAttributeCentroid => (Function::Centroid, "EvaluateAttributeCentroid"),
            _ => (Function::Snapped, "EvaluateAttributeSnapped"),
        };
        if self.lw.options.target != crate::options::Target::SpirV {
            self.lw.error("E0803", s, format!("`{name}` cannot be expressed in WGSL or naga IR, which interpolate an input only as it is declared"))
                .help("declare the input `centroid` or `sample` to interpolate it there everywhere, or target SPIR-V");
            return self.dummy(s);
        }
        let attribute = values[0];
        let extra = match (function, values.get(1)) {
            (Function::Snapped, Some(&offset)) => Some(self.add(E::As { expr: offset, kind: naga::ScalarKind::Float, convert: Some(4) }, s)),
            (_, extra) => extra.copied(),
        };
        match self.resolve(attribute) {
            Some(naga::TypeInner::Matrix { columns, rows, scalar }) => {
                let column = self.lw.insert_type(naga::TypeInner::Vector { size: rows, scalar }, None);
                let matrix = self.lw.insert_type(naga::TypeInner::Matrix { columns, rows, scalar }, None);
                let parts = (0..columns as u32)
                    .map(|k| {
                        let v = self.add(E::AccessIndex { base: attribute, index: k }, s);
                        self.evaluate_call(function, column, v, extra, s)
                    })
                    .collect();
                self.add(E::Compose { ty: matrix, components: parts }, s)
            }
            inner => {
                let ty = self.lw.insert_type(inner.unwrap_or(naga::TypeInner::Scalar(naga::Scalar::F32)), None);
                self.evaluate_call(function, ty, attribute, extra, s)
            }
        }
    }

    fn evaluate_call(&mut self, function: Function, ty: Handle<naga::Type>, attribute: H, extra: Option<H>, s: Span) -> H {
        let marker = self.lw.evaluate_attribute_function(function, ty);
        let result = self.add(E::CallResult(marker), s);
        let arguments = std::iter::once(attribute).chain(extra).collect();
        self.push(naga::Statement::Call { function: marker, arguments, result: Some(result) }, s);
        result
    }
}

impl super::Lowerer<'_> {
    /// The marker function `(attribute: ty[, sample: u32 | offset: vec2<f32>]) -> ty`
    /// returning its attribute (created on first use, one per function and type).
    fn evaluate_attribute_function(&mut self, function: Function, ty: Handle<naga::Type>) -> Handle<naga::Function> {
        let name = function.marker();
        let found = self.module.functions.iter().find(|(_, f)| f.name.as_deref() == Some(name) && f.result.as_ref().is_some_and(|r| r.ty == ty));
        if let Some((h, _)) = found {
            return h;
        }
        let mut arguments = vec![naga::FunctionArgument { name: None, ty, binding: None }];
        match function {
            Function::AtSample => arguments.push(naga::FunctionArgument { name: None, ty: self.scalar_type(naga::Scalar::U32), binding: None }),
            Function::Snapped => {
                let offset = self.insert_type(naga::TypeInner::Vector { size: naga::VectorSize::Bi, scalar: naga::Scalar::F32 }, None);
                arguments.push(naga::FunctionArgument { name: None, ty: offset, binding: None });
            }
            Function::Centroid => {}
        }
        let mut func = naga::Function { name: Some(name.into()), arguments, result: Some(naga::FunctionResult { ty, binding: None }), ..Default::default() };
        let attribute = func.expressions.append(E::FunctionArgument(0), naga::Span::UNDEFINED);
        func.body.push(naga::Statement::Return { value: Some(attribute) }, naga::Span::UNDEFINED);
        self.module.functions.append(func, naga::Span::UNDEFINED)
    }
}
