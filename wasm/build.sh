#!/usr/bin/env bash
# Rebuilds the poker solver's WebAssembly and the page that inlines it,
# reports/poker/solver.html. The result is the same bytes on any checkout
# path and any cargo home (paths are remapped, the profile is pinned in
# wasm/Cargo.toml, the lock file is wasm/Cargo.lock, nothing records a
# time); only another rustc version changes it. Needs the
# wasm32-unknown-unknown target: `rustup target add wasm32-unknown-unknown`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

target_dir="${CARGO_TARGET_DIR:-$root/target}"
cargo_home="${CARGO_HOME:-$HOME/.cargo}"
# Every path the binary could name is rewritten to a fixed one; the
# getrandom backend that rand would need on this target is never called
# (the solver's random numbers are all seeded), so `unsupported` it is.
export RUSTFLAGS="--remap-path-prefix=$root=/banluck-lab --remap-path-prefix=$cargo_home=/cargo --remap-path-prefix=$target_dir=/target --cfg getrandom_backend=\"unsupported\""
cargo build --release --locked --manifest-path wasm/Cargo.toml --target wasm32-unknown-unknown \
  --target-dir "$target_dir"
wasm="$target_dir/wasm32-unknown-unknown/release/banluck_solver_wasm.wasm"
[ -f "$wasm" ] || { echo "wasm/build.sh: $wasm was not built" >&2; exit 1; }
echo "wasm: $(wc -c <"$wasm") bytes"

# The page: wasm/page/solver.html with each `/*include FILE*/` line
# replaced by wasm/page/FILE and the `/*wasm*/` line by the wasm in base64.
out=reports/poker/solver.html
mkdir -p "$(dirname "$out")"
{
  while IFS= read -r line; do
    case "$line" in
      '/*include '*'*/') file="${line#/\*include }"; cat "wasm/page/${file%\*/}" ;;
      '/*wasm*/') base64 -w0 "$wasm"; echo ;;
      *) printf '%s\n' "$line" ;;
    esac
  done <wasm/page/solver.html
} >"$out.tmp"
mv "$out.tmp" "$out"
echo "page: $out, $(wc -c <"$out") bytes"
