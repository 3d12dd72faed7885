// A method of a struct with resource members calls another of its methods without an object
// (`Set(other.Get() * scale)`, as RTXPT's LightFeedbackReservoir::CloneFrom does): the call
// is on the caller's own `this`, so it writes the caller's buffer at the caller's index.
// a = {A, 0}, b = {B, 1}: a.CloneFrom(b, 2) stores B[1] * 2 = 20 into A[0]; b.CloneFrom(a, 3)
// then stores A[0] * 3 = 60 into B[1]. Unwritten elements keep their values.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float[2] = [1, 2]
// buffer u1 rw float[2] = [5, 10]
// expect u0 = [20, 2]
// expect u1 = [5, 60]
// peer-bug glslang: rejects a `RWStructuredBuffer` struct member ("member type: Expected")
struct Reservoir {
    uint Index;
    RWStructuredBuffer<float> Values;

    static Reservoir make(uint index, RWStructuredBuffer<float> values) {
        Reservoir r;
        r.Index = index;
        r.Values = values;
        return r;
    }
    float Get() { return Values[Index]; }
    void Set(float v) { Values[Index] = v; }
    void CloneFrom(Reservoir other, float scale) { Set(other.Get() * scale); }
};

RWStructuredBuffer<float> A : register(u0);
RWStructuredBuffer<float> B : register(u1);

[numthreads(1, 1, 1)]
void main() {
    Reservoir a = Reservoir::make(0, A);
    Reservoir b = Reservoir::make(1, B);
    a.CloneFrom(b, 2);
    b.CloneFrom(a, 3);
}
