//! Vulkan input attachments (`SubpassInput<T>`, `SubpassInputMS<T>`) for SPIR-V.
//!
//! naga has no subpass image, so lowering declares each input attachment as a sampled 2D image
//! (multisampled for `SubpassInputMS`) named [`MARKER`] followed by its
//! `[[vk::input_attachment_index]]` (empty without one), `::` and the global's index, and
//! lowers `SubpassLoad([sample])` to a load of texel (0, 0) at level 0 (or of the sample).
//! naga writes that as `OpImageFetch`. This pass, as DXC writes input attachments:
//! - gives each marked variable an image type of dimensionality `SubpassData` (sampled 2,
//!   format `Unknown`, depth "unknown", not arrayed, multisampled as before), a new type so that textures of
//!   the same element type keep theirs, and retypes the loads of the variable;
//! - turns each `OpImageFetch` of such a load into `OpImageRead` at the same coordinate
//!   (which Vulkan takes relative to the pixel's position: (0, 0) is the pixel's own texel),
//!   without the `Lod` operand, keeping `Sample`;
//! - decorates the variable with `InputAttachmentIndex` and declares the `InputAttachment`
//!   capability.
//!
//! A module without marked variables is unchanged.

use super::spirv::{decorate, fresh_id, pointer_type};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Capability, Decoration, Dim, ImageFormat, ImageOperands, Op, StorageClass, Word};
use std::collections::{HashMap, HashSet};

/// How the name of a marked variable starts (`:` cannot occur in a user name).
pub const MARKER: &str = "hlslc::input_attachment::";

/// Options of the pass (none).
#[derive(Clone, Debug, Default)]
pub struct Config {}

/// Runs the pass.
pub fn run(module: &mut Module, _config: &Config) -> Result<(), String> {
    // Collect: each marked variable and its attachment index.
    let vars: Vec<(Word, Option<u32>)> = module
        .debug_names
        .iter()
        .filter_map(|i| match (i.operands.first(), i.operands.get(1)) {
            (Some(Operand::IdRef(id)), Some(Operand::LiteralString(s))) => {
                let rest = s.strip_prefix(MARKER)?;
                Some((*id, rest.split("::").next().and_then(|n| n.parse().ok())))
            }
            _ => None,
        })
        .collect();
    if vars.is_empty() {
        return Ok(());
    }

    // Mutate: types and variables, then loads and reads.
    let mut loads = HashSet::new();
    // The `SubpassData` image type made for each of naga's image types (one per type).
    let mut made: HashMap<Word, Word> = HashMap::new();
    for &(var, index) in &vars {
        let global = |m: &Module, id: Word| m.types_global_values.iter().position(|i| i.result_id == Some(id));
        let at = global(module, var).ok_or("a marked input attachment variable is missing")?;
        let pointer = module.types_global_values[at].result_type.and_then(|t| global(module, t)).ok_or("an input attachment without a pointer type")?;
        let Some(&Operand::IdRef(image_id)) = module.types_global_values[pointer].operands.get(1) else { return Err("an input attachment's pointer has no pointee".into()) };
        let new_image = match made.get(&image_id) {
            Some(&id) => id,
            None => {
                let id = subpass_image(module, image_id)?;
                made.insert(image_id, id);
                id
            }
        };
        let new_pointer = pointer_type(module, StorageClass::UniformConstant, new_image);
        let at = global(module, var).ok_or("a marked input attachment variable is missing")?;
        module.types_global_values[at].result_type = Some(new_pointer);
        for f in &mut module.functions {
            for b in &mut f.blocks {
                for i in &mut b.instructions {
                    if i.class.opcode == Op::Load && i.operands.first() == Some(&Operand::IdRef(var)) {
                        i.result_type = Some(new_image);
                        loads.extend(i.result_id);
                    }
                }
            }
        }
        if let Some(index) = index {
            decorate(module, var, Decoration::InputAttachmentIndex, vec![Operand::LiteralBit32(index)]);
        }
    }
    for f in &mut module.functions {
        for b in &mut f.blocks {
            for i in &mut b.instructions {
                if i.class.opcode == Op::ImageFetch && matches!(i.operands.first(), Some(Operand::IdRef(img)) if loads.contains(img)) {
                    *i = subpass_read(i)?;
                }
            }
        }
    }
    if !module.capabilities.iter().any(|c| c.operands.first() == Some(&Operand::Capability(Capability::InputAttachment))) {
        module.capabilities.push(Instruction::new(Op::Capability, None, None, vec![Operand::Capability(Capability::InputAttachment)]));
    }
    Ok(())
}

/// A new image type like naga's `image` but of dimensionality `SubpassData` (sampled 2,
/// format `Unknown`, depth unknown as DXC writes it, not arrayed), added after it.
fn subpass_image(module: &mut Module, image: Word) -> Result<Word, String> {
    let at = module.types_global_values.iter().position(|i| i.result_id == Some(image)).ok_or("an input attachment's image type is missing")?;
    let old = &module.types_global_values[at];
    if old.class.opcode != Op::TypeImage || old.operands.len() < 7 {
        return Err("an input attachment that is not an image".into());
    }
    // Sampled type, Dim, Depth, Arrayed, MS, Sampled, Format.
    let mut operands = old.operands.clone();
    operands[1] = Operand::Dim(Dim::DimSubpassData);
    operands[2] = Operand::LiteralBit32(2);
    operands[3] = Operand::LiteralBit32(0);
    operands[5] = Operand::LiteralBit32(2);
    operands[6] = Operand::ImageFormat(ImageFormat::Unknown);
    operands.truncate(7);
    let id = fresh_id(module);
    module.types_global_values.insert(at + 1, Instruction::new(Op::TypeImage, None, Some(id), operands));
    Ok(id)
}

/// `OpImageRead` for naga's `OpImageFetch image coordinate [Lod l | Sample s]`: the same
/// image and coordinate, and the sample if there is one.
fn subpass_read(fetch: &Instruction) -> Result<Instruction, String> {
    let mut operands: Vec<Operand> = fetch.operands.iter().take(2).cloned().collect();
    match fetch.operands.get(2) {
        None => {}
        Some(Operand::ImageOperands(mask)) if *mask == ImageOperands::LOD => {}
        Some(Operand::ImageOperands(mask)) if *mask == ImageOperands::SAMPLE => operands.extend(fetch.operands[2..].iter().cloned()),
        Some(other) => return Err(format!("an input attachment read with image operands {other:?}")),
    }
    Ok(Instruction::new(Op::ImageRead, fetch.result_type, fetch.result_id, operands))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::spirv::ids_named;
    use crate::passes::tests::{instructions, rename, spirv_of};

    const LOADS: &str = "@group(0) @binding(0) var a: texture_2d<f32>;
        @group(0) @binding(1) var b: texture_multisampled_2d<u32>;
        @group(0) @binding(2) var c: texture_2d<f32>;
        @fragment fn main() -> @location(0) vec4<f32> {
            return textureLoad(a, vec2(0, 0), 0) + vec4<f32>(textureLoad(b, vec2(0, 0), 3)) + textureLoad(c, vec2(1, 1), 0);
        }";

    #[test]
    fn feature_absent_module_unchanged() {
        crate::passes::tests::assert_unchanged(spirv_of(LOADS, (1, 0), true), |m| run(m, &Config::default()));
    }

    #[test]
    fn marked_images_become_subpass_data_read_with_image_read() {
        let mut module = spirv_of(LOADS, (1, 0), true);
        rename(&mut module, "a", &format!("{MARKER}3::0"));
        rename(&mut module, "b", &format!("{MARKER}::1"));
        let (a, b) = (ids_named(&module, &format!("{MARKER}3::0"))[0], ids_named(&module, &format!("{MARKER}::1"))[0]);
        run(&mut module, &Config::default()).unwrap();
        let insts = instructions(&module);
        // Two reads (the sample kept on the multisampled one); `c`, of `a`'s old type, still fetches.
        let reads: Vec<_> = insts.iter().filter(|i| i.class.opcode == Op::ImageRead).collect();
        assert_eq!(reads.len(), 2);
        assert_eq!(reads[0].operands.len(), 2);
        assert_eq!(reads[1].operands[2], Operand::ImageOperands(ImageOperands::SAMPLE));
        assert_eq!(insts.iter().filter(|i| i.class.opcode == Op::ImageFetch).count(), 1);
        let subpass_images: Vec<_> = module.types_global_values.iter().filter(|i| i.class.opcode == Op::TypeImage && i.operands[1] == Operand::Dim(Dim::DimSubpassData)).collect();
        assert_eq!(subpass_images.len(), 2);
        assert!(subpass_images.iter().all(|i| i.operands[5] == Operand::LiteralBit32(2) && i.operands[6] == Operand::ImageFormat(ImageFormat::Unknown)));
        assert_eq!((subpass_images[0].operands[4].clone(), subpass_images[1].operands[4].clone()), (Operand::LiteralBit32(0), Operand::LiteralBit32(1)));
        // The index decorates `a` only; the capability is declared.
        let index_of = |v: Word| module.annotations.iter().find(|i| i.operands[0] == Operand::IdRef(v) && i.operands[1] == Operand::Decoration(Decoration::InputAttachmentIndex)).map(|i| i.operands[2].clone());
        assert_eq!(index_of(a), Some(Operand::LiteralBit32(3)));
        assert_eq!(index_of(b), None);
        assert!(module.capabilities.iter().any(|c| c.operands[0] == Operand::Capability(Capability::InputAttachment)));
    }
}
