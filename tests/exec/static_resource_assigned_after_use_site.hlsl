// A global `static` resource variable assigned in the entry point and used by functions
// defined before the entry point (so analysed before the assignment): each use is the
// resource the variable holds once the whole file is read, as DXC resolves it after
// inlining. `record` writes through `g_out`, `scale` reads through `g_in`; with 8 threads,
// Output[i] = Input[i] * 3 + i for Input = [10, 20, …, 80], derived by hand.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// peer-bug glslang: cannot assign a structured buffer to a `static` resource variable ("could not create assignment")
// buffer t0 ro uint[8] = [10, 20, 30, 40, 50, 60, 70, 80]
// buffer u1 rw uint[8] = 0
// expect u1 = [30, 61, 92, 123, 154, 185, 216, 247]
StructuredBuffer<uint> Input : register(t0);
RWStructuredBuffer<uint> Output : register(u1);

static StructuredBuffer<uint> g_in;
static RWStructuredBuffer<uint> g_out;

uint scale(uint i) {
    return g_in[i] * 3;
}

void record(uint i, uint value) {
    g_out[i] = value + i;
}

[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
    g_in = Input;
    g_out = Output;
    record(i, scale(i));
}
