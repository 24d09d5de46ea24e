import type { ToolDefinition, ToolExecuteReturn } from '@toolpipe/tools'

/** A fake GitHub token, of the shape secretlint's rule finds. */
export const github = 'ghp_0123456789abcdefghijABCDEFGHIJ012345'

/** A tool named `name` that answers `returns`, with `extra` over its definition. */
export function tool(
  name: string,
  returns: ToolExecuteReturn,
  extra: Partial<ToolDefinition> = {},
): ToolDefinition {
  return {
    name,
    description: `the ${name} tool`,
    parameters: { type: 'object', properties: {} },
    execute: () => Promise.resolve(returns),
    ...extra,
  }
}
