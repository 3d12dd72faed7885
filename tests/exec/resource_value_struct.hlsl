// Structs with resource members (DXC's legalization): hlslc splits them into the resources,
// bound at compile time, and variables for the data members. Checks a brace-initialised
// struct of two buffers, a copy whose member is then rebound (the original keeps its
// buffer), a struct mixing a buffer with data (`+=` on a data member, an array member)
// passed to a helper function by value, a struct nested in another, an array of such
// structs, and a whole-struct assignment. Expected values by hand from a = [1, 2, 3, 4],
// b = [10, 20, 30, 40] and k = 1 (a run-time index):
// o[0] = a[1] + b[1] = 22; o[1] = q.first[1] + q.second[0] = b[1] + b[0] = 30;
// o[2] = a[1]*4 + 7 = 15 (s = {a, 3+1, {5, 7}}); o[3] = b[1]*4 + 9 = 89 (t = s, t.buf = b,
// t.offsets[1] = 9); o[4] = b[2]*4 + 9 + 1000 = 1129; o[5] = b[3] + a[3]*4 = 56;
// o[6] = b[3] + b[2] = 70 (r = q); o[7] = 5 + 9 = 14.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[4] = [1, 2, 3, 4]
// buffer t1 ro uint[4] = [10, 20, 30, 40]
// buffer u2 rw uint[8] = 0
// expect u2 = [22, 30, 15, 89, 1129, 56, 70, 14]
// peer-bug glslang: rejects assigning a resource to a struct member (`q.first = b;`: "could not create assignment")
StructuredBuffer<uint> a : register(t0);
StructuredBuffer<uint> b : register(t1);
RWStructuredBuffer<uint> o : register(u2);

struct Pair {
    StructuredBuffer<uint> first;
    StructuredBuffer<uint> second;
};

struct Scaled {
    StructuredBuffer<uint> buf;
    uint scale;
    uint offsets[2];
};

struct Nested {
    Scaled inner;
    uint bias;
};

uint sample_scaled(Scaled s, uint i) { return s.buf[i] * s.scale + s.offsets[1]; }

uint sample_nested(Nested n, uint i) { return sample_scaled(n.inner, i) + n.bias; }

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint k = id.x + 1;
    Pair p = { a, b };
    Pair q = p;
    q.first = b;
    o[0] = p.first[k] + p.second[k];
    o[1] = q.first[k] + q.second[0];
    Scaled s = { a, 3, { 5, 7 } };
    s.scale += 1;
    Scaled t = s;
    t.buf = b;
    t.offsets[1] = 9;
    o[2] = sample_scaled(s, k);
    o[3] = sample_scaled(t, k);
    Nested n = { t, 1000 };
    o[4] = sample_nested(n, 2);
    Scaled arr[2] = { s, t };
    o[5] = arr[1].buf[3] + arr[0].buf[3] * arr[0].scale;
    Pair r;
    r.first = a;
    r.second = a;
    r = q;
    o[6] = r.first[3] + r.second[2];
    o[7] = s.offsets[0] + t.offsets[1];
}
