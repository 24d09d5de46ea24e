import { readSchema } from '../../read-schema.js'
import type { Dialect } from '../node-check.js'
import { createValidator } from '../validator.js'
import type { BackEnd, Validator } from '../validator.js'

/**
 * The engine compiled from `schema` in `dialect`, as the two packages compile theirs: with the
 * back end they get here, unless `backEnd` names one.
 */
export function compile(schema: unknown, dialect: Dialect, backEnd?: BackEnd): Validator {
  const read = readSchema(schema, 'any')
  if (read.node === undefined) throw new Error(read.violations.join('; '))
  return createValidator(read.node, dialect, backEnd)
}
