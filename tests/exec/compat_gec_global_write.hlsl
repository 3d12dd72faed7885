// -Gec (backwards compatibility, HLSL 2016): writes to a global uniform go to a private
// copy, initialised from the constant buffer at the start of each invocation, so every
// thread starts from the host's value (gvar = 1.5). Thread i computes gvar = gvar * 2 + i,
// then again: (1.5*2 + i)*2 + i = 6 + 3i. Values by hand.
// exec: -T cs_6_0 -E main -Gec dispatch 1 1 1
// cbuffer b0 = f32 [1.5]
// buffer u1 rw float[4] = 0
// expect u1 = [6.0, 9.0, 12.0, 15.0]
// peer-bug glslang: no -Gec; writing a uniform global is an error
float gvar;
RWStructuredBuffer<float> dst : register(u1);

void step(uint i) { gvar = gvar * 2 + i; }

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
    step(i);
    step(i);
    dst[i] = gvar;
}
