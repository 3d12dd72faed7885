//! `GetAttributeAtVertex` for SPIR-V: per-vertex pixel inputs
//! (`SPV_KHR_fragment_shader_barycentric`).
//!
//! Lowering (`lower::attribute_at_vertex`) calls a marker function ([`MARKER`]) with the
//! attribute's value and the vertex index. The value is a flat (`nointerpolation`) input read
//! somewhere up the data flow. This pass, as DXC writes the intrinsic:
//! - traces each call's attribute back to the `Input` variable it was read from, through
//!   loads, access chains and composite extractions with constant indices, composites built
//!   from it, function variables stored once, and function parameters (every call site must
//!   pass the same input);
//! - makes each such input an array of three decorated `PerVertexKHR` (instead of `Flat`),
//!   reads its element 0 — the provoking vertex, what the flat input held — wherever naga read
//!   the input, and replaces each marker call by a read of the asked vertex's element (the
//!   same member or component the attribute was);
//! - declares the `FragmentBarycentricKHR` capability and its extension, and deletes the
//!   marker functions.
//!
//! An attribute that does not come from one input is an error naming the intrinsic. A module
//! without the marker is unchanged.

use super::spirv::{decorate, fresh_id, pointer_type, uint_constant, uint_type};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Capability, Decoration, Op, StorageClass, Word};
use std::collections::BTreeMap;

/// The name of the marker functions (`:` cannot occur in a user function's name).
pub const MARKER: &str = "hlslc::attribute_at_vertex";

/// Options of the pass (none).
#[derive(Clone, Debug, Default)]
pub struct Config {}

/// How deep the trace follows values (calls, stores, composites) before giving up.
const MAX_DEPTH: usize = 64;

/// Runs the pass.
pub fn run(module: &mut Module, _config: &Config) -> Result<(), String> {
    let markers = super::spirv::ids_named(module, MARKER);
    let markers: Vec<Word> = markers.into_iter().filter(|id| module.functions.iter().any(|f| f.def.as_ref().and_then(|d| d.result_id) == Some(*id))).collect();
    if markers.is_empty() {
        return Ok(());
    }

    // Collect: each marker call and the input (and member path) its attribute comes from.
    let mut calls = Vec::new();
    for (fi, f) in module.functions.iter().enumerate() {
        for b in &f.blocks {
            for i in &b.instructions {
                if i.class.opcode == Op::FunctionCall && id_at(i, 0).is_some_and(|c| markers.contains(&c)) {
                    let (Some(value), Some(vertex)) = (id_at(i, 1), id_at(i, 2)) else { return Err("a `GetAttributeAtVertex` marker call without its arguments".into()) };
                    let origin = Tracer { module, private_inputs: Vec::new() }.value(fi, value, Vec::new(), 0).map_err(|e| format!("`GetAttributeAtVertex`: {e}"))?;
                    let flat = module.annotations.iter().any(|a| id_at(a, 0) == Some(origin.0) && a.operands.get(1) == Some(&Operand::Decoration(Decoration::Flat)));
                    if !flat {
                        return Err(format!("`GetAttributeAtVertex`: {NOT_INPUT}"));
                    }
                    let result = i.result_id.ok_or("a `GetAttributeAtVertex` marker call without a result")?;
                    calls.push((result, vertex, origin));
                }
            }
        }
    }

    // Mutate: the inputs become arrays of three.
    let uint = uint_type(module);
    let three = uint_constant(module, uint, 3);
    let zero = uint_constant(module, uint, 0);
    let mut inputs: BTreeMap<Word, Word> = BTreeMap::new(); // variable → its old pointee type (ordered: fresh ids are deterministic)
    for (_, _, (var, _)) in &calls {
        if inputs.contains_key(var) {
            continue;
        }
        let at = global_index(module, *var).ok_or("a per-vertex input variable is missing")?;
        let pointer = module.types_global_values[at].result_type.ok_or("an input without a type")?;
        let pointee = global_index(module, pointer).and_then(|p| id_at(&module.types_global_values[p], 1)).ok_or("an input whose pointer type is missing")?;
        let array = array_type(module, pointee, three);
        let array_pointer = pointer_type(module, StorageClass::Input, array);
        let at = global_index(module, *var).ok_or("a per-vertex input variable is missing")?;
        let mut variable = module.types_global_values.remove(at);
        variable.result_type = Some(array_pointer);
        // After its new type, which may follow the old one.
        let after = global_index(module, array_pointer).map_or(at, |p| (p + 1).max(at));
        module.types_global_values.insert(after, variable);
        // Interpolation decorations do not apply to per-vertex values.
        module.annotations.retain(|a| !(id_at(a, 0) == Some(*var) && matches!(a.operands.get(1), Some(Operand::Decoration(Decoration::Flat | Decoration::NoPerspective | Decoration::Centroid | Decoration::Sample)))));
        decorate(module, *var, Decoration::PerVertexKHR, Vec::new());
        inputs.insert(*var, pointee);
    }
    // naga's reads of the inputs read the provoking vertex, element 0.
    for (&var, &pointee) in &inputs {
        let element_pointer = pointer_type(module, StorageClass::Input, pointee);
        for fi in 0..module.functions.len() {
            for bi in 0..module.functions[fi].blocks.len() {
                let mut ii = 0;
                while ii < module.functions[fi].blocks[bi].instructions.len() {
                    let inst = &module.functions[fi].blocks[bi].instructions[ii];
                    let reads_var = id_at(inst, 0) == Some(var);
                    match inst.class.opcode {
                        Op::Load if reads_var => {
                            let pointer = fresh_id(module);
                            let chain = Instruction::new(Op::AccessChain, Some(element_pointer), Some(pointer), vec![Operand::IdRef(var), Operand::IdRef(zero)]);
                            let load = &mut module.functions[fi].blocks[bi].instructions[ii];
                            load.operands[0] = Operand::IdRef(pointer);
                            module.functions[fi].blocks[bi].instructions.insert(ii, chain);
                            ii += 1;
                        }
                        Op::AccessChain | Op::InBoundsAccessChain if reads_var => {
                            module.functions[fi].blocks[bi].instructions[ii].operands.insert(1, Operand::IdRef(zero));
                        }
                        _ => {}
                    }
                    ii += 1;
                }
            }
        }
    }
    // Marker calls become reads of the asked vertex.
    for (result, vertex, (var, path)) in calls {
        let found = module.functions.iter().enumerate().find_map(|(f, func)| {
            func.blocks.iter().enumerate().find_map(|(b, block)| block.instructions.iter().position(|i| i.result_id == Some(result)).map(|i| (f, b, i)))
        });
        let (f, b, i) = found.ok_or("a `GetAttributeAtVertex` marker call went missing")?;
        let ty = module.functions[f].blocks[b].instructions[i].result_type.ok_or("a `GetAttributeAtVertex` marker call without a type")?;
        let mut indices = vec![Operand::IdRef(var), Operand::IdRef(vertex)];
        for k in path {
            let c = uint_constant(module, uint, k);
            indices.push(Operand::IdRef(c));
        }
        let pointer_ty = pointer_type(module, StorageClass::Input, ty);
        let pointer = fresh_id(module);
        let new = [Instruction::new(Op::AccessChain, Some(pointer_ty), Some(pointer), indices), Instruction::new(Op::Load, Some(ty), Some(result), vec![Operand::IdRef(pointer)])];
        module.functions[f].blocks[b].instructions.splice(i..i + 1, new);
    }
    module.functions.retain(|f| !f.def.as_ref().and_then(|d| d.result_id).is_some_and(|id| markers.contains(&id)));
    module.debug_names.retain(|n| !id_at(n, 0).is_some_and(|id| markers.contains(&id)));
    if !module.capabilities.iter().any(|c| c.operands.first() == Some(&Operand::Capability(Capability::FragmentBarycentricKHR))) {
        module.capabilities.push(Instruction::new(Op::Capability, None, None, vec![Operand::Capability(Capability::FragmentBarycentricKHR)]));
    }
    let extension = "SPV_KHR_fragment_shader_barycentric";
    if !module.extensions.iter().any(|e| matches!(e.operands.first(), Some(Operand::LiteralString(s)) if s == extension)) {
        module.extensions.push(Instruction::new(Op::Extension, None, None, vec![Operand::LiteralString(extension.into())]));
    }
    Ok(())
}

/// Follows a value back to the input it was read from (also used by
/// [`super::evaluate_attribute`]).
pub(super) struct Tracer<'m> {
    pub(super) module: &'m Module,
    /// Private variables that count as inputs (`vk::ext_builtin_input` variables, which
    /// `inline_spirv` makes inputs later).
    pub(super) private_inputs: Vec<Word>,
}

/// An input variable and the member/component path inside it.
pub(super) type Origin = (Word, Vec<u32>);

impl Tracer<'_> {
    /// Where the value `id` of function `f`, at `path` inside it, comes from.
    pub(super) fn value(&self, f: usize, id: Word, path: Vec<u32>, depth: usize) -> Result<Origin, String> {
        if depth > MAX_DEPTH {
            return Err("the attribute's data flow is too deep to follow".into());
        }
        let function = &self.module.functions[f];
        if let Some(p) = function.parameters.iter().position(|i| i.result_id == Some(id)) {
            return self.parameter(f, p, path, depth);
        }
        let def = function.blocks.iter().flat_map(|b| &b.instructions).find(|i| i.result_id == Some(id)).ok_or(NOT_INPUT)?;
        match def.class.opcode {
            Op::Load => self.pointer(f, id_at(def, 0).ok_or(NOT_INPUT)?, path, depth + 1),
            Op::CopyObject => self.value(f, id_at(def, 0).ok_or(NOT_INPUT)?, path, depth + 1),
            Op::CompositeExtract => {
                let mut inner: Vec<u32> = def.operands[1..].iter().filter_map(literal).collect();
                inner.extend(path);
                self.value(f, id_at(def, 0).ok_or(NOT_INPUT)?, inner, depth + 1)
            }
            Op::CompositeConstruct if !path.is_empty() => {
                // A struct's members, an array's elements, a matrix's columns, or a vector built
                // from scalars.
                let parts: Vec<Word> = def.operands.iter().filter_map(|o| if let Operand::IdRef(id) = o { Some(*id) } else { None }).collect();
                let all_scalar = parts.iter().all(|&p| self.is_scalar_value(f, p));
                let aggregate = def.result_type.and_then(|t| self.global(t)).is_some_and(|t| matches!(t.class.opcode, Op::TypeStruct | Op::TypeArray | Op::TypeMatrix));
                if !(aggregate || all_scalar) {
                    return Err(NOT_INPUT.into());
                }
                let part = *parts.get(path[0] as usize).ok_or(NOT_INPUT)?;
                self.value(f, part, path[1..].to_vec(), depth + 1)
            }
            Op::VectorShuffle if !path.is_empty() => {
                let (Some(a), Some(b)) = (id_at(def, 0), id_at(def, 1)) else { return Err(NOT_INPUT.into()) };
                let Some(&Operand::LiteralBit32(k)) = def.operands.get(2 + path[0] as usize) else { return Err(NOT_INPUT.into()) };
                let n = self.vector_size_of(f, a).ok_or(NOT_INPUT)?;
                let (source, index) = if k < n { (a, k) } else { (b, k - n) };
                let mut inner = vec![index];
                inner.extend(&path[1..]);
                self.value(f, source, inner, depth + 1)
            }
            _ => Err(NOT_INPUT.into()),
        }
    }

    /// Where what the pointer `id` of function `f` points to, at `path`, comes from.
    fn pointer(&self, f: usize, id: Word, path: Vec<u32>, depth: usize) -> Result<Origin, String> {
        if depth > MAX_DEPTH {
            return Err("the attribute's data flow is too deep to follow".into());
        }
        if let Some(var) = self.global(id) {
            let input = var.class.opcode == Op::Variable && var.operands.first() == Some(&Operand::StorageClass(StorageClass::Input)) || self.private_inputs.contains(&id);
            return if input { Ok((id, path)) } else { Err(NOT_INPUT.into()) };
        }
        let function = &self.module.functions[f];
        if let Some(p) = function.parameters.iter().position(|i| i.result_id == Some(id)) {
            return self.parameter(f, p, path, depth);
        }
        let def = function.blocks.iter().flat_map(|b| &b.instructions).find(|i| i.result_id == Some(id)).ok_or(NOT_INPUT)?;
        match def.class.opcode {
            Op::AccessChain | Op::InBoundsAccessChain => {
                let mut inner = Vec::new();
                for o in &def.operands[1..] {
                    let Operand::IdRef(c) = o else { return Err(NOT_INPUT.into()) };
                    inner.push(self.constant(*c).ok_or("the attribute is indexed with a value that is not a constant")?);
                }
                inner.extend(path);
                self.pointer(f, id_at(def, 0).ok_or(NOT_INPUT)?, inner, depth + 1)
            }
            Op::Variable => {
                // A function variable: the one store that wrote the traced part.
                let mut found = None;
                for b in &function.blocks {
                    for i in &b.instructions {
                        if i.class.opcode != Op::Store {
                            continue;
                        }
                        let Some(target) = id_at(i, 0) else { continue };
                        let Some(prefix) = self.path_into(f, target, id) else { continue };
                        let overlaps = prefix.iter().zip(&path).all(|(a, b)| a == b);
                        if !overlaps {
                            continue;
                        }
                        if found.is_some() || prefix.len() > path.len() {
                            return Err("the attribute is read from a variable written more than once".into());
                        }
                        found = Some((id_at(i, 1).ok_or(NOT_INPUT)?, path[prefix.len()..].to_vec()));
                    }
                }
                let (value, rest) = found.ok_or(NOT_INPUT)?;
                self.value(f, value, rest, depth + 1)
            }
            _ => Err(NOT_INPUT.into()),
        }
    }

    /// The value a parameter has: what every call of the function passes, which must trace
    /// to one input.
    fn parameter(&self, f: usize, p: usize, path: Vec<u32>, depth: usize) -> Result<Origin, String> {
        let callee = self.module.functions[f].def.as_ref().and_then(|d| d.result_id).ok_or(NOT_INPUT)?;
        let is_pointer = self.module.functions[f].parameters[p].result_type.and_then(|t| self.global(t)).is_some_and(|t| t.class.opcode == Op::TypePointer);
        let mut origin: Option<Origin> = None;
        for (g, function) in self.module.functions.iter().enumerate() {
            for i in function.blocks.iter().flat_map(|b| &b.instructions) {
                if i.class.opcode != Op::FunctionCall || id_at(i, 0) != Some(callee) {
                    continue;
                }
                let arg = id_at(i, 1 + p).ok_or(NOT_INPUT)?;
                let o = if is_pointer { self.pointer(g, arg, path.clone(), depth + 1)? } else { self.value(g, arg, path.clone(), depth + 1)? };
                if origin.as_ref().is_some_and(|x| *x != o) {
                    return Err("the attribute is a parameter that different calls pass different inputs".into());
                }
                origin = Some(o);
            }
        }
        origin.ok_or_else(|| NOT_INPUT.into())
    }

    /// The constant indices from `base` to `pointer` (empty for `base` itself), when
    /// `pointer` is `base` or an access chain into it with constant indices.
    fn path_into(&self, f: usize, pointer: Word, base: Word) -> Option<Vec<u32>> {
        if pointer == base {
            return Some(Vec::new());
        }
        let def = self.module.functions[f].blocks.iter().flat_map(|b| &b.instructions).find(|i| i.result_id == Some(pointer))?;
        if !matches!(def.class.opcode, Op::AccessChain | Op::InBoundsAccessChain) {
            return None;
        }
        let mut path = self.path_into(f, id_at(def, 0)?, base)?;
        for o in &def.operands[1..] {
            let Operand::IdRef(c) = o else { return None };
            // A run-time index into the variable: it may write any element.
            path.push(self.constant(*c).unwrap_or(0));
        }
        Some(path)
    }

    fn global(&self, id: Word) -> Option<&Instruction> {
        self.module.types_global_values.iter().find(|i| i.result_id == Some(id))
    }

    /// The value of an integer constant.
    fn constant(&self, id: Word) -> Option<u32> {
        let c = self.global(id).filter(|c| c.class.opcode == Op::Constant)?;
        c.operands.first().and_then(literal)
    }

    fn type_of(&self, f: usize, id: Word) -> Option<Word> {
        let function = &self.module.functions[f];
        let local = function.parameters.iter().chain(function.blocks.iter().flat_map(|b| &b.instructions)).find(|i| i.result_id == Some(id));
        local.or_else(|| self.global(id)).and_then(|i| i.result_type)
    }

    fn is_scalar_value(&self, f: usize, id: Word) -> bool {
        self.type_of(f, id).and_then(|t| self.global(t)).is_some_and(|t| matches!(t.class.opcode, Op::TypeFloat | Op::TypeInt | Op::TypeBool))
    }

    fn vector_size_of(&self, f: usize, id: Word) -> Option<u32> {
        let t = self.global(self.type_of(f, id)?)?;
        match (t.class.opcode, t.operands.get(1)) {
            (Op::TypeVector, Some(Operand::LiteralBit32(n))) => Some(*n),
            _ => None,
        }
    }
}

pub(super) const NOT_INPUT: &str = "the attribute must be a `nointerpolation` pixel-shader input (or a member or component of one), passed unchanged";

pub(super) fn id_at(inst: &Instruction, at: usize) -> Option<Word> {
    match inst.operands.get(at) {
        Some(Operand::IdRef(id)) => Some(*id),
        _ => None,
    }
}

fn literal(o: &Operand) -> Option<u32> {
    match o {
        Operand::LiteralBit32(v) => Some(*v),
        _ => None,
    }
}

fn global_index(module: &Module, id: Word) -> Option<usize> {
    module.types_global_values.iter().position(|i| i.result_id == Some(id))
}

/// `OpTypeArray element length`, found or added after both.
fn array_type(module: &mut Module, element: Word, length: Word) -> Word {
    let found = module.types_global_values.iter().find(|i| i.class.opcode == Op::TypeArray && i.operands == [Operand::IdRef(element), Operand::IdRef(length)]);
    if let Some(id) = found.and_then(|i| i.result_id) {
        return id;
    }
    let id = fresh_id(module);
    let at = [element, length].iter().filter_map(|&x| global_index(module, x)).max().map_or(module.types_global_values.len(), |p| p + 1);
    module.types_global_values.insert(at, Instruction::new(Op::TypeArray, None, Some(id), vec![Operand::IdRef(element), Operand::IdRef(length)]));
    id
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::tests::{instructions, rename, spirv_of};

    const SHADER: &str = "fn mark(a: f32, v: u32) -> f32 { return a; }
        fn helper(c: vec3<f32>, v: u32) -> f32 { let copy = c; return mark(copy.y, v); }
        @fragment fn main(@location(0) @interpolate(flat) c: vec3<f32>, @location(1) @interpolate(flat) v: u32) -> @location(0) vec4<f32> {
            return vec4(c, helper(c, v));
        }";

    #[test]
    fn feature_absent_module_unchanged() {
        crate::passes::tests::assert_unchanged(spirv_of(SHADER, (1, 0), true), |m| run(m, &Config::default()));
    }

    #[test]
    fn traced_input_becomes_per_vertex_and_the_call_reads_the_vertex() {
        let mut module = spirv_of(SHADER, (1, 0), true);
        rename(&mut module, "mark", MARKER);
        let is_input = |id: &Word| module.types_global_values.iter().any(|i| i.result_id == Some(*id) && i.operands.first() == Some(&Operand::StorageClass(StorageClass::Input)));
        let input = super::super::spirv::ids_named(&module, "c").into_iter().find(is_input).unwrap();
        run(&mut module, &Config::default()).unwrap();
        // The marker function is gone; the input is an array of three, `PerVertexKHR`, not `Flat`.
        assert_eq!(module.functions.len(), 2);
        let decorations: Vec<_> = module.annotations.iter().filter(|a| a.operands[0] == Operand::IdRef(input)).map(|a| a.operands[1].clone()).collect();
        assert!(decorations.contains(&Operand::Decoration(Decoration::PerVertexKHR)));
        assert!(!decorations.contains(&Operand::Decoration(Decoration::Flat)));
        // Two chains into the input: element 0 where `main` reads it, and (vertex, 1) in `helper`.
        let insts = instructions(&module);
        let chains: Vec<_> = insts.iter().filter(|i| i.class.opcode == Op::AccessChain && i.operands[0] == Operand::IdRef(input)).collect();
        assert_eq!(chains.len(), 2);
        let constant = |o: &Operand| match o {
            Operand::IdRef(id) => module.types_global_values.iter().find(|i| i.result_id == Some(*id) && i.class.opcode == Op::Constant).map(|c| c.operands[0].clone()),
            _ => None,
        };
        assert_eq!(chains[0].operands.len(), 3);
        assert_eq!(constant(&chains[0].operands[2]), Some(Operand::LiteralBit32(1)));
        assert_eq!(constant(&chains[0].operands[1]), None, "the vertex index is the run-time argument");
        assert_eq!(chains[1].operands.len(), 2);
        assert_eq!(constant(&chains[1].operands[1]), Some(Operand::LiteralBit32(0)));
        assert!(module.capabilities.iter().any(|c| c.operands[0] == Operand::Capability(Capability::FragmentBarycentricKHR)));
        assert!(module.extensions.iter().any(|e| e.operands[0] == Operand::LiteralString("SPV_KHR_fragment_shader_barycentric".into())));
    }

    #[test]
    fn an_attribute_not_from_an_input_is_an_error() {
        let mut module = spirv_of(&SHADER.replace("mark(copy.y, v)", "mark(copy.y * 2.0, v)"), (1, 0), true);
        rename(&mut module, "mark", MARKER);
        assert!(run(&mut module, &Config::default()).unwrap_err().contains("nointerpolation"));
    }
}
