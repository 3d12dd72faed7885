// Non-static `const` globals of array, vector and struct type are $Globals members too (their
// initializers ignored), laid out with cbuffer packing: A (float[2]) at 0 and 16 (array
// elements start registers), V (uint2) at 20 (packs after A[1] in the same register), S (a struct
// of uint and float) at 32 (a struct starts a register), S.f at 36, K (int) at 40. The host
// fills the cbuffer with words 0x40000000 + i (i = byte offset / 4) as in cbuffer_packoffset_overlap,
// so each read is 0x40000000 + offset / 4; the `static const` twin T keeps its initializer 7.
// layout $Globals: A=0 V=20 S=32 S.u=32 S.f=36 K=40
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 uint[12] = iota 1073741824
// buffer u1 rw uint[8] = 0
// expect u1 = [0x40000000, 0x40000004, 0x40000005, 0x40000006, 0x40000008, 0x40000009, 0x4000000A, 7]
// peer-bug glslang: treats non-static `const` globals as constants with their initializers (1.0, 2.0, 3, …)
// peer-bug slang: refuses `const` globals without `static` ("global const requires static")
struct P { uint u; float f; };
const float A[2] = { 1.0, 2.0 };
const uint2 V = uint2(3, 4);
const P S = { 5, 6.0 };
const int K = 8;
static const uint T = 7;
RWStructuredBuffer<uint> O : register(u1);

[numthreads(1, 1, 1)]
void main() {
    O[0] = asuint(A[0]);
    O[1] = asuint(A[1]);
    O[2] = V.x;
    O[3] = V.y;
    O[4] = S.u;
    O[5] = asuint(S.f);
    O[6] = asuint(K);
    O[7] = T;
}
