import { readFile, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { loadO200kTokenCounter } from '@toolpipe/output-budget'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runDemo, temporaryFolder } from './__fixtures__/cli-harness.js'
import { readSessionLog } from '../session/read-session-log.js'
import type { SessionEvent } from '../session/session-event.js'
import { sandboxFiles } from '../sandbox/sandbox-files.js'
import { handbookEntries } from '../mcp/handbook-mcp-server.js'
import { spillFolder } from '../demo-registry.js'
import { runShellMaxOutputTokens } from '../tools/run-shell-tool.js'

type Result = Extract<SessionEvent, { type: 'tool/result' }>
type Call = Extract<SessionEvent, { type: 'tool/call' }>

describe('the demo, run non-interactively through the real CLI', () => {
  let folder: Awaited<ReturnType<typeof temporaryFolder>>
  let run: Awaited<ReturnType<typeof runDemo>>
  let events: SessionEvent[]
  const logPath = () => join(folder.path, 'session.jsonl')
  const sandbox = () => join(folder.path, 'sandbox')

  const calls = () => events.filter((event): event is Call => event.type === 'tool/call')
  const results = () => events.filter((event): event is Result => event.type === 'tool/result')
  const resultOf = (call: Call | undefined): Result => {
    const result = results().find((event) => event.callId === call?.callId)
    if (result === undefined) throw new Error(`no result for ${call?.callId ?? 'a missing call'}`)
    return result
  }
  const text = (result: Result): string =>
    result.result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n')
  const callWith = (name: string, args: unknown): Call | undefined =>
    calls().find(
      (event) => event.name === name && JSON.stringify(event.arguments) === JSON.stringify(args),
    )

  beforeAll(async () => {
    folder = await temporaryFolder()
    run = await runDemo(['--yes', '--log', logPath(), '--sandbox', sandbox()])
    events = await readSessionLog(logPath())
  })
  afterAll(() => folder.remove())

  it('exits 0, prints no warning, and says where the log was written', () => {
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toContain(`session log  ${logPath()} (${events.length} events)`)
    expect(run.stdout).not.toContain('\u001b[')
  })

  it('logs the schemas the model was shown, and nothing model-facing beyond them', () => {
    const [start] = events
    expect(start).toMatchObject({
      type: 'session/start',
      version: 1,
      model: 'scripted',
      agent: 'main',
    })
    if (start?.type !== 'session/start') throw new Error('no session/start')
    expect(start.tools.map((tool) => tool.name)).toEqual([
      'read_file',
      'edit_file',
      'run_shell',
      'wait_for_file',
      // The handbook MCP server's tools, mounted with mountMcpTools (prefix "handbook").
      'handbook_lookup',
      'handbook_topics',
    ])
    expect(start.tools.map((tool) => Object.keys(tool).sort())).toEqual(
      start.tools.map(() => ['description', 'name', 'parameters']),
    )
    expect(start.tools[0]?.parameters).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'the file, relative to the sandbox' },
        maxLines: { type: 'number', description: 'read at most this many lines', default: 200 },
      },
      required: ['path'],
    })
  })

  it('runs a step as a batch: ls alone, then the reads and the MCP lookup at once', () => {
    const first = events.find((event) => event.type === 'assistant/turn' && event.step === 1)
    expect(first).toMatchObject({ toolCallIds: ['call_1_1', 'call_1_2', 'call_1_3', 'call_1_4'] })
    const stepOne = events
      .filter(
        (event) => (event.type === 'tool/call' || event.type === 'tool/result') && event.step === 1,
      )
      .map((event) => `${event.type} ${'callId' in event ? event.callId : ''}`)
    // run_shell is not concurrencySafe: ls runs alone. read_file and handbook_lookup are: all
    // three start before any ends (the order they end in is theirs).
    expect(stepOne.slice(0, 5)).toEqual([
      'tool/call call_1_1',
      'tool/result call_1_1',
      'tool/call call_1_2',
      'tool/call call_1_3',
      'tool/call call_1_4',
    ])
    expect(stepOne.slice(5).sort()).toEqual([
      'tool/result call_1_2',
      'tool/result call_1_3',
      'tool/result call_1_4',
    ])
    expect(text(resultOf(callWith('read_file', { path: 'greet.js' })))).toBe(
      sandboxFiles['greet.js'],
    )
    // On the screen, every pending card of the three comes before any completed one.
    const screen = run.stdout.split('\n')
    const pending = ['  ▸ Read greet.js', '  ▸ Read test.js', '  ▸ Look up the team handbook'].map(
      (card) => screen.findIndex((line) => line.startsWith(card)),
    )
    const firstDone = screen.findIndex(
      (line) => line.startsWith('  ✓ Read ') || line.startsWith('  ✓ Look up'),
    )
    expect(pending.every((index) => index !== -1 && index < firstDone)).toBe(true)
  })

  it("calls the handbook MCP server's tool through the pipeline: structured result and progress", () => {
    const lookup = callWith('handbook_lookup', { topic: 'greetings' })
    expect(resultOf(lookup).result).toEqual({
      content: [{ type: 'text', text: `greetings: ${handbookEntries.greetings}` }],
      isError: false,
      structured: { topic: 'greetings', rule: handbookEntries.greetings },
    })
    // The server's notifications/progress, forwarded by the mount to exec.reportProgress, drawn
    // as status lines and logged.
    expect(run.stdout).toContain(
      '    … Look up the team handbook  0/3 searching the style section\n',
    )
    expect(
      events.filter((event) => event.type === 'tool/progress' && event.callId === lookup?.callId),
    ).toEqual(
      ['style', 'process', 'security'].map((section, index) => ({
        type: 'tool/progress',
        step: 1,
        callId: 'call_1_4',
        name: 'handbook_lookup',
        progress: index,
        total: 3,
        message: `searching the ${section} section`,
      })),
    )
  })

  it('answers the invalid call with the ToolArgsError, then runs the corrected call', () => {
    const invalid = resultOf(callWith('read_file', { file: 'README.md', maxLines: '20' }))
    expect(invalid.result).toEqual({
      content: [
        {
          type: 'text',
          text: 'Error: invalid arguments: missing required property "path"; "maxLines" must be a number, got string',
        },
      ],
      isError: true,
      error: { name: 'ToolArgsError', code: 'INVALID_ARGS' },
    })
    const corrected = resultOf(callWith('read_file', { path: 'README.md', maxLines: 20 }))
    expect(corrected.step).toBe(invalid.step + 1)
    expect(corrected.result.isError).toBe(false)
    expect(text(corrected)).toBe(sandboxFiles['README.md'])
  })

  it('denies the network command with the policy reason', () => {
    const denied = resultOf(
      callWith('run_shell', { command: 'curl -sS https://registry.npmjs.org/greeter' }),
    )
    expect(denied.result).toEqual({
      content: [
        {
          type: 'text',
          text: 'Error: network access is disabled in this sandbox ("curl" would use it)',
        },
      ],
      isError: true,
      error: { name: 'ToolDeniedError', code: 'POLICY_DENIED' },
    })
  })

  it('decides by the sandbox rules: rm denied by rule, the test run allowed unasked, wc asked once and remembered as a rule', async () => {
    const removal = callWith('run_shell', { command: 'rm -rf ci' })
    expect(resultOf(removal).result).toEqual({
      content: [
        { type: 'text', text: 'Error: denied by rule "Bash(rm *)" in .toolpipe/settings.json' },
      ],
      isError: true,
      error: { name: 'ToolDeniedError', code: 'POLICY_DENIED' },
    })
    expect(run.stdout).toContain('denied by rule "Bash(rm *)" in .toolpipe/settings.json')

    // The test command is allowed by the project's rule: never asked about.
    const testRuns = calls().filter(
      (event) =>
        event.name === 'run_shell' &&
        JSON.stringify(event.arguments) === '{"command":"node test.js"}',
    )
    expect(testRuns).toHaveLength(2)
    for (const call of testRuns) {
      expect(
        events.some((event) => event.type === 'approval' && event.callId === call.callId),
      ).toBe(false)
    }
    const [before, after] = testRuns.map(resultOf)
    expect(before?.result.meta).toEqual({ exitCode: 1 })
    expect(text(before!)).toContain('FAIL: greet("Ada") is "Hi Ada"')
    expect(after?.result.meta).toEqual({ exitCode: 0 })

    // wc is in no rule: asked once, answered "always" by --yes, in the log before its result …
    const counts = calls().filter(
      (event) =>
        event.name === 'run_shell' &&
        (event.arguments as { command?: string } | undefined)?.command?.startsWith('wc ') === true,
    )
    expect(counts).toHaveLength(2)
    const [first, second] = counts
    const approvalIndex = events.findIndex(
      (event) => event.type === 'approval' && event.callId === first?.callId,
    )
    expect(events[approvalIndex]).toEqual({
      type: 'approval',
      callId: first?.callId,
      name: 'run_shell',
      reason: 'no rule matched, default mode',
      outcome: 'allowed-always',
      answeredBy: '--yes',
    })
    expect(events.indexOf(resultOf(first))).toBe(approvalIndex + 1)
    expect(run.stdout).toContain('auto-approved: --yes')
    // … written as a readable rule, which lets the second wc run without asking.
    expect(
      JSON.parse(await readFile(join(sandbox(), '.toolpipe', 'settings.local.json'), 'utf8')),
    ).toEqual({
      permissions: { allow: ['Bash(wc *)'] },
    })
    expect(
      events.some((event) => event.type === 'approval' && event.callId === second?.callId),
    ).toBe(false)
    expect(resultOf(second).result.isError).toBe(false)
    expect(run.stdout).toContain(
      'rules your "always" answers wrote to .toolpipe/settings.local.json',
    )
    expect(run.stdout).toContain('  allow Bash(wc *)')
  })

  it('lets the guard refuse the protected test and a path outside the sandbox, and test.js is untouched', async () => {
    const cheat = callWith('edit_file', {
      path: 'test.js',
      oldText: "got === 'Hello, Ada!'",
      newText: "got === 'Hi Ada'",
    })
    expect(resultOf(cheat).result).toEqual({
      content: [{ type: 'text', text: 'Error: test.js is protected: fix the code, not the test' }],
      isError: true,
      error: { name: 'ToolDeniedError', code: 'GUARD_DENIED' },
    })
    expect(resultOf(callWith('read_file', { path: '../package.json' })).result).toEqual({
      content: [{ type: 'text', text: 'Error: path "../package.json" is outside the sandbox' }],
      isError: true,
      error: { name: 'ToolDeniedError', code: 'GUARD_DENIED' },
    })
    expect(await readFile(join(sandbox(), 'test.js'), 'utf8')).toBe(sandboxFiles['test.js'])
  })

  it("runs the sandbox's own PreToolUse hook script, which refuses the package.json edit with exit 2", async () => {
    // .claude/settings.json in the sandbox, as Claude Code users configure hooks; the hook is a
    // real process (node .claude/hooks/protect-package-json.mjs) told the call on stdin.
    const edit = callWith('edit_file', {
      path: 'package.json',
      oldText: '"type": "commonjs"',
      newText: '"type": "commonjs", "scripts": { "test": "node test.js" }',
    })
    expect(resultOf(edit).result).toEqual({
      content: [
        {
          type: 'text',
          text: "Error: package.json is the team's to change: propose the edit to a person instead (refused by .claude/hooks/protect-package-json.mjs)",
        },
      ],
      isError: true,
      error: { name: 'ToolDeniedError', code: 'HOOK_DENIED' },
    })
    expect(await readFile(join(sandbox(), 'package.json'), 'utf8')).toBe(
      sandboxFiles['package.json'],
    )
    expect(run.stdout).toContain("a hook's refusal")
    expect(run.stdout).toContain("package.json is the team's to change")
  })

  it('times the slow tool out with TOOL_TIMEOUT', () => {
    expect(resultOf(callWith('wait_for_file', { path: 'ci/report.txt' })).result).toEqual({
      content: [{ type: 'text', text: 'Error: tool call timed out after 1000ms' }],
      isError: true,
      error: { name: 'ToolTimeoutError', code: 'TOOL_TIMEOUT' },
    })
  })

  it('blocks the secret in post-execute with feedback, and the secret reaches neither log nor screen', async () => {
    const blocked = resultOf(callWith('read_file', { path: '.env' }))
    expect(blocked.result.isError).toBe(true)
    expect(text(blocked)).toMatch(
      /^Blocked by the secret-scanner policy: the output of read_file contains what looks like an API key \(line 1\)/,
    )
    expect(await readFile(logPath(), 'utf8')).not.toContain('sk-demo-')
    expect(run.stdout).not.toContain('sk-demo-')
  })

  it("appends the edit's additionalContext after all of the step's results", () => {
    const edit = callWith('edit_file', {
      path: 'greet.js',
      oldText: "  return 'Hi ' + name",
      newText: '  return `Hello, ${name}!`',
    })
    const editResult = resultOf(edit)
    const context = {
      source: { kind: 'plugin', plugin: 'syntax-check' },
      content: [
        {
          type: 'text',
          text: 'After your edit, `node --check greet.js` passed: no syntax errors.',
        },
      ],
    }
    expect(editResult.result.additionalContext).toEqual(context)
    const step = editResult.step
    const contextIndex = events.findIndex((event) => event.type === 'context/message')
    expect(events[contextIndex]).toEqual({
      type: 'context/message',
      step,
      callId: edit?.callId,
      ...context,
    })
    const stepResults = results().filter((event) => event.step === step)
    expect(stepResults).toHaveLength(3)
    for (const result of stepResults) expect(events.indexOf(result)).toBeLessThan(contextIndex)
    expect(events[contextIndex + 1]).toMatchObject({ type: 'assistant/turn', step: step + 1 })
  })

  it("cuts the long server.log to run_shell's budget, the whole log in a private spill file", async () => {
    const cat = resultOf(callWith('run_shell', { command: 'cat server.log' }))
    const log = sandboxFiles['server.log'] ?? ''
    expect(cat.result.isError).toBe(false)
    const [output, status] = cat.result.content
    expect(status).toEqual({ type: 'text', text: '[exit code 0]' })
    const cut = output?.type === 'text' ? output.text : ''
    const lines = cut.split('\n')
    const noticeAt = lines.findIndex((line) => line.startsWith('[… '))
    const notice =
      /^\[… (\d+) tokens omitted \((\d+) bytes\); the full output is in (\S+) …\]$/.exec(
        lines[noticeAt] ?? '',
      )
    // The log's first and last lines, around the notice, within run_shell's 500 tokens.
    expect(log.startsWith(`${lines.slice(0, noticeAt).join('\n')}\n`)).toBe(true)
    expect(log.endsWith(lines.slice(noticeAt + 1).join('\n'))).toBe(true)
    const countTokens = await loadO200kTokenCounter()
    expect(countTokens(cut) + countTokens('[exit code 0]')).toBeLessThanOrEqual(
      runShellMaxOutputTokens,
    )
    const [, , bytes = '', path = ''] = notice ?? []
    expect(Number(bytes)).toBeGreaterThan(log.length / 2)
    expect(dirname(path)).toBe(join(sandbox(), spillFolder))
    expect(await readFile(path, 'utf8')).toBe(`${log}\n[exit code 0]`)
    expect((await stat(path)).mode & 0o777).toBe(0o600)
    expect((await stat(dirname(path))).mode & 0o777).toBe(0o700)
    // The terminal card shows the cut output, notice included; the answer names the file.
    expect(run.stdout).toContain(lines[noticeAt])
    expect(events.at(-2)).toMatchObject({
      type: 'assistant/turn',
      text: expect.stringContaining(`the rest\nis in ${path}.`) as string,
    })
  })

  it('ends with the answer, and greet.js is fixed in the sandbox', async () => {
    expect(events.at(-1)).toEqual({ type: 'session/end', steps: 12, reason: 'answered' })
    expect(await readFile(join(sandbox(), 'greet.js'), 'utf8')).toContain(
      'return `Hello, ${name}!`',
    )
  })
})
