//! Ray-tracing pipeline stages in SPIR-V (`SPV_KHR_ray_tracing`): what naga's writer cannot
//! say, completed from the markers `lower::ray_tracing` leaves.
//!
//! - Marker *functions* (`hlslc::rt::…`) get their real bodies: `builtin::<name>` loads a new
//!   `Input` variable decorated `BuiltIn <name>` (added to the interface of every entry point
//!   that reaches the function); each call of `trace_ray#k` becomes `OpTraceRayKHR` over its
//!   ten arguments and payload variable `k` in the caller (naga passes the acceleration
//!   structure as a pointer or as a value, which only the call site shows); `call_shader#k` is `OpExecuteCallableKHR` with callable-data
//!   variable `k`; `report_hit` is `OpReportIntersectionKHR`; `ignore_hit` and
//!   `accept_hit_and_end_search` end in `OpIgnoreIntersectionKHR` / `OpTerminateRayKHR`
//!   (block terminators: code after the call never runs, as in HLSL).
//! - Marker *variables* (`Private` in naga) move to their storage classes (`RayPayloadKHR`,
//!   `IncomingRayPayloadKHR`, `HitAttributeKHR`, `CallableDataKHR`,
//!   `IncomingCallableDataKHR`), and the shader record buffer (naga's immediate block) to
//!   `ShaderRecordBufferKHR`: the variable's pointer type, and the pointer types of the
//!   access chains into it.
//! - Entry points that naga wrote as any-hit or miss shaders get their real execution model
//!   (`IntersectionKHR`, `CallableKHR`) from [`Config::models`].
//!
//! A module without markers or models is unchanged.

use super::spirv::{decorate, fresh_id, pointer_type};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{BuiltIn, Decoration, ExecutionModel, Op, StorageClass, Word};
use std::collections::{HashMap, HashSet};

/// Prefix of the system-value marker functions (`hlslc::rt::builtin::LaunchIdKHR`).
pub const BUILTIN_PREFIX: &str = "hlslc::rt::builtin::";
/// Prefix of the `TraceRay` marker functions (`hlslc::rt::trace_ray#0`).
pub const TRACE_RAY_PREFIX: &str = "hlslc::rt::trace_ray#";
/// Prefix of the `CallShader` marker functions.
pub const CALL_SHADER_PREFIX: &str = "hlslc::rt::call_shader#";
/// `ReportHit(t, kind)` (the attributes are stored into their variable first).
pub const REPORT_HIT: &str = "hlslc::rt::report_hit";
/// `IgnoreHit()`.
pub const IGNORE_HIT: &str = "hlslc::rt::ignore_hit";
/// `AcceptHitAndEndSearch()`.
pub const ACCEPT_HIT_AND_END_SEARCH: &str = "hlslc::rt::accept_hit_and_end_search";

/// The shader record buffer: naga's immediate (push-constant) block, moved to
/// `ShaderRecordBufferKHR`.
pub const SHADER_RECORD: &str = "hlslc::rt::shader_record";

/// The execution models naga has no stage for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    Intersection,
    Callable,
}

/// The kinds of marker variables, each with its storage class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VariableKind {
    Payload,
    IncomingPayload,
    HitAttribute,
    CallableData,
    IncomingCallableData,
}

const KINDS: [(VariableKind, &str, StorageClass); 5] = [
    (VariableKind::Payload, "hlslc::rt::payload#", StorageClass::RayPayloadKHR),
    (VariableKind::IncomingPayload, "hlslc::rt::incoming_payload#", StorageClass::IncomingRayPayloadKHR),
    (VariableKind::HitAttribute, "hlslc::rt::hit_attribute#", StorageClass::HitAttributeKHR),
    (VariableKind::CallableData, "hlslc::rt::callable_data#", StorageClass::CallableDataKHR),
    (VariableKind::IncomingCallableData, "hlslc::rt::incoming_callable_data#", StorageClass::IncomingCallableDataKHR),
];

/// The name of marker variable `k` of a kind.
pub fn variable_name(kind: VariableKind, k: u32) -> String {
    let prefix = KINDS.iter().find(|(kd, _, _)| *kd == kind).map_or("hlslc::rt::?#", |(_, p, _)| p);
    format!("{prefix}{k}")
}

/// Options of the pass.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// Entry points (by name) and the execution model they really have.
    pub models: Vec<(String, Model)>,
}

/// Runs the pass.
pub fn run(module: &mut Module, config: &Config) -> Result<(), String> {
    // Collect.
    let names = super::spirv::names_with_prefix(module, "hlslc::rt::");
    if names.is_empty() && config.models.is_empty() {
        return Ok(());
    }
    // Marker variables: (kind, number), id and storage class, in the order of their names.
    let mut variables: Vec<((VariableKind, &str), Word, StorageClass)> = Vec::new();
    for (id, name) in &names {
        if let Some((kind, prefix, class)) = KINDS.iter().find(|(_, p, _)| name.starts_with(p)) {
            variables.push(((*kind, &name[prefix.len()..]), *id, *class));
        }
    }
    let variable = |kind: VariableKind, k: &str| variables.iter().find(|(key, _, _)| *key == (kind, k)).map(|v| v.1);

    // Mutate: storage classes first (the new bodies refer to the variables only by id).
    for &(_, var, class) in &variables {
        retype_variable(module, var, class)?;
    }
    for (id, name) in &names {
        if name == SHADER_RECORD {
            retype_variable(module, *id, StorageClass::ShaderRecordBufferKHR)?;
        }
    }
    for (id, name) in &names {
        let Some(index) = module.functions.iter().position(|f| f.def_id() == Some(*id)) else { continue };
        let params: Vec<Word> = module.functions[index].parameters.iter().filter_map(|p| p.result_id).collect();
        let result_ty = module.functions[index].def.as_ref().and_then(|d| d.result_type);
        let body = if let Some(builtin) = name.strip_prefix(BUILTIN_PREFIX) {
            let builtin = builtin_named(builtin).ok_or_else(|| format!("unknown ray-tracing built-in `{builtin}`"))?;
            let ty = result_ty.ok_or("a built-in marker has no result type")?;
            let var = builtin_variable(module, builtin, ty);
            for ep in entry_points_reaching(module, *id) {
                if let Some(e) = module.entry_points.get_mut(ep) {
                    if !e.operands.contains(&Operand::IdRef(var)) {
                        e.operands.push(Operand::IdRef(var));
                    }
                }
            }
            let value = fresh_id(module);
            vec![Instruction::new(Op::Load, Some(ty), Some(value), vec![Operand::IdRef(var)]), Instruction::new(Op::ReturnValue, None, None, vec![Operand::IdRef(value)])]
        } else if let Some(k) = name.strip_prefix(TRACE_RAY_PREFIX) {
            let payload = variable(VariableKind::Payload, k).ok_or("a `TraceRay` marker without its payload variable")?;
            inline_trace_rays(module, *id, payload)?;
            continue;
        } else if let Some(k) = name.strip_prefix(CALL_SHADER_PREFIX) {
            let data = variable(VariableKind::CallableData, k).ok_or("a `CallShader` marker without its data variable")?;
            let &[index] = params.as_slice() else { return Err("a `CallShader` marker without its index parameter".into()) };
            vec![Instruction::new(Op::ExecuteCallableKHR, None, None, vec![Operand::IdRef(index), Operand::IdRef(data)]), Instruction::new(Op::Return, None, None, vec![])]
        } else if name == REPORT_HIT {
            let (&[t, kind], Some(ty)) = (params.as_slice(), result_ty) else { return Err("a `ReportHit` marker without its parameters".into()) };
            let value = fresh_id(module);
            vec![
                Instruction::new(Op::ReportIntersectionKHR, Some(ty), Some(value), vec![Operand::IdRef(t), Operand::IdRef(kind)]),
                Instruction::new(Op::ReturnValue, None, None, vec![Operand::IdRef(value)]),
            ]
        } else if name == IGNORE_HIT {
            vec![Instruction::new(Op::IgnoreIntersectionKHR, None, None, vec![])]
        } else if name == ACCEPT_HIT_AND_END_SEARCH {
            vec![Instruction::new(Op::TerminateRayKHR, None, None, vec![])]
        } else {
            continue;
        };
        let function = &mut module.functions[index];
        function.blocks.truncate(1);
        let block = function.blocks.first_mut().ok_or("a ray-tracing marker function has no body")?;
        block.instructions = body;
    }
    for ep in &mut module.entry_points {
        let Some(Operand::LiteralString(name)) = ep.operands.get(2) else { continue };
        if let Some((_, model)) = config.models.iter().find(|(n, _)| n == name) {
            ep.operands[0] = Operand::ExecutionModel(match model {
                Model::Intersection => ExecutionModel::IntersectionKHR,
                Model::Callable => ExecutionModel::CallableKHR,
            });
        }
    }
    Ok(())
}

/// Replaces each call of `TraceRay` marker `function` with `OpTraceRayKHR` on its ten
/// arguments and `payload`, and removes the marker. The call site, not the marker's body,
/// gets the instruction because naga passes the acceleration structure either as a pointer
/// to its variable (a plain global) or as a loaded value (an element of a binding array); a
/// pointer is loaded first.
fn inline_trace_rays(module: &mut Module, function: Word, payload: Word) -> Result<(), String> {
    let mut sites = Vec::new();
    for (fi, f) in module.functions.iter().enumerate() {
        for (bi, b) in f.blocks.iter().enumerate() {
            for (ii, i) in b.instructions.iter().enumerate() {
                if i.class.opcode == Op::FunctionCall && i.operands.first() == Some(&Operand::IdRef(function)) {
                    sites.push((fi, bi, ii));
                }
            }
        }
    }
    // Later sites in a block first, so that inserting a load keeps earlier indices valid.
    for &(fi, bi, ii) in sites.iter().rev() {
        let call = &module.functions[fi].blocks[bi].instructions[ii];
        let mut operands: Vec<Operand> = call.operands[1..].to_vec();
        if operands.len() != 10 {
            return Err("a `TraceRay` marker call without its ten arguments".into());
        }
        operands.push(Operand::IdRef(payload));
        let Operand::IdRef(accel) = operands[0] else { return Err("a `TraceRay` marker call without an acceleration structure".into()) };
        let accel_ty = type_of(module, accel).ok_or("an acceleration structure of unknown type")?;
        let mut replacement = Vec::new();
        if let Some(pointee) = pointee(module, accel_ty) {
            let loaded = fresh_id(module);
            replacement.push(Instruction::new(Op::Load, Some(pointee), Some(loaded), vec![Operand::IdRef(accel)]));
            operands[0] = Operand::IdRef(loaded);
        }
        replacement.push(Instruction::new(Op::TraceRayKHR, None, None, operands));
        module.functions[fi].blocks[bi].instructions.splice(ii..=ii, replacement);
    }
    module.functions.retain(|f| f.def_id() != Some(function));
    module.debug_names.retain(|i| i.operands.first() != Some(&Operand::IdRef(function)));
    Ok(())
}

/// The type of id `id` (a global or an instruction in a function).
fn type_of(module: &Module, id: Word) -> Option<Word> {
    module.all_inst_iter().find(|i| i.result_id == Some(id)).and_then(|i| i.result_type)
}

/// The built-ins lowering asks for, by SPIR-V name.
fn builtin_named(name: &str) -> Option<BuiltIn> {
    Some(match name {
        "LaunchIdKHR" => BuiltIn::LaunchIdKHR,
        "LaunchSizeKHR" => BuiltIn::LaunchSizeKHR,
        "WorldRayOriginKHR" => BuiltIn::WorldRayOriginKHR,
        "WorldRayDirectionKHR" => BuiltIn::WorldRayDirectionKHR,
        "ObjectRayOriginKHR" => BuiltIn::ObjectRayOriginKHR,
        "ObjectRayDirectionKHR" => BuiltIn::ObjectRayDirectionKHR,
        "RayTminKHR" => BuiltIn::RayTminKHR,
        "RayTmaxKHR" => BuiltIn::RayTmaxKHR,
        "IncomingRayFlagsKHR" => BuiltIn::IncomingRayFlagsKHR,
        "InstanceId" => BuiltIn::InstanceId,
        "InstanceCustomIndexKHR" => BuiltIn::InstanceCustomIndexKHR,
        "RayGeometryIndexKHR" => BuiltIn::RayGeometryIndexKHR,
        "PrimitiveId" => BuiltIn::PrimitiveId,
        "HitKindKHR" => BuiltIn::HitKindKHR,
        "ObjectToWorldKHR" => BuiltIn::ObjectToWorldKHR,
        "WorldToObjectKHR" => BuiltIn::WorldToObjectKHR,
        _ => return None,
    })
}

/// A new `Input` variable of type `ty` decorated `BuiltIn builtin`.
fn builtin_variable(module: &mut Module, builtin: BuiltIn, ty: Word) -> Word {
    let ptr = pointer_type(module, StorageClass::Input, ty);
    let var = fresh_id(module);
    module.types_global_values.push(Instruction::new(Op::Variable, Some(ptr), Some(var), vec![Operand::StorageClass(StorageClass::Input)]));
    decorate(module, var, Decoration::BuiltIn, vec![Operand::BuiltIn(builtin)]);
    var
}

/// Moves a `Private` variable to `class`: its type, no initializer, and the pointer types of
/// the access chains (and copies) derived from it.
pub(crate) fn retype_variable(module: &mut Module, var: Word, class: StorageClass) -> Result<(), String> {
    let pointee_of = pointee;
    let at = module.types_global_values.iter().position(|i| i.result_id == Some(var) && i.class.opcode == Op::Variable).ok_or("a ray-tracing marker variable is missing")?;
    let old_ptr = module.types_global_values[at].result_type.ok_or("a variable without a type")?;
    let pointee = pointee_of(module, old_ptr).ok_or("a variable whose type is not a pointer")?;
    let new_ptr = pointer_type(module, class, pointee);
    // `pointer_type` may have inserted an instruction before the variable.
    let at = module.types_global_values.iter().position(|i| i.result_id == Some(var) && i.class.opcode == Op::Variable).ok_or("a ray-tracing marker variable is missing")?;
    let v = &mut module.types_global_values[at];
    v.result_type = Some(new_ptr);
    // naga's `Private` variables start as null; these storage classes have no initializers.
    let init = match v.operands.get(1) {
        Some(Operand::IdRef(i)) => Some(*i),
        _ => None,
    };
    v.operands = vec![Operand::StorageClass(class)];
    // The `Private` pointer type and the null constant, when nothing else uses them.
    for id in [Some(old_ptr), init].into_iter().flatten() {
        if !is_used(module, id) {
            module.types_global_values.retain(|i| i.result_id != Some(id));
        }
    }
    // Pointers derived from the variable, to a fixed point (blocks need not be in order).
    let mut derived: HashSet<Word> = HashSet::from([var]);
    let mut chains: Vec<(usize, usize, usize)> = Vec::new();
    loop {
        let before = derived.len();
        for (fi, f) in module.functions.iter().enumerate() {
            for (bi, b) in f.blocks.iter().enumerate() {
                for (ii, i) in b.instructions.iter().enumerate() {
                    let derives = matches!(i.class.opcode, Op::AccessChain | Op::InBoundsAccessChain | Op::CopyObject);
                    if derives && matches!(i.operands.first(), Some(Operand::IdRef(base)) if derived.contains(base)) {
                        if let Some(r) = i.result_id {
                            if derived.insert(r) {
                                chains.push((fi, bi, ii));
                            }
                        }
                    }
                }
            }
        }
        if derived.len() == before {
            break;
        }
    }
    let mut old_types = Vec::new();
    for (fi, bi, ii) in chains {
        let old = module.functions[fi].blocks[bi].instructions[ii].result_type.ok_or("an access chain without a type")?;
        let pointee = pointee_of(module, old).ok_or("an access chain whose type is not a pointer")?;
        let new = pointer_type(module, class, pointee);
        module.functions[fi].blocks[bi].instructions[ii].result_type = Some(new);
        old_types.push(old);
    }
    for id in old_types {
        if !is_used(module, id) {
            module.types_global_values.retain(|i| i.result_id != Some(id));
        }
    }
    Ok(())
}

/// Whether any instruction of the module refers to `id`.
fn is_used(module: &Module, id: Word) -> bool {
    module.all_inst_iter().any(|i| i.result_type == Some(id) || i.operands.iter().any(|o| matches!(o, Operand::IdRef(r) if *r == id)))
}

/// The pointee of pointer type `ptr` (`None` if `ptr` is no pointer type).
fn pointee(module: &Module, ptr: Word) -> Option<Word> {
    module.types_global_values.iter().find(|i| i.result_id == Some(ptr) && i.class.opcode == Op::TypePointer).and_then(|i| match i.operands.get(1) {
        Some(Operand::IdRef(p)) => Some(*p),
        _ => None,
    })
}

/// Indices (in `module.entry_points`) of the entry points whose call graph reaches `function`.
pub(crate) fn entry_points_reaching(module: &Module, function: Word) -> Vec<usize> {
    let mut calls: HashMap<Word, Vec<Word>> = HashMap::new();
    for f in &module.functions {
        let Some(id) = f.def_id() else { continue };
        let callees = calls.entry(id).or_default();
        for b in &f.blocks {
            for i in &b.instructions {
                if let (Op::FunctionCall, Some(Operand::IdRef(c))) = (i.class.opcode, i.operands.first()) {
                    callees.push(*c);
                }
            }
        }
    }
    let mut out = Vec::new();
    for (index, ep) in module.entry_points.iter().enumerate() {
        let Some(Operand::IdRef(root)) = ep.operands.get(1) else { continue };
        let mut seen = HashSet::new();
        let mut stack = vec![*root];
        while let Some(f) = stack.pop() {
            if f == function {
                out.push(index);
                break;
            }
            if seen.insert(f) {
                stack.extend(calls.get(&f).into_iter().flatten().copied());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::spirv::ids_named;
    use crate::passes::tests::{rename, spirv_of};

    const MODULE: &str = "struct P { color: vec4<f32>, hits: u32 }
        var<private> payload: P;
        fn launch_id() -> vec3<u32> { return vec3<u32>(); }
        fn ignore_hit() {}
        @compute @workgroup_size(1) fn main() {
            payload.hits = launch_id().x;
            payload.color.y = 2.0;
            ignore_hit();
        }";

    fn storage_class_of(module: &Module, var: Word) -> Option<StorageClass> {
        let v = module.types_global_values.iter().find(|i| i.result_id == Some(var))?;
        match v.operands.first() {
            Some(Operand::StorageClass(c)) => Some(*c),
            _ => None,
        }
    }

    #[test]
    fn feature_absent_module_unchanged() {
        crate::passes::tests::assert_unchanged(spirv_of(MODULE, (1, 4), true), |m| run(m, &Config::default()));
    }

    #[test]
    fn markers_become_ray_tracing_storage_classes_built_ins_and_terminators() {
        let mut module = spirv_of(MODULE, (1, 4), true);
        rename(&mut module, "payload", &variable_name(VariableKind::IncomingPayload, 0));
        rename(&mut module, "launch_id", &format!("{BUILTIN_PREFIX}LaunchIdKHR"));
        rename(&mut module, "ignore_hit", IGNORE_HIT);
        let var = ids_named(&module, &variable_name(VariableKind::IncomingPayload, 0))[0];
        run(&mut module, &Config { models: vec![("main".into(), Model::Intersection)] }).unwrap();
        assert_eq!(storage_class_of(&module, var), Some(StorageClass::IncomingRayPayloadKHR));
        // Every pointer into the payload is in its storage class.
        let classes: Vec<StorageClass> = module
            .functions
            .iter()
            .flat_map(|f| &f.blocks)
            .flat_map(|b| &b.instructions)
            .filter(|i| i.class.opcode == Op::AccessChain)
            .filter_map(|i| module.types_global_values.iter().find(|t| Some(t.result_id.unwrap_or(0)) == i.result_type))
            .filter_map(|t| match t.operands.first() {
                Some(Operand::StorageClass(c)) => Some(*c),
                _ => None,
            })
            .collect();
        assert_eq!(classes, vec![StorageClass::IncomingRayPayloadKHR; 2]);
        let ops: Vec<Op> = module.all_inst_iter().map(|i| i.class.opcode).collect();
        assert!(ops.contains(&Op::IgnoreIntersectionKHR));
        let builtin = module.annotations.iter().any(|a| a.operands.get(2) == Some(&Operand::BuiltIn(BuiltIn::LaunchIdKHR)));
        assert!(builtin, "the launch id is a built-in variable");
        assert_eq!(module.entry_points[0].operands[0], Operand::ExecutionModel(ExecutionModel::IntersectionKHR));
        // The built-in joins the interface of the entry point that reaches it.
        assert_eq!(module.entry_points[0].operands.len(), 5);
    }
}
