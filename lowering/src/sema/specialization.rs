//! Explicit and partial specializations of struct templates (`template<> struct S<0> { … }`,
//! `template<uint M> struct S<M, 0> { … }`, `template<typename T, int N, int M> struct
//! S<matrix<T, N, M> > { … }`), as C++ and DXC's HLSL 2021 have them.
//!
//! A specialization is kept as a template of its own, registered with its primary template
//! (`Analyzer::struct_specializations`) together with the argument patterns it matches.
//! Instantiating the primary with some arguments first looks for a matching specialization
//! (`call.rs`, `instantiate_as`): each pattern either is one of the specialization's
//! parameters (bound to the argument, the same each time it appears), `vector<T, N>` or
//! `matrix<T, R, C>` over parameters (matched against the parts of a vector or matrix type),
//! or a closed type or constant (evaluated and compared). Of the matching specializations the
//! one with the fewest parameters wins, which picks the explicit specialization over partial
//! ones and a partial one over the primary, as C++'s "more specialized" order does for the
//! patterns above.

use super::scope::TemplateArgValue;
use super::Analyzer;
use crate::ty::TypeInner;
use hlslc_grammar::ast;
use hlslc_grammar::Span;
use std::collections::HashMap;

impl Analyzer<'_> {
    pub(super) fn template_arg_text(&self, v: &TemplateArgValue) -> String {
        match v {
            TemplateArgValue::Type(ty) => self.type_name(*ty),
            TemplateArgValue::Value(n) => n.to_string(),
        }
    }

    /// The specialization of struct template `t` that arguments `values` select, with the
    /// values of its own parameters: of those whose arguments match, the one with the fewest
    /// parameters (C++ picks the most specialized; an explicit specialization has none).
    pub(super) fn match_specialization(&mut self, t: usize, values: &[TemplateArgValue]) -> Option<(usize, Vec<TemplateArgValue>)> {
        let specs = self.struct_specializations.get(&t)?.clone();
        let mut best: Option<(usize, Vec<TemplateArgValue>)> = None;
        for (spec, pattern) in specs {
            if pattern.len() != values.len() {
                continue;
            }
            let params = self.templates[spec].params.clone();
            let saved = std::mem::replace(&mut self.current_ns, self.templates[spec].ns);
            let mut bound: HashMap<String, TemplateArgValue> = HashMap::new();
            let ok = pattern.iter().zip(values).all(|(p, v)| self.match_pattern(p, v, &params, &mut bound));
            self.current_ns = saved;
            let deduced: Option<Vec<TemplateArgValue>> = params.iter().map(|p| bound.get(p.name.name.as_str()).cloned()).collect();
            if let (true, Some(deduced)) = (ok, deduced) {
                if best.as_ref().is_none_or(|(b, _)| self.templates[*b].params.len() > params.len()) {
                    best = Some((spec, deduced));
                }
            }
        }
        best
    }

    /// Matches one argument pattern of a specialization against an argument: a parameter
    /// of the specialization binds to it, `vector<T, N>` and `matrix<T, R, C>` match the
    /// parts of a vector or matrix type, and a pattern without parameters is evaluated and
    /// compared.
    fn match_pattern(&mut self, pattern: &ast::TemplateArg, value: &TemplateArgValue, params: &[ast::TemplateParam], bound: &mut HashMap<String, TemplateArgValue>) -> bool {
        let single_name = match pattern {
            ast::TemplateArg::Type(ast::TypeSpec { kind: ast::TypeKind::Named(p), .. }) | ast::TemplateArg::Expr(ast::Expr { kind: ast::ExprKind::Name(p), .. })
                if p.segments.len() == 1 && p.segments[0].template_args.is_none() =>
            {
                Some(p.segments[0].ident.name.as_str().to_owned())
            }
            _ => None,
        };
        if let Some(name) = single_name.filter(|n| params.iter().any(|p| &p.name.name == n)) {
            return match bound.get(&name) {
                Some(prev) => prev == value,
                None => {
                    bound.insert(name, value.clone());
                    true
                }
            };
        }
        let text = format!("{pattern:?}");
        let mentions_param = params.iter().any(|p| text.contains(&format!("name: {:?}", p.name.name)));
        if mentions_param {
            // `vector<T, N>` / `matrix<T, R, C>` against a vector or matrix type.
            let ast::TemplateArg::Type(ast::TypeSpec { kind: ast::TypeKind::Named(p), .. }) = pattern else { return false };
            let (Some(last), TemplateArgValue::Type(ty)) = (p.segments.last(), value) else { return false };
            let args = last.template_args.as_deref().unwrap_or(&[]);
            let parts: Vec<TemplateArgValue> = match (last.ident.name.as_str(), *self.module.types.get(*ty)) {
                ("vector", TypeInner::Vector { scalar, size }) => vec![TemplateArgValue::Type(self.module.types.scalar(scalar)), TemplateArgValue::Value(size as i64)],
                ("matrix", TypeInner::Matrix { scalar, rows, cols }) => {
                    vec![TemplateArgValue::Type(self.module.types.scalar(scalar)), TemplateArgValue::Value(rows as i64), TemplateArgValue::Value(cols as i64)]
                }
                _ => return false,
            };
            return args.len() == parts.len() && args.iter().zip(&parts).all(|(a, v)| self.match_pattern(a, v, params, bound));
        }
        let evaluated = match value {
            TemplateArgValue::Type(_) => self.template_type_arg(pattern, pattern_span(pattern)).map(TemplateArgValue::Type),
            TemplateArgValue::Value(_) => self.template_int_arg(pattern).map(TemplateArgValue::Value),
        };
        evaluated.as_ref() == Some(value)
    }
}

fn pattern_span(arg: &ast::TemplateArg) -> Span {
    match arg {
        ast::TemplateArg::Type(t) => t.span,
        ast::TemplateArg::Expr(e) => e.span,
    }
}
