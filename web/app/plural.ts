/** "1 engine", "2 engines": a count with its noun, for the English of status lines and announcements. */
export function plural(count: number, one: string): string {
  return `${count} ${one}${count === 1 ? '' : 's'}`
}
