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
    expect(() => readRunOptions('ls', options as SandboxRunOptions)).not.toThrow(/secret/u)
  })
})

/** What `readRunOptions` throws for `env`, or undefined. */
function refusalOf(env: unknown): unknown {
  try {
    readRunOptions('ls', { callId: 'c', env } as SandboxRunOptions)
  } catch (error) {
    return error
  }
  return undefined
}

// Untrusted input is hostile (STYLE: "A getter that throws or a revoked Proxy is refused the same
// way"): `run({ env })` is refused as `INVALID_OPTIONS` naming the option, never with what the
// getter or trap threw — a secret, say — as SPEC §23's `run` takes `env?: Record<string, string>`.
describe('readRunOptions: a hostile env (SPEC §23)', () => {
  const revoked = Proxy.revocable({}, {})
  revoked.revoke()
  it.each<[string, unknown, string]>([
    [
      'a getter that throws',
      Object.defineProperty({}, 'PATH', {
        enumerable: true,
        get: () => {
          throw new Error('secret-token-123')
        },
      }),
      'run: env.PATH could not be read',
    ],
    [
      'an ownKeys trap that throws',
      new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error('secret-token-123')
          },
        },
      ),
      'run: env could not be read',
    ],
    ['a revoked Proxy', revoked.proxy, 'run: env must be an object, got an unreadable object'],
    ['a NUL in a value', { A: 'secret-token-123\0' }, 'run: env.A must be a string without NUL'],
    ['an odd name', { 'A=B': 'x' }, 'run: env["A=B"] must be a name without "=" or NUL'],
  ])('refuses %s as INVALID_OPTIONS, never with what it held', (_, env, message) => {
    const refused = refusalOf(env)
    expect(refused).toBeInstanceOf(SandboxError)
    expect(refused).toMatchObject({ code: 'INVALID_OPTIONS', message })
    expect((refused as Error).message).not.toContain('secret')
  })

  it('reads each variable once into a copy of its own, __proto__ kept as a variable', () => {
    let reads = 0
    const env = Object.defineProperty(JSON.parse('{"__proto__":"p"}') as object, 'A', {
      enumerable: true,
      get: () => `read ${String(++reads)}`,
    })
    const [, options] = readRunOptions('ls', { callId: 'c', env } as SandboxRunOptions)
    expect(reads).toBe(1)
    expect(options.env).not.toBe(env)
    expect(Object.entries(options.env ?? {})).toEqual([
      ['__proto__', 'p'],
      ['A', 'read 1'],
    ])
  })
})
