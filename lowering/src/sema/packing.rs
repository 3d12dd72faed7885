//! Explicitly placed constant-buffer members that overlap.
//!
//! `packoffset(c#[.x])` in a `cbuffer` and `register(c#)` on a loose uniform (`$Globals`) put a
//! member at a byte offset of their choosing, so two of them may share bytes. DXC refuses
//! that where its semantic analysis looks — a `cbuffer` whose members all have a
//! `packoffset` ("packoffset overlap between …"; a buffer mixing members with and without
//! one gets only a warning there, and its overlaps compile) — and its SPIR-V back end refuses
//! two loose uniforms on overlapping `register(c#)`s; FXC refused both (X4500). hlslc reports
//! the same cases (E0663), comparing the byte ranges of the D3D layout (`layout.rs`): explicit
//! members declared out of order but apart stay valid, members without an explicit place
//! never overlap (they go after every explicit one). Unlike DXC's semantic check, members
//! starting at the same offset count as overlapping too (DXC's `-spirv` rejects those).
//! Members that overlap on purpose in a mixed `cbuffer` keep compiling, as in DXC.

use super::Analyzer;
use crate::layout::{Layouter, Rules};
use crate::tir::{GlobalKind, GlobalId};
use crate::ty::{Resource, TypeInner};

impl Analyzer<'_> {
    /// E0663 for each explicitly placed member of a constant buffer that overlaps an
    /// explicitly placed member declared before it (see the module documentation for which
    /// buffers are checked).
    pub(super) fn check_cbuffer_overlaps(&mut self) {
        let layouter = Layouter { module: &self.module, default_row_major: self.options.default_row_major };
        let mut found = Vec::new();
        for (i, g) in self.module.globals.iter().enumerate() {
            if !matches!(g.kind, GlobalKind::Resource { .. }) {
                continue;
            }
            let TypeInner::Resource(Resource::ConstantBuffer { element } | Resource::TextureBuffer { element }) = *self.module.types.get(g.ty) else { continue };
            let TypeInner::Struct(st) = *self.module.types.get(element) else { continue };
            let fields = &self.module.structs[st.0 as usize].fields;
            let globals = g.name == "$Globals";
            if fields.iter().all(|f| f.packoffset.is_none()) || (!globals && fields.iter().any(|f| f.packoffset.is_none())) {
                continue;
            }
            let (offsets, _) = layouter.struct_layout(st, Rules::ConstantBuffer);
            let ranges: Vec<(u32, u32)> = fields.iter().zip(&offsets).map(|(f, &o)| (o, o + layouter.layout(f.ty, Rules::ConstantBuffer, f.row_major).size)).collect();
            let explicit = |k: usize| fields[k].packoffset.is_some();
            for k in (0..fields.len()).filter(|&k| explicit(k)) {
                let (start, end) = ranges[k];
                let overlaps = |j: usize| explicit(j) && ranges[j].0 < end && start < ranges[j].1 && ranges[j].0 < ranges[j].1 && start < end;
                if let Some(j) = (0..k).find(|&j| overlaps(j)) {
                    found.push((GlobalId(i as u32), k, j, fields[k].span, fields[j].span, fields[k].name.clone(), fields[j].name.clone(), ranges[k], ranges[j]));
                }
            }
        }
        for (g, _, _, span, other_span, name, other, (s, e), (os, oe)) in found {
            let buffer = self.module.globals[g.0 as usize].name.clone();
            self.error("E0663", span, format!("`{name}` (bytes {s}–{}) overlaps `{other}` (bytes {os}–{}) in constant buffer `{buffer}`", e - 1, oe - 1))
                .related(other_span, format!("`{other}` declared here"))
                .help("give each member its own registers (a `c` register is 16 bytes; `.y`, `.z`, `.w` start at bytes 4, 8, 12), or drop the explicit offsets");
        }
    }
}
