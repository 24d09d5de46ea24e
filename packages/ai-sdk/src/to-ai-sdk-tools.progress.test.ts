import { createToolRegistry, defineTool } from '@toolpipe/tools'
import { describe, expect, it, vi } from 'vitest'
import { toAiSdkTools } from './index.js'
import type { AiSdkToolOutput, AiSdkToolProgress } from './index.js'
import { heldWrite } from '@toolpipe/adapter-testkit'
import { coder, invoke, outputsOf, probe } from './__fixtures__/invoke-ai-sdk-tool.js'

/** `toAiSdkTools`: progress streamed as preliminary results, and calls cancelled before their turn. */

describe('toAiSdkTools: progress and cancellation', () => {
  it('streams each progress report as a preliminary output, then the result', async () => {
    const registry = createToolRegistry()
    registry.register(
      defineTool({
        name: 'tests',
        description: 'Run the tests.',
        parameters: {},
        execute: (_args, exec) => {
          exec.reportProgress({ progress: 1, total: 2, message: 'a.test.ts' })
          exec.reportProgress({ progress: 2, total: 2, content: [{ type: 'text', text: 'ok' }] })
          return Promise.resolve([{ type: 'text', text: '2 passed' }])
        },
      }),
    )
    const outputs = await outputsOf(toAiSdkTools(registry).tests, {})
    expect(outputs).toEqual([
      { preliminary: true, update: { progress: 1, total: 2, message: 'a.test.ts' } },
      {
        preliminary: true,
        update: { progress: 2, total: 2, content: [{ type: 'text', text: 'ok' }] },
      },
      { isError: false, content: [{ type: 'text', text: '2 passed' }] },
    ])
    expect(Object.isFrozen((outputs[0] as AiSdkToolProgress).update)).toBe(true)
  })

  it('observes the registry once for all the calls in flight, and not at all when none is (issue #34)', async () => {
    const registry = createToolRegistry()
    let release!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    registry.register({
      ...defineTool({
        name: 'wait',
        description: 'Wait, reporting progress.',
        parameters: { n: { type: 'integer', required: true } },
        async execute({ n }, exec) {
          await gate
          exec.reportProgress({ progress: n })
          return [{ type: 'text', text: String(n) }]
        },
      }),
      concurrencySafe: true,
    })
    const on = vi.spyOn(registry, 'on')
    const wait = toAiSdkTools(registry).wait
    const calls = Array.from({ length: 200 }, (_, n) => outputsOf(wait, { n }))
    await vi.waitFor(() => {
      expect(on).toHaveBeenCalled()
    })
    // One tools/start and one tools/progress observer for the 200 calls, not a pair per call.
    expect(on.mock.calls.map(([event]) => event)).toEqual(['tools/start', 'tools/progress'])
    release()
    const outputs = await Promise.all(calls)
    expect(
      outputs.every((each, n) => {
        const [update, result] = each
        return (
          update !== undefined &&
          'preliminary' in update &&
          update.update.progress === n &&
          result !== undefined &&
          !('preliminary' in result) &&
          result.content[0]?.type === 'text' &&
          result.content[0].text === String(n)
        )
      }),
    ).toBe(true)
    // All settled: the observers are gone; the next call installs them again.
    await outputsOf(wait, { n: 0 })
    expect(on).toHaveBeenCalledTimes(4)
  })

  it('lets a reader stop early: the call runs on to its end, and nothing is left waiting', async () => {
    const registry = createToolRegistry()
    const finished: string[] = []
    registry.on('tools/result', (exec) => void finished.push(exec.callId))
    registry.register(
      defineTool({
        name: 'steps',
        description: 'Report, then finish.',
        parameters: {},
        async execute(_args, exec) {
          exec.reportProgress({ message: 'first' })
          await Promise.resolve()
          exec.reportProgress({ message: 'second' })
          return [{ type: 'text', text: 'done' }]
        },
      }),
    )
    const steps = toAiSdkTools(registry).steps
    const returned = steps?.execute?.({}, { toolCallId: 'early', messages: [], context: {} })
    if (returned === undefined || !(Symbol.asyncIterator in returned)) throw new Error('no stream')
    for await (const output of returned) {
      expect(output).toEqual({ preliminary: true, update: { message: 'first' } })
      break
    }
    await vi.waitFor(() => {
      expect(finished).toEqual(['early'])
    })
    const iterator = returned[Symbol.asyncIterator]()
    expect(await iterator.next()).toEqual({ done: true, value: undefined })
  })

  it('gives each call its own progress, when safe calls overlap', async () => {
    const registry = createToolRegistry()
    let release!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    registry.register({
      ...defineTool({
        name: 'scan',
        description: 'Scan a folder.',
        parameters: { folder: { type: 'string', required: true } },
        async execute({ folder }, exec) {
          exec.reportProgress({ message: `${folder}: started` })
          await gate
          exec.reportProgress({ message: `${folder}: done` })
          return [{ type: 'text', text: folder }]
        },
      }),
      concurrencySafe: true,
    })
    const scan = toAiSdkTools(registry).scan
    const both = Promise.all([
      outputsOf(scan, { folder: 'src' }),
      outputsOf(scan, { folder: 'docs' }),
    ])
    await new Promise((resolve) => setTimeout(resolve, 5))
    release()
    const [src, docs] = await both
    const messages = (outputs: AiSdkToolOutput[]) =>
      outputs.map((output) => ('preliminary' in output ? output.update.message : 'result'))
    expect(messages(src)).toEqual(['src: started', 'src: done', 'result'])
    expect(messages(docs)).toEqual(['docs: started', 'docs: done', 'result'])
  })

  it('ends a call whose signal aborts while it waits its turn as CANCELLED, without running it, observers told', async () => {
    const registry = createToolRegistry()
    const { definition, ran, finish } = heldWrite()
    const observed: [string, string | undefined][] = []
    registry.register(definition)
    registry.on('tools/result', (exec, result) => {
      observed.push([exec.callId, result.error?.code])
    })
    const tools = toAiSdkTools(registry)
    const controller = new AbortController()
    const first = invoke(tools.write, { path: 'first' })
    const second = invoke(tools.write, { path: 'second' }, controller.signal)
    await new Promise((resolve) => setTimeout(resolve, 5))
    controller.abort()
    expect(await second).toMatchObject({
      content: [
        { type: 'text', text: 'Error: the call of tool "write" was cancelled before it started' },
      ],
      isError: true,
      error: { name: 'ToolCancelledError', code: 'CANCELLED' },
    })
    finish()
    expect(await first).toMatchObject({ isError: false })
    expect(ran).toEqual(['first'])
    expect(observed.map(([, code]) => code)).toEqual(['CANCELLED', undefined])
  })

  it('cancels at once a call whose signal aborted before it was made', async () => {
    const registry = createToolRegistry()
    const { definition, calls } = probe()
    registry.register(definition)
    expect(await invoke(toAiSdkTools(registry).probe, {}, AbortSignal.abort())).toMatchObject({
      error: { code: 'CANCELLED' },
    })
    expect(calls).toEqual([])
  })

  it('runs a scope’s calls after the scope was disposed, without progress', async () => {
    const registry = createToolRegistry()
    registry.register(
      defineTool({
        name: 'report',
        description: 'Reports.',
        parameters: {},
        execute: (_args, exec) => {
          exec.reportProgress({ message: 'half way' })
          return Promise.resolve([{ type: 'text', text: 'done' }])
        },
      }),
    )
    const scoped = registry.scope(coder)
    const tools = toAiSdkTools(scoped)
    expect((await outputsOf(tools.report, {})).length).toBe(2)
    scoped.dispose()
    expect(await outputsOf(tools.report, {})).toEqual([
      { isError: false, content: [{ type: 'text', text: 'done' }] },
    ])
  })
})
