import type { StructuredOutputSchema } from '@toolpipe/structured-output'
import type { ToolAnnotations } from './tool-annotations.js'
import type { ToolParameters } from './tool-definition.js'

/**
 * The full public description of a tool, for protocols that carry more than a model does (an MCP
 * server's `tools/list`: title, output schema, hints). `registry.descriptors(scope?)` builds one
 * per visible tool, a fresh copy each call. Code (`execute`, `checkArgs`, presenters) and
 * `timeoutMs` are never part of it; what the model sees stays `schemas()`.
 */
export interface ToolDescriptor {
  name: string
  description: string
  /** The JSON Schema (draft 2020-12) of the arguments, as the definition holds it. */
  parameters: ToolParameters
  /** Present when the tool declares one: the schema of its `structured` results. */
  outputSchema?: StructuredOutputSchema
  /** Present when the tool declares them: only the documented hints, copied. */
  annotations?: ToolAnnotations
  /** Whether `executeBatch` may run the tool's calls concurrently (`false` unless declared). */
  concurrencySafe: boolean
}
