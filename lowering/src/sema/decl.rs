//! Declarations: globals, constant buffers, structs, typedefs, enums, namespaces, functions.
//!
//! Global variables fall into four classes, exactly as in DXC:
//! - `groupshared` → workgroup memory;
//! - `static` (with or without `const`) → per-invocation private variables; a non-constant
//!   initializer runs at the start of each entry point;
//! - resources and samplers → bindings;
//! - everything else (`float4 g;`, `uniform`, `extern`, even `const float k = 1;`) is a member
//!   of the implicit `$Globals` constant buffer, and its initializer is ignored with a warning
//!   (a frequent porting surprise: `static const` is what declares a constant).

use hlslc_grammar::name::Name;
use super::scope::{FnEntry, StructInfo, Symbol, Template, TemplateItem, VarRef};
use super::modifiers::DeclKind;
use super::registers::RegisterUse;
use super::resource_value::{ResBinding, ResValue};
use super::{Analyzer, FnCtx, FnInfo, ParamInfo};
use crate::tir::{
    self, DeclaredBinding, Field, FuncId, GlobalId, GlobalKind, Interpolation, ParamDir, Register, RegisterClass,
    Semantic,
};
use crate::ty::{Access, Resource, StructId, TypeId, TypeInner};
use hlslc_grammar::ast::{self, Qualifier};
use hlslc_grammar::Span;

/// The name of an anonymous struct's field (`struct S { struct { int x; }; };`): one no user
/// name can take, followed by the field's index.
pub(crate) const ANONYMOUS_FIELD: &str = "$anonymous";

impl Analyzer<'_> {
    pub fn items(&mut self, items: &[ast::Item]) {
        for item in items {
            self.item(item);
        }
    }

    fn item(&mut self, item: &ast::Item) {
        match &item.kind {
            ast::ItemKind::Variable(decl) => self.global_var(decl),
            ast::ItemKind::VariableTemplate { params, decl } => self.variable_template(params, decl),
            ast::ItemKind::Function(decl) => {
                self.function_decl(decl, None);
            }
            ast::ItemKind::Struct(decl) => {
                if let Some(ty) = self.struct_decl(decl) {
                    if !decl.declarators.is_empty() {
                        let var = ast::VarDecl {
                            attrs: decl.attrs.clone(),
                            quals: decl.quals.clone(),
                            ty: ast::TypeSpec { kind: ast::TypeKind::Named(self.synthetic_path(ty, decl.span)), span: decl.span },
                            declarators: decl.declarators.clone(),
                            span: decl.span,
                        };
                        self.global_var(&var);
                    }
                }
            }
            ast::ItemKind::Typedef(decl) => self.typedef(decl),
            ast::ItemKind::TypeAlias(decl) => self.type_alias(decl),
            ast::ItemKind::ConstantBuffer(decl) => self.constant_buffer(decl),
            ast::ItemKind::Namespace(decl) => {
                let parent = self.current_ns;
                let existing = self.namespaces[parent.0 as usize].names.get(decl.name.name.as_str()).cloned();
                let ns = match existing {
                    Some(Symbol::Namespace(ns)) => ns,
                    _ => {
                        self.namespaces.push(super::scope::Namespace::new(Some(parent)));
                        let ns = super::NsId(self.namespaces.len() as u32 - 1);
                        self.declare(&decl.name.name, Symbol::Namespace(ns), decl.name.span);
                        ns
                    }
                };
                self.current_ns = ns;
                self.items(&decl.items);
                self.current_ns = parent;
            }
            ast::ItemKind::Enum(decl) => self.enum_decl(decl),
            ast::ItemKind::Technique(t) => {
                self.warning("W0304", "effects-syntax", t.span, "effect technique ignored, effect syntax is deprecated")
                    .help("hlslc compiles one entry point per invocation: choose it with `-E` and `-T`");
            }
            ast::ItemKind::PackMatrix { row_major } => self.pack_matrix_row_major = Some(*row_major),
            ast::ItemKind::Using(u) => self.using(u),
            ast::ItemKind::StaticAssert(sa) => self.static_assert(sa),
            ast::ItemKind::AccessSpecifier(_) | ast::ItemKind::Empty | ast::ItemKind::Error => {}
        }
    }

    /// A path naming an already-resolved type (used when re-dispatching `struct S {…} s;`).
    pub(super) fn synthetic_path(&mut self, ty: TypeId, span: Span) -> ast::Path {
        // Register the type under a name that cannot clash with user names.
        let name = format!("$type{}", ty.0);
        self.namespaces[0].names.insert(name.clone(), Symbol::Type(ty));
        ast::Path { global: true, ..ast::Path::name(ast::Ident { name: name.into(), span }) }
    }

    // -----------------------------------------------------------------------------------------
    // Global variables
    // -----------------------------------------------------------------------------------------

    /// A global variable declaration (also a variable template's instance, from `call.rs`).
    pub(crate) fn global_var(&mut self, decl: &ast::VarDecl) {
        self.global_var_as(decl, DeclKind::GlobalVariable);
    }

    /// A global variable, or (`kind` = `Field`) a static member of a struct.
    fn global_var_as(&mut self, decl: &ast::VarDecl, kind: DeclKind) {
        if self.effect_object(&decl.ty, &decl.declarators) || self.ray_tracing_subobject(decl) {
            return;
        }
        self.check_modifiers(&decl.quals, kind);
        if decl.attrs.iter().any(|a| a.namespace.as_ref().is_some_and(|n| n.name == "vk")) {
            // The type only decides `vk::counter_binding`; its errors are reported below.
            let n = self.diags.len();
            let ty = self.resolve_type(&decl.ty);
            self.end_probe(n, decl.ty.span);
            let site = if kind == DeclKind::Field { super::vk_attributes::VkSite::Field } else { super::vk_attributes::VkSite::Global(ty) };
            self.check_vk_placement(&decl.attrs, site);
        }
        let Ok(builtin) = self.inline_spirv_builtin_variable(decl) else {
            self.declare_failed(&decl.declarators);
            return;
        };
        let Ok(class) = self.storage_class_attr(decl) else {
            self.declare_failed(&decl.declarators);
            return;
        };
        let marked = builtin.is_some() || class.is_some();
        self.ignored_attrs(&decl.attrs, !marked, true);
        let first = self.module.globals.len();
        if class.is_some() && !decl.quals.has(Qualifier::Static) && !decl.quals.has(Qualifier::GroupShared) {
            // A variable of its own storage class, not a `$Globals` uniform: declared as a
            // private variable, which the SPIR-V pass moves.
            let mut private = decl.clone();
            private.quals.list.push((Qualifier::Static, decl.span));
            self.global_variables(&private);
        } else {
            self.global_variables(decl);
        }
        self.record_precision(&decl.ty, decl.declarators.iter().map(|d| d.name.name.as_str()));
        self.mark_spirv_variables(first, builtin, class, &decl.attrs);
    }

    /// The variables of a global declaration (after [`Self::global_var_as`]'s checks).
    fn global_variables(&mut self, decl: &ast::VarDecl) {
        self.check_written_majorness(&decl.quals, &decl.ty, None, false);
        let decl = &*self.with_typedef_majorness(decl);
        for d in &decl.declarators {
            self.check_reserved_type_name(&d.name, "variable");
            if let Some(a) = d.annotations.first() {
                let span = d.annotations.iter().fold(a.span, |s, x| s.to(x.span));
                self.warning("W0306", "effects-syntax", span, "possible effect annotation ignored, effect syntax is deprecated");
            }
        }
        if let Some(t) = self.template_static_definition_of(decl) {
            self.template_static_definition(t, decl);
            return;
        }
        let Some(base_ty) = self.resolve_type(&decl.ty) else {
            self.declare_failed(&decl.declarators);
            return;
        };
        let q = &decl.quals;
        if matches!(self.module.types.get(base_ty), TypeInner::String) {
            self.string_variables(decl);
            return;
        }
        for d in &decl.declarators {
            if let Some(owner) = &d.qualifier {
                self.static_member_definition(owner, d, base_ty);
                continue;
            }
            if self.redefines_descriptor_heap(&d.name) {
                continue;
            }
            let is_resource_like = self.module.types.is_resource_like(base_ty);
            // Structs with resource members are split (`resource_value.rs`).
            let holds_resources = self.holds_resources(base_ty);
            // A static array may take its length from a brace list (`static const float w[] = { … }`).
            let sized_by_list = q.has(Qualifier::Static) && matches!(d.init, Some(ast::Initializer::Expr(ast::Expr { kind: ast::ExprKind::InitList(_), .. })));
            let Some(ty) = self.apply_array_dims(base_ty, &d.array, is_resource_like || sized_by_list, d.span) else {
                self.declare(&d.name.name, Symbol::Error, d.name.span);
                continue;
            };
            if self.spirv_pointer_variable(ty, d.span) {
                self.declare(&d.name.name, Symbol::Error, d.name.span);
                continue;
            }
            self.check_type_modifiers(&decl.quals, ty);
            let what = if q.has(Qualifier::Static) { "a `static` variable" } else { "a global variable" };
            if self.reject_ray_query_storage(ty, d.span, what) {
                self.declare_failed(std::slice::from_ref(d));
                continue;
            }
            self.check_registers(&d.registers, RegisterUse::Type(ty));
            if let Some(id) = vk_attr_int(self, &decl.attrs, "constant_id") {
                if !matches!(self.module.types.get(ty), TypeInner::Scalar(_)) {
                    self.error("E0401", d.span, "a specialization constant must be a scalar");
                    continue;
                }
                // As DXC: 32-bit (and 16-bit) scalars and bool only, and not `static`.
                if matches!(self.module.types.get(ty), TypeInner::Scalar(s) if s.width == 8) {
                    self.error("E0401", d.span, format!("unsupported specialization constant type `{}`", self.type_name(ty)))
                        .help("use `bool`, `int`, `uint` or `float`");
                    continue;
                }
                if q.has(Qualifier::Static) {
                    self.error("E0401", d.name.span, "specialization constant must be externally visible")
                        .help("remove `static`: the pipeline sets a specialization constant");
                    continue;
                }
                let default = match &d.init {
                    Some(ast::Initializer::Expr(e)) => self.initializer(e, ty).and_then(|v| match self.try_fold(&v) {
                        Ok(Some(c)) => Some(crate::tir::Expr::new(crate::tir::ExprKind::Const(c), ty, v.span)),
                        _ => {
                            self.error("E0422", v.span, "the default of a specialization constant must be a constant");
                            None
                        }
                    }),
                    None => {
                        // As DXC: the pipeline may leave it unset, so it needs a value.
                        self.error("E0422", d.name.span, format!("missing default value for specialization constant `{}`", d.name.name))
                            .help(format!("give it one: `{} = 0;`", d.name.name));
                        None
                    }
                    _ => None,
                };
                let g = self.push_global(&d.name.name, ty, GlobalKind::SpecConstant { id: id as u32, default }, d.span, q);
                self.declare(&d.name.name, Symbol::Var(VarRef::Global(g)), d.name.span);
                continue;
            }
            if decl.attrs.iter().any(|a| a.namespace.as_ref().is_some_and(|n| n.name == "vk") && a.name.name == "push_constant") {
                self.push_constant_block(decl, d, ty, q);
                continue;
            }
            if q.has(Qualifier::GroupShared) {
                if let Some(init) = &d.init {
                    // DXC: "Initializer of external global will be ignored".
                    self.warning("W0303", "global-initializer-ignored", init_span(init, d.span), format!("`{}` is groupshared, its initializer is ignored", d.name.name))
                        .help("initialise the variable from the threads of the group, then call `GroupMemoryBarrierWithGroupSync()`");
                }
                if is_resource_like {
                    self.error("E0701", d.span, "resources cannot be groupshared");
                    continue;
                }
                let id = self.push_global(&d.name.name, ty, GlobalKind::GroupShared, d.span, q);
                if q.has(Qualifier::Const) {
                    self.const_groupshared.insert(id);
                }
                self.declare(&d.name.name, Symbol::Var(VarRef::Global(id)), d.name.span);
            } else if q.has(Qualifier::Static) {
                if holds_resources && self.is_subpass_input(ty) {
                    self.error("E0691", d.name.span, "a `static` `SubpassInput` is not externally visible, which an input attachment must be")
                        .help("remove `static`: declare the input attachment as a global resource");
                    self.declare(&d.name.name, Symbol::Error, d.name.span);
                    continue;
                }
                if holds_resources {
                    // `static` resources alias other resources (DXC's legalization).
                    if !self.indexed_resource_alias(d, ty, None) {
                        self.resource_alias(d, ty);
                    }
                    self.coherent_alias(&d.name.name, q);
                    continue;
                }
                let is_const = q.has(Qualifier::Const);
                let init = match &d.init {
                    Some(ast::Initializer::Expr(e)) => self.initializer(e, ty),
                    Some(ast::Initializer::SamplerState { span, assigned }) => {
                        self.effects_initializer(*span, *assigned);
                        None
                    }
                    None if self.is_unsized_array(ty) => {
                        self.error("E0402", d.span, "array size required")
                            .help("give the array a size, or initialise it with a brace list to take the list's length");
                        self.declare(&d.name.name, Symbol::Error, d.name.span);
                        continue;
                    }
                    None => {
                        // (A `vk::ext_builtin_input` variable's value is the built-in's.)
                        let builtin = decl.attrs.iter().any(|a| a.name.name == "ext_builtin_input" && a.namespace.as_ref().is_some_and(|n| n.name == "vk"));
                        if is_const && !builtin {
                            self.warning("W0301", "uninitialized-const", d.span, "static const variable has no initializer, its value is zero");
                        }
                        None
                    }
                };
                let ty = match (&init, *self.module.types.get(ty)) {
                    (Some(e), TypeInner::Array { size: None, .. }) => e.ty,
                    _ => ty,
                };
                let id = self.push_global(&d.name.name, ty, GlobalKind::Static { init, is_const }, d.span, q);
                self.declare(&d.name.name, Symbol::Var(VarRef::Global(id)), d.name.span);
            } else if holds_resources && !is_resource_like {
                self.global_struct_of_resources(d, &decl.attrs, ty, None);
            } else if is_resource_like {
                let mut binding = self.declared_binding(&decl.attrs, &d.registers, d.span);
                self.check_shader_record(&mut binding, ty, d.span);
                if let Some(fmt) = &binding.vk_image_format {
                    self.check_image_format(fmt, ty, d.span);
                }
                match &d.init {
                    Some(ast::Initializer::SamplerState { span, assigned }) => self.effects_initializer(*span, *assigned),
                    // DXC analyses the initializer of a resource global too, so an undeclared
                    // name (`Texture2D t = NULL;`) is an error; the value itself is not used.
                    Some(ast::Initializer::Expr(e)) if !matches!(e.kind, ast::ExprKind::InitList(_)) => {
                        let _ = self.operand(e);
                    }
                    _ => {}
                }
                if let TypeInner::Resource(Resource::ConstantBuffer { .. }) = self.module.types.get(ty) {
                    self.check_cbuffer_name(&d.name);
                }
                self.check_multidimensional_counters(ty, d.span);
                let id = self.push_global(&d.name.name, ty, GlobalKind::Resource { binding }, d.span, q);
                self.declare(&d.name.name, Symbol::Var(VarRef::Global(id)), d.name.span);
            } else {
                self.globals_member(decl, d, ty);
            }
        }
    }

    /// The effects framework's `= sampler_state { … }` or state block `{ … }`: ignored, as
    /// DXC does, with an `effects-syntax` warning.
    pub(crate) fn effects_initializer(&mut self, span: Span, assigned: bool) {
        if assigned {
            self.warning("W0302", "effects-syntax", span, "effect `sampler_state` assignment ignored, effect syntax is deprecated")
                .help("set filtering and addressing in the wgpu `SamplerDescriptor` on the host");
        } else {
            self.warning("W0305", "effects-syntax", span, "effect state block ignored, effect syntax is deprecated")
                .help("to initialise a variable with braces, write `= { … }`");
        }
    }

    /// Declarations of the effects framework's object types (`PixelShader`, `BlendState`,
    /// `texture` …), which DXC ignores with a warning. Returns true if `ty` names one.
    pub(crate) fn effect_object(&mut self, ty: &ast::TypeSpec, declarators: &[ast::Declarator]) -> bool {
        let ast::TypeKind::Named(path) = &ty.kind else { return false };
        let [segment] = path.segments.as_slice() else { return false };
        if path.global || !super::types::is_effect_object(&segment.ident.name) || self.lookup(&segment.ident.name).is_some() {
            return false;
        }
        self.warning("W0307", "effects-syntax", ty.span, "effect object ignored, effect syntax is deprecated")
            .note(format!("`{}` belongs to the Direct3D effects framework, which DXC and hlslc do not support", segment.ident.name));
        for d in declarators {
            if let Some(ast::Initializer::SamplerState { span, assigned }) = &d.init {
                self.effects_initializer(*span, *assigned);
            }
        }
        self.declare_failed(declarators);
        true
    }

    /// `template<…> static const T v = …;`: a variable template, instantiated where
    /// `v<A…>` is used; a declarator with template arguments (`v<T, T> = …`) specializes
    /// the one declared before, as struct templates are specialized.
    fn variable_template(&mut self, params: &[ast::TemplateParam], decl: &ast::VarDecl) {
        if !self.require_version(2021, template_span(Some(params), decl.span), "templates") {
            self.declare_failed(&decl.declarators);
            return;
        }
        for d in &decl.declarators {
            let one = ast::VarDecl { declarators: vec![d.clone()], ..decl.clone() };
            self.templates.push(Template { params: params.to_vec(), item: TemplateItem::Variable(one), ns: self.current_ns, owner: None });
            let t = self.templates.len() - 1;
            let Some(args) = &d.template_args else {
                self.declare(&d.name.name, Symbol::VariableTemplate(t), d.name.span);
                continue;
            };
            match self.lookup(&d.name.name) {
                Some(Symbol::VariableTemplate(primary)) => self.struct_specializations.entry(primary).or_default().push((t, args.clone())),
                _ => {
                    self.error("E0650", d.name.span, format!("`{}` is specialized but no variable template of that name is declared before", d.name.name))
                        .help("declare the variable template first: `template<class T> static const bool name = …;`");
                }
            }
        }
    }

    /// The struct template whose static member `decl` defines for every instance
    /// (`template<typename T> const T S<T>::table[2] = { … };`: the owner's template
    /// arguments are names declared nowhere, the template's parameters).
    fn template_static_definition_of(&mut self, decl: &ast::VarDecl) -> Option<usize> {
        let mut template = None;
        for d in &decl.declarators {
            let owner = d.qualifier.as_ref()?;
            let (last, _) = owner.segments.split_last()?;
            let args = last.template_args.as_ref()?;
            let mut bare = owner.clone();
            bare.segments.last_mut()?.template_args = None;
            let Some(Symbol::StructTemplate(t)) = self.lookup_path(&bare) else { return None };
            let parameter = |a: &Self, arg: &ast::TemplateArg| template_arg_name(arg).is_some_and(|n| a.lookup_path(&ast::Path::name(n.clone())).is_none());
            if !args.iter().any(|a| parameter(self, a)) || template.is_some_and(|u| u != t) {
                return None;
            }
            template = Some(t);
        }
        template
    }

    /// Records the out-of-line definition of a static member of struct template `t` and
    /// applies it to the instances made so far (later ones take it when instantiated).
    fn template_static_definition(&mut self, t: usize, decl: &ast::VarDecl) {
        self.template_static_definitions.entry(t).or_default().push(decl.clone());
        let mut made: Vec<Vec<super::scope::TemplateArgValue>> =
            self.instances.iter().filter(|((u, _), i)| *u == t && matches!(i, super::scope::Instance::Type(_))).map(|((_, v), _)| v.clone()).collect();
        made.sort_by_key(|v| format!("{v:?}"));
        for values in made {
            self.apply_template_static_definition(t, &values, decl);
        }
    }

    /// Gives the static members `decl` defines their initializers in the instance of struct
    /// template `t` for `values`, the definition's parameter names bound to them.
    pub(crate) fn apply_template_static_definition(&mut self, t: usize, values: &[super::scope::TemplateArgValue], decl: &ast::VarDecl) {
        let mut ns = super::scope::Namespace::new(Some(self.templates[t].ns));
        ns.instance = true;
        let args = decl.declarators.first().and_then(|d| d.qualifier.as_ref()).and_then(|q| q.segments.last()).and_then(|l| l.template_args.clone()).unwrap_or_default();
        for (arg, v) in args.iter().zip(values) {
            let Some(name) = template_arg_name(arg) else { continue };
            let symbol = match v {
                super::scope::TemplateArgValue::Type(ty) => Symbol::Type(*ty),
                super::scope::TemplateArgValue::Value(n) => Symbol::EnumValue { value: *n, ty: self.module.types.scalar(crate::ty::Scalar::I32) },
            };
            ns.names.insert(name.name.as_str().to_owned(), symbol);
        }
        self.namespaces.push(ns);
        let ns_id = super::NsId(self.namespaces.len() as u32 - 1);
        let saved_ns = std::mem::replace(&mut self.current_ns, ns_id);
        let saved_structs = std::mem::take(&mut self.struct_scopes);
        if let Some(base_ty) = self.resolve_type(&decl.ty) {
            for d in &decl.declarators {
                if let Some(owner) = &d.qualifier {
                    self.static_member_definition(owner, d, base_ty);
                }
            }
        }
        self.current_ns = saved_ns;
        self.struct_scopes = saved_structs;
    }

    /// The struct template whose method `decl` (named `name`) defines out of line: `C<T>::f`
    /// where `C` is a struct template and its arguments are the definition's own template
    /// parameters, in order (a primary template's member; a specialization's differs).
    fn template_method_definition_of(&self, decl: &ast::FunctionDecl, name: &ast::Path) -> Option<usize> {
        let (_, owner) = name.segments.split_last()?;
        let args = owner.last()?.template_args.as_ref()?;
        let params = decl.template_params.as_ref()?;
        if args.len() != params.len() || !args.iter().zip(params).all(|(a, p)| template_arg_name(a).is_some_and(|n| n.name == p.name.name)) {
            return None;
        }
        let mut bare = ast::Path { global: name.global, segments: owner.to_vec().into(), span: name.span };
        bare.segments.last_mut()?.template_args = None;
        match self.lookup_path(&bare) {
            Some(Symbol::StructTemplate(t)) => Some(t),
            _ => None,
        }
    }

    /// The struct template instance `C<int>` whose member `template<> R C<int>::f` specializes.
    fn specialized_member_owner(&mut self, name: &ast::Path) -> Option<StructId> {
        let (_, owner) = name.segments.split_last()?;
        owner.last()?.template_args.as_ref()?;
        let mut bare = ast::Path { global: name.global, segments: owner.to_vec().into(), span: name.span };
        bare.segments.last_mut()?.template_args = None;
        let Some(Symbol::StructTemplate(_)) = self.lookup_path(&bare) else { return None };
        let path = ast::Path { global: name.global, segments: owner.to_vec().into(), span: name.span };
        let ty = self.resolve_type(&ast::TypeSpec { kind: ast::TypeKind::Named(path), span: name.span })?;
        match *self.module.types.get(ty) {
            TypeInner::Struct(st) => Some(st),
            _ => None,
        }
    }

    /// Gives the method of instance `st` that `decl` (an explicit specialization of a
    /// member) matches the specialization's body instead of the primary template's.
    fn member_specialization(&mut self, st: StructId, decl: &ast::FunctionDecl) -> Option<FuncId> {
        let mut d = decl.clone();
        d.template_params = None;
        let id = self.find_method_decl(st, &method_name(&d), &d)?;
        self.take_definition_param_names(id, &d);
        if let Some(body) = &d.body {
            // (The primary body's errors no longer count.)
            self.deferred_instance_errors.remove(&id);
            self.function_body(id, &d, body, Some(st));
        }
        Some(id)
    }

    /// A body sees its definition's parameter names, not its declaration's
    /// (`static float f(float a);` … `float S::f(float x) { return x; }`).
    fn take_definition_param_names(&mut self, id: FuncId, decl: &ast::FunctionDecl) {
        let offset = usize::from(matches!(self.fn_infos[id.0 as usize].method_of, Some((_, true))));
        for (param, p) in self.module.functions[id.0 as usize].params[offset..].iter_mut().zip(&decl.params) {
            if let Some(n) = &p.name {
                param.name = n.name.as_str().to_owned();
            }
        }
    }

    /// Records the out-of-line definition of a method of struct template `t` and gives it to
    /// the instances made so far (later ones take it when instantiated, `call.rs`).
    fn template_method_definition(&mut self, t: usize, decl: &ast::FunctionDecl) {
        // (Checked here, where the definition is, whether or not an instance exists.)
        let method = method_name(decl);
        let declared = match &self.templates[t].item {
            TemplateItem::Struct(sd) => sd.members.iter().flatten().any(|m| matches!(&m.kind, ast::ItemKind::Function(f) if method_name(f) == method)),
            _ => false,
        };
        if !declared {
            let shown = shown_method_name(&method);
            self.error("E0302", decl.span, format!("no declaration of method `{shown}` matches this definition"))
                .help("declare the method in the struct template first");
            return;
        }
        self.template_method_definitions.entry(t).or_default().push(decl.clone());
        let mut made: Vec<Vec<super::scope::TemplateArgValue>> =
            self.instances.iter().filter(|((u, _), i)| *u == t && matches!(i, super::scope::Instance::Type(_))).map(|((_, v), _)| v.clone()).collect();
        made.sort_by_key(|v| format!("{v:?}"));
        for values in made {
            // (An instance made from a specialization has that specialization's methods.)
            if self.match_specialization(t, &values).is_none() {
                self.apply_template_method_definition(t, &values, decl);
            }
        }
    }

    /// Defines the method `decl` defines out of line in the instance of struct template `t`
    /// for `values`: the body analysed with the definition's parameter names bound to them,
    /// its errors set aside until a call uses the method, as an inline method's are.
    pub(crate) fn apply_template_method_definition(&mut self, t: usize, values: &[super::scope::TemplateArgValue], decl: &ast::FunctionDecl) {
        let Some(super::scope::Instance::Type(ty)) = self.instances.get(&(t, values.to_vec())).copied() else { return };
        let TypeInner::Struct(st) = *self.module.types.get(ty) else { return };
        let method = method_name(decl);
        // (Inside the instance's own namespace, so the body also sees the struct's names and
        // `function_body` keeps this one.)
        let parent = self.struct_infos[st.0 as usize].ns.unwrap_or(self.templates[t].ns);
        let mut ns = super::scope::Namespace::new(Some(parent));
        ns.instance = true;
        for (p, v) in decl.template_params.iter().flatten().zip(values) {
            let symbol = match v {
                super::scope::TemplateArgValue::Type(ty) => Symbol::Type(*ty),
                super::scope::TemplateArgValue::Value(n) => Symbol::EnumValue { value: *n, ty: self.module.types.scalar(crate::ty::Scalar::I32) },
            };
            ns.names.insert(p.name.name.as_str().to_owned(), symbol);
        }
        self.namespaces.push(ns);
        let ns_id = super::NsId(self.namespaces.len() as u32 - 1);
        let saved_ns = std::mem::replace(&mut self.current_ns, ns_id);
        let saved_structs = std::mem::replace(&mut self.struct_scopes, vec![st]);
        let saved_func = self.func.take();
        let mut d = decl.clone();
        d.template_params = None;
        let n = self.diags.len();
        let found = self.find_method_decl(st, &method, &d);
        // (A definition that matches no declaration is reported once, not per instance.)
        if n < self.diags.len() && self.diags[..n].iter().any(|e| e.span == self.diags[n].span && e.message == self.diags[n].message) {
            self.diags.truncate(n);
        }
        if let Some(id) = found {
            self.take_definition_param_names(id, &d);
            if let Some(body) = &d.body {
                let n = self.diags.len();
                self.struct_scopes.clear();
                self.function_body(id, &d, body, Some(st));
                if self.diags[n..].iter().any(|e| e.severity == hlslc_grammar::Severity::Error) {
                    let errors: Vec<_> = self.diags.drain(n..).collect();
                    self.deferred_instance_errors.insert(id, errors);
                }
            }
        }
        self.current_ns = saved_ns;
        self.struct_scopes = saved_structs;
        self.func = saved_func;
    }

    /// `int S::count = 1;`: gives the static member `S::count` its initializer.
    fn static_member_definition(&mut self, owner: &ast::Path, d: &ast::Declarator, ty: TypeId) {
        let mut path = owner.clone();
        path.segments.push(ast::PathSegment { ident: d.name.clone(), template_args: None });
        let mut found = self.lookup_path(&path);
        if found.is_none() && owner.segments.iter().any(|s| s.template_args.is_some()) {
            // A member of a struct template's instance (`S<T>::table`, `T` bound).
            let n = self.diags.len();
            let owner_ty = self.resolve_type(&ast::TypeSpec { kind: ast::TypeKind::Named(owner.clone()), span: owner.span });
            self.diags.truncate(n);
            if let Some(TypeInner::Struct(st)) = owner_ty.map(|t| *self.module.types.get(t)) {
                found = self.lookup_member(st, &d.name.name, false);
            }
        }
        match found {
            Some(Symbol::Var(VarRef::Global(g))) => {
                // The definition repeats the member's type, dimensions included
                // (`static const int a[2];` defined as `const int S::a[2] = { … };`).
                let declared = self.module.globals[g.0 as usize].ty;
                let Some(defined) = self.apply_array_dims(ty, &d.array, true, d.span) else { return };
                let unsized_of = |a: &Self| matches!((a.module.types.get(defined), a.module.types.get(declared)), (TypeInner::Array { base, size: None }, TypeInner::Array { base: b, .. }) if base == b);
                if defined != declared && !unsized_of(self) {
                    self.error("E0301", d.span, format!("`{}` is declared as `{}` and defined as `{}`", super::types::path_text(&path), self.type_name(declared), self.type_name(defined)))
                        .help("write the static member's definition with the type of its declaration");
                    return;
                }
                let ty = declared;
                let init = match &d.init {
                    Some(ast::Initializer::Expr(e)) => self.initializer(e, ty),
                    _ => None,
                };
                if let GlobalKind::Static { init: slot, .. } = &mut self.module.globals[g.0 as usize].kind {
                    if init.is_some() {
                        *slot = init;
                        // The declaration's "no initializer" warning no longer holds.
                        let declared_at = self.module.globals[g.0 as usize].span;
                        self.diags.retain(|w| !(w.code == "W0301" && w.span == declared_at));
                    }
                }
            }
            _ => {
                self.error("E0302", d.span, format!("`{}` is not a static member", super::types::path_text(&path)));
            }
        }
    }

    /// Declares a resource variable: the resources its initializer names, or none yet
    /// (`resource_value.rs`).
    pub fn resource_alias(&mut self, d: &ast::Declarator, ty: TypeId) {
        if !self.module.types.is_resource_like(ty) {
            // A struct with resources (or an array of them): split into its resources and
            // variables for its data members.
            let Some(fresh) = self.fresh_value(ty, &d.name.name, d.span) else {
                self.declare(&d.name.name, Symbol::Error, d.name.span);
                return;
            };
            let value = match &d.init {
                Some(ast::Initializer::Expr(e)) => self.init_value(fresh, ty, e),
                _ => Some(fresh),
            };
            let sym = match value {
                Some(value) => Symbol::Alias(ResBinding { value, ty, assigned: d.span, slot: None }),
                None => Symbol::Error,
            };
            self.declare(&d.name.name, sym, d.name.span);
            return;
        }
        let (value, ty) = match &d.init {
            Some(ast::Initializer::Expr(e)) => {
                let Some(v) = self.resource_value(e, ty) else {
                    self.declare(&d.name.name, Symbol::Error, d.name.span);
                    return;
                };
                let ty = self.sized_resource_type(ty, &v);
                (v, ty)
            }
            Some(ast::Initializer::SamplerState { span, assigned }) => {
                self.effects_initializer(*span, *assigned);
                (ResValue::Unset(d.span), ty)
            }
            // An array of resources: each element is assigned on its own (`a[0] = t0;`).
            None if matches!(self.module.types.get(ty), TypeInner::Array { size: Some(_), .. }) => match self.fresh_value(ty, &d.name.name, d.span) {
                Some(v) => (v, ty),
                None => (ResValue::Unset(d.span), ty),
            },
            None => (ResValue::Unset(d.span), ty),
        };
        if self.func.is_none() && matches!(value, ResValue::Unset(_)) {
            self.global_static_resources.insert(d.span, d.name.name.as_str().to_owned());
        }
        let slot = self.mirror_declared(&d.name.name, &value, ty, None);
        self.declare(&d.name.name, Symbol::Alias(ResBinding { value, ty, assigned: d.span, slot }), d.name.span);
    }

    /// DXC's SPIR-V back end rejects multi-dimensional arrays of `RWStructuredBuffer`,
    /// `AppendStructuredBuffer` and `ConsumeStructuredBuffer` (their counters); its DXIL back
    /// end, and hlslc's WGSL, flatten them like other resource arrays.
    fn check_multidimensional_counters(&mut self, ty: TypeId, span: Span) {
        if self.options.target != crate::options::Target::SpirV {
            return;
        }
        let TypeInner::Array { base, .. } = *self.module.types.get(ty) else { return };
        let TypeInner::Array { base: mut element, .. } = *self.module.types.get(base) else { return };
        while let TypeInner::Array { base, .. } = *self.module.types.get(element) {
            element = base;
        }
        if let TypeInner::Resource(Resource::StructuredBuffer { kind, .. }) = *self.module.types.get(element) {
            if kind != crate::ty::StructuredKind::ReadOnly {
                self.error("E0682", span, "multi-dimensional arrays of `RWStructuredBuffer`, `AppendStructuredBuffer` and `ConsumeStructuredBuffer` are not supported when targeting SPIR-V, as in DXC")
                    .help("use a one-dimensional array (index it with `i * n + j`), or compile for WGSL");
            }
        }
    }

    /// A `globallycoherent` resource variable makes the global resource it denotes coherent
    /// (a descriptor heap, an element of a resource array), as DXC decorates that variable.
    pub(crate) fn coherent_alias(&mut self, name: &str, q: &ast::Qualifiers) {
        if !q.has(Qualifier::GloballyCoherent) {
            return;
        }
        if let Some(Symbol::Alias(ResBinding { value: ResValue::Place(p), .. })) = self.lookup(name) {
            if let tir::PlaceRoot::Global(g) = p.root {
                self.module.globals[g.0 as usize].globally_coherent = true;
            }
        }
    }

    /// The place a resource value denotes, if it can be resolved at compile time (a global
    /// resource, or an element of a resource array with a constant index).
    pub fn alias_place(&mut self, op: super::expr::Operand, ty: TypeId, span: Span) -> Option<crate::tir::Place> {
        if op.ty != ty && !(self.module.types.is_resource_like(op.ty) && self.resource_compatible_types(op.ty, ty)) {
            self.error("E0421", span, format!("cannot convert from `{}` to `{}`", self.type_name(op.ty), self.type_name(ty)));
            return None;
        }
        match op.value {
            super::expr::Value::Place(mut p) if matches!(p.root, crate::tir::PlaceRoot::Global(_)) => {
                // An element of a global resource array chosen at run time: the index is
                // taken now, into a local of its own (later changes to the variables it reads
                // do not move the resource); specialised functions get it as a parameter.
                // (At global scope, an index a call in a global initializer returned is fixed.)
                let fixed = |a: &Self, i: &crate::tir::Expr| a.func.is_none() && matches!(&i.kind, crate::tir::ExprKind::Load(q) if matches!(q.root, crate::tir::PlaceRoot::Global(g) if a.fixed_index_statics.contains(&g)));
                let dynamic = p.projections.iter().any(|proj| match proj {
                    crate::tir::Projection::Index(i) => !matches!(self.try_fold(i), Ok(Some(_))) && !fixed(self, i),
                    _ => false,
                });
                // (Inside `?:`/`&&`/`||` operands and loop headers the index stays as it is:
                // there it is only passed to a call, which takes it at once.)
                let blocked = self.func.as_ref().is_none_or(|f| f.hoist_blocked > 0);
                if dynamic && blocked && self.func.is_some() {
                    return Some(p);
                }
                if dynamic && self.func.is_some() {
                    for proj in p.projections.iter_mut() {
                        let crate::tir::Projection::Index(i) = proj else { continue };
                        if matches!(self.try_fold(i), Ok(Some(_))) {
                            continue;
                        }
                        let (ity, ispan) = (i.ty, i.span);
                        let local = self.add_local("resource_index", ity, ispan, false);
                        let target = crate::tir::Place { root: crate::tir::PlaceRoot::Local(local), projections: Default::default(), ty: ity, span: ispan };
                        let value = std::mem::replace(&mut **i, crate::tir::Expr::new(crate::tir::ExprKind::Load(Box::new(target.clone())), ity, ispan));
                        self.assign_data(&target, value, ispan)?;
                    }
                    return Some(p);
                }
                if dynamic {
                    self.error("E0707", span, "a resource chosen by a run-time index cannot be passed or assigned as a resource")
                        .note("WGSL and naga IR name a resource only through its global variable, so each use must resolve to one resource at compile time, as DXC's legalization requires")
                        .help("index the resource array inside the function (pass the index instead), or use a constant index");
                    return None;
                }
                Some(p)
            }
            _ => {
                self.error("E0707", span, "this resource cannot be resolved at compile time")
                    .help("resource variables must name a global resource (or a constant element of a resource array), as DXC's legalization requires");
                None
            }
        }
    }

    /// A global (uniform) struct with resource members: each resource becomes a global of its
    /// own, named `var.member` and bound in declaration order, as DXC does for SPIR-V.
    /// Its data members go to `$Globals` as one member of the struct's type without its
    /// resources (named like the variable), so they keep the struct's constant-buffer layout,
    /// where DXC's resources take no space.
    /// Inside a `cbuffer` (`cbuffer`: its struct and global), the data go to that buffer.
    /// A struct (or array of structs) of resources only, declared with registers or a
    /// `[[vk::binding(N)]]`, places its resources in order (fields in order, element after
    /// element) from what is declared ([`StructBinding`]): with `[[vk::binding(N)]]`, or under
    /// DXC's binding policy, it is one variable occupying consecutive bindings from N in DXC's
    /// SPIR-V (`getNumBindingsUsedByResourceType`), so its k-th resource gets binding N + k;
    /// otherwise each resource takes the next register of its own class from that class's
    /// `register(xN)`, as DXC numbers them for DXIL (`register(t0) : register(s0)` on a struct
    /// of two textures and a sampler: `t0`, `t1`, `s0`), and one of a class with no register
    /// is placed like an unannotated resource.
    fn global_struct_of_resources(&mut self, d: &ast::Declarator, attrs: &[ast::Attribute], ty: TypeId, cbuffer: Option<(StructId, GlobalId)>) {
        let data = match self.data_only_type(ty) {
            Some(_) if self.options.target == crate::options::Target::SpirV => {
                // DXC's SPIR-V back end rejects these (its DXIL back end takes them).
                self.error("E0683", d.span, format!("the global `{}` mixes resources and data members, which DXC does not support when targeting SPIR-V", d.name.name))
                    .help("declare the data members in a `cbuffer` and the struct with only its resources, or compile for WGSL");
                self.declare(&d.name.name, Symbol::Error, d.name.span);
                return;
            }
            Some(dty) => {
                let (buffer, field) = match cbuffer {
                    Some((st, buffer)) => {
                        let field = self.field(&d.name, dty, None, &ast::Qualifiers::default(), None, d.span);
                        let index = self.module.structs[st.0 as usize].fields.len() as u32;
                        self.module.structs[st.0 as usize].fields.push(field);
                        self.struct_infos[st.0 as usize].fields.insert(d.name.name.as_str().to_owned(), index);
                        (buffer, index)
                    }
                    None => self.globals_field(&d.name, dty, &ast::Qualifiers::default(), None, d.span),
                };
                Some(self.var_place(VarRef::CBufferMember { buffer, field }, d.span))
            }
            None => None,
        };
        let mut base = if data.is_none() && (!d.registers.is_empty() || vk_attr(attrs, "binding").is_some()) {
            let b = self.declared_binding(attrs, &[], d.span);
            let registers: Vec<(Register, u32)> = d.registers.iter().filter_map(|r| self.declared_binding(&[], std::slice::from_ref(r), d.span).register).filter(|r| r.index != u32::MAX).map(|r| (r, 0)).collect();
            let one_range = b.vk_binding.is_some() || self.options.binding_policy == crate::options::BindingPolicy::Dxc;
            (!registers.is_empty() || b.vk_binding.is_some()).then_some(StructBinding { vk_binding: b.vk_binding, registers, one_range, placed: 0 })
        } else {
            None
        };
        let Some(value) = self.global_resources_of(ty, &d.name.name, data.clone(), d.span, &mut base) else {
            self.declare(&d.name.name, Symbol::Error, d.name.span);
            return;
        };
        if !d.registers.is_empty() && data.is_some() {
            self.warning("W0702", "struct-register-ignored", d.span, "a `register` on a struct with resources and data is ignored, its resources are bound in declaration order");
        }
        self.declare(&d.name.name, Symbol::Alias(ResBinding { value, ty, assigned: d.span, slot: None }), d.name.span);
    }

    /// The value of a global struct (or array) with resources: a global per resource, and
    /// for data members, the part of `data` (the `$Globals` member holding them) they are.
    /// `base`: where the struct's next resource goes, when it declares registers or a binding.
    fn global_resources_of(&mut self, ty: TypeId, name: &str, data: Option<tir::Place>, span: Span, base: &mut Option<StructBinding>) -> Option<ResValue> {
        match *self.module.types.get(ty) {
            TypeInner::Struct(st) if !self.module.types.is_resource_like(ty) => {
                let fields = self.module.structs[st.0 as usize].fields.clone();
                let mut items = Vec::new();
                for f in fields {
                    let part = data.as_ref().and_then(|p| self.field_of(p, &f.name));
                    if !self.holds_resources(f.ty) {
                        let Some(part) = part else {
                            self.error("E0801", span, format!("the data member `{}` of the global `{name}` has no place in `$Globals`", f.name));
                            return None;
                        };
                        items.push(ResValue::Data(part));
                        continue;
                    }
                    items.push(self.global_resources_of(f.ty, &format!("{name}.{}", f.name), part, span, base)?);
                }
                Some(ResValue::Struct(items))
            }
            TypeInner::Array { base: base_ty, size: Some(n) } if !self.module.types.is_resource_like(ty) => {
                let mut items = Vec::new();
                let uint = self.module.types.scalar(crate::ty::Scalar::U32);
                for k in 0..n.min(4096) {
                    let part = data.as_ref().and_then(|p| match *self.module.types.get(p.ty) {
                        TypeInner::Array { base: elem, .. } => {
                            let index = tir::Expr::new(tir::ExprKind::Const(tir::ConstValue::Uint(k as u64)), uint, span);
                            let mut q = p.clone();
                            q.projections.push(tir::Projection::Index(Box::new(index)));
                            q.ty = elem;
                            Some(q)
                        }
                        _ => None,
                    });
                    items.push(self.global_resources_of(base_ty, &format!("{name}[{k}]"), part, span, base)?);
                }
                Some(ResValue::Array(items))
            }
            _ => {
                let class = self.natural_register_class(ty);
                let binding = base.as_mut().map_or_else(DeclaredBinding::default, |b| b.next(class));
                let id = self.push_global(name, ty, GlobalKind::Resource { binding }, span, &ast::Qualifiers::default());
                Some(ResValue::Place(tir::Place { root: tir::PlaceRoot::Global(id), projections: Default::default(), ty, span }))
            }
        }
    }

    /// Declares the names of declarators whose type failed, so their uses are not reported
    /// again.
    pub fn declare_failed(&mut self, declarators: &[ast::Declarator]) {
        for d in declarators {
            if self.lookup(&d.name.name).is_none() {
                self.declare(&d.name.name, Symbol::Error, d.name.span);
            }
        }
    }

    /// The field `name` of the struct a place holds.
    pub(crate) fn field_of(&self, p: &tir::Place, name: &str) -> Option<tir::Place> {
        let TypeInner::Struct(st) = *self.module.types.get(p.ty) else { return None };
        let &k = self.struct_infos[st.0 as usize].fields.get(name)?;
        let mut q = p.clone();
        q.projections.push(tir::Projection::Field(k));
        q.ty = self.module.structs[st.0 as usize].fields[k as usize].ty;
        Some(q)
    }

    /// A type holding resources without them: structs keep their data members (and, from
    /// members holding resources, those members' data), arrays their elements'; `None` when
    /// nothing is left (a resource, or a struct of resources only).
    pub(crate) fn data_only_type(&mut self, ty: TypeId) -> Option<TypeId> {
        if !self.holds_resources(ty) {
            return Some(ty);
        }
        match *self.module.types.get(ty) {
            TypeInner::Struct(st) => {
                let def = self.module.structs[st.0 as usize].clone();
                let mut fields = Vec::new();
                for f in def.fields {
                    if let Some(t) = self.data_only_type(f.ty) {
                        fields.push(tir::Field { ty: t, ..f });
                    }
                }
                if fields.is_empty() {
                    return None;
                }
                // (One data-only type per struct: an equal one made before is reused.)
                let same = |d: &tir::StructDef| d.name == def.name && d.fields.len() == fields.len() && d.fields.iter().zip(&fields).all(|(a, b)| a.name == b.name && a.ty == b.ty);
                if let Some(k) = self.module.structs.iter().enumerate().position(|(k, d)| k != st.0 as usize && same(d)) {
                    return Some(self.module.types.insert(TypeInner::Struct(StructId(k as u32))));
                }
                let mut info = StructInfo::default();
                for (k, f) in fields.iter().enumerate() {
                    info.fields.insert(f.name.clone(), k as u32);
                }
                self.module.structs.push(tir::StructDef { name: def.name, fields, span: def.span });
                self.struct_infos.push(info);
                Some(self.module.types.insert(TypeInner::Struct(StructId(self.module.structs.len() as u32 - 1))))
            }
            TypeInner::Array { base, size } => {
                let b = self.data_only_type(base)?;
                Some(self.module.types.array(b, size))
            }
            _ => None,
        }
    }

    /// Adds a loose uniform to `$Globals`.
    fn globals_member(&mut self, decl: &ast::VarDecl, d: &ast::Declarator, ty: TypeId) {
        if self.spirv_type_in_buffer(ty, d.span) {
            return;
        }
        if let Some(ast::Initializer::SamplerState { span, assigned }) = &d.init {
            self.effects_initializer(*span, *assigned);
        } else if let Some(init) = &d.init {
            // DXC analyses the initializer (its value is only a default for reflection), so
            // an undeclared name (`= NULL`) or a value that does not convert is still an error.
            if let ast::Initializer::Expr(e) = init {
                if !matches!(self.module.types.get(ty), TypeInner::Void | TypeInner::String) {
                    let _ = self.initializer(e, ty);
                }
            }
            self.warning(
                "W0303",
                "global-initializer-ignored",
                init_span(init, d.span),
                format!("`{}` is a uniform in `$Globals`, its initializer is ignored", d.name.name),
            )
            .help("declare it `static const` to make it a constant");
        }
        if matches!(self.module.types.get(ty), TypeInner::Void | TypeInner::String) {
            self.error("E0401", d.span, format!("variable `{}` cannot have type `{}`", d.name.name, self.type_name(ty)));
            return;
        }
        // A `$Globals` member has no binding of its own (DXC's rule).
        if let Some(a) = decl.attrs.iter().find(|a| a.namespace.as_ref().is_some_and(|n| n.name == "vk") && a.name.name == "binding") {
            self.error("E0750", a.span, format!("`{}` is a uniform in `$Globals` and cannot have `vk::binding`", d.name.name))
                .help("bind the whole `$Globals` buffer with `-fvk-bind-globals BINDING SET`, or declare the variable `static` or inside a `cbuffer` with its own binding");
        }
        if let Some(p) = &d.packoffset {
            self.error("E0702", p.span, format!("`packoffset` on `{}`, which is not in a constant buffer", d.name.name)).help("declare it inside a `cbuffer`, or place a `$Globals` member with `register(c<N>)`");
        }
        let packoffset = self.register_c_offset(&d.registers);
        let (buffer, index) = self.globals_field(&d.name, ty, &decl.quals, packoffset, d.span);
        self.declare(&d.name.name, Symbol::Var(VarRef::CBufferMember { buffer, field: index }), d.name.span);
    }

    /// Global `string` variables (`string name = "…";`, also `const`, as DXC accepts them):
    /// DXIL drops them and DXC's SPIR-V keeps them only for `printf`, which hlslc removes,
    /// so they hold no storage; any other use is E0653 (`Analyzer::string_globals`).
    fn string_variables(&mut self, decl: &ast::VarDecl) {
        for d in &decl.declarators {
            // (DXC: "Found uninitialized string variable.")
            let literal = match &d.init {
                Some(ast::Initializer::Expr(e)) => matches!(e.kind, ast::ExprKind::Literal(ast::Literal::String(_))),
                _ => false,
            };
            if !literal || !d.array.is_empty() {
                self.error("E0653", d.span, format!("string variable `{}` must be initialised with a string literal", d.name.name))
                    .help("write `string name = \"text\";`");
                self.declare(&d.name.name, Symbol::Error, d.name.span);
                continue;
            }
            self.string_globals.insert(d.name.name.as_str().to_owned(), d.name.span);
        }
    }

    /// A new member of `$Globals`: (the `$Globals` global, the member's index).
    fn globals_field(&mut self, name: &ast::Ident, ty: TypeId, quals: &ast::Qualifiers, packoffset: Option<u32>, span: Span) -> (GlobalId, u32) {
        let buffer = match self.globals_cbuffer {
            Some(g) => g,
            None => {
                self.module.structs.push(tir::StructDef { name: "$Globals".into(), fields: Vec::new(), span: Span::UNDEFINED });
                let st = StructId(self.module.structs.len() as u32 - 1);
                self.struct_infos.push(StructInfo::default());
                let sty = self.module.types.insert(TypeInner::Struct(st));
                let cty = self.module.types.insert(TypeInner::Resource(Resource::ConstantBuffer { element: sty }));
                let g = self.push_global("$Globals", cty, GlobalKind::Resource { binding: DeclaredBinding::default() }, Span::UNDEFINED, &ast::Qualifiers::default());
                self.globals_cbuffer = Some(g);
                g
            }
        };
        let field = self.field(name, ty, None, quals, packoffset, span);
        let st = self.cbuffer_struct(buffer);
        let index = self.module.structs[st.0 as usize].fields.len() as u32;
        self.module.structs[st.0 as usize].fields.push(field);
        self.struct_infos[st.0 as usize].fields.insert(name.name.as_str().to_owned(), index);
        (buffer, index)
    }

    /// The struct of a constant-buffer global.
    pub fn cbuffer_struct(&self, buffer: GlobalId) -> StructId {
        match *self.module.types.get(self.module.globals[buffer.0 as usize].ty) {
            TypeInner::Resource(Resource::ConstantBuffer { element }) | TypeInner::Resource(Resource::TextureBuffer { element }) => {
                match *self.module.types.get(element) {
                    TypeInner::Struct(s) => s,
                    _ => StructId(0),
                }
            }
            _ => StructId(0),
        }
    }

    pub(crate) fn push_global(&mut self, name: &str, ty: TypeId, kind: GlobalKind, span: Span, q: &ast::Qualifiers) -> GlobalId {
        self.module.globals.push(tir::Global {
            name: name.to_string(),
            ty,
            kind,
            span,
            precise: q.has(Qualifier::Precise),
            globally_coherent: q.has(Qualifier::GloballyCoherent),
        });
        GlobalId(self.module.globals.len() as u32 - 1)
    }

    /// Analyses an initializer (expression or brace list) converted to `ty`.
    pub fn initializer(&mut self, e: &ast::Expr, ty: TypeId) -> Option<tir::Expr> {
        if let ast::ExprKind::InitList(items) = &e.kind {
            return self.init_list(items, ty, e.span);
        }
        let value = self.operand(e)?;
        self.convert_implicit(value, ty, e.span)
    }

    fn check_cbuffer_name(&mut self, name: &ast::Ident) {
        const RESERVED: &[&str] = &["ConstantBuffer", "TextureBuffer", "StructuredBuffer", "Buffer", "Texture2D", "SamplerState"];
        if RESERVED.contains(&name.name.as_str()) {
            self.error("E0303", name.span, format!("`{}` is a reserved type name and cannot name a constant buffer", name.name))
                .help("rename the constant buffer");
        }
    }

    // -----------------------------------------------------------------------------------------
    // Constant buffers
    // -----------------------------------------------------------------------------------------

    fn constant_buffer(&mut self, decl: &ast::ConstantBufferDecl) {
        self.check_cbuffer_name(&decl.name);
        self.check_vk_placement(&decl.attrs, super::vk_attributes::VkSite::ConstantBuffer);
        let usage = match decl.kind {
            ast::ConstantBufferKind::CBuffer => RegisterUse::ConstantBuffer,
            ast::ConstantBufferKind::TBuffer => RegisterUse::TextureBuffer,
        };
        self.check_registers(&decl.registers, usage);
        self.module.structs.push(tir::StructDef { name: decl.name.name.as_str().to_owned(), fields: Vec::new(), span: decl.span });
        let st = StructId(self.module.structs.len() as u32 - 1);
        self.struct_infos.push(StructInfo::default());
        let sty = self.module.types.insert(TypeInner::Struct(st));
        let resource = match decl.kind {
            ast::ConstantBufferKind::CBuffer => Resource::ConstantBuffer { element: sty },
            ast::ConstantBufferKind::TBuffer => Resource::TextureBuffer { element: sty },
        };
        let cty = self.module.types.insert(TypeInner::Resource(resource));
        let mut binding = self.declared_binding(&decl.attrs, &decl.registers, decl.span);
        self.check_shader_record(&mut binding, cty, decl.span);
        let buffer = self.push_global(&decl.name.name, cty, GlobalKind::Resource { binding }, decl.span, &ast::Qualifiers::default());
        if decl.kind == ast::ConstantBufferKind::CBuffer {
            self.cbuffer_blocks.insert(buffer);
        }
        self.cbuffer_members(&decl.members, st, buffer);
    }

    /// The declarations inside a `cbuffer`/`tbuffer`: variables are its members (a struct
    /// declared with declarators too), and in a namespace declared inside it they are members
    /// in that namespace; everything else (functions, types, nested buffers) is declared as
    /// if it were outside, as DXC does.
    fn cbuffer_members(&mut self, members: &[ast::Item], st: StructId, buffer: GlobalId) {
        for member in members {
            match &member.kind {
                ast::ItemKind::Variable(v) => self.cbuffer_member(v, st, buffer),
                ast::ItemKind::Struct(s) => {
                    let Some(ty) = self.struct_decl(s) else { continue };
                    if !s.declarators.is_empty() {
                        let var = ast::VarDecl {
                            attrs: s.attrs.clone(),
                            quals: s.quals.clone(),
                            ty: ast::TypeSpec { kind: ast::TypeKind::Named(self.synthetic_path(ty, s.span)), span: s.span },
                            declarators: s.declarators.clone(),
                            span: s.span,
                        };
                        self.cbuffer_member(&var, st, buffer);
                    }
                }
                ast::ItemKind::Namespace(ns) => {
                    let parent = self.current_ns;
                    let existing = self.namespaces[parent.0 as usize].names.get(ns.name.name.as_str()).cloned();
                    let id = match existing {
                        Some(Symbol::Namespace(id)) => id,
                        _ => {
                            self.namespaces.push(super::scope::Namespace::new(Some(parent)));
                            let id = super::NsId(self.namespaces.len() as u32 - 1);
                            self.declare(&ns.name.name, Symbol::Namespace(id), ns.name.span);
                            id
                        }
                    };
                    self.current_ns = id;
                    self.cbuffer_members(&ns.items, st, buffer);
                    self.current_ns = parent;
                }
                _ => self.item(member),
            }
        }
    }

    /// One variable declaration inside a constant buffer.
    fn cbuffer_member(&mut self, v: &ast::VarDecl, st: StructId, buffer: GlobalId) {
        if v.quals.has(Qualifier::Static) || v.quals.has(Qualifier::GroupShared) {
            // `static` inside a cbuffer is an ordinary static global.
            self.global_var(v);
            return;
        }
        self.check_modifiers(&v.quals, DeclKind::GlobalVariable);
        let Some(base) = self.resolve_type(&v.ty) else { return };
        self.cbuffer_member_variables(v, st, buffer, base);
        self.record_precision(&v.ty, v.declarators.iter().map(|d| d.name.name.as_str()));
    }

    /// The declarators of a constant-buffer member declaration of type `base`.
    fn cbuffer_member_variables(&mut self, v: &ast::VarDecl, st: StructId, buffer: GlobalId, base: TypeId) {
        self.check_written_majorness(&v.quals, &v.ty, Some(base), false);
        let v = &*self.with_typedef_majorness(v);
        for d in &v.declarators {
            self.check_type_keyword_name(&d.name, "constant buffer member");
            let Some(ty) = self.apply_array_dims(base, &d.array, false, d.span) else { continue };
            self.check_type_modifiers(&v.quals, ty);
            // A resource hoisted out of the buffer still has its `packoffset` parsed, whose
            // register must be a `c` one (DXC's parser).
            if let (Some(p), true) = (&d.packoffset, self.holds_resources(ty)) {
                let _ = self.packoffset(p);
            }
            if self.holds_resources(ty) && !self.module.types.is_resource_like(ty) {
                // A struct with resources: its resources are hoisted, its data stay here.
                self.global_struct_of_resources(d, &[], ty, Some((st, buffer)));
                continue;
            }
            if self.holds_resources(ty) {
                // DXC hoists resources out of cbuffers into ordinary bindings.
                let one = ast::VarDecl { declarators: vec![d.clone()], ..v.clone() };
                self.global_var(&one);
                continue;
            }
            // A data member's `register(…)` letter must fit its type, as on a global.
            self.check_registers(&d.registers, RegisterUse::Type(ty));
            if let Some(init) = &d.init {
                self.warning("W0303", "global-initializer-ignored", init_span(init, d.span), "constant buffer member initializer is ignored");
            }
            let packoffset = d.packoffset.as_ref().and_then(|p| self.packoffset(p).map(|o| (o, p.span)));
            if let Some((offset, span)) = packoffset {
                self.check_packoffset_placement(ty, offset, span);
            }
            let field = self.field(&d.name, ty, None, &v.quals, packoffset.map(|(o, _)| o), d.span);
            let index = self.module.structs[st.0 as usize].fields.len() as u32;
            self.module.structs[st.0 as usize].fields.push(field);
            self.struct_infos[st.0 as usize].fields.insert(d.name.name.as_str().to_owned(), index);
            self.declare(&d.name.name, Symbol::Var(VarRef::CBufferMember { buffer, field: index }), d.name.span);
        }
    }

    /// DXC's placement rules for `packoffset`: a matrix, array or struct starts a register
    /// (`c<N>`, component x); a scalar or vector stays inside one register.
    fn check_packoffset_placement(&mut self, ty: TypeId, offset: u32, span: Span) {
        let within = offset % 16;
        let size = match *self.module.types.get(ty) {
            TypeInner::Scalar(s) => Some(s.width as u32),
            TypeInner::Vector { size, scalar } => Some(size as u32 * scalar.width as u32),
            TypeInner::Matrix { .. } | TypeInner::Array { .. } | TypeInner::Struct(_) => None,
            _ => return,
        };
        let name = self.type_name(ty);
        match size {
            None if within != 0 => {
                self.error("E0702", span, format!("a `{name}` placed with `packoffset` must start a register")).help("use `packoffset(c<N>)` without a component for matrices, arrays and structs");
            }
            Some(size) if within + size > 16 => {
                self.error("E0702", span, format!("`packoffset` places `{name}` across a register boundary")).help("start it at a component from which it fits in the 16-byte register, or at the next register");
            }
            _ => {}
        }
    }

    /// `packoffset(c3.y)` → byte offset 52.
    fn packoffset(&mut self, p: &ast::PackOffset) -> Option<u32> {
        let reg = &p.register.name;
        let index = reg.strip_prefix(['c', 'C']).and_then(register_number);
        let Some(index) = index else {
            self.error("E0702", p.register.span, format!("invalid packoffset register `{reg}`")).help("write `packoffset(c<N>)` or `packoffset(c<N>.<x|y|z|w>)`");
            return None;
        };
        let comp: u64 = match p.component.as_ref().map(|c| c.name.as_str()) {
            None | Some("x") | Some("r") => 0,
            Some("y") | Some("g") => 1,
            Some("z") | Some("b") => 2,
            Some("w") | Some("a") => 3,
            Some(other) => {
                self.error("E0702", p.span, format!("invalid packoffset component `{other}`"));
                return None;
            }
        };
        self.constant_offset(u64::from(index) * 16 + comp * 4, p.register.span)
    }

    /// `register(c3)` on a `$Globals` member → byte offset.
    fn register_c_offset(&mut self, registers: &[ast::Register]) -> Option<u32> {
        for r in registers.iter().filter(|r| self.register_applies_among(r, registers)) {
            if let Some(slot) = &r.slot {
                if let Some(n) = slot.name.strip_prefix(['c', 'C']).and_then(register_number) {
                    return self.constant_offset(u64::from(n) * 16, slot.span);
                }
            }
        }
        None
    }

    /// A byte offset placed by `packoffset` or `register(c#)`, within the limit that keeps a
    /// constant buffer's layout (offset plus the member's size, itself at most 1 GiB like any
    /// array) in 32 bits; DXC's DXIL validator allows 64 KiB, its SPIR-V path has no limit.
    fn constant_offset(&mut self, bytes: u64, span: Span) -> Option<u32> {
        const MAX_CONSTANT_OFFSET: u64 = 1 << 30;
        if bytes >= MAX_CONSTANT_OFFSET {
            self.error("E0702", span, format!("constant placed at byte {bytes}, past the limit of {MAX_CONSTANT_OFFSET} bytes for a constant buffer"))
                .help("place it at a lower register (a D3D constant buffer holds 4096 registers, 65536 bytes)");
            return None;
        }
        u32::try_from(bytes).ok()
    }

    /// `[[vk::push_constant]] S pcs;` or `[[vk::push_constant]] ConstantBuffer<S> pcs;`: the
    /// variable leaves `$Globals` and becomes the module's one push-constant block, read like a
    /// `ConstantBuffer<S>` (with D3D's constant-buffer packing, as D3D12's root constants).
    fn push_constant_block(&mut self, decl: &ast::VarDecl, d: &ast::Declarator, ty: TypeId, q: &ast::Qualifiers) {
        let element = match *self.module.types.get(ty) {
            TypeInner::Resource(Resource::ConstantBuffer { element }) => element,
            TypeInner::Struct(_) => ty,
            _ => {
                self.error("E0401", d.span, format!("a push constant block must be a struct or a `ConstantBuffer<T>`, found `{}`", self.type_name(ty)))
                    .help("wrap the values in a struct");
                self.declare(&d.name.name, Symbol::Error, d.name.span);
                return;
            }
        };
        let binding = self.declared_binding(&decl.attrs, &d.registers, d.span);
        if binding.vk_binding.is_some() {
            self.error("E0703", d.span, "`vk::push_constant` cannot be used together with `vk::binding`")
                .help("push constants have no binding; remove one of the two attributes");
        }
        let previous = self.module.globals.iter().find(|g| matches!(&g.kind, GlobalKind::Resource { binding } if binding.push_constant)).map(|g| g.span);
        if let Some(previous) = previous {
            self.error("E0703", d.span, "cannot have more than one push constant block")
                .related(previous, "push constant block previously defined here")
                .help("put all push constants in one struct");
        }
        let cty = self.module.types.insert(TypeInner::Resource(Resource::ConstantBuffer { element }));
        let id = self.push_global(&d.name.name, cty, GlobalKind::Resource { binding }, d.span, q);
        self.declare(&d.name.name, Symbol::Var(VarRef::Global(id)), d.name.span);
    }

    /// `[[vk::shader_record_ext]]`/`[[vk::shader_record_nv]]` (DXC: on `cbuffer` and
    /// `ConstantBuffer<T>` only), without `vk::binding` (E0634). An entry point may read one
    /// (lowering checks it: each is a naga immediate block, one per entry point).
    fn check_shader_record(&mut self, binding: &mut DeclaredBinding, ty: TypeId, span: Span) {
        if !binding.shader_record {
            return;
        }
        if !matches!(self.module.types.get(ty), TypeInner::Resource(Resource::ConstantBuffer { .. })) {
            self.error("E0634", span, "`vk::shader_record_ext` applies to `cbuffer` and `ConstantBuffer<T>` declarations only")
                .help("declare the shader record as `[[vk::shader_record_ext]] ConstantBuffer<Record> record;`");
            binding.shader_record = false;
            return;
        }
        if binding.vk_binding.is_some() {
            self.error("E0634", span, "a shader record buffer has no binding, so `vk::binding` cannot be used with it")
                .help("remove one of the two attributes");
        }
    }

    /// Whether a `register(...)` applies to the shader being compiled: `register(ps_5_0, t0)`
    /// and `register(ps, c1)` for that stage's profile, one without a profile always; and,
    /// when none of a declaration's `registers` names this stage, each of them — DXC ignores
    /// the profile at SM 6 (its DXIL and SPIR-V back ends both read the register alone), so
    /// `register(vs, t1)` places a pixel shader's texture at t1 (vkd3d's
    /// register-reservations-profile test, checked on Windows).
    fn register_applies_among(&self, r: &ast::Register, registers: &[ast::Register]) -> bool {
        self.register_applies(r) || !registers.iter().any(|o| self.register_applies(o))
    }

    fn register_applies(&self, r: &ast::Register) -> bool {
        let Some(profile) = &r.profile else { return true };
        self.options.profile.is_none_or(|p| {
            let stage_prefix = profile.name.split('_').next().unwrap_or("");
            crate::options::Profile::parse(&format!("{stage_prefix}_6_0")).is_some_and(|q| q.stage == p.stage)
        })
    }

    /// Collects `register(...)` and `[[vk::…]]` binding information.
    fn declared_binding(&mut self, attrs: &[ast::Attribute], registers: &[ast::Register], span: Span) -> DeclaredBinding {
        let mut b = DeclaredBinding::default();
        for r in registers {
            if !self.register_applies_among(r, registers) {
                continue;
            }
            let space = match &r.space {
                Some(s) => match s.name.strip_prefix("space").and_then(|n| n.parse::<u32>().ok()) {
                    Some(n) => n,
                    None => {
                        self.error("E0703", s.span, format!("invalid register space `{}`", s.name)).help("write `space<N>`");
                        continue;
                    }
                },
                None => self.options.bindings.default_space,
            };
            let Some(slot) = &r.slot else {
                b.register = Some(Register { class: RegisterClass::T, index: u32::MAX, space, span: r.span });
                continue;
            };
            let text = slot.name.to_ascii_lowercase();
            let (class, rest) = text.split_at_checked(1).unwrap_or((&text, ""));
            let class = match class {
                "b" => RegisterClass::B,
                "t" => RegisterClass::T,
                "u" => RegisterClass::U,
                "s" => RegisterClass::S,
                "c" => RegisterClass::C,
                // Reported by `check_registers`.
                _ => continue,
            };
            let Some(index) = register_number(rest) else {
                let d = self.error("E0703", slot.span, format!("invalid register `{}`", slot.name));
                if rest.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
                    // `register(b##slot)` pasted a macro argument's name: FXC expanded it first.
                    d.help("a register is a class letter and a number, e.g. `b3`; if this was pasted with `##` from a macro argument, compile with `-flegacy-macro-expansion` (FXC's order) or paste through a helper macro");
                } else {
                    d.help("a register is a class letter and a number, e.g. `b3`");
                }
                continue;
            };
            b.register = Some(Register { class, index, space, span: r.span });
        }
        for a in attrs {
            let ns = a.namespace.as_ref().map(|n| n.name.as_str());
            if ns != Some("vk") {
                continue;
            }
            let ints: Vec<Option<i64>> = a.args.iter().map(|e| self.const_int_quiet(e)).collect();
            match a.name.name.as_str() {
                "binding" => match ints.as_slice() {
                    [Some(b0)] => b.vk_binding = Some((*b0 as u32, self.options.bindings.default_space)),
                    [Some(b0), Some(s)] => b.vk_binding = Some((*b0 as u32, *s as u32)),
                    _ => {
                        self.error("E0703", a.span, "`vk::binding` takes a binding and an optional set");
                    }
                },
                "counter_binding" => b.vk_counter_binding = ints.first().copied().flatten().map(|v| v as u32),
                "combinedImageSampler" => b.combined_image_sampler = true,
                "input_attachment_index" => b.vk_input_attachment_index = ints.first().copied().flatten().map(|v| v as u32),
                "push_constant" => b.push_constant = true,
                "shader_record_ext" | "shader_record_nv" => b.shader_record = true,
                "image_format" => {
                    if let Some(ast::Expr { kind: ast::ExprKind::Literal(ast::Literal::String(s)), .. }) = a.args.first() {
                        b.vk_image_format = Some(s.clone());
                    }
                }
                _ => {}
            }
        }
        let _ = span;
        b
    }

    /// Whether `ty` is a `SubpassInput(MS)` or an array of them.
    fn is_subpass_input(&self, ty: TypeId) -> bool {
        let mut ty = ty;
        while let TypeInner::Array { base, .. } = *self.module.types.get(ty) {
            ty = base;
        }
        matches!(self.module.types.get(ty), TypeInner::Resource(crate::ty::Resource::SubpassInput { .. }))
    }

    /// `[[vk::image_format("…")]]` on a declaration (used or not, as DXC checks it): a format
    /// Vulkan knows, and on a storage image one whose channels have the element's scalar type, 64-bit formats for 64-bit
    /// elements only (Vulkan's format-type matching table).
    fn check_image_format(&mut self, fmt: &str, ty: TypeId, span: Span) {
        let Some(channels) = image_format_channels(fmt) else {
            self.error("E0705", span, format!("unknown image format `{fmt}`")).help("use one of Vulkan's storage formats, e.g. `rgba8`, `r32f`, `rg32ui`");
            return;
        };
        let mut t = ty;
        while let TypeInner::Array { base, .. } = *self.module.types.get(t) {
            t = base;
        }
        let element = match *self.module.types.get(t) {
            // DXC checks the storage images only (a read-only `Buffer<int4>` may say `rgba16ui`).
            TypeInner::Resource(Resource::Texture { element, access: Access::ReadWrite, .. } | Resource::TypedBuffer { element, access: Access::ReadWrite }) => element,
            _ => return,
        };
        let (Some((kind, wide)), Some(es)) = (channels, self.module.types.scalar_of(element)) else { return };
        if es.kind != kind || wide != (es.width == 8) {
            let t = self.type_name(element);
            self.error("E0705", span, format!("the image format `{fmt}` cannot hold `{t}` elements"))
                .help("pick a format whose channels have the element's scalar type (see Vulkan's format-type matching table)");
        }
    }

    // -----------------------------------------------------------------------------------------
    // Structs, typedefs, enums
    // -----------------------------------------------------------------------------------------

    /// The data members one declaration of struct `st` declares (`float a, b[2] : TEXCOORD;`,
    /// bit-fields); `base_fields` counts the fields that came from base structs.
    fn struct_fields(&mut self, st: StructId, v: &ast::VarDecl, base_fields: u32, open_unit: &mut Option<super::bit_fields::OpenUnit>) {
        self.check_written_majorness(&v.quals, &v.ty, None, false);
        let v = &*self.with_typedef_majorness(v);
        self.check_modifiers(&v.quals, DeclKind::Field);
        self.check_vk_placement(&v.attrs, super::vk_attributes::VkSite::Field);
        self.ignored_inline_spirv_attrs(&v.attrs, true);
        let Some(base) = self.resolve_type(&v.ty) else { return };
        for d in &v.declarators {
            self.check_type_keyword_name(&d.name, "field");
            let Some(ty) = self.apply_array_dims(base, &d.array, false, d.span) else { continue };
            self.check_type_modifiers(&v.quals, ty);
            // DXC: "packoffset is only allowed in a constant buffer", a struct's fields included.
            if let Some(p) = &d.packoffset {
                self.error("E0702", p.span, format!("`packoffset` on struct member `{}`: only members of a constant buffer can be placed", d.name.name))
                    .help("remove the `packoffset`, and place the constant-buffer member of this struct's type instead");
            }
            if let Some(w) = &d.bit_width {
                if self.require_version(2021, w.span, "bit-fields") {
                    self.bit_field_member(st, d, ty, w, open_unit, base_fields);
                }
                continue;
            }
            *open_unit = None;
            let info = &self.struct_infos[st.0 as usize];
            let own_field = info.fields.get(d.name.name.as_str()).is_some_and(|&i| i >= base_fields);
            let own_bit_field = info.bit_fields.get(d.name.name.as_str()).is_some_and(|&(i, _)| i >= base_fields);
            if own_field || own_bit_field {
                self.error("E0301", d.name.span, format!("duplicate member `{}`", d.name.name));
                continue;
            }
            // A base's bit-field of this name is hidden too.
            self.struct_infos[st.0 as usize].bit_fields.remove(d.name.name.as_str());
            if self.module.types.get(ty) == &TypeInner::Struct(st) {
                self.error("E0305", d.span, "a struct cannot contain itself");
                continue;
            }
            if self.reject_ray_query_storage(ty, d.span, "a struct member") {
                continue;
            }
            let semantic = self.semantic_with_location(d.semantic.as_ref(), &v.attrs);
            let mut field = self.field(&d.name, ty, semantic, &v.quals, None, d.span);
            field.vk_offset = self.vk_offset(&v.attrs);
            let idx = self.module.structs[st.0 as usize].fields.len() as u32;
            self.module.structs[st.0 as usize].fields.push(field);
            self.struct_infos[st.0 as usize].fields.insert(d.name.name.as_str().to_owned(), idx);
            if super::precision::written_vector(&v.ty) {
                self.written_vector_fields.insert((st, idx));
            }
        }
    }

    /// Records struct template `decl` (a primary template or a specialization) in the current
    /// namespace and returns its index in `templates`.
    fn push_struct_template(&mut self, decl: &ast::StructDecl) -> usize {
        // Payload access qualifiers are checked where they are written, instantiated or not.
        self.payload_access_in_template(decl);
        self.templates.push(Template { params: decl.template_params.clone().unwrap_or_default(), item: TemplateItem::Struct(decl.clone()), ns: self.current_ns, owner: None });
        self.templates.len() - 1
    }

    /// Declares a struct (or completes a forward declaration) and returns its type.
    pub fn struct_decl(&mut self, decl: &ast::StructDecl) -> Option<TypeId> {
        // `struct TS<float4> x;`: an elaborated type naming a template instance.
        if let (None, Some(args), None, Some(name)) = (&decl.template_params, &decl.specialization, &decl.members, &decl.name) {
            let segment = ast::PathSegment { ident: name.clone(), template_args: Some(args.clone().into_boxed_slice()) };
            let path = ast::Path { global: false, segments: ast::Segments::one(segment), span: decl.span };
            return self.resolve_type(&ast::TypeSpec { kind: ast::TypeKind::Named(path), span: decl.span });
        }
        if decl.template_params.is_some() {
            if !self.require_version(2021, template_span(decl.template_params.as_deref(), decl.span), "templates") {
                if let Some(n) = &decl.name {
                    self.declare(&n.name, Symbol::Error, n.span);
                }
                return None;
            }
            let Some(name) = &decl.name else {
                self.error("E0305", decl.span, "a struct template needs a name");
                return None;
            };
            let previous = match self.namespaces[self.current_ns.0 as usize].names.get(name.name.as_str()) {
                Some(Symbol::StructTemplate(t)) => Some(*t),
                _ => None,
            };
            // `template<> struct S<int> { … }`, `template<uint M> struct S<M, 0> { … }`.
            if let Some(pattern) = &decl.specialization {
                let Some(primary) = previous.or_else(|| match self.lookup(&name.name) {
                    Some(Symbol::StructTemplate(t)) => Some(t),
                    _ => None,
                }) else {
                    self.error("E0302", name.span, format!("`{}` is not a struct template", name.name))
                        .help("declare the primary template before its specializations");
                    return None;
                };
                let t = self.push_struct_template(decl);
                self.struct_specializations.entry(primary).or_default().push((t, pattern.clone()));
                return None;
            }
            // A template declared before and defined now (or declared again).
            if let Some(t) = previous {
                if let TemplateItem::Struct(old) = &self.templates[t].item {
                    if old.members.is_none() {
                        self.templates[t].item = TemplateItem::Struct(decl.clone());
                        self.templates[t].params = decl.template_params.clone().unwrap_or_default();
                        return None;
                    }
                    // Declared again without a body: nothing new.
                    decl.members.as_ref()?;
                }
            }
            let t = self.push_struct_template(decl);
            self.declare(&name.name, Symbol::StructTemplate(t), name.span);
            return None;
        }
        if decl.kind == ast::StructKind::Interface {
            self.error("E0309", decl.span, "interfaces are not supported")
                .help("HLSL interfaces (class linkage) were removed in DXC; use a struct or templates");
            return None;
        }
        // `struct S x;` and `struct S;` name a struct already in scope (an elaborated type
        // specifier), complete or not.
        if decl.members.is_none() {
            if let Some(Symbol::Type(ty)) = decl.name.as_ref().and_then(|n| self.lookup(&n.name)) {
                if matches!(self.module.types.get(ty), TypeInner::Struct(_)) {
                    return Some(ty);
                }
            }
        }
        let name = decl.name.as_ref().map(|n| n.name.as_str().to_owned()).unwrap_or_else(|| format!("$anon{}", self.module.structs.len()));
        // Complete a forward declaration if there is one in this scope.
        let existing = decl.name.as_ref().and_then(|n| match self.lookup(&n.name) {
            Some(Symbol::Type(ty)) => match *self.module.types.get(ty) {
                TypeInner::Struct(s) if self.struct_infos[s.0 as usize].incomplete => Some((s, ty)),
                _ => None,
            },
            _ => None,
        });
        let (st, ty) = match existing {
            Some(found) => found,
            None => {
                self.module.structs.push(tir::StructDef { name: name.clone(), fields: Vec::new(), span: decl.span });
                let st = StructId(self.module.structs.len() as u32 - 1);
                let outer = if self.func.is_none() { self.struct_scopes.last().copied() } else { None };
                self.struct_infos.push(StructInfo { ns: Some(self.current_ns), incomplete: true, outer, ..Default::default() });
                let ty = self.module.types.insert(TypeInner::Struct(st));
                if let Some(n) = &decl.name {
                    self.declare(&n.name, Symbol::Type(ty), n.span);
                }
                (st, ty)
            }
        };
        let Some(members) = &decl.members else { return Some(ty) };
        self.struct_body(st, decl, members);
        Some(ty)
    }

    fn struct_body(&mut self, st: StructId, decl: &ast::StructDecl, members: &[ast::Item]) {
        if decl.attrs.iter().any(|a| a.name.name.eq_ignore_ascii_case("NodeTrackRWInputSharing")) {
            self.track_rw_input_sharing.insert(st);
        }
        // One concrete base at most (DXC: "multiple concrete base types specified").
        if let Some(second) = decl.bases.get(1) {
            self.error("E0305", second.span, "a struct can have only one base struct")
                .help("derive from one struct, and make the other a member");
        }
        // Base class fields come first.
        for base in &decl.bases {
            let Some(bty) = self.resolve_type(base) else { continue };
            match *self.module.types.get(bty) {
                // DXC declares its built-in structs `final`.
                TypeInner::Struct(b) if self.is_builtin_struct(b) => {
                    let name = self.module.structs[b.0 as usize].name.clone();
                    self.error("E0305", base.span, format!("`{name}` is a built-in struct marked final and cannot be a base"))
                        .help("make it a member of the struct instead");
                }
                TypeInner::Struct(b) if !self.struct_infos[b.0 as usize].incomplete => {
                    let fields = self.module.structs[b.0 as usize].fields.clone();
                    for f in fields {
                        let idx = self.module.structs[st.0 as usize].fields.len() as u32;
                        for (k, bf) in f.bit_fields.iter().enumerate().filter(|(_, bf)| !bf.name.is_empty()) {
                            self.struct_infos[st.0 as usize].bit_fields.insert(bf.name.clone(), (idx, k as u32));
                        }
                        if f.bit_fields.is_empty() {
                            self.struct_infos[st.0 as usize].fields.insert(f.name.clone(), idx);
                        }
                        self.module.structs[st.0 as usize].fields.push(f);
                    }
                    self.struct_infos[st.0 as usize].base = Some(b);
                }
                _ => {
                    self.error("E0305", base.span, format!("`{}` is not a complete struct and cannot be a base", self.type_name(bty)));
                }
            }
        }
        // Fields below this index came from base structs: a member of the same name shadows
        // them (C++), it does not collide.
        let base_fields = self.module.structs[st.0 as usize].fields.len() as u32;
        let mut methods = Vec::new();
        // Names the members declare (static members, nested types, typedefs) belong to the
        // struct; method bodies find them through `this`'s struct.
        self.struct_scopes.push(st);
        let mut open_unit = None;
        let pack_matrix_before = self.pack_matrix_row_major;
        for m in members {
            match &m.kind {
                ast::ItemKind::Variable(v) if v.quals.has(Qualifier::Static) => {
                    for d in &v.declarators {
                        if let Some(w) = &d.bit_width {
                            self.error("E0424", w.span, format!("static member `{}` cannot be a bit-field", d.name.name)).help("remove `static` or the width");
                        }
                    }
                    // Static members are globals reachable as `S::name` or by name in methods.
                    let before = self.module.globals.len();
                    // Declared into the struct (`struct_scopes`), so that two structs'
                    // `static const int N` do not collide.
                    self.with_struct_scope(st, |a| a.global_var_as(v, DeclKind::Field));
                    for (i, g) in self.module.globals.iter().enumerate().skip(before) {
                        self.struct_infos[st.0 as usize].members.insert(g.name.clone(), Symbol::Var(VarRef::Global(GlobalId(i as u32))));
                    }
                }
                ast::ItemKind::Variable(v) => self.struct_fields(st, v, base_fields, &mut open_unit),
                ast::ItemKind::Function(f) => methods.push(f),
                ast::ItemKind::Struct(s) => {
                    let ty = self.with_struct_scope(st, |a| a.struct_decl(s));
                    if let (Some(ty), Some(n)) = (ty, &s.name) {
                        self.struct_infos[st.0 as usize].members.insert(n.name.as_str().to_owned(), Symbol::Type(ty));
                    }
                    // `struct { int x; } field;`: fields of the nested (often anonymous) type.
                    // `struct { int x; };` (an anonymous struct, C11's and MSVC's, which DXC
                    // takes): one unnamed field of that type, whose members are found by name
                    // through it (`member`); it keeps the nested struct's layout.
                    let anonymous = s.name.is_none() && s.declarators.is_empty();
                    if let (Some(ty), true) = (ty, !s.declarators.is_empty() || anonymous) {
                        let declarators = if anonymous {
                            let n = self.module.structs[st.0 as usize].fields.len();
                            let name = ast::Ident { name: format!("{ANONYMOUS_FIELD}{n}").as_str().into(), span: s.span };
                            vec![ast::Declarator::new(name, s.span)]
                        } else {
                            s.declarators.clone()
                        };
                        let v = ast::VarDecl {
                            attrs: s.attrs.clone(),
                            quals: s.quals.clone(),
                            ty: ast::TypeSpec { kind: ast::TypeKind::Named(self.synthetic_path(ty, s.span)), span: s.span },
                            declarators,
                            span: s.span,
                        };
                        self.struct_fields(st, &v, base_fields, &mut open_unit);
                    }
                }
                // DXC rejects `typedef` in a struct in every language version ("nested
                // typedefs are not supported"), though `using Name = Type;` is allowed; the
                // name is still recorded, so that its uses report nothing more.
                ast::ItemKind::Typedef(t) => {
                    self.error("E0304", m.span, "a typedef cannot be declared in a struct")
                        .help("declare the typedef outside the struct, or write `using Name = Type;`");
                    if let Some(base) = self.resolve_type(&t.ty) {
                        for (n, dims) in &t.names {
                            if let Some(ty) = self.apply_array_dims(base, dims, true, n.span) {
                                self.struct_infos[st.0 as usize].members.insert(n.name.as_str().to_owned(), Symbol::Type(ty));
                            }
                        }
                    }
                }
                // `using Name = Type;` in a struct, like a member typedef.
                ast::ItemKind::TypeAlias(t) if t.template_params.is_none() => {
                    if let Some(ty) = self.resolve_type(&t.ty) {
                        self.struct_infos[st.0 as usize].members.insert(t.name.name.as_str().to_owned(), Symbol::Type(ty));
                    }
                }
                ast::ItemKind::Enum(e) => self.with_struct_scope(st, |a| a.enum_decl(e)),
                ast::ItemKind::StaticAssert(sa) => self.with_struct_scope(st, |a| a.static_assert(sa)),
                // DXC runs `#pragma pack_matrix` wherever its parser meets it: among a struct's
                // members it sets the majorness of the fields after it, and stays in effect
                // after the struct, as one between declarations would.
                ast::ItemKind::PackMatrix { row_major } => self.pack_matrix_row_major = Some(*row_major),
                ast::ItemKind::AccessSpecifier(_) | ast::ItemKind::Empty | ast::ItemKind::Error => {}
                _ => {
                    self.error("E0304", m.span, "this declaration is not allowed in a struct");
                }
            }
        }
        self.struct_scopes.pop();
        if self.instantiating_struct {
            // A struct template's instance replays its members where it is used: a pragma
            // among them is the template's, not a new one at the point of use.
            self.pack_matrix_row_major = pack_matrix_before;
        }
        self.struct_infos[st.0 as usize].incomplete = false;
        self.payload_struct(st, decl, members);
        // Method signatures first (methods may call each other), then bodies.
        self.struct_scopes.push(st);
        let ids: Vec<Option<FuncId>> = methods.iter().map(|f| self.method_signature(st, f)).collect();
        self.struct_scopes.pop();
        // A struct template instance's methods are instantiated where they are used (C++
        // [temp.inst]), so errors in a body wait for a call choosing the method.
        let deferring = std::mem::replace(&mut self.instantiating_struct, false);
        for (f, id) in methods.iter().zip(ids) {
            if let (Some(id), Some(body)) = (id, &f.body) {
                let n = self.diags.len();
                self.function_body(id, f, body, Some(st));
                if deferring && self.diags[n..].iter().any(|d| d.severity == hlslc_grammar::Severity::Error) {
                    let mut errors: Vec<_> = self.diags.drain(n..).collect();
                    if decl.bases.is_empty() {
                        let name = self.fn_infos[id.0 as usize].name.clone();
                        self.report_non_dependent(&mut errors, &name);
                    }
                    if errors.iter().any(|d| d.severity == hlslc_grammar::Severity::Error) {
                        self.deferred_instance_errors.insert(id, errors);
                    }
                }
            }
        }
        self.instantiating_struct = deferring;
    }

    /// Reports, from the deferred errors of a struct template instance's method, those that
    /// do not depend on the template's arguments: DXC (clang) looks a name that is not a
    /// call's callee, or the callee of a call whose arguments are literals, up where the
    /// template is defined, and reports it undeclared there even if no call ever instantiates
    /// the method. Taken only when it is the body's first error (a
    /// name is also undeclared after a declaration whose dependent type failed) and the
    /// struct has no base (a dependent base could declare it); each is reported once.
    fn report_non_dependent(&mut self, errors: &mut Vec<hlslc_grammar::Diagnostic>, method: &str) {
        let Some(first) = errors.iter().position(|d| d.severity == hlslc_grammar::Severity::Error) else { return };
        let d = &errors[first];
        // (An unqualified name only: `T::value` depends on `T`; a called function's name
        // only when the arguments are literals, `nope()` or `nope(1)`, as `nope(x)` with a
        // dependent `x` is looked up where the template is instantiated.)
        let undeclared_name = d.message.starts_with("use of undeclared identifier") && !d.message.contains("::");
        let undeclared_call = d.message.starts_with("use of undeclared function") && self.non_dependent_calls.contains(&d.span);
        if d.code != "E0306" || !(undeclared_name || undeclared_call) {
            return;
        }
        let mut d = errors.remove(first);
        if self.non_dependent_reported.insert(d.span) {
            d.notes.push(format!(
                "the name does not depend on a template parameter, so it is looked up where the template is defined, though no call uses `{method}`"
            ));
            self.diags.push(d);
        }
    }

    /// Runs `f` with names declared into the struct's member table (nested types, statics).
    fn with_struct_scope<R>(&mut self, st: StructId, f: impl FnOnce(&mut Self) -> R) -> R {
        self.struct_scopes.push(st);
        let r = f(self);
        self.struct_scopes.pop();
        r
    }

    fn field(&mut self, name: &ast::Ident, ty: TypeId, semantic: Option<Semantic>, q: &ast::Qualifiers, packoffset: Option<u32>, span: Span) -> Field {
        let row_major = if q.has(Qualifier::RowMajor) {
            Some(true)
        } else if q.has(Qualifier::ColumnMajor) {
            Some(false)
        } else {
            self.pack_matrix_row_major
        };
        Field {
            name: name.name.as_str().to_owned(),
            ty,
            semantic,
            interpolation: interpolation(q),
            precise: q.has(Qualifier::Precise),
            row_major,
            packoffset,
            vk_offset: None,
            bit_fields: Vec::new(),
            span,
        }
    }

    /// `[[vk::offset(N)]]` on a struct member: N bytes, a multiple of 4 (hlslc reads buffers
    /// a 32-bit word at a time).
    fn vk_offset(&mut self, attrs: &[ast::Attribute]) -> Option<u32> {
        let a = vk_attr(attrs, "offset")?;
        match a.args.as_slice() {
            [e] => match self.const_int_quiet(e) {
                Some(n) if n >= 0 && n % 4 == 0 && n <= u32::MAX as i64 => Some(n as u32),
                _ => {
                    self.error("E0703", a.span, "`vk::offset` takes a constant byte offset that is a multiple of 4").help("write e.g. `[[vk::offset(16)]]`");
                    None
                }
            },
            _ => {
                self.error("E0703", a.span, "`vk::offset` takes one byte offset").help("write e.g. `[[vk::offset(16)]]`");
                None
            }
        }
    }

    /// `decl` with the majorness of the typedef its type names (`typedef row_major float4x4
    /// M;` then `M m;`) as its own qualifier, unless it writes one.
    fn with_typedef_majorness<'d>(&self, decl: &'d ast::VarDecl) -> std::borrow::Cow<'d, ast::VarDecl> {
        if decl.quals.has(Qualifier::RowMajor) || decl.quals.has(Qualifier::ColumnMajor) {
            return std::borrow::Cow::Borrowed(decl);
        }
        let Some(row_major) = self.typedef_majorness_of(&decl.ty) else { return std::borrow::Cow::Borrowed(decl) };
        let mut decl = decl.clone();
        decl.quals.list.push((if row_major { Qualifier::RowMajor } else { Qualifier::ColumnMajor }, decl.ty.span));
        std::borrow::Cow::Owned(decl)
    }

    /// DXC's rules for a written `row_major`/`column_major` (SemaType's `handleHLSLTypeAttr`):
    /// the type it qualifies — the declaration's type before the declarator's array
    /// dimensions, a typedef's whole type — must be a matrix (`row_major` on a typedef of a
    /// matrix array is an error), and it cannot contradict the majorness the typedef it names
    /// already has. `base`: the resolved type, when the caller has it.
    pub(super) fn check_written_majorness(&mut self, quals: &ast::Qualifiers, ty: &ast::TypeSpec, base: Option<TypeId>, is_typedef: bool) {
        let (written, span) = match (quals.span_of(Qualifier::RowMajor), quals.span_of(Qualifier::ColumnMajor)) {
            (Some(s), _) => (true, s),
            (None, Some(s)) => (false, s),
            (None, None) => return,
        };
        let name = |r: bool| if r { "row_major" } else { "column_major" };
        if let Some(r) = self.typedef_majorness_of(ty) {
            if r != written {
                self.error("E0310", span, format!("`{}` contradicts the `{}` of the typedef this type names", name(written), name(r)))
                    .help(format!("remove `{}`, or declare it with the typedef's underlying matrix type", name(written)));
            }
            return;
        }
        let base = match base {
            Some(b) => Some(b),
            None if matches!(ty.kind, ast::TypeKind::Named(_)) => {
                let n = self.diags.len();
                let b = self.resolve_type(ty);
                self.diags.truncate(n);
                b
            }
            None => None,
        };
        let Some(base) = base else { return };
        let inner = *self.module.types.get(base);
        // (Other non-matrix types of variables are reported by `check_type_modifiers`.)
        let report = match inner {
            TypeInner::Matrix { .. } => false,
            TypeInner::Array { .. } => true,
            _ => is_typedef,
        };
        if report {
            let t = self.type_name(base);
            self.error("E0310", span, format!("`{}` can only be used with a matrix type", name(written))).note(format!("the type is `{t}`"));
        }
    }

    /// DXC validates `[numthreads(…)]` where it is written, on any function: its arguments
    /// must be integer constants (`numthreads(++x, 1, 1)` on a helper is an error). The entry
    /// point's are checked with its stage (`entry.rs`); libraries are left to that too.
    fn check_numthreads_elsewhere(&mut self, decl: &ast::FunctionDecl, owner: Option<StructId>) {
        let ast::FunctionName::Path(p) = &decl.name else { return };
        let is_entry = owner.is_none() && p.segments.len() == 1 && p.segments[0].ident.name.as_str() == self.options.entry_point;
        if is_entry || !self.options.profile.is_some_and(|pr| pr.stage.is_some()) {
            return;
        }
        for a in decl.attrs.iter().filter(|a| a.namespace.is_none() && a.name.name.eq_ignore_ascii_case("numthreads")) {
            for arg in &a.args {
                if self.const_int_quiet(arg).is_none() {
                    self.error("E0611", arg.span, "`numthreads` arguments must be integer constants")
                        .help("write the thread-group size as constants, e.g. `[numthreads(8, 8, 1)]`");
                }
            }
        }
    }

    /// The majorness of the matrix typedef `ty` names, if it has one.
    pub(super) fn typedef_majorness_of(&self, ty: &ast::TypeSpec) -> Option<bool> {
        let ast::TypeKind::Named(path) = &ty.kind else { return None };
        let last = path.segments.last().filter(|l| l.template_args.is_none())?;
        let &(declared, row_major) = self.typedef_majorness.get(last.ident.name.as_str())?;
        matches!(self.lookup_path(path), Some(Symbol::Type(t)) if t == declared).then_some(row_major)
    }

    /// DXC reserves the names of the built-in scalar types (`float`, `dword`, `half` …) and
    /// `vector`, `matrix`, `string` at file scope: no global typedef or variable may take one
    /// (`typedef float2 dword;`, `float4 half;`), as its external lookup declares them in the
    /// translation unit, where a second declaration of another kind is a redefinition.
    pub(super) fn check_reserved_type_name(&mut self, name: &ast::Ident, what: &str) {
        if is_reserved_type_name(name.name.as_str(), self.options.hlsl_version) || hlslc_grammar::parser::keywords::is_type_keyword(name.name.as_str()) {
            self.error("E0303", name.span, format!("`{}` is a built-in type name and cannot name a {what}", name.name)).help("choose another name");
        }
    }

    /// The type keywords (`void`, `bool`, `int`, `float`, `double`) name nothing else in any
    /// scope: DXC's parser takes them as type specifiers, so `float float;` or `void f(int
    /// bool)` is a syntax error there. The other built-in type names (`half`, `uint`, `matrix`
    /// …) are declarations of the translation unit, which a local variable, local typedef,
    /// parameter or field may hide (`float half;` in a function, `struct S { float4x4
    /// matrix; };`), as in C++.
    pub(super) fn check_type_keyword_name(&mut self, name: &ast::Ident, what: &str) {
        if hlslc_grammar::parser::keywords::is_type_keyword(name.name.as_str()) {
            self.error("E0303", name.span, format!("`{}` is a type keyword and cannot name a {what}", name.name)).help("choose another name");
        }
    }

    /// Whether a typedef named `name` of the type `ty` (resolved to `base`) restates what
    /// the built-in scalar name already means (`typedef uint uint32_t;`, `typedef int
    /// int32_t;`). DXC finds these names (`uint`, `dword`, the fixed-width ones) through its
    /// external lookup as typedefs of the translation unit, not as keywords, so such a
    /// typedef is C++'s redeclaration of a typedef to the type it already names, which is
    /// allowed; a different type is a redefinition (`typedef float2 dword;`). Keywords
    /// (`float`, `int`, `half` …), the min-precision types (distinct types in DXC, even
    /// where hlslc computes them at 32 bits) and the 16-bit names without 16-bit types stay
    /// reserved.
    fn restates_builtin_scalar(&mut self, name: &str, ty: &ast::TypeSpec, base: TypeId) -> bool {
        const TYPEDEF_NAMES: &[&str] =
            &["uint", "dword", "int32_t", "uint32_t", "float32_t", "float64_t", "int64_t", "uint64_t", "int16_t", "uint16_t", "float16_t"];
        if !TYPEDEF_NAMES.contains(&name)
            || !is_reserved_type_name(name, self.options.hlsl_version)
            || (name.ends_with("16_t") && !self.options.enable_16bit_types)
        {
            return false;
        }
        if let ast::TypeKind::Named(path) = &ty.kind {
            if path.segments.last().is_some_and(|l| l.ident.name.as_str().starts_with("min1")) {
                return false;
            }
        }
        matches!(self.parse_numeric_name(name, Span::UNDEFINED), Some((Some(scalar), 0, 0)) if self.module.types.scalar(scalar) == base)
    }

    fn typedef(&mut self, decl: &ast::TypedefDecl) {
        self.check_modifiers(&decl.quals, DeclKind::Typedef);
        let Some(base) = self.resolve_type(&decl.ty) else { return };
        self.check_written_majorness(&decl.quals, &decl.ty, Some(base), true);
        self.type_requirements(base, &decl.attrs);
        // A typedef of a matrix keeps its majorness: written, inherited from the typedef it
        // names, or the `#pragma pack_matrix` in effect (DXC attaches it to the type).
        let row_major = if decl.quals.has(Qualifier::RowMajor) {
            Some(true)
        } else if decl.quals.has(Qualifier::ColumnMajor) {
            Some(false)
        } else {
            self.typedef_majorness_of(&decl.ty).or(self.pack_matrix_row_major)
        };
        let mut element = base;
        while let TypeInner::Array { base: b, .. } = *self.module.types.get(element) {
            element = b;
        }
        let row_major = row_major.filter(|_| matches!(self.module.types.get(element), TypeInner::Matrix { .. }));
        for (name, dims) in &decl.names {
            if !(dims.is_empty() && self.restates_builtin_scalar(name.name.as_str(), &decl.ty, base)) {
                self.check_reserved_type_name(name, "typedef");
            }
            if let Some(ty) = self.apply_array_dims(base, dims, true, name.span) {
                match row_major {
                    Some(r) => self.typedef_majorness.insert(name.name.as_str().to_owned(), (ty, r)),
                    None => self.typedef_majorness.remove(name.name.as_str()),
                };
                self.declare(&name.name, Symbol::Type(ty), name.span);
            }
        }
    }

    pub fn type_alias(&mut self, decl: &ast::TypeAliasDecl) {
        if decl.template_params.is_some() && !self.require_version(2021, template_span(decl.template_params.as_deref(), decl.span), "templates") {
            return;
        }
        self.new_feature_warning(keyword_span(decl.span, 5), "keyword `using`");
        if let Some(params) = &decl.template_params {
            self.templates.push(Template {
                params: params.clone(),
                item: TemplateItem::Alias(decl.ty.clone()),
                ns: self.current_ns,
                owner: None,
            });
            let t = self.templates.len() - 1;
            self.declare(&decl.name.name, Symbol::StructTemplate(t), decl.name.span);
            return;
        }
        if let Some(ty) = self.resolve_type(&decl.ty) {
            self.type_requirements(ty, &decl.attrs);
            self.declare(&decl.name.name, Symbol::Type(ty), decl.name.span);
        }
    }

    /// `using namespace N;` imports N's names; `using N::x;` declares `x`.
    pub fn using(&mut self, u: &ast::UsingDecl) {
        self.new_feature_warning(keyword_span(u.span, 5), "keyword `using`");
        let Some(sym) = self.lookup_path(&u.path) else {
            // DXC's builtin namespace `dx` (shader model 6.9's `dx::HitObject`,
            // `dx::MaybeReorderThread`) holds nothing hlslc names differently: importing it
            // changes no lookup.
            if u.namespace && !u.path.global && u.path.segments.len() == 1 && u.path.segments[0].ident.name == "dx" {
                return;
            }
            self.error("E0302", u.path.span, format!("unknown name `{}`", super::types::path_text(&u.path)));
            return;
        };
        if u.namespace {
            let Symbol::Namespace(ns) = sym else {
                self.error("E0302", u.path.span, format!("`{}` is not a namespace", super::types::path_text(&u.path)));
                return;
            };
            let names: Vec<(String, Symbol)> = self.namespaces[ns.0 as usize].names.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
            for (k, v) in names {
                if self.lookup(&k).is_none() {
                    self.declare(&k, v, u.span);
                }
            }
        } else if let Some(last) = u.path.segments.last() {
            self.declare(&last.ident.name, sym, u.span);
        }
    }

    pub fn enum_decl(&mut self, decl: &ast::EnumDecl) {
        if !self.require_version(2017, keyword_span(decl.span, 4), "enums") {
            return;
        }
        let underlying = match &decl.underlying {
            Some(t) => self.resolve_type(t).unwrap_or_else(|| self.module.types.scalar(crate::ty::Scalar::I32)),
            None => self.module.types.scalar(crate::ty::Scalar::I32),
        };
        // Enums are their underlying integer type (HLSL has no distinct enum semantics that
        // matter for code generation); a named enum gets a distinct name entry.
        let ty = underlying;
        if let Some(n) = &decl.name {
            self.declare(&n.name, Symbol::Type(ty), n.span);
        }
        let mut next = 0i64;
        let outer = std::mem::take(&mut self.enumerators);
        for v in &decl.variants {
            let value = match &v.value {
                Some(e) => self.const_int(e).unwrap_or(next),
                None => next,
            };
            next = value.wrapping_add(1);
            let sym = Symbol::EnumValue { value, ty };
            self.enumerators.push((v.name.name.to_string(), sym.clone()));
            if let Some(n) = &decl.name {
                let key = format!("{}::{}", n.name, v.name.name);
                let ns = self.current_ns;
                self.namespaces[ns.0 as usize].names.insert(key, sym.clone());
                // Scoped lookup `E::V` goes through the enum's name.
                let key2 = format!("{}::{}", ty.0, v.name.name);
                self.namespaces[ns.0 as usize].names.insert(key2, sym.clone());
            }
            if !decl.scoped {
                self.declare(&v.name.name, sym, v.name.span);
            }
        }
        self.enumerators = outer;
    }

    // -----------------------------------------------------------------------------------------
    // Functions
    // -----------------------------------------------------------------------------------------

    /// Declares (and, with a body, defines) a free function. Returns its id.
    pub fn function_decl(&mut self, decl: &ast::FunctionDecl, owner: Option<StructId>) -> Option<FuncId> {
        self.check_numthreads_elsewhere(decl, owner);
        let operator_path;
        let name = match &decl.name {
            ast::FunctionName::Path(p) => p,
            ast::FunctionName::Operator { span, qualifier: None, .. } => {
                if self.require_version(2021, *span, "operator overloads") {
                    self.error("E0518", *span, "overloading a non-member operator is not allowed")
                        .help("declare the operator as a method of the struct it applies to");
                }
                return None;
            }
            // `void S::operator()() { … }`: the definition of the operator method `S`
            // declares, found as any out-of-line method is.
            ast::FunctionName::Operator { span, qualifier: Some(q), op } => {
                if !self.require_version(2021, *span, "operator overloads") {
                    return None;
                }
                let mut segments: Vec<ast::PathSegment> = q.segments.iter().cloned().collect();
                segments.push(ast::PathSegment { ident: ast::Ident { name: operator_method_name(*op).into(), span: *span }, template_args: None });
                operator_path = ast::Path { global: q.global, segments: segments.into(), span: *span };
                &operator_path
            }
        };
        if decl.template_params.is_some() {
            if !self.require_version(2021, template_span(decl.template_params.as_deref(), decl.span), "templates") {
                if let Some(last) = name.segments.last() {
                    self.declare(&last.ident.name, Symbol::Error, last.ident.span);
                }
                return None;
            }
            // `template<class T> R C<T>::f(…) { … }`: a method of struct template `C` defined
            // out of line, for every instance.
            if let Some(t) = self.template_method_definition_of(decl, name) {
                self.template_method_definition(t, decl);
                return None;
            }
            // `template<> R C<int>::f(…) { … }`: an explicit specialization of a member of
            // struct template `C`, which replaces the method's body in the instance `C<int>`.
            if decl.template_params.as_ref().is_some_and(|p| p.is_empty()) {
                if let Some(st) = self.specialized_member_owner(name) {
                    return self.member_specialization(st, decl);
                }
            }
            if let Some(args) = name.segments.last().and_then(|l| l.template_args.as_ref()) {
                if decl.template_params.as_ref().is_some_and(|p| !p.is_empty()) {
                    // C++ (and DXC): only struct templates are partially specialised.
                    self.error("E0650", template_span(decl.template_params.as_deref(), decl.span), "function template partial specialization is not allowed")
                        .help("overload the function template instead (`template<typename T> void f(vector<T, 4> v)`), or specialise it fully with `template<>`");
                    return None;
                }
                self.function_specialization(decl, name, args.to_vec(), owner);
                return None;
            }
            // A min-precision twin of a template declared before (`T f(T a, half2 b)` beside
            // `T f(T a, float2 b)`) is that template again (see `precision_twin`).
            if let Some(Symbol::Functions(set)) = name.segments.last().and_then(|l| self.namespaces[self.current_ns.0 as usize].names.get(l.ident.name.as_str())) {
                let text = hlslc_grammar::parser::dump::function_text(decl);
                let twin = set.iter().any(|e| match e {
                    FnEntry::Template(t) => match &self.templates[*t].item {
                        TemplateItem::Function(other) => {
                            let other = hlslc_grammar::parser::dump::function_text(other);
                            other != text && full_precision_spelling(&other) == full_precision_spelling(&text)
                        }
                        _ => false,
                    },
                    FnEntry::Func(_) => false,
                });
                if twin && !self.options.enable_16bit_types {
                    return None;
                }
            }
            self.templates.push(Template {
                params: decl.template_params.clone().unwrap_or_default(),
                item: TemplateItem::Function(decl.clone()),
                ns: self.current_ns,
                owner,
            });
            let t = self.templates.len() - 1;
            let last = name.segments.last()?;
            self.declare(&last.ident.name, Symbol::Functions(vec![FnEntry::Template(t)]), last.ident.span);
            return None;
        }
        // Out-of-line method definition: `float S::f() { … }`.
        if name.segments.len() > 1 {
            let owner_path = ast::Path { global: name.global, segments: name.segments[..name.segments.len() - 1].to_vec().into(), span: name.span };
            let fname = &name.segments.last()?.ident.name;
            if let Some(Symbol::Type(ty)) = self.lookup_path(&owner_path) {
                if let TypeInner::Struct(st) = *self.module.types.get(ty) {
                    let id = self.find_method_decl(st, fname, decl)?;
                    if decl.body.is_some() {
                        // The body sees the definition's parameter names, not the declaration's
                        // (`static float f(float a);` … `float S::f(float x) { return x; }`).
                        let offset = usize::from(matches!(self.fn_infos[id.0 as usize].method_of, Some((_, true))));
                        for (param, p) in self.module.functions[id.0 as usize].params[offset..].iter_mut().zip(&decl.params) {
                            if let Some(n) = &p.name {
                                param.name = n.name.as_str().to_owned();
                            }
                        }
                    }
                    if let Some(body) = &decl.body {
                        self.function_body(id, decl, body, Some(st));
                    }
                    return Some(id);
                }
            }
            // `float A::B::f() { … }`: a function declared in namespace `A::B`.
            if let Some(Symbol::Namespace(ns)) = self.lookup_path(&owner_path) {
                let outer = std::mem::replace(&mut self.current_ns, ns);
                let id = self.namespace_function(decl, &name.segments.last()?.ident, None);
                self.current_ns = outer;
                return id;
            }
            self.error("E0302", name.span, format!("`{}` does not name a struct method", super::types::path_text(name)));
            return None;
        }
        self.namespace_function(decl, &name.segments[0].ident, owner)
    }

    /// Declares (and defines) the function `ident` of the current namespace; `owner` is the
    /// struct of a member function template's instance, which is a method of it.
    fn namespace_function(&mut self, decl: &ast::FunctionDecl, ident: &ast::Ident, owner: Option<StructId>) -> Option<FuncId> {
        let method_of = owner.map(|st| (st, !decl.quals.has(Qualifier::Static)));
        // A member template instance's signature sees its struct's members, as its body does
        // (`typename enable_if<IsArithmetic, U>::type Get()`).
        let structs = owner.map(|st| std::mem::replace(&mut self.struct_scopes, vec![st]));
        let functions_before = self.module.functions.len();
        let signature = self.function_signature(decl, &ident.name, method_of);
        if let Some(structs) = structs {
            self.struct_scopes = structs;
        }
        let id = signature?;
        self.check_library_export(id, decl);
        if self.has_resource_params(id) {
            self.fn_infos[id.0 as usize].decl = Some(Box::new(decl.clone()));
        } else if decl.body.is_some() && (self.holds_ray_query(self.fn_infos[id.0 as usize].ret) || self.fn_infos[id.0 as usize].params.iter().any(|p| self.holds_ray_query(p.ty))) {
            self.ray_query_fns.insert(id, Box::new(decl.clone()));
        }
        self.declare(&ident.name, Symbol::Functions(vec![FnEntry::Func(id)]), ident.span);
        if let Some(body) = &decl.body {
            let n = self.diags.len();
            let top_level = self.func.is_none() && owner.is_none() && id.0 as usize >= functions_before;
            self.function_body(id, decl, body, owner);
            if top_level {
                self.defer_to_constants(id, decl, n);
            }
        }
        Some(id)
    }

    /// `template<> float f<int>(int x) { … }`: an explicit specialization of the function
    /// template `f` declared before, the body its instances for those arguments take (as the
    /// partial specializations of struct templates: `specialization.rs`).
    fn function_specialization(&mut self, decl: &ast::FunctionDecl, name: &ast::Path, args: Vec<ast::TemplateArg>, owner: Option<StructId>) {
        let Some(last) = name.segments.last() else { return };
        let primary = match self.namespaces[self.current_ns.0 as usize].names.get(last.ident.name.as_str()) {
            Some(Symbol::Functions(set)) => set.iter().find_map(|e| match *e {
                FnEntry::Template(t) if matches!(&self.templates[t].params, p if p.len() == args.len()) => Some(t),
                _ => None,
            }),
            _ => None,
        };
        let Some(primary) = primary else {
            self.error("E0650", last.ident.span, format!("no function template `{}` with {} template parameter{} is declared before this specialization", last.ident.name, args.len(), if args.len() == 1 { "" } else { "s" }))
                .help("declare the template before its explicit specializations");
            return;
        };
        let mut spec = decl.clone();
        if let ast::FunctionName::Path(p) = &mut spec.name {
            if let Some(s) = p.segments.last_mut() {
                s.template_args = None;
            }
        }
        self.templates.push(Template { params: Vec::new(), item: TemplateItem::Function(spec), ns: self.current_ns, owner });
        let t = self.templates.len() - 1;
        // A later specialization for the same arguments replaces an earlier one.
        self.struct_specializations.entry(primary).or_default().insert(0, (t, args));
    }

    /// Whether a second definition of `name` with the same parameter types as the definition
    /// at `prev_span` differs from it only in min-precision spellings (`half bilinear(half4 g)`
    /// beside `float bilinear(float4 g)`): `Some(true)` if the two read alike once `half`,
    /// `min16float` … are read as `float` (and `min16int` … as `int`), `Some(false)` if they
    /// differ otherwise, `None` if the spellings are the same (a plain redefinition). Without
    /// `-enable-16bit-types` the types are equal, so only identical twins can be accepted
    /// without choosing between them.
    fn precision_twin(&self, name: &str, prev_span: Span, decl: &ast::FunctionDecl) -> Option<bool> {
        let prev = self.definitions.get(name)?.iter().find(|d| d.span == prev_span)?;
        let (a, b) = (hlslc_grammar::parser::dump::function_text(prev), hlslc_grammar::parser::dump::function_text(decl));
        if a == b {
            return None;
        }
        let (na, nb) = (full_precision_spelling(&a), full_precision_spelling(&b));
        if na == a && nb == b {
            return None;
        }
        Some(na == nb)
    }

    /// DXC's `lib_6_3` rule: a function a library exports (declared `export`, not a shader
    /// entry) cannot take or return resources, which have no ABI across
    /// linked DXIL libraries.
    /// A plain function (no resource parameter or return) whose body, just analysed from
    /// diagnostic `n` on, failed only to resolve a resource chosen by run-time values
    /// (E0707): DXC inlines it and folds its constant arguments before resolving, so
    /// `Texture2D pick(int i) { if (i == 0) return a; return b; }` called as
    /// `float4 f(int i) { return pick(i).Load(0); }` … `f(0)` compiles. The function is then
    /// analysed per call like one with resource parameters, its constant `in` arguments bound
    /// as constants (`call.rs::constant_args`); the errors wait in `constant_deferred`. Not
    /// for functions that may be entry points, patch-constant functions or library exports,
    /// which nothing calls: their errors stand.
    fn defer_to_constants(&mut self, id: FuncId, decl: &ast::FunctionDecl, n: usize) {
        let is_error = |d: &hlslc_grammar::Diagnostic| d.severity == hlslc_grammar::Severity::Error;
        let new = &self.diags[n..];
        if !new.iter().any(is_error) || new.iter().any(|d| is_error(d) && d.code != "E0707") {
            return;
        }
        let single_stage = self.options.profile.is_some_and(|p| p.stage.is_some() && p.stage != Some(crate::tir::Stage::Hull));
        let info = &self.fn_infos[id.0 as usize];
        let may_be_called_from_outside = info.name == self.options.entry_point
            || decl.attrs.iter().any(|a| a.name.name.eq_ignore_ascii_case("shader"))
            || decl.quals.has(Qualifier::Export)
            || decl.return_semantic.is_some()
            || decl.params.iter().any(|p| p.semantic.is_some());
        let takes_constant = info.params.iter().any(|p| p.dir == ParamDir::In && self.module.types.is_numeric(p.ty));
        if !single_stage || may_be_called_from_outside || !takes_constant || info.decl.is_some() || self.ray_query_fns.contains_key(&id) {
            return;
        }
        let errors: Vec<_> = self.diags[n..].iter().filter(|d| is_error(d)).cloned().collect();
        self.remove_diagnostics(n, |diags, i| is_error(&diags[i]));
        self.constant_deferred.insert(id, errors);
        self.fn_infos[id.0 as usize].decl = Some(Box::new(decl.clone()));
    }

    fn check_library_export(&mut self, id: FuncId, decl: &ast::FunctionDecl) {
        let lib_6_3 = self.options.profile.is_some_and(|p| p.stage.is_none() && (p.major, p.minor) == (6, 3));
        let entry = decl.attrs.iter().any(|a| a.name.name.eq_ignore_ascii_case("shader"));
        // `export` marks the exported ones; `-default-linkage external` exports every
        // non-`static` function (for availability checks, `inline` ones too, as DXC's Sema).
        let exported = decl.quals.has(Qualifier::Export) || (self.options.default_linkage_external && !decl.quals.has(Qualifier::Static));
        if exported && !entry && !self.exported.contains(&id) {
            self.exported.push(id);
        }
        // DXC checks the functions its code generator gives external linkage: `-default-linkage
        // external` leaves an `inline` one with C++'s inline linkage (only `export` exports it),
        // so it may take resources (DXC's MinimalTraverseShaderLib sample).
        let external = decl.quals.has(Qualifier::Export) || !decl.quals.has(Qualifier::Inline);
        if !lib_6_3 || entry || !exported || !external || !self.has_resource_params(id) {
            return;
        }
        let name = self.fn_infos[id.0 as usize].name.clone();
        self.error("E0521", decl.span, format!("exported function `{name}` must not contain a resource in its parameters or return type in `lib_6_3`"))
            .help("declare the function `static`, so the library does not export it");
    }

    /// True if a parameter or the return value is a resource or sampler (or an array of
    /// them): such functions are specialised per call.
    pub fn has_resource_params(&self, id: FuncId) -> bool {
        let info = &self.fn_infos[id.0 as usize];
        self.holds_resources(info.ret) || info.params.iter().any(|p| self.holds_resources(p.ty))
    }

    /// Declares a method of `st` (its signature; the body comes later).
    fn method_signature(&mut self, st: StructId, decl: &ast::FunctionDecl) -> Option<FuncId> {
        let fname = match &decl.name {
            ast::FunctionName::Path(p) => p.segments.last()?.ident.name.clone(),
            ast::FunctionName::Operator { op, .. } => operator_method_name(*op).into(),
        };
        if let ast::FunctionName::Operator { span, op, .. } = &decl.name {
            if !self.require_version(2021, *span, "operator overloads") {
                return None;
            }
            // DXC's CheckOverloadedOperatorDeclaration: no assignments, compound assignments,
            // shifts, `++`, `--`, `->` or `->*`.
            let disallowed = match op {
                ast::OverloadableOp::Assign(_) => true,
                ast::OverloadableOp::Unary(u) => matches!(u, ast::UnaryOp::PreInc | ast::UnaryOp::PreDec | ast::UnaryOp::PostInc | ast::UnaryOp::PostDec),
                ast::OverloadableOp::Binary(b) => matches!(b, ast::BinaryOp::Shl | ast::BinaryOp::Shr),
                _ => false,
            };
            if matches!(op, ast::OverloadableOp::Arrow | ast::OverloadableOp::ArrowStar) {
                self.error("E0518", *span, format!("overloading `{}` is not allowed", shown_method_name(&fname)))
                    .help("HLSL has no pointers, so no member access through one; declare a named method instead");
                return None;
            }
            if disallowed {
                self.error("E0518", *span, format!("overloading `{}` is not allowed", shown_method_name(&fname)))
                    .help("HLSL 2021 overloads no assignment, `<<`, `>>`, `++` or `--`; declare a named method instead");
                return None;
            }
        }
        if decl.template_params.is_some() {
            if !self.require_version(2021, template_span(decl.template_params.as_deref(), decl.span), "templates") {
                return None;
            }
            self.templates.push(Template {
                params: decl.template_params.clone().unwrap_or_default(),
                item: TemplateItem::Function(decl.clone()),
                ns: self.current_ns,
                owner: Some(st),
            });
            let t = self.templates.len() - 1;
            self.add_method_entry(st, &fname, FnEntry::Template(t));
            return None;
        }
        let is_static = decl.quals.has(Qualifier::Static);
        let id = self.function_signature(decl, &fname, Some((st, !is_static)))?;
        if self.has_resource_params(id) {
            self.fn_infos[id.0 as usize].decl = Some(Box::new(decl.clone()));
        }
        self.add_method_entry(st, &fname, FnEntry::Func(id));
        Some(id)
    }

    fn add_method_entry(&mut self, st: StructId, name: &str, entry: FnEntry) {
        let members = &mut self.struct_infos[st.0 as usize].members;
        match members.get_mut(name) {
            Some(Symbol::Functions(set)) => set.push(entry),
            _ => {
                members.insert(name.to_string(), Symbol::Functions(vec![entry]));
            }
        }
    }

    fn find_method_decl(&mut self, st: StructId, name: &str, decl: &ast::FunctionDecl) -> Option<FuncId> {
        let params = self.param_types(decl)?;
        if let Some(Symbol::Functions(set)) = self.struct_infos[st.0 as usize].members.get(name).cloned() {
            for e in set {
                if let FnEntry::Func(f) = e {
                    let info = &self.fn_infos[f.0 as usize];
                    let offset = usize::from(matches!(info.method_of, Some((_, true))));
                    let same = info.params.len() == params.len() + offset
                        && info.params[offset..].iter().zip(&params).all(|(a, b)| a.ty == b.0 && a.dir == b.1);
                    if same {
                        return Some(f);
                    }
                }
            }
        }
        self.error("E0302", decl.span, format!("no declaration of method `{name}` matches this definition"));
        None
    }

    /// Parameter types and directions of a declaration.
    fn param_types(&mut self, decl: &ast::FunctionDecl) -> Option<Vec<(TypeId, ParamDir)>> {
        let mut out = Vec::new();
        for p in &decl.params {
            let base = self.resolve_type(&p.ty)?;
            let ty = self.apply_array_dims(base, &p.array, true, p.span)?;
            out.push((ty, param_dir(&p.quals)));
        }
        Some(out)
    }

    /// Creates (or finds the prototype of) a function with this signature.
    pub(crate) fn function_signature(&mut self, decl: &ast::FunctionDecl, name: &str, method_of: Option<(StructId, bool)>) -> Option<FuncId> {
        self.check_modifiers(&decl.quals, if method_of.is_some() { DeclKind::Method } else { DeclKind::Function });
        self.check_vk_placement(&decl.attrs, super::vk_attributes::VkSite::Function);
        for p in &decl.params {
            self.check_modifiers(&p.quals, DeclKind::Parameter);
            self.check_vk_placement(&p.attrs, super::vk_attributes::VkSite::Parameter);
            if let Some(n) = &p.name {
                self.check_type_keyword_name(n, "parameter");
            }
        }
        // (A function returning a resource is specialised per call, `call::specialize`.)
        let ret = self.resolve_type(&decl.return_ty)?;
        // (A `RayQuery` itself may be returned: calls of such a function are inlined,
        // `ray_query_inline`; an array of queries may not.)
        if !matches!(self.module.types.get(ret), TypeInner::RayQuery { .. }) && self.reject_ray_query_storage(ret, decl.return_ty.span, "a return value") {
            return None;
        }
        let n = decl.params.len() + usize::from(matches!(method_of, Some((_, true))));
        let mut params = Vec::with_capacity(n);
        let mut infos = Vec::with_capacity(n);
        if let Some((st, true)) = method_of {
            let sty = self.module.types.insert(TypeInner::Struct(st));
            let dir = if decl.is_const { ParamDir::In } else { ParamDir::InOut };
            params.push(tir::Param::plain("this".into(), sty, dir, decl.span));
            infos.push(ParamInfo { ty: sty, dir, default: None, groupshared: false, precision: Default::default(), written_vector: false, attrs: Vec::new() });
        }
        let mut seen_default = false;
        for p in &decl.params {
            self.ignored_inline_spirv_attrs(&p.attrs, true);
            let base = self.resolve_type(&p.ty)?;
            let ty = self.apply_array_dims(base, &p.array, true, p.span)?;
            // (An instruction's operands are values, not variables.)
            let instruction = decl.attrs.iter().any(|a| a.name.name == "ext_instruction" && a.namespace.as_ref().is_some_and(|n| n.name == "vk"));
            if !instruction && self.spirv_pointer_variable(ty, p.span) {
                return None;
            }
            if self.holds_ray_query(ty) && !matches!(self.module.types.get(ty), TypeInner::RayQuery { .. }) {
                self.error("E0801", p.span, "arrays of `RayQuery` are not supported yet").help("declare one `RayQuery` variable per traversal");
                return None;
            }
            // An unsized array parameter is an error where the function is an entry point or
            // is called (no argument initialises it, as in DXC, whose SPIR-V back end reports
            // the call); a function nothing calls may declare one.
            let entry = method_of.is_none()
                && ((name == self.options.entry_point && self.options.profile.is_some_and(|pr| pr.stage.is_some()))
                    || decl.attrs.iter().any(|a| a.namespace.is_none() && a.name.name.eq_ignore_ascii_case("shader")));
            if entry && matches!(*self.module.types.get(ty), TypeInner::Array { size: None, .. }) && !self.module.types.is_resource_like(ty) {
                self.error("E0402", p.span, "a parameter cannot have an unsized array type").help("give the array a size, e.g. `uint value[4]`");
            }
            self.check_type_modifiers(&p.quals, ty);
            let dir = param_dir(&p.quals);
            // A descriptor-heap element as a resource parameter's default
            // (`Texture2D<float4> t = ResourceDescriptorHeap[0]`, also in templates): the element
            // as that resource, as when it initialises a variable.
            let heap_default = match &p.default {
                Some(e) if self.module.types.is_resource_like(ty) && matches!(&e.kind, ast::ExprKind::Index { base, .. } if self.is_descriptor_heap(base)) => match self.heap_value(e, ty) {
                    Some(Some(place)) => Some(Some(super::expr::Operand::place(place).into_expr())),
                    Some(None) => Some(None),
                    None => None,
                },
                _ => None,
            };
            let default = match &p.default {
                _ if heap_default.is_some() => {
                    seen_default = true;
                    heap_default.flatten()
                }
                // A template instance's default arguments are only checked where a call uses
                // them, as in C++ (`Remap remap = IdentityImageRemap::create()` with `Remap`
                // deduced from an explicit argument of another type): one that does not
                // convert leaves the parameter without a default.
                Some(e) if self.in_template_instance() => {
                    seen_default = true;
                    let n = self.diags.len();
                    let v = self.initializer(e, ty);
                    if v.is_none() || self.diags[n..].iter().any(|d| d.is_error()) {
                        self.diags.truncate(n);
                        None
                    } else {
                        v
                    }
                }
                Some(e) => {
                    seen_default = true;
                    self.initializer(e, ty)
                }
                None => {
                    if seen_default {
                        self.error("E0501", p.span, "a parameter without a default follows one with a default");
                    }
                    None
                }
            };
            self.check_stream_param(ty, dir, p.span);
            params.push(tir::Param {
                name: p.name.as_ref().map(|n| n.name.as_str().to_owned()).unwrap_or_else(|| format!("$p{}", params.len())),
                ty,
                dir,
                semantic: self.semantic_with_location(p.semantic.as_ref(), &p.attrs),
                interpolation: interpolation(&p.quals),
                precise: p.quals.has(Qualifier::Precise),
                mesh: super::mesh::param_modifier(&p.quals),
                primitive: super::geometry::input_primitive(&p.quals).or_else(|| super::tessellation::patch_of(&p.ty)),
                span: p.span,
            });
            infos.push(ParamInfo { ty, dir, default, groupshared: p.quals.has(Qualifier::GroupShared), precision: self.written_precision(&p.ty), written_vector: super::precision::written_vector(&p.ty), attrs: p.attrs.clone() });
        }
        // A prototype with the same parameter types and `in`/`out`/`inout` modifiers (DXC
        // overloads on the modifiers): reuse its id. Free functions are matched
        // in their own namespace only (`A::f` and `f` are different functions).
        let previous = match method_of {
            None => self.namespaces[self.current_ns.0 as usize].names.get(name).cloned(),
            Some(_) => self.lookup(name),
        };
        if let Some(Symbol::Functions(set)) = previous {
            for e in set {
                if let FnEntry::Func(f) = e {
                    let info = &self.fn_infos[f.0 as usize];
                    if info.method_of == method_of && info.params.len() == infos.len() && info.params.iter().zip(&infos).all(|(a, b)| a.ty == b.ty && a.dir == b.dir && a.precision == b.precision) {
                        let (prev_ret, prev_span, prev_defined) = (info.ret, info.span, info.defined);
                        if prev_ret != ret {
                            self.error("E0502", decl.span, format!("`{name}` redeclared with a different return type"))
                                .related(prev_span, "previous declaration");
                            return None;
                        }
                        if prev_defined && decl.body.is_some() {
                            match self.precision_twin(name, prev_span, decl) {
                                // The same function written for lower precision: its types are
                                // the previous one's, so calls reach that one.
                                Some(true) => return None,
                                Some(false) => {
                                    self.error("E0301", decl.span, format!("`{name}` overloads differ only in min-precision types, and their bodies differ"))
                                        .related(prev_span, "the other overload")
                                        .note("a min-precision type spelled through a `typedef` is its lowered type here (`half` and `min16float` a 32-bit float without `-enable-16bit-types`), so hlslc cannot tell the two apart at a call")
                                        .help("spell the min-precision type in the parameter list, or give the overloads different names");
                                }
                                None => {
                                    self.error("E0301", decl.span, format!("redefinition of function `{name}`"))
                                        .related(prev_span, "previous definition");
                                }
                            }
                            return None;
                        }
                        // Defaults may be given on the prototype only.
                        let mut merged = self.fn_infos[f.0 as usize].params.clone();
                        for (m, n) in merged.iter_mut().zip(infos) {
                            if n.default.is_some() {
                                m.default = n.default;
                            }
                        }
                        self.fn_infos[f.0 as usize].params = merged;
                        if decl.body.is_some() {
                            self.module.functions[f.0 as usize].params = params;
                            self.fn_infos[f.0 as usize].attrs = decl.attrs.clone();
                            self.fn_infos[f.0 as usize].span = decl.span;
                        }
                        return Some(f);
                    }
                }
            }
        }
        let span = decl.span;
        let ret_semantic = self.semantic_with_location(decl.return_semantic.as_ref(), &decl.attrs);
        self.module.functions.push(tir::Function {
            name: name.to_string(),
            params,
            ret,
            ret_semantic,
            ret_precise: decl.quals.has(Qualifier::Precise),
            ret_interpolation: interpolation(&decl.quals),
            locals: Vec::new(),
            body: Vec::new(),
            span,
            inline_spirv: None,
        });
        self.fn_infos.push(FnInfo {
            name: name.to_string(),
            params: infos,
            ret,
            defined: false,
            span,
            method_of,
            calls: Vec::new(),
            attrs: decl.attrs.clone(),
            decl: None,
            owner: method_of.map(|(s, _)| s),
            ns: self.current_ns,
        });
        let id = FuncId(self.module.functions.len() as u32 - 1);
        self.inline_spirv_function(id, decl);
        Some(id)
    }

    /// Analyses a function body into `id`. A function with resource parameters is analysed per
    /// specialisation (when called), not on its own.
    pub fn function_body(&mut self, id: FuncId, decl: &ast::FunctionDecl, body: &ast::Block, owner: Option<StructId>) {
        if self.fn_infos[id.0 as usize].decl.is_some() {
            self.fn_infos[id.0 as usize].defined = true;
            return;
        }
        self.function_body_with(id, decl, body, owner, Vec::new(), None);
    }

    /// Analyses a body with extra names in its outermost scope (resource aliases).
    /// `resource_ret` is the resource type a specialisation returns (its `return` values are
    /// collected and returned instead of returned at run time).
    pub(crate) fn function_body_with(
        &mut self,
        id: FuncId,
        decl: &ast::FunctionDecl,
        body: &ast::Block,
        owner: Option<StructId>,
        extra: Vec<(String, Symbol)>,
        resource_ret: Option<TypeId>,
    ) -> Vec<(super::resource_value::ResValue, Span)> {
        let this = self.fn_infos[id.0 as usize].method_of.or(owner.map(|s| (s, false)));
        let ret = self.module.functions[id.0 as usize].ret;
        self.any_alias |= extra.iter().any(|(_, s)| matches!(s, Symbol::Alias(_)));
        let mut scope: super::Scope = extra.into_iter().map(|(name, symbol)| (Name::new(&name), symbol)).collect();
        let offset = usize::from(matches!(this, Some((_, true))));
        for (i, p) in self.module.functions[id.0 as usize].params.iter().enumerate() {
            if i >= offset {
                // (An extra symbol of the same name — a parameter bound to a constant by a
                // specialisation — hides the parameter.)
                scope.entry(Name::new(&p.name)).or_insert(Symbol::Var(VarRef::Param(tir::ParamId(i as u32))));
            }
        }
        let saved = self.func.replace(FnCtx {
            id,
            ret,
            locals: Vec::new(),
            scopes: vec![scope],
            this,
            loop_depth: 0,
            switch_depth: 0,
            in_for_init: false,
            dead_depth: 0,
            expired_for_vars: Vec::new(),
            const_locals: Vec::new(),
            run_time_const_locals: Vec::new(),
            flow_depth: 0,
            alias_log: Vec::new(),
            resource_ret,
            resource_returns: Vec::new(),
            pending: Vec::new(),
            hoist_blocked: 0,
            static_exit: false,
            assigned_names: super::unroll::assigned_names(&body.stmts),
            known_constants: Default::default(),
            res_slots: Vec::new(),
            slots_read: Default::default(),
            return_slots: Vec::new(),
            alias_writes: Vec::new(),
            early_exits: 0,
            return_aliases: Vec::new(),
        });
        let saved_ns = self.current_ns;
        if let Some((st, _)) = this {
            // A method's body sees its struct's namespace; a member template's instance is
            // already in a namespace inside it (the one holding the template arguments).
            if let Some(ns) = self.struct_infos[st.0 as usize].ns {
                let mut inside = Some(self.current_ns);
                while let Some(n) = inside.filter(|&n| n != ns) {
                    inside = self.namespaces[n.0 as usize].parent;
                }
                if inside.is_none() {
                    self.current_ns = ns;
                }
            }
        }
        self.fn_infos[id.0 as usize].defined = true;
        let errors_before = self.diags.iter().filter(|d| d.is_error()).count();
        let stmts = self.block(&body.stmts);
        let body_failed = self.diags.iter().filter(|d| d.is_error()).count() > errors_before;
        self.current_ns = saved_ns;
        let mut ctx = std::mem::replace(&mut self.func, saved).expect("function context");
        let mut returns = std::mem::take(&mut ctx.resource_returns);
        // Resource parameters the body rebinds (for `out`/`inout` ones, see `call.rs`).
        let writes: Vec<(String, Span)> = ctx.alias_log.iter().filter(|(i, _, write, _)| *i == 0 && *write).map(|(_, n, _, s)| (n.clone(), *s)).collect();
        // The value each rebound parameter ends with: at the end of the body (if it can be
        // reached) and at every `return`, which must all agree.
        let end_reached = !ctx.static_exit;
        let finals = writes.iter().filter_map(|(n, _)| {
            let end = match ctx.scopes.first().and_then(|s| s.get(n.as_str())) {
                Some(Symbol::Alias(b)) => Some(b.value.clone()),
                _ => None,
            };
            let mut values = ctx.return_aliases.iter().filter_map(|r| r.iter().find(|(m, _)| m == n).map(|(_, v)| v.clone())).collect::<Vec<_>>();
            let include_end = end_reached || values.is_empty();
            values.extend(end.filter(|_| include_end));
            let first = values.first()?.clone();
            values.iter().all(|v| v.key() == first.key()).then(|| (n.clone(), first))
        });
        let finals = finals.collect();
        self.specialized_finals.insert(id, finals);
        self.specialized_writes.insert(id, writes);
        let mut stmts = stmts;
        let uint = self.module.types.scalar(crate::ty::Scalar::U32);
        super::resource_value::index_returns(&mut ctx, &mut stmts, &mut returns, uint);
        if resource_ret.is_some() {
            self.struct_index_returns(id, &mut ctx, &mut stmts, &returns);
        }
        super::resource_value::drop_unread_slots(&mut ctx, &mut stmts);
        let f = &mut self.module.functions[id.0 as usize];
        f.locals = ctx.locals;
        f.body = stmts;
        // (A statement that failed to analyse may have been the return.)
        if !body_failed && ret != self.module.types.void() && !super::stmt::always_returns(&self.module.functions[id.0 as usize].body) {
            // HLSL (like C) allows falling off the end; the value is undefined. DXC warns when
            // some path may, and rejects a function that never returns a value.
            let span = decl.span;
            if super::stmt::never_returns(&self.module.functions[id.0 as usize].body) {
                let name = self.fn_infos[id.0 as usize].name.clone();
                let ret_name = self.type_name(ret);
                self.error("E0519", span, format!("control reaches end of non-void function `{name}`")).help(format!("return a `{ret_name}` value"));
            } else {
                self.warning("W0502", "return-type", span, "not all control paths return a value");
            }
        }
        returns
    }
}

/// The integer argument of `[[vk::<name>(N)]]`, if present.
fn vk_attr_int(a: &mut Analyzer<'_>, attrs: &[ast::Attribute], name: &str) -> Option<i64> {
    vk_attr(attrs, name)?.args.first().and_then(|e| a.const_int(e))
}

/// The attribute `[[vk::<name>(…)]]` among `attrs`, if present.
fn vk_attr<'a>(attrs: &'a [ast::Attribute], name: &str) -> Option<&'a ast::Attribute> {
    attrs.iter().find(|x| x.name.name == name && x.namespace.as_ref().is_some_and(|n| n.name == "vk"))
}

/// Where to point for a template declaration: its first parameter (the `template` keyword
/// itself has no span of its own in the AST).
fn template_span(params: Option<&[ast::TemplateParam]>, fallback: Span) -> Span {
    params.and_then(|p| p.first()).map(|p| p.span).unwrap_or(fallback)
}

/// The first `len` bytes of a declaration's span (its keyword).
fn keyword_span(span: Span, len: u32) -> Span {
    if span.is_undefined() || span.len() < len {
        span
    } else {
        Span::new(span.start, span.start + len)
    }
}

fn init_span(init: &ast::Initializer, fallback: Span) -> Span {
    let span = match init {
        ast::Initializer::Expr(e) => e.span,
        ast::Initializer::SamplerState { span, .. } => *span,
    };
    if span.is_undefined() { fallback } else { span }
}

/// The number of a register (`t3`'s `3`) or packoffset (`c3`'s): as in DXC
/// (ParseRegisterNumberForHLSL), it may be omitted, `register(t)` being `t0` and
/// `packoffset(c)` `c0`.
fn register_number(digits: &str) -> Option<u32> {
    if digits.is_empty() { Some(0) } else { digits.parse().ok() }
}

/// `TEXCOORD3` → (`TEXCOORD`, 3).
impl Analyzer<'_> {
    /// A declaration's semantic with its `[[vk::location(N)]]`, if it has one. A location on a
    /// declaration without a semantic has nothing to place (DXC requires the semantic).
    fn semantic_with_location(&mut self, s: Option<&ast::Semantic>, attrs: &[ast::Attribute]) -> Option<Semantic> {
        let attr = attrs.iter().find(|a| a.namespace.as_ref().is_some_and(|n| n.name == "vk") && a.name.name == "location");
        let mut semantic = s.map(split_semantic);
        if let Some(a) = attr {
            match a.args.as_slice() {
                [e] => match self.const_int_quiet(e) {
                    // Locations from `FIRST_LOCATION` on belong to hlslc's stand-ins.
                    Some(n) if (0..i64::from(crate::passes::builtin_stand_in::FIRST_LOCATION)).contains(&n) => {
                        if let Some(s) = &mut semantic {
                            s.vk_location = Some(n as u32);
                        }
                    }
                    _ => {
                        self.error("E0635", e.span, format!("`vk::location` takes an integer constant from 0 to {}", crate::passes::builtin_stand_in::FIRST_LOCATION - 1)).help("write e.g. `[[vk::location(2)]]`");
                    }
                },
                _ => {
                    self.error("E0635", a.span, "`vk::location` takes one location").help("write e.g. `[[vk::location(2)]]`");
                }
            }
        }
        if let Some(index) = self.dual_source_index(attrs, attr) {
            if let Some(s) = &mut semantic {
                s.vk_index = Some(index);
            }
        }
        let builtin = attrs.iter().find(|a| a.namespace.as_ref().is_some_and(|n| n.name == "vk") && a.name.name == "builtin");
        if let (Some(a), Some(s)) = (builtin, &mut semantic) {
            match a.args.as_slice() {
                [ast::Expr { kind: ast::ExprKind::Literal(ast::Literal::String(name)), .. }] => s.vk_builtin = Some(name.clone()),
                _ => {
                    self.error("E0635", a.span, "`vk::builtin` takes the name of a SPIR-V built-in as a string").help("write e.g. `[[vk::builtin(\"PointSize\")]]`");
                }
            }
        }
        semantic
    }
}

impl Analyzer<'_> {
    /// `[[vk::index(N)]]`, DXC's dual-source blending index, with DXC's rules (E0741): it goes
    /// with `[[vk::location(0)]]` and is 0 or 1. (`sema::entry` allows it in pixel shaders only.)
    fn dual_source_index(&mut self, attrs: &[ast::Attribute], location: Option<&ast::Attribute>) -> Option<(u32, Span)> {
        let a = attrs.iter().find(|a| a.namespace.as_ref().is_some_and(|n| n.name == "vk") && a.name.name == "index")?;
        let [e] = a.args.as_slice() else {
            self.error("E0741", a.span, "`vk::index` takes one index").help("write `[[vk::location(0), vk::index(1)]]` for the second source of dual-source blending");
            return None;
        };
        let index = self.const_int(e)?;
        let mut valid = true;
        match location {
            None => {
                self.error("E0741", a.span, "`vk::index` needs `vk::location` beside it for dual-source blending")
                    .help("write `[[vk::location(0), vk::index(N)]]`");
                valid = false;
            }
            Some(l) => {
                let loc = l.args.first().and_then(|e| self.const_int_quiet(e));
                if let Some(n) = loc.filter(|&n| n != 0) {
                    self.error("E0741", l.span, format!("dual-source blending uses `vk::location(0)`, found location {n}"))
                        .help("both sources of dual-source blending are at location 0, told apart by `vk::index(0)` and `vk::index(1)`");
                    valid = false;
                }
            }
        }
        if index != 0 && index != 1 {
            self.error("E0741", a.span, format!("dual-source blending takes `vk::index` 0 or 1, found {index}"))
                .help("the first source is `vk::index(0)`, the second `vk::index(1)`");
            valid = false;
        }
        valid.then_some((index as u32, a.span))
    }
}

pub(crate) fn split_semantic(s: &ast::Semantic) -> Semantic {
    let digits = s.name.bytes().rev().take_while(|b| b.is_ascii_digit()).count();
    let (name, index) = s.name.split_at(s.name.len() - digits);
    Semantic {
        name: name.to_string(),
        index: index.parse().unwrap_or(0),
        explicit_index: digits > 0,
        vk_location: None,
        vk_builtin: None,
        vk_index: None,
        span: s.span,
    }
}

pub(crate) fn interpolation(q: &ast::Qualifiers) -> Interpolation {
    Interpolation {
        nointerpolation: q.has(Qualifier::NoInterpolation),
        linear: q.has(Qualifier::Linear),
        noperspective: q.has(Qualifier::NoPerspective),
        centroid: q.has(Qualifier::Centroid),
        sample: q.has(Qualifier::Sample),
    }
}

/// A `groupshared` parameter (HLSL 202x) refers to its argument, a groupshared variable: it is
/// passed as `inout` (`call.rs` takes only a groupshared place of the same type for it).
pub(crate) fn param_dir(q: &ast::Qualifiers) -> ParamDir {
    match (q.has(Qualifier::In), q.has(Qualifier::Out), q.has(Qualifier::InOut) || q.has(Qualifier::GroupShared)) {
        (_, _, true) | (true, true, _) => ParamDir::InOut,
        (_, true, _) => ParamDir::Out,
        _ => ParamDir::In,
    }
}

/// A method name as the user wrote it: `operator-` for `$op-`, `operator!` for `$opu!`.
pub(crate) fn shown_method_name(name: &str) -> String {
    name.strip_prefix("$opu").or_else(|| name.strip_prefix("$op")).map(|o| format!("operator{o}")).unwrap_or_else(|| name.to_string())
}

/// The internal name of an operator method (`operator+` → `$op+`).
pub(crate) fn operator_method_name(op: ast::OverloadableOp) -> String {
    match op {
        ast::OverloadableOp::Binary(b) => format!("$op{}", b.as_str()),
        ast::OverloadableOp::Unary(u) => format!("$opu{}", u.as_str()),
        ast::OverloadableOp::Assign(Some(b)) => format!("$op{}=", b.as_str()),
        ast::OverloadableOp::Assign(None) => "$op=".to_string(),
        ast::OverloadableOp::Index => "$op[]".to_string(),
        ast::OverloadableOp::Call => "$op()".to_string(),
        ast::OverloadableOp::Arrow => "$op->".to_string(),
        ast::OverloadableOp::ArrowStar => "$op->*".to_string(),
    }
}

/// `text` with the min-precision scalar names read as their full-precision types:
/// `half3` → `float3`, `min16float4x4` → `float4x4`, `min12int` → `int`, `min16uint2` → `uint2`.
fn full_precision_spelling(text: &str) -> String {
    const NAMES: [(&str, &str); 6] = [("min16float", "float"), ("min10float", "float"), ("half", "float"), ("min16int", "int"), ("min12int", "int"), ("min16uint", "uint")];
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(|c: char| c.is_ascii_alphabetic() || c == '_') {
        out.push_str(&rest[..start]);
        let word_len = rest[start..].find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len() - start);
        let word = &rest[start..start + word_len];
        let replaced = NAMES.iter().find_map(|(from, to)| {
            let suffix = word.strip_prefix(from)?;
            suffix.chars().all(|c| c.is_ascii_digit() || c == 'x').then(|| format!("{to}{suffix}"))
        });
        out.push_str(replaced.as_deref().unwrap_or(word));
        rest = &rest[start + word_len..];
    }
    out.push_str(rest);
    // A texture's default element type is `float4`: `Texture2D<half4>` reads as `Texture2D`.
    let mut text = String::with_capacity(out.len());
    let mut rest = out.as_str();
    while let Some(at) = rest.find("<float4>") {
        let before = &rest[..at];
        let word = &before[before.rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).map_or(0, |i| i + 1)..];
        text.push_str(before);
        if !(word.starts_with("Texture") || word.starts_with("RWTexture") || word == "Buffer" || word == "RWBuffer") {
            text.push_str("<float4>");
        }
        rest = &rest[at + "<float4>".len()..];
    }
    text.push_str(rest);
    text
}

/// The channels of a `[[vk::image_format]]` name: the scalar kind they are read as and whether
/// the format is 64-bit; `Some(None)` for `unknown` (any element), `None` for a name Vulkan's
/// storage formats do not have.
fn image_format_channels(name: &str) -> Option<Option<(crate::ty::ScalarKind, bool)>> {
    use crate::ty::ScalarKind as K;
    Some(Some(match name {
        "unknown" => return Some(None),
        "r64ui" => (K::Uint, true),
        "r64i" => (K::Int, true),
        "rgba32f" | "rgba16f" | "rg32f" | "rg16f" | "r11g11b10f" | "r32f" | "r16f" | "rgba16" | "rgb10a2" | "rgba8" | "rg16" | "rg8" | "r16" | "r8" | "rgba16snorm"
        | "rgba8snorm" | "rg16snorm" | "rg8snorm" | "r16snorm" | "r8snorm" | "bgra8" => (K::Float, false),
        "rgba32i" | "rgba16i" | "rgba8i" | "rg32i" | "rg16i" | "rg8i" | "r32i" | "r16i" | "r8i" => (K::Int, false),
        "rgba32ui" | "rgba16ui" | "rgb10a2ui" | "rgba8ui" | "rg32ui" | "rg16ui" | "rg8ui" | "r32ui" | "r16ui" | "r8ui" => (K::Uint, false),
        _ => return None,
    }))
}

/// The name a template argument is when it is one plain name (`T` in `S<T>`).
/// The name a method is declared under: its own, or `$op+` … for an operator.
fn method_name(decl: &ast::FunctionDecl) -> String {
    match &decl.name {
        ast::FunctionName::Path(p) => p.segments.last().map(|s| s.ident.name.as_str().to_owned()).unwrap_or_default(),
        ast::FunctionName::Operator { op, .. } => operator_method_name(*op).to_owned(),
    }
}

fn template_arg_name(arg: &ast::TemplateArg) -> Option<&ast::Ident> {
    let path = match arg {
        ast::TemplateArg::Type(ast::TypeSpec { kind: ast::TypeKind::Named(p), .. }) => p,
        ast::TemplateArg::Expr(ast::Expr { kind: ast::ExprKind::Name(p), .. }) => p,
        _ => return None,
    };
    match path.segments.as_slice() {
        [seg] if !path.global && seg.template_args.is_none() => Some(&seg.ident),
        _ => None,
    }
}

/// Where the next resource of a global struct of resources goes (see
/// `global_struct_of_resources`).
struct StructBinding {
    /// `[[vk::binding(N, S)]]` on the struct.
    vk_binding: Option<(u32, u32)>,
    /// Its registers, one per class, each with how many resources of its class were placed.
    registers: Vec<(Register, u32)>,
    /// One range of bindings for all its resources (DXC's SPIR-V), else a range per class.
    one_range: bool,
    /// Resources placed so far.
    placed: u32,
}

impl StructBinding {
    /// The binding of the next resource, of register class `class`.
    fn next(&mut self, class: Option<RegisterClass>) -> DeclaredBinding {
        let k = self.placed;
        self.placed += 1;
        let register = if self.one_range {
            self.registers.first().map(|(r, _)| Register { index: r.index + k, ..*r })
        } else {
            class.and_then(|c| {
                let (r, placed) = self.registers.iter_mut().find(|(r, _)| r.class == c)?;
                *placed += 1;
                Some(Register { index: r.index + *placed - 1, ..*r })
            })
        };
        DeclaredBinding { register, vk_binding: self.vk_binding.map(|(n, s)| (n + k, s)), ..Default::default() }
    }
}

/// A built-in scalar type name, or `vector`, `matrix`, `string`
/// ([`Analyzer::check_reserved_type_name`]). Sized names stay free for variables, as in DXC
/// (`int2 int2 = …;`).
/// Whether `w` names a built-in type under HLSL `version`. The 16- and 32-bit fixed-width names
/// are keywords from HLSL 2018 on (DXC's DiagnoseHLSLScalarType): before it, `typedef uint
/// uint16_t;` is a typedef like any other.
fn is_reserved_type_name(w: &str, version: u32) -> bool {
    const RESERVED: &[&str] = &[
        "bool", "int", "uint", "dword", "half", "float", "double", "min16float", "min10float", "min16int", "min12int", "min16uint", "min12uint",
        "int64_t", "uint64_t", "vector", "matrix", "string",
    ];
    const FROM_2018: &[&str] = &["int16_t", "uint16_t", "int32_t", "uint32_t", "float16_t", "float32_t", "float64_t"];
    RESERVED.contains(&w) || (version >= 2018 && FROM_2018.contains(&w))
}
