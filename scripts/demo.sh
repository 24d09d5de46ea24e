#!/usr/bin/env bash
# The demo, on a machine with only Node.js and npm: installs the toolchain and the workspace,
# then runs examples/agent-loop on Node 24. Arguments go to the demo (try --help).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
cd "$root"
use_pnpm
with_node "$node_current" pnpm install --frozen-lockfile --reporter=silent
with_node "$node_current" pnpm demo "$@"
