import type { Agent } from '@toolpipe/core'
import type { ToolDefinition } from '../tool-definition.js'
import type { ToolRules } from '../tool-rules.js'

/**
 * The tool a call reaches, as permission rules and hooks see it (SPEC §18.1): the definition
 * visible to the call, the rules it is judged by, and the name those rules use.
 */
export interface RuleView {
  /** The definition the call reaches now (`registry.get(name, agent)`), if any. */
  readonly definition: ToolDefinition | undefined
  /** Rules given for the tool in a policy's options, else the definition's `permissions`. */
  readonly rules: ToolRules | undefined
  /** `rules.ruleName` when it is a non-empty string, else the name the call used. */
  readonly ruleName: string
}

/**
 * The rule view of a call of `name` that reaches `definition`, judged by `given` rules when a
 * policy's options give some for the tool, else by the definition's own.
 *
 * @example
 * ruleViewOf('run_shell', definition).ruleName // 'Bash' when definition.permissions.ruleName is
 */
export function ruleViewOf(
  name: string,
  definition: ToolDefinition | undefined,
  given?: ToolRules,
): RuleView {
  const rules = given ?? definition?.permissions
  const ruleName: unknown = rules?.ruleName
  return {
    definition,
    rules,
    ruleName: typeof ruleName === 'string' && ruleName !== '' ? ruleName : name,
  }
}

/**
 * The rule view of the tool a call of `name` by `agent` reaches now in `registry`. Never throws:
 * a registry or a definition that cannot be read is seen by the call's name alone, with no rules.
 */
export function visibleRuleView(
  registry: { get(name: string, scope?: Agent): ToolDefinition | undefined },
  name: string,
  agent: Agent | undefined,
): RuleView {
  try {
    return ruleViewOf(name, registry.get(name, agent))
  } catch {
    return { definition: undefined, rules: undefined, ruleName: name }
  }
}
