import { describe, expect, it } from 'vitest'
import { checkStrictLimits } from './check-strict-limits.js'
import { conversion } from './__fixtures__/conversion.js'
import { strictLimits } from './dialect-rules.js'

describe('checkStrictLimits', () => {
  it('finds nothing at the limits themselves', () => {
    const at = conversion('openai-strict')
    at.properties = strictLimits.properties
    at.deepest = strictLimits.nesting
    at.stringLength = strictLimits.stringLength
    at.enumValues = strictLimits.enumValues
    checkStrictLimits(at)
    expect(at.issues).toEqual([])
  })

  it('notes each limit passed as a fatal issue at the root', () => {
    const at = conversion('openai-strict')
    at.properties = 5001
    at.deepest = 11
    at.stringLength = 120_001
    at.enumValues = 1001
    checkStrictLimits(at)
    expect(at.issues).toEqual([
      {
        path: 'parameters',
        keyword: 'properties',
        message: "5001 object properties in all is past OpenAI strict mode's limit of 5000",
        fatal: true,
      },
      {
        path: 'parameters',
        keyword: 'properties',
        message: "11 levels of nested objects and arrays is past OpenAI strict mode's limit of 10",
        fatal: true,
      },
      {
        path: 'parameters',
        keyword: 'enum',
        message:
          "120001 characters of property names, enum and const values is past OpenAI strict mode's limit of 120000",
        fatal: true,
      },
      {
        path: 'parameters',
        keyword: 'enum',
        message: "1001 enum values in all is past OpenAI strict mode's limit of 1000",
        fatal: true,
      },
    ])
  })
})
