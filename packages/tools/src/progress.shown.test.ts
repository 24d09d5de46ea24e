import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { recordingLogger, text, tool } from './__fixtures__/tools.js'
import type { ShownValueFilter } from './provided-values.js'
import type { ToolExecution } from './tool-execution.js'
import type { ToolProgress } from './tool-progress.js'
import { createToolRegistry } from './tool-registry.js'

// SPEC §12.2 and §25: what a tool reports as progress reaches observers (and from them a card, an
// MCP notification, a preliminary result) only as the registry's `tools/shown` filters clean it.

const hide: ShownValueFilter = (value) =>
  JSON.parse(JSON.stringify(value).replaceAll('hunter2', '[hidden]')) as typeof value

function reporting(run: (exec: ToolExecution) => void) {
  const logger = recordingLogger()
  const registry = createToolRegistry({ logger })
  registry.register(
    tool('login', (_args, exec) => {
      run(exec)
      return [text('done')]
    }),
  )
  const updates: ToolProgress[] = []
  registry.on('tools/progress', (_exec, update) => {
    updates.push(update)
  })
  return { registry, updates, logger }
}

const secretUpdate = {
  progress: 1,
  total: 2,
  message: 'password hunter2',
  content: [text('--password hunter2')],
}

describe('§12.2/§25 progress updates through the tools/shown filters', () => {
  it('clean the message and the content before any observer sees them, frozen as before', async () => {
    const { registry, updates } = reporting((exec) => {
      exec.reportProgress(secretUpdate)
    })
    registry.provide('tools/shown', hide)
    const result = await registry.execute(callInput('login'))
    expect(result.isError).toBe(false)
    expect(updates).toEqual([
      {
        progress: 1,
        total: 2,
        message: 'password [hidden]',
        content: [text('--password [hidden]')],
      },
    ])
    expect(Object.isFrozen(updates[0])).toBe(true)
    expect(Object.isFrozen(updates[0]?.content?.[0])).toBe(true)
  })

  it('apply in the order provided, and leave an update without message or content alone', async () => {
    const { registry, updates } = reporting((exec) => {
      exec.reportProgress({ message: 'hunter2' })
      exec.reportProgress({ progress: 3 })
    })
    const seen: unknown[] = []
    const second: ShownValueFilter = (value) => {
      seen.push(value)
      return (value === '[hidden]' ? '***' : value) as typeof value
    }
    registry.provide('tools/shown', hide)
    registry.provide('tools/shown', second)
    await registry.execute(callInput('login'))
    expect(updates).toEqual([{ message: '***' }, { progress: 3 }])
    expect(seen).toEqual(['[hidden]'])
  })

  it.each<[string, ShownValueFilter | string]>([
    [
      'throws',
      () => {
        throw new Error('filter broke')
      },
    ],
    ['hands back no text for the message', () => 42 as never],
    [
      'hands back no content blocks',
      (value) => (typeof value === 'string' ? value : [{}]) as never,
    ],
    ['is not a function', 'not a filter'],
  ])(
    'drop the update (never raw), warn, and let the call go on, when a filter %s',
    async (_, filter) => {
      const { registry, updates, logger } = reporting((exec) => {
        exec.reportProgress(secretUpdate)
        exec.reportProgress({ progress: 2, total: 2 })
      })
      registry.provide('tools/shown', filter as ShownValueFilter)
      const result = await registry.execute(callInput('login'))
      expect(result).toEqual({ content: [text('done')], isError: false })
      expect(updates).toEqual([{ progress: 2, total: 2 }])
      expect(JSON.stringify(updates)).not.toContain('hunter2')
      expect(logger.warnings.map((warning) => warning[0])).toEqual([
        expect.stringMatching(
          /^toolpipe: a tools\/shown filter failed on a progress update of call "call_\d+" of tool "login"; the update was dropped$/,
        ),
      ])
    },
  )

  it('drop only the update a filter failed on', async () => {
    const { registry, updates } = reporting((exec) => {
      exec.reportProgress({ message: 'first' })
      exec.reportProgress({ message: 'second' })
    })
    registry.provide('tools/shown', (value) => {
      if (value === 'first') throw new Error('no')
      return value
    })
    await registry.execute(callInput('login'))
    expect(updates).toEqual([{ message: 'second' }])
  })
})
