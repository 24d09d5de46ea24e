# Sourced by scripts/test.sh and scripts/demo.sh: makes the toolchain this repository is tested
# with available on a machine that has only Node.js and npm, without touching anything outside
# the checkout. Node.js binaries come from the npm registry's `node` package (no other download),
# pnpm from the registry too; both go to .cache/toolchain (git-ignored) and are reused.

# The Node.js lines we test on: the LTS lines 24 and 22, and the floor the core packages declare.
node_current=24.21.0
node_previous=22.23.3
node_floor=20.19.0
pnpm_version=10.34.9

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
toolchain="$root/.cache/toolchain"

# Prints the bin folder of Node.js $1, installing it first if needed.
node_bin() {
  local version=$1 prefix="$toolchain/node-$1"
  if [ ! -x "$prefix/node_modules/node/bin/node" ]; then
    echo "toolchain: installing Node.js $version from the npm registry" >&2
    npm install --prefix "$prefix" --no-save --no-audit --no-fund --loglevel=error \
      "node@$version" >&2
  fi
  echo "$prefix/node_modules/node/bin"
}

# Puts pnpm on PATH, installing it first if needed.
use_pnpm() {
  local prefix="$toolchain/pnpm-$pnpm_version"
  if [ ! -x "$prefix/node_modules/.bin/pnpm" ]; then
    echo "toolchain: installing pnpm $pnpm_version from the npm registry" >&2
    npm install --prefix "$prefix" --no-save --no-audit --no-fund --loglevel=error \
      "pnpm@$pnpm_version" >&2
  fi
  PATH="$prefix/node_modules/.bin:$PATH"
}

# Runs a command with Node.js $1 first on PATH.
with_node() {
  local bin
  bin=$(node_bin "$1")
  shift
  PATH="$bin:$PATH" "$@"
}

export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 TURBO_NO_UPDATE_NOTIFIER=1
