//! Reading and writing D3D-layout memory word by word.
//!
//! Constant buffers are `array<vec4<u32>, N>` (one element per 16-byte register) and every
//! other D3D-layout buffer is `array<u32>` (or `array<atomic<u32>>`). A value of any HLSL type
//! at byte offset `o` is assembled from the words covering it: 32-bit scalars are a word
//! reinterpreted (`bitcast`), `bool` is `word != 0`, 16-bit scalars are half a word, 64-bit
//! scalars two words; vectors, matrices (by majorness), arrays and structs are assembled from
//! their scalars at the offsets [`crate::layout`] gives. Stores are the reverse. Offsets may
//! have a dynamic part (array indices).

use super::function::FnBuilder;
use super::types::{matrix_rep, naga_scalar, MatrixRep};
use crate::layout::{scalar_size, Layouter, Rules};
use crate::ty::{Scalar, ScalarKind, TypeId, TypeInner};
use hlslc_grammar::Span;
use naga::Handle;

/// A D3D-layout buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RawBuffer {
    /// `array<vec4<u32>, N>` in the uniform address space.
    Uniform(Handle<naga::GlobalVariable>),
    /// `array<u32>` (or of `atomic<u32>`) in the storage address space; `index` picks the
    /// element of a binding array of buffers.
    Storage { var: Handle<naga::GlobalVariable>, atomic: bool, index: Option<Handle<naga::Expression>> },
    /// Memory at a 64-bit device address (`vk::RawBufferLoad`/`Store` of a type naga would
    /// lay out differently): words are read and written through the raw-buffer marker
    /// functions (SPIR-V only; the address is at least 4-byte aligned; never atomic).
    Device { address: Handle<naga::Expression> },
}

/// A byte offset: a constant plus dynamic terms `index * stride` (indices are `u32`).
///
/// Keeping the terms apart (rather than one byte expression) lets word and register indices
/// be computed as `i * (stride / 4) + c` instead of `(i * stride + c) >> 2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RawAddr {
    terms: [Option<(Handle<naga::Expression>, u32)>; 3],
    pub constant: u32,
}

impl RawAddr {
    pub fn constant(c: u32) -> Self {
        RawAddr { terms: [None; 3], constant: c }
    }

    /// A dynamic byte address (byte-address buffers).
    pub fn bytes(index: Handle<naga::Expression>) -> Self {
        RawAddr { terms: [Some((index, 1)), None, None], constant: 0 }
    }

    pub fn offset(self, by: u32) -> Self {
        // Byte addresses are `u32` and wrap, as the run-time arithmetic does (a constant
        // negative index is a huge `uint`, out of bounds either way).
        RawAddr { terms: self.terms, constant: self.constant.wrapping_add(by) }
    }

    /// True if both addresses have the same dynamic terms.
    pub fn same_terms(&self, other: &RawAddr) -> bool {
        self.terms == other.terms
    }

    pub fn is_dynamic(&self) -> bool {
        self.terms.iter().any(Option::is_some)
    }

    fn dynamic_terms(&self) -> impl Iterator<Item = (Handle<naga::Expression>, u32)> + '_ {
        self.terms.iter().flatten().copied()
    }
}

impl FnBuilder<'_, '_> {
    pub(crate) fn layouter(&self) -> Layouter<'_> {
        Layouter { module: self.lw.tir, default_row_major: self.lw.options.default_row_major }
    }

    /// The byte offset of field `field` of struct `st` under `rules`. Each struct's layout is
    /// computed once per module (a constant buffer's member is projected at every access).
    pub(crate) fn field_offset(&mut self, st: crate::ty::StructId, field: u32, rules: Rules) -> u32 {
        if let Some(offsets) = self.lw.field_offsets.get(&(st, rules)) {
            return offsets[field as usize];
        }
        let (offsets, _) = self.layouter().struct_layout(st, rules);
        let offset = offsets[field as usize];
        self.lw.field_offsets.insert((st, rules), offsets);
        offset
    }

    /// `addr + index * stride` (index converted to `u32`).
    pub(crate) fn addr_add_index(&mut self, addr: RawAddr, index: Handle<naga::Expression>, stride: u32, s: Span) -> RawAddr {
        if let Some(k) = self.const_index(index) {
            return addr.offset(k.wrapping_mul(stride));
        }
        let idx = self.to_u32(index, s);
        let mut out = addr;
        match out.terms.iter_mut().find(|t| t.is_none()) {
            Some(slot) => *slot = Some((idx, stride)),
            None => {
                // Fold the existing terms into one byte term.
                let bytes = self.sum_terms(&addr, 1, s);
                let scaled = self.scaled(idx, stride, s);
                let sum = match bytes {
                    Some(b) => self.add(naga::Expression::Binary { op: naga::BinaryOperator::Add, left: b, right: scaled }, s),
                    None => scaled,
                };
                out.terms = [Some((sum, 1)), None, None];
            }
        }
        out
    }

    /// `index * k` (omitting `* 1`).
    fn scaled(&mut self, index: Handle<naga::Expression>, k: u32, s: Span) -> Handle<naga::Expression> {
        if k == 1 {
            return index;
        }
        let kk = self.literal_u32(k);
        self.add(naga::Expression::Binary { op: naga::BinaryOperator::Multiply, left: index, right: kk }, s)
    }

    /// `Σ index * (stride / unit)`, or `None` without terms. Callers ensure divisibility.
    fn sum_terms(&mut self, addr: &RawAddr, unit: u32, s: Span) -> Option<Handle<naga::Expression>> {
        let terms: Vec<_> = addr.dynamic_terms().collect();
        let mut acc = None;
        for (idx, stride) in terms {
            let t = self.scaled(idx, stride / unit, s);
            acc = Some(match acc {
                None => t,
                Some(a) => self.add(naga::Expression::Binary { op: naga::BinaryOperator::Add, left: a, right: t }, s),
            });
        }
        acc
    }

    /// `Σ index * (stride / unit) + constant / unit` when every stride and the constant are
    /// multiples of `unit`.
    fn scaled_index(&mut self, addr: &RawAddr, unit: u32, s: Span) -> Option<Handle<naga::Expression>> {
        if addr.constant % unit != 0 || addr.dynamic_terms().any(|(_, st)| st % unit != 0) {
            return None;
        }
        let sum = self.sum_terms(addr, unit, s);
        let c = addr.constant / unit;
        Some(match (sum, c) {
            (Some(x), 0) => x,
            (Some(x), c) => {
                let k = self.literal_u32(c);
                self.add(naga::Expression::Binary { op: naga::BinaryOperator::Add, left: x, right: k }, s)
            }
            (None, c) => self.literal_u32(c),
        })
    }

    /// Converts an integer scalar expression to `u32` if it is not already.
    #[allow(clippy::wrong_self_convention)] // the builder adds the conversion; it is not itself converted
    pub(crate) fn to_u32(&mut self, e: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        let is_u32 = matches!(self.resolve(e), Some(naga::TypeInner::Scalar(naga::Scalar { kind: naga::ScalarKind::Uint, width: 4 })));
        if is_u32 {
            e
        } else {
            self.add(naga::Expression::As { expr: e, kind: naga::ScalarKind::Uint, convert: Some(4) }, s)
        }
    }

    /// The full byte address as one `u32` expression.
    fn addr_expr(&mut self, addr: RawAddr, s: Span) -> Handle<naga::Expression> {
        match self.scaled_index(&addr, 1, s) {
            Some(e) => e,
            None => self.literal_u32(addr.constant),
        }
    }

    /// A pointer to the 32-bit word containing byte `addr` (which must be 4-byte aligned for
    /// whole-word access; sub-word callers mask the low bits).
    fn word_pointer(&mut self, buf: RawBuffer, addr: RawAddr, s: Span) -> Handle<naga::Expression> {
        match buf {
            RawBuffer::Uniform(var) => {
                let g = self.add(naga::Expression::GlobalVariable(var), s);
                if !addr.is_dynamic() {
                    let reg = self.add(naga::Expression::AccessIndex { base: g, index: addr.constant / 16 }, s);
                    return self.add(naga::Expression::AccessIndex { base: reg, index: (addr.constant % 16) / 4 }, s);
                }
                let regs_only = RawAddr { terms: addr.terms, constant: addr.constant - addr.constant % 16 };
                if let Some(reg_i) = self.scaled_index(&regs_only, 16, s) {
                    let reg = self.add(naga::Expression::Access { base: g, index: reg_i }, s);
                    return self.add(naga::Expression::AccessIndex { base: reg, index: (addr.constant % 16) / 4 }, s);
                }
                let byte = self.addr_expr(addr, s);
                let four = self.literal_u32(4);
                let reg_i = self.add(naga::Expression::Binary { op: naga::BinaryOperator::ShiftRight, left: byte, right: four }, s);
                let two = self.literal_u32(2);
                let w = self.add(naga::Expression::Binary { op: naga::BinaryOperator::ShiftRight, left: byte, right: two }, s);
                let three = self.literal_u32(3);
                let comp = self.add(naga::Expression::Binary { op: naga::BinaryOperator::And, left: w, right: three }, s);
                let reg = self.add(naga::Expression::Access { base: g, index: reg_i }, s);
                self.add(naga::Expression::Access { base: reg, index: comp }, s)
            }
            // Device words have no naga pointer: `load_word` and `store_word` call the marker
            // functions instead, and device memory is never accessed atomically.
            RawBuffer::Device { .. } => self.dummy(s),
            RawBuffer::Storage { var, index, .. } => {
                let g = self.buffer_pointer(var, index, s);
                if !addr.is_dynamic() {
                    return self.add(naga::Expression::AccessIndex { base: g, index: addr.constant / 4 }, s);
                }
                let aligned = RawAddr { terms: addr.terms, constant: addr.constant & !3 };
                let w = match self.scaled_index(&aligned, 4, s) {
                    Some(w) => w,
                    None => {
                        let byte = self.addr_expr(addr, s);
                        let two = self.literal_u32(2);
                        self.add(naga::Expression::Binary { op: naga::BinaryOperator::ShiftRight, left: byte, right: two }, s)
                    }
                };
                self.add(naga::Expression::Access { base: g, index: w }, s)
            }
        }
    }

    /// A pointer to a buffer's contents: the global itself, or for element `index` of a binding
    /// array of buffers, the `data` member of that element's wrapper struct (see `globals`).
    pub(crate) fn buffer_pointer(&mut self, var: Handle<naga::GlobalVariable>, index: Option<Handle<naga::Expression>>, s: Span) -> Handle<naga::Expression> {
        let g = self.add(naga::Expression::GlobalVariable(var), s);
        match index {
            None => g,
            Some(i) => {
                let element = self.access(g, i, s);
                self.add(naga::Expression::AccessIndex { base: element, index: 0 }, s)
            }
        }
    }

    /// Pointer to the word containing `addr` (a public entry for atomics).
    pub(crate) fn raw_word_pointer(&mut self, buf: RawBuffer, addr: RawAddr, s: Span) -> Handle<naga::Expression> {
        self.word_pointer(buf, addr, s)
    }

    /// A pointer to the 64-bit word at byte `addr` (a multiple of 8) of `view`, a 64-bit view
    /// of buffer words (`Lowerer::words64_view`).
    pub(crate) fn raw_word64_pointer(&mut self, view: Handle<naga::GlobalVariable>, addr: RawAddr, s: Span) -> Handle<naga::Expression> {
        let g = self.add(naga::Expression::GlobalVariable(view), s);
        if !addr.is_dynamic() {
            return self.add(naga::Expression::AccessIndex { base: g, index: addr.constant / 8 }, s);
        }
        let aligned = RawAddr { terms: addr.terms, constant: addr.constant & !7 };
        let w = match self.scaled_index(&aligned, 8, s) {
            Some(w) => w,
            None => {
                let byte = self.addr_expr(addr, s);
                let three = self.literal_u32(3);
                self.add(naga::Expression::Binary { op: naga::BinaryOperator::ShiftRight, left: byte, right: three }, s)
            }
        };
        self.add(naga::Expression::Access { base: g, index: w }, s)
    }

    fn load_word(&mut self, buf: RawBuffer, addr: RawAddr, s: Span) -> Handle<naga::Expression> {
        if let RawBuffer::Device { address } = buf {
            let word = self.device_word_address(address, addr, s);
            return self.device_word(word, None, s);
        }
        let p = self.word_pointer(buf, addr, s);
        self.add(naga::Expression::Load { pointer: p }, s)
    }

    fn store_word(&mut self, buf: RawBuffer, addr: RawAddr, value: Handle<naga::Expression>, s: Span) {
        if let RawBuffer::Device { address } = buf {
            let word = self.device_word_address(address, addr, s);
            self.device_word(word, Some(value), s);
            return;
        }
        let p = self.word_pointer(buf, addr, s);
        self.push(naga::Statement::Store { pointer: p, value }, s);
    }

    /// The 64-bit address of the word containing byte `addr` after the device address `base`.
    pub(crate) fn device_word_address(&mut self, base: Handle<naga::Expression>, addr: RawAddr, s: Span) -> Handle<naga::Expression> {
        if !addr.is_dynamic() && addr.constant < 4 {
            return base;
        }
        let byte = self.addr_expr(addr, s);
        let mask = self.literal_u32(!3);
        let aligned = self.add(naga::Expression::Binary { op: naga::BinaryOperator::And, left: byte, right: mask }, s);
        let wide = self.add(naga::Expression::As { expr: aligned, kind: naga::ScalarKind::Uint, convert: Some(8) }, s);
        self.add(naga::Expression::Binary { op: naga::BinaryOperator::Add, left: base, right: wide }, s)
    }

    /// Loads a value of HLSL type `ty` stored at `addr` by `rules`.
    pub(crate) fn raw_load(&mut self, buf: RawBuffer, addr: RawAddr, ty: TypeId, row_major: Option<bool>, rules: Rules, s: Span) -> Handle<naga::Expression> {
        let inner = *self.lw.tys.get(ty);
        match inner {
            TypeInner::Scalar(sc) => self.raw_load_scalar(buf, addr, sc, s),
            TypeInner::BufferPointer { .. } => self.raw_load_scalar(buf, addr, crate::ty::Scalar::U64, s),
            TypeInner::Vector { scalar, size } => {
                // A whole aligned register of a constant buffer loads as one vector.
                if let (RawBuffer::Uniform(var), false, 4) = (buf, addr.is_dynamic(), scalar_size(scalar.kind, scalar.width)) {
                    if addr.constant % 16 == 0 && scalar.kind != ScalarKind::Bool {
                        let g = self.add(naga::Expression::GlobalVariable(var), s);
                        let reg = self.add(naga::Expression::AccessIndex { base: g, index: addr.constant / 16 }, s);
                        let mut v = self.add(naga::Expression::Load { pointer: reg }, s);
                        if size < 4 {
                            v = self.add(naga::Expression::Swizzle { size: super::types::vector_size(size), vector: v, pattern: SWIZZLE_XYZW }, s);
                        }
                        return self.bitcast_from_u32(v, scalar, s);
                    }
                }
                let w = scalar_size(scalar.kind, scalar.width);
                let comps: Vec<_> = (0..size as u32).map(|i| self.raw_load_scalar(buf, addr.offset(i * w), scalar, s)).collect();
                let t = self.lw.ty(ty);
                self.add(naga::Expression::Compose { ty: t, components: comps }, s)
            }
            TypeInner::Matrix { scalar, rows, cols } => {
                let w = scalar_size(scalar.kind, scalar.width);
                let rm = row_major.unwrap_or(self.lw.options.default_row_major);
                let m = self.layouter().matrix_storage(rows, cols, w, rm, rules);
                if let Some(v) = self.register_matrix_load(buf, addr, ty, scalar, rows, cols, m, s) {
                    return v;
                }
                let mut row_values = Vec::new();
                for r in 0..rows as u32 {
                    let mut comps = Vec::new();
                    for c in 0..cols as u32 {
                        let off = if m.rows { r * m.stride + c * w } else { c * m.stride + r * w };
                        comps.push(self.raw_load_scalar(buf, addr.offset(off), scalar, s));
                    }
                    let row = if cols == 1 {
                        comps[0]
                    } else {
                        let vt = self.lw.vector_type(naga_scalar(scalar), cols);
                        self.add(naga::Expression::Compose { ty: vt, components: comps }, s)
                    };
                    row_values.push(row);
                }
                let t = self.lw.ty(ty);
                let _ = matrix_rep(scalar, rows, cols);
                self.add(naga::Expression::Compose { ty: t, components: row_values }, s)
            }
            TypeInner::Array { base, size } => {
                let stride = self.layouter().array_stride(base, rules, row_major);
                let mut parts = Vec::new();
                for i in 0..size.unwrap_or(0) {
                    parts.push(self.raw_load(buf, addr.offset(i * stride), base, row_major, rules, s));
                }
                let t = self.lw.ty(ty);
                self.add(naga::Expression::Compose { ty: t, components: parts }, s)
            }
            TypeInner::Struct(st) => {
                let (offsets, _) = self.layouter().struct_layout(st, rules);
                let fields: Vec<(TypeId, Option<bool>)> = self.lw.tir.structs[st.0 as usize].fields.iter().map(|f| (f.ty, f.row_major)).collect();
                let mut parts = Vec::new();
                for ((fty, rm), off) in fields.into_iter().zip(offsets) {
                    // `-fspv-use-legacy-buffer-matrix-order`: the load's row-major order reaches
                    // the struct's matrices too (byte-address `Load` passes it).
                    let rm = if self.lw.options.legacy_buffer_matrix_order { rm.or(row_major) } else { rm };
                    parts.push(self.raw_load(buf, addr.offset(off), fty, rm, rules, s));
                }
                let t = self.lw.ty(ty);
                self.add(naga::Expression::Compose { ty: t, components: parts }, s)
            }
            _ => {
                let t = self.lw.ty(ty);
                self.add(naga::Expression::ZeroValue(t), s)
            }
        }
    }

    /// A float matrix in a constant buffer whose stored vectors start registers: one `vec4`
    /// load per register, trimmed to the vector length. Row-major storage holds the HLSL rows,
    /// which are naga's columns; column-major storage holds the HLSL columns, so the matrix of
    /// loaded vectors is transposed (one `transpose` instead of a load per scalar).
    #[allow(clippy::too_many_arguments)]
    fn register_matrix_load(&mut self, buf: RawBuffer, addr: RawAddr, ty: TypeId, scalar: Scalar, rows: u8, cols: u8, m: crate::layout::MatrixStorage, s: Span) -> Option<Handle<naga::Expression>> {
        let RawBuffer::Uniform(var) = buf else { return None };
        if scalar != Scalar::F32 || matrix_rep(scalar, rows, cols) != MatrixRep::Naga || m.stride != 16 || addr.constant % 16 != 0 || addr.dynamic_terms().any(|(_, st)| st % 16 != 0) {
            return None;
        }
        let g = self.add(naga::Expression::GlobalVariable(var), s);
        let mut vectors = Vec::new();
        for i in 0..m.count {
            let a = addr.offset(i * 16);
            let reg = match self.scaled_index(&a, 16, s) {
                Some(r) if a.is_dynamic() => self.add(naga::Expression::Access { base: g, index: r }, s),
                _ => self.add(naga::Expression::AccessIndex { base: g, index: a.constant / 16 }, s),
            };
            let mut v = self.add(naga::Expression::Load { pointer: reg }, s);
            if m.length < 4 {
                v = self.add(naga::Expression::Swizzle { size: super::types::vector_size(m.length as u8), vector: v, pattern: SWIZZLE_XYZW }, s);
            }
            vectors.push(self.add(naga::Expression::As { expr: v, kind: naga::ScalarKind::Float, convert: None }, s));
        }
        if m.rows {
            let t = self.lw.ty(ty);
            return Some(self.add(naga::Expression::Compose { ty: t, components: vectors }, s));
        }
        // Columns → a naga matrix with HLSL columns as naga columns (`rows × cols` HLSL is
        // `cols` columns of `rows`), then transposed into hlslc's representation.
        let col_ty = self.lw.vector_type(naga::Scalar::F32, rows);
        let _ = col_ty;
        let transposed_ty = self.lw.insert_type(
            naga::TypeInner::Matrix { columns: super::types::vector_size(cols), rows: super::types::vector_size(rows), scalar: naga::Scalar::F32 },
            None,
        );
        let cm = self.add(naga::Expression::Compose { ty: transposed_ty, components: vectors }, s);
        Some(self.add(naga::Expression::Math { fun: naga::MathFunction::Transpose, arg: cm, arg1: None, arg2: None, arg3: None }, s))
    }

    fn raw_load_scalar(&mut self, buf: RawBuffer, addr: RawAddr, sc: Scalar, s: Span) -> Handle<naga::Expression> {
        // 16- and 64-bit values must be in the type arena for naga's WGSL writer to emit
        // their `enable` directives.
        let _ = self.lw.scalar_type(naga_scalar(sc));
        match scalar_size(sc.kind, sc.width) {
            2 => {
                // The half word at `addr`: shift the containing word by 0 or 16 bits.
                // `word_pointer` ignores the low two bits of the address.
                let word = self.load_word(buf, addr, s);
                let odd_stride = addr.dynamic_terms().any(|(_, st)| st % 4 != 0);
                let shift = if odd_stride {
                    let byte = self.addr_expr(addr, s);
                    let two = self.literal_u32(2);
                    let sel = self.add(naga::Expression::Binary { op: naga::BinaryOperator::And, left: byte, right: two }, s);
                    let eight = self.literal_u32(8);
                    self.add(naga::Expression::Binary { op: naga::BinaryOperator::Multiply, left: sel, right: eight }, s)
                } else {
                    self.literal_u32((addr.constant & 2) * 8)
                };
                let bits = self.add(naga::Expression::Binary { op: naga::BinaryOperator::ShiftRight, left: word, right: shift }, s);
                match sc.kind {
                    ScalarKind::Float => {
                        let v2 = self.add(naga::Expression::Math { fun: naga::MathFunction::Unpack2x16float, arg: bits, arg1: None, arg2: None, arg3: None }, s);
                        let f = self.add(naga::Expression::AccessIndex { base: v2, index: 0 }, s);
                        self.add(naga::Expression::As { expr: f, kind: naga::ScalarKind::Float, convert: Some(2) }, s)
                    }
                    ScalarKind::Int => {
                        // Sign-extend the low 16 bits.
                        let as_i = self.add(naga::Expression::As { expr: bits, kind: naga::ScalarKind::Sint, convert: None }, s);
                        let zero = self.literal_u32(0);
                        let sixteen = self.literal_u32(16);
                        let ext = self.add(naga::Expression::Math { fun: naga::MathFunction::ExtractBits, arg: as_i, arg1: Some(zero), arg2: Some(sixteen), arg3: None }, s);
                        self.add(naga::Expression::As { expr: ext, kind: naga::ScalarKind::Sint, convert: Some(2) }, s)
                    }
                    _ => {
                        let mask = self.literal_u32(0xFFFF);
                        let low = self.add(naga::Expression::Binary { op: naga::BinaryOperator::And, left: bits, right: mask }, s);
                        self.add(naga::Expression::As { expr: low, kind: naga::ScalarKind::Uint, convert: Some(2) }, s)
                    }
                }
            }
            8 => {
                let lo = self.load_word(buf, addr, s);
                let hi = self.load_word(buf, addr.offset(4), s);
                let lo64 = self.add(naga::Expression::As { expr: lo, kind: naga::ScalarKind::Uint, convert: Some(8) }, s);
                let hi64 = self.add(naga::Expression::As { expr: hi, kind: naga::ScalarKind::Uint, convert: Some(8) }, s);
                let thirty_two = self.literal_u32(32);
                let shifted = self.add(naga::Expression::Binary { op: naga::BinaryOperator::ShiftLeft, left: hi64, right: thirty_two }, s);
                let bits = self.add(naga::Expression::Binary { op: naga::BinaryOperator::InclusiveOr, left: shifted, right: lo64 }, s);
                let kind = naga_scalar(sc).kind;
                if kind == naga::ScalarKind::Uint {
                    bits
                } else {
                    self.add(naga::Expression::As { expr: bits, kind, convert: None }, s)
                }
            }
            _ => {
                let w = self.load_word(buf, addr, s);
                self.bitcast_from_u32(w, sc, s)
            }
        }
    }

    /// Reinterprets `u32` bits (scalar or vector) as 32-bit scalar `sc` (`bool`: non-zero).
    fn bitcast_from_u32(&mut self, w: Handle<naga::Expression>, sc: Scalar, s: Span) -> Handle<naga::Expression> {
        match sc.kind {
            ScalarKind::Uint => w,
            ScalarKind::Bool => {
                let zero = self.zero_like(w, s);
                self.add(naga::Expression::Binary { op: naga::BinaryOperator::NotEqual, left: w, right: zero }, s)
            }
            _ => self.add(naga::Expression::As { expr: w, kind: naga_scalar(sc).kind, convert: None }, s),
        }
    }

    /// The zero of the type of `e`.
    pub(crate) fn zero_like(&mut self, e: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        let ty = self.type_handle_of(e);
        self.add(naga::Expression::ZeroValue(ty), s)
    }

    /// Stores `value` of HLSL type `ty` at `addr`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn raw_store(&mut self, buf: RawBuffer, addr: RawAddr, ty: TypeId, value: Handle<naga::Expression>, row_major: Option<bool>, rules: Rules, s: Span) {
        let inner = *self.lw.tys.get(ty);
        match inner {
            TypeInner::Scalar(sc) => self.raw_store_scalar(buf, addr, sc, value, s),
            TypeInner::BufferPointer { .. } => self.raw_store_scalar(buf, addr, crate::ty::Scalar::U64, value, s),
            TypeInner::Vector { scalar, size } => {
                let w = scalar_size(scalar.kind, scalar.width);
                for i in 0..size as u32 {
                    let c = self.add(naga::Expression::AccessIndex { base: value, index: i }, s);
                    self.raw_store_scalar(buf, addr.offset(i * w), scalar, c, s);
                }
            }
            TypeInner::Matrix { scalar, rows, cols } => {
                let w = scalar_size(scalar.kind, scalar.width);
                let rm = row_major.unwrap_or(self.lw.options.default_row_major);
                let m = self.layouter().matrix_storage(rows, cols, w, rm, rules);
                for r in 0..rows as u32 {
                    let row = self.add(naga::Expression::AccessIndex { base: value, index: r }, s);
                    for c in 0..cols as u32 {
                        let el = if cols == 1 { row } else { self.add(naga::Expression::AccessIndex { base: row, index: c }, s) };
                        let off = if m.rows { r * m.stride + c * w } else { c * m.stride + r * w };
                        self.raw_store_scalar(buf, addr.offset(off), scalar, el, s);
                    }
                }
                let _ = MatrixRep::Naga;
            }
            TypeInner::Array { base, size } => {
                let stride = self.layouter().array_stride(base, rules, row_major);
                for i in 0..size.unwrap_or(0) {
                    let el = self.add(naga::Expression::AccessIndex { base: value, index: i }, s);
                    self.raw_store(buf, addr.offset(i * stride), base, el, row_major, rules, s);
                }
            }
            TypeInner::Struct(st) => {
                let (offsets, _) = self.layouter().struct_layout(st, rules);
                let fields: Vec<(TypeId, Option<bool>)> = self.lw.tir.structs[st.0 as usize].fields.iter().map(|f| (f.ty, f.row_major)).collect();
                for (i, ((fty, rm), off)) in fields.into_iter().zip(offsets).enumerate() {
                    let el = self.add(naga::Expression::AccessIndex { base: value, index: i as u32 }, s);
                    let rm = if self.lw.options.legacy_buffer_matrix_order { rm.or(row_major) } else { rm };
                    self.raw_store(buf, addr.offset(off), fty, el, rm, rules, s);
                }
            }
            _ => {}
        }
    }

    fn raw_store_scalar(&mut self, buf: RawBuffer, addr: RawAddr, sc: Scalar, value: Handle<naga::Expression>, s: Span) {
        let _ = self.lw.scalar_type(naga_scalar(sc));
        match scalar_size(sc.kind, sc.width) {
            2 => {
                // Read-modify-write of the containing word.
                let bits16 = match sc.kind {
                    ScalarKind::Float => {
                        let f = self.add(naga::Expression::As { expr: value, kind: naga::ScalarKind::Float, convert: Some(4) }, s);
                        let z = self.add(naga::Expression::Literal(naga::Literal::F32(0.0)), s);
                        let v2t = self.lw.vector_type(naga::Scalar::F32, 2);
                        let v2 = self.add(naga::Expression::Compose { ty: v2t, components: vec![f, z] }, s);
                        self.add(naga::Expression::Math { fun: naga::MathFunction::Pack2x16float, arg: v2, arg1: None, arg2: None, arg3: None }, s)
                    }
                    _ => {
                        let u = self.add(naga::Expression::As { expr: value, kind: naga::ScalarKind::Uint, convert: Some(4) }, s);
                        let mask = self.literal_u32(0xFFFF);
                        self.add(naga::Expression::Binary { op: naga::BinaryOperator::And, left: u, right: mask }, s)
                    }
                };
                let byte = self.addr_expr(addr, s);
                let two = self.literal_u32(2);
                let sel = self.add(naga::Expression::Binary { op: naga::BinaryOperator::And, left: byte, right: two }, s);
                let eight = self.literal_u32(8);
                let shift = self.add(naga::Expression::Binary { op: naga::BinaryOperator::Multiply, left: sel, right: eight }, s);
                if let RawBuffer::Storage { atomic: true, .. } = buf {
                    let ptr = self.word_pointer(buf, addr, s);
                    // The other half of the word may be another thread's element: clear this
                    // half and set it with atomics, so neither store loses the other.
                    let ones = self.literal_u32(0xFFFF);
                    let field = self.add(naga::Expression::Binary { op: naga::BinaryOperator::ShiftLeft, left: ones, right: shift }, s);
                    let keep = self.add(naga::Expression::Unary { op: naga::UnaryOperator::BitwiseNot, expr: field }, s);
                    let value = self.add(naga::Expression::Binary { op: naga::BinaryOperator::ShiftLeft, left: bits16, right: shift }, s);
                    self.push(naga::Statement::Atomic { pointer: ptr, fun: naga::AtomicFunction::And, value: keep, result: None }, s);
                    self.push(naga::Statement::Atomic { pointer: ptr, fun: naga::AtomicFunction::InclusiveOr, value, result: None }, s);
                    return;
                }
                let old = self.load_word(buf, addr, s);
                let sixteen = self.literal_u32(16);
                let new = self.add(naga::Expression::Math { fun: naga::MathFunction::InsertBits, arg: old, arg1: Some(bits16), arg2: Some(shift), arg3: Some(sixteen) }, s);
                self.store_word(buf, addr, new, s);
            }
            8 => {
                let bits = if sc.kind == ScalarKind::Uint {
                    value
                } else {
                    self.add(naga::Expression::As { expr: value, kind: naga::ScalarKind::Uint, convert: None }, s)
                };
                let lo = self.add(naga::Expression::As { expr: bits, kind: naga::ScalarKind::Uint, convert: Some(4) }, s);
                let thirty_two = self.literal_u32(32);
                let hi64 = self.add(naga::Expression::Binary { op: naga::BinaryOperator::ShiftRight, left: bits, right: thirty_two }, s);
                let hi = self.add(naga::Expression::As { expr: hi64, kind: naga::ScalarKind::Uint, convert: Some(4) }, s);
                self.store_word(buf, addr, lo, s);
                self.store_word(buf, addr.offset(4), hi, s);
            }
            _ => {
                let bits = match sc.kind {
                    ScalarKind::Uint => value,
                    ScalarKind::Bool => {
                        let one = self.literal_u32(1);
                        let zero = self.literal_u32(0);
                        self.add(naga::Expression::Select { condition: value, accept: one, reject: zero }, s)
                    }
                    _ => self.add(naga::Expression::As { expr: value, kind: naga::ScalarKind::Uint, convert: None }, s),
                };
                self.store_word(buf, addr, bits, s);
            }
        }
    }
}

pub(crate) const SWIZZLE_XYZW: [naga::SwizzleComponent; 4] =
    [naga::SwizzleComponent::X, naga::SwizzleComponent::Y, naga::SwizzleComponent::Z, naga::SwizzleComponent::W];
