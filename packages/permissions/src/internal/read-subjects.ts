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
 * The subjects `rules.subjects(args)` gives, checked and copied (SPEC §18.1, §11): a throw, a
 * malformed subject or one that cannot be read (a throwing getter, a Proxy) is a reason to ask,
 * never to allow; each field is read once, so what is judged is what was checked.
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
  try {
    if (!Array.isArray(value)) return "the tool's subjects() did not return an array"
    const checked: Subject[] = []
    const length = (value as unknown[]).length
    for (let index = 0; index < length; index++) {
      const subject = readSubject((value as unknown[])[index])
      if (typeof subject === 'string') return `the tool's subjects()[${index}] ${subject}`
      checked.push(subject)
    }
    return checked
  } catch (error) {
    return `the tool's subjects() gave what cannot be read: ${describeThrown(error)}`
  }
}

/** One subject as a fresh plain object, or what is wrong with it. */
function readSubject(subject: unknown): Subject | string {
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
      return {
        kind,
        command,
        ...(cwd === undefined ? {} : { cwd }),
        ...(dangerouslyDisableSandbox === undefined ? {} : { dangerouslyDisableSandbox }),
      }
    case 'read':
    case 'edit':
      return typeof path === 'string' && path !== '' ? { kind, path } : 'has no path'
    case 'fetch':
      return typeof url === 'string' ? { kind, url } : 'has no url string'
    default:
      return 'has an unknown kind'
  }
}
