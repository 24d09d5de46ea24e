import type { SettingsSourceKind as SourceKind } from '@toolpipe/settings-files'
import type { CommandPattern } from './command-pattern.js'
import type { DomainPattern } from './domain-pattern.js'
import type { ParamPattern } from './param-pattern.js'
import type { PathPattern } from './path-pattern.js'

/** Which list of a settings file a rule is in. */
export type RuleListName = 'allow' | 'ask' | 'deny'

/** Where a rule came from. */
export interface RuleOrigin {
  readonly kind: SourceKind
  /** The file, absolute; undefined for settings given in code. */
  readonly path: string | undefined
  /** How messages name the source: the file relative to the project root, or `cli settings`. */
  readonly label: string
}

/** One rule, compiled for every kind of subject it can match. */
export interface CompiledRule {
  readonly text: string
  readonly list: RuleListName
  /** Its index in its file's list. */
  readonly index: number
  readonly origin: RuleOrigin
  /** Its place in the evaluation order of its list across every source. */
  readonly order: number
  readonly toolName: string
  /** `Name` or `Name(*)`: every call of the tool. */
  readonly bare: boolean
  /** `mcp__server` or `mcp__server__*`: every tool of that server. */
  readonly mcpServer: string | undefined
  readonly command: CommandPattern | undefined
  /** `Read(…)` and `Edit(…)` rules (and the bare ones: every path). */
  readonly path: PathPattern | undefined
  /** `WebFetch(domain:…)` rules (and the bare one: every host). */
  readonly domain: DomainPattern | undefined
  /** `Name(param:value)`, read on deny and ask rules of tools without subjects. */
  readonly param: ParamPattern | undefined
}
