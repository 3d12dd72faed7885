// Built-in type names that are not C++ keywords (`half`, `uint`, `matrix`, `dword`) name a
// local variable, a parameter or a field, which hides the type for the rest of its scope, as
// in DXC (its external lookup declares them in the translation unit, so only a second
// file-scope declaration conflicts). Hand-derived: scale(3) = 3 * 2 + 1 = 7 (the parameter
// `half`); the local `uint` = 5, `uint *= 3` = 15; the local `matrix` (a float2x2 of 1, 2, 3, 4)
// gives m[1][0] + _m01 = 3 + 2 = 5; fields: s.half = 0.5, s.dword = 4, sum 4.5; after the
// block that declares `half` as a variable, `half` is a type again: half(2.25) = 2.25
// (exactly representable); after a prototype naming a parameter `uint`, `uint` is a type:
// uint(9.75) = 9.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float[6] = 0
// expect u0 = [7, 15, 5, 4.5, 2.25, 9]
// peer-bug glslang: takes `half` as a type keyword, so a field, parameter or local named `half` is a syntax error
RWStructuredBuffer<float> o : register(u0);

struct S {
    float half;
    float dword;
};

float scale(float half) {
    return half * 2 + 1;
}

float prototype(float uint);
uint truncated(float x) { return (uint)x; }

[numthreads(1, 1, 1)]
void main() {
    o[0] = scale(3);
    {
        float uint = 5;
        uint *= 3;
        o[1] = uint;
    }
    float2x2 matrix = float2x2(1, 2, 3, 4);
    o[2] = matrix[1][0] + matrix._m01;
    S s;
    s.half = 0.5;
    s.dword = 4;
    o[3] = s.half + s.dword;
    {
        float half = 1;
        o[4] = half;
    }
    half h = 2.25;
    o[4] = h;
    o[5] = truncated(9.75);
}
