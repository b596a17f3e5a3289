import { textValues } from './textValues'

/**
 * Whether a question asks who wrote a document: "who wrote the tracemonkey paper", "who is the author
 * of X", "X authors", "who are the authors?", "written by whom", or who gave a talk: "who gave the
 * tuning talk", "who presented it", "who is the speaker". Its answer is the document's byline
 * (`bylineOf`), which shares no words with the question. English phrasings only.
 */
export function authorshipQuestion(ask: string): boolean {
  return AUTHORSHIP.test(ask.toLowerCase())
}

const AUTHORSHIP =
  /\bwho\s+(?:wrote|authored|writes|penned|prepared|presented|presents|spoke)\b|\bwho\s+(?:gave|gives|delivered|did)\b.{0,60}\b(?:talk|presentation|lecture|speech|keynote|slides|deck|session|webinar)\b|\bwho\s+(?:is|are|was|were)\s+(?:the\s+)?(?:speakers?|presenters?)\b|\bauthors?\s+of\b|\bauthors?\s*[?.!]*$|\bwho\s+(?:is|are|was|were)\s+(?:the\s+)?authors?\b|\bwritten\s+by\s+(?:whom|who)\b/u

/** The words of such a question that ask for its authors rather than name the document. */
export const AUTHORSHIP_CUES: ReadonlySet<string> = new Set(
  'wrote authored writes penned prepared author authors written whom presented presents gave delivered spoke speaker speakers presenter presenters'.split(
    ' ',
  ),
)

/** A byline is read from this many first lines of a document's opening passage. */
const BYLINE_LINES = 6
/** A name is this many words at most ("Ryen W. White", "Mohammad R. Haghighat"). */
const MAX_NAME_WORDS = 4
/** A line of more names than this is a list of something else. */
const MAX_NAMES = 40
/** A name's word: capitalised, an initial ("W."), or a particle ("van", "de"). */
const NAME_WORD =
  /^(?:\p{Lu}[\p{Ll}'’-]+(?:-\p{Lu}[\p{Ll}]+)?|\p{Lu}\.|\p{Lu}\.\p{Lu}\.|van|von|de|da|del|der|la|le|bin|al)$/u
/**
 * A speaker's or an author's address after the name ("Sander Temme <sander@temme.net>", "Satoshi
 * Nakamoto satoshin@gmx.com www.bitcoin.org"), a web address after it allowed.
 */
const ADDRESS =
  /\s*[<(]?[\w.+-]+@[\w.-]+\.\p{L}{2,}[>)]?(?:\s+(?:https?:\/\/)?(?:www\.)?[\w-]+(?:\.[\w-]+)+\/?)?$/u
/**
 * Where a title slide's speakers run into their affiliation on one line ("Mark Arnold Colin Walter
 * University of Manchester Institute of Science and Technology"): the word that opens the affiliation.
 */
const AFFILIATION =
  /\s(?:(?:The\s+)?(?:University|Universidad|Université|Universität|Institute|College|School|Department|Dept\.?|Faculty|Laboratory|Laboratories|Lab|Labs|Centre|Center|Hospital|Foundation|Agency|Ministry|Council|Association|Society)\b|Inc\.?$|Ltd\.?$|LLC$|Corp(?:oration|\.)?$)/u
/** Names before an affiliation: two to four people. */
const MAX_AFFILIATED_WORDS = 8
/** A line that is "By" and the names of who wrote the article, nothing else. */
const BY_LINE = /^By\s+(\p{Lu}[\p{L}\p{M}\s.,'’&-]{2,120})$/u
/** Affiliation and footnote marks after a name ("Gal∗+", "Haghighat$", "Smith1,2"). */
const MARKS = /[∗*†‡§¶#$+^\d]+$/u

/**
 * The authors a document's opening passage names under its title: a line of two or more names
 * separated by commas or "and" ("Andreas Gal∗+, Brendan Eich∗, …", "Qingyun Wu , Gagan Bansal , …"),
 * marks and numbers of affiliations left out; or, below the title, a line of one name with an address
 * ("Sander Temme <sander@temme.net>"), or of names run into their affiliation ("Mark Arnold Colin
 * Walter University of Manchester…", given with it); or a news article's "By" line of names ("By Nelson D.
 * Schwartz"). Null when its first lines hold no such line.
 */
export function bylineOf(text: string): string | null {
  const lines = text
    .split(/\r\n?|\n/u)
    .map((line) => line.replace(/\s+/gu, ' ').trim())
    .filter((line) => line !== '')
    .slice(0, BYLINE_LINES)
  for (const [i, line] of lines.entries()) {
    // "By Nelson D. Schwartz", "By Jane Doe and John Roe": a news article's byline under its headline.
    const by = i > 0 ? BY_LINE.exec(line) : null
    if (by) {
      const parts = by[1]!.split(/\s*,\s*|\s+and\s+|\s*&\s*/u).filter((part) => part !== '')
      if (parts.length <= MAX_NAMES && isNameList(parts, by[1]!)) return parts.join(', ')
    }
    // One name alone is a byline only with the speaker's address: a title slide's subtitle ("Part 1:
    // Scaling Up") or a heading may be capitalised words too.
    const address = ADDRESS.exec(line)
    if (i > 0 && address && address.index > 0) {
      const name = line.slice(0, address.index).trim()
      if (isNameList([name], name)) return name
    }
    // "Mark Arnold Colin Walter University of Manchester": names, then where they work.
    const affiliation = i > 0 ? AFFILIATION.exec(line) : null
    if (affiliation && affiliation.index > 0) {
      const names = line.slice(0, affiliation.index).replace(/,$/u, '').trim()
      const words = names.split(' ')
      if (
        words.length >= 2 &&
        words.length <= MAX_AFFILIATED_WORDS &&
        isNameList([names], names, MAX_AFFILIATED_WORDS)
      )
        return `${names} (${line.slice(affiliation.index).trim()})`
    }
    const parts = line
      .split(/\s*,\s*|\s+and\s+|\s*&\s*/u)
      .map((part) => part.replace(MARKS, '').trim())
      .filter((part) => part !== '')
    if (parts.length < 2 || parts.length > MAX_NAMES) continue
    if (isNameList(parts, line)) return parts.join(', ')
  }
  return null
}

/** Whether every part is a name's words, and at least half of them names by the language model. */
function isNameList(parts: readonly string[], line: string, maxWords = MAX_NAME_WORDS): boolean {
  const names = parts.every((part) => {
    const words = part.split(' ').map((word) => word.replace(MARKS, ''))
    return (
      words.length >= 2 &&
      words.length <= maxWords &&
      words.every((word) => NAME_WORD.test(word)) &&
      /^\p{Lu}/u.test(words.at(-1)!)
    )
  })
  // Capitalised words may be a list's headings ("Job Expenses, Certain Deductions"): names are words
  // the language model, reading them in lower case, tags as proper nouns or does not know.
  const proper = new Set(textValues(line.toLowerCase()).names)
  const named = parts.filter((part) => part.split(' ').some((word) => proper.has(word.toLowerCase())))
  return names && named.length * 2 >= parts.length
}
