//! Reading texels by hand: what the texture polyfills share.
//!
//! Integer-texture sampling and the WGSL emulation of `SampleCmpLevel` cannot use naga's
//! sampling (WGSL samples neither integer textures nor depth textures at a chosen level), so
//! they compute texel coordinates themselves and read with `textureLoad`: the level's size,
//! D3D's texel selection (`floor(u · size)` for point sampling, `floor(u · size − ½)` and the
//! fractions for bilinear footprints), the address modes of D3D12 (wrap, mirror, clamp,
//! border, mirror-once) applied per axis in integers, and the array layer (rounded, clamped).
//! The small expression builders at the end keep those computations readable.

use super::function::FnBuilder;
use crate::static_sampler::AddressMode;
use hlslc_grammar::Span;
use naga::{BinaryOperator as B, Expression as E, Handle, MathFunction as MF};

type H = Handle<naga::Expression>;

/// Where a texel is read: integer coordinates already addressed, and whether the texel is
/// inside the texture (`None`: always, no border mode on any axis).
pub(crate) struct Texel {
    pub coord: H,
    pub inside: Option<H>,
}

impl FnBuilder<'_, '_> {
    /// The size of `level` as signed integers (`n` components, no layer count): level 0's
    /// size shifted right by the level, at least 1 — the mip chain's rule. (Querying the size
    /// at a level that differs between invocations is avoided: lavapipe answers with one
    /// invocation's level for all of them.)
    pub(crate) fn level_size(&mut self, image: H, level: H, n: u8, s: Span) -> H {
        let zero = self.literal_i32(0);
        let size0 = self.add(E::ImageQuery { image, query: naga::ImageQuery::Size { level: Some(zero) } }, s);
        let size0 = self.t_as(size0, naga::ScalarKind::Sint, s);
        if matches!(self.func.expressions[level], E::Literal(naga::Literal::I32(0) | naga::Literal::U32(0))) {
            return size0;
        }
        let shift = self.t_bitcast(level, naga::ScalarKind::Uint, s);
        let shift = self.t_like(shift, size0, s);
        let shifted = self.t_bin(B::ShiftRight, size0, shift, s);
        let one = self.literal_i32(1);
        let _ = n;
        self.t_math2(MF::Max, shifted, one, s)
    }

    /// Applies D3D12 address modes to integer texel coordinates `i` (`n` components) in a level
    /// of size `size`. Border texels are marked outside; their coordinate is clamped so that a
    /// load stays in bounds.
    pub(crate) fn address(&mut self, i: H, size: H, n: u8, modes: &[AddressMode; 3], s: Span) -> Texel {
        let mut comps = Vec::new();
        let mut inside: Option<H> = None;
        for k in 0..n {
            let (x, w) = if n == 1 { (i, size) } else { (self.t_index(i, k as u32, s), self.t_index(size, k as u32, s)) };
            let zero = self.literal_i32(0);
            let one = self.literal_i32(1);
            let last = self.t_bin(B::Subtract, w, one, s);
            let clamped = |b: &mut Self, v: H| b.t_math3(MF::Clamp, v, zero, last, s);
            let c = match modes[k as usize] {
                AddressMode::Clamp => clamped(self, x),
                AddressMode::Border => {
                    let ge = self.t_bin(B::GreaterEqual, x, zero, s);
                    let lt = self.t_bin(B::Less, x, w, s);
                    let ok = self.t_bin(B::LogicalAnd, ge, lt, s);
                    inside = Some(match inside {
                        Some(prev) => self.t_bin(B::LogicalAnd, prev, ok, s),
                        None => ok,
                    });
                    clamped(self, x)
                }
                AddressMode::Wrap => {
                    // Euclidean remainder: ((x % w) + w) % w.
                    let r = self.t_bin(B::Modulo, x, w, s);
                    let r = self.t_bin(B::Add, r, w, s);
                    self.t_bin(B::Modulo, r, w, s)
                }
                AddressMode::Mirror => {
                    // Period 2w: t in [0, 2w), then reflect the second half.
                    let two_w = self.t_bin(B::Add, w, w, s);
                    let r = self.t_bin(B::Modulo, x, two_w, s);
                    let r = self.t_bin(B::Add, r, two_w, s);
                    let t = self.t_bin(B::Modulo, r, two_w, s);
                    let back = self.t_bin(B::Subtract, two_w, one, s);
                    let back = self.t_bin(B::Subtract, back, t, s);
                    let first = self.t_bin(B::Less, t, w, s);
                    self.t_select(first, t, back, s)
                }
                AddressMode::MirrorOnce => {
                    // Mirror once about 0 (−1 − x for negative x), then clamp.
                    let neg = self.t_bin(B::Less, x, zero, s);
                    let minus_one = self.literal_i32(-1);
                    let m = self.t_bin(B::Subtract, minus_one, x, s);
                    let v = self.t_select(neg, m, x, s);
                    clamped(self, v)
                }
            };
            comps.push(c);
        }
        let coord = if n == 1 {
            comps[0]
        } else {
            let t = self.lw.vector_type(naga::Scalar::I32, n);
            self.add(E::Compose { ty: t, components: comps }, s)
        };
        Texel { coord, inside }
    }

    /// The array layer D3D selects for a float coordinate: rounded to nearest even, clamped to
    /// the texture's layers.
    pub(crate) fn array_layer(&mut self, image: H, layer: H, s: Span) -> H {
        let r = self.t_math1(MF::Round, layer, s);
        let r = self.t_as(r, naga::ScalarKind::Sint, s);
        let layers = self.add(E::ImageQuery { image, query: naga::ImageQuery::NumLayers }, s);
        let layers = self.t_as(layers, naga::ScalarKind::Sint, s);
        let zero = self.literal_i32(0);
        let one = self.literal_i32(1);
        let last = self.t_bin(B::Subtract, layers, one, s);
        self.t_math3(MF::Clamp, r, zero, last, s)
    }

    /// `floor(coord · size)` as integers: the texel point sampling reads.
    pub(crate) fn point_texel(&mut self, coord: H, size: H, s: Span) -> H {
        let fsize = self.t_as(size, naga::ScalarKind::Float, s);
        let scaled = self.t_bin(B::Multiply, coord, fsize, s);
        let f = self.t_math1(MF::Floor, scaled, s);
        self.t_as(f, naga::ScalarKind::Sint, s)
    }

    // -----------------------------------------------------------------------------------------
    // Expression builders

    pub(crate) fn t_bin(&mut self, op: B, left: H, right: H, s: Span) -> H {
        self.add(E::Binary { op, left, right }, s)
    }

    pub(crate) fn t_math1(&mut self, fun: MF, arg: H, s: Span) -> H {
        self.add(E::Math { fun, arg, arg1: None, arg2: None, arg3: None }, s)
    }

    pub(crate) fn t_math2(&mut self, fun: MF, arg: H, arg1: H, s: Span) -> H {
        let arg1 = self.t_like(arg1, arg, s);
        self.add(E::Math { fun, arg, arg1: Some(arg1), arg2: None, arg3: None }, s)
    }

    pub(crate) fn t_math3(&mut self, fun: MF, arg: H, arg1: H, arg2: H, s: Span) -> H {
        // Scalars meet vectors in `clamp`/`min`/`max`: splat them to the argument's shape.
        let arg1 = self.t_like(arg1, arg, s);
        let arg2 = self.t_like(arg2, arg, s);
        self.add(E::Math { fun, arg, arg1: Some(arg1), arg2: Some(arg2), arg3: None }, s)
    }

    /// Converts to a 32-bit scalar kind (component-wise).
    pub(crate) fn t_as(&mut self, expr: H, kind: naga::ScalarKind, s: Span) -> H {
        self.add(E::As { expr, kind, convert: Some(4) }, s)
    }

    pub(crate) fn t_bitcast(&mut self, expr: H, kind: naga::ScalarKind, s: Span) -> H {
        self.add(E::As { expr, kind, convert: None }, s)
    }

    pub(crate) fn t_index(&mut self, base: H, index: u32, s: Span) -> H {
        self.add(E::AccessIndex { base, index }, s)
    }

    pub(crate) fn t_f32(&mut self, v: f32) -> H {
        self.add(E::Literal(naga::Literal::F32(v)), Span::UNDEFINED)
    }

    pub(crate) fn t_select(&mut self, condition: H, accept: H, reject: H, s: Span) -> H {
        // A scalar condition selects whole vectors.
        self.add(E::Select { condition, accept, reject }, s)
    }

    /// `v` splatted to the vector size of `like` when `v` is a scalar and `like` a vector.
    pub(crate) fn t_like(&mut self, v: H, like: H, s: Span) -> H {
        let size = match self.resolve(like) {
            Some(naga::TypeInner::Vector { size, .. }) => size,
            _ => return v,
        };
        match self.resolve(v) {
            Some(naga::TypeInner::Scalar(_)) => self.add(E::Splat { size, value: v }, s),
            _ => v,
        }
    }
}

impl super::Lowerer<'_> {
    /// The static sampler a sampler argument names: a sampler global whose `s` register (and
    /// space) is a `StaticSampler` of the entry points' root signatures (the same description
    /// in each entry point that declares one).
    pub(crate) fn static_sampler_of(&self, e: &crate::tir::Expr) -> Option<crate::static_sampler::StaticSampler> {
        let crate::tir::ExprKind::Load(p) = &e.kind else { return None };
        if !p.projections.is_empty() || !matches!(p.root, crate::tir::PlaceRoot::Global(_)) {
            return None;
        }
        let g = super::root_global(p)?;
        let b = self.bindings.iter().find(|b| b.global == g && !b.hidden)?;
        let (class, index, space) = b.hlsl_register?;
        if class != crate::tir::RegisterClass::S {
            return None;
        }
        let mut found: Option<&crate::static_sampler::StaticSampler> = None;
        for ep in &self.tir.entry_points {
            if let Some(st) = ep.static_samplers.iter().find(|st| st.register == index && st.space == space) {
                match found {
                    Some(f) if f != st => return None,
                    _ => found = Some(st),
                }
            }
        }
        found.cloned()
    }
}
