import { describe, expect, it } from 'vitest'
import { normalizeArgs } from './normalize-args.js'
import { kept, source, text } from './__fixtures__/json-schema-source.js'

/**
 * SPEC §9.3's null→absent rule read from a hand-written JSON Schema (a Standard JSON Schema's
 * input, SPEC §10), keyword by keyword: a `null` goes where the schema says the member is
 * optional and does not accept null, and stays wherever the schema cannot tell; nothing the
 * schema cannot read stops the other members' normalization.
 */

describe('$ref', () => {
  it('follows local JSON pointers, escapes and array indexes included', () => {
    const schema = source(
      {
        named: { $ref: '#/$defs/S' },
        slash: { $ref: '#/$defs/a~1b' },
        tilde: { $ref: '#/$defs/c~0d' },
        space: { $ref: '#/$defs/e%20f' },
        indexed: { $ref: '#/$defs/list/1' },
        chained: { $ref: '#/$defs/hop' },
      },
      {
        $defs: {
          S: text,
          'a/b': text,
          'c~d': text,
          'e f': text,
          list: [{ type: 'null' }, text],
          hop: { $ref: '#/$defs/S' },
        },
      },
    )
    const args = {
      named: null,
      slash: null,
      tilde: null,
      space: null,
      indexed: null,
      chained: null,
    }
    expect(normalizeArgs(schema, args)).toEqual({})
  })

  it('keeps the null where the $ref does not resolve, and normalizes the rest', () => {
    const schema = source(
      {
        external: { $ref: 'https://example.com/s.json' },
        bare: { $ref: 'x' },
        notPointer: { $ref: '#x' },
        noSlash: { $ref: '#x$defs/S' },
        missing: { $ref: '#/$defs/none' },
        inherited: { $ref: '#/$defs/toString' },
        deep: { $ref: '#/$defs/S/type/length' },
        number: { $ref: 5 },
        gone: text,
      },
      { $defs: { S: text } },
    )
    const args = {
      external: null,
      bare: null,
      notPointer: null,
      noSlash: null,
      missing: null,
      inherited: null,
      deep: null,
      number: null,
      gone: null,
    }
    expect(kept(schema, args)).toEqual([
      'external',
      'bare',
      'notPointer',
      'noSlash',
      'missing',
      'inherited',
      'deep',
      'number',
    ])
  })

  it('follows 31 $refs in a row and gives up at 32', () => {
    const chain = (length: number): Record<string, unknown> => {
      const defs: Record<string, unknown> = { [`r${length}`]: text }
      for (let index = 0; index < length; index++) {
        defs[`r${index}`] = { $ref: `#/$defs/r${index + 1}` }
      }
      return defs
    }
    const followed = source({ m: { $ref: '#/$defs/r1' } }, { $defs: chain(31) })
    expect(normalizeArgs(followed, { m: null })).toEqual({})
    const tooLong = source({ m: { $ref: '#/$defs/r0' } }, { $defs: chain(31) })
    expect(normalizeArgs(tooLong, { m: null })).toEqual({ m: null })
  })
})
