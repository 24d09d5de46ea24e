import { asCallId } from '@toolpipe/core'
import { timeoutPolicy } from '@toolpipe/timeout-policy'
import type { ToolExecutionResult } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { answering, budgetRegistry, call, textOf } from './__fixtures__/budget-registry.js'
import { serviceLog } from './__fixtures__/outputs.js'
import { loadO200kTokenCounter, outputBudget } from './index.js'
import { useScratchFolder } from './__fixtures__/scratch-folder.js'

/** `outputBudget`: whose budget applies (the plugin's, a tool's own, a scope's), and the budget inside the timeout. */

const count = await loadO200kTokenCounter()
const scratch = useScratchFolder('output-budget-plugin-')

/** What the model is charged for a result's text. */
const tokensOf = (result: ToolExecutionResult) => count(textOf(result.content))

describe('outputBudget: budgets', () => {
  it('uses a tool’s own maxOutputTokens in place of the plugin’s, higher or lower', async () => {
    const { registry } = budgetRegistry()
    registry.use(outputBudget({ maxTokens: 1_000, spill: { dir: scratch() } }))
    const text = serviceLog(30_000)
    registry.register(answering('lower', [{ type: 'text', text }], { maxOutputTokens: 200 }))
    registry.register(answering('higher', [{ type: 'text', text }], { maxOutputTokens: 100_000 }))
    registry.register(answering('plain', [{ type: 'text', text }]))
    const lower = await call(registry, 'lower')
    expect(tokensOf(lower)).toBeLessThanOrEqual(200)
    expect(tokensOf(lower)).toBeGreaterThan(150)
    expect(await call(registry, 'higher')).toMatchObject({ content: [{ type: 'text', text }] })
    const plain = await call(registry, 'plain')
    expect(tokensOf(plain)).toBeLessThanOrEqual(1_000)
    expect(tokensOf(plain)).toBeGreaterThan(900)
  })

  it('reads the budget of the tool the call’s scope sees', async () => {
    const { registry } = budgetRegistry()
    registry.use(outputBudget({ maxTokens: 1_000, spill: { dir: scratch() } }))
    const text = serviceLog(30_000)
    registry.register(answering('log', [{ type: 'text', text }]))
    const agent = { id: 'a' }
    registry
      .scope(agent)
      .register(answering('log', [{ type: 'text', text }], { maxOutputTokens: 100 }))
    const scoped = await registry.execute({
      callId: asCallId('c'),
      name: 'log',
      arguments: {},
      agent,
    })
    expect(tokensOf(scoped)).toBeLessThanOrEqual(100)
    expect(tokensOf(await call(registry, 'log'))).toBeGreaterThan(900)
  })

  it('defaults to 25,000 tokens', async () => {
    const { registry } = budgetRegistry()
    registry.use(outputBudget({ spill: { dir: scratch() } }))
    registry.register(answering('log', [{ type: 'text', text: serviceLog(400_000) }]))
    const tokens = tokensOf(await call(registry, 'log'))
    expect(tokens).toBeLessThanOrEqual(25_000)
    expect(tokens).toBeGreaterThan(24_000)
  })

  it('follows the preview split', async () => {
    const { registry } = budgetRegistry()
    registry.use(
      outputBudget({ maxTokens: 2_000, preview: { headTokens: 100, tailTokens: 0 }, spill: false }),
    )
    const text = serviceLog(30_000)
    registry.register(answering('log', [{ type: 'text', text }]))
    const cut = textOf((await call(registry, 'log')).content)
    const noticeStart = cut.lastIndexOf('\n[…') + 1
    expect(cut.slice(noticeStart)).toMatch(
      /^\[… \d+ tokens omitted \(\d+ bytes\); the full output was dropped …\]$/,
    )
    const head = cut.slice(0, noticeStart)
    expect(text.startsWith(head)).toBe(true)
    expect(count(head)).toBeLessThanOrEqual(100)
    expect(count(head)).toBeGreaterThan(60)
  })
})

describe('outputBudget: inside the timeout', () => {
  it('cuts before the timeout policy and every wrapper installed before it see the result', async () => {
    const { registry } = budgetRegistry()
    const seen: string[] = []
    registry.on('tools/execute', async (_exec, next) => {
      const result = await next()
      seen.push(textOf(result.content))
      return result
    })
    registry.use(timeoutPolicy())
    registry.use(outputBudget({ maxTokens: 300, spill: false }))
    registry.register(
      answering('log', [{ type: 'text', text: serviceLog(20_000) }], { timeoutMs: 60_000 }),
    )
    const result = await call(registry, 'log')
    expect(seen).toEqual([textOf(result.content)])
    expect(count(seen[0] ?? '')).toBeLessThanOrEqual(300)
  })

  it('leaves a timeout result alone', async () => {
    const { registry } = budgetRegistry()
    registry.use(timeoutPolicy())
    registry.use(outputBudget({ maxTokens: 300, spill: false }))
    registry.register({
      ...answering('slow', []),
      timeoutMs: 10,
      execute: (_args, exec) =>
        new Promise((_resolve, reject) => {
          exec.signal?.addEventListener('abort', () => {
            reject(new Error(serviceLog(20_000)))
          })
        }),
    })
    expect(await call(registry, 'slow')).toEqual({
      content: [{ type: 'text', text: 'Error: tool call timed out after 10ms' }],
      isError: true,
      error: { name: 'ToolTimeoutError', code: 'TOOL_TIMEOUT' },
    })
  })
})
