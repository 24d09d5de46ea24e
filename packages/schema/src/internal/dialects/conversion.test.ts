import type { JsonObject } from '@toolpipe/core'
import { describe, expect, it } from 'vitest'
import { applyRule, below, issue, outsideSubset, readType, withWords } from './conversion.js'
import { conversion } from './__fixtures__/conversion.js'

describe('readType', () => {
  it('reads one type name, or [type, "null"] as a nullable one', () => {
    expect(readType('string')).toEqual({ name: 'string', nullable: false })
    expect(readType(['integer', 'null'])).toEqual({ name: 'integer', nullable: true })
  })

  it('reads no other form', () => {
    for (const type of [undefined, ['null', 'null'], ['string', 'number'], ['null'], [1, 'null']]) {
      expect(readType(type)).toBeUndefined()
    }
  })
})

describe('issue and below', () => {
  it('notes an issue at the place the walk is at, and below() returns there after', () => {
    const at = conversion('gemini')
    below(at, ['properties', 'edits'], () => {
      below(at, ['items'], () => {
        issue(at, 'format', 'moved', false)
      })
      issue(at, 'type', 'refused', true)
    })
    issue(at, 'type', 'root', true)
    expect(at.issues).toEqual([
      {
        path: 'parameters.properties.edits.items',
        keyword: 'format',
        message: 'moved',
        fatal: false,
      },
      { path: 'parameters.properties.edits', keyword: 'type', message: 'refused', fatal: true },
      { path: 'parameters', keyword: 'type', message: 'root', fatal: true },
    ])
    expect(at.path).toEqual([])
  })
})

describe('outsideSubset', () => {
  it('keeps the keyword as written for a dialect that takes JSON Schema, with a warning', () => {
    const at = conversion('openai')
    const out: JsonObject = {}
    outsideSubset(at, 'if', { type: 'string' }, out)
    expect(out).toEqual({ if: { type: 'string' } })
    expect(at.issues).toEqual([
      {
        path: 'parameters',
        keyword: 'if',
        message: `"if" is outside toolpipe's schema subset: sent to openai as written, without conversion`,
        fatal: false,
      },
    ])
  })

  it('refuses it, fatally, for any other dialect', () => {
    const at = conversion('gemini')
    const out: JsonObject = {}
    outsideSubset(at, 'if', true, out)
    expect(out).toEqual({})
    expect(at.issues).toMatchObject([
      {
        keyword: 'if',
        message: `"if" is outside toolpipe's schema subset and cannot be converted for gemini`,
        fatal: true,
      },
    ])
  })
})

describe('applyRule and withWords', () => {
  it('keeps a native keyword, and moves any other into the description’s words', () => {
    const at = conversion('openai-strict')
    const out: JsonObject = { description: 'the name' }
    const words: string[] = []
    applyRule('maxLength', 'native', 80, out, words, at)
    applyRule('minLength', 'described', 2, out, words, at)
    expect(out).toEqual({ description: 'the name', maxLength: 80 })
    expect(words).toEqual(['at least 2 characters'])
    expect(at.issues).toMatchObject([
      {
        keyword: 'minLength',
        message:
          '"minLength" is not supported by openai-strict: moved into the description as "at least 2 characters"; the arguments are still checked against it',
        fatal: false,
      },
    ])
    expect(withWords(out, words)).toEqual({
      description: 'the name (at least 2 characters)',
      maxLength: 80,
    })
  })

  it('makes the words the description when there is none, and leaves a node without words alone', () => {
    expect(withWords({}, ['a', 'b'])).toEqual({ description: 'a; b' })
    const out = { description: 'kept' }
    expect(withWords(out, [])).toBe(out)
    expect(out).toEqual({ description: 'kept' })
  })
})
