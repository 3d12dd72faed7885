//! Written types → [`TypeId`]s.
//!
//! HLSL's builtin type names are not keywords in DXC but predeclared names; they are resolved
//! here from their spelling: scalar names (`float`, `uint`, `dword`, `min16float`, `int64_t`
//! …), vector and matrix spellings (`float4`, `half3x2`), the templates `vector<T, N>` and
//! `matrix<T, R, C>`, and every resource and sampler type. `half` and the min-precision types
//! are 32-bit unless `-enable-16bit-types` (DXC's rule; legal because min-precision only
//! promises "at least" that precision).

use super::scope::{Symbol, TemplateArgValue};
use super::Analyzer;
use crate::ty::{NodeObject, Access, Resource, Scalar, StructuredKind, TextureDim, TypeId, TypeInner};
use hlslc_grammar::ast;
use hlslc_grammar::Span;

impl Analyzer<'_> {
    /// Resolves a written type. Reports and returns `None` on failure.
    pub fn resolve_type(&mut self, spec: &ast::TypeSpec) -> Option<TypeId> {
        match &spec.kind {
            ast::TypeKind::Struct(decl) => self.struct_decl(decl),
            ast::TypeKind::Named(path) => self.resolve_named_type(path, spec.span),
            // `unorm`/`snorm`/`const` inside template arguments and casts do not change the
            // value type (storage formats look at them separately).
            ast::TypeKind::Qualified { ty, .. } => self.resolve_type(ty),
            ast::TypeKind::Array { elem, dims } => {
                let base = self.resolve_type(elem)?;
                self.apply_array_dims(base, dims, false, spec.span)
            }
            ast::TypeKind::Decltype(e) => self.decltype(e, false),
        }
    }

    /// `__decltype(e)`: the type of `e`, which is analysed but not evaluated. Before HLSL
    /// 202x an unsuffixed literal (`1`, `1.0`, `B ? 1 : 2`) has DXC's `literal int` or
    /// `literal float` type, unlike any type that can be written; only a template argument
    /// may name it (`is_same<__decltype(1), int>` is false), as a field-less marker struct.
    pub(super) fn decltype(&mut self, e: &ast::Expr, template_argument: bool) -> Option<TypeId> {
        use super::expr::Lit;
        let op = self.operand(e)?;
        // `B ? 1 : 2` with `B` known only at run time: a literal type too (hlslc folds only
        // constant literal arithmetic, so the operand itself is not a literal).
        let lit = match (&e.kind, op.lit) {
            (ast::ExprKind::Conditional { accept, reject, .. }, Lit::No) if self.options.hlsl_version < 2029 => {
                let n = self.diags.len();
                let arms = (self.operand(accept).map(|o| o.lit), self.operand(reject).map(|o| o.lit));
                self.diags.truncate(n);
                match arms {
                    (Some(Lit::Int), Some(Lit::Int)) => Lit::Int,
                    (Some(Lit::Int | Lit::Float), Some(Lit::Int | Lit::Float)) => Lit::Float,
                    _ => Lit::No,
                }
            }
            (_, lit) => lit,
        };
        let name = match lit {
            Lit::No => return Some(op.ty),
            Lit::Int => "literal int",
            Lit::Float => "literal float",
        };
        if !template_argument {
            self.error("E0426", e.span, format!("the type of this literal is DXC's `{name}`, which only a template argument may name"))
                .help("give the literal a suffix (`1u`, `1.0f`) or convert it (`int(1)`)");
            return None;
        }
        if let Some(st) = self.module.structs.iter().position(|s| s.name == name) {
            return Some(self.module.types.insert(TypeInner::Struct(crate::ty::StructId(st as u32))));
        }
        self.module.structs.push(crate::tir::StructDef { name: name.to_owned(), fields: Vec::new(), span: Span::UNDEFINED });
        let st = crate::ty::StructId(self.module.structs.len() as u32 - 1);
        self.struct_infos.push(super::scope::StructInfo { ns: Some(self.current_ns), ..Default::default() });
        Some(self.module.types.insert(TypeInner::Struct(st)))
    }

    /// Applies array dimensions (outermost first) to a type. `[]` is allowed only when
    /// `allow_unsized` (resource arrays, parameters).
    pub fn apply_array_dims(&mut self, mut ty: TypeId, dims: &[Option<ast::Expr>], allow_unsized: bool, span: Span) -> Option<TypeId> {
        // The whole array must stay addressable with 32-bit byte offsets (naga's layouts are
        // u32); 1 GiB is far beyond any device's limit for a single variable anyway.
        const MAX_ARRAY_BYTES: u64 = 1 << 30;
        let mut bytes = crate::layout::tight_size(&self.module, ty).map(u64::from);
        for dim in dims.iter().rev() {
            let size = match dim {
                None if allow_unsized => None,
                None => {
                    self.error("E0402", span, "array size required")
                        .help("give the array a size, or initialise it with a brace list (`float w[] = { 1, 2 };`) to take the list's length");
                    return None;
                }
                Some(e) => {
                    let n = self.const_int(e)?;
                    if n <= 0 || n > (1 << 24) {
                        self.error("E0402", e.span, format!("array size must be between 1 and {}, found {n}", 1 << 24));
                        return None;
                    }
                    bytes = bytes.map(|b| b.saturating_mul(n as u64));
                    if let Some(b) = bytes.filter(|&b| b > MAX_ARRAY_BYTES) {
                        self.error("E0402", e.span, format!("array is too large: {b} bytes (the limit is {MAX_ARRAY_BYTES} bytes)"))
                            .help("use a buffer resource for large data");
                        return None;
                    }
                    Some(n as u32)
                }
            };
            ty = self.module.types.array(ty, size);
        }
        Some(ty)
    }

    /// `S<3>::value`, `A::B<int>::C`: a path whose prefix, up to its last template arguments,
    /// names a template instance (instantiated here), and the rest a member of it. `None` for
    /// paths without such a prefix; `Some(None)` if it names nothing (reported by the caller),
    /// `Some(Some(Symbol::Error))` if the instance failed (reported).
    pub(super) fn lookup_templated_path(&mut self, path: &ast::Path) -> Option<Option<Symbol>> {
        let k = path.segments[..path.segments.len().saturating_sub(1)].iter().rposition(|s| s.template_args.is_some())?;
        let prefix = ast::Path { global: path.global, segments: path.segments[..=k].to_vec().into(), span: path.span };
        let Some(ty) = self.resolve_named_type(&prefix, path.span) else { return Some(Some(Symbol::Error)) };
        Some(self.lookup_in(Symbol::Type(ty), path.segments[k + 1..].iter()))
    }

    /// An array of data without a length (from `[]` in a typedef or a declaration): only an
    /// initializer list can give it one.
    pub fn is_unsized_array(&self, ty: TypeId) -> bool {
        matches!(self.module.types.get(ty), TypeInner::Array { size: None, .. }) && !self.holds_resources(ty)
    }

    fn resolve_named_type(&mut self, path: &ast::Path, span: Span) -> Option<TypeId> {
        let last = path.segments.last()?;
        if path.segments.len() == 1 && !path.global {
            let name = last.ident.name.as_str();
            // User declarations shadow builtin names (a struct named `Buffer` is legal).
            match self.lookup(name) {
                Some(Symbol::Type(ty)) if last.template_args.is_none() => return Some(ty),
                Some(Symbol::StructTemplate(t)) => return self.instantiate_struct_template(t, last, span),
                _ => {}
            }
            if let Some(ty) = self.builtin_type(name, last.template_args.as_deref(), span) {
                return ty;
            }
        }
        if let [ns, ty_seg] = path.segments.as_slice() {
            if ns.ident.name == "vk" && ns.template_args.is_none() {
                if let Some(ty) = self.sampled_texture_type(&ty_seg.ident.name, ty_seg.template_args.as_deref(), span) {
                    return ty;
                }
                // `vk::ext_result_id<T>`: a `T` whose SPIR-V result id inline SPIR-V passes on
                // (every value is one here).
                if ty_seg.ident.name == "BufferPointer" && self.lookup_path(path).is_none() {
                    return self.buffer_pointer_type(ty_seg.template_args.as_deref(), span);
                }
                if ty_seg.ident.name == "ext_result_id" && self.lookup_path(path).is_none() {
                    return match ty_seg.template_args.as_deref() {
                        Some([arg]) => self.template_type_arg(arg, span),
                        _ => {
                            self.error("E0403", span, "`vk::ext_result_id` needs one type: `vk::ext_result_id<T>`");
                            None
                        }
                    };
                }
                if matches!(ty_seg.ident.name.as_str(), "SpirvType" | "SpirvOpaqueType") && self.lookup_path(path).is_none() {
                    return self.spirv_type(ty_seg.ident.name == "SpirvType", ty_seg.template_args.as_deref().unwrap_or(&[]), span);
                }
                if super::inline_spirv::is_inline_spirv_type(&ty_seg.ident.name) && self.lookup_path(path).is_none() {
                    self.inline_spirv_type_unsupported(&ty_seg.ident.name, span);
                    return None;
                }
            }
        }
        let found = match self.lookup_templated_path(path) {
            Some(found) => found,
            None => self.lookup_path(path),
        };
        match found {
            Some(Symbol::Type(ty)) => Some(ty),
            Some(Symbol::StructTemplate(t)) => self.instantiate_struct_template(t, last, span),
            Some(Symbol::Error) => None,
            Some(_) => {
                self.error("E0302", span, format!("`{}` is not a type", path_text(path)));
                None
            }
            // Shader model 6.9's `dx::HitObject`, which DXC declares (shader execution
            // reordering): named as a feature hlslc lacks, not as an unknown type.
            None if last.ident.name == "HitObject" && (path.segments.len() == 1 || (path.segments.len() == 2 && path.segments[0].ident.name == "dx")) => {
                self.error("E0801", span, format!("`{}` (shader execution reordering, shader model 6.9) is not supported yet", path_text(path)))
                    .help("trace with `TraceRay` and let the hit and miss shaders run without `HitObject` and `MaybeReorderThread`");
                None
            }
            None => {
                let name = path_text(path);
                let hint = self.similar_name(&last.ident.name);
                let d = self.error("E0302", span, format!("unknown type `{name}`"));
                if let Some(h) = hint {
                    d.help(format!("did you mean `{h}`?"));
                }
                None
            }
        }
    }

    /// A builtin type by name: `Some(Some(ty))` resolved, `Some(None)` a builtin name used
    /// wrongly (reported), `None` not a builtin name.
    fn builtin_type(&mut self, name: &str, args: Option<&[ast::TemplateArg]>, span: Span) -> Option<Option<TypeId>> {
        if let Some((scalar, rows, cols)) = self.parse_numeric_name(name, span) {
            if args.is_some() {
                self.error("E0403", span, format!("`{name}` takes no template arguments"));
                return Some(None);
            }
            let Some(scalar) = scalar else { return Some(None) };
            let types = &mut self.module.types;
            return Some(Some(match (rows, cols) {
                (0, 0) => types.scalar(scalar),
                (0, n) => types.vector(scalar, n),
                (r, c) => types.matrix(scalar, r, c),
            }));
        }
        let ty = match name {
            "void" => self.module.types.void(),
            "string" => self.module.types.insert(TypeInner::String),
            "vector" => return Some(self.vector_template(args, span)),
            "matrix" => return Some(self.matrix_template(args, span)),
            "SamplerState" | "sampler" => self.module.types.insert(TypeInner::Sampler { comparison: false }),
            "SamplerComparisonState" => self.module.types.insert(TypeInner::Sampler { comparison: true }),
            "ByteAddressBuffer" => self.resource(Resource::ByteAddressBuffer { access: Access::ReadOnly }),
            "RWByteAddressBuffer" | "RasterizerOrderedByteAddressBuffer" => {
                self.resource(Resource::ByteAddressBuffer { access: Access::ReadWrite })
            }
            "RaytracingAccelerationStructure" => self.resource(Resource::AccelerationStructure),
            // DXC's pseudo-enums (`AddTypedefPseudoEnum`): `typedef uint RAY_FLAG;` beside the
            // `static const uint` enumerants (`RAY_FLAG_FORCE_OPAQUE` …).
            "RAY_FLAG" | "RAYQUERY_FLAG" | "COMMITTED_STATUS" | "CANDIDATE_TYPE" | "MEMORY_TYPE_FLAG" | "BARRIER_SEMANTIC_FLAG" => {
                self.module.types.scalar(crate::ty::Scalar::U32)
            }
            "SubpassInput" | "SubpassInputMS" => {
                if self.options.target == crate::options::Target::Wgsl {
                    self.error("E0803", span, format!("`{name}` (a Vulkan input attachment) cannot be expressed in WGSL or WebGPU"))
                        .help("bind the attachment as a `Texture2D` and read it with `Load` at the pixel position, or target SPIR-V");
                    return Some(None);
                }
                let element = self.element_arg(args, span, name);
                return Some(element.map(|element| self.resource(Resource::SubpassInput { element, multisampled: name == "SubpassInputMS" })));
            }
            "PointStream" | "LineStream" | "TriangleStream" => return Some(self.stream_type(name, args, span)),
            "InputPatch" | "OutputPatch" => return Some(self.patch_type(name, args, span)),
            "RayDesc" | "BuiltInTriangleIntersectionAttributes" | "BuiltInTrianglePositions" => return Some(self.ray_tracing_struct(name)),
            "RayQuery" => return Some(self.ray_query_type(args, span)),
            // Direct3D 9 samplers are declarations DXC accepts; only the `tex*` functions that
            // sample through them are rejected.
            "sampler1D" | "sampler2D" | "sampler3D" | "samplerCUBE" => self.module.types.insert(TypeInner::Sampler { comparison: false }),
            _ if is_effect_object(name) => {
                self.error("E0801", span, format!("the effects-framework type `{name}` cannot be used here"))
                    .help("DXC ignores effect objects; declare a `Texture2D` (or another resource type) instead");
                return Some(None);
            }
            _ if NodeObject::from_name(name).is_some() => return self.node_type(name, args, span),
            _ => return self.resource_template(name, args, span),
        };
        Some(Some(ty))
    }

    fn resource(&mut self, r: Resource) -> TypeId {
        self.module.types.insert(TypeInner::Resource(r))
    }

    /// Parses `float`, `uint3`, `half4x4`, `min16int2` … into (scalar, rows, cols): vectors
    /// have rows 0, scalars (0, 0). Returns `Some((None, ..))` for a spelling that needs an
    /// option (`int16_t` without `-enable-16bit-types`), after reporting.
    pub fn parse_numeric_name(&mut self, name: &str, span: Span) -> Option<(Option<Scalar>, u8, u8)> {
        // SM 6.6's packed 8-bit types are 32-bit unsigned words to every operation; DXC keeps
        // them distinct only for overloading.
        if name == "uint8_t4_packed" || name == "int8_t4_packed" {
            return Some((Some(Scalar::U32), 0, 0));
        }
        let (base, dims) = numeric_split(name)?;
        let bits16 = self.options.enable_16bit_types;
        // DXC's `-Wconversion` warning: `min10float`/`min12int` compute as `min16float`/
        // `min16int`, and with 16-bit types every min-precision type is a 16-bit one.
        let promoted = match base {
            "min10float" if bits16 => Some("half"),
            "min10float" => Some("min16float"),
            "min12int" if bits16 => Some("int16_t"),
            "min12int" => Some("min16int"),
            "min16float" if bits16 => Some("half"),
            "min16int" if bits16 => Some("int16_t"),
            "min16uint" if bits16 => Some("uint16_t"),
            _ => None,
        };
        if let Some(to) = promoted.filter(|_| !span.is_undefined() && self.promoted_warned.insert(span)) {
            self.warning("W0660", "conversion", span, format!("`{base}` is promoted to `{to}`"))
                .note("a min-precision type only sets the lowest precision allowed; the value is computed at the promoted type's precision");
        }
        if matches!(base, "int16_t" | "uint16_t" | "float16_t" | "int32_t" | "uint32_t" | "float32_t" | "float64_t")
            && !self.require_version(2018, span, &format!("fixed-width type names such as `{base}`"))
        {
            return Some((None, dims.0, dims.1));
        }
        let scalar = match base {
            "bool" => Some(Scalar::BOOL),
            "int" | "int32_t" => Some(Scalar::I32),
            "uint" | "dword" | "uint32_t" => Some(Scalar::U32),
            "float" | "float32_t" => Some(Scalar::F32),
            "double" | "float64_t" => Some(Scalar::F64),
            "int64_t" => Some(Scalar::I64),
            "uint64_t" => Some(Scalar::U64),
            "half" => Some(if bits16 { Scalar::F16 } else { Scalar::F32 }),
            "min16float" | "min10float" => Some(if bits16 { Scalar::F16 } else { Scalar::F32 }),
            "min16int" | "min12int" => Some(if bits16 { Scalar::I16 } else { Scalar::I32 }),
            "min16uint" => Some(if bits16 { Scalar::U16 } else { Scalar::U32 }),
            "int16_t" | "uint16_t" | "float16_t" => {
                if bits16 {
                    Some(match base {
                        "int16_t" => Scalar::I16,
                        "uint16_t" => Scalar::U16,
                        _ => Scalar::F16,
                    })
                } else {
                    self.error("E0404", span, format!("`{base}` requires 16-bit types"))
                        .help("compile with `-enable-16bit-types` (shader model 6.2 or later)");
                    None
                }
            }
            _ => return None,
        };
        Some((scalar, dims.0, dims.1))
    }

    pub(super) fn template_type_arg(&mut self, arg: &ast::TemplateArg, span: Span) -> Option<TypeId> {
        match arg {
            ast::TemplateArg::Type(ast::TypeSpec { kind: ast::TypeKind::Decltype(e), .. }) => self.decltype(e, true),
            ast::TemplateArg::Type(t) => self.resolve_type(t),
            ast::TemplateArg::Expr(e) => {
                // `Foo<MyType>` where the parser could not tell a type from an expression.
                if let ast::ExprKind::Name(p) = &e.kind {
                    let spec = ast::TypeSpec { kind: ast::TypeKind::Named(p.clone()), span: e.span };
                    return self.resolve_type(&spec);
                }
                self.error("E0403", span, "expected a type as template argument");
                None
            }
        }
    }

    pub fn template_int_arg(&mut self, arg: &ast::TemplateArg) -> Option<i64> {
        match arg {
            ast::TemplateArg::Expr(e) => self.const_int(e),
            ast::TemplateArg::Type(t) => {
                // A name the parser took for a type may be a constant (`vector<float, N>`).
                if let ast::TypeKind::Named(p) = &t.kind {
                    let e = ast::Expr { kind: ast::ExprKind::Name(p.clone()), span: t.span };
                    return self.const_int(&e);
                }
                self.error("E0403", t.span, "expected a constant as template argument");
                None
            }
        }
    }

    fn vector_template(&mut self, args: Option<&[ast::TemplateArg]>, span: Span) -> Option<TypeId> {
        let Some(args) = args else { return Some(self.module.types.vector(Scalar::F32, 4)) };
        if args.len() != 2 {
            self.error("E0403", span, "`vector` takes a scalar type and a size");
            return None;
        }
        let elem = self.template_type_arg(&args[0], span)?;
        let n = self.template_int_arg(&args[1])?;
        let Some(TypeInner::Scalar(s)) = Some(*self.module.types.get(elem)) else {
            self.error("E0403", span, format!("vector element must be a scalar type, found `{}`", self.type_name(elem)));
            return None;
        };
        if !(1..=4).contains(&n) {
            self.error("E0403", span, format!("vector size must be between 1 and 4, found {n}"));
            return None;
        }
        Some(self.module.types.vector(s, n as u8))
    }

    fn matrix_template(&mut self, args: Option<&[ast::TemplateArg]>, span: Span) -> Option<TypeId> {
        let Some(args) = args else { return Some(self.module.types.matrix(Scalar::F32, 4, 4)) };
        if args.len() != 3 {
            self.error("E0403", span, "`matrix` takes a scalar type, a row count and a column count");
            return None;
        }
        let elem = self.template_type_arg(&args[0], span)?;
        let r = self.template_int_arg(&args[1])?;
        let c = self.template_int_arg(&args[2])?;
        let Some(TypeInner::Scalar(s)) = Some(*self.module.types.get(elem)) else {
            self.error("E0403", span, format!("matrix element must be a scalar type, found `{}`", self.type_name(elem)));
            return None;
        };
        if !(1..=4).contains(&r) || !(1..=4).contains(&c) {
            self.error("E0403", span, format!("matrix dimensions must be between 1 and 4, found {r}x{c}"));
            return None;
        }
        Some(self.module.types.matrix(s, r as u8, c as u8))
    }

    /// Element type of a texture or typed buffer: a scalar or vector of up to 4 components
    /// (structs are allowed for typed buffers of 16 bytes or less in SM 6.x; not supported).
    fn element_arg(&mut self, args: Option<&[ast::TemplateArg]>, span: Span, what: &str) -> Option<TypeId> {
        let Some(args) = args else { return Some(self.module.types.vector(Scalar::F32, 4)) };
        let Some(first) = args.first() else {
            self.error("E0403", span, format!("`{what}` needs an element type"));
            return None;
        };
        let ty = self.template_type_arg(first, span)?;
        match *self.module.types.get(ty) {
            TypeInner::Scalar(_) | TypeInner::Vector { .. } => Some(ty),
            _ => {
                self.error("E0403", span, format!("`{what}` element must be a scalar or vector, found `{}`", self.type_name(ty)));
                None
            }
        }
    }

    fn resource_template(&mut self, name: &str, args: Option<&[ast::TemplateArg]>, span: Span) -> Option<Option<TypeId>> {
        let (rw, rest) = if let Some(rest) = name.strip_prefix("RasterizerOrdered") {
            (true, rest)
        } else if let Some(rest) = name.strip_prefix("RW") {
            (true, rest)
        } else {
            (false, name)
        };
        let access = if rw { Access::ReadWrite } else { Access::ReadOnly };
        if let Some(dim) = rest.strip_prefix("Texture") {
            let dim = match dim {
                "1D" => TextureDim::D1,
                "1DArray" => TextureDim::D1Array,
                "2D" => TextureDim::D2,
                "2DArray" => TextureDim::D2Array,
                "3D" => TextureDim::D3,
                "Cube" if !rw => TextureDim::Cube,
                "CubeArray" if !rw => TextureDim::CubeArray,
                "2DMS" => TextureDim::D2MS,
                "2DMSArray" => TextureDim::D2MSArray,
                "Buffer" if !rw => {
                    let element = self.struct_template_arg(args, span, name);
                    return Some(element.map(|element| self.resource(Resource::TextureBuffer { element })));
                }
                _ => return None,
            };
            let element = self.element_arg(args, span, name);
            let samples = match args {
                Some([_, s]) if dim.is_multisampled() => self.template_int_arg(s).unwrap_or(0) as u32,
                _ => 0,
            };
            return Some(element.map(|element| self.resource(Resource::Texture { dim, element, access, samples, combined: false })));
        }
        let r = match rest {
            "Buffer" => {
                let element = self.element_arg(args, span, name);
                return Some(element.map(|element| self.resource(Resource::TypedBuffer { element, access })));
            }
            "StructuredBuffer" | "AppendStructuredBuffer" | "ConsumeStructuredBuffer" => {
                let kind = match (name, rw) {
                    ("AppendStructuredBuffer", _) => StructuredKind::Append,
                    ("ConsumeStructuredBuffer", _) => StructuredKind::Consume,
                    (_, true) => StructuredKind::ReadWrite,
                    _ => StructuredKind::ReadOnly,
                };
                let element = self.struct_template_arg(args, span, name);
                return Some(element.map(|element| {
                    let row_major = self.element_majorness(args, element);
                    self.resource(Resource::StructuredBuffer { element, kind, row_major })
                }));
            }
            "ConstantBuffer" if !rw => {
                let element = self.struct_template_arg(args, span, name);
                if let Some(el) = element {
                    if !matches!(self.module.types.get(el), TypeInner::Struct(_)) {
                        self.error("E0403", span, "`ConstantBuffer` element must be a struct");
                        return Some(None);
                    }
                }
                return Some(element.map(|element| self.resource(Resource::ConstantBuffer { element })));
            }
            "FeedbackTexture2D" | "FeedbackTexture2DArray" if !rw => {
                let array = rest.ends_with("Array");
                let kind = match args {
                    Some([a]) => type_or_name_text(a),
                    _ => None,
                };
                let min_mip = match kind.as_deref() {
                    Some("SAMPLER_FEEDBACK_MIN_MIP") => true,
                    Some("SAMPLER_FEEDBACK_MIP_REGION_USED") => false,
                    _ => {
                        self.error("E0403", span, format!("`{name}` needs `SAMPLER_FEEDBACK_MIN_MIP` or `SAMPLER_FEEDBACK_MIP_REGION_USED`"));
                        return Some(None);
                    }
                };
                Resource::FeedbackTexture { array, min_mip }
            }
            _ => return None,
        };
        Some(Some(self.resource(r)))
    }

    /// `vk::SampledTexture2D<T>` and its kin: Vulkan combined image samplers, textures that
    /// sample through their own sampler (`Some(Some(ty))`; `Some(None)` reported, `None` not
    /// such a name).
    fn sampled_texture_type(&mut self, name: &str, args: Option<&[ast::TemplateArg]>, span: Span) -> Option<Option<TypeId>> {
        let dim = match name.strip_prefix("SampledTexture")? {
            "1D" => TextureDim::D1,
            "1DArray" => TextureDim::D1Array,
            "2D" => TextureDim::D2,
            "2DArray" => TextureDim::D2Array,
            "2DMS" => TextureDim::D2MS,
            "2DMSArray" => TextureDim::D2MSArray,
            "3D" => TextureDim::D3,
            "CUBE" => TextureDim::Cube,
            "CUBEArray" => TextureDim::CubeArray,
            _ => return None,
        };
        let element = self.element_arg(args, span, &format!("vk::{name}"));
        Some(element.map(|element| self.resource(Resource::Texture { dim, element, access: Access::ReadOnly, samples: 0, combined: true })))
    }

    fn struct_template_arg(&mut self, args: Option<&[ast::TemplateArg]>, span: Span, what: &str) -> Option<TypeId> {
        match args {
            Some([arg]) => {
                let ty = self.template_type_arg(arg, span)?;
                // Buffer memory holds data only (DXC: "object types not allowed").
                if self.holds_resources(ty) {
                    self.error("E0403", span, format!("the element type `{}` of `{what}` contains resources, which buffer memory cannot hold", self.type_name(ty)))
                        .help("keep the resources outside the buffer's element type");
                    return None;
                }
                Some(ty)
            }
            _ => {
                self.error("E0403", span, format!("`{what}` needs one element type: `{what}<T>`"));
                None
            }
        }
    }

    /// The memory majorness a structured buffer's template argument gives a matrix element
    /// (or an array of matrices): `row_major`/`column_major` written in the argument
    /// (`StructuredBuffer<row_major float3x3>`), the typedef it names, or the
    /// `#pragma pack_matrix` in effect. DXC's SPIR-V honours all three (its
    /// `type.matrix.majorness` and `pragma.pack_matrix` tests: `ColMajor` for row-major
    /// HLSL); its DXIL ignores them, a bug it keeps open (microsoft/DirectXShaderCompiler#2499).
    fn element_majorness(&self, args: Option<&[ast::TemplateArg]>, element: TypeId) -> Option<bool> {
        let mut base = element;
        while let TypeInner::Array { base: b, .. } = *self.module.types.get(base) {
            base = b;
        }
        if !matches!(self.module.types.get(base), TypeInner::Matrix { .. }) {
            return None;
        }
        let Some([ast::TemplateArg::Type(ty)]) = args else { return None };
        let (quals, named) = match &ty.kind {
            ast::TypeKind::Qualified { quals, ty } => (Some(quals), &**ty),
            _ => (None, ty),
        };
        match quals {
            Some(q) if q.has(ast::Qualifier::RowMajor) => Some(true),
            Some(q) if q.has(ast::Qualifier::ColumnMajor) => Some(false),
            _ => self.typedef_majorness_of(named).or(self.pack_matrix_row_major),
        }
    }

    /// Instantiates `S<args>` for a struct template.
    fn instantiate_struct_template(&mut self, template: usize, seg: &ast::PathSegment, span: Span) -> Option<TypeId> {
        // In a struct template's instance, its name without arguments is that instance (C++'s
        // injected-class-name: `Vec2 operator+(Vec2 o)` in `template<typename T> struct Vec2`),
        // even where the template has defaults for every parameter.
        if seg.template_args.is_none() {
            if let Some(ty) = self.enclosing_instance(template) {
                return Some(ty);
            }
        }
        let args = seg.template_args.as_deref().unwrap_or(&[]);
        let values = self.template_arg_values(template, args, span)?;
        match self.instantiate(template, values, span)? {
            super::scope::Instance::Type(ty) => Some(ty),
            _ => None,
        }
    }

    /// The instance of struct template `template` being declared around the current position:
    /// found in the namespace of its arguments, where it is declared as `Name<args>` before
    /// its members (also for an instance of one of its specializations, named the same way).
    fn enclosing_instance(&self, template: usize) -> Option<TypeId> {
        let super::scope::TemplateItem::Struct(decl) = &self.templates[template].item else { return None };
        let prefix = format!("{}<", decl.name.as_ref()?.name);
        let mut ns = Some(self.current_ns);
        while let Some(id) = ns {
            let n = &self.namespaces[id.0 as usize];
            if n.instance {
                if let Some((_, Symbol::Type(ty))) = n.names.iter().find(|(k, _)| k.starts_with(&prefix)) {
                    return Some(*ty);
                }
            }
            ns = n.parent;
        }
        None
    }

    /// Evaluates explicit template arguments against a template's parameter list (defaults
    /// fill the rest).
    pub fn template_arg_values(&mut self, template: usize, args: &[ast::TemplateArg], span: Span) -> Option<Vec<TemplateArgValue>> {
        let params = self.templates[template].params.clone();
        if args.len() > params.len() {
            self.error("E0403", span, format!("too many template arguments: expected at most {}, found {}", params.len(), args.len()));
            return None;
        }
        let mut values = Vec::new();
        for (i, p) in params.iter().enumerate() {
            let v = match (&p.kind, args.get(i)) {
                (ast::TemplateParamKind::Type { .. }, Some(a)) => TemplateArgValue::Type(self.template_type_arg(a, span)?),
                (ast::TemplateParamKind::Value { .. }, Some(a)) => TemplateArgValue::Value(self.template_int_arg(a)?),
                (ast::TemplateParamKind::Type { default: Some(d) }, None) => TemplateArgValue::Type(self.resolve_type(d)?),
                (ast::TemplateParamKind::Value { default: Some(d), .. }, None) => TemplateArgValue::Value(self.const_int(d)?),
                (_, None) => {
                    self.error("E0403", span, format!("missing template argument for `{}`", p.name.name));
                    return None;
                }
            };
            values.push(v);
        }
        Some(values)
    }
}

/// Splits `float4x3` into ("float", (4, 3)), `uint2` into ("uint", (0, 2)), `half` into
/// ("half", (0, 0)); `None` if the dimensions are malformed.
fn numeric_split(name: &str) -> Option<(&str, (u8, u8))> {
    const BASES: &[&str] = &[
        "min16float", "min10float", "min16int", "min12int", "min16uint", "int16_t", "uint16_t", "float16_t", "int32_t",
        "uint32_t", "float32_t", "int64_t", "uint64_t", "float64_t", "double", "float", "dword", "bool", "half", "uint",
        "int",
    ];
    let base = BASES.iter().find(|b| name.starts_with(**b))?;
    let rest = &name[base.len()..];
    let bytes = rest.as_bytes();
    let dim = |b: u8| (b'1'..=b'4').contains(&b).then(|| b - b'0');
    match bytes {
        [] => Some((base, (0, 0))),
        [n] => Some((base, (0, dim(*n)?))),
        [r, b'x', c] => Some((base, (dim(*r)?, dim(*c)?))),
        _ => None,
    }
}

fn type_or_name_text(arg: &ast::TemplateArg) -> Option<String> {
    let path = match arg {
        ast::TemplateArg::Type(ast::TypeSpec { kind: ast::TypeKind::Named(p), .. }) => p,
        ast::TemplateArg::Expr(ast::Expr { kind: ast::ExprKind::Name(p), .. }) => p,
        _ => return None,
    };
    Some(path.segments.last()?.ident.name.as_str().to_owned())
}

/// `a::b<..>::c` as text, for messages.
pub(crate) fn path_text(path: &ast::Path) -> String {
    let mut s = String::new();
    if path.global {
        s.push_str("::");
    }
    for (i, seg) in path.segments.iter().enumerate() {
        if i > 0 {
            s.push_str("::");
        }
        s.push_str(&seg.ident.name);
    }
    s
}

/// The effects framework's object types, which DXC ignores in declarations (the lower-case
/// and capitalised spellings, as DXC accepts them).
pub(crate) fn is_effect_object(name: &str) -> bool {
    matches!(
        name,
        "texture"
            | "Texture"
            | "pixelshader"
            | "PixelShader"
            | "vertexshader"
            | "VertexShader"
            | "pixelfragment"
            | "vertexfragment"
            | "ComputeShader"
            | "DomainShader"
            | "GeometryShader"
            | "HullShader"
            | "BlendState"
            | "DepthStencilState"
            | "DepthStencilView"
            | "RasterizerState"
            | "RenderTargetView"
    )
}
