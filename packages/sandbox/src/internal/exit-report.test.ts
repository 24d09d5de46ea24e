import { realpathSync } from 'node:fs'
import { isSecretEnvName } from '@toolpipe/core'
import { describe, expect, it } from 'vitest'
import { spawnWithReport } from '../__fixtures__/report-pipe.js'
import { readExit, reportingCommand, secretVariablesSet, unsetVariable } from './exit-report.js'

const bash = realpathSync('/bin/bash')
const perl = ['/usr/bin/perl', '/bin/perl'].find((path) => {
  try {
    realpathSync(path)
    return true
  } catch {
    return false
  }
})

/** Runs `reportingCommand(command)` as the sandbox's inner shell does, with a report pipe. */
async function reported(
  command: string,
  env: NodeJS.ProcessEnv = process.env,
  withPerl: string | null | undefined = perl,
  before = '',
): Promise<{ code: number | null; report: string; stdout: string }> {
  const line = `${before}${reportingCommand(command, bash, withPerl ?? undefined)}`
  const { code, signal, report, stdout } = await spawnWithReport(bash, ['-c', line], env).ended
  return { code: code ?? (signal === null ? null : -1), report, stdout }
}

// A sandboxed command's end reads as an unsandboxed one's (SPEC §23's SandboxRun: exitCode null
// and the signal when a signal ended it): bubblewrap turns a signal into the exit code 128 + n,
// so perl, the command's parent inside, reports the signal on a descriptor of its own.
describe('readExit (SPEC §23: exitCode, or the signal that ended it)', () => {
  it.each<[number | null, string | null, string, number | null, string | null]>([
    [143, null, 'signal 15\n', null, 'SIGTERM'],
    [137, null, 'signal 9\n', null, 'SIGKILL'],
    [139, null, 'signal 11\n', null, 'SIGSEGV'],
    // A command that exits 143 says nothing on the report: an exit code.
    [143, null, '', 143, null],
    // A report the exit code does not allow, or in other words, changes nothing.
    [0, null, 'signal 15\n', 0, null],
    [143, null, 'signal 9\n', 143, null],
    [143, null, 'signal 15\nsignal 15\n', 143, null],
    [143, null, 'signal 15', 143, null],
    [255, null, 'signal 127\n', 255, null],
    // The host's own bash killed (an abort): its signal as it is.
    [null, 'SIGKILL', 'signal 15\n', null, 'SIGKILL'],
  ])('%s %s with report %j reads as %s %s', (code, signal, report, exitCode, named) => {
    expect(readExit(code, signal, report)).toEqual({ exitCode, signal: named })
  })
})

describe.runIf(perl !== undefined)('reportingCommand (SPEC §23)', () => {
  it('reports a signal that ended the command, and nothing for an exit of 128 + n', async () => {
    expect(await reported('kill -TERM $$')).toEqual({
      code: 143,
      report: 'signal 15\n',
      stdout: '',
    })
    expect(await reported('exit 143')).toEqual({ code: 143, report: '', stdout: '' })
    expect(await reported('echo out; exit 3')).toEqual({ code: 3, report: '', stdout: 'out\n' })
  })

  it('reports the command’s own death when it signals its whole group (`kill 0`)', async () => {
    expect(await reported('kill -TERM 0')).toMatchObject({ code: 143, report: 'signal 15\n' })
  })

  it('gives the command the signal dispositions it was given (an ignored one stays ignored)', async () => {
    const run = await reported('kill -USR1 $$; kill -HUP $$', process.env, perl, "trap '' USR1; ")
    expect(run).toEqual({ code: 129, report: 'signal 1\n', stdout: '' })
  })

  it('gives the command no report descriptor, and its environment as it was', async () => {
    const env = { ...process.env, PERL5OPT: '-MNo::Such::Module', KEEP: 'kept' }
    const run = await reported(
      'echo "$PERL5OPT $KEEP"; if [ -e /proc/$$/fd/3 ]; then echo "descriptor 3 open"; fi',
      env,
    )
    expect(run.stdout).toBe('-MNo::Such::Module kept\n')
    const unset = await reported('echo "[${PERL5OPT-unset}]"', { PATH: process.env.PATH ?? '' })
    expect(unset.stdout).toBe('[unset]\n')
  })

  it('runs the command as it is, unreported, where there is no perl', async () => {
    // Its shell replaces the inner one: here the signal ends the process started (-1); inside
    // the sandbox, bubblewrap's exit code 143.
    expect(await reported('kill -TERM $$', process.env, null)).toEqual({
      code: -1,
      report: '',
      stdout: '',
    })
    expect(await reported('echo out', process.env, null)).toEqual({
      code: 0,
      report: '',
      stdout: 'out\n',
    })
  })

  it(`removes the variables ${unsetVariable} names, and that variable`, async () => {
    const env = {
      ...process.env,
      CLOUDSDK_PROXY_PASSWORD: 'x',
      KEEP: 'y',
      [unsetVariable]: 'CLOUDSDK_PROXY_PASSWORD',
    }
    const run = await reported(
      `echo "[\${CLOUDSDK_PROXY_PASSWORD-gone}][$KEEP][\${${unsetVariable}-gone}]"`,
      env,
    )
    expect(run.stdout).toBe('[gone][y][gone]\n')
  })
})

describe('secretVariablesSet (SPEC §23, §25: children get no secret-named variables)', () => {
  it('names the secret-named variables the wrapped line sets, with gcloud’s proxy settings', () => {
    const line =
      "/usr/bin/bwrap --new-session --setenv HTTP_PROXY 'http://u:t@localhost:3128' --setenv CLOUDSDK_PROXY_TYPE http --setenv CLOUDSDK_PROXY_PASSWORD 0123abcd --setenv MY_API_KEY k --unsetenv SRT_ALLOW_NESTED_USERNS -- /usr/bin/bash -c 'echo --setenv PATH x '"
    const names = secretVariablesSet(line)
    expect(names.sort()).toEqual([
      'CLOUDSDK_PROXY_ADDRESS',
      'CLOUDSDK_PROXY_PASSWORD',
      'CLOUDSDK_PROXY_PORT',
      'CLOUDSDK_PROXY_TYPE',
      'CLOUDSDK_PROXY_USERNAME',
      'MY_API_KEY',
    ])
    expect(names.filter(isSecretEnvName).sort()).toEqual(['CLOUDSDK_PROXY_PASSWORD', 'MY_API_KEY'])
  })

  it('names nothing where the line sets no secret-named variable', () => {
    expect(
      secretVariablesSet("bwrap --setenv TMPDIR /tmp/claude --setenv NO_PROXY 'localhost' -- true"),
    ).toEqual([])
  })
})
