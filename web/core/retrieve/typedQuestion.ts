/**
 * Chat shorthand people type into a question box, each with the words it stands for. A closed class,
 * as stop words are: the spellings of a few question words and of common abbreviations ("wat", "ppl",
 * "w/"), never a subject's words. Only lower-case forms: "U" or "PPL" typed in capitals is a name.
 */
const SHORTHAND: ReadonlyMap<string, string> = new Map([
  ['wat', 'what'],
  ['wut', 'what'],
  ['wht', 'what'],
  ['whats', 'what is'],
  ['wats', 'what is'],
  ['whos', 'who is'],
  ['hows', 'how is'],
  ['wheres', 'where is'],
  ['whens', 'when is'],
  ['whys', 'why is'],
  // A negation typed without its apostrophe.
  ['dont', 'do not'],
  ['doesnt', 'does not'],
  ['didnt', 'did not'],
  ['isnt', 'is not'],
  ['arent', 'are not'],
  ['wasnt', 'was not'],
  ['werent', 'were not'],
  ['havent', 'have not'],
  ['hasnt', 'has not'],
  ['cant', 'cannot'],
  ['couldnt', 'could not'],
  ['shouldnt', 'should not'],
  ['wouldnt', 'would not'],
  ['ppl', 'people'],
  ['u', 'you'],
  ['ur', 'your'],
  ['pls', 'please'],
  ['plz', 'please'],
  ['abt', 'about'],
  ['b/c', 'because'],
  ['w/o', 'without'],
  ['w/', 'with'],
  ['yr', 'year'],
  ['yrs', 'years'],
  ['govt', 'government'],
  ['mgmt', 'management'],
  ['dept', 'department'],
  // Words clipped as notes and minutes write them ("special mtg", "the supt").
  ['mtg', 'meeting'],
  ['mtgs', 'meetings'],
  ['supt', 'superintendent'],
  ['mgr', 'manager'],
  ['asst', 'assistant'],
  ['approx', 'approximately'],
  ['amt', 'amount'],
  ['qty', 'quantity'],
  ['wk', 'week'],
  ['wks', 'weeks'],
  ['thru', 'through'],
  ['intl', 'international'],
  ['univ', 'university'],
])

/**
 * A reference's abbreviation before its number, as legal texts, books and papers are cited ("art 3",
 * "sec. 4.2", "ch 13", "fig 2"): the word the documents print with the number.
 */
const REFERENCE: ReadonlyMap<string, string> = new Map([
  ['art', 'article'],
  ['arts', 'articles'],
  ['sec', 'section'],
  ['secs', 'sections'],
  ['ch', 'chapter'],
  ['chap', 'chapter'],
  ['fig', 'figure'],
  ['figs', 'figures'],
  ['para', 'paragraph'],
  ['paras', 'paragraphs'],
  ['pg', 'page'],
  ['vol', 'volume'],
  ['pt', 'part'],
  ['eq', 'equation'],
  ['tbl', 'table'],
])
const REFERENCE_WORD = /(?<![\p{L}\p{N}/'’.-])([a-z]+)\.?(?=\s*\d)/giu

/** A shorthand word standing alone: not inside a longer word, a path ("u/x") or a version ("w/2"). */
const WORD = /(?<![\p{L}\p{N}/'’.-])(?:w\/o|b\/c|w\/(?=\s)|[a-z]+)(?![\p{L}\p{N}/'’-])/gu
/** "diff between", "the diff b/w": the difference asked about; "git diff" stays a command. */
const DIFF = /(?<![\p{L}\p{N}/'’.-])diff(?=\s+(?:between|b\/w)\s)/gu

/**
 * "who was at the pta meeting": who attended a gathering, as minutes record it ("Present:", "Attendees:").
 * Only before a gathering's name: "who was at fault" asks something else.
 */
const WHO_WAS_AT =
  /\bwho\s+(?:was|were)\s+(?:at|in)\s+(?=(?:the|this|that|our|their|last|yesterday['’]s|today['’]s)\s+(?:[\p{L}\d'’-]+\s+){0,3}(?:meetings?|agm|event|party|conference|session|call|sync|standup|stand-up|hearing|workshop|retreat|dinner|lunch|ceremony|summit|webinar|briefing|gathering|assembly)\b)/giu

/**
 * The question with chat shorthand written out ("wat is CMI" -> "what is CMI", "how many ppl took
 * part" -> "how many people took part", "art 3" -> "article 3", "who was at the meeting" -> "who attended the meeting"), so that every reader of a question (its kind, its focus, search)
 * sees the words it was typed for. Everything else is left as typed, spacing and case included.
 */
export function typedQuestion(question: string): string {
  return question
    .replace(DIFF, 'difference')
    .replace(/(?<=\s)b\/w(?=\s)/gu, 'between')
    .replace(WORD, (word) => SHORTHAND.get(word) ?? word)
    .replace(REFERENCE_WORD, (whole, word: string) => REFERENCE.get(word.toLowerCase()) ?? whole)
    .replace(WHO_WAS_AT, 'who attended ')
}
