//! Validators for emitted code: `spirv-val` (SPIRV-Tools, an external binary), naga's WGSL
//! front end + validator (in-process), and `spirv-dis` for readable failure messages.
//!
//! The external tools are found through `SPIRV_VAL` / `SPIRV_DIS`, else in
//! `.tools/spirv-tools/bin/` of the checkout (SPIRV-Tools 2025.5, which `.ci/spirv-tools`
//! unpacks: Debian 12's 2023.1 predates SPV_AMDX_shader_enqueue, SPV_KHR_cooperative_matrix
//! and others that hlslc emits), else on `PATH`. A missing tool is an error, not a pass:
//! `.ci/run` installs both.

use std::path::PathBuf;
use std::process::Command;

/// Runs `spirv-val` with the Vulkan target environment matching the module's SPIR-V version
/// (1.0 → vulkan1.0, 1.1–1.3 → vulkan1.1, 1.4 → vulkan1.1spv1.4, 1.5 → vulkan1.2, 1.6 →
/// vulkan1.3).
pub fn spirv_val(words: &[u32]) -> Result<(), String> {
    let env = vulkan_target_env(words)?;
    spirv_val_with(words, &["--target-env".to_string(), env.to_string()])
}

/// Runs `spirv-val` with explicit arguments (e.g. `--scalar-block-layout`).
pub fn spirv_val_with(words: &[u32], args: &[String]) -> Result<(), String> {
    let file = TempFile::new("spv", bytes_of(words))?;
    let tool = tool("SPIRV_VAL", "spirv-val");
    let out = Command::new(&tool)
        .args(args)
        .arg(&file.path)
        .output()
        .map_err(|e| missing_tool(&tool, e))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "spirv-val {} rejected the module:\n{}{}",
            args.join(" "),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// The Vulkan target environment for the module's SPIR-V version.
pub fn vulkan_target_env(words: &[u32]) -> Result<&'static str, String> {
    if words.len() < 5 || words[0] != 0x0723_0203 {
        return Err("not a SPIR-V module (no magic number or header)".into());
    }
    let (major, minor) = ((words[1] >> 16) & 0xff, (words[1] >> 8) & 0xff);
    Ok(match (major, minor) {
        (1, 0) => "vulkan1.0",
        (1, 1..=3) => "vulkan1.1",
        (1, 4) => "vulkan1.1spv1.4",
        (1, 5) => "vulkan1.2",
        (1, 6) => "vulkan1.3",
        _ => return Err(format!("unknown SPIR-V version {major}.{minor}")),
    })
}

/// Disassembles a module with `spirv-dis` (for failure messages). Never fails: a missing tool
/// or a broken module gives a note instead of text.
pub fn spirv_dis(words: &[u32]) -> String {
    let run = || -> Result<String, String> {
        let file = TempFile::new("spv", bytes_of(words))?;
        let tool = tool("SPIRV_DIS", "spirv-dis");
        let out = Command::new(&tool)
            .arg("--no-color")
            .arg(&file.path)
            .output()
            .map_err(|e| missing_tool(&tool, e))?;
        if out.status.success() {
            Ok(String::from_utf8_lossy(&out.stdout).into_owned())
        } else {
            Err(String::from_utf8_lossy(&out.stderr).into_owned())
        }
    };
    run().unwrap_or_else(|e| format!("(spirv-dis failed: {e}; {} words)", words.len()))
}

/// Parses WGSL with naga's front end and validates it with all capabilities (what naga
/// accepts at all; wgpu then checks the device's features when it creates the module).
pub fn naga_validate_wgsl(text: &str) -> Result<naga::Module, String> {
    let module = naga::front::wgsl::parse_str(text)
        .map_err(|e| format!("naga wgsl-in: {}", e.emit_to_string(text)))?;
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    .map_err(|e| format!("naga validator: {}", e.emit_to_string(text)))?;
    Ok(module)
}

pub(crate) fn tool(env: &str, default: &str) -> PathBuf {
    if let Some(path) = std::env::var_os(env) {
        return PathBuf::from(path);
    }
    let unpacked = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(".tools/spirv-tools/bin")
        .join(default);
    if unpacked.is_file() {
        unpacked
    } else {
        PathBuf::from(default)
    }
}

pub(crate) fn missing_tool(tool: &std::path::Path, e: std::io::Error) -> String {
    format!(
        "cannot run {}: {e} (install it: bash .ci/spirv-tools, or apt-get install -y spirv-tools; .ci/run does both)",
        tool.display()
    )
}

pub(crate) fn bytes_of(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// A file in the temp directory, removed on drop. Names are unique per process and call.
pub(crate) struct TempFile {
    pub path: PathBuf,
}

impl TempFile {
    pub fn new(ext: &str, contents: impl AsRef<[u8]>) -> Result<TempFile, String> {
        let path = Self::fresh_path(ext);
        std::fs::write(&path, contents).map_err(|e| format!("writing {}: {e}", path.display()))?;
        Ok(TempFile { path })
    }

    /// A unique path that does not exist yet (removed on drop if something creates it).
    pub fn reserve(ext: &str) -> TempFile {
        TempFile {
            path: Self::fresh_path(ext),
        }
    }

    fn fresh_path(ext: &str) -> PathBuf {
        use std::sync::atomic::{AtomicU64, Ordering};
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        std::env::temp_dir().join(format!("hlslc-test-{}-{n}.{ext}", std::process::id()))
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}
