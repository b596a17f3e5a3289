import { tokenize } from './index/tokenize'

/** A question's words that say which document to look in, and the rest of it. */
export interface DocumentScope {
  /** "the dmca summary", "the sre chapter", "lwn": what names the document, as typed. */
  phrase: string
  /** The question without it: what the passages must say. */
  rest: string
}

/**
 * Nouns that name a document by its kind: what follows "in the …" when a question points at a file
 * ("in the sre chapter", "according to the quanta piece"), and what a document calls itself ("This
 * memorandum summarizes…"). A closed class, as a sentence's prepositions are; no subject's words.
 */
export const DOCUMENT_KIND =
  '(?:docs?|documents?|documentation|summary|overview|story|article|piece|post|blog|page|site|website|chapter|book|booklet|guide|guideline|guidance|instructions|manual|handbook|primer|tutorial|course|module|report|paper|white\\s*paper|study|survey|review|essay|thesis|dissertation|proposal|deck|slides?|talk|lecture|presentation|workshop|webinar|draft|spec|specification|standard|policy|plan|ordinance|notice|memo|memorandum|brief|briefing|readme|notes|faq|glossary|wiki|thread|file|pdf|docx|pptx|protocol|writeup|write-up|transcript|newsletter|brochure|leaflet|handout|factsheet|fact\\s+sheet|checklist|toolkit|changelog|change\\s*log|release\\s+notes)'
const DETERMINER = '(?:the|this|that|these|those|my|our|your)'
/**
 * Up to six words of the name before the kind ("the minecraft exploit story"), none of them a determiner:
 * "in the final sample of the shiftwork study" points at the study, and asks of its final sample.
 */
const NAME = `${DETERMINER}\\s+((?:(?!${DETERMINER}\\s)[^\\s?,()]+\\s+){0,6}?${DOCUMENT_KIND})`
const POINTING = '(?:in|from|per|within|inside|according\\s+to)'
/** "… in the dmca summary?", "…, per the quanta article", "… (from the nservicebus scaling talk)". */
const TRAILING = new RegExp(
  `,?\\s+(?:${POINTING}\\s+${NAME}|\\(\\s*${POINTING}\\s+${NAME}\\s*\\))\\s*([?.!]*)\\s*$`,
  'iu',
)
/** "… (lwn)?": a short aside at the end, of a few words, may name where to look. */
const ASIDE = /\s*\(((?:[\p{L}\p{N}&'’-]+\s*){1,3})\)\s*([?.!]*)\s*$/u
/** "in the fedramp guide, does …", "in the mupdf book what is …". */
const LEADING = new RegExp(`^\\s*${POINTING}\\s+${NAME}\\s*,?\\s+`, 'iu')
/**
 * "irs instructions: what is…", "capstone deck: what design factors…", "rust - what is…": a label of a
 * few words before the question names where it is asked.
 */
export const LABEL =
  /^\s*((?:[^\s:?]+\s+){0,5}[^\s:?]+)\s*(?::|\s-)\s+(?=wh|how|define|list|name\b|give\b|tell\b|summari[sz]e\b|describe\b|explain\b)/iu

/**
 * Where the question points at a document by its kind ("in the dmca summary", "per the quanta
 * article", "in the sre chapter"), by a label before it ("capstone deck: what…") or by a closing aside whose words all name documents (`labelWord`: a
 * word of a file name or title, "(lwn)"; an aside spelling out a term, "(cmi)", names none), that phrase
 * and the question without it: the phrase tells which document (its words are the document's name, and
 * every passage of it holds them), the rest what to find in it. Null when the question points at none,
 * or nothing would be left to search for.
 */
export function documentScope(question: string, labelWord: (term: string) => boolean): DocumentScope | null {
  const trailing = TRAILING.exec(question)
  if (trailing)
    return scoped(trailing[1] ?? trailing[2]!, `${question.slice(0, trailing.index)}${trailing[3]}`)
  const aside = ASIDE.exec(question)
  if (aside && tokenize(aside[1]!).every(labelWord))
    return scoped(aside[1]!, `${question.slice(0, aside.index)}${aside[2]}`)
  const lead = LEADING.exec(question) ?? LABEL.exec(question)
  return lead ? scoped(lead[1]!, question.slice(lead[0].length)) : null
}

function scoped(phrase: string, rest: string): DocumentScope | null {
  if (tokenize(rest).length === 0 || tokenize(phrase).length === 0) return null
  return { phrase: phrase.trim(), rest: rest.trim() }
}

const KIND = new RegExp(`^${DOCUMENT_KIND}$`, 'iu')

/** Whether a single word names a document by its kind ("paper", "deck", "readme"). */
export function isDocumentKind(word: string): boolean {
  return KIND.test(word)
}

/** The words of a document's name as a question points at it (`QuestionUnderstanding.scope`), its kind aside ("talk"). */
export function namingWords(scope: readonly string[]): string[] {
  return scope.filter((word) => !isDocumentKind(word))
}
