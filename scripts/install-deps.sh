#!/usr/bin/env bash
# Installs what KYB Desk needs on a Debian 12 machine, and only what is missing.
#   scripts/install-deps.sh run    system libraries for the app, Node.js check, npm ci
#   scripts/install-deps.sh test   the above, plus Xvfb, D-Bus, gnome-keyring,
#                                  WebKitWebDriver, ImageMagick, tauri-driver and
#                                  schemathesis (from PyPI, in its own virtualenv)
#   scripts/install-deps.sh bench  the above, plus valgrind (instruction counts)
#   scripts/install-deps.sh repo   reprepro, createrepo_c, rpmsign and gpg (make repo)
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-run}
TAURI_DRIVER_VERSION=2.1.0
SCHEMATHESIS_VERSION=4.32.5
# Outside the clone, like the build directory, so every clone shares it.
VENV=${KYB_VENV:-$HOME/.cache/kyb-desk/venv}
NODE_MIN=20.19.0

app_packages=(libwebkit2gtk-4.1-dev libsoup-3.0-dev libjavascriptcoregtk-4.1-dev librsvg2-dev
  libayatana-appindicator3-dev libxdo-dev libssl-dev libdbus-1-dev pkg-config build-essential curl)
test_packages=(webkit2gtk-driver xvfb gnome-keyring dbus-x11 imagemagick x11-utils python3 python3-venv python3-stdnum postgresql poppler-utils unzip)
# callgrind counts the client's instructions per call, which the machine's load does not move.
bench_packages=(valgrind)
# `make repo` and its test: the APT repository's tool, the RPM repository's, and rpmsign.
repo_packages=(reprepro createrepo-c rpm gnupg)

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
die() { printf '\033[31merror:\033[0m %s\n' "$*" >&2; exit 1; }

as_root() {
  if [[ $(id -u) -eq 0 ]]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else die "need root to run: $* (install sudo or run as root)"; fi
}

install_apt() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  ((${#missing[@]} == 0)) && return
  say "Installing system packages: ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

version_at_least() { [[ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -1)" == "$2" ]]; }

check_toolchains() {
  command -v cargo >/dev/null || die "Rust is not installed: get it from rustup (https://rustup.rs), then run make again."
  if command -v rustup >/dev/null; then
    for component in rustfmt clippy; do
      rustup component list --installed 2>/dev/null | grep -q "^$component" || rustup component add "$component"
    done
  fi
  if ! command -v node >/dev/null; then
    install_apt nodejs npm
  fi
  local node_version
  node_version=$(node --version | tr -d v)
  version_at_least "$node_version" "$NODE_MIN" ||
    die "Node.js $node_version is too old: the UI's build tools (Vite 8) need $NODE_MIN or newer."
}

npm_ci_if_stale() {
  # npm ci is slow; rerun it only when the lock file changed since the last install.
  local stamp=ui/node_modules/.package-lock.json
  if [[ ! -f $stamp || ui/package-lock.json -nt $stamp ]]; then
    say "Installing the UI's npm packages (npm ci)"
    (cd ui && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

install_tauri_driver() {
  if command -v tauri-driver >/dev/null &&
    cargo install --list | grep -q "^tauri-driver v$TAURI_DRIVER_VERSION:"; then
    return
  fi
  say "Installing tauri-driver $TAURI_DRIVER_VERSION (about a minute)"
  cargo install tauri-driver --locked --version "$TAURI_DRIVER_VERSION" --quiet
}

install_schemathesis() {
  if "$VENV/bin/schemathesis" --version 2>/dev/null | grep -q " $SCHEMATHESIS_VERSION$"; then
    return
  fi
  say "Installing schemathesis $SCHEMATHESIS_VERSION into $VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
}

# A bench drives the same windows and services as the tests.
testing=false
[[ $mode == test || $mode == bench ]] && testing=true

# Publishing needs no build tools: only the repositories' own.
if [[ $mode == repo ]]; then
  install_apt "${repo_packages[@]}"
  exit 0
fi

install_apt "${app_packages[@]}"
$testing && install_apt "${test_packages[@]}"
[[ $mode == bench ]] && install_apt "${bench_packages[@]}"
check_toolchains
npm_ci_if_stale
$testing && install_tauri_driver
$testing && install_schemathesis
exit 0
