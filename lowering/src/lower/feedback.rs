//! Sampler feedback (`FeedbackTexture2D[Array]<SAMPLER_FEEDBACK_MIN_MIP|MIP_REGION_USED>` and
//! `WriteSamplerFeedback[Bias|Grad|Level]`) emulated with 32-bit atomic ORs into a storage
//! buffer, the design vkd3d-proton uses with one 64-bit image atomic, split in two words
//! because 64-bit atomics are not portable (WebGPU has none).
//!
//! **The map.** A feedback map of a `W × H` paired texture with `RW × RH` mip regions is a
//! grid of `GW × GH = ⌈W / RW⌉ × ⌈H / RH⌉` slots per array slice. Mip `l` has a region grid
//! of its own over the whole texture, `max(GW >> l, 1) × max(GH >> l, 1)` regions, as D3D's
//! feedback maps halve with the mips; region `(x, y)` of mip `l` lives in slot `(x, y)`.
//! A slot is two `u32` words: word 0 holds mips 0–7, word 1 mips 8–15, four bits per mip at
//! bit `4 · (l mod 8)`: 1 "this region was read", 2 "and the region at +x", 4 "at +y",
//! 8 "at +x+y". Slot `(x, y)` of slice `s` is word pair `((s · GH + y) · GW + x) · 2`; the host
//! binds `GW · GH · slices · 8` bytes, zeroed to clear the map. The map is a read-write
//! storage buffer of `atomic<u32>`; a hidden uniform, `uint4(RW, RH, W, H)`, gives its
//! geometry (reflection: emulation `sampler_feedback_2x32`, parameter block `NAME_params`).
//! `examples/shaders/feedback_decode.hlsl` resolves a map to D3D's decoded bytes.
//!
//! **A write.** The sampler is bound at run time, so its state is assumed to be D3D's usual
//! streaming sampler: linear minification, magnification and mip filters, wrap addressing,
//! no LOD bias or clamps. The LOD is the isotropic `log2(max(|∂(uv·size)/∂x|, |∂(uv·size)/∂y|))`
//! (implicit forms from the derivatives, plus `bias` for `…Bias`; `…Grad` from the given
//! gradients; `…Level` the given level), raised to the `clamp` argument, kept within the
//! paired texture's mips. Both mips around it are recorded (one if it is whole). In each, the
//! bilinear footprint — texels `⌊uv·size − ½⌋` and the next, wrapped — is mapped to regions
//! (texel `t` of `n` is region `min(⌊(2t + 1) · R / 2n⌋, R − 1)` of `R`); the first region
//! gets an atomic OR with its neighbour bits, and a footprint wrapping around the texture's
//! edge ORs the regions across the edge too (rare, guarded by a branch). The slice is the
//! rounded last coordinate clamped to the paired texture's slices. Accesses beyond the
//! buffer's end are skipped. The atomics are emitted inline where the method is called: no
//! helper receives the map as a parameter.

use super::function::FnBuilder;
use super::{GlobalRep, Lowerer};
use crate::tir::{Arg, GlobalId, Method as M};
use hlslc_grammar::Span;
use naga::{BinaryOperator as B, Expression as E, Handle, MathFunction as MF};

type H = Handle<naga::Expression>;

impl Lowerer<'_> {
    /// The globals of a feedback map: `array<atomic<u32>>` storage and its parameter block.
    pub(crate) fn feedback_global(&mut self, g: GlobalId, array: bool, arrayed_resource: bool) -> Option<GlobalRep> {
        let global = self.tir.global(g);
        let (name, span) = (super::types::sanitize(&global.name), global.span);
        if arrayed_resource {
            self.error("E0801", span, "arrays of sampler-feedback maps are not supported").help("declare one `FeedbackTexture2D` per binding");
            return None;
        }
        let word = self.insert_type(naga::TypeInner::Atomic(naga::Scalar::U32), None);
        let words = self.array_type(word, None);
        let binding = self.binding_of(g, false);
        let var = self.module.global_variables.append(
            naga::GlobalVariable { name: Some(name.clone()), space: naga::AddressSpace::Storage { access: naga::StorageAccess::LOAD | naga::StorageAccess::STORE }, binding, ty: words, init: None, memory_decorations: Default::default() },
            super::span(span),
        );
        let params = self.parameters_global(g, &name);
        Some(GlobalRep::Feedback { var, params, array })
    }
}

/// What one mip's write needs: the map, its slice's first slot, the grid and the wrapped
/// coordinate.
struct Write {
    var: Handle<naga::GlobalVariable>,
    slice_base: H,
    grid: H,
    size0: H,
    uv: H,
}

impl FnBuilder<'_, '_> {
    /// `WriteSamplerFeedback*` on a feedback map (see the module documentation).
    pub(crate) fn feedback_method(&mut self, global: GlobalId, method: M, args: &[Arg], s: Span) -> H {
        let Some(GlobalRep::Feedback { var, params, array }) = self.lw.globals.get(&global).copied() else { return self.dummy(s) };
        let vals: Vec<H> = args.iter().filter_map(|a| if let Arg::Value(e) = a { Some(self.expr(e)) } else { None }).collect();
        let needed = match method {
            M::WriteSamplerFeedback => 3,
            M::WriteSamplerFeedbackBias | M::WriteSamplerFeedbackLevel => 4,
            M::WriteSamplerFeedbackGrad => 5,
            _ => usize::MAX,
        };
        if vals.len() < needed {
            self.lw.error("E0801", s, "this method of a sampler-feedback map is not supported");
            return self.dummy(s);
        }
        let image = vals[0];
        let (coord, layer) = self.split_array_coord(vals[2], if array { 3 } else { 2 }, array, s);
        let clamp = vals.get(needed).copied();

        // Geometry: region size, texture size, slot grid.
        let p = self.add(E::GlobalVariable(params), s);
        let geometry = self.add(E::Load { pointer: p }, s);
        let region = self.add(E::Swizzle { size: naga::VectorSize::Bi, vector: geometry, pattern: [naga::SwizzleComponent::X, naga::SwizzleComponent::Y, naga::SwizzleComponent::X, naga::SwizzleComponent::X] }, s);
        let size0 = self.add(E::Swizzle { size: naga::VectorSize::Bi, vector: geometry, pattern: [naga::SwizzleComponent::Z, naga::SwizzleComponent::W, naga::SwizzleComponent::X, naga::SwizzleComponent::X] }, s);
        let one = self.literal_u32(1);
        let ones = self.add(E::Splat { size: naga::VectorSize::Bi, value: one }, s);
        // ⌈W / RW⌉ with a zero region size read as 1 (a host error must not divide by zero).
        let region = self.t_math2(MF::Max, region, ones, s);
        let up = self.t_bin(B::Add, size0, region, s);
        let up = self.t_bin(B::Subtract, up, ones, s);
        let grid = self.t_bin(B::Divide, up, region, s);

        // The level of detail.
        let size0_f = self.t_as(size0, naga::ScalarKind::Float, s);
        let lod = match method {
            M::WriteSamplerFeedbackLevel => vals[3],
            M::WriteSamplerFeedbackGrad => {
                let dx = self.t_bin(B::Multiply, vals[3], size0_f, s);
                let dy = self.t_bin(B::Multiply, vals[4], size0_f, s);
                self.isotropic_lod(dx, dy, s)
            }
            _ => {
                let scaled = self.t_bin(B::Multiply, coord, size0_f, s);
                let dx = self.add(E::Derivative { axis: naga::DerivativeAxis::X, ctrl: naga::DerivativeControl::None, expr: scaled }, s);
                let dy = self.add(E::Derivative { axis: naga::DerivativeAxis::Y, ctrl: naga::DerivativeControl::None, expr: scaled }, s);
                let lod = self.isotropic_lod(dx, dy, s);
                if method == M::WriteSamplerFeedbackBias {
                    self.t_bin(B::Add, lod, vals[3], s)
                } else {
                    lod
                }
            }
        };
        let lod = match clamp {
            Some(c) => self.t_math2(MF::Max, lod, c, s),
            None => lod,
        };
        let levels = self.add(E::ImageQuery { image, query: naga::ImageQuery::NumLevels }, s);
        let last = self.t_bin(B::Subtract, levels, one, s);
        let last_f = self.t_as(last, naga::ScalarKind::Float, s);
        let zero_f = self.t_f32(0.0);
        let lod = self.t_math3(MF::Clamp, lod, zero_f, last_f, s);
        let fine = self.t_math1(MF::Floor, lod, s);
        let fine = self.t_as(fine, naga::ScalarKind::Uint, s);
        let coarse = self.t_math1(MF::Ceil, lod, s);
        let coarse = self.t_as(coarse, naga::ScalarKind::Uint, s);

        // The slice's first slot.
        let slice_base = match layer {
            Some(layer) => {
                let layers = self.add(E::ImageQuery { image, query: naga::ImageQuery::NumLayers }, s);
                let top = self.t_bin(B::Subtract, layers, one, s);
                let top = self.t_as(top, naga::ScalarKind::Float, s);
                let rounded = self.t_math1(MF::Round, layer, s);
                let clamped = self.t_math3(MF::Clamp, rounded, zero_f, top, s);
                let slice = self.t_as(clamped, naga::ScalarKind::Uint, s);
                let gx = self.t_index(grid, 0, s);
                let gy = self.t_index(grid, 1, s);
                let per_slice = self.t_bin(B::Multiply, gx, gy, s);
                self.t_bin(B::Multiply, slice, per_slice, s)
            }
            None => self.literal_u32(0),
        };
        // Wrap addressing: the coordinate's whole tiles are taken off before scaling.
        let whole = self.t_math1(MF::Floor, coord, s);
        let uv = self.t_bin(B::Subtract, coord, whole, s);
        let w = Write { var, slice_base, grid, size0, uv };
        self.feedback_mip(&w, fine, s);
        self.feedback_mip(&w, coarse, s);
        self.dummy(s)
    }

    /// `log2(max(|dx|, |dy|))` of derivatives in texels.
    fn isotropic_lod(&mut self, dx: H, dy: H, s: Span) -> H {
        let lx = self.t_math1(MF::Length, dx, s);
        let ly = self.t_math1(MF::Length, dy, s);
        let m = self.t_math2(MF::Max, lx, ly, s);
        self.t_math1(MF::Log2, m, s)
    }

    /// Records mip `level`'s bilinear footprint (see the module documentation).
    fn feedback_mip(&mut self, w: &Write, level: H, s: Span) {
        let one = self.literal_u32(1);
        let ones = self.add(E::Splat { size: naga::VectorSize::Bi, value: one }, s);
        let lv = self.add(E::Splat { size: naga::VectorSize::Bi, value: level }, s);
        let size = self.t_bin(B::ShiftRight, w.size0, lv, s);
        let size = self.t_math2(MF::Max, size, ones, s);
        let regions = self.t_bin(B::ShiftRight, w.grid, lv, s);
        let regions = self.t_math2(MF::Max, regions, ones, s);
        // The first texel of the footprint, wrapped into [0, size).
        let size_f = self.t_as(size, naga::ScalarKind::Float, s);
        let at = self.t_bin(B::Multiply, w.uv, size_f, s);
        let half = self.t_f32(0.5);
        let halves = self.add(E::Splat { size: naga::VectorSize::Bi, value: half }, s);
        let at = self.t_bin(B::Subtract, at, halves, s);
        let t0 = self.t_math1(MF::Floor, at, s);
        let t0 = self.t_as(t0, naga::ScalarKind::Sint, s);
        let size_i = self.t_as(size, naga::ScalarKind::Sint, s);
        let t0 = self.t_bin(B::Add, t0, size_i, s);
        let t0 = self.t_as(t0, naga::ScalarKind::Uint, s);
        let t0 = self.t_bin(B::Modulo, t0, size, s);
        let t1 = self.t_bin(B::Add, t0, ones, s);
        let t1 = self.t_bin(B::Modulo, t1, size, s);
        let r0 = self.region_of(t0, size, regions, s);
        let r1 = self.region_of(t1, size, regions, s);
        let next = self.t_bin(B::Add, r0, ones, s);
        let adjacent = self.t_bin(B::Equal, r1, next, s);
        let same = self.t_bin(B::Equal, r1, r0, s);
        let (ax, ay) = (self.t_index(adjacent, 0, s), self.t_index(adjacent, 1, s));
        let (sx, sy) = (self.t_index(same, 0, s), self.t_index(same, 1, s));
        let bit_x = self.flag(ax, 2, s);
        let bit_y = self.flag(ay, 4, s);
        let both = self.t_bin(B::LogicalAnd, ax, ay, s);
        let bit_xy = self.flag(both, 8, s);
        // The bits of this mip within its word, and the word.
        let seven = self.literal_u32(7);
        let three = self.literal_u32(3);
        let two = self.literal_u32(2);
        let low = self.t_bin(B::And, level, seven, s);
        let shift = self.t_bin(B::ShiftLeft, low, two, s);
        let word = self.t_bin(B::ShiftRight, level, three, s);
        let b = self.t_bin(B::InclusiveOr, one, bit_x, s);
        let b = self.t_bin(B::InclusiveOr, b, bit_y, s);
        let b = self.t_bin(B::InclusiveOr, b, bit_xy, s);
        let (x0, y0, x1, y1) = (self.t_index(r0, 0, s), self.t_index(r0, 1, s), self.t_index(r1, 0, s), self.t_index(r1, 1, s));
        self.feedback_or(w, x0, y0, word, b, shift, s);
        // A footprint across the texture's edge: the regions on the other side.
        let near_x = self.t_bin(B::LogicalOr, sx, ax, s);
        let wrap_x = self.add(E::Unary { op: naga::UnaryOperator::LogicalNot, expr: near_x }, s);
        let near_y = self.t_bin(B::LogicalOr, sy, ay, s);
        let wrap_y = self.add(E::Unary { op: naga::UnaryOperator::LogicalNot, expr: near_y }, s);
        let any_wrap = self.t_bin(B::LogicalOr, wrap_x, wrap_y, s);
        self.begin();
        {
            self.begin();
            let b = self.t_bin(B::InclusiveOr, one, bit_y, s);
            self.feedback_or(w, x1, y0, word, b, shift, s);
            let accept = self.end();
            self.push(naga::Statement::If { condition: wrap_x, accept, reject: naga::Block::new() }, s);
            self.begin();
            let b = self.t_bin(B::InclusiveOr, one, bit_x, s);
            self.feedback_or(w, x0, y1, word, b, shift, s);
            let accept = self.end();
            self.push(naga::Statement::If { condition: wrap_y, accept, reject: naga::Block::new() }, s);
            let corner = self.t_bin(B::LogicalAnd, wrap_x, wrap_y, s);
            self.begin();
            self.feedback_or(w, x1, y1, word, one, shift, s);
            let accept = self.end();
            self.push(naga::Statement::If { condition: corner, accept, reject: naga::Block::new() }, s);
        }
        let accept = self.end();
        self.push(naga::Statement::If { condition: any_wrap, accept, reject: naga::Block::new() }, s);
    }

    /// Region of texel `t` of `size` in a grid of `regions`: `min(⌊(2t + 1) · R / 2n⌋, R − 1)`.
    fn region_of(&mut self, t: H, size: H, regions: H, s: Span) -> H {
        let one = self.literal_u32(1);
        let ones = self.add(E::Splat { size: naga::VectorSize::Bi, value: one }, s);
        let two = self.t_bin(B::Add, t, t, s);
        let odd = self.t_bin(B::Add, two, ones, s);
        let num = self.t_bin(B::Multiply, odd, regions, s);
        let den = self.t_bin(B::Add, size, size, s);
        let r = self.t_bin(B::Divide, num, den, s);
        let last = self.t_bin(B::Subtract, regions, ones, s);
        self.t_math2(MF::Min, r, last, s)
    }

    /// `value` as a `u32` when `cond`, else 0.
    fn flag(&mut self, cond: H, value: u32, s: Span) -> H {
        let v = self.literal_u32(value);
        let z = self.literal_u32(0);
        self.t_select(cond, v, z, s)
    }

    /// `atomicOr(map[slot(x, y) · 2 + word], bits << shift)`, skipped beyond the buffer's end.
    #[allow(clippy::too_many_arguments)]
    fn feedback_or(&mut self, w: &Write, x: H, y: H, word: H, bits: H, shift: H, s: Span) {
        let gx = self.t_index(w.grid, 0, s);
        let row = self.t_bin(B::Multiply, y, gx, s);
        let slot = self.t_bin(B::Add, w.slice_base, row, s);
        let slot = self.t_bin(B::Add, slot, x, s);
        let two = self.literal_u32(2);
        let index = self.t_bin(B::Multiply, slot, two, s);
        let index = self.t_bin(B::Add, index, word, s);
        let g = self.add(E::GlobalVariable(w.var), s);
        let len = self.add(E::ArrayLength(g), s);
        let inside = self.t_bin(B::Less, index, len, s);
        let value = self.t_bin(B::ShiftLeft, bits, shift, s);
        self.begin();
        let pointer = self.add(E::Access { base: g, index }, s);
        self.push(naga::Statement::Atomic { pointer, fun: naga::AtomicFunction::InclusiveOr, value, result: None }, s);
        let accept = self.end();
        self.push(naga::Statement::If { condition: inside, accept, reject: naga::Block::new() }, s);
    }
}
