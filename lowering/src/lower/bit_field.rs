//! Bit-field members in naga: reading and writing bits of an integer storage unit.
//!
//! Sema makes each run of bit-fields one integer field of its struct (the storage unit) and a
//! bit-field access a place ending in a `BitField` projection (`sema/bit_fields.rs`). Here a
//! load shifts the bits down — arithmetically for signed types, which sign-extends as DXC
//! does — and a store merges the new bits into the unit read back from memory, so writes
//! through buffers, groupshared memory and locals all keep the neighbouring bit-fields. Plain
//! shifts and masks (rather than naga's `extractBits`/`insertBits`) work for 16- and 64-bit
//! units too.

use super::function::FnBuilder;
use super::globals::literal;
use crate::tir::ConstValue;
use crate::ty::{ScalarKind, TypeId};
use hlslc_grammar::Span;
use naga::{BinaryOperator as B, Handle};

impl FnBuilder<'_, '_> {
    /// The value of bits `offset .. offset + width` of `unit` (of type `unit_ty`) as `ty`.
    pub(crate) fn extract_bit_field(&mut self, unit: Handle<naga::Expression>, unit_ty: TypeId, ty: TypeId, offset: u8, width: u8, s: Span) -> Handle<naga::Expression> {
        let scalar = self.lw.scalar_of(unit_ty);
        let bits = scalar.width as u32 * 8;
        let (offset, width) = (offset as u32, width as u32);
        let kind = self.lw.scalar_of(ty).kind;
        if kind == ScalarKind::Int {
            // Move the field to the top bits, then shift it down arithmetically.
            let up = self.shift_by(B::ShiftLeft, unit, bits - offset - width, s);
            return self.shift_by(B::ShiftRight, up, bits - width, s);
        }
        let down = self.shift_by(B::ShiftRight, unit, offset, s);
        let mask = self.unit_literal(scalar, crate::sema::bit_field_mask(width), s);
        let value = self.add(naga::Expression::Binary { op: B::And, left: down, right: mask }, s);
        if kind == ScalarKind::Bool {
            let zero = self.unit_literal(scalar, 0, s);
            return self.add(naga::Expression::Binary { op: B::NotEqual, left: value, right: zero }, s);
        }
        value
    }

    /// `unit` with bits `offset .. offset + width` replaced by the low bits of `value` (of the
    /// bit-field's type `ty`).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn insert_bit_field(&mut self, unit: Handle<naga::Expression>, unit_ty: TypeId, value: Handle<naga::Expression>, ty: TypeId, offset: u8, width: u8, s: Span) -> Handle<naga::Expression> {
        let scalar = self.lw.scalar_of(unit_ty);
        let value = if self.lw.scalar_of(ty).kind == ScalarKind::Bool {
            let kind = super::types::naga_scalar(scalar).kind;
            self.add(naga::Expression::As { expr: value, kind, convert: Some(scalar.width) }, s)
        } else {
            value
        };
        let (offset, width) = (offset as u32, width as u32);
        let field_bits = crate::sema::bit_field_mask(width) << offset;
        let field_bits = if scalar.width >= 8 { field_bits } else { field_bits & crate::sema::bit_field_mask(scalar.width as u32 * 8) };
        let keep = self.unit_literal(scalar, !field_bits, s);
        let kept = self.add(naga::Expression::Binary { op: B::And, left: unit, right: keep }, s);
        let placed = self.shift_by(B::ShiftLeft, value, offset, s);
        let bits = self.unit_literal(scalar, field_bits, s);
        let placed = self.add(naga::Expression::Binary { op: B::And, left: placed, right: bits }, s);
        self.add(naga::Expression::Binary { op: B::InclusiveOr, left: kept, right: placed }, s)
    }

    fn shift_by(&mut self, op: B, value: Handle<naga::Expression>, amount: u32, s: Span) -> Handle<naga::Expression> {
        if amount == 0 {
            return value;
        }
        let k = self.literal_u32(amount);
        self.add(naga::Expression::Binary { op, left: value, right: k }, s)
    }

    /// A literal of the storage unit's scalar type with the bits of `v`.
    fn unit_literal(&mut self, scalar: crate::ty::Scalar, v: u64, s: Span) -> Handle<naga::Expression> {
        let lit = literal(scalar, &ConstValue::Uint(v)).unwrap_or(naga::Literal::U32(v as u32));
        self.add(naga::Expression::Literal(lit), s)
    }
}
