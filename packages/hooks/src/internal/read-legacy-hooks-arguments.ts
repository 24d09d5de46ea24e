import { randomUUID } from 'node:crypto'
import { resolve } from 'node:path'
import { formatJsonPath } from '@toolpipe/core/internal'
import { isPermissionMode, permissionModes } from '@toolpipe/settings-files'
import type { PermissionMode } from '@toolpipe/settings-files'
import type { HooksDialect } from '../hooks-settings.js'
import { HooksConfigError } from '../hooks-config-error.js'
import type { HooksConfigIssue } from '../hooks-config-error.js'
import { hooksDialects, runOptionNames } from './command-hooks-setup.js'
import type { CommandHooksSetup } from './command-hooks-setup.js'
import { readHookClock } from './read-hook-clock.js'
import { readHookSources } from './read-hook-sources.js'
import { readHooksSettings } from './read-hooks-settings.js'
import { describeGiven, readKnownMembers } from './read-known-members.js'

/**
 * Reads and checks the deprecated `commandHooks(config, options)` as it always was: each field
 * read once, nothing kept of the caller's objects, and every problem of either argument an issue
 * of one `HooksConfigError` (`INVALID_HOOKS_CONFIG`), config paths from `$`, option paths from
 * `options`.
 *
 * @throws HooksConfigError listing every issue
 */
export function readLegacyHooksArguments(config: unknown, options: unknown): CommandHooksSetup {
  const issues: HooksConfigIssue[] = []
  const issue = (name: string, message: string): void => {
    issues.push({ path: formatJsonPath([name], 'options'), message })
  }
  const given = readKnownMembers(config, ['hooks', 'sources'], '$', issues)
  const chosen = readKnownMembers(options, runOptionNames, 'options', issues)

  const dialect = (chosen.dialect ?? 'claude') as HooksDialect
  if (!hooksDialects.includes(dialect))
    issue('dialect', `must be "claude" or "gemini", got ${describeGiven(dialect)}`)
  const projectRoot = chosen.projectRoot ?? process.cwd()
  if (typeof projectRoot !== 'string' || projectRoot === '') {
    issue('projectRoot', `must be a non-empty path, got ${describeGiven(projectRoot)}`)
  }
  const sessionId = chosen.sessionId ?? randomUUID()
  if (typeof sessionId !== 'string')
    issue('sessionId', `must be a string, got ${describeGiven(sessionId)}`)
  const transcriptPath = chosen.transcriptPath
  if (transcriptPath !== undefined && (typeof transcriptPath !== 'string' || transcriptPath === ''))
    issue('transcriptPath', `must be a non-empty path, got ${describeGiven(transcriptPath)}`)
  const permissionMode = chosen.permissionMode ?? 'default'
  if (!isPermissionMode(permissionMode)) {
    issue(
      'permissionMode',
      `must be one of ${permissionModes.join(', ')}, got ${describeGiven(permissionMode)}`,
    )
  }
  const clock = readHookClock(chosen.clock)
  if (typeof clock === 'string') issue('clock', clock)

  const reading = readHooksSettings(given.hooks, {
    dialect: hooksDialects.includes(dialect) ? dialect : 'claude',
    origin: { kind: 'cli' },
    at: ['hooks'],
  })
  issues.push(...reading.issues)
  const sources = readHookSources(given.sources, issues)
  if (issues.length > 0) throw new HooksConfigError(issues)
  return {
    dialect,
    projectRoot: resolve(projectRoot as string),
    sessionId: sessionId as string,
    permissionMode: permissionMode as PermissionMode,
    transcriptPath: transcriptPath as string | undefined,
    codeGroups: reading.groups,
    sources,
    clock: typeof clock === 'string' ? undefined : clock.clock,
    scrubEnv: chosen.scrubEnv === true,
  }
}
