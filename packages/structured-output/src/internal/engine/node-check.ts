import type { StructuredScalar } from '../../structured-schema.js'
import type { NodeDefinition } from '../node-definition.js'
import type { IssueRun } from './issue-run.js'

/**
 * The fast answer: is `value` valid? Allocates nothing, stops at the first problem, and may
 * throw on a hostile value (a throwing getter, a revoked Proxy): callers treat a throw as "not
 * proven valid" and collect the issues, which never throws. `stack` holds the containers on the
 * path, by depth, for cycle detection in the plain-data dialect.
 */
export type Test = (value: unknown, stack: unknown[]) => boolean

/** Records every issue of `value` in `run`. Never throws. */
export type Collect = (value: unknown, run: IssueRun) => void

/**
 * How a container's loop checks a child without calling it, for the common simple nodes: a type
 * with nothing else, or an `enum` alone; `call` means calling the child's {@link Test}. Strings,
 * not numbered constants: a bundler may turn module constants into mutable `var`s, which V8
 * then cannot fold into the comparisons, while a literal always is one.
 */
export type InlineKind = 'call' | 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'enum'

/** One node, compiled into closures. Every compiled node has this one shape. */
export interface NodeCheck {
  readonly node: NodeDefinition
  readonly test: Test
  /** Every issue, the node's own included (a value of the wrong type, say). */
  readonly collect: Collect
  /**
   * {@link collect} for a child: a container first tries {@link test}, so that a valid subtree
   * costs no more than a fast check (a long array with one bad element stays cheap).
   */
  readonly collectChild: Collect
  readonly inline: InlineKind
  /** For an inline `enum`: the members (short lists are scanned faster than hashed). */
  readonly enumValues: readonly StructuredScalar[]
  /** An object node's members, when arrays may check its values in their own loop. */
  readonly objectShape: ObjectShape | undefined
  /** An object node that remembers itself on the cycle stack. */
  readonly storesSelf: boolean
}

/**
 * How values are read. `json` (`validateStructuredValue`): objects and arrays must be plain
 * data (any realm), a cycle is an issue, and an object's issues come in the order its members
 * are listed, then the missing ones. `args` (`@toolpipe/schema`'s `checkArgs`): any non-array
 * object is an object and any array an array, cycles are not looked for (the walk follows the
 * schema, so it ends anyway), and issues come in declaration order.
 */
export type Dialect = 'json' | 'args'

/**
 * How the issue walk takes a child: its node's fast test, tried first, and the walk that says
 * what is wrong when it fails. The closures' own at first; the generated back end puts its
 * functions for the same node in their place (`ChildWalks`, collect-child.ts). Both give the same answers;
 * the generated ones are several times faster, and the walk of a long array with one bad element
 * runs the test on every other element.
 */
export interface ChildWalk {
  test: Test
  collect: Collect
}

/** An object node's check and the depth its values sit at. */
export interface PlacedObject {
  readonly check: NodeCheck
  readonly depth: number
}

/** Where a validator's child walks are kept as they are built (see collect-child.ts). */
export interface ChildWalkRegistry {
  /** Keeps `child`, the closures' walk of `node` at `depth`, to be replaced. */
  add(node: NodeDefinition, depth: number, child: ChildWalk): void
  /** Keeps an object node's check at `depth`, whose walk may be generated. */
  addObject(check: NodeCheck, depth: number): void
}

/** Where a node sits while it is compiled. */
export interface BuildContext {
  readonly dialect: Dialect
  /** How many containers above: the node's values sit at this depth, every time. */
  readonly depth: number
  /** Where the child walks of container and union nodes are kept, to be replaced (validator.ts). */
  readonly childWalks?: ChildWalkRegistry
}

/** Whether `value` is one of the enum members (`===` is JSON equality on scalars). */
export function isEnumMember(values: readonly StructuredScalar[], value: unknown): boolean {
  // An index loop: for…of allocates an iterator until V8 optimizes the caller.
  // eslint-disable-next-line @typescript-eslint/prefer-for-of
  for (let index = 0; index < values.length; index++) {
    if (values[index] === value) return true
  }
  return false
}

/** One declared member of an object node, as the object's loops read it. */
export interface PropertyCheck {
  readonly key: string
  /** Position in `properties`. */
  readonly index: number
  readonly required: boolean
  /** A required member among the first 31 required ones: its bit in the seen-mask; else 0. */
  readonly bit: number
  /** 1 for a required member beyond the 31st (those are counted instead), else 0. */
  readonly wide: 0 | 1
  /** The child's own fields, copied here so that the hot loop reads one object. */
  readonly inline: InlineKind
  readonly enumValues: readonly StructuredScalar[]
  readonly test: Test
  readonly check: NodeCheck
}

/** An object node's members, ready for the loops. */
export interface ObjectShape {
  readonly properties: readonly PropertyCheck[]
  /** For objects with many members: each by name. */
  readonly byKey: ReadonlyMap<string, PropertyCheck> | undefined
  /** The bits of the first 31 required members: seen all of them when the seen-mask equals it. */
  readonly requiredMask: number
  /** How many required members lie beyond the first 31. */
  readonly wideRequired: number
  /** `additionalProperties: false`. */
  readonly closed: boolean
  /**
   * Open, with members that are all strings, numbers or booleans checked inline (a type alone):
   * such objects get loops of their own (see flat-object-test.ts).
   */
  readonly flat: boolean
}
