import { readdirSync, readFileSync } from 'node:fs'

/** The variable every process of a run carries, so that the run can find those that left its group. */
export const runMarkVariable = 'TOOLPIPE_SANDBOX_RUN'

/**
 * Ends every process of a run (SPEC §23): its process group, and — on Linux — every process
 * whose environment carries the run's mark, which finds what `setsid` and `nohup` took out of
 * the group. Outside the sandbox this is the second net behind the run's reaper (see `reaper`),
 * and without one a process that rewrites its own environment could hide from it; inside, the
 * sandbox's PID namespace ends with its command. Repeats while it still finds some, since a
 * process may fork while it is being ended. Never throws. Says whether its last search still
 * found some (killed, maybe not yet gone: see {@link untilGone}).
 */
export function endRun(groupId: number | undefined, mark: string): boolean {
  for (let round = 0; round < 10; round++) {
    // The group goes first (its members need no search); a member that lingers a moment (bwrap's
    // own child, dying with it) carries the mark and is found below, or waited for after.
    if (groupId !== undefined) kill(-groupId)
    const left = markedProcesses(mark)
    if (left.length === 0) return false
    for (const pid of left) kill(pid)
  }
  return true
}

/**
 * Settles once no process carries the run's mark any more, ending each it still finds: a process
 * killed a moment ago (the sandbox's PID namespace tearing down after its command was killed) is
 * waited for. Gives up after a few seconds (a process that cannot die, in the kernel's hands).
 */
export async function untilGone(mark: string): Promise<void> {
  // Teardown takes about a millisecond: looked at often at first, then every 10 ms.
  for (let round = 0; round < 400; round++) {
    const left = markedProcesses(mark)
    if (left.length === 0) return
    for (const pid of left) kill(pid)
    await new Promise((resolve) => setTimeout(resolve, round < 20 ? 1 : 10))
  }
}

function kill(pid: number): boolean {
  try {
    process.kill(pid, 'SIGKILL')
    return true
  } catch {
    return false
  }
}

/** The processes whose environment holds `TOOLPIPE_SANDBOX_RUN=<mark>` (none without /proc). */
export function markedProcesses(mark: string): number[] {
  let entries: string[]
  try {
    entries = readdirSync('/proc')
  } catch {
    return []
  }
  const needle = Buffer.from(`${runMarkVariable}=${mark}\0`)
  const found: number[] = []
  for (const entry of entries) {
    const code = entry.charCodeAt(0)
    if (code < 48 || code > 57) continue
    const pid = Number(entry)
    if (pid === process.pid) continue
    try {
      if (readFileSync(`/proc/${entry}/environ`).includes(needle)) found.push(pid)
    } catch {
      // Gone already, or not ours to read.
    }
  }
  return found
}
