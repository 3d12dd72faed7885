// Resolves a sampler-feedback map written by hlslc to D3D's decoded form, one byte per mip
// region, as ID3D12GraphicsCommandList1::ResolveSubresourceRegion(DECODE_SAMPLER_FEEDBACK)
// does. Compile with:
//   cargo run --release -- -T cs_6_0 -E decode_min_mip examples/shaders/feedback_decode.hlsl
//   cargo run --release -- -T cs_6_0 -E decode_mip_region_used examples/shaders/feedback_decode.hlsl
//
// The map (bound here read-only, after the writes finished) is the storage buffer hlslc binds
// for a FeedbackTexture2D[Array]: a grid of GW x GH = ceil(W / RW) x ceil(H / RH) slots per
// slice, two words per slot (mips 0-7, mips 8-15), four bits per mip: 1 this region was read,
// 2 and its +x neighbour, 4 its +y neighbour, 8 its +x+y neighbour. Mip l has its own grid of
// max(GW >> l, 1) x max(GH >> l, 1) regions; region (x, y) of mip l lives in slot (x, y).
//
// Outputs, bytes packed four to a word (little-endian), one thread per word:
// - decode_min_mip (SAMPLER_FEEDBACK_MIN_MIP): GW x GH bytes per slice, row-major; each is
//   the most detailed mip read in that region of mip 0, counting a coarser mip's region
//   when it lies over the centre of the mip-0 region, or 0xFF when no mip was read there.
// - decode_mip_region_used (SAMPLER_FEEDBACK_MIP_REGION_USED): per slice, per mip, that mip's
//   regions row-major; 0xFF where the region was read, 0 elsewhere.

cbuffer Decode : register(b0)
{
    uint2 regionSize;   // RW, RH: the map's mip region size in texels
    uint2 textureSize;  // W, H: the paired texture's size (mip 0)
    uint slices;        // array slices (1 for FeedbackTexture2D)
    uint mips;          // the paired texture's mip count (at most 15)
};
ByteAddressBuffer feedback : register(t0);
RWByteAddressBuffer decoded : register(u0);

static const uint SELF = 1;
static const uint NEXT_X = 2;
static const uint NEXT_Y = 4;
static const uint NEXT_XY = 8;

uint2 slotGrid()
{
    uint2 r = max(regionSize, 1);
    return (textureSize + r - 1) / r;
}

uint2 mipGrid(uint mip)
{
    return max(slotGrid() >> mip, 1);
}

// The four bits of `mip` in slot (x, y) of `slice`.
uint mipBits(uint slice, uint2 slot, uint mip)
{
    uint2 grid = slotGrid();
    uint index = ((slice * grid.y + slot.y) * grid.x + slot.x) * 2 + (mip >> 3);
    return (feedback.Load(index * 4) >> (4 * (mip & 7))) & 15;
}

// Whether region `r` of `mip` was read: its own bit, or a neighbour's footprint reaching it.
bool regionUsed(uint slice, uint mip, uint2 r)
{
    if (mipBits(slice, r, mip) & SELF)
        return true;
    if (r.x > 0 && (mipBits(slice, uint2(r.x - 1, r.y), mip) & NEXT_X))
        return true;
    if (r.y > 0 && (mipBits(slice, uint2(r.x, r.y - 1), mip) & NEXT_Y))
        return true;
    return r.x > 0 && r.y > 0 && (mipBits(slice, r - 1, mip) & NEXT_XY);
}

uint minMipByte(uint byteIndex)
{
    uint2 grid = slotGrid();
    uint perSlice = grid.x * grid.y;
    uint slice = byteIndex / perSlice;
    uint inSlice = byteIndex % perSlice;
    uint2 r0 = uint2(inSlice % grid.x, inSlice / grid.x);
    for (uint mip = 0; mip < mips; mip++) {
        // The region of this mip over the centre of mip-0 region r0.
        uint2 r = (2 * r0 + 1) * mipGrid(mip) / (2 * grid);
        if (regionUsed(slice, mip, r))
            return mip;
    }
    return 0xFF;
}

uint mipRegionUsedByte(uint byteIndex)
{
    uint perSlice = 0;
    for (uint m = 0; m < mips; m++) {
        uint2 g = mipGrid(m);
        perSlice += g.x * g.y;
    }
    uint slice = byteIndex / perSlice;
    uint rest = byteIndex % perSlice;
    for (uint mip = 0; mip < mips; mip++) {
        uint2 g = mipGrid(mip);
        if (rest < g.x * g.y)
            return regionUsed(slice, mip, uint2(rest % g.x, rest / g.x)) ? 0xFF : 0;
        rest -= g.x * g.y;
    }
    return 0;
}

[numthreads(64, 1, 1)]
void decode_min_mip(uint3 id : SV_DispatchThreadID)
{
    uint2 grid = slotGrid();
    uint total = grid.x * grid.y * slices;
    if (id.x * 4 >= total)
        return;
    uint word = 0;
    for (uint i = 0; i < 4; i++) {
        uint b = id.x * 4 + i;
        if (b < total)
            word |= minMipByte(b) << (8 * i);
    }
    decoded.Store(id.x * 4, word);
}

[numthreads(64, 1, 1)]
void decode_mip_region_used(uint3 id : SV_DispatchThreadID)
{
    uint perSlice = 0;
    for (uint m = 0; m < mips; m++) {
        uint2 g = mipGrid(m);
        perSlice += g.x * g.y;
    }
    uint total = perSlice * slices;
    if (id.x * 4 >= total)
        return;
    uint word = 0;
    for (uint i = 0; i < 4; i++) {
        uint b = id.x * 4 + i;
        if (b < total)
            word |= mipRegionUsedByte(b) << (8 * i);
    }
    decoded.Store(id.x * 4, word);
}
