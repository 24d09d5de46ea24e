import type { CompiledRule } from './compiled-rule.js'
import { ToolCommands } from './tool-commands.js'

/** The rules of one list (allow, ask or deny) across every source, indexed for speed. */
export class RuleIndex {
  /** Every rule, in evaluation order. */
  readonly all: CompiledRule[] = []
  /** Bare rules by tool name. */
  readonly bare = new Map<string, CompiledRule[]>()
  /** Bare rules for every tool of an MCP server, by server. */
  readonly servers = new Map<string, CompiledRule[]>()
  readonly read: CompiledRule[] = []
  readonly edit: CompiledRule[] = []
  readonly fetch: CompiledRule[] = []
  /**
   * The tool names of `Name(param:value)` rules: of the specifier rules, the only ones that read
   * the arguments of a call whose tool has no subjects.
   */
  readonly paramTools = new Set<string>()
  /** Command rules by tool name. */
  readonly #commands = new Map<string, ToolCommands>()
  /** The tool the last command rule was of: a file's rules mostly come tool by tool. */
  #lastCommands: { readonly toolName: string; readonly commands: ToolCommands } | undefined
  #specified: Map<string, CompiledRule[]> | undefined

  /**
   * Specifier rules by tool name, for calls matched by parameter: filed on first use (only a
   * tool without subjects reads them; a large file's rules are nearly all commands and paths).
   */
  get specified(): ReadonlyMap<string, readonly CompiledRule[]> {
    if (this.#specified === undefined) {
      this.#specified = new Map()
      for (const rule of this.all) if (!rule.bare) push(this.#specified, rule.toolName, rule)
    }
    return this.#specified
  }

  add(rule: CompiledRule): void {
    this.all.push(rule)
    this.#specified = undefined
    if (rule.mcpServer !== undefined) push(this.servers, rule.mcpServer, rule)
    else if (rule.bare) push(this.bare, rule.toolName, rule)
    if (rule.path !== undefined) {
      if (rule.toolName === 'Read') this.read.push(rule)
      else if (rule.toolName === 'Edit') this.edit.push(rule)
    }
    if (rule.toolName === 'WebFetch' && rule.domain !== undefined) this.fetch.push(rule)
    if (rule.command !== undefined) this.commandsOf(rule.toolName).add(rule)
    if (rule.param !== undefined) this.paramTools.add(rule.toolName)
  }

  private commandsOf(toolName: string): ToolCommands {
    if (this.#lastCommands?.toolName === toolName) return this.#lastCommands.commands
    let commands = this.#commands.get(toolName)
    if (commands === undefined) {
      commands = new ToolCommands()
      this.#commands.set(toolName, commands)
    }
    this.#lastCommands = { toolName, commands }
    return commands
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
    return this.#commands.get(ruleName)?.candidates(word) ?? none
  }

  /** The command rules of `ruleName` by their literal first word. */
  commandsByWord(ruleName: string): ReadonlyMap<string, readonly CompiledRule[]> | undefined {
    return this.#commands.get(ruleName)?.byWord()
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
