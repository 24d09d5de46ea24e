import type { Tool } from 'ai'
import type { AiSdkToolOutput } from './ai-sdk-tool-output.js'

/**
 * One toolpipe tool as an AI SDK tool. Its input is whatever the model sent (the pipeline
 * validates it); its outputs are the call's progress reports, then its frozen
 * `ToolExecutionResult`, which `toModelOutput` turns into what the model reads.
 */
export type AiSdkTool = Tool<unknown, AiSdkToolOutput>

/** What `toAiSdkTools` returns: an AI SDK `ToolSet`, one tool per visible toolpipe tool. */
export type AiSdkToolSet = Record<string, AiSdkTool>
