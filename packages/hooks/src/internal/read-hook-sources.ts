import { formatJsonPath, isPlainArray, isPlainObject } from '@toolpipe/core/internal'
import { settingsSourceKinds } from '@toolpipe/settings-files'
import type { HookSourceKind } from '../command-hooks-options.js'
import type { HooksConfigIssue } from '../hooks-config-error.js'
import { describeGiven, readKnownMembers } from './read-known-members.js'

/**
 * The `sources` of a hooks configuration, each `{ kind, path }` checked; what is wrong is an
 * issue at `$.sources[…]`, and such a source is left out.
 */
export function readHookSources(
  listed: unknown,
  issues: HooksConfigIssue[],
): { kind: HookSourceKind; path: string }[] {
  const issue = (path: readonly (string | number)[], message: string): void => {
    issues.push({ path: formatJsonPath(path), message })
  }
  const sources: { kind: HookSourceKind; path: string }[] = []
  if (listed !== undefined && !isPlainArray(listed)) {
    issue(['sources'], `must be an array of { kind, path }, got ${describeGiven(listed)}`)
    return sources
  }
  ;(listed ?? []).forEach((source: unknown, index) => {
    const at = ['sources', index]
    const read = readKnownMembers(source, ['kind', 'path'], formatJsonPath(at), issues)
    if (!isPlainObject(source)) return
    const { kind, path } = read
    let ok = true
    if (!settingsSourceKinds.includes(kind as HookSourceKind)) {
      ok = false
      issue(
        [...at, 'kind'],
        `must be one of ${settingsSourceKinds.join(', ')}, got ${describeGiven(kind)}`,
      )
    }
    if (typeof path !== 'string' || path === '') {
      ok = false
      issue([...at, 'path'], `must be a settings file path, got ${describeGiven(path)}`)
    }
    if (ok) sources.push({ kind: kind as HookSourceKind, path: path as string })
  })
  return sources
}
