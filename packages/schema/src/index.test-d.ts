import type { HarnessError } from '@toolpipe/core'
import { describe, expectTypeOf, it } from 'vitest'
import type {
  ArgIssue,
  DialectIssue,
  ProviderJsonSchema,
  ProviderSchemaResult,
  SchemaSpecError,
  ToolArgsError,
  InferArgs,
  JsonSchemaObject,
  JsonSchemaProperty,
  ReceivedKind,
  SchemaSpec,
  SchemaSpecMistake,
  SchemaType,
} from './index.js'
import {
  assertValidSchemaSpec,
  checkArgs,
  schemaSpecToJsonSchema,
  toProviderSchema,
  validateArgs,
} from './index.js'

const readFile = {
  path: { type: 'string', required: true },
  encoding: { type: 'string', enum: ['utf8', 'base64'] },
} as const

describe('validateArgs', () => {
  it('narrows unknown arguments to InferArgs of the spec', () => {
    const args: unknown = JSON.parse('{"path":"a"}')
    validateArgs(readFile, args)
    expectTypeOf(args).toEqualTypeOf<{ path: string; encoding?: 'utf8' | 'base64' }>()
  })

  it('infers enum literals from a spec written inline', () => {
    const args: unknown = {}
    validateArgs({ mode: { type: 'string', enum: ['a', 'b'], required: true } }, args)
    expectTypeOf(args).toEqualTypeOf<{ mode: 'a' | 'b' }>()
  })

  it('narrows to a non-any type with a plain SchemaSpec', () => {
    const spec: SchemaSpec = {}
    const args: unknown = {}
    validateArgs(spec, args)
    expectTypeOf(args).not.toBeAny()
    expectTypeOf(args).toEqualTypeOf<InferArgs<SchemaSpec>>()
  })
})

describe('assertValidSchemaSpec', () => {
  it('narrows unknown to SchemaSpec', () => {
    const spec: unknown = {}
    assertValidSchemaSpec(spec)
    expectTypeOf(spec).toEqualTypeOf<SchemaSpec>()
  })
})

describe('checkArgs and ArgIssue', () => {
  it('returns issues discriminated on code', () => {
    expectTypeOf(checkArgs(readFile, {})).toEqualTypeOf<ArgIssue[]>()
    expectTypeOf<ArgIssue['code']>().toEqualTypeOf<
      | 'not_object'
      | 'missing'
      | 'invalid_type'
      | 'invalid_enum'
      | 'below_minimum'
      | 'above_maximum'
      | 'too_short'
      | 'too_long'
      | 'pattern_mismatch'
      | 'too_few_items'
      | 'too_many_items'
      | 'invalid_union'
      | 'sparse_array'
      | 'too_many_issues'
      | 'invalid'
    >()
    expectTypeOf<ArgIssue['path']>().toEqualTypeOf<readonly (string | number)[]>()
    const narrow = (issue: ArgIssue) => {
      if (issue.code === 'invalid_enum') {
        expectTypeOf(issue.expected).toEqualTypeOf<readonly (string | number | null)[]>()
        expectTypeOf(issue.received).toEqualTypeOf<string | number>()
      }
      if (issue.code === 'above_maximum' || issue.code === 'below_minimum') {
        expectTypeOf(issue.limit).toEqualTypeOf<number>()
        expectTypeOf(issue.exclusive).toEqualTypeOf<boolean>()
        expectTypeOf(issue.received).toEqualTypeOf<number>()
      }
      if (issue.code === 'pattern_mismatch') expectTypeOf(issue.pattern).toEqualTypeOf<string>()
      if (issue.code === 'invalid_union') {
        expectTypeOf(issue.alternatives).toEqualTypeOf<readonly (readonly ArgIssue[])[]>()
      }
      if (issue.code === 'invalid_type') {
        expectTypeOf(issue.expected).toEqualTypeOf<SchemaType | 'anyOf' | 'any'>()
        expectTypeOf(issue.received).toEqualTypeOf<ReceivedKind>()
      }
      if (issue.code === 'sparse_array') expectTypeOf(issue.index).toEqualTypeOf<number>()
      if (issue.code === 'too_many_issues') expectTypeOf(issue.limit).toEqualTypeOf<number>()
      if (issue.code === 'invalid') {
        expectTypeOf(issue.reason).toEqualTypeOf<string>()
        expectTypeOf(issue.vendor).toEqualTypeOf<string>()
      }
      if (issue.code === 'missing') {
        expectTypeOf(issue.expected).toEqualTypeOf<SchemaType | 'anyOf'>()
        expectTypeOf(issue).not.toHaveProperty('received')
      }
    }
    expectTypeOf(narrow).toBeFunction()
  })

  it('issues are readonly data', () => {
    const issue = checkArgs(readFile, {})[0]
    if (issue !== undefined) {
      // @ts-expect-error: readonly
      issue.message = 'x'
    }
  })
})

describe('schemaSpecToJsonSchema', () => {
  it('returns a JsonSchemaObject', () => {
    const schema = schemaSpecToJsonSchema(readFile)
    expectTypeOf(schema).toEqualTypeOf<JsonSchemaObject>()
    expectTypeOf(schema.type).toEqualTypeOf<'object'>()
    expectTypeOf(schema.properties).toEqualTypeOf<Record<string, JsonSchemaProperty>>()
    expectTypeOf(schema.required).toEqualTypeOf<string[] | undefined>()
  })
})

describe('errors', () => {
  it('have literal codes and readonly lists', () => {
    expectTypeOf<ToolArgsError['code']>().toEqualTypeOf<'INVALID_ARGS'>()
    expectTypeOf<ToolArgsError['issues']>().toEqualTypeOf<readonly ArgIssue[]>()
    expectTypeOf<SchemaSpecError['code']>().toEqualTypeOf<'INVALID_SCHEMA_SPEC'>()
    expectTypeOf<SchemaSpecError['mistakes']>().toEqualTypeOf<readonly SchemaSpecMistake[]>()
    expectTypeOf<ToolArgsError>().toExtend<HarnessError>()
    expectTypeOf<SchemaSpecError>().toExtend<HarnessError>()
  })
})

describe('toProviderSchema', () => {
  it('returns { schema, issues } (SPEC §9.3), no dialect beside them', () => {
    const result = toProviderSchema(readFile, 'openai')
    expectTypeOf(result).toEqualTypeOf<ProviderSchemaResult>()
    expectTypeOf<keyof ProviderSchemaResult>().toEqualTypeOf<'schema' | 'issues'>()
    expectTypeOf(result.schema).toEqualTypeOf<ProviderJsonSchema>()
    expectTypeOf(result.issues).toEqualTypeOf<readonly DialectIssue[]>()
  })
})
