import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { notLinux, onLinux, pathOf, projectFolder } from './__fixtures__/sandbox-fixtures.js'
import { startedSandboxes } from './__fixtures__/started-sandboxes.js'
import { findHostPrograms } from './internal/host-programs.js'
import { SandboxError } from './sandbox-error.js'

/** The real program `name`, as this machine has it. */
function real(name: 'bwrap' | 'socat' | 'rg'): string {
  const found = findHostPrograms([])
  if ('missing' in found) throw new Error(`install bubblewrap socat ripgrep: ${found.missing}`)
  return found[name]
}

/** A program that notes it ran in `proof`, then runs `target` with its arguments. */
function impostor(name: string, target: string, proof: string): string {
  return `#!/bin/sh\necho "${name} ran outside the sandbox: $*" >> ${proof}\nexec ${target} "$@"\n`
}

/** A command line that writes `text` to `file` (as a sandboxed command would) and makes it executable. */
function planting(file: string, text: string): string {
  const words = text.split('\n').map((line) => `'${line.replaceAll("'", `'\\''`)}'`)
  return `printf '%s\\n' ${words.join(' ')} > ${file} && chmod +x ${file}`
}

// `npm run` and pnpm put <projectRoot>/node_modules/.bin first on the PATH, a folder every
// sandboxed command may write. The runtime runs bwrap (the very line that starts the sandbox),
// rg (each wrap) and socat (each start) on the host, and `which` for each lookup: none of them may
// ever be one a command planted there (SPEC §23: a sandboxed command can never rewrite what
// governs it; fail closed).
describe.runIf(onLinux)('programs run outside the sandbox (SPEC §23)', () => {
  const start = startedSandboxes()

  it('never runs a bwrap, socat or rg planted in a PATH folder inside the project: the next run is still sandboxed', async () => {
    const project = projectFolder()
    const bin = join(project, 'node_modules', '.bin')
    mkdirSync(bin, { recursive: true })
    const proof = join(dirname(project), 'ran-outside.txt')
    process.env.PATH = `${bin}:${process.env.PATH ?? ''}`
    // A write-deny pattern: a matching file a run makes restarts the runtime (socat) before the next.
    const sandbox = await start({
      projectRoot: project,
      settings: { filesystem: { denyWrite: ['*.pem'] } },
    })
    expect(sandbox.reason).toBeUndefined()
    const plants = (['bwrap', 'socat', 'rg'] as const).map((name) =>
      planting(`node_modules/.bin/${name}`, impostor(name, real(name), proof)),
    )
    const planted = await sandbox.run(`${plants.join(' && ')} && touch cert.pem`, {
      callId: 'call_plant',
    })
    expect(planted.exitCode).toBe(0)
    const next = await sandbox.run(`echo innocent; echo escaped > ${proof}`, {
      callId: 'call_next',
    })
    expect(next).toMatchObject({ stdout: 'innocent\n', sandboxed: true })
    // Still sandboxed: the write outside the project was refused.
    expect(next.exitCode).not.toBe(0)
    expect(existsSync(proof) ? readFileSync(proof, 'utf8') : 'nothing ran outside').toBe(
      'nothing ran outside',
    )
  })

  it('refuses a run once a `which` is there (the runtime runs `which` by name), and never runs it', async () => {
    const project = projectFolder()
    const bin = join(project, 'node_modules', '.bin')
    mkdirSync(bin, { recursive: true })
    const proof = join(dirname(project), 'which-ran.txt')
    process.env.PATH = `${bin}:${process.env.PATH ?? ''}`
    const sandbox = await start({ projectRoot: project })
    expect(sandbox.reason).toBeUndefined()
    // No sandboxed command may write it (below); one run unsandboxed, or on the host, may.
    const plant = planting('node_modules/.bin/which', impostor('which', '/usr/bin/which', proof))
    const sandboxed = await sandbox.run(plant, { callId: 'call_plant_which' })
    expect(sandboxed.exitCode).not.toBe(0)
    expect(existsSync(join(bin, 'which'))).toBe(false)
    execFileSync('/bin/bash', ['-c', plant], { cwd: project })
    const refused = await sandbox
      .run('echo innocent', { callId: 'call_after_which' })
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(SandboxError)
    expect(refused).toMatchObject({
      code: 'SANDBOX_UNAVAILABLE',
      message: expect.stringContaining(`${bin}/which is the first \`which\``) as string,
    })
    expect(existsSync(proof)).toBe(false)
  })

  it('is unavailable where the programs are found only inside the project, and never runs them', async () => {
    const project = projectFolder()
    const bin = join(project, 'bin')
    mkdirSync(bin)
    const proof = join(dirname(project), 'planted-ran.txt')
    for (const name of ['bwrap', 'socat', 'rg'] as const) {
      writeFileSync(join(bin, name), impostor(name, real(name), proof))
      chmodSync(join(bin, name), 0o755)
    }
    process.env.PATH = `${bin}:${pathOf([])}`
    const sandbox = await start({ projectRoot: project })
    expect(sandbox.available).toBe(false)
    expect(sandbox.reason).toContain(
      `bubblewrap (bwrap) not installed outside the folders sandboxed commands may write (there is ${bin}/bwrap)`,
    )
    expect(existsSync(proof)).toBe(false)
  })
})

if (!onLinux) it.skip(`programs run outside the sandbox: ${notLinux}`, () => undefined)
