//! Several variables at one binding, for SPIR-V: the binding arrays of an SM 6.6 descriptor
//! heap.
//!
//! DXC maps `ResourceDescriptorHeap` to one unsized binding array per resource type the shader
//! takes from it, all decorated with the heap's descriptor set and binding (a Vulkan host binds
//! the heap once, with mutable descriptors). naga's validator rejects two variables at one
//! binding, so lowering gives every array after the first a stand-in binding, and this pass
//! rewrites the stand-ins' `DescriptorSet`/`Binding` decorations to the heap's.
//!
//! A module without stand-ins (an empty `Config`) is unchanged.

use rspirv::dr::{Module, Operand};
use rspirv::spirv::{Decoration, Op, Word};
use std::collections::HashMap;

/// Options of the pass.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// (set, binding) naga wrote → (set, binding) the variable really has.
    pub aliases: Vec<((u32, u32), (u32, u32))>,
}

/// Runs the pass.
pub fn run(module: &mut Module, config: &Config) -> Result<(), String> {
    if config.aliases.is_empty() {
        return Ok(());
    }
    // Collect: each variable's set and binding.
    let mut sets: HashMap<Word, u32> = HashMap::new();
    let mut bindings: HashMap<Word, u32> = HashMap::new();
    for inst in &module.annotations {
        if let (Op::Decorate, [Operand::IdRef(target), Operand::Decoration(d), Operand::LiteralBit32(v)]) = (inst.class.opcode, inst.operands.as_slice()) {
            match d {
                Decoration::DescriptorSet => {
                    sets.insert(*target, *v);
                }
                Decoration::Binding => {
                    bindings.insert(*target, *v);
                }
                _ => {}
            }
        }
    }
    let mut rewrite: HashMap<Word, (u32, u32)> = HashMap::new();
    for (&var, &binding) in &bindings {
        let set = sets.get(&var).copied().unwrap_or(0);
        if let Some(&(_, to)) = config.aliases.iter().find(|(from, _)| *from == (set, binding)) {
            rewrite.insert(var, to);
        }
    }
    if rewrite.len() != config.aliases.len() {
        return Err(format!("binding_alias: found {} of {} stand-in bindings", rewrite.len(), config.aliases.len()));
    }

    // Mutate.
    for inst in &mut module.annotations {
        if let (Op::Decorate, [Operand::IdRef(target), Operand::Decoration(d), Operand::LiteralBit32(v)]) = (inst.class.opcode, inst.operands.as_mut_slice()) {
            if let Some(&(set, binding)) = rewrite.get(target) {
                match d {
                    Decoration::DescriptorSet => *v = set,
                    Decoration::Binding => *v = binding,
                    _ => {}
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::tests::bindings;

    const SHADER: &str = "enable wgpu_binding_array;
        @group(0) @binding(0) var textures: binding_array<texture_2d<f32>>;
        @group(0) @binding(7) var samplers: binding_array<sampler>;
        @group(0) @binding(1) var<storage, read_write> out: array<f32>;
        @compute @workgroup_size(1) fn main() {
            out[0] = textureSampleLevel(textures[1], samplers[2], vec2(0.5), 0.0).x;
        }";

    fn spirv_of(wgsl: &str) -> Module {
        crate::passes::tests::spirv_of(wgsl, (1, 3), true)
    }

    #[test]
    fn stand_in_binding_takes_the_heap_binding() {
        let mut module = spirv_of(SHADER);
        assert_eq!(bindings(&module), vec![0, 1, 7]);
        run(&mut module, &Config { aliases: vec![((0, 7), (0, 0))] }).unwrap();
        assert_eq!(bindings(&module), vec![0, 0, 1]);
    }

    #[test]
    fn missing_stand_in_is_an_error() {
        let mut module = spirv_of(SHADER);
        assert!(run(&mut module, &Config { aliases: vec![((0, 9), (0, 0))] }).is_err());
    }

    #[test]
    fn without_aliases_module_unchanged() {
        crate::passes::tests::assert_unchanged(spirv_of(SHADER), |m| run(m, &Config::default()));
    }
}
