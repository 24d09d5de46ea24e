import {
  describeThrown,
  describeType,
  isPlainArray,
  isPlainObject,
  setMember,
} from '@toolpipe/core/internal'
import { maxSettingsFileBytes, maxSettingsNestingDepth } from '@toolpipe/settings-files'
import type { PermissionSettingsFile } from '@toolpipe/settings-files'

/** Where in the options a value sits: `['sources', 0, 'settings', 'permissions', 'deny', 2]`. */
export type OptionPath = readonly (string | number)[]

/** Refuses the option at `path` (`INVALID_OPTIONS`), `cause` being what a read threw. */
export type RefuseOption = (path: OptionPath, message: string, cause?: unknown) => never

/** What a copy may still hold: each string and key counted by its length, each value as one. */
interface Budget {
  left: number
}

/**
 * Settings given in code (`{ kind: 'cli', settings }`), read once into plain, frozen JSON data
 * (SPEC §18.3; STYLE habit 18: "nothing read later can change what was checked"). The rules are
 * built again from it whenever any source changes, so a getter that fails later, a Proxy, or a
 * list edited after `permissions()` returned never reaches a rebuild. Only `permissions` is read
 * (the one member a `cli` source's rules come from; other readers' keys are theirs): own
 * enumerable members, each read once; a member that is `undefined` is absent. A read that throws,
 * a value that is not JSON data (a function, a class instance, `NaN`, an `undefined` list item),
 * a cycle, nesting deeper than a settings file may (64 levels) or more than a settings file may
 * hold (4 MiB, every string and key by its length) is refused through `refuse`, naming where.
 * Not core's `snapshotJson`: it refuses an `undefined` member (an optional setting left out in
 * code), lets a getter's error out without its place, and has no size bound.
 */
export function snapshotCodeSettings(
  settings: unknown,
  path: OptionPath,
  refuse: RefuseOption,
): PermissionSettingsFile {
  if (typeof settings !== 'object' || settings === null || isArray(settings, path, refuse)) {
    refuse(path, `must be an object, got ${describeType(settings)}`)
  }
  const at = [...path, 'permissions']
  const permissions = readMember(settings, 'permissions', at, refuse)
  if (permissions === undefined) return Object.freeze({})
  const walk = { budget: { left: maxSettingsFileBytes }, ancestors: [settings], refuse }
  const copy = copyValue(permissions, at, walk)
  return Object.freeze({ permissions: copy }) as PermissionSettingsFile
}

interface Walk {
  readonly budget: Budget
  /** The containers from the settings down to the one being copied: a cycle refers back. */
  readonly ancestors: object[]
  readonly refuse: RefuseOption
}

function copyValue(value: unknown, path: OptionPath, walk: Walk): unknown {
  spend(walk, path, typeof value === 'string' ? value.length + 1 : 1)
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value
    case 'number':
      if (Number.isFinite(value)) return value
      return walk.refuse(path, `must be JSON data, got ${describeType(value)}`)
    case 'object':
      return value === null ? null : copyContainer(value, path, walk)
    default:
      return walk.refuse(path, `must be JSON data, got ${describeType(value)}`)
  }
}

/** A plain array or object, copied member by member one level deeper, then frozen. */
function copyContainer(value: object, path: OptionPath, walk: Walk): unknown {
  const ancestors = walk.ancestors
  const refuse: RefuseOption = walk.refuse
  // The settings object is level 1, as a settings file's outermost object is.
  if (ancestors.length >= maxSettingsNestingDepth) {
    refuse(path, `is nested deeper than ${maxSettingsNestingDepth} levels`)
  }
  if (ancestors.includes(value)) refuse(path, 'refers back to a value that holds it (a cycle)')
  ancestors.push(value)
  let copy: unknown[] | Record<string, unknown>
  if (isArray(value, path, refuse)) {
    if (!isPlainArray(value)) refuse(path, `must be JSON data, got ${describeType(value)}`)
    const length = readMember(value, 'length', path, refuse)
    if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0) {
      refuse(path, 'must be JSON data, got an array whose length is not a whole number')
    }
    spend(walk, path, length)
    copy = []
    for (let index = 0; index < length; index++) {
      const item = readMember(value, String(index), [...path, index], refuse)
      if (item === undefined) refuse([...path, index], 'must be JSON data, got undefined')
      copy.push(copyValue(item, [...path, index], walk))
    }
  } else {
    if (!isPlainObject(value)) refuse(path, `must be JSON data, got ${describeType(value)}`)
    copy = {}
    for (const key of ownKeys(value, path, refuse)) {
      const member = readMember(value, key, [...path, key], refuse)
      if (member === undefined) continue
      spend(walk, path, key.length)
      setMember(copy, key, copyValue(member, [...path, key], walk))
    }
  }
  ancestors.pop()
  return Object.freeze(copy)
}

function spend(walk: Walk, path: OptionPath, amount: number): void {
  walk.budget.left -= amount
  if (walk.budget.left < 0) {
    walk.refuse(
      path,
      `makes the settings larger than a settings file may be (${maxSettingsFileBytes} characters)`,
    )
  }
}

/** `Array.isArray`, which throws for a revoked Proxy: refused as a read that failed. */
function isArray(value: object, path: OptionPath, refuse: RefuseOption): boolean {
  try {
    return Array.isArray(value)
  } catch (error) {
    return refuse(path, `could not be read: ${describeThrown(error)}`, error)
  }
}

/** `container[key]`, read once; a getter or Proxy trap that throws is refused, naming `path`. */
function readMember(
  container: object,
  key: string,
  path: OptionPath,
  refuse: RefuseOption,
): unknown {
  try {
    return (container as Readonly<Record<string, unknown>>)[key]
  } catch (error) {
    return refuse(path, `could not be read: ${describeThrown(error)}`, error)
  }
}

/** The own enumerable string keys; a Proxy's `ownKeys` trap that throws is refused. */
function ownKeys(value: object, path: OptionPath, refuse: RefuseOption): string[] {
  try {
    return Object.keys(value)
  } catch (error) {
    return refuse(path, `could not be read: ${describeThrown(error)}`, error)
  }
}
