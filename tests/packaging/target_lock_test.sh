#!/usr/bin/env bash
# Two checkouts sharing one build directory take turns (scripts/with-target-lock.sh):
# the second waits, says so, and runs once the first is done; a command run under the
# lock that asks for it again goes on at once. On a build directory of its own, so
# that the `make test` holding the real one is not in its way.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d -t kyb-lock.XXXXXX)
trap 'rm -rf "$work"' EXIT
export CARGO_TARGET_DIR=$work/target
unset KYB_TARGET_LOCKED

# The first checkout's build: it holds the directory until released.
env -u KYB_TARGET_LOCKED scripts/with-target-lock.sh bash -c \
  "echo first >>'$work/order'; touch '$work/first-in'; while [[ ! -e '$work/release' ]]; do sleep 0.1; done; echo first-done >>'$work/order'" &
first=$!
for _ in $(seq 100); do [[ -e $work/first-in ]] && break; sleep 0.1; done
[[ -e $work/first-in ]] || { echo "the first checkout never took the directory"; exit 1; }

# The second checkout's build, started while the first holds the directory.
env -u KYB_TARGET_LOCKED scripts/with-target-lock.sh bash -c "echo second >>'$work/order'" 2>"$work/second.err" &
second=$!
for _ in $(seq 100); do grep -q "waiting until it is done" "$work/second.err" && break; sleep 0.1; done
grep -q "Another checkout is using the build directory $CARGO_TARGET_DIR" "$work/second.err" ||
  { echo "the second checkout did not say it waits"; cat "$work/second.err"; exit 1; }
if grep -q '^second$' "$work/order"; then echo "the second checkout ran while the first held the directory"; exit 1; fi
touch "$work/release"
wait "$first" "$second"
order=$(tr '\n' ' ' <"$work/order")
[[ $order == "first first-done second " ]] || { echo "out of turn: $order"; exit 1; }

# Under the lock, asking again (make inside make test) does not wait on itself.
timeout 20 env -u KYB_TARGET_LOCKED scripts/with-target-lock.sh \
  scripts/with-target-lock.sh bash -c "echo nested >>'$work/order'" ||
  { echo "a nested call waited on its own lock"; exit 1; }
grep -q '^nested$' "$work/order"
echo "two checkouts took turns with one build directory; a nested call went on at once"
