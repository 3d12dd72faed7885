//! Word tables of HLSL: keywords, qualifiers and builtin type names.
//!
//! The preprocessor hands every word to the parser as an identifier; the token adapter asks these
//! tables what a word is. HLSL has three kinds of words beside plain identifiers:
//! - *hard keywords* (`struct`, `if`, `cbuffer` …), which are never identifiers;
//! - *qualifiers* (`static`, `row_major`, `nointerpolation` …); some of them are *contextual*
//!   (`linear`, `sample`, `point`, `line`, `triangle`, `vertices`, `payload` …): DXC accepts them
//!   as variable and member names too (`float sample;`, `s.sample[i]`), so the adapter only
//!   makes them qualifiers when a type or another qualifier follows;
//! - *builtin type names*: the scalar, vector and matrix spellings (`float`, `uint3`,
//!   `min16float2x4`, `float16_t`), the template-like `vector`/`matrix`, and every object type
//!   (`Texture2D`, `RWStructuredBuffer`, `RaytracingAccelerationStructure`, `TriangleStream` …).
//!
//! Sources: the HLSL language reference ("Keywords", "Data types") and the object types DXC
//! declares in `tools/clang/lib/Sema/SemaHLSL.cpp`.

use crate::ast::Qualifier;
use rustc_hash::FxHashSet;

/// The scalar type spellings that also take a `N` or `NxM` suffix (`float4`, `half3x3`).
const SCALARS: &[&str] = &[
    "bool",
    "int",
    "uint",
    "dword",
    "half",
    "float",
    "double",
    "int16_t",
    "uint16_t",
    "int32_t",
    "uint32_t",
    "int64_t",
    "uint64_t",
    "float16_t",
    "float32_t",
    "float64_t",
    "min16float",
    "min10float",
    "min16int",
    "min12int",
    "min16uint",
    "min12uint",
];

/// Builtin type names that are not a scalar with a size suffix.
const OTHER_TYPES: &[&str] = &[
    "void",
    "string",
    "vector",
    "matrix",
    "uint8_t4_packed",
    "int8_t4_packed",
    // Textures.
    "Texture1D",
    "Texture1DArray",
    "Texture2D",
    "Texture2DArray",
    "Texture3D",
    "TextureCube",
    "TextureCubeArray",
    "Texture2DMS",
    "Texture2DMSArray",
    "RWTexture1D",
    "RWTexture1DArray",
    "RWTexture2D",
    "RWTexture2DArray",
    "RWTexture3D",
    "RWTexture2DMS",
    "RWTexture2DMSArray",
    "FeedbackTexture2D",
    "FeedbackTexture2DArray",
    "SAMPLER_FEEDBACK_MIN_MIP",
    "SAMPLER_FEEDBACK_MIP_REGION_USED",
    "RasterizerOrderedTexture1D",
    "RasterizerOrderedTexture1DArray",
    "RasterizerOrderedTexture2D",
    "RasterizerOrderedTexture2DArray",
    "RasterizerOrderedTexture3D",
    // Buffers.
    "Buffer",
    "RWBuffer",
    "StructuredBuffer",
    "RWStructuredBuffer",
    "AppendStructuredBuffer",
    "ConsumeStructuredBuffer",
    "ByteAddressBuffer",
    "RWByteAddressBuffer",
    "RasterizerOrderedBuffer",
    "RasterizerOrderedByteAddressBuffer",
    "RasterizerOrderedStructuredBuffer",
    "ConstantBuffer",
    "TextureBuffer",
    // Samplers, including the DX9 spellings.
    "SamplerState",
    "SamplerComparisonState",
    "sampler",
    "sampler1D",
    "sampler2D",
    "sampler3D",
    "samplerCUBE",
    // Ray tracing.
    "RayDesc",
    "RaytracingAccelerationStructure",
    "RayQuery",
    "BuiltInTriangleIntersectionAttributes",
    "BuiltInTrianglePositions",
    "HitObject",
    // DXC's pseudo-enums, `typedef uint` names beside their `static const uint` enumerants
    // (`AddTypedefPseudoEnum` in ASTContextHLSL.cpp).
    "RAY_FLAG",
    "RAYQUERY_FLAG",
    "COMMITTED_STATUS",
    "CANDIDATE_TYPE",
    "MEMORY_TYPE_FLAG",
    "BARRIER_SEMANTIC_FLAG",
    // Tessellation and geometry stages.
    "InputPatch",
    "OutputPatch",
    "PointStream",
    "LineStream",
    "TriangleStream",
    // Vulkan extensions (the `vk::` ones are written qualified).
    "SubpassInput",
    "SubpassInputMS",
    "BufferPointer",
    "SampledTexture1D",
    "SampledTexture1DArray",
    "SampledTexture2D",
    "SampledTexture2DArray",
    "SampledTexture2DMS",
    "SampledTexture2DMSArray",
    "SampledTexture3D",
    "SampledTextureCUBE",
    "SampledTextureCUBEArray",
    "Literal",
    "SpirvType",
    "SpirvOpaqueType",
    "WorkgroupSpirvPointer",
    "ext_type",
    "ext_result_id",
    "integral_constant",
    // `auto` (deduced type).
    "auto",
    // Effects-framework state objects (accepted and ignored by DXC).
    "BlendState",
    "DepthStencilState",
    "RasterizerState",
    // State objects (DXR subobjects).
    "GlobalRootSignature",
    "LocalRootSignature",
    "StateObjectConfig",
    "SubobjectToExportsAssociation",
    "RaytracingShaderConfig",
    "RaytracingPipelineConfig",
    "RaytracingPipelineConfig1",
    "TriangleHitGroup",
    "ProceduralPrimitiveHitGroup",
    // Work graphs (SM 6.8).
    "DispatchNodeInputRecord",
    "RWDispatchNodeInputRecord",
    "GroupNodeInputRecords",
    "RWGroupNodeInputRecords",
    "ThreadNodeInputRecord",
    "RWThreadNodeInputRecord",
    "EmptyNodeInput",
    "NodeOutput",
    "NodeOutputArray",
    "EmptyNodeOutput",
    "EmptyNodeOutputArray",
    "GroupNodeOutputRecords",
    "ThreadNodeOutputRecords",
];

/// Type names that the effects framework uses for state-block initializers
/// (`SamplerState s { Filter = …; };`).
pub fn is_sampler_type(word: &str) -> bool {
    matches!(
        word,
        "SamplerState"
            | "SamplerComparisonState"
            | "sampler"
            | "sampler1D"
            | "sampler2D"
            | "sampler3D"
            | "samplerCUBE"
            | "texture"
            | "BlendState"
            | "DepthStencilState"
            | "RasterizerState"
    )
}

/// The effects framework's object types, which DXC accepts in declarations and ignores (both
/// spellings of the names FXC took case-insensitively).
pub fn is_effect_object(word: &str) -> bool {
    matches!(
        word,
        "texture"
            | "Texture"
            | "pixelshader"
            | "PixelShader"
            | "vertexshader"
            | "VertexShader"
            | "pixelfragment"
            | "vertexfragment"
            | "ComputeShader"
            | "DomainShader"
            | "GeometryShader"
            | "HullShader"
            | "BlendState"
            | "DepthStencilState"
            | "DepthStencilView"
            | "RasterizerState"
            | "RenderTargetView"
    )
}

/// `unsigned int2x2` is `uint2x2`, `unsigned min16int` is `min16uint`, `unsigned dword` is
/// `dword`: the unsigned spelling of a signed integer type name.
pub fn unsigned_spelling(word: &str) -> Option<&'static str> {
    static TABLE: std::sync::OnceLock<Vec<(String, String)>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = Vec::new();
        for (signed, unsigned) in
            [("int", "uint"), ("dword", "dword"), ("min16int", "min16uint"), ("min12int", "min12uint"), ("int16_t", "uint16_t"), ("int32_t", "uint32_t"), ("int64_t", "uint64_t")]
        {
            let mut suffixes = vec![String::new()];
            for r in 1..=4 {
                suffixes.push(r.to_string());
                for c in 1..=4 {
                    suffixes.push(format!("{r}x{c}"));
                }
            }
            for s in suffixes {
                t.push((format!("{signed}{s}"), format!("{unsigned}{s}")));
            }
        }
        t
    });
    table.iter().find(|(s, _)| s == word).map(|(_, u)| u.as_str())
}

/// The C++ type keywords among HLSL's built-in type names: they never name a variable, not
/// even where a local hides the other built-in names (`float half;` in a function).
pub fn is_type_keyword(word: &str) -> bool {
    matches!(word, "void" | "bool" | "int" | "float" | "double")
}

/// Whether `word` is the name of a builtin type (see the module docs).
pub fn is_builtin_type(word: &str) -> bool {
    // Asked for every word of a file: one hash look-up of the word without its size suffix
    // (and one of the whole word), not a scan of the tables.
    static TYPES: std::sync::OnceLock<(FxHashSet<&str>, FxHashSet<&str>)> = std::sync::OnceLock::new();
    let (scalars, others) = TYPES.get_or_init(|| (SCALARS.iter().copied().collect(), OTHER_TYPES.iter().copied().collect()));
    scalars.contains(without_size_suffix(word)) || others.contains(word)
}

/// `word` without a trailing `N` or `NxM` (`1`…`4`), or all of it.
fn without_size_suffix(word: &str) -> &str {
    let b = word.as_bytes();
    let dim = |c: u8| (b'1'..=b'4').contains(&c);
    match b {
        [.., r, b'x', c] if dim(*r) && dim(*c) => &word[..b.len() - 3],
        [.., n] if dim(*n) => &word[..b.len() - 1],
        _ => word,
    }
}

/// A qualifier that is always a keyword.
pub fn hard_qualifier(word: &str) -> Option<Qualifier> {
    use Qualifier::*;
    Some(match word {
        "extern" => Extern,
        "static" => Static,
        "uniform" => Uniform,
        "volatile" => Volatile,
        "shared" => Shared,
        "groupshared" => GroupShared,
        "inline" => Inline,
        "export" => Export,
        "row_major" => RowMajor,
        "column_major" => ColumnMajor,
        "snorm" => Snorm,
        "unorm" => Unorm,
        "nointerpolation" => NoInterpolation,
        "noperspective" => NoPerspective,
        "centroid" => Centroid,
        "in" => In,
        "out" => Out,
        "inout" => InOut,
        _ => return None,
    })
}

/// A qualifier that DXC also accepts as an identifier (`float sample;`).
pub fn contextual_qualifier(word: &str) -> Option<Qualifier> {
    use Qualifier::*;
    Some(match word {
        "precise" => Precise,
        "globallycoherent" => GloballyCoherent,
        "reordercoherent" => ReorderCoherent,
        "linear" => Linear,
        "sample" => Sample,
        "center" => Center,
        "point" => Point,
        "line" => Line,
        "triangle" => Triangle,
        "lineadj" => LineAdj,
        "triangleadj" => TriangleAdj,
        "vertices" => Vertices,
        "primitives" => Primitives,
        "indices" => Indices,
        "payload" => Payload,
        _ => return None,
    })
}

/// The spelling of a qualifier (for the AST dump and messages).
pub fn qualifier_name(q: Qualifier) -> &'static str {
    use Qualifier::*;
    match q {
        Extern => "extern",
        Static => "static",
        Uniform => "uniform",
        Volatile => "volatile",
        Shared => "shared",
        GroupShared => "groupshared",
        Precise => "precise",
        Inline => "inline",
        Export => "export",
        Const => "const",
        RowMajor => "row_major",
        ColumnMajor => "column_major",
        Snorm => "snorm",
        Unorm => "unorm",
        GloballyCoherent => "globallycoherent",
        ReorderCoherent => "reordercoherent",
        Linear => "linear",
        Centroid => "centroid",
        NoInterpolation => "nointerpolation",
        NoPerspective => "noperspective",
        Sample => "sample",
        Center => "center",
        In => "in",
        Out => "out",
        InOut => "inout",
        Point => "point",
        Line => "line",
        Triangle => "triangle",
        LineAdj => "lineadj",
        TriangleAdj => "triangleadj",
        Vertices => "vertices",
        Primitives => "primitives",
        Indices => "indices",
        Payload => "payload",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_type_spellings() {
        for w in ["float", "float4", "uint2x3", "min16float4x4", "float16_t3", "bool1", "Texture2DMSArray", "vector"] {
            assert!(is_builtin_type(w), "{w}");
        }
        for w in ["float5", "float4x", "float0", "floatx", "Float4", "int4x5", "MyStruct", "tex2D"] {
            assert!(!is_builtin_type(w), "{w}");
        }
    }
}
