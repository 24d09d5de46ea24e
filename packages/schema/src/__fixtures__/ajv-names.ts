// The differential tests' oracle and the member names JavaScript treats apart. A required `""`
// Ajv 8.20 reads right only with `allErrors: true` (without it, its generated code tests
// `missing = ""`, which is falsy, and moves on), so the tests set it. Ajv 8.20 leaves a `properties`
// entry of that name out of the code it writes (its `allSchemaProperties` filters it), so it
// accepts `{"__proto__": 5}` against `{ properties: { __proto__: { type: "string" } } }`, which
// JSON Schema refuses; its `required` reads the name as it should (with `ownProperties`). A name
// means nothing to JSON Schema beyond itself, so Ajv is shown the schema and the value with that
// member renamed to a stand-in no spec or value uses: the same question, asked in words Ajv reads.

/** What `__proto__` is called where Ajv reads it. */
export const ajvStandIn = '__proto__ (as Ajv is shown it)'

function renamed(name: string): string {
  return name === '__proto__' ? ajvStandIn : name
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A JSON Schema with every member named `__proto__` renamed to {@link ajvStandIn}: the names of
 * `properties` and the entries of `required`, at every depth. Annotations and `enum`/`const`
 * values are data, kept as they are.
 */
export function schemaForAjv(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(schemaForAjv)
  if (!isRecord(schema)) return schema
  return Object.fromEntries(
    Object.entries(schema).map(([keyword, value]) => {
      if (keyword === 'properties' && isRecord(value)) {
        const members = Object.entries(value).map(([name, member]) => [
          renamed(name),
          schemaForAjv(member),
        ])
        return [keyword, Object.fromEntries(members)]
      }
      if (keyword === 'required' && Array.isArray(value)) {
        const names = value as unknown[]
        return [keyword, names.map((name) => (typeof name === 'string' ? renamed(name) : name))]
      }
      const data = ['default', 'examples', 'enum', 'const'].includes(keyword)
      return [keyword, data ? value : schemaForAjv(value)]
    }),
  )
}

/** A JSON value with every own member named `__proto__` renamed to {@link ajvStandIn}. */
export function valueForAjv(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(valueForAjv)
  if (!isRecord(value)) return value
  return Object.fromEntries(
    Object.entries(value).map(([name, member]) => [renamed(name), valueForAjv(member)]),
  )
}
