// `static` globals: initialised once per invocation, modified by functions and visible
// to later calls; `static const` lookup tables indexed dynamically; a global without
// `static` would be a cbuffer member, so this kernel only uses static ones.
// Each of 4 threads: counter starts at 5, add_to_counter(tid) twice → 5 + 2 tid;
// table[tid] with table = {2, 3, 5, 7}.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint[8] = 0
// expect u1 = [5, 2, 7, 3, 9, 5, 11, 7]
RWStructuredBuffer<uint> dst : register(u1);

static uint counter = 5;
static const uint table[4] = { 2, 3, 5, 7 };

void add_to_counter(uint v) { counter += v; }

[numthreads(4, 1, 1)]
void main(uint3 tid : SV_GroupThreadID) {
    add_to_counter(tid.x);
    add_to_counter(tid.x);
    dst[2 * tid.x] = counter;
    dst[2 * tid.x + 1] = table[tid.x];
}
