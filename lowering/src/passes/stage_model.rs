//! Stages naga has no word for (geometry, hull and domain shaders): the execution model, its
//! modes, stage I/O, vertex emission and the hull shader's barrier, in naga's SPIR-V.
//!
//! Lowering writes such an entry point as a one-invocation compute entry point whose stage
//! I/O is private *stand-in* variables named `hlslc::input::…`/`hlslc::output::…`
//! (`location::<n>[::flat]` or `builtin::<BuiltIn>`, then `::patch` for per-patch I/O), and
//! whose `EmitVertex`/`EndPrimitive`/control barrier are stores to the private markers
//! [`EMIT_VERTEX`]/[`END_PRIMITIVE`]/[`CONTROL_BARRIER`] (see `lower::geometry`,
//! `lower::tessellation`). This pass, for each entry point in its [`Config`]:
//! - sets the execution model and replaces naga's `LocalSize` with the recorded modes
//!   (`Invocations`, `Triangles`, `OutputTriangleStrip`, `OutputVertices` …), adding the
//!   capability the model needs;
//! - turns every stand-in into an `Input` or `Output` variable (no initializer) with its
//!   `Location` (and `Flat`) or `BuiltIn` decoration (and `Patch`), re-typing every access chain derived
//!   from it, and lists it in the interface of the entry points that reach it;
//! - replaces each marker store with `OpEmitVertex`, `OpEndPrimitive` or `OpControlBarrier`,
//!   and deletes the markers.
//!
//! A module without such entry points is unchanged.

use super::spirv::{decorate, ids_named, pointer_type, remove_marker_variables};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{BuiltIn, Capability, Decoration, ExecutionMode, ExecutionModel, Op, StorageClass, Word};
use std::collections::{HashMap, HashSet};

/// The marker whose stores become `OpEmitVertex`.
pub const EMIT_VERTEX: &str = "hlslc::emit_vertex";
/// The marker whose stores become `OpEndPrimitive`.
pub const END_PRIMITIVE: &str = "hlslc::end_primitive";
/// The marker whose stores become a hull shader's `OpControlBarrier` (workgroup execution,
/// invocation memory scope, no semantics: DXC's).
pub const CONTROL_BARRIER: &str = "hlslc::control_barrier";
/// The name prefix of stand-ins for stage inputs.
pub const INPUT_PREFIX: &str = "hlslc::input::";
/// The name prefix of stand-ins for stage outputs.
pub const OUTPUT_PREFIX: &str = "hlslc::output::";

/// The SPIR-V execution model and modes of one entry point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryModel {
    /// The entry point's name.
    pub entry: String,
    pub model: ExecutionModel,
    /// Each mode with its literal operands.
    pub modes: Vec<(ExecutionMode, Vec<u32>)>,
}

/// The entry points to change.
#[derive(Clone, Debug, Default)]
pub struct Config {
    pub entries: Vec<EntryModel>,
}

/// A stand-in variable and what it becomes.
struct StandIn {
    var: Word,
    class: StorageClass,
    decorations: Vec<(Decoration, Vec<Operand>)>,
}

/// Runs the pass.
pub fn run(module: &mut Module, config: &Config) -> Result<(), String> {
    if config.entries.is_empty() {
        return Ok(());
    }
    // Collect.
    let mut stand_ins = Vec::new();
    for n in module.debug_names.iter().filter(|i| i.class.opcode == Op::Name) {
        let (Some(Operand::IdRef(var)), Some(Operand::LiteralString(name))) = (n.operands.first(), n.operands.get(1)) else { continue };
        let (class, what) = if let Some(rest) = name.strip_prefix(INPUT_PREFIX) {
            (StorageClass::Input, rest)
        } else if let Some(rest) = name.strip_prefix(OUTPUT_PREFIX) {
            (StorageClass::Output, rest)
        } else {
            continue;
        };
        stand_ins.push(StandIn { var: *var, class, decorations: decorations_of(what).ok_or_else(|| format!("unknown stage I/O stand-in `{name}`"))? });
    }
    let emit: Vec<Word> = ids_named(module, EMIT_VERTEX);
    let end: Vec<Word> = ids_named(module, END_PRIMITIVE);
    let barrier: Vec<Word> = ids_named(module, CONTROL_BARRIER);
    let mut entries = Vec::new();
    for e in &config.entries {
        let at = module
            .entry_points
            .iter()
            .position(|i| matches!(i.operands.get(2), Some(Operand::LiteralString(s)) if *s == e.entry))
            .ok_or_else(|| format!("entry point `{}` is missing from naga's SPIR-V", e.entry))?;
        let Some(Operand::IdRef(function)) = module.entry_points[at].operands.get(1) else { return Err("malformed OpEntryPoint".into()) };
        entries.push((at, *function, e));
    }
    let reach = reachable_variables(module);

    // Mutate: entry points, modes and capabilities.
    for &(at, function, e) in &entries {
        module.entry_points[at].operands[0] = Operand::ExecutionModel(e.model);
        module.execution_modes.retain(|i| i.operands.first() != Some(&Operand::IdRef(function)));
        for (mode, literals) in &e.modes {
            let mut operands = vec![Operand::IdRef(function), Operand::ExecutionMode(*mode)];
            operands.extend(literals.iter().map(|&l| Operand::LiteralBit32(l)));
            module.execution_modes.push(Instruction::new(Op::ExecutionMode, None, None, operands));
        }
        let vars: HashSet<Word> = reach.get(&function).cloned().unwrap_or_default();
        for s in stand_ins.iter().filter(|s| vars.contains(&s.var)) {
            if !module.entry_points[at].operands.contains(&Operand::IdRef(s.var)) {
                module.entry_points[at].operands.push(Operand::IdRef(s.var));
            }
        }
    }
    let mut capabilities = Vec::new();
    for &(_, _, e) in &entries {
        match e.model {
            ExecutionModel::Geometry => capabilities.push(Capability::Geometry),
            ExecutionModel::TessellationControl | ExecutionModel::TessellationEvaluation => capabilities.push(Capability::Tessellation),
            _ => {}
        }
    }
    for (builtin, capability) in [(BuiltIn::ViewportIndex, Capability::MultiViewport), (BuiltIn::ViewIndex, Capability::MultiView), (BuiltIn::ClipDistance, Capability::ClipDistance), (BuiltIn::CullDistance, Capability::CullDistance)] {
        if stand_ins.iter().any(|s| s.decorations.iter().any(|d| d.1.first() == Some(&Operand::BuiltIn(builtin)))) {
            capabilities.push(capability);
        }
    }
    // A domain shader writing `Layer` or `ViewportIndex` (outside geometry shaders, where they
    // are core) needs SPV_EXT_shader_viewport_index_layer.
    let layer_outside_geometry = entries.iter().any(|&(_, function, e)| {
        let vars = reach.get(&function);
        e.model == ExecutionModel::TessellationEvaluation
            && stand_ins.iter().any(|s| {
                s.class == StorageClass::Output
                    && vars.is_some_and(|v| v.contains(&s.var))
                    && s.decorations.iter().any(|d| matches!(d.1.first(), Some(Operand::BuiltIn(BuiltIn::Layer | BuiltIn::ViewportIndex))))
            })
    });
    if layer_outside_geometry {
        // (It implicitly declares `MultiViewport`, which DXC then leaves out.)
        capabilities.retain(|c| *c != Capability::MultiViewport);
        capabilities.push(Capability::ShaderViewportIndexLayerEXT);
        const EXTENSION: &str = "SPV_EXT_shader_viewport_index_layer";
        if !module.extensions.iter().any(|i| i.operands.first() == Some(&Operand::LiteralString(EXTENSION.into()))) {
            module.extensions.push(Instruction::new(Op::Extension, None, None, vec![Operand::LiteralString(EXTENSION.into())]));
        }
    }
    for c in capabilities {
        if !module.capabilities.iter().any(|i| i.operands.first() == Some(&Operand::Capability(c))) {
            module.capabilities.push(Instruction::new(Op::Capability, None, None, vec![Operand::Capability(c)]));
        }
    }

    // Stand-ins become interface variables; the pointers derived from them follow.
    let mut class_of: HashMap<Word, StorageClass> = HashMap::new();
    // Private pointer types and null initializers the stand-ins leave unused.
    let mut leftovers = Vec::new();
    for s in &stand_ins {
        let pointee = pointee_of_variable(module, s.var)?;
        let pointer = pointer_type(module, s.class, pointee);
        if let Some(v) = module.types_global_values.iter_mut().find(|i| i.result_id == Some(s.var)) {
            leftovers.extend(v.result_type);
            leftovers.extend(v.operands.iter().filter_map(|o| if let Operand::IdRef(id) = o { Some(*id) } else { None }));
            v.result_type = Some(pointer);
            v.operands = vec![Operand::StorageClass(s.class)];
        }
        // The pointer type may be one naga declared after the variable (another entry
        // point's I/O): the variable moves after it.
        let at = |id: Word, m: &Module| m.types_global_values.iter().position(|i| i.result_id == Some(id));
        if let (Some(var_at), Some(pointer_at)) = (at(s.var, module), at(pointer, module)) {
            if pointer_at > var_at {
                let v = module.types_global_values.remove(var_at);
                module.types_global_values.insert(pointer_at, v);
            }
        }
        for (d, extra) in &s.decorations {
            decorate(module, s.var, *d, extra.clone());
        }
        class_of.insert(s.var, s.class);
    }
    leftovers.extend(retype_access_chains(module, &mut class_of)?);

    // Markers become vertex emission and barriers.
    let barrier_operands = if barrier.is_empty() {
        Vec::new()
    } else {
        // Scope Workgroup (2), scope Invocation (4), no memory semantics.
        [2, 4, 0].into_iter().map(|v| constant_u32(module, v).map(Operand::IdRef)).collect::<Result<Vec<_>, String>>()?
    };
    for f in &mut module.functions {
        for b in &mut f.blocks {
            for i in &mut b.instructions {
                if i.class.opcode != Op::Store {
                    continue;
                }
                let target = match i.operands.first() {
                    Some(Operand::IdRef(p)) => *p,
                    _ => continue,
                };
                if emit.contains(&target) {
                    *i = Instruction::new(Op::EmitVertex, None, None, vec![]);
                } else if end.contains(&target) {
                    *i = Instruction::new(Op::EndPrimitive, None, None, vec![]);
                } else if barrier.contains(&target) {
                    *i = Instruction::new(Op::ControlBarrier, None, None, barrier_operands.clone());
                }
            }
        }
    }
    let markers: Vec<Word> = emit.into_iter().chain(end).chain(barrier).collect();
    for v in module.types_global_values.iter().filter(|i| i.result_id.is_some_and(|r| markers.contains(&r))) {
        leftovers.extend(v.result_type);
        leftovers.extend(v.operands.iter().filter_map(|o| if let Operand::IdRef(id) = o { Some(*id) } else { None }));
    }
    remove_marker_variables(module, &markers);
    remove_unused(module, &leftovers);
    Ok(())
}

/// The decorations a stand-in's name (after the prefix) asks for.
/// (`…::flat` adds `Flat`, `…::patch` adds `Patch`.)
fn decorations_of(what: &str) -> Option<Vec<(Decoration, Vec<Operand>)>> {
    let (what, patch) = match what.strip_suffix("::patch") {
        Some(w) => (w, true),
        None => (what, false),
    };
    let mut out = Vec::new();
    if patch {
        out.push((Decoration::Patch, vec![]));
    }
    if let Some(rest) = what.strip_prefix("location::") {
        let (n, flat) = match rest.strip_suffix("::flat") {
            Some(n) => (n, true),
            None => (rest, false),
        };
        out.insert(0, (Decoration::Location, vec![Operand::LiteralBit32(n.parse().ok()?)]));
        if flat {
            out.push((Decoration::Flat, vec![]));
        }
        return Some(out);
    }
    let builtin = match what.strip_prefix("builtin::")? {
        "Position" => BuiltIn::Position,
        "PrimitiveId" => BuiltIn::PrimitiveId,
        "InvocationId" => BuiltIn::InvocationId,
        "Layer" => BuiltIn::Layer,
        "ViewportIndex" => BuiltIn::ViewportIndex,
        "ViewIndex" => BuiltIn::ViewIndex,
        "ClipDistance" => BuiltIn::ClipDistance,
        "CullDistance" => BuiltIn::CullDistance,
        "TessCoord" => BuiltIn::TessCoord,
        "TessLevelOuter" => BuiltIn::TessLevelOuter,
        "TessLevelInner" => BuiltIn::TessLevelInner,
        _ => return None,
    };
    out.insert(0, (Decoration::BuiltIn, vec![Operand::BuiltIn(builtin)]));
    Some(out)
}

/// `OpConstant %uint value`, found or added (the module has the 32-bit unsigned integer type:
/// the markers are `u32`).
fn constant_u32(module: &mut Module, value: u32) -> Result<Word, String> {
    let uint = module
        .types_global_values
        .iter()
        .find(|i| i.class.opcode == Op::TypeInt && i.operands == [Operand::LiteralBit32(32), Operand::LiteralBit32(0)])
        .and_then(|i| i.result_id)
        .ok_or("no 32-bit unsigned integer type for the barrier's operands")?;
    let found = module.types_global_values.iter().find(|i| i.class.opcode == Op::Constant && i.result_type == Some(uint) && i.operands == [Operand::LiteralBit32(value)]);
    if let Some(id) = found.and_then(|i| i.result_id) {
        return Ok(id);
    }
    let id = super::spirv::fresh_id(module);
    let at = module.types_global_values.iter().position(|i| i.result_id == Some(uint)).map_or(module.types_global_values.len(), |p| p + 1);
    module.types_global_values.insert(at, Instruction::new(Op::Constant, Some(uint), Some(id), vec![Operand::LiteralBit32(value)]));
    Ok(id)
}

/// The type a variable points to.
fn pointee_of_variable(module: &Module, var: Word) -> Result<Word, String> {
    let find = |id: Word| module.types_global_values.iter().find(|i| i.result_id == Some(id));
    let v = find(var).filter(|i| i.class.opcode == Op::Variable).ok_or("a stage I/O stand-in is not a global variable")?;
    match v.result_type.and_then(find).and_then(|p| p.operands.get(1)) {
        Some(Operand::IdRef(pointee)) => Ok(*pointee),
        _ => Err("a stage I/O stand-in has no pointer type".into()),
    }
}

/// Gives every access chain into a re-classed variable a pointer type of the variable's
/// storage class; any other use of such a pointer than a load, a store or an access chain is
/// an error (lowering never passes stand-ins to functions).
/// Returns the access chains' old pointer types.
fn retype_access_chains(module: &mut Module, class_of: &mut HashMap<Word, StorageClass>) -> Result<Vec<Word>, String> {
    // Pointee of every pointer type.
    let pointees: HashMap<Word, Word> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::TypePointer)
        .filter_map(|i| match (i.result_id, i.operands.get(1)) {
            (Some(id), Some(Operand::IdRef(p))) => Some((id, *p)),
            _ => None,
        })
        .collect();
    let mut changes: Vec<(Word, StorageClass, Word)> = Vec::new();
    let mut old_types = Vec::new();
    // Blocks appear after their dominators, so one pass in order sees bases before uses.
    for f in &module.functions {
        for b in &f.blocks {
            for i in &b.instructions {
                let uses: Vec<Word> = i.operands.iter().filter_map(|o| if let Operand::IdRef(id) = o { Some(*id) } else { None }).filter(|id| class_of.contains_key(id)).collect();
                if uses.is_empty() {
                    continue;
                }
                match i.class.opcode {
                    Op::AccessChain | Op::InBoundsAccessChain => {
                        let base = match i.operands.first() {
                            Some(Operand::IdRef(b)) => *b,
                            _ => continue,
                        };
                        if let (Some(&class), Some(result), Some(ty)) = (class_of.get(&base), i.result_id, i.result_type) {
                            let pointee = *pointees.get(&ty).ok_or("an access chain without a pointer type")?;
                            class_of.insert(result, class);
                            changes.push((result, class, pointee));
                            old_types.push(ty);
                        }
                    }
                    Op::Load | Op::Store => {}
                    Op::Name | Op::Decorate => {}
                    other => return Err(format!("a stage I/O stand-in is used by {other:?}")),
                }
            }
        }
    }
    let mut types: HashMap<(StorageClass, Word), Word> = HashMap::new();
    for &(_, class, pointee) in &changes {
        if let std::collections::hash_map::Entry::Vacant(e) = types.entry((class, pointee)) {
            e.insert(pointer_type(module, class, pointee));
        }
    }
    let by_result: HashMap<Word, Word> = changes.iter().map(|&(r, class, pointee)| (r, types[&(class, pointee)])).collect();
    for f in &mut module.functions {
        for b in &mut f.blocks {
            for i in &mut b.instructions {
                if let Some(t) = i.result_id.and_then(|r| by_result.get(&r)) {
                    i.result_type = Some(*t);
                }
            }
        }
    }
    Ok(old_types)
}

/// Removes the global instructions among `candidates` (types, constants) nothing refers to.
fn remove_unused(module: &mut Module, candidates: &[Word]) {
    let mut used = HashSet::new();
    for i in module.all_inst_iter() {
        used.extend(i.result_type);
        used.extend(i.operands.iter().filter_map(|o| if let Operand::IdRef(id) = o { Some(*id) } else { None }));
    }
    module.types_global_values.retain(|i| !i.result_id.is_some_and(|r| candidates.contains(&r) && !used.contains(&r)));
}

/// For each function, the global variables it or the functions it calls refer to.
fn reachable_variables(module: &Module) -> HashMap<Word, HashSet<Word>> {
    let globals: HashSet<Word> = module.types_global_values.iter().filter(|i| i.class.opcode == Op::Variable).filter_map(|i| i.result_id).collect();
    let mut direct: HashMap<Word, (HashSet<Word>, Vec<Word>)> = HashMap::new();
    for f in &module.functions {
        let Some(id) = f.def.as_ref().and_then(|d| d.result_id) else { continue };
        let entry = direct.entry(id).or_default();
        for i in f.blocks.iter().flat_map(|b| &b.instructions) {
            if i.class.opcode == Op::FunctionCall {
                if let Some(Operand::IdRef(callee)) = i.operands.first() {
                    entry.1.push(*callee);
                }
            }
            for o in &i.operands {
                if let Operand::IdRef(id) = o {
                    if globals.contains(id) {
                        entry.0.insert(*id);
                    }
                }
            }
        }
    }
    let mut out = HashMap::new();
    for &f in direct.keys() {
        let mut seen = HashSet::new();
        let mut vars = HashSet::new();
        let mut stack = vec![f];
        while let Some(g) = stack.pop() {
            if !seen.insert(g) {
                continue;
            }
            if let Some((v, calls)) = direct.get(&g) {
                vars.extend(v.iter().copied());
                stack.extend(calls.iter().copied());
            }
        }
        out.insert(f, vars);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::spirv::assemble;
    use crate::passes::tests::{rename, spirv_of};

    const GEOMETRY: &str = "var<private> pos_in: array<vec4<f32>, 3>;
         var<private> pos_out: vec4<f32>;
         var<private> color_out: u32;
         var<private> emit: u32;
         var<private> end: u32;
         @compute @workgroup_size(1) fn main() {
             for (var i = 0; i < 3; i++) {
                 pos_out = pos_in[i];
                 color_out = u32(i);
                 emit = 0u;
             }
             end = 0u;
         }";

    fn geometry_module() -> Module {
        let mut m = spirv_of(GEOMETRY, (1, 3), true);
        rename(&mut m, "pos_in", "hlslc::input::builtin::Position");
        rename(&mut m, "pos_out", "hlslc::output::builtin::Position");
        rename(&mut m, "color_out", "hlslc::output::location::0::flat");
        rename(&mut m, "emit", EMIT_VERTEX);
        rename(&mut m, "end", END_PRIMITIVE);
        m
    }

    fn config() -> Config {
        Config {
            entries: vec![EntryModel {
                entry: "main".into(),
                model: ExecutionModel::Geometry,
                modes: vec![(ExecutionMode::Triangles, vec![]), (ExecutionMode::OutputPoints, vec![]), (ExecutionMode::OutputVertices, vec![3]), (ExecutionMode::Invocations, vec![1])],
            }],
        }
    }

    fn opcodes(module: &Module) -> Vec<Op> {
        crate::passes::tests::function_instructions(module).map(|i| i.class.opcode).collect()
    }

    #[test]
    fn stand_ins_become_geometry_stage_io() {
        let mut module = geometry_module();
        run(&mut module, &config()).unwrap();
        assert_eq!(module.entry_points[0].operands[0], Operand::ExecutionModel(ExecutionModel::Geometry));
        let modes: Vec<&Operand> = module.execution_modes.iter().filter_map(|i| i.operands.get(1)).collect();
        assert_eq!(modes, [&Operand::ExecutionMode(ExecutionMode::Triangles), &Operand::ExecutionMode(ExecutionMode::OutputPoints), &Operand::ExecutionMode(ExecutionMode::OutputVertices), &Operand::ExecutionMode(ExecutionMode::Invocations)]);
        assert!(module.capabilities.iter().any(|i| i.operands[0] == Operand::Capability(Capability::Geometry)));
        let ops = opcodes(&module);
        assert_eq!(ops.iter().filter(|o| **o == Op::EmitVertex).count(), 1);
        assert_eq!(ops.iter().filter(|o| **o == Op::EndPrimitive).count(), 1);
        // Three interface variables: Input and Output storage, no private stand-in left.
        let classes: Vec<StorageClass> = module
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::Variable)
            .filter_map(|i| match i.operands.first() {
                Some(Operand::StorageClass(c)) => Some(*c),
                _ => None,
            })
            .collect();
        assert_eq!(classes.iter().filter(|c| **c == StorageClass::Input).count(), 1);
        assert_eq!(classes.iter().filter(|c| **c == StorageClass::Output).count(), 2);
        assert!(!classes.contains(&StorageClass::Private), "{classes:?}");
        assert_eq!(module.entry_points[0].operands.len(), 3 + 3);
        // Every access chain has an interface pointer type (naga's loop counter is a plain
        // function variable, not indexed).
        let class_of_pointer = |id: Word| {
            module.types_global_values.iter().find(|i| i.result_id == Some(id)).and_then(|p| match p.operands.first() {
                Some(Operand::StorageClass(c)) => Some(*c),
                _ => None,
            })
        };
        let chains: Vec<StorageClass> = module
            .functions
            .iter()
            .flat_map(|f| &f.blocks)
            .flat_map(|b| &b.instructions)
            .filter(|i| i.class.opcode == Op::AccessChain)
            .filter_map(|i| i.result_type.and_then(class_of_pointer))
            .collect();
        assert_eq!(chains, [StorageClass::Input]);
        crate::passes::spirv::load(&assemble(&module)).unwrap();
    }

    #[test]
    fn hull_stand_ins_become_patch_outputs_and_the_marker_a_control_barrier() {
        let mut module = spirv_of(
            "var<private> id: u32;
             var<private> outer: array<f32, 4>;
             var<private> barrier: u32;
             @compute @workgroup_size(1) fn main() {
                 barrier = 0u;
                 if id == 0u { outer[1] = 2.0; }
             }",
            (1, 3),
            true,
        );
        rename(&mut module, "id", "hlslc::input::builtin::InvocationId");
        rename(&mut module, "outer", "hlslc::output::builtin::TessLevelOuter::patch");
        rename(&mut module, "barrier", CONTROL_BARRIER);
        let config = Config { entries: vec![EntryModel { entry: "main".into(), model: ExecutionModel::TessellationControl, modes: vec![(ExecutionMode::OutputVertices, vec![3])] }] };
        run(&mut module, &config).unwrap();
        assert!(module.capabilities.iter().any(|i| i.operands[0] == Operand::Capability(Capability::Tessellation)));
        let barriers: Vec<&Instruction> = crate::passes::tests::function_instructions(&module).filter(|i| i.class.opcode == Op::ControlBarrier).collect();
        assert_eq!(barriers.len(), 1);
        // Workgroup execution scope, invocation memory scope, no semantics.
        let literal = |o: &Operand| {
            let Operand::IdRef(id) = o else { return None };
            module.types_global_values.iter().find(|i| i.result_id == Some(*id)).and_then(|c| c.operands.first().cloned())
        };
        let values: Vec<Option<Operand>> = barriers[0].operands.iter().map(literal).collect();
        assert_eq!(values, [Some(Operand::LiteralBit32(2)), Some(Operand::LiteralBit32(4)), Some(Operand::LiteralBit32(0))]);
        let decorations: Vec<&Operand> = module.annotations.iter().filter(|i| i.class.opcode == Op::Decorate).filter_map(|i| i.operands.get(1)).collect();
        assert!(decorations.contains(&&Operand::Decoration(Decoration::Patch)));
        assert!(module.annotations.iter().any(|i| i.operands.get(2) == Some(&Operand::BuiltIn(BuiltIn::TessLevelOuter))));
        assert!(ids_named(&module, CONTROL_BARRIER).is_empty() || module.types_global_values.iter().all(|i| !ids_named(&module, CONTROL_BARRIER).contains(&i.result_id.unwrap_or(0))));
    }

    #[test]
    fn modules_without_stand_ins_are_unchanged() {
        crate::passes::tests::assert_unchanged(spirv_of(GEOMETRY, (1, 3), true), |m| run(m, &Config::default()));
    }

    #[test]
    fn unknown_stand_ins_are_errors() {
        let mut module = spirv_of(GEOMETRY, (1, 3), true);
        rename(&mut module, "pos_in", "hlslc::input::builtin::Nonsense");
        assert!(run(&mut module, &config()).is_err());
    }
}
