//! Where DXC's Vulkan attributes may be written (E0751), as DXC's attribute subjects say:
//! `vk::binding` on global variables, `cbuffer`s and `tbuffer`s; `vk::counter_binding` on
//! `RWStructuredBuffer`, `AppendStructuredBuffer` and `ConsumeStructuredBuffer` globals;
//! `vk::location` on functions, parameters and struct fields; `vk::push_constant` not on
//! functions, parameters or fields (it marks a global struct or constant buffer). Elsewhere
//! the attribute would be dropped silently, so it is an error.

use super::Analyzer;
use crate::ty::{Resource, StructuredKind, TypeId, TypeInner};
use hlslc_grammar::ast;

/// The kind of declaration an attribute is written on.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum VkSite {
    /// A global variable (its type, when known).
    Global(Option<TypeId>),
    /// A `cbuffer` or `tbuffer`.
    ConstantBuffer,
    Field,
    Function,
    Parameter,
}

impl Analyzer<'_> {
    /// E0751 for each Vulkan attribute in `attrs` that `site` cannot have.
    pub(crate) fn check_vk_placement(&mut self, attrs: &[ast::Attribute], site: VkSite) {
        for a in attrs {
            if a.namespace.as_ref().is_none_or(|n| n.name != "vk") {
                continue;
            }
            let (allowed, subjects) = match a.name.name.as_str() {
                "binding" => (matches!(site, VkSite::Global(_) | VkSite::ConstantBuffer), "global variables, `cbuffer`s and `tbuffer`s"),
                "counter_binding" => (
                    match site {
                        VkSite::Global(Some(ty)) => self.has_counter(ty),
                        VkSite::Global(None) => true,
                        _ => false,
                    },
                    "`RWStructuredBuffer`, `AppendStructuredBuffer` and `ConsumeStructuredBuffer` variables",
                ),
                "location" => (matches!(site, VkSite::Function | VkSite::Parameter | VkSite::Field), "functions, parameters and struct fields"),
                "push_constant" => (matches!(site, VkSite::Global(_) | VkSite::ConstantBuffer), "global variables of struct type and constant buffers"),
                "offset" => (matches!(site, VkSite::Field), "struct fields"),
                _ => continue,
            };
            if allowed || self.diags.iter().any(|d| d.code == "E0751" && d.span == a.span) {
                continue;
            }
            let what = match site {
                VkSite::Global(_) => "a global variable of this type",
                VkSite::ConstantBuffer => "a constant buffer",
                VkSite::Field => "a struct field",
                VkSite::Function => "a function",
                VkSite::Parameter => "a parameter",
            };
            self.error("E0751", a.span, format!("`vk::{}` applies only to {subjects}, not to {what}", a.name.name)).help("remove the attribute, or move it to a declaration it applies to");
        }
    }

    /// Whether `ty` (or its array element) is a structured buffer with a hidden counter.
    fn has_counter(&self, ty: TypeId) -> bool {
        let mut ty = ty;
        while let TypeInner::Array { base, .. } = *self.module.types.get(ty) {
            ty = base;
        }
        matches!(
            self.module.types.get(ty),
            TypeInner::Resource(Resource::StructuredBuffer { kind: StructuredKind::ReadWrite | StructuredKind::Append | StructuredKind::Consume, .. })
        )
    }
}
