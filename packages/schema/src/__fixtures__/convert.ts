import { jsonSchemaToProviderSchema } from '../to-provider-schema.js'

/** A root object schema with one member `m`. */
export function member(
  schema: unknown,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { type: 'object', properties: { m: schema }, ...extra }
}

/** `jsonSchemaToProviderSchema`, shortly. */
export const convert = jsonSchemaToProviderSchema
