import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime'
import { describe, expect, it } from 'vitest'
import { assertRuntimeFilesDenied, ownInstallWarning, RuntimeFiles } from './runtime-files.js'

/** The sandbox runtime's package folder as installed here (its real path). */
const installed = realpathSync(
  dirname(createRequire(import.meta.url).resolve('@anthropic-ai/sandbox-runtime/package.json')),
)

function config(allowWrite: string[], denyWrite: string[] = []): SandboxRuntimeConfig {
  return {
    network: { allowedDomains: [], deniedDomains: [] },
    filesystem: { allowWrite, denyWrite, denyRead: [] },
  }
}

/** A stand-in for the runtime's package folder: `vendor/tool` in it, and a folder `vendor/dir`. */
function fakeRuntime(): string {
  const folder = realpathSync(mkdtempSync(join(tmpdir(), 'toolpipe-runtime-')))
  mkdirSync(join(folder, 'vendor', 'dir'), { recursive: true })
  writeFileSync(join(folder, 'vendor', 'tool'), '#!/bin/sh\n', { mode: 0o755 })
  return folder
}

// "A sandboxed command can never rewrite what governs it" (SPEC §23): the runtime runs its own
// seccomp helper inside the sandbox before the filter is on, from its package folder.
describe('RuntimeFiles (SPEC §23: the runtime’s own files a run executes)', () => {
  it('knows the seccomp helper and the Java agent the installed runtime runs', () => {
    const files = new RuntimeFiles()
    expect(files.folder).toBe(installed)
    const arch = process.arch === 'arm64' ? 'arm64' : 'x64'
    expect(files.files).toEqual([
      join(installed, 'vendor', 'seccomp', arch, 'apply-seccomp'),
      join(installed, 'vendor', 'java-proxy-agent', 'srt-proxy-agent.jar'),
    ])
  })

  it('denies them only where a command may write them, and not twice', () => {
    const files = new RuntimeFiles()
    expect(files.exposedIn(config(['/tmp/project']))).toEqual([])
    expect(files.exposedIn(config([dirname(installed)]))).toEqual(files.files)
    const [helper = ''] = files.files
    expect(files.exposedIn(config([installed], [helper]))).toEqual(files.files.slice(1))
    expect(files.exposedIn(config([installed], [join(installed, 'vendor')]))).toEqual([])
  })

  it('reads the files of its package a wrapped line names, not the folders it binds', () => {
    const folder = fakeRuntime()
    const files = new RuntimeFiles(folder)
    const line = `bwrap --ro-bind ${folder}/vendor/dir ${folder}/vendor/dir --bind ${folder} ${folder} -- /bin/bash -c 'X=0 ${folder}/vendor/tool /bin/bash -c '"'"'true'"'"''`
    expect(files.named(line)).toEqual([join(folder, 'vendor', 'tool')])
    expect(files.files).toEqual([join(folder, 'vendor', 'tool')])
  })

  it('refuses a line that runs a file of the runtime a command may write, and denies it next', () => {
    const folder = fakeRuntime()
    const files = new RuntimeFiles(folder)
    const tool = join(folder, 'vendor', 'tool')
    const line = `bwrap -- /bin/bash -c '${tool} /bin/bash -c true'`
    expect(() => {
      assertRuntimeFilesDenied(line, config([folder]), files)
    }).toThrow(expect.objectContaining({ code: 'SANDBOX_UNAVAILABLE' }))
    expect(files.exposedIn(config([folder]))).toEqual([tool])
    expect(() => {
      assertRuntimeFilesDenied(line, config([folder], [tool]), files)
    }).not.toThrow()
    expect(() => {
      assertRuntimeFilesDenied(line, config(['/tmp/elsewhere']), files)
    }).not.toThrow()
  })
})

describe('ownInstallWarning (SPEC §23: code the host loads, where commands may write)', () => {
  const own = '/work/app/node_modules/@toolpipe/sandbox'
  const runtime = '/work/app/node_modules/@anthropic-ai/sandbox-runtime'

  it('says nothing where neither package lies in a writable folder', () => {
    expect(ownInstallWarning(config(['/work/project']), runtime, own)).toBeUndefined()
    expect(ownInstallWarning(config(['/work/app/src']), runtime, own)).toBeUndefined()
  })

  it('names each package a command could rewrite, and the writable folder', () => {
    const both = ownInstallWarning(config(['/work/app']), runtime, own) ?? ''
    expect(both).toContain(`@toolpipe/sandbox in ${own} (commands may write /work/app)`)
    expect(both).toContain(`sandbox runtime (@anthropic-ai/sandbox-runtime) in ${runtime}`)
    expect(both).toContain('install the harness outside the folders commands may write')
    const inside = ownInstallWarning(config([`${own}/dist`]), runtime, own) ?? ''
    expect(inside).toContain(`@toolpipe/sandbox in ${own} (commands may write ${own}/dist)`)
    expect(inside).not.toContain('sandbox-runtime')
  })
})
