//! Combined image samplers for SPIR-V: one `OpTypeSampledImage` variable per
//! `vk::SampledTexture…`.
//!
//! naga's IR has no combined image-sampler type, so lowering gives each combined texture an
//! image global named [`IMAGE_MARKER`]`N` and, for the sampling methods, one or two hidden
//! sampler globals named [`SAMPLER_MARKER`]`N` (a plain and a comparison sampler, at stand-in
//! bindings). naga writes the image variable at the texture's binding, loads it (and the
//! samplers) at the start of each function that uses it, and joins image and sampler with
//! `OpSampledImage` at each sample. This pass, as DXC writes combined image samplers:
//! - retypes the image variable to a pointer to `OpTypeSampledImage` of its image type;
//! - turns each load of it into a load of the sampled image followed by `OpImage`, which gives
//!   `Load`, `GetDimensions` and `operator[]` the image they read as before;
//! - replaces each `OpSampledImage` made from a hidden sampler with a load of the combined
//!   variable (in the same block, as SPIR-V requires of sampled-image values);
//! - deletes the hidden samplers: their loads, variables, decorations and interface entries.
//!
//! A module without the markers is unchanged.

use super::spirv::{fresh_id, pointer_type};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Op, StorageClass, Word};
use std::collections::{BTreeMap, HashMap, HashSet};

/// The name prefix of a combined texture's image variable (the texture's global index follows).
pub const IMAGE_MARKER: &str = "hlslc::combined_image::";
/// The name prefix of a combined texture's hidden sampler variables (the texture's global
/// index follows).
pub const SAMPLER_MARKER: &str = "hlslc::combined_sampler::";

/// Options of the pass (none).
#[derive(Clone, Debug, Default)]
pub struct Config {}

/// Runs the pass.
pub fn run(module: &mut Module, _config: &Config) -> Result<(), String> {
    // Collect: image variables by key, hidden samplers by key.
    let mut images: BTreeMap<String, Word> = BTreeMap::new();
    let mut samplers: HashMap<Word, String> = HashMap::new();
    for n in &module.debug_names {
        let (Some(Operand::IdRef(id)), Some(Operand::LiteralString(name))) = (n.operands.first(), n.operands.get(1)) else { continue };
        if n.class.opcode != Op::Name {
            continue;
        }
        if let Some(key) = name.strip_prefix(IMAGE_MARKER) {
            images.insert(key.to_string(), *id);
        } else if let Some(key) = name.strip_prefix(SAMPLER_MARKER) {
            samplers.insert(*id, key.to_string());
        }
    }
    if images.is_empty() && samplers.is_empty() {
        return Ok(());
    }
    // The combined variable each hidden sampler belongs to.
    let mut sampler_image: HashMap<Word, Word> = HashMap::new();
    for (&s, key) in &samplers {
        let image = images.get(key).ok_or_else(|| format!("a combined image sampler's hidden sampler `{SAMPLER_MARKER}{key}` has no image variable"))?;
        sampler_image.insert(s, *image);
    }
    // Per image variable: its image type and the sampled-image type it gets.
    let mut retyped: HashMap<Word, (Word, Word)> = HashMap::new();
    for &var in images.values() {
        let image_ty = variable_pointee(module, var).ok_or("a combined image variable is not a `UniformConstant` image variable")?;
        let sampled_ty = sampled_image_type(module, image_ty);
        let pointer = pointer_type(module, StorageClass::UniformConstant, sampled_ty);
        // naga declares a sampled-image type where a function first needs it, maybe after the
        // variable; the variable moves after its new pointer type.
        let globals = &mut module.types_global_values;
        let at = globals.iter().position(|i| i.result_id == Some(var)).ok_or("a combined image variable without its declaration")?;
        let mut decl = globals.remove(at);
        decl.result_type = Some(pointer);
        let after = globals.iter().position(|i| i.result_id == Some(pointer)).map_or(globals.len(), |p| p + 1).max(at);
        globals.insert(after, decl);
        retyped.insert(var, (image_ty, sampled_ty));
    }

    // Mutate the function bodies; new ids come from the header's bound.
    let mut bound = module.header.as_ref().map_or(1, |h| h.bound);
    for f in &mut module.functions {
        // Loads of hidden samplers, and the combined variable each stands for; loads of the
        // combined variables.
        let mut sampler_loads: HashMap<Word, Word> = HashMap::new();
        let mut image_loads: HashMap<Word, Word> = HashMap::new();
        for i in f.blocks.iter().flat_map(|b| &b.instructions) {
            if let (Op::Load, Some(r), Some(Operand::IdRef(p))) = (i.class.opcode, i.result_id, i.operands.first()) {
                if let Some(&image) = sampler_image.get(p) {
                    sampler_loads.insert(r, image);
                }
                if retyped.contains_key(p) {
                    image_loads.insert(r, *p);
                }
            }
        }
        // A hidden sampler samples its own texture only.
        for i in f.blocks.iter().flat_map(|b| &b.instructions).filter(|i| i.class.opcode == Op::SampledImage) {
            if let (Some(Operand::IdRef(image)), Some(Operand::IdRef(sampler))) = (i.operands.first(), i.operands.get(1)) {
                if sampler_loads.get(sampler).is_some_and(|var| image_loads.get(image) != Some(var)) {
                    return Err("a combined image sampler's hidden sampler samples another image".into());
                }
            }
        }
        for b in &mut f.blocks {
            let mut out = Vec::with_capacity(b.instructions.len());
            for i in b.instructions.drain(..) {
                let pointer = match (i.class.opcode, i.operands.first()) {
                    (Op::Load, Some(Operand::IdRef(p))) => Some(*p),
                    _ => None,
                };
                if pointer.is_some_and(|p| sampler_image.contains_key(&p)) {
                    continue;
                }
                if let Some((var, &(image_ty, sampled_ty))) = pointer.and_then(|p| retyped.get(&p).map(|t| (p, t))) {
                    let result = i.result_id.ok_or("a load of a combined image without a result")?;
                    let combined = bound;
                    bound += 1;
                    out.push(Instruction::new(Op::Load, Some(sampled_ty), Some(combined), vec![Operand::IdRef(var)]));
                    out.push(Instruction::new(Op::Image, Some(image_ty), Some(result), vec![Operand::IdRef(combined)]));
                    continue;
                }
                let from_hidden = match (i.class.opcode, i.operands.get(1)) {
                    (Op::SampledImage, Some(Operand::IdRef(s))) => sampler_loads.get(s).copied(),
                    _ => None,
                };
                match from_hidden {
                    Some(var) => out.push(Instruction::new(Op::Load, Some(retyped[&var].1), i.result_id, vec![Operand::IdRef(var)])),
                    None => out.push(i),
                }
            }
            b.instructions = out;
        }
        // A hidden sampler's value used by anything but `OpSampledImage` would now be undefined.
        let dropped: HashSet<Word> = sampler_loads.keys().copied().collect();
        if f.blocks.iter().flat_map(|b| &b.instructions).any(|i| i.operands.iter().any(|o| matches!(o, Operand::IdRef(id) if dropped.contains(id)))) {
            return Err("a combined image sampler's hidden sampler is used other than by `OpSampledImage`".into());
        }
    }
    if let Some(h) = module.header.as_mut() {
        h.bound = bound;
    }

    // Delete the hidden samplers.
    let hidden: HashSet<Word> = sampler_image.keys().copied().collect();
    let targets = |i: &Instruction| matches!(i.operands.first(), Some(Operand::IdRef(t)) if hidden.contains(t));
    module.types_global_values.retain(|i| !i.result_id.is_some_and(|r| hidden.contains(&r)));
    module.annotations.retain(|i| !targets(i));
    module.debug_names.retain(|i| !targets(i));
    for ep in &mut module.entry_points {
        ep.operands.retain(|o| !matches!(o, Operand::IdRef(id) if hidden.contains(id)));
    }
    Ok(())
}

/// The pointee of a `UniformConstant` variable's pointer type, if it is an image type.
fn variable_pointee(module: &Module, var: Word) -> Option<Word> {
    let globals = &module.types_global_values;
    let pointer = globals.iter().find(|i| i.result_id == Some(var) && i.class.opcode == Op::Variable)?.result_type?;
    let decl = globals.iter().find(|i| i.result_id == Some(pointer) && i.class.opcode == Op::TypePointer)?;
    let pointee = match (decl.operands.first(), decl.operands.get(1)) {
        (Some(Operand::StorageClass(StorageClass::UniformConstant)), Some(Operand::IdRef(t))) => *t,
        _ => return None,
    };
    globals.iter().any(|i| i.result_id == Some(pointee) && i.class.opcode == Op::TypeImage).then_some(pointee)
}

/// `OpTypeSampledImage image`, found or added after the image type.
fn sampled_image_type(module: &mut Module, image: Word) -> Word {
    let found = module.types_global_values.iter().find(|i| i.class.opcode == Op::TypeSampledImage && i.operands.first() == Some(&Operand::IdRef(image)));
    if let Some(id) = found.and_then(|i| i.result_id) {
        return id;
    }
    let id = fresh_id(module);
    let at = module.types_global_values.iter().position(|i| i.result_id == Some(image)).map_or(module.types_global_values.len(), |p| p + 1);
    module.types_global_values.insert(at, Instruction::new(Op::TypeSampledImage, None, Some(id), vec![Operand::IdRef(image)]));
    id
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::spirv::{assemble, ids_named};
    use crate::passes::tests::{rename, spirv_of};

    const SAMPLE: &str = "@group(0) @binding(3) var t: texture_2d<f32>;
        @group(0) @binding(9) var s: sampler;
        @group(0) @binding(1) var<storage, read_write> o: array<vec4<f32>>;
        @compute @workgroup_size(1) fn main() {
            o[0] = textureSampleLevel(t, s, vec2(0.5), 0.0) + textureLoad(t, vec2(0), 0) + vec4(f32(textureDimensions(t).x));
        }";

    fn count(module: &Module, op: Op) -> usize {
        crate::passes::tests::function_instructions(module).filter(|i| i.class.opcode == op).count()
    }

    #[test]
    fn feature_absent_module_unchanged() {
        crate::passes::tests::assert_unchanged(spirv_of(SAMPLE, (1, 0), true), |m| run(m, &Config::default()));
    }

    #[test]
    fn image_and_hidden_sampler_become_one_sampled_image_variable() {
        let mut module = spirv_of(SAMPLE, (1, 0), true);
        rename(&mut module, "t", &format!("{IMAGE_MARKER}7"));
        rename(&mut module, "s", &format!("{SAMPLER_MARKER}7"));
        let (image, sampler) = (ids_named(&module, &format!("{IMAGE_MARKER}7"))[0], ids_named(&module, &format!("{SAMPLER_MARKER}7"))[0]);
        run(&mut module, &Config::default()).unwrap();
        // The sampler variable, its decorations and its loads are gone; no `OpSampledImage` is left.
        assert!(!module.types_global_values.iter().any(|i| i.result_id == Some(sampler)));
        assert!(!module.annotations.iter().any(|i| i.operands.first() == Some(&Operand::IdRef(sampler))));
        assert_eq!(count(&module, Op::SampledImage), 0);
        // The image variable points to a sampled image of its image type.
        let image_ty = variable_pointee(&module, image);
        assert_eq!(image_ty, None, "the variable no longer points to a bare image");
        let var = module.types_global_values.iter().find(|i| i.result_id == Some(image)).unwrap();
        let ptr = module.types_global_values.iter().find(|i| i.result_id == var.result_type).unwrap();
        let Some(Operand::IdRef(pointee)) = ptr.operands.get(1) else { panic!() };
        let pointee = module.types_global_values.iter().find(|i| i.result_id == Some(*pointee)).unwrap();
        assert_eq!(pointee.class.opcode, Op::TypeSampledImage);
        // The binding is the texture's.
        let binding = module.annotations.iter().find(|i| i.operands.first() == Some(&Operand::IdRef(image)) && i.operands.get(1) == Some(&Operand::Decoration(rspirv::spirv::Decoration::Binding))).unwrap();
        assert_eq!(binding.operands[2], Operand::LiteralBit32(3));
        // One `OpImage` per function load (the fetch and the size query read it); the sample
        // reads a fresh load of the combined variable.
        assert_eq!(count(&module, Op::Image), 1);
        assert!(count(&module, Op::Load) >= 2);
        let words = assemble(&module);
        assert!(rspirv::dr::load_words(&words).is_ok());
    }
}
