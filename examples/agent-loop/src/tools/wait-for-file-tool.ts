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
}

/**
 * `wait_for_file`: waits until a file appears in the sandbox. It has no limit of its own: it
 * declares `timeoutMs`, and honours `exec.signal`, which `timeoutPolicy()` aborts at the deadline.
 */
export function createWaitForFileTool(
  sandbox: string,
  options: WaitForFileToolOptions = {},
): ToolDefinition {
  const pollMs = options.pollMs ?? 100
  return defineTool({
    name: 'wait_for_file',
    description: 'Wait until a file exists in the sandbox (for example a report a build writes).',
    parameters: {
      path: { type: 'string', required: true, description: 'the file, relative to the sandbox' },
    },
    timeoutMs: options.timeoutMs ?? 1000,
    async execute({ path }, exec) {
      const absolute = await resolveRealPathInSandbox(sandbox, path)
      const started = Date.now()
      for (;;) {
        exec.signal?.throwIfAborted()
        if (await exists(absolute)) {
          const waited = Math.round((Date.now() - started) / pollMs) * pollMs
          return [{ type: 'text', text: `${path} exists (waited about ${waited} ms)` }]
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
