import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import {
  mkdir,
  readdir,
  readFile,
  rename,
  rmdir,
  stat,
  unlink,
  utimes,
  writeFile,
} from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

/** The time a lock waits on: injectable, so that tests never sleep for real (STYLE habit 19). */
export interface LockClock {
  /** Milliseconds since the epoch, comparable with file modification times. */
  now(): number
  sleep(ms: number): Promise<void>
}

/** The real clock: `Date.now` and a timer promise. */
export const realLockClock: LockClock = { now: () => Date.now(), sleep: (ms) => sleep(ms) }

/** Options of {@link acquireSettingsLock}, already checked (`0 < staleMs < timeoutMs`). */
export interface SettingsLockOptions {
  readonly timeoutMs: number
  readonly staleMs: number
  readonly clock: LockClock
}

/** A lock taken: give it back with `release` (never throws). */
export interface SettingsLock {
  /** Whether the lock is still ours (not taken over as stale): checked before the final write. */
  held(): Promise<boolean>
  release(): Promise<void>
}

/** What a holder's owner file says: who, on which machine, since when. */
interface Holder {
  readonly name: string
  readonly pid: number | undefined
  readonly host: string | undefined
  readonly mtimeMs: number
}

/*
 * The design. The lock is a directory, `<file>.lock`, holding one owner file named
 * `<pid>.<random>.owner` (content: the host name). A lock with no owner file is free.
 *
 * - Taking it: a private directory `<file>.lock.<pid>.<random>.tmp` with its owner file is
 *   made first, then renamed to `<file>.lock`. rename(2) replaces a missing or empty directory
 *   and fails (ENOTEMPTY/EEXIST) on one that holds an owner: of any number of writers, exactly
 *   one gets it, and the lock never exists without its owner (no torn or empty lock to judge).
 * - Judging it stale: its holder is gone (same host, and `process.kill(pid, 0)` says ESRCH) —
 *   stale at once — or its owner file is older than `staleMs`, which is always less than
 *   `timeoutMs`, so a writer never gives up on a lock it would later have judged stale.
 * - Taking a stale one over: unlink the very owner file judged stale, by its name. Owner names are
 *   unique per taking, so the unlink succeeds for one waiter only, and never removes a lock taken
 *   since (a fresh lock has another owner name): POSIX has no compare-and-delete for a name, but
 *   a unique name makes the delete itself the compare. The taker does not hold the lock then: it
 *   competes again by rename, with everyone else.
 * - Releasing: the holder unlinks its own owner file (a no-op if it was taken over as stale), then
 *   removes the empty directory if it still is one (rmdir fails on a lock someone took since).
 *
 * A lock file of the earlier format (a plain file, `<pid> <random>`) is judged the same way and
 * removed with unlink when stale.
 */

/** Takes the lock at `lockPath` (a directory), waiting for its holder or judging it stale. */
export async function acquireSettingsLock(
  lockPath: string,
  options: SettingsLockOptions,
): Promise<SettingsLock> {
  const { clock, timeoutMs, staleMs } = options
  const deadline = clock.now() + timeoutMs
  const ownerName = `${process.pid}.${randomBytes(6).toString('hex')}.owner`
  const candidate = `${lockPath}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
  const owner = join(lockPath, ownerName)
  await mkdir(candidate)
  try {
    await writeFile(join(candidate, ownerName), hostname(), { flag: 'wx' })
    let quickRetries = 0
    for (;;) {
      // Dated now, so that the lock is never judged stale by age the moment it is taken.
      const now = clock.now() / 1000
      await utimes(join(candidate, ownerName), now, now)
      if (await tryTake(candidate, lockPath)) {
        return {
          held: () =>
            stat(owner).then(
              () => true,
              () => false,
            ),
          release: () => release(lockPath, owner),
        }
      }
      const holder = await readHolder(lockPath)
      const stale = holder !== undefined && isStale(holder, clock.now(), staleMs)
      if (stale) await removeStale(lockPath, holder)
      // Freed meanwhile, or stale and removed: try again at once, a few times, before waiting.
      if ((holder === undefined || stale) && quickRetries++ < 3) continue
      quickRetries = 0
      if (clock.now() > deadline) {
        throw new Error(`${lockPath} is held by another writer; gave up after ${timeoutMs} ms`)
      }
      await clock.sleep(5 + Math.random() * 20)
    }
  } finally {
    await removeCandidate(candidate, ownerName)
  }
}

/** Renames the candidate to the lock: true when it is ours now. */
async function tryTake(candidate: string, lockPath: string): Promise<boolean> {
  try {
    await rename(candidate, lockPath)
    return true
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'ENOTDIR' || code === 'EPERM') {
      // Some platforms cannot rename onto an empty directory: remove it (rmdir refuses a lock
      // that has an owner) and let the caller try again.
      if (code !== 'ENOTDIR') await rmdir(lockPath).catch(() => undefined)
      return false
    }
    throw error
  }
}

/** The lock's holder, or undefined when there is none. */
async function readHolder(lockPath: string): Promise<Holder | undefined> {
  let names: string[]
  try {
    names = await readdir(lockPath)
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'ENOENT') return undefined
    if (code === 'ENOTDIR') return readLegacyHolder(lockPath)
    throw error
  }
  const name = names.find((entry) => entry.endsWith('.owner'))
  if (name === undefined) return undefined
  try {
    const path = join(lockPath, name)
    const [host, { mtimeMs }] = await Promise.all([readFile(path, 'utf8'), stat(path)])
    return { name, pid: readPid(name.split('.')[0]), host, mtimeMs }
  } catch {
    return undefined // gone meanwhile
  }
}

/** A lock file of the earlier format: `<pid> <random>`. */
async function readLegacyHolder(lockPath: string): Promise<Holder | undefined> {
  try {
    const [text, { mtimeMs }] = await Promise.all([readFile(lockPath, 'utf8'), stat(lockPath)])
    return { name: '', pid: readPid(text.split(' ')[0]), host: hostname(), mtimeMs }
  } catch {
    return undefined
  }
}

function readPid(text: string | undefined): number | undefined {
  const pid = Number(text)
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined
}

function isStale(holder: Holder, now: number, staleMs: number): boolean {
  if (now - holder.mtimeMs > staleMs) return true
  return holder.pid !== undefined && holder.host === hostname() && !isAlive(holder.pid)
}

/** Whether a process with this id exists (one of another user's answers EPERM: it exists). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as { code?: unknown }).code !== 'ESRCH'
  }
}

async function removeStale(lockPath: string, holder: Holder): Promise<void> {
  // The owner file judged stale, by its unique name: if another waiter removed it first, or the
  // lock was taken again since, this removes nothing.
  await unlink(holder.name === '' ? lockPath : join(lockPath, holder.name)).catch(() => undefined)
}

async function release(lockPath: string, owner: string): Promise<void> {
  try {
    await unlink(owner)
  } catch {
    return // taken over as stale: nothing of ours is left to remove
  }
  await rmdir(lockPath).catch(() => undefined)
}

async function removeCandidate(candidate: string, ownerName: string): Promise<void> {
  await unlink(join(candidate, ownerName)).catch(() => undefined)
  await rmdir(candidate).catch(() => undefined)
}
