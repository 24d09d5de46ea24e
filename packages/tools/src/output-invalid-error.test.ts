import type { StructuredIssue } from '@toolpipe/structured-output'
import { describe, expect, it } from 'vitest'
import { OutputInvalidError } from './output-invalid-error.js'

describe('OutputInvalidError (SPEC §12.1)', () => {
  it('keeps its own frozen copy of every issue, and none when the value was missing', () => {
    const issues: StructuredIssue[] = [
      { code: 'missing', path: ['verdict'], message: 'missing required property "verdict"' },
    ]
    const error = new OutputInvalidError('grade', issues)
    expect(error.issues).toEqual(issues)
    expect(error.issues).not.toBe(issues)
    issues.pop()
    expect(error.issues).toHaveLength(1)
    const missing = new OutputInvalidError('grade', [])
    expect(missing.issues).toEqual([])
    expect(missing.message).toBe(
      'tool "grade" has an outputSchema but returned no structured value',
    )
  })
})
