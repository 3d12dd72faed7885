//! Sampling operands naga's IR has no word for, put into naga's SPIR-V: the `Bias` of a sample
//! of a 1D texture or of a comparison (`SampleBias`, `SampleCmpBias`), the `Grad` of a
//! comparison (`SampleCmpGrad`), and `OpImageQueryLod` (`CalculateLevelOfDetail`).
//!
//! Lowering (`lower::sample_operands`) emits the nearest sample naga accepts and stores the
//! missing operand into a private marker variable just before it; naga writes the store and
//! then the sample in the same block. This pass, as DXC writes these operations:
//! - [`BIAS`]: adds `Bias` with the stored value to the next implicit-LOD sample's image
//!   operands (the lowest mask bit, so its id comes first);
//! - [`GRAD_X`] and [`GRAD_Y`]: replace the `Lod` of the next explicit-LOD comparison (naga's
//!   level 0) with `Grad` and the two stored gradients;
//! - [`LOD_CLAMPED`] and [`LOD_UNCLAMPED`] are functions (texture, sampler, location) → `f32`:
//!   each call becomes the loads of the texture and the sampler, their `OpSampledImage`,
//!   `OpImageQueryLod` at the location and the query's first (clamped) or second (unclamped)
//!   component, with the `ImageQuery` capability; the functions go;
//! - deletes the marker stores and the marker variables (and their interface entries).
//!
//! Runs after `compute_derivatives` (which gives compute shaders their implicit-LOD samples
//! back) and before `min_lod` (which refuses a `MinLod` beside a `Lod`, the operand replaced
//! here). A module without the markers is unchanged.

use super::spirv::{fresh_id, ids_named, marker_stores, remove_marker_variables};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Capability, ImageOperands, Op, Word};
use std::collections::HashMap;

/// The marker whose stores carry a bias (`:` cannot occur in a user variable's name).
pub const BIAS: &str = "hlslc::sample_bias";
/// The marker whose stores carry the x gradient of a comparison (one variable per type).
pub const GRAD_X: &str = "hlslc::sample_grad_x";
/// The marker whose stores carry the y gradient of a comparison (one variable per type).
pub const GRAD_Y: &str = "hlslc::sample_grad_y";
/// The marker function whose calls stand for `CalculateLevelOfDetail`.
pub const LOD_CLAMPED: &str = "hlslc::query_lod";
/// The marker function whose calls stand for `CalculateLevelOfDetailUnclamped`.
pub const LOD_UNCLAMPED: &str = "hlslc::query_lod_unclamped";

/// Options of the pass (none).
#[derive(Clone, Debug, Default)]
pub struct Config {}

/// Where an edit goes: function, block and instruction index.
type At = (usize, usize, usize);

/// Runs the pass.
pub fn run(module: &mut Module, _config: &Config) -> Result<(), String> {
    let named = |m: &Module, n: &str| ids_named(m, n);
    let (bias, grad_x, grad_y) = (named(module, BIAS), named(module, GRAD_X), named(module, GRAD_Y));
    let (clamped, unclamped) = (named(module, LOD_CLAMPED), named(module, LOD_UNCLAMPED));
    if bias.is_empty() && grad_x.is_empty() && grad_y.is_empty() && clamped.is_empty() && unclamped.is_empty() {
        return Ok(());
    }

    // Collect.
    let implicit = |op| matches!(op, Op::ImageSampleImplicitLod | Op::ImageSampleDrefImplicitLod);
    let mut biases: Vec<(At, Word)> = Vec::new();
    for &m in &bias {
        biases.extend(marker_stores(module, m, implicit, "bias")?.into_iter().map(|(f, b, i, v)| ((f, b, i), v)));
    }
    let mut grads: HashMap<At, (Option<Word>, Option<Word>)> = HashMap::new();
    for (markers, is_x) in [(&grad_x, true), (&grad_y, false)] {
        for &m in markers {
            for (f, b, i, v) in marker_stores(module, m, |op| op == Op::ImageSampleDrefExplicitLod, "gradient")? {
                let slot = grads.entry((f, b, i)).or_default();
                if is_x {
                    slot.0 = Some(v);
                } else {
                    slot.1 = Some(v);
                }
            }
        }
    }
    let mut queries: Vec<(At, u32)> = Vec::new();
    for (fi, f) in module.functions.iter().enumerate() {
        for (bi, b) in f.blocks.iter().enumerate() {
            for (ii, i) in b.instructions.iter().enumerate() {
                let callee = (i.class.opcode == Op::FunctionCall).then(|| first_id(i, 0)).flatten();
                if let Some(component) = callee.and_then(|c| if clamped.contains(&c) { Some(0) } else if unclamped.contains(&c) { Some(1) } else { None }) {
                    queries.push(((fi, bi, ii), component));
                }
            }
        }
    }
    // Mutate: operands in place first (indices stay valid), then the queries, which insert
    // instructions, from the last index of each block back.
    for ((f, b, i), value) in biases {
        add_bias(&mut module.functions[f].blocks[b].instructions[i], value)?;
    }
    for ((f, b, i), pair) in grads {
        let (Some(x), Some(y)) = pair else { return Err("a comparison with one gradient marker store but not the other".into()) };
        lod_to_grad(&mut module.functions[f].blocks[b].instructions[i], x, y)?;
    }
    if !queries.is_empty() && !module.capabilities.iter().any(|c| c.operands.first() == Some(&Operand::Capability(Capability::ImageQuery))) {
        module.capabilities.push(Instruction::new(Op::Capability, None, None, vec![Operand::Capability(Capability::ImageQuery)]));
    }
    queries.sort_by_key(|q| std::cmp::Reverse(q.0));
    for ((f, b, i), component) in queries {
        query_lod(module, (f, b, i), component)?;
    }
    let mut markers = bias;
    markers.extend(grad_x.iter().chain(&grad_y));
    remove_marker_variables(module, &markers);
    let functions: Vec<Word> = clamped.iter().chain(&unclamped).copied().collect();
    module.functions.retain(|f| !f.def.as_ref().and_then(|d| d.result_id).is_some_and(|id| functions.contains(&id)));
    module.debug_names.retain(|n| !matches!(n.operands.first(), Some(Operand::IdRef(id)) if functions.contains(id)));
    Ok(())
}

/// Adds `Bias value` to an implicit-LOD sample; `Bias` is the lowest mask bit, so its id goes
/// right after the mask.
fn add_bias(inst: &mut Instruction, value: Word) -> Result<(), String> {
    match inst.operands.iter().position(|o| matches!(o, Operand::ImageOperands(_))) {
        Some(at) => {
            let Operand::ImageOperands(mask) = &mut inst.operands[at] else { unreachable!("found above") };
            if mask.intersects(ImageOperands::BIAS | ImageOperands::LOD | ImageOperands::GRAD) {
                return Err(format!("a bias cannot be added to a sample with image operands {mask:?}"));
            }
            *mask |= ImageOperands::BIAS;
            inst.operands.insert(at + 1, Operand::IdRef(value));
        }
        None => inst.operands.extend([Operand::ImageOperands(ImageOperands::BIAS), Operand::IdRef(value)]),
    }
    Ok(())
}

/// Replaces the `Lod` of an explicit-LOD sample by `Grad x y` (the next mask bit, so the two
/// ids take the `Lod` id's place).
fn lod_to_grad(inst: &mut Instruction, x: Word, y: Word) -> Result<(), String> {
    let at = inst.operands.iter().position(|o| matches!(o, Operand::ImageOperands(_))).ok_or("an explicit-LOD comparison without image operands")?;
    let Operand::ImageOperands(mask) = &mut inst.operands[at] else { unreachable!("found above") };
    if !mask.contains(ImageOperands::LOD) || mask.contains(ImageOperands::BIAS) {
        return Err(format!("gradients cannot replace the level of a sample with image operands {mask:?}"));
    }
    *mask = (*mask - ImageOperands::LOD) | ImageOperands::GRAD;
    inst.operands.splice(at + 1..at + 2, [Operand::IdRef(x), Operand::IdRef(y)]);
    Ok(())
}

/// Turns the marker call at `at` into `OpImageQueryLod` and its result into the query's
/// `component`.
///
/// naga passes a global texture or sampler as its variable (a pointer, loaded here), but an
/// element of a binding array as the element's loaded value: both are taken. The sampled image
/// and the query are `NonUniform` when the texture or sampler value is (a non-uniform index).
fn query_lod(module: &mut Module, (f, b, i): At, component: u32) -> Result<(), String> {
    let call = module.functions[f].blocks[b].instructions[i].clone();
    let (Some(float), Some(result)) = (call.result_type, call.result_id) else { return Err("a LOD query without a result".into()) };
    let (Some(image_arg), Some(sampler_arg), Some(location)) = (first_id(&call, 1), first_id(&call, 2), first_id(&call, 3)) else {
        return Err("a LOD query without its texture, sampler and location".into());
    };
    let (Some(image_handle), Some(sampler_handle)) = (handle(module, f, image_arg), handle(module, f, sampler_arg)) else {
        return Err("a LOD query whose texture or sampler is neither a variable nor a loaded handle".into());
    };
    let non_uniform = [image_arg, sampler_arg].iter().any(|&id| super::spirv::is_decorated(module, id, rspirv::spirv::Decoration::NonUniform));
    let sampled_ty = sampled_image_type(module, image_handle.ty);
    let vec2 = vector_type(module, float, 2);
    let mut new = Vec::new();
    let [image, sampler] = [(image_handle, image_arg), (sampler_handle, sampler_arg)].map(|(h, arg)| {
        if !h.is_pointer {
            return arg;
        }
        let id = fresh_id(module);
        new.push(Instruction::new(Op::Load, Some(h.ty), Some(id), vec![Operand::IdRef(arg)]));
        id
    });
    let [sampled, query] = [(); 2].map(|_| fresh_id(module));
    new.extend([
        Instruction::new(Op::SampledImage, Some(sampled_ty), Some(sampled), vec![Operand::IdRef(image), Operand::IdRef(sampler)]),
        Instruction::new(Op::ImageQueryLod, Some(vec2), Some(query), vec![Operand::IdRef(sampled), Operand::IdRef(location)]),
        Instruction::new(Op::CompositeExtract, Some(float), Some(result), vec![Operand::IdRef(query), Operand::LiteralBit32(component)]),
    ]);
    module.functions[f].blocks[b].instructions.splice(i..i + 1, new);
    if non_uniform {
        for id in [sampled, query] {
            super::spirv::decorate(module, id, rspirv::spirv::Decoration::NonUniform, vec![]);
        }
    }
    Ok(())
}

/// A texture or sampler operand of a LOD query: its handle type, and whether the operand is
/// the variable to load it from (else the value itself).
#[derive(Clone, Copy)]
struct Handle {
    ty: Word,
    is_pointer: bool,
}

/// `id` as a [`Handle`]: a pointer to an image or sampler, or an image or sampler value.
fn handle(module: &Module, f: usize, id: Word) -> Option<Handle> {
    let ty = global(module, type_of(module, f, id)?)?;
    let is_handle = |t: &Instruction| matches!(t.class.opcode, Op::TypeImage | Op::TypeSampler);
    match ty.class.opcode {
        Op::TypePointer => {
            let pointee = first_id(ty, 1)?;
            global(module, pointee).filter(|t| is_handle(t)).map(|_| Handle { ty: pointee, is_pointer: true })
        }
        _ if is_handle(ty) => Some(Handle { ty: ty.result_id?, is_pointer: false }),
        _ => None,
    }
}

/// `OpTypeSampledImage image`, found or added after the image type.
fn sampled_image_type(module: &mut Module, image: Word) -> Word {
    let found = module.types_global_values.iter().find(|i| i.class.opcode == Op::TypeSampledImage && first_id(i, 0) == Some(image));
    if let Some(id) = found.and_then(|i| i.result_id) {
        return id;
    }
    let id = fresh_id(module);
    let at = module.types_global_values.iter().position(|i| i.result_id == Some(image)).map_or(module.types_global_values.len(), |p| p + 1);
    module.types_global_values.insert(at, Instruction::new(Op::TypeSampledImage, None, Some(id), vec![Operand::IdRef(image)]));
    id
}

/// The definition of a global id (a type or constant).
fn global(module: &Module, id: Word) -> Option<&Instruction> {
    module.types_global_values.iter().find(|i| i.result_id == Some(id))
}

fn first_id(inst: &Instruction, at: usize) -> Option<Word> {
    match inst.operands.get(at) {
        Some(Operand::IdRef(id)) => Some(*id),
        _ => None,
    }
}

/// `OpTypeVector scalar n`, found or added after the scalar type.
fn vector_type(module: &mut Module, scalar: Word, n: u32) -> Word {
    let found = module.types_global_values.iter().find(|i| i.class.opcode == Op::TypeVector && first_id(i, 0) == Some(scalar) && i.operands.get(1) == Some(&Operand::LiteralBit32(n)));
    if let Some(id) = found.and_then(|i| i.result_id) {
        return id;
    }
    let id = fresh_id(module);
    let at = module.types_global_values.iter().position(|i| i.result_id == Some(scalar)).map_or(module.types_global_values.len(), |p| p + 1);
    module.types_global_values.insert(at, Instruction::new(Op::TypeVector, None, Some(id), vec![Operand::IdRef(scalar), Operand::LiteralBit32(n)]));
    id
}

/// The result type of an id defined in function `f` (or globally).
fn type_of(module: &Module, f: usize, id: Word) -> Option<Word> {
    let function = &module.functions[f];
    let local = function.parameters.iter().chain(function.blocks.iter().flat_map(|b| &b.instructions)).find(|i| i.result_id == Some(id));
    local.or_else(|| global(module, id)).and_then(|i| i.result_type)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::tests::{instructions, rename, spirv_of};

    const SAMPLES: &str = "@group(0) @binding(0) var t: texture_depth_2d;
        @group(0) @binding(1) var s: sampler_comparison;
        @group(0) @binding(2) var c: texture_cube_array<i32>;
        @group(0) @binding(3) var l: sampler;
        fn level(im: texture_cube_array<i32>, sm: sampler, at: vec3<f32>) -> f32 { return 0.0; }
        @fragment fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
            let a = textureSampleCompare(t, s, uv, 0.5, vec2(1, -2));
            let b = textureSampleCompareLevel(t, s, uv, 0.5);
            let q = level(c, l, vec3(uv, 1.0));
            return vec4(a, b, q, 1.0);
        }";

    #[test]
    fn feature_absent_module_unchanged() {
        crate::passes::tests::assert_unchanged(spirv_of(SAMPLES, (1, 0), true), |m| run(m, &Config::default()));
    }

    #[test]
    fn markers_become_bias_grad_and_lod_query() {
        let wgsl = SAMPLES
            .replace("let a =", "bias = uv.x * 3.0; let a =")
            .replace("let b =", "gx = uv * 2.0; gy = uv * 4.0; let b =")
            .replace("@group(0) @binding(0)", "var<private> bias: f32;\nvar<private> gx: vec2<f32>;\nvar<private> gy: vec2<f32>;\n@group(0) @binding(0)");
        let mut module = spirv_of(&wgsl, (1, 0), true);
        for (from, to) in [("bias", BIAS), ("gx", GRAD_X), ("gy", GRAD_Y), ("level", LOD_UNCLAMPED)] {
            rename(&mut module, from, to);
        }
        let markers: Vec<Word> = [BIAS, GRAD_X, GRAD_Y].iter().map(|n| ids_named(&module, n)[0]).collect();
        run(&mut module, &Config::default()).unwrap();
        let insts = instructions(&module);
        let defined = |id: &Operand| match id {
            Operand::IdRef(id) => insts.iter().find(|i| i.result_id == Some(*id)).map(|i| i.class.opcode),
            _ => None,
        };
        // Bias first, then the constant offset.
        let a = insts.iter().find(|i| i.class.opcode == Op::ImageSampleDrefImplicitLod).unwrap();
        assert_eq!(a.operands[3], Operand::ImageOperands(ImageOperands::BIAS | ImageOperands::CONST_OFFSET));
        assert_eq!(defined(&a.operands[4]), Some(Op::FMul));
        // The level-0 `Lod` replaced by both gradients.
        let b = insts.iter().find(|i| i.class.opcode == Op::ImageSampleDrefExplicitLod).unwrap();
        assert_eq!(b.operands[3], Operand::ImageOperands(ImageOperands::GRAD));
        assert_eq!(b.operands.len(), 6);
        assert_eq!((defined(&b.operands[4]), defined(&b.operands[5])), (Some(Op::VectorTimesScalar), Some(Op::VectorTimesScalar)));
        assert_ne!(b.operands[4], b.operands[5]);
        // The call became a query of the integer cube array's sampled image, its result the
        // unclamped level; the marker function is gone.
        assert_eq!(module.functions.len(), 1);
        assert!(!insts.iter().any(|i| i.class.opcode == Op::FunctionCall));
        let query = insts.iter().find(|i| i.class.opcode == Op::ImageQueryLod).unwrap();
        assert_eq!(defined(&query.operands[0]), Some(Op::SampledImage));
        assert_eq!(defined(&query.operands[1]), Some(Op::CompositeConstruct));
        let level = insts.iter().find(|i| i.class.opcode == Op::CompositeExtract && i.operands[0] == Operand::IdRef(query.result_id.unwrap())).unwrap();
        assert_eq!(level.operands[1], Operand::LiteralBit32(1));
        assert!(module.capabilities.iter().any(|c| c.operands[0] == Operand::Capability(Capability::ImageQuery)));
        // No marker left.
        assert!(!module.types_global_values.iter().any(|i| i.result_id.is_some_and(|r| markers.contains(&r))));
        assert!(!insts.iter().any(|i| i.class.opcode == Op::Store && matches!(i.operands[0], Operand::IdRef(p) if markers.contains(&p))));
    }
}
