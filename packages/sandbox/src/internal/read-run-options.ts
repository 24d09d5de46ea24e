import { describeValue, readPluginOptions } from '@toolpipe/core/internal'
import type { PluginOptionsReader } from '@toolpipe/core/internal'
import { SandboxError } from '../sandbox-error.js'
import type { SandboxRunOptions } from '../sandbox-options.js'

/**
 * `run`'s command and options, read once each and checked: a bad one is refused with
 * {@link SandboxError} (`INVALID_OPTIONS`) naming it — `run: callId must be a non-empty
 * string, got 3` — before anything runs.
 */
export function readRunOptions(
  command: unknown,
  options: SandboxRunOptions,
): [string, SandboxRunOptions] {
  const reader: PluginOptionsReader = readPluginOptions(
    'run',
    options,
    (message) => new SandboxError(message, 'INVALID_OPTIONS'),
  )
  if (typeof command !== 'string' || command.trim() === '') {
    throw new SandboxError(
      `run: command must be a non-empty string, got ${describeValue(command)}`,
      'INVALID_OPTIONS',
    )
  }
  const callId = reader.string('callId', { nonEmpty: true })
  if (callId === undefined) reader.fail('callId', 'must be a non-empty string, got undefined')
  const signal = reader.value('signal')
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    reader.fail('signal', `must be an AbortSignal, got ${describeValue(signal)}`)
  }
  const abort = signal
  const env = reader.object('env')
  for (const [name, value] of Object.entries(env ?? {})) {
    if (typeof value !== 'string')
      reader.fail(`env.${name}`, `must be a string, got ${describeValue(value)}`)
  }
  return [
    command,
    {
      callId,
      cwd: reader.string('cwd', { nonEmpty: true }),
      signal: abort,
      env: env as Record<string, string> | undefined,
      maxOutputBytes: reader.number('maxOutputBytes', { integer: true, min: 0 }),
      dangerouslyDisableSandbox: reader.boolean('dangerouslyDisableSandbox'),
    },
  ]
}
