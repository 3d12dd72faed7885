// Struct methods and HLSL 2021 operator overloads as small math libraries write them: a Vec2i
// with a static factory (`Vec2i::make`), member `operator+`, `operator*` (by an int),
// `operator[]` and `operator==`, methods that change the object (`scale`, `add`, and `addTwice`
// calling `add`), `this.y`; a Body struct holding a Vec2i and an array of them, whose `step()`
// calls methods on its members; the methods run on local array elements chosen at run time
// (`arr[t % 3].scale(10)` changes that element in place), on a local copy, and on a groupshared
// array element (`gBodies[t].step()`), read by a neighbour after a barrier. Per thread t, by
// hand (arr[i] = (i, -i); t % 3 scaled by 10, (t + 1) % 3 gets (2, 4)):
//   t = 0 and 3: arr = (0,0), (3,3), (2,-2); s = arr[0] + arr[1] * 2 = (6, 6); b.pos = s +
//   vel0 (2,-2) = (8, 4), vel1 = (6, 8); gBodies[t] steps again: pos (10, 2): dot 104.
//   t = 1: arr = (0,0), (10,-10), (4,2); s = (20,-20); pos (24,-18), then (28,-16): 1040.
//   t = 2: arr = (2,4), (1,-1), (20,-20); s = (4, 2); pos (24,-18), then (44,-38): 3380.
// Words: s[0], s[1], (s == arr[0] + arr[1] * 2) + 2 (arr[0] == (0, 0)), b.pos.x, b.vel[1].y,
// gBodies[t].pos.dot2(), the neighbour's vel[1].x (12), arr[(t + 1) % 3].y.
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw int[32] = 0
// expect u0 = [6, 6, 3, 8, 8, 104, 12, 3,  20, -20, 3, 24, 8, 1040, 12, 2,
//     4, 2, 1, 24, 8, 3380, 12, 4,  6, 6, 3, 8, 8, 104, 12, 3]
// peer-bug glslang: no operator overloading or static member functions
RWStructuredBuffer<int> Out : register(u0);

struct Vec2i {
    int x, y;
    static Vec2i make(int a, int b) { Vec2i v; v.x = a; v.y = b; return v; }
    Vec2i operator+(Vec2i o) { return make(x + o.x, y + o.y); }
    Vec2i operator*(int k) { return make(x * k, this.y * k); }
    int operator[](uint i) { return i == 0 ? x : y; }
    bool operator==(Vec2i o) { return x == o.x && y == o.y; }
    void scale(int k) { x *= k; y *= k; }
    void addTwice(Vec2i o) { add(o); add(o); }
    void add(Vec2i o) { x += o.x; y += o.y; }
    int dot2() { return x * x + y * y; }
};

struct Body {
    Vec2i pos;
    Vec2i vel[2];
    void step() {
        pos.add(vel[0]);
        vel[1].scale(2);
    }
};

groupshared Body gBodies[4];

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    Vec2i arr[3];
    for (uint i = 0; i < 3; ++i)
        arr[i] = Vec2i::make(i, -(int)i);
    arr[t % 3].scale(10);
    arr[(t + 1) % 3].addTwice(Vec2i::make(1, 2));
    Vec2i s = arr[0] + arr[1] * 2;
    Body b;
    b.pos = s;
    b.vel[0] = arr[2];
    b.vel[1] = Vec2i::make(3, 4);
    b.step();
    gBodies[t] = b;
    gBodies[t].step();
    GroupMemoryBarrierWithGroupSync();
    uint o = t * 8;
    Out[o + 0] = s[0];
    Out[o + 1] = s[1];
    Out[o + 2] = (s == arr[0] + arr[1] * 2) + (arr[0] == Vec2i::make(0, 0)) * 2;
    Out[o + 3] = b.pos.x;
    Out[o + 4] = b.vel[1].y;
    Out[o + 5] = gBodies[t].pos.dot2();
    Out[o + 6] = gBodies[(t + 1) & 3].vel[1].x;
    Out[o + 7] = arr[(t + 1) % 3].y;
}
