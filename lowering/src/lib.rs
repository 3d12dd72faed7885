//! Semantic analysis of HLSL and lowering to naga IR.
