//! Binding assignment: HLSL registers → (group, binding).
//!
//! DXC's default for Vulkan, which hlslc follows: `[[vk::binding(b, s)]]` wins; otherwise
//! `register(xN, spaceM)` gives group `M`, binding `N` whatever the register class `x`;
//! resources without either get the next free binding of group 0, in declaration order, after
//! all explicit ones are placed. Hidden bindings hlslc adds (UAV counters) come last.
//!
//! DXC's numbering lets `t0` and `s0` collide; WebGPU needs distinct bindings. The default
//! [`BindingPolicy::ClassShift`] therefore adds a fixed offset per register class (the class of
//! a resource without a register is the one its type implies), and with
//! [`BindingPolicy::Dxc`] a collision is reported with both declarations rather than producing
//! a module wgpu would reject.

use super::Lowerer;
use crate::options::{BindingPolicy, CLASS_SHIFT};
use crate::tir::{GlobalId, GlobalKind, Register, RegisterClass};
use crate::ty::{Access, Resource, StructuredKind, TypeInner};
use hlslc_grammar::Span;
use std::collections::HashMap;

/// What kind of binding a resource needs (for pipeline layouts and reflection).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BindingKind {
    UniformBuffer,
    StorageBuffer { read_only: bool },
    SampledTexture,
    StorageTexture { read_only: bool },
    Sampler { comparison: bool },
    /// A counter hlslc added for an append/consume/counter structured buffer.
    Counter,
}

/// The final binding of one resource.
#[derive(Clone, Debug, PartialEq)]
pub struct BindingInfo {
    pub global: GlobalId,
    pub name: String,
    pub kind: BindingKind,
    pub group: u32,
    pub binding: u32,
    /// The register the source declared, if any.
    pub register: Option<Register>,
    /// Added by hlslc (not declared in the source).
    pub hidden: bool,
}

impl Lowerer<'_> {
    /// Assigns bindings to every used resource global.
    pub(crate) fn assign_bindings(&mut self, used: &[GlobalId]) {
        let mut taken: HashMap<(u32, u32), (GlobalId, Span)> = HashMap::new();
        let mut pending = Vec::new();
        let resources: Vec<GlobalId> = used.iter().copied().filter(|&g| matches!(self.tir.global(g).kind, GlobalKind::Resource { .. })).collect();
        for &g in &resources {
            let global = self.tir.global(g);
            let GlobalKind::Resource { binding } = &global.kind else { continue };
            if binding.push_constant {
                continue;
            }
            let Some(kind) = self.binding_kind(g) else { continue };
            let shift = self.class_shift(kind);
            let explicit = binding
                .vk_binding
                .map(|(b, s)| (s, b))
                .or_else(|| binding.register.filter(|r| r.index != u32::MAX && r.class != RegisterClass::C).map(|r| (r.space, r.index + shift)));
            match explicit {
                Some(slot) => {
                    if let Some((other, other_span)) = taken.get(&slot).copied() {
                        let name = global.name.clone();
                        let other_name = self.tir.global(other).name.clone();
                        self.error("E0704", global.span, format!("`{name}` and `{other_name}` both use binding {} of group {}", slot.1, slot.0))
                            .related(other_span, format!("`{other_name}` declared here"))
                            .help("give one of them a different register or a `[[vk::binding(b, s)]]`");
                        continue;
                    }
                    taken.insert(slot, (g, global.span));
                    self.bindings.push(BindingInfo {
                        global: g,
                        name: global.name.clone(),
                        kind,
                        group: slot.0,
                        binding: slot.1,
                        register: binding.register,
                        hidden: false,
                    });
                }
                None => pending.push((g, kind)),
            }
        }
        for (g, kind) in pending {
            let global = self.tir.global(g);
            let group = global_register(global).map(|r| r.space).unwrap_or(0);
            let mut b = self.class_shift(kind);
            while taken.contains_key(&(group, b)) {
                b += 1;
            }
            taken.insert((group, b), (g, global.span));
            self.bindings.push(BindingInfo { global: g, name: global.name.clone(), kind, group, binding: b, register: None, hidden: false });
        }
        // Counters of append/consume buffers.
        for &g in &resources {
            if self.needs_counter(g) {
                let global = self.tir.global(g);
                let group = self.bindings.iter().find(|x| x.global == g).map(|x| x.group).unwrap_or(0);
                let explicit = match &global.kind {
                    GlobalKind::Resource { binding } => binding.vk_counter_binding,
                    _ => None,
                };
                let b = match explicit {
                    Some(b) => b,
                    None => {
                        let mut b = 0;
                        while taken.contains_key(&(group, b)) {
                            b += 1;
                        }
                        b
                    }
                };
                taken.insert((group, b), (g, global.span));
                self.bindings.push(BindingInfo {
                    global: g,
                    name: format!("{}.counter", global.name),
                    kind: BindingKind::Counter,
                    group,
                    binding: b,
                    register: None,
                    hidden: true,
                });
            }
        }
    }

    /// The offset the binding policy adds to registers of this kind of resource.
    fn class_shift(&self, kind: BindingKind) -> u32 {
        if self.options.binding_policy != BindingPolicy::ClassShift {
            return 0;
        }
        let class = match kind {
            BindingKind::UniformBuffer => RegisterClass::B,
            BindingKind::SampledTexture | BindingKind::StorageBuffer { read_only: true } => RegisterClass::T,
            BindingKind::Sampler { .. } => RegisterClass::S,
            BindingKind::StorageTexture { .. } | BindingKind::StorageBuffer { read_only: false } | BindingKind::Counter => RegisterClass::U,
        };
        CLASS_SHIFT.iter().find(|(c, _)| *c == class).map(|(_, s)| *s).unwrap_or(0)
    }

    /// The binding of a resource (its main binding, or its counter).
    pub(crate) fn binding_of(&self, g: GlobalId, counter: bool) -> Option<naga::ResourceBinding> {
        self.bindings
            .iter()
            .find(|b| b.global == g && (b.kind == BindingKind::Counter) == counter)
            .map(|b| naga::ResourceBinding { group: b.group, binding: b.binding })
    }

    fn binding_kind(&self, g: GlobalId) -> Option<BindingKind> {
        let mut ty = self.tir.global(g).ty;
        while let TypeInner::Array { base, .. } = *self.tys.get(ty) {
            ty = base;
        }
        Some(match *self.tys.get(ty) {
            TypeInner::Sampler { comparison } => BindingKind::Sampler { comparison },
            TypeInner::Resource(r) => match r {
                Resource::ConstantBuffer { .. } => BindingKind::UniformBuffer,
                Resource::TextureBuffer { .. } => BindingKind::StorageBuffer { read_only: true },
                Resource::ByteAddressBuffer { access } | Resource::TypedBuffer { access, .. } => {
                    BindingKind::StorageBuffer { read_only: access == Access::ReadOnly && !self.atomic_globals.contains(&g) }
                }
                Resource::StructuredBuffer { kind, .. } => {
                    BindingKind::StorageBuffer { read_only: kind == StructuredKind::ReadOnly && !self.atomic_globals.contains(&g) }
                }
                Resource::Texture { access: Access::ReadOnly, .. } => BindingKind::SampledTexture,
                Resource::Texture { access: Access::ReadWrite, .. } => BindingKind::StorageTexture { read_only: false },
                Resource::FeedbackTexture { .. } => BindingKind::StorageBuffer { read_only: false },
                Resource::AccelerationStructure => return None,
            },
            _ => return None,
        })
    }

    /// Append/consume buffers, and RW structured buffers whose counter is used.
    pub(crate) fn needs_counter(&self, g: GlobalId) -> bool {
        match *self.tys.get(self.tir.global(g).ty) {
            TypeInner::Resource(Resource::StructuredBuffer { kind: StructuredKind::Append | StructuredKind::Consume, .. }) => true,
            TypeInner::Resource(Resource::StructuredBuffer { kind: StructuredKind::ReadWrite, .. }) => self.counter_globals_contains(g),
            _ => false,
        }
    }

    fn counter_globals_contains(&self, g: GlobalId) -> bool {
        let mut found = false;
        for f in self.functions_in_tir() {
            super::walk_function(f, &mut |e| {
                if let crate::tir::ExprKind::Method { object, method, .. } = &e.kind {
                    if matches!(method, crate::tir::Method::IncrementCounter | crate::tir::Method::DecrementCounter) && super::root_global(object) == Some(g) {
                        found = true;
                    }
                }
            });
        }
        found
    }

    fn functions_in_tir(&self) -> impl Iterator<Item = &crate::tir::Function> {
        self.tir.functions.iter()
    }
}

fn global_register(g: &crate::tir::Global) -> Option<Register> {
    match &g.kind {
        GlobalKind::Resource { binding } => binding.register,
        _ => None,
    }
}
