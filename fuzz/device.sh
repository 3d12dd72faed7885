#!/usr/bin/env bash
# A fuzz campaign on a many-core machine without a Rust toolchain (the device machine):
# the four targets run side by side in libFuzzer's fork mode, from binaries built elsewhere.
#
#   here:   cargo +nightly fuzz build -O -a -s none      # release, debug assertions, no sanitizer
#           mkdir -p .fuzzbin && for t in compile generated parse preprocess; do
#             strip -o .fuzzbin/$t fuzz/target/x86_64-unknown-linux-gnu/release/$t; done
#           gzip -6 .fuzzbin/*                              # .fuzzbin is ignored; carry it
#   there:  fuzz/device.sh .fuzzbin SECONDS OUTDIR
#
# Seeds: every .hlsl under tests/ and fuzz/regressions/ (the generated target builds its own
# programs from bytes and starts empty). Workers: compile 6, generated 5, parse 3, preprocess 2
# (16 cores). A crash, OOM (> 2 GB) or timeout (> 20 s per input) leaves its input in
# OUTDIR/artifacts-TARGET/; OUTDIR/TARGET.log holds libFuzzer's last status line
# (executions, coverage, oom/timeout/crash counts).
set -euo pipefail
bin=$1 secs=$2 out=$3
mkdir -p "$out"
for f in "$bin"/*.gz; do [ -e "$f" ] && gzip -d "$f"; done
chmod +x "$bin"/*
run() {
  local t=$1 jobs=$2
  local corpus
  corpus=$(mktemp -d)
  if [ "$t" != generated ]; then
    find tests fuzz/regressions -name '*.hlsl' -exec cp -n {} "$corpus/" \; 2>/dev/null || true
  fi
  mkdir -p "$out/artifacts-$t"
  "$bin/$t" "$corpus" -fork="$jobs" -max_total_time="$secs" -rss_limit_mb=2048 -timeout=20 \
    -max_len=65536 -artifact_prefix="$out/artifacts-$t/" -ignore_crashes=1 -ignore_ooms=1 \
    -ignore_timeouts=1 >"/tmp/fuzz-$t.full.log" 2>&1 || true
  grep -E '^#[0-9]+:' "/tmp/fuzz-$t.full.log" | tail -1 >"$out/$t.log" || true
  echo "$t seeds: $(ls "$corpus" | wc -l)" >>"$out/$t.log"
}
run compile 6 & run generated 5 & run parse 3 & run preprocess 2 &
wait
for t in compile generated parse preprocess; do echo "== $t"; cat "$out/$t.log"; ls "$out/artifacts-$t" | head; done
