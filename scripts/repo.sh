#!/usr/bin/env bash
# `make repo`: the signed package repositories IT publishes, built from `make bundle`'s
# packages (or the ones named), that `apt upgrade` and `dnf upgrade` follow.
#
#   scripts/repo.sh --key FINGERPRINT [--out DIR] [PACKAGE.deb|PACKAGE.rpm ...]
#
#   --key   the OpenPGP key that signs, by fingerprint, from the keyring of $GNUPGHOME
#           (or ~/.gnupg). It is the company's: this script never makes one, and a
#           test's key is made in the test and thrown away with it.
#   --out   where the repositories go (default dist/repo); run again with newer
#           packages to publish them (APT keeps the newest version of each package;
#           the RPM repository keeps them all, and dnf takes the newest).
#
# What comes out, to be served as static files (HTTPS, or a file share):
#   DIR/kyb-desk.asc   the public key, for the desks (`signed-by`, `gpgkey`)
#   DIR/apt/           an APT repository (reprepro): suite "stable", component "main";
#                      its Release is signed (InRelease and Release.gpg)
#   DIR/rpm/           an RPM repository (createrepo_c): each package signed (rpmsign),
#                      and its metadata signed (repodata/repomd.xml.asc)
#   DIR/rpm/kyb-desk.repo  the file a desk puts in /etc/yum.repos.d/ (its baseurl to edit)
# How a desk adds them: docs/OPERATIONS.md, "Installed and kept current by IT".
set -euo pipefail
cd "$(dirname "$0")/.."

die() { printf '\033[31merror:\033[0m %s\n' "$*" >&2; exit 1; }
say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

key="" out="dist/repo" packages=()
while (($#)); do
  case $1 in
    --key) key=${2:?--key needs a fingerprint}; shift 2 ;;
    --out) out=${2:?--out needs a folder}; shift 2 ;;
    -*) die "unknown option $1" ;;
    *) packages+=("$1"); shift ;;
  esac
done
[[ -n $key ]] || die "give the signing key: scripts/repo.sh --key FINGERPRINT (make repo REPO_KEY=...)"
for tool in gpg reprepro createrepo_c rpmsign; do
  command -v "$tool" >/dev/null || die "$tool is missing: scripts/install-deps.sh repo installs it"
done
# The whole fingerprint, so a short id that two keys share cannot pick the wrong one.
fingerprint=$(gpg --batch --with-colons --list-secret-keys "$key" 2>/dev/null | awk -F: '$1 == "fpr" { print $10; exit }')
[[ -n $fingerprint ]] || die "no secret key $key in ${GNUPGHOME:-~/.gnupg}"

if ((${#packages[@]} == 0)); then
  bundle=${CARGO_TARGET_DIR:-$HOME/.cache/kyb-desk/target}/release/bundle
  shopt -s nullglob
  packages=("$bundle"/deb/*.deb "$bundle"/rpm/*.rpm)
  shopt -u nullglob
  ((${#packages[@]})) || die "no packages in $bundle: run make bundle first"
fi
debs=() rpms=()
for package in "${packages[@]}"; do
  [[ -f $package ]] || die "no such package: $package"
  case $package in
    *.deb) debs+=("$package") ;;
    *.rpm) rpms+=("$package") ;;
    *) die "neither .deb nor .rpm: $package" ;;
  esac
done

mkdir -p "$out"
out=$(cd "$out" && pwd)
gpg --batch --yes --armor --export "$fingerprint" >"$out/kyb-desk.asc"

if ((${#debs[@]})); then
  say "APT repository: ${#debs[@]} package(s) into $out/apt"
  mkdir -p "$out/apt/conf"
  # Written each time: the key may have changed (a new one signs from now on).
  cat >"$out/apt/conf/distributions" <<EOF
Origin: KYB Desk
Label: KYB Desk
Suite: stable
Codename: stable
Architectures: amd64 arm64
Components: main
Description: KYB Desk, the back office of the KYB service
SignWith: $fingerprint
EOF
  reprepro --basedir "$out/apt" --silent export
  for deb in "${debs[@]}"; do
    reprepro --basedir "$out/apt" --silent includedeb stable "$deb"
  done
fi

if ((${#rpms[@]})); then
  say "RPM repository: ${#rpms[@]} package(s) into $out/rpm"
  mkdir -p "$out/rpm/packages"
  for rpm in "${rpms[@]}"; do
    target="$out/rpm/packages/$(basename "$rpm" | tr ' ' '_')"
    cp -f "$rpm" "$target"
    rpmsign --define "_gpg_name $fingerprint" --define "__gpg $(command -v gpg)" --addsign "$target" >/dev/null
  done
  createrepo_c --quiet --update "$out/rpm"
  gpg --batch --yes --local-user "$fingerprint" --armor --detach-sign "$out/rpm/repodata/repomd.xml"
  cat >"$out/rpm/kyb-desk.repo" <<'EOF'
[kyb-desk]
name=KYB Desk
# Where IT serves the rpm/ folder of `make repo`'s output.
baseurl=https://packages.example.com/kyb-desk/rpm
enabled=1
gpgcheck=1
repo_gpgcheck=1
gpgkey=https://packages.example.com/kyb-desk/kyb-desk.asc
EOF
fi
say "Signed with $fingerprint: $out"
