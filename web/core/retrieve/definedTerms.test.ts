import { describe, expect, it } from 'vitest'
import { hashEmbedder } from '../ingest/embed/hashEmbedder'
import { ingestFile } from '../ingest/ingestFile'
import { textParsers } from '../ingest/parse/textParsers'
import { systemClock } from '../kernel/time/Clock'
import { definedTerms } from './definedTerms'
import { collectionTerms } from './collectionTerms'

describe('definedTerms', () => {
  it.each([
    {
      rule: 'learns acronyms after their long form, letters in order',
      text:
        'Our Chief Executive Officer (CEO) reports to the Board. American Express (Amex) issues cards. ' +
        'Earnings before interest and taxes (EBIT) rose.',
      terms: [
        { short: 'CEO', long: 'Chief Executive Officer' },
        { short: 'Amex', long: 'American Express' },
        { short: 'EBIT', long: 'Earnings before interest and taxes' },
      ],
    },
    {
      rule: 'learns quoted names a text gives itself',
      text: 'Johnson & Johnson (the "Company" or "J&J") and Acme Ltd. (the “Supplier”) agree.',
      terms: [
        { short: 'Company', long: 'Johnson & Johnson' },
        { short: 'J&J', long: 'Johnson & Johnson' },
        { short: 'Supplier', long: 'Acme Ltd.' },
      ],
    },
    {
      rule: 'takes the words that spell an acronym, not the clause or the name around them',
      text:
        'In July 2015, the Financial Accounting Standards Board (FASB) issued guidance. ' +
        'The Chief Executive Officer of CVS Health Corporation (the “CEO”) signs. ' +
        'Eligibility: Eligible Employees of the Board of Directors (BOD) vote.',
      terms: [
        { short: 'FASB', long: 'Financial Accounting Standards Board' },
        { short: 'CEO', long: 'Chief Executive Officer' },
        { short: 'BOD', long: 'Board of Directors' },
      ],
    },
    {
      rule: 'learns a statute\'s quoted term and its quoted short form, joined by "or"',
      text:
        '"Accessory dwelling unit" or "ADU" means an attached dwelling unit. ' +
        '“Junior accessory dwelling unit” or “JADU” means a unit within a residence. ' +
        '"Primary residence" means the dwelling on the lot. "Lot" or "parcel" means land.',
      terms: [
        { short: 'ADU', long: 'Accessory dwelling unit' },
        { short: 'JADU', long: 'Junior accessory dwelling unit' },
      ],
    },
  ])('$rule', ({ text, terms }) => {
    expect(definedTerms(text)).toEqual(terms)
  })

  it('takes no ordinary parenthesis for a definition', () => {
    expect(
      definedTerms('Revenue rose (see Note 7) by 5 percent (2021: 3 percent) in Europe (EMEA).'),
    ).toEqual([])
  })
})

describe('defined terms at ingest and in a collection', () => {
  it('are stored in a document’s metadata at ingest and read back for its collection', async () => {
    const text =
      '# Report\n\nOur Chief Financial Officer (CFO) signs the report for Acme Holdings (the "Group").\n'
    const { metadata } = await ingestFile(new TextEncoder().encode(text), 'report.md', {
      parsers: textParsers,
      embedder: hashEmbedder,
      clock: systemClock,
    })
    expect(metadata.defined_terms).toEqual([
      { short: 'CFO', long: 'Chief Financial Officer' },
      { short: 'Group', long: 'Acme Holdings' },
    ])
    // A stored value that is not a list of terms (hand-edited, or synced from elsewhere) is skipped.
    expect(
      collectionTerms([{ metadata: { ...metadata } }, { metadata: { defined_terms: [{ short: 1 }, 'x'] } }]),
    ).toEqual(metadata.defined_terms)
  })
})
