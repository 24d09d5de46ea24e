import { compileCommandPattern } from './command-pattern.js'
import type { CompiledRule, RuleListName, RuleOrigin } from './compiled-rule.js'
import { compileDomainPattern } from './domain-pattern.js'
import type { DomainPattern } from './domain-pattern.js'
import { compileParamPattern } from './param-pattern.js'
import { compilePathPattern, everyPath } from './path-pattern.js'
import type { PathPattern, PathRoots } from './path-pattern.js'
import { canonicalRuleName } from '@toolpipe/settings-files'
import { readMcpName, readRuleText } from './rule-text.js'

/**
 * Compiles one rule of a settings file's list (`Bash(npm test *)`, `Read(src/**)`,
 * `WebFetch(domain:example.com)`, `mcp__github`, `deploy(env:prod)`), or says why it is not a
 * rule (SPEC §18.2). (Gemini CLI's `[[rule]]` tables are `compileGeminiRule`'s.)
 */
export function compileSettingsRule(
  entry: unknown,
  list: RuleListName,
  index: number,
  origin: RuleOrigin,
  order: number,
  roots: PathRoots,
): CompiledRule | string {
  const text = readRuleText(entry)
  if (typeof text === 'string') return text
  const { specifier } = text
  // Either family's name for a tool is the same tool (SPEC §26): rules keep Claude Code's.
  const toolName = canonicalRuleName(text.toolName)
  const mcp = readMcpName(toolName)
  const base = {
    text: text.text,
    list,
    index,
    origin,
    order,
    toolName,
    bare: specifier === undefined,
    mcpServer: mcp !== undefined && mcp.tool === undefined ? mcp.server : undefined,
    command: undefined,
    path: undefined,
    domain: undefined,
    param: undefined,
  }
  if (mcp !== undefined && mcp.tool === undefined && specifier !== undefined) {
    return `"${text.text}": a rule for every tool of a server takes no specifier`
  }
  if (toolName === 'Read' || toolName === 'Edit') {
    let path: PathPattern | string = everyPath
    if (specifier !== undefined) path = compilePathPattern(specifier, roots, list !== 'allow')
    if (typeof path === 'string') return `"${text.text}": ${path}`
    return { ...base, path }
  }
  if (toolName === 'WebFetch') {
    let domain: DomainPattern | string = { host: undefined, subdomains: false }
    if (specifier !== undefined) domain = compileDomainPattern(specifier)
    if (typeof domain === 'string') return `"${text.text}": ${domain}`
    return { ...base, domain }
  }
  if (specifier === undefined) return base
  const command = compileCommandPattern(specifier)
  const param = compileParamPattern(specifier)
  if (typeof command === 'string' && param === undefined) return `"${text.text}": ${command}`
  return { ...base, command: typeof command === 'string' ? undefined : command, param }
}
