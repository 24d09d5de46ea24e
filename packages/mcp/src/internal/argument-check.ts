import type { JsonValue } from '@toolpipe/core'
import { describeType, isPlainObject } from '@toolpipe/core/internal'
import { validateStructuredValue } from '@toolpipe/structured-output'
import type { StructuredOutputSchema } from '@toolpipe/structured-output'
import type { ToolDefinition } from '@toolpipe/tools'
import { subsetSchema } from './subset-schema.js'

/** What a definition's `checkArgs` returns: `@toolpipe/schema`'s `ArgIssue`. */
type ArgIssue = Awaited<ReturnType<NonNullable<ToolDefinition['checkArgs']>>>[number]
type ReceivedKind = Extract<ArgIssue, { code: 'not_object' }>['received']

/**
 * The local argument check of a mounted MCP tool (SPEC §13): when the server's `inputSchema` lies
 * inside toolpipe's subset, the arguments are validated against it, so a model's mistake is caught
 * before a policy, a person or the server sees the call; otherwise only the one thing MCP itself
 * requires is checked, that the arguments are an object, and the rest is left to the server.
 *
 * @param inputSchema - the tool's input schema, already a detached JSON copy
 */
export function argumentCheck(
  inputSchema: Record<string, JsonValue>,
): (args: JsonValue) => ArgIssue[] {
  const schema = subsetSchema(inputSchema)
  return schema === undefined ? objectCheck : (args) => subsetCheck(schema, args)
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
