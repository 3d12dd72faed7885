RWStructuredBuffer<float> o : register(u0);
[numthreads(1,1,1)] void main() {
 o[0] = exp2(963.0f);
 o[1] = exp2(float2(963.0f, 1.0f)).x;
 o[2] = sqrt(-1.0f); o[3] = log(0.0f); o[4] = pow(2.0f, 200.0f); o[5] = exp2(o[6]);
}
