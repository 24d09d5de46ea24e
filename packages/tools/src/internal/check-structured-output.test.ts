import { describe, expect, it } from 'vitest'
import { OutputInvalidError } from '../output-invalid-error.js'
import { checkStructuredOutput } from './check-structured-output.js'
import { thrown } from '../__fixtures__/tools.js'

const schema = {
  type: 'object',
  properties: { lines: { type: 'integer' } },
  required: ['lines'],
} as const

describe('checkStructuredOutput', () => {
  it('checks nothing without an outputSchema, and passes a value the schema accepts', () => {
    expect(() => {
      checkStructuredOutput('t', undefined, undefined)
    }).not.toThrow()
    expect(() => {
      checkStructuredOutput('t', schema, { lines: 3 })
    }).not.toThrow()
  })

  it('refuses a missing value, and a refused one with its issues, as OUTPUT_INVALID', () => {
    const missing = thrown(() => {
      checkStructuredOutput('read', schema, undefined)
    })
    expect(missing).toBeInstanceOf(OutputInvalidError)
    expect(missing).toMatchObject({ code: 'OUTPUT_INVALID', issues: [] })
    const refused = thrown(() => {
      checkStructuredOutput('read', schema, { lines: 'three' })
    })
    expect(refused).toBeInstanceOf(OutputInvalidError)
    expect(refused).toMatchObject({
      code: 'OUTPUT_INVALID',
      issues: [{ code: 'invalid_type', path: ['lines'] }],
    })
  })
})
