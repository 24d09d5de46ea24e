import { describe, expectTypeOf, it } from 'vitest'
import type {
  AnthropicToolSearchTool,
  NativeToolSchema,
  OpenAIResponsesToolSearchTool,
  ProviderToolSearchTool,
  SchemasOptions,
  ToolSchema,
} from './index.js'
import { createToolRegistry, defineTool } from './index.js'

const registry = createToolRegistry()

describe('schemas() types (SPEC §24)', () => {
  it('lists plain schemas without deferLoading', () => {
    expectTypeOf(registry.schemas()).toEqualTypeOf<ToolSchema[]>()
    expectTypeOf(registry.schemas(undefined, { dialect: 'openai-responses' })).toEqualTypeOf<
      ToolSchema[]
    >()
    expectTypeOf(registry.scope({ id: 'a' }).schemas({ deferLoading: false })).toEqualTypeOf<
      ToolSchema[]
    >()
  })

  it('lists the native deferred forms with their own search tools', () => {
    expectTypeOf(
      registry.schemas(undefined, { dialect: 'anthropic', deferLoading: true }),
    ).toEqualTypeOf<(NativeToolSchema | AnthropicToolSearchTool)[]>()
    expectTypeOf(
      registry.schemas(undefined, { dialect: 'openai-responses', deferLoading: true }),
    ).toEqualTypeOf<(NativeToolSchema | OpenAIResponsesToolSearchTool)[]>()
    const options: SchemasOptions = { dialect: 'anthropic' }
    expectTypeOf(registry.schemas(undefined, options)).toEqualTypeOf<
      (NativeToolSchema | ProviderToolSearchTool)[]
    >()
    expectTypeOf(
      registry.scope({ id: 'a' }).schemas({ dialect: 'anthropic', deferLoading: true }),
    ).toEqualTypeOf<(NativeToolSchema | AnthropicToolSearchTool)[]>()
  })

  it('refuses what is not a dialect or a boolean', () => {
    // @ts-expect-error: not a dialect
    registry.schemas(undefined, { dialect: 'responses' })
    // @ts-expect-error: deferLoading is a boolean
    registry.schemas(undefined, { dialect: 'anthropic', deferLoading: 'yes' })
    defineTool({
      name: 't',
      description: '',
      parameters: {},
      execute: () => [],
      // @ts-expect-error: deferLoading is a boolean
      deferLoading: 1,
    })
  })
})
