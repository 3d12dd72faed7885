// Local structs and arrays: brace initialisers (flattened ones: initializer_flatten), dynamic
// indexing for reads and writes, arrays of structs, struct assignment copies (value
// semantics), and an array passed to a function by value.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[2] = [2, 1]
// buffer u1 rw uint[9] = 0
// expect u1 = [30, 6, 99, 7, 3, 60, 1, 5, 15]
struct Item {
    uint id;
    uint2 pos;
};
StructuredBuffer<uint> idx : register(t0);
RWStructuredBuffer<uint> dst : register(u1);

uint sum3(uint a[3]) {
    a[0] = 1000;                     // modifies the callee's copy only
    return a[1] + a[2];
}

[numthreads(1, 1, 1)]
void main() {
    uint k = idx[0], j = idx[1];
    uint arr[4] = { 10, 20, 30, 40 };
    dst[0] = arr[k];                 // 30
    Item items[2] = { { 5, uint2(6, 7) }, { 8, uint2(9, 10) } };
    dst[1] = items[j - 1].pos.x;     // 6
    arr[k] = 99;                     // dynamic write
    dst[2] = arr[2];
    Item copy = items[0];
    copy.pos.y = 1234;               // must not change items[0]
    dst[3] = items[0].pos.y;         // 7
    uint grid[2][2] = { { 1, 2 }, { 3, 4 } };
    dst[4] = grid[j][0];             // 3
    uint three[3] = { 10, 20, 40 };
    dst[5] = sum3(three);            // 60
    dst[6] = three[0] == 10 ? 1 : 0; // caller's array untouched
    dst[7] = items[j].id - 3;        // 8 - 3
    uint acc = 0;
    for (uint i = 0; i < 4; ++i) arr[i] = i * k + 1 + (i == 3 ? 8 : 0); // 1,3,5,15
    dst[8] = arr[3];
}
