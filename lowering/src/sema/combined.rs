//! Combined image samplers (`vk::SampledTexture2D<T>` …): the sampler a texture samples with.
//!
//! A Vulkan combined image sampler is one descriptor holding an image and its sampler, so its
//! sampling methods take no sampler argument (`tex.Sample(uv)`). The typed IR keeps the
//! methods of ordinary textures: each combined texture gets a hidden sampler global
//! ([`crate::tir::DeclaredBinding::sampler_of`], one per kind — plain or comparison — that the
//! program uses), which this module creates and passes as the method's first argument.
//! Lowering gives the hidden samplers no binding of their own; the SPIR-V pass
//! `combined_image_sampler` folds them into the texture's `OpTypeSampledImage` variable.

use super::expr::Operand;
use super::Analyzer;
use crate::tir::{DeclaredBinding, GlobalId, GlobalKind, Place, PlaceRoot};
use crate::ty::TypeInner;
use hlslc_grammar::ast;
use hlslc_grammar::Span;

/// Whether a texture method samples through a sampler: its first HLSL argument is one.
pub(crate) fn takes_sampler(method: &str) -> Option<bool> {
    match method {
        "Sample" | "SampleBias" | "SampleLevel" | "SampleGrad" | "CalculateLevelOfDetail" | "CalculateLevelOfDetailUnclamped" | "Gather" | "GatherRed"
        | "GatherGreen" | "GatherBlue" | "GatherAlpha" | "GatherRaw" => Some(false),
        "SampleCmp" | "SampleCmpLevelZero" | "SampleCmpLevel" | "SampleCmpBias" | "SampleCmpGrad" | "GatherCmp" | "GatherCmpRed" | "GatherCmpGreen"
        | "GatherCmpBlue" | "GatherCmpAlpha" => Some(true),
        _ => None,
    }
}

impl Analyzer<'_> {
    /// The hidden sampler of the combined texture `object` (a plain or comparison sampler), as
    /// an operand, created on first use.
    pub(crate) fn combined_sampler(&mut self, object: &Place, comparison: bool, span: Span) -> Option<Operand> {
        let PlaceRoot::Global(texture) = object.root else {
            self.error("E0515", object.span, "the sampling methods of a `vk::SampledTexture…` need the texture variable itself");
            return None;
        };
        if !object.projections.is_empty() {
            let t = self.type_name(self.module.globals[texture.0 as usize].ty);
            self.error("E0801", object.span, format!("arrays of combined image samplers (`{t}`) are not supported yet"))
                .help("declare one `vk::SampledTexture…` variable per texture");
            return None;
        }
        let ty = self.module.types.insert(TypeInner::Sampler { comparison });
        let found = self.module.globals.iter().position(|g| g.ty == ty && matches!(&g.kind, GlobalKind::Resource { binding } if binding.sampler_of == Some(texture)));
        let g = match found {
            Some(i) => GlobalId(i as u32),
            None => {
                let global = &self.module.globals[texture.0 as usize];
                let name = format!("{}.{}", global.name, if comparison { "comparison_sampler" } else { "sampler" });
                let decl_span = global.span;
                let binding = DeclaredBinding { sampler_of: Some(texture), ..Default::default() };
                self.push_global(&name, ty, GlobalKind::Resource { binding }, decl_span, &ast::Qualifiers::default())
            }
        };
        Some(Operand::place(Place { root: PlaceRoot::Global(g), projections: vec![].into(), ty, span }))
    }
}
