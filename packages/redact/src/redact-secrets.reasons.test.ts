import { callInput } from '@toolpipe/call-inputs'
import { createToolRegistry } from '@toolpipe/tools'
import type {
  ApprovalRequest,
  ToolDecision,
  ToolExecutionResult,
  ToolRegistry,
} from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { github, tool } from './__fixtures__/tools.js'
import { redactSecrets } from './redact-secrets.js'
import type { RedactSecretsOptions } from './redact-secrets.js'

// SPEC §25: "before anyone after the tool sees it (post-execute listeners, the model, output
// budget, spill files, observers, cards)" and the audit line — for what a hook, policy or guard
// says about a call too: a denial's or an ask's reason may echo a secret.

/** A registry with the plugin, one tool, an approval service, and what each place saw. */
function watched(options?: RedactSecretsOptions) {
  const requests: ApprovalRequest[] = []
  const registry = createToolRegistry({
    logger: { warn: () => undefined },
    approval: {
      request: async (request) => {
        requests.push(request)
        return { kind: 'allowed-once' }
      },
    },
  })
  registry.use(redactSecrets(options))
  registry.register(tool('shell', [{ type: 'text', text: 'ran' }]))
  const seen = {
    requests,
    decisions: [] as ToolDecision[],
    observed: [] as ToolExecutionResult[],
    reviewed: [] as ToolExecutionResult[],
  }
  registry.on('tools/decision', (_exec, decision) => {
    seen.decisions.push(decision)
  })
  registry.on('tools/result', (_exec, result) => {
    seen.observed.push(result)
  })
  registry.on('tools/post-execute', (_exec, result) => {
    seen.reviewed.push(result)
    return { kind: 'accept' }
  })
  const call = () => registry.execute(callInput('shell', {}, { agent: { id: 'a' } }))
  return { registry, seen, call }
}

/** Every place a result or a reason reached, as one text. */
const everywhere = (result: ToolExecutionResult, seen: ReturnType<typeof watched>['seen']) =>
  JSON.stringify([result, seen])

const denyBy = (registry: ToolRegistry, kind: 'policy' | 'guard', reason: string) => {
  if (kind === 'policy') registry.on('tools/pre-execute', () => ({ kind: 'deny', reason }))
  else registry.guard(() => reason)
}

describe('§25 redactSecrets() reaches the reasons of denials, asks and records', () => {
  it.each(['policy', 'guard'] as const)(
    'a %s denial: the result, post-execute, observers and the record',
    async (kind) => {
      const { registry, seen, call } = watched()
      denyBy(registry, kind, `env holds GITHUB_TOKEN=${github}`)
      const result = await call()
      const redacted = 'Error: env holds GITHUB_TOKEN=[REDACTED:github]'
      expect(result.content).toEqual([{ type: 'text', text: redacted }])
      expect(seen.reviewed[0]?.content).toEqual(result.content)
      expect(seen.observed).toEqual([result])
      expect(seen.decisions.map((decision) => decision.reason)).toEqual([
        'env holds GITHUB_TOKEN=[REDACTED:github]',
      ])
      expect(everywhere(result, seen)).not.toContain(github)
    },
  )

  it('an ask: the approval request’s reason and the record', async () => {
    const { registry, seen, call } = watched()
    registry.on('tools/pre-execute', () => ({ kind: 'ask', reason: `it sends ${github}` }))
    const result = await call()
    expect(result.content).toEqual([{ type: 'text', text: 'ran' }])
    expect(seen.requests[0]?.reason).toBe('it sends [REDACTED:github]')
    expect(seen.decisions[0]?.reason).toBe('it sends [REDACTED:github]')
    expect(everywhere(result, seen)).not.toContain(github)
  })

  it('with mask, masks the reason; with block, redacts it (a denial has no result to withhold)', async () => {
    const masked = watched({ action: 'mask' })
    denyBy(masked.registry, 'policy', `token ${github}`)
    const maskedText = `Error: token ghp_${'*'.repeat(github.length - 8)}2345`
    expect((await masked.call()).content).toEqual([{ type: 'text', text: maskedText }])
    const blocked = watched({ action: 'block' })
    denyBy(blocked.registry, 'guard', `token ${github}`)
    const result = await blocked.call()
    expect(result.isError && result.error.code).toBe('GUARD_DENIED')
    expect(result.content).toEqual([{ type: 'text', text: 'Error: token [REDACTED:github]' }])
  })

  it('keeps an allowed value, and stops at uninstall', async () => {
    const allowed = watched({ allow: [github] })
    denyBy(allowed.registry, 'policy', `fixture ${github}`)
    expect((await allowed.call()).content).toEqual([
      { type: 'text', text: `Error: fixture ${github}` },
    ])
    const registry = createToolRegistry({ logger: { warn: () => undefined } })
    const uninstall = registry.use(redactSecrets())
    registry.register(tool('shell', []))
    denyBy(registry, 'policy', `token ${github}`)
    uninstall()
    const result = await registry.execute(callInput('shell'))
    expect(result.content).toEqual([{ type: 'text', text: `Error: token ${github}` }])
  })
})
