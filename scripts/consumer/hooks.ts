// @toolpipe/hooks as a consumer uses it, under every configuration of scripts/check-consumers.mjs
// (the strict one too: its public types need no Node typings). A real hook process refuses one
// call with exit 2 and lets another through, and a configuration error is typed and coded.
import { asCallId } from '@toolpipe/core'
import { commandHooks, HooksConfigError } from '@toolpipe/hooks'
import type { HooksSettings } from '@toolpipe/hooks'
import { createToolRegistry, defineTool } from '@toolpipe/tools'

const log = (globalThis as unknown as { console: { log(message: string): void } }).console.log

function assert(condition: boolean, what: string): void {
  if (!condition) throw new Error(`consumer check failed: ${what}`)
}

const hooks: HooksSettings = {
  PreToolUse: [
    {
      matcher: 'Bash',
      hooks: [
        {
          type: 'command',
          command: `grep -q '"rm ' && { echo 'no rm here' >&2; exit 2; } || exit 0`,
          timeout: 10,
        },
      ],
    },
  ],
}

async function main(): Promise<void> {
  const registry = createToolRegistry({ logger: { warn: () => undefined } })
  registry.register(
    defineTool({
      name: 'Bash',
      description: 'Run a command.',
      parameters: { command: { type: 'string', required: true } },
      execute: ({ command }) =>
        Promise.resolve([{ type: 'text' as const, text: `ran ${command}` }]),
    }),
  )
  const uninstall = registry.use(commandHooks({ hooks }))
  const denied = await registry.execute({
    callId: asCallId('c1'),
    name: 'Bash',
    arguments: { command: 'rm -rf /' },
  })
  assert(
    denied.error?.code === 'HOOK_DENIED',
    `rm is denied by the hook (${JSON.stringify(denied)})`,
  )
  const allowed = await registry.execute({
    callId: asCallId('c2'),
    name: 'Bash',
    arguments: { command: 'ls' },
  })
  assert(!allowed.isError, 'ls runs')
  uninstall()

  try {
    commandHooks({ hooks: { PreToolUse: [{ matcher: 'Bash(', hooks: [] }] } })
    assert(false, 'a bad matcher throws')
  } catch (error) {
    assert(error instanceof HooksConfigError && error.code === 'INVALID_HOOKS_CONFIG', 'coded')
  }
  log('consumer check passed')
}

void main()
