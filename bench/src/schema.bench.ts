import { checkArgs, ToolArgsError, validateArgs } from '@toolpipe/schema'
import type { SchemaSpec } from '@toolpipe/schema'
import { editFilesSpec, readFileSpec } from '@toolpipe/tool-schemas'
import {
  mediumContenders,
  mediumContendersOf,
  smallContenders,
  smallContendersOf,
} from './contenders.js'
import { mediumUniformPool, smallUniformPool } from './uniform-pools.js'
import { mediumPool, smallPool } from './value-pools.js'
import type { Suite } from './harness.js'
import { validatorComparisons } from './validator-comparison.js'
import type { ToolpipeCase } from './validator-comparison.js'

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

/*
 * SMALL and MEDIUM as specs (`@toolpipe/tool-schemas`): the same rules as `smallSchema` and
 * `mediumSchema` in fixtures.ts.
 */
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
