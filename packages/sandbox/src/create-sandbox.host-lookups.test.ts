import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { heldCommand, notLinux, onLinux, projectFolder } from './__fixtures__/sandbox-fixtures.js'
import { startedSandboxes } from './__fixtures__/started-sandboxes.js'

/** What a sandboxed command tries, to get a `which` of its own run by the next wrap. */
const attempts = [
  `printf '#!/bin/sh\\necho planted\\n' > node_modules/.bin/which && chmod +x node_modules/.bin/which`,
  'rm -f node_modules/.bin/which && cp /usr/bin/which node_modules/.bin/which',
  'mv node_modules/.bin node_modules/.old && mkdir node_modules/.bin && cp /usr/bin/which node_modules/.bin/',
  'chmod +x tools/which',
  'cp /usr/bin/which tools/which.new && mv -f tools/which.new tools/which',
  'mkdir -p missing/bin && cp /usr/bin/which missing/bin/which',
]

// The runtime runs `which` by name on this process's PATH on every wrap, after its own search for
// protected files: a `which` a live command wrote there in the meantime ran on the host,
// unsandboxed. `npm run` puts <projectRoot>/node_modules/.bin first on the PATH. SPEC §23: a
// sandboxed command can never rewrite what governs it.
describe.runIf(onLinux)('a `which` on the PATH no live command can plant (SPEC §23)', () => {
  const start = startedSandboxes()

  it('lets no live run create or replace one in a PATH folder inside the project, and a wrap beside it still runs', async () => {
    const project = projectFolder()
    mkdirSync(join(project, 'node_modules', '.bin'), { recursive: true })
    mkdirSync(join(project, 'tools'))
    // A project file named `which` that no lookup runs: not executable.
    writeFileSync(join(project, 'tools', 'which'), 'notes\n', { mode: 0o644 })
    const entries = ['node_modules/.bin', 'tools', 'missing/bin'].map((entry) =>
      join(project, entry),
    )
    process.env.PATH = `${entries.join(':')}:${process.env.PATH ?? ''}`
    const sandbox = await start({ projectRoot: project })
    expect(sandbox.reason).toBeUndefined()
    const held = heldCommand(project)
    const live = sandbox.run(held.command, { callId: 'call_live' })
    await held.started()
    // The runtime's placeholder meanwhile, on the host: an empty file no lookup runs.
    const placeholder = statSync(join(project, 'node_modules', '.bin', 'which'))
    expect({ file: placeholder.isFile(), execute: placeholder.mode & 0o111 }).toEqual({
      file: true,
      execute: 0,
    })
    expect(spawnSync('which', ['bash'], { encoding: 'utf8' }).status).toBe(0)
    const plant = await sandbox.run(
      attempts.map((attempt) => `(${attempt}) 2>/dev/null && echo "made: ${attempt}"`).join('\n'),
      { callId: 'call_plant' },
    )
    expect(plant.stdout).toBe('')
    // Wrapped beside them, under the same config: no refusal for the placeholder.
    const beside = await sandbox.run('echo beside', { callId: 'call_beside' })
    expect(beside).toMatchObject({ exitCode: 0, stdout: 'beside\n' })
    held.release()
    expect(await live).toMatchObject({ exitCode: 0 })
    // Nothing left once no run is live, and the project's own file as it was.
    expect(existsSync(join(project, 'node_modules', '.bin', 'which'))).toBe(false)
    expect(existsSync(join(project, 'missing'))).toBe(false)
    expect(readFileSync(join(project, 'tools', 'which'), 'utf8')).toBe('notes\n')
    expect(statSync(join(project, 'tools', 'which')).mode & 0o111).toBe(0)
  })
})

if (!onLinux) it.skip(`a which no live command can plant: ${notLinux}`, () => undefined)
