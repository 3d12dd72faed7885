// Order-independent transparency with per-pixel linked lists, as in OIT compute resolves:
// 16 fragments (thread t → pixel 3t mod 4, depth (7t mod 16) / 16, colour t) allocate nodes
// with the hidden counter of a RWStructuredBuffer<Node> (IncrementCounter), link themselves
// in with InterlockedExchange on a RWByteAddressBuffer of list heads (0xFFFFFFFF ends a
// list), and store their node; after AllMemoryBarrierWithGroupSync the first 4 threads walk
// their pixel's list into a local array (a `[loop]` bounded by 8 with `break` at the end
// marker), insertion-sort it by depth with a struct swap, and composite front to back with
// weights 1/2, 1/4, ... (exact). The node order is the device's, so the nodes are `_`; per
// pixel: count, composite, nearest depth, colours packed 4 bits each (nearest lowest).
// The counter binding is the first free one, 3 (DXC's numbering; append_consume_counters).
// Expected values: tests/exec/mix/models.py (oit_linked_lists).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[4] = 0xFFFFFFFF
// buffer u1 rw uint[48] = 0
// buffer u2 rw float[16] = 0
// buffer u3 rw uint[1] = 0
// expect u0 = _
// expect u1 = _
// expect u2 = [4, 4.25, 0, 18624, 4, 6.8125, 0.0625, 48951, 4, 10.375, 0.125, 9902, 4, 4.9375,
//     0.1875, 40213]
// expect u3 = [16]
// peer-bug glslang: numbers the counter bindings differently (append_consume_counters): IncrementCounter counts in another buffer, so the lists come out wrong
struct Node {
    float depth;
    uint colour;
    uint next;
};

RWByteAddressBuffer Heads : register(u0);
RWStructuredBuffer<Node> Nodes : register(u1);
RWStructuredBuffer<float> Out : register(u2);

static const uint kEnd = 0xFFFFFFFFu;

void swapNodes(inout Node a, inout Node b) {
    Node t = a;
    a = b;
    b = t;
}

[numthreads(16, 1, 1)]
void main(uint t : SV_GroupIndex) {
    uint pixel = (t * 3) % 4;
    Node n;
    n.depth = ((t * 7) % 16) / 16.0f;
    n.colour = t;
    uint node = Nodes.IncrementCounter();
    uint previous;
    Heads.InterlockedExchange(pixel * 4, node, previous);
    n.next = previous;
    Nodes[node] = n;
    AllMemoryBarrierWithGroupSync();

    if (t >= 4)
        return;
    Node list[8];
    uint count = 0;
    uint at = Heads.Load(t * 4);
    [loop]
    for (; count < 8; ++count) {
        if (at == kEnd)
            break;
        list[count] = Nodes[at];
        at = list[count].next;
    }
    for (uint i = 1; i < count; ++i)
        for (uint j = i; j > 0 && list[j].depth < list[j - 1].depth; --j)
            swapNodes(list[j], list[j - 1]);

    float composite = 0;
    float weight = 0.5;
    uint packed = 0;
    for (uint k = 0; k < count; ++k) {
        composite += list[k].colour * weight;
        weight *= 0.5;
        packed |= list[k].colour << (4 * k);
    }
    Out[4 * t + 0] = count;
    Out[4 * t + 1] = composite;
    Out[4 * t + 2] = list[0].depth;
    Out[4 * t + 3] = packed;
}
