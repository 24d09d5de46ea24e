/**
 * What a call does, for a generic card's icon: `read`, `edit`, `delete`, `move`, `search`,
 * `execute`, `fetch`, or `other` when none fits.
 */
export type ToolCallKind =
  'read' | 'edit' | 'delete' | 'move' | 'search' | 'execute' | 'fetch' | 'other'
