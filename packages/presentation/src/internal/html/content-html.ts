import type { ContentBlock } from '@toolpipe/core'
import { limitLines } from './body-text.js'
import { moreLines } from './diff-html.js'
import { linkedTextHtml } from './linked-text-html.js'
import { textHtml } from './text-html.js'

/** What content and text bodies are drawn with. */
export interface BodyOptions {
  readonly links: boolean
  readonly maxLines: number
}

/** How deep `tool-result` blocks nest before the rest is summarised. */
const maxNesting = 4

/**
 * Content blocks as HTML: text and reasoning as preformatted text (URLs linked), an image as a
 * labelled placeholder with its type and size (never its data), a tool call as its name and
 * argument text, a tool result as its nested content, and a block of any other type as a
 * labelled placeholder naming the type.
 */
export function contentHtml(
  blocks: readonly ContentBlock[],
  options: BodyOptions,
  depth = 0,
): string {
  return blocks.map((block) => blockHtml(block, options, depth)).join('')
}

function blockHtml(block: ContentBlock, options: BodyOptions, depth: number): string {
  switch (block.type) {
    case 'text':
      return preHtml('tp-text', block.text, options)
    case 'reasoning':
      return preHtml('tp-text tp-reasoning', block.text, options)
    case 'image':
      return `<div class="tp-block tp-image"><span class="tp-label">image</span> ${textHtml(block.mimeType)} · ${byteSize(block.data)}</div>`
    case 'tool-call':
      return `<div class="tp-block tp-tool-call"><span class="tp-label">tool call</span> <code>${textHtml(block.name)}</code>${preHtml('tp-text', block.arguments, options)}</div>`
    case 'tool-result': {
      const label = `<span class="tp-label">${block.isError === true ? 'tool error' : 'tool result'}</span>`
      const inner =
        depth + 1 >= maxNesting
          ? `<p class="tp-note">${block.content.length} nested ${block.content.length === 1 ? 'block' : 'blocks'}</p>`
          : contentHtml(block.content, options, depth + 1)
      return `<div class="tp-block tp-tool-result">${label}${inner}</div>`
    }
    default:
      return `<div class="tp-block tp-other"><span class="tp-label">${textHtml((block as { type: string }).type)}</span> block</div>`
  }
}

/** A text body in a `<pre>`: `\r\n` read as `\n`, cut at `maxLines`, URLs linked. */
export function preHtml(classes: string, text: string, options: BodyOptions): string {
  const { text: shown, more } = limitLines(text.replace(/\r\n/g, '\n'), options.maxLines)
  return `${preElement(classes, linkedTextHtml(shown, options.links))}${more > 0 ? moreLines(more) : ''}`
}

/**
 * A `<pre>` element around `html`. The HTML parser drops a newline right after `<pre>`, so a
 * body that starts with one gets a second: the text keeps its first, empty line.
 */
export function preElement(classes: string, html: string): string {
  return `<pre class="${classes}">${html.startsWith('\n') ? '\n' : ''}${html}</pre>`
}

/** The decoded size of base64 data, in bytes, kB or MB. */
function byteSize(data: string): string {
  const length = data.replace(/[\s=]+/g, '').length
  const bytes = Math.floor((length * 3) / 4)
  if (bytes < 1000) return `${bytes} B`
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`
  return `${(bytes / 1_000_000).toFixed(1)} MB`
}
