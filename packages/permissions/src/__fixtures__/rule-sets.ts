import { parse as parseToml } from 'smol-toml'
import type { PermissionSettings } from '@toolpipe/settings-files'
import { buildRuleSet } from '../internal/rules/rule-set.js'
import type { RuleSet } from '../internal/rules/rule-set.js'

/** Where the rule sets of the internal tests resolve paths. */
export const ruleContext = { projectRoot: '/project', cwd: '/project', home: '/home/u' }

/**
 * The rule set of settings given in code (`cli settings`) and, when given, a Gemini CLI policy
 * file's text (`policy.toml`, a project source). A malformed rule throws: tests write good ones.
 */
export function ruleSetOf(permissions: PermissionSettings, gemini?: string): RuleSet {
  return buildRuleSet(
    [
      {
        kind: 'cli',
        path: undefined,
        label: 'cli settings',
        format: 'settings',
        value: { permissions },
      },
      ...(gemini === undefined
        ? []
        : [
            {
              kind: 'project' as const,
              path: '/project/policy.toml',
              label: 'policy.toml',
              format: 'gemini' as const,
              value: parseToml(gemini),
            },
          ]),
    ],
    ruleContext,
    (warning) => {
      if (warning.kept !== true) throw new Error(`${warning.where}: ${warning.message}`)
    },
  )
}
