import { describe, expect, it } from 'vitest'
import { fileSource } from '../../testing/answerSource'
import { composedAnswer } from '../../testing/composedAnswer'

const POST = 'vault-blog.html'
const SECTION = 'How we built Vault Backup > Service guarantees'

describe('"what does X guarantee" answered with what a section of that name lists', () => {
  it('lists the paragraphs under a heading of the verb’s noun, its later passage too, each by its first sentence', () => {
    const guarantees = fileSource(
      1,
      'Service guarantees\n\nDurable storage Every backup is written to three data centres before the upload is acknowledged. A background job re-reads each copy once a week.\n\nPoint-in-time restore Any file can be restored to its state at any hour of the last 30 days.',
      POST,
      SECTION,
    )
    const keeping = fileSource(
      2,
      'Keeping the guarantees\n\nDurability is kept by a checksum on every block, compared on each weekly read.',
      POST,
      'How we built Vault Backup > Keeping the guarantees',
    )
    const more = fileSource(
      3,
      'Encryption at rest All data is encrypted with AES-256 under a key only the customer holds.',
      POST,
      SECTION,
    )
    expect(composedAnswer('what does vault backup guarantee', [guarantees, keeping, more]).text).toBe(
      'Service guarantees: [1][3]\n' +
        '- Durable storage Every backup is written to three data centres before the upload is acknowledged.\n' +
        '- Point-in-time restore Any file can be restored to its state at any hour of the last 30 days.\n' +
        '- Encryption at rest All data is encrypted with AES-256 under a key only the customer holds.',
    )
  })

  it('answers from the sentences where no heading names what is asked for', () => {
    const pricing = fileSource(
      1,
      'Pricing\n\nThe basic plan costs $4 a month. It includes 200 GB of storage and daily backups.',
      POST,
      'How we built Vault Backup > Pricing',
    )
    expect(composedAnswer('what does the basic plan include', [pricing]).text).toContain('200 GB')
  })
})
