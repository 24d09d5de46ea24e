import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { defineTool } from './define-tool.js'
import { createToolRegistry } from './tool-registry.js'

// SPEC §22: what the model reads of an INVALID_ARGS result does not grow with the schema.
describe('INVALID_ARGS with a 100,000-value enum', () => {
  it('is a message of a few hundred characters, not a megabyte', async () => {
    const modes = Array.from({ length: 100_000 }, (_, index) => `mode_${String(index)}`)
    const registry = createToolRegistry()
    registry.register(
      defineTool({
        name: 'set_mode',
        description: 'Set the mode.',
        parameters: { mode: { type: 'string', enum: modes, required: true } },
        execute: async () => [],
      }),
    )
    const result = await registry.execute(callInput('set_mode', { mode: 'turbo' }))
    expect(result.error).toEqual({ name: 'ToolArgsError', code: 'INVALID_ARGS' })
    const [block] = result.content
    const text = block?.type === 'text' ? block.text : ''
    expect(text).toMatch(/"mode_19" and 99980 more, got "turbo"$/)
    expect(text.length).toBeLessThan(500)
  })
})
