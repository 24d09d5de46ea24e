import { describe, expect, it } from 'vitest'
import { answers, codeRefused } from './__fixtures__/fused.js'
import type { ArgIssue } from './arg-issue.js'
import { checkArgs } from './check-args.js'
import type { SchemaSpec } from './schema-spec.js'
import { ToolArgsError } from './tool-args-error.js'

// SPEC §22: "A message never grows with the size of a schema". A key is quoted in messages the
// way a long enum value or pattern is: cut after 64 characters with `…`. The issue's path keeps
// the key whole, for programs.

const long = `p${'q'.repeat(19_999)}`
/** The key as messages show it: its first 64 characters and `…`, bracketed (no identifier). */
const shown = `["${long.slice(0, 64)}…"]`

/** The issues of `value`, after checking that both failure paths (fused and general) agree. */
function issuesOf(spec: SchemaSpec, value: unknown): ArgIssue[] {
  const { general, fused, checked, written } = answers(spec, value)
  expect(checked).toStrictEqual(general)
  // A spec of these shapes has a fused walk wherever code generation is allowed.
  expect(written).toBe(!codeRefused)
  if (fused !== undefined) expect(fused).toStrictEqual(general)
  return checked
}

describe('a key of 20,000 characters (SPEC §22)', () => {
  it('is cut in a missing member’s message, and kept whole in its path', () => {
    const spec = { [long]: { type: 'string', required: true } } satisfies SchemaSpec
    const [issue] = issuesOf(spec, {})
    expect(issue).toEqual({
      code: 'missing',
      path: [long],
      message: `missing required property "${shown}"`,
      expected: 'string',
    })
    // Before: a message of 20,048 characters.
    expect(new ToolArgsError(checkArgs(spec, {})).message.length).toBeLessThan(120)
  })

  it('is cut wherever it stands in a path: at the root, deeper, before an index', () => {
    const spec = {
      [long]: { type: 'number' },
      o: {
        type: 'object',
        properties: { [long]: { type: 'array', items: { type: 'number' } } },
      },
    } satisfies SchemaSpec
    const issues = issuesOf(spec, { [long]: 'x', o: { [long]: ['y'] } })
    expect(issues.map((issue) => [issue.path.length, issue.message])).toEqual([
      [1, `"${shown}" must be a number, got string`],
      [3, `"o${shown}[0]" must be a number, got string`],
    ])
    for (const issue of issues) expect(issue.message.length).toBeLessThan(120)
  })

  it('a key of 64 characters is shown whole, as a string of 64 is', () => {
    const key = 'k'.repeat(64)
    const [issue] = issuesOf({ [key]: { type: 'string', required: true } }, {})
    expect(issue?.message).toBe(`missing required property "${key}"`)
  })

  it('is cut in a union’s message too', () => {
    const spec = {
      [long]: { anyOf: [{ type: 'string' }, { type: 'object', properties: {} }], required: true },
    } satisfies SchemaSpec
    const [issue] = checkArgs(spec, { [long]: 1 })
    expect(issue?.message).toBe(`"${shown}" must be a string or an object, got number`)
  })
})
