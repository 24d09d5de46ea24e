import { homedir } from 'node:os'
import { resolve } from 'node:path'
import type { JsonObject, JsonValue } from '@toolpipe/core'
import { isPlainObject } from '@toolpipe/core/internal'
import { canonicalRuleName } from '@toolpipe/settings-files'
import type { Subject, ToolRules } from '@toolpipe/tools'
import type { RuleView } from '@toolpipe/tools/internal'

/** How hooks see one tool: the name its rules use, and its rules (`definition.permissions`). */
export type HookToolView = Pick<RuleView, 'ruleName' | 'rules'>

/** Where a relative path of a subject is, when no command subject says its `cwd`. */
export interface HookInputRoots {
  /** Absolute. */
  readonly projectRoot: string
  /**
   * Absolute: what relative paths resolve against, as the policy on the registry resolves them
   * (`permissions({ cwd })`, SPEC §18.1); default `projectRoot`.
   */
  readonly cwd?: string | undefined
  /** The folder `~` means. */
  readonly home?: string | undefined
}

/**
 * Claude Code's field for each of its tools that a subject fills (SPEC §26), and the subject
 * kinds it is taken from, first match wins. Gemini CLI's names are the same tools
 * (`canonicalRuleName`). Field names from Claude Code's hooks reference,
 * https://code.claude.com/docs/en/hooks ("PreToolUse input").
 */
const subjectFields: ReadonlyMap<
  string,
  { readonly field: 'command' | 'file_path' | 'url'; readonly kinds: readonly Subject['kind'][] }
> = new Map([
  ['Bash', { field: 'command', kinds: ['command'] }],
  ['Read', { field: 'file_path', kinds: ['read', 'edit'] }],
  ['Edit', { field: 'file_path', kinds: ['edit', 'read'] }],
  ['Write', { field: 'file_path', kinds: ['edit', 'read'] }],
  ['WebFetch', { field: 'url', kinds: ['fetch'] }],
])

/**
 * The `tool_input` a hook is told for a call with these (validated) arguments (SPEC §26): the
 * tool's own arguments first; then, for a tool whose rule name is `Bash`, `Read`, `Edit`, `Write`
 * or `WebFetch` (or Gemini CLI's name for it), the field Claude Code's hooks read — `command`,
 * `file_path` (absolute) or `url` — from its subjects; then what its rules' `hookInput(args)`
 * adds. A `subjects` or `hookInput` that throws or gives something malformed adds nothing, and
 * arguments that are not an object are told as they are. Never throws.
 *
 * @example
 * hookToolInput(
 *   { path: 'src/a.ts', content: 'x' },
 *   { ruleName: 'Write', rules: { subjects: ({ path }) => [{ kind: 'edit', path }] } },
 *   { projectRoot: '/p' },
 * ) // { path: 'src/a.ts', content: 'x', file_path: '/p/src/a.ts' }
 */
export function hookToolInput(
  args: JsonValue,
  tool: HookToolView,
  roots: HookInputRoots,
): JsonValue {
  if (!isPlainObject(args)) return args
  const fromSubjects = subjectInput(args, tool, roots)
  const extra = extraInput(args, tool.rules)
  if (fromSubjects === undefined && extra === undefined) return args
  // Spread defines own properties, so a `__proto__` key stays data.
  return { ...args, ...fromSubjects, ...extra }
}

/** The one field the tool's subjects give, or undefined when they give none. */
function subjectInput(
  args: JsonObject,
  tool: HookToolView,
  roots: HookInputRoots,
): JsonObject | undefined {
  const wanted = subjectFields.get(canonicalRuleName(tool.ruleName))
  if (wanted === undefined) return undefined
  const subjects = subjectsOf(args, tool.rules)
  if (subjects === undefined) return undefined
  for (const kind of wanted.kinds) {
    const subject = subjects.find((candidate) => candidate.kind === kind)
    if (subject === undefined) continue
    switch (subject.kind) {
      case 'command':
        return { command: subject.command }
      case 'fetch':
        return { url: subject.url }
      default:
        return { file_path: absolutePath(subject.path, baseOf(subjects, roots), roots) }
    }
  }
  return undefined
}

/**
 * `rules.subjects(args)`, each subject read once into a copy, when it gives a list of
 * well-formed subjects; else undefined (a throw, a subject that is not one: then none counts,
 * as `@toolpipe/permissions` reads them).
 */
function subjectsOf(args: JsonObject, rules: ToolRules | undefined): Subject[] | undefined {
  try {
    const value: unknown = rules?.subjects?.(args)
    if (!Array.isArray(value)) return undefined
    const subjects: (Subject | undefined)[] = (value as unknown[]).map(readSubject)
    return subjects.every((subject) => subject !== undefined) ? subjects : undefined
  } catch {
    return undefined
  }
}

function readSubject(value: unknown): Subject | undefined {
  if (!isPlainObject(value)) return undefined
  const { kind, command, cwd, path, url } = value
  switch (kind) {
    case 'command':
      if (typeof command !== 'string') return undefined
      if (cwd === undefined) return { kind, command }
      return typeof cwd === 'string' ? { kind, command, cwd } : undefined
    case 'read':
    case 'edit':
      return typeof path === 'string' && path !== '' ? { kind, path } : undefined
    case 'fetch':
      return typeof url === 'string' ? { kind, url } : undefined
    default:
      return undefined
  }
}

/**
 * What a relative path is relative to: the call's command's `cwd` (itself resolved against the
 * working directory), else the working directory: the policy's `cwd`, else the project root.
 */
function baseOf(subjects: readonly Subject[], roots: HookInputRoots): string {
  const workingDirectory = roots.cwd ?? roots.projectRoot
  for (const subject of subjects) {
    if (subject.kind === 'command' && subject.cwd !== undefined && subject.cwd !== '') {
      return resolve(workingDirectory, subject.cwd)
    }
  }
  return workingDirectory
}

/** `path` absolute and normalised; `~` and `~/…` are under the home folder, as rules read them. */
function absolutePath(path: string, base: string, roots: HookInputRoots): string {
  if (path === '~' || path.startsWith('~/')) {
    return resolve(roots.home ?? homedir(), path.slice(2))
  }
  return resolve(base, path)
}

/** `rules.hookInput(args)` as plain JSON, or undefined when there is none or it fails. */
function extraInput(args: JsonObject, rules: ToolRules | undefined): JsonObject | undefined {
  try {
    const value: unknown = rules?.hookInput?.(args)
    if (value === undefined) return undefined
    // A copy that is JSON for sure: no getters, cycles or BigInts reach the hook's stdin later.
    const copy: unknown = JSON.parse(JSON.stringify(value))
    return isPlainObject(copy) ? (copy as JsonObject) : undefined
  } catch {
    return undefined
  }
}
