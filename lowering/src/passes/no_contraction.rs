//! `precise` for SPIR-V: `NoContraction` on the operations of a precise slice.
//!
//! The `precise` analysis (`sema::precise`) marks the typed-IR operations whose values reach a
//! precise variable, field, parameter or return value. naga's IR has no such flag and its
//! writer assigns SPIR-V ids internally, so lowering (for the SPIR-V target) stores each
//! precise operation's value into a marker local, [`MARKER`]: the store's value id is the id
//! naga gave the operation. This pass, run on naga's output with debug names:
//! - decorates that instruction `NoContraction` when it is a floating-point arithmetic
//!   instruction, or, when naga built the value from several instructions (a matrix
//!   operation is one instruction per column, gathered by `OpCompositeConstruct`), each
//!   arithmetic constituent;
//! - deletes the marker stores and variables, so the output has only the decorations.
//!
//! With `all` (`-Gis`) every floating-point arithmetic instruction is decorated instead.
//! `mad()` in a precise slice stays one `GLSL.std.450 Fma` (HLSL lets it be fused or not,
//! consistently), which has no contraction to forbid.
//!
//! A module without markers (and without `all`) is unchanged.

use super::spirv::{decorate, function_definitions, ids_named};
use rspirv::dr::{Module, Operand};
use rspirv::spirv::{Decoration, Op, Word};
use std::collections::{BTreeSet, HashSet};

/// The name of the marker locals (`:` cannot occur in the name of a user variable).
pub const MARKER: &str = "hlslc::precise";

/// Options of the pass.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// Decorate every floating-point arithmetic instruction (`-Gis`).
    pub all: bool,
}

/// The instructions `NoContraction` applies to: floating-point arithmetic.
pub fn is_arithmetic(op: Op) -> bool {
    matches!(
        op,
        Op::FNegate
            | Op::FAdd
            | Op::FSub
            | Op::FMul
            | Op::FDiv
            | Op::FRem
            | Op::FMod
            | Op::VectorTimesScalar
            | Op::MatrixTimesScalar
            | Op::VectorTimesMatrix
            | Op::MatrixTimesVector
            | Op::MatrixTimesMatrix
            | Op::OuterProduct
            | Op::Dot
    )
}

/// Runs the pass.
pub fn run(module: &mut Module, config: &Config) -> Result<(), String> {
    // Collect: the marker variables, the values stored into them, and what to decorate.
    let markers: HashSet<Word> = ids_named(module, MARKER).into_iter().collect();
    if markers.is_empty() && !config.all {
        return Ok(());
    }
    let defs = function_definitions(module);
    let mut precise = BTreeSet::new();
    if config.all {
        precise.extend(defs.iter().filter(|(_, i)| is_arithmetic(i.class.opcode)).map(|(id, _)| *id));
    }
    for f in &module.functions {
        for b in &f.blocks {
            for i in &b.instructions {
                if i.class.opcode != Op::Store {
                    continue;
                }
                let (Some(Operand::IdRef(ptr)), Some(Operand::IdRef(value))) = (i.operands.first(), i.operands.get(1)) else { continue };
                if !markers.contains(ptr) {
                    continue;
                }
                match defs.get(value) {
                    Some(d) if is_arithmetic(d.class.opcode) => {
                        precise.insert(*value);
                    }
                    Some(d) if d.class.opcode == Op::CompositeConstruct => {
                        for o in &d.operands {
                            if let Operand::IdRef(c) = o {
                                if defs.get(c).is_some_and(|x| is_arithmetic(x.class.opcode)) {
                                    precise.insert(*c);
                                }
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    // Mutate: drop the markers, then decorate.
    for f in &mut module.functions {
        for b in &mut f.blocks {
            b.instructions.retain(|i| match i.class.opcode {
                Op::Store => !matches!(i.operands.first(), Some(Operand::IdRef(p)) if markers.contains(p)),
                Op::Variable => !i.result_id.is_some_and(|id| markers.contains(&id)),
                _ => true,
            });
        }
    }
    for id in precise {
        decorate(module, id, Decoration::NoContraction, vec![]);
    }
    Ok(())
}
