// Matrices in structured buffers: column_major (the default) float2x3 stores its 3 columns
// of 2 floats (24 bytes, tightly packed as D3D structured buffers are); row_major float2x3
// stores 2 rows of 3 floats (also 24 bytes in D3D). Both hold [[1,2,3],[4,5,6]]; the
// shader copies each to the other orientation, so reads and writes are both checked.
// peer-bug glslang: uses std430 strides for matrices in structured buffers: a row_major float2x3 gets 16-byte rows (32 bytes), not D3D's tight 24
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[6] = [1, 4, 2, 5, 3, 6]
// buffer t1 ro float[6] = [1, 2, 3, 4, 5, 6]
// buffer u2 rw float[6] = 0
// buffer u3 rw float[6] = 0
// buffer u4 rw float[2] = 0
// expect u2 = [1, 2, 3, 4, 5, 6]
// expect u3 = [1, 4, 2, 5, 3, 6]
// expect u4 = [6, 6]
struct CM { float2x3 m; };
struct RM { row_major float2x3 m; };
StructuredBuffer<CM> cm_in : register(t0);
StructuredBuffer<RM> rm_in : register(t1);
RWStructuredBuffer<RM> rm_out : register(u2);
RWStructuredBuffer<CM> cm_out : register(u3);
RWStructuredBuffer<float> probe : register(u4);

[numthreads(1, 1, 1)]
void main() {
    rm_out[0].m = cm_in[0].m;
    cm_out[0].m = rm_in[0].m;
    probe[0] = cm_in[0].m[1][2];
    probe[1] = rm_in[0].m._23;
}
