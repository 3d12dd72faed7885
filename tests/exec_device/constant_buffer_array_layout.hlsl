// An array of ConstantBuffer<S>, indexed at run time: each element keeps D3D's constant-buffer
// packing (hlslc binds the array as read-only storage buffers, so the packing must be the
// constant-buffer one there too): a 0 | b (float3) 4, fits 4..16 | c[2] starts a register: 16, 32
// (stride 16) | m (column_major float2x2) starts a register after c (c ends at 36): columns at
// 48 and 64 (m00 48, m10 52, m01 64, m11 68) | e (float) 72, packing into m's last register.
// layout cbs: a=0 b=4 c=16 m=48 e=72
// Element k holds words w = 0x40000000 + 100k + i (i = byte offset / 4), so each read value is
// 0x40000000 + 100k + offset / 4: a 0, b 1 2 3, c 4 8, m00 12, m10 13, m01 16, m11 17, e 18.
// Thread 0 reads element 1 and thread 1 element 0 (indices from a buffer, NonUniformResourceIndex:
// they differ between the threads).
// requires binding-array
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0[0] u32[20] = iota 1073741824
// cbuffer b0[1] u32[20] = iota 1073741924
// buffer t3 ro uint[2] = [1, 0]
// buffer u2 rw uint[22] = 0
// expect u2 = [0x40000064, 0x40000065, 0x40000066, 0x40000067, 0x40000068, 0x4000006C, 0x40000070, 0x40000071, 0x40000074, 0x40000075, 0x40000076,
//              0x40000000, 0x40000001, 0x40000002, 0x40000003, 0x40000004, 0x40000008, 0x4000000C, 0x4000000D, 0x40000010, 0x40000011, 0x40000012]
// peer-bug glslang: glslang's HLSL front end has no NonUniformResourceIndex ("no matching overloaded function")
// peer-bug slang: lays ConstantBuffer<S> out with std140 rules (b at 16, not 4; the rest shifted)
struct S {
    float a;
    float3 b;
    float c[2];
    float2x2 m;
    float e;
};
ConstantBuffer<S> cbs[2] : register(b0);
StructuredBuffer<uint> idx : register(t3);
RWStructuredBuffer<uint> o : register(u2);

[numthreads(2, 1, 1)]
void main(uint3 id : SV_GroupThreadID) {
    uint k = NonUniformResourceIndex(idx[id.x]);
    uint base = id.x * 11;
    o[base + 0] = asuint(cbs[k].a);
    o[base + 1] = asuint(cbs[k].b.x);
    o[base + 2] = asuint(cbs[k].b.y);
    o[base + 3] = asuint(cbs[k].b.z);
    o[base + 4] = asuint(cbs[k].c[0]);
    o[base + 5] = asuint(cbs[k].c[1]);
    float2x2 m = cbs[k].m;
    o[base + 6] = asuint(m._11);
    o[base + 7] = asuint(m._21);
    o[base + 8] = asuint(m._12);
    o[base + 9] = asuint(m._22);
    o[base + 10] = asuint(cbs[k].e);
}
