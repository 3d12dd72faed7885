// HLSL 2021 unary operator overloads: a struct's parameterless `operator-`, `operator+`,
// `operator!` and `operator~` methods are called for `-a`, `+a`, `!a` and `~a` (DXC allows
// every member operator but assignments, `++`, `--`, `->` and `->*`); `operator-` with a
// parameter stays the binary one. The operators here: `-` negates, `+` doubles, `~` swaps the
// components, `!` tests `v.x == 0`. With a = (3, -5): b = -a = (-3, 5); a - b = (6, -10);
// c = ~(a - b) = (-10, 6); d = +c = (-20, 12); !a = false; !(a + (-3, 0)) = !(0, -5) = true.
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw float[10] = [3, -5, 0, 0, 0, 0, 0, 0, 0, 0]
// expect u0 = [3, -5, -3, 5, -10, 6, -20, 12, 0, 1]
// peer-bug glslang: no operator overloading (HLSL 2021)
struct V {
    float2 v;
    V operator-() {
        V r;
        r.v = -v;
        return r;
    }
    V operator+() {
        V r;
        r.v = v * 2;
        return r;
    }
    bool operator!() {
        return v.x == 0;
    }
    V operator~() {
        V r;
        r.v = v.yx;
        return r;
    }
    V operator-(V o) {
        V r;
        r.v = v - o.v;
        return r;
    }
    V operator+(float2 o) {
        V r;
        r.v = v + o;
        return r;
    }
};

RWStructuredBuffer<float> o : register(u0);

[numthreads(1, 1, 1)]
void main() {
    V a;
    a.v = float2(o[0], o[1]);
    V b = -a;
    V c = ~(a - b);
    V d = +c;
    o[2] = b.v.x;
    o[3] = b.v.y;
    o[4] = c.v.x;
    o[5] = c.v.y;
    o[6] = d.v.x;
    o[7] = d.v.y;
    o[8] = !a ? 1 : 0;
    o[9] = !(a + float2(-3, 0)) ? 1 : 0;
}
