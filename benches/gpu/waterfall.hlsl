// A scalarization ("waterfall") loop: each lane holds one of 64 keys; the wave takes one key at a
// time (WaveReadLaneFirst) and the lanes holding it hash the wave-uniform key and leave. The
// loop exits only by `break`, the shape to which hlslc's SPIR-V adds a never-taken exit test
// (lowering/src/passes/loop_exit_guard.rs); this kernel measures what that test costs.
StructuredBuffer<uint> keys : register(t0);
RWStructuredBuffer<uint> dst : register(u1);

uint mix(uint h) {
    h ^= h >> 16;
    h *= 0x7feb352d;
    h ^= h >> 15;
    h *= 0x846ca68b;
    h ^= h >> 16;
    return h;
}

[numthreads(256, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint key = keys[id.x];
    uint result = 0;
    while (true) {
        uint k = WaveReadLaneFirst(key);
        if (k == key) {
            uint h = k;
            for (uint i = 0; i < ROUNDS; ++i) h = mix(h + i);
            result = h;
            break;
        }
    }
    dst[id.x] = result;
}
