import type { OpeningTerms } from '../store/DocumentOpening'
import { searchTerms } from './index/tokenize'
import { gluedWord } from './gluedWord'
import { countTerms, openingTermCounts, type TermCounts } from './openingTerms'

/** What a document says about itself: the words a question uses to name it. */
export interface DocumentSelf {
  documentId: string
  /** The file name as uploaded ("AMERICANWATERWORKS_2021_10K.pdf", "router-manual-v2.3.docx"). */
  filename: string
  /** The title read from the file, where it had one. */
  title?: string | null
  /** The text of its opening page (a cover, a title page, a report's first lines). */
  opening: string
  /** The opening's terms as its store kept them (`DocumentOpening.terms`), if it did. */
  openingTerms?: OpeningTerms
}

/** A document's self-description as terms, ready to score (see `documentProfile`). */
export interface DocumentProfile {
  documentId: string
  /** Its label's words (file name and title): term -> frequency. */
  label: TermCounts
  /** Its opening page's words. */
  opening: TermCounts
}

/**
 * A label word outweighs an opening word: a file name and a title are what a person (or the
 * author) chose to call the whole document, while an opening page also carries addresses, legal
 * boilerplate and a table of contents.
 */
const LABEL_WEIGHT = 2
/** Okapi BM25's usual parameters; profiles are short and of similar length, so nothing to tune. */
const K1 = 1.2
const B = 0.75
/**
 * A query word of at least this many letters that no label holds may match the start of a label's
 * word ("JPM" -> "jpmorgan"), at this share of a full match.
 */
const PREFIX_MIN = 3
const PREFIX_WEIGHT = 0.5

/**
 * The words a document uses about itself, in two fields: its label (the file name, split where it
 * changes case or uses `_`, `-` or `.`, its extension dropped; and its title) and its opening page.
 * Nothing here knows what kind of documents these are: a folder of annual reports is named by
 * company and period, manuals by product and version, papers by title and authors (on their first
 * page), contracts by party; all of it is in these places.
 */
export function documentProfile(self: DocumentSelf): DocumentProfile {
  const label = countTerms(
    `${labelWords(self.filename.replace(/\.[a-z0-9]{1,5}$/iu, ''))} ${self.title ?? ''}`,
  )
  return { documentId: self.documentId, label, opening: openingTermCounts(self.opening, self.openingTerms) }
}

/**
 * "BestBuy_2023Q2" -> "Best Buy 2023 Q2": a name's case changes are word breaks too, and so is a
 * year (three digits or more) run into letters.
 */
function labelWords(name: string): string {
  return name.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').replace(/(\p{N}{3,})(\p{L})/gu, '$1 $2')
}

/**
 * How well each document's profile matches the query: BM25 over the profiles, per field, the
 * label's score counting `LABEL_WEIGHT` times. Each field has its own idf, and it is what makes this
 * work on any folder:
 * - a label word's idf counts the labels that hold it: in a folder of one company's reports by
 *   year, the year in "ACME_2021_10K" is what tells them apart, however many pages mention 2021;
 * - an opening word's idf counts the documents that use it anywhere (`documentFrequency`, from the
 *   search index), not only in their opening: a word a cover page happens to hold ("revenue", a
 *   metric's name) but every report uses is no evidence of which report is meant, while a name
 *   ("Pfizer", an author's) that only its own documents use is.
 * Documents that match nothing are absent. Scores are only comparable within a call.
 */
export function documentScores(
  query: string,
  profiles: readonly DocumentProfile[],
  documentFrequency?: (term: string) => number,
): Map<string, number> {
  const scores = new Map<string, number>()
  if (profiles.length === 0) return scores
  const words = new Set(searchTerms(query))
  const joined = new Set(joinedWords(query).filter((term) => !words.has(term)))
  const { averages, holders: held } = profilesIndex(profiles)
  const add = (which: 'label' | 'opening', term: string, weight: number) => {
    const holders = held[which].get(term) ?? []
    if (holders.length === 0) return
    const spread =
      which === 'opening' ? Math.max(holders.length, documentFrequency?.(term) ?? 0) : holders.length
    const idf = Math.log(1 + (profiles.length - spread + 0.5) / (spread + 0.5))
    const fieldWeight = which === 'label' ? LABEL_WEIGHT : 1
    for (const profile of holders) {
      const { terms, length } = profile[which]
      const frequency = terms.get(term)!
      const saturated = (frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * length) / averages[which]))
      scores.set(
        profile.documentId,
        (scores.get(profile.documentId) ?? 0) + fieldWeight * weight * idf * saturated,
      )
    }
  }
  for (const word of words) {
    for (const [term, weight] of labelTerms(word, held.label)) add('label', term, weight)
    add('opening', word, 1)
  }
  for (const term of joined) {
    add('label', term, 1)
    add('opening', term, 1)
  }
  return scores
}

/** Whether a term is a word of some document's label (its file name or title). */
export function labelWord(profiles: readonly DocumentProfile[], term: string): boolean {
  return profiles.length > 0 && profilesIndex(profiles).holders.label.has(term)
}

/** Per field, the profiles holding each term (in the profiles' order), and the fields' mean lengths. */
interface ProfilesIndex {
  holders: Record<'label' | 'opening', Map<string, DocumentProfile[]>>
  averages: Record<'label' | 'opening', number>
}

/**
 * Made once per list of profiles (`documentProfiles` hands the same list while nothing changed): a
 * search scored every query term by filtering all the profiles, per field, each time.
 */
const indexes = new WeakMap<readonly DocumentProfile[], ProfilesIndex>()

function profilesIndex(profiles: readonly DocumentProfile[]): ProfilesIndex {
  let index = indexes.get(profiles)
  if (index) return index
  const holders = {
    label: new Map<string, DocumentProfile[]>(),
    opening: new Map<string, DocumentProfile[]>(),
  }
  for (const profile of profiles) {
    for (const which of ['label', 'opening'] as const) {
      for (const term of profile[which].terms.keys()) {
        const list = holders[which].get(term)
        if (list) list.push(profile)
        else holders[which].set(term, [profile])
      }
    }
  }
  index = {
    holders,
    averages: {
      label: average(profiles.map(({ label }) => label.length)),
      opening: average(profiles.map(({ opening }) => opening.length)),
    },
  }
  indexes.set(profiles, index)
  return index
}

function average(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length || 1
}

/**
 * Two and three neighbouring words of the query written as one ("Best Buy" -> "bestbuy", "American
 * Water Works" -> "americanwaterworks"): file names often glue a name's words together. Only
 * letters; such a term counts only where a profile holds it (it is never a prefix).
 */
function joinedWords(query: string): string[] {
  const words = query
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}]+/u)
    .filter((word) => word !== '')
  const joined: string[] = []
  for (let i = 0; i + 1 < words.length; i++) {
    joined.push(words[i]! + words[i + 1]!)
    if (i + 2 < words.length) joined.push(words[i]! + words[i + 1]! + words[i + 2]!)
  }
  return joined
}

/**
 * The label words a query word meets: itself where any label has it, else the label words it
 * begins (an abbreviation of a name: "JPM" for "JPMorgan") or that begin it with an ending ("refactoring"
 * for "HowWeRefactor"). Only labels: they are short, and an
 * opening's words would begin with anything.
 */
function labelTerms(word: string, labels: ReadonlyMap<string, unknown>): Array<[string, number]> {
  if (labels.has(word)) return [[word, 1]]
  if (word.length < PREFIX_MIN || /\p{N}/u.test(word)) return []
  // The labels' terms in the order the profiles first hold them, as a scan of every label gave.
  const found: Array<[string, number]> = []
  for (const candidate of labels.keys())
    if (candidate.startsWith(word) || gluedWord(word, candidate) || inflected(word, candidate))
      found.push([candidate, PREFIX_WEIGHT])
  return found
}

/** What English adds to a word to make another form of it ("refactor" -> "refactoring", "deploy" -> "deployment"). */
const ENDING = /^(?:ing|ings|ed|er|ers|ion|ions|ment|ments|s|es)$/u
/** A label word this short is no stem: "pre" would begin anything. */
const STEM_MIN = 5

/** "refactoring" typed, "HowWeRefactor" the file's name: the label's word and an ending. */
function inflected(word: string, label: string): boolean {
  return label.length >= STEM_MIN && word.startsWith(label) && ENDING.test(word.slice(label.length))
}

/**
 * The documents whose label holds a query word, as a word of it or glued inside one (`gluedWord`): read
 * off the profiles' index, each distinct label word looked at once, not every profile's.
 */
export function labelHolders(profiles: readonly DocumentProfile[], word: string): Set<string> {
  const holders = new Set<string>()
  if (profiles.length === 0) return holders
  for (const [term, holding] of profilesIndex(profiles).holders.label)
    if (term === word || gluedWord(word, term)) for (const profile of holding) holders.add(profile.documentId)
  return holders
}

/**
 * Per document, the factor its passages' scores are multiplied by: `1 + strength * share`, where
 * `share` is the document's profile score over the best one's (1 for the document the question
 * names best, 0 for one it does not name at all). Empty when fewer than two documents are searched
 * (one document cannot be told from itself) or the query names none of them.
 */
export function documentWeights(
  query: string,
  profiles: readonly DocumentProfile[],
  strength: number,
  documentFrequency?: (term: string) => number,
): Map<string, number> {
  const weights = new Map<string, number>()
  if (profiles.length < 2 || strength <= 0) return weights
  const scores = documentScores(query, profiles, documentFrequency)
  const best = Math.max(0, ...scores.values())
  if (best <= 0) return weights
  for (const [documentId, score] of scores) weights.set(documentId, 1 + (strength * score) / best)
  return weights
}
