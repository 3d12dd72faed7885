// Bitwise operators on uint and int: & | ^ ~, with constants and mixed signedness.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[2] = [0xF0F0F0F0, 0x0FF00FF0]
// buffer u1 rw uint[7] = 0
// expect u1 = [0x00F000F0, 0xFFF0FFF0, 0xFF00FF00, 0x0F0F0F0F, 0xF0F0F0F0, 0xFFFFFFF0, 0x0000000F]
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    uint a = src[0], b = src[1];
    dst[0] = a & b;
    dst[1] = a | b;
    dst[2] = a ^ b;
    dst[3] = ~a;
    int i = (int)a;
    dst[4] = (uint)(i & -1);            // unchanged
    dst[5] = (uint)(~15);               // ~0xF on int = -16 = 0xFFFFFFF0
    dst[6] = (uint)((-1) ^ ~15);        // 0xFFFFFFFF ^ 0xFFFFFFF0 = 0xF
}
