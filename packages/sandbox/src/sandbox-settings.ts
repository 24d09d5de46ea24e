import { describeValue, isPlainObject } from '@toolpipe/core/internal'

/**
 * Claude Code's `sandbox` settings key, as this package reads it (SPEC §23; Claude Code's
 * reference: https://code.claude.com/docs/en/settings#sandbox-settings). Every member is
 * optional; `createSandbox` merges the key of every settings source with the one given in code.
 */
export interface SandboxSettings {
  /**
   * Default `true` here (calling `createSandbox` is the intent); `false` makes the sandbox
   * behave as unavailable, with the reason "disabled in settings".
   */
  readonly enabled?: boolean | undefined
  /** A command no rule matched that will run sandboxed is allowed without asking (default true). */
  readonly autoAllowBashIfSandboxed?: boolean | undefined
  /**
   * Commands that run outside the sandbox: `docker` (the command alone or with arguments) or
   * `docker *`. Only a line with no shell operators matches (see the README).
   */
  readonly excludedCommands?: readonly string[] | undefined
  /** Whether `dangerouslyDisableSandbox` may run a command unsandboxed (default true). */
  readonly allowUnsandboxedCommands?: boolean | undefined
  readonly network?: SandboxNetworkSettings | undefined
  readonly filesystem?: SandboxFilesystemSettings | undefined
}

/** `sandbox.network`: where a sandboxed command may connect. */
export interface SandboxNetworkSettings {
  /** `example.com`, `*.example.com`: reachable without asking. */
  readonly allowedDomains?: readonly string[] | undefined
  /** Never reachable, whatever else allows them. */
  readonly deniedDomains?: readonly string[] | undefined
  /** Whether a command may listen on a local port (default false). */
  readonly allowLocalBinding?: boolean | undefined
  /** Unix sockets a command may connect to (macOS; Linux allows all or none). */
  readonly allowUnixSockets?: readonly string[] | undefined
  /** Every Unix socket (default false). */
  readonly allowAllUnixSockets?: boolean | undefined
}

/**
 * `sandbox.filesystem`: paths beyond the project root. `//p` and `/p` are absolute, `~/p` is
 * under the home folder, `p` and `./p` are under the project root (for a `user` or `managed`
 * file: under that file's folder).
 */
export interface SandboxFilesystemSettings {
  readonly allowWrite?: readonly string[] | undefined
  readonly denyWrite?: readonly string[] | undefined
  readonly denyRead?: readonly string[] | undefined
  /** Readable again inside a `denyRead` path. */
  readonly allowRead?: readonly string[] | undefined
}

/** What {@link readSandboxSettings} found: the settings it could use, and what it could not. */
export interface SandboxSettingsReading {
  readonly settings: SandboxSettings
  /**
   * One line per member it ignored, naming it by its path (`sandbox.network.allowedDomain`):
   * unknown keys and values of the wrong type. Nothing here is fatal.
   */
  readonly problems: readonly string[]
}

const booleanKeys = ['enabled', 'autoAllowBashIfSandboxed', 'allowUnsandboxedCommands'] as const
const networkLists = ['allowedDomains', 'deniedDomains', 'allowUnixSockets'] as const
const networkFlags = ['allowLocalBinding', 'allowAllUnixSockets'] as const
const filesystemLists = ['allowWrite', 'denyWrite', 'denyRead', 'allowRead'] as const

/**
 * Reads a `sandbox` settings value (what a settings file holds under `sandbox`, or what code
 * gives): each known member of the right type is kept, everything else is reported in `problems`
 * and left out. Never throws, whatever `value` is.
 *
 * @example
 * readSandboxSettings({ enabled: true, network: { allowedDomains: ['npmjs.org'] } }).settings
 */
export function readSandboxSettings(value: unknown, where = 'sandbox'): SandboxSettingsReading {
  const problems: string[] = []
  const object = readObject(value, where, problems)
  if (object === undefined) return { settings: {}, problems }
  const settings: Record<string, unknown> = {}
  for (const [key, member] of object) {
    const path = `${where}.${key}`
    if ((booleanKeys as readonly string[]).includes(key)) {
      const flag = readBoolean(member, path, problems)
      if (flag !== undefined) settings[key] = flag
    } else if (key === 'excludedCommands') {
      const list = readStrings(member, path, problems)
      if (list !== undefined) settings[key] = list
    } else if (key === 'network') {
      const network = readGroup(member, path, networkLists, networkFlags, problems)
      if (network !== undefined) settings[key] = network
    } else if (key === 'filesystem') {
      const filesystem = readGroup(member, path, filesystemLists, [], problems)
      if (filesystem !== undefined) settings[key] = filesystem
    } else {
      problems.push(`${path} is not a setting @toolpipe/sandbox reads; ignored`)
    }
  }
  return { settings: settings, problems }
}

function readGroup(
  value: unknown,
  where: string,
  lists: readonly string[],
  flags: readonly string[],
  problems: string[],
): Record<string, unknown> | undefined {
  const object = readObject(value, where, problems)
  if (object === undefined) return undefined
  const group: Record<string, unknown> = {}
  for (const [key, member] of object) {
    const path = `${where}.${key}`
    if (lists.includes(key)) {
      const list = readStrings(member, path, problems)
      if (list !== undefined) group[key] = list
    } else if (flags.includes(key)) {
      const flag = readBoolean(member, path, problems)
      if (flag !== undefined) group[key] = flag
    } else {
      problems.push(`${path} is not a setting @toolpipe/sandbox reads; ignored`)
    }
  }
  return group
}

/** The own enumerable members of a plain object, read once each (a throwing getter is a problem). */
function readObject(
  value: unknown,
  where: string,
  problems: string[],
): [string, unknown][] | undefined {
  if (value === undefined) return undefined
  if (!isPlainObject(value)) {
    problems.push(`${where} must be an object, got ${describeValue(value)}; ignored`)
    return undefined
  }
  const members: [string, unknown][] = []
  let keys: string[]
  try {
    keys = Object.keys(value)
  } catch {
    problems.push(`${where} cannot be read; ignored`)
    return undefined
  }
  for (const key of keys) {
    try {
      members.push([key, value[key]])
    } catch {
      problems.push(`${where}.${key} cannot be read; ignored`)
    }
  }
  return members
}

function readBoolean(value: unknown, where: string, problems: string[]): boolean | undefined {
  if (typeof value === 'boolean') return value
  if (value !== undefined) {
    problems.push(`${where} must be true or false, got ${describeValue(value)}; ignored`)
  }
  return undefined
}

function readStrings(value: unknown, where: string, problems: string[]): string[] | undefined {
  if (value === undefined) return undefined
  if (!Array.isArray(value)) {
    problems.push(`${where} must be an array of strings, got ${describeValue(value)}; ignored`)
    return undefined
  }
  const strings: string[] = []
  for (let index = 0; index < value.length; index++) {
    const entry: unknown = value[index]
    if (typeof entry === 'string' && entry.trim() !== '') strings.push(entry.trim())
    else
      problems.push(
        `${where}[${index}] must be a non-empty string, got ${describeValue(entry)}; ignored`,
      )
  }
  return strings
}
