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
//! **A write.** The LOD: `…Level`'s argument; `…Grad`'s isotropic
//! `log2(max(|ddx · size|, |ddy · size|))`; the same from screen-space derivatives for the
//! implicit forms (plus `bias` for `…Bias`); raised to the `clamp` argument. The sampler is
//! bound at run time, so by default it is taken to be D3D's usual streaming sampler (linear
//! filters, wrap addressing, no bias or LOD clamps); a `StaticSampler` of the entry point's
//! root signature gives the real filters, address modes, bias and (MipRegionUsed maps only —
//! MinMip records the LOD before them) LOD clamps. The LOD is kept within the paired
//! texture's mips; a linear mip filter records both mips around it, a point one the nearest.
//! In each mip the footprint — the 2×2 texels at `⌊u·n − ½⌋` of a linear filter, the texel at
//! `⌊u·n⌋` of a point one, after the address mode — is mapped to regions (texel `t` of `n` is
//! region `min(⌊(2t + 1) · R / 2n⌋, R − 1)` of `R`); one atomic OR records its lower corner
//! with the neighbour bits, and regions that are not neighbours (a footprint across a wrapped
//! or mirrored edge) get their own ORs behind a branch. The slice is the rounded last
//! coordinate clamped to the paired texture's slices. Accesses beyond the buffer's end are
//! skipped. The atomics are emitted inline where the method is called: no helper receives
//! the map as a parameter. The host contract is `docs/sampler-feedback.md`.

use super::function::FnBuilder;
use super::{GlobalRep, Lowerer};
use crate::static_sampler::{AddressMode, Filter};
use crate::tir::{Arg, GlobalId, Method as M};
use crate::ty::{Resource, TypeInner};
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

/// What one mip's write needs: the map, its slice's first slot, the grid, the texture's
/// size, the coordinate and the sampler state that decides the footprint.
struct Write {
    var: Handle<naga::GlobalVariable>,
    slice_base: H,
    grid: H,
    size0: H,
    uv: H,
    /// Whether the footprint is bilinear (a `bool` expression), else the nearest texel.
    linear: H,
    modes: [AddressMode; 2],
}

impl FnBuilder<'_, '_> {
    /// `WriteSamplerFeedback*` on a feedback map (see the module documentation).
    pub(crate) fn feedback_method(&mut self, global: GlobalId, method: M, args: &[Arg], s: Span) -> H {
        let Some(GlobalRep::Feedback { var, params, array }) = self.lw.globals.get(&global).copied() else { return self.dummy(s) };
        let min_mip = matches!(*self.lw.tys.get(self.lw.tir.global(global).ty), TypeInner::Resource(Resource::FeedbackTexture { min_mip: true, .. }));
        let exprs: Vec<&crate::tir::Expr> = args.iter().filter_map(|a| if let Arg::Value(e) = a { Some(e) } else { None }).collect();
        let needed = match method {
            M::WriteSamplerFeedback => 3,
            M::WriteSamplerFeedbackBias | M::WriteSamplerFeedbackLevel => 4,
            M::WriteSamplerFeedbackGrad => 5,
            _ => usize::MAX,
        };
        if exprs.len() < needed {
            self.lw.error("E0801", s, "this method of a sampler-feedback map is not supported");
            return self.dummy(s);
        }
        let sampler = self.lw.static_sampler_of(exprs[1]);
        let vals: Vec<H> = exprs.iter().map(|e| self.expr(e)).collect();
        let image = vals[0];
        let (coord, layer) = self.split_array_coord(vals[2], if array { 3 } else { 2 }, array, s);
        let clamp = vals.get(needed).copied();

        // Geometry: region size, texture size, slot grid.
        let p = self.add(E::GlobalVariable(params), s);
        let geometry = self.add(E::Load { pointer: p }, s);
        use naga::SwizzleComponent::{W as SW, X as SX, Y as SY, Z as SZ};
        let region = self.add(E::Swizzle { size: naga::VectorSize::Bi, vector: geometry, pattern: [SX, SY, SX, SX] }, s);
        let size0 = self.add(E::Swizzle { size: naga::VectorSize::Bi, vector: geometry, pattern: [SZ, SW, SX, SX] }, s);
        let one = self.literal_u32(1);
        let ones = self.add(E::Splat { size: naga::VectorSize::Bi, value: one }, s);
        // ⌈W / RW⌉ with a zero region size read as 1 (a host error must not divide by zero).
        let region = self.t_math2(MF::Max, region, ones, s);
        let up = self.t_bin(B::Add, size0, region, s);
        let up = self.t_bin(B::Subtract, up, ones, s);
        let grid = self.t_bin(B::Divide, up, region, s);

        // The level of detail: the form's, raised to `clamp`, then the sampler's bias and
        // (MipRegionUsed maps only: MinMip records the LOD before them) its LOD clamps.
        let size0_f = self.t_as(size0, naga::ScalarKind::Float, s);
        let mut lod = match method {
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
        if let Some(c) = clamp {
            lod = self.t_math2(MF::Max, lod, c, s);
        }
        if let Some(st) = &sampler {
            if st.mip_lod_bias != 0.0 {
                let bias = self.t_f32(st.mip_lod_bias);
                lod = self.t_bin(B::Add, lod, bias, s);
            }
            if !min_mip {
                let (lo, hi) = (self.t_f32(st.min_lod), self.t_f32(st.max_lod));
                lod = self.t_math3(MF::Clamp, lod, lo, hi, s);
            }
        }
        let zero_f = self.t_f32(0.0);
        // The footprint: the magnification filter at a LOD of 0 or less, else minification.
        let linear = match &sampler {
            None => self.add(E::Literal(naga::Literal::Bool(true)), s),
            Some(st) => {
                let (min_linear, mag_linear) = (st.anisotropic || st.min_filter == Filter::Linear, st.anisotropic || st.mag_filter == Filter::Linear);
                if min_linear == mag_linear {
                    self.add(E::Literal(naga::Literal::Bool(min_linear)), s)
                } else {
                    let magnified = self.t_bin(B::LessEqual, lod, zero_f, s);
                    let (on_mag, on_min) = (self.add(E::Literal(naga::Literal::Bool(mag_linear)), s), self.add(E::Literal(naga::Literal::Bool(min_linear)), s));
                    self.t_select(magnified, on_mag, on_min, s)
                }
            }
        };
        let levels = self.add(E::ImageQuery { image, query: naga::ImageQuery::NumLevels }, s);
        let last = self.t_bin(B::Subtract, levels, one, s);
        let last_f = self.t_as(last, naga::ScalarKind::Float, s);
        let lod = self.t_math3(MF::Clamp, lod, zero_f, last_f, s);
        let mip_linear = sampler.as_ref().is_none_or(|st| st.mip_filter == Filter::Linear);
        let (fine, coarse) = if mip_linear {
            let fine = self.t_math1(MF::Floor, lod, s);
            let coarse = self.t_math1(MF::Ceil, lod, s);
            (self.t_as(fine, naga::ScalarKind::Uint, s), Some(self.t_as(coarse, naga::ScalarKind::Uint, s)))
        } else {
            let half = self.t_f32(0.5);
            let nearest = self.t_bin(B::Add, lod, half, s);
            let nearest = self.t_math1(MF::Floor, nearest, s);
            let nearest = self.t_as(nearest, naga::ScalarKind::Uint, s);
            (self.t_math2(MF::Min, nearest, last, s), None)
        };

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
        let modes = sampler.as_ref().map_or([AddressMode::Wrap; 2], |st| [st.address[0], st.address[1]]);
        let w = Write { var, slice_base, grid, size0, uv: coord, linear, modes };
        self.feedback_mip(&w, fine, s);
        if let Some(coarse) = coarse {
            self.feedback_mip(&w, coarse, s);
        }
        self.dummy(s)
    }

    /// `log2(max(|dx|, |dy|))` of derivatives in texels.
    fn isotropic_lod(&mut self, dx: H, dy: H, s: Span) -> H {
        let lx = self.t_math1(MF::Length, dx, s);
        let ly = self.t_math1(MF::Length, dy, s);
        let m = self.t_math2(MF::Max, lx, ly, s);
        self.t_math1(MF::Log2, m, s)
    }

    /// Records mip `level`'s footprint (see the module documentation).
    fn feedback_mip(&mut self, w: &Write, level: H, s: Span) {
        let one = self.literal_u32(1);
        // Per axis: the lower and upper region the footprint covers, whether they are
        // neighbours or apart, and whether any texel of the footprint is inside the texture.
        let mut lo = [one; 2];
        let mut hi = [one; 2];
        let mut next = [one; 2];
        let mut apart = [one; 2];
        let mut inside: Option<H> = None;
        for axis in 0..2u32 {
            let size0 = self.t_index(w.size0, axis, s);
            let grid = self.t_index(w.grid, axis, s);
            let size = self.t_bin(B::ShiftRight, size0, level, s);
            let size = self.t_math2(MF::Max, size, one, s);
            let regions = self.t_bin(B::ShiftRight, grid, level, s);
            let regions = self.t_math2(MF::Max, regions, one, s);
            let u = self.t_index(w.uv, axis, s);
            let (t0, t1, valid) = self.footprint_axis(u, size, w.linear, w.modes[axis as usize], s);
            let r0 = self.region_of(t0, size, regions, s);
            let r1 = self.region_of(t1, size, regions, s);
            let (r0, r1) = match valid {
                // A texel on the border reads no region: the other one stands for both.
                Some((v0, v1)) => {
                    let r0 = self.t_select(v0, r0, r1, s);
                    let r1 = self.t_select(v1, r1, r0, s);
                    let any = self.t_bin(B::LogicalOr, v0, v1, s);
                    inside = Some(match inside {
                        Some(prev) => self.t_bin(B::LogicalAnd, prev, any, s),
                        None => any,
                    });
                    (r0, r1)
                }
                None => (r0, r1),
            };
            let l = self.t_math2(MF::Min, r0, r1, s);
            let h = self.t_math2(MF::Max, r0, r1, s);
            let l1 = self.t_bin(B::Add, l, one, s);
            next[axis as usize] = self.t_bin(B::Equal, h, l1, s);
            apart[axis as usize] = self.t_bin(B::Greater, h, l1, s);
            lo[axis as usize] = l;
            hi[axis as usize] = h;
        }
        let bit_x = self.flag(next[0], 2, s);
        let bit_y = self.flag(next[1], 4, s);
        let both = self.t_bin(B::LogicalAnd, next[0], next[1], s);
        let bit_xy = self.flag(both, 8, s);
        // The bits of this mip within its word, and the word.
        let seven = self.literal_u32(7);
        let three = self.literal_u32(3);
        let two = self.literal_u32(2);
        let low = self.t_bin(B::And, level, seven, s);
        let shift = self.t_bin(B::ShiftLeft, low, two, s);
        let word = self.t_bin(B::ShiftRight, level, three, s);
        if let Some(inside) = inside {
            self.begin();
            self.feedback_writes(w, lo, hi, apart, [bit_x, bit_y, bit_xy], word, shift, s);
            let accept = self.end();
            self.push(naga::Statement::If { condition: inside, accept, reject: naga::Block::new() }, s);
        } else {
            self.feedback_writes(w, lo, hi, apart, [bit_x, bit_y, bit_xy], word, shift, s);
        }
    }

    /// The atomic ORs of one mip: the lower corner with its neighbour bits, and regions apart
    /// from it (a footprint across a wrapped or mirrored edge) behind a branch.
    #[allow(clippy::too_many_arguments)]
    fn feedback_writes(&mut self, w: &Write, lo: [H; 2], hi: [H; 2], apart: [H; 2], bits: [H; 3], word: H, shift: H, s: Span) {
        let one = self.literal_u32(1);
        let [bit_x, bit_y, bit_xy] = bits;
        let b = self.t_bin(B::InclusiveOr, one, bit_x, s);
        let b = self.t_bin(B::InclusiveOr, b, bit_y, s);
        let b = self.t_bin(B::InclusiveOr, b, bit_xy, s);
        self.feedback_or(w, lo[0], lo[1], word, b, shift, s);
        let any_apart = self.t_bin(B::LogicalOr, apart[0], apart[1], s);
        self.begin();
        {
            self.begin();
            let b = self.t_bin(B::InclusiveOr, one, bit_y, s);
            self.feedback_or(w, hi[0], lo[1], word, b, shift, s);
            let accept = self.end();
            self.push(naga::Statement::If { condition: apart[0], accept, reject: naga::Block::new() }, s);
            self.begin();
            let b = self.t_bin(B::InclusiveOr, one, bit_x, s);
            self.feedback_or(w, lo[0], hi[1], word, b, shift, s);
            let accept = self.end();
            self.push(naga::Statement::If { condition: apart[1], accept, reject: naga::Block::new() }, s);
            let corner = self.t_bin(B::LogicalAnd, apart[0], apart[1], s);
            self.begin();
            self.feedback_or(w, hi[0], hi[1], word, one, shift, s);
            let accept = self.end();
            self.push(naga::Statement::If { condition: corner, accept, reject: naga::Block::new() }, s);
        }
        let accept = self.end();
        self.push(naga::Statement::If { condition: any_apart, accept, reject: naga::Block::new() }, s);
    }

    /// The two texels (equal for a point footprint) of one axis after the address mode, and
    /// for `Border` whether each is inside the texture.
    fn footprint_axis(&mut self, u: H, size: H, linear: H, mode: AddressMode, s: Span) -> (H, H, Option<(H, H)>) {
        // The coordinate's range reduced first, so whole tiles away read the same texels.
        let u = match mode {
            AddressMode::Wrap => {
                let f = self.t_math1(MF::Floor, u, s);
                self.t_bin(B::Subtract, u, f, s)
            }
            AddressMode::Mirror => {
                let half = self.t_f32(0.5);
                let h = self.t_bin(B::Multiply, u, half, s);
                let t = self.t_math1(MF::Trunc, h, s);
                let f = self.t_bin(B::Subtract, h, t, s);
                let two = self.t_f32(2.0);
                self.t_bin(B::Multiply, f, two, s)
            }
            _ => {
                let (lo, hi) = (self.t_f32(-10.0), self.t_f32(10.0));
                self.t_math3(MF::Clamp, u, lo, hi, s)
            }
        };
        let size_f = self.t_as(size, naga::ScalarKind::Float, s);
        let at = self.t_bin(B::Multiply, u, size_f, s);
        // A filter known at compile time needs no selects.
        let known = match self.func.expressions[linear] {
            E::Literal(naga::Literal::Bool(b)) => Some(b),
            _ => None,
        };
        let (one_i, zero_i) = (self.literal_i32(1), self.literal_i32(0));
        let (back, step) = match known {
            Some(b) => (self.t_f32(if b { 0.5 } else { 0.0 }), if b { one_i } else { zero_i }),
            None => {
                let (half, zero) = (self.t_f32(0.5), self.t_f32(0.0));
                (self.t_select(linear, half, zero, s), self.t_select(linear, one_i, zero_i, s))
            }
        };
        let at = self.t_bin(B::Subtract, at, back, s);
        let t0 = self.t_math1(MF::Floor, at, s);
        let t0 = self.t_as(t0, naga::ScalarKind::Sint, s);
        let t1 = if known == Some(false) { t0 } else { self.t_bin(B::Add, t0, step, s) };
        let n = self.t_as(size, naga::ScalarKind::Sint, s);
        let address = |b: &mut Self, t: H| -> H {
            let last = b.t_bin(B::Subtract, n, one_i, s);
            let r = match mode {
                AddressMode::Wrap => {
                    let m = b.t_bin(B::Modulo, t, n, s);
                    let m = b.t_bin(B::Add, m, n, s);
                    b.t_bin(B::Modulo, m, n, s)
                }
                AddressMode::Mirror => {
                    let n2 = b.t_bin(B::Add, n, n, s);
                    let m = b.t_bin(B::Modulo, t, n2, s);
                    let m = b.t_bin(B::Add, m, n2, s);
                    let m = b.t_bin(B::Modulo, m, n2, s);
                    let back = b.t_bin(B::Subtract, n2, one_i, s);
                    let back = b.t_bin(B::Subtract, back, m, s);
                    let front = b.t_bin(B::Less, m, n, s);
                    b.t_select(front, m, back, s)
                }
                AddressMode::MirrorOnce => {
                    let minus = b.literal_i32(-1);
                    let neg = b.t_bin(B::Subtract, minus, t, s);
                    let below = b.t_bin(B::Less, t, zero_i, s);
                    let m = b.t_select(below, neg, t, s);
                    b.t_math3(MF::Clamp, m, zero_i, last, s)
                }
                AddressMode::Clamp | AddressMode::Border => b.t_math3(MF::Clamp, t, zero_i, last, s),
            };
            b.t_as(r, naga::ScalarKind::Uint, s)
        };
        let check = |b: &mut Self, t: H| {
            let ge = b.t_bin(B::GreaterEqual, t, zero_i, s);
            let lt = b.t_bin(B::Less, t, n, s);
            b.t_bin(B::LogicalAnd, ge, lt, s)
        };
        let valid = if mode == AddressMode::Border { Some((check(self, t0), check(self, t1))) } else { None };
        let a0 = address(self, t0);
        let a1 = address(self, t1);
        (a0, a1, valid)
    }

    /// Region of texel `t` of `size` in a grid of `regions`: `min(⌊(2t + 1) · R / 2n⌋, R − 1)`.
    fn region_of(&mut self, t: H, size: H, regions: H, s: Span) -> H {
        let one = self.literal_u32(1);
        let two = self.t_bin(B::Add, t, t, s);
        let odd = self.t_bin(B::Add, two, one, s);
        let num = self.t_bin(B::Multiply, odd, regions, s);
        let den = self.t_bin(B::Add, size, size, s);
        let r = self.t_bin(B::Divide, num, den, s);
        let last = self.t_bin(B::Subtract, regions, one, s);
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
        let in_buffer = self.t_bin(B::Less, index, len, s);
        let value = self.t_bin(B::ShiftLeft, bits, shift, s);
        self.begin();
        let pointer = self.add(E::Access { base: g, index }, s);
        self.push(naga::Statement::Atomic { pointer, fun: naga::AtomicFunction::InclusiveOr, value, result: None }, s);
        let accept = self.end();
        self.push(naga::Statement::If { condition: in_buffer, accept, reject: naga::Block::new() }, s);
    }
}
