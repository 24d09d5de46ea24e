import type { ToolView } from './read-subjects.js'
import type { CompiledRule } from './rules/compiled-rule.js'
import type { RuleSet } from './rules/rule-set.js'
import { canonicalRuleName, ruleNamesOf } from './rules/rule-name-aliases.js'
import { readMcpName } from './rules/rule-text.js'
import type { HiddenTools } from './hidden-tools.js'

/** Names rules use for subjects whatever tool carries them. */
const subjectRuleNames = new Set(['Read', 'Edit', 'WebFetch'])

/**
 * What is wrong with rules given the tools in the registry (SPEC §18.2): a rule naming no tool,
 * a specifier on a tool that has no subjects (which never matches: paths are `Read(…)` and
 * `Edit(…)` rules), a `Name(param:value)` rule in an allow list. Each is reported and matches
 * nothing it should not: never a silent allow.
 */
export function lintRules(
  rules: RuleSet,
  tools: readonly ToolView[],
  hiddenTools: HiddenTools,
): string[] {
  const byRuleName = new Map<string, ToolView>()
  const servers = new Set<string>()
  for (const view of tools) {
    byRuleName.set(canonicalRuleName(view.ruleName), view)
    const server = readMcpName(view.ruleName)?.server
    if (server !== undefined) servers.add(server)
  }
  const messages: string[] = []
  const say = (rule: CompiledRule, message: string) => {
    messages.push(
      `toolpipe: ${rule.origin.label} permissions.${rule.list}[${rule.index}] "${rule.text}": ${message}`,
    )
  }
  for (const list of [rules.deny, rules.ask, rules.allow]) {
    for (const rule of list.all) {
      if (subjectRuleNames.has(rule.toolName)) continue
      if (rule.mcpServer !== undefined) {
        if (
          !servers.has(rule.mcpServer) &&
          !(rule.list === 'deny' && hiddenTools.hides(`mcp__${rule.mcpServer}__x`))
        ) {
          say(
            rule,
            `no tool of MCP server "${rule.mcpServer}" is registered; it matches nothing until one is`,
          )
        }
        continue
      }
      const view = byRuleName.get(rule.toolName)
      if (view === undefined) {
        if (!(rule.list === 'deny' && rule.bare))
          say(
            rule,
            `no tool is named "${rule.toolName}"${aliasNote(rule.toolName)}; it matches nothing until one is`,
          )
        continue
      }
      if (rule.bare) continue
      if (view.rules?.subjects === undefined) {
        if (rule.param === undefined) {
          say(
            rule,
            `"${rule.toolName}" has no subjects, so this specifier never matches (file paths are Read(…) and Edit(…) rules; a parameter is Name(param:value) on deny and ask)`,
          )
        } else if (rule.list === 'allow') {
          say(
            rule,
            'a Name(param:value) rule applies on deny and ask only; in allow it matches nothing',
          )
        }
      }
    }
  }
  messages.push(...lintGeminiNames(rules, byRuleName, servers))
  return messages
}

/** `(or "run_shell_command")` for a rule name with an alias in the other family. */
function aliasNote(name: string): string {
  const other = ruleNamesOf(name).filter((alias) => alias !== name)
  return other.length === 0 ? '' : ` (or ${other.map((alias) => `"${alias}"`).join(', ')})`
}

/** Gemini rules whose tool name (no wildcard) names no registered tool, in either family. */
function lintGeminiNames(
  rules: RuleSet,
  byRuleName: ReadonlyMap<string, ToolView>,
  servers: ReadonlySet<string>,
): string[] {
  const messages: string[] = []
  for (const rule of rules.gemini) {
    for (const name of rule.toolNames ?? []) {
      if (name.includes('*')) continue
      const server = readMcpName(name)?.server
      if (server !== undefined ? servers.has(server) : byRuleName.has(canonicalRuleName(name)))
        continue
      messages.push(
        `toolpipe: ${rule.origin.label} ${rule.text}: no tool is named "${name}"${aliasNote(name)}; it matches nothing until one is`,
      )
    }
  }
  return messages
}
