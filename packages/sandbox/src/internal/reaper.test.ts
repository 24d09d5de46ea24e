import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  eventually,
  hopperCommand,
  onLinux,
  processesWith,
  projectFolder,
  recordingLogger,
} from '../__fixtures__/sandbox-fixtures.js'
import { spawnWithReport } from '../__fixtures__/report-pipe.js'
import type { Reported } from '../__fixtures__/report-pipe.js'
import { findProgram } from './host-programs.js'
import { prctlNumber, readReaperReport, reaperCommand, Reapers } from './reaper.js'
import type { ProcessPlan } from './run-process.js'

const perl = findProgram('perl', [])
const prctl = prctlNumber()
/** A number no kernel has a system call for: `prctl` fails (ENOSYS) as a refusing kernel's does. */
const refusing = 100_000

/**
 * Runs `command` under the reaper, as an unsandboxed run does (a group of its own, a report pipe);
 * `started`, when given, is awaited and the reaper then told to end the run (SIGTERM).
 */
async function reaped(
  command: string,
  options: { env?: NodeJS.ProcessEnv; number?: number; started?: () => Promise<void> } = {},
): Promise<Reported> {
  const plan = { perl: perl ?? 'perl', prctl: options.number ?? prctl ?? 0, refused: () => {} }
  const start = reaperCommand(plan, '/bin/bash', command, options.env ?? process.env)
  const { child, ended } = spawnWithReport(start.file, start.args, start.env)
  if (options.started !== undefined) {
    await options.started()
    child.kill('SIGTERM')
  }
  return ended
}

/** A tag no other process's command line holds: `sleep <tag>` sleeps for about an hour. */
function sleepTag(): string {
  return `${String(3000 + Math.floor(Math.random() * 1000))}.${String(process.hrtime()[1])}`
}

describe.runIf(onLinux && perl !== undefined && prctl !== undefined)(
  'the reaper of an unsandboxed run (SPEC §23: no process of the command outlives `run`)',
  () => {
    it.each([
      ['a background job', (tag: string) => `sleep ${tag} & echo started`],
      ['setsid', (tag: string) => `setsid sleep ${tag} & echo started`],
      ['nohup', (tag: string) => `nohup sleep ${tag} >/dev/null 2>&1 & echo started`],
      ['a double fork', (tag: string) => `( ( setsid sleep ${tag} & ) & ); echo started`],
      ['its mark dropped too', (tag: string) => `env -i setsid sleep ${tag} & echo started`],
      [
        'a process that ignores SIGTERM',
        (tag: string) => `( trap '' TERM HUP; setsid sleep ${tag} & ); echo started`,
      ],
    ])('ends %s before it exits', async (_kind, line) => {
      const tag = sleepTag()
      expect(await reaped(line(tag))).toEqual({
        code: 0,
        signal: null,
        report: '',
        stdout: 'started\n',
      })
      expect(processesWith(`sleep ${tag}`)).toEqual([])
    })

    it('ends a process that calls setsid and forks on, each generation exiting once its child exists', async () => {
      const tag = `hop${String(process.hrtime()[1])}`
      const hopper = hopperCommand(projectFolder({ git: false }), tag)
      try {
        expect(await reaped(hopper.command)).toMatchObject({ code: 0, stdout: 'started\n' })
        expect(processesWith(tag)).toEqual([])
        expect(await hopper.beating()).toBe(false)
      } finally {
        for (const pid of processesWith(tag)) process.kill(pid, 'SIGKILL')
      }
    })

    it('reports a signal that ended the command, and nothing for an exit of 128 + n', async () => {
      expect(await reaped('kill -TERM $$')).toMatchObject({ code: 143, report: 'signal 15\n' })
      expect(await reaped('exit 143')).toMatchObject({ code: 143, report: '' })
      expect(await reaped('echo out; exit 3')).toMatchObject({ code: 3, stdout: 'out\n' })
    })

    it('outlives a command that kills its whole group (`kill -KILL 0`), and ends what it left', async () => {
      const tag = sleepTag()
      const run = await reaped(`setsid sleep ${tag} & kill -KILL 0`)
      expect(run).toMatchObject({ code: 137, signal: null, report: 'signal 9\n' })
      expect(processesWith(`sleep ${tag}`)).toEqual([])
    })

    it('ends the run on SIGTERM: the command killed (SIGKILL), then every process below it', async () => {
      const tag = sleepTag()
      const run = await reaped(`( trap '' TERM; setsid sleep ${tag} & ); sleep ${tag}`, {
        started: () =>
          eventually(() => processesWith(`sleep ${tag}`).length >= 3, 'the command to start'),
      })
      expect(run).toMatchObject({ code: 137, signal: null, report: 'signal 9\n' })
      expect(processesWith(`sleep ${tag}`)).toEqual([])
    })

    it('gives the command the signal dispositions and environment it was given, no report descriptor', async () => {
      // The reaper ignores USR1; the command, started with it at its default, dies of it.
      const env = { ...process.env, PERL5OPT: '-MNo::Such::Module', KEEP: 'kept' }
      const run = await reaped(
        'echo "$PERL5OPT $KEEP"; [ -e /proc/$$/fd/3 ] && echo open; kill -USR1 $$; echo ignored',
        { env },
      )
      expect(run).toMatchObject({ code: 138, report: 'signal 10\n' })
      expect(run.stdout).toBe('-MNo::Such::Module kept\n')
      const unset = await reaped('echo "[${PERL5OPT-unset}]"', { env: { PATH: '/usr/bin:/bin' } })
      expect(unset.stdout).toBe('[unset]\n')
    })

    it('says `unreaped` where the kernel refuses, and runs and reports the command all the same', async () => {
      expect(await reaped('echo out', { number: refusing })).toEqual({
        code: 0,
        signal: null,
        report: 'unreaped\n',
        stdout: 'out\n',
      })
      const signalled = await reaped('kill -TERM $$', { number: refusing })
      expect(signalled).toMatchObject({ code: 143, report: 'unreaped\nsignal 15\n' })
      expect(readReaperReport(signalled.report)).toEqual({ report: 'signal 15\n', refused: true })
      expect(readReaperReport('signal 15\n')).toEqual({ report: 'signal 15\n', refused: false })
    })
  },
)

describe('prctlNumber (SPEC §23)', () => {
  it('knows prctl on the architectures Node runs Linux on, and nothing else', () => {
    expect(prctlNumber('x64')).toBe(157)
    expect(prctlNumber('arm64')).toBe(167)
    expect(prctlNumber('ia32')).toBe(172)
    expect(prctlNumber('toString')).toBeUndefined()
    expect(prctlNumber('__proto__')).toBeUndefined()
  })
})

describe.runIf(onLinux && prctl !== undefined)('Reapers (SPEC §23)', () => {
  const plan: ProcessPlan = { line: 'true', cwd: '/', env: {}, maxOutputBytes: 10 }

  it('reaps with the runtime session’s perl where there is one', () => {
    const reapers = new Reapers(projectFolder(), recordingLogger(), () => '/opt/checked/perl')
    expect(reapers.reaped(plan).reaper).toMatchObject({ perl: '/opt/checked/perl', prctl })
  })

  it('takes no perl from the project (a sandboxed command could plant one): it warns once and runs as before', () => {
    const project = projectFolder()
    const bin = join(project, 'bin')
    mkdirSync(bin)
    writeFileSync(join(bin, 'perl'), '#!/bin/sh\n')
    chmodSync(join(bin, 'perl'), 0o755)
    const logger = recordingLogger()
    const path = process.env.PATH
    process.env.PATH = `${bin}:/nonexistent`
    try {
      const reapers = new Reapers(project, logger, () => undefined)
      expect(reapers.reaped(plan)).toBe(plan)
      expect(reapers.reaped(plan)).toBe(plan)
    } finally {
      process.env.PATH = path
    }
    expect(logger.warnings).toEqual([
      expect.stringContaining('(no perl found): a process that leaves the group'),
    ])
  })

  it('warns once when the kernel refused, however often', () => {
    const logger = recordingLogger()
    const reapers = new Reapers(projectFolder(), logger, () => '/usr/bin/perl')
    reapers.reaped(plan).reaper?.refused()
    reapers.reaped(plan).reaper?.refused()
    expect(logger.warnings).toEqual([
      expect.stringContaining('the kernel refused prctl(PR_SET_CHILD_SUBREAPER)'),
    ])
  })
})
