//! Declaration modifiers: which storage classes, type modifiers, interpolation modifiers and
//! parameter directions each kind of declaration accepts, with DXC's rules and messages.
//!
//! HLSL's parser accepts any qualifier before any declaration; DXC then reports the
//! combinations that make no sense (`in` on a global, `static` on a parameter, `linear` on
//! a local variable, `nointerpolation` with `linear`, `row_major` on a vector …). The checks
//! here run on the qualifiers as written, before the declaration is analysed; a declaration
//! with a bad modifier is still analysed (the module is not produced anyway), so that later
//! uses of its name do not cascade into more errors.

use super::Analyzer;
use crate::ty::{ScalarKind, TypeId, TypeInner};
use hlslc_grammar::ast::{Qualifier, Qualifiers};
use hlslc_grammar::Span;

/// The kind of declaration the qualifiers are written on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DeclKind {
    LocalVariable,
    GlobalVariable,
    Field,
    Typedef,
    Function,
    Method,
    Parameter,
}

impl DeclKind {
    fn noun(self) -> &'static str {
        match self {
            DeclKind::LocalVariable => "local variable",
            DeclKind::GlobalVariable => "global variable",
            DeclKind::Field => "field",
            DeclKind::Typedef => "typedef",
            DeclKind::Function => "function",
            DeclKind::Method => "method",
            DeclKind::Parameter => "parameter",
        }
    }
}

fn name(q: Qualifier) -> &'static str {
    hlslc_grammar::parser::keywords::qualifier_name(q)
}

impl Analyzer<'_> {
    /// Reports modifiers that `kind` does not accept and combinations that exclude each other.
    /// Returns false if something was reported.
    pub(crate) fn check_modifiers(&mut self, quals: &Qualifiers, kind: DeclKind) -> bool {
        use DeclKind::*;
        use Qualifier as Q;
        let errors_before = self.diags.iter().filter(|d| d.is_error()).count();
        let has = |q: Q| quals.has(q);
        let at = |q: Q| quals.span_of(q).unwrap_or(Span::UNDEFINED);
        let noun = kind.noun();
        let not_valid = |a: &mut Self, q: Q| {
            a.error("E0310", at(q), format!("`{}` is not a valid modifier for a {noun}", name(q)));
        };
        let together = |a: &mut Self, q: Q, other: Q| {
            a.error("E0310", at(q), format!("`{}` and `{}` cannot be used together for a {noun}", name(other), name(q)));
        };
        // Duplicates are harmless (a warning in DXC); report each modifier once below.
        let mut seen: Vec<Q> = Vec::new();
        for &(q, span) in &quals.list {
            if seen.contains(&q) {
                if !matches!(q, Q::In | Q::Out | Q::InOut) {
                    self.warning("W0311", "duplicate-decl-specifier", span, format!("duplicate modifier `{}`", name(q)));
                }
                continue;
            }
            seen.push(q);
            match q {
                Q::Volatile => {
                    self.error("E0310", span, "`volatile` is a reserved keyword in HLSL").help("remove it: HLSL has no volatile variables");
                }
                Q::Extern if !matches!(kind, Function | GlobalVariable) => not_valid(self, q),
                Q::Static if !matches!(kind, LocalVariable | GlobalVariable | Function | Method | Field) => not_valid(self, q),
                Q::Const if kind == Field && !has(Q::Static) => not_valid(self, q),
                Q::Shared if kind != GlobalVariable => not_valid(self, q),
                Q::GroupShared if !matches!(kind, GlobalVariable | Parameter) => not_valid(self, q),
                Q::Uniform if !matches!(kind, GlobalVariable | Parameter) => not_valid(self, q),
                Q::In | Q::Out | Q::InOut if kind != Parameter => {
                    self.error("E0310", span, format!("`{}` is only valid on a parameter", name(q)));
                }
                Q::NoInterpolation | Q::Linear | Q::Center | Q::NoPerspective | Q::Sample | Q::Centroid
                    if !matches!(kind, Parameter | Field | Function) =>
                {
                    not_valid(self, q)
                }
                Q::Point | Q::Line | Q::LineAdj | Q::Triangle | Q::TriangleAdj | Q::Vertices | Q::Primitives | Q::Indices | Q::Payload
                    if kind != Parameter =>
                {
                    not_valid(self, q)
                }
                Q::Export if kind != Function => not_valid(self, q),
                Q::Inline if !matches!(kind, Function | Method) => {
                    self.error("E0310", span, "`inline` can only appear on functions");
                }
                _ => {}
            }
        }
        // Storage classes exclude each other.
        if has(Q::Static) && has(Q::Extern) {
            let (first, second) = if at(Q::Static).start < at(Q::Extern).start { (Q::Static, Q::Extern) } else { (Q::Extern, Q::Static) };
            self.error("E0310", at(second), format!("`{}` cannot be combined with `{}`", name(second), name(first)));
        }
        for q in [Q::Uniform, Q::Shared, Q::Export] {
            if has(Q::Static) && has(q) {
                together(self, q, Q::Static);
            }
        }
        if has(Q::GroupShared) && has(Q::Extern) {
            together(self, Q::GroupShared, Q::Extern);
        }
        if kind == Parameter && has(Q::GroupShared) {
            for usage in [Q::In, Q::Out, Q::InOut] {
                if has(usage) {
                    together(self, usage, Q::GroupShared);
                }
            }
        }
        // Interpolation modes.
        let linear_like = [Q::Linear, Q::Center, Q::NoPerspective, Q::Sample, Q::Centroid];
        let first_linear = quals.list.iter().find(|(q, _)| linear_like.contains(q)).map(|(q, _)| *q);
        if let (true, Some(l)) = (has(Q::NoInterpolation), first_linear) {
            together(self, Q::NoInterpolation, l);
        }
        let topology = [Q::Point, Q::Line, Q::LineAdj, Q::Triangle, Q::TriangleAdj];
        let topologies: Vec<Q> = quals.list.iter().map(|(q, _)| *q).filter(|q| topology.contains(q)).collect();
        if let Some(w) = topologies.windows(2).find(|w| w[0] != w[1]) {
            together(self, w[1], w[0]);
        }
        if has(Q::Uniform) {
            let other = first_linear.or(has(Q::NoInterpolation).then_some(Q::NoInterpolation)).or(topologies.first().copied());
            if let Some(o) = other {
                together(self, Q::Uniform, o);
            }
            for usage in [Q::Out, Q::InOut] {
                if has(usage) {
                    together(self, Q::Uniform, usage);
                }
            }
        }
        if has(Q::RowMajor) && has(Q::ColumnMajor) {
            self.error("E0310", at(Q::ColumnMajor), "`row_major` and `column_major` cannot be used together");
        }
        if has(Q::Snorm) && has(Q::Unorm) {
            self.error("E0310", at(Q::Snorm), "`unorm` and `snorm` cannot be used together");
        }
        self.diags.iter().filter(|d| d.is_error()).count() == errors_before
    }

    /// Modifiers that need a particular type: `row_major`/`column_major` a matrix,
    /// `snorm`/`unorm` a float type, `globallycoherent` and `reordercoherent` a read-write
    /// resource (`globallycoherent` also a read-write node input) (`reordercoherent` has no effect: WebGPU does not reorder invocations).
    pub(crate) fn check_type_modifiers(&mut self, quals: &Qualifiers, ty: TypeId) {
        use Qualifier as Q;
        let mut elem = ty;
        while let TypeInner::Array { base, .. } = *self.module.types.get(elem) {
            elem = base;
        }
        let inner = *self.module.types.get(elem);
        for q in [Q::RowMajor, Q::ColumnMajor] {
            if let Some(span) = quals.span_of(q) {
                if !matches!(inner, TypeInner::Matrix { .. }) {
                    let t = self.type_name(ty);
                    self.error("E0310", span, format!("`{}` can only be used with a matrix type", name(q))).note(format!("the type is `{t}`"));
                }
            }
        }
        for q in [Q::Snorm, Q::Unorm] {
            if let Some(span) = quals.span_of(q) {
                // Any floating-point component, `double` included (DXC: `isFloatingType`).
                let float = self.module.types.scalar_of(elem).is_some_and(|s| s.kind == ScalarKind::Float);
                if !float {
                    let t = self.type_name(ty);
                    self.error("E0310", span, "`snorm` and `unorm` can only be used on floating-point types").note(format!("the type is `{t}`"));
                }
            }
        }
        for (q, name) in [(Q::GloballyCoherent, "globallycoherent"), (Q::ReorderCoherent, "reordercoherent")] {
            let Some(span) = quals.span_of(q) else { continue };
            let rw = matches!(
                inner,
                TypeInner::Resource(crate::ty::Resource::StructuredBuffer { kind: crate::ty::StructuredKind::ReadWrite | crate::ty::StructuredKind::Append | crate::ty::StructuredKind::Consume, .. })
                    | TypeInner::Resource(crate::ty::Resource::ByteAddressBuffer { access: crate::ty::Access::ReadWrite })
                    | TypeInner::Resource(crate::ty::Resource::TypedBuffer { access: crate::ty::Access::ReadWrite, .. })
                    | TypeInner::Resource(crate::ty::Resource::Texture { access: crate::ty::Access::ReadWrite, .. })
            ) || (q == Q::GloballyCoherent && matches!(inner, TypeInner::Node { object, .. } if object.is_input() && object.writable()));
            if !rw {
                self.error("E0310", span, format!("`{name}` is not a valid modifier for a declaration of type `{}`", self.type_name(ty)))
                    .help(format!("`{name}` applies to read-write resources (UAVs)"));
            }
        }
    }
}
