import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { asCallId } from '@toolpipe/core'
import type { ToolExecution } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { eventually, scratchProjects } from '../../__fixtures__/harness.js'
import { readOptions } from '../read-options.js'
import { RuleSources } from '../rule-sources.js'
import { toolView } from '../read-subjects.js'
import { AlwaysAnswers } from './always-answers.js'
import type { CallJudgement } from './call-judgement.js'
import { PluginLogger } from './plugin-logger.js'

const project = scratchProjects()
const exec = { name: 'deploy', callId: asCallId('c1') } as Readonly<ToolExecution>

/** A judgement of a call of `deploy`, a tool matched by name, that asked. */
const judgement: CallJudgement = {
  view: toolView('deploy', undefined, new Map()),
  subjects: undefined,
  evaluation: {
    explanation: {
      decision: 'ask',
      basis: 'mode',
      mode: 'default',
      reason: 'no rule',
      subjects: [],
    },
    analyses: [],
  },
}

describe('AlwaysAnswers', () => {
  it('puts the answer in force at once, then writes it to the persistTo file', async () => {
    const { root } = project()
    const config = readOptions({ projectRoot: root })
    const warned: string[] = []
    const logger = new PluginLogger({ warn: (message) => warned.push(message) })
    const sources = new RuleSources(
      config,
      () => logger.current,
      () => undefined,
    )
    new AlwaysAnswers(config, sources, logger).keep(exec, judgement, 'deny')
    expect(sources.rules.deny.bare.has('deploy')).toBe(true)
    await eventually(() => {
      expect(JSON.parse(readFileSync(join(root, '.toolpipe/settings.local.json'), 'utf8'))).toEqual(
        {
          permissions: { deny: ['deploy'] },
        },
      )
    })
    expect(warned).toEqual([])
  })

  it('says why an answer is not written, and writes nothing', () => {
    const { root } = project()
    const config = readOptions({ projectRoot: root })
    const warned: string[] = []
    const logger = new PluginLogger({ warn: (message) => warned.push(message) })
    const sources = new RuleSources(
      config,
      () => logger.current,
      () => undefined,
    )
    const unparseable: CallJudgement = {
      ...judgement,
      subjects: [{ kind: 'command', command: 'ls; (' }],
      evaluation: {
        ...judgement.evaluation,
        analyses: [
          {
            commands: [],
            redirects: [],
            hidingConstructs: [],
            unparseable: 'a syntax error',
            directoryMoves: [],
            movesMayRepeat: false,
            linksMade: false,
            repositoryPaths: undefined,
          },
        ],
      },
    }
    new AlwaysAnswers(config, sources, logger).keep(exec, unparseable, 'allow')
    expect(warned).toEqual([
      'toolpipe: the always-answer for "deploy" (call "c1") is not written as a rule: the command line cannot be parsed',
    ])
    expect(sources.rules.allow.all).toEqual([])
  })
})
