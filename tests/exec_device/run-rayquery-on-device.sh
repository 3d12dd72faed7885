#!/bin/bash
# Runs tests/rayquery_device.rs (inline ray queries traced against a TLAS and checked ray by
# ray against a CPU intersection; SV_Barycentrics drawn and checked against CPU barycentrics)
# on a machine without Rust, e.g. the H200 device machine. Package a folder DIR two levels
# below the repository root first:
#   cargo test --test rayquery_device --no-run        # note the executable's path
#   strip -o DIR/rayquery_device <that executable>; gzip -9 DIR/rayquery_device
#   cp tests/exec_device/run-rayquery-on-device.sh DIR/run.sh
# with the Vulkan loader debs in .gl/ at the repository root (as for run-on-device.sh).
# The shaders are compiled into the binary (include_str!). There: `bash DIR/run.sh`; the log
# goes to $OUT (or /tmp/out). It prints the number of differing rays (WGSL, SPIR-V passthrough) and
# of differing pixels per pixel entry point and target (WGSL, SPIR-V), and the test result.
D=$(cd "$(dirname "$0")" && pwd)
cd "$D"
for f in /work/.gl/*.deb ../../.gl/*.deb; do [ -f "$f" ] && dpkg -x "$f" /; done; ldconfig
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
export XDG_RUNTIME_DIR=/tmp WGPU_BACKEND=vulkan RUST_BACKTRACE=1
gunzip -kf rayquery_device.gz; chmod +x rayquery_device
O=${OUT:-/tmp/out}; mkdir -p "$O"
timeout 120 ./rayquery_device --ignored --nocapture --test-threads 1 > "$O/rayquery.log" 2>&1; echo "rc=$?"
grep -h -E "^gpu:|ray queries|SV_Barycentrics|test result|panicked|differ" "$O/rayquery.log" | cut -c1-400
