#!/usr/bin/env bash
# Every test, on a machine with only Node.js and npm: the whole gate (build, type checks, lint,
# unit and end-to-end tests, package checks, consumer checks, formatting) on Node 24, the tool
# search's relevance benchmark, the whole test suite again on Node 22, and the tests of the
# packages that declare Node 20.19 as their floor (the core six, the umbrella, the ACP and MCP
# bridges, the output budget, the tool search, the OpenTelemetry and OpenAI Agents adapters) on
# 20.19 itself.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
cd "$root"
use_pnpm

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

# The demo's web page is tested end to end in a real headless Chromium: Debian's `chromium`
# package, driven by playwright-core (which never downloads a browser). Installed only when it
# is missing, with apt-get, which needs root (CI runs as root); anywhere else, install it
# yourself or point CHROMIUM_PATH at a Chromium.
ensure_chromium() {
  local path=${CHROMIUM_PATH:-/usr/bin/chromium}
  if [ -x "$path" ]; then
    return
  fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "test.sh: no Chromium at $path; run 'apt-get install -y chromium' as root, or set CHROMIUM_PATH" >&2
    exit 1
  fi
  echo "test.sh: installing Debian's chromium package" >&2
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
}

# @toolpipe/hooks' porting test runs published Claude Code hooks unchanged, and the hooks
# guide's formatter pipes through `jq`: Debian's `jq` package, installed the same way when it is
# missing. That test also needs python3, which it asks for by name when it is not there.
ensure_jq() {
  if command -v jq >/dev/null 2>&1; then
    return
  fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "test.sh: no jq on PATH; run 'apt-get install -y jq' as root" >&2
    exit 1
  fi
  echo "test.sh: installing Debian's jq package" >&2
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jq
}

# @toolpipe/sandbox's tests run the real sandbox: bubblewrap, socat and ripgrep (what Anthropic's
# sandbox runtime needs on Linux), and curl for the tests' network requests. Debian's packages,
# installed the same way when any is missing.
ensure_sandbox_programs() {
  local missing=()
  command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
  command -v socat >/dev/null 2>&1 || missing+=(socat)
  command -v rg >/dev/null 2>&1 || missing+=(ripgrep)
  command -v curl >/dev/null 2>&1 || missing+=(curl)
  if [ ${#missing[@]} -eq 0 ]; then
    return
  fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "test.sh: missing ${missing[*]}; run 'apt-get install -y ${missing[*]}' as root" >&2
    exit 1
  fi
  echo "test.sh: installing Debian's ${missing[*]}" >&2
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
}

step "Chromium for the web page's end-to-end test"
ensure_chromium

step "jq for the hooks' porting test"
ensure_jq

step "bubblewrap, socat, ripgrep and curl for the sandbox's tests"
ensure_sandbox_programs

step "install (Node $node_current)"
with_node "$node_current" pnpm install --frozen-lockfile

step "the whole gate on Node $node_current"
with_node "$node_current" pnpm test

# Issue #42's relevance benchmark: recall beside plain BM25 and the tokens a step shows are
# deterministic, so they are checked against their goals here; its times are printed, not checked.
step "the tool-search benchmark on Node $node_current"
# Its queries first: none may contain a word of its tool's name.
with_node "$node_current" node bench/data/check-queries.mjs
with_node "$node_current" env BENCH_ASSERT=1 pnpm --filter @toolpipe/bench bench tool-search

step "every test suite on Node $node_previous"
with_node "$node_previous" pnpm test:unit

step "the core packages, the ACP, MCP, OpenTelemetry and OpenAI Agents adapters, the output budget and the tool search on Node $node_floor"
with_node "$node_floor" pnpm test:floor

step "all green"
