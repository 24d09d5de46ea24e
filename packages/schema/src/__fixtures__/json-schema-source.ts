import { normalizeArgs } from '../normalize-args.js'
import type { StandardJSONSchemaSource } from '../standard-tool-schema.js'

/** A Standard JSON Schema whose input is the object schema `properties` (+ `extra`). */
export function source(
  properties: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): StandardJSONSchemaSource {
  const input = (): unknown => ({ type: 'object', properties, ...extra })
  return {
    '~standard': { version: 1, vendor: 'acme', jsonSchema: { input, output: input } },
  } as StandardJSONSchemaSource
}

/** The members of `args` that normalization kept. */
export function kept(schema: StandardJSONSchemaSource, args: Record<string, unknown>): string[] {
  return Object.keys(normalizeArgs(schema, args) as object)
}

/** A string member's schema. */
export const text = { type: 'string' }
