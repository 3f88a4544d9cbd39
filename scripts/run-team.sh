#!/usr/bin/env bash
# `make run-team`: two desks of one team, side by side on this display. A private
# PostgreSQL (as the tests start it: scripts/session.sh --postgres, password
# authentication) holds the team's database, set up as docs/OPERATIONS.md tells a company;
# each desk runs the demo (the same seed, so the same files) as a member with a login
# of their own: Ana, the team's first supervisor, and Beto, an analyst she adds. Open
# a review on one desk and watch the claim appear on the other. Closing both windows
# stops everything; nothing is kept.
#   scripts/run-team.sh APP_BINARY
set -euo pipefail

app=${1:?usage: scripts/run-team.sh APP_BINARY}
if [[ -z ${KYB_SESSION_INNER:-} ]]; then
  KYB_SESSION_VISIBLE=1 exec "$(dirname "$0")/session.sh" --postgres -- "$0" "$@"
fi

# The team's database set up as docs/OPERATIONS.md tells a company: an owner role (kept only
# here) runs the schema, and each member connects as a login of their own. Ana is the
# first supervisor; she adds Beto, as she would from her Team screen.
cargo build -q -p kyb-team --bin kyb-team-setup
setup=("${CARGO_TARGET_DIR:-target}/debug/kyb-team-setup")
owner_password=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
socket_url="host=$PGHOST"
KYB_TEAM_OWNER_PASSWORD=$owner_password "${setup[@]}" prepare \
  --admin "$KYB_TEST_DATABASE_URL" --database kyb_team --owner kyb_team_owner
owner_url="postgres://kyb_team_owner:$owner_password@localhost/kyb_team?$socket_url"
"${setup[@]}" migrate --owner "$owner_url"
# The demo's workspace: its sandbox's first tenant (the demo's seed, the same in every
# app), as the sandbox's own program announces it.
cargo build -q -p kyb-sandbox
coproc SANDBOX { exec "${CARGO_TARGET_DIR:-target}/debug/kyb-sandbox" --port 0 --seed 7 --files 40; }
read -r manifest <&"${SANDBOX[0]}"
kill "$SANDBOX_PID" 2>/dev/null || true
wait "$SANDBOX_PID" 2>/dev/null || true
workspace=$(python3 -c 'import json, sys; print(json.loads(sys.argv[1])["tenants"][0]["workspace_id"])' "$manifest")
ana_one_time=$("${setup[@]}" supervisor --owner "$owner_url" --workspace "$workspace" \
  --login ana --email ana@kybdesk.mx | tail -n 1)
# Ana's own password from here on (a desk would make it at her first sign-in).
ana_password=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
PGPASSWORD=$ana_one_time psql -XAtq -h "$PGHOST" -U ana -d kyb_team \
  -c "SELECT team_change_password('$ana_password')"
beto_one_time=$(PGPASSWORD=$ana_password psql -XAtq -h "$PGHOST" -U ana -d kyb_team \
  -c "SELECT team_add_member('$workspace', 'beto', 'beto@kybdesk.mx', 'analyst')")
desks="$KYB_SESSION_DIR/desks"
mkdir -p "$desks"
pids=()
stop() { kill "${pids[@]}" 2>/dev/null || true; }
trap stop EXIT
KYB_DEMO_TEAM_PASSWORD=$ana_password "$app" --demo --data-dir "$desks/ana" \
  --demo-team "$PGHOST" --demo-member ana &
pids+=($!)
KYB_DEMO_TEAM_PASSWORD=$beto_one_time "$app" --demo --data-dir "$desks/beto" \
  --demo-team "$PGHOST" --demo-member beto &
pids+=($!)
echo "Two desks of one team, each as its own login: ana (supervisor) and beto (analyst)."
echo "Open a review on one desk and watch its claim appear on the other. Close both windows to end."
wait "${pids[@]}"
