//! `vk::RawBufferLoad` and `vk::RawBufferStore`: reads and writes at a 64-bit device address.
//!
//! naga's IR has no pointers made from integers, so for SPIR-V each call is a call of a
//! marker function ([`crate::passes::raw_buffer`], one per direction and type): a load
//! `(address: u64, alignment: u32) -> T` returning zero, a store `(address: u64, value: T,
//! alignment: u32)` doing nothing. The pass replaces each call with `OpConvertUToPtr` to a
//! `PhysicalStorageBuffer` pointer and an `OpLoad`/`OpStore` with the `Aligned` operand.
//! Booleans have no memory representation: as in DXC, they are read and written as `uint`s
//! (nonzero is true). A type naga would lay out unlike DXC's tight layout (a `float3` after
//! a `float`, matrices, `bool` members) is read and written one 32-bit word at a time at
//! DXC's offsets, as byte-address buffers are (`lower::raw` with [`RawBuffer::Device`]),
//! which needs an address aligned to 4 bytes (E0735 otherwise). WGSL has no device addresses.

use super::function::FnBuilder;
use crate::passes::raw_buffer::{LOAD, STORE};
use hlslc_grammar::Span;
use super::raw::{RawAddr, RawBuffer};
use crate::layout::Rules;
use crate::ty::{TypeId, TypeInner};
use naga::{Expression as E, Handle};

type H = Handle<naga::Expression>;

impl FnBuilder<'_, '_> {
    /// Lowers `RawBufferLoad` (`values`: address, alignment) or `RawBufferStore` (address,
    /// value, alignment); `ty` is the loaded or stored type.
    pub(crate) fn raw_buffer(&mut self, store: bool, values: &[H], data: TypeId, alignment: u32, s: Span) -> H {
        let ty = self.lw.ty(data);
        if self.lw.options.target != crate::options::Target::SpirV {
            let what = if store { "vk::RawBufferStore" } else { "vk::RawBufferLoad" };
            self.lw.error("E0803", s, format!("`{what}` cannot be expressed in WGSL or naga IR, which have no pointers to device addresses"))
                .help("bind the memory as a `RWByteAddressBuffer` or `RWStructuredBuffer`, or target SPIR-V");
            return self.dummy(s);
        }
        if !self.device_layout_is_tight(data, ty) && alignment >= 4 {
            // DXC's tight layout, word by word (as byte-address buffers are read).
            let buf = RawBuffer::Device { address: values[0] };
            if store {
                self.raw_store(buf, RawAddr::constant(0), data, values[1], None, Rules::Structured, s);
                return self.dummy(s);
            }
            return self.raw_load(buf, RawAddr::constant(0), data, None, Rules::Structured, s);
        }
        if !self.device_layout_is_tight(data, ty) {
            let what = if store { "vk::RawBufferStore" } else { "vk::RawBufferLoad" };
            let name = self.lw.tir.type_name(data);
            self.lw.error("E0735", s, format!("`{what}` of `{name}` with alignment {alignment} needs DXC's layout of the type word by word, which takes an alignment of 4 at least"))
                .note("naga lays this type out differently from DXC (a `float3` or `float2` after a smaller member, a matrix, or a `bool` inside a struct or array), so it is accessed one 32-bit word at a time")
                .help("pass an alignment of 4 or more, or load and store the members one by one");
            return self.dummy(s);
        }
        // Booleans travel as `uint`s of the same shape.
        let bool_shape = match self.lw.module.types[ty].inner {
            naga::TypeInner::Scalar(naga::Scalar::BOOL) => Some(None),
            naga::TypeInner::Vector { size, scalar: naga::Scalar::BOOL } => Some(Some(size)),
            _ => None,
        };
        let memory_ty = match bool_shape {
            Some(None) => self.lw.scalar_type(naga::Scalar::U32),
            Some(Some(size)) => self.lw.insert_type(naga::TypeInner::Vector { size, scalar: naga::Scalar::U32 }, None),
            None => ty,
        };
        let marker = self.lw.raw_buffer_function(store, memory_ty);
        if store {
            let mut value = values[1];
            if bool_shape.is_some() {
                value = self.add(E::As { expr: value, kind: naga::ScalarKind::Uint, convert: Some(4) }, s);
            }
            self.push(naga::Statement::Call { function: marker, arguments: vec![values[0], value, values[2]], result: None }, s);
            return self.dummy(s);
        }
        let result = self.add(E::CallResult(marker), s);
        self.push(naga::Statement::Call { function: marker, arguments: vec![values[0], values[1]], result: Some(result) }, s);
        if bool_shape.is_some() {
            return self.add(E::As { expr: result, kind: naga::ScalarKind::Bool, convert: Some(naga::BOOL_WIDTH) }, s);
        }
        result
    }
}

impl FnBuilder<'_, '_> {
    /// Whether naga's type `naga_ty` for `ty` has DXC's tight (structured-buffer) layout in
    /// memory: the same member offsets and array strides, no matrices and no `bool`s inside
    /// aggregates (their memory form differs from their value form).
    fn device_layout_is_tight(&mut self, ty: TypeId, naga_ty: Handle<naga::Type>) -> bool {
        let tir = self.lw.tir;
        match (*tir.types.get(ty), self.lw.module.types[naga_ty].inner.clone()) {
            (TypeInner::Scalar(_) | TypeInner::Vector { .. }, _) => true,
            (TypeInner::Array { base, size: Some(_) }, naga::TypeInner::Array { base: naga_base, stride, .. }) => {
                let tight = self.layouter().array_stride(base, Rules::Structured, None);
                stride == tight && self.member_is_tight(base, naga_base)
            }
            (TypeInner::Struct(st), naga::TypeInner::Struct { members, .. }) => {
                let (offsets, _) = self.layouter().struct_layout(st, Rules::Structured);
                let fields: Vec<TypeId> = tir.structs[st.0 as usize].fields.iter().map(|f| f.ty).collect();
                fields.len() == members.len()
                    && offsets.len() == members.len()
                    && fields.iter().zip(&members).zip(&offsets).all(|((&f, m), &o)| m.offset == o && self.member_is_tight(f, m.ty))
            }
            _ => false,
        }
    }

    /// [`Self::device_layout_is_tight`] for a member or element, where `bool`s (4-byte
    /// `uint`s in memory) do not fit.
    fn member_is_tight(&mut self, ty: TypeId, naga_ty: Handle<naga::Type>) -> bool {
        let tir = self.lw.tir;
        let is_bool = tir.types.scalar_of(ty).is_some_and(|s| s.kind == crate::ty::ScalarKind::Bool);
        !is_bool && self.device_layout_is_tight(ty, naga_ty)
    }
}

impl FnBuilder<'_, '_> {
    /// Reads (`value: None`) or writes the 32-bit word at the device address `word` (a
    /// multiple of 4) through the marker functions.
    pub(crate) fn device_word(&mut self, word: H, value: Option<H>, s: Span) -> H {
        let uint = self.lw.scalar_type(naga::Scalar::U32);
        let four = self.add(E::Literal(naga::Literal::U32(4)), s);
        let marker = self.lw.raw_buffer_function(value.is_some(), uint);
        match value {
            Some(v) => {
                self.push(naga::Statement::Call { function: marker, arguments: vec![word, v, four], result: None }, s);
                self.dummy(s)
            }
            None => {
                let result = self.add(E::CallResult(marker), s);
                self.push(naga::Statement::Call { function: marker, arguments: vec![word, four], result: Some(result) }, s);
                result
            }
        }
    }
}

impl super::Lowerer<'_> {
    /// The marker function for a load or store of `ty` (created on first use).
    fn raw_buffer_function(&mut self, store: bool, ty: Handle<naga::Type>) -> Handle<naga::Function> {
        let name = if store { STORE } else { LOAD };
        let found = self.module.functions.iter().find(|(_, f)| {
            f.name.as_deref() == Some(name) && if store { f.arguments.get(1).is_some_and(|a| a.ty == ty) } else { f.result.as_ref().is_some_and(|r| r.ty == ty) }
        });
        if let Some((h, _)) = found {
            return h;
        }
        let (ulong, uint) = (self.scalar_type(naga::Scalar::U64), self.scalar_type(naga::Scalar::U32));
        let argument = |ty| naga::FunctionArgument { name: None, ty, binding: None };
        let mut func = naga::Function { name: Some(name.into()), ..Default::default() };
        if store {
            func.arguments = vec![argument(ulong), argument(ty), argument(uint)];
        } else {
            func.arguments = vec![argument(ulong), argument(uint)];
            func.result = Some(naga::FunctionResult { ty, binding: None });
            let zero = func.expressions.append(E::ZeroValue(ty), naga::Span::UNDEFINED);
            func.body.push(naga::Statement::Return { value: Some(zero) }, naga::Span::UNDEFINED);
        }
        self.module.functions.append(func, naga::Span::UNDEFINED)
    }
}
