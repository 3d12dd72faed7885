RWStructuredBuffer<int> o : register(u0);
[numthreads(1,1,1)] void main(uint tid : SV_GroupIndex) {
    int a = o[0];
    a /= 0;
    a %= int2(1, 0).y;
    o[1] = a;
}
