import type { JsonObject } from '@toolpipe/core'
import { describe, expect, it } from 'vitest'
import {
  convertAdditionalProperties,
  convertConst,
  convertEnum,
  convertExclusive,
  convertFormat,
  writeType,
} from './convert-keywords.js'
import { conversion } from './__fixtures__/conversion.js'

const string = { name: 'string', nullable: false }
const integer = { name: 'integer', nullable: false }
const number = { name: 'number', nullable: false }

describe('writeType', () => {
  it('writes a nullable type as [T, "null"], and for Gemini as nullable: true', () => {
    const out: JsonObject = {}
    writeType({ name: 'string', nullable: true }, out, conversion('openai'))
    expect(out).toEqual({ type: ['string', 'null'] })
    const gemini: JsonObject = {}
    writeType({ name: 'string', nullable: true }, gemini, conversion('gemini'))
    expect(gemini).toEqual({ type: 'string', nullable: true })
  })

  it('refuses a node of type "null" alone for Gemini', () => {
    const at = conversion('gemini')
    const out: JsonObject = {}
    writeType({ name: 'null', nullable: false }, out, at)
    expect(out).toEqual({})
    expect(at.issues).toMatchObject([{ keyword: 'type', fatal: true }])
  })
})

describe('convertAdditionalProperties', () => {
  it('keeps it, leaves it to strict mode, or leaves it out for Gemini with a warning', () => {
    const kept: JsonObject = {}
    convertAdditionalProperties(false, kept, conversion('anthropic'))
    expect(kept).toEqual({ additionalProperties: false })
    const strict: JsonObject = {}
    convertAdditionalProperties(false, strict, conversion('openai-strict'))
    expect(strict).toEqual({})
    const at = conversion('gemini')
    convertAdditionalProperties(false, {}, at)
    convertAdditionalProperties(true, {}, at)
    expect(at.issues).toMatchObject([{ keyword: 'additionalProperties', fatal: false }])
  })
})

describe('convertEnum', () => {
  it('keeps it and counts it for strict mode’s limits', () => {
    const at = conversion('openai')
    const out: JsonObject = {}
    convertEnum(['ab', 'c', null], string, out, at)
    expect(out).toEqual({ enum: ['ab', 'c', null] })
    expect(at.enumValues).toBe(3)
    expect(at.stringLength).toBe(3)
  })

  it('for Gemini, drops null, writes an integer enum as strings, refuses a number enum', () => {
    const strings: JsonObject = {}
    convertEnum(['a', null], string, strings, conversion('gemini'))
    expect(strings).toEqual({ enum: ['a'] })
    const integers: JsonObject = {}
    convertEnum([1, 2], integer, integers, conversion('gemini'))
    expect(integers).toEqual({ format: 'enum', enum: ['1', '2'] })
    const at = conversion('gemini')
    convertEnum([1.5], number, {}, at)
    expect(at.issues).toMatchObject([{ keyword: 'enum', fatal: true }])
  })

  it('refuses a big enum past strict mode’s limit', () => {
    const at = conversion('openai-strict')
    const members = Array.from(
      { length: 251 },
      (_, index) => `value-${String(index).padStart(60, '0')}`,
    )
    convertEnum(members, string, {}, at)
    expect(at.issues).toMatchObject([{ keyword: 'enum', fatal: true }])
  })
})

describe('convertFormat', () => {
  it('keeps a format the dialect documents for the type, moves any other into words', () => {
    const kept: JsonObject = {}
    convertFormat('date-time', string, {}, kept, [], conversion('openai-strict'))
    expect(kept).toEqual({ format: 'date-time' })
    const words: string[] = []
    const at = conversion('openai-strict')
    convertFormat('uri', string, {}, {}, words, at)
    expect(words).toHaveLength(1)
    expect(at.issues).toMatchObject([{ keyword: 'format', fatal: false }])
  })

  it('keeps any format for the dialects that take JSON Schema', () => {
    const out: JsonObject = {}
    convertFormat('uri', string, {}, out, [], conversion('anthropic'))
    expect(out).toEqual({ format: 'uri' })
  })
})

describe('convertConst', () => {
  it('keeps it, or for Gemini writes a string constant as a one-member enum', () => {
    const kept: JsonObject = {}
    convertConst('x', kept, conversion('openai'))
    expect(kept).toEqual({ const: 'x' })
    const at = conversion('gemini')
    const out: JsonObject = {}
    convertConst('x', out, at)
    convertConst(1, {}, at)
    expect(out).toEqual({ enum: ['x'] })
    expect(at.issues).toMatchObject([
      { keyword: 'const', fatal: false },
      { keyword: 'const', fatal: true },
    ])
  })
})

describe('convertExclusive', () => {
  it('keeps it, or for Gemini writes the same bound on an integer and words on a number', () => {
    const kept: JsonObject = {}
    convertExclusive('exclusiveMinimum', 0, integer, {}, kept, [], conversion('openai'))
    expect(kept).toEqual({ exclusiveMinimum: 0 })
    const out: JsonObject = {}
    convertExclusive(
      'exclusiveMinimum',
      0.5,
      integer,
      { minimum: -3 },
      out,
      [],
      conversion('gemini'),
    )
    expect(out).toEqual({ minimum: 1 })
    const below: JsonObject = {}
    convertExclusive(
      'exclusiveMaximum',
      10,
      integer,
      { maximum: 5 },
      below,
      [],
      conversion('gemini'),
    )
    expect(below).toEqual({ maximum: 5 })
    const words: string[] = []
    convertExclusive('exclusiveMaximum', 1, number, {}, {}, words, conversion('gemini'))
    expect(words).toEqual(['less than 1'])
  })
})
