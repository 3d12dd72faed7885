// D3D cbuffer packing lets a scalar pack into the unused tail of the last register of
// the matrix or array before it: a matrix occupies (registers - 1) * 16 bytes plus its
// last row/column, an array (n - 1) * 16 plus its last element (DXC's reflection tests:
// `float dummy0; float2x3 foo; float end;` → foo at 16, size 40, end at 56).
// Layout here: a at 0; m (column_major float2x3: 3 columns of 2) at 16, size 40; e at 56;
// arr (float[3]) at 64, elements at 64/80/96, size 36; g at 100.
// peer-bug glslang: rounds a matrix up to whole registers (std140): e is read from 64 and everything after it shifts
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = f32 [10, 0, 0, 0,
//                   1, 4, 0, 0,   2, 5, 0, 0,   3, 6,  20, 0,
//                   7, 0, 0, 0,   8, 0, 0, 0,   9,  30, 0, 0]
// buffer u1 rw float[6] = 0
// expect u1 = [10, 20, 30, 6, 9, 4]
cbuffer Params : register(b0) {
    float a;
    float2x3 m;
    float e;
    float arr[3];
    float g;
};
RWStructuredBuffer<float> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    dst[0] = a;
    dst[1] = e;
    dst[2] = g;
    dst[3] = m[1][2];
    dst[4] = arr[2];
    dst[5] = m._21;
}
