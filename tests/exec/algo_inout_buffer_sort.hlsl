// In-place selection sort of four 8-int segments of a RWStructuredBuffer, one thread per
// segment, swapping buffer elements through a helper with two inout parameters (copy-in /
// copy-out of Data[i] and Data[j]) and counting swaps with a function-static local;
// then a swizzled store into a struct member of another buffer (Items[s].v.zx = ...), a
// compound assignment to one component (Items[s].v.y += s, Items[s].tag += swaps), a
// signed/unsigned comparison (int < uint compares as uint in HLSL, so a negative value
// is not less than 5u) and stores through a post-incremented index.
// Expected values: tests/exec/algo/models.py (inout_buffer_sort).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u2 rw uint[16] = 0
// peer-bug glslang: std430 stride for Item (int4 first, so 16-aligned): 32, not D3D's 20 (see structured_vec3_stride)
// buffer u0 rw int[32] = [-1, -45, 7, 5, 24, -28, 17, -31, -29, -41, -45, 33, -43, -23, -9, -35,
//     31, -4, -44, 37, -32, 30, 18, -22, 49, 39, -31, -13, 48, -47, 46, 36]
// buffer u1 rw = i32 [0, 0, 0, 7] u32 [160] i32 [1, 10, -1, 7] u32 [161] i32 [2, 20, -2, 7] u32 [162] i32 [3, 30,
//     -3, 7] u32 [163]
// expect u0 = [-45, -31, -28, -1, 5, 7, 17, 24, -45, -43, -41, -35, -29, -23, -9, 33,
//     -44, -32, -22, -4, 18, 30, 31, 37, -47, -31, -13, 36, 39, 46, 48, 49]
// expect u1 = i32 [24, 0, -45, 7] u32 [165] i32 [33, 11, -45, 7] u32 [165] i32 [37, 22, -44, 7] u32 [168] i32 [49,
//     33, -47, 7] u32 [170]
// expect u2 = [5, 0, 4, 1, 4, 0, 7, 3, 6, 0, 4, 5, 7, 0, 3, 7]
struct Item {
    int4 v;
    uint tag;
};

RWStructuredBuffer<int> Data : register(u0);
RWStructuredBuffer<Item> Items : register(u1);
RWStructuredBuffer<uint> Log : register(u2);

void swapInts(inout int a, inout int b) {
    int t = a;
    a = b;
    b = t;
}

uint bump() {
    static uint calls = 0;
    return ++calls;
}

[numthreads(4, 1, 1)]
void main(uint seg : SV_GroupIndex) {
    uint base = seg * 8;
    for (uint i = 0; i < 8; ++i) {
        uint best = i;
        for (uint j = i + 1; j < 8; ++j) {
            if (Data[base + j] < Data[base + best])
                best = j;
        }
        if (best != i) {
            swapInts(Data[base + i], Data[base + best]);
            bump();
        }
    }
    uint swaps = bump() - 1;
    int lowest = min(Data[base], -1);
    uint mixed = lowest < 5u ? 1 : 0;
    uint negatives = 0;
    for (uint k = 0; k < 8; ++k)
        negatives += Data[base + k] < 0 ? 1 : 0;

    Items[seg].v.zx = int2(Data[base], Data[base + 7]);
    Items[seg].v.y += seg;
    Items[seg].tag += swaps;

    uint n = seg * 4;
    Log[n++] = swaps;
    Log[n++] = mixed;
    Log[n++] = negatives;
    Log[n] = n - 2 * seg - 2;
}
