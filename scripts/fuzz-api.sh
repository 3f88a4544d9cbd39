#!/usr/bin/env bash
# The OpenAPI-driven fuzz run of `make test`: schemathesis generates requests for every
# operation of docs/openapi.yaml (the service's contract) and sends them to the sandbox,
# started here on a free port. It fails on any server error (5xx) and on any answer
# outside the contract: status code, content type or body. Bounded: 25 examples per
# operation, deterministic generation, 5 s per request, 5 minutes in all.
# Generated identifiers rarely name a seeded file, so this run mostly exercises the
# refusals (validation, not found, authentication); the success answers are checked
# against the same contract by the sandbox's own tests (`assert_conforms`).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=$PWD/target}"
venv=${KYB_VENV:-$HOME/.cache/kyb-desk/venv}

cargo build --quiet -p kyb-sandbox --locked
manifest=$(mktemp -t kyb-sandbox.XXXXXX)
"$CARGO_TARGET_DIR/debug/kyb-sandbox" --port 0 >"$manifest" &
pid=$!
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -f "$manifest"' EXIT
for _ in $(seq 100); do [[ -s $manifest ]] && break; sleep 0.1; done
[[ -s $manifest ]] || { echo "the sandbox did not start" >&2; exit 1; }
read -r base_url api_key workspace < <(python3 -c '
import json, sys
m = json.loads(open(sys.argv[1]).readline())
t = m["tenants"][0]
print(m["base_url"], t["api_key"], t["workspace_id"])' "$manifest")

timeout 300 "$venv/bin/schemathesis" run docs/openapi.yaml \
  --url "$base_url" \
  --header "SERVICE-API-KEY: $api_key" --header "X-Workspace: $workspace" \
  --max-examples 25 --generation-deterministic --request-timeout 5 \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance
