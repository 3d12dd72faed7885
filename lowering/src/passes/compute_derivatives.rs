//! SM 6.6 derivatives and implicit-LOD sampling in compute shaders, for SPIR-V: `SPV_NV_compute_shader_derivatives` (the same words as the KHR extension).
//!
//! naga allows neither outside fragment shaders, so lowering writes stand-ins (see
//! `lower/derivatives.rs`): a derivative is a store of its operand into a private marker
//! variable named `hlslc::derivative::<opcode>` and a load of it; an implicit-LOD or biased
//! sample is an explicit-LOD one after a store of 0 (implicit) or 1 (biased: the `Lod` is the
//! bias) into the marker `hlslc::implicit_lod`. This pass
//! - replaces each load of a derivative marker by the derivative (`OpDPdx` …) of the value
//!   last stored into it in the same block (declaring `DerivativeControl` for the fine and
//!   coarse forms),
//! - turns the sample after each `implicit_lod` store into its implicit-LOD form (the `Lod`
//!   operand dropped, or made the `Bias`),
//! - deletes the markers, and
//! - gives each compute entry point that reaches a derivative, an implicit-LOD sample or a
//!   LOD query (a call of `sample_operands`' marker functions, which become `OpImageQueryLod`
//!   after this pass) the execution mode DXC chooses: `DerivativeGroupQuadsKHR` when the thread group's
//!   X and Y sizes are even, else `DerivativeGroupLinearKHR` (sema allowed only groups where one
//!   applies), with its capability and the extension.
//!
//! A module without the markers is unchanged.

use super::spirv::{ids_named, marker_stores, remove_marker_variables};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Capability, ExecutionMode, ExecutionModel, ImageOperands, Op, Word};
use std::collections::{HashMap, HashSet};

/// The marker whose stores say how the next sample of its block takes its level.
pub const IMPLICIT_LOD: &str = "hlslc::implicit_lod";
/// How the name of a derivative marker starts; the SPIR-V opcode's name follows.
pub const DERIVATIVE: &str = "hlslc::derivative::";

/// The extension that allows derivatives in compute shaders: the NV name (DXC's with
/// `-fspv-extension=SPV_NV_compute_shader_derivatives`), which SPIRV-Tools 2023.1 — the
/// validator hlslc is tested with — knows; the KHR extension has the same capabilities and
/// execution modes, with the same values.
const EXTENSION: &str = "SPV_NV_compute_shader_derivatives";

/// Options of the pass (none).
#[derive(Clone, Debug, Default)]
pub struct Config {}

/// Runs the pass.
pub fn run(module: &mut Module, _config: &Config) -> Result<(), String> {
    // Collect.
    let mut derivative_markers: HashMap<Word, Op> = HashMap::new();
    for name in &module.debug_names {
        let (Some(Operand::IdRef(id)), Some(Operand::LiteralString(s))) = (name.operands.first(), name.operands.get(1)) else { continue };
        if let Some(op) = s.strip_prefix(DERIVATIVE) {
            derivative_markers.insert(*id, derivative_op(op).ok_or_else(|| format!("unknown derivative marker {s}"))?);
        }
    }
    let lod_markers = ids_named(module, IMPLICIT_LOD);
    let queries: HashSet<Word> = [super::sample_operands::LOD_CLAMPED, super::sample_operands::LOD_UNCLAMPED].iter().flat_map(|n| ids_named(module, n)).collect();
    if derivative_markers.is_empty() && lod_markers.is_empty() && queries.is_empty() {
        return Ok(());
    }
    let constants: HashMap<Word, u32> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::Constant)
        .filter_map(|i| match (i.result_id, i.operands.first()) {
            (Some(id), Some(Operand::LiteralBit32(v))) => Some((id, *v)),
            _ => None,
        })
        .collect();
    let mut samples = Vec::new();
    for &marker in &lod_markers {
        for (f, b, i, value) in marker_stores(module, marker, |op| matches!(op, Op::ImageSampleExplicitLod | Op::ImageSampleDrefExplicitLod), "implicit-LOD")? {
            let biased = match constants.get(&value) {
                Some(0) => false,
                Some(1) => true,
                _ => return Err("an implicit-LOD marker store is not 0 or 1".into()),
            };
            samples.push((f, b, i, biased));
        }
    }

    // Mutate.
    for (f, b, i, biased) in samples {
        implicit_form(&mut module.functions[f].blocks[b].instructions[i], biased)?;
    }
    let mut control = false;
    for f in &mut module.functions {
        for b in &mut f.blocks {
            let mut stored: HashMap<Word, Word> = HashMap::new();
            for i in &mut b.instructions {
                let first = match i.operands.first() {
                    Some(Operand::IdRef(id)) => *id,
                    _ => continue,
                };
                match i.class.opcode {
                    Op::Store if derivative_markers.contains_key(&first) => {
                        if let Some(Operand::IdRef(v)) = i.operands.get(1) {
                            stored.insert(first, *v);
                        }
                    }
                    Op::Load if derivative_markers.contains_key(&first) => {
                        let value = *stored.get(&first).ok_or("a derivative marker is read before a store in its block")?;
                        let op = derivative_markers[&first];
                        control |= !matches!(op, Op::DPdx | Op::DPdy | Op::Fwidth);
                        *i = Instruction::new(op, i.result_type, i.result_id, vec![Operand::IdRef(value)]);
                    }
                    _ => {}
                }
            }
        }
    }
    let markers: Vec<Word> = derivative_markers.keys().copied().chain(lod_markers.iter().copied()).collect();
    remove_marker_variables(module, &markers);
    if control {
        declare(module, Capability::DerivativeControl, None);
    }
    group_modes(module, &queries);
    Ok(())
}

/// The derivative instruction a marker name ends with.
fn derivative_op(name: &str) -> Option<Op> {
    Some(match name {
        "DPdx" => Op::DPdx,
        "DPdy" => Op::DPdy,
        "DPdxFine" => Op::DPdxFine,
        "DPdyFine" => Op::DPdyFine,
        "DPdxCoarse" => Op::DPdxCoarse,
        "DPdyCoarse" => Op::DPdyCoarse,
        "Fwidth" => Op::Fwidth,
        "FwidthFine" => Op::FwidthFine,
        "FwidthCoarse" => Op::FwidthCoarse,
        _ => return None,
    })
}

/// An explicit-LOD sample in its implicit-LOD form: the `Lod` operand (the first after the
/// image-operands mask, as `Bias` cannot be there) removed, or made the `Bias`.
fn implicit_form(sample: &mut Instruction, biased: bool) -> Result<(), String> {
    let op = match sample.class.opcode {
        Op::ImageSampleExplicitLod => Op::ImageSampleImplicitLod,
        _ => Op::ImageSampleDrefImplicitLod,
    };
    *sample = Instruction::new(op, sample.result_type, sample.result_id, std::mem::take(&mut sample.operands));
    let at = sample.operands.iter().position(|o| matches!(o, Operand::ImageOperands(_))).ok_or("an explicit-LOD sample has no image operands")?;
    let Operand::ImageOperands(mask) = sample.operands[at] else { unreachable!("found above") };
    if !mask.contains(ImageOperands::LOD) {
        return Err("an explicit-LOD stand-in has no `Lod`".into());
    }
    let mut mask = mask - ImageOperands::LOD;
    if biased {
        mask |= ImageOperands::BIAS;
    } else {
        sample.operands.remove(at + 1);
    }
    if mask.is_empty() {
        sample.operands.remove(at);
    } else {
        sample.operands[at] = Operand::ImageOperands(mask);
    }
    Ok(())
}

/// Declares a capability and an extension unless they are declared.
fn declare(module: &mut Module, capability: Capability, extension: Option<&str>) {
    if !module.capabilities.iter().any(|i| i.operands.first() == Some(&Operand::Capability(capability))) {
        module.capabilities.push(Instruction::new(Op::Capability, None, None, vec![Operand::Capability(capability)]));
    }
    if let Some(e) = extension {
        if !module.extensions.iter().any(|i| matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == e)) {
            module.extensions.push(Instruction::new(Op::Extension, None, None, vec![Operand::LiteralString(e.into())]));
        }
    }
}

/// The derivative group mode of each compute entry point that reaches a derivative (or a call
/// of one of the LOD query functions `queries`).
fn group_modes(module: &mut Module, queries: &HashSet<Word>) {
    // Functions with derivatives, and the calls between functions.
    let mut has = HashSet::new();
    let mut calls: HashMap<Word, Vec<Word>> = HashMap::new();
    for f in &module.functions {
        let Some(id) = f.def_id() else { continue };
        for i in f.blocks.iter().flat_map(|b| &b.instructions) {
            match i.class.opcode {
                Op::DPdx | Op::DPdy | Op::DPdxFine | Op::DPdyFine | Op::DPdxCoarse | Op::DPdyCoarse | Op::Fwidth | Op::FwidthFine | Op::FwidthCoarse | Op::ImageSampleImplicitLod | Op::ImageSampleDrefImplicitLod => {
                    has.insert(id);
                }
                Op::FunctionCall => {
                    let callee = i.operands.first().and_then(|o| if let Operand::IdRef(c) = o { Some(*c) } else { None });
                    if callee.is_some_and(|c| queries.contains(&c)) {
                        has.insert(id);
                    }
                    calls.entry(id).or_default().extend(callee);
                }
                _ => {}
            }
        }
    }
    let reaches = |start: Word| {
        let mut stack = vec![start];
        let mut seen = HashSet::new();
        while let Some(f) = stack.pop() {
            if !seen.insert(f) {
                continue;
            }
            if has.contains(&f) {
                return true;
            }
            stack.extend(calls.get(&f).into_iter().flatten());
        }
        false
    };
    let mut modes = Vec::new();
    for ep in &module.entry_points {
        let (Some(Operand::ExecutionModel(model)), Some(Operand::IdRef(f))) = (ep.operands.first(), ep.operands.get(1)) else { continue };
        if *model != ExecutionModel::GLCompute || !reaches(*f) {
            continue;
        }
        let size = module.execution_modes.iter().find_map(|m| match m.operands.as_slice() {
            [Operand::IdRef(e), Operand::ExecutionMode(ExecutionMode::LocalSize), Operand::LiteralBit32(x), Operand::LiteralBit32(y), Operand::LiteralBit32(_)] if e == f => Some((*x, *y)),
            _ => None,
        });
        let quads = size.is_some_and(|(x, y)| x % 2 == 0 && y % 2 == 0);
        modes.push((*f, quads));
    }
    for (f, quads) in modes {
        let (mode, capability) = if quads {
            (ExecutionMode::DerivativeGroupQuadsKHR, Capability::ComputeDerivativeGroupQuadsKHR)
        } else {
            (ExecutionMode::DerivativeGroupLinearKHR, Capability::ComputeDerivativeGroupLinearKHR)
        };
        module.execution_modes.push(Instruction::new(Op::ExecutionMode, None, None, vec![Operand::IdRef(f), Operand::ExecutionMode(mode)]));
        declare(module, capability, Some(EXTENSION));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::spirv::{assemble, load};
    use crate::passes::tests::{rename, spirv_of};

    fn ops(module: &Module) -> Vec<Op> {
        crate::passes::tests::function_instructions(module).map(|i| i.class.opcode).collect()
    }

    #[test]
    fn markers_become_derivatives_and_implicit_samples() {
        let mut module = spirv_of(
            "var<private> d: vec2<f32>;
             var<private> lod: u32;
             @group(0) @binding(0) var t: texture_2d<f32>;
             @group(0) @binding(1) var s: sampler;
             @group(0) @binding(2) var<storage, read_write> out: array<vec4<f32>>;
             @compute @workgroup_size(2, 2, 1) fn main(@builtin(local_invocation_id) id: vec3<u32>) {
                 d = vec2<f32>(id.xy);
                 let dx = d;
                 lod = 0u;
                 out[0] = textureSampleLevel(t, s, dx, 0.0);
             }",
            (1, 3),
            true,
        );
        rename(&mut module, "d", "hlslc::derivative::DPdxFine");
        rename(&mut module, "lod", "hlslc::implicit_lod");
        run(&mut module, &Config::default()).unwrap();
        let ops = ops(&module);
        assert!(ops.contains(&Op::DPdxFine) && ops.contains(&Op::ImageSampleImplicitLod));
        assert!(!ops.contains(&Op::ImageSampleExplicitLod));
        assert_eq!(ops.iter().filter(|o| **o == Op::Store).count(), 1, "only the buffer store is left");
        let caps: Vec<&Operand> = module.capabilities.iter().filter_map(|i| i.operands.first()).collect();
        assert!(caps.contains(&&Operand::Capability(Capability::ComputeDerivativeGroupQuadsKHR)));
        assert!(caps.contains(&&Operand::Capability(Capability::DerivativeControl)));
        assert!(module.execution_modes.iter().any(|m| m.operands.get(1) == Some(&Operand::ExecutionMode(ExecutionMode::DerivativeGroupQuadsKHR))));
        load(&assemble(&module)).unwrap();
    }

    #[test]
    fn lod_query_gives_its_entry_point_a_derivative_group() {
        let mut module = spirv_of(
            "@group(0) @binding(0) var t: texture_2d<f32>;
             @group(0) @binding(1) var s: sampler;
             @group(0) @binding(2) var<storage, read_write> out: array<f32>;
             fn level(im: texture_2d<f32>, sm: sampler, at: vec2<f32>) -> f32 { return 0.0; }
             @compute @workgroup_size(4, 1, 1) fn main(@builtin(local_invocation_id) id: vec3<u32>) {
                 out[id.x] = level(t, s, vec2<f32>(id.xy));
             }",
            (1, 3),
            true,
        );
        rename(&mut module, "level", crate::passes::sample_operands::LOD_CLAMPED);
        run(&mut module, &Config::default()).unwrap();
        assert!(module.execution_modes.iter().any(|m| m.operands.get(1) == Some(&Operand::ExecutionMode(ExecutionMode::DerivativeGroupLinearKHR))));
        let caps: Vec<&Operand> = module.capabilities.iter().filter_map(|i| i.operands.first()).collect();
        assert!(caps.contains(&&Operand::Capability(Capability::ComputeDerivativeGroupLinearKHR)));
    }

    #[test]
    fn modules_without_markers_are_unchanged() {
        let mut module = spirv_of(
            "var<private> d: vec2<f32>;
             @compute @workgroup_size(4) fn main(@builtin(local_invocation_id) id: vec3<u32>) { d = vec2<f32>(id.xy); }",
            (1, 3),
            true,
        );
        let before = assemble(&module);
        run(&mut module, &Config::default()).unwrap();
        assert_eq!(assemble(&module), before);
    }
}
