// Structured buffers are tightly packed in D3D: StructuredBuffer<float3> has a stride of
// 12 bytes, and struct { float a; float3 b; } is 16 bytes with b at offset 4. The kernel
// copies element 1 of each into the output so the layouts of reads and writes both show.
// peer-bug glslang: uses std430 (float3 stride 16; the struct has b at 16 and stride 32)
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[6] = [1, 2, 3, 4, 5, 6]
// buffer t1 ro float[8] = [10, 11, 12, 13, 20, 21, 22, 23]
// buffer u2 rw float[6] = 0
// buffer u3 rw float[8] = 0
// expect u2 = [4, 5, 6, 0, 0, 0]
// expect u3 = [0, 0, 0, 0, 20, 21, 22, 23]
struct S {
    float a;
    float3 b;
};
StructuredBuffer<float3> v3 : register(t0);
StructuredBuffer<S> s_in : register(t1);
RWStructuredBuffer<float3> v3_out : register(u2);
RWStructuredBuffer<S> s_out : register(u3);

[numthreads(1, 1, 1)]
void main() {
    v3_out[0] = v3[1];
    s_out[1] = s_in[1];
}
