// Deterministic Miller-Rabin primality test for 32-bit n (bases 2, 7, 61): n - 1 = d * 2^s
// with s = firstbitlow(n - 1) and a shift, modular multiplication through uint64_t
// ((uint64_t)a * b % n: 64-bit multiply and remainder), square-and-multiply modular
// exponentiation over the bits of d, early returns from a witness helper and a
// break/continue mix in the squaring loop. The inputs include strong pseudoprimes to base 2
// (2047, 3277, 4033, 4681, 8321) and to bases 2, 3, 5, 7 (3215031751).
// Output per n: is prime, s, how many of the three bases witness compositeness.
// Expected values: tests/exec/algo/models.py (miller_rabin, Python's pow).
// requires int64
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint[48] = 0
// peer-bug glslang: does not compile 64-bit integer code (see int64_signed)
// buffer t0 ro uint[16] = [2, 3, 9, 97, 2047, 3277, 4033, 4681, 8321, 65537, 25326001, 1000003, 3215031751, 4294967291, 4294967295, 2147483647]
// expect u1 = [1, 0, 0, 1, 1, 0, 0, 3, 3, 1, 5, 0,
//     0, 1, 2, 0, 2, 2, 0, 6, 2, 0, 3, 2,
//     0, 7, 2, 1, 16, 0, 0, 4, 2, 1, 1, 0,
//     0, 1, 1, 1, 1, 0, 0, 1, 3, 1, 1, 0]
StructuredBuffer<uint> Candidates : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

uint mulmod(uint a, uint b, uint n) {
    return (uint)((uint64_t)a * b % n);
}

uint powmod(uint a, uint e, uint n) {
    uint result = 1;
    uint base = a % n;
    while (e != 0) {
        if ((e & 1) != 0)
            result = mulmod(result, base, n);
        base = mulmod(base, base, n);
        e >>= 1;
    }
    return result;
}

bool witnessesComposite(uint n, uint a, uint d, uint s) {
    if (a % n == 0)
        return false;
    uint x = powmod(a, d, n);
    if (x == 1 || x == n - 1)
        return false;
    for (uint r = 1; r < s; ++r) {
        x = mulmod(x, x, n);
        if (x != n - 1)
            continue;
        return false;
    }
    return true;
}

[numthreads(16, 1, 1)]
void main(uint i : SV_GroupIndex) {
    uint n = Candidates[i];
    uint s = 0, witnesses = 0;
    bool prime;
    if (n == 2) {
        prime = true;
    } else {
        s = firstbitlow(n - 1);
        uint d = (n - 1) >> s;
        static const uint BASES[3] = { 2, 7, 61 };
        for (uint b = 0; b < 3; ++b)
            witnesses += witnessesComposite(n, BASES[b], d, s) ? 1 : 0;
        prime = (n & 1) != 0 && witnesses == 0;
    }
    Out[i * 3 + 0] = prime ? 1 : 0;
    Out[i * 3 + 1] = s;
    Out[i * 3 + 2] = witnesses;
}
