//! System values naga has no built-in for, in SPIR-V: stand-in locations become built-ins.
//!
//! naga 30 has no `Layer`, `ViewportIndex`, shading-rate, stencil-reference or fully-covered
//! built-in, writes `BaseVertex`/`BaseInstance` without the `DrawParameters` capability, and
//! allows clip and cull distances only as vertex and mesh outputs. For SPIR-V,
//! lowering binds such a system value to a stand-in: an entry-point input or output at a
//! location no user semantic takes, named [`PREFIX`] followed by the SPIR-V built-in's name
//! (`hlslc::builtin::Layer`), or, for a pixel shader's clip and cull distances, by the name and
//! the value's offset in the built-in array (`hlslc::builtin::ClipDistance::2`). This pass
//! turns each into what DXC emits (its `docs/SPIR-V.rst`):
//! - a scalar stand-in loses its `Location` and interpolation decorations (an integer input
//!   keeps `Flat`, which Vulkan requires of a fragment shader's integer inputs) and is decorated
//!   with the built-in, and the capability (and extension) the built-in needs in its storage
//!   class is declared; `FullyCoveredEXT` and `HelperInvocation` are `bool`s in SPIR-V, so their variables are retyped
//!   and every load of it becomes a load of the `bool` and an `OpSelect` of 1 or 0;
//! - the clip (cull) distance stand-ins of a pixel shader become one `float` array input
//!   decorated `ClipDistance` (`CullDistance`), as long as the largest offset plus its size,
//!   and every load of a stand-in becomes loads of its elements through access chains,
//!   composed into the stand-in's vector.
//!
//! A module without stand-ins is unchanged.

use super::spirv::{decorate, fresh_id, pointer_type, uint_constant};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{BuiltIn, Capability, Decoration, Op, StorageClass, Word};
use std::str::FromStr;

/// How a stand-in's name starts (`:` cannot occur in the name of a user value).
pub const PREFIX: &str = "hlslc::builtin::";

/// The first location lowering gives stand-ins: above any location a user semantic gets
/// (lowering reports stage interfaces that need more).
pub const FIRST_LOCATION: u32 = 1 << 20;

/// Options of the pass (none).
#[derive(Clone, Debug, Default)]
pub struct Config {}

/// One stand-in variable.
struct StandIn {
    var: Word,
    built_in: BuiltIn,
    /// For clip and cull distances: the offset of the value in the built-in array.
    offset: Option<u32>,
    class: StorageClass,
    /// The type the variable points to.
    pointee: Word,
}

/// Runs the pass.
pub fn run(module: &mut Module, _config: &Config) -> Result<(), String> {
    // Collect.
    let mut stand_ins = Vec::new();
    for name in &module.debug_names {
        let (Some(Operand::IdRef(var)), Some(Operand::LiteralString(s))) = (name.operands.first(), name.operands.get(1)) else { continue };
        let Some(rest) = s.strip_prefix(PREFIX) else { continue };
        let (built_in, offset) = match rest.split_once("::") {
            Some((b, o)) => (b, Some(o.parse::<u32>().map_err(|_| format!("a stand-in offset is not a number: {s}"))?)),
            None => (rest, None),
        };
        let built_in = BuiltIn::from_str(built_in).map_err(|_| format!("a stand-in names no SPIR-V built-in: {s}"))?;
        let v = module.types_global_values.iter().find(|i| i.result_id == Some(*var) && i.class.opcode == Op::Variable).ok_or_else(|| format!("the stand-in {s} is not a global variable"))?;
        let Some(Operand::StorageClass(class)) = v.operands.first() else { return Err(format!("the stand-in {s} has no storage class")) };
        let pointer = v.result_type.and_then(|t| module.types_global_values.iter().find(|i| i.result_id == Some(t)));
        let Some(Operand::IdRef(pointee)) = pointer.and_then(|p| p.operands.get(1)) else { return Err(format!("the stand-in {s} has no pointer type")) };
        stand_ins.push(StandIn { var: *var, built_in, offset, class: *class, pointee: *pointee });
    }
    if stand_ins.is_empty() {
        return Ok(());
    }

    // Mutate.
    let vars: Vec<Word> = stand_ins.iter().map(|s| s.var).collect();
    module.debug_names.retain(|i| !matches!(i.operands.first(), Some(Operand::IdRef(id)) if vars.contains(id)));
    // Locations and interpolation go, but for `Flat` on integer inputs, which Vulkan requires
    // of a fragment shader's integer built-ins too (VUID-StandaloneSpirv-Flat-04744); what
    // replaces the rest is added below.
    let flat_kept: Vec<Word> = stand_ins.iter().filter(|s| s.class == StorageClass::Input && s.offset.is_none() && !matches!(s.built_in, BuiltIn::FullyCoveredEXT | BuiltIn::HelperInvocation)).map(|s| s.var).collect();
    module.annotations.retain(|i| {
        let Some(Operand::IdRef(id)) = i.operands.first() else { return true };
        let flat = matches!(i.operands.get(1), Some(Operand::Decoration(Decoration::Flat)));
        !(i.class.opcode == Op::Decorate && vars.contains(id)) || (flat && flat_kept.contains(id))
    });
    let (arrays, scalars): (Vec<_>, Vec<_>) = stand_ins.into_iter().partition(|s| s.offset.is_some());
    for s in &scalars {
        decorate(module, s.var, Decoration::BuiltIn, vec![Operand::BuiltIn(s.built_in)]);
        for (capability, extension) in requirements(s.built_in, s.class) {
            declare(module, *capability, *extension);
        }
        if matches!(s.built_in, BuiltIn::FullyCoveredEXT | BuiltIn::HelperInvocation) {
            retype_as_bool(module, s)?;
        }
    }
    for built_in in [BuiltIn::ClipDistance, BuiltIn::CullDistance] {
        let group: Vec<&StandIn> = arrays.iter().filter(|s| s.built_in == built_in).collect();
        if !group.is_empty() {
            gather_distances(module, built_in, &group)?;
        }
    }
    Ok(())
}

/// The capabilities and extensions a built-in needs in a storage class (DXC's choice for
/// SPIR-V 1.3, the version hlslc writes).
fn requirements(built_in: BuiltIn, class: StorageClass) -> &'static [(Capability, Option<&'static str>)] {
    const LAYER_EXT: &str = "SPV_EXT_shader_viewport_index_layer";
    match (built_in, class) {
        (BuiltIn::Layer | BuiltIn::ViewportIndex, StorageClass::Output) => &[(Capability::ShaderViewportIndexLayerEXT, Some(LAYER_EXT))],
        (BuiltIn::Layer, _) => &[(Capability::Geometry, None)],
        (BuiltIn::ViewportIndex, _) => &[(Capability::MultiViewport, None)],
        (BuiltIn::PrimitiveShadingRateKHR | BuiltIn::ShadingRateKHR, _) => &[(Capability::FragmentShadingRateKHR, Some("SPV_KHR_fragment_shading_rate"))],
        (BuiltIn::FullyCoveredEXT, _) => &[(Capability::FragmentFullyCoveredEXT, Some("SPV_EXT_fragment_fully_covered"))],
        (BuiltIn::FragStencilRefEXT, _) => &[(Capability::StencilExportEXT, Some("SPV_EXT_shader_stencil_export"))],
        // Core since SPIR-V 1.3; naga's own `BaseVertex` forgets the capability.
        (BuiltIn::BaseVertex | BuiltIn::BaseInstance | BuiltIn::DrawIndex, _) => &[(Capability::DrawParameters, None)],
        (BuiltIn::DeviceIndex, _) => &[(Capability::DeviceGroup, None)],
        (BuiltIn::ClipDistance, _) => &[(Capability::ClipDistance, None)],
        (BuiltIn::CullDistance, _) => &[(Capability::CullDistance, None)],
        _ => &[],
    }
}

/// Declares a capability and an extension unless they are declared.
fn declare(module: &mut Module, capability: Capability, extension: Option<&str>) {
    if !module.capabilities.iter().any(|i| matches!(i.operands.first(), Some(Operand::Capability(c)) if *c == capability)) {
        module.capabilities.push(Instruction::new(Op::Capability, None, None, vec![Operand::Capability(capability)]));
    }
    if let Some(e) = extension {
        if !module.extensions.iter().any(|i| matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == e)) {
            module.extensions.push(Instruction::new(Op::Extension, None, None, vec![Operand::LiteralString(e.into())]));
        }
    }
}

/// `FullyCoveredEXT`: the variable becomes a `bool` input and each load of the stand-in's
/// integer selects 1 or 0 from it.
fn retype_as_bool(module: &mut Module, s: &StandIn) -> Result<(), String> {
    let bool_ty = type_id(module, Op::TypeBool, vec![]);
    let pointer = pointer_type(module, s.class, bool_ty);
    // The variable must follow its new pointer type.
    let at = module.types_global_values.iter().position(|i| i.result_id == Some(s.var)).ok_or("the stand-in variable disappeared")?;
    let mut var = module.types_global_values.remove(at);
    var.result_type = Some(pointer);
    module.types_global_values.push(var);
    let one = uint_constant(module, s.pointee, 1);
    let zero = uint_constant(module, s.pointee, 0);
    let mut next = fresh_id(module);
    for f in &mut module.functions {
        for b in &mut f.blocks {
            let mut out = Vec::with_capacity(b.instructions.len());
            for i in std::mem::take(&mut b.instructions) {
                if i.class.opcode == Op::Load && i.operands.first() == Some(&Operand::IdRef(s.var)) {
                    let loaded = next;
                    next += 1;
                    out.push(Instruction::new(Op::Load, Some(bool_ty), Some(loaded), vec![Operand::IdRef(s.var)]));
                    out.push(Instruction::new(Op::Select, i.result_type, i.result_id, vec![Operand::IdRef(loaded), Operand::IdRef(one), Operand::IdRef(zero)]));
                } else {
                    out.push(i);
                }
            }
            b.instructions = out;
        }
    }
    if let Some(h) = module.header.as_mut() {
        h.bound = next;
    }
    Ok(())
}

/// A pixel shader's clip or cull distance stand-ins: one `float` array input holds them all,
/// each at its offset.
fn gather_distances(module: &mut Module, built_in: BuiltIn, group: &[&StandIn]) -> Result<(), String> {
    // Each stand-in is a `float` or a `float` vector.
    let mut shapes = Vec::new();
    for s in group {
        let t = module.types_global_values.iter().find(|i| i.result_id == Some(s.pointee)).ok_or("a distance stand-in has no type")?;
        let (float, n) = match t.class.opcode {
            Op::TypeFloat => (s.pointee, 1),
            Op::TypeVector => match (t.operands.first(), t.operands.get(1)) {
                (Some(Operand::IdRef(c)), Some(Operand::LiteralBit32(n))) => (*c, *n),
                _ => return Err("a distance stand-in vector has no shape".into()),
            },
            _ => return Err("a distance stand-in is not a float or a float vector".into()),
        };
        shapes.push((float, n));
    }
    let float = shapes[0].0;
    let length = group.iter().zip(&shapes).map(|(s, (_, n))| s.offset.unwrap_or(0) + n).max().unwrap_or(1);
    let uint = type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)]);
    let length_id = uint_constant(module, uint, length);
    let array = fresh_id(module);
    module.types_global_values.push(Instruction::new(Op::TypeArray, None, Some(array), vec![Operand::IdRef(float), Operand::IdRef(length_id)]));
    let array_pointer = pointer_type(module, StorageClass::Input, array);
    let element_pointer = pointer_type(module, StorageClass::Input, float);
    let var = fresh_id(module);
    module.types_global_values.push(Instruction::new(Op::Variable, Some(array_pointer), Some(var), vec![Operand::StorageClass(StorageClass::Input)]));
    decorate(module, var, Decoration::BuiltIn, vec![Operand::BuiltIn(built_in)]);
    for (capability, extension) in requirements(built_in, StorageClass::Input) {
        declare(module, *capability, *extension);
    }
    let mut indices = Vec::new();
    for (s, (_, n)) in group.iter().zip(&shapes) {
        let offset = s.offset.unwrap_or(0);
        let ids: Vec<Word> = (0..*n).map(|k| uint_constant(module, uint, offset + k)).collect();
        indices.push((s.var, ids));
    }
    // Loads of a stand-in read its elements.
    let mut next = fresh_id(module);
    for f in &mut module.functions {
        for b in &mut f.blocks {
            let mut out = Vec::with_capacity(b.instructions.len());
            for i in std::mem::take(&mut b.instructions) {
                let target = match i.operands.first() {
                    Some(Operand::IdRef(p)) if i.class.opcode == Op::Load => indices.iter().find(|(v, _)| v == p),
                    _ => None,
                };
                let Some((_, ids)) = target else {
                    out.push(i);
                    continue;
                };
                let mut elements = Vec::new();
                for &index in ids {
                    let (pointer, value) = (next, next + 1);
                    next += 2;
                    out.push(Instruction::new(Op::AccessChain, Some(element_pointer), Some(pointer), vec![Operand::IdRef(var), Operand::IdRef(index)]));
                    out.push(Instruction::new(Op::Load, Some(float), Some(value), vec![Operand::IdRef(pointer)]));
                    elements.push(value);
                }
                if let [only] = elements[..] {
                    out.push(Instruction::new(Op::CopyObject, i.result_type, i.result_id, vec![Operand::IdRef(only)]));
                } else {
                    out.push(Instruction::new(Op::CompositeConstruct, i.result_type, i.result_id, elements.into_iter().map(Operand::IdRef).collect()));
                }
            }
            b.instructions = out;
        }
    }
    if let Some(h) = module.header.as_mut() {
        h.bound = next;
    }
    // The stand-ins go; the array takes their place in the interfaces.
    let olds: Vec<Word> = group.iter().map(|s| s.var).collect();
    module.types_global_values.retain(|i| !i.result_id.is_some_and(|r| olds.contains(&r)));
    for ep in &mut module.entry_points {
        let before = ep.operands.len();
        ep.operands.retain(|o| !matches!(o, Operand::IdRef(id) if olds.contains(id)));
        if ep.operands.len() != before {
            ep.operands.push(Operand::IdRef(var));
        }
    }
    Ok(())
}

/// A type without a result type (`OpTypeBool`, `OpTypeInt 32 0`), found or added.
fn type_id(module: &mut Module, op: Op, operands: Vec<Operand>) -> Word {
    if let Some(id) = module.types_global_values.iter().find(|i| i.class.opcode == op && i.operands == operands).and_then(|i| i.result_id) {
        return id;
    }
    let id = fresh_id(module);
    // Types go before the first constant or variable that could use them.
    let at = module.types_global_values.iter().position(|i| !matches!(i.class.opcode, Op::TypeVoid | Op::TypeBool | Op::TypeInt | Op::TypeFloat)).unwrap_or(module.types_global_values.len());
    module.types_global_values.insert(at, Instruction::new(op, None, Some(id), operands));
    id
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::spirv::{assemble, load};
    use crate::passes::tests::{rename, spirv_of};

    fn built_ins(module: &Module) -> Vec<BuiltIn> {
        module
            .annotations
            .iter()
            .filter_map(|i| match (i.operands.get(1), i.operands.get(2)) {
                (Some(Operand::Decoration(Decoration::BuiltIn)), Some(Operand::BuiltIn(b))) => Some(*b),
                _ => None,
            })
            .collect()
    }

    fn capabilities(module: &Module) -> Vec<Capability> {
        module
            .capabilities
            .iter()
            .filter_map(|i| match i.operands.first() {
                Some(Operand::Capability(c)) => Some(*c),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn scalar_stand_ins_become_built_ins() {
        let mut module = spirv_of(
            "struct Out { @location(0) color: vec4<f32>, @location(1000) stencil: u32 }
             @fragment fn main(@location(1000) @interpolate(flat) layer: u32, @location(1001) @interpolate(flat) covered: u32) -> Out {
                 return Out(vec4(f32(layer + covered)), 3u);
             }",
            (1, 3),
            true,
        );
        rename(&mut module, "layer", "hlslc::builtin::Layer");
        rename(&mut module, "covered", "hlslc::builtin::FullyCoveredEXT");
        rename(&mut module, "stencil", "hlslc::builtin::FragStencilRefEXT");
        run(&mut module, &Config::default()).unwrap();
        let mut b = built_ins(&module);
        b.sort_by_key(|b| *b as u32);
        assert_eq!(b, vec![BuiltIn::Layer, BuiltIn::FragStencilRefEXT, BuiltIn::FullyCoveredEXT]);
        let caps = capabilities(&module);
        for c in [Capability::Geometry, Capability::StencilExportEXT, Capability::FragmentFullyCoveredEXT] {
            assert!(caps.contains(&c), "{c:?} missing");
        }
        // Only the colour keeps a location; the coverage is read as a `bool` and selected.
        let locations = module.annotations.iter().filter(|i| matches!(i.operands.get(1), Some(Operand::Decoration(Decoration::Location)))).count();
        assert_eq!(locations, 1);
        let ops: Vec<Op> = crate::passes::tests::function_instructions(&module).map(|i| i.class.opcode).collect();
        assert!(ops.windows(2).any(|w| w == [Op::Load, Op::Select]));
        load(&assemble(&module)).unwrap();
    }

    #[test]
    fn pixel_clip_distances_gather_into_one_array() {
        let mut module = spirv_of(
            "@fragment fn main(@location(1016) a: vec2<f32>, @location(1018) b: f32) -> @location(0) vec4<f32> {
                 return vec4(a, b, 1.0);
             }",
            (1, 3),
            true,
        );
        rename(&mut module, "a", "hlslc::builtin::ClipDistance::0");
        rename(&mut module, "b", "hlslc::builtin::ClipDistance::2");
        run(&mut module, &Config::default()).unwrap();
        assert_eq!(built_ins(&module), vec![BuiltIn::ClipDistance]);
        assert!(capabilities(&module).contains(&Capability::ClipDistance));
        // One array of three floats in the interface instead of two variables.
        let interface = module.entry_points[0].operands.iter().filter(|o| matches!(o, Operand::IdRef(_))).count();
        assert_eq!(interface, 3, "the entry point, the array, the colour");
        let chains = crate::passes::tests::function_instructions(&module).filter(|i| i.class.opcode == Op::AccessChain).count();
        assert_eq!(chains, 3);
        load(&assemble(&module)).unwrap();
    }

    #[test]
    fn modules_without_stand_ins_are_unchanged() {
        let mut module = spirv_of("@fragment fn main(@location(0) @interpolate(flat) l: u32) -> @location(0) vec4<f32> { return vec4(f32(l)); }", (1, 3), true);
        let before = assemble(&module);
        run(&mut module, &Config::default()).unwrap();
        assert_eq!(assemble(&module), before);
    }
}
