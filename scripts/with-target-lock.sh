#!/usr/bin/env bash
# Runs a command while holding the build directory ($CARGO_TARGET_DIR) for this
# checkout alone, waiting (and saying so) while another checkout holds it.
#
# Why: every checkout on this machine shares one build directory, so that a fresh
# clone reuses what an earlier build compiled. Cargo names a workspace member's
# artifacts by a hash of its path *relative to the workspace*, so two checkouts write
# the same files there (libkyb_sandbox-<hash>.rlib, debug/kyb-desk). Cargo locks the
# directory for one cargo command only: between two commands of one `make test`, the
# other checkout's build replaced them, and a doc test found "extern location for
# kyb_sandbox does not exist", or a journey could run the other checkout's app. So a
# whole `make test` (or bench, or build-then-run) holds the directory, and a second
# checkout waits for it rather than breaking it.
#
# A command run under the lock that calls this script again (make inside make test)
# goes on at once: KYB_TARGET_LOCKED names the directory this process tree holds.
set -euo pipefail
: "${CARGO_TARGET_DIR:?CARGO_TARGET_DIR must name the build directory}"
if [[ ${KYB_TARGET_LOCKED:-} == "$CARGO_TARGET_DIR" ]]; then
  exec "$@"
fi
lock="$CARGO_TARGET_DIR.lock"
mkdir -p "$(dirname "$lock")"
exec 9>>"$lock"
if ! flock -n 9; then
  printf '==> Another checkout is using the build directory %s; waiting until it is done\n' "$CARGO_TARGET_DIR" >&2
  flock 9
fi
export KYB_TARGET_LOCKED=$CARGO_TARGET_DIR
exec "$@"
