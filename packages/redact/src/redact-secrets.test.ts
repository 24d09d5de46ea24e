import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { callInput } from '@toolpipe/call-inputs'
import { outputBudget } from '@toolpipe/output-budget'
import { createToolRegistry } from '@toolpipe/tools'
import type { ApprovalRequest, ToolDecision, ToolExecuteReturn } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { github, tool } from './__fixtures__/tools.js'
import { redactSecrets } from './redact-secrets.js'
import type { RedactSecretsOptions } from './redact-secrets.js'
import { SecretBlockedError } from './secret-blocked-error.js'

const npm = 'npm_abcdefghijABCDEFGHIJ0123456789abcdef'

function setup(
  options?: RedactSecretsOptions,
  returns: ToolExecuteReturn = [{ type: 'text', text: `cat .env\nGITHUB_TOKEN=${github}` }],
) {
  const warnings: string[] = []
  const registry = createToolRegistry({ logger: { warn: (message) => warnings.push(message) } })
  const decisions: ToolDecision[] = []
  registry.on('tools/decision', (_exec, decision) => {
    decisions.push(decision)
  })
  const redactor = redactSecrets(options)
  registry.use(redactor)
  registry.register(tool('read_env', returns))
  return {
    registry,
    decisions,
    warnings,
    redactor,
    call: () => registry.execute(callInput('read_env')),
  }
}

// SPEC §25: secrets never reach anyone after the tool; each finding is on the record, never the value.
describe('redactSecrets() in the pipeline', () => {
  it('redacts a secret in a text block, and records the finding without its value', async () => {
    const { call, decisions } = setup()
    const result = await call()
    expect(result.content).toEqual([
      { type: 'text', text: 'cat .env\nGITHUB_TOKEN=[REDACTED:github]' },
    ])
    expect(decisions).toEqual([
      {
        stage: 'post',
        outcome: 'edit',
        source: { kind: 'redact', id: 'github' },
        reason: 'a secret (rule "github") on line 2 of content[0].text: redacted',
      },
    ])
    expect(JSON.stringify(decisions)).not.toContain(github)
  })

  it('redacts every string of the structured value and the meta, leaving keys without secrets', async () => {
    const { call } = setup(undefined, {
      content: [{ type: 'text', text: 'ok' }],
      structured: { tokens: [{ name: 'ci', value: npm }], note: `use ${github}` },
      meta: { card: 'terminal', output: `NPM_TOKEN=${npm}` },
    })
    const result = await call()
    expect(result.structured).toEqual({
      tokens: [{ name: 'ci', value: '[REDACTED:npm]' }],
      note: 'use [REDACTED:github]',
    })
    expect(result.meta).toEqual({ card: 'terminal', output: 'NPM_TOKEN=[REDACTED:npm]' })
  })

  it('masks, keeping the first and last four characters', async () => {
    const { call, decisions } = setup({ action: 'mask' })
    const result = await call()
    expect(result.content).toEqual([
      { type: 'text', text: `cat .env\nGITHUB_TOKEN=ghp_${'*'.repeat(github.length - 8)}2345` },
    ])
    expect(decisions[0]?.reason).toMatch(/: masked$/u)
  })

  it('blocks: the result becomes SECRET_BLOCKED naming the rule and the line, never the value', async () => {
    const { call, decisions } = setup({ action: 'block' })
    const result = await call()
    expect(result.isError).toBe(true)
    expect(result.error).toEqual({ name: 'SecretBlockedError', code: 'SECRET_BLOCKED' })
    const text = JSON.stringify(result.content)
    expect(text).toContain('rule \\"github\\", line 2 of content[0].text')
    expect(text).not.toContain(github)
    expect(decisions).toMatchObject([
      { stage: 'post', outcome: 'block', source: { kind: 'redact', id: 'github' } },
    ])
  })

  it('leaves a result with no secret as it was, with no record', async () => {
    const { call, decisions } = setup(undefined, [
      { type: 'text', text: 'commit 0123abcd\nfix the greeting' },
    ])
    const result = await call()
    expect(result.content).toEqual([{ type: 'text', text: 'commit 0123abcd\nfix the greeting' }])
    expect(decisions).toEqual([])
  })

  it('keeps the values it is told to allow', async () => {
    const { call } = setup({ allow: [github] })
    expect((await call()).content).toEqual([
      { type: 'text', text: `cat .env\nGITHUB_TOKEN=${github}` },
    ])
  })

  it('runs rules of your own, with or without the g flag, a named group marking the value', async () => {
    const { redactor } = setup({
      rules: [
        { id: 'acme', pattern: /acme_[a-z]{8}/ },
        { id: 'pin', pattern: /pin=(?<secret>\d{4})/g, keywords: ['pin='] },
      ],
    })
    const text = 'acme_abcdefgh acme_ijklmnop pin=1234'
    expect(redactor.scan(text)).toEqual([
      { ruleId: 'acme', start: 0, end: 13, line: 1 },
      { ruleId: 'acme', start: 14, end: 27, line: 1 },
      { ruleId: 'pin', start: 32, end: 36, line: 1 },
    ])
    expect(redactor.redact({ note: text })).toEqual({
      note: '[REDACTED:acme] [REDACTED:acme] pin=[REDACTED:pin]',
    })
  })

  it('scans a text holding NUL characters too (`env -0` prints the environment that way)', async () => {
    const environment = `HOME=/home/dev\u0000GITHUB_TOKEN=${github}\u0000`
    const { call, warnings } = setup(undefined, [{ type: 'text', text: environment }])
    expect((await call()).content).toEqual([
      { type: 'text', text: 'HOME=/home/dev\u0000GITHUB_TOKEN=[REDACTED:github]\u0000' },
    ])
    expect(warnings).toEqual([])
  })

  it('asks the approval service with the arguments and the card redacted', async () => {
    const asked: ApprovalRequest[] = []
    const redactor = redactSecrets()
    const registry = createToolRegistry({
      approval: redactor.approvalService({
        request: (request) => {
          asked.push(request)
          return Promise.resolve({ kind: 'rejected' })
        },
      }),
    })
    registry.register(
      tool('deploy', [], {
        parameters: { type: 'object', properties: { token: { type: 'string' } } },
        presentCall: (args) => ({
          card: 'generic',
          title: `deploy with ${(args as { token: string }).token}`,
        }),
      }),
    )
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    const result = await registry.execute(
      callInput('deploy', { token: github }, { agent: { id: 'main' } }),
    )
    expect(result.error?.code).toBe('APPROVAL_REJECTED')
    expect(asked[0]?.arguments).toEqual({ token: '[REDACTED:github]' })
    expect(JSON.stringify(asked[0]?.view)).not.toContain(github)
  })

  it('composed inside outputBudget(): a spilled output holds no secret', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'toolpipe-redact-')), 'spill')
    const registry = createToolRegistry({ logger: { warn: () => undefined } })
    registry.use(outputBudget({ spill: { dir } }))
    registry.use(redactSecrets())
    const long = Array.from(
      { length: 3000 },
      (_, line) => `line ${String(line)} GITHUB_TOKEN=${github}`,
    ).join('\n')
    registry.register(tool('big', [{ type: 'text', text: long }], { maxOutputTokens: 200 }))
    const result = await registry.execute(callInput('big'))
    expect(JSON.stringify(result.content)).not.toContain(github)
    const [file] = readdirSync(dir)
    const spilled = readFileSync(join(dir, file ?? ''), 'utf8')
    expect(spilled).toContain('GITHUB_TOKEN=[REDACTED:github]')
    expect(spilled).not.toContain(github)
  })

  it.each<[unknown, string]>([
    [{ action: 'hide' }, 'redactSecrets: action must be'],
    [{ rules: 'recommended' }, 'redactSecrets: rules must be an array, got "recommended"'],
    [
      { rules: [{ id: '', pattern: /x/ }] },
      'redactSecrets: rules[0].id must be a non-empty string',
    ],
    [
      { rules: [{ id: 'a', pattern: 'x' }] },
      'redactSecrets: rules[0].pattern must be a RegExp, got "x"',
    ],
    [
      {
        rules: [
          { id: 'a', pattern: /x/ },
          { id: 'a', pattern: /y/ },
        ],
      },
      'redactSecrets: rules[1].id repeats the id "a"',
    ],
    [
      { rules: [{ id: 'a', pattern: /x/, keywords: [''] }] },
      'redactSecrets: rules[0].keywords must be',
    ],
    [{ allow: [1] }, 'redactSecrets: allow must be an array of non-empty strings'],
    [{ logger: {} }, 'redactSecrets: logger must have a warn function'],
  ])('refuses %j with INVALID_OPTIONS: %s', (options, message) => {
    expect(() => redactSecrets(options as RedactSecretsOptions)).toThrow(SecretBlockedError)
    expect(() => redactSecrets(options as RedactSecretsOptions)).toThrow(message)
  })
})
