//! `p.Get()` of a `vk::BufferPointer<T, A>` `p`: the `T` in buffer memory at the 64-bit device
//! address `p` holds (SPIR-V `PhysicalStorageBuffer` memory).
//!
//! A pointer is a `u64` in naga IR, and the place behind it is D3D-layout memory read and
//! written one 32-bit word at a time, as `vk::RawBufferLoad`/`vk::RawBufferStore` read a type
//! naga would lay out unlike DXC ([`RawBuffer::Device`]; `passes::raw_buffer` turns each
//! word access into `OpConvertUToPtr` and an `Aligned` load or store). Members, array
//! elements and swizzles of the pointee are projections of that place, so `p.Get().next`
//! reads 8 bytes and `p.Get().x.y = v` writes 4. WGSL has no pointers to device addresses
//! (E0803).

use super::function::FnBuilder;
use super::place::PlaceRef;
use super::raw::{RawAddr, RawBuffer};
use crate::layout::Rules;
use crate::tir;
use hlslc_grammar::Span;

impl FnBuilder<'_, '_> {
    /// The place `p.Get()` names; `pointer` is `p`.
    pub(crate) fn buffer_pointee(&mut self, pointer: &tir::Expr, alignment: u32, p: &tir::Place, s: Span) -> PlaceRef {
        let ty = self.pointee_type(pointer.ty).unwrap_or(p.ty);
        let address = self.expr(pointer);
        if self.lw.options.target != crate::options::Target::SpirV {
            self.lw.error("E0803", s, "`vk::BufferPointer` cannot be expressed in WGSL or naga IR, which have no pointers to device addresses")
                .help("bind the memory as a `RWByteAddressBuffer` or `RWStructuredBuffer`, or target SPIR-V");
        } else if alignment < 4 {
            let name = self.lw.tir.type_name(pointer.ty);
            self.lw.error("E0739", s, format!("memory behind a `{name}` is accessed one 32-bit word at a time, which needs an alignment of 4 at least"))
                .help("declare the pointer with an alignment of 4 or more: `vk::BufferPointer<T, 4>`");
        }
        PlaceRef::Raw { buf: RawBuffer::Device { address }, addr: RawAddr::constant(0), ty, row_major: None, rules: Rules::Structured }
    }

    fn pointee_type(&self, pointer: crate::ty::TypeId) -> Option<crate::ty::TypeId> {
        match *self.lw.tys.get(pointer) {
            crate::ty::TypeInner::BufferPointer { pointee, .. } => Some(pointee),
            _ => None,
        }
    }
}
