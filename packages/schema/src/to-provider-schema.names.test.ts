import { describe, expect, it } from 'vitest'
import { dialects } from './dialect.js'
import type { SchemaSpec } from './schema-spec.js'
import { toProviderSchema } from './to-provider-schema.js'

// SPEC §3 and §9.3: a spec's members named "" and "__proto__" are members in every dialect: own
// members of each `properties` object (defined, never its prototype), listed in `required` as
// any other name. The differential tests draw both names; these are the cases one by one.

/** JSON text: "__proto__" is an own member, as it is in a spec read from a file. */
const spec = JSON.parse(`{
  "__proto__": {"type": "string", "required": true},
  "": {"type": "number"},
  "o": {"type": "object", "required": true, "properties": {"__proto__": {"type": "integer"}}}
}`) as SchemaSpec

type Members = Record<string, Record<string, unknown>>

describe('SPEC §9.3: members named "" and "__proto__" in every dialect', () => {
  it.each(dialects)(
    '%s: own members of properties, never a prototype, listed in required',
    (dialect) => {
      const { schema, issues } = toProviderSchema(spec, dialect)
      expect(issues).toEqual([])
      const root = schema.properties as Members
      const inner = root.o?.properties as Members
      for (const properties of [root, inner]) {
        expect(Object.getPrototypeOf(properties)).toBe(Object.prototype)
        expect(Object.hasOwn(properties, '__proto__')).toBe(true)
      }
      expect(Object.keys(root)).toEqual(['__proto__', '', 'o'])
      // OpenAI strict mode lists every member; the others the required ones.
      const strict = dialect === 'openai-strict'
      expect(schema.required).toEqual(strict ? ['__proto__', '', 'o'] : ['__proto__', 'o'])
      expect(root.o?.required).toEqual(strict ? ['__proto__'] : undefined)
    },
  )

  it('openai-strict: an optional "" or "__proto__" becomes nullable as any optional member does', () => {
    const root = toProviderSchema(spec, 'openai-strict').schema.properties as Members
    expect(root['']).toEqual({ type: ['number', 'null'] })
    expect(root.__proto__).toEqual({ type: 'string' })
    const inner = root.o?.properties as Members
    expect(Object.getOwnPropertyDescriptor(inner, '__proto__')?.value).toEqual({
      type: ['integer', 'null'],
    })
  })
})
