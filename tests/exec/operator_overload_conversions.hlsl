// Overloaded binary operators take their right operand through overload resolution, with the
// usual conversions (HLSL 2021: DXC builds the overloaded operator call when the left operand's
// struct declares that operator with one parameter, hlsl::DoesTypeDefineOverloadedOperator, then
// resolves it like a call): `v * 2` converts the int literal to the `float` parameter; of
// `operator*(float)` and `operator*(V2)`, a V2 operand picks the latter; a member template
// `operator+(U)` takes what the plain `operator+(V2)` does not, and the plain one beats the
// template's V2 instance (C++'s tie-breaker); overloads on `int` and `uint` are chosen by the
// operand's type (variables). hlslc declared a member operator template's instance as a
// non-member operator before (E0518). By hand, v = (1.5, 2):
//   o0 (v * 2).x * 2 = 6 | o1 (v * v).y = 4 | o2 (v + 3).x * 2 = (1.5 + 100) * 2 = 203 (the
//   template) | o3 (v + v).y = 2 + 2 = 4 (the plain one; the template would give 102) |
//   o4 v - i (int i) = 1 | o5 v - u (uint u) = 2
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw uint[6] = 0
// expect u0 = [6, 4, 203, 4, 1, 2]
// peer-bug glslang: does not compile: `operator` is a reserved word in its HLSL front end
// peer-bug slang: does not compile: no C++ `template` declarations (Slang has generics instead)
RWStructuredBuffer<uint> o : register(u0);

struct V2 {
    float x, y;
    V2 operator*(float s) { V2 r; r.x = x * s; r.y = y * s; return r; }
    V2 operator*(V2 q) { V2 r; r.x = x * q.x; r.y = y * q.y; return r; }
    template <typename U>
    V2 operator+(U s) { V2 r; r.x = x + 100; r.y = y + 100; return r; }
    V2 operator+(V2 q) { V2 r; r.x = x + q.x; r.y = y + q.y; return r; }
    uint operator-(int s) { return 1; }
    uint operator-(uint s) { return 2; }
};

[numthreads(1, 1, 1)]
void main() {
    V2 v;
    v.x = 1.5;
    v.y = 2;
    o[0] = (uint)((v * 2).x * 2);
    o[1] = (uint)(v * v).y;
    o[2] = (uint)((v + 3).x * 2);
    o[3] = (uint)(v + v).y;
    int i = 1;
    uint u = 1;
    o[4] = v - i;
    o[5] = v - u;
}
