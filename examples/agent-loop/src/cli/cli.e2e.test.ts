import { describe, expect, it } from 'vitest'
import { useDemoRun } from './__fixtures__/demo-run.js'
import { sandboxFiles } from '../sandbox/sandbox-files.js'
import { handbookEntries } from '../mcp/handbook-mcp-server.js'

const demo = useDemoRun()

describe('the demo, run non-interactively through the real CLI', () => {
  it('exits 0, prints no warning, and says where the log was written', () => {
    const { run, events, logPath } = demo
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toContain(`session log  ${logPath()} (${events.length} events)`)
    expect(run.stdout).not.toContain('\u001b[')
  })

  it('logs the schemas the model was shown, and nothing model-facing beyond them', () => {
    const { events } = demo
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
      // The handbook MCP server's tools are mounted deferred (mountMcpTools, prefix "handbook"):
      // not shown until a search finds them, through the tool search's own tool.
      'tool_search',
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

  it('runs a step as a batch: ls alone, then the reads and the tool search at once', () => {
    const { run, events, resultOf, text, callWith } = demo
    const first = events.find((event) => event.type === 'assistant/turn' && event.step === 1)
    expect(first).toMatchObject({ toolCallIds: ['call_1_1', 'call_1_2', 'call_1_3', 'call_1_4'] })
    const stepOne = events
      .filter(
        (event) => (event.type === 'tool/call' || event.type === 'tool/result') && event.step === 1,
      )
      .map((event) => `${event.type} ${'callId' in event ? event.callId : ''}`)
    // run_shell is not concurrencySafe: ls runs alone. read_file and tool_search are: all three
    // start before any ends (the order they end in is theirs).
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
    // The search found the handbook's tools by what they do; the model calls one next step.
    const search = resultOf(
      callWith('tool_search', { query: "the team's written rules on greetings" }),
    )
    expect(search.result.structured).toEqual({
      tools: [
        { name: 'handbook_lookup', description: expect.stringContaining('handbook') as unknown },
        { name: 'handbook_topics', description: 'The topics the team handbook covers.' },
      ],
    })
    // On the screen, every pending card of the three comes before any completed one.
    const screen = run.stdout.split('\n')
    const pending = ['  ▸ Read greet.js', '  ▸ Read test.js', '  ▸ tool_search'].map((card) =>
      screen.findIndex((line) => line.startsWith(card)),
    )
    const firstDone = screen.findIndex(
      (line) => line.startsWith('  ✓ Read ') || line.startsWith('  ✓ tool_search'),
    )
    expect(pending.every((index) => index !== -1 && index < firstDone)).toBe(true)
  })

  it("calls the handbook MCP server's tool through the pipeline: structured result and progress", () => {
    const { run, events, resultOf, callWith } = demo
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
        step: 2,
        callId: 'call_2_1',
        name: 'handbook_lookup',
        progress: index,
        total: 3,
        message: `searching the ${section} section`,
      })),
    )
  })

  it('answers the invalid call with the ToolArgsError, then runs the corrected call', () => {
    const { resultOf, text, callWith } = demo
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
    const { resultOf, callWith } = demo
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

  it('decides by the sandbox rules: rm denied by rule', () => {
    const { run, resultOf, callWith } = demo
    const removal = callWith('run_shell', { command: 'rm -rf ci' })
    expect(resultOf(removal).result).toEqual({
      content: [
        { type: 'text', text: 'Error: denied by rule "Bash(rm *)" in .toolpipe/settings.json' },
      ],
      isError: true,
      error: { name: 'ToolDeniedError', code: 'POLICY_DENIED' },
    })
    expect(run.stdout).toContain('denied by rule "Bash(rm *)" in .toolpipe/settings.json')
  })

  it('decides by the sandbox rules: the test run allowed unasked', () => {
    const { events, calls, resultOf, text } = demo
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
  })
})
