import type { ContentBlock, HookContext } from '@toolpipe/core'

/** What `tools/pre-execute` decides about a call before it runs. */
export type PreToolDecision =
  | { kind: 'allow' }
  | { kind: 'deny'; reason: string }
  | { kind: 'ask'; reason?: string | undefined }

/** What `tools/post-execute` decides about a call's result. */
export type PostToolDecision =
  | {
      kind: 'accept'
      /** Replaces the result's content; an error result stays an error. */
      content?: ContentBlock[] | undefined
      additionalContext?: HookContext | undefined
    }
  | {
      kind: 'block'
      /** Becomes the content of an error result: tell the model what to do instead. */
      feedback: ContentBlock[]
      additionalContext?: HookContext | undefined
    }
