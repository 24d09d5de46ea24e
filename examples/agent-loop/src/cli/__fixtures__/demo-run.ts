import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { readSessionLog } from '../../session/read-session-log.js'
import type { SessionEvent } from '../../session/session-event.js'
import { runDemo, temporaryFolder } from './cli-harness.js'

type Result = Extract<SessionEvent, { type: 'tool/result' }>
type Call = Extract<SessionEvent, { type: 'tool/call' }>

/** One run of the demo through the real CLI, and ways to read its session log. */
export interface DemoRun {
  /** What the run printed, and how it exited. */
  readonly run: Awaited<ReturnType<typeof runDemo>>
  /** The session log's events. */
  readonly events: SessionEvent[]
  readonly logPath: () => string
  readonly sandbox: () => string
  readonly calls: () => Call[]
  readonly results: () => Result[]
  /** The result of a call; fails the test when there is none. */
  readonly resultOf: (call: Call | undefined) => Result
  /** A result's text blocks, joined. */
  readonly text: (result: Result) => string
  /** The call of tool `name` with exactly these arguments. */
  readonly callWith: (name: string, args: unknown) => Call | undefined
}

/**
 * Runs the demo once, non-interactively (`--yes`), in a fresh folder, before the tests of the
 * file that calls this, and removes the folder after them.
 */
export function useDemoRun(): DemoRun {
  let folder: Awaited<ReturnType<typeof temporaryFolder>> | undefined
  let run: DemoRun['run'] | undefined
  let events: SessionEvent[] | undefined
  const path = (name: string): string => {
    if (folder === undefined) throw new Error('useDemoRun: the demo has not run')
    return join(folder.path, name)
  }
  beforeAll(async () => {
    folder = await temporaryFolder()
    run = await runDemo(['--yes', '--log', path('session.jsonl'), '--sandbox', path('sandbox')])
    events = await readSessionLog(path('session.jsonl'))
  })
  afterAll(() => folder?.remove())
  const demo: DemoRun = {
    get run() {
      if (run === undefined) throw new Error('useDemoRun: the demo has not run')
      return run
    },
    get events() {
      if (events === undefined) throw new Error('useDemoRun: the demo has not run')
      return events
    },
    logPath: () => path('session.jsonl'),
    sandbox: () => path('sandbox'),
    calls: () => demo.events.filter((event): event is Call => event.type === 'tool/call'),
    results: () => demo.events.filter((event): event is Result => event.type === 'tool/result'),
    resultOf: (call) => {
      const result = demo.results().find((event) => event.callId === call?.callId)
      if (result === undefined) throw new Error(`no result for ${call?.callId ?? 'a missing call'}`)
      return result
    },
    text: (result) =>
      result.result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n'),
    callWith: (name, args) =>
      demo
        .calls()
        .find(
          (event) =>
            event.name === name && JSON.stringify(event.arguments) === JSON.stringify(args),
        ),
  }
  return demo
}
