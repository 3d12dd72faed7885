#!/usr/bin/env bash
# Real fuzzing with cargo-fuzz (libFuzzer; needs a nightly toolchain and `cargo install cargo-fuzz`).
#
#   fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]     # default: 300 s, all four targets
#
# Seeds each target's corpus (fuzz/corpus/TARGET, ignored by git) with the execution and e2e
# fixtures, runs it for the given time, and prints libFuzzer's execution count. A crash leaves
# its input in fuzz/artifacts/TARGET/; reproduce with `cargo +nightly fuzz run TARGET FILE`,
# minimise with `cargo +nightly fuzz tmin TARGET FILE`, and add the minimised input to
# fuzz/regressions/ (tests/fuzz_smoke.rs runs every file there through all targets).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
secs=${1:-300}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(preprocess parse compile generated)
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t"
  if [ "$t" != generated ]; then
    find ../tests/exec ../tests/fixtures -name '*.hlsl' -exec cp -n {} "corpus/$t/" \; 2>/dev/null || true
    cp -n regressions/* "corpus/$t/" 2>/dev/null || true
  fi
done
cargo +nightly fuzz build -O "${targets[@]}" 2>&1 | tail -1
for t in "${targets[@]}"; do
  echo "=== $t ($secs s)"
  # -rss_limit_mb: a compile that needs more is a bug too (tests/limits.rs bounds it at 512 MB)
  cargo +nightly fuzz run -O "$t" -- -max_total_time="$secs" -rss_limit_mb=1024 -max_len=65536 \
    -print_final_stats=1 2>&1 | grep -E 'stat::number_of_executed_units|stat::peak_rss_mb|ERROR|SUMMARY|Done [0-9]+ runs|crash-|deadly signal' || true
done
