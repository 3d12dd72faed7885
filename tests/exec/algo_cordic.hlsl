// Fixed-point CORDIC rotation in Q16.16 on signed ints: 16 iterations of arithmetic right
// shifts (int >> keeps the sign), a static const int arctangent table, results through out
// parameters, then signed division and remainder truncating toward zero (y / 1000,
// y % 1000 with negative y) and flags from vector comparisons combined with HLSL 2021's
// select() and abs(). Angles are Q16 radians; x, y approximate 65536 cos and sin.
// Output per angle: x, y, residual angle z, y / 1000, y % 1000, flags (x < 0, y < 0,
// |x| > |y|). Integer-exact.
// Expected values: tests/exec/algo/models.py (cordic; Python's >> is arithmetic too).
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u1 rw int[72] = 0
// peer-bug glslang: no select() (HLSL 2021): "no matching overloaded function found"
// buffer t0 ro int[12] = [0, 16384, -16384, 51472, -51472, 102944, 34315, -90000, 5000, 68629, -68629, 1]
// expect u1 = [65536, 2, 1, 0, 2, 4, 63495, 16216, 1, 16, 216, 4,
//     63499, -16215, -1, -16, -215, 6, 46341, 46342, -1, 46, 342, 0,
//     46343, -46342, -1, -46, -342, 6, 2, 65536, -1, 65, 536, 0,
//     56759, 32769, 0, 32, 769, 4, 12861, -64263, 1, -64, -263, 2,
//     65349, 4992, -1, 4, 992, 4, 32769, 56759, 0, 56, 759, 0,
//     32768, -56759, 0, -56, -759, 2, 65536, 6, -2, 0, 6, 4]
StructuredBuffer<int> Angles : register(t0);
RWStructuredBuffer<int> Out : register(u1);

static const int ATAN_TABLE[16] = {
    51472, 30386, 16055, 8150, 4091, 2047, 1024, 512, 256, 128, 64, 32, 16, 8, 4, 2
};
static const int GAIN = 39797;

void cordic(int angle, out int x, out int y, out int z) {
    x = GAIN;
    y = 0;
    z = angle;
    for (int i = 0; i < 16; ++i) {
        int dx = x >> i;
        int dy = y >> i;
        if (z >= 0) {
            x -= dy;
            y += dx;
            z -= ATAN_TABLE[i];
        } else {
            x += dy;
            y -= dx;
            z += ATAN_TABLE[i];
        }
    }
}

[numthreads(12, 1, 1)]
void main(uint i : SV_GroupIndex) {
    int x, y, z;
    cordic(Angles[i], x, y, z);
    int2 v = int2(x, y);
    int2 bits = select(v < 0, int2(1, 2), int2(0, 0));
    int flags = bits.x | bits.y | (abs(x) > abs(y) ? 4 : 0);
    Out[i * 6 + 0] = x;
    Out[i * 6 + 1] = y;
    Out[i * 6 + 2] = z;
    Out[i * 6 + 3] = y / 1000;
    Out[i * 6 + 4] = y % 1000;
    Out[i * 6 + 5] = flags;
}
