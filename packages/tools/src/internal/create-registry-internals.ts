import { describeValue } from '@toolpipe/core/internal'
import { ToolRegistryError } from '../tool-registry-error.js'
import type { ToolVisibilityFilter } from '../tool-visibility-filter.js'
import { addListener } from './add-listener.js'
import { changeAnnouncer } from './change-announcer.js'
import { ChangeBatch } from './change-batch.js'
import { assertToolDefinition } from './check-definition.js'
import { checkScope } from './check-scope.js'
import { describeTool } from './describe-tool.js'
import { DialectSchemas } from './dialect-schemas.js'
import { executeBatch } from './execute-batch.js'
import { executeCall } from './execute-pipeline.js'
import { readSchemasOptions } from './read-schemas-options.js'
import type { RegistryInternals } from './registry-internals.js'
import type { RegistryParts } from './registry-parts.js'

/**
 * The registry operations over `parts` that the registry and its scope handles build on: the
 * checks of what they are given, the changes announced through one batch, and the calls.
 */
export function createRegistryInternals(
  parts: RegistryParts,
  dialects: unknown,
): RegistryInternals {
  const { layers, logger, pipeline } = parts
  const dialectSchemas = new DialectSchemas(dialects, logger)
  const announcer = changeAnnouncer(parts.listeners['tools/change'], logger)
  const changeBatch = new ChangeBatch(announcer)
  return {
    get: (name, scope) => layers.get(name, scope),
    list: (scope) => layers.list(scope),
    schemas(scope, schemasOptions) {
      const request = readSchemasOptions(schemasOptions)
      return dialectSchemas.schemasOf(layers.list(scope), request)
    },
    descriptors: (scope) => layers.list(scope).map(describeTool),
    addTool(definition, scope) {
      const { name, parameters } = assertToolDefinition(definition)
      dialectSchemas.assertExpressible(name, definition, parameters)
      return layers.add(name, definition, scope)
    },
    addRestriction: (scope, restriction) => layers.restrict(checkScope(scope, true), restriction),
    addGuard(guard, scope) {
      if (typeof guard !== 'function') {
        throw new ToolRegistryError('a guard must be a function', 'INVALID_LISTENER')
      }
      return parts.guards.add(guard, scope)
    },
    addListener: (event, listener, scope, place) =>
      addListener(parts, event, listener, scope, place),
    addHide(filter, scope) {
      if (typeof filter !== 'function') {
        throw new ToolRegistryError(
          `a visibility filter must be a function, got ${describeValue(filter)}`,
          'INVALID_LISTENER',
        )
      }
      return layers.hide(filter as ToolVisibilityFilter, scope)
    },
    execute: (input, agent) => executeCall(pipeline, input, agent),
    executeBatch: (inputs, batchOptions, agent) =>
      executeBatch(pipeline, inputs, batchOptions, agent),
    forgetApprovals: (agent) => {
      parts.approvalMemory.forget(agent)
    },
    batch: (fn) => changeBatch.run(fn),
    journal: (undo) => {
      changeBatch.journal(undo)
    },
    emitChange(scope) {
      if (!changeBatch.absorb(scope, true)) announcer.announce([scope])
    },
    emitChangeQuietly(scope) {
      if (!changeBatch.absorb(scope, false)) announcer.announceQuietly([scope])
    },
  }
}
