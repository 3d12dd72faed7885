// Collatz stopping times: thread i counts the steps from firstValue + i down to 1.
// Run with: cargo run --example compute
cbuffer Params : register(b0)
{
    uint count;
    uint firstValue;
    uint maxSteps;
};
RWStructuredBuffer<uint> steps : register(u0);

uint stoppingTime(uint n)
{
    uint s = 0;
    while (n != 1 && s < maxSteps) {
        n = (n & 1) ? 3 * n + 1 : n / 2;
        ++s;
    }
    return s;
}

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    if (id.x < count)
        steps[id.x] = stoppingTime(firstValue + id.x);
}
