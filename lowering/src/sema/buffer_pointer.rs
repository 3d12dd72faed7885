//! `vk::BufferPointer<T, A>`: DXC's typed pointers to buffer memory for SPIR-V (a 64-bit device
//! address, Vulkan's `bufferDeviceAddress`).
//!
//! A pointer is a [`TypeInner::BufferPointer`] value: a `uint64_t` in memory (8 bytes, aligned
//! to 8, in constant buffers, push constants, structured buffers and struct members) and in
//! naga IR. `p.Get()` is a place ([`PlaceRoot::Pointee`]) that can be read, written and
//! projected (`p.Get().next`, `p.Get().a[i] = v`); lowering reads and writes it through
//! `PhysicalStorageBuffer` pointers (`lower::buffer_pointer`). As in DXC:
//! - `vk::BufferPointer<T, A>(u)` makes a pointer from a `uint64_t` (or a copy of a pointer of
//!   the same type), and `(uint64_t)p` gives the address back; other conversions are errors;
//! - `vk::static_pointer_cast<U, B>(p)` casts to a pointer to a base struct of the pointee
//!   (E0738 otherwise), `vk::reinterpret_pointer_cast<U, B>(p)` to any pointee; neither may
//!   raise the alignment (E0737);
//! - the alignment `A`, a constant power of two (E0736), defaults to the pointee's alignment
//!   (at least 4); it is resolved when the pointee is used, so the pointee may be a struct
//!   declared later (`typedef struct node_s node_t; typedef vk::BufferPointer<node_t> node_p;`).

use super::expr::{Lit, Operand};
use super::Analyzer;
use crate::tir::{Expr, ExprKind, Place, PlaceRoot};
use crate::ty::{Scalar, TypeId, TypeInner};
use hlslc_grammar::{ast, Span};

impl Analyzer<'_> {
    /// The type `vk::BufferPointer<args>`.
    pub(crate) fn buffer_pointer_type(&mut self, args: Option<&[ast::TemplateArg]>, span: Span) -> Option<TypeId> {
        let (pointee, alignment) = match args {
            Some([t]) => (t, None),
            Some([t, a]) => (t, Some(a)),
            _ => {
                self.error("E0403", span, "`vk::BufferPointer` takes the pointee type and an optional alignment: `vk::BufferPointer<T, A>`");
                return None;
            }
        };
        let pointee = self.template_type_arg(pointee, span)?;
        if self.module.types.is_resource_like(pointee) || matches!(self.module.types.get(pointee), TypeInner::Void) {
            let name = self.type_name(pointee);
            self.error("E0403", span, format!("`vk::BufferPointer` cannot point to `{name}`, only to data in buffer memory"));
            return None;
        }
        let alignment = match alignment {
            None => 0,
            Some(a) => {
                let value = self.template_int_arg(a)?;
                match u32::try_from(value) {
                    Ok(v) if v.is_power_of_two() => v,
                    _ => {
                        self.error("E0736", span, format!("the alignment of `vk::BufferPointer` must be a constant power of two, found {value}"));
                        return None;
                    }
                }
            }
        };
        Some(self.module.types.insert(TypeInner::BufferPointer { pointee, alignment }))
    }

    /// `p.Get()`: the pointee of `p`, a place.
    pub(crate) fn buffer_pointer_method(&mut self, obj: Operand, member: &ast::Ident, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let TypeInner::BufferPointer { pointee, .. } = *self.module.types.get(obj.ty) else { return None };
        if member.name != "Get" {
            let t = self.type_name(obj.ty);
            self.error("E0307", member.span, format!("`{t}` has no method `{}`", member.name)).help("the pointee of a `vk::BufferPointer` is `p.Get()`");
            return None;
        }
        if !ops.is_empty() {
            self.error("E0508", span, format!("`vk::BufferPointer::Get` takes no arguments, found {}", ops.len()));
            return None;
        }
        let alignment = self.pointer_alignment(obj.ty);
        let pointer = obj.into_expr();
        Some(Operand::place(Place { root: PlaceRoot::Pointee { pointer: Box::new(pointer), alignment }, projections: vec![].into(), ty: pointee, span }))
    }

    /// The alignment of accesses through a pointer of type `ty` (its template argument, or
    /// the pointee's alignment).
    pub(crate) fn pointer_alignment(&self, ty: TypeId) -> u32 {
        match *self.module.types.get(ty) {
            TypeInner::BufferPointer { alignment: 0, pointee } => self.natural_alignment(pointee).max(4),
            TypeInner::BufferPointer { alignment, .. } => alignment,
            _ => 4,
        }
    }

    fn natural_alignment(&self, ty: TypeId) -> u32 {
        match *self.module.types.get(ty) {
            TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } | TypeInner::Matrix { scalar: s, .. } => crate::layout::scalar_size(s.kind, s.width),
            TypeInner::Array { base, .. } => self.natural_alignment(base),
            TypeInner::Struct(st) => self.module.structs[st.0 as usize].fields.iter().map(|f| self.natural_alignment(f.ty)).max().unwrap_or(1),
            TypeInner::BufferPointer { .. } => 8,
            _ => 4,
        }
    }

    /// Conversions to and from pointers (`None` if neither type is one): a pointer from a
    /// `uint64_t` or from a pointer of the same type (explicitly), and an address from a
    /// pointer (explicitly).
    pub(crate) fn convert_buffer_pointer(&mut self, op: Operand, to: TypeId, span: Span, explicit: bool) -> Option<Expr> {
        let from_pointer = self.is_buffer_pointer(op.ty);
        let to_pointer = self.is_buffer_pointer(to);
        let ulong = self.module.types.scalar(Scalar::U64);
        let integer = self.module.types.scalar_of(op.ty).is_some_and(|s| s.is_integer()) && self.module.types.shape(op.ty) == Some(crate::ty::Shape::Scalar);
        let allowed = explicit && ((to_pointer && (integer || op.ty == to)) || (from_pointer && to == ulong));
        if !allowed {
            let (f, t) = (self.type_name(op.ty), self.type_name(to));
            let d = self.error("E0421", span, format!("cannot convert from `{f}` to `{t}`"));
            if to_pointer && integer {
                d.help(format!("make the pointer explicitly: `{t}(address)`"));
            } else if from_pointer && to == ulong {
                d.help("take the address explicitly: `(uint64_t)pointer`");
            } else {
                d.help("a `vk::BufferPointer` converts only to and from `uint64_t`; use `vk::reinterpret_pointer_cast` to change the pointee");
            }
            return None;
        }
        let address = if to_pointer && op.ty != to { self.convert_explicit(Operand { lit: if op.lit == Lit::Int { Lit::Int } else { Lit::No }, ..op }, ulong, span) } else { Some(op.into_expr()) };
        address.map(|e| retype(e, to, span))
    }

    /// Whether `ty` is a `vk::BufferPointer`.
    pub(crate) fn is_buffer_pointer(&self, ty: TypeId) -> bool {
        matches!(self.module.types.get(ty), TypeInner::BufferPointer { .. })
    }

    /// `vk::static_pointer_cast<U[, B]>(p)` and `vk::reinterpret_pointer_cast<U[, B]>(p)`;
    /// `None` if `name` is neither.
    pub(crate) fn pointer_cast_call(&mut self, name: &str, template: Option<&[ast::TemplateArg]>, args: &[ast::Expr], span: Span) -> Option<Option<Operand>> {
        let is_static = match name {
            "static_pointer_cast" => true,
            "reinterpret_pointer_cast" => false,
            _ => return None,
        };
        Some(self.pointer_cast(is_static, name, template, args, span))
    }

    fn pointer_cast(&mut self, is_static: bool, name: &str, template: Option<&[ast::TemplateArg]>, args: &[ast::Expr], span: Span) -> Option<Operand> {
        let [arg] = args else {
            self.error("E0508", span, format!("`vk::{name}` takes one argument (the pointer), found {}", args.len()));
            return None;
        };
        let to = self.buffer_pointer_type(template, span)?;
        let op = self.operand(arg)?;
        let TypeInner::BufferPointer { pointee: from_pointee, .. } = *self.module.types.get(op.ty) else {
            let t = self.type_name(op.ty);
            self.error("E0421", arg.span, format!("`vk::{name}` needs a `vk::BufferPointer`, found `{t}`"));
            return None;
        };
        let TypeInner::BufferPointer { pointee: to_pointee, .. } = *self.module.types.get(to) else { return None };
        let (from_alignment, to_alignment) = (self.pointer_alignment(op.ty), self.pointer_alignment(to));
        if to_alignment > from_alignment {
            let (f, t) = (self.type_name(op.ty), self.type_name(to));
            self.error("E0737", span, format!("a buffer pointer cannot be cast to greater alignment: `{f}` (alignment {from_alignment}) to `{t}` (alignment {to_alignment})"))
                .help(format!("cast to an alignment of {from_alignment} or less"));
            return None;
        }
        if is_static && from_pointee != to_pointee {
            let base_of = match (*self.module.types.get(from_pointee), *self.module.types.get(to_pointee)) {
                (TypeInner::Struct(derived), TypeInner::Struct(base)) => self.derives_from(derived, base),
                _ => false,
            };
            if !base_of {
                let (f, t) = (self.type_name(from_pointee), self.type_name(to_pointee));
                self.error("E0738", span, format!("`vk::static_pointer_cast` needs a pointee that is a base of the argument's pointee, `{t}` is not a base of `{f}`"))
                    .help("use `vk::reinterpret_pointer_cast` to reinterpret the memory as another type");
                return None;
            }
        }
        let pointer = op.into_expr();
        Some(Operand::expr(retype(pointer, to, span)))
    }
}

/// The same 64-bit address as a value of type `to` (a pointer or `uint64_t`: naga sees `u64`
/// either way).
fn retype(e: Expr, to: TypeId, span: Span) -> Expr {
    Expr::new(ExprKind::Bitcast(Box::new(e)), to, span)
}
