//! Shared by the examples: a wgpu device (any backend; `WGPU_BACKEND=vulkan` picks lavapipe
//! or a Vulkan GPU) and a blocking buffer read-back.

/// A device with the features the examples' shaders need (those the adapter has).
pub struct Gpu {
    pub adapter_name: String,
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
}

/// Opens the first adapter wgpu offers (or `WGPU_ADAPTER_NAME`), requesting `wanted`
/// features where the adapter has them. `Err` names the reason, for a clear exit message.
pub fn open(wanted: wgpu::Features) -> Result<Gpu, String> {
    let instance = wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
    let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions::default()))
        .map_err(|e| format!("no GPU adapter ({e}); install a Vulkan driver, e.g. Mesa's lavapipe: apt-get install mesa-vulkan-drivers"))?;
    let info = adapter.get_info();
    let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        label: Some("hlslc example"),
        required_features: wanted & adapter.features(),
        ..Default::default()
    }))
    .map_err(|e| format!("cannot open {}: {e}", info.name))?;
    Ok(Gpu { adapter_name: format!("{} ({:?})", info.name, info.backend), device, queue })
}

/// Copies `buffer` (with `COPY_SRC` usage) into a mappable buffer and returns its bytes.
pub fn read_buffer(gpu: &Gpu, buffer: &wgpu::Buffer) -> Result<Vec<u8>, String> {
    let staging = gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("read-back"),
        size: buffer.size(),
        usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
        mapped_at_creation: false,
    });
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    encoder.copy_buffer_to_buffer(buffer, 0, &staging, 0, buffer.size());
    gpu.queue.submit([encoder.finish()]);
    map(gpu, &staging)
}

/// Maps a `MAP_READ` buffer and returns its bytes.
pub fn map(gpu: &Gpu, staging: &wgpu::Buffer) -> Result<Vec<u8>, String> {
    let (tx, rx) = std::sync::mpsc::channel();
    staging.slice(..).map_async(wgpu::MapMode::Read, move |r| {
        let _ = tx.send(r);
    });
    gpu.device
        .poll(wgpu::PollType::Wait { submission_index: None, timeout: Some(std::time::Duration::from_secs(60)) })
        .map_err(|e| format!("waiting for the GPU: {e}"))?;
    rx.recv().map_err(|e| e.to_string())?.map_err(|e| format!("mapping the read-back buffer: {e}"))?;
    let bytes = staging.slice(..).get_mapped_range().map_err(|e| format!("reading the mapped buffer: {e:?}"))?.to_vec();
    staging.unmap();
    Ok(bytes)
}

/// Runs `f` inside validation and internal error scopes, turning wgpu errors into `Err`.
pub fn checked<T>(gpu: &Gpu, f: impl FnOnce() -> T) -> Result<T, String> {
    let validation = gpu.device.push_error_scope(wgpu::ErrorFilter::Validation);
    let internal = gpu.device.push_error_scope(wgpu::ErrorFilter::Internal);
    let value = f();
    let internal = pollster::block_on(internal.pop());
    let validation = pollster::block_on(validation.pop());
    if let Some(e) = validation.or(internal) {
        return Err(format!("wgpu: {e}"));
    }
    Ok(value)
}
