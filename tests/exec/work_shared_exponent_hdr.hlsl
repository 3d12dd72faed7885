// HDR colour packing as lightmap bakers and probe compressors write it: each thread encodes
// a colour as RGBE (Radiance: `frexp` of the largest channel gives mantissa m in [0.5, 1)
// and exponent e; each channel is stored as (uint)(c * m * 256 / max) with e + 128 in the
// fourth byte; negative channels clamp to 0, zero below 1e-32; the exponent is an `int`
// lvalue, which DXC converts from frexp's out float on copy-out) and as DXGI's
// R9G9B9E5_SHAREDEXP (channels clamped to [0, 65408]; the shared exponent from the largest
// channel's float bits: max(-16, floor(log2(max))) + 16, bumped when the rounded maximum
// reaches 512; mantissas floor(c / 2^(exp - 24) + 0.5)), then decodes both (`ldexp` for RGBE with a half-step
// bias: (byte + 0.5) * 2^(e - 136); RGB9E5: mantissa * 2^(exp - 24)). Colours are dyadic
// rationals (multiples of 2^-12 below 2^16), so every step is exact and the words and
// decodes compare exactly; a negative channel clamps to 0 in both and a channel
// above 65408 saturates. Also frexp's mantissa of the largest channel (u3's fourth component).
// Expected values: tests/exec/work/models.py (shared_exponent_hdr).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float4[16] = [0, 0, 0, 1, 1, 0.5, 0.25, 1, -3, 2, 0, 1, 70000, 1, 65408, 1, 511.75,
//     3, 0, 1, 9.53674316e-07, 3.81469727e-06, 0, 1, 3.1875, 90.09375, 102.9375, 1, 1616, 2180,
//     388, 1, 28640, 15776, 53600, 1, 1078272, 1075200, 2829312, 1, 6.4375, 6.4453125, 2.76953125,
//     1, 446, 300.75, 4.875, 1, 11084, 6780, 10116, 1, 36992, 93312, 77312, 1, 1.94824219,
//     0.688964844, 0.0825195312, 1, 19.6875, 13.859375, 38.765625, 1]
// buffer u1 rw uint2[16] = 0
// buffer u2 rw float4[16] = 0
// buffer u3 rw float4[16] = 0
// peer-bug glslang: crashes (SIGSEGV) on `frexp` with an `int` exponent argument
// expect u1 = [0, 0, 2166374528, 2164326656, 2181070848, 2281832448, 2441019528, 4294705663,
//     2298479103, 3355444480, 1862303776, 32784, 2278405126, 3060977677, 2350418021, 3636863690,
//     2429631855, 4270651104, 2527871297, 4294967295, 2203635406, 2462530460, 2298648287,
//     3222690750, 2392746413, 3975260506, 2442638920, 4294967073, 2164939001, 2153079283,
//     2258319182, 2899893918]
// expect u2 = [0, 0, 0, 0, 1.00390625, 0.50390625, 0.25390625, 129, 0.0078125, 2.0078125,
//     0.0078125, 130, 69888, 256, 65280, 145, 511, 3, 1, 137, 9.68575478e-07, 3.82959843e-06,
//     1.49011612e-08, 111, 3.25, 90.25, 102.75, 135, 1624, 2184, 392, 140, 28544, 15744, 53632,
//     144, 1073152, 1073152, 2826240, 150, 6.453125, 6.453125, 2.765625, 131, 447, 301, 5, 137,
//     11104, 6752, 10144, 142, 37120, 93440, 77568, 145, 1.94921875, 0.69140625, 0.08203125, 129,
//     19.625, 13.875, 38.875, 134]
// expect u3 = [0, 0, 0, 0, 1, 0.5, 0.25, 0.5, 0, 2, 0, 0.5, 65408, 0, 65408, 0.998046875, 512, 4,
//     0, 0.999511719, 9.53674316e-07, 3.81469727e-06, 0, 0.5, 3.25, 90, 103, 0.804199219, 1616,
//     2184, 392, 0.532226562, 28672, 15744, 53632, 0.817871094, 65408, 65408, 65408, 0.998046875,
//     6.4375, 6.453125, 2.765625, 0.805664062, 446, 301, 5, 0.87109375, 11072, 6784, 10112,
//     0.676513672, 36992, 65408, 65408, 0.998046875, 1.94921875, 0.6875, 0.08203125, 0.974121094,
//     19.75, 13.875, 38.75, 0.605712891]
StructuredBuffer<float4> Colors : register(t0);
RWStructuredBuffer<uint2> Words : register(u1);       // (rgbe, rgb9e5)
RWStructuredBuffer<float4> DecodedRgbe : register(u2);
RWStructuredBuffer<float4> DecodedShared : register(u3); // rgb, frexp mantissa of max

uint EncodeRgbe(float3 c)
{
    c = max(c, 0.0);
    float m = max(c.r, max(c.g, c.b));
    if (m < 1e-32)
        return 0;
    int e;
    float mant = frexp(m, e);
    float3 scaled = c * (mant * 256.0 / m);
    uint3 b = (uint3)scaled;
    return b.r | (b.g << 8) | (b.b << 16) | (uint(e + 128) << 24);
}

float3 DecodeRgbe(uint w)
{
    uint e = w >> 24;
    if (e == 0)
        return 0;
    float3 b = float3(w & 0xFF, (w >> 8) & 0xFF, (w >> 16) & 0xFF);
    return ldexp(b + 0.5, (float)((int)e - 136));
}

uint EncodeRgb9e5(float3 c, out float maxMantissa)
{
    const float maxValue = 65408.0; // (511 / 512) * 2^16
    float3 rgb = clamp(c, 0.0, maxValue);
    float m = max(rgb.r, max(rgb.g, rgb.b));
    int e;
    maxMantissa = frexp(m, e);
    // floor(log2(m)) from the float's exponent bits (m is normal or zero here)
    int floorLog2 = (int)((asuint(m) >> 23) & 0xFF) - 127;
    int expShared = max(-16, floorLog2) + 1 + 15;
    float denom = exp2((float)(expShared - 15 - 9));
    uint maxm = (uint)floor(m / denom + 0.5);
    if (maxm == 512)
    {
        denom *= 2.0;
        expShared += 1;
    }
    uint3 q = (uint3)floor(rgb / denom + 0.5);
    return q.r | (q.g << 9) | (q.b << 18) | (uint(expShared) << 27);
}

float3 DecodeRgb9e5(uint w)
{
    float scale = exp2((float)((int)(w >> 27) - 24));
    return float3(w & 0x1FF, (w >> 9) & 0x1FF, (w >> 18) & 0x1FF) * scale;
}

[numthreads(16, 1, 1)]
void main(uint i : SV_GroupIndex)
{
    float3 c = Colors[i].rgb;
    uint rgbe = EncodeRgbe(c);
    float mant;
    uint shared9 = EncodeRgb9e5(c, mant);
    Words[i] = uint2(rgbe, shared9);
    DecodedRgbe[i] = float4(DecodeRgbe(rgbe), (float)(rgbe >> 24));
    DecodedShared[i] = float4(DecodeRgb9e5(shared9), mant);
}
