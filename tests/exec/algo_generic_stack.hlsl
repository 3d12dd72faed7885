// A generic Stack<T> struct template with member functions (HLSL 2021) used two ways:
// Stack<uint> matches brackets in 8 strings (codes 1..6 for ( ) [ ] { }, 0 ends a string),
// with a pop inside the right operand of a short-circuit || and a break out of the loop,
// reporting (balanced, maximum depth); Stack<float2> reverses six points and sums
// x * k + y over the pop order k. Small values: exact.
// Expected values: tests/exec/algo/models.py (generic_stack).
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u1 rw uint[16] = 0
// buffer u2 rw float[1] = 0
// peer-bug glslang: no templates (`template` is a reserved word to its HLSL front end)
// buffer t0 ro uint[128] = [1, 1, 2, 3, 4, 5, 6, 2, 0, 0, 0, 0, 0, 0, 0, 0,
//     1, 3, 2, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     5, 3, 1, 2, 1, 2, 4, 6, 0, 0, 0, 0, 0, 0, 0, 0,
//     2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     3, 5, 6, 4, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     1, 1, 1, 1, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0]
// expect u1 = [1, 2, 0, 2, 0, 4, 1, 3, 0, 0, 1, 0, 0, 2, 1, 4]
// expect u2 = [65]
StructuredBuffer<uint> Text : register(t0);
RWStructuredBuffer<uint> Balanced : register(u1);
RWStructuredBuffer<float> Sum : register(u2);

template<typename T>
struct Stack {
    T items[16];
    uint count;

    void push(T v) { items[count++] = v; }
    T pop() { return items[--count]; }
    bool empty() { return count == 0; }
};

[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
    Stack<uint> s;
    s.count = 0;
    bool ok = true;
    uint depth = 0;
    for (uint j = 0; j < 16; ++j) {
        uint c = Text[i * 16 + j];
        if (c == 0)
            break;
        if ((c & 1) != 0) {
            s.push(c);
            depth = max(depth, s.count);
        } else if (s.empty() || s.pop() + 1 != c) {
            ok = false;
            break;
        }
    }
    ok = ok && s.empty();
    Balanced[i * 2 + 0] = ok ? 1 : 0;
    Balanced[i * 2 + 1] = depth;

    if (i == 0) {
        Stack<float2> points;
        points.count = 0;
        for (int k = 0; k < 6; ++k)
            points.push(float2(k, 10 - k));
        float acc = 0;
        for (int n = 0; !points.empty(); ++n) {
            float2 p = points.pop();
            acc += p.x * n + p.y;
        }
        Sum[0] = acc;
    }
}
