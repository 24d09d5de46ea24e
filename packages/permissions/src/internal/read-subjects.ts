import { describeThrown } from '@toolpipe/core/internal'
import type { Subject, ToolDefinition, ToolRules } from '@toolpipe/tools'
import { ruleViewOf } from '@toolpipe/tools/internal'

/** How rules see one tool: its rule name, and the subjects of a call (or why they are unknown). */
export interface ToolView {
  readonly ruleName: string
  readonly readOnly: boolean
  readonly hints: Readonly<Record<string, unknown>>
  readonly rules: ToolRules | undefined
}

/**
 * The rule name and rules of `name` (the options' `tools` first, then the definition's: the rule
 * view hooks read too), with the annotations rules read.
 */
export function toolView(
  name: string,
  definition: ToolDefinition | undefined,
  configured: ReadonlyMap<string, ToolRules>,
): ToolView {
  const { rules, ruleName } = ruleViewOf(name, definition, configured.get(name))
  const annotations = definition?.annotations
  return {
    ruleName,
    readOnly: annotations?.readOnly === true,
    hints: {
      readOnlyHint: annotations?.readOnly,
      destructiveHint: annotations?.destructive,
      idempotentHint: annotations?.idempotent,
      openWorldHint: annotations?.openWorld,
      title: annotations?.title,
    },
    rules,
  }
}

/**
 * The subjects `rules.subjects(args)` gives, checked (SPEC §18.1): a throw or a malformed subject
 * is a reason to ask, never to allow.
 */
export function readSubjects(
  rules: ToolRules | undefined,
  args: unknown,
): Subject[] | undefined | string {
  if (rules?.subjects === undefined) return undefined
  let value: unknown
  try {
    value = rules.subjects(args as never)
  } catch (error) {
    return `the tool's subjects() failed: ${describeThrown(error)}`
  }
  if (!Array.isArray(value)) return "the tool's subjects() did not return an array"
  const checked: Subject[] = []
  for (const [index, subject] of (value as unknown[]).entries()) {
    const problem = checkSubject(subject)
    if (problem !== undefined) return `the tool's subjects()[${index}] ${problem}`
    checked.push(subject as Subject)
  }
  return checked
}

function checkSubject(subject: unknown): string | undefined {
  if (typeof subject !== 'object' || subject === null) return 'is not an object'
  const { kind, command, cwd, path, url, dangerouslyDisableSandbox } = subject as Record<
    string,
    unknown
  >
  switch (kind) {
    case 'command':
      if (typeof command !== 'string') return 'has no command string'
      if (cwd !== undefined && typeof cwd !== 'string') return 'has a cwd that is not a string'
      if (
        dangerouslyDisableSandbox !== undefined &&
        typeof dangerouslyDisableSandbox !== 'boolean'
      ) {
        return 'has a dangerouslyDisableSandbox that is not true or false'
      }
      return undefined
    case 'read':
    case 'edit':
      return typeof path === 'string' && path !== '' ? undefined : 'has no path'
    case 'fetch':
      return typeof url === 'string' ? undefined : 'has no url string'
    default:
      return 'has an unknown kind'
  }
}
