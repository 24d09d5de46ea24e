import { realpathSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { onLinux } from './__fixtures__/sandbox-fixtures.js'
import { startedSandboxes } from './__fixtures__/started-sandboxes.js'
import type * as RuntimeFilesModule from './internal/runtime-files.js'

// A runtime whose installed source runs a file this package does not name: none is named here.
vi.mock('./internal/runtime-files.js', async (importOriginal) => {
  const original = await importOriginal<typeof RuntimeFilesModule>()
  class UnnamedRuntimeFiles extends original.RuntimeFiles {
    constructor() {
      super(undefined, [])
    }
  }
  return { ...original, RuntimeFiles: UnnamedRuntimeFiles }
})

const runtime = realpathSync(
  dirname(createRequire(import.meta.url).resolve('@anthropic-ai/sandbox-runtime/package.json')),
)
const arch = process.arch === 'arm64' ? 'arm64' : 'x64'
const helper = join(runtime, 'vendor', 'seccomp', arch, 'apply-seccomp')

// "A sandboxed command can never rewrite what governs it" (SPEC §23): what the wrapped line runs
// from the runtime's own package is read from the line too, so a file its source was not known
// to run is denied all the same — its first line is refused, never run.
describe.runIf(onLinux)('the runtime’s files, learnt from its wrapped line (SPEC §23)', () => {
  const start = startedSandboxes()

  it('denies the seccomp helper its line names from the first command on', async () => {
    const sandbox = await start({ settings: { filesystem: { allowWrite: [runtime] } } })
    expect(sandbox.reason).toBeUndefined()
    const touch = await sandbox.run(`touch -c ${helper}`, { callId: 'call_learnt' })
    expect(touch.exitCode).not.toBe(0)
    expect(touch.violations.map(({ target }) => target)).toContain(helper)
  })
})
