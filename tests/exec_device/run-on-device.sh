#!/bin/bash
# Runs the execution tests on a machine without Rust, glslang or SPIRV-Tools (the H200 device
# machine; tests/exec_device/README.md has the results). Package a folder DIR here first:
#   cargo test --test exec --test wave_model --no-run   # note the two executables' paths
#   strip -o DIR/exec <exec binary>; strip -o DIR/wave_model <wave_model binary>; gzip -9 DIR/exec DIR/wave_model
#   mkdir DIR/bin DIR/wave DIR/device DIR/all; cp $(which spirv-val spirv-dis glslangValidator) DIR/bin/
#   cp tests/exec/*.hlsl DIR/all/; cp tests/exec_device/*.hlsl DIR/device/
#   cp $(grep -l -E "Wave|Quad|IsHelperLane|discard|clip\(|ddx|ddy" tests/exec/*.hlsl) DIR/wave/
#   cp tests/exec_device/run-on-device.sh DIR/run.sh
# with DIR two levels below the repository root (e.g. .devrun/wave), and the Vulkan loader debs
# in .gl/ at the root (the device machine's notes say how to fetch them).
# There: `bash DIR/run.sh`; logs go to $OUT (or /tmp/out).
D=$(cd "$(dirname "$0")" && pwd)
cd "$D"
for f in /work/.gl/*.deb ../../.gl/*.deb; do [ -f "$f" ] && dpkg -x "$f" /; done; ldconfig
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
export XDG_RUNTIME_DIR=/tmp WGPU_BACKEND=vulkan HLSLC_EXEC_LIST=1 RUST_BACKTRACE=0
export SPIRV_VAL=$D/bin/spirv-val SPIRV_DIS=$D/bin/spirv-dis GLSLANG=$D/bin/glslangValidator
gunzip -kf exec.gz wave_model.gz; chmod +x exec wave_model bin/*
O=${OUT:-/tmp/out}; mkdir -p "$O"
{ uname -a; cat /etc/os-release | head -2; nvidia-smi -L; ldconfig -p | grep -i vulkan; ls /usr/local/nvidia/share/vulkan/icd.d/ /usr/share/vulkan/icd.d/ 2>&1; $SPIRV_VAL --version; $GLSLANG --version | head -1; } > "$O/env.txt" 2>&1
echo "== wave subset"; HLSLC_EXEC_DIR=$D/wave timeout 150 ./exec --nocapture --test-threads 1 > "$O/wave.log" 2>&1; echo "rc=$?"
echo "== wave model"; timeout 60 ./wave_model --nocapture --test-threads 1 > "$O/wave_model.log" 2>&1; echo "rc=$?"
echo "== device-only kernels"; HLSLC_EXEC_DIR=$D/device timeout 60 ./exec --nocapture --test-threads 1 > "$O/device.log" 2>&1; echo "rc=$?"
echo "== all kernels"; HLSLC_EXEC_DIR=$D/all timeout 240 ./exec --nocapture --test-threads 1 > "$O/all.log" 2>&1; echo "rc=$?"
grep -h -E "^gpu:" "$O/wave.log" | cut -c1-200
for f in wave wave_model device all; do echo "== $f"; grep -h -E "exec\[|wave model|FAIL|SKIPPED|test result|panicked" "$O/$f.log" | grep -v "^  result .*: pass" | cut -c1-220 | head -60; done
