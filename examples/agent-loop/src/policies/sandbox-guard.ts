import { relative } from 'node:path'
import type { ToolGuard, ToolRegistryPlugin } from 'toolpipe'
import { resolveInSandbox } from '../sandbox/sandbox-path.js'
import { sandboxMarker } from '../sandbox/sandbox.js'
import { stringArgument } from './call-arguments.js'
import { outsidePathWord, runsRm } from './shell-commands.js'

/** Files the agent may read but never change: the test that judges its work, and the marker. */
const protectedFiles: ReadonlySet<string> = new Set(['test.js', sandboxMarker])

/**
 * The demo's guard: the last word before dispatch, which can only deny. It refuses paths outside
 * the sandbox, edits of protected files (the agent must fix the code, not the test), `rm`, and
 * shell commands that name paths outside the sandbox — whatever the policies and the person said.
 */
export function sandboxGuard(sandbox: string): ToolRegistryPlugin {
  const guard: ToolGuard = (exec) => {
    const path = stringArgument(exec, 'path')
    if (path !== undefined) {
      const absolute = resolveInSandbox(sandbox, path)
      if (absolute === undefined) return `path "${path}" is outside the sandbox`
      if (exec.name === 'edit_file' && protectedFiles.has(relative(sandbox, absolute))) {
        return `${relative(sandbox, absolute)} is protected: fix the code, not the test`
      }
    }
    const command = exec.name === 'run_shell' ? stringArgument(exec, 'command') : undefined
    if (command !== undefined) {
      if (runsRm(command)) return 'rm is not allowed here: this agent may not delete files'
      const word = outsidePathWord(command)
      if (word !== undefined) return `the command reaches outside the sandbox ("${word}")`
    }
    return undefined
  }
  return (registry) => registry.guard(guard)
}
