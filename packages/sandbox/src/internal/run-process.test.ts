import { describe, expect, it } from 'vitest'
import { eventually, onLinux, processesWith } from '../__fixtures__/sandbox-fixtures.js'
import { findProgram } from './host-programs.js'
import { prctlNumber } from './reaper.js'
import type { ReaperPlan } from './reaper.js'
import { runProcess } from './run-process.js'
import type { ProcessPlan } from './run-process.js'

const perl = findProgram('perl', [])
const prctl = prctlNumber()

/** An unsandboxed run's plan of `line`, under a reaper with `number` as prctl's. */
function reapedPlan(
  line: string,
  options: { number?: number; signal?: AbortSignal; maxOutputBytes?: number } = {},
): { plan: ProcessPlan; refusals: () => number } {
  let refusals = 0
  const reaper: ReaperPlan = {
    perl: perl ?? 'perl',
    prctl: options.number ?? prctl ?? 0,
    refused: () => {
      refusals++
    },
  }
  const plan: ProcessPlan = {
    line,
    cwd: process.cwd(),
    env: process.env,
    maxOutputBytes: options.maxOutputBytes ?? 1024,
    signal: options.signal,
    reaper,
  }
  return { plan, refusals: () => refusals }
}

function sleepTag(): string {
  return `${String(2000 + Math.floor(Math.random() * 1000))}.${String(process.hrtime()[1])}`
}

describe.runIf(onLinux && perl !== undefined && prctl !== undefined)(
  'runProcess under its reaper (SPEC §23: exit code or signal, output, aborts, as without)',
  () => {
    it('gives the exit code, a signal as that signal, and bounded output', async () => {
      const flood = reapedPlan('yes toolpipe | head -c 100000; echo err >&2; exit 3', {
        maxOutputBytes: 10,
      })
      expect(await runProcess(flood.plan)).toMatchObject({
        exitCode: 3,
        signal: null,
        stdout: 'toolpipe\nt',
        stderr: 'err\n',
        truncated: true,
      })
      const signalled = await runProcess(reapedPlan('echo out; kill -TERM $$').plan)
      expect(signalled).toMatchObject({ exitCode: null, signal: 'SIGTERM', stdout: 'out\n' })
      expect(await runProcess(reapedPlan('exit 143').plan)).toMatchObject({
        exitCode: 143,
        signal: null,
      })
    })

    it('reads as killed (SIGKILL) when its signal aborts, and leaves no process', async () => {
      const tag = sleepTag()
      const stop = new AbortController()
      const { plan } = reapedPlan(
        `( trap '' TERM; setsid sleep ${tag} & ); env -i setsid sleep ${tag} & sleep ${tag}`,
        { signal: stop.signal },
      )
      const running = runProcess(plan)
      await eventually(() => processesWith(`sleep ${tag}`).length >= 4, 'the command to start')
      stop.abort()
      expect(await running).toMatchObject({ exitCode: null, signal: 'SIGKILL' })
      expect(processesWith(`sleep ${tag}`)).toEqual([])
    })

    it('reads as killed when its signal aborts at once, before the reaper could start it', async () => {
      const tag = sleepTag()
      const stop = new AbortController()
      const running = runProcess(reapedPlan(`sleep ${tag}`, { signal: stop.signal }).plan)
      stop.abort()
      expect(await running).toMatchObject({ exitCode: null, signal: 'SIGKILL' })
      expect(processesWith(`sleep ${tag}`)).toEqual([])
    })

    it('ends the run as before where the kernel refuses: its group and the search for its mark', async () => {
      const tag = sleepTag()
      const refused = reapedPlan(`setsid sleep ${tag} & echo started; kill -TERM $$`, {
        number: 100_000,
      })
      const run = await runProcess(refused.plan)
      expect(run).toMatchObject({ exitCode: null, signal: 'SIGTERM', stdout: 'started\n' })
      expect(refused.refusals()).toBe(1)
      expect(processesWith(`sleep ${tag}`)).toEqual([])
    })
  },
)
