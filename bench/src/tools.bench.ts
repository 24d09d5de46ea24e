import { asCallId } from '@toolpipe/core'
import type { Agent } from '@toolpipe/core'
import { createToolRegistry, defineTool } from '@toolpipe/tools'
import type { ToolDefinition, ToolExecution, ToolRegistry } from '@toolpipe/tools'
import { mediumArgs, okContent, readFileTool, smallArgs } from './fixtures.js'
import type { Comparison, Suite } from './harness.js'
import { batchComparison, richerComparison } from './tools-features.js'

function trivialTool(name: string): ToolDefinition {
  return {
    name,
    description: `the ${name} tool`,
    parameters: { type: 'object', properties: {} },
    execute: () => Promise.resolve(okContent),
  }
}

function withListeners(registry: ToolRegistry): ToolRegistry {
  for (let index = 0; index < 3; index++) {
    registry.on('tools/pre-execute', (_exec, next) => next())
    registry.on('tools/execute', (_exec, next) => next())
    registry.on('tools/post-execute', (_exec, _result, next) => next())
    registry.on('tools/result', () => undefined)
    registry.on('tools/change', () => undefined)
  }
  return registry
}

function executeComparison(label: string, args: unknown): Comparison {
  const bare = createToolRegistry()
  const listened = withListeners(createToolRegistry())
  const definition = trivialTool('trivial')
  bare.register(definition)
  listened.register(definition)
  const input = { callId: asCallId('call_1'), name: 'trivial', arguments: args }
  const exec = {} as ToolExecution
  return {
    title: `execute(): ${label}`,
    baseline: 'structuredClone(args)',
    cases: [
      { name: 'floor: await tool.execute(args)', run: () => definition.execute(args, exec) },
      { name: 'structuredClone(args)', run: () => structuredClone(args) },
      { name: 'execute(), no listeners', run: () => bare.execute(input) },
      { name: 'execute(), 3 listeners × 5 events', run: () => listened.execute(input) },
    ],
  }
}

/**
 * The issue #14 goal: with validation inside the pipeline, `execute()` of a `defineTool` tool on
 * SMALL arguments costs at most 1.5× `structuredClone(args)`. Arguments come from `JSON.parse`,
 * once with every optional member present and once with only the required one.
 */
function validatedComparison(): Comparison {
  const bare = createToolRegistry()
  const listened = withListeners(createToolRegistry())
  bare.register(readFileTool())
  listened.register(readFileTool())
  const full: unknown = JSON.parse(JSON.stringify(smallArgs))
  const minimal: unknown = JSON.parse('{"path":"src/index.ts"}')
  // What a strict model (OpenAI `strict: true`) sends for the same call: a null per left-out member.
  const strictForm: unknown = JSON.parse(
    '{"path":"src/index.ts","offset":null,"limit":null,"encoding":null}',
  )
  const input = (args: unknown) => ({
    callId: asCallId('call_1'),
    name: 'read_file',
    arguments: args,
  })
  const fullInput = input(full)
  const minimalInput = input(minimal)
  return {
    title: 'execute(): SMALL args (4 fields) through a defineTool tool, validated in the pipeline',
    baseline: 'structuredClone(args)',
    cases: [
      { name: 'structuredClone(args)', run: () => structuredClone(full) },
      { name: 'execute(), no listeners', run: () => bare.execute(fullInput) },
      { name: 'execute(), no listeners, only `path`', run: () => bare.execute(minimalInput) },
      {
        name: 'execute(), no listeners, strict form (3 nulls removed at step 4)',
        run: () => bare.execute(input(strictForm)),
      },
      { name: 'execute(), 3 listeners × 5 events', run: () => listened.execute(fullInput) },
    ],
  }
}

/** A registry of `toolCount` global tools and 100 scopes, each with an allow- and a deny-list. */
function scaledRegistry(toolCount: number): { registry: ToolRegistry; scope: Agent; name: string } {
  const registry = createToolRegistry()
  for (let index = 0; index < toolCount; index++) registry.register(trivialTool(`tool_${index}`))
  let scope: Agent = { id: 'none' }
  for (let index = 0; index < 100; index++) {
    scope = { id: `agent_${index}` }
    const allow = Array.from(
      { length: 10 },
      (_, offset) => `tool_${(index * 10 + offset) % toolCount}`,
    )
    registry.restrict(scope, { allow })
    registry.restrict(scope, { deny: [allow[0] ?? 'tool_0'] })
    registry.register(trivialTool(`local_${index}`), { scope })
  }
  const name = `tool_${(99 * 10 + 5) % toolCount}`
  return { registry, scope, name }
}

function scaleComparisons(): Comparison[] {
  const small = scaledRegistry(10)
  const large = scaledRegistry(10_000)
  const input = (name: string, agent: Agent) => ({
    callId: asCallId('c'),
    name,
    arguments: {},
    agent,
  })
  return [
    {
      title: 'scale: get(name, scope), 100 restricted scopes',
      baseline: '10 global tools',
      cases: [
        { name: '10 global tools', run: () => small.registry.get(small.name, small.scope) },
        { name: '10,000 global tools', run: () => large.registry.get(large.name, large.scope) },
      ],
    },
    {
      title: 'scale: execute() lookup + dispatch, 100 restricted scopes',
      baseline: '10 global tools',
      cases: [
        {
          name: '10 global tools',
          run: () => small.registry.execute(input(small.name, small.scope)),
        },
        {
          name: '10,000 global tools',
          run: () => large.registry.execute(input(large.name, large.scope)),
        },
      ],
    },
    {
      title: 'scale: schemas(scope) with an allow-list of 10 (O(visible))',
      baseline: '10 global tools',
      cases: [
        { name: '10 global tools', run: () => small.registry.schemas(small.scope) },
        { name: '10,000 global tools', run: () => large.registry.schemas(large.scope) },
      ],
    },
    dialectComparison(),
  ]
}

/**
 * SPEC §9.3: `schemas(scope, { dialect })` runs every model turn, so each tool is converted once
 * per dialect and only copied afterwards; the default (`json-schema`) is the baseline.
 */
function dialectComparison(): Comparison {
  const registry = createToolRegistry({ dialects: ['openai-strict', 'gemini'] })
  for (let index = 0; index < 10; index++) {
    registry.register(
      defineTool({
        name: `read_file_${index}`,
        description: 'Read a text file.',
        parameters: {
          path: { type: 'string', required: true, maxLength: 400 },
          offset: { type: 'integer', minimum: 0 },
          limit: { type: 'integer', minimum: 1, maximum: 2000, default: 200 },
          encoding: { type: 'string', enum: ['utf8', 'base64'] },
        },
        execute: () => Promise.resolve(okContent),
      }),
    )
  }
  return {
    title: 'schemas(): 10 defineTool tools, per dialect (converted once, copied per call)',
    baseline: 'json-schema (default)',
    cases: [
      { name: 'json-schema (default)', run: () => registry.schemas() },
      {
        name: 'openai-strict',
        run: () => registry.schemas(undefined, { dialect: 'openai-strict' }),
      },
      { name: 'gemini', run: () => registry.schemas(undefined, { dialect: 'gemini' }) },
    ],
  }
}

export const toolsSuite: Suite = {
  name: 'tools',
  comparisons: () => [
    validatedComparison(),
    executeComparison('SMALL args (4 fields), hand-written tool without checkArgs', smallArgs),
    executeComparison('MEDIUM args (20 edits), hand-written tool without checkArgs', mediumArgs),
    ...scaleComparisons(),
    richerComparison(),
    batchComparison(),
  ],
}
