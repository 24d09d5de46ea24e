import { revokedProxy } from '@toolpipe/hostile-values'
import { describe, expect, it } from 'vitest'
import type { ReceivedKind } from '../arg-issue.js'
import { receivedKind } from './received-kind.js'

describe('receivedKind', () => {
  it.each<[string, unknown, ReceivedKind]>([
    ['a string', 'a', 'string'],
    ['a finite number', 1, 'number'],
    ['a boolean', true, 'boolean'],
    ['null', null, 'null'],
    ['an array', [], 'array'],
    ['a plain object', {}, 'object'],
    ['any other non-array object', new Map(), 'object'],
    ['NaN', Number.NaN, 'NaN'],
    ['Infinity', Infinity, 'Infinity'],
    ['-Infinity', -Infinity, '-Infinity'],
    ['undefined', undefined, 'undefined'],
    ['a bigint', 1n, 'bigint'],
    ['a symbol', Symbol('s'), 'symbol'],
    ['a function', () => 1, 'function'],
    ['a revoked Proxy', revokedProxy(), 'unreadable'],
  ])('names %s', (_label, value, kind) => {
    expect(receivedKind(value)).toBe(kind)
  })
})
