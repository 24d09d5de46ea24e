import { quoteJsonPath, quoteString } from '@toolpipe/core/internal'
import type { NodeDefinition, RawIssue } from '@toolpipe/structured-output/internal'
import type { ArgIssue, ReceivedKind } from '../arg-issue.js'
import type { SchemaType } from '../schema-spec.js'
import { receivedText, typeWithArticle } from './issue-text.js'
import { receivedKind } from './received-kind.js'

/** What the root is: the arguments (which must be an object), or a value of any type. */
export type Root = 'arguments' | 'value'

/**
 * Words the engine's issues for the model. One per compiled spec: what follows the subject of a
 * node's messages (` must be one of "a", "b", got `) is worked out on its first issue and kept.
 */
export class ArgIssueWording {
  readonly #expectations = new Map<NodeDefinition, string>()
  /** The subjects of the root's members, quoted once: `"path"`. */
  readonly #memberSubjects = new Map<string, string>()
  readonly #words: Words = {
    expect: (node) => this.#expectation(node),
    subject: (path) => this.#subject(path),
  }

  /** The issues, worded; `root` says what the path `[]` is. */
  word(issues: readonly RawIssue[], root: Root): ArgIssue[] {
    const worded: ArgIssue[] = []
    for (const issue of issues) {
      const argIssue = wordIssue(issue, root, this.#words)
      if (argIssue !== undefined) worded.push(argIssue)
    }
    return worded
  }

  #subject(path: readonly (string | number)[]): string {
    const key = path.length === 1 ? path[0] : undefined
    if (typeof key !== 'string') return subject(path)
    let text = this.#memberSubjects.get(key)
    if (text === undefined) {
      text = subject(path)
      this.#memberSubjects.set(key, text)
    }
    return text
  }

  #expectation(node: NodeDefinition | undefined): string {
    if (node === undefined) return expectation(node)
    let text = this.#expectations.get(node)
    if (text === undefined) {
      text = expectation(node)
      this.#expectations.set(node, text)
    }
    return text
  }
}

/** What a message says about a node and a place, kept per compiled spec. */
interface Words {
  readonly expect: (node: NodeDefinition | undefined) => string
  readonly subject: (path: readonly (string | number)[]) => string
}

/** The quoted path of the value an issue is about: `"edits[3].path"`, or `the value`. */
function subject(path: readonly (string | number)[]): string {
  return quoteJsonPath(path, 'the value')
}

/** A spec's nodes are all typed nodes of the five DSL types. */
function typeOf(node: NodeDefinition | undefined): SchemaType {
  return node?.kind === 'typed' ? (node.type as SchemaType) : 'object'
}

function wordIssue(issue: RawIssue, root: Root, words: Words): ArgIssue | undefined {
  const { path } = issue
  switch (issue.code) {
    case 'invalid_type':
      return typeIssue(issue.node, path, receivedKind(issue.value), root, words)
    case 'unreadable':
      // A getter or Proxy trap threw: the value is there, but not one that can be checked.
      return typeIssue(issue.node, path, 'unreadable', root, words)
    case 'missing':
      return {
        code: 'missing',
        path,
        message: `missing required property ${words.subject(path)}`,
        expected: typeOf(issue.node),
      }
    case 'invalid_enum': {
      const allowed = (issue.node.enumValues ?? []) as readonly string[]
      return {
        code: 'invalid_enum',
        path,
        message:
          words.subject(path) + words.expect(issue.node) + quoteString(issue.value as string),
        expected: allowed,
        received: issue.value as string,
      }
    }
    case 'sparse_array':
      return {
        code: 'sparse_array',
        path,
        message: `${subject(path)} is a sparse array (no element at index ${issue.index}); arrays must be dense`,
        index: issue.index,
      }
    case 'too_many_issues':
      return {
        code: 'too_many_issues',
        path,
        message: `more than ${issue.limit} issues: the first ${issue.limit} are listed, and the rest of the arguments was not checked`,
        limit: issue.limit,
      }
    default:
      // The other codes come from keywords and dialects a spec never compiles to.
      return undefined
  }
}

/** What a message says after its subject: ` must be a string, got ` or ` must be one of "a", "b", got `. */
function expectation(node: NodeDefinition | undefined): string {
  if (node?.kind === 'typed' && node.enumValues !== undefined) {
    return ` must be one of ${node.enumValues.map((value) => JSON.stringify(value)).join(', ')}, got `
  }
  return ` must be ${typeWithArticle(typeOf(node))}, got `
}

function typeIssue(
  node: NodeDefinition | undefined,
  path: readonly (string | number)[],
  received: ReceivedKind,
  root: Root,
  words: Words,
): ArgIssue {
  if (path.length === 0 && root === 'arguments') {
    return {
      code: 'not_object',
      path: [],
      message: `arguments must be a JSON object, got ${receivedText(received)}`,
      expected: 'object',
      received,
    }
  }
  return {
    code: 'invalid_type',
    path,
    message: words.subject(path) + words.expect(node) + receivedText(received),
    expected: typeOf(node),
    received,
  }
}
