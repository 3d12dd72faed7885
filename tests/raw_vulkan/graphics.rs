//! Draws with a vertex shader, optional tessellation (hull and domain) and geometry shaders,
//! and a fragment shader into one `R32G32B32A32_SFLOAT` colour target, and reads the target
//! back.
//!
//! No vertex buffers: the vertex shader computes its outputs from `SV_VertexID`, and the
//! tests' last pre-rasterization stage emits points at pixel centres (or one triangle covers
//! the target), so every written pixel holds exactly one point's (flat or constant) varyings —
//! the fragment shader's output is compared bit for bit with a CPU model. The one descriptor
//! is an optional input attachment (an `R32G32B32A32_SFLOAT` image of the target's size,
//! uploaded before the render pass) at set 0, binding 0, attachment 1 of the subpass. A
//! multisampled draw renders into a target of that many samples and resolves it into the one
//! read back.

use super::{Device, Owned};
use ash::vk;

/// One draw.
pub struct Draw<'a> {
    pub vertex: &'a [u32],
    /// Hull and domain shaders, and the control points per patch (the topology is then a
    /// patch list).
    pub tessellation: Option<(&'a [u32], &'a [u32], u32)>,
    pub geometry: Option<&'a [u32]>,
    pub fragment: &'a [u32],
    pub topology: vk::PrimitiveTopology,
    pub vertices: u32,
    pub width: u32,
    pub height: u32,
    /// The colour every pixel starts with.
    pub clear: [f32; 4],
    /// Samples per pixel (1, or a multisampled target resolved before it is read back, with
    /// Vulkan's standard sample locations; no input attachment then).
    pub samples: u32,
    /// The input attachment's texels, row by row (`width × height`), if the fragment shader
    /// reads one (`SubpassInput` at set 0, binding 0, input attachment index 0).
    pub input: Option<&'a [[f32; 4]]>,
}

impl Device {
    /// Runs `draw` (every entry point named `main`) and returns the target's pixels, row by row.
    pub fn draw(&self, draw: &Draw<'_>) -> Result<Vec<[f32; 4]>, String> {
        let mut owned = Owned::default();
        // SAFETY: every handle is created from `self.device` and destroyed by `owned` after the
        // queue is idle.
        let result = unsafe { self.draw_inner(draw, &mut owned) };
        // SAFETY: as above; the device is idle (or the run failed before submitting).
        unsafe {
            let _ = self.device.device_wait_idle();
            owned.destroy(&self.device);
        }
        result.map_err(|e| format!("Vulkan: {e}"))
    }

    unsafe fn draw_inner(&self, draw: &Draw<'_>, owned: &mut Owned) -> Result<Vec<[f32; 4]>, vk::Result> {
        let d = &self.device;
        let format = vk::Format::R32G32B32A32_SFLOAT;
        let (width, height) = (draw.width, draw.height);
        let pool = d.create_command_pool(&vk::CommandPoolCreateInfo::default().queue_family_index(self.family), None)?;
        owned.pools.push(pool);
        let cmd = d.allocate_command_buffers(&vk::CommandBufferAllocateInfo::default().command_pool(pool).command_buffer_count(1))?[0];

        // The target.
        let info = vk::ImageCreateInfo::default()
            .image_type(vk::ImageType::TYPE_2D)
            .format(format)
            .extent(vk::Extent3D { width, height, depth: 1 })
            .mip_levels(1)
            .array_layers(1)
            .samples(vk::SampleCountFlags::TYPE_1)
            .tiling(vk::ImageTiling::OPTIMAL)
            .usage(vk::ImageUsageFlags::COLOR_ATTACHMENT | vk::ImageUsageFlags::TRANSFER_SRC);
        let image = d.create_image(&info, None)?;
        owned.images.push(image);
        let memory = self.memory(d.get_image_memory_requirements(image), vk::MemoryPropertyFlags::empty(), owned)?;
        d.bind_image_memory(image, memory, 0)?;
        let range = vk::ImageSubresourceRange::default().aspect_mask(vk::ImageAspectFlags::COLOR).level_count(1).layer_count(1);
        let view = d.create_image_view(&vk::ImageViewCreateInfo::default().image(image).view_type(vk::ImageViewType::TYPE_2D).format(format).subresource_range(range), None)?;
        owned.views.push(view);
        let len = (width * height * 16) as usize;
        let (readback, readback_memory) = self.buffer(len as u64, vk::BufferUsageFlags::TRANSFER_DST, owned)?;

        d.begin_command_buffer(cmd, &vk::CommandBufferBeginInfo::default())?;
        let input = match draw.input {
            Some(texels) => Some(self.input_attachment(cmd, width, height, texels, owned)?),
            None => None,
        };

        // A multisampled target, resolved into `image`.
        let samples = vk::SampleCountFlags::from_raw(draw.samples.max(1));
        let multisampled = if draw.samples > 1 {
            let info = info.samples(samples).usage(vk::ImageUsageFlags::COLOR_ATTACHMENT);
            let msaa = d.create_image(&info, None)?;
            owned.images.push(msaa);
            let memory = self.memory(d.get_image_memory_requirements(msaa), vk::MemoryPropertyFlags::empty(), owned)?;
            d.bind_image_memory(msaa, memory, 0)?;
            let msaa_view = d.create_image_view(&vk::ImageViewCreateInfo::default().image(msaa).view_type(vk::ImageViewType::TYPE_2D).format(format).subresource_range(range), None)?;
            owned.views.push(msaa_view);
            Some(msaa_view)
        } else {
            None
        };

        // Render pass and framebuffer.
        let mut attachment = vec![vk::AttachmentDescription::default()
            .format(format)
            .samples(vk::SampleCountFlags::TYPE_1)
            .load_op(vk::AttachmentLoadOp::CLEAR)
            .store_op(vk::AttachmentStoreOp::STORE)
            .initial_layout(vk::ImageLayout::UNDEFINED)
            .final_layout(vk::ImageLayout::TRANSFER_SRC_OPTIMAL)];
        if multisampled.is_some() {
            // Attachment 0 is the multisampled target, attachment 1 the resolved one.
            attachment[0] = attachment[0].samples(samples).load_op(vk::AttachmentLoadOp::CLEAR).store_op(vk::AttachmentStoreOp::DONT_CARE).final_layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL);
            attachment.push(
                vk::AttachmentDescription::default()
                    .format(format)
                    .samples(vk::SampleCountFlags::TYPE_1)
                    .load_op(vk::AttachmentLoadOp::DONT_CARE)
                    .store_op(vk::AttachmentStoreOp::STORE)
                    .initial_layout(vk::ImageLayout::UNDEFINED)
                    .final_layout(vk::ImageLayout::TRANSFER_SRC_OPTIMAL),
            );
        } else if input.is_some() {
            attachment.push(
                vk::AttachmentDescription::default()
                    .format(format)
                    .samples(vk::SampleCountFlags::TYPE_1)
                    .load_op(vk::AttachmentLoadOp::LOAD)
                    .store_op(vk::AttachmentStoreOp::DONT_CARE)
                    .initial_layout(vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL)
                    .final_layout(vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL),
            );
        }
        let colour = [vk::AttachmentReference { attachment: 0, layout: vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL }];
        let inputs = [vk::AttachmentReference { attachment: 1, layout: vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL }];
        let resolve = [vk::AttachmentReference { attachment: 1, layout: vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL }];
        let mut description = vk::SubpassDescription::default().pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS).color_attachments(&colour);
        if multisampled.is_some() {
            description = description.resolve_attachments(&resolve);
        } else if input.is_some() {
            description = description.input_attachments(&inputs);
        }
        let subpass = [description];
        let dependency = [vk::SubpassDependency::default()
            .src_subpass(0)
            .dst_subpass(vk::SUBPASS_EXTERNAL)
            .src_stage_mask(vk::PipelineStageFlags::COLOR_ATTACHMENT_OUTPUT)
            .dst_stage_mask(vk::PipelineStageFlags::TRANSFER)
            .src_access_mask(vk::AccessFlags::COLOR_ATTACHMENT_WRITE)
            .dst_access_mask(vk::AccessFlags::TRANSFER_READ)];
        let render_pass = d.create_render_pass(&vk::RenderPassCreateInfo::default().attachments(&attachment).subpasses(&subpass).dependencies(&dependency), None)?;
        owned.render_passes.push(render_pass);
        let mut views = vec![view];
        if let Some(msaa_view) = multisampled {
            views = vec![msaa_view, view];
        } else {
            views.extend(input.map(|(v, _)| v));
        }
        let framebuffer = d.create_framebuffer(&vk::FramebufferCreateInfo::default().render_pass(render_pass).attachments(&views).width(width).height(height).layers(1), None)?;
        owned.framebuffers.push(framebuffer);

        // The pipeline.
        let mut stages = Vec::new();
        let mut add_stage = |words: &[u32], stage: vk::ShaderStageFlags| -> Result<(), vk::Result> {
            let module = d.create_shader_module(&vk::ShaderModuleCreateInfo::default().code(words), None)?;
            owned.modules.push(module);
            stages.push(vk::PipelineShaderStageCreateInfo::default().stage(stage).module(module).name(c"main"));
            Ok(())
        };
        add_stage(draw.vertex, vk::ShaderStageFlags::VERTEX)?;
        if let Some((hull, domain, _)) = draw.tessellation {
            add_stage(hull, vk::ShaderStageFlags::TESSELLATION_CONTROL)?;
            add_stage(domain, vk::ShaderStageFlags::TESSELLATION_EVALUATION)?;
        }
        if let Some(g) = draw.geometry {
            add_stage(g, vk::ShaderStageFlags::GEOMETRY)?;
        }
        add_stage(draw.fragment, vk::ShaderStageFlags::FRAGMENT)?;
        let set_layouts: Vec<vk::DescriptorSetLayout> = input.map(|(_, (l, _))| l).into_iter().collect();
        let layout = d.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().set_layouts(&set_layouts), None)?;
        owned.pipeline_layouts.push(layout);
        let vertex_input = vk::PipelineVertexInputStateCreateInfo::default();
        let topology = if draw.tessellation.is_some() { vk::PrimitiveTopology::PATCH_LIST } else { draw.topology };
        let assembly = vk::PipelineInputAssemblyStateCreateInfo::default().topology(topology);
        let tessellation = vk::PipelineTessellationStateCreateInfo::default().patch_control_points(draw.tessellation.map_or(1, |t| t.2));
        let viewports = [vk::Viewport { x: 0.0, y: 0.0, width: width as f32, height: height as f32, min_depth: 0.0, max_depth: 1.0 }];
        let scissors = [vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width, height } }];
        let viewport = vk::PipelineViewportStateCreateInfo::default().viewports(&viewports).scissors(&scissors);
        let raster = vk::PipelineRasterizationStateCreateInfo::default().polygon_mode(vk::PolygonMode::FILL).cull_mode(vk::CullModeFlags::NONE).line_width(1.0);
        let multisample = vk::PipelineMultisampleStateCreateInfo::default().rasterization_samples(samples);
        let blend_attachment = [vk::PipelineColorBlendAttachmentState::default().color_write_mask(vk::ColorComponentFlags::RGBA)];
        let blend = vk::PipelineColorBlendStateCreateInfo::default().attachments(&blend_attachment);
        let mut info = vk::GraphicsPipelineCreateInfo::default()
            .stages(&stages)
            .vertex_input_state(&vertex_input)
            .input_assembly_state(&assembly)
            .viewport_state(&viewport)
            .rasterization_state(&raster)
            .multisample_state(&multisample)
            .color_blend_state(&blend)
            .layout(layout)
            .render_pass(render_pass);
        if draw.tessellation.is_some() {
            info = info.tessellation_state(&tessellation);
        }
        let pipeline = d.create_graphics_pipelines(vk::PipelineCache::null(), &[info], None).map_err(|(_, e)| e)?[0];
        owned.pipelines.push(pipeline);

        // Draw, copy, read back.
        let clear = [vk::ClearValue { color: vk::ClearColorValue { float32: draw.clear } }, vk::ClearValue::default()];
        let begin = vk::RenderPassBeginInfo::default().render_pass(render_pass).framebuffer(framebuffer).render_area(scissors[0]).clear_values(&clear[..views.len()]);
        d.cmd_begin_render_pass(cmd, &begin, vk::SubpassContents::INLINE);
        d.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::GRAPHICS, pipeline);
        if let Some((_, (_, set))) = input {
            d.cmd_bind_descriptor_sets(cmd, vk::PipelineBindPoint::GRAPHICS, layout, 0, &[set], &[]);
        }
        d.cmd_draw(cmd, draw.vertices, 1, 0, 0);
        d.cmd_end_render_pass(cmd);
        let region = vk::BufferImageCopy::default()
            .image_subresource(vk::ImageSubresourceLayers::default().aspect_mask(vk::ImageAspectFlags::COLOR).layer_count(1))
            .image_extent(vk::Extent3D { width, height, depth: 1 });
        d.cmd_copy_image_to_buffer(cmd, image, vk::ImageLayout::TRANSFER_SRC_OPTIMAL, readback, &[region]);
        let barrier = vk::MemoryBarrier::default().src_access_mask(vk::AccessFlags::TRANSFER_WRITE).dst_access_mask(vk::AccessFlags::HOST_READ);
        d.cmd_pipeline_barrier(cmd, vk::PipelineStageFlags::TRANSFER, vk::PipelineStageFlags::HOST, vk::DependencyFlags::empty(), &[barrier], &[], &[]);
        d.end_command_buffer(cmd)?;
        let cmds = [cmd];
        d.queue_submit(self.queue, &[vk::SubmitInfo::default().command_buffers(&cmds)], vk::Fence::null())?;
        d.queue_wait_idle(self.queue)?;
        let ptr = d.map_memory(readback_memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty())?;
        let bytes = std::slice::from_raw_parts(ptr.cast::<u8>(), len).to_vec();
        d.unmap_memory(readback_memory);
        Ok(bytes.chunks_exact(16).map(|c| std::array::from_fn(|i| f32::from_le_bytes(c[i * 4..i * 4 + 4].try_into().unwrap_or_default()))).collect())
    }

    /// The input attachment: an `R32G32B32A32_SFLOAT` image with `texels` uploaded (recorded
    /// into `cmd`) and left in `SHADER_READ_ONLY_OPTIMAL`, its view, and a descriptor set
    /// (set 0, binding 0, `INPUT_ATTACHMENT`, fragment stage) with its layout.
    unsafe fn input_attachment(&self, cmd: vk::CommandBuffer, width: u32, height: u32, texels: &[[f32; 4]], owned: &mut Owned) -> Result<(vk::ImageView, (vk::DescriptorSetLayout, vk::DescriptorSet)), vk::Result> {
        let d = &self.device;
        let format = vk::Format::R32G32B32A32_SFLOAT;
        let info = vk::ImageCreateInfo::default()
            .image_type(vk::ImageType::TYPE_2D)
            .format(format)
            .extent(vk::Extent3D { width, height, depth: 1 })
            .mip_levels(1)
            .array_layers(1)
            .samples(vk::SampleCountFlags::TYPE_1)
            .tiling(vk::ImageTiling::OPTIMAL)
            .usage(vk::ImageUsageFlags::INPUT_ATTACHMENT | vk::ImageUsageFlags::TRANSFER_DST);
        let image = d.create_image(&info, None)?;
        owned.images.push(image);
        let memory = self.memory(d.get_image_memory_requirements(image), vk::MemoryPropertyFlags::empty(), owned)?;
        d.bind_image_memory(image, memory, 0)?;
        let range = vk::ImageSubresourceRange::default().aspect_mask(vk::ImageAspectFlags::COLOR).level_count(1).layer_count(1);
        let view = d.create_image_view(&vk::ImageViewCreateInfo::default().image(image).view_type(vk::ImageViewType::TYPE_2D).format(format).subresource_range(range), None)?;
        owned.views.push(view);
        // Upload: staging buffer, copy, then the layout the render pass expects.
        let len = (width * height * 16) as usize;
        let (staging, staging_memory) = self.buffer(len as u64, vk::BufferUsageFlags::TRANSFER_SRC, owned)?;
        let ptr = d.map_memory(staging_memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty())?;
        let bytes: Vec<u8> = texels.iter().take((width * height) as usize).flat_map(|t| t.iter().flat_map(|c| c.to_le_bytes())).collect();
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr.cast::<u8>(), bytes.len().min(len));
        d.unmap_memory(staging_memory);
        let to_transfer = vk::ImageMemoryBarrier::default()
            .image(image)
            .subresource_range(range)
            .old_layout(vk::ImageLayout::UNDEFINED)
            .new_layout(vk::ImageLayout::TRANSFER_DST_OPTIMAL)
            .dst_access_mask(vk::AccessFlags::TRANSFER_WRITE);
        d.cmd_pipeline_barrier(cmd, vk::PipelineStageFlags::TOP_OF_PIPE, vk::PipelineStageFlags::TRANSFER, vk::DependencyFlags::empty(), &[], &[], &[to_transfer]);
        let region = vk::BufferImageCopy::default()
            .image_subresource(vk::ImageSubresourceLayers::default().aspect_mask(vk::ImageAspectFlags::COLOR).layer_count(1))
            .image_extent(vk::Extent3D { width, height, depth: 1 });
        d.cmd_copy_buffer_to_image(cmd, staging, image, vk::ImageLayout::TRANSFER_DST_OPTIMAL, &[region]);
        let to_read = vk::ImageMemoryBarrier::default()
            .image(image)
            .subresource_range(range)
            .old_layout(vk::ImageLayout::TRANSFER_DST_OPTIMAL)
            .new_layout(vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL)
            .src_access_mask(vk::AccessFlags::TRANSFER_WRITE)
            .dst_access_mask(vk::AccessFlags::INPUT_ATTACHMENT_READ);
        d.cmd_pipeline_barrier(cmd, vk::PipelineStageFlags::TRANSFER, vk::PipelineStageFlags::FRAGMENT_SHADER, vk::DependencyFlags::empty(), &[], &[], &[to_read]);
        // The descriptor.
        let bindings = [vk::DescriptorSetLayoutBinding::default().binding(0).descriptor_type(vk::DescriptorType::INPUT_ATTACHMENT).descriptor_count(1).stage_flags(vk::ShaderStageFlags::FRAGMENT)];
        let set_layout = d.create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings), None)?;
        owned.set_layouts.push(set_layout);
        let sizes = [vk::DescriptorPoolSize { ty: vk::DescriptorType::INPUT_ATTACHMENT, descriptor_count: 1 }];
        let pool = d.create_descriptor_pool(&vk::DescriptorPoolCreateInfo::default().max_sets(1).pool_sizes(&sizes), None)?;
        owned.descriptor_pools.push(pool);
        let layouts = [set_layout];
        let set = d.allocate_descriptor_sets(&vk::DescriptorSetAllocateInfo::default().descriptor_pool(pool).set_layouts(&layouts))?[0];
        let image_info = [vk::DescriptorImageInfo::default().image_view(view).image_layout(vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL)];
        let write = vk::WriteDescriptorSet::default().dst_set(set).dst_binding(0).descriptor_type(vk::DescriptorType::INPUT_ATTACHMENT).image_info(&image_info);
        d.update_descriptor_sets(&[write], &[]);
        Ok((view, (set_layout, set)))
    }
}
