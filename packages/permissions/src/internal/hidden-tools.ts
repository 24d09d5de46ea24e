import type { PermissionMode as Mode } from '@toolpipe/settings-files'
import { matchesToolGlob } from './rules/tool-glob.js'
import type { RuleSet } from './rules/rule-set.js'
import { canonicalRuleName, ruleNamesOf } from '@toolpipe/settings-files'
import { readMcpName } from './rules/rule-text.js'

/** Which tools a bare deny hides (SPEC §18.2), by rule name. */
export interface HiddenTools {
  /** Whether the tool with this rule name is hidden. */
  hides(ruleName: string): boolean
  /** `true` when no tool is hidden: a filter need not work out any tool's rule name. */
  readonly hidesNothing?: boolean
  /** Changes exactly when the answers may change. */
  readonly signature: string
}

/**
 * The tools hidden by the rules: a bare `Name` / `Name(*)` deny hides `Name`, `mcp__server`
 * every tool of the server; a Gemini deny with no condition but its tool name hides that tool
 * unless a higher-priority rule for the tool could decide otherwise (Gemini's "global" deny).
 */
export function hiddenTools(rules: RuleSet, mode: Mode): HiddenTools {
  const names = new Set(rules.deny.bare.keys())
  const servers = new Set(rules.deny.servers.keys())
  const gemini = rules.gemini.filter(
    (rule) => rule.modes === undefined || rule.modes.includes(mode),
  )
  const geminiHides = (ruleName: string): boolean => {
    for (const rule of gemini) {
      if (
        rule.toolNames !== undefined &&
        !rule.toolNames.some((glob) =>
          ruleNamesOf(ruleName).some((name) => matchesToolGlob(glob, name)),
        )
      )
        continue
      const unconditional =
        rule.argsPattern === undefined &&
        rule.commandPrefixes === undefined &&
        rule.commandRegex === undefined &&
        rule.subagent === undefined &&
        rule.toolAnnotations === undefined
      return unconditional && rule.decision === 'deny'
    }
    return false
  }
  const geminiSignature = gemini.map((rule) => `${rule.text}@${rule.priority}`).join('\n')
  return {
    hidesNothing: names.size === 0 && servers.size === 0 && gemini.length === 0,
    hides(ruleName) {
      if (names.has(canonicalRuleName(ruleName))) return true
      const server = readMcpName(ruleName)?.server
      if (server !== undefined && servers.has(server)) return true
      return gemini.length > 0 && geminiHides(ruleName)
    },
    signature: `${[...names].sort().join('\n')}\u0000${[...servers].sort().join('\n')}\u0000${geminiSignature}`,
  }
}
