import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCliCaptured, temporaryFolder, transcript } from '../cli/__fixtures__/cli-harness.js'
import type { CliRun } from '../cli/__fixtures__/cli-harness.js'

describe('--replay', () => {
  let folder: Awaited<ReturnType<typeof temporaryFolder>>
  let live: CliRun
  const logPath = () => join(folder.path, 'session.jsonl')

  beforeAll(async () => {
    folder = await temporaryFolder()
    // No --yes and a stdin that is not a TTY: the scripted run approves its asks by that rule.
    live = await runCliCaptured(['--log', logPath(), '--sandbox', join(folder.path, 'sandbox')])
  })
  afterAll(() => folder.remove())

  it('draws exactly the cards the live run drew, from the log alone', async () => {
    expect(live.status).toBe(0)
    expect(live.stdout).toContain('auto-approved: stdin is not a TTY')
    // Nothing to run against: replay must not need the sandbox.
    await rm(join(folder.path, 'sandbox'), { recursive: true })

    const replay = await runCliCaptured(['--replay', logPath()])
    expect(replay.stderr).toBe('')
    expect(replay.status).toBe(0)
    expect(replay.stdout).toMatch(/^replaying /)

    const liveLines = transcript(live.stdout)
    expect(liveLines.length).toBeGreaterThan(100)
    expect(transcript(replay.stdout)).toEqual(liveLines)
    // The cards of every kind are in it, drawn by the tools' own presenters.
    expect(liveLines).toEqual(
      expect.arrayContaining([
        '  ▸ Read greet.js  read_file · read',
        '  ✓ $ node test.js  exit 0',
        '  ✗ $ node test.js  exit 1',
        '  ✗ Wait for ci/report.txt  TOOL_TIMEOUT',
        '  ✗ Read dist/greet.min.js  POST_BLOCKED',
        '    │ @@ -1,6 +1,6 @@',
        "    │ -  return 'Hi ' + name",
        '    │ +  return `Hello, ${name}!`',
        '  ▸ read_file  other',
        '    │ maxLines: "20"',
      ]),
    )
  })

  it('reports a missing log, a line that is not JSON, or a foreign file in one line', async () => {
    const missing = await runCliCaptured(['--replay', join(folder.path, 'nope.jsonl')])
    expect(missing.status).toBe(1)
    expect(missing.stderr).toMatch(
      /^error: cannot read the session log .*nope\.jsonl: ENOENT[^\n]*\n$/,
    )

    const broken = join(folder.path, 'broken.jsonl')
    await writeFile(broken, '{"type":"session/start","version":1,"model":"m","tools":[]}\n{oops\n')
    expect((await runCliCaptured(['--replay', broken])).stderr).toBe(
      `error: ${broken}:2 is not JSON\n`,
    )

    const foreign = join(folder.path, 'foreign.jsonl')
    await writeFile(foreign, '{"type":"tool/result","callId":"c","name":"x","result":{}}\n')
    expect((await runCliCaptured(['--replay', foreign])).stderr).toBe(
      `error: ${foreign}:1: tool/result needs a result with "content" and "isError"\n`,
    )
  })

  it('refuses options that would run something', async () => {
    const run = await runCliCaptured(['--replay', logPath(), '--yes'])
    expect(run).toEqual({
      status: 2,
      stdout: '',
      stderr: 'error: --replay runs no tool, so it takes no --yes\n',
    })
  })
})
