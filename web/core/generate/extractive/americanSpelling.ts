/**
 * A word in the American spelling of its British one: "colour" / "color", "tumours" / "tumors", "centre" /
 * "center", "organise" / "organize", "analyse" / "analyze", "licence" / "license". People type either
 * ("tumour" in a question of a guideline printing "tumor"). English spelling rules, not a word list: each
 * needs a stem of three letters or more before its ending, so that "four", "hour", "rise" and "fence"
 * are left alone; a word it changes that no one spells the other way ("promise" / "promize") is changed
 * alike wherever it is read, and still meets itself.
 */
export function americanSpelling(word: string): string {
  return word
    .replace(OUR, '$1or$2')
    .replace(TRE, '$1er$2')
    .replace(ISE, '$1iz$2')
    .replace(YSE, '$1yz$2')
    .replace(ENCE, '$1ense$2')
}

const OUR = /^([a-z]{3,})our(s|ed|ing|ite|ites|able|ful|less|ist|ists)?$/u
const TRE = /^([a-z]{2,}[tb])re(s|d)?$/u
const ISE = /^([a-z]{3,})is(e|es|ed|ing|ation|ations|er|ers)$/u
const YSE = /^([a-z]{3,})ys(e|es|ed|ing|er|ers)$/u
const ENCE = /^([a-z]{2,}[^aeiou])ence(s)?$/u
