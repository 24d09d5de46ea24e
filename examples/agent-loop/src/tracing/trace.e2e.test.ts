import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runDemo, temporaryFolder } from '../cli/__fixtures__/cli-harness.js'
import { readSessionLog } from '../session/read-session-log.js'
import type { SessionEvent } from '../session/session-event.js'

type Call = Extract<SessionEvent, { type: 'tool/call' }>
type Result = Extract<SessionEvent, { type: 'tool/result' }>

/** One line of the printed tree, taken apart: `<tree><name>  [call id]  <start>  <took>  <outcome>`. */
interface TraceLine {
  readonly depth: number
  readonly name: string
  readonly callId: string | undefined
  readonly start: string
  readonly duration: string
  readonly outcome: string
}

const lineShape =
  /^ {2}((?:[│ ] {2})*(?:[├└]─ )?)(\S+(?: \S+)?)\s+(call_\d+_\d+\s+)?(\+\d+(?:\.\d+)? m?s)\s+(\d+(?:\.\d+)? m?s)\s+([✓✗].*)$/

function traceLines(stdout: string): { header: string; columns: string; lines: TraceLine[] } {
  const all = stdout.split('\n')
  const start = all.findIndex((line) => line.startsWith('━━ trace:'))
  const end = all.findIndex((line, index) => index > start && line.startsWith('session log'))
  const body = all.slice(start + 4, end - 1)
  return {
    header: all[start] ?? '',
    columns: all[start + 3] ?? '',
    lines: body.map((line) => {
      const match = lineShape.exec(line)
      if (match === null) throw new Error(`not a trace line: ${JSON.stringify(line)}`)
      const [, tree = '', name = '', callId, startsAt = '', duration = '', outcome = ''] = match
      return {
        depth: tree.length / 3,
        name,
        callId: callId?.trim(),
        start: startsAt,
        duration,
        outcome,
      }
    }),
  }
}

describe('--trace: the run OpenTelemetry spans, printed at the end', () => {
  let folder: Awaited<ReturnType<typeof temporaryFolder>>
  let run: Awaited<ReturnType<typeof runDemo>>
  let events: SessionEvent[]
  let trace: ReturnType<typeof traceLines>

  beforeAll(async () => {
    folder = await temporaryFolder()
    const logPath = join(folder.path, 'session.jsonl')
    run = await runDemo([
      '--yes',
      '--trace',
      '--log',
      logPath,
      '--sandbox',
      join(folder.path, 'sb'),
    ])
    events = await readSessionLog(logPath)
    trace = traceLines(run.stdout)
  })
  afterAll(() => folder.remove())

  it('runs as without --trace, and prints one tree of every span after the end', () => {
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(events.at(-1)).toEqual({ type: 'session/end', steps: 14, reason: 'answered' })
    expect(trace.header).toBe(
      `━━ trace: the run's ${trace.lines.length} OpenTelemetry spans (--trace) ━━`,
    )
    expect(trace.columns).toMatch(/^ {2}span +start +took +outcome$/)
    expect(trace.lines[0]).toMatchObject({
      depth: 0,
      name: 'invoke_agent main',
      start: '+0 ms',
      outcome: '✓ answered after 14 steps',
    })
    expect(trace.lines.slice(1).every((line) => line.depth >= 1)).toBe(true)
  })

  it('has one chat span per model turn, saying how many tool calls the turn made', () => {
    const turns = events.flatMap((event) => (event.type === 'assistant/turn' ? [event] : []))
    const chats = trace.lines.filter((line) => line.name === 'chat scripted')
    expect(chats.map((line) => line.outcome)).toEqual(
      turns.map(({ toolCallIds: { length } }) =>
        length === 0 ? '✓ an answer' : `✓ ${length} tool ${length === 1 ? 'call' : 'calls'}`,
      ),
    )
    expect(chats.every((line) => line.depth === 1)).toBe(true)
  })

  it("has @toolpipe/otel's execute_tool span for every call, in start order, with the result's outcome", () => {
    const calls = events.filter((event): event is Call => event.type === 'tool/call')
    const results = events.filter((event): event is Result => event.type === 'tool/result')
    const tools = trace.lines.filter((line) => line.name.startsWith('execute_tool '))
    // One span per call. Spans print in start order: by step, and within a step's concurrent
    // calls in whatever order their policies let them start (a read resolves its path first).
    const byCallId = (a: readonly unknown[], b: readonly unknown[]) =>
      String(a[2]).localeCompare(String(b[2]))
    expect(tools.map((line) => [line.depth, line.name, line.callId]).sort(byCallId)).toEqual(
      calls.map((call) => [1, `execute_tool ${call.name}`, call.callId]).sort(byCallId),
    )
    const stepOf = (line: { callId?: string | undefined }) => Number(line.callId?.split('_')[1])
    const steps = tools.map(stepOf)
    expect(steps).toEqual([...steps].sort((a, b) => a - b))
    for (const line of tools) {
      const code = results.find((result) => result.callId === line.callId)?.result.error?.code
      expect(line.outcome.startsWith(code === undefined ? '✓' : `✗ ${code}`)).toBe(true)
    }
    const byId = (id: string) => tools.find((line) => line.callId === id)
    expect(byId('call_8_1')?.outcome).toBe('✗ TOOL_TIMEOUT')
    expect(byId('call_8_1')?.duration).toMatch(/^1\.\d\d s$/)
    // SPEC §8: the read of the minified bundle, blocked by a tools/post-execute listener.
    expect(byId('call_11_1')).toMatchObject({
      name: 'execute_tool read_file',
      outcome: '✗ POST_BLOCKED',
    })
    // The approval wait is an event on the tool span.
    // wc asked (--yes answers "always"); rm was denied by rule and node test.js allowed by rule.
    expect(byId('call_5_2')?.outcome).toMatch(/^✓ approval allowed-always after \d+\.\d+ ms$/)
    expect(byId('call_5_1')?.outcome).toBe('✗ POLICY_DENIED')
    expect(byId('call_5_3')?.outcome).not.toContain('approval')
    expect(byId('call_10_3')?.outcome).not.toContain('approval')
  })

  it('shows the batch: the reads and the tool search of step 1 start within a few milliseconds', () => {
    const milliseconds = (start: string): number =>
      start.endsWith(' s')
        ? Number.parseFloat(start.slice(1)) * 1000
        : Number.parseFloat(start.slice(1))
    const starts = ['call_1_2', 'call_1_3', 'call_1_4'].map((id) =>
      milliseconds(trace.lines.find((line) => line.callId === id)?.start ?? '+NaN ms'),
    )
    const ls = trace.lines.find((line) => line.callId === 'call_1_1')
    expect(starts.every(Number.isFinite)).toBe(true)
    // ls runs alone first; the three safe calls start together after it.
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(milliseconds(ls?.start ?? '+NaN ms'))
    expect(Math.max(...starts) - Math.min(...starts)).toBeLessThan(50)
    expect(trace.lines.find((line) => line.callId === 'call_1_4')?.name).toBe(
      'execute_tool tool_search',
    )
  })

  it("nests the span run_shell's body starts under that call's execute_tool span", () => {
    const processes = trace.lines.flatMap((line, index) =>
      line.name === 'process sh' ? [{ line, parent: trace.lines[index - 1] }] : [],
    )
    // Seven commands ran (ls, wc and node test.js twice each, cat server.log, and the node
    // one-liner whose write the OS sandbox stopped); the denied curl and rm started none.
    expect(processes.map(({ line, parent }) => [parent?.callId, line.depth, line.outcome])).toEqual(
      [
        ['call_1_1', 2, '✓ exit 0'],
        ['call_5_2', 2, '✓ exit 0'],
        ['call_5_3', 2, '✓ exit 1'],
        ['call_10_2', 2, '✓ exit 0'],
        ['call_10_3', 2, '✓ exit 0'],
        ['call_12_1', 2, '✓ exit 0'],
        ['call_13_1', 2, '✓ exit 1'],
      ],
    )
  })
})
