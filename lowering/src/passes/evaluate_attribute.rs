//! `EvaluateAttributeAtSample`, `EvaluateAttributeCentroid` and `EvaluateAttributeSnapped`
//! for SPIR-V: `GLSL.std.450`'s `InterpolateAtSample`, `InterpolateAtCentroid` and
//! `InterpolateAtOffset`, which take the input variable itself, not its value.
//!
//! Lowering (`lower::evaluate_attribute`) calls a marker function ([`Function::marker`]) with
//! the attribute's value (a scalar or vector; matrices go column by column) and the sample
//! index or the offset. This pass, as DXC writes the intrinsics:
//! - traces each call's attribute back to the `Input` variable it was read from (the tracer
//!   of [`super::per_vertex_attribute`]: loads, constant access chains and extractions,
//!   composites, locals stored once, parameters every call passes the same input; a
//!   `vk::ext_builtin_input` variable, still private here, counts as an input);
//! - replaces the call by an access chain to that input (the member, column or component the
//!   attribute was) and the interpolation instruction on it; a vector whose components come
//!   from different inputs or in another order (a swizzle, a matrix's elements) is
//!   interpolated one component at a time and put together again;
//! - declares the `InterpolationFunction` capability and deletes the marker functions.
//!
//! An attribute that does not come from an input is an error naming the intrinsic (E0732, a
//! user error: sema saw a read of a local, which the trace finds computed), and one that
//! comes from `SV_Position` (the `FragCoord` built-in) is E0731, as when sema sees it. A module without
//! the markers is unchanged.

use super::per_vertex_attribute::{id_at, Tracer, NOT_INPUT};
use super::spirv::{fresh_id, pointer_type, uint_constant, uint_type};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{BuiltIn, Capability, Decoration, Op, StorageClass, Word};

/// The three interpolation functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Function {
    /// `EvaluateAttributeAtSample(attribute, sample)`.
    AtSample,
    /// `EvaluateAttributeCentroid(attribute)`.
    Centroid,
    /// `EvaluateAttributeSnapped(attribute, offset)` (the offset already `float2`).
    Snapped,
}

impl Function {
    const ALL: [Function; 3] = [Function::AtSample, Function::Centroid, Function::Snapped];

    /// The name of the marker functions (`:` cannot occur in a user function's name).
    pub fn marker(self) -> &'static str {
        match self {
            Function::AtSample => "hlslc::evaluate_attribute_at_sample",
            Function::Centroid => "hlslc::evaluate_attribute_centroid",
            Function::Snapped => "hlslc::evaluate_attribute_snapped",
        }
    }

    fn intrinsic(self) -> &'static str {
        match self {
            Function::AtSample => "EvaluateAttributeAtSample",
            Function::Centroid => "EvaluateAttributeCentroid",
            Function::Snapped => "EvaluateAttributeSnapped",
        }
    }

    /// The `GLSL.std.450` instruction number.
    fn instruction(self) -> u32 {
        match self {
            Function::Centroid => 76,
            Function::AtSample => 77,
            Function::Snapped => 78,
        }
    }
}

/// Options of the pass (none).
#[derive(Clone, Debug, Default)]
pub struct Config {}

/// One marker call: where it is, its result, and what the attribute is read from.
struct Call {
    function: Function,
    result: Word,
    ty: Word,
    extra: Option<Word>,
    /// The whole attribute's input and path, or one per component.
    origins: Origins,
}

enum Origins {
    Whole((Word, Vec<u32>)),
    Components(Vec<(Word, Vec<u32>)>, Word),
}

/// Runs the pass.
pub fn run(module: &mut Module, _config: &Config) -> Result<(), String> {
    let defined = |id: &Word| module.functions.iter().any(|f| f.def.as_ref().and_then(|d| d.result_id) == Some(*id));
    let markers: Vec<(Word, Function)> =
        Function::ALL.iter().flat_map(|&f| super::spirv::ids_named(module, f.marker()).into_iter().filter(defined).map(move |id| (id, f))).collect();
    if markers.is_empty() {
        return Ok(());
    }

    // Collect: each marker call and the input(s) its attribute comes from.
    let builtin = format!("{}builtin::", super::inline_spirv::MARKER_PREFIX);
    let private_inputs = module.debug_names.iter().filter(|n| matches!(n.operands.get(1), Some(Operand::LiteralString(s)) if s.starts_with(&builtin))).filter_map(|n| id_at(n, 0)).collect();
    let tracer = Tracer { module, private_inputs };
    let mut calls = Vec::new();
    for (fi, f) in module.functions.iter().enumerate() {
        for i in f.blocks.iter().flat_map(|b| &b.instructions) {
            let Some(&(_, function)) = (i.class.opcode == Op::FunctionCall).then(|| id_at(i, 0)).flatten().and_then(|c| markers.iter().find(|m| m.0 == c)) else { continue };
            let name = function.intrinsic();
            let message = |e: String| if e == NOT_INPUT { format!("{UNTRACED}: `{name}`: {ATTRIBUTE}") } else { format!("{UNTRACED}: `{name}`: {e}") };
            let (Some(value), Some(result), Some(ty)) = (id_at(i, 1), i.result_id, i.result_type) else { return Err(format!("a `{name}` marker call without its operands")) };
            let extra = id_at(i, 2);
            let origins = match tracer.value(fi, value, Vec::new(), 0) {
                Ok(origin) => Origins::Whole(origin),
                Err(whole) => {
                    let Some((scalar, n)) = vector_type(module, ty) else { return Err(message(whole)) };
                    let parts = (0..n).map(|k| tracer.value(fi, value, vec![k], 0)).collect::<Result<Vec<_>, _>>().map_err(message)?;
                    Origins::Components(parts, scalar)
                }
            };
            let vars: Vec<Word> = match &origins {
                Origins::Whole((var, _)) => vec![*var],
                Origins::Components(parts, _) => parts.iter().map(|p| p.0).collect(),
            };
            let frag_coord = |var: &Word| {
                module.annotations.iter().any(|a| id_at(a, 0) == Some(*var) && a.operands.get(1..) == Some(&[Operand::Decoration(Decoration::BuiltIn), Operand::BuiltIn(BuiltIn::FragCoord)][..]))
            };
            if vars.iter().any(frag_coord) {
                return Err(format!("{POSITION}: `{name}` cannot evaluate the system value `SV_Position`: pixel shaders have no pull-model evaluation of it"));
            }
            calls.push(Call { function, result, ty, extra, origins });
        }
    }

    // Mutate: each call becomes access chains and interpolation instructions.
    let private_inputs = tracer.private_inputs;
    let glsl = glsl_import(module);
    let uint = uint_type(module);
    for call in calls {
        let found = module.functions.iter().enumerate().find_map(|(f, func)| {
            func.blocks.iter().enumerate().find_map(|(b, block)| block.instructions.iter().position(|i| i.result_id == Some(call.result)).map(|i| (f, b, i)))
        });
        let (f, b, i) = found.ok_or("an `EvaluateAttribute*` marker call went missing")?;
        let mut new = Vec::new();
        let mut interpolate = |module: &mut Module, (var, path): (Word, Vec<u32>), ty: Word, result: Word| {
            let pointer = if path.is_empty() {
                var
            } else {
                let mut operands = vec![Operand::IdRef(var)];
                for k in path {
                    operands.push(Operand::IdRef(uint_constant(module, uint, k)));
                }
                let class = if private_inputs.contains(&var) { StorageClass::Private } else { StorageClass::Input };
                let pointer_ty = pointer_type(module, class, ty);
                let pointer = fresh_id(module);
                new.push(Instruction::new(Op::AccessChain, Some(pointer_ty), Some(pointer), operands));
                pointer
            };
            let mut operands = vec![Operand::IdRef(glsl), Operand::LiteralExtInstInteger(call.function.instruction()), Operand::IdRef(pointer)];
            operands.extend(call.extra.map(Operand::IdRef));
            new.push(Instruction::new(Op::ExtInst, Some(ty), Some(result), operands));
        };
        match call.origins {
            Origins::Whole(origin) => interpolate(module, origin, call.ty, call.result),
            Origins::Components(parts, scalar) => {
                let mut components = Vec::new();
                for origin in parts {
                    let c = fresh_id(module);
                    interpolate(module, origin, scalar, c);
                    components.push(Operand::IdRef(c));
                }
                new.push(Instruction::new(Op::CompositeConstruct, Some(call.ty), Some(call.result), components));
            }
        }
        module.functions[f].blocks[b].instructions.splice(i..i + 1, new);
    }
    let ids: Vec<Word> = markers.iter().map(|m| m.0).collect();
    module.functions.retain(|f| !f.def.as_ref().and_then(|d| d.result_id).is_some_and(|id| ids.contains(&id)));
    module.debug_names.retain(|n| !id_at(n, 0).is_some_and(|id| ids.contains(&id)));
    if !module.capabilities.iter().any(|c| c.operands.first() == Some(&Operand::Capability(Capability::InterpolationFunction))) {
        module.capabilities.push(Instruction::new(Op::Capability, None, None, vec![Operand::Capability(Capability::InterpolationFunction)]));
    }
    Ok(())
}

/// The code of the error for an attribute that traces back to no input (see
/// [`super::USER_ERROR_CODES`]).
const UNTRACED: &str = "E0732";

/// The code of the error for an attribute that traces back to the position (`SV_Position`,
/// passed through a local or parameter: sema reports the direct read).
const POSITION: &str = "E0731";

const ATTRIBUTE: &str = "the attribute must be a pixel-shader input (or a member, row or component of one), passed unchanged";

/// The component type and size of a vector type.
fn vector_type(module: &Module, ty: Word) -> Option<(Word, u32)> {
    let t = module.types_global_values.iter().find(|i| i.result_id == Some(ty))?;
    match (t.class.opcode, t.operands.as_slice()) {
        (Op::TypeVector, [Operand::IdRef(scalar), Operand::LiteralBit32(n)]) => Some((*scalar, *n)),
        _ => None,
    }
}

/// The `GLSL.std.450` import, found or added.
fn glsl_import(module: &mut Module) -> Word {
    let found = module.ext_inst_imports.iter().find(|i| matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == "GLSL.std.450"));
    if let Some(id) = found.and_then(|i| i.result_id) {
        return id;
    }
    let id = fresh_id(module);
    module.ext_inst_imports.push(Instruction::new(Op::ExtInstImport, None, Some(id), vec![Operand::LiteralString("GLSL.std.450".into())]));
    id
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::tests::{instructions, rename, spirv_of};

    const SHADER: &str = "fn centroid(a: vec2<f32>) -> vec2<f32> { return a; }
        fn at_sample(a: f32, s: u32) -> f32 { return a; }
        fn helper(c: vec3<f32>) -> vec2<f32> { let copy = c; return centroid(copy.xy); }
        @fragment fn main(@location(0) c: vec3<f32>, @location(1) @interpolate(flat) s: u32) -> @location(0) vec4<f32> {
            return vec4(helper(c), at_sample(c.z, s), centroid(c.zx).y);
        }";

    fn marked() -> Module {
        let mut module = spirv_of(SHADER, (1, 0), true);
        rename(&mut module, "centroid", Function::Centroid.marker());
        rename(&mut module, "at_sample", Function::AtSample.marker());
        module
    }

    fn input(module: &Module) -> Word {
        let is_input = |id: &Word| module.types_global_values.iter().any(|i| i.result_id == Some(*id) && i.operands.first() == Some(&Operand::StorageClass(StorageClass::Input)));
        super::super::spirv::ids_named(module, "c").into_iter().find(is_input).unwrap()
    }

    #[test]
    fn feature_absent_module_unchanged() {
        crate::passes::tests::assert_unchanged(spirv_of(SHADER, (1, 0), true), |m| run(m, &Config::default()));
    }

    #[test]
    fn calls_become_interpolations_of_the_traced_input() {
        let mut module = marked();
        let c = input(&module);
        run(&mut module, &Config::default()).unwrap();
        assert_eq!(module.functions.len(), 2, "the marker functions are gone");
        let insts = instructions(&module);
        let interpolations: Vec<_> = insts.iter().filter(|i| i.class.opcode == Op::ExtInst).map(|i| (i.operands[1].clone(), i.operands[2].clone())).collect();
        let chain_path = |pointer: &Operand| {
            let Operand::IdRef(p) = pointer else { return None };
            let chain = insts.iter().find(|i| i.result_id == Some(*p) && i.class.opcode == Op::AccessChain)?;
            assert_eq!(chain.operands[0], Operand::IdRef(c), "the chain starts at the input");
            let constant = |o: &Operand| match o {
                Operand::IdRef(id) => module.types_global_values.iter().find(|i| i.result_id == Some(*id)).map(|c| c.operands[0].clone()),
                _ => None,
            };
            Some(chain.operands[1..].iter().filter_map(constant).collect::<Vec<_>>())
        };
        // `helper`'s `copy.xy` (a swizzle: x and y one at a time), `c.z` at a sample, and
        // `c.zx` (z and x).
        let ops: Vec<Operand> = interpolations.iter().map(|i| i.0.clone()).collect();
        let (centroid, sample) = (Operand::LiteralExtInstInteger(76), Operand::LiteralExtInstInteger(77));
        assert_eq!(ops, [centroid.clone(), centroid.clone(), sample, centroid.clone(), centroid]);
        let paths: Vec<_> = interpolations.iter().map(|i| chain_path(&i.1).unwrap()).collect();
        let component = |k| vec![Operand::LiteralBit32(k)];
        assert_eq!(paths, [component(0), component(1), component(2), component(2), component(0)]);
        assert!(module.capabilities.iter().any(|c| c.operands[0] == Operand::Capability(Capability::InterpolationFunction)));
    }

    #[test]
    fn an_attribute_not_from_an_input_is_an_error() {
        let mut module = spirv_of(&SHADER.replace("centroid(copy.xy)", "centroid(copy.xy * 2.0)"), (1, 0), true);
        rename(&mut module, "centroid", Function::Centroid.marker());
        let e = run(&mut module, &Config::default()).unwrap_err();
        assert!(e.starts_with("E0732: `EvaluateAttributeCentroid`") && e.contains("pixel-shader input"), "{e}");
    }
}
