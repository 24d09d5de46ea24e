import type { JsonValue } from '@toolpipe/core'
import type { ToolExecution, ToolRegistry } from '@toolpipe/tools'

/**
 * The names a tool can be registered under (SPEC §6.1). Only such a name goes into a span name:
 * the name of a call to an unknown tool is whatever the model wrote, and a span name is not
 * truncated by any attribute limit.
 */
const toolNamePattern = /^[a-zA-Z0-9_-]{1,64}$/

/** Whether the call's scope sees a tool under its name, and its description if it has one. */
export interface DescribedTool {
  readonly known: boolean
  readonly description: string | undefined
}

/** What a span that records nothing is told of its tool: nothing is looked up for it. */
export const undescribed: DescribedTool = Object.freeze({ known: false, description: undefined })

/** The tool the call's scope sees under its name (see {@link DescribedTool}). */
export function describeTool(
  registry: ToolRegistry,
  exec: Readonly<ToolExecution<JsonValue | undefined>>,
): DescribedTool {
  let known = false
  try {
    const definition = registry.get(exec.name, exec.agent)
    known = definition !== undefined
    const description: unknown = definition?.description
    return { known, description: typeof description === 'string' ? description : undefined }
  } catch {
    // A definition is borrowed, not copied: one whose getter throws now gets no description.
    return { known, description: undefined }
  }
}

/**
 * A span's name: `execute_tool` and the tool's name, when it could be one (a name the call's
 * scope resolved is a registered one, which registration checked).
 */
export function spanName(name: string, known: boolean): string {
  return known || toolNamePattern.test(name) ? `execute_tool ${name}` : 'execute_tool'
}
