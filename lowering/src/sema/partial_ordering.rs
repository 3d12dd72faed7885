//! Partial ordering of function templates and the template/non-template tie-breakers of overload
//! resolution, as C++ has them and DXC (clang's `isBetterOverloadCandidate`, unchanged for HLSL)
//! keeps them: where two candidates convert every argument equally well, a plain function beats a
//! template instance ([over.match.best]: F1 is not a template specialization, F2 is), and of two
//! template instances the one from the more specialized template wins ([temp.func.order]):
//! `f(vector<T, 2>)` over `f(vector<T, N>)` over `f(T)`, `f(Box<T>)` over `f(T)`.
//!
//! A template is at least as specialized as another when the other's parameter patterns match its
//! own, its template parameters standing for unique types and values ([temp.deduct.partial]); the
//! patterns are compared as written, a shorthand vector or matrix name (`float2`, `int3x3`) read
//! as its `vector<…>` / `matrix<…>` form.
//!
//! Also here: the part of deduction that can fail on a shape, a `vector<T, 2>` parameter against a
//! `float3` argument (C++ deduction requires the deduced parameter type to be the argument's).

use std::collections::HashMap;

use hlslc_grammar::ast;

use super::scope::{Template, TemplateItem};
use super::types::path_text;

/// Whether template `a`'s instance is the better of two candidates that convert the first `nargs`
/// arguments equally well: `a` is more specialized than `b`.
pub(super) fn more_specialized(a: &Template, b: &Template, nargs: usize) -> bool {
    at_least_as_specialized(a, b, nargs) && !at_least_as_specialized(b, a, nargs)
}

/// `b`'s parameter patterns match `a`'s, `a`'s template parameters standing for unique types and
/// values: every argument list `a` takes, `b` takes too.
fn at_least_as_specialized(a: &Template, b: &Template, nargs: usize) -> bool {
    let (TemplateItem::Function(ad), TemplateItem::Function(bd)) = (&a.item, &b.item) else { return false };
    if ad.params.len() < nargs || bd.params.len() < nargs {
        return false;
    }
    let mut binds = HashMap::new();
    ad.params.iter().zip(&bd.params).take(nargs).all(|(ap, bp)| {
        ap.array.len() == bp.array.len() && matches(&bp.ty, &ap.ty, &b.params, &a.params, &mut binds)
    })
}

/// Whether pattern `bp` (in template parameters `bt`) deduces from pattern `ap` (in `at`),
/// binding `bt`'s parameters consistently in `binds`.
fn matches(bp: &ast::TypeSpec, ap: &ast::TypeSpec, bt: &[ast::TemplateParam], at: &[ast::TemplateParam], binds: &mut HashMap<String, String>) -> bool {
    if let Some(name) = param_name(bp, bt) {
        return bind(binds, name, spec_text(ap));
    }
    match (&bp.kind, &ap.kind) {
        (ast::TypeKind::Qualified { ty: b, .. }, _) => matches(b, ap, bt, at, binds),
        (_, ast::TypeKind::Qualified { ty: a, .. }) => matches(bp, a, bt, at, binds),
        (ast::TypeKind::Named(b), ast::TypeKind::Named(a)) => {
            if param_name(ap, at).is_some() {
                // `a` is as general as a whole template parameter here; `b` is not.
                return false;
            }
            let (bn, bargs) = expanded(b);
            let (an, aargs) = expanded(a);
            if bn != an || bargs.len() != aargs.len() {
                return false;
            }
            bargs.iter().zip(&aargs).all(|(x, y)| arg_matches(x, y, bt, at, binds))
        }
        (ast::TypeKind::Array { elem: b, dims: bd }, ast::TypeKind::Array { elem: a, dims: ad }) => {
            bd.len() == ad.len() && matches(b, a, bt, at, binds)
        }
        _ => false,
    }
}

/// A template argument of a pattern against the other pattern's.
fn arg_matches(b: &ArgPattern, a: &ArgPattern, bt: &[ast::TemplateParam], at: &[ast::TemplateParam], binds: &mut HashMap<String, String>) -> bool {
    match (b, a) {
        (ArgPattern::Type(b), ArgPattern::Type(a)) => matches(b, a, bt, at, binds),
        (ArgPattern::Type(b), ArgPattern::Text(a)) => match param_name(b, bt) {
            Some(name) => bind(binds, name, a.clone()),
            None => spec_text(b) == *a,
        },
        (ArgPattern::Text(b), a) => {
            let a_text = match a {
                ArgPattern::Type(a) => spec_text(a),
                ArgPattern::Text(a) => a.clone(),
            };
            if bt.iter().any(|p| p.name.name.as_str() == b) {
                return bind(binds, b, a_text);
            }
            if at.iter().any(|p| p.name.name.as_str() == a_text) {
                // `a`'s own value parameter against a fixed value of `b`'s.
                return false;
            }
            *b == a_text
        }
    }
}

/// One template argument of a pattern: a type, or the text of a value (a literal or a name).
enum ArgPattern {
    Type(ast::TypeSpec),
    Text(String),
}

/// The template name and arguments of a named pattern, a shorthand vector or matrix name read as
/// `vector<T, N>` / `matrix<T, R, C>`.
fn expanded(p: &ast::Path) -> (String, Vec<ArgPattern>) {
    let last = p.segments.last().expect("a path has a segment");
    if let Some(args) = &last.template_args {
        let args = args
            .iter()
            .map(|a| match a {
                ast::TemplateArg::Type(t) => ArgPattern::Type(t.clone()),
                ast::TemplateArg::Expr(e) => match &e.kind {
                    ast::ExprKind::Name(n) => ArgPattern::Type(ast::TypeSpec { kind: ast::TypeKind::Named(n.clone()), span: e.span }),
                    ast::ExprKind::Literal(ast::Literal::Int { value, .. }) => ArgPattern::Text(value.to_string()),
                    other => ArgPattern::Text(format!("{other:?}")),
                },
            })
            .collect();
        return (path_text(p), args);
    }
    let name = path_text(p);
    if p.segments.len() == 1 {
        if let Some((scalar, dims)) = shorthand(&name) {
            let scalar_spec = ast::TypeSpec { kind: ast::TypeKind::Named(ast::Path::name(ast::Ident { name: ast::Name::from(scalar), span: p.span })), span: p.span };
            let mut args = vec![ArgPattern::Type(scalar_spec)];
            args.extend(dims.iter().map(|d| ArgPattern::Text(d.to_string())));
            let template = if dims.len() == 1 { "vector" } else { "matrix" };
            return (template.to_string(), args);
        }
    }
    (name, Vec::new())
}

/// `float2` → (`float`, [2]); `int3x4` → (`int`, [3, 4]).
fn shorthand(name: &str) -> Option<(&str, Vec<u32>)> {
    const SCALARS: [&str; 22] = [
        "bool", "int", "uint", "dword", "half", "float", "double", "min16float", "min10float", "min16int", "min12int", "min16uint", "int16_t", "uint16_t",
        "int32_t", "uint32_t", "int64_t", "uint64_t", "float16_t", "float32_t", "float64_t", "uint8_t4_packed",
    ];
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == 'x');
    let rest = &name[base.len()..];
    if rest.is_empty() || !SCALARS.contains(&base) {
        return None;
    }
    let dims: Option<Vec<u32>> = rest.split('x').map(|d| d.parse().ok().filter(|n| (1..=4).contains(n))).collect();
    let dims = dims?;
    (dims.len() <= 2).then_some((base, dims))
}

/// The name of the template parameter (of `params`) that pattern `t` is, alone.
fn param_name<'a>(t: &ast::TypeSpec, params: &'a [ast::TemplateParam]) -> Option<&'a str> {
    let ast::TypeKind::Named(p) = &t.kind else { return None };
    if p.global || p.segments.len() != 1 || p.segments[0].template_args.is_some() {
        return None;
    }
    params.iter().find(|q| q.name.name == p.segments[0].ident.name).map(|q| q.name.name.as_str())
}

/// Binds a parameter to what it stands for, or checks it stands for the same as before.
fn bind(binds: &mut HashMap<String, String>, name: &str, text: String) -> bool {
    match binds.get(name) {
        Some(t) => *t == text,
        None => {
            binds.insert(name.to_string(), text);
            true
        }
    }
}

/// A pattern's text, to compare concrete parts and bindings.
fn spec_text(t: &ast::TypeSpec) -> String {
    match &t.kind {
        ast::TypeKind::Named(p) => {
            let (name, args) = expanded(p);
            if args.is_empty() {
                return name;
            }
            let args: Vec<String> = args
                .iter()
                .map(|a| match a {
                    ArgPattern::Type(t) => spec_text(t),
                    ArgPattern::Text(s) => s.clone(),
                })
                .collect();
            format!("{name}<{}>", args.join(","))
        }
        ast::TypeKind::Qualified { ty, .. } => spec_text(ty),
        ast::TypeKind::Array { elem, dims } => format!("{}[{}]", spec_text(elem), dims.len()),
        other => format!("{other:?}"),
    }
}

/// A component count written in a `vector<…>` / `matrix<…>` parameter pattern.
pub(super) enum Count {
    /// A number: `2` in `vector<T, 2>`.
    Fixed(u32),
    /// Template parameter `i`: `N` in `vector<T, N>`.
    Param(usize),
    /// Anything else (an expression on parameters).
    Other,
}

/// The component counts a `vector<T, N>` / `matrix<T, R, C>` parameter pattern (or its
/// shorthand) writes, `None` where the pattern is no vector or matrix: deduction fails when the
/// argument's counts differ from the numbers or from what the parameters were deduced as
/// (`matrix<T, R, R>` does not deduce from a `float2x3`).
pub(super) fn counts(t: &ast::TypeSpec, params: &[ast::TemplateParam]) -> Option<(&'static str, Vec<Count>)> {
    let ast::TypeKind::Named(p) = &t.kind else { return None };
    let (name, args) = expanded(p);
    let kind = match name.as_str() {
        "vector" if args.len() == 2 => "vector",
        "matrix" if args.len() == 3 => "matrix",
        _ => return None,
    };
    let counts = args[1..]
        .iter()
        .map(|a| {
            let text = match a {
                ArgPattern::Text(s) => s.clone(),
                ArgPattern::Type(t) => match param_name(t, params) {
                    Some(name) => return params.iter().position(|q| q.name.name.as_str() == name).map_or(Count::Other, Count::Param),
                    None => spec_text(t),
                },
            };
            text.parse().map_or(Count::Other, Count::Fixed)
        })
        .collect();
    Some((kind, counts))
}

/// The template parameter (of `params`) that is the element type of a `vector<T, …>` /
/// `matrix<T, …>` parameter pattern, for the agreement of deductions (`f(vector<T, 2> a,
/// vector<T, 2> b)` takes no float2 with an int2).
pub(super) fn element_param(t: &ast::TypeSpec, params: &[ast::TemplateParam]) -> Option<usize> {
    let ast::TypeKind::Named(p) = &t.kind else { return None };
    let (name, args) = expanded(p);
    if !matches!(name.as_str(), "vector" | "matrix") {
        return None;
    }
    let ArgPattern::Type(element) = args.first()? else { return None };
    let name = param_name(element, params)?;
    params.iter().position(|q| q.name.name.as_str() == name)
}
