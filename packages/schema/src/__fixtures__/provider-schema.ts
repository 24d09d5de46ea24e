import type { SchemaSpec } from '../schema-spec.js'

/** A spec with every keyword of the DSL, for what each dialect writes of it. */
export const everyKeyword = {
  query: { type: 'string', required: true, description: 'what to find', maxLength: 80 },
  code: { type: 'string', minLength: 2, pattern: '^[A-Z]+$' },
  limit: { type: 'integer', minimum: 1, maximum: 500, default: 20 },
  ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
  level: { type: 'integer', enum: [1, 2, 3] },
  mode: { type: 'string', enum: ['fast', 'slow'], nullable: true },
  tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 5 },
  target: {
    anyOf: [
      { type: 'string' },
      { type: 'object', properties: { line: { type: 'integer', required: true } } },
    ],
  },
  flag: { type: 'boolean', nullable: true },
} as const satisfies SchemaSpec
