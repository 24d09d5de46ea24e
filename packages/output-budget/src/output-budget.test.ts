import { Buffer } from 'node:buffer'
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { asCallId } from '@toolpipe/core'
import { timeoutPolicy } from '@toolpipe/timeout-policy'
import type { ToolExecutionResult } from '@toolpipe/tools'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  answering,
  budgetRegistry,
  call,
  isDeepFrozen,
  noticeLine,
  spillPathOf,
  textOf,
} from './__fixtures__/budget-registry.js'
import { hostileCallIds } from './__fixtures__/hostile-call-ids.js'
import { serviceLog } from './__fixtures__/outputs.js'
import { loadO200kTokenCounter, outputBudget } from './index.js'
import type { TokenCounter } from './index.js'

let count: TokenCounter
let scratch: string
beforeAll(async () => {
  count = await loadO200kTokenCounter()
})
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'output-budget-plugin-'))
})
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true })
})

/** A counter that counts its calls and answers what the real one does. */
function countingSpy(): TokenCounter & { calls: number } {
  const spy = Object.assign(
    (text: string) => {
      spy.calls++
      return count(text)
    },
    { calls: 0 },
  )
  return spy
}

/** What the model is charged for a result's text. */
const tokensOf = (result: ToolExecutionResult) => count(textOf(result.content))

describe('outputBudget: a result that fits', () => {
  it('is untouched, and costs no count when its UTF-8 size is within the budget', async () => {
    const { registry, decisions } = budgetRegistry()
    const countTokens = countingSpy()
    registry.use(outputBudget({ maxTokens: 100, countTokens, spill: { dir: scratch } }))
    // 100 bytes exactly: 50 two-byte characters.
    registry.register(answering('fits', [{ type: 'text', text: 'é'.repeat(50) }]))
    const result = await call(registry, 'fits')
    expect(result).toEqual({ content: [{ type: 'text', text: 'é'.repeat(50) }], isError: false })
    expect(countTokens.calls).toBe(0)
    expect(decisions).toEqual([])
    expect(await readdir(scratch)).toEqual([])
  })

  it('is counted, and untouched, when its UTF-8 size is over the budget but its tokens are not', async () => {
    const { registry, decisions } = budgetRegistry()
    const countTokens = countingSpy()
    registry.use(outputBudget({ maxTokens: 1_000, countTokens, spill: { dir: scratch } }))
    const text = 'the quick brown fox jumps over the lazy dog. '.repeat(60) // 2,700 bytes
    expect(count(text)).toBeLessThan(1_000)
    registry.register(answering('log', [{ type: 'text', text }]))
    expect((await call(registry, 'log')).content).toEqual([{ type: 'text', text }])
    expect(countTokens.calls).toBeGreaterThan(0)
    expect(decisions).toEqual([])
  })
})

describe('outputBudget: a result over its budget', () => {
  it('is cut to head, notice and tail within the budget, the whole text in a 0600 file', async () => {
    const { registry, decisions } = budgetRegistry()
    registry.use(outputBudget({ maxTokens: 2_000, spill: { dir: join(scratch, 'spill') } }))
    const text = serviceLog(300_000)
    registry.register(answering('log', [{ type: 'text', text }]))
    const result = await call(registry, 'log', 'call_abc')

    expect(result.isError).toBe(false)
    expect(result.content).toHaveLength(1)
    expect(tokensOf(result)).toBeLessThanOrEqual(2_000)
    const cut = textOf(result.content)
    const [line = '', estimate, tokens, bytes, path = ''] = noticeLine.exec(cut) ?? []
    const [head = '', tail = ''] = cut.split(line)
    expect(text.startsWith(head)).toBe(true)
    expect(text.endsWith(tail.slice(1))).toBe(true)
    const omitted = text.slice(head.length, text.length - (tail.length - 1))
    expect(Number(bytes)).toBe(Buffer.byteLength(omitted))
    expect(estimate).toBe('')
    expect(Number(tokens)).toBe(count(omitted))

    expect(dirname(path)).toBe(join(scratch, 'spill'))
    expect(path).toMatch(/\/call_abc-[0-9a-f]{12}\.txt$/)
    expect(await readFile(path, 'utf8')).toBe(text)
    expect((await stat(path)).mode & 0o777).toBe(0o600)
    expect((await stat(dirname(path))).mode & 0o777).toBe(0o700)

    expect(decisions).toEqual([
      {
        stage: 'post',
        outcome: 'edit',
        source: { kind: 'output-budget' },
        reason: expect.stringContaining(path) as string,
      },
    ])
  })

  it('stays a frozen snapshot, keeps structured, meta and the success, and cuts only content', async () => {
    const { registry } = budgetRegistry()
    registry.use(outputBudget({ maxTokens: 500, spill: { dir: scratch } }))
    const rows = Array.from({ length: 2_000 }, (_, index) => ({ id: index, line: `row ${index}` }))
    registry.register(
      answering('rows', [{ type: 'text', text: JSON.stringify(rows) }], {
        structured: { rows },
        meta: { shown: 'all' },
      }),
    )
    const result = await call(registry, 'rows')
    expect(result.isError).toBe(false)
    expect(result.structured).toEqual({ rows })
    expect(result.meta).toEqual({ shown: 'all' })
    expect(tokensOf(result)).toBeLessThanOrEqual(500)
    expect(isDeepFrozen(result)).toBe(true)
    expect(await readFile(spillPathOf(result), 'utf8')).toBe(JSON.stringify(rows))
  })

  it('cuts an error result too, and it stays the same error', async () => {
    const { registry } = budgetRegistry()
    registry.use(outputBudget({ maxTokens: 300, spill: { dir: scratch } }))
    registry.register(
      answering('crash', [{ type: 'text', text: serviceLog(50_000) }], { fail: true }),
    )
    const result = await call(registry, 'crash')
    expect(result).toMatchObject({
      isError: true,
      error: { name: 'ToolFailedError', code: 'TOOL_FAILED' },
    })
    expect(tokensOf(result)).toBeLessThanOrEqual(300)
    expect(textOf(result.content).startsWith('Error: ')).toBe(true)
  })

  it('says the full output was dropped with spill: false, and writes nothing', async () => {
    const { registry } = budgetRegistry()
    registry.use(outputBudget({ maxTokens: 300, spill: false }))
    registry.register(answering('log', [{ type: 'text', text: serviceLog(50_000) }]))
    const result = await call(registry, 'log')
    expect(textOf(result.content)).toMatch(
      /\n\[… \d+ tokens omitted \(\d+ bytes\); the full output was dropped …\]\n/,
    )
    expect(tokensOf(result)).toBeLessThanOrEqual(300)
  })

  it('spills into a private 0700 folder of its own under the OS temporary folder by default', async () => {
    const { registry } = budgetRegistry()
    registry.use(outputBudget({ maxTokens: 300 }))
    registry.register(answering('log', [{ type: 'text', text: serviceLog(50_000) }]))
    const first = spillPathOf(await call(registry, 'log'))
    const second = spillPathOf(await call(registry, 'log'))
    const folder = dirname(first)
    try {
      expect(dirname(folder)).toBe(tmpdir())
      expect((await stat(folder)).mode & 0o777).toBe(0o700)
      expect(dirname(second)).toBe(folder)
      expect(second).not.toBe(first)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  it.each(hostileCallIds)(
    'keeps the spill file of call id $label inside the folder',
    async ({ callId }) => {
      const { registry } = budgetRegistry()
      registry.use(outputBudget({ maxTokens: 300, spill: { dir: join(scratch, 'spill') } }))
      registry.register(answering('log', [{ type: 'text', text: serviceLog(20_000) }]))
      const path = spillPathOf(await call(registry, 'log', callId))
      expect(dirname(path)).toBe(join(scratch, 'spill'))
      expect(await readdir(scratch)).toEqual(['spill'])
    },
  )

  it('never gives two calls one file, even with the same call id at the same time', async () => {
    const { registry } = budgetRegistry()
    registry.use(outputBudget({ maxTokens: 300, spill: { dir: scratch } }))
    registry.register(answering('a', [{ type: 'text', text: serviceLog(20_000, 1) }]))
    registry.register(answering('b', [{ type: 'text', text: serviceLog(20_000, 2) }]))
    const [a, b] = await Promise.all([call(registry, 'a', 'same'), call(registry, 'b', 'same')])
    expect(spillPathOf(a)).not.toBe(spillPathOf(b))
    expect(await readFile(spillPathOf(a), 'utf8')).toBe(serviceLog(20_000, 1))
    expect(await readFile(spillPathOf(b), 'utf8')).toBe(serviceLog(20_000, 2))
  })

  it('replaces an image too large for the budget on its own by a line naming its type and size', async () => {
    const { registry } = budgetRegistry()
    registry.use(outputBudget({ maxTokens: 1_000, spill: { dir: scratch } }))
    const data = Buffer.alloc(3_000, 1).toString('base64') // 4,000 bytes of base64
    registry.register(
      answering('shot', [
        { type: 'text', text: 'screenshot:' },
        { type: 'image', data, mimeType: 'image/png' },
      ]),
    )
    const result = await call(registry, 'shot')
    expect(result.content[0]).toEqual({ type: 'text', text: 'screenshot:' })
    expect(textOf([result.content[1]!])).toMatch(
      /^\[… image block omitted \(image\/png, 4000 bytes\); it is in \S+\.png …\]$/,
    )
  })

  it('counts a text holding special-token markers as the text it is', async () => {
    const { registry } = budgetRegistry()
    registry.use(outputBudget({ maxTokens: 300, spill: { dir: scratch } }))
    registry.register(answering('tok', [{ type: 'text', text: '<|endoftext|> '.repeat(2_000) }]))
    const result = await call(registry, 'tok')
    expect(result.isError).toBe(false)
    expect(tokensOf(result)).toBeLessThanOrEqual(300)
  })
})

describe('outputBudget: budgets', () => {
  it('uses a tool’s own maxOutputTokens in place of the plugin’s, higher or lower', async () => {
    const { registry } = budgetRegistry()
    registry.use(outputBudget({ maxTokens: 1_000, spill: { dir: scratch } }))
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
    registry.use(outputBudget({ maxTokens: 1_000, spill: { dir: scratch } }))
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
    registry.use(outputBudget({ spill: { dir: scratch } }))
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

describe('outputBudget: its own failures never fail the call', () => {
  it('counts UTF-8 bytes when countTokens throws, and warns', async () => {
    const { registry, logger } = budgetRegistry()
    registry.use(
      outputBudget({
        maxTokens: 500,
        countTokens: () => {
          throw new Error('no tokenizer')
        },
        spill: { dir: scratch },
      }),
    )
    registry.register(answering('log', [{ type: 'text', text: serviceLog(20_000) }]))
    const result = await call(registry, 'log')
    expect(result.isError).toBe(false)
    expect(Buffer.byteLength(textOf(result.content))).toBeLessThanOrEqual(500)
    expect(logger.warnings[0]?.[0]).toMatch(/countTokens failed/)
  })

  it('says the output was dropped when its file cannot be written, and warns', async () => {
    const { registry, logger } = budgetRegistry()
    const { writeFile } = await import('node:fs/promises')
    await writeFile(join(scratch, 'file'), '')
    registry.use(outputBudget({ maxTokens: 300, spill: { dir: join(scratch, 'file', 'spill') } }))
    registry.register(answering('log', [{ type: 'text', text: serviceLog(20_000) }]))
    const result = await call(registry, 'log')
    expect(result.isError).toBe(false)
    expect(textOf(result.content)).toMatch(
      /the full output was dropped \(it could not be saved: E[A-Z]+\)/,
    )
    expect(logger.warnings[0]?.[0]).toMatch(/could not be saved/)
  })

  it('keeps the cut when the decision cannot be recorded, and warns', async () => {
    const { registry, logger } = budgetRegistry()
    const failing = {
      ...registry,
      reportDecision: () => {
        throw new Error('record closed')
      },
    }
    outputBudget({ maxTokens: 300, spill: false })(failing)
    registry.register(answering('log', [{ type: 'text', text: serviceLog(20_000) }]))
    const result = await call(registry, 'log')
    expect(result.isError).toBe(false)
    expect(tokensOf(result)).toBeLessThanOrEqual(300)
    expect(logger.warnings.map(([message]) => message)).toEqual([
      expect.stringMatching(/the cut could not be recorded$/) as string,
    ])
  })

  it('survives a logger that throws', async () => {
    const { registry } = budgetRegistry()
    vi.spyOn(registry.logger, 'warn').mockImplementation(() => {
      throw new Error('logger down')
    })
    registry.use(outputBudget({ maxTokens: 300, countTokens: () => Number.NaN, spill: false }))
    registry.register(answering('log', [{ type: 'text', text: serviceLog(20_000) }]))
    expect((await call(registry, 'log')).isError).toBe(false)
  })

  it('is removed by its disposer', async () => {
    const { registry } = budgetRegistry()
    const dispose = registry.use(outputBudget({ maxTokens: 300, spill: false }))
    const text = serviceLog(20_000)
    registry.register(answering('log', [{ type: 'text', text }]))
    dispose()
    expect(textOf((await call(registry, 'log')).content)).toBe(text)
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
