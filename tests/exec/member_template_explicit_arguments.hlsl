// Member function templates called with explicit template arguments after `.`: a value
// argument (`c.scaled<3>()` = 7 * 3, `c.scaled<5>()` = 7 * 5) and a type argument
// (`c.as<float>()` = 7.0, 0x40E00000 as bits); `c.base < 3 > 0` on a data member stays two
// comparisons: (7 < 3) = 0, then 0 > 0 = false.
// exec: -T cs_6_6 -E main dispatch 1 1 1
// buffer t0 ro uint[1] = [7]
// buffer u1 rw uint[4] = 0
// expect u1 = [21, 35, 0x40E00000, 0]
// peer-bug glslang: has no templates (HLSL 2021), "template: Reserved word"
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> dst : register(u1);

struct Counter {
    uint base;
    template<uint N> uint scaled() { return base * N; }
    template<typename T> T as() { return (T)base; }
};

[numthreads(1, 1, 1)]
void main() {
    Counter c;
    c.base = src[0];
    dst[0] = c.scaled<3>();
    dst[1] = c.scaled<5>();
    dst[2] = asuint(c.as<float>());
    dst[3] = c.base < 3 > 0;
}
