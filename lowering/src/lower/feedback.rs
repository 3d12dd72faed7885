//! Sampler feedback (placeholder, replaced below).

use super::function::FnBuilder;
use super::{GlobalRep, Lowerer};
use crate::tir::{Arg, GlobalId, Method as M};
use hlslc_grammar::Span;
use naga::Handle;

impl Lowerer<'_> {
    pub(crate) fn feedback_global(&mut self, g: GlobalId, array: bool, arrayed_resource: bool) -> Option<GlobalRep> {
        let _ = (g, array, arrayed_resource);
        None
    }
}

impl FnBuilder<'_, '_> {
    pub(crate) fn feedback_method(&mut self, global: GlobalId, method: M, args: &[Arg], s: Span) -> Handle<naga::Expression> {
        let _ = (global, method, args);
        self.dummy(s)
    }
}
