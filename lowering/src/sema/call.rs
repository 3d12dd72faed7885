//! Calls: user functions, methods, templates, operator overloads, and the dispatch to
//! intrinsics and resource methods.
//!
//! Overload resolution follows DXC's (clang's) rule: a candidate is viable when every
//! argument converts to its parameter; the best candidate is at least as good as every other
//! for every argument and better for at least one (costs come from
//! [`Analyzer::conversion_cost`]). If no candidate is best, the call is ambiguous and the error
//! lists the candidates.
//!
//! `out` and `inout` arguments must be places; HLSL copies them in before and out after the
//! call (lowering implements the copies), converting between the parameter type and the
//! argument type where their scalars differ.

use super::expr::{Lit, Operand, Value};
use super::scope::{FnEntry, Instance, Symbol, TemplateArgValue, TemplateItem};
use super::Analyzer;
use crate::tir::{Arg, Expr, ExprKind, FuncId, ParamDir, Place, PlaceRoot};
use crate::ty::{StructId, TypeId, TypeInner};
use hlslc_grammar::ast;
use hlslc_grammar::Span;

impl Analyzer<'_> {
    pub(crate) fn call(&mut self, callee: &ast::Expr, args: &[ast::Expr], span: Span) -> Option<Operand> {
        match &callee.kind {
            ast::ExprKind::Name(path) => {
                let last = path.segments.last()?;
                let sym = if path.segments.len() == 1 && !path.global { self.lookup(&last.ident.name) } else { self.lookup_path(path) };
                match sym {
                    Some(Symbol::Type(ty)) if last.template_args.is_none() => {
                        let ty = ty;
                        return self.construct(ty, args, span);
                    }
                    Some(Symbol::StructTemplate(_)) => {
                        let spec = ast::TypeSpec { kind: ast::TypeKind::Named(path.clone()), span: callee.span };
                        let ty = self.resolve_type(&spec)?;
                        return self.construct(ty, args, span);
                    }
                    Some(Symbol::Functions(set)) => {
                        let ops = self.arg_operands(args)?;
                        // A user overload set may share its name with an intrinsic: try the
                        // user functions first, then the intrinsic.
                        let is_intrinsic = path.segments.len() == 1 && super::intrinsics::is_intrinsic(&last.ident.name);
                        return self.call_overloads(&last.ident.name, &set, last.template_args.as_deref(), ops, span, is_intrinsic, None);
                    }
                    Some(Symbol::Var(_)) | Some(Symbol::ThisField(_)) | Some(Symbol::EnumValue { .. }) => {
                        // `obj(args)` with `operator()`.
                        let obj = self.operand(callee)?;
                        if let TypeInner::Struct(st) = *self.module.types.get(obj.ty) {
                            let ops = self.arg_operands(args)?;
                            return self.method_call(st, "$op()", Some(obj), ops, span);
                        }
                        self.error("E0501", callee.span, format!("`{}` is not a function", last.ident.name));
                        return None;
                    }
                    // A declaration that failed was reported already.
                    Some(Symbol::Error) => {
                        let _ = self.arg_operands(args);
                        return None;
                    }
                    _ => {}
                }
                if path.segments.len() == 1 && last.ident.name == "printf" {
                    // Debug printing has no WGSL equivalent: the call is removed (arguments are
                    // not evaluated), with a warning.
                    self.warning("W0501", "printf-removed", span, "`printf` is not supported by WGSL and is removed");
                    let void = self.module.types.void();
                    return Some(Operand::expr(Expr::new(ExprKind::Sequence(vec![]), void, span)));
                }
                if path.segments.len() == 1 {
                    let ops = self.arg_operands(args)?;
                    let name = last.ident.name.as_str();
                    if let Some(result) = self.ray_tracing_call(name, &ops, span) {
                        return result;
                    }
                    if let Some(result) = self.intrinsic_call(name, last.template_args.as_deref(), ops, span) {
                        return result;
                    }
                }
                let name = super::types::path_text(path);
                let hint = self.similar_name(&last.ident.name);
                let d = self.error("E0306", callee.span, format!("use of undeclared function `{name}`"));
                if let Some(h) = hint {
                    d.help(format!("did you mean `{h}`?"));
                }
                None
            }
            ast::ExprKind::Member { base, member, template_args } => {
                let obj = self.operand(base)?;
                let ops = self.arg_operands(args)?;
                match *self.module.types.get(obj.ty) {
                    TypeInner::Resource(_) | TypeInner::Sampler { .. } => {
                        self.resource_method(obj, member, template_args.as_deref(), ops, span)
                    }
                    TypeInner::Struct(st) => self.method_call(st, &member.name, Some(obj), ops, span),
                    TypeInner::Array { .. } if member.name == "Length" => {
                        let _ = ops;
                        self.error("E0415", member.span, "`.Length` is a property, not a method");
                        None
                    }
                    _ => {
                        let t = self.type_name(obj.ty);
                        self.error("E0307", member.span, format!("`{t}` has no method `{}`", member.name));
                        None
                    }
                }
            }
            _ => {
                self.error("E0501", callee.span, "this expression cannot be called");
                None
            }
        }
    }

    /// Analyses call arguments (as operands: places stay places for `out`).
    pub(crate) fn arg_operands(&mut self, args: &[ast::Expr]) -> Option<Vec<Operand>> {
        let mut ops = Vec::with_capacity(args.len());
        let mut ok = true;
        for a in args {
            match self.operand(a) {
                Some(op) => ops.push(op),
                None => ok = false,
            }
        }
        ok.then_some(ops)
    }

    /// Calls a method `name` of struct `st` on `obj` (or a static method with `obj: None`).
    pub(crate) fn method_call(&mut self, st: StructId, name: &str, obj: Option<Operand>, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let Some(Symbol::Functions(set)) = self.lookup_member(st, name, false) else {
            let t = self.module.structs[st.0 as usize].name.clone();
            let shown = name.strip_prefix("$op").map(|o| format!("operator{o}")).unwrap_or_else(|| name.to_string());
            self.error("E0307", span, format!("no method named `{shown}` in `{t}`"));
            return None;
        };
        self.call_overloads(name, &set, None, ops, span, false, obj)
    }

    /// `a + b` on structs with an `operator+` method.
    pub(crate) fn operator_overload(&mut self, st: StructId, op: ast::BinaryOp, l: Operand, r: Operand, span: Span) -> Option<Operand> {
        if self.options.hlsl_version < 2021 {
            let t = self.module.structs[st.0 as usize].name.clone();
            self.error("E0410", span, format!("invalid operands of struct type `{t}` for `{}`", op.as_str()))
                .help("operator overloading needs HLSL 2021 (`-HV 2021`)");
            return None;
        }
        let name = format!("$op{}", op.as_str());
        self.method_call(st, &name, Some(l), vec![r], span)
    }

    /// Resolves an overload set (functions and templates) and builds the call.
    #[allow(clippy::too_many_arguments)]
    fn call_overloads(
        &mut self,
        name: &str,
        set: &[FnEntry],
        template_args: Option<&[ast::TemplateArg]>,
        ops: Vec<Operand>,
        span: Span,
        fallback_intrinsic: bool,
        this: Option<Operand>,
    ) -> Option<Operand> {
        // Instantiate templates that match (explicit arguments or deduction).
        let mut candidates: Vec<FuncId> = Vec::new();
        for e in set {
            match *e {
                FnEntry::Func(f) if template_args.is_none() => candidates.push(f),
                FnEntry::Func(_) => {}
                FnEntry::Template(t) => {
                    if let Some(f) = self.instantiate_function_template(t, template_args, &ops, span) {
                        candidates.push(f);
                    }
                }
            }
        }
        let has_this = this.is_some();
        let mut viable: Vec<(FuncId, Vec<u32>)> = Vec::new();
        for &f in &candidates {
            if let Some(costs) = self.candidate_costs(f, &ops, has_this) {
                viable.push((f, costs));
            }
        }
        if viable.is_empty() {
            if fallback_intrinsic {
                if let Some(r) = self.intrinsic_call(name, template_args, ops, span) {
                    return r;
                }
                return None;
            }
            let shown = name.strip_prefix("$op").map(|o| format!("operator{o}")).unwrap_or_else(|| name.to_string());
            let arg_types: Vec<String> = ops.iter().map(|o| self.type_name(o.ty)).collect();
            let notes: Vec<(Span, String)> = candidates.iter().map(|&f| (self.fn_infos[f.0 as usize].span, self.signature_text(f))).collect();
            let d = self.error("E0503", span, format!("no matching overload of `{shown}` for arguments ({})", arg_types.join(", ")));
            for (s, text) in notes {
                d.related(s, format!("candidate: {text}"));
            }
            return None;
        }
        let best = pick_best(&viable);
        let Some(best) = best else {
            let notes: Vec<(Span, String)> = viable.iter().map(|(f, _)| (self.fn_infos[f.0 as usize].span, self.signature_text(*f))).collect();
            let d = self.error("E0504", span, format!("call to `{name}` is ambiguous"));
            for (s, text) in notes {
                d.related(s, format!("candidate: {text}"));
            }
            return None;
        };
        self.build_call(best, this, ops, span)
    }

    /// Per-argument conversion costs of calling `f`, or `None` if not viable.
    fn candidate_costs(&self, f: FuncId, ops: &[Operand], has_this: bool) -> Option<Vec<u32>> {
        let info = &self.fn_infos[f.0 as usize];
        let skip = usize::from(matches!(info.method_of, Some((_, true))));
        if has_this && skip == 0 && info.method_of.is_none() {
            return None;
        }
        let params = &info.params[skip..];
        if ops.len() > params.len() {
            return None;
        }
        if params[ops.len()..].iter().any(|p| p.default.is_none()) {
            return None;
        }
        let mut costs = Vec::new();
        for (op, p) in ops.iter().zip(params) {
            let cost = match p.dir {
                ParamDir::In => self.conversion_cost(op.ty, op.lit, p.ty)?,
                ParamDir::Out | ParamDir::InOut => {
                    if !matches!(op.value, Value::Place(_)) {
                        return None;
                    }
                    // Same shape required; the scalar may differ (converted on copy).
                    let c = self.conversion_cost(op.ty, Lit::No, p.ty)?;
                    let same_shape = self.module.types.shape(op.ty) == self.module.types.shape(p.ty) || op.ty == p.ty;
                    if !same_shape {
                        return None;
                    }
                    c
                }
            };
            costs.push(cost);
        }
        Some(costs)
    }

    /// Human-readable signature, for candidate notes.
    fn signature_text(&self, f: FuncId) -> String {
        let func = &self.module.functions[f.0 as usize];
        let params: Vec<String> = func
            .params
            .iter()
            .filter(|p| p.name != "this")
            .map(|p| {
                let dir = match p.dir {
                    ParamDir::In => "",
                    ParamDir::Out => "out ",
                    ParamDir::InOut => "inout ",
                };
                format!("{dir}{}", self.type_name(p.ty))
            })
            .collect();
        format!("{} {}({})", self.type_name(func.ret), func.name, params.join(", "))
    }

    /// Builds the call of the chosen function with converted arguments.
    pub(crate) fn build_call(&mut self, f: FuncId, this: Option<Operand>, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        if self.fn_infos[f.0 as usize].decl.is_some() {
            return self.call_specialized(f, this, ops, span);
        }
        let info = self.fn_infos[f.0 as usize].clone();
        let mut args = Vec::new();
        let mut prelude = Vec::new();
        let mut write_back = Vec::new();
        let mut params = info.params.iter();
        if let Some((st, true)) = info.method_of {
            let p = params.next()?;
            let this = match this {
                Some(t) => t,
                None => {
                    // A non-static method called without an object: use `this` of the caller.
                    match self.func.as_ref().and_then(|c| c.this) {
                        Some((cst, true)) if cst == st => {
                            let ty = self.module.types.insert(TypeInner::Struct(st));
                            Operand::place(Place { root: PlaceRoot::Param(crate::tir::ParamId(0)), projections: vec![], ty, span })
                        }
                        _ => {
                            self.error("E0505", span, format!("`{}` is a non-static method and needs an object", info.name));
                            return None;
                        }
                    }
                }
            };
            // (Global initializers have no function to hold a copy: they use the place.)
            let in_function = self.func.is_some();
            let read_only = in_function && matches!(&this.value, Value::Place(pl) if self.is_read_only_root(pl));
            let value = if read_only { Value::Expr(this.into_expr()) } else { this.value };
            let place = match value {
                Value::Place(p) => p,
                // Methods on rvalues and read-only values (constant buffer members,
                // `static const`s) act on a temporary copy.
                Value::Expr(_) if !in_function => {
                    self.error("E0505", span, format!("calling method `{}` on a temporary value in a global initializer is not supported yet", info.name))
                        .help("initialise the global from a local variable in a function, or call a free function");
                    return None;
                }
                Value::Expr(e) => {
                    // Methods on rvalues act on a temporary copy.
                    let ty = e.ty;
                    let tmp = self.temp_local(ty, span);
                    let place = Place { root: PlaceRoot::Local(tmp), projections: vec![], ty, span };
                    prelude.push(Expr::new(ExprKind::Assign { place: Box::new(place.clone()), value: Box::new(e), returns_old: false }, ty, span));
                    place
                }
            };
            // A base-struct method on a derived object: the derived struct starts with the
            // base's fields, so the method acts on a copy of them that is written back.
            let place = if in_function && place.ty != p.ty && self.module.types.get(place.ty) != self.module.types.get(p.ty) {
                let n = self.module.structs[st.0 as usize].fields.len();
                let tmp = self.temp_local(p.ty, span);
                let tmp_place = Place { root: PlaceRoot::Local(tmp), projections: vec![], ty: p.ty, span };
                let field = |pl: &Place, i: usize, ty: TypeId| {
                    let mut f = pl.clone();
                    f.projections.push(crate::tir::Projection::Field(i as u32));
                    f.ty = ty;
                    f
                };
                for i in 0..n {
                    let fty = self.module.structs[st.0 as usize].fields[i].ty;
                    let (to, from) = (field(&tmp_place, i, fty), field(&place, i, fty));
                    prelude.push(Expr::new(ExprKind::Assign { place: Box::new(to.clone()), value: Box::new(Operand::place(from.clone()).into_expr()), returns_old: false }, fty, span));
                    if p.dir != ParamDir::In {
                        write_back.push(Expr::new(ExprKind::Assign { place: Box::new(from), value: Box::new(Operand::place(to).into_expr()), returns_old: false }, fty, span));
                    }
                }
                tmp_place
            } else {
                place
            };
            args.push(if p.dir == ParamDir::In { Arg::Value(Operand::place(place).into_expr()) } else { Arg::InOut(place) });
        }
        let mut ops = ops.into_iter();
        for p in params {
            match ops.next() {
                Some(op) => match p.dir {
                    ParamDir::In => {
                        let s = op.span;
                        args.push(Arg::Value(self.convert_implicit(op, p.ty, s)?));
                    }
                    ParamDir::Out | ParamDir::InOut => {
                        let Value::Place(place) = op.value else { return None };
                        self.check_writable(&place, op.span);
                        args.push(if p.dir == ParamDir::Out { Arg::Out(place) } else { Arg::InOut(place) });
                    }
                },
                None => args.push(Arg::Value(p.default.clone()?)),
            }
        }
        if let Some(caller) = self.func.as_ref().map(|c| c.id) {
            self.fn_infos[caller.0 as usize].calls.push((f, span));
        }
        let call = Expr::new(ExprKind::Call { function: f, args }, info.ret, span);
        if prelude.is_empty() {
            return Some(Operand::expr(call));
        }
        if !write_back.is_empty() {
            // The call's value outlives the write-back in a temporary.
            let void = self.module.types.void();
            let result = (info.ret != void).then(|| {
                let tmp = self.temp_local(info.ret, span);
                Place { root: PlaceRoot::Local(tmp), projections: vec![], ty: info.ret, span }
            });
            match &result {
                Some(r) => prelude.push(Expr::new(ExprKind::Assign { place: Box::new(r.clone()), value: Box::new(call), returns_old: false }, info.ret, span)),
                None => prelude.push(call),
            }
            prelude.extend(write_back);
            if let Some(r) = result {
                prelude.push(Operand::place(r).into_expr());
            }
            return Some(Operand::expr(Expr::new(ExprKind::Sequence(prelude), info.ret, span)));
        }
        prelude.push(call);
        Some(Operand::expr(Expr::new(ExprKind::Sequence(prelude), info.ret, span)))
    }

    /// True for places that can never be written: constant-buffer members, `static const`s and
    /// specialization constants (`-Gec` makes `$Globals` writable through a private copy).
    pub(crate) fn is_read_only_root(&self, p: &Place) -> bool {
        let PlaceRoot::Global(g) = &p.root else { return false };
        let global = &self.module.globals[g.0 as usize];
        match &global.kind {
            crate::tir::GlobalKind::SpecConstant { .. } | crate::tir::GlobalKind::Static { is_const: true, .. } => true,
            crate::tir::GlobalKind::Resource { .. } => {
                !(Some(*g) == self.globals_cbuffer && self.options.backwards_compatibility)
                    && matches!(self.module.types.get(global.ty), TypeInner::Resource(crate::ty::Resource::ConstantBuffer { .. } | crate::ty::Resource::TextureBuffer { .. }))
            }
            _ => false,
        }
    }

    /// Calls a function with resource parameters: the function is analysed again with each
    /// resource parameter bound to the resource the caller passes (cached per distinct set),
    /// so no resource is ever a run-time value, as DXC's legalization also ensures.
    fn call_specialized(&mut self, f: FuncId, this: Option<Operand>, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let info = self.fn_infos[f.0 as usize].clone();
        let decl = info.decl.clone()?;
        let skip = usize::from(matches!(info.method_of, Some((_, true))));
        let mut aliases = Vec::new();
        let mut rest = Vec::new();
        for (i, op) in ops.into_iter().enumerate() {
            let pty = info.params.get(i + skip).map(|p| p.ty);
            match pty {
                Some(t) if self.module.types.is_resource_like(t) => {
                    // An element chosen at run time: the index becomes a hidden parameter.
                    if info.method_of.is_none() {
                        if let Some((place, index)) = self.run_time_element(&op, t) {
                            aliases.push((i, place));
                            rest.push(index);
                            continue;
                        }
                    }
                    let arg_span = op.span;
                    let place = self.alias_place(op, t, span)?;
                    if uses_function_values(&place) {
                        // The specialised body cannot see the caller's variables.
                        self.error("E0801", arg_span, "passing a resource array element chosen at run time to a function is not supported yet")
                            .help("pass the whole resource array and the index as separate parameters, or index the array inside the function");
                        return None;
                    }
                    aliases.push((i, place));
                }
                _ => rest.push(op),
            }
        }
        let key = (f, aliases.iter().map(|(i, p)| format!("{i}:{}", place_key(p))).collect::<Vec<_>>().join(","));
        let instance = match self.specializations.get(&key) {
            Some(&g) => g,
            None => {
                let g = self.specialize(f, &decl, &aliases, span)?;
                self.specializations.insert(key, g);
                g
            }
        };
        self.build_call(instance, this, rest, span)
    }

    /// Analyses `decl` again without its resource parameters, which become aliases.
    fn specialize(&mut self, f: FuncId, decl: &ast::FunctionDecl, aliases: &[(usize, crate::tir::Place)], span: Span) -> Option<FuncId> {
        if self.specializations.len() > 4096 {
            self.error("E0902", span, "too many specialisations of functions with resource parameters");
            return None;
        }
        let info = self.fn_infos[f.0 as usize].clone();
        let mut d = decl.clone();
        // Resource parameters go; one chosen at run time leaves its index as a `uint` parameter
        // (see `heap::run_time_element`), which its alias indexes with.
        let mut aliases = aliases.to_vec();
        let mut params = Vec::new();
        for (i, p) in decl.params.iter().enumerate() {
            match aliases.iter_mut().find(|(k, _)| *k == i) {
                Some((_, place)) if super::heap::has_index_hole(place) => {
                    let uint = self.module.types.scalar(crate::ty::Scalar::U32);
                    let index = super::expr::Operand::place(crate::tir::Place {
                        root: crate::tir::PlaceRoot::Param(crate::tir::ParamId(params.len() as u32)),
                        projections: vec![],
                        ty: uint,
                        span: p.span,
                    })
                    .into_expr();
                    super::heap::fill_index_hole(place, index);
                    params.push(super::heap::index_param(p));
                }
                Some(_) => {}
                None => params.push(p.clone()),
            }
        }
        d.params = params;
        let name = format!("{}${}", info.name, self.specializations.len());
        let saved_func = self.func.take();
        let id = self.function_signature(&d, &name, info.method_of);
        let id = match id {
            Some(id) => id,
            None => {
                self.func = saved_func;
                return None;
            }
        };
        if let Some(body) = &d.body {
            let alias_syms: Vec<(String, super::scope::Symbol)> = aliases
                .iter()
                .filter_map(|(i, p)| decl.params.get(*i).and_then(|prm| prm.name.as_ref()).map(|n| (n.name.clone(), super::scope::Symbol::Alias(p.clone(), 1))))
                .collect();
            self.function_body_with(id, &d, body, info.owner, alias_syms);
        }
        self.func = saved_func;
        Some(id)
    }

    /// Instantiates a function template for a call, from explicit template arguments or by
    /// deducing them from the argument types.
    fn instantiate_function_template(&mut self, t: usize, explicit: Option<&[ast::TemplateArg]>, ops: &[Operand], span: Span) -> Option<FuncId> {
        let template = self.templates[t].clone();
        let TemplateItem::Function(decl) = &template.item else { return None };
        let mut bound: Vec<Option<TemplateArgValue>> = vec![None; template.params.len()];
        if let Some(args) = explicit {
            if args.len() > bound.len() {
                return None;
            }
            for (i, a) in args.iter().enumerate() {
                bound[i] = Some(match &template.params[i].kind {
                    ast::TemplateParamKind::Type { .. } => {
                        let n = self.diags.len();
                        let ty = match a {
                            ast::TemplateArg::Type(ts) => self.resolve_type(ts),
                            ast::TemplateArg::Expr(ast::Expr { kind: ast::ExprKind::Name(p), span }) => {
                                self.resolve_type(&ast::TypeSpec { kind: ast::TypeKind::Named(p.clone()), span: *span })
                            }
                            _ => None,
                        };
                        if ty.is_none() {
                            self.diags.truncate(n);
                            return None;
                        }
                        TemplateArgValue::Type(ty?)
                    }
                    ast::TemplateParamKind::Value { .. } => TemplateArgValue::Value(self.template_int_arg(a)?),
                });
            }
        }
        // Deduce the rest from the arguments.
        for (p, op) in decl.params.iter().zip(ops) {
            self.deduce(&template.params, &p.ty, &p.array, op, &mut bound);
        }
        // Defaults.
        let mut values = Vec::new();
        for (i, p) in template.params.iter().enumerate() {
            let v = match (&bound[i], &p.kind) {
                (Some(v), _) => v.clone(),
                (None, ast::TemplateParamKind::Type { default: Some(d) }) => {
                    let n = self.diags.len();
                    let ty = self.resolve_type(d);
                    self.diags.truncate(n);
                    TemplateArgValue::Type(ty?)
                }
                (None, ast::TemplateParamKind::Value { default: Some(d), .. }) => TemplateArgValue::Value(self.const_int_quiet(d)?),
                _ => return None,
            };
            values.push(v);
        }
        match self.instantiate(t, values, span)? {
            Instance::Function(f) => Some(f),
            _ => None,
        }
    }

    /// Binds template parameters appearing in a parameter type against an argument's type.
    fn deduce(&mut self, params: &[ast::TemplateParam], pty: &ast::TypeSpec, dims: &[Option<ast::Expr>], op: &Operand, bound: &mut [Option<TemplateArgValue>]) {
        let mut arg_ty = op.ty;
        // Array dimensions: `T a[N]`.
        for d in dims {
            let TypeInner::Array { base, size } = *self.module.types.get(arg_ty) else { return };
            if let (Some(ast::Expr { kind: ast::ExprKind::Name(p), .. }), Some(n)) = (d, size) {
                if let Some(i) = param_index(params, p) {
                    bound[i].get_or_insert(TemplateArgValue::Value(n as i64));
                }
            }
            arg_ty = base;
        }
        let ast::TypeKind::Named(path) = &pty.kind else { return };
        let Some(seg) = path.segments.last() else { return };
        if path.segments.len() == 1 {
            if let Some(i) = param_index(params, path) {
                if bound[i].is_none() {
                    // Literals deduce their default type.
                    let ty = match op.lit {
                        Lit::No => arg_ty,
                        _ => arg_ty,
                    };
                    bound[i] = Some(TemplateArgValue::Type(ty));
                }
                return;
            }
        }
        // `vector<T, N>` and `matrix<T, R, C>`.
        let Some(args) = &seg.template_args else { return };
        let inner = *self.module.types.get(arg_ty);
        let (scalar, dims): (Option<crate::ty::Scalar>, Vec<i64>) = match (seg.ident.name.as_str(), inner) {
            ("vector", TypeInner::Vector { scalar, size }) => (Some(scalar), vec![size as i64]),
            ("vector", TypeInner::Scalar(scalar)) => (Some(scalar), vec![1]),
            ("matrix", TypeInner::Matrix { scalar, rows, cols }) => (Some(scalar), vec![rows as i64, cols as i64]),
            _ => (None, vec![]),
        };
        let Some(scalar) = scalar else { return };
        for (k, a) in args.iter().enumerate() {
            let name_path = match a {
                ast::TemplateArg::Type(ast::TypeSpec { kind: ast::TypeKind::Named(p), .. }) => p,
                ast::TemplateArg::Expr(ast::Expr { kind: ast::ExprKind::Name(p), .. }) => p,
                _ => continue,
            };
            let Some(i) = param_index(params, name_path) else { continue };
            if k == 0 {
                let sty = self.module.types.scalar(scalar);
                bound[i].get_or_insert(TemplateArgValue::Type(sty));
            } else if let Some(&v) = dims.get(k - 1) {
                bound[i].get_or_insert(TemplateArgValue::Value(v));
            }
        }
    }

    /// Instantiates template `t` with `values` (cached).
    pub(crate) fn instantiate(&mut self, t: usize, values: Vec<TemplateArgValue>, span: Span) -> Option<Instance> {
        let key = (t, values.clone());
        if let Some(inst) = self.instances.get(&key) {
            return match inst {
                Instance::InProgress => {
                    self.error("E0506", span, "recursive template instantiation");
                    None
                }
                i => Some(*i),
            };
        }
        if self.instances.len() > 4096 {
            self.error("E0902", span, "too many template instances (more than 4096)");
            return None;
        }
        self.instances.insert(key.clone(), Instance::InProgress);
        let template = self.templates[t].clone();
        // A namespace holding the parameters, child of the template's own namespace.
        let mut ns = super::scope::Namespace::new(Some(template.ns));
        let mut arg_text = Vec::new();
        for (p, v) in template.params.iter().zip(&values) {
            match v {
                TemplateArgValue::Type(ty) => {
                    ns.names.insert(p.name.name.clone(), Symbol::Type(*ty));
                    arg_text.push(self.type_name(*ty));
                }
                TemplateArgValue::Value(n) => {
                    let ity = self.module.types.scalar(crate::ty::Scalar::I32);
                    ns.names.insert(p.name.name.clone(), Symbol::EnumValue { value: *n, ty: ity });
                    arg_text.push(n.to_string());
                }
            }
        }
        self.namespaces.push(ns);
        let ns_id = super::NsId(self.namespaces.len() as u32 - 1);
        let saved_ns = std::mem::replace(&mut self.current_ns, ns_id);
        let saved_func = self.func.take();
        let result = match &template.item {
            TemplateItem::Function(decl) => {
                let mut decl = decl.clone();
                decl.template_params = None;
                let base = match &decl.name {
                    ast::FunctionName::Path(p) => p.segments.last().map(|s| s.ident.name.clone()).unwrap_or_default(),
                    ast::FunctionName::Operator { op, .. } => super::decl::operator_method_name(*op),
                };
                let mangled = format!("{base}<{}>", arg_text.join(", "));
                if let ast::FunctionName::Path(p) = &mut decl.name {
                    if let Some(s) = p.segments.last_mut() {
                        s.ident.name = mangled;
                    }
                    p.segments = p.segments.split_off(p.segments.len() - 1);
                }
                // Instances are not visible by name: declare into the scratch namespace.
                self.function_decl(&decl, template.owner).map(Instance::Function)
            }
            TemplateItem::Struct(decl) => {
                let mut decl = decl.clone();
                decl.template_params = None;
                let base = decl.name.as_ref().map(|n| n.name.clone()).unwrap_or_default();
                if let Some(n) = &mut decl.name {
                    n.name = format!("{base}<{}>", arg_text.join(", "));
                }
                self.struct_decl(&decl).map(Instance::Type)
            }
            TemplateItem::Alias(ty) => self.resolve_type(ty).map(Instance::Type),
        };
        self.current_ns = saved_ns;
        self.func = saved_func;
        match result {
            Some(i) => {
                self.instances.insert(key, i);
                Some(i)
            }
            None => {
                self.instances.remove(&key);
                None
            }
        }
    }

    /// Reports calls that form a cycle (HLSL forbids recursion).
    pub(crate) fn check_recursion(&mut self) {
        let n = self.fn_infos.len();
        // 0 = unvisited, 1 = on stack, 2 = done.
        let mut state = vec![0u8; n];
        for start in 0..n {
            if state[start] != 0 {
                continue;
            }
            let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
            state[start] = 1;
            while let Some(&mut (f, ref mut i)) = stack.last_mut() {
                let calls = &self.fn_infos[f].calls;
                if *i < calls.len() {
                    let (g, call_span) = (calls[*i].0 .0 as usize, calls[*i].1);
                    *i += 1;
                    match state[g] {
                        0 => {
                            state[g] = 1;
                            stack.push((g, 0));
                        }
                        1 => {
                            let (name, span) = (self.fn_infos[g].name.clone(), self.fn_infos[g].span);
                            let caller = self.fn_infos[f].name.clone();
                            let d = self.error("E0507", call_span, format!("recursive call to `{name}`: HLSL does not allow recursion"));
                            d.related(span, format!("`{name}` is defined here"));
                            if caller != name {
                                d.note(format!("`{caller}` is called from `{name}`, directly or indirectly"));
                            }
                            d.help("rewrite the recursion as a loop");
                            state[g] = 2;
                        }
                        _ => {}
                    }
                } else {
                    state[f] = 2;
                    stack.pop();
                }
            }
        }
    }
}

/// Identifies the resource a place denotes (global and constant indices), for caching
/// specialisations.
fn place_key(p: &Place) -> String {
    let mut s = match &p.root {
        PlaceRoot::Global(g) => format!("g{}", g.0),
        other => format!("{other:?}"),
    };
    for proj in &p.projections {
        match proj {
            crate::tir::Projection::Index(e) => match &e.kind {
                ExprKind::Const(c) => s.push_str(&format!("[{c:?}]")),
                _ => s.push_str(&format!("[{:?}]", e.kind)),
            },
            crate::tir::Projection::Field(f) => s.push_str(&format!(".{f}")),
            other => s.push_str(&format!("{other:?}")),
        }
    }
    s
}

fn param_index(params: &[ast::TemplateParam], path: &ast::Path) -> Option<usize> {
    if path.segments.len() != 1 {
        return None;
    }
    params.iter().position(|p| p.name.name == path.segments[0].ident.name)
}

/// The candidate that is at least as good for every argument and better for one; falls back
/// to the lowest total when exactly one has it.
fn pick_best(viable: &[(FuncId, Vec<u32>)]) -> Option<FuncId> {
    if viable.len() == 1 {
        return Some(viable[0].0);
    }
    'outer: for (i, (f, ci)) in viable.iter().enumerate() {
        for (j, (_, cj)) in viable.iter().enumerate() {
            if i == j {
                continue;
            }
            let not_worse = ci.iter().zip(cj).all(|(a, b)| a <= b);
            let better = ci.iter().zip(cj).any(|(a, b)| a < b) || ci.len() < cj.len();
            if !(not_worse && better) {
                continue 'outer;
            }
        }
        return Some(*f);
    }
    // Fewest total cost, if unique.
    let min = viable.iter().map(|(_, c)| c.iter().sum::<u32>()).min()?;
    let best: Vec<_> = viable.iter().filter(|(_, c)| c.iter().sum::<u32>() == min).collect();
    (best.len() == 1).then(|| best[0].0)
}

#[allow(dead_code)]
fn _unused(_: TypeId) {}

/// True if a place's index expressions read locals or parameters of the current function.
fn uses_function_values(p: &crate::tir::Place) -> bool {
    use crate::tir::{ExprKind, PlaceRoot, Projection};
    let mut found = false;
    let mut check = |e: &crate::tir::Expr| {
        crate::lower::walk_expr(e, &mut |x| {
            if let ExprKind::Load(p) = &x.kind {
                if matches!(p.root, PlaceRoot::Local(_) | PlaceRoot::Param(_)) {
                    found = true;
                }
            }
        })
    };
    let mut cur = Some(p);
    while let Some(place) = cur {
        for proj in &place.projections {
            if let Projection::Index(e) = proj {
                check(e);
            }
        }
        cur = match &place.root {
            PlaceRoot::BufferElement { resource, index } => {
                check(index);
                Some(resource)
            }
            PlaceRoot::Texel { resource, coord, .. } => {
                check(coord);
                Some(resource)
            }
            PlaceRoot::Local(_) | PlaceRoot::Param(_) => return true,
            PlaceRoot::Global(_) => None,
        };
    }
    found
}
