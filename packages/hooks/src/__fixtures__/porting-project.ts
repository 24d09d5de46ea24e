import { spawnSync } from 'node:child_process'
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import type { JsonValue } from '@toolpipe/core'
import { defineTool } from '@toolpipe/tools'
import type { ToolRegistry } from '@toolpipe/tools'
import { quote } from './hook-harness.js'

const require = createRequire(import.meta.url)

/** A package's installed folder, found as Node finds it from this package. */
function packageFolder(name: string): string {
  return dirname(require.resolve(`${name}/package.json`))
}

/**
 * Fails with a clear message when a program the published hooks need is missing: such a test
 * must not pass by skipping (scripts/test.sh installs jq; python3 comes with the machine).
 */
export function requirePrograms(...programs: readonly string[]): void {
  const missing = programs.filter(
    (program) => spawnSync('sh', ['-c', `command -v ${program}`]).status !== 0,
  )
  if (missing.length > 0) {
    throw new Error(
      `the porting end-to-end test runs published hooks that need ${missing.join(' and ')}, ` +
        `not found on PATH; install them (Debian: apt-get install -y ${missing.join(' ')})`,
    )
  }
}

/**
 * A scratch project as a Claude Code user keeps it, in a temporary folder: a `home/` to point
 * HOME at, the project's `node_modules/.bin/prettier` linked to the repository's own prettier
 * (so `npx prettier` resolves offline, never downloading), and the files given.
 */
export class ScratchProject {
  readonly base = realpathSync(mkdtempSync(join(tmpdir(), 'toolpipe-porting-')))
  readonly root = join(this.base, 'project')
  readonly home = join(this.base, 'home')

  constructor() {
    mkdirSync(join(this.root, 'node_modules', '.bin'), { recursive: true })
    mkdirSync(this.home)
    const prettier = packageFolder('prettier')
    const { bin } = JSON.parse(readFileSync(join(prettier, 'package.json'), 'utf8')) as {
      bin: string
    }
    symlinkSync(join(prettier, bin), join(this.root, 'node_modules', '.bin', 'prettier'))
  }

  /** Writes a file of the project (folders made); JSON for anything but a string. */
  write(path: string, content: string | JsonValue): void {
    const file = join(this.root, path)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2))
  }

  read(path: string): string {
    return readFileSync(join(this.root, path), 'utf8')
  }

  remove(): void {
    rmSync(this.base, { recursive: true, force: true })
  }
}

/** The hook command of cc-safety-net, run by the path of its bin in this package's node_modules. */
export function safetyNetHook(): string {
  const bin = join(packageFolder('cc-safety-net'), 'dist', 'bin', 'cc-safety-net.js')
  return `node ${quote(bin)} hook --claude-code`
}

/** What the harness's tools were asked to do (their bodies never run a shell). */
export interface ToolLog {
  readonly shell: string[]
  readonly read: string[]
}

/**
 * The tools as a harness defines them: its own names and arguments, Claude Code's rule names.
 * `run_shell` (rule name `Bash`, argument `command`) only records the line — a test must never
 * run `rm -rf ~` —; `write_file_tool` (`Write`; `path`, `content`) writes inside the project;
 * `read_text` (`Read`; `path`) reads inside it.
 */
export function harnessTools(registry: ToolRegistry, root: string, log: ToolLog): void {
  const inside = (path: string): string => {
    const file = resolve(root, path)
    if (relative(root, file).startsWith('..')) throw new Error(`${path} is outside the project`)
    return file
  }
  registry.register(
    defineTool({
      name: 'run_shell',
      description: 'Run a shell command line in the project.',
      parameters: { command: { type: 'string', required: true } },
      permissions: { ruleName: 'Bash', subjects: ({ command }) => [{ kind: 'command', command }] },
      execute: ({ command }) => {
        log.shell.push(command)
        return Promise.resolve([{ type: 'text', text: `ran ${command}` }])
      },
    }),
  )
  registry.register(
    defineTool({
      name: 'write_file_tool',
      description: 'Write a file of the project.',
      parameters: {
        path: { type: 'string', required: true },
        content: { type: 'string', required: true },
      },
      permissions: { ruleName: 'Write', subjects: ({ path }) => [{ kind: 'edit', path }] },
      execute: ({ path, content }) => {
        const file = inside(path)
        mkdirSync(dirname(file), { recursive: true })
        writeFileSync(file, content)
        return Promise.resolve([{ type: 'text', text: `wrote ${path}` }])
      },
    }),
  )
  registry.register(
    defineTool({
      name: 'read_text',
      description: 'Read a file of the project.',
      parameters: { path: { type: 'string', required: true } },
      annotations: { readOnly: true },
      permissions: { ruleName: 'Read', subjects: ({ path }) => [{ kind: 'read', path }] },
      execute: ({ path }) => {
        log.read.push(path)
        return Promise.resolve([{ type: 'text', text: readFileSync(inside(path), 'utf8') }])
      },
    }),
  )
}
