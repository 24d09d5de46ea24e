import { describe, expect, it, vi } from 'vitest'
import { alice, names, tool } from './__fixtures__/tools.js'
import { expectUnreadable, revoked, trapping, withGetter } from './__fixtures__/hostile-objects.js'
import type { Row } from './__fixtures__/hostile-objects.js'
import { registryError } from './__fixtures__/registry-error.js'
import { createToolRegistry } from './tool-registry.js'
import type { ToolRestriction } from './tool-restriction.js'

/**
 * SPEC §11 for `restrict`: a restriction or list with a throwing getter or Proxy trap, or a
 * revoked Proxy, is `INVALID_RESTRICTION` naming the list, with what was thrown as `cause`; the
 * scope's view is unchanged and no `tools/change` is announced.
 */

const restrictions: readonly Row<ToolRestriction>[] = [
  {
    label: 'allow with a throwing getter',
    what: 'restriction.allow',
    make: (error) => withGetter({}, 'allow', error),
  },
  {
    label: 'deny with a throwing getter',
    what: 'restriction.deny',
    make: (error) => withGetter({ allow: ['read'] }, 'deny', error),
  },
  {
    label: 'a restriction that is a Proxy with a throwing get trap',
    what: 'restriction.allow',
    make: (error) => trapping({ allow: ['read'] }, 'get', error),
  },
  {
    label: 'a restriction that is a revoked Proxy',
    what: 'restriction.allow',
    make: () => revoked({ allow: ['read'] }),
    revoked: true,
  },
  {
    label: 'an allow list that is an array Proxy with a throwing get trap',
    what: 'restriction.allow',
    make: (error) => ({ allow: trapping(['read'], 'get', error) }),
  },
  {
    label: 'an allow list that is a revoked Proxy',
    what: 'restriction.allow',
    make: () => ({ allow: revoked(['read']) }),
    revoked: true,
  },
]

describe('restrict: a hostile restriction is INVALID_RESTRICTION, never a raw error (SPEC §11)', () => {
  const restrictCalls = [
    ['registry.restrict', (registry, restriction) => registry.restrict(alice, restriction)],
    [
      'scope(agent).restrict',
      (registry, restriction) => registry.scope(alice).restrict(restriction),
    ],
  ] as const satisfies readonly (readonly [
    string,
    (registry: ReturnType<typeof createToolRegistry>, restriction: ToolRestriction) => unknown,
  ])[]

  describe.each(restrictCalls)('%s', (_, restrict) => {
    it.each(restrictions)('$label: the scope still sees every global, no tools/change', (row) => {
      const registry = createToolRegistry()
      for (const name of ['read', 'write']) registry.register(tool(name))
      const changes = vi.fn()
      registry.on('tools/change', changes)
      const error = new Error('boom')
      const thrown = registryError(() => restrict(registry, row.make(error)))
      expect(thrown.code).toBe('INVALID_RESTRICTION')
      expectUnreadable(thrown, row, error)
      expect(names(registry.list(alice))).toEqual(['read', 'write'])
      expect(changes).not.toHaveBeenCalled()
    })
  })

  it('a list is read once per member: a sparse list is refused, not a name "undefined"', () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    const sparse = [, 'read'] as string[]
    expect(registryError(() => registry.restrict(alice, { allow: sparse }))).toMatchObject({
      code: 'INVALID_RESTRICTION',
      message: 'restriction.allow must be an array of tool names',
    })
  })
})
