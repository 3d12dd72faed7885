// A method called on a `ConstantBuffer<S>` is the method of its `S` value, run on a copy
// (constant buffers are read-only), as DXC does. Expected by hand from a = 3, b = 4:
// sum() = 7, scaled(10) = 3 * 10 + 4 = 34.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = u32 [3, 4]
// buffer u1 rw uint[2] = 0
// expect u1 = [7, 34]
// peer-bug glslang: finds no method on a ConstantBuffer ("no matching overloaded function found")
struct Pair {
    uint a;
    uint b;
    uint sum() { return a + b; }
    uint scaled(uint k) { return a * k + b; }
};

ConstantBuffer<Pair> pair : register(b0);
RWStructuredBuffer<uint> output : register(u1);

[numthreads(1, 1, 1)]
void main() {
    output[0] = pair.sum();
    output[1] = pair.scaled(10);
}
