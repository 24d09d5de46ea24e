import { access } from 'node:fs/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { defineTool } from 'toolpipe'
import type { ToolDefinition } from 'toolpipe'
import { resolveRealPathInSandbox } from '../sandbox/sandbox-path.js'

/** Options of {@link createWaitForFileTool}. */
export interface WaitForFileToolOptions {
  /** The call's deadline, enforced by the timeout policy. Default 1000. */
  readonly timeoutMs?: number | undefined
  /** How often to look. Default 100. */
  readonly pollMs?: number | undefined
  /** How often to report that it is still waiting (`exec.reportProgress`). Default 300. */
  readonly progressMs?: number | undefined
}

/**
 * `wait_for_file`: waits until a file appears in the sandbox, reporting progress as it waits. It
 * has no limit of its own: it declares `timeoutMs`, and honours `exec.signal`, which
 * `timeoutPolicy()` aborts at the deadline.
 */
export function createWaitForFileTool(
  sandbox: string,
  options: WaitForFileToolOptions = {},
): ToolDefinition {
  const pollMs = options.pollMs ?? 100
  const progressMs = options.progressMs ?? 300
  return defineTool({
    name: 'wait_for_file',
    description: 'Wait until a file exists in the sandbox (for example a report a build writes).',
    annotations: { title: 'Wait for a file', readOnly: true },
    concurrencySafe: true,
    parameters: {
      path: { type: 'string', required: true, description: 'the file, relative to the sandbox' },
    },
    timeoutMs: options.timeoutMs ?? 1000,
    async execute({ path }, exec) {
      const absolute = await resolveRealPathInSandbox(sandbox, path)
      const started = Date.now()
      let reported = 0
      for (;;) {
        exec.signal?.throwIfAborted()
        const waited = Math.round((Date.now() - started) / pollMs) * pollMs
        if (await exists(absolute)) {
          return [{ type: 'text', text: `${path} exists (waited about ${waited} ms)` }]
        }
        if (waited >= reported + progressMs) {
          reported = waited
          // Shown while the call runs: the message as a status line in the terminal, the content
          // in the call's card of an ACP client (until the result replaces it).
          const message = `waited ${waited} ms; ${path} is not there yet`
          exec.reportProgress({ message, content: [{ type: 'text', text: `${message}…` }] })
        }
        // Rejects with the signal's reason as soon as it aborts: the tool stops right away.
        await sleep(pollMs, undefined, exec.signal === undefined ? {} : { signal: exec.signal })
      }
    },
    presentCall: ({ path }) => ({
      card: 'generic',
      title: `Wait for ${path}`,
      kind: 'other',
      locations: [{ path }],
    }),
  })
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path)
    return true
  } catch {
    return false
  }
}
