import { describe, expect, it } from 'vitest'
import { ruleSetOf } from '../../__fixtures__/rule-sets.js'
import type { PermissionMode as Mode } from '@toolpipe/settings-files'
import { toolView } from '../read-subjects.js'
import type { BashParser } from '../shell/bash-parser.js'
import { judgeCall } from './call-judgement.js'

const noParser: BashParser = { parse: () => undefined, types: [], named: [] }
const rules = ruleSetOf({ allow: ['Read(src/**)'] })
const context = (mode: Mode) => ({ rules, mode, parser: noParser, cwd: '/project', home: '/h' })

const reader = toolView(
  'read_file',
  undefined,
  new Map([
    [
      'read_file',
      {
        ruleName: 'Read',
        subjects: (args: unknown) => [
          { kind: 'read' as const, path: (args as { path: string }).path },
        ],
      },
    ],
  ]),
)
const broken = toolView(
  'broken',
  undefined,
  new Map([
    [
      'broken',
      {
        subjects: () => {
          throw new Error('boom')
        },
      },
    ],
  ]),
)

describe('judgeCall', () => {
  it('reads the subjects from the arguments, then judges them by the rules', () => {
    const judgement = judgeCall(reader, { id: 'a' }, { path: 'src/a.ts' }, context('default'))
    expect(judgement.subjects).toEqual([{ kind: 'read', path: 'src/a.ts' }])
    expect(judgement.evaluation.explanation).toMatchObject({
      decision: 'allow',
      reason: 'allowed by rule "Read(src/**)" in cli settings',
    })
  })

  it('asks when the subjects cannot be read — in every mode that does not deny it', () => {
    const judged = (mode: Mode) => judgeCall(broken, undefined, {}, context(mode))
    expect(judged('bypassPermissions').evaluation.explanation).toEqual({
      decision: 'ask',
      basis: 'cannot-read',
      mode: 'bypassPermissions',
      reason: "the tool's subjects() failed: boom",
      subjects: [],
    })
    expect(judged('dontAsk').evaluation.explanation.decision).toBe('deny')
    expect(judged('plan').evaluation.explanation.decision).toBe('deny')
    expect(judged('default').subjects).toBe("the tool's subjects() failed: boom")
  })
})
