import type { ToolView } from './read-subjects.js'
import type { CompiledRule } from './rules/compiled-rule.js'
import type { RuleSet } from './rules/rule-set.js'
import { canonicalRuleName, ruleNamesOf } from '@toolpipe/settings-files'
import { readMcpName } from './rules/rule-text.js'
import { matchesToolGlob } from './rules/tool-glob.js'
import type { HiddenTools } from './hidden-tools.js'

/** Names rules use for subjects whatever tool carries them. */
const subjectRuleNames = new Set(['Read', 'Edit', 'WebFetch'])

/**
 * Claude Code's other file tools: a path after their name is no path rule (`Write(src/**)`
 * matches nothing), since paths are `Edit(…)` rules (which cover every tool that writes a file)
 * and `Read(…)` rules (every tool that reads one).
 */
const fileToolRuleNames: Readonly<Record<string, 'Edit' | 'Read'>> = {
  Write: 'Edit',
  MultiEdit: 'Edit',
  NotebookEdit: 'Edit',
  Glob: 'Read',
  Grep: 'Read',
  LS: 'Read',
  NotebookRead: 'Read',
}

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
  const registered: RegisteredTools = { byRuleName: new Map(), servers: new Set() }
  for (const view of tools) {
    registered.byRuleName.set(canonicalRuleName(view.ruleName), view)
    const server = readMcpName(view.ruleName)?.server
    if (server !== undefined) registered.servers.add(server)
  }
  const messages: string[] = []
  for (const list of [rules.deny, rules.ask, rules.allow]) {
    for (const rule of list.all) {
      const problem = lintRule(rule, registered, hiddenTools)
      if (problem !== undefined) {
        messages.push(
          `toolpipe: ${rule.origin.label} permissions.${rule.list}[${rule.index}] "${rule.text}": ${problem}`,
        )
      }
    }
  }
  messages.push(...lintGeminiNames(rules, registered))
  return messages
}

/** The tools the rules may name: by (canonical) rule name, and the MCP servers among them. */
interface RegisteredTools {
  readonly byRuleName: Map<string, ToolView>
  readonly servers: Set<string>
}

/** What is wrong with one settings rule given the tools, if anything. */
function lintRule(
  rule: CompiledRule,
  registered: RegisteredTools,
  hiddenTools: HiddenTools,
): string | undefined {
  if (subjectRuleNames.has(rule.toolName)) return undefined
  if (rule.mcpServer !== undefined) {
    const hidesServer = rule.list === 'deny' && hiddenTools.hides(`mcp__${rule.mcpServer}__x`)
    return registered.servers.has(rule.mcpServer) || hidesServer
      ? undefined
      : `no tool of MCP server "${rule.mcpServer}" is registered; it matches nothing until one is`
  }
  const view = registered.byRuleName.get(rule.toolName)
  if (view === undefined) {
    return `no tool is named "${rule.toolName}"${aliasNote(rule.toolName)}; it matches nothing until one is`
  }
  const pathRule = Object.hasOwn(fileToolRuleNames, rule.toolName)
    ? fileToolRuleNames[rule.toolName]
    : undefined
  if (!rule.bare && rule.param === undefined && pathRule !== undefined) {
    return `a path after "${rule.toolName}" is no path rule and matches nothing: write ${pathRule}(…) (it covers every tool that ${pathRule === 'Edit' ? 'writes' : 'reads'} a file)`
  }
  if (rule.bare || view.rules?.subjects !== undefined) return undefined
  if (rule.param === undefined) {
    return `"${rule.toolName}" has no subjects, so this specifier never matches (file paths are Read(…) and Edit(…) rules; a parameter is Name(param:value) on deny and ask)`
  }
  return rule.list === 'allow'
    ? 'a Name(param:value) rule applies on deny and ask only; in allow it matches nothing'
    : undefined
}

/** `(or "run_shell_command")` for a rule name with an alias in the other family. */
function aliasNote(name: string): string {
  const other = ruleNamesOf(name).filter((alias) => alias !== name)
  return other.length === 0 ? '' : ` (or ${other.map((alias) => `"${alias}"`).join(', ')})`
}

/**
 * Gemini rules whose tool name names no registered tool in either family, or whose wildcard
 * (`mcp__server__*`, Gemini CLI's `mcp_server_*`) matches none (SPEC §26: unknown names are
 * linted at `ready`).
 */
function lintGeminiNames(rules: RuleSet, registered: RegisteredTools): string[] {
  const { byRuleName } = registered
  let names: readonly string[] | undefined
  const messages: string[] = []
  const known = (name: string): boolean =>
    byRuleName.has(canonicalRuleName(name)) ||
    (name.includes('*') &&
      (names ??= [...byRuleName.keys()].flatMap((each) => ruleNamesOf(each))).some((each) =>
        matchesToolGlob(name, each),
      ))
  for (const rule of rules.gemini) {
    // The splits of one Gemini `mcp_…` name (a deny's or ask's: see `geminiToolNames`) are one
    // name: it is linted once, as its first split, when none of them names a tool.
    const seen = new Set<string>()
    for (const name of rule.toolNames ?? []) {
      const spelling = name.replaceAll('__', '_')
      if (seen.has(spelling)) continue
      seen.add(spelling)
      const splits = (rule.toolNames ?? []).filter(
        (each) => each.replaceAll('__', '_') === spelling,
      )
      if (splits.length > 1 && splits.some(known)) continue
      if (!name.includes('*')) {
        if (byRuleName.has(canonicalRuleName(name))) continue
        messages.push(
          `toolpipe: ${rule.origin.label} ${rule.text}: no tool is named "${name}"${aliasNote(name)}; it matches nothing until one is`,
        )
        continue
      }
      // Each registered name in either family, as the evaluation matches a glob against them.
      names ??= [...byRuleName.keys()].flatMap((ruleName) => ruleNamesOf(ruleName))
      if (names.some((each) => matchesToolGlob(name, each))) continue
      messages.push(
        `toolpipe: ${rule.origin.label} ${rule.text}: no tool's name matches "${name}"; it matches nothing until one does`,
      )
    }
  }
  return messages
}
