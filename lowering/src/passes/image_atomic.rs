//! Texture atomics for SPIR-V: the `original` value, `InterlockedExchange`,
//! `InterlockedCompareExchange` and `InterlockedCompareStore` on R32 `RWTexture*` texels.
//!
//! naga's `ImageAtomic` returns nothing and has no exchange forms; SPIR-V's image atomics
//! (`OpImageTexelPointer` + `OpAtomic*`) have both. Lowering (`lower::intrinsics`, SPIR-V
//! target only) therefore emits an ordinary `ImageAtomic` (an add) and marks what it should
//! have been with private marker variables:
//! - before the atomic, a store of the operation code ([`OP_MARKER`]: [`WANTS_RESULT`],
//!   [`EXCHANGE`], [`COMPARE_EXCHANGE`], or'ed) and, for the compare forms, a store of the
//!   comparator ([`COMPARATOR_MARKER`], one per texel type);
//! - after it, a load of [`RESULT_MARKER`] (one per texel type) as the original value.
//!
//! This pass, for the first image atomic after each op-marker store (in the function's
//! instruction order, so a `discard` guard around the atomic does not matter):
//! - rewrites it to `OpAtomicExchange` or `OpAtomicCompareExchange` (relaxed semantics, as
//!   naga's, for both the equal and unequal cases; SPIR-V's compare-exchange is strong, as
//!   D3D's is);
//! - when the result is wanted, stores the atomic's result into the result marker right after
//!   it, in the same block;
//! - deletes the op-marker and comparator stores and those two variables.
//!
//! Separately, naga 30 writes an atomic on an element of a binding array
//! (`RWTexture2D<uint> textures[]`, bindless) with the whole array variable as
//! `OpImageTexelPointer`'s image, which is invalid. Lowering stores the element's index into
//! [`ELEMENT_MARKER`] right before such an atomic; the pass indexes the array with it
//! (`OpAccessChain`) for the first texel pointer after the store, and deletes the store.
//!
//! A module without the markers is unchanged.

use super::spirv::{ids_named, remove_marker_variables};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Op, Word};

/// The private `u32` holding the operation code of the next image atomic.
pub const OP_MARKER: &str = "hlslc::image_atomic_op";
/// The private variables (`::u32`, `::i32` suffix) the original value is read from.
pub const RESULT_MARKER: &str = "hlslc::image_atomic_result";
/// The private variables (`::u32`, `::i32` suffix) holding the comparator.
pub const COMPARATOR_MARKER: &str = "hlslc::image_atomic_comparator";

/// The private `u32` holding the binding-array element of the next image atomic.
pub const ELEMENT_MARKER: &str = "hlslc::image_atomic_element";

/// Operation-code bit: store the original value into the result marker.
pub const WANTS_RESULT: u32 = 1;
/// Operation-code bit: the atomic is an exchange.
pub const EXCHANGE: u32 = 2;
/// Operation-code bit: the atomic is a compare-exchange (the comparator was stored before).
pub const COMPARE_EXCHANGE: u32 = 4;

/// Options of the pass (none).
#[derive(Clone, Debug, Default)]
pub struct Config {}

/// Runs the pass.
pub fn run(module: &mut Module, _config: &Config) -> Result<(), String> {
    if let Some(&element_marker) = ids_named(module, ELEMENT_MARKER).first() {
        index_binding_arrays(module, element_marker)?;
    }
    let Some(&op_marker) = ids_named(module, OP_MARKER).first() else { return Ok(()) };
    let suffixed = |m: &Module, base: &str| -> Vec<Word> { ["u32", "i32"].iter().flat_map(|t| ids_named(m, &format!("{base}::{t}"))).collect() };
    let comparators = suffixed(module, COMPARATOR_MARKER);
    let results = suffixed(module, RESULT_MARKER);
    // The result marker of each texel type, by the id of that type.
    let result_of_type: Vec<(Word, Word)> = results.iter().filter_map(|&var| Some((pointee_type(module, var)?, var))).collect();
    let constants: Vec<(Word, u32)> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::Constant)
        .filter_map(|i| match i.operands.first() {
            Some(Operand::LiteralBit32(v)) => Some((i.result_id?, *v)),
            _ => None,
        })
        .collect();

    // Collect: per image atomic, its position, the operation code and the comparator.
    struct Edit {
        at: (usize, usize, usize),
        code: u32,
        comparator: Option<Word>,
    }
    let mut edits = Vec::new();
    for (fi, f) in module.functions.iter().enumerate() {
        let texel_pointers: Vec<Word> = f.blocks.iter().flat_map(|b| &b.instructions).filter(|i| i.class.opcode == Op::ImageTexelPointer).filter_map(|i| i.result_id).collect();
        let (mut code, mut comparator) = (None, None);
        for (bi, b) in f.blocks.iter().enumerate() {
            for (ii, i) in b.instructions.iter().enumerate() {
                let stored = |var: &[Word]| match (i.class.opcode, i.operands.first(), i.operands.get(1)) {
                    (Op::Store, Some(Operand::IdRef(p)), Some(Operand::IdRef(v))) if var.contains(p) => Some(*v),
                    _ => None,
                };
                if let Some(v) = stored(&[op_marker]) {
                    code = Some(constants.iter().find(|(id, _)| *id == v).map(|(_, c)| *c).ok_or("an image-atomic marker stores a value that is not a constant")?);
                } else if let Some(v) = stored(&comparators) {
                    comparator = Some(v);
                } else if is_atomic(i.class.opcode) && matches!(i.operands.first(), Some(Operand::IdRef(p)) if texel_pointers.contains(p)) {
                    if let Some(code) = code.take() {
                        edits.push(Edit { at: (fi, bi, ii), code, comparator: comparator.take() });
                    }
                }
            }
        }
        if code.is_some() {
            return Err("an image-atomic marker is not followed by an image atomic".into());
        }
    }

    // Mutate, last instruction first so that insertions keep earlier positions valid.
    for e in edits.iter().rev() {
        let (fi, bi, ii) = e.at;
        let block = &mut module.functions[fi].blocks[bi];
        let old = block.instructions[ii].clone();
        let (result_type, result) = (old.result_type.ok_or("an image atomic without a result type")?, old.result_id.ok_or("an image atomic without a result")?);
        // naga's operands: pointer, scope, semantics, value.
        let [pointer, scope, semantics, value] = <[Operand; 4]>::try_from(old.operands.clone()).map_err(|_| "an image atomic with unexpected operands")?;
        block.instructions[ii] = if e.code & COMPARE_EXCHANGE != 0 {
            let comparator = e.comparator.ok_or("an image compare-exchange without its comparator")?;
            Instruction::new(Op::AtomicCompareExchange, Some(result_type), Some(result), vec![pointer, scope, semantics.clone(), semantics, value, Operand::IdRef(comparator)])
        } else if e.code & EXCHANGE != 0 {
            Instruction::new(Op::AtomicExchange, Some(result_type), Some(result), vec![pointer, scope, semantics, value])
        } else {
            old
        };
        if e.code & WANTS_RESULT != 0 {
            let &(_, var) = result_of_type.iter().find(|(t, _)| *t == result_type).ok_or("an image atomic whose result has no marker of its type")?;
            block.instructions.insert(ii + 1, Instruction::new(Op::Store, None, None, vec![Operand::IdRef(var), Operand::IdRef(result)]));
        }
    }
    let mut removed = comparators;
    removed.push(op_marker);
    remove_marker_variables(module, &removed);
    Ok(())
}

/// Gives each `OpImageTexelPointer` after a store of the element marker the array element
/// (an access chain into the binding array with the stored index) instead of the array.
fn index_binding_arrays(module: &mut Module, marker: Word) -> Result<(), String> {
    // Collect: per texel pointer on a binding array, its position, the array and the index.
    let mut edits = Vec::new();
    for (fi, f) in module.functions.iter().enumerate() {
        let mut element = None;
        for (bi, b) in f.blocks.iter().enumerate() {
            for (ii, i) in b.instructions.iter().enumerate() {
                match (i.class.opcode, i.operands.first(), i.operands.get(1)) {
                    (Op::Store, Some(Operand::IdRef(p)), Some(Operand::IdRef(v))) if *p == marker => element = Some(*v),
                    (Op::ImageTexelPointer, Some(Operand::IdRef(array)), _) => {
                        if let Some(index) = element.take() {
                            edits.push(((fi, bi, ii), *array, index));
                        }
                    }
                    _ => {}
                }
            }
        }
        if element.is_some() {
            return Err("an image-atomic element marker is not followed by an image atomic".into());
        }
    }

    // Mutate, last instruction first so that insertions keep earlier positions valid.
    for &((fi, bi, ii), array, index) in edits.iter().rev() {
        let array_type = pointee_type(module, array).ok_or("an image atomic's binding array is not a variable")?;
        let image = module
            .types_global_values
            .iter()
            .find(|i| i.result_id == Some(array_type) && matches!(i.class.opcode, Op::TypeArray | Op::TypeRuntimeArray))
            .and_then(|i| match i.operands.first() {
                Some(Operand::IdRef(t)) => Some(*t),
                _ => None,
            })
            .ok_or("an image atomic's binding array is not an array of images")?;
        // naga's own access chain for the same element (it evaluates the image expression)
        // says whether the index is non-uniform (`NonUniformResourceIndex`).
        let naga_chain = module.functions[fi]
            .blocks
            .iter()
            .flat_map(|b| &b.instructions)
            .find(|i| i.class.opcode == Op::AccessChain && i.operands == [Operand::IdRef(array), Operand::IdRef(index)])
            .and_then(|i| i.result_id);
        let non_uniform = naga_chain.is_some_and(|c| super::spirv::is_decorated(module, c, rspirv::spirv::Decoration::NonUniform));
        let pointer = super::spirv::pointer_type(module, rspirv::spirv::StorageClass::UniformConstant, image);
        let chain = super::spirv::fresh_id(module);
        let block = &mut module.functions[fi].blocks[bi];
        let texel_pointer = block.instructions[ii].result_id;
        block.instructions[ii].operands[0] = Operand::IdRef(chain);
        block.instructions.insert(ii, Instruction::new(Op::AccessChain, Some(pointer), Some(chain), vec![Operand::IdRef(array), Operand::IdRef(index)]));
        if non_uniform {
            for id in std::iter::once(chain).chain(texel_pointer) {
                super::spirv::decorate(module, id, rspirv::spirv::Decoration::NonUniform, vec![]);
            }
        }
    }
    remove_marker_variables(module, &[marker]);
    Ok(())
}

fn is_atomic(op: Op) -> bool {
    matches!(op, Op::AtomicIAdd | Op::AtomicISub | Op::AtomicAnd | Op::AtomicOr | Op::AtomicXor | Op::AtomicSMin | Op::AtomicUMin | Op::AtomicSMax | Op::AtomicUMax)
}

/// The type a variable points to.
fn pointee_type(module: &Module, var: Word) -> Option<Word> {
    let ptr_ty = module.types_global_values.iter().find(|i| i.result_id == Some(var))?.result_type?;
    let ptr = module.types_global_values.iter().find(|i| i.result_id == Some(ptr_ty))?;
    match ptr.operands.get(1) {
        Some(Operand::IdRef(t)) => Some(*t),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::tests::rename;

    fn spirv_of(wgsl: &str) -> Module {
        crate::passes::tests::spirv_of(wgsl, (1, 0), true)
    }


    const ATOMIC: &str = "@group(0) @binding(0) var t: texture_storage_2d<r32uint, atomic>;
        @compute @workgroup_size(1) fn main() { textureAtomicAdd(t, vec2(0), 1u); }";

    #[test]
    fn feature_absent_module_unchanged() {
        crate::passes::tests::assert_unchanged(spirv_of(ATOMIC), |m| run(m, &Config::default()));
    }

    #[test]
    fn compare_exchange_with_result() {
        let wgsl = ATOMIC.replace(
            "fn main() { textureAtomicAdd(t, vec2(0), 1u); }",
            "fn main() { op = 5u; cmp = 7u; textureAtomicAdd(t, vec2(0), 1u); let r = res; }",
        );
        let wgsl = format!("var<private> op: u32;\nvar<private> cmp: u32;\nvar<private> res: u32;\n{wgsl}");
        let mut module = spirv_of(&wgsl);
        rename(&mut module, "op", OP_MARKER);
        rename(&mut module, "cmp", &format!("{COMPARATOR_MARKER}::u32"));
        rename(&mut module, "res", &format!("{RESULT_MARKER}::u32"));
        run(&mut module, &Config::default()).unwrap();
        let body: Vec<&Instruction> = crate::passes::tests::function_instructions(&module).collect();
        let cas = body.iter().position(|i| i.class.opcode == Op::AtomicCompareExchange).expect("a compare-exchange");
        assert_eq!(body[cas].operands.len(), 6);
        assert!(!body.iter().any(|i| i.class.opcode == Op::AtomicIAdd));
        // The result goes to the result marker right after the atomic.
        assert_eq!(body[cas + 1].class.opcode, Op::Store);
        assert_eq!(body[cas + 1].operands[1], Operand::IdRef(body[cas].result_id.unwrap()));
        // The op and comparator markers are gone.
        assert!(ids_named(&module, OP_MARKER).is_empty());
        assert!(ids_named(&module, &format!("{COMPARATOR_MARKER}::u32")).is_empty());
    }

    #[test]
    fn exchange_without_result() {
        let wgsl = ATOMIC.replace("fn main() { textureAtomicAdd(t, vec2(0), 1u); }", "fn main() { op = 2u; textureAtomicAdd(t, vec2(0), 1u); }");
        let mut module = spirv_of(&format!("var<private> op: u32;\n{wgsl}"));
        rename(&mut module, "op", OP_MARKER);
        run(&mut module, &Config::default()).unwrap();
        let body: Vec<&Instruction> = crate::passes::tests::function_instructions(&module).collect();
        assert!(body.iter().any(|i| i.class.opcode == Op::AtomicExchange));
        assert!(!body.iter().any(|i| i.class.opcode == Op::Store));
    }
}
