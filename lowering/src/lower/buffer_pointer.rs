//! `p.Get()` of a `vk::BufferPointer<T, A>` `p`: the `T` in buffer memory at the 64-bit device
//! address `p` holds (SPIR-V `PhysicalStorageBuffer` memory).
//!
//! A pointer is a `u64` in naga IR, and the place behind it is memory in D3D's structured-buffer
//! layout (as everywhere in hlslc; DXC's default `-spirv` layout is std430-like, which differs
//! for, e.g., a `float4` after a `float`: byte 4 here, 16 there), read and
//! written one 32-bit word at a time, as `vk::RawBufferLoad`/`vk::RawBufferStore` read a type
//! naga would lay out unlike DXC ([`RawBuffer::Device`]; `passes::raw_buffer` turns each
//! word access into `OpConvertUToPtr` and an `Aligned` load or store). Members, array
//! elements and swizzles of the pointee are projections of that place, so `p.Get().next`
//! reads 8 bytes and `p.Get().x.y = v` writes 4. `Interlocked*` on a 32-bit pointee member
//! calls an atomic marker (`passes::raw_buffer::ATOMICS`) with the word's address, device
//! scope and relaxed semantics, which the pass turns into the `OpAtomic*` instruction. WGSL
//! has no pointers to device addresses (E0803).

use super::function::FnBuilder;
use super::place::PlaceRef;
use super::raw::{RawAddr, RawBuffer};
use crate::layout::Rules;
use crate::passes::raw_buffer::ATOMICS;
use crate::tir::{self, Intrinsic as I};
use crate::ty::{Scalar, ScalarKind};
use hlslc_grammar::Span;
use naga::{Expression as E, Handle};

type H = Handle<naga::Expression>;

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

impl FnBuilder<'_, '_> {
    /// `Interlocked*` on the 32-bit word at byte `addr` after the device address `address`;
    /// returns the original value (as `scalar`), or `None` for an operation without an
    /// instruction.
    pub(crate) fn device_atomic(&mut self, op: I, address: H, addr: RawAddr, scalar: Scalar, values: &[H], s: Span) -> Option<H> {
        let signed = scalar.kind == ScalarKind::Int;
        let name = match op {
            I::InterlockedAdd => "add",
            I::InterlockedAnd => "and",
            I::InterlockedOr => "or",
            I::InterlockedXor => "xor",
            I::InterlockedMin if signed => "smin",
            I::InterlockedMin => "umin",
            I::InterlockedMax if signed => "smax",
            I::InterlockedMax => "umax",
            I::InterlockedExchange => "exchange",
            I::InterlockedCompareExchange | I::InterlockedCompareStore => "compare_exchange",
            _ => return None,
        };
        let word = self.device_word_address(address, addr, s);
        let mut words: Vec<H> = values.iter().map(|&v| self.atomic_bits(v, scalar, Scalar::U32, s)).collect();
        // HLSL passes (comparator, value); the instruction takes (value, comparator).
        if name == "compare_exchange" {
            words.reverse();
        }
        let marker = self.lw.raw_buffer_atomic_function(name, words.len());
        // Device scope (1), relaxed semantics (0).
        let (scope, semantics) = (self.literal_u32(1), self.literal_u32(0));
        let mut arguments = vec![word, scope, semantics];
        arguments.extend(words);
        let result = self.add(E::CallResult(marker), s);
        self.push(naga::Statement::Call { function: marker, arguments, result: Some(result) }, s);
        Some(self.atomic_bits(result, Scalar::U32, scalar, s))
    }
}

impl super::Lowerer<'_> {
    /// The atomic marker function `hlslc::raw_buffer_atomic_<name>` taking `values` operands
    /// after the address, scope and semantics (created on first use).
    fn raw_buffer_atomic_function(&mut self, name: &str, values: usize) -> Handle<naga::Function> {
        let full = ATOMICS.iter().map(|a| a.0).find(|n| n.strip_prefix("hlslc::raw_buffer_atomic_") == Some(name)).unwrap_or(ATOMICS[0].0);
        if let Some((h, _)) = self.module.functions.iter().find(|(_, f)| f.name.as_deref() == Some(full)) {
            return h;
        }
        let (ulong, uint) = (self.scalar_type(naga::Scalar::U64), self.scalar_type(naga::Scalar::U32));
        let argument = |ty| naga::FunctionArgument { name: None, ty, binding: None };
        let mut func = naga::Function { name: Some(full.into()), ..Default::default() };
        func.arguments = std::iter::once(ulong).chain(std::iter::repeat_n(uint, 2 + values)).map(argument).collect();
        func.result = Some(naga::FunctionResult { ty: uint, binding: None });
        let zero = func.expressions.append(E::ZeroValue(uint), naga::Span::UNDEFINED);
        func.body.push(naga::Statement::Return { value: Some(zero) }, naga::Span::UNDEFINED);
        self.module.functions.append(func, naga::Span::UNDEFINED)
    }
}
