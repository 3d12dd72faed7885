// Casts and constructors between matrices and vectors of the same component count take the
// elements in row-major order (m00 m01 m10 m11) whatever the matrix's storage majorness.
// The cbuffer holds a column_major float2x2 cm (registers c0 = column 0 = (1, 3), c1 =
// column 1 = (2, 4), so cm = [[1, 2], [3, 4]]) and a row_major rm at c2 (rows (5, 6), (7, 8)).
// By hand: (float4)cm = (1, 2, 3, 4); (float4)rm = (5, 6, 7, 8);
// c = (float2x2)float4(9, 10, 11, 12) → c[1][0] = 11, c._m01 = 10;
// d = float2x2(a.xy, b.zw) → d[1][0] = 7, d[0][1] = 2; float4(cm) = (1, 2, 3, 4);
// (int4)(float2x2)(cm * 2) = (2, 4, 6, 8) as ints.
// layout C: cm=0 rm=32
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = f32 [1, 3, 0, 0, 2, 4, 0, 0, 5, 6, 0, 0, 7, 8, 0, 0]
// buffer t1 ro float[4] = [9, 10, 11, 12]
// buffer u2 rw float[16] = 0
// buffer u3 rw int[4] = 0
// expect u2 = [1, 2, 3, 4,  5, 6, 7, 8,  11, 10,  7, 2,  1, 2, 3, 4]
// expect u3 = [2, 4, 6, 8]
// peer-bug glslang: `(int4)(float2x2)…` makes an integer OpTypeMatrix, invalid SPIR-V
cbuffer C : register(b0) {
    float2x2 cm;
    row_major float2x2 rm;
};
StructuredBuffer<float> src : register(t1);
RWStructuredBuffer<float> o : register(u2);
RWStructuredBuffer<int> oi : register(u3);

void put4(uint at, float4 v) {
    o[at] = v.x; o[at + 1] = v.y; o[at + 2] = v.z; o[at + 3] = v.w;
}

[numthreads(1, 1, 1)]
void main() {
    float4 a = (float4)cm;
    float4 b = (float4)rm;
    put4(0, a);
    put4(4, b);
    float2x2 c = (float2x2)float4(src[0], src[1], src[2], src[3]);
    o[8] = c[1][0];
    o[9] = c._m01;
    float2x2 d = float2x2(a.xy, b.zw);
    o[10] = d[1][0];
    o[11] = d[0][1];
    put4(12, float4(cm));
    int4 k = (int4)(float2x2)(cm * 2);
    oi[0] = k.x; oi[1] = k.y; oi[2] = k.z; oi[3] = k.w;
}
