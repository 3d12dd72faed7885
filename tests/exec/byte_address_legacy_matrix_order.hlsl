// `-fspv-use-legacy-buffer-matrix-order`: the matrices a byte-address buffer's templated
// Load/Store reads and writes are row-major (DXC's SPIR-V order before 2023) instead of
// column-major. Load<uint2x3> of words [1..6] gives rows (1, 2, 3) and (4, 5, 6), written
// out row by row: [1, 2, 3, 4, 5, 6] (column-major would give [1, 3, 5, 2, 4, 6]). A struct
// { uint a; uint2x2 m; } at byte 24 (words 7..11) has a = 7 and rows (8, 9), (10, 11). Store
// of uint2x3(1, 2, 3, 4, 5, 6) (rows (1, 2, 3), (4, 5, 6)) writes [1, 2, 3, 4, 5, 6]
// (column-major: [1, 4, 2, 5, 3, 6]).
// exec: -T cs_6_2 -E main -fspv-use-legacy-buffer-matrix-order dispatch 1 1 1
// buffer t0 ro uint[11] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
// buffer u1 rw uint[11] = 0
// buffer u2 rw uint[6] = 0
// expect u1 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
// expect u2 = [1, 2, 3, 4, 5, 6]
// peer-bug glslang: no equivalent of DXC's -fspv-use-legacy-buffer-matrix-order
struct S {
    uint a;
    uint2x2 m;
};

ByteAddressBuffer src : register(t0);
RWStructuredBuffer<uint> o : register(u1);
RWByteAddressBuffer dst : register(u2);

[numthreads(1, 1, 1)]
void main() {
    uint2x3 m = src.Load<uint2x3>(0);
    for (uint r = 0; r < 2; r++) {
        for (uint c = 0; c < 3; c++) {
            o[r * 3 + c] = m[r][c];
        }
    }
    S s = src.Load<S>(24);
    o[6] = s.a;
    o[7] = s.m[0][0];
    o[8] = s.m[0][1];
    o[9] = s.m[1][0];
    o[10] = s.m[1][1];
    dst.Store<uint2x3>(0, uint2x3(1, 2, 3, 4, 5, 6));
}
