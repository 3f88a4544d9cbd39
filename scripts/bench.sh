#!/usr/bin/env bash
# `make bench`: measures KYB Desk's release build beside a bare Tauri 2 window built
# with the same toolchain (benches/bare-window: an empty page, the app's window size)
# and beside its static twin (that window showing a snapshot of KYB Desk's first
# screen, no script), and writes the figures with the machine, the date, the command
# and how long it took to docs/BENCHMARKS.md (and to stdout):
#   - sizes: release binaries (the packaged one against docs/bench/size-baseline.txt),
#     the Debian package installed, the UI's JavaScript gzipped;
#   - start-up, memory (PSS), rendering and a 500-file refresh under added latency, in
#     the real windows (tests/src/bin/bench, inside a private desktop session);
#   - the API client's per-call overhead against bare hyper that decodes the same model,
#     in time and in callgrind's instructions, which the machine's load does not move;
#   - the team's database: 50 and 200 desks on a private PostgreSQL, with fsync on,
#     a queue and a trail of 1,000,000, and the dashboard over that trail (kyb-team's
#     and kyb-desk-core's benches).
# BENCH_RUNS sets the repetitions of each timed measurement (default 11).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=$PWD/target}"
export CARGO_TARGET_DIR
runs=${BENCH_RUNS:-11}
report=docs/BENCHMARKS.md
release=$CARGO_TARGET_DIR/release

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

tmp=$(mktemp -d -t kyb-bench.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
# Each measurement's Markdown, kept past a failure of a later step (or of the report's
# assembly, which BENCH_ASSEMBLE_ONLY=1 redoes from them, measuring nothing).
out=$CARGO_TARGET_DIR/kyb-bench
mkdir -p "$out"

if [[ -z ${BENCH_ASSEMBLE_ONLY:-} ]]; then
began=$(date +%s)

# The display, keyring and tauri-driver the windows need; valgrind.
scripts/install-deps.sh bench >&2

say "Release builds: the UI, KYB Desk and the bare window (the packaged build: no demo sandbox)"
rm -rf ui/dist
npm --prefix ui run --silent build >&2
# KYB Desk as `make bundle` builds it, and its Debian package (whose installed size is
# a goal): the same command, without the `demo` feature, with the release profile of
# Cargo.toml (one codegen unit, fat LTO, optimised for size, stripped). The bare window
# on its own, with the same profile: built together, cargo would give each the other's
# features of the crates they share.
rm -rf "$release/bundle/deb"
ui/node_modules/.bin/tauri build --ci --bundles deb -- --no-default-features --locked >&2
cargo build --release --locked -p bare-window --no-default-features --features tauri/custom-protocol >&2
# The driver of the windows' measurements is not what is measured: no LTO for it.
CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
  cargo build --release --locked -p kyb-e2e --bin bench >&2

say "The client's per-call overhead"
cargo bench -q --locked -p kyb-api --bench overhead 2>/dev/null >"$out/overhead.md"
cargo bench -q --locked -p kyb-api --bench overhead -- --callgrind 2>/dev/null >"$out/instructions.md"

say "The team: 50 and 200 desks on one PostgreSQL, a queue and a trail of 1,000,000"
# 200 desks hold about a thousand connections (a pool and a listener each). The disk's
# flush, which every durable commit waits for, measured by PostgreSQL's own tool.
KYB_PG_MAX_CONNECTIONS=1100 KYB_BENCH_GOALS="$out/team-goals.md" KYB_BENCH_ERRORS="$out/team.err" \
  scripts/session.sh --postgres -- \
  bash -c 'cargo bench -q --locked -p kyb-team --bench desks 2>"$KYB_BENCH_ERRORS" &&
    printf "\n### The disk'"'"'s flush\n\nWhat one durable commit waits for on this machine (\`pg_test_fsync -s 2\`, its 8 kB writes; wal_sync_method is fdatasync):\n\n\`\`\`\n" &&
    "$PG_BIN/pg_test_fsync" -s 2 -f "$KYB_SESSION_DIR/fsync.test" 2>/dev/null | grep -E "^ +(open_datasync|fdatasync|fsync) " | head -n 3 &&
    printf "\`\`\`\n"' >"$out/team.md" ||
  { echo "bench.sh: the team's bench failed:" >&2; tail -n 40 "$out/team.err" >&2; exit 1; }
KYB_BENCH_GOALS="$out/team-dashboard-goals.md" scripts/session.sh --postgres -- \
  cargo bench -q --locked -p kyb-desk-core --bench team_dashboard 2>"$out/team-dashboard.err" >"$out/team-dashboard.md"

say "Screening: a list of 1,000,000 rows imported, and files screened against it"
cargo bench -q --locked -p kyb-desk-core --bench screening 2>/dev/null >"$out/screening.md"

say "The windows: start-up, memory, rendering, refresh ($runs runs)"
scripts/session.sh --driver --postgres -- "$release/bench" \
  --app "$release/kyb-desk" --bare "$release/bare-window" --runs "$runs" \
  --goals "$out/goals.md" >"$out/windows.md"
# How long the run took, the builds included (the report is assembled in seconds).
echo $(($(date +%s) - began)) >"$out/took"
fi

# Sizes, in KiB with one decimal.
kib() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1024 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
size_of() { stat -c %s "$1"; }
stripped() { strip -o "$tmp/stripped-$2" "$1" && size_of "$tmp/stripped-$2"; }
gzipped() { local total=0 f; for f in "$@"; do total=$((total + $(gzip -9c "$f" | wc -c))); done; echo "$total"; }

app_bin=$(size_of "$release/kyb-desk")
# The package as installed: dpkg's Installed-Size (KiB) of the one .deb built above.
deb=$(ls "$release"/bundle/deb/*.deb)
installed_kib=$(dpkg-deb -f "$deb" Installed-Size)
installed_mb=$(awk -v k="$installed_kib" 'BEGIN { printf "%.2f", k * 1024 / 1e6 }')
deb_bytes=$(size_of "$deb")
# What this round's features add: the packaged binary against the round's start, built
# the same way by scripts/size-baseline.sh (its figures kept in docs/bench/size-baseline.txt):
# built alike (the opt-level of today's release profile), and as it was packaged then.
opt_level=$(awk '/^\[profile\.release\]/ { p = 1; next } /^\[/ { p = 0 }
  p && $1 == "opt-level" { gsub(/"/, "", $3); print $3 }' Cargo.toml)
read -r baseline_commit then_level then_bytes < <(grep -v '^#' docs/bench/size-baseline.txt | head -n 1)
baseline_bytes=$(awk -v l="$opt_level" '!/^#/ && $2 == l { print $3; exit }' docs/bench/size-baseline.txt)
[[ -n $baseline_bytes ]] || {
  echo "bench.sh: docs/bench/size-baseline.txt has no figure for opt-level \"$opt_level\" (scripts/size-baseline.sh)" >&2
  exit 1
}
bare_bin=$(size_of "$release/bare-window")
app_stripped=$(stripped "$release/kyb-desk" app)
bare_stripped=$(stripped "$release/bare-window" bare)
app_js=$(gzipped ui/dist/assets/*.js)
# What the window loads before its first paint: the scripts index.html names (the
# entry and what it preloads); every other screen is a chunk fetched when first shown.
first_js=$(grep -oE '(src|href)="/assets/[^"]+\.js"' ui/dist/index.html | sed -E 's/^[a-z]+="\/(.*)"$/ui\/dist\/\1/')
# The window's language's words come before the first paint too (main.tsx awaits them): a
# chunk per language (ui/src/i18n/es-MX.ts, en.ts), the larger counted.
language_js=0
for chunk in ui/dist/assets/es-MX-*.js ui/dist/assets/en-*.js; do
  [[ -f $chunk ]] || { echo "bench.sh: no language chunk $chunk in ui/dist (ui/src/i18n renamed?)" >&2; exit 1; }
  size=$(gzipped "$chunk")
  if ((size > language_js)); then language_js=$size; fi
done
# shellcheck disable=SC2086 # one path a word
app_first_js=$(($(gzipped $first_js) + language_js))
# The PDF renderer (pdf.js) is a chunk of its own, fetched the first time a PDF is shown:
# never among the scripts of the first paint.
# shellcheck disable=SC2086 # one path a word
pdf_in_first=$( (grep -l GlobalWorkerOptions $first_js 2>/dev/null || true) | wc -l)
pdf_chunks=$(grep -l GlobalWorkerOptions ui/dist/assets/*.js 2>/dev/null || true)
# shellcheck disable=SC2086 # one path a word
pdf_js=$( [[ -n $pdf_chunks ]] && gzipped $pdf_chunks || echo 0 )
bare_js=$(gzipped benches/bare-window/page/main.js)

# Where a binary's bytes go, by ELF section (KiB): code, constant data, the tables
# that unwind a panic, relocations, the rest.
sections() {
  size -A "$1" | awk '
    $1 == ".text" { code += $2 }
    $1 == ".rodata" { ro += $2 }
    $1 == ".eh_frame" || $1 == ".eh_frame_hdr" || $1 == ".gcc_except_table" { unwind += $2 }
    $1 ~ /^\.rela/ { rel += $2 }
    $1 ~ /^\./ { all += $2 }
    END { printf "%.1f %.1f %.1f %.1f %.1f\n", code / 1024, ro / 1024, unwind / 1024, rel / 1024, (all - code - ro - unwind - rel) / 1024 }'
}
read -r app_code app_ro app_unwind app_rel app_rest < <(sections "$tmp/stripped-app")
read -r bare_code bare_ro bare_unwind bare_rel bare_rest < <(sections "$tmp/stripped-bare")

# The speed goals, this run against each: the windows' from the bench
# binary (goals.md), the binary's and the client's from here.
met() { awk -v v="$1" -v g="$2" -v op="$3" 'BEGIN { ok = (op == "le") ? (v <= g) : (v >= g); print (ok ? "met" : "**not met**") }'; }
bin_ratio=$(ratio "$app_stripped" "$bare_stripped")
# The client's rows, by their names in kyb-api's bench (benches/overhead.rs).
row() { awk -F'|' -v name="$2" '{ label = $2; gsub(/^ +| +$/, "", label) } label == name { gsub(/[ *]/, "", $3); print $3; exit }' "$1"; }
client_time=$(row "$out/overhead.md" "ratio client / bare hyper that decodes the model")
client_time=${client_time:-NaN}
client_instructions=$(row "$out/instructions.md" "ratio client / bare hyper that decodes the model")
client_instructions=${client_instructions:-NaN}
client_time_bare=$(row "$out/overhead.md" "ratio client / bare hyper, body read only")
# The screening's rows, by their names in kyb-desk-core's bench (benches/screening.rs).
srow() { awk -F'|' -v name="$2" '{ label = $2; gsub(/^ +| +$/, "", label) } index(label, name) == 1 { gsub(/[ *]/, "", $3); print $3; exit }' "$1"; }
screen_import=$(srow "$out/screening.md" "import of")
screen_import=${screen_import:-NaN}
screen_held=$(srow "$out/screening.md" "memory the loaded list")
screen_held=${screen_held:-NaN}
screen_median=$(srow "$out/screening.md" "screening one file's 9 parties against 1000000 rows, median")
screen_median=${screen_median:-NaN}
client_instructions_bare=$(row "$out/instructions.md" "ratio client / bare hyper, body read only")
learning_instructions=$(row "$out/instructions.md" "ratio client with drift learner / bare hyper that decodes the model")

# The installed package's goal: its size at this round's start (make bench of 98cff8a's
# fresh clone), which this round's features must not grow.
package_goal_mb=16.46

webkit=$(dpkg-query -W -f='${Version}' libwebkit2gtk-4.1-0 2>/dev/null || echo unknown)
{
  echo "# Benchmarks"
  echo
  echo "KYB Desk's release build measured beside a bare Tauri 2 window (\`benches/bare-window\`:"
  echo "an empty page, the same Tauri, toolchain and window size) and beside its static twin (the"
  echo "same window loading a snapshot of KYB Desk's first screen as painted, no script), from"
  echo "one run of \`make bench\`."
  echo "The figures are what this machine measured, not targets; a run on another machine"
  echo "rewrites this file."
  echo
  echo "- date: $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "- commit: $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . ':!docs/BENCHMARKS.md' || echo ' (with uncommitted changes)')"
  echo "- command: \`make bench\` (BENCH_RUNS=$runs)"
  if [[ -f $out/took ]]; then
    echo "- took: $(awk -v s="$(cat "$out/took")" 'BEGIN { printf "%d min %02d s", s / 60, s % 60 }') (builds, measurements and this report)"
  else
    echo "- took: not recorded (no run of the measurements kept its duration)"
  fi
  echo "- machine: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), $(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo) memory, $(. /etc/os-release && echo "$PRETTY_NAME"), Linux $(uname -r)"
  echo "- display: Xvfb (software rendering), WebKitGTK $webkit"
  echo "- toolchain: $(rustc --version), Node.js $(node --version)"
  echo
  echo "## Goals"
  echo
  echo "Each speed goal and what this run measured (the sections below hold the figures,"
  echo "and where a goal is not met, the profile of where the time or memory goes)."
  echo
  echo "| figure | goal | this run | |"
  echo "|---|---|---|---|"
  cat "$out/goals.md"
  echo "| screening one file against 1,000,000 list rows, median | ≤ 50 ms | ${screen_median} ms | $(met "$screen_median" 50 le) |"
  echo "| importing a list of 1,000,000 rows | ≤ 15 s | ${screen_import} s | $(met "$screen_import" 15 le) |"
  echo "| memory the loaded list and its index hold | ≤ 256 MiB | ${screen_held} MiB | $(met "$screen_held" 256 le) |"
  cat "$out/team-goals.md" "$out/team-dashboard-goals.md"
  echo "| client per-call time (p50) / bare hyper that decodes the same model | ≤ 1.2× | ${client_time}× | $(met "$client_time" 1.2 le) |"
  echo "| client instructions per call (callgrind) / bare hyper that decodes the same model | ≤ 1.2× | ${client_instructions}× | $(met "$client_instructions" 1.2 le) |"
  echo "| client per-call time (p50) / bare hyper, body read only | (counted) | ${client_time_bare:-?}× | — |"
  echo "| client instructions per call / bare hyper, body read only | (counted) | ${client_instructions_bare:-?}× | — |"
  echo "| client with the desk's drift learner, instructions per call / bare hyper that decodes | (counted) | ${learning_instructions:-?}× | — |"
  echo "| the installed package (.deb, dpkg's Installed-Size) | ≤ $package_goal_mb MB (this round's start: it does not grow) | $installed_mb MB ($installed_kib KiB; the .deb file $(awk -v b="$deb_bytes" 'BEGIN { printf "%.2f", b / 1e6 }') MB) | $(met "$installed_mb" "$package_goal_mb" le) |"
  echo "| the packaged binary, stripped / $baseline_commit (an earlier round's start) built alike (opt-level \"$opt_level\") | (counted) | $(ratio "$app_stripped" "$baseline_bytes")× ($(kib "$app_stripped") KiB / $(kib "$baseline_bytes") KiB) | — |"
  echo "| the packaged binary, stripped / $baseline_commit as it was packaged then (opt-level \"$then_level\") | (counted) | $(ratio "$app_stripped" "$then_bytes")× ($(kib "$app_stripped") KiB / $(kib "$then_bytes") KiB) | — |"
  echo "| release binary, stripped, as packaged / bare window (the 2× goal retired: the gap is features) | (tracked) | ${bin_ratio}× | — |"
  echo "| UI JavaScript loaded before the first paint, gzip -9 | ≤ 130 KB (130,000 bytes) | $app_first_js bytes ($(kib "$app_first_js") KiB) | $(met "$app_first_js" 130000 le) |"
  echo
  echo "## Size"
  echo
  echo "| what | KYB Desk (KiB) | bare window (KiB) | ratio |"
  echo "|---|---:|---:|---:|"
  echo "| release binary, as built | $(kib "$app_bin") | $(kib "$bare_bin") | $(ratio "$app_bin" "$bare_bin") |"
  echo "| release binary, stripped (as packaged) | $(kib "$app_stripped") | $(kib "$bare_stripped") | $(ratio "$app_stripped" "$bare_stripped") |"
  echo "| the same at this round's start ($baseline_commit, scripts/size-baseline.sh), built alike | $(kib "$baseline_bytes") | — | — |"
  echo "| the same at this round's start as packaged then (opt-level \"$then_level\") | $(kib "$then_bytes") | — | — |"
  echo "| Debian package, the file | $(kib "$deb_bytes") | — | — |"
  echo "| Debian package, installed (Installed-Size) | $installed_kib | — | — |"
  echo "| UI JavaScript loaded before the first paint (entry, its preloads, one language's words), gzip -9 | $(kib "$app_first_js") | $(kib "$bare_js") | — |"
  echo "| UI JavaScript, every screen, gzip -9 | $(kib "$app_js") | $(kib "$bare_js") | — |"
  echo "| of which the PDF renderer (pdf.js, its own chunk; its worker apart), gzip -9 | $(kib "$pdf_js") | — | — |"
  echo
  echo "The PDF renderer among the scripts loaded before the first paint: $( ((pdf_in_first == 0)) && echo "no" || echo "**yes**" )."
  echo
  echo "The binaries embed their pages. Both are built as \`make bundle\` packages KYB Desk: without"
  echo "the demo sandbox (\`--no-default-features\`), with the release profile of Cargo.toml (one"
  echo "codegen unit, fat LTO, \`opt-level = \"$opt_level\"\`, symbols stripped)."
  echo
  echo "Where the stripped binaries' bytes go (KiB, by ELF section):"
  echo
  echo "| section | KYB Desk | bare window |"
  echo "|---|---:|---:|"
  echo "| code (.text) | $app_code | $bare_code |"
  echo "| constants (.rodata) | $app_ro | $bare_ro |"
  echo "| unwinding tables (.eh_frame, .gcc_except_table) | $app_unwind | $bare_unwind |"
  echo "| relocations (.rela.*) | $app_rel | $bare_rel |"
  echo "| the rest | $app_rest | $bare_rest |"
  echo
  cat docs/bench/size.md
  echo
  cat "$out/windows.md"
  echo
  cat docs/bench/evidence.md
  echo
  cat "$out/overhead.md"
  echo
  cat "$out/instructions.md"
  echo
  cat docs/bench/client.md
  echo
  cat "$out/team.md"
  echo
  cat docs/bench/team.md
  echo
  cat "$out/team-dashboard.md"
  echo
  echo "## Screening"
  echo
  cat "$out/screening.md"
  # The fuzzing record (from `make fuzz`, not measured here) is kept as it was.
  if [[ -f $report ]] && grep -q '^## Fuzzing$' "$report"; then
    echo
    sed -n '/^## Fuzzing$/,$p' "$report"
  fi
} >"$tmp/report.md"
mkdir -p "$(dirname "$report")"
mv "$tmp/report.md" "$report"
cat "$report"
echo
echo "report: $report" >&2
