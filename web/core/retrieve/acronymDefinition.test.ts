import { describe, expect, it } from 'vitest'
import { acronymDefinition } from './acronymDefinition'

describe('acronymDefinition', () => {
  it('reads the long form a text gives an acronym, and whether its initials spell it', () => {
    expect(
      acronymDefinition('The International Ki67 in Breast Cancer Working Group (IKWG) met.', 'ikwg'),
    ).toEqual({
      long: 'International Ki67 in Breast Cancer Working Group',
      spelled: true,
    })
    expect(acronymDefinition('Security Sensitivity Level XPath Query (SSP) Level:', 'SSP')?.spelled).toBe(
      false,
    )
    expect(acronymDefinition('The IKWG met in 2019.', 'ikwg')).toBeNull()
    // In the plural, its capitals then a small "s".
    expect(
      acronymDefinition('It is one of the non-steroidal anti-inflammatory drugs (NSAIDs).', 'nsaid'),
    ).toEqual({
      long: 'non-steroidal anti-inflammatory drugs',
      spelled: true,
    })
  })

  it('prefers a spelled definition where a text holds several', () => {
    const text = 'Sensitivity Level XPath Query (SSP) rows. Read the System Security Plan (SSP) first.'
    expect(acronymDefinition(text, 'ssp')).toEqual({ long: 'System Security Plan', spelled: true })
  })

  it("reads a mixed-case acronym as spelled by its capitals' words", () => {
    expect(
      acronymDefinition(
        'The Federal Risk and Authorization Management Program (FedRAMP) authorizes clouds.',
        'fedramp',
      ),
    ).toEqual({ long: 'Federal Risk and Authorization Management Program', spelled: true })
    // Its capitals must still be the words' initials.
    expect(
      acronymDefinition('The Federal Cloud Program (FedRAMP) authorizes clouds.', 'fedramp')?.spelled ??
        false,
    ).toBe(false)
  })
})
