// ByteAddressBuffer Load<T>/Store<T> with non-uint types, in the tight layout: float3,
// uint64_t and double (two words, low first), a struct {float a; uint2 b;}, a column-major
// float2x2 (m00 m10 m01 m11 back to back) and a dynamic address. The source holds words
// w[i] = 0x40000000 + i; every value is stored back bit for bit at the byte offsets below.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// requires f64 int64
// buffer t0 ro uint[16] = iota 1073741824
// buffer u1 rw uint[17] = 0
// expect u1 = [0x40000001, 0x40000002, 0x40000003,  0x4000000A,  0x40000002, 0x40000003,
//              0x40000004, 0x40000005,  0x40000005, 0x40000006, 0x40000007,
//              0x40000008, 0x40000009, 0x4000000A, 0x4000000B,  0x4000000C, 0x4000000D]
// peer-bug glslang: no templated Load<T>/Store<T>
ByteAddressBuffer src : register(t0);
RWByteAddressBuffer dst : register(u1);
struct S {
    float a;
    uint2 b;
};

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float3 v = src.Load<float3>(4);
    uint64_t q = src.Load<uint64_t>(8);
    double d = src.Load<double>(16);
    S s = src.Load<S>(20);
    float2x2 m = src.Load<float2x2>(32);
    uint2 dyn = src.Load<uint2>(id.x * 4 + 48);
    dst.Store<float3>(0, v);
    dst.Store(12, asuint(m._12));
    dst.Store<uint64_t>(16, q);
    dst.Store<double>(24, d);
    dst.Store<S>(32, s);
    dst.Store<float2x2>(44, m);
    dst.Store2(60, dyn);
}
