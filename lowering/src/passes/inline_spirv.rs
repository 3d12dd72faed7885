//! DXC's inline SPIR-V: the instructions, execution modes, capabilities and extensions HLSL
//! asked for with `vk::ext_instruction`, `vk::ext_execution_mode(_id)`, `vk::ReadClock`,
//! `vk::ext_capability` and `vk::ext_extension` (see `sema::inline_spirv`).
//!
//! Lowering calls a marker function per instruction function ([`MARKER_PREFIX`] and its
//! index in [`Config::instructions`]); this pass replaces each call of it with the instruction
//! — `OpExtInst` of the named set (imported once) or the core opcode, with the call's result
//! type and id when the opcode has a result — and deletes the marker. A literal operand is
//! the value of the constant naga wrote for the argument; a reference operand is the pointer
//! of the `OpLoad` lowering passed (the dead load stays). Execution modes go on every entry
//! point (lowering records only the ones reachable code asks for), `OpExecutionModeId`
//! operands as 32-bit integer constants. A built-in variable (a private variable named
//! [`MARKER_PREFIX`]`builtin::K`) moves to the `Input` or `Output` storage class (its
//! initializer dropped, the access chains into it re-typed), is decorated with its built-in
//! (and `Flat`, for an integer or double input of a fragment shader, as Vulkan requires) and
//! joins every entry point's interface; a `vk::ext_storage_class` variable moves the same way
//! to its class.
//!
//! A module whose configuration is empty is unchanged.

use super::spirv::{decorate, fresh_id, ids_named, pointer_type};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::grammar::OperandKind;
use rspirv::spirv::{BuiltIn, Capability, Decoration, ExecutionMode as Mode, Op, StorageClass, Word};
use std::collections::HashMap;

/// The prefix of the marker functions' names (`:` cannot occur in a user function's name).
pub const MARKER_PREFIX: &str = "hlslc::inline_spirv::";

/// What lowering found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Config {
    /// The instruction functions called by reachable code.
    pub instructions: Vec<InstructionFn>,
    /// `OpCapability` numbers to declare.
    pub capabilities: Vec<u32>,
    /// `OpExtension` names to declare.
    pub extensions: Vec<String>,
    /// Execution modes of the entry points.
    pub execution_modes: Vec<ExecutionMode>,
    /// `vk::ext_builtin_input`/`_output` variables the entry points use.
    pub builtins: Vec<BuiltinVariable>,
    /// `vk::SpirvType`s: the stand-in structs to replace with their type instructions.
    pub types: Vec<TypeDef>,
}

/// A stand-in struct type (named `marker`) for the type instruction `opcode operands…`.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeDef {
    pub marker: String,
    pub opcode: u32,
    pub operands: Vec<TypeOperand>,
}

/// An operand of a [`TypeDef`].
#[derive(Clone, Debug, PartialEq)]
pub enum TypeOperand {
    /// A literal word.
    Literal(u32),
    /// The id of a 32-bit integer (or `bool`) constant.
    Constant { value: u32, signed: bool, boolean: bool },
    /// The id of another stand-in type.
    Named(String),
    /// The id of a scalar or vector type.
    Scalar { kind: ScalarKind, bits: u32, components: u8 },
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ScalarKind {
    Sint,
    Uint,
    Float,
    Bool,
}

impl Config {
    pub fn is_empty(&self) -> bool {
        *self == Config::default()
    }
}

/// One `vk::ext_instruction` function.
#[derive(Clone, Debug, PartialEq)]
pub struct InstructionFn {
    /// The marker function's name.
    pub marker: String,
    pub opcode: u32,
    /// The extended instruction set (`OpExtInst`), or `None` for a core instruction.
    pub set: Option<String>,
    /// Per parameter: written as a literal word.
    pub literal: Vec<bool>,
    /// Per parameter: the argument's pointer is passed.
    pub reference: Vec<bool>,
}

/// A private variable (named `marker`) that is the SPIR-V built-in `builtin`, an input or an
/// output.
#[derive(Clone, Debug, PartialEq)]
pub struct BuiltinVariable {
    pub marker: String,
    /// The built-in (`None`: only the storage class changes).
    pub builtin: Option<u32>,
    /// The storage class.
    pub class: u32,
}

/// `vk::ext_execution_mode(mode, operands…)` (`id`: the `_id` form).
#[derive(Clone, Debug, PartialEq)]
pub struct ExecutionMode {
    pub mode: u32,
    /// Operand values, signed where `true`.
    pub operands: Vec<(u32, bool)>,
    pub id: bool,
}

/// Runs the pass.
pub fn run(module: &mut Module, config: &Config) -> Result<(), String> {
    if config.is_empty() {
        return Ok(());
    }
    // Collect: the markers, the constants naga wrote, the loads lowering passed.
    let markers: Vec<(Word, &InstructionFn)> = config.instructions.iter().filter_map(|i| ids_named(module, &i.marker).first().map(|&id| (id, i))).collect();
    let constants: HashMap<Word, u32> = module
        .types_global_values
        .iter()
        .filter_map(|i| {
            let value = match (i.class.opcode, i.operands.first()) {
                (Op::Constant, Some(Operand::LiteralBit32(v))) => *v,
                (Op::Constant, Some(Operand::LiteralBit64(v))) => *v as u32,
                (Op::ConstantTrue, _) => 1,
                (Op::ConstantFalse | Op::ConstantNull, _) => 0,
                _ => return None,
            };
            Some((i.result_id?, value))
        })
        .collect();
    let loads: HashMap<Word, Word> = module
        .functions
        .iter()
        .flat_map(|f| &f.blocks)
        .flat_map(|b| &b.instructions)
        .filter(|i| i.class.opcode == Op::Load)
        .filter_map(|i| match i.operands.first() {
            Some(Operand::IdRef(p)) => Some((i.result_id?, *p)),
            _ => None,
        })
        .collect();
    let mut replacements = Vec::new();
    for (fi, f) in module.functions.iter().enumerate() {
        for (bi, b) in f.blocks.iter().enumerate() {
            for (ii, i) in b.instructions.iter().enumerate() {
                if i.class.opcode != Op::FunctionCall {
                    continue;
                }
                let Some(&(_, inst)) = markers.iter().find(|(id, _)| i.operands.first() == Some(&Operand::IdRef(*id))) else { continue };
                let mut operands = Vec::new();
                for (k, a) in i.operands[1..].iter().enumerate() {
                    let Operand::IdRef(arg) = a else { return Err("an inline SPIR-V call has an operand that is not an id".into()) };
                    if inst.literal.get(k) == Some(&true) {
                        let v = constants.get(arg).ok_or("a `vk::ext_literal` argument is not a constant in naga's SPIR-V")?;
                        operands.push(Operand::LiteralBit32(*v));
                    } else if inst.reference.get(k) == Some(&true) {
                        let p = loads.get(arg).ok_or("a `vk::ext_reference` argument is not a load in naga's SPIR-V")?;
                        operands.push(Operand::IdRef(*p));
                    } else {
                        operands.push(Operand::IdRef(*arg));
                    }
                }
                replacements.push((fi, bi, ii, inst, operands, i.result_type, i.result_id));
            }
        }
    }

    // Mutate.
    let mut sets: HashMap<String, Word> = module
        .ext_inst_imports
        .iter()
        .filter_map(|i| match i.operands.first() {
            Some(Operand::LiteralString(s)) => Some((s.clone(), i.result_id?)),
            _ => None,
        })
        .collect();
    for (fi, bi, ii, inst, operands, result_type, result_id) in replacements {
        let new = match &inst.set {
            Some(set) => {
                let set_id = match sets.get(set) {
                    Some(&id) => id,
                    None => {
                        let id = fresh_id(module);
                        module.ext_inst_imports.push(Instruction::new(Op::ExtInstImport, None, Some(id), vec![Operand::LiteralString(set.clone())]));
                        sets.insert(set.clone(), id);
                        id
                    }
                };
                let all = [vec![Operand::IdRef(set_id), Operand::LiteralExtInstInteger(inst.opcode)], operands].concat();
                Instruction::new(Op::ExtInst, result_type, result_id, all)
            }
            None => {
                let grammar = rspirv::grammar::INSTRUCTION_TABLE.lookup_opcode(inst.opcode).ok_or_else(|| format!("unknown SPIR-V opcode {}", inst.opcode))?;
                let has_result = grammar.operands.iter().any(|o| o.kind == OperandKind::IdResult);
                let has_type = grammar.operands.iter().any(|o| o.kind == OperandKind::IdResultType);
                Instruction::new(grammar.opcode, if has_type { result_type } else { None }, if has_result { result_id } else { None }, operands)
            }
        };
        module.functions[fi].blocks[bi].instructions[ii] = new;
    }
    let marker_ids: Vec<Word> = markers.iter().map(|(id, _)| *id).collect();
    module.functions.retain(|f| f.def_id().is_none_or(|id| !marker_ids.contains(&id)));
    module.debug_names.retain(|i| !matches!(i.operands.first(), Some(Operand::IdRef(id)) if marker_ids.contains(id)));

    for &c in &config.capabilities {
        let present = module.capabilities.iter().any(|i| matches!(i.operands.first(), Some(Operand::Capability(x)) if *x as u32 == c));
        if !present {
            let cap = Capability::from_u32(c).ok_or_else(|| format!("unknown SPIR-V capability {c}"))?;
            module.capabilities.push(Instruction::new(Op::Capability, None, None, vec![Operand::Capability(cap)]));
        }
    }
    for e in &config.extensions {
        if !module.extensions.iter().any(|i| matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == e)) {
            module.extensions.push(Instruction::new(Op::Extension, None, None, vec![Operand::LiteralString(e.clone())]));
        }
    }
    builtin_variables(module, &config.builtins)?;
    spirv_types(module, &config.types)?;
    let entries: Vec<Word> = module.entry_points.iter().filter_map(|e| match e.operands.get(1) {
        Some(Operand::IdRef(f)) => Some(*f),
        _ => None,
    }).collect();
    for m in &config.execution_modes {
        let mode = Mode::from_u32(m.mode).ok_or_else(|| format!("unknown SPIR-V execution mode {}", m.mode))?;
        let operands: Vec<Operand> = if m.id {
            m.operands.iter().map(|&(v, signed)| Operand::IdRef(int_constant(module, v, signed))).collect()
        } else {
            m.operands.iter().map(|&(v, _)| Operand::LiteralBit32(v)).collect()
        };
        for &entry in &entries {
            let all = [vec![Operand::IdRef(entry), Operand::ExecutionMode(mode)], operands.clone()].concat();
            let op = if m.id { Op::ExecutionModeId } else { Op::ExecutionMode };
            if !module.execution_modes.iter().any(|i| i.class.opcode == op && i.operands == all) {
                module.execution_modes.push(Instruction::new(op, None, None, all));
            }
        }
    }
    Ok(())
}

/// Makes each marked private variable the built-in input or output it stands for.
fn builtin_variables(module: &mut Module, builtins: &[BuiltinVariable]) -> Result<(), String> {
    let fragment = module.entry_points.iter().any(|e| e.operands.first() == Some(&Operand::ExecutionModel(rspirv::spirv::ExecutionModel::Fragment)));
    for b in builtins {
        let Some(&var) = ids_named(module, &b.marker).first() else { continue };
        let class = StorageClass::from_u32(b.class).ok_or_else(|| format!("unknown SPIR-V storage class {}", b.class))?;
        let pointee = pointee_of(module, var).ok_or("a built-in variable has no pointer type")?;
        let ptr = pointer_type(module, class, pointee);
        // The variable moves after its (maybe new) pointer type.
        let at = module.types_global_values.iter().position(|i| i.result_id == Some(var)).ok_or("a built-in variable is not a global variable")?;
        let mut v = module.types_global_values.remove(at);
        v.result_type = Some(ptr);
        v.operands = vec![Operand::StorageClass(class)];
        module.types_global_values.push(v);
        // Access chains into the variable (and into those chains) point into its new class.
        let mut based = vec![var];
        loop {
            let mut retype = Vec::new();
            for i in module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions) {
                let chain = matches!(i.class.opcode, Op::AccessChain | Op::InBoundsAccessChain);
                if chain && matches!(i.operands.first(), Some(Operand::IdRef(base)) if based.contains(base)) && !based.contains(&i.result_id.unwrap_or(0)) {
                    retype.push((i.result_id.unwrap_or(0), i.result_type.unwrap_or(0)));
                }
            }
            if retype.is_empty() {
                break;
            }
            for (id, old_ty) in retype {
                let element = module.types_global_values.iter().find(|t| t.result_id == Some(old_ty)).and_then(|t| match t.operands.get(1) {
                    Some(Operand::IdRef(e)) => Some(*e),
                    _ => None,
                });
                let element = element.ok_or("an access chain into a built-in variable has no pointer type")?;
                let new_ty = pointer_type(module, class, element);
                for i in module.functions.iter_mut().flat_map(|f| &mut f.blocks).flat_map(|b| &mut b.instructions) {
                    if i.result_id == Some(id) {
                        i.result_type = Some(new_ty);
                    }
                }
                based.push(id);
            }
        }
        if let Some(n) = b.builtin {
            let builtin = BuiltIn::from_u32(n).ok_or_else(|| format!("unknown SPIR-V built-in {n}"))?;
            decorate(module, var, Decoration::BuiltIn, vec![Operand::BuiltIn(builtin)]);
            if fragment && class == StorageClass::Input && needs_flat(module, pointee) {
                decorate(module, var, Decoration::Flat, Vec::new());
            }
        }
        // Entry points list their inputs and outputs (before SPIR-V 1.4: only those; from 1.4 on,
        // every global variable they use, which naga wrote for the private one).
        let listed = matches!(class, StorageClass::Input | StorageClass::Output) || module.header.as_ref().is_some_and(|h| h.version() >= (1, 4));
        for e in module.entry_points.iter_mut().filter(|_| listed) {
            if !e.operands.iter().skip(3).any(|o| *o == Operand::IdRef(var)) {
                e.operands.push(Operand::IdRef(var));
            }
        }
    }
    Ok(())
}

/// Replaces each stand-in struct with its type instruction (same id), then orders the
/// declarations so that every id is defined before it is used.
fn spirv_types(module: &mut Module, types: &[TypeDef]) -> Result<(), String> {
    let mut replaced = Vec::new();
    // The id each stand-in ends as (an identical declaration naga wrote replaces it).
    let mut ids: HashMap<&str, Word> = HashMap::new();
    for t in types {
        let Some(&id) = ids_named(module, &t.marker).first() else { continue };
        let mut operands = Vec::new();
        for op in &t.operands {
            operands.push(match op {
                TypeOperand::Literal(v) => Operand::LiteralBit32(*v),
                TypeOperand::Constant { value, boolean: true, .. } => Operand::IdRef(bool_constant(module, *value != 0)),
                TypeOperand::Constant { value, signed, .. } => Operand::IdRef(int_constant(module, *value, *signed)),
                TypeOperand::Named(m) => Operand::IdRef(*ids.get(m.as_str()).ok_or_else(|| format!("no stand-in type {m}"))?),
                TypeOperand::Scalar { kind, bits, components } => Operand::IdRef(scalar_type(module, *kind, *bits, *components)),
            });
        }
        let op = Op::from_u32(t.opcode).ok_or_else(|| format!("unknown SPIR-V opcode {}", t.opcode))?;
        let at = module.types_global_values.iter().position(|i| i.result_id == Some(id)).ok_or("a stand-in type is not declared")?;
        // SPIR-V allows one declaration of each non-aggregate type: a type naga (or an earlier
        // stand-in) declared already is used instead.
        let new = Instruction::new(op, None, Some(id), operands);
        let key = declaration_words(&new);
        let same = module.types_global_values.iter().find(|i| i.class.opcode == op && i.result_type.is_none() && i.result_id != Some(id) && declaration_words(i) == key).and_then(|i| i.result_id);
        match same {
            Some(existing) if !matches!(op, Op::TypeStruct | Op::TypeOpaque) => {
                module.types_global_values.remove(at);
                let targets_stand_in = |i: &Instruction| matches!(i.operands.first(), Some(Operand::IdRef(x)) if *x == id);
                module.annotations.retain(|i| !targets_stand_in(i));
                module.debug_names.retain(|i| !targets_stand_in(i));
                for i in module.all_inst_iter_mut() {
                    if i.result_type == Some(id) {
                        i.result_type = Some(existing);
                    }
                    for o in &mut i.operands {
                        if *o == Operand::IdRef(id) {
                            *o = Operand::IdRef(existing);
                        }
                    }
                }
                ids.insert(&t.marker, existing);
            }
            _ => {
                module.types_global_values[at] = new;
                replaced.push(id);
                ids.insert(&t.marker, id);
            }
        }
    }
    if ids.is_empty() {
        return Ok(());
    }
    // naga's null constants of a stand-in that became a pointer type (the zero values of the
    // removed marker functions) are unused, and logical addressing has no null pointers.
    let pointers: Vec<Word> = ids.values().copied().filter(|id| module.types_global_values.iter().any(|i| i.result_id == Some(*id) && i.class.opcode == Op::TypePointer)).collect();
    let nulls: Vec<Word> = module.types_global_values.iter().filter(|i| i.class.opcode == Op::ConstantNull && i.result_type.is_some_and(|t| pointers.contains(&t))).filter_map(|i| i.result_id).collect();
    if !nulls.is_empty() {
        let used: std::collections::HashSet<Word> = module.all_inst_iter().flat_map(|i| i.operands.iter()).filter_map(|o| if let Operand::IdRef(id) = o { Some(*id) } else { None }).filter(|id| nulls.contains(id)).collect();
        if let Some(id) = used.iter().next() {
            return Err(format!("inline SPIR-V: a null SPIR-V pointer (%{id}) is used; logical addressing has none"));
        }
        module.types_global_values.retain(|i| !(i.class.opcode == Op::ConstantNull && i.result_id.is_some_and(|id| nulls.contains(&id))));
    }
    // The placeholder member's decorations and name go.
    module.annotations.retain(|i| !(i.class.opcode == Op::MemberDecorate && matches!(i.operands.first(), Some(Operand::IdRef(id)) if replaced.contains(id))));
    module.debug_names.retain(|i| !(i.class.opcode == Op::MemberName && matches!(i.operands.first(), Some(Operand::IdRef(id)) if replaced.contains(id))));
    order_declarations(module);
    Ok(())
}

/// A type declaration's words after its result id (its opcode and operands as written, so
/// that a literal storage class equals naga's enumerant).
fn declaration_words(i: &Instruction) -> Vec<u32> {
    use rspirv::binary::Assemble;
    let mut words = Vec::new();
    i.assemble_into(&mut words);
    let opcode = words.first().map(|w| w & 0xffff).unwrap_or(0);
    std::iter::once(opcode).chain(words.into_iter().skip(2)).collect()
}

/// Orders `types_global_values` so that each instruction follows the ones defining the ids it
/// uses (a stable depth-first order: instructions already in order stay put).
fn order_declarations(module: &mut Module) {
    let all = std::mem::take(&mut module.types_global_values);
    let index: HashMap<Word, usize> = all.iter().enumerate().filter_map(|(i, x)| Some((x.result_id?, i))).collect();
    let mut done = vec![false; all.len()];
    let mut order = Vec::with_capacity(all.len());
    for start in 0..all.len() {
        // An explicit stack of (instruction, next operand to look at).
        let mut stack = vec![(start, 0usize)];
        while let Some(&mut (i, ref mut next)) = stack.last_mut() {
            if done[i] {
                stack.pop();
                continue;
            }
            let uses: Vec<Word> = all[i].result_type.into_iter().chain(all[i].operands.iter().filter_map(|o| if let Operand::IdRef(id) = o { Some(*id) } else { None })).collect();
            if let Some(&dep) = uses.get(*next) {
                *next += 1;
                if let Some(&d) = index.get(&dep) {
                    if !done[d] && !stack.iter().any(|(s, _)| *s == d) {
                        stack.push((d, 0));
                    }
                }
                continue;
            }
            done[i] = true;
            order.push(i);
            stack.pop();
        }
    }
    let mut slots: Vec<Option<Instruction>> = all.into_iter().map(Some).collect();
    module.types_global_values = order.into_iter().filter_map(|i| slots[i].take()).collect();
}

/// The id of a scalar type, or of a vector of `components` of it (created if missing).
fn scalar_type(module: &mut Module, kind: ScalarKind, bits: u32, components: u8) -> Word {
    let (op, operands) = match kind {
        ScalarKind::Sint => (Op::TypeInt, vec![Operand::LiteralBit32(bits), Operand::LiteralBit32(1)]),
        ScalarKind::Uint => (Op::TypeInt, vec![Operand::LiteralBit32(bits), Operand::LiteralBit32(0)]),
        ScalarKind::Float => (Op::TypeFloat, vec![Operand::LiteralBit32(bits)]),
        ScalarKind::Bool => (Op::TypeBool, Vec::new()),
    };
    let scalar = find_or_add(module, op, operands);
    if components <= 1 {
        return scalar;
    }
    find_or_add(module, Op::TypeVector, vec![Operand::IdRef(scalar), Operand::LiteralBit32(u32::from(components))])
}

/// The id of a type declaration `op operands…`, appended if there is none.
fn find_or_add(module: &mut Module, op: Op, operands: Vec<Operand>) -> Word {
    if let Some(id) = module.types_global_values.iter().find(|i| i.class.opcode == op && i.operands == operands).and_then(|i| i.result_id) {
        return id;
    }
    let id = fresh_id(module);
    module.types_global_values.push(Instruction::new(op, None, Some(id), operands));
    id
}

/// The id of `OpConstantTrue`/`OpConstantFalse` (and of `OpTypeBool`), created if missing.
fn bool_constant(module: &mut Module, value: bool) -> Word {
    let ty = find_or_add(module, Op::TypeBool, Vec::new());
    let op = if value { Op::ConstantTrue } else { Op::ConstantFalse };
    if let Some(id) = module.types_global_values.iter().find(|i| i.class.opcode == op && i.result_type == Some(ty)).and_then(|i| i.result_id) {
        return id;
    }
    let id = fresh_id(module);
    module.types_global_values.push(Instruction::new(op, Some(ty), Some(id), Vec::new()));
    id
}

/// The type a variable's pointer type points to.
fn pointee_of(module: &Module, var: Word) -> Option<Word> {
    let v = module.types_global_values.iter().find(|i| i.result_id == Some(var))?;
    let ptr = module.types_global_values.iter().find(|i| i.result_id == v.result_type)?;
    match ptr.operands.get(1) {
        Some(Operand::IdRef(t)) => Some(*t),
        _ => None,
    }
}

/// Whether a fragment-shader input of this type must be `Flat` (integers and doubles, also in
/// vectors and arrays).
fn needs_flat(module: &Module, ty: Word) -> bool {
    let Some(t) = module.types_global_values.iter().find(|i| i.result_id == Some(ty)) else { return false };
    match t.class.opcode {
        Op::TypeInt => true,
        Op::TypeFloat => t.operands.first() == Some(&Operand::LiteralBit32(64)),
        Op::TypeVector | Op::TypeArray => matches!(t.operands.first(), Some(Operand::IdRef(e)) if needs_flat(module, *e)),
        _ => false,
    }
}

/// The id of a 32-bit integer constant (and of its type), created if naga wrote none.
fn int_constant(module: &mut Module, value: u32, signed: bool) -> Word {
    let ty = module.types_global_values.iter().find(|i| i.class.opcode == Op::TypeInt && i.operands == [Operand::LiteralBit32(32), Operand::LiteralBit32(u32::from(signed))]).and_then(|i| i.result_id);
    let ty = match ty {
        Some(t) => t,
        None => {
            let t = fresh_id(module);
            module.types_global_values.push(Instruction::new(Op::TypeInt, None, Some(t), vec![Operand::LiteralBit32(32), Operand::LiteralBit32(u32::from(signed))]));
            t
        }
    };
    let existing = module.types_global_values.iter().find(|i| i.class.opcode == Op::Constant && i.result_type == Some(ty) && i.operands == [Operand::LiteralBit32(value)]).and_then(|i| i.result_id);
    existing.unwrap_or_else(|| {
        let c = fresh_id(module);
        module.types_global_values.push(Instruction::new(Op::Constant, Some(ty), Some(c), vec![Operand::LiteralBit32(value)]));
        c
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::spirv::{assemble, load};
    use crate::passes::tests::{rename, spirv_of};

    const SHADER: &str = "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
         fn add(a: u32, b: u32) -> u32 { return 0u; }
         @compute @workgroup_size(1) fn main(@builtin(local_invocation_index) i: u32) { out[0] = add(i, 5u); }";

    fn config() -> Config {
        Config {
            instructions: vec![InstructionFn { marker: format!("{MARKER_PREFIX}0"), opcode: Op::IAdd as u32, set: None, literal: vec![false; 2], reference: vec![false; 2] }],
            capabilities: vec![Capability::Int8 as u32],
            extensions: vec!["SPV_KHR_shader_clock".into()],
            execution_modes: vec![ExecutionMode { mode: Mode::LocalSizeHintId as u32, operands: vec![(4, false), (2, false), (1, false)], id: true }],
            builtins: Vec::new(),
            types: Vec::new(),
        }
    }

    #[test]
    fn marker_calls_become_the_instruction() {
        let mut module = spirv_of(SHADER, (1, 3), true);
        rename(&mut module, "add", &format!("{MARKER_PREFIX}0"));
        run(&mut module, &config()).unwrap();
        let ops: Vec<Op> = module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions).map(|i| i.class.opcode).collect();
        assert!(ops.contains(&Op::IAdd) && !ops.contains(&Op::FunctionCall));
        assert_eq!(module.functions.len(), 1, "the marker function is gone");
        assert!(module.capabilities.iter().any(|i| i.operands == [Operand::Capability(Capability::Int8)]));
        assert!(module.extensions.iter().any(|i| i.operands == [Operand::LiteralString("SPV_KHR_shader_clock".into())]));
        assert!(module.execution_modes.iter().any(|i| i.class.opcode == Op::ExecutionModeId && i.operands.len() == 5));
        // (rspirv's loader rejects `OpExecutionModeId`, so the words are read back without it.)
        module.execution_modes.retain(|i| i.class.opcode != Op::ExecutionModeId);
        load(&assemble(&module)).unwrap();
    }

    #[test]
    fn literal_operands_are_the_constants_values() {
        let mut module = spirv_of(SHADER, (1, 3), true);
        rename(&mut module, "add", &format!("{MARKER_PREFIX}0"));
        let mut c = config();
        c.instructions[0].literal = vec![false, true];
        run(&mut module, &c).unwrap();
        let add = module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions).find(|i| i.class.opcode == Op::IAdd).unwrap();
        assert_eq!(add.operands[1], Operand::LiteralBit32(5));
    }

    #[test]
    fn marked_private_variables_become_built_ins() {
        let shader = "var<private> groups: vec3<u32>;
             @group(0) @binding(0) var<storage, read_write> out: array<u32>;
             @compute @workgroup_size(1) fn main() { out[0] = groups.y; }";
        let mut module = spirv_of(shader, (1, 3), true);
        let marker = format!("{MARKER_PREFIX}builtin::0");
        rename(&mut module, "groups", &marker);
        let var = ids_named(&module, &marker)[0];
        let config = Config { builtins: vec![BuiltinVariable { marker, builtin: Some(BuiltIn::NumWorkgroups as u32), class: StorageClass::Input as u32 }], ..Config::default() };
        run(&mut module, &config).unwrap();
        let v = module.types_global_values.iter().find(|i| i.result_id == Some(var)).unwrap();
        assert_eq!(v.operands, [Operand::StorageClass(StorageClass::Input)]);
        assert!(module.annotations.iter().any(|i| i.operands == [Operand::IdRef(var), Operand::Decoration(Decoration::BuiltIn), Operand::BuiltIn(BuiltIn::NumWorkgroups)]));
        assert!(module.entry_points[0].operands.contains(&Operand::IdRef(var)));
        let private = module.types_global_values.iter().filter(|t| t.class.opcode == Op::TypePointer && t.operands.first() == Some(&Operand::StorageClass(StorageClass::Private))).filter_map(|t| t.result_id).collect::<Vec<_>>();
        let chains_into_private = module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions).filter(|i| i.class.opcode == Op::AccessChain && i.result_type.is_some_and(|t| private.contains(&t))).count();
        assert_eq!(chains_into_private, 0, "the access chains point into the input");
        load(&assemble(&module)).unwrap();
    }

    #[test]
    fn stand_in_structs_become_their_type_instructions() {
        let shader = "struct Byte { v: u32 }
             struct Quad { v: u32 }
             var<private> b: Byte;
             var<private> q: Quad;
             @group(0) @binding(0) var<storage, read_write> out: array<vec4<u32>>;
             @compute @workgroup_size(1) fn main() { b = Byte(1u); q = Quad(2u); out[0] = vec4<u32>(b.v, q.v, 0u, 0u); }";
        let mut module = spirv_of(shader, (1, 3), true);
        let (byte, quad) = (format!("{MARKER_PREFIX}type::0"), format!("{MARKER_PREFIX}type::1"));
        rename(&mut module, "Byte", &byte);
        rename(&mut module, "Quad", &quad);
        let byte_id = ids_named(&module, &byte)[0];
        let types = vec![
            TypeDef { marker: byte, opcode: Op::TypeInt as u32, operands: vec![TypeOperand::Literal(8), TypeOperand::Literal(0)] },
            // The same declaration as naga's `vec4<u32>`: that one is used instead.
            TypeDef { marker: quad, opcode: Op::TypeVector as u32, operands: vec![TypeOperand::Scalar { kind: ScalarKind::Uint, bits: 32, components: 1 }, TypeOperand::Literal(4)] },
        ];
        spirv_types(&mut module, &types).unwrap();
        let byte_decl = module.types_global_values.iter().find(|i| i.result_id == Some(byte_id)).unwrap();
        assert_eq!((byte_decl.class.opcode, byte_decl.operands.clone()), (Op::TypeInt, vec![Operand::LiteralBit32(8), Operand::LiteralBit32(0)]));
        let vectors = module.types_global_values.iter().filter(|i| i.class.opcode == Op::TypeVector).count();
        assert_eq!(vectors, 1, "one declaration of uvec4");
        // Every id is declared before it is used.
        let mut seen = std::collections::HashSet::new();
        for i in &module.types_global_values {
            for id in i.result_type.iter().chain(i.operands.iter().filter_map(|o| if let Operand::IdRef(x) = o { Some(x) } else { None })) {
                assert!(seen.contains(id) || !module.types_global_values.iter().any(|d| d.result_id == Some(*id)), "{id} used before its declaration");
            }
            seen.extend(i.result_id);
        }
    }

    #[test]
    fn modules_without_inline_spirv_are_unchanged() {
        crate::passes::tests::assert_unchanged(spirv_of(SHADER, (1, 3), true), |m| run(m, &Config::default()));
    }
}
