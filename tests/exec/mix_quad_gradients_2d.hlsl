// A height-field pass in compute with 2-D thread groups, using quads the way pixel shaders
// use ddx/ddy: a quad is the 2x2 block of SV_GroupThreadID (lane (x & 1) + 2 (y & 1), SM 6.6).
// Each thread of one 8x8 group reads h = Height[y][x] and computes coarse differences with
// QuadReadAcrossX/Y (dx = right - left, dy = bottom - top, the same for both threads of a
// pair), the diagonal neighbour through QuadReadAcrossDiagonal, and the quad's maximum with
// its lane through a loop over QuadReadLaneAt(h, k) (ties keep the thread's own lane, since
// only a larger value replaces it). Integer semantics on the negative differences: dx / 2
// truncates toward zero, dx >> 1 is arithmetic (floor), dy % 3 takes the dividend's sign.
// Eight ints per thread: dx, dy, dx / 2, dx >> 1, dy % 3, (qmax << 2) | lane, hd - h, and
// hx + hy + hd - 3h. h(x, y) = ((37x + 91y) % 29) - 14 + ((x ^ y) & 4 ? x y : -(x + y)).
// Expected values: tests/exec/mix/models.py (quad_gradients_2d).
// requires subgroup
// exec: -T cs_6_6 -E main dispatch 1 1 1
// buffer t0 ro int[64] = [-14, -7, 0, 7, -11, -3, 5, 13, -11, -4, 3, 10, -3, 6, 15, -5,
//     -8, -1, 6, -16, 5, 15, 25, 6, -5, 2, 9, -13, 13, 24, 6, 17, 2, 14, -3, 9, -3, 4, -18, -11,
//     6, 19, 3, 16, 0, -22, -15, -8, 10, -5, 9, 23, 3, -19, -12, -5, 14, 0, 15, 30, -23, -16, -9, -2]
// buffer u1 rw int[512] = 0
// expect u1 = [7, 3, 3, 3, 0, -13, 10, 20, 7, 3, 3, 3, 0, -13, -4, -8, 7, 3, 3, 3, 0, 43, 10, 20,
//     7, 3, 3, 3, 0, 43, -4, -8, 8, 8, 4, 4, 2, 27, 17, 33, 8, 9, 4, 4, 0, 27, 0, 1, 8, 10, 4, 4,
//     1, 62, -10, 8, 8, -18, 4, 4, 0, 62, 2, -24, 7, 3, 3, 3, 0, -13, 4, 8, 7, 3, 3, 3, 0, -13,
//     -10, -20, 7, 3, 3, 3, 0, 43, 4, 8, 7, 3, 3, 3, 0, 43, -10, -20, 9, 8, 4, 4, 2, 27, 0, 1, 9,
//     9, 4, 4, 0, 27, -17, -35, -20, 10, -10, -10, 1, 62, -2, -32, -20, -18, -10, -10, 0, 62, 10,
//     48, 7, 3, 3, 3, 0, 11, 10, 20, 7, 3, 3, 3, 0, 11, -4, -8, -22, 3, -11, -11, 0, 38, -19, -38,
//     -22, 3, -11, -11, 0, 38, 25, 50, 10, 8, 5, 5, 2, 99, 19, 37, 10, 9, 5, 5, 0, 99, -2, -3, -19,
//     -19, -9, -10, -1, 100, -8, -46, -19, 11, -9, -10, 2, 100, 0, 30, 7, 3, 3, 3, 0, 11, 4, 8, 7,
//     3, 3, 3, 0, 11, -10, -20, -22, 3, -11, -11, 0, 38, -25, -50, -22, 3, -11, -11, 0, 38, 19, 38,
//     11, 8, 5, 5, 2, 99, 2, 5, 11, 9, 5, 5, 0, 99, -19, -39, 11, -19, 5, 5, -1, 100, 0, 30, 11,
//     11, 5, 5, 2, 100, 8, -14, 12, 4, 6, 6, 1, 79, 17, 33, 12, 5, 6, 6, 2, 79, -8, -15, 12, 6, 6,
//     6, 0, 67, 19, 37, 12, 7, 6, 6, 1, 67, -6, -11, 7, 3, 3, 3, 0, 17, -19, -9, 7, -26, 3, 3, -2,
//     17, -4, -37, 7, 3, 3, 3, 0, -29, 10, 20, 7, 3, 3, 3, 0, -29, -4, -8, 13, 4, 6, 6, 1, 79, 8,
//     17, 13, 5, 6, 6, 2, 79, -17, -35, 13, 6, 6, 6, 0, 67, 6, 13, 13, 7, 6, 6, 1, 67, -19, -39,
//     -22, 3, -11, -11, 0, 17, 4, -21, -22, -26, -11, -11, -2, 17, 19, 67, 7, 3, 3, 3, 0, -29, 4,
//     8, 7, 3, 3, 3, 0, -29, -10, -20, -15, 4, -7, -8, 1, 58, -10, -21, -15, 5, -7, -8, 2, 58, 19,
//     39, 14, 6, 7, 7, 0, 123, 21, 41, 14, 7, 7, 7, 1, 123, -8, -15, -22, -26, -11, -11, -2, 12,
//     -19, -67, -22, 3, -11, -11, 0, 12, -4, 21, 7, 3, 3, 3, 0, -5, 10, 20, 7, 3, 3, 3, 0, -5, -4,
//     -8, -14, 4, -7, -7, 1, 58, -19, -37, -14, 5, -7, -7, 2, 58, 10, 19, 15, 6, 7, 7, 0, 123, 8,
//     17, 15, 7, 7, 7, 1, 123, -21, -43, 7, -26, 3, 3, -2, 12, 4, 37, 7, 3, 3, 3, 0, 12, 19, 9, 7,
//     3, 3, 3, 0, -5, 4, 8, 7, 3, 3, 3, 0, -5, -10, -20]
// peer-bug glslang: QuadReadLaneAt with a loop counter as the lane → OpGroupNonUniformQuadBroadcast with a non-constant index, which SPIR-V 1.3 forbids
StructuredBuffer<int> Height : register(t0);
RWStructuredBuffer<int> Out : register(u1);

[numthreads(8, 8, 1)]
void main(uint3 id : SV_GroupThreadID) {
    int h = Height[id.y * 8 + id.x];
    int hx = QuadReadAcrossX(h);
    int hy = QuadReadAcrossY(h);
    int hd = QuadReadAcrossDiagonal(h);
    int dx = (id.x & 1) ? h - hx : hx - h;
    int dy = (id.y & 1) ? h - hy : hy - h;

    int qmax = h;
    uint arg = (id.x & 1) + 2 * (id.y & 1);
    for (uint k = 0; k < 4; ++k) {
        int v = QuadReadLaneAt(h, k);
        if (v > qmax) {
            qmax = v;
            arg = k;
        }
    }

    uint o = (id.y * 8 + id.x) * 8;
    Out[o + 0] = dx;
    Out[o + 1] = dy;
    Out[o + 2] = dx / 2;
    Out[o + 3] = dx >> 1;
    Out[o + 4] = dy % 3;
    Out[o + 5] = (qmax << 2) | (int)arg;
    Out[o + 6] = hd - h;
    Out[o + 7] = hx + hy + hd - 3 * h;
}
