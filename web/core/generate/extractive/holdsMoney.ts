import { textValues } from './textValues'

/**
 * Whether a sentence prints an amount of money: by wink-nlp's reading ("$41", "300 dollars"), or by a
 * currency's sign beside a number, which the model does not read for every currency ("€120,000"), or
 * says it costs nothing ("Cards are free for residents").
 */
export function holdsMoney(text: string): boolean {
  return (
    CURRENCY.test(text) || FREE.test(text) || textValues(text).values.some(({ kind }) => kind === 'money')
  )
}

/** No price: "free", "free of charge", "at no cost"; not "feel free", "sugar-free", "free software". */
const FREE =
  /\b(?:(?:is|are|was|were|be|it['’]s|they['’]re)\s+(?:\p{L}+\s+)?free\b(?!-)|free\s+of\s+charge|(?:at\s+)?no\s+(?:extra\s+|additional\s+)?(?:cost|charge)\b)/iu

const CURRENCY =
  /[$€£¥₹]\s?\d|\d\s?(?:[$€£¥₹]|(?:dollars?|euros?|pounds?|rupees?|yen|usd|eur|gbp|cents?)\b)/iu
