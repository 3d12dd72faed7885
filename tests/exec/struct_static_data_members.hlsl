// Static data members of a struct (DXC's CodeGenSPIRV/oo.struct.static.member.hlsl: declared
// in the struct, defined outside as `float4 T::M = …;`, one Private variable each): one
// variable shared by every instance, reached as `T::M` and through an instance, written by
// methods; not part of the struct's layout (sizeof and a structured buffer's stride count
// `own` only). By hand: total starts at 10, step is 3, table = {1, 2, 3}:
//   a.add(); b.add(); → total 16, a.own 1, b.own 1 | o0 Counter::get() = 16 | o1 a.total = 16
//   o2 a.own + b.own = 2 | o3 sizeof(Counter) = 4 | o4 Counter::table[2] * 10 + b.table[0] = 31
//   o5 after `Counter::total = 40; a.total += 2;` → 42 | cs[1].own = 7 through a
//   RWStructuredBuffer<Counter> (stride 4): u1 = [5, 7]
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw uint[6] = 0
// buffer u1 rw uint[2] = [5, 0]
// expect u0 = [16, 16, 2, 4, 31, 42]
// expect u1 = [5, 7]
// peer-bug glslang: does not compile: a static member function reading a static data member is
//   refused ("cannot access member variables")
// peer-bug slang: does not compile: no out-of-line definitions `uint Counter::total = 10;`
RWStructuredBuffer<uint> o : register(u0);

struct Counter {
    static uint total;
    static const uint step;
    static uint table[3];
    uint own;
    void add() {
        total += step;
        own += 1;
    }
    static uint get() { return total; }
};

uint Counter::total = 10;
const uint Counter::step = 3;
uint Counter::table[3] = { 1, 2, 3 };

RWStructuredBuffer<Counter> cs : register(u1);

[numthreads(1, 1, 1)]
void main() {
    Counter a, b;
    a.own = 0;
    b.own = 0;
    a.add();
    b.add();
    o[0] = Counter::get();
    o[1] = a.total;
    o[2] = a.own + b.own;
    o[3] = sizeof(Counter);
    o[4] = Counter::table[2] * 10 + b.table[0];
    Counter::total = 40;
    a.total += 2;
    o[5] = Counter::total;
    cs[1].own = 7;
}
