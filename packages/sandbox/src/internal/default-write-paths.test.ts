import { homedir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runtimeDefaultDenials } from './default-write-paths.js'

// "The project root (and additionalDirectories) writable, everything else read-only" (SPEC §23):
// what the sandbox runtime makes writable of its own accord is write-denied.
describe('runtimeDefaultDenials (SPEC §23)', () => {
  const logs = join(homedir(), '.npm', '_logs')
  const debug = join(homedir(), '.claude', 'debug')

  it('denies the runtime’s temporary folder and home folders, never the terminal devices', () => {
    const denied = runtimeDefaultDenials(['/work/app'])
    expect(denied).toEqual(expect.arrayContaining(['/tmp/claude', logs, debug]))
    expect(denied.filter((path) => path.startsWith('/dev/'))).toEqual([])
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
