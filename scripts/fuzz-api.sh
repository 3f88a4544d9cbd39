#!/usr/bin/env bash
# The OpenAPI-driven fuzz run of `make test`: schemathesis generates requests for every
# operation of docs/openapi.yaml (the service's contract) and sends them to the sandbox,
# started here on a free port. It fails on any server error (5xx) and on any answer
# outside the contract: status code, content type or body. Bounded: 25 examples per
# operation, deterministic generation, 5 s per request, 5 minutes in all.
# The path parameters are the seeded example file and folio (from the sandbox's own
# manifest), so the detail and verification answers are checked on success too;
# generated bodies rarely name a seeded file, so for the POST operations this run
# mostly exercises the refusals, whose successes the sandbox's tests check against the
# same contract (`assert_conforms`).
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
read -r base_url api_key workspace document_id folio < <(python3 -c '
import json, sys
m = json.loads(open(sys.argv[1]).readline())
t, e = m["tenants"][0], m["examples"]
print(m["base_url"], t["api_key"], t["workspace_id"], e["document_id"], e["folios"]["Enviado"])' "$manifest")
config=$(mktemp -t schemathesis.XXXXXX.toml)
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -f "$manifest" "$config"' EXIT
printf '[parameters]\n"path.id" = "%s"\n"path.folio" = "%s"\n' "$document_id" "$folio" >"$config"

timeout 300 "$venv/bin/schemathesis" --config-file "$config" run docs/openapi.yaml \
  --url "$base_url" \
  --header "SERVICE-API-KEY: $api_key" --header "X-Workspace: $workspace" \
  --max-examples 25 --generation-deterministic --request-timeout 5 \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance
