//! A wgpu Vulkan device with experimental features (mesh shaders, ray queries), for the GPU
//! tests that cannot use the shared compute device of [`gpu`](super::gpu): those features
//! need `wgpu::ExperimentalFeatures` at device creation, and the tests that need them run on
//! whichever adapter offers them (`WGPU_ADAPTER_NAME` narrows the choice).
//!
//! Included by path (`#[path = "support/experimental_device.rs"]`) by `mesh_device.rs` and
//! `rayquery_device.rs`.

/// A device created with `required` and whatever of `optional` the adapter has.
pub struct ExperimentalDevice {
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    /// The features the device was created with.
    pub features: wgpu::Features,
}

/// Creates the device on the first Vulkan adapter offering `required`; panics naming every
/// adapter and whether it has them when none does (a test that needs this device must fail,
/// not skip, without it).
pub fn experimental_device(label: &str, required: wgpu::Features, optional: wgpu::Features) -> ExperimentalDevice {
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle_from_env();
    desc.backends = wgpu::Backends::VULKAN;
    let instance = wgpu::Instance::new(desc);
    let adapters = pollster::block_on(instance.enumerate_adapters(wgpu::Backends::VULKAN));
    let wanted = std::env::var("WGPU_ADAPTER_NAME").ok().map(|s| s.to_lowercase());
    let mut names = Vec::new();
    let adapter = adapters
        .into_iter()
        .inspect(|a| names.push(format!("{} (has {required:?}: {})", a.get_info().name, a.features().contains(required))))
        .filter(|a| wanted.as_ref().is_none_or(|n| a.get_info().name.to_lowercase().contains(n)))
        .find(|a| a.features().contains(required))
        .unwrap_or_else(|| panic!("no Vulkan adapter offers {required:?}; adapters: {names:?}"));
    let info = adapter.get_info();
    let features = required | (adapter.features() & optional);
    let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        label: Some(label),
        required_features: features,
        required_limits: adapter.limits(),
        // SAFETY: mesh shaders and ray queries are experimental wgpu features; the test
        // process that creates this device is its only user.
        experimental_features: unsafe { wgpu::ExperimentalFeatures::enabled() },
        ..Default::default()
    }))
    .unwrap_or_else(|e| panic!("request_device failed on {}: {e}", info.name));
    eprintln!("gpu: {} ({:?}, driver {} {}), features {features:?}", info.name, info.device_type, info.driver, info.driver_info);
    ExperimentalDevice { device, queue, features }
}
