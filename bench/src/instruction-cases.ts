import { asCallId } from '@toolpipe/core'
import { otelTracing } from '@toolpipe/otel'
import { outputBudget } from '@toolpipe/output-budget'
import { permissions } from '@toolpipe/permissions'
import { shellTool } from '@toolpipe/shell-tool'
import { timeoutPolicy } from '@toolpipe/timeout-policy'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolExecutionResult, ToolRegistry } from '@toolpipe/tools'
import { readFileTool, smallArgs } from './fixtures.js'
import { hundredRules } from './hundred-rules.js'
import { repositorySource } from './repository-source.js'

/** One row of the `instructions` suite: a registry set up once, and the call it makes. */
export interface InstructionCase {
  readonly name: string
  readonly label: string
  /** The most it may cost, as a multiple of the bare call, and which measure decides. */
  readonly goal?: { readonly ratio: number; readonly by: 'instructions' | 'time' }
  /** Sets the registry up and returns the call: the same small `read_file` call in every case. */
  readonly setUp: () => Promise<() => Promise<ToolExecutionResult>>
}

/** A registry holding the `read_file` tool as `tool` gives it, with `install` done first. */
function registryWith(
  tool: Parameters<typeof readFileTool>[0],
  install?: (registry: ToolRegistry) => unknown,
): ToolRegistry {
  const registry = createToolRegistry()
  install?.(registry)
  registry.register(readFileTool(tool))
  return registry
}

/** The call of every case, its arguments from `JSON.parse` as a model's are. */
function readFileCall(registry: ToolRegistry): () => Promise<ToolExecutionResult> {
  const input = {
    callId: asCallId('call_1'),
    name: 'read_file',
    arguments: JSON.parse(JSON.stringify(smallArgs)) as unknown,
  }
  return () => registry.execute(input)
}

/** Issue #44's rows, the bare call first (the ratios divide by it). */
export const instructionCases: readonly InstructionCase[] = [
  {
    name: 'bare',
    label: '`execute()`, no plugin',
    setUp: () => Promise.resolve(readFileCall(registryWith({}))),
  },
  {
    name: 'pass-through',
    label: 'a `tools/execute` wrapper `(exec, next) => next()`',
    setUp: () =>
      Promise.resolve(
        readFileCall(
          registryWith({}, (registry) => registry.on('tools/execute', (_, next) => next())),
        ),
      ),
  },
  {
    name: 'timeout',
    label: '`timeoutPolicy()`, the tool declaring `timeoutMs: 30_000`',
    goal: { ratio: 1.3, by: 'instructions' },
    setUp: () =>
      Promise.resolve(
        readFileCall(
          registryWith({ timeoutMs: 30_000 }, (registry) => registry.use(timeoutPolicy())),
        ),
      ),
  },
  {
    name: 'permissions',
    label: '`permissions()`, 100 rules, `read_file` allowed by name',
    goal: { ratio: 1.2, by: 'instructions' },
    setUp: async () => {
      const rules = hundredRules()
      const plugin = permissions({
        projectRoot: '/nonexistent/project',
        sources: [
          {
            kind: 'cli',
            settings: { permissions: { ...rules, allow: [...rules.allow, 'read_file'] } },
          },
        ],
      })
      // The rules are about the shell tool too, as a project's are.
      const registry = registryWith({}, (registry) => {
        registry.register(shellTool())
        registry.use(plugin)
      })
      await plugin.ready
      return readFileCall(registry)
    },
  },
  {
    name: 'budget-2kb',
    label: '`outputBudget()`, a 2 KB result',
    goal: { ratio: 1.2, by: 'instructions' },
    setUp: () => Promise.resolve(budgeted(2_000)),
  },
  {
    name: 'budget-20kb',
    label: '`outputBudget()`, a 20 KB result',
    goal: { ratio: 1.3, by: 'time' },
    setUp: () => Promise.resolve(budgeted(20_000)),
  },
  {
    name: 'otel',
    label: '`otelTracing()`, the API’s no-op tracer (no SDK)',
    goal: { ratio: 1.1, by: 'instructions' },
    setUp: () =>
      Promise.resolve(readFileCall(registryWith({}, (registry) => registry.use(otelTracing())))),
  },
]

/** The call answering `bytes` of the repository's own source, under the default 25,000 tokens. */
function budgeted(bytes: number): () => Promise<ToolExecutionResult> {
  const content = [{ type: 'text' as const, text: repositorySource(bytes) }]
  return readFileCall(registryWith({ content }, (registry) => registry.use(outputBudget())))
}

/**
 * The call of the case named `name`, set up, after one call that must succeed: a case that
 * fails (a denial, a timeout, a cut result) would count the wrong path.
 */
export async function setUpCase(name: string): Promise<() => Promise<ToolExecutionResult>> {
  const found = instructionCases.find((candidate) => candidate.name === name)
  if (found === undefined) throw new Error(`no instruction case "${name}"`)
  const call = await found.setUp()
  const result = await call()
  if (result.isError || result.content.length !== 1) {
    throw new Error(`case "${name}": the call did not succeed: ${JSON.stringify(result)}`)
  }
  return call
}
