//! `vk::RawBufferLoad` and `vk::RawBufferStore` for SPIR-V: memory at a 64-bit device address
//! through `PhysicalStorageBuffer` pointers (`SPV_KHR_physical_storage_buffer`, core in
//! SPIR-V 1.5).
//!
//! Lowering (`lower::raw_buffer`) calls a marker function ([`LOAD`] or [`STORE`], one per
//! type) with the address, the value to store and the alignment (a constant). This pass, as
//! DXC writes the intrinsics:
//! - replaces each load call by `OpConvertUToPtr` of the address to a pointer to the type in
//!   the `PhysicalStorageBuffer` storage class and an `OpLoad` with the `Aligned` memory
//!   operand, and each store call by the pointer and an `Aligned` `OpStore`;
//! - switches the addressing model to `PhysicalStorageBuffer64`, declares the
//!   `PhysicalStorageBufferAddresses` capability and the extension, and deletes the marker
//!   functions.
//!
//! Atomic operations on a 32-bit word at an address (`Interlocked*` on memory behind a
//! `vk::BufferPointer`) are calls of [`ATOMICS`] markers `(address, scope, semantics, value[,
//! comparator]) -> uint` whose scope and semantics are constants: each becomes the pointer and
//! the `OpAtomic*` instruction the marker names.
//!
//! The loaded types are naga's, which carry explicit layouts (`Offset`, `ArrayStride`,
//! `MatrixStride`) as memory in this storage class needs. A module without the markers is
//! unchanged.

use super::per_vertex_attribute::id_at;
use super::spirv::{fresh_id, pointer_type};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{AddressingModel, Capability, MemoryAccess, Op, StorageClass, Word};

/// The name of the load marker functions (`:` cannot occur in a user function's name).
pub const LOAD: &str = "hlslc::raw_buffer_load";
/// The name of the store marker functions.
pub const STORE: &str = "hlslc::raw_buffer_store";

/// The atomic marker functions and the instructions they become.
pub const ATOMICS: [(&str, Op); 10] = [
    ("hlslc::raw_buffer_atomic_add", Op::AtomicIAdd),
    ("hlslc::raw_buffer_atomic_and", Op::AtomicAnd),
    ("hlslc::raw_buffer_atomic_or", Op::AtomicOr),
    ("hlslc::raw_buffer_atomic_xor", Op::AtomicXor),
    ("hlslc::raw_buffer_atomic_smin", Op::AtomicSMin),
    ("hlslc::raw_buffer_atomic_umin", Op::AtomicUMin),
    ("hlslc::raw_buffer_atomic_smax", Op::AtomicSMax),
    ("hlslc::raw_buffer_atomic_umax", Op::AtomicUMax),
    ("hlslc::raw_buffer_atomic_exchange", Op::AtomicExchange),
    ("hlslc::raw_buffer_atomic_compare_exchange", Op::AtomicCompareExchange),
];

/// Options of the pass (none).
#[derive(Clone, Debug, Default)]
pub struct Config {}

/// Runs the pass.
pub fn run(module: &mut Module, _config: &Config) -> Result<(), String> {
    let defined = |id: &Word| module.functions.iter().any(|f| f.def.as_ref().and_then(|d| d.result_id) == Some(*id));
    let loads: Vec<Word> = super::spirv::ids_named(module, LOAD).into_iter().filter(defined).collect();
    let stores: Vec<Word> = super::spirv::ids_named(module, STORE).into_iter().filter(defined).collect();
    let atomics: Vec<(Word, Op)> = ATOMICS.iter().flat_map(|&(name, op)| super::spirv::ids_named(module, name).into_iter().filter(defined).map(move |id| (id, op))).collect();
    if loads.is_empty() && stores.is_empty() && atomics.is_empty() {
        return Ok(());
    }
    // The stored type of each store marker: its second parameter's.
    let stored_type = |f: Word| {
        let function = module.functions.iter().find(|x| x.def.as_ref().and_then(|d| d.result_id) == Some(f))?;
        function.parameters.get(1)?.result_type
    };
    let store_types: Vec<(Word, Word)> = stores.iter().filter_map(|&f| Some((f, stored_type(f)?))).collect();

    // Collect: each call's place and what it becomes.
    let mut calls = Vec::new();
    let mut atomic_calls = Vec::new();
    for (fi, f) in module.functions.iter().enumerate() {
        for (bi, b) in f.blocks.iter().enumerate() {
            for (ii, i) in b.instructions.iter().enumerate() {
                let Some(callee) = (i.class.opcode == Op::FunctionCall).then(|| id_at(i, 0)).flatten() else { continue };
                if let Some(&(_, op)) = atomics.iter().find(|a| a.0 == callee) {
                    let arguments: Vec<Word> = (1..i.operands.len()).filter_map(|k| id_at(i, k)).collect();
                    let ty = i.result_type.ok_or("an atomic marker call without a type")?;
                    atomic_calls.push((fi, bi, ii, op, ty, arguments, i.result_id));
                    continue;
                }
                let (store, ty) = if loads.contains(&callee) {
                    (false, i.result_type.ok_or("a `vk::RawBufferLoad` marker call without a type")?)
                } else if let Some(&(_, ty)) = store_types.iter().find(|s| s.0 == callee) {
                    (true, ty)
                } else {
                    continue;
                };
                let what = if store { "vk::RawBufferStore" } else { "vk::RawBufferLoad" };
                let arguments: Vec<Word> = (1..i.operands.len()).filter_map(|k| id_at(i, k)).collect();
                let alignment = arguments.last().and_then(|&a| constant(module, a)).ok_or_else(|| format!("a `{what}` marker call without a constant alignment"))?;
                calls.push((fi, bi, ii, store, ty, arguments, alignment, i.result_id));
            }
        }
    }

    // Mutate, last call first so that earlier positions stay valid.
    let mut edits: Vec<(usize, usize, usize, Vec<Instruction>)> = Vec::new();
    for (fi, bi, ii, op, ty, arguments, result) in atomic_calls.into_iter().rev() {
        // (address, scope, semantics, value[, comparator])
        let [address, scope, semantics, ref values @ ..] = arguments[..] else { return Err("an atomic marker call without its operands".into()) };
        let pointer_ty = pointer_type(module, StorageClass::PhysicalStorageBuffer, ty);
        let pointer = fresh_id(module);
        let convert = Instruction::new(Op::ConvertUToPtr, Some(pointer_ty), Some(pointer), vec![Operand::IdRef(address)]);
        let mut operands = vec![Operand::IdRef(pointer), Operand::IdRef(scope), Operand::IdRef(semantics)];
        if op == Op::AtomicCompareExchange {
            operands.push(Operand::IdRef(semantics));
        }
        operands.extend(values.iter().map(|&v| Operand::IdRef(v)));
        edits.push((fi, bi, ii, vec![convert, Instruction::new(op, Some(ty), result, operands)]));
    }
    for (fi, bi, ii, store, ty, arguments, alignment, result) in calls.into_iter().rev() {
        let pointer_ty = pointer_type(module, StorageClass::PhysicalStorageBuffer, ty);
        let pointer = fresh_id(module);
        let access = [Operand::MemoryAccess(MemoryAccess::ALIGNED), Operand::LiteralBit32(alignment)];
        let convert = Instruction::new(Op::ConvertUToPtr, Some(pointer_ty), Some(pointer), vec![Operand::IdRef(arguments[0])]);
        let access_instruction = if store {
            let mut operands = vec![Operand::IdRef(pointer), Operand::IdRef(arguments[1])];
            operands.extend(access);
            Instruction::new(Op::Store, None, None, operands)
        } else {
            let mut operands = vec![Operand::IdRef(pointer)];
            operands.extend(access);
            Instruction::new(Op::Load, Some(ty), result, operands)
        };
        edits.push((fi, bi, ii, vec![convert, access_instruction]));
    }
    edits.sort_by_key(|e| (e.0, e.1, e.2));
    for (fi, bi, ii, instructions) in edits.into_iter().rev() {
        module.functions[fi].blocks[bi].instructions.splice(ii..ii + 1, instructions);
    }
    let markers: Vec<Word> = loads.iter().chain(&stores).copied().chain(atomics.iter().map(|a| a.0)).collect();
    module.functions.retain(|f| !f.def.as_ref().and_then(|d| d.result_id).is_some_and(|id| markers.contains(&id)));
    module.debug_names.retain(|n| !id_at(n, 0).is_some_and(|id| markers.contains(&id)));
    if let Some(model) = module.memory_model.as_mut() {
        model.operands[0] = Operand::AddressingModel(AddressingModel::PhysicalStorageBuffer64);
    }
    if !module.capabilities.iter().any(|c| c.operands.first() == Some(&Operand::Capability(Capability::PhysicalStorageBufferAddresses))) {
        module.capabilities.push(Instruction::new(Op::Capability, None, None, vec![Operand::Capability(Capability::PhysicalStorageBufferAddresses)]));
    }
    let extension = "SPV_KHR_physical_storage_buffer";
    if !module.extensions.iter().any(|e| matches!(e.operands.first(), Some(Operand::LiteralString(s)) if s == extension)) {
        module.extensions.push(Instruction::new(Op::Extension, None, None, vec![Operand::LiteralString(extension.into())]));
    }
    Ok(())
}

/// The value of a 32-bit integer constant.
fn constant(module: &Module, id: Word) -> Option<u32> {
    let c = module.types_global_values.iter().find(|i| i.result_id == Some(id) && i.class.opcode == Op::Constant)?;
    match c.operands.first() {
        Some(Operand::LiteralBit32(v)) => Some(*v),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::spirv::assemble;
    use crate::passes::tests::{instructions, rename, spirv_of};

    const SHADER: &str = "fn load(address: u64, alignment: u32) -> vec2<f32> { return vec2<f32>(); }
        fn store(address: u64, value: vec2<f32>, alignment: u32) {}
        @group(0) @binding(0) var<storage, read_write> a: u64;
        @compute @workgroup_size(1) fn main() {
            let v = load(a, 8u);
            store(a + 16lu, v * 2.0, 16u);
        }";

    #[test]
    fn feature_absent_module_unchanged() {
        crate::passes::tests::assert_unchanged(spirv_of(SHADER, (1, 0), true), |m| run(m, &Config::default()));
    }

    #[test]
    fn calls_become_aligned_accesses_through_physical_pointers() {
        let mut module = spirv_of(SHADER, (1, 0), true);
        rename(&mut module, "load", LOAD);
        rename(&mut module, "store", STORE);
        run(&mut module, &Config::default()).unwrap();
        assert_eq!(module.functions.len(), 1, "the marker functions are gone");
        let insts = instructions(&module);
        assert!(!insts.iter().any(|i| i.class.opcode == Op::FunctionCall));
        assert_eq!(insts.iter().filter(|i| i.class.opcode == Op::ConvertUToPtr).count(), 2);
        let aligned = |i: &&&Instruction, k: u32| i.operands.ends_with(&[Operand::MemoryAccess(MemoryAccess::ALIGNED), Operand::LiteralBit32(k)]);
        assert!(insts.iter().any(|i| i.class.opcode == Op::Load && aligned(&i, 8)));
        assert!(insts.iter().any(|i| i.class.opcode == Op::Store && aligned(&i, 16)));
        let physical = |id: Word| module.types_global_values.iter().any(|t| t.result_id == Some(id) && t.operands.first() == Some(&Operand::StorageClass(StorageClass::PhysicalStorageBuffer)));
        assert!(insts.iter().filter(|i| i.class.opcode == Op::ConvertUToPtr).all(|i| physical(i.result_type.unwrap())));
        assert_eq!(module.memory_model.as_ref().unwrap().operands[0], Operand::AddressingModel(AddressingModel::PhysicalStorageBuffer64));
        assert!(module.capabilities.iter().any(|c| c.operands[0] == Operand::Capability(Capability::PhysicalStorageBufferAddresses)));
        crate::passes::spirv::load(&assemble(&module)).unwrap();
    }

    #[test]
    fn atomic_calls_become_atomic_instructions_on_physical_pointers() {
        let shader = "fn cas(address: u64, scope: u32, semantics: u32, value: u32, comparator: u32) -> u32 { return 0u; }
            fn add(address: u64, scope: u32, semantics: u32, value: u32) -> u32 { return 0u; }
            @group(0) @binding(0) var<storage, read_write> a: u64;
            @group(0) @binding(1) var<storage, read_write> b: u32;
            @compute @workgroup_size(1) fn main() {
                b = cas(a, 1u, 0u, 5u, 3u) + add(a + 4lu, 1u, 0u, 7u);
            }";
        let mut module = spirv_of(shader, (1, 0), true);
        rename(&mut module, "cas", ATOMICS[9].0);
        rename(&mut module, "add", ATOMICS[0].0);
        run(&mut module, &Config::default()).unwrap();
        assert_eq!(module.functions.len(), 1, "the marker functions are gone");
        let insts = instructions(&module);
        assert!(!insts.iter().any(|i| i.class.opcode == Op::FunctionCall));
        assert_eq!(insts.iter().filter(|i| i.class.opcode == Op::ConvertUToPtr).count(), 2);
        let cas = insts.iter().find(|i| i.class.opcode == Op::AtomicCompareExchange).expect("a compare-exchange");
        // pointer, scope, equal and unequal semantics, value, comparator
        assert_eq!(cas.operands.len(), 6);
        assert_eq!(cas.operands[2], cas.operands[3]);
        let add = insts.iter().find(|i| i.class.opcode == Op::AtomicIAdd).expect("an add");
        assert_eq!(add.operands.len(), 4);
        assert_eq!(module.memory_model.as_ref().unwrap().operands[0], Operand::AddressingModel(AddressingModel::PhysicalStorageBuffer64));
        crate::passes::spirv::load(&assemble(&module)).unwrap();
    }
}
