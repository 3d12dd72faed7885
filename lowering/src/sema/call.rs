//! Calls: user functions, methods, templates, operator overloads, and the dispatch to
//! intrinsics and resource methods.
//!
//! Overload resolution: a candidate is viable when every argument converts to its parameter;
//! the best candidate is at least as good as every other for every argument and better for at
//! least one, else the one with the lowest total cost, as DXC picks the lowest sum of argument
//! scores (costs come from [`Analyzer::conversion_cost`]). If no candidate is best, the call
//! is ambiguous and the error lists the candidates.
//!
//! `out` and `inout` arguments must be places; HLSL copies them in before and out after the
//! call (lowering implements the copies), converting between the parameter type and the
//! argument type where their scalars differ.

use super::expr::{Lit, Operand, Value};
use super::scope::{FnEntry, Instance, Symbol, TemplateArgValue, TemplateItem};
use super::Analyzer;
use super::precision::MinPrecision;
use super::resource_value::{ResBinding, ResValue};
use crate::tir::{Arg, Expr, ExprKind, FuncId, ParamDir, Place, PlaceRoot};
use crate::ty::{StructId, TypeId, TypeInner};
use hlslc_grammar::ast;
use hlslc_grammar::Span;

/// The name `this` is bound to in a method specialised for a struct with resources.
pub(crate) const THIS_ALIAS: &str = "$this";

impl Analyzer<'_> {
    pub(crate) fn call(&mut self, callee: &ast::Expr, args: &[ast::Expr], span: Span) -> Option<Operand> {
        match &callee.kind {
            ast::ExprKind::Name(path) => {
                let last = path.segments.last()?;
                let sym = if let Some(found) = self.lookup_templated_path(path) {
                    // `Leg<int>::zero()`: a member of a template instance.
                    found
                } else if path.segments.len() == 1 && !path.global {
                    self.lookup(&last.ident.name)
                } else if path.segments[..path.segments.len() - 1].iter().any(|s| s.template_args.is_some()) {
                    // `S<32>::f()`, `A::B<T>::f()`: a static member of a template instance.
                    self.template_instance_member(path)
                } else {
                    self.lookup_path(path)
                };
                match sym {
                    Some(Symbol::Type(ty)) if last.template_args.is_none() => {
                        return self.construct(ty, args, span);
                    }
                    Some(Symbol::StructTemplate(_)) => {
                        let spec = ast::TypeSpec { kind: ast::TypeKind::Named(path.clone()), span: callee.span };
                        let ty = self.resolve_type(&spec)?;
                        return self.construct(ty, args, span);
                    }
                    Some(Symbol::Functions(set)) => {
                        let heaps = self.heap_arguments(&last.ident.name, &set, args)?;
                        // A user overload set may share its name with an intrinsic: the
                        // intrinsic when it takes the arguments, else the user functions.
                        let is_intrinsic = path.segments.len() == 1 && (super::intrinsics::is_intrinsic(&last.ident.name) || Self::is_ray_tracing_function(&last.ident.name));
                        let outer = std::mem::replace(&mut self.unset_resource_args, !is_intrinsic);
                        let ops = self.arg_operands_with(args, heaps);
                        self.unset_resource_args = outer;
                        let ops = ops?;
                        self.call_precisions = args.iter().map(|a| self.argument_precision(a)).collect();
                        let result = self.call_overloads(&last.ident.name, &set, last.template_args.as_deref(), ops, span, is_intrinsic, None);
                        // (The argument variables `out` parameters rebind are this call's only.)
                        for a in args {
                            self.arg_targets.remove(&a.span);
                        }
                        return result;
                    }
                    Some(Symbol::Var(_)) | Some(Symbol::ThisField(_)) | Some(Symbol::ThisBitField(..)) | Some(Symbol::EnumValue { .. }) => {
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
                    self.printf_removed(span);
                    let void = self.module.types.void();
                    return Some(Operand::expr(Expr::new(ExprKind::Sequence(vec![]), void, span)));
                }
                if path.segments.len() == 1 {
                    let ops = self.arg_operands(args)?;
                    let name = last.ident.name.as_str();
                    if Self::is_ray_tracing_function(name) {
                        return self.ray_tracing_call(name, ops, span);
                    }
                    if name == "GetRemainingRecursionLevels" && self.lookup(name).is_none() {
                        return self.remaining_recursion_levels(&ops, span);
                    }
                    if let Some(result) = self.intrinsic_call(name, last.template_args.as_deref(), ops, span) {
                        return result;
                    }
                }
                if path.segments.len() == 2 && path.segments[0].ident.name == "vk" {
                    if let Some(result) = self.raw_buffer_call(&last.ident.name, last.template_args.as_deref(), args, span) {
                        return result;
                    }
                    if let Some(result) = self.pointer_cast_call(&last.ident.name, last.template_args.as_deref(), args, span) {
                        return result;
                    }
                    if let Some(result) = self.inline_spirv_call(&last.ident.name, args, span) {
                        return result;
                    }
                }
                let name = super::types::path_text(path);
                let hint = self.similar_name(&last.ident.name);
                // (A call whose arguments are literals does not depend on a template's
                // parameters, so DXC looks its name up where a template is defined:
                // `report_non_dependent`.)
                if path.segments.len() == 1 && !path.global && args.iter().all(is_literal_expression) {
                    self.non_dependent_calls.insert(callee.span);
                }
                let d = self.error("E0306", callee.span, format!("use of undeclared function `{name}`"));
                if last.ident.name.starts_with("__XB_") {
                    // The Xbox consoles' shader compilers add `__XB_…` intrinsics (lane
                    // swizzles, the GPU clock …); DXC has none of them either.
                    d.note("`__XB_` functions are intrinsics of the Xbox consoles' shader compilers, not of HLSL: DXC lacks them too")
                        .help("compile the shader's PC path (the samples guard the console one with `#if defined(__XBOX_SCARLETT)` or similar), or replace the call");
                } else if let Some(h) = hint {
                    d.help(format!("did you mean `{h}`?"));
                }
                None
            }
            ast::ExprKind::Member { base, member, template_args, qualifier } => {
                // (A struct with resources — a variable, or returned by a call — is a marker
                // `call_specialized` binds `this` to.)
                let n = self.diags.len();
                let target = self.alias_target(base);
                self.end_probe(n, base.span);
                let struct_value = match &target {
                    Some(Some((name, path, _))) => self.lookup_binding(name).and_then(|b| self.value_at(&b, path)).is_some_and(|b| matches!(b.value, ResValue::Struct(_))),
                    _ => false,
                };
                let obj = if struct_value || matches!(base.kind, ast::ExprKind::Call { .. }) {
                    self.arg_operands(std::slice::from_ref(base))?.pop()?
                } else {
                    self.operand(base)?
                };
                // `d.Base::method()`: the method as `Base` declares it.
                let qualified = match qualifier {
                    Some(q) => Some(self.qualifying_base(obj.ty, q)?),
                    None => None,
                };
                let ops = self.arg_operands(args)?;
                // (The variable a method that rebinds resource members of its object updates.)
                if let (true, Some(Some((name, path, _)))) = (struct_value, target) {
                    self.this_targets.insert(obj.span, (name, path));
                }
                match *self.module.types.get(obj.ty) {
                    // `cb.Method()` on a `ConstantBuffer<S>`/`TextureBuffer<S>`: a method of
                    // its `S` value (called on a copy, the buffer being read-only).
                    TypeInner::Resource(crate::ty::Resource::ConstantBuffer { element } | crate::ty::Resource::TextureBuffer { element })
                        if matches!(*self.module.types.get(element), TypeInner::Struct(st) if self.lookup_member(st, &member.name, false).is_some()) =>
                    {
                        let TypeInner::Struct(st) = *self.module.types.get(element) else { return None };
                        let st = qualified.unwrap_or(st);
                        let value = match obj.value {
                            Value::Place(mut p) => {
                                p.ty = element;
                                Value::Expr(Operand::place(p).into_expr())
                            }
                            Value::Expr(e) => Value::Expr(e),
                        };
                        let this = Operand { value, ty: element, lit: obj.lit, span: obj.span };
                        self.method_call(st, &member.name, Some(this), ops, span)
                    }
                    TypeInner::Resource(_) | TypeInner::Sampler { .. } => {
                        self.resource_method(obj, member, template_args.as_deref(), ops, span)
                    }
                    TypeInner::Struct(st) => {
                        let st = qualified.unwrap_or(st);
                        self.call_precisions = args.iter().map(|a| self.argument_precision(a)).collect();
                        self.method_call_with(st, &member.name, template_args.as_deref(), Some(obj), ops, span)
                    }
                    TypeInner::RayQuery { .. } => self.ray_query_method(obj, member, ops, span),
                    TypeInner::Stream { .. } => self.stream_method(obj, member, ops, span),
                    TypeInner::Node { .. } => self.node_method(obj, member, ops, span),
                    TypeInner::BufferPointer { .. } => self.buffer_pointer_method(obj, member, ops, span),
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

    /// The member `last` of the struct template instance its path's other segments name
    /// (instantiating it).
    fn template_instance_member(&mut self, path: &ast::Path) -> Option<Symbol> {
        let (last, owner) = path.segments.split_last()?;
        let owner = ast::Path { global: path.global, segments: owner.to_vec().into(), span: path.span };
        let ty = self.resolve_type(&ast::TypeSpec { kind: ast::TypeKind::Named(owner), span: path.span })?;
        match *self.module.types.get(ty) {
            TypeInner::Struct(st) => self.lookup_member(st, &last.ident.name, false),
            _ => None,
        }
    }

    /// Descriptor-heap elements passed to a user function (`f(ResourceDescriptorHeap[i])`,
    /// `f((Texture2D)ResourceDescriptorHeap[i])`), analysed as DXC converts them: to the
    /// written cast's type, else to the resource type of that parameter, which every
    /// non-template overload taking that many arguments must agree on. One entry per
    /// argument (`None`: analysed as usual); `None` after an error.
    fn heap_arguments(&mut self, name: &str, set: &[FnEntry], args: &[ast::Expr]) -> Option<Vec<Option<Operand>>> {
        let mut out = vec![None; args.len()];
        for (i, a) in args.iter().enumerate() {
            let (inner, written) = match &a.kind {
                ast::ExprKind::Cast { expr, ty, array } if array.is_empty() => (expr.as_ref(), Some(ty)),
                _ => (a, None),
            };
            let ast::ExprKind::Index { base, .. } = &inner.kind else { continue };
            if !self.is_descriptor_heap(base) {
                continue;
            }
            let ty = match written {
                Some(w) => self.resolve_type(w),
                None => {
                    let mut tys = set.iter().filter_map(|e| match e {
                        FnEntry::Func(id) => {
                            let params = &self.fn_infos[id.0 as usize].params;
                            (params.len() >= args.len() && params[args.len()..].iter().all(|p| p.default.is_some())).then(|| params[i].ty)
                        }
                        FnEntry::Template(_) => None,
                    });
                    let first = tys.next();
                    let rest: Vec<TypeId> = tys.filter(|&u| Some(u) != first).collect();
                    if let (Some(t), Some(&u)) = (first, rest.first()) {
                        // DXC: the heap element converts to either, and the call is ambiguous.
                        let (t, u) = (self.type_name(t), self.type_name(u));
                        self.error("E0504", a.span, format!("call to `{name}` is ambiguous: a descriptor-heap element converts to `{t}` and to `{u}`"))
                            .help(format!("cast the element to the resource type you mean, e.g. `({t})ResourceDescriptorHeap[i]`"));
                        return None;
                    }
                    first
                }
            };
            let Some(ty) = ty.filter(|&t| self.module.types.is_resource_like(t)) else { continue };
            match self.heap_value(a, ty) {
                Some(Some(place)) => out[i] = Some(Operand::place(place)),
                Some(None) => return None,
                None => {}
            }
        }
        Some(out)
    }

    /// Analyses call arguments (as operands: places stay places for `out`).
    pub(crate) fn arg_operands(&mut self, args: &[ast::Expr]) -> Option<Vec<Operand>> {
        self.arg_operands_with(args, Vec::new())
    }

    /// [`Self::arg_operands`] with some arguments analysed already (`Some` in `done`).
    fn arg_operands_with(&mut self, args: &[ast::Expr], mut done: Vec<Option<Operand>>) -> Option<Vec<Operand>> {
        let mut ops = Vec::with_capacity(args.len());
        let mut ok = true;
        for (i, a) in args.iter().enumerate() {
            if let Some(op) = done.get_mut(i).and_then(Option::take) {
                ops.push(op);
                continue;
            }
            // A whole struct with resources (or local resource array) is resolved at compile
            // time: its operand is a marker for `call_specialized`.
            if let Some(r) = self.alias_expr(a) {
                if self.unset_resource_args {
                    if let Some(Some((name, path, _))) = self.alias_target(a) {
                        self.arg_targets.insert(a.span, (name, path));
                    }
                }
                match r {
                    Some(b) if matches!(b.value, ResValue::Struct(_) | ResValue::Array(_)) => {
                        let marker = self.value_marker(b.value, b.ty, a.span);
                        ops.push(marker);
                        continue;
                    }
                    // A resource variable not assigned yet, given to a user function: for an
                    // `out` parameter (`call_specialized` reports any other use).
                    Some(b) if self.unset_resource_args && matches!(b.value, ResValue::Unset(_)) => {
                        let marker = self.value_marker(b.value, b.ty, a.span);
                        ops.push(marker);
                        continue;
                    }
                    Some(_) => {}
                    None => {
                        ok = false;
                        continue;
                    }
                }
            }
            let outer = self.value_call.replace(a.span);
            let op = self.operand(a);
            self.value_call = outer;
            match op {
                Some(op) => {
                    let op = self.cast_lvalue_argument(a, op);
                    self.note_base_cast_view(a);
                    self.note_effect_lvalue(a);
                    ops.push(op)
                }
                None => ok = false,
            }
        }
        ok.then_some(ops)
    }

    /// Calls a method `name` of struct `st` on `obj` (or a static method with `obj: None`).
    pub(crate) fn method_call(&mut self, st: StructId, name: &str, obj: Option<Operand>, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        self.method_call_with(st, name, None, obj, ops, span)
    }

    /// `method_call` with the explicit template arguments of a member template
    /// (`b.Load<uint>()`).
    fn method_call_with(&mut self, st: StructId, name: &str, template_args: Option<&[ast::TemplateArg]>, obj: Option<Operand>, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let Some(Symbol::Functions(set)) = self.lookup_member(st, name, false) else {
            self.call_precisions.clear();
            let t = self.module.structs[st.0 as usize].name.clone();
            let shown = super::decl::shown_method_name(name);
            self.error("E0307", span, format!("no method named `{shown}` in `{t}`"));
            return None;
        };
        self.call_overloads(name, &set, template_args, ops, span, false, obj)
    }

    /// `a + b` on structs with an `operator+` method.
    pub(crate) fn operator_overload(&mut self, st: StructId, op: ast::BinaryOp, l: Operand, r: Operand, span: Span) -> Option<Operand> {
        if self.options.hlsl_version < 2021 {
            let t = self.module.structs[st.0 as usize].name.clone();
            self.error("E0410", span, format!("invalid operands of struct type `{t}` for `{}`", op.as_str()))
                .help("operator overloading needs HLSL 2021 (`-HV 2021`)");
            return None;
        }
        let name = super::decl::operator_method_name(ast::OverloadableOp::Binary(op));
        self.method_call(st, &name, Some(l), vec![r], span)
    }

    /// `-a`, `+a`, `!a` and `~a` on structs with a parameterless operator method (DXC's
    /// HLSL 2021 allows every member operator but assignments, `++`, `--`, `->` and `->*`).
    /// `operator-` and `operator+` are declared as the binary forms are, as in C++, where the
    /// parameter count tells them apart; `!` and `~` have only the unary form.
    pub(crate) fn unary_operator_overload(&mut self, st: StructId, op: ast::UnaryOp, v: Operand, span: Span) -> Option<Operand> {
        if self.options.hlsl_version < 2021 {
            let t = self.module.structs[st.0 as usize].name.clone();
            self.error("E0410", span, format!("invalid operand of struct type `{t}` for unary `{}`", op.as_str()))
                .help("operator overloading needs HLSL 2021 (`-HV 2021`)");
            return None;
        }
        let declared_as = match op {
            ast::UnaryOp::Neg => ast::OverloadableOp::Binary(ast::BinaryOp::Sub),
            ast::UnaryOp::Plus => ast::OverloadableOp::Binary(ast::BinaryOp::Add),
            _ => ast::OverloadableOp::Unary(op),
        };
        self.method_call(st, &super::decl::operator_method_name(declared_as), Some(v), Vec::new(), span)
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
        let precisions = std::mem::take(&mut self.call_precisions);
        // An intrinsic that accepts the arguments hides the user functions of its name (DXC's
        // AddOverloadedCallCandidates adds the matching intrinsic and stops, so the user
        // overloads are not candidates): `float2 max(float2, float2)` declared by the shader is
        // called only where `max` itself would not take the arguments.
        if fallback_intrinsic && template_args.is_none() && this.is_none() && !Self::is_ray_tracing_function(name) {
            let n = self.diags.len();
            if let Some(Some(r)) = self.intrinsic_call(name, None, ops.clone(), span) {
                if !self.diags[n..].iter().any(|d| d.severity == hlslc_grammar::Severity::Error) {
                    return Some(r);
                }
            }
            self.diags.truncate(n);
        }
        // Instantiate templates that match (explicit arguments or deduction).
        let mut candidates: Vec<FuncId> = Vec::new();
        // The template each candidate is an instance of (for the tie-breakers).
        let mut template_of: Vec<Option<usize>> = Vec::new();
        // Instances whose body had errors: (instance, its diagnostics' range).
        let mut instance_diags: Vec<(FuncId, usize, usize)> = Vec::new();
        for e in set {
            match *e {
                FnEntry::Func(f) if template_args.is_none() => {
                    candidates.push(f);
                    template_of.push(None);
                }
                FnEntry::Func(_) => {}
                FnEntry::Template(t) => {
                    let n = self.diags.len();
                    if let Some(f) = self.instantiate_function_template(t, template_args, &ops, span) {
                        candidates.push(f);
                        template_of.push(Some(t));
                        if self.diags[n..].iter().any(|d| d.severity == hlslc_grammar::Severity::Error) {
                            instance_diags.push((f, n, self.diags.len()));
                        }
                    }
                }
            }
        }
        let has_this = this.is_some();
        let mut viable: Vec<(FuncId, Vec<u32>)> = Vec::new();
        let mut viable_templates: Vec<Option<usize>> = Vec::new();
        for (&f, &t) in candidates.iter().zip(&template_of) {
            if let Some(costs) = self.candidate_costs(f, &ops, &precisions, has_this) {
                viable.push((f, costs));
                viable_templates.push(t);
            }
        }
        if viable.is_empty() {
            if fallback_intrinsic {
                // (DXC declares an intrinsic on its name's first lookup, which a user function's
                // declaration of the same name is: the two overload each other.)
                if template_args.is_none() && Self::is_ray_tracing_function(name) {
                    return self.ray_tracing_call(name, ops, span);
                }
                if let Some(r) = self.intrinsic_call(name, template_args, ops, span) {
                    return r;
                }
                return None;
            }
            let shown = super::decl::shown_method_name(name);
            let arg_types: Vec<String> = ops.iter().map(|o| self.type_name(o.ty)).collect();
            let notes: Vec<(Span, String)> = candidates.iter().map(|&f| (self.fn_infos[f.0 as usize].span, self.signature_text(f))).collect();
            let templates_only = candidates.is_empty() && set.iter().any(|e| matches!(e, FnEntry::Template(_)));
            let d = self.error("E0503", span, format!("no matching overload of `{shown}` for arguments ({})", arg_types.join(", ")));
            for (s, text) in notes {
                d.related(s, format!("candidate: {text}"));
            }
            if templates_only {
                d.help("no template of this name deduces its parameters from these arguments (arguments deducing one parameter need one type, a literal counting as its own; a `vector<T, 2>` takes no `float3`; an `enable_if` may leave a template out): convert the arguments, or give the template arguments");
            }
            return None;
        }
        // Equal conversions: a plain function beats a template instance, and the instance of a
        // more specialized template beats the other's (`partial_ordering.rs`).
        let nargs = ops.len();
        let tie = |i: usize, j: usize| match (viable_templates[i], viable_templates[j]) {
            (None, Some(_)) => true,
            (Some(a), Some(b)) if a != b => super::partial_ordering::more_specialized(&self.templates[a], &self.templates[b], nargs),
            _ => false,
        };
        let best = pick_best(&viable, tie);
        // Only the chosen instance's body counts (C++ instantiates no other): the errors of the
        // others wait for a call that chooses them; a chosen instance made by an earlier call
        // reports the errors that call set aside.
        for &(f, start, end) in instance_diags.iter().rev() {
            if Some(f) != best {
                let errors: Vec<_> = self.diags.drain(start..end).collect();
                self.deferred_instance_errors.insert(f, errors);
            }
        }
        // (Kept in the map: a probing analysis may drop what it reports; each is reported once.)
        if let Some(errors) = best.and_then(|b| self.deferred_instance_errors.get(&b)).cloned() {
            for e in errors {
                if !self.diags.iter().any(|d| d.code == e.code && d.span == e.span && d.message == e.message) {
                    self.diags.push(e);
                }
            }
        }
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

    /// Per-argument conversion costs of calling `f`, or `None` if not viable; `precisions`
    /// are the arguments' written precisions (`precision.rs`), where known.
    fn candidate_costs(&self, f: FuncId, ops: &[Operand], precisions: &[MinPrecision], has_this: bool) -> Option<Vec<u32>> {
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
        for (i, (op, p)) in ops.iter().zip(params).enumerate() {
            // Overloads differing only in min-precision types: by the written precisions.
            let arg = precisions.get(i).copied().unwrap_or_default();
            let precision = |into: bool| match self.share_scalar(op.ty, p.ty) {
                true if into => Self::precision_cost(arg, op.lit != Lit::No, p.precision),
                true => Self::precision_cost(p.precision, false, arg),
                false => 0,
            };
            let cost = match p.dir {
                ParamDir::In => self.conversion_cost(op.ty, op.lit, p.ty)? + precision(true),
                ParamDir::InOut if p.groupshared => {
                    // No conversion, not even an explicit cast's value: the variable itself.
                    let Value::Place(place) = &op.value else { return None };
                    if op.ty != p.ty || !self.is_groupshared_place(place) {
                        return None;
                    }
                    0
                }
                ParamDir::Out | ParamDir::InOut => {
                    if !matches!(op.value, Value::Place(_)) && !self.base_cast_views.contains_key(&op.span) && !self.effect_lvalue_args.contains_key(&op.span) {
                        return None;
                    }
                    // The argument converts to the parameter on the way in (for `inout`) and
                    // back on the way out (`float` passed as `out float2` is splat in and
                    // truncated out, as DXC does, with its truncation warning).
                    let out = self.conversion_cost(p.ty, Lit::No, op.ty)? + precision(false);
                    // The argument binds to the parameter's reference as well, so it must
                    // convert to the parameter's type even for `out` (DXC: a `float2` place,
                    // `(float2)v4` included, is no `out float4` argument; a `float` splats).
                    let into = self.conversion_cost(op.ty, Lit::No, p.ty)? + precision(true);
                    match p.dir {
                        ParamDir::InOut => into.max(out),
                        _ => out,
                    }
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
            .enumerate()
            .filter(|(_, p)| p.name != "this")
            .map(|(i, p)| {
                let groupshared = self.fn_infos[f.0 as usize].params.get(i).is_some_and(|i| i.groupshared);
                let dir = match p.dir {
                    _ if groupshared => "groupshared ",
                    ParamDir::In => "",
                    ParamDir::Out => "out ",
                    ParamDir::InOut => "inout ",
                };
                format!("{dir}{}", self.type_name(p.ty))
            })
            .collect();
        format!("{} {}({})", self.type_name(func.ret), super::decl::shown_method_name(&func.name), params.join(", "))
    }

    /// A call that overload resolution accepted but `build_call` cannot build: reported as an
    /// internal error rather than dropped without a diagnostic (the call would vanish from the
    /// output).
    fn call_invariant(&mut self, span: Span, name: &str, what: &str) -> Option<Operand> {
        self.error("E9901", span, format!("internal compiler error: the call of `{name}` has {what}")).note("this is a bug in hlslc, please report it");
        None
    }

    /// Builds the call of the chosen function with converted arguments.
    pub(crate) fn build_call(&mut self, f: FuncId, this: Option<Operand>, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        if let Some(inlined) = self.inline_ray_query_call(f, this.as_ref(), &ops, span) {
            return inlined;
        }
        // No argument initialises an unsized array parameter (DXC's SPIR-V back end: "initializer
        // for type 'unsigned int []' unimplemented"); declaring one is fine.
        let skip = usize::from(matches!(self.fn_infos[f.0 as usize].method_of, Some((_, true))));
        let unsized_param = self.fn_infos[f.0 as usize].params.iter().skip(skip).position(|p| {
            matches!(*self.module.types.get(p.ty), TypeInner::Array { size: None, .. }) && !self.module.types.is_resource_like(p.ty)
        });
        if let Some(i) = unsized_param {
            let name = super::decl::shown_method_name(&self.fn_infos[f.0 as usize].name);
            self.error("E0402", ops.get(i).map_or(span, |o| o.span), format!("an argument cannot initialise the unsized array parameter {} of `{name}`", i + 1))
                .help("give the parameter an array size, e.g. `uint value[4]`");
            return None;
        }
        if self.fn_infos[f.0 as usize].decl.is_some() {
            return self.call_specialized(f, this, ops, span);
        }
        let info = self.fn_infos[f.0 as usize].clone();
        let mut args = Vec::new();
        let mut prelude = Vec::new();
        let mut write_back = Vec::new();
        let mut params = info.params.iter();
        if let Some((st, true)) = info.method_of {
            let Some(p) = params.next() else { return self.call_invariant(span, &info.name, "a method without its object parameter") };
            let this = match this {
                Some(t) => t,
                None => {
                    // A non-static method called without an object: use `this` of the caller
                    // (`Base::method()` in a method of a derived struct calls the base's
                    // method on `this`).
                    match self.func.as_ref().and_then(|c| c.this) {
                        Some((cst, true)) if cst == st || self.derives_from(cst, st) => {
                            let ty = self.module.types.insert(TypeInner::Struct(cst));
                            Operand::place(Place { root: PlaceRoot::Param(crate::tir::ParamId(0)), projections: vec![].into(), ty, span })
                        }
                        _ => {
                            self.error("E0505", span, format!("`{}` is a non-static method and needs an object", info.name))
                                .help("call it on an object (`obj.method()`), or from a method of its struct or of a struct derived from it");
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
                    let place = Place { root: PlaceRoot::Local(tmp), projections: vec![].into(), ty, span };
                    prelude.push(Expr::new(ExprKind::Assign { place: Box::new(place.clone()), value: Box::new(e), returns_old: false }, ty, span));
                    place
                }
            };
            // A base-struct method on a derived object: the derived struct starts with the
            // base's fields, so the method acts on a copy of them that is written back.
            let place = if in_function && place.ty != p.ty && self.module.types.get(place.ty) != self.module.types.get(p.ty) {
                let n = self.module.structs[st.0 as usize].fields.len();
                let tmp = self.temp_local(p.ty, span);
                let tmp_place = Place { root: PlaceRoot::Local(tmp), projections: vec![].into(), ty: p.ty, span };
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
        let references = self.reference_parameters(f);
        let first = info.params.len() - params.len();
        for (index, p) in params.enumerate().map(|(i, p)| (first + i, p)) {
            if let Some(op) = ops.as_slice().first() {
                self.check_nointerpolation_argument(f, index, op);
            }
            match ops.next() {
                Some(op) => match p.dir {
                    // A `RayQuery` is a handle: the callee works on the caller's query.
                    _ if matches!(self.module.types.get(p.ty), TypeInner::RayQuery { .. }) => {
                        match op.value {
                            Value::Place(place) if place.ty == p.ty => args.push(Arg::InOut(place)),
                            _ => {
                                let (a, b) = (self.type_name(op.ty), self.type_name(p.ty));
                                self.error("E0502", op.span, format!("cannot pass a `{a}` as a `{b}`"))
                                    .help("pass a `RayQuery` variable with the same template arguments");
                                return None;
                            }
                        }
                    }
                    ParamDir::In => {
                        let s = op.span;
                        args.push(Arg::Value(self.convert_implicit(op, p.ty, s)?));
                    }
                    ParamDir::Out | ParamDir::InOut => {
                        let place = match op.value {
                            Value::Place(place) => place,
                            // `++x` as an `out`/`inout` argument: the increment, then `x`.
                            Value::Expr(effect) if self.effect_lvalue_args.contains_key(&op.span) => {
                                prelude.push(effect);
                                let Some(place) = self.effect_lvalue_args.get(&op.span).cloned() else { return self.call_invariant(op.span, &info.name, "an lvalue argument with an effect but no place") };
                                place
                            }
                            // `(Base)derived` as an `out`/`inout` argument: a temporary of the
                            // base, whose fields go back to the derived value's.
                            _ => {
                                let Some(derived) = self.base_cast_views.get(&op.span).cloned() else { return self.call_invariant(op.span, &info.name, "an `out` or `inout` argument that is not an lvalue") };
                                self.check_writable(&derived, op.span);
                                let tmp = self.base_view_argument(derived, p.ty, p.dir, &mut prelude, &mut write_back)?;
                                args.push(if p.dir == ParamDir::Out { Arg::Out(tmp) } else { Arg::InOut(tmp) });
                                continue;
                            }
                        };
                        // (A `vk::ext_reference` parameter takes read-only memory too.)
                        if !references.get(index).copied().unwrap_or(false) {
                            self.check_writable(&place, op.span);
                        }
                        if info.params.get(index).is_some_and(|i| i.groupshared) {
                            self.warning("W0740", "groupshared-parameter", op.span, "a `groupshared` parameter is passed as a copy of the variable, written back when the call returns")
                                .note("what other threads write to the variable during the call is not seen by it, and is overwritten when it returns")
                                .help("if several threads call this at once, index the groupshared variable in the function instead of passing it");
                        }
                        if self.truncates_lvalue(place.ty, p.ty) {
                            let (a, b) = (self.type_name(place.ty), self.type_name(p.ty));
                            let dir = if p.dir == ParamDir::Out { "out" } else { "inout" };
                            self.error("E0745", op.span, format!("cannot truncate the `{a}` argument to the `{dir} {b}` parameter"))
                                .help(format!("pass a `{b}` lvalue, e.g. a swizzle of the argument's leading components"));
                            return None;
                        }
                        // (Aggregates of another type convert leaf by leaf, through a temporary too.)
                        let (ashape, pshape) = (self.module.types.shape(place.ty), self.module.types.shape(p.ty));
                        let reshaped = place.ty != p.ty && (ashape != pshape || ashape.is_none());
                        let place = if reshaped { self.reshaped_argument(place, p.ty, p.dir, &mut prelude, &mut write_back)? } else { place };
                        args.push(if p.dir == ParamDir::Out { Arg::Out(place) } else { Arg::InOut(place) });
                    }
                },
                None => match p.default.clone() {
                    Some(d) => args.push(Arg::Value(d)),
                    None => return self.call_invariant(span, &info.name, "a missing argument whose parameter has no default"),
                },
            }
        }
        self.inline_spirv_arguments(f, &mut args);
        if let Some(caller) = self.func.as_ref().map(|c| c.id) {
            self.fn_infos[caller.0 as usize].calls.push((f, span));
        }
        let call = Expr::new(ExprKind::Call { function: f, args }, info.ret, span);
        if prelude.is_empty() && write_back.is_empty() {
            return Some(Operand::expr(call));
        }
        if !write_back.is_empty() {
            // The call's value outlives the write-back in a temporary.
            let void = self.module.types.void();
            let result = (info.ret != void).then(|| {
                let tmp = self.temp_local(info.ret, span);
                Place { root: PlaceRoot::Local(tmp), projections: vec![].into(), ty: info.ret, span }
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

    /// Whether `place` is (part of) a groupshared variable.
    fn is_groupshared_place(&self, place: &Place) -> bool {
        match &place.root {
            PlaceRoot::Global(g) => matches!(self.module.globals[g.0 as usize].kind, crate::tir::GlobalKind::GroupShared),
            _ => false,
        }
    }

    /// Whether passing an lvalue of type `arg` as an `out`/`inout` parameter of type `param`
    /// truncates it (a vector to fewer components or a scalar, a matrix to a smaller one or a
    /// scalar): DXC's Sema rejects an lvalue truncation ("cannot truncate lvalue
    /// vector/matrix"); the other way, a scalar splat, is allowed.
    fn truncates_lvalue(&self, arg: TypeId, param: TypeId) -> bool {
        match (self.module.types.get(arg), self.module.types.get(param)) {
            (&TypeInner::Vector { size, .. }, TypeInner::Scalar(_)) => size > 1,
            (&TypeInner::Vector { size, .. }, &TypeInner::Vector { size: to, .. }) => to < size,
            (&TypeInner::Matrix { rows, cols, .. }, TypeInner::Scalar(_)) => rows * cols > 1,
            (&TypeInner::Matrix { rows, cols, .. }, &TypeInner::Matrix { rows: r, cols: c, .. }) => r <= rows && c <= cols && (r, c) != (rows, cols),
            _ => false,
        }
    }

    /// An `out`/`inout` argument whose shape differs from the parameter's (a `float` passed as
    /// `out float2`, a struct as another struct with the same leaves): a temporary of the parameter's type is passed instead, filled from the
    /// argument before the call (for `out` too where the argument converts to the parameter's
    /// type) and converted back into it after the call.
    /// `f((float2)v4)`: an explicit cast of a place that only drops trailing components of
    /// the same component type is an lvalue in DXC (SemaCast's HLSL vector-shrinking rule), so
    /// an `out`/`inout` parameter writes those components of the place (`v4.xy`). Other
    /// arguments are returned as they are (a cast that converts, `(int4)f4`, stays an rvalue).
    fn cast_lvalue_argument(&mut self, a: &ast::Expr, op: Operand) -> Operand {
        let ast::ExprKind::Cast { ty, array, expr } = &a.kind else { return op };
        if matches!(op.value, Value::Place(_)) {
            return op;
        }
        // The argument was analysed already (`op`): whatever the second look reports is a
        // repeat or about writing, which only an `out` parameter asks for (and checks again).
        // Everything is dropped, not only what lies in the argument's span: a macro's tokens
        // (`(half)GetScene().x` with `#define GetScene() (g_cb.scene)`) lie elsewhere.
        let n = self.diags.len();
        let place = self.cast_place(ty, array, expr, a.span, "an `out` argument");
        self.diags.truncate(n);
        match place {
            Some(Some(place)) if place.ty == op.ty && super::expr::place_is_pure(&place) => Operand { value: Value::Place(place), ..op },
            _ => op,
        }
    }

    /// Records `(Base)x`, a call argument casting a place of a struct derived from `Base` to
    /// it, which DXC passes to `out` and `inout` parameters (as an lvalue naming the base's
    /// fields of `x`).
    fn note_base_cast_view(&mut self, a: &ast::Expr) {
        let ast::ExprKind::Cast { ty, array, expr } = &a.kind else { return };
        if !array.is_empty() {
            return;
        }
        let n = self.diags.len();
        let target = self.resolve_type(ty);
        let inner = self.operand(expr);
        self.end_probe(n, a.span);
        let (Some(target), Some(Operand { value: Value::Place(place), .. })) = (target, inner) else { return };
        if let (TypeInner::Struct(d), TypeInner::Struct(b)) = (*self.module.types.get(place.ty), *self.module.types.get(target)) {
            // A base, or (as in an assignment, `expr.rs::cast_view_assign`) a struct whose
            // scalar leaves are the place's first ones, type by type.
            if d != b && (self.derives_from(d, b) || (super::expr::place_is_pure(&place) && self.flattened_prefix(place.ty, target))) {
                self.base_cast_views.insert(a.span, place);
            }
        }
    }

    /// Records the place a call argument `++x`, `--x` or `x op= y` names (C++ lvalues, which
    /// DXC passes to `out` and `inout` parameters): the argument's operand is the effect, run
    /// before the call, and the place is passed. Places whose indices have side effects are
    /// not recorded (they would be evaluated twice).
    fn note_effect_lvalue(&mut self, a: &ast::Expr) {
        let target = match &a.kind {
            ast::ExprKind::Unary { op: ast::UnaryOp::PreInc | ast::UnaryOp::PreDec, operand } => operand,
            ast::ExprKind::Assign { lhs, .. } => lhs,
            _ => return,
        };
        let n = self.diags.len();
        let place = self.operand(target);
        self.end_probe(n, a.span);
        if let Some(Operand { value: Value::Place(place), .. }) = place {
            if super::expr::place_is_pure(&place) {
                self.effect_lvalue_args.insert(a.span, place);
            }
        }
    }

    /// The temporary of base type `ty` passed for `(Base)derived`: the base part of
    /// `derived` copied in (`inout`), and its fields copied back after the call.
    fn base_view_argument(&mut self, derived: Place, ty: TypeId, dir: ParamDir, prelude: &mut Vec<Expr>, write_back: &mut Vec<Expr>) -> Option<Place> {
        let span = derived.span;
        let TypeInner::Struct(b) = *self.module.types.get(ty) else { return None };
        let tmp = self.temp_local(ty, span);
        let tmp_place = Place { root: PlaceRoot::Local(tmp), projections: vec![].into(), ty, span };
        // A struct that is no base of the argument's: its leaves are the argument's first
        // ones (`note_base_cast_view`), copied in and back leaf by leaf.
        if !matches!(*self.module.types.get(derived.ty), TypeInner::Struct(d) if self.derives_from(d, b)) {
            let leaves = self.leaf_paths(ty, span)?;
            let outer_leaves = self.leaf_paths(derived.ty, span)?;
            for ((path, lty), (outer_path, _)) in leaves.into_iter().zip(outer_leaves) {
                let outer = derived.leaf(outer_path, lty);
                let inner = tmp_place.leaf(path, lty);
                if dir == ParamDir::InOut {
                    prelude.push(Expr::copy(inner.clone(), outer.clone(), span));
                }
                write_back.push(Expr::copy(outer, inner, span));
            }
            return Some(tmp_place);
        }
        if dir == ParamDir::InOut {
            let value = self.convert_implicit(Operand::place(derived.clone()), ty, span)?;
            prelude.push(Expr::new(ExprKind::Assign { place: Box::new(tmp_place.clone()), value: Box::new(value), returns_old: false }, ty, span));
        }
        // (A derived struct's fields start with its base's.)
        let fields: Vec<TypeId> = self.module.structs[b.0 as usize].fields.iter().map(|f| f.ty).collect();
        for (i, fty) in fields.into_iter().enumerate() {
            let field = || vec![crate::tir::Projection::Field(i as u32)];
            write_back.push(Expr::copy(derived.leaf(field(), fty), tmp_place.leaf(field(), fty), span));
        }
        Some(tmp_place)
    }

    fn reshaped_argument(&mut self, place: Place, ty: TypeId, dir: ParamDir, prelude: &mut Vec<Expr>, write_back: &mut Vec<Expr>) -> Option<Place> {
        let span = place.span;
        let tmp = self.temp_local(ty, span);
        let tmp_place = Place { root: PlaceRoot::Local(tmp), projections: vec![].into(), ty, span };
        if dir == ParamDir::InOut {
            let value = self.convert_implicit(Operand::place(place.clone()), ty, span)?;
            prelude.push(Expr::new(ExprKind::Assign { place: Box::new(tmp_place.clone()), value: Box::new(value), returns_old: false }, ty, span));
        } else if let Some(value) = self.convert_quiet(Operand::place(place.clone()), ty, span) {
            // An `out` temporary starts with the argument's value too (DXC's SPIR-V splats or
            // converts it in, SpirvEmitter::processCall), so a parameter left unwritten gives
            // the argument back.
            prelude.push(Expr::new(ExprKind::Assign { place: Box::new(tmp_place.clone()), value: Box::new(value), returns_old: false }, ty, span));
        }
        let back = self.convert_implicit(Operand::place(tmp_place.clone()), place.ty, span)?;
        let pty = place.ty;
        write_back.push(Expr::new(ExprKind::Assign { place: Box::new(place), value: Box::new(back), returns_old: false }, pty, span));
        Some(tmp_place)
    }

    /// Appends an `in` parameter of type `ty` to specialisation `id` (a struct's data member
    /// or a run-time index its caller passes) and returns it as a place spanning `use_span`.
    fn hidden_param(&mut self, id: FuncId, name: String, ty: TypeId, param_span: Span, use_span: Span) -> Place {
        self.hidden_param_dir(id, name, ty, ParamDir::In, param_span, use_span)
    }

    /// [`Analyzer::hidden_param`] with a direction: `inout` for a data member of `this` the
    /// method writes, so that the write reaches the caller's object.
    fn hidden_param_dir(&mut self, id: FuncId, name: String, ty: TypeId, dir: ParamDir, param_span: Span, use_span: Span) -> Place {
        let func = &mut self.module.functions[id.0 as usize];
        let index = func.params.len() as u32;
        func.params.push(crate::tir::Param::plain(name, ty, dir, param_span));
        self.fn_infos[id.0 as usize].params.push(super::ParamInfo { ty, dir, default: None, groupshared: false, precision: Default::default(), written_vector: false, attrs: Vec::new() });
        Place { root: PlaceRoot::Param(crate::tir::ParamId(index)), projections: Default::default(), ty, span: use_span }
    }

    /// True for places that can never be written: constant-buffer members, `static const`s and
    /// specialization constants (`-Gec` makes `$Globals` writable through a private copy).
    pub(crate) fn is_read_only_root(&self, p: &Place) -> bool {
        let g = match &p.root {
            PlaceRoot::Global(g) => g,
            // An element of a buffer or a texel: read-only if the resource is.
            PlaceRoot::BufferElement { resource, .. } | PlaceRoot::Texel { resource, .. } => return self.is_read_only_root(resource),
            _ => return false,
        };
        let global = &self.module.globals[g.0 as usize];
        match &global.kind {
            crate::tir::GlobalKind::SpecConstant { .. } | crate::tir::GlobalKind::Static { is_const: true, .. } => true,
            crate::tir::GlobalKind::Resource { .. } => {
                use crate::ty::{Access, Resource as R, StructuredKind};
                let mut ty = global.ty;
                while let TypeInner::Array { base, .. } = *self.module.types.get(ty) {
                    ty = base;
                }
                match self.module.types.get(ty) {
                    TypeInner::Resource(R::ConstantBuffer { .. } | R::TextureBuffer { .. }) => !(Some(*g) == self.globals_cbuffer && self.options.backwards_compatibility),
                    // Elements of read-only buffers and textures (`buf[i].method()` acts on a
                    // copy: the method's `this` cannot be written back there).
                    TypeInner::Resource(
                        R::StructuredBuffer { kind: StructuredKind::ReadOnly, .. }
                        | R::ByteAddressBuffer { access: Access::ReadOnly }
                        | R::TypedBuffer { access: Access::ReadOnly, .. }
                        | R::Texture { access: Access::ReadOnly, .. },
                    ) => true,
                    _ => false,
                }
            }
            _ => false,
        }
    }

    /// Calls a function with resource parameters: the function is analysed again with each
    /// resource parameter bound to the resource the caller passes (cached per distinct set),
    /// so no resource is ever a run-time value, as DXC's legalization also ensures.
    /// The bound `this` of the specialised method being analysed, when a non-static method of
    /// its struct (`method_of`) is called without an object.
    fn implicit_resource_this(&self, method_of: Option<(StructId, bool)>) -> Option<ResValue> {
        let Some((st, true)) = method_of else { return None };
        match self.lookup(THIS_ALIAS) {
            Some(Symbol::Alias(b)) if matches!(*self.module.types.get(b.ty), TypeInner::Struct(cst) if cst == st) => Some(b.value.clone()),
            _ => None,
        }
    }

    fn call_specialized(&mut self, f: FuncId, this: Option<Operand>, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let value_call = self.value_call == Some(span);
        let info = self.fn_infos[f.0 as usize].clone();
        let decl = info.decl.clone()?;
        let skip = usize::from(matches!(info.method_of, Some((_, true))));
        let mut aliases = Vec::new();
        let mut rest = Vec::new();
        let mut data_args = Vec::new();
        let mut out_params = Vec::new();
        let mut rest_index = Vec::new();
        // A method called on a struct with resources: `this` is bound at compile time like a
        // resource parameter, its data members passed first among the extra parameters.
        let this_value = match &this {
            Some(t) => self.value_arg(t),
            // A method called without an object in a method of a struct with resources (`Set(v)`
            // in `void CloneFrom(S o) { Set(o.Get()); }`): on the caller's own `this`.
            None => self.implicit_resource_this(info.method_of),
        };
        let implicit_this = this.is_none();
        let this_target = this.as_ref().filter(|_| this_value.is_some()).and_then(|t| self.this_targets.remove(&t.span));
        let this = if this_value.is_some() { None } else { this };
        if let Some(v) = &this_value {
            let mut places = Vec::new();
            v.data_places(&mut places);
            data_args.extend(places.into_iter().map(Operand::place));
        }
        // A resource parameter's default (a descriptor-heap element) is resolved as the
        // argument it stands for.
        let mut ops = ops;
        while let Some(p) = info.params.get(ops.len() + skip) {
            match &p.default {
                Some(Expr { kind: ExprKind::Load(place), .. }) if self.module.types.is_resource_like(p.ty) => ops.push(Operand::place((**place).clone())),
                _ => break,
            }
        }
        let given = ops.len();
        for (i, op) in ops.into_iter().enumerate() {
            let pty = info.params.get(i + skip).map(|p| p.ty);
            match pty {
                Some(t) if self.holds_resources(t) => {
                    let arg_span = op.span;
                    let dir = info.params.get(i + skip).map(|p| p.dir);
                    if dir.is_some_and(|d| d != ParamDir::In) {
                        out_params.push((i, arg_span));
                    }
                    if let Some(ResValue::Unset(decl_span)) = self.value_arg(&op) {
                        if dir == Some(ParamDir::Out) {
                            aliases.push((i, ResValue::Unset(decl_span)));
                            continue;
                        }
                        // Read by the function: a use of the unassigned variable (an error, or
                        // in code hlslc cannot show reachable, the stand-in `resolve_use` picks).
                        let unset = super::resource_value::ResBinding { value: ResValue::Unset(decl_span), ty: op.ty, assigned: decl_span, slot: None };
                        let what = self.arg_targets.get(&arg_span).map_or_else(|| "this resource variable".to_string(), |(name, _)| format!("resource variable `{name}`"));
                        let place = self.resolve_use(&unset, &what, arg_span)?;
                        aliases.push((i, ResValue::Place(place)));
                        continue;
                    }
                    if let Some(v) = self.value_arg(&op) {
                        if op.ty != t && !self.resource_compatible_types(op.ty, t) {
                            self.error("E0421", arg_span, format!("cannot convert from `{}` to `{}`", self.type_name(op.ty), self.type_name(t)));
                            return None;
                        }
                        // Data members of a struct argument are passed as parameters of their
                        // own, after the others.
                        let mut places = Vec::new();
                        v.data_places(&mut places);
                        data_args.extend(places.into_iter().map(Operand::place));
                        // So are the run-time indices of its resource members (an element of
                        // a bindless array), which the specialised body cannot see either.
                        data_args.extend(v.dynamic_indices().into_iter().map(Operand::expr));
                        aliases.push((i, v));
                        continue;
                    }
                    if !self.module.types.is_resource_like(t) {
                        self.error("E0421", arg_span, format!("cannot convert from `{}` to `{}`", self.type_name(op.ty), self.type_name(t)));
                        return None;
                    }
                    let place = self.alias_place(op, t, span)?;
                    // The specialised body cannot see the caller's variables: run-time indices
                    // are passed as parameters of their own.
                    data_args.extend(dynamic_indices(&place).into_iter().map(Operand::expr));
                    aliases.push((i, ResValue::Place(place)));
                }
                _ if self.value_arg(&op).is_some() => {
                    self.error("E0421", op.span, format!("a `{}` with resource members cannot be passed here", self.type_name(op.ty)));
                    return None;
                }
                _ => {
                    rest_index.push(i);
                    rest.push(op);
                }
            }
        }
        // Defaults of the parameters not given come before the extra parameters.
        for (i, p) in info.params.iter().enumerate().skip(skip + given) {
            let Some(default) = &p.default else { break };
            rest_index.push(i - skip);
            rest.push(Operand::expr(default.clone()));
        }
        // A function returning a resource (or choosing one by its parameters,
        // `decl.rs::defer_to_constants`) sees its constant arguments as constants; any other
        // only where its specialisation without them cannot resolve a resource (E0707), as
        // DXC folds them after inlining (each constant argument then makes a specialisation).
        let constants = self.constant_args(&info, skip, &rest, &rest_index, &decl);
        let by_constants = self.holds_resources(info.ret) || self.constant_deferred.contains_key(&f);
        rest.extend(data_args);
        let n = self.diags.len();
        let mut instance = self.specialization(f, &decl, &aliases, this_value.as_ref(), if by_constants { &constants } else { &[] }, span)?;
        let unresolved = |errors: Option<&Vec<hlslc_grammar::Diagnostic>>| errors.is_some_and(|e| e.iter().any(|d| d.code == "E0707"));
        if !by_constants && !constants.is_empty() && unresolved(self.specialization_errors.get(&instance)) {
            self.truncate_diagnostics(n);
            instance = self.specialization(f, &decl, &aliases, this_value.as_ref(), &constants, span)?;
        }
        // An `out`/`inout` resource parameter the body never rebinds is an input; one it
        // rebinds hands the resource it ends with back to the caller's variable, as DXC's
        // inlining does: supported for a variable argument and a resource chosen at compile
        // time, the same at every `return` and at the end of the body.
        for (i, arg_span) in out_params {
            let pname = decl_param_name(&decl, i);
            let write = self.specialized_writes.get(&instance).and_then(|w| w.iter().find(|(n, _)| Some(n) == pname.as_ref()).map(|(_, s)| *s));
            let Some(write) = write else { continue };
            let fin = self.specialized_finals.get(&instance).and_then(|f| f.iter().find(|(n, _)| Some(n) == pname.as_ref()).map(|(_, v)| v.clone()));
            let target = self.arg_targets.get(&arg_span).cloned();
            let handed_back = match (fin, target) {
                (Some(v @ ResValue::Place(_)), Some((name, path))) if v.dynamic_indices().is_empty() => Some((name, path, v)),
                _ => None,
            };
            let Some((name, path, v)) = handed_back else {
                self.error("E0801", arg_span, "this `out` or `inout` resource parameter is assigned in a way hlslc cannot hand back yet")
                    .related(write, "assigned here")
                    .note("supported: a resource variable as the argument, and one resource chosen at compile time that every `return` and the end of the function agree on")
                    .help("return the resource from the function instead, e.g. `Texture2D pick() { return gTex; }`");
                return None;
            };
            self.assign_binding(&name, &path, v, span)?;
        }
        if let (Some(v), Some((st, _))) = (&this_value, info.method_of) {
            self.rebind_this_members(instance, &decl, st, v, this_target, implicit_this, span)?;
        }
        if !self.holds_resources(info.ret) {
            return self.build_call(instance, this, rest, span);
        }
        // A function returning a resource denotes the resource its `return`s agree on; the
        // call itself (now returning nothing) runs only for its effects.
        let returned = self.specialized_returns.get(&instance).cloned().flatten()?;
        let place = match &returned {
            ResValue::Place(p) => Some(p.clone()),
            _ if value_call => None,
            _ => {
                let ret_name = self.type_name(info.ret);
                self.error("E0801", span, format!("the struct or array of resources `{}` returns can only initialise or be assigned to a variable, be returned or be passed on", info.name))
                    .help(format!("store it first, e.g. `{ret_name} v = {}(…);`", info.name));
                return None;
            }
        };
        if let (true, Some(mut place)) = (self.runtime_index_returns.contains(&instance), place.clone()) {
            // The call returns the run-time index of the element it returns: evaluated once,
            // where the call is, into a hidden local the array is indexed with.
            let call = self.build_call(instance, this, rest, span)?;
            let call = self.materialize(call);
            let (ity, ispan) = (call.ty, call.span);
            let root = match self.func.as_ref().map(|ctx| ctx.hoist_blocked) {
                Some(0) => {
                    let local = self.temp_local(ity, span);
                    self.func.as_mut()?.pending.push(crate::tir::Stmt { kind: crate::tir::StmtKind::Init { local, value: call }, span });
                    PlaceRoot::Local(local)
                }
                Some(_) => {
                    self.error("E0801", span, format!("a call of `{}`, which returns an element of a resource array chosen at run time, is not supported inside a condition or a loop header", info.name))
                        .help("call it in a statement of its own first, e.g. `Texture2D t = pick();`");
                    return None;
                }
                // A global initializer: a hidden `static`, initialised at the start of each
                // entry point.
                None => {
                    let g = self.hidden_static(&format!("{}$index", info.name), ity, Some(call), span);
                    self.fixed_index_statics.insert(g);
                    PlaceRoot::Global(g)
                }
            };
            let index = Operand::place(Place { root, projections: vec![].into(), ty: ity, span: ispan }).into_expr();
            for proj in place.projections.iter_mut() {
                if let crate::tir::Projection::Index(e) = proj {
                    if !matches!(e.kind, ExprKind::Const(_)) {
                        **e = index.clone();
                    }
                }
            }
            place.span = span;
            return Some(Operand::place(place));
        }
        if let Some(&(data_ty, rty)) = self.struct_index_returns.get(&instance) {
            // A struct holding elements chosen at run time by the callee's own state: the
            // call returns the struct's data and those indices, evaluated once where the
            // call is into a hidden local; the value's elements are the global arrays
            // indexed by its `index` and its data members parts of its `data`.
            let call = self.build_call(instance, this, rest, span)?;
            let call = self.materialize(call);
            let root = match self.func.as_ref().map(|ctx| ctx.hoist_blocked) {
                Some(0) => {
                    let local = self.temp_local(rty, span);
                    self.func.as_mut()?.pending.push(crate::tir::Stmt { kind: crate::tir::StmtKind::Init { local, value: call }, span });
                    PlaceRoot::Local(local)
                }
                Some(_) => {
                    self.error("E0801", span, format!("a call of `{}`, which returns a struct holding an element of a resource array chosen at run time, is not supported inside a condition or a loop header", info.name))
                        .help("call it in a statement of its own first");
                    return None;
                }
                None => {
                    let g = self.hidden_static(&format!("{}$return", info.name), rty, Some(call), span);
                    self.fixed_index_statics.insert(g);
                    PlaceRoot::Global(g)
                }
            };
            let whole = Place { root, projections: vec![].into(), ty: rty, span };
            let data = (data_ty != self.module.types.void()).then(|| self.field_of(&whole, "data")).flatten();
            let indices = self.field_of(&whole, "index")?;
            let mut value = self.rebase_data(&returned, info.ret, data);
            let uint = self.module.types.scalar(crate::ty::Scalar::U32);
            let mut k = 0u64;
            for p in value.resource_places_mut() {
                for proj in p.projections.iter_mut() {
                    let crate::tir::Projection::Index(e) = proj else { continue };
                    if matches!(e.kind, ExprKind::Const(_)) {
                        continue;
                    }
                    let mut q = indices.clone();
                    q.projections.push(crate::tir::Projection::Index(Box::new(Expr::new(ExprKind::Const(crate::tir::ConstValue::Uint(k)), uint, span))));
                    q.ty = uint;
                    **e = Expr::new(ExprKind::Load(Box::new(q)), uint, span);
                    k += 1;
                }
            }
            return Some(self.value_marker(value, info.ret, span));
        }
        let mut data = Vec::new();
        returned.data_places(&mut data);
        if !data.is_empty() && value_call {
            // A struct with data members: the call returns the data, evaluated once where
            // the call is into a hidden local the value's data members are parts of.
            let call = self.build_call(instance, this, rest, span)?;
            let call = self.materialize(call);
            let (dty, dspan) = (call.ty, call.span);
            let root = match self.func.as_ref().map(|ctx| ctx.hoist_blocked) {
                Some(0) => {
                    let local = self.temp_local(dty, span);
                    self.func.as_mut()?.pending.push(crate::tir::Stmt { kind: crate::tir::StmtKind::Init { local, value: call }, span });
                    PlaceRoot::Local(local)
                }
                Some(_) => {
                    self.error("E0801", span, format!("a call of `{}`, which returns a struct with resources and data, is not supported inside a condition or a loop header", info.name))
                        .help("call it in a statement of its own first");
                    return None;
                }
                // A global initializer: a hidden `static`, initialised at the start of each
                // entry point.
                None => PlaceRoot::Global(self.hidden_static(&format!("{}$data", info.name), dty, Some(call), span)),
            };
            let whole = Place { root, projections: vec![].into(), ty: dty, span: dspan };
            let value = self.rebase_data(&returned, info.ret, Some(whole));
            return Some(self.value_marker(value, info.ret, span));
        }
        let pure = |op: &Operand| matches!(&op.value, Value::Place(_) | Value::Expr(crate::tir::Expr { kind: ExprKind::Const(_), .. }));
        let effects = !trivial_body(&self.module.functions[instance.0 as usize].body) || !rest.iter().all(pure) || !this.as_ref().is_none_or(pure);
        if effects {
            let call = self.build_call(instance, this, rest, span)?;
            let call = self.materialize(call);
            match self.func.as_mut() {
                Some(ctx) if ctx.hoist_blocked == 0 => ctx.pending.push(crate::tir::Stmt { kind: crate::tir::StmtKind::Expr(call), span }),
                _ => {
                    self.error("E0801", span, format!("a call of `{}`, which returns a resource and has effects, is not supported inside a condition, a loop header or an initializer", info.name))
                        .help("call it in a statement of its own first, e.g. `Texture2D t = pick();`");
                    return None;
                }
            }
        }
        match place {
            Some(mut place) => {
                place.span = span;
                Some(Operand::place(place))
            }
            None => Some(self.value_marker(returned, info.ret, span)),
        }
    }

    /// True when a method body of `st` may write its object's member `name`: itself (see
    /// `unroll::block_writes_member`), or through a method of `st` it calls without an object
    /// (`visited` holds those already looked at); a call on `this`, of a member template or of
    /// a method without a body here counts as a write.
    fn method_may_write(&self, st: StructId, body: &ast::Block, name: &str, visited: &mut Vec<FuncId>) -> bool {
        if super::unroll::block_writes_member(body, name, &|callee, i, n| self.call_may_write_arg(Some(st), callee, i, n)) {
            return true;
        }
        let (called, on_this) = super::unroll::implicit_this_calls(body);
        if on_this {
            return true;
        }
        for n in called {
            let Some(Symbol::Functions(entries)) = self.lookup_member(st, &n, false) else { continue };
            for e in entries {
                let super::scope::FnEntry::Func(f) = e else { return true };
                if visited.contains(&f) {
                    continue;
                }
                visited.push(f);
                match self.fn_infos[f.0 as usize].decl.as_ref().and_then(|d| d.body.as_ref()) {
                    Some(b) => {
                        if self.method_may_write(st, b, name, visited) {
                            return true;
                        }
                    }
                    None => return true,
                }
            }
        }
        false
    }

    /// Whether the call `callee(…)` with `count` arguments, in a method of `st` (or, without
    /// one, in a function of the current namespace), may take its
    /// argument `index` as `out` or `inout`: a function or method of `st` of that name with
    /// such a parameter there, the intrinsics with `out` parameters (`Interlocked…`, `sincos`,
    /// `modf`, `frexp`, `asuint`'s split of a `double`), a resource method's `GetDimensions`,
    /// `Interlocked…` or trailing status argument; a callee it cannot tell counts as writing.
    pub(crate) fn call_may_write_arg(&self, st: Option<StructId>, callee: &ast::Expr, index: usize, count: usize) -> bool {
        match &callee.kind {
            ast::ExprKind::Name(p) if p.segments.len() == 1 && p.segments[0].template_args.is_none() => {
                let n = p.segments[0].ident.name.as_str();
                let found = match st {
                    Some(st) => self.lookup_member(st, n, false),
                    None => self.lookup_in_namespaces(self.current_ns, n),
                };
                if let Some(Symbol::Functions(entries)) = found {
                    return entries.iter().any(|e| match e {
                        super::scope::FnEntry::Func(f) => {
                            let info = &self.fn_infos[f.0 as usize];
                            let skip = usize::from(matches!(info.method_of, Some((_, true))));
                            info.params.get(index + skip).is_some_and(|p| p.dir != ParamDir::In)
                        }
                        super::scope::FnEntry::Template(_) => true,
                    });
                }
                if super::intrinsics::is_intrinsic(n) {
                    return n.starts_with("Interlocked") || matches!(n, "sincos" | "modf" | "frexp" | "asuint");
                }
                match self.definitions.get(n) {
                    Some(defs) => defs.iter().filter_map(|d| d.params.get(index)).any(|p| super::decl::param_dir(&p.quals) != ParamDir::In),
                    None => true,
                }
            }
            ast::ExprKind::Member { member, .. } => {
                let m = member.name.as_str();
                if m.starts_with("Interlocked") || m == "GetDimensions" {
                    return true;
                }
                // Sampling, gathering and loading methods: only a trailing `out uint status`.
                if m.starts_with("Sample") || m.starts_with("Gather") || m.starts_with("Load") {
                    return index + 1 == count && count >= 3;
                }
                !(m.starts_with("Store") || m.starts_with("CalculateLevelOfDetail") || matches!(m, "Append" | "IncrementCounter" | "DecrementCounter" | "Consume"))
            }
            _ => true,
        }
    }

    /// After a call of `instance`, a specialisation of a method of `st` called on the object
    /// `this_value`: the resource members its body rebinds (`tex = t;`) denote, in the caller's
    /// object variable `target` (or, for a call without an object in another method, in that
    /// method's own members), the resources they denote when the body ends, as DXC's inlining
    /// makes them. Supported for a method without `return` called on a variable, rebinding
    /// members to resources chosen at compile time.
    #[allow(clippy::too_many_arguments)]
    fn rebind_this_members(&mut self, instance: FuncId, decl: &ast::FunctionDecl, st: StructId, this_value: &ResValue, target: Option<(String, Vec<usize>)>, implicit_this: bool, span: Span) -> Option<()> {
        let ResValue::Struct(items) = this_value else { return Some(()) };
        let finals = self.specialized_finals.get(&instance).cloned().unwrap_or_default();
        let writes = self.specialized_writes.get(&instance).cloned().unwrap_or_default();
        let written_at = |name: &str| writes.iter().find(|(n, _)| n == name).map(|(_, s)| *s).unwrap_or(span);
        let info_name = self.fn_infos[instance.0 as usize].name.split('$').next().unwrap_or_default().to_string();
        if finals.iter().any(|(n, _)| n == THIS_ALIAS) {
            self.error("E0801", span, format!("`{info_name}` assigns its object through `this`, which is not supported yet for a struct with resources"))
                .related(written_at(THIS_ALIAS), "assigned here")
                .help("assign the members by name instead, e.g. `tex = t;`");
            return None;
        }
        let fields = self.module.structs[st.0 as usize].fields.clone();
        let mut updated = items.clone();
        let mut rebound = None;
        for (k, f) in fields.iter().enumerate() {
            if matches!(items.get(k), None | Some(ResValue::Data(_))) {
                continue;
            }
            let Some((_, value)) = finals.iter().find(|(n, _)| *n == f.name) else { continue };
            let at = written_at(&f.name);
            let mut data = Vec::new();
            value.data_places(&mut data);
            if !value.dynamic_indices().is_empty() || !data.is_empty() {
                self.error("E0801", span, format!("`{info_name}` rebinds the member `{}` of its object to a resource chosen at run time or to a struct with data, which is not supported yet", f.name))
                    .related(at, "rebound here")
                    .help("assign the member where the object is declared instead");
                return None;
            }
            rebound = Some(at);
            updated[k] = value.clone();
        }
        let Some(at) = rebound else { return Some(()) };
        if body_returns(decl) {
            self.error("E0801", span, format!("`{info_name}` rebinds a resource member of its object and has a `return`, which is not supported yet"))
                .related(at, "rebound here")
                .help("rebind the member on every path to the end of the method, without `return`");
            return None;
        }
        if implicit_this {
            // The calling method's `this` is its members' resource variables (and `this`).
            for (k, f) in fields.iter().enumerate() {
                if !matches!(items.get(k), None | Some(ResValue::Data(_))) && finals.iter().any(|(n, _)| *n == f.name) {
                    self.assign_binding(&f.name, &[], updated[k].clone(), span)?;
                }
            }
            // (`this` follows its members without counting as assigned itself.)
            if let Some(scope) = self.func.as_mut().and_then(|f| f.scopes.iter_mut().rev().find(|s| s.contains_key(THIS_ALIAS))) {
                if let Some(Symbol::Alias(b)) = scope.get_mut(THIS_ALIAS) {
                    b.value = ResValue::Struct(updated);
                }
            }
            return Some(());
        }
        let Some((name, path)) = target else {
            self.error("E0801", span, format!("`{info_name}` rebinds a resource member of its object, which is supported only when it is called on a variable"))
                .related(at, "rebound here")
                .help("call it on a local variable, e.g. `S s; s.Init(tex);`");
            return None;
        };
        self.assign_binding(&name, &path, ResValue::Struct(updated), span)
    }

    /// A hidden `static` global, initialised with `init` when there is one (evaluated at the
    /// start of each entry point, as DXC does for `static` initializers).
    pub(super) fn hidden_static(&mut self, name: &str, ty: TypeId, init: Option<Expr>, span: Span) -> crate::tir::GlobalId {
        self.module.globals.push(crate::tir::Global {
            name: name.to_string(),
            ty,
            kind: crate::tir::GlobalKind::Static { init, is_const: false },
            span,
            precise: false,
            globally_coherent: false,
        });
        crate::tir::GlobalId(self.module.globals.len() as u32 - 1)
    }

    /// `v` (a value of type `ty`) with its data members the parts of `data` (a place of
    /// `ty`'s data-only type) they are.
    fn rebase_data(&mut self, v: &ResValue, ty: TypeId, data: Option<Place>) -> ResValue {
        match (v, *self.module.types.get(ty)) {
            (ResValue::Data(p), _) => ResValue::Data(data.unwrap_or_else(|| p.clone())),
            (ResValue::Struct(items), TypeInner::Struct(st)) => {
                let fields = self.module.structs[st.0 as usize].fields.clone();
                let mut out = Vec::new();
                for (item, f) in items.iter().zip(&fields) {
                    let part = data.as_ref().and_then(|p| self.field_of(p, &f.name));
                    out.push(self.rebase_data(item, f.ty, part));
                }
                ResValue::Struct(out)
            }
            (ResValue::Array(items), TypeInner::Array { base, .. }) => {
                let uint = self.module.types.scalar(crate::ty::Scalar::U32);
                let mut out = Vec::new();
                for (k, item) in items.iter().enumerate() {
                    let part = data.as_ref().and_then(|p| match *self.module.types.get(p.ty) {
                        TypeInner::Array { base: elem, .. } => {
                            let mut q = p.clone();
                            q.projections.push(crate::tir::Projection::Index(Box::new(Expr::new(ExprKind::Const(crate::tir::ConstValue::Uint(k as u64)), uint, p.span))));
                            q.ty = elem;
                            Some(q)
                        }
                        _ => None,
                    });
                    out.push(self.rebase_data(item, base, part));
                }
                ResValue::Array(out)
            }
            (other, _) => other.clone(),
        }
    }

    /// The data members of `v` (a value of type `ty`) as a value of `ty`'s data-only type
    /// `dty` (what a specialisation returning a struct with resources and data returns).
    pub(crate) fn data_value(&mut self, v: &ResValue, ty: TypeId, dty: TypeId, span: Span) -> Option<Expr> {
        match (v, *self.module.types.get(ty), *self.module.types.get(dty)) {
            (ResValue::Data(p), _, _) => Some(Expr::new(ExprKind::Load(Box::new(p.clone())), p.ty, span)),
            (ResValue::Struct(items), TypeInner::Struct(st), TypeInner::Struct(dst)) => {
                let dfields = self.module.structs[dst.0 as usize].fields.clone();
                let mut parts = Vec::new();
                for df in dfields {
                    let &j = self.struct_infos[st.0 as usize].fields.get(&df.name)?;
                    let fty = self.module.structs[st.0 as usize].fields[j as usize].ty;
                    parts.push(self.data_value(items.get(j as usize)?, fty, df.ty, span)?);
                }
                Some(Expr::new(ExprKind::Construct(parts), dty, span))
            }
            (ResValue::Array(items), TypeInner::Array { base, .. }, TypeInner::Array { base: dbase, .. }) => {
                let mut parts = Vec::new();
                for item in items {
                    parts.push(self.data_value(item, base, dbase, span)?);
                }
                Some(Expr::new(ExprKind::Construct(parts), dty, span))
            }
            _ => None,
        }
    }

    /// A marker operand standing for a struct or array of resources (consumed by
    /// `call_specialized` and `resource_value`, never lowered).
    pub(crate) fn value_marker(&mut self, v: ResValue, ty: TypeId, span: Span) -> Operand {
        self.value_args.push(v);
        let marker = Place { root: PlaceRoot::Global(VALUE_ARG), projections: vec![crate::tir::Projection::Field(self.value_args.len() as u32 - 1)].into(), ty, span };
        Operand::place(marker)
    }

    /// The specialisation of `f` for these resource arguments, object and constant arguments:
    /// made on first use; a failed one reports its errors again where it is used again.
    fn specialization(&mut self, f: FuncId, decl: &ast::FunctionDecl, aliases: &[(usize, ResValue)], this_value: Option<&ResValue>, constants: &[(String, Expr)], span: Span) -> Option<FuncId> {
        let mut key = aliases.iter().map(|(i, v)| format!("{i}:{}", v.key())).collect::<Vec<_>>();
        key.extend(this_value.iter().map(|v| format!("this:{}", v.key())));
        key.extend(constants.iter().map(|(n, e)| format!("{n}={:?}", e.kind)));
        let key = (f, key.join(","));
        if let Some(&g) = self.specializations.get(&key) {
            // (So that the caller's analysis sees them too: a function analysed per constant
            // argument sets its own aside, `decl.rs::defer_to_constants`.)
            if let Some(errors) = self.specialization_errors.get(&g).cloned() {
                for e in errors {
                    if !self.diags.iter().any(|d| d.code == e.code && d.span == e.span && d.message == e.message) {
                        self.diags.push(e);
                    }
                }
            }
            return Some(g);
        }
        let n = self.diags.len();
        let g = self.specialize(f, decl, aliases, this_value, constants, span)?;
        if self.constant_deferred.contains_key(&f) {
            // (Where the function analysed per constant argument was called without the
            // constants its body needs.)
            for d in self.diags[n..].iter_mut().filter(|d| d.is_error()) {
                d.related(span, "reached through this call, whose arguments are not all constants");
            }
        }
        let errors: Vec<_> = self.diags[n..].iter().filter(|d| d.is_error()).cloned().collect();
        if !errors.is_empty() {
            self.specialization_errors.insert(g, errors);
        }
        self.specializations.insert(key, g);
        Some(g)
    }

    /// The constant arguments of a call of a function returning a resource (or choosing one
    /// by its parameters, `decl.rs::defer_to_constants`, or one its specialisation without
    /// them cannot resolve), as constants of
    /// their parameters' types, by parameter name: the specialisation sees them as constants
    /// (DXC inlines the call and propagates them before resolving the resource it returns),
    /// except parameters the body may write or that are not plain inputs.
    fn constant_args(&mut self, info: &super::FnInfo, skip: usize, rest: &[Operand], index: &[usize], decl: &ast::FunctionDecl) -> Vec<(String, Expr)> {
        let mut out = Vec::new();
        let Some(body) = &decl.body else { return out };
        for (op, &i) in rest.iter().zip(index) {
            let Some(p) = info.params.get(i + skip).filter(|p| p.dir == ParamDir::In) else { continue };
            // (A literal, or what folds to one: a `static const`, an enumerator, `1 + 0`.)
            if !self.module.types.is_numeric(p.ty) {
                continue;
            }
            let Some(name) = decl_param_name(decl, i) else { continue };
            // (Passed to a function that takes it `in` is no write: `pick(i)`.)
            let saved_ns = std::mem::replace(&mut self.current_ns, info.ns);
            let written = super::unroll::block_writes_member(body, &name, &|callee, i, n| self.call_may_write_arg(None, callee, i, n));
            self.current_ns = saved_ns;
            if written {
                continue;
            }
            let n = self.diags.len();
            let converted = self.convert_implicit(op.clone(), p.ty, op.span);
            self.diags.truncate(n);
            if let Some(Ok(Some(c))) = converted.as_ref().map(|e| self.try_fold(e)) {
                out.push((name, Expr::new(ExprKind::Const(c), p.ty, op.span)));
            }
        }
        out
    }

    /// Analyses `decl` again without its resource parameters, which become resource
    /// variables. A function returning a resource returns nothing instead (or, for a struct with data members, the struct's data: see
    /// `data_only_type`); the resource its
    /// `return`s give is recorded in `specialized_returns`.
    fn specialize(&mut self, f: FuncId, decl: &ast::FunctionDecl, aliases: &[(usize, ResValue)], this_value: Option<&ResValue>, constants: &[(String, Expr)], span: Span) -> Option<FuncId> {
        if self.specializations.len() > 4096 {
            self.error("E0902", span, "too many specialisations of functions with resource parameters");
            return None;
        }
        let info = self.fn_infos[f.0 as usize].clone();
        // A prototype called before its definition: specialise the definition (the one
        // definition of that name with as many parameters).
        let later = match (&decl.body, &decl.name) {
            (None, ast::FunctionName::Path(p)) if info.method_of.is_none() => {
                let name = p.segments.last().map(|s| s.ident.name.clone()).unwrap_or_default();
                let found: Vec<&ast::FunctionDecl> = self.definitions.get(name.as_str()).map(|v| v.iter().copied().filter(|d| d.params.len() == decl.params.len()).collect()).unwrap_or_default();
                match found.as_slice() {
                    [one] => Some((*one).clone()),
                    _ => None,
                }
            }
            _ => None,
        };
        let decl = later.as_ref().unwrap_or(decl);
        let mut d = decl.clone();
        d.params = decl.params.iter().enumerate().filter(|(i, _)| !aliases.iter().any(|(k, _)| k == i)).map(|(_, p)| p.clone()).collect();
        let name = format!("{}${}", info.name, self.specializations.len());
        let saved_func = self.func.take();
        // The function's own scope: a template instance's arguments stay visible.
        let saved_ns = std::mem::replace(&mut self.current_ns, info.ns);
        // A method on a struct with resources becomes a function without `this`, whose
        // body sees the struct's members as resource variables and parameters.
        let method_of = if this_value.is_some() { None } else { info.method_of };
        let id = self.function_signature(&d, &name, method_of);
        let id = match id {
            Some(id) => id,
            None => {
                self.func = saved_func;
                self.current_ns = saved_ns;
                return None;
            }
        };
        let origin = self.static_origin.get(&f).copied().unwrap_or(f);
        self.static_origin.insert(id, origin);
        let resource_ret = Some(info.ret).filter(|&t| self.holds_resources(t));
        if resource_ret.is_some() {
            let ret = self.data_only_type(info.ret).unwrap_or(self.module.types.void());
            self.module.functions[id.0 as usize].ret = ret;
            self.fn_infos[id.0 as usize].ret = ret;
        }
        let mut this_syms = Vec::new();
        if let (Some(v), Some((st, _))) = (this_value, info.method_of) {
            let fields = self.module.structs[st.0 as usize].fields.clone();
            // The data members the body may write are `inout`, so the writes reach the
            // caller's object (DXC inlines the method into the caller).
            let mut dirs = Vec::new();
            if let ResValue::Struct(items) = v {
                for (f, item) in fields.iter().zip(items) {
                    let mut inner = Vec::new();
                    item.data_places(&mut inner);
                    let written = d.body.as_ref().is_some_and(|b| self.method_may_write(st, b, &f.name, &mut Vec::new()));
                    dirs.extend(inner.iter().map(|_| if written { ParamDir::InOut } else { ParamDir::In }));
                }
            }
            let mut places = Vec::new();
            v.data_places(&mut places);
            let mut params = Vec::new();
            for (k, p) in places.iter().enumerate() {
                let dir = dirs.get(k).copied().unwrap_or(ParamDir::In);
                params.push(self.hidden_param_dir(id, format!("this${k}"), p.ty, dir, span, span));
            }
            let whole = v.with_data(&mut params.into_iter());
            // `this` itself (`S copy = this;`), found by `alias_target`.
            let sty = self.module.types.insert(TypeInner::Struct(st));
            this_syms.push((THIS_ALIAS.to_string(), Symbol::Alias(ResBinding { value: whole.clone(), ty: sty, assigned: span, slot: None })));
            if let ResValue::Struct(items) = whole {
                for (f, item) in fields.iter().zip(items) {
                    let sym = match item {
                        ResValue::Data(p) => {
                            match p.root {
                                PlaceRoot::Param(pid) if p.projections.is_empty() => Symbol::Var(super::scope::VarRef::Param(pid)),
                                _ => continue,
                            }
                        }
                        other => Symbol::Alias(ResBinding { value: other, ty: f.ty, assigned: span, slot: None }),
                    };
                    this_syms.push((f.name.clone(), sym));
                }
            }
        }
        // Parameters for the data members of struct arguments, in order.
        let mut bound = Vec::new();
        for (i, v) in aliases {
            let Some(prm) = decl.params.get(*i) else { continue };
            let pname = prm.name.as_ref().map(|n| n.name.clone()).unwrap_or_default();
            let skip = usize::from(matches!(info.method_of, Some((_, true))));
            let ty = info.params.get(i + skip).map(|p| p.ty).unwrap_or(self.module.types.void());
            let mut places = Vec::new();
            v.data_places(&mut places);
            let mut params = Vec::new();
            for (k, p) in places.iter().enumerate() {
                params.push(self.hidden_param(id, format!("{pname}${k}"), p.ty, prm.span, prm.span));
            }
            let mut value = v.with_data(&mut params.into_iter());
            for p in value.resource_places_mut() {
                for proj in p.projections.iter_mut() {
                    let crate::tir::Projection::Index(e) = proj else { continue };
                    if matches!(e.kind, ExprKind::Const(_)) {
                        continue;
                    }
                    let index = self.module.functions[id.0 as usize].params.len();
                    let param = self.hidden_param(id, format!("{pname}$index{index}"), e.ty, prm.span, e.span);
                    **e = Expr::new(ExprKind::Load(Box::new(param)), e.ty, e.span);
                }
            }
            bound.push((pname, ResBinding { value, ty, assigned: prm.span, slot: None }));
        }
        if let Some(body) = &d.body {
            let mut alias_syms: Vec<(String, super::scope::Symbol)> = bound.into_iter().filter(|(n, _)| !n.is_empty()).map(|(n, b)| (n.as_str().to_owned(), super::scope::Symbol::Alias(b))).collect();
            alias_syms.extend(constants.iter().map(|(n, e)| (n.clone(), super::scope::Symbol::Constant(e.clone()))));
            alias_syms.extend(this_syms);
            let owner = if this_value.is_some() { info.owner.or(info.method_of.map(|(st, _)| st)) } else { info.owner };
            let n = self.diags.len();
            let returns = self.function_body_with(id, &d, body, owner, alias_syms, resource_ret);
            self.drop_repeated_diagnostics(n);
            if resource_ret.is_some() {
                let value = self.agreed_return(id, &info.name, returns, span);
                if value.as_ref().is_some_and(|v| self.runtime_return_index(v).is_some()) {
                    self.return_runtime_index(id);
                }
                self.specialized_returns.insert(id, value);
            }
        } else if resource_ret.is_some() {
            self.error("E0801", span, format!("`{}` returns a resource and is called before its definition, which is not supported yet", info.name))
                .related(decl.span, "declared here")
                .help("define the function before the functions that call it");
            self.specialized_returns.insert(id, None);
        }
        self.func = saved_func;
        self.current_ns = saved_ns;
        Some(id)
    }

    /// Drops the diagnostics from `n` on that repeat an earlier one (the same code, span
    /// and message): a function analysed once per specialisation reports what its body
    /// gives every time alike once.
    fn drop_repeated_diagnostics(&mut self, n: usize) {
        if self.diags.len() == n {
            return;
        }
        let key = |d: &hlslc_grammar::Diagnostic| (d.code, d.span, d.message.clone());
        let mut seen: std::collections::HashSet<(&'static str, Span, String)> = self.diags[..n].iter().map(key).collect();
        let repeats: std::collections::HashSet<usize> = (n..self.diags.len()).filter(|&i| !seen.insert(key(&self.diags[i]))).collect();
        self.remove_diagnostics(n, |_, i| repeats.contains(&i));
    }

    /// The one resource the `return` statements of a specialisation give, or an error.
    fn agreed_return(&mut self, id: FuncId, name: &str, returns: Vec<(ResValue, Span)>, span: Span) -> Option<ResValue> {
        let Some((first, first_span)) = returns.first().cloned() else {
            self.error("E0707", span, format!("`{name}` returns no resource on any path that runs here"))
                .help("return a global resource");
            return None;
        };
        // Elements chosen at run time agree when they differ only in their run-time index.
        // Data members are run-time values (returned as the struct's data), only the
        // resources must agree.
        let mut data = Vec::new();
        first.data_places(&mut data);
        let runtime = matches!(&first, ResValue::Place(p) if !dynamic_indices(p).is_empty()) || self.struct_index_returns.contains_key(&id);
        if let Some((_, other)) = returns.iter().find(|(v, _)| if runtime || !data.is_empty() { v.key() != first.key() } else { !v.same(&first) }) {
            self.error("E0707", span, format!("`{name}` returns different resources depending on run-time control flow"))
                .related(first_span, "returns this resource")
                .related(*other, "and this one")
                .note("WGSL and naga IR name a resource only through its global variable, so each use must resolve to one resource at compile time, as DXC's legalization requires")
                .help("make the choice a compile-time constant, or return one resource and branch at the use");
            return None;
        }
        // A struct's resource member that is an element chosen at run time: its index is an
        // expression of this function (a hidden local or parameter), which the caller cannot
        // read; only a lone element returns its index (`return_runtime_index`).
        if !matches!(first, ResValue::Place(_)) && first.dynamic_indices().iter().any(reads_function_state) && !self.struct_index_returns.contains_key(&id) {
            self.error("E0801", span, format!("`{name}` returns a struct holding an element of a resource array chosen at run time, which is not supported yet"))
                .related(first_span, "returned here")
                .help("return the element's index instead, and index the global resource array at the call");
            return None;
        }
        if let ResValue::Place(p) = &first {
            if dynamic_indices(p).len() > 1 {
                self.error("E0801", span, format!("`{name}` returns an element of a resource array chosen by more than one run-time index, which is not supported yet"))
                    .related(first_span, "returned here")
                    .help("return the indices instead, and index the global resource array at the call");
                return None;
            }
        }
        Some(first)
    }

    /// The run-time index (as `uint`) of a returned element of a resource array chosen at run
    /// time; `None` for any other resource value.
    pub(crate) fn runtime_return_index(&mut self, v: &ResValue) -> Option<Expr> {
        let ResValue::Place(p) = v else { return None };
        let [index] = <[Expr; 1]>::try_from(dynamic_indices(p)).ok()?;
        let uint = self.module.types.scalar(crate::ty::Scalar::U32);
        if index.ty == uint {
            return Some(index);
        }
        let span = index.span;
        Some(Expr::new(ExprKind::Convert(Box::new(index)), uint, span))
    }

    /// Makes specialisation `id` return the run-time index of the element it returns: its
    /// return type becomes `uint`, and a `return` without a value (in code a constant
    /// condition skips) returns 0.
    fn return_runtime_index(&mut self, id: FuncId) {
        fn patch(stmts: &mut [crate::tir::Stmt], zero: &Expr) {
            use crate::tir::StmtKind;
            for s in stmts {
                match &mut s.kind {
                    StmtKind::Return(v @ None) => *v = Some(zero.clone()),
                    StmtKind::Block(b) => patch(b, zero),
                    StmtKind::If { accept, reject, .. } => {
                        patch(accept, zero);
                        patch(reject, zero);
                    }
                    StmtKind::Loop { body, step, .. } => {
                        patch(body, zero);
                        patch(step, zero);
                    }
                    StmtKind::Switch { cases, .. } => cases.iter_mut().for_each(|c| patch(&mut c.body, zero)),
                    _ => {}
                }
            }
        }
        let uint = self.module.types.scalar(crate::ty::Scalar::U32);
        let f = &mut self.module.functions[id.0 as usize];
        let zero = Expr::new(ExprKind::Const(crate::tir::ConstValue::Uint(0)), uint, f.span);
        patch(&mut f.body, &zero);
        f.ret = uint;
        self.fn_infos[id.0 as usize].ret = uint;
        self.runtime_index_returns.insert(id);
    }

    /// The value a marker operand stands for.
    pub(crate) fn value_arg(&self, op: &Operand) -> Option<ResValue> {
        match &op.value {
            Value::Place(Place { root: PlaceRoot::Global(g), projections, .. }) if *g == VALUE_ARG => match projections.first() {
                Some(crate::tir::Projection::Field(k)) => self.value_args.get(*k as usize).cloned(),
                _ => None,
            },
            _ => None,
        }
    }

    /// Instantiates a function template for a call, from explicit template arguments or by
    /// deducing them from the argument types.
    fn instantiate_function_template(&mut self, t: usize, explicit: Option<&[ast::TemplateArg]>, ops: &[Operand], span: Span) -> Option<FuncId> {
        let template = self.templates[t].clone();
        let TemplateItem::Function(decl) = &template.item else { return None };
        // A template whose parameter count cannot take the arguments is not a candidate (and
        // is not instantiated, so its body reports nothing).
        let required = decl.params.iter().filter(|p| p.default.is_none()).count();
        if ops.len() > decl.params.len() || ops.len() < required {
            return None;
        }
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
        // Deduce the rest from the arguments. Two arguments deducing one parameter must agree,
        // a literal being of its own type there (DXC: "deduced conflicting types for parameter
        // 'T' ('float' vs. 'literal float')" for `Add(f, 1.0)`; only after deduction does a
        // literal-deduced parameter become `int`/`float`).
        let given: Vec<bool> = bound.iter().map(|b| b.is_some()).collect();
        let mut direct: Vec<Option<(TypeId, Lit)>> = vec![None; template.params.len()];
        for (p, op) in decl.params.iter().zip(ops) {
            if let (true, ast::TypeKind::Named(path)) = (p.array.is_empty(), &p.ty.kind) {
                let bare = path.segments.len() == 1 && path.segments[0].template_args.is_none();
                if let Some(i) = param_index(&template.params, path).filter(|&i| bare && !given[i]) {
                    let key = (if op.lit == Lit::No { op.ty } else { self.module.types.void() }, op.lit);
                    match direct[i] {
                        Some(k) if k != key => return None,
                        _ => direct[i] = Some(key),
                    }
                } else if let Some(i) = super::partial_ordering::element_param(&p.ty, &template.params).filter(|&i| !given[i]) {
                    // The element type of a vector or matrix argument.
                    let element = match *self.module.types.get(op.ty) {
                        TypeInner::Vector { scalar, .. } | TypeInner::Matrix { scalar, .. } => Some(self.module.types.scalar(scalar)),
                        _ => None,
                    };
                    if let Some(element) = element {
                        let key = (element, Lit::No);
                        match direct[i] {
                            Some(k) if k != key => return None,
                            _ => direct[i] = Some(key),
                        }
                    }
                }
            }
            self.deduce(&template.params, template.ns, &p.ty, &p.array, op, &mut bound);
        }
        // A `vector<T, 2>` parameter does not deduce from a `float3`, nor `matrix<T, R, R>` from
        // a `float2x3` (C++ deduction: the parameter's type must come out as the argument's).
        // (Explicit arguments may leave a parameter with nothing to deduce: it converts.)
        for (p, op) in decl.params.iter().zip(ops).filter(|_| explicit.is_none()) {
            if !p.array.is_empty() {
                continue;
            }
            let Some((kind, counts)) = super::partial_ordering::counts(&p.ty, &template.params) else { continue };
            let arg: Vec<u32> = match (kind, self.module.types.get(op.ty)) {
                ("vector", TypeInner::Vector { size, .. }) => vec![*size as u32],
                ("matrix", TypeInner::Matrix { rows, cols, .. }) => vec![*rows as u32, *cols as u32],
                _ => continue,
            };
            for (c, &a) in counts.iter().zip(&arg) {
                let expected = match *c {
                    super::partial_ordering::Count::Fixed(n) => Some(n as i64),
                    super::partial_ordering::Count::Param(i) => match bound[i] {
                        Some(TemplateArgValue::Value(v)) => Some(v),
                        _ => None,
                    },
                    super::partial_ordering::Count::Other => None,
                };
                if expected.is_some_and(|e| e != a as i64) {
                    return None;
                }
            }
        }
        // Defaults, resolved where the template is declared: its namespace, the struct of a
        // member template (`template <typename U = T>` in `Wrapper<T>`), and the parameters
        // before them (`template <typename T, typename U = T>`).
        let mut values = Vec::new();
        for (i, p) in template.params.iter().enumerate() {
            let v = match (&bound[i], &p.kind) {
                (Some(v), _) => v.clone(),
                (None, ast::TemplateParamKind::Type { default: Some(d) }) => {
                    let n = self.diags.len();
                    let ty = self.in_template_scope(&template, &values, |a| a.resolve_type(d));
                    self.diags.truncate(n);
                    TemplateArgValue::Type(ty?)
                }
                (None, ast::TemplateParamKind::Value { default: Some(d), .. }) => TemplateArgValue::Value(self.in_template_scope(&template, &values, |a| a.const_int_quiet(d))?),
                _ => return None,
            };
            values.push(v);
        }
        match self.instantiate(t, values, span)? {
            Instance::Function(f) => Some(f),
            _ => None,
        }
    }

    /// `v<A…>`: the instance of variable template `t` for the arguments.
    pub(crate) fn variable_template_use(&mut self, t: usize, seg: &ast::PathSegment, span: Span) -> Option<Operand> {
        let args = seg.template_args.as_deref().unwrap_or(&[]);
        let values = self.template_arg_values(t, args, span)?;
        match self.instantiate(t, values, span)? {
            Instance::Global(g) => {
                let ty = self.module.globals[g.0 as usize].ty;
                Some(Operand::place(Place { root: PlaceRoot::Global(g), projections: Default::default(), ty, span }))
            }
            _ => None,
        }
    }

    /// Runs `f` in the scope of template `template`'s declaration, its first parameters bound
    /// to `values`.
    fn in_template_scope<R>(&mut self, template: &super::scope::Template, values: &[TemplateArgValue], f: impl FnOnce(&mut Self) -> R) -> R {
        let mut ns = super::scope::Namespace::new(Some(template.ns));
        ns.instance = true;
        for (p, v) in template.params.iter().zip(values) {
            let symbol = match v {
                TemplateArgValue::Type(ty) => Symbol::Type(*ty),
                TemplateArgValue::Value(n) => Symbol::EnumValue { value: *n, ty: self.module.types.scalar(crate::ty::Scalar::I32) },
            };
            ns.names.insert(p.name.name.as_str().to_owned(), symbol);
        }
        self.namespaces.push(ns);
        let ns_id = super::NsId(self.namespaces.len() as u32 - 1);
        let saved_ns = std::mem::replace(&mut self.current_ns, ns_id);
        let saved_structs = std::mem::replace(&mut self.struct_scopes, template.owner.into_iter().collect());
        let r = f(self);
        self.current_ns = saved_ns;
        self.struct_scopes = saved_structs;
        // Nothing declared since refers to the scratch namespace when it is still the last.
        if self.namespaces.len() == ns_id.0 as usize + 1 {
            self.namespaces.pop();
        }
        r
    }

    /// Binds template parameters appearing in a parameter type against an argument's type.
    /// `scope` is the namespace the template was declared in, where the names in `pty` are
    /// looked up.
    fn deduce(&mut self, params: &[ast::TemplateParam], scope: super::NsId, pty: &ast::TypeSpec, dims: &[Option<ast::Expr>], op: &Operand, bound: &mut [Option<TemplateArgValue>]) {
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
                    // A literal deduces `int` or `float`, whatever its value (DXC's
                    // FinishTemplateArgumentDeduction turns `literal int`/`literal float` into
                    // the 32-bit types): `f(3000000000)` has T = int, the value converting to it.
                    let ty = match (op.lit, self.module.types.get(arg_ty)) {
                        (Lit::Int, TypeInner::Scalar(_)) => self.module.types.scalar(crate::ty::Scalar::I32),
                        (Lit::Float, TypeInner::Scalar(_)) => self.module.types.scalar(crate::ty::Scalar::F32),
                        _ => arg_ty,
                    };
                    bound[i] = Some(TemplateArgValue::Type(ty));
                }
                return;
            }
        }
        // `vector<T, N>` and `matrix<T, R, C>`.
        let Some(args) = &seg.template_args else { return };
        // An alias template (`L1<T, N>` for `template <typename T, int N> using L1 = S<T, N, 1>`)
        // deduces as its target, the alias's parameters replaced by the arguments written.
        if let Some(target) = self.alias_template_target(scope, path, args) {
            let target_op = Operand::expr(Expr::new(ExprKind::Zero, arg_ty, op.span));
            self.deduce(params, scope, &target, &[], &target_op, bound);
            return;
        }
        let inner = *self.module.types.get(arg_ty);
        // A node object's record: `GroupNodeInputRecords<T>`, `NodeOutput<Record<T>>`.
        if let TypeInner::Node { object, record } = inner {
            if crate::ty::NodeObject::from_name(&seg.ident.name) == Some(object) {
                if let [ast::TemplateArg::Type(record_spec)] = &args[..] {
                    let record_op = Operand::expr(Expr::new(ExprKind::Zero, record, op.span));
                    self.deduce(params, scope, record_spec, &[], &record_op, bound);
                }
            }
            return;
        }
        // An instance of a struct template: `Record<T>` against `Record<float>`.
        if let TypeInner::Struct(_) = inner {
            let name = seg.ident.name.as_str();
            let found = self.instances.iter().find_map(|((t, values), inst)| {
                // The primary template's arguments (a specialization's instance is also
                // cached under them).
                let named = matches!(&self.templates[*t].item, TemplateItem::Struct(d) if d.specialization.is_none() && d.name.as_ref().is_some_and(|n| n.name.as_str() == name));
                (named && matches!(inst, Instance::Type(ty) if *ty == arg_ty)).then(|| values.clone())
            });
            for (a, v) in args.iter().zip(found.unwrap_or_default()) {
                match (a, v) {
                    (ast::TemplateArg::Type(spec), TemplateArgValue::Type(ty)) => {
                        let inner_op = Operand::expr(Expr::new(ExprKind::Zero, ty, op.span));
                        self.deduce(params, scope, spec, &[], &inner_op, bound);
                    }
                    (ast::TemplateArg::Expr(ast::Expr { kind: ast::ExprKind::Name(p), .. }) | ast::TemplateArg::Type(ast::TypeSpec { kind: ast::TypeKind::Named(p), .. }), v @ TemplateArgValue::Value(_)) => {
                        if let Some(i) = param_index(params, p) {
                            bound[i].get_or_insert(v);
                        }
                    }
                    _ => {}
                }
            }
            return;
        }
        // A query's flags: `RayQuery<RAY_FLAGS>` against `RayQuery<RAY_FLAG_FORCE_OPAQUE>`.
        if let TypeInner::RayQuery { ray_flags, query_flags } = inner {
            if seg.ident.name.as_str() == "RayQuery" {
                for (a, v) in args.iter().zip([ray_flags as i64, query_flags as i64]) {
                    if let ast::TemplateArg::Expr(ast::Expr { kind: ast::ExprKind::Name(p), .. }) | ast::TemplateArg::Type(ast::TypeSpec { kind: ast::TypeKind::Named(p), .. }) = a {
                        if let Some(i) = param_index(params, p) {
                            bound[i].get_or_insert(TemplateArgValue::Value(v));
                        }
                    }
                }
            }
            return;
        }
        // A resource's element: `Texture2D<vector<T, 4> >`, `StructuredBuffer<S<T> >`.
        if let TypeInner::Resource(r) = inner {
            use crate::ty::Resource as R;
            let element = match r {
                R::Texture { element, .. } | R::TypedBuffer { element, .. } | R::StructuredBuffer { element, .. } | R::ConstantBuffer { element } | R::TextureBuffer { element } | R::SubpassInput { element, .. } => Some(element),
                _ => None,
            };
            let same_kind = self.type_name(arg_ty).split('<').next() == Some(seg.ident.name.as_str());
            if let (Some(element), true, [ast::TemplateArg::Type(element_spec), ..]) = (element, same_kind, &args[..]) {
                let element_op = Operand::expr(Expr::new(ExprKind::Zero, element, op.span));
                self.deduce(params, scope, element_spec, &[], &element_op, bound);
            }
            return;
        }
        let (scalar, dims): (Option<crate::ty::Scalar>, Vec<i64>) = match (seg.ident.name.as_str(), inner) {
            // A scalar is not a `vector<T, 1>` to deduction (as in DXC, whose `vector` is a
            // class template that `float` is no specialization of).
            ("vector", TypeInner::Vector { scalar, size }) => (Some(scalar), vec![size as i64]),
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

    /// The target of alias template `path<args>` (looked up from `scope`), its parameters
    /// replaced by `args` (or their defaults); `None` when `path` names no alias template.
    fn alias_template_target(&self, scope: super::NsId, path: &ast::Path, args: &[ast::TemplateArg]) -> Option<ast::TypeSpec> {
        let mut segments = path.segments.iter();
        let first = segments.next()?;
        let sym = if path.global {
            self.namespaces[0].names.get(first.ident.name.as_str()).cloned()?
        } else {
            self.lookup_in_namespaces(scope, &first.ident.name)?
        };
        let Symbol::StructTemplate(t) = self.lookup_in(sym, segments)? else { return None };
        let template = &self.templates[t];
        let TemplateItem::Alias(target) = &template.item else { return None };
        let mut map = std::collections::HashMap::new();
        for (k, p) in template.params.iter().enumerate() {
            let arg = match (args.get(k), &p.kind) {
                (Some(a), _) => a.clone(),
                (None, ast::TemplateParamKind::Type { default: Some(d) }) => ast::TemplateArg::Type(d.clone()),
                (None, ast::TemplateParamKind::Value { default: Some(d), .. }) => ast::TemplateArg::Expr(d.clone()),
                _ => return None,
            };
            map.insert(p.name.name.as_str(), arg);
        }
        Some(substitute_type(target, &map))
    }

    /// Instantiates template `t` with `values` (cached).
    pub(crate) fn instantiate(&mut self, t: usize, values: Vec<TemplateArgValue>, span: Span) -> Option<Instance> {
        self.instantiate_as(t, values, None, span)
    }

    /// `instantiate`, naming a struct instance after `display` (the primary template's
    /// arguments, for an instance of one of its specializations).
    fn instantiate_as(&mut self, t: usize, values: Vec<TemplateArgValue>, display: Option<Vec<String>>, span: Span) -> Option<Instance> {
        let key = (t, values.clone());
        if !self.instances.contains_key(&key) {
            if let Some((spec, deduced)) = self.match_specialization(t, &values) {
                let display = values.iter().map(|v| self.template_arg_text(v)).collect();
                let inst = self.instantiate_as(spec, deduced, Some(display), span)?;
                self.instances.insert(key, inst);
                return Some(inst);
            }
        }
        if let Some(inst) = self.instances.get(&key) {
            return match inst {
                Instance::InProgress(ns) => {
                    if let (Some(ns), TemplateItem::Struct(decl)) = (*ns, &self.templates[t].item) {
                        let prefix = format!("{}<", decl.name.as_ref().map(|n| n.name.as_str()).unwrap_or_default());
                        let own = self.namespaces[ns.0 as usize].names.iter().find(|(n, _)| n.starts_with(&prefix));
                        if let Some((_, Symbol::Type(ty))) = own {
                            return Some(Instance::Type(*ty));
                        }
                    }
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
        self.instances.insert(key.clone(), Instance::InProgress(None));
        let template = self.templates[t].clone();
        // A namespace holding the parameters, child of the template's own namespace.
        let mut ns = super::scope::Namespace::new(Some(template.ns));
        ns.instance = true;
        let mut arg_text = Vec::new();
        for (p, v) in template.params.iter().zip(&values) {
            match v {
                TemplateArgValue::Type(ty) => {
                    ns.names.insert(p.name.name.as_str().to_owned(), Symbol::Type(*ty));
                    arg_text.push(self.type_name(*ty));
                }
                TemplateArgValue::Value(n) => {
                    let ity = self.module.types.scalar(crate::ty::Scalar::I32);
                    ns.names.insert(p.name.name.as_str().to_owned(), Symbol::EnumValue { value: *n, ty: ity });
                    arg_text.push(n.to_string());
                }
            }
        }
        self.namespaces.push(ns);
        let ns_id = super::NsId(self.namespaces.len() as u32 - 1);
        self.instances.insert(key.clone(), Instance::InProgress(Some(ns_id)));
        let saved_ns = std::mem::replace(&mut self.current_ns, ns_id);
        let saved_func = self.func.take();
        // An instance belongs to the template's scope, not to a struct being declared here.
        let saved_structs = std::mem::take(&mut self.struct_scopes);
        let result = match &template.item {
            TemplateItem::Function(decl) => {
                let mut decl = decl.clone();
                decl.template_params = None;
                let base = match &decl.name {
                    ast::FunctionName::Path(p) => p.segments.last().map(|s| s.ident.name.clone()).unwrap_or_default(),
                    ast::FunctionName::Operator { op, .. } => super::decl::operator_method_name(*op).into(),
                };
                let mangled = format!("{base}<{}>", arg_text.join(", "));
                // A member operator template's instance is the method `$op+<int>`.
                if let ast::FunctionName::Operator { span, .. } = decl.name {
                    decl.name = ast::FunctionName::Path(ast::Path::name(ast::Ident { name: mangled.as_str().into(), span }));
                }
                if let ast::FunctionName::Path(p) = &mut decl.name {
                    if let Some(s) = p.segments.last_mut() {
                        s.ident.name = mangled.into();
                    }
                    if let Some(last) = p.segments.last().cloned() {
                        p.segments = ast::Segments::one(last);
                    }
                }
                // SFINAE: a qualified name in the signature that names no type for these
                // arguments (`typename enable_if<false, T>::type`) makes the template no
                // candidate, not an error.
                let n = self.diags.len();
                let signature = std::iter::once(&decl.return_ty).chain(decl.params.iter().map(|p| &p.ty));
                // (A member template's signature sees its struct's members, as its body does.)
                let structs = std::mem::replace(&mut self.struct_scopes, template.owner.into_iter().collect());
                let substitution_failure = signature.filter(|ty| is_qualified_name(ty)).any(|ty| self.resolve_type(ty).is_none());
                self.struct_scopes = structs;
                self.diags.truncate(n);
                if substitution_failure {
                    None
                } else {
                    // Instances are not visible by name: declare into the scratch namespace.
                    self.function_decl(&decl, template.owner).map(Instance::Function)
                }
            }
            TemplateItem::Struct(decl) => {
                let mut decl = decl.clone();
                decl.template_params = None;
                decl.specialization = None;
                let base = decl.name.as_ref().map(|n| n.name.clone()).unwrap_or_default();
                if let Some(n) = &mut decl.name {
                    n.name = format!("{base}<{}>", display.unwrap_or(arg_text).join(", ")).into();
                }
                // (Its methods' bodies count only when called: `decl.rs` sets their errors aside.)
                let outer = std::mem::replace(&mut self.instantiating_struct, true);
                let r = self.struct_decl(&decl).map(Instance::Type);
                self.instantiating_struct = outer;
                r
            }
            TemplateItem::Alias(ty) => self.resolve_type(ty).map(Instance::Type),
            // A variable template's instance: a global of its own, named with the arguments.
            TemplateItem::Variable(decl) => {
                let mut decl = decl.clone();
                let shown = display.unwrap_or(arg_text).join(", ");
                for d in &mut decl.declarators {
                    d.template_args = None;
                    d.name.name = format!("{}<{shown}>", d.name.name).as_str().into();
                }
                self.global_var(&decl);
                // (Declared into the instance's own namespace; its initializer may have made
                // other instances' globals first.)
                let name = decl.declarators.first().map(|d| d.name.name.clone()).unwrap_or_default();
                match self.namespaces[self.current_ns.0 as usize].names.get(name.as_str()) {
                    Some(Symbol::Var(super::scope::VarRef::Global(g))) => Some(Instance::Global(*g)),
                    _ => None,
                }
            }
        };
        self.current_ns = saved_ns;
        self.func = saved_func;
        self.struct_scopes = saved_structs;
        match result {
            Some(i) => {
                self.instances.insert(key, i);
                // Static members the struct template defines out of line.
                if let (TemplateItem::Struct(_), Some(defs)) = (&template.item, self.template_static_definitions.get(&t).cloned()) {
                    for def in defs {
                        self.apply_template_static_definition(t, &values, &def);
                    }
                }
                // Methods it defines out of line.
                if let (TemplateItem::Struct(_), Some(defs)) = (&template.item, self.template_method_definitions.get(&t).cloned()) {
                    for def in defs {
                        self.apply_template_method_definition(t, &values, &def);
                    }
                }
                Some(i)
            }
            None => {
                self.instances.remove(&key);
                None
            }
        }
    }

    /// Reports calls that form a cycle (HLSL forbids recursion).
    /// `roots`: the functions to start from (all of them if `None`).
    pub(crate) fn check_recursion(&mut self, roots: Option<&[FuncId]>) {
        let n = self.fn_infos.len();
        // 0 = unvisited, 1 = on stack, 2 = done.
        let mut state = vec![0u8; n];
        let starts: Vec<usize> = match roots {
            Some(r) => r.iter().map(|f| f.0 as usize).filter(|&i| i < n).collect(),
            None => (0..n).collect(),
        };
        for start in starts {
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

/// The name of parameter `i` of a declaration.
/// `A::B`, `enable_if<C, T>::type`: a type named through a scope, which may name nothing.
fn is_qualified_name(ty: &ast::TypeSpec) -> bool {
    matches!(&ty.kind, ast::TypeKind::Named(p) if p.segments.len() > 1)
}

fn decl_param_name(decl: &ast::FunctionDecl, i: usize) -> Option<String> {
    decl.params.get(i).and_then(|p| p.name.as_ref()).map(|n| n.name.as_str().to_owned())
}

/// The indices of a resource place that are not constants (in order).
pub(crate) fn dynamic_indices(p: &Place) -> Vec<Expr> {
    p.projections
        .iter()
        .filter_map(|proj| match proj {
            crate::tir::Projection::Index(e) if !matches!(e.kind, ExprKind::Const(_)) => Some((**e).clone()),
            _ => None,
        })
        .collect()
}

/// Whether `e` reads a local variable or a parameter: an expression that means nothing in
/// another function.
pub(crate) fn reads_function_state(e: &Expr) -> bool {
    let mut found = false;
    crate::tir::visit::walk_expr(e, &mut |x: &Expr| {
        if let ExprKind::Load(p) = &x.kind {
            found |= matches!(p.root, PlaceRoot::Local(_) | PlaceRoot::Param(_));
        }
    });
    found
}

/// The root of the marker operands `arg_operands` gives whole structs with resources.
const VALUE_ARG: crate::tir::GlobalId = crate::tir::GlobalId(u32::MAX);

/// True for a body that does nothing at run time (only `return`s and resource-variable
/// bindings): a call of it can be left out.
fn trivial_body(stmts: &[crate::tir::Stmt]) -> bool {
    use crate::tir::StmtKind;
    stmts.iter().all(|s| match &s.kind {
        StmtKind::Return(None) => true,
        StmtKind::Block(b) => trivial_body(b),
        StmtKind::Expr(e) => matches!(&e.kind, ExprKind::Sequence(v) if v.is_empty()),
        StmtKind::If { cond, accept, reject } => matches!(cond.kind, ExprKind::Const(_)) && trivial_body(accept) && trivial_body(reject),
        _ => false,
    })
}

/// `ty` with the template parameters named in `map` replaced by their arguments, in its
/// template argument lists too (an alias template's target for the arguments written).
fn substitute_type(ty: &ast::TypeSpec, map: &std::collections::HashMap<&str, ast::TemplateArg>) -> ast::TypeSpec {
    let ast::TypeKind::Named(path) = &ty.kind else { return ty.clone() };
    if let ([seg], false) = (&path.segments[..], path.global) {
        if let (None, Some(ast::TemplateArg::Type(t))) = (&seg.template_args, map.get(seg.ident.name.as_str())) {
            return t.clone();
        }
    }
    let mut path = path.clone();
    let segments: Vec<ast::PathSegment> = path
        .segments
        .iter()
        .map(|seg| {
            let mut seg = seg.clone();
            if let Some(args) = &seg.template_args {
                seg.template_args = Some(args.iter().map(|a| substitute_arg(a, map)).collect());
            }
            seg
        })
        .collect();
    path.segments = segments.into();
    ast::TypeSpec { kind: ast::TypeKind::Named(path), span: ty.span }
}

/// One template argument of `substitute_type`: a parameter's name becomes its argument.
fn substitute_arg(arg: &ast::TemplateArg, map: &std::collections::HashMap<&str, ast::TemplateArg>) -> ast::TemplateArg {
    let name = match arg {
        ast::TemplateArg::Type(ast::TypeSpec { kind: ast::TypeKind::Named(p), .. }) | ast::TemplateArg::Expr(ast::Expr { kind: ast::ExprKind::Name(p), .. }) => {
            (p.segments.len() == 1 && !p.global && p.segments[0].template_args.is_none()).then(|| p.segments[0].ident.name.as_str())
        }
        _ => None,
    };
    match (name.and_then(|n| map.get(n)), arg) {
        (Some(a), _) => a.clone(),
        (None, ast::TemplateArg::Type(t)) => ast::TemplateArg::Type(substitute_type(t, map)),
        (None, a) => a.clone(),
    }
}

fn param_index(params: &[ast::TemplateParam], path: &ast::Path) -> Option<usize> {
    if path.segments.len() != 1 {
        return None;
    }
    params.iter().position(|p| p.name.name == path.segments[0].ident.name)
}

/// The candidate that is at least as good for every argument and better for one; falls back
/// to the lowest total when exactly one has it.
fn pick_best(viable: &[(FuncId, Vec<u32>)], tie: impl Fn(usize, usize) -> bool) -> Option<FuncId> {
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
            // (`tie` decides between candidates whose conversions are all the same.)
            if !(not_worse && (better || (ci == cj && tie(i, j)))) {
                continue 'outer;
            }
        }
        return Some(*f);
    }
    // Fewest total cost, if unique (DXC's rule: the lowest sum of argument scores), else the
    // one of those that `tie` prefers to each other with the same costs.
    let min = viable.iter().map(|(_, c)| c.iter().sum::<u32>()).min()?;
    let best: Vec<usize> = (0..viable.len()).filter(|&i| viable[i].1.iter().sum::<u32>() == min).collect();
    if best.len() == 1 {
        return Some(viable[best[0]].0);
    }
    best.iter().find(|&&i| best.iter().all(|&j| i == j || (viable[i].1 == viable[j].1 && tie(i, j)))).map(|&i| viable[i].0)
}

/// Whether a function's body has a `return` statement (a resource it rebinds is handed back
/// to the caller only when the body runs to its end).
fn body_returns(decl: &ast::FunctionDecl) -> bool {
    decl.body.as_ref().is_some_and(|b| b.stmts.iter().any(super::ray_query_inline::has_return))
}

/// Whether `e` is built from literals alone (`1`, `-2.5`, `1 << 3`): its type and value
/// depend on no template parameter.
fn is_literal_expression(e: &ast::Expr) -> bool {
    match &e.kind {
        ast::ExprKind::Literal(_) => true,
        ast::ExprKind::Unary { operand, .. } => is_literal_expression(operand),
        ast::ExprKind::Binary { lhs, rhs, .. } => is_literal_expression(lhs) && is_literal_expression(rhs),
        ast::ExprKind::Conditional { cond, accept, reject } => {
            is_literal_expression(cond) && is_literal_expression(accept) && is_literal_expression(reject)
        }
        _ => false,
    }
}
