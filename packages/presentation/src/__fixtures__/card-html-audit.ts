import { parseFragment } from 'parse5'
import type { DefaultTreeAdapterMap } from 'parse5'
import { cardStylesheet } from '../card-stylesheet.js'

type ChildNode = DefaultTreeAdapterMap['childNode']
type Element = DefaultTreeAdapterMap['element']

const html = 'http://www.w3.org/1999/xhtml'

/** The elements renderCardHtml writes, and the attributes each may carry. */
const allowedAttributes: Readonly<Record<string, readonly string[]>> = {
  article: ['class'],
  header: ['class'],
  section: ['class'],
  div: ['class'],
  span: ['class'],
  p: ['class'],
  pre: ['class'],
  code: [],
  ul: ['class'],
  li: [],
  table: ['class'],
  tbody: [],
  tr: ['class'],
  td: ['class', 'colspan'],
  a: ['class', 'href', 'rel', 'referrerpolicy', 'target'],
  style: [],
}

/** Every class renderCardHtml writes. */
const allowedClasses = new Set([
  ...['tp-card', 'tp-card-generic', 'tp-card-terminal', 'tp-card-diff'],
  ...['tp-pending', 'tp-done', 'tp-failed', 'tp-card-header', 'tp-card-body'],
  ...['tp-badge', 'tp-status', 'tp-badge-ok', 'tp-badge-fail', 'tp-badge-new'],
  ...['tp-title', 'tp-prompt', 'tp-tool', 'tp-kind', 'tp-description', 'tp-cwd', 'tp-note'],
  ...['tp-json', 'tp-text', 'tp-reasoning', 'tp-block', 'tp-image', 'tp-tool-call'],
  ...['tp-tool-result', 'tp-other', 'tp-label', 'tp-locations', 'tp-link', 'tp-ctl'],
  ...['tp-terminal', 'tp-bold', 'tp-dim', 'tp-italic', 'tp-underline', 'tp-strike'],
  ...Array.from({ length: 16 }, (_, index) => [`tp-fg-${index}`, `tp-bg-${index}`]).flat(),
  ...['tp-fg-inverse', 'tp-bg-inverse'],
  ...['tp-diff', 'tp-diff-path', 'tp-diff-table', 'tp-diff-unified', 'tp-diff-split'],
  ...['tp-hunk', 'tp-eof', 'tp-add', 'tp-del', 'tp-ctx', 'tp-change', 'tp-num', 'tp-sign'],
  ...['tp-code', 'tp-empty'],
])

const fixedValues: Readonly<Record<string, readonly string[]>> = {
  colspan: ['3', '4', '6'],
  rel: ['noopener noreferrer nofollow'],
  referrerpolicy: ['no-referrer'],
  target: ['_blank'],
}

/** Characters no text node may hold: controls, bidi controls, invisibles, lone surrogates. */
const forbiddenText =
  // eslint-disable-next-line no-control-regex -- control characters are what this finds
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u

/** What an audit of a fragment found: parse errors and rule breaks, and the fragment's text. */
export interface CardHtmlAudit {
  readonly problems: string[]
  /** The text of every node outside `<style>`, in document order. */
  readonly text: string
  /** The `href` of every link. */
  readonly hrefs: string[]
}

/**
 * Parses `fragment` as a browser would (parse5, the WHATWG algorithm, in a `<body>`) and checks it
 * element by element: no parse error; only the renderer's elements, in the HTML namespace, with
 * only their attributes; class tokens from the renderer's list; fixed attribute values; `href`s
 * that the URL parser reads as http or https; no comment; no text node holding a control,
 * bidirectional or invisible character; and at most one `<style>`, first, holding exactly the
 * package's stylesheet, and only when `stylesheet` is expected.
 */
export function auditCardHtml(fragment: string, options: { stylesheet: boolean }): CardHtmlAudit {
  const problems: string[] = []
  const hrefs: string[] = []
  let text = ''
  const tree = parseFragment(fragment, {
    onParseError: (error) => problems.push(`parse error ${error.code} at ${error.startOffset}`),
  })
  const roots = tree.childNodes
  const expectedRoots = options.stylesheet ? ['style', 'article'] : ['article']
  const rootNames = roots.map((node) => node.nodeName)
  if (rootNames.join() !== expectedRoots.join()) {
    problems.push(`roots are ${rootNames.join(', ')}, not ${expectedRoots.join(', ')}`)
  }
  const visit = (node: ChildNode, path: string): void => {
    if (node.nodeName === '#text') {
      const value = (node as DefaultTreeAdapterMap['textNode']).value
      if (forbiddenText.test(value)) problems.push(`${path}: text holds a control character`)
      if (!path.endsWith('style')) text += value
      return
    }
    if (node.nodeName === '#comment') {
      problems.push(`${path}: a comment`)
      return
    }
    if (!('tagName' in node)) {
      problems.push(`${path}: a ${node.nodeName} node`)
      return
    }
    const element = node
    const here = `${path} > ${element.tagName}`
    checkElement(element, here, problems, hrefs)
    if (element.tagName === 'style') {
      const index = roots.indexOf(element)
      const content = element.childNodes
        .map((child) => (child.nodeName === '#text' ? (child as { value: string }).value : '?'))
        .join('')
      if (!options.stylesheet || index !== 0 || content !== cardStylesheet) {
        problems.push(`${here}: a <style> that is not the package's stylesheet in first place`)
      }
    }
    for (const child of element.childNodes) visit(child, here)
  }
  for (const node of roots) visit(node, '')
  return { problems, text, hrefs }
}

function checkElement(element: Element, here: string, problems: string[], hrefs: string[]) {
  if ((element.namespaceURI as string) !== html)
    problems.push(`${here}: namespace ${element.namespaceURI}`)
  const allowed = allowedAttributes[element.tagName]
  if (allowed === undefined) {
    problems.push(`${here}: an element the renderer never writes`)
    return
  }
  for (const attribute of element.attrs) {
    const name =
      attribute.prefix === undefined ? attribute.name : `${attribute.prefix}:${attribute.name}`
    if (!allowed.includes(name)) {
      problems.push(`${here}: attribute ${JSON.stringify(name)}`)
      continue
    }
    const value = attribute.value
    // eslint-disable-next-line no-control-regex -- the URL parser strips leading C0 controls
    if (/^[\s\u0000-\u0020]*[a-z][a-z\d+.-]*:/i.test(value) && !/^https?:/i.test(value)) {
      problems.push(`${here}: attribute ${name} holds a URL scheme: ${JSON.stringify(value)}`)
    }
    if (name === 'class') {
      for (const token of value.split(' ')) {
        if (!allowedClasses.has(token)) problems.push(`${here}: class ${JSON.stringify(token)}`)
      }
    } else if (name === 'href') {
      hrefs.push(value)
      let url: URL | undefined
      try {
        url = new URL(value)
      } catch {
        problems.push(`${here}: href ${JSON.stringify(value)} is not a URL`)
      }
      if (url !== undefined && url.protocol !== 'http:' && url.protocol !== 'https:') {
        problems.push(`${here}: href scheme ${url.protocol}`)
      }
      if (url !== undefined && (url.username !== '' || url.password !== '')) {
        problems.push(`${here}: href ${JSON.stringify(value)} carries credentials`)
      }
      if (url !== undefined && url.href !== value) {
        problems.push(`${here}: href ${JSON.stringify(value)} is not its URL's serialisation`)
      }
    } else {
      const values = fixedValues[name] ?? []
      if (!values.includes(value)) problems.push(`${here}: ${name}=${JSON.stringify(value)}`)
    }
  }
}
