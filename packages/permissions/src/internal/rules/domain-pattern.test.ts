import { describe, expect, it } from 'vitest'
import { compileDomainPattern, hostOf, matchesDomain } from './domain-pattern.js'

describe('WebFetch(domain:…) rules', () => {
  it('compiles a domain case-insensitively, *.x for subdomains, * for every host', () => {
    expect(compileDomainPattern('domain:Example.COM')).toEqual({
      host: 'example.com',
      subdomains: false,
    })
    expect(compileDomainPattern('domain:*.docs.rs')).toEqual({ host: 'docs.rs', subdomains: true })
    expect(compileDomainPattern('domain:*')).toEqual({ host: undefined, subdomains: false })
  })

  it('says what is wrong with a specifier that is not a domain', () => {
    expect(compileDomainPattern('example.com')).toBe(
      'a WebFetch rule is WebFetch(domain:example.com)',
    )
    expect(compileDomainPattern('domain:a/b')).toBe('"a/b" is not a domain')
  })

  it('reads a URL’s host as rules compare it, and matches subdomains only under *.x', () => {
    expect(hostOf('https://EXAMPLE.com./x')).toBe('example.com')
    expect(hostOf('not a url')).toBeUndefined()
    expect(hostOf('file:///etc/passwd')).toBeUndefined()
    const subdomains = { host: 'docs.rs', subdomains: true }
    expect(matchesDomain(subdomains, 'serde.docs.rs')).toBe(true)
    expect(matchesDomain(subdomains, 'docs.rs')).toBe(false)
    expect(matchesDomain({ host: undefined, subdomains: false }, 'any.host')).toBe(true)
  })
})
