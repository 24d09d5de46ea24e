/**
 * An agent a call runs on behalf of. The pipeline uses only the object's identity, as the key of
 * that agent's scope; `id` is for people and logs.
 */
export interface Agent {
  readonly id: string
}
