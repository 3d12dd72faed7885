//! DXC's inline SPIR-V (`vk::ext_instruction` functions, `vk::ext_execution_mode`,
//! `vk::ReadClock`, `vk::ext_capability`/`vk::ext_extension`) on naga: what sema recorded on
//! a function (`tir::InlineSpirv`) becomes part of `passes::inline_spirv::Config`.
//!
//! An instruction function becomes a marker function `hlslc::inline_spirv::K` (its parameters
//! the HLSL ones, its body a return of zero) whose calls the pass replaces with the
//! instruction. A `vk::ext_reference` argument is passed as a load of the variable's pointer,
//! which the pass traces back to the pointer; a `vk::ext_literal` argument is a constant
//! (sema folded it), written as a literal word. An execution-mode marker lowers to nothing:
//! reaching it adds the mode. A `vk::ext_builtin_input`/`_output` variable is a private
//! variable named `hlslc::inline_spirv::builtin::K`, which the pass makes the built-in. WGSL
//! has none of this (E0640).

use super::function::FnBuilder;
use super::place::PlaceRef;
use crate::passes::inline_spirv as pass;
use crate::tir::{self, Arg, FuncId, GlobalId, InlineSpirvKind};
use crate::ty::TypeId;
use hlslc_grammar::Span;
use naga::Handle;

impl super::Lowerer<'_> {
    /// Records the inline SPIR-V of function `f`; true if `f` is an instruction or an
    /// execution mode (it has no body to lower).
    pub(crate) fn inline_spirv_function(&mut self, f: FuncId) -> bool {
        let tir = self.tir;
        let tf = &tir.functions[f.0 as usize];
        let Some(spirv) = tf.inline_spirv.as_deref() else { return false };
        if self.options.target == crate::options::Target::Wgsl {
            if spirv.kind.is_some() {
                let what = match &spirv.kind {
                    Some(InlineSpirvKind::ExecutionMode { .. }) => "`vk::ext_execution_mode`".to_string(),
                    _ if tf.name == "vk::ReadClock" => "`vk::ReadClock`".to_string(),
                    _ => format!("inline SPIR-V (`vk::ext_instruction` function `{}`)", tf.name),
                };
                self.error("E0640", tf.span, format!("{what} cannot be expressed in WGSL"))
                    .help("compile to SPIR-V (`-spirv`), the only target that has inline SPIR-V");
            }
            return spirv.kind.is_some();
        }
        let config = &mut self.inline_spirv;
        merge(&mut config.capabilities, &spirv.capabilities);
        merge(&mut config.extensions, &spirv.extensions);
        for &mode in &spirv.execution_modes {
            let mode = pass::ExecutionMode { mode, operands: Vec::new(), id: false };
            if !config.execution_modes.contains(&mode) {
                config.execution_modes.push(mode);
            }
        }
        match &spirv.kind {
            None => false,
            Some(InlineSpirvKind::ExecutionMode { mode, operands, id }) => {
                let mode = pass::ExecutionMode { mode: *mode, operands: operands.clone(), id: *id };
                if !config.execution_modes.contains(&mode) {
                    config.execution_modes.push(mode);
                }
                true
            }
            Some(InlineSpirvKind::Instruction { opcode, set, literal, reference }) => {
                let marker = format!("{}{}", pass::MARKER_PREFIX, config.instructions.len());
                config.instructions.push(pass::InstructionFn { marker: marker.clone(), opcode: *opcode, set: set.clone(), literal: literal.clone(), reference: reference.clone() });
                let mut func = naga::Function { name: Some(marker), ..Default::default() };
                for p in &tf.params {
                    let ty = self.ty(p.ty);
                    func.arguments.push(naga::FunctionArgument { name: None, ty, binding: None });
                }
                let value = if tf.ret != self.tys.void() {
                    let ty = self.ty(tf.ret);
                    func.result = Some(naga::FunctionResult { ty, binding: None });
                    Some(func.expressions.append(naga::Expression::ZeroValue(ty), naga::Span::UNDEFINED))
                } else {
                    None
                };
                func.body.push(naga::Statement::Return { value }, naga::Span::UNDEFINED);
                let h = self.module.functions.append(func, super::span(tf.span));
                self.functions.insert(f, h);
                true
            }
        }
    }
}

impl super::Lowerer<'_> {
    /// The marker name of a `vk::ext_builtin_input`/`_output` variable (recording it and the
    /// capabilities and extensions written on it), or `None` for any other global.
    pub(crate) fn inline_spirv_builtin_name(&mut self, g: GlobalId) -> Option<String> {
        let tir = self.tir;
        let b = tir.spirv_builtins.iter().find(|b| b.global == g)?;
        if self.options.target == crate::options::Target::Wgsl {
            let what = match b.builtin {
                None => "vk::ext_storage_class",
                Some(_) if b.class == 3 => "vk::ext_builtin_output",
                Some(_) => "vk::ext_builtin_input",
            };
            self.error("E0640", tir.globals[g.0 as usize].span, format!("`{what}` variables cannot be expressed in WGSL"))
                .help("compile to SPIR-V (`-spirv`), the only target that has inline SPIR-V");
            return None;
        }
        let config = &mut self.inline_spirv;
        merge(&mut config.capabilities, &b.requirements.capabilities);
        merge(&mut config.extensions, &b.requirements.extensions);
        let marker = format!("{}builtin::{}", pass::MARKER_PREFIX, config.builtins.len());
        config.builtins.push(pass::BuiltinVariable { marker: marker.clone(), builtin: b.builtin, class: b.class });
        Some(marker)
    }
}

impl super::Lowerer<'_> {
    /// The stand-in of `vk::SpirvType` number `k`: a struct of one `u32` named
    /// `hlslc::inline_spirv::type::K`, which the pass replaces with the type instruction.
    pub(crate) fn spirv_type_stand_in(&mut self, k: usize) -> Handle<naga::Type> {
        let tir = self.tir;
        let (st, def) = &tir.spirv_types[k];
        if self.options.target == crate::options::Target::Wgsl {
            let name = &tir.structs[st.0 as usize].name;
            self.error("E0640", tir.structs[st.0 as usize].span, format!("`{name}` (inline SPIR-V) cannot be expressed in WGSL"))
                .help("compile to SPIR-V (`-spirv`), the only target that has inline SPIR-V");
        }
        let mut operands = Vec::new();
        for op in &def.operands {
            operands.push(match *op {
                tir::SpirvTypeOperand::Literal(v) => pass::TypeOperand::Literal(v),
                tir::SpirvTypeOperand::Constant { value, signed, boolean } => pass::TypeOperand::Constant { value, signed, boolean },
                tir::SpirvTypeOperand::Type(t) => match *tir.types.get(t) {
                    crate::ty::TypeInner::Struct(other) => {
                        let j = tir.spirv_types.iter().position(|(s, _)| *s == other).unwrap_or(k);
                        self.ty(t);
                        pass::TypeOperand::Named(format!("{}type::{j}", pass::MARKER_PREFIX))
                    }
                    _ => {
                        let scalar = tir.types.scalar_of(t).unwrap_or(crate::ty::Scalar::U32);
                        let components = match tir.types.shape(t) {
                            Some(crate::ty::Shape::Vector(n)) => n,
                            _ => 1,
                        };
                        let kind = match scalar.kind {
                            crate::ty::ScalarKind::Int => pass::ScalarKind::Sint,
                            crate::ty::ScalarKind::Uint => pass::ScalarKind::Uint,
                            crate::ty::ScalarKind::Float => pass::ScalarKind::Float,
                            crate::ty::ScalarKind::Bool => pass::ScalarKind::Bool,
                        };
                        pass::TypeOperand::Scalar { kind, bits: u32::from(scalar.width) * 8, components }
                    }
                },
            });
        }
        if let Some((_, r)) = tir.spirv_type_requirements.iter().find(|(s, _)| s == st) {
            merge(&mut self.inline_spirv.capabilities, &r.capabilities);
            merge(&mut self.inline_spirv.extensions, &r.extensions);
        }
        let marker = format!("{}type::{k}", pass::MARKER_PREFIX);
        if !self.inline_spirv.types.iter().any(|t| t.marker == marker) {
            self.inline_spirv.types.push(pass::TypeDef { marker: marker.clone(), opcode: def.opcode, operands });
        }
        let u = self.scalar_type(naga::Scalar::U32);
        let members = vec![naga::StructMember { name: Some("_opaque".into()), ty: u, binding: None, offset: 0 }];
        self.insert_type(naga::TypeInner::Struct { members, span: 4 }, Some(marker))
    }
}

/// Appends the items of `new` that `list` lacks.
fn merge<T: PartialEq + Clone>(list: &mut Vec<T>, new: &[T]) {
    for x in new {
        if !list.contains(x) {
            list.push(x.clone());
        }
    }
}

impl FnBuilder<'_, '_> {
    /// A call of an inline-SPIR-V function: the marker call, or nothing for an execution mode.
    pub(crate) fn inline_spirv_call(&mut self, f: FuncId, args: &[Arg], ret: TypeId, s: Span) -> Option<Handle<naga::Expression>> {
        let kind = self.lw.tir.function(f).inline_spirv.as_deref()?.kind.as_ref()?;
        let InlineSpirvKind::Instruction { .. } = kind else { return Some(self.dummy(s)) };
        let Some(&handle) = self.lw.functions.get(&f) else { return Some(self.dummy(s)) };
        let params: Vec<TypeId> = self.lw.tir.function(f).params.iter().map(|p| p.ty).collect();
        let mut values = Vec::new();
        for (a, &pty) in args.iter().zip(&params) {
            match a {
                Arg::Value(e) => values.push(self.expr(e)),
                Arg::Out(place) | Arg::InOut(place) => match self.place(place) {
                    PlaceRef::Pointer { ptr, ty } if self.lw.ty(ty) == self.lw.ty(pty) => {
                        values.push(self.add(naga::Expression::Load { pointer: ptr }, s));
                    }
                    _ => {
                        self.lw.error("E0644", place.span, format!("this `{}` cannot be passed to a `vk::ext_reference` parameter: hlslc keeps it in memory SPIR-V cannot point to as that type", self.lw.tir.type_name(place.ty)))
                            .note("buffers with D3D layouts are stored as words, and vector swizzles and matrix elements have no pointer of their own")
                            .help("pass a local, static or groupshared variable (or a field or element of one) of the parameter's type");
                        values.push(self.dummy(s));
                    }
                },
            }
        }
        let result = if ret != self.lw.tys.void() { Some(self.add(naga::Expression::CallResult(handle), s)) } else { None };
        self.push(naga::Statement::Call { function: handle, arguments: values, result }, s);
        Some(result.unwrap_or_else(|| self.dummy(s)))
    }
}
