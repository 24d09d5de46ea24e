import { dirname, resolve } from 'node:path'
import { canonicalRuleName, isPermissionMode as isMode } from '@toolpipe/settings-files'
import type {
  PermissionMode as Mode,
  SettingsSourceKind as SourceKind,
} from '@toolpipe/settings-files'
import { compileCommandPattern } from './command-pattern.js'
import type { CompiledRule, RuleListName, RuleOrigin } from './compiled-rule.js'
import { compileDomainPattern } from './domain-pattern.js'
import type { DomainPattern } from './domain-pattern.js'
import { compileGeminiPolicy } from './gemini-policy.js'
import type { GeminiRule } from './gemini-policy.js'
import { compileParamPattern } from './param-pattern.js'
import { compilePathPattern, everyPath } from './path-pattern.js'
import type { PathPattern } from './path-pattern.js'
import { RuleIndex } from './rule-index.js'
import { readMcpName, readRuleText } from './rule-text.js'

/** The content of one source, as read. */
export interface LoadedSource {
  readonly kind: SourceKind
  /** The file (absolute), or undefined for settings given in code. */
  readonly path: string | undefined
  readonly label: string
  readonly format: 'settings' | 'gemini'
  /** The parsed file or the settings object; undefined: an empty source. */
  readonly value: unknown
  /** A managed file that exists but cannot be read or parsed: `label: line L, column C: why`. */
  readonly unreadable?: string | undefined
}

/** Where relative rules resolve. */
export interface RuleContext {
  readonly projectRoot: string
  readonly cwd: string
  readonly home: string
}

/** Every rule in force, merged from every source (SPEC §18.3). */
export interface RuleSet {
  readonly deny: RuleIndex
  readonly ask: RuleIndex
  readonly allow: RuleIndex
  readonly gemini: readonly GeminiRule[]
  /** The highest source's `defaultMode`, if any. */
  readonly defaultMode: Mode | undefined
  readonly defaultModeOrigin: RuleOrigin | undefined
  /** Absolute folders `acceptEdits` treats as the working directory. */
  readonly additionalDirectories: readonly string[]
  /** A managed source forbids `bypassPermissions`. */
  readonly bypassDisabled: boolean
  /** A managed source allows only managed rules. */
  readonly managedRulesOnly: boolean
  /**
   * A managed file exists but cannot be read or parsed (the highest such source): every call is
   * denied, `MANAGED_POLICY_UNREADABLE`, with `reason`, until it parses (SPEC §26).
   */
  readonly managedUnreadable?: ManagedUnreadable | undefined
}

/** The managed file that cannot be used, and the reason every call is denied. */
export interface ManagedUnreadable {
  readonly label: string
  /** The file, absolute. */
  readonly path: string
  readonly reason: string
}

/** A rule or setting that was ignored (or, with `kept`, kept but worth a word), and why. */
export interface RuleWarning {
  readonly origin: RuleOrigin
  /** `permissions.allow[3]`, `[[rule]] 2`, `permissions.defaultMode`. */
  readonly where: string
  readonly message: string
  /** The rule stays in force; the message says how. */
  readonly kept?: true
}

const lists: readonly RuleListName[] = ['deny', 'ask', 'allow']

/**
 * Merges sources (given highest precedence first) into one rule set. Each malformed rule or
 * setting is told to `warn` with its file and index, and ignored: never a crash, never an allow
 * it did not say.
 */
export function buildRuleSet(
  sources: readonly LoadedSource[],
  context: RuleContext,
  warn: (warning: RuleWarning) => void,
): RuleSet {
  const indexes = { deny: new RuleIndex(), ask: new RuleIndex(), allow: new RuleIndex() }
  const order = { deny: 0, ask: 0, allow: 0 }
  const gemini: GeminiRule[] = []
  let defaultMode: Mode | undefined
  let defaultModeOrigin: RuleOrigin | undefined
  const additionalDirectories: string[] = []
  let bypassDisabled = false
  let managedRulesOnly = false

  for (const source of sources) {
    if (source.kind !== 'managed' || source.format !== 'settings') continue
    const value = source.value
    if (!isRecord(value)) continue
    const permissions = isRecord(value.permissions) ? value.permissions : {}
    if (
      value.allowManagedPermissionRulesOnly === true ||
      permissions.allowManagedPermissionRulesOnly === true
    ) {
      managedRulesOnly = true
    }
    if (permissions.disableBypassPermissionsMode === 'disable') bypassDisabled = true
  }

  for (const source of sources) {
    const origin: RuleOrigin = { kind: source.kind, path: source.path, label: source.label }
    const rulesCount = managedRulesOnly && source.kind !== 'managed'
    if (source.format === 'gemini') {
      if (rulesCount) continue
      gemini.push(
        ...compileGeminiPolicy(source.value, origin, (index, message, kept) => {
          const where = index === undefined ? 'rule' : `[[rule]] ${index}`
          warn(kept === true ? { origin, where, message, kept } : { origin, where, message })
        }),
      )
      continue
    }
    const value = source.value
    if (value === undefined) continue
    if (!isRecord(value)) {
      warn({ origin, where: '(file)', message: 'settings must be a JSON object' })
      continue
    }
    if (value.permissions === undefined) continue
    if (!isRecord(value.permissions)) {
      warn({ origin, where: 'permissions', message: 'must be an object' })
      continue
    }
    const permissions = value.permissions
    const roots = {
      home: context.home,
      cwd: context.cwd,
      root:
        source.path === undefined || source.kind === 'local' || source.kind === 'project'
          ? context.projectRoot
          : dirname(source.path),
    }
    if (source.kind !== 'managed' && permissions.disableBypassPermissionsMode !== undefined) {
      warn({
        origin,
        where: 'permissions.disableBypassPermissionsMode',
        message: 'only a managed source may set it',
      })
    }
    if (permissions.defaultMode !== undefined) {
      if (!isMode(permissions.defaultMode)) {
        warn({
          origin,
          where: 'permissions.defaultMode',
          message: `${JSON.stringify(permissions.defaultMode)} is not a mode`,
        })
      } else if (defaultMode === undefined) {
        defaultMode = permissions.defaultMode
        defaultModeOrigin = origin
      }
    }
    const directories = permissions.additionalDirectories
    if (directories !== undefined) {
      if (!Array.isArray(directories)) {
        warn({
          origin,
          where: 'permissions.additionalDirectories',
          message: 'must be an array of paths',
        })
      } else {
        directories.forEach((directory: unknown, index) => {
          if (typeof directory !== 'string' || directory === '') {
            warn({
              origin,
              where: `permissions.additionalDirectories[${index}]`,
              message: 'must be a path',
            })
          } else {
            additionalDirectories.push(
              resolve(
                context.cwd,
                directory.startsWith('~/') ? context.home + directory.slice(1) : directory,
              ),
            )
          }
        })
      }
    }
    if (rulesCount) continue
    for (const list of lists) {
      const entries = permissions[list]
      if (entries === undefined) continue
      if (!Array.isArray(entries)) {
        warn({ origin, where: `permissions.${list}`, message: 'must be an array of rules' })
        continue
      }
      entries.forEach((entry: unknown, index) => {
        const rule = compileRule(entry, list, index, origin, order[list], roots)
        if (typeof rule === 'string') {
          warn({ origin, where: `permissions.${list}[${index}]`, message: rule })
          return
        }
        order[list]++
        indexes[list].add(rule)
      })
    }
  }

  return {
    ...indexes,
    managedUnreadable: findManagedUnreadable(sources),
    gemini: gemini.sort((a, b) => b.priority - a.priority || strictness(b) - strictness(a)),
    defaultMode,
    defaultModeOrigin,
    additionalDirectories,
    bypassDisabled,
    managedRulesOnly,
  }
}

function findManagedUnreadable(sources: readonly LoadedSource[]): ManagedUnreadable | undefined {
  for (const source of sources) {
    if (source.kind !== 'managed' || source.unreadable === undefined) continue
    if (source.path === undefined) continue
    return {
      label: source.label,
      path: source.path,
      reason: `the managed source ${source.unreadable}; every call is denied until it can be read and parses`,
    }
  }
  return undefined
}

function strictness(rule: GeminiRule): number {
  return rule.decision === 'deny' ? 2 : rule.decision === 'ask' ? 1 : 0
}

/** Compiles one rule of a list, or says why it is not a rule. */
export function compileRule(
  entry: unknown,
  list: RuleListName,
  index: number,
  origin: RuleOrigin,
  order: number,
  roots: { home: string; cwd: string; root: string },
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
