#!/bin/bash
# Runs tests/mesh_device.rs (amplification + mesh + pixel shaders drawn through wgpu's mesh
# pipeline, pixels checked against a CPU model) on a machine without Rust, e.g. the H200
# device machine. Package a folder DIR two levels below the repository root first:
#   cargo test --test mesh_device --no-run        # note the executable's path
#   strip -o DIR/mesh_device <that executable>; gzip -9 DIR/mesh_device
#   cp tests/exec_device/run-mesh-on-device.sh DIR/run.sh
# with the Vulkan loader debs in .gl/ at the repository root (as for run-on-device.sh).
# The shaders are compiled into the binary (include_str!). There: `bash DIR/run.sh`; the log
# goes to $OUT (or /tmp/out). It prints one line per target (WGSL, SPIR-V passthrough) with
# the number of differing pixels, and the test result.
D=$(cd "$(dirname "$0")" && pwd)
cd "$D"
for f in /work/.gl/*.deb ../../.gl/*.deb; do [ -f "$f" ] && dpkg -x "$f" /; done; ldconfig
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
export XDG_RUNTIME_DIR=/tmp WGPU_BACKEND=vulkan RUST_BACKTRACE=1
gunzip -kf mesh_device.gz; chmod +x mesh_device
O=${OUT:-/tmp/out}; mkdir -p "$O"
timeout 120 ./mesh_device --ignored --nocapture --test-threads 1 > "$O/mesh.log" 2>&1; echo "rc=$?"
grep -h -E "^gpu:|mesh grid|test result|panicked|differ" "$O/mesh.log" | cut -c1-400
