// @toolpipe/redact as a consumer uses it, under every configuration of scripts/check-consumers.mjs
// (the strict one too: its public types need no Node typings). A secret in a result is redacted,
// blocked with SECRET_BLOCKED, and a bad option is typed and coded.
import { asCallId, scrubSecretEnv } from '@toolpipe/core'
import { redactSecrets, SecretBlockedError } from '@toolpipe/redact'
import type { SecretFinding } from '@toolpipe/redact'
import { createToolRegistry, defineTool } from '@toolpipe/tools'

const log = (globalThis as unknown as { console: { log(message: string): void } }).console.log

function assert(condition: boolean, what: string): void {
  if (!condition) throw new Error(`consumer check failed: ${what}`)
}

const token = 'ghp_0123456789abcdefghijABCDEFGHIJ012345'

async function main(): Promise<void> {
  for (const action of ['redact', 'block'] as const) {
    const registry = createToolRegistry({ logger: { warn: () => undefined } })
    registry.use(redactSecrets({ action }))
    registry.register(
      defineTool({
        name: 'read_env',
        description: 'Read .env.',
        parameters: {},
        execute: () => Promise.resolve([{ type: 'text' as const, text: `GITHUB_TOKEN=${token}` }]),
      }),
    )
    const result = await registry.execute({
      callId: asCallId('c1'),
      name: 'read_env',
      arguments: {},
    })
    assert(!JSON.stringify(result).includes(token), `${action}: the token never reaches the result`)
    if (action === 'block') assert(result.error?.code === 'SECRET_BLOCKED', 'block: SECRET_BLOCKED')
  }
  const findings: SecretFinding[] = redactSecrets().scan(`a\nnpm_${'a1B2'.repeat(9)}`)
  assert(
    findings[0]?.ruleId === 'npm' && findings[0].line === 2,
    'scan finds the npm token on line 2',
  )
  assert(scrubSecretEnv({ PATH: '/bin', NPM_TOKEN: 'x' }).NPM_TOKEN === undefined, 'scrubSecretEnv')
  let refused: unknown
  try {
    redactSecrets({ action: 'hide' as 'redact' })
  } catch (error) {
    refused = error
  }
  assert(
    refused instanceof SecretBlockedError && refused.code === 'INVALID_OPTIONS',
    'a bad action is refused',
  )
}

main().then(
  () => log('consumer check passed'),
  (error: unknown) => {
    throw error
  },
)
