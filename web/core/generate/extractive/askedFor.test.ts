import { describe, expect, it } from 'vitest'
import { understandQuestion } from '../../retrieve/understandQuestion'
import { askedFor, askedNames } from './askedFor'

const read = (question: string) => askedFor(understandQuestion(question))

describe('askedFor', () => {
  it.each([
    ['how many employees does dropbox have', 'amount'],
    ['who does the voice of bart simpson', 'person'],
    ['when was brown v board decided', 'date'],
    ['what percentage of voters turned out', 'percentage'],
    ['how long do ducks live', 'duration'],
    ['how often does the job poll for tasks', 'duration'],
    ['where is the company based', 'place'],
    ['whats a double free error', 'definition'],
    ['what are the steps to size maxclients', 'list'],
    ['tldr of the duck wiki page', 'summary'],
    ['is ripgrep faster than grep', 'yes/no'],
    ['how is ripgrep licensed', 'description'],
  ])('reads "%s", typed as people type it, as asking for a %s', (question, kind) => {
    expect(read(question).kind).toBe(kind)
  })

  it('names the thing asked for and what the question is about, typed in lower case or not', () => {
    const employees = read('how many employees does dropbox have')
    expect(employees.focus).toBe('employees')
    expect(employees.subject).toContain('dropbox')
    expect(employees.subject).not.toContain('employees')
    expect(read("what's the average tuition at HBCUs").focus).toBe('tuition')
    expect(read('what is the capital of peru').subject).toContain('peru')
  })

  it('finds the names a question types in lower case, not dates, periods, slang or plurals', () => {
    const names = (question: string) => askedNames(understandQuestion(question))
    expect(names('how many employees does diageo have')).toEqual(['diageo'])
    expect(names('what is the capital of peru')).toEqual(['peru'])
    expect(names('what is the qwen2 technical report about')).toEqual(['qwen2'])
    expect(names('background check totals for december 2015')).toEqual([])
    expect(names('Acme net loss FY2021')).toEqual([])
    expect(names('diff between a program and a process? tldr pls')).toEqual([])
    expect(names('which battle did the nomads lose after the harvest festival?')).toEqual([])
    // Typed with capitals, a question's names are its capitalised words: a rare word is not one.
    expect(names('What happened to the crew onboard during the plugs-out test?')).toEqual([])
    // The words pointing at a document name where to look, not what its passages must print.
    expect(names('in the kids anthology hiawatha story what are the five nations')).not.toContain('hiawatha')
  })
})
