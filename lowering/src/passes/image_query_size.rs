//! Layer counts of storage and multisampled texture arrays for SPIR-V.
//!
//! naga 30 writes every `NumLayers` image query (`GetDimensions`' element count on a
//! `RWTexture2DArray`, `Texture2DMSArray` …) as `OpImageQuerySizeLod` with level 0. Vulkan
//! allows that instruction only on sampled, single-sampled images
//! (VUID-StandaloneSpirv-OpImageQuerySizeLod-04659; the SPIR-V specification requires `MS` 0
//! too): storage and multisampled images have one level, and `OpImageQuerySize` is their
//! size query. This pass turns each `OpImageQuerySizeLod` on such an image into
//! `OpImageQuerySize` with the same result.
//!
//! naga 30 also drops the layer from an arrayed size query with `OpVectorShuffle`, whose
//! result must be a vector: the width of a `Texture1DArray` (`GetDimensions(w, elements)`)
//! comes out as a one-component shuffle to a scalar, which `spirv-val` rejects. This pass turns
//! each shuffle whose result type is a scalar into `OpCompositeExtract` of the same component.
//!
//! A module without such a query is unchanged.

use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Op, Word};
use std::collections::HashSet;

/// Options of the pass (none).
#[derive(Clone, Debug, Default)]
pub struct Config {}

/// Runs the pass.
pub fn run(module: &mut Module, _config: &Config) -> Result<(), String> {
    scalar_shuffles(module);
    // Collect: the storage and multisampled image types, then the values of those types.
    let single_level: HashSet<Word> = module.types_global_values.iter().filter(|i| has_one_level(i)).filter_map(|i| i.result_id).collect();
    if single_level.is_empty() {
        return Ok(());
    }
    let values: HashSet<Word> = module
        .functions
        .iter()
        .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
        .filter(|i| i.result_type.is_some_and(|t| single_level.contains(&t)))
        .filter_map(|i| i.result_id)
        .collect();

    // Mutate.
    for f in &mut module.functions {
        for b in &mut f.blocks {
            for i in &mut b.instructions {
                if i.class.opcode == Op::ImageQuerySizeLod && matches!(i.operands.first(), Some(Operand::IdRef(image)) if values.contains(image)) {
                    *i = Instruction::new(Op::ImageQuerySize, i.result_type, i.result_id, vec![i.operands[0].clone()]);
                }
            }
        }
    }
    Ok(())
}

/// Rewrites every `OpVectorShuffle` with a scalar result type (naga's width of a 1D array
/// texture) as `OpCompositeExtract` of its one component.
fn scalar_shuffles(module: &mut Module) {
    let scalars: HashSet<Word> = module
        .types_global_values
        .iter()
        .filter(|i| matches!(i.class.opcode, Op::TypeInt | Op::TypeFloat | Op::TypeBool))
        .filter_map(|i| i.result_id)
        .collect();
    for i in module.functions.iter_mut().flat_map(|f| f.blocks.iter_mut().flat_map(|b| b.instructions.iter_mut())) {
        if i.class.opcode != Op::VectorShuffle || !i.result_type.is_some_and(|t| scalars.contains(&t)) {
            continue;
        }
        // Operands: vector 1, vector 2, one component index. Every vector has at least two
        // components, so index 0 or 1 is a component of vector 1.
        if let [Operand::IdRef(vector), _, Operand::LiteralBit32(index @ (0 | 1))] = i.operands[..] {
            *i = Instruction::new(Op::CompositeExtract, i.result_type, i.result_id, vec![Operand::IdRef(vector), Operand::LiteralBit32(index)]);
        }
    }
}

/// `OpTypeImage` whose `Sampled` operand is 2 (a storage image) or whose `MS` is 1.
pub(crate) fn has_one_level(i: &Instruction) -> bool {
    // Operands: sampled type, dim, depth, arrayed, MS, sampled, format.
    i.class.opcode == Op::TypeImage && (matches!(i.operands.get(4), Some(Operand::LiteralBit32(1))) || matches!(i.operands.get(5), Some(Operand::LiteralBit32(2))))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::passes::tests::{function_instructions, spirv_of, spirv_of_edited};

    /// Makes every image type of `module` one-dimensional.
    pub(crate) fn one_dimensional(module: &mut naga::Module) {
        let images: Vec<_> = module.types.iter().filter(|(_, t)| matches!(t.inner, naga::TypeInner::Image { .. })).map(|(h, _)| h).collect();
        for h in images {
            let mut t = module.types[h].clone();
            if let naga::TypeInner::Image { ref mut dim, .. } = t.inner {
                *dim = naga::ImageDimension::D1;
            }
            module.types.replace(h, t);
        }
    }

    fn queries(module: &Module) -> (usize, usize) {
        let ops: Vec<Op> = function_instructions(module).map(|i| i.class.opcode).collect();
        (ops.iter().filter(|&&o| o == Op::ImageQuerySize).count(), ops.iter().filter(|&&o| o == Op::ImageQuerySizeLod).count())
    }

    #[test]
    fn layer_counts_of_storage_and_multisampled_arrays_use_the_query_without_level() {
        let src = "@group(0) @binding(0) var s: texture_storage_2d_array<r32float, read_write>;
            @group(0) @binding(1) var m: texture_multisampled_2d<f32>;
            @group(0) @binding(2) var<storage, read_write> out: array<u32>;
            @compute @workgroup_size(1) fn main() { out[0] = textureNumLayers(s); out[1] = textureDimensions(m).x; }";
        let mut module = spirv_of(src, (1, 0), false);
        assert_eq!(queries(&module).1, 1, "naga's layer query");
        run(&mut module, &Config::default()).unwrap();
        assert_eq!(queries(&module).1, 0);
        assert!(queries(&module).0 >= 2);
    }

    #[test]
    fn width_of_a_1d_array_texture_is_a_composite_extract() {
        // WGSL has no 1D array textures: a 2D array texture made 1D after parsing.
        let src = "@group(0) @binding(0) var t: texture_2d_array<f32>;
            @compute @workgroup_size(1) fn main() { _ = textureDimensions(t, 0); }";
        let mut module = spirv_of_edited(src, (1, 0), false, one_dimensional);
        let shuffles = |m: &Module| function_instructions(m).filter(|i| i.class.opcode == Op::VectorShuffle).count();
        assert_eq!(shuffles(&module), 1, "naga's scalar shuffle");
        run(&mut module, &Config::default()).unwrap();
        assert_eq!(shuffles(&module), 0);
        assert_eq!(function_instructions(&module).filter(|i| i.class.opcode == Op::CompositeExtract).count(), 1);
    }

    #[test]
    fn sampled_texture_queries_are_unchanged() {
        let src = "@group(0) @binding(0) var t: texture_2d_array<f32>;
            @group(0) @binding(2) var<storage, read_write> out: array<u32>;
            @compute @workgroup_size(1) fn main() { out[0] = textureNumLayers(t); out[1] = textureDimensions(t, 1).x; }";
        crate::passes::tests::assert_unchanged(spirv_of(src, (1, 0), false), |m| run(m, &Config::default()));
    }
}
