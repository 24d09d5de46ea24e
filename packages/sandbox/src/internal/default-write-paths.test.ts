import { homedir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runtimeDefaultDenials } from './default-write-paths.js'

// "The project root (and additionalDirectories) writable, everything else read-only" (SPEC §23):
// the home folders the sandbox runtime makes writable for convenience are write-denied; its own
// temporary folder (the TMPDIR it gives commands) stays, as in Claude Code.
describe('runtimeDefaultDenials (SPEC §23)', () => {
  const logs = join(homedir(), '.npm', '_logs')
  const debug = join(homedir(), '.claude', 'debug')

  it('denies the runtime’s home folders, never its temporary folder or the terminal devices', () => {
    const denied = runtimeDefaultDenials(['/work/app'])
    expect(denied).toEqual([logs, debug])
  })

  it('leaves one a writable path names, or lies under (the settings or rules asked for it)', () => {
    const denied = runtimeDefaultDenials([
      join(homedir(), '.npm'),
      { path: debug, literal: true },
      '/tmp',
    ])
    expect(denied).not.toContain(logs)
    expect(denied).not.toContain(debug)
    expect(denied).not.toContain('/tmp/claude')
    expect(runtimeDefaultDenials([join(homedir(), '.npm', '_logs', 'x')])).toContain(logs)
  })
})
