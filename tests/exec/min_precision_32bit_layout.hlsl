// Without -enable-16bit-types the min-precision types and `half` are 32-bit in DXC's SPIR-V
// (docs/SPIR-V.rst: min16float → float with RelaxedPrecision, min16int → int, min16uint → uint,
// half → float) and so in buffers: RWStructuredBuffer<min16float> has a stride of 4,
// min16float2 of 8, and struct P { min16float a; min16int b; half c; min16uint d; float e; }
// has offsets 0, 4, 8, 12, 16 and a stride of 20. Arithmetic is 32-bit: half h = 1025,
// h * 1.5 = 1537.5 (half 16-bit would round the tie to 1538); the same for min16float on
// lavapipe (RelaxedPrecision lets a driver compute at 16 bits, so another device may give
// 1538 in u2[1] and u3's `a` of element 1); sizeof(half) = 4 and sizeof(half3) = 12
// (ASTContext: HalfFloat has float's width; min16 types' sizeof is not asserted).
// Values by hand.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[2] = [1025, 0.5]
// buffer t1 ro int[2] = [-7, 65535]
// buffer u2 rw float[3] = 0
// buffer u3 rw = f32 [0] i32 [0] f32 [0] u32 [0] f32 [0]  f32 [0] i32 [0] f32 [0] u32 [0] f32 [0]
// buffer u4 rw float[4] = 0
// buffer u5 rw uint[2] = 0
// expect u2 = [1025, 1537.5, 0.5]
// expect u3 = f32 [1025] i32 [-7] f32 [1537.5] u32 [65535] f32 [0.5]  f32 [1537.5] i32 [-14] f32 [0.5] u32 [65534] f32 [-7]
// expect u4 = [1025, 0.5, 1537.5, -7]
// expect u5 = [4, 12]
// peer-bug glslang: `sizeof` is a reserved word (a copy with the sizes written out passes)
// peer-bug slang: does not know `min16float` ("undefined identifier")
StructuredBuffer<float> F : register(t0);
StructuredBuffer<int> I : register(t1);
RWStructuredBuffer<min16float> M : register(u2);
struct P { min16float a; min16int b; half c; min16uint d; float e; };
RWStructuredBuffer<P> PB : register(u3);
RWStructuredBuffer<min16float2> M2 : register(u4);
RWStructuredBuffer<uint> Z : register(u5);

[numthreads(1, 1, 1)]
void main() {
    min16float m = F[0];
    half h = F[0];
    min16int mi = I[0];
    min16uint mu = (min16uint)I[1];
    M[0] = m;
    M[1] = m * 1.5;
    M[2] = F[1];
    P p0;
    p0.a = m; p0.b = mi; p0.c = h * 1.5; p0.d = mu; p0.e = F[1];
    PB[0] = p0;
    P p1;
    p1.a = m * 1.5; p1.b = mi * 2; p1.c = F[1]; p1.d = mu - 1; p1.e = mi;
    PB[1] = p1;
    M2[0] = min16float2(m, F[1]);
    M2[1] = min16float2(h * 1.5, mi);
    Z[0] = sizeof(half);
    Z[1] = sizeof(half3);
}
