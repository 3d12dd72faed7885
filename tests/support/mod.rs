//! Shared support for the root crate's integration tests (`mod support;` in each test file).
//!
//! - [`gpu`]: the process-wide wgpu device (Vulkan: lavapipe or a real GPU) and the compute
//!   and render runners.
//! - [`validate`]: `spirv-val`, `spirv-dis`, naga's WGSL validation.
//! - [`peer`]: glslang as a reference compiler.
//! - [`values`]: typed values, literals, tolerant comparison.
//! - [`fixture`]: the execution-test fixture format (`tests/exec/README.md`).
//! - [`runner`]: runs fixture directories through a pluggable compiler.
//!
//! - `ray_scene.rs` (not a module here: the GPU ray-tracing tests include it by path): the
//!   triangle scene and CPU ray–triangle model of `rayquery_device.rs` and `raytracing_device.rs`.
//! - `experimental_device.rs` (also included by path): the wgpu device with experimental
//!   features (mesh shaders, ray queries) of `mesh_device.rs` and `rayquery_device.rs`.
//!
//! Each test binary compiles this module separately and uses a different part of it.
#![allow(dead_code)]

pub mod compilers;
pub mod fixture;
pub mod gpu;
pub mod peer;
pub mod runner;
pub mod validate;
pub mod values;
