import { describe, expect, it } from 'vitest'
import { understandQuestion } from '../../retrieve/understandQuestion'
import { nameBesideRole, roleHolderLine } from './nameBesideRole'

const ceo = understandQuestion('Who is the CEO of Acme?', [{ short: 'CEO', long: 'Chief Executive Officer' }])

describe('nameBesideRole', () => {
  it('finds a name just before the role, titles and an age between', () => {
    expect(nameBesideRole('John J. Roe II, President and Chief Executive Officer — Mr. Roe, 63', ceo)).toBe(
      true,
    )
    expect(nameBesideRole('Larry J. Doe , age 63, President and Chief Executive Officer of Acme', ceo)).toBe(
      true,
    )
    expect(nameBesideRole('By: /s/ Mia Cruz Name: Mia Cruz Title: Chief Executive Officer', ceo)).toBe(true)
  })

  it('finds a name right after the role', () => {
    expect(nameBesideRole('“We grew,” said Chairman and CEO Ramon Vega.', ceo)).toBe(true)
  })

  it('finds a slide\'s "Role – Name" line for a role of an owner typed in lower case, a year aside', () => {
    const treasurer = understandQuestion("who was cnia's treasurer in 2011")
    expect(roleHolderLine('Treasurer – Robin Carriere (ON)', treasurer)).toBe(true)
    expect(roleHolderLine('Key expenses: CNIA Bursary', treasurer)).toBe(false)
  })

  it('finds nobody where the role stands alone or apart from a name', () => {
    expect(nameBesideRole('Our Chief Executive Officer and Chief Financial Officer concluded.', ceo)).toBe(
      false,
    )
    expect(nameBesideRole('Mr. Basil served as Chief Executive Officer of Latina Logistics.', ceo)).toBe(
      false,
    )
    expect(nameBesideRole('Eve Wu was appointed Chief Executive Officer, Africa, Middle East.', ceo)).toBe(
      false,
    )
    expect(
      nameBesideRole('CERTIFICATION OF CHIEF EXECUTIVE OFFICER PURSUANT TO SECURITIES EXCHANGE ACT', ceo),
    ).toBe(false)
    // An organisation after the role, named by the question's subject, is no officer's name.
    expect(nameBesideRole('Mr. Jassy has served as CEO Acme Web Services since April 2016.', ceo)).toBe(false)
    // "Chief Financial Officer" is not the CEO, though it shares two of its words.
    expect(nameBesideRole('Mia Cruz, Global Chief Financial Officer', ceo)).toBe(false)
  })

  it('finds the doer of a verb in the passive, in any form of the verb', () => {
    const audits = understandQuestion('Who audits Acme?')
    expect(
      nameBesideRole(
        'The financial statements have been audited by Price Waterhouse LLP, an accounting firm.',
        audits,
      ),
    ).toBe(true)
    expect(nameBesideRole('The tax returns were audited by the authorities.', audits)).toBe(false)
  })

  it('reads a role the question spells out, and an acronym typed in lower case that the documents define', () => {
    const quarterback = understandQuestion("Who was the Broncos' quarterback?")
    expect(nameBesideRole('The Broncos signed quarterback Peyton Manning in 2012.', quarterback)).toBe(true)
    const lower = understandQuestion("who is acme's ceo", [{ short: 'CEO', long: 'Chief Executive Officer' }])
    expect(lower.acronyms).toEqual(['ceo'])
    expect(nameBesideRole('Mia Cruz Chairman and Chief Executive Officer', lower)).toBe(true)
  })
})

describe('roleHolderLine', () => {
  it('takes one person’s line, not a column of titles run together', () => {
    expect(roleHolderLine('Mia Cruz Chairman and Chief Executive Officer', ceo)).toBe(true)
    const column = `${'46 Executive Vice President, Chief Marketing Officer '.repeat(4)}48 Chief Executive Officer`
    expect(roleHolderLine(`Mia Cruz ${column}`, ceo)).toBe(false)
  })
})
