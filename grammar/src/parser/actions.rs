//! Helpers called by the grammar's actions: everything longer than one line.
//!
//! Each helper builds one AST node from the values of a rule's symbols; most take a
//! `(parts, span)` pair, the span from the rule's `@L`/`@R`. Helpers that find a problem the
//! grammar cannot express (attributes where none are allowed, a `register` with too many
//! words) record a diagnostic in [`State`] and still build a node, so parsing goes on.

// Rules yield large nodes boxed (see the note at the top of grammar.lalrpop), and lalrpop
// hands them over as declared: lists of boxed values (`Vec<Box<T>>`), boxed values the action
// only unpacks, and nested tuples of them.
#![allow(clippy::vec_box, clippy::boxed_local, clippy::type_complexity)]

use crate::ast::*;
use crate::diagnostic::Diagnostic;
use crate::source::Span;
use lalrpop_util::ErrorRecovery;
use std::convert::Infallible;

use super::adapter::Token;

/// A recovered syntax error, as lalrpop reports it.
pub type Recovery<'a> = ErrorRecovery<u32, Token<'a>, Infallible>;

/// What the grammar's actions accumulate besides the tree.
#[derive(Default)]
pub struct State<'a> {
    /// Top-level declarations, in order (kept even if the parser gives up).
    pub items: Vec<Item>,
    /// Recovered syntax errors, converted to diagnostics by `errors.rs`.
    pub recoveries: Vec<Recovery<'a>>,
    /// Other problems found while building nodes.
    pub diagnostics: Vec<Diagnostic>,
    /// The arguments of the argument lists being parsed, innermost list last (see
    /// [`first_argument`]).
    arguments: Vec<Expr>,
    /// The operands of the binary-operator chains being parsed, innermost chain last.
    operands: Vec<Operand>,
    /// Boxes of expressions moved into a list or a statement (see [`unbox_expr`]).
    spare_boxes: Vec<Box<Expr>>,
    /// Empty statement lists that keep their capacity, which blocks are parsed into (see
    /// [`statements`]).
    spare_statements: Vec<Vec<Stmt>>,
    /// Boxes of statements moved into a block's list (see [`push_statement`]).
    spare_stmt_boxes: Vec<Box<Stmt>>,
    /// Boxes of declarators moved into a declaration's list (see [`push_declarator`]).
    spare_declarators: Vec<Box<Declarator>>,
}

pub fn span(l: u32, r: u32) -> Span {
    // Tokens from macro expansions live in a virtual region after the file, so a node may
    // start after it ends; keep spans well-formed.
    Span::new(l.min(r), l.max(r))
}

pub fn push<T>(mut v: Vec<T>, t: T) -> Vec<T> {
    v.push(t);
    v
}


/// Rules yield large nodes boxed (see the note at the top of the grammar); lists of them are
/// unboxed into the vectors the AST holds.
pub fn unbox_all<T>(v: Vec<Box<T>>) -> Vec<T> {
    v.into_iter().map(|b| *b).collect()
}

pub fn unbox<T>(v: Option<Box<T>>) -> Option<T> {
    v.map(|b| *b)
}

/// Array dimensions as written (`[4][]`), unboxed.
pub fn dims(v: Vec<Option<Box<Expr>>>) -> Vec<Option<Expr>> {
    v.into_iter().map(unbox).collect()
}

pub fn ident((name, span): (&str, Span)) -> Ident {
    Ident { name: Name::new(name), span }
}

// ---------------------------------------------------------------------------------------------
// Error recovery
// ---------------------------------------------------------------------------------------------

pub fn recovered<'a>(state: &mut State<'a>, e: Recovery<'a>) {
    state.recoveries.push(e);
}

pub fn top_item(state: &mut State, item: Box<Item>) {
    state.items.push(*item);
}

pub fn top_error<'a>(state: &mut State<'a>, e: Recovery<'a>, l: u32, r: u32) {
    state.recoveries.push(e);
    state.items.push(Item { kind: ItemKind::Error, span: span(l, r) });
}

pub fn error_item<'a>(state: &mut State<'a>, e: Recovery<'a>, l: u32, r: u32) -> Box<Item> {
    state.recoveries.push(e);
    Box::new(Item { kind: ItemKind::Error, span: span(l, r) })
}

pub fn items_with_error<'a>(state: &mut State<'a>, v: Vec<Box<Item>>, e: Recovery<'a>, l: u32, r: u32) -> Vec<Item> {
    let mut v = items(v);
    v.push(*error_item(state, e, l, r));
    v
}

pub fn error_stmt<'a>(state: &mut State<'a>, e: Recovery<'a>, l: u32, r: u32) -> Box<Stmt> {
    state.recoveries.push(e);
    Box::new(Stmt { attrs: Vec::new(), kind: StmtKind::Error, span: span(l, r) })
}

pub fn block_with_error<'a>(state: &mut State<'a>, mut stmts: Vec<Stmt>, e: Recovery<'a>, l: u32, r: u32) -> Block {
    let err_span = span(e.error_start(), r.saturating_sub(1).max(l));
    state.recoveries.push(e);
    stmts.push(Stmt { attrs: Vec::new(), kind: StmtKind::Error, span: err_span });
    Block { stmts: take_statements(state, stmts), span: span(l, r) }
}

trait RecoveryStart {
    fn error_start(&self) -> u32;
}

impl RecoveryStart for Recovery<'_> {
    fn error_start(&self) -> u32 {
        match &self.error {
            lalrpop_util::ParseError::UnrecognizedToken { token, .. } => token.0,
            lalrpop_util::ParseError::ExtraToken { token } => token.0,
            lalrpop_util::ParseError::InvalidToken { location } => *location,
            lalrpop_util::ParseError::UnrecognizedEof { location, .. } => *location,
            lalrpop_util::ParseError::User { .. } => 0,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Declarations
// ---------------------------------------------------------------------------------------------

/// A declaration without its span, which [`spanned_item`] sets.
pub fn item(kind: ItemKind) -> Box<Item> {
    Box::new(Item { kind, span: Span::UNDEFINED })
}

pub fn spanned_item(mut item: Box<Item>, l: u32, r: u32) -> Box<Item> {
    item.span = span(l, r);
    item
}

/// A declaration list; the `;` after a `cbuffer` block is not a declaration of its own.
pub fn items(v: Vec<Box<Item>>) -> Vec<Item> {
    let mut out: Vec<Item> = Vec::with_capacity(v.len());
    for item in v {
        let item = *item;
        let after_cbuffer = matches!(out.last(), Some(Item { kind: ItemKind::ConstantBuffer(_), .. }));
        if after_cbuffer && item.kind == ItemKind::Empty {
            if let Some(prev) = out.last_mut() {
                prev.span = prev.span.to(item.span);
            }
            continue;
        }
        out.push(item);
    }
    out
}

pub fn qualifiers(list: Vec<(Qualifier, Span)>) -> Qualifiers {
    Qualifiers { list }
}

fn quals_span(q: &Qualifiers) -> Span {
    q.list.first().map_or(Span::UNDEFINED, |(_, s)| *s)
}

pub fn technique((header, span): (Box<(Ident, Option<Ident>)>, Span)) -> ItemKind {
    let (keyword, name) = *header;
    ItemKind::Technique(TechniqueDecl { keyword, name, span })
}

pub fn namespace(((name, items), span): ((Ident, Vec<Item>), Span)) -> ItemKind {
    ItemKind::Namespace(NamespaceDecl { name, items, span })
}

pub fn alias_decl(name: Ident, attrs: Vec<Attribute>, ty: TypeSpec, span: Span) -> Box<TypeAliasDecl> {
    Box::new(TypeAliasDecl { template_params: None, name, attrs, ty, span })
}

pub fn alias(template_params: Option<Vec<TemplateParam>>, decl: Box<TypeAliasDecl>) -> TypeAliasDecl {
    TypeAliasDecl { template_params, ..*decl }
}

/// Attaches `[attributes]` to the declarations that can carry them.
pub fn attributed(state: &mut State, attrs: Vec<Attribute>, mut item: Box<Item>) -> Box<Item> {
    if attrs.is_empty() {
        return item;
    }
    match &mut item.kind {
        ItemKind::Function(f) => f.attrs = attrs,
        ItemKind::Variable(v) => v.attrs = attrs,
        ItemKind::Struct(s) => s.attrs.splice(0..0, attrs).for_each(drop),
        ItemKind::ConstantBuffer(c) => c.attrs = attrs,
        // Only inline SPIR-V's capabilities and extensions (of a `vk::SpirvType`) apply to a
        // `typedef`.
        ItemKind::Typedef(t) if attrs.iter().all(is_type_requirement) => t.attrs = attrs,
        _ => {
            let span = attrs[0].span.to(attrs[attrs.len() - 1].span);
            state.diagnostics.push(Diagnostic::error("E0212", span, "attributes are not allowed on this declaration"));
        }
    }
    item
}

/// `[[vk::ext_capability(N)]]` or `[[vk::ext_extension("…")]]`.
fn is_type_requirement(a: &Attribute) -> bool {
    a.namespace.as_ref().is_some_and(|n| n.name == "vk") && matches!(a.name.name.as_str(), "ext_capability" | "ext_extension")
}

/// Attaches a `template<…>` header to a function or struct.
pub fn templated(state: &mut State, params: Vec<TemplateParam>, mut item: Box<Item>) -> Box<Item> {
    match &mut item.kind {
        ItemKind::Function(f) => f.template_params = Some(params),
        ItemKind::Struct(s) => s.template_params = Some(params),
        // The definition of a static member of a class template: the parameters are the
        // class's.
        ItemKind::Variable(v) if v.declarators.iter().all(|d| d.qualifier.is_some()) => {}
        ItemKind::Variable(v) if v.declarators.iter().all(|d| d.qualifier.is_none()) => {
            let decl = std::mem::replace(v, VarDecl { attrs: Vec::new(), quals: Qualifiers::default(), ty: v.ty.clone(), declarators: Vec::new(), span: v.span });
            item.kind = ItemKind::VariableTemplate { params, decl };
        }
        _ => {
            let span = params.first().map_or(Span::UNDEFINED, |p| p.span);
            state.diagnostics.push(Diagnostic::error(
                "E0212",
                span,
                "a template must declare a function, a struct or an alias",
            ));
        }
    }
    item
}

pub fn struct_item(quals: Qualifiers, mut s: StructDecl, declarators: Option<Vec<Declarator>>) -> StructDecl {
    if let Some(first) = quals.list.first() {
        s.span = first.1.to(s.span);
    }
    s.quals = quals;
    if let Some(d) = declarators {
        if let Some(last) = d.last() {
            s.span = s.span.to(last.span);
        }
        s.declarators = d;
    }
    s
}

pub fn struct_without_semicolon<'a>(
    state: &mut State<'a>,
    quals: Qualifiers,
    s: StructDecl,
    e: Recovery<'a>,
) -> StructDecl {
    state.recoveries.push(e);
    struct_item(quals, s, None)
}

type StructParts =
    (StructKind, Vec<Attribute>, Option<(Ident, Option<Vec<TemplateArg>>)>, Option<Vec<TypeSpec>>, Vec<Item>);

pub fn struct_def(((kind, attrs, name, bases, members), span): (StructParts, Span)) -> Box<StructDecl> {
    let (name, specialization) = match name {
        Some((n, args)) => (Some(n), args),
        None => (None, None),
    };
    Box::new(StructDecl {
        kind,
        attrs,
        template_params: None,
        name,
        specialization,
        bases: bases.unwrap_or_default(),
        members: Some(members),
        declarators: Vec::new(),
        quals: Qualifiers::default(),
        span,
    })
}

type ForwardParts = (StructKind, Vec<Attribute>, (Ident, Option<Vec<TemplateArg>>));

pub fn struct_forward(((kind, attrs, (name, specialization)), span): (ForwardParts, Span)) -> Box<StructDecl> {
    Box::new(StructDecl {
        kind,
        attrs,
        template_params: None,
        name: Some(name),
        specialization,
        bases: Vec::new(),
        members: None,
        declarators: Vec::new(),
        quals: Qualifiers::default(),
        span,
    })
}

pub fn function_quals(quals: Qualifiers, mut f: FunctionDecl) -> FunctionDecl {
    if let Some(first) = quals.list.first() {
        f.span = first.1.to(f.span);
    }
    f.quals = quals;
    f
}

pub fn var_decl(quals: Qualifiers, ty: TypeSpec, declarators: Vec<Declarator>) -> VarDecl {
    let mut span = quals_span(&quals).to(ty.span);
    if let Some(last) = declarators.last() {
        span = span.to(last.span);
    }
    VarDecl { attrs: Vec::new(), quals, ty, declarators, span }
}

type CBufferParts = (ConstantBufferKind, Ident, Vec<Option<Box<Register>>>, Vec<Item>);

pub fn cbuffer(((kind, name, registers, members), span): (CBufferParts, Span)) -> Box<ConstantBufferDecl> {
    let registers = registers.into_iter().flatten().map(|r| *r).collect();
    Box::new(ConstantBufferDecl { kind, attrs: Vec::new(), name, registers, members, span })
}

/// `cbuffer B : SEMANTIC`: FXC ignored it with a warning, and so do we.
pub fn cbuffer_semantic(state: &mut State, s: Semantic) -> Option<Box<Register>> {
    state.diagnostics.push(Diagnostic::warning(
        "W0203",
        "ignored-semantic",
        s.span,
        "semantics do not apply to constant buffers and are ignored",
    ));
    None
}

pub fn using(namespace: bool, (path, span): (Path, Span)) -> UsingDecl {
    UsingDecl { namespace, path, span }
}

/// The value of a register offset (`s[1 + 1]`): literal arithmetic, which DXC evaluates
/// while it parses; `None` for anything else.
fn register_offset(e: &Expr) -> Option<f64> {
    match &e.kind {
        ExprKind::Literal(Literal::Int { value, .. }) => Some(*value as f64),
        ExprKind::Literal(Literal::Float { value, .. }) => Some(*value),
        ExprKind::Literal(Literal::Bool(b)) => Some(f64::from(u8::from(*b))),
        ExprKind::Unary { op: UnaryOp::Neg, operand } => register_offset(operand).map(|v| -v),
        ExprKind::Unary { op: UnaryOp::Plus, operand } => register_offset(operand),
        ExprKind::Binary { op, lhs, rhs } => {
            let (a, b) = (register_offset(lhs)?, register_offset(rhs)?);
            let integers = a.fract() == 0.0 && b.fract() == 0.0;
            match op {
                BinaryOp::Add => Some(a + b),
                BinaryOp::Sub => Some(a - b),
                BinaryOp::Mul => Some(a * b),
                BinaryOp::Div if b != 0.0 => Some(if integers { (a / b).trunc() } else { a / b }),
                _ => None,
            }
        }
        _ => None,
    }
}

/// `register(t0)`, `register(t0, space1)`, `register(ps_5_0, t0)`, `register(space1)`,
/// `register(ps_5_0, t0, space1)`.
pub fn register(state: &mut State, (words, span): (Vec<(Ident, Option<Box<Expr>>)>, Span)) -> Box<Register> {
    let is_space = |i: &Ident| {
        i.name.strip_prefix("space").is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
    };
    // Only the register itself takes a subcomponent: `register(ps[5], c1)` is an error.
    let mut words = words;
    if words.len() >= 2 && (!is_space(&words[1].0) || words.len() == 3) {
        if let (w, Some(index)) = &mut words[0] {
            state.diagnostics.push(
                Diagnostic::error("E0213", index.span, format!("the shader profile `{}` cannot take a subcomponent", w.name))
                    .with_help("write the profile alone, e.g. `register(ps, c1)`"),
            );
            words[0].1 = None;
        }
    }
    let mut words: Vec<Ident> = words
        .into_iter()
        .map(|(mut w, index)| {
            if let Some(index) = index {
                // `register(s[8])`, `register(c2[1 + 1])`: DXC parses the subcomponent (a
                // constant, a float truncated, never negative) and then ignores it
                // (`RegisterAssignment::RegisterOffset` is read by no later stage), so the
                // register is the one the letters and digits name: `s[8]` is `s0`, `c2[8]` `c2`.
                let letters = w.name.bytes().take_while(|b| b.is_ascii_alphabetic()).count();
                match register_offset(&index) {
                    Some(offset) if offset >= 0.0 => {
                        if letters > 0 && letters == w.name.len() {
                            w.name = Name::from(format!("{}0", w.name));
                        }
                        let base = w.name[letters..].parse::<u64>().unwrap_or(0);
                        let fxc = format!("{}{}", &w.name[..letters], base.saturating_add(offset.trunc() as u64));
                        state.diagnostics.push(
                            Diagnostic::warning("W0204", "ignored-register-offset", index.span, format!("the register offset `[{}]` is ignored: the register is `{}`", offset.trunc(), w.name))
                                .with_help(format!("FXC added the offset; if `{fxc}` is meant, write `register({fxc})`")),
                        );
                    }
                    Some(_) => state.diagnostics.push(
                        Diagnostic::error("E0213", index.span, "a register offset cannot be negative").with_help("write a register number of 0 or more"),
                    ),
                    None => state.diagnostics.push(
                        Diagnostic::error("E0213", index.span, "a register offset must be a constant number")
                            .with_help("write the register number itself, e.g. `register(s3)`"),
                    ),
                }
            }
            w
        })
        .collect::<Vec<_>>();
    let mut words = words.drain(..);
    let mut reg = Register { profile: None, slot: None, space: None, span };
    match words.len() {
        1 => {
            let w = words.next();
            if w.as_ref().is_some_and(is_space) {
                reg.space = w;
            } else {
                reg.slot = w;
            }
        }
        2 => {
            let (a, b) = (words.next(), words.next());
            // A register class is one letter (`t`, `t0`); a shader profile has two or more
            // (`ps`, `vs_6_0`): `register(ps, space1)` gives a profile's space only.
            let is_profile = |i: &Ident| i.name.bytes().take_while(|b| b.is_ascii_alphabetic()).count() >= 2;
            if b.as_ref().is_some_and(is_space) && a.as_ref().is_some_and(is_profile) {
                reg.profile = a;
                reg.space = b;
            } else if b.as_ref().is_some_and(is_space) {
                reg.slot = a;
                reg.space = b;
            } else {
                reg.profile = a;
                reg.slot = b;
            }
        }
        3 => {
            reg.profile = words.next();
            reg.slot = words.next();
            reg.space = words.next();
        }
        _ => state.diagnostics.push(
            Diagnostic::error("E0213", span, "`register` takes at most three arguments")
                .with_help("write `register([profile,] slot[, space])`"),
        ),
    }
    Box::new(reg)
}

pub fn packoffset(((register, component), span): ((Ident, Option<Ident>), Span)) -> Box<PackOffset> {
    Box::new(PackOffset { register, component, span })
}

type EnumParts = (bool, Option<Ident>, Option<TypeSpec>, Vec<EnumVariant>);

pub fn enum_decl(((scoped, name, underlying, variants), span): (EnumParts, Span)) -> Box<EnumDecl> {
    Box::new(EnumDecl { scoped, name, underlying, variants, span })
}

pub fn enumerator(((name, value), span): ((Ident, Option<Box<Expr>>), Span)) -> Box<EnumVariant> {
    Box::new(EnumVariant { name, value: unbox(value), span })
}

type TypedefNames = Vec<(Ident, Vec<Option<Expr>>)>;

pub fn typedef(((quals, ty, names), span): ((Qualifiers, TypeSpec, TypedefNames), Span)) -> Box<TypedefDecl> {
    Box::new(TypedefDecl { attrs: Vec::new(), quals, ty, names, span })
}

pub fn typedef_struct(
    ((quals, (s, s_span), names), span): ((Qualifiers, (Box<StructDecl>, Span), TypedefNames), Span),
) -> Box<TypedefDecl> {
    let ty = TypeSpec { kind: TypeKind::Struct(s), span: s_span };
    Box::new(TypedefDecl { attrs: Vec::new(), quals, ty, names, span })
}

pub fn type_param(((name, default), span): ((Ident, Option<TypeSpec>), Span)) -> Box<TemplateParam> {
    Box::new(TemplateParam { name, kind: TemplateParamKind::Type { default }, span })
}

/// An unnamed type parameter: named `$`, which no identifier can spell (nothing refers to
/// it).
pub fn unnamed_type_param(span: Span) -> Box<TemplateParam> {
    let name = Ident { name: "$".into(), span };
    Box::new(TemplateParam { name, kind: TemplateParamKind::Type { default: None }, span })
}

pub fn value_param(((ty, name, default), span): ((TypeSpec, Ident, Option<Box<Expr>>), Span)) -> Box<TemplateParam> {
    Box::new(TemplateParam { name, kind: TemplateParamKind::Value { ty, default: unbox(default) }, span })
}

// ---------------------------------------------------------------------------------------------
// Functions
// ---------------------------------------------------------------------------------------------

type FunctionParts<'a> = (TypeSpec, FunctionName, Vec<Param>, Option<Semantic>, Option<Token<'a>>, Option<Block>);

pub fn function(
    ((return_ty, name, params, return_semantic, is_const, body), span): (FunctionParts, Span),
) -> Box<FunctionDecl> {
    Box::new(FunctionDecl {
        attrs: Vec::new(),
        template_params: None,
        quals: Qualifiers::default(),
        return_ty,
        name,
        params,
        return_semantic,
        is_const: is_const.is_some(),
        body,
        span,
    })
}

/// A function's return type with the array dimensions written after its parameter list
/// (`int f()[2]` returns `int[2]`); `end` closes the span of the array type.
pub fn return_type(ty: TypeSpec, dims: Vec<Option<Expr>>, end: u32) -> TypeSpec {
    if dims.is_empty() {
        return ty;
    }
    let span = span(ty.span.start, end);
    TypeSpec { kind: TypeKind::Array { elem: Box::new(ty), dims }, span }
}

type Qualification = ((bool, Vec<PathSegment>), Span);

pub fn function_name(qualifier: Option<Qualification>, (name, span): (Ident, Span)) -> FunctionName {
    let segment = PathSegment { ident: name, template_args: None };
    FunctionName::Path(path(qualifier, (segment, span)))
}

/// `f<int>` in `template<> float f<int>(int x)`.
pub fn specialized_function_name(name: Ident, args: Vec<TemplateArg>, span: Span) -> FunctionName {
    let segment = PathSegment { ident: name, template_args: Some(args.into_boxed_slice()) };
    FunctionName::Path(path(None, (segment, span)))
}

pub fn operator_name(qualifier: Option<Qualification>, (op, span): (OverloadableOp, Span)) -> FunctionName {
    let qualifier = qualifier.map(|((global, segments), span)| Path { global, segments: segments.into(), span });
    let span = qualifier.as_ref().map_or(span, |q| q.span.to(span));
    FunctionName::Operator { qualifier, op, span }
}

/// `f(void)` declares no parameters.
pub fn params(params: Vec<Box<Param>>) -> Vec<Param> {
    let mut params = unbox_all(params);
    let is_void = |p: &Param| {
        p.name.is_none()
            && p.quals.is_empty()
            && p.array.is_empty()
            && matches!(&p.ty.kind, TypeKind::Named(path) if path.segments.len() == 1 && path.segments[0].ident.name == "void")
    };
    if params.len() == 1 && is_void(&params[0]) {
        params.clear();
    }
    params
}

/// What may follow a declarator's name after a `:`.
pub enum Suffix {
    Semantic(Semantic),
    PackOffset(Box<PackOffset>),
    Register(Box<Register>),
    BitWidth(Box<Expr>),
    PayloadAccess(PayloadAccess),
}

type ParamParts =
    (Vec<Attribute>, Qualifiers, TypeSpec, Option<Ident>, Vec<Option<Box<Expr>>>, Vec<Suffix>, Option<Box<Expr>>);

pub fn param(
    state: &mut State,
    ((attrs, quals, ty, name, array, suffixes, default), span): (ParamParts, Span),
) -> Box<Param> {
    let mut semantic = None;
    let mut registers = Vec::new();
    for s in suffixes {
        match s {
            Suffix::Semantic(s) => set_semantic(state, &mut semantic, s),
            Suffix::Register(r) => registers.push(*r),
            Suffix::PackOffset(p) => state.diagnostics.push(Diagnostic::error(
                "E0212",
                p.span,
                "`packoffset` is only allowed on constant buffer members",
            )),
            Suffix::BitWidth(e) => {
                state.diagnostics.push(Diagnostic::error("E0212", e.span, "a parameter cannot be a bit-field"))
            }
            Suffix::PayloadAccess(p) => state.diagnostics.push(Diagnostic::error(
                "E0212",
                p.span,
                "payload access qualifiers are only allowed on payload struct members",
            )),
        }
    }
    Box::new(Param { attrs, quals, ty, name, array: dims(array), semantic, registers, default: unbox(default), span })
}

/// Several semantics: DXC accepts them and uses the last one; say so.
fn set_semantic(state: &mut State, slot: &mut Option<Semantic>, s: Semantic) {
    if let Some(first) = slot.take() {
        state.diagnostics.push(
            Diagnostic::warning(
                "W0202",
                "multiple-semantics",
                first.span,
                "this semantic is overridden by a later one",
            )
            .with_related(s.span, "the last semantic is used"),
        );
    }
    *slot = Some(s);
}

pub fn semantic((name, span): (Ident, Span)) -> Semantic {
    Semantic { name: name.name.into(), span }
}

/// What follows a declarator's name and suffixes: `= value` or an effects state block.
pub enum Init {
    Expr(Box<Expr>),
    SamplerState { span: Span, assigned: bool },
}

type DeclaratorParts = (Ident, Vec<Option<Box<Expr>>>, Vec<Suffix>, Option<Vec<VarDecl>>, Option<Init>);

pub fn declarator(
    state: &mut State,
    ((name, array, suffixes, annotations, init), span): (DeclaratorParts, Span),
) -> Box<Declarator> {
    let init = init.map(|i| match i {
        Init::Expr(e) => Initializer::Expr(unbox_expr(state, e)),
        Init::SamplerState { span, assigned } => Initializer::SamplerState { span, assigned },
    });
    let declarator = Declarator { array: dims(array), annotations: annotations.unwrap_or_default(), init, ..Declarator::new(name, span) };
    // (In a box emptied by [`push_declarator`] if there is one.)
    let mut d = match state.spare_declarators.pop() {
        Some(mut b) => {
            *b = declarator;
            b
        }
        None => Box::new(declarator),
    };
    for s in suffixes {
        match s {
            Suffix::Semantic(s) => set_semantic(state, &mut d.semantic, s),
            Suffix::PackOffset(p) => d.packoffset = Some(*p),
            Suffix::Register(r) => d.registers.push(*r),
            Suffix::BitWidth(e) => d.bit_width = Some(*e),
            Suffix::PayloadAccess(p) => d.payload_access.push(p),
        }
    }
    d
}

/// A declaration's list of declarators, started with its first; the emptied box is kept for
/// the next declarator ([`declarator`]).
pub fn first_declarator(state: &mut State, d: Box<Declarator>) -> Vec<Declarator> {
    push_declarator(state, Vec::with_capacity(1), d)
}

/// Appends a declarator to its declaration's list (see [`first_declarator`]).
pub fn push_declarator(state: &mut State, mut list: Vec<Declarator>, mut b: Box<Declarator>) -> Vec<Declarator> {
    let span = b.span;
    list.push(std::mem::replace(&mut *b, Declarator::new(Ident { name: Name::default(), span }, span)));
    state.spare_declarators.push(b);
    list
}

pub fn unnamed_bit_field((width, span): (Box<Expr>, Span)) -> Box<Declarator> {
    let name = Ident { name: Name::default(), span: Span::new(span.start, span.start) };
    Box::new(Declarator { bit_width: Some(*width), ..Declarator::new(name, span) })
}

/// `name<args> = value` of a variable template's specialization.
pub fn specialized_declarator(state: &mut State, ((name, args, init), span): ((Ident, Vec<TemplateArg>, Init), Span)) -> Box<Declarator> {
    let mut d = declarator(state, ((name, Vec::new(), Vec::new(), None, Some(init)), span));
    d.template_args = Some(args);
    d
}

pub fn qualified_declarator(scope: Vec<PathSegment>, mut d: Box<Declarator>, l: u32, r: u32) -> Box<Declarator> {
    let scope_span = scope.first().map_or(d.name.span, |s| s.ident.span).to(d.name.span);
    d.qualifier = Some(Path { global: false, segments: scope.into(), span: scope_span });
    d.span = span(l, r);
    d
}

/// `: read(caller, …)` / `: write(…)` on a payload member.
pub fn payload_access(state: &mut State, ((kind, stages), span): ((Ident, Vec<Ident>), Span)) -> Suffix {
    let write = match kind.name.as_str() {
        "read" => false,
        "write" => true,
        _ => {
            state.diagnostics.push(
                Diagnostic::error("E0212", kind.span, format!("expected `read` or `write`, found `{}`", kind.name))
                    .with_help("payload access qualifiers are `read(stages…)` and `write(stages…)`"),
            );
            false
        }
    };
    Suffix::PayloadAccess(PayloadAccess { write, stages, span })
}

pub fn annotation(((quals, ty, declarators), span): ((Qualifiers, TypeSpec, Vec<Declarator>), Span)) -> Box<VarDecl> {
    Box::new(VarDecl { attrs: Vec::new(), quals, ty, declarators, span })
}

pub fn init_list((items, span): (Vec<Expr>, Span)) -> Box<Expr> {
    Box::new(Expr { kind: ExprKind::InitList(items), span })
}

/// An attribute's namespace, name and arguments.
pub type AttributeParts = (Option<Ident>, Ident, Vec<Expr>);

pub fn attribute(((namespace, name, args), span): (AttributeParts, Span), double_bracket: bool) -> Attribute {
    Attribute { namespace, name, args, double_bracket, span }
}

/// `[[a, b(1)]]`: every attribute of the group gets the group's span.
pub fn double_bracket_attributes((list, span): (Vec<Box<AttributeParts>>, Span)) -> Vec<Attribute> {
    list.into_iter().map(|parts| attribute((*parts, span), true)).collect()
}

// ---------------------------------------------------------------------------------------------
// Types and names
// ---------------------------------------------------------------------------------------------

pub fn elaborated_type((name, span): (Ident, Span)) -> TypeSpec {
    let path = Path::name(name);
    TypeSpec { kind: TypeKind::Named(path), span }
}

pub fn named_type((path, span): (Path, Span)) -> TypeSpec {
    TypeSpec { kind: TypeKind::Named(path), span }
}

pub fn qualified_type(((quals, ty), span): ((Vec<(Qualifier, Span)>, TypeSpec), Span)) -> TypeSpec {
    TypeSpec { kind: TypeKind::Qualified { quals: Qualifiers { list: quals }, ty: Box::new(ty) }, span }
}

pub fn array_type(((elem, dims), span): ((TypeSpec, Vec<Option<Expr>>), Span)) -> TypeSpec {
    TypeSpec { kind: TypeKind::Array { elem: Box::new(elem), dims }, span }
}

#[inline]
pub fn path(qualifier: Option<Qualification>, (last, span): (PathSegment, Span)) -> Path {
    match qualifier {
        None => Path { global: false, segments: Segments::one(last), span },
        Some(((global, mut segments), q_span)) => {
            segments.push(last);
            Path { global, segments: Segments::Many(segments), span: q_span.to(span) }
        }
    }
}

pub fn qualified_path((global, mut segments): (bool, Vec<PathSegment>), last: PathSegment, l: u32, r: u32) -> Path {
    segments.push(last);
    Path { global, segments: Segments::Many(segments), span: span(l, r) }
}

pub fn nest((global, segments): (bool, Vec<PathSegment>), s: PathSegment) -> (bool, Vec<PathSegment>) {
    (global, push(segments, s))
}

pub fn segment(name: (&str, Span), template_args: Option<Vec<TemplateArg>>) -> PathSegment {
    ident_segment(ident(name), template_args)
}

pub fn ident_segment(ident: Ident, template_args: Option<Vec<TemplateArg>>) -> PathSegment {
    PathSegment { ident, template_args: template_args.map(Vec::into_boxed_slice) }
}

// ---------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------

pub fn block(state: &mut State, (stmts, span): (Vec<Stmt>, Span)) -> Block {
    Block { stmts: take_statements(state, stmts), span }
}

/// The empty list a block's statements are parsed into: a spare one (its statements moved
/// out by [`take_statements`], its capacity kept) if there is one. A list abandoned by error
/// recovery is dropped with the parser's stack and not reused.
pub fn statements(state: &mut State) -> Vec<Stmt> {
    state.spare_statements.pop().unwrap_or_default()
}

/// The statements of `list` moved into a vector of their number, for the AST; `list`,
/// emptied, is kept for the next block. (Parsed into a fresh vector, a block's list grew by
/// doubling and was then reallocated at its length.)
fn take_statements(state: &mut State, mut list: Vec<Stmt>) -> Vec<Stmt> {
    let mut exact = Vec::with_capacity(list.len());
    exact.append(&mut list);
    state.spare_statements.push(list);
    exact
}

/// A statement without attributes and span, which [`stmt`] sets.
pub fn stmt_kind(kind: StmtKind) -> Box<Stmt> {
    Box::new(Stmt { attrs: Vec::new(), kind, span: Span::UNDEFINED })
}

/// As [`stmt_kind`], in a box emptied by [`push_statement`] if there is one (most statements
/// are moved into their block's list as soon as they are parsed: one box serves them all,
/// instead of an allocation and a free each). (`state` comes last, so that `kind` may be
/// built with it.)
pub fn recycled_stmt(kind: StmtKind, state: &mut State) -> Box<Stmt> {
    let st = Stmt { attrs: Vec::new(), kind, span: Span::UNDEFINED };
    match state.spare_stmt_boxes.pop() {
        Some(mut b) => {
            *b = st;
            b
        }
        None => Box::new(st),
    }
}

/// Appends a parsed statement to its block's list; its emptied box is kept for the next
/// statement ([`recycled_stmt`]).
pub fn push_statement(state: &mut State, mut list: Vec<Stmt>, mut b: Box<Stmt>) -> Vec<Stmt> {
    list.push(std::mem::replace(&mut *b, Stmt { attrs: Vec::new(), kind: StmtKind::Empty, span: Span::UNDEFINED }));
    state.spare_stmt_boxes.push(b);
    list
}

pub fn stmt(attrs: Vec<Attribute>, mut stmt: Box<Stmt>, l: u32, r: u32) -> Box<Stmt> {
    stmt.attrs = attrs;
    stmt.span = span(l, r);
    stmt
}

/// The condition of `if`, `while` or `switch`.
pub enum Condition {
    Expr(Box<Expr>),
    /// `T name = init` (C++ condition declaration).
    Decl(Box<VarDecl>),
}

pub fn condition_declaration(((ty, d), span): ((TypeSpec, Declarator), Span)) -> Condition {
    let mut decl = var_decl(Qualifiers::default(), ty, vec![d]);
    decl.span = span;
    Condition::Decl(Box::new(decl))
}

/// Splits a condition declaration into the declaration statement and the expression naming
/// the variable: `if (int n = f()) s` is `{ int n = f(); if (n) s }`.
fn declare(decl: VarDecl) -> (Stmt, Box<Expr>) {
    let name = decl.declarators[0].name.clone();
    let path = Path::name(name);
    let cond = Box::new(Expr { span: path.span, kind: ExprKind::Name(path) });
    (Stmt { attrs: Vec::new(), span: decl.span, kind: StmtKind::Var(decl) }, cond)
}

fn scoped(decl: Stmt, inner: Box<Stmt>, end: Span) -> Box<Stmt> {
    let span = decl.span.to(end);
    let inner = Stmt { span, ..*inner };
    stmt_kind(StmtKind::Block(Block { stmts: vec![decl, inner], span }))
}

pub fn if_stmt(cond: Condition, then: Box<Stmt>, else_: Option<Box<Stmt>>) -> Box<Stmt> {
    match cond {
        Condition::Expr(cond) => stmt_kind(StmtKind::If { cond: *cond, then, else_ }),
        Condition::Decl(decl) => {
            let end = else_.as_ref().map_or(then.span, |e| e.span);
            let (decl, cond) = declare(*decl);
            scoped(decl, if_stmt(Condition::Expr(cond), then, else_), end)
        }
    }
}

/// `while (T x = e) s` is `for (;;) { T x = e; if (!x) break; s }`: the declaration is
/// evaluated before every iteration, and `continue` still reaches it.
pub fn while_stmt(cond: Condition, body: Box<Stmt>) -> Box<Stmt> {
    match cond {
        Condition::Expr(cond) => stmt_kind(StmtKind::While { cond: *cond, body }),
        Condition::Decl(decl) => {
            let end = body.span;
            let (decl, name) = declare(*decl);
            let span = name.span;
            let not = Box::new(Expr { kind: ExprKind::Unary { op: UnaryOp::Not, operand: name }, span });
            let brk = Box::new(Stmt { attrs: Vec::new(), kind: StmtKind::Break, span });
            let exit = Stmt { span, ..*if_stmt(Condition::Expr(not), brk, None) };
            let block_span = decl.span.to(end);
            let block = Block { stmts: vec![decl, exit, *body], span: block_span };
            let body = Box::new(Stmt { attrs: Vec::new(), kind: StmtKind::Block(block), span: block_span });
            stmt_kind(StmtKind::For { init: None, cond: None, step: None, body })
        }
    }
}

pub fn for_stmt(
    init: Option<Box<Stmt>>,
    cond: Option<Box<Expr>>,
    step: Option<Box<Expr>>,
    body: Box<Stmt>,
) -> Box<Stmt> {
    stmt_kind(StmtKind::For { init, cond: unbox(cond), step: unbox(step), body })
}

pub fn for_init(mut stmt: Box<Stmt>, l: u32, r: u32) -> Option<Box<Stmt>> {
    stmt.span = span(l, r);
    Some(stmt)
}

pub fn do_while(body: Box<Stmt>, cond: Box<Expr>) -> Box<Stmt> {
    stmt_kind(StmtKind::DoWhile { body, cond: *cond })
}

/// Groups a `switch` body into [`SwitchCase`]s: a run of labels and the statements after
/// them, up to the next label. Labels in a block directly in the body (or in such a block's
/// blocks: `case 6: { case 7: break; }`) are the switch's too: the block's statements join
/// the body's.
pub fn switch(selector: Condition, (statements, body_span): (Vec<Box<Stmt>>, Span)) -> Box<Stmt> {
    let selector = match selector {
        Condition::Expr(e) => *e,
        Condition::Decl(decl) => {
            let (decl, name) = declare(*decl);
            return scoped(decl, switch(Condition::Expr(name), (statements, body_span)), body_span);
        }
    };
    let mut cases: Vec<SwitchCase> = Vec::new();
    for stmt in statements {
        switch_statement(&mut cases, *stmt);
    }
    stmt_kind(StmtKind::Switch { selector, cases, body_span })
}

/// Adds one statement of a switch body to its cases.
fn switch_statement(cases: &mut Vec<SwitchCase>, stmt: Stmt) {
    let label = match stmt.kind {
        StmtKind::CaseLabel(value) => CaseLabel::Case(value),
        StmtKind::DefaultLabel => CaseLabel::Default(stmt.span),
        StmtKind::Block(block) if block.stmts.iter().any(holds_label) => {
            for s in block.stmts {
                switch_statement(cases, s);
            }
            return;
        }
        kind => {
            let stmt = Stmt { kind, ..stmt };
            if cases.is_empty() {
                cases.push(SwitchCase { labels: Vec::new(), stmts: Vec::new(), span: stmt.span });
            }
            if let Some(case) = cases.last_mut() {
                case.span = case.span.to(stmt.span);
                case.stmts.push(stmt);
            }
            return;
        }
    };
    let span = stmt.span;
    match cases.last_mut() {
        Some(case) if case.stmts.is_empty() && !case.labels.is_empty() => {
            case.labels.push(label);
            case.span = case.span.to(span);
        }
        _ => cases.push(SwitchCase { labels: vec![label], stmts: Vec::new(), span }),
    }
}

/// Whether a statement is a label, or a block holding one at its top level (or in its
/// blocks).
fn holds_label(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::CaseLabel(_) | StmtKind::DefaultLabel => true,
        StmtKind::Block(b) => b.stmts.iter().any(holds_label),
        _ => false,
    }
}

// ---------------------------------------------------------------------------------------------
// Expressions
// ---------------------------------------------------------------------------------------------

fn boxed(kind: ExprKind, span: Span) -> Box<Expr> {
    Box::new(Expr { kind, span })
}

/// Most expressions are boxed while parsing (see the note at the top of the grammar), and
/// those that end up in a list (arguments) or a statement are moved out of their box again.
/// The emptied box is kept for the next name or literal ([`recycled_expr`]), the most common
/// expressions, instead of being freed and another allocated.
pub fn unbox_expr(state: &mut State, mut b: Box<Expr>) -> Expr {
    let e = std::mem::replace(&mut *b, Expr { kind: ExprKind::This, span: Span::UNDEFINED });
    state.spare_boxes.push(b);
    e
}

/// [`unbox_expr`] on an optional expression.
pub fn unbox_expr_opt(state: &mut State, b: Option<Box<Expr>>) -> Option<Expr> {
    b.map(|b| unbox_expr(state, b))
}

/// A boxed expression, in a box emptied by [`unbox_expr`] if there is one.
pub fn recycled_expr(state: &mut State, kind: ExprKind, l: u32, r: u32) -> Box<Expr> {
    let e = Expr { kind, span: span(l, r) };
    match state.spare_boxes.pop() {
        Some(mut b) => {
            *b = e;
            b
        }
        None => Box::new(e),
    }
}

/// An expression spanning the tokens from `l` to `r`.
pub fn expr(kind: ExprKind, l: u32, r: u32) -> Box<Expr> {
    boxed(kind, span(l, r))
}

/// `T(args)` on a name known as a type (see [`ExprKind::Construct`]).
pub fn construct(ty: TypeSpec, args: Vec<Expr>, l: u32, r: u32) -> Box<Expr> {
    expr(ExprKind::Construct { ty: Box::new(ty), args }, l, r)
}

pub fn literal(value: Literal, l: u32, r: u32) -> Box<Expr> {
    expr(ExprKind::Literal(value), l, r)
}

pub fn comma(((lhs, rhs), span): ((Box<Expr>, Box<Expr>), Span)) -> Box<Expr> {
    boxed(ExprKind::Comma { lhs, rhs }, span)
}

pub fn assign(((lhs, op, rhs), span): ((Box<Expr>, Option<BinaryOp>, Box<Expr>), Span)) -> Box<Expr> {
    boxed(ExprKind::Assign { op, lhs, rhs }, span)
}

pub fn conditional(((cond, accept, reject), span): ((Box<Expr>, Box<Expr>, Box<Expr>), Span)) -> Box<Expr> {
    boxed(ExprKind::Conditional { cond, accept, reject }, span)
}

/// One `operator operand` of a binary-operator chain, with the operand's first and last token
/// positions (a node's span runs from its first operand's `l` to its last operand's `r`).
pub struct Operand {
    pub op: BinaryOp,
    pub expr: Box<Expr>,
    pub l: u32,
    pub r: u32,
}

/// The binding strength of a binary operator (C11 §6.5.5–6.5.14): higher binds tighter. Every
/// binary operator is left-associative.
pub fn precedence(op: BinaryOp) -> u8 {
    use BinaryOp::*;
    match op {
        Mul | Div | Rem => 10,
        Add | Sub => 9,
        Shl | Shr => 8,
        Lt | Gt | Le | Ge => 7,
        Eq | Ne => 6,
        BitAnd => 5,
        BitXor => 4,
        BitOr => 3,
        LogicalAnd => 2,
        LogicalOr => 1,
    }
}

/// Groups `first (op operand)*` by precedence into a tree (precedence climbing). The recursion
/// is bounded by the number of precedence levels, not by the length of the chain.
pub fn binary_chain(state: &mut State, first: (Box<Expr>, u32, u32), start: usize) -> Box<Expr> {
    let mut rest = state.operands.drain(start.min(state.operands.len())..).peekable();
    climb(first, 0, &mut rest).0
}

type Operands<'a> = std::iter::Peekable<std::vec::Drain<'a, Operand>>;

/// Starts a chain's operand list on `state.operands`; returns where it starts. A list is
/// complete before any list started after it is continued (chains nest only inside brackets),
/// so the lists form a stack and each chain's operands are allocated nowhere else. (Operands
/// of a chain abandoned by error recovery stay behind, above every list still open.)
pub fn first_operand(state: &mut State, o: Operand) -> usize {
    state.operands.push(o);
    state.operands.len() - 1
}

pub fn next_operand(state: &mut State, start: usize, o: Operand) -> usize {
    state.operands.push(o);
    start
}

/// Starts an argument list on `state.arguments` (the same stack discipline as
/// [`first_operand`]); [`take_arguments`] moves the finished list into one vector of its size.
pub fn first_argument(state: &mut State, x: Box<Expr>) -> usize {
    let x = unbox_expr(state, x);
    state.arguments.push(x);
    state.arguments.len() - 1
}

pub fn next_argument(state: &mut State, start: usize, x: Box<Expr>) -> usize {
    let x = unbox_expr(state, x);
    state.arguments.push(x);
    start
}

pub fn take_arguments(state: &mut State, start: usize) -> Vec<Expr> {
    // One allocation of the list's length and one copy (`collect` from a `drain` moved the
    // arguments one by one); the shared stack keeps its capacity.
    state.arguments.split_off(start.min(state.arguments.len()))
}

/// Folds operators of precedence `min` and above into `lhs`, left to right.
fn climb(mut lhs: (Box<Expr>, u32, u32), min: u8, rest: &mut Operands<'_>) -> (Box<Expr>, u32, u32) {
    while let Some(Operand { op, expr, l, r }) = rest.next_if(|o| precedence(o.op) >= min) {
        let mut rhs = (expr, l, r);
        // Operators binding tighter than `op` take `rhs` as their left operand first.
        while rest.peek().is_some_and(|next| precedence(next.op) > precedence(op)) {
            rhs = climb(rhs, precedence(op) + 1, rest);
        }
        let (l, r) = (lhs.1, rhs.2);
        lhs = (boxed(ExprKind::Binary { op, lhs: lhs.0, rhs: rhs.0 }, span(l, r)), l, r);
    }
    lhs
}

pub fn cast(((ty, array, operand), span): ((TypeSpec, Vec<Option<Expr>>, Box<Expr>), Span)) -> Box<Expr> {
    boxed(ExprKind::Cast { ty: Box::new(ty), array, expr: operand }, span)
}

pub fn unary(((op, operand), span): ((UnaryOp, Box<Expr>), Span)) -> Box<Expr> {
    boxed(ExprKind::Unary { op, operand }, span)
}

pub fn postfix(((operand, op), span): ((Box<Expr>, UnaryOp), Span)) -> Box<Expr> {
    unary(((op, operand), span))
}

pub fn static_assert(((cond, message), span): ((Box<Expr>, Option<Vec<String>>), Span)) -> Box<StaticAssert> {
    Box::new(StaticAssert { cond: *cond, message: message.map(|m| m.concat()), span })
}

pub fn sizeof_expr((operand, span): (Box<Expr>, Span)) -> Box<Expr> {
    boxed(ExprKind::SizeOfExpr(operand), span)
}

pub fn sizeof_type(((ty, dims), span): ((TypeSpec, Vec<Option<Expr>>), Span)) -> Box<Expr> {
    let ty = if dims.is_empty() { ty } else { array_type(((ty, dims), span)) };
    boxed(ExprKind::SizeOfType(Box::new(ty)), span)
}

pub fn index(((base, index), span): ((Box<Expr>, Box<Expr>), Span)) -> Box<Expr> {
    boxed(ExprKind::Index { base, index }, span)
}

pub fn call(((callee, args), span): ((Box<Expr>, Vec<Expr>), Span)) -> Box<Expr> {
    boxed(ExprKind::Call { callee, args }, span)
}

pub fn member(
    ((base, member, template_args), span): ((Box<Expr>, Ident, Option<Vec<TemplateArg>>), Span),
) -> Box<Expr> {
    boxed(ExprKind::Member { base, member, template_args, qualifier: None }, span)
}

/// `d.Base::member`: a member named through the struct that declares it (C++'s qualified
/// member access, which DXC accepts).
pub fn qualified_member(base: Box<Expr>, scope: Vec<PathSegment>, member: Ident, template_args: Option<Vec<TemplateArg>>, span: Span) -> Box<Expr> {
    // (The qualifier's span runs from its first name to its last, without the `::`.)
    let names = scope.first().zip(scope.last()).map(|(a, b)| a.ident.span.to(b.ident.span));
    let qualifier = Path { global: false, span: names.unwrap_or(member.span), segments: Segments::Many(scope) };
    boxed(ExprKind::Member { base, member, template_args, qualifier: Some(Box::new(qualifier)) }, span)
}

/// `(e)`: the AST has no parenthesis node; the span grows to cover the parentheses.
pub fn paren((mut e, span): (Box<Expr>, Span)) -> Box<Expr> {
    e.span = span;
    e
}
