import type { Agent } from '@toolpipe/core'
import type { Dialect } from '@toolpipe/schema'
import type {
  Disposer,
  ScopedTools,
  ToolExecutionResult,
  ToolProgress,
  ToolRegistry,
} from '@toolpipe/tools'
import { generateText, jsonSchema, stepCountIs, tool } from 'ai'
import type { InferToolOutput, LanguageModel, Tool, ToolSet } from 'ai'
import { describe, expectTypeOf, it } from 'vitest'
import { registerAiSdkTools, toAiSdkTools } from './index.js'
import type {
  AiSdkBridgeError,
  AiSdkBridgeErrorCode,
  AiSdkTool,
  AiSdkToolError,
  AiSdkToolOutput,
  AiSdkToolProgress,
  AiSdkToolSet,
  RegisterAiSdkToolsOptions,
  ToAiSdkToolsOptions,
} from './index.js'

declare const registry: ToolRegistry
declare const scoped: ScopedTools
declare const agent: Agent
declare const model: LanguageModel

describe('toAiSdkTools', () => {
  it('takes a registry or a scope, with every option optional', () => {
    expectTypeOf(toAiSdkTools(registry)).toEqualTypeOf<AiSdkToolSet>()
    expectTypeOf(toAiSdkTools(scoped, {})).toEqualTypeOf<AiSdkToolSet>()
    toAiSdkTools(registry, { agent, dialect: 'openai-strict' })
    toAiSdkTools(registry, { agent: undefined, dialect: undefined })
    expectTypeOf<ToAiSdkToolsOptions['dialect']>().toEqualTypeOf<Dialect | undefined>()
    // @ts-expect-error: not a dialect
    toAiSdkTools(registry, { dialect: 'claude' })
    // @ts-expect-error: a name is not an agent
    toAiSdkTools(registry, { agent: 'coder' })
    // @ts-expect-error: not a tool source
    toAiSdkTools({})
  })

  it('is an AI SDK ToolSet whose outputs are the pipeline’s results', async () => {
    expectTypeOf<AiSdkToolSet>().toExtend<ToolSet>()
    expectTypeOf<AiSdkTool>().toExtend<Tool>()
    expectTypeOf<InferToolOutput<AiSdkTool>>().toEqualTypeOf<AiSdkToolOutput>()
    expectTypeOf<AiSdkToolOutput>().toEqualTypeOf<ToolExecutionResult | AiSdkToolProgress>()
    expectTypeOf<AiSdkToolProgress['update']>().toEqualTypeOf<ToolProgress>()
    const result = await generateText({
      model,
      tools: toAiSdkTools(registry),
      stopWhen: stepCountIs(5),
      prompt: 'go',
    })
    const part = result.steps[0]?.toolResults[0]
    if (part !== undefined && !part.dynamic) {
      expectTypeOf(part.output).toEqualTypeOf<AiSdkToolOutput>()
      if (!('preliminary' in part.output)) {
        expectTypeOf(part.output).toEqualTypeOf<ToolExecutionResult>()
      }
    }
  })
})

describe('registerAiSdkTools', () => {
  it('takes any AI SDK tool set and returns a disposer', () => {
    const toolSet = {
      weather: tool({
        inputSchema: jsonSchema<{ city: string }>({ type: 'object' }),
        execute: async ({ city }) => city,
      }),
    }
    expectTypeOf(registerAiSdkTools(registry, toolSet)).toEqualTypeOf<Disposer>()
    expectTypeOf(
      registerAiSdkTools(scoped, toolSet, { toolsContext: {} }),
    ).toEqualTypeOf<Disposer>()
    expectTypeOf<RegisterAiSdkToolsOptions['toolsContext']>().toEqualTypeOf<
      Readonly<Record<string, Record<string, unknown>>> | undefined
    >()
    // @ts-expect-error: not a tool set
    registerAiSdkTools(registry, 'weather')
    // @ts-expect-error: not a target
    registerAiSdkTools({}, toolSet)
  })
})

describe('errors', () => {
  it('are coded', () => {
    expectTypeOf<AiSdkBridgeError['code']>().toEqualTypeOf<AiSdkBridgeErrorCode>()
    expectTypeOf<AiSdkBridgeErrorCode>().toEqualTypeOf<'INVALID_OPTIONS' | 'UNSUPPORTED_TOOL'>()
    expectTypeOf<AiSdkToolError['code']>().toEqualTypeOf<'AI_SDK_TOOL_ERROR'>()
  })
})
