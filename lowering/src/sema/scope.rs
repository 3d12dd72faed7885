//! Symbol tables and name lookup.
//!
//! Names live in three kinds of tables:
//! - namespaces (the global namespace is namespace 0), holding globals, functions, types,
//!   templates, enum values and nested namespaces;
//! - structs ([`StructInfo`]), holding fields, methods, static members and nested types;
//! - block scopes of the function being analysed, holding locals, parameters and local types.
//!
//! Unqualified lookup goes from the innermost block outwards, then through the members of the
//! struct whose method is being analysed, then through the enclosing namespaces to the global
//! one — C++'s order, which DXC follows.

use hlslc_grammar::name::Name;
use super::Analyzer;
use crate::tir::{FuncId, GlobalId, LocalId, ParamId};
use crate::ty::{StructId, TypeId};
use hlslc_grammar::ast;
use rustc_hash::FxHashMap;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct NsId(pub u32);

/// What a name means.
#[derive(Clone, Debug)]
pub(crate) enum Symbol {
    Var(VarRef),
    /// An overload set: plain functions and function templates with this name.
    Functions(Vec<FnEntry>),
    Type(TypeId),
    /// A struct template (`template<typename T> struct S`), by index into `Analyzer::templates`.
    StructTemplate(usize),
    /// A variable template (`template<class T> static const bool v = …;`), by index into
    /// `Analyzer::templates`.
    VariableTemplate(usize),
    Namespace(NsId),
    /// An enum value: its value and its enum type.
    EnumValue { value: i64, ty: TypeId },
    /// A field of `this` inside a method (field index of the method's struct).
    ThisField(u32),
    /// A bit-field of `this` inside a method: its storage-unit field and index there.
    ThisBitField(u32, u32),
    /// A resource variable (local and `static` resource variables, and resource parameters of
    /// specialised functions): the global resources it denotes, bound at compile time as
    /// DXC's legalization requires (`resource_value.rs`).
    Alias(super::resource_value::ResBinding),
    /// A `const` local with a constant initializer: its value (usable in constant expressions
    /// such as `case` labels and array sizes, as in C++).
    Constant(crate::tir::Expr),
    /// A name whose declaration failed (already reported): uses are silently invalid.
    Error,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FnEntry {
    Func(FuncId),
    /// A function template, by index into `Analyzer::templates`.
    Template(usize),
}

/// A variable a name can refer to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum VarRef {
    Global(GlobalId),
    /// A member of a constant buffer (`cbuffer` block member or `$Globals` member), accessed as
    /// field `field` of the buffer's global.
    CBufferMember { buffer: GlobalId, field: u32 },
    Local(LocalId),
    Param(ParamId),
}

pub(crate) struct Namespace {
    pub parent: Option<NsId>,
    pub names: FxHashMap<String, Symbol>,
    /// The scratch namespace of a template instance (its template arguments).
    pub instance: bool,
}

impl Namespace {
    pub fn new(parent: Option<NsId>) -> Self {
        Namespace { parent, names: FxHashMap::default(), instance: false }
    }
}

/// Member tables of a struct.
#[derive(Default, Clone)]
pub(crate) struct StructInfo {
    /// Field name → field index.
    pub fields: FxHashMap<String, u32>,
    /// Bit-field name → (index of its storage-unit field, index in that field's `bit_fields`).
    pub bit_fields: FxHashMap<String, (u32, u32)>,
    /// Methods, static members, nested types, typedefs.
    pub members: FxHashMap<String, Symbol>,
    /// Base struct (single inheritance: the base's fields are copied first into the derived
    /// struct, so `fields` already contains them).
    pub base: Option<StructId>,
    /// The namespace the struct was declared in (for lookup from its methods).
    pub ns: Option<NsId>,
    /// A struct that only has a forward declaration so far.
    pub incomplete: bool,
    /// The struct this one is nested in (`struct L1 { struct Packed { … }; }`): names not
    /// found in a nested struct are looked up in the enclosing ones, as in C++.
    pub outer: Option<StructId>,
    /// Declared `struct [raypayload]` (`sema::payload`).
    pub raypayload: bool,
}

/// A template declaration kept for instantiation.
#[derive(Clone)]
pub(crate) struct Template {
    pub params: Vec<ast::TemplateParam>,
    pub item: TemplateItem,
    /// Namespace the template was declared in.
    pub ns: NsId,
    /// For member templates, the enclosing struct.
    pub owner: Option<StructId>,
}

#[derive(Clone)]
pub(crate) enum TemplateItem {
    Function(ast::FunctionDecl),
    Struct(ast::StructDecl),
    Alias(ast::TypeSpec),
    /// A variable template, or a specialization of one: the declaration of one variable.
    Variable(ast::VarDecl),
}

/// A template argument after analysis.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum TemplateArgValue {
    Type(TypeId),
    Value(i64),
}

/// An instantiated template.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Instance {
    Function(FuncId),
    Type(TypeId),
    /// A variable template's instance: a global.
    Global(crate::tir::GlobalId),
    /// Being instantiated (recursion guard), in the namespace holding its arguments once
    /// there is one: a struct instance is declared there before its members, which may name it
    /// (`static L<N> empty()` in `template<uint N> struct L`).
    InProgress(Option<super::NsId>),
}

impl Analyzer<'_> {
    /// Declares `name` in the current namespace (or the current block scope inside a
    /// function). Reports a redefinition unless both are function overloads.
    pub fn declare(&mut self, name: &str, symbol: Symbol, span: hlslc_grammar::Span) {
        self.any_alias |= matches!(symbol, Symbol::Alias(_));
        if let Some(f) = self.func.as_mut() {
            // The function body's outermost block shares the parameters' scope (C++): a local
            // there cannot take a parameter's name.
            if f.scopes.len() == 2 && matches!(symbol, Symbol::Var(_)) && matches!(f.scopes[0].get(name), Some(Symbol::Var(VarRef::Param(_)))) {
                self.error("E0301", span, format!("redefinition of parameter `{name}`")).help("rename the local variable, or declare it in a nested block");
                return;
            }
            if let Some(scope) = f.scopes.last_mut() {
                if scope.contains_key(name) && matches!(symbol, Symbol::Var(_)) {
                    if let Some(Symbol::Var(old)) = scope.get(name).cloned() {
                        if f.in_for_init {
                            // HLSL before 2021 (DXC's `for-redefinition`): the new variable
                            // replaces the old one.
                            let (old_ty, new_ty) = (self.var_type(old), match &symbol {
                                Symbol::Var(v) => self.var_type(*v),
                                _ => None,
                            });
                            let msg = match (old_ty, new_ty) {
                                (Some(a), Some(b)) if a != b => format!(
                                    "redefinition of `{name}` with a different type (`{}` vs `{}`) shadows the earlier declaration; the most recent one is used",
                                    self.type_name(b),
                                    self.type_name(a)
                                ),
                                _ => format!("redefinition of `{name}` shadows the earlier declaration; the most recent one is used"),
                            };
                            self.warning("W0308", "for-redefinition", span, msg)
                                .help("before HLSL 2021 a `for` loop's variables belong to the enclosing scope; rename the variable or compile with `-HV 2021`");
                            if let Some(scope) = self.func.as_mut().and_then(|f| f.scopes.last_mut()) {
                                scope.insert(Name::new(name), symbol);
                            }
                            return;
                        }
                        self.error("E0301", span, format!("redefinition of `{name}`"));
                        return;
                    }
                }
                scope.insert(Name::new(name), symbol);
                return;
            }
        }
        if self.func.is_none() {
            if let Some(&st) = self.struct_scopes.last() {
                let members = &mut self.struct_infos[st.0 as usize].members;
                match (members.get_mut(name), symbol) {
                    (Some(Symbol::Functions(set)), Symbol::Functions(new)) => set.extend(new.into_iter().filter(|e| !set.contains(e)).collect::<Vec<_>>()),
                    (Some(Symbol::Type(old)), Symbol::Type(new)) if *old == new => {}
                    (Some(_), _) => {
                        self.error("E0301", span, format!("redefinition of `{name}`"));
                    }
                    (None, symbol) => {
                        members.insert(name.to_string(), symbol);
                    }
                }
                return;
            }
        }
        let ns = self.current_ns;
        let names = &mut self.namespaces[ns.0 as usize].names;
        match (names.get_mut(name), symbol) {
            (Some(Symbol::Functions(set)), Symbol::Functions(new)) => {
                // A definition after its prototype declares the same function again.
                for e in new {
                    if !set.contains(&e) {
                        set.push(e);
                    }
                }
            }
            (Some(Symbol::Type(old)), Symbol::Type(new)) if *old == new => {}
            // As in C++, a variable may share its name with a struct (`ConstantBuffer<Constants>
            // Constants;`): the variable hides the type from then on.
            (Some(slot @ Symbol::Type(_)), symbol @ Symbol::Var(_)) => *slot = symbol,
            (Some(Symbol::Var(_)), Symbol::Type(_)) => {}
            (Some(Symbol::Namespace(_)), Symbol::Namespace(_)) => {}
            (Some(_), _) => {
                self.error("E0301", span, format!("redefinition of `{name}`"));
            }
            (None, symbol) => {
                names.insert(name.to_string(), symbol);
            }
        }
    }

    /// The type of a variable (for messages).
    fn var_type(&self, v: VarRef) -> Option<crate::ty::TypeId> {
        let f = self.func.as_ref()?;
        Some(match v {
            VarRef::Local(l) => f.locals.get(l.0 as usize)?.ty,
            VarRef::Param(p) => self.module.functions.get(f.id.0 as usize)?.params.get(p.0 as usize)?.ty,
            VarRef::Global(g) => self.module.globals.get(g.0 as usize)?.ty,
            VarRef::CBufferMember { .. } => return None,
        })
    }

    /// Unqualified lookup of `name` from the current position.
    pub fn lookup(&self, name: &str) -> Option<Symbol> {
        let found = self.lookup_unchecked(name);
        debug_assert!(self.any_alias || !matches!(found, Some(Symbol::Alias(_))), "resource variable `{name}` entered a table without setting `any_alias`");
        found
    }

    fn lookup_unchecked(&self, name: &str) -> Option<Symbol> {
        if let Some((_, s)) = self.enumerators.iter().rev().find(|(n, _)| n == name) {
            return Some(s.clone());
        }
        if let Some(f) = &self.func {
            for scope in f.scopes.iter().rev() {
                if let Some(s) = scope.get(name) {
                    return Some(s.clone());
                }
            }
            if let Some((st, has_this)) = f.this {
                if let Some(s) = self.lookup_member(st, name, has_this) {
                    return Some(s);
                }
            }
        }
        // Inside a struct body: its members and those of the structs around it.
        if let Some(&st) = self.struct_scopes.last() {
            if let Some(s) = self.lookup_member(st, name, false) {
                return Some(s);
            }
        }
        self.lookup_in_namespaces(self.current_ns, name)
    }

    /// Whether the current position is inside a template instance.
    pub fn in_template_instance(&self) -> bool {
        let mut current = Some(self.current_ns);
        while let Some(id) = current {
            let n = &self.namespaces[id.0 as usize];
            if n.instance {
                return true;
            }
            current = n.parent;
        }
        false
    }

    /// Looks `name` up in `ns` and its parents.
    pub fn lookup_in_namespaces(&self, ns: NsId, name: &str) -> Option<Symbol> {
        let mut current = Some(ns);
        while let Some(id) = current {
            let n = &self.namespaces[id.0 as usize];
            if let Some(s) = n.names.get(name) {
                return Some(s.clone());
            }
            current = n.parent;
        }
        None
    }

    /// Looks a member up in a struct and its bases. Fields become `this` places only when
    /// `has_this`.
    pub fn lookup_member(&self, st: StructId, name: &str, has_this: bool) -> Option<Symbol> {
        let mut current = Some(st);
        while let Some(s) = current {
            let info = self.struct_infos.get(s.0 as usize)?;
            if has_this && s == st {
                if let Some(&field) = info.fields.get(name) {
                    return Some(Symbol::ThisField(field));
                }
                if let Some(&(field, k)) = info.bit_fields.get(name) {
                    return Some(Symbol::ThisBitField(field, k));
                }
            }
            if let Some(sym) = info.members.get(name) {
                return Some(sym.clone());
            }
            current = info.base;
        }
        // Then the enclosing structs (their static members and nested types).
        let outer = self.struct_infos.get(st.0 as usize)?.outer?;
        self.lookup_member(outer, name, false)
    }

    /// Qualified lookup: `a::b::c` (also `::c`, `S::k`, `S::f`, `E::Value`).
    pub fn lookup_path(&self, path: &ast::Path) -> Option<Symbol> {
        let mut segments = path.segments.iter();
        let first = segments.next()?;
        let sym = if path.global {
            self.namespaces[0].names.get(first.ident.name.as_str()).cloned()?
        } else {
            self.lookup(&first.ident.name)?
        };
        self.lookup_in(sym, segments)
    }

    /// Looks up the remaining `segments` of a path in what its prefix named (a namespace,
    /// struct or enum).
    pub fn lookup_in<'p>(&self, mut sym: Symbol, segments: impl Iterator<Item = &'p ast::PathSegment>) -> Option<Symbol> {
        for seg in segments {
            sym = match sym {
                Symbol::Namespace(ns) => self.namespaces[ns.0 as usize].names.get(seg.ident.name.as_str())?.clone(),
                Symbol::Type(ty) => match *self.module.types.get(ty) {
                    crate::ty::TypeInner::Struct(st) => match self.lookup_member(st, &seg.ident.name, false) {
                        Some(m) => m,
                        None => self.qualified_this_field(st, &seg.ident.name)?,
                    },
                    _ => self.enum_member(ty, &seg.ident.name)?,
                },
                _ => return None,
            };
        }
        Some(sym)
    }

    /// `Base::field` in a method of `Base` or of a struct derived from it: the field of
    /// `this` (a derived struct's fields start with its bases', at the same indices).
    fn qualified_this_field(&self, st: StructId, name: &str) -> Option<Symbol> {
        let (this, true) = self.func.as_ref()?.this? else { return None };
        if this != st && !self.derives_from(this, st) {
            return None;
        }
        let info = self.struct_infos.get(st.0 as usize)?;
        if let Some(&field) = info.fields.get(name) {
            return Some(Symbol::ThisField(field));
        }
        info.bit_fields.get(name).map(|&(field, k)| Symbol::ThisBitField(field, k))
    }

    /// `E::Value` for scoped and unscoped enums.
    fn enum_member(&self, ty: TypeId, name: &str) -> Option<Symbol> {
        // Enum values are declared in the namespace as `Enum::Value` keys (scoped enums) and
        // also as plain names (unscoped enums).
        let key = format!("{}::{name}", ty.0);
        self.namespaces.iter().find_map(|n| n.names.get(&key).cloned())
    }

    /// Pushes a block scope in the current function.
    pub fn push_scope(&mut self) {
        if let Some(f) = self.func.as_mut() {
            f.scopes.push(FxHashMap::default());
        }
    }

    pub fn pop_scope(&mut self) {
        if let Some(f) = self.func.as_mut() {
            f.scopes.pop();
        }
    }

    /// The names visible from here that are close to `name`, for "did you mean" hints.
    pub fn similar_name(&self, name: &str) -> Option<String> {
        let mut best: Option<(usize, String)> = None;
        let mut consider = |cand: &str| {
            if cand == name || cand.contains("::") {
                return;
            }
            let d = edit_distance(name, cand);
            let limit = (name.len() / 3).max(1);
            if d <= limit && best.as_ref().is_none_or(|(bd, _)| d < *bd) {
                best = Some((d, cand.to_string()));
            }
        };
        if let Some(f) = &self.func {
            for scope in &f.scopes {
                for k in scope.keys() {
                    consider(k);
                }
            }
        }
        let mut current = Some(self.current_ns);
        while let Some(id) = current {
            let n = &self.namespaces[id.0 as usize];
            for k in n.names.keys() {
                consider(k);
            }
            current = n.parent;
        }
        for k in super::intrinsics::INTRINSIC_NAMES {
            consider(k);
        }
        best.map(|(_, s)| s)
    }
}

/// Levenshtein distance, case-insensitive (HLSL users often get the case of intrinsics wrong).
/// The candidate closest to `name`: within a third of its length in edits, or containing it
/// (`ps_main` for `main`).
pub(crate) fn closest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<String> {
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        if c == name {
            continue;
        }
        let d = if c.contains(name) || name.contains(c) { 0 } else { edit_distance(name, c) };
        if d <= (name.len() / 3).max(1) && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c.to_string())
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}
