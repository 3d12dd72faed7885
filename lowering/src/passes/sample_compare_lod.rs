//! `SampleCmpLevel` for SPIR-V: the real LOD in `OpImageSampleDrefExplicitLod`.
//!
//! naga's IR allows a comparison sample only at level 0 (or an implicit level), so lowering
//! emits the level-0 comparison and, just before it, stores the wanted LOD into a private
//! marker variable ([`MARKER`], see `lower::sample_compare`). naga writes the store and then
//! the sample (`OpImageSampleDrefExplicitLod … Lod %zero`) in the same block. This pass:
//! - gives each such sample the value of the marker store before it as its `Lod` operand;
//! - deletes the marker stores and the marker variable (and its interface entries).
//!
//! A module without the marker is unchanged.

use super::spirv::{ids_named, marker_stores, remove_marker_variables};
use rspirv::dr::{Module, Operand};
use rspirv::spirv::Op;

/// The name of the marker variable (`:` cannot occur in a user variable's name).
pub const MARKER: &str = "hlslc::sample_cmp_lod";

/// Options of the pass (none).
#[derive(Clone, Debug, Default)]
pub struct Config {}

/// Runs the pass.
pub fn run(module: &mut Module, _config: &Config) -> Result<(), String> {
    // Collect: (function, block, instruction) of each sample, and the LOD it gets.
    let Some(&marker) = ids_named(module, MARKER).first() else { return Ok(()) };
    let edits = marker_stores(module, marker, |op| op == Op::ImageSampleDrefExplicitLod, "`SampleCmpLevel` LOD")?;

    // Mutate.
    for (fi, bi, ii, lod) in edits {
        let inst = &mut module.functions[fi].blocks[bi].instructions[ii];
        // Operands: image, coordinate, Dref, image-operands mask, then the Lod id first.
        let at = inst.operands.iter().position(|o| matches!(o, Operand::ImageOperands(_))).ok_or("an explicit-LOD comparison without image operands")?;
        match inst.operands.get_mut(at + 1) {
            Some(slot @ Operand::IdRef(_)) => *slot = Operand::IdRef(lod),
            _ => return Err("an explicit-LOD comparison without its `Lod` operand".into()),
        }
    }
    remove_marker_variables(module, &[marker]);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::tests::{rename, spirv_of};


    const COMPARE: &str = "@group(0) @binding(0) var t: texture_depth_2d;
        @group(0) @binding(1) var s: sampler_comparison;
        @group(0) @binding(2) var<storage, read_write> o: array<f32>;
        @compute @workgroup_size(1) fn main() { o[0] = textureSampleCompareLevel(t, s, vec2(0.5), 0.25); }";

    #[test]
    fn feature_absent_module_unchanged() {
        let mut module = spirv_of(COMPARE, (1, 0), true);
        // Compared after a load/assemble round trip: rspirv writes its own generator id.
        let before = super::super::spirv::assemble(&module);
        run(&mut module, &Config::default()).unwrap();
        assert_eq!(super::super::spirv::assemble(&module), before);
    }

    #[test]
    fn marker_value_becomes_the_lod_and_the_marker_goes() {
        let wgsl = COMPARE.replace("fn main() {", "fn main() { let lod = f32(o[1]) * 2.0; marker = lod;");
        let wgsl = format!("var<private> marker: f32;\n{wgsl}");
        let mut module = spirv_of(&wgsl, (1, 0), true);
        rename(&mut module, "marker", MARKER);
        let var = ids_named(&module, MARKER)[0];
        run(&mut module, &Config::default()).unwrap();
        let f = &module.functions[0];
        let insts: Vec<_> = f.blocks.iter().flat_map(|b| &b.instructions).collect();
        assert!(!insts.iter().any(|i| i.class.opcode == Op::Store && i.operands[0] == Operand::IdRef(var)));
        assert!(!module.types_global_values.iter().any(|i| i.result_id == Some(var)));
        let sample = insts.iter().find(|i| i.class.opcode == Op::ImageSampleDrefExplicitLod).unwrap();
        let lod = match sample.operands.last() {
            Some(Operand::IdRef(id)) => *id,
            other => panic!("{other:?}"),
        };
        let def = insts.iter().find(|i| i.result_id == Some(lod)).expect("the LOD is computed in the function");
        assert_eq!(def.class.opcode, Op::FMul);
    }
}
