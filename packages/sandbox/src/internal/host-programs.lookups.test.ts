import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime'
import { describe, expect, it } from 'vitest'
import { SandboxError } from '../sandbox-error.js'
import { assertHostProgramsSafe, lookupDenials, plantedLookup } from './host-programs.js'
import { RuntimeFiles } from './runtime-files.js'

function scratch(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), 'toolpipe-lookups-')))
}

function configWritable(allowWrite: string[]): SandboxRuntimeConfig {
  return {
    network: { allowedDomains: [], deniedDomains: [] },
    filesystem: { allowWrite, denyWrite: [], denyRead: [] },
  }
}

/** Runs `body` with this process's current folder at `folder`. */
function inFolder<TResult>(folder: string, body: () => TResult): TResult {
  const cwd = process.cwd()
  process.chdir(folder)
  try {
    return body()
  } finally {
    process.chdir(cwd)
  }
}

// The runtime runs `which` by name on this process's PATH on every wrap, after its own search:
// checked before, a live command could still plant one in between. So no sandboxed command may
// write one where a lookup would find it (SPEC §23: a sandboxed command can never rewrite what
// governs it).
describe('lookupDenials: where a program the runtime runs by name could be planted (SPEC §23)', () => {
  it('names <entry>/which for each PATH entry in a writable folder, missing or not, and none elsewhere', () => {
    const root = scratch()
    const project = join(root, 'project')
    mkdirSync(join(project, 'node_modules', '.bin'), { recursive: true })
    const path = [
      join(project, 'node_modules', '.bin'),
      join(project, 'missing', 'bin'),
      join(root, 'system'),
      '/usr/bin',
    ].join(':')
    expect(lookupDenials([project], path)).toEqual([
      join(project, 'node_modules', '.bin', 'which'),
      join(project, 'missing', 'bin', 'which'),
    ])
    expect(lookupDenials([join(root, 'elsewhere')], path)).toEqual([])
  })

  it('resolves empty and relative entries against the current folder, as a lookup does', () => {
    const project = join(scratch(), 'project')
    mkdirSync(join(project, 'bin'), { recursive: true })
    const denied = inFolder(project, () => lookupDenials([project], `::bin:/usr/bin`))
    expect(denied).toEqual([join(project, 'which'), join(project, 'bin', 'which')])
  })
})

describe('plantedLookup: what a lookup would run (SPEC §23)', () => {
  it('passes by the runtime’s placeholder (an empty read-only file) as execvp does', () => {
    const root = scratch()
    const project = join(root, 'project')
    mkdirSync(join(project, 'bin'), { recursive: true })
    mkdirSync(join(root, 'system'))
    writeFileSync(join(project, 'bin', 'which'), '', { mode: 0o444 })
    writeFileSync(join(root, 'system', 'which'), '#!/bin/sh\n', { mode: 0o755 })
    const path = `${join(project, 'bin')}:${join(root, 'system')}`
    expect(plantedLookup('which', [project], path)).toBeUndefined()
    writeFileSync(join(project, 'bin', 'npm'), '#!/bin/sh\n', { mode: 0o755 })
    expect(plantedLookup('npm', [project], path)).toBe(join(project, 'bin', 'npm'))
  })

  it('refuses at the start a planted `npm` where the runtime asks npm for its global install', () => {
    const root = scratch()
    mkdirSync(join(root, 'project', 'bin'), { recursive: true })
    writeFileSync(join(root, 'project', 'bin', 'npm'), '#!/bin/sh\n', { mode: 0o755 })
    // A runtime package without its helper files runs `npm root -g` when it starts.
    expect(new RuntimeFiles(join(root, 'runtime')).asksNpm).toBe(true)
    expect(new RuntimeFiles().asksNpm).toBe(false)
    const path = process.env.PATH
    process.env.PATH = `${join(root, 'project', 'bin')}:${path ?? ''}`
    try {
      const config = configWritable([join(root, 'project')])
      expect(() => {
        assertHostProgramsSafe(config, undefined, true)
      }).toThrow(SandboxError)
      expect(() => {
        assertHostProgramsSafe(config, undefined)
      }).not.toThrow()
    } finally {
      process.env.PATH = path
    }
  })
})
