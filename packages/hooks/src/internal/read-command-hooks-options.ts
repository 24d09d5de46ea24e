import { randomUUID } from 'node:crypto'
import { resolve } from 'node:path'
import { describeThrown, readPluginOptions } from '@toolpipe/core/internal'
import type { PluginOptionsReader } from '@toolpipe/core/internal'
import { permissionModes } from '@toolpipe/settings-files'
import { HooksConfigError } from '../hooks-config-error.js'
import type { HooksConfigIssue } from '../hooks-config-error.js'
import { hooksDialects, runOptionNames } from './command-hooks-setup.js'
import type { CommandHooksSetup } from './command-hooks-setup.js'
import { readHookClock } from './read-hook-clock.js'
import { readHookSources } from './read-hook-sources.js'
import { readHooksSettings } from './read-hooks-settings.js'

/** Every option of `commandHooks(options)`: the hooks configuration, then the others. */
const knownOptions = ['hooks', 'sources', ...runOptionNames]

/**
 * Reads and checks `commandHooks(options)` once (STYLE habits 14 and 18), each member read once,
 * nothing kept of the caller's objects but the clock. An option it cannot use (an unknown one
 * too: a misspelt `hooks` would silently run nothing) is refused at once with `INVALID_OPTIONS`,
 * naming it; the hooks configuration (`hooks`, `sources`) is checked whole, every problem an
 * issue of one `INVALID_HOOKS_CONFIG` with its JSON path.
 *
 * @throws HooksConfigError (`INVALID_OPTIONS` or `INVALID_HOOKS_CONFIG`)
 */
export function readCommandHooksOptions(options: unknown): CommandHooksSetup {
  const reader = readPluginOptions('commandHooks', options, (message) => {
    return new HooksConfigError(message)
  })
  refuseUnknown(reader)
  const dialect = reader.oneOf('dialect', hooksDialects) ?? 'claude'
  const projectRoot = reader.string('projectRoot', { nonEmpty: true }) ?? process.cwd()
  const sessionId = reader.string('sessionId') ?? randomUUID()
  const transcriptPath = reader.string('transcriptPath', { nonEmpty: true })
  const permissionMode = reader.oneOf('permissionMode', permissionModes) ?? 'default'
  const clock = readHookClock(member(reader, 'clock'))
  if (typeof clock === 'string') reader.fail('clock', clock)
  const hooks = member(reader, 'hooks')
  const listed = member(reader, 'sources')

  const issues: HooksConfigIssue[] = []
  const reading = readHooksSettings(hooks, { dialect, origin: { kind: 'cli' }, at: ['hooks'] })
  issues.push(...reading.issues)
  const sources = readHookSources(listed, issues)
  if (issues.length > 0) throw new HooksConfigError(issues)
  return {
    dialect,
    projectRoot: resolve(projectRoot),
    sessionId,
    permissionMode,
    transcriptPath,
    codeGroups: reading.groups,
    sources,
    clock: typeof clock === 'string' ? undefined : clock.clock,
    scrubEnv: reader.boolean('scrubEnv') ?? false,
  }
}

/** Refuses the first member that is not an option of `commandHooks`. */
function refuseUnknown(reader: PluginOptionsReader): void {
  let names: string[]
  try {
    names = Object.keys(reader.given)
  } catch (error) {
    return reader.fail('', `could not be read: ${describeThrown(error)}`)
  }
  const unknown = names.find((name) => !knownOptions.includes(name))
  if (unknown !== undefined) {
    reader.fail(unknown, `is not an option (known: ${knownOptions.join(', ')})`)
  }
}

/** A member the reader has no kind for, read once as the reader reads its own. */
function member(reader: PluginOptionsReader, name: string): unknown {
  try {
    return reader.given[name]
  } catch (error) {
    return reader.fail(name, `could not be read: ${describeThrown(error)}`)
  }
}
