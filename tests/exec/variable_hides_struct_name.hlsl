// A global variable may share its name with a struct type, as in C++ (the variable hides the
// type from then on): D3D12 samples declare `ConstantBuffer<Constants> Constants;` and
// `StructuredBuffer<MeshInfo> MeshInfo;`, then index and access members through the name.
// A function parameter may hide a type inside its body too. Expected values by hand:
// Constants.scale = 3, bias = 10; MeshInfo[i] = {count = i + 1, offset = 100 * i}.
// out[i] = MeshInfo[i].count * scale + MeshInfo[i].offset + bias; out[4] = Mix(p) + Mix(q) = (7 + 2) + (1 + 1).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = u32 [3, 10]
// buffer t1 ro uint[8] = [1, 0, 2, 100, 3, 200, 4, 300]
// buffer u2 rw uint[5] = 0
// expect u2 = [13, 116, 219, 322, 11]
// peer-bug glslang: rejects a constant buffer named like its struct ("block instance name redefinition")
struct Constants { uint scale; uint bias; };
struct MeshInfo { uint count; uint offset; };
struct Pair { uint a; uint b; };

ConstantBuffer<Constants> Constants : register(b0);
StructuredBuffer<MeshInfo> MeshInfo : register(t1);
RWStructuredBuffer<uint> Out : register(u2);

uint Mix(Pair Pair) { return Pair.a + Pair.b; }

[numthreads(1, 1, 1)]
void main() {
    for (uint i = 0; i < 4; ++i) {
        Out[i] = MeshInfo[i].count * Constants.scale + MeshInfo[i].offset + Constants.bias;
    }
    Pair p;   // the parameter's hiding ended with `Mix`'s body
    p.a = 7;
    p.b = 2;
    struct Pair q;   // an elaborated type specifier names the same struct
    q.a = 1;
    q.b = 1;
    Out[4] = Mix(p) + Mix(q);
}
