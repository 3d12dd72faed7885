//! hlslc's built-in `D3DX_DXGIFormatConvert.inl`, run on the Vulkan device and compared bit
//! for bit with a CPU model written here from the Direct3D conversion rules (not from the
//! header): every unpack routine over every 8-, 10-, 11- and 16-bit channel value in every
//! position plus random words, every pack routine over NaNs (quiet, signalling, negative),
//! infinities, ±0, denormals, out-of-range values, the float32 neighbours of every rounding
//! boundary (UNORM/SNORM half-codes, sRGB thresholds, float16/11/10 midpoints) and random
//! bit patterns. Both targets (WGSL and SPIR-V) run every routine.
//!
//! The model uses other arithmetic than the header on purpose: float64 division and `powf`
//! where the header builds bits from repeating patterns and tables, float64 scaling and
//! `round_ties_even` where the header rounds mantissas with integer shifts. Routines whose
//! names say they are inexact (`_inexact`, `D3DX_FLOAT_to_SRGB`) are checked within 4e-6.
//!
//! Last, the use the D3D11 documentation describes: a `RWTexture2D<uint>` (R32_UINT view)
//! holding R8G8B8A8_UNORM and R10G10B10A2_UNORM texels is edited in place.

mod support;

use support::gpu::{self, Access, Binding, ComputeJob, Resource, Shader, TextureDesc};

// ---------------------------------------------------------------------------------------------
// The CPU model

fn nan_to_zero(v: f32) -> f32 {
    if v.is_nan() { 0.0 } else { v }
}

/// FLOAT → UNORM(scale): saturate, `c * scale` in float32, then "+ 0.5, drop the fraction"
/// with the addition rounded to float32 (the D3D functional specification's steps).
fn unorm_pack(v: f32, scale: f32) -> u32 {
    let c = nan_to_zero(v).clamp(0.0, 1.0) * scale;
    (c + 0.5).floor() as u32
}

/// FLOAT → SNORM(scale) bits (masked by the caller).
fn snorm_pack(v: f32, scale: f32) -> u32 {
    let c = nan_to_zero(v).clamp(-1.0, 1.0) * scale;
    let r = if c >= 0.0 { (c + 0.5).floor() } else { (c - 0.5).ceil() };
    r as i32 as u32
}

/// UNORM(n) → FLOAT: c / (2^n − 1), correctly rounded (the float64 quotient of two small
/// integers rounds to float32 without a double-rounding tie, see the header comment).
fn unorm_unpack(c: u32, bits: u32) -> f32 {
    (c as f64 / ((1u64 << bits) - 1) as f64) as f32
}

fn snorm_unpack(c: u32, bits: u32) -> f32 {
    let signed = ((c << (32 - bits)) as i32) >> (32 - bits);
    ((signed as f64 / ((1i64 << (bits - 1)) - 1) as f64).max(-1.0)) as f32
}

fn srgb_to_linear(s: f64) -> f64 {
    if s <= 0.04045 { s / 12.92 } else { ((s + 0.055) / 1.055).powf(2.4) }
}

fn linear_to_srgb(x: f64) -> f64 {
    if x <= 0.0031308 { x * 12.92 } else { 1.055 * x.powf(1.0 / 2.4) - 0.055 }
}

fn srgb_unpack(c: u32) -> f32 {
    srgb_to_linear(c as f64 / 255.0) as f32
}

fn srgb_pack(v: f32) -> u32 {
    let x = nan_to_zero(v).clamp(0.0, 1.0) as f64;
    (255.0 * linear_to_srgb(x) + 0.5).floor() as u32
}

/// A float rounded to a binary float with `mbits` mantissa bits and a 5-bit exponent (bias
/// 15), nearest-even, as (exponent field, mantissa field) before overflow handling; computed
/// in float64 from the value, not from its bits.
fn small_float_round(x: f64, mbits: u32) -> u32 {
    let unit = 2f64.powi(-14 - mbits as i32); // the denormal step
    if x < 2f64.powi(-14) {
        return (x / unit).round_ties_even() as u32; // may carry into the first normal
    }
    let e = x.log2().floor() as i32;
    let e = if 2f64.powi(e) > x { e - 1 } else if 2f64.powi(e + 1) <= x { e + 1 } else { e };
    let scaled = (x / 2f64.powi(e - mbits as i32)).round_ties_even() as u32; // 2^mbits ..= 2^(mbits+1)
    (((e + 15) as u32) << mbits) + (scaled - (1 << mbits))
}

fn half_pack(v: f32) -> u32 {
    let bits = v.to_bits();
    let sign = (bits >> 16) & 0x8000;
    if v.is_nan() {
        return sign | 0x7e00 | ((bits >> 13) & 0x3ff);
    }
    let x = v.abs() as f64;
    if x >= 65520.0 {
        return sign | 0x7c00;
    }
    sign | small_float_round(x, 10)
}

fn half_unpack(h: u32) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = (h >> 10) & 31;
    let m = (h & 0x3ff) as f64;
    let v = match e {
        0 => m * 2f64.powi(-24),
        31 if m == 0.0 => f64::INFINITY,
        31 => return f32::from_bits(((h & 0x8000) << 16) | 0x7f80_0000 | ((h & 0x3ff) << 13)),
        _ => (1.0 + m / 1024.0) * 2f64.powi(e as i32 - 15),
    };
    (sign * v) as f32
}

fn small_float_pack(v: f32, mbits: u32) -> u32 {
    let all = (31 << mbits) | ((1 << mbits) - 1);
    let largest = (30 << mbits) | ((1 << mbits) - 1);
    if v.is_nan() {
        return all;
    }
    if v.is_sign_negative() {
        return 0;
    }
    if v == f32::INFINITY {
        return 31 << mbits;
    }
    small_float_round(v as f64, mbits).min(largest)
}

fn small_float_unpack(c: u32, mbits: u32) -> f32 {
    let e = c >> mbits;
    let m = c & ((1 << mbits) - 1);
    match e {
        0 => (m as f64 * 2f64.powi(-14 - mbits as i32)) as f32,
        31 => f32::from_bits(0x7f80_0000 | (m << (23 - mbits))),
        _ => ((1.0 + m as f64 / (1u32 << mbits) as f64) * 2f64.powi(e as i32 - 15)) as f32,
    }
}

fn byte(x: u32, i: u32) -> u32 {
    (x >> (8 * i)) & 0xff
}

fn f(x: u32) -> f32 {
    f32::from_bits(x)
}

fn bits(v: &[f32]) -> Vec<u32> {
    v.iter().map(|x| x.to_bits()).collect()
}

// ---------------------------------------------------------------------------------------------
// The cases

/// One routine: the HLSL expression of its result components as `uint`s (`w` is the thread's
/// `uint4` input), how many there are, and the model.
struct Case {
    hlsl: &'static str,
    outputs: usize,
    model: fn([u32; 4]) -> Vec<u32>,
    /// `Some(eps)`: components are floats compared within `eps` (absolute).
    tolerance: Option<f32>,
}

const fn exact(hlsl: &'static str, outputs: usize, model: fn([u32; 4]) -> Vec<u32>) -> Case {
    Case { hlsl, outputs, model, tolerance: None }
}

const fn close(hlsl: &'static str, outputs: usize, model: fn([u32; 4]) -> Vec<u32>) -> Case {
    Case { hlsl, outputs, model, tolerance: Some(4e-6) }
}

fn unpack_cases() -> Vec<Case> {
    vec![
        exact("asuint(D3DX_R10G10B10A2_UNORM_to_FLOAT4(w.x))", 4, |w| {
            let x = w[0];
            bits(&[unorm_unpack(x & 1023, 10), unorm_unpack((x >> 10) & 1023, 10), unorm_unpack((x >> 20) & 1023, 10), unorm_unpack(x >> 30, 2)])
        }),
        exact("D3DX_R10G10B10A2_UINT_to_UINT4(w.x)", 4, |w| vec![w[0] & 1023, (w[0] >> 10) & 1023, (w[0] >> 20) & 1023, w[0] >> 30]),
        exact("asuint(D3DX_R8G8B8A8_UNORM_to_FLOAT4(w.x))", 4, |w| bits(&[0, 1, 2, 3].map(|i| unorm_unpack(byte(w[0], i), 8)))),
        exact("asuint(D3DX_R8G8B8A8_UNORM_SRGB_to_FLOAT4(w.x))", 4, |w| {
            bits(&[srgb_unpack(byte(w[0], 0)), srgb_unpack(byte(w[0], 1)), srgb_unpack(byte(w[0], 2)), unorm_unpack(byte(w[0], 3), 8)])
        }),
        close("asuint(D3DX_R8G8B8A8_UNORM_SRGB_to_FLOAT4_inexact(w.x))", 4, |w| {
            bits(&[srgb_unpack(byte(w[0], 0)), srgb_unpack(byte(w[0], 1)), srgb_unpack(byte(w[0], 2)), unorm_unpack(byte(w[0], 3), 8)])
        }),
        exact("D3DX_R8G8B8A8_UINT_to_UINT4(w.x)", 4, |w| vec![byte(w[0], 0), byte(w[0], 1), byte(w[0], 2), byte(w[0], 3)]),
        exact("asuint(D3DX_R8G8B8A8_SNORM_to_FLOAT4(w.x))", 4, |w| bits(&[0, 1, 2, 3].map(|i| snorm_unpack(byte(w[0], i), 8)))),
        exact("asuint(D3DX_R8G8B8A8_SINT_to_INT4(w.x))", 4, |w| [0, 1, 2, 3].map(|i| byte(w[0], i) as u8 as i8 as i32 as u32).to_vec()),
        exact("asuint(D3DX_B8G8R8A8_UNORM_to_FLOAT4(w.x))", 4, |w| bits(&[2, 1, 0, 3].map(|i| unorm_unpack(byte(w[0], i), 8)))),
        exact("asuint(D3DX_B8G8R8A8_UNORM_SRGB_to_FLOAT4(w.x))", 4, |w| {
            bits(&[srgb_unpack(byte(w[0], 2)), srgb_unpack(byte(w[0], 1)), srgb_unpack(byte(w[0], 0)), unorm_unpack(byte(w[0], 3), 8)])
        }),
        close("asuint(D3DX_B8G8R8A8_UNORM_SRGB_to_FLOAT4_inexact(w.x))", 4, |w| {
            bits(&[srgb_unpack(byte(w[0], 2)), srgb_unpack(byte(w[0], 1)), srgb_unpack(byte(w[0], 0)), unorm_unpack(byte(w[0], 3), 8)])
        }),
        exact("asuint(D3DX_B8G8R8X8_UNORM_to_FLOAT3(w.x))", 3, |w| bits(&[2, 1, 0].map(|i| unorm_unpack(byte(w[0], i), 8)))),
        exact("asuint(D3DX_B8G8R8X8_UNORM_SRGB_to_FLOAT3(w.x))", 3, |w| bits(&[2, 1, 0].map(|i| srgb_unpack(byte(w[0], i))))),
        close("asuint(D3DX_B8G8R8X8_UNORM_SRGB_to_FLOAT3_inexact(w.x))", 3, |w| bits(&[2, 1, 0].map(|i| srgb_unpack(byte(w[0], i))))),
        exact("asuint(D3DX_R16G16_FLOAT_to_FLOAT2(w.x))", 2, |w| bits(&[half_unpack(w[0] & 0xffff), half_unpack(w[0] >> 16)])),
        exact("asuint(D3DX_R16G16_UNORM_to_FLOAT2(w.x))", 2, |w| bits(&[unorm_unpack(w[0] & 0xffff, 16), unorm_unpack(w[0] >> 16, 16)])),
        exact("D3DX_R16G16_UINT_to_UINT2(w.x)", 2, |w| vec![w[0] & 0xffff, w[0] >> 16]),
        exact("asuint(D3DX_R16G16_SNORM_to_FLOAT2(w.x))", 2, |w| bits(&[snorm_unpack(w[0] & 0xffff, 16), snorm_unpack(w[0] >> 16, 16)])),
        exact("asuint(D3DX_R16G16_SINT_to_INT2(w.x))", 2, |w| vec![(w[0] as u16 as i16 as i32) as u32, ((w[0] >> 16) as u16 as i16 as i32) as u32]),
        exact("asuint(D3DX_R11G11B10_FLOAT_to_FLOAT3(w.x))", 3, |w| {
            bits(&[small_float_unpack(w[0] & 0x7ff, 6), small_float_unpack((w[0] >> 11) & 0x7ff, 6), small_float_unpack(w[0] >> 22, 5)])
        }),
        exact("uint3(asuint(D3DX_R32_FLOAT_to_FLOAT(w.x)), D3DX_R32_UINT_to_UINT(w.x), asuint(D3DX_R32_SINT_to_INT(w.x)))", 3, |w| vec![w[0]; 3]),
        exact("asuint(D3DX_HALF_to_FLOAT(w.x & 0xffff))", 1, |w| bits(&[half_unpack(w[0] & 0xffff)])),
        exact("asuint(D3DX_SRGB_to_FLOAT(w.x & 0xff))", 1, |w| bits(&[srgb_unpack(w[0] & 0xff)])),
        close("asuint(D3DX_SRGB_to_FLOAT_inexact(float(w.x & 0xff) / 255.0))", 1, |w| bits(&[srgb_unpack(w[0] & 0xff)])),
    ]
}

fn pack_cases() -> Vec<Case> {
    vec![
        exact("D3DX_FLOAT4_to_R10G10B10A2_UNORM(asfloat(w))", 1, |w| {
            vec![unorm_pack(f(w[0]), 1023.0) | unorm_pack(f(w[1]), 1023.0) << 10 | unorm_pack(f(w[2]), 1023.0) << 20 | unorm_pack(f(w[3]), 3.0) << 30]
        }),
        exact("D3DX_UINT4_to_R10G10B10A2_UINT(w)", 1, |w| vec![w[0].min(1023) | w[1].min(1023) << 10 | w[2].min(1023) << 20 | w[3].min(3) << 30]),
        exact("D3DX_FLOAT4_to_R8G8B8A8_UNORM(asfloat(w))", 1, |w| vec![(0..4).map(|i| unorm_pack(f(w[i]), 255.0) << (8 * i)).sum()]),
        exact("D3DX_FLOAT4_to_R8G8B8A8_UNORM_SRGB(asfloat(w))", 1, |w| {
            vec![srgb_pack(f(w[0])) | srgb_pack(f(w[1])) << 8 | srgb_pack(f(w[2])) << 16 | unorm_pack(f(w[3]), 255.0) << 24]
        }),
        exact("D3DX_UINT4_to_R8G8B8A8_UINT(w)", 1, |w| vec![(0..4).map(|i| w[i].min(255) << (8 * i)).sum()]),
        exact("D3DX_FLOAT4_to_R8G8B8A8_SNORM(asfloat(w))", 1, |w| vec![(0..4).map(|i| (snorm_pack(f(w[i]), 127.0) & 0xff) << (8 * i)).sum()]),
        exact("D3DX_INT4_to_R8G8B8A8_SINT(asint(w))", 1, |w| vec![(0..4).map(|i| ((w[i] as i32).clamp(-128, 127) as u32 & 0xff) << (8 * i)).sum()]),
        exact("D3DX_FLOAT4_to_B8G8R8A8_UNORM(asfloat(w))", 1, |w| {
            vec![unorm_pack(f(w[2]), 255.0) | unorm_pack(f(w[1]), 255.0) << 8 | unorm_pack(f(w[0]), 255.0) << 16 | unorm_pack(f(w[3]), 255.0) << 24]
        }),
        exact("D3DX_FLOAT4_to_B8G8R8A8_UNORM_SRGB(asfloat(w))", 1, |w| {
            vec![srgb_pack(f(w[2])) | srgb_pack(f(w[1])) << 8 | srgb_pack(f(w[0])) << 16 | unorm_pack(f(w[3]), 255.0) << 24]
        }),
        exact("D3DX_FLOAT3_to_B8G8R8X8_UNORM(asfloat(w.xyz))", 1, |w| vec![unorm_pack(f(w[2]), 255.0) | unorm_pack(f(w[1]), 255.0) << 8 | unorm_pack(f(w[0]), 255.0) << 16]),
        exact("D3DX_FLOAT3_to_B8G8R8X8_UNORM_SRGB(asfloat(w.xyz))", 1, |w| vec![srgb_pack(f(w[2])) | srgb_pack(f(w[1])) << 8 | srgb_pack(f(w[0])) << 16]),
        exact("D3DX_FLOAT2_to_R16G16_FLOAT(asfloat(w.xy))", 1, |w| vec![half_pack(f(w[0])) | half_pack(f(w[1])) << 16]),
        exact("D3DX_FLOAT2_to_R16G16_UNORM(asfloat(w.xy))", 1, |w| vec![unorm_pack(f(w[0]), 65535.0) | unorm_pack(f(w[1]), 65535.0) << 16]),
        exact("D3DX_UINT2_to_R16G16_UINT(w.xy)", 1, |w| vec![w[0].min(65535) | w[1].min(65535) << 16]),
        exact("D3DX_FLOAT2_to_R16G16_SNORM(asfloat(w.xy))", 1, |w| vec![(snorm_pack(f(w[0]), 32767.0) & 0xffff) | snorm_pack(f(w[1]), 32767.0) << 16]),
        exact("D3DX_INT2_to_R16G16_SINT(asint(w.xy))", 1, |w| {
            vec![((w[0] as i32).clamp(-32768, 32767) as u32 & 0xffff) | ((w[1] as i32).clamp(-32768, 32767) as u32) << 16]
        }),
        exact("D3DX_FLOAT3_to_R11G11B10_FLOAT(asfloat(w.xyz))", 1, |w| {
            vec![small_float_pack(f(w[0]), 6) | small_float_pack(f(w[1]), 6) << 11 | small_float_pack(f(w[2]), 5) << 22]
        }),
        exact("uint3(D3DX_FLOAT_to_R32_FLOAT(asfloat(w.x)), D3DX_UINT_to_R32_UINT(w.x), D3DX_INT_to_R32_SINT(asint(w.x)))", 3, |w| vec![w[0]; 3]),
        exact("D3DX_FLOAT_to_HALF(asfloat(w.x))", 1, |w| vec![half_pack(f(w[0]))]),
        close("asuint(D3DX_FLOAT_to_SRGB(saturate(asfloat(w.x))))", 1, |w| {
            let x = nan_to_zero(f(w[0])).clamp(0.0, 1.0);
            bits(&[linear_to_srgb(x as f64) as f32])
        }),
    ]
}

// ---------------------------------------------------------------------------------------------
// Inputs

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 16) as u32
    }
}

/// Words covering every channel value of every format in every position, and random ones.
fn unpack_inputs() -> Vec<u32> {
    let mut v: Vec<u32> = (0..65536u32).map(|i| i | ((i.wrapping_mul(0x9e37).wrapping_add(0x1234) & 0xffff) << 16)).collect();
    for shift in [8, 10, 11, 16, 20, 22, 24, 30] {
        let n = (1u64 << (32 - shift)).min(2048) as u32;
        v.extend((0..n).map(|c| c << shift));
    }
    let mut rng = Rng(0x1234_5678_9abc_def1);
    v.extend((0..32768).map(|_| rng.next()));
    v
}

fn next_up(x: u32, k: i32) -> u32 {
    (x as i64 + k as i64).clamp(0, u32::MAX as i64) as u32
}

/// Floats (as bits) for the pack routines: special values, the neighbours of every rounding
/// boundary, random bit patterns.
fn pack_inputs() -> Vec<u32> {
    let mut v: Vec<u32> = vec![
        0, 0x8000_0000, 1, 0x8000_0001, 0x007f_ffff, 0x807f_ffff, 0x0080_0000, 0x7f80_0000, 0xff80_0000, 0x7fc0_0000, 0xffc0_0000,
        0x7f80_0001, 0x7fbf_ffff, 0xff80_0001, 0x7fff_ffff, 0x3f80_0000, 0xbf80_0000, 0x3f00_0000, 0xbf00_0000, 0x3eff_ffff, 0x4000_0000,
        0xc000_0000, 0x7149_f2ca, 0xf149_f2ca, 0x477f_e000, 0x477f_f000, 0x477f_efff, 0x4780_0000, 0x477e_0000, 0x477e_0001, 255, 256,
        1023, 1024, 65535, 65536, 0xffff_ffff, 0x7fff_ffff, 0xffff_ff80, 0xffff_ff7f, 0xffff_8000, 0xffff_7fff, 127, 128, 32767, 32768,
    ];
    // UNORM/SNORM: around (k - 0.5) / scale for every code k.
    // Every code of the 2- to 10-bit scales, every 17th of the 16-bit ones.
    for (scale, step, ulps) in [(3.0f64, 1, 2), (127.0, 1, 2), (255.0, 1, 2), (1023.0, 1, 2), (32767.0, 17, 1), (65535.0, 17, 1)] {
        for k in (0..=scale as u32 + 1).step_by(step) {
            for sign in [1.0, -1.0] {
                let b = ((k as f64 - 0.5) / scale * sign) as f32;
                for d in -ulps..=ulps {
                    v.push(next_up(b.to_bits(), d));
                }
            }
        }
    }
    // sRGB: around each threshold of the exact curve (found here by bisection in float64).
    for k in 1..256u32 {
        let target = (k as f64 - 0.5) / 255.0;
        let (mut lo, mut hi) = (0u32, 1f32.to_bits());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if linear_to_srgb(f(mid) as f64) >= target { hi = mid } else { lo = mid + 1 }
        }
        for d in -2..=2 {
            v.push(next_up(lo, d));
        }
    }
    // float16 and float11/10: every midpoint between neighbours (exact in float32), ±1 ulp.
    for h in 0..0x7c00u32 {
        let mid = ((half_unpack(h) as f64 + half_unpack(h + 1) as f64) / 2.0) as f32;
        for d in -1..=1 {
            v.push(next_up(mid.to_bits(), d));
        }
        v.push(mid.to_bits() | 0x8000_0000);
    }
    for (mbits, top) in [(6u32, 0x7c0u32), (5, 0x3e0)] {
        for c in 0..top {
            let mid = ((small_float_unpack(c, mbits) as f64 + small_float_unpack(c + 1, mbits) as f64) / 2.0) as f32;
            for d in -1..=1 {
                v.push(next_up(mid.to_bits(), d));
            }
        }
    }
    let mut rng = Rng(0x0ddb_a11c_afe5_eed5);
    v.extend((0..65536).map(|_| rng.next()));
    v
}

// ---------------------------------------------------------------------------------------------
// Running

fn compile(source: &str, target: hlslc::Target) -> Shader {
    let mut options = hlslc::Options::new("cs_6_0");
    options.binding_policy = hlslc::BindingPolicy::Dxc;
    options.target = target;
    let compiled = hlslc::compile(&hlslc::Source::new("dxgi_format.hlsl", source), &options).unwrap_or_else(|e| panic!("{}\n{source}", e.render()));
    match target {
        hlslc::Target::Wgsl => Shader::Wgsl(compiled.wgsl().unwrap_or_else(|e| panic!("{}", e.render()))),
        hlslc::Target::SpirV => {
            let words = compiled.spirv().unwrap_or_else(|e| panic!("{}", e.render()));
            support::validate::spirv_val(&words).unwrap_or_else(|e| panic!("spirv-val: {e}\n{source}"));
            Shader::SpirV(words)
        }
    }
}

fn storage(binding: u32, access: Access, data: Vec<u8>) -> Binding {
    Binding { element: None, group: 0, binding, resource: Resource::Storage { access, data } }
}

/// Runs every routine over the inputs in one dispatch (thread `i` gets words `i .. i + 4`,
/// cyclically; routine `k` writes its results to its own range of the output) and returns the
/// mismatches, described.
fn run_cases(cases: &[Case], groups: &[[u32; 4]], expected: &[Vec<u32>], target: hlslc::Target) -> Vec<String> {
    let n = groups.len();
    let components = ["x", "y", "z", "w"];
    let mut body = String::new();
    let mut base = 0;
    for (k, case) in cases.iter().enumerate() {
        body.push_str(&format!("    uint{} r{k} = {};\n", case.outputs, case.hlsl));
        for (j, c) in components.iter().enumerate().take(case.outputs) {
            let field = if case.outputs == 1 { String::new() } else { format!(".{c}") };
            body.push_str(&format!("    output[{base}u + i * {}u + {j}u] = r{k}{field};\n", case.outputs));
        }
        base += n * case.outputs;
    }
    let source = format!(
        "#include \"D3DX_DXGIFormatConvert.inl\"\n\
         StructuredBuffer<uint4> input : register(t0);\n\
         RWStructuredBuffer<uint> output : register(u1);\n\
         [numthreads(64, 1, 1)]\n\
         void main(uint3 id : SV_DispatchThreadID) {{\n\
         \x20   uint i = id.x + id.y * 4194240u;\n\
         \x20   if (i >= {n}u) return;\n\
         \x20   uint4 w = input[i];\n{body}}}\n"
    );
    let threads = n as u32;
    let job = ComputeJob {
        immediates: Vec::new(),
        shader: compile(&source, target),
        entry_point: "main".into(),
        workgroups: [threads.div_ceil(64).min(65535), threads.div_ceil(64 * 65535), 1],
        bindings: vec![
            storage(0, Access::ReadOnly, groups.iter().flatten().flat_map(|w| w.to_le_bytes()).collect()),
            storage(1, Access::ReadWrite, vec![0; base * 4]),
        ],
    };
    let out = gpu::run_compute(&job).unwrap_or_else(|e| panic!("{target:?}: {e}"));
    let words: Vec<u32> = out.get(0, 1).expect("output buffer").chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let mut failures = Vec::new();
    let mut base = 0;
    for (case, expected) in cases.iter().zip(expected) {
        let mut bad = Vec::new();
        for (i, (g, want)) in groups.iter().zip(expected.chunks(case.outputs)).enumerate() {
            let got = &words[base + i * case.outputs..base + (i + 1) * case.outputs];
            let ok = want.iter().zip(got).all(|(&w, &g)| match case.tolerance {
                None => w == g,
                Some(eps) => w == g || (f(w) - f(g)).abs() <= eps,
            });
            if !ok {
                bad.push(format!(
                    "input {:08x?} (floats {:?}): expected {:08x?} {:?}, got {:08x?} {:?}",
                    g,
                    g.map(f),
                    want,
                    want.iter().map(|&x| f(x)).collect::<Vec<_>>(),
                    got,
                    got.iter().map(|&x| f(x)).collect::<Vec<_>>()
                ));
            }
        }
        if !bad.is_empty() {
            failures.push(format!("{target:?} {}: {} of {n} inputs wrong, first:\n    {}", case.hlsl, bad.len(), bad[..bad.len().min(4)].join("\n    ")));
        }
        base += n * case.outputs;
    }
    failures
}

fn check(cases: Vec<Case>, inputs: Vec<u32>) {
    if gpu::gpu().is_none() {
        return;
    }
    let n = inputs.len();
    let groups: Vec<[u32; 4]> = (0..n).map(|i| [0, 1, 2, 3].map(|k| inputs[(i + k) % n])).collect();
    let expected: Vec<Vec<u32>> = cases.iter().map(|case| groups.iter().flat_map(|g| (case.model)(*g)).collect()).collect();
    let mut failures = Vec::new();
    for target in [hlslc::Target::Wgsl, hlslc::Target::SpirV] {
        failures.extend(run_cases(&cases, &groups, &expected, target));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn unpack_routines_are_exact() {
    check(unpack_cases(), unpack_inputs());
}

#[test]
fn pack_routines_are_exact() {
    check(pack_cases(), pack_inputs());
}

/// The scenario of the D3D11 documentation: an R32_UINT view (`RWTexture2D<uint>`) of texels
/// that hold R8G8B8A8_UNORM (row 0) and R10G10B10A2_UNORM (row 1) data, read, changed and
/// written back in place by one shader.
#[test]
fn in_place_editing_through_an_r32_uint_view() {
    if gpu::gpu().is_none() {
        return;
    }
    let source = r#"
#include "D3DX_DXGIFormatConvert.inl"
RWTexture2D<uint> image : register(u0);
[numthreads(8, 2, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint packed = image[id.xy];
    if (id.y == 0) {
        float4 c = D3DX_R8G8B8A8_UNORM_to_FLOAT4(packed);
        image[id.xy] = D3DX_FLOAT4_to_R8G8B8A8_UNORM(float4(1.0 - c.rgb, c.a * 0.5));
    } else {
        float4 c = D3DX_R10G10B10A2_UNORM_to_FLOAT4(packed);
        image[id.xy] = D3DX_FLOAT4_to_R10G10B10A2_UNORM(float4(c.bgr * 0.75, 1.0 - c.a));
    }
}
"#;
    let mut rng = Rng(0x5eed);
    let texels: Vec<u32> = (0..16).map(|_| rng.next()).collect();
    let expected: Vec<u32> = texels
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            if i < 8 {
                let c = [0, 1, 2, 3].map(|k| unorm_unpack(byte(p, k), 8));
                let out = [1.0 - c[0], 1.0 - c[1], 1.0 - c[2], c[3] * 0.5];
                (0..4).map(|k| unorm_pack(out[k], 255.0) << (8 * k)).sum()
            } else {
                let c = [unorm_unpack(p & 1023, 10), unorm_unpack((p >> 10) & 1023, 10), unorm_unpack((p >> 20) & 1023, 10), unorm_unpack(p >> 30, 2)];
                let out = [c[2] * 0.75, c[1] * 0.75, c[0] * 0.75, 1.0 - c[3]];
                unorm_pack(out[0], 1023.0) | unorm_pack(out[1], 1023.0) << 10 | unorm_pack(out[2], 1023.0) << 20 | unorm_pack(out[3], 3.0) << 30
            }
        })
        .collect();
    for target in [hlslc::Target::Wgsl, hlslc::Target::SpirV] {
        let texture = TextureDesc::new_2d(wgpu::TextureFormat::R32Uint, 8, 2, texels.iter().flat_map(|w| w.to_le_bytes()).collect());
        let job = ComputeJob {
            immediates: Vec::new(),
            shader: compile(source, target),
            entry_point: "main".into(),
            workgroups: [1, 1, 1],
            bindings: vec![Binding { element: None, group: 0, binding: 0, resource: Resource::StorageTexture { access: Access::ReadWrite, texture } }],
        };
        let out = gpu::run_compute(&job).unwrap_or_else(|e| panic!("{e}"));
        let got: Vec<u32> = out.get(0, 0).expect("texture").chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        assert_eq!(got, expected, "{target:?}");
    }
}

/// The model itself, on values worked out by hand from the D3D rules.
#[test]
fn model_matches_hand_values() {
    assert_eq!(unorm_pack(0.5, 255.0), 128); // 127.5 + 0.5 = 128
    assert_eq!(unorm_pack(f32::NAN, 255.0), 0);
    assert_eq!(unorm_pack(-1.0, 255.0), 0);
    assert_eq!(unorm_pack(f(0x3eff_ffff), 1.0), 1); // (0.5 - 2^-25) + 0.5 is a tie that rounds to 1.0
    assert_eq!(snorm_pack(-1.0, 127.0) & 0xff, 0x81);
    assert_eq!(snorm_pack(-0.5, 127.0) & 0xff, 0xc0); // -63.5 - 0.5 = -64
    assert_eq!(unorm_unpack(1, 8), 1.0 / 255.0);
    assert_eq!(snorm_unpack(0x80, 8), -1.0);
    assert_eq!(half_pack(1.0), 0x3c00);
    assert_eq!(half_pack(65519.0), 0x7bff);
    assert_eq!(half_pack(65520.0), 0x7c00);
    assert_eq!(half_pack(2f32.powi(-25)), 0); // tie between 0 and the smallest denormal
    assert_eq!(half_pack(f(0x3300_0001)), 1);
    assert_eq!(half_unpack(0x0001), 2f32.powi(-24));
    assert_eq!(small_float_pack(1.0, 6), 15 << 6);
    assert_eq!(small_float_pack(65024.0, 6), 0x7bf);
    assert_eq!(small_float_pack(1e10, 6), 0x7bf);
    assert_eq!(small_float_pack(-3.0, 5), 0);
    assert_eq!(small_float_unpack(0x7c0, 6), f32::INFINITY);
    assert_eq!(srgb_pack(1.0), 255);
    assert_eq!(srgb_pack(0.0031308), 10); // 255 * 0.0404499 + 0.5 = 10.81
}
