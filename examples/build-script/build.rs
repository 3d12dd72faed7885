//! Compiles `shaders/particles.hlsl` (which includes `common/simulation.hlsli`, which
//! includes `constants.hlsli`) into `OUT_DIR/hlslc.rs`.

use hlslc::build::{Build, Gate, Shader};

fn main() {
    Build::new()
        .shader(Shader::new("shaders/particles.hlsl", "cs_6_0"))
        // Every D3D constant-buffer packing rule in one cbuffer: the generated struct's
        // compile-time assertions check each offset.
        .shader(Shader::new("../../tests/exec/cbuffer_layout_rules.hlsl", "cs_6_0").name("layout_rules"))
        // This crate always depends on wgpu; bytemuck derives stay behind its `bytemuck` feature.
        .wgpu(Gate::Always)
        .run()
        .unwrap_or_else(|e| panic!("{e}"));
}
