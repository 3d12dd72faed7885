//! The `clamp` argument of `Sample`, `SampleBias`, `SampleGrad`, `SampleCmp`, … for SPIR-V:
//! the `MinLod` image operand.
//!
//! naga's `ImageSample` has no minimum level of detail, so lowering stores the clamp into a
//! private marker variable ([`MARKER`]) just before each sample it belongs to (see
//! `FnBuilder::min_lod`); naga writes the store and then the sample in the same block. This
//! pass, as DXC writes the clamp:
//! - adds `MinLod` with the stored value to the image operands of the first sampling
//!   instruction after each marker store (an implicit-LOD or gradient sample, the only ones
//!   `MinLod` may go with);
//! - declares the `MinLod` capability (Vulkan's `shaderResourceMinLod` feature);
//! - deletes the marker stores and the marker variable (and its interface entries).
//!
//! A module without the marker is unchanged.

use super::spirv::{ids_named, marker_stores, remove_marker_variables};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Capability, ImageOperands, Op, Word};

/// The name of the marker variable (`:` cannot occur in a user variable's name).
pub const MARKER: &str = "hlslc::min_lod";

/// Options of the pass (none).
#[derive(Clone, Debug, Default)]
pub struct Config {}

/// Runs the pass.
pub fn run(module: &mut Module, _config: &Config) -> Result<(), String> {
    // Collect: (function, block, instruction) of each sample, and its clamp.
    let Some(&marker) = ids_named(module, MARKER).first() else { return Ok(()) };
    let is_sample = |op| matches!(op, Op::ImageSampleImplicitLod | Op::ImageSampleExplicitLod | Op::ImageSampleDrefImplicitLod | Op::ImageSampleDrefExplicitLod);
    let edits = marker_stores(module, marker, is_sample, "`clamp`")?;

    // Mutate.
    for (fi, bi, ii, clamp) in edits {
        let inst = &mut module.functions[fi].blocks[bi].instructions[ii];
        add_min_lod(inst, clamp)?;
    }
    remove_marker_variables(module, &[marker]);
    if !module.capabilities.iter().any(|c| c.operands.first() == Some(&Operand::Capability(Capability::MinLod))) {
        module.capabilities.push(Instruction::new(Op::Capability, None, None, vec![Operand::Capability(Capability::MinLod)]));
    }
    Ok(())
}

/// Adds `MinLod clamp` to a sampling instruction's image operands. `MinLod` is the highest
/// mask bit naga's samples can carry, so its id goes last.
fn add_min_lod(inst: &mut Instruction, clamp: Word) -> Result<(), String> {
    match inst.operands.iter().position(|o| matches!(o, Operand::ImageOperands(_))) {
        Some(at) => {
            let Operand::ImageOperands(mask) = &mut inst.operands[at] else { unreachable!("found above") };
            if mask.contains(ImageOperands::LOD) || mask.intersects(ImageOperands::MIN_LOD | ImageOperands::SAMPLE | ImageOperands::MAKE_TEXEL_AVAILABLE | ImageOperands::MAKE_TEXEL_VISIBLE) {
                return Err(format!("`MinLod` cannot be added to a sample with image operands {mask:?}"));
            }
            *mask |= ImageOperands::MIN_LOD;
        }
        None => {
            if matches!(inst.class.opcode, Op::ImageSampleExplicitLod | Op::ImageSampleDrefExplicitLod) {
                return Err("an explicit-LOD sample without image operands".into());
            }
            inst.operands.push(Operand::ImageOperands(ImageOperands::MIN_LOD));
        }
    }
    inst.operands.push(Operand::IdRef(clamp));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::tests::{rename, spirv_of};

    const SAMPLE: &str = "@group(0) @binding(0) var t: texture_2d<f32>;
        @group(0) @binding(1) var s: sampler;
        @fragment fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
            return textureSample(t, s, uv) + textureSampleGrad(t, s, uv, vec2(0.1), vec2(0.1), vec2(1, 0));
        }";

    fn samples(module: &Module) -> Vec<&Instruction> {
        crate::passes::tests::function_instructions(module).filter(|i| matches!(i.class.opcode, Op::ImageSampleImplicitLod | Op::ImageSampleExplicitLod)).collect()
    }

    #[test]
    fn feature_absent_module_unchanged() {
        crate::passes::tests::assert_unchanged(spirv_of(SAMPLE, (1, 0), true), |m| run(m, &Config::default()));
    }

    #[test]
    fn each_marker_store_becomes_the_min_lod_of_the_next_sample() {
        let wgsl = SAMPLE
            .replace("return textureSample(t, s, uv) +", "marker = uv.x * 2.0; let a = textureSample(t, s, uv); marker = 3.0; return a +")
            .replace("@group(0) @binding(0)", "var<private> marker: f32;\n@group(0) @binding(0)");
        let mut module = spirv_of(&wgsl, (1, 0), true);
        rename(&mut module, "marker", MARKER);
        let var = ids_named(&module, MARKER)[0];
        run(&mut module, &Config::default()).unwrap();
        let found = samples(&module);
        assert_eq!(found.len(), 2);
        // Implicit LOD: `MinLod` alone; gradient with a constant offset: `Grad|ConstOffset|MinLod`, the clamp last.
        assert_eq!(found[0].operands[2], Operand::ImageOperands(ImageOperands::MIN_LOD));
        assert_eq!(found[1].operands[2], Operand::ImageOperands(ImageOperands::GRAD | ImageOperands::CONST_OFFSET | ImageOperands::MIN_LOD));
        assert_eq!(found[0].operands.len(), 4);
        assert_eq!(found[1].operands.len(), 7);
        assert!(module.capabilities.iter().any(|c| c.operands[0] == Operand::Capability(Capability::MinLod)));
        assert!(!module.types_global_values.iter().any(|i| i.result_id == Some(var)));
        let stores = crate::passes::tests::function_instructions(&module).filter(|i| i.class.opcode == Op::Store && i.operands[0] == Operand::IdRef(var)).count();
        assert_eq!(stores, 0);
    }
}
