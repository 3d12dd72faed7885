//! Methods of resource objects: textures, buffers, samplers.
//!
//! Each method checks its argument count against the resource's dimensionality, converts the
//! coordinates (`float2` for `Texture2D.Sample`, `int3` for `Texture2D.Load` …) and computes the
//! result type from the resource's element type. The typed IR keeps the resource as a place
//! and the method as a [`Method`]; lowering decides how each maps to the target.

use super::expr::{Operand, Value};
use super::Analyzer;
use crate::tir::{Arg, Expr, ExprKind, Method as M, Place};
use crate::ty::{Access, Resource, Scalar, ScalarKind, StructuredKind, TextureDim, TypeId, TypeInner};
use hlslc_grammar::ast;
use hlslc_grammar::Span;

impl Analyzer<'_> {
    pub(crate) fn resource_method(&mut self, obj: Operand, member: &ast::Ident, template_args: Option<&[ast::TemplateArg]>, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let name = member.name.as_str();
        let Value::Place(object) = obj.value else {
            self.error("E0515", obj.span, "resource methods need a resource variable");
            return None;
        };
        let ty = object.ty;
        let inner = *self.module.types.get(ty);
        let TypeInner::Resource(r) = inner else {
            self.error("E0307", member.span, format!("`{}` has no method `{name}`", self.type_name(ty)));
            return None;
        };
        match r {
            Resource::Texture { dim, element, access, combined: true, .. } => {
                // A combined image sampler samples through its own (hidden) sampler.
                let mut ops = ops;
                if let Some(comparison) = super::combined::takes_sampler(name) {
                    if let Some(first) = ops.first().filter(|o| matches!(self.module.types.get(o.ty), TypeInner::Sampler { .. })) {
                        let t = self.type_name(ty);
                        self.error("E0508", first.span, format!("`{name}` of a `{t}` takes no sampler: the texture is combined with its own"))
                            .help("remove the sampler argument, or declare a `Texture…` to sample it with a separate sampler");
                        return None;
                    }
                    ops.insert(0, self.combined_sampler(&object, comparison, member.span)?);
                }
                self.texture_method(object, dim, element, access, member, ops, span)
            }
            Resource::Texture { dim, element, access, .. } => self.texture_method(object, dim, element, access, member, ops, span),
            Resource::ByteAddressBuffer { access } => self.byte_address_method(object, access, member, template_args, ops, span),
            Resource::StructuredBuffer { element, kind, .. } => self.structured_method(object, element, kind, member, ops, span),
            Resource::TypedBuffer { element, .. } => {
                let u = self.module.types.scalar(Scalar::U32);
                match name {
                    "Load" => {
                        let args = self.element_load_args(ops, name, span)?;
                        Some(self.method_expr(object, M::LoadElement, args, element, span))
                    }
                    "GetDimensions" => {
                        let out = self.method_outs(ops, &[u], name, span)?;
                        let void = self.module.types.void();
                        Some(self.method_expr(object, M::GetDimensions, out, void, span))
                    }
                    _ => self.no_method(ty, member),
                }
            }
            Resource::FeedbackTexture { .. } => self.feedback_method(object, member, ops, span),
            Resource::SubpassInput { element, multisampled } if name == "SubpassLoad" => {
                // `SubpassLoad()`, or `SubpassLoad(sample)` of a multisampled input.
                let i = self.module.types.scalar(Scalar::I32);
                let params: &[TypeId] = if multisampled { &[i] } else { &[] };
                if ops.len() != params.len() {
                    self.error("E0508", span, format!("`SubpassLoad` takes {} arguments here, found {}", params.len(), ops.len()));
                    return None;
                }
                let mut args = Vec::new();
                for (op, &t) in ops.into_iter().zip(params) {
                    let s = op.span;
                    args.push(Arg::Value(self.convert_implicit(op, t, s)?));
                }
                Some(self.method_expr(object, M::SubpassLoad, args, element, span))
            }
            _ => self.no_method(ty, member),
        }
    }

    fn no_method(&mut self, ty: TypeId, member: &ast::Ident) -> Option<Operand> {
        let t = self.type_name(ty);
        self.error("E0307", member.span, format!("`{t}` has no method `{}`", member.name));
        None
    }

    pub(crate) fn method_expr(&mut self, object: Place, method: M, args: Vec<Arg>, ty: TypeId, span: Span) -> Operand {
        Operand::expr(Expr::new(ExprKind::Method { object: Box::new(object), method, args }, ty, span))
    }

    /// Converts value arguments to the given types (count must match exactly).
    fn method_args(&mut self, ops: Vec<Operand>, tys: &[TypeId], name: &str, span: Span) -> Option<Vec<Arg>> {
        if ops.len() != tys.len() {
            self.error("E0508", span, format!("`{name}` takes {} argument{} here, found {}", tys.len(), if tys.len() == 1 { "" } else { "s" }, ops.len()));
            return None;
        }
        let mut out = Vec::new();
        for (op, &t) in ops.into_iter().zip(tys) {
            let s = op.span;
            out.push(Arg::Value(self.convert_implicit(op, t, s)?));
        }
        Some(out)
    }

    /// `Load(index)` or `Load(index, out status)` of a typed or structured buffer: the status
    /// (tiled resources) always reports a fully mapped access, as for textures.
    fn element_load_args(&mut self, mut ops: Vec<Operand>, name: &str, span: Span) -> Option<Vec<Arg>> {
        let u = self.module.types.scalar(Scalar::U32);
        let status = if ops.len() == 2 { ops.pop() } else { None };
        let mut args = self.method_args(ops, &[u], name, span)?;
        if let Some(st) = status {
            let Value::Place(p) = st.value else {
                self.error("E0511", st.span, "the `status` argument is an output and must be an lvalue");
                return None;
            };
            self.check_writable(&p, st.span);
            if !matches!(self.module.types.get(p.ty), TypeInner::Scalar(sc) if sc.is_integer()) {
                self.error("E0511", st.span, format!("the `status` argument of `{name}` is a `uint`, found `{}`", self.type_name(p.ty)));
                return None;
            }
            args.push(Arg::Out(p));
        }
        Some(args)
    }

    /// `out` arguments of the given types (`GetDimensions`).
    fn method_outs(&mut self, ops: Vec<Operand>, tys: &[TypeId], name: &str, span: Span) -> Option<Vec<Arg>> {
        if ops.len() != tys.len() {
            self.error("E0508", span, format!("`{name}` takes {} argument{} here, found {}", tys.len(), if tys.len() == 1 { "" } else { "s" }, ops.len()));
            return None;
        }
        let mut out = Vec::new();
        for (op, &t) in ops.into_iter().zip(tys) {
            let s = op.span;
            let Value::Place(p) = op.value else {
                self.error("E0511", s, format!("this argument of `{name}` is an output and must be an lvalue"));
                return None;
            };
            self.check_writable(&p, s);
            if !matches!(self.module.types.get(p.ty), TypeInner::Scalar(_)) {
                self.error("E0511", s, format!("`{name}` writes a `{}` here, found `{}`", self.type_name(t), self.type_name(p.ty)));
                return None;
            }
            out.push(Arg::Out(p));
        }
        Some(out)
    }

    #[allow(clippy::too_many_arguments)]
    fn texture_method(&mut self, object: Place, dim: TextureDim, element: TypeId, access: Access, member: &ast::Ident, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let name = member.name.as_str();
        let types = &mut self.module.types;
        let f32t = types.scalar(Scalar::F32);
        let coord_n = dim.coordinate_size() + u8::from(dim.is_array());
        let uv = types.vector(Scalar::F32, coord_n);
        let offset_n = if matches!(dim, TextureDim::Cube | TextureDim::CubeArray) { 0 } else { dim.coordinate_size() };
        let offset = types.vector(Scalar::I32, offset_n.max(1));
        let grad = types.vector(Scalar::F32, dim.coordinate_size());
        let elem_scalar = types.scalar_of(element).unwrap_or(Scalar::F32);
        let gather_ty = types.vector(elem_scalar, 4);
        let sampler = types.insert(TypeInner::Sampler { comparison: false });
        let cmp_sampler = types.insert(TypeInner::Sampler { comparison: true });
        let sampled = access == Access::ReadOnly && !dim.is_multisampled();
        let n = ops.len();
        use Extra::{Clamp, Offset, Status};
        // Base arguments, then the optional trailing ones in order.
        let (method, base, extras, ret): (M, Vec<TypeId>, &[Extra], TypeId) = match name {
            "Sample" if sampled => (M::Sample, vec![sampler, uv], &[Offset, Clamp, Status], element),
            "SampleBias" if sampled => (M::SampleBias, vec![sampler, uv, f32t], &[Offset, Clamp, Status], element),
            "SampleLevel" if sampled => (M::SampleLevel, vec![sampler, uv, f32t], &[Offset, Status], element),
            "SampleGrad" if sampled => (M::SampleGrad, vec![sampler, uv, grad, grad], &[Offset, Clamp, Status], element),
            "SampleCmp" if sampled => (M::SampleCmp, vec![cmp_sampler, uv, f32t], &[Offset, Clamp, Status], f32t),
            "SampleCmpLevelZero" if sampled => (M::SampleCmpLevelZero, vec![cmp_sampler, uv, f32t], &[Offset, Status], f32t),
            "SampleCmpLevel" if sampled => (M::SampleCmpLevel, vec![cmp_sampler, uv, f32t, f32t], &[Offset, Status], f32t),
            "SampleCmpBias" if sampled => (M::SampleCmpBias, vec![cmp_sampler, uv, f32t, f32t], &[Offset, Clamp, Status], f32t),
            "SampleCmpGrad" if sampled => (M::SampleCmpGrad, vec![cmp_sampler, uv, f32t, grad, grad], &[Offset, Clamp, Status], f32t),
            "CalculateLevelOfDetail" | "CalculateLevelOfDetailUnclamped" if sampled => {
                // The location has the texture's coordinates without the array layer, as in
                // DXC's signature; shader model 6.8 adds the `SamplerComparisonState` overload.
                let method = if name == "CalculateLevelOfDetail" { M::CalculateLevelOfDetail } else { M::CalculateLevelOfDetailUnclamped };
                let s = if ops.first().is_some_and(|o| o.ty == cmp_sampler) { cmp_sampler } else { sampler };
                if s == cmp_sampler && !self.options.profile.as_ref().is_none_or(|p| p.at_least(6, 8)) {
                    // DXC's `hlsl-availability`: an error by default, in reachable code only.
                    self.availability_warning(member.span, format!("overload of intrinsic `{name}` with `SamplerComparisonState` requires shader model 6.8 or greater"))
                        .help("pass a `SamplerState`, or compile with a 6.8 profile");
                }
                (method, vec![s, grad], &[], f32t)
            }
            "Gather" | "GatherRed" | "GatherGreen" | "GatherBlue" | "GatherAlpha" if sampled => {
                let c = match name {
                    "GatherGreen" => 1,
                    "GatherBlue" => 2,
                    "GatherAlpha" => 3,
                    _ => 0,
                };
                let extras: &[Extra] = if n >= 6 { &[Offset, Offset, Offset, Offset, Status] } else { &[Offset, Status] };
                (M::Gather(c), vec![sampler, uv], extras, gather_ty)
            }
            "GatherCmp" | "GatherCmpRed" | "GatherCmpGreen" | "GatherCmpBlue" | "GatherCmpAlpha" if sampled => {
                let c = match name {
                    "GatherCmpGreen" => 1,
                    "GatherCmpBlue" => 2,
                    "GatherCmpAlpha" => 3,
                    _ => 0,
                };
                // Four of the texture's component type, as `Gather` (DXC's signature): the
                // comparison results, 0 or 1, of a `half` texture are `half4`.
                let extras: &[Extra] = if n >= 7 { &[Offset, Offset, Offset, Offset, Status] } else { &[Offset, Status] };
                (M::GatherCmp(c), vec![cmp_sampler, uv, f32t], extras, gather_ty)
            }
            "GatherRaw" if sampled => (M::GatherRaw, vec![sampler, uv], &[Offset, Status], gather_ty),
            "Load" => {
                let types = &mut self.module.types;
                if dim.is_multisampled() {
                    let c = types.vector(Scalar::I32, coord_n);
                    (M::Load, vec![c, types.scalar(Scalar::I32)], &[Offset, Status], element)
                } else if access == Access::ReadWrite {
                    let c = types.vector(Scalar::I32, coord_n);
                    (M::Load, vec![c], &[Status], element)
                } else {
                    let c = types.vector(Scalar::I32, coord_n + 1);
                    (M::Load, vec![c], &[Offset, Status], element)
                }
            }
            "GetSamplePosition" if dim.is_multisampled() => {
                let f2 = self.module.types.vector(Scalar::F32, 2);
                let i = self.module.types.scalar(Scalar::I32);
                (M::GetSamplePosition, vec![i], &[], f2)
            }
            "GetDimensions" => return self.texture_dimensions(object, dim, access, ops, span),
            "Sample" | "SampleBias" | "SampleLevel" | "SampleGrad" | "SampleCmp" | "SampleCmpLevelZero" | "SampleCmpLevel" | "Gather"
            | "GatherRed" | "GatherGreen" | "GatherBlue" | "GatherAlpha" | "CalculateLevelOfDetail" => {
                let t = self.type_name(object.ty);
                self.error("E0516", member.span, format!("`{name}` is not available on `{t}`"))
                    .help("sampling needs a read-only, single-sampled texture (`Texture2D` …); use `Load` or `[]` otherwise");
                return None;
            }
            _ => return self.no_method(object.ty, member),
        };
        if !self.check_sampled_element(name, element, member.span) {
            return None;
        }
        // Cube textures have no offset overloads.
        let extras: Vec<Extra> = extras.iter().copied().filter(|e| offset_n != 0 || *e != Offset).collect();
        let extra_count = n.checked_sub(base.len()).filter(|k| *k <= extras.len());
        let Some(extra_count) = extra_count else {
            // A combined image sampler's hidden sampler is no argument the user wrote.
            let hidden = usize::from(
                matches!(self.module.types.get(object.ty), TypeInner::Resource(Resource::Texture { combined: true, .. })) && super::combined::takes_sampler(name).is_some(),
            );
            let (lo, hi, n) = (base.len() - hidden, base.len() + extras.len() - hidden, n - hidden);
            self.error("E0508", span, format!("`{name}` takes {} arguments here, found {n}", if lo == hi { lo.to_string() } else { format!("{lo} to {hi}") }));
            return None;
        };
        let mut args = Vec::new();
        let mut ops = ops.into_iter();
        for &t in &base {
            let op = ops.next()?;
            let s = op.span;
            args.push(Arg::Value(self.convert_implicit(op, t, s)?));
        }
        let mut clamp = None;
        for &extra in &extras[..extra_count] {
            let op = ops.next()?;
            let s = op.span;
            match extra {
                Offset => {
                    if offset_n == 0 {
                        self.error("E0517", s, "cube textures take no offset");
                        return None;
                    }
                    let value = self.convert_implicit(op, offset, s)?;
                    // `Gather*` takes programmable offsets in every shader model (D3D11's
                    // `gather4_po`).
                    if !name.starts_with("Gather") {
                        self.check_texture_offset(&value, s);
                    }
                    args.push(Arg::Value(value));
                }
                Clamp => {
                    clamp = Some(s);
                    args.push(Arg::Value(self.convert_implicit(op, f32t, s)?));
                }
                Status => {
                    // WebGPU has no tiled (sparse) resources: every access is fully mapped, and
                    // the status reports that (see `CheckAccessFullyMapped`).
                    let Value::Place(p) = op.value else {
                        self.error("E0511", s, "the `status` argument is an output and must be an lvalue");
                        return None;
                    };
                    self.check_writable(&p, s);
                    args.push(Arg::Out(p));
                }
            }
        }
        if let Some(s) = clamp {
            if self.options.target == crate::options::Target::Wgsl {
                self.error("E0803", s, "the minimum-LOD `clamp` argument of sampling methods cannot be expressed in WGSL")
                    .help("clamp the level with `SampleLevel`, set `lod_min_clamp` on the sampler, or target SPIR-V (the `MinLod` image operand)");
                return None;
            }
            if elem_scalar.is_integer() {
                self.error("E0801", s, "the minimum-LOD `clamp` argument of sampling methods on integer textures is not supported yet")
                    .help("integer textures are sampled through texel loads; clamp the level with `SampleLevel`");
                return None;
            }
        }
        Some(self.method_expr(object, method, args, ret, span))
    }

    /// `GetDimensions` overloads: `([mip,] out width[, out height][, out depth|elements][, out levels])`
    /// with `uint` or `float` outputs; multisampled forms add `out samples`.
    fn texture_dimensions(&mut self, object: Place, dim: TextureDim, access: Access, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let sizes = dim.coordinate_size().min(if matches!(dim, TextureDim::Cube | TextureDim::CubeArray) { 2 } else { 3 }) as usize + usize::from(dim.is_array());
        let n = ops.len();
        let mipped = access == Access::ReadOnly && !dim.is_multisampled();
        let extra = usize::from(mipped || dim.is_multisampled());
        // With a mip argument: mip + sizes + levels; without: sizes (+ samples for MS).
        let with_mip = mipped && n == 1 + sizes + 1;
        let expected_plain = sizes + usize::from(dim.is_multisampled());
        if !(with_mip || n == expected_plain) {
            self.error("E0508", span, format!("wrong number of arguments to `GetDimensions`: found {n}"))
                .help(format!(
                    "this texture takes {expected_plain} output arguments{}",
                    if mipped { format!(", or a mip level, {sizes} outputs and a level count") } else { String::new() }
                ));
            return None;
        }
        let _ = extra;
        let mut args = Vec::new();
        let mut it = ops.into_iter();
        if with_mip {
            let mip = it.next()?;
            let u = self.module.types.scalar(Scalar::U32);
            let s = mip.span;
            args.push(Arg::Value(self.convert_implicit(mip, u, s)?));
        }
        for op in it {
            let s = op.span;
            let Value::Place(p) = op.value else {
                self.error("E0511", s, "the outputs of `GetDimensions` must be lvalues");
                return None;
            };
            match self.module.types.get(p.ty) {
                TypeInner::Scalar(sc) if sc.kind == ScalarKind::Uint || sc.kind == ScalarKind::Float || sc.kind == ScalarKind::Int => {}
                _ => {
                    self.error("E0511", s, format!("`GetDimensions` writes `uint` or `float` values, found `{}`", self.type_name(p.ty)));
                    return None;
                }
            }
            self.check_writable(&p, s);
            args.push(Arg::Out(p));
        }
        let void = self.module.types.void();
        Some(self.method_expr(object, M::GetDimensions, args, void, span))
    }

    fn byte_address_method(&mut self, object: Place, access: Access, member: &ast::Ident, template_args: Option<&[ast::TemplateArg]>, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let name = member.name.as_str();
        let u = self.module.types.scalar(Scalar::U32);
        let rw = access == Access::ReadWrite;
        let explicit_ty = match template_args {
            Some([a]) => match a {
                ast::TemplateArg::Type(t) => Some(self.resolve_type(t)?),
                ast::TemplateArg::Expr(ast::Expr { kind: ast::ExprKind::Name(p), span }) => {
                    Some(self.resolve_type(&ast::TypeSpec { kind: ast::TypeKind::Named(p.clone()), span: *span })?)
                }
                _ => None,
            },
            Some(_) => {
                self.error("E0403", span, format!("`{name}` takes one template argument"));
                return None;
            }
            None => None,
        };
        match name {
            "Load" | "Load2" | "Load3" | "Load4" => {
                let ty = match (name, explicit_ty) {
                    ("Load", Some(t)) => t,
                    ("Load", None) => u,
                    (_, Some(_)) => {
                        self.error("E0403", span, format!("`{name}` takes no template argument"));
                        return None;
                    }
                    _ => {
                        let k = name.as_bytes()[4] - b'0';
                        self.module.types.vector(Scalar::U32, k)
                    }
                };
                if self.module.types.is_resource_like(ty) {
                    self.error("E0403", span, "cannot load a resource from a byte-address buffer");
                    return None;
                }
                let mut ops = ops;
                let status = if ops.len() == 2 { ops.pop() } else { None };
                let mut args = self.method_args(ops, &[u], name, span)?;
                if let Some(st) = status {
                    let Value::Place(p) = st.value else {
                        self.error("E0511", st.span, "the `status` argument is an output and must be an lvalue");
                        return None;
                    };
                    args.push(Arg::Out(p));
                }
                Some(self.method_expr(object, M::LoadRaw, args, ty, span))
            }
            "Store" | "Store2" | "Store3" | "Store4" if rw => {
                if ops.len() != 2 {
                    self.error("E0508", span, format!("`{name}` takes an address and a value"));
                    return None;
                }
                let mut it = ops.into_iter();
                let addr = it.next()?;
                let value = it.next()?;
                let ty = match (name, explicit_ty) {
                    ("Store", Some(t)) => t,
                    ("Store", None) => {
                        // `Store<T>` deduced from the value (DXC), plain `Store` is uint.
                        if self.module.types.scalar_of(value.ty).is_some_and(|s| s == Scalar::U32) || value.lit != super::expr::Lit::No {
                            u
                        } else {
                            value.ty
                        }
                    }
                    _ => {
                        let k = name.as_bytes()[5] - b'0';
                        self.module.types.vector(Scalar::U32, k)
                    }
                };
                let sa = addr.span;
                let a = self.convert_implicit(addr, u, sa)?;
                let sv = value.span;
                let v = self.convert_implicit(value, ty, sv)?;
                let void = self.module.types.void();
                Some(self.method_expr(object, M::StoreRaw, vec![Arg::Value(a), Arg::Value(v)], void, span))
            }
            "GetDimensions" => {
                let args = self.method_outs(ops, &[u], name, span)?;
                let void = self.module.types.void();
                Some(self.method_expr(object, M::GetDimensions, args, void, span))
            }
            n if n.starts_with("Interlocked") && rw => {
                let method = match n {
                    "InterlockedAdd" => M::InterlockedAdd,
                    "InterlockedAnd" => M::InterlockedAnd,
                    "InterlockedOr" => M::InterlockedOr,
                    "InterlockedXor" => M::InterlockedXor,
                    "InterlockedMin" => M::InterlockedMin,
                    "InterlockedMax" => M::InterlockedMax,
                    "InterlockedExchange" => M::InterlockedExchange,
                    "InterlockedCompareExchange" => M::InterlockedCompareExchange,
                    "InterlockedCompareStore" | "InterlockedCompareStoreFloatBitwise" => M::InterlockedCompareStore,
                    "InterlockedExchangeFloat" => M::InterlockedExchange,
                    "InterlockedCompareExchangeFloatBitwise" => M::InterlockedCompareExchange,
                    // SM 6.6's 64-bit forms: the same operations on the 64-bit word at the
                    // address (8-byte aligned), their values `uint64_t` or `int64_t`.
                    "InterlockedAdd64" => M::InterlockedAdd,
                    "InterlockedAnd64" => M::InterlockedAnd,
                    "InterlockedOr64" => M::InterlockedOr,
                    "InterlockedXor64" => M::InterlockedXor,
                    "InterlockedMin64" => M::InterlockedMin,
                    "InterlockedMax64" => M::InterlockedMax,
                    "InterlockedExchange64" => M::InterlockedExchange,
                    "InterlockedCompareExchange64" => M::InterlockedCompareExchange,
                    "InterlockedCompareStore64" => M::InterlockedCompareStore,
                    _ => return self.no_method(object.ty, member),
                };
                let values = if matches!(method, M::InterlockedCompareExchange | M::InterlockedCompareStore) { 2 } else { 1 };
                let needs_original = matches!(method, M::InterlockedExchange | M::InterlockedCompareExchange);
                let has_original = ops.len() == 2 + values;
                if !has_original && (needs_original || ops.len() != 1 + values) {
                    self.error("E0508", span, format!("wrong number of arguments to `{n}`: found {}", ops.len()));
                    return None;
                }
                // `int` values select the signed overloads (signed min/max), as in DXC.
                let signed = ops.get(1).is_some_and(|v| self.module.types.scalar_of(v.ty).is_some_and(|s| s.kind == ScalarKind::Int));
                let mut it = ops.into_iter();
                let addr = it.next()?;
                let sa = addr.span;
                let mut args = vec![Arg::Value(self.convert_implicit(addr, u, sa)?)];
                // SM 6.6's float forms exchange (or compare) a `float`'s bits.
                let float = n.ends_with("Float") || n.ends_with("FloatBitwise");
                let wide = n.ends_with("64");
                let vty = if float {
                    self.module.types.scalar(Scalar::F32)
                } else if wide {
                    self.module.types.scalar(if signed { Scalar::I64 } else { Scalar::U64 })
                } else if signed {
                    self.module.types.scalar(Scalar::I32)
                } else {
                    u
                };
                for _ in 0..values {
                    let v = it.next()?;
                    let sv = v.span;
                    args.push(Arg::Value(self.convert_implicit(v, vty, sv)?));
                }
                if let Some(orig) = it.next() {
                    let so = orig.span;
                    let Value::Place(p) = orig.value else {
                        self.error("E0511", so, "the `original` argument must be an lvalue");
                        return None;
                    };
                    self.check_writable(&p, so);
                    args.push(Arg::Out(p));
                }
                let void = self.module.types.void();
                Some(self.method_expr(object, method, args, void, span))
            }
            _ => {
                if !rw && (name.starts_with("Store") || name.starts_with("Interlocked")) {
                    self.error("E0409", member.span, format!("`{name}` needs a `RWByteAddressBuffer`, this buffer is read-only"));
                    return None;
                }
                self.no_method(object.ty, member)
            }
        }
    }

    fn structured_method(&mut self, object: Place, element: TypeId, kind: StructuredKind, member: &ast::Ident, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let name = member.name.as_str();
        let u = self.module.types.scalar(Scalar::U32);
        let void = self.module.types.void();
        match (name, kind) {
            ("Load", StructuredKind::ReadOnly | StructuredKind::ReadWrite) => {
                let args = self.element_load_args(ops, name, span)?;
                Some(self.method_expr(object, M::LoadElement, args, element, span))
            }
            ("GetDimensions", _) => {
                let args = self.method_outs(ops, &[u, u], name, span)?;
                Some(self.method_expr(object, M::GetDimensions, args, void, span))
            }
            ("IncrementCounter", StructuredKind::ReadWrite) => {
                self.method_args(ops, &[], name, span)?;
                Some(self.method_expr(object, M::IncrementCounter, vec![], u, span))
            }
            ("DecrementCounter", StructuredKind::ReadWrite) => {
                self.method_args(ops, &[], name, span)?;
                Some(self.method_expr(object, M::DecrementCounter, vec![], u, span))
            }
            ("Append", StructuredKind::Append) => {
                let args = self.method_args(ops, &[element], name, span)?;
                Some(self.method_expr(object, M::Append, args, void, span))
            }
            ("Consume", StructuredKind::Consume) => {
                self.method_args(ops, &[], name, span)?;
                Some(self.method_expr(object, M::Consume, vec![], element, span))
            }
            _ => self.no_method(object.ty, member),
        }
    }

    /// `WriteSamplerFeedback[Bias|Grad|Level](paired, sampler, uv, …[, clamp])` of a
    /// `FeedbackTexture2D[Array]`: the paired texture must be a `Texture2D` (`Texture2DArray`
    /// for the array form) and `uv` a `float2` (`float3` with the slice).
    fn feedback_method(&mut self, object: Place, member: &ast::Ident, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let name = member.name.as_str();
        let TypeInner::Resource(Resource::FeedbackTexture { array, .. }) = *self.module.types.get(object.ty) else { return None };
        let types = &mut self.module.types;
        let f32t = types.scalar(Scalar::F32);
        let f2 = types.vector(Scalar::F32, 2);
        let uv = types.vector(Scalar::F32, if array { 3 } else { 2 });
        let sampler = types.insert(TypeInner::Sampler { comparison: false });
        let void = types.void();
        // The arguments after the paired texture and the sampler; the last of `with_clamp`
        // forms is the optional minimum-LOD clamp.
        let (method, rest, with_clamp): (M, Vec<TypeId>, bool) = match name {
            "WriteSamplerFeedback" => (M::WriteSamplerFeedback, vec![uv], true),
            "WriteSamplerFeedbackBias" => (M::WriteSamplerFeedbackBias, vec![uv, f32t], true),
            "WriteSamplerFeedbackGrad" => (M::WriteSamplerFeedbackGrad, vec![uv, f2, f2], true),
            "WriteSamplerFeedbackLevel" => (M::WriteSamplerFeedbackLevel, vec![uv, f32t], false),
            _ => return self.no_method(object.ty, member),
        };
        let (lo, hi) = (2 + rest.len(), 2 + rest.len() + usize::from(with_clamp));
        if ops.len() < lo || ops.len() > hi {
            let range = if lo == hi { lo.to_string() } else { format!("{lo} or {hi}") };
            self.error("E0508", span, format!("`{name}` takes {range} arguments, found {}", ops.len()));
            return None;
        }
        let mut ops = ops.into_iter();
        let paired = ops.next()?;
        let wanted = if array { TextureDim::D2Array } else { TextureDim::D2 };
        match *self.module.types.get(paired.ty) {
            TypeInner::Resource(Resource::Texture { dim, access: Access::ReadOnly, .. }) if dim == wanted => {}
            _ => {
                let (expected, found) = (if array { "Texture2DArray" } else { "Texture2D" }, self.type_name(paired.ty));
                self.error("E0509", paired.span, format!("the paired texture of `{name}` must be a `{expected}`, found `{found}`"))
                    .help("pass the texture whose sampling the feedback map records");
                return None;
            }
        }
        let (pty, ps) = (paired.ty, paired.span);
        let mut args = vec![Arg::Value(self.convert_implicit(paired, pty, ps)?)];
        let mut tys = vec![sampler];
        tys.extend(rest);
        tys.push(f32t);
        for (op, t) in ops.zip(tys) {
            let s = op.span;
            args.push(Arg::Value(self.convert_implicit(op, t, s)?));
        }
        Some(self.method_expr(object, method, args, void, span))
    }
}

/// Optional trailing arguments of sampling methods.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Extra {
    Offset,
    Clamp,
    Status,
}

impl Analyzer<'_> {
    /// Texture offsets of sampling and `Load` methods before shader model 6.7 (DXIL's rule;
    /// SM 6.7's "advanced texture ops" lift it): immediate values from -8 to 7 (the range is
    /// not checked for SPIR-V, as in DXC's SPIR-V back end). E0664 (in code that runs; DXC checks after
    /// inlining, so elsewhere warning W0664) for a constant component out of that range, and
    /// for an offset read at run time (a stage input, a parameter, a constant
    /// buffer or other resource, groupshared memory); offsets computed from locals get the
    /// benefit of the doubt (DXC folds them when it can).
    fn check_texture_offset(&mut self, value: &crate::tir::Expr, span: hlslc_grammar::Span) {
        if self.options.profile.is_none_or(|p| p.at_least(6, 7)) {
            return;
        }
        if let Ok(Some(c)) = self.try_fold(value) {
            // DXC's SPIR-V back end leaves the range to the driver (Vulkan's texel-offset
            // limits); DXIL and WGSL (a const-expression from -8 to 7) reject it.
            if self.options.target == crate::options::Target::SpirV {
                return;
            }
            let bad: Vec<i64> = super::fold::components(&c).iter().map(super::fold::as_i64).filter(|v| !(-8..=7).contains(v)).collect();
            if let Some(v) = bad.first() {
                let message = format!("texture offset {v} is outside -8 to 7");
                self.deferred_warning(("W0664", "texture-offset"), span, format!("{message} (an error where this code runs)"), "E0664", message)
                    .help("offsets before shader model 6.7 are immediate values from -8 to 7; move the coordinate instead, or compile for `_6_7` or later");
            }
            return;
        }
        if reads_run_time_input(self, value) {
            let message = "texture offsets must be immediate values before shader model 6.7".to_string();
            self.deferred_warning(("W0664", "texture-offset"), span, format!("{message} (an error where this code runs)"), "E0664", message)
                .help("use constants from -8 to 7, add the offset to the coordinate, or compile for `_6_7` or later (programmable offsets)");
        }
    }
}

/// True if `e` reads a value only known at run time directly: a parameter of the entry
/// function (a stage input; other functions' parameters may be constants once inlined), a
/// resource (constant buffers included), groupshared memory, or a `const` local initialised
/// from one of those (the element read, where an array's initializer list gives each).
pub(crate) fn reads_run_time_input(a: &Analyzer<'_>, e: &crate::tir::Expr) -> bool {
    use crate::tir::{ExprKind, GlobalKind, PlaceRoot, Projection};
    let in_entry = a.options.profile.is_some_and(|p| p.stage.is_some())
        && a.func.as_ref().is_some_and(|f| a.fn_infos.get(f.id.0 as usize).is_some_and(|i| i.name == a.options.entry_point));
    let mut found = false;
    crate::tir::visit::walk_expr(e, &mut |x| {
        let place = match &x.kind {
            ExprKind::Load(p) => p,
            ExprKind::Method { .. } => {
                found = true;
                return;
            }
            _ => return,
        };
        found |= match &place.root {
            PlaceRoot::Param(_) => in_entry,
            PlaceRoot::BufferElement { .. } | PlaceRoot::Texel { .. } | PlaceRoot::Pointee { .. } => true,
            PlaceRoot::Global(g) => matches!(a.module.globals[g.0 as usize].kind, GlobalKind::Resource { .. } | GlobalKind::GroupShared),
            PlaceRoot::Local(l) => match a.func.as_ref().and_then(|f| f.run_time_const_locals.iter().find(|(x, _)| x == l)) {
                None => false,
                Some((_, None)) => true,
                Some((_, Some(elements))) => match place.projections.first() {
                    Some(Projection::Index(i)) => match a.try_fold(i) {
                        Ok(Some(c)) => usize::try_from(super::fold::as_i64(&c)).ok().and_then(|k| elements.get(k).copied()).unwrap_or(true),
                        _ => true,
                    },
                    _ => true,
                },
            },
        };
    });
    found
}

impl Analyzer<'_> {
    /// The element types DXC's intrinsic table allows for sampling methods (E0666): `Sample`,
    /// `SampleBias`, `SampleGrad`, `SampleLevel` read 16- and 32-bit float textures, and integer
    /// textures from shader model 6.7; `SampleCmp`, `SampleCmpLevel`, `SampleCmpLevelZero` float
    /// ones only; `GatherRaw` one-component unsigned-integer textures only (the raw texels of
    /// a 16-, 32- or 64-bit format).
    fn check_sampled_element(&mut self, name: &str, element: TypeId, span: Span) -> bool {
        let Some(scalar) = self.module.types.scalar_of(element) else { return true };
        let components = self.module.types.shape(element).map_or(1, |s| s.count());
        let allowed = match name {
            "Sample" | "SampleBias" | "SampleGrad" | "SampleLevel" | "SampleCmp" | "SampleCmpLevel" | "SampleCmpLevelZero" => {
                if scalar.is_float() {
                    scalar.width != 8
                } else if scalar.is_integer() {
                    !name.starts_with("SampleCmp") && self.options.profile.is_none_or(|p| p.at_least(6, 7))
                } else {
                    false
                }
            }
            "GatherRaw" => scalar.kind == crate::ty::ScalarKind::Uint && components == 1,
            _ => true,
        };
        if allowed {
            return true;
        }
        let t = self.type_name(element);
        let help = match name {
            "GatherRaw" => "`GatherRaw` reads the raw texels of a one-component unsigned-integer texture (`uint16_t`, `uint`, `uint64_t`)".to_string(),
            _ if scalar.is_integer() && name.starts_with("SampleCmp") => "comparison sampling needs a float texture; compare after a `Load` or `Gather`".to_string(),
            _ if scalar.is_integer() => "sampling integer textures needs shader model 6.7; compile for `_6_7`, or read texels with `Load`".to_string(),
            _ => format!("`{name}` samples textures of 16- or 32-bit floats (or integers from shader model 6.7); read texels with `Load`"),
        };
        self.error("E0666", span, format!("cannot `{name}` from a texture of `{t}`")).help(help);
        false
    }
}

