#!/usr/bin/env python3
"""Compile real-world HLSL collections with hlslc and report what fails, grouped by error.

Not part of `cargo test` (the collections are other projects' code, not vendored here).
Get them with git, side by side in one directory:

    git clone https://github.com/SaschaWillems/Vulkan                SaschaWillems+Vulkan
    git clone https://github.com/KhronosGroup/Vulkan-Samples         KhronosGroup+Vulkan-Samples
    git clone https://github.com/microsoft/DirectX-Graphics-Samples  microsoft+DirectX-Graphics-Samples
    git clone https://github.com/turanszkij/WickedEngine             turanszkij+WickedEngine
    git clone https://github.com/EmbarkStudios/kajiya                EmbarkStudios+kajiya

then `python3 tests/corpus/run.py ROOT [--hlslc target/release/hlslc] [--target spirv|wgsl]
[--filter SUBSTRING] [--validate]`. `--validate` runs naga's WGSL front end on every WGSL module hlslc writes (naga-cli:
`$NAGA`, else `naga` on PATH; wgpu loads WGSL through the same front end), and `spirv-val` on every SPIR-V module
hlslc writes (`$SPIRV_VAL`, else `.tools/spirv-tools/bin/spirv-val` from `.ci/spirv-tools`,
else the one on PATH; the Vulkan environment of the module's SPIR-V version) and counts a
module it rejects as a failure. Each collection is compiled the way its own build compiles it with
DXC (profile, entry point, include directories, defines, `-HV`), as read from its build
scripts (Sascha Willems' ray-tracing shaders as `lib_6_3` libraries, as its script compiles
them); shader stages hlslc does not compile for the target (geometry, tessellation and ray
tracing for WGSL) are not attempted. A missing collection is skipped. The failures are written to `ROOT/failures.tsv`.
"""
import argparse, collections, os, re, shutil, struct, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


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
    defs = []  # wiShaderCompiler.cpp's Vulkan descriptor-set defines
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


COLLECTIONS = {'SaschaWillems/Vulkan': sascha, 'KhronosGroup/Vulkan-Samples': khronos, 'DirectX-Graphics-Samples': dx_samples, 'WickedEngine': wicked, 'kajiya': kajiya}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('root')
    ap.add_argument('--hlslc', default='target/release/hlslc')
    ap.add_argument('--target', default='spirv')
    ap.add_argument('--filter', default='')
    ap.add_argument('--validate', action='store_true')
    a = ap.parse_args()
    out = os.devnull
    if a.validate and a.target == 'spirv':
        out = os.path.join(tempfile.mkdtemp(prefix='hlslc-corpus-'), 'out.spv')
    if a.validate and a.target == 'wgsl':
        if not naga_tool():
            sys.exit('--validate --target wgsl needs naga-cli (`cargo install naga-cli`, or $NAGA)')
        out = os.path.join(tempfile.mkdtemp(prefix='hlslc-corpus-'), 'out.wgsl')
    check = spirv_val if a.target == 'spirv' else naga_val
    totals, errors, failures = collections.Counter(), collections.Counter(), []
    for name, gen in COLLECTIONS.items():
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
    with open(os.path.join(a.root, 'failures.tsv'), 'w') as f:
        f.write('\n'.join(failures) + '\n')


if __name__ == '__main__':
    main()
