import { readCommandPattern, readPlainCommandPattern } from './command-pattern.js'
import type { CompiledRule, RuleListName, RuleOrigin } from './compiled-rule.js'
import { compileDomainPattern } from './domain-pattern.js'
import { compileParamPattern } from './param-pattern.js'
import { compilePathPattern, everyPath } from './path-pattern.js'
import type { PathRoots } from './path-pattern.js'
import { canonicalRuleName } from '@toolpipe/settings-files'
import { plainRuleOpening, readMcpName, readRuleText } from './rule-text.js'

/**
 * Compiles one rule of a settings file's list (`Bash(npm test *)`, `Read(src/**)`,
 * `WebFetch(domain:example.com)`, `mcp__github`, `deploy(env:prod)`), or says why it is not a
 * rule (SPEC §18.2). (Gemini CLI's `[[rule]]` tables are `compileGeminiRule`'s.)
 * `canonicalName` is `canonicalRuleName`, or a copy of it that remembers (a file's rules).
 */
export function compileSettingsRule(
  entry: unknown,
  list: RuleListName,
  index: number,
  origin: RuleOrigin,
  order: number,
  roots: PathRoots,
  canonicalName: (name: string) => string = canonicalRuleName,
): CompiledRule | string {
  const open = typeof entry === 'string' ? plainRuleOpening(entry) : undefined
  let text: string
  let name: string
  let specifier: string | undefined
  if (open === undefined) {
    const read = readRuleText(entry)
    if (typeof read === 'string') return read
    ;({ text, toolName: name, specifier } = read)
  } else {
    text = entry as string
    name = open < 0 ? text : text.slice(0, open)
    specifier = open < 0 ? undefined : text.slice(open + 1, -1)
  }
  // Either family's name for a tool is the same tool (SPEC §26): rules keep Claude Code's.
  const toolName = canonicalName(name)
  const mcp = readMcpName(toolName)
  const mcpServer = mcp !== undefined && mcp.tool === undefined ? mcp.server : undefined
  if (mcpServer !== undefined && specifier !== undefined) {
    return `"${text}": a rule for every tool of a server takes no specifier`
  }
  // One object shape for every rule, so the matchers that read them stay monomorphic.
  const rule: Writable<CompiledRule> = {
    text,
    list,
    index,
    origin,
    order,
    toolName,
    bare: specifier === undefined,
    mcpServer,
    command: undefined,
    path: undefined,
    domain: undefined,
    param: undefined,
  }
  const refused = compileSpecifier(rule, specifier, roots, open !== undefined)
  return refused === undefined ? rule : `"${text}": ${refused}`
}

type Writable<TObject> = { -readonly [Key in keyof TObject]: TObject[Key] }

/**
 * Compiles a rule's specifier for its tool into `rule`; or says what is wrong with it. `plain`:
 * `plainRuleOpening` read it (no quotes, backslashes or tabs for the shell lexer to read).
 */
function compileSpecifier(
  rule: Writable<CompiledRule>,
  specifier: string | undefined,
  roots: PathRoots,
  plain: boolean,
): string | undefined {
  const { toolName } = rule
  if (toolName === 'Read' || toolName === 'Edit') {
    const path =
      specifier === undefined
        ? everyPath
        : compilePathPattern(specifier, roots, rule.list !== 'allow')
    if (typeof path === 'string') return path
    rule.path = path
    return undefined
  }
  if (toolName === 'WebFetch') {
    const domain =
      specifier === undefined
        ? { host: undefined, subdomains: false }
        : compileDomainPattern(specifier)
    if (typeof domain === 'string') return domain
    rule.domain = domain
    return undefined
  }
  if (specifier === undefined) return undefined
  const command = plain ? readPlainCommandPattern(specifier) : readCommandPattern(specifier)
  const param = compileParamPattern(specifier)
  if (typeof command === 'string' && param === undefined) return command
  if (typeof command !== 'string') rule.command = command
  rule.param = param
  return undefined
}
