import { HarnessError } from '@toolpipe/core'
import { blockPlace } from './internal/content-place.js'

/**
 * Content that is not made of `ContentBlock`s (SPEC §2, §22): a block that is not an object, has
 * no string `type`, a `type` that is neither a core kind nor one the registry was told of
 * (`contentTypes`), or a member of the wrong kind (`{ type: 'text', text: 5 }`, an image without
 * data). The call's result is this error (`INVALID_CONTENT`), so no adapter hands a model a block
 * it cannot read. The message names the block and what was wrong with it.
 *
 * @example
 * // tool "read" returned a malformed content block at content[1]: "text" must be a string, got number
 */
export class InvalidContentError extends HarnessError<'INVALID_CONTENT'> {
  override readonly name = 'InvalidContentError'
  /** The index of the malformed block in the content array (the outer block, when nested). */
  readonly index: number
  /**
   * The place of the mistake from the content array: `[1]` for the block itself, `[1, 'text']`
   * for one of its members, `[0, 'content', 2]` for a block inside a `tool-result` block.
   */
  readonly path: readonly (string | number)[]
  /** What was wrong there: `"text" must be a string, got number`. */
  readonly problem: string

  /**
   * @param source - whose content it was, as the message names it: `tool "read"`, `a tools/execute listener`
   */
  constructor(source: string, path: readonly (string | number)[], problem: string) {
    super(
      `${source} returned a malformed content block at ${blockPlace(path)}: ${problem}`,
      'INVALID_CONTENT',
    )
    this.index = path[0] as number
    this.path = Object.freeze([...path])
    this.problem = problem
  }
}
