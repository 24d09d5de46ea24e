import type { Agent } from '@toolpipe/core'
import { createToolRegistry } from '@toolpipe/tools'
import type { PolicyContext } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { policyFactsOf } from './policy-facts-of.js'

// SPEC §26: hooks are told the mode of the permissions() plugin on the same registry, and their
// `file_path` resolves where its rules resolve paths (its `cwd`, §18.1). A provided context is a
// plugin's value: one that throws, lies or is a Proxy never breaks a call.

const agent: Agent = { id: 'agent-1' }

function registryWith(...contexts: unknown[]) {
  const registry = createToolRegistry()
  for (const context of contexts) registry.provide('policy/context', context as PolicyContext)
  return registry
}

const judging = (cwd: unknown, mode = 'plan') => ({
  projectRoot: '/p',
  cwd,
  permissionMode: () => mode,
})

describe('policyFactsOf (SPEC §18.1, §26)', () => {
  it('takes the mode and cwd of the first policy that judges the agent', () => {
    const other = { projectRoot: '/q', cwd: '/q/app', permissionMode: () => undefined }
    expect(policyFactsOf(registryWith(other, judging('/p/pkg')), agent, 'default')).toEqual({
      permissionMode: 'plan',
      cwd: '/p/pkg',
    })
  })

  it('without a judging policy: the fallback mode and no cwd', () => {
    expect(policyFactsOf(registryWith(), agent, 'dontAsk')).toEqual({
      permissionMode: 'dontAsk',
      cwd: undefined,
    })
  })

  it('reads a cwd that is not an absolute path, or whose getter throws, as none', () => {
    const throwing = Object.defineProperty(judging(undefined), 'cwd', {
      get: () => {
        throw new Error('no cwd')
      },
    })
    const proxy = new Proxy(judging('/p'), {
      get: (target, key): unknown => (key === 'cwd' ? ['/p'] : Reflect.get(target, key)),
    })
    for (const context of [judging('pkg'), judging(''), judging(7), throwing, proxy]) {
      expect(policyFactsOf(registryWith(context), agent, 'default')).toEqual({
        permissionMode: 'plan',
        cwd: undefined,
      })
    }
  })

  it('passes over a context whose permissionMode is missing or throws', () => {
    const broken = [
      { cwd: '/x' },
      {
        cwd: '/x',
        permissionMode: () => {
          throw new Error('no mode')
        },
      },
      null,
    ]
    expect(policyFactsOf(registryWith(...broken, judging('/p/pkg')), agent, 'default')).toEqual({
      permissionMode: 'plan',
      cwd: '/p/pkg',
    })
  })
})
