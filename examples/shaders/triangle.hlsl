// A vertex and a pixel shader drawing a coloured triangle without vertex buffers; the pixel
// shader scales the interpolated colour by a constant.
//   cargo run --example triangle                 (renders triangle.png headless)
//   cargo run --release -- -T vs_6_0 -E vs_main examples/shaders/triangle.hlsl
//   cargo run --release -- -T ps_6_0 -E ps_main examples/shaders/triangle.hlsl
struct VSOutput
{
    float4 position : SV_Position;
    float3 color : COLOR0;
};

cbuffer Style : register(b0)
{
    float3 tint;
    float alpha;
};

VSOutput vs_main(uint vertex : SV_VertexID)
{
    static const float2 positions[3] = { float2(0.0, 0.5), float2(0.5, -0.5), float2(-0.5, -0.5) };
    VSOutput o;
    o.position = float4(positions[vertex], 0.0, 1.0);
    o.color = float3(vertex == 0, vertex == 1, vertex == 2);
    return o;
}

float4 ps_main(VSOutput input) : SV_Target0
{
    return float4(input.color * tint, alpha);
}
