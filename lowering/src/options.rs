//! Options that change the meaning of a program (language version, profile, flags).

use crate::tir::Stage;

/// The output target; some features depend on it (what naga's WGSL writer can express).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Target {
    /// WGSL in the dialect wgpu (naga) accepts.
    #[default]
    Wgsl,
    /// SPIR-V for Vulkan.
    SpirV,
}

/// How HLSL registers become (group, binding) pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum BindingPolicy {
    /// Register index plus a fixed offset per register class (`b` 0, `t` 250, `s` 500,
    /// `u` 750): `t0`, `s0`, `b0` and `u0` never collide, and a resource's binding never
    /// depends on the other resources. The default.
    #[default]
    ClassShift,
    /// DXC's `-spirv` numbering: the register index, whatever the class (`t0` and `s0` collide,
    /// which is reported as an error).
    Dxc,
}

/// The first binding of each register class under [`BindingPolicy::ClassShift`].
pub const CLASS_SHIFT: [(crate::tir::RegisterClass, u32); 4] = [
    (crate::tir::RegisterClass::B, 0),
    (crate::tir::RegisterClass::T, 250),
    (crate::tir::RegisterClass::S, 500),
    (crate::tir::RegisterClass::U, 750),
];

/// A parsed `-T` profile such as `ps_6_0`, `cs_6_7` or `lib_6_3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Profile {
    /// `None` for `lib_*` profiles (entries chosen by `[shader("…")]`).
    pub stage: Option<Stage>,
    pub major: u32,
    pub minor: u32,
}

impl Profile {
    /// Parses `vs_6_0`, `ps_5_1`, `cs_6_7`, `lib_6_3`, `ms_6_5` …
    pub fn parse(text: &str) -> Option<Profile> {
        let mut parts = text.split('_');
        let stage = match parts.next()? {
            "vs" => Some(Stage::Vertex),
            "ps" => Some(Stage::Pixel),
            "cs" => Some(Stage::Compute),
            "gs" => Some(Stage::Geometry),
            "hs" => Some(Stage::Hull),
            "ds" => Some(Stage::Domain),
            "ms" => Some(Stage::Mesh),
            "as" => Some(Stage::Amplification),
            "lib" => None,
            _ => return None,
        };
        let major = parts.next()?.parse().ok()?;
        let minor_text = parts.next()?;
        let minor = if minor_text == "x" { 0 } else { minor_text.parse().ok()? };
        if parts.next().is_some() {
            return None;
        }
        Some(Profile { stage, major, minor })
    }

    /// At least shader model `major.minor`.
    pub fn at_least(&self, major: u32, minor: u32) -> bool {
        (self.major, self.minor) >= (major, minor)
    }
}

/// Options of semantic analysis and lowering.
#[derive(Clone, Debug)]
pub struct Options {
    /// `-HV`: 2016, 2018 or 2021.
    pub hlsl_version: u32,
    /// `-T`; `None` compiles every `[shader("…")]` entry (like `lib_6_x`) or, without any,
    /// reports that a profile is needed.
    pub profile: Option<Profile>,
    /// `-E` (default `main`).
    pub entry_point: String,
    /// `-enable-16bit-types`: `half` and `min16*` become 16-bit, `int16_t` … exist.
    pub enable_16bit_types: bool,
    /// `-Zpr`: matrices default to row-major in memory.
    pub default_row_major: bool,
    /// `-Gec`: backwards-compatibility mode.
    pub backwards_compatibility: bool,
    /// `-Gis`: IEEE strictness (everything `precise`).
    pub ieee_strict: bool,
    pub target: Target,
    pub binding_policy: BindingPolicy,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hlsl_version: 2021,
            profile: None,
            entry_point: "main".to_string(),
            enable_16bit_types: false,
            default_row_major: false,
            backwards_compatibility: false,
            ieee_strict: false,
            target: Target::Wgsl,
            binding_policy: BindingPolicy::ClassShift,
        }
    }
}
