#!/usr/bin/env bash
# The signed repositories of `make repo` (scripts/repo.sh), as IT and a desk meet them,
# on this machine: kyb-desk installed from the APT repository through file:// with
# `signed-by`, a newer build published and taken by `apt-get upgrade`; a repository
# signed with another key refused, a package swapped in the pool refused; the RPM
# repository's packages and metadata checked against their signatures, one signed
# with another key refused.
#
# It builds the packaged app (no demo) in the debug profile, which differs from
# `make bundle`'s release one only in optimisation, twice: the second with a higher
# version. It installs kyb-desk and takes it away again, so it refuses to run where
# kyb-desk is already installed. The keys are made here and thrown away with the
# folder; apt reads only this test's sources and lists (the machine's stay untouched).
set -euo pipefail
cd "$(dirname "$0")/../.."

fail() { printf '\033[31mFAIL:\033[0m %s\n' "$*" >&2; exit 1; }
ok() { printf 'ok: %s\n' "$*"; }
as_root() { if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi; }

if dpkg-query -W -f='${Status}' kyb-desk 2>/dev/null | grep -q "install ok installed"; then
  fail "kyb-desk is installed on this machine: this test installs and removes it; remove it first"
fi

work=$(mktemp -d /tmp/kyb-repo-test.XXXXXX)
installed=0
cleanup() {
  if ((installed)); then as_root apt-get remove -y -qq kyb-desk >/dev/null 2>&1 || true; fi
  gpgconf --homedir "$work/gnupg" --kill all 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# --- The company's key, and an attacker's -------------------------------------------
export GNUPGHOME=$work/gnupg
mkdir -m 700 "$GNUPGHOME"
new_key() {
  gpg --batch --quiet --passphrase '' --quick-gen-key "$1" rsa3072 sign never
  gpg --batch --with-colons --list-secret-keys "$1" | awk -F: '$1 == "fpr" { print $10; exit }'
}
company=$(new_key "KYB Desk packages (test) <packages@kybdesk.invalid>")
other=$(new_key "Someone else (test) <other@kybdesk.invalid>")
[[ -n $company && -n $other && $company != "$other" ]] || fail "two test keys"

publish() { # publish KEY OUT PACKAGES...: scripts/repo.sh, its words shown only on failure
  scripts/repo.sh --key "$1" --out "$2" "${@:3}" >"$work/publish.log" 2>&1 || { cat "$work/publish.log"; fail "scripts/repo.sh"; }
}

# --- Two builds of the packaged app ---------------------------------------------------
target=${CARGO_TARGET_DIR:-$HOME/.cache/kyb-desk/target}
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
newer=$(awk -F. '{ printf "%d.%d.%d", $1, $2, $3 + 1 }' <<<"$version")
build() { # build VERSION OUT: the packages of that version, copied to OUT
  ui/node_modules/.bin/tauri build --debug --ci --bundles deb,rpm \
    --config "{\"version\": \"$1\"}" -- --no-default-features --locked >"$work/build-$1.log" 2>&1 ||
    { tail -30 "$work/build-$1.log"; fail "the packaged build $1"; }
  mkdir -p "$2"
  cp "$target"/debug/bundle/deb/*_"$1"_*.deb "$target"/debug/bundle/rpm/*-"$1"-*.rpm "$2"/
}
build "$version" "$work/v1"
build "$newer" "$work/v2"
ok "packages $version and $newer built"

# --- The APT repository, as a desk adds it ----------------------------------------------
publish "$company" "$work/repo" "$work"/v1/*
mkdir -p "$work/apt/lists/partial" "$work/apt/archives/partial"
apt_with() { # apt_with SOURCES.LIST apt-get ARGS...: apt on this test's sources alone
  local sources=$1; shift
  as_root apt-get -q -o Dir::Etc::SourceList="$sources" -o Dir::Etc::SourceParts=/dev/null \
    -o Dir::State::Lists="$work/apt/lists" -o Dir::Cache::Archives="$work/apt/archives" \
    -o APT::Sandbox::User=root "$@"
}
echo "deb [signed-by=$work/repo/kyb-desk.asc] file://$work/repo/apt stable main" >"$work/desk.list"
apt_with "$work/desk.list" update >"$work/update.log" 2>&1 || { cat "$work/update.log"; fail "apt-get update on the signed repository"; }
installed=1
DEBIAN_FRONTEND=noninteractive apt_with "$work/desk.list" install -y kyb-desk >"$work/install.log" 2>&1 ||
  { cat "$work/install.log"; fail "apt-get install kyb-desk"; }
got=$(dpkg-query -W -f='${Version}' kyb-desk)
[[ $got == "$version" ]] || fail "installed $got, expected $version"
[[ -x /usr/bin/kyb-desk ]] || fail "/usr/bin/kyb-desk is not there"
ok "kyb-desk $version installed from file:// with signed-by"

# IT publishes the newer build; the desk's apt-get upgrade moves to it.
publish "$company" "$work/repo" "$work"/v2/*
apt_with "$work/desk.list" update >"$work/update.log" 2>&1 || { cat "$work/update.log"; fail "apt-get update after publishing"; }
DEBIAN_FRONTEND=noninteractive apt_with "$work/desk.list" upgrade -y >"$work/upgrade.log" 2>&1 ||
  { cat "$work/upgrade.log"; fail "apt-get upgrade"; }
got=$(dpkg-query -W -f='${Version}' kyb-desk)
[[ $got == "$newer" ]] || { cat "$work/upgrade.log"; fail "after apt-get upgrade: $got, expected $newer"; }
ok "apt-get upgrade moved kyb-desk to $newer"

# The refusals below start from a desk without kyb-desk: what they refuse is an install.
as_root apt-get remove -y -qq kyb-desk >/dev/null 2>&1 || fail "removing kyb-desk"
not_installed() { ! dpkg-query -W -f='${Status}' kyb-desk 2>/dev/null | grep -q "install ok installed"; }

# A repository signed with another key, at the address the desk trusts: refused.
publish "$other" "$work/forged" "$work"/v2/*
echo "deb [signed-by=$work/repo/kyb-desk.asc] file://$work/forged/apt stable main" >"$work/forged.list"
# Nothing the trusted repository gave stays behind: no list, no downloaded package.
rm -rf "$work/apt/lists" "$work/apt/archives" && mkdir -p "$work/apt/lists/partial" "$work/apt/archives/partial"
if apt_with "$work/forged.list" update >"$work/forged.log" 2>&1 && ! grep -q "NO_PUBKEY\|not signed\|couldn't be verified" "$work/forged.log"; then
  cat "$work/forged.log"; fail "a repository signed with another key was taken"
fi
grep -q "NO_PUBKEY\|not signed\|couldn't be verified" "$work/forged.log" || { cat "$work/forged.log"; fail "the refusal names no signature"; }
if apt_with "$work/forged.list" install -y kyb-desk >"$work/forged-install.log" 2>&1 || ! not_installed; then
  cat "$work/forged-install.log"; fail "a package was installed from a repository signed with another key"
fi
ok "a repository signed with another key is refused"

# A package swapped in the trusted repository's pool (its Release still signed): refused.
rm -rf "$work/apt/lists" "$work/apt/archives" && mkdir -p "$work/apt/lists/partial" "$work/apt/archives/partial"
apt_with "$work/desk.list" update >"$work/update.log" 2>&1 || fail "apt-get update before the swap"
pooled=$(find "$work/repo/apt/pool" -name "*_${newer}_*.deb")
cp -f "$work"/v1/*.deb "$pooled"
if DEBIAN_FRONTEND=noninteractive apt_with "$work/desk.list" install -y kyb-desk >"$work/swap.log" 2>&1 || ! not_installed; then
  cat "$work/swap.log"; fail "a package swapped in the pool was installed"
fi
grep -qi "hash sum mismatch\|unexpected size\|Hashes of expected file" "$work/swap.log" || { cat "$work/swap.log"; fail "the swap's refusal names no hash"; }
ok "a package swapped in the pool is refused (its hash)"

# --- The RPM repository ---------------------------------------------------------------
publish "$company" "$work/repo" "$work"/v1/*.rpm
publish "$company" "$work/repo" "$work"/v2/*.rpm
# The desk's side: its rpm database trusts the published key, and nothing else.
rpmdb=$work/rpmdb
rpm --dbpath "$rpmdb" --initdb
rpm --dbpath "$rpmdb" --import "$work/repo/kyb-desk.asc"
for rpm_file in "$work"/repo/rpm/packages/*.rpm; do
  rpm --dbpath "$rpmdb" --checksig "$rpm_file" | grep -q "signatures OK" || fail "$(basename "$rpm_file") is not signed by the company's key"
done
# The metadata's signature, with the published key alone.
gpg --batch --quiet --dearmor -o "$work/desk.gpg" "$work/repo/kyb-desk.asc"
gpgv --keyring "$work/desk.gpg" "$work/repo/rpm/repodata/repomd.xml.asc" "$work/repo/rpm/repodata/repomd.xml" 2>/dev/null ||
  fail "repomd.xml's signature"
primary=$(find "$work/repo/rpm/repodata" -name "*primary.xml*")
listed=$(zcat -f "$primary" | grep -o 'ver="[^"]*"' | sort -u | tr '\n' ' ')
[[ $listed == *"ver=\"$version\""* && $listed == *"ver=\"$newer\""* ]] || fail "the metadata lists $listed"
# Changed metadata no longer matches its signature.
sed -i 's/<revision>/<revision>1/' "$work/repo/rpm/repodata/repomd.xml"
if gpgv --keyring "$work/desk.gpg" "$work/repo/rpm/repodata/repomd.xml.asc" "$work/repo/rpm/repodata/repomd.xml" 2>/dev/null; then
  fail "changed metadata passed its signature"
fi
# A package signed with another key: refused by the desk's rpm.
publish "$other" "$work/forged" "$work"/v2/*.rpm
forged=$(find "$work/forged/rpm/packages" -name "*.rpm" | head -1)
if rpm --dbpath "$rpmdb" --checksig "$forged" | grep -q "signatures OK"; then
  fail "a package signed with another key passed"
fi
ok "RPM: packages and metadata signed by the company's key; another key's package refused"
