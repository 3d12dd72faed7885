//! Payload access qualifiers (shader model 6.6 and 6.7 ray tracing): a ray payload is a
//! `struct [raypayload]` whose fields say which stages read and write them,
//! `float3 color : read(caller) : write(closesthit, miss);`.
//!
//! DXC checks them from `lib_6_7` on, and in `lib_6_6` with `-enable-payload-qualifiers`
//! (`Options::payload_qualifiers`); otherwise they are parsed and ignored. The rules checked
//! here are the declaration rules: every field of a payload struct is qualified, except a
//! field that is itself a payload struct, whose own fields carry the qualifiers (E0746); and a
//! type used as a payload — `TraceRay`'s argument, the payload parameter of a miss, any-hit or
//! closest-hit shader — is a payload struct (E0747); and each field's `read` and `write`
//! stages fit the order the stages run in (E0748). The qualifiers are an optimisation hint
//! for DXIL (which stages may drop which fields); the SPIR-V and WGSL payloads keep every field.

use super::Analyzer;
use crate::ty::{StructId, TypeId, TypeInner};
use hlslc_grammar::{ast, Span};

impl Analyzer<'_> {
    /// Marks a `[raypayload]` struct and, where qualifiers are checked, checks its fields.
    pub(super) fn payload_struct(&mut self, st: StructId, decl: &ast::StructDecl, members: &[ast::Item]) {
        let raypayload = decl.attrs.iter().any(|a| a.namespace.is_none() && a.name.name.eq_ignore_ascii_case("raypayload"));
        self.struct_infos[st.0 as usize].raypayload = raypayload;
        if !self.options.payload_qualifiers {
            return;
        }
        self.payload_access_fields(members);
        if !raypayload {
            return;
        }
        let struct_name = self.module.structs[st.0 as usize].name.clone();
        for m in members {
            let ast::ItemKind::Variable(v) = &m.kind else { continue };
            if v.quals.has(ast::Qualifier::Static) {
                continue;
            }
            for d in &v.declarators {
                let Some(&i) = self.struct_infos[st.0 as usize].fields.get(d.name.name.as_str()) else { continue };
                let ty = self.module.structs[st.0 as usize].fields[i as usize].ty;
                let name = &d.name.name;
                match (self.payload_struct_of(ty), d.payload_access.first()) {
                    (Some(inner), Some(q)) => {
                        let inner = self.module.structs[inner.0 as usize].name.clone();
                        self.error("E0746", q.span, format!("payload field `{name}` is a payload struct and takes no payload access qualifiers"))
                            .help(format!("remove the qualifiers: the fields of `{inner}` carry their own"));
                    }
                    (None, None) => {
                        self.error("E0746", d.name.span, format!("payload field `{name}` has no payload access qualifiers"))
                            .note(format!("every field of payload struct `{struct_name}` says which stages read and write it"))
                            .help(format!("qualify it, e.g. `{name} : read(caller) : write(closesthit, miss)`"));
                    }
                    _ => {}
                }
            }
        }
    }

    /// The stage-order rules for a struct template's fields, checked once where it is declared
    /// (as DXC does, instantiated or not).
    pub(super) fn payload_access_in_template(&mut self, decl: &ast::StructDecl) {
        if let (true, Some(members)) = (self.options.payload_qualifiers, &decl.members) {
            self.payload_access_fields(members);
        }
    }

    fn payload_access_fields(&mut self, members: &[ast::Item]) {
        for m in members {
            if let ast::ItemKind::Variable(v) = &m.kind {
                for d in v.declarators.iter().filter(|d| !d.payload_access.is_empty()) {
                    // A template instance repeats its template's fields: reported once.
                    if !self.diags.iter().any(|x| x.code == "E0748" && d.payload_access.iter().any(|a| a.span == x.span)) {
                        self.payload_access_combination(&d.name.name, &d.payload_access);
                    }
                }
            }
        }
    }

    /// DXC's rules between a field's `read(…)` and `write(…)` stages (E0748): a value written
    /// by a stage has a consumer, a value read has a producer. After the caller (`TraceRay`)
    /// come any-hit shaders, then one closest-hit or miss shader, then the caller again: what
    /// closest-hit or miss write, only the caller can read; what they (or any-hit) read, the
    /// caller or an any-hit shader must write.
    fn payload_access_combination(&mut self, name: &str, access: &[ast::PayloadAccess]) {
        let (mut read, mut write) = (None, None);
        for a in access {
            let slot = if a.write { &mut write } else { &mut read };
            if slot.is_some() {
                let q = if a.write { "write" } else { "read" };
                self.error("E0748", a.span, format!("payload field `{name}` has two `{q}` qualifiers")).help(format!("list every stage in one `{q}(…)`"));
                return;
            }
            *slot = Some(a);
        }
        let has = |a: Option<&ast::PayloadAccess>, stage: &str| a.is_some_and(|a| a.stages.iter().any(|s| s.name.eq_ignore_ascii_case(stage)));
        let mut problems: Vec<(Span, &str, &str, &str)> = Vec::new();
        if let Some(w) = write {
            for stage in ["miss", "closesthit"] {
                if has(write, stage) && !has(read, "caller") {
                    problems.push((w.span, "write", stage, "consumer"));
                }
            }
            for stage in ["anyhit", "caller"] {
                if has(write, stage) && read.is_none() {
                    problems.push((w.span, "write", stage, "consumer"));
                }
            }
        }
        if let Some(r) = read {
            for stage in ["miss", "closesthit", "anyhit"] {
                if has(read, stage) && !has(write, "anyhit") && !has(write, "caller") {
                    problems.push((r.span, "read", stage, "producer"));
                }
            }
            if has(read, "caller") && write.is_none() {
                problems.push((r.span, "read", "caller", "producer"));
            }
        }
        for (span, q, stage, missing) in problems {
            let help = if missing == "producer" {
                "a stage before it must write the field: add `caller` or `anyhit` to its `write(…)`"
            } else if stage == "miss" || stage == "closesthit" {
                "only the caller reads what closest-hit and miss shaders write: add `caller` to its `read(…)`"
            } else {
                "add the stages that read it with `read(…)`"
            };
            self.error("E0748", span, format!("payload field `{name}` is qualified `{q}` for stage `{stage}` but has no valid {missing}")).help(help);
        }
    }

    /// E0747 unless `ty` is a `[raypayload]` struct, where qualifiers are checked; `what`
    /// names the use (`the payload of \`TraceRay\``).
    pub(super) fn check_ray_payload_type(&mut self, ty: TypeId, span: Span, what: &str) -> bool {
        if !self.options.payload_qualifiers || self.payload_struct_of(ty).is_some() {
            return true;
        }
        let t = self.type_name(ty);
        self.error("E0747", span, format!("type `{t}` is used as {what} but is not a `[raypayload]` struct"))
            .help(format!("declare it `struct [raypayload] {t} {{ … }}` with `read(…)`/`write(…)` qualifiers on its fields"))
            .note("payload access qualifiers are checked from `lib_6_7` on, and in `lib_6_6` with `-enable-payload-qualifiers`");
        false
    }

    /// The `[raypayload]` struct `ty` is (or holds as array elements).
    fn payload_struct_of(&self, ty: TypeId) -> Option<StructId> {
        let mut ty = ty;
        while let TypeInner::Array { base, .. } = *self.module.types.get(ty) {
            ty = base;
        }
        match *self.module.types.get(ty) {
            TypeInner::Struct(st) if self.struct_infos.get(st.0 as usize).is_some_and(|i| i.raypayload) => Some(st),
            _ => None,
        }
    }
}
