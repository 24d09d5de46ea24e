import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { callInput } from '@toolpipe/call-inputs'
import { outputBudget } from '@toolpipe/output-budget'
import { createToolRegistry, shownValue } from '@toolpipe/tools'
import type { ApprovalRequest } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { github, tool } from './__fixtures__/tools.js'
import { redactSecrets } from './redact-secrets.js'

// SPEC §25: "Compose order: `redactSecrets()` before `outputBudget()`, so no spill file holds a
// secret", and the arguments in `ApprovalRequest`/cards are redacted too.

describe.each([
  ['redactSecrets() then outputBudget() (the SPEC’s order)', 'redact first'],
  ['outputBudget() then redactSecrets()', 'budget first'],
] as const)('installed as %s', (_title, order) => {
  it('the budget spills only redacted text, and the model sees none', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'toolpipe-redact-order-')), 'spill')
    const registry = createToolRegistry({ logger: { warn: () => undefined } })
    const install = [
      () => registry.use(redactSecrets()),
      () => registry.use(outputBudget({ spill: { dir } })),
    ]
    if (order === 'budget first') install.reverse()
    for (const use of install) use()
    const long = Array.from({ length: 3000 }, (_, line) => `line ${String(line)} T=${github}`)
    registry.register(
      tool('big', [{ type: 'text', text: long.join('\n') }], { maxOutputTokens: 200 }),
    )
    const result = await registry.execute(callInput('big'))
    expect(JSON.stringify(result.content)).not.toContain(github)
    const [file] = readdirSync(dir)
    const spilled = readFileSync(join(dir, file ?? ''), 'utf8')
    expect(spilled).toContain('T=[REDACTED:github]')
    expect(spilled).not.toContain(github)
  })
})

describe('the plugin alone keeps secrets out of what a person is asked', () => {
  it('redacts the arguments and the card of an ApprovalRequest, the tool still runs with its own', async () => {
    const asked: ApprovalRequest[] = []
    let ranWith: unknown
    const registry = createToolRegistry({
      approval: {
        request: (request) => {
          asked.push(request)
          return Promise.resolve({ kind: 'allowed-once' })
        },
      },
    })
    const dispose = registry.use(redactSecrets())
    registry.register({
      ...tool('deploy', []),
      parameters: { type: 'object', properties: { token: { type: 'string' } } },
      execute: (args) => {
        ranWith = args
        return Promise.resolve([])
      },
      presentCall: (args) => ({
        card: 'generic',
        title: `deploy with ${(args as { token: string }).token}`,
      }),
    })
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    const call = () =>
      registry.execute(callInput('deploy', { token: github }, { agent: { id: 'main' } }))
    expect((await call()).isError).toBe(false)
    expect(asked[0]?.arguments).toEqual({ token: '[REDACTED:github]' })
    expect(asked[0]?.view).toEqual({ card: 'generic', title: 'deploy with [REDACTED:github]' })
    expect(ranWith).toEqual({ token: github })
    // A card a bridge draws itself goes through the same filter.
    expect(shownValue(registry, { card: 'terminal', title: `echo ${github}` })).toEqual({
      card: 'terminal',
      title: 'echo [REDACTED:github]',
    })
    dispose()
    await call()
    expect(asked[1]?.arguments).toEqual({ token: github })
  })
})
