// Colour blending in native 16-bit floats (-enable-16bit-types): float inputs narrowed to
// half4, lerp and a premultiplied-alpha product in half, the halves' bit patterns packed
// two per uint with asuint16 and uint16_t -> uint widening shifts (the usual compact
// colour format), and the channel sum (added in half, so it rounds) widened back to float.
// Inputs are multiples of 1/16 and weights of 1/4, so every half lerp and product is exact
// (at most 11 significant bits); the model rounds the sum to half after each addition.
// Expected values: tests/exec/algo/models.py (half_blend; Python's struct 'e' format).
// requires f16 i16
// peer-bug glslang: no asuint16 ("no matching overloaded function found")
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// buffer u1 rw uint[32] = 0
// buffer u2 rw float[16] = 0
// buffer t0 ro float[128] = [0, 0.3125, 0.625, 0.9375, 0, 0.6875, 1.375, 0.0625, 0.1875, 0.5, 0.8125, 1.125, 0.4375, 1.125, 1.8125, 0.5,
//     0.375, 0.6875, 1, 1.3125, 0.875, 1.5625, 0.25, 0.9375, 0.5625, 0.875, 1.1875, 1.5, 1.3125, 0, 0.6875, 1.375,
//     0.75, 1.0625, 1.375, 1.6875, 1.75, 0.4375, 1.125, 1.8125, 0.9375, 1.25, 1.5625, 1.875, 0.1875, 0.875, 1.5625, 0.25,
//     1.125, 1.4375, 1.75, 0.0625, 0.625, 1.3125, 0, 0.6875, 1.3125, 1.625, 1.9375, 0.25, 1.0625, 1.75, 0.4375, 1.125,
//     1.5, 1.8125, 0.125, 0.4375, 1.5, 0.1875, 0.875, 1.5625, 1.6875, 0, 0.3125, 0.625, 1.9375, 0.625, 1.3125, 0,
//     1.875, 0.1875, 0.5, 0.8125, 0.375, 1.0625, 1.75, 0.4375, 0.0625, 0.375, 0.6875, 1, 0.8125, 1.5, 0.1875, 0.875,
//     0.25, 0.5625, 0.875, 1.1875, 1.25, 1.9375, 0.625, 1.3125, 0.4375, 0.75, 1.0625, 1.375, 1.6875, 0.375, 1.0625, 1.75,
//     0.625, 0.9375, 1.25, 1.5625, 0.125, 0.8125, 1.5, 0.1875, 0.8125, 1.125, 1.4375, 1.75, 0.5625, 1.25, 1.9375, 0.625]
// expect u1 = [0x34B00000, 0x3B8038B0, 0x391633C0, 0x3BC03C1E, 0x3D1039A0, 0x3C8039A0, 0x34EC3E54, 0x3DA03C92,
//     0x3A584258, 0x3F404014, 0x40B03F08, 0x3F8041DC, 0x34EC3300, 0x33003498, 0x3CA43A88, 0x39803A88,
//     0x3A163FB0, 0x3D203B0C, 0x00000000, 0x00000000, 0x30E03E18, 0x3A803680, 0x391633C0, 0x3BC0385C,
//     0x3E403B80, 0x3D003B80, 0x3A36408E, 0x3EA03F0A, 0x30E02600, 0x32003480, 0x3FE03DB0, 0x3F004108]
// expect u2 = [1.8164062, 2.875, 3.796875, 4.4375, 7.8164062, 8.90625, 1.0322266, 3.4804688, 4.84375, 0, 2.8945312, 2.390625, 4.6875, 6.46875, 0.64453125, 7.65625]
StructuredBuffer<float> Colors : register(t0);
RWStructuredBuffer<uint> Packed : register(u1);
RWStructuredBuffer<float> Sums : register(u2);

half4 load(uint base) {
    return half4(Colors[base], Colors[base + 1], Colors[base + 2], Colors[base + 3]);
}

uint pack(half lo, half hi) {
    return (uint)asuint16(lo) | ((uint)asuint16(hi) << 16);
}

[numthreads(16, 1, 1)]
void main(uint i : SV_GroupIndex) {
    half4 a = load(i * 8);
    half4 b = load(i * 8 + 4);
    half t = (half)(i % 5) * 0.25h;
    half4 c = lerp(a, b, t);
    half4 premul = half4(c.rgb * c.a, c.a);
    Packed[i * 2 + 0] = pack(premul.r, premul.g);
    Packed[i * 2 + 1] = pack(premul.b, premul.a);
    Sums[i] = (float)(premul.r + premul.g + premul.b + premul.a);
}
