import { callInput } from '@toolpipe/call-inputs'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolDecision, ToolExecuteReturn, ToolProgress } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { github, tool } from './__fixtures__/tools.js'
import { redactSecrets } from './redact-secrets.js'
import type { RedactSecretsOptions } from './redact-secrets.js'

// SPEC §25: applied "before anyone after the tool sees it (post-execute listeners, the model,
// output budget, spill files, observers, cards)"; a finding is a record of "the rule id, never
// the value".

function installed(options?: RedactSecretsOptions) {
  const registry = createToolRegistry({ logger: { warn: () => undefined } })
  const decisions: ToolDecision[] = []
  registry.on('tools/decision', (_exec, decision) => {
    decisions.push(decision)
  })
  registry.use(redactSecrets(options))
  const run = async (returns: ToolExecuteReturn) => {
    registry.register(tool('t', returns))
    return registry.execute(callInput('t'))
  }
  return { registry, decisions, run }
}

describe('§25 redactSecrets() reaches every place a secret could leave the tool', () => {
  it('§12.2 a progress observer (a card, an MCP notification) never sees a secret', async () => {
    const { registry } = installed()
    const updates: ToolProgress[] = []
    registry.on('tools/progress', (_exec, update) => {
      updates.push(update)
    })
    registry.register({
      ...tool('sh', []),
      execute: (_args, exec) => {
        exec.reportProgress({
          progress: 1,
          message: `token ${github}`,
          content: [{ type: 'text', text: `partial GITHUB_TOKEN=${github}` }],
        })
        return Promise.resolve([])
      },
    })
    await registry.execute(callInput('sh'))
    expect(updates).toEqual([
      {
        progress: 1,
        message: 'token [REDACTED:github]',
        content: [{ type: 'text', text: 'partial GITHUB_TOKEN=[REDACTED:github]' }],
      },
    ])
  })

  it('scans every string of the structured value, members named like a block’s binary too', async () => {
    const { run } = installed()
    const result = await run({
      content: [{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }],
      structured: {
        events: [{ type: 'image', data: `GITHUB_TOKEN=${github}` }],
        file: { uri: 'file:///repo/.env', blob: `GITHUB_TOKEN=${github}` },
      },
    })
    expect(JSON.stringify(result.structured)).not.toContain(github)
    expect(result.content).toEqual([{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }])
  })

  it('with mask, a record never holds a part of a key that held the secret', async () => {
    const { run, decisions } = installed({ action: 'mask' })
    const result = await run({
      content: [{ type: 'text', text: 'ok' }],
      structured: { plain: 'x', [github]: `value ${github}` },
    })
    const masked = `ghp_${'*'.repeat(github.length - 8)}2345`
    expect(result.structured).toEqual({ plain: 'x', [masked]: `value ${masked}` })
    expect(decisions.map((decision) => decision.reason)).toEqual([
      'a secret (rule "github") on line 1 of structured (a key): masked',
      'a secret (rule "github") on line 1 of structured.<key 2>: masked',
    ])
    expect(JSON.stringify(decisions)).not.toMatch(/ghp_|2345/)
  })

  it('keeps an allowed value whole where a scan window’s edge cuts it', () => {
    const value = `tok_${'abcdefghijklmnopqrstuvwxyz'.repeat(2)}`
    const rules = [{ id: 'tok', pattern: /tok_[a-z]+/ }]
    const text = `${' '.repeat(256 * 1024 - 10)}${value} end`
    const kept = redactSecrets({ rules, allow: [value] }).redact(text)
    // The tails compared, not the texts: a failure's diff of 256 KiB would take minutes.
    expect(kept.slice(-100)).toBe(text.slice(-100))
    expect(kept.length).toBe(text.length)
    expect(redactSecrets({ rules }).scan(text)).toHaveLength(1)
  })
})
