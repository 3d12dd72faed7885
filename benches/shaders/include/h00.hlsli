#ifndef H00_HLSLI
#define H00_HLSLI

float4 inc0_0(float4 v, uint k) {
    float4 acc = v * 1.0f + scale;
    [loop] for (uint j = 0; j < (k & 7u); ++j) {
        acc = mul(transform, acc) * 0.5f;
        if (acc.x > acc.y) {
            acc.xy = acc.yx;
        } else {
            acc.zw += float2(j, 0) * bias;
        }
    }
    float3 n = normalize(acc.xyz + float3(1.0f, 2.0f, 3.0f));
    float d = dot(n, v.xyz) + length(acc.zw);
    acc.w = saturate(d) + lerp(acc.x, acc.y, 0.25f);
    acc.xyz = cross(n, acc.xyz) + max(acc.xyz, float3(0.0f, 0.5f, 1.0f));
    uint bits = asuint(acc.x) ^ (k << 0);
    acc.y += (float)(bits & 255u) * 0.001f;
    return clamp(acc, -100.0f, 100.0f);
}

float4 inc0_1(float4 v, uint k) {
    float4 acc = v * 2.0f + scale;
    [loop] for (uint j = 0; j < (k & 7u); ++j) {
        acc = mul(transform, acc) * 0.5f;
        if (acc.x > acc.y) {
            acc.xy = acc.yx;
        } else {
            acc.zw += float2(j, 1) * bias;
        }
    }
    float3 n = normalize(acc.xyz + float3(1.0f, 2.0f, 3.0f));
    float d = dot(n, v.xyz) + length(acc.zw);
    acc.w = saturate(d) + lerp(acc.x, acc.y, 0.25f);
    acc.xyz = cross(n, acc.xyz) + max(acc.xyz, float3(0.0f, 0.5f, 1.0f));
    uint bits = asuint(acc.x) ^ (k << 1);
    acc.y += (float)(bits & 255u) * 0.001f;
    return clamp(acc, -100.0f, 100.0f);
}
#endif
