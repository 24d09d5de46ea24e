import { callInput } from '@toolpipe/call-inputs'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolDecision, ToolDefinition, ToolExecutionResult } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { github, tool } from './__fixtures__/tools.js'
import { redactSecrets } from './redact-secrets.js'
import type { RedactSecretsOptions } from './redact-secrets.js'

// SPEC §25: applied to every result "before anyone after the tool sees it (post-execute
// listeners, the model, …)"; block → `SECRET_BLOCKED` "naming the rule and line, never the value".

/** A registry with the plugin, `definition` registered, and what each stage after it saw. */
function pipeline(definition: ToolDefinition, options?: RedactSecretsOptions) {
  const registry = createToolRegistry({ logger: { warn: () => undefined } })
  registry.use(redactSecrets(options))
  const postExecute: ToolExecutionResult[] = []
  const observed: ToolExecutionResult[] = []
  const decisions: ToolDecision[] = []
  registry.on('tools/post-execute', (_exec, result) => {
    postExecute.push(result)
    return { kind: 'accept' }
  })
  registry.on('tools/result', (_exec, result) => {
    observed.push(result)
  })
  registry.on('tools/decision', (_exec, decision) => {
    decisions.push(decision)
  })
  registry.register(definition)
  const call = () => registry.execute(callInput(definition.name))
  return { call, postExecute, observed, decisions }
}

const throwing: ToolDefinition = {
  ...tool('login', []),
  execute: () => Promise.reject(new Error(`login refused for token ${github}`)),
}

describe('§25 redactSecrets() through the pipeline', () => {
  it('a tool that throws with a secret in its message gets an error result with it redacted', async () => {
    const { call, postExecute, observed, decisions } = pipeline(throwing)
    const result = await call()
    expect(result.isError).toBe(true)
    expect(result.error).toEqual({ name: 'ToolFailedError', code: 'TOOL_FAILED' })
    expect(result.content).toEqual([
      { type: 'text', text: 'Error: login refused for token [REDACTED:github]' },
    ])
    for (const seen of [result, ...postExecute, ...observed]) {
      expect(JSON.stringify(seen)).not.toContain(github)
    }
    expect(decisions).toMatchObject([{ stage: 'post', source: { kind: 'redact', id: 'github' } }])
  })

  it('with block, a tool that throws with a secret becomes SECRET_BLOCKED, never the value', async () => {
    const { call, postExecute } = pipeline(throwing, { action: 'block' })
    const result = await call()
    expect(result.error).toEqual({ name: 'SecretBlockedError', code: 'SECRET_BLOCKED' })
    expect(JSON.stringify([result, postExecute])).not.toContain(github)
  })

  it('a tools/post-execute listener sees the redacted result: text, structured value and meta', async () => {
    const { call, postExecute } = pipeline(
      tool('read_env', {
        content: [{ type: 'text', text: `GITHUB_TOKEN=${github}` }],
        structured: { token: github },
        meta: { output: `export GITHUB_TOKEN=${github}` },
      }),
    )
    await call()
    expect(postExecute).toHaveLength(1)
    expect(postExecute[0]).toMatchObject({
      content: [{ type: 'text', text: 'GITHUB_TOKEN=[REDACTED:github]' }],
      structured: { token: '[REDACTED:github]' },
      meta: { output: 'export GITHUB_TOKEN=[REDACTED:github]' },
    })
  })

  it('a secret in a key of the structured value is renamed, its value kept', async () => {
    const { call, postExecute, decisions } = pipeline(
      tool('tokens', {
        content: [{ type: 'text', text: 'ok' }],
        structured: { plain: 1, [github]: { scopes: 'repo' } },
      }),
    )
    const result = await call()
    expect(result.structured).toEqual({ plain: 1, '[REDACTED:github]': { scopes: 'repo' } })
    expect(postExecute[0]?.structured).toEqual(result.structured)
    expect(decisions.map((decision) => decision.reason)).toEqual([
      'a secret (rule "github") on line 1 of structured (a key): redacted',
    ])
  })

  it('with block, a secret in a key withholds the result, the error naming the place, not the value', async () => {
    const { call } = pipeline(
      tool('tokens', {
        content: [{ type: 'text', text: 'ok' }],
        structured: { config: { [github]: `granted to ${github}` } },
      }),
      { action: 'block' },
    )
    const result = await call()
    expect(result.error).toEqual({ name: 'SecretBlockedError', code: 'SECRET_BLOCKED' })
    expect(result.content).toEqual([
      {
        type: 'text',
        text: 'Error: the result was withheld: it holds a secret (rule "github", line 1 of structured.config (a key)) and 1 more',
      },
    ])
    expect(JSON.stringify(result)).not.toContain(github)
  })
})
