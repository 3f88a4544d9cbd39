# KYB Desk. The two commands a newcomer needs: `make run` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help

# One target directory outside the clone, shared by every checkout on this machine,
# so a fresh clone (and CI) reuses what an earlier build compiled. Checkouts take turns
# with it: each target that builds holds it (scripts/with-target-lock.sh says why).
CARGO_TARGET_DIR ?= $(HOME)/.cache/kyb-desk/target
export CARGO_TARGET_DIR
# The fuzz builds (nightly, instrumented) keep out of the project's target directory.
FUZZ_TARGET_DIR ?= $(HOME)/.cache/kyb-desk/target-fuzz
# Known fix for a blank WebKitGTK window on some GPU drivers; a value the user set wins.
WEBKIT_DISABLE_DMABUF_RENDERER ?= 1
export WEBKIT_DISABLE_DMABUF_RENDERER

APP_BIN := $(CARGO_TARGET_DIR)/debug/kyb-desk

.PHONY: help run run-team test fuzz bench screenshots bundle repo test-repo packaged-features ui app deps dev bindings schema icons clean

help:
	@echo "make run          build KYB Desk and open it on its embedded demo service"
	@echo "make run-team     two desks of one team on a private PostgreSQL, to watch a claim reach the other desk"
	@echo "make test         every check: format, lint, unit tests, UI tests, end-to-end in the real window"
	@echo "make fuzz         the libFuzzer campaign on the answer decoders (FUZZ_RUNS, FUZZ_SECONDS, FUZZ_SANITIZER)"
	@echo "make bench        measure the release build beside a bare Tauri window; writes docs/BENCHMARKS.md"
	@echo "make screenshots  write PNGs of the app's screens to docs/screenshots/ (no desktop needed)"
	@echo "make bundle       build the Debian and RPM packages (release) with the Tauri bundler"
	@echo "make repo         signed APT and RPM repositories from make bundle's packages (REPO_KEY=fingerprint, REPO_DIR)"
	@echo "make test-repo    install kyb-desk here from a test repository, upgrade it, refuse forged ones; then remove it"
	@echo "make dev          the app over the Vite dev server, with hot reload"
	@echo "make bindings     regenerate ui/src/bindings/, ui/src/api/commands.ts and the capabilities from the Rust types and commands"
	@echo "make schema       regenerate crates/kyb-team/schema.sql from the migrations"
	@echo "make icons        regenerate icons/ from icons/app-icon.svg"

deps:
	@scripts/install-deps.sh run

ui: deps
	npm --prefix ui run --silent build

LOCKED := scripts/with-target-lock.sh

app: ui
	$(LOCKED) cargo build -p kyb-desk

run:
	@if [[ -z "$$DISPLAY" && -z "$$WAYLAND_DISPLAY" ]]; then \
	  echo "No display is available (neither DISPLAY nor WAYLAND_DISPLAY is set), so the window cannot open."; \
	  echo "To see the app without a desktop, run: make screenshots   (PNGs go to docs/screenshots/)"; \
	  exit 1; \
	fi
	@$(MAKE) --no-print-directory app
	$(APP_BIN) --demo

# Two desks of one team on this display, on a private PostgreSQL (see scripts/run-team.sh).
run-team:
	@if [[ -z "$$DISPLAY" ]]; then \
	  echo "No X display is available (DISPLAY is not set), so the windows cannot open."; \
	  exit 1; \
	fi
	@$(MAKE) --no-print-directory app
	@scripts/install-deps.sh test
	@scripts/run-team.sh $(APP_BIN)

test:
	@scripts/test.sh

# Not part of `make test`: nightly, and as long as it is asked to run (scripts/fuzz.sh).
fuzz:
	@CARGO_TARGET_DIR=$(FUZZ_TARGET_DIR) scripts/fuzz.sh

bench: deps
	@$(LOCKED) scripts/bench.sh

# The screens are walked as the journeys walk them: the app built to take the answers
# to its native dialogs from the walk (`test-dialog-answers`, never in a package).
screenshots: ui
	@scripts/install-deps.sh test
	$(LOCKED) bash -c 'cargo build -p kyb-desk --features test-dialog-answers && \
	  scripts/session.sh --driver --postgres -- env KYB_DESK_BIN=$(APP_BIN) \
	  cargo run -q -p kyb-e2e --bin screenshots -- docs/screenshots'

# The packages land in $(CARGO_TARGET_DIR)/release/bundle/{deb,rpm}/. They are built
# without the embedded demo sandbox (the `demo` feature; see docs/OPERATIONS.md), and without
# the journeys' answers to native dialogs (`test-dialog-answers`).
PACKAGED_CARGO_FLAGS := --no-default-features

bundle: ui
	$(LOCKED) ui/node_modules/.bin/tauri build --bundles deb,rpm -- $(PACKAGED_CARGO_FLAGS)
	@ls -1 $(CARGO_TARGET_DIR)/release/bundle/deb/*.deb $(CARGO_TARGET_DIR)/release/bundle/rpm/*.rpm

# The signed APT and RPM repositories IT publishes, from `make bundle`'s packages
# (scripts/repo.sh says what comes out; docs/OPERATIONS.md, "Installed and kept current by IT"):
#   make repo REPO_KEY=<fingerprint of a key in GNUPGHOME> [REPO_DIR=dist/repo]
REPO_DIR ?= dist/repo
repo:
	@scripts/install-deps.sh repo
	@scripts/repo.sh --key "$(REPO_KEY)" --out "$(REPO_DIR)"

# Also a step of `make test`: builds the packaged app twice and installs it on this
# machine from its repository, then takes it away (tests/packaging/repo_test.sh).
test-repo: ui
	@scripts/install-deps.sh repo
	@$(LOCKED) tests/packaging/repo_test.sh

# The app's features in the packaged build, one a line, as cargo resolves them (`make
# test` checks that no test-only one is among them).
packaged-features:
	@cargo tree -p kyb-desk $(PACKAGED_CARGO_FLAGS) --locked -e features -i kyb-desk --depth 1 --prefix none | sed -n 's/^kyb-desk feature "\(.*\)".*/\1/p'

dev: deps
	ui/node_modules/.bin/tauri dev --config src-tauri/tauri.dev.conf.json

bindings:
	UPDATE_BINDINGS=1 cargo test -q -p kyb-desk --lib bindings

# The team's schema as the migrations leave it (crates/kyb-team/schema.sql), on a private
# PostgreSQL.
schema:
	@scripts/install-deps.sh test
	scripts/session.sh --postgres -- env UPDATE_SCHEMA=1 \
	  cargo test -q -p kyb-team --test schema -- --include-ignored

icons: deps
	ui/node_modules/.bin/tauri icon icons/app-icon.svg -o icons
	rm -rf icons/android icons/ios

clean:
	cargo clean
	rm -rf ui/dist
