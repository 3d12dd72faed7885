//! `SampleCmpLevel(s, location, compare, lod[, offset])` (SM 6.7) at a level that is not the
//! constant 0 (which is `SampleCmpLevelZero`, native).
//!
//! naga's validator accepts a comparison sample only at an implicit level or level 0, and
//! WGSL's `textureSampleCompareLevel` always reads level 0:
//!
//! - **SPIR-V**: `OpImageSampleDrefExplicitLod` takes any `Lod`, so lowering emits the level-0
//!   comparison and stores the real LOD in a marker variable ([`LOD_MARKER`]) just before it;
//!   the SPIR-V pass [`crate::passes::sample_compare_lod`] moves that value into the sample's
//!   `Lod` operand and removes the marker. Exact, every texture kind.
//! - **WGSL**: the comparison is emulated exactly — loads at the level(s) the LOD selects,
//!   the comparison of each texel, the filter's weights — which needs the sampler's comparison
//!   function, filters, address modes, bias and LOD clamps. WGSL cannot read them from the
//!   bound sampler, so the sampler must be a static sampler of the entry point's
//!   `[RootSignature]`; otherwise, and for cube textures (WGSL cannot load cube faces), the
//!   call is an error naming the feature and the target.
//!
//! The emulation follows D3D's filtering: magnification (LOD ≤ 0) uses the `MAG` filter,
//! minification the `MIN` filter; a `POINT` filter reads `floor(u · size)`, a `LINEAR` one the
//! 2×2 footprint at `floor(u · size − ½)` with the fractions as weights, comparing each texel
//! (`compare OP texel`: 1 or 0) before weighting; a `LINEAR` mip filter blends the two nearest
//! levels by the LOD's fraction, a `POINT` one takes `floor(lod + ½)`. `BORDER` texels compare
//! against the border colour's red.

use super::function::FnBuilder;
use crate::static_sampler::{CompareFunc, Filter, StaticSampler};
use crate::ty::TextureDim;
use hlslc_grammar::Span;
use naga::{BinaryOperator as B, Expression as E, Handle, MathFunction as MF};

type H = Handle<naga::Expression>;

/// The private variable whose stores carry `SampleCmpLevel`'s LOD to the SPIR-V pass.
use crate::passes::sample_compare_lod::MARKER as LOD_MARKER;

impl FnBuilder<'_, '_> {
    pub(crate) fn sample_cmp_level(&mut self, image: H, dim: TextureDim, vals: &[H], offset: Option<H>, sampler: Option<StaticSampler>, s: Span) -> H {
        let cube = matches!(dim, TextureDim::Cube | TextureDim::CubeArray);
        if self.lw.options.target == crate::options::Target::SpirV {
            return self.sample_cmp_level_spirv(image, dim, vals, offset, s);
        }
        if cube {
            self.lw.error("E0803", s, "`SampleCmpLevel` on a cube texture at a level other than 0 cannot be expressed in WGSL")
                .help("WGSL compares only at level 0 and cannot load cube faces; use `SampleCmpLevelZero`, or target SPIR-V");
            return self.dummy(s);
        }
        let Some(st) = sampler else {
            self.lw.error("E0803", s, "`SampleCmpLevel` at a level other than 0 cannot be expressed in WGSL without the sampler's comparison function and filter")
                .help("declare the sampler as a `StaticSampler` in the entry point's `[RootSignature]` (hlslc then compares and filters itself), use `SampleCmpLevelZero`, or target SPIR-V");
            return self.dummy(s);
        };
        self.sample_cmp_level_emulated(image, dim, vals, offset, &st, s)
    }

    /// SPIR-V: the level-0 comparison, preceded by a store of the LOD to the marker.
    fn sample_cmp_level_spirv(&mut self, image: H, dim: TextureDim, vals: &[H], offset: Option<H>, s: Span) -> H {
        let (coord, array_index) = self.sample_coord(vals[1], dim, s);
        let marker = self.private_marker(LOD_MARKER, naga::Scalar::F32);
        let ptr = self.add(E::GlobalVariable(marker), s);
        let (sampler, depth_ref, lod) = (vals[0], vals[2], vals[3]);
        let sample = |b: &mut Self, off: Option<H>| {
            b.push(naga::Statement::Store { pointer: ptr, value: lod }, s);
            b.add(E::ImageSample { image, sampler, gather: None, coordinate: coord, array_index, offset: off, level: naga::SampleLevel::Zero, depth_ref: Some(depth_ref), clamp_to_edge: false }, s)
        };
        match offset {
            Some(off) if !self.is_literal_offset(off) => {
                let f = self.lw.scalar_type(naga::Scalar::F32);
                self.offset_switch(dim.coordinate_size(), off, f, s, &mut |b, k| sample(b, Some(k)))
            }
            off => sample(self, off),
        }
    }

    fn is_literal_offset(&self, h: H) -> bool {
        match &self.func.expressions[h] {
            E::Literal(_) => true,
            E::Compose { components, .. } => components.iter().all(|&c| matches!(self.func.expressions[c], E::Literal(_))),
            _ => false,
        }
    }

    /// WGSL: the comparison filter computed from loads (see the module documentation).
    fn sample_cmp_level_emulated(&mut self, image: H, dim: TextureDim, vals: &[H], offset: Option<H>, st: &StaticSampler, s: Span) -> H {
        let n = dim.coordinate_size();
        let (coord, layer) = self.split_array_coord(vals[1], n + u8::from(dim.is_array()), dim.is_array(), s);
        let array_index = layer.map(|l| self.array_layer(image, l, s));
        let reference = vals[2];
        let bias = self.t_f32(st.mip_lod_bias);
        let lod = self.t_bin(B::Add, vals[3], bias, s);
        let (lo, hi) = (self.t_f32(st.min_lod), self.t_f32(st.max_lod));
        let lod = self.t_math3(MF::Clamp, lod, lo, hi, s);
        let levels = self.add(E::ImageQuery { image, query: naga::ImageQuery::NumLevels }, s);
        let levels = self.t_as(levels, naga::ScalarKind::Sint, s);
        let one = self.literal_i32(1);
        let zero = self.literal_i32(0);
        let last = self.t_bin(B::Subtract, levels, one, s);
        let zero_f = self.t_f32(0.0);
        let magnified = self.t_bin(B::LessEqual, lod, zero_f, s);
        let level_value = |b: &mut Self, level: H| -> H {
            let point = b.compare_point(image, coord, array_index, level, offset, reference, n, st, s);
            let (min_f, mag_f) = (st.min_filter, st.mag_filter);
            if min_f == mag_f {
                return if min_f == Filter::Point { point } else { b.compare_linear(image, coord, array_index, level, offset, reference, n, st, s) };
            }
            let linear = b.compare_linear(image, coord, array_index, level, offset, reference, n, st, s);
            let (on_mag, on_min) = if mag_f == Filter::Point { (point, linear) } else { (linear, point) };
            b.t_select(magnified, on_mag, on_min, s)
        };
        if st.mip_filter == Filter::Point {
            let half = self.t_f32(0.5);
            let l = self.t_bin(B::Add, lod, half, s);
            let l = self.t_math1(MF::Floor, l, s);
            let l = self.t_as(l, naga::ScalarKind::Sint, s);
            let level = self.t_math3(MF::Clamp, l, zero, last, s);
            return level_value(self, level);
        }
        let lf = self.t_math1(MF::Floor, lod, s);
        let l0 = self.t_as(lf, naga::ScalarKind::Sint, s);
        let l0 = self.t_math3(MF::Clamp, l0, zero, last, s);
        let l1 = self.t_bin(B::Add, l0, one, s);
        let l1 = self.t_math2(MF::Min, l1, last, s);
        let frac = self.t_bin(B::Subtract, lod, lf, s);
        let zero_f = self.t_f32(0.0);
        let one_f = self.t_f32(1.0);
        let frac = self.t_math3(MF::Clamp, frac, zero_f, one_f, s);
        let v0 = level_value(self, l0);
        let v1 = level_value(self, l1);
        self.t_math3(MF::Mix, v0, v1, frac, s)
    }

    /// One texel compared: 1.0 if `reference OP texel`, else 0.0 (border texels use the
    /// border colour's red).
    #[allow(clippy::too_many_arguments)]
    fn compare_texel(&mut self, image: H, texel: H, size: H, array_index: Option<H>, level: H, reference: H, n: u8, st: &StaticSampler, s: Span) -> H {
        let addressed = self.address(texel, size, n, &st.address, s);
        let mut depth = self.add(E::ImageLoad { image, coordinate: addressed.coord, array_index, sample: None, level: Some(level) }, s);
        if let Some(inside) = addressed.inside {
            let border = self.t_f32(st.border_color.float_rgba()[0]);
            depth = self.t_select(inside, depth, border, s);
        }
        let passed = match st.comparison_func {
            CompareFunc::Never => None,
            CompareFunc::Always => Some(None),
            f => {
                let op = match f {
                    CompareFunc::Less => B::Less,
                    CompareFunc::Equal => B::Equal,
                    CompareFunc::LessEqual => B::LessEqual,
                    CompareFunc::Greater => B::Greater,
                    CompareFunc::NotEqual => B::NotEqual,
                    _ => B::GreaterEqual,
                };
                Some(Some(self.t_bin(op, reference, depth, s)))
            }
        };
        let (one, zero) = (self.t_f32(1.0), self.t_f32(0.0));
        match passed {
            None => zero,
            Some(None) => one,
            Some(Some(cond)) => self.t_select(cond, one, zero, s),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn compare_point(&mut self, image: H, coord: H, array_index: Option<H>, level: H, offset: Option<H>, reference: H, n: u8, st: &StaticSampler, s: Span) -> H {
        let size = self.level_size(image, level, n, s);
        let mut texel = self.point_texel(coord, size, s);
        if let Some(off) = offset {
            texel = self.t_bin(B::Add, texel, off, s);
        }
        self.compare_texel(image, texel, size, array_index, level, reference, n, st, s)
    }

    /// Bilinear (2D) or linear (1D) weighting of compared texels.
    #[allow(clippy::too_many_arguments)]
    fn compare_linear(&mut self, image: H, coord: H, array_index: Option<H>, level: H, offset: Option<H>, reference: H, n: u8, st: &StaticSampler, s: Span) -> H {
        let size = self.level_size(image, level, n, s);
        let fsize = self.t_as(size, naga::ScalarKind::Float, s);
        let scaled = self.t_bin(B::Multiply, coord, fsize, s);
        let half = self.t_f32(0.5);
        let half = self.t_like(half, scaled, s);
        let t = self.t_bin(B::Subtract, scaled, half, s);
        let base = self.t_math1(MF::Floor, t, s);
        let frac = self.t_bin(B::Subtract, t, base, s);
        let mut i0 = self.t_as(base, naga::ScalarKind::Sint, s);
        if let Some(off) = offset {
            i0 = self.t_bin(B::Add, i0, off, s);
        }
        let one_i = self.literal_i32(1);
        let one_f = self.t_f32(1.0);
        if n == 1 {
            let i1 = self.t_bin(B::Add, i0, one_i, s);
            let c0 = self.compare_texel(image, i0, size, array_index, level, reference, n, st, s);
            let c1 = self.compare_texel(image, i1, size, array_index, level, reference, n, st, s);
            return self.t_math3(MF::Mix, c0, c1, frac, s);
        }
        let i_t = self.lw.vector_type(naga::Scalar::I32, 2);
        let corner = |b: &mut Self, dx: i32, dy: i32| {
            let d = [b.literal_i32(dx), b.literal_i32(dy)];
            let d = b.add(E::Compose { ty: i_t, components: d.to_vec() }, s);
            let t = b.t_bin(B::Add, i0, d, s);
            b.compare_texel(image, t, size, array_index, level, reference, n, st, s)
        };
        let (c00, c10, c01, c11) = (corner(self, 0, 0), corner(self, 1, 0), corner(self, 0, 1), corner(self, 1, 1));
        let fx = self.t_index(frac, 0, s);
        let fy = self.t_index(frac, 1, s);
        let top = self.t_math3(MF::Mix, c00, c10, fx, s);
        let bottom = self.t_math3(MF::Mix, c01, c11, fx, s);
        let _ = one_f;
        self.t_math3(MF::Mix, top, bottom, fy, s)
    }
}
