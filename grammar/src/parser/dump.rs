//! A readable text dump of the AST, for snapshot tests.
//!
//! Declarations and statements are printed one per line, indented by nesting, with their
//! position as `@line:column` (resolved through the [`SourceMap`], so the dump does not change
//! when unrelated offsets do). Types print as written (`Texture2D<float4>`, `ns::T`), and
//! expressions as one-line S-expressions (`(+ a (* b 2))`, `(call f x)`, `(. v xyz)`).
//!
//! ```text
//! Function @1:1 main -> float4 :SV_Target
//!   param @1:13 [in] float2 uv :TEXCOORD0
//!   body
//!     Return @2:5 (call (. tex Sample) s uv)
//! ```

use crate::ast::*;
use crate::source::{SourceMap, Span};
use std::fmt::Write;

use super::keywords::qualifier_name;

/// Dumps a whole translation unit.
pub fn translation_unit(unit: &TranslationUnit, map: &SourceMap) -> String {
    let mut d = Dumper { map: Some(map), out: String::new(), indent: 0 };
    for item in &unit.items {
        d.item(item);
    }
    d.out
}

/// Dumps one expression on one line (no positions).
pub fn expression(e: &Expr) -> String {
    let mut out = String::new();
    expr(&mut out, e);
    out
}

/// Dumps one function without positions (two functions written alike dump alike).
pub fn function_text(f: &FunctionDecl) -> String {
    let mut d = Dumper { map: None, out: String::new(), indent: 0 };
    d.function("", f);
    d.out
}

struct Dumper<'m> {
    /// `None`: positions are left out.
    map: Option<&'m SourceMap>,
    out: String,
    indent: usize,
}

impl Dumper<'_> {
    fn at(&self, span: Span) -> String {
        let Some(map) = self.map else { return String::new() };
        match map.location(span) {
            Some(loc) => format!("@{}:{}", loc.line, loc.column),
            None => "@?".to_string(),
        }
    }

    fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn nested(&mut self, f: impl FnOnce(&mut Self)) {
        self.indent += 1;
        f(self);
        self.indent -= 1;
    }

    fn item(&mut self, item: &Item) {
        let at = self.at(item.span);
        match &item.kind {
            ItemKind::Variable(v) => self.var_decl("Variable", &at, v),
            ItemKind::VariableTemplate { params, decl } => {
                let tp = template_params(&Some(params.clone()));
                self.var_decl(&format!("VariableTemplate{tp}"), &at, decl)
            }
            ItemKind::Function(f) => self.function(&at, f),
            ItemKind::Struct(s) => self.struct_decl(&at, s),
            ItemKind::Typedef(t) => self.typedef(&at, t),
            ItemKind::TypeAlias(a) => {
                let tp = template_params(&a.template_params);
                self.line(&format!("Using {at}{tp} {} = {}", a.name.name, ty(&a.ty)));
            }
            ItemKind::ConstantBuffer(c) => {
                let kind = match c.kind {
                    ConstantBufferKind::CBuffer => "CBuffer",
                    ConstantBufferKind::TBuffer => "TBuffer",
                };
                let regs: String = c.registers.iter().map(|r| format!(" {}", register(r))).collect();
                self.line(&format!("{kind} {at}{} {}{regs}", attrs(&c.attrs), c.name.name));
                self.nested(|d| c.members.iter().for_each(|m| d.item(m)));
            }
            ItemKind::Namespace(n) => {
                self.line(&format!("Namespace {at} {}", n.name.name));
                self.nested(|d| n.items.iter().for_each(|m| d.item(m)));
            }
            ItemKind::Enum(e) => {
                let name = e.name.as_ref().map_or("<anonymous>", |n| &n.name);
                let scoped = if e.scoped { " class" } else { "" };
                let under = e.underlying.as_ref().map(|t| format!(" : {}", ty(t))).unwrap_or_default();
                self.line(&format!("Enum{scoped} {at} {name}{under}"));
                self.nested(|d| {
                    for v in &e.variants {
                        let value = v.value.as_ref().map(|e| format!(" = {}", expression(e))).unwrap_or_default();
                        let at = d.at(v.span);
                        d.line(&format!("{} {at}{value}", v.name.name));
                    }
                });
            }
            ItemKind::Technique(t) => {
                let name = t.name.as_ref().map_or("<anonymous>", |n| &n.name);
                self.line(&format!("Technique {at} {} {name}", t.keyword.name));
            }
            ItemKind::PackMatrix { row_major } => {
                self.line(&format!("PackMatrix {at} {}", if *row_major { "row_major" } else { "column_major" }))
            }
            ItemKind::AccessSpecifier(a) => self.line(&format!("Access {at} {}", a.name)),
            ItemKind::Using(u) => {
                self.line(&format!("Using{} {at} {}", if u.namespace { " namespace" } else { "" }, path(&u.path)))
            }
            ItemKind::StaticAssert(sa) => self.line(&static_assert(&at, sa)),
            ItemKind::Empty => self.line(&format!("Empty {at}")),
            ItemKind::Error => self.line(&format!("Error {at}")),
        }
    }

    fn var_decl(&mut self, what: &str, at: &str, v: &VarDecl) {
        self.line(&format!("{what} {at}{}{} {}", attrs(&v.attrs), quals(&v.quals), ty(&v.ty)));
        self.nested(|d| v.declarators.iter().for_each(|x| d.declarator(x)));
    }

    fn declarator(&mut self, x: &Declarator) {
        let scope = x.qualifier.as_ref().map(|q| format!("{}::", path(q))).unwrap_or_default();
        let name = if x.name.name.is_empty() { "<unnamed>" } else { &x.name.name };
        let args = x.template_args.as_deref().map(template_args).unwrap_or_default();
        let mut s = format!("{scope}{name}{args} {}{}", self.at(x.span), array(&x.array));
        if let Some(w) = &x.bit_width {
            let _ = write!(s, " : bits {}", expression(w));
        }
        if let Some(sem) = &x.semantic {
            let _ = write!(s, " :{}", sem.name);
        }
        if let Some(p) = &x.packoffset {
            let comp = p.component.as_ref().map(|c| format!(".{}", c.name)).unwrap_or_default();
            let _ = write!(s, " :packoffset({}{comp})", p.register.name);
        }
        for r in &x.registers {
            let _ = write!(s, " {}", register(r));
        }
        for p in &x.payload_access {
            let stages: Vec<&str> = p.stages.iter().map(|s| s.name.as_str()).collect();
            let _ = write!(s, " :{}({})", if p.write { "write" } else { "read" }, stages.join(", "));
        }
        match &x.init {
            Some(Initializer::Expr(e)) => {
                let _ = write!(s, " = {}", expression(e));
            }
            Some(Initializer::SamplerState { .. }) => s.push_str(" = <state block>"),
            None => {}
        }
        self.line(&s);
        if !x.annotations.is_empty() {
            self.nested(|d| {
                d.line("annotations");
                d.nested(|d| {
                    for a in &x.annotations {
                        let at = d.at(a.span);
                        d.var_decl("Annotation", &at, a);
                    }
                });
            });
        }
    }

    fn function(&mut self, at: &str, f: &FunctionDecl) {
        let name = match &f.name {
            FunctionName::Path(p) => path(p),
            FunctionName::Operator { qualifier, op, .. } => {
                let q = qualifier.as_ref().map(|q| format!("{}::", path(q))).unwrap_or_default();
                format!("{q}operator{}", overloadable(*op))
            }
        };
        let sem = f.return_semantic.as_ref().map(|s| format!(" :{}", s.name)).unwrap_or_default();
        let konst = if f.is_const { " const" } else { "" };
        let tp = template_params(&f.template_params);
        let proto = if f.body.is_none() { " (prototype)" } else { "" };
        self.line(&format!(
            "Function {at}{tp}{}{} {name} -> {}{sem}{konst}{proto}",
            attrs(&f.attrs),
            quals(&f.quals),
            ty(&f.return_ty)
        ));
        self.nested(|d| {
            for p in &f.params {
                d.param(p);
            }
            if let Some(body) = &f.body {
                d.line("body");
                d.nested(|d| body.stmts.iter().for_each(|s| d.stmt(s)));
            }
        });
    }

    fn param(&mut self, p: &Param) {
        let name = p.name.as_ref().map_or("<unnamed>", |n| &n.name);
        let mut s = format!(
            "param {}{}{} {} {name}{}",
            self.at(p.span),
            attrs(&p.attrs),
            quals(&p.quals),
            ty(&p.ty),
            array(&p.array)
        );
        if let Some(sem) = &p.semantic {
            let _ = write!(s, " :{}", sem.name);
        }
        for r in &p.registers {
            let _ = write!(s, " {}", register(r));
        }
        if let Some(e) = &p.default {
            let _ = write!(s, " = {}", expression(e));
        }
        self.line(&s);
    }

    fn struct_decl(&mut self, at: &str, s: &StructDecl) {
        let kind = match s.kind {
            StructKind::Struct => "Struct",
            StructKind::Class => "Class",
            StructKind::Interface => "Interface",
        };
        let name = s.name.as_ref().map_or("<anonymous>", |n| &n.name);
        let spec = s.specialization.as_deref().map(template_args).unwrap_or_default();
        let bases = if s.bases.is_empty() {
            String::new()
        } else {
            format!(" : {}", s.bases.iter().map(ty).collect::<Vec<_>>().join(", "))
        };
        let fwd = if s.members.is_none() { " (no body)" } else { "" };
        let tp = template_params(&s.template_params);
        self.line(&format!("{kind} {at}{tp}{}{} {name}{spec}{bases}{fwd}", attrs(&s.attrs), quals(&s.quals)));
        self.nested(|d| {
            for m in s.members.iter().flatten() {
                d.item(m);
            }
            if !s.declarators.is_empty() {
                d.line("declarators");
                d.nested(|d| s.declarators.iter().for_each(|x| d.declarator(x)));
            }
        });
    }

    fn typedef(&mut self, at: &str, t: &TypedefDecl) {
        let names: Vec<String> = t.names.iter().map(|(n, a)| format!("{}{}", n.name, array(a))).collect();
        self.line(&format!("Typedef {at}{} {} as {}", quals(&t.quals), ty(&t.ty), names.join(", ")));
        if let TypeKind::Struct(s) = &t.ty.kind {
            let at = self.at(s.span);
            self.nested(|d| d.struct_decl(&at, s));
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        let at = format!("{}{}", self.at(s.span), attrs(&s.attrs));
        match &s.kind {
            StmtKind::Expr(e) => self.line(&format!("Expr {at} {}", expression(e))),
            StmtKind::Var(v) => self.var_decl("Var", &at, v),
            StmtKind::Typedef(t) => self.typedef(&at, t),
            StmtKind::TypeAlias(a) => self.line(&format!("Using {at} {} = {}", a.name.name, ty(&a.ty))),
            StmtKind::Using(u) => {
                self.line(&format!("Using{} {at} {}", if u.namespace { " namespace" } else { "" }, path(&u.path)))
            }
            StmtKind::Struct(sd) => self.struct_decl(&at, sd),
            StmtKind::Prototype(f) => self.line(&format!("Prototype {at} {}", function_text(f))),
            StmtKind::Block(b) => {
                self.line(&format!("Block {at}"));
                self.nested(|d| b.stmts.iter().for_each(|s| d.stmt(s)));
            }
            StmtKind::If { cond, then, else_ } => {
                self.line(&format!("If {at} {}", expression(cond)));
                self.nested(|d| {
                    d.line("then");
                    d.nested(|d| d.stmt(then));
                    if let Some(e) = else_ {
                        d.line("else");
                        d.nested(|d| d.stmt(e));
                    }
                });
            }
            StmtKind::For { init, cond, step, body } => {
                let c = cond.as_ref().map_or("-".to_string(), expression);
                let st = step.as_ref().map_or("-".to_string(), expression);
                self.line(&format!("For {at} cond {c} step {st}"));
                self.nested(|d| {
                    if let Some(i) = init {
                        d.line("init");
                        d.nested(|d| d.stmt(i));
                    }
                    d.line("body");
                    d.nested(|d| d.stmt(body));
                });
            }
            StmtKind::While { cond, body } => {
                self.line(&format!("While {at} {}", expression(cond)));
                self.nested(|d| d.stmt(body));
            }
            StmtKind::DoWhile { body, cond } => {
                self.line(&format!("DoWhile {at} {}", expression(cond)));
                self.nested(|d| d.stmt(body));
            }
            StmtKind::Switch { selector, cases, .. } => {
                self.line(&format!("Switch {at} {}", expression(selector)));
                self.nested(|d| {
                    for c in cases {
                        let labels: Vec<String> = c
                            .labels
                            .iter()
                            .map(|l| match l {
                                CaseLabel::Case(e) => format!("case {}", expression(e)),
                                CaseLabel::Default(_) => "default".to_string(),
                            })
                            .collect();
                        let at = d.at(c.span);
                        d.line(&format!(
                            "Case {at} {}",
                            if labels.is_empty() { "<no label>".to_string() } else { labels.join(", ") }
                        ));
                        d.nested(|d| c.stmts.iter().for_each(|s| d.stmt(s)));
                    }
                });
            }
            StmtKind::Break => self.line(&format!("Break {at}")),
            StmtKind::Continue => self.line(&format!("Continue {at}")),
            StmtKind::Return(e) => match e {
                Some(e) => self.line(&format!("Return {at} {}", expression(e))),
                None => self.line(&format!("Return {at}")),
            },
            StmtKind::Discard => self.line(&format!("Discard {at}")),
            StmtKind::PackMatrix { row_major } => self.line(&format!("PackMatrix {at} {}", if *row_major { "row_major" } else { "column_major" })),
            StmtKind::CaseLabel(e) => self.line(&format!("CaseLabel {at} {}", expression(e))),
            StmtKind::DefaultLabel => self.line(&format!("DefaultLabel {at}")),
            StmtKind::StaticAssert(sa) => self.line(&static_assert(&at, sa)),
            StmtKind::Empty => self.line(&format!("Empty {at}")),
            StmtKind::Error => self.line(&format!("Error {at}")),
        }
    }
}

fn attrs(list: &[Attribute]) -> String {
    let mut s = String::new();
    for a in list {
        let ns = a.namespace.as_ref().map(|n| format!("{}::", n.name)).unwrap_or_default();
        let args = if a.args.is_empty() {
            String::new()
        } else {
            format!("({})", a.args.iter().map(expression).collect::<Vec<_>>().join(", "))
        };
        let (open, close) = if a.double_bracket { ("[[", "]]") } else { ("[", "]") };
        let _ = write!(s, " {open}{ns}{}{args}{close}", a.name.name);
    }
    s
}

fn quals(q: &Qualifiers) -> String {
    if q.is_empty() {
        return String::new();
    }
    let names: Vec<&str> = q.list.iter().map(|(q, _)| qualifier_name(*q)).collect();
    format!(" [{}]", names.join(" "))
}

fn array(dims: &[Option<Expr>]) -> String {
    dims.iter().map(|d| format!("[{}]", d.as_ref().map(expression).unwrap_or_default())).collect()
}

fn register(r: &Register) -> String {
    let words: Vec<&str> = [&r.profile, &r.slot, &r.space].into_iter().flatten().map(|i| i.name.as_str()).collect();
    format!(":register({})", words.join(", "))
}

fn template_params(params: &Option<Vec<TemplateParam>>) -> String {
    let Some(params) = params else { return String::new() };
    let list: Vec<String> = params
        .iter()
        .map(|p| match &p.kind {
            TemplateParamKind::Type { default } => {
                let d = default.as_ref().map(|t| format!(" = {}", ty(t))).unwrap_or_default();
                format!("typename {}{d}", p.name.name)
            }
            TemplateParamKind::Value { ty: t, default } => {
                let d = default.as_ref().map(|e| format!(" = {}", expression(e))).unwrap_or_default();
                format!("{} {}{d}", ty(t), p.name.name)
            }
        })
        .collect();
    format!(" template<{}>", list.join(", "))
}

fn overloadable(op: OverloadableOp) -> String {
    match op {
        OverloadableOp::Binary(b) => b.as_str().to_string(),
        OverloadableOp::Unary(u) => u.as_str().to_string(),
        OverloadableOp::Assign(None) => "=".to_string(),
        OverloadableOp::Assign(Some(b)) => format!("{}=", b.as_str()),
        OverloadableOp::Index => "[]".to_string(),
        OverloadableOp::Call => "()".to_string(),
        OverloadableOp::Arrow => "->".to_string(),
        OverloadableOp::ArrowStar => "->*".to_string(),
    }
}

/// `StaticAssert @span cond "message"`.
fn static_assert(at: &str, sa: &StaticAssert) -> String {
    match &sa.message {
        Some(m) => format!("StaticAssert {at} {} {m:?}", expression(&sa.cond)),
        None => format!("StaticAssert {at} {}", expression(&sa.cond)),
    }
}

/// A type as written.
pub fn ty(t: &TypeSpec) -> String {
    match &t.kind {
        TypeKind::Named(p) => path(p),
        TypeKind::Struct(s) => {
            let name = s.name.as_ref().map_or("<anonymous>", |n| &n.name);
            format!("struct {name}")
        }
        TypeKind::Array { elem, dims } => format!("{}{}", ty(elem), array(dims)),
        TypeKind::Decltype(e) => format!("__decltype({})", expression(e)),
        TypeKind::Qualified { quals: q, ty: inner } => {
            let words: Vec<&str> = q.list.iter().map(|(q, _)| qualifier_name(*q)).collect();
            format!("{} {}", words.join(" "), ty(inner))
        }
    }
}

fn path(p: &Path) -> String {
    let mut s = String::new();
    if p.global {
        s.push_str("::");
    }
    for (i, seg) in p.segments.iter().enumerate() {
        if i > 0 {
            s.push_str("::");
        }
        s.push_str(&seg.ident.name);
        if let Some(args) = &seg.template_args {
            s.push_str(&template_args(args));
        }
    }
    s
}

/// Template arguments as written (`<int, 4>`).
pub fn template_args(args: &[TemplateArg]) -> String {
    let list: Vec<String> = args
        .iter()
        .map(|a| match a {
            TemplateArg::Type(t) => ty(t),
            TemplateArg::Expr(e) => expression(e),
        })
        .collect();
    format!("<{}>", list.join(", "))
}

fn expr(out: &mut String, e: &Expr) {
    match &e.kind {
        ExprKind::Literal(l) => literal(out, l),
        ExprKind::Name(p) => out.push_str(&path(p)),
        ExprKind::This => out.push_str("this"),
        ExprKind::Unary { op, operand } => {
            let name = match op {
                UnaryOp::PostInc => "post++",
                UnaryOp::PostDec => "post--",
                other => other.as_str(),
            };
            let _ = write!(out, "({name} ");
            expr(out, operand);
            out.push(')');
        }
        ExprKind::Binary { op, lhs, rhs } => node(out, op.as_str(), &[lhs, rhs]),
        ExprKind::Assign { op, lhs, rhs } => {
            let name = op.map_or("=".to_string(), |b| format!("{}=", b.as_str()));
            node(out, &name, &[lhs, rhs]);
        }
        ExprKind::Conditional { cond, accept, reject } => node(out, "?", &[cond, accept, reject]),
        ExprKind::Comma { lhs, rhs } => node(out, ",", &[lhs, rhs]),
        ExprKind::Call { callee, args } => {
            out.push_str("(call ");
            expr(out, callee);
            for a in args {
                out.push(' ');
                expr(out, a);
            }
            out.push(')');
        }
        ExprKind::Construct { ty: t, args } => {
            let _ = write!(out, "(construct {}", ty(t));
            for a in args {
                out.push(' ');
                expr(out, a);
            }
            out.push(')');
        }
        ExprKind::Cast { ty: t, array: dims, expr: operand } => {
            let _ = write!(out, "(cast {}{} ", ty(t), array(dims));
            expr(out, operand);
            out.push(')');
        }
        ExprKind::Member { base, member, template_args: args, qualifier } => {
            out.push_str("(. ");
            expr(out, base);
            out.push(' ');
            if let Some(q) = qualifier {
                for seg in q.segments.iter() {
                    out.push_str(&seg.ident.name);
                    if let Some(args) = &seg.template_args {
                        out.push_str(&template_args(args));
                    }
                    out.push_str("::");
                }
            }
            out.push_str(&member.name);
            if let Some(args) = args {
                out.push_str(&template_args(args));
            }
            out.push(')');
        }
        ExprKind::Index { base, index } => node(out, "[]", &[base, index]),
        ExprKind::InitList(items) => {
            out.push('{');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                expr(out, item);
            }
            out.push('}');
        }
        ExprKind::SizeOfType(t) => {
            let _ = write!(out, "(sizeof-type {})", ty(t));
        }
        ExprKind::SizeOfExpr(operand) => {
            out.push_str("(sizeof ");
            expr(out, operand);
            out.push(')');
        }
        ExprKind::Error => out.push_str("<error>"),
    }
}

fn node(out: &mut String, name: &str, children: &[&Expr]) {
    let _ = write!(out, "({name}");
    for c in children {
        out.push(' ');
        expr(out, c);
    }
    out.push(')');
}

fn literal(out: &mut String, l: &Literal) {
    match l {
        Literal::Int { value, suffix, decimal } => {
            let suffix = match suffix {
                IntSuffix::None => "",
                IntSuffix::U => "u",
                IntSuffix::L => "l",
                IntSuffix::UL => "ul",
                IntSuffix::LL => "ll",
                IntSuffix::ULL => "ull",
            };
            let radix = if *decimal { "" } else { "#" };
            let _ = write!(out, "{radix}{value}{suffix}");
        }
        Literal::Float { value, suffix, .. } => {
            let suffix = match suffix {
                FloatSuffix::None => "",
                FloatSuffix::F => "f",
                FloatSuffix::H => "h",
                FloatSuffix::L => "l",
                FloatSuffix::F16 => "f16",
                FloatSuffix::F32 => "f32",
                FloatSuffix::F64 => "f64",
            };
            let _ = write!(out, "{value:?}{suffix}");
        }
        Literal::Bool(b) => {
            let _ = write!(out, "{b}");
        }
        Literal::String(s) => {
            let _ = write!(out, "{s:?}");
        }
    }
}
