#!/usr/bin/env bash
# The packaged binary of an earlier commit, built as `make bench` builds today's (the
# UI built, then `cargo build --release --locked -p kyb-desk --no-default-features
# --features tauri/custom-protocol` with the release profile of that commit's
# Cargo.toml; stripped), to track what a round's features add to the binary:
#
#   scripts/size-baseline.sh REV
#
# prints "REV OPT-LEVEL BYTES" (the stripped binary; the opt-level of that commit's
# release profile, or CARGO_PROFILE_RELEASE_OPT_LEVEL's when set, to build an old
# commit as today's profile builds) and writes nothing in the checkout: the
# commit is built in a temporary worktree with a build folder of its own under
# $CARGO_TARGET_DIR/size-baseline. docs/bench/size-baseline.txt keeps the figures of the
# round's start that `make bench` compares against (measuring it again costs a full
# release build, about 15 minutes on two cores, so make bench does not).
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: scripts/size-baseline.sh REV}
: "${CARGO_TARGET_DIR:=$PWD/target}"
commit=$(git rev-parse --short "$rev^{commit}")
work=$(mktemp -d -t kyb-size.XXXXXX)
cleanup() { git worktree remove --force "$work/tree" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT
git worktree add --detach "$work/tree" "$commit" >/dev/null 2>&1
(
  cd "$work/tree"
  npm --prefix ui ci --silent --no-audit --no-fund >&2
  npm --prefix ui run --silent build >&2
  CARGO_TARGET_DIR=$CARGO_TARGET_DIR/size-baseline \
    cargo build --release --locked -p kyb-desk --no-default-features --features tauri/custom-protocol >&2
)
strip -o "$work/stripped" "$CARGO_TARGET_DIR/size-baseline/release/kyb-desk"
level=${CARGO_PROFILE_RELEASE_OPT_LEVEL:-$(git show "$commit:Cargo.toml" | awk '/^\[profile\.release\]/ { p = 1; next } /^\[/ { p = 0 }
  p && $1 == "opt-level" { gsub(/"/, "", $3); print $3 }')}
echo "$commit ${level:-3} $(stat -c %s "$work/stripped")"
