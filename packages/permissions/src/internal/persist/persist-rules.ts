import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { describeValue, isPlainObject } from '@toolpipe/core/internal'
import { applyEdits, modify, parseTree } from 'jsonc-parser'
import type { Node } from 'jsonc-parser'
import { PermissionsError } from '../../permissions-error.js'
import { parseJsonSettings } from '@toolpipe/settings-files'
import { linkTarget } from './link-target.js'
import { acquireSettingsLock, realLockClock } from './settings-lock.js'
import type { LockClock, SettingsLock, SettingsLockOptions } from './settings-lock.js'

/** Options of {@link appendRules}. */
export interface AppendRulesOptions {
  /** How long to wait for another writer's lock, in ms (default 10 000). */
  readonly lockTimeoutMs?: number | undefined
  /**
   * A lock older than this is a stuck or crashed writer's, in ms (default 5 000); one whose
   * holder process is gone is stale at once. Must be less than `lockTimeoutMs`, so that a writer
   * never gives up on a lock it would have judged stale.
   */
  readonly staleLockMs?: number | undefined
  /** The time the lock waits on (default: the real clock). */
  readonly clock?: LockClock | undefined
}

/**
 * Adds rules to `permissions.<list>` of a settings file (SPEC §18.3), creating the file if need
 * be. The write is atomic (a temporary file renamed over the old one), keeps every other key and
 * the file's indentation (only the list changes), and is serialised with any other process doing
 * the same through a lock beside it (`<file>.lock`, see settings-lock.ts): no rule is lost and no
 * file is torn when two processes write at once, nor when they find a stale lock together. A
 * symlinked file is written through its link: its target is replaced in the target's folder (and
 * locked there), and the link stays a link. A file that does not parse, or whose `permissions`
 * is not an object, is refused and left whole, as is any file that cannot be written. Rules
 * already in the list are not added again. In a file that repeats a key, the rules go where its
 * readers look: the last `permissions`, and the last `<list>` in it (JSON.parse keeps the last of
 * each), so the answer is in force once the file is read again.
 *
 * @returns the rules added
 */
export async function appendRules(
  path: string,
  list: 'allow' | 'ask' | 'deny',
  rules: readonly string[],
  options: AppendRulesOptions = {},
): Promise<string[]> {
  const lockOptions = readLockOptions(options)
  if (rules.length === 0) return []
  // Renaming over a symlink would replace the link with a plain file: write its target instead.
  const target = await linkTarget(path)
  await mkdir(dirname(target), { recursive: true })
  const lock = await acquireSettingsLock(`${target}.lock`, lockOptions)
  try {
    const { text, mode } = await readCurrent(target)
    const current = currentList(text, path, list)
    const existing = new Set(current.filter((entry): entry is string => typeof entry === 'string'))
    const added = rules.filter(
      (rule, index) => !existing.has(rule) && rules.indexOf(rule) === index,
    )
    if (added.length === 0) return []
    const formattingOptions = indentationOf(text)
    let next = text.trim() === '' ? '{}\n' : text
    for (const rule of added) next = appendOne(next, list, rule, formattingOptions)
    if (!next.endsWith('\n')) next += '\n'
    await replaceFile(target, next, mode, lock)
    return added
  } finally {
    await lock.release()
  }
}

/**
 * `text` with `rule` added to the list its readers use (SPEC §18.3: no lost rule, every other key
 * kept). `modify` edits the first property of a name while JSON.parse (the reader) keeps the last,
 * so it is given the text with every `permissions` key but the last, and every `<list>` key but
 * the last in that one, masked (see `lastKeysOnly`); its edits, whose offsets hold for the file's
 * own text (the masks have the keys' lengths), get the keys back as written: on a one-line file an
 * edit reformats the whole object, masked keys included.
 */
function appendOne(
  text: string,
  list: string,
  rule: string,
  formattingOptions: ReturnType<typeof indentationOf>,
): string {
  const { masked, masks } = lastKeysOnly(text, list, JSON.stringify(rule))
  const edits = modify(masked, ['permissions', list, -1], rule, { formattingOptions })
  const restored = edits.map((edit) => {
    let content = edit.content
    for (const [mask, key] of masks) content = content.split(mask).join(key)
    return { ...edit, content }
  })
  return applyEdits(text, restored)
}

/**
 * `text` with every `permissions` key but the last, and every `<list>` key but the last in that
 * one, replaced by a mask of the same length that occurs nowhere in the text nor in `added` (the
 * JSON the edit inserts), so that each mask in an edit is one of these keys; `masks` maps each
 * mask to the key as written.
 */
function lastKeysOnly(
  text: string,
  list: string,
  added: string,
): { masked: string; masks: Map<string, string> } {
  const masks = new Map<string, string>()
  const root = parseTree(text)
  if (root?.type !== 'object') return { masked: text, masks }
  const hidden: Node[] = []
  const permissions = lastOf(root, 'permissions', hidden)
  if (permissions?.type === 'object') lastOf(permissions, list, hidden)
  let masked = text
  for (const key of hidden) {
    const mask = freshMask(key.length, [text, added], masks)
    masks.set(mask, text.slice(key.offset, key.offset + key.length))
    masked = masked.slice(0, key.offset) + mask + masked.slice(key.offset + key.length)
  }
  return { masked, masks }
}

const maskDigits = 'abcdefghijklmnopqrstuvwxyz0123456789_'

/**
 * A JSON string of `length` characters (quotes included) found in none of `texts` and not yet in
 * `taken`. Every string of that length that starts with `"` in the texts is ruled out at once, so
 * a file written to hold every candidate costs one pass; such a file is refused.
 */
function freshMask(length: number, texts: readonly string[], taken: Map<string, string>): string {
  const used = new Set<string>(taken.keys())
  for (const text of texts) {
    for (let at = text.indexOf('"'); at !== -1; at = text.indexOf('"', at + 1)) {
      used.add(text.slice(at, at + length))
    }
  }
  const inner = length - 2
  const limit = Math.min(maskDigits.length ** inner, used.size + 1)
  for (let index = 0; index < limit; index++) {
    let digits = ''
    for (let rest = index, n = 0; n < inner; n++, rest = Math.floor(rest / maskDigits.length)) {
      digits += maskDigits.charAt(rest % maskDigits.length)
    }
    const mask = `"${digits}"`
    if (!used.has(mask)) return mask
  }
  // Refused as a file that does not parse is (see `currentList`): the caller keeps the answer.
  throw new Error(
    'the file repeats a key and holds every mask it could be hidden under; it was left as it is',
  )
}

/** The value of `object`'s last property named `name`; the keys of the earlier ones go to `hidden`. */
function lastOf(object: Node, name: string, hidden: Node[]): Node | undefined {
  let last: Node | undefined
  for (const property of object.children ?? []) {
    const key = property.children?.[0]
    if (key?.value !== name) continue
    const earlier = last?.children?.[0]
    if (earlier !== undefined) hidden.push(earlier)
    last = property
  }
  return last?.children?.[1]
}

/** The file's text and permission bits; an empty settings object when it does not exist. */
async function readCurrent(target: string): Promise<{ text: string; mode: number | undefined }> {
  try {
    const text = await readFile(target, 'utf8')
    return { text, mode: (await stat(target)).mode & 0o777 }
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') throw error
    return { text: '{}\n', mode: undefined }
  }
}

/**
 * The list `permissions.<list>` of a settings file's text (empty when absent). A file that does
 * not parse, is not an object, or whose `permissions` or list has another shape is refused.
 */
function currentList(text: string, path: string, list: string): readonly unknown[] {
  // A file that is there but empty (`touch`ed) holds no rule yet: the answer starts its object.
  if (text.trim() === '') return []
  const parsed = parseJsonSettings(text)
  if (parsed.kind !== 'ok') {
    const where =
      parsed.kind === 'invalid' && parsed.line !== undefined
        ? ` (line ${parsed.line}, column ${parsed.column ?? 1})`
        : ''
    throw new Error(`${path} does not parse${where}; it was left as it is`)
  }
  const value = parsed.value
  if (!isPlainObject(value)) {
    throw new Error(`${path} is not a JSON object; it was left as it is`)
  }
  const permissions = value.permissions
  if (permissions !== undefined && !isPlainObject(permissions)) {
    throw new Error(`${path}: "permissions" is not an object; it was left as it is`)
  }
  const current = permissions?.[list]
  if (current !== undefined && !Array.isArray(current)) {
    throw new Error(`${path}: "permissions.${list}" is not an array; it was left as it is`)
  }
  return current ?? []
}

/**
 * Writes `text` to a temporary file beside `target` and renames it over `target` (atomic), unless
 * the lock was lost meanwhile: a writer slower than `staleLockMs` may have lost it, and another
 * writer may have written since (this write would drop its rules).
 */
async function replaceFile(
  target: string,
  text: string,
  mode: number | undefined,
  lock: SettingsLock,
): Promise<void> {
  const temporary = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
  try {
    await writeFile(temporary, text, { mode: mode ?? 0o644, flag: 'wx' })
    if (!(await lock.held())) throw new Error(`${target}.lock was taken over as stale; not written`)
    await rename(temporary, target)
  } catch (error) {
    await unlink(temporary).catch(() => undefined)
    throw error
  }
}

/** The lock's options, checked: a stale lock is judged sooner than a writer gives up waiting. */
function readLockOptions(options: AppendRulesOptions): SettingsLockOptions {
  const timeoutMs = options.lockTimeoutMs ?? 10_000
  const staleMs = options.staleLockMs ?? Math.min(5_000, timeoutMs / 2)
  for (const [name, value] of [
    ['lockTimeoutMs', timeoutMs],
    ['staleLockMs', staleMs],
  ] as const) {
    if (typeof value !== 'number' || !(value > 0 && value < Number.POSITIVE_INFINITY)) {
      throw new PermissionsError(
        `appendRules: ${name} must be a positive number of milliseconds, got ${describeValue(value)}`,
        'INVALID_OPTIONS',
      )
    }
  }
  if (staleMs >= timeoutMs) {
    throw new PermissionsError(
      `appendRules: staleLockMs (${staleMs}) must be less than lockTimeoutMs (${timeoutMs}): a writer would give up on a lock before judging it stale`,
      'INVALID_OPTIONS',
    )
  }
  return { timeoutMs, staleMs, clock: options.clock ?? realLockClock }
}

/** The file's indentation: a tab, or the spaces of its first indented line (default 2). */
function indentationOf(text: string): { insertSpaces: boolean; tabSize: number; eol: string } {
  const eol = text.includes('\r\n') ? '\r\n' : '\n'
  for (const line of text.split('\n').slice(1)) {
    if (line.startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol }
    let spaces = 0
    while (line[spaces] === ' ') spaces++
    if (spaces > 0 && line.trim() !== '') return { insertSpaces: true, tabSize: spaces, eol }
  }
  return { insertSpaces: true, tabSize: 2, eol }
}
