import { Buffer } from 'node:buffer'
import { readFile, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { ToolExecutionResult } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
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
import { useScratchFolder } from './__fixtures__/scratch-folder.js'

/** `outputBudget`: a result that fits goes back untouched; one over its budget is cut and spilled. */

const count = await loadO200kTokenCounter()
const scratch = useScratchFolder('output-budget-plugin-')

/** What the model is charged for a result's text. */
const tokensOf = (result: ToolExecutionResult) => count(textOf(result.content))

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

describe('outputBudget: a result that fits', () => {
  it('is untouched, and costs no count when its UTF-8 size is within the budget', async () => {
    const { registry, decisions } = budgetRegistry()
    const countTokens = countingSpy()
    registry.use(outputBudget({ maxTokens: 100, countTokens, spill: { dir: scratch() } }))
    // 100 bytes exactly: 50 two-byte characters.
    registry.register(answering('fits', [{ type: 'text', text: 'é'.repeat(50) }]))
    const result = await call(registry, 'fits')
    expect(result).toEqual({ content: [{ type: 'text', text: 'é'.repeat(50) }], isError: false })
    expect(countTokens.calls).toBe(0)
    expect(decisions).toEqual([])
    expect(await readdir(scratch())).toEqual([])
  })

  it('is counted, and untouched, when its UTF-8 size is over the budget but its tokens are not', async () => {
    const { registry, decisions } = budgetRegistry()
    const countTokens = countingSpy()
    registry.use(outputBudget({ maxTokens: 1_000, countTokens, spill: { dir: scratch() } }))
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
    registry.use(outputBudget({ maxTokens: 2_000, spill: { dir: join(scratch(), 'spill') } }))
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

    expect(dirname(path)).toBe(join(scratch(), 'spill'))
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
    registry.use(outputBudget({ maxTokens: 500, spill: { dir: scratch() } }))
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
    registry.use(outputBudget({ maxTokens: 300, spill: { dir: scratch() } }))
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
      registry.use(outputBudget({ maxTokens: 300, spill: { dir: join(scratch(), 'spill') } }))
      registry.register(answering('log', [{ type: 'text', text: serviceLog(20_000) }]))
      const path = spillPathOf(await call(registry, 'log', callId))
      expect(dirname(path)).toBe(join(scratch(), 'spill'))
      expect(await readdir(scratch())).toEqual(['spill'])
    },
  )

  it('never gives two calls one file, even with the same call id at the same time', async () => {
    const { registry } = budgetRegistry()
    registry.use(outputBudget({ maxTokens: 300, spill: { dir: scratch() } }))
    registry.register(answering('a', [{ type: 'text', text: serviceLog(20_000, 1) }]))
    registry.register(answering('b', [{ type: 'text', text: serviceLog(20_000, 2) }]))
    const [a, b] = await Promise.all([call(registry, 'a', 'same'), call(registry, 'b', 'same')])
    expect(spillPathOf(a)).not.toBe(spillPathOf(b))
    expect(await readFile(spillPathOf(a), 'utf8')).toBe(serviceLog(20_000, 1))
    expect(await readFile(spillPathOf(b), 'utf8')).toBe(serviceLog(20_000, 2))
  })

  it('replaces an image too large for the budget on its own by a line naming its type and size', async () => {
    const { registry } = budgetRegistry()
    registry.use(outputBudget({ maxTokens: 1_000, spill: { dir: scratch() } }))
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
    registry.use(outputBudget({ maxTokens: 300, spill: { dir: scratch() } }))
    registry.register(answering('tok', [{ type: 'text', text: '<|endoftext|> '.repeat(2_000) }]))
    const result = await call(registry, 'tok')
    expect(result.isError).toBe(false)
    expect(tokensOf(result)).toBeLessThanOrEqual(300)
  })
})
