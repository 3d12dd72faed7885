// (RW)ByteAddressBuffer.GetDimensions returns the size in bytes (D3D docs: "the length,
// in bytes, of the buffer"); StructuredBuffer.GetDimensions returns the element count and
// the stride in bytes (here 3 elements of a 12-byte struct → 3, 12).
// peer-bug glslang: returns the number of 32-bit words (OpArrayLength), 8 instead of 32
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[8] = 0
// buffer t1 ro float[9] = 0
// buffer u2 rw uint[4] = 0
// expect u2 = [32, 16, 3, 12]
struct Three {
    float a, b, c;
};
ByteAddressBuffer src : register(t0);
StructuredBuffer<Three> sb : register(t1);
RWByteAddressBuffer dst : register(u2);

[numthreads(1, 1, 1)]
void main() {
    uint size, own, count, stride;
    src.GetDimensions(size);
    dst.GetDimensions(own);
    sb.GetDimensions(count, stride);
    dst.Store(0, size);
    dst.Store(4, own);
    dst.Store(8, count);
    dst.Store(12, stride);
}
