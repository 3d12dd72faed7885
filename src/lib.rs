//! hlslc: compile HLSL to WGSL and SPIR-V.
