// Sparse matrix times vector in CSR form, one row per thread: row pointers from a
// StructuredBuffer, column indices packed as two 16-bit values per word in a
// ByteAddressBuffer (Load of the aligned word, shift by 16 for odd entries), values and
// the dense vector from structured buffers, a loop whose trip count differs per thread
// (0..6 non-zeros), InterlockedMax of the row length and InterlockedAdd of the
// non-zero count. Small integers and halves: every sum is exact in any order.
// Expected values: tests/exec/algo/models.py (sparse_matvec).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u4 rw float[16] = 0
// buffer u5 rw uint[2] = 0
// buffer t0 ro uint[17] = [0, 3, 8, 9, 12, 15, 20, 25, 27, 31, 35, 38, 42, 44, 45, 49,
//     51]
// buffer t1 ro uint[26] = [0x0003001F, 0x0013001B, 0x00170006, 0x00190017, 0x00090015, 0x0018001C, 0x001E001E, 0x0013001F,
//     0x00180017, 0x000F0013, 0x001D0013, 0x000E000C, 0x00110006, 0x0016001F, 0x00160005, 0x000A001E,
//     0x00120003, 0x000F001F, 0x00080014, 0x00070015, 0x001C000C, 0x00180015, 0x00130000, 0x00050012,
//     0x000F0003, 0x00000000]
// buffer t2 ro float[51] = [2, -1, -2, -2, -3, 1, 2, 2, 3, 4, -2, -4, -1, 0, 2, -4,
//     -4, -2, 1, 4, 4, -1, 3, 2, -2, -4, 0, 4, -4, 1, -3, 3,
//     3, -1, 3, 0, -2, -1, 0, -4, -4, 4, 0, 1, 2, -4, -3, -2,
//     3, -3, -4]
// buffer t3 ro float[32] = [-2, 1, -0.5, -2.5, 0, -4, -0.5, -1, 3, -4, -1.5, -0.5, -2, 1.5, 1, 1.5,
//     0, -4, 2, -0.5, -1, -3.5, 0, -3, 0, 2, 3.5, -1.5, 3, -2.5, -3, 2.5]
// expect u4 = [10.5, -2.5, -10.5, -22, 8, 19.5, -2.5, 16, 25, -6.5, -1, 24, 0, -4, -3.5, 3.5]
// expect u5 = [5, 51]
StructuredBuffer<uint> RowPtr : register(t0);
ByteAddressBuffer Columns : register(t1);
StructuredBuffer<float> Values : register(t2);
StructuredBuffer<float> X : register(t3);
RWStructuredBuffer<float> Y : register(u4);
RWStructuredBuffer<uint> Stats : register(u5);

uint column(uint k) {
    uint word = Columns.Load((k / 2) * 4);
    return (k & 1) != 0 ? word >> 16 : word & 0xFFFF;
}

[numthreads(16, 1, 1)]
void main(uint row : SV_GroupIndex) {
    uint begin = RowPtr[row], end = RowPtr[row + 1];
    float acc = 0;
    for (uint k = begin; k < end; ++k)
        acc += Values[k] * X[column(k)];
    Y[row] = acc;
    InterlockedMax(Stats[0], end - begin);
    InterlockedAdd(Stats[1], end - begin);
}
