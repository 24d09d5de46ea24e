import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Agent, JsonValue } from '@toolpipe/core'
import { callInput } from '@toolpipe/call-inputs'
import type { ApprovalService, ToolExecutionInput, ToolRegistry } from '@toolpipe/tools'
import { commandHooks } from '../command-hooks.js'
import type { CommandHooksOptions } from '../command-hooks-options.js'
import { recordedRegistry } from './recorded-registry.js'
import type { Recorded } from './recorded-registry.js'

/** A shell word: `'…'` with every `'` closed, escaped and reopened. */
export function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`
}

/** A hook command that reads its input and prints `answer` as JSON on stdout. */
export function answers(answer: unknown): string {
  return `cat > /dev/null; printf '%s\\n' ${quote(JSON.stringify(answer))}`
}

/** A temporary project folder with a `hooks/` folder for scripts, removed by `remove()`. */
export class Project {
  readonly root = realpathSync(mkdtempSync(join(tmpdir(), 'toolpipe-hooks-project-')))

  constructor() {
    mkdirSync(join(this.root, 'hooks'))
  }

  /** Writes an executable `hooks/<name>` (`#!/bin/sh` + body); returns the command to run it. */
  script(name: string, body: string): string {
    const path = join(this.root, 'hooks', name)
    writeFileSync(path, `#!/bin/sh\n${body}\n`)
    chmodSync(path, 0o755)
    return `"$CLAUDE_PROJECT_DIR"/hooks/${name}`
  }

  file(name: string): string {
    return join(this.root, name)
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true })
  }
}

/** What the tools saw and what the registry told its observers, and how to call it. */
export interface Harness extends Recorded {
  /** Runs one call of `agent`; `name` defaults to `Bash`. */
  call(args: JsonValue, extra?: Partial<ToolExecutionInput>): ReturnType<ToolRegistry['execute']>
  dispose(): void
}

/** The hooks configuration a harness installs: `commandHooks`' `hooks` and `sources`. */
export type HarnessHooks = Pick<CommandHooksOptions, 'hooks' | 'sources'>

/** The harness's own options beside `commandHooks`' other options. */
export type HarnessOptions = Omit<CommandHooksOptions, 'hooks' | 'sources'> & {
  approval?: ApprovalService
  before?: (registry: ToolRegistry) => void
}

export const agent: Agent = { id: 'agent-1' }

/**
 * A {@link recordedRegistry} with `commandHooks({ ...configuration, ...options })` installed
 * (`before` runs first: a plugin it installs is the outer one).
 */
export function harness(configuration: HarnessHooks, options: HarnessOptions = {}): Harness {
  const { approval, before, ...hookOptions } = options
  const recorded = recordedRegistry(approval, before)
  const dispose = recorded.registry.use(commandHooks({ ...configuration, ...hookOptions }))
  return {
    ...recorded,
    call: (args, extra = {}) =>
      recorded.registry.execute(callInput('Bash', args, { agent, ...extra })),
    dispose,
  }
}
