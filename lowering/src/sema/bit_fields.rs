//! Bit-field members of structs (HLSL 2021: `uint flags : 4;`).
//!
//! DXC lays bit-fields out as clang's Microsoft layout does, which its SPIR-V back end keeps:
//! consecutive bit-fields of the same declared type share one storage unit of that type,
//! filled from bit 0 up in declaration order, as long as the next one fits; a bit-field of
//! another type, one that does not fit, or an ordinary member starts a new unit. hlslc makes
//! each storage unit an ordinary field of the struct (so buffer layouts, `sizeof` and
//! reflection treat it as the `uint` it is in memory) whose [`tir::BitField`] list names the
//! members it holds. A member access yields a place with a [`Projection::BitField`], which
//! lowering reads with shifts (sign-extending signed types) and writes with a masked
//! read-modify-write of the unit; on values, and when initializer lists or casts build a
//! struct, the shifts and masks are built here in the typed IR.

use super::expr::Operand;
use super::Analyzer;
use crate::tir::{self, BinaryOp, ConstValue, Expr, ExprKind, Place, PlaceRoot, Projection};
use crate::ty::{Scalar, ScalarKind, StructId, TypeId, TypeInner};
use hlslc_grammar::{ast, Span};

/// The storage unit new bit-fields of a struct may still join.
pub(super) struct OpenUnit {
    field: u32,
    declared: TypeId,
    used: u32,
}

impl Analyzer<'_> {
    /// Declares the bit-field `d` (declared type `ty`, width expression `width`) of struct `st`:
    /// packs it into `open` when it has the same type and fits, else opens a new unit. An
    /// unnamed bit-field (`uint : 8;`) takes its bits, and one of width 0 closes the unit, as
    /// in C++; both are kept, without a name, as members an initializer list gives a value
    /// to (DXC's rule). A named one hides a member of a base struct (`base_fields` fields
    /// come from bases).
    pub(super) fn bit_field_member(&mut self, st: StructId, d: &ast::Declarator, ty: TypeId, width: &ast::Expr, open: &mut Option<OpenUnit>, base_fields: u32) {
        let name = &d.name.name;
        let Some(bits) = self.bit_field_type_bits(ty) else {
            self.error("E0424", d.name.span, format!("bit-field `{name}` has non-integral type `{}`", self.type_name(ty)))
                .help("declare bit-fields as `uint`, `int`, `bool` or an enum (16- and 64-bit integers too)");
            return;
        };
        let Some(w) = self.const_int(width) else { return };
        if w < 0 {
            self.error("E0424", width.span, format!("bit-field `{name}` has a negative width ({w})"));
            return;
        }
        if w == 0 && name.is_empty() {
            // It takes an initializer all the same (below); recorded on the unit it closes,
            // or the bit-field unit before it.
            let def = &mut self.module.structs[st.0 as usize];
            let unit = match open.take() {
                Some(u) => Some((u.field, u.used)),
                None => def.fields.last().filter(|f| !f.bit_fields.is_empty()).map(|f| (def.fields.len() as u32 - 1, f.bit_fields.iter().map(|b| b.offset as u32 + b.width as u32).max().unwrap_or(0))),
            };
            if let Some((field, used)) = unit {
                def.fields[field as usize].bit_fields.push(tir::BitField { name: String::new(), ty, offset: used as u8, width: 0, span: d.span });
            }
            return;
        }
        if w == 0 {
            self.error("E0424", width.span, format!("named bit-field `{name}` has zero width")).help("give the bit-field a width of at least 1");
            return;
        }
        if w as u64 > bits as u64 {
            self.error("E0424", width.span, format!("size of bit-field `{name}` ({w} bits) exceeds the size of its type ({bits} bits)"))
                .help(format!("use a width of at most {bits}, or a wider type"));
            return;
        }
        if d.semantic.is_some() || !d.payload_access.is_empty() {
            self.error("E0424", d.name.span, format!("bit-field `{name}` cannot have a semantic or an access qualifier"))
                .help("bit-fields are not allowed with HLSL annotations: make it an ordinary member");
            return;
        }
        let info = &self.struct_infos[st.0 as usize];
        let own = info.fields.get(name.as_str()).is_some_and(|&i| i >= base_fields) || info.bit_fields.get(name.as_str()).is_some_and(|&(i, _)| i >= base_fields);
        if !name.is_empty() && own {
            self.error("E0301", d.name.span, format!("duplicate member `{name}`"));
            return;
        }
        // A base's member of this name is hidden.
        let info = &mut self.struct_infos[st.0 as usize];
        info.fields.remove(name.as_str());
        info.bit_fields.remove(name.as_str());
        let w = w as u32;
        let def = &mut self.module.structs[st.0 as usize];
        let unit = match open.as_mut() {
            Some(u) if u.declared == ty && u.used + w <= bits => u,
            _ => {
                let storage = match *self.module.types.get(ty) {
                    TypeInner::Scalar(Scalar { kind: ScalarKind::Bool, .. }) => self.module.types.scalar(Scalar::U32),
                    _ => ty,
                };
                let field = def.fields.len() as u32;
                def.fields.push(tir::Field {
                    name: String::new(),
                    ty: storage,
                    semantic: None,
                    interpolation: Default::default(),
                    precise: false,
                    row_major: None,
                    packoffset: None,
                    vk_offset: None,
                    bit_fields: Vec::new(),
                    span: d.span,
                });
                open.insert(OpenUnit { field, declared: ty, used: 0 })
            }
        };
        let field = &mut def.fields[unit.field as usize];
        if name.is_empty() {
            // Padding: its bits, and a place among the members an initializer list fills
            // (DXC counts unnamed bit-fields as members: `{ x, 0, y }` for `x : 8; : 8;
            // y : 8;`), whose value is dropped.
            if field.name.is_empty() {
                field.name = "unnamed".to_string();
            }
            field.bit_fields.push(tir::BitField { name: String::new(), ty, offset: unit.used as u8, width: w as u8, span: d.span });
            unit.used += w;
            return;
        }
        // The unit is named after its members (`a_b` in WGSL), which never collides with a
        // member name lookup: units are not in the struct's name table.
        field.name = if field.name.is_empty() { name.as_str().to_owned() } else { format!("{}_{name}", field.name) };
        field.bit_fields.push(tir::BitField { name: name.as_str().to_owned(), ty, offset: unit.used as u8, width: w as u8, span: d.span });
        let k = field.bit_fields.len() as u32 - 1;
        self.struct_infos[st.0 as usize].bit_fields.insert(name.as_str().to_owned(), (unit.field, k));
        unit.used += w;
    }

    /// The number of bits of a type a bit-field may have (`None` for non-integral types).
    fn bit_field_type_bits(&self, ty: TypeId) -> Option<u32> {
        match *self.module.types.get(ty) {
            TypeInner::Scalar(Scalar { kind: ScalarKind::Bool, .. }) => Some(32),
            TypeInner::Scalar(s) if s.is_integer() => Some(s.width as u32 * 8),
            _ => None,
        }
    }

    /// `base.name` where `name` is a bit-field stored in field `field` (its `k`-th).
    pub(super) fn bit_field_access(&mut self, base: Operand, st: StructId, field: u32, k: u32, span: Span) -> Operand {
        let bf = self.module.structs[st.0 as usize].fields[field as usize].bit_fields[k as usize].clone();
        let storage_ty = self.module.structs[st.0 as usize].fields[field as usize].ty;
        match base.value {
            super::expr::Value::Place(mut p) => {
                p.projections.push(Projection::Field(field));
                p.projections.push(Projection::BitField { offset: bf.offset, width: bf.width });
                p.ty = bf.ty;
                p.span = span;
                Operand::place(p)
            }
            super::expr::Value::Expr(e) => {
                let unit = Expr::new(ExprKind::Field { base: Box::new(e), field }, storage_ty, span);
                Operand::expr(self.extract_bit_field(unit, &bf, span))
            }
        }
    }

    /// A bit-field of `this` inside a method.
    pub(super) fn this_bit_field(&mut self, st: StructId, field: u32, k: u32, span: Span) -> Operand {
        let sty = self.module.types.insert(TypeInner::Struct(st));
        let this = Place { root: PlaceRoot::Param(tir::ParamId(0)), projections: Default::default(), ty: sty, span };
        self.bit_field_access(Operand::place(this), st, field, k, span)
    }

    /// The value of bit-field `bf` from the value of its storage unit.
    pub(super) fn extract_bit_field(&mut self, unit: Expr, bf: &tir::BitField, span: Span) -> Expr {
        let uty = unit.ty;
        let bits = self.module.types.scalar_of(uty).map_or(32, |s| s.width as u32 * 8);
        let signed = self.module.types.scalar_of(bf.ty).is_some_and(|s| s.kind == ScalarKind::Int);
        let (offset, width) = (bf.offset as u32, bf.width as u32);
        let value = if signed {
            // Move the field to the top, then shift it down arithmetically (sign extension).
            let up = self.bit_shift(BinaryOp::Shl, unit, bits - offset - width, span);
            self.bit_shift(BinaryOp::Shr, up, bits - width, span)
        } else {
            let down = self.bit_shift(BinaryOp::Shr, unit, offset, span);
            let mask = self.bit_constant(mask(width), uty, span);
            Expr::new(ExprKind::binary(BinaryOp::BitAnd, down, mask), uty, span)
        };
        if value.ty == bf.ty {
            value
        } else {
            Expr::new(ExprKind::Convert(Box::new(value)), bf.ty, span)
        }
    }

    /// The value of a storage unit of type `unit_ty` holding `values` (one per bit-field of
    /// `bfs`, already of the bit-fields' types).
    pub(super) fn pack_bit_fields(&mut self, unit_ty: TypeId, bfs: &[tir::BitField], values: Vec<Expr>, span: Span) -> Expr {
        let mut acc: Option<Expr> = None;
        for (bf, v) in bfs.iter().zip(values) {
            // An unnamed bit-field's value is dropped (its bits are padding).
            if bf.name.is_empty() {
                continue;
            }
            let v = if v.ty == unit_ty { v } else { Expr::new(ExprKind::Convert(Box::new(v)), unit_ty, span) };
            let m = self.bit_constant(mask(bf.width as u32), unit_ty, span);
            let masked = Expr::new(ExprKind::binary(BinaryOp::BitAnd, v, m), unit_ty, span);
            let placed = self.bit_shift(BinaryOp::Shl, masked, bf.offset as u32, span);
            acc = Some(match acc {
                None => placed,
                Some(a) => Expr::new(ExprKind::binary(BinaryOp::BitOr, a, placed), unit_ty, span),
            });
        }
        let e = acc.unwrap_or_else(|| Expr::new(ExprKind::Zero, unit_ty, span));
        self.fold_operand(e, super::expr::Lit::No).into_expr()
    }

    fn bit_shift(&mut self, op: BinaryOp, e: Expr, amount: u32, span: Span) -> Expr {
        if amount == 0 {
            return e;
        }
        let ty = e.ty;
        let u = self.module.types.scalar(Scalar::U32);
        let k = Expr::new(ExprKind::Const(ConstValue::Uint(amount as u64)), u, span);
        Expr::new(ExprKind::binary(op, e, k), ty, span)
    }

    fn bit_constant(&mut self, v: u64, ty: TypeId, span: Span) -> Expr {
        let c = match self.module.types.scalar_of(ty).map(|s| s.kind) {
            Some(ScalarKind::Int) => ConstValue::Int(v as i64),
            _ => ConstValue::Uint(v),
        };
        Expr::new(ExprKind::Const(c), ty, span)
    }
}

/// The low `width` bits set.
pub(crate) fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}
