// Order and conversion rules: inout arguments copy out in parameter order (the last write
// wins when both name one variable), arguments evaluate left to right, int < uint compares
// as uint, bool + bool is int, break in a switch leaves only the switch, firstbithigh(0) is
// -1, >> on int is arithmetic, abs(INT_MIN) is INT_MIN. Values by hand.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int[4] = [-1, 1, 2, 0]
// buffer u1 rw uint[14] = 0
// expect u1 = [2, 0, 0xFFFFFFFF, 2, 1, 5, 3, 1, 0x80000000, 1, 7, 11, 2, 12]
StructuredBuffer<int> src : register(t0);
RWStructuredBuffer<uint> o : register(u1);
void both(inout int a, inout int b) { a = 7; b = 2; }
static int order = 0;
int tick(int v) { order = order * 10 + v; return v; }
int sum3(int a, int b, int c) { return a + b + c; }
[numthreads(1,1,1)] void main() {
    int x = 0;
    both(x, x);
    o[0] = x;                        // copy-out in parameter order: 2 last
    int a = src[0]; uint b = (uint)src[1];
    o[1] = (a < b) ? 1 : 0;          // int converts to uint: 0xFFFFFFFF < 1 is false
    uint u = 5;
    o[2] = u - 6;                    // wraps
    o[3] = true + true;              // 2
    float4 v = float4(1, 2, 3, 4);
    int i = src[2];
    o[4] = (uint)v[i - 2];           // dynamic vector index: 1
    float2x2 m = float2x2(1, 2, 3, 5);
    o[5] = (uint)m[i - 1][1];        // row 1, column 1: 5
    int acc = 0;
    for (int k = 0; k < 5; k++) {
        switch (k) {
        case 1: acc += 1; break;     // break leaves the switch, not the loop
        case 3: continue;
        default: acc += 0;
        }
        acc += 0;
        if (k == 2) acc += 2;
    }
    o[6] = acc;                      // 1 + 2 = 3
    o[7] = (src[1] == 1 ? 1 : 2.5) == 1.0 ? 1 : 0; // float result 1.0
    o[8] = (uint)abs(-2147483647 - 1); // INT_MIN stays
    o[9] = asfloat(0x7F800000) > 3.4e38 ? 1 : 0;
    o[10] = tick(1) + tick(2) * 0 + tick(3) * 2; // 7
    o[11] = sum3(tick(4), tick(5), tick(6)) == 15 ? order % 100 + 11 - 56 : 0; // args left to right: order ends ...456 → 56 → 11
    o[12] = (uint)(firstbithigh(src[3]) + 3); // firstbithigh(0) = -1 → 2
    int s = -7;
    o[13] = (uint)((s >> 1) + 16);   // arithmetic: -4 + 16 = 12
}
