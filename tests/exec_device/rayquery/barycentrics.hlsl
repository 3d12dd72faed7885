// SV_Barycentrics on a GPU (tests/rayquery_device.rs): one triangle whose vertices have
// different w, so perspective-correct and screen-space (noperspective) barycentrics differ;
// `ps_perspective` writes the first, `ps_screen` the second (naga allows one barycentric
// built-in per entry point).
struct VsOut {
    float4 position : SV_Position;
};

VsOut vs_main(uint id : SV_VertexID) {
    // Clip-space positions: x, y in NDC times w.
    const float4 p[3] = {
        float4(-0.8, -0.8, 0.0, 1.0),
        float4(0.9 * 2.0, -0.7 * 2.0, 0.0, 2.0),
        float4(-0.6 * 4.0, 0.9 * 4.0, 0.0, 4.0),
    };
    VsOut v;
    v.position = p[id];
    return v;
}

float4 ps_perspective(float4 position : SV_Position, float3 bary : SV_Barycentrics) : SV_Target {
    return float4(bary, 1.0);
}

float4 ps_screen(float4 position : SV_Position, noperspective float3 bary : SV_Barycentrics) : SV_Target {
    return float4(bary, 1.0);
}
