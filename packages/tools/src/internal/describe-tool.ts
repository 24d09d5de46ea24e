import type { StructuredOutputSchema } from '@toolpipe/structured-output'
import type { ToolAnnotations } from '../tool-annotations.js'
import type { ToolDefinition, ToolParameters } from '../tool-definition.js'
import type { ToolDescriptor } from '../tool-descriptor.js'
import { registeredJson, registeredMember, registeredName } from './read-registered.js'
import { readToolMembers } from './read-tool-members.js'

type Mutable<TObject> = { -readonly [TKey in keyof TObject]: TObject[TKey] }

/**
 * A tool's descriptor (SPEC §12.1), built by an explicit allowlist of fields from a registered
 * (so already checked) definition: fresh JSON copies, nothing shared with the definition. Each
 * member is read once; one a getter or Proxy trap keeps from being read now is `INVALID_TOOL`
 * naming the tool and the member (SPEC §11), as at registration.
 */
export function describeTool(definition: ToolDefinition): ToolDescriptor {
  const name = registeredName(definition)
  const member = <TKey extends keyof ToolDefinition & string>(key: TKey): ToolDefinition[TKey] =>
    registeredMember(definition, name, key)
  const descriptor: ToolDescriptor = {
    name,
    description: member('description'),
    parameters: registeredJson(name, 'parameters', member('parameters')) as ToolParameters,
    concurrencySafe: member('concurrencySafe') === true,
  }
  const outputSchema = member('outputSchema')
  if (outputSchema !== undefined) {
    descriptor.outputSchema = registeredJson(
      name,
      'outputSchema',
      outputSchema,
    ) as unknown as StructuredOutputSchema
  }
  const annotations = member('annotations')
  if (annotations !== undefined) descriptor.annotations = copyAnnotations(name, annotations)
  return descriptor
}

function copyAnnotations(name: string, annotations: ToolAnnotations): ToolAnnotations {
  const { title, readOnly, destructive, idempotent, openWorld } = readToolMembers(
    annotations,
    ['title', 'readOnly', 'destructive', 'idempotent', 'openWorld'],
    `tool "${name}": annotations.`,
  )
  const copy: Mutable<ToolAnnotations> = {}
  if (title !== undefined) copy.title = title as string
  if (readOnly !== undefined) copy.readOnly = readOnly as boolean
  if (destructive !== undefined) copy.destructive = destructive as boolean
  if (idempotent !== undefined) copy.idempotent = idempotent as boolean
  if (openWorld !== undefined) copy.openWorld = openWorld as boolean
  return copy
}
