//! Statements and local declarations.
//!
//! Scoping follows the language version: in HLSL 2021 a variable declared in a `for`
//! initializer is local to the loop; before 2021 it leaks into the enclosing scope, as in FXC
//! (`-HV 2016` code often relies on it).

use super::scope::{Symbol, VarRef};
use super::Analyzer;
use crate::tir::{self, ConstValue, Expr, ExprKind, GlobalKind, StmtKind, Unroll};
use crate::ty::{Scalar, ScalarKind, TypeId, TypeInner};
use hlslc_grammar::ast::{self, Qualifier};
use hlslc_grammar::Span;

impl Analyzer<'_> {
    /// A block with its own scope.
    pub fn block(&mut self, stmts: &[ast::Stmt]) -> Vec<tir::Stmt> {
        self.block_then(stmts, |_| ()).0
    }

    /// [`Self::block`], running `then` in the block's scope after its statements (an inlined
    /// body's result expression sees the body's locals).
    pub(crate) fn block_then<R>(&mut self, stmts: &[ast::Stmt], then: impl FnOnce(&mut Self) -> R) -> (Vec<tir::Stmt>, R) {
        self.push_scope();
        let outer = self.set_static_exit(false);
        // (Most statements yield one typed statement.)
        let mut out = Vec::with_capacity(stmts.len());
        // Statements after a `return` that always runs are dead code, to the block's end
        // (a dead `if` after it must not count as the end of the exit).
        let mut dead = false;
        for s in stmts {
            dead |= self.func.as_ref().is_some_and(|f| f.static_exit);
            self.dead_if(dead, |a| a.stmt(s, &mut out));
        }
        let r = then(self);
        let exited = self.set_static_exit(outer) || dead;
        self.set_static_exit(outer || exited);
        self.pop_scope();
        (out, r)
    }

    /// Records the values of the function's parameter resource variables where a `return`
    /// that code reaches leaves (see `FnCtx::return_aliases`).
    fn record_return_aliases(&mut self) {
        let Some(f) = self.func.as_mut() else { return };
        if f.dead_depth > 0 || f.static_exit {
            return;
        }
        let Some(params) = f.scopes.first() else { return };
        let values = params.iter().filter_map(|(n, s)| match s {
            Symbol::Alias(b) => Some((n.to_string(), b.value.clone())),
            _ => None,
        });
        let values = values.collect();
        f.return_aliases.push(values);
    }

    /// Sets `static_exit`, returning the previous value.
    pub(crate) fn set_static_exit(&mut self, value: bool) -> bool {
        self.func.as_mut().map(|f| std::mem::replace(&mut f.static_exit, value)).unwrap_or(false)
    }

    /// A statement that is not a block gets a scope of its own too (`if (c) int x = 1;`).
    fn sub_stmt(&mut self, s: &ast::Stmt) -> Vec<tir::Stmt> {
        match &s.kind {
            ast::StmtKind::Block(b) => self.block(&b.stmts),
            _ => self.block(std::slice::from_ref(s)),
        }
    }

    pub(crate) fn stmt(&mut self, s: &ast::Stmt, out: &mut Vec<tir::Stmt>) {
        if !self.enter(s.span) {
            return;
        }
        let start = out.len();
        let outer_pending = self.func.as_mut().map(|f| std::mem::take(&mut f.pending)).unwrap_or_default();
        self.stmt_inner(s, out);
        // Calls of functions returning a resource run before the statement that uses it.
        if let Some(f) = self.func.as_mut() {
            let pending = std::mem::replace(&mut f.pending, outer_pending);
            out.splice(start..start, pending);
        }
        self.leave();
    }

    fn stmt_inner(&mut self, s: &ast::Stmt, out: &mut Vec<tir::Stmt>) {
        let span = s.span;
        self.statement_requirements(&s.attrs);
        if matches!(s.kind, ast::StmtKind::Var(_)) {
            self.ignored_inline_spirv_attrs(&s.attrs, false);
        }
        let push = |out: &mut Vec<tir::Stmt>, kind| out.push(tir::Stmt { kind, span });
        match &s.kind {
            ast::StmtKind::Expr(e) => {
                if let Some(op) = self.operand(e) {
                    let e = self.materialize(op);
                    push(out, StmtKind::Expr(e));
                }
            }
            ast::StmtKind::Var(decl) => self.local_var(decl, out),
            ast::StmtKind::TypeAlias(t) => self.type_alias(t),
            ast::StmtKind::Using(u) => self.using(u),
            ast::StmtKind::Typedef(t) => {
                if let Some(base) = self.resolve_type(&t.ty) {
                    for (n, dims) in &t.names {
                        self.check_type_keyword_name(n, "typedef");
                        if let Some(ty) = self.apply_array_dims(base, dims, true, n.span) {
                            self.declare(&n.name, Symbol::Type(ty), n.span);
                        }
                    }
                }
            }
            ast::StmtKind::Struct(decl) => {
                if let Some(ty) = self.struct_decl(decl) {
                    if !decl.declarators.is_empty() {
                        let path = self.synthetic_path(ty, decl.span);
                        let var = ast::VarDecl {
                            attrs: vec![],
                            quals: decl.quals.clone(),
                            ty: ast::TypeSpec { kind: ast::TypeKind::Named(path), span: decl.span },
                            declarators: decl.declarators.clone(),
                            span: decl.span,
                        };
                        self.local_var(&var, out);
                    }
                }
            }
            ast::StmtKind::Block(b) => {
                let body = self.block(&b.stmts);
                push(out, StmtKind::Block(body));
            }
            ast::StmtKind::If { cond, then, else_ } => {
                self.check_stmt_attrs(&s.attrs, &["branch", "flatten", "ext_capability", "ext_extension"]);
                let c = self.condition(cond);
                // A branch a constant condition skips is dead code (`liveness.rs`), also with
                // `static const` operands (folded here).
                let constant = match c.as_ref().map(|c| self.try_fold(c)) {
                    Some(Ok(Some(ConstValue::Bool(b)))) => Some(b),
                    // (Locals that keep a constant initializer count too.)
                    _ => match c.as_ref().and_then(|c| self.known_constant(c)) {
                        Some(ConstValue::Bool(b)) => Some(b),
                        _ => None,
                    },
                };
                let ((accept, then_exit), (reject, else_exit)) = self.alias_branches(
                    constant,
                    |a| {
                        let body = a.dead_if(constant == Some(false), |a| a.sub_stmt(then));
                        (body, a.set_static_exit(false))
                    },
                    |a| {
                        let body = a.dead_if(constant == Some(true), |a| else_.as_ref().map(|e| a.sub_stmt(e)).unwrap_or_default());
                        (body, a.set_static_exit(false))
                    },
                    |x, y| (leaves(&x.0), leaves(&y.0)),
                );
                let exit = match constant {
                    Some(true) => then_exit,
                    Some(false) => else_exit,
                    None => then_exit && else_exit,
                };
                self.set_static_exit(exit);
                if let Some(cond) = c {
                    push(out, StmtKind::If { cond, accept, reject });
                }
            }
            ast::StmtKind::For { init, cond, step, body } => {
                let unroll = self.loop_attrs(&s.attrs);
                if let Some(Unroll::Unroll(limit)) = unroll {
                    if self.unroll_for(s, limit, out) {
                        return;
                    }
                }
                let scoped = self.options.hlsl_version >= 2021;
                if scoped {
                    self.push_scope();
                }
                let mut init_stmts = Vec::new();
                if let Some(init) = init {
                    if let Some(f) = self.func.as_mut() {
                        f.in_for_init = !scoped;
                    }
                    self.stmt(init, &mut init_stmts);
                    if let Some(f) = self.func.as_mut() {
                        f.in_for_init = false;
                    }
                }
                let (c, step, body) = self.alias_loop(true, |a| {
                    // (The condition and step run on every iteration: nothing is hoisted
                    // out of them.)
                    a.block_hoisting(1);
                    let c = cond.as_ref().map(|c| a.condition(c));
                    let step = step.as_ref().and_then(|e| {
                        let op = a.operand(e)?;
                        Some(a.materialize(op))
                    });
                    a.block_hoisting(-1);
                    a.loop_body_enter();
                    let body = a.sub_stmt(body);
                    a.loop_body_leave();
                    a.set_static_exit(false);
                    (c, step, body)
                });
                if scoped {
                    // Remember the loop's variables for a hint if they are used after it.
                    let names: Vec<String> = self.func.as_ref().and_then(|f| f.scopes.last()).map(|s| s.keys().map(|k| k.to_string()).collect()).unwrap_or_default();
                    self.pop_scope();
                    if let Some(f) = self.func.as_mut() {
                        f.expired_for_vars.extend(names);
                    }
                }
                if let Some(None) = c {
                    return;
                }
                let mut stmts = init_stmts;
                stmts.push(tir::Stmt {
                    kind: StmtKind::Loop {
                        cond: c.flatten(),
                        post_cond: false,
                        body,
                        step: step.map(|e| vec![tir::Stmt { span: e.span, kind: StmtKind::Expr(e) }]).unwrap_or_default(),
                        unroll,
                    },
                    span,
                });
                push(out, StmtKind::Block(stmts));
            }
            ast::StmtKind::While { cond, body } => {
                let unroll = self.loop_attrs(&s.attrs);
                let (c, body) = self.alias_loop(true, |a| {
                    a.block_hoisting(1);
                    let c = a.condition(cond);
                    a.block_hoisting(-1);
                    a.loop_body_enter();
                    let body = a.sub_stmt(body);
                    a.loop_body_leave();
                    a.set_static_exit(false);
                    (c, body)
                });
                if let Some(c) = c {
                    push(out, StmtKind::Loop { cond: Some(c), post_cond: false, body, step: vec![], unroll });
                }
            }
            ast::StmtKind::DoWhile { body, cond } => {
                let unroll = self.loop_attrs(&s.attrs);
                let (c, body) = self.alias_loop(true, |a| {
                    a.loop_body_enter();
                    let body = a.sub_stmt(body);
                    a.loop_body_leave();
                    a.set_static_exit(false);
                    a.block_hoisting(1);
                    let c = a.condition(cond);
                    a.block_hoisting(-1);
                    (c, body)
                });
                if let Some(c) = c {
                    push(out, StmtKind::Loop { cond: Some(c), post_cond: true, body, step: vec![], unroll });
                }
            }
            ast::StmtKind::Switch { selector, cases, .. } => {
                // A selector that folds to a constant runs one case: resource variables
                // take that case's assignments, as after DXC's constant propagation.
                // (The taken group may always return: what follows is then dead.)
                let exit = match self.constant_case(selector, cases) {
                    Some(taken) => self.switch(selector, cases, Some(taken), span, out),
                    None => {
                        self.alias_loop(false, |a| a.switch(selector, cases, None, span, out));
                        false
                    }
                };
                self.set_static_exit(exit);
            }
            ast::StmtKind::Break => {
                let ok = self.func.as_ref().is_some_and(|f| f.loop_depth + f.switch_depth > 0);
                if !ok {
                    self.error("E0601", span, "`break` outside of a loop or switch");
                    return;
                }
                if let Some(f) = self.func.as_mut() {
                    f.early_exits += 1;
                }
                push(out, StmtKind::Break);
            }
            ast::StmtKind::Continue => {
                let ok = self.func.as_ref().is_some_and(|f| f.loop_depth > 0);
                if !ok {
                    self.error("E0601", span, "`continue` outside of a loop");
                    return;
                }
                if let Some(f) = self.func.as_mut() {
                    f.early_exits += 1;
                }
                push(out, StmtKind::Continue);
            }
            ast::StmtKind::Return(value) => {
                self.record_return_aliases();
                if let (Some(ty), Some(e)) = (self.func.as_ref().and_then(|f| f.resource_ret), value) {
                    // A specialisation of a function returning a resource: record what it
                    // returns (code a constant condition skips does not count).
                    // An element of a resource array chosen at run time returns its index
                    // (the call site indexes the array with it, see `call::call_specialized`).
                    // A struct with data members returns its data (the function's return
                    // type is the struct's data-only type).
                    let mut index = None;
                    let data_ty = self.func.as_ref().map(|f| f.ret).filter(|&r| r != self.module.types.void());
                    if let Some(v) = self.resource_value(e, ty) {
                        index = match data_ty {
                            Some(dty) => self.data_value(&v, ty, dty, e.span),
                            None => self.runtime_return_index(&v),
                        };
                        // (The element's index, in case other `return`s give other elements
                        // of the same array: `resource_value::index_returns`.)
                        let slot = if data_ty.is_none() { self.mirror_index(0, super::resource_value::RETURN_SLOT, &v, ty, e.span, None) } else { None };
                        // A struct holding elements chosen at run time: their indices, stored
                        // into hidden locals the function returns too when an index reads
                        // its own state (`resource_value::struct_index_returns`).
                        self.store_struct_return_indices(&v, e.span, out);
                        if let Some(f) = self.func.as_mut().filter(|f| f.dead_depth == 0) {
                            f.resource_returns.push((v, e.span));
                            f.return_slots.push(slot);
                        }
                    }
                    push(out, StmtKind::Return(index));
                    self.set_static_exit(true);
                    return;
                }
                self.set_static_exit(true);
                let Some(ret) = self.func.as_ref().map(|f| f.ret) else { return };
                let void = self.module.types.void();
                match value {
                    None if ret != void => {
                        self.error("E0602", span, format!("`return` needs a value of type `{}`", self.type_name(ret)));
                    }
                    None => push(out, StmtKind::Return(None)),
                    Some(e) if ret == void => {
                        // `return f();` with a void `f` is allowed.
                        if let Some(op) = self.operand(e) {
                            if op.ty == void {
                                let e = op.into_expr();
                                push(out, StmtKind::Expr(e));
                                push(out, StmtKind::Return(None));
                            } else {
                                self.error("E0602", e.span, "a `void` function cannot return a value");
                            }
                        }
                    }
                    Some(e) => {
                        let v = if let ast::ExprKind::InitList(items) = &e.kind {
                            self.init_list(items, ret, e.span)
                        } else {
                            self.operand(e).and_then(|op| self.convert_implicit(op, ret, e.span))
                        };
                        match v {
                            Some(v) => push(out, StmtKind::Return(Some(v))),
                            // Keep the control flow (the error was reported).
                            None => push(out, StmtKind::Return(None)),
                        }
                    }
                }
            }
            ast::StmtKind::Discard => push(out, StmtKind::Discard),
            // The default majorness for what is declared after it (locals' majorness matters
            // to nothing; later globals and cbuffers see it, as in DXC).
            // Declared in the enclosing namespace (outside the function and any struct), so
            // the definition found later is the same function.
            ast::StmtKind::Prototype(decl) => {
                let func = self.func.take();
                let structs = std::mem::take(&mut self.struct_scopes);
                self.function_decl(decl, None);
                self.func = func;
                self.struct_scopes = structs;
            }
            ast::StmtKind::PackMatrix { row_major } => self.pack_matrix_row_major = Some(*row_major),
            // (Labels in the body of a switch, and in blocks directly in it, are the switch's.)
            ast::StmtKind::CaseLabel(_) | ast::StmtKind::DefaultLabel => {
                let label = if matches!(s.kind, ast::StmtKind::DefaultLabel) { "default" } else { "case" };
                self.error("E0605", s.span, format!("a `{label}` label outside the body of a `switch` or its blocks"))
                    .help("move the label to the top level of the switch body, or into a block directly in it");
            }
            ast::StmtKind::StaticAssert(sa) => self.static_assert(sa),
            ast::StmtKind::Empty | ast::StmtKind::Error => {}
        }
    }

    /// Runs `f` counting its code as dead when `dead`.
    pub(crate) fn dead_if<R>(&mut self, dead: bool, f: impl FnOnce(&mut Self) -> R) -> R {
        if let (true, Some(ctx)) = (dead, self.func.as_mut()) {
            ctx.dead_depth += 1;
        }
        let r = f(self);
        if let (true, Some(ctx)) = (dead, self.func.as_mut()) {
            ctx.dead_depth -= 1;
        }
        r
    }

    pub(crate) fn loop_body_enter(&mut self) {
        if let Some(f) = self.func.as_mut() {
            f.loop_depth += 1;
        }
    }

    pub(crate) fn loop_body_leave(&mut self) {
        if let Some(f) = self.func.as_mut() {
            f.loop_depth -= 1;
        }
    }

    /// A condition: converted to a scalar `bool` (vectors are an error, as in DXC).
    fn condition(&mut self, e: &ast::Expr) -> Option<Expr> {
        let op = self.operand(e)?;
        match self.module.types.get(op.ty) {
            TypeInner::Scalar(_) => {}
            _ => {
                let t = self.type_name(op.ty);
                self.error("E0603", e.span, format!("condition must be a scalar, found `{t}`")).help("use `all(…)` or `any(…)`");
                return None;
            }
        }
        let b = self.module.types.scalar(Scalar::BOOL);
        self.convert_implicit(op, b, e.span)
    }

    /// A loop's attributes. Their names are case-insensitive (`[UNROLL]`, `[Loop]`): DXC looks
    /// an attribute up as written, then in lower case, and these are all spelled in lower case.
    fn loop_attrs(&mut self, attrs: &[ast::Attribute]) -> Option<Unroll> {
        let mut unroll = None;
        // DXC's `ActOnAttributedStmt`: `[unroll]` contradicts `[loop]` and `[fastopt]`.
        let named = |n: &str| attrs.iter().find(|a| a.name.name.eq_ignore_ascii_case(n));
        if let Some(u) = named("unroll") {
            for other in ["loop", "fastopt"] {
                if let Some(o) = named(other) {
                    self.error("E0619", u.span, format!("`unroll` and `{other}` attributes are not compatible"))
                        .related(o.span, format!("`{other}` here"))
                        .help("keep one of them");
                }
            }
        }
        for a in attrs {
            match a.name.name.to_ascii_lowercase().as_str() {
                "unroll" => {
                    // `[unroll(0)]` is a full unroll, as `[unroll]` (DXC's count 0: "Could not
                    // unroll loop" when the trip count is unknown). A negative count is a
                    // warning in DXC's Sema, and its unroller then refuses the loop ("invalid
                    // unroll count"): an error where the loop runs.
                    let arg = a.args.first();
                    if let Some(f) = arg.and_then(|e| self.const_fraction(e)) {
                        // A constant with a fractional part (`[unroll(1.5)]`): DXC warns and
                        // keeps its default count, 0, a full unroll.
                        self.warning("W0602", "ignored-attributes", a.span, format!("`unroll` takes a whole-number count, found {f}"))
                            .note("the count is ignored and the loop is unrolled fully, as `[unroll]`")
                            .help("give a whole number, e.g. `[unroll(2)]`");
                        unroll = Some(Unroll::Unroll(None));
                        continue;
                    }
                    let n = arg.and_then(|e| self.const_int(e));
                    if let Some(n) = n.filter(|&n| n < 0) {
                        self.deferred_warning(
                            ("W0602", "ignored-attributes"),
                            a.span,
                            format!("`unroll` takes a non-negative count, found {n}"),
                            "E0740",
                            format!("cannot unroll the loop: the unroll count {n} is negative"),
                        )
                        .help("give a positive count, e.g. `[unroll(4)]`, or write `[unroll]` or `[loop]`");
                        continue;
                    }
                    unroll = Some(Unroll::Unroll(n.filter(|&n| n > 0).map(|n| n as u32)));
                }
                "loop" => unroll = Some(Unroll::Loop),
                "fastopt" | "allow_uav_condition" => {}
                _ => {
                    self.warning("W0601", "unknown-attributes", a.span, format!("unknown loop attribute `{}` is ignored", a.name.name));
                }
            }
        }
        unroll
    }

    /// Warns about the attributes of a statement not in `known` (lower-case names, matched
    /// without regard to case, as DXC falls back to an attribute's lower-case name).
    fn check_stmt_attrs(&mut self, attrs: &[ast::Attribute], known: &[&str]) {
        for a in attrs {
            if !known.contains(&a.name.name.to_ascii_lowercase().as_str()) {
                self.warning("W0601", "unknown-attributes", a.span, format!("attribute `{}` is ignored here", a.name.name));
            }
        }
    }

    /// The index of the case group a `switch` whose selector folds to a constant runs (the
    /// `default` group when no label matches; `cases.len()` when none runs), quietly.
    fn constant_case(&mut self, selector: &ast::Expr, cases: &[ast::SwitchCase]) -> Option<usize> {
        self.func.as_ref()?;
        let k = self.const_int_quiet(selector)?;
        let mut default = None;
        for (i, c) in cases.iter().enumerate() {
            for label in &c.labels {
                match label {
                    ast::CaseLabel::Case(e) => {
                        if self.const_int_quiet(e)? == k {
                            return Some(i);
                        }
                    }
                    ast::CaseLabel::Default(_) => default = Some(i),
                }
            }
        }
        Some(default.unwrap_or(cases.len()))
    }

    /// A `switch`; with `taken` (the case group a constant selector runs), the other groups
    /// are dead code for resource variables, which leave with the taken path's values.
    /// Returns true when the taken group always returns.
    fn switch(&mut self, selector: &ast::Expr, cases: &[ast::SwitchCase], taken: Option<usize>, span: Span, out: &mut Vec<tir::Stmt>) -> bool {
        let sel = self.operand(selector).and_then(|op| {
            let ty = match self.module.types.scalar_of(op.ty) {
                Some(s) if s.kind == ScalarKind::Uint && s.width == 4 => Scalar::U32,
                // A 64-bit selector keeps its width (its cases are matched below).
                Some(s) if s.is_integer() && s.width == 8 => s,
                // A float selector converts to `int` (truncating), as DXC does.
                Some(s) if s.is_integer() || s.kind == ScalarKind::Bool || s.is_float() => Scalar::I32,
                _ => {
                    let t = self.type_name(op.ty);
                    self.error("E0604", selector.span, format!("switch selector must be an integer, found `{t}`"));
                    return None;
                }
            };
            if !matches!(self.module.types.get(op.ty), TypeInner::Scalar(_)) {
                self.error("E0604", selector.span, "switch selector must be a scalar");
                return None;
            }
            let t = self.module.types.scalar(ty);
            self.convert_implicit(op, t, selector.span)
        });
        let sel_scalar = sel.as_ref().and_then(|e| self.module.types.scalar_of(e.ty));
        let unsigned = sel_scalar == Some(Scalar::U32);
        let wide = sel_scalar.filter(|s| s.width == 8);
        if let Some(f) = self.func.as_mut() {
            f.switch_depth += 1;
        }
        self.push_scope();
        let mut out_cases = Vec::new();
        let mut seen: Vec<(i64, Span)> = Vec::new();
        let mut seen_default: Option<Span> = None;
        let before = self.alias_state();
        let mut live = false;
        let mut taken_state = None;
        let mut partial_break = false;
        let mut taken_returns = false;
        // C's rule, which DXC keeps: a label needs a statement after it (`case 2: }` is an
        // error; `case 2: ;` is not).
        if let Some(last) = cases.last().filter(|c| c.stmts.is_empty()) {
            self.error("E0605", last.span, "a `case` or `default` label at the end of a `switch` body must be followed by a statement")
                .help("add `break;` after the label, or remove it");
        }
        for (i, c) in cases.iter().enumerate() {
            let mut values = Vec::new();
            let mut default = false;
            for label in &c.labels {
                match label {
                    ast::CaseLabel::Case(e) => {
                        let Some(v) = self.const_int(e) else { continue };
                        let v = if wide.is_some() { v } else if unsigned { v as u32 as i64 } else { v as i32 as i64 };
                        if let Some((_, prev)) = seen.iter().find(|(x, _)| *x == v) {
                            let prev = *prev;
                            self.error("E0605", e.span, format!("duplicate case value {v}")).related(prev, "previous case");
                            continue;
                        }
                        seen.push((v, e.span));
                        values.push(v);
                    }
                    ast::CaseLabel::Default(s) => {
                        if let Some(prev) = seen_default {
                            self.error("E0605", *s, "multiple `default` labels in one switch").related(prev, "previous default");
                        }
                        seen_default = Some(*s);
                        default = true;
                    }
                }
            }
            // Case bodies share the switch's scope (C rules).
            let mut body = Vec::new();
            if taken == Some(i) {
                live = true;
                self.set_alias_state(&before);
            }
            let dead = taken.is_some() && !live;
            if dead {
                self.set_alias_state(&before);
            }
            self.dead_if(dead, |a| {
                for s in &c.stmts {
                    a.stmt(s, &mut body);
                }
            });
            if live && taken_state.is_none() {
                partial_break |= body.split_last().is_some_and(|(_, rest)| contains_break(rest));
                taken_returns |= always_returns(&body) && !contains_break(&body);
                if leaves(&body) {
                    taken_state = Some(self.alias_state());
                    live = false;
                }
            }
            out_cases.push(tir::SwitchCase { values, default, body, span: c.span });
        }
        if taken.is_some() {
            let end = if live { self.alias_state() } else { taken_state.unwrap_or_else(|| before.clone()) };
            self.set_alias_state(&end);
            if partial_break {
                // A `break` inside the taken group's branches: either path may reach the end.
                self.join_alias_states(&[end, before]);
            }
        }
        self.pop_scope();
        if let Some(f) = self.func.as_mut() {
            f.switch_depth -= 1;
        }
        if let (Some(selector), Some(scalar)) = (&sel, wide) {
            // naga's (and WGSL's) switch takes 32-bit selectors: a 64-bit one is held in a
            // temporary and matched against every case value, and the switch runs on the
            // position of the matching value (`u32::MAX`, matching no case, when none does).
            let (sel_ty, sel_span) = (selector.ty, selector.span);
            let tmp = self.temp_local(sel_ty, sel_span);
            let place = tir::Place { root: tir::PlaceRoot::Local(tmp), projections: vec![].into(), ty: sel_ty, span: sel_span };
            let store = Expr::new(ExprKind::Assign { place: Box::new(place.clone()), value: Box::new(selector.clone()), returns_old: false }, sel_ty, sel_span);
            out.push(tir::Stmt { kind: StmtKind::Expr(store), span: sel_span });
            let (b, u) = (self.module.types.scalar(Scalar::BOOL), self.module.types.scalar(Scalar::U32));
            let position = |k: usize| Expr::new(ExprKind::Const(ConstValue::Uint(k as u64)), u, sel_span);
            let mut index = position(u32::MAX as usize);
            let mut k = 0;
            for c in out_cases.iter_mut() {
                for v in c.values.iter_mut() {
                    let value = if scalar.kind == ScalarKind::Uint { ConstValue::Uint(*v as u64) } else { ConstValue::Int(*v) };
                    let load = Expr::new(ExprKind::Load(Box::new(place.clone())), sel_ty, sel_span);
                    let cond = Expr::new(ExprKind::binary(tir::BinaryOp::Eq, load, Expr::new(ExprKind::Const(value), sel_ty, sel_span)), b, sel_span);
                    index = Expr::new(ExprKind::Select { cond: Box::new(cond), accept: Box::new(position(k)), reject: Box::new(index), short_circuit: false }, u, sel_span);
                    *v = k as i64;
                    k += 1;
                }
            }
            out.push(tir::Stmt { kind: StmtKind::Switch { selector: index, cases: out_cases }, span });
        } else if let Some(selector) = sel {
            out.push(tir::Stmt { kind: StmtKind::Switch { selector, cases: out_cases }, span });
        }
        taken_returns
    }

    fn local_var(&mut self, decl: &ast::VarDecl, out: &mut Vec<tir::Stmt>) {
        if self.effect_object(&decl.ty, &decl.declarators) {
            return;
        }
        self.check_modifiers(&decl.quals, super::modifiers::DeclKind::LocalVariable);
        self.ignored_inline_spirv_attrs(&decl.attrs, false);
        if matches!(&decl.ty.kind, ast::TypeKind::Named(p) if !p.global && p.segments.len() == 1 && p.segments[0].ident.name == "auto" && p.segments[0].template_args.is_none()) {
            self.auto_locals(decl, out);
            return;
        }
        let Some(base) = self.resolve_type(&decl.ty) else {
            self.declare_failed(&decl.declarators);
            return;
        };
        self.local_declarators(decl, base, out);
    }

    /// `auto x = e;` (HLSL 202x, as DXC): each variable takes its initializer's type.
    fn auto_locals(&mut self, decl: &ast::VarDecl, out: &mut Vec<tir::Stmt>) {
        if !self.require_version(2021, decl.ty.span, "`auto` variables") {
            self.declare_failed(&decl.declarators);
            return;
        }
        for d in &decl.declarators {
            let ty = match &d.init {
                Some(ast::Initializer::Expr(e)) if !matches!(e.kind, ast::ExprKind::InitList(_)) && d.array.is_empty() => {
                    // The initializer's type, probed quietly: the declaration analyses it.
                    let n = self.diags.len();
                    let ty = self.operand(e).map(|o| o.ty);
                    self.end_probe(n, e.span);
                    ty
                }
                _ => {
                    self.error("E0652", d.span, format!("`auto` variable `{}` needs an initializer expression to take its type from", d.name.name))
                        .help("initialise it with a value (not a brace list), or write its type");
                    None
                }
            };
            match ty {
                Some(ty) => {
                    let one = ast::VarDecl { declarators: vec![d.clone()], ..decl.clone() };
                    self.local_declarators(&one, ty, out);
                }
                None => {
                    // An initializer that does not analyse: its errors, once.
                    if let Some(ast::Initializer::Expr(e)) = d.init.as_ref().filter(|_| d.array.is_empty()) {
                        if !matches!(e.kind, ast::ExprKind::InitList(_)) {
                            let _ = self.operand(e);
                        }
                    }
                    self.declare(&d.name.name, super::scope::Symbol::Error, d.name.span);
                }
            }
        }
    }

    /// The declarators of a local declaration whose written type is `base`.
    fn local_declarators(&mut self, decl: &ast::VarDecl, base: TypeId, out: &mut Vec<tir::Stmt>) {
        let q = &decl.quals;
        for d in &decl.declarators {
            self.check_type_keyword_name(&d.name, "variable");
            let unsized_ok = matches!(d.init, Some(ast::Initializer::Expr(ast::Expr { kind: ast::ExprKind::InitList(_), .. })));
            let Some(mut ty) = self.apply_array_dims(base, &d.array, unsized_ok, d.span) else { continue };
            if self.spirv_pointer_variable(ty, d.span) {
                self.declare(&d.name.name, super::scope::Symbol::Error, d.name.span);
                continue;
            }
            self.check_type_modifiers(&decl.quals, ty);
            if self.holds_ray_query(ty) {
                self.ray_query_local(d, ty, q.has(Qualifier::Static) || q.has(Qualifier::GroupShared));
                continue;
            }
            if self.holds_resources(ty) {
                if !(self.module.types.is_resource_like(ty) && self.indexed_resource_alias(d, ty, Some(&mut *out))) {
                    self.resource_alias(d, ty);
                }
                self.coherent_alias(&d.name.name, q);
                continue;
            }
            if matches!(self.module.types.get(ty), TypeInner::Void | TypeInner::String) {
                self.error("E0401", d.span, format!("variable `{}` cannot have type `{}`", d.name.name, self.type_name(ty)));
                continue;
            }
            if q.has(Qualifier::GroupShared) {
                self.error("E0701", d.span, "groupshared variables must be declared at global scope");
                continue;
            }
            // C++'s point of declaration: a local is in scope in its own initializer
            // (`float2x2 b = float2x2(a.x, b._m00, …)` reads the uninitialised `b`).
            let early = match &d.init {
                Some(ast::Initializer::Expr(e)) if !q.has(Qualifier::Static) && !q.has(Qualifier::Const) && !self.is_unsized_array(ty) && mentions(e, &d.name.name) => {
                    let local = self.add_local(&d.name.name, ty, d.span, q.has(Qualifier::Precise));
                    self.declare(&d.name.name, Symbol::Var(VarRef::Local(local)), d.name.span);
                    Some(local)
                }
                _ => None,
            };
            let init = match &d.init {
                Some(ast::Initializer::Expr(e)) => {
                    let v = self.initializer(e, ty);
                    if let Some(v) = &v {
                        ty = v.ty;
                    }
                    v
                }
                Some(ast::Initializer::SamplerState { span, assigned }) => {
                    self.effects_initializer(*span, *assigned);
                    None
                }
                None if self.is_unsized_array(ty) => {
                    self.error("E0402", d.span, "array size required")
                        .help("give the array a size, or initialise it with a brace list to take the list's length");
                    continue;
                }
                None => {
                    if q.has(Qualifier::Const) && !q.has(Qualifier::Static) {
                        // DXC accepts a local `const` without an initializer (its value is
                        // undefined; nothing can assign it); hlslc warns.
                        self.warning("W0301", "uninitialized-const", d.span, format!("const variable `{}` has no initializer, its value is undefined", d.name.name))
                            .help("initialise it where it is declared");
                    }
                    None
                }
            };
            if !self.check_node_local(ty, init.as_ref(), d.span, q.has(Qualifier::Static)) {
                continue;
            }
            if q.has(Qualifier::Static) {
                // A function-local static is a private global initialised once per invocation:
                // from a constant, or, as DXC does, by the first execution of its declaration
                // (a private flag records that it ran).
                let mut first_run = None;
                // The same declaration analysed again (a specialisation for resource
                // arguments, an unrolled loop's next iteration) names the same variable.
                let key = self.func.as_ref().map(|f| (self.static_origin.get(&f.id).copied().unwrap_or(f.id), d.span.start, d.span.end));
                if let Some(&(g, done)) = key.as_ref().and_then(|k| self.static_locals.get(k)) {
                    self.declare(&d.name.name, Symbol::Var(VarRef::Global(g)), d.name.span);
                    if let (Some(done), Some(v)) = (done, init) {
                        if !matches!(v.kind, ExprKind::Const(_) | ExprKind::Zero) && !matches!(self.try_fold(&v), Ok(Some(_))) {
                            out.push(self.static_first_initialization_with(g, done, ty, v, d.span));
                        }
                    }
                    continue;
                }
                let init = match init {
                    Some(v) if matches!(v.kind, ExprKind::Const(_) | ExprKind::Zero) => Some(v),
                    Some(v) => match self.try_fold(&v) {
                        Ok(Some(c)) => Some(Expr::new(ExprKind::Const(c), v.ty, v.span)),
                        _ => {
                            first_run = Some(v);
                            None
                        }
                    },
                    None => None,
                };
                self.module.globals.push(tir::Global {
                    name: d.name.name.as_str().to_owned(),
                    ty,
                    kind: GlobalKind::Static { init, is_const: q.has(Qualifier::Const) },
                    span: d.span,
                    precise: q.has(Qualifier::Precise),
                    globally_coherent: false,
                });
                let g = tir::GlobalId(self.module.globals.len() as u32 - 1);
                self.declare(&d.name.name, Symbol::Var(VarRef::Global(g)), d.name.span);
                let mut done = None;
                if let Some(value) = first_run {
                    let b = self.module.types.scalar(Scalar::BOOL);
                    let false_ = Expr::new(ExprKind::Const(tir::ConstValue::Bool(false)), b, d.span);
                    let flag = self.hidden_static(&format!("{}_init_done", d.name.name), b, Some(false_), d.span);
                    done = Some(flag);
                    out.push(self.static_first_initialization_with(g, flag, ty, value, d.span));
                }
                if let Some(k) = key {
                    self.static_locals.insert(k, (g, done));
                }
                continue;
            }
            if q.has(Qualifier::Const) {
                if let Some(v) = &init {
                    if let Ok(Some(c)) = self.try_fold(v) {
                        // A constant: no storage needed, and usable where C++ needs constants.
                        let e = Expr::new(ExprKind::Const(c), v.ty, v.span);
                        self.declare(&d.name.name, Symbol::Constant(e), d.name.span);
                        continue;
                    }
                }
            }
            let local = match early {
                Some(local) => local,
                None => {
                    let local = self.add_local(&d.name.name, ty, d.span, q.has(Qualifier::Precise));
                    self.declare(&d.name.name, Symbol::Var(VarRef::Local(local)), d.name.span);
                    local
                }
            };
            if let Some(v) = &init {
                self.note_records_origin(local, v, d.span);
            }
            if q.has(Qualifier::Const) {
                let run_time = init.as_ref().and_then(|v| match &v.kind {
                    ExprKind::Construct(elements) if matches!(self.module.types.get(ty), crate::ty::TypeInner::Array { .. }) => {
                        let flags: Vec<bool> = elements.iter().map(|e| super::methods::reads_run_time_input(self, e)).collect();
                        flags.iter().any(|&b| b).then_some(Some(flags))
                    }
                    _ => super::methods::reads_run_time_input(self, v).then_some(None),
                });
                if let Some(f) = self.func.as_mut() {
                    f.const_locals.push(local);
                    if let Some(r) = run_time {
                        f.run_time_const_locals.push((local, r));
                    }
                }
            }
            if let Some(value) = init {
                self.note_known_constant(local, &d.name.name, &value, q);
                out.push(tir::Stmt { kind: StmtKind::Init { local, value }, span: d.span });
            }
        }
        self.record_precision(&decl.ty, decl.declarators.iter().map(|d| d.name.name.as_str()));
        let _ = ConstValue::Bool(false);
    }

    /// `if (!done) { x = value; done = true; }` for a static local `x` (global `g`) whose
    /// initializer is not a constant: `done` is a private `bool` starting `false`.
    fn static_first_initialization_with(&mut self, g: tir::GlobalId, done: tir::GlobalId, ty: TypeId, value: Expr, span: Span) -> tir::Stmt {
        let b = self.module.types.scalar(Scalar::BOOL);
        let place = |root: tir::GlobalId, ty: TypeId| tir::Place { root: tir::PlaceRoot::Global(root), projections: vec![].into(), ty, span };
        let not_done = Expr::new(ExprKind::Unary { op: tir::UnaryOp::Not, expr: Box::new(Expr::new(ExprKind::Load(Box::new(place(done, b))), b, span)) }, b, span);
        let store = Expr::new(ExprKind::Assign { place: Box::new(place(g, ty)), value: Box::new(value), returns_old: false }, ty, span);
        let true_ = Expr::new(ExprKind::Const(tir::ConstValue::Bool(true)), b, span);
        let mark = Expr::new(ExprKind::Assign { place: Box::new(place(done, b)), value: Box::new(true_), returns_old: false }, b, span);
        let accept = vec![tir::Stmt { kind: StmtKind::Expr(store), span }, tir::Stmt { kind: StmtKind::Expr(mark), span }];
        tir::Stmt { kind: StmtKind::If { cond: not_done, accept, reject: vec![] }, span }
    }
}

/// True if `e` uses the plain name `name` as a value (not only as the function it calls:
/// `float3 reflect = reflect(i, n);` keeps calling the intrinsic, as hlslc always has).
fn mentions(e: &ast::Expr, name: &str) -> bool {
    let is_name = |x: &ast::Expr| matches!(&x.kind, ast::ExprKind::Name(p) if !p.global && p.segments.len() == 1 && p.segments[0].ident.name == name);
    let (mut uses, mut callees) = (0, 0);
    super::unroll::walk_expr(e, &mut |x| {
        if is_name(x) {
            uses += 1;
        }
        if let ast::ExprKind::Call { callee, .. } = &x.kind {
            if is_name(callee) {
                callees += 1;
            }
        }
    });
    uses > callees
}

/// True if control cannot reach the end of the statements (every path returns or discards).
pub(crate) fn always_returns(stmts: &[tir::Stmt]) -> bool {
    stmts.iter().any(|s| match &s.kind {
        StmtKind::Return(_) => true,
        StmtKind::Block(b) => always_returns(b),
        StmtKind::If { accept, reject, .. } => always_returns(accept) && always_returns(reject),
        StmtKind::Loop { cond: None, body, .. } => !contains_break(body),
        StmtKind::Switch { cases, .. } => {
            // An empty case falls through to the next one; an empty last case falls out.
            let last = cases.len().saturating_sub(1);
            cases.iter().any(|c| c.default)
                && cases.iter().enumerate().all(|(i, c)| always_returns(&c.body) || (c.body.is_empty() && i < last))
                && !cases.iter().any(|c| contains_break(&c.body))
        }
        _ => false,
    })
}

/// True if control never reaches the end of `stmts` (it returns, breaks or continues on
/// every path; `discard` demotes and goes on), so resource variables assigned there do not reach what follows.
fn leaves(stmts: &[tir::Stmt]) -> bool {
    stmts.last().is_some_and(|s| match &s.kind {
        StmtKind::Return(_) | StmtKind::Break | StmtKind::Continue => true,
        StmtKind::Block(b) => leaves(b),
        StmtKind::If { accept, reject, .. } => leaves(accept) && leaves(reject),
        _ => false,
    })
}

/// True if no path leaves through `return` or `discard` and no loop may run forever: control
/// always reaches the end.
pub(crate) fn never_returns(stmts: &[tir::Stmt]) -> bool {
    stmts.iter().all(|s| match &s.kind {
        StmtKind::Return(_) | StmtKind::Discard => false,
        StmtKind::Block(b) => never_returns(b),
        StmtKind::If { accept, reject, .. } => never_returns(accept) && never_returns(reject),
        StmtKind::Loop { cond, body, step, .. } => cond.is_some() && never_returns(body) && never_returns(step),
        StmtKind::Switch { cases, .. } => cases.iter().all(|c| never_returns(&c.body)),
        _ => true,
    })
}

/// True if a `break` can leave this loop or switch body (not counting nested loops/switches).
fn contains_break(stmts: &[tir::Stmt]) -> bool {
    stmts.iter().any(|s| match &s.kind {
        StmtKind::Break => true,
        StmtKind::Block(b) => contains_break(b),
        StmtKind::If { accept, reject, .. } => contains_break(accept) || contains_break(reject),
        _ => false,
    })
}
