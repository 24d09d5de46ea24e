import type { Conversion, ConvertingDialect } from '../conversion.js'

/** A fresh conversion into `dialect`, at the root, with nothing counted. */
export function conversion(dialect: ConvertingDialect): Conversion {
  return {
    dialect,
    issues: [],
    path: [],
    properties: 0,
    stringLength: 0,
    enumValues: 0,
    deepest: 0,
  }
}
