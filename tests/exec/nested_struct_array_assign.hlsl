// Value semantics of nested aggregates: a struct holding an array of structs (each with a
// vector and an array) assigned whole, an element of its array assigned whole, a member
// array assigned from another element's, and a struct read from and written to a
// structured buffer element whole. Writes to a copy never reach the original. By hand from
// Item k = {v = (k, 2k), tags = (k + 1, k + 2)} for k = 0, 1, 2 in a.items:
//   b = a; b.items[1].v.y = 99; b.items[0] = b.items[2]; a.items[2].tags = a.items[0].tags;
//   a.items[1].v.y = 2, b.items[1].v.y = 99, b.items[0].v.x = 2, b.items[0].tags[1] = 4,
//   a.items[2].tags = (1, 2), b.items[2].tags[0] = 3, a.count = 3, b.count = 3;
//   rw[1] = b.items[1] whole (v = (1, 99), tags = (2, 3)); rw[0] = rw[1] with v.x = -5.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int[1] = [3]
// buffer u1 rw int[8] = 0
// buffer u2 rw int[8] = 0
// expect u1 = [2, 99, 2, 4, 1, 2, 3, 3]
// expect u2 = [-5, 99, 2, 3, 1, 99, 2, 3]
struct Item {
    int2 v;
    int tags[2];
};
struct Bag {
    Item items[3];
    int count;
};

StructuredBuffer<int> src : register(t0);
RWStructuredBuffer<int> o : register(u1);
RWStructuredBuffer<Item> rw : register(u2);

[numthreads(1, 1, 1)]
void main() {
    Bag a;
    a.count = src[0];
    for (int k = 0; k < a.count; ++k) {
        a.items[k].v = int2(k, 2 * k);
        a.items[k].tags[0] = k + 1;
        a.items[k].tags[1] = k + 2;
    }
    Bag b = a;
    b.items[1].v.y = 99;
    b.items[0] = b.items[2];
    a.items[2].tags = a.items[0].tags;
    o[0] = a.items[1].v.y;
    o[1] = b.items[1].v.y;
    o[2] = b.items[0].v.x;
    o[3] = b.items[0].tags[1];
    o[4] = a.items[2].tags[0];
    o[5] = a.items[2].tags[1];
    o[6] = b.items[2].tags[0];
    o[7] = b.count;
    rw[1] = b.items[1];
    Item c = rw[1];
    c.v.x = -5;
    rw[0] = c;
}
