import { validateStructuredValue } from '@toolpipe/structured-output'
import type { StructuredOutputSchema } from '@toolpipe/structured-output'
import {
  mediumContenders,
  mediumContendersOf,
  outputContenders,
  outputContendersOf,
  smallContenders,
  smallContendersOf,
} from './contenders.js'
import { outputPool, outputSchema } from './output-pool.js'
import { mediumUniformPool, outputUniformPool, smallUniformPool } from './uniform-pools.js'
import { mediumPool, mediumSchema, smallPool, smallSchema } from './value-pools.js'
import type { Suite } from './harness.js'
import { validatorComparisons } from './validator-comparison.js'
import type { ToolpipeCase } from './validator-comparison.js'

function toolpipeCases(schema: StructuredOutputSchema): ToolpipeCase[] {
  return [
    {
      name: 'validateStructuredValue',
      run: (value) => validateStructuredValue(schema, value),
      accepts: (value) => validateStructuredValue(schema, value).length === 0,
    },
  ]
}

export const structuredOutputSuite: Suite = {
  name: 'structured-output',
  comparisons: () => [
    ...validatorComparisons(
      'structured-output SMALL: read_file args',
      smallPool,
      smallContenders,
      toolpipeCases(smallSchema),
    ),
    ...validatorComparisons(
      'structured-output MEDIUM: edit_files args',
      mediumPool,
      mediumContenders,
      toolpipeCases(mediumSchema),
    ),
    ...validatorComparisons(
      'structured-output OUTPUT: report with rows',
      outputPool,
      outputContenders,
      toolpipeCases(outputSchema),
    ),
    // After the mixed pools, as in a process that serves both; the peers compiled anew, so
    // their generated code has seen only uniform values (toolpipe's engine is shared code).
    ...validatorComparisons(
      'structured-output SMALL uniform: read_file args as a strict model writes them',
      smallUniformPool,
      smallContendersOf(),
      toolpipeCases(smallSchema),
    ),
    ...validatorComparisons(
      'structured-output MEDIUM uniform: edit_files args as a strict model writes them',
      mediumUniformPool,
      mediumContendersOf(),
      toolpipeCases(mediumSchema),
    ),
    ...validatorComparisons(
      'structured-output OUTPUT uniform: report rows with every member',
      outputUniformPool,
      outputContendersOf(),
      toolpipeCases(outputSchema),
    ),
  ],
}
