import { describe, expect, it } from 'vitest'
import { formatJsonPath } from '@toolpipe/core/internal'
import { maxSettingsNestingDepth } from '@toolpipe/settings-files'
import { snapshotCodeSettings } from './code-settings.js'
import type { OptionPath } from './code-settings.js'

/** The snapshot, or the refusal it made: `where: message` (and what the read threw). */
function snapshot(settings: unknown): unknown {
  try {
    return snapshotCodeSettings(settings, ['settings'], (path: OptionPath, message, cause) => {
      throw new Error(`${formatJsonPath(path, '')}: ${message}`, { cause })
    })
  } catch (error) {
    const cause = (error as Error).cause
    return cause === undefined ? (error as Error).message : [(error as Error).message, cause]
  }
}

const boom = new Error('boom')
const throwing = (): never => {
  throw boom
}

// SPEC §18.3: settings given in code are a source like a file's; STYLE habit 18: options are read
// once, "a getter that throws or a revoked Proxy is refused the same way" as a bad value.
describe('snapshotCodeSettings (SPEC §18.3: rules given in code, read once)', () => {
  it('copies `permissions` into frozen plain data, each member read once; other keys are not read', () => {
    let reads = 0
    const deny = ['Bash(rm *)']
    const settings = {
      get permissions() {
        reads++
        return { deny, allow: undefined, defaultMode: 'plan' }
      },
      get hooks(): never {
        return throwing()
      },
    }
    const copy = snapshot(settings) as { permissions: { deny: string[] } }
    expect(copy).toEqual({ permissions: { deny: ['Bash(rm *)'], defaultMode: 'plan' } })
    expect(reads).toBe(1)
    deny.push('Bash(curl *)')
    expect(copy.permissions.deny).toEqual(['Bash(rm *)'])
    expect(Object.isFrozen(copy) && Object.isFrozen(copy.permissions.deny)).toBe(true)
    expect(snapshot({})).toEqual({})
  })

  it('keeps a `__proto__` key as data, never as the copy’s prototype', () => {
    const copy = snapshot(JSON.parse('{"permissions":{"__proto__":{"deny":["Bash(rm *)"]}}}')) as {
      permissions: Record<string, unknown>
    }
    expect(Object.getPrototypeOf(copy.permissions)).toBe(Object.prototype)
    expect(Object.keys(copy.permissions)).toEqual(['__proto__'])
    expect(copy.permissions.deny).toBeUndefined()
  })

  it('refuses a getter or a Proxy trap that throws, naming where, the thrown error its cause', () => {
    expect(
      snapshot({
        get permissions(): never {
          return throwing()
        },
      }),
    ).toEqual(['settings.permissions: could not be read: boom', boom])
    expect(
      snapshot({
        permissions: {
          get deny(): never {
            return throwing()
          },
        },
      }),
    ).toEqual(['settings.permissions.deny: could not be read: boom', boom])
    const items = new Proxy(['Bash(ls *)'], {
      get: (target, key): unknown => (key === '0' ? throwing() : Reflect.get(target, key)),
    })
    expect(snapshot({ permissions: { allow: items } })).toEqual([
      'settings.permissions.allow[0]: could not be read: boom',
      boom,
    ])
    const keys = new Proxy({}, { ownKeys: throwing })
    expect(snapshot({ permissions: keys })).toEqual([
      'settings.permissions: could not be read: boom',
      boom,
    ])
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    expect(snapshot(proxy)).toEqual([
      expect.stringMatching(/^settings: could not be read: /),
      expect.any(TypeError),
    ])
  })

  it('refuses what is not JSON data, a cycle, and settings deeper or larger than a file’s', () => {
    expect(snapshot([])).toBe('settings: must be an object, got array')
    expect(snapshot({ permissions: { deny: [() => 'x'] } })).toBe(
      'settings.permissions.deny[0]: must be JSON data, got a function',
    )
    expect(snapshot({ permissions: { deny: [undefined] } })).toBe(
      'settings.permissions.deny[0]: must be JSON data, got undefined',
    )
    expect(snapshot({ permissions: { allow: new Map() } })).toBe(
      'settings.permissions.allow: must be JSON data, got an instance of Map',
    )
    expect(snapshot({ permissions: { x: Number.NaN } })).toBe(
      'settings.permissions.x: must be JSON data, got NaN',
    )
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    expect(snapshot({ permissions: cycle })).toBe(
      'settings.permissions.self: refers back to a value that holds it (a cycle)',
    )
    let deep: unknown = 'x'
    for (let level = 0; level < 100_000; level++) deep = [deep]
    expect(snapshot({ permissions: { allow: deep } })).toMatch(
      new RegExp(
        `^settings\\.permissions\\.allow(\\[0\\])+: is nested deeper than ${maxSettingsNestingDepth} levels$`,
      ),
    )
    expect(snapshot({ permissions: { allow: ['x'.repeat(5 * 1024 * 1024)] } })).toBe(
      'settings.permissions.allow[0]: makes the settings larger than a settings file may be (4194304 characters)',
    )
    const long = new Proxy([], {
      get: (target, key): unknown => (key === 'length' ? 1e12 : Reflect.get(target, key)),
    })
    expect(snapshot({ permissions: { allow: long } })).toMatch(
      /^settings\.permissions\.allow: makes the settings larger/,
    )
  })
})
