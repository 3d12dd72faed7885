// `half` constants that are not finite: WGSL has no literal for them, so they are written as
// bit patterns (`bitcast<f16>(u16(…))`), which needs `enable wgpu_int16;`; hlslc's WGSL lacked
// it when nothing else in the shader used a 16-bit integer, and wgpu rejected the module.
// Values by hand: 0.0 / 0.0 is NaN, 1.0 / 0.0 is +inf, -1.0 / 0.0 is -inf; 1.5 stays 1.5.
// One thread writes the four elements in order.
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// requires f16 i16
// buffer u0 rw half[4] = 0
// expect u0 = [nan, inf, -inf, 1.5]
RWStructuredBuffer<half> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
    Out[0] = (half)(0.0 / 0.0);
    Out[1] = (half)(1.0 / 0.0);
    Out[2] = (half)(-1.0 / 0.0);
    Out[3] = (half)1.5;
}
