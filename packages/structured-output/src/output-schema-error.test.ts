import { describe, expect, it } from 'vitest'
import { OutputSchemaError } from './output-schema-error.js'

const violations = ['schema: the root must have "type": "object", got "array"']

describe('OutputSchemaError', () => {
  it('keeps its violations read-only at run time (SPEC §4 "readonly violations"): a strict-mode assignment throws', () => {
    const error = new OutputSchemaError(violations)
    // Test modules are ES modules, so this assignment is strict-mode code.
    expect(() => {
      ;(error as { violations: unknown }).violations = []
    }).toThrow(TypeError)
    expect(error.violations).toEqual(violations)
    expect(Object.isFrozen(error.violations)).toBe(true)
    expect(Object.getOwnPropertyDescriptor(error, 'violations')).toMatchObject({
      writable: false,
      enumerable: true,
    })
    expect(Object.keys(error)).toEqual(['code', 'name', 'violations'])
  })
})
