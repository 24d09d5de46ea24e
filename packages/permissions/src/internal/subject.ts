// TEMPORARY until @toolpipe/tools exports Subject and ToolRules (the lead's policy-layer seams).
import type { JsonValue } from '@toolpipe/core'

export type Subject =
  | { readonly kind: 'command'; readonly command: string; readonly cwd?: string | undefined }
  | { readonly kind: 'read' | 'edit'; readonly path: string }
  | { readonly kind: 'fetch'; readonly url: string }

export interface ToolRules<TArguments = JsonValue> {
  readonly ruleName?: string | undefined
  subjects?(args: TArguments): Subject[]
}
