// Interlocked operations on single elements of matrices in a structured buffer, where the
// element is gathered from the buffer's words: a component of a one-column matrix's row
// (`m[r].x`, the row being one scalar), a one-element swizzle (`m._m00`, `m._22`) and a
// component of a two-column row (`m[1].y`). 32 threads; derived by hand, with the buffer's
// column-major matrices laid out column after column (uint2x1: rows 0, 1; uint2x2: [0][0],
// [1][0], [0][1], [1][1]):
// - Cols[0] = (10; 20): `_m00` keeps the largest index, max(10, 31) = 31; `[1].x` gets one
//   bit per thread OR-ed into 20 (all ones);
// - Cols[1] = (30; 40): `[1].x` counts the threads, 40 + 32 = 72; row 0 stays 30;
// - Grid[0] = (1, 2; 3, 4), words [1, 3, 2, 4]: `[1].y` ([1][1], word 3) adds 2 per thread,
//   4 + 64 = 68; `_22` (one-based, also [1][1]) adds 1 per thread, 68 + 32 = 100; `_m01`
//   ([0][1], word 2) keeps the smallest index, min(2, 0) = 0.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// peer-bug glslang: types a one-column matrix row as a one-component vector (`OpTypeVector %uint 1`, invalid SPIR-V)
// buffer u0 rw uint[4] = [10, 20, 30, 40]
// buffer u1 rw uint[4] = [1, 3, 2, 4]
// expect u0 = [31, 4294967295, 30, 72]
// expect u1 = [1, 3, 0, 100]
RWStructuredBuffer<uint2x1> Cols : register(u0);
RWStructuredBuffer<uint2x2> Grid : register(u1);

[numthreads(32, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    InterlockedMax(Cols[0]._m00, gi);
    InterlockedOr(Cols[0][1].x, 1u << gi);
    InterlockedAdd(Cols[1][1].x, 1);
    InterlockedAdd(Grid[0][1].y, 2);
    InterlockedAdd(Grid[0]._22, 1);
    InterlockedMin(Grid[0]._m01, gi);
}
