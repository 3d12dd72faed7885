//! Shader Model 6.7 texture operations that naga cannot express as one image instruction:
//! programmable offsets, `GatherRaw`, 64-bit texel views, and the entry to the integer-sampling
//! ([`super::integer_sampling`]) and `SampleCmpLevel` ([`super::sample_compare`]) polyfills.
//!
//! [`FnBuilder::texture_polyfill`] is asked first for every texture method; it takes the ones
//! below and leaves the rest to the native lowering in [`super::methods`].
//!
//! - **Offsets** count by their low 4 bits, sign-extended (range [−8, 7]), as D3D specifies —
//!   for constant offsets too. naga requires constant offsets, so a non-constant one becomes:
//!   - `Load`: an integer addition to the texel coordinate (exact);
//!   - gathers: the coordinate moved by `offset / size(level 0)` (gathers read level 0; the
//!     footprint moves by whole texels);
//!   - `SampleLevel`, `SampleGrad`, `SampleCmpLevelZero`: a `switch` over the 16 (1D) or 256
//!     (2D) possible offsets, each case the native sample with that constant offset (exact);
//!   - `Sample`, `SampleBias`: the same `switch` over `SampleGrad` with the coordinate's
//!     derivatives taken before it (scaled by `2^bias`), so no derivative is evaluated in
//!     divergent control flow (exact: the same LOD formula);
//!   - `SampleCmp`: the `switch` over the implicit-LOD comparison (WGSL and naga have no
//!     comparison with gradients), exact when the offset is the same across each 2×2 quad —
//!     a warning says so;
//!   - 3D textures (4096 offsets): the coordinate moved by `offset / size(level 0)`, exact at
//!     level 0 only — a warning says so.
//! - **`GatherRaw`** on `Texture2D[Array]<uint16_t|uint32_t|uint64_t>`: `textureGather` of the
//!   uint view's red channel; the 64-bit form gathers red and green of the R32G32_UINT view
//!   and joins them (low word red), as the SM 6.7 notes describe.

use super::function::FnBuilder;
use crate::tir::{Arg, ExprKind, Method as M};
use crate::ty::{Scalar, ScalarKind, TextureDim, TypeId};
use hlslc_grammar::Span;
use naga::{BinaryOperator as B, Expression as E, Handle};

type H = Handle<naga::Expression>;

impl FnBuilder<'_, '_> {
    /// Lowers a texture method that needs a polyfill; `None` leaves it to the native path
    /// (nothing has been evaluated then).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn texture_polyfill(&mut self, image: H, dim: TextureDim, element: TypeId, method: M, args: &[Arg], ty: TypeId, s: Span) -> Option<H> {
        let exprs: Vec<&crate::tir::Expr> = args.iter().filter_map(|a| if let Arg::Value(e) = a { Some(e) } else { None }).collect();
        let scalar = self.lw.scalar_of(element);
        let integer = matches!(scalar.kind, ScalarKind::Int | ScalarKind::Uint);
        let first_offset = offset_index(method, dim);
        let dynamic_offset = first_offset.is_some_and(|k| exprs.iter().skip(k).any(|e| !matches!(e.kind, ExprKind::Const(_))));
        let take = match method {
            M::GatherRaw => true,
            M::Load => first_offset.is_some_and(|k| exprs.len() > k) || scalar.width == 8,
            M::Sample | M::SampleBias | M::SampleLevel | M::SampleGrad => integer || dynamic_offset,
            M::SampleCmpLevel => !matches!(&exprs.get(3).map(|e| &e.kind), Some(ExprKind::Const(c)) if crate::sema::components_of(c).iter().all(is_zero)) || dynamic_offset,
            M::SampleCmp | M::SampleCmpLevelZero | M::Gather(_) | M::GatherCmp(_) => dynamic_offset,
            _ => false,
        };
        if !take {
            return None;
        }
        let vals: Vec<H> = exprs.iter().map(|e| self.expr(e)).collect();
        let offsets: Vec<H> = match first_offset {
            Some(k) => (k..vals.len()).map(|i| self.texel_offset(exprs[i], vals[i], s)).collect(),
            None => Vec::new(),
        };
        Some(match method {
            M::Load => self.load_with_offset(image, dim, element, &vals, offsets.first().copied(), s),
            M::GatherRaw => self.gather_raw(image, dim, element, &vals, offsets.first().copied(), ty, s),
            M::Sample | M::SampleBias | M::SampleLevel | M::SampleGrad if integer => {
                let sampler = self.lw.static_sampler_of(exprs[0]);
                self.integer_sample(image, dim, element, method, &vals, offsets.first().copied(), sampler, s)
            }
            M::SampleCmpLevel => {
                let sampler = self.lw.static_sampler_of(exprs[0]);
                self.sample_cmp_level(image, dim, &vals, offsets.first().copied(), sampler, s)
            }
            M::Gather(_) | M::GatherCmp(_) => self.gather_moved(image, dim, method, &vals, &offsets, ty, s),
            _ => self.sample_with_offset(image, dim, element, method, &vals, offsets[0], s),
        })
    }

    /// An offset argument: its low 4 bits sign-extended, folded when constant (naga then sees
    /// a constant expression, as its offsets must be).
    fn texel_offset(&mut self, e: &crate::tir::Expr, v: H, s: Span) -> H {
        if let ExprKind::Const(c) = &e.kind {
            let lits: Vec<i32> = crate::sema::components_of(c).iter().map(|x| sign_extend4(const_int(x))).collect();
            let parts: Vec<H> = lits.iter().map(|&v| self.literal_i32(v)).collect();
            if parts.len() == 1 {
                return parts[0];
            }
            let t = self.lw.vector_type(naga::Scalar::I32, parts.len() as u8);
            return self.add(E::Compose { ty: t, components: parts }, s);
        }
        let v = self.t_as(v, naga::ScalarKind::Sint, s);
        let k28 = self.literal_u32(28);
        let k28 = self.t_like(k28, v, s);
        let up = self.t_bin(B::ShiftLeft, v, k28, s);
        self.t_bin(B::ShiftRight, up, k28, s)
    }

    /// `Load(coord[, sample], offset)`: the offset added to the texel coordinate; 64-bit
    /// element types join the red and green words of their R32G32_UINT view.
    fn load_with_offset(&mut self, image: H, dim: TextureDim, element: TypeId, vals: &[H], offset: Option<H>, s: Span) -> H {
        let coord_n = dim.coordinate_size() + u8::from(dim.is_array());
        let storage = matches!(self.resolve(image), Some(naga::TypeInner::Image { class: naga::ImageClass::Storage { .. }, .. }));
        let ms = dim.is_multisampled();
        let (coord_all, level) = if storage || ms {
            (vals[0], None)
        } else {
            let lvl = self.t_index(vals[0], coord_n as u32, s);
            let c = if coord_n == 1 {
                self.t_index(vals[0], 0, s)
            } else {
                self.add(E::Swizzle { size: super::types::vector_size(coord_n), vector: vals[0], pattern: super::raw::SWIZZLE_XYZW }, s)
            };
            (c, Some(lvl))
        };
        let sample = if ms { Some(vals[1]) } else { None };
        let (mut coord, array_index) = self.split_array_coord(coord_all, coord_n, dim.is_array(), s);
        if let Some(off) = offset {
            coord = self.t_bin(B::Add, coord, off, s);
        }
        let v = self.add(E::ImageLoad { image, coordinate: coord, array_index, sample, level }, s);
        self.texel_to_element(v, element, s)
    }

    /// A texel of 32-bit scalars (what naga's image reads return) as an element type of
    /// another width: 16-bit elements converted, 64-bit ones joined from the red and green
    /// words of their R32G32_UINT view (red the low word). `None` when the widths agree.
    pub(crate) fn texel_of_other_width(&mut self, v: H, element: TypeId, s: Span) -> Option<H> {
        let width = self.lw.tys.scalar_of(element).map_or(4, |sc| sc.width);
        let narrow = matches!(self.resolve(v), Some(naga::TypeInner::Vector { scalar, .. } | naga::TypeInner::Scalar(scalar)) if scalar.width == 4);
        (width != 4 && narrow).then(|| self.texel_as_element(v, element, s))
    }

    /// `GatherRaw(s, uv[, offset])`.
    #[allow(clippy::too_many_arguments)]
    fn gather_raw(&mut self, image: H, dim: TextureDim, element: TypeId, vals: &[H], offset: Option<H>, ty: TypeId, s: Span) -> H {
        let (coord, array_index) = self.sample_coord(vals[1], dim, s);
        let (coord, offset) = self.movable_offset(image, dim, coord, offset, s);
        let gather = |b: &mut Self, c: u8| {
            let comp = super::raw::SWIZZLE_XYZW[c as usize];
            b.add(E::ImageSample { image, sampler: vals[0], gather: Some(comp), coordinate: coord, array_index, offset, level: naga::SampleLevel::Zero, depth_ref: None, clamp_to_edge: false }, s)
        };
        let lo = gather(self, 0);
        let scalar = self.lw.scalar_of(element);
        match scalar.width {
            8 => {
                // R32G32_UINT: red is the low word, green the high one.
                let hi = gather(self, 1);
                let lo = self.add(E::As { expr: lo, kind: naga::ScalarKind::Uint, convert: Some(8) }, s);
                let hi = self.add(E::As { expr: hi, kind: naga::ScalarKind::Uint, convert: Some(8) }, s);
                let k32 = self.literal_u32(32);
                let k32 = self.t_like(k32, hi, s);
                let hi = self.t_bin(B::ShiftLeft, hi, k32, s);
                let v = self.t_bin(B::InclusiveOr, lo, hi, s);
                let u4 = self.lw.tys.vector(Scalar::U64, 4);
                self.convert(v, u4, ty, s)
            }
            _ => {
                let u4 = self.lw.tys.vector(Scalar::U32, 4);
                self.convert(lo, u4, ty, s)
            }
        }
    }

    /// A gather with non-constant offsets: each offset moves the coordinate by whole texels of
    /// level 0; four offsets gather four times and keep one component each.
    #[allow(clippy::too_many_arguments)]
    fn gather_moved(&mut self, image: H, dim: TextureDim, method: M, vals: &[H], offsets: &[H], ty: TypeId, s: Span) -> H {
        let (coord, array_index) = self.sample_coord(vals[1], dim, s);
        let (component, depth_ref) = match method {
            M::Gather(c) => (c, None),
            M::GatherCmp(c) => (c, Some(vals[2])),
            _ => (0, None),
        };
        let comp = super::raw::SWIZZLE_XYZW[component as usize];
        let one = |b: &mut Self, off: H| {
            let (c, o) = b.movable_offset(image, dim, coord, Some(off), s);
            b.add(E::ImageSample { image, sampler: vals[0], gather: Some(comp), coordinate: c, array_index, offset: o, level: naga::SampleLevel::Zero, depth_ref, clamp_to_edge: false }, s)
        };
        if offsets.len() < 4 {
            let g = one(self, offsets[0]);
            return self.gathered_as(g, ty, s);
        }
        let parts: Vec<H> = (0..4).map(|k| {
            let g = one(self, offsets[k]);
            self.t_index(g, k as u32, s)
        }).collect();
        self.gathered_parts(parts, ty, s)
    }

    /// A gather's four texels (32-bit scalars, as naga's gathers return; floats for a
    /// comparison) as the method's result type, a vector of the texture's component type as
    /// DXC's `Gather*` and `GatherCmp*` return: converted to 16 bits for `half`, `int16_t` …
    /// textures, and a comparison's 0 or 1 to the integer type of an integer texture.
    pub(crate) fn gathered_as(&mut self, v: H, ty: TypeId, s: Span) -> H {
        let Some(want) = self.lw.tys.scalar_of(ty).map(super::types::naga_scalar) else { return v };
        match self.resolve(v) {
            Some(naga::TypeInner::Vector { scalar, .. }) if scalar != want => self.add(E::As { expr: v, kind: want.kind, convert: Some(want.width) }, s),
            _ => v,
        }
    }

    /// One component from each of four gathers, joined and converted as [`Self::gathered_as`].
    pub(crate) fn gathered_parts(&mut self, parts: Vec<H>, ty: TypeId, s: Span) -> H {
        let scalar = match self.resolve(parts[0]) {
            Some(naga::TypeInner::Scalar(sc)) => sc,
            _ => naga::Scalar::F32,
        };
        let t = self.lw.vector_type(scalar, 4);
        let v = self.add(E::Compose { ty: t, components: parts }, s);
        self.gathered_as(v, ty, s)
    }

    /// A constant offset stays an offset; a non-constant one moves the coordinate by
    /// `offset / size(level 0)`.
    pub(crate) fn movable_offset(&mut self, image: H, dim: TextureDim, coord: H, offset: Option<H>, s: Span) -> (H, Option<H>) {
        let Some(off) = offset else { return (coord, None) };
        if self.is_const_compose(off) {
            return (coord, Some(off));
        }
        let zero = self.literal_u32(0);
        let n = dim.coordinate_size();
        let size = self.level_size(image, zero, n, s);
        let fsize = self.t_as(size, naga::ScalarKind::Float, s);
        let foff = self.t_as(off, naga::ScalarKind::Float, s);
        let delta = self.t_bin(B::Divide, foff, fsize, s);
        (self.t_bin(B::Add, coord, delta, s), None)
    }

    fn is_const_compose(&self, h: H) -> bool {
        match &self.func.expressions[h] {
            E::Compose { components, .. } => components.iter().all(|&c| matches!(self.func.expressions[c], E::Literal(_))),
            E::Literal(_) => true,
            _ => false,
        }
    }

    /// The float coordinate without its layer, and the rounded layer.
    pub(crate) fn sample_coord(&mut self, uv: H, dim: TextureDim, s: Span) -> (H, Option<H>) {
        let n = dim.coordinate_size() + u8::from(dim.is_array());
        let (c, layer) = self.split_array_coord(uv, n, dim.is_array(), s);
        let layer = layer.map(|l| {
            let r = self.t_math1(naga::MathFunction::Round, l, s);
            self.t_as(r, naga::ScalarKind::Sint, s)
        });
        (c, layer)
    }

    /// A float-texture sample with a non-constant offset: one native sample per possible
    /// offset in a `switch` (see the module documentation).
    #[allow(clippy::too_many_arguments)]
    fn sample_with_offset(&mut self, image: H, dim: TextureDim, element: TypeId, method: M, vals: &[H], offset: H, s: Span) -> H {
        let (coord, array_index) = self.sample_coord(vals[1], dim, s);
        let sampler = vals[0];
        if dim == TextureDim::D3 {
            self.lw.warning("W0804", "approximate-offset", s, "a non-constant offset on a 3D texture moves the coordinate by whole texels of level 0, which is exact only when level 0 is sampled")
                .help("WGSL and naga need constant offsets; 4096 cases are too many to enumerate");
            let (c, _) = self.movable_offset(image, dim, coord, Some(offset), s);
            let level = self.native_level(method, vals, coord, s);
            let v = self.add(E::ImageSample { image, sampler, gather: None, coordinate: c, array_index, offset: None, level, depth_ref: None, clamp_to_edge: false }, s);
            return self.texel_to_element(v, element, s);
        }
        let (level, depth_ref) = match method {
            M::SampleCmp => {
                self.lw.warning("W0804", "approximate-offset", s, "`SampleCmp` with a non-constant offset is exact only when the offset is the same across each 2×2 quad")
                    .help("WGSL and naga have no comparison sample with explicit gradients; use `SampleCmpLevelZero`, or a quad-uniform offset");
                (naga::SampleLevel::Auto, Some(vals[2]))
            }
            M::SampleCmpLevelZero => (naga::SampleLevel::Zero, Some(vals[2])),
            _ => (self.native_level(method, vals, coord, s), None),
        };
        let result_ty = if depth_ref.is_some() { self.lw.scalar_type(naga::Scalar::F32) } else { self.lw.vector_type(naga::Scalar::F32, 4) };
        let v = self.offset_switch(dim.coordinate_size(), offset, result_ty, s, &mut |b, off| {
            b.add(E::ImageSample { image, sampler, gather: None, coordinate: coord, array_index, offset: Some(off), level, depth_ref, clamp_to_edge: false }, s)
        });
        if depth_ref.is_some() { v } else { self.texel_to_element(v, element, s) }
    }

    /// The naga sample level of a float sampling method; `Sample` and `SampleBias` take their
    /// derivatives here, outside any `switch`, and pass them as gradients (`SampleBias` scales
    /// them by `2^bias`, which adds `bias` to the LOD).
    fn native_level(&mut self, method: M, vals: &[H], coord: H, s: Span) -> naga::SampleLevel {
        match method {
            M::SampleLevel => naga::SampleLevel::Exact(vals[2]),
            M::SampleGrad => naga::SampleLevel::Gradient { x: vals[2], y: vals[3] },
            M::Sample | M::SampleBias => {
                let mut x = self.add(E::Derivative { axis: naga::DerivativeAxis::X, ctrl: naga::DerivativeControl::None, expr: coord }, s);
                let mut y = self.add(E::Derivative { axis: naga::DerivativeAxis::Y, ctrl: naga::DerivativeControl::None, expr: coord }, s);
                if method == M::SampleBias {
                    let scale = self.t_math1(naga::MathFunction::Exp2, vals[2], s);
                    let scale = self.t_like(scale, x, s);
                    x = self.t_bin(B::Multiply, x, scale, s);
                    y = self.t_bin(B::Multiply, y, scale, s);
                }
                naga::SampleLevel::Gradient { x, y }
            }
            _ => naga::SampleLevel::Zero,
        }
    }

    /// `switch` over the sign-extended offset's low 4 bits per axis (`axes` of them): case `k`
    /// stores `sample(constant offset k)` in a temporary, which is the result.
    pub(crate) fn offset_switch(&mut self, axes: u8, offset: H, result_ty: Handle<naga::Type>, s: Span, sample: &mut dyn FnMut(&mut Self, H) -> H) -> H {
        let result = self.local("offset_sample", result_ty);
        let ptr = self.add(E::LocalVariable(result), s);
        let fifteen = self.literal_i32(15);
        let fifteen = self.t_like(fifteen, offset, s);
        let low = self.t_bin(B::And, offset, fifteen, s);
        let low = self.t_bitcast(low, naga::ScalarKind::Uint, s);
        let key = if axes == 1 {
            low
        } else {
            let x = self.t_index(low, 0, s);
            let y = self.t_index(low, 1, s);
            let four = self.literal_u32(4);
            let y = self.t_bin(B::ShiftLeft, y, four, s);
            self.t_bin(B::InclusiveOr, x, y, s)
        };
        let count = 1u32 << (4 * axes as u32);
        let mut cases = Vec::new();
        for k in 0..count {
            self.begin();
            let comps: Vec<i32> = (0..axes as u32).map(|a| sign_extend4(((k >> (4 * a)) & 15) as i64)).collect();
            let parts: Vec<H> = comps.iter().map(|&v| self.literal_i32(v)).collect();
            let off = if axes == 1 {
                parts[0]
            } else {
                let t = self.lw.vector_type(naga::Scalar::I32, axes);
                self.add(E::Compose { ty: t, components: parts }, s)
            };
            let v = sample(self, off);
            self.push(naga::Statement::Store { pointer: ptr, value: v }, s);
            let body = self.end();
            let value = if k + 1 == count { naga::SwitchValue::Default } else { naga::SwitchValue::U32(k) };
            cases.push(naga::SwitchCase { value, body, fall_through: false });
        }
        self.push(naga::Statement::Switch { selector: key, cases }, s);
        self.add(E::Load { pointer: ptr }, s)
    }
}

/// Which value argument is the first offset of a texture method (cube textures have none).
fn offset_index(method: M, dim: TextureDim) -> Option<usize> {
    if matches!(dim, TextureDim::Cube | TextureDim::CubeArray) {
        return None;
    }
    Some(match method {
        M::Load if dim.is_multisampled() => 2,
        M::Load => 1,
        M::Sample | M::Gather(_) | M::GatherRaw => 2,
        M::SampleBias | M::SampleLevel | M::SampleCmp | M::SampleCmpLevelZero | M::GatherCmp(_) => 3,
        M::SampleGrad | M::SampleCmpLevel => 4,
        _ => return None,
    })
}

/// D3D's texel offset: the low 4 bits, sign-extended.
pub(crate) fn sign_extend4(v: i64) -> i32 {
    ((v as i32) << 28) >> 28
}

fn const_int(c: &crate::tir::ConstValue) -> i64 {
    match c {
        crate::tir::ConstValue::Int(i) => *i,
        crate::tir::ConstValue::Uint(u) => *u as i64,
        crate::tir::ConstValue::Float(f) => *f as i64,
        crate::tir::ConstValue::Bool(b) => *b as i64,
        crate::tir::ConstValue::Composite(_) => 0,
    }
}

fn is_zero(c: &crate::tir::ConstValue) -> bool {
    const_int(c) == 0 && !matches!(c, crate::tir::ConstValue::Float(f) if *f != 0.0)
}
