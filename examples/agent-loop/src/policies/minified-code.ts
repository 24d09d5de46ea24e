import { stat } from 'node:fs/promises'
import { posix } from 'node:path'
import type { ContentBlock, ToolRegistryPlugin } from 'toolpipe'
import { resolveRealPathInSandbox } from '../sandbox/sandbox-path.js'
import { stringArgument } from './call-arguments.js'

/** A line of code longer than this is taken for minified: people do not write such lines. */
export const minifiedLineLength = 500

/** The files read as code: a long line in a log or a data file says nothing about a build. */
const codeFile = /\.(?:[cm]?js|css)$/

/** The folders a build writes to, left out of the path of the source a bundle was built from. */
const buildFolder = /^(?:\.\/)?(?:dist|build|out)\//

/**
 * A `tools/post-execute` policy: a `read_file` of code that turns out to be minified (a bundle a
 * build generated: lines of a thousand characters or more) is blocked, and the model gets feedback
 * instead, naming the source to read. Such output fills the model's context and tells it little,
 * `maxLines` cannot make it shorter, and an edit to it is lost at the next build. Registered
 * before other post-execute listeners, so it reviews what they decided too.
 */
export function minifiedCode(sandbox: string): ToolRegistryPlugin {
  return (registry) =>
    registry.on('tools/post-execute', async (exec, result, next) => {
      const decision = await next()
      const path = exec.name === 'read_file' ? stringArgument(exec, 'path') : undefined
      if (decision.kind === 'block' || result.isError || path === undefined) return decision
      if (!codeFile.test(path)) return decision
      const long = firstLongLine(decision.content ?? result.content)
      if (long === undefined) return decision
      const source = await sourceOf(sandbox, path)
      const feedback = `Blocked by the minified-code policy: ${path} is minified (line ${long.line} is ${long.length.toLocaleString('en-US')} characters long), code a build generated. It would fill your context and tell you little, and an edit to it is lost at the next build. ${source === undefined ? 'Read the source it is built from instead.' : `Read ${source}, the source it is built from, instead; the build makes ${path} from it.`}`
      return {
        kind: 'block',
        feedback: [{ type: 'text', text: feedback }],
        ...(decision.additionalContext === undefined
          ? {}
          : { additionalContext: decision.additionalContext }),
      }
    })
}

/** The first line over {@link minifiedLineLength} characters in the text blocks, 1-based. */
export function firstLongLine(
  content: readonly ContentBlock[],
): { line: number; length: number } | undefined {
  for (const block of content) {
    if (block.type !== 'text') continue
    const { text } = block
    let line = 1
    for (let start = 0; start <= text.length; line += 1) {
      const end = text.indexOf('\n', start)
      const stop = end === -1 ? text.length : end
      if (stop - start > minifiedLineLength) return { line, length: stop - start }
      if (end === -1) break
      start = end + 1
    }
  }
  return undefined
}

/**
 * The file a bundle was most likely built from, when it is in the sandbox: `dist/greet.min.js`
 * → `greet.js`, else `src/greet.js`.
 */
async function sourceOf(sandbox: string, path: string): Promise<string | undefined> {
  const name = posix
    .normalize(path)
    .replace(buildFolder, '')
    .replace(/\.min(\.[^./]+)$/, '$1')
  for (const candidate of [name, `src/${name}`]) {
    if (candidate === posix.normalize(path)) continue
    try {
      if ((await stat(await resolveRealPathInSandbox(sandbox, candidate))).isFile()) {
        return candidate
      }
    } catch {
      // Not there, or not ours to read: try the next one.
    }
  }
  return undefined
}
