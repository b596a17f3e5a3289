/** RFC 3986's unreserved characters: percent-encoding one of them spells the same path another way. */
const ENCODED_UNRESERVED = /%(?:[46][1-9A-F]|[57][0-9A]|3[0-9]|2[DE]|5F|7E)/gi

/**
 * The one spelling of a request path that every decision about it is made on (the guard, the rate
 * limits, the body limits, the router, a plugin's permissions): runs of `/` folded into one, and
 * percent-encoded unreserved characters (`%61` for `a`, `%2D` for `-`) decoded. Reserved escapes
 * (`%2F`, `%3F`, `%25`) stay as they are: decoding them would change what the path says. Case is not
 * folded here: routes match case-sensitively, and `isCanonicalApiCase` tells a wrongly cased API path.
 */
export function canonicalPath(path: string): string {
  return path
    .replace(/\/{2,}/g, '/')
    .replace(ENCODED_UNRESERVED, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)))
}

/** Whether a path holds a `.` or `..` segment (which a decoded `%2e` could have spelled). */
export function hasDotSegment(path: string): boolean {
  return path.split('/').some((segment) => segment === '.' || segment === '..')
}
