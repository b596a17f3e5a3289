import { tokenize } from '../../retrieve/index/tokenize'

/**
 * The words of a text in spelling-insensitive forms: each search term, each run of two or three
 * neighbouring terms written together ("1 GB" also as "1gb", "self locking" as "selflocking"), a
 * hyphenated word without its hyphens ("a-ha" as "aha"), and
 * the parts of a word written in CamelCase or with letters beside digits ("JBig2dec" also as "big",
 * "jbig2", "big2dec"; "PostgreSQL" as "postgre", "sql"). A word of the question is in the text when any
 * of its forms is: a refusal never says a passage lacks a word it prints another way.
 */
export function looseWords(text: string): Set<string> {
  const words = new Set<string>()
  const sequence = tokenize(text)
  sequence.forEach((word, i) => {
    words.add(word)
    const two = sequence[i + 1]
    if (two !== undefined) {
      words.add(word + two)
      const three = sequence[i + 2]
      if (three !== undefined) words.add(word + two + three)
    }
  })
  // "a-ha", "e-mail": a hyphenated word typed whole ("aha"), whose parts search may drop as stopwords.
  for (const [raw] of text.matchAll(/[\p{L}\p{N}]+(?:[-‐‑][\p{L}\p{N}]+)+/gu))
    words.add(raw.replace(/[-‐‑]/gu, '').toLowerCase())
  for (const [raw] of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const parts = raw.split(
      /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u,
    )
    if (parts.length < 2 || parts.length > 8) continue
    // Every run of neighbouring parts: "jbig2" and "big2dec" in "JBig2dec".
    for (let start = 0; start < parts.length; start++) {
      for (let end = start + 1; end <= parts.length; end++) {
        const run = parts.slice(start, end).join('').toLowerCase()
        if (end - start === 1) for (const term of tokenize(run)) words.add(term)
        else words.add(run)
      }
    }
  }
  return words
}

/** A question's term in its spelling-insensitive form: lower case, without spaces, hyphens or dots. */
export function looseForm(term: string): string {
  return term.toLowerCase().replace(/[\s\-_.'’]+/gu, '')
}
