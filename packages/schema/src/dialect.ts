/**
 * The schema dialects of the providers (SPEC §9.3): what `toProviderSchema` can write a tool's
 * parameters as.
 *
 * - `json-schema`: JSON Schema draft 2020-12, exactly `schemaSpecToJsonSchema`'s output.
 * - `openai-strict`: OpenAI function calling with `strict: true` (Structured Outputs).
 * - `openai`: OpenAI function calling without `strict`.
 * - `gemini`: the OpenAPI 3.0 `Schema` subset of Gemini function declarations.
 * - `anthropic`: Anthropic's `input_schema`.
 */
export type Dialect = 'json-schema' | 'openai-strict' | 'openai' | 'gemini' | 'anthropic'

/** Every {@link Dialect}, in a fixed order. */
export const dialects: readonly Dialect[] = Object.freeze([
  'json-schema',
  'openai-strict',
  'openai',
  'gemini',
  'anthropic',
])

/** Whether `value` names a {@link Dialect}. */
export function isDialect(value: unknown): value is Dialect {
  return (dialects as readonly unknown[]).includes(value)
}
