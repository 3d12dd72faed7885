//! Compilation options, as a plain struct with builder methods.

/// The output language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Target {
    /// WGSL in the dialect wgpu (naga) accepts.
    #[default]
    Wgsl,
    /// SPIR-V for Vulkan (binary words; [`crate::Compiled::spirv_asm`] gives readable text).
    SpirV,
}

/// Everything that changes how a shader compiles. Field names follow DXC's flags.
#[derive(Clone, Debug)]
pub struct Options {
    /// `-T`: the profile (`vs_6_0`, `ps_6_0`, `cs_6_7`, `lib_6_3` …). `None` compiles every
    /// function marked `[shader("…")]`.
    pub profile: Option<String>,
    /// `-E`: the entry point (default `main`).
    pub entry_point: String,
    /// The output language; it decides which features need polyfills or are errors.
    pub target: Target,
    /// `-D NAME[=VALUE]`, in order.
    pub defines: Vec<(String, Option<String>)>,
    /// `-U NAME`.
    pub undefines: Vec<String>,
    /// `-I DIR`, searched in order for `#include`.
    pub include_dirs: Vec<String>,
    /// `-HV`: 2016, 2017, 2018, 2021 (the default) or 2029 for DXC's `202x` (its internal
    /// number: unsuffixed literals are `int` and `float`, not literal types).
    pub hlsl_version: u32,
    /// `-enable-16bit-types`.
    pub enable_16bit_types: bool,
    /// `-flegacy-macro-expansion`.
    pub legacy_macro_expansion: bool,
    /// `-Zpr`: row-major matrices by default.
    pub default_row_major: bool,
    /// `-Gec`: backwards-compatibility mode.
    pub backwards_compatibility: bool,
    /// `-Gis`: IEEE strictness.
    pub ieee_strict: bool,
    /// Warning flags in DXC's spelling: `-Wno-<name>`, `-W<name>`, `-Werror`/`-WX`,
    /// `-Werror=<name>`, `-Wno-error=<name>`, `-w`/`-no-warnings` (see
    /// [`Options::warning_flag`] and `docs/diagnostics.md`).
    pub warnings: crate::WarningFlags,
    /// How registers become bindings (default: class shift, which never collides).
    pub binding_policy: crate::BindingPolicy,
    /// DXC's binding flags: `-fvk-{b,t,s,u}-shift`, `-fvk-bind-register`, `-fvk-bind-globals`,
    /// `-flegacy-resource-reservation`.
    pub bindings: crate::BindingOptions,
    /// `-fhlslc-rwtexture-ms-buffer=pixel-major|sample-major`: lower `RWTexture2DMS` and
    /// `RWTexture2DMSArray` to storage buffers with this layout (WebGPU has no writable
    /// multisampled textures; without the flag they are an error).
    pub rwtexture_ms_buffer: Option<crate::MsBufferLayout>,
    /// DXC flags for DXC's own back ends (SPIR-V environment and extensions, debug info,
    /// `-Oconfig`, `-Fd` …), checked as DXC checks them; fill through [`Options::dxc_arg`].
    pub dxc: crate::DxcFlags,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            profile: None,
            entry_point: "main".to_string(),
            target: Target::Wgsl,
            defines: Vec::new(),
            undefines: Vec::new(),
            include_dirs: Vec::new(),
            hlsl_version: 2021,
            enable_16bit_types: false,
            legacy_macro_expansion: false,
            default_row_major: false,
            backwards_compatibility: false,
            ieee_strict: false,
            warnings: crate::WarningFlags::default(),
            binding_policy: crate::BindingPolicy::ClassShift,
            bindings: crate::BindingOptions::default(),
            rwtexture_ms_buffer: None,
            dxc: crate::DxcFlags::default(),
        }
    }
}

impl Options {
    /// Options for a profile such as `"ps_6_0"`, with everything else at its default.
    pub fn new(profile: &str) -> Self {
        Options { profile: Some(profile.to_string()), ..Default::default() }
    }

    /// Sets the entry point.
    pub fn entry_point(mut self, name: &str) -> Self {
        self.entry_point = name.to_string();
        self
    }

    /// Sets the output language.
    pub fn target(mut self, target: Target) -> Self {
        self.target = target;
        self
    }

    /// Adds `-D name=value`.
    pub fn define(mut self, name: &str, value: Option<&str>) -> Self {
        self.defines.push((name.to_string(), value.map(str::to_string)));
        self
    }

    /// Adds an include directory.
    pub fn include_dir(mut self, dir: &str) -> Self {
        self.include_dirs.push(dir.to_string());
        self
    }

    /// Sets the HLSL language version (`-HV`).
    pub fn hlsl_version(mut self, version: u32) -> Self {
        self.hlsl_version = version;
        self
    }

    /// `-Gec`: backwards-compatibility mode, which needs HLSL 2016 (the version is set too,
    /// as DXC does when `-HV` is not given).
    pub fn backwards_compatibility(mut self) -> Self {
        self.backwards_compatibility = true;
        self.hlsl_version = self.hlsl_version.min(2016);
        self
    }

    /// Adds a warning flag in DXC's spelling (`-Wno-conversion`, `-Werror`, `-WX`,
    /// `-Werror=return-type` …). Returns `None` if `flag` is not a warning flag.
    pub fn warning_flag(mut self, flag: &str) -> Option<Self> {
        self.warnings.parse(flag).then_some(self)
    }

    /// Enables 16-bit types (`-enable-16bit-types`).
    pub fn enable_16bit_types(mut self, on: bool) -> Self {
        self.enable_16bit_types = on;
        self
    }
}
