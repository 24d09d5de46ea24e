import { describe, expect, it } from 'vitest'
import { SchemaSpecError } from './schema-spec-error.js'
import type { SchemaSpecMistake } from './schema-spec-error.js'

const mistakes: SchemaSpecMistake[] = [
  { path: ['a', 'type'], message: 'spec.a.type must be one of "string", …, got "strng"' },
]

describe('SchemaSpecError', () => {
  it('keeps its mistakes read-only at run time (SPEC §3): a strict-mode assignment throws', () => {
    const error = new SchemaSpecError(mistakes)
    // Test modules are ES modules, so this assignment is strict-mode code.
    expect(() => {
      ;(error as { mistakes: unknown }).mistakes = []
    }).toThrow(TypeError)
    expect(error.mistakes).toEqual(mistakes)
    expect(Object.isFrozen(error.mistakes)).toBe(true)
    expect(Object.getOwnPropertyDescriptor(error, 'mistakes')).toMatchObject({
      writable: false,
      enumerable: true,
    })
    expect(Object.keys(error)).toEqual(['code', 'name', 'mistakes'])
  })
})
