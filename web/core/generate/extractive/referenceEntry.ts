/**
 * Whether a line is an entry of a reference list, which names a work and says nothing itself: an
 * encyclopedia's note ("16. ^ Lardinois, Frederic (November 15, 2012). "Mozilla Releases…"", "^ Smith
 * 2010, p. 4"), a paper's numbered entry opening with its authors ("[12] A. Vaswani, N. Shazeer, …",
 * "[3] Smith, J. and …"), an author-year entry ("Wang, C. (2023). Tuning…", "Lardinois, Frederic
 * (November 15, 2012)."), or a paper's own line saying how to cite it ("Reference: Chuttur M.Y. (2009). …").
 */
export function referenceEntry(line: string): boolean {
  const text = line.trim()
  return NOTE.test(text) || CITE_AS.test(text) || NUMBERED_AUTHORS.test(text) || AUTHOR_YEAR.test(text)
}

/** "Reference: Chuttur M.Y. (2009). …", "Suggested citation: …": how a paper asks to be cited, on its first page. */
const CITE_AS =
  /^(?:reference|citation|suggested\s+citation|cite\s+(?:this\s+\p{L}+\s+)?as|how\s+to\s+cite(?:\s+this\s+\p{L}+)?)\s*:/iu
/** "16. ^ …", "^ …", "↑ …": the caret a wiki's reference list prints before each note. */
const NOTE = /^(?:\d{1,3}\.?\s*)?[\^↑]\s/u
/** A surname ("Vaswani", "de Jong", "O'Neil"). */
const SURNAME = String.raw`\p{Lu}[\p{L}'’-]+`
/** Initials ("A.", "J. R.", "J.-P."). */
const INITIALS = String.raw`(?:\p{Lu}\.(?:-\p{Lu}\.)?\s*){1,3}`
/**
 * "[12] A. Vaswani, …", "[3] Smith, J. …", "7. Smith J, Jones K, …", "[1] W. Kwon et al. …": a numbered entry
 * that opens with its authors.
 */
const NUMBERED_AUTHORS = new RegExp(
  String.raw`^(?:\[\d{1,3}\]|\d{1,3}\.)\s+(?:(?:${INITIALS})?${SURNAME}\s+et\s+al\.\s+\p{Lu}|${INITIALS}${SURNAME}[,;]|${SURNAME},\s+${INITIALS}|${SURNAME}\s+\p{Lu}{1,3},\s+${SURNAME}\s+\p{Lu}{1,3}[,.])`,
  'u',
)
/** "Wang, C. (2023).", "Lardinois, Frederic (November 15, 2012).": a name, then a year in brackets soon after. */
const AUTHOR_YEAR = new RegExp(
  String.raw`^${SURNAME},\s+(?:${INITIALS}|\p{Lu}\p{Ll}+\s)[^()]{0,80}\((?:\p{L}+\.?\s+(?:\d{1,2},\s+)?)?(?:1[6-9]|20)\d{2}[a-z]?\)`,
  'u',
)
