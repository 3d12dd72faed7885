// Sieve of Eratosthenes over 0..511 in groupshared: 64 threads clear a bit array of 16
// words, then for each p in 2..22 whose bit is still clear (uniform test on groupshared
// data after a barrier) strike the multiples from p*p with InterlockedOr, striding by the
// thread count; then the words of primes (complemented) are written and the prime count
// and largest prime are found with countbits + InterlockedAdd and firstbithigh +
// InterlockedMax on a RWStructuredBuffer.
// Expected values: tests/exec/algo/models.py (sieve).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[16] = 0
// buffer u1 rw uint[2] = 0
// expect u0 = [0xA08A28AC, 0x28208A20, 0x02088288, 0x800228A2, 0x20A00A08, 0x80282088, 0x800800A2, 0x08028228,
//     0x0A20A082, 0x22880020, 0x28020800, 0x88208082, 0x02022020, 0x08828028, 0x8008A202, 0x20880880]
// expect u1 = [97, 509]
RWStructuredBuffer<uint> PrimeBits : register(u0);
RWStructuredBuffer<uint> Stats : register(u1);

#define LIMIT 512
groupshared uint composite[LIMIT / 32];

[numthreads(64, 1, 1)]
void main(uint t : SV_GroupIndex) {
    if (t < LIMIT / 32)
        composite[t] = t == 0 ? 3u : 0u;            // 0 and 1 are not prime
    GroupMemoryBarrierWithGroupSync();
    for (uint p = 2; p * p < LIMIT; ++p) {
        bool isPrime = (composite[p / 32] & (1u << (p % 32))) == 0;
        GroupMemoryBarrierWithGroupSync();
        if (!isPrime) continue;
        for (uint m = p * p + t * p; m < LIMIT; m += 64 * p)
            InterlockedOr(composite[m / 32], 1u << (m % 32));
        GroupMemoryBarrierWithGroupSync();
    }
    if (t < LIMIT / 32) {
        uint primes = ~composite[t];
        PrimeBits[t] = primes;
        InterlockedAdd(Stats[0], countbits(primes));
        if (primes != 0)
            InterlockedMax(Stats[1], t * 32 + firstbithigh(primes));
    }
}
