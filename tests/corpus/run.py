#!/usr/bin/env python3
"""Compile real-world HLSL collections with hlslc and report what fails, grouped by error.

Not part of `cargo test` (the collections are other projects' code, not vendored here).
Get them with git, side by side in one directory:

    git clone https://github.com/SaschaWillems/Vulkan                SaschaWillems+Vulkan
    git clone https://github.com/KhronosGroup/Vulkan-Samples         KhronosGroup+Vulkan-Samples
    git clone https://github.com/microsoft/DirectX-Graphics-Samples  microsoft+DirectX-Graphics-Samples
    git clone https://github.com/turanszkij/WickedEngine             turanszkij+WickedEngine
    git clone https://github.com/EmbarkStudios/kajiya                EmbarkStudios+kajiya
    git clone https://github.com/GPUOpen-LibrariesAndSDKs/FidelityFX-SDK GPUOpen-LibrariesAndSDKs+FidelityFX-SDK
    git clone https://github.com/GPUOpen-Effects/FidelityFX-FSR2     GPUOpen-Effects+FidelityFX-FSR2
    git clone https://github.com/DiligentGraphics/DiligentCore       DiligentGraphics+DiligentCore
    git clone https://github.com/DiligentGraphics/DiligentFX         DiligentGraphics+DiligentFX
    git clone https://github.com/DiligentGraphics/DiligentSamples    DiligentGraphics+DiligentSamples
    git clone https://github.com/NVIDIAGameWorks/donut               NVIDIAGameWorks+donut
    git clone https://github.com/TheRealMJP/DXRPathTracer            TheRealMJP+DXRPathTracer
    git clone https://github.com/TheRealMJP/DeferredTexturing        TheRealMJP+DeferredTexturing
    git clone --recursive https://github.com/NVIDIAGameWorks/RTXDI   NVIDIAGameWorks+RTXDI   # its donut and rtxdi-runtime submodules
    git clone https://github.com/GPUOpen-Effects/FidelityFX-CACAO    GPUOpen-Effects+FidelityFX-CACAO
    git clone --recursive https://github.com/GPUOpen-Effects/FidelityFX-SSSR GPUOpen-Effects+FidelityFX-SSSR   # its ffx-dnsr and ffx-spd submodules
    git clone https://github.com/microsoft/Xbox-ATG-Samples          microsoft+Xbox-ATG-Samples
    git clone https://github.com/GameTechDev/XeGTAO                  GameTechDev+XeGTAO
    git clone https://github.com/jpvanoosten/LearningDirectX12       jpvanoosten+LearningDirectX12
    git clone https://github.com/NVIDIA-RTX/NRD                      NVIDIA-RTX+NRD
    git clone --branch v11 https://github.com/NVIDIA-RTX/MathLib     NVIDIA-RTX+MathLib   # NRD's CMake fetches MathLib v11 (`ml.hlsli`)
    git clone https://github.com/microsoft/DirectXTex                microsoft+DirectXTex
    git clone https://github.com/GPUOpen-Effects/FidelityFX-SPD      GPUOpen-Effects+FidelityFX-SPD
    git clone https://github.com/GameTechDev/CMAA2                   GameTechDev+CMAA2
    git clone https://github.com/NVIDIA-RTX/NRISamples               NVIDIA-RTX+NRISamples
    git clone https://github.com/NVIDIA-RTX/NRI                      NVIDIA-RTX+NRI   # NRISamples' NRIFramework fetches NRI and MathLib
    git clone --recursive https://github.com/NVIDIA-RTX/RTXPT        NVIDIA-RTX+RTXPT   # its Donut, Nrd, Rtxdi, Omm, Rtxtf submodules under External/
    git clone --recursive https://github.com/NVIDIA-RTX/RTXGI        NVIDIA-RTX+RTXGI   # its External/Donut, External/RayTracingDenoiser, Libraries/Sharc, Libraries/Nrc submodules
    git clone --recursive https://github.com/NVIDIA-RTX/OMM          NVIDIA-RTX+OMM     # its external/donut submodule (the viewer's shaders)
    git clone https://github.com/TheRealMJP/Shadows                  TheRealMJP+Shadows
    git clone https://github.com/TheRealMJP/BakingLab                TheRealMJP+BakingLab
    git clone https://github.com/TheRealMJP/MSAAFilter               TheRealMJP+MSAAFilter
    git clone https://github.com/TheRealMJP/SpecularAA               TheRealMJP+SpecularAA
    git clone https://github.com/TheRealMJP/LowResRendering          TheRealMJP+LowResRendering
    git clone https://github.com/TheRealMJP/DXLatest                 TheRealMJP+DXLatest
    git clone https://github.com/TheRealMJP/SHforHLSL                TheRealMJP+SHforHLSL
    git clone https://github.com/GPUOpen-Effects/FidelityFX-FSR      GPUOpen-Effects+FidelityFX-FSR
    git clone https://github.com/GPUOpen-Effects/FidelityFX-ParallelSort GPUOpen-Effects+FidelityFX-ParallelSort
    git clone https://github.com/GPUOpen-Effects/FidelityFX-LPM      GPUOpen-Effects+FidelityFX-LPM
    git clone https://github.com/GPUOpen-LibrariesAndSDKs/Cauldron   GPUOpen-LibrariesAndSDKs+Cauldron   # the FSR 1 and LPM samples' shader library
    git clone https://github.com/GPUOpen-Effects/Hybrid-Shadows      GPUOpen-Effects+Hybrid-Shadows
    git clone https://github.com/GPUOpen-Effects/FidelityFX-Denoiser GPUOpen-Effects+FidelityFX-Denoiser   # Hybrid-Shadows' libs/FidelityFX-Denoiser
    git clone https://github.com/GPUOpen-LibrariesAndSDKs/Capsaicin  GPUOpen-LibrariesAndSDKs+Capsaicin   # needs no submodule: its shaders include only its own files
    git clone https://github.com/GPUOpen-Effects/Hybrid-Stochastic-Reflections GPUOpen-Effects+Hybrid-Stochastic-Reflections   # its submodules: FidelityFX-SSSR's, FidelityFX-Denoiser, FidelityFX-FSR above
    git clone https://github.com/FlaxEngine/FlaxEngine                FlaxEngine+FlaxEngine   # Source/Shaders (its Git LFS content is not needed)
    git clone https://github.com/nem0/LumixEngine                    nem0+LumixEngine
    git clone https://github.com/urho3d/Urho3D                       urho3d+Urho3D
    git clone https://github.com/GPUOpen-Effects/TressFX             GPUOpen-Effects+TressFX   # no submodule: its shaders include only each other
    git clone https://github.com/microsoft/DirectStorage             microsoft+DirectStorage
    git clone https://github.com/GPUOpen-LibrariesAndSDKs/DirectStorageSample GPUOpen-LibrariesAndSDKs+DirectStorageSample
    git clone https://github.com/nvpro-samples/vk_mini_samples       nvpro-samples+vk_mini_samples && git -C nvpro-samples+vk_mini_samples checkout 209ec76^   # the last commit with the HLSL versions
    git clone https://github.com/gboisse/gfx                         gboisse+gfx   # its examples/ (Capsaicin's third_party/gfx)
    git clone https://github.com/d3dcoder/d3d12book                  d3dcoder+d3d12book   # Frank Luna's D3D12 book (its Git LFS textures are not needed)
    git clone https://github.com/walbourn/directx-sdk-samples        walbourn+directx-sdk-samples   # the D3D11 SDK samples (media not needed)
    git clone https://github.com/microsoft/DirectXTK                 microsoft+DirectXTK
    git clone https://github.com/microsoft/DirectXTK12               microsoft+DirectXTK12
    git clone https://github.com/microsoft/Windows-universal-samples microsoft+Windows-universal-samples
    git clone https://github.com/tgjones/HlslTools                   tgjones+HlslTools   # its parser test suite's third-party shaders
    git clone https://github.com/KhronosGroup/glslang                KhronosGroup+glslang   # Test/hlsl.* and gtests/Hlsl.FromFile.cpp
    git clone https://github.com/microsoft/Xbox-GDK-Samples          microsoft+Xbox-GDK-Samples   # its Git LFS binaries are not needed
    git clone https://github.com/Unity-Technologies/PostProcessing   Unity-Technologies+PostProcessing   # the v2 stack (PostProcessing/Shaders)
    git clone https://github.com/GameTechDev/AOIT-Update             GameTechDev+AOIT-Update   # OIT_DX11 and its CPUT framework
    git clone https://github.com/GameTechDev/ASSAO                   GameTechDev+ASSAO
    git clone https://github.com/GameTechDev/VRS-DoF                 GameTechDev+VRS-DoF
    git clone https://github.com/GameTechDev/SamplerFeedbackStreaming GameTechDev+SamplerFeedbackStreaming
    git clone https://github.com/GameTechDev/DynamicCheckerboardRendering GameTechDev+DynamicCheckerboardRendering   # its MiniEngine
    git clone https://github.com/GameTechDev/TextureSetNeuralCompressionSample GameTechDev+TextureSetNeuralCompressionSample   # without dependencies.bat's downloads
    git clone https://github.com/gfx-rs/wgpu                         gfx-rs+wgpu   # naga's HLSL back-end snapshots (naga/tests/out/hlsl)
    git clone https://github.com/KhronosGroup/SPIRV-Cross            KhronosGroup+SPIRV-Cross   # its HLSL reference outputs (reference/*shaders-hlsl*)
    git clone https://github.com/GPUOpen-Effects/GeometryFX          GPUOpen-Effects+GeometryFX
    git clone https://github.com/GPUOpen-Effects/ShadowFX            GPUOpen-Effects+ShadowFX
    git clone https://github.com/GPUOpen-Effects/FidelityFX-CAS      GPUOpen-Effects+FidelityFX-CAS   # with Cauldron above (sample/libs/cauldron)
    git clone https://github.com/sebh/UnrealEngineSkyAtmosphere      sebh+UnrealEngineSkyAtmosphere
    git clone https://github.com/NVIDIAGameWorks/RTXGI-DDGI          NVIDIAGameWorks+RTXGI-DDGI   # the DDGI SDK 1.3 and its test harness (no submodule needed)
    git clone https://github.com/NVIDIAGameWorks/NVIDIAImageScaling  NVIDIAGameWorks+NVIDIAImageScaling
    git clone https://github.com/Nadrin/PBR                          Nadrin+PBR
    git clone https://github.com/aras-p/ToyPathTracer                aras-p+ToyPathTracer
    git clone https://github.com/GPUOpen-Effects/FidelityFX-VariableShading GPUOpen-Effects+FidelityFX-VariableShading   # with Cauldron above (sample/libs/cauldron)
    git clone https://github.com/microsoft/DirectML                  microsoft+DirectML
    git clone https://github.com/microsoft/Windows-classic-samples   microsoft+Windows-classic-samples
    git clone https://github.com/GameTechDev/TAA                     GameTechDev+TAA
    git clone https://github.com/GameTechDev/VALAR                   GameTechDev+VALAR   # its Git LFS media are not needed
    git clone https://github.com/GameTechDev/DeferredCoarsePixelShading GameTechDev+DeferredCoarsePixelShading
    git clone https://github.com/GameTechDev/asteroids_d3d12         GameTechDev+asteroids_d3d12
    git clone https://github.com/GameTechDev/Multi-Adapter-Particles GameTechDev+Multi-Adapter-Particles
    git clone https://github.com/GameTechDev/D3D12VariableRateShading GameTechDev+D3D12VariableRateShading
    git clone https://github.com/GameTechDev/DX12-Multi-Adapter      GameTechDev+DX12-Multi-Adapter
    git clone https://github.com/GameTechDev/FlipModelD3D12          GameTechDev+FlipModelD3D12
    git clone https://github.com/GameTechDev/64-bit-Typed-Atomics-Extension GameTechDev+64-bit-Typed-Atomics-Extension
    git clone https://github.com/GameTechDev/DynamicResolutionRendering GameTechDev+DynamicResolutionRendering
    git clone https://github.com/GameTechDev/GrassInstancing         GameTechDev+GrassInstancing
    git clone https://github.com/GameTechDev/OcclusionCulling        GameTechDev+OcclusionCulling
    git clone https://github.com/NVIDIAGameWorks/FaceWorks           NVIDIAGameWorks+FaceWorks   # its Git LFS media are not needed
    git clone https://github.com/NVIDIAGameWorks/donut_examples      NVIDIAGameWorks+donut_examples && git -C NVIDIAGameWorks+donut_examples submodule update --init donut   # Donut at the pinned 04c9b20
    git clone https://github.com/NVIDIAGameWorks/KickstartRT         NVIDIAGameWorks+KickstartRT && git -C NVIDIAGameWorks+KickstartRT submodule update --init thirdparty/RayTracingDenoiser   # NRD at the pinned fb0af66
    git clone https://github.com/NVIDIAGameWorks/Flow                NVIDIAGameWorks+Flow
    git clone --recursive https://github.com/NVIDIAGameWorks/Opacity-MicroMap-Samples NVIDIAGameWorks+Opacity-MicroMap-Samples   # its NRD, NRIFramework and OMM SDK submodules (NGX not needed: NIS from NVIDIAImageScaling above)
    git clone --recursive https://github.com/NVIDIAGameWorks/NRDSample NVIDIAGameWorks+NRDSample && git clone https://github.com/NVIDIA-RTX/SHARC NVIDIAGameWorks+NRDSample/_deps/sharc   # its NRD and NRIFramework submodules; SHARC, which its CMake fetches (NIS from NVIDIAImageScaling above)
    git clone https://github.com/ezEngine/ezEngine                   ezEngine+ezEngine   # its Data/ (shaders, permutation variables)
    git clone https://github.com/google/dawn                         google+dawn   # Tint's test/tint expectations (only that directory is read)
    git clone https://github.com/GPUOpen-LibrariesAndSDKs/GPUParticles11 GPUOpen-LibrariesAndSDKs+GPUParticles11
    git clone https://github.com/OGRECave/ogre                       OGRECave+ogre   # its Samples/Media, Media and Tests/Media

then `python3 tests/corpus/run.py ROOT [--hlslc target/release/hlslc] [--target spirv|wgsl]
[--filter SUBSTRING] [--only NAME,…] [--validate] [--failures FILE]`. `--validate` runs naga's WGSL front end on every WGSL module hlslc writes (naga-cli:
`$NAGA`, else `naga` on PATH; wgpu loads WGSL through the same front end), and `spirv-val` on every SPIR-V module
hlslc writes (`$SPIRV_VAL`, else `.tools/spirv-tools/bin/spirv-val` from `.ci/spirv-tools`,
else the one on PATH; the Vulkan environment of the module's SPIR-V version) and counts a
module it rejects as a failure. Each collection is compiled the way its own build compiles it with
DXC (profile, entry point, include directories, defines, `-HV`), as read from its build
scripts (Sascha Willems' ray-tracing shaders as `lib_6_3` libraries, as its script compiles
them); shader stages hlslc does not compile for the target (geometry, tessellation and ray
tracing for WGSL) are not attempted. A missing collection is skipped. The failures are written to `ROOT/failures.tsv`.
Builds that preprocess before they compile (ezEngine's) run the `--hlslc` binary with `-P` for that step.
"""
import argparse, atexit, collections, itertools, os, re, shutil, struct, subprocess, sys, tempfile


def scratch_dir(prefix):
    """A fresh temporary directory, removed when the run ends."""
    path = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, path, True)
    return path


HERE = os.path.dirname(os.path.abspath(__file__))
# The target being compiled (`--target`), for the collections whose builds differ by it: a
# project that builds its D3D12 shaders without `-spirv` and its Vulkan ones with it (RTXGI's
# DDGI test harness) has only its Vulkan builds compiled to SPIR-V, as DXC would compile them.
TARGET = 'spirv'
HLSLC = 'target/release/hlslc'  # the compiler being run (`--hlslc`), for the generators that preprocess


def spirv_val_tool():
    if os.environ.get('SPIRV_VAL'):
        return os.environ['SPIRV_VAL']
    unpacked = os.path.join(HERE, '..', '..', '.tools', 'spirv-tools', 'bin', 'spirv-val')
    return unpacked if os.path.exists(unpacked) else 'spirv-val'


def spirv_val(path):
    """None when spirv-val accepts the module, else its first error line."""
    with open(path, 'rb') as f:
        header = f.read(8)
    if len(header) < 8:
        return 'spirv-val: not a SPIR-V module'
    major, minor = (struct.unpack('<I', header[4:8])[0] >> 16) & 0xff, (struct.unpack('<I', header[4:8])[0] >> 8) & 0xff
    env = {(1, 0): 'vulkan1.0', (1, 4): 'vulkan1.1spv1.4', (1, 5): 'vulkan1.2', (1, 6): 'vulkan1.3'}.get((major, minor), 'vulkan1.1')
    r = subprocess.run([spirv_val_tool(), '--target-env', env, path], capture_output=True, text=True)
    if r.returncode == 0:
        return None
    return 'spirv-val: ' + next((l for l in (r.stdout + r.stderr).splitlines() if l.strip()), 'rejected')


def naga_tool():
    if os.environ.get('NAGA'):
        return os.environ['NAGA']
    return shutil.which('naga')


def naga_val(path):
    """None when naga's WGSL front end parses and validates the module (as wgpu does when it
    loads the shader), else its first error line."""
    r = subprocess.run([naga_tool(), path], capture_output=True, text=True)
    if r.returncode == 0:
        return None
    return 'naga: ' + next((l for l in (r.stdout + r.stderr).splitlines() if l.strip()), 'rejected')


def sascha(root):
    base = os.path.join(root, 'SaschaWillems+Vulkan/shaders/hlsl')
    prof = {'vert': 'vs_6_1', 'frag': 'ps_6_4', 'comp': 'cs_6_1', 'mesh': 'ms_6_6', 'task': 'as_6_6', 'geom': 'gs_6_1', 'tesc': 'hs_6_1', 'tese': 'ds_6_1', 'rgen': 'lib_6_3', 'rchit': 'lib_6_3', 'rint': 'lib_6_3', 'rmiss': 'lib_6_3'}  # compileshaders.py
    for d, _, files in os.walk(base):
        for f in files:
            ext = f.rsplit('.', 1)[-1]
            if ext in prof:
                yield os.path.join(d, f), prof[ext], 'main', []


def khronos(root):
    base = os.path.join(root, 'KhronosGroup+Vulkan-Samples/shaders')
    prof = {'vert': 'vs_6_5', 'frag': 'ps_6_5', 'comp': 'cs_6_5', 'mesh': 'ms_6_6', 'task': 'as_6_6', 'geom': 'gs_6_5', 'tesc': 'hs_6_5', 'tese': 'ds_6_5'}
    for d, _, files in os.walk(base):
        for f in files:
            if f.endswith('.hlsl'):
                ext = f[:-5].rsplit('.', 1)[-1]
                if ext in prof:
                    yield os.path.join(d, f), prof[ext], 'main', ['-I', d, '-I', os.path.dirname(d)]


def dx_samples(root):
    base = os.path.join(root, 'microsoft+DirectX-Graphics-Samples')
    for d, _, files in os.walk(base):
        for f in files:
            if not f.endswith('.hlsl'):
                continue
            p = os.path.join(d, f)
            src = open(p, errors='replace').read()
            # MiniEngine-style `FooCS.hlsl` with `main`, else `VSMain`/`PSMain`/`CSMain`.
            found = []
            m = re.search(r'(CS|PS|VS|MS|AS)(_\w+)?$', f[:-5])
            if m and re.search(r'\bmain\s*\(', src):
                found.append((m.group(1).lower() + '_6_5', 'main'))
            else:
                for name in ('VSMain', 'PSMain', 'CSMain', 'MSMain', 'ASMain'):
                    if re.search(r'\b' + name + r'\s*\(', src):
                        found.append((name[:2].lower() + '_6_5', name))
            inc = []
            parts = d.split('/')
            if 'src' in parts:  # a sample's project directories are its include path
                sroot = '/'.join(parts[:parts.index('src') + 2])
                for d2, _, f2 in os.walk(sroot):
                    if any(x.endswith(('.hlsli', '.h')) for x in f2):
                        inc += ['-I', d2]
            for profile, entry in found:
                yield p, profile, entry, ['-I', d] + inc


def wicked(root):
    base = os.path.join(root, 'turanszkij+WickedEngine/WickedEngine/shaders')
    if not os.path.isdir(base):
        return
    # wiShaderCompiler.cpp's SPIR-V command line: Vulkan 1.3, D3D's layout and position w,
    # GraphicsDevice_Vulkan's register shifts, `-Vd`, `-Wno-conversion`, and the Vulkan
    # descriptor-set defines.
    defs = ['-fspv-target-env=vulkan1.3', '-fvk-use-dx-layout', '-fvk-use-dx-position-w',
            '-fvk-b-shift', '0', '0', '-fvk-t-shift', '1000', '0', '-fvk-u-shift', '2000', '0', '-fvk-s-shift', '3000', '0',
            '-Vd', '-Wno-conversion']
    for i, n in enumerate(['SAMPLER', 'STORAGE_BUFFER', 'UNIFORM_TEXEL_BUFFER', 'SAMPLED_IMAGE', 'STORAGE_IMAGE', 'STORAGE_TEXEL_BUFFER', 'ACCELERATION_STRUCTURE']):
        defs += ['-D', f'DESCRIPTOR_SET_BINDLESS_{n}={i + 1}']
    for f in sorted(os.listdir(base)):
        m = re.match(r'.*(CS|PS|VS|MS|AS)\.hlsl$', f)
        if m:
            yield os.path.join(base, f), m.group(1).lower() + '_6_6', 'main', ['-I', base, '-HV', '2021'] + defs


def kajiya(root):
    base = os.path.join(root, 'EmbarkStudios+kajiya/assets/shaders')
    for d, _, files in os.walk(base):
        if '/inc' in d or '/old' in d:  # headers, and shaders the engine no longer builds
            continue
        for f in files:
            if not f.endswith('.hlsl') or '.r' in f[:-5]:  # ray-tracing stages
                continue
            p = os.path.join(d, f)
            src = open(p, errors='replace').read()
            if not re.search(r'\bmain\s*\(', src):
                continue
            profile = 'cs_6_4' if 'numthreads' in src else 'vs_6_4' if '_vs' in f else 'ps_6_4' if '_ps' in f else None
            if profile:  # shader_compiler.rs: `{cs,vs,ps}_6_4`, `-HV 2021`
                yield p, profile, 'main', ['-I', base, '-I', d, '-HV', '2021']


def ffx_variants(defs, wave64_macro='FFX_PREFER_WAVE64', sm_macro=True, skip_half=False):
    """FidelityFX's four builds of a pass (FidelityFX_SC's wave32/wave64 × 32/16-bit), each with
    one of the permutation values: all options 0 for the 32-bit builds, all 1 for the 16-bit ones."""
    for wave64 in (False, True):
        for half in ((False,) if skip_half else (False, True)):
            extra = ['-D', 'FFX_HALF=1', '-enable-16bit-types'] if half else ['-D', 'FFX_HALF=0']
            if sm_macro:
                extra += ['-D', 'FFX_HLSL_SM=66' if wave64 else 'FFX_HLSL_SM=62']
            if wave64:
                extra += ['-D', wave64_macro + '=[WaveSize(64)]']
            extra += [a for d in defs for a in ('-D', d + ('=1' if half else '=0'))]
            yield ('cs_6_6' if wave64 else 'cs_6_2'), extra


def fidelityfx_sdk(root):
    base = os.path.join(root, 'GPUOpen-LibrariesAndSDKs+FidelityFX-SDK/Kits/FidelityFX')
    common = ['-Wno-for-redefinition', '-Wno-ambig-lit-shift', '-D', 'FFX_HLSL=1', '-D', 'FFX_GPU=1',
              '-D', 'FFX_IMPLICIT_SHADER_REGISTER_BINDING_HLSL=0', '-I', os.path.join(base, 'api/internal/gpu')]
    # {upscalers,framegeneration}/fsr3/dx12/Build*Shaders.bat: the pass prefix picks the script.
    upscale = ['REPROJECT_USE_LANCZOS_TYPE', 'HDR_COLOR_INPUT', 'LOW_RESOLUTION_MOTION_VECTORS', 'JITTERED_MOTION_VECTORS', 'INVERTED_DEPTH', 'APPLY_SHARPENING']
    samplers = ['UPSAMPLE_SAMPLERS_USE_DATA_HALF=0', 'ACCUMULATE_SAMPLERS_USE_DATA_HALF=0', 'REPROJECT_SAMPLERS_USE_DATA_HALF=1', 'POSTPROCESSLOCKSTATUS_SAMPLERS_USE_DATA_HALF=0', 'UPSAMPLE_USE_LANCZOS_TYPE=2']
    scripts = {
        'ffx_fsr2_': ('upscalers', 'FFX_FSR2', samplers, upscale),
        'ffx_fsr3upscaler_': ('upscalers', 'FFX_FSR3UPSCALER', samplers, upscale),
        'ffx_frameinterpolation_': ('framegeneration', 'FFX_FRAMEINTERPOLATION', samplers, ['LOW_RES_MOTION_VECTORS', 'JITTER_MOTION_VECTORS', 'INVERTED_DEPTH']),
        'ffx_opticalflow_': ('framegeneration', 'FFX_OPTICALFLOW', [], ['HDR_COLOR_INPUT']),
    }
    for prefix, (kit, macro, fixed, perms) in scripts.items():
        shaders = os.path.join(base, kit, 'fsr3/internal/shaders')
        if not os.path.isdir(shaders):
            continue
        for f in sorted(os.listdir(shaders)):
            if not (f.startswith(prefix) and f.endswith('.hlsl') and '_pass' in f):
                continue
            extra = common + ['-I', os.path.join(base, kit, 'fsr3/include/gpu'), '-D', macro + '_EMBED_ROOTSIG=0']
            extra += [a for d in fixed for a in ('-D', f'{macro}_OPTION_{d}')]
            for profile, variant in ffx_variants([f'{macro}_OPTION_{p}' for p in perms]):
                yield os.path.join(shaders, f), profile, 'CS', extra + variant


def fidelityfx_fsr2(root):
    shaders = os.path.join(root, 'GPUOpen-Effects+FidelityFX-FSR2/src/ffx-fsr2-api/shaders')
    if not os.path.isdir(shaders):
        return
    # ffx-fsr2-api/CMakeLists.txt and dx12/CMakeLists.txt (no 16-bit luminance pyramid).
    extra = ['-Wno-for-redefinition', '-Wno-ambig-lit-shift', '-D', 'FFX_HLSL=1', '-D', 'FFX_HLSL_6_2=1', '-D', 'FFX_GPU=1', '-I', shaders]
    for d in ['UPSAMPLE_SAMPLERS_USE_DATA_HALF=0', 'ACCUMULATE_SAMPLERS_USE_DATA_HALF=0', 'REPROJECT_SAMPLERS_USE_DATA_HALF=1', 'POSTPROCESSLOCKSTATUS_SAMPLERS_USE_DATA_HALF=0', 'UPSAMPLE_USE_LANCZOS_TYPE=2']:
        extra += ['-D', 'FFX_FSR2_OPTION_' + d]
    perms = ['FFX_FSR2_OPTION_' + p for p in ['REPROJECT_USE_LANCZOS_TYPE', 'HDR_COLOR_INPUT', 'LOW_RESOLUTION_MOTION_VECTORS', 'JITTERED_MOTION_VECTORS', 'INVERTED_DEPTH', 'APPLY_SHARPENING']]
    for f in sorted(os.listdir(shaders)):
        if f.endswith('_pass.hlsl'):
            for profile, variant in ffx_variants(perms, 'FFX_FSR2_PREFER_WAVE64', False, 'luminance_pyramid' in f):
                yield os.path.join(shaders, f), profile, 'CS', extra + variant


DILIGENT_STAGES = {'VERTEX': ('vs', ['VERTEX_SHADER']), 'PIXEL': ('ps', ['FRAGMENT_SHADER', 'PIXEL_SHADER']),
                   'COMPUTE': ('cs', ['COMPUTE_SHADER']), 'GEOMETRY': ('gs', ['GEOMETRY_SHADER']),
                   'HULL': ('hs', ['TESS_CONTROL_SHADER', 'HULL_SHADER']), 'DOMAIN': ('ds', ['TESS_EVALUATION_SHADER', 'DOMAIN_SHADER']),
                   'AMPLIFICATION': ('as', ['TASK_SHADER', 'AMPLIFICATION_SHADER']), 'MESH': ('ms', ['MESH_SHADER'])}
DILIGENT_EXTENSIONS = {'vsh': 'VERTEX', 'psh': 'PIXEL', 'csh': 'COMPUTE', 'gsh': 'GEOMETRY', 'hsh': 'HULL', 'dsh': 'DOMAIN',
                       'ash': 'AMPLIFICATION', 'msh': 'MESH'}
DILIGENT_WRAPPERS = scratch_dir('hlslc-diligent-')
GENERATED = scratch_dir('hlslc-corpus-')  # the headers other builds generate


def diligent_shaders(cpp_dir, shader_dirs):
    """The shaders a Diligent project's C++ creates: each shader file name in a string literal,
    with the entry point and `SHADER_TYPE_…` written beside it (a `ShaderCI` block or a
    `CreateShader(…, "File.fx", "Entry", SHADER_TYPE_…)` call). Entry points held in variables
    and ray-tracing stages are not attempted."""
    by_name = {}
    for d in shader_dirs:
        for f in os.listdir(d):
            by_name.setdefault(f, os.path.join(d, f))
    found = set()
    for d, _, files in os.walk(cpp_dir):
        for f in files:
            if not f.endswith('.cpp'):
                continue
            text = open(os.path.join(d, f), errors='replace').read()
            macros, unknown = diligent_macros(text, cpp_dir)
            for m in re.finditer(r'"([\w/]+\.(?:fx|vsh|psh|csh|gsh|hsh|dsh|msh|ash|hlsl))"', text):
                path = by_name.get(os.path.basename(m.group(1)))
                if not path:
                    continue
                window_start = max(0, m.start() - 600)
                window = text[window_start:m.end() + 400]
                at = m.start() - window_start
                call = re.match(r'\s*,\s*"(\w+)"', text[m.end():])
                entries = [(abs(e.start() - at), e.group(1)) for e in re.finditer(r'EntryPoint\s*=\s*"(\w+)"', window)]
                entry = call.group(1) if call else min(entries)[1] if entries else None
                stages = [(abs(t.start() - at), t.group(1)) for t in re.finditer(r'SHADER_TYPE_(\w+)', window) if t.group(1) in DILIGENT_STAGES]
                stage = DILIGENT_EXTENSIONS.get(path.rsplit('.', 1)[-1]) or (min(stages)[1] if stages else None)
                src = open(path, errors='replace').read()
                glsl = re.search(r'#version|\bgl_\w+|\bprecision\s+\w+p\b|\blayout\s*\(', src)  # the GLSL sources beside them
                # Sources the engine generates, and macros only its run-time state gives a value.
                code = '\n'.join(l for l in src.splitlines() if not l.lstrip().startswith('#'))
                engine_made = '.generated"' in src or any(re.search(r'\b' + n + r'\b', code) and not re.search(r'#\s*define\s+' + n + r'\b', src) for n in unknown)
                if entry and stage and not glsl and not engine_made and re.search(r'\b' + entry + r'\s*\(', src):
                    found.add((path, stage, entry, macros))
    return sorted(found)


def diligent_macros(text, cpp_dir):
    """One permutation of the macros a C++ file gives its shaders (`Macros.Add("N", V)`,
    `AddShaderMacro`, `{"N", "V"}`): the first value of each name that is a literal, a
    constant the sources initialise with a literal, or an upper-case name (a constant the
    shaders' headers share with the C++); and the names whose values come from run-time state."""
    sources = text
    for d, _, files in os.walk(cpp_dir):
        sources += ''.join(open(os.path.join(d, f), errors='replace').read() for f in files if f.endswith(('.hpp', '.h')))
    out, unknown = {}, set()
    for m in re.finditer(r'(?:Add|AddShaderMacro)\(\s*"(\w+)"\s*,\s*([^;]*?)\)\s*;|\{\s*"([A-Z_0-9]+)"\s*,\s*"(\w+)"\s*\}', text):
        name, value = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        value = re.sub(r'static_cast<\w+>\((.*)\)', r'\1', value.strip())
        if re.fullmatch(r'\w+', value) and not re.fullmatch(r'-?\d+[uU]?|true|false|[A-Z][A-Z_0-9]+', value):
            init = re.search(r'\b' + value + r'\s*(?:=|\{)\s*(-?\d+|true|false)\b', sources)
            value = init.group(1) if init else None
        if value and re.fullmatch(r'-?\d+[uU]?|true|false|[A-Z][A-Z_0-9]+', value):
            out.setdefault(name, {'true': '1', 'false': '0'}.get(value, value.rstrip('uU')))
        else:
            unknown.add(name)
    return tuple(sorted(out.items())), unknown - set(out)


def diligent_wrapper(core, path, stage):
    """The source Diligent's DXC back end compiles (DXCompiler.cpp, HLSLUtils.cpp): DiligentCore's
    HLSLDefinitions.fxh, the stage's macros, then the file; here a wrapper that includes both."""
    name = os.path.join(DILIGENT_WRAPPERS, path.replace('/', '+').lstrip('+') + f'.{stage}.hlsl')
    with open(name, 'w') as w:
        w.write(f'#include "{os.path.join(core, "Graphics/ShaderTools/include/HLSLDefinitions.fxh")}"\n')
        w.write(''.join(f'#define {m} 1\n' for m in DILIGENT_STAGES[stage][1]))
        w.write(f'#include "{path}"\n')
    return name


def diligent(root):
    core = os.path.join(root, 'DiligentGraphics+DiligentCore')
    fx = os.path.join(root, 'DiligentGraphics+DiligentFX')
    samples = os.path.join(root, 'DiligentGraphics+DiligentSamples')
    if not os.path.isdir(core):
        return
    fx_dirs = [d for d, _, f in os.walk(os.path.join(fx, 'Shaders'))] if os.path.isdir(fx) else []
    # -spirv -fspv-reflect -Zpc, DXCOMPILER=1; the highest shader model of the DXC it loads.
    projects = [(os.path.join(fx, p), fx_dirs) for p in ('Components', 'PostProcess', 'PBR') if fx_dirs]
    for group in ('Tutorials', 'Samples'):
        base = os.path.join(samples, group)
        for p in sorted(os.listdir(base)) if os.path.isdir(base) else []:
            assets = [d for d, _, f in os.walk(os.path.join(base, p)) if '/assets' in d]
            projects.append((os.path.join(base, p), assets + fx_dirs))
    for cpp_dir, dirs in projects:
        for path, stage, entry, macros in diligent_shaders(cpp_dir, dirs):
            profile = DILIGENT_STAGES[stage][0] + '_6_6'
            extra = ['-D', 'DXCOMPILER=1'] + [a for n, v in macros for a in ('-D', f'{n}={v}')] + [a for d in dirs for a in ('-I', d)]
            yield diligent_wrapper(core, path, stage), profile, entry, extra


def source_without_line_comments(path):
    """The text of a C++/HLSL/JSON source with its `//` comments removed (so commented-out
    compile calls are not read as builds)."""
    return re.sub(r'//[^\n]*', '', open(path, errors='replace').read())


def shadermake_config(cfg):
    """The shaders a ShaderMake `.cfg` lists: `path -T stage [-E entry] [-D NAME=value]`, where
    `{a,b}` lists the values ShaderMake builds one permutation each of; one (path, stage, entry,
    defines) per permutation, as ShaderMake compiles them."""
    import itertools
    for line in open(cfg, errors='replace'):
        line = line.split('//')[0].strip()
        if not line or line.startswith('#'):
            continue
        words = line.split()
        path, stage, entries, axes = words[0], None, ['main'], []
        i = 1
        while i < len(words):
            flag, value = words[i], words[i + 1] if i + 1 < len(words) else ''
            options = value[1:-1].split(',') if value.startswith('{') else [value]
            if flag == '-T':
                stage = value
            elif flag == '-E':
                entries = options
            elif flag == '-D':
                name, _, values = value.partition('=')
                options = values[1:-1].split(',') if values.startswith('{') else [values]
                axes.append([f'{name}={v}' if v else name for v in options])
            i += 2
        for entry in entries:
            for defines in itertools.product(*axes):
                yield path, stage, entry, list(defines)


def donut(root):
    base = os.path.join(root, 'NVIDIAGameWorks+donut')
    cfg = os.path.join(base, 'shaders/DonutShaders.cfg')
    if not os.path.exists(cfg):
        return
    # compileshaders.cmake: ShaderMake --platform SPIRV with -D SPIRV -D TARGET_VULKAN, NVRHI's
    # register shifts, Vulkan 1.2 and shader model 6_5; the include directory is `include/`.
    extra = ['-I', os.path.join(base, 'include'), '-D', 'SPIRV', '-D', 'TARGET_VULKAN', '-fspv-target-env=vulkan1.2']
    for reg, shift in (('t', 0), ('s', 128), ('b', 256), ('u', 384)):
        extra += [f'-fvk-{reg}-shift', str(shift), 'all']
    for path, stage, entry, defines in shadermake_config(cfg):
        yield os.path.join(base, 'shaders', path), stage + '_6_5', entry, extra + [a for d in defines for a in ('-D', d)]


MJP_STAGES = {'Vertex': 'vs', 'Hull': 'hs', 'Domain': 'ds', 'Geometry': 'gs', 'Pixel': 'ps', 'Compute': 'cs', 'Library': 'lib'}


def mjp(root):
    yield from mjp_sample(os.path.join(root, 'TheRealMJP+DXRPathTracer'), 'DXRPathTracer', 'v1.02', [])


def mjp_deferred(root):
    # Its DXC (2018) predates HLSL 2021 as DXC's default: `-HV 2018` (the sources use vector
    # conditions in `?:`, which HLSL 2021 rejects).
    yield from mjp_sample(os.path.join(root, 'TheRealMJP+DeferredTexturing'), 'BindlessDeferred', 'v1.01', ['-HV', '2018'])


def mjp_sample(base, app_name, version, hlsl_version, model=None):
    """TheRealMJP's SampleFramework12 samples: each `CompileFromFile(path, "Entry", ShaderType::…,
    opts)` in the C++ with the `opts.Add("Name_", value)` written before it (a literal, the first
    value of a loop or a `?:`; other run-time values 0, sample counts 1), compiled as ShaderCompilation.cpp calls DXC: its shader-model-6 profiles,
    `-I SampleFramework12/Shaders`, `DXC_=1`, `SM60_=1`."""
    if not os.path.isdir(base):
        return
    app = os.path.join(base, app_name)
    framework = os.path.join(base, 'SampleFramework12', version)
    compilation = open(os.path.join(framework, 'Graphics/ShaderCompilation.cpp'), errors='replace').read()
    model = model or re.search(r'"vs_(6_\d)"', compilation).group(1)
    fw_shaders = os.path.join(framework, 'Shaders')
    found = set()
    for d, _, files in list(os.walk(app)) + list(os.walk(framework)):
        for f in files:
            if not f.endswith('.cpp'):
                continue
            text = open(os.path.join(d, f), errors='replace').read()
            opts = {}
            for m in re.finditer(r'opts\.Reset\(\)|CompileOptions\s+opts\s*;|opts\.Add\(\s*"(\w+)"\s*,\s*([^;]*)\)\s*;|CompileFromFile\(\s*([^,]+?)\s*,\s*(?:"(\w+)"|nullptr)\s*,\s*ShaderType::(\w+)\s*(,\s*opts)?', text):
                if m.group(0).startswith(('opts.Reset', 'CompileOptions')):
                    opts = {}
                elif m.group(1):
                    value = m.group(2).strip()
                    const = re.search(r'\b' + value + r'\s*=\s*(\d+)\s*;', text) if re.fullmatch(r'\w+', value) else None
                    literal = const or re.search(r'(?<![\w.])(\d+)(?![\w.])', value)
                    # A run-time value: the loop's first pass (0), a sample count at least 1.
                    opts[m.group(1)] = literal.group(1) if literal else '1' if m.group(1).endswith('Samples_') else '0'
                else:
                    arg = m.group(3)
                    lit = re.fullmatch(r'L"(\w+\.hlsl)"', arg)
                    if lit:
                        path = os.path.join(app, lit.group(1))
                    else:
                        # The variable's last assignment before the call.
                        var = list(re.finditer(re.escape(arg.split('.')[0]) + r'\s*=\s*SampleFrameworkDir\(\)\s*\+\s*L"Shaders\\\\(\w+\.hlsl)"', text[:m.start()]))
                        path = os.path.join(fw_shaders, var[-1].group(1)) if var else None
                    if path and os.path.exists(path):
                        used = sorted(opts.items()) if m.group(6) else []
                        found.add((path, MJP_STAGES[m.group(5)] + '_' + model, m.group(4) or '', tuple(a for n, v in used for a in ('-D', f'{n}={v}'))))
    for path, profile, entry, defines in sorted(found):
        yield path, profile, entry, ['-I', fw_shaders, '-D', 'DXC_=1', '-D', 'SM60_=1'] + hlsl_version + list(defines)


def rtxdi(root):
    base = os.path.join(root, 'NVIDIAGameWorks+RTXDI')
    if not os.path.isdir(os.path.join(base, 'rtxdi-runtime')):
        return
    # shaders/CMakeLists.txt and minimal/shaders/CMakeLists.txt: ShaderMake --platform SPIRV,
    # shader model 6_5, Vulkan 1.2, NVRHI's register shifts, -D SPIRV, without NRD.
    extra = ['-I', os.path.join(base, 'donut/include'), '-I', os.path.join(base, 'rtxdi-runtime/include'), '-D', 'SPIRV', '-fspv-target-env=vulkan1.2']
    for reg, shift in (('t', 0), ('s', 128), ('b', 256), ('u', 384)):
        extra += [f'-fvk-{reg}-shift', str(shift), 'all']
    for sub in ('shaders', 'minimal/shaders'):
        for path, stage, entry, defines in shadermake_config(os.path.join(base, sub, 'Shaders.cfg')):
            yield os.path.join(base, sub, path), stage + '_6_5', entry, extra + [a for d in defines for a in ('-D', d)]


# The DXC flags of a build script that matter to what hlslc compiles (with how many values
# each takes); the others (outputs, -spirv, optimisation, debug info) do not.
DXC_KEPT = {'-T': 1, '-E': 1, '-D': 1, '-I': 1, '-HV': 1, '-enable-16bit-types': 0, '-fvk-b-shift': 2, '-fvk-t-shift': 2,
            '-fvk-s-shift': 2, '-fvk-u-shift': 2}
DXC_SKIPPED = {'-Fh': 1, '-Fo': 1, '-Vn': 1, '-Fd': 1, '-Fe': 1}


def batch_lines(script):
    """The lines of a Windows batch script with its `set NAME=value` variables expanded where
    `%NAME%` is used (names case-insensitive); the `set` lines themselves are not yielded."""
    variables = {}
    for line in open(script, errors='replace'):
        line = line.strip()
        m = re.match(r'(?i)set\s+(\w+)=(.*)', line)
        if m:
            variables[m.group(1).lower()] = m.group(2)
            continue
        yield re.sub(r'%(\w+)%', lambda v: variables.get(v.group(1).lower(), v.group(0)), line)


def dxc_batch(script):
    """The DXC command lines of a Windows batch script: `set name=…dxc.exe flags` variables
    expanded where `%name%` is used, each line that runs dxc.exe read as flags and one source
    file (relative to the script's directory, its `pushd %~dp0`)."""
    here = os.path.dirname(script)
    for line in batch_lines(script):
        if not re.search(r'(?i)dxc(\.exe)?\s', line):
            continue
        words = line.split()[1:]
        flags, source, i = [], None, 0
        while i < len(words):
            w = words[i]
            if w in DXC_KEPT or w in DXC_SKIPPED:
                n = DXC_KEPT.get(w, DXC_SKIPPED.get(w))
                if w in DXC_KEPT:
                    flags += words[i:i + 1 + n]
                i += 1 + n
                continue
            if w.startswith(('-fspv-target-env=', '-Wno-')) or re.match(r'-D\w', w):
                flags.append(w)
            elif not w.startswith(('-', '/')):
                source = w
            i += 1
        if source and '-T' in flags and '-E' in flags:
            profile, entry = flags[flags.index('-T') + 1], flags[flags.index('-E') + 1]
            rest = [f for j, f in enumerate(flags) if f not in ('-T', '-E') and (j == 0 or flags[j - 1] not in ('-T', '-E'))]
            yield os.path.join(here, source.replace('\\', '/')), profile, entry, ['-I', here] + rest


def cacao(root):
    src = os.path.join(root, 'GPUOpen-Effects+FidelityFX-CACAO/ffx-cacao/src')
    if os.path.isdir(src):
        # build_shaders_spirv.bat: 16- and 32-bit builds of each pass, cs_6_2, Vulkan 1.1.
        yield from dxc_batch(os.path.join(src, 'build_shaders_spirv.bat'))


def sssr(root):
    base = os.path.join(root, 'GPUOpen-Effects+FidelityFX-SSSR')
    vk = os.path.join(base, 'sample/src/VK/Sources')
    if not os.path.isdir(os.path.join(base, 'ffx-dnsr')):
        return
    # sample/src/VK/CMakeLists.txt copies the sample's shaders and the SSSR, denoiser and SPD
    # headers into one directory, where Cauldron's VKCompileFromFile compiles them with the
    # flags each call gives; SSSR.cpp's passes go through SetupShaderPass("File.hlsl", …).
    # Cauldron's DXC (2021) predates HLSL 2021 as DXC's default: `-HV 2018` (the sources use
    # vector conditions in `?:`, which HLSL 2021 rejects).
    inc = [a for d in ('sample/src/Shaders', 'ffx-sssr', 'ffx-dnsr/ffx-reflection-dnsr', 'ffx-spd/ffx-spd') for a in ('-I', os.path.join(base, d))]
    shaders = os.path.join(base, 'sample/src/Shaders')
    for f in sorted(os.listdir(vk)):
        if not f.endswith('.cpp'):
            continue
        text = open(os.path.join(vk, f), errors='replace').read()
        for m in re.finditer(r'VKCompileFromFile\([^;]*?,\s*(\w+|"[\w.]+")\s*,\s*"(\w+)"\s*,\s*"([^"]*)"', text):
            files = [m.group(1).strip('"')] if m.group(1).startswith('"') else re.findall(r'SetupShaderPass\([^;]*?"([\w.]+\.hlsl)"', text)
            flags = m.group(3).split()
            profile = flags[flags.index('-T') + 1]
            extra = [x for x in flags if x not in ('-T', profile)]
            for name in files:
                yield os.path.join(shaders, name), profile, m.group(2), inc + ['-HV', '2018'] + extra


MSBUILD_STAGES = {'Vertex': 'vs', 'Pixel': 'ps', 'Compute': 'cs', 'Geometry': 'gs', 'Hull': 'hs', 'Domain': 'ds', 'Library': 'lib',
                  'Mesh': 'ms', 'Amplification': 'as'}


def msbuild_fxcompile(project, configurations, options=False, sheet=None, solution=None):
    """The `<FxCompile>` items a Visual Studio project builds in the first of `configurations`
    it has (`Release|x64` …): the item's metadata over the `<ItemDefinitionGroup>` defaults, each
    element whose `Condition` names another configuration left out, as MSBuild's FxCompile task
    reads them (ShaderType, ShaderModel, EntryPointName — `main` when unset —,
    AdditionalIncludeDirectories, PreprocessorDefinitions); items excluded from the build, or
    with an `/T` of their own (root signatures), are not compiled shaders. With `options`, the
    item's `AdditionalOptions` are read as DXC's (the GDK's projects): an `/T` of a shader
    profile (`/Tms_6_5`, `/T vs_6_6`) is the item's profile, and its `/D`, `-HV`,
    `-enable-16bit-types` and `/Zpr` are passed on. `sheet`: the `FxCompile` defaults a
    property sheet the project imports sets (read before the project's own). `solution`: the
    directory of the solution that builds the project (`$(SolutionDir)`)."""
    import xml.etree.ElementTree as ET
    ns = '{http://schemas.microsoft.com/developer/msbuild/2003}'
    tree = ET.parse(project).getroot()
    text = open(project, errors='replace').read()
    config = next((c for c in configurations if f"=='{c}'" in text), None)
    here = os.path.dirname(project)

    def applies(e):
        cond = e.get('Condition')
        return cond is None or (config is not None and f"=='{config}'" in cond)

    def metadata(item, inherited):
        out = dict(inherited)
        for child in item:
            if applies(child) and child.text is not None:
                out[child.tag[len(ns):]] = child.text.replace('%(' + child.tag[len(ns):] + ')', out.get(child.tag[len(ns):], ''))
        return out

    # The project's own folder properties (the Windows-universal-samples' `SharedContentDir`,
    # `$([MSBuild]::GetDirectoryNameOfFileAbove($(MSBuildThisFileDirectory), LICENSE))\SharedContent`).
    properties = {'SolutionDir': solution.rstrip('/') + '/'} if solution else {}
    for group in tree.iter(ns + 'PropertyGroup'):
        for e in group:
            above = re.fullmatch(r'\$\(\[MSBuild\]::GetDirectoryNameOfFileAbove\(\$\(MSBuildThisFileDirectory\),\s*([\w.]+)\)\)(.*)', (e.text or '').strip())
            if applies(group) and applies(e) and above:
                d = here
                while d != os.path.dirname(d) and not os.path.exists(os.path.join(d, above.group(1))):
                    d = os.path.dirname(d)
                properties[e.tag[len(ns):]] = d + above.group(2)
    defaults = dict(sheet or {})
    for group in tree.iter(ns + 'ItemDefinitionGroup'):
        if applies(group):
            for fx in (e for e in group if e.tag.lower() == ns.lower() + 'fxcompile'):
                defaults = metadata(fx, defaults)
    for group in tree.iter(ns + 'ItemGroup'):
        if not applies(group):
            continue
        for item in (e for e in group if e.tag.lower() == ns.lower() + 'fxcompile'):
            if not applies(item) or not item.get('Include'):
                continue
            m = metadata(item, defaults)
            stage = MSBUILD_STAGES.get(m.get('ShaderType', '').strip())
            extra, profile = [], None
            if options:
                words = re.sub(r'%\(\w+\)', '', m.get('AdditionalOptions', '')).split()
                for i, w in enumerate(words):
                    w = '-' + w[1:] if w.startswith('/') else w
                    if re.fullmatch(r'-T\s*', w) and i + 1 < len(words) or re.fullmatch(r'-T\w+', w):
                        profile = w[2:] or words[i + 1]
                    elif re.fullmatch(r'-D\w.*', w):
                        extra += ['-D', w[2:]]
                    elif w == '-D' and i + 1 < len(words):
                        extra += ['-D', words[i + 1]]
                    elif w == '-HV' and i + 1 < len(words):
                        extra += ['-HV', words[i + 1]]
                    elif w in ('-enable-16bit-types', '-Zpr', '-Zpc'):
                        extra.append(w)
                if profile and not re.fullmatch(r'(vs|ps|gs|hs|ds|cs|ms|as|lib)_\d_\d+', profile):
                    continue  # a root signature (`/T rootsig_1_1`)
            if not (stage or profile) or m.get('ExcludedFromBuild', '').strip().lower() == 'true' or (not options and '/T' in m.get('AdditionalOptions', '')):
                continue

            def path(p):
                for k, v in properties.items():
                    p = p.replace(f'$({k})', v)
                return os.path.normpath(os.path.join(here, p.replace('$(ProjectDir)', '').replace('\\', '/')))
            model = m.get('ShaderModel', '4.0_level_9_3').strip().split('_level_')[0].replace('.', '_')
            if options and 'Gaming.Xbox' in (config or '') and model < '6':
                model = '6_0'  # the GDK's Xbox compilers are DXC: shader model 6.0 at least
            def known(p):
                """Whether the project's properties (and `solution`) give every `$(…)` of `p`
                (`$(ProjectDir)` is the project's own directory, as `path` reads it)."""
                for k in list(properties) + ['ProjectDir']:
                    p = p.replace(f'$({k})', '')
                return '$(' not in p
            includes = [a for d in m.get('AdditionalIncludeDirectories', '').split(';') if d.strip() and known(d) for a in ('-I', path(d.strip()))]
            defines = [a for d in m.get('PreprocessorDefinitions', '').split(';') if d.strip() and '%(' not in d for a in ('-D', d.strip().replace('\\"', '"'))]
            # FXC builds the shader-model-4/5 profiles; its language is DXC's `-HV 2018` (vector
            # conditions in `?:`, loop variables that outlive the loop, casts between structs
            # of one layout), not the HLSL 2021 DXC defaults to.
            fxc = ['-HV', '2018'] if model < '6' and not profile else []
            # (A blank `EntryPointName` is FxCompile's default, `main`, for the GDK's projects;
            # the other rows pass it as written: only their `lib` items have one.)
            entry = (m.get('EntryPointName') or '').strip() or 'main' if options else (m.get('EntryPointName') or 'main').strip()
            # (`%(Filename)`: MSBuild's item metadata, the file's name without its extension;
            # metadata names ignore case.)
            entry = re.sub(r'(?i)%\(filename\)', os.path.splitext(os.path.basename(item.get('Include').replace('\\', '/')))[0], entry)
            yield path(item.get('Include')), profile or f'{stage}_{model}', entry, includes + defines + fxc + extra


def xbox_atg(root):
    base = os.path.join(root, 'microsoft+Xbox-ATG-Samples')
    # Each sample's .vcxproj, built for the PC (x64) or, for the XDK samples, Xbox One (Durango).
    for tree in ('PCSamples', 'UWPSamples', 'XDKSamples'):
        for d, _, files in os.walk(os.path.join(base, tree)):
            for f in sorted(files):
                if f.endswith('.vcxproj'):
                    yield from msbuild_fxcompile(os.path.join(d, f), ['Release|x64', 'Release|X64', 'Release|Durango', 'Release|Win32'])


def xbox_gdk(root):
    base = os.path.join(root, 'microsoft+Xbox-GDK-Samples')
    if not os.path.isdir(base):
        return
    # Each sample's .vcxproj (`FxCompile` items; DXC for shader model 6, its options in
    # `AdditionalOptions`), built for the PC (`Release|x64`) where the project has that
    # configuration, else for Xbox Series (`Release|Gaming.Xbox.Scarlett.x64`) or Xbox One:
    # the Xbox compilers' own predefined macros (`__XBOX_SCARLETT` …) are not given, so the
    # `#ifdef`-guarded console paths are left out and the shaders' PC code is compiled.
    # The CMake examples' `add_custom_command`s: DXC `/Emain /T{vs,ps}_6_0`.
    for tree in ('Samples', 'Kits/ATGTK'):
        for d, _, files in os.walk(os.path.join(base, tree)):
            for f in sorted(files):
                if f.endswith('.vcxproj'):
                    yield from msbuild_fxcompile(os.path.join(d, f), ['Release|x64', 'Release|Gaming.Desktop.x64', 'Release|Gaming.Xbox.Scarlett.x64', 'Release|Gaming.Xbox.XboxOne.x64'], options=True)
    # The FidelityFX samples' `BuildGDKShaders.bat` (a pre-build step), run for x64.
    sdk = path_ignoring_case(os.path.join(base, 'Kits/AMDTK/fidelityfx'))
    for d in sorted(os.listdir(os.path.join(base, 'Samples/Graphics'))):
        script = os.path.join(base, 'Samples/Graphics', d, 'FidelityFX_Backend/BuildGDKShaders.bat')
        if sdk and os.path.exists(script):
            yield from gdk_fidelityfx_batch(script, sdk)
    for example in ('Samples/Tools/CMakeExample', 'Samples/Tools/CMakeGDKExample'):
        for stage, name in (('vs', 'VertexShader.hlsl'), ('ps', 'PixelShader.hlsl')):
            path = os.path.join(base, example, name)
            if os.path.exists(path):
                yield path, stage + '_6_0', 'main', []


def gdk_fidelityfx_batch(script, sdk, platform='x64'):
    """A GDK sample's `FidelityFX_Backend/BuildGDKShaders.bat` run for `platform`: its `set`
    variables (the `if %platformname% == …` blocks of that platform applied), and each
    `%FFX_SC%` line (FidelityFX_SC.exe, which calls DXC) read as DXC flags and a source file.
    A permutation `-DNAME={a,b,…}` is compiled with its first value in the 32-bit builds and
    its last in the 16-bit ones (`-DFFX_HALF=1`), as ffx_variants does for the SDK's."""
    import shlex
    variables = {'platformname': platform, 'sdkdir': sdk, 'cd': sdk}
    active = []
    for line in open(script, errors='replace'):
        line = line.strip()
        if not line or line.startswith('::'):
            continue
        m = re.match(r'(?i)if\s+%(\w+)%\s*==\s*(\S+)\s*\($', line)
        if m:
            active.append(variables.get(m.group(1).lower()) == m.group(2))
            continue
        if line == ')':
            active and active.pop()
            continue
        if not all(active):
            continue
        line = re.sub(r'%(\w+)%', lambda v: variables.get(v.group(1).lower(), v.group(0)), line)
        m = re.match(r'(?i)set\s+"(\w+)=(.*)"$', line) or re.match(r'(?i)set\s+(\w+)=(.*)$', line)
        if m:
            if m.group(1).lower() not in ('projectdir', 'platformname', 'sdkdir'):
                variables[m.group(1).lower()] = m.group(2)
            continue
        if 'FidelityFX_SC.exe' not in line:
            continue
        words = shlex.split(line.replace('\\', '/'))[1:]
        half = '-DFFX_HALF=1' in words
        flags, source, i = [], None, 0
        while i < len(words):
            w = words[i]
            if w in ('-T', '-E', '-I'):
                value = words[i + 1]
                flags += [w, path_ignoring_case(value) or value if w == '-I' else value]
                i += 2
                continue
            if w.startswith('-D'):
                name, _, value = w[2:].partition('=')
                choices = re.fullmatch(r'\{(.*)\}', value)
                if choices:
                    value = choices.group(1).split(',')[-1 if half else 0]
                flags += ['-D', f'{name}={value}' if _ else name]
            elif w.startswith('-Wno-') or w == '-enable-16bit-types':
                flags.append(w)
            elif not w.startswith('-'):
                source = w
            i += 1
        if source and '-T' in flags and '-E' in flags:
            profile, entry = flags[flags.index('-T') + 1], flags[flags.index('-E') + 1]
            rest = [f for j, f in enumerate(flags) if f not in ('-T', '-E') and (j == 0 or flags[j - 1] not in ('-T', '-E'))]
            yield path_ignoring_case(source) or source, profile, entry, rest


UNITY_PACKAGES = scratch_dir('hlslc-unity-')


def unity_keyword_variants(pragmas):
    """Unity's `#pragma multi_compile __ A B` lines as define sets: none of the keywords, then
    each keyword alone (every keyword's code compiled once, not the full product)."""
    variants = [[]]
    for line in pragmas:
        for k in line.split()[1:]:
            if k.strip('_') and ['-D', k] not in variants:
                variants.append(['-D', k])
    return variants


def unity_program_variants(text, stage):
    """Unity's predefined macros for the D3D11 back end (`SHADER_API_D3D11`, `SHADER_TARGET`,
    the stage's `SHADER_STAGE_*`, `UNITY_VERSION`) and the profile `#pragma target` gives:
    shader model 5.0 from target 4.5, else 4.0 (D3D11 has no shader model 3)."""
    target = re.search(r'#pragma\s+target\s+(\d+)\.(\d)', text)
    target = (int(target.group(1)), int(target.group(2))) if target else (5, 0) if stage == 'cs' else (2, 5)
    model = '5_0' if target >= (4, 5) else '4_0'
    macros = ['-D', 'SHADER_API_D3D11', '-D', f'SHADER_TARGET={target[0]}{target[1]}', '-D', 'UNITY_VERSION=201940',
              '-D', {'vs': 'SHADER_STAGE_VERTEX', 'ps': 'SHADER_STAGE_FRAGMENT', 'cs': 'SHADER_STAGE_COMPUTE'}[stage]]
    return f'{stage}_{model}', macros


def unity_renders_d3d11(text):
    only = re.search(r'#pragma\s+only_renderers\s+([^\n]*)', text)
    excluded = re.search(r'#pragma\s+exclude_renderers\s+([^\n]*)', text)
    return (not only or 'd3d11' in only.group(1).split()) and not (excluded and 'd3d11' in excluded.group(1).split())


def unity_postprocessing(root):
    base = os.path.join(root, 'Unity-Technologies+PostProcessing')
    shaders = os.path.join(base, 'PostProcessing/Shaders')
    if not os.path.isdir(shaders):
        return
    # The shaders include each other as `Packages/com.unity.postprocessing/…` (the package's
    # path in a Unity project): an include directory where that path is this checkout.
    link = os.path.join(UNITY_PACKAGES, 'Packages', 'com.unity.postprocessing')
    if not os.path.exists(link):
        os.makedirs(os.path.dirname(link), exist_ok=True)
        os.symlink(base, link)
    inc = ['-I', UNITY_PACKAGES, '-HV', '2018']  # Unity's D3D11 compiler is FXC
    for d, _, files in os.walk(shaders):
        for f in sorted(files):
            path = os.path.join(d, f)
            text = source_without_line_comments(path)
            if f.endswith('.compute') and unity_renders_d3d11(text):
                # Each `#pragma kernel NAME [MACRO[=VALUE] …]`: the kernel compiled as `cs_5_0`
                # with its macros.
                profile, macros = unity_program_variants(text, 'cs')
                for m in re.finditer(r'#pragma\s+kernel\s+(\w+)([^\n]*)', text):
                    defs = [a for k in m.group(2).split() for a in ('-D', k)]
                    for keywords in unity_keyword_variants(re.findall(r'#pragma\s+multi_compile\s+([^\n]*)', text)):
                        yield path, 'cs_5_0', m.group(1), inc + macros + defs + keywords
            elif f.endswith('.shader'):
                # Each HLSLPROGRAM block with `#pragma vertex`/`#pragma fragment`, after the
                # shader's HLSLINCLUDE blocks that precede it, as Unity assembles the program.
                includes = []
                for n, block in enumerate(re.finditer(r'\b(HLSLINCLUDE|HLSLPROGRAM)\b(.*?)\bENDHLSL\b', text, re.S)):
                    if block.group(1) == 'HLSLINCLUDE':
                        includes.append(block.group(2))
                        continue
                    program = ''.join(includes) + block.group(2)
                    if not unity_renders_d3d11(block.group(2)):
                        continue
                    generated = os.path.join(UNITY_PACKAGES, f'{os.path.relpath(path, shaders).replace("/", "+")}.{n}.hlsl')
                    with open(generated, 'w') as w:
                        w.write(program)
                    for stage, pragma in (('vs', 'vertex'), ('ps', 'fragment')):
                        entry = re.search(r'#pragma\s+' + pragma + r'\s+(\w+)', block.group(2))
                        if entry:
                            profile, macros = unity_program_variants(program, stage)
                            for keywords in unity_keyword_variants(re.findall(r'#pragma\s+multi_compile\s+([^\n]*)', program)):
                                yield generated, profile, entry.group(1), inc + macros + keywords


def path_ignoring_case(path):
    """`path` as the file system spells it, matching each component without regard to case
    (Windows projects name `Sprite.fx` as `sprite.fx`); None when there is no such file."""
    found = '/'
    for part in os.path.normpath(path).strip('/').split('/'):
        try:
            names = os.listdir(found)
        except OSError:
            return None
        match = part if part in names else next((n for n in names if n.lower() == part.lower()), None)
        if match is None:
            return None
        found = os.path.join(found, match)
    return found


def cput_ini(path):
    """A CPUT config file (`.mtl`): {section: {key: value}}, keys before any section in ''."""
    out, section = {'': {}}, ''
    for line in open(path, errors='replace'):
        line = line.split('//')[0].strip()
        m = re.fullmatch(r'\[(.+)\]', line)
        if m:
            section = m.group(1).strip().lower()
            out.setdefault(section, {})
        elif '=' in line:
            k, v = line.split('=', 1)
            out[section][k.strip()] = v.strip()
    return out


CPUT_MACROS = ['-D', '_CPUT=1', '-D', 'FOG_COLOR=(float3( 0.89f, 0.92f, 0.88f )*0.5f)', '-D', 'FOG_START=2000.0f', '-D', 'FOG_END=6000.0f']
CPUT_STAGES = {'Vertex': 'vs', 'Pixel': 'ps', 'Geometry': 'gs', 'Hull': 'hs', 'Domain': 'ds', 'Compute': 'cs'}


def cput_materials(media, system, cput_macros=CPUT_MACROS):
    """Intel's CPUT framework's materials under `media`: each `.mtl` file's `*ShaderFile`,
    `*ShaderMain` and `*ShaderProfile` (FXC, at run time); a multi-material's sub-material K
    compiled with the `[definesK]` block's macros (CPUTMaterial.cpp). A `%name` shader is the
    framework's own, in `system`; other names are in the asset set's `Shader` folder.
    `cput_macros`: the macros the framework's version adds to every compile."""
    for d, _, files in os.walk(media):
        for f in sorted(files):
            if not f.endswith('.mtl'):
                continue
            mtl = cput_ini(os.path.join(d, f))
            top = {k.lower(): v for k, v in mtl[''].items()}
            if top.get('multimaterial', '').lower() == 'true':
                subs = [(path_ignoring_case(os.path.join(d, top[f'material{k}'] + '.mtl')), mtl.get(f'defines{k}', {}))
                        for k in range(64) if f'material{k}' in top]
            else:
                subs = [(os.path.join(d, f), {})]
            for sub, macros in subs:
                if not sub:
                    continue
                keys = {k.lower(): v for k, v in cput_ini(sub)[''].items()}
                # CPUTAssetLibraryDX11::CompileShaderFromFile adds `_CPUT` and the fog macros.
                defines = [a for k, v in macros.items() for a in ('-D', f'{k}={v}')] + cput_macros
                for stage, short in CPUT_STAGES.items():
                    name, entry, profile = (keys.get(f'{stage.lower()}shader{x}') for x in ('file', 'main', 'profile'))
                    if not (name and entry and profile):
                        continue
                    name = name.replace('\\', '/')
                    path = path_ignoring_case(os.path.join(system, name[1:]) if name.startswith('%') else os.path.join(os.path.dirname(d), 'Shader', name))
                    if path:
                        yield path, fxc_profile(profile), entry, defines + ['-I', os.path.dirname(path)] + fxc_flags(profile)


def aoit(root):
    base = os.path.join(root, 'GameTechDev+AOIT-Update/OIT_DX11')
    if not os.path.isdir(base):
        return
    found = set()
    for path, profile, entry, flags in cput_materials(os.path.join(base, 'Media'), os.path.join(base, 'Media/System/Shader')):
        found.add((path, profile, entry, tuple(flags)))
    # AOIT_Technique.cpp's D3DCompileFromFile calls: the resolve and clear passes for its six
    # macro sets (AOIT_NODE_COUNT 2, 4, 8, each without and with `dohdr`), the DX resolve and
    # the full-screen quad.
    technique = os.path.join(base, 'AOIT Technique')
    for nodes, hdr in itertools.product(('2', '4', '8'), ([], ['-D', 'dohdr=1'])):
        for entry in ('AOITSPResolvePS', 'AOITSPClearPS'):
            found.add((os.path.join(technique, 'AOIT_Resolve.hlsl'), 'ps_5_0', entry, ('-D', f'AOIT_NODE_COUNT={nodes}', *hdr, '-I', technique, '-HV', '2018')))
    found.add((os.path.join(technique, 'DX_Resolve.hlsl'), 'ps_5_0', 'AOITResolvePS', ('-I', technique, '-HV', '2018')))
    found.add((os.path.join(technique, 'FullScreenQuad.hlsl'), 'vs_4_0', 'VSMain', ('-I', technique, '-HV', '2018')))
    for path, profile, entry, flags in sorted(found):
        yield path, profile, entry, list(flags)


def assao(root):
    base = os.path.join(root, 'GameTechDev+ASSAO')
    if not os.path.isdir(base):
        return
    # The ASSAO effect itself: ASSAODX11.cpp compiles ASSAO/ASSAO.hlsl (from memory, no include
    # handler) for each Create{VertexShaderAndIL,PixelShader} call, FXC, with its
    # `shaderMacros` as the header's constants make them (ASSAO.h defines
    # INTEL_SSAO_ENABLE_ADAPTIVE_QUALITY, not the world-to-view normal conversion).
    project = os.path.join(base, 'Projects/ASSAO')
    effect = os.path.join(project, 'ASSAO')
    text = source_without_line_comments(os.path.join(effect, 'ASSAODX11.cpp'))
    macros = ['-D', 'SSAO_MAX_TAPS=32', '-D', 'SSAO_MAX_REF_TAPS=512', '-D', 'SSAO_ADAPTIVE_TAP_BASE_COUNT=5',
              '-D', 'SSAO_ADAPTIVE_TAP_FLEXIBLE_COUNT=(SSAO_MAX_TAPS-SSAO_ADAPTIVE_TAP_BASE_COUNT)', '-D', 'SSAO_DEPTH_MIP_LEVELS=4',
              '-D', 'SSAO_ENABLE_NORMAL_WORLD_TO_VIEW_CONVERSION=0']
    # FXC: `-HV 2018`, and its preprocessor's order (`-flegacy-macro-expansion`), which the
    # engine's `B_CONCATENATER(x) b##x` register macros need, as in CMAA2's Vanilla engine.
    fxc = ['-HV', '2018', '-flegacy-macro-expansion']
    found = set()
    for m in re.finditer(r'Create(?:VertexShaderAndIL|PixelShader)\(\s*createDesc\s*,\s*shaderMacros\s*,\s*"(\w+)"\s*,\s*"(\w+)"', text):
        found.add((os.path.join(effect, 'ASSAO.hlsl'), m.group(2), m.group(1), tuple(macros + fxc)))
    # The demo's Vanilla engine (DX11): vaDirectXShader's CreateShader[AndIL]FromFile calls with
    # no macros or the effect's `m_staticShaderMacros`, which the default settings leave empty
    # (debug views off, no volume-shadow plugin; `m_staticShaderMacrosGen` adds
    # SHADOWS_GENERATE); each compile defines VA_COMPILED_AS_SHADER_CODE and searches the
    # paths main.cpp registers. Materials' shaders take macros from run-time state: left out.
    shaders = os.path.join(base, 'Modules/Rendering/Media/Shaders')
    flags = ['-D', 'VA_COMPILED_AS_SHADER_CODE', '-I', shaders, '-I', os.path.join(project, 'Media/Shaders')] + fxc
    for d, _, files in os.walk(os.path.join(base, 'Modules/Rendering/DirectX')):
        for f in sorted(files):
            if not f.endswith('.cpp'):
                continue
            text = source_without_line_comments(os.path.join(d, f))
            own = re.search(r'm_shaderFileToUse\s*=\s*L"([\w.]+)"', text)
            for m in re.finditer(r'\.CreateShader(?:AndIL)?FromFile\(\s*(L"[\w.]+"|GetShaderFilePath\(\s*\))\s*,\s*"(\w+)"\s*,\s*"(\w+)"\s*,\s*(\w+)', text):
                name = m.group(1)[2:-1] if m.group(1).startswith('L"') else own and own.group(1)
                extra = {'NULL': [], 'm_staticShaderMacros': [], 'm_staticShaderMacrosGen': ['-D', 'SHADOWS_GENERATE']}.get(m.group(4))
                if name and extra is not None and os.path.exists(os.path.join(shaders, name)):
                    found.add((os.path.join(shaders, name), m.group(2), m.group(3), tuple(extra + flags)))
    for path, profile, entry, flags in sorted(found):
        yield path, profile, entry, list(flags)


def vrs_dof(root):
    source = os.path.join(root, 'GameTechDev+VRS-DoF/Source')
    shaders = os.path.join(source, 'Rendering/Shaders')
    if not os.path.isdir(shaders):
        return
    # The Vanilla engine as XeGTAO's, older: vaShaderDX12.cpp compiles with its DXC (1.4.1907,
    # Source/IntegratedExternals/dxc, before HLSL 2021: `-HV 2018`), the shader model's major
    # version raised to 6 (`cs_5_0` is `cs_6_0`), the built-in macros VA_COMPILED_AS_SHADER_CODE,
    # VA_DIRECTX=12 and VA_DXC, and the call's macros as the `MagicMacrosMagicFile.h` its include
    # handler answers; the search path is Source/Rendering/Shaders. Each
    # `->Create[ShaderAndIL|Shader]FromFile(…)` call whose macros are literals (`{ }`,
    # `{ {"DOF_RESOLVE","1"} }`) or the effect's `m_staticShaderMacros` that the default
    # settings leave empty; vaDepthOfField.cpp's blur passes for each `DOF_BLUR_TYPE` of its
    # loop (0 to 2).
    extra = ['-I', shaders, '-HV', '2018', '-D', 'VA_COMPILED_AS_SHADER_CODE=1', '-D', 'VA_DIRECTX=12', '-D', 'VA_DXC=1']
    found = set()
    for d, _, files in os.walk(source):
        if 'IntegratedExternals' in d or 'DirectX' in d:
            continue
        for f in sorted(files):
            if not f.endswith('.cpp'):
                continue
            text = source_without_line_comments(os.path.join(d, f))
            empty_static = not re.search(r'm_staticShaderMacros\s*=', text)
            for m in re.finditer(r'->\s*Create(?:ShaderAndIL|Shader)FromFile\(\s*L"([\w.]+)"\s*,\s*"(\w+)"\s*,\s*"(\w+)"\s*,\s*(?:inputElements\s*,\s*)?(\{(?:[^{}]|\{[^{}]*\})*\}|vaShaderMacroContaner\{\}|\w+)\s*,', text):
                name, profile, entry, macros = m.groups()
                if not os.path.exists(os.path.join(shaders, name)):
                    continue
                variants = []
                if macros == 'm_staticShaderMacros' and empty_static:
                    variants = [()]
                elif macros.startswith(('{', 'vaShaderMacroContaner')):
                    pairs = re.findall(r'\{?\s*"(\w+)"\s*,\s*"([^"]*)"\s*\}?', macros)
                    rest = re.sub(r'pair\s*<\s*string\s*,\s*string\s*>|"[^"]*"|\bvaShaderMacroContaner\b|\bblurTypeMacro\b', '', macros)
                    if re.search(r'\w', rest):
                        continue  # a value only the engine's run-time state gives
                    defines = tuple(f'{n}={v}' if v else n for n, v in pairs)
                    variants = [defines + (f'DOF_BLUR_TYPE={i}',) for i in range(3)] if 'blurTypeMacro' in macros else [defines]
                for defines in variants:
                    found.add((name, profile[:3] + '6' + profile[4:] if profile[3] < '6' else profile, entry, defines))
    for name, profile, entry, defines in sorted(found):
        magic = os.path.join(GENERATED, 'vrs-dof', f'{name}.{entry}.{abs(hash(defines))}')
        os.makedirs(magic, exist_ok=True)
        with open(os.path.join(magic, 'MagicMacrosMagicFile.h'), 'w') as w:
            w.write(''.join('#define {} {}\n'.format(*(x.split('=', 1) + [''])[:2]) for x in defines))
        yield os.path.join(shaders, name), profile, entry, extra + ['-I', magic]


def sampler_feedback_streaming(root):
    base = os.path.join(root, 'GameTechDev+SamplerFeedbackStreaming/src')
    if not os.path.isdir(base):
        return
    # Expanse_vs2022.vcxproj's FxCompile items (DXC, shader model 6.0, the sampler-feedback
    # pixel shaders 6.5), and the viewers' run-time D3DCompileFromFile calls (FXC `vs_5_0`,
    # `ps_5_0`): TextureViewer.hlsl `vs`/`ps`, BufferViewer.hlsl `vs`, `ps` and `psTexture`.
    yield from msbuild_fxcompile(os.path.join(base, 'Expanse_vs2022.vcxproj'), ['Release|x64'])
    shaders = os.path.join(base, 'shaders')
    for name, entries in (('TextureViewer.hlsl', ('vs', 'ps')), ('BufferViewer.hlsl', ('vs', 'ps', 'psTexture'))):
        for entry in entries:
            yield os.path.join(shaders, name), entry[:2] + '_5_0', entry, ['-I', shaders, '-HV', '2018']


def checkerboard(root):
    base = os.path.join(root, 'GameTechDev+DynamicCheckerboardRendering/MiniEngine')
    if not os.path.isdir(base):
        return
    # MiniEngine's Core and ModelViewer projects (Visual Studio 2017): their FxCompile items
    # over PropertySheets/VS17.props' defaults (ShaderType Compute, ShaderModel 5.0: FXC,
    # `-HV 2018`), built for Release|x64.
    for project in ('Core/Core_VS17.vcxproj', 'ModelViewer/ModelViewer_VS17.vcxproj'):
        yield from msbuild_fxcompile(os.path.join(base, project), ['Release|x64'], sheet={'ShaderType': 'Compute', 'ShaderModel': '5.0'})


def neural_texture_compression(root):
    base = os.path.join(root, 'GameTechDev+TextureSetNeuralCompressionSample')
    shaders = os.path.join(base, 'shaders')
    if not os.path.isdir(shaders):
        return
    # The sample's DX12 back end compiles `.compute` and `.graphics` files at run time with DXC
    # (dx12_backend_compute_shader.cpp, dx12_backend_graphics_pipeline.cpp): `cs_6_6`, or
    # `cs_6_9` for the cooperative-vector kernels it creates as "experimental"; `vs_6_6` and
    # `ps_6_6`; `-HV 2021` (compute), `-enable-16bit-types`, the shader library as include
    # directory. Each ComputeShaderDescriptor / GraphicsPipelineDescriptor the renderers
    # fill: its file, kernel names (`main`, `vert`, `frag` by default) and defines (compute
    # defines have an empty value, graphics ones `1`; the network's `NUM_MIPS 4`). Defines
    # the device adds (FP64_UNSUPPORTED, the Intel workarounds) are for devices without those
    # features, not given.
    found = []
    for d in ('sdk/src/render_pipeline', 'sdk/src/network'):
        for f in sorted(os.listdir(os.path.join(base, d))):
            if not f.endswith('.cpp'):
                continue
            text = source_without_line_comments(os.path.join(base, d, f))
            state = {}
            for m in re.finditer(r'(ComputeShaderDescriptor|GraphicsPipelineDescriptor)\s+\w+\s*;'
                                 r'|\w+\.defines\.insert\([^;]*shaderDefines[^;]*\)'
                                 r'|\w+\.defines\.push_back\(\s*"(\w+)"\s*\)'
                                 r'|\w+\.filename\s*=\s*shaderLibrary\s*\+\s*"([^"]+)"'
                                 r'|\w+\.(kernelname|vertexKernelName|fragmentKernelName)\s*=\s*"(\w+)"'
                                 r'|compile_and_replace_(compute_shader|graphics_pipeline)\(([^;]*)\)', text):
                if m.group(1):
                    state = {'compute': m.group(1).startswith('Compute'), 'defines': [], 'kernelname': 'main',
                             'vertexKernelName': 'vert', 'fragmentKernelName': 'frag'}
                elif '.defines.insert(' in m.group(0):
                    state['defines'].append('NUM_MIPS=4')
                elif m.group(2):
                    state['defines'].append(m.group(2) + ('=' if state['compute'] else '=1'))
                elif m.group(3):
                    state['file'] = os.path.join(shaders, m.group(3).replace('\\\\', '/').lstrip('/'))
                elif m.group(4):
                    state[m.group(4)] = m.group(5)
                elif m.group(6) and 'file' in state:
                    defines = [a for x in state['defines'] for a in ('-D', x)]
                    if m.group(6) == 'compute_shader':
                        profile = 'cs_6_9' if m.group(7).replace(' ', '').endswith(',true') else 'cs_6_6'
                        found.append((state['file'], profile, state['kernelname'], defines + ['-HV', '2021']))
                    else:
                        found.append((state['file'], 'vs_6_6', state['vertexKernelName'], defines))
                        found.append((state['file'], 'ps_6_6', state['fragmentKernelName'], defines))
    for path, profile, entry, flags in found:
        yield path, profile, entry, flags + ['-enable-16bit-types', '-I', shaders]


def xegtao(root):
    shaders = os.path.join(root, 'GameTechDev+XeGTAO/Source/Rendering/Shaders')
    if not os.path.isdir(shaders):
        return
    # vaShaderDX12.cpp: DXC with the shader model raised to 6_3, /Zpc, and its built-in macros;
    # the search path is Source/Rendering/Shaders (vaRenderDeviceDX12.h). Its DXC (1.6.2112, in
    # Source/IntegratedExternals/dxc) predates HLSL 2021 as DXC's default: `-HV 2018`.
    extra = ['-I', shaders, '--Zpc', '-HV', '2018', '-D', 'VA_COMPILED_AS_SHADER_CODE=1', '-D', 'VA_DIRECTX=12', '-D', 'VA_DXC=1']
    stages = {'Compute': 'cs', 'Pixel': 'ps', 'Vertex': 'vs', 'Geometry': 'gs', 'Hull': 'hs', 'Domain': 'ds'}
    # vaGTAO.cpp's m_staticShaderMacros with the class's default settings (16-bit math, the
    # Hilbert LUT, default constants).
    gtao = ['XE_GTAO_USE_HALF_FLOAT_PRECISION=1', 'XE_GTAO_HILBERT_LUT_AVAILABLE', 'XE_GTAO_USE_DEFAULT_CONSTANTS=1']
    source = os.path.join(root, 'GameTechDev+XeGTAO/Source')
    texts = {}
    for d, _, files in os.walk(source):
        if 'IntegratedExternals' not in d:
            for f in sorted(files):
                if f.endswith(('.cpp', '.h')):
                    texts[os.path.join(d, f)] = source_without_line_comments(os.path.join(d, f))
    # The stage of a `m_X->CompileFromFile(…)` call: the shader class `m_X` is declared with.
    members = {n: stage for t in texts.values() for stage, n in re.findall(r'va(\w+)Shader\s*>\s+(\w+)', t)}
    literal = r'("[\w/.]+"|\w+)\s*,\s*"(\w+)"\s*,\s*(\{(?:[^{}]|\{[^{}]*\})*\}|vaShaderMacroContaner\{\}|\w+)'
    calls = [(r'va(\w+)Shader::CreateFromFile\(\s*[^,]+,\s*' + literal, lambda m: m.group(1)),
             (r'(\w+)(?:\[\w+\])?\s*->\s*CompileFromFile\(\s*' + literal, lambda m: members.get(m.group(1)))]
    found = set()
    for path, text in sorted(texts.items()):
        if not path.endswith('.cpp'):
            continue
        file_var = dict(re.findall(r'string\s+(\w+)\s*=\s*"([\w/.]+\.hlsl)"', text))
        for pattern, stage_of in calls:
            for m in re.finditer(pattern, text):
                name = m.group(2).strip('"') if m.group(2).startswith('"') else file_var.get(m.group(2))
                stage = stages.get(stage_of(m) or '')
                if not name or not stage or not os.path.exists(os.path.join(shaders, name)):
                    continue
                macros = m.group(4)
                if macros.startswith(('{', 'vaShaderMacroContaner')):
                    pairs = re.findall(r'\(?\s*"(\w+)"\s*,\s*("[^"]*"|[^)}]+)', macros)
                    rest = re.sub(r'"[^"]*"|\b(?:pair|string|vaShaderMacroContaner)\b', '', macros)
                    if any(not v.startswith('"') for _, v in pairs) or re.search(r'\w', rest):
                        continue  # a value only the engine's run-time state gives
                    defines = tuple(f'{n}={v[1:-1]}' if v != '""' else n for n, v in pairs)
                elif macros == 'm_staticShaderMacros' and path.endswith('vaGTAO.cpp'):
                    defines = tuple(gtao)
                else:
                    continue  # macros only the engine's run-time state gives
                found.add((name, stage, m.group(3), defines))
    for name, stage, entry, defines in sorted(found):
        # vaShaderDX12.cpp's include handler answers `MagicMacrosMagicFile.h` (which
        # vaShaderCore.h includes) with the shader's macros as `#define`s.
        magic = os.path.join(GENERATED, 'xegtao', f'{name}.{entry}.{abs(hash(defines))}'.replace('/', '+'))
        os.makedirs(magic, exist_ok=True)
        with open(os.path.join(magic, 'MagicMacrosMagicFile.h'), 'w') as w:
            w.write(''.join('#define {} {}\n'.format(*(x.split('=', 1) + [''])[:2]) for x in defines))
        yield os.path.join(shaders, name), stage + '_6_3', entry, extra + ['-I', magic]


def cmake_shader_properties(cmake):
    """The shaders a CMake file gives Visual Studio's FxCompile through
    `set_source_files_properties(… PROPERTIES VS_SHADER_TYPE … VS_SHADER_MODEL …)`, with the
    `set(NAME files…)` lists it names expanded: (path, stage, model, entry point)."""
    text = re.sub(r'#.*', '', open(cmake, errors='replace').read())
    lists = {}
    for m in re.finditer(r'\bset\(\s*(\w+)\s+([^)]*)\)', text):
        lists[m.group(1)] = m.group(2).split()

    def expand(words):
        for w in words:
            v = re.fullmatch(r'\$\{(\w+)\}', w)
            yield from (expand(lists.get(v.group(1), [])) if v else [w])
    props = collections.defaultdict(dict)
    for m in re.finditer(r'set_source_files_properties\((.*?)\bPROPERTIES\b(.*?)\n\s*\)', text, re.S):
        words = m.group(2).split()
        for f in expand(m.group(1).split()):
            for k, v in zip(words[::2], words[1::2]):
                props[f][k] = v
    here = os.path.dirname(cmake)
    for f, p in sorted(props.items()):
        stage = MSBUILD_STAGES.get(p.get('VS_SHADER_TYPE', ''))
        if stage and f.endswith('.hlsl'):
            yield os.path.join(here, f), stage, p.get('VS_SHADER_MODEL', '4.0').replace('.', '_'), p.get('VS_SHADER_ENTRYPOINT', 'main')


def learning_dx12(root):
    base = os.path.join(root, 'jpvanoosten+LearningDirectX12')
    if not os.path.isdir(base):
        return
    # DX12Lib's and each sample's CMakeLists.txt: the file's Visual Studio shader properties.
    for d in ['DX12Lib'] + [os.path.join('samples', s) for s in sorted(os.listdir(os.path.join(base, 'samples')))]:
        cmake = os.path.join(base, d, 'CMakeLists.txt')
        if os.path.exists(cmake):
            for path, stage, model, entry in cmake_shader_properties(cmake):
                yield path, f'{stage}_{model}', entry, ['-I', os.path.dirname(path)]


def nrd(root):
    base = os.path.join(root, 'NVIDIA-RTX+NRD')
    mathlib = os.path.join(root, 'NVIDIA-RTX+MathLib')  # CMakeLists.txt fetches MathLib v11 (`ml.hlsli`)
    if not os.path.isdir(base) or not os.path.isdir(mathlib):
        return
    # CMakeLists.txt: ShaderMake -p SPIRV over Shaders/Shaders.cfg, Vulkan 1.2, its register
    # shifts, `-I MathLib -D NRD_INTERNAL`, the `-m` model of each line; it writes
    # Shaders/NRDConfig.hlsli from its options (the defaults here).
    config = os.path.join(GENERATED, 'nrd-config')
    os.makedirs(config, exist_ok=True)
    with open(os.path.join(config, 'NRDConfig.hlsli'), 'w') as w:
        w.write(''.join(f'#define {n} {v}\n' for n, v in [('NRD_NORMAL_ENCODING', 2), ('NRD_ROUGHNESS_ENCODING', 1),
                ('NRD_SUPPORTS_VIEWPORT_OFFSET', 0), ('NRD_SUPPORTS_CHECKERBOARD', 1), ('NRD_SUPPORTS_HISTORY_CONFIDENCE', 1),
                ('NRD_SUPPORTS_DISOCCLUSION_THRESHOLD_MIX', 1), ('NRD_SUPPORTS_ANTIFIREFLY', 1), ('NRD_SUPPORTS_QUAD_INTRINSICS', 1),
                ('REBLUR_PERFORMANCE_MODE', 0)]))
    shaders = os.path.join(base, 'Shaders')
    extra = ['-I', shaders, '-I', config, '-I', mathlib, '-D', 'NRD_INTERNAL', '-fspv-target-env=vulkan1.2']
    for reg, shift in (('s', 0), ('b', 2), ('u', 3), ('t', 20)):
        extra += [f'-fvk-{reg}-shift', str(shift), 'all']
    cfg = os.path.join(shaders, 'Shaders.cfg')
    models = {l.split()[0]: re.search(r'-m\s+(\w+)', l).group(1) for l in open(cfg) if re.search(r'-m\s+\w+', l)}
    for path, stage, entry, defines in shadermake_config(cfg):
        yield os.path.join(shaders, path), f'{stage}_{models.get(path, "6_0")}', entry, extra + [a for d in defines for a in ('-D', d)]


def directxtex(root):
    base = os.path.join(root, 'microsoft+DirectXTex')
    if not os.path.isdir(base):
        return
    # DirectXTex/Shaders/CompileShaders.cmd: FXC `/Zpc`, each `:CompileShader FILE ENTRY` as
    # cs_5_0 and as cs_4_0 with EMULATE_F16C; DDSView/hlsl.cmd: ddsview.hlsl's `/E… /T…` lines.
    # FXC's language is DXC's `-HV 2018`.
    shaders = os.path.join(base, 'DirectXTex/Shaders')
    for name, entry in re.findall(r'call :CompileShader (\w+) (\w+)', open(os.path.join(shaders, 'CompileShaders.cmd')).read()):
        path = os.path.join(shaders, name + '.hlsl')
        yield path, 'cs_5_0', entry, ['--Zpc', '-HV', '2018']
        yield path, 'cs_4_0', entry, ['--Zpc', '-HV', '2018', '-D', 'EMULATE_F16C']
    ddsview = os.path.join(base, 'DDSView')
    for entry, profile in re.findall(r'ddsview\.hlsl .*?/E(\w+) /T(\w+)', open(os.path.join(ddsview, 'hlsl.cmd')).read()):
        yield os.path.join(ddsview, 'ddsview.hlsl'), profile, entry, ['--Zpc', '-HV', '2018']


def spd(root):
    base = os.path.join(root, 'GPUOpen-Effects+FidelityFX-SPD')
    if not os.path.isdir(base):
        return
    # sample/src/{DX12,VK}/CMakeLists.txt copy each back end's shaders and ffx-spd's headers into
    # one directory, where Cauldron compiles them with the flags each call gives; each
    # `if (…) { defines["X"] = 1; … }` before the call is one axis of permutations. Cauldron's
    # PostProcPS (Cauldron is not mirrored here) compiles PSDownsampler.hlsl's `mainPS`: ps_6_0
    # assumed. Cauldron's DXC (2020) predates HLSL 2021 as DXC's default: `-HV 2018`.
    import itertools
    for api in ('DX12', 'VK'):
        src = os.path.join(base, 'sample/src', api)
        extra = ['-I', src, '-I', os.path.join(base, 'ffx-spd'), '-HV', '2018']
        for f in sorted(os.listdir(src)):
            if not f.endswith('.cpp'):
                continue
            text = open(os.path.join(src, f), errors='replace').read()
            axes = [[()] + [tuple(re.findall(r'defines\["(\w+)"\]\s*=\s*(\w+)', block))]
                    for block in re.findall(r'if\s*\([^{}]*\)\s*\{((?:\s*defines\["\w+"\]\s*=\s*\w+\s*;)+)\s*\}', text)]
            for m in re.finditer(r'(?:CompileShaderFromFile|VKCompileFromFile)\([^;]*?"([\w.]+\.hlsl)"\s*,\s*(?:&defines\s*,\s*)?"(\w+)"\s*,\s*(?:"([^"]*)")?', text):
                flags = m.group(3).split()
                profile = flags[flags.index('-T') + 1]
                for picks in itertools.product(*axes):
                    yield os.path.join(src, m.group(1)), profile, m.group(2), extra + [a for pick in picks for n, v in pick for a in ('-D', f'{n}={v}')]
            if re.search(r'"PSDownsampler\.hlsl"', text):
                yield os.path.join(src, 'PSDownsampler.hlsl'), 'ps_6_0', 'mainPS', extra


def cmaa2(root):
    base = os.path.join(root, 'GameTechDev+CMAA2')
    if not os.path.isdir(base):
        return
    # The Vanilla engine before XeGTAO's: vaShaderDX12.cpp compiles with FXC (D3DCompileFromFile:
    # `-HV 2018`, and `-flegacy-macro-expansion` for FXC's preprocessor, which expands `##`'s
    # operands as vaShaderCore.h's `B_CONCATENATER(x) b##x` needs), the built-in macros VA_COMPILED_AS_SHADER_CODE=1 and VA_DIRECTX=12, the
    # profile each CreateShaderFromFile call names, and answers `MagicMacrosMagicFile.h` with the
    # call's macros; the search paths are the executable's directory (Projects/CMAA2, whose
    # shaders are named `CMAA2/CMAA2.hlsl`) and Modules/Rendering/Shaders (vaRenderDeviceDX12.h).
    # Calls whose macros come from run-time state are left out, except CMAA2's own, compiled as
    # vaCMAA2DX12.cpp builds them for an RGBA8 UNORM colour buffer, one sample and quality preset 2.
    project, shaders = os.path.join(base, 'Projects/CMAA2'), os.path.join(base, 'Modules/Rendering/Shaders')
    extra = ['-I', project, '-I', shaders, '-HV', '2018', '-flegacy-macro-expansion', '-D', 'VA_COMPILED_AS_SHADER_CODE=1', '-D', 'VA_DIRECTX=12']
    cmaa = ('CMAA2_STATIC_QUALITY_PRESET=2', 'CMAA2_EXTRA_SHARPNESS=0', 'CMAA2_UAV_STORE_TYPED=1', 'CMAA2_UAV_STORE_TYPED_UNORM_FLOAT=1',
            'CMAA2_UAV_STORE_CONVERT_TO_SRGB=0', 'CMAA2_SUPPORT_HDR_COLOR_RANGE=0')
    files = {'m_shaderFileToUse.c_str()': 'vaLighting.hlsl', 'GetShaderFilePath()': 'vaASSAOLite.hlsl'}
    found = set()
    for d, _, names in list(os.walk(os.path.join(base, 'Modules'))) + list(os.walk(project)):
        for f in names:
            if not f.endswith('.cpp') or 'DX11' in f or 'IntegratedExternals' in d:
                continue
            text = source_without_line_comments(os.path.join(d, f))
            for m in re.finditer(r'->\s*Create(?:ShaderAndIL|Shader)FromFile\(\s*(L"[\w/.]+"|[\w.]+\(\s*\))\s*,\s*"(\w+)"\s*,\s*"(\w+)"\s*,(?:\s*inputElements\s*,)?\s*(\{(?:[^{}]|\{[^{}]*\})*\}|vaShaderMacroContaner\{\}|\w+)', text):
                arg = re.sub(r'\s', '', m.group(1))
                name = arg[2:-1] if arg.startswith('L"') else files.get(arg)
                path = next((os.path.join(p, name) for p in (project, shaders) if name and os.path.exists(os.path.join(p, name))), None)
                macros = m.group(4)
                if not path:
                    continue
                if macros.startswith(('{', 'vaShaderMacroContaner')):
                    pairs = re.findall(r'\(?\s*"(\w+)"\s*\)?\s*,\s*(?:string\s*\(\s*)?("[^"]*")', macros)
                    defines = tuple(f'{n}={v[1:-1]}' if v != '""' else n for n, v in pairs)
                elif macros == 'shaderMacros' and f == 'vaCMAA2DX12.cpp':
                    defines = cmaa
                else:
                    continue  # macros only the engine's run-time state gives
                found.add((path, m.group(2), m.group(3), defines))
    for path, profile, entry, defines in sorted(found):
        magic = os.path.join(GENERATED, 'cmaa2', f'{os.path.basename(path)}.{entry}.{abs(hash(defines))}')
        os.makedirs(magic, exist_ok=True)
        with open(os.path.join(magic, 'MagicMacrosMagicFile.h'), 'w') as w:
            w.write(''.join('#define {} {}\n'.format(*(x.split('=', 1) + [''])[:2]) for x in defines))
        yield path, profile, entry, extra + ['-I', magic]


def nri_samples(root):
    base = os.path.join(root, 'NVIDIA-RTX+NRISamples')
    nri, mathlib = os.path.join(root, 'NVIDIA-RTX+NRI'), os.path.join(root, 'NVIDIA-RTX+MathLib')
    if not os.path.isdir(base) or not os.path.isdir(nri) or not os.path.isdir(mathlib):
        return
    # CMakeLists.txt: ShaderMake -p SPIRV over Shaders/Shaders.cfg with `-I Shaders -I MathLib
    # -I NRI/Include`, its register shifts (s 0, b 32, u 64, t 128), Vulkan 1.2 and ShaderMake's
    # default shader model 6_5 unless a line gives `-m`.
    shaders = os.path.join(base, 'Shaders')
    extra = ['-I', shaders, '-I', mathlib, '-I', os.path.join(nri, 'Include'), '-fspv-target-env=vulkan1.2']
    for reg, shift in (('s', 0), ('b', 32), ('u', 64), ('t', 128)):
        extra += [f'-fvk-{reg}-shift', str(shift), 'all']
    cfg = os.path.join(shaders, 'Shaders.cfg')
    models = {l.split()[0]: re.search(r'-m\s+(\w+)', l).group(1) for l in open(cfg) if re.search(r'-m\s+\w+', l)}
    for path, stage, entry, defines in shadermake_config(cfg):
        yield os.path.join(shaders, path), f'{stage}_{models.get(path, "6_5")}', entry, extra + [a for d in defines for a in ('-D', d)]


def rtxpt(root):
    base = os.path.join(root, 'NVIDIA-RTX+RTXPT')
    external = os.path.join(base, 'External')
    if not os.path.isdir(os.path.join(external, 'Donut', 'include')):
        return
    # Rtxpt/CMakeLists.txt: Donut's donut_compile_shaders over Rtxpt/shaders.cfg, which runs
    # ShaderMake -p SPIRV with `-D SPIRV -D TARGET_VULKAN`, NVRHI's register shifts, Vulkan 1.2,
    # `-I Donut/include` and the INCLUDES (NRD's Shaders/Include, RTXDI's Include, External);
    # the default Agility SDK (1.619) adds `-m 6_9`.
    extra = [a for d in (os.path.join(external, 'Donut', 'include'), os.path.join(external, 'Nrd', 'Shaders', 'Include'),
                         os.path.join(external, 'Rtxdi', 'Include'), external) for a in ('-I', d)]
    extra += ['-D', 'SPIRV', '-D', 'TARGET_VULKAN', '-fspv-target-env=vulkan1.2']
    for reg, shift in (('t', 0), ('s', 128), ('b', 256), ('u', 384)):
        extra += [f'-fvk-{reg}-shift', str(shift), 'all']
    # NRD's CMakeLists.txt (at the commit RTXPT pins) writes Shaders/Include/NRDEncoding.hlsli
    # from NRD_NORMAL_ENCODING and NRD_ROUGHNESS_ENCODING, which External/CMakeLists.txt sets
    # to 2 and 1; the post-process passes include it.
    nrd_cmake = os.path.join(external, 'Nrd', 'CMakeLists.txt')
    if os.path.exists(nrd_cmake) and 'NRDEncoding.hlsli' in open(nrd_cmake, errors='replace').read():
        encoding = os.path.join(GENERATED, 'rtxpt-nrd')
        os.makedirs(encoding, exist_ok=True)
        with open(os.path.join(encoding, 'NRDEncoding.hlsli'), 'w') as w:
            w.write('#define NRD_NORMAL_ENCODING 2\n#define NRD_ROUGHNESS_ENCODING 1\n')
        extra += ['-I', encoding]
    cfg = os.path.join(base, 'Rtxpt', 'shaders.cfg')
    for path, stage, entry, defines in shadermake_config(cfg):
        yield os.path.join(base, 'Rtxpt', path), stage + '_6_9', entry, extra + [a for d in defines for a in ('-D', d)]


# What ShaderMake itself adds to each DXC command line for `--platform SPIRV` (ShaderMake.cpp's
# ExeCompile): `-enable-16bit-types` from shader model 6.2 on (every build below is 6.5 or
# later), `-fspv-target-env=vulkan` with the `--vulkanVersion` given (1.2 by Donut's and OMM's
# CMake) and its default extension list, `SPV_EXT_descriptor_indexing` and `KHR`, to which
# `--spirvExt` appends.
SHADERMAKE_SPIRV = ['-enable-16bit-types', '-fspv-target-env=vulkan1.2', '-fspv-extension=SPV_EXT_descriptor_indexing', '-fspv-extension=KHR']


def rtxgi(root):
    base = os.path.join(root, 'NVIDIA-RTX+RTXGI')
    sample, external = os.path.join(base, 'Samples/Pathtracer'), os.path.join(base, 'External')
    if not os.path.isdir(os.path.join(external, 'Donut', 'include')):
        return
    # Samples/Pathtracer/CMakeLists.txt: Donut's donut_compile_shaders over shaders.cfg
    # (ShaderMake -p SPIRV with `-D SPIRV -D TARGET_VULKAN`, NVRHI's register shifts, Vulkan 1.2,
    # `-I Donut/include`) plus `--shaderModel 6_6 -I Nrc/include -I Sharc/include`; its
    # `--vulkanMemoryLayout dx` (DXC's -fvk-use-dx-layout: hlslc's layout anyway, accepted).
    # `Denoiser.hlsl` includes "NRD/NRD.hlsli" from the directory `Nrd/` (Windows' file names
    # ignore case): a generated `NRD` link answers it. The path-tracer and SHaRC permutations
    # need the Sharc submodule, they and Denoiser's ENABLE_NRC permutation the Nrc one (NRC's
    # `NRCStructures.h`); they are left out when those are absent.
    case = os.path.join(GENERATED, 'rtxgi')
    os.makedirs(case, exist_ok=True)
    if not os.path.lexists(os.path.join(case, 'NRD')):
        os.symlink(os.path.join(sample, 'Nrd'), os.path.join(case, 'NRD'))
    nrc, sharc = os.path.join(base, 'Libraries/Nrc/include'), os.path.join(base, 'Libraries/Sharc/include')
    extra = ['-I', os.path.join(external, 'Donut', 'include'), '-I', nrc, '-I', sharc, '-I', case,
             '-D', 'SPIRV', '-D', 'TARGET_VULKAN', '-fvk-use-dx-layout'] + SHADERMAKE_SPIRV
    for reg, shift in (('t', 0), ('s', 128), ('b', 256), ('u', 384)):
        extra += [f'-fvk-{reg}-shift', str(shift), 'all']
    for path, stage, entry, defines in shadermake_config(os.path.join(sample, 'shaders.cfg')):
        needs_nrc = path == 'Pathtracer.hlsl' or 'ENABLE_NRC=1' in defines
        if (needs_nrc and not os.path.isdir(nrc)) or (path in ('Pathtracer.hlsl', 'SharcResolve.hlsl') and not os.path.isdir(sharc)):
            continue
        flags = ['-enable-payload-qualifiers'] if stage == 'lib' else []
        yield os.path.join(sample, path), stage + '_6_6', entry, extra + flags + [a for d in defines for a in ('-D', d)]


def omm(root):
    base = os.path.join(root, 'NVIDIA-RTX+OMM')
    if not os.path.isdir(base):
        return
    # libraries/omm-lib/ShaderCompilation.cmake: ShaderMake --platform=SPIRV over shaders.cfg
    # (generated from shaders/*.hlsl, the stage from each name), Vulkan 1.2, the register shifts
    # OMM_VK_{S,T,B,U}_SHIFT (100, 200, 300, 400), no include directories, ShaderMake's default
    # shader model 6_5. tools/viewer: Donut's donut_compile_shaders over its shaders.cfg
    # (`-D SPIRV -D TARGET_VULKAN`, NVRHI's shifts, `-I donut/include`,
    # `--spirvExt=SPV_EXT_fragment_shader_interlock`).
    lib = os.path.join(base, 'libraries/omm-lib')
    extra = list(SHADERMAKE_SPIRV)
    for reg, shift in (('s', 100), ('t', 200), ('b', 300), ('u', 400)):
        extra += [f'-fvk-{reg}-shift', str(shift), 'all']
    for path, stage, entry, defines in shadermake_config(os.path.join(lib, 'shaders.cfg')):
        yield os.path.join(lib, path), stage + '_6_5', entry, extra + [a for d in defines for a in ('-D', d)]
    viewer, donut_inc = os.path.join(base, 'tools/viewer'), os.path.join(base, 'external/donut/include')
    if not os.path.isdir(donut_inc):
        return
    extra = ['-I', donut_inc, '-D', 'SPIRV', '-D', 'TARGET_VULKAN'] + SHADERMAKE_SPIRV + ['-fspv-extension=SPV_EXT_fragment_shader_interlock']
    for reg, shift in (('t', 0), ('s', 128), ('b', 256), ('u', 384)):
        extra += [f'-fvk-{reg}-shift', str(shift), 'all']
    for path, stage, entry, defines in shadermake_config(os.path.join(viewer, 'shaders.cfg')):
        yield os.path.join(viewer, path), stage + '_6_5', entry, extra + [a for d in defines for a in ('-D', d)]


def mjp_sample11(base, app_name, framework, settings=None):
    """TheRealMJP's SampleFramework11 (D3D11) samples: each `Compile{VS,PS,GS,HS,DS,CS}FromFile(device,
    path, "Entry", "profile", opts)` in the C++ (the entry point and profile defaulting to the
    header's `"VS"`, `"vs_5_0"` …) with the `opts.Add("Name_", value)` written before it (a
    literal, or the first value of the loop that gives it; other run-time values 0, sample
    counts 1; `settings` gives the values of the app's settings instead, as `{"Name_": values}` or
    `{"Entry:Name_": values}`, one compile for each value), compiled as ShaderCompilation.cpp calls FXC (D3DCompileFromFile, whose language is
    DXC's `-HV 2018`): `"…"` includes from the including file's directory or the sample's own (the
    working directory), `<…>` ones from the framework's Shaders directory."""
    app = os.path.join(base, app_name)
    framework = os.path.join(base, framework)
    if not os.path.isdir(app) or not os.path.isdir(framework):
        return
    fw_shaders = os.path.join(framework, 'Shaders')
    found = set()
    for d, _, files in list(os.walk(app)) + ([] if framework.startswith(app + os.sep) else list(os.walk(framework))):
        for f in files:
            if not f.endswith('.cpp'):
                continue
            text = open(os.path.join(d, f), errors='replace').read()
            opts = {}
            for m in re.finditer(r'opts\.Reset\(\)|CompileOptions\s+opts\s*;|opts\.Add\(\s*"(\w+)"\s*,\s*([^;]*)\)\s*;'
                                 r'|Compile(VS|PS|GS|HS|DS|CS)FromFile\(\s*device\s*,\s*(L"[^"]+"|\w+\.c_str\(\))\s*(?:,\s*"(\w+)")?\s*(?:,\s*"(\w+)")?\s*(,\s*opts\b)?'
                                 r'|CompileShader\(\s*(L"[^"]+")\s*,\s*"(\w+)"\s*,\s*"((\w\w)_\w+)"\s*(,\s*opts\b)?', text):
                if m.group(0).startswith(('opts.Reset', 'CompileOptions')):
                    opts = {}
                elif m.group(1):
                    value = m.group(2).strip()
                    const = re.search(r'\b' + value + r'\s*=\s*(\d+)\s*;', text) if re.fullmatch(r'\w+', value) else None
                    literal = const or re.search(r'(?<![\w.])(\d+)(?![\w.])', value)
                    opts[m.group(1)] = literal.group(1) if literal else '1' if m.group(1).endswith('Samples_') else '0'
                else:
                    if m.group(8):  # a bare `CompileShader(path, "Entry", "profile")` (byte code for an input layout)
                        stage, arg, entry, profile, with_opts = m.group(11), m.group(8), m.group(9), m.group(10), m.group(12)
                    else:
                        stage, arg, entry, profile, with_opts = m.group(3).lower(), m.group(4), m.group(5), m.group(6), m.group(7)
                    if arg.startswith('L"'):
                        path = os.path.join(app, arg[2:-1].replace('\\\\', '/'))
                    else:
                        var = re.search(re.escape(arg.split('.')[0]) + r'\s*=\s*SampleFrameworkDir\(\)\s*\+\s*L"Shaders\\\\(\w+\.hlsl)"', text)
                        path = os.path.join(fw_shaders, var.group(1)) if var else None
                    if path and os.path.exists(path):
                        entry = entry or stage.upper()
                        used = sorted(opts.items()) if with_opts else []
                        picks = [(settings or {}).get(f'{entry}:{n}', (settings or {}).get(n, [v])) for n, v in used]
                        for values in itertools.product(*picks):
                            found.add((path, profile or stage + '_5_0', entry, tuple(a for (n, _), v in zip(used, values) for a in ('-D', f'{n}={v}'))))
    for path, profile, entry, defines in sorted(found):
        yield path, profile, entry, ['-I', app, '-I', fw_shaders, '-HV', '2018'] + list(defines)


def mjp_shadows(root):
    # AppSettings.cpp's defaults (a 2x2 fixed filter, receiver plane depth bias, cascades selected
    # by split depth) and each shadow mode the app recompiles Mesh.hlsl's PS for when the setting
    # changes (VSMConvert.hlsl's ConvertToVSM: the VSM/EVSM/MSM ones, its loop).
    settings = {'FilterSize_': ['2'], 'UsePlaneDepthBias_': ['1'], 'SelectFromProjection_': ['0'],
                'PS:ShadowMode_': [str(m) for m in range(9)], 'ConvertToVSM:ShadowMode_': [str(m) for m in range(4, 9)]}
    yield from mjp_sample11(os.path.join(root, 'TheRealMJP+Shadows'), 'Shadows', 'Shadows/SampleFramework11', settings)


def mjp_bakinglab(root):
    yield from mjp_sample11(os.path.join(root, 'TheRealMJP+BakingLab'), 'BakingLab', 'SampleFramework11/v1.02')


def mjp_msaafilter(root):
    yield from mjp_sample11(os.path.join(root, 'TheRealMJP+MSAAFilter'), 'MSAAFilter', 'SampleFramework11/v1.01')


def mjp_specularaa(root):
    yield from mjp_sample11(os.path.join(root, 'TheRealMJP+SpecularAA'), 'SpecularAA 2', 'SpecularAA 2/SampleFramework11')


def mjp_lowres(root):
    yield from mjp_sample11(os.path.join(root, 'TheRealMJP+LowResRendering'), 'LowResRendering', 'SampleFramework11/v1.01')


def dxlatest(root):
    base = os.path.join(root, 'TheRealMJP+DXLatest')
    if not os.path.isdir(base):
        return
    # dxlatest.cpp's CompileShaderFromFile: shader model 6_8, `-HV 2021 -enable-16bit-types`, and
    # `-Zpr` (RowMajorByDefault is true by default in dxlatest.h), for each call in the examples;
    # SingleTriangle_NoExtensions builds its shaders with its .vcxproj's FxCompile items.
    flags = ['-HV', '2021', '-enable-16bit-types', '-Zpr']
    stages = {'Vertex': 'vs', 'Pixel': 'ps', 'Compute': 'cs', 'Mesh': 'ms', 'Amplification': 'as', 'Geometry': 'gs', 'Hull': 'hs', 'Domain': 'ds'}
    examples = os.path.join(base, 'Examples')
    for d in sorted(os.listdir(examples)):
        for f in sorted(os.listdir(os.path.join(examples, d))):
            path = os.path.join(examples, d, f)
            if f.endswith('.cpp'):
                text = open(path, errors='replace').read()
                for m in re.finditer(r'CompileShaderFromFile\(\s*\{\s*\.Type\s*=\s*ShaderType::(\w+)\s*,\s*\.FilePath\s*=\s*"([\w.]+)"\s*,\s*\.EntryPoint\s*=\s*"(\w+)"', text):
                    yield os.path.join(examples, d, m.group(2)), stages[m.group(1)] + '_6_8', m.group(3), ['-I', os.path.join(examples, d)] + flags
            elif f.endswith('.vcxproj'):
                yield from msbuild_fxcompile(path, ['Release|x64'])


def shforhlsl(root):
    base = os.path.join(root, 'TheRealMJP+SHforHLSL')
    if not os.path.isdir(base):
        return
    # CompileTest.bat: DXC `-enable-16bit-types -WX -HV 2021 /T cs_6_8 /E CompileTest` on
    # CompileTest.hlsl and CompileTest_Lite.hlsl, and FXC `/T cs_5_0` on CompileTest_Lite.hlsl.
    for line in open(os.path.join(base, 'CompileTest.bat'), errors='replace'):
        m = re.match(r'\s*(dxc|fxc)\b.*?/T (\w+) /E (\w+) ([\w.]+)', line)
        if m:
            flags = ['-enable-16bit-types', '-HV', '2021'] if m.group(1) == 'dxc' else ['-HV', '2018']
            yield os.path.join(base, m.group(4)), m.group(2), m.group(3), flags
    # SHTest, a SampleFramework12 v1.04 sample: ShaderCompilation.cpp's 6_8 profiles (AppConfig.h
    # leaves EnablePreviewDX12SDK_ off) with `-HV 2021 -enable-16bit-types -Zpr`.
    yield from mjp_sample(os.path.join(base, 'SHTest'), 'SHTest', 'v1.04', ['-HV', '2021', '-enable-16bit-types', '-Zpr'], model='6_8')


def cauldron_shader_lib(name, entries):
    """The directory a Cauldron sample's CMake fills with `copyCommand(files bin/ShaderLib{DX,VK}[/SUB])`:
    `entries` lists (SUB, files or directories copied there). Windows opens a file whatever the
    case it is spelled in (`#include "tonemappers.hlsl"` for Cauldron's `Tonemappers.hlsl`):
    each file is linked under its own name and its lower-case name."""
    lib = os.path.join(GENERATED, name)
    for sub, sources in entries:
        d = os.path.join(lib, sub)
        os.makedirs(d, exist_ok=True)
        for src in sources:
            files = [os.path.join(src, f) for f in sorted(os.listdir(src))] if os.path.isdir(src) else [src]
            for f in files:
                if os.path.isfile(f) and f.endswith(('.hlsl', '.h', '.hlsli')):
                    for n in {os.path.basename(f), os.path.basename(f).lower()}:
                        if not os.path.lexists(os.path.join(d, n)):
                            os.symlink(f, os.path.join(d, n))
    return lib


def cauldron_calls(cpp, default_flags=None):
    """Cauldron's shader compiles in a sample's C++ file: `CompileShaderFromFile("File.hlsl",
    &defines, "entry", "flags", …)`, `VKCompileFromFile(device, stage, "File.hlsl", "entry",
    flags, &defines, …)`, and calls of a wrapper passing a file, defines and entry point when
    `default_flags` gives its flags; flags named by a `std::string X("…")` take its last
    definition before the call (the release one), and `defines["X"] = …` assignments since the
    `DefineList defines;` (a literal, `std::to_string(N)` or a constant's value) are the
    defines the call passes. Yields (file, flags, entry, defines)."""
    text = source_without_line_comments(cpp)
    defines = {}
    call = (r'DefineList\s+defines\s*;|defines\["(\w+)"\]\s*=\s*([^;]+);'
            r'|CompileShaderFromFile\(\s*"([\w.]+)"\s*,\s*(&defines|NULL|nullptr)\s*,\s*"(\w+)"\s*,\s*("[^"]*"|\w+\.c_str\(\))'
            r'|VKCompileFromFile\(\s*[^,]+,\s*VK_SHADER_STAGE_\w+\s*,\s*"([\w.]+)"\s*,\s*"(\w+)"\s*,\s*("[^"]*"|\w+\.c_str\(\))\s*,\s*(&?defines|NULL|nullptr)'
            r'|\w+\(\s*"([\w.]+\.hlsl)"\s*,\s*(&defines|NULL|nullptr)\s*,\s*"(\w+)"')
    for m in re.finditer(call, text):
        if m.group(0).startswith('DefineList'):
            defines = {}
        elif m.group(1):
            v = m.group(2).strip()
            lit = re.fullmatch(r'"([^"]*)"|std::to_string\(\s*(\w+)\s*\)', v)
            value = (lit.group(1) if lit.group(1) is not None else lit.group(2)) if lit else '0'
            const = re.search(r'\b' + value + r'\s*=\s*(\d+)\s*;', text) if re.fullmatch(r'[A-Za-z_]\w*', value) else None
            defines[m.group(1)] = const.group(1) if const else value
        else:
            if m.group(3):
                name, used, entry, flags = m.group(3), m.group(4), m.group(5), m.group(6)
            elif m.group(7):
                name, entry, flags, used = m.group(7), m.group(8), m.group(9), m.group(10)
            elif default_flags:
                name, used, entry, flags = m.group(11), m.group(12), m.group(13), '"' + default_flags + '"'
            else:
                continue
            if not flags.startswith('"'):
                var = list(re.finditer(r'std::string\s+' + re.escape(flags.split('.')[0]) + r'\s*\(\s*"([^"]*)"\s*\)', text[:m.start()]))
                flags = '"' + (var[-1].group(1) if var else '') + '"'
            words = flags[1:-1].split()
            if '-T' not in words:
                continue
            kept = [w for w in words if w == '-enable-16bit-types']
            yield name, words[words.index('-T') + 1], entry, kept + [a for n, v in sorted(defines.items() if used != 'NULL' and used != 'nullptr' else []) for a in ('-D', f'{n}={v}')]


def fsr1(root):
    base = os.path.join(root, 'GPUOpen-Effects+FidelityFX-FSR')
    cauldron = os.path.join(root, 'GPUOpen-LibrariesAndSDKs+Cauldron')  # sample/libs/Cauldron
    if not os.path.isdir(base) or not os.path.isdir(cauldron):
        return
    # sample/src/{DX12,VK}/CMakeLists.txt copy the sample's shaders and ffx-fsr's headers into
    # bin/ShaderLib{DX,VK} beside Cauldron's; Cauldron's DXC (2021) predates HLSL 2021 as DXC's
    # default: `-HV 2018`. FSR_Filter.cpp builds FSR_Pass.hlsl three times (EASU, RCAS,
    # bilinear), with SAMPLE_SLOW_FALLBACK 0 or 1 (the device's fp16 support): on DX12 through
    # Cauldron's PostProcCS (`-T cs_6_0`, entry `mainCS`), on Vulkan with `-T cs_6_2
    # -enable-16bit-types`, entry `main`; SampleRenderer.cpp's tone mapping is a PostProcPS
    # (`mainPS`, `-T ps_6_0`) on DX12 and GLSL on Vulkan. (Cauldron as mirrored here, newer than
    # the sample's submodule.)
    for api, profile, entry, flags in (('DX12', 'cs_6_0', 'mainCS', []), ('VK', 'cs_6_2', 'main', ['-enable-16bit-types'])):
        src = os.path.join(base, 'sample/src', api)
        lib = cauldron_shader_lib('fsr1-' + api, [('', [src, os.path.join(base, 'ffx-fsr'), os.path.join(cauldron, 'src', api, 'shaders')])])
        extra = ['-I', lib, '-HV', '2018'] + flags
        for slow in '01':
            for pass_ in ('EASU', 'RCAS', 'BILINEAR'):
                # PostProcCS adds the thread group size it is given (64, 1, 1) as WIDTH, HEIGHT, DEPTH.
                defs = ['-D', 'WIDTH=64', '-D', 'HEIGHT=1', '-D', 'DEPTH=1'] + [a for n in ('EASU', 'RCAS', 'BILINEAR') for a in ('-D', f'SAMPLE_{n}={int(n == pass_)}')]
                yield os.path.join(src, 'FSR_Pass.hlsl'), profile, entry, extra + ['-D', f'SAMPLE_SLOW_FALLBACK={slow}'] + defs
        if api == 'DX12':
            yield os.path.join(src, 'FSR_Tonemapping.hlsl'), 'ps_6_0', 'mainPS', extra


def parallel_sort(root):
    base = os.path.join(root, 'GPUOpen-Effects+FidelityFX-ParallelSort')
    if not os.path.isdir(base):
        return
    # sample/src/{DX12,VK}/CMakeLists.txt copy Common/shaders into bin/ShaderLib{DX,VK} and
    # FFX_ParallelSort.h into its FFX-ParallelSort folder; ParallelSort.cpp compiles through
    # CompileRadixPipeline (`-T cs_6_0`) and CompileShaderFromFile/VKCompileFromFile, with
    # Cauldron's DXC (2021, before HLSL 2021 was DXC's default: `-HV 2018`).
    shaders = os.path.join(base, 'sample/src/Common/shaders')
    lib = cauldron_shader_lib('parallelsort', [('', [shaders]), ('FFX-ParallelSort', [os.path.join(base, 'ffx-parallelsort')])])
    found = set()
    for api in ('DX12', 'VK'):
        for name, profile, entry, extra in cauldron_calls(os.path.join(base, 'sample/src', api, 'ParallelSort.cpp'), '-T cs_6_0'):
            found.add((os.path.join(shaders, name), profile, entry, tuple(extra)))
    for path, profile, entry, extra in sorted(found):
        yield path, profile, entry, ['-I', lib, '-HV', '2018'] + list(extra)


def lpm(root):
    base = os.path.join(root, 'GPUOpen-Effects+FidelityFX-LPM')
    cauldron = os.path.join(root, 'GPUOpen-LibrariesAndSDKs+Cauldron')  # sample/libs/cauldron
    if not os.path.isdir(base) or not os.path.isdir(cauldron):
        return
    # sample/src/DX12/CMakeLists.txt copies shaders/ and ffx-lpm's headers into bin/ShaderLibDX
    # beside Cauldron's (`-HV 2018`: Cauldron's DXC predates HLSL 2021 as DXC's default). The
    # passes: LPMPS.cpp and TestImages.cpp are Cauldron PostProcPS (`mainPS`, `-T ps_6_0`),
    # ExposureMultiplierCS.cpp a PostProcCS (`main`, `-T cs_6_0`), FlipBookAnimation.cpp calls
    # CompileShaderFromFile. The Vulkan back end builds GLSL.
    src = os.path.join(base, 'sample/src/DX12')
    shaders = os.path.join(src, 'shaders')
    lib = cauldron_shader_lib('lpm', [('', [shaders, os.path.join(base, 'ffx-lpm'), os.path.join(cauldron, 'src/DX12/shaders')])])
    extra = ['-I', lib, '-HV', '2018']
    yield os.path.join(shaders, 'LPMPS.hlsl'), 'ps_6_0', 'mainPS', extra
    yield os.path.join(shaders, 'TestImagesPS.hlsl'), 'ps_6_0', 'mainPS', extra
    # (PostProcCS adds its thread group size, 8 × 8 × 1 here, as WIDTH, HEIGHT, DEPTH.)
    yield os.path.join(shaders, 'ExposureMultiplierCS.hlsl'), 'cs_6_0', 'main', extra + ['-D', 'WIDTH=8', '-D', 'HEIGHT=8', '-D', 'DEPTH=1']
    for name, profile, entry, defs in cauldron_calls(os.path.join(src, 'FlipBookAnimation.cpp')):
        yield os.path.join(shaders, name), profile, entry, extra + defs


def hybrid_shadows(root):
    base = os.path.join(root, 'GPUOpen-Effects+Hybrid-Shadows')
    denoiser = os.path.join(root, 'GPUOpen-Effects+FidelityFX-Denoiser')  # libs/FidelityFX-Denoiser
    if not os.path.isdir(base) or not os.path.isdir(denoiser):
        return
    # src/DX12/CMakeLists.txt copies src/Shaders into bin/ShaderLibDX and the denoiser's
    # ffx-shadows-dnsr headers into its ffx_shadows_dnsr folder; each CompileShaderFromFile
    # call gives its flags (`-enable-16bit-types -T cs_6_5` …) and defines. Cauldron's DXC
    # (2021) predates HLSL 2021 as DXC's default: `-HV 2018`.
    shaders = os.path.join(base, 'src/Shaders')
    lib = cauldron_shader_lib('hybrid-shadows', [('', [shaders]), ('ffx_shadows_dnsr', [os.path.join(denoiser, 'ffx-shadows-dnsr')])])
    dx12 = os.path.join(base, 'src/DX12')
    headers = ''.join(open(os.path.join(dx12, f), errors='replace').read() for f in sorted(os.listdir(dx12)) if f.endswith('.h'))
    for f in sorted(os.listdir(dx12)):
        if f.endswith('.cpp'):
            for name, profile, entry, defs in cauldron_calls(os.path.join(dx12, f)):
                # A define's value named by a constant of the class (`s_TileSize = 16`).
                defs = [re.sub(r'=([A-Za-z_]\w*)$', lambda v: '=' + (re.search(r'\b' + v.group(1) + r'\s*=\s*(\d+)', headers) or v).group(1), d) for d in defs]
                yield os.path.join(shaders, name), profile, entry, ['-I', lib, '-HV', '2018'] + defs


def capsaicin(root):
    base = os.path.join(root, 'GPUOpen-LibrariesAndSDKs+Capsaicin')
    src = os.path.join(base, 'src/core/src')
    if not os.path.isdir(src):
        return
    # Capsaicin compiles at run time through gfx (third_party/gfx, gfx.cpp's compileShader): a
    # program `P` is the files `P.comp`, `.task`, `.mesh`, `.vert`, `.frag`, `.rt` under
    # src/core/src; a kernel compiles each of its stages' files with the kernel's entry point
    # (`main` by default), shader model 6_5 (the DXR device's), `-HV 2021
    # -enable-16bit-types -I .` (the working directory, the repository's root) and
    # getShaderPaths()'s include paths (src/core/src, third_party, third_party/FidelityFX/gpu).
    # A ray-tracing program is a `lib_6_5` library. The defines kernels are given at run time
    # (from the scene and the options) are left out, except where a program needs one to
    # compile: gpu_mip.cpp's for an RGBA texture, and visibility_buffer.cpp's USE_INLINE_RT for
    # the compute kernel of visibility_buffer_rt (the ray-tracing one leaves it out).
    flags = ['-HV', '2021', '-enable-16bit-types'] + [a for d in (base, src, os.path.join(base, 'third_party'), os.path.join(base, 'third_party/FidelityFX/gpu')) for a in ('-I', d)]
    stages = {'Compute': [('comp', 'cs')], 'Graphics': [('vert', 'vs'), ('frag', 'ps')], 'Mesh': [('task', 'as'), ('mesh', 'ms'), ('frag', 'ps')]}
    found = set()
    for d, _, files in os.walk(src):
        for f in files:
            if not f.endswith('.cpp'):
                continue
            text = source_without_line_comments(os.path.join(d, f))
            # A program variable names the program of its last assignment before the kernel.
            programs = {}
            for m in re.finditer(r'(\w+)\s*=\s*(?:\w+\s*(?:\.|->)\s*)?(?:createProgram|gfxCreateProgram)\(\s*(?:gfx_?\s*,\s*)?"([\w/]+)"'
                                 r'|gfxCreate(Compute|Graphics|Mesh|Raytracing)Kernel\(\s*\w+\s*,\s*(\w+)\s*([^;]*?)\)\s*;', text):
                if m.group(1):
                    programs[m.group(1)] = m.group(2)
                    continue
                kind, program, rest = m.group(3), programs.get(m.group(4)), m.group(5)
                if not program:
                    continue
                entry = re.search(r'"(\w+)"', rest)
                if kind == 'Raytracing':
                    if os.path.exists(os.path.join(src, program + '.rt')):
                        found.add((os.path.join(src, program + '.rt'), 'lib_6_5', ''))
                    continue
                for ext, stage in stages[kind]:
                    path = os.path.join(src, program + '.' + ext)
                    if os.path.exists(path):
                        found.add((path, stage + '_6_5', entry.group(1) if entry else 'main'))
    given = {'utilities/gpu_mip.comp': ['INPUT_LINEAR', 'TYPE_VEC4'], 'utilities/gpu_mip2.comp': ['INPUT_LINEAR', 'TYPE_VEC4'],
             'render_techniques/visibility_buffer/visibility_buffer_rt.comp': ['USE_INLINE_RT']}
    for path, profile, entry in sorted(found):
        yield path, profile, entry, flags + [a for d in given.get(os.path.relpath(path, src), []) for a in ('-D', d)]


def hybrid_reflections(root):
    base = os.path.join(root, 'GPUOpen-Effects+Hybrid-Stochastic-Reflections')
    sssr = os.path.join(root, 'GPUOpen-Effects+FidelityFX-SSSR')
    denoiser = os.path.join(root, 'GPUOpen-Effects+FidelityFX-Denoiser')
    fsr = os.path.join(root, 'GPUOpen-Effects+FidelityFX-FSR')
    cauldron = os.path.join(root, 'GPUOpen-LibrariesAndSDKs+Cauldron')
    if not all(os.path.isdir(d) for d in (base, sssr, denoiser, fsr, cauldron)):
        return
    # sample/src/DX12/CMakeLists.txt copies sample/src/Shaders and its submodules' headers
    # (ffx-sssr, ffx-dnsr's reflection denoiser, ffx-spd's ffx_spd.h alone, ffx-fsr) into bin/ShaderLibDX beside
    # Cauldron's; the submodules are taken from the FidelityFX-SSSR checkout (its ffx-sssr and
    # ffx-spd), FidelityFX-Denoiser and FidelityFX-FSR (the commit the sample pins). HSR.cpp's
    # SetupPSOTable compiles each pass (`createPSO(file, defines, entry, extra)`, `-T cs_6_5`)
    # for each of its `createPSOTable(mask, extra)` define sets, the primary-ray pass only for
    # the first; SampleRenderer.cpp's DepthDownsample.hlsl is `-T cs_6_0`. GltfPbrPass's
    # shaders take the glTF material's defines at run time and are left out. Cauldron's DXC
    # (2021) predates HLSL 2021 as DXC's default: `-HV 2018`.
    shaders = os.path.join(base, 'sample/src/Shaders')
    lib = cauldron_shader_lib('hybrid-reflections', [('', [shaders, os.path.join(sssr, 'ffx-sssr'), os.path.join(denoiser, 'ffx-reflection-dnsr'),
                                                           os.path.join(sssr, 'ffx-spd/ffx-spd/ffx_spd.h'), os.path.join(fsr, 'ffx-fsr'),
                                                           os.path.join(cauldron, 'src/DX12/shaders')])])
    extra = ['-I', lib, '-HV', '2018']
    hsr = source_without_line_comments(os.path.join(base, 'sample/src/DX12/Sources/HSR.cpp'))
    pairs = lambda text: re.findall(r'\{\s*"(\w+)"\s*,\s*"(\w*)"\s*\}', text)
    tables = [pairs(m.group(1)) for m in re.finditer(r'createPSOTable\(\s*[\d\s|]+,\s*\{((?:[^{}]|\{[^{}]*\})*)\}\s*\)\s*;', hsr)]
    for m in re.finditer(r'createPSO\(\s*"([\w.]+)"\s*,\s*\{((?:[^{}]|\{[^{}]*\})*)\}\s*,\s*"(\w+)"\s*,\s*(extra_defines|\{\s*\})\s*\)', hsr):
        for table in (tables if m.group(4) == 'extra_defines' else [[]]):
            defines = dict(pairs(m.group(2)))
            defines.update(table)
            yield os.path.join(shaders, m.group(1)), 'cs_6_5', m.group(3), extra + [a for n, v in sorted(defines.items()) for a in ('-D', f'{n}={v}')]
    yield os.path.join(shaders, 'DepthDownsample.hlsl'), 'cs_6_0', 'main', extra


def flax(root):
    base = os.path.join(root, 'FlaxEngine+FlaxEngine')
    shaders = os.path.join(base, 'Source/Shaders')
    if not os.path.isdir(shaders):
        return
    # The editor compiles each Source/Shaders/*.shader (ShadersCompilation): ShaderProcessing
    # reads the `META_VS/PS/CS/GS(isVisible, minFeatures)` lines (no preprocessing, so every
    # declared function) and the `META_PERMUTATION_N(A=0, …)` lines under one, each a
    # permutation; ShaderCompilerDX (D3D12, ShaderProfile::DirectX_SM6) compiles each
    # permutation with DXC as `-T xs_6_0 -E Function` with the permutation's macros, `_Function`,
    # FEATURE_LEVEL=5 (SM6) and DIRECTX=1, and an include
    # handler that maps `./Flax/…` to Source/Shaders, `./FlaxThirdParty/…` to
    # Source/ThirdParty and `./FlaxPlatforms/…` to Source/Platforms (ResolveShaderPath). Its
    # dxcompiler is DXC 1.7.2207 (ThirdParty update of July 2022), before HLSL 2021 became
    # DXC's default (1.7.2212): `-HV 2018`.
    inc = os.path.join(GENERATED, 'flax')
    os.makedirs(inc, exist_ok=True)
    for name, sub in (('Flax', 'Source/Shaders'), ('FlaxThirdParty', 'Source/ThirdParty'), ('FlaxPlatforms', 'Source/Platforms')):
        if not os.path.lexists(os.path.join(inc, name)):
            os.symlink(os.path.join(base, sub), os.path.join(inc, name))
    stages = {'VS': 'vs', 'PS': 'ps', 'CS': 'cs', 'GS': 'gs', 'HS': 'hs', 'DS': 'ds'}
    for d, _, files in os.walk(shaders):
        for f in sorted(files):
            if not f.endswith('.shader'):
                continue
            lines = open(os.path.join(d, f), errors='replace').read().splitlines()
            i = 0
            while i < len(lines):
                m = re.match(r'\s*META_(VS|PS|CS|GS|HS|DS)\s*\(', lines[i])
                i += 1
                if not m:
                    continue
                perms, j = [], i
                while j < len(lines) and not re.search(r'\b(\w+)\s*\(', re.sub(r'^\s*(META_\w+\s*\(.*|\[.*\]\s*)$', '', lines[j])):
                    p = re.match(r'\s*META_PERMUTATION_\d\s*\((.*)\)', lines[j])
                    if p:
                        perms.append([x.strip() for x in p.group(1).split(',')])
                    j += 1
                if j == len(lines):
                    break
                entry = re.findall(r'\b(\w+)\s*\(', lines[j])[0]
                for perm in perms or [[]]:
                    defines = perm + ['_' + entry + '=1', 'FEATURE_LEVEL=5', 'DIRECTX=1']
                    yield os.path.join(d, f), stages[m.group(1)] + '_6_0', entry, ['-I', inc, '-HV', '2018'] + [a for x in defines for a in ('-D', x)]


def lumix(root):
    base = os.path.join(root, 'nem0+LumixEngine')
    shaders = os.path.join(base, 'data/shaders')
    if not os.path.isdir(shaders):
        return
    # The editor's shader asset compiler (render_plugins.cpp) pastes each `#include "path"` of
    # a data/shaders/*.hlsl (paths from the `engine/` mount, data/) and records `//@surface`;
    # DrawStream::createProgram puts the bindless declarations of its `R"#(…)#"` string before
    # the source, and gpu_dx12.cpp compiles with FXC (D3DCompile, PACK_MATRIX_ROW_MAJOR): a
    # surface shader as `vs_5_1` `mainVS` and `ps_5_1` `mainPS`, any other as `cs_5_1` `main`.
    # A surface shader is compiled for the deferred pass (DEFERRED) and the shadow and depth
    # passes (DEPTH) of meshes drawn AUTOINSTANCED (as Pipeline draws models), with the semantic defines Renderer::getSemanticDefines gives a mesh of
    # position, normal, tangent and one UV set (NORMAL_ATTR=1 … INSTANCE4_ATTR=8); the defines
    # a material adds (`//@define`) are left out.
    inc = os.path.join(GENERATED, 'lumix')
    os.makedirs(inc, exist_ok=True)
    if not os.path.lexists(os.path.join(inc, 'engine')):
        os.symlink(os.path.join(base, 'data'), os.path.join(inc, 'engine'))
    stream = open(os.path.join(base, 'src/renderer/draw_stream.cpp'), errors='replace').read()
    mesh = ['NORMAL_ATTR=1', 'TANGENT_ATTR=2', 'UV0_ATTR=3'] + [f'INSTANCE{i}_ATTR={4 + i}' for i in range(5)]
    prelude = re.search(r'R"#\((.*?)\)#"', stream, re.S).group(1)
    for f in sorted(os.listdir(shaders)):
        if not f.endswith('.hlsl'):
            continue
        path = os.path.join(shaders, f)
        code = open(path, errors='replace').read()
        # Shader::onBeforeReady puts a `MaterialData` struct and `getMaterialData` before the
        # code of a shader with `//@uniform`s or `//@texture_slot`s: a member `u_name` or
        # `t_name` (lower case, other characters `_`) each, read from `b_material`.
        slots = re.findall(r'^//@(uniform|texture_slot)\s*"([^"]*)"\s*(?:,\s*"(\w+)")?', code, re.M)
        material = ''
        if slots:
            members, loads, offset = [], [], 0
            kinds = {'color': ('float4', 'asfloat(b_material.Load4({}))', 16), 'float4': ('float4', 'asfloat(b_material.Load4({}))', 16),
                     'float3': ('float4', 'asfloat(b_material.Load3({}))', 12), 'float2': ('float2', 'asfloat(b_material.Load2({}))', 8),
                     'float': ('float', 'asfloat(b_material.Load({}))', 4), 'normalized_float': ('float', 'asfloat(b_material.Load({}))', 4),
                     'int': ('int', 'b_material.Load({})', 4)}
            for kind, name, utype in sorted(slots, key=lambda x: x[0] != 'uniform'):
                var = ('u_' if kind == 'uniform' else 't_') + re.sub(r'[^a-z0-9]', '_', name.lower())
                ty, load, size = kinds[utype] if kind == 'uniform' else ('uint', 'b_material.Load({})', 4)
                members.append(f'{ty} {var};\n')
                loads.append(f'res.{var} = ' + load.format(f'index * 256 + {offset}') + ';\n')
                offset += size
            material = ('struct MaterialData {' + ''.join(members) + '};\nMaterialData getMaterialData(uint index) {\n\tMaterialData res;\n'
                        + ''.join(loads) + '\treturn res;\n}\n')
        wrapper = os.path.join(inc, f)
        with open(wrapper, 'w') as w:
            w.write(prelude + '\n' + material + '#include "' + path + '"\n')
        flags = ['-I', inc, '-Zpr', '-HV', '2018']
        if re.search(r'^\s*layout\s*\(', code, re.M):
            continue  # ssao_resolve.hlsl: GLSL that nothing loads
        if re.search(r'^\s*//@surface', code, re.M):
            for variant in (['DEFERRED', 'AUTOINSTANCED'], ['DEPTH', 'AUTOINSTANCED']):
                defines = [a for d in variant + mesh for a in ('-D', d)]
                yield wrapper, 'vs_5_1', 'mainVS', flags + defines
                yield wrapper, 'ps_5_1', 'mainPS', flags + defines
        else:
            yield wrapper, 'cs_5_1', 'main', flags


def urho3d(root):
    base = os.path.join(root, 'urho3d+Urho3D/bin')
    shaders = os.path.join(base, 'CoreData/Shaders/HLSL')
    if not os.path.isdir(shaders):
        return
    # D3D11ShaderVariation::Compile: FXC `vs_4_0` `VS` / `ps_4_0` `PS` with the variation's
    # defines, D3D11, COMPILEVS or COMPILEPS and MAXBONES=128 (Graphics::GetMaxBones). The
    # variations are those the data names: each technique pass (Technique::Load: the pass's
    # `vs`/`ps` with its own defines, else the technique's with the technique's defines and the
    # pass's appended, less `vsexcludes`/`psexcludes`) and each render path or post-process
    # command's `vs`/`ps` with its `vsdefines`/`psdefines`. Defines added at run time (lights,
    # shadows, skinning, instancing) are left out.
    import xml.etree.ElementTree as ET
    found = set()

    def add(stage, name, defines):
        if name:
            found.add((stage, name, tuple(sorted(set(defines.split())))))
    for sub in ('CoreData/Techniques', 'CoreData/RenderPaths', 'Data/Techniques', 'Data/RenderPaths', 'Data/PostProcess'):
        d = os.path.join(base, sub)
        for f in sorted(os.listdir(d)) if os.path.isdir(d) else []:
            if not f.endswith('.xml'):
                continue
            try:
                top = ET.parse(os.path.join(d, f)).getroot()
            except ET.ParseError:
                continue
            if top.tag == 'technique':
                for p in top.iter('pass'):
                    for stage, key in (('vs', 'vs'), ('ps', 'ps')):
                        defs = p.get(key + 'defines', '') if p.get(key) else top.get(key + 'defines', '') + ' ' + p.get(key + 'defines', '')
                        excl = set(p.get(key + 'excludes', '').split())
                        add(stage, p.get(key) or top.get(key), ' '.join(x for x in defs.split() if x not in excl))
            else:
                for c in top.iter('command'):
                    for stage in ('vs', 'ps'):
                        add(stage, c.get(stage), c.get(stage + 'defines', ''))
    # Shader::BeginLoad comments the other stage's function out of each stage's source
    # (CommentOutFunction: from `void PS(` to the brace that closes its body): that source is
    # written beside the generated files, its includes found in the shader folder.
    for stage, name, defines in sorted(found):
        path = os.path.join(shaders, name + '.hlsl')
        if os.path.exists(path):
            source = os.path.join(GENERATED, 'urho3d', stage, name + '.hlsl')
            if not os.path.exists(source):
                os.makedirs(os.path.dirname(source), exist_ok=True)
                code = open(path, errors='replace').read()
                start = code.find('void PS(' if stage == 'vs' else 'void VS(')
                if start >= 0:
                    level, i = 0, start
                    while i < len(code):
                        level += {'{': 1, '}': -1}.get(code[i], 0)
                        if code[i] == '}' and level == 0:
                            break
                        i += 1
                    code = code[:start] + '/*' + code[start:i + 1] + '*/' + code[i + 1:]
                with open(source, 'w') as w:
                    w.write(code)
            extra = list(defines) + ['D3D11', 'COMPILEVS' if stage == 'vs' else 'COMPILEPS', 'MAXBONES=128']
            yield source, stage + '_4_0', stage.upper(), [a for x in extra for a in ('-D', x)] + ['-I', shaders, '-HV', '2018']


def tressfx(root):
    base = os.path.join(root, 'GPUOpen-Effects+TressFX/src')
    if not os.path.isdir(base):
        return
    # DX12EngineInterfaceImpl.cpp's CreateComputeShaderPSO / CreateGraphicsPSO compile through
    # Cauldron's CompileShaderFromFile (DXC, `cs_6_0`, `vs_6_0`, `ps_6_0`) with
    # AMD_TRESSFX_MAX_NUM_BONES=512, AMD_TRESSFX_MAX_HAIR_GROUP_RENDER=16 (AMD_TressFX.h) and
    # AMD_TRESSFX_DX12=1; the calls name file and entry points throughout src/. Cauldron's DXC
    # (2019) predates HLSL 2021 as DXC's default: `-HV 2018`.
    defines = ['-D', 'AMD_TRESSFX_MAX_NUM_BONES=512', '-D', 'AMD_TRESSFX_MAX_HAIR_GROUP_RENDER=16', '-D', 'AMD_TRESSFX_DX12=1', '-HV', '2018']
    found = set()
    for d, _, files in os.walk(base):
        for f in files:
            if f.endswith('.cpp') and os.path.basename(d) != 'VK':
                text = source_without_line_comments(os.path.join(d, f))
                for m in re.finditer(r'CreateComputeShaderPSO\(\s*"([\w.]+)"\s*,\s*"(\w+)"', text):
                    found.add((m.group(1), 'cs_6_0', m.group(2)))
                for m in re.finditer(r'CreateGraphicsPSO\(\s*"([\w.]+)"\s*,\s*"(\w+)"\s*,\s*"([\w.]+)"\s*,\s*"(\w+)"', text):
                    found.add((m.group(1), 'vs_6_0', m.group(2)))
                    found.add((m.group(3), 'ps_6_0', m.group(4)))
    for name, profile, entry in sorted(found):
        yield os.path.join(base, 'Shaders', name), profile, entry, defines


def directstorage(root):
    base = os.path.join(root, 'microsoft+DirectStorage')
    if not os.path.isdir(base):
        return
    # GDeflateDemo's GpuDecompressor::CompileShader: DXC `CSMain` at the device's highest
    # shader model (cs_6_0 … cs_6_5) with -DUSE_WAVE_INTRINSICS when it has wave operations,
    # -DUSE_WAVE_MATCH at 6.5, -enable-16bit-types with native 16-bit operations, and
    # -DSIMD_WIDTH= its WaveLaneCountMin: a 6.5 device of 32 and of 64 lanes, and a 6.0 one with
    # wave operations but no 16-bit types.
    gdeflate = os.path.join(base, 'GDeflate/shaders/GDeflate.hlsl')
    if os.path.exists(gdeflate):
        for width in ('32', '64'):
            yield gdeflate, 'cs_6_5', 'CSMain', ['-D', 'USE_WAVE_INTRINSICS', '-D', 'USE_WAVE_MATCH', '-enable-16bit-types', '-D', 'SIMD_WIDTH=' + width]
        yield gdeflate, 'cs_6_0', 'CSMain', ['-D', 'USE_WAVE_INTRINSICS', '-D', 'SIMD_WIDTH=32']
    # BulkLoadDemo is MiniEngine: its projects' `<FxCompile>` items.
    for d, _, files in os.walk(os.path.join(base, 'Samples/BulkLoadDemo')):
        for f in sorted(files):
            if f.endswith('.vcxproj') and 'Template' not in f:
                yield from msbuild_fxcompile(os.path.join(d, f), ['Release|x64'])


def directstorage_sample(root):
    base = os.path.join(root, 'GPUOpen-LibrariesAndSDKs+DirectStorageSample/src/DX12')
    if not os.path.isdir(base):
        return
    # Its own shaders (CMakeLists.txt copies them beside Cauldron's), compiled by Cauldron's
    # CompileShaderFromFile calls in the C++ (`"-T vs_6_0"` …); Cauldron's glTF shaders take
    # their defines at run time and are left out. Cauldron's DXC: `-HV 2018` as above.
    for f in sorted(os.listdir(base)):
        if f.endswith('.cpp'):
            for name, profile, entry, defs in cauldron_calls(os.path.join(base, f)):
                yield os.path.join(base, name), profile, entry, defs + ['-HV', '2018']


def vk_mini_samples(root):
    base = os.path.join(root, 'nvpro-samples+vk_mini_samples')
    if not os.path.isdir(os.path.join(base, 'samples')):
        return
    # The HLSL versions of the samples (removed from the repository in 209ec76, so checked out
    # at its parent): CMakeLists.txt's compile_hlsl_file (cmake/hlsl.cmake) compiles each
    # `SHADER_HLSL` file once per `[shader("stage")]` entry point (find_entrypoints.cmake) with
    # `-spirv -fspv-target-env=vulkan1.3 -D__hlsl -HV 2021 -fvk-use-scalar-layout
    # -fspv-extension=KHR -fspv-extension=SPV_EXT_descriptor_indexing -T xs_6_7` (ray-tracing
    # stages `lib_6_7`) and `-I` the repository's root.
    prefix = {'vertex': 'vs', 'pixel': 'ps', 'compute': 'cs', 'geometry': 'gs', 'raygeneration': 'lib', 'intersection': 'lib',
              'anyhit': 'lib', 'miss': 'lib', 'closesthit': 'lib'}
    flags = ['-fspv-target-env=vulkan1.3', '-D', '__hlsl', '-HV', '2021', '-fvk-use-scalar-layout', '-fspv-extension=KHR',
             '-fspv-extension=SPV_EXT_descriptor_indexing', '-I', base]
    for d, _, files in os.walk(os.path.join(base, 'samples')):
        for f in sorted(files):
            if f.endswith('.hlsl'):
                text = open(os.path.join(d, f), errors='replace').read()
                for m in re.finditer(r'\[shader\("(\w+)"[^\n]*\n(?:\[[^\n]*\]\n)*(?:[\w]+[ \t]+)*(\w+)\(', text.replace('\r\n', '\n')):
                    if m.group(1) in prefix:
                        yield os.path.join(d, f), prefix[m.group(1)] + '_6_7', m.group(2), flags


def gfx_examples(root):
    base = os.path.join(root, 'gboisse+gfx/examples')
    if not os.path.isdir(base):
        return
    # gfx compiles a program `P` as Capsaicin's (above) does: `P.vert`, `.frag`, `.comp`,
    # `.mesh` … with the kernel's entry point (`main` by default), shader model 6_5 on a DXR
    # device (with `-enable-16bit-types`), `-HV 2021` and `-I .`: each example runs in its
    # own folder (VS_DEBUGGER_WORKING_DIRECTORY).
    stages = {'Compute': [('comp', 'cs')], 'Graphics': [('vert', 'vs'), ('frag', 'ps')], 'Mesh': [('task', 'as'), ('mesh', 'ms'), ('frag', 'ps')]}
    for d in sorted(os.listdir(base)):
        ex = os.path.join(base, d)
        if not os.path.isdir(ex):
            continue
        found = set()
        for f in sorted(os.listdir(ex)):
            if not f.endswith('.cpp'):
                continue
            text = source_without_line_comments(os.path.join(ex, f))
            programs = {}
            for m in re.finditer(r'(\w+)\s*=\s*gfxCreateProgram\(\s*\w+\s*,\s*"([\w/]+)"'
                                 r'|gfxCreate(Compute|Graphics|Mesh)Kernel\(\s*\w+\s*,\s*(\w+)\s*([^;]*?)\)\s*;', text):
                if m.group(1):
                    programs[m.group(1)] = m.group(2)
                    continue
                program = programs.get(m.group(4))
                if not program:
                    continue
                entry = re.search(r'"(\w+)"', m.group(5))
                for ext, stage in stages[m.group(3)]:
                    path = os.path.join(ex, program + '.' + ext)
                    if os.path.exists(path):
                        found.add((path, stage + '_6_5', entry.group(1) if entry else 'main'))
        for path, profile, entry in sorted(found):
            yield path, profile, entry, ['-HV', '2021', '-enable-16bit-types', '-I', ex]


def fxc_flags(profile):
    """FXC's shader-model-4/5 language as DXC's `-HV 2018` (vector conditions in `?:`, loop
    variables that outlive the loop, casts between structs of one layout)."""
    return ['-HV', '2018'] if profile.split('_')[1] < '6' else []


def fxc_profile(profile):
    """`vs_4_0_level_9_1` is FXC's shader model 4.0 for feature level 9.1 hardware: `vs_4_0`."""
    return profile.split('_level_')[0]


def cpp_string_macros(text, name):
    """The define sets of a `D3D_SHADER_MACRO name[] = { "A", "1", … }` (or `{ { "A", "1" }, … }`)
    array, as lists of `-D` arguments: one set, or one per value when a value is an element of
    a string array (`{ "g_partitioning", define_map[mode] }` with `LPCSTR define_map[] = {…}`)."""
    m = re.search(r'D3D_SHADER_MACRO\s+' + re.escape(name) + r'\s*\[\s*\w*\s*\]\s*=\s*\{(.*?)\}\s*;', text, re.S)
    if not m:
        return None
    items = re.findall(r'"((?:[^"\\]|\\.)*)"|(\w+)\s*\[\s*\w+\s*\]|\b(nullptr|NULL|0)\b', m.group(1))
    values = []
    for string, array, null in items:
        if null:
            values.append(None)
        elif array:
            a = re.search(r'\b' + re.escape(array) + r'\s*\[\s*\]\s*=\s*\{(.*?)\}\s*;', text, re.S)
            values.append(re.findall(r'"((?:[^"\\]|\\.)*)"', a.group(1)) if a else [])
        else:
            values.append(bytes(string, 'utf-8').decode('unicode_escape'))
    pairs = [(k, v) for k, v in zip(values[::2], values[1::2]) if isinstance(k, str) and v is not None]
    return [[a for k, v in chosen for a in ('-D', f'{k}={v}')]
            for chosen in itertools.product(*[[(k, x) for x in (v if isinstance(v, list) else [v])] for k, v in pairs])]


def cpp_compile_calls(cpp, pattern, default_profiles=None):
    """Each `pattern` call of `cpp` as (file, defines, entry, profile): `pattern` captures the
    quoted file name, the defines argument (`nullptr`, or a `D3D_SHADER_MACRO` array named in
    the same file), the entry and the profile (a literal, or a variable `default_profiles`
    names). Calls whose profile is an effect (`fx_*`) are not shader entry points."""
    text = source_without_line_comments(cpp)
    for m in re.finditer(pattern, text):
        name, defs, entry, profile = m.group('file'), m.group('defs'), m.group('entry'), m.group('profile')
        profile = profile.strip('"') if profile.startswith('"') else (default_profiles or {}).get(profile)
        if not profile or profile.startswith('fx_'):
            continue
        for macros in [[]] if defs in ('', 'nullptr', 'NULL', '0') else cpp_string_macros(text, defs) or []:
            yield name.replace('\\\\', '/'), macros, entry, fxc_profile(profile)


def effect_entries(path):
    """An effects file's (profile, entry) pairs: each pass's `CompileShader(vs_4_0, VS())` (or
    D3D9's `compile vs_3_0 VS()`), only those of shader model 4 or later (DXC has no earlier
    profile) and without uniform arguments (the effects framework binds those; a shader entry
    point has none)."""
    text = source_without_line_comments(path)
    found = []
    for m in re.finditer(r'CompileShader\s*\(\s*(\w+)\s*,\s*(\w+)\s*\(\s*\)|\bcompile\s+(\w+)\s+(\w+)\s*\(\s*\)', text):
        profile, entry = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        if re.fullmatch(r'(vs|ps|gs|hs|ds|cs)_[4-6]_\d(_level_9_\d)?', profile) and (fxc_profile(profile), entry) not in found:
            found.append((fxc_profile(profile), entry))
    return found


def d3d12book(root):
    base = os.path.join(root, 'd3dcoder+d3d12book')
    if not os.path.isdir(base):
        return
    # Each sample's C++ compiles its `Shaders\\*.hlsl` with d3dUtil::CompileShader, which is
    # D3DCompileFromFile (FXC; shader model 5.0/5.1) with D3D_COMPILE_STANDARD_FILE_INCLUDE
    # and the call's D3D_SHADER_MACRO array (`FOG`, `ALPHA_TEST` …).
    pattern = r'CompileShader\(\s*L"(?P<file>[^"]+)"\s*,\s*(?P<defs>\w+)\s*,\s*"(?P<entry>\w+)"\s*,\s*(?P<profile>"\w+")'
    for d, _, files in os.walk(base):
        for f in sorted(files):
            if f.endswith('.cpp'):
                for name, defs, entry, profile in cpp_compile_calls(os.path.join(d, f), pattern):
                    path = os.path.join(d, name)
                    if os.path.exists(path):
                        yield path, profile, entry, defs + ['-I', os.path.dirname(path)] + fxc_flags(profile)


def dx_sdk_samples(root):
    base = os.path.join(root, 'walbourn+directx-sdk-samples')
    if not os.path.isdir(base):
        return
    # The samples' C++ compiles each shader with FXC at run time: DXUTCompileFromFile(file,
    # defines, entry, profile) or the tutorials' CompileShaderFromFile(file, entry, profile),
    # the file found in the sample's folder (DXUTFindDXSDKMediaFileCch); compute shaders'
    # `CSTarget` is `cs_5_0` on a feature-level-11 device. The effects samples
    # (D3DX11CompileEffectFromFile, `fx_5_0`) compile each pass's `CompileShader`.
    dxut = r'DXUTCompileFromFile\(\s*L"(?P<file>[^"]+)"\s*,\s*(?P<defs>\w+)\s*,\s*"(?P<entry>\w+)"\s*,\s*(?P<profile>"\w+"|\w+)'
    tutorial = r'CompileShaderFromFile\(\s*L"(?P<file>[^"]+)"\s*,\s*(?P<defs>)"(?P<entry>\w+)"\s*,\s*(?P<profile>"\w+")'
    found = set()
    for d, _, files in os.walk(base):
        if '/DXUT' in d or '/Effects11' in d:
            continue
        for f in sorted(files):
            p = os.path.join(d, f)
            if f.endswith('.cpp'):
                for pattern in (dxut, tutorial):
                    for name, defs, entry, profile in cpp_compile_calls(p, pattern, {'CSTarget': 'cs_5_0'}):
                        path = os.path.join(d, name)
                        if os.path.exists(path):
                            found.add((path, profile, entry, tuple(defs)))
            elif f.endswith('.fx'):
                for profile, entry in effect_entries(p):
                    found.add((p, profile, entry, ()))
    for path, profile, entry, defs in sorted(found):
        yield path, profile, entry, list(defs) + ['-I', os.path.dirname(path)] + fxc_flags(profile)


def compile_shaders_cmd(base, flags_of):
    """DirectXTK's `Src/Shaders/CompileShaders.cmd`: each `call :CompileShader%1 FILE STAGE
    ENTRY` (an `.fx` file), `:CompileShaderHLSL%1` (an `.hlsl` one) and
    `:CompileComputeShader%1 FILE ENTRY`; `flags_of(stage)` gives the build's profile and flags."""
    shaders = os.path.join(base, 'Src/Shaders')
    script = os.path.join(shaders, 'CompileShaders.cmd')
    if not os.path.exists(script):
        return
    for line in open(script, errors='replace'):
        m = re.match(r'\s*call :Compile(Shader|ShaderHLSL|ComputeShader)%1\s+(\w+)\s+(\w+)(?:\s+(\w+))?\s*$', line)
        if m:
            kind, name = m.group(1), m.group(2)
            stage, entry = ('cs', m.group(3)) if kind == 'ComputeShader' else (m.group(3), m.group(4))
            ext = '.fx' if kind == 'Shader' else '.hlsl'
            profile, flags = flags_of(stage)
            yield os.path.join(shaders, name + ext), profile, entry, ['-I', shaders] + flags


def directxtk(root):
    # DirectX 11's CompileShaders.cmd: FXC `/T{vs,ps}_4_0` (feature level 9.1 hardware too).
    yield from compile_shaders_cmd(os.path.join(root, 'microsoft+DirectXTK'), lambda stage: (stage + '_4_0', ['-HV', '2018']))


def directxtk12(root):
    # DirectX 12's CompileShaders.cmd as CMake's BUILD_DXIL_SHADERS build runs it
    # (`CompileShaders dxil`): DXC `/T{vs,ps}_6_0` (`cs_6_0`) with `-HV 2021`; each shader
    # names its root signature (`[RootSignature(...)]`, RootSig.fxh).
    yield from compile_shaders_cmd(os.path.join(root, 'microsoft+DirectXTK12'), lambda stage: (stage + '_6_0', ['-HV', '2021']))


def windows_universal_samples(root):
    base = os.path.join(root, 'microsoft+Windows-universal-samples/Samples')
    # Each sample's C++ project (`cpp/*.vcxproj`): its `<FxCompile>` items (FXC; shader type and
    # model per file, entry `main`), built for Release|x64.
    for d, _, files in os.walk(base):
        for f in sorted(files):
            if f.endswith('.vcxproj'):
                yield from msbuild_fxcompile(os.path.join(d, f), ['Release|x64', 'Release|Win32', 'Release|ARM'])


def hlsltools(root):
    base = os.path.join(root, 'tgjones+HlslTools/src/ShaderTools.CodeAnalysis.Hlsl.Tests/TestSuite/Shaders')
    if not os.path.isdir(base):
        return
    # HLSL Tools' parser test suite: third-party shaders it only parses. Those that can be
    # compiled: each effect pass's `CompileShader` entry of shader model 4 or later (the D3D9
    # `compile vs_2_0` passes have no DXC profile), FXC's language as `-HV 2018`; files without
    # techniques give no entry point and are left out.
    # NVIDIA's FX Composer shaders test `DIRECT3D_VERSION` (`0x900` unless the host defines it):
    # their `technique10` passes are FX Composer's D3D10 build, `DIRECT3D_VERSION=0xa00`, which
    # compiles in FXC's backwards-compatibility mode (`COLOR` pixel outputs, D3D9 `tex2D`):
    # DXC's `-Gec`.
    for d, _, files in os.walk(base):
        for f in sorted(files):
            if f.lower().endswith(('.fx', '.hlsl')):
                p = os.path.join(d, f)
                fx_composer = 'DIRECT3D_VERSION' in open(p, errors='replace').read()
                flags = ['-D', 'DIRECT3D_VERSION=0xa00', '-Gec'] if fx_composer else ['-HV', '2018']
                for profile, entry in effect_entries(p):
                    yield p, profile, entry, ['-I', d] + flags


def glslang_hlsl_tests(root):
    base = os.path.join(root, 'KhronosGroup+glslang')
    tests = os.path.join(base, 'gtests/Hlsl.FromFile.cpp')
    if not os.path.exists(tests):
        return
    # glslang's HLSL front-end tests (`Test/hlsl.*`), as glslang_suite.py (beside this script)
    # compiles them: each file of the gtests lists with the entry point its first list gives,
    # the profile from the file's extension (shader model 6.0; 6.5 for mesh and amplification),
    # `-Gec` for glslang's DX9-compatibility list. That script classifies the failures: some
    # files test glslang's own syntax or are deliberate errors (its `VERDICT` table).
    sys.path.insert(0, HERE)
    import glslang_suite
    for name, entry, suite in glslang_suite.listed_files(tests):
        stage = name.rsplit('.', 1)[1]
        path = os.path.join(base, 'Test', name)
        if stage in glslang_suite.PROFILE and os.path.exists(path):
            yield path, glslang_suite.PROFILE[stage], entry, ['-Gec'] if suite == 'HlslDX9CompatibleTest' else []


NAGA_RON_ITEM = re.compile(r'entry_point\s*:\s*"([^"]+)"\s*,\s*target_profile\s*:\s*"([^"]+)"')


def naga_hlsl_snapshots(root):
    base = os.path.join(root, 'gfx-rs+wgpu/naga/tests/out/hlsl')
    if not os.path.isdir(base):
        return
    # naga's HLSL back-end output: each `<name>.hlsl` beside a `<name>.ron` listing its entry
    # points and profiles (`vs_5_1`, `cs_6_0` …), compiled as naga's `xtask validate hlsl dxc`
    # does: `-T profile -E entry -HV 2018` (its `-Zi -Qembed_debug -Od` change no semantics).
    for f in sorted(os.listdir(base)):
        if f.endswith('.hlsl') and os.path.exists(os.path.join(base, f[:-5] + '.ron')):
            ron = open(os.path.join(base, f[:-5] + '.ron')).read()
            for entry, profile in NAGA_RON_ITEM.findall(ron):
                yield os.path.join(base, f), profile, entry, ['-HV', '2018']


SPIRV_CROSS_STAGES = {'vert': 'vs', 'frag': 'ps', 'comp': 'cs', 'geom': 'gs', 'tesc': 'hs', 'tese': 'ds', 'mesh': 'ms', 'task': 'as'}


def spirv_cross_hlsl(root):
    base = os.path.join(root, 'KhronosGroup+SPIRV-Cross/reference')
    if not os.path.isdir(base):
        return
    # SPIRV-Cross's HLSL reference outputs (`shaders-hlsl`, `opt/shaders-hlsl`,
    # `shaders-hlsl-no-opt`), as its test_shaders.py validates them: entry point `main`, the
    # stage from the last extension, FXC's `xs_5_1` (`ms_6_5`/`as_6_5` for mesh and
    # amplification; FXC's language as `-HV 2018`), or the shader model a `.smXY.` marker asks
    # SPIRV-Cross to write when it is 6.0 or later (wave, 16-bit, barycentric features FXC
    # lacks); `.native-16bit.` as `-enable-16bit-types`. Left out: `.sm30.` files (FXC's
    # `vs_3_0`/`ps_3_0`: DXC has no shader model 3 profile), `.lib` outputs (no entry point)
    # and the files test_shaders.py validates with neither FXC nor glslang (`.nofxc.` with
    # `.fxconly.`, `.nonuniformresource.`, or a mesh or amplification stage).
    for d in ('shaders-hlsl', 'opt/shaders-hlsl', 'shaders-hlsl-no-opt'):
        for dirpath, _, files in os.walk(os.path.join(base, d)):
            for f in sorted(files):
                stage = SPIRV_CROSS_STAGES.get(f.rsplit('.', 1)[-1])
                if not stage or '.sm30.' in f:
                    continue
                if '.nofxc.' in f and ('.fxconly.' in f or '.nonuniformresource.' in f or stage in ('ms', 'as')):
                    continue
                model = re.search(r'\.sm(\d)(\d)\.', f)
                major, minor = (int(model.group(1)), int(model.group(2))) if model else (5, 1)
                if stage in ('ms', 'as') and (major, minor) < (6, 5):
                    major, minor = 6, 5
                if major < 6:
                    major, minor = 5, 1
                profile = f'{stage}_{major}_{minor}'
                flags = fxc_flags(profile) + (['-enable-16bit-types'] if '.native-16bit.' in f else [])
                yield os.path.join(dirpath, f), profile, 'main', flags


def fxc_batch(script):
    """The FXC command lines of a Windows batch script (AMD's D3D11 effect libraries'
    `fxc_compile_*.bat`): `set NAME=…` variables expanded where `%NAME%` is used, each line that
    runs fxc read as `/T`, `/E`, `/D` and one source file relative to the script's directory
    (the scripts run from it); `/Fh`, `/Vn`, `/O1` only name the output or optimise. A line
    that preprocesses (`/P`) or names a file the repository lacks is not a compile."""
    here = os.path.dirname(script)
    for line in batch_lines(script):
        if not re.match(r'(?i)"?[^"\s]*fxc(\.exe)?"?\s', line):
            continue
        words, i = line.split()[1:], 0
        profile = entry = source = None
        defs, preprocess = [], False
        while i < len(words):
            w = words[i]
            if w in ('/T', '/E', '/Fh', '/Vn', '/P', '/Fo'):
                if w == '/T':
                    profile = words[i + 1]
                elif w == '/E':
                    entry = words[i + 1]
                preprocess |= w == '/P'
                i += 2
                continue
            if w.startswith('/D') and len(w) > 2:
                defs += ['-D', w[2:]]
            elif not w.startswith(('/', '-')):
                source = w
            i += 1
        if preprocess or not (source and profile and entry):
            continue
        path = os.path.normpath(os.path.join(here, source.replace('\\', '/')))
        if os.path.exists(path):
            yield path, fxc_profile(profile), entry, defs + fxc_flags(profile)


def amd_d3d11_effect(base, sample):
    """An AMD GPUOpen D3D11 effect (GeometryFX, ShadowFX): its library shaders through the
    `fxc_compile_*.bat` scripts whose output headers the library includes, and the sample's
    and AMD_SDK's run-time compiles, `AMD::CompileShaderFromFile(L"path", "entry",
    "profile", …, NULL)` (D3DCompileFromFile with D3D_COMPILE_STANDARD_FILE_INCLUDE), the
    path relative to the sample's `build` directory, where Visual Studio runs it. Left out:
    amd_lib's AMD_UnitCube.hlsl, whose `cbuffer … : register(c0)` FXC (X3591) and DXC reject
    (a constant buffer binds a `b` register)."""
    found = set()
    for d, _, files in os.walk(base):
        for f in sorted(files):
            if f.startswith('fxc_compile') and f.endswith('.bat') and f != 'fxc_compile_test.bat':
                for path, profile, entry, extra in fxc_batch(os.path.join(d, f)):
                    if not path.endswith('AMD_UnitCube.hlsl'):
                        found.add((path, profile, entry, tuple(extra)))
    call = r'AMD::CompileShaderFromFile\(\s*L"(?P<file>[^"]+)"\s*,\s*"(?P<entry>\w+)"\s*,\s*"(?P<profile>\w+)"\s*,\s*[^,]+,\s*(?:NULL|0|nullptr)\s*\)'
    build = os.path.join(base, sample, 'build')
    for d, _, files in os.walk(base):
        for f in sorted(files):
            if f.endswith('.cpp'):
                text = source_without_line_comments(os.path.join(d, f))
                for m in re.finditer(call, text):
                    path = os.path.normpath(os.path.join(build, m.group('file').replace('\\\\', '/')))
                    if os.path.exists(path):
                        found.add((path, fxc_profile(m.group('profile')), m.group('entry'), tuple(fxc_flags(m.group('profile')))))
    for path, profile, entry, extra in sorted(found):
        yield path, profile, entry, list(extra)


def geometryfx(root):
    base = os.path.join(root, 'GPUOpen-Effects+GeometryFX')
    if not os.path.isdir(base):
        return
    yield from amd_d3d11_effect(base, 'amd_geometryfx_sample')
    # GeometryFX_Sample.cpp's CompileShader: D3DCompile of the file's text with the standard
    # include handler, `vs_5_0`/`ps_5_0` by shader type, no macros.
    sample = os.path.join(base, 'amd_geometryfx_sample/src/Shaders/GeometryFX_Sample.hlsl')
    yield sample, 'vs_5_0', 'FullscreenVS', ['-HV', '2018']
    yield sample, 'ps_5_0', 'FullscreenPS', ['-HV', '2018']


def shadowfx(root):
    base = os.path.join(root, 'GPUOpen-Effects+ShadowFX')
    if not os.path.isdir(base):
        return
    yield from amd_d3d11_effect(base, 'amd_shadowfx11_sample')
    # The D3D12 sample: dx12u::compile_from_file (D3DCompileFromFile, shader model 5.0) with
    # its D3D_SHADER_MACRO arrays: MAX_LIGHT = NUM_CUBE_FACE (5, constant_buffer.hpp) for the
    # shadowed plastic, and text_2d's MAX_STR_SZ (32, the sample's m_ui_text) and CHAR_WIDTH
    # (std::to_string(10.0 / 950)).
    shader = os.path.join(base, 'framework/d3d12/shader')
    for entry, profile in (('vs_main', 'vs_5_0'), ('ps_main', 'ps_5_0')):
        yield os.path.join(shader, 'basic_common/shadowed_plastic.hlsl'), profile, entry, ['-D', 'MAX_LIGHT=5', '-HV', '2018']
        yield os.path.join(shader, 'ui/text2d.hlsl'), profile, entry, ['-D', 'MAX_STR_SZ=32', '-D', 'CHAR_WIDTH=0.010526', '-HV', '2018']
    yield os.path.join(shader, 'common/depth_pass.hlsl'), 'vs_5_0', 'vs_main', ['-HV', '2018']


def cas(root):
    base = os.path.join(root, 'GPUOpen-Effects+FidelityFX-CAS')
    cauldron = os.path.join(root, 'GPUOpen-LibrariesAndSDKs+Cauldron')  # sample/libs/cauldron
    if not os.path.isdir(base) or not os.path.isdir(cauldron):
        return
    # sample/src/DX12/CMakeLists.txt copies the sample's shaders and ffx-cas' headers into
    # bin/ShaderLibDX beside Cauldron's (`-HV 2018`: Cauldron's DXC predates HLSL 2021 as DXC's
    # default). CAS_CS.cpp builds CAS_Shader.hlsl as Cauldron PostProcCS passes (`-T cs_6_0`,
    # entry `mainCS`, thread group 64 × 1 × 1 as WIDTH, HEIGHT, DEPTH) with CAS_SAMPLE_FP16 0
    # or 1 (the device's fp16 support) and CAS_SAMPLE_SHARPEN_ONLY 0 or 1, and CAS_RenderPS.hlsl
    # as a PostProcPS (`mainPS`, `ps_6_0`). The Vulkan back end builds GLSL.
    src = os.path.join(base, 'sample/src/DX12')
    lib = cauldron_shader_lib('cas', [('', [src, os.path.join(base, 'ffx-cas'), os.path.join(cauldron, 'src/DX12/shaders')])])
    extra = ['-I', lib, '-HV', '2018']
    for fp16 in '01':
        for sharpen in '01':
            yield os.path.join(src, 'CAS_Shader.hlsl'), 'cs_6_0', 'mainCS', extra + ['-D', f'CAS_SAMPLE_FP16={fp16}', '-D', f'CAS_SAMPLE_SHARPEN_ONLY={sharpen}', '-D', 'WIDTH=64', '-D', 'HEIGHT=1', '-D', 'DEPTH=1']
    yield os.path.join(src, 'CAS_RenderPS.hlsl'), 'ps_6_0', 'mainPS', extra


LEFT_OUT_SKY = ('RenderWithLuts.hlsl', 'SkyAtmosphereDirectIrradianceLut.hlsl', 'SkyAtmosphereIndirectIrradiance.hlsl')


def sky_atmosphere(root):
    base = os.path.join(root, 'sebh+UnrealEngineSkyAtmosphere')
    if not os.path.isdir(base):
        return
    # Game.cpp's and GpuDebugRenderer.cpp's reload(…, L"Resources\\File.hlsl", "entry", …,
    # macros, …): DX11Base's VertexShader, PixelShader, GeometryShader and ComputeShader
    # compile with D3DCompileFromFile (`vs_5_0`, `ps_5_0`, `gs_5_0`, `cs_5_0`, no flags); its
    # standard include handler also looks in the working directory, the repository root, which
    # the shaders' `#include "./Resources/…"` name files from. The macro sets are Game.cpp's loops over its enums (Game.h):
    # three transmittance methods, the other switches two values each, and the ray-marching
    # pixel shader without fast aerial perspective together with coloured transmittance.
    # Left out: RenderWithLuts.hlsl, whose `float3 Luminance = …` declares a variable named
    # `float` (Bruneton17/definitions.glsl's `#define Luminance float`), and the two irradiance
    # passes, whose output struct's `float3 Irradiance : SV_TARGET1;` is a field named `float`
    # (`#define Irradiance float`): `float` is a type keyword, no name, in FXC and DXC (hlslc
    # too, E0303).
    app = os.path.join(base, 'Application')
    kinds = {'VertexShader': 'vs_5_0', 'PixelShader': 'ps_5_0', 'GeometryShader': 'gs_5_0', 'ComputeShader': 'cs_5_0'}
    shader_kind = {}
    for f in ('Game.h', 'GpuDebugRenderer.cpp'):
        for m in re.finditer(r'\b(VertexShader|PixelShader|GeometryShader|ComputeShader)\s*\*\s*(\w+)', open(os.path.join(app, f), errors='replace').read()):
            shader_kind[m.group(2)] = kinds[m.group(1)]
    two = (0, 1)
    macro_sets = {
        'NewMultiScattCS': [{'ILLUMINANCE_IS_ONE': 1}],
        'SkyViewLutPS': [{'MULTISCATAPPROX_ENABLED': ds} for ds in two],
        'RenderCameraVolumePS': [{'MULTISCATAPPROX_ENABLED': ds} for ds in two],
        'RenderPathTracingPS': [{'TRANSMITANCE_METHOD': t, 'GROUND_GI_ENABLED': g, 'SHADOWMAP_ENABLED': s, 'MULTISCATAPPROX_ENABLED': ds}
                                for t in (0, 1, 2) for g in two for s in two for ds in two],
        'RenderRayMarchingPS': [{'MULTISCATAPPROX_ENABLED': ds, 'FASTSKY_ENABLED': fs, 'COLORED_TRANSMITTANCE_ENABLED': ct, 'FASTAERIALPERSPECTIVE_ENABLED': fap, 'SHADOWMAP_ENABLED': s}
                                for ds in two for fs in two for ct in two for fap in two for s in two if not (fap and ct)],
    }
    call = r'reload(?:Shader)?\(\s*&(?P<var>\w+)(?:\[\w+\])*\s*,\s*L"Resources\\\\(?P<file>\w+\.hlsl)"\s*,\s*"(?P<entry>\w+)"\s*,\s*\w+\s*,\s*(?P<macros>nullptr|&macros)'
    found = set()
    for f in ('Game.cpp', 'GpuDebugRenderer.cpp'):
        text = source_without_line_comments(os.path.join(app, f))
        for m in re.finditer(call, text):
            profile = shader_kind.get(m.group('var'))
            if not profile or m.group('file') in LEFT_OUT_SKY:
                continue
            sets = macro_sets.get(m.group('entry'), [{}]) if m.group('macros') != 'nullptr' else [{}]
            for macros in sets:
                found.add((os.path.join(base, 'Resources', m.group('file')), profile, m.group('entry'),
                           tuple(a for k, v in sorted(macros.items()) for a in ('-D', f'{k}={v}'))))
    for path, profile, entry, defs in sorted(found):
        yield path, profile, entry, list(defs) + ['-I', base, '-HV', '2018']


def cpp_conditionals(text, macros):
    """`text` with its `#if`/`#ifdef`/`#ifndef`/`#elif`/`#else`/`#endif` groups resolved as a C
    preprocessor would with `macros` (name → integer; a name not given is 0 and undefined),
    the directives themselves removed: how a C++ file's build configuration picks its shader
    compiles."""
    def value(expr):
        expr = re.sub(r'defined\s*\(?\s*(\w+)\s*\)?', lambda m: '1' if m.group(1) in macros else '0', expr.split('//')[0])
        expr = re.sub(r'[A-Za-z_]\w*', lambda m: str(macros.get(m.group(0), 0)), expr)
        expr = expr.replace('&&', ' and ').replace('||', ' or ')
        expr = re.sub(r'!(?!=)', ' not ', expr)
        try:
            return bool(eval(expr, {'__builtins__': {}}))
        except Exception:
            return False
    out, stack = [], []  # stack: (this group taken, some earlier branch taken, enclosing taken)
    for line in text.splitlines():
        d = re.match(r'\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)', line)
        live = all(taken for taken, _, _ in stack)
        if not d:
            if live:
                out.append(line)
            continue
        kind, rest = d.group(1), d.group(2)
        if kind in ('if', 'ifdef', 'ifndef'):
            cond = value(rest) if kind == 'if' else (rest.split()[0] in macros) == (kind == 'ifdef') if rest.split() else False
            stack.append((cond, cond, live))
        elif kind == 'elif' and stack:
            _, done, outer = stack.pop()
            cond = not done and value(rest)
            stack.append((cond, done or cond, outer))
        elif kind == 'else' and stack:
            _, done, outer = stack.pop()
            stack.append((not done, True, outer))
        elif kind == 'endif' and stack:
            stack.pop()
    return '\n'.join(out)


def cpp_branches(text, flag, value):
    """`text` with each `if (flag) A else B` (or `if (!flag)`) replaced by the statement or
    block that runs when the C++ variable `flag` is `value`."""
    def body(at):
        """The statement or braced block starting at `at` (after blanks): (start, end)."""
        at = len(text) - len(text[at:].lstrip())
        if text.startswith('{', at):
            depth = 0
            for i in range(at, len(text)):
                depth += {'{': 1, '}': -1}.get(text[i], 0)
                if depth == 0:
                    return at, i + 1
        end = text.find(';', at)
        return at, (end + 1 if end >= 0 else len(text))
    while True:
        m = re.search(r'\bif\s*\(\s*(!?)\s*' + flag + r'\s*\)', text)
        if not m:
            return text
        taken = value != bool(m.group(1))
        a0, a1 = body(m.end())
        chosen, end = (text[a0:a1] if taken else ''), a1
        e = re.match(r'\s*else\b', text[a1:])
        if e:
            b0, b1 = body(a1 + e.end())
            chosen, end = (text[a0:a1] if taken else text[b0:b1]), b1
        text = text[:m.start()] + chosen + text[end:]


def rtxgi_ddgi_compiles(text, common, values):
    """The `Shaders::Compile` calls of the RTXGI test harness's C++ (already configured by
    `cpp_conditionals` and `cpp_branches`): each `ShaderProgram`'s `filepath`, `entryPoint`,
    `targetProfile` (Shaders.h's default `lib_6_6`), `arguments` and `Shaders::AddDefine`s,
    `AddCommonShaderDefines(shader, …)` adding `common`; a define's value is a literal,
    `std::to_wstring(N)` or a variable `values` names, or one the file sets from a constant
    (`const int N = 8;` … `std::wstring blockSize = std::to_wstring(static_cast<int>(N));`).
    Yields (file, profile, entry, flags)."""
    values = dict(values)
    constants = dict(re.findall(r'\bconst\s+(?:int|uint32_t|UINT)\s+(\w+)\s*=\s*(\d+)\s*;', text))
    for name, source in re.findall(r'std::wstring\s+(\w+)\s*=\s*std::to_wstring\(\s*(?:static_cast<\w+>\()?\s*(\w+)\s*\)?\s*\)\s*;', text):
        values.setdefault(name, constants.get(source, values.get(source, source)))

    def evaluate(v):
        v = v.strip()
        lit = re.fullmatch(r'L"([^"]*)"', v)
        if lit:
            return lit.group(1)
        inner = re.fullmatch(r'std::to_wstring\((.*)\)|(\w+)\.c_str\(\)|(\w+)', v)
        name = next((g for g in inner.groups() if g), '') if inner else v
        return values.get(name.strip(), name.strip())
    shaders, paths = {}, {}
    pattern = (r'std::wstring\s+(?P<pvar>\w+)\s*=\s*root\s*\+\s*L"(?P<pval>[^"]+)"'
               r'|(?P<fvar>[\w.]+)\.filepath\s*=\s*(?:root\s*\+\s*L"(?P<file>[^"]+)"|(?P<fref>\w+)\.c_str\(\))'
               r'|(?P<evar>[\w.]+)\.entryPoint\s*=\s*L"(?P<entry>\w+)"'
               r'|(?P<tvar>[\w.]+)\.targetProfile\s*=\s*L"(?P<profile>\w+)"'
               r'|(?P<avar>[\w.]+)\.arguments\s*=\s*\{(?P<args>[^}]*)\}'
               r'|Shaders::AddDefine\(\s*(?P<dvar>[\w.]+)\s*,\s*L"(?P<name>\w+)"\s*,\s*(?P<value>[^;]*?)\)\s*;'
               r'|AddCommonShaderDefines\(\s*(?P<cvar>\w+)'
               r'|Shaders::Compile\(\s*[\w.]+\s*,\s*(?P<var>[\w.]+)\s*\)')
    for m in re.finditer(pattern, text):
        g = m.groupdict()
        if g['pvar']:
            paths[g['pvar']] = g['pval']
        elif g['fvar']:
            shaders[g['fvar']] = {'file': g['file'] or paths.get(g['fref']), 'entry': None, 'profile': 'lib_6_6', 'args': [], 'defines': []}
        elif g['evar'] in shaders:
            shaders[g['evar']]['entry'] = g['entry']
        elif g['tvar'] in shaders:
            shaders[g['tvar']]['profile'] = g['profile']
        elif g['avar'] in shaders:
            words = [a for w in re.findall(r'L"([^"]*)"', g['args']) for a in w.split()]
            shaders[g['avar']]['args'] = [w for w in words if w != '-spirv']
        elif g['dvar'] in shaders:
            shaders[g['dvar']]['defines'].append((g['name'], evaluate(g['value'])))
        elif g['cvar'] in shaders:
            shaders[g['cvar']]['defines'] += common
        elif g['var'] in shaders:
            s = shaders[g['var']]
            if s['file'] and s['entry']:
                yield s['file'], s['profile'], s['entry'], s['args'] + [a for n, v in s['defines'] + [('HLSL', '1')] for a in ('-D', f'{n}={v}')]


def rtxgi_ddgi(root):
    base = os.path.join(root, 'NVIDIAGameWorks+RTXGI-DDGI')
    harness = os.path.join(base, 'samples/test-harness')
    if not os.path.isdir(harness):
        return
    # The test harness compiles every shader at run time with DXC (Shaders.cpp: the file, entry
    # point, profile, `arguments` and defines its C++ gives, plus `HLSL=1`; the default
    # profile is `lib_6_6`), for D3D12 in `*_D3D12.cpp` and with `-spirv -D __spirv__
    # -fspv-target-env=vulkan1.2` in `*_VK.cpp`; DDGI.cpp's CompileDDGIVolumeShaders builds the
    # SDK's probe blending (irradiance and distance), relocation, classification and reduction
    # passes with AddCommonShaderDefines' register layout. The configurations are its CMake
    # options: RTXGI_BINDLESS_TYPE (D3D12: resource arrays, the default, or the SM 6.6
    # descriptor heap; Vulkan: resource arrays), RTXGI_DDGI_BINDLESS_RESOURCES and
    # RTXGI_DDGI_BLEND_SHARED_MEMORY (each on, the default, or off), right-handed Y-up
    # coordinates and SDK resource management off (the defaults), NVAPI off (its headers are a
    # separate download); the volume values are the configs' (256 rays, 8 irradiance and 16
    # distance texels with a 1-texel border, one volume) and a 32-lane wave.
    src = os.path.join(harness, 'src')
    values = {'numRays': '256', 'numIrradianceTexels': '8', 'numIrradianceInteriorTexels': '6', 'numDistanceTexels': '16',
              'numDistanceInteriorTexels': '14', 'waveLaneCount': '32', 'numVolumes': '1', 'volumeDesc.probeBlendingUseScrollSharedMemory': '0'}
    ddgi = source_without_line_comments(os.path.join(src, 'graphics/DDGI.cpp'))
    found = set()
    # The D3D12 builds test `__spirv__` (undefined without `-spirv`) to pick D3D12's register
    # syntax (`register(t0, space1)` macros as `[[vk::binding(t0, space1)]]` otherwise): DXC
    # rejects them with `-spirv` as hlslc does for SPIR-V, so they are compiled for WGSL only,
    # which hlslc reads as DXC's DXIL build does (no `__spirv__`).
    for api in (('D3D12', 'VK') if TARGET != 'spirv' else ('VK',)):
        for bindless_type, bindless, shared in itertools.product((0, 1) if api == 'D3D12' else (0,), (1, 0), (1, 0)):
            macros = {'RTXGI_BINDLESS_TYPE': bindless_type, 'RTXGI_BINDLESS_TYPE_RESOURCE_ARRAYS': 0, 'RTXGI_BINDLESS_TYPE_DESCRIPTOR_HEAP': 1,
                      'RTXGI_DDGI_BINDLESS_RESOURCES': bindless, 'RTXGI_DDGI_BLEND_SHARED_MEMORY': shared, 'RTXGI_COORDINATE_SYSTEM': 2,
                      'RTXGI_DDGI_RESOURCE_MANAGEMENT': 0, 'RTXGI_DDGI_USE_SHADER_CONFIG_FILE': 0, 'RTXGI_DDGI_SHADER_REFLECTION': 0,
                      'RTXGI_DDGI_DEBUG_PROBE_INDEXING': 0, 'RTXGI_DDGI_DEBUG_OCTAHEDRAL_INDEXING': 0, 'RTXGI_DDGI_DEBUG_BORDER_COPY_INDEXING': 0, 'GFX_NVAPI': 0}
            vals = dict(values, **{k: str(v) for k, v in macros.items()})
            spirv = api == 'VK'
            text = cpp_branches(cpp_conditionals(ddgi, macros), 'spirv', spirv)
            start, end = text.find('void AddCommonShaderDefines'), text.find('bool CompileDDGIVolumeShaders')
            common = [(m.group(1), m.group(2) if m.group(2) is not None else vals.get(m.group(3), m.group(3)))
                      for m in re.finditer(r'Shaders::AddDefine\(\s*shader\s*,\s*L"(\w+)"\s*,\s*(?:L"([^"]*)"|std::to_wstring\((\w+)\))\s*\)', text[start:end])]
            # DDGI.cpp's paths are relative to the SDK (`shaderCompiler.rtxgi`), the others' to the harness.
            sources = [(os.path.join(base, 'rtxgi-sdk'), text[end:])] + [
                (harness, cpp_conditionals(source_without_line_comments(os.path.join(src, 'graphics', f)), macros))
                for f in sorted(os.listdir(os.path.join(src, 'graphics'))) if f.endswith(f'_{api}.cpp')]
            for directory, text in sources:
                for file, profile, entry, flags in rtxgi_ddgi_compiles(text, common, vals):
                    found.add((os.path.join(directory, file), profile, entry, tuple(flags)))
    for path, profile, entry, flags in sorted(found):
        yield path, profile, entry, list(flags)


def image_scaling(root):
    base = os.path.join(root, 'NVIDIAGameWorks+NVIDIAImageScaling')
    if not os.path.isdir(base):
        return
    # NIS_Main.hlsl as each sample builds it, NVScaler (NIS_SCALER=1) and NVSharpen (0), with
    # the block and thread-group sizes NISOptimizer gives the GPU architecture its C++ names
    # (NIS_Config.h): the DX11 and NV12 samples through D3DCompileFromFile (`cs_5_0`, FXC as
    # `-HV 2018`; NV12 adds NIS_NV12_SUPPORT=1), the DX12 sample through its bundled DXC
    # (December 2021, before HLSL 2021 was DXC's default: `-HV 2018`) with `-O3
    # -enable-16bit-types`, NIS_USE_HALF_PRECISION=1 and NIS_HLSL_6_2=1 (its NVSharpen passes
    # the block width as NIS_BLOCK_HEIGHT and the block height as NIS_THREAD_GROUP_SIZE, as
    # written), and VK/CMakeLists.txt's `dxc -spirv -T cs_6_2 -D NIS_DXC=1`. Each build also
    # with the SDK's other documented permutations (README.md): NIS_HDR_MODE 1 (linear) and 2
    # (PQ), and NIS_VIEWPORT_SUPPORT=1. The DX12 and Streamline samples' bilinear upscaler:
    # `cs_6_2` with BLOCK_WIDTH and BLOCK_HEIGHT 16.
    main = os.path.join(base, 'NIS/NIS_Main.hlsl')
    builds = [  # (profile, flags, scaler (width, height, group), sharpen (width, height, group))
        ('cs_5_0', ['-HV', '2018'], (32, 24, 128), (32, 32, 128)),
        ('cs_5_0', ['-HV', '2018', '-D', 'NIS_NV12_SUPPORT=1'], (32, 24, 128), (32, 32, 128)),
        ('cs_6_2', ['-HV', '2018', '-O3', '-enable-16bit-types', '-D', 'NIS_USE_HALF_PRECISION=1', '-D', 'NIS_HLSL_6_2=1'], (32, 32, 128), (32, 32, 32)),
        ('cs_6_2', ['-D', 'NIS_DXC=1', '-D', 'NIS_USE_HALF_PRECISION=1'], (32, 24, 256), (32, 32, 256)),
    ]
    for profile, flags, scaler, sharpen in builds:
        for is_scaler, (width, height, group) in ((1, scaler), (0, sharpen)):
            sizes = ['-D', f'NIS_SCALER={is_scaler}', '-D', f'NIS_BLOCK_WIDTH={width}', '-D', f'NIS_BLOCK_HEIGHT={height}', '-D', f'NIS_THREAD_GROUP_SIZE={group}']
            for hdr, viewport in ((0, 0), (1, 0), (2, 0), (0, 1)):
                yield main, profile, 'main', flags + sizes + ['-D', f'NIS_HDR_MODE={hdr}'] + (['-D', 'NIS_VIEWPORT_SUPPORT=1'] if viewport else [])
    for sample in ('DX12', 'Streamline'):
        yield os.path.join(base, 'samples', sample, 'src/bilinearUpscale.hlsl'), 'cs_6_2', 'main', ['-HV', '2018', '-D', 'BLOCK_WIDTH=16', '-D', 'BLOCK_HEIGHT=16']


def nadrin_pbr(root):
    base = os.path.join(root, 'Nadrin+PBR')
    if not os.path.isdir(base):
        return
    # The D3D11 and D3D12 renderers' Renderer::compileShader("shaders/hlsl/….hlsl", entry,
    # profile): D3DCompileFromFile (FXC, shader model 5.0, no macros) from the working
    # directory `data/`. The Vulkan and OpenGL renderers build GLSL.
    found = set()
    for f in ('d3d11.cpp', 'd3d12.cpp'):
        text = source_without_line_comments(os.path.join(base, 'src', f))
        for m in re.finditer(r'compileShader\(\s*"([^"]+)"\s*,\s*"(\w+)"\s*,\s*"(\w+)"\s*\)', text):
            found.add((os.path.join(base, 'data', m.group(1)), m.group(3), m.group(2)))
    for path, profile, entry in sorted(found):
        yield path, profile, entry, fxc_flags(profile)


def toy_path_tracer(root):
    base = os.path.join(root, 'aras-p+ToyPathTracer')
    if not os.path.isdir(base):
        return
    # Cpp/Windows/ToyPathTracer.vcxproj's FxCompile items (FXC, shader model 5.0, entry `main`;
    # `-HV 2018`, as msbuild_fxcompile reads FXC projects).
    yield from msbuild_fxcompile(os.path.join(base, 'Cpp/Windows/ToyPathTracer.vcxproj'), ['Release|x64'])


def variable_shading(root):
    base = os.path.join(root, 'GPUOpen-Effects+FidelityFX-VariableShading')
    cauldron = os.path.join(root, 'GPUOpen-LibrariesAndSDKs+Cauldron')  # sample/libs/cauldron
    if not os.path.isdir(base) or not os.path.isdir(cauldron):
        return
    # sample/src/DX12/CMakeLists.txt copies the sample's shaders (its GLTFPbrPass-IO.hlsl
    # replacing Cauldron's) and ffx_variable_shading.h into bin/ShaderLibDX beside Cauldron's
    # (`-HV 2018`: Cauldron's DXC predates HLSL 2021 as DXC's default). VariableShadingCode.cpp
    # builds VRSImageGenCS.hlsl (`cs_6_0`, `mainCS`) once per device tile size (D3D12's
    # ShadingRateImageTileSize: 8, 16 or 32) without and with
    # FFX_VARIABLESHADING_ADDITIONALSHADINGRATES, and VrsOverlay.hlsl's `mainVS`/`mainPS`
    # (`vs_6_0`/`ps_6_0`). The shader includes "ffx_Variable_Shading.h", which Windows finds
    # whatever its case: a link of that spelling answers it.
    src = os.path.join(base, 'sample/src/DX12/shaders')
    header = os.path.join(base, 'ffx-variableshading/ffx_variable_shading.h')
    lib = cauldron_shader_lib('variable-shading', [('', [src, header, os.path.join(cauldron, 'src/DX12/shaders')])])
    if not os.path.lexists(os.path.join(lib, 'ffx_Variable_Shading.h')):
        os.symlink(header, os.path.join(lib, 'ffx_Variable_Shading.h'))
    extra = ['-I', lib, '-HV', '2018']
    for tile in (8, 16, 32):
        for additional in (False, True):
            defs = ['-D', f'FFX_VARIABLESHADING_TILESIZE={tile}'] + (['-D', 'FFX_VARIABLESHADING_ADDITIONALSHADINGRATES=1'] if additional else [])
            yield os.path.join(src, 'VRSImageGenCS.hlsl'), 'cs_6_0', 'mainCS', extra + defs
    yield os.path.join(src, 'VrsOverlay.hlsl'), 'vs_6_0', 'mainVS', extra
    yield os.path.join(src, 'VrsOverlay.hlsl'), 'ps_6_0', 'mainPS', extra


def directml(root):
    base = os.path.join(root, 'microsoft+DirectML')
    if not os.path.isdir(base):
        return
    # The samples' `.vcxproj` FxCompile items (FXC, shader model 5.1, Release|x64), and
    # DxDispatch's models: each `"type": "hlsl"` dispatchable of a JSON model, compiled with
    # its `compilerArgs` (DXC's `-T`, `-E`, `-D`, `-enable-16bit-types`).
    # (DirectMLSuperResolution's two projects, DirectML and DirectMLX, build the same shaders.)
    import json
    found = set()
    for d, _, files in os.walk(os.path.join(base, 'Samples')):
        for f in sorted(files):
            if f.endswith('.vcxproj'):
                found.update((path, profile, entry, tuple(extra)) for path, profile, entry, extra in msbuild_fxcompile(os.path.join(d, f), ['Release|x64']))
    for path, profile, entry, extra in sorted(found):
        yield path, profile, entry, list(extra)
    models = os.path.join(base, 'DxDispatch/models')
    for f in sorted(os.listdir(models)):
        if not f.endswith('.json'):
            continue
        try:
            model = json.loads(source_without_line_comments(os.path.join(models, f)))
        except ValueError:
            continue
        for item in (model.get('dispatchables') or {}).values():
            if item.get('type') != 'hlsl' or item.get('compiler', 'dxc') != 'dxc':
                continue
            args, flags, profile, entry = item.get('compilerArgs', []), [], None, 'main'
            for i, a in enumerate(args):
                if a == '-T':
                    profile = args[i + 1]
                elif a == '-E':
                    entry = args[i + 1]
                elif a == '-D':
                    flags += ['-D', args[i + 1]]
                elif a == '-enable-16bit-types':
                    flags.append(a)
            if profile:
                yield os.path.join(models, item['sourcePath']), profile, entry, flags


def windows_classic_samples(root):
    base = os.path.join(root, 'microsoft+Windows-classic-samples/Samples')
    if not os.path.isdir(base):
        return
    # Each C++ project's `<FxCompile>` items (FXC as `-HV 2018`; BasicHologram's and
    # DXGIDesktopDuplication's), and the Direct2D samples' D3D10 effects (dxgisample.fx,
    # extrusionsample.fx, which the C++ loads with D3D10CreateEffectFromMemory): each pass's
    # `CompileShader` entry.
    for d, _, files in os.walk(base):
        for f in sorted(files):
            if f.endswith('.vcxproj'):
                yield from msbuild_fxcompile(os.path.join(d, f), ['Release|x64', 'Release|Win32'])
            elif f.lower().endswith('.fx'):
                for profile, entry in effect_entries(os.path.join(d, f)):
                    yield os.path.join(d, f), profile, entry, ['-I', d] + fxc_flags(profile)


def intel_taa(root):
    base = os.path.join(root, 'GameTechDev+TAA/MiniEngine')
    if not os.path.isdir(base):
        return
    # Intel's optimised TAA in MiniEngine: the Core and ModelViewer projects (Visual Studio
    # 2019): their FxCompile items over PropertySheets/VS16.props' defaults (ShaderType Compute,
    # ShaderModel 5.0: FXC, `-HV 2018`), built for Release|x64.
    for project in ('Core/Core_VS16.vcxproj', 'ModelViewer/ModelViewer_VS16.vcxproj'):
        yield from msbuild_fxcompile(os.path.join(base, project), ['Release|x64'], sheet={'ShaderType': 'Compute', 'ShaderModel': '5.0'})


def valar(root):
    base = os.path.join(root, 'GameTechDev+VALAR')
    if not os.path.isdir(base):
        return
    # Intel's VRS Tier 2 velocity and luminance adaptive rasterization in MiniEngine: the Core
    # and Model projects' FxCompile items over PropertySheets/Build.props (ShaderType Compute)
    # and Desktop.props (ShaderModel 6.2, `_GAMING_DESKTOP=1`), built for Release|x64 with the
    # DXC of the Windows SDK the projects name (10.0.22000, 2021: HLSL 2018 was its default,
    # and the VRS shaders use vector conditions in `?:`, hence `-HV 2018`).
    sheet = {'ShaderType': 'Compute', 'ShaderModel': '6.2', 'PreprocessorDefinitions': '_GAMING_DESKTOP=1'}
    for project in ('Core/Core.vcxproj', 'Model/Model.vcxproj'):
        for path, profile, entry, extra in msbuild_fxcompile(os.path.join(base, project), ['Release|x64'], sheet=sheet):
            yield path, profile, entry, extra + ['-HV', '2018']


def deferred_coarse_pixel_shading(root):
    base = os.path.join(root, 'GameTechDev+DeferredCoarsePixelShading')
    if not os.path.isdir(base):
        return
    # App.cpp's `new VertexShader/PixelShader/GeometryShader/ComputeShader(device, L"File.hlsl",
    # "entry", defines)`: Shader.h's D3DCompileFromFile (FXC, `xs_5_0`, row-major matrices:
    # `-Zpr`) with MSAA_SAMPLES, which main.cpp's combo box sets to 1, 2, 4 or 8.
    kinds = {'Vertex': 'vs_5_0', 'Pixel': 'ps_5_0', 'Geometry': 'gs_5_0', 'Compute': 'cs_5_0'}
    text = source_without_line_comments(os.path.join(base, 'App.cpp'))
    calls = sorted(set(re.findall(r'new\s+(Vertex|Pixel|Geometry|Compute)Shader\(\s*\w+\s*,\s*L"([\w.]+)"\s*,\s*"(\w+)"', text)))
    for kind, name, entry in calls:
        for samples in (1, 2, 4, 8):
            yield os.path.join(base, name), kinds[kind], entry, ['-D', f'MSAA_SAMPLES={samples}', '-Zpr', '-HV', '2018']
    # The coarse-pixel-shading tile compute shader and a skybox pixel shader are `.fxo` files
    # deferred_shading_2015.vcxproj's CustomBuild steps write with fxc (`/T … /E … /Zpr /D…`,
    # MSAA_SAMPLES=1, CPS_RATE=2, for Release|x64).
    project = open(os.path.join(base, 'deferred_shading_2015.vcxproj'), errors='replace').read()
    for m in re.finditer(r"<Command Condition=\"'\$\(Configuration\)\|\$\(Platform\)'=='Release\|x64'\">\"[^\"]*fxc\"(.*?)</Command>", project):
        words = m.group(1).replace('&quot;', '"').split()
        source = next(w.strip('"').split('\\')[-1] for w in words if w.strip('"').endswith('.hlsl'))
        defs = [a for w in words if w.startswith('/D') for a in ('-D', w[2:])]
        yield os.path.join(base, source), words[words.index('/T') + 1], words[words.index('/E') + 1], defs + ['-Zpr', '-HV', '2018']


def asteroids_d3d12(root):
    base = os.path.join(root, 'GameTechDev+asteroids_d3d12')
    if not os.path.isdir(base):
        return
    # asteroids_d3d12.vcxproj's FxCompile items (FXC, shader model 5.0, asteroid_ps 5.1; entry
    # points named after their files, `%(Filename)`), built for Release|x64.
    yield from msbuild_fxcompile(os.path.join(base, 'asteroids_d3d12.vcxproj'), ['Release|x64'])


def multi_adapter_particles(root):
    base = os.path.join(root, 'GameTechDev+Multi-Adapter-Particles/Particles')
    if not os.path.isdir(base):
        return
    # Compute.cpp's and Render.cpp's D3DCompileFromFile calls (FXC `xs_5_0`, no include
    # handler): the n-body simulation with `blocksize` BLOCK_SIZE (64, defines.h) and the
    # particle drawing's vertex, geometry and pixel shaders.
    yield os.path.join(base, 'nBodyGravityCS.hlsl'), 'cs_5_0', 'CSMain', ['-D', 'blocksize=64', '-HV', '2018']
    for entry, profile in (('VSParticleDraw', 'vs_5_0'), ('GSParticleDraw', 'gs_5_0'), ('PSParticleDraw', 'ps_5_0')):
        yield os.path.join(base, 'ParticleDraw.hlsl'), profile, entry, ['-HV', '2018']


# glTF primitives of the kinds Cauldron-Media's scenes hold (glTF-Sample-Models: DamagedHelmet,
# Sponza, MetalRoughSpheresNoTextures, SpecGlossVsMetalRough, CesiumMan, AlphaBlendModeTest):
# (attributes, material, skinned). A material is its alphaMode, doubleSided, workflow
# (`mr` pbrMetallicRoughness, `sg` KHR_materials_pbrSpecularGlossiness) and textures (all on
# TEXCOORD_0).
CAULDRON_PRIMITIVES = [
    (['POSITION', 'NORMAL', 'TEXCOORD_0'], ('OPAQUE', False, 'mr', ['baseColorTexture', 'metallicRoughnessTexture', 'normalTexture', 'emissiveTexture', 'occlusionTexture']), False),
    (['POSITION', 'NORMAL', 'TANGENT', 'TEXCOORD_0'], ('MASK', False, 'mr', ['baseColorTexture', 'metallicRoughnessTexture', 'normalTexture']), False),
    (['POSITION', 'NORMAL'], ('OPAQUE', False, 'mr', []), False),
    (['POSITION', 'NORMAL', 'TANGENT', 'TEXCOORD_0'], ('OPAQUE', False, 'sg', ['diffuseTexture', 'specularGlossinessTexture', 'normalTexture']), False),
    (['POSITION', 'NORMAL', 'TEXCOORD_0', 'JOINTS_0', 'WEIGHTS_0'], ('OPAQUE', False, 'mr', ['baseColorTexture']), True),
    (['POSITION', 'NORMAL', 'TEXCOORD_0'], ('BLEND', True, 'mr', ['baseColorTexture']), False),
]
CAULDRON_TEXCOORD = {'baseColorTexture': 'ID_baseTexCoord', 'metallicRoughnessTexture': 'ID_metallicRoughnessTexCoord', 'normalTexture': 'ID_normalTexCoord',
                     'emissiveTexture': 'ID_emissiveTexCoord', 'occlusionTexture': 'ID_occlusionTexCoord', 'diffuseTexture': 'ID_diffuseTexCoord',
                     'specularGlossinessTexture': 'ID_specularGlossinessTexCoord'}


def cauldron_gltf_defines(attributes, material, skinned, rt_defines):
    """The defines Cauldron's DX12 glTF passes give one primitive (GltfPbrMaterial.cpp's
    ProcessMaterials, GltfPbrPass, GltfDepthPass and GltfMotionVectorsPass, and
    GLTFTexturesAndBuffers::CreateGeometry's `HAS_<attribute>`): {pass: defines}."""
    mode, double_sided, workflow, textures = material
    pbr = {'DEF_doubleSided': str(int(double_sided)), 'DEF_alphaCutoff': '0.500000', 'DEF_alphaMode_' + mode: '1',
           'MATERIAL_METALLICROUGHNESS' if workflow == 'mr' else 'MATERIAL_SPECULARGLOSSINESS': '1'}
    pbr.update({CAULDRON_TEXCOORD[t]: '0' for t in textures})
    # The pass's texture table: the material's textures in std::map order, then the IBL's
    # BRDF LUT and cubes (a sky dome), the shadow map at slot 9 (no shadow mask).
    slots = sorted(textures) + ['brdfTexture', 'diffuseCube', 'specularCube']
    pbr.update({'ID_' + t: str(i) for i, t in enumerate(slots)})
    pbr.update({'USE_IBL': '1', 'ID_shadowMap': '9'}, **rt_defines)
    pbr.update({'HAS_' + a: '1' for a in attributes})
    uses = lambda d, a: a == 'POSITION' or a.startswith(('WEIGHTS', 'JOINTS')) or (a.startswith('TEXCOORD_') and any(k.endswith('TexCoord') and v == a[9:] for k, v in d.items()))
    depth = {'DEF_alphaMode_' + mode: '1'}
    if mode == 'MASK':
        depth['DEF_alphaCutoff'] = '0.500000'
        if workflow == 'mr' and 'baseColorTexture' in textures:
            depth.update({'MATERIAL_METALLICROUGHNESS': '1', 'ID_baseColorTexture': '0', 'ID_baseTexCoord': '0'})
    depth.update({'HAS_' + a: '1' for a in attributes if uses(depth, a)})
    motion = {'DEF_alphaMode_' + mode: '1'}
    if mode != 'OPAQUE':
        motion['DEF_alphaCutoff'] = '0.500000'
        key = 'baseColorTexture' if workflow == 'mr' else 'diffuseTexture'
        motion['MATERIAL_METALLICROUGHNESS' if workflow == 'mr' else 'MATERIAL_SPECULARGLOSSINESS'] = '1'
        if key in textures:
            motion.update({'ID_' + key: '0', CAULDRON_TEXCOORD[key]: '0'})
    motion.update({'HAS_' + a: '1' for a in attributes if uses(motion, a)})
    motion['HAS_MOTION_VECTORS'] = '0'
    for d in (pbr, depth, motion):
        if skinned:
            d['ID_SKINNING_MATRICES'] = '2'
    return {'GLTFPbrPass': pbr, 'GLTFDepthPass': depth, 'GLTFMotionVectorsPass': motion}


def cauldron(root):
    base = os.path.join(root, 'GPUOpen-LibrariesAndSDKs+Cauldron/src/DX12')
    if not os.path.isdir(base):
        return
    # Cauldron's own DX12 shaders, compiled at run time by its ShaderCompilerHelper (DXC,
    # `-HV 2018`: its DXC predates HLSL 2021 as DXC's default), with the defines its C++ gives:
    # the glTF PBR forward pass (GLTFPbrPass-VS/PS, `-T vs_6_0`/`ps_6_0`), depth pass and
    # motion-vector pass for each primitive kind of CAULDRON_PRIMITIVES, the PBR pass for the
    # FidelityFX samples' two forward render passes (GBUFFER_FORWARD, with and without
    # GBUFFER_MOTION_VECTORS: GBuffer.cpp's `HAS_*_RT` indices), with a sky dome's IBL and a
    # shadow map; the post-process passes: each PostProcPS `OnCreate(…, "File.hlsl", …)`
    # (`mainPS`, FAR_DEPTH 1, and 0 where the caller passes `bInvertedDepth`; its vertex shader
    # is a string in PostProcPS.cpp), ToneMapping's default `Tonemapping.hlsl`, MagnifierPS,
    # ToneMappingCS (a PostProcCS: WIDTH 8, HEIGHT 8, DEPTH 1) and TAA.cpp's
    # `CompileShaderFromFile` calls. src/DX12/CMakeLists.txt copies the shaders and
    # FidelityFX's `include/gpu` headers (LPM's, which the tone mappers include) into
    # bin/ShaderLibDX, where Windows finds `tonemappers.hlsl` whatever its case. Left out
    # because DXC rejects them too: ShadowResolve.hlsl reads PerFrame's
    # `u_mCameraViewProjInverse`, which perFrameStruct.h renamed `u_mCameraCurrViewProjInverse`,
    # and BakeSkinning.hlsl calls `GetSkinningMatrix`, which Skinning.hlsl renamed
    # `GetCurrentSkinningMatrix`.
    shaders = os.path.join(base, 'shaders')
    lib = cauldron_shader_lib('cauldron', [('', [shaders, os.path.join(base, '../common/FidelityFX/include/gpu')])])
    extra = ['-I', lib, '-HV', '2018']
    found = set()
    for rt in ({'HAS_FORWARD_RT': '0', 'HAS_MOTION_VECTORS': '1', 'HAS_MOTION_VECTORS_RT': '1'}, {'HAS_FORWARD_RT': '0'}):
        for attributes, material, skinned in CAULDRON_PRIMITIVES:
            passes = cauldron_gltf_defines(attributes, material, skinned, rt)
            for name, defines in passes.items():
                flags = tuple(a for k, v in sorted(defines.items()) for a in ('-D', f'{k}={v}'))
                files = [('GLTFPbrPass-VS.hlsl', 'vs_6_0', 'mainVS'), ('GLTFPbrPass-PS.hlsl', 'ps_6_0', 'mainPS')] if name == 'GLTFPbrPass' else \
                        [(name + '.hlsl', 'vs_6_0', 'mainVS'), (name + '.hlsl', 'ps_6_0', 'mainPS')]
                for f, profile, entry in files:
                    found.add((f, profile, entry, flags))
    for d, _, files in os.walk(os.path.join(base, 'PostProc')):
        for f in sorted(files):
            if not f.endswith('.cpp'):
                continue
            text = source_without_line_comments(os.path.join(d, f))
            for m in re.finditer(r'\.OnCreate\(\s*\w+\s*,\s*"(\w+\.hlsl)"\s*,([^;]*)\)\s*;', text):
                for far in ('1', '0') if 'bInvertedDepth' in m.group(2) else ('1',):
                    found.add((m.group(1), 'ps_6_0', 'mainPS', ('-D', f'FAR_DEPTH={far}')))
            for m in re.finditer(r'\.OnCreate\(\s*\w+\s*,\s*\w+\s*,\s*"(\w+\.hlsl)"\s*,\s*"(\w+)"\s*,\s*\d+\s*,\s*\d+\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)', text):
                found.add((m.group(1), 'cs_6_0', m.group(2), ('-D', f'WIDTH={m.group(3)}', '-D', f'HEIGHT={m.group(4)}', '-D', f'DEPTH={m.group(5)}')))
            for name, profile, entry, defs in cauldron_calls(os.path.join(d, f)):
                if name not in ('ShadowResolve.hlsl', 'BakeSkinning.hlsl'):
                    found.add((name, profile, entry, tuple(defs)))
    found.add(('Tonemapping.hlsl', 'ps_6_0', 'mainPS', ('-D', 'FAR_DEPTH=1')))
    found.add(('MagnifierPS.hlsl', 'ps_6_0', 'mainPS', ('-D', 'FAR_DEPTH=1')))
    for name, profile, entry, flags in sorted(found):
        path = path_ignoring_case(os.path.join(shaders, name))
        if path:
            yield path, profile, entry, list(flags) + extra


def gametechdev_samples(root):
    # Intel's small D3D samples, FXC builds as `-HV 2018`: the `FxCompile` items of
    # D3D12VariableRateShading, DX12-Multi-Adapter, FlipModelD3D12 and the 64-bit typed atomics
    # sample (which also compiles shaders.hlsl's VSMain/PSMain, `xs_5_1`, at run time);
    # DynamicResolutionRendering's Utility::Create*ShaderFromFile(L"File.hlsl", "entry",
    # "profile", …) calls (D3DX11CompileFromFile); GrassInstancing's D3D10 effects (each pass's
    # `CompileShader`).
    projects = ['GameTechDev+D3D12VariableRateShading/src/D3D12VariableRateShading.vcxproj', 'GameTechDev+DX12-Multi-Adapter/DX12_MASample/DX12_MASample.vcxproj',
                'GameTechDev+FlipModelD3D12/FlipModelD3D12.vcxproj', 'GameTechDev+64-bit-Typed-Atomics-Extension/INTC_Atomic_64bit_Max/INTC_Atomic_64bit_Max.vcxproj']
    for project in projects:
        if os.path.exists(os.path.join(root, project)):
            yield from msbuild_fxcompile(os.path.join(root, project), ['Release|x64'])
    atomics = os.path.join(root, 'GameTechDev+64-bit-Typed-Atomics-Extension/INTC_Atomic_64bit_Max')
    if os.path.isdir(atomics):
        for entry, profile in (('VSMain', 'vs_5_1'), ('PSMain', 'ps_5_1')):
            yield os.path.join(atomics, 'shaders.hlsl'), profile, entry, fxc_flags(profile)
    drr = os.path.join(root, 'GameTechDev+DynamicResolutionRendering/Dynamic Resolution Rendering Update')
    if os.path.isdir(drr):
        found = set()
        for f in ('DynamicResolutionRendering.cpp', 'Scene.cpp'):
            text = source_without_line_comments(os.path.join(drr, f))
            found.update(re.findall(r'Utility::Create\w*FromFile\(\s*L"([\w.]+)"\s*,\s*"(\w+)"\s*,\s*"(\w+)"', text))
        for name, entry, profile in sorted(found):
            yield os.path.join(drr, name), profile, entry, fxc_flags(profile)
    grass = os.path.join(root, 'GameTechDev+GrassInstancing/fx')
    if os.path.isdir(grass):
        for f in sorted(os.listdir(grass)):
            if f.endswith('.fx'):
                for profile, entry in effect_entries(os.path.join(grass, f)):
                    yield os.path.join(grass, f), profile, entry, ['-I', grass] + fxc_flags(profile)


def occlusion_culling(root):
    base = os.path.join(root, 'GameTechDev+OcclusionCulling')
    if not os.path.isdir(base):
        return
    # Intel's software occlusion culling sample: its CPUT materials' shaders (Media/Material and
    # the Castle scene's), compiled by that CPUT version's CPUTAssetLibraryDX11 with `_CPUT=1`
    # alone (D3DCompileFromFile; FXC as `-HV 2018`). The castle's 42 materials share a few
    # shaders: each distinct compile is counted once.
    found = set()
    for path, profile, entry, extra in cput_materials(os.path.join(base, 'Media'), os.path.join(base, 'Media'), ['-D', '_CPUT=1']):
        found.add((path, profile, entry, tuple(extra)))
    for path, profile, entry, extra in sorted(found):
        yield path, profile, entry, list(extra)


def faceworks(root):
    base = os.path.join(root, 'NVIDIAGameWorks+FaceWorks')
    if not os.path.isdir(base):
        return
    # NVIDIA FaceWorks' D3D11 sample (Visual Studio 2015 project): its FxCompile items, FXC
    # shader model 5.0 with the SDK's `include` directory, `-HV 2018`. The material pixel
    # shaders CShaderManager generates as strings at run time are not attempted.
    yield from msbuild_fxcompile(os.path.join(base, 'samples/build/vs2015/sample_d3d11.vcxproj'), ['Release|x64'])


def donut_examples(root):
    base = os.path.join(root, 'NVIDIAGameWorks+donut_examples')
    donut_dir = os.path.join(base, 'donut')  # the submodule at its pinned commit, 04c9b20
    if not os.path.isdir(os.path.join(donut_dir, 'include')):
        return
    # Each example's shaders.cfg through Donut's compileshaders.cmake: its SPIR-V build where
    # the example has one (`SPIRV_DXC`, or donut_compile_shaders_all_platforms): ShaderMake
    # `--platform SPIRV` with `-D SPIRV -D TARGET_VULKAN`, NVRHI's register shifts, Vulkan 1.2,
    # ShaderMake's default shader model 6_5 and its SPIR-V defaults, and the example's
    # SHADERMAKE_OPTIONS_SPIRV (`--spirvExt E`); otherwise its DXIL build, `-D TARGET_D3D12`
    # and the `--shaderModel` it passes (6_5 by default; the work-graphs example's own
    # ShaderMake call: 6_8, no define). Includes: Donut's `include/`.
    spirv = ['-D', 'SPIRV', '-D', 'TARGET_VULKAN', '-fvk-use-dx-layout'] + SHADERMAKE_SPIRV
    for reg, shift in (('t', 0), ('s', 128), ('b', 256), ('u', 384)):
        spirv += [f'-fvk-{reg}-shift', str(shift), 'all']
    examples = os.path.join(base, 'examples')
    for name in sorted(os.listdir(examples)):
        cfg, cmake = os.path.join(examples, name, 'shaders.cfg'), os.path.join(examples, name, 'CMakeLists.txt')
        if not (os.path.exists(cfg) and os.path.exists(cmake)):
            continue
        text = open(cmake, errors='replace').read()
        if 'SPIRV_DXC' in text or 'donut_compile_shaders_all_platforms' in text:
            model = '6_5'
            extra = spirv + ['-fspv-extension=' + e for e in re.findall(r'--spirvExt\s+(\w+)', text)]
        else:
            m = re.search(r'(?:SHADER_MODEL|--shaderModel)\s+"?(\d_\d)', text)
            model = m.group(1) if m else '6_5'
            extra = [] if '--platform DXIL' in text else ['-D', 'TARGET_D3D12']
            extra += ['-enable-16bit-types'] if model >= '6_2' else []
        for path, stage, entry, defines in shadermake_config(cfg):
            yield os.path.join(examples, name, path), f'{stage}_{model}', entry, ['-I', os.path.join(donut_dir, 'include')] + extra + [a for d in defines for a in ('-D', d)]


def kickstart_rt(root):
    base = os.path.join(root, 'NVIDIAGameWorks+KickstartRT')
    if not os.path.isdir(base):
        return
    # KickstartRT's shaders/shaders.cfg through its own ShaderCompiler (tools/ShaderCompiler,
    # called by cmake/KickstartRT-compileshaders.cmake), `--platform spirv`: each `{a,b}`
    # permutation, `-O3 -Zpr -WX -spirv -fspv-target-env=vulkan1.2 -D GRAPHICS_API_VK`,
    # DESCRIPTOR_SET_n as `,spacen`, and per register space the shifts getBindingOffset gives
    # (128 bindings per resource type: t 0, s 128, b 256, u 384 for compute and ray tracing);
    # with NRD (its default, KickstartRT_SDK_WITH_NRD=1: the RayTracingDenoiser submodule at the
    # pinned fb0af66, its `Shaders/Include`) and `shaders/` as include directories. The DXC it
    # finds is the Vulkan SDK's; KickstartRT 1.0 (December 2022) predates DXC 1.7.2308, which
    # made HLSL 2021 the default, and uses vector conditions in `?:`: `-HV 2018`.
    nrd = os.path.join(base, 'thirdparty/RayTracingDenoiser/Shaders/Include')
    if not os.path.isdir(nrd):
        return
    shaders = os.path.join(base, 'shaders')
    extra = ['-D', 'KickstartRT_SDK_WITH_NRD=1', '-I', shaders, '-I', nrd, '-HV', '2018', '-Zpr', '-WX', '-fspv-target-env=vulkan1.2', '-D', 'GRAPHICS_API_VK']
    extra += [a for n in range(10) for a in ('-D', f'DESCRIPTOR_SET_{n}=,space{n}')]
    for space in range(10):
        for reg, shift in (('t', 0), ('s', 128), ('b', 256), ('u', 384)):
            extra += [f'-fvk-{reg}-shift', str(shift), str(space)]
    for path, profile, entry, defines in shadermake_config(os.path.join(shaders, 'shaders.cfg')):
        yield os.path.join(shaders, path), profile, entry, extra + [a for d in defines for a in ('-D', d)]


def nrd_sample(root):
    base = os.path.join(root, 'NVIDIAGameWorks+NRDSample')
    framework = os.path.join(base, 'External/NRIFramework/External')
    sharc = os.path.join(base, '_deps/sharc/include')
    nis = os.path.join(root, 'NVIDIAGameWorks+NVIDIAImageScaling/NIS')
    if not all(os.path.isdir(d) for d in (os.path.join(base, 'External/NRD'), os.path.join(framework, 'NRI'), os.path.join(framework, 'MathLib'), sharc, nis)):
        return
    # CMakeLists.txt's ShaderMake over Shaders.cfg, its SPIR-V build: `--hlsl2021 --WX`, shader
    # model 6_6, the register shifts (s 100, t 200, b 300, u 400), Vulkan 1.2 and ShaderMake's
    # SPIR-V defaults, NRD_NORMAL_ENCODING=2 and NRD_ROUGHNESS_ENCODING=1, with its submodules
    # at the commits it pins (NRD 3edea46, NRIFramework 56db83b with MathLib ce3142d and NRI
    # 09f6c83). Its FetchContent dependencies follow `main`: SHARC from the
    # Spatial-Hash-Radiance-Cache snapshot (`072ee4f`, January 2025; the build includes
    # `${sharc_SOURCE_DIR}/Include`, which Windows finds as `include`), and the DLSS SDK's
    # copy of NIS from NVIDIAImageScaling's (its `NIS_Scaler.h`).
    links = os.path.join(GENERATED, 'nrd-sample')
    os.makedirs(links, exist_ok=True)
    if not os.path.lexists(os.path.join(links, 'Include')):
        os.symlink(sharc, os.path.join(links, 'Include'))
    shaders = os.path.join(base, 'Shaders')
    extra = ['-I', shaders, '-I', os.path.join(base, 'External'), '-I', os.path.join(framework, 'MathLib'),
             '-I', os.path.join(base, 'External/NRD/Shaders/Include'), '-I', os.path.join(framework, 'NRI/Include'),
             '-I', nis, '-I', os.path.join(links, 'Include'), '-D', 'NRD_NORMAL_ENCODING=2', '-D', 'NRD_ROUGHNESS_ENCODING=1',
             '-HV', '2021', '-WX', '-fspv-target-env=vulkan1.2'] + SHADERMAKE_SPIRV
    for reg, shift in (('s', 100), ('t', 200), ('b', 300), ('u', 400)):
        extra += [f'-fvk-{reg}-shift', str(shift), 'all']
    for path, stage, entry, defines in shadermake_config(os.path.join(base, 'Shaders.cfg')):
        yield os.path.join(shaders, path), f'{stage}_6_6', entry, extra + [a for d in defines for a in ('-D', d)]


def nvidia_flow(root):
    base = os.path.join(root, 'NVIDIAGameWorks+Flow/demo')
    if not os.path.isdir(base):
        return
    # NVIDIA Flow 1.x's demo: the FxCompile items of DemoApp (its custom emitter and lighting
    # compute shaders) and of the D3D11 and D3D12 apps (the same mesh and ImGui shaders, counted
    # once); FXC shader model 5.0, entry points named after their files, `-HV 2018`; the
    # solution (NvFlowDemoApp.sln) is at the repository's root, `$(SolutionDir)\\include`.
    found = set()
    for project in ('DemoApp/DemoApp.vcxproj', 'DemoAppD3D11/DemoAppD3D11.vcxproj', 'DemoAppD3D12/DemoAppD3D12.vcxproj'):
        if os.path.exists(os.path.join(base, project)):
            found.update((p, t, e, tuple(x)) for p, t, e, x in msbuild_fxcompile(os.path.join(base, project), ['Release|x64'], solution=os.path.dirname(base)))
    for path, profile, entry, extra in sorted(found):
        yield path, profile, entry, list(extra)


def omm_samples(root):
    base = os.path.join(root, 'NVIDIAGameWorks+Opacity-MicroMap-Samples')
    nis = os.path.join(root, 'NVIDIAGameWorks+NVIDIAImageScaling')
    if not (os.path.isdir(os.path.join(base, 'External/NRD/External/MathLib')) and os.path.isdir(nis)):
        return
    # CMakeLists.txt's ShaderMake over Shaders.cfg, its SPIR-V build: `--hlsl2021 --WX -D VULKAN`,
    # ShaderMake's default shader model 6_5 and SPIR-V defaults, the register shifts (s 100,
    # t 200, b 300, u 400), Vulkan 1.2, `-D COMPILER_DXC`, NRD_NORMAL_ENCODING=2 and
    # NRD_ROUGHNESS_ENCODING=1; includes `Shaders`, `External`, `External/NGX` and
    # `External/NRD/External`, with the submodules at the commits it pins (NRD fdb08f1 with
    # MathLib 92218d6, NRIFramework 12f03bd with NRI fefff10, Opacity-MicroMap-SDK 65b7eb4).
    # The NGX (DLSS) submodule is not available here: its copy of NIS, which UpsampleNis
    # includes as `NVIDIAImageScaling/NIS/NIS_Scaler.h`, comes from NVIDIAImageScaling's.
    ngx = os.path.join(GENERATED, 'omm-samples-ngx')
    os.makedirs(ngx, exist_ok=True)
    if not os.path.lexists(os.path.join(ngx, 'NVIDIAImageScaling')):
        os.symlink(nis, os.path.join(ngx, 'NVIDIAImageScaling'))
    shaders = os.path.join(base, 'Shaders')
    extra = ['-I', shaders, '-I', os.path.join(base, 'External'), '-I', ngx, '-I', os.path.join(base, 'External/NRD/External'),
             '-D', 'COMPILER_DXC', '-D', 'NRD_NORMAL_ENCODING=2', '-D', 'NRD_ROUGHNESS_ENCODING=1', '-D', 'VULKAN',
             '-HV', '2021', '-WX', '-fspv-target-env=vulkan1.2'] + SHADERMAKE_SPIRV
    for reg, shift in (('s', 100), ('t', 200), ('b', 300), ('u', 400)):
        extra += [f'-fvk-{reg}-shift', str(shift), 'all']
    for path, stage, entry, defines in shadermake_config(os.path.join(base, 'Shaders.cfg')):
        yield os.path.join(shaders, path), f'{stage}_6_5', entry, extra + [a for d in defines for a in ('-D', d)]


EZ_SECTIONS = ('PLATFORMS', 'PERMUTATIONS', 'MATERIALPARAMETER', 'MATERIALCONFIG', 'RENDERSTATE', 'SHADER',
               'VERTEXSHADER', 'HULLSHADER', 'DOMAINSHADER', 'GEOMETRYSHADER', 'PIXELSHADER', 'COMPUTESHADER', 'TEMPLATE_VARS')
EZ_STAGES = (('VERTEXSHADER', 'vs', 'VERTEX_SHADER'), ('HULLSHADER', 'hs', 'HULL_SHADER'), ('DOMAINSHADER', 'ds', 'DOMAIN_SHADER'),
             ('GEOMETRYSHADER', 'gs', 'GEOMETRY_SHADER'), ('PIXELSHADER', 'ps', 'PIXEL_SHADER'), ('COMPUTESHADER', 'cs', 'COMPUTE_SHADER'))


def ez_sections(text):
    """An `.ezShader`'s sections as ezTextSectionizer cuts them: each `[NAME]`'s first occurrence
    (any case) up to the next section's start; name → (content, line of the header)."""
    starts = {}
    for name in EZ_SECTIONS:
        at = text.lower().find(f'[{name.lower()}]')
        if at >= 0:
            starts[name] = at
    out = {}
    for name, at in starts.items():
        begin = at + len(name) + 2
        end = min([s for s in starts.values() if s > at] + [len(text)])
        out[name] = (text[begin:end], text.count('\n', 0, at) + 1)
    return out


def ez_permutation_vars(base):
    """Every `.ezPermVar` of the checkout: name → (values, value → integer); a `bool` variable's
    values are FALSE and TRUE, an enum's its enumerators (numbered as in C)."""
    out = {}
    for d, _, files in os.walk(os.path.join(base, 'Data')):
        for f in files:
            if not f.endswith('.ezPermVar'):
                continue
            text = re.sub(r'/\*.*?\*/', '', source_without_line_comments(os.path.join(d, f)), flags=re.S)
            name = f[:-len('.ezPermVar')]
            enum = re.search(r'\benum\s+\w+\s*\{(.*?)\}', text, re.S)
            if not enum:
                out[name] = (['FALSE', 'TRUE'], {})
                continue
            values, numbers, n = [], {}, 0
            for item in filter(None, (i.strip() for i in enum.group(1).split(','))):
                m = re.match(r'(\w+)\s*(?:=\s*(-?\d+))?', item)
                n = int(m.group(2)) if m.group(2) else n
                values.append(m.group(1))
                numbers[m.group(1)] = n
                n += 1
            out[name] = (values, numbers)
    return out


def ez_preprocessed(path, profile, extra):
    """The text hlslc's preprocessor makes of `path` with `extra`'s flags (None when it fails)."""
    out = os.path.join(GENERATED, 'ez-preprocessed.i')
    if os.path.exists(out):
        os.remove(out)
    r = subprocess.run([HLSLC, '-P', '-T', profile, '-Fi', out, path] + extra, capture_output=True, text=True)
    return open(out, errors='replace').read() if r.returncode == 0 and os.path.exists(out) else None


EZ_RESOURCE_CLASSES = dict([(t, 'b') for t in ('cbuffer', 'ConstantBuffer')] + [(t, 's') for t in ('SamplerState', 'SamplerComparisonState')]
                           + [(t, 't') for t in ('Texture1D', 'Texture1DArray', 'Texture2D', 'Texture2DArray', 'Texture2DMS', 'Texture2DMSArray',
                                                 'Texture3D', 'TextureCube', 'TextureCubeArray', 'Buffer', 'StructuredBuffer', 'ByteAddressBuffer')]
                           + [(t, 'u') for t in ('RWTexture1D', 'RWTexture1DArray', 'RWTexture2D', 'RWTexture2DArray', 'RWTexture3D', 'RWBuffer',
                                                 'RWStructuredBuffer', 'RWByteAddressBuffer', 'AppendStructuredBuffer', 'ConsumeStructuredBuffer')])
EZ_TOKEN = re.compile(r'\s+|#[^\n]*|//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\])*"|\w+|.', re.S)


def ez_resources(text):
    """ezShaderParser::ParseShaderResources over a preprocessed stage: each `Type[<T>] Name[[N]]
    [: register(slot[, space])]` followed by `;` or `{` whose type is a resource's; (name, class
    letter, texture or not, slot or None for `AUTO`/none, set or None, start, end of the text it
    replaces)."""
    tokens = [(m.group(0), m.start(), m.end()) for m in EZ_TOKEN.finditer(text) if not re.match(r'\s|#|//|/\*', m.group(0))]
    tokens.append(('', len(text), len(text)))
    ident = lambda i: re.match(r'[A-Za-z_]\w*$', tokens[i][0]) is not None
    is_ = lambda i, *words: i + len(words) <= len(tokens) and all(tokens[i + k][0] == w or (w == 'ID' and ident(i + k)) or (w == 'INT' and tokens[i + k][0].isdigit()) for k, w in enumerate(words))
    out, i = [], 0
    while i < len(tokens) - 1:
        kind = tokens[i][0]
        if kind not in EZ_RESOURCE_CLASSES:
            i += 1
            continue
        j = i + 1
        if is_(j, '<', 'ID', '>'):
            j += 3
        if not ident(j):
            i = j + 1
            continue
        name, end = tokens[j][0], j
        j += 1
        if is_(j, '[', 'INT', ']'):
            end, j = j + 2, j + 3
        elif is_(j, '[', ']'):
            end, j = j + 1, j + 2
        slot = space = None
        if is_(j, ':', 'register', '(', 'ID', ')') or is_(j, ':', 'register', '(', 'ID', ',', 'ID', ')'):
            slot = tokens[j + 3][0].strip('tsubx')
            slot = None if slot == 'AUTO' else int(slot)
            if tokens[j + 4][0] == ',':
                space = int(tokens[j + 5][0][len('space'):])
                end, j = j + 6, j + 7
            else:
                end, j = j + 4, j + 5
        if tokens[j][0] not in (';', '{'):
            i = j + 1
            continue
        out.append((name, EZ_RESOURCE_CLASSES[kind], kind.startswith('Texture'), slot, space, tokens[i][1], tokens[end][2]))
        i = j + 1
    return out


def ez_bind(stages):
    """ezEngine's ShaderCompilerDXC over one permutation's preprocessed stages (in stage order):
    the resources merged across stages; a sampler `X_AutoSampler` with a texture `X` in the same
    set and slot combined with it; every resource without a slot given the next free slot of its
    set in order of first appearance, the combined sampler its texture's; each declaration
    rewritten as `[[vk::combinedImageSampler]]` (combined) `DECL : register(<class><slot>,
    space<set>)`. The rewritten stages."""
    found = [ez_resources(text) for text in stages]
    binding, order = {}, {}
    for resources in found:
        for name, cls, texture, slot, space, _, _ in resources:
            if name not in binding:
                binding[name] = [cls, texture, slot, space or 0, False]
                order.setdefault(space or 0, []).append(name)
    for name, b in binding.items():
        texture = binding.get(name[:-len('_AutoSampler')]) if name.endswith('_AutoSampler') else None
        if b[0] == 's' and texture and texture[1] and (texture[2], texture[3]) == (b[2], b[3]):
            b[4] = texture[4] = True
            order[b[3]].remove(name)
    for space, names in order.items():
        used = {b[2] for b in binding.values() if b[3] == space and b[2] is not None}
        slot = 0
        for name in names:
            if binding[name][2] is None:
                while slot in used:
                    slot += 1
                binding[name][2] = slot
                used.add(slot)
    for name, b in binding.items():
        if b[4] and b[0] == 's':
            b[2] = binding[name[:-len('_AutoSampler')]][2]
    out = []
    for text, resources in zip(stages, found):
        pieces, at = [], 0
        for name, cls, texture, slot, space, start, end in resources:
            decl = re.sub(r'\s*:\s*register\s*\(.*', '', text[start:end], flags=re.S)
            cls, _, slot, space, combined = binding[name]
            pieces += [text[at:start], f'{"[[vk::combinedImageSampler]] " if combined else ""}{decl} : register({cls}{slot}, space{space})']
            at = end
        out.append(''.join(pieces) + text[at:])
    return out


def ez_engine(root):
    base = os.path.join(root, 'ezEngine+ezEngine')
    if not os.path.isdir(os.path.join(base, 'Data/Base/Shaders')):
        return
    # ezEngine's shader compiler (RendererCore/ShaderCompiler, ShaderCompilerDXC) for the VULKAN
    # platform, as its ShaderCompiler tool builds a shader's permutations: each stage section
    # of an `.ezShader` ([SHADER] prepended, `#line`s as its sectionizer writes them)
    # preprocessed with the stage's define (VERTEX_SHADER …), TRUE 1, FALSE 0, the platform
    # (VULKAN), every enumerator of an enum permutation variable with its value and the
    # variable set to one of them (a bool variable to TRUE or FALSE); a stage whose
    # preprocessed source does not contain `main` is not compiled. Its resource declarations
    # are then rewritten with the registers ezEngine assigns (`ez_bind`), and that text is
    # compiled: DXC `xs_6_0`, `main`, `-spirv -fvk-use-dx-position-w -fspv-target-env=vulkan1.1`;
    # permutations whose stage text is the same are compiled once, as ezEngine does (it hashes
    # that source). Rather than all permutations (DefaultMaterial alone has 41 472), each
    # shader's defaults (FALSE, the first enumerator; fixed `VAR = VALUE`s as written) and
    # each variable's other values with the rest at their defaults.
    perm_vars = ez_permutation_vars(base)
    out_dir = os.path.join(GENERATED, 'ezEngine')
    os.makedirs(out_dir, exist_ok=True)
    for d, _, files in os.walk(os.path.join(base, 'Data')):
        for f in sorted(files):
            if not f.endswith('.ezShader'):
                continue
            path = os.path.join(d, f)
            text = open(path, errors='replace').read()
            sections = ez_sections(text)
            platforms = sections.get('PLATFORMS', ('', 0))[0].upper()
            if re.search(r'!\s*VULKAN\b', platforms) or not re.search(r'\b(VULKAN|ALL)\b', platforms):
                continue
            variables, fixed = [], {}
            perm_text = re.sub(r'/\*.*?\*/|//[^\n]*', '', sections.get('PERMUTATIONS', ('', 0))[0], flags=re.S)
            for m in re.finditer(r'(\w+)(?:\s*=\s*(\w+))?', perm_text):
                if m.group(2):
                    fixed[m.group(1)] = m.group(2)
                elif m.group(1) in perm_vars and m.group(1) not in variables:
                    variables.append(m.group(1))
            def defines(choice):
                out = ['-D', 'TRUE=1', '-D', 'FALSE=0', '-D', 'VULKAN']
                for name, value in list(choice.items()) + list(fixed.items()):
                    values, numbers = perm_vars.get(name, (['FALSE', 'TRUE'], {}))
                    if value.upper() in ('TRUE', 'FALSE'):
                        out += ['-D', f'{name}={value.upper()}']
                        continue
                    out += [a for v in values if v in numbers for a in ('-D', f'{v}={numbers[v]}')]
                    out += ['-D', f'{name}={value if value.startswith(name) else name + "_" + value}']
                return out
            default = {v: perm_vars[v][0][0] for v in variables if v not in fixed}
            choices = [default] + [dict(default, **{v: value}) for v in default for value in perm_vars[v][0][1:]]
            common, common_line = sections.get('SHADER', ('', 0))
            rel = os.path.relpath(path, base)
            data_dir = os.path.join(base, *rel.split('/')[:3]) if rel.split('/')[1] in ('Samples', 'UnitTests') else os.path.join(base, 'Data/Base')
            includes = ['-I', d, '-I', data_dir, '-I', os.path.join(base, 'Data/Base'), '-I', os.path.join(base, 'Data/Plugins')]
            stages = []
            for section, stage, stage_define in EZ_STAGES:
                if sections.get(section, ('', 0))[0].strip():
                    source, line = sections[section]
                    generated = os.path.join(out_dir, f'{rel.replace("/", "+").replace(" ", "_")}.{stage}.hlsl')
                    with open(generated, 'w') as w:
                        if common.strip():
                            w.write(f'#line {common_line}\n{common}')
                        w.write(f'#line {line}\n{source}')
                    stages.append((generated, stage, stage_define))
            seen = set()
            for choice in choices:
                texts, compiled = [], []
                for generated, stage, stage_define in stages:
                    extra = includes + ['-D', stage_define] + defines(choice)
                    text = ez_preprocessed(generated, f'{stage}_6_0', extra)
                    if text is None:
                        # ezEngine's preprocessor fails here too: the failure is hlslc's to show.
                        yield generated, f'{stage}_6_0', 'main', extra + EZ_DXC_FLAGS
                    elif 'main' in text:
                        texts.append(text)
                        compiled.append(generated[:-len('.hlsl')])
                for stem, text in zip(compiled, ez_bind(texts)):
                    stage = stem.rsplit('.', 1)[1]
                    if (stage, text) in seen:
                        continue
                    seen.add((stage, text))
                    program = f'{stem}.{len(seen)}.hlsl'
                    with open(program, 'w') as w:
                        w.write(text)
                    yield program, f'{stage}_6_0', 'main', EZ_DXC_FLAGS


EZ_DXC_FLAGS = ['-fvk-use-dx-position-w', '-fspv-target-env=vulkan1.1']


TINT_STAGES = {'compute': 'cs', 'vertex': 'vs', 'fragment': 'ps', 'GLCompute': 'cs', 'Vertex': 'vs', 'Fragment': 'ps'}


def tint_entry_points(source):
    """A Tint test input's entry points, name → profile prefix: a WGSL function with
    `@compute`/`@vertex`/`@fragment` among the attributes before its `fn`, or a SPIR-V
    `OpEntryPoint`."""
    text = source_without_line_comments(source) if source.endswith('.wgsl') else open(source, errors='replace').read()
    if source.endswith('.spvasm'):
        return {m.group(2): TINT_STAGES[m.group(1)] for m in re.finditer(r'OpEntryPoint\s+(GLCompute|Vertex|Fragment)\s+%\w+\s+"(\w+)"', text)}
    return {m.group(2): TINT_STAGES[m.group(1)] for m in re.finditer(r'@(compute|vertex|fragment)\b(?:\s*@\w+(?:\s*\([^)]*\))?)*\s*fn\s+(\w+)', text)}


def dawn_tint(root):
    base = os.path.join(root, 'google+dawn/test/tint')
    if not os.path.isdir(base):
        return
    # Tint's end-to-end tests: the HLSL Tint writes for DXC (`X.wgsl.expected.dxc.hlsl`, also
    # for `.spvasm` inputs), compiled as Tint's `--validate` compiles it (its
    # hlsl/validate/validate.cc): one program per entry point (an expectation for an input with
    # several holds one after each `//\n// NAME\n//` header), `-T xs_6_0` or the shader model
    # the test's `flags:` (or `[hlsl-dxc] flags:`) line gives `--hlsl-shader-model`, `-E NAME
    # -HV 2021 -Zpr -Gis`, and `-enable-16bit-types` where the program uses `float16_t` (Tint:
    # where the module has an f16 type). Expectations that begin `SKIP:` (Tint or DXC failed)
    # are not attempted, nor the shader model 6.10 ones that include `<dx/linalg.h>` (the
    # linear-algebra header of DXC's preview releases, for Tint's subgroup matrices), which
    # hlslc does not have. A sample: every test outside `builtins/`, and one in eight of the
    # 8 947 there (mostly `builtins/gen/`'s per-overload tests), in sorted order.
    out_dir = os.path.join(GENERATED, 'dawn')
    os.makedirs(out_dir, exist_ok=True)
    expectations = sorted(os.path.join(d, f) for d, _, files in os.walk(base) for f in files if f.endswith('.expected.dxc.hlsl'))
    builtins = [p for p in expectations if os.path.relpath(p, base).startswith('builtins/')]
    sample = set(builtins[::8]) | {p for p in expectations if not os.path.relpath(p, base).startswith('builtins/')}
    for path in expectations:
        if path not in sample:
            continue
        source = path[:-len('.expected.dxc.hlsl')]
        text = open(path, errors='replace').read()
        if text.startswith('SKIP') or not os.path.exists(source) or '#include <dx/linalg.h>' in text:
            continue
        # The warnings Tint printed, which its test runner keeps before the HLSL: each a
        # paragraph starting `<dawn>/…`.
        warned = text.startswith('<dawn>')
        while text.startswith('<dawn>'):
            text = text.split('\n\n', 1)[1] if '\n\n' in text else ''
        model = '6_0'
        for line in open(source, errors='replace'):
            m = re.match(r'\s*(?://|;)\s*(?:\[hlsl-dxc\]\s*)?flags:.*--hlsl-shader-model\s+(\d)\.?(\d+)', line)
            if m:
                model = f'{m.group(1)}_{m.group(2)}'
        entries = tint_entry_points(source)
        parts = re.split(r'^//\n// (\w+)\n//\n', text, flags=re.M)
        programs = list(zip(parts[1::2], parts[2::2])) if len(parts) > 1 else [(next(iter(entries)) if len(entries) == 1 else None, text)]
        for entry, program in programs:
            if entry not in entries:
                continue
            entry_name = entry
            if not re.search(r'\b' + entry + r'\s*\(', program):
                # Renamed by Tint (`--rename-all`, or a name HLSL cannot spell): the entry
                # point is the last function it writes.
                entry_name = ([m.group(1) for m in re.finditer(r'^[A-Za-z_][\w<>, ]*\s+(\w+)\s*\([^;]*?\)\s*\{', program, re.M)] or [entry])[-1]
            file = path
            if len(programs) > 1 or warned:
                file = os.path.join(out_dir, f'{os.path.relpath(source, base).replace("/", "+")}.{entry}.hlsl')
                with open(file, 'w') as w:
                    w.write(program)
            flags = ['-HV', '2021', '-Zpr', '-Gis'] + (['-enable-16bit-types'] if 'float16_t' in program else [])
            yield file, f'{entries[entry]}_{model}', entry_name, flags

def gpu_particles11(root):
    shaders = os.path.join(root, 'GPUOpen-LibrariesAndSDKs+GPUParticles11/gpuparticles11/src/Shaders')
    if not os.path.isdir(shaders):
        return
    # AMD's GPUParticles11 (D3D11): the AMD_SDK ShaderCache's FXC compiles that
    # GPUParticleSystem.cpp and GPUParticles11.cpp add (`/D NAME=value`, the flags tested only
    # with `#ifdef`), over their loops: streaks and geometry-shader billboards, the three
    # lighting qualities, max-Z and frustum culling, coarse culling at 4x2, 8x8 and 16x8 tiles;
    # SortLib.cpp's D3DCompileFromFile calls (SORT_SIZE 512); the Sprite and Line shaders of its
    # AMD_SDK; FXC shader model 5.0 (AMD_SDK's 4.0), `-HV 2018`.
    flags = ['-HV', '2018']
    d = lambda *names: [a for n in names for a in ('-D', n if '=' in n else n + '=1')]
    jobs = [('InitDeadList.hlsl', 'cs', 'CS_InitDeadList', []), ('ParticleEmit.hlsl', 'cs', 'CS_Emit', []),
            ('ParticleSimulation.hlsl', 'cs', 'CS_Reset', []), ('TiledRendering.hlsl', 'cs', 'Overdraw', []),
            ('ParticleRenderQuad.hlsl', 'vs', 'QuadVS', []), ('ParticleRenderQuad.hlsl', 'ps', 'QuadPS', []),
            ('Terrain.hlsl', 'vs', 'TerrainVS', []), ('Terrain.hlsl', 'ps', 'TerrainPS', []),
            ('RenderScene.hlsl', 'vs', 'VS_RenderScene', []), ('RenderScene.hlsl', 'ps', 'PS_RenderScene', []),
            ('RenderScene.hlsl', 'ps', 'PS_Sky', []), ('FullscreenQuad.hlsl', 'vs', 'FSQuadVS', []), ('FullscreenQuad.hlsl', 'ps', 'FSQuadPS', []),
            ('SortStepCS2.hlsl', 'cs', 'BitonicSortStep', []), ('SortInnerCS.hlsl', 'cs', 'BitonicInnerSort', d('SORT_SIZE=512')),
            ('SortCS.hlsl', 'cs', 'BitonicSortLDS', d('SORT_SIZE=512')), ('InitSortArgsCS.hlsl', 'cs', 'InitDispatchArgs', [])]
    for streaks in ([], ['STREAKS']):
        for gs in ([], ['USE_GEOMETRY_SHADER']):
            jobs.append(('ParticleRender.hlsl', 'vs', 'VS_StructuredBuffer', d(*streaks, *gs)))
        jobs.append(('ParticleRender.hlsl', 'gs', 'GS', d(*streaks, 'USE_GEOMETRY_SHADER')))
        for quality in ([], ['CHEAP'], ['NOLIGHTING']):
            jobs.append(('ParticleRender.hlsl', 'ps', 'PS_Billboard', d(*streaks, *quality)))
            jobs.append(('TiledRendering.hlsl', 'cs', 'FrontToBack', d(*quality, *streaks)))
    for gs in ([], ['USE_GEOMETRY_SHADER']):
        jobs.append(('ParticleSimulation.hlsl', 'cs', 'CS_Simulate', d(*gs)))
    coarse = [(4, 2), (8, 8), (16, 8)]
    tiles = lambda x, y: [f'NUM_COARSE_CULLING_TILES_X={x}', f'NUM_COARSE_CULLING_TILES_Y={y}', f'NUM_COARSE_TILES={x * y}']
    for maxz in ([], ['CULLMAXZ']):
        for frustum in ([], ['USE_VIEW_FRUSTUM_PLANES']):
            for coarse_culling in ([], ['COARSE_CULLING_ENABLED'] + tiles(*coarse[0])):
                jobs.append(('CullingCS.hlsl', 'cs', 'Culling', d(*maxz, *frustum, *coarse_culling)))
    for x, y in coarse:
        jobs.append(('CoarseCullingCS.hlsl', 'cs', 'CoarseCulling', d(*tiles(x, y))))
    for file, stage, entry, defines in jobs:
        yield os.path.join(shaders, file), f'{stage}_5_0', entry, flags + defines
    sdk = os.path.join(shaders, '../../../amd_sdk/src')
    for m in re.finditer(r'AMD::CompileShaderFromFile\(\s*L"[^"]*\\\\(\w+\.hlsl)"\s*,\s*"(\w+)"\s*,\s*"(\w+)"', source_without_line_comments(os.path.join(sdk, 'Sprite.cpp')) + source_without_line_comments(os.path.join(sdk, 'LineRender.cpp'))):
        yield os.path.normpath(os.path.join(sdk, 'Shaders', m.group(1))), m.group(3), m.group(2), flags

def ogre_programs(root):
    base = os.path.join(root, 'OGRECave+ogre')
    if not os.path.isdir(os.path.join(base, 'Samples/Media')):
        return
    # OGRE 14's sample media: each `…_program NAME hlsl { … }` of a `.program` or `.material`
    # script, as the Direct3D 11 render system compiles it (OgreD3D11HLSLProgram.cpp): the
    # first profile of its `target` list (every one is supported at feature level 11), taken
    # only when it is of shader model 4 or later (`xs_4_0_level_9_x` as `xs_4_0`; without
    # `enable_backwards_compatibility` a shader-model-2/3 profile is not given to D3DCompile for
    # Direct3D 11), its `entry_point` (`main`), `-Zpr` unless `column_major_matrices` (default
    # true), OGRE's built-in defines (`OGRE_HLSL=4`, `OGRE_NATIVE_GLSL_VERSION_DIRECTIVE=`,
    # `OGRE_VERTEX_SHADER` …) and its `preprocessor_defines`; includes are found by name in
    # any resource location (every media directory); FXC as `-HV 2018`.
    kinds = {'vertex': 'VERTEX', 'fragment': 'FRAGMENT', 'geometry': 'GEOMETRY', 'tessellation_hull': 'HULL',
             'tessellation_domain': 'DOMAIN', 'compute': 'COMPUTE'}
    media = [os.path.join(base, d) for d in ('Samples/Media', 'Media', 'Tests/Media')]
    by_name, dirs = {}, set()
    for top in media:
        for d, _, files in os.walk(top):
            for f in files:
                by_name.setdefault(f, os.path.join(d, f))
                if f.endswith(('.hlsl', '.cg', '.h', '.hlsli', '.glsl')):
                    dirs.add(d)
    includes = [a for d in sorted(dirs) for a in ('-I', d)]
    found = set()
    for top in media:
        for d, _, files in os.walk(top):
            for f in sorted(files):
                if not f.endswith(('.program', '.material')):
                    continue
                text = source_without_line_comments(os.path.join(d, f))
                for m in re.finditer(r'\b(vertex|fragment|geometry|tessellation_hull|tessellation_domain|compute)_program\s+\S+\s+hlsl\s*\{', text):
                    end, depth = m.end(), 1
                    while depth and end < len(text):
                        depth += {'{': 1, '}': -1}.get(text[end], 0)
                        end += 1
                    body = text[m.end():end]
                    field = lambda name: (re.search(r'^\s*' + name + r'\s+([^\n]*?)\s*$', body, re.M) or [None, None])[1]
                    source, target = field('source'), field('target')
                    if not source or not target or source not in by_name:
                        continue
                    profile = re.sub(r'_level_9_\d$', '', target.split()[0])
                    if not re.match(r'(vs|ps|gs|hs|ds|cs)_[45]_[01]$', profile):
                        continue
                    defines = ['OGRE_HLSL=4', 'OGRE_NATIVE_GLSL_VERSION_DIRECTIVE=', f'OGRE_{kinds[m.group(1)]}_SHADER=1']
                    for item in re.split(r'[;,]', field('preprocessor_defines') or ''):
                        if item.strip():
                            defines.append(item.strip() if '=' in item else item.strip() + '=1')
                    flags = ['-HV', '2018'] + (['-Zpr'] if (field('column_major_matrices') or 'true') in ('false', 'no') else [])
                    flags += [a for x in defines for a in ('-D', x)]
                    found.add((by_name[source], profile, field('entry_point') or 'main', tuple(flags)))
    for path, profile, entry, flags in sorted(found):
        yield path, profile, entry, list(flags) + includes

def text_with_includes(path, seen=None):
    """The text of `path` and of the files its `#include "…"`s name beside it, recursively."""
    seen = seen if seen is not None else set()
    if path in seen or not os.path.exists(path):
        return ''
    seen.add(path)
    text = open(path, errors='replace').read()
    return text + ''.join(text_with_includes(os.path.normpath(os.path.join(os.path.dirname(path), name)), seen)
                          for name in re.findall(r'#\s*include\s*"([^"]+)"', text))


def dx_samples_projects(root):
    base = os.path.join(root, 'microsoft+DirectX-Graphics-Samples')
    if not os.path.isdir(base):
        return
    # The `FxCompile` items of DirectX-Graphics-Samples' Visual Studio projects (Release|x64,
    # else Release|Win32, each item's `AdditionalOptions` read as DXC's) that the row above
    # does not compile — it takes every `.hlsl` with `main`, `VSMain` … by its name: the D3D12
    # Raytracing Fallback Layer's builders and tests, the ray-tracing samples' `lib_6_x`
    # libraries, MiniEngine shaders whose `main` is in an included file. MiniEngine's projects
    # take their defaults from its Build.props and Desktop.props (ShaderType Compute, shader
    # model 6.2, `_GAMING_DESKTOP=1`, `-HV 2021`), the Fallback Layer's from VS15.props
    # (Compute, 5.0). Item names with wildcards are expanded as MSBuild does. Left out: the
    # Fallback Layer's `lib_6_1` libraries without a `[shader(…)]` entry point
    # (TraverseShaderLib, StateMachineLib …), whose exported functions the layer links into
    # DXIL state objects at run time: a Vulkan or WebGPU module holds entry points (hlslc
    # writes a module declaring only `Linkage`, which spirv-val rejects for Vulkan).
    import glob
    covered = {(p, e) for p, _, e, _ in dx_samples(root)}
    mini = {'ShaderType': 'Compute', 'ShaderModel': '6.2', 'PreprocessorDefinitions': '_GAMING_DESKTOP=1', 'AdditionalOptions': '-HV 2021'}
    fallback = {'ShaderType': 'Compute', 'ShaderModel': '5.0'}
    found = set()
    for d, _, files in os.walk(base):
        for f in sorted(files):
            if not f.endswith('.vcxproj'):
                continue
            project = os.path.join(d, f)
            rel = os.path.relpath(project, base)
            sheet = mini if ('MiniEngine' in rel or os.path.exists(os.path.join(d, 'Desktop.props'))) else fallback if 'D3D12RaytracingFallback' in rel else None
            for path, profile, entry, extra in msbuild_fxcompile(project, ['Release|x64', 'Release|Win32'], options=True, sheet=sheet):
                for one in sorted(glob.glob(path)) if '*' in path else [path]:
                    if not (one.endswith('.hlsl') and os.path.exists(one)) or (one, entry) in covered:
                        continue
                    if profile.startswith('lib') and not re.search(r'\[\s*shader\s*\(', text_with_includes(one)):
                        continue  # only exported functions: the Fallback Layer links them as DXIL at run time
                    found.add((one, profile, entry, tuple(extra)))
    for path, profile, entry, extra in sorted(found):
        yield path, profile, entry, list(extra)

COLLECTIONS = {'SaschaWillems/Vulkan': sascha, 'KhronosGroup/Vulkan-Samples': khronos, 'DirectX-Graphics-Samples': dx_samples, 'WickedEngine': wicked, 'kajiya': kajiya, 'FidelityFX-SDK': fidelityfx_sdk, 'FidelityFX-FSR2': fidelityfx_fsr2, 'Diligent': diligent, 'donut': donut, 'DXRPathTracer': mjp, 'DeferredTexturing': mjp_deferred, 'RTXDI': rtxdi, 'FidelityFX-CACAO': cacao, 'FidelityFX-SSSR': sssr, 'Xbox-ATG-Samples': xbox_atg, 'XeGTAO': xegtao, 'LearningDirectX12': learning_dx12, 'NRD': nrd, 'DirectXTex': directxtex, 'FidelityFX-SPD': spd, 'CMAA2': cmaa2, 'NRISamples': nri_samples, 'RTXPT': rtxpt, 'RTXGI': rtxgi, 'OMM': omm, 'MJP Shadows': mjp_shadows, 'BakingLab': mjp_bakinglab, 'MSAAFilter': mjp_msaafilter,
               'SpecularAA': mjp_specularaa, 'LowResRendering': mjp_lowres,
               'DXLatest': dxlatest, 'SHforHLSL': shforhlsl,
               'FidelityFX-FSR': fsr1, 'FidelityFX-ParallelSort': parallel_sort, 'FidelityFX-LPM': lpm, 'Hybrid-Shadows': hybrid_shadows,
               'Capsaicin': capsaicin, 'Hybrid-Stochastic-Reflections': hybrid_reflections,
               'FlaxEngine': flax, 'LumixEngine': lumix, 'Urho3D': urho3d, 'TressFX': tressfx, 'DirectStorage': directstorage,
               'DirectStorageSample': directstorage_sample, 'vk_mini_samples': vk_mini_samples, 'gfx': gfx_examples,
               'd3d12book': d3d12book, 'directx-sdk-samples': dx_sdk_samples, 'DirectXTK': directxtk, 'DirectXTK12': directxtk12,
               'Windows-universal-samples': windows_universal_samples, 'HlslTools': hlsltools,
               'glslang HLSL tests': glslang_hlsl_tests, 'Xbox-GDK-Samples': xbox_gdk, 'Unity PostProcessing': unity_postprocessing, 'AOIT-Update': aoit, 'ASSAO': assao, 'VRS-DoF': vrs_dof, 'SamplerFeedbackStreaming': sampler_feedback_streaming, 'DynamicCheckerboardRendering': checkerboard, 'TextureSetNeuralCompressionSample': neural_texture_compression,
               'naga HLSL snapshots': naga_hlsl_snapshots, 'SPIRV-Cross HLSL references': spirv_cross_hlsl,
               'GeometryFX': geometryfx, 'ShadowFX': shadowfx, 'FidelityFX-CAS': cas, 'UnrealEngineSkyAtmosphere': sky_atmosphere,
               'RTXGI-DDGI': rtxgi_ddgi, 'NVIDIAImageScaling': image_scaling,
               'Nadrin PBR': nadrin_pbr, 'ToyPathTracer': toy_path_tracer,
               'FidelityFX-VariableShading': variable_shading, 'DirectML': directml,
               'Windows-classic-samples': windows_classic_samples,
               'Intel TAA': intel_taa, 'VALAR': valar, 'DeferredCoarsePixelShading': deferred_coarse_pixel_shading,
               'asteroids_d3d12': asteroids_d3d12, 'Multi-Adapter-Particles': multi_adapter_particles,
               'Cauldron': cauldron, 'GameTechDev samples': gametechdev_samples, 'OcclusionCulling': occlusion_culling, 'FaceWorks': faceworks,
               'donut_examples': donut_examples, 'KickstartRT': kickstart_rt, 'NRDSample': nrd_sample, 'NVIDIA Flow': nvidia_flow, 'Opacity-MicroMap-Samples': omm_samples,
               'ezEngine': ez_engine, 'Tint (dawn) DXC expectations': dawn_tint, 'GPUParticles11': gpu_particles11, 'OGRE sample media': ogre_programs, 'DirectX-Graphics-Samples projects': dx_samples_projects}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('root')
    ap.add_argument('--hlslc', default='target/release/hlslc')
    ap.add_argument('--target', default='spirv')
    ap.add_argument('--filter', default='')
    ap.add_argument('--only', default='', help='comma-separated collection names (COLLECTIONS keys) to compile, all by default')
    ap.add_argument('--validate', action='store_true')
    ap.add_argument('--failures', help='where to write the failures (default ROOT/failures.tsv)')
    a = ap.parse_args()
    global TARGET, HLSLC
    TARGET = a.target
    HLSLC = a.hlslc
    out = os.devnull
    if a.validate and a.target == 'spirv':
        out = os.path.join(scratch_dir('hlslc-corpus-'), 'out.spv')
    if a.validate and a.target == 'wgsl':
        if not naga_tool():
            sys.exit('--validate --target wgsl needs naga-cli (`cargo install naga-cli`, or $NAGA)')
        out = os.path.join(scratch_dir('hlslc-corpus-'), 'out.wgsl')
    check = spirv_val if a.target == 'spirv' else naga_val
    totals, errors, failures = collections.Counter(), collections.Counter(), []
    for name, gen in COLLECTIONS.items():
        if a.only and name not in a.only.split(','):
            continue
        for path, profile, entry, extra in sorted(gen(a.root)):
            if a.filter not in path:
                continue
            # WGSL has no geometry or tessellation stages (E0610 says so).
            if a.target == 'wgsl' and (profile[:2] in ('gs', 'hs', 'ds') or profile.startswith('lib')):
                continue
            cmd = [a.hlslc, '-T', profile, '-E', entry, '--target', a.target, '--color', 'never', path, '-o', out] + extra
            try:
                r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
                ok, text = r.returncode == 0, r.stderr
                if ok and out != os.devnull:
                    invalid = check(out)
                    ok, text = invalid is None, invalid or text
            except subprocess.TimeoutExpired:
                ok, text = False, 'timeout'
            totals[(name, ok)] += 1
            if not ok:
                first = next((l for l in text.splitlines() if l.startswith(('error', 'spirv-val'))), text.strip()[:200])
                errors[re.sub(r'`[^`]*`', '`…`', first)[:120]] += 1
                failures.append(f'{path}\t{profile}\t{entry}\t{first}')
    for name in COLLECTIONS:
        ok, bad = totals[(name, True)], totals[(name, False)]
        if ok + bad:
            print(f'{name}: {ok}/{ok + bad} compile ({100 * ok / (ok + bad):.1f} %)')
    for k, v in errors.most_common(40):
        print(f'  {v:4} {k}')
    with open(a.failures or os.path.join(a.root, 'failures.tsv'), 'w') as f:
        f.write('\n'.join(failures) + '\n')


if __name__ == '__main__':
    main()
