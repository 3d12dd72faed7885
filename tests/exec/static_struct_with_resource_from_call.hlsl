// A `static` struct with a resource and data initialised by a call (`static Pointer gp =
// Make(k);`): the call's result goes into a hidden `static`, whose initializer must run before
// the one of `gp`'s data member reading it (it ran after, so `gp.offset` read 0). With
// a = [10, 20, 30, 40] and k = 2 (cbuffer): gp = { a, offset 4 k = 8 } → word 2 = 30; a second
// call `Make(k + 1)` in another static gives offset 12 → 40.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[4] = [10, 20, 30, 40]
// cbuffer b1 = u32 [2]
// buffer u2 rw uint[2] = 0
// expect u2 = [30, 40]
// peer-bug glslang: rejects a `static` struct holding a resource initialised by a call ("could not create assignment")
ByteAddressBuffer a : register(t0);
cbuffer Constants : register(b1) { uint k; };
RWByteAddressBuffer output : register(u2);

struct Pointer {
    ByteAddressBuffer buffer;
    uint offset;
};

Pointer Make(uint i) {
    Pointer p;
    p.buffer = a;
    p.offset = 4 * i;
    return p;
}

static Pointer gp = Make(k);
static Pointer next = Make(k + 1);

[numthreads(1, 1, 1)]
void main() {
    output.Store(0, gp.buffer.Load(gp.offset));
    output.Store(4, next.buffer.Load(next.offset));
}
