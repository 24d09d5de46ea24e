// @toolpipe/permissions as a consumer uses it, under every configuration of
// scripts/check-consumers.mjs: rules given in code, a shell tool whose command line is its
// subject, a deny by rule, an allow by rule, and explain. It proves the packed package loads its
// WebAssembly bash grammar from the installed tree-sitter-bash, with nothing downloaded.
import { asCallId } from '@toolpipe/core'
import { permissions, PermissionsError } from '@toolpipe/permissions'
import type { Explanation } from '@toolpipe/permissions'
import { createToolRegistry, defineTool } from '@toolpipe/tools'

const log = (globalThis as unknown as { console: { log(message: string): void } }).console.log

function assert(condition: boolean, what: string): void {
  if (!condition) throw new Error(`consumer check failed: ${what}`)
}

async function main(): Promise<void> {
  const ran: string[] = []
  const registry = createToolRegistry()
  registry.register(
    defineTool({
      name: 'run_shell',
      description: 'Run a command line.',
      parameters: { command: { type: 'string', required: true } },
      permissions: { ruleName: 'Bash', subjects: ({ command }) => [{ kind: 'command', command }] },
      async execute({ command }) {
        ran.push(command)
        return [{ type: 'text', text: 'ran' }]
      },
    }),
  )
  const rules = permissions({
    projectRoot: '/nonexistent/project',
    sources: [
      {
        kind: 'cli',
        settings: { permissions: { allow: ['Bash(npm test *)'], deny: ['Bash(rm *)'] } },
      },
    ],
  })
  registry.use(rules)
  await rules.ready

  const denied = await registry.execute({
    callId: asCallId('c1'),
    name: 'run_shell',
    arguments: { command: 'npm test && /bin/rm -rf dist' },
  })
  assert(denied.isError && denied.error.code === 'POLICY_DENIED', 'a rule deny is POLICY_DENIED')
  const allowed = await registry.execute({
    callId: asCallId('c2'),
    name: 'run_shell',
    arguments: { command: 'timeout 30 npm test -- --ci' },
  })
  assert(!allowed.isError && ran.length === 1, 'an allow rule lets the call run')
  const why: Explanation = await rules.explain({
    callId: asCallId('c3'),
    name: 'run_shell',
    arguments: { command: 'echo $(whoami)' },
  })
  assert(why.decision === 'ask', 'a command substitution is never allowed')
  let refused = false
  try {
    permissions({ projectRoot: 'relative' })
  } catch (error) {
    refused = error instanceof PermissionsError && error.code === 'INVALID_OPTIONS'
  }
  assert(refused, 'bad options are a PermissionsError')
}

main().then(
  () => log('consumer check passed'),
  (error: unknown) => {
    throw error
  },
)
