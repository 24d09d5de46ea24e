import { createValidator } from '@toolpipe/structured-output/internal'
import { describe, expect, it } from 'vitest'
import { answers, codeRefused } from './__fixtures__/fused.js'
import { assertValidSchemaSpec } from './assert-valid-schema-spec.js'
import { checkArgs } from './check-args.js'
import { compiledSpec } from './internal/compile-spec.js'
import { normalizeArgs } from './normalize-args.js'
import { schemaSpecToJsonSchema } from './schema-spec-to-json-schema.js'
import type { SchemaSpec } from './schema-spec.js'
import { ToolArgsError } from './tool-args-error.js'
import { validateArgs } from './validate-args.js'

// SPEC §3 MUST: checkArgs agrees with Ajv on every spec. A spec's property names are any JSON
// member names, "" and "__proto__" among them (the differential draws both; these are the cases
// one by one). JSON text makes "__proto__" an own member, so the specs and values are parsed;
// an object literal's `__proto__:` sets the prototype instead, and declares nothing.

function parsed(text: string): unknown {
  return JSON.parse(text)
}

function specOf(text: string): SchemaSpec {
  return JSON.parse(text) as SchemaSpec
}

/** A required string "__proto__" and a required number "". */
const spec = specOf(
  '{"__proto__": {"type": "string", "required": true}, "": {"type": "number", "required": true}}',
)

/** The same names below the root: in an object, and in an array's objects. */
const nested = specOf(`{
  "o": {"type": "object", "required": true, "properties": {
    "__proto__": {"type": "string", "required": true}, "": {"type": "boolean"}}},
  "list": {"type": "array", "items": {"type": "object", "properties": {
    "__proto__": {"type": "integer", "required": true}}}}
}`)

const missingProto = {
  code: 'missing',
  path: ['__proto__'],
  message: 'missing required property "__proto__"',
  expected: 'string',
}
const missingEmpty = {
  code: 'missing',
  path: [''],
  message: 'missing required property "[""]"',
  expected: 'number',
}

/** Values and the issues checkArgs finds in them (every path must find the same). */
const cases: readonly (readonly [string, SchemaSpec, unknown, readonly object[]])[] = [
  ['the members, from JSON text', spec, parsed('{"__proto__": "x", "": 1}'), []],
  ['no member at all', spec, {}, [missingProto, missingEmpty]],
  // Inherited, not own: `value.__proto__` and `value[""]` read something, and neither is a member.
  [
    'members only inherited',
    spec,
    Object.create(parsed('{"__proto__": "x", "": 1}') as object),
    [missingProto, missingEmpty],
  ],
  [
    'members of the wrong types',
    spec,
    parsed('{"__proto__": 5, "": "1"}'),
    [
      {
        code: 'invalid_type',
        path: ['__proto__'],
        message: '"__proto__" must be a string, got number',
        expected: 'string',
        received: 'number',
      },
      {
        code: 'invalid_type',
        path: [''],
        message: '"[""]" must be a number, got string',
        expected: 'number',
        received: 'string',
      },
    ],
  ],
  [
    'nested members, from JSON text',
    nested,
    parsed('{"o": {"__proto__": "x", "": true}, "list": [{"__proto__": 1}]}'),
    [],
  ],
  [
    'nested members missing or wrong',
    nested,
    parsed('{"o": {"": 1}, "list": [{"__proto__": 1.5}, {}]}'),
    [
      {
        code: 'missing',
        path: ['o', '__proto__'],
        message: 'missing required property "o.__proto__"',
        expected: 'string',
      },
      {
        code: 'invalid_type',
        path: ['o', ''],
        message: '"o[""]" must be a boolean, got number',
        expected: 'boolean',
        received: 'number',
      },
      {
        code: 'invalid_type',
        path: ['list', 0, '__proto__'],
        message: '"list[0].__proto__" must be an integer, got 1.5',
        expected: 'integer',
        received: 'number',
      },
      {
        code: 'missing',
        path: ['list', 1, '__proto__'],
        message: 'missing required property "list[1].__proto__"',
        expected: 'integer',
      },
    ],
  ],
]

describe('SPEC §3: the property names "" and "__proto__" are names like any other', () => {
  it('assertValidSchemaSpec accepts them', () => {
    expect(() => {
      assertValidSchemaSpec(spec)
      assertValidSchemaSpec(nested)
    }).not.toThrow()
  })

  it('schemaSpecToJsonSchema: "__proto__" an own member of properties, never its prototype; both required', () => {
    const schema = schemaSpecToJsonSchema(nested)
    const inner = schema.properties.o?.properties as object
    expect(Object.getOwnPropertyDescriptor(inner, '__proto__')).toEqual({
      value: { type: 'string' },
      writable: true,
      enumerable: true,
      configurable: true,
    })
    expect(Object.getPrototypeOf(inner)).toBe(Object.prototype)
    expect(schema.properties.o?.required).toEqual(['__proto__'])
    expect(JSON.stringify(schemaSpecToJsonSchema(spec))).toBe(
      '{"type":"object","properties":{"__proto__":{"type":"string"},"":{"type":"number"}},"required":["__proto__",""]}',
    )
  })

  it.each(cases)('checkArgs: %s', (_, caseSpec, value, issues) => {
    expect(checkArgs(caseSpec, value)).toEqual(issues)
  })

  it.each(cases)(
    'every path finds the same: %s (closures, generated code, fused walk; the CSP run has the closures only)',
    (_, caseSpec, value, issues) => {
      const { node } = compiledSpec(caseSpec).validator
      const closures = createValidator(node, 'args', 'closures')
      expect(closures.isValid(value)).toBe(issues.length === 0)
      if (!codeRefused) {
        const generated = createValidator(node, 'args', 'generated')
        expect(generated.isValid(value)).toBe(issues.length === 0)
        expect(generated.collect(value)).toEqual(closures.collect(value))
      }
      const { general, fused, checked, written } = answers(caseSpec, value)
      expect(general).toEqual(issues)
      expect(checked).toStrictEqual(general)
      expect(written).toBe(!codeRefused)
      // The fused walk leaves an object of another prototype to the general path.
      const answered = !codeRefused && Object.getPrototypeOf(value) === Object.prototype
      if (issues.length > 0) expect(fused).toStrictEqual(answered ? general : undefined)
    },
  )

  it('validateArgs: the JSON text passes; {} throws ToolArgsError with both missing', () => {
    expect(() => {
      validateArgs(spec, parsed('{"__proto__": "x", "": 1}'))
    }).not.toThrow()
    let thrown: unknown
    try {
      validateArgs(spec, {})
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ToolArgsError)
    expect((thrown as ToolArgsError).issues).toEqual([missingProto, missingEmpty])
  })
})

describe('SPEC §9.3: null → absent, for members named "" and "__proto__"', () => {
  const optional = specOf(
    '{"__proto__": {"type": "object", "properties": {"x": {"type": "string"}}}, "": {"type": "string"}}',
  )

  it('removes their nulls, and keeps "__proto__" an own member of the copy', () => {
    const normalized = normalizeArgs(optional, parsed('{"__proto__": {"x": null}, "": null}'))
    expect(Object.keys(normalized as object)).toEqual(['__proto__'])
    expect(Object.getOwnPropertyDescriptor(normalized, '__proto__')?.value).toEqual({})
    expect(Object.getPrototypeOf(normalized)).toBe(Object.prototype)
    const left = normalizeArgs(optional, parsed('{"__proto__": null, "": "a"}'))
    expect(left).toEqual({ '': 'a' })
    expect(Object.getPrototypeOf(left)).toBe(Object.prototype)
  })

  it('a "__proto__" member that is own but not enumerable is defined on the copy, never set as its prototype', () => {
    const args = Object.defineProperty({}, '__proto__', { value: { x: null }, enumerable: false })
    const normalized = normalizeArgs(optional, args) as object
    expect(Object.getPrototypeOf(normalized)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(normalized, '__proto__')?.value).toEqual({})
  })
})
