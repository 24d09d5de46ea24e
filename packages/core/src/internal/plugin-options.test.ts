import { describe, expect, it } from 'vitest'
import { readPluginOptions } from './plugin-options.js'
import { revokedProxy } from '@toolpipe/hostile-values'

class PackageError extends Error {
  readonly code = 'INVALID_OPTIONS'
}
const refuse = (message: string) => new PackageError(message)
const read = (options: unknown) => readPluginOptions('plugin', options, refuse)

describe('readPluginOptions (STYLE habit 18)', () => {
  it('reads absent options as {} and absent members as undefined', () => {
    const reader = read(undefined)
    expect(reader.given).toEqual({})
    expect(reader.string('name')).toBeUndefined()
    expect(reader.number('count')).toBeUndefined()
  })

  it('reads each kind of member, and refuses the package way, naming factory and option', () => {
    const reader = read({
      name: 'x',
      flag: true,
      count: 3,
      mode: 'b',
      call: () => 1,
      nested: { a: 1 },
    })
    expect(reader.string('name', { nonEmpty: true })).toBe('x')
    expect(reader.boolean('flag')).toBe(true)
    expect(reader.number('count', { integer: true, min: 1 })).toBe(3)
    expect(reader.oneOf('mode', ['a', 'b'])).toBe('b')
    expect((reader.function('call') as (() => number) | undefined)?.()).toBe(1)
    expect(reader.object('nested')).toEqual({ a: 1 })
  })

  it.each([
    [
      { name: 4 },
      (r: ReturnType<typeof read>) => r.string('name'),
      'plugin: name must be a string, got number',
    ],
    [
      { name: '' },
      (r: ReturnType<typeof read>) => r.string('name', { nonEmpty: true }),
      'plugin: name must be a non-empty string, got ""',
    ],
    [
      { flag: 'yes' },
      (r: ReturnType<typeof read>) => r.boolean('flag'),
      'plugin: flag must be a boolean, got "yes"',
    ],
    [
      { count: 1.5 },
      (r: ReturnType<typeof read>) => r.number('count', { integer: true }),
      'plugin: count must be an integer, got number',
    ],
    [
      { count: 0 },
      (r: ReturnType<typeof read>) => r.number('count', { min: 1 }),
      'plugin: count must be a number of at least 1, got number',
    ],
    [
      { count: Number.NaN },
      (r: ReturnType<typeof read>) => r.number('count', { min: 1, max: 9 }),
      'plugin: count must be a number from 1 to 9, got NaN',
    ],
    [
      { mode: 'c' },
      (r: ReturnType<typeof read>) => r.oneOf('mode', ['a', 'b']),
      'plugin: mode must be "a", "b", got "c"',
    ],
    [
      { call: 1 },
      (r: ReturnType<typeof read>) => r.function('call'),
      'plugin: call must be a function, got number',
    ],
    [
      { nested: [] },
      (r: ReturnType<typeof read>) => r.object('nested'),
      'plugin: nested must be an object, got array',
    ],
  ])('refuses %j', (options, member, message) => {
    const reader = read(options)
    expect(() => member(reader)).toThrow(message)
    expect(() => member(reader)).toThrow(PackageError)
  })

  it('refuses a member whose getter throws, and a revoked Proxy, as bad options', () => {
    const hostile = {
      get graceMs(): number {
        throw new Error('boom')
      },
    }
    expect(() => read(hostile).number('graceMs')).toThrow('plugin: graceMs could not be read: boom')
    expect(() => read(hostile).number('graceMs')).toThrow(PackageError)
    const proxy = revokedProxy()
    expect(() => read(proxy)).toThrow('plugin: options must be an object')
    expect(() => read({ nested: proxy }).object('nested')).toThrow(
      'plugin: nested must be an object',
    )
  })

  it('hands a member over as given for a check of the package, refused through fail', () => {
    const clock = new Map<string, number>()
    const reader = read({ clock, graceMs: -1 })
    expect(reader.value('clock')).toBe(clock)
    expect(reader.value('absent')).toBeUndefined()
    expect(() => reader.fail('graceMs', 'must be ≥ 0, got -1')).toThrow(
      'plugin: graceMs must be ≥ 0, got -1',
    )
    const hostile = {
      get clock(): never {
        throw new Error('boom')
      },
    }
    expect(() => read(hostile).value('clock')).toThrow('plugin: clock could not be read: boom')
    expect(() => read(hostile).value('clock')).toThrow(PackageError)
  })

  it('refuses options that are not an object', () => {
    expect(() => read([])).toThrow('plugin: options must be an object, got array')
    expect(() => read('x')).toThrow(PackageError)
  })
})
