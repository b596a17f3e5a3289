import { describe, expect, it } from 'vitest'
import { holdsDuration } from './holdsDuration'

describe('holdsDuration', () => {
  it('finds a length of time or a frequency', () => {
    expect(holdsDuration('Currently, we poll for ready tasks once every two seconds.')).toBe(true)
    expect(holdsDuration('Most ducks live 5-10 years in the wild.')).toBe(true)
    expect(holdsDuration('The backup runs nightly.')).toBe(true)
    expect(holdsDuration('It took 3 hours.')).toBe(true)
    // A kind of day between the count and the unit.
    expect(holdsDuration('The Secretary will reply within 20 working days.')).toBe(true)
    expect(holdsDuration('Refunds take three business days.')).toBe(true)
    // A span by the dates it begins and ends on: how long a lease runs.
    expect(holdsDuration('The lease begins on February 1, 2023 and ends on January 31, 2024.')).toBe(true)
    // A plan's phase between two months.
    expect(holdsDuration('Build: May to August')).toBe(true)
    expect(holdsDuration('Testing runs from January through March.')).toBe(true)
  })

  it('does not take a date, an amount or a bare number for one', () => {
    expect(holdsDuration('Decided May 17, 1954.')).toBe(false)
    expect(holdsDuration('Revenue was $4.2 billion.')).toBe(false)
    expect(holdsDuration('There were 374 companies listed.')).toBe(false)
    expect(holdsDuration('The season starts in 2023 and the club ended its lease.')).toBe(false)
    // A month and a name ("May to Rosa") is no span.
    expect(holdsDuration('The prize went in May to Rosa Delgado.')).toBe(false)
  })
})
