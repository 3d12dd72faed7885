//! Binding assignment: HLSL registers → (group, binding).
//!
//! Two numberings are computed for every used resource:
//!
//! 1. **HLSL registers**, as DXC assigns them for DXIL: a resource keeps its `register(xN,
//!    spaceM)`; a resource without one gets, in declaration order (`$Globals` first), the
//!    lowest range of its class (`b`, `t`, `u`, `s`) in its space that no other resource
//!    occupies (arrays take one register per element). Only *used* resources reserve their
//!    registers, unless `-flegacy-resource-reservation` (FXC ≤ SM 5.0) keeps the explicit
//!    registers of unused resources reserved too. Reflection reports these registers.
//! 2. **Vulkan/WebGPU bindings**, in DXC's three passes: `[[vk::binding(b, s)]]` (and
//!    `-fvk-bind-register`, `-fvk-bind-globals`) first; then `register(xN, spaceM)` gives
//!    group `M`, binding `N + shift(x, M)`; then resources without a register. What the shift
//!    is and where register-less resources go depends on the [`BindingPolicy`]:
//!    - `ClassShift` (the default): shifts `b` 0, `t` 250, `s` 500, `u` 750 (each replaced
//!      by a `-fvk-x-shift` given for that class), and register-less resources use the register
//!      assigned in step 1, so `t0`, `s0`, `b0` and `u0` never collide and a resource's binding
//!      does not move when unrelated resources are added or removed;
//!    - `Dxc`: shifts are `-fvk-x-shift` (default 0), register-less resources take the next
//!      free binding of their group in declaration order, as DXC's `-spirv` does (from their
//!      class's shift with `-fvk-auto-shift-bindings`);
//!    - `Compact`: `ClassShift`, then every group renumbered densely from 0 in binding order.
//!
//! Hidden bindings come last: the counter of an append/consume/counter buffer goes to
//! `[[vk::counter_binding(b)]]`, else (class shift) binding `1000 + u-register`, else (DXC) the
//! next free binding; the parameter block of a sampler-feedback map or of an `RWTexture2DMS`
//! lowered to a buffer (its dimensions) goes to `1000 + u-register` too (no resource has both),
//! else the next free one. A `[[vk::combinedImageSampler]]` texture and sampler sharing one
//! `[[vk::binding]]` cannot share in WGSL: the texture keeps it and the sampler moves to its
//! register-derived binding (class shift) or the next free one (DXC); reflection names the pair.
//! Any two resources that end on one binding are an error naming both declarations.

use super::{BindingAlias, Lowerer};
use crate::options::{BindingPolicy, CLASS_SHIFT};
use crate::tir::{GlobalId, GlobalKind, Register, RegisterClass};
use crate::ty::{Access, Resource, StructuredKind, TypeInner};
use std::collections::HashMap;

/// What kind of binding a resource needs (for pipeline layouts and reflection).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BindingKind {
    UniformBuffer,
    StorageBuffer { read_only: bool },
    SampledTexture,
    /// A Vulkan combined image sampler (`vk::SampledTexture2D` …; SPIR-V only).
    CombinedImageSampler,
    StorageTexture { read_only: bool },
    Sampler { comparison: bool },
    /// A counter hlslc added for an append/consume/counter structured buffer.
    Counter,
    /// A uniform buffer hlslc added with a resource's dimensions (sampler-feedback maps,
    /// `RWTexture2DMS` lowered to buffers).
    Parameters,
    /// A `RaytracingAccelerationStructure`.
    AccelerationStructure,
    /// A Vulkan input attachment (`SubpassInput`; SPIR-V only).
    InputAttachment,
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
    /// The HLSL register the resource occupies (class, index, space): declared, or assigned in
    /// DXC's order; `None` for hidden bindings.
    pub hlsl_register: Option<(RegisterClass, u32, u32)>,
    /// Elements of a resource array (`Some(0)`: unbounded); `None` for a single resource.
    pub array_size: Option<u32>,
    /// Added by hlslc (not declared in the source).
    pub hidden: bool,
    /// The other half of a `[[vk::combinedImageSampler]]` pair.
    pub combined_with: Option<String>,
}

/// The default first binding of a register class under [`BindingPolicy::ClassShift`].
fn default_shift(class: RegisterClass) -> u32 {
    CLASS_SHIFT.iter().find(|(c, _)| *c == class).map(|(_, s)| *s).unwrap_or(0)
}

/// Where hidden counters start under the class-shift policies.
const COUNTER_BASE: u32 = 1000;

/// Where hidden parameter blocks start under the class-shift policies: with the counters, as
/// no resource has both (a counter belongs to a structured buffer, a parameter block to a
/// feedback map or a buffer-backed `RWTexture2DMS`), so `1000 + N` stays within the binding
/// limit Vulkan devices report to wgpu (1024 on lavapipe) for `uN` below 24.
const PARAMETERS_BASE: u32 = COUNTER_BASE;

/// Where the stand-in bindings of a descriptor heap's further binding arrays start (SPIR-V
/// only; rewritten to the heap's binding after naga).
const HEAP_ALIAS_BASE: u32 = 1 << 20;

/// Where the stand-in bindings of combined image samplers' hidden samplers start (SPIR-V only;
/// removed after naga).
const COMBINED_SAMPLER_BASE: u32 = 1 << 21;

/// A resource being placed.
struct Item {
    g: GlobalId,
    kind: BindingKind,
    class: RegisterClass,
    /// Elements (`None`: unbounded array).
    count: Option<u32>,
    array_size: Option<u32>,
    declared: Option<Register>,
    hlsl: Option<(RegisterClass, u32, u32)>,
    /// One of a descriptor heap's binding arrays: no register, the heap's binding.
    heap: Option<crate::tir::DescriptorHeap>,
}

impl Lowerer<'_> {
    /// Assigns HLSL registers and bindings to every used resource global.
    pub(crate) fn assign_bindings(&mut self, used: &[GlobalId]) {
        let legacy = self.options.bindings.legacy_resource_reservation;
        // Every resource global, in declaration order, with its class and size.
        let mut items: Vec<Item> = Vec::new();
        let mut used_flags = Vec::new();
        for (i, global) in self.tir.globals.iter().enumerate() {
            let g = GlobalId(i as u32);
            let GlobalKind::Resource { binding } = &global.kind else { continue };
            if binding.push_constant || binding.shader_record {
                continue;
            }
            let Some(kind) = self.binding_kind(g) else { continue };
            let (count, array_size) = match *self.tys.get(global.ty) {
                TypeInner::Array { size: Some(n), .. } => (Some(n.max(1)), Some(n)),
                TypeInner::Array { size: None, .. } => (None, Some(0)),
                _ => (Some(1), None),
            };
            // Legacy reservation keeps each register range of every declared resource, which
            // an unbounded array does not have (DXC's rule, used or not).
            if legacy && count.is_none() {
                let (name, span) = (global.name.clone(), global.span);
                self.error("E0753", span, format!("the unbounded resource array `{name}` cannot be declared with `-flegacy-resource-reservation`"))
                    .help("give the array a size, or compile without `-flegacy-resource-reservation`");
            }
            let declared = binding.register.filter(|r| r.class != RegisterClass::C);
            let class = match declared {
                Some(r) if r.index != u32::MAX => r.class,
                _ => class_of(kind, &self.tys, global.ty),
            };
            used_flags.push(used.contains(&g));
            items.push(Item { g, kind, class, count, array_size, declared, hlsl: None, heap: binding.heap });
        }

        // 1. HLSL registers. An unbounded array reserves one register here: in D3D it would
        // take every register after its first, but it is one binding in Vulkan and WebGPU,
        // so later implicitly placed resources take the next ones (as DXC's SPIR-V path
        // numbers them), instead of running past the end of the register space.
        let mut reserved: Vec<(RegisterClass, u32, u32, u64)> = Vec::new();
        for (it, &is_used) in items.iter_mut().zip(&used_flags) {
            if let Some(r) = it.declared.filter(|r| r.index != u32::MAX) {
                it.hlsl = Some((r.class, r.index, r.space));
                if is_used || legacy {
                    reserved.push((r.class, r.space, r.index, (r.index as u64).saturating_add(it.count.map_or(1, u64::from))));
                }
            }
        }
        let globals_first: Vec<usize> = {
            let mut order: Vec<usize> = (0..items.len()).collect();
            order.sort_by_key(|&i| (self.tir.global(items[i].g).name != "$Globals", i));
            order
        };
        for i in globals_first {
            if !used_flags[i] || items[i].hlsl.is_some() || items[i].heap.is_some() {
                continue;
            }
            let class = items[i].class;
            let space = items[i].declared.map_or(self.options.bindings.default_space, |r| r.space);
            let len = items[i].count.map_or(1, u64::from);
            let mut lo = 0u64;
            loop {
                let hit = reserved.iter().filter(|r| r.0 == class && r.1 == space && (r.2 as u64) < lo.saturating_add(len) && lo < r.3).map(|r| r.3).max();
                match hit {
                    Some(end) => lo = end,
                    None => break,
                }
            }
            let lo = lo.min(u32::MAX as u64 - 1) as u32;
            reserved.push((class, space, lo, (lo as u64).saturating_add(len)));
            items[i].hlsl = Some((class, lo, space));
        }
        if !self.options.bindings.bind_register.is_empty() {
            self.check_bind_register(&items);
        }
        self.check_combined_pairs(&items, &used_flags);
        items = items.into_iter().zip(used_flags).filter(|(_, u)| *u).map(|(it, _)| it).collect();

        // 2. Bindings.
        let policy = self.options.binding_policy;
        let mut taken: HashMap<(u32, u32), GlobalId> = HashMap::new();
        let mut slot: Vec<Option<(u32, u32)>> = vec![None; items.len()];
        let mut combined_with: Vec<Option<String>> = vec![None; items.len()];
        // Combined image samplers: a sampler sharing its `vk::binding` with a combined texture.
        let mut deferred_samplers = Vec::new();
        let mut collided = vec![false; items.len()];
        let mut vk_aliases: Vec<usize> = Vec::new();
        for (i, it) in items.iter().enumerate() {
            let global = self.tir.global(it.g);
            let GlobalKind::Resource { binding } = &global.kind else { continue };
            if let (true, Some(vk), BindingKind::Sampler { .. }) = (binding.combined_image_sampler, binding.vk_binding, it.kind) {
                let partner = items.iter().find(|o| {
                    let GlobalKind::Resource { binding: ob } = &self.tir.global(o.g).kind else { return false };
                    ob.combined_image_sampler && ob.vk_binding == Some(vk) && matches!(o.kind, BindingKind::SampledTexture | BindingKind::StorageTexture { .. })
                });
                if let Some(p) = partner {
                    let pname = self.tir.global(p.g).name.clone();
                    combined_with[i] = Some(pname);
                    deferred_samplers.push(i);
                    continue;
                }
            }
            let explicit = if let Some((b, s)) = binding.vk_binding {
                Some((s, b))
            } else if let Some(&(_, _, _, b, s)) = it
                .declared
                .and_then(|r| self.options.bindings.bind_register.iter().find(|x| x.0 == r.class && x.1 == r.index && x.2 == r.space))
            {
                Some((s, b))
            } else if let (Some((b, s)), "$Globals") = (self.options.bindings.bind_globals, global.name.as_str()) {
                Some((s, b))
            } else {
                it.declared.filter(|r| r.index != u32::MAX).map(|r| (r.space, r.index.saturating_add(self.shift(r.class, r.space))))
            };
            if let Some(s) = explicit {
                if let Some(&other) = taken.get(&s) {
                    // Two `[[vk::binding]]`s naming one binding alias one descriptor, as DXC
                    // keeps them (a texture and a sampler on one combined-image-sampler
                    // binding, buffers of several types on one bindless binding). SPIR-V can
                    // say so; WGSL bindings hold one resource each.
                    let other_vk = matches!(&self.tir.global(other).kind, GlobalKind::Resource { binding: ob } if ob.vk_binding.is_some());
                    if binding.vk_binding.is_some() && other_vk && self.options.target == crate::options::Target::SpirV {
                        slot[i] = Some(s);
                        vk_aliases.push(i);
                        continue;
                    }
                    self.collision(it.g, other, s);
                    collided[i] = true;
                    continue;
                }
                taken.insert(s, it.g);
                slot[i] = Some(s);
                // `-fspv-flatten-resource-arrays`: the elements after the first take the next
                // bindings (overlapping another resource's, as DXC allows).
                for k in 1..self.flattened_elements(it) {
                    taken.entry((s.0, s.1.saturating_add(k))).or_insert(it.g);
                }
            }
        }
        for (i, it) in items.iter().enumerate() {
            if slot[i].is_some() || deferred_samplers.contains(&i) || collided[i] || it.heap.is_some() {
                continue;
            }
            let space = it.declared.map_or(self.options.bindings.default_space, |r| r.space);
            let start = match (policy, it.hlsl) {
                // `-fvk-auto-shift-bindings`: from the shift of the class the type implies (DXC
                // infers none for acceleration structures and subpass inputs).
                (BindingPolicy::Dxc, _) if self.options.bindings.auto_shift_bindings && !matches!(it.kind, BindingKind::AccelerationStructure | BindingKind::InputAttachment) => self.shift(it.class, space),
                (BindingPolicy::Dxc, _) | (_, None) => 0,
                (_, Some((class, index, sp))) => index.saturating_add(self.shift(class, sp)),
            };
            let n = self.flattened_elements(it);
            let b = next_free_range(&taken, space, start, n);
            for k in 0..n {
                taken.insert((space, b + k), it.g);
            }
            slot[i] = Some((space, b));
        }
        for &i in &deferred_samplers {
            let it = &items[i];
            let space = it.declared.map_or(self.options.bindings.default_space, |r| r.space);
            let start = match (policy, it.hlsl) {
                (BindingPolicy::Dxc, _) | (_, None) => 0,
                (_, Some((class, index, sp))) => index.saturating_add(self.shift(class, sp)),
            };
            let b = next_free(&taken, space, start);
            taken.insert((space, b), it.g);
            slot[i] = Some((space, b));
            // The texture's side of the pair.
            let name = self.tir.global(it.g).name.clone();
            if let Some(partner) = &combined_with[i] {
                if let Some(k) = items.iter().position(|o| &self.tir.global(o.g).name == partner) {
                    combined_with[k] = Some(name);
                }
            }
        }
        self.heap_bindings(&items, &mut slot, &mut taken);
        // naga sees a stand-in binding for each aliasing variable; the SPIR-V pass
        // `binding_alias` gives it back the shared one.
        for &i in &vk_aliases {
            let Some((group, b)) = slot[i] else { continue };
            let placeholder = next_free(&taken, group, HEAP_ALIAS_BASE);
            taken.insert((group, placeholder), items[i].g);
            self.binding_aliases.push(BindingAlias { global: Some(items[i].g), stand_in: naga::ResourceBinding { group, binding: placeholder }, binding: naga::ResourceBinding { group, binding: b } });
        }
        for (i, it) in items.iter().enumerate() {
            let Some((group, binding)) = slot[i] else { continue };
            let global = self.tir.global(it.g);
            self.bindings.push(BindingInfo {
                global: it.g,
                name: global.name.clone(),
                kind: it.kind,
                group,
                binding,
                register: it.declared,
                hlsl_register: it.hlsl,
                array_size: it.array_size,
                hidden: false,
                combined_with: combined_with[i].clone(),
            });
        }

        // 3. Counters of append/consume/counter buffers.
        let mut counters = Vec::new();
        for it in &items {
            if !self.needs_counter(it.g) {
                continue;
            }
            let global = self.tir.global(it.g);
            let Some(main) = self.bindings.iter().find(|x| x.global == it.g) else { continue };
            let group = main.group;
            let explicit = match &global.kind {
                GlobalKind::Resource { binding } => binding.vk_counter_binding,
                _ => None,
            };
            let b = match explicit {
                Some(b) => {
                    if let Some(&other) = taken.get(&(group, b)) {
                        self.collision(it.g, other, (group, b));
                        continue;
                    }
                    b
                }
                None => {
                    let start = match (policy, it.hlsl) {
                        (BindingPolicy::Dxc, _) | (_, None) => 0,
                        (_, Some((_, index, _))) => COUNTER_BASE.saturating_add(index),
                    };
                    next_free(&taken, group, start)
                }
            };
            taken.insert((group, b), it.g);
            counters.push(BindingInfo {
                global: it.g,
                name: format!("{}.counter", global.name),
                kind: BindingKind::Counter,
                group,
                binding: b,
                register: None,
                hlsl_register: None,
                // An array of buffers has an array of counters, one per element.
                array_size: it.array_size,
                hidden: true,
                combined_with: None,
            });
        }
        self.bindings.extend(counters);

        // 3b. Parameter blocks (a resource's dimensions for its emulation), like counters.
        let mut parameters = Vec::new();
        for it in &items {
            if !self.needs_parameters(it.g) {
                continue;
            }
            let Some(main) = self.bindings.iter().find(|x| x.global == it.g) else { continue };
            let group = main.group;
            let start = match (policy, it.hlsl) {
                (BindingPolicy::Dxc, _) | (_, None) => 0,
                (_, Some((_, index, _))) => PARAMETERS_BASE.saturating_add(index),
            };
            let b = next_free(&taken, group, start);
            taken.insert((group, b), it.g);
            let global = self.tir.global(it.g);
            parameters.push(BindingInfo {
                global: it.g,
                name: format!("{}.params", global.name),
                kind: BindingKind::Parameters,
                group,
                binding: b,
                register: None,
                hlsl_register: None,
                array_size: None,
                hidden: true,
                combined_with: None,
            });
        }
        self.bindings.extend(parameters);

        // 4. Compact: dense per group, in binding order.
        if policy == BindingPolicy::Compact {
            let mut groups: HashMap<u32, Vec<u32>> = HashMap::new();
            for b in &self.bindings {
                groups.entry(b.group).or_default().push(b.binding);
            }
            for list in groups.values_mut() {
                list.sort_unstable();
            }
            for b in &mut self.bindings {
                if let Some(list) = groups.get(&b.group) {
                    b.binding = list.iter().position(|&x| x == b.binding).unwrap_or(0) as u32;
                }
            }
        }
    }

    /// Reports two resources on one binding.
    fn collision(&mut self, g: GlobalId, other: GlobalId, (group, binding): (u32, u32)) {
        let global = self.tir.global(g);
        let (name, span) = (global.name.clone(), global.span);
        let o = self.tir.global(other);
        let (other_name, other_span) = (o.name.clone(), o.span);
        let both_vk = [g, other].iter().all(|&x| matches!(&self.tir.global(x).kind, GlobalKind::Resource { binding } if binding.vk_binding.is_some()));
        let help = if both_vk {
            "WGSL gives each binding one resource: give one of them another `[[vk::binding(b, s)]]`, or target SPIR-V, where they alias one descriptor as in DXC"
        } else if self.options.binding_policy == BindingPolicy::Dxc {
            "give one of them a different register or a `[[vk::binding(b, s)]]`, or use `--binding-policy class-shift`, which separates the register classes"
        } else {
            "give one of them a different register or `[[vk::binding(b, s)]]`"
        };
        self.error("E0704", span, format!("`{name}` and `{other_name}` both use binding {binding} of group {group}"))
            .related(other_span, format!("`{other_name}` declared here"))
            .help(help);
    }

    /// `[[vk::combinedImageSampler]]` pairs a texture and a sampler on one descriptor: the two
    /// share a `[[vk::binding]]`, or without one, a register number and space (`t1` with
    /// `s1`, as DXC's SPIR-V back end pairs them). A used one without its other half — none
    /// declared, or one without the attribute — is an error (DXC's "Texture or Sampler with
    /// [[vk::combinedImageSampler]] attribute is missing"), not an attribute silently dropped.
    fn check_combined_pairs(&mut self, items: &[Item], used: &[bool]) {
        let key = |lw: &Self, it: &Item| -> Option<(bool, u32, u32)> {
            let GlobalKind::Resource { binding } = &lw.tir.global(it.g).kind else { return None };
            if !binding.combined_image_sampler {
                return None;
            }
            if let Some((b, s)) = binding.vk_binding {
                return Some((true, b, s));
            }
            it.declared.filter(|r| r.index != u32::MAX).map(|r| (false, r.index, r.space))
        };
        let is_sampler = |it: &Item| matches!(it.kind, BindingKind::Sampler { .. });
        let is_texture = |it: &Item| matches!(it.kind, BindingKind::SampledTexture | BindingKind::StorageTexture { .. });
        for (i, it) in items.iter().enumerate() {
            if !used[i] || !(is_sampler(it) || is_texture(it)) {
                continue;
            }
            let GlobalKind::Resource { binding } = &self.tir.global(it.g).kind else { continue };
            if !binding.combined_image_sampler {
                continue;
            }
            let k = key(self, it);
            let paired = k.is_some() && items.iter().any(|o| (if is_sampler(it) { is_texture(o) } else { is_sampler(o) }) && key(self, o) == k);
            if paired {
                continue;
            }
            let missing = if is_sampler(it) { "texture" } else { "sampler" };
            let global = self.tir.global(it.g);
            let (name, span) = (global.name.clone(), global.span);
            let place = match k {
                Some((true, b, s)) => format!("binding {b} of set {s}"),
                Some((false, r, s)) => format!("register {r} of space {s}"),
                None => "it has neither a `[[vk::binding]]` nor a register".to_string(),
            };
            self.error("E0752", span, format!("`{name}` is declared `[[vk::combinedImageSampler]]`, but no {missing} with the attribute shares its binding ({place})"))
                .help(format!("declare a {missing} with `[[vk::combinedImageSampler]]` on the same binding or register number, or remove the attribute"));
        }
    }

    /// How many bindings a resource takes: one, or with `-fspv-flatten-resource-arrays` (for
    /// SPIR-V) one per element of an array of known size.
    fn flattened_elements(&self, it: &Item) -> u32 {
        let flatten = self.options.flatten_resource_arrays && self.options.target == crate::options::Target::SpirV;
        match (flatten, it.array_size) {
            (true, Some(n)) if n > 0 => n,
            _ => 1,
        }
    }

    /// The binding shift of a register class in a space under the current policy.
    fn shift(&self, class: RegisterClass, space: u32) -> u32 {
        let shifts = &self.options.bindings.shifts;
        let user = shifts
            .iter()
            .rev()
            .find(|(c, s, _)| *c == class && *s == Some(space))
            .or_else(|| shifts.iter().rev().find(|(c, s, _)| *c == class && s.is_none()))
            .map(|x| x.2);
        match self.options.binding_policy {
            BindingPolicy::Dxc => user.unwrap_or(0),
            BindingPolicy::ClassShift | BindingPolicy::Compact => user.unwrap_or_else(|| default_shift(class)),
        }
    }

    /// The binding of a resource (its main binding, or its counter).
    pub(crate) fn binding_of(&self, g: GlobalId, counter: bool) -> Option<naga::ResourceBinding> {
        if let Some(alias) = self.binding_aliases.iter().find(|a| a.global == Some(g) && !counter) {
            return Some(alias.stand_in);
        }
        self.bindings
            .iter()
            .find(|b| b.global == g && b.kind != BindingKind::Parameters && (b.kind == BindingKind::Counter) == counter)
            .map(|b| naga::ResourceBinding { group: b.group, binding: b.binding })
    }

    /// The stand-in binding naga sees for the hidden sampler of a combined image sampler
    /// (`tir::DeclaredBinding::sampler_of`): in the texture's group, far above any real
    /// binding; the SPIR-V pass `combined_image_sampler` removes the variable.
    pub(crate) fn combined_sampler_binding(&self, texture: GlobalId, comparison: bool) -> Option<naga::ResourceBinding> {
        let b = self.binding_of(texture, false)?;
        Some(naga::ResourceBinding { group: b.group, binding: COMBINED_SAMPLER_BASE.saturating_add(b.binding.saturating_mul(2)).saturating_add(u32::from(comparison)) })
    }

    /// The binding of a resource's parameter block.
    pub(crate) fn parameters_binding_of(&self, g: GlobalId) -> Option<naga::ResourceBinding> {
        self.bindings.iter().find(|b| b.global == g && b.kind == BindingKind::Parameters).map(|b| naga::ResourceBinding { group: b.group, binding: b.binding })
    }

    /// Resources emulated with a hidden block of their dimensions: sampler-feedback maps, and
    /// writable multisampled textures lowered to buffers.
    pub(crate) fn needs_parameters(&self, g: GlobalId) -> bool {
        match *self.tys.get(self.tir.global(g).ty) {
            TypeInner::Resource(Resource::FeedbackTexture { .. }) => true,
            TypeInner::Resource(Resource::Texture { access: Access::ReadWrite, dim, .. }) => dim.is_multisampled() && self.options.rwtexture_ms_buffer.is_some(),
            _ => false,
        }
    }

    fn binding_kind(&self, g: GlobalId) -> Option<BindingKind> {
        let mut ty = self.tir.global(g).ty;
        let arrayed = matches!(self.tys.get(ty), TypeInner::Array { .. });
        while let TypeInner::Array { base, .. } = *self.tys.get(ty) {
            ty = base;
        }
        // The hidden sampler of a combined image sampler shares the texture's descriptor.
        if matches!(&self.tir.global(g).kind, GlobalKind::Resource { binding } if binding.sampler_of.is_some()) {
            return None;
        }
        Some(match *self.tys.get(ty) {
            TypeInner::Sampler { comparison } => BindingKind::Sampler { comparison },
            TypeInner::Resource(r) => match r {
                // wgpu cannot bind arrays of uniform buffers (see `globals`).
                Resource::ConstantBuffer { .. } if arrayed => BindingKind::StorageBuffer { read_only: true },
                Resource::ConstantBuffer { .. } => BindingKind::UniformBuffer,
                Resource::TextureBuffer { .. } => BindingKind::StorageBuffer { read_only: true },
                Resource::ByteAddressBuffer { access } | Resource::TypedBuffer { access, .. } => {
                    BindingKind::StorageBuffer { read_only: access == Access::ReadOnly && !self.atomic_globals.contains(&g) }
                }
                Resource::StructuredBuffer { kind, .. } => {
                    BindingKind::StorageBuffer { read_only: kind == StructuredKind::ReadOnly && !self.atomic_globals.contains(&g) }
                }
                Resource::Texture { combined: true, .. } => BindingKind::CombinedImageSampler,
                Resource::Texture { access: Access::ReadOnly, .. } => BindingKind::SampledTexture,
                Resource::Texture { access: Access::ReadWrite, dim, .. } if dim.is_multisampled() && self.options.rwtexture_ms_buffer.is_some() => {
                    BindingKind::StorageBuffer { read_only: false }
                }
                Resource::Texture { access: Access::ReadWrite, .. } => BindingKind::StorageTexture { read_only: false },
                Resource::FeedbackTexture { .. } => BindingKind::StorageBuffer { read_only: false },
                Resource::AccelerationStructure => BindingKind::AccelerationStructure,
                Resource::SubpassInput { .. } => BindingKind::InputAttachment,
            },
            _ => return None,
        })
    }

    /// `-fvk-bind-register` places every resource by its register, so, as in DXC, every
    /// declared resource (used or not: DXC checks the command line, not the program's use)
    /// needs a way to its binding: a `register(…)` the flags list (or a `[[vk::binding]]`,
    /// which hlslc honours first), `-fvk-bind-globals` for `$Globals`, `-fvk-bind-resource-heap`
    /// / `-fvk-bind-sampler-heap` for the descriptor heaps, and a `[[vk::counter_binding]]` for
    /// a counter (DXC cannot place one under these flags). E0661 for each that has none.
    fn check_bind_register(&mut self, items: &[Item]) {
        use crate::tir::DescriptorHeap;
        let opts = self.options.bindings.clone();
        for it in items {
            let global = self.tir.global(it.g);
            let GlobalKind::Resource { binding } = &global.kind else { continue };
            let (name, mut span, vk_binding, vk_counter) = (global.name.clone(), global.span, binding.vk_binding, binding.vk_counter_binding);
            let (message, help) = if let Some(heap) = it.heap {
                let flag = match heap {
                    DescriptorHeap::Resource if opts.resource_heap.is_none() => "-fvk-bind-resource-heap",
                    DescriptorHeap::Sampler if opts.sampler_heap.is_none() => "-fvk-bind-sampler-heap",
                    _ => continue,
                };
                (format!("`{flag}` is required when using `-fvk-bind-register` (`{}` is used)", heap.name()), format!("add `{flag} BINDING SET`"))
            } else if let Some(r) = it.declared.filter(|r| r.index != u32::MAX) {
                if self.needs_counter(it.g) && vk_counter.is_none() && vk_binding.is_none() {
                    (format!("`-fvk-bind-register` cannot place the counter of `{name}`"), "give the buffer `[[vk::binding(B, S)]]` and `[[vk::counter_binding(C)]]`, or drop `-fvk-bind-register`".to_string())
                } else if vk_binding.is_some() || opts.bind_register.iter().any(|x| x.0 == r.class && x.1 == r.index && x.2 == r.space) {
                    continue;
                } else {
                    let reg = format!("{}{}", r.class.letter(), r.index);
                    (format!("missing `-fvk-bind-register` for resource `{name}`"), format!("add `-fvk-bind-register {reg} {} BINDING SET`", r.space))
                }
            } else if vk_binding.is_some() {
                continue;
            } else if name == "$Globals" {
                if opts.bind_globals.is_some() {
                    continue;
                }
                // `$Globals` has no declaration: the first global it holds stands for it.
                span = self.globals_first_member_span(it.g).unwrap_or(span);
                ("`-fvk-bind-register` requires the `$Globals` buffer to be bound with `-fvk-bind-globals`".to_string(), "add `-fvk-bind-globals BINDING SET`".to_string())
            } else {
                (format!("`-fvk-bind-register` requires register annotations on all resources, and `{name}` has none"), "give the resource a `register(…)` and a `-fvk-bind-register` for it".to_string())
            };
            self.error("E0661", span, message).help(help);
        }
    }

    /// The declaration of the first member of a constant buffer (`$Globals`).
    fn globals_first_member_span(&self, g: GlobalId) -> Option<hlslc_grammar::Span> {
        let TypeInner::Resource(Resource::ConstantBuffer { element }) = *self.tys.get(self.tir.global(g).ty) else { return None };
        let TypeInner::Struct(st) = *self.tys.get(element) else { return None };
        self.tir.struct_def(st).fields.first().map(|f| f.span)
    }

    /// Descriptor heaps, as DXC maps them for SPIR-V: after the other resources, the resource
    /// heap takes the first free binding of group 0 and the sampler heap the next (or where
    /// `-fvk-bind-resource-heap` / `-fvk-bind-sampler-heap` put them); every
    /// binding array of one heap (one per resource type taken from it) shares the heap's
    /// binding, and for SPIR-V the two heaps may share one binding given by both flags. WGSL
    /// (and wgpu's bind group layouts) give a binding one type: there the heap's arrays are one
    /// WGSL variable when their WGSL types agree (`Texture2D<float>` and `Texture2D<float4>`
    /// are both `texture_2d<f32>`; structured and byte-address buffers read as words are one
    /// `array<u32>`), and E0804 otherwise (`globals.rs`, `heap_global`, where the types are
    /// known).
    fn heap_bindings(&mut self, items: &[Item], slot: &mut [Option<(u32, u32)>], taken: &mut HashMap<(u32, u32), GlobalId>) {
        use crate::tir::DescriptorHeap;
        for heap in [DescriptorHeap::Resource, DescriptorHeap::Sampler] {
            let members: Vec<usize> = (0..items.len()).filter(|&i| items[i].heap == Some(heap)).collect();
            let Some(&first) = members.first() else { continue };
            let fixed = match heap {
                DescriptorHeap::Resource => self.options.bindings.resource_heap,
                DescriptorHeap::Sampler => self.options.bindings.sampler_heap,
            };
            let (group, b) = match fixed {
                Some((b, s)) => (s, b),
                None => (0, next_free(taken, 0, 0)),
            };
            // Both heaps placed on one binding by their flags: DXC's SPIR-V decorates every
            // array of both with it (a host binds mutable descriptors there), so they alias.
            let mut shares_other_heap = false;
            if let Some(&other) = taken.get(&(group, b)) {
                let other_heap = items.iter().any(|it| it.g == other && it.heap.is_some_and(|h| h != heap));
                if fixed.is_some() && other_heap && self.options.target == crate::options::Target::SpirV {
                    shares_other_heap = true;
                } else {
                    self.collision(items[first].g, other, (group, b));
                    continue;
                }
            } else {
                taken.insert((group, b), items[first].g);
            }
            for &i in &members {
                slot[i] = Some((group, b));
            }
            // naga sees distinct bindings; the SPIR-V pass `binding_alias` gives them back
            // the heap's. WGSL's arrays share the heap's binding as one variable.
            if self.options.target == crate::options::Target::Wgsl {
                continue;
            }
            let aliased = if shares_other_heap { &members[..] } else { &members[1..] };
            for &i in aliased {
                let placeholder = next_free(taken, group, HEAP_ALIAS_BASE);
                taken.insert((group, placeholder), items[i].g);
                let binding = |b| naga::ResourceBinding { group, binding: b };
                self.binding_aliases.push(BindingAlias { global: Some(items[i].g), stand_in: binding(placeholder), binding: binding(b) });
            }
        }
    }

    /// Append/consume buffers, and RW structured buffers whose counter is used.
    pub(crate) fn needs_counter(&self, g: GlobalId) -> bool {
        let mut ty = self.tir.global(g).ty;
        while let TypeInner::Array { base, .. } = *self.tys.get(ty) {
            ty = base;
        }
        match *self.tys.get(ty) {
            TypeInner::Resource(Resource::StructuredBuffer { kind: StructuredKind::Append | StructuredKind::Consume, .. }) => true,
            TypeInner::Resource(Resource::StructuredBuffer { kind: StructuredKind::ReadWrite, .. }) => self.counter_used(g),
            _ => false,
        }
    }

    fn counter_used(&self, g: GlobalId) -> bool {
        let used = self.counters_used.get_or_init(|| {
            let mut used = rustc_hash::FxHashSet::default();
            let all: Vec<crate::tir::FuncId> = (0..self.tir.functions.len() as u32).map(crate::tir::FuncId).collect();
            self.operations_of(&all, &mut |e| {
                if let crate::tir::ExprKind::Method { object, method: crate::tir::Method::IncrementCounter | crate::tir::Method::DecrementCounter, .. } = &e.kind {
                    used.extend(super::root_global(object));
                }
            });
            used
        });
        used.contains(&g)
    }
}

/// The register class a resource without a register belongs to (SRV `t`, UAV `u`, CBV `b`,
/// sampler `s`), from its type.
fn class_of(kind: BindingKind, tys: &crate::ty::Types, ty: crate::ty::TypeId) -> RegisterClass {
    let mut ty = ty;
    while let TypeInner::Array { base, .. } = *tys.get(ty) {
        ty = base;
    }
    match *tys.get(ty) {
        TypeInner::Sampler { .. } => RegisterClass::S,
        TypeInner::Resource(r) => match r {
            Resource::ConstantBuffer { .. } => RegisterClass::B,
            Resource::TextureBuffer { .. } | Resource::AccelerationStructure | Resource::SubpassInput { .. } => RegisterClass::T,
            Resource::ByteAddressBuffer { access } | Resource::TypedBuffer { access, .. } | Resource::Texture { access, .. } => {
                if access == Access::ReadOnly {
                    RegisterClass::T
                } else {
                    RegisterClass::U
                }
            }
            Resource::StructuredBuffer { kind, .. } => {
                if kind == StructuredKind::ReadOnly {
                    RegisterClass::T
                } else {
                    RegisterClass::U
                }
            }
            Resource::FeedbackTexture { .. } => RegisterClass::U,
        },
        _ => match kind {
            BindingKind::UniformBuffer => RegisterClass::B,
            _ => RegisterClass::T,
        },
    }
}

/// The first binding at or after `start` that is free in `group`.
/// The element type of a resource array global.
pub(super) fn element_of(lw: &Lowerer<'_>, g: GlobalId) -> crate::ty::TypeId {
    match *lw.tys.get(lw.tir.global(g).ty) {
        TypeInner::Array { base, .. } => base,
        _ => lw.tir.global(g).ty,
    }
}

/// The first of `n` consecutive free bindings of `group` from `start`.
fn next_free_range(taken: &HashMap<(u32, u32), GlobalId>, group: u32, start: u32, n: u32) -> u32 {
    let mut b = next_free(taken, group, start);
    while let Some(k) = (1..n).find(|&k| taken.contains_key(&(group, b.saturating_add(k)))) {
        b = next_free(taken, group, b.saturating_add(k));
    }
    b
}

fn next_free(taken: &HashMap<(u32, u32), GlobalId>, group: u32, start: u32) -> u32 {
    let mut b = start;
    while taken.contains_key(&(group, b)) {
        b = b.saturating_add(1);
    }
    b
}
