import { readFile } from 'node:fs/promises'
import { DemoError } from '../cli/demo-error.js'
import type { SessionEvent } from './session-event.js'

const eventTypes: ReadonlySet<string> = new Set([
  'session/start',
  'user/message',
  'assistant/turn',
  'tool/call',
  'approval',
  'tool/progress',
  'tool/result',
  'context/message',
  'session/end',
])

/**
 * Reads a session log written by a live run. Lines must be JSON objects of a known `type` with
 * the fields the renderer needs; a blank line is skipped. Anything else rejects with a `DemoError`
 * naming the line.
 */
export async function readSessionLog(path: string): Promise<SessionEvent[]> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new DemoError(`cannot read the session log ${path}: ${reason}`, 'SESSION_LOG', {
      cause: error,
    })
  }
  const events: SessionEvent[] = []
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue
    const where = `${path}:${index + 1}`
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      throw new DemoError(`${where} is not JSON`, 'SESSION_LOG')
    }
    const problem = eventProblem(value)
    if (problem !== undefined) throw new DemoError(`${where}: ${problem}`, 'SESSION_LOG')
    events.push(value as SessionEvent)
  }
  if (events[0]?.type !== 'session/start') {
    throw new DemoError(
      `${path} is not a session log of this demo (its first line is not a session/start event)`,
      'SESSION_LOG',
    )
  }
  return events
}

/** What is wrong with one parsed line, or `undefined`. Checks what rendering relies on. */
function eventProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'not a JSON object'
  const event = value as Record<string, unknown>
  if (typeof event.type !== 'string' || !eventTypes.has(event.type)) {
    return `unknown event type ${JSON.stringify(event.type)}`
  }
  const needs = (
    key: string,
    kind: 'string' | 'number' | 'object' | 'boolean',
  ): string | undefined =>
    typeof event[key] === kind && event[key] !== null
      ? undefined
      : `${String(event.type)} needs a ${kind} "${key}"`
  switch (event.type) {
    case 'session/start':
      return Array.isArray(event.tools)
        ? needs('model', 'string')
        : 'session/start needs a "tools" array'
    case 'user/message':
      return needs('text', 'string')
    case 'assistant/turn':
      return needs('step', 'number')
    case 'tool/call':
      return (
        needs('callId', 'string') ??
        needs('name', 'string') ??
        ('arguments' in event || typeof event.rawArguments === 'string'
          ? undefined
          : 'tool/call needs "arguments" or a string "rawArguments"')
      )
    case 'approval':
      return needs('callId', 'string') ?? needs('outcome', 'string')
    case 'tool/progress':
      return needs('callId', 'string') ?? needs('name', 'string')
    case 'tool/result': {
      const problem =
        needs('callId', 'string') ?? needs('name', 'string') ?? needs('result', 'object')
      if (problem !== undefined) return problem
      const result = event.result as Record<string, unknown>
      return Array.isArray(result.content) && typeof result.isError === 'boolean'
        ? undefined
        : 'tool/result needs a result with "content" and "isError"'
    }
    case 'context/message':
      return Array.isArray(event.content)
        ? needs('source', 'object')
        : 'context/message needs "content"'
    default:
      return needs('steps', 'number')
  }
}
