// ByteAddressBuffer Load/Load2/Load3/Load4 at byte offsets (multiples of 4) and
// RWByteAddressBuffer Store/Store2/Store4, with asfloat on loaded words (GetDimensions:
// byteaddress_get_dimensions).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[8] = iota 100
// buffer u1 rw uint[10] = 0
// expect u1 = [101, 102, 103, 104, 105,   106, 107, 0x3FC00000, 0, 0]
ByteAddressBuffer src : register(t0);
RWByteAddressBuffer dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    uint a = src.Load(4);             // word 1 = 101
    uint2 b = src.Load2(8);           // 102, 103
    uint4 c = src.Load4(16);          // 104..107
    dst.Store(0, a);
    dst.Store2(4, b);
    dst.Store4(12, c);
    uint3 d = src.Load3(20);          // 105, 106, 107
    dst.Store(28, asuint(asfloat(0x3FC00000u) + (float)(d.x - 105))); // 1.5
}
