RWStructuredBuffer<uint> o : register(u0);
[numthreads(1,1,1)] void main(uint tid : SV_GroupIndex) {
    uint a = o[0];
    o[1] = a / 0u;
}
