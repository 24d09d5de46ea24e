import { lstat, mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { DemoError } from '../cli/demo-error.js'
import { sandboxFiles } from './sandbox-files.js'

/** The file that marks a folder as this demo's sandbox, so it may be reset. */
export const sandboxMarker = '.toolpipe-sandbox'

/**
 * Makes `directory` a fresh sandbox: removes what a previous run left there and writes the
 * seed project. Refuses to touch a folder that has other content and no {@link sandboxMarker},
 * so `--sandbox ~/work` cannot wipe a real project.
 */
export async function prepareSandbox(directory: string): Promise<void> {
  const existing = await lstat(directory).catch(() => undefined)
  if (existing !== undefined) {
    if (!existing.isDirectory()) {
      throw new DemoError(`the sandbox path ${directory} exists and is not a folder`, 'SANDBOX')
    }
    const entries = await readdir(directory)
    if (entries.length > 0 && !entries.includes(sandboxMarker)) {
      throw new DemoError(
        `refusing to reset ${directory}: it is not empty and was not made by this demo (no ${sandboxMarker} file)`,
        'SANDBOX',
      )
    }
    await rm(directory, { recursive: true, force: true })
  }
  await mkdir(directory, { recursive: true })
  await writeFile(
    join(directory, sandboxMarker),
    'Made by the toolpipe agent-loop demo; reset on every run.\n',
  )
  for (const [name, text] of Object.entries(sandboxFiles)) {
    // Some live in folders of their own (.claude/hooks/…).
    await mkdir(dirname(join(directory, name)), { recursive: true })
    await writeFile(join(directory, name), text, { mode: name.endsWith('.mjs') ? 0o755 : 0o644 })
  }
}
