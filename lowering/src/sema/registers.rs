//! `register(…)` annotations: the register class each kind of declaration may use, and
//! conflicting assignments, with DXC's rules.
//!
//! A register's letter says which D3D table the binding lives in: `b` constant buffers, `t`
//! shader resource views, `u` unordered access views, `s` samplers, and `c` (or FXC's `i`)
//! offsets of loose uniforms inside `$Globals`. DXC rejects a letter outside `b c i s t u`,
//! a letter that does not fit the declaration's type (a `Buffer` in `u0`), two different
//! registers of one class for the same profile, and profile-specific registers on constant
//! buffers. (DXC accepts a texture in an `s` register and a sampler in a `t` register; so
//! does hlslc.) Binding numbers are decided later (`lower/bindings.rs`).

use super::Analyzer;
use crate::ty::{Access, Resource, StructuredKind, TypeId, TypeInner};
use hlslc_grammar::ast;

/// What a declaration's registers may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RegisterUse {
    /// A `cbuffer` declaration or `ConstantBuffer<T>`: `b`.
    ConstantBuffer,
    /// A `tbuffer` declaration or `TextureBuffer<T>`: `t`.
    TextureBuffer,
    /// Any other declaration of this type.
    Type(TypeId),
}

impl Analyzer<'_> {
    /// Reports register letters DXC rejects for this declaration and conflicting registers.
    pub(crate) fn check_registers(&mut self, registers: &[ast::Register], usage: RegisterUse) {
        let buffer_decl = matches!(usage, RegisterUse::ConstantBuffer | RegisterUse::TextureBuffer);
        let expected: Option<(&[u8], &str)> = match usage {
            RegisterUse::ConstantBuffer => Some((b"b", "`b`")),
            RegisterUse::TextureBuffer => Some((b"t", "`t`")),
            RegisterUse::Type(ty) => self.expected_registers(ty),
        };
        let mut seen: Vec<(Option<String>, u8, &ast::Ident)> = Vec::new();
        for r in registers {
            let Some(slot) = &r.slot else { continue };
            let Some(letter) = slot.name.bytes().next().map(|b| b.to_ascii_lowercase()) else { continue };
            if !b"bcistu".contains(&letter) {
                self.error("E0703", slot.span, format!("register type `{}` is not supported", slot.name.chars().next().unwrap_or_default()))
                    .help("registers are `b` (constant buffers), `t` (read-only resources), `u` (read-write resources), `s` (samplers) or `c` (offsets in `$Globals`)");
                continue;
            }
            // DXC reads the letter and then a decimal number (`banana` is register type `b`
            // with the number `anana`: an error). Resources report theirs when bound.
            let numeric = matches!(expected, Some((b"bci", _)));
            if numeric && !slot.name[1..].bytes().all(|b| b.is_ascii_digit()) {
                self.error("E0703", slot.span, format!("invalid register `{}`", slot.name)).help("a register is a class letter and a number, e.g. `c3`");
                continue;
            }
            if let Some((allowed, spelled)) = expected {
                if !allowed.contains(&letter) {
                    let what = match usage {
                        RegisterUse::ConstantBuffer => "a constant buffer".to_string(),
                        RegisterUse::TextureBuffer => "a texture buffer".to_string(),
                        RegisterUse::Type(ty) => format!("a `{}`", self.type_name(ty)),
                    };
                    self.error("E0703", slot.span, format!("invalid register `{}` for {what}, expected a {spelled} register", slot.name))
                        .help(register_help(if allowed == b"bci" { b'c' } else { allowed[0] }));
                    continue;
                }
            }
            // DXC's parser takes `vs`, `ps`, `gs`, `cs` or a lower-case profile with a digit and
            // an underscore (`ps_5_0`) as a profile; any other first word (`PS`, `qs`) is read as
            // a register of an unsupported class.
            if let Some(p) = r.profile.as_ref().filter(|p| !is_profile_like(&p.name)) {
                let help = if p.name.starts_with("space") {
                    "the space comes after the register: `register(t1, space0)`"
                } else {
                    "write the profile in lower case, e.g. `register(ps, t1)` or `register(ps_5_0, t1)`"
                };
                self.error("E0703", p.span, format!("`{}` is not a shader profile", p.name)).help(help);
                continue;
            }
            if buffer_decl && r.profile.is_some() {
                self.error("E0703", r.span, "constant buffer registers cannot be specific to a shader profile")
                    .help("remove the profile from `register(…)`");
            }
            let profile = r.profile.as_ref().map(|p| p.name.to_ascii_lowercase());
            if let Some((_, _, other)) = seen.iter().find(|(p, l, other)| *p == profile && *l == letter && !other.name.eq_ignore_ascii_case(&slot.name)) {
                let other_span = other.span;
                self.error("E0703", slot.span, "conflicting register semantics").related(other_span, "the other register").help("give the declaration one register of each class");
            }
            seen.push((profile, letter, slot));
        }
    }

    /// The register class a resource of type `ty` (arrays: their element) takes when a
    /// register of that class is given to a struct holding it: the class DXC's DXIL numbering
    /// counts it in (`t` for a texture, `s` for a sampler …).
    pub(crate) fn natural_register_class(&self, ty: TypeId) -> Option<crate::tir::RegisterClass> {
        use crate::tir::RegisterClass as C;
        Some(match self.expected_registers(ty)?.0.first()? {
            b'b' => C::B,
            b't' => C::T,
            b'u' => C::U,
            b's' => C::S,
            _ => return None,
        })
    }

    /// The register letters a declaration of type `ty` may use (arrays: their element).
    fn expected_registers(&self, ty: TypeId) -> Option<(&'static [u8], &'static str)> {
        let mut t = ty;
        while let TypeInner::Array { base, .. } = *self.module.types.get(t) {
            t = base;
        }
        Some(match *self.module.types.get(t) {
            TypeInner::Scalar(_) | TypeInner::Vector { .. } | TypeInner::Matrix { .. } => (b"bci", "`b`, `c` or `i`"),
            TypeInner::Sampler { .. } => (b"st", "`s` or `t`"),
            TypeInner::Resource(r) => match r {
                Resource::Texture { access: Access::ReadOnly, .. } => (b"ts", "`t` or `s`"),
                Resource::Texture { access: Access::ReadWrite, .. } => (b"u", "`u`"),
                Resource::TypedBuffer { access: Access::ReadOnly, .. } | Resource::ByteAddressBuffer { access: Access::ReadOnly } => (b"t", "`t`"),
                Resource::TypedBuffer { access: Access::ReadWrite, .. } | Resource::ByteAddressBuffer { access: Access::ReadWrite } => (b"u", "`u`"),
                Resource::StructuredBuffer { kind: StructuredKind::ReadOnly, .. } => (b"t", "`t`"),
                Resource::StructuredBuffer { .. } => (b"u", "`u`"),
                Resource::ConstantBuffer { .. } => (b"b", "`b`"),
                Resource::TextureBuffer { .. } => (b"t", "`t`"),
                _ => return None,
            },
            _ => return None,
        })
    }
}

/// DXC's `IsShaderProfileShort` (`vs`, `ps`, `gs`, `cs`: its test names `g` twice and no `h`
/// or `d`) or `IsShaderProfileLike` (lower-case letters, digits and `_`, with each kind).
fn is_profile_like(name: &str) -> bool {
    if matches!(name, "vs" | "ps" | "gs" | "cs") {
        return true;
    }
    name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        && name.bytes().any(|b| b.is_ascii_lowercase())
        && name.bytes().any(|b| b.is_ascii_digit())
        && name.contains('_')
}

fn register_help(letter: u8) -> &'static str {
    match letter {
        b'b' => "constant buffers use `b` registers: `register(b0)`",
        b't' => "read-only resources (SRVs) use `t` registers: `register(t0)`",
        b'u' => "read-write resources (UAVs) use `u` registers: `register(u0)`",
        b's' => "samplers use `s` registers: `register(s0)`",
        _ => "loose uniforms use `c` registers (`register(c0)`, an offset in `$Globals`)",
    }
}
