import type { StandardSchemaV1 } from '@standard-schema/spec'
import { describe, expect, it } from 'vitest'
import { checkStandardArgs } from './check-standard-args.js'
import { StandardSchemaError } from './standard-schema-error.js'
import { fake, settled } from './__fixtures__/standard.js'
import { revokedProxy } from '@toolpipe/hostile-values'

async function failure(run: () => unknown): Promise<StandardSchemaError> {
  try {
    await run()
  } catch (error) {
    expect(error).toBeInstanceOf(StandardSchemaError)
    return error as StandardSchemaError
  }
  throw new Error('expected a StandardSchemaError')
}

describe('checkStandardArgs with hostile schemas', () => {
  it('wraps a validate that throws in VALIDATE_FAILED, keeping the cause', async () => {
    const boom = new Error('boom')
    const error = await failure(() =>
      checkStandardArgs(
        fake(() => {
          throw boom
        }),
        {},
      ),
    )
    expect(error.code).toBe('VALIDATE_FAILED')
    expect(error.message).toBe("the acme schema's validate threw: boom")
    expect(error.cause).toBe(boom)
  })

  it('rejects with VALIDATE_FAILED when an async validate rejects', async () => {
    const error = await failure(() =>
      checkStandardArgs(
        fake(() => Promise.reject(new Error('late'))),
        {},
      ),
    )
    expect(error).toMatchObject({
      code: 'VALIDATE_FAILED',
      message: "the acme schema's validate threw: late",
    })
  })

  it('follows a thenable result, reading its then once', async () => {
    let reads = 0
    const thenable = {
      get then() {
        reads++
        return (resolve: (value: unknown) => void) => {
          resolve({ value: 'ok' })
        }
      },
    }
    expect(
      await checkStandardArgs(
        fake(() => thenable),
        {},
      ),
    ).toEqual({ value: 'ok' })
    expect(reads).toBe(1)
  })

  it.each([
    ['null', null, 'returned null'],
    ['a string', 'yes', 'returned "yes"'],
    ['an object without value or issues', {}, 'expected a Standard Schema result'],
    ['issues that are not an array', { issues: 'bad' }, 'issues that are "bad", not an array'],
    ['an issue that is not an object', { issues: [42] }, 'issue 0 with the value 42'],
    ['an issue without a message', { issues: [{ path: [] }] }, 'a message that is undefined'],
    [
      'a path that is not an array',
      { issues: [{ message: 'm', path: 'a.b' }] },
      'a path that is "a.b"',
    ],
    ['a symbol key', { issues: [{ message: 'm', path: [Symbol('s')] }] }, 'path segment 0'],
    [
      'a segment without key',
      { issues: [{ message: 'm', path: [{}] }] },
      'path segment 0 that is undefined',
    ],
    [
      'a fractional index',
      { issues: [{ message: 'm', path: ['a', 1.5] }] },
      'path segment 1 that is 1.5',
    ],
    ['a negative index', { issues: [{ message: 'm', path: [-1] }] }, 'path segment 0 that is -1'],
  ])('refuses a result with %s: VALIDATE_FAILED', async (_name, result, words) => {
    const error = await failure(() =>
      checkStandardArgs(
        fake(() => result),
        {},
      ),
    )
    expect(error.code).toBe('VALIDATE_FAILED')
    expect(error.message).toContain(words)
  })

  it('refuses a result whose getters throw, or a revoked Proxy, with VALIDATE_FAILED', async () => {
    const throwing = {
      get issues(): never {
        throw new Error('trap')
      },
    }
    const proxy = revokedProxy()
    for (const result of [
      throwing,
      proxy,
      {
        issues: [
          {
            get message(): never {
              throw new Error('trap')
            },
          },
        ],
      },
    ]) {
      const error = await failure(() =>
        checkStandardArgs(
          fake(() => result),
          {},
        ),
      )
      expect(error.code).toBe('VALIDATE_FAILED')
    }
  })

  it('treats an empty issues array as a failure the model can read', () => {
    expect(
      settled(
        checkStandardArgs(
          fake(() => ({ issues: [] })),
          {},
        ),
      ).issues,
    ).toEqual([
      {
        code: 'invalid',
        path: [],
        message: 'the arguments were rejected by acme, which gave no reason',
        reason: 'the arguments were rejected by acme, which gave no reason',
        vendor: 'acme',
      },
    ])
  })

  it('reads at most 100 issues, then one too_many_issues', () => {
    let reads = 0
    const issues = Array.from({ length: 100_000 }, (_, index) => ({
      get message() {
        reads++
        return `bad ${index}`
      },
      path: [index],
    }))
    const read =
      settled(
        checkStandardArgs(
          fake(() => ({ issues })),
          {},
        ),
      ).issues ?? []
    expect(read).toHaveLength(101)
    expect(reads).toBe(100)
    expect(read[99]).toMatchObject({ path: [99], message: 'bad 99' })
    expect(read[100]).toEqual({
      code: 'too_many_issues',
      path: [],
      message: 'more than 100 issues: the first 100 are listed',
      limit: 100,
    })
  })

  it('refuses what is not Standard Schema v1 with NOT_STANDARD_SCHEMA', async () => {
    const readThrows = {
      get '~standard'(): never {
        throw new Error('trap')
      },
    }
    const cases: unknown[] = [
      {},
      { '~standard': null },
      { '~standard': { version: 2, vendor: 'x', validate: () => ({ value: 1 }) } },
      { '~standard': { version: 1, vendor: 7, validate: () => ({ value: 1 }) } },
      { '~standard': { version: 1, vendor: 'x', validate: 'no' } },
      readThrows,
      new Proxy(
        {},
        {
          has: () => true,
          get: () => {
            throw new Error('trap')
          },
        },
      ),
    ]
    for (const schema of cases) {
      const error = await failure(() => checkStandardArgs(schema as StandardSchemaV1, {}))
      expect(error.code).toBe('NOT_STANDARD_SCHEMA')
    }
  })

  it('reads ~standard once per schema object', () => {
    let reads = 0
    const props = { version: 1, vendor: 'acme', validate: (value: unknown) => ({ value }) }
    const schema = {
      get '~standard'() {
        reads++
        return props
      },
    } as StandardSchemaV1
    expect(checkStandardArgs(schema, { a: 1 })).toEqual({ value: { a: 1 } })
    expect(checkStandardArgs(schema, { a: 2 })).toEqual({ value: { a: 2 } })
    expect(reads).toBe(1)
  })
})
