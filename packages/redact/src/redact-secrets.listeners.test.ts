import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { callInput } from '@toolpipe/call-inputs'
import type { HookContext } from '@toolpipe/core'
import { commandHooks } from '@toolpipe/hooks'
import { createToolRegistry } from '@toolpipe/tools'
import type { PostToolDecision, ToolExecutionResult, ToolRegistry } from '@toolpipe/tools'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { github, tool } from './__fixtures__/tools.js'
import { redactSecrets } from './redact-secrets.js'
import type { RedactSecretsOptions } from './redact-secrets.js'

// SPEC §25: applied "before anyone after the tool sees it (post-execute listeners, the model,
// output budget, spill files, observers, cards)" — for what a post-execute listener or a command
// hook (SPEC §19) writes into the result after the tool too: a block's feedback, an accept's
// content, the additional context of a PostToolUse or a PreToolUse hook.

const redacted = '[REDACTED:github]'
const words = (text: string) => [{ type: 'text' as const, text }]
const context = (text: string): HookContext => ({
  content: words(text),
  source: { kind: 'plugin', plugin: 'review' },
})

/** A registry with the plugin and one tool, and what the observers saw. */
function watched(options?: RedactSecretsOptions) {
  const registry = createToolRegistry({ logger: { warn: () => undefined } })
  registry.use(redactSecrets(options))
  registry.register(tool('shell', words('ran')))
  const observed: ToolExecutionResult[] = []
  registry.on('tools/result', (_exec, result) => {
    observed.push(result)
  })
  const call = async () => {
    const result = await registry.execute(callInput('shell', {}, { agent: { id: 'a' } }))
    expect(observed).toEqual([result])
    expect(JSON.stringify([result, observed])).not.toContain(github)
    return result
  }
  return { registry, call }
}

describe('§25 redactSecrets() reaches what a post-execute listener writes', () => {
  it.each<[string, PostToolDecision, Partial<ToolExecutionResult>]>([
    [
      'a block’s feedback',
      { kind: 'block', feedback: words(`blocked: env holds ${github}`) },
      { content: words(`blocked: env holds ${redacted}`), isError: true },
    ],
    [
      'an accept’s content',
      { kind: 'accept', content: words(`edited ${github}`) },
      { content: words(`edited ${redacted}`), isError: false },
    ],
    [
      'an accept’s additional context',
      { kind: 'accept', additionalContext: context(`remember ${github}`) },
      { content: words('ran'), additionalContext: context(`remember ${redacted}`) },
    ],
  ])('%s: the result and every observer', async (_label, decision, expected) => {
    const { registry, call } = watched()
    registry.on('tools/post-execute', () => decision)
    expect(await call()).toMatchObject(expected)
  })

  it('with mask, masks it; with block, redacts it (the listener’s text is not the tool’s result)', async () => {
    const masked = watched({ action: 'mask' })
    masked.registry.on('tools/post-execute', () => ({ kind: 'block', feedback: words(github) }))
    expect((await masked.call()).content).toEqual(words(`ghp_${'*'.repeat(32)}2345`))
    const blocked = watched({ action: 'block' })
    blocked.registry.on('tools/post-execute', () => ({ kind: 'block', feedback: words(github) }))
    const result = await blocked.call()
    expect(result.isError && result.error.code).toBe('POST_BLOCKED')
    expect(result.content).toEqual(words(redacted))
  })

  it('a listener’s thrown message (§6.3 step 10: it becomes the error result’s text)', async () => {
    const { registry, call } = watched()
    registry.on('tools/post-execute', () => {
      throw new Error(`boom ${github}`)
    })
    expect((await call()).content).toEqual(words(`Error: boom ${redacted}`))
  })
})

describe('§25 §19 redactSecrets() reaches what a command hook prints', () => {
  let root: string
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'redact-hooks-'))
  })
  afterEach(() => {
    rmSync(root, { recursive: true, force: true })
  })

  /** The hooks plugin, each event's hook printing `answer` as its JSON reply. */
  const hooked = (registry: ToolRegistry, answers: Record<string, unknown>) => {
    const hooks = Object.fromEntries(
      Object.entries(answers).map(([event, answer]) => {
        const file = join(root, `${event}.json`)
        writeFileSync(file, JSON.stringify(answer))
        return [event, [{ matcher: '.*', hooks: [{ type: 'command', command: `cat '${file}'` }] }]]
      }),
    )
    registry.use(commandHooks({ hooks, projectRoot: root }))
  }

  it('a PostToolUse block’s reason and additionalContext, a PreToolUse allow’s additionalContext', async () => {
    const { registry, call } = watched()
    hooked(registry, {
      PreToolUse: {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'allow',
          additionalContext: `pre saw ${github}`,
        },
      },
      PostToolUse: {
        decision: 'block',
        reason: `the output holds ${github}`,
        hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: `post ${github}` },
      },
    })
    expect(await call()).toEqual({
      content: [...words('ran'), ...words(`the output holds ${redacted}`)],
      isError: true,
      error: { name: 'ToolBlockedError', code: 'POST_BLOCKED' },
      additionalContext: {
        content: [...words(`pre saw ${redacted}`), ...words(`post ${redacted}`)],
        source: { kind: 'plugin', plugin: '@toolpipe/hooks' },
      },
    })
  })
  it('a hook’s systemMessage, as tools/hook-message observers are told it', async () => {
    const { registry, call } = watched()
    hooked(registry, { PostToolUse: { systemMessage: `the output holds ${github}` } })
    const told: unknown[] = []
    registry.on('tools/hook-message', (_exec, message) => void told.push(message))
    await call()
    expect(told).toEqual([`the output holds ${redacted}`])
  })
})
