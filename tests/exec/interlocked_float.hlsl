// SM 6.6's float atomics, one thread so every result is known: InterlockedExchange on a
// float, InterlockedCompareStoreFloatBitwise and InterlockedCompareExchangeFloatBitwise
// (they compare bits: 0.0 and -0.0 differ), on RWStructuredBuffer<float> elements, on
// RWBuffer<float> elements, on groupshared floats, and RWByteAddressBuffer's
// InterlockedExchangeFloat / …FloatBitwise methods. Values are exchanged as bits; an `int`
// operand or `original` converts by value, as DXC's `float` overloads take them.
// Derivation (o = the original value written to `orig`):
//   sf: Exchange(1.5 → 7.25) o=1.5 | CompareStore(2.5 == 2.5 → -3) | CompareStore(-0.0 vs 0.0:
//       differ → stays -0.0) | CompareExchange(4 == 4 → 0.5) o=4 | CompareExchange(0.0 vs
//       -0.0: differ → stays 0.0) o=0.0 | Exchange(2.75 → int 3 = 3.0) int o = int(2.75) = 2
//   bab (words 0..4 = 1, 2, 3, 0, 6.5): ExchangeFloat(1 → 8.5) o=1 | CompareStore(2 == 2 →
//       -1) | CompareExchange(3 == 3 → 0.25) o=3 | CompareExchange(0 vs 1: differ → 0) o=0 |
//       ExchangeFloat(6.5 → int 2 = 2.0) int o = 6
//   tb (5, 6): Exchange(5 → -2) o=5 | CompareStore(6 == 6 → 12) | tb[0] + 1 = -1
//   gs (1.25, -0.0, 3): Exchange(1.25 → 4.5) o=1.25 | CompareStore(-0.0 vs 0.0: differ →
//       stays -0.0) | CompareExchange(3 == 3 → -8) o=3 | gs[0] + gs[2] = -3.5
// exec: -T cs_6_6 -E main dispatch 1 1 1
// buffer u0 rw float[6] = [1.5, 2.5, -0.0, 4.0, 0.0, 2.75]
// buffer u1 rw float[5] = [1.0, 2.0, 3.0, 0.0, 6.5]
// buffer u2 rw float[2] = [5.0, 6.0]
// buffer u3 rw float[16] = 0
// expect u0 = [7.25, -3.0, -0.0, 0.5, 0.0, 3.0]
// expect u1 = [8.5, -1.0, 0.25, 0.0, 2.0]
// expect u2 = [-2.0, 12.0]
// expect u3 = [1.5, 4.0, 0.0, 2.0, 1.0, 3.0, 0.0, 6.0, 5.0, -1.0, 1.25, 3.0, 4.5, -0.0, -8.0, -3.5]
// peer-bug glslang: has no float overload of InterlockedExchange (nor the SM 6.6 FloatBitwise forms)
RWStructuredBuffer<float> sf : register(u0);
RWByteAddressBuffer bab : register(u1);
RWBuffer<float> tb : register(u2);
RWStructuredBuffer<float> orig : register(u3);
groupshared float gs[3];

[numthreads(1, 1, 1)]
void main() {
    float o;
    int oi;
    InterlockedExchange(sf[0], 7.25, o); orig[0] = o;
    InterlockedCompareStoreFloatBitwise(sf[1], 2.5, -3.0);
    InterlockedCompareStoreFloatBitwise(sf[2], 0.0, 9.0);
    InterlockedCompareExchangeFloatBitwise(sf[3], 4.0, 0.5, o); orig[1] = o;
    InterlockedCompareExchangeFloatBitwise(sf[4], -0.0, 1.0, o); orig[2] = o;
    InterlockedExchange(sf[5], 3, oi); orig[3] = oi;

    bab.InterlockedExchangeFloat(0, 8.5, o); orig[4] = o;
    bab.InterlockedCompareStoreFloatBitwise(4, 2.0, -1.0);
    bab.InterlockedCompareExchangeFloatBitwise(8, 3.0, 0.25, o); orig[5] = o;
    bab.InterlockedCompareExchangeFloatBitwise(12, 1.0, 5.0, o); orig[6] = o;
    bab.InterlockedExchangeFloat(16, 2, oi); orig[7] = oi;

    InterlockedExchange(tb[0], -2.0, o); orig[8] = o;
    InterlockedCompareStoreFloatBitwise(tb[1], 6.0, 12.0);
    orig[9] = tb[0] + 1.0;

    gs[0] = 1.25; gs[1] = -0.0; gs[2] = 3.0;
    GroupMemoryBarrierWithGroupSync();
    InterlockedExchange(gs[0], 4.5, o); orig[10] = o;
    InterlockedCompareStoreFloatBitwise(gs[1], 0.0, 7.0);
    InterlockedCompareExchangeFloatBitwise(gs[2], 3.0, -8.0, o); orig[11] = o;
    GroupMemoryBarrierWithGroupSync();
    orig[12] = gs[0]; orig[13] = gs[1]; orig[14] = gs[2];
    orig[15] = gs[0] + gs[2];
}
