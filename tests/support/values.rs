//! Typed little-endian values: the element types of execution-test data, literal parsing,
//! encoding to bytes, decoding for messages, and tolerant float comparison.
//!
//! Everything a fixture says about buffer contents ends up as bytes in the layout a shader
//! sees (little-endian, tightly packed). Expectations keep, per scalar, the exact bits plus
//! how to compare them (bit-exact, any NaN, don't care), so that failure messages can show
//! both the decimal value and the hex bits.

use std::fmt;

/// A scalar element type as spelled in fixtures (`uint`, `float`, `half`, `u64`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scalar {
    /// HLSL `bool` in a buffer: a 32-bit word, 0 or 1.
    Bool,
    U8,
    U16,
    I16,
    U32,
    I32,
    U64,
    I64,
    F16,
    F32,
    F64,
}

impl Scalar {
    /// Parses a scalar name: HLSL spellings (`uint`, `int`, `float`, `half`, `double`, `bool`,
    /// `uint64_t`, `int64_t`, `uint16_t`, `int16_t`, `float16_t`) or short ones (`u32`, `f16`, …).
    pub fn from_name(name: &str) -> Option<Scalar> {
        Some(match name {
            "bool" => Scalar::Bool,
            "u8" | "byte" => Scalar::U8,
            "u16" | "uint16_t" => Scalar::U16,
            "i16" | "int16_t" => Scalar::I16,
            "u32" | "uint" | "dword" | "uint32_t" => Scalar::U32,
            "i32" | "int" | "int32_t" => Scalar::I32,
            "u64" | "uint64_t" => Scalar::U64,
            "i64" | "int64_t" => Scalar::I64,
            "f16" | "half" | "float16_t" => Scalar::F16,
            "f32" | "float" | "float32_t" => Scalar::F32,
            "f64" | "double" | "float64_t" => Scalar::F64,
            _ => return None,
        })
    }

    /// Parses a possibly vector-suffixed HLSL name: `float4` → (F32, 4), `uint` → (U32, 1).
    /// Short names (`f32`) take no suffix.
    pub fn from_vector_name(name: &str) -> Option<(Scalar, u32)> {
        if let Some(s) = Scalar::from_name(name) {
            return Some((s, 1));
        }
        let last = name.chars().last()?;
        let width = last.to_digit(10)?;
        if !(2..=4).contains(&width) {
            return None;
        }
        let base = &name[..name.len() - 1];
        // `uint64_t4` style is not HLSL; HLSL writes `uint64_t4`, which we accept too.
        let s = Scalar::from_name(base)?;
        Some((s, width))
    }

    pub fn size(self) -> usize {
        match self {
            Scalar::U8 => 1,
            Scalar::U16 | Scalar::I16 | Scalar::F16 => 2,
            Scalar::Bool | Scalar::U32 | Scalar::I32 | Scalar::F32 => 4,
            Scalar::U64 | Scalar::I64 | Scalar::F64 => 8,
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, Scalar::F16 | Scalar::F32 | Scalar::F64)
    }

    pub fn is_signed(self) -> bool {
        matches!(self, Scalar::I16 | Scalar::I32 | Scalar::I64)
    }

    pub fn name(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::U8 => "u8",
            Scalar::U16 => "u16",
            Scalar::I16 => "i16",
            Scalar::U32 => "u32",
            Scalar::I32 => "i32",
            Scalar::U64 => "u64",
            Scalar::I64 => "i64",
            Scalar::F16 => "f16",
            Scalar::F32 => "f32",
            Scalar::F64 => "f64",
        }
    }

    fn bit_mask(self) -> u64 {
        match self.size() {
            8 => u64::MAX,
            n => (1u64 << (8 * n)) - 1,
        }
    }

    /// Parses one literal for this type into its bit pattern.
    ///
    /// Integers: decimal (range-checked for the type) or `0x` hex (a bit pattern, also for
    /// signed types). Bools: `true`/`false`/`0`/`1`. Floats: decimal (rounded to nearest even
    /// into the type), `inf`, `-inf`, `nan`, or `0x` hex = raw bits.
    pub fn parse_bits(self, tok: &str) -> Result<u64, String> {
        let bad = |why: &str| format!("`{tok}` is not a valid {} literal: {why}", self.name());
        if let Some(hex) = tok.strip_prefix("0x").or_else(|| tok.strip_prefix("0X")) {
            let v =
                u64::from_str_radix(&hex.replace('_', ""), 16).map_err(|e| bad(&e.to_string()))?;
            if v & !self.bit_mask() != 0 {
                return Err(bad("hex pattern wider than the type"));
            }
            return Ok(v);
        }
        match self {
            Scalar::Bool => match tok {
                "true" | "1" => Ok(1),
                "false" | "0" => Ok(0),
                _ => Err(bad("expected true, false, 0 or 1")),
            },
            Scalar::F16 | Scalar::F32 | Scalar::F64 => {
                let lower = tok.to_ascii_lowercase();
                let special = match lower.as_str() {
                    "nan" => Some(f64::NAN),
                    "inf" | "+inf" | "infinity" => Some(f64::INFINITY),
                    "-inf" | "-infinity" => Some(f64::NEG_INFINITY),
                    _ => None,
                };
                match self {
                    Scalar::F32 => {
                        let v = match special {
                            Some(v) if v.is_nan() => f32::NAN,
                            Some(v) => v as f32,
                            None => tok.parse::<f32>().map_err(|e| bad(&e.to_string()))?,
                        };
                        Ok(v.to_bits() as u64)
                    }
                    Scalar::F64 => {
                        let v = match special {
                            Some(v) => v,
                            None => tok.parse::<f64>().map_err(|e| bad(&e.to_string()))?,
                        };
                        Ok(v.to_bits())
                    }
                    _ => {
                        let v = match special {
                            Some(v) => v,
                            None => tok.parse::<f64>().map_err(|e| bad(&e.to_string()))?,
                        };
                        Ok(f16_bits_from_f64(v) as u64)
                    }
                }
            }
            _ => {
                let v: i128 = tok
                    .replace('_', "")
                    .parse()
                    .map_err(|e: std::num::ParseIntError| bad(&e.to_string()))?;
                let (lo, hi): (i128, i128) = match self {
                    Scalar::U8 => (0, u8::MAX as i128),
                    Scalar::U16 => (0, u16::MAX as i128),
                    Scalar::I16 => (i16::MIN as i128, i16::MAX as i128),
                    Scalar::U32 => (0, u32::MAX as i128),
                    Scalar::I32 => (i32::MIN as i128, i32::MAX as i128),
                    Scalar::U64 => (0, u64::MAX as i128),
                    Scalar::I64 => (i64::MIN as i128, i64::MAX as i128),
                    _ => unreachable!(),
                };
                if v < lo || v > hi {
                    return Err(bad(&format!("out of range {lo}..={hi}")));
                }
                Ok((v as u64) & self.bit_mask())
            }
        }
    }

    /// The bits of `start + i * step` for `iota` initialisers.
    pub fn iota_bits(self, start: f64, step: f64, i: usize) -> u64 {
        let v = start + step * i as f64;
        match self {
            Scalar::F32 => (v as f32).to_bits() as u64,
            Scalar::F64 => v.to_bits(),
            Scalar::F16 => f16_bits_from_f64(v) as u64,
            Scalar::Bool => (v != 0.0) as u64,
            _ => (v as i128 as u64) & self.bit_mask(),
        }
    }

    pub fn write(self, bits: u64, out: &mut Vec<u8>) {
        out.extend_from_slice(&bits.to_le_bytes()[..self.size()]);
    }

    pub fn read(self, bytes: &[u8]) -> u64 {
        let mut b = [0u8; 8];
        b[..self.size()].copy_from_slice(&bytes[..self.size()]);
        u64::from_le_bytes(b)
    }

    /// The value as a float (floats only).
    pub fn to_f64(self, bits: u64) -> f64 {
        match self {
            Scalar::F16 => f16_bits_to_f64(bits as u16),
            Scalar::F32 => f32::from_bits(bits as u32) as f64,
            Scalar::F64 => f64::from_bits(bits),
            _ => self.to_i128(bits) as f64,
        }
    }

    fn to_i128(self, bits: u64) -> i128 {
        match self {
            Scalar::I16 => bits as u16 as i16 as i128,
            Scalar::I32 => bits as u32 as i32 as i128,
            Scalar::I64 => bits as i64 as i128,
            _ => bits as i128,
        }
    }

    pub fn is_nan(self, bits: u64) -> bool {
        self.is_float() && self.to_f64(bits).is_nan()
    }

    /// `1.5 (0x3fc00000)`, `-1 (0xffffffff)`: the decimal value and the hex bits.
    pub fn describe(self, bits: u64) -> String {
        let hex = format!("0x{:0w$x}", bits, w = self.size() * 2);
        match self {
            Scalar::F16 | Scalar::F32 | Scalar::F64 => {
                let v = self.to_f64(bits);
                let dec = match self {
                    Scalar::F32 => format!("{:?}", f32::from_bits(bits as u32)),
                    _ => format!("{v:?}"),
                };
                format!("{dec} ({hex})")
            }
            _ => format!("{} ({hex})", self.to_i128(bits)),
        }
    }

    /// Distance in units in the last place, with -0 and +0 at distance 0 (floats only).
    pub fn ulp_distance(self, a: u64, b: u64) -> u64 {
        let sign_bit = 8 * self.size() as u32 - 1;
        let ordered = |x: u64| -> i128 {
            let mag = (x & !(1u64 << sign_bit)) as i128;
            if x >> sign_bit & 1 == 1 {
                -mag
            } else {
                mag
            }
        };
        (ordered(a) - ordered(b)).unsigned_abs() as u64
    }
}

/// How an expected scalar is compared with what the GPU wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// The bits must match (floats: also within the expectation's tolerance).
    Value,
    /// Any NaN matches (spelled `nan`).
    AnyNan,
    /// Anything matches (spelled `_`): undefined or irrelevant results.
    Any,
}

/// One expected scalar.
#[derive(Clone, Copy, Debug)]
pub struct Expected {
    pub ty: Scalar,
    pub bits: u64,
    pub check: Check,
}

/// Float tolerance of one expectation. Empty = bit-exact. A value passes when it is
/// bit-exact or within any of the listed bounds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tolerance {
    pub ulp: Option<u64>,
    pub rel: Option<f64>,
    pub abs: Option<f64>,
}

impl Tolerance {
    pub fn is_exact(&self) -> bool {
        self.ulp.is_none() && self.rel.is_none() && self.abs.is_none()
    }
}

impl fmt::Display for Tolerance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_exact() {
            return write!(f, "exact");
        }
        let mut parts = Vec::new();
        if let Some(u) = self.ulp {
            parts.push(format!("{u}ulp"));
        }
        if let Some(r) = self.rel {
            parts.push(format!("rel {r:e}"));
        }
        if let Some(a) = self.abs {
            parts.push(format!("abs {a:e}"));
        }
        write!(f, "{}", parts.join(" or "))
    }
}

impl Expected {
    /// Whether `got` (bits of the same type) satisfies this expectation.
    pub fn matches(&self, got: u64, tol: &Tolerance) -> bool {
        match self.check {
            Check::Any => true,
            Check::AnyNan => self.ty.is_nan(got),
            Check::Value => {
                if got == self.bits {
                    return true;
                }
                if !self.ty.is_float() || tol.is_exact() || self.ty.is_nan(got) {
                    return false;
                }
                let e = self.ty.to_f64(self.bits);
                let g = self.ty.to_f64(got);
                if e.is_infinite() || g.is_infinite() {
                    return false;
                }
                if let Some(u) = tol.ulp {
                    if self.ty.ulp_distance(self.bits, got) <= u {
                        return true;
                    }
                }
                let diff = (e - g).abs();
                if let Some(r) = tol.rel {
                    if diff <= r * e.abs() {
                        return true;
                    }
                }
                if let Some(a) = tol.abs {
                    if diff <= a {
                        return true;
                    }
                }
                false
            }
        }
    }

    pub fn describe(&self) -> String {
        match self.check {
            Check::Any => "_ (any)".into(),
            Check::AnyNan => "nan (any NaN)".into(),
            Check::Value => self.ty.describe(self.bits),
        }
    }
}

/// f64 → IEEE binary16 bits, round to nearest even, overflow to infinity.
pub fn f16_bits_from_f64(x: f64) -> u16 {
    let sign: u16 = if x.is_sign_negative() { 0x8000 } else { 0 };
    if x.is_nan() {
        return 0x7e00 | sign;
    }
    let a = x.abs();
    if a.is_infinite() || a >= 65520.0 {
        // 65520 is the midpoint between 65504 (odd mantissa) and 65536: ties go to infinity.
        return sign | 0x7c00;
    }
    let min_normal = 2f64.powi(-14);
    if a < min_normal {
        // Subnormal quantum is 2^-24; a mantissa of 1024 becomes the smallest normal.
        let m = (a * 2f64.powi(24)).round_ties_even() as u16;
        return sign | m;
    }
    let mut e = ((a.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    let mut m = (a * 2f64.powi(10 - e)).round_ties_even() as u32;
    if m == 2048 {
        m = 1024;
        e += 1;
    }
    if e > 15 {
        return sign | 0x7c00;
    }
    sign | (((e + 15) as u16) << 10) | (m - 1024) as u16
}

/// IEEE binary16 bits → f64 (exact).
pub fn f16_bits_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = ((h >> 10) & 0x1f) as i32;
    let m = (h & 0x3ff) as f64;
    sign * match e {
        0 => m * 2f64.powi(-24),
        31 if m == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1.0 + m / 1024.0) * 2f64.powi(e - 15),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f16_round_trip_and_rounding() {
        assert_eq!(f16_bits_from_f64(1.0), 0x3c00);
        assert_eq!(f16_bits_from_f64(-2.0), 0xc000);
        assert_eq!(f16_bits_from_f64(65504.0), 0x7bff);
        assert_eq!(f16_bits_from_f64(65520.0), 0x7c00);
        assert_eq!(f16_bits_from_f64(2f64.powi(-24)), 0x0001);
        assert_eq!(f16_bits_from_f64(2f64.powi(-25)), 0x0000); // tie → even (0)
        assert_eq!(f16_bits_from_f64(0.1), 0x2e66);
        assert_eq!(f16_bits_from_f64(1.0 + 2f64.powi(-11)), 0x3c00); // tie → even
        assert_eq!(f16_bits_from_f64(1.0 + 3.0 * 2f64.powi(-11)), 0x3c02);
        for h in 0u16..0x7c00 {
            assert_eq!(f16_bits_from_f64(f16_bits_to_f64(h)), h);
        }
    }
}
