import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, flushMicrotasks, recordingLogger, text, tool } from './__fixtures__/tools.js'
import type { ToolExecution } from './tool-execution.js'
import type { ToolProgress } from './tool-progress.js'
import { createToolRegistry } from './tool-registry.js'

function progressRegistry(run: (exec: ToolExecution) => unknown) {
  const logger = recordingLogger()
  const registry = createToolRegistry({ logger })
  registry.register(
    tool('tests', async (_args, exec) => {
      await run(exec)
      return [text('done')]
    }),
  )
  const updates: ToolProgress[] = []
  const execs: unknown[] = []
  registry.on('tools/progress', (exec, update) => {
    execs.push(exec)
    updates.push(update)
  })
  return { registry, updates, execs, logger }
}

describe('§12.2 exec.reportProgress → tools/progress observers', () => {
  it('hands each update to the observers synchronously, in order, with the call’s own execution', async () => {
    let seenBeforeReturn = -1
    const { registry, updates, execs } = progressRegistry((exec) => {
      exec.reportProgress({ progress: 1, total: 3, message: 'compiling' })
      seenBeforeReturn = updates.length
      exec.reportProgress({ progress: 2, total: 3, content: [text('12 passed')] })
      exec.reportProgress({})
    })
    const started: unknown[] = []
    registry.on('tools/start', (exec) => {
      started.push(exec)
    })
    await registry.execute(callInput('tests'))
    expect(seenBeforeReturn).toBe(1)
    expect(updates).toEqual([
      { progress: 1, total: 3, message: 'compiling' },
      { progress: 2, total: 3, content: [text('12 passed')] },
      {},
    ])
    expect(execs.every((exec) => exec === started[0])).toBe(true)
  })

  it('snapshots each update: a deep-frozen copy of the documented members, read once', async () => {
    const content = [text('partial')]
    let reads = 0
    const update = {
      get progress() {
        reads++
        return 5
      },
      content,
      extra: 'not copied',
    }
    const { registry, updates } = progressRegistry((exec) => {
      exec.reportProgress(update)
      content[0] = text('changed')
    })
    await registry.execute(callInput('tests'))
    expect(updates).toEqual([{ progress: 5, content: [text('partial')] }])
    expect(reads).toBe(1)
    expect(updates[0]).not.toBe(update)
    expect(Object.isFrozen(updates[0])).toBe(true)
    expect(Object.isFrozen(updates[0]?.content)).toBe(true)
    expect(Object.isFrozen(updates[0]?.content?.[0])).toBe(true)
    expect(Object.isFrozen(content)).toBe(false)
  })

  it('isolates observers: a throw or rejection is logged, the others and the tool go on', async () => {
    const { registry, updates, logger } = progressRegistry((exec) => {
      exec.reportProgress({ progress: 1 })
    })
    registry.on('tools/progress', () => {
      throw new Error('ui gone')
    })
    registry.on('tools/progress', () => Promise.reject(new Error('late')))
    const last = vi.fn()
    registry.on('tools/progress', last)
    const result = await registry.execute(callInput('tests'))
    await flushMicrotasks()
    expect(result).toEqual({ content: [text('done')], isError: false })
    expect(updates).toHaveLength(1)
    expect(last).toHaveBeenCalledTimes(1)
    expect(logger.warnings.map((warning) => warning[0])).toEqual([
      expect.stringMatching(
        /^toolpipe: a tools\/progress observer failed for call "call_\d+" of tool "tests"$/,
      ),
      expect.stringMatching(/tools\/progress observer failed/),
    ])
  })

  it('an observer cannot change what the next observer sees', async () => {
    const { registry, updates } = progressRegistry((exec) => {
      exec.reportProgress({ message: 'a', content: [text('x')] })
    })
    registry.on(
      'tools/progress',
      (_exec, update) => {
        expect(() => {
          ;(update as { message?: string }).message = 'changed'
        }).toThrow(TypeError)
      },
      { prepend: true },
    )
    await registry.execute(callInput('tests'))
    expect(updates).toEqual([{ message: 'a', content: [text('x')] }])
  })

  it('drops updates reported after the call settled', async () => {
    let kept: ToolExecution | undefined
    const { registry, updates } = progressRegistry((exec) => {
      kept = exec
      exec.reportProgress({ progress: 1 })
    })
    await registry.execute(callInput('tests'))
    expect(() => kept?.reportProgress({ progress: 2 })).not.toThrow()
    expect(() => kept?.reportProgress('even garbage' as never)).not.toThrow()
    expect(updates).toEqual([{ progress: 1 }])
  })

  it('a scoped observer hears only its scope’s calls', async () => {
    const alice = agent('alice')
    const { registry, updates } = progressRegistry((exec) => {
      exec.reportProgress({ message: exec.agent?.id ?? 'global' })
    })
    const aliceUpdates: unknown[] = []
    registry.on(
      'tools/progress',
      (_exec, update) => {
        aliceUpdates.push(update)
      },
      { scope: alice },
    )
    await registry.execute(callInput('tests'))
    await registry.execute(callInput('tests', {}, { agent: alice }))
    expect(updates).toEqual([{ message: 'global' }, { message: 'alice' }])
    expect(aliceUpdates).toEqual([{ message: 'alice' }])
  })

  it.each([
    ['not an object', 'halfway', /the progress update of tool "tests" is "halfway", not an object/],
    [
      'a progress that is not finite',
      { progress: Number.NaN },
      /has progress NaN; expected a finite number/,
    ],
    ['a total that is a string', { total: '10' }, /has total "10"; expected a finite number/],
    ['a message that is not a string', { message: 3 }, /has message 3; expected a string/],
    [
      'content that is not content',
      { content: [{ text: 'no type' }] },
      /has a malformed content block at content\[0\]: missing required property "type"$/,
    ],
    [
      'a block of a kind the registry was not told of',
      {
        content: [
          { type: 'text', text: 'ok' },
          { type: 'video', url: 'x' },
        ],
      },
      /has a malformed content block at content\[1\]: unknown content type "video"/,
    ],
    [
      'content that is not JSON',
      { content: [{ type: 'text', text: 1n }] },
      /expected content blocks/,
    ],
  ])('refuses %s with INVALID_PROGRESS, thrown at the tool', async (_, update, message) => {
    let thrown: unknown
    const { registry, updates } = progressRegistry((exec) => {
      try {
        exec.reportProgress(update as never)
      } catch (error) {
        thrown = error
        throw error
      }
    })
    const result = await registry.execute(callInput('tests'))
    expect(thrown).toMatchObject({ name: 'ToolPipelineError', code: 'INVALID_PROGRESS' })
    expect((thrown as Error).message).toMatch(message)
    expect(result.error).toEqual({ name: 'ToolPipelineError', code: 'INVALID_PROGRESS' })
    expect(updates).toEqual([])
  })

  it('checks updates even without observers', async () => {
    const registry = createToolRegistry()
    registry.register(tool('t', (_args, exec) => (exec.reportProgress({ progress: Infinity }), [])))
    expect((await registry.execute(callInput('t'))).error?.code).toBe('INVALID_PROGRESS')
  })

  it('must be called as a method of the execution', async () => {
    let detached: unknown
    const { registry } = progressRegistry((exec) => {
      const { reportProgress } = exec
      try {
        reportProgress({ progress: 1 })
      } catch (error) {
        detached = error
      }
    })
    await registry.execute(callInput('tests'))
    expect(detached).toBeInstanceOf(TypeError)
    expect((detached as Error).message).toMatch(/exec\.reportProgress\(update\)/)
  })
})
