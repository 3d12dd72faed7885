//! The tree-depth limit.
//!
//! The generated parser keeps its stack on the heap, but every later pass (and the AST's own
//! `Drop`, `Clone` and `PartialEq`) recurses over the tree. Bracket nesting is bounded by the
//! token adapter ([`super::adapter::MAX_NESTING`]), but some constructs nest without brackets:
//! a chain `a + a + … + a` of 100 000 terms is a tree 100 000 levels deep, and so are long
//! `else if` ladders, `- - - x` and `x = y = z = …`. This pass walks every top-level
//! declaration with an explicit stack, down to one level past the limit and no further; a
//! declaration deeper than [`MAX_TREE_DEPTH`]
//! is reported (`E0903`) and replaced by an `Error` item, and its tree is taken apart
//! iteratively so that not even dropping it recurses.

use crate::ast::*;
use crate::diagnostic::Diagnostic;
use crate::source::Span;

/// The deepest tree accepted below one top-level declaration.
pub const MAX_TREE_DEPTH: usize = 1024;

/// Enforces the limit on every top-level declaration of `unit`.
pub fn limit(unit: &mut TranslationUnit) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    let mut stack = Vec::new();
    let too_deep: Vec<usize> = (0..unit.items.len()).filter(|&i| deeper_than(Node::Item(&unit.items[i]), MAX_TREE_DEPTH, &mut stack)).collect();
    drop(stack);
    for i in too_deep {
        let item = &mut unit.items[i];
        diagnostics.push(
            Diagnostic::error(
                "E0903",
                item.span,
                format!("expression or statement nesting exceeds {MAX_TREE_DEPTH} levels"),
            )
            .with_help("split the expression or the `else if` chain with temporary variables"),
        );
        let span = item.span;
        let deep = std::mem::replace(item, Item { kind: ItemKind::Error, span });
        dismantle(Owned::Item(deep));
    }
    diagnostics
}

/// Checks that every node's span lies inside its parent's span (nodes with undefined spans, and
/// spans that leave the main file's offset range through macro expansions, are skipped).
/// Returns one line per violation; used by the parser's tests on every fixture.
pub fn span_violations(unit: &TranslationUnit) -> Vec<String> {
    let mut bad = Vec::new();
    let mut stack: Vec<(Node, Span)> = unit.items.iter().map(|i| (Node::Item(i), Span::UNDEFINED)).collect();
    let mut children = Vec::new();
    while let Some((node, parent)) = stack.pop() {
        let span = node.span();
        if !span.is_undefined() {
            if span.start > span.end {
                bad.push(format!("{} has a reversed span {span:?}", node.name()));
            }
            if !parent.is_undefined() && (span.start < parent.start || span.end > parent.end) {
                bad.push(format!("{} {span:?} is outside its parent {parent:?}", node.name()));
            }
        }
        let here = if span.is_undefined() { parent } else { span };
        children.clear();
        borrowed_children(node, &mut children);
        stack.extend(children.drain(..).map(|c| (c, here)));
    }
    bad
}

impl Node<'_> {
    fn span(self) -> Span {
        match self {
            Node::Item(x) => x.span,
            Node::Stmt(x) => x.span,
            Node::Expr(x) => x.span,
            Node::Type(x) => x.span,
            Node::Var(x) => x.span,
            Node::Declarator(x) => x.span,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Node::Item(_) => "declaration",
            Node::Stmt(_) => "statement",
            Node::Expr(_) => "expression",
            Node::Type(_) => "type",
            Node::Var(_) => "variable declaration",
            Node::Declarator(_) => "declarator",
        }
    }
}

/// A borrowed node of any kind, for the depth walk.
#[derive(Clone, Copy)]
enum Node<'a> {
    Item(&'a Item),
    Stmt(&'a Stmt),
    Expr(&'a Expr),
    Type(&'a TypeSpec),
    Var(&'a VarDecl),
    Declarator(&'a Declarator),
}

/// Whether the tree below `root` (which counts as one level) has more than `levels` levels,
/// walked with `stack` (emptied first; reused across declarations) and stopped at the first
/// node past the limit. (Not recursive: a debug build's frames for `each_child` would not
/// fit a limit's worth of levels in a 2 MiB thread stack.)
fn deeper_than<'a>(root: Node<'a>, levels: usize, stack: &mut Vec<(Node<'a>, usize)>) -> bool {
    stack.clear();
    stack.push((root, 1));
    while let Some((node, depth)) = stack.pop() {
        if depth > levels {
            return true;
        }
        // (A child without children of its own — a name, a literal, a named type, about half
        // of the nodes — is checked where it is found instead of going through the stack.)
        let deep_leaf = each_child(node, &mut |c| {
            if is_leaf(c) {
                return depth + 1 > levels;
            }
            stack.push((c, depth + 1));
            false
        });
        if deep_leaf {
            return true;
        }
    }
    false
}

/// Whether [`each_child`] finds no child of `node` (for some kinds of node only: others may be
/// leaves too and still answer `false`).
fn is_leaf(node: Node<'_>) -> bool {
    let plain = |p: &Path| p.segments.iter().all(|s| s.template_args.as_deref().is_none_or(<[TemplateArg]>::is_empty));
    match node {
        Node::Expr(e) => match &e.kind {
            ExprKind::Literal(_) | ExprKind::This | ExprKind::Error => true,
            ExprKind::Name(p) => plain(p),
            _ => false,
        },
        Node::Type(t) => matches!(&t.kind, TypeKind::Named(p) if plain(p)),
        _ => false,
    }
}

/// The children of `node`, pushed onto `out` in the order [`each_child`] visits them.
fn borrowed_children<'a>(node: Node<'a>, out: &mut Vec<Node<'a>>) {
    each_child(node, &mut |c| {
        out.push(c);
        false
    });
}

/// Calls `f` on each child of `node` in order until it returns `true`; returns whether it did.
fn each_child<'a>(node: Node<'a>, f: &mut impl FnMut(Node<'a>) -> bool) -> bool {
    macro_rules! visit {
        ($($n:expr),+) => {{
            $(if f($n) {
                return true;
            })+
        }};
    }
    macro_rules! visit_all {
        ($it:expr) => {{
            for n in $it {
                visit!(n);
            }
        }};
    }
    match node {
        Node::Item(item) => match &item.kind {
            ItemKind::Variable(v) => visit!(Node::Var(v)),
            ItemKind::Function(fd) => {
                visit!(Node::Type(&fd.return_ty));
                for p in &fd.params {
                    visit!(Node::Type(&p.ty));
                    visit_all!(p.array.iter().flatten().map(Node::Expr));
                    visit_all!(p.default.iter().map(Node::Expr));
                }
                if let Some(b) = &fd.body {
                    visit_all!(b.stmts.iter().map(Node::Stmt));
                }
            }
            ItemKind::Struct(s) => return struct_children(s, f),
            ItemKind::Typedef(t) => {
                visit!(Node::Type(&t.ty));
                visit_all!(t.names.iter().flat_map(|(_, a)| a.iter().flatten()).map(Node::Expr));
            }
            ItemKind::TypeAlias(a) => visit!(Node::Type(&a.ty)),
            ItemKind::ConstantBuffer(c) => visit_all!(c.members.iter().map(Node::Item)),
            ItemKind::Namespace(n) => visit_all!(n.items.iter().map(Node::Item)),
            ItemKind::Enum(e) => visit_all!(e.variants.iter().filter_map(|v| v.value.as_ref()).map(Node::Expr)),
            ItemKind::StaticAssert(sa) => visit!(Node::Expr(&sa.cond)),
            _ => {}
        },
        Node::Var(v) => {
            visit!(Node::Type(&v.ty));
            visit_all!(v.declarators.iter().map(Node::Declarator));
        }
        Node::Declarator(d) => {
            visit_all!(d.array.iter().flatten().map(Node::Expr));
            visit_all!(d.annotations.iter().map(Node::Var));
            visit_all!(d.bit_width.iter().map(Node::Expr));
            if let Some(Initializer::Expr(e)) = &d.init {
                visit!(Node::Expr(e));
            }
        }
        Node::Type(t) => match &t.kind {
            TypeKind::Named(p) => return path_children(p, f),
            TypeKind::Struct(s) => return struct_children(s, f),
            TypeKind::Qualified { ty, .. } => visit!(Node::Type(ty)),
            TypeKind::Decltype(e) => visit!(Node::Expr(e)),
            TypeKind::Array { elem, dims } => {
                visit!(Node::Type(elem));
                visit_all!(dims.iter().flatten().map(Node::Expr));
            }
        },
        Node::Stmt(s) => match &s.kind {
            StmtKind::Expr(e) | StmtKind::Return(Some(e)) => visit!(Node::Expr(e)),
            StmtKind::StaticAssert(sa) => visit!(Node::Expr(&sa.cond)),
            StmtKind::Var(v) => visit!(Node::Var(v)),
            StmtKind::Typedef(t) => visit!(Node::Type(&t.ty)),
            StmtKind::TypeAlias(a) => visit!(Node::Type(&a.ty)),
            StmtKind::Struct(sd) => return struct_children(sd, f),
            StmtKind::Block(b) => visit_all!(b.stmts.iter().map(Node::Stmt)),
            StmtKind::If { cond, then, else_ } => {
                visit!(Node::Expr(cond), Node::Stmt(then));
                visit_all!(else_.iter().map(|e| Node::Stmt(e)));
            }
            StmtKind::For { init, cond, step, body } => {
                visit_all!(init.iter().map(|i| Node::Stmt(i)));
                visit_all!(cond.iter().chain(step.iter()).map(Node::Expr));
                visit!(Node::Stmt(body));
            }
            StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => visit!(Node::Expr(cond), Node::Stmt(body)),
            StmtKind::Switch { selector, cases, .. } => {
                visit!(Node::Expr(selector));
                for c in cases {
                    for l in &c.labels {
                        if let CaseLabel::Case(e) = l {
                            visit!(Node::Expr(e));
                        }
                    }
                    visit_all!(c.stmts.iter().map(Node::Stmt));
                }
            }
            _ => {}
        },
        Node::Expr(e) => match &e.kind {
            ExprKind::Name(p) => return path_children(p, f),
            ExprKind::Unary { operand, .. } | ExprKind::SizeOfExpr(operand) => visit!(Node::Expr(operand)),
            ExprKind::Binary { lhs, rhs, .. } | ExprKind::Assign { lhs, rhs, .. } | ExprKind::Comma { lhs, rhs } => visit!(Node::Expr(lhs), Node::Expr(rhs)),
            ExprKind::Index { base: lhs, index: rhs } => visit!(Node::Expr(lhs), Node::Expr(rhs)),
            ExprKind::Conditional { cond, accept, reject } => visit!(Node::Expr(cond), Node::Expr(accept), Node::Expr(reject)),
            ExprKind::Call { callee, args } => {
                visit!(Node::Expr(callee));
                visit_all!(args.iter().map(Node::Expr));
            }
            ExprKind::Construct { ty, args } => {
                visit!(Node::Type(ty));
                visit_all!(args.iter().map(Node::Expr));
            }
            ExprKind::Cast { ty, array, expr } => {
                visit!(Node::Type(ty));
                visit_all!(array.iter().flatten().map(Node::Expr));
                visit!(Node::Expr(expr));
            }
            ExprKind::Member { base, template_args, .. } => {
                visit!(Node::Expr(base));
                return template_arg_children(template_args.as_deref().unwrap_or_default(), f);
            }
            ExprKind::InitList(items) => visit_all!(items.iter().map(Node::Expr)),
            ExprKind::SizeOfType(ty) => visit!(Node::Type(ty)),
            _ => {}
        },
    }
    false
}

fn struct_children<'a>(s: &'a StructDecl, f: &mut impl FnMut(Node<'a>) -> bool) -> bool {
    s.members.iter().flatten().map(Node::Item).chain(s.declarators.iter().map(Node::Declarator)).any(|n| f(n))
}

fn path_children<'a>(p: &'a Path, f: &mut impl FnMut(Node<'a>) -> bool) -> bool {
    p.segments.iter().any(|seg| template_arg_children(seg.template_args.as_deref().unwrap_or_default(), f))
}

fn template_arg_children<'a>(args: &'a [TemplateArg], f: &mut impl FnMut(Node<'a>) -> bool) -> bool {
    args.iter().any(|a| match a {
        TemplateArg::Type(t) => f(Node::Type(t)),
        TemplateArg::Expr(e) => f(Node::Expr(e)),
    })
}

/// An owned node, for taking a deep tree apart.
enum Owned {
    Item(Item),
    Stmt(Stmt),
    Expr(Expr),
    Type(TypeSpec),
    Var(VarDecl),
    Declarator(Declarator),
    Struct(StructDecl),
}

/// Drops a tree of any depth without recursion: each node's children are moved onto a work
/// list before the (now shallow) node is dropped.
fn dismantle(root: Owned) {
    let mut work = vec![root];
    while let Some(node) = work.pop() {
        match node {
            Owned::Item(item) => match item.kind {
                ItemKind::Variable(v) => work.push(Owned::Var(v)),
                ItemKind::Function(f) => {
                    work.push(Owned::Type(f.return_ty));
                    for p in f.params {
                        work.push(Owned::Type(p.ty));
                        work.extend(p.array.into_iter().flatten().chain(p.default).map(Owned::Expr));
                    }
                    work.extend(f.body.into_iter().flat_map(|b| b.stmts).map(Owned::Stmt));
                }
                ItemKind::Struct(s) => work.push(Owned::Struct(s)),
                ItemKind::Typedef(t) => {
                    work.push(Owned::Type(t.ty));
                    work.extend(t.names.into_iter().flat_map(|(_, a)| a).flatten().map(Owned::Expr));
                }
                ItemKind::TypeAlias(a) => work.push(Owned::Type(a.ty)),
                ItemKind::ConstantBuffer(c) => work.extend(c.members.into_iter().map(Owned::Item)),
                ItemKind::Namespace(n) => work.extend(n.items.into_iter().map(Owned::Item)),
                ItemKind::Enum(e) => work.extend(e.variants.into_iter().filter_map(|v| v.value).map(Owned::Expr)),
                ItemKind::StaticAssert(sa) => work.push(Owned::Expr(sa.cond)),
                _ => {}
            },
            Owned::Struct(s) => {
                work.extend(s.members.into_iter().flatten().map(Owned::Item));
                work.extend(s.declarators.into_iter().map(Owned::Declarator));
            }
            Owned::Var(v) => {
                work.push(Owned::Type(v.ty));
                work.extend(v.declarators.into_iter().map(Owned::Declarator));
            }
            Owned::Declarator(d) => {
                work.extend(d.array.into_iter().flatten().chain(d.bit_width).map(Owned::Expr));
                work.extend(d.annotations.into_iter().map(Owned::Var));
                if let Some(Initializer::Expr(e)) = d.init {
                    work.push(Owned::Expr(e));
                }
            }
            Owned::Type(t) => match t.kind {
                TypeKind::Named(p) => owned_path(p, &mut work),
                TypeKind::Struct(s) => work.push(Owned::Struct(*s)),
                TypeKind::Qualified { ty, .. } => work.push(Owned::Type(*ty)),
                TypeKind::Decltype(e) => work.push(Owned::Expr(*e)),
                TypeKind::Array { elem, dims } => {
                    work.push(Owned::Type(*elem));
                    work.extend(dims.into_iter().flatten().map(Owned::Expr));
                }
            },
            Owned::Stmt(s) => match s.kind {
                StmtKind::Expr(e) | StmtKind::Return(Some(e)) => work.push(Owned::Expr(e)),
                StmtKind::StaticAssert(sa) => work.push(Owned::Expr(sa.cond)),
                StmtKind::Var(v) => work.push(Owned::Var(v)),
                StmtKind::Typedef(t) => work.push(Owned::Type(t.ty)),
                StmtKind::TypeAlias(a) => work.push(Owned::Type(a.ty)),
                StmtKind::Struct(sd) => work.push(Owned::Struct(sd)),
                StmtKind::Block(b) => work.extend(b.stmts.into_iter().map(Owned::Stmt)),
                StmtKind::If { cond, then, else_ } => {
                    work.push(Owned::Expr(cond));
                    work.push(Owned::Stmt(*then));
                    work.extend(else_.map(|e| Owned::Stmt(*e)));
                }
                StmtKind::For { init, cond, step, body } => {
                    work.extend(init.map(|i| Owned::Stmt(*i)));
                    work.extend(cond.into_iter().chain(step).map(Owned::Expr));
                    work.push(Owned::Stmt(*body));
                }
                StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
                    work.push(Owned::Expr(cond));
                    work.push(Owned::Stmt(*body));
                }
                StmtKind::Switch { selector, cases, .. } => {
                    work.push(Owned::Expr(selector));
                    for c in cases {
                        for l in c.labels {
                            if let CaseLabel::Case(e) = l {
                                work.push(Owned::Expr(e));
                            }
                        }
                        work.extend(c.stmts.into_iter().map(Owned::Stmt));
                    }
                }
                _ => {}
            },
            Owned::Expr(e) => match e.kind {
                ExprKind::Name(p) => owned_path(p, &mut work),
                ExprKind::Unary { operand, .. } | ExprKind::SizeOfExpr(operand) => work.push(Owned::Expr(*operand)),
                ExprKind::Binary { lhs, rhs, .. }
                | ExprKind::Assign { lhs, rhs, .. }
                | ExprKind::Comma { lhs, rhs }
                | ExprKind::Index { base: lhs, index: rhs } => {
                    work.push(Owned::Expr(*lhs));
                    work.push(Owned::Expr(*rhs));
                }
                ExprKind::Conditional { cond, accept, reject } => {
                    work.extend([cond, accept, reject].into_iter().map(|e| Owned::Expr(*e)));
                }
                ExprKind::Call { callee, args } => {
                    work.push(Owned::Expr(*callee));
                    work.extend(args.into_iter().map(Owned::Expr));
                }
                ExprKind::Construct { ty, args } => {
                    work.push(Owned::Type(*ty));
                    work.extend(args.into_iter().map(Owned::Expr));
                }
                ExprKind::Cast { ty, array, expr } => {
                    work.push(Owned::Type(*ty));
                    work.extend(array.into_iter().flatten().map(Owned::Expr));
                    work.push(Owned::Expr(*expr));
                }
                ExprKind::Member { base, template_args, .. } => {
                    work.push(Owned::Expr(*base));
                    owned_template_args(template_args.unwrap_or_default(), &mut work);
                }
                ExprKind::InitList(items) => work.extend(items.into_iter().map(Owned::Expr)),
                ExprKind::SizeOfType(ty) => work.push(Owned::Type(*ty)),
                _ => {}
            },
        }
    }
}

fn owned_path(p: Path, work: &mut Vec<Owned>) {
    for seg in p.segments {
        owned_template_args(seg.template_args.map(Vec::from).unwrap_or_default(), work);
    }
}

fn owned_template_args(args: Vec<TemplateArg>, work: &mut Vec<Owned>) {
    for a in args {
        match a {
            TemplateArg::Type(t) => work.push(Owned::Type(t)),
            TemplateArg::Expr(e) => work.push(Owned::Expr(e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chain(n: usize) -> Expr {
        let leaf = || Expr { kind: ExprKind::This, span: Span::UNDEFINED };
        let mut e = leaf();
        for _ in 0..n {
            e = Expr {
                kind: ExprKind::Binary { op: BinaryOp::Add, lhs: Box::new(e), rhs: Box::new(leaf()) },
                span: Span::UNDEFINED,
            };
        }
        e
    }

    #[test]
    fn measures_and_dismantles_deep_trees_without_recursion() {
        let e = chain(200_000);
        assert!(deeper_than(Node::Expr(&e), MAX_TREE_DEPTH, &mut Vec::new()));
        dismantle(Owned::Expr(e));
        let shallow = chain(10);
        assert!(!deeper_than(Node::Expr(&shallow), 11, &mut Vec::new()));
        assert!(deeper_than(Node::Expr(&shallow), 10, &mut Vec::new()));
        let at_limit = chain(MAX_TREE_DEPTH - 1);
        assert!(!deeper_than(Node::Expr(&at_limit), MAX_TREE_DEPTH, &mut Vec::new()));
        assert!(deeper_than(Node::Expr(&chain(MAX_TREE_DEPTH)), MAX_TREE_DEPTH, &mut Vec::new()));
    }
}
