RWStructuredBuffer<int> o : register(u0);
[numthreads(1,1,1)] void main(uint tid : SV_GroupIndex) {
    int a = o[0];
    o[1] = a / ((int(-78) & 7) + 1);
}
