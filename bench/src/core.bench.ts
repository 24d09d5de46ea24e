import { deepFreeze, snapshotJson } from '@toolpipe/core'
import { mediumArgs, smallArgs, tableRows } from './fixtures.js'
import type { Comparison, Suite } from './harness.js'

function snapshotComparison(title: string, value: unknown): Comparison {
  return {
    title,
    baseline: 'structuredClone',
    cases: [
      { name: 'snapshotJson + deepFreeze', run: () => deepFreeze(snapshotJson(value)) },
      { name: 'snapshotJson({ freeze: true })', run: () => snapshotJson(value, { freeze: true }) },
      { name: 'snapshotJson', run: () => snapshotJson(value) },
      { name: 'structuredClone', run: () => structuredClone(value) },
      {
        name: 'JSON.parse(JSON.stringify)',
        run: () => JSON.parse(JSON.stringify(value)) as unknown,
      },
    ],
  }
}

export const coreSuite: Suite = {
  name: 'core',
  comparisons: () => [
    snapshotComparison('snapshot: 4-field args object', smallArgs),
    snapshotComparison('snapshot: 20 edit objects', mediumArgs.edits),
    snapshotComparison('snapshot: 100 rows × 6 fields', tableRows),
  ],
}
