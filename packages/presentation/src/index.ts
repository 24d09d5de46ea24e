export { appliedHunks } from './applied-hunks.js'
export type { AppliedHunksOptions } from './applied-hunks.js'
export { CardHtmlError } from './card-html-error.js'
export { cardStylesheet } from './card-stylesheet.js'
export { checkToolCallView } from './check-tool-call-view.js'
export { checkToolResultView } from './check-tool-result-view.js'
export type { DiffHunk } from './diff-hunk.js'
export type { FileDiff } from './file-diff.js'
export type { FileLocation } from './file-location.js'
export { isToolCallView } from './is-tool-call-view.js'
export { isToolResultView } from './is-tool-result-view.js'
export { parseToolCallView } from './parse-tool-call-view.js'
export { parseToolResultView } from './parse-tool-result-view.js'
export { presentCallSafely } from './present-call-safely.js'
export { presentResultSafely } from './present-result-safely.js'
export { renderCardHtml } from './render-card-html.js'
export type { RenderCardHtmlOptions } from './render-card-html.js'
export type { PresentableTool } from './presentable-tool.js'
export type { ToolCallKind } from './tool-call-kind.js'
export type {
  DiffCallView,
  GenericCallView,
  TerminalCallView,
  ToolCallView,
} from './tool-call-view.js'
export type { ToolResult } from './tool-result.js'
export type {
  DiffResultView,
  GenericResultView,
  TerminalResultView,
  ToolResultView,
} from './tool-result-view.js'
export type { ViewIssue, ViewIssuePath } from './view-issue.js'
