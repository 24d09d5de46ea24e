import type { JsonValue } from '@toolpipe/core'
import { describeType, isPlainObject } from '@toolpipe/core/internal'
import { assertSupportedOutputSchema, validateStructuredValue } from '@toolpipe/structured-output'
import type { StructuredOutputSchema } from '@toolpipe/structured-output'
import type { ToolDefinition } from '@toolpipe/tools'

/** What a definition's `checkArgs` returns: `@toolpipe/schema`'s `ArgIssue`. */
type ArgIssue = Awaited<ReturnType<NonNullable<ToolDefinition['checkArgs']>>>[number]
type ReceivedKind = Extract<ArgIssue, { code: 'not_object' }>['received']

/** A mounted tool's `checkArgs`, and whether it checks the server's whole input schema. */
export interface ArgumentCheck {
  readonly check: (args: JsonValue) => ArgIssue[]
  /** `true`: the input schema lies inside toolpipe's subset and is enforced here, before anyone is asked. */
  readonly complete: boolean
}

/**
 * The local argument check of a mounted MCP tool (SPEC §13): when the server's `inputSchema` (its
 * top-level `$schema` aside) lies inside the subset of `@toolpipe/structured-output`, the
 * arguments are validated against it, so a model's mistake is caught before a policy, a person or
 * the server sees the call; otherwise only the one thing MCP itself requires is checked, that the
 * arguments are an object, and the rest is left to the server.
 *
 * @param inputSchema - the tool's input schema, already a detached JSON copy
 */
export function argumentCheck(inputSchema: Record<string, JsonValue>): ArgumentCheck {
  const schema = withoutDialectMarker(inputSchema)
  try {
    assertSupportedOutputSchema(schema)
  } catch {
    return { check: objectCheck, complete: false }
  }
  return { check: (args) => subsetCheck(schema, args), complete: true }
}

function withoutDialectMarker(schema: Record<string, JsonValue>): unknown {
  // `$schema` names the draft; the subset's keywords mean the same in draft-07 and 2020-12, and a
  // keyword an older draft spells differently (a boolean exclusiveMinimum) is refused anyway.
  if (!('$schema' in schema)) return schema
  const rest = { ...schema }
  delete rest.$schema
  return rest
}

function subsetCheck(schema: StructuredOutputSchema, args: JsonValue): ArgIssue[] {
  if (!isPlainObject(args)) return objectCheck(args)
  // The engine's issues have the shape of argument issues (code, path, message, and the details of
  // their code); three codes exist only there: unknown_property, invalid_const and not_json.
  return validateStructuredValue(schema, args) as unknown as ArgIssue[]
}

function objectCheck(args: JsonValue): ArgIssue[] {
  if (isPlainObject(args)) return []
  const received = describeType(args) as ReceivedKind
  return [
    {
      code: 'not_object',
      path: [],
      message: `arguments must be a JSON object, got ${received}`,
      expected: 'object',
      received,
    },
  ]
}
