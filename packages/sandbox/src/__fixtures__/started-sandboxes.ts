import { afterEach } from 'vitest'
import { createSandbox } from '../create-sandbox.js'
import type { Sandbox, SandboxOptions } from '../sandbox-options.js'
import { projectFolder } from './sandbox-fixtures.js'

/**
 * How a test file starts sandboxes: `start(options)` makes one in a fresh project folder (quiet
 * logger), and after each test every one started is disposed and `PATH` (which a test may
 * narrow to take a program away) is put back.
 */
export function startedSandboxes(): (options?: Partial<SandboxOptions>) => Promise<Sandbox> {
  const live: Sandbox[] = []
  const path = process.env.PATH
  afterEach(async () => {
    process.env.PATH = path
    await Promise.all(live.splice(0).map((sandbox) => sandbox.dispose()))
  })
  return async (options = {}) => {
    const sandbox = await createSandbox({
      projectRoot: projectFolder(),
      logger: { warn: () => undefined },
      ...options,
    })
    live.push(sandbox)
    return sandbox
  }
}
