import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { argumentsCheck } from './arguments-check.js'
import { parserOf, withParser } from './parse-args.js'

describe('parserOf', () => {
  it('finds no parser on anything but a function that withParser marked', () => {
    for (const value of [undefined, null, 'check', {}, () => []]) {
      expect(parserOf(value)).toBeUndefined()
    }
    expect(parserOf(argumentsCheck(z.object({}), undefined).check)).toBeTypeOf('function')
  })
})

describe('withParser', () => {
  it('attaches the parser, freezes the check and hands it back', () => {
    const check = () => []
    const parse = () => []
    const marked = withParser(check, parse)
    expect(marked).toBe(check)
    expect(Object.isFrozen(marked)).toBe(true)
    expect(parserOf(marked)).toBe(parse)
    expect(Object.keys(marked)).toEqual([])
  })
})
