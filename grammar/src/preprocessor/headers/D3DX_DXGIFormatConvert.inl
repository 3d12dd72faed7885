//=============================================================================================
// D3DX_DXGIFormatConvert.inl — hlslc's built-in implementation.
//
// `#include "D3DX_DXGIFormatConvert.inl"` gets this file when no file of that name is found
// on the include path. It provides the functions of the legacy DirectX SDK header of the same
// name: pack and unpack routines for the 32-bit DXGI formats, so that a texture viewed as
// DXGI_FORMAT_R32_UINT (a `RWTexture2D<uint>`) can be read and written in place while it
// really holds R10G10B10A2, R8G8B8A8, B8G8R8A8/X8, R16G16 or R11G11B10 data.
//
// It is written from the conversion rules of the Direct3D functional specification, not from
// the SDK header, and every result is exact (the same bits on every conforming device):
//
// - float -> UNORM(n): NaN becomes 0, then clamp to [0, 1], c = c * (2^n - 1) (one float32
//   multiplication), then D3D's "c = c + 0.5, drop the fraction" with float32 rounding of the
//   addition. The rounding after the multiplication is evaluated on the product's bits, so a
//   compiler cannot fuse it into a multiply-add.
// - float -> SNORM(n): NaN becomes 0, clamp to [-1, 1], c = c * (2^(n-1) - 1), then
//   "c = c + 0.5 (c - 0.5 if negative), drop the fraction", as above.
// - UNORM(n) -> float: c / (2^n - 1) correctly rounded; SNORM(n) -> float: c / (2^(n-1) - 1)
//   correctly rounded, the most negative code giving -1. (c / (2^n - 1) is the n-bit pattern
//   of c repeated forever after the binary point, so the float is built from that pattern
//   with integer operations: shader division is only accurate to 2.5 ULP.)
// - UNORM_SRGB: decoding looks the exact value up in a table (the sRGB curve evaluated with
//   60 digits and rounded once); encoding returns floor(255 * srgb(c) + 0.5) of the exact
//   curve, found by binary search in a table of thresholds (`srgb_tables.py` makes both).
//   The `_inexact` decoders and D3DX_FLOAT_to_SRGB use `pow`, as their names say.
// - float <-> FLOAT16 (R16G16_FLOAT, D3DX_FLOAT_to_HALF, D3DX_HALF_to_FLOAT): IEEE 754
//   binary16 with round-to-nearest-even, denormals kept, overflow to infinity, NaN kept
//   (quiet, sign and leading payload bits kept).
// - float -> FLOAT11/FLOAT10 (R11G11B10_FLOAT): round-to-nearest-even, denormals kept,
//   negative values, -0 and -INF become 0, +INF stays infinite, finite values too large
//   become the largest finite value, NaN becomes the NaN with every mantissa bit set.
// - UINT and SINT packs clamp each channel to its range.
//=============================================================================================

#ifndef __D3DX_DXGI_FORMAT_CONVERT_INL___
#define __D3DX_DXGI_FORMAT_CONVERT_INL___

typedef int INT;
typedef uint UINT;
typedef float2 XMFLOAT2;
typedef float3 XMFLOAT3;
typedef float4 XMFLOAT4;
typedef int2 XMINT2;
typedef int4 XMINT4;
typedef uint2 XMUINT2;
typedef uint4 XMUINT4;

#define D3DX11INLINE
#define hlsl_precise precise

//---------------------------------------------------------------------------------------------
// Scalar helpers
//---------------------------------------------------------------------------------------------

#define D3DX_IsNan(_V) isnan(_V)
#define D3DX_Truncate_FLOAT(_V) trunc(_V)

// Clamp to [0, 1]; NaN becomes 0.
float D3DX_Saturate_FLOAT(float v) { return v > 0.0f ? min(v, 1.0f) : 0.0f; }
XMFLOAT2 D3DX_Saturate_FLOAT(XMFLOAT2 v) { return XMFLOAT2(D3DX_Saturate_FLOAT(v.x), D3DX_Saturate_FLOAT(v.y)); }
XMFLOAT3 D3DX_Saturate_FLOAT(XMFLOAT3 v) { return XMFLOAT3(D3DX_Saturate_FLOAT(v.x), D3DX_Saturate_FLOAT(v.y), D3DX_Saturate_FLOAT(v.z)); }
XMFLOAT4 D3DX_Saturate_FLOAT(XMFLOAT4 v) { return XMFLOAT4(D3DX_Saturate_FLOAT(v.x), D3DX_Saturate_FLOAT(v.y), D3DX_Saturate_FLOAT(v.z), D3DX_Saturate_FLOAT(v.w)); }

// Clamp to [-1, 1]; NaN becomes 0.
float D3DX_SaturateSigned_FLOAT(float v) { return isnan(v) ? 0.0f : clamp(v, -1.0f, 1.0f); }

// floor(RN(p + 0.5)) of a float32 p >= 0 below 2^24, from p's bits (D3D's "add 0.5, drop the
// fraction"; the bits keep a compiler from fusing the caller's multiplication into the add).
UINT hlslc_dxgi_round_half_up(float p)
{
    UINT bits = asuint(p);
    if (bits < 0x3f000000u) {
        // p < 0.5: only 0.5 - 2^-25 reaches 1 (the sum is a tie that rounds to even, 1.0).
        return bits == 0x3effffffu ? 1u : 0u;
    }
    if (bits >= 0x4b000000u) {
        // p >= 2^23 is an integer; p + 0.5 is a tie (2^23 <= p < 2^24) that rounds to even.
        return bits < 0x4b800000u ? UINT(p) + (bits & 1u) : UINT(p);
    }
    int e = int(bits >> 23) - 127;                 // -1 <= e <= 22
    UINT m = (bits & 0x007fffffu) | 0x00800000u;   // p = m * 2^(e - 23)
    UINT shift = UINT(23 - e);
    return (m + (1u << (shift - 1u))) >> shift;
}

// D3D's float -> UINT conversion of a value scaled to an integer range: floor(v * scale + 0.5).
UINT D3DX_FLOAT_to_UINT(float v, float scale)
{
    precise float p = v * scale;
    return p > 0.0f ? hlslc_dxgi_round_half_up(p) : 0u;
}

// D3D's float -> INT conversion: trunc(v * scale + (v >= 0 ? 0.5 : -0.5)).
INT D3DX_FLOAT_to_INT(float v, float scale)
{
    precise float p = v * scale;
    INT magnitude = INT(hlslc_dxgi_round_half_up(abs(p)));
    return p < 0.0f ? -magnitude : magnitude;
}

// A signed integer scaled to [-1, 1] (the most negative code clamps to -1).
float D3DX_INT_to_FLOAT(INT v, float scale) { return max(float(v) / scale, -1.0f); }

// c / (2^n - 1), correctly rounded, for 0 <= c < 2^n and n <= 16: the n-bit pattern of c
// repeats forever after the binary point, so the float's 24 significant bits and the rounding
// bit are read from that pattern (no ties: the pattern never ends).
float hlslc_dxgi_unorm_to_float(UINT c, UINT n)
{
    UINT mask = (1u << n) - 1u;
    if (c == 0u) {
        return 0.0f;
    }
    if (c == mask) {
        return 1.0f;
    }
    UINT lz = n - 1u - firstbithigh(c);                                   // leading zeros in n bits
    UINT r = lz == 0u ? c : (((c << lz) | (c >> (n - lz))) & mask);         // pattern from the first 1
    UINT w = 0u;                                                            // 32 bits of the pattern
    for (int at = 32 - int(n); at > -int(n); at -= int(n)) {
        w |= at >= 0 ? (r << UINT(at)) : (r >> UINT(-at));
    }
    UINT m = (w >> 8) + ((w >> 7) & 1u);                                    // 24 bits, rounded
    if (m == 0x01000000u) {
        return asfloat((127u - lz) << 23);
    }
    return asfloat(((126u - lz) << 23) | (m & 0x007fffffu));
}

// A two's-complement n-bit code c / (2^(n-1) - 1), correctly rounded, clamped to -1.
float hlslc_dxgi_snorm_to_float(UINT c, UINT n)
{
    UINT sign = (c >> (n - 1u)) & 1u;
    UINT magnitude = sign != 0u ? ((~c + 1u) & ((1u << n) - 1u)) : c;
    if (magnitude >= (1u << (n - 1u))) {
        return -1.0f;
    }
    float f = hlslc_dxgi_unorm_to_float(magnitude, n - 1u);
    return sign != 0u ? -f : f;
}

// IEEE binary16 bits (in the low 16 bits) -> float, exactly.
float D3DX_HALF_to_FLOAT(UINT h)
{
    UINT sign = (h & 0x8000u) << 16;
    UINT e = (h >> 10) & 0x1fu;
    UINT m = h & 0x3ffu;
    if (e == 0u) {
        // Zero or denormal: m * 2^-24 is exact in float32.
        return asfloat(sign | asuint(float(m) * 5.9604644775390625e-8f));
    }
    if (e == 31u) {
        return asfloat(sign | 0x7f800000u | (m << 13));
    }
    return asfloat(sign | ((e + 112u) << 23) | (m << 13));
}

// float -> IEEE binary16 bits: round-to-nearest-even, overflow to infinity, denormals kept.
UINT D3DX_FLOAT_to_HALF(float f)
{
    UINT bits = asuint(f);
    UINT sign = (bits >> 16) & 0x8000u;
    UINT magnitude = bits & 0x7fffffffu;
    if (magnitude > 0x7f800000u) {
        return sign | 0x7e00u | ((magnitude >> 13) & 0x3ffu);
    }
    if (magnitude >= 0x477ff000u) {
        return sign | 0x7c00u;          // >= 65520 rounds to infinity (and infinity itself)
    }
    if (magnitude >= 0x38800000u) {
        // Normal: rebias the exponent, round the 13 dropped bits to nearest even.
        UINT h = (magnitude - 0x38000000u) >> 13;
        UINT rest = magnitude & 0x1fffu;
        h += (rest > 0x1000u || (rest == 0x1000u && (h & 1u) != 0u)) ? 1u : 0u;
        return sign | h;
    }
    if (magnitude < 0x33000000u) {
        return sign;                    // below half the smallest denormal (2^-25)
    }
    // Denormal result: the 24-bit mantissa shifted right by 14 + (113 - exponent).
    UINT e = magnitude >> 23;
    UINT m = (magnitude & 0x007fffffu) | 0x00800000u;
    UINT shift = 126u - e;              // 14..24
    UINT h = m >> shift;
    UINT rest = m & ((1u << shift) - 1u);
    UINT half_ = 1u << (shift - 1u);
    h += (rest > half_ || (rest == half_ && (h & 1u) != 0u)) ? 1u : 0u;
    return sign | h;
}

// An unsigned small float with a 5-bit exponent and `mbits` mantissa bits (FLOAT11: 6,
// FLOAT10: 5) -> float, exactly.
float hlslc_dxgi_small_float_to_float(UINT v, UINT mbits)
{
    UINT e = v >> mbits;
    UINT m = v & ((1u << mbits) - 1u);
    if (e == 0u) {
        return float(m) * asfloat((127u - 14u - mbits) << 23);   // m * 2^(-14 - mbits), exact
    }
    if (e == 31u) {
        return asfloat(0x7f800000u | (m << (23u - mbits)));
    }
    return asfloat(((e + 112u) << 23) | (m << (23u - mbits)));
}

// float -> unsigned small float (see the header comment for the rules).
UINT hlslc_dxgi_float_to_small_float(float f, UINT mbits)
{
    UINT bits = asuint(f);
    UINT mmask = (1u << mbits) - 1u;
    if ((bits & 0x7fffffffu) > 0x7f800000u) {
        return (31u << mbits) | mmask;                          // NaN
    }
    if ((bits & 0x80000000u) != 0u) {
        return 0u;                                              // negative, -0, -INF
    }
    if (bits == 0x7f800000u) {
        return 31u << mbits;                                    // +INF
    }
    UINT largest = (30u << mbits) | mmask;
    int e = int(bits >> 23) - 127 + 15;                         // the small float's exponent
    UINT m = bits & 0x007fffffu;
    if (e >= 31) {
        return largest;
    }
    UINT shift;
    UINT base;
    if (e >= 1) {
        shift = 23u - mbits;
        base = UINT(e) << mbits;
    } else {
        if (e < -int(mbits)) {
            return 0u;                                          // below half the smallest denormal
        }
        m |= 0x00800000u;
        shift = 23u - mbits + UINT(1 - e);
        base = 0u;
    }
    UINT kept = m >> shift;
    UINT rest = m & ((1u << shift) - 1u);
    UINT half_ = 1u << (shift - 1u);
    kept += (rest > half_ || (rest == half_ && (kept & 1u) != 0u)) ? 1u : 0u;
    return min(base + kept, largest);
}

//---------------------------------------------------------------------------------------------
// sRGB
//---------------------------------------------------------------------------------------------

// Generated by srgb_tables.py: decode[c] is the float nearest srgb_to_linear(c / 255);
// encode[k] (k >= 1) is the smallest float x with floor(255 * linear_to_srgb(x) + 0.5) >= k.
static const uint hlslc_dxgi_srgb_decode[256] = {
    0x00000000, 0x399f22b4, 0x3a1f22b4, 0x3a6eb40e, 0x3a9f22b4, 0x3ac6eb61, 0x3aeeb40e, 0x3b0b3e5d,
    0x3b1f22b4, 0x3b33070a, 0x3b46eb61, 0x3b5b518e, 0x3b70f18f, 0x3b83e1c6, 0x3b8fe616, 0x3b9c87fd,
    0x3ba9c9b6, 0x3bb7ad6f, 0x3bc6354a, 0x3bd56360, 0x3be539c1, 0x3bf5ba71, 0x3c0373b6, 0x3c0c6153,
    0x3c15a705, 0x3c1f45be, 0x3c293e6b, 0x3c3391f7, 0x3c3e4149, 0x3c494d44, 0x3c54b6c9, 0x3c607eb4,
    0x3c6ca5df, 0x3c792d22, 0x3c830aa9, 0x3c89af9f, 0x3c9085dc, 0x3c978dc6, 0x3c9ec7c2, 0x3ca63433,
    0x3cadd37d, 0x3cb5a602, 0x3cbdac21, 0x3cc5e63a, 0x3cce54ac, 0x3cd6f7d5, 0x3cdfd010, 0x3ce8ddba,
    0x3cf2212d, 0x3cfb9ac3, 0x3d02a56a, 0x3d0798dd, 0x3d0ca7e6, 0x3d11d2af, 0x3d171964, 0x3d1c7c30,
    0x3d21fb3c, 0x3d2796b2, 0x3d2d4ebb, 0x3d332381, 0x3d39152b, 0x3d3f23e4, 0x3d454fd2, 0x3d4b991d,
    0x3d51ffec, 0x3d588468, 0x3d5f26b6, 0x3d65e6fd, 0x3d6cc563, 0x3d73c20e, 0x3d7add24, 0x3d810b65,
    0x3d84b793, 0x3d88732e, 0x3d8c3e48, 0x3d9018f4, 0x3d940344, 0x3d97fd49, 0x3d9c0715, 0x3da020ba,
    0x3da44a4a, 0x3da883d6, 0x3daccd6f, 0x3db12727, 0x3db5910f, 0x3dba0b38, 0x3dbe95b3, 0x3dc33090,
    0x3dc7dbe0, 0x3dcc97b4, 0x3dd1641d, 0x3dd6412b, 0x3ddb2eee, 0x3de02d76, 0x3de53cd4, 0x3dea5d18,
    0x3def8e51, 0x3df4d090, 0x3dfa23e5, 0x3dff885e, 0x3e027f06, 0x3e05427f, 0x3e080ea2, 0x3e0ae377,
    0x3e0dc104, 0x3e10a753, 0x3e13966a, 0x3e168e51, 0x3e198f0f, 0x3e1c98ac, 0x3e1fab30, 0x3e22c6a1,
    0x3e25eb07, 0x3e29186a, 0x3e2c4ed0, 0x3e2f8e42, 0x3e32d6c5, 0x3e362862, 0x3e39831f, 0x3e3ce703,
    0x3e405417, 0x3e43ca60, 0x3e4749e6, 0x3e4ad2af, 0x3e4e64c3, 0x3e520029, 0x3e55a4e7, 0x3e595305,
    0x3e5d0a89, 0x3e60cb7a, 0x3e6495df, 0x3e6869be, 0x3e6c471f, 0x3e702e07, 0x3e741e7e, 0x3e78188b,
    0x3e7c1c33, 0x3e8014bf, 0x3e822039, 0x3e84308b, 0x3e8645b8, 0x3e885fc3, 0x3e8a7eb0, 0x3e8ca281,
    0x3e8ecb3b, 0x3e90f8df, 0x3e932b72, 0x3e9562f6, 0x3e979f6f, 0x3e99e0e0, 0x3e9c274c, 0x3e9e72b6,
    0x3ea0c321, 0x3ea31890, 0x3ea57307, 0x3ea7d288, 0x3eaa3716, 0x3eaca0b6, 0x3eaf0f68, 0x3eb18332,
    0x3eb3fc15, 0x3eb67a14, 0x3eb8fd34, 0x3ebb8576, 0x3ebe12de, 0x3ec0a56e, 0x3ec33d2a, 0x3ec5da14,
    0x3ec87c30, 0x3ecb2380, 0x3ecdd008, 0x3ed081ca, 0x3ed338c9, 0x3ed5f508, 0x3ed8b68a, 0x3edb7d52,
    0x3ede4963, 0x3ee11abf, 0x3ee3f169, 0x3ee6cd65, 0x3ee9aeb5, 0x3eec955b, 0x3eef815c, 0x3ef272b8,
    0x3ef56974, 0x3ef86593, 0x3efb6716, 0x3efe6e00, 0x3f00bd2b, 0x3f02460c, 0x3f03d1a5, 0x3f055ff7,
    0x3f06f104, 0x3f0884cd, 0x3f0a1b54, 0x3f0bb499, 0x3f0d509f, 0x3f0eef65, 0x3f1090ef, 0x3f12353d,
    0x3f13dc50, 0x3f15862a, 0x3f1732cc, 0x3f18e237, 0x3f1a946e, 0x3f1c4970, 0x3f1e0140, 0x3f1fbbde,
    0x3f21794d, 0x3f23398c, 0x3f24fc9f, 0x3f26c285, 0x3f288b41, 0x3f2a56d2, 0x3f2c253c, 0x3f2df67f,
    0x3f2fca9c, 0x3f31a194, 0x3f337b6a, 0x3f35581d, 0x3f3737b0, 0x3f391a24, 0x3f3aff7a, 0x3f3ce7b2,
    0x3f3ed2cf, 0x3f40c0d2, 0x3f42b1bc, 0x3f44a58e, 0x3f469c49, 0x3f4895ef, 0x3f4a9280, 0x3f4c91ff,
    0x3f4e946c, 0x3f5099c9, 0x3f52a216, 0x3f54ad56, 0x3f56bb88, 0x3f58ccaf, 0x3f5ae0cc, 0x3f5cf7df,
    0x3f5f11ea, 0x3f612eef, 0x3f634eee, 0x3f6571e9, 0x3f6797e0, 0x3f69c0d5, 0x3f6becca, 0x3f6e1bbf,
    0x3f704db5, 0x3f7282ae, 0x3f74baab, 0x3f76f5ae, 0x3f7933b6, 0x3f7b74c6, 0x3f7db8de, 0x3f800000,
};

static const uint hlslc_dxgi_srgb_encode[256] = {
    0x00000000, 0x391f22b4, 0x39eeb40e, 0x3a46eb61, 0x3a8b3e5e, 0x3ab3070b, 0x3adacfb8, 0x3b014c33,
    0x3b153089, 0x3b2914df, 0x3b3cf936, 0x3b50f2d1, 0x3b65fb9b, 0x3b7c3403, 0x3b89d060, 0x3b962333,
    0x3ba314bd, 0x3bb0a731, 0x3bbedcb7, 0x3bcdb76d, 0x3bdd3967, 0x3bed64af, 0x3bfe3b46, 0x3c07df91,
    0x3c10f91b, 0x3c1a6b32, 0x3c2436c8, 0x3c2e5cc7, 0x3c38de1a, 0x3c43bba4, 0x3c4ef648, 0x3c5a8ee4,
    0x3c668654, 0x3c72dd71, 0x3c7f950f, 0x3c865702, 0x3c8d148f, 0x3c940396, 0x3c9b247c, 0x3ca277a6,
    0x3ca9fd78, 0x3cb1b653, 0x3cb9a298, 0x3cc1c2a9, 0x3cca16e3, 0x3cd29fa4, 0x3cdb5d4b, 0x3ce45032,
    0x3ced78b5, 0x3cf6d72e, 0x3d0035fc, 0x3d051bb4, 0x3d0a1cec, 0x3d0f39d0, 0x3d14728a, 0x3d19c745,
    0x3d1f382c, 0x3d24c567, 0x3d2a6f22, 0x3d303584, 0x3d3618b7, 0x3d3c18e4, 0x3d423632, 0x3d4870ca,
    0x3d4ec8d2, 0x3d553e73, 0x3d5bd1d3, 0x3d628318, 0x3d69526a, 0x3d703fee, 0x3d774bca, 0x3d7e7624,
    0x3d82df90, 0x3d869372, 0x3d8a56cb, 0x3d8e29ab, 0x3d920c27, 0x3d95fe4f, 0x3d9a0035, 0x3d9e11ec,
    0x3da23384, 0x3da66510, 0x3daaa6a0, 0x3daef847, 0x3db35a15, 0x3db7cc1b, 0x3dbc4e6b, 0x3dc0e114,
    0x3dc58429, 0x3dca37b9, 0x3dcefbd6, 0x3dd3d08f, 0x3dd8b5f5, 0x3dddac19, 0x3de2b30a, 0x3de7cad9,
    0x3decf395, 0x3df22d50, 0x3df77817, 0x3dfcd3fc, 0x3e012087, 0x3e03dfae, 0x3e06a77b, 0x3e0977f6,
    0x3e0c5126, 0x3e0f3314, 0x3e121dc5, 0x3e151143, 0x3e180d95, 0x3e1b12c2, 0x3e1e20d1, 0x3e2137cb,
    0x3e2457b6, 0x3e278099, 0x3e2ab27d, 0x3e2ded68, 0x3e313161, 0x3e347e70, 0x3e37d49c, 0x3e3b33ec,
    0x3e3e9c67, 0x3e420e15, 0x3e4588fb, 0x3e490d22, 0x3e4c9a90, 0x3e50314c, 0x3e53d15d, 0x3e577aca,
    0x3e5b2d9a, 0x3e5ee9d4, 0x3e62af7e, 0x3e667e9f, 0x3e6a573e, 0x3e6e3962, 0x3e722511, 0x3e761a52,
    0x3e7a192c, 0x3e7e21a5, 0x3e8119e2, 0x3e8327c7, 0x3e853a86, 0x3e875222, 0x3e896e9d, 0x3e8b8ffc,
    0x3e8db641, 0x3e8fe170, 0x3e92118b, 0x3e944696, 0x3e968095, 0x3e98bf89, 0x3e9b0377, 0x3e9d4c62,
    0x3e9f9a4c, 0x3ea1ed38, 0x3ea4452b, 0x3ea6a226, 0x3ea9042e, 0x3eab6b44, 0x3eadd76d, 0x3eb048aa,
    0x3eb2bf00, 0x3eb53a71, 0x3eb7bb00, 0x3eba40b1, 0x3ebccb85, 0x3ebf5b81, 0x3ec1f0a7, 0x3ec48af9,
    0x3ec72a7c, 0x3ec9cf32, 0x3ecc791e, 0x3ecf2842, 0x3ed1dca2, 0x3ed49641, 0x3ed75521, 0x3eda1946,
    0x3edce2b2, 0x3edfb168, 0x3ee2856a, 0x3ee55ebd, 0x3ee83d63, 0x3eeb215d, 0x3eee0ab1, 0x3ef0f95f,
    0x3ef3ed6b, 0x3ef6e6d8, 0x3ef9e5a8, 0x3efce9de, 0x3efff37e, 0x3f018145, 0x3f030b82, 0x3f049877,
    0x3f062827, 0x3f07ba92, 0x3f094fb9, 0x3f0ae79f, 0x3f0c8244, 0x3f0e1faa, 0x3f0fbfd2, 0x3f1162be,
    0x3f13086e, 0x3f14b0e4, 0x3f165c22, 0x3f180a29, 0x3f19bafa, 0x3f1b6e96, 0x3f1d24ff, 0x3f1ede36,
    0x3f209a3c, 0x3f225913, 0x3f241abc, 0x3f25df38, 0x3f27a689, 0x3f2970af, 0x3f2b3dad, 0x3f2d0d83,
    0x3f2ee032, 0x3f30b5bd, 0x3f328e24, 0x3f346968, 0x3f36478b, 0x3f38288f, 0x3f3a0c73, 0x3f3bf33a,
    0x3f3ddce5, 0x3f3fc975, 0x3f41b8eb, 0x3f43ab48, 0x3f45a08f, 0x3f4798bf, 0x3f4993db, 0x3f4b91e3,
    0x3f4d92d8, 0x3f4f96bd, 0x3f519d92, 0x3f53a758, 0x3f55b411, 0x3f57c3be, 0x3f59d65f, 0x3f5bebf7,
    0x3f5e0486, 0x3f60200e, 0x3f623e90, 0x3f64600c, 0x3f668485, 0x3f68abfb, 0x3f6ad670, 0x3f6d03e5,
    0x3f6f345a, 0x3f7167d2, 0x3f739e4d, 0x3f75d7cc, 0x3f781451, 0x3f7a53dd, 0x3f7c9671, 0x3f7edc0e,
};

// The sRGB curve with float arithmetic and `pow` (close, not exact).
float D3DX_SRGB_to_FLOAT_inexact(hlsl_precise float val)
{
    if (val < 0.04045f) {
        return val / 12.92f;
    }
    return pow((val + 0.055f) / 1.055f, 2.4f);
}

// An sRGB byte -> linear float, exact.
float D3DX_SRGB_to_FLOAT(UINT val) { return asfloat(hlslc_dxgi_srgb_decode[min(val, 255u)]); }

// Linear -> sRGB-encoded float with float arithmetic and `pow` (close, not exact).
float D3DX_FLOAT_to_SRGB(hlsl_precise float val)
{
    if (val < 0.0031308f) {
        return val * 12.92f;
    }
    return 1.055f * pow(val, 1.0f / 2.4f) - 0.055f;
}

// Linear float -> sRGB byte: NaN becomes 0, clamp to [0, 1], exact rounding of the curve.
UINT hlslc_dxgi_float_to_srgb8(float v)
{
    float x = D3DX_Saturate_FLOAT(v);
    UINT k = 0u;
    for (UINT step = 128u; step != 0u; step >>= 1) {
        // k + step <= 255: the steps add up to 255.
        if (x >= asfloat(hlslc_dxgi_srgb_encode[k + step])) {
            k += step;
        }
    }
    return k;
}

//---------------------------------------------------------------------------------------------
// R10G10B10A2_UNORM <-> FLOAT4
//---------------------------------------------------------------------------------------------

XMFLOAT4 D3DX_R10G10B10A2_UNORM_to_FLOAT4(UINT packedInput)
{
    return XMFLOAT4(hlslc_dxgi_unorm_to_float(packedInput & 0x3ffu, 10u),
                    hlslc_dxgi_unorm_to_float((packedInput >> 10) & 0x3ffu, 10u),
                    hlslc_dxgi_unorm_to_float((packedInput >> 20) & 0x3ffu, 10u),
                    hlslc_dxgi_unorm_to_float(packedInput >> 30, 2u));
}

UINT D3DX_FLOAT4_to_R10G10B10A2_UNORM(hlsl_precise XMFLOAT4 unpackedInput)
{
    XMFLOAT4 v = D3DX_Saturate_FLOAT(unpackedInput);
    return D3DX_FLOAT_to_UINT(v.x, 1023.0f)
        | (D3DX_FLOAT_to_UINT(v.y, 1023.0f) << 10)
        | (D3DX_FLOAT_to_UINT(v.z, 1023.0f) << 20)
        | (D3DX_FLOAT_to_UINT(v.w, 3.0f) << 30);
}

//---------------------------------------------------------------------------------------------
// R10G10B10A2_UINT <-> UINT4
//---------------------------------------------------------------------------------------------

XMUINT4 D3DX_R10G10B10A2_UINT_to_UINT4(UINT packedInput)
{
    return XMUINT4(packedInput & 0x3ffu, (packedInput >> 10) & 0x3ffu, (packedInput >> 20) & 0x3ffu, packedInput >> 30);
}

UINT D3DX_UINT4_to_R10G10B10A2_UINT(XMUINT4 unpackedInput)
{
    XMUINT4 v = min(unpackedInput, XMUINT4(0x3ffu, 0x3ffu, 0x3ffu, 3u));
    return v.x | (v.y << 10) | (v.z << 20) | (v.w << 30);
}

//---------------------------------------------------------------------------------------------
// R8G8B8A8_UNORM <-> FLOAT4
//---------------------------------------------------------------------------------------------

XMFLOAT4 D3DX_R8G8B8A8_UNORM_to_FLOAT4(UINT packedInput)
{
    return XMFLOAT4(hlslc_dxgi_unorm_to_float(packedInput & 0xffu, 8u),
                    hlslc_dxgi_unorm_to_float((packedInput >> 8) & 0xffu, 8u),
                    hlslc_dxgi_unorm_to_float((packedInput >> 16) & 0xffu, 8u),
                    hlslc_dxgi_unorm_to_float(packedInput >> 24, 8u));
}

UINT D3DX_FLOAT4_to_R8G8B8A8_UNORM(hlsl_precise XMFLOAT4 unpackedInput)
{
    XMFLOAT4 v = D3DX_Saturate_FLOAT(unpackedInput);
    return D3DX_FLOAT_to_UINT(v.x, 255.0f)
        | (D3DX_FLOAT_to_UINT(v.y, 255.0f) << 8)
        | (D3DX_FLOAT_to_UINT(v.z, 255.0f) << 16)
        | (D3DX_FLOAT_to_UINT(v.w, 255.0f) << 24);
}

//---------------------------------------------------------------------------------------------
// R8G8B8A8_UNORM_SRGB <-> FLOAT4
//---------------------------------------------------------------------------------------------

XMFLOAT4 D3DX_R8G8B8A8_UNORM_SRGB_to_FLOAT4_inexact(UINT packedInput)
{
    return XMFLOAT4(D3DX_SRGB_to_FLOAT_inexact(float(packedInput & 0xffu) / 255.0f),
                    D3DX_SRGB_to_FLOAT_inexact(float((packedInput >> 8) & 0xffu) / 255.0f),
                    D3DX_SRGB_to_FLOAT_inexact(float((packedInput >> 16) & 0xffu) / 255.0f),
                    hlslc_dxgi_unorm_to_float(packedInput >> 24, 8u));
}

XMFLOAT4 D3DX_R8G8B8A8_UNORM_SRGB_to_FLOAT4(UINT packedInput)
{
    return XMFLOAT4(D3DX_SRGB_to_FLOAT(packedInput & 0xffu),
                    D3DX_SRGB_to_FLOAT((packedInput >> 8) & 0xffu),
                    D3DX_SRGB_to_FLOAT((packedInput >> 16) & 0xffu),
                    hlslc_dxgi_unorm_to_float(packedInput >> 24, 8u));
}

UINT D3DX_FLOAT4_to_R8G8B8A8_UNORM_SRGB(hlsl_precise XMFLOAT4 unpackedInput)
{
    return hlslc_dxgi_float_to_srgb8(unpackedInput.x)
        | (hlslc_dxgi_float_to_srgb8(unpackedInput.y) << 8)
        | (hlslc_dxgi_float_to_srgb8(unpackedInput.z) << 16)
        | (D3DX_FLOAT_to_UINT(D3DX_Saturate_FLOAT(unpackedInput.w), 255.0f) << 24);
}

//---------------------------------------------------------------------------------------------
// R8G8B8A8_UINT <-> UINT4
//---------------------------------------------------------------------------------------------

XMUINT4 D3DX_R8G8B8A8_UINT_to_UINT4(UINT packedInput)
{
    return XMUINT4(packedInput & 0xffu, (packedInput >> 8) & 0xffu, (packedInput >> 16) & 0xffu, packedInput >> 24);
}

UINT D3DX_UINT4_to_R8G8B8A8_UINT(XMUINT4 unpackedInput)
{
    XMUINT4 v = min(unpackedInput, 0xffu);
    return v.x | (v.y << 8) | (v.z << 16) | (v.w << 24);
}

//---------------------------------------------------------------------------------------------
// R8G8B8A8_SNORM <-> FLOAT4
//---------------------------------------------------------------------------------------------

XMFLOAT4 D3DX_R8G8B8A8_SNORM_to_FLOAT4(UINT packedInput)
{
    return XMFLOAT4(hlslc_dxgi_snorm_to_float(packedInput & 0xffu, 8u),
                    hlslc_dxgi_snorm_to_float((packedInput >> 8) & 0xffu, 8u),
                    hlslc_dxgi_snorm_to_float((packedInput >> 16) & 0xffu, 8u),
                    hlslc_dxgi_snorm_to_float(packedInput >> 24, 8u));
}

UINT D3DX_FLOAT4_to_R8G8B8A8_SNORM(hlsl_precise XMFLOAT4 unpackedInput)
{
    return (UINT(D3DX_FLOAT_to_INT(D3DX_SaturateSigned_FLOAT(unpackedInput.x), 127.0f)) & 0xffu)
        | ((UINT(D3DX_FLOAT_to_INT(D3DX_SaturateSigned_FLOAT(unpackedInput.y), 127.0f)) & 0xffu) << 8)
        | ((UINT(D3DX_FLOAT_to_INT(D3DX_SaturateSigned_FLOAT(unpackedInput.z), 127.0f)) & 0xffu) << 16)
        | (UINT(D3DX_FLOAT_to_INT(D3DX_SaturateSigned_FLOAT(unpackedInput.w), 127.0f)) << 24);
}

//---------------------------------------------------------------------------------------------
// R8G8B8A8_SINT <-> INT4
//---------------------------------------------------------------------------------------------

XMINT4 D3DX_R8G8B8A8_SINT_to_INT4(UINT packedInput)
{
    return XMINT4(INT(packedInput << 24) >> 24, INT(packedInput << 16) >> 24, INT(packedInput << 8) >> 24, INT(packedInput) >> 24);
}

UINT D3DX_INT4_to_R8G8B8A8_SINT(XMINT4 unpackedInput)
{
    XMINT4 v = clamp(unpackedInput, -128, 127);
    return (UINT(v.x) & 0xffu) | ((UINT(v.y) & 0xffu) << 8) | ((UINT(v.z) & 0xffu) << 16) | (UINT(v.w) << 24);
}

//---------------------------------------------------------------------------------------------
// B8G8R8A8_UNORM <-> FLOAT4, B8G8R8A8_UNORM_SRGB <-> FLOAT4
//---------------------------------------------------------------------------------------------

XMFLOAT4 D3DX_B8G8R8A8_UNORM_to_FLOAT4(UINT packedInput) { return D3DX_R8G8B8A8_UNORM_to_FLOAT4(packedInput).zyxw; }

UINT D3DX_FLOAT4_to_B8G8R8A8_UNORM(hlsl_precise XMFLOAT4 unpackedInput) { return D3DX_FLOAT4_to_R8G8B8A8_UNORM(unpackedInput.zyxw); }

XMFLOAT4 D3DX_B8G8R8A8_UNORM_SRGB_to_FLOAT4_inexact(UINT packedInput) { return D3DX_R8G8B8A8_UNORM_SRGB_to_FLOAT4_inexact(packedInput).zyxw; }

XMFLOAT4 D3DX_B8G8R8A8_UNORM_SRGB_to_FLOAT4(UINT packedInput) { return D3DX_R8G8B8A8_UNORM_SRGB_to_FLOAT4(packedInput).zyxw; }

UINT D3DX_FLOAT4_to_B8G8R8A8_UNORM_SRGB(hlsl_precise XMFLOAT4 unpackedInput) { return D3DX_FLOAT4_to_R8G8B8A8_UNORM_SRGB(unpackedInput.zyxw); }

//---------------------------------------------------------------------------------------------
// B8G8R8X8_UNORM <-> FLOAT3, B8G8R8X8_UNORM_SRGB <-> FLOAT3 (the X byte reads as nothing and
// is written as 0)
//---------------------------------------------------------------------------------------------

XMFLOAT3 D3DX_B8G8R8X8_UNORM_to_FLOAT3(UINT packedInput) { return D3DX_R8G8B8A8_UNORM_to_FLOAT4(packedInput).zyx; }

UINT D3DX_FLOAT3_to_B8G8R8X8_UNORM(hlsl_precise XMFLOAT3 unpackedInput) { return D3DX_FLOAT4_to_R8G8B8A8_UNORM(XMFLOAT4(unpackedInput.zyx, 0.0f)); }

XMFLOAT3 D3DX_B8G8R8X8_UNORM_SRGB_to_FLOAT3_inexact(UINT packedInput) { return D3DX_R8G8B8A8_UNORM_SRGB_to_FLOAT4_inexact(packedInput).zyx; }

XMFLOAT3 D3DX_B8G8R8X8_UNORM_SRGB_to_FLOAT3(UINT packedInput) { return D3DX_R8G8B8A8_UNORM_SRGB_to_FLOAT4(packedInput).zyx; }

UINT D3DX_FLOAT3_to_B8G8R8X8_UNORM_SRGB(hlsl_precise XMFLOAT3 unpackedInput) { return D3DX_FLOAT4_to_R8G8B8A8_UNORM_SRGB(XMFLOAT4(unpackedInput.zyx, 0.0f)); }

//---------------------------------------------------------------------------------------------
// R16G16_FLOAT <-> FLOAT2
//---------------------------------------------------------------------------------------------

XMFLOAT2 D3DX_R16G16_FLOAT_to_FLOAT2(UINT packedInput)
{
    return XMFLOAT2(D3DX_HALF_to_FLOAT(packedInput & 0xffffu), D3DX_HALF_to_FLOAT(packedInput >> 16));
}

UINT D3DX_FLOAT2_to_R16G16_FLOAT(hlsl_precise XMFLOAT2 unpackedInput)
{
    return D3DX_FLOAT_to_HALF(unpackedInput.x) | (D3DX_FLOAT_to_HALF(unpackedInput.y) << 16);
}

//---------------------------------------------------------------------------------------------
// R16G16_UNORM <-> FLOAT2
//---------------------------------------------------------------------------------------------

XMFLOAT2 D3DX_R16G16_UNORM_to_FLOAT2(UINT packedInput)
{
    return XMFLOAT2(hlslc_dxgi_unorm_to_float(packedInput & 0xffffu, 16u), hlslc_dxgi_unorm_to_float(packedInput >> 16, 16u));
}

UINT D3DX_FLOAT2_to_R16G16_UNORM(hlsl_precise XMFLOAT2 unpackedInput)
{
    XMFLOAT2 v = D3DX_Saturate_FLOAT(unpackedInput);
    return D3DX_FLOAT_to_UINT(v.x, 65535.0f) | (D3DX_FLOAT_to_UINT(v.y, 65535.0f) << 16);
}

//---------------------------------------------------------------------------------------------
// R16G16_UINT <-> UINT2
//---------------------------------------------------------------------------------------------

XMUINT2 D3DX_R16G16_UINT_to_UINT2(UINT packedInput) { return XMUINT2(packedInput & 0xffffu, packedInput >> 16); }

UINT D3DX_UINT2_to_R16G16_UINT(XMUINT2 unpackedInput)
{
    XMUINT2 v = min(unpackedInput, 0xffffu);
    return v.x | (v.y << 16);
}

//---------------------------------------------------------------------------------------------
// R16G16_SNORM <-> FLOAT2
//---------------------------------------------------------------------------------------------

XMFLOAT2 D3DX_R16G16_SNORM_to_FLOAT2(UINT packedInput)
{
    return XMFLOAT2(hlslc_dxgi_snorm_to_float(packedInput & 0xffffu, 16u), hlslc_dxgi_snorm_to_float(packedInput >> 16, 16u));
}

UINT D3DX_FLOAT2_to_R16G16_SNORM(hlsl_precise XMFLOAT2 unpackedInput)
{
    return (UINT(D3DX_FLOAT_to_INT(D3DX_SaturateSigned_FLOAT(unpackedInput.x), 32767.0f)) & 0xffffu)
        | (UINT(D3DX_FLOAT_to_INT(D3DX_SaturateSigned_FLOAT(unpackedInput.y), 32767.0f)) << 16);
}

//---------------------------------------------------------------------------------------------
// R16G16_SINT <-> INT2
//---------------------------------------------------------------------------------------------

XMINT2 D3DX_R16G16_SINT_to_INT2(UINT packedInput) { return XMINT2(INT(packedInput << 16) >> 16, INT(packedInput) >> 16); }

UINT D3DX_INT2_to_R16G16_SINT(XMINT2 unpackedInput)
{
    XMINT2 v = clamp(unpackedInput, -32768, 32767);
    return (UINT(v.x) & 0xffffu) | (UINT(v.y) << 16);
}

//---------------------------------------------------------------------------------------------
// R11G11B10_FLOAT <-> FLOAT3 (R in bits 0-10, G in 11-21, B in 22-31)
//---------------------------------------------------------------------------------------------

XMFLOAT3 D3DX_R11G11B10_FLOAT_to_FLOAT3(UINT packedInput)
{
    return XMFLOAT3(hlslc_dxgi_small_float_to_float(packedInput & 0x7ffu, 6u),
                    hlslc_dxgi_small_float_to_float((packedInput >> 11) & 0x7ffu, 6u),
                    hlslc_dxgi_small_float_to_float(packedInput >> 22, 5u));
}

UINT D3DX_FLOAT3_to_R11G11B10_FLOAT(hlsl_precise XMFLOAT3 unpackedInput)
{
    return hlslc_dxgi_float_to_small_float(unpackedInput.x, 6u)
        | (hlslc_dxgi_float_to_small_float(unpackedInput.y, 6u) << 11)
        | (hlslc_dxgi_float_to_small_float(unpackedInput.z, 5u) << 22);
}

//---------------------------------------------------------------------------------------------
// R32_FLOAT, R32_UINT, R32_SINT (the R32_UINT view holds them bit for bit)
//---------------------------------------------------------------------------------------------

float D3DX_R32_FLOAT_to_FLOAT(UINT packedInput) { return asfloat(packedInput); }

UINT D3DX_FLOAT_to_R32_FLOAT(float unpackedInput) { return asuint(unpackedInput); }

UINT D3DX_R32_UINT_to_UINT(UINT packedInput) { return packedInput; }

UINT D3DX_UINT_to_R32_UINT(UINT unpackedInput) { return unpackedInput; }

INT D3DX_R32_SINT_to_INT(UINT packedInput) { return asint(packedInput); }

UINT D3DX_INT_to_R32_SINT(INT unpackedInput) { return asuint(unpackedInput); }

#endif // __D3DX_DXGI_FORMAT_CONVERT_INL___
