import { SandboxManager } from '@anthropic-ai/sandbox-runtime'
import { describe, expect, it } from 'vitest'
import { RunViolations } from './run-violations.js'

/** A report in the runtime's own store (one per process), as its proxy or monitor adds one. */
function report(host: string, key?: string): void {
  SandboxManager.getSandboxViolationStore().addViolation({
    line: `deny network-outbound ${host}:80 (user denied)`,
    // The runtime's carrier: the key's first 100 characters, base64 (its proxy username).
    ...(key === undefined
      ? {}
      : { encodedCommand: Buffer.from(key.slice(0, 100)).toString('base64') }),
    timestamp: new Date(),
  })
}

function hosts(runs: RunViolations, key: string): string[] {
  return runs.reported(key).map((event) => event.line.split(' ')[2] ?? '')
}

// "`violations` are the sandbox's own reports for that call" (SPEC §23). The key a report comes
// back with is chosen on the sandboxed side (the proxy username a command sends): one that names
// no live run must not make a run's own report vanish.
describe('RunViolations: a report under a key no live run has (SPEC §23)', () => {
  it('gives it to every live run, and a report under a live run’s key to that run alone', () => {
    report('before.example', 'nobody') // before any run was watched: no live run's
    const runs = new RunViolations()
    runs.watch('1:call_a')
    runs.watch('2:call_b')
    report('own.example', '1:call_a')
    report('hidden.example', 'nobody')
    report('keyless.example')
    expect(hosts(runs, '1:call_a')).toEqual([
      'own.example:80',
      'hidden.example:80',
      'keyless.example:80',
    ])
    expect(hosts(runs, '2:call_b')).toEqual(['hidden.example:80', 'keyless.example:80'])
    runs.forget('1:call_a')
    report('after.example', '1:call_a') // its run has ended: no live run's key now
    expect(hosts(runs, '2:call_b')).toEqual([
      'hidden.example:80',
      'keyless.example:80',
      'after.example:80',
    ])
    runs.forget('2:call_b')
  })

  it('hands a run nothing reported before it was watched', () => {
    const runs = new RunViolations()
    report('stale.example', 'nobody')
    runs.watch('3:call_c')
    expect(hosts(runs, '3:call_c')).toEqual([])
    report('late.example', 'nobody')
    expect(hosts(runs, '3:call_c')).toEqual(['late.example:80'])
    runs.forget('3:call_c')
  })
})
