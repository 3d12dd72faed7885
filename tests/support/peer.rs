//! Peer compilers, used as oracles: glslang's HLSL front end (`glslangValidator`, Debian
//! `glslang-tools`) → SPIR-V. See research/peers.md for its known bugs (inclusive
//! `WavePrefix*`, `InterlockedAdd` with an int literal on `RWByteAddressBuffer`, …).
//!
//! Flags: `-D -V --target-env vulkan1.1 -Od`. `-Od` keeps `a*b+c` and `x/3.0` as written
//! (glslang's default HLSL pipeline fuses and folds them); vulkan1.1 (SPIR-V 1.3) because
//! glslang 12 emits `BufferBlock`, invalid from SPIR-V 1.4 on. glslang maps
//! `register(xN, spaceM)` to set M, binding N, like DXC.

use std::path::Path;
use std::process::Command;

use super::validate::{missing_tool, tool, TempFile};

/// HLSL to compile: a file, or text (written to a temp file).
pub enum HlslSource<'a> {
    Path(&'a Path),
    Text(&'a str),
}

/// Compiles HLSL with glslang. `stage` is a profile (`cs_6_0`, `ps_6_0`, `vs_6_0`, …) or a
/// glslang stage name (`comp`, `frag`, `vert`, …). `extra_flags` are glslang flags.
pub fn glslang_compile(
    source: HlslSource,
    stage: &str,
    entry: &str,
    extra_flags: &[String],
) -> Result<Vec<u32>, String> {
    let stage = glslang_stage(stage)?;
    let temp_src;
    let path = match source {
        HlslSource::Path(p) => p,
        HlslSource::Text(t) => {
            temp_src = TempFile::new("hlsl", t)?;
            temp_src.path.as_path()
        }
    };
    let out = TempFile::reserve("spv");
    let glslang = tool("GLSLANG", "glslangValidator");
    let result = Command::new(&glslang)
        .args([
            "-D",
            "-V",
            "-Od",
            "--target-env",
            "vulkan1.1",
            "-e",
            entry,
            "-S",
            stage,
        ])
        .args(extra_flags)
        .arg("-o")
        .arg(&out.path)
        .arg(path)
        .output()
        .map_err(|e| missing_tool(&glslang, e))?;
    // glslangValidator prints diagnostics on stdout, preceded by the file name.
    let log: String = String::from_utf8_lossy(&result.stdout)
        .lines()
        .chain(String::from_utf8_lossy(&result.stderr).lines())
        .filter(|l| Path::new(l.trim()) != path)
        .map(|l| format!("{l}\n"))
        .collect();
    let bytes = std::fs::read(&out.path).unwrap_or_default();
    if !result.status.success() || bytes.is_empty() {
        return Err(format!("glslang failed ({}):\n{log}", result.status));
    }
    if bytes.len() % 4 != 0 {
        return Err(format!(
            "glslang wrote {} bytes, not whole SPIR-V words",
            bytes.len()
        ));
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

/// `cs_6_0` → `comp`, `ps_6_5` → `frag`, …; glslang's own names pass through.
pub fn glslang_stage(stage: &str) -> Result<&'static str, String> {
    let prefix = stage.split('_').next().unwrap_or("");
    Ok(match prefix {
        "cs" | "comp" | "compute" => "comp",
        "ps" | "frag" | "pixel" | "fragment" => "frag",
        "vs" | "vert" | "vertex" => "vert",
        "gs" | "geom" => "geom",
        "hs" | "tesc" => "tesc",
        "ds" | "tese" => "tese",
        _ => return Err(format!("unknown shader stage or profile `{stage}`")),
    })
}
