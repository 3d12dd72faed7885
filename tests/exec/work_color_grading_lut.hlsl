// Building a 3-D colour-grading LUT in compute, as engines bake their tone/grade curves:
// each thread of a 4x4x4 group owns one LUT entry (input colour id / 3 in linear space),
// applies exposure (x2^0.5 via `exp2`), white balance (a per-channel gain from the cbuffer),
// saturation around Rec. 709 luma (`lerp`), a contrast curve in log2 space around middle
// grey 0.18 (`log2`/`exp2`, black kept at 0), a hue rotation through an RGB -> HSV -> RGB
// round trip (`fmod` of a possibly negative hue plus 6, `frac`, `abs`, `saturate`), and the
// sRGB transfer function (the linear segment below 0.0031308, `pow(c, 1 / 2.4)` above), and
// writes the result to an `RWTexture3D<float4>` (rgba32float) with the pre-sRGB luma in
// alpha. Tolerance: rel 1e-4 or abs 1e-5 (exp2/log2/pow within Vulkan's bounds).
// Expected values: tests/exec/work/models.py (color_grading_lut).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = f32 [1.04999995, 1, 0.899999976, 0.5, 1.25, 1.2, -0.25, 0]
// texture u1 wo 3d rgba32float 4x4x4
// expect u1 ~ rel 1e-4 abs 1e-5 = [0, 0, 0, 0, 0.881751631, 0, 0.470734077, 0.105231623, 1, 0,
//     0.688500262, 0.210463246, 1, 0, 0.855598133, 0.315694868, 0.430385622, 0.809858857, 0,
//     0.337148517, 0.812556303, 0.684146243, 0, 0.442380139, 1, 0.421857637, 0, 0.547611762, 1, 0,
//     0.432043779, 0.652843385, 0.63143893, 1, 0, 0.674297033, 0.930144307, 1, 0, 0.779528656, 1,
//     0.990310641, 0, 0.884760279, 1, 0.837893597, 0, 0.989991902, 0.785712559, 1, 0, 1.01144555,
//     0.979199979, 1, 0, 1.11667717, 1, 1, 0, 1.2219088, 1, 1, 0, 1.32714042, 0, 0.438820842,
//     0.824888711, 0.0306318651, 0.847360206, 0, 0.875677341, 0.135863488, 1, 0, 0.999111916,
//     0.241095111, 1, 0, 1, 0.346326734, 0, 0.80327591, 0.643311045, 0.367780382, 0.80599398,
//     0.76047445, 0.726272088, 0.473012004, 1, 0.700921747, 0.823998688, 0.578243627, 1,
//     0.674691236, 0.948172811, 0.68347525, 0, 1, 0.25320201, 0.704928898, 0.876595806, 1,
//     0.641804418, 0.810160521, 1, 1, 0.613257442, 0.915392144, 1, 0.873375807, 0.583435291,
//     1.02062377, 0.569239778, 1, 0, 1.04207741, 0.942787224, 1, 0.545571992, 1.14730904, 1, 1,
//     0.512202195, 1.25254066, 1, 1, 0.476742364, 1.35777228, 0, 0.643368133, 1, 0.0612637301,
//     0.640735695, 0, 1, 0.166495353, 1, 0, 1, 0.271726976, 1, 0, 1, 0.376958599, 0, 0.97042321, 1,
//     0.398412247, 0.773447852, 0.855248556, 1, 0.50364387, 1, 0.749585269, 1, 0.608875492, 1,
//     0.724992992, 1, 0.714107115, 0, 1, 0.932560951, 0.735560763, 0.722893083, 1, 0.97387321,
//     0.840792386, 1, 1, 1, 0.946024009, 1, 1, 1, 1.05125563, 0, 1, 0.730778214, 1.07270928,
//     0.638013687, 1, 0.76984835, 1.1779409, 1, 1, 0.991863159, 1.28317253, 1, 1, 0.973082723,
//     1.38840415, 0, 0.800322789, 1, 0.0918955952, 0.388141247, 0, 1, 0.197127218, 1, 0, 1,
//     0.302358841, 1, 0, 1, 0.407590464, 0, 1, 1, 0.429044112, 0.76657321, 0.965027827, 1,
//     0.534275735, 1, 0.742504953, 1, 0.639507357, 1, 0.717687364, 1, 0.74473898, 0, 1, 1,
//     0.766192628, 0.715567547, 1, 1, 0.871424251, 1, 1, 1, 0.976655874, 1, 1, 1, 1.0818875, 0, 1,
//     1, 1.10334114, 0.629780742, 1, 1, 1.20857277, 1, 1, 1, 1.31380439, 1, 1, 1, 1.41903601]
cbuffer Grade : register(b0)
{
    float3 WhiteBalance;
    float Exposure;      // stops
    float Saturation;
    float Contrast;
    float HueShift;      // in sextants (1 = 60 degrees)
    float Pad;
};

RWTexture3D<float4> Lut : register(u1);

static const float3 Luma709 = float3(0.2126, 0.7152, 0.0722);

float3 RgbToHsv(float3 c)
{
    const float mx = max(c.r, max(c.g, c.b));
    const float mn = min(c.r, min(c.g, c.b));
    const float delta = mx - mn;
    float h = 0;
    if (delta > 0)
    {
        if (mx == c.r)
            h = fmod((c.g - c.b) / delta + 6.0, 6.0);
        else if (mx == c.g)
            h = (c.b - c.r) / delta + 2.0;
        else
            h = (c.r - c.g) / delta + 4.0;
    }
    return float3(h, mx > 0 ? delta / mx : 0, mx);
}

float3 HsvToRgb(float3 hsv)
{
    const float3 k = float3(0.0, 4.0, 2.0);
    const float3 p = abs(frac((hsv.x + k) / 6.0) * 6.0 - 3.0);
    return hsv.z * lerp(float3(1, 1, 1), saturate(p - 1.0), hsv.y);
}

float3 LinearToSrgb(float3 c)
{
    float3 r;
    [unroll]
    for (uint i = 0; i < 3; ++i)
        r[i] = c[i] <= 0.0031308 ? c[i] * 12.92 : 1.055 * pow(c[i], 1.0 / 2.4) - 0.055;
    return r;
}

[numthreads(4, 4, 4)]
void main(uint3 id : SV_GroupThreadID)
{
    float3 c = float3(id) / 3.0;
    c *= exp2(Exposure) * WhiteBalance;
    const float luma = dot(c, Luma709);
    c = max(lerp(luma.xxx, c, Saturation), 0.0);
    [unroll]
    for (uint i = 0; i < 3; ++i)
        c[i] = c[i] > 0 ? 0.18 * exp2(Contrast * log2(c[i] / 0.18)) : 0.0;
    float3 hsv = RgbToHsv(c);
    hsv.x = fmod(hsv.x + HueShift + 6.0, 6.0);
    c = HsvToRgb(hsv);
    Lut[id] = float4(LinearToSrgb(saturate(c)), luma);
}
