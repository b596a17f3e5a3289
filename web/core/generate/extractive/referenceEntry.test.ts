import { describe, expect, it } from 'vitest'
import { referenceEntry } from './referenceEntry'

describe('referenceEntry', () => {
  it("reads an encyclopedia's notes, a paper's numbered entries and author-year entries as references", () => {
    for (const line of [
      '16. ^ Lardinois, Frederic (November 15, 2012). "Mozilla Releases Annual Report For 2011". techcrunch.com.',
      '^ Smith 2010, p. 4.',
      '[12] A. Vaswani, N. Shazeer, and N. Parmar. Attention is all you need. In NeurIPS, 2017.',
      '[3] Smith, J. and Jones, K. Parsing tables. ACL 2006.',
      '7. Faragalla H, Plotkin A, Barnes P. Ki67 in breast cancer. Appl Immunohistochem. 2017;25(2):1-9.',
      'Wang, C. (2023). Tuning inference parameters for math problems. Microsoft Research.',
      '[1] W. Kwon et al. Efficient memory management for large language model serving. SOSP 2023.',
      '4. Hughes et al. Global warming and recurrent mass bleaching of corals. Nature, 2017.',
    ])
      expect(referenceEntry(line), line).toBe(true)
  })

  it('reads numbered paragraphs, prose naming people and dates, and footnote-marked sentences as text', () => {
    for (const line of [
      '1. Install the package with npm.',
      '3. Click OK, then press Save.',
      '[1] The committee shall meet twice a year.',
      'Smith, the treasurer, reported revenue of $5 million (2012).',
      'In a report released in November 2012, Mozilla reported that their total revenue for 2011 was $163 million.',
      'Jamie Zawinski says he came up with the name "Mozilla" at a Netscape staff meeting.[8][9]',
      '2. Euclid, a Greek mathematician, wrote Elements around 300 BC.',
      '2. Kwon et al. showed that paging the cache helps.',
    ])
      expect(referenceEntry(line), line).toBe(false)
  })
})
