/**
 * A value that survives `JSON.stringify` → `JSON.parse` unchanged: the data a model produces
 * and the only data the pipeline stores, logs and replays.
 */
export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

/** A JSON object: the shape of tool arguments and of most structured results. */
export type JsonObject = Record<string, JsonValue>
