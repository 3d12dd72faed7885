//! `GetAttributeAtVertex(attribute, vertex)`: a `nointerpolation` pixel input's value at one
//! of the primitive's three vertices (SM 6.1; SPIR-V's `SPV_KHR_fragment_shader_barycentric`).
//!
//! naga has no per-vertex inputs, so for SPIR-V the call is a call of a marker function
//! ([`crate::passes::per_vertex_attribute::MARKER`], one per attribute type) that returns its
//! first argument — the provoking vertex's value, which a flat input holds. The SPIR-V pass
//! traces the attribute argument back to the input variable it was read from, makes that
//! input a `PerVertexKHR` array of three, reads element 0 where the input was read and the
//! asked vertex's element where the marker was called. WGSL has no per-vertex attributes.

use super::function::FnBuilder;
use crate::passes::per_vertex_attribute::MARKER;
use hlslc_grammar::Span;
use naga::{Expression as E, Handle};

type H = Handle<naga::Expression>;

impl FnBuilder<'_, '_> {
    pub(crate) fn attribute_at_vertex(&mut self, attribute: H, vertex: H, s: Span) -> H {
        if self.lw.options.target != crate::options::Target::SpirV {
            self.lw.error("E0803", s, "`GetAttributeAtVertex` cannot be expressed in WGSL or naga IR, which have no per-vertex pixel inputs")
                .help("pass the three vertices' values as separate `nointerpolation` outputs of the previous stage, or target SPIR-V");
            return self.dummy(s);
        }
        let inner = self.resolve(attribute).unwrap_or(naga::TypeInner::Scalar(naga::Scalar::F32));
        let ty = self.lw.insert_type(inner, None);
        let function = self.lw.attribute_at_vertex_function(ty);
        let result = self.add(E::CallResult(function), s);
        self.push(naga::Statement::Call { function, arguments: vec![attribute, vertex], result: Some(result) }, s);
        result
    }
}

impl super::Lowerer<'_> {
    /// The marker function `(attribute: ty, vertex: u32) -> ty` returning its attribute
    /// (created on first use, one per type).
    fn attribute_at_vertex_function(&mut self, ty: Handle<naga::Type>) -> Handle<naga::Function> {
        let found = self.module.functions.iter().find(|(_, f)| f.name.as_deref() == Some(MARKER) && f.result.as_ref().is_some_and(|r| r.ty == ty));
        if let Some((h, _)) = found {
            return h;
        }
        let u32_ty = self.scalar_type(naga::Scalar::U32);
        let mut func = naga::Function {
            name: Some(MARKER.into()),
            arguments: vec![naga::FunctionArgument { name: None, ty, binding: None }, naga::FunctionArgument { name: None, ty: u32_ty, binding: None }],
            result: Some(naga::FunctionResult { ty, binding: None }),
            ..Default::default()
        };
        let attribute = func.expressions.append(E::FunctionArgument(0), naga::Span::UNDEFINED);
        func.body.push(naga::Statement::Return { value: Some(attribute) }, naga::Span::UNDEFINED);
        self.module.functions.append(func, naga::Span::UNDEFINED)
    }
}
