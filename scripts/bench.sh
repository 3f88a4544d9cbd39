#!/usr/bin/env bash
# `make bench`: runs every benchmark in a release build and writes their tables, with
# the machine and commit they were measured on, to docs/bench.md (and to stdout).
set -euo pipefail
cd "$(dirname "$0")/.."

report=docs/bench.md
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

{
  echo "# Benchmarks"
  echo
  echo "Written by \`make bench\`; numbers are from the machine below, not targets."
  echo
  echo "- date: $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "- commit: $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (with uncommitted changes)')"
  echo "- machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
  echo "- rustc: $(rustc --version)"
  echo
  cargo bench -q -p kyb-api --bench overhead 2>/dev/null
} | tee "$tmp"
mkdir -p "$(dirname "$report")"
mv "$tmp" "$report"
trap - EXIT
echo
echo "report: $report"
