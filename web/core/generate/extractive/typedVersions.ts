/**
 * A version as people type one where it cannot be a quantity: a series ("3.x", "2.4.x"), a number with
 * its "v" ("v4", "v2.0"), three parts ("1.8.3"), or a number after "version" or "release" ("version
 * 3.12"). "1.5 billion" and "4.2%" are no versions.
 */
const TYPED_VERSION =
  /(?<![\p{L}\p{N}.])(?:\d+(?:\.\d+)*\.x|v\d+(?:\.\d+)*|\d+\.\d+\.\d+(?:\.\d+)*)(?![\p{L}\p{N}]|\.\d)|(?<=\b(?:version|release)\s+)\d+(?:\.\d+)+(?![\p{N}]|\.\d)/giu

/** The versions a question names ("when does tika 3.x reach end of life": 3.x), lower-cased. */
export function typedVersions(ask: string): string[] {
  return [...new Set([...ask.matchAll(TYPED_VERSION)].map(([version]) => version.toLowerCase()))]
}

/**
 * Whether a text prints the version or one of its series: "3.x" is printed by "3.x", "3.0" or "3.2.1";
 * "3.12" by "3.12" (or "v3.12"), not "3.120"; "v4" by "v4", "4.0" or "version 4".
 */
export function printsVersion(text: string, version: string): boolean {
  const bare = version.replace(/^v/u, '')
  const series = bare.endsWith('.x')
  const stem = (series ? bare.slice(0, -2) : bare).replace(/\./gu, '\\.')
  const pattern = series
    ? `${stem}\\.(?:x|\\d+(?:\\.\\d+)*)`
    : version.startsWith('v') && !bare.includes('.')
      ? `(?:v${stem}|${stem}\\.\\d+|version\\s+${stem})`
      : `v?${stem}`
  return new RegExp(`(?<![\\p{N}.])${pattern}(?![\\p{N}]|\\.\\d)`, 'iu').test(text)
}
