// Compound assignments on 16- and 64-bit integers compute in the left operand's type (DXC's
// CheckBinOpForHLSL: a compound assignment's computation type is the LHS's when the RHS
// converts to it), masking shift amounts to its width, by hand (run time and folded):
//  int16_t s = 100, s *= 1000: 100000 mod 2^16 = 34464 → -31072; folded the same
//  uint16_t u = 65535, u += 2: 1; u = 0x8000, u >>= 17: amount 17 & 15 = 1 → 0x4000
//  int16_t t = -32768, t >>= 20: 20 & 15 = 4, arithmetic → -2048
//  uint16_t v = 1, v <<= 16: 16 & 15 = 0 → 1; v <<= 15 → 0x8000
//  int64_t w = 1, w <<= 65: 65 & 63 = 1 → 2; w <<= 40 → 2^41; uint64_t z = 0, z -= 1: 2^64 - 1
//  int i = 7, i <<= 33u: 33 & 31 = 1 → 14; i >>= 0x21: 7
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// requires i16 int64
// buffer t0 ro int[6] = [100, 65535, 32768, 1, 7, 0]
// buffer u1 rw int[16] = 0
// buffer u2 rw i64[6] = 0
// expect u1 = [-31072, -31072, 1, 1, 16384, 16384, -2048, -2048, 1, 1, 32768, 32768, 14, 14, 7, 7]
// expect u2 = [2, 2, 2199023255552, 2199023255552, -1, -1]
// peer-bug glslang: does not know `int16_t` ("'type' : Expected")
// peer-bug slang: folds constant compound shifts without masking the amount (odd indices of u1 from 5, L[1], L[3])
StructuredBuffer<int> I : register(t0);
RWStructuredBuffer<int> o : register(u1);
RWStructuredBuffer<int64_t> L : register(u2);

[numthreads(1, 1, 1)]
void main() {
    int16_t s = (int16_t)I[0];
    s *= 1000;
    o[0] = s;
    int16_t sc = 100;
    sc *= 1000;
    o[1] = sc;
    uint16_t u = (uint16_t)I[1];
    u += 2;
    o[2] = u;
    uint16_t uc = 65535;
    uc += 2;
    o[3] = uc;
    uint16_t h = (uint16_t)I[2];
    h >>= 17;
    o[4] = h;
    uint16_t hc = 0x8000;
    hc >>= 17;
    o[5] = hc;
    int16_t t = (int16_t)(-I[2]);
    t >>= 20;
    o[6] = t;
    int16_t tc = -32768;
    tc >>= 20;
    o[7] = tc;
    uint16_t v = (uint16_t)I[3];
    v <<= 16;
    o[8] = v;
    uint16_t vc = 1;
    vc <<= 16;
    o[9] = vc;
    v <<= 15;
    o[10] = v;
    vc <<= 15;
    o[11] = vc;
    int i = I[4];
    i <<= 33u;
    o[12] = i;
    int ic = 7;
    ic <<= 33u;
    o[13] = ic;
    i >>= 0x21;
    o[14] = i;
    ic >>= 0x21;
    o[15] = ic;

    int64_t w = I[3];
    w <<= 65;
    L[0] = w;
    int64_t wc = 1;
    wc <<= 65;
    L[1] = wc;
    w <<= 40;
    L[2] = w;
    wc <<= 40;
    L[3] = wc;
    uint64_t z = (uint64_t)I[5];
    z -= 1;
    L[4] = (int64_t)z;
    uint64_t zc = 0;
    zc -= 1;
    L[5] = (int64_t)zc;
}
