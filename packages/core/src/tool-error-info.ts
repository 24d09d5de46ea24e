/**
 * The machine-routable part of a failed call: the {@link HarnessError}'s class name and code, for
 * retry and sandbox plugins and for replay. The model reads the text content instead.
 */
export interface ToolErrorInfo {
  name: string
  code: string
}
