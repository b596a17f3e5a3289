/**
 * Words a question uses for a kind of value that a text says by printing one, in no word for it: "how
 * much MONEY does the PTA have" ("a balance of £4,812"), "who do I CONTACT" ("procurement@example.org").
 * A closed list, as question words are; each word with how its value is printed.
 */
export const MAIL_ADDRESS = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/u
const TELEPHONE = /(?:\+\d{1,3}[\s.-]?)?\(?\d{2,4}\)?[\s.-]\d{3,4}[\s.-]\d{3,4}\b|\bext\.?\s*\d{2,6}\b/u

const PRINTED_AS: ReadonlyMap<string, RegExp> = new Map([
  ...['money', 'cash', 'funds'].map((word): [string, RegExp] => [
    word,
    // A currency's sign or code by a number, or a number by a currency's name.
    /[$€£¥]\s?\d|\b(?:USD|EUR|GBP|JPY)\s?\d|\d\s?(?:dollars|euros|pounds|yen|USD|EUR|GBP)\b/u,
  ]),
  // A rate: "a reliable internet connection of at least 25 Mbps" for "what internet speed".
  ['speed', /\d\s?(?:[kmgt]bps|[kmgt]b\/s|[kmgt]bit\/s|mph|km\/h|kph|rpm|hz|khz|mhz|ghz)\b/iu],
  // "Store below 25°C" for "what temperature should it be stored at".
  ['temperature', /\d\s?°\s?[CF]?|\d\s?degrees\b/u],
  // "take one or two tablets" for "what's the dose": an amount of a medicine by its unit or form.
  ...['dose', 'dosage'].map((word): [string, RegExp] => [
    word,
    /\b(?:\d+(?:\.\d+)?|one|two|three|four|five|six)\s?(?:mg|mcg|µg|ml|g|tablets?|capsules?|drops?|puffs?|sachets?)\b/iu,
  ]),
  ['weight', /\d\s?(?:kg|kilograms?|g|grams?|lbs?|ounces|oz|tonnes?|tons?)\b/iu],
  ...['height', 'length', 'width', 'depth', 'distance'].map((word): [string, RegExp] => [
    word,
    /\d\s?(?:mm|cm|m|km|metres?|meters?|ft|feet|foot|inch(?:es)?|miles?|yards?)\b/iu,
  ]),
  // A limit said as one: "Do not take more than six tablets in 24 hours" for "the max dose".
  ...['max', 'maximum', 'limit'].map((word): [string, RegExp] => [
    word,
    /\b(?:(?:no|not\s+(?:\p{L}+\s+){0,2})more\s+than|at\s+most|up\s+to|maximum|cap(?:ped)?\s+(?:at|of))\b/iu,
  ]),
  // "65% of commits were floss refactoring" for "what percent of commits…".
  ...['percent', 'percentage', 'pct'].map((word): [string, RegExp] => [word, /\d\s?%|\bper\s?cent\b/u]),
  // "go to http://192.168.8.1" for "what is the admin url".
  ...['url', 'link', 'website', 'site'].map((word): [string, RegExp] => [
    word,
    /https?:\/\/\S|\bwww\.\S|\b\d{1,3}(?:\.\d{1,3}){3}\b/iu,
  ]),
  // An e-mail address, a telephone number or an office's extension ("IT help desk: ext. 2400"): how to
  // reach someone. "What is his phone number" asks for the number, not the address on the next line.
  ...['contact', 'reach'].map((word): [string, RegExp] => [
    word,
    new RegExp(`${MAIL_ADDRESS.source}|${TELEPHONE.source}`, 'u'),
  ]),
  ['email', MAIL_ADDRESS],
  ...['call', 'phone'].map((word): [string, RegExp] => [word, TELEPHONE]),
  // "What's the HR extension": "HR: Maria Chen, ext. 2201".
  ['extension', /\bext\.?\s*\d{2,6}\b/u],
  // "This Lease is made between Alice Ng ("Landlord") and Robert Roe ("Tenant")" for "who are the parties".
  ...['parties', 'party'].map((word): [string, RegExp] => [
    word,
    /\bbetween\s+(?:the\s+)?\p{Lu}[^.;]{0,150}?\band\s+(?:the\s+)?\p{Lu}/u,
  ]),
])

/** Whether `text` prints a value of the kind the question's `term` names (`PRINTED_AS`). */
export function saidByValue(term: string, text: string): boolean {
  return PRINTED_AS.get(term)?.test(text) ?? false
}

/** "who do I contact", "who should I call", "who can I email about…": whom to reach, a number will do. */
export const CONTACT_ASK =
  /^who(?:m)?\s+(?:do|should|can|could|would|will)\s+(?:i|we|you)\s+(?:contact|call|email|e-mail|phone|ring|reach|write\s+to|talk\s+to|speak\s+to|ask)\b/iu

/** Words asking for how to reach someone or something, each printed as a value (`PRINTED_AS`). */
const ADDRESS_WORDS: readonly string[] = ['email', 'phone', 'url', 'website', 'extension']

/**
 * "what's his email", "the clinic's phone number", "what is the project website": the word asking for an
 * address the answer prints ("Sander Temme <sander@temme.net>"), in no word for it. Null for other asks.
 */
export function askedAddress(terms: readonly string[]): string | null {
  return ADDRESS_WORDS.find((word) => terms.includes(word)) ?? null
}
