import { isAbsolute, join, relative, resolve } from 'node:path'
import { describeThrown, describeValue, readOptionMember } from '@toolpipe/core/internal'
import type { PluginOptionsReader } from '@toolpipe/core/internal'
import { compareSettingsSourceKinds, settingsSourceKinds } from '@toolpipe/settings-files'
import type { SettingsSourceKind } from '@toolpipe/settings-files'

/** One settings source whose `sandbox` key applies, checked and resolved. */
export interface SandboxSourceSpec {
  readonly kind: SettingsSourceKind
  /** Absolute; undefined for settings given in code. */
  readonly path: string | undefined
  /** How warnings name it: relative to the project root when inside it. */
  readonly label: string
  /** For settings given in code: their `sandbox` member as given. */
  readonly sandbox?: unknown
}

/** `createSandbox`'s `sources`, read once. */
export interface SandboxSources {
  /** The sources whose `sandbox` key applies, highest precedence first (Gemini policy files have none). */
  readonly specs: SandboxSourceSpec[]
  /** Every source file given, Gemini policy files included: what governs, so write-denied (§23). */
  readonly files: string[]
}

/**
 * Reads `sources` once, each member read once: what is not a source — a getter that throws, a
 * revoked Proxy among them — is refused through `reader` (`INVALID_OPTIONS`, naming the entry).
 * A Gemini CLI policy file (`format: 'gemini'`, or a path ending in `.toml`) has no `sandbox`
 * key to read, but it governs the harness like any other source: its path is among `files`.
 */
export function readSources(
  reader: PluginOptionsReader,
  root: string,
  home: string,
): SandboxSources {
  const entries = readEntries(reader)
  const specs: SandboxSourceSpec[] = []
  const files: string[] = []
  entries.forEach((source, index) => {
    const fail: (member: string, message: string) => never = (member, message) =>
      reader.fail(`sources[${index}]${member}`, message)
    if (typeof source !== 'object' || source === null) {
      fail('', `must be an object, got ${describeValue(source)}`)
    }
    const member = (container: object, name: string, where: string): unknown =>
      readOptionMember(container, name, (message) => fail(where, message))
    const kind = member(source, 'kind', '.kind')
    if (typeof kind !== 'string' || !(settingsSourceKinds as readonly string[]).includes(kind)) {
      fail('.kind', `must be one of ${settingsSourceKinds.join(', ')}, got ${describeValue(kind)}`)
    }
    const settings = member(source, 'settings', '.settings')
    if (settings !== undefined) {
      if (kind !== 'cli') fail('.settings', `must go with kind "cli", got ${describeValue(kind)}`)
      if (typeof settings !== 'object' || settings === null) fail('.settings', 'must be an object')
      const sandbox = member(settings, 'sandbox', '.settings.sandbox')
      specs.push({ kind: 'cli', path: undefined, label: 'cli settings', sandbox })
      return
    }
    const path = member(source, 'path', '.path')
    if (typeof path !== 'string' || path === '') {
      fail('.path', `must be a file path, got ${describeValue(path)}`)
    }
    const format = member(source, 'format', '.format')
    if (format !== undefined && format !== 'settings' && format !== 'gemini') {
      fail('.format', `must be "settings" or "gemini", got ${describeValue(format)}`)
    }
    const absolute =
      path === '~' || path.startsWith('~/') ? join(home, path.slice(1)) : resolve(root, path)
    files.push(absolute)
    if ((format ?? (absolute.endsWith('.toml') ? 'gemini' : 'settings')) === 'gemini') return
    specs.push({ kind: kind as SettingsSourceKind, path: absolute, label: labelOf(root, absolute) })
  })
  return { specs: specs.sort((a, b) => compareSettingsSourceKinds(a.kind, b.kind)), files }
}

/** The entries of `sources`, each read once by its index; an array that cannot be read is refused. */
function readEntries(reader: PluginOptionsReader): unknown[] {
  const given = reader.value('sources') ?? []
  let isArray: boolean
  try {
    isArray = Array.isArray(given)
  } catch (error) {
    // A revoked Proxy: Array.isArray throws on it.
    return reader.fail('sources', `could not be read: ${describeThrown(error)}`)
  }
  if (!isArray) reader.fail('sources', `must be an array, got ${describeValue(given)}`)
  const list = given as readonly unknown[]
  try {
    return Array.from({ length: list.length }, (_, index) => list[index])
  } catch (error) {
    return reader.fail('sources', `could not be read: ${describeThrown(error)}`)
  }
}

/** How messages name a file: relative to the project root when inside it, else absolute. */
function labelOf(root: string, path: string): string {
  const inside = relative(root, path)
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path
}
