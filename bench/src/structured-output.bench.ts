import { validateStructuredValue } from '@toolpipe/structured-output'
import type { StructuredOutputSchema } from '@toolpipe/structured-output'
import { mediumContenders, outputContenders, smallContenders } from './contenders.js'
import {
  mediumPool,
  mediumSchema,
  outputPool,
  outputSchema,
  smallPool,
  smallSchema,
} from './fixtures.js'
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
  ],
}
