import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import { DemoError } from '../cli/demo-error.js'
import type { SessionEvent } from './session-event.js'

/** A JSON Lines session log being written. */
export interface SessionLogWriter {
  readonly path: string
  /** How many events were written. */
  readonly count: number
  write(event: SessionEvent): void
  close(): void
}

/**
 * Opens (truncates) a session log: one JSON object per line, written synchronously as each event
 * happens, so the log is complete up to the last event even if the process dies.
 */
export function openSessionLog(path: string): SessionLogWriter {
  let descriptor: number
  try {
    mkdirSync(dirname(path), { recursive: true })
    descriptor = openSync(path, 'w')
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new DemoError(`cannot write the session log ${path}: ${reason}`, 'SESSION_LOG', {
      cause: error,
    })
  }
  let count = 0
  let closed = false
  return {
    path,
    get count() {
      return count
    },
    write(event) {
      writeSync(descriptor, `${JSON.stringify(event)}\n`)
      count++
    },
    close() {
      if (closed) return
      closed = true
      closeSync(descriptor)
    },
  }
}
