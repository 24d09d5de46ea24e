import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectFolder } from '../__fixtures__/sandbox-fixtures.js'
import type { SandboxLogger } from '../sandbox-options.js'
import { ConfigDeriver } from './derive-config.js'
import { readOptions } from './read-options.js'
import { SettingsInForce } from './settings-in-force.js'
import { defaultGlobSearchLimits } from './write-deny-globs.js'

/** A project with two `.pem` files, a deriver whose rules deny `**\/*.pem`, and what it warned. */
function deriver(options: { searchPatterns: boolean; logger?: SandboxLogger }) {
  const project = projectFolder()
  mkdirSync(join(project, 'sub'))
  writeFileSync(join(project, 'a.pem'), 'x')
  writeFileSync(join(project, 'sub', 'b.pem'), 'x')
  const warnings: string[] = []
  const pattern = `${project}/**/*.pem`
  const view = {
    allowWrite: [],
    denyWrite: [pattern],
    denyRead: [],
    allowedDomains: [],
    deniedDomains: [],
  }
  const config = readOptions({
    projectRoot: project,
    rules: { sandboxRules: () => view },
    logger: options.logger ?? { warn: (message: string) => warnings.push(message) },
  })
  const settings = new SettingsInForce(config)
  const limits = { ...defaultGlobSearchLimits, maxMatches: 1 }
  const configs = new ConfigDeriver(config, settings, { limits, ...options })
  return { project, pattern, configs, warnings }
}

// Where the runtime takes no patterns in write paths (Linux), each write-deny pattern's existing
// matches are write-denied by literal path, and a search that hits its limits fails closed: the
// folder searched is denied whole, and a warning says so once per pattern (SPEC §23).
describe('the config a run starts under (SPEC §23)', () => {
  it('denies the folder searched whole when a pattern matches too much, warning once', async () => {
    const { project, pattern, configs, warnings } = deriver({ searchPatterns: true })
    for (let run = 0; run < 2; run++) {
      const { denyWrite } = (await configs.derive(true)).filesystem
      expect(denyWrite).toContain(pattern)
      expect(denyWrite).toContain(project)
    }
    expect(warnings).toEqual([
      `toolpipe: sandbox: the write-deny pattern ${pattern} could not be searched within its limits (1 matches, 100000 entries, 20000 folders, 2000 ms), so ${project} is write-denied whole instead`,
    ])
  })

  it('never lets a throwing logger reach the run (SPEC §11)', async () => {
    const logger = {
      warn: () => {
        throw new Error('logger down')
      },
    }
    const { project, configs } = deriver({ searchPatterns: true, logger })
    expect((await configs.derive(true)).filesystem.denyWrite).toContain(project)
  })

  it('leaves patterns to the runtime where it denies by pattern itself (macOS)', async () => {
    const { project, pattern, configs, warnings } = deriver({ searchPatterns: false })
    const { denyWrite } = (await configs.derive(true)).filesystem
    expect(denyWrite).toContain(pattern)
    expect(denyWrite.filter((path) => typeof path === 'string' && path.endsWith('.pem'))).toEqual([
      pattern,
    ])
    expect(denyWrite).not.toContain(project)
    expect(warnings).toEqual([])
  })
})

// While a run is live, the runtime keeps its placeholders on the host at the missing paths it
// denies. Runs are wrapped side by side only under the same filesystem config (SPEC §23: the
// runtime is restarted for a changed one once no run is live): a placeholder must read as the
// missing path it stands for, or one long command holds back every other.
describe('the config while the runtime’s placeholders are on the host (SPEC §23)', () => {
  it('is the one derived without them, in a folder that is no repository', async () => {
    const project = projectFolder({ git: false })
    const config = readOptions({ projectRoot: project, logger: { warn: () => undefined } })
    const settings = new SettingsInForce(config)
    try {
      const configs = new ConfigDeriver(config, settings)
      const before = await configs.derive(true)
      // As the runtime makes them for a run: `.git` an empty folder (a path is denied inside it),
      // the others empty read-only files.
      mkdirSync(join(project, '.git'))
      for (const name of ['.claude', '.toolpipe', 'HEAD']) {
        writeFileSync(join(project, name), '', { mode: 0o444 })
      }
      expect((await configs.derive(true)).filesystem).toEqual(before.filesystem)
    } finally {
      settings.close()
    }
  })
})
