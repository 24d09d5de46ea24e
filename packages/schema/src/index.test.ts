import { describe, expect, it } from 'vitest'
import * as schema from './index.js'

describe('@toolpipe/schema', () => {
  it('exports exactly its documented runtime API', () => {
    expect(Object.keys(schema).sort()).toEqual([
      'SchemaSpecError',
      'StandardSchemaError',
      'ToolArgsError',
      'assertStandardToolSchema',
      'assertValidSchemaSpec',
      'checkArgs',
      'checkStandardArgs',
      'dialects',
      'isDialect',
      'isStandardSchema',
      'jsonSchemaToProviderSchema',
      'normalizeArgs',
      'normalizeJsonSchemaArgs',
      'schemaSpecToJsonSchema',
      'standardSchema',
      'standardSchemaToJsonSchema',
      'toProviderSchema',
      'validateArgs',
    ])
  })
})
