/** A compiled `WebFetch(domain:…)` specifier (SPEC §18.2). */
export interface DomainPattern {
  /** The host, lower-case and in its ASCII (punycode) form; undefined for `domain:*`. */
  readonly host: string | undefined
  /** `*.example.com`: subdomains of `host`, not `host` itself. */
  readonly subdomains: boolean
}

/** Compiles `domain:example.com` or `domain:*.example.com`, or says what is wrong. */
export function compileDomainPattern(specifier: string): DomainPattern | string {
  if (!specifier.startsWith('domain:')) {
    return 'a WebFetch rule is WebFetch(domain:example.com)'
  }
  const value = specifier.slice(7).trim()
  if (value === '*') return { host: undefined, subdomains: false }
  const subdomains = value.startsWith('*.')
  const host = asciiHost(subdomains ? value.slice(2) : value)
  if (host === undefined) return `"${value}" is not a domain`
  return { host, subdomains }
}

/** The host of a URL as rules compare it, or undefined when the URL has none. */
export function hostOf(url: string): string | undefined {
  try {
    const host = new URL(url).hostname
    if (host === '') return undefined
    return host.endsWith('.') ? host.slice(0, -1) : host
  } catch {
    return undefined
  }
}

function asciiHost(value: string): string | undefined {
  if (value === '' || value.includes('/') || value.includes('*') || value.includes('@'))
    return undefined
  return hostOf(`http://${value}/`)
}

/** Whether a host (from {@link hostOf}) matches. */
export function matchesDomain(pattern: DomainPattern, host: string): boolean {
  if (pattern.host === undefined) return true
  if (pattern.subdomains) return host.endsWith(`.${pattern.host}`)
  return host === pattern.host
}
