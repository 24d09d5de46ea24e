import { randomBytes } from 'node:crypto'
import { mkdir, open, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { applyEdits, modify } from 'jsonc-parser'
import { parseJsonSettings } from '../read-settings-file.js'

/** Options of {@link appendRules}. */
export interface AppendRulesOptions {
  /** How long to wait for another writer's lock, in ms (default 10 000). */
  readonly lockTimeoutMs?: number | undefined
  /** A lock older than this is a crashed writer's, in ms (default 30 000). */
  readonly staleLockMs?: number | undefined
}

/**
 * Adds rules to `permissions.<list>` of a settings file (SPEC §18.3), creating the file if need
 * be. The write is atomic (a temporary file renamed over the old one), keeps every other key and
 * the file's indentation (only the list changes), and is serialised with any other process doing
 * the same through a lock file beside it (`<file>.lock`, created exclusively): no rule is lost and
 * no file is torn when two processes write at once. A file that does not parse, or whose
 * `permissions` is not an object, is refused and left whole, as is any file that cannot be
 * written. Rules already in the list are not added again.
 *
 * @returns the rules added
 */
export async function appendRules(
  path: string,
  list: 'allow' | 'ask' | 'deny',
  rules: readonly string[],
  options: AppendRulesOptions = {},
): Promise<string[]> {
  if (rules.length === 0) return []
  await mkdir(dirname(path), { recursive: true })
  const release = await lock(
    `${path}.lock`,
    options.lockTimeoutMs ?? 10_000,
    options.staleLockMs ?? 30_000,
  )
  try {
    let text: string
    let mode: number | undefined
    try {
      text = await readFile(path, 'utf8')
      mode = (await stat(path)).mode & 0o777
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'ENOENT') throw error
      text = '{}\n'
    }
    const parsed = parseJsonSettings(text)
    if (parsed.kind !== 'ok') {
      const where =
        parsed.kind === 'invalid' && parsed.line !== undefined
          ? ` (line ${parsed.line}, column ${parsed.column ?? 1})`
          : ''
      throw new Error(`${path} does not parse${where}; it was left as it is`)
    }
    const value = parsed.value
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new Error(`${path} is not a JSON object; it was left as it is`)
    }
    const permissions: unknown = (value as Record<string, unknown>).permissions
    if (
      permissions !== undefined &&
      (typeof permissions !== 'object' || permissions === null || Array.isArray(permissions))
    ) {
      throw new Error(`${path}: "permissions" is not an object; it was left as it is`)
    }
    const current: unknown = (permissions as Record<string, unknown> | undefined)?.[list]
    if (current !== undefined && !Array.isArray(current)) {
      throw new Error(`${path}: "permissions.${list}" is not an array; it was left as it is`)
    }
    const existing = new Set(
      (current ?? []).filter((entry): entry is string => typeof entry === 'string'),
    )
    const added = rules.filter(
      (rule, index) => !existing.has(rule) && rules.indexOf(rule) === index,
    )
    if (added.length === 0) return []
    const formattingOptions = indentationOf(text)
    let next = text.trim() === '' ? '{}\n' : text
    for (const rule of added) {
      next = applyEdits(next, modify(next, ['permissions', list, -1], rule, { formattingOptions }))
    }
    if (!next.endsWith('\n')) next += '\n'
    const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
    try {
      await writeFile(temporary, next, { mode: mode ?? 0o644, flag: 'wx' })
      await rename(temporary, path)
    } catch (error) {
      await unlink(temporary).catch(() => undefined)
      throw error
    }
    return added
  } finally {
    await release()
  }
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

async function lock(
  path: string,
  timeoutMs: number,
  staleMs: number,
): Promise<() => Promise<void>> {
  const deadline = Date.now() + timeoutMs
  const token = `${process.pid} ${randomBytes(6).toString('hex')}`
  for (;;) {
    try {
      const handle = await open(path, 'wx')
      await handle.writeFile(token)
      await handle.close()
      return async () => {
        try {
          if ((await readFile(path, 'utf8')) === token) await unlink(path)
        } catch {
          // Already gone (taken over as stale): nothing of ours to remove.
        }
      }
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error
    }
    try {
      const { mtimeMs } = await stat(path)
      if (Date.now() - mtimeMs > staleMs) {
        await unlink(path).catch(() => undefined)
        continue
      }
    } catch {
      continue
    }
    if (Date.now() > deadline) {
      throw new Error(`${path} is held by another writer; gave up after ${timeoutMs} ms`)
    }
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20))
  }
}
