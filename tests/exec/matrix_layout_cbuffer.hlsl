// Matrix packing in a cbuffer: column_major (the default) stores each column in its own
// 16-byte register, row_major each row; the matrix after one starts on a new register.
// Both matrices hold [[1,2,3],[4,5,6],[7,8,9]]: cm at 0 (columns), rm at 48 (rows).
// (What follows a matrix packs into its last register: see cbuffer_tail_packing.)
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = f32 [1, 4, 7, 0,   2, 5, 8, 0,   3, 6, 9, 0,
//                   1, 2, 3, 0,   4, 5, 6, 0,   7, 8, 9, 0]
// buffer u1 rw float[8] = 0
// expect u1 = [4, 5, 6,   4, 5, 6,   8, 8]
cbuffer Params : register(b0) {
    float3x3 cm;                 // column_major by default
    row_major float3x3 rm;
};
RWStructuredBuffer<float> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    float3 a = cm[1];
    float3 b = rm[1];
    dst[0] = a.x; dst[1] = a.y; dst[2] = a.z;
    dst[3] = b.x; dst[4] = b.y; dst[5] = b.z;
    dst[6] = cm[2][1];
    dst[7] = rm._32;
}
