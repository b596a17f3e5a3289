/**
 * A route path as both hosts write it (`/api/v1/documents/:document_id`, a final `*path` spanning one
 * or more segments) matched against a request path in its one spelling: literal segments exactly,
 * case included, as the server's router does (case-sensitive). The params, decoded; undefined when
 * it does not match. The browser host's router uses it, so that it picks what the server picks.
 */
export function matchRoutePath(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/')
  const got = path.split('/')
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!
    if (part.startsWith('*')) {
      const rest = got.slice(i).join('/')
      if (rest === '') return undefined
      params[part.slice(1)] = decoded(rest)
      return params
    }
    const segment = got[i]
    if (segment === undefined) return undefined
    if (part.startsWith(':')) {
      if (segment === '') return undefined
      params[part.slice(1)] = decoded(segment)
    } else if (part !== segment) return undefined
  }
  return got.length === want.length ? params : undefined
}

/** A malformed escape is kept as written: the route's own schema then refuses it. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
