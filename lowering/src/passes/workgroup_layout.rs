//! `groupshared` aggregates for SPIR-V: workgroup variables of types without explicit layout.
//!
//! naga 30's SPIR-V writer decorates every array type with `ArrayStride` and every struct with
//! member `Offset`s (and `MatrixStride` on matrix members), whatever memory the type lives in.
//! Vulkan forbids explicit layout decorations on the types of `Workgroup` variables unless the
//! module declares `WorkgroupMemoryExplicitLayoutKHR` (VUID-StandaloneSpirv-None-10684, which
//! spirv-val checks since 2025); some drivers reject such modules (naga's issue
//! gfx-rs/wgpu#7696). DXC and glslang give workgroup memory layout-free types.
//!
//! This pass gives every aggregate type that a `Workgroup` pointer points to (or reaches
//! through members and elements) an undecorated copy, points the module's `Workgroup` pointer
//! types at the copies, and converts values where they cross between the two: a load from
//! workgroup memory yields the copy and is converted back to naga's type right after it, and
//! a store converts its value to the copy right before it, so every other instruction keeps
//! the types naga gave it. The conversion is `OpCopyLogical` from SPIR-V 1.4 on, and member
//! by member extraction and construction before it; a null constant is replaced by the copy's
//! null constant.
//!
//! A module without a `Workgroup` pointer to an aggregate is unchanged.

use super::spirv::fresh_id;
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Decoration, Op, StorageClass, Word};
use std::collections::{HashMap, HashSet};

/// Options of the pass (none).
#[derive(Clone, Debug, Default)]
pub struct Config {}

/// Runs the pass.
pub fn run(module: &mut Module, _config: &Config) -> Result<(), String> {
    // Collect: the decorated types, the workgroup pointer types that reach one, and their copies.
    let mut types = Types::of(module);
    // In declaration order, so that the copies' ids are the same on every run.
    let pointers: Vec<(Word, Word)> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::TypePointer && matches!(i.operands.first(), Some(Operand::StorageClass(StorageClass::Workgroup))))
        .filter_map(|i| match (i.result_id, i.operands.get(1)) {
            (Some(id), Some(Operand::IdRef(pointee))) => Some((id, *pointee)),
            _ => None,
        })
        .filter(|&(_, pointee)| types.has_layout(pointee))
        .collect();
    if pointers.is_empty() {
        return Ok(());
    }
    for &(_, pointee) in &pointers {
        types.copy(module, pointee)?;
    }
    let pointers: HashMap<Word, Word> = pointers.into_iter().collect();
    let retyped: HashSet<Word> = pointers.keys().copied().collect();
    let value_types = value_types(module);
    let copy_logical = module.header.as_ref().is_some_and(|h| h.version() >= (1, 4));

    // Mutate: pointer types first, then the workgroup variables' null initialisers, then loads
    // and stores inside functions.
    for inst in &mut module.types_global_values {
        if let Some(pointee) = inst.result_id.and_then(|id| pointers.get(&id)) {
            inst.operands[1] = Operand::IdRef(types.copies[pointee]);
        }
    }
    let mut nulls = HashMap::new();
    for at in 0..module.types_global_values.len() {
        let inst = &module.types_global_values[at];
        let is_workgroup_variable = inst.class.opcode == Op::Variable && inst.result_type.is_some_and(|t| retyped.contains(&t));
        if let (true, Some(Operand::IdRef(init))) = (is_workgroup_variable, inst.operands.get(1)) {
            let init = *init;
            let Some(ty) = value_types.get(&init).copied() else { continue };
            let null = types.null_of(module, &mut nulls, init, ty)?;
            module.types_global_values[at].operands[1] = Operand::IdRef(null);
        }
    }
    let mut cx = Converter { types: &types, copy_logical, nulls };
    let mut functions = std::mem::take(&mut module.functions);
    for function in &mut functions {
        for block in &mut function.blocks {
            let old = std::mem::take(&mut block.instructions);
            let mut new = Vec::with_capacity(old.len());
            for mut inst in old {
                let through_workgroup = |operand: Option<&Operand>| matches!(operand, Some(Operand::IdRef(p)) if value_types.get(p).is_some_and(|t| retyped.contains(t)));
                match inst.class.opcode {
                    Op::Load if through_workgroup(inst.operands.first()) => {
                        let (Some(ty), Some(id)) = (inst.result_type, inst.result_id) else {
                            new.push(inst);
                            continue;
                        };
                        let Some(&copy) = types.copies.get(&ty) else {
                            new.push(inst);
                            continue;
                        };
                        let loaded = fresh_id(module);
                        inst.result_type = Some(copy);
                        inst.result_id = Some(loaded);
                        new.push(inst);
                        cx.convert(module, &mut new, loaded, copy, ty, Some(id))?;
                    }
                    Op::Store if through_workgroup(inst.operands.first()) => {
                        let Some(Operand::IdRef(value)) = inst.operands.get(1) else {
                            new.push(inst);
                            continue;
                        };
                        let value = *value;
                        let ty = value_types.get(&value).copied();
                        if let Some((ty, &copy)) = ty.and_then(|t| types.copies.get(&t).map(|c| (t, c))) {
                            let converted = match cx.null_constant(module, value, ty)? {
                                Some(null) => null,
                                None => cx.convert(module, &mut new, value, ty, copy, None)?,
                            };
                            inst.operands[1] = Operand::IdRef(converted);
                        }
                        new.push(inst);
                    }
                    _ => new.push(inst),
                }
            }
            block.instructions = new;
        }
    }
    module.functions = functions;
    Ok(())
}

/// The module's type declarations and their layout decorations.
struct Types {
    /// Aggregate types by id: `OpTypeArray` (element, length id), `OpTypeStruct` (members).
    aggregates: HashMap<Word, Aggregate>,
    /// Types decorated with `ArrayStride`, or with a member `Offset`, `MatrixStride`,
    /// `ColMajor` or `RowMajor`.
    decorated: HashSet<Word>,
    /// Array lengths by constant id.
    lengths: HashMap<Word, u32>,
    /// Layout-free copies, by original type.
    copies: HashMap<Word, Word>,
}

#[derive(Clone)]
enum Aggregate {
    Array { element: Word, length: Word },
    Struct { members: Vec<Word> },
}

impl Types {
    fn of(module: &Module) -> Types {
        let mut aggregates = HashMap::new();
        let mut lengths = HashMap::new();
        for i in &module.types_global_values {
            let Some(id) = i.result_id else { continue };
            let ids = || i.operands.iter().filter_map(|o| if let Operand::IdRef(id) = o { Some(*id) } else { None });
            match i.class.opcode {
                Op::TypeArray => {
                    let mut ids = ids();
                    if let (Some(element), Some(length)) = (ids.next(), ids.next()) {
                        aggregates.insert(id, Aggregate::Array { element, length });
                    }
                }
                Op::TypeStruct => {
                    aggregates.insert(id, Aggregate::Struct { members: ids().collect() });
                }
                Op::Constant => {
                    if let Some(Operand::LiteralBit32(n)) = i.operands.first() {
                        lengths.insert(id, *n);
                    }
                }
                _ => {}
            }
        }
        let layout = |d: &Decoration| matches!(d, Decoration::ArrayStride | Decoration::Offset | Decoration::MatrixStride | Decoration::ColMajor | Decoration::RowMajor);
        let decorated = module
            .annotations
            .iter()
            .filter_map(|i| match (i.class.opcode, i.operands.first(), i.operands.get(1), i.operands.get(2)) {
                (Op::Decorate, Some(Operand::IdRef(t)), Some(Operand::Decoration(d)), _) if layout(d) => Some(*t),
                (Op::MemberDecorate, Some(Operand::IdRef(t)), _, Some(Operand::Decoration(d))) if layout(d) => Some(*t),
                _ => None,
            })
            .collect();
        Types { aggregates, decorated, lengths, copies: HashMap::new() }
    }

    /// Whether the type carries layout decorations, itself or through its members and elements.
    fn has_layout(&self, ty: Word) -> bool {
        self.decorated.contains(&ty)
            || match self.aggregates.get(&ty) {
                Some(Aggregate::Array { element, .. }) => self.has_layout(*element),
                Some(Aggregate::Struct { members }) => members.iter().any(|&m| self.has_layout(m)),
                None => false,
            }
    }

    /// The layout-free copy of `ty` (made, with those of its members, if missing); `ty` itself
    /// when it has no layout. Each copy is declared right after its original, whose operands
    /// the copies of its members follow in turn.
    fn copy(&mut self, module: &mut Module, ty: Word) -> Result<Word, String> {
        if let Some(&copy) = self.copies.get(&ty) {
            return Ok(copy);
        }
        if !self.has_layout(ty) {
            return Ok(ty);
        }
        let inst = match self.aggregates.get(&ty).cloned() {
            Some(Aggregate::Array { element, length }) => {
                let element = self.copy(module, element)?;
                Instruction::new(Op::TypeArray, None, None, vec![Operand::IdRef(element), Operand::IdRef(length)])
            }
            Some(Aggregate::Struct { members }) => {
                let mut copies = Vec::with_capacity(members.len());
                for m in members {
                    copies.push(Operand::IdRef(self.copy(module, m)?));
                }
                Instruction::new(Op::TypeStruct, None, None, copies)
            }
            None => return Err(format!("workgroup layout: type %{ty} has layout decorations but is not an array or struct")),
        };
        let id = fresh_id(module);
        let mut inst = inst;
        inst.result_id = Some(id);
        let at = module.types_global_values.iter().position(|i| i.result_id == Some(ty)).map_or(module.types_global_values.len(), |p| p + 1);
        module.types_global_values.insert(at, inst);
        if let Some(aggregate) = self.aggregates.get(&ty).cloned() {
            let aggregate = match aggregate {
                Aggregate::Array { length, element } => Aggregate::Array { element: self.copies.get(&element).copied().unwrap_or(element), length },
                Aggregate::Struct { members } => Aggregate::Struct { members: members.iter().map(|m| self.copies.get(m).copied().unwrap_or(*m)).collect() },
            };
            self.aggregates.insert(id, aggregate);
        }
        self.copies.insert(ty, id);
        Ok(id)
    }

    /// `OpConstantNull` of the copy of `ty`, for a variable initialiser that is naga's null
    /// constant of `ty`.
    fn null_of(&self, module: &mut Module, nulls: &mut HashMap<Word, Word>, init: Word, ty: Word) -> Result<Word, String> {
        let is_null = module.types_global_values.iter().any(|i| i.result_id == Some(init) && i.class.opcode == Op::ConstantNull);
        match self.copies.get(&ty) {
            Some(_) if !is_null => Err(format!("workgroup layout: the workgroup variable's initialiser %{init} is not a null constant")),
            Some(&copy) => Ok(null_constant(module, nulls, copy)),
            None => Ok(init),
        }
    }
}

/// `OpConstantNull ty`, made once and declared right after the type (before any variable
/// that it initialises).
fn null_constant(module: &mut Module, nulls: &mut HashMap<Word, Word>, ty: Word) -> Word {
    if let Some(&id) = nulls.get(&ty) {
        return id;
    }
    let id = fresh_id(module);
    let at = module.types_global_values.iter().position(|i| i.result_id == Some(ty)).map_or(module.types_global_values.len(), |p| p + 1);
    module.types_global_values.insert(at, Instruction::new(Op::ConstantNull, Some(ty), Some(id), vec![]));
    nulls.insert(ty, id);
    id
}

/// Builds the conversions between naga's types and their copies inside a block.
struct Converter<'a> {
    types: &'a Types,
    /// SPIR-V 1.4 has `OpCopyLogical`.
    copy_logical: bool,
    nulls: HashMap<Word, Word>,
}

impl Converter<'_> {
    /// The copy's null constant when `value` is a null constant of `ty`.
    fn null_constant(&mut self, module: &mut Module, value: Word, ty: Word) -> Result<Option<Word>, String> {
        let is_null = module.types_global_values.iter().any(|i| i.result_id == Some(value) && i.class.opcode == Op::ConstantNull);
        Ok(match (is_null, self.types.copies.get(&ty)) {
            (true, Some(&copy)) => Some(null_constant(module, &mut self.nulls, copy)),
            _ => None,
        })
    }

    /// Appends to `out` the instructions that turn `value` of type `from` into type `to` (the
    /// same aggregate with and without layout) and returns the result's id (`result` when
    /// given).
    fn convert(&self, module: &mut Module, out: &mut Vec<Instruction>, value: Word, from: Word, to: Word, result: Option<Word>) -> Result<Word, String> {
        if from == to {
            return Ok(value);
        }
        let id = result.unwrap_or_else(|| fresh_id(module));
        if self.copy_logical {
            out.push(Instruction::new(Op::CopyLogical, Some(to), Some(id), vec![Operand::IdRef(value)]));
            return Ok(id);
        }
        let pairs: Vec<(Word, Word)> = match (self.types.aggregates.get(&from), self.types.aggregates.get(&to)) {
            (Some(Aggregate::Array { element: a, length }), Some(Aggregate::Array { element: b, .. })) => {
                let n = *self.types.lengths.get(length).ok_or_else(|| format!("workgroup layout: the length of array %{from} is not a 32-bit constant"))?;
                (0..n).map(|_| (*a, *b)).collect()
            }
            (Some(Aggregate::Struct { members: a }), Some(Aggregate::Struct { members: b })) if a.len() == b.len() => a.iter().copied().zip(b.iter().copied()).collect(),
            _ => return Err(format!("workgroup layout: cannot convert %{from} to %{to}")),
        };
        let mut parts = Vec::with_capacity(pairs.len());
        for (index, (a, b)) in pairs.into_iter().enumerate() {
            let part = fresh_id(module);
            out.push(Instruction::new(Op::CompositeExtract, Some(a), Some(part), vec![Operand::IdRef(value), Operand::LiteralBit32(index as u32)]));
            parts.push(Operand::IdRef(self.convert(module, out, part, a, b, None)?));
        }
        out.push(Instruction::new(Op::CompositeConstruct, Some(to), Some(id), parts));
        Ok(id)
    }
}

/// The type of every id that has one: global values, function parameters and instructions.
fn value_types(module: &Module) -> HashMap<Word, Word> {
    let globals = module.types_global_values.iter();
    let parameters = module.functions.iter().flat_map(|f| f.parameters.iter());
    let body = module.functions.iter().flat_map(|f| f.blocks.iter().flat_map(|b| b.instructions.iter()));
    globals.chain(parameters).chain(body).filter_map(|i| Some((i.result_id?, i.result_type?))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::tests::spirv_of;
    use rspirv::binary::Disassemble;

    const SHARED_STRUCTS: &str = "
        struct S { a: vec4<f32>, m: mat2x2<f32>, k: array<u32, 2> }
        @group(0) @binding(0) var<storage, read_write> buf: array<S>;
        var<workgroup> tile: array<S, 8>;
        var<workgroup> counter: atomic<u32>;
        @compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i: u32) {
            tile[i] = buf[i];
            workgroupBarrier();
            let whole = tile;
            buf[i] = whole[7u - i];
            buf[i].k[1] = tile[i].k[0] + atomicAdd(&counter, 1u);
        }";

    fn workgroup_pointees(module: &Module) -> Vec<Word> {
        module
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::TypePointer && matches!(i.operands.first(), Some(Operand::StorageClass(StorageClass::Workgroup))))
            .filter_map(|i| match i.operands.get(1) {
                Some(Operand::IdRef(p)) => Some(*p),
                _ => None,
            })
            .collect()
    }

    fn check(version: (u8, u8)) -> Module {
        let mut module = spirv_of(SHARED_STRUCTS, version, false);
        run(&mut module, &Config::default()).unwrap();
        let types = Types::of(&module);
        let pointees = workgroup_pointees(&module);
        assert!(pointees.len() >= 3, "tile, its elements and the counter: {pointees:?}");
        for p in pointees {
            assert!(!types.has_layout(p), "workgroup type %{p} still has layout:\n{}", module.disassemble());
        }
        // The buffer keeps its layout.
        assert!(types.decorated.len() >= 3);
        module
    }

    #[test]
    fn workgroup_types_lose_their_layout_and_values_are_converted_member_by_member() {
        let module = check((1, 3));
        let text = module.disassemble();
        assert!(!text.contains("OpCopyLogical"), "{text}");
        assert!(text.contains("OpCompositeConstruct"), "{text}");
    }

    #[test]
    fn from_spirv_1_4_values_are_converted_with_copy_logical() {
        let module = check((1, 4));
        let text = module.disassemble();
        assert_eq!(text.matches("OpCopyLogical").count(), 2, "one store into the tile, one load of the whole tile:\n{text}");
    }

    #[test]
    fn a_module_without_workgroup_aggregates_is_unchanged() {
        let src = "var<workgroup> counter: atomic<u32>;
            var<workgroup> v: vec4<f32>;
            @group(0) @binding(0) var<storage, read_write> buf: array<vec4<f32>>;
            @compute @workgroup_size(1) fn main() { v = buf[0]; buf[1] = v + f32(atomicLoad(&counter)); }";
        let mut module = spirv_of(src, (1, 3), false);
        let before = module.disassemble();
        run(&mut module, &Config::default()).unwrap();
        assert_eq!(module.disassemble(), before);
    }
}
