// A method called on an element of a read-only buffer (`src[i].load()`, as Wicked Engine's
// DDGI shaders do) acts on a copy of the element: `this` cannot be written back to a
// `StructuredBuffer`, and hlslc used to emit that write (an invalid naga module). A method
// that changes `this` changes only the copy. Expected by hand: src = [{1, 2}, {3, 4}]:
// src[1].sum() = 7; src[0].bumped() = (a + 1) + b = 4, and src[0] stays {1, 2} (sum 3).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[4] = [1, 2, 3, 4]
// buffer u1 rw uint[3] = 0
// expect u1 = [7, 4, 3]
// peer-bug glslang: passes the buffer element itself as the method's `this` pointer, invalid SPIR-V (OpFunctionCall argument type mismatch)
struct P {
    uint a;
    uint b;
    uint sum() { return a + b; }
    uint bumped() { a += 1; return sum(); }
};

StructuredBuffer<P> Src : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

[numthreads(1, 1, 1)]
void main() {
    Out[0] = Src[1].sum();
    Out[1] = Src[0].bumped();
    Out[2] = Src[0].sum();
}
