#!/usr/bin/env bash
# Every test, on a machine with only Node.js and npm: the whole gate (build, type checks, lint,
# unit and end-to-end tests, package checks, consumer checks, formatting) on Node 24, the whole
# test suite again on Node 22, and the tests of the packages that declare Node 20.19 as their
# floor (the core six, the umbrella, the ACP and MCP bridges, the output budget) on 20.19 itself.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
cd "$root"
use_pnpm

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "install (Node $node_current)"
with_node "$node_current" pnpm install --frozen-lockfile

step "the whole gate on Node $node_current"
with_node "$node_current" pnpm test

step "every test suite on Node $node_previous"
with_node "$node_previous" pnpm test:unit

step "the core packages, the ACP and MCP bridges and the output budget on Node $node_floor"
with_node "$node_floor" pnpm test:floor

step "all green"
