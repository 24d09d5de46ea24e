import { createToolRegistry } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { deferred } from './__fixtures__/catalogue.js'
import { toolSearch } from './tool-search.js'

/**
 * SPEC §24, "words the catalogue relates": tools that share a `searchText` (one mounted server's)
 * are a group, and a query in the group's vocabulary lifts its tools.
 */

const kubernetes = 'Kubernetes\nManage pods, deployments, namespaces and nodes of a cluster'
const github = 'GitHub\nRepositories, issues and pull requests on the code host'

function twoServers() {
  const registry = createToolRegistry()
  registry.register(
    deferred('k8s_list', 'List resources of a kind.', {}, { searchText: kubernetes }),
  )
  registry.register(
    deferred('k8s_logs', 'Logs of a pod container.', {}, { searchText: kubernetes }),
  )
  registry.register(
    deferred(
      'k8s_scale',
      'Scale a deployment to a number of replicas.',
      {},
      { searchText: kubernetes },
    ),
  )
  registry.register(deferred('gh_list', 'List resources of a kind.', {}, { searchText: github }))
  registry.register(deferred('gh_issue', 'Open an issue.', {}, { searchText: github }))
  return registry
}

describe('groups of tools', () => {
  it('lifts the tools of the server whose vocabulary the query speaks', () => {
    const search = toolSearch(twoServers())
    // Both list tools say the same; the cluster words pick Kubernetes', the code-host words GitHub's.
    expect(search.find('list resources in the cluster namespace')[0]?.name).toBe('k8s_list')
    expect(search.find('list resources in the repositories on the code host')[0]?.name).toBe(
      'gh_list',
    )
  })

  it('re-indexes a group when one of its tools goes, and drops it with the last', () => {
    const registry = twoServers()
    const search = toolSearch(registry)
    expect(search.find('list resources in the cluster namespace')[0]?.name).toBe('k8s_list')
    const only = registry.list().filter((tool) => tool.name.startsWith('k8s_'))
    registry.batch(() => {
      for (const tool of only) registry.hide((name) => name === tool.name)
    })
    expect(
      search.find('list resources in the cluster namespace').map((match) => match.name),
    ).toEqual(['gh_list'])
  })

  it('past 1,000 tools, scores the tools of the best matching groups and those of no group', () => {
    const registry = createToolRegistry()
    registry.batch(() => {
      for (let server = 0; server < 30; server++) {
        const text = `Server ${String(server)}\nvocabulary${String(server)} things`
        for (let tool = 0; tool < 40; tool++) {
          registry.register(
            deferred(
              `s${String(server)}_t${String(tool)}`,
              `Handle record ${String(tool)} of the store.`,
              {},
              { searchText: text },
            ),
          )
        }
      }
      registry.register(deferred('local_thing', 'Handle the store, locally.'))
    })
    const search = toolSearch(registry, { maxResults: 50 })
    const found = search.find('handle the store in vocabulary7', 50).map((match) => match.name)
    // Server 7's tools first: its group matched; the tool of no group is still scored.
    expect(found[0]).toMatch(/^s7_/)
    expect(found).toContain('local_thing')
    // Within the budget, every group's tools are scored: the query without a group word finds
    // tools of many servers.
    const wide = search.find('handle the store', 50).map((match) => match.name.split('_')[0])
    expect(new Set(wide).size).toBeGreaterThan(1)
  })
})
