//! Sampling integer textures (SM 6.7): `Sample`, `SampleBias`, `SampleLevel`, `SampleGrad` on
//! `Texture1D/2D/3D[Array]<int…|uint…>`.
//!
//! WGSL and naga only gather integer textures, so this is point sampling done by hand:
//!
//! 1. the level of detail: `SampleLevel`'s argument; otherwise `log2` of the longer of the
//!    coordinate's scaled gradients (`SampleGrad`'s, or the screen-space derivatives for
//!    `Sample`/`SampleBias`) plus the bias — the isotropic formula of the D3D specification;
//!    then the sampler's `MipLODBias`, `MinLOD`, `MaxLOD` when the sampler is a static sampler;
//! 2. the level: the nearest (`floor(lod + ½)`), clamped to the texture's levels;
//! 3. the texel: `floor(coord · size(level)) + offset`, with the address mode of each axis
//!    and, for `BORDER`, the sampler's border colour (the SM 6.7 `_UINT` colours included);
//! 4. `textureLoad` at that texel and level, the layer rounded and clamped.
//!
//! The address modes are known when the sampler is a static sampler of the entry point's
//! `[RootSignature]`. When it is not, level 0 of a 2D texture is read with `textureGather` at
//! the selected texel's position, so that the bound sampler's address modes apply exactly; a
//! higher level (or a 1D/3D texture) assumes `CLAMP`, which a warning says.
//!
//! D3D defines integer sampling for point filtering (linear filters of integer formats are
//! undefined there, min/max reduction aside): hlslc always reads the nearest texel of the
//! nearest level, whatever filters the sampler has. Cube textures are an error (the face
//! selection would have to be rebuilt without `textureLoad` of cube faces in WGSL).

use super::function::FnBuilder;
use crate::static_sampler::{AddressMode, StaticSampler};
use crate::tir::Method as M;
use crate::ty::{ScalarKind, TextureDim, TypeId, TypeInner};
use hlslc_grammar::Span;
use naga::{BinaryOperator as B, Expression as E, Handle, MathFunction as MF};

type H = Handle<naga::Expression>;

impl FnBuilder<'_, '_> {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn integer_sample(&mut self, image: H, dim: TextureDim, element: TypeId, method: M, vals: &[H], offset: Option<H>, sampler: Option<StaticSampler>, s: Span) -> H {
        if matches!(dim, TextureDim::Cube | TextureDim::CubeArray) {
            self.lw.error("E0803", s, "sampling an integer cube texture cannot be expressed in WGSL or naga IR")
                .help("WGSL can only gather integer textures and cannot load cube faces; use a `Texture2DArray` with six layers and `Load`");
            return self.dummy(s);
        }
        let n = dim.coordinate_size();
        let (coord, layer) = self.split_array_coord(vals[1], n + u8::from(dim.is_array()), dim.is_array(), s);
        let zero = self.literal_i32(0);
        let size0 = self.level_size(image, zero, n, s);

        // 1-2. LOD and level.
        let mut lod = match method {
            M::SampleLevel => vals[2],
            M::SampleGrad => self.gradient_lod(vals[2], vals[3], size0, n, s),
            _ => {
                let dx = self.add(E::Derivative { axis: naga::DerivativeAxis::X, ctrl: naga::DerivativeControl::None, expr: coord }, s);
                let dy = self.add(E::Derivative { axis: naga::DerivativeAxis::Y, ctrl: naga::DerivativeControl::None, expr: coord }, s);
                let lod = self.gradient_lod(dx, dy, size0, n, s);
                if method == M::SampleBias { self.t_bin(B::Add, lod, vals[2], s) } else { lod }
            }
        };
        if let Some(st) = &sampler {
            let bias = self.t_f32(st.mip_lod_bias);
            lod = self.t_bin(B::Add, lod, bias, s);
            let (lo, hi) = (self.t_f32(st.min_lod), self.t_f32(st.max_lod));
            lod = self.t_math3(MF::Clamp, lod, lo, hi, s);
        }
        let half = self.t_f32(0.5);
        let nearest = self.t_bin(B::Add, lod, half, s);
        let nearest = self.t_math1(MF::Floor, nearest, s);
        let nearest = self.t_as(nearest, naga::ScalarKind::Sint, s);
        let levels = self.add(E::ImageQuery { image, query: naga::ImageQuery::NumLevels }, s);
        let levels = self.t_as(levels, naga::ScalarKind::Sint, s);
        let one = self.literal_i32(1);
        let last = self.t_bin(B::Subtract, levels, one, s);
        let level = self.t_math3(MF::Clamp, nearest, zero, last, s);

        // 3-4. Texel and load.
        let modes = sampler.as_ref().map_or([AddressMode::Clamp; 3], |st| st.address);
        let size = self.level_size(image, level, n, s);
        let mut texel = self.point_texel(coord, size, s);
        if let Some(off) = offset {
            texel = self.t_bin(B::Add, texel, off, s);
        }
        let addressed = self.address(texel, size, n, &modes, s);
        let array_index = layer.map(|l| self.array_layer(image, l, s));
        let loaded = self.add(E::ImageLoad { image, coordinate: addressed.coord, array_index, sample: None, level: Some(level) }, s);
        let mut value = self.texel_as_element(loaded, element, s);
        if let (Some(inside), Some(st)) = (addressed.inside, &sampler) {
            let border = self.border_value(st, element, s);
            value = self.t_select(inside, value, border, s);
        }
        if sampler.is_some() {
            return value;
        }

        // Without a static sampler: level 0 of a 2D texture honours the bound sampler through a
        // gather centred on the selected texel (its upper-left texel, `w`, is that texel).
        let may_leave_level0 = !(method == M::SampleLevel && matches!(self.func.expressions[vals[2]], E::Literal(naga::Literal::F32(z)) if z < 0.5));
        if !matches!(dim, TextureDim::D2 | TextureDim::D2Array) || self.lw.scalar_of(element).width == 8 {
            self.lw.warning("W0805", "integer-sampling-addressing", s, "sampling this integer texture assumes `TEXTURE_ADDRESS_CLAMP`: the sampler's address modes cannot be read in WGSL")
                .help("declare the sampler as a `StaticSampler` in the entry point's `[RootSignature]` to use its address modes");
            return value;
        }
        if may_leave_level0 {
            self.lw.warning("W0805", "integer-sampling-addressing", s, "sampling an integer texture above level 0 assumes `TEXTURE_ADDRESS_CLAMP`: the sampler's address modes cannot be read in WGSL")
                .help("declare the sampler as a `StaticSampler` in the entry point's `[RootSignature]` to use its address modes at every level");
        }
        let mut texel0 = self.point_texel(coord, size0, s);
        if let Some(off) = offset {
            texel0 = self.t_bin(B::Add, texel0, off, s);
        }
        let f = self.t_as(texel0, naga::ScalarKind::Float, s);
        let q = self.t_f32(0.75);
        let q = self.t_like(q, f, s);
        let centre = self.t_bin(B::Add, f, q, s);
        let fsize0 = self.t_as(size0, naga::ScalarKind::Float, s);
        let at = self.t_bin(B::Divide, centre, fsize0, s);
        let gather_layer = layer.map(|l| {
            let r = self.t_math1(MF::Round, l, s);
            self.t_as(r, naga::ScalarKind::Sint, s)
        });
        let channels = match *self.lw.tys.get(element) {
            TypeInner::Vector { size, .. } => size,
            _ => 1,
        };
        let mut comps = Vec::new();
        for c in 0..channels {
            let g = self.add(E::ImageSample { image, sampler: vals[0], gather: Some(super::raw::SWIZZLE_XYZW[c as usize]), coordinate: at, array_index: gather_layer, offset: None, level: naga::SampleLevel::Zero, depth_ref: None, clamp_to_edge: false }, s);
            comps.push(self.t_index(g, 3, s));
        }
        let texel4 = match comps.len() {
            1 => comps[0],
            k => {
                let sc = match self.resolve(comps[0]) {
                    Some(naga::TypeInner::Scalar(sc)) => sc,
                    _ => naga::Scalar::U32,
                };
                let t = self.lw.vector_type(sc, k as u8);
                self.add(E::Compose { ty: t, components: comps }, s)
            }
        };
        let gathered = self.texel_as_element(texel4, element, s);
        let at_level0 = self.t_bin(B::Equal, level, zero, s);
        self.t_select(at_level0, gathered, value, s)
    }

    /// `log2(max(|dx · size|, |dy · size|))`: the isotropic LOD of gradients `dx`, `dy`.
    pub(crate) fn gradient_lod(&mut self, dx: H, dy: H, size: H, n: u8, s: Span) -> H {
        let fsize = self.t_as(size, naga::ScalarKind::Float, s);
        let sx = self.t_bin(B::Multiply, dx, fsize, s);
        let sy = self.t_bin(B::Multiply, dy, fsize, s);
        let (lx, ly) = if n == 1 { (self.t_math1(MF::Abs, sx, s), self.t_math1(MF::Abs, sy, s)) } else { (self.t_math1(MF::Length, sx, s), self.t_math1(MF::Length, sy, s)) };
        let m = self.t_math2(MF::Max, lx, ly, s);
        self.t_math1(MF::Log2, m, s)
    }

    /// A loaded texel (a `vec4` or narrower, of 32-bit scalars) as the texture's element type:
    /// narrowed to its components, converted to 16-bit scalars, or joined into 64-bit ones
    /// (red the low word, green the high one: the R32G32_UINT view).
    pub(crate) fn texel_as_element(&mut self, v: H, element: TypeId, s: Span) -> H {
        let scalar = self.lw.scalar_of(element);
        if scalar.width == 8 {
            let kind = if scalar.kind == ScalarKind::Int { naga::ScalarKind::Sint } else { naga::ScalarKind::Uint };
            let lo = self.t_index(v, 0, s);
            let hi = self.t_index(v, 1, s);
            let lo = self.t_bitcast(lo, naga::ScalarKind::Uint, s);
            let hi = self.t_bitcast(hi, naga::ScalarKind::Uint, s);
            let lo = self.add(E::As { expr: lo, kind: naga::ScalarKind::Uint, convert: Some(8) }, s);
            let hi = self.add(E::As { expr: hi, kind: naga::ScalarKind::Uint, convert: Some(8) }, s);
            let k32 = self.literal_u32(32);
            let hi = self.t_bin(B::ShiftLeft, hi, k32, s);
            let joined = self.t_bin(B::InclusiveOr, lo, hi, s);
            return if kind == naga::ScalarKind::Sint { self.t_bitcast(joined, kind, s) } else { joined };
        }
        let n = match *self.lw.tys.get(element) {
            TypeInner::Vector { size, .. } => size,
            _ => 1,
        };
        let have = match self.resolve(v) {
            Some(naga::TypeInner::Vector { size, .. }) => size as u8,
            _ => 1,
        };
        let narrowed = if have == n {
            v
        } else if n == 1 {
            self.t_index(v, 0, s)
        } else {
            self.add(E::Swizzle { size: super::types::vector_size(n), vector: v, pattern: super::raw::SWIZZLE_XYZW }, s)
        };
        if scalar.width == 2 {
            let kind = super::types::naga_scalar(scalar).kind;
            return self.add(E::As { expr: narrowed, kind, convert: Some(2) }, s);
        }
        narrowed
    }

    /// The border colour of a static sampler as a value of the texture's element type.
    fn border_value(&mut self, st: &StaticSampler, element: TypeId, s: Span) -> H {
        let scalar = super::types::naga_scalar(self.lw.scalar_of(element));
        let rgba = st.border_color.uint_rgba();
        let n = match *self.lw.tys.get(element) {
            TypeInner::Vector { size, .. } => size,
            _ => 1,
        };
        let comps: Vec<H> = (0..n as usize)
            .map(|k| {
                let lit = match (scalar.kind, scalar.width) {
                    (naga::ScalarKind::Sint, 8) => naga::Literal::I64(rgba[k] as i32 as i64),
                    (naga::ScalarKind::Uint, 8) => naga::Literal::U64(if rgba[k] == u32::MAX { u64::MAX } else { rgba[k] as u64 }),
                    (naga::ScalarKind::Sint, 2) => naga::Literal::I16(rgba[k] as i32 as i16),
                    (naga::ScalarKind::Uint, 2) => naga::Literal::U16(rgba[k] as u16),
                    (naga::ScalarKind::Sint, _) => naga::Literal::I32(rgba[k] as i32),
                    _ => naga::Literal::U32(rgba[k]),
                };
                self.add(E::Literal(lit), s)
            })
            .collect();
        if n == 1 {
            return comps[0];
        }
        let t = self.lw.vector_type(scalar, n);
        self.add(E::Compose { ty: t, components: comps }, s)
    }
}
