import { homedir } from 'node:os'
import { parse as parseToml } from 'smol-toml'
import type { Explanation } from '../explanation.js'
import type {
  PermissionMode as Mode,
  PermissionSettingsFile as Settings,
} from '@toolpipe/settings-files'
import { evaluateCall } from './evaluate/evaluate-call.js'
import type { BashParser } from './shell/bash-parser.js'
import { buildRuleSet } from './rules/rule-set.js'
import type { RuleWarning } from './rules/rule-set.js'
import type { Subject } from '@toolpipe/tools'

/** Input of {@link checkPermission}. */
export interface CheckPermissionInput {
  readonly parser: BashParser
  /** Claude-style rules, as in a settings file's `permissions`. */
  readonly rules?: Settings['permissions']
  /** A Gemini CLI policy file's text. */
  readonly gemini?: string | undefined
  /** The rule name of the tool (default `Bash`). */
  readonly ruleName?: string | undefined
  /** A command line: shorthand for one command subject. */
  readonly command?: string | undefined
  readonly subjects?: readonly Subject[] | undefined
  readonly arguments?: unknown
  readonly mode?: Mode | undefined
  readonly readOnly?: boolean | undefined
  readonly cwd?: string | undefined
  readonly projectRoot?: string | undefined
  readonly home?: string | undefined
  readonly agentId?: string | undefined
}

/**
 * The pure heart in one call (STYLE habit 14): the decision the given rules make about a command
 * line (or any subjects), with the reasons. Rules that are not rules throw, naming each.
 *
 * @example
 * checkPermission({ parser, command: 'npm test && rm -rf dist', rules: { allow: ['Bash(npm test *)'], deny: ['Bash(rm *)'] } }).decision // 'deny'
 */
export function checkPermission(input: CheckPermissionInput): Explanation {
  const projectRoot = input.projectRoot ?? '/project'
  const cwd = input.cwd ?? projectRoot
  const home = input.home ?? homedir()
  const warnings: RuleWarning[] = []
  const rules = buildRuleSet(
    [
      {
        kind: 'cli',
        path: undefined,
        label: 'cli settings',
        format: 'settings',
        value: { permissions: input.rules ?? {} },
      },
      ...(input.gemini === undefined
        ? []
        : [
            {
              kind: 'project' as const,
              path: '/policy.toml',
              label: 'policy.toml',
              format: 'gemini' as const,
              value: parseToml(input.gemini),
            },
          ]),
    ],
    { projectRoot, cwd, home },
    (warning) => warnings.push(warning),
  )
  const refused = warnings.filter((warning) => warning.kept !== true)
  if (refused.length > 0) {
    throw new Error(refused.map((warning) => `${warning.where}: ${warning.message}`).join('; '))
  }
  const subjects =
    input.subjects ??
    (input.command === undefined
      ? undefined
      : [{ kind: 'command' as const, command: input.command }])
  return evaluateCall(
    {
      ruleName: input.ruleName ?? 'Bash',
      arguments: input.arguments ?? (input.command === undefined ? {} : { command: input.command }),
      subjects,
      readOnly: input.readOnly ?? false,
      hints: { readOnlyHint: input.readOnly ?? false },
      agentId: input.agentId,
    },
    { rules, mode: input.mode ?? rules.defaultMode ?? 'default', parser: input.parser, cwd, home },
  ).explanation
}
