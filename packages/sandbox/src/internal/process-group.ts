import { readdirSync, readFileSync } from 'node:fs'

/** The variable every process of a run carries, so that the run can find those that left its group. */
export const runMarkVariable = 'TOOLPIPE_SANDBOX_RUN'

/**
 * Ends every process of a run (SPEC §23): its process group, and — on Linux, given a mark —
 * every process whose environment carries the run's mark, which finds what `setsid` and `nohup`
 * took out of the group (a process that rewrites its own environment could hide; inside the
 * sandbox nothing survives its PID namespace anyway, so sandboxed runs have no mark). Repeats while it still finds some, since a process may
 * fork while it is being ended. Never throws.
 */
export function endRun(groupId: number | undefined, mark: string | undefined): void {
  for (let round = 0; round < 10; round++) {
    let found = false
    if (groupId !== undefined) found = kill(-groupId) || found
    if (mark !== undefined) for (const pid of markedProcesses(mark)) found = kill(pid) || found
    if (!found) return
  }
}

/**
 * Settles once no process carries the run's mark any more, ending each it still finds: a process
 * killed a moment ago (the sandbox's PID namespace tearing down after its command was killed) is
 * waited for. Gives up after a few seconds (a process that cannot die, in the kernel's hands).
 */
export async function untilGone(mark: string): Promise<void> {
  for (let round = 0; round < 600; round++) {
    const left = markedProcesses(mark)
    if (left.length === 0) return
    for (const pid of left) kill(pid)
    await new Promise((resolve) => setTimeout(resolve, 5))
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
