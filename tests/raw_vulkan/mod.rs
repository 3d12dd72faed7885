//! A minimal Vulkan runner on `ash`, for SPIR-V that wgpu cannot bind or run.
//!
//! wgpu has no combined image-sampler binding and does not enable `shaderResourceMinLod`, so
//! kernels using `vk::SampledTexture…` (one `COMBINED_IMAGE_SAMPLER` descriptor) or the
//! `MinLod` image operand run here instead: one compute dispatch over descriptor set 0 with
//! combined image samplers (an `R32G32B32A32_SFLOAT` 2D texture with its mips, and a sampler)
//! and storage buffers (optionally with device addresses, for `vk::RawBufferLoad`), read back
//! after the run. [`graphics`] draws with vertex, tessellation,
//! geometry and fragment shaders (stages wgpu has no pipeline for) into one `R32G32B32A32`
//! target. It loads
//! the system's Vulkan loader (lavapipe in CI); [`Device::new`] says why when there is none.

#![allow(dead_code)]

pub mod graphics;
pub mod stage_tests;

use ash::vk;

/// Makes push-constant bytes from the device addresses of a run's `Addressed` buffers.
pub type PushConstants = fn(&[u64]) -> Vec<u8>;

/// One binding of descriptor set 0.
pub enum Resource {
    /// A combined image sampler: RGBA32F texels per mip (mip 0 is `width × height`), and the
    /// sampler's filter (`true`: linear) and minimum LOD.
    CombinedImage { width: u32, height: u32, mips: Vec<Vec<[f32; 4]>>, linear: bool, min_lod: f32 },
    /// A storage buffer of `len` bytes (zero-filled), read back.
    Storage { len: usize },
    /// A storage buffer of `len` bytes with a device address (`bufferDeviceAddress`), filled
    /// with what `fill` makes of that address (contents may hold addresses into it), read
    /// back.
    Addressed { len: usize, fill: fn(u64) -> Vec<u8> },
}

/// A Vulkan device with a compute queue.
pub struct Device {
    _entry: ash::Entry,
    instance: ash::Instance,
    physical: vk::PhysicalDevice,
    device: ash::Device,
    queue: vk::Queue,
    family: u32,
    /// The adapter's name.
    pub name: String,
    /// Whether `shaderResourceMinLod` is enabled (the `MinLod` capability).
    pub min_lod: bool,
    /// Whether `geometryShader` is enabled.
    pub geometry: bool,
    /// Whether `tessellationShader` is enabled.
    pub tessellation: bool,
    /// Whether `VK_KHR_fragment_shader_barycentric` (per-vertex pixel inputs) is enabled
    /// (Mesa 25's lavapipe has it, Mesa 22.3's does not).
    pub barycentric: bool,
    /// Whether `sampleRateShading` (which SPIR-V's `InterpolationFunction` capability needs)
    /// is enabled.
    pub sample_rate_shading: bool,
    /// Whether `VK_KHR_buffer_device_address` (`bufferDeviceAddress`) is enabled.
    pub buffer_device_address: bool,
}

impl Device {
    /// The first Vulkan device with a queue for compute and graphics.
    pub fn new() -> Result<Device, String> {
        // SAFETY: loading the system's Vulkan loader, which the ICD manifests configure.
        let entry = unsafe { ash::Entry::load() }.map_err(|e| format!("no Vulkan loader: {e}"))?;
        let app = vk::ApplicationInfo::default().api_version(vk::API_VERSION_1_1);
        // SAFETY: plain instance creation with valid create info.
        let instance = unsafe { entry.create_instance(&vk::InstanceCreateInfo::default().application_info(&app), None) }.map_err(|e| format!("vkCreateInstance: {e}"))?;
        // SAFETY: the instance is valid for every call below.
        unsafe {
            let physicals = instance.enumerate_physical_devices().map_err(|e| format!("vkEnumeratePhysicalDevices: {e}"))?;
            for physical in physicals {
                let families = instance.get_physical_device_queue_family_properties(physical);
                let Some(family) = families.iter().position(|f| f.queue_flags.contains(vk::QueueFlags::COMPUTE | vk::QueueFlags::GRAPHICS)) else { continue };
                let props = instance.get_physical_device_properties(physical);
                let name = props.device_name_as_c_str().map(|c| c.to_string_lossy().into_owned()).unwrap_or_default();
                let supported = instance.get_physical_device_features(physical);
                let min_lod = supported.shader_resource_min_lod == vk::TRUE;
                let geometry = supported.geometry_shader == vk::TRUE;
                let tessellation = supported.tessellation_shader == vk::TRUE;
                let sample_rate_shading = supported.sample_rate_shading == vk::TRUE;
                // `shaderTessellationAndGeometryPointSize` stays off: geometry shaders' points
                // are then one pixel without a `PointSize` output.
                let features = vk::PhysicalDeviceFeatures::default().shader_resource_min_lod(min_lod).geometry_shader(geometry).tessellation_shader(tessellation).sample_rate_shading(sample_rate_shading);
                let priorities = [1.0];
                let queues = [vk::DeviceQueueCreateInfo::default().queue_family_index(family as u32).queue_priorities(&priorities)];
                let barycentric_name = ash::khr::fragment_shader_barycentric::NAME;
                let extensions = instance.enumerate_device_extension_properties(physical).unwrap_or_default();
                let barycentric = extensions.iter().any(|e| e.extension_name_as_c_str() == Ok(barycentric_name));
                let address_name = ash::khr::buffer_device_address::NAME;
                let buffer_device_address = extensions.iter().any(|e| e.extension_name_as_c_str() == Ok(address_name));
                let mut enabled: Vec<*const std::ffi::c_char> = if barycentric { vec![barycentric_name.as_ptr()] } else { Vec::new() };
                if buffer_device_address {
                    enabled.push(address_name.as_ptr());
                }
                let mut barycentric_features = vk::PhysicalDeviceFragmentShaderBarycentricFeaturesKHR::default().fragment_shader_barycentric(true);
                let mut address_features = vk::PhysicalDeviceBufferDeviceAddressFeatures::default().buffer_device_address(true);
                let mut info = vk::DeviceCreateInfo::default().queue_create_infos(&queues).enabled_features(&features).enabled_extension_names(&enabled);
                if barycentric {
                    info = info.push_next(&mut barycentric_features);
                }
                if buffer_device_address {
                    info = info.push_next(&mut address_features);
                }
                let device = instance.create_device(physical, &info, None).map_err(|e| format!("vkCreateDevice: {e}"))?;
                let queue = device.get_device_queue(family as u32, 0);
                return Ok(Device { _entry: entry, instance, physical, device, queue, family: family as u32, name, min_lod, geometry, tessellation, barycentric, sample_rate_shading, buffer_device_address });
            }
        }
        Err("no Vulkan device with a compute and graphics queue".into())
    }

    /// Runs `words` (entry `main`) once with `workgroups`, the resources at bindings 0, 1, …
    /// of set 0; returns the contents of each storage buffer, in binding order.
    pub fn run(&self, words: &[u32], resources: &[Resource], workgroups: [u32; 3]) -> Result<Vec<Vec<u8>>, String> {
        self.run_with_push_constants(words, resources, workgroups, None)
    }

    /// As [`Device::run`], with push constants (for the compute stage, from offset 0) that
    /// `push` makes of the device addresses of the `Addressed` buffers, in binding order.
    pub fn run_with_push_constants(&self, words: &[u32], resources: &[Resource], workgroups: [u32; 3], push: Option<PushConstants>) -> Result<Vec<Vec<u8>>, String> {
        let mut owned = Owned::default();
        // SAFETY: every handle is created from `self.device` and destroyed by `owned` after the
        // queue is idle.
        let result = unsafe { self.run_inner(words, resources, workgroups, push, &mut owned) };
        // SAFETY: as above; the device is idle (or the run failed before submitting).
        unsafe {
            let _ = self.device.device_wait_idle();
            owned.destroy(&self.device);
        }
        result.map_err(|e| format!("Vulkan: {e}"))
    }

    unsafe fn run_inner(&self, words: &[u32], resources: &[Resource], workgroups: [u32; 3], push: Option<PushConstants>, owned: &mut Owned) -> Result<Vec<Vec<u8>>, vk::Result> {
        let d = &self.device;
        let pool = d.create_command_pool(&vk::CommandPoolCreateInfo::default().queue_family_index(self.family), None)?;
        owned.pools.push(pool);
        let cmd = d.allocate_command_buffers(&vk::CommandBufferAllocateInfo::default().command_pool(pool).command_buffer_count(1))?[0];
        d.begin_command_buffer(cmd, &vk::CommandBufferBeginInfo::default())?;

        let mut layout_bindings = Vec::new();
        let mut image_infos = Vec::new();
        let mut buffer_infos = Vec::new();
        let mut storage = Vec::new();
        let mut addresses = Vec::new();
        for (i, r) in resources.iter().enumerate() {
            match r {
                Resource::CombinedImage { width, height, mips, linear, min_lod } => {
                    let (image, view, sampler) = self.texture(cmd, *width, *height, mips, *linear, *min_lod, owned)?;
                    let _ = image;
                    layout_bindings.push((i as u32, vk::DescriptorType::COMBINED_IMAGE_SAMPLER));
                    image_infos.push((i as u32, vk::DescriptorImageInfo::default().sampler(sampler).image_view(view).image_layout(vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL)));
                }
                Resource::Storage { len } => {
                    let (buffer, memory) = self.buffer(*len as u64, vk::BufferUsageFlags::STORAGE_BUFFER, owned)?;
                    let ptr = d.map_memory(memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty())?;
                    std::ptr::write_bytes(ptr.cast::<u8>(), 0, *len);
                    d.unmap_memory(memory);
                    layout_bindings.push((i as u32, vk::DescriptorType::STORAGE_BUFFER));
                    buffer_infos.push((i as u32, vk::DescriptorBufferInfo::default().buffer(buffer).range(vk::WHOLE_SIZE)));
                    storage.push((memory, *len));
                }
                Resource::Addressed { len, fill } => {
                    let usage = vk::BufferUsageFlags::STORAGE_BUFFER | vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS;
                    let buffer = d.create_buffer(&vk::BufferCreateInfo::default().size((*len as u64).max(16)).usage(usage), None)?;
                    owned.buffers.push(buffer);
                    let req = d.get_buffer_memory_requirements(buffer);
                    let props = self.instance.get_physical_device_memory_properties(self.physical);
                    let flags = vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT;
                    let index = (0..props.memory_type_count)
                        .find(|&i| req.memory_type_bits & (1 << i) != 0 && props.memory_types[i as usize].property_flags.contains(flags))
                        .ok_or(vk::Result::ERROR_OUT_OF_DEVICE_MEMORY)?;
                    let mut address_flags = vk::MemoryAllocateFlagsInfo::default().flags(vk::MemoryAllocateFlags::DEVICE_ADDRESS);
                    let memory = d.allocate_memory(&vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(index).push_next(&mut address_flags), None)?;
                    owned.memories.push(memory);
                    d.bind_buffer_memory(buffer, memory, 0)?;
                    let loader = ash::khr::buffer_device_address::Device::new(&self.instance, d);
                    let address = loader.get_buffer_device_address(&vk::BufferDeviceAddressInfo::default().buffer(buffer));
                    addresses.push(address);
                    let bytes = fill(address);
                    let ptr = d.map_memory(memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty())?;
                    std::ptr::write_bytes(ptr.cast::<u8>(), 0, *len);
                    std::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr.cast::<u8>(), bytes.len().min(*len));
                    d.unmap_memory(memory);
                    layout_bindings.push((i as u32, vk::DescriptorType::STORAGE_BUFFER));
                    buffer_infos.push((i as u32, vk::DescriptorBufferInfo::default().buffer(buffer).range(vk::WHOLE_SIZE)));
                    storage.push((memory, *len));
                }
            }
        }
        let bindings: Vec<_> = layout_bindings
            .iter()
            .map(|&(b, ty)| vk::DescriptorSetLayoutBinding::default().binding(b).descriptor_type(ty).descriptor_count(1).stage_flags(vk::ShaderStageFlags::COMPUTE))
            .collect();
        let set_layout = d.create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings), None)?;
        owned.set_layouts.push(set_layout);
        let sizes = [
            vk::DescriptorPoolSize { ty: vk::DescriptorType::COMBINED_IMAGE_SAMPLER, descriptor_count: 8 },
            vk::DescriptorPoolSize { ty: vk::DescriptorType::STORAGE_BUFFER, descriptor_count: 8 },
        ];
        let dpool = d.create_descriptor_pool(&vk::DescriptorPoolCreateInfo::default().max_sets(1).pool_sizes(&sizes), None)?;
        owned.descriptor_pools.push(dpool);
        let layouts = [set_layout];
        let set = d.allocate_descriptor_sets(&vk::DescriptorSetAllocateInfo::default().descriptor_pool(dpool).set_layouts(&layouts))?[0];
        let mut writes = Vec::new();
        for (b, info) in &image_infos {
            writes.push(vk::WriteDescriptorSet::default().dst_set(set).dst_binding(*b).descriptor_type(vk::DescriptorType::COMBINED_IMAGE_SAMPLER).image_info(std::slice::from_ref(info)));
        }
        for (b, info) in &buffer_infos {
            writes.push(vk::WriteDescriptorSet::default().dst_set(set).dst_binding(*b).descriptor_type(vk::DescriptorType::STORAGE_BUFFER).buffer_info(std::slice::from_ref(info)));
        }
        d.update_descriptor_sets(&writes, &[]);

        let module = d.create_shader_module(&vk::ShaderModuleCreateInfo::default().code(words), None)?;
        owned.modules.push(module);
        let push = push.map(|f| f(&addresses));
        let ranges: Vec<vk::PushConstantRange> = push.iter().map(|p| vk::PushConstantRange::default().stage_flags(vk::ShaderStageFlags::COMPUTE).size(p.len() as u32)).collect();
        let pipeline_layout = d.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().set_layouts(&layouts).push_constant_ranges(&ranges), None)?;
        owned.pipeline_layouts.push(pipeline_layout);
        let stage = vk::PipelineShaderStageCreateInfo::default().stage(vk::ShaderStageFlags::COMPUTE).module(module).name(c"main");
        let info = vk::ComputePipelineCreateInfo::default().stage(stage).layout(pipeline_layout);
        let pipeline = d.create_compute_pipelines(vk::PipelineCache::null(), &[info], None).map_err(|(_, e)| e)?[0];
        owned.pipelines.push(pipeline);

        d.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::COMPUTE, pipeline);
        d.cmd_bind_descriptor_sets(cmd, vk::PipelineBindPoint::COMPUTE, pipeline_layout, 0, &[set], &[]);
        if let Some(bytes) = &push {
            d.cmd_push_constants(cmd, pipeline_layout, vk::ShaderStageFlags::COMPUTE, 0, bytes);
        }
        d.cmd_dispatch(cmd, workgroups[0], workgroups[1], workgroups[2]);
        let barrier = vk::MemoryBarrier::default().src_access_mask(vk::AccessFlags::SHADER_WRITE).dst_access_mask(vk::AccessFlags::HOST_READ);
        d.cmd_pipeline_barrier(cmd, vk::PipelineStageFlags::COMPUTE_SHADER, vk::PipelineStageFlags::HOST, vk::DependencyFlags::empty(), &[barrier], &[], &[]);
        d.end_command_buffer(cmd)?;
        let cmds = [cmd];
        d.queue_submit(self.queue, &[vk::SubmitInfo::default().command_buffers(&cmds)], vk::Fence::null())?;
        d.queue_wait_idle(self.queue)?;

        let mut out = Vec::new();
        for (memory, len) in storage {
            let ptr = d.map_memory(memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty())?;
            out.push(std::slice::from_raw_parts(ptr.cast::<u8>(), len).to_vec());
            d.unmap_memory(memory);
        }
        Ok(out)
    }

    /// A host-visible, coherent buffer.
    unsafe fn buffer(&self, len: u64, usage: vk::BufferUsageFlags, owned: &mut Owned) -> Result<(vk::Buffer, vk::DeviceMemory), vk::Result> {
        let d = &self.device;
        let buffer = d.create_buffer(&vk::BufferCreateInfo::default().size(len.max(16)).usage(usage), None)?;
        owned.buffers.push(buffer);
        let req = d.get_buffer_memory_requirements(buffer);
        let memory = self.memory(req, vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT, owned)?;
        d.bind_buffer_memory(buffer, memory, 0)?;
        Ok((buffer, memory))
    }

    unsafe fn memory(&self, req: vk::MemoryRequirements, flags: vk::MemoryPropertyFlags, owned: &mut Owned) -> Result<vk::DeviceMemory, vk::Result> {
        let props = self.instance.get_physical_device_memory_properties(self.physical);
        let index = (0..props.memory_type_count)
            .find(|&i| req.memory_type_bits & (1 << i) != 0 && props.memory_types[i as usize].property_flags.contains(flags))
            .ok_or(vk::Result::ERROR_OUT_OF_DEVICE_MEMORY)?;
        let memory = self.device.allocate_memory(&vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(index), None)?;
        owned.memories.push(memory);
        Ok(memory)
    }

    /// An RGBA32F 2D texture with its mips uploaded (recorded into `cmd`), a view and a sampler.
    #[allow(clippy::too_many_arguments)]
    unsafe fn texture(&self, cmd: vk::CommandBuffer, width: u32, height: u32, mips: &[Vec<[f32; 4]>], linear: bool, min_lod: f32, owned: &mut Owned) -> Result<(vk::Image, vk::ImageView, vk::Sampler), vk::Result> {
        let d = &self.device;
        let format = vk::Format::R32G32B32A32_SFLOAT;
        let levels = mips.len() as u32;
        let info = vk::ImageCreateInfo::default()
            .image_type(vk::ImageType::TYPE_2D)
            .format(format)
            .extent(vk::Extent3D { width, height, depth: 1 })
            .mip_levels(levels)
            .array_layers(1)
            .samples(vk::SampleCountFlags::TYPE_1)
            .tiling(vk::ImageTiling::OPTIMAL)
            .usage(vk::ImageUsageFlags::SAMPLED | vk::ImageUsageFlags::TRANSFER_DST);
        let image = d.create_image(&info, None)?;
        owned.images.push(image);
        let req = d.get_image_memory_requirements(image);
        let memory = self.memory(req, vk::MemoryPropertyFlags::empty(), owned)?;
        d.bind_image_memory(image, memory, 0)?;

        let bytes: Vec<u8> = mips.iter().flatten().flatten().flat_map(|v| v.to_le_bytes()).collect();
        let (staging, staging_memory) = self.buffer(bytes.len() as u64, vk::BufferUsageFlags::TRANSFER_SRC, owned)?;
        let ptr = d.map_memory(staging_memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty())?;
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr.cast::<u8>(), bytes.len());
        d.unmap_memory(staging_memory);

        let range = vk::ImageSubresourceRange::default().aspect_mask(vk::ImageAspectFlags::COLOR).level_count(levels).layer_count(1);
        let to_dst = vk::ImageMemoryBarrier::default()
            .image(image)
            .subresource_range(range)
            .old_layout(vk::ImageLayout::UNDEFINED)
            .new_layout(vk::ImageLayout::TRANSFER_DST_OPTIMAL)
            .dst_access_mask(vk::AccessFlags::TRANSFER_WRITE);
        d.cmd_pipeline_barrier(cmd, vk::PipelineStageFlags::TOP_OF_PIPE, vk::PipelineStageFlags::TRANSFER, vk::DependencyFlags::empty(), &[], &[], &[to_dst]);
        let mut regions = Vec::new();
        let mut offset = 0u64;
        for (level, texels) in mips.iter().enumerate() {
            let (w, h) = ((width >> level).max(1), (height >> level).max(1));
            regions.push(
                vk::BufferImageCopy::default()
                    .buffer_offset(offset)
                    .image_subresource(vk::ImageSubresourceLayers::default().aspect_mask(vk::ImageAspectFlags::COLOR).mip_level(level as u32).layer_count(1))
                    .image_extent(vk::Extent3D { width: w, height: h, depth: 1 }),
            );
            offset += texels.len() as u64 * 16;
        }
        d.cmd_copy_buffer_to_image(cmd, staging, image, vk::ImageLayout::TRANSFER_DST_OPTIMAL, &regions);
        let to_read = vk::ImageMemoryBarrier::default()
            .image(image)
            .subresource_range(range)
            .old_layout(vk::ImageLayout::TRANSFER_DST_OPTIMAL)
            .new_layout(vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL)
            .src_access_mask(vk::AccessFlags::TRANSFER_WRITE)
            .dst_access_mask(vk::AccessFlags::SHADER_READ);
        d.cmd_pipeline_barrier(cmd, vk::PipelineStageFlags::TRANSFER, vk::PipelineStageFlags::COMPUTE_SHADER, vk::DependencyFlags::empty(), &[], &[], &[to_read]);

        let view = d.create_image_view(&vk::ImageViewCreateInfo::default().image(image).view_type(vk::ImageViewType::TYPE_2D).format(format).subresource_range(range), None)?;
        owned.views.push(view);
        let filter = if linear { vk::Filter::LINEAR } else { vk::Filter::NEAREST };
        let sampler_info = vk::SamplerCreateInfo::default()
            .mag_filter(filter)
            .min_filter(filter)
            .mipmap_mode(vk::SamplerMipmapMode::NEAREST)
            .address_mode_u(vk::SamplerAddressMode::CLAMP_TO_EDGE)
            .address_mode_v(vk::SamplerAddressMode::CLAMP_TO_EDGE)
            .address_mode_w(vk::SamplerAddressMode::CLAMP_TO_EDGE)
            .min_lod(min_lod)
            .max_lod(vk::LOD_CLAMP_NONE);
        let sampler = d.create_sampler(&sampler_info, None)?;
        owned.samplers.push(sampler);
        Ok((image, view, sampler))
    }
}

impl Drop for Device {
    fn drop(&mut self) {
        // SAFETY: nothing created from the device outlives `run`.
        unsafe {
            let _ = self.device.device_wait_idle();
            self.device.destroy_device(None);
            self.instance.destroy_instance(None);
        }
    }
}

/// Everything one run creates, destroyed together.
#[derive(Default)]
struct Owned {
    pools: Vec<vk::CommandPool>,
    buffers: Vec<vk::Buffer>,
    memories: Vec<vk::DeviceMemory>,
    images: Vec<vk::Image>,
    views: Vec<vk::ImageView>,
    samplers: Vec<vk::Sampler>,
    set_layouts: Vec<vk::DescriptorSetLayout>,
    descriptor_pools: Vec<vk::DescriptorPool>,
    modules: Vec<vk::ShaderModule>,
    pipeline_layouts: Vec<vk::PipelineLayout>,
    pipelines: Vec<vk::Pipeline>,
    render_passes: Vec<vk::RenderPass>,
    framebuffers: Vec<vk::Framebuffer>,
}

impl Owned {
    unsafe fn destroy(self, d: &ash::Device) {
        self.framebuffers.into_iter().for_each(|x| d.destroy_framebuffer(x, None));
        self.pipelines.into_iter().for_each(|x| d.destroy_pipeline(x, None));
        self.render_passes.into_iter().for_each(|x| d.destroy_render_pass(x, None));
        self.pipeline_layouts.into_iter().for_each(|x| d.destroy_pipeline_layout(x, None));
        self.modules.into_iter().for_each(|x| d.destroy_shader_module(x, None));
        self.descriptor_pools.into_iter().for_each(|x| d.destroy_descriptor_pool(x, None));
        self.set_layouts.into_iter().for_each(|x| d.destroy_descriptor_set_layout(x, None));
        self.samplers.into_iter().for_each(|x| d.destroy_sampler(x, None));
        self.views.into_iter().for_each(|x| d.destroy_image_view(x, None));
        self.images.into_iter().for_each(|x| d.destroy_image(x, None));
        self.buffers.into_iter().for_each(|x| d.destroy_buffer(x, None));
        self.memories.into_iter().for_each(|x| d.free_memory(x, None));
        self.pools.into_iter().for_each(|x| d.destroy_command_pool(x, None));
    }
}
