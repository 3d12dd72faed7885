//! `-fspv-flatten-resource-arrays`, for SPIR-V: every element of a resource array is a
//! variable of its own at a binding of its own, as DXC writes it (its SPIR-V.rst: "an array
//! of 3 textures will become 3 texture resources taking 3 binding numbers", like D3D).
//!
//! naga writes a resource array as one variable of array type at the array's binding;
//! lowering reserved the bindings after it for the other elements (`lower::bindings`). This
//! pass replaces each listed array variable by one variable per element, decorated with the
//! array's descriptor set, binding `first + k` and the array variable's other decorations, and
//! every access chain into the array by the element its constant index names (the rest of
//! the chain, if any, goes on from the element). An index that is not a constant is an error
//! (E0801): DXC resolves such indices with its optimiser, which hlslc does not have.
//!
//! A module without listed arrays (an empty `Config`) is unchanged.

use super::spirv::{fresh_id, pointer_type};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Decoration, Op, StorageClass, Word};
use std::collections::HashMap;

/// Options of the pass.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// The resource arrays to flatten: (descriptor set, binding of element 0, element count).
    pub arrays: Vec<(u32, u32, u32)>,
}

/// Runs the pass.
pub fn run(module: &mut Module, config: &Config) -> Result<(), String> {
    if config.arrays.is_empty() {
        return Ok(());
    }
    // Collect: each listed array variable, its storage class and element type.
    let mut decorations: HashMap<Word, (Option<u32>, Option<u32>)> = HashMap::new();
    for inst in &module.annotations {
        if let (Op::Decorate, [Operand::IdRef(target), Operand::Decoration(d), Operand::LiteralBit32(v)]) = (inst.class.opcode, inst.operands.as_slice()) {
            let e = decorations.entry(*target).or_default();
            match d {
                Decoration::DescriptorSet => e.0 = Some(*v),
                Decoration::Binding => e.1 = Some(*v),
                _ => {}
            }
        }
    }
    let defs: HashMap<Word, Instruction> = module.types_global_values.iter().filter_map(|i| i.result_id.map(|id| (id, i.clone()))).collect();
    let constant = |id: Word| match defs.get(&id) {
        Some(i) if i.class.opcode == Op::Constant => match i.operands.first() {
            Some(Operand::LiteralBit32(v)) => Some(*v),
            _ => None,
        },
        _ => None,
    };
    // (array variable, storage class, element type, elements, set, first binding)
    let mut arrays: Vec<(Word, StorageClass, Word, u32, u32, u32)> = Vec::new();
    for &(set, binding, count) in &config.arrays {
        // Every variable at the binding: the array and its aliases (the depth twin of a
        // texture array both compared and read as colour, `binding_alias`).
        let mut vars: Vec<Word> = decorations.iter().filter(|(_, &(s, b))| s.unwrap_or(0) == set && b == Some(binding)).map(|(&v, _)| v).collect();
        vars.sort();
        if vars.is_empty() {
            return Err(format!("flatten_resource_arrays: no variable at set {set}, binding {binding}"));
        }
        for var in vars {
            let Some(Instruction { result_type: Some(ptr), operands, .. }) = defs.get(&var) else {
                return Err(format!("flatten_resource_arrays: %{var} is not a variable"));
            };
            let Some(Operand::StorageClass(class)) = operands.first() else {
                return Err(format!("flatten_resource_arrays: %{var} has no storage class"));
            };
            let pointee = match defs.get(ptr).map(|p| p.operands.as_slice()) {
                Some([_, Operand::IdRef(t)]) => *t,
                _ => return Err(format!("flatten_resource_arrays: %{var}'s type is not a pointer")),
            };
            // (Another resource `[[vk::binding]]` puts at the array's binding stays as it is.)
            let element = match defs.get(&pointee) {
                Some(i) if i.class.opcode == Op::TypeArray => match i.operands.as_slice() {
                    [Operand::IdRef(e), Operand::IdRef(n)] if constant(*n) == Some(count) => *e,
                    _ => continue,
                },
                _ => continue,
            };
            arrays.push((var, *class, element, count, set, binding));
        }
        if !arrays.iter().any(|a| a.4 == set && a.5 == binding) {
            return Err(format!("flatten_resource_arrays: no array of {count} at set {set}, binding {binding}"));
        }
    }

    // Mutate: the element variables.
    let mut elements: HashMap<Word, Vec<Word>> = HashMap::new();
    for &(var, class, element, count, set, binding) in &arrays {
        let ptr = pointer_type(module, class, element);
        let ids: Vec<Word> = (0..count).map(|_| fresh_id(module)).collect();
        // At the end, after every type (naga may declare the element's pointer type after
        // the array variable).
        for &id in &ids {
            module.types_global_values.push(Instruction::new(Op::Variable, Some(ptr), Some(id), vec![Operand::StorageClass(class)]));
        }
        // The array variable's decorations, each element at its own binding.
        let others: Vec<Instruction> = module.annotations.iter().filter(|i| i.class.opcode == Op::Decorate && i.operands.first() == Some(&Operand::IdRef(var))).cloned().collect();
        for (k, &id) in ids.iter().enumerate() {
            for d in &others {
                let mut d = d.clone();
                d.operands[0] = Operand::IdRef(id);
                match d.operands.get_mut(1..) {
                    Some([Operand::Decoration(Decoration::Binding), Operand::LiteralBit32(b)]) => *b = binding + k as u32,
                    Some([Operand::Decoration(Decoration::DescriptorSet), Operand::LiteralBit32(s)]) => *s = set,
                    _ => {}
                }
                module.annotations.push(d);
            }
        }
        elements.insert(var, ids);
    }
    let flattened: Vec<Word> = arrays.iter().map(|a| a.0).collect();
    // Access chains into the arrays.
    let mut replaced: HashMap<Word, Word> = HashMap::new();
    for f in &mut module.functions {
        for b in &mut f.blocks {
            let mut kept = Vec::with_capacity(b.instructions.len());
            for mut inst in std::mem::take(&mut b.instructions) {
                let chain = matches!(inst.class.opcode, Op::AccessChain | Op::InBoundsAccessChain);
                let base = match inst.operands.first() {
                    Some(Operand::IdRef(base)) if chain => *base,
                    _ => {
                        kept.push(inst);
                        continue;
                    }
                };
                let Some(ids) = elements.get(&base) else {
                    kept.push(inst);
                    continue;
                };
                let Some(Operand::IdRef(index)) = inst.operands.get(1) else {
                    return Err("flatten_resource_arrays: an access chain into a resource array without an index".into());
                };
                let Some(k) = constant(*index) else {
                    return Err("E0801: an element of a resource array chosen at run time cannot be flattened (`-fspv-flatten-resource-arrays`): hlslc needs a constant index, as DXC before its optimiser".into());
                };
                let Some(&element) = ids.get(k as usize) else {
                    return Err(format!("E0801: index {k} is past the end of a resource array of {} (`-fspv-flatten-resource-arrays`)", ids.len()));
                };
                if inst.operands.len() == 2 {
                    if let Some(id) = inst.result_id {
                        replaced.insert(id, element);
                    }
                    continue;
                }
                inst.operands.remove(1);
                inst.operands[0] = Operand::IdRef(element);
                kept.push(inst);
            }
            b.instructions = kept;
        }
    }
    // Uses of the replaced chains, and of the arrays anywhere else (entry-point interfaces).
    let rename = |op: &mut Operand| {
        if let Operand::IdRef(id) = op {
            if let Some(&to) = replaced.get(id) {
                *id = to;
            }
        }
    };
    for f in &mut module.functions {
        for b in &mut f.blocks {
            for i in &mut b.instructions {
                i.operands.iter_mut().for_each(rename);
            }
        }
    }
    module.annotations.retain(|i| !matches!(i.operands.first(), Some(Operand::IdRef(t)) if replaced.contains_key(t) || flattened.contains(t)));
    module.debug_names.retain(|i| !matches!(i.operands.first(), Some(Operand::IdRef(t)) if flattened.contains(t)));
    for ep in &mut module.entry_points {
        let mut operands = Vec::with_capacity(ep.operands.len());
        for op in std::mem::take(&mut ep.operands) {
            match op {
                Operand::IdRef(id) if elements.contains_key(&id) => operands.extend(elements[&id].iter().map(|&e| Operand::IdRef(e))),
                op => operands.push(op),
            }
        }
        ep.operands = operands;
    }
    module.types_global_values.retain(|i| !matches!(i.result_id, Some(id) if flattened.contains(&id)));
    if let Some(i) = module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions).find(|i| i.operands.iter().any(|o| matches!(o, Operand::IdRef(id) if flattened.contains(id)))) {
        return Err(format!("flatten_resource_arrays: a resource array is used other than through an access chain ({:?})", i.class.opcode));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::tests::bindings;

    const SHADER: &str = "enable wgpu_binding_array;
        @group(0) @binding(2) var textures: binding_array<texture_2d<f32>, 3>;
        @group(0) @binding(0) var smp: sampler;
        @group(0) @binding(1) var<storage, read_write> out: array<f32>;
        @compute @workgroup_size(1) fn main() {
            out[0] = textureSampleLevel(textures[0], smp, vec2(0.5), 0.0).x + textureSampleLevel(textures[2], smp, vec2(0.5), 0.0).x;
        }";

    fn spirv_of(wgsl: &str) -> Module {
        crate::passes::tests::spirv_of(wgsl, (1, 3), true)
    }

    #[test]
    fn each_element_takes_the_next_binding() {
        let mut module = spirv_of(SHADER);
        assert_eq!(bindings(&module), vec![0, 1, 2]);
        let chains_before = chains(&module);
        run(&mut module, &Config { arrays: vec![(0, 2, 3)] }).unwrap();
        assert_eq!(bindings(&module), vec![0, 1, 2, 3, 4]);
        // Three texture variables and the sampler, no array variable; no chain into an array.
        let handles = module.types_global_values.iter().filter(|i| i.class.opcode == Op::Variable && i.operands == [Operand::StorageClass(StorageClass::UniformConstant)]).count();
        assert_eq!(handles, 4);
        assert_eq!(chains(&module), chains_before - 2, "the two chains into the array are gone");
    }

    fn chains(module: &Module) -> usize {
        module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions).filter(|i| i.class.opcode == Op::AccessChain).count()
    }

    #[test]
    fn a_run_time_index_is_an_error() {
        let src = SHADER.replace("textures[2]", "textures[u32(out[1])]");
        let mut module = spirv_of(&src);
        let e = run(&mut module, &Config { arrays: vec![(0, 2, 3)] }).unwrap_err();
        assert!(e.starts_with("E0801: "), "{e}");
    }

    #[test]
    fn without_arrays_module_unchanged() {
        crate::passes::tests::assert_unchanged(spirv_of(SHADER), |m| run(m, &Config::default()));
    }
}
