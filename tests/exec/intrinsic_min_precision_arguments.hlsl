// Intrinsics mixing min-precision and 32-bit arguments (no -enable-16bit-types: DXC's SPIR-V
// computes min16float/min16int/min16uint at 32 bits, docs/SPIR-V.rst). CombineBasicTypes
// keeps a min-precision kind only when both sides are min-precision: min16int with int is
// int, min16int with uint is uint (the wider width, unsigned if either), min16float with
// float is float, min16float with an int is min16float (the floating side wins). Inputs
// mi = -3, mu = 5, mf = 2.5, i = 4, u = 7, f = 0.5 (from the buffer):
// - max(mi, u) is uint: max(0xFFFFFFFD, 7) = 4294967293; max(mi, i) int 4; min(mu, i) uint 4
// - max(mf, f) float 2.5; lerp(mf, f, 0.5) float 1.5; clamp(mf, i, u) = 4 (min16float, at
//   32 bits) -> 4.0; sign(mf) int 1; abs(mi) min16int 3
// - tags (int 1, uint 2, float 8): max(mi, u) 2, max(mi, i) 1, min(mu, i) 2, max(mf, f) 8,
//   lerp 8, sign(mf) 1
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[6] = [0xFFFFFFFD, 5, 0x40200000, 4, 7, 0x3F000000]
// buffer u1 rw uint[8] = 0
// buffer u2 rw uint[6] = 0
// expect u1 = [4294967293, 4, 4, 0x40200000, 0x3FC00000, 0x40800000, 1, 3]
// expect u2 = [2, 1, 2, 8, 8, 1]
// peer-bug glslang: sign(min16float) returns float (1.0f, tag 8), as for sign(float) in gen_intrin_08
StructuredBuffer<uint> I : register(t0);
RWStructuredBuffer<uint> o : register(u1);
RWStructuredBuffer<uint> t : register(u2);

uint tag(int x) { return 1; }
uint tag(uint x) { return 2; }
uint tag(float x) { return 8; }

[numthreads(1, 1, 1)]
void main() {
    min16int mi = (min16int)asint(I[0]);
    min16uint mu = (min16uint)I[1];
    min16float mf = (min16float)asfloat(I[2]);
    int i = asint(I[3]);
    uint u = I[4];
    float f = asfloat(I[5]);
    o[0] = max(mi, u);
    o[1] = asuint(max(mi, i));
    o[2] = min(mu, i);
    o[3] = asuint(max(mf, f));
    o[4] = asuint(lerp(mf, f, 0.5));
    o[5] = asuint((float)clamp(mf, i, u));
    o[6] = asuint(sign(mf));
    o[7] = asuint((int)abs(mi));
    t[0] = tag(max(mi, u));
    t[1] = tag(max(mi, i));
    t[2] = tag(min(mu, i));
    t[3] = tag(max(mf, f));
    t[4] = tag(lerp(mf, f, 0.5));
    t[5] = tag(sign(mf));
}
