import { attributeHtml, textHtml } from './text-html.js'

/**
 * Text as HTML (see {@link textHtml}) with its `http:` and `https:` URLs as links when `links`
 * is on. A candidate becomes a link only when the WHATWG URL parser accepts it with one of those
 * two schemes and without credentials (`https://bank.example@evil.example/` stays text); the
 * `href` is the parser's serialisation, escaped, so what the browser follows is exactly what was
 * checked. The link's text is the text as written: what a person sees is where they go.
 */
export function linkedTextHtml(text: string, links: boolean): string {
  if (!links) return textHtml(text)
  // Stateful (`lastIndex`): one per call, never shared.
  const candidates =
    // eslint-disable-next-line no-control-regex -- a URL ends at a control character
    /\bhttps?:\/\/[^\s<>"'`\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]+/gi
  let html = ''
  let done = 0
  for (const match of text.matchAll(candidates)) {
    const candidate = trimTrailingPunctuation(match[0])
    const href = checkedHref(candidate)
    if (href === undefined) continue
    html += textHtml(text.slice(done, match.index))
    html += `<a class="tp-link" href="${attributeHtml(href)}" rel="noopener noreferrer nofollow" referrerpolicy="no-referrer" target="_blank">${textHtml(candidate)}</a>`
    done = match.index + candidate.length
  }
  return html + textHtml(text.slice(done))
}

/** The URL's serialisation when it is an `http:` or `https:` URL without credentials. */
function checkedHref(candidate: string): string | undefined {
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  if (url.username !== '' || url.password !== '' || url.hostname === '') return undefined
  return url.href
}

/** A sentence's full stop or a closing bracket that opened before the URL is not part of it. */
function trimTrailingPunctuation(candidate: string): string {
  let end = candidate.length
  while (end > 0) {
    const last = candidate.charAt(end - 1)
    if ('.,;:!?*_~'.includes(last)) {
      end -= 1
      continue
    }
    const opener = last === ')' ? '(' : last === ']' ? '[' : last === '}' ? '{' : undefined
    if (opener !== undefined && count(candidate, opener, end) < count(candidate, last, end)) {
      end -= 1
      continue
    }
    break
  }
  return candidate.slice(0, end)
}

function count(text: string, character: string, end: number): number {
  let total = 0
  for (let index = 0; index < end; index += 1) if (text[index] === character) total += 1
  return total
}
