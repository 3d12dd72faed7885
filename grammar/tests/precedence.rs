//! Operator precedence and associativity, pinned against C's table (C11 §6.5) written out here
//! independently of the parser's: binary operators are parsed as flat chains and grouped by a
//! precedence table in `actions.rs`, so a wrong entry there changes trees silently.
//!
//! Every ordered pair of binary operators is parsed as `x a y b z` and must group as
//! `(x a y) b z` when `a` binds at least as tightly as `b` (all are left-associative), and as
//! `x a (y b z)` otherwise; spans must cover exactly the operands grouped. The other operators
//! (`?:`, assignment, comma, casts, unary) are checked on small cases.

use hlslc_grammar::ast::*;
use hlslc_grammar::parser::parse_source;
use hlslc_grammar::source::SourceMap;

/// C's binary operators from tightest to loosest; operators on one line bind equally.
const LEVELS: &[&[&str]] = &[
    &["*", "/", "%"],
    &["+", "-"],
    &["<<", ">>"],
    &["<", ">", "<=", ">="],
    &["==", "!="],
    &["&"],
    &["^"],
    &["|"],
    &["&&"],
    &["||"],
];

fn level(op: &str) -> usize {
    LEVELS.iter().position(|l| l.contains(&op)).unwrap()
}

/// The expression of the single statement in `void f() { <text>; }`, and the source map its
/// spans refer to.
fn parse_expr(text: &str) -> (Expr, SourceMap) {
    let prefix = "void f() { ";
    let source = format!("{prefix}{text}; }}");
    let (map, unit, diagnostics) = parse_source("t.hlsl", &source);
    assert!(diagnostics.is_empty(), "{text}: {diagnostics:?}");
    let ItemKind::Function(f) = &unit.items[0].kind else { panic!("{text}: not a function") };
    let body = f.body.as_ref().unwrap();
    let StmtKind::Expr(e) = &body.stmts[0].kind else { panic!("{text}: not an expression statement") };
    (e.clone(), map)
}

/// The tree as a string: `(x + y)`; names print as themselves.
fn show(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Name(p) => p.segments[0].ident.name.as_str().to_owned(),
        ExprKind::Literal(Literal::Int { value, .. }) => value.to_string(),
        ExprKind::Binary { op, lhs, rhs } => format!("({} {} {})", show(lhs), op.as_str(), show(rhs)),
        ExprKind::Assign { op, lhs, rhs } => {
            format!("({} {}= {})", show(lhs), op.map_or("", |o| o.as_str()), show(rhs))
        }
        ExprKind::Conditional { cond, accept, reject } => {
            format!("({} ? {} : {})", show(cond), show(accept), show(reject))
        }
        ExprKind::Comma { lhs, rhs } => format!("({}, {})", show(lhs), show(rhs)),
        ExprKind::Unary { op: op @ (UnaryOp::PostInc | UnaryOp::PostDec), operand } => {
            format!("({}{})", show(operand), op.as_str())
        }
        ExprKind::Unary { op, operand } => format!("({}{})", op.as_str(), show(operand)),
        ExprKind::Cast { expr, .. } => format!("(cast {})", show(expr)),
        ExprKind::Call { callee, args } => {
            format!("{}({})", show(callee), args.iter().map(show).collect::<Vec<_>>().join(", "))
        }
        ExprKind::Index { base, index } => format!("{}[{}]", show(base), show(index)),
        ExprKind::Member { base, member, .. } => format!("{}.{}", show(base), member.name),
        other => panic!("unexpected node {other:?}"),
    }
}

/// Checks that every node's span covers exactly its text: the span's text, reparsed, prints
/// the same tree.
fn check_spans(e: &Expr, map: &SourceMap) {
    let text = map.snippet(e.span).unwrap();
    let (again, _) = parse_expr(text);
    assert_eq!(show(&again), show(e), "span of {} is `{text}`", show(e));
    match &e.kind {
        ExprKind::Binary { lhs, rhs, .. } | ExprKind::Assign { lhs, rhs, .. } | ExprKind::Comma { lhs, rhs } => {
            check_spans(lhs, map);
            check_spans(rhs, map);
        }
        ExprKind::Conditional { cond, accept, reject } => {
            for part in [cond, accept, reject] {
                check_spans(part, map);
            }
        }
        _ => {}
    }
}

#[test]
fn every_pair_of_binary_operators() {
    let ops: Vec<&str> = LEVELS.iter().flat_map(|l| l.iter().copied()).collect();
    assert_eq!(ops.len(), 18);
    for a in &ops {
        for b in &ops {
            let text = format!("x {a} y {b} z");
            let expected =
                if level(a) <= level(b) { format!("((x {a} y) {b} z)") } else { format!("(x {a} (y {b} z))") };
            let (e, map) = parse_expr(&text);
            assert_eq!(show(&e), expected, "`{text}`");
            check_spans(&e, &map);
        }
    }
}

#[test]
fn long_chains() {
    // Loosest to tightest: each operator takes the rest of the chain as its right operand.
    let rising = "a || b && c | d ^ e & f == g < h << i + j * k";
    let (e, _) = parse_expr(rising);
    assert_eq!(show(&e), "(a || (b && (c | (d ^ (e & (f == (g < (h << (i + (j * k))))))))))");
    // Tightest to loosest: each operator takes everything before it as its left operand.
    let falling = "a * b + c << d < e == f & g ^ h | i && j || k";
    let (e, map) = parse_expr(falling);
    assert_eq!(show(&e), "((((((((((a * b) + c) << d) < e) == f) & g) ^ h) | i) && j) || k)");
    check_spans(&e, &map);
    // Mixed: a tighter run inside a looser one, and back.
    let mixed = "a + b * c * d - e << f * g + h";
    let (e, map) = parse_expr(mixed);
    assert_eq!(show(&e), "(((a + ((b * c) * d)) - e) << ((f * g) + h))");
    check_spans(&e, &map);
    // Same precedence, long: left-associative.
    let (e, _) = parse_expr("a - b - c - d - e");
    assert_eq!(show(&e), "((((a - b) - c) - d) - e)");
}

#[test]
fn other_operators() {
    let cases = [
        // `?:` and assignment are right-associative; `?:` binds looser than `||`.
        ("a ? b : c ? d : e", "(a ? b : (c ? d : e))"),
        ("a || b ? c : d", "((a || b) ? c : d)"),
        ("a ? b, c : d", "(a ? (b, c) : d)"),
        ("a = b = c", "(a = (b = c))"),
        ("a += b -= c", "(a += (b -= c))"),
        ("a = b ? c : d", "(a = (b ? c : d))"),
        ("a ? b : c = d", "(a ? b : (c = d))"),
        ("a = b + c * d", "(a = (b + (c * d)))"),
        // Comma is the loosest and left-associative.
        ("a = b, c = d, e", "(((a = b), (c = d)), e)"),
        // Unary and cast operators bind tighter than any binary operator.
        ("-a * b", "((-a) * b)"),
        ("!a && b", "((!a) && b)"),
        ("~a & b", "((~a) & b)"),
        ("(float)a * b", "((cast a) * b)"),
        ("(int)a + (uint)b", "((cast a) + (cast b))"),
        ("-(float)a", "(-(cast a))"),
        // Postfix binds tighter than prefix.
        ("-a[1]", "(-a[1])"),
        ("-a.x * b", "((-a.x) * b)"),
        ("++a + b++", "((++a) + (b++))"),
        ("f(a + b, c) * d", "(f((a + b), c) * d)"),
        // Parentheses group.
        ("(a + b) * c", "((a + b) * c)"),
        ("a * (b + c)", "(a * (b + c))"),
        ("a - (b - c)", "(a - (b - c))"),
    ];
    for (text, expected) in cases {
        let (e, map) = parse_expr(text);
        assert_eq!(show(&e), expected, "`{text}`");
        check_spans(&e, &map);
    }
}
