import { describe, expect, it } from 'vitest'
import * as schema from './index.js'

describe('@toolpipe/schema', () => {
  it('exports exactly its documented runtime API', () => {
    expect(Object.keys(schema).sort()).toEqual([
      'SchemaSpecError',
      'ToolArgsError',
      'assertValidSchemaSpec',
      'checkArgs',
      'dialects',
      'isDialect',
      'jsonSchemaToProviderSchema',
      'normalizeArgs',
      'schemaSpecToJsonSchema',
      'toProviderSchema',
      'validateArgs',
    ])
  })
})
