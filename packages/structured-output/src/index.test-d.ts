import { describe, expectTypeOf, it } from 'vitest'
import type {
  InferStructured,
  StructuredIssue,
  StructuredOutputSchema,
  StructuredScalar,
  StructuredSchemaNode,
  StructuredSchemaType,
  OutputSchemaError,
} from './index.js'
import { assertSupportedOutputSchema, validateStructuredValue } from './index.js'

describe('public types', () => {
  it('StructuredScalar and StructuredSchemaType', () => {
    expectTypeOf<StructuredScalar>().toEqualTypeOf<string | number | boolean | null>()
    expectTypeOf<StructuredSchemaType>().toEqualTypeOf<
      'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null'
    >()
  })

  it('StructuredOutputSchema needs an object root and accepts as-const schemas', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string', enum: ['x'] } },
      required: ['a'],
    } as const
    expectTypeOf(schema).toExtend<StructuredOutputSchema>()
    // @ts-expect-error: the root must be an object
    const arrayRoot: StructuredOutputSchema = { type: 'array' }
    // @ts-expect-error: unknown type names do not compile
    const unknownType: StructuredSchemaNode = { type: 'float' }
    // @ts-expect-error: enum members are scalars
    const objectEnum: StructuredSchemaNode = { type: 'string', enum: [{}] }
    expectTypeOf([arrayRoot, unknownType, objectEnum]).toBeArray()
  })

  it('assertSupportedOutputSchema narrows unknown to StructuredOutputSchema', () => {
    const parsed: unknown = JSON.parse('{"type":"object"}')
    assertSupportedOutputSchema(parsed)
    expectTypeOf(parsed).toEqualTypeOf<StructuredOutputSchema>()
  })

  it('validateStructuredValue returns issues, a union keyed on code', () => {
    const issues = validateStructuredValue({ type: 'object' }, {})
    expectTypeOf(issues).toEqualTypeOf<StructuredIssue[]>()
    expectTypeOf<StructuredIssue['code']>().toEqualTypeOf<
      | 'invalid_type'
      | 'missing'
      | 'unknown_property'
      | 'invalid_enum'
      | 'invalid_const'
      | 'below_minimum'
      | 'above_maximum'
      | 'too_short'
      | 'too_long'
      | 'pattern_mismatch'
      | 'too_few_items'
      | 'too_many_items'
      | 'invalid_union'
      | 'not_json'
      | 'too_many_issues'
    >()
    expectTypeOf<StructuredIssue['path']>().toEqualTypeOf<readonly (string | number)[]>()
    const narrow = (issue: StructuredIssue) => {
      if (issue.code === 'invalid_type')
        expectTypeOf(issue.expected).toEqualTypeOf<StructuredSchemaType>()
      if (issue.code === 'invalid_enum') {
        expectTypeOf(issue.expected).toEqualTypeOf<readonly StructuredScalar[]>()
      }
      if (issue.code === 'invalid_const')
        expectTypeOf(issue.received).toEqualTypeOf<StructuredScalar>()
    }
    expectTypeOf(narrow).toBeFunction()
    // @ts-expect-error: the schema must be a supported schema type
    validateStructuredValue({ type: 'string' }, 'x')
  })

  it('OutputSchemaError has a literal code and readonly violations', () => {
    expectTypeOf<OutputSchemaError['code']>().toEqualTypeOf<'UNSUPPORTED_SCHEMA'>()
    expectTypeOf<OutputSchemaError['violations']>().toEqualTypeOf<readonly string[]>()
  })

  it('InferStructured works on the typeof of a schema', () => {
    const schema = {
      type: 'object',
      properties: { verdict: { type: 'string', enum: ['pass', 'fail'] } },
      required: ['verdict'],
      additionalProperties: false,
    } as const
    expectTypeOf(validateStructuredValue(schema, {})).toEqualTypeOf<StructuredIssue[]>()
    expectTypeOf<InferStructured<typeof schema>>().toEqualTypeOf<{ verdict: 'pass' | 'fail' }>()
  })
})
