// A constant negative index into a structured buffer (here through a comma expression, as the
// fuzzer wrote it) is a huge uint: the byte address wraps as at run time instead of
// overflowing the compiler's arithmetic (panic in `addr_add_index`).
// exec: -T cs_6_0 -E main dispatch 1 1 1
StructuredBuffer<double> in1 : register(t1);
StructuredBuffer<float3> in2 : register(t2);
RWStructuredBuffer<double> dst : register(u2);

[numthreads(1, 1, 1)]
void main(uint i : SV_GroupIndex) {
    dst[0] = in1[(i, -2)] + in2[-1].y;
}
