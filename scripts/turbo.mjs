#!/usr/bin/env node
// Runs turbo with the running Node.js version in every cache key (a result from Node 22 is
// never replayed on Node 24) and with its telemetry and update notices off, for the README's
// commands and CI alike. Arguments go to turbo unchanged.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const turbo = join(import.meta.dirname, '..', 'node_modules', '.bin', 'turbo')
const { status, error } = spawnSync(turbo, process.argv.slice(2), {
  stdio: 'inherit',
  shell: process.platform === 'win32',
  env: {
    ...process.env,
    TOOLPIPE_NODE_VERSION: process.version,
    TURBO_TELEMETRY_DISABLED: '1',
    DO_NOT_TRACK: '1',
    TURBO_NO_UPDATE_NOTIFIER: '1',
  },
})
if (error !== undefined) throw error
process.exit(status ?? 1)
