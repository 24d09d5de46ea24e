import { dirname, resolve } from 'node:path'
import { isPlainObject } from '@toolpipe/core/internal'
import { canonicalRuleName, isPermissionMode as isMode } from '@toolpipe/settings-files'
import type { PermissionMode as Mode } from '@toolpipe/settings-files'
import type { RuleListName, RuleOrigin } from './compiled-rule.js'
import type { RuleIndex } from './rule-index.js'
import type { LoadedSource, RuleContext, RuleWarning } from './rule-inputs.js'
import type { PathRoots } from './path-pattern.js'
import { compileSettingsRule } from './settings-rule.js'
import { physicalPath } from '../evaluate/path-candidates.js'

/** What the settings sources read so far make, highest precedence first. */
export interface SettingsDraft {
  readonly indexes: Readonly<Record<RuleListName, RuleIndex>>
  /** Each list's next place in the evaluation order. */
  readonly order: Record<RuleListName, number>
  defaultMode: Mode | undefined
  defaultModeOrigin: RuleOrigin | undefined
  readonly additionalDirectories: string[]
}

const lists: readonly RuleListName[] = ['deny', 'ask', 'allow']

/**
 * Adds one Claude Code style settings source to `draft` (SPEC §18.3): its `defaultMode` (when no
 * higher source set one), its `additionalDirectories`, and the rules of its `deny`, `ask` and
 * `allow` lists — unless `rulesIgnored` (a managed source allows only managed rules). Each
 * malformed rule or setting is told to `warn` and left out.
 */
export function addSettingsSource(
  draft: SettingsDraft,
  source: LoadedSource,
  context: RuleContext,
  rulesIgnored: boolean,
  warn: (warning: RuleWarning) => void,
): void {
  const origin: RuleOrigin = { kind: source.kind, path: source.path, label: source.label }
  const value = source.value
  if (value === undefined) return
  if (!isPlainObject(value)) {
    warn({ origin, where: '(file)', message: 'settings must be a JSON object' })
    return
  }
  // Each member is read once (settings given in code are a plain copy, read-options.ts).
  const permissions = value.permissions
  if (permissions === undefined) return
  if (!isPlainObject(permissions)) {
    warn({ origin, where: 'permissions', message: 'must be an object' })
    return
  }
  if (source.kind !== 'managed' && permissions.disableBypassPermissionsMode !== undefined) {
    warn({
      origin,
      where: 'permissions.disableBypassPermissionsMode',
      message: 'only a managed source may set it',
    })
  }
  readDefaultMode(draft, permissions.defaultMode, origin, warn)
  readDirectories(draft, permissions.additionalDirectories, origin, context, warn)
  if (rulesIgnored) return
  const roots = {
    home: context.home,
    cwd: context.cwd,
    root:
      source.path === undefined || source.kind === 'local' || source.kind === 'project'
        ? context.projectRoot
        : dirname(source.path),
  }
  const canonicalName = rememberingLastName()
  for (const list of lists) {
    const entries = permissions[list]
    if (entries === undefined) continue
    if (!Array.isArray(entries)) {
      warn({ origin, where: `permissions.${list}`, message: 'must be an array of rules' })
      continue
    }
    const read = { origin, roots, canonicalName, warn }
    draft.order[list] = addList(draft.indexes[list], list, entries, draft.order[list], read)
  }
}

/** Compiles one list's rules into its index from `order` on; gives the next place in it. */
function addList(
  listIndex: RuleIndex,
  list: RuleListName,
  entries: readonly unknown[],
  order: number,
  read: {
    readonly origin: RuleOrigin
    readonly roots: PathRoots
    readonly canonicalName: (name: string) => string
    readonly warn: (warning: RuleWarning) => void
  },
): number {
  const { origin, roots, canonicalName, warn } = read
  let next = order
  for (let index = 0; index < entries.length; index++) {
    const rule = compileSettingsRule(
      entries[index],
      list,
      index,
      origin,
      next,
      roots,
      canonicalName,
    )
    if (typeof rule === 'string') {
      warn({ origin, where: `permissions.${list}[${index}]`, message: rule })
      continue
    }
    next++
    listIndex.add(rule)
  }
  return next
}

/**
 * `canonicalRuleName` remembering its last answer: a file's rules mostly name one tool after
 * another, and looking a fresh string up in a map is a tenth of a rule's load.
 */
function rememberingLastName(): (name: string) => string {
  let last: string | undefined
  let canonical = ''
  return (name) => {
    if (name !== last) {
      last = name
      canonical = canonicalRuleName(name)
    }
    return canonical
  }
}

function readDefaultMode(
  draft: SettingsDraft,
  mode: unknown,
  origin: RuleOrigin,
  warn: (warning: RuleWarning) => void,
): void {
  if (mode === undefined) return
  if (!isMode(mode)) {
    warn({
      origin,
      where: 'permissions.defaultMode',
      message: `${JSON.stringify(mode)} is not a mode`,
    })
  } else if (draft.defaultMode === undefined) {
    draft.defaultMode = mode
    draft.defaultModeOrigin = origin
  }
}

/**
 * `additionalDirectories`, each resolved against the working directory (`~/` the home), and also
 * where its symlinks lead when that differs (SPEC §26: a file is inside "once resolved through
 * symlinks", and a folder named through a link holds the same files as its target).
 */
function readDirectories(
  draft: SettingsDraft,
  directories: unknown,
  origin: RuleOrigin,
  context: RuleContext,
  warn: (warning: RuleWarning) => void,
): void {
  if (directories === undefined) return
  if (!Array.isArray(directories)) {
    warn({
      origin,
      where: 'permissions.additionalDirectories',
      message: 'must be an array of paths',
    })
    return
  }
  directories.forEach((directory: unknown, index) => {
    if (typeof directory !== 'string' || directory === '') {
      warn({
        origin,
        where: `permissions.additionalDirectories[${index}]`,
        message: 'must be a path',
      })
      return
    }
    const expanded = directory.startsWith('~/') ? context.home + directory.slice(1) : directory
    const folder = resolve(context.cwd, expanded)
    const real = physicalPath(folder)
    draft.additionalDirectories.push(...(real === folder ? [folder] : [folder, real]))
  })
}
