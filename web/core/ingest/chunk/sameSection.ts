/** Whether two blocks sit under the same headings, all of them, in order. */
export function sameSection(
  a: { readonly headingPath: readonly string[] },
  b: { readonly headingPath: readonly string[] },
): boolean {
  return (
    a.headingPath.length === b.headingPath.length &&
    a.headingPath.every((title, i) => title === b.headingPath[i])
  )
}
