#!/usr/bin/env bash
# `make test`: every check, in order, each step run even when an earlier one failed
# (so one run shows everything that is wrong), then one summary line:
#   N passed, M failed
# N and M count the tests the runners executed (cargo test, Vitest, the end-to-end
# journeys) plus the gates (UI build, UI lint, rustfmt, clippy), each gate counting as one.
# The exit status is non-zero when anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=$PWD/target}"
export CARGO_TARGET_DIR
# The whole run holds the build directory: another checkout's build waits, and
# waits for this one (scripts/with-target-lock.sh says why).
if [[ ${KYB_TARGET_LOCKED:-} != "$CARGO_TARGET_DIR" ]]; then
  exec scripts/with-target-lock.sh "$0" "$@"
fi

logs=$(mktemp -d -t kyb-test.XXXXXX)
trap 'rm -rf "$logs"' EXIT
passed=0
failed=0
report=()

strip_ansi() { sed -E 's/\x1b\[[0-9;]*[A-Za-z]//g' "$1"; }

# Sums cargo's "test result:" lines of a log; prints "passed failed".
cargo_counts() {
  strip_ansi "$1" | awk '/^test result:/ {
      for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i }
    } END { print p + 0, f + 0 }'
}

# Reads Vitest's "Tests  2 failed | 5 passed (7)" line; prints "passed failed".
vitest_counts() {
  strip_ansi "$1" | awk '/^ *Tests / {
      for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i }
    } END { print p + 0, f + 0 }'
}

# The failing tests' names of a log, for the summary (CI keeps only the output's tail):
# cargo's "test NAME ... FAILED" lines, Vitest's "FAIL  FILE > TEST" lines and the first
# line of what each said.
failed_names() {
  case $2 in
    cargo) strip_ansi "$1" | awk '/^test .* \.\.\. FAILED$/ { sub(/^test /, ""); sub(/ \.\.\. FAILED$/, ""); print }' ;;
    vitest) strip_ansi "$1" | awk '/^ *FAIL  / { sub(/^ *FAIL  /, ""); name = $0; want = 1; next }
        want && /(Error|error|expected|Expected|Timed out|timed out)/ { print name " :: " $0; want = 0; next }
        want && /^ *$/ { next }' | sort -u ;;
  esac | head -20
}

# step NAME KIND -- COMMAND...: KIND is gate, cargo or vitest.
step() {
  local name=$1 kind=$2 log="$logs/$(echo "$1" | tr -c 'a-zA-Z0-9' '_').log"
  shift 3
  printf '\n\033[1m==> %s\033[0m\n' "$name"
  "$@" 2>&1 | tee "$log"
  local status=${PIPESTATUS[0]} p=0 f=0
  case $kind in
    gate) if ((status == 0)); then p=1; else f=1; fi ;;
    cargo) read -r p f < <(cargo_counts "$log") ;;
    vitest) read -r p f < <(vitest_counts "$log") ;;
  esac
  # A runner that failed before reporting a failing test (a compile error, a crash)
  # still counts as one failure.
  if ((status != 0 && f == 0)); then f=1; fi
  passed=$((passed + p))
  failed=$((failed + f))
  if ((status == 0)); then report+=("ok    $name ($p)"); else
    report+=("FAIL  $name ($f failed)")
    while IFS= read -r test; do report+=("        $test"); done < <(failed_names "$log" "$kind")
  fi
  return "$status"
}

# The docs' links and the repository paths they name exist, and the README stays short;
# it needs nothing installed or built, so it goes first.
step "docs: links and paths" gate -- scripts/check-docs.sh
step "install dependencies" gate -- scripts/install-deps.sh test
# No Rust file imports, through others, from itself (python3, which the step above
# installs; a couple of seconds, nothing built).
step "no import circle in the Rust sources" gate -- python3 scripts/check-circles.py
# A failed UI build must not leave an older ui/dist behind for the app to embed.
rm -rf ui/dist
step "UI type check and build" gate -- npm --prefix ui run --silent build
step "UI lint and format (Biome)" gate -- npm --prefix ui run --silent lint
step "rustfmt" gate -- cargo fmt --all --check
step "clippy" gate -- cargo clippy --workspace --all-targets --locked -- -D warnings
# The packaged app is built without the demo sandbox: it must build, and cleanly.
step "clippy (packaged build, no demo)" gate -- \
  cargo clippy -p kyb-desk --no-default-features --all-targets --locked -- -D warnings
# The journeys answer the native dialogs WebDriver cannot press through a test-only
# feature (`test-dialog-answers`, see src-tauri/src/options.rs); the packaged app, as
# `make bundle` builds it, must not contain it.
packaged_answers_no_dialog() {
  local features
  features=$(make -s --no-print-directory packaged-features) || return 1
  echo "the packaged build's features: ${features:-none}"
  if grep -qx 'test-dialog-answers' <<<"$features"; then
    echo "the packaged build would answer native dialogs by itself"
    return 1
  fi
}
step "the packaged build answers no dialog by itself" gate -- packaged_answers_no_dialog
# The desk core is tested without a window: nothing it builds, tests included, may
# bring in Tauri or WebKit.
no_webkit_in_core() {
  local found
  found=$(cargo tree -p kyb-desk-core -e normal,dev,build --prefix none --locked |
    grep -iE '^(tauri|wry|webkit2gtk|javascriptcore|gtk|soup)' | sort -u)
  if [[ -n $found ]]; then
    echo "kyb-desk-core depends on: $found"
    return 1
  fi
  echo "kyb-desk-core builds no Tauri or WebKit crate"
}
step "the desk core builds no WebKit" gate -- no_webkit_in_core
# The team's tests run on a private PostgreSQL the session starts: it must
# start, answer on its unix socket only, and be gone when the session ends.
private_postgres() {
  local answer data_dir
  answer=$(scripts/session.sh --postgres -- bash -c \
    'psql -XAtc "select current_user, inet_server_addr() is null" && psql -XAtc "show data_directory"')
  echo "$answer"
  [[ $(sed -n 1p <<<"$answer") == "kyb|t" ]] || { echo "no answer on the unix socket alone"; return 1; }
  data_dir=$(sed -n 2p <<<"$answer")
  if pgrep -f -- "-D $data_dir" >/dev/null; then
    echo "the cluster outlived its session"
    return 1
  fi
  echo "a private PostgreSQL started, answered on its socket, and stopped with its session"
}
step "a private PostgreSQL for the team's tests" gate -- private_postgres
step "two checkouts take turns with the shared build directory" gate -- tests/packaging/target_lock_test.sh
# Inside a private session: the keyring tests need a real Secret Service
# (gnome-keyring on its own D-Bus), the team's tests a real PostgreSQL. Both kinds are
# ignored by a bare `cargo test` ("needs ...: make test runs it") and run here on
# purpose, where one that cannot reach its service fails. The tests named `*_child` are
# ignored for another reason: each runs only in a child process its parent test starts.
step "Rust tests" cargo -- scripts/session.sh --postgres -- \
  cargo test --workspace --exclude kyb-e2e --locked --no-fail-fast -- --include-ignored --skip _child
step "UI unit tests (Vitest)" vitest -- npm --prefix ui run --silent test
# The sandbox against the service's contract, with generated requests (schemathesis).
step "OpenAPI fuzz of the sandbox (schemathesis)" gate -- scripts/fuzz-api.sh
# The journeys must never run an older binary left in the shared target directory.
# Their build answers the native dialogs when a journey says how (`test-dialog-answers`).
if step "build the app" gate -- cargo build -p kyb-desk --locked --features test-dialog-answers; then
  step "end-to-end journeys (real window)" cargo -- \
    scripts/session.sh --driver --postgres -- env KYB_DESK_BIN="$CARGO_TARGET_DIR/debug/kyb-desk" \
    cargo test -p kyb-e2e --locked -- --test-threads=1
else
  failed=$((failed + 1))
  report+=("FAIL  end-to-end journeys (real window) (not run: the app did not build)")
fi

# The signed repositories IT publishes (`make repo`), as a desk meets them: installed
# from through file:// with signed-by, upgraded, forged ones refused; the RPM one
# checked by its signatures. It installs kyb-desk and removes it again.
step "signed package repositories (make test-repo)" gate -- \
  bash -c 'scripts/install-deps.sh repo && tests/packaging/repo_test.sh'

printf '\n\033[1m==> Summary\033[0m\n'
printf '  %s\n' "${report[@]}"
echo "$passed passed, $failed failed"
((failed == 0))
