import { revokedProxy } from '@toolpipe/hostile-values'
import { describe, expect, it } from 'vitest'
import { receivedKind } from './received-kind.js'

describe('receivedKind', () => {
  it('names the JSON kinds, any non-array object as object', () => {
    expect(['a', 1, true, null, [], {}, new Map()].map(receivedKind)).toEqual([
      'string',
      'number',
      'boolean',
      'null',
      'array',
      'object',
      'object',
    ])
  })

  it('names non-finite numbers, the other JavaScript types, and a revoked Proxy', () => {
    expect(
      [Number.NaN, Infinity, -Infinity, undefined, 1n, Symbol('s'), () => 1].map(receivedKind),
    ).toEqual(['NaN', 'Infinity', '-Infinity', 'undefined', 'bigint', 'symbol', 'function'])
    expect(receivedKind(revokedProxy())).toBe('unreadable')
  })
})
