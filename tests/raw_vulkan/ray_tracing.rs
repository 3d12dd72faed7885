//! A minimal Vulkan ray-tracing pipeline runner on `ash` (wgpu has no ray-tracing
//! pipelines): acceleration structures from triangles and AABBs, a pipeline of the entry
//! points of one SPIR-V module, a shader binding table, one `vkCmdTraceRaysKHR` writing a
//! storage buffer that is read back.
//!
//! Descriptor set 0 holds the TLAS at binding 0 and the storage buffer at binding 1. Every
//! buffer lives in host-visible memory (lavapipe has nothing else; a discrete GPU reads it
//! over the bus, which is fine for a test). [`run`] says why when no device has
//! `VK_KHR_ray_tracing_pipeline`.

use ash::vk;
use std::ffi::CString;

/// A BLAS: triangles (three object-space vertices each) or axis-aligned boxes (min, max).
pub enum Geometry {
    /// Non-opaque, so any-hit shaders run; any-hit runs once per primitive.
    Triangles(Vec<[[f32; 3]; 3]>),
    Aabbs(Vec<[f32; 6]>),
}

/// One TLAS instance of BLAS `blas`.
pub struct Instance {
    /// Object to world, 3×4 row-major.
    pub transform: [f32; 12],
    /// `InstanceID()`.
    pub custom_index: u32,
    pub mask: u8,
    /// The instance's contribution to the hit-group index.
    pub sbt_offset: u32,
    pub blas: usize,
}

/// A hit group: entry point names.
#[derive(Default)]
pub struct HitGroup<'a> {
    pub closest_hit: Option<&'a str>,
    pub any_hit: Option<&'a str>,
    /// With an intersection shader the group is procedural.
    pub intersection: Option<&'a str>,
    /// The shader record after the group's handle (`[[vk::shader_record_ext]]` data).
    pub record: &'a [u8],
}

/// The entry points of the pipeline, in shader-binding-table order.
pub struct Stages<'a> {
    pub raygen: &'a str,
    pub miss: Vec<&'a str>,
    pub hit_groups: Vec<HitGroup<'a>>,
    pub callable: Vec<&'a str>,
}

/// Traces `size` rays with the module's stages over the scene; returns the storage buffer
/// (`output_len` bytes, zero-filled before the run) and the device's name.
pub fn run(words: &[u32], blases: &[Geometry], instances: &[Instance], stages: &Stages<'_>, output_len: usize, size: [u32; 2]) -> Result<(Vec<u8>, String), String> {
    // SAFETY: loading the system's Vulkan loader, which the ICD manifests configure.
    let entry = unsafe { ash::Entry::load() }.map_err(|e| format!("no Vulkan loader: {e}"))?;
    let app = vk::ApplicationInfo::default().api_version(vk::API_VERSION_1_2);
    // SAFETY: plain instance creation with valid create info.
    let instance = unsafe { entry.create_instance(&vk::InstanceCreateInfo::default().application_info(&app), None) }.map_err(|e| format!("vkCreateInstance: {e}"))?;
    // SAFETY: the instance is valid; everything made from it is destroyed before it.
    let result = unsafe { run_on(&instance, words, blases, instances, stages, output_len, size) };
    // SAFETY: all children were destroyed by `run_on`.
    unsafe { instance.destroy_instance(None) };
    result
}

const EXTENSIONS: [&std::ffi::CStr; 3] = [ash::khr::ray_tracing_pipeline::NAME, ash::khr::acceleration_structure::NAME, ash::khr::deferred_host_operations::NAME];

unsafe fn run_on(instance: &ash::Instance, words: &[u32], blases: &[Geometry], instances: &[Instance], stages: &Stages<'_>, output_len: usize, size: [u32; 2]) -> Result<(Vec<u8>, String), String> {
    let physicals = instance.enumerate_physical_devices().map_err(|e| format!("vkEnumeratePhysicalDevices: {e}"))?;
    let mut names = Vec::new();
    for physical in physicals {
        let props = instance.get_physical_device_properties(physical);
        let name = props.device_name_as_c_str().map(|c| c.to_string_lossy().into_owned()).unwrap_or_default();
        let available = instance.enumerate_device_extension_properties(physical).unwrap_or_default();
        let has = |n: &std::ffi::CStr| available.iter().any(|e| e.extension_name_as_c_str() == Ok(n));
        let Some(family) = instance.get_physical_device_queue_family_properties(physical).iter().position(|f| f.queue_flags.contains(vk::QueueFlags::COMPUTE)) else { continue };
        if !EXTENSIONS.iter().all(|e| has(e)) || props.api_version < vk::API_VERSION_1_2 {
            names.push(name);
            continue;
        }
        let mut ctx = Context::new(instance, physical, family as u32, name)?;
        let result = ctx.trace(words, blases, instances, stages, output_len, size);
        ctx.destroy();
        return result.map(|out| (out, ctx.name.clone()));
    }
    Err(format!("no Vulkan device has VK_KHR_ray_tracing_pipeline and VK_KHR_acceleration_structure (devices: {names:?})"))
}

/// A device with the ray-tracing extensions, and everything created on it.
struct Context {
    device: ash::Device,
    memory_props: vk::PhysicalDeviceMemoryProperties,
    /// `shaderGroupHandleSize`, `shaderGroupHandleAlignment`, `shaderGroupBaseAlignment`.
    handle_size: u64,
    handle_alignment: u64,
    base_alignment: u64,
    scratch_alignment: u64,
    accel: ash::khr::acceleration_structure::Device,
    rt: ash::khr::ray_tracing_pipeline::Device,
    queue: vk::Queue,
    pool: vk::CommandPool,
    name: String,
    buffers: Vec<(vk::Buffer, vk::DeviceMemory)>,
    structures: Vec<vk::AccelerationStructureKHR>,
    others: Vec<Destroy>,
}

/// Destroys one object made on the device.
type Destroy = Box<dyn FnOnce(&ash::Device)>;

/// A buffer with its memory and device address.
#[derive(Clone, Copy)]
struct Buffer {
    buffer: vk::Buffer,
    memory: vk::DeviceMemory,
    address: u64,
}

impl Context {
    unsafe fn new(instance: &ash::Instance, physical: vk::PhysicalDevice, family: u32, name: String) -> Result<Context, String> {
        let mut rt_props = vk::PhysicalDeviceRayTracingPipelinePropertiesKHR::default();
        let mut as_props = vk::PhysicalDeviceAccelerationStructurePropertiesKHR::default();
        let mut props2 = vk::PhysicalDeviceProperties2::default().push_next(&mut rt_props).push_next(&mut as_props);
        instance.get_physical_device_properties2(physical, &mut props2);
        let scratch_alignment = u64::from(as_props.min_acceleration_structure_scratch_offset_alignment.max(1));
        let (handle_size, handle_alignment, base_alignment) =
            (u64::from(rt_props.shader_group_handle_size), u64::from(rt_props.shader_group_handle_alignment), u64::from(rt_props.shader_group_base_alignment));
        let mut v12 = vk::PhysicalDeviceVulkan12Features::default().buffer_device_address(true);
        let mut as_features = vk::PhysicalDeviceAccelerationStructureFeaturesKHR::default().acceleration_structure(true);
        let mut rt_features = vk::PhysicalDeviceRayTracingPipelineFeaturesKHR::default().ray_tracing_pipeline(true);
        let priorities = [1.0];
        let queues = [vk::DeviceQueueCreateInfo::default().queue_family_index(family).queue_priorities(&priorities)];
        let extensions: Vec<*const std::ffi::c_char> = EXTENSIONS.iter().map(|e| e.as_ptr()).collect();
        let info = vk::DeviceCreateInfo::default()
            .queue_create_infos(&queues)
            .enabled_extension_names(&extensions)
            .push_next(&mut v12)
            .push_next(&mut as_features)
            .push_next(&mut rt_features);
        let device = instance.create_device(physical, &info, None).map_err(|e| format!("vkCreateDevice: {e}"))?;
        let pool = device
            .create_command_pool(&vk::CommandPoolCreateInfo::default().queue_family_index(family), None)
            .map_err(|e| format!("vkCreateCommandPool: {e}"))?;
        Ok(Context {
            accel: ash::khr::acceleration_structure::Device::new(instance, &device),
            rt: ash::khr::ray_tracing_pipeline::Device::new(instance, &device),
            queue: device.get_device_queue(family, 0),
            memory_props: instance.get_physical_device_memory_properties(physical),
            device,
            handle_size,
            handle_alignment,
            base_alignment,
            scratch_alignment,
            pool,
            name,
            buffers: Vec::new(),
            structures: Vec::new(),
            others: Vec::new(),
        })
    }

    unsafe fn destroy(&mut self) {
        let _ = self.device.device_wait_idle();
        for s in self.structures.drain(..) {
            self.accel.destroy_acceleration_structure(s, None);
        }
        for f in self.others.drain(..).rev() {
            f(&self.device);
        }
        for (b, m) in self.buffers.drain(..) {
            self.device.destroy_buffer(b, None);
            self.device.free_memory(m, None);
        }
        self.device.destroy_command_pool(self.pool, None);
        self.device.destroy_device(None);
    }

    /// A host-visible buffer of `len` bytes holding `data` (zeros after it).
    unsafe fn buffer(&mut self, len: usize, usage: vk::BufferUsageFlags, data: &[u8]) -> Result<Buffer, String> {
        let usage = usage | vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS;
        let buffer = self.device.create_buffer(&vk::BufferCreateInfo::default().size(len.max(4) as u64).usage(usage), None).map_err(|e| format!("vkCreateBuffer: {e}"))?;
        let req = self.device.get_buffer_memory_requirements(buffer);
        let wanted = vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT;
        let Some(index) = (0..self.memory_props.memory_type_count).find(|&i| req.memory_type_bits & (1 << i) != 0 && self.memory_props.memory_types[i as usize].property_flags.contains(wanted)) else {
            self.device.destroy_buffer(buffer, None);
            return Err("no host-visible memory type".into());
        };
        let mut flags = vk::MemoryAllocateFlagsInfo::default().flags(vk::MemoryAllocateFlags::DEVICE_ADDRESS);
        let memory = match self.device.allocate_memory(&vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(index).push_next(&mut flags), None) {
            Ok(m) => m,
            Err(e) => {
                self.device.destroy_buffer(buffer, None);
                return Err(format!("vkAllocateMemory: {e}"));
            }
        };
        self.buffers.push((buffer, memory));
        self.device.bind_buffer_memory(buffer, memory, 0).map_err(|e| format!("vkBindBufferMemory: {e}"))?;
        let ptr = self.device.map_memory(memory, 0, req.size, vk::MemoryMapFlags::empty()).map_err(|e| format!("vkMapMemory: {e}"))? as *mut u8;
        std::ptr::write_bytes(ptr, 0, req.size as usize);
        std::ptr::copy_nonoverlapping(data.as_ptr(), ptr, data.len().min(len));
        self.device.unmap_memory(memory);
        let address = self.device.get_buffer_device_address(&vk::BufferDeviceAddressInfo::default().buffer(buffer));
        Ok(Buffer { buffer, memory, address })
    }

    unsafe fn read(&self, b: Buffer, len: usize) -> Result<Vec<u8>, String> {
        let ptr = self.device.map_memory(b.memory, 0, len as u64, vk::MemoryMapFlags::empty()).map_err(|e| format!("vkMapMemory: {e}"))? as *const u8;
        let out = std::slice::from_raw_parts(ptr, len).to_vec();
        self.device.unmap_memory(b.memory);
        Ok(out)
    }

    /// Records `record` into a one-time command buffer, submits it and waits.
    unsafe fn submit(&self, record: impl FnOnce(vk::CommandBuffer)) -> Result<(), String> {
        let cmd = self.device.allocate_command_buffers(&vk::CommandBufferAllocateInfo::default().command_pool(self.pool).command_buffer_count(1)).map_err(|e| format!("vkAllocateCommandBuffers: {e}"))?[0];
        self.device.begin_command_buffer(cmd, &vk::CommandBufferBeginInfo::default().flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT)).map_err(|e| format!("vkBeginCommandBuffer: {e}"))?;
        record(cmd);
        self.device.end_command_buffer(cmd).map_err(|e| format!("vkEndCommandBuffer: {e}"))?;
        let cmds = [cmd];
        self.device.queue_submit(self.queue, &[vk::SubmitInfo::default().command_buffers(&cmds)], vk::Fence::null()).map_err(|e| format!("vkQueueSubmit: {e}"))?;
        self.device.queue_wait_idle(self.queue).map_err(|e| format!("vkQueueWaitIdle: {e}"))?;
        self.device.free_command_buffers(self.pool, &cmds);
        Ok(())
    }

    /// Builds one acceleration structure from `geometry` (`count` primitives).
    unsafe fn build(&mut self, ty: vk::AccelerationStructureTypeKHR, geometry: vk::AccelerationStructureGeometryKHR<'_>, count: u32) -> Result<(vk::AccelerationStructureKHR, u64), String> {
        let geometries = [geometry];
        let mut info = vk::AccelerationStructureBuildGeometryInfoKHR::default()
            .ty(ty)
            .flags(vk::BuildAccelerationStructureFlagsKHR::PREFER_FAST_TRACE)
            .mode(vk::BuildAccelerationStructureModeKHR::BUILD)
            .geometries(&geometries);
        let mut sizes = vk::AccelerationStructureBuildSizesInfoKHR::default();
        self.accel.get_acceleration_structure_build_sizes(vk::AccelerationStructureBuildTypeKHR::DEVICE, &info, &[count], &mut sizes);
        let storage = self.buffer(sizes.acceleration_structure_size as usize, vk::BufferUsageFlags::ACCELERATION_STRUCTURE_STORAGE_KHR, &[])?;
        let structure = self
            .accel
            .create_acceleration_structure(&vk::AccelerationStructureCreateInfoKHR::default().buffer(storage.buffer).size(sizes.acceleration_structure_size).ty(ty), None)
            .map_err(|e| format!("vkCreateAccelerationStructureKHR: {e}"))?;
        self.structures.push(structure);
        let scratch = self.buffer((sizes.build_scratch_size + self.scratch_alignment) as usize, vk::BufferUsageFlags::STORAGE_BUFFER, &[])?;
        let scratch_address = scratch.address.div_ceil(self.scratch_alignment) * self.scratch_alignment;
        info = info.dst_acceleration_structure(structure).scratch_data(vk::DeviceOrHostAddressKHR { device_address: scratch_address });
        let range = [vk::AccelerationStructureBuildRangeInfoKHR::default().primitive_count(count)];
        let accel = &self.accel;
        self.submit(|cmd| accel.cmd_build_acceleration_structures(cmd, &[info], &[&range]))?;
        let address = self.accel.get_acceleration_structure_device_address(&vk::AccelerationStructureDeviceAddressInfoKHR::default().acceleration_structure(structure));
        Ok((structure, address))
    }

    unsafe fn trace(&mut self, words: &[u32], blases: &[Geometry], instances: &[Instance], stages: &Stages<'_>, output_len: usize, size: [u32; 2]) -> Result<Vec<u8>, String> {
        // Acceleration structures.
        let input = vk::BufferUsageFlags::ACCELERATION_STRUCTURE_BUILD_INPUT_READ_ONLY_KHR;
        let mut blas_addresses = Vec::new();
        for g in blases {
            let (geometry, count) = match g {
                Geometry::Triangles(tris) => {
                    let bytes: Vec<u8> = tris.iter().flatten().flatten().flat_map(|v| v.to_le_bytes()).collect();
                    let vertices = self.buffer(bytes.len(), input, &bytes)?;
                    let data = vk::AccelerationStructureGeometryTrianglesDataKHR::default()
                        .vertex_format(vk::Format::R32G32B32_SFLOAT)
                        .vertex_data(vk::DeviceOrHostAddressConstKHR { device_address: vertices.address })
                        .vertex_stride(12)
                        .max_vertex((tris.len() * 3) as u32 - 1)
                        .index_type(vk::IndexType::NONE_KHR);
                    let geometry = vk::AccelerationStructureGeometryKHR::default()
                        .geometry_type(vk::GeometryTypeKHR::TRIANGLES)
                        .geometry(vk::AccelerationStructureGeometryDataKHR { triangles: data })
                        .flags(vk::GeometryFlagsKHR::NO_DUPLICATE_ANY_HIT_INVOCATION);
                    (geometry, tris.len() as u32)
                }
                Geometry::Aabbs(boxes) => {
                    let bytes: Vec<u8> = boxes.iter().flatten().flat_map(|v| v.to_le_bytes()).collect();
                    let data = self.buffer(bytes.len(), input, &bytes)?;
                    let aabbs = vk::AccelerationStructureGeometryAabbsDataKHR::default().data(vk::DeviceOrHostAddressConstKHR { device_address: data.address }).stride(24);
                    let geometry = vk::AccelerationStructureGeometryKHR::default()
                        .geometry_type(vk::GeometryTypeKHR::AABBS)
                        .geometry(vk::AccelerationStructureGeometryDataKHR { aabbs })
                        .flags(vk::GeometryFlagsKHR::NO_DUPLICATE_ANY_HIT_INVOCATION);
                    (geometry, boxes.len() as u32)
                }
            };
            blas_addresses.push(self.build(vk::AccelerationStructureTypeKHR::BOTTOM_LEVEL, geometry, count)?.1);
        }
        // `VkAccelerationStructureInstanceKHR`: transform, custom index | mask << 24,
        // SBT offset | flags << 24, BLAS address.
        let mut bytes = Vec::new();
        for i in instances {
            bytes.extend(i.transform.iter().flat_map(|v| v.to_le_bytes()));
            bytes.extend((i.custom_index & 0xFF_FFFF | u32::from(i.mask) << 24).to_le_bytes());
            bytes.extend((i.sbt_offset & 0xFF_FFFF).to_le_bytes());
            bytes.extend(blas_addresses.get(i.blas).ok_or("an instance of a missing BLAS")?.to_le_bytes());
        }
        let instance_buffer = self.buffer(bytes.len(), input, &bytes)?;
        let data = vk::AccelerationStructureGeometryInstancesDataKHR::default().data(vk::DeviceOrHostAddressConstKHR { device_address: instance_buffer.address });
        let geometry = vk::AccelerationStructureGeometryKHR::default().geometry_type(vk::GeometryTypeKHR::INSTANCES).geometry(vk::AccelerationStructureGeometryDataKHR { instances: data });
        let (tlas, _) = self.build(vk::AccelerationStructureTypeKHR::TOP_LEVEL, geometry, instances.len() as u32)?;
        let output = self.buffer(output_len, vk::BufferUsageFlags::STORAGE_BUFFER, &[])?;

        // Descriptors and pipeline.
        let all = vk::ShaderStageFlags::RAYGEN_KHR | vk::ShaderStageFlags::MISS_KHR | vk::ShaderStageFlags::CLOSEST_HIT_KHR | vk::ShaderStageFlags::ANY_HIT_KHR | vk::ShaderStageFlags::INTERSECTION_KHR | vk::ShaderStageFlags::CALLABLE_KHR;
        let bindings = [
            vk::DescriptorSetLayoutBinding::default().binding(0).descriptor_type(vk::DescriptorType::ACCELERATION_STRUCTURE_KHR).descriptor_count(1).stage_flags(all),
            vk::DescriptorSetLayoutBinding::default().binding(1).descriptor_type(vk::DescriptorType::STORAGE_BUFFER).descriptor_count(1).stage_flags(all),
        ];
        let set_layout = self.device.create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings), None).map_err(|e| format!("vkCreateDescriptorSetLayout: {e}"))?;
        self.others.push(Box::new(move |d| d.destroy_descriptor_set_layout(set_layout, None)));
        let set_layouts = [set_layout];
        let layout = self.device.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().set_layouts(&set_layouts), None).map_err(|e| format!("vkCreatePipelineLayout: {e}"))?;
        self.others.push(Box::new(move |d| d.destroy_pipeline_layout(layout, None)));
        let sizes = [vk::DescriptorPoolSize { ty: vk::DescriptorType::ACCELERATION_STRUCTURE_KHR, descriptor_count: 1 }, vk::DescriptorPoolSize { ty: vk::DescriptorType::STORAGE_BUFFER, descriptor_count: 1 }];
        let pool = self.device.create_descriptor_pool(&vk::DescriptorPoolCreateInfo::default().max_sets(1).pool_sizes(&sizes), None).map_err(|e| format!("vkCreateDescriptorPool: {e}"))?;
        self.others.push(Box::new(move |d| d.destroy_descriptor_pool(pool, None)));
        let set = self.device.allocate_descriptor_sets(&vk::DescriptorSetAllocateInfo::default().descriptor_pool(pool).set_layouts(&set_layouts)).map_err(|e| format!("vkAllocateDescriptorSets: {e}"))?[0];
        let tlases = [tlas];
        let mut tlas_write = vk::WriteDescriptorSetAccelerationStructureKHR::default().acceleration_structures(&tlases);
        let buffer_info = [vk::DescriptorBufferInfo { buffer: output.buffer, offset: 0, range: vk::WHOLE_SIZE }];
        let writes = [
            vk::WriteDescriptorSet::default().dst_set(set).dst_binding(0).descriptor_type(vk::DescriptorType::ACCELERATION_STRUCTURE_KHR).descriptor_count(1).push_next(&mut tlas_write),
            vk::WriteDescriptorSet::default().dst_set(set).dst_binding(1).descriptor_type(vk::DescriptorType::STORAGE_BUFFER).buffer_info(&buffer_info),
        ];
        self.device.update_descriptor_sets(&writes, &[]);

        let module = self.device.create_shader_module(&vk::ShaderModuleCreateInfo::default().code(words), None).map_err(|e| format!("vkCreateShaderModule: {e}"))?;
        self.others.push(Box::new(move |d| d.destroy_shader_module(module, None)));
        // Stages: raygen, misses, hit-group shaders, callables; groups in SBT order.
        let mut names: Vec<(CString, vk::ShaderStageFlags)> = Vec::new();
        let mut stage_index = |name: &str, flags: vk::ShaderStageFlags| -> Result<u32, String> {
            names.push((CString::new(name).map_err(|e| e.to_string())?, flags));
            Ok(names.len() as u32 - 1)
        };
        let general = |i: u32| vk::RayTracingShaderGroupCreateInfoKHR::default().ty(vk::RayTracingShaderGroupTypeKHR::GENERAL).general_shader(i).closest_hit_shader(vk::SHADER_UNUSED_KHR).any_hit_shader(vk::SHADER_UNUSED_KHR).intersection_shader(vk::SHADER_UNUSED_KHR);
        let mut groups = vec![general(stage_index(stages.raygen, vk::ShaderStageFlags::RAYGEN_KHR)?)];
        for m in &stages.miss {
            groups.push(general(stage_index(m, vk::ShaderStageFlags::MISS_KHR)?));
        }
        for h in &stages.hit_groups {
            let optional = |name: Option<&str>, flags, stage_index: &mut dyn FnMut(&str, vk::ShaderStageFlags) -> Result<u32, String>| name.map_or(Ok(vk::SHADER_UNUSED_KHR), |n| stage_index(n, flags));
            let closest = optional(h.closest_hit, vk::ShaderStageFlags::CLOSEST_HIT_KHR, &mut stage_index)?;
            let any = optional(h.any_hit, vk::ShaderStageFlags::ANY_HIT_KHR, &mut stage_index)?;
            let intersection = optional(h.intersection, vk::ShaderStageFlags::INTERSECTION_KHR, &mut stage_index)?;
            let ty = if h.intersection.is_some() { vk::RayTracingShaderGroupTypeKHR::PROCEDURAL_HIT_GROUP } else { vk::RayTracingShaderGroupTypeKHR::TRIANGLES_HIT_GROUP };
            groups.push(vk::RayTracingShaderGroupCreateInfoKHR::default().ty(ty).general_shader(vk::SHADER_UNUSED_KHR).closest_hit_shader(closest).any_hit_shader(any).intersection_shader(intersection));
        }
        for c in &stages.callable {
            groups.push(general(stage_index(c, vk::ShaderStageFlags::CALLABLE_KHR)?));
        }
        let stage_infos: Vec<vk::PipelineShaderStageCreateInfo<'_>> = names.iter().map(|(n, flags)| vk::PipelineShaderStageCreateInfo::default().stage(*flags).module(module).name(n)).collect();
        let info = vk::RayTracingPipelineCreateInfoKHR::default().stages(&stage_infos).groups(&groups).max_pipeline_ray_recursion_depth(1).layout(layout);
        let pipeline = self.rt.create_ray_tracing_pipelines(vk::DeferredOperationKHR::null(), vk::PipelineCache::null(), &[info], None).map_err(|(_, e)| format!("vkCreateRayTracingPipelinesKHR: {e}"))?[0];
        self.others.push(Box::new(move |d| d.destroy_pipeline(pipeline, None)));

        // The shader binding table: raygen, miss, hit and callable regions, each aligned.
        let handle_size = self.handle_size;
        let align = |v: u64, a: u64| v.div_ceil(a.max(1)) * a.max(1);
        let stride = align(handle_size, self.handle_alignment);
        let base = self.base_alignment;
        let handles = self.rt.get_ray_tracing_shader_group_handles(pipeline, 0, groups.len() as u32, groups.len() * handle_size as usize).map_err(|e| format!("vkGetRayTracingShaderGroupHandlesKHR: {e}"))?;
        let counts = [1, stages.miss.len(), stages.hit_groups.len(), stages.callable.len()];
        let mut table = Vec::new();
        let mut regions = Vec::new();
        let mut group = 0usize;
        // Hit-group records carry their shader record after the handle.
        let longest_record = stages.hit_groups.iter().map(|h| h.record.len() as u64).max().unwrap_or(0);
        for (k, &n) in counts.iter().enumerate() {
            table.resize(align(table.len() as u64, base) as usize, 0);
            let offset = table.len() as u64;
            let stride = if k == 2 { align(handle_size + longest_record, self.handle_alignment) } else { stride };
            for i in 0..n {
                let start = table.len();
                table.extend_from_slice(&handles[group * handle_size as usize..(group + 1) * handle_size as usize]);
                if k == 2 {
                    table.extend_from_slice(stages.hit_groups[i].record);
                }
                table.resize(start + stride as usize, 0);
                group += 1;
            }
            // The raygen region's size equals its stride.
            let region_stride = if k == 0 { align(stride, base) } else { stride };
            regions.push((offset, region_stride, if n == 0 { 0 } else if k == 0 { region_stride } else { stride * n as u64 }));
        }
        let sbt = self.buffer(table.len() + base as usize, vk::BufferUsageFlags::SHADER_BINDING_TABLE_KHR, &[])?;
        // The table starts at the first base-aligned address of the buffer.
        let start = align(sbt.address, base);
        let mut padded = vec![0u8; (start - sbt.address) as usize];
        padded.extend_from_slice(&table);
        let ptr = self.device.map_memory(sbt.memory, 0, padded.len() as u64, vk::MemoryMapFlags::empty()).map_err(|e| format!("vkMapMemory: {e}"))? as *mut u8;
        std::ptr::copy_nonoverlapping(padded.as_ptr(), ptr, padded.len());
        self.device.unmap_memory(sbt.memory);
        let region = |(offset, stride, size): (u64, u64, u64)| vk::StridedDeviceAddressRegionKHR { device_address: if size == 0 { 0 } else { start + offset }, stride: if size == 0 { 0 } else { stride }, size };
        let (raygen, miss, hit, callable) = (region(regions[0]), region(regions[1]), region(regions[2]), region(regions[3]));

        let (device, rt) = (&self.device, &self.rt);
        self.submit(|cmd| {
            device.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::RAY_TRACING_KHR, pipeline);
            device.cmd_bind_descriptor_sets(cmd, vk::PipelineBindPoint::RAY_TRACING_KHR, layout, 0, &[set], &[]);
            rt.cmd_trace_rays(cmd, &raygen, &miss, &hit, &callable, size[0], size[1], 1);
        })?;
        self.read(output, output_len)
    }
}
