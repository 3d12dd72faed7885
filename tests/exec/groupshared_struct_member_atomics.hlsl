// Interlocked operations on members of a groupshared struct (hlslc types the whole variable
// atomic member by member): 64 threads each set one bit of two mask words and take the min
// and max of their index; thread 0 then copies the whole struct out. Derived by hand: both
// words all ones, min 0, max 63, and the float member's bits of 1.0 (0x3f800000).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[5] = 0
// expect u0 = [4294967295, 4294967295, 0, 63, 1065353216]
struct TileMask {
    uint Masks[2];
    float Depth;
    uint2 Bounds;
};
groupshared TileMask Tile;
RWStructuredBuffer<uint> Output : register(u0);

[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    if (gi == 0) {
        Tile.Masks[0] = 0;
        Tile.Masks[1] = 0;
        Tile.Depth = 1.0f;
        Tile.Bounds = uint2(0xffffffff, 0);
    }
    GroupMemoryBarrierWithGroupSync();
    InterlockedOr(Tile.Masks[gi / 32], 1u << (gi % 32));
    InterlockedMin(Tile.Bounds.x, gi);
    InterlockedMax(Tile.Bounds.y, gi);
    GroupMemoryBarrierWithGroupSync();
    if (gi == 0) {
        TileMask copy = Tile;
        Output[0] = copy.Masks[0];
        Output[1] = copy.Masks[1];
        Output[2] = copy.Bounds.x;
        Output[3] = copy.Bounds.y;
        Output[4] = asuint(copy.Depth);
    }
}
