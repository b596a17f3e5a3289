/**
 * What a Collections module says after a choice: which collection, and how many modules on the page
 * heard it (those pinned to a collection of their own hear it too, and keep theirs).
 */
export function chosenStatus(name: string, reached: number): string {
  if (reached === 0) return `${name} chosen. No module on this page takes a chosen collection.`
  const modules = reached === 1 ? '1 module' : `${reached} modules`
  return `${name} chosen and sent to ${modules} on this page; those without a collection of their own switch to it.`
}
