import { parseFragment } from 'parse5'
import type { DefaultTreeAdapterMap } from 'parse5'

type Node = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['documentFragment']
type Element = DefaultTreeAdapterMap['element']

/** A fragment parsed as a browser parses it, with small queries for tests. */
export interface ParsedHtml {
  /** Every element with this class, in document order. */
  all(className: string): Element[]
  /** The one element with this class; throws when there is not exactly one. */
  one(className: string): Element
  /** The text of the whole fragment, or of an element. */
  text(element?: Element): string
}

/** Parses `html` with parse5 (the WHATWG algorithm). */
export function parseHtml(html: string): ParsedHtml {
  const root = parseFragment(html)
  const elements: Element[] = []
  const walk = (node: Node): void => {
    if ('tagName' in node) elements.push(node)
    if ('childNodes' in node) for (const child of node.childNodes) walk(child)
  }
  walk(root)
  const all = (className: string): Element[] =>
    elements.filter((element) => classesOf(element).includes(className))
  return {
    all,
    one(className) {
      const found = all(className)
      if (found.length !== 1 || found[0] === undefined) {
        throw new Error(`${found.length} elements with class ${className} in ${html}`)
      }
      return found[0]
    },
    text: (element) => textOf(element ?? root),
  }
}

/** The element's class tokens. */
export function classesOf(element: Element): string[] {
  return (attribute(element, 'class') ?? '').split(' ').filter((token) => token !== '')
}

/** An attribute's value, or `undefined`. */
export function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((each) => each.name === name)?.value
}

function textOf(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value
  return 'childNodes' in node ? node.childNodes.map(textOf).join('') : ''
}
