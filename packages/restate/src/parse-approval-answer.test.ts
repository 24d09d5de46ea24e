import fc from 'fast-check'
import { isHarnessError } from '@toolpipe/core'
import { InvalidApprovalError } from '@toolpipe/tools'
import type { ApprovalOutcome } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { parseApprovalAnswer } from './parse-approval-answer.js'

function refusal(text: unknown): string {
  try {
    parseApprovalAnswer(text as string)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidApprovalError)
    expect(error).toMatchObject({ name: 'InvalidApprovalError', code: 'INVALID_APPROVAL' })
    return (error as Error).message
  }
  throw new Error(`parseApprovalAnswer accepted ${String(text)}`)
}

const kinds =
  '"allowed-once", "allowed-always", "rejected", "rejected-always", "cancelled", "unavailable"'

describe('parseApprovalAnswer', () => {
  it.each<[string, ApprovalOutcome]>([
    ['{"kind":"allowed-once"}', { kind: 'allowed-once' }],
    ['{"kind":"rejected"}', { kind: 'rejected' }],
    ['{"kind":"rejected","reason":"not on main"}', { kind: 'rejected', reason: 'not on main' }],
    ['{"kind":"cancelled"}', { kind: 'cancelled' }],
    ['{"kind":"allowed-always"}', { kind: 'allowed-always' }],
    ['{"kind":"rejected-always"}', { kind: 'rejected-always' }],
    [
      '{"kind":"rejected-always","reason":"never on main"}',
      { kind: 'rejected-always', reason: 'never on main' },
    ],
    [
      '{"kind":"allowed-once","arguments":{"path":"b.txt"}}',
      { kind: 'allowed-once', arguments: { path: 'b.txt' } },
    ],
    ['{"kind":"allowed-once","arguments":null}', { kind: 'allowed-once', arguments: null }],
    ['{"kind":"unavailable"}', { kind: 'unavailable' }],
    [' \n {"reason":"later","kind":"rejected"}\n', { kind: 'rejected', reason: 'later' }],
  ])('reads %s', (text, outcome) => {
    const read = parseApprovalAnswer(text)
    expect(read).toStrictEqual(outcome)
    expect(Object.isFrozen(read)).toBe(true)
  })

  it('refuses an empty answer', () => {
    expect(refusal('')).toBe(
      'not an approval outcome: empty; expected an approval outcome as JSON, such as {"kind":"allowed-once"}',
    )
    expect(refusal(' \n\t')).toMatch(/^not an approval outcome: empty;/)
  })

  it('refuses text that is not JSON, with the parser’s reason', () => {
    expect(refusal('yes')).toMatch(/^not an approval outcome: not JSON \(.+\)$/)
    expect(refusal('{"kind":"allowed-once"')).toMatch(/^not an approval outcome: not JSON \(/)
  })

  it.each([
    ['null', 'null'],
    ['[{"kind":"allowed-once"}]', 'an array'],
    ['"allowed-once"', '"allowed-once"'],
    ['1', '1'],
    ['true', 'true'],
  ])('refuses %s, which is not an object', (text, described) => {
    expect(refusal(text)).toBe(
      `not an approval outcome: $: expected an object with a "kind", got ${described}`,
    )
  })

  it('names the kinds when kind is missing, of another type, or unknown', () => {
    expect(refusal('{}')).toBe(`not an approval outcome: $.kind: missing; expected one of ${kinds}`)
    expect(refusal('{"reason":"x"}')).toBe(
      `not an approval outcome: $.kind: missing; expected one of ${kinds}`,
    )
    expect(refusal('{"kind":1}')).toBe(
      `not an approval outcome: $.kind: expected one of ${kinds}, got 1`,
    )
    expect(refusal('{"kind":null}')).toBe(
      `not an approval outcome: $.kind: expected one of ${kinds}, got null`,
    )
    expect(refusal('{"kind":"allowed-forever"}')).toBe(
      `not an approval outcome: $.kind: expected one of ${kinds}, got "allowed-forever"`,
    )
    expect(refusal('{"kind":"Allowed-Once"}')).toMatch(/got "Allowed-Once"$/)
  })

  it('shortens a long unknown kind in the message', () => {
    const message = refusal(JSON.stringify({ kind: 'x'.repeat(10_000) }))
    expect(message).toBe(
      `not an approval outcome: $.kind: expected one of ${kinds}, got "${'x'.repeat(64)}…"`,
    )
  })

  it('refuses a reason that is not a string', () => {
    expect(refusal('{"kind":"rejected","reason":5}')).toBe(
      'not an approval outcome: $.reason: expected a string, got 5',
    )
    expect(refusal('{"kind":"rejected","reason":null}')).toBe(
      'not an approval outcome: $.reason: expected a string, got null',
    )
    expect(refusal('{"kind":"rejected","reason":["a"]}')).toBe(
      'not an approval outcome: $.reason: expected a string, got an array',
    )
  })

  it('refuses a member the kind does not have, rather than apply part of the answer', () => {
    // Only allowed-once carries an edit (SPEC §12.3): "always" is about the tool, not one call.
    expect(refusal('{"kind":"allowed-always","arguments":{"path":"b.txt"}}')).toBe(
      'not an approval outcome: $.arguments: not a member of an answer of kind "allowed-always", whose members are "kind"',
    )
    expect(refusal('{"kind":"cancelled","reason":"late"}')).toBe(
      'not an approval outcome: $.reason: not a member of an answer of kind "cancelled", whose members are "kind"',
    )
    expect(refusal('{"kind":"rejected","remember":true}')).toBe(
      'not an approval outcome: $.remember: not a member of an answer of kind "rejected", whose members are "kind", "reason"',
    )
    expect(refusal('{"kind":"unavailable","odd key":1}')).toBe(
      'not an approval outcome: $["odd key"]: not a member of an answer of kind "unavailable", whose members are "kind"',
    )
  })

  it('treats __proto__ and constructor as the members they are in JSON', () => {
    expect(refusal('{"kind":"allowed-once","__proto__":{"kind":"rejected"}}')).toBe(
      'not an approval outcome: $.__proto__: not a member of an answer of kind "allowed-once", whose members are "kind", "arguments"',
    )
    expect(refusal('{"__proto__":{"kind":"allowed-once"}}')).toBe(
      `not an approval outcome: $.kind: missing; expected one of ${kinds}`,
    )
    expect(refusal('{"kind":"constructor"}')).toMatch(/got "constructor"$/)
    expect(refusal('{"kind":"toString"}')).toMatch(/got "toString"$/)
  })

  it('refuses deeply nested answers without overflowing', () => {
    const deep = `{"kind":"allowed-once","x":${'['.repeat(200_000)}${']'.repeat(200_000)}}`
    expect(refusal(deep)).toMatch(/^not an approval outcome: /)
  })

  it('refuses what is not text at all', () => {
    expect(refusal(undefined)).toBe('not an approval outcome: expected JSON text, got undefined')
    expect(refusal({ kind: 'allowed-once' })).toBe(
      'not an approval outcome: expected JSON text, got an object with keys ["kind"]',
    )
    expect(refusal(new Uint8Array([123, 125]))).toBe(
      'not an approval outcome: expected JSON text, got an instance of Uint8Array',
    )
  })

  it('reads every JSON value into exactly the outcome it spells, or refuses it with INVALID_APPROVAL', () => {
    const outcomes = fc.oneof(
      fc
        .constantFrom(
          'allowed-once',
          'allowed-always',
          'rejected',
          'rejected-always',
          'cancelled',
          'unavailable',
        )
        .map((kind) => ({ kind })),
      fc.record({ kind: fc.constantFrom('rejected', 'rejected-always'), reason: fc.string() }),
      fc.record({ kind: fc.constant('allowed-once'), arguments: fc.jsonValue() }),
    )
    const near = fc.oneof(
      outcomes,
      fc
        .tuple(outcomes, fc.dictionary(fc.string(), fc.jsonValue()))
        .map(([outcome, extra]) => ({ ...extra, ...outcome })),
      fc.record({ kind: fc.jsonValue(), reason: fc.jsonValue() }, { requiredKeys: [] }),
      fc.jsonValue(),
    )
    fc.assert(
      fc.property(near, (value) => {
        const text = JSON.stringify(value)
        const members: Record<string, readonly string[]> = {
          'allowed-once': ['kind', 'arguments'],
          'allowed-always': ['kind'],
          rejected: ['kind', 'reason'],
          'rejected-always': ['kind', 'reason'],
          cancelled: ['kind'],
          unavailable: ['kind'],
        }
        const kind = (value as { kind?: unknown } | null)?.kind
        const reason = (value as { reason?: unknown } | null)?.reason
        const valid =
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          typeof kind === 'string' &&
          Object.hasOwn(members, kind) &&
          Object.keys(value).every((key) => members[kind]?.includes(key) === true) &&
          (reason === undefined || typeof reason === 'string') &&
          !(Object.hasOwn(value, 'reason') && reason === undefined)
        let outcome: unknown
        try {
          outcome = parseApprovalAnswer(text)
        } catch (error) {
          expect(isHarnessError(error) && error.code === 'INVALID_APPROVAL').toBe(true)
          expect(valid).toBe(false)
          return
        }
        expect(valid).toBe(true)
        expect(outcome).toStrictEqual(JSON.parse(text))
      }),
      { numRuns: 500 },
    )
  })
})
