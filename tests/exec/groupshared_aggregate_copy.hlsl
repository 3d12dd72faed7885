// Whole structs and arrays copied between buffers, locals and groupshared memory. naga gives
// every array and struct type an explicit layout, which Vulkan forbids in workgroup memory,
// so hlslc's SPIR-V declares layout-free twins of the groupshared types and converts each
// value that crosses (member by member before SPIR-V 1.4): this kernel moves every shape
// through that boundary and back.
// Thread i (4 threads) copies item i of `items` into `tile[3 - i]` whole; after the barrier
// it reads `tile[i]` whole (item 3 - i) and writes it out whole to `o[i]`, then its `c` array
// alone from a whole-array copy of the tile's element to `pairs`. Item k holds
// a = 10k + 1, b = (10k + 2, 10k + 3), c = (10k + 4, 10k + 5). A whole groupshared array
// `lanes` is copied into a local array and summed by thread 0: sum of 4 * i + 1 over i < 4 = 28.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[20] = [1, 2, 3, 4, 5,  11, 12, 13, 14, 15,  21, 22, 23, 24, 25,  31, 32, 33, 34, 35]
// buffer u1 rw uint[20] = 0
// buffer u2 rw uint[8] = 0
// buffer u3 rw uint[1] = 0
// expect u1 = [31, 32, 33, 34, 35,  21, 22, 23, 24, 25,  11, 12, 13, 14, 15,  1, 2, 3, 4, 5]
// expect u2 = [34, 35, 24, 25, 14, 15, 4, 5]
// expect u3 = [28]
// peer-bug glslang: lays `Item` out with std430 rules (the uint2 at offset 8, a 24-byte stride), not D3D's tight structured-buffer layout (b at 4, stride 20)
struct Item {
    uint a;
    uint2 b;
    uint c[2];
};

StructuredBuffer<Item> items : register(t0);
RWStructuredBuffer<Item> o : register(u1);
RWStructuredBuffer<uint2> pairs : register(u2);
RWStructuredBuffer<uint> total : register(u3);

groupshared Item tile[4];
groupshared uint lanes[4];

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
    tile[3 - i] = items[i];
    lanes[i] = 4 * i + 1;
    GroupMemoryBarrierWithGroupSync();
    Item mine = tile[i];
    o[i] = mine;
    uint c[2] = tile[i].c;
    pairs[i] = uint2(c[0], c[1]);
    if (i == 0) {
        uint copy[4] = lanes;
        total[0] = copy[0] + copy[1] + copy[2] + copy[3];
    }
}
