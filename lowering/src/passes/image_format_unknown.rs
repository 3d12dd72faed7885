//! Storage images without a format, for SPIR-V: `[[vk::image_format("unknown")]]` and
//! elements no storage format holds (`RWTexture2D<uint3>`).
//!
//! naga has no `Unknown` storage format, so lowering gives such a texture the four-channel
//! 32-bit format of its element's scalar kind (`Rgba32Uint` for `uint3`), reads and writes it
//! as a four-component vector like every naga storage image, and names its variable
//! [`MARKER`] followed by the global's index. This pass gives each marked variable an image
//! type whose format is `Unknown` — what DXC emits (its `docs/SPIR-V.rst`: the format is
//! inferred from the element type, `Unknown` where none matches) — retypes the loads of it
//! (directly, or through an access chain for an array of such textures), and declares
//! `StorageImageReadWithoutFormat` / `StorageImageWriteWithoutFormat` when the image is read
//! or written (Vulkan's `shaderStorageImageReadWithoutFormat` and
//! `shaderStorageImageWriteWithoutFormat` features). Four components work with any format
//! Vulkan binds there: the channels it lacks read as 0 (alpha 1) and are ignored on writes.
//!
//! A module without marked variables is unchanged.

use super::spirv::{fresh_id, pointer_type};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Capability, ImageFormat, Op, StorageClass, Word};
use std::collections::HashMap;

/// How the name of a marked variable starts (`:` cannot occur in a user name).
pub const MARKER: &str = "hlslc::unknown_format::";

/// Options of the pass (none).
#[derive(Clone, Debug, Default)]
pub struct Config {}

/// Runs the pass.
pub fn run(module: &mut Module, _config: &Config) -> Result<(), String> {
    // Collect.
    let vars: Vec<Word> = module
        .debug_names
        .iter()
        .filter(|i| matches!(i.operands.get(1), Some(Operand::LiteralString(s)) if s.starts_with(MARKER)))
        .filter_map(|i| match i.operands.first() {
            Some(Operand::IdRef(id)) => Some(*id),
            _ => None,
        })
        .collect();
    if vars.is_empty() {
        return Ok(());
    }

    // Mutate.
    let mut retyped: HashMap<Word, Word> = HashMap::new();
    // (old pointer to an image, new pointer) for access chains into arrays of images.
    let mut element_pointers: HashMap<Word, Word> = HashMap::new();
    for &var in &vars {
        let find = |m: &Module, id: Word| m.types_global_values.iter().find(|i| i.result_id == Some(id)).cloned();
        let v = find(module, var).ok_or("a marked image variable is missing")?;
        let pointer = v.result_type.and_then(|t| find(module, t)).ok_or("a marked image variable has no pointer type")?;
        let Some(Operand::IdRef(pointee)) = pointer.operands.get(1) else { return Err("a marked image variable's pointer has no pointee".into()) };
        let pointee_inst = find(module, *pointee).ok_or("a marked image variable points to nothing")?;
        let new_pointee = match pointee_inst.class.opcode {
            Op::TypeImage => unknown_image(module, *pointee, &mut retyped)?,
            Op::TypeArray | Op::TypeRuntimeArray => {
                let Some(Operand::IdRef(element)) = pointee_inst.operands.first() else { return Err("an image array has no element type".into()) };
                let new_element = unknown_image(module, *element, &mut retyped)?;
                let old_element_pointer = pointer_type(module, StorageClass::UniformConstant, *element);
                let new_element_pointer = pointer_type(module, StorageClass::UniformConstant, new_element);
                element_pointers.insert(old_element_pointer, new_element_pointer);
                let mut array = pointee_inst.clone();
                let id = fresh_id(module);
                array.result_id = Some(id);
                array.operands[0] = Operand::IdRef(new_element);
                let at = module.types_global_values.iter().position(|i| i.result_id == Some(new_element)).map_or(module.types_global_values.len(), |p| p + 1);
                module.types_global_values.insert(at, array);
                id
            }
            _ => return Err("a marked variable is not an image or an array of images".into()),
        };
        let new_pointer = pointer_type(module, StorageClass::UniformConstant, new_pointee);
        // The variable must follow its new pointer type.
        let at = module.types_global_values.iter().position(|i| i.result_id == Some(var)).ok_or("a marked image variable disappeared")?;
        let mut inst = module.types_global_values.remove(at);
        inst.result_type = Some(new_pointer);
        let after = module.types_global_values.iter().position(|i| i.result_id == Some(new_pointer)).map_or(module.types_global_values.len(), |p| p + 1);
        module.types_global_values.insert(after.max(at), inst);
    }
    // Loads of the variables (and of access chains into them) take the new image types; the
    // images loaded are followed to their reads and writes.
    let mut pointers: HashMap<Word, ()> = vars.iter().map(|v| (*v, ())).collect();
    let mut images = Vec::new();
    let (mut reads, mut writes) = (false, false);
    for f in &mut module.functions {
        for b in &mut f.blocks {
            for i in &mut b.instructions {
                let first = match i.operands.first() {
                    Some(Operand::IdRef(id)) => Some(*id),
                    _ => None,
                };
                match i.class.opcode {
                    Op::AccessChain | Op::InBoundsAccessChain if first.is_some_and(|p| pointers.contains_key(&p)) => {
                        if let Some(new) = i.result_type.and_then(|t| element_pointers.get(&t)) {
                            i.result_type = Some(*new);
                        }
                        pointers.extend(i.result_id.map(|r| (r, ())));
                    }
                    Op::Load if first.is_some_and(|p| pointers.contains_key(&p)) => {
                        if let Some(new) = i.result_type.and_then(|t| retyped.get(&t)) {
                            i.result_type = Some(*new);
                        }
                        images.extend(i.result_id);
                    }
                    Op::ImageRead if first.is_some_and(|p| images.contains(&p)) => reads = true,
                    Op::ImageWrite if first.is_some_and(|p| images.contains(&p)) => writes = true,
                    _ => {}
                }
            }
        }
    }
    for (used, capability) in [(reads, Capability::StorageImageReadWithoutFormat), (writes, Capability::StorageImageWriteWithoutFormat)] {
        if used && !module.capabilities.iter().any(|i| i.operands.first() == Some(&Operand::Capability(capability))) {
            module.capabilities.push(Instruction::new(Op::Capability, None, None, vec![Operand::Capability(capability)]));
        }
    }
    Ok(())
}

/// The `Unknown`-format twin of an image type, found or added right after it.
fn unknown_image(module: &mut Module, image: Word, retyped: &mut HashMap<Word, Word>) -> Result<Word, String> {
    if let Some(id) = retyped.get(&image) {
        return Ok(*id);
    }
    let at = module.types_global_values.iter().position(|i| i.result_id == Some(image)).ok_or("an image type is missing")?;
    let mut twin = module.types_global_values[at].clone();
    let format = twin.operands.iter_mut().find(|o| matches!(o, Operand::ImageFormat(_))).ok_or("an image type has no format")?;
    *format = Operand::ImageFormat(ImageFormat::Unknown);
    let id = fresh_id(module);
    twin.result_id = Some(id);
    module.types_global_values.insert(at + 1, twin);
    retyped.insert(image, id);
    Ok(id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::spirv::{assemble, load};
    use crate::passes::tests::{rename, spirv_of};

    fn formats(module: &Module) -> Vec<ImageFormat> {
        module
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::TypeImage)
            .filter_map(|i| i.operands.iter().find_map(|o| if let Operand::ImageFormat(f) = o { Some(*f) } else { None }))
            .collect()
    }

    const SHADER: &str = "@group(0) @binding(0) var a: texture_storage_2d<rgba32uint, read_write>;
         @group(0) @binding(1) var b: texture_storage_2d<rgba32uint, read_write>;
         @compute @workgroup_size(1) fn main() {
             textureStore(a, vec2<i32>(0), textureLoad(b, vec2<i32>(1)));
         }";

    #[test]
    fn marked_images_lose_their_format() {
        let mut module = spirv_of(SHADER, (1, 3), true);
        rename(&mut module, "a", "hlslc::unknown_format::0");
        run(&mut module, &Config::default()).unwrap();
        // `b` keeps `Rgba32ui`; `a` has a twin type with `Unknown`.
        assert_eq!(formats(&module), vec![ImageFormat::Rgba32ui, ImageFormat::Unknown]);
        let caps: Vec<&Operand> = module.capabilities.iter().filter_map(|i| i.operands.first()).collect();
        assert!(caps.contains(&&Operand::Capability(Capability::StorageImageWriteWithoutFormat)));
        assert!(!caps.contains(&&Operand::Capability(Capability::StorageImageReadWithoutFormat)), "only `b` is read");
        load(&assemble(&module)).unwrap();
    }

    #[test]
    fn modules_without_marked_images_are_unchanged() {
        crate::passes::tests::assert_unchanged(spirv_of(SHADER, (1, 3), true), |m| run(m, &Config::default()));
    }
}
