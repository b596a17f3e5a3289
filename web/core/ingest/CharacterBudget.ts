import { tooManyCharacters } from './IngestLimits'

/**
 * Counts the characters a parser extracts, so it can stop as soon as a document passes the limit
 * instead of building all of its text first: a parser spends each block's text as it makes the
 * block, and the spend that goes over throws ParseError('too_large'). No limit: never throws.
 */
export class CharacterBudget {
  private spent = 0

  constructor(readonly max: number = Number.POSITIVE_INFINITY) {}

  /** Counts `text` (or a length); throws once the total is over the limit. */
  spend(text: string | number): void {
    this.spent += typeof text === 'number' ? text : text.length
    if (this.spent > this.max) throw tooManyCharacters(this.max)
  }

  get used(): number {
    return this.spent
  }
}
