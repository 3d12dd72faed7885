// `min`, `max`, `clamp` and `abs` of constants are integer constant expressions (as DXC
// folds them): array sizes of globals and locals. By hand: max(2, 3) = 3, min(4, 3) = 3,
// clamp(7, 1, 5) = 5, abs(-2) = 2 elements, measured with sizeof (4 bytes each).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[4] = 0
// expect u0 = [3, 3, 5, 2]
// peer-bug glslang: has no `sizeof` ("Reserved word")
RWStructuredBuffer<uint> dst : register(u0);

static const int N = max(2, 3);
static float wide[N];

[numthreads(1, 1, 1)]
void main() {
    int narrow[min(4, N)];
    int clamped[clamp(7, 1, 5)];
    int absolute[abs(-2)];
    dst[0] = sizeof(wide) / 4;
    dst[1] = sizeof(narrow) / 4;
    dst[2] = sizeof(clamped) / 4;
    dst[3] = sizeof(absolute) / 4;
}
