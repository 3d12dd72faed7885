// An `out` parameter the callee leaves unwritten gives the caller's value back. DXC's SPIR-V
// passes an lvalue argument of the parameter's type by pointer, and initialises the temporary
// it makes for any other argument from the argument (a scalar splat for a vector parameter)
// before the call (SpirvEmitter::processCall, "Initialize the temporary variables using the
// contents of the arguments"; CodeGenSPIRV/fn.param.inout.no-copy.hlsl); DXIL leaves the
// value undefined. So, by hand, with In = [5, 6, 7, 8]:
// - skip(a) on a local a = 5: O[0] = 5;
// - skip2(v.xy) on a swizzle of v = (6, 7, 8): (6, 7) → O[1] = 6, O[2] = 7;
// - skip(O[3]) on a buffer element (4) then O[3] -= 1: 3;
// - maybe(b, false) on b = 6: unwritten, O[4] = 6 + 3 = 9;
// - rd(c) reads its `out` parameter before writing it: the caller's 7, + 1 → O[5] = 8;
// - skip_wide(x) passes a float to `out float2` (a temporary of another shape, splat in,
//   first component back): x = 8 → O[6] = 8;
// - maybe(arr[k], false) on a dynamically indexed element (arr = {11, 12}, k = 1): O[7] = 12.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int[4] = [5, 6, 7, 8]
// buffer u1 rw int[8] = [1, 2, 3, 4, 5, 6, 7, 8]
// expect u1 = [5, 6, 7, 3, 9, 8, 8, 12]
// peer-bug glslang: rejects a `float` argument for an `out float2` parameter (`skip_wide(x)`); without it, unwritten `out` arguments do not keep the caller's value (b + 3 = 12)
StructuredBuffer<int> In : register(t0);
RWStructuredBuffer<int> O : register(u1);

void skip(out int x) { }
void maybe(out int x, bool w) { if (w) x = 9; }
void skip2(out int2 v) { }
void rd(out int x) { x = x + 1; }
void skip_wide(out float2 v) { }

[numthreads(1, 1, 1)]
void main() {
    int a = In[0];
    skip(a);
    O[0] = a;
    int3 v = int3(In[1], In[2], In[3]);
    skip2(v.xy);
    O[1] = v.x; O[2] = v.y;
    skip(O[3]);
    O[3] = O[3] - 1;
    int b = In[1];
    maybe(b, In[0] > 100);
    O[4] = b + 3;
    int c = In[2];
    rd(c);
    O[5] = c;
    float x = In[3];
    skip_wide(x);
    O[6] = (int)x;
    int arr[2] = { In[0] + 6, In[1] + 6 };
    int k = In[0] - 4;
    maybe(arr[k], In[0] > 100);
    O[7] = arr[1];
}
