// Buffer<T>/RWBuffer<T>: WebGPU has no texel buffers, so hlslc reads the elements as T in
// the DXGI format that matches T, tightly packed (R32G32B32_FLOAT: 12 bytes per float3).
// b3 = floats 0..8 → b3[1] = (3,4,5), b3.Load(2) = (6,7,8); b2 = uints 10..15 → b2[1] =
// (12, 13); GetDimensions: 3 and 3 elements; w4 (RWBuffer<float4>) gets (3,4,5,1) and
// (12,13,6,8); dims[2] = raw.Load<uint>(4) = 11 (a ByteAddressBuffer view of the same
// values, see the peer-bug note).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[9] = iota
// buffer t1 ro uint2[3] = iota 10
// buffer u2 rw float4[2] = 0
// buffer u3 rw uint[3] = 0
// buffer t4 ro uint[4] = iota 10
// expect u2 = [3, 4, 5, 1,  12, 13, 6, 8]
// expect u3 = [3, 3, 11]
// peer-bug glslang: declares Buffer<T> as a texel buffer, which crashes lavapipe (SIGBUS) when bound as the storage buffer WebGPU needs; the templated Load<uint> (which glslang rejects) keeps its output from running
Buffer<float3> b3 : register(t0);
Buffer<uint2> b2 : register(t1);
RWBuffer<float4> w4 : register(u2);
RWStructuredBuffer<uint> dims : register(u3);
ByteAddressBuffer raw : register(t4);

[numthreads(1, 1, 1)]
void main() {
    float3 x = b3[1];
    float3 y = b3.Load(2);
    uint2 z = b2[1];
    w4[0] = float4(x, 1);
    w4[1] = float4(z, y.x, y.z);
    uint n;
    b3.GetDimensions(n);
    dims[0] = n;
    b2.GetDimensions(n);
    dims[1] = n;
    dims[2] = raw.Load<uint>(4);
}
