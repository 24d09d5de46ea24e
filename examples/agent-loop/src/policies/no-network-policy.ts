import type { ToolRegistryPlugin } from 'toolpipe'
import { stringArgument } from './call-arguments.js'
import { networkProgram } from './shell-commands.js'

/**
 * A `tools/pre-execute` policy: `run_shell` commands that would reach the network are denied
 * before anything runs. Registered first, so it is the outermost listener: a deny here is never
 * turned into an ask by the approval policy inside it.
 */
export function noNetworkPolicy(): ToolRegistryPlugin {
  return (registry) =>
    registry.on('tools/pre-execute', (exec, next) => {
      const command = exec.name === 'run_shell' ? stringArgument(exec, 'command') : undefined
      const program = command === undefined ? undefined : networkProgram(command)
      return program === undefined
        ? next()
        : {
            kind: 'deny',
            reason: `network access is disabled in this sandbox ("${program}" would use it)`,
          }
    })
}
