#!/usr/bin/env bash
# `make run-team`: two desks of one team, side by side on this display. A private
# PostgreSQL (as the tests start it: scripts/session.sh --postgres) holds the team's
# database; each desk runs the demo (the same seed, so the same files) as one member:
# Ana, the team's first member and so its supervisor, and Beto, an analyst. Open a
# review on one desk and watch the claim appear on the other. Closing both windows
# stops everything; nothing is kept.
#   scripts/run-team.sh APP_BINARY
set -euo pipefail

app=${1:?usage: scripts/run-team.sh APP_BINARY}
if [[ -z ${KYB_SESSION_INNER:-} ]]; then
  KYB_SESSION_VISIBLE=1 exec "$(dirname "$0")/session.sh" --postgres -- "$0" "$@"
fi

"$PG_BIN/createdb" -h "$PGHOST" -U "$PGUSER" kyb_team
desks="$KYB_SESSION_DIR/desks"
mkdir -p "$desks"
pids=()
stop() { kill "${pids[@]}" 2>/dev/null || true; }
trap stop EXIT
for member in ana beto; do
  "$app" --demo --data-dir "$desks/$member" --demo-team "$PGHOST" --demo-member "$member@kybdesk.mx" &
  pids+=($!)
  # Ana joins first, and so supervises the team.
  [[ $member == ana ]] && sleep 3
done
echo "Two desks of one team: ana@kybdesk.mx (supervisor) and beto@kybdesk.mx (analyst)."
echo "Open a review on one desk and watch its claim appear on the other. Close both windows to end."
wait "${pids[@]}"
