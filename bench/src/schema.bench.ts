import { checkArgs, ToolArgsError, validateArgs } from '@toolpipe/schema'
import type { SchemaSpec } from '@toolpipe/schema'
import {
  mediumContenders,
  mediumContendersOf,
  smallContenders,
  smallContendersOf,
} from './contenders.js'
import { mediumPool, mediumUniformPool, smallPool, smallUniformPool } from './fixtures.js'
import type { Suite } from './harness.js'
import { validatorComparisons } from './validator-comparison.js'
import type { ToolpipeCase } from './validator-comparison.js'

/** SMALL as a spec: the same rules as `smallSchema` in fixtures.ts. */
const readFileSpec = {
  path: { type: 'string', required: true, description: 'the file to read' },
  offset: { type: 'number', description: 'first line, 0-based' },
  limit: { type: 'number', description: 'how many lines' },
  encoding: { type: 'string', enum: ['utf8', 'base64'] },
} as const satisfies SchemaSpec

/** MEDIUM as a spec: the same rules as `mediumSchema` in fixtures.ts. */
const editFilesSpec = {
  edits: {
    type: 'array',
    required: true,
    items: {
      type: 'object',
      properties: {
        path: { type: 'string', required: true },
        old_text: { type: 'string', required: true },
        new_text: { type: 'string', required: true },
        replace_all: { type: 'boolean' },
      },
    },
  },
} as const satisfies SchemaSpec

/**
 * `validateArgs` (what the pipeline runs: it returns on valid input and throws `ToolArgsError`
 * on invalid input, whose stack trace alone costs microseconds) and `checkArgs` (the issues as
 * data, the number to compare with the peers).
 */
function toolpipeCases(spec: SchemaSpec): ToolpipeCase[] {
  const accepts = (value: unknown) => checkArgs(spec, value).length === 0
  return [
    { name: 'checkArgs', run: (value) => checkArgs(spec, value), accepts },
    {
      name: 'validateArgs',
      run: (value) => {
        try {
          validateArgs(spec, value)
          return undefined
        } catch (error) {
          if (error instanceof ToolArgsError) return error.issues
          throw error
        }
      },
      accepts,
    },
  ]
}

export const schemaSuite: Suite = {
  name: 'schema',
  comparisons: () => [
    ...validatorComparisons(
      'schema SMALL: read_file args',
      smallPool,
      smallContenders,
      toolpipeCases(readFileSpec),
    ),
    ...validatorComparisons(
      'schema MEDIUM: edit_files args',
      mediumPool,
      mediumContenders,
      toolpipeCases(editFilesSpec),
    ),
    // After the mixed pools, as in a process that serves both; the peers compiled anew, so
    // their generated code has seen only uniform values (toolpipe's engine is shared code).
    ...validatorComparisons(
      'schema SMALL uniform: read_file args as a strict model writes them',
      smallUniformPool,
      smallContendersOf(),
      toolpipeCases(readFileSpec),
    ),
    ...validatorComparisons(
      'schema MEDIUM uniform: edit_files args as a strict model writes them',
      mediumUniformPool,
      mediumContendersOf(),
      toolpipeCases(editFilesSpec),
    ),
  ],
}
