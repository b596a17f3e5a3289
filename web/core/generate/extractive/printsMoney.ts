/** Words for money in general ("how much money", "cash", "funds"), which a text says by printing an amount. */
export const MONEY_WORDS: ReadonlySet<string> = new Set(['money', 'cash', 'funds'])

/** An amount of money as printed: a currency sign or code by a number, or a number by a currency's name. */
const AMOUNT = /[$€£¥]\s?\d|\b(?:USD|EUR|GBP|JPY)\s?\d|\d\s?(?:dollars|euros|pounds|yen|USD|EUR|GBP)\b/u

/** Whether `text` prints an amount of money ("a balance of £4,812", "USD 12m", "40 dollars"). */
export function printsMoney(text: string): boolean {
  return AMOUNT.test(text)
}
