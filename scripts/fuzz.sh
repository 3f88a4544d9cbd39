#!/usr/bin/env bash
# `make fuzz`: the libFuzzer campaign on the answer decoders of kyb-api (not part of
# `make test`). Two targets, in crates/kyb-api/fuzz (their own workspace, nightly):
#   envelope  the envelope reader and the error classifier, for one operation and HTTP
#             status chosen by the input's first byte;
#   models    one model chosen by the first byte, decoded through the envelope and
#             straight from the bytes, and what decodes written and read back.
# Each target runs in turn, one process (-jobs/-workers unused: the machine is shared),
# from its committed corpus (crates/kyb-api/fuzz/corpus/<target>/) plus seeds made from
# tests/fixtures/, with the dictionary kyb.dict; the corpus is then minimised
# (`cargo fuzz cmin`) and the executed inputs are added up.
#
# Settings (environment or make variables):
#   FUZZ_TARGETS    targets to run, in order            (default: "envelope models")
#   FUZZ_RUNS       inputs per target                    (default: 1000000)
#   FUZZ_SECONDS    seconds per target instead of a count (unset: FUZZ_RUNS counts)
#   FUZZ_SANITIZER  none (throughput) or address (ASan)  (default: none)
#   FUZZ_MAX_LEN    longest input, in bytes              (default: 16384)
# Builds go to $CARGO_TARGET_DIR (default ~/.cache/kyb-desk/target-fuzz), one
# directory per sanitizer; logs to crates/kyb-api/fuzz/logs/ (not committed).
# Exits non-zero when a target crashes: the input is in crates/kyb-api/fuzz/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
fuzz_dir=crates/kyb-api/fuzz
targets=${FUZZ_TARGETS:-envelope models}
runs=${FUZZ_RUNS:-1000000}
seconds=${FUZZ_SECONDS:-}
sanitizer=${FUZZ_SANITIZER:-none}
max_len=${FUZZ_MAX_LEN:-16384}
target_dir=${CARGO_TARGET_DIR:-$HOME/.cache/kyb-desk/target-fuzz}
case $sanitizer in
  address) ;;
  none) target_dir=$target_dir/sanitizer-none ;;
  *) echo "FUZZ_SANITIZER is none or address, not '$sanitizer'" >&2; exit 2 ;;
esac

if ! rustup run nightly rustc --version >/dev/null 2>&1; then
  echo "cargo fuzz needs the nightly toolchain: rustup toolchain install nightly" >&2
  exit 1
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "== installing cargo-fuzz"
  cargo install cargo-fuzz --locked
fi

# Release build with debug assertions and overflow checks on; comparison tracing on
# (it finds the field names and catalogue values); ASan only when asked.
build=(-O -a -s "$sanitizer" --target-dir "$target_dir")
limit=(-runs="$runs") amount="$runs runs"
[[ -n $seconds ]] && limit=(-max_total_time="$seconds") amount="$seconds s"

# Seeds from the fixtures for the targets that run, named by their SHA-1 as libFuzzer names its units (a seed
# already in the corpus is not added twice): every fixture under several operations
# and statuses for `envelope`; for `models`, each success fixture as its own model,
# whole and as its data alone, and the error fixtures as every model.
seed() {
  python3 - "$fuzz_dir/corpus" $targets <<'EOF'
import hashlib, json, pathlib, sys
corpus = pathlib.Path(sys.argv[1])
targets = set(sys.argv[2:])
fixtures = pathlib.Path("tests/fixtures")
# Selector bytes: envelope = status index * 9 + operation index (see src/lib.rs).
STATUSES = [200, 201, 204, 299, 400, 401, 403, 404, 409, 418, 422, 429, 500, 502, 503, 504]
MODELS = {"detail-v2": [0], "complementary-information": [6, 1], "tracking": [2],
          "verification": [3], "correction": [4], "create-file": [5], "enrollment-link": [7]}
def put(target, data):
    if target not in targets:
        return
    folder = corpus / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)
for path in sorted(fixtures.glob("*.json")):
    body = path.read_bytes()
    for i, status in enumerate(STATUSES):
        put("envelope", bytes([i * 9 + i % 9]) + body)
    data = json.loads(body).get("Data", json.loads(body).get("data"))
    for model in MODELS.get(path.stem, range(8)):
        put("models", bytes([model]) + body)
        if data is not None:
            put("models", bytes([model]) + json.dumps(data, ensure_ascii=False).encode())
EOF
}

mkdir -p "$fuzz_dir/logs"
stamp=$(date -u +%Y%m%dT%H%M%SZ)
seed
total=0
summary=()
for target in $targets; do
  log=$fuzz_dir/logs/$stamp-$target-$sanitizer.log
  echo "== $target: $amount, sanitizer $sanitizer, max_len $max_len (log: $log)"
  (
    cd crates/kyb-api
    cargo +nightly fuzz run "${build[@]}" "$target" "fuzz/corpus/$target" -- \
      "${limit[@]}" -max_len="$max_len" -dict="fuzz/kyb.dict" -timeout=10 \
      -print_final_stats=1 -print_pcs=0
  ) >"$log" 2>&1 || {
    tail -40 "$log" >&2
    echo "== $target FAILED: see $log and $fuzz_dir/artifacts/$target/" >&2
    exit 1
  }
  executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  grep -E '^Done [0-9]+ runs' "$log" || true
  # Minimised to the fewest inputs that reach every edge the corpus reaches (greedy set
  # cover, hit counts aside): what is committed stays small; a run regrows the rest.
  echo "== minimising the corpus of $target"
  (cd crates/kyb-api && cargo +nightly fuzz cmin "${build[@]}" "$target" "fuzz/corpus/$target" \
    -- -set_cover_merge=1 -use_counters=0 -max_len="$max_len" -timeout=10) >>"$log" 2>&1
  files=$(find "$fuzz_dir/corpus/$target" -type f | wc -l)
  kib=$(du -sk "$fuzz_dir/corpus/$target" | cut -f1)
  total=$((total + executed))
  summary+=("$target: $executed inputs, $rate exec/s, corpus $files files ($kib KiB)")
done

echo "== fuzz summary ($stamp, sanitizer $sanitizer, max_len $max_len)"
printf '%s\n' "${summary[@]}"
echo "total executed inputs: $total"
echo "crashes: 0"
