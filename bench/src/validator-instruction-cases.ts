import type { ValuePool } from './value-pools.js'

/** The validators the `validator-instructions` suite counts on each uniform pool. */
export const validatorNames = ['checkArgs', 'ajv', 'zod'] as const
export type ValidatorName = (typeof validatorNames)[number]

/** One row of the suite's table: a pool, and the goal against Ajv (issue #44). */
export interface PoolCase {
  readonly size: 'small' | 'medium'
  readonly kind: 'valid' | 'invalid'
  readonly label: string
  /** `checkArgs` ≤ this × Ajv. */
  readonly goal: number
}

export const poolCases: readonly PoolCase[] = [
  { size: 'small', kind: 'valid', label: 'SMALL uniform, valid', goal: 1.5 },
  { size: 'small', kind: 'invalid', label: 'SMALL uniform, invalid', goal: 3 },
  { size: 'medium', kind: 'valid', label: 'MEDIUM uniform, valid', goal: 1.5 },
  { size: 'medium', kind: 'invalid', label: 'MEDIUM uniform, invalid', goal: 3 },
]

/** The name `validator-calls.ts` takes: `checkArgs-small-valid`. */
export function caseName(validator: ValidatorName, poolCase: PoolCase): string {
  return `${validator}-${poolCase.size}-${poolCase.kind}`
}

/** What `validator-calls.ts` calls: how many issues a value has (0 when valid), and its values. */
export interface ValidatorCase {
  readonly check: (value: unknown) => number
  readonly pool: readonly unknown[]
}

/**
 * The case `name` names (`harness`, or `caseName`'s form), set up: only the libraries it needs are
 * loaded. Each returns what it found, as its own benchmark does: `checkArgs` its issues, Ajv its
 * `errors`, zod its `error.issues`.
 */
export async function validatorCase(name: string): Promise<ValidatorCase> {
  const { smallUniformPool, mediumUniformPool } = await import('./uniform-pools.js')
  if (name === 'harness')
    return { check: (value) => (value === undefined ? 1 : 0), pool: smallUniformPool.valid }
  const [validator, size, kind] = name.split('-') as [
    ValidatorName,
    'small' | 'medium',
    'valid' | 'invalid',
  ]
  const pools: Record<string, ValuePool | undefined> = {
    small: smallUniformPool,
    medium: mediumUniformPool,
  }
  const pool = pools[size]?.[kind]
  if (pool === undefined || !validatorNames.includes(validator)) {
    throw new Error(`no validator case "${name}"`)
  }
  if (validator === 'checkArgs') {
    const { checkArgs } = await import('@toolpipe/schema')
    const { editFilesSpec, readFileSpec } = await import('@toolpipe/tool-schemas')
    const spec = size === 'small' ? readFileSpec : editFilesSpec
    return { check: (value) => checkArgs(spec, value).length, pool }
  }
  const { mediumContendersOf, smallContendersOf } = await import('./contenders.js')
  const contenders = size === 'small' ? smallContendersOf() : mediumContendersOf()
  if (validator === 'ajv') {
    const { ajv } = contenders
    return { check: (value) => (ajv(value) ? 0 : (ajv.errors as unknown[]).length), pool }
  }
  const { zod } = contenders
  return {
    check: (value) => {
      const result = zod.safeParse(value)
      return result.success ? 0 : result.error.issues.length
    },
    pool,
  }
}
