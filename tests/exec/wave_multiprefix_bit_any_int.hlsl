// WaveMultiPrefixBitAnd/Or/Xor take `any_int<>` in DXC's signatures (WaveActiveBit* take
// `uint_only<>`): the list has no bool or float and no NOCAST entry, so a bool or float
// argument converts to its first type, int, and the result is int. One lane, so each
// exclusive prefix is the operation's identity: BitAnd all ones = int -1 -> -1.0 (uint would
// give 4294967295.0), BitOr and BitXor 0.
// - WaveMultiPrefixBitAnd(true, m) = -1; WaveMultiPrefixBitAnd(-2.5, m) = -1;
//   WaveMultiPrefixBitOr(float2, m).y = 0; WaveMultiPrefixBitXor(false, m) = 0
// - tags (int 11, int2 12, uint 21, uint2 22): 11, 11, 12, 11
// requires subgroup
// exec: -T cs_6_5 -E main dispatch 1 1 1
// buffer t0 ro float[2] = [-2.5, 1.0]
// buffer u1 rw float[4] = 7
// buffer u2 rw uint[4] = 0
// expect u1 = [-1.0, -1.0, 0.0, 0.0]
// expect u2 = [11, 11, 12, 11]
// peer-bug glslang: no WaveMultiPrefix* or WaveMatch
StructuredBuffer<float> I : register(t0);
RWStructuredBuffer<float> o : register(u1);
RWStructuredBuffer<uint> t : register(u2);

uint tag(int x) { return 11; }
uint tag(int2 x) { return 12; }
uint tag(uint x) { return 21; }
uint tag(uint2 x) { return 22; }

[numthreads(1, 1, 1)]
void main() {
    bool b = I[1] > 0;
    float f = I[0];
    float2 v = float2(I[0], I[1]);
    uint4 m = WaveMatch(0u);
    o[0] = WaveMultiPrefixBitAnd(b, m);
    o[1] = WaveMultiPrefixBitAnd(f, m);
    o[2] = WaveMultiPrefixBitOr(v, m).y;
    o[3] = WaveMultiPrefixBitXor(!b, m);
    t[0] = tag(WaveMultiPrefixBitAnd(b, m));
    t[1] = tag(WaveMultiPrefixBitAnd(f, m));
    t[2] = tag(WaveMultiPrefixBitOr(v, m));
    t[3] = tag(WaveMultiPrefixBitXor(!b, m));
}
