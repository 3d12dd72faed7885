// exec: -T cs_6_0 -E main dispatch 1 1 1
// A prototype with an `inout` parameter and a definition with an `in` one are two overloads
// (as DXC); the call with an lvalue is ambiguous. They were taken as one function, and the
// call passed a value where the definition's lowering expected a pointer.
void sign_extend(uint3 prec, inout int3 color);
RWStructuredBuffer<int> output : register(u0);
void sign_extend(uint3 prec, int3 color) {
    color -= (color & int3(prec)) << 1;
}
[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    int3 c = int3(t, t + 8, 31 - t);
    sign_extend(uint3(4, 5, 5), c);
    output[t] = c.x;
}
