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

/// `-denorm`: what 32-bit floating-point operations do with denormal values (SM 6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DenormMode {
    /// `any` (the default): the device chooses.
    #[default]
    Any,
    /// `preserve`: denormals are kept (SPIR-V `DenormPreserve 32`).
    Preserve,
    /// `ftz`: denormals are flushed to zero (SPIR-V `DenormFlushToZero 32`).
    FlushToZero,
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
    /// [`BindingPolicy::ClassShift`]'s order, then every group renumbered densely from 0
    /// (what wgpu's Vulkan backend does to the bindings of naga-made SPIR-V, so passthrough
    /// SPIR-V compiled this way matches a pipeline layout built from the reflection).
    Compact,
}

/// Where `RWTexture2DMS`/`RWTexture2DMSArray` texels live when they are lowered to a storage
/// buffer (`-fhlslc-rwtexture-ms-buffer`): the elements `T` in the structured-buffer (tight)
/// layout, indexed as below; WebGPU has no writable multisampled textures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MsBufferLayout {
    /// The samples of a pixel are adjacent: `((layer · height + y) · width + x) · samples + s`.
    PixelMajor,
    /// Each sample is a whole image: `((s · layers + layer) · height + y) · width + x`.
    SampleMajor,
}

/// DXC's binding flags (`-fvk-*-shift`, `-fvk-bind-register`, `-fvk-bind-globals`,
/// `-flegacy-resource-reservation`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BindingOptions {
    /// `-fvk-{b,t,s,u}-shift N SPACE`: `(class, space, shift)`; `space: None` is `all`.
    /// Under [`BindingPolicy::ClassShift`] a shift given here replaces that class's default.
    pub shifts: Vec<(crate::tir::RegisterClass, Option<u32>, u32)>,
    /// `-fvk-bind-register xN SPACE BINDING SET`: `(class, index, space, binding, set)`.
    pub bind_register: Vec<(crate::tir::RegisterClass, u32, u32, u32, u32)>,
    /// `-fvk-bind-globals BINDING SET`: where `$Globals` goes.
    pub bind_globals: Option<(u32, u32)>,
    /// `-flegacy-resource-reservation`: explicit registers of unused resources stay reserved
    /// when registers are assigned to resources without one (FXC ≤ SM 5.0).
    pub legacy_resource_reservation: bool,
    /// `-fvk-bind-resource-heap BINDING SET`: where `ResourceDescriptorHeap` goes (instead of
    /// the first free binding of group 0 after the other resources).
    pub resource_heap: Option<(u32, u32)>,
    /// `-fvk-bind-sampler-heap BINDING SET`: where `SamplerDescriptorHeap` goes.
    pub sampler_heap: Option<(u32, u32)>,
    /// `-fvk-bind-counter-heap BINDING SET`: reserved for the counters of the resource heap's
    /// buffers (DXC's flag; hlslc keeps the binding free).
    pub counter_heap: Option<(u32, u32)>,
    /// `-fvk-auto-shift-bindings`: under [`BindingPolicy::Dxc`], a resource without a register
    /// number takes the next free binding from its register class's shift (the class its
    /// type implies: `t` for read-only textures and buffers, `u` for writable ones, `s`, `b`)
    /// instead of from 0, as DXC assigns it. The class-shift policies place such resources by
    /// their assigned register and shift already.
    pub auto_shift_bindings: bool,
    /// `-auto-binding-space N`: the space (descriptor set) of resources whose `register(…)`
    /// or `[[vk::binding]]` names none, and of resources without either (DXC: the default
    /// space, 0 without the flag).
    pub default_space: u32,
}

impl BindingOptions {
    /// Parses a register such as `t3` (for `-fvk-bind-register`).
    pub fn parse_register(text: &str) -> Option<(crate::tir::RegisterClass, u32)> {
        use crate::tir::RegisterClass as R;
        // The class is one ASCII letter: split at a character boundary, so a register that
        // starts with a character of several bytes (`é0`) is invalid rather than a panic.
        let lower = text.to_ascii_lowercase();
        let (c, n) = lower.split_at_checked(1)?;
        let class = match c {
            "b" => R::B,
            "t" => R::T,
            "s" => R::S,
            "u" => R::U,
            _ => return None,
        };
        Some((class, n.parse().ok()?))
    }
}

/// A SPIR-V target environment (`-fspv-target-env=`), in DXC's order: each one allows what
/// the ones before it allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum TargetEnv {
    /// `vulkan1.0`: SPIR-V 1.0.
    Vulkan1_0,
    /// `vulkan1.1`: SPIR-V 1.3, subgroup operations.
    Vulkan1_1,
    /// `vulkan1.1spirv1.4`: SPIR-V 1.4 (ray tracing, mesh shaders).
    Vulkan1_1Spirv1_4,
    /// `vulkan1.2`: SPIR-V 1.5.
    Vulkan1_2,
    /// `vulkan1.3`: SPIR-V 1.6.
    Vulkan1_3,
    /// `universal1.5`: SPIR-V 1.5 outside Vulkan.
    Universal1_5,
}

impl TargetEnv {
    /// Every environment with its command-line name, in order.
    pub const ALL: [(&'static str, TargetEnv); 6] = [
        ("vulkan1.0", TargetEnv::Vulkan1_0),
        ("vulkan1.1", TargetEnv::Vulkan1_1),
        ("vulkan1.1spirv1.4", TargetEnv::Vulkan1_1Spirv1_4),
        ("vulkan1.2", TargetEnv::Vulkan1_2),
        ("vulkan1.3", TargetEnv::Vulkan1_3),
        ("universal1.5", TargetEnv::Universal1_5),
    ];

    /// Parses a `-fspv-target-env=` value.
    pub fn parse(text: &str) -> Option<TargetEnv> {
        Self::ALL.iter().find(|(n, _)| *n == text).map(|(_, e)| *e)
    }

    /// The name DXC's messages use (`Vulkan 1.1`, `Vulkan 1.1 with SPIR-V 1.4` …).
    pub fn pretty_name(self) -> &'static str {
        match self {
            TargetEnv::Vulkan1_0 => "Vulkan 1.0",
            TargetEnv::Vulkan1_1 => "Vulkan 1.1",
            TargetEnv::Vulkan1_1Spirv1_4 => "Vulkan 1.1 with SPIR-V 1.4",
            TargetEnv::Vulkan1_2 => "Vulkan 1.2",
            TargetEnv::Vulkan1_3 => "Vulkan 1.3",
            TargetEnv::Universal1_5 => "SPIR-V 1.5",
        }
    }

    /// The SPIR-V version the environment targets (`__SPIRV_MAJOR_VERSION__`,
    /// `__SPIRV_MINOR_VERSION__` in DXC).
    pub fn spirv_version(self) -> (u32, u32) {
        match self {
            TargetEnv::Vulkan1_0 => (1, 0),
            TargetEnv::Vulkan1_1 => (1, 3),
            TargetEnv::Vulkan1_1Spirv1_4 => (1, 4),
            TargetEnv::Vulkan1_2 | TargetEnv::Universal1_5 => (1, 5),
            TargetEnv::Vulkan1_3 => (1, 6),
        }
    }

    /// The command-line spelling.
    pub fn name(self) -> &'static str {
        Self::ALL.iter().find(|(_, e)| *e == self).map_or("", |(n, _)| n)
    }
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

    /// The profile's first part as written in `-T`: `vs`, `ps` … `lib`.
    pub fn stage_prefix(&self) -> &'static str {
        match self.stage {
            Some(Stage::Vertex) => "vs",
            Some(Stage::Pixel) => "ps",
            Some(Stage::Compute) => "cs",
            Some(Stage::Geometry) => "gs",
            Some(Stage::Hull) => "hs",
            Some(Stage::Domain) => "ds",
            Some(Stage::Mesh) => "ms",
            Some(Stage::Amplification) => "as",
            _ => "lib",
        }
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
    /// `-denorm`: the 32-bit float denormal mode (SPIR-V only; WGSL has no control).
    pub denorm: DenormMode,
    pub target: Target,
    pub binding_policy: BindingPolicy,
    /// DXC's binding flags.
    pub bindings: BindingOptions,
    /// `-fhlslc-rwtexture-ms-buffer=…`: lower writable multisampled textures to storage
    /// buffers with this layout (otherwise they are an error).
    pub rwtexture_ms_buffer: Option<MsBufferLayout>,
    /// `-fspv-target-env=`: the SPIR-V environment named on the command line. `None` is
    /// hlslc's default (Vulkan 1.1: SPIR-V 1.3, 1.4 for mesh and ray-tracing entry points),
    /// which allows every feature; a named one rejects what it lacks, as DXC does.
    pub target_env: Option<TargetEnv>,
    /// `-fspv-extension=`: the SPIR-V extensions named on the command line (empty: DXC's
    /// defaults). `SPV_NV_ray_tracing` lets DXC write ray tracing for Vulkan 1.1.
    pub spirv_extensions: Vec<String>,
    /// `-default-linkage external`: a library exports every non-`static` function (DXC's
    /// default, `internal`, exports only `export` ones and entry points).
    pub default_linkage_external: bool,
    /// Payload access qualifiers (`read(…)`/`write(…)` on `[raypayload]` struct fields) are
    /// checked: `lib_6_7` and later, or `lib_6_6` with `-enable-payload-qualifiers`.
    pub payload_qualifiers: bool,
    /// `-fvk-invert-y`: a vertex shader's `SV_Position` output has its y negated (Vulkan's
    /// and WebGPU's clip space against D3D's viewport convention).
    pub invert_y: bool,
    /// `-fvk-use-dx-position-w`: a pixel shader's `SV_Position` input has D3D's w, the
    /// clip-space w (Vulkan's and WebGPU's fragment position holds 1/w).
    pub dx_position_w: bool,
    /// `-fvk-support-nonzero-base-instance`: a vertex shader's `SV_InstanceID` is Vulkan's
    /// instance index less the draw's `BaseInstance` (SPIR-V only).
    pub nonzero_base_instance: bool,
    /// `-fvk-support-nonzero-base-vertex`: `SV_VertexID` less the draw's `BaseVertex`.
    pub nonzero_base_vertex: bool,
    /// `-fspv-use-legacy-buffer-matrix-order`: matrices a byte-address buffer's templated
    /// `Load`/`Store` reads or writes are row-major unless declared otherwise (DXC's SPIR-V
    /// order before 2023) instead of the default majorness.
    pub legacy_buffer_matrix_order: bool,
    /// `-fvk-use-scalar-layout`: buffers laid out by `VK_EXT_scalar_block_layout`'s rules,
    /// hlslc's structured-buffer layout (`layout::buffer_rules`): constant and texture buffers
    /// and push-constant blocks too.
    pub scalar_layout: bool,
    /// `-fvk-use-dx-layout`: push-constant blocks in the tight (structured-buffer) layout,
    /// as DXC then lays them out, instead of its default vector-relaxed std430 (every other
    /// buffer keeps Direct3D's layouts either way).
    pub dx_layout: bool,
    /// `-fvk-use-gl-layout`: buffers laid out by OpenGL's strict std140 (constant buffers)
    /// and std430 (texture, structured and byte-address buffers, push constants) instead of
    /// Direct3D's layouts (`layout::buffer_rules`).
    pub gl_layout: bool,
    /// `-fvk-stage-io-order=alpha`: the user-semantic inputs and outputs of every stage take
    /// their locations in alphabetical order of their semantic names instead of declaration
    /// order (`lower::entry`'s `stage_locations`; a hull shader's patch constants still follow
    /// its control points).
    pub stage_io_alphabetical: bool,
    /// `-fspv-use-unknown-image-format`: storage textures without `[[vk::image_format]]` get
    /// SPIR-V's `Unknown` format instead of one inferred from their element type (SPIR-V
    /// only; `passes::image_format_unknown`).
    pub unknown_image_format: bool,
    /// `-fspv-preserve-bindings`: resources no entry point uses keep their variables and
    /// bindings (they are dropped otherwise).
    pub preserve_bindings: bool,
    /// `-fspv-flatten-resource-arrays` (SPIR-V only): each element of a resource array of
    /// known size is a variable of its own at the next binding (`passes::flatten_resource_arrays`);
    /// the indices into such arrays must be constants.
    pub flatten_resource_arrays: bool,
    /// `-fspv-enable-maximal-reconvergence`: every entry point gets SPIR-V's
    /// `MaximallyReconvergesKHR` execution mode (`SPV_KHR_maximal_reconvergence`).
    pub maximal_reconvergence: bool,
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
            denorm: DenormMode::Any,
            target: Target::Wgsl,
            binding_policy: BindingPolicy::ClassShift,
            bindings: BindingOptions::default(),
            rwtexture_ms_buffer: None,
            target_env: None,
            spirv_extensions: Vec::new(),
            default_linkage_external: false,
            payload_qualifiers: false,
            invert_y: false,
            dx_position_w: false,
            nonzero_base_instance: false,
            nonzero_base_vertex: false,
            legacy_buffer_matrix_order: false,
            maximal_reconvergence: false,
            scalar_layout: false,
            dx_layout: false,
            gl_layout: false,
            stage_io_alphabetical: false,
            unknown_image_format: false,
            preserve_bindings: false,
            flatten_resource_arrays: false,
        }
    }
}
