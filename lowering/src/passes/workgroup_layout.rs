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

use super::spirv::{self, fresh_id, opcode};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Decoration, Op, StorageClass, Word};
use rustc_hash::{FxHashMap, FxHashSet};
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

/// The pass on naga's words, without reading them into rspirv, for the common case: no load
/// or store of a whole aggregate through a workgroup pointer and no initialiser on a workgroup
/// variable, so that the pass only declares the copies and points the workgroup pointer types
/// at them. The names are removed as well ([`super::spirv::without_names`]): the result is
/// the words that [`run`], name stripping and assembly give. Otherwise the words come back
/// unchanged as the error, for the read-back.
pub(crate) fn on_words(words: Vec<u32>) -> Result<Vec<u32>, Vec<u32>> {
    let Some(plan) = WordPlan::of(&words) else { return Err(words) };
    Ok(plan.apply(words))
}

/// The copies [`on_words`] declares, found in one scan of the words.
struct WordPlan {
    /// The copy's instruction words, by the id of the original type it follows.
    copies: HashMap<Word, Vec<u32>>,
    /// The layout-free copy of each retyped workgroup pointer's pointee, by pointer type.
    pointees: HashMap<Word, Word>,
    bound: u32,
    /// Words of the `OpName`s and `OpMemberName`s, which all precede the first type
    /// declaration unless `names_after_types`: removing them leaves room for the copies.
    name_words: usize,
    names_after_types: bool,
}

impl WordPlan {
    /// `None` when the module needs the read-back.
    fn of(words: &[u32]) -> Option<WordPlan> {
        let mut types = Types { aggregates: HashMap::new(), decorated: HashSet::new(), lengths: HashMap::new(), copies: HashMap::new() };
        let mut pointers = Vec::new();
        // Workgroup pointer types, and the ids of those types (variables, access chains …):
        // types and variables precede the functions, and in a function a pointer is defined
        // before the loads and stores that use it.
        let mut pointer_types: FxHashSet<Word> = FxHashSet::default();
        let mut pointer_values: FxHashMap<Word, Word> = FxHashMap::default();
        let mut retyped: Option<FxHashSet<Word>> = None;
        let (mut name_words, mut names_after_types) = (0, false);
        for inst in spirv::instructions(words) {
            let opcode = inst[0] & 0xffff;
            let operands = &inst[1..];
            let layout = |d: Option<&u32>| d.is_some_and(|&d| LAYOUT_DECORATIONS.iter().any(|&l| l as u32 == d));
            match opcode {
                opcode::NAME | opcode::MEMBER_NAME => {
                    name_words += inst.len();
                    names_after_types |= !types.aggregates.is_empty() || !pointers.is_empty();
                }
                opcode::TYPE_ARRAY => {
                    if let [id, element, length, ..] = *operands {
                        types.aggregates.insert(id, Aggregate::Array { element, length });
                    }
                }
                opcode::TYPE_STRUCT => {
                    if let Some((&id, members)) = operands.split_first() {
                        types.aggregates.insert(id, Aggregate::Struct { members: members.to_vec() });
                    }
                }
                opcode::DECORATE if layout(operands.get(1)) => types.decorated.extend(operands.first()),
                opcode::MEMBER_DECORATE if layout(operands.get(2)) => types.decorated.extend(operands.first()),
                opcode::TYPE_POINTER if operands.get(1) == Some(&(StorageClass::Workgroup as u32)) => {
                    if let [id, _, pointee, ..] = *operands {
                        pointers.push((id, pointee));
                        pointer_types.insert(id);
                    }
                }
                // A workgroup variable with an initialiser needs its null constant replaced.
                opcode::VARIABLE if operands.get(2) == Some(&(StorageClass::Workgroup as u32)) && operands.len() > 3 => return None,
                // A load or store of a whole aggregate needs a conversion.
                opcode::LOAD | opcode::STORE => {
                    let pointer = if opcode == opcode::LOAD { operands.get(2) } else { operands.first() };
                    if let Some(ty) = pointer.and_then(|p| pointer_values.get(p)) {
                        let retyped = retyped.get_or_insert_with(|| pointers.iter().filter(|&&(_, pointee)| types.has_layout(pointee)).map(|&(id, _)| id).collect());
                        if retyped.contains(ty) {
                            return None;
                        }
                    }
                }
                _ => {}
            }
            if let [ty, id, ..] = *operands {
                // Only an instruction with a result type has a type id as its first operand.
                if pointer_types.contains(&ty) && rspirv::grammar::INSTRUCTION_TABLE.lookup_opcode(opcode).is_some_and(|i| i.operands.first().is_some_and(|o| o.kind == rspirv::grammar::OperandKind::IdResultType)) {
                    pointer_values.insert(id, ty);
                }
            }
        }
        pointers.retain(|&(_, pointee)| types.has_layout(pointee));
        // The same copies, in the same order and with the same ids, as `Types::copy` makes.
        let mut bound = *words.get(3)?;
        let mut copies = HashMap::new();
        for &(_, pointee) in &pointers {
            types.copy_words(pointee, &mut bound, &mut copies)?;
        }
        let pointees = pointers.iter().filter_map(|&(id, pointee)| Some((id, *types.copies.get(&pointee)?))).collect();
        Some(WordPlan { copies, pointees, bound, name_words, names_after_types })
    }

    /// The words with the copies declared after their originals, the workgroup pointer types
    /// re-pointed, and no names, rewritten in place.
    fn apply(&self, mut words: Vec<u32>) -> Vec<u32> {
        if let Some(bound) = words.get_mut(3) {
            *bound = self.bound;
        }
        // Names all precede the first array or struct; when they are at least as long as the
        // copies, removing them leaves room for the copies.
        let extra: usize = self.copies.values().map(Vec::len).sum();
        let room = if self.names_after_types || self.name_words < extra { extra } else { 0 };
        spirv::rewrite_without_names(words, room, |inst| match inst[0] & 0xffff {
            opcode::TYPE_POINTER if inst.len() >= 4 => {
                if let Some(&copy) = self.pointees.get(&inst[1]) {
                    inst[3] = copy;
                }
                None
            }
            opcode::TYPE_ARRAY | opcode::TYPE_STRUCT => inst.get(1).and_then(|id| self.copies.get(id)).map(Vec::as_slice),
            _ => None,
        })
    }
}

/// The decorations that give a type an explicit layout.
const LAYOUT_DECORATIONS: [Decoration; 5] = [Decoration::ArrayStride, Decoration::Offset, Decoration::MatrixStride, Decoration::ColMajor, Decoration::RowMajor];

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
        let layout = |d: &Decoration| LAYOUT_DECORATIONS.contains(d);
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
        let declare = &mut |original: Word, op: Op, operands: Vec<Word>| {
            let id = fresh_id(module);
            let inst = Instruction::new(op, None, Some(id), operands.into_iter().map(Operand::IdRef).collect());
            let at = module.types_global_values.iter().position(|i| i.result_id == Some(original)).map_or(module.types_global_values.len(), |p| p + 1);
            module.types_global_values.insert(at, inst);
            id
        };
        self.copy_with(ty, declare).ok_or_else(|| format!("workgroup layout: type %{ty} has layout decorations on a part that is not an array or struct"))
    }

    /// [`Types::copy`] on words: the copy's instruction words go into `words` by original
    /// type, its id is taken from `bound`; `None` where `copy` reports an error.
    fn copy_words(&mut self, ty: Word, bound: &mut u32, words: &mut HashMap<Word, Vec<u32>>) -> Option<Word> {
        let declare = &mut |original: Word, op: Op, operands: Vec<Word>| {
            let id = *bound;
            *bound += 1;
            let mut inst = vec![(((operands.len() + 2) as u32) << 16) | op as u32, id];
            inst.extend(operands);
            words.insert(original, inst);
            id
        };
        self.copy_with(ty, declare)
    }

    /// The copy of `ty` as [`Types::copy`] describes it, each new one declared by
    /// `declare(original, opcode, operands)`, which returns its id; `None` for a type with
    /// layout decorations that is not an array or struct.
    fn copy_with(&mut self, ty: Word, declare: &mut impl FnMut(Word, Op, Vec<Word>) -> Word) -> Option<Word> {
        if let Some(&copy) = self.copies.get(&ty) {
            return Some(copy);
        }
        if !self.has_layout(ty) {
            return Some(ty);
        }
        let (op, copied) = match self.aggregates.get(&ty).cloned()? {
            Aggregate::Array { element, length } => (Op::TypeArray, Aggregate::Array { element: self.copy_with(element, declare)?, length }),
            Aggregate::Struct { members } => (Op::TypeStruct, Aggregate::Struct { members: members.into_iter().map(|m| self.copy_with(m, declare)).collect::<Option<_>>()? }),
        };
        let operands = match &copied {
            Aggregate::Array { element, length } => vec![*element, *length],
            Aggregate::Struct { members } => members.clone(),
        };
        let id = declare(ty, op, operands);
        self.aggregates.insert(id, copied);
        self.copies.insert(ty, id);
        Some(id)
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

    /// The read-back path's words: [`run`], name stripping and assembly.
    fn read_back(words: &[u32]) -> Vec<u32> {
        let mut module = spirv::load(words).unwrap();
        run(&mut module, &Config::default()).unwrap();
        spirv::strip_names(&mut module);
        spirv::assemble(&module)
    }

    /// naga's words with names, written as hlslc writes them (no zero-initialisation of
    /// workgroup memory, which would store a whole null aggregate).
    fn named_words(src: &str, lang_version: (u8, u8)) -> Vec<u32> {
        let module = naga::front::wgsl::parse_str(src).unwrap();
        let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all()).validate(&module).unwrap();
        let options = naga::back::spv::Options {
            lang_version,
            flags: naga::back::spv::WriterFlags::DEBUG,
            zero_initialize_workgroup_memory: naga::back::spv::ZeroInitializeWorkgroupMemoryMode::None,
            ..Default::default()
        };
        naga::back::spv::write_vec(&module, &info, &options, None).unwrap()
    }

    #[test]
    fn on_words_gives_the_words_of_the_read_back() {
        // Nested aggregates (a struct with a matrix and an array, in an array, in a struct),
        // reached only through element and member pointers, and a plain array.
        let src = "
            struct Inner { m: mat2x2<f32>, k: array<u32, 3> }
            struct Outer { items: array<Inner, 4>, n: u32 }
            @group(0) @binding(0) var<storage, read_write> buf: array<u32>;
            var<workgroup> outer: Outer;
            var<workgroup> sums: array<f32, 64>;
            var<workgroup> flags: array<atomic<u32>, 2>;
            @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) i: u32) {
                sums[i] = f32(buf[i]);
                outer.items[i % 4u].k[i % 3u] = i;
                outer.items[0].m[1][0] = 2.0;
                atomicAdd(&flags[i % 2u], 1u);
                workgroupBarrier();
                buf[i] = u32(sums[63u - i] + outer.items[1].m[1][0]) + outer.items[i % 4u].k[0] + atomicLoad(&flags[0]) + outer.n;
            }";
        for version in [(1, 3), (1, 4)] {
            let words = named_words(src, version);
            assert_eq!(spirv::passes_wanted(&words), spirv::Wanted::WorkgroupLayout);
            let done = on_words(words.clone()).unwrap_or_else(|_| panic!("the words should do for SPIR-V {version:?}"));
            assert_eq!(done, read_back(&words), "SPIR-V {version:?}");
            let mut with_room = WordPlan::of(&words).unwrap();
            with_room.names_after_types = true;
            assert_eq!(with_room.apply(words.clone()), done, "with room made after the header, SPIR-V {version:?}");
            let module = spirv::load(&done).unwrap();
            for p in workgroup_pointees(&module) {
                assert!(!Types::of(&module).has_layout(p), "workgroup type %{p} still has layout");
            }
        }
    }

    #[test]
    fn whole_aggregate_loads_and_stores_need_the_read_back() {
        let words = named_words(SHARED_STRUCTS, (1, 4));
        assert_eq!(spirv::passes_wanted(&words), spirv::Wanted::WorkgroupLayout);
        assert_eq!(on_words(words.clone()), Err(words));
        let store = "struct S { a: vec4<f32> }
            var<workgroup> tile: array<S, 4>;
            @group(0) @binding(0) var<storage, read_write> buf: array<S>;
            @compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) { tile[i] = buf[i]; buf[i].a = tile[3u - i].a; }";
        let words = named_words(store, (1, 3));
        assert!(on_words(words.clone()).is_err(), "a store of a whole struct element");
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
