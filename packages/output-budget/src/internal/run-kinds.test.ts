import { describe, expect, it } from 'vitest'
import { letterRun, runKinds, spaceRun, symbolRun } from './run-kinds.js'

const { basic, astral } = runKinds()

describe('runKinds', () => {
  it.each([
    ['a', letterRun],
    ['é', letterRun],
    ['日', letterRun],
    ['\u0301', letterRun | symbolRun], // a combining mark continues a word and a run of symbols
    ['=', symbolRun],
    ['，', symbolRun],
    ['\u0000', symbolRun],
    [' ', spaceRun],
    ['\n', spaceRun],
    ['\u3000', spaceRun],
    ['7', 0],
    ['٣', 0],
    ['\ud800', symbolRun], // a lone half
  ])('gives %j the kinds of the pre-tokenizer’s classes', (char, kind) => {
    expect(basic[char.charCodeAt(0)]).toBe(kind)
  })

  it.each([
    ['😀', symbolRun],
    ['𝐀', letterRun],
    ['𠀀', letterRun],
    ['𝟏', 0],
  ])('gives the astral %j its kinds', (char, kind) => {
    expect(astral(char.codePointAt(0) ?? 0)).toBe(kind)
  })
})
