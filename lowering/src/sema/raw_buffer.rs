//! `vk::RawBufferLoad<T>(address[, alignment])` and `vk::RawBufferStore<T>(address, value[,
//! alignment])`: DXC's reads and writes of memory at a 64-bit device address (Vulkan's
//! `bufferDeviceAddress`; SPIR-V's `PhysicalStorageBuffer` pointers).
//!
//! `T` defaults to `uint` for a load and to the value's type for a store; the address is a
//! `uint64_t`; the alignment must be a constant power of two (E0733, as the `Aligned` memory
//! operand it becomes). When it is omitted it is 4, or 8 for a type holding a 64-bit scalar
//! (or a `vk::BufferPointer`): Vulkan's `PhysicalStorageBuffer64` rule (VUID-06314) wants an
//! access aligned to its widest scalar, so DXC's old default of 4 there is invalid SPIR-V
//! (DXC moved its default to the type's scalar alignment, microsoft/DirectXShaderCompiler#8576;
//! hlslc keeps 4 as the least, so a type of only 16-bit scalars is still `Aligned 4`). `T` must be plain data — no resources (E0734). The
//! calls are intrinsics lowering turns into marker calls for SPIR-V (`passes::raw_buffer`);
//! WGSL has no pointers to device addresses (E0803).

use super::expr::Operand;
use super::Analyzer;
use crate::tir::{ConstValue, Expr, ExprKind, Intrinsic as I};
use crate::ty::Scalar;
use hlslc_grammar::{ast, Span};

impl Analyzer<'_> {
    /// `vk::RawBufferLoad` and `vk::RawBufferStore`; `None` if `name` is neither.
    pub(crate) fn raw_buffer_call(&mut self, name: &str, template: Option<&[ast::TemplateArg]>, args: &[ast::Expr], span: Span) -> Option<Option<Operand>> {
        let store = match name {
            "RawBufferLoad" => false,
            "RawBufferStore" => true,
            _ => return None,
        };
        Some(self.raw_buffer(store, template, args, span))
    }

    fn raw_buffer(&mut self, store: bool, template: Option<&[ast::TemplateArg]>, args: &[ast::Expr], span: Span) -> Option<Operand> {
        let what = if store { "vk::RawBufferStore" } else { "vk::RawBufferLoad" };
        let (least, most) = if store { (2, 3) } else { (1, 2) };
        if args.len() < least || args.len() > most {
            let shape = if store { "(address, value[, alignment])" } else { "(address[, alignment])" };
            self.error("E0508", span, format!("`{what}` takes {least} or {most} arguments {shape}, found {}", args.len()));
            return None;
        }
        let ty = match template {
            Some([ast::TemplateArg::Type(t)]) => Some(self.resolve_type(t)?),
            Some([ast::TemplateArg::Expr(e)]) => {
                self.error("E0502", e.span, format!("the template argument of `{what}` must be a type"));
                return None;
            }
            Some(more) if more.len() > 1 => {
                self.error("E0502", span, format!("`{what}` takes one template argument (the type), found {}", more.len()));
                return None;
            }
            _ => None,
        };
        let ulong = self.module.types.scalar(Scalar::U64);
        let address = self.operand(&args[0])?;
        let address = self.convert_implicit(address, ulong, args[0].span)?;
        let mut operands = vec![address];
        let ty = if store {
            let value = self.operand(&args[1])?;
            let ty = ty.unwrap_or(value.ty);
            operands.push(self.convert_implicit(value, ty, args[1].span)?);
            ty
        } else {
            ty.unwrap_or_else(|| self.module.types.scalar(Scalar::U32))
        };
        if self.module.types.is_resource_like(ty) || !self.module.types.is_numeric(ty) && !self.is_plain_aggregate(ty) {
            self.error("E0734", span, format!("`{what}` cannot access a `{}` in memory", self.type_name(ty)))
                .help("load and store numbers, vectors, and structs and arrays of them");
            return None;
        }
        let alignment = match args.get(most - 1) {
            Some(a) => self.const_int(a)?,
            None => 4.max(i64::from(self.largest_scalar_width(ty))),
        };
        let at = args.get(most - 1).map_or(span, |a| a.span);
        if alignment <= 0 || alignment > i64::from(u32::MAX) || alignment & (alignment - 1) != 0 {
            self.error("E0733", at, format!("the alignment of `{what}` must be a constant power of two, found {alignment}"))
                .help("pass the alignment the address is known to have, e.g. 4 for `float`, 16 for `float4`");
            return None;
        }
        let uint = self.module.types.scalar(Scalar::U32);
        operands.push(Expr::new(ExprKind::Const(ConstValue::Uint(alignment as u64)), uint, at));
        let (op, ret) = if store { (I::RawBufferStore, self.module.types.void()) } else { (I::RawBufferLoad, ty) };
        Some(self.intrinsic_expr(op, ret, operands, span))
    }

    /// The width in bytes of the widest scalar in `ty` (a `vk::BufferPointer` member is a
    /// 64-bit address; `bool` travels as a 32-bit `uint`): Vulkan requires an access through a
    /// `PhysicalStorageBuffer` pointer to be aligned to at least this much.
    fn largest_scalar_width(&self, ty: crate::ty::TypeId) -> u8 {
        match *self.module.types.get(ty) {
            crate::ty::TypeInner::Scalar(s) | crate::ty::TypeInner::Vector { scalar: s, .. } | crate::ty::TypeInner::Matrix { scalar: s, .. } => s.width,
            crate::ty::TypeInner::Array { base, .. } => self.largest_scalar_width(base),
            crate::ty::TypeInner::Struct(st) => self.module.structs[st.0 as usize].fields.iter().map(|f| self.largest_scalar_width(f.ty)).max().unwrap_or(4),
            crate::ty::TypeInner::BufferPointer { .. } => 8,
            _ => 4,
        }
    }

    /// A struct or array whose members and elements are numbers or such aggregates.
    fn is_plain_aggregate(&self, ty: crate::ty::TypeId) -> bool {
        match *self.module.types.get(ty) {
            crate::ty::TypeInner::Struct(st) => self.module.structs[st.0 as usize].fields.iter().all(|f| self.module.types.is_numeric(f.ty) || self.is_plain_aggregate(f.ty)),
            crate::ty::TypeInner::Array { base, .. } => self.module.types.is_numeric(base) || self.is_plain_aggregate(base),
            crate::ty::TypeInner::BufferPointer { .. } => true,
            _ => false,
        }
    }
}
