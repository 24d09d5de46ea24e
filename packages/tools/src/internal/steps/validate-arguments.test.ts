import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { text, tool } from '../../__fixtures__/tools.js'
import { ToolCancelledError } from '../../tool-cancelled-error.js'
import type { ToolDefinition } from '../../tool-definition.js'
import { createToolRegistry } from '../../tool-registry.js'

/**
 * Step 4 (SPEC §6.3, §9.3) on definitions a plugin changed after registering them (the registry
 * borrows a definition, it does not copy it): every failure is an error result naming the tool.
 */

function registryWith(definition: ToolDefinition) {
  const registry = createToolRegistry()
  registry.register(definition)
  return registry
}

describe('validateArguments', () => {
  it('fails a call whose checkArgs or normalizeArgs stopped being a function, naming the tool', async () => {
    for (const member of ['checkArgs', 'normalizeArgs'] as const) {
      const definition = tool('read', undefined, {
        [member]: () => (member === 'checkArgs' ? [] : {}),
      })
      const registry = registryWith(definition)
      ;(definition as unknown as Record<string, unknown>)[member] = 'not a function'
      const result = await registry.execute(callInput('read'))
      expect(result.isError).toBe(true)
      expect(result.error?.code).toBe('TOOL_FAILED')
      expect(result.content[0]).toMatchObject({ type: 'text' })
      expect((result.content[0] as { text: string }).text).toContain(
        `the ${member} of tool "read" is not a function`,
      )
    }
  })

  it('refuses a normalizer that returns a promise, saying what it should return', async () => {
    const registry = registryWith(
      tool('read', undefined, { normalizeArgs: (async (args: unknown) => args) as never }),
    )
    const result = await registry.execute(callInput('read'))
    expect(result).toEqual({
      content: [
        text(
          'Error: the normalizeArgs of tool "read" returned an instance of Promise; expected the arguments as JSON data, synchronously',
        ),
      ],
      isError: true,
      error: { name: 'ToolPipelineError', code: 'INVALID_NORMALIZED_ARGS' },
    })
  })

  it('ends a call whose check aborted its own signal as CANCELLED, the late rejection handled', async () => {
    const controller = new AbortController()
    const registry = registryWith(
      tool('read', undefined, {
        checkArgs: () => {
          controller.abort()
          return new Promise((_resolve, reject) => {
            setTimeout(() => {
              reject(new Error('late'))
            }, 0)
          })
        },
      }),
    )
    const result = await registry.execute(callInput('read', {}, { signal: controller.signal }))
    expect(result.error).toEqual({ name: 'ToolCancelledError', code: 'CANCELLED' })
    expect(result.content).toEqual([
      text(`Error: ${new ToolCancelledError('read', 'check').message}`),
    ])
    await new Promise((resolve) => setTimeout(resolve, 5))
  })
})
