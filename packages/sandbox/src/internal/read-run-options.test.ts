import { describe, expect, it } from 'vitest'
import { SandboxError } from '../sandbox-error.js'
import type { SandboxRunOptions } from '../sandbox-options.js'
import { readRunOptions } from './read-run-options.js'

describe('readRunOptions', () => {
  it('reads each option once, as given', () => {
    const signal = new AbortController().signal
    expect(
      readRunOptions('ls', {
        callId: 'c1',
        cwd: 'sub',
        signal,
        env: { A: 'b' },
        maxOutputBytes: 10,
        dangerouslyDisableSandbox: false,
      }),
    ).toEqual([
      'ls',
      {
        callId: 'c1',
        cwd: 'sub',
        signal,
        env: { A: 'b' },
        maxOutputBytes: 10,
        dangerouslyDisableSandbox: false,
      },
    ])
  })

  it.each<[unknown, unknown, string]>([
    ['', { callId: 'c' }, 'run: command must be a non-empty string, got ""'],
    [3, { callId: 'c' }, 'run: command must be a non-empty string, got 3'],
    ['ls', undefined, 'run: callId must be a non-empty string, got undefined'],
    ['ls', { callId: '' }, 'run: callId must be'],
    ['ls', { callId: 'c', signal: {} }, 'run: signal must be an AbortSignal, got '],
    ['ls', { callId: 'c', env: { A: 1 } }, 'run: env.A must be a string, got 1'],
    ['ls', { callId: 'c', maxOutputBytes: -1 }, 'run: maxOutputBytes must be'],
    ['ls', { callId: 'c', maxOutputBytes: 1.5 }, 'run: maxOutputBytes must be an integer'],
    [
      'ls',
      { callId: 'c', dangerouslyDisableSandbox: 'yes' },
      'run: dangerouslyDisableSandbox must be',
    ],
  ])('refuses %j with %j before anything runs', (command, options, message) => {
    const refused = (() => {
      try {
        readRunOptions(command, options as SandboxRunOptions)
      } catch (error) {
        return error
      }
      return undefined
    })()
    expect(refused).toBeInstanceOf(SandboxError)
    expect(refused).toMatchObject({ code: 'INVALID_OPTIONS' })
    expect((refused as Error).message).toContain(message)
  })

  it('refuses options whose getter throws, never with what it threw', () => {
    const options = Object.defineProperty({}, 'callId', {
      enumerable: true,
      get: () => {
        throw new Error('secret')
      },
    })
    expect(() => readRunOptions('ls', options as SandboxRunOptions)).toThrow(/run: callId/u)
  })
})
