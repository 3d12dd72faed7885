//! Small helpers over rspirv's data representation for the SPIR-V passes: loading and
//! assembling words, names, fresh ids, types and instruction lookups.

use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{BuiltIn, Decoration, Op, StorageClass, Word};
use std::collections::HashMap;

pub(crate) fn load(words: &[u32]) -> Result<Module, String> {
    rspirv::dr::load_words(words).map_err(|e| format!("cannot read naga's SPIR-V back: {e}"))
}

pub(crate) fn assemble(module: &Module) -> Vec<u32> {
    use rspirv::binary::Assemble;
    module.assemble()
}

/// What naga's words (written with debug names) ask of the SPIR-V passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Wanted {
    /// No pass has work: removing the names is the whole pipeline ([`without_names`]).
    Nothing,
    /// Only `workgroup_layout` has work, which it may do on the words
    /// ([`super::workgroup_layout::on_words`]).
    WorkgroupLayout,
    /// Some pass needs the module read back into rspirv.
    ReadBack,
}

/// What naga's words give the SPIR-V passes to do, found in one scan: a marker name (every
/// pass marker is named `hlslc::…`), a `SampleMask` built-in (`sample_mask_array`), a variable
/// of an unbounded array type (`runtime_descriptor_array`) or an `OpArrayLength`
/// (`array_length_non_uniform`, which adds the `NonUniform` naga leaves out, so a decoration
/// cannot be the test), or an `OpImageQuerySizeLod` on a storage or multisampled image
/// or an `OpVectorShuffle` to a scalar (`image_query_size`) need the read-back; a `Workgroup` pointer to an array or struct
/// (`workgroup_layout`: naga gives every array and struct a layout) needs only that pass. A pass
/// that looks for something else must be added here (`binding_alias` is asked for by its
/// configuration).
pub(crate) fn passes_wanted(words: &[u32]) -> Wanted {
    let mut runtime_arrays = Vec::new();
    let mut aggregates: std::collections::HashSet<u32> = std::collections::HashSet::new();
    let mut pointers = Vec::new();
    let mut single_level_images: std::collections::HashSet<u32> = std::collections::HashSet::new();
    let mut single_level_values: std::collections::HashSet<u32> = std::collections::HashSet::new();
    let mut scalars: std::collections::HashSet<u32> = std::collections::HashSet::new();
    let mut workgroup_aggregates = false;
    for inst in instructions(words) {
        let operands = &inst[1..];
        match inst[0] & 0xffff {
            opcode::ARRAY_LENGTH => return Wanted::ReadBack,
            opcode::NAME if string_starts_with(operands.get(1..).unwrap_or_default(), b"hlslc::") => return Wanted::ReadBack,
            opcode::DECORATE if operands.get(1..3) == Some(&[Decoration::BuiltIn as u32, BuiltIn::SampleMask as u32]) => return Wanted::ReadBack,
            opcode::TYPE_RUNTIME_ARRAY => runtime_arrays.extend(operands.first()),
            opcode::TYPE_ARRAY | opcode::TYPE_STRUCT => aggregates.extend(operands.first()),
            // Operands: result, sampled type, dim, depth, arrayed, MS, sampled, format.
            opcode::TYPE_IMAGE if operands.get(5) == Some(&1) || operands.get(6) == Some(&2) => single_level_images.extend(operands.first()),
            opcode::LOAD if operands.first().is_some_and(|t| single_level_images.contains(t)) => single_level_values.extend(operands.get(1)),
            opcode::IMAGE_QUERY_SIZE_LOD if operands.get(2).is_some_and(|v| single_level_values.contains(v)) => return Wanted::ReadBack,
            opcode::TYPE_BOOL | opcode::TYPE_INT | opcode::TYPE_FLOAT => scalars.extend(operands.first()),
            opcode::VECTOR_SHUFFLE if operands.first().is_some_and(|t| scalars.contains(t)) => return Wanted::ReadBack,
            opcode::TYPE_POINTER if operands.get(1) == Some(&(StorageClass::Workgroup as u32)) && operands.get(2).is_some_and(|t| aggregates.contains(t)) => workgroup_aggregates = true,
            opcode::TYPE_POINTER if operands.get(2).is_some_and(|t| runtime_arrays.contains(t)) => pointers.extend(operands.first()),
            opcode::VARIABLE if operands.first().is_some_and(|t| pointers.contains(t)) => return Wanted::ReadBack,
            _ => {}
        }
    }
    if workgroup_aggregates {
        Wanted::WorkgroupLayout
    } else {
        Wanted::Nothing
    }
}

/// The words without `OpName` and `OpMemberName`: [`strip_names`] without reading the module.
pub(crate) fn without_names(words: Vec<u32>) -> Vec<u32> {
    rewrite_without_names(words, 0, |_| None)
}

/// The words without names, each kept instruction passed to `edit` (which may change its
/// operands in place) and followed by the words `edit` returns, if any: in place (the
/// instructions kept move towards the front), so that a large module's words are not held
/// twice. The words added must fit in the space the removed names leave before them, or in
/// `room` words made free after the header first. A malformed word count ends the walk, as in
/// [`instructions`].
pub(crate) fn rewrite_without_names<'a>(mut words: Vec<u32>, room: usize, mut edit: impl FnMut(&mut [u32]) -> Option<&'a [u32]>) -> Vec<u32> {
    // rspirv writes its own generator word when it assembles a module; every module hlslc
    // writes says the same.
    if let Some(generator) = words.get_mut(2) {
        *generator = rspirv::dr::ModuleHeader::new(0).generator;
    }
    let mut write = HEADER_WORDS.min(words.len());
    words.splice(write..write, std::iter::repeat_n(0, room));
    let mut read = write + room;
    while let Some(&first) = words.get(read) {
        let count = (first >> 16) as usize;
        if count == 0 || count > words.len() - read {
            break;
        }
        if !matches!(first & 0xffff, opcode::NAME | opcode::MEMBER_NAME) {
            let after = edit(&mut words[read..read + count]);
            words.copy_within(read..read + count, write);
            write += count;
            if let Some(after) = after {
                debug_assert!(write + after.len() <= read + count, "added words would overwrite words not read yet");
                words[write..write + after.len()].copy_from_slice(after);
                write += after.len();
            }
        }
        read += count;
    }
    words.truncate(write);
    words
}

/// Opcode numbers for matching raw words (`Op::from_u32` is a large `match` of its own, too
/// slow for a scan of every instruction).
pub(crate) mod opcode {
    use rspirv::spirv::Op;
    pub const NAME: u32 = Op::Name as u32;
    pub const MEMBER_NAME: u32 = Op::MemberName as u32;
    pub const DECORATE: u32 = Op::Decorate as u32;
    pub const MEMBER_DECORATE: u32 = Op::MemberDecorate as u32;
    pub const TYPE_IMAGE: u32 = Op::TypeImage as u32;
    pub const TYPE_ARRAY: u32 = Op::TypeArray as u32;
    pub const TYPE_RUNTIME_ARRAY: u32 = Op::TypeRuntimeArray as u32;
    pub const TYPE_STRUCT: u32 = Op::TypeStruct as u32;
    pub const TYPE_POINTER: u32 = Op::TypePointer as u32;
    pub const VARIABLE: u32 = Op::Variable as u32;
    pub const LOAD: u32 = Op::Load as u32;
    pub const STORE: u32 = Op::Store as u32;
    pub const ARRAY_LENGTH: u32 = Op::ArrayLength as u32;
    pub const IMAGE_QUERY_SIZE_LOD: u32 = Op::ImageQuerySizeLod as u32;
    pub const TYPE_BOOL: u32 = Op::TypeBool as u32;
    pub const TYPE_INT: u32 = Op::TypeInt as u32;
    pub const TYPE_FLOAT: u32 = Op::TypeFloat as u32;
    pub const VECTOR_SHUFFLE: u32 = Op::VectorShuffle as u32;
    pub const EXT_INST_IMPORT: u32 = Op::ExtInstImport as u32;
    pub const EXT_INST: u32 = Op::ExtInst as u32;
}

/// Words of the module header (magic, version, generator, bound, schema).
pub(crate) const HEADER_WORDS: usize = 5;

/// The instructions after the header, each with its opcode word first (a malformed word
/// count ends the walk).
pub(crate) fn instructions(words: &[u32]) -> impl Iterator<Item = &[u32]> {
    let mut rest = words.get(HEADER_WORDS..).unwrap_or_default();
    std::iter::from_fn(move || {
        let count = (*rest.first()? >> 16) as usize;
        if count == 0 || count > rest.len() {
            return None;
        }
        let (inst, tail) = rest.split_at(count);
        rest = tail;
        Some(inst)
    })
}

/// Whether the SPIR-V literal string in `words` starts with `prefix` (ending it with a NUL
/// matches the whole string).
pub(crate) fn string_starts_with(words: &[u32], prefix: &[u8]) -> bool {
    words.iter().flat_map(|w| w.to_le_bytes()).take(prefix.len()).eq(prefix.iter().copied())
}

/// The ids that `OpName` gives `name`.
pub(crate) fn ids_named(module: &Module, name: &str) -> Vec<Word> {
    module
        .debug_names
        .iter()
        .filter(|i| i.class.opcode == Op::Name)
        .filter(|i| matches!(i.operands.get(1), Some(Operand::LiteralString(s)) if s == name))
        .filter_map(|i| match i.operands.first() {
            Some(Operand::IdRef(id)) => Some(*id),
            _ => None,
        })
        .collect()
}

/// Where lowering stored a value into `marker` just before the instruction it belongs to: for
/// each store, (function, block, instruction index) of the next instruction in the same block
/// that `belongs` accepts, and the stored value. A store that no such instruction follows in
/// its block is an error (`what` names the marker in the message).
pub(crate) fn marker_stores(module: &Module, marker: Word, belongs: impl Fn(Op) -> bool, what: &str) -> Result<Vec<(usize, usize, usize, Word)>, String> {
    let mut found = Vec::new();
    for (fi, f) in module.functions.iter().enumerate() {
        for (bi, b) in f.blocks.iter().enumerate() {
            let mut pending = None;
            for (ii, i) in b.instructions.iter().enumerate() {
                if i.class.opcode == Op::Store && matches!(i.operands.first(), Some(Operand::IdRef(p)) if *p == marker) {
                    if pending.is_some() {
                        return Err(format!("a {what} marker store is not followed by its sample"));
                    }
                    if let Some(Operand::IdRef(v)) = i.operands.get(1) {
                        pending = Some(*v);
                    }
                } else if belongs(i.class.opcode) {
                    if let Some(v) = pending.take() {
                        found.push((fi, bi, ii, v));
                    }
                }
            }
            if pending.is_some() {
                return Err(format!("a {what} marker store is not followed by its sample in the same block"));
            }
        }
    }
    Ok(found)
}

/// Deletes private marker variables: the stores to them, their `OpVariable`s, their names and
/// their places in entry-point interfaces.
pub(crate) fn remove_marker_variables(module: &mut Module, markers: &[Word]) {
    let is_marker = |o: Option<&Operand>| matches!(o, Some(Operand::IdRef(id)) if markers.contains(id));
    for f in &mut module.functions {
        for b in &mut f.blocks {
            b.instructions.retain(|i| !(i.class.opcode == Op::Store && is_marker(i.operands.first())));
        }
    }
    module.types_global_values.retain(|i| !i.result_id.is_some_and(|r| markers.contains(&r)));
    module.debug_names.retain(|i| !is_marker(i.operands.first()));
    for ep in &mut module.entry_points {
        ep.operands.retain(|o| !is_marker(Some(o)));
    }
}

/// Every id whose `OpName` starts with `prefix`, with that name, in declaration order.
pub(crate) fn names_with_prefix(module: &Module, prefix: &str) -> Vec<(Word, String)> {
    module
        .debug_names
        .iter()
        .filter(|i| i.class.opcode == Op::Name)
        .filter_map(|i| match (i.operands.first(), i.operands.get(1)) {
            (Some(Operand::IdRef(id)), Some(Operand::LiteralString(s))) if s.starts_with(prefix) => Some((*id, s.clone())),
            _ => None,
        })
        .collect()
}

/// Removes every `OpName` and `OpMemberName` (what naga writes without its debug flag).
pub(crate) fn strip_names(module: &mut Module) {
    module.debug_names.retain(|i| !matches!(i.class.opcode, Op::Name | Op::MemberName));
}

/// A new id.
pub(crate) fn fresh_id(module: &mut Module) -> Word {
    let header = module.header.get_or_insert_with(|| rspirv::dr::ModuleHeader::new(1));
    let id = header.bound;
    header.bound += 1;
    id
}

/// `OpTypePointer class pointee`, found or added.
pub(crate) fn pointer_type(module: &mut Module, class: StorageClass, pointee: Word) -> Word {
    let found = module.types_global_values.iter().find(|i| {
        i.class.opcode == Op::TypePointer
            && matches!(i.operands.first(), Some(Operand::StorageClass(c)) if *c == class)
            && matches!(i.operands.get(1), Some(Operand::IdRef(p)) if *p == pointee)
    });
    if let Some(id) = found.and_then(|i| i.result_id) {
        return id;
    }
    let id = fresh_id(module);
    let inst = Instruction::new(Op::TypePointer, None, Some(id), vec![Operand::StorageClass(class), Operand::IdRef(pointee)]);
    // A pointer type must follow its pointee.
    let at = module.types_global_values.iter().position(|i| i.result_id == Some(pointee)).map_or(module.types_global_values.len(), |p| p + 1);
    module.types_global_values.insert(at, inst);
    id
}

/// `OpTypeInt 32 0`, found or added.
pub(crate) fn uint_type(module: &mut Module) -> Word {
    let found = module.types_global_values.iter().find(|i| i.class.opcode == Op::TypeInt && i.operands == [Operand::LiteralBit32(32), Operand::LiteralBit32(0)]);
    if let Some(id) = found.and_then(|i| i.result_id) {
        return id;
    }
    let id = fresh_id(module);
    module.types_global_values.insert(0, Instruction::new(Op::TypeInt, None, Some(id), vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)]));
    id
}

/// `OpConstant ty value` of a 32-bit integer type `ty`, found or added after the type.
pub(crate) fn uint_constant(module: &mut Module, uint: Word, value: u32) -> Word {
    let found = module.types_global_values.iter().find(|i| i.class.opcode == Op::Constant && i.result_type == Some(uint) && i.operands == [Operand::LiteralBit32(value)]);
    if let Some(id) = found.and_then(|i| i.result_id) {
        return id;
    }
    let id = fresh_id(module);
    let at = module.types_global_values.iter().position(|i| i.result_id == Some(uint)).map_or(module.types_global_values.len(), |p| p + 1);
    module.types_global_values.insert(at, Instruction::new(Op::Constant, Some(uint), Some(id), vec![Operand::LiteralBit32(value)]));
    id
}

/// Every instruction inside functions that defines an id, by id.
pub(crate) fn function_definitions(module: &Module) -> HashMap<Word, &Instruction> {
    let mut out = HashMap::new();
    for f in &module.functions {
        for b in &f.blocks {
            for i in &b.instructions {
                if let Some(id) = i.result_id {
                    out.insert(id, i);
                }
            }
        }
    }
    out
}

/// Whether `OpDecorate target decoration` is in the module.
pub(crate) fn is_decorated(module: &Module, target: Word, decoration: rspirv::spirv::Decoration) -> bool {
    module.annotations.iter().any(|i| {
        i.class.opcode == Op::Decorate
            && matches!(i.operands.first(), Some(Operand::IdRef(t)) if *t == target)
            && matches!(i.operands.get(1), Some(Operand::Decoration(d)) if *d == decoration)
    })
}

/// Adds `OpDecorate target decoration` unless it is there already.
pub(crate) fn decorate(module: &mut Module, target: Word, decoration: rspirv::spirv::Decoration, extra: Vec<Operand>) {
    if !is_decorated(module, target, decoration) {
        let mut operands = vec![Operand::IdRef(target), Operand::Decoration(decoration)];
        operands.extend(extra);
        module.annotations.push(Instruction::new(Op::Decorate, None, None, operands));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// naga's words with debug names for a WGSL module.
    fn named_words(src: &str) -> Vec<u32> {
        let module = naga::front::wgsl::parse_str(src).unwrap();
        let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all()).validate(&module).unwrap();
        let options = naga::back::spv::Options { lang_version: (1, 3), flags: naga::back::spv::WriterFlags::DEBUG, ..Default::default() };
        naga::back::spv::write_vec(&module, &info, &options, None).unwrap()
    }

    #[test]
    fn removing_names_from_the_words_matches_the_rspirv_round_trip() {
        // Structs with member names, 64-bit constants, a switch, a runtime-sized buffer.
        let words = named_words(
            "struct S { a: vec4<f32>, b: u32 }
             @group(0) @binding(0) var<storage, read_write> buf: array<S>;
             @compute @workgroup_size(4) fn main(@builtin(global_invocation_id) id: vec3<u32>) {
                 var x: i64 = 5000000000li;
                 switch id.x { case 1u: { x = x * 3li; } default: { buf[id.x].b = 7u; } }
                 buf[id.x].a = vec4<f32>(f32(x), 1.0, 2.0, 3.0);
             }",
        );
        assert_eq!(passes_wanted(&words), Wanted::Nothing);
        let mut module = load(&words).unwrap();
        strip_names(&mut module);
        assert_eq!(without_names(words.clone()), assemble(&module));
    }

    #[test]
    fn what_the_passes_look_for_is_found() {
        let marker = named_words("var<private> hlslc_marker: u32; @compute @workgroup_size(1) fn main() { hlslc_marker = 1u; }");
        assert_eq!(passes_wanted(&marker), Wanted::Nothing, "a name that only looks like a marker");
        let mut renamed = load(&marker).unwrap();
        for i in &mut renamed.debug_names {
            if matches!(i.operands.get(1), Some(Operand::LiteralString(s)) if s == "hlslc_marker") {
                i.operands[1] = Operand::LiteralString("hlslc::precise".into());
            }
        }
        assert_eq!(passes_wanted(&assemble(&renamed)), Wanted::ReadBack);
        let mask = named_words("@fragment fn main(@builtin(sample_mask) m: u32) -> @location(0) vec4<f32> { return vec4<f32>(f32(m)); }");
        assert_eq!(passes_wanted(&mask), Wanted::ReadBack);
        let unbounded = named_words("enable wgpu_binding_array; @group(0) @binding(0) var t: binding_array<texture_2d<f32>>; @fragment fn main() -> @location(0) vec4<f32> { return textureLoad(t[0], vec2<i32>(0), 0); }");
        assert_eq!(passes_wanted(&unbounded), Wanted::ReadBack);
        let width = crate::passes::tests::spirv_of_edited("@group(0) @binding(0) var t: texture_2d_array<f32>; @compute @workgroup_size(1) fn main() { _ = textureDimensions(t); }", (1, 3), true, crate::passes::image_query_size::tests::one_dimensional);
        assert_eq!(passes_wanted(&assemble(&width)), Wanted::ReadBack, "naga's scalar shuffle (the width of a 1D array texture)");
        let tile = "var<workgroup> tile: array<f32, 8>; @group(0) @binding(0) var<storage, read_write> b: array<f32>;
            @compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i: u32) { tile[i] = b[i]; workgroupBarrier(); b[i] = tile[7u - i]; }";
        assert_eq!(passes_wanted(&named_words(tile)), Wanted::WorkgroupLayout);
        let tile_and_mask = format!("{tile} @fragment fn f(@builtin(sample_mask) m: u32) -> @location(0) vec4<f32> {{ return vec4<f32>(f32(m)); }}");
        assert_eq!(passes_wanted(&named_words(&tile_and_mask)), Wanted::ReadBack, "the workgroup array does not hide another pass's work");
    }
}
