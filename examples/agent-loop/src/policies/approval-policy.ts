import type { ToolRegistryPlugin } from 'toolpipe'
import { stringArgument } from './call-arguments.js'
import { isReadOnlyCommand } from './shell-commands.js'

/**
 * A `tools/pre-execute` policy: a `run_shell` command that does more than read (runs a program,
 * writes, pipes…) needs the person's approval, so the decision is `ask`; the registry then puts
 * the call's pending card to the approval service.
 */
export function approvalPolicy(): ToolRegistryPlugin {
  return (registry) =>
    registry.on('tools/pre-execute', (exec, next) => {
      const command = exec.name === 'run_shell' ? stringArgument(exec, 'command') : undefined
      return command === undefined || isReadOnlyCommand(command)
        ? next()
        : { kind: 'ask', reason: 'the command is not read-only' }
    })
}
