import { canonicalJson } from '@toolpipe/core/internal'
import type { Subject } from '@toolpipe/tools'

/**
 * The largest input a call is judged on (SPEC §26, bounded work: 100 KB, 102,400 characters);
 * a larger one asks at once. An input is the call's arguments (see {@link measureArguments}) and,
 * apart, its subjects (see {@link subjectsSize}).
 */
export const maxInputSize = 100 * 1024

/**
 * The most subjects one call is judged on (as a line's 500 distinct files, SPEC §26): each is
 * looked up on disk and read by every path rule. More ask at once.
 */
export const maxSubjects = 500

/**
 * The deepest arguments Gemini rules read the JSON of (SPEC §2's bound on a call's arguments):
 * deeper, their JSON is unknown (never made by recursion that deep).
 */
export const maxArgumentsDepth = 512

/** What measuring a call's arguments found. */
export interface MeasuredArguments {
  /** Past {@link maxInputSize}: measuring stopped there, and the size is some size past it. */
  readonly size: number
  /** The deepest level reached (a scalar is at 0, an object's members at 1). */
  readonly depth: number
}

/**
 * A call's arguments measured without recursion, stopping as soon as they pass
 * {@link maxInputSize} (SPEC §26): every string and object key counts its length, every value
 * (objects and arrays too) one more, a typed array its bytes. Undefined when they cannot be read
 * (a getter or a Proxy trap that throws).
 */
export function measureArguments(args: unknown): MeasuredArguments | undefined {
  const pending: { readonly value: unknown; readonly level: number }[] = [{ value: args, level: 0 }]
  let size = 0
  let depth = 0
  try {
    for (let next = pending.pop(); next !== undefined && size <= maxInputSize;) {
      const { value, level } = next
      size += 1
      depth = Math.max(depth, level)
      if (typeof value === 'string') {
        size += value.length
      } else if (typeof value === 'object' && value !== null) {
        size += members(value, level + 1, pending)
      }
      next = pending.pop()
    }
  } catch {
    return undefined
  }
  return { size, depth }
}

/**
 * Puts the members of an object or array on `pending` and gives the length of its keys (an
 * array past the bound is not walked: its length says enough).
 */
function members(
  value: object,
  level: number,
  pending: { readonly value: unknown; readonly level: number }[],
): number {
  if (ArrayBuffer.isView(value)) return value.byteLength
  if (Array.isArray(value)) {
    const length: number = value.length
    if (length > maxInputSize) return length
    for (let index = 0; index < length; index++) {
      pending.push({ value: (value as unknown[])[index], level })
    }
    return 0
  }
  let size = 0
  for (const key of Object.keys(value)) {
    size += key.length
    pending.push({ value: (value as Record<string, unknown>)[key], level })
    if (size > maxInputSize) break
  }
  return size
}

/** The length of every string of the subjects (command, cwd, path, url), stopping past the bound. */
export function subjectsSize(subjects: readonly Subject[] | undefined): number {
  let size = 0
  for (const subject of subjects ?? []) {
    if (subject.kind === 'command') size += subject.command.length + (subject.cwd?.length ?? 0)
    else if (subject.kind === 'fetch') size += subject.url.length
    else size += subject.path.length
    if (size > maxInputSize) break
  }
  return size
}

/**
 * The canonical JSON of the value `make` gives (keys sorted, as Gemini CLI sorts them); undefined
 * when it cannot be made (a getter or a Proxy trap that throws). Call it only on arguments
 * {@link measureArguments} found within bounds: `canonicalJson` recurses per level.
 */
export function jsonOf(make: () => unknown): string | undefined {
  try {
    return canonicalJson(make())
  } catch {
    return undefined
  }
}

/**
 * The call's arguments with `command` set to one simple command (Gemini's sub-command check):
 * a shallow copy of the arguments, never their JSON parsed again (a 100 KB line of many commands
 * would parse it once per command).
 */
export function withCommand(args: unknown, command: string): unknown {
  return typeof args === 'object' && args !== null && !Array.isArray(args)
    ? { ...args, command }
    : { command }
}
