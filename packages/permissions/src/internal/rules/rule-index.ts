import type { CompiledRule } from './compiled-rule.js'

/** The rules of one list (allow, ask or deny) across every source, indexed for speed. */
export class RuleIndex {
  /** Every rule, in evaluation order. */
  readonly all: CompiledRule[] = []
  /** Bare rules by tool name. */
  readonly bare = new Map<string, CompiledRule[]>()
  /** Bare rules for every tool of an MCP server, by server. */
  readonly servers = new Map<string, CompiledRule[]>()
  /** Command rules by tool name, then by their literal first word. */
  readonly commandsByWord = new Map<string, Map<string, CompiledRule[]>>()
  /** Command rules by tool name whose first word has a `*`. */
  readonly commandsAnyWord = new Map<string, CompiledRule[]>()
  /** Specifier rules by tool name, for calls matched by parameter. */
  readonly specified = new Map<string, CompiledRule[]>()
  readonly read: CompiledRule[] = []
  readonly edit: CompiledRule[] = []
  readonly fetch: CompiledRule[] = []

  add(rule: CompiledRule): void {
    this.all.push(rule)
    if (rule.mcpServer !== undefined) push(this.servers, rule.mcpServer, rule)
    else if (rule.bare) push(this.bare, rule.toolName, rule)
    if (rule.toolName === 'Read' && rule.path !== undefined) this.read.push(rule)
    if (rule.toolName === 'Edit' && rule.path !== undefined) this.edit.push(rule)
    if (rule.toolName === 'WebFetch' && rule.domain !== undefined) this.fetch.push(rule)
    if (!rule.bare) push(this.specified, rule.toolName, rule)
    if (rule.command !== undefined) {
      const word = rule.command.firstWord
      if (word === undefined) push(this.commandsAnyWord, rule.toolName, rule)
      else {
        let byWord = this.commandsByWord.get(rule.toolName)
        if (byWord === undefined) {
          byWord = new Map<string, CompiledRule[]>()
          this.commandsByWord.set(rule.toolName, byWord)
        }
        push(byWord, word, rule)
      }
    }
  }

  /** The bare rules that apply to every call of `ruleName` (its server's included), in order. */
  bareFor(ruleName: string, server: string | undefined): readonly CompiledRule[] {
    const own = this.bare.get(ruleName) ?? none
    if (server === undefined) return own
    const ofServer = this.servers.get(server) ?? none
    if (ofServer.length === 0) return own
    return [...own, ...ofServer].sort(byOrder)
  }

  /** The command rules of `ruleName` that could match a command whose first word is `word`. */
  commandCandidates(ruleName: string, word: string | undefined): readonly CompiledRule[] {
    const any = this.commandsAnyWord.get(ruleName) ?? none
    const byWord = this.commandsByWord.get(ruleName)
    if (byWord === undefined) return any
    if (word === undefined) {
      return [...any, ...[...byWord.values()].flat()].sort(byOrder)
    }
    const exact = byWord.get(word) ?? none
    if (any.length === 0) return exact
    if (exact.length === 0) return any
    return [...exact, ...any].sort(byOrder)
  }
}

const none: readonly CompiledRule[] = Object.freeze([])

function byOrder(a: CompiledRule, b: CompiledRule): number {
  return a.order - b.order
}

function push<TKey>(map: Map<TKey, CompiledRule[]>, key: TKey, rule: CompiledRule): void {
  const list = map.get(key)
  if (list === undefined) map.set(key, [rule])
  else list.push(rule)
}
