import { snapshotJson } from '@toolpipe/core'
import type { StructuredOutputSchema } from '@toolpipe/structured-output'
import type { ToolAnnotations } from '../tool-annotations.js'
import type { ToolDefinition, ToolParameters } from '../tool-definition.js'
import type { ToolDescriptor } from '../tool-descriptor.js'

type Mutable<TObject> = { -readonly [TKey in keyof TObject]: TObject[TKey] }

/**
 * A tool's descriptor (SPEC §12.1), built by an explicit allowlist of fields from a registered
 * (so already checked) definition: fresh JSON copies, nothing shared with the definition.
 */
export function describeTool(definition: ToolDefinition): ToolDescriptor {
  const descriptor: ToolDescriptor = {
    name: definition.name,
    description: definition.description,
    parameters: snapshotJson(definition.parameters) as ToolParameters,
    concurrencySafe: definition.concurrencySafe === true,
  }
  const outputSchema = definition.outputSchema
  if (outputSchema !== undefined) {
    descriptor.outputSchema = snapshotJson(outputSchema) as unknown as StructuredOutputSchema
  }
  const annotations = definition.annotations
  if (annotations !== undefined) descriptor.annotations = copyAnnotations(annotations)
  return descriptor
}

function copyAnnotations(annotations: ToolAnnotations): ToolAnnotations {
  const { title, readOnly, destructive, idempotent, openWorld } = annotations
  const copy: Mutable<ToolAnnotations> = {}
  if (title !== undefined) copy.title = title
  if (readOnly !== undefined) copy.readOnly = readOnly
  if (destructive !== undefined) copy.destructive = destructive
  if (idempotent !== undefined) copy.idempotent = idempotent
  if (openWorld !== undefined) copy.openWorld = openWorld
  return copy
}
