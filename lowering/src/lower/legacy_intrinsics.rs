//! Intrinsics that have no naga counterpart: from D3D9/D3D10 `lit`, `dst`,
//! `D3DCOLORtoUBYTE4` and `msad4`, and SM 6's `AddUint64`, each expanded to the formula the
//! HLSL reference gives.
//!
//! - `lit(n·l, n·h, m)` = `(1, n·l < 0 ? 0 : n·l, (n·l < 0 || n·h < 0) ? 0 : pow(n·h, m), 1)`,
//!   as the HLSL reference and DXC's DXIL back end (`TranslateLit`, since DXC #1565) compute
//!   it and native D3D12 runs it (vkd3d's `lit.shader_test`: `lit(1.2, 2, 3).z` = 8); DXC's
//!   SPIR-V back end and glslang multiply instead (`n·h * m`);
//! - `dst(a, b)` = `(1, a.y * b.y, a.z, b.w)`;
//! - `D3DCOLORtoUBYTE4(c)` = `int4(c.zyxw * 255.001953)` (truncating, as DXC does);
//! - `msad4(ref, src, acc)`: for each byte offset `i` in 0..4, the sum of absolute byte
//!   differences between `ref` and the four bytes of `src` (as one 8-byte little-endian
//!   string) starting at byte `i`, skipping bytes where `ref` is 0, added to `acc[i]`;
//! - `AddUint64(a, b)`: the wrapping 64-bit sum of each (low, high) pair of `uint`s.

use super::function::FnBuilder;
use hlslc_grammar::Span;
use naga::{BinaryOperator as B, Expression as E, Handle, MathFunction as MF, VectorSize};

impl FnBuilder<'_, '_> {
    /// `lit(n_dot_l, n_dot_h, m)` → `float4`.
    pub(crate) fn intrinsic_lit(&mut self, v: &[Handle<naga::Expression>], s: Span) -> Handle<naga::Expression> {
        let (ndl, ndh, m) = (v[0], v[1], v[2]);
        let zero = self.add(E::Literal(naga::Literal::F32(0.0)), s);
        let one = self.add(E::Literal(naga::Literal::F32(1.0)), s);
        let l_neg = self.add(E::Binary { op: B::Less, left: ndl, right: zero }, s);
        let diffuse = self.add(E::Select { condition: l_neg, accept: zero, reject: ndl }, s);
        let power = self.add(E::Math { fun: MF::Pow, arg: ndh, arg1: Some(m), arg2: None, arg3: None }, s);
        let h_neg = self.add(E::Binary { op: B::Less, left: ndh, right: zero }, s);
        let no_spec = self.add(E::Binary { op: B::LogicalOr, left: l_neg, right: h_neg }, s);
        let specular = self.add(E::Select { condition: no_spec, accept: zero, reject: power }, s);
        let f4 = self.lw.vector_type(naga::Scalar::F32, 4);
        self.add(E::Compose { ty: f4, components: vec![one, diffuse, specular, one] }, s)
    }

    /// `dst(a, b)` → `float4(1, a.y * b.y, a.z, b.w)`.
    pub(crate) fn intrinsic_dst(&mut self, v: &[Handle<naga::Expression>], s: Span) -> Handle<naga::Expression> {
        let one = self.add(E::Literal(naga::Literal::F32(1.0)), s);
        let ay = self.add(E::AccessIndex { base: v[0], index: 1 }, s);
        let by = self.add(E::AccessIndex { base: v[1], index: 1 }, s);
        let y = self.add(E::Binary { op: B::Multiply, left: ay, right: by }, s);
        let z = self.add(E::AccessIndex { base: v[0], index: 2 }, s);
        let w = self.add(E::AccessIndex { base: v[1], index: 3 }, s);
        let f4 = self.lw.vector_type(naga::Scalar::F32, 4);
        self.add(E::Compose { ty: f4, components: vec![one, y, z, w] }, s)
    }

    /// `D3DCOLORtoUBYTE4(c)` → `int4(c.zyxw * 255.001953)`.
    pub(crate) fn intrinsic_d3dcolor_to_ubyte4(&mut self, v: &[Handle<naga::Expression>], s: Span) -> Handle<naga::Expression> {
        use naga::SwizzleComponent as C;
        let zyxw = self.add(E::Swizzle { size: VectorSize::Quad, vector: v[0], pattern: [C::Z, C::Y, C::X, C::W] }, s);
        let k = self.add(E::Literal(naga::Literal::F32(255.001_95)), s);
        let scaled = self.add(E::Binary { op: B::Multiply, left: zyxw, right: k }, s);
        self.add(E::As { expr: scaled, kind: naga::ScalarKind::Sint, convert: Some(4) }, s)
    }

    /// `msad4(reference, source, accum)` → `uint4`.
    /// `AddUint64(a, b)`: per (low, high) pair, low = a.lo + b.lo and high = a.hi + b.hi plus
    /// the carry out of the low word (low < a.lo), all wrapping.
    pub(crate) fn intrinsic_add_uint64(&mut self, v: &[Handle<naga::Expression>], s: Span) -> Handle<naga::Expression> {
        let (a, b) = (v[0], v[1]);
        let n = match self.resolve(a) {
            Some(naga::TypeInner::Vector { size: VectorSize::Quad, .. }) => 4,
            _ => 2,
        };
        let one = self.literal_u32(1);
        let zero = self.literal_u32(0);
        let mut words = Vec::with_capacity(n as usize);
        for pair in 0..n / 2 {
            let (lo, hi) = (2 * pair, 2 * pair + 1);
            let (a_lo, b_lo) = (self.add(E::AccessIndex { base: a, index: lo }, s), self.add(E::AccessIndex { base: b, index: lo }, s));
            let (a_hi, b_hi) = (self.add(E::AccessIndex { base: a, index: hi }, s), self.add(E::AccessIndex { base: b, index: hi }, s));
            let sum_lo = self.add(E::Binary { op: B::Add, left: a_lo, right: b_lo }, s);
            let wrapped = self.add(E::Binary { op: B::Less, left: sum_lo, right: a_lo }, s);
            let carry = self.add(E::Select { condition: wrapped, accept: one, reject: zero }, s);
            let sum_hi = self.add(E::Binary { op: B::Add, left: a_hi, right: b_hi }, s);
            let sum_hi = self.add(E::Binary { op: B::Add, left: sum_hi, right: carry }, s);
            words.push(sum_lo);
            words.push(sum_hi);
        }
        let t = self.lw.vector_type(naga::Scalar::U32, n as u8);
        self.add(E::Compose { ty: t, components: words }, s)
    }

    pub(crate) fn intrinsic_msad4(&mut self, v: &[Handle<naga::Expression>], s: Span) -> Handle<naga::Expression> {
        let (reference, source, accum) = (v[0], v[1], v[2]);
        let u4 = self.lw.vector_type(naga::Scalar::U32, 4);
        let ref_bytes = self.add(E::Math { fun: MF::Unpack4xU8, arg: reference, arg1: None, arg2: None, arg3: None }, s);
        let zero4 = self.add(E::ZeroValue(u4), s);
        let counted = self.add(E::Binary { op: B::NotEqual, left: ref_bytes, right: zero4 }, s);
        let one = self.literal_u32(1);
        let ones = self.add(E::Splat { size: VectorSize::Quad, value: one }, s);
        let lo = self.add(E::AccessIndex { base: source, index: 0 }, s);
        let hi = self.add(E::AccessIndex { base: source, index: 1 }, s);
        let mut sums = Vec::with_capacity(4);
        for i in 0..4u32 {
            // The four bytes starting at byte `i` of `hi:lo`.
            let window = if i == 0 {
                lo
            } else {
                let down = self.literal_u32(8 * i);
                let up = self.literal_u32(32 - 8 * i);
                let l = self.add(E::Binary { op: B::ShiftRight, left: lo, right: down }, s);
                let h = self.add(E::Binary { op: B::ShiftLeft, left: hi, right: up }, s);
                self.add(E::Binary { op: B::InclusiveOr, left: l, right: h }, s)
            };
            let bytes = self.add(E::Math { fun: MF::Unpack4xU8, arg: window, arg1: None, arg2: None, arg3: None }, s);
            let big = self.add(E::Math { fun: MF::Max, arg: bytes, arg1: Some(ref_bytes), arg2: None, arg3: None }, s);
            let small = self.add(E::Math { fun: MF::Min, arg: bytes, arg1: Some(ref_bytes), arg2: None, arg3: None }, s);
            let diff = self.add(E::Binary { op: B::Subtract, left: big, right: small }, s);
            let masked = self.add(E::Select { condition: counted, accept: diff, reject: zero4 }, s);
            let sad = self.add(E::Math { fun: MF::Dot, arg: masked, arg1: Some(ones), arg2: None, arg3: None }, s);
            let acc = self.add(E::AccessIndex { base: accum, index: i }, s);
            sums.push(self.add(E::Binary { op: B::Add, left: acc, right: sad }, s));
        }
        self.add(E::Compose { ty: u4, components: sums }, s)
    }
}
