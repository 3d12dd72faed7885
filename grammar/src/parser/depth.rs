//! The tree-depth limit.
//!
//! The generated parser keeps its stack on the heap, but every later pass (and the AST's own
//! `Drop`, `Clone` and `PartialEq`) recurses over the tree. Bracket nesting is bounded by the
//! token adapter ([`super::adapter::MAX_NESTING`]), but some constructs nest without brackets:
//! a chain `a + a + … + a` of 100 000 terms is a tree 100 000 levels deep, and so are long
//! `else if` ladders, `- - - x` and `x = y = z = …`. This pass measures the depth of every
//! top-level declaration with an explicit stack; a declaration deeper than [`MAX_TREE_DEPTH`]
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
    for item in &mut unit.items {
        if depth(Node::Item(item)) <= MAX_TREE_DEPTH {
            continue;
        }
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

/// The depth of the tree below `root`, measured without recursion.
fn depth(root: Node) -> usize {
    let mut max = 0;
    // The nodes still to visit and their depths, side by side: children are pushed straight
    // onto `nodes`, and `depths` is then filled up to the same length.
    let mut nodes = vec![root];
    let mut depths = vec![1usize];
    while let (Some(node), Some(d)) = (nodes.pop(), depths.pop()) {
        max = max.max(d);
        if d > MAX_TREE_DEPTH {
            return d;
        }
        borrowed_children(node, &mut nodes);
        depths.resize(nodes.len(), d + 1);
    }
    max
}

fn borrowed_children<'a>(node: Node<'a>, out: &mut Vec<Node<'a>>) {
    let exprs = |out: &mut Vec<Node<'a>>, es: &'a [Expr]| out.extend(es.iter().map(Node::Expr));
    let dims = |out: &mut Vec<Node<'a>>, ds: &'a [Option<Expr>]| out.extend(ds.iter().flatten().map(Node::Expr));
    match node {
        Node::Item(item) => match &item.kind {
            ItemKind::Variable(v) => out.push(Node::Var(v)),
            ItemKind::Function(f) => {
                out.push(Node::Type(&f.return_ty));
                for p in &f.params {
                    out.push(Node::Type(&p.ty));
                    dims(out, &p.array);
                    out.extend(p.default.iter().map(Node::Expr));
                }
                if let Some(b) = &f.body {
                    out.extend(b.stmts.iter().map(Node::Stmt));
                }
            }
            ItemKind::Struct(s) => struct_children(s, out),
            ItemKind::Typedef(t) => {
                out.push(Node::Type(&t.ty));
                t.names.iter().for_each(|(_, a)| dims(out, a));
            }
            ItemKind::TypeAlias(a) => out.push(Node::Type(&a.ty)),
            ItemKind::ConstantBuffer(c) => out.extend(c.members.iter().map(Node::Item)),
            ItemKind::Namespace(n) => out.extend(n.items.iter().map(Node::Item)),
            ItemKind::Enum(e) => out.extend(e.variants.iter().filter_map(|v| v.value.as_ref()).map(Node::Expr)),
            ItemKind::StaticAssert(sa) => out.push(Node::Expr(&sa.cond)),
            _ => {}
        },
        Node::Var(v) => {
            out.push(Node::Type(&v.ty));
            out.extend(v.declarators.iter().map(Node::Declarator));
        }
        Node::Declarator(d) => {
            dims(out, &d.array);
            out.extend(d.annotations.iter().map(Node::Var));
            out.extend(d.bit_width.iter().map(Node::Expr));
            if let Some(Initializer::Expr(e)) = &d.init {
                out.push(Node::Expr(e));
            }
        }
        Node::Type(t) => match &t.kind {
            TypeKind::Named(p) => path_children(p, out),
            TypeKind::Struct(s) => struct_children(s, out),
            TypeKind::Qualified { ty, .. } => out.push(Node::Type(ty)),
            TypeKind::Decltype(e) => out.push(Node::Expr(e)),
            TypeKind::Array { elem, dims: d } => {
                out.push(Node::Type(elem));
                dims(out, d);
            }
        },
        Node::Stmt(s) => match &s.kind {
            StmtKind::Expr(e) | StmtKind::Return(Some(e)) => out.push(Node::Expr(e)),
            StmtKind::StaticAssert(sa) => out.push(Node::Expr(&sa.cond)),
            StmtKind::Var(v) => out.push(Node::Var(v)),
            StmtKind::Typedef(t) => out.push(Node::Type(&t.ty)),
            StmtKind::TypeAlias(a) => out.push(Node::Type(&a.ty)),
            StmtKind::Struct(sd) => struct_children(sd, out),
            StmtKind::Block(b) => out.extend(b.stmts.iter().map(Node::Stmt)),
            StmtKind::If { cond, then, else_ } => {
                out.push(Node::Expr(cond));
                out.push(Node::Stmt(then));
                out.extend(else_.iter().map(|e| Node::Stmt(e)));
            }
            StmtKind::For { init, cond, step, body } => {
                out.extend(init.iter().map(|i| Node::Stmt(i)));
                out.extend(cond.iter().chain(step.iter()).map(Node::Expr));
                out.push(Node::Stmt(body));
            }
            StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
                out.push(Node::Expr(cond));
                out.push(Node::Stmt(body));
            }
            StmtKind::Switch { selector, cases, .. } => {
                out.push(Node::Expr(selector));
                for c in cases {
                    for l in &c.labels {
                        if let CaseLabel::Case(e) = l {
                            out.push(Node::Expr(e));
                        }
                    }
                    out.extend(c.stmts.iter().map(Node::Stmt));
                }
            }
            _ => {}
        },
        Node::Expr(e) => match &e.kind {
            ExprKind::Name(p) => path_children(p, out),
            ExprKind::Unary { operand, .. } | ExprKind::SizeOfExpr(operand) => out.push(Node::Expr(operand)),
            ExprKind::Binary { lhs, rhs, .. } | ExprKind::Assign { lhs, rhs, .. } | ExprKind::Comma { lhs, rhs } => {
                out.push(Node::Expr(lhs));
                out.push(Node::Expr(rhs));
            }
            ExprKind::Index { base: lhs, index: rhs } => {
                out.push(Node::Expr(lhs));
                out.push(Node::Expr(rhs));
            }
            ExprKind::Conditional { cond, accept, reject } => {
                out.extend([cond, accept, reject].into_iter().map(|e| Node::Expr(e)));
            }
            ExprKind::Call { callee, args } => {
                out.push(Node::Expr(callee));
                exprs(out, args);
            }
            ExprKind::Construct { ty, args } => {
                out.push(Node::Type(ty));
                exprs(out, args);
            }
            ExprKind::Cast { ty, array, expr } => {
                out.push(Node::Type(ty));
                dims(out, array);
                out.push(Node::Expr(expr));
            }
            ExprKind::Member { base, template_args, .. } => {
                out.push(Node::Expr(base));
                template_arg_children(template_args.as_deref().unwrap_or_default(), out);
            }
            ExprKind::InitList(items) => exprs(out, items),
            ExprKind::SizeOfType(ty) => out.push(Node::Type(ty)),
            _ => {}
        },
    }
}

fn struct_children<'a>(s: &'a StructDecl, out: &mut Vec<Node<'a>>) {
    out.extend(s.members.iter().flatten().map(Node::Item));
    out.extend(s.declarators.iter().map(Node::Declarator));
}

fn path_children<'a>(p: &'a Path, out: &mut Vec<Node<'a>>) {
    for seg in &p.segments {
        template_arg_children(seg.template_args.as_deref().unwrap_or_default(), out);
    }
}

fn template_arg_children<'a>(args: &'a [TemplateArg], out: &mut Vec<Node<'a>>) {
    for a in args {
        match a {
            TemplateArg::Type(t) => out.push(Node::Type(t)),
            TemplateArg::Expr(e) => out.push(Node::Expr(e)),
        }
    }
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
        assert!(depth(Node::Expr(&e)) > MAX_TREE_DEPTH);
        dismantle(Owned::Expr(e));
        let shallow = chain(10);
        assert_eq!(depth(Node::Expr(&shallow)), 11);
    }
}
