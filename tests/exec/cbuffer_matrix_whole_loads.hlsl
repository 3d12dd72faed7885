// Whole float matrices loaded from a cbuffer (one register per stored row or column, then
// a transpose for column-major storage): column-major float4x4 a (m[r][c] at 16c + 4r),
// row_major float4x3 b at 64 (m[r][c] at 64 + 16r + 4c, size 60), and an array of
// column-major float2x3 c[2] at 128 with stride 48 (three columns of two: size 40),
// indexed dynamically (c[1] at 176). Words w[i] = 0x40000000 + i; the shader copies each
// matrix into a local and writes its elements row by row, so a[r][c] = w[4c + r],
// b[r][c] = w[16 + 4r + c], c[1][r][k] = w[44 + 4k + r].
// layout M: a=0 b=64 c=128
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 uint[54] = iota 1073741824
// buffer u1 rw uint[34] = 0
// expect u1 = [0x40000000, 0x40000004, 0x40000008, 0x4000000C, 0x40000001, 0x40000005, 0x40000009, 0x4000000D,
//              0x40000002, 0x40000006, 0x4000000A, 0x4000000E, 0x40000003, 0x40000007, 0x4000000B, 0x4000000F,
//              0x40000010, 0x40000011, 0x40000012, 0x40000014, 0x40000015, 0x40000016, 0x40000018, 0x40000019,
//              0x4000001A, 0x4000001C, 0x4000001D, 0x4000001E, 0x4000002C, 0x40000030, 0x40000034, 0x4000002D,
//              0x40000031, 0x40000035]
cbuffer M : register(b0) {
    float4x4 a;
    row_major float4x3 b;
    float2x3 c[2];
};
RWStructuredBuffer<uint> o : register(u1);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_GroupThreadID) {
    float4x4 ma = a;
    float4x3 mb = b;
    float2x3 mc = c[id.x + 1];
    uint k = 0;
    for (uint r = 0; r < 4; r++) {
        for (uint q = 0; q < 4; q++) {
            o[k++] = asuint(ma[r][q]);
        }
    }
    for (uint r2 = 0; r2 < 4; r2++) {
        for (uint q2 = 0; q2 < 3; q2++) {
            o[k++] = asuint(mb[r2][q2]);
        }
    }
    for (uint r3 = 0; r3 < 2; r3++) {
        for (uint q3 = 0; q3 < 3; q3++) {
            o[k++] = asuint(mc[r3][q3]);
        }
    }
}
