import { describeValue } from '@toolpipe/core/internal'
import { canonicalRuleName } from '@toolpipe/settings-files'

/**
 * Why Gemini CLI's policy loader refuses a `[[rule]]`'s shell command shorthand, or undefined when
 * it does not. Its docs call `commandPrefix` and `commandRegex` "syntactic sugar for `toolName =
 * "run_shell_command"`" (policy engine docs, "TOML rule schema", "Special syntax for
 * `run_shell_command`"), and its loader (`validateShellCommandSyntax` in
 * `packages/core/src/policy/toml-loader.ts`) reports a rule that uses either without `toolName =
 * "run_shell_command"` (a single name: no array, no other tool, not absent) or beside
 * `argsPattern` as an invalid rule. `Bash`, its alias in the other family (SPEC §26), is the same
 * name here. (Both shorthands in one rule: `readMatchers` refuses that.)
 */
export function refusedShellSyntax(entry: Readonly<Record<string, unknown>>): string | undefined {
  const fields = [
    entry.commandPrefix === undefined ? undefined : 'commandPrefix',
    entry.commandRegex === undefined ? undefined : 'commandRegex',
  ].filter((field) => field !== undefined)
  if (fields.length === 0) return undefined
  const used = fields.join(' and ')
  const toolName = entry.toolName
  if (typeof toolName !== 'string' || canonicalRuleName(toolName) !== 'Bash') {
    const found = toolName === undefined ? 'no toolName' : `toolName ${describeValue(toolName)}`
    return `${used} can only be used with toolName = "run_shell_command" (or "Bash"; one name, not an array), got ${found}: Gemini CLI refuses the rule`
  }
  if (entry.argsPattern !== undefined) {
    return `${used} and argsPattern cannot be in one rule: Gemini CLI refuses the rule`
  }
  return undefined
}
