import type { JsonValue } from '@toolpipe/core'
import { ToolArgsError, standardSchema } from '@toolpipe/schema'
import type { ArgIssue, StandardToolSchema } from '@toolpipe/schema'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { argumentsCheck } from './arguments-check.js'
import type { ExtraCheck } from './arguments-check.js'
import { parserOf } from './parse-args.js'

/**
 * The contract of `argumentsCheck` (what `defineTool` builds its definition from): `check` for
 * step 4, its attached parser that hands over a Standard Schema's output, `parse` for a direct
 * call, `matching` for presenters, and what each library's `validate` is given.
 */

const limitIssue: ArgIssue = {
  code: 'invalid',
  path: ['limit'],
  message: '"limit": too big',
  reason: 'too big',
  vendor: 'test',
}

/** A Standard Schema of vendor `vendor` whose `validate` records what it was given. */
function recording(
  vendor: string,
  validate: (value: unknown) => unknown = (value) => ({ value }),
): { schema: StandardToolSchema; given: unknown[] } {
  const given: unknown[] = []
  const input = () => ({ type: 'object', properties: {} })
  const schema = {
    '~standard': {
      version: 1,
      vendor,
      validate: (value: unknown) => {
        given.push(value)
        return validate(value)
      },
      jsonSchema: { input, output: input },
    },
  } as unknown as StandardToolSchema
  return { schema, given }
}

/** Deep-frozen JSON, as step 2 hands it over. */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const member of Object.values(value)) frozen(member)
    Object.freeze(value)
  }
  return value
}

/** What `fn` threw. */
function thrownBy(fn: () => unknown): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

const spec = { limit: { type: 'integer' } } as const

describe('argumentsCheck with a schema spec', () => {
  it('parse hands back the normalized arguments when the extra check finds nothing', async () => {
    const none: ExtraCheck = () => []
    expect(argumentsCheck(spec, none).parse({ limit: 2 })).toEqual({ limit: 2 })
    expect(argumentsCheck(spec, () => Promise.resolve([])).parse({ limit: null })).toBeInstanceOf(
      Promise,
    )
    await expect(
      argumentsCheck(spec, () => Promise.resolve([])).parse({ limit: 3 }),
    ).resolves.toEqual({ limit: 3 })
  })

  it('parse throws ToolArgsError with the extra check’s issues', () => {
    const error = thrownBy(() => argumentsCheck(spec, () => [limitIssue]).parse({ limit: 2 }))
    expect(error).toBeInstanceOf(ToolArgsError)
    expect((error as ToolArgsError).issues).toEqual([limitIssue])
  })
})

describe('argumentsCheck with a Standard Schema', () => {
  const schema = z.object({ limit: z.number().max(10) })

  it('check answers [] for arguments that pass, without a parser’s accept, with or without an extra check', async () => {
    expect(argumentsCheck(schema, undefined).check({ limit: 2 })).toEqual([])
    expect(argumentsCheck(schema, () => []).check({ limit: 2 })).toEqual([])
    const asynchronous = recording('acme', (value) => Promise.resolve({ value }))
    await expect(
      argumentsCheck(asynchronous.schema, undefined).check({ limit: 2 }),
    ).resolves.toEqual([])
    const failing = recording('acme', () => Promise.resolve({ issues: [{ message: 'no' }] }))
    await expect(argumentsCheck(failing.schema, undefined).check({})).resolves.toMatchObject([
      { code: 'invalid', path: [], reason: 'no', vendor: 'acme' },
    ])
  })

  it('its parser accepts the output only when the schema and the extra check both pass', async () => {
    const parse = parserOf(argumentsCheck(schema, () => [limitIssue]).check)
    expect(parse).toBeTypeOf('function')
    const accepted: unknown[] = []
    expect(parse?.({ limit: 2 }, (value) => accepted.push(value))).toEqual([limitIssue])
    expect(accepted).toEqual([])
    const passing = parserOf(argumentsCheck(schema, () => Promise.resolve([])).check)
    await expect(passing?.({ limit: 2 }, (value) => accepted.push(value))).resolves.toEqual([])
    expect(accepted).toEqual([{ limit: 2 }])
    const plain = parserOf(argumentsCheck(schema, undefined).check)
    expect(plain?.({ limit: 11 }, (value) => accepted.push(value))).toHaveLength(1)
    expect(plain?.({ limit: 3 }, (value) => accepted.push(value))).toEqual([])
    expect(accepted).toEqual([{ limit: 2 }, { limit: 3 }])
  })

  it('accepted parses again when the execution is not a record that kept an output', () => {
    const check = argumentsCheck(z.object({ limit: z.number().transform(String) }), undefined)
    expect(check.accepted({ limit: 2 }, {})).toEqual({ limit: '2' })
    expect(check.accepted({ limit: 2 }, undefined)).toEqual({ limit: '2' })
  })

  it('matching gives the output for matching arguments, and undefined for others, for an async validate, or a validate that throws', async () => {
    const check = argumentsCheck(z.object({ limit: z.number().transform(String) }), undefined)
    expect(check.matching({ limit: 2 })).toEqual({ limit: '2' })
    expect(check.matching({ limit: 'two' })).toBeUndefined()
    const rejecting = recording('acme', () => Promise.reject(new Error('late')))
    expect(argumentsCheck(rejecting.schema, undefined).matching({})).toBeUndefined()
    const throwing = recording('acme', () => {
      throw new Error('boom')
    })
    expect(argumentsCheck(throwing.schema, undefined).matching({})).toBeUndefined()
    // The rejection was handled: nothing is left to fail the run.
    await new Promise((resolve) => setTimeout(resolve, 0))
  })

  it('refuses arguments that are not JSON data with one invalid issue at the root, vendor toolpipe', () => {
    const check = argumentsCheck(schema, undefined)
    const error = thrownBy(() => check.parse({ limit: 1n }))
    expect(error).toBeInstanceOf(ToolArgsError)
    const { issues, cause } = error as ToolArgsError
    expect(cause).toBeInstanceOf(Error)
    const reason = (cause as Error).message
    expect(issues).toEqual([
      {
        code: 'invalid',
        path: [],
        message: `the arguments are not JSON data: ${reason}`,
        reason,
        vendor: 'toolpipe',
      },
    ])
  })

  it.each(['zod', 'valibot', 'toolpipe'])(
    'gives the frozen arguments themselves to a %s validate, which never writes to its input',
    (vendor) => {
      const { schema: recorded, given } = recording(vendor)
      const args = frozen({ limit: 2, tags: ['a'] })
      expect(argumentsCheck(recorded, undefined).check(args)).toEqual([])
      expect(given).toHaveLength(1)
      expect(given[0]).toBe(args)
    },
  )

  it('gives any other library a fresh, unfrozen deep copy, a __proto__ member kept as an own member', () => {
    const { schema: recorded, given } = recording('arktype')
    const args = frozen(
      JSON.parse(
        '{"limit":null,"tags":["a",{"b":[1]}],"__proto__":{"polluted":true},"nested":{"x":"y"}}',
      ) as JsonValue,
    )
    expect(argumentsCheck(recorded, undefined).check(args)).toEqual([])
    const copy = given[0] as Record<string, unknown>
    expect(copy).not.toBe(args)
    expect(Object.isFrozen(copy)).toBe(false)
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(Object.keys(copy)).toEqual(['limit', 'tags', '__proto__', 'nested'])
    expect(copy.limit).toBeNull()
    expect(Array.isArray(copy.tags)).toBe(true)
    expect(copy.tags).toEqual(['a', { b: [1] }])
    expect(Object.isFrozen(copy.tags)).toBe(false)
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')).toEqual({
      value: { polluted: true },
      writable: true,
      enumerable: true,
      configurable: true,
    })
    expect(copy.nested).toEqual({ x: 'y' })
    expect(copy.nested).not.toBe((args as Record<string, unknown>).nested)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('gives toolpipe’s own standardSchema the arguments as they are', () => {
    const check = argumentsCheck(standardSchema({ limit: { type: 'integer' } }), undefined)
    expect(check.check(frozen({ limit: 2 }))).toEqual([])
  })
})
