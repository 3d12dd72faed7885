//! Resource methods → naga image sampling, loads, queries and buffer operations.
//!
//! Textures map onto naga's `ImageSample`/`ImageLoad`/`ImageQuery`; HLSL's coordinates carry
//! the array layer as the last (float) component, which naga takes as a separate integer
//! (rounded to nearest, as Vulkan and D3D select layers). Byte-address and structured buffers
//! go through the D3D-layout word access of [`super::raw`]; append/consume buffers and
//! `IncrementCounter`/`DecrementCounter` use a hidden counter buffer (one atomic `u32`).

use super::function::FnBuilder;
use super::place::PlaceRef;
use super::raw::{RawAddr, RawBuffer};
use super::GlobalRep;
use crate::layout::{BufferKind, Rules};
use crate::tir::{Arg, Method as M, Place};
use crate::ty::{Resource, Scalar, TextureDim, TypeId, TypeInner};
use hlslc_grammar::Span;
use naga::Handle;

impl FnBuilder<'_, '_> {
    pub(crate) fn method(&mut self, object: &Place, method: M, args: &[Arg], ty: TypeId, s: Span) -> Handle<naga::Expression> {
        if let M::RayQuery(op) = method {
            return self.ray_query(object, op, args, s);
        }
        if let M::Node(m) = method {
            return self.node_method(object, m, args, ty, s);
        }
        if matches!(method, M::StreamAppend | M::StreamRestartStrip) {
            return self.stream_method(object, method, args, s);
        }
        let result = self.method_inner(object, method, args, ty, s);
        // A `status` output of a sampling or load method: always "fully mapped" (no tiled
        // resources in WebGPU).
        if !matches!(method, M::GetDimensions) && !super::method_is_atomic(method) {
            for a in args {
                if let Arg::Out(p) = a {
                    let pr = self.place(p);
                    let one = self.literal_u32(1);
                    let u = self.find_vector_type(Scalar::U32, 1);
                    let v = self.convert(one, u, p.ty, s);
                    self.store(&pr, v, s);
                }
            }
        }
        result
    }

    fn method_inner(&mut self, object: &Place, method: M, args: &[Arg], ty: TypeId, s: Span) -> Handle<naga::Expression> {
        if matches!(method, M::SampleCmp | M::SampleCmpLevelZero | M::SampleCmpLevel | M::SampleCmpBias | M::SampleCmpGrad | M::GatherCmp(_)) {
            // An array of textures also read as colour compares through its depth twin.
            self.compare_twin = super::root_global(object).filter(|g| self.lw.depth_twins.contains_key(g));
        }
        let obj = self.place(object);
        self.compare_twin = None;
        // Resources emulated in buffers (`msaa_buffer`, `feedback`).
        if let Some(v) = self.emulated_resource_method(&obj, method, args, ty, s) {
            return v;
        }
        let res_ty = obj.ty();
        match *self.lw.tys.get(res_ty) {
            TypeInner::Resource(Resource::Texture { dim, element, .. }) => self.texture_method(&obj, dim, element, method, args, ty, s),
            TypeInner::Resource(Resource::SubpassInput { element, multisampled }) => self.subpass_load(&obj, element, multisampled, args, s),
            TypeInner::Resource(Resource::ByteAddressBuffer { .. }) => self.byte_address_method(&obj, method, args, ty, s),
            TypeInner::Resource(Resource::StructuredBuffer { element, .. }) => match self.words(&obj) {
                Some(_) => self.structured_method(&obj, element, method, args, ty, s),
                // Natural-layout elements (`array<T>`): the typed-buffer path.
                None => self.typed_buffer_method(&obj, element, method, args, ty, s),
            },
            TypeInner::Resource(Resource::TypedBuffer { element, .. }) => match self.words(&obj) {
                // Typed buffers kept as tight-layout words behave like structured buffers.
                Some(_) => self.structured_method(&obj, element, method, args, ty, s),
                None => self.typed_buffer_method(&obj, element, method, args, ty, s),
            },
            _ => {
                self.lw.error("E0801", s, "this resource method is not supported yet");
                self.dummy(s)
            }
        }
    }

    fn value_args(&mut self, args: &[Arg]) -> Vec<Handle<naga::Expression>> {
        args.iter()
            .filter_map(|a| match a {
                Arg::Value(e) => Some(self.expr(e)),
                _ => None,
            })
            .collect()
    }

    /// A texture method; a minimum-LOD `clamp` argument becomes [`FnBuilder::min_lod`] while
    /// the method's samples are built.
    #[allow(clippy::too_many_arguments)]
    fn texture_method(&mut self, obj: &PlaceRef, dim: TextureDim, element: TypeId, method: M, args: &[Arg], ty: TypeId, s: Span) -> Handle<naga::Expression> {
        let Some(at) = clamp_index(method, dim) else { return self.texture_method_inner(obj, dim, element, method, args, ty, s) };
        let mut values = 0;
        let Some(k) = args.iter().position(|a| matches!(a, Arg::Value(_)) && {
            values += 1;
            values == at + 1
        }) else {
            return self.texture_method_inner(obj, dim, element, method, args, ty, s);
        };
        let mut rest = args.to_vec();
        let Arg::Value(clamp) = rest.remove(k) else { return self.dummy(s) };
        let clamp = self.expr(&clamp);
        let outer = self.min_lod.replace(clamp);
        let v = self.texture_method_inner(obj, dim, element, method, &rest, ty, s);
        self.min_lod = outer;
        v
    }

    #[allow(clippy::too_many_arguments)]
    fn texture_method_inner(&mut self, obj: &PlaceRef, dim: TextureDim, element: TypeId, method: M, args: &[Arg], ty: TypeId, s: Span) -> Handle<naga::Expression> {
        let PlaceRef::Handle { expr: image, .. } = *obj else { return self.dummy(s) };
        if method == M::GetDimensions {
            return self.texture_dimensions(image, dim, args, s);
        }
        // SM 6.7 operations and offsets naga cannot express directly (`texture_sampling`).
        if let Some(v) = self.texture_polyfill(image, dim, element, method, args, ty, s) {
            return v;
        }
        let arg_exprs: Vec<&crate::tir::Expr> = args.iter().filter_map(|a| if let Arg::Value(e) = a { Some(e) } else { None }).collect();
        let vals = self.value_args(args);
        let coord_n = dim.coordinate_size() + u8::from(dim.is_array());
        match method {
            M::Load => {
                // Integer coordinate (+ mip level for non-RW, non-MS textures), optional offset.
                let storage = matches!(*self.lw.tys.get(self.place_resource_ty(obj)), TypeInner::Resource(Resource::Texture { access: crate::ty::Access::ReadWrite, .. }));
                let ms = dim.is_multisampled();
                let coord_full = vals[0];
                let (coord_all, level) = if storage || ms {
                    (coord_full, None)
                } else {
                    // The last component is the mip level.
                    let lvl = self.add(naga::Expression::AccessIndex { base: coord_full, index: coord_n as u32 }, s);
                    let c = if coord_n == 1 {
                        self.add(naga::Expression::AccessIndex { base: coord_full, index: 0 }, s)
                    } else {
                        self.add(naga::Expression::Swizzle { size: super::types::vector_size(coord_n), vector: coord_full, pattern: super::raw::SWIZZLE_XYZW }, s)
                    };
                    (c, Some(lvl))
                };
                let sample = if ms { Some(vals[1]) } else { None };
                let offset_at = if ms { 2 } else { 1 };
                let (mut coord, array_index) = self.split_array_coord(coord_all, coord_n, dim.is_array(), s);
                if let Some(&off) = vals.get(offset_at) {
                    coord = self.add(naga::Expression::Binary { op: naga::BinaryOperator::Add, left: coord, right: off }, s);
                }
                let v = self.add(naga::Expression::ImageLoad { image, coordinate: coord, array_index, sample, level }, s);
                self.texel_to_element(v, element, s)
            }
            // (With compute-shader derivatives a biased sample is an explicit-LOD stand-in,
            // which naga allows on 1D textures; see `super::derivatives`.)
            // SPIR-V has the operands naga lacks (`super::sample_operands`).
            M::SampleBias | M::SampleCmpBias | M::SampleCmpGrad if self.lw.options.target == crate::options::Target::SpirV && (method != M::SampleBias || matches!(dim, TextureDim::D1 | TextureDim::D1Array)) && !(method == M::SampleBias && (self.lw.compute_derivatives || self.is_depth_image(image))) => {
                use super::sample_operands::Operand;
                let (depth_ref, operand, rest) = match method {
                    M::SampleBias => (None, Operand::Bias(vals[2]), 3),
                    M::SampleCmpBias => (Some(vals[2]), Operand::Bias(vals[3]), 4),
                    _ => (Some(vals[2]), Operand::Grad(vals[3], vals[4]), 5),
                };
                let offset = arg_exprs.get(rest).and_then(|e| self.const_offset(e, s));
                let v = self.sample_with_operand(image, vals[0], dim, vals[1], depth_ref, offset, operand, s);
                if depth_ref.is_some() {
                    return v;
                }
                self.texel_to_element(v, element, s)
            }
            M::SampleBias if matches!(dim, TextureDim::D1 | TextureDim::D1Array) && !self.lw.compute_derivatives => {
                let t = self.lw.tir.type_name(self.place_resource_ty(obj));
                self.lw.error("E0803", s, format!("`SampleBias` on a 1D texture (`{t}`) cannot be expressed in WGSL or naga IR"))
                    .help("use `SampleLevel` with the level you want, or a 2D texture of height 1");
                self.dummy(s)
            }
            M::SampleBias | M::SampleGrad | M::SampleLevel if self.is_depth_image(image) && !(method == M::SampleLevel && self.integral_f32_literal(vals[2]).is_some()) => {
                let name = format!("{method:?}");
                self.lw.error("E0803", s, format!("`{name}` on a texture that is also sampled with a comparison cannot be expressed in WGSL or naga IR"))
                    .note("a texture `SampleCmp*` or `GatherCmp` reads is a depth texture there, which has no biased or gradient sampling and only whole-number levels")
                    .help("declare a second texture on the same resource for the comparisons, or use a constant whole-number level");
                self.dummy(s)
            }
            M::Sample | M::SampleBias | M::SampleLevel | M::SampleGrad | M::SampleCmp | M::SampleCmpLevelZero | M::SampleCmpLevel | M::Gather(_) | M::GatherCmp(_) => {
                let sampler = vals[0];
                // A depth texture's explicit level is an integer (a whole-number constant here).
                let mut vals = vals;
                if method == M::SampleLevel && self.is_depth_image(image) {
                    if let Some(n) = self.integral_f32_literal(vals[2]) {
                        vals[2] = self.add(naga::Expression::Literal(naga::Literal::I32(n)), s);
                    }
                }
                let (coordinate, array_index) = self.sample_coordinate(vals[1], coord_n, dim, s);
                let (level, depth_ref, rest) = match method {
                    M::Sample => (naga::SampleLevel::Auto, None, 2),
                    M::SampleBias => (naga::SampleLevel::Bias(vals[2]), None, 3),
                    M::SampleLevel => (naga::SampleLevel::Exact(vals[2]), None, 3),
                    M::SampleGrad => (naga::SampleLevel::Gradient { x: vals[2], y: vals[3] }, None, 4),
                    M::SampleCmp => (naga::SampleLevel::Auto, Some(vals[2]), 3),
                    M::SampleCmpLevelZero => (naga::SampleLevel::Zero, Some(vals[2]), 3),
                    M::SampleCmpLevel => {
                        let zero = matches!(self.func.expressions[vals[3]], naga::Expression::Literal(naga::Literal::F32(z)) if z == 0.0);
                        if !zero {
                            self.lw.error("E0803", s, "`SampleCmpLevel` with a level other than 0 cannot be expressed in WGSL or naga IR")
                                .help("use `SampleCmpLevelZero`, or compare `Load`ed depth values yourself");
                        }
                        (naga::SampleLevel::Zero, Some(vals[2]), 4)
                    }
                    M::Gather(_) => (naga::SampleLevel::Zero, None, 2),
                    _ => (naga::SampleLevel::Zero, Some(vals[2]), 3),
                };
                let gather = match method {
                    M::Gather(c) | M::GatherCmp(c) => Some(super::raw::SWIZZLE_XYZW[c as usize]),
                    _ => None,
                };
                let offset = arg_exprs.get(rest).map(|e| self.const_offset(e, s));
                if arg_exprs.len() > rest + 1 && matches!(method, M::Gather(_) | M::GatherCmp(_)) {
                    // Four offsets: one gather per texel, each keeping its own component (DXC
                    // emits four `OpImageGather`s when the offsets are not one constant array).
                    let mut parts = Vec::new();
                    for k in 0..4usize {
                        let off = arg_exprs.get(rest + k).and_then(|e| self.const_offset(e, s));
                        let g = self.add(naga::Expression::ImageSample { image, sampler, gather, coordinate, array_index, offset: off, level, depth_ref, clamp_to_edge: false }, s);
                        parts.push(self.add(naga::Expression::AccessIndex { base: g, index: k as u32 }, s));
                    }
                    return self.gathered_parts(parts, ty, s);
                }
                let v = self.add(naga::Expression::ImageSample { image, sampler, gather, coordinate, array_index, offset: offset.flatten(), level, depth_ref, clamp_to_edge: false }, s);
                if depth_ref.is_some() && gather.is_none() {
                    return v;
                }
                if gather.is_some() {
                    return self.gathered_as(v, ty, s);
                }
                let ty_out = if depth_ref.is_some() { ty } else { element };
                self.texel_to_element(v, ty_out, s)
            }
            M::GetSamplePosition => self.sample_position(image, vals[0], s),
            M::CalculateLevelOfDetail | M::CalculateLevelOfDetailUnclamped => self.level_of_detail(image, dim, vals[0], vals[1], method == M::CalculateLevelOfDetail, s),
            _ => {
                let name = format!("{method:?}");
                self.lw.error("E0803", s, format!("the texture method `{name}` cannot be expressed in WGSL or naga IR"));
                self.dummy(s)
            }
        }
    }

    /// `SubpassLoad([sample])`: a load at texel (0, 0) (level 0, or the sample), which
    /// `passes::input_attachment` turns into `OpImageRead` of the `SubpassData` image — the
    /// texel at the pixel's own position, as Vulkan reads input attachments.
    fn subpass_load(&mut self, obj: &PlaceRef, element: TypeId, multisampled: bool, args: &[Arg], s: Span) -> Handle<naga::Expression> {
        let PlaceRef::Handle { expr: image, .. } = *obj else { return self.dummy(s) };
        let vals = self.value_args(args);
        let zero = self.add(naga::Expression::Literal(naga::Literal::I32(0)), s);
        let i2 = self.find_vector_type(Scalar::I32, 2);
        let i2 = self.lw.ty(i2);
        let coordinate = self.add(naga::Expression::Compose { ty: i2, components: vec![zero, zero] }, s);
        let (level, sample) = if multisampled { (None, vals.first().copied()) } else { (Some(zero), None) };
        let v = self.add(naga::Expression::ImageLoad { image, coordinate, array_index: None, sample, level }, s);
        self.texel_to_element(v, element, s)
    }

    /// `GetSamplePosition(s)` of a `Texture2DMS`: D3D's standard sample pattern for the
    /// texture's sample count (1, 2, 4, 8 or 16), in pixels from the pixel centre; (0, 0) for
    /// other counts and out-of-range indices, as D3D returns.
    fn sample_position(&mut self, image: Handle<naga::Expression>, index: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        let table = self.lw.sample_position_table();
        let count = self.add(naga::Expression::ImageQuery { image, query: naga::ImageQuery::NumSamples }, s);
        let idx = self.to_u32(index, s);
        // The table holds the 1-, 2-, 4-, 8- and 16-sample patterns back to back: the pattern
        // of `n` samples starts at entry `n - 1`.
        let one = self.literal_u32(1);
        let base = self.add(naga::Expression::Binary { op: naga::BinaryOperator::Subtract, left: count, right: one }, s);
        let at = self.add(naga::Expression::Binary { op: naga::BinaryOperator::Add, left: base, right: idx }, s);
        let in_range = self.add(naga::Expression::Binary { op: naga::BinaryOperator::Less, left: idx, right: count }, s);
        // A power of two no larger than 16.
        let sixteen = self.literal_u32(16);
        let small = self.add(naga::Expression::Binary { op: naga::BinaryOperator::LessEqual, left: count, right: sixteen }, s);
        let pow2 = self.add(naga::Expression::Binary { op: naga::BinaryOperator::And, left: count, right: base }, s);
        let zero = self.literal_u32(0);
        let is_pow2 = self.add(naga::Expression::Binary { op: naga::BinaryOperator::Equal, left: pow2, right: zero }, s);
        let ok1 = self.add(naga::Expression::Binary { op: naga::BinaryOperator::LogicalAnd, left: in_range, right: small }, s);
        let ok = self.add(naga::Expression::Binary { op: naga::BinaryOperator::LogicalAnd, left: ok1, right: is_pow2 }, s);
        let thirty = self.literal_u32(30);
        let clamped = self.add(naga::Expression::Math { fun: naga::MathFunction::Min, arg: at, arg1: Some(thirty), arg2: None, arg3: None }, s);
        let g = self.add(naga::Expression::GlobalVariable(table), s);
        let p = self.add(naga::Expression::Access { base: g, index: clamped }, s);
        let v = self.add(naga::Expression::Load { pointer: p }, s);
        let z = self.zero_like(v, s);
        self.add(naga::Expression::Select { condition: ok, accept: v, reject: z }, s)
    }

    /// `CalculateLevelOfDetail[Unclamped](s, uv)`: SPIR-V's LOD query; naga and WGSL have
    /// none, so for WGSL this is
    /// the isotropic approximation `log2(max(|ddx(uv·size)|, |ddy(uv·size)|))` (clamped to the
    /// texture's mip range for the clamped form); it ignores the sampler's bias, LOD clamps and
    /// anisotropy, which a warning says.
    fn level_of_detail(&mut self, image: Handle<naga::Expression>, dim: TextureDim, sampler: Handle<naga::Expression>, uv: Handle<naga::Expression>, clamped: bool, s: Span) -> Handle<naga::Expression> {
        if self.lw.options.target == crate::options::Target::SpirV {
            return self.query_lod(image, sampler, uv, clamped, s);
        }
        if matches!(dim, TextureDim::Cube | TextureDim::CubeArray) {
            self.lw.error("E0803", s, "`CalculateLevelOfDetail` on cube textures cannot be expressed in WGSL or naga IR (no LOD query)")
                .help("compute the level from the derivatives of the face coordinates yourself");
            return self.dummy(s);
        }
        self.lw.warning("W0803", "approximate-lod", s, "`CalculateLevelOfDetail` is approximated: WGSL and naga have no LOD query, the sampler's bias, LOD clamps and anisotropy are ignored");
        // The location has no array layer (sema's signature).
        let n = dim.coordinate_size();
        let coord = uv;
        let zero = self.literal_u32(0);
        let size_u = self.add(naga::Expression::ImageQuery { image, query: naga::ImageQuery::Size { level: Some(zero) } }, s);
        let size = self.add(naga::Expression::As { expr: size_u, kind: naga::ScalarKind::Float, convert: Some(4) }, s);
        let scaled = self.add(naga::Expression::Binary { op: naga::BinaryOperator::Multiply, left: coord, right: size }, s);
        let dx = self.add(naga::Expression::Derivative { axis: naga::DerivativeAxis::X, ctrl: naga::DerivativeControl::None, expr: scaled }, s);
        let dy = self.add(naga::Expression::Derivative { axis: naga::DerivativeAxis::Y, ctrl: naga::DerivativeControl::None, expr: scaled }, s);
        let (lx, ly) = if n == 1 {
            (self.add(naga::Expression::Math { fun: naga::MathFunction::Abs, arg: dx, arg1: None, arg2: None, arg3: None }, s), self.add(naga::Expression::Math { fun: naga::MathFunction::Abs, arg: dy, arg1: None, arg2: None, arg3: None }, s))
        } else {
            (self.add(naga::Expression::Math { fun: naga::MathFunction::Length, arg: dx, arg1: None, arg2: None, arg3: None }, s), self.add(naga::Expression::Math { fun: naga::MathFunction::Length, arg: dy, arg1: None, arg2: None, arg3: None }, s))
        };
        let m = self.add(naga::Expression::Math { fun: naga::MathFunction::Max, arg: lx, arg1: Some(ly), arg2: None, arg3: None }, s);
        let lod = self.add(naga::Expression::Math { fun: naga::MathFunction::Log2, arg: m, arg1: None, arg2: None, arg3: None }, s);
        if !clamped {
            return lod;
        }
        let levels = self.add(naga::Expression::ImageQuery { image, query: naga::ImageQuery::NumLevels }, s);
        let one = self.literal_u32(1);
        let last = self.add(naga::Expression::Binary { op: naga::BinaryOperator::Subtract, left: levels, right: one }, s);
        let last_f = self.add(naga::Expression::As { expr: last, kind: naga::ScalarKind::Float, convert: Some(4) }, s);
        let zf = self.add(naga::Expression::Literal(naga::Literal::F32(0.0)), s);
        self.add(naga::Expression::Math { fun: naga::MathFunction::Clamp, arg: lod, arg1: Some(zf), arg2: Some(last_f), arg3: None }, s)
    }

    /// Whether a naga image expression has a depth class (a texture that is compared).
    fn is_depth_image(&mut self, image: Handle<naga::Expression>) -> bool {
        matches!(self.resolve(image), Some(naga::TypeInner::Image { class: naga::ImageClass::Depth { .. }, .. }))
    }

    /// The value of an `f32` literal that is a whole number (in `i32` range).
    fn integral_f32_literal(&self, e: Handle<naga::Expression>) -> Option<i32> {
        match self.func.expressions[e] {
            naga::Expression::Literal(naga::Literal::F32(v)) if v.fract() == 0.0 && v.abs() < 2.0e9 => Some(v as i32),
            _ => None,
        }
    }

    fn place_resource_ty(&self, obj: &PlaceRef) -> TypeId {
        obj.ty()
    }

    /// A constant texel offset as a naga const-expression (sign-extended from its low 4
    /// bits, the range D3D honours); a non-constant offset is reported.
    fn const_offset(&mut self, e: &crate::tir::Expr, s: Span) -> Option<Handle<naga::Expression>> {
        let crate::tir::ExprKind::Const(c) = &e.kind else {
            self.lw.error("E0803", e.span, "a non-constant texel offset cannot be expressed in WGSL or naga IR")
                .help("use a constant offset, or add the offset to the coordinate yourself");
            return None;
        };
        let comps = crate::sema::components_of(c);
        let lits: Vec<i32> = comps
            .iter()
            .map(|x| {
                let v = match x {
                    crate::tir::ConstValue::Int(i) => *i,
                    crate::tir::ConstValue::Uint(u) => *u as i64,
                    _ => 0,
                };
                ((v as i32) << 28) >> 28
            })
            .collect();
        let parts: Vec<_> = lits.iter().map(|&v| self.literal_i32(v)).collect();
        if parts.len() == 1 {
            return Some(parts[0]);
        }
        let t = self.lw.vector_type(naga::Scalar::I32, parts.len() as u8);
        Some(self.add(naga::Expression::Compose { ty: t, components: parts }, s))
    }

    /// Splits a float sample coordinate into the coordinate and the rounded array layer.
    pub(super) fn sample_coordinate(&mut self, uv: Handle<naga::Expression>, n: u8, dim: TextureDim, s: Span) -> (Handle<naga::Expression>, Option<Handle<naga::Expression>>) {
        let (c, layer) = self.split_array_coord(uv, n, dim.is_array(), s);
        let layer = layer.map(|l| {
            let r = self.add(naga::Expression::Math { fun: naga::MathFunction::Round, arg: l, arg1: None, arg2: None, arg3: None }, s);
            self.add(naga::Expression::As { expr: r, kind: naga::ScalarKind::Sint, convert: Some(4) }, s)
        });
        (c, layer)
    }

    /// `GetDimensions([mip,] out w[, out h][, out d|elements][, out levels|samples])`.
    fn texture_dimensions(&mut self, image: Handle<naga::Expression>, dim: TextureDim, args: &[Arg], s: Span) -> Handle<naga::Expression> {
        let mut it = args.iter().peekable();
        let mip = match it.peek() {
            Some(Arg::Value(e)) => {
                let v = self.expr(e);
                it.next();
                Some(v)
            }
            _ => None,
        };
        let outs: Vec<&Place> = it.filter_map(|a| if let Arg::Out(p) = a { Some(p) } else { None }).collect();
        let storage = matches!(self.resolve(image), Some(naga::TypeInner::Image { class: naga::ImageClass::Storage { .. }, .. }));
        let level = if dim.is_multisampled() || storage { None } else { Some(mip.unwrap_or_else(|| self.literal_u32(0))) };
        let size = self.add(naga::Expression::ImageQuery { image, query: naga::ImageQuery::Size { level } }, s);
        let mipped = !dim.is_multisampled() && !storage;
        let size_n = match dim {
            TextureDim::D1 | TextureDim::D1Array => 1,
            TextureDim::D3 => 3,
            _ => 2,
        };
        let mut values = Vec::new();
        for i in 0..size_n {
            values.push(if size_n == 1 { size } else { self.add(naga::Expression::AccessIndex { base: size, index: i }, s) });
        }
        if dim.is_array() {
            values.push(self.add(naga::Expression::ImageQuery { image, query: naga::ImageQuery::NumLayers }, s));
        }
        if dim.is_multisampled() {
            values.push(self.add(naga::Expression::ImageQuery { image, query: naga::ImageQuery::NumSamples }, s));
        } else if mipped && outs.len() > values.len() {
            values.push(self.add(naga::Expression::ImageQuery { image, query: naga::ImageQuery::NumLevels }, s));
        }
        let u = self.find_vector_type(Scalar::U32, 1);
        for (p, v) in outs.iter().zip(values) {
            let pr = self.place(p);
            let v = self.convert(v, u, p.ty, s);
            self.store(&pr, v, s);
        }
        self.dummy(s)
    }

    fn words(&self, obj: &PlaceRef) -> Option<(RawBuffer, Option<Handle<naga::GlobalVariable>>)> {
        let PlaceRef::Resource { global, index, .. } = obj else { return None };
        match self.lw.globals.get(global)? {
            GlobalRep::Words { var, atomic, counter, .. } => Some((RawBuffer::Storage { var: *var, atomic: *atomic, index: *index }, *counter)),
            _ => None,
        }
    }

    fn byte_address_method(&mut self, obj: &PlaceRef, method: M, args: &[Arg], ty: TypeId, s: Span) -> Handle<naga::Expression> {
        let Some((buf, _)) = self.words(obj) else { return self.dummy(s) };
        match method {
            M::LoadRaw => {
                let vals = self.value_args(args);
                let addr = RawAddr::bytes(vals[0]);
                let row_major = self.lw.options.legacy_buffer_matrix_order.then_some(true);
                let rules = crate::layout::buffer_rules(self.lw.options, BufferKind::Storage);
                self.raw_load(buf, addr, ty, row_major, rules, s)
            }
            M::StoreRaw => {
                let Some(Arg::Value(v)) = args.get(1) else { return self.dummy(s) };
                let vals = self.value_args(args);
                let addr = RawAddr::bytes(vals[0]);
                let row_major = self.lw.options.legacy_buffer_matrix_order.then_some(true);
                let rules = crate::layout::buffer_rules(self.lw.options, BufferKind::Storage);
                self.raw_store(buf, addr, v.ty, vals[1], row_major, rules, s);
                self.dummy(s)
            }
            M::GetDimensions => {
                let RawBuffer::Storage { var, index, .. } = buf else { return self.dummy(s) };
                self.warn_run_time_length(index, s);
                let g = self.buffer_pointer(var, index, s);
                let len = self.add(naga::Expression::ArrayLength(g), s);
                let four = self.literal_u32(4);
                let bytes = self.add(naga::Expression::Binary { op: naga::BinaryOperator::Multiply, left: len, right: four }, s);
                if let Some(Arg::Out(p)) = args.first() {
                    let pr = self.place(p);
                    let u = self.find_vector_type(Scalar::U32, 1);
                    let v = self.convert(bytes, u, p.ty, s);
                    self.store(&pr, v, s);
                }
                self.dummy(s)
            }
            m if super::method_is_atomic(m) => {
                let vals = self.value_args(args);
                let addr = RawAddr::bytes(vals[0]);
                let u = self.find_vector_type(Scalar::U32, 1);
                let place = PlaceRef::Raw { buf, addr, ty: u, row_major: None, rules: Rules::Structured };
                let op = interlocked_of(m);
                let original = args.iter().find_map(|a| if let Arg::Out(p) = a { Some(p) } else { None });
                let value_scalar = match args.get(1) {
                    Some(Arg::Value(v)) => self.lw.scalar_of(v.ty),
                    _ => Scalar::U32,
                };
                let r = self.atomic_op(op, &place, value_scalar, &vals[1..], original.is_some(), s);
                if let (Some(p), Some(r)) = (original, r) {
                    let pr = self.place(p);
                    let r = self.convert_scalar_bits(r, value_scalar, self.lw.scalar_of(p.ty), s);
                    self.store(&pr, r, s);
                }
                self.dummy(s)
            }
            _ => self.dummy(s),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn structured_method(&mut self, obj: &PlaceRef, element: TypeId, method: M, args: &[Arg], ty: TypeId, s: Span) -> Handle<naga::Expression> {
        let Some((buf, counter)) = self.words(obj) else { return self.dummy(s) };
        let row_major = self.structured_row_major(obj.ty());
        let rules = self.element_rules(obj.ty());
        let stride = self.layouter().array_stride(element, rules, row_major);
        match method {
            M::LoadElement => {
                let vals = self.value_args(args);
                let addr = self.addr_add_index(RawAddr::constant(0), vals[0], stride, s);
                self.raw_load(buf, addr, element, row_major, rules, s)
            }
            M::GetDimensions => {
                let RawBuffer::Storage { var, index, .. } = buf else { return self.dummy(s) };
                self.warn_run_time_length(index, s);
                let g = self.buffer_pointer(var, index, s);
                let len = self.add(naga::Expression::ArrayLength(g), s);
                let four = self.literal_u32(4);
                let bytes = self.add(naga::Expression::Binary { op: naga::BinaryOperator::Multiply, left: len, right: four }, s);
                let st = self.literal_u32(stride.max(1));
                let count = self.add(naga::Expression::Binary { op: naga::BinaryOperator::Divide, left: bytes, right: st }, s);
                let u = self.find_vector_type(Scalar::U32, 1);
                let outs: Vec<&Place> = args.iter().filter_map(|a| if let Arg::Out(p) = a { Some(p) } else { None }).collect();
                for (p, v) in outs.into_iter().zip([count, st]) {
                    let pr = self.place(p);
                    let v = self.convert(v, u, p.ty, s);
                    self.store(&pr, v, s);
                }
                self.dummy(s)
            }
            M::IncrementCounter | M::DecrementCounter | M::Append | M::Consume => {
                let Some(counter) = counter else { return self.dummy(s) };
                let index = match buf {
                    RawBuffer::Storage { index, .. } => index,
                    RawBuffer::Uniform(_) | RawBuffer::Device { .. } => None,
                };
                let g = self.buffer_pointer(counter, index, s);
                let ptr = self.add(naga::Expression::AccessIndex { base: g, index: 0 }, s);
                let u = self.lw.scalar_type(naga::Scalar::U32);
                let one = self.literal_u32(1);
                let fun = if matches!(method, M::IncrementCounter | M::Append) { naga::AtomicFunction::Add } else { naga::AtomicFunction::Subtract };
                let old = self.add(naga::Expression::AtomicResult { ty: u, comparison: false }, s);
                self.push(naga::Statement::Atomic { pointer: ptr, fun, value: one, result: Some(old) }, s);
                match method {
                    M::IncrementCounter => old,
                    M::DecrementCounter => self.add(naga::Expression::Binary { op: naga::BinaryOperator::Subtract, left: old, right: one }, s),
                    M::Append => {
                        let vals = self.value_args(args);
                        let addr = self.addr_add_index(RawAddr::constant(0), old, stride, s);
                        self.raw_store(buf, addr, element, vals[0], row_major, rules, s);
                        self.dummy(s)
                    }
                    _ => {
                        let idx = self.add(naga::Expression::Binary { op: naga::BinaryOperator::Subtract, left: old, right: one }, s);
                        let addr = self.addr_add_index(RawAddr::constant(0), idx, stride, s);
                        let _ = ty;
                        self.raw_load(buf, addr, element, row_major, rules, s)
                    }
                }
            }
            _ => self.dummy(s),
        }
    }

    fn typed_buffer_method(&mut self, obj: &PlaceRef, element: TypeId, method: M, args: &[Arg], _ty: TypeId, s: Span) -> Handle<naga::Expression> {
        let PlaceRef::Resource { global, index, .. } = obj else { return self.dummy(s) };
        let Some(GlobalRep::TypedBuffer { var, .. }) = self.lw.globals.get(global).copied() else { return self.dummy(s) };
        let g = self.buffer_pointer(var, *index, s);
        if method == M::GetDimensions {
            self.warn_run_time_length(*index, s);
        }
        match method {
            M::LoadElement => {
                let vals = self.value_args(args);
                let p = self.add(naga::Expression::Access { base: g, index: vals[0] }, s);
                if self.lw.atomic_globals.contains(global) {
                    // Elements typed atomic: loaded leaf by leaf.
                    return self.load(&PlaceRef::AtomicPointer { ptr: p, ty: element }, s);
                }
                self.add(naga::Expression::Load { pointer: p }, s)
            }
            M::GetDimensions => {
                // (count) for typed buffers, (count, stride) for structured buffers.
                let len = self.add(naga::Expression::ArrayLength(g), s);
                let stride = self.layouter().array_stride(element, Rules::Structured, None);
                let st = self.literal_u32(stride);
                let u = self.find_vector_type(Scalar::U32, 1);
                let outs: Vec<&Place> = args.iter().filter_map(|a| if let Arg::Out(p) = a { Some(p) } else { None }).collect();
                for (p, v) in outs.into_iter().zip([len, st]) {
                    let pr = self.place(p);
                    let v = self.convert(v, u, p.ty, s);
                    self.store(&pr, v, s);
                }
                self.dummy(s)
            }
            _ => self.dummy(s),
        }
    }

    /// `GetDimensions` of a buffer chosen from an array by a run-time index, in WGSL: naga's
    /// SPIR-V back end (wgpu on Vulkan) reaches the buffer for `arrayLength` without the
    /// `NonUniform` decoration, so a driver may answer with another invocation's buffer.
    /// hlslc's own SPIR-V adds it (`passes::array_length_non_uniform`).
    fn warn_run_time_length(&mut self, index: Option<Handle<naga::Expression>>, s: Span) {
        let Some(index) = index else { return };
        if self.const_index(index).is_some() || self.lw.options.target != crate::options::Target::Wgsl {
            return;
        }
        self.lw
            .warning("W0810", "non-uniform-buffer-length", s, "the length of a buffer chosen by a run-time index may be read from another thread's buffer when wgpu translates this WGSL for Vulkan")
            .help("naga omits the `NonUniform` decoration on `arrayLength`; keep the index uniform, pass the lengths in a buffer, or target SPIR-V (hlslc adds the decoration)");
    }
}

/// The intrinsic matching a buffer atomic method.
fn interlocked_of(m: M) -> crate::tir::Intrinsic {
    use crate::tir::Intrinsic as I;
    match m {
        M::InterlockedAdd => I::InterlockedAdd,
        M::InterlockedAnd => I::InterlockedAnd,
        M::InterlockedOr => I::InterlockedOr,
        M::InterlockedXor => I::InterlockedXor,
        M::InterlockedMin => I::InterlockedMin,
        M::InterlockedMax => I::InterlockedMax,
        M::InterlockedExchange => I::InterlockedExchange,
        M::InterlockedCompareExchange => I::InterlockedCompareExchange,
        _ => I::InterlockedCompareStore,
    }
}

/// Where a sampling method's minimum-LOD `clamp` is among its value arguments, when given: after
/// the sampler, the coordinates, the method's own operands and the offset (which cube textures
/// lack).
fn clamp_index(method: M, dim: TextureDim) -> Option<usize> {
    let operands = match method {
        M::Sample => 2,
        M::SampleBias | M::SampleCmp => 3,
        M::SampleGrad | M::SampleCmpBias => 4,
        M::SampleCmpGrad => 5,
        _ => return None,
    };
    Some(operands + usize::from(!matches!(dim, TextureDim::Cube | TextureDim::CubeArray)))
}
