/**
 * Removes a YAML (`---`) or TOML (`+++`) front-matter block from the very start of a Markdown file.
 * It is metadata for site generators; Markdown itself would read it as a rule and a heading. An
 * opening fence without a closing one is left alone (it is then a thematic break).
 */
export function stripFrontMatter(markdown: string): string {
  const match = /^(---|\+\+\+)[^\S\n]*\n(?:[\s\S]*?\n)?(?:\1|\.\.\.)[^\S\n]*(?:\n|$)/.exec(markdown)
  return match ? markdown.slice(match[0].length) : markdown
}
