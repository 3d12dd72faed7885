//! Writable multisampled textures (SM 6.7 `RWTexture2DMS<T, S>`, `RWTexture2DMSArray<T, S>`)
//! as storage buffers, when `-fhlslc-rwtexture-ms-buffer=LAYOUT` asks for it.
//!
//! WebGPU has no multisampled storage textures and naga's storage images have no sample
//! count, so without the option the declaration is an error naming the feature and the
//! target. With it, the texture is a read-write storage buffer of `T` in the structured-buffer
//! (tight) layout — `float4` takes 16 bytes, `uint` 4 — indexed by
//! [`crate::options::MsBufferLayout`]: pixel-major `((layer · H + y) · W + x) · S + s` or
//! sample-major `((s · L + layer) · H + y) · W + x`. A hidden uniform holds the dimensions,
//! `uint4(width, height, layers, samples)` (`layers` is 1 for `RWTexture2DMS`); reflection
//! reports both bindings, the layout and the sample count `S`.
//!
//! `tex[loc]` is sample 0, `tex.sample[s][loc]` and `tex.Load(loc, s)` sample `s`; reads
//! outside the texture (a coordinate, layer or sample index out of range) return 0 and writes
//! there do nothing, as D3D's out-of-bounds UAV accesses. `GetDimensions` reads the uniform;
//! `GetSamplePosition` returns D3D's standard pattern for `S`. The buffer cannot be a render
//! target: a host that draws into the multisampled image copies it in or out with a shader.

use super::function::FnBuilder;
use super::place::PlaceRef;
use super::raw::{RawAddr, RawBuffer};
use super::{GlobalRep, Lowerer};
use crate::layout::Rules;
use crate::options::MsBufferLayout;
use crate::tir::{Arg, GlobalId, Method as M, Place};
use crate::ty::{Scalar, TextureDim, TypeId};
use hlslc_grammar::Span;
use naga::{BinaryOperator as B, Expression as E, Handle};

type H = Handle<naga::Expression>;

impl Lowerer<'_> {
    /// The globals of an `RWTexture2DMS[Array]` (see the module documentation).
    pub(crate) fn ms_buffer_global(&mut self, g: GlobalId, dim: TextureDim, element: TypeId, samples: u32, arrayed_resource: bool) -> Option<GlobalRep> {
        let global = self.tir.global(g);
        let (name, span) = (super::types::sanitize(&global.name), global.span);
        if self.options.rwtexture_ms_buffer.is_none() {
            let target = match self.options.target {
                crate::options::Target::Wgsl => "WGSL",
                crate::options::Target::SpirV => "SPIR-V",
            };
            self.error("E0803", span, format!("writable multisampled textures (`RWTexture2DMS`) cannot be expressed in {target}: WebGPU and naga IR have no multisampled storage images"))
                .help("compile with `-fhlslc-rwtexture-ms-buffer=pixel-major` (or `sample-major`) to keep the texels in a storage buffer the host provides");
            return None;
        }
        if arrayed_resource {
            self.error("E0801", span, "arrays of writable multisampled textures are not supported").help("declare one texture per binding");
            return None;
        }
        if samples == 0 {
            self.error("E0403", span, "`RWTexture2DMS` needs its sample count: `RWTexture2DMS<T, S>`");
            return None;
        }
        let atomic = self.atomic_globals.contains(&g);
        let word = if atomic { self.insert_type(naga::TypeInner::Atomic(naga::Scalar::U32), None) } else { self.scalar_type(naga::Scalar::U32) };
        let words = self.array_type(word, None);
        let binding = self.binding_of(g, false);
        let var = self.module.global_variables.append(
            naga::GlobalVariable { name: Some(name.clone()), space: naga::AddressSpace::Storage { access: naga::StorageAccess::LOAD | naga::StorageAccess::STORE }, binding, ty: words, init: None, memory_decorations: Default::default() },
            super::span(span),
        );
        let params = self.parameters_global(g, &name);
        Some(GlobalRep::MsBuffer { var, params, element, samples, arrayed: dim.is_array(), atomic })
    }

    /// The hidden `var<uniform> NAME_params: vec4<u32>` of an emulated resource.
    pub(crate) fn parameters_global(&mut self, g: GlobalId, name: &str) -> Handle<naga::GlobalVariable> {
        let ty = self.vector_type(naga::Scalar::U32, 4);
        let binding = self.parameters_binding_of(g);
        self.module.global_variables.append(
            naga::GlobalVariable { name: Some(format!("{name}_params")), space: naga::AddressSpace::Uniform, binding, ty, init: None, memory_decorations: Default::default() },
            naga::Span::UNDEFINED,
        )
    }
}

impl FnBuilder<'_, '_> {
    fn ms_buffer(&self, global: GlobalId) -> Option<GlobalRep> {
        match self.lw.globals.get(&global).copied() {
            Some(rep @ GlobalRep::MsBuffer { .. }) => Some(rep),
            _ => None,
        }
    }

    /// `tex[loc]` (sample 0) or `tex.sample[s][loc]` of a buffer-backed texture.
    pub(crate) fn ms_buffer_texel(&mut self, global: GlobalId, coord: H, sample: Option<H>, s: Span) -> Option<PlaceRef> {
        let GlobalRep::MsBuffer { var, params, element, samples, arrayed, atomic } = self.ms_buffer(global)? else { return None };
        let sample = match sample {
            Some(x) => self.to_u32(x, s),
            None => self.literal_u32(0),
        };
        let coord = self.t_bitcast_u32(coord, s);
        let p = self.add(E::GlobalVariable(params), s);
        let dims = self.add(E::Load { pointer: p }, s);
        let (w, h, l) = (self.t_index(dims, 0, s), self.t_index(dims, 1, s), self.t_index(dims, 2, s));
        let x = self.t_index(coord, 0, s);
        let y = self.t_index(coord, 1, s);
        let layer = if arrayed { self.t_index(coord, 2, s) } else { self.literal_u32(0) };
        let count = self.literal_u32(samples);
        let checks = [(x, w), (y, h), (layer, l), (sample, count)];
        let mut inside = None;
        for (v, n) in checks {
            let ok = self.t_bin(B::Less, v, n, s);
            inside = Some(match inside {
                Some(prev) => self.t_bin(B::LogicalAnd, prev, ok, s),
                None => ok,
            });
        }
        let inside = inside?;
        let layout = self.lw.options.rwtexture_ms_buffer.unwrap_or(MsBufferLayout::PixelMajor);
        let mul_add = |b: &mut Self, a: H, n: H, c: H| {
            let m = b.t_bin(B::Multiply, a, n, s);
            b.t_bin(B::Add, m, c, s)
        };
        let index = match layout {
            MsBufferLayout::PixelMajor => {
                let i = mul_add(self, layer, h, y);
                let i = mul_add(self, i, w, x);
                mul_add(self, i, count, sample)
            }
            MsBufferLayout::SampleMajor => {
                let i = mul_add(self, sample, l, layer);
                let i = mul_add(self, i, h, y);
                mul_add(self, i, w, x)
            }
        };
        // Out of bounds: an in-bounds index whose access the guard discards.
        let zero = self.literal_u32(0);
        let safe = self.t_select(inside, index, zero, s);
        let stride = self.layouter().array_stride(element, Rules::Structured, None);
        let addr = self.addr_add_index(RawAddr::constant(0), safe, stride, s);
        let inner = PlaceRef::Raw { buf: RawBuffer::Storage { var, atomic, index: None }, addr, ty: element, row_major: None, rules: Rules::Structured };
        Some(PlaceRef::Guarded { inner: Box::new(inner), inside })
    }

    /// Methods of buffer-backed textures and sampler-feedback maps; `None` for other resources.
    pub(crate) fn emulated_resource_method(&mut self, obj: &PlaceRef, method: M, args: &[Arg], ty: TypeId, s: Span) -> Option<H> {
        let PlaceRef::Resource { global, .. } = *obj else { return None };
        match self.lw.globals.get(&global).copied()? {
            GlobalRep::Feedback { .. } => Some(self.feedback_method(global, method, args, s)),
            GlobalRep::MsBuffer { params, samples, arrayed, .. } => Some(match method {
                M::Load => {
                    let vals: Vec<H> = args.iter().filter_map(|a| if let Arg::Value(e) = a { Some(self.expr(e)) } else { None }).collect();
                    let place = self.ms_buffer_texel(global, vals[0], Some(vals[1]), s)?;
                    self.load(&place, s)
                }
                M::GetDimensions => {
                    let p = self.add(E::GlobalVariable(params), s);
                    let dims = self.add(E::Load { pointer: p }, s);
                    let mut values = vec![self.t_index(dims, 0, s), self.t_index(dims, 1, s)];
                    if arrayed {
                        values.push(self.t_index(dims, 2, s));
                    }
                    values.push(self.literal_u32(samples));
                    let outs: Vec<&Place> = args.iter().filter_map(|a| if let Arg::Out(p) = a { Some(p) } else { None }).collect();
                    let u = self.find_vector_type(Scalar::U32, 1);
                    for (p, v) in outs.into_iter().zip(values) {
                        let pr = self.place(p);
                        let v = self.convert(v, u, p.ty, s);
                        self.store(&pr, v, s);
                    }
                    self.dummy(s)
                }
                M::GetSamplePosition => {
                    let index = args.iter().find_map(|a| if let Arg::Value(e) = a { Some(self.expr(e)) } else { None })?;
                    let _ = ty;
                    self.standard_sample_position(samples, index, s)
                }
                _ => {
                    self.lw.error("E0803", s, "this method of a writable multisampled texture cannot be expressed when it is lowered to a buffer");
                    self.dummy(s)
                }
            }),
            _ => None,
        }
    }

    /// D3D's standard position of sample `index` of an `n`-sample pattern ((0, 0) outside it).
    fn standard_sample_position(&mut self, n: u32, index: H, s: Span) -> H {
        let table = self.lw.sample_position_table();
        let idx = self.to_u32(index, s);
        let valid = n.is_power_of_two() && n <= 16;
        let count = self.literal_u32(n);
        let base = self.literal_u32(n.saturating_sub(1).min(30));
        let at = self.t_bin(B::Add, base, idx, s);
        let thirty = self.literal_u32(30);
        let at = self.t_math2(naga::MathFunction::Min, at, thirty, s);
        let g = self.add(E::GlobalVariable(table), s);
        let p = self.add(E::Access { base: g, index: at }, s);
        let v = self.add(E::Load { pointer: p }, s);
        let in_range = self.t_bin(B::Less, idx, count, s);
        let ok = if valid { in_range } else { self.add(E::Literal(naga::Literal::Bool(false)), s) };
        let z = self.zero_like(v, s);
        self.t_select(ok, v, z, s)
    }

    fn t_bitcast_u32(&mut self, v: H, s: Span) -> H {
        match self.resolve(v) {
            Some(naga::TypeInner::Vector { scalar, .. } | naga::TypeInner::Scalar(scalar)) if scalar.kind == naga::ScalarKind::Uint => v,
            _ => self.t_bitcast(v, naga::ScalarKind::Uint, s),
        }
    }
}
