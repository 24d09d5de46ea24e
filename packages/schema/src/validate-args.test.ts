import { isHarnessError } from '@toolpipe/core'
import { getHeapStatistics } from 'node:v8'
import { describe, expect, it, vi } from 'vitest'
import { checkArgs } from './check-args.js'
import { collectArgIssues } from './internal/collect-issues.js'
import type * as CollectIssues from './internal/collect-issues.js'
import { SchemaSpecError } from './schema-spec-error.js'
import { ToolArgsError } from './tool-args-error.js'
import { validateArgs } from './validate-args.js'

vi.mock('./internal/collect-issues.js', async (importOriginal) => {
  const original = await importOriginal<typeof CollectIssues>()
  return { ...original, collectArgIssues: vi.fn(original.collectArgIssues) }
})

const readFile = {
  path: { type: 'string', required: true },
  offset: { type: 'number' },
  limit: { type: 'number' },
  encoding: { type: 'string', enum: ['utf8', 'base64'] },
} as const

/** Runs validateArgs expecting a ToolArgsError, and returns it. */
function failure(spec: Parameters<typeof validateArgs>[0], args: unknown): ToolArgsError {
  try {
    validateArgs(spec, args)
  } catch (error) {
    expect(error).toBeInstanceOf(ToolArgsError)
    return error as ToolArgsError
  }
  throw new Error('expected validateArgs to throw')
}

describe('validateArgs', () => {
  it('returns for valid arguments', () => {
    expect(() => {
      validateArgs(readFile, { path: 'a.txt', limit: 5 })
    }).not.toThrow()
  })

  it('throws ToolArgsError holding every issue checkArgs finds', () => {
    const args = { offset: '3', limit: 5, encoding: 'latin1' }
    const error = failure(readFile, args)
    expect(error.code).toBe('INVALID_ARGS')
    expect(error.name).toBe('ToolArgsError')
    expect(isHarnessError(error)).toBe(true)
    expect(error.issues).toEqual(checkArgs(readFile, args))
    expect(error.message).toBe(
      'invalid arguments: missing required property "path"; "offset" must be a number, got string; ' +
        '"encoding" must be one of "utf8", "base64", got "latin1"',
    )
  })

  it('says so when the arguments are not an object', () => {
    expect(failure(readFile, ['a.txt']).message).toBe(
      'invalid arguments: arguments must be a JSON object, got array',
    )
  })

  it('throws SchemaSpecError for an invalid spec, whatever the arguments', () => {
    expect(() => {
      validateArgs({ path: { type: 'text' } } as never, {})
    }).toThrow(SchemaSpecError)
  })

  it('collects issues only after the fast check has failed', () => {
    vi.mocked(collectArgIssues).mockClear()
    for (let index = 0; index < 100; index++) validateArgs(readFile, { path: `${index}` })
    expect(collectArgIssues).not.toHaveBeenCalled()
    failure(readFile, {})
    expect(collectArgIssues).toHaveBeenCalledTimes(1)
  })

  it('does not allocate on valid arguments', () => {
    const spec = {
      path: { type: 'string', required: true },
      edits: {
        type: 'array',
        items: {
          type: 'object',
          properties: { count: { type: 'number' }, mode: { type: 'string', enum: ['a', 'b'] } },
        },
      },
    } as const
    // Keys in and out of declaration order, extra keys, an enum: every lookup path.
    const args = { path: 'a', edits: [{ mode: 'a' }, { extra: 1, mode: 'b' }, {}], more: true }
    const run = (): void => {
      for (let index = 0; index < 100_000; index++) validateArgs(spec, args)
    }
    run()
    run()
    // Any allocation is at least 16 bytes a call, 1.6 MB a round; a garbage collection during a
    // round can only make it look smaller, so one round above 1 MB is proof enough of a leak.
    const growth: number[] = []
    for (let round = 0; round < 6; round++) {
      const before = getHeapStatistics().used_heap_size
      run()
      growth.push(getHeapStatistics().used_heap_size - before)
    }
    expect(growth.filter((bytes) => bytes > 1_000_000)).toEqual([])
  })
})
