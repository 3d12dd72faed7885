// Packing colour records to half precision through a byte-address buffer, as compression and
// G-buffer passes do under -enable-16bit-types: float4 → half4 (round to nearest even: 1/3,
// 20.49, 2051 → 2052, 1 + 2^-11 → 1, 4097 → 4096, 4098 → 4096, 4102 → 4104, 65504 exact),
// `Store<half4>` at 8-byte strides, then `Load<uint16_t2>` of the two words to get the raw
// bits back. 16-bit integer arithmetic stays 16-bit: the uint16_t sum of the four bit
// patterns wraps at 2^16, the int16_t difference of two patterns wraps and sign-extends when
// stored as uint, `bits << 4` on a uint16_t keeps 16 bits, while `bits * 3u + bits` is 32-bit
// (uint16_t with uint is uint). half arithmetic rounds each result to half: s = h.x + h.y and
// p = h.z * h.w are stored as a `Store<half2>` after the records (p = 1.00146484375 * -0 is
// -0). Per row 6 words: 16-bit sum, difference, bits << 4, bits * 3 + bits.z, exponent field of
// h.w, and (float)s as bits.
// Expected values: tests/exec/mix/models.py (half_raw_records; Python's IEEE half).
// requires f16 i16
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// buffer t0 ro float4[8] = [0.100000001, 0.333333343, 20.4899998, 2051, -1000.29999, 0.5,
//     3.14159012, 100.0625, 1.00097656, 1.00048828, 1.00146484, -0.0, 65504, -65504, 2,
//     0.999000013, 12.3400002, -5.5, 7.75, 0.0625, 300.700012, -0.200000003, 1.5, 2.5, 4097, 4098,
//     4102, 0.00100000005, -3, 0.75, 10, -0.125]
// buffer u1 rw uint[24] = 0
// buffer u2 rw uint[48] = 0
// expect u1 = [894774886, 1744981279, 939582417, 1447117384, 1006648321, 2147499010, 4227824639,
//     1006518272, 3313519148, 738215872, 2993052851, 1090534912, 1811966976, 337210370, 973128192,
//     2952808704, 2032285422, 1558832080, 2147500032, 1073610752, 935347928, 1132485810,
//     1142648832, 3170943104]
// expect u2 = [6364, 4294952548, 58976, 55377, 26, 1054720000, 46170, 4294938000, 15632, 191931,
//     21, 3296329728, 13315, 4294949889, 49168, 61445, 0, 1073741824, 62460, 16385, 49136, 111613,
//     14, 0, 33644, 7724, 41664, 75332, 11, 1088094208, 36377, 7091, 52016, 87065, 16, 1133920256,
//     22555, 22503, 49152, 110594, 5, 1174405120, 62720, 4608, 8192, 167680, 12, 3222274048]
// peer-bug glslang: no templated `Load<T>` on byte-address buffers
ByteAddressBuffer Colors : register(t0);
RWByteAddressBuffer Raw : register(u1);
RWStructuredBuffer<uint> Out : register(u2);

[numthreads(8, 1, 1)]
void main(uint t : SV_GroupIndex) {
    float4 c = Colors.Load<float4>(t * 16);
    half4 h = (half4)c;
    Raw.Store<half4>(t * 8, h);
    uint16_t2 lo = Raw.Load<uint16_t2>(t * 8);
    uint16_t2 hi = Raw.Load<uint16_t2>(t * 8 + 4);

    uint16_t sum = lo.x + lo.y + hi.x + hi.y;
    int16_t diff = (int16_t)lo.x - (int16_t)hi.y;
    uint16_t shifted = lo.x << 4;
    uint wide = lo.x * 3u + hi.x;
    uint16_t exponent = (hi.y >> 10) & 0x1F;

    half s = h.x + h.y;
    half p = h.z * h.w;
    Raw.Store<half2>(64 + t * 4, half2(s, p));

    uint o = t * 6;
    Out[o + 0] = sum;
    Out[o + 1] = diff;
    Out[o + 2] = shifted;
    Out[o + 3] = wide;
    Out[o + 4] = exponent;
    Out[o + 5] = asuint((float)s);
}
