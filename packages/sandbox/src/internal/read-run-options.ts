import { describeValue, quoteString, readPluginOptions } from '@toolpipe/core/internal'
import type { PluginOptionsReader } from '@toolpipe/core/internal'
import { SandboxError } from '../sandbox-error.js'
import type { SandboxRunOptions } from '../sandbox-options.js'

/** The members of {@link SandboxRunOptions}: each is read once, and nothing else is. */
const members = ['callId', 'cwd', 'signal', 'env', 'maxOutputBytes', 'dangerouslyDisableSandbox']

/**
 * `run`'s command and options, read once each and checked: a bad one is refused with
 * {@link SandboxError} (`INVALID_OPTIONS`) naming it — `run: callId must be a non-empty
 * string, got 3` — before anything runs. A member (or a variable of `env`) whose getter or Proxy
 * trap throws is refused the same way, `run: env.PATH could not be read`, never with what it
 * threw (it may hold a secret); `env` is copied, each variable read once.
 */
export function readRunOptions(
  command: unknown,
  options: SandboxRunOptions,
): [string, SandboxRunOptions] {
  const refuse = (message: string): SandboxError => new SandboxError(message, 'INVALID_OPTIONS')
  // The options themselves: an object (or undefined), or refused as one.
  readPluginOptions('run', options, refuse)
  if (typeof command !== 'string' || command.trim() === '') {
    throw refuse(`run: command must be a non-empty string, got ${describeValue(command)}`)
  }
  const reader: PluginOptionsReader = readPluginOptions('run', readOnce(options), refuse)
  const callId = reader.string('callId', { nonEmpty: true })
  if (callId === undefined) reader.fail('callId', 'must be a non-empty string, got undefined')
  const signal = reader.value('signal')
  if (signal !== undefined && !isAbortSignal(signal)) {
    reader.fail('signal', `must be an AbortSignal, got ${describeValue(signal)}`)
  }
  return [
    command,
    {
      callId,
      cwd: reader.string('cwd', { nonEmpty: true }),
      signal: signal as AbortSignal | undefined,
      env: readEnvironment(reader.object('env'), reader),
      maxOutputBytes: reader.number('maxOutputBytes', { integer: true, min: 0 }),
      dangerouslyDisableSandbox: reader.boolean('dangerouslyDisableSandbox'),
    },
  ]
}

/** Each of the {@link members} of `options`, read once, into a plain object. */
function readOnce(options: unknown): Record<string, unknown> {
  const given = (options ?? {}) as Readonly<Record<string, unknown>>
  const copy: Record<string, unknown> = {}
  for (const name of members) copy[name] = guarded(name, () => given[name])
  return copy
}

/** A copy of `env` whose every variable is a string, each read once. */
function readEnvironment(
  env: Readonly<Record<string, unknown>> | undefined,
  reader: PluginOptionsReader,
): Record<string, string> | undefined {
  if (env === undefined) return undefined
  const names = guarded('env', () => Object.keys(env))
  const variables: [string, string][] = []
  for (const name of names) {
    // `env.PATH`; a name of other characters quoted (and cut, where long): `env["a b"]`.
    const option = /^[A-Za-z_]\w*$/u.test(name) ? `env.${name}` : `env[${quoteString(name)}]`
    const value = guarded(option, () => env[name])
    if (typeof value !== 'string') {
      reader.fail(option, `must be a string, got ${describeValue(value)}`)
    }
    // What spawn would refuse with the value in its message, or read as another variable.
    if (name === '' || /[=\0]/u.test(name)) reader.fail(option, 'must be a name without "=" or NUL')
    if (value.includes('\0')) reader.fail(option, 'must be a string without NUL')
    variables.push([name, value])
  }
  // Own members, `__proto__` too, as `child_process.spawn` reads them.
  return Object.fromEntries(variables)
}

/**
 * What `read` returns; where it throws (a getter, a Proxy trap), `run: <name> could not be read`
 * instead — not what it threw, which may hold a secret.
 */
function guarded<TValue>(name: string, read: () => TValue): TValue {
  try {
    return read()
  } catch {
    throw new SandboxError(`run: ${name} could not be read`, 'INVALID_OPTIONS')
  }
}

/** Whether `value` is an AbortSignal: `AbortSignal.prototype.aborted`'s getter accepts it. */
function isAbortSignal(value: unknown): boolean {
  try {
    if (!(value instanceof AbortSignal)) return false
    Reflect.get(AbortSignal.prototype, 'aborted', value)
    return true
  } catch {
    return false
  }
}
