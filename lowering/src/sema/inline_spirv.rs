//! DXC's inline SPIR-V: functions declared with `[[vk::ext_instruction(opcode[, "set"])]]`,
//! whose calls are one SPIR-V instruction (parameters `[[vk::ext_literal]]` written as literal
//! words, `[[vk::ext_reference]]` passed as the argument's pointer), the capabilities and
//! extensions `[[vk::ext_capability(N)]]` / `[[vk::ext_extension("…")]]` add when such a
//! function is called, is the entry point or holds the attributed statement, the built-in calls
//! `vk::ReadClock(scope)` (`OpReadClockKHR`), `vk::ext_execution_mode(mode, …)` and
//! `vk::ext_execution_mode_id`, `[[vk::spvexecutionmode(N)]]`, types written as their SPIR-V
//! type instruction (`vk::SpirvType`, `vk::SpirvOpaqueType`, `vk::ext_result_id<T>`), and
//! variables that are SPIR-V built-ins (`vk::ext_builtin_input`/`_output`) or live in a storage
//! class of their own (`vk::ext_storage_class`), with DXC's rules for them.
//!
//! Analysis records the attributes on the typed-IR function (`tir::InlineSpirv`); the built-in
//! calls are calls of functions synthesised here, one per distinct signature or mode, so that
//! only calls an entry point reaches affect the module. SPIR-V types are field-less structs
//! described in `tir::Module::spirv_types`; marked variables are `static` ones listed in
//! `tir::Module::spirv_builtins`. Lowering turns all of it into markers and
//! `passes::inline_spirv` writes the SPIR-V (WGSL reports E0640). What hlslc does not write
//! yet (decorations, SPIR-V pointers in variables, `vk::ext_type`) is an error or a warning,
//! never dropped silently.

use super::expr::Operand;
use super::{Analyzer, FnInfo, ParamInfo};
use crate::tir::{self, Arg, ConstValue, Expr, ExprKind, FuncId, InlineSpirv, InlineSpirvKind, ParamDir};
use crate::ty::{Scalar, TypeId};
use hlslc_grammar::{ast, Span};

/// The SPIR-V `OpReadClockKHR` opcode, its capability and extension.
const READ_CLOCK: u32 = 5056;
const SHADER_CLOCK: u32 = 5055;
const SHADER_CLOCK_EXTENSION: &str = "SPV_KHR_shader_clock";

impl Analyzer<'_> {
    /// Reads the inline-SPIR-V attributes of a function declaration into function `id` (and
    /// makes `[[vk::ext_reference]]` parameters `inout`, so that calls pass a variable).
    pub(crate) fn inline_spirv_function(&mut self, id: FuncId, decl: &ast::FunctionDecl) {
        let mut spirv = self.requirements(&decl.attrs);
        // DXC: these decorate a value's id, and a function has no such form.
        for a in decl.attrs.iter().filter(|a| is_vk(a, "ext_decorate_id") || is_vk(a, "ext_decorate_string")) {
            self.error("E0646", a.span, format!("`vk::{}` is not supported on functions", a.name.name))
                .help("decorate a variable or parameter instead");
        }
        let instruction = decl.attrs.iter().find(|a| is_vk(a, "ext_instruction"));
        if let Some(attr) = instruction {
            let opcode = match attr.args.first().map(|e| self.const_int(e)) {
                Some(Some(n)) if (0..=i64::from(u16::MAX)).contains(&n) => Some(n as u32),
                Some(None) => None,
                _ => {
                    self.error("E0641", attr.span, "`vk::ext_instruction` takes an opcode from 0 to 65535 and an optional instruction set name")
                        .help("write e.g. `[[vk::ext_instruction(/* OpIAdd */ 128)]]` or `[[vk::ext_instruction(13, \"GLSL.std.450\")]]`");
                    None
                }
            };
            let set = match attr.args.get(1).map(|e| &e.kind) {
                None => Some(None),
                Some(ast::ExprKind::Literal(ast::Literal::String(s))) => Some(Some(s.clone())),
                Some(_) => {
                    self.error("E0641", attr.args[1].span, "the instruction set of `vk::ext_instruction` must be a string literal")
                        .help("write e.g. `[[vk::ext_instruction(13, \"GLSL.std.450\")]]`");
                    None
                }
            };
            if let (Some(op), Some(None)) = (opcode, &set) {
                let ret = self.module.functions[id.0 as usize].ret;
                match rspirv::grammar::INSTRUCTION_TABLE.lookup_opcode(op) {
                    None => {
                        self.error("E0641", attr.span, format!("unknown SPIR-V opcode {op}"))
                            .note("hlslc knows the opcodes of the SPIR-V grammar in its rspirv version")
                            .help("check the opcode number in the SPIR-V specification");
                    }
                    Some(g) if ret != self.module.types.void() && !g.operands.iter().any(|o| o.kind == rspirv::grammar::OperandKind::IdResult) => {
                        self.error("E0641", decl.return_ty.span, format!("`Op{}` has no result, so a function declared with it must return `void`", g.opname))
                            .help("declare the function `void`");
                    }
                    Some(_) => {}
                }
            }
            if decl.body.is_some() {
                self.error("E0641", attr.span, "a function declared with `vk::ext_instruction` cannot have a body")
                    .help("declare it without a body: each call is the SPIR-V instruction");
            }
            let offset = usize::from(matches!(self.fn_infos[id.0 as usize].method_of, Some((_, true))));
            let literal: Vec<bool> = decl.params.iter().map(|p| p.attrs.iter().any(|a| is_vk(a, "ext_literal"))).collect();
            let reference: Vec<bool> = decl.params.iter().map(|p| p.attrs.iter().any(|a| is_vk(a, "ext_reference"))).collect();
            for (i, &r) in reference.iter().enumerate() {
                if r {
                    self.module.functions[id.0 as usize].params[offset + i].dir = ParamDir::InOut;
                    self.fn_infos[id.0 as usize].params[offset + i].dir = ParamDir::InOut;
                }
            }
            if let (Some(opcode), Some(set)) = (opcode, set) {
                let literal = [vec![false; offset], literal].concat();
                let reference = [vec![false; offset], reference].concat();
                spirv.kind = Some(InlineSpirvKind::Instruction { opcode, set, literal, reference });
            }
            // Each call is the instruction: there is nothing to define.
            self.fn_infos[id.0 as usize].defined = true;
        }
        if spirv != InlineSpirv::default() {
            self.module.functions[id.0 as usize].inline_spirv = Some(Box::new(spirv));
        }
    }

    /// The capabilities and extensions `[[vk::ext_capability(N)]]` and
    /// `[[vk::ext_extension("name")]]` attributes ask for.
    pub(crate) fn requirements(&mut self, attrs: &[ast::Attribute]) -> InlineSpirv {
        let mut spirv = InlineSpirv::default();
        for a in attrs {
            if is_vk(a, "ext_capability") {
                match a.args.as_slice() {
                    [e] => {
                        if let Some(n) = self.const_int(e) {
                            spirv.capabilities.push(n as u32);
                        }
                    }
                    _ => {
                        self.error("E0641", a.span, "`vk::ext_capability` takes one capability number").help("write e.g. `[[vk::ext_capability(/* Int8 */ 39)]]`");
                    }
                }
            } else if is_vk(a, "ext_extension") {
                match a.args.as_slice() {
                    [ast::Expr { kind: ast::ExprKind::Literal(ast::Literal::String(s)), .. }] => spirv.extensions.push(s.clone()),
                    _ => {
                        self.error("E0641", a.span, "`vk::ext_extension` takes the extension's name as a string literal")
                            .help("write e.g. `[[vk::ext_extension(\"SPV_KHR_shader_clock\")]]`");
                    }
                }
            }
        }
        spirv
    }

    /// `[[vk::ext_capability(N)]]` and `[[vk::ext_extension("…")]]` on a statement: the
    /// function's requirements (added when an entry point reaches it).
    pub(crate) fn statement_requirements(&mut self, attrs: &[ast::Attribute]) {
        if !attrs.iter().any(|a| is_vk(a, "ext_capability") || is_vk(a, "ext_extension")) {
            return;
        }
        let found = self.requirements(attrs);
        let Some(f) = self.func.as_ref().map(|c| c.id) else { return };
        let spirv = self.module.functions[f.0 as usize].inline_spirv.get_or_insert_with(Default::default);
        for c in found.capabilities {
            if !spirv.capabilities.contains(&c) {
                spirv.capabilities.push(c);
            }
        }
        for e in found.extensions {
            if !spirv.extensions.contains(&e) {
                spirv.extensions.push(e);
            }
        }
    }

    /// Warns about the inline-SPIR-V attributes of a variable, parameter or field that hlslc
    /// does not write yet (decorations and storage classes), rather than dropping them
    /// silently; `requirements`: also `vk::ext_capability`/`vk::ext_extension`, which only
    /// functions, entry points, statements and built-in variables carry here.
    pub(crate) fn ignored_inline_spirv_attrs(&mut self, attrs: &[ast::Attribute], requirements: bool) {
        self.ignored_attrs(attrs, requirements, false);
    }

    /// [`Self::ignored_inline_spirv_attrs`] for a global variable (`global`), which may have a
    /// storage class.
    pub(crate) fn ignored_attrs(&mut self, attrs: &[ast::Attribute], requirements: bool, global: bool) {
        for a in attrs {
            let ignored = ["ext_decorate", "ext_decorate_id", "ext_decorate_string"].iter().any(|n| is_vk(a, n))
                || (!global && is_vk(a, "ext_storage_class"))
                || (requirements && (is_vk(a, "ext_capability") || is_vk(a, "ext_extension")));
            if ignored {
                self.warning("W0601", "unknown-attributes", a.span, format!("`vk::{}` is ignored here: hlslc does not write it yet", a.name.name))
                    .note("hlslc writes inline SPIR-V instructions, execution modes, built-in variables and the capabilities and extensions of functions, entry points and statements");
            }
        }
    }

    /// `[[vk::ext_capability]]`/`[[vk::ext_extension]]` on a `typedef` or `using` of a SPIR-V
    /// type: declared when the type is used (DXC: not for an unused type). Elsewhere they are
    /// ignored with a warning.
    pub(crate) fn type_requirements(&mut self, ty: TypeId, attrs: &[ast::Attribute]) {
        if attrs.is_empty() {
            return;
        }
        let spirv_type = match *self.module.types.get(ty) {
            crate::ty::TypeInner::Struct(st) if self.module.spirv_types.iter().any(|(s, _)| *s == st) => Some(st),
            _ => None,
        };
        let Some(st) = spirv_type else {
            self.ignored_inline_spirv_attrs(attrs, true);
            return;
        };
        self.ignored_inline_spirv_attrs(attrs, false);
        let found = self.requirements(attrs);
        match self.module.spirv_type_requirements.iter_mut().find(|(s, _)| *s == st) {
            Some((_, r)) => {
                r.capabilities.extend(found.capabilities.into_iter().filter(|c| !r.capabilities.contains(c)).collect::<Vec<_>>());
                r.extensions.extend(found.extensions.into_iter().filter(|e| !r.extensions.contains(e)).collect::<Vec<_>>());
            }
            None => self.module.spirv_type_requirements.push((st, found)),
        }
    }

    /// Per parameter of `f`: whether it is a `vk::ext_reference` parameter of an instruction.
    pub(crate) fn reference_parameters(&self, f: FuncId) -> Vec<bool> {
        match self.module.functions[f.0 as usize].inline_spirv.as_deref().and_then(|s| s.kind.as_ref()) {
            Some(InlineSpirvKind::Instruction { reference, .. }) => reference.clone(),
            _ => Vec::new(),
        }
    }

    /// Checks and folds the arguments of a call of an inline-SPIR-V instruction: a
    /// `[[vk::ext_literal]]` argument must be a constant (it is written as a literal word).
    pub(crate) fn inline_spirv_arguments(&mut self, f: FuncId, args: &mut [Arg]) {
        let Some(InlineSpirvKind::Instruction { literal, .. }) = self.module.functions[f.0 as usize].inline_spirv.as_ref().and_then(|s| s.kind.clone()) else { return };
        for (arg, is_literal) in args.iter_mut().zip(literal) {
            let Arg::Value(e) = arg else { continue };
            if !is_literal {
                continue;
            }
            match self.try_fold(e) {
                Ok(Some(v @ (ConstValue::Int(_) | ConstValue::Uint(_) | ConstValue::Bool(_)))) => {
                    *e = Expr::new(ExprKind::Const(v), e.ty, e.span);
                }
                _ => {
                    self.error("E0642", e.span, "a `vk::ext_literal` argument must be an integer constant")
                        .help("pass a literal, an enumerator or a `static const` value: it is written into the instruction as a literal word");
                }
            }
        }
    }

    /// `vk::ReadClock`, `vk::ext_execution_mode` and `vk::ext_execution_mode_id`; `None` if
    /// `name` is none of them.
    pub(crate) fn inline_spirv_call(&mut self, name: &str, args: &[ast::Expr], span: Span) -> Option<Option<Operand>> {
        match name {
            "ReadClock" => Some(self.read_clock(args, span)),
            "ext_execution_mode" | "ext_execution_mode_id" => Some(self.execution_mode(args, name.ends_with("_id"), span)),
            _ => None,
        }
    }

    /// `vk::ReadClock(scope)`: `OpReadClockKHR` (`SPV_KHR_shader_clock`) of a `uint` scope,
    /// returning the `uint64_t` clock.
    fn read_clock(&mut self, args: &[ast::Expr], span: Span) -> Option<Operand> {
        let [scope] = args else {
            self.error("E0501", span, format!("`vk::ReadClock` takes one argument (the scope), found {}", args.len()))
                .help("write e.g. `vk::ReadClock(vk::SubgroupScope)`");
            return None;
        };
        let op = self.operand(scope)?;
        let uint = self.module.types.scalar(Scalar::U32);
        let value = self.convert_implicit(op, uint, scope.span)?;
        let ulong = self.module.types.scalar(Scalar::U64);
        let spirv = InlineSpirv {
            kind: Some(InlineSpirvKind::Instruction { opcode: READ_CLOCK, set: None, literal: vec![false], reference: vec![false] }),
            capabilities: vec![SHADER_CLOCK],
            extensions: vec![SHADER_CLOCK_EXTENSION.into()],
            execution_modes: Vec::new(),
        };
        let f = self.synthesized("vk::ReadClock", &[uint], ulong, spirv, span);
        Some(self.synthesized_call(f, vec![Arg::Value(value)], ulong, span))
    }

    /// `vk::ext_execution_mode(mode, operands…)`: constant operands, added as an
    /// `OpExecutionMode` (or `OpExecutionModeId`) of the entry point that reaches the call.
    fn execution_mode(&mut self, args: &[ast::Expr], id: bool, span: Span) -> Option<Operand> {
        let what = if id { "vk::ext_execution_mode_id" } else { "vk::ext_execution_mode" };
        let Some((first, rest)) = args.split_first() else {
            self.error("E0643", span, format!("`{what}` needs an execution mode")).help(format!("write e.g. `{what}(/* SubgroupSize */ 35, 32)`"));
            return None;
        };
        let mode = self.const_int(first)?;
        let mut operands = Vec::new();
        for a in rest {
            let op = self.operand(a)?;
            let signed = self.module.types.scalar_of(op.ty).is_some_and(|s| s.kind == crate::ty::ScalarKind::Int);
            let e = self.materialize(op);
            match self.try_fold(&e) {
                Ok(Some(v @ (ConstValue::Int(_) | ConstValue::Uint(_) | ConstValue::Bool(_)))) => operands.push((super::fold::as_i64(&v) as u32, signed)),
                _ => {
                    self.error("E0643", a.span, format!("the operands of `{what}` must be integer constants"))
                        .help("execution modes are fixed when the module is written");
                    return None;
                }
            }
        }
        let mode = self.check_execution_mode(mode, first.span)?;
        let void = self.module.types.void();
        let spirv = InlineSpirv { kind: Some(InlineSpirvKind::ExecutionMode { mode, operands, id }), ..Default::default() };
        let f = self.synthesized(what, &[], void, spirv, span);
        Some(self.synthesized_call(f, Vec::new(), void, span))
    }

    /// An execution mode number SPIR-V defines (DXC: "Invalid execution mode operand").
    pub(crate) fn check_execution_mode(&mut self, mode: i64, span: Span) -> Option<u32> {
        match u32::try_from(mode).ok().filter(|&m| rspirv::spirv::ExecutionMode::from_u32(m).is_some()) {
            Some(m) => Some(m),
            None => {
                self.error("E0643", span, format!("invalid execution mode operand: {mode}"))
                    .help("use an execution mode number from the SPIR-V specification's ExecutionMode table");
                None
            }
        }
    }

    /// `vk::SpirvType<opcode, size, alignment, operands…>` (`sized`) or
    /// `vk::SpirvOpaqueType<opcode, operands…>`: a field-less struct standing for the type
    /// (one per distinct definition), which the SPIR-V pass replaces with the instruction.
    pub(crate) fn spirv_type(&mut self, sized: bool, args: &[ast::TemplateArg], span: Span) -> Option<TypeId> {
        let what = if sized { "vk::SpirvType" } else { "vk::SpirvOpaqueType" };
        let fixed = if sized { 3 } else { 1 };
        if args.len() < fixed {
            let form = if sized { "vk::SpirvType<opcode, size, alignment, operands…>" } else { "vk::SpirvOpaqueType<opcode, operands…>" };
            self.error("E0403", span, format!("`{what}` needs its opcode{}: `{form}`", if sized { ", size and alignment" } else { "" }));
            return None;
        }
        let mut ints = Vec::new();
        for a in &args[..fixed] {
            ints.push(u32::try_from(self.template_int_arg(a)?).ok()?);
        }
        let opcode = ints[0];
        if !rspirv::spirv::Op::from_u32(opcode).is_some_and(|op| format!("{op:?}").starts_with("Type")) {
            self.error("E0647", span, format!("{opcode} is not the opcode of a SPIR-V type instruction")).help("use an `OpType…` opcode, e.g. 21 (OpTypeInt)");
            return None;
        }
        let mut operands = Vec::new();
        for a in &args[fixed..] {
            operands.push(self.spirv_type_operand(a, span)?);
        }
        let def = tir::SpirvTypeDef { opcode, size_alignment: sized.then(|| (ints[1], ints[2])), operands };
        if let Some((st, _)) = self.module.spirv_types.iter().find(|(_, d)| *d == def) {
            return Some(self.module.types.insert(crate::ty::TypeInner::Struct(*st)));
        }
        let name = format!("{what}{}", hlslc_grammar::parser::dump::template_args(args));
        self.module.structs.push(tir::StructDef { name, fields: Vec::new(), span });
        let st = crate::ty::StructId(self.module.structs.len() as u32 - 1);
        self.struct_infos.push(super::scope::StructInfo { ns: Some(self.current_ns), ..Default::default() });
        self.module.spirv_types.push((st, def));
        Some(self.module.types.insert(crate::ty::TypeInner::Struct(st)))
    }

    /// Reports a `vk::SpirvType` in buffer memory (a `$Globals` member): its layout there is
    /// not written yet. True if reported.
    pub(crate) fn spirv_type_in_buffer(&mut self, ty: TypeId, span: Span) -> bool {
        let mut t = ty;
        while let crate::ty::TypeInner::Array { base: element, .. } = *self.module.types.get(t) {
            t = element;
        }
        let found = match *self.module.types.get(t) {
            crate::ty::TypeInner::Struct(st) => self.module.spirv_types.iter().any(|(s, _)| *s == st),
            _ => false,
        };
        if found {
            self.error("E0801", span, "a `vk::SpirvType` in buffer memory (a `$Globals` uniform) is not supported yet")
                .help("declare the variable `static` (private) or `groupshared`, or pass the value to the shader another way");
        }
        found
    }

    /// Reports a variable or parameter holding a SPIR-V pointer (`vk::SpirvOpaqueType<32, …>`,
    /// e.g. `vk::WorkgroupSpirvPointer`): SPIR-V's logical addressing has no pointer variables,
    /// and hlslc does not remove them as DXC's legalization does. True if reported.
    pub(crate) fn spirv_pointer_variable(&mut self, ty: TypeId, span: Span) -> bool {
        const OP_TYPE_POINTER: u32 = 32;
        let pointer = match *self.module.types.get(ty) {
            crate::ty::TypeInner::Struct(st) => self.module.spirv_types.iter().any(|(s, d)| *s == st && d.opcode == OP_TYPE_POINTER),
            _ => false,
        };
        if pointer {
            self.error("E0801", span, "variables and parameters holding a SPIR-V pointer are not supported yet")
                .note("SPIR-V's logical addressing has no pointer variables; DXC removes them when it legalizes, hlslc does not yet")
                .help("pass the pointer straight from the call that makes it to the one that uses it");
        }
        pointer
    }

    /// One operand of a SPIR-V type: `vk::Literal<vk::integral_constant<T, v>>`,
    /// `vk::integral_constant<T, v>`, or a type.
    fn spirv_type_operand(&mut self, arg: &ast::TemplateArg, span: Span) -> Option<tir::SpirvTypeOperand> {
        let named = |a: &ast::TemplateArg| -> Option<(String, Vec<ast::TemplateArg>)> {
            let ast::TemplateArg::Type(ast::TypeSpec { kind: ast::TypeKind::Named(p), .. }) = a else { return None };
            let last = p.segments.last()?;
            let in_vk = p.segments.len() == 2 && p.segments[0].ident.name == "vk";
            in_vk.then(|| (last.ident.name.as_str().to_owned(), last.template_args.as_deref().map(<[_]>::to_vec).unwrap_or_default()))
        };
        match named(arg) {
            Some((n, inner)) if n == "Literal" => match inner.as_slice() {
                [c] => match self.integral_constant(c, span)? {
                    tir::SpirvTypeOperand::Constant { value, .. } => Some(tir::SpirvTypeOperand::Literal(value)),
                    other => Some(other),
                },
                _ => {
                    self.error("E0647", span, "`vk::Literal` takes one `vk::integral_constant<T, value>`");
                    None
                }
            },
            Some((n, _)) if n == "integral_constant" => self.integral_constant(arg, span),
            _ => {
                let ty = self.template_type_arg(arg, span)?;
                let allowed = match *self.module.types.get(ty) {
                    crate::ty::TypeInner::Struct(st) => self.module.spirv_types.iter().any(|(s, _)| *s == st),
                    _ => self.module.types.scalar_of(ty).is_some() && matches!(self.module.types.shape(ty), Some(crate::ty::Shape::Scalar | crate::ty::Shape::Vector(_))),
                };
                if !allowed {
                    let t = self.type_name(ty);
                    self.error("E0801", span, format!("`{t}` as an operand of a SPIR-V type is not supported yet"))
                        .help("operands may be literals, integral constants, scalars, vectors and other `vk::SpirvType`s");
                    return None;
                }
                Some(tir::SpirvTypeOperand::Type(ty))
            }
        }
    }

    /// `vk::integral_constant<T, value>` as a constant operand.
    fn integral_constant(&mut self, arg: &ast::TemplateArg, span: Span) -> Option<tir::SpirvTypeOperand> {
        let ast::TemplateArg::Type(ast::TypeSpec { kind: ast::TypeKind::Named(p), .. }) = arg else {
            self.error("E0647", span, "expected `vk::integral_constant<T, value>`");
            return None;
        };
        let Some([t, v]) = p.segments.last().and_then(|l| l.template_args.as_deref()) else {
            self.error("E0647", span, "`vk::integral_constant` takes a type and a value: `vk::integral_constant<uint, 8>`");
            return None;
        };
        let ty = self.template_type_arg(t, span)?;
        let scalar = self.module.types.scalar_of(ty).filter(|s| s.width == 4 && s.kind != crate::ty::ScalarKind::Float);
        let Some(scalar) = scalar else {
            let t = self.type_name(ty);
            self.error("E0801", span, format!("`vk::integral_constant` of `{t}` is not supported yet")).help("use a 32-bit integer type or `bool`");
            return None;
        };
        let value = self.template_int_arg(v)?;
        Some(tir::SpirvTypeOperand::Constant {
            value: value as u32,
            signed: scalar.kind == crate::ty::ScalarKind::Int,
            boolean: scalar.kind == crate::ty::ScalarKind::Bool,
        })
    }

    /// A type written with SPIR-V's type instructions: naga has no form for it yet.
    pub(crate) fn inline_spirv_type_unsupported(&mut self, name: &str, span: Span) {
        self.error("E0801", span, format!("inline SPIR-V types (`vk::{name}`) are not supported yet"))
            .note("hlslc supports inline SPIR-V instructions (`vk::ext_instruction`), execution modes, capabilities and extensions; types written as SPIR-V type instructions have no naga form yet")
            .help("use an HLSL type where one exists (e.g. `uint` instead of an 8-bit `vk::SpirvType`)");
    }

    /// `[[vk::ext_builtin_input(N)]]` / `[[vk::ext_builtin_output(N)]]` on a global variable,
    /// with DXC's rules (a `static` variable, `const` for an input, not both, one direction per
    /// built-in): `Err` after an error, `Ok(Some((built-in, output)))` for a built-in variable.
    pub(crate) fn inline_spirv_builtin_variable(&mut self, decl: &ast::VarDecl) -> Result<Option<(u32, bool)>, ()> {
        let input = decl.attrs.iter().find(|a| is_vk(a, "ext_builtin_input"));
        let output = decl.attrs.iter().find(|a| is_vk(a, "ext_builtin_output"));
        let Some(attr) = input.or(output) else { return Ok(None) };
        let span = decl.declarators.first().map(|d| d.span).unwrap_or(attr.span);
        if input.is_some() && output.is_some() {
            self.error("E0645", attr.span, "`vk::ext_builtin_input` cannot be used together with `vk::ext_builtin_output`")
                .help("a built-in variable is either read (input) or written (output)");
            return Err(());
        }
        if !decl.quals.has(ast::Qualifier::Static) {
            self.error("E0645", span, "`vk::ext_builtin_input` and `vk::ext_builtin_output` can only be applied to a `static` variable")
                .help("declare it `static` (and `const` for an input)");
            return Err(());
        }
        if input.is_some() && !decl.quals.has(ast::Qualifier::Const) {
            self.error("E0645", span, "`vk::ext_builtin_input` can only be applied to a `const` variable")
                .help("declare the input `static const`: the shader reads it");
            return Err(());
        }
        let builtin = match attr.args.as_slice() {
            [e] => self.const_int(e).ok_or(())?,
            _ => {
                self.error("E0645", attr.span, format!("`vk::{}` takes one built-in number", attr.name.name)).help("write e.g. `[[vk::ext_builtin_input(/* NumWorkgroups */ 24)]]`");
                return Err(());
            }
        };
        let Some(builtin) = u32::try_from(builtin).ok().filter(|&b| rspirv::spirv::BuiltIn::from_u32(b).is_some()) else {
            self.error("E0645", attr.span, format!("{builtin} is not a SPIR-V built-in")).help("use a number from the SPIR-V specification's BuiltIn table");
            return Err(());
        };
        let is_output = output.is_some();
        if let Some(&(_, prev_output, prev_span)) = self.builtin_variables.iter().find(|(b, _, _)| *b == i64::from(builtin)) {
            if prev_output != is_output {
                let what = if is_output { "an output" } else { "an input" };
                self.error("E0645", span, format!("cannot redefine built-in {builtin} as {what}")).related(prev_span, "previous definition is here");
                return Err(());
            }
        }
        self.builtin_variables.push((i64::from(builtin), is_output, span));
        Ok(Some((builtin, is_output)))
    }

    /// Marks the globals `first..` (one declaration's variables) as built-in variables, or as
    /// variables of the storage class `[[vk::ext_storage_class(N)]]` names.
    pub(crate) fn mark_spirv_variables(&mut self, first: usize, builtin: Option<(u32, bool)>, class: Option<u32>, attrs: &[ast::Attribute]) {
        const INPUT: u32 = 1;
        const OUTPUT: u32 = 3;
        let (builtin, class) = match (builtin, class) {
            (Some((b, output)), _) => (Some(b), if output { OUTPUT } else { INPUT }),
            (None, Some(c)) => (None, c),
            (None, None) => return,
        };
        let requirements = self.requirements(attrs);
        for g in first..self.module.globals.len() {
            let global = tir::GlobalId(g as u32);
            self.module.spirv_builtins.push(tir::SpirvBuiltinVariable { global, builtin, class, requirements: requirements.clone() });
        }
    }

    /// `[[vk::ext_storage_class(N)]]` on a global variable: the storage class, if SPIR-V has
    /// one of that number.
    pub(crate) fn storage_class_attr(&mut self, decl: &ast::VarDecl) -> Result<Option<u32>, ()> {
        let Some(a) = decl.attrs.iter().find(|a| is_vk(a, "ext_storage_class")) else { return Ok(None) };
        const PRIVATE: i64 = 6;
        if let Some(d) = decl.declarators.iter().find(|d| d.init.is_some()) {
            if a.args.first().and_then(|e| self.const_int_quiet(e)) != Some(PRIVATE) {
                self.error("E0645", d.span, "a `vk::ext_storage_class` variable cannot have an initializer")
                    .help("assign the value in the shader (memory of most storage classes is not initialised per invocation)");
                return Err(());
            }
        }
        let n = match a.args.as_slice() {
            [e] => self.const_int(e).ok_or(())?,
            _ => -1,
        };
        match u32::try_from(n).ok().filter(|&c| rspirv::spirv::StorageClass::from_u32(c).is_some()) {
            Some(c) => Ok(Some(c)),
            None => {
                self.error("E0645", a.span, "`vk::ext_storage_class` takes the number of a SPIR-V storage class")
                    .help("write e.g. `[[vk::ext_storage_class(/* Workgroup */ 4)]]`");
                Err(())
            }
        }
    }

    /// A body-less function carrying `spirv`, shared by every call with the same signature
    /// and meaning.
    fn synthesized(&mut self, name: &str, params: &[TypeId], ret: TypeId, spirv: InlineSpirv, span: Span) -> FuncId {
        let existing = self.module.functions.iter().position(|f| f.name == name && f.ret == ret && f.params.iter().map(|p| p.ty).eq(params.iter().copied()) && f.inline_spirv.as_deref() == Some(&spirv));
        if let Some(i) = existing {
            return FuncId(i as u32);
        }
        let tparams = params
            .iter()
            .enumerate()
            .map(|(i, &ty)| tir::Param::plain(format!("$p{i}"), ty, ParamDir::In, span))
            .collect();
        self.module.functions.push(tir::Function {
            name: name.into(),
            params: tparams,
            ret,
            ret_semantic: None,
            ret_precise: false,
            ret_interpolation: Default::default(),
            locals: Vec::new(),
            body: Vec::new(),
            span,
            inline_spirv: Some(Box::new(spirv)),
        });
        self.fn_infos.push(FnInfo {
            name: name.into(),
            params: params.iter().map(|&ty| ParamInfo { ty, dir: ParamDir::In, default: None, groupshared: false, precision: Default::default(), written_vector: false, attrs: Vec::new() }).collect(),
            ret,
            defined: true,
            span,
            method_of: None,
            calls: Vec::new(),
            attrs: Vec::new(),
            decl: None,
            owner: None,
            ns: self.current_ns,
        });
        FuncId(self.module.functions.len() as u32 - 1)
    }

    fn synthesized_call(&mut self, f: FuncId, args: Vec<Arg>, ret: TypeId, span: Span) -> Operand {
        if let Some(caller) = self.func.as_ref().map(|c| c.id) {
            self.fn_infos[caller.0 as usize].calls.push((f, span));
        }
        Operand::expr(Expr::new(ExprKind::Call { function: f, args }, ret, span))
    }
}

/// DXC's inline SPIR-V types (`vk::SpirvType<…>` and the operand types of its arguments).
pub(crate) fn is_inline_spirv_type(name: &str) -> bool {
    matches!(name, "ext_type" | "Literal" | "integral_constant")
}

/// `[[vk::name(…)]]`.
fn is_vk(a: &ast::Attribute, name: &str) -> bool {
    a.name.name == name && a.namespace.as_ref().is_some_and(|n| n.name == "vk")
}
