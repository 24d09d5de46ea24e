import { Buffer } from 'node:buffer'
import { join } from 'node:path'
import type { ToolExecutionResult } from '@toolpipe/tools'
import { describe, expect, it, vi } from 'vitest'
import { answering, budgetRegistry, call, textOf } from './__fixtures__/budget-registry.js'
import { serviceLog } from './__fixtures__/outputs.js'
import { loadO200kTokenCounter, outputBudget } from './index.js'
import { useScratchFolder } from './__fixtures__/scratch-folder.js'

/** `outputBudget`: its own failures (counter, spill folder, decision record, logger) never fail the call. */

const count = await loadO200kTokenCounter()
const scratch = useScratchFolder('output-budget-plugin-')

/** What the model is charged for a result's text. */
const tokensOf = (result: ToolExecutionResult) => count(textOf(result.content))

describe('outputBudget: its own failures never fail the call', () => {
  it('counts UTF-8 bytes when countTokens throws, and warns', async () => {
    const { registry, logger } = budgetRegistry()
    registry.use(
      outputBudget({
        maxTokens: 500,
        countTokens: () => {
          throw new Error('no tokenizer')
        },
        spill: { dir: scratch() },
      }),
    )
    registry.register(answering('log', [{ type: 'text', text: serviceLog(20_000) }]))
    const result = await call(registry, 'log')
    expect(result.isError).toBe(false)
    expect(Buffer.byteLength(textOf(result.content))).toBeLessThanOrEqual(500)
    expect(logger.warnings[0]?.[0]).toMatch(/countTokens failed/)
    // Bytes are no token count: the notice says N is an estimate (SPEC §20, `~N`).
    expect(textOf(result.content)).toMatch(/\[… ~\d+ tokens omitted \(\d+ bytes\)/u)
  })

  it('says the output was dropped when its file cannot be written, and warns', async () => {
    const { registry, logger } = budgetRegistry()
    const { writeFile } = await import('node:fs/promises')
    await writeFile(join(scratch(), 'file'), '')
    registry.use(outputBudget({ maxTokens: 300, spill: { dir: join(scratch(), 'file', 'spill') } }))
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
