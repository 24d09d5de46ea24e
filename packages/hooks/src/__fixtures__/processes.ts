import { readdirSync, readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'

/**
 * Whether a process is gone: no such pid, or a zombie nobody reaped yet (a container's init may
 * be slow to reap orphans; a zombie runs nothing and holds nothing open).
 */
export function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return true
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Field 3, after the parenthesised command name (which may itself hold spaces).
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')
  } catch {
    return true
  }
}

/** Waits up to `withinMs` for a process to be gone; true if it is. */
export async function becomesGone(pid: number, withinMs = 2_000): Promise<boolean> {
  const until = Date.now() + withinMs
  while (!isGone(pid)) {
    if (Date.now() > until) return false
    await sleep(20)
  }
  return true
}

/** The pids a test's hook printed, one per line, read from its output. */
export function pidsIn(text: string): number[] {
  return text
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((value) => Number.isInteger(value) && value > 0)
}

/** Kills what a test started, should an assertion fail before the code under test did. */
export function killQuietly(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // Already gone: what the test wanted.
    }
  }
}

/**
 * Kills whole process groups a test's hook started outside the hook's own group (`setsid` makes
 * its process the leader of a new group, whose id is that pid): the leader and every child it
 * left, so that nothing outlives the test.
 */
export function killGroupsQuietly(groupIds: readonly number[]): void {
  for (const groupId of groupIds) {
    try {
      process.kill(-groupId, 'SIGKILL')
    } catch {
      // Already gone.
    }
  }
}

/** The live (not zombie) processes of a process group, read from `/proc`. */
export function liveMembersOf(groupId: number): number[] {
  const members: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // After the parenthesised command name: state, ppid, pgrp.
      const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(group) === groupId && state !== 'Z') members.push(Number(entry))
    } catch {
      // It ended while the folder was read.
    }
  }
  return members
}

/**
 * Waits up to `withinMs` (a generous deadline: a busy machine may be slow to start a process)
 * until a hook has written `count` pids, one per line, to `path`; returns them.
 */
export async function pidsWritten(
  path: string,
  count: number,
  withinMs = 10_000,
): Promise<number[]> {
  const until = Date.now() + withinMs
  let pids: number[] = []
  while (pids.length < count && Date.now() < until) {
    await sleep(20)
    try {
      pids = pidsIn(readFileSync(path, 'utf8'))
    } catch {
      // Not written yet.
    }
  }
  return pids
}
