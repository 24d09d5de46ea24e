import type { JsonObject } from '@toolpipe/core'
import type { HooksDialect } from '../hooks-settings.js'
import type { HookAnswer } from './hook-answer.js'
import { eventName } from './hook-group.js'
import type { HookProcessRun } from './hook-processes.js'
import { hookOutputLimitBytes } from './hook-processes.js'
import { readHookJson } from './read-hook-json.js'

/** What the answer is read for. */
export interface AnswerContext {
  readonly dialect: HooksDialect
  readonly moment: 'pre' | 'success' | 'failure'
  readonly command: string
  /** The hook's timeout, for the message of a run that reached it. */
  readonly timeoutMs: number
}

/** The most of a hook's stderr quoted in a log line. */
const quotedStderrChars = 500

/**
 * Reads a finished hook run by SPEC §19's rules. Exit 0: stdout is a JSON answer when it starts
 * with `{` after white space (such text that does not parse, or is not an answer, is a
 * non-blocking error); any other text says nothing. Exit 2 blocks, stderr being the reason: a
 * deny before the call, a block after it. Anything else is a non-blocking error — but a hook this
 * side killed because the plugin was disposed denies (or blocks): it never answered.
 */
export function readHookAnswer(run: HookProcessRun, context: AnswerContext): HookAnswer {
  const end = run.end
  switch (end.kind) {
    case 'aborted':
      return { aborted: true }
    case 'disposed': {
      // Killed by this side before it answered: what it would have said is unknown, so the call
      // does not go on (fails closed), and a result it would have seen is not let through.
      const reason = `hook "${context.command}" was stopped before it answered: the hooks plugin was disposed, or the process is ending`
      return context.moment === 'pre' ? { permission: 'deny', reason } : { block: true, reason }
    }
    case 'failed':
      return { problem: `could not be started: ${end.message}` }
    case 'crashed':
      return { problem: `was killed by ${end.signal}${stderrQuote(run)}` }
    case 'timed-out':
      return {
        problem: `timed out after ${describeTimeout(context)}; its process group was killed`,
      }
    case 'exited':
      break
  }
  if (end.code === 2) {
    const reason = run.stderr.trim() || defaultReason(context)
    return context.moment === 'pre' ? { permission: 'deny', reason } : { block: true, reason }
  }
  if (end.code !== 0) return { problem: `exited with code ${end.code}${stderrQuote(run)}` }
  const text = run.stdout.trimStart()
  if (!text.startsWith('{')) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    const cut =
      run.stdoutBytes > hookOutputLimitBytes
        ? ` (its ${run.stdoutBytes}-byte output was cut at 1 MiB)`
        : ''
    return {
      problem: `printed output that starts with "{" but is not JSON${cut}: ${(error as Error).message}`,
    }
  }
  return readHookJson(parsed as JsonObject, {
    dialect: context.dialect,
    moment: context.moment,
    event: eventName(context.dialect, context.moment),
    defaultReason: defaultReason(context),
  })
}

/** The reason given when a hook blocks without saying why. */
function defaultReason(context: AnswerContext): string {
  return context.moment === 'pre'
    ? `hook "${context.command}" denied the call`
    : `hook "${context.command}" blocked the result`
}

function describeTimeout(context: AnswerContext): string {
  return context.dialect === 'gemini' ? `${context.timeoutMs} ms` : `${context.timeoutMs / 1000} s`
}

/** `: <stderr>` (trimmed, cut to 500 characters), or nothing for a silent hook. */
function stderrQuote(run: HookProcessRun): string {
  const stderr = run.stderr.trim()
  if (stderr === '') return ''
  return `: ${stderr.length > quotedStderrChars ? `${stderr.slice(0, quotedStderrChars)}…` : stderr}`
}
