//! Headers hlslc carries itself, found by `#include` when the include path has no file of
//! that name — as DXC falls back to the few headers embedded in it.
//!
//! - `D3DX_DXGIFormatConvert.inl`: the DXGI format pack/unpack routines of the legacy DirectX
//!   SDK (in-place editing of typed textures through an `R32_UINT` view), written for hlslc
//!   from the Direct3D conversion rules with exact results (see the file's header comment;
//!   `headers/srgb_tables.py` generates its sRGB tables).
//!
//! - `vk/spirv.h`, `vk/opcode_selector.h`: the interface of the headers DXC embeds for inline
//!   SPIR-V (SPIR-V enumerations, `vk::GetGroupSharedAddress`, `__builtin_spv_<Op>`
//!   instructions and `vk::util::ArithmeticSelector`/`ConversionSelector`), written for hlslc
//!   from DXC's documentation of them and the SPIR-V specification.
//!
//! - `enable_if`, `vector_utils`: the HLSL 2021 template utilities DXC embeds
//!   (`hlsl::enable_if`, `hlsl::slice`), written for hlslc from their documented interface.
//!   (DXC's third, `dx/linalg.h`, is SM 6.9 linear algebra over DXIL-only built-ins, which no
//!   target hlslc writes has.)
//!
//! The SDK header is matched by the last component of the `#include` name, ignoring case (it
//! is included from wherever a project keeps its copy); the `vk/` headers by their whole
//! relative name (and `enable_if`, `vector_utils` by theirs), as DXC keys its embedded headers (`\` read as `/`). A file of that name on
//! the include path always wins, as in DXC. A built-in header is not a file, so it is not
//! reported in `files_read`.

use std::sync::Arc;

/// `(file name, text)` of every built-in header matched by its file name.
const HEADERS: &[(&str, &str)] = &[("D3DX_DXGIFormatConvert.inl", include_str!("headers/D3DX_DXGIFormatConvert.inl"))];

/// `(relative path, text)` of every built-in header matched by its whole name.
const PATH_HEADERS: &[(&str, &str)] = &[
    ("vk/spirv.h", include_str!("headers/vk/spirv.h")),
    ("vk/opcode_selector.h", include_str!("headers/vk/opcode_selector.h")),
    ("enable_if", include_str!("headers/enable_if")),
    ("vector_utils", include_str!("headers/vector_utils")),
];

/// The prefix of a built-in header's canonical name (never a real path).
pub const BUILTIN_PREFIX: &str = "<hlslc>/";

/// The canonical name and text of the built-in header an `#include` name refers to.
pub fn builtin_header(name: &str) -> Option<(String, Arc<str>)> {
    let relative = name.replace('\\', "/");
    let relative = relative.trim_start_matches("./");
    if let Some((n, text)) = PATH_HEADERS.iter().find(|(n, _)| *n == relative) {
        return Some((format!("{BUILTIN_PREFIX}{n}"), Arc::from(*text)));
    }
    let file = name.rsplit(['/', '\\']).next()?;
    HEADERS.iter().find(|(n, _)| n.eq_ignore_ascii_case(file)).map(|(n, text)| (format!("{BUILTIN_PREFIX}{n}"), Arc::from(*text)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matched_by_file_name_ignoring_case() {
        assert_eq!(builtin_header("D3DX_DXGIFormatConvert.inl").unwrap().0, "<hlslc>/D3DX_DXGIFormatConvert.inl");
        assert!(builtin_header("sdk\\include/d3dx_dxgiformatconvert.INL").is_some());
        assert!(builtin_header("D3DX_DXGIFormatConvert.h").is_none());
        assert!(builtin_header("").is_none());
    }

    #[test]
    fn vk_headers_matched_by_relative_path() {
        assert_eq!(builtin_header("vk/spirv.h").unwrap().0, "<hlslc>/vk/spirv.h");
        assert_eq!(builtin_header("vk\\opcode_selector.h").unwrap().0, "<hlslc>/vk/opcode_selector.h");
        assert!(builtin_header("spirv.h").is_none(), "only the whole relative name");
        assert!(builtin_header("other/vk/spirv.h").is_none());
    }

    #[test]
    fn hlsl_utility_headers_matched_by_name() {
        assert_eq!(builtin_header("enable_if").unwrap().0, "<hlslc>/enable_if");
        assert_eq!(builtin_header("vector_utils").unwrap().0, "<hlslc>/vector_utils");
        assert!(builtin_header("hlsl/enable_if").is_none());
    }
}
