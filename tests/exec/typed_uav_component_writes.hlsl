// Writes to single components and swizzles of typed UAV elements, which the compiler must
// turn into read-modify-writes of the whole texel: RWTexture2D<float4> t (rgba32float 2x1)
// and RWBuffer<uint4> b, thread x on element x. By hand:
//   texel 0 (1, 2, 3, 4): y = 20; wx += (100, 1000); z *= -1 → (1001, 20, -3, 104)
//   texel 1 (5, 6, 7, 8): y = 21; …                            → (1005, 21, -7, 108)
//   b[x].z = 9; b[x].xy += 1 → (2, 3, 9, 4) and (6, 7, 9, 8)
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture u0 rw 2d rgba32float 2x1 = [1, 2, 3, 4, 5, 6, 7, 8]
// buffer u1 rw uint4[2] = [1, 2, 3, 4, 5, 6, 7, 8]
// expect u0 = [1001, 20, -3, 104, 1005, 21, -7, 108]
// expect u1 = [2, 3, 9, 4, 6, 7, 9, 8]
// peer-bug glslang: "unimplemented: partial image updates" for a component write to a typed UAV element
RWTexture2D<float4> t : register(u0);
RWBuffer<uint4> b : register(u1);

[numthreads(2, 1, 1)]
void main(uint x : SV_GroupIndex) {
    uint2 p = uint2(x, 0);
    t[p].y = 20 + x;
    t[p].wx += float2(100, 1000);
    t[p].z *= -1;
    b[x].z = 9;
    b[x].xy += 1;
}
