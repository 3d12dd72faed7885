// A method of a struct with resource members assigns the object's members (as RTXPT's
// DebugContext::Init does): a data member it writes is written in the caller's object, and a
// resource member it rebinds names the new resource in later calls on that object — also when
// the writing method is called without an object from another method (Reset calls Init) and
// when it writes through `this` or passes the member to an `out` parameter. A copy of the
// object is a separate object.
// c.Init(A, 10): Out = A, Base = 10; Put(0, 1) stores 11 into A[0]; Bump: Base = 11; Put(1, 1)
// stores 12 into A[1]; Reset(B): Init(B, 22); Put(0, 3) stores 25 into B[0]. d = c, then
// d.Init(A, 5): Put(2, 0) stores 5 into A[2], while c still stores 22 + 0 into B[1]. Finally
// c.Load(40) sets Base = 40 through SetTo's `out` parameter: Put(2, 1) stores 41 into B[2].
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[4] = [0, 0, 0, 0]
// buffer u1 rw uint[4] = [0, 0, 0, 0]
// expect u0 = [11, 12, 5, 0]
// expect u1 = [25, 22, 41, 0]
// peer-bug glslang: rejects a `RWStructuredBuffer` struct member ("member type: Expected")
void SetTo(out uint d, uint v) { d = v; }

struct Ctx {
    RWStructuredBuffer<uint> Out;
    uint Base;

    void Init(RWStructuredBuffer<uint> o, uint base) { Out = o; Base = base; }
    void Reset(RWStructuredBuffer<uint> o) { Init(o, Base * 2); }
    void Bump() { this.Base += 1; }
    void Load(uint v) { SetTo(Base, v); }
    void Put(uint i, uint v) { Out[i] = Base + v; }
};

RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);

[numthreads(1, 1, 1)]
void main() {
    Ctx c;
    c.Init(A, 10);
    c.Put(0, 1);
    c.Bump();
    c.Put(1, 1);
    c.Reset(B);
    c.Put(0, 3);
    Ctx d = c;
    d.Init(A, 5);
    d.Put(2, 0);
    c.Put(1, 0);
    c.Load(40);
    c.Put(2, 1);
}
