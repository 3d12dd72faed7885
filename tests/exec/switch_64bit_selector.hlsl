// A switch on a 64-bit selector compares all 64 bits, as DXC's DXIL (an i64 `switch`) does;
// hlslc truncated the selector and the case values to 32 bits, so 2 took `case 0x100000002`
// (vkd3d's switch.shader_test, whose SM 6 expectation is the default case).
// Selectors come from a buffer (one per thread); hand-derived results:
//   uint64_t: 2 -> default (7; a 32-bit switch takes case 0x100000002, low word 2);
//             0x100000002 -> 1; 0xFFFFFFFF00000000 -> 2 (low word 0: a 32-bit switch takes
//             case 0); 0 -> 0; 0xFFFFFFFF -> default (7)
//   int64_t:  -1 -> 3; 4294967295 -> default (7; its low word is -1's); -4294967296 -> 4
//             (low word 0, no 32-bit match either way); 5 -> 5 (a case group of 5 and 6)
// exec: -T cs_6_0 -E main dispatch 1 1 1
// requires int64
// buffer t0 ro uint64_t[5] = [2, 0x100000002, 0xFFFFFFFF00000000, 0, 0xFFFFFFFF]
// buffer t1 ro int64_t[4] = [-1, 4294967295, -4294967296, 5]
// buffer u2 rw uint[9] = 0
// expect u2 = [7, 1, 2, 0, 7,  3, 7, 4, 5]
// peer-bug glslang: unknown type names `uint64_t`/`int64_t`
StructuredBuffer<uint64_t> unsignedSelectors : register(t0);
StructuredBuffer<int64_t> signedSelectors : register(t1);
RWStructuredBuffer<uint> results : register(u2);

uint classifyUnsigned(uint64_t v) {
    switch (v) {
    case 0:
        return 0;
    case 0x100000002:
        return 1;
    case 0xFFFFFFFF00000000:
        return 2;
    default:
        return 7;
    }
}

uint classifySigned(int64_t v) {
    uint r = 7;
    switch (v) {
    case -1:
        r = 3;
        break;
    case -4294967296:
        r = 4;
        break;
    case 5:
    case 6:
        r = 5;
        break;
    }
    return r;
}

[numthreads(1, 1, 1)]
void main() {
    for (uint i = 0; i < 5; i++)
        results[i] = classifyUnsigned(unsignedSelectors[i]);
    for (uint j = 0; j < 4; j++)
        results[5 + j] = classifySigned(signedSelectors[j]);
}
