import type { ToolRegistryPlugin } from 'toolpipe'
import { runProcess } from '../sandbox/run-process.js'
import { resolveInSandbox } from '../sandbox/sandbox-path.js'
import { stringArgument } from './call-arguments.js'

/**
 * A `tools/post-execute` plugin: after a successful `edit_file` of a `.js` file it runs
 * `node --check` on it and attaches the outcome as `additionalContext` from plugin
 * `syntax-check`. The result itself is unchanged; the loop appends the context for the model's
 * next request, after all of the step's tool results.
 */
export function syntaxCheck(sandbox: string): ToolRegistryPlugin {
  return (registry) =>
    registry.on('tools/post-execute', async (exec, result, next) => {
      const decision = await next()
      const path = exec.name === 'edit_file' ? stringArgument(exec, 'path') : undefined
      // A result carries one context; one an inner listener attached stays as it is.
      if (
        decision.kind !== 'accept' ||
        decision.additionalContext !== undefined ||
        result.isError ||
        !path?.endsWith('.js')
      ) {
        return decision
      }
      const absolute = resolveInSandbox(sandbox, path)
      if (absolute === undefined) return decision
      const outcome = await runProcess(process.execPath, ['--check', absolute], {
        cwd: sandbox,
        env: { PATH: process.env.PATH ?? '' },
        signal: exec.signal,
      })
      const text =
        outcome.exitCode === 0
          ? `After your edit, \`node --check ${path}\` passed: no syntax errors.`
          : `After your edit, \`node --check ${path}\` failed:\n${outcome.output.replaceAll(absolute, path)}`
      return {
        ...decision,
        additionalContext: {
          source: { kind: 'plugin', plugin: 'syntax-check' },
          content: [{ type: 'text', text }],
        },
      }
    })
}
