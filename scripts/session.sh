#!/usr/bin/env bash
# Runs a command inside a private desktop session, and tears it all down afterwards:
#   scripts/session.sh [--driver] [--postgres] -- COMMAND [ARG...]
# - its own Xvfb display (a free display number, picked by Xvfb itself), or the user's
#   own with KYB_SESSION_VISIBLE=1 (`make run-team`: windows to look at),
# - a private D-Bus session bus (dbus-run-session) with no activatable services,
# - an unlocked gnome-keyring Secret Service with throwaway XDG directories,
# - with --driver, tauri-driver on a free port, exported as KYB_WEBDRIVER_URL,
# - with --postgres, a private PostgreSQL cluster (Debian's 15): its data directory and
#   unix socket in the session's folder, no TCP. Password authentication
#   (SCRAM-SHA-256) for every role, as a company's server has it: who is who is what
#   the team's tests are about, and `trust` would let anyone be anyone. The
#   superuser `kyb` has a random password, in KYB_TEST_DATABASE_URL and in a pgpass
#   file (PGPASSFILE) for PostgreSQL's own programs; PGHOST (the socket's folder),
#   PGUSER and PGDATABASE are exported too. initdb refuses root, so as root it runs
#   as `postgres`.
# Every process started here is stopped by PID (or process group) on exit, also when
# the command fails or the run is interrupted.
set -euo pipefail

if [[ -z ${KYB_SESSION_INNER:-} ]]; then
  # Outer half: the display. The inner half runs under dbus-run-session.
  workdir=$(mktemp -d -t kyb-session.XXXXXX)
  xvfb_pid=""
  cleanup() {
    trap '' INT TERM
    [[ -n $xvfb_pid ]] && kill "$xvfb_pid" 2>/dev/null && wait "$xvfb_pid" 2>/dev/null
    rm -rf "$workdir"
  }
  trap cleanup EXIT
  trap 'exit 130' INT TERM
  if [[ ${KYB_SESSION_VISIBLE:-} == 1 ]]; then
    display=$DISPLAY
  else
    # 1280x800 is the main window's size, so a screenshot of the root is the window.
    Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$workdir/display" 2>"$workdir/xvfb.log" &
    xvfb_pid=$!
    for _ in $(seq 100); do [[ -s $workdir/display ]] && break; sleep 0.1; done
    [[ -s $workdir/display ]] || { cat "$workdir/xvfb.log" >&2; echo "Xvfb did not start" >&2; exit 1; }
    display=":$(cat "$workdir/display")"
  fi
  status=0
  # NO_AT_BRIDGE: GTK would otherwise start an accessibility bus that outlives us.
  KYB_SESSION_INNER=1 KYB_SESSION_DIR="$workdir" DISPLAY="$display" WAYLAND_DISPLAY= NO_AT_BRIDGE=1 \
    dbus-run-session --config-file="$(dirname "$0")/dbus-session.conf" -- "$0" "$@" || status=$?
  exit "$status"
fi

# Inner half: keyring, optional driver, the command.
with_driver=false
with_postgres=false
while [[ ${1:-} == --driver || ${1:-} == --postgres ]]; do
  [[ $1 == --driver ]] && with_driver=true
  [[ $1 == --postgres ]] && with_postgres=true
  shift
done
[[ ${1:-} == -- ]] && shift

export XDG_RUNTIME_DIR="$KYB_SESSION_DIR/runtime" XDG_DATA_HOME="$KYB_SESSION_DIR/data"
mkdir -p -m 700 "$XDG_RUNTIME_DIR" "$XDG_DATA_HOME"

pids=()
groups=()
cleanup_inner() {
  trap '' INT TERM
  for group in "${groups[@]}"; do kill -- "-$group" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${groups[@]}" "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap cleanup_inner EXIT
trap 'exit 130' INT TERM

# --foreground keeps the daemon our child, so its PID is ours to stop.
printf 'kyb-desk-test' | gnome-keyring-daemon --foreground --unlock --components=secrets \
  >"$KYB_SESSION_DIR/keyring.log" 2>&1 &
keyring=$!
pids+=("$keyring")
for _ in $(seq 100); do
  dbus-send --session --print-reply --dest=org.freedesktop.DBus / \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null |
    grep -q "boolean true" && break
  sleep 0.1
done

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

if $with_driver; then
  # A debug build saves its exports here instead of asking where (the native dialog is
  # out of WebDriver's reach); the journeys read the same variable to find them.
  export KYB_DESK_TEST_SAVE_DIR="$KYB_SESSION_DIR/saved"
  mkdir -p "$KYB_DESK_TEST_SAVE_DIR"
  # …and takes the files a user would pick (a risk list to import) from here, by format.
  export KYB_DESK_TEST_OPEN_DIR="$KYB_SESSION_DIR/picked"
  mkdir -p "$KYB_DESK_TEST_OPEN_DIR"
  # …and opens a link in a browser through this desktop's launcher, found first on the
  # app's PATH: it opens nothing, and writes down what it was given (the link, and the
  # environment the app gave it) for the journeys to read.
  export KYB_DESK_TEST_OPENED_DIR="$KYB_SESSION_DIR/opened"
  mkdir -p "$KYB_DESK_TEST_OPENED_DIR" "$KYB_SESSION_DIR/desktop"
  cat >"$KYB_SESSION_DIR/desktop/xdg-open" <<LAUNCHER
#!/bin/sh
opened="$KYB_DESK_TEST_OPENED_DIR/\$(date +%s%N)-\$\$"
env >"\$opened.env"
printf '%s\n' "\$@" >"\$opened.part" && mv "\$opened.part" "\$opened.link"
LAUNCHER
  chmod +x "$KYB_SESSION_DIR/desktop/xdg-open"
  port=$(free_port)
  native_port=$(free_port)
  # Its own process group: tauri-driver's children (WebKitWebDriver, the app) go with it.
  PATH="$KYB_SESSION_DIR/desktop:$PATH" setsid tauri-driver --port "$port" --native-port "$native_port" \
    >"$KYB_SESSION_DIR/tauri-driver.log" 2>&1 &
  groups+=($!)
  export KYB_WEBDRIVER_URL="http://127.0.0.1:$port"
  for _ in $(seq 100); do curl -fs "$KYB_WEBDRIVER_URL/status" >/dev/null 2>&1 && break; sleep 0.1; done
  curl -fs "$KYB_WEBDRIVER_URL/status" >/dev/null 2>&1 ||
    { cat "$KYB_SESSION_DIR/tauri-driver.log" >&2; echo "tauri-driver did not start" >&2; exit 1; }
fi

if $with_postgres; then
  pg_bin=/usr/lib/postgresql/15/bin
  pg_dir="$KYB_SESSION_DIR/pg"
  pg_socket="$KYB_SESSION_DIR/pg-socket"
  pg_log="$KYB_SESSION_DIR/pg-log"
  mkdir -p "$pg_dir" "$pg_socket" "$pg_log"
  as_postgres=()
  if ((EUID == 0)); then
    # The server's user must reach its folders through the session's private one.
    chmod 711 "$KYB_SESSION_DIR"
    chown postgres: "$pg_dir" "$pg_socket" "$pg_log"
    as_postgres=(runuser -u postgres --)
  fi
  pg_password=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
  pg_pwfile="$KYB_SESSION_DIR/pg-pwfile"
  printf '%s' "$pg_password" >"$pg_pwfile"
  ((EUID == 0)) && chown postgres: "$pg_pwfile"
  "${as_postgres[@]}" "$pg_bin/initdb" -D "$pg_dir" -U kyb --auth-local=scram-sha-256 \
    --auth-host=scram-sha-256 --pwfile="$pg_pwfile" -E UTF8 --no-locale >"$KYB_SESSION_DIR/initdb.log" 2>&1 ||
    { cat "$KYB_SESSION_DIR/initdb.log" >&2; echo "initdb failed" >&2; exit 1; }
  # The server is this script's child (not pg_ctl's daemon), so it is stopped by its PID
  # and reaped here; runuser passes the signal on.
  # Settings in the cluster's file, not on the command line, so that ALTER SYSTEM (which
  # the team's benchmark uses to measure with fsync on, as a real server runs) overrides
  # them. Tests need no durability: fsync off. KYB_PG_MAX_CONNECTIONS: the benchmark's
  # 200 desks hold about a thousand.
  cat >>"$pg_dir/postgresql.conf" <<CONF
listen_addresses = ''
unix_socket_directories = '$pg_socket'
fsync = off
max_connections = ${KYB_PG_MAX_CONNECTIONS:-300}
CONF
  "${as_postgres[@]}" "$pg_bin/postgres" -D "$pg_dir" >"$pg_log/postgres.log" 2>&1 &
  pids+=($!)
  rm -f "$pg_pwfile"
  for _ in $(seq 100); do "$pg_bin/pg_isready" -q -h "$pg_socket" && break; sleep 0.1; done
  "$pg_bin/pg_isready" -q -h "$pg_socket" ||
    { cat "$pg_log/postgres.log" >&2; echo "PostgreSQL did not start" >&2; exit 1; }
  printf '*:*:*:kyb:%s\n' "$pg_password" >"$KYB_SESSION_DIR/pgpass"
  chmod 600 "$KYB_SESSION_DIR/pgpass"
  export PGHOST="$pg_socket" PGUSER=kyb PGDATABASE=postgres PG_BIN="$pg_bin" PGPASSFILE="$KYB_SESSION_DIR/pgpass"
  export KYB_TEST_DATABASE_URL="postgres://kyb:$pg_password@localhost/postgres?host=$pg_socket"
fi

status=0
"$@" || status=$?
# A Secret Service that died under the command fails what needs it after: say so.
if ! kill -0 "$keyring" 2>/dev/null; then
  echo "--- the session's Secret Service (gnome-keyring-daemon) died during the run; its log: ---" >&2
  tail -n 40 "$KYB_SESSION_DIR/keyring.log" >&2 || true
fi
if ((status != 0)) && $with_driver; then
  echo "--- tauri-driver log (last 40 lines) ---" >&2
  tail -n 40 "$KYB_SESSION_DIR/tauri-driver.log" >&2 || true
fi
exit "$status"
