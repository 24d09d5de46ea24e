import type { Agent } from '@toolpipe/core'
import { describeValue } from '@toolpipe/core/internal'
import type {
  Disposer,
  PreExecuteListener,
  ScopedTools,
  ToolDefinition,
  ToolRegistry,
} from '@toolpipe/tools'
import { AiSdkBridgeError } from '../ai-sdk-bridge-error.js'

/** Where `registerAiSdkTools` registers: a registry's global layer, or one agent's scope. */
export interface ToolTarget {
  register(definition: ToolDefinition): Disposer
  onPreExecute(listener: PreExecuteListener): Disposer
  /** The tool a call of `agent` reaches by `name` (a scope target knows its agent). */
  get(name: string, agent: Agent | undefined): ToolDefinition | undefined
}

/**
 * Reads a `ToolRegistry | ScopedTools` as a {@link ToolTarget}.
 *
 * @throws AiSdkBridgeError (`INVALID_OPTIONS`) for anything else
 */
export function readToolTarget(target: unknown, what: string): ToolTarget {
  const candidate = (typeof target === 'object' && target !== null ? target : {}) as Partial<
    ToolRegistry & ScopedTools
  >
  if (typeof candidate.register !== 'function' || typeof candidate.on !== 'function') {
    throw new AiSdkBridgeError(
      `${what}: target must be a ToolRegistry or ScopedTools, got ${describeValue(target)}`,
      'INVALID_OPTIONS',
    )
  }
  if (typeof candidate.scope === 'function') {
    const registry = target as ToolRegistry
    return {
      register: (definition) => registry.register(definition),
      onPreExecute: (listener) => registry.on('tools/pre-execute', listener),
      get: (name, agent) => registry.get(name, agent),
    }
  }
  const scoped = target as ScopedTools
  return {
    register: (definition) => scoped.register(definition),
    onPreExecute: (listener) => scoped.on('tools/pre-execute', listener),
    get: (name) => scoped.get(name),
  }
}
