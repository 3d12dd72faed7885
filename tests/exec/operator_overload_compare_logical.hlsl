// Overloaded comparison and logical operators on structs (HLSL 2021). DXC builds an
// overloaded binary operator when the left operand is a user struct defining it (SemaExpr.cpp
// BuildBinOp's HLSL change: DoesTypeDefineOverloadedOperator); the call evaluates both
// operands, so a user `operator&&`/`operator||` does not short-circuit, as in C++. Only
// members may overload operators (SemaDeclCXX CheckOverloadedOperatorDeclaration), and `=`,
// compound assignments and `++`/`--` may not. Overloads of one operator are chosen by the
// right operand's type. By hand:
//   o0 mk(0) && mk(1) = false, o1 calls = 2 (both sides ran) | o2 mk(1) || mk(0) = true, o3 calls = 4
//   a = (1, 2); b = a * 3.0 = (3, 6); c = a * b = (3, 12): o4 asuint(12.0) = 0x41400000
//   o5 (a == a) + 2 * (a == b) = 1 | o6 larger(a, b) by operator< = b, its y = 6
//   o7 larger(3, 7) = 7 (the template on ints) | o8 (a * 2.0 - a).x + .y = 1 + 2 = 3
//   o9 a != b (operator!= defined) = 1 | o10 b >= a = 1 (operator>=), a >= b = 0 → 1
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw uint[11] = 0
// expect u0 = [0, 2, 1, 4, 0x41400000, 1, 6, 7, 3, 1, 1]
// peer-bug glslang: does not compile: `operator` is a reserved word in its HLSL front end
// peer-bug slang: does not compile: no C++ `template` functions, and member `operator<` is not
//   found for `p < q` ("no overload for '<'") in a copy without the template
RWStructuredBuffer<uint> o : register(u0);

static uint calls = 0;

struct Flag {
    int v;
    bool operator&&(Flag r) { return v != 0 && r.v != 0; }
    bool operator||(Flag r) { return v != 0 || r.v != 0; }
};

Flag mk(int v) {
    calls += 1;
    Flag f;
    f.v = v;
    return f;
}

struct V2 {
    float x, y;
    V2 operator*(float s) { V2 r; r.x = x * s; r.y = y * s; return r; }
    V2 operator*(V2 q) { V2 r; r.x = x * q.x; r.y = y * q.y; return r; }
    V2 operator-(V2 q) { V2 r; r.x = x - q.x; r.y = y - q.y; return r; }
    bool operator==(V2 q) { return x == q.x && y == q.y; }
    bool operator!=(V2 q) { return !(x == q.x && y == q.y); }
    bool operator<(V2 q) { return x < q.x || (x == q.x && y < q.y); }
    bool operator>=(V2 q) { return !(x < q.x || (x == q.x && y < q.y)); }
};

template <typename T>
T larger(T p, T q) {
    if (p < q)
        return q;
    return p;
}

[numthreads(1, 1, 1)]
void main() {
    bool r1 = mk(0) && mk(1);
    o[0] = r1 ? 1 : 0;
    o[1] = calls;
    bool r2 = mk(1) || mk(0);
    o[2] = r2 ? 1 : 0;
    o[3] = calls;
    V2 a;
    a.x = 1;
    a.y = 2;
    V2 b = a * 3.0;
    V2 c = a * b;
    o[4] = asuint(c.y);
    o[5] = (a == a ? 1 : 0) + 2 * (a == b ? 1 : 0);
    o[6] = (uint)larger(a, b).y;
    o[7] = larger(3, 7);
    V2 d = a * 2.0 - a;
    o[8] = (uint)(d.x + d.y);
    o[9] = a != b ? 1 : 0;
    o[10] = (b >= a ? 1 : 0) + (a >= b ? 1 : 0);
}
