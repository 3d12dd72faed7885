#!/usr/bin/env python3
"""Compile glslang's HLSL front-end test suite with hlslc and classify what happens.

glslang's `Test/hlsl.*` files are small shaders written to exercise HLSL edge cases (and some
intentional errors). This script is a bug finder, not part of `cargo test`: the files are
glslang's, not vendored here. Get them with

    git clone --depth 1 https://github.com/KhronosGroup/glslang GLSLANG

then

    python3 tests/corpus/glslang_suite.py GLSLANG target/release/hlslc [--tsv FILE]
        [--target spirv|wgsl|both] [--filter SUBSTRING] [--jobs N] [--flag=-HV --flag=2018 …]

Every file listed in `gtests/Hlsl.FromFile.cpp` is compiled with the entry point that list
gives it and a profile chosen from its extension (.frag ps_6_0, .vert vs_6_0, .comp cs_6_0,
.geom gs_6_0, .tesc hs_6_0, .tese ds_6_0, .mesh ms_6_5, .task as_6_5); files of glslang's
DX9-compatibility list are compiled with `-Gec`; `--flag` adds an hlslc argument to every
compilation (other language versions, `-Zpr`, `-enable-16bit-types` find other bugs). Each module hlslc writes is validated:
SPIR-V with `spirv-val` (`$SPIRV_VAL`, else `spirv-val` on PATH) in the Vulkan environment of
the module's SPIR-V version, WGSL with naga-cli (`$NAGA`, else `naga` on PATH). glslang's
expected output `Test/baseResults/<file>.out` (or `baseLegalResults/`) tells whether the file
is an intentional error test (it holds `ERROR:` lines). Each file and target is classified:

    A  hlslc panicked, reported an internal error (E99xx), or wrote a module the validator rejects
    B  hlslc rejected a shader glslang accepts
    C  hlslc accepted a shader glslang rejects
    D  OK (compiled and valid, or rejected as glslang rejects it)

A is always an hlslc bug. B and C are leads to judge against DXC, not verdicts: glslang accepts
DX9-era syntax that DXC rejects, and WGSL cannot express some features. The counts are printed
per target and the non-OK cases are written to the TSV (file, target, class, gtest list, entry,
hlslc's first diagnostic line, and the triage verdict below when there is one).

`VERDICT` records how each B/C case was judged against DXC (its test suite under
tools/clang/test and docs/SPIR-V.rst), by hlslc's diagnostic code, with per-file exceptions.
"""
import argparse, collections, concurrent.futures, os, re, shutil, struct, subprocess, sys, tempfile

PROFILE = {'frag': 'ps_6_0', 'vert': 'vs_6_0', 'comp': 'cs_6_0', 'geom': 'gs_6_0',
           'tesc': 'hs_6_0', 'tese': 'ds_6_0', 'mesh': 'ms_6_5', 'task': 'as_6_5'}


# DXC's behaviour for hlslc's rejections, by diagnostic code (the B cases of the suite).
VERDICT = {
    'E0608': 'DXC rejects: the gtest list names an entry point the file does not define',
    'E0614': 'DXC rejects: every entry-point parameter and return value needs a semantic',
    'E0612': 'DXC rejects: a compute entry point needs [numthreads]',
    'E0666': 'DXC rejects: integer textures are sampled from SM 6.7 only, and never compared',
    'E0703': "DXC rejects: 'invalid register specification' (SemaHLSL/packreg.hlsl)",
    'E0214': 'DXC rejects: `layout(...)` is glslang syntax (DXC spells it [[vk::...]])',
    'E0613': 'DXC rejects: an input semantic used twice',
    'E0618': 'DXC rejects: implicit-LOD sampling outside pixel (and derivative-capable compute) shaders',
    'E0801': 'DXC rejects: the D3D9 tex* functions are not implemented (even with -Gec)',
    'E0412': 'DXC rejects at its default -HV 2021 (scalar-only logic and ?: conditions)',
    'E0402': 'DXC rejects: struct member arrays need a size',
    'E0403': 'DXC rejects (SPIR-V): typed buffer and texture elements must be scalars or vectors',
    'E0419': 'DXC rejects: structs have no constructor call syntax',
    'E0420': 'DXC rejects: too few elements in an initializer list',
    'E0421': 'DXC rejects: a vector cannot widen implicitly (float2 to int3)',
    'E0514': 'DXC rejects: Interlocked* need an integer destination',
    'E0301': 'DXC rejects: duplicate struct member',
    'E0683': 'DXC rejects (SPIR-V): a struct global mixing resources and data',
    'E0702': "DXC rejects: packoffset only on a constant buffer's members ('packoffset is only allowed in a constant buffer'), not on loose globals or struct fields",
    'E0605': "DXC rejects: a case label closing a switch body needs a statement (clang's 'label at end of compound statement')",
    'E0610': 'target limitation: the stage has no WGSL form (the message says so)',
    'E0803': 'target limitation: WGSL cannot express it (the message names the feature)',
}
# Exceptions and cases the code alone does not settle.
FILE_VERDICT = {
    'hlsl.flattenSubset.frag': 'DXC rejects: COLOR as a pixel shader output needs -Gec',
    'hlsl.flattenSubset2.frag': 'DXC rejects: COLOR as a pixel shader output needs -Gec',
    'hlsl.wavequery.frag': 'DXC rejects: COLOR as a pixel shader output needs -Gec',
    'hlsl.hull.2.tesc': 'DXC rejects: SV_Position is no patch-constant-function input outside an InputPatch',
    'hlsl.hull.3.tesc': 'DXC rejects: SV_Position is no patch-constant-function input outside an InputPatch',
    'hlsl.singleArgIntPromo.vert': 'DXC rejects: SV_Target is no vertex shader output',
    'hlsl.intrinsics.evalfns.frag': 'DXC rejects: EvaluateAttributeAtCentroid is not an intrinsic (DXC: EvaluateAttributeCentroid)',
    'hlsl.wavevote.comp': 'DXC rejects: WaveActiveAllEqualBool is not an intrinsic',
    'hlsl.preprocessor.frag': 'DXC rejects: a ## operand is not macro-expanded (C rule), so test_texture2_ss is undeclared',
    'hlsl.attribute.frag': 'glslang-only syntax: an empty attribute `[]`',
    'hlsl.string.frag': 'glslang-only syntax: an empty annotation `< ; >`',
    'hlsl.params.default.frag': 'glslang-only syntax: a brace list as a default argument',
    'hlsl.type.identifier.frag': 'glslang-only syntax: a type keyword as a variable name',
    'hlsl.overload.frag': 'DXC rejects: bool or int to float and to double (or float to int and to uint) are conversions of one rank, ambiguous as in clang (glslang ranks by FXC\'s "shorter chain")',
    'hlsl.cbuffer-identifier.vert': 'DXC rejects: ConstantBuffer is a type name (its copies of MiniEngine rename such cbuffers ConstantBuffer_x)',
    'hlsl.struct.frag': "DXC rejects: register(s0)/register(s3[5]) on numeric globals, 'invalid register specification, expected 'b', 'c', or 'i' binding' (SemaHLSL.cpp's register check; the [5] subcomponent itself parses)",
    'hlsl.buffer.frag': 'DXC rejects: packoffset overlap (m1 : packoffset(c7), a column-major float3x4, spans c7-c10 over f7 : packoffset(c8)); its packoffset(c) is c0 in DXC (ParseRegisterNumberForHLSL), as in hlslc',
    'hlsl.matpack-pragma.frag': 'DXC rejects: err_pragma_invalid_keyword for an argument other than row_major or column_major (ParsePragma.cpp)',
    'hlsl.hull.5.tesc': 'glslang limitation (its baseline: unimplemented PCF input patch); DXC accepts',
}


def verdict(name, diag):
    if name in FILE_VERDICT:
        return FILE_VERDICT[name]
    code = re.search(r'\[(E\d{4})\]', diag)
    return VERDICT.get(code.group(1), '') if code else ''


def listed_files(gtest_path):
    """(file, entry, list name) for every entry of the gtest lists, the first list for a file."""
    text = open(gtest_path, encoding='utf-8').read()
    out, seen = [], set()
    for block in re.finditer(r'INSTANTIATE_TEST_SUITE_P\(\s*\w+\s*,\s*(\w+)(.*?)FileNameAsCustomTestSuffix', text, re.S):
        suite = block.group(1)
        for m in re.finditer(r'\{\s*"([^"]+)"\s*,\s*"([^"]+)"\s*\}', block.group(2)):
            if m.group(1) not in seen:
                seen.add(m.group(1))
                out.append((m.group(1), m.group(2), suite))
    return out


def baseline_has_error(root, name):
    for d in ('baseResults', 'baseLegalResults'):
        p = os.path.join(root, 'Test', d, name + '.out')
        if os.path.exists(p):
            with open(p, encoding='utf-8', errors='replace') as f:
                return any(l.startswith('ERROR:') for l in f)
    return False


def spirv_val(path):
    with open(path, 'rb') as f:
        header = f.read(8)
    if len(header) < 8:
        return 'spirv-val: not a SPIR-V module'
    version = struct.unpack('<I', header[4:8])[0]
    env = {(1, 0): 'vulkan1.0', (1, 4): 'vulkan1.1spv1.4', (1, 5): 'vulkan1.2',
           (1, 6): 'vulkan1.3'}.get(((version >> 16) & 0xff, (version >> 8) & 0xff), 'vulkan1.1')
    r = subprocess.run([os.environ.get('SPIRV_VAL', 'spirv-val'), '--target-env', env, path],
                       capture_output=True, text=True)
    if r.returncode == 0:
        return None
    return 'spirv-val: ' + next((l for l in (r.stdout + r.stderr).splitlines() if l.strip()), 'rejected')


def naga_val(path):
    r = subprocess.run([os.environ.get('NAGA', 'naga'), path], capture_output=True, text=True)
    if r.returncode == 0:
        return None
    return 'naga: ' + ' '.join(l.strip() for l in (r.stdout + r.stderr).splitlines() if l.strip())[:300]


def first_diagnostic(stderr):
    lines = [l for l in stderr.splitlines() if l.strip()]
    return next((l for l in lines if l.startswith('error') or 'panicked' in l), lines[0] if lines else '')


def run_one(args, tmp, name, entry, suite, target):
    stage = name.rsplit('.', 1)[1]
    src = os.path.join(args.root, 'Test', name)
    out = os.path.join(tmp, f'{name}.{target}')
    cmd = [args.hlslc, '-T', PROFILE[stage], '-E', entry, '--target', target, '--color', 'never',
           '-Fo', out, src]
    if suite == 'HlslDX9CompatibleTest':
        cmd.insert(1, '--Gec')
    cmd[1:1] = args.flag
    expect_error = baseline_has_error(args.root, name)
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=60, cwd=os.path.dirname(src))
    except subprocess.TimeoutExpired:
        return 'A', 'timeout (60 s)'
    diag = first_diagnostic(r.stderr)
    if r.returncode != 0:
        if r.returncode < 0 or r.returncode > 2 or 'panicked' in r.stderr or re.search(r'\[E99\d\d\]', r.stderr):
            return 'A', diag or f'exit status {r.returncode}'
        return ('D', diag) if expect_error else ('B', diag)
    problem = spirv_val(out) if target == 'spirv' else naga_val(out)
    if problem:
        return 'A', problem
    if re.search(r'\[E99\d\d\]', r.stderr):
        return 'A', diag
    return ('C', 'accepted; glslang baseline has ERROR') if expect_error else ('D', '')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('root', help='glslang checkout (holds Test/ and gtests/)')
    ap.add_argument('hlslc', help='the hlslc binary')
    ap.add_argument('--tsv', default='glslang_suite.tsv', help='where the non-OK cases go')
    ap.add_argument('--target', default='both', choices=['spirv', 'wgsl', 'both'])
    ap.add_argument('--filter', default='', help='only files whose name contains this')
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--flag', action='append', default=[], help='an extra hlslc argument (repeatable)')
    args = ap.parse_args()
    args.hlslc = os.path.abspath(args.hlslc)
    for tool in (os.environ.get('SPIRV_VAL', 'spirv-val'), os.environ.get('NAGA', 'naga')):
        if not shutil.which(tool):
            sys.exit(f'{tool} not found (set SPIRV_VAL / NAGA)')
    cases = [c for c in listed_files(os.path.join(args.root, 'gtests', 'Hlsl.FromFile.cpp'))
             if args.filter in c[0] and c[0].rsplit('.', 1)[1] in PROFILE
             and os.path.exists(os.path.join(args.root, 'Test', c[0]))]
    targets = ['spirv', 'wgsl'] if args.target == 'both' else [args.target]
    work = [(c, t) for c in cases for t in targets]
    with tempfile.TemporaryDirectory() as tmp, concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda w: run_one(args, tmp, *w[0], w[1]), work))
    counts = collections.defaultdict(collections.Counter)
    compiled = collections.Counter(t for (_, t), (cls, diag) in zip(work, results) if cls == 'C' or (cls == 'D' and not diag))
    with open(args.tsv, 'w', encoding='utf-8') as f:
        f.write('file\ttarget\tclass\tlist\tentry\tdiagnostic\tverdict\n')
        for ((name, entry, suite), target), (cls, diag) in zip(work, results):
            counts[target][cls] += 1
            if cls != 'D':
                f.write(f'{name}\t{target}\t{cls}\t{suite}\t{entry}\t{diag}\t{verdict(name, diag) if cls in "BC" else ""}\n')
    print(f'{len(cases)} files listed in gtests/Hlsl.FromFile.cpp')
    for t in targets:
        c = counts[t]
        print(f'{t:6} A={c["A"]} B={c["B"]} C={c["C"]} D={c["D"]}  (compiled and valid: {compiled[t]})')
    print(f'non-OK cases written to {args.tsv}')


if __name__ == '__main__':
    main()
