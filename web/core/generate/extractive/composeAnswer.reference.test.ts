import { describe, expect, it } from 'vitest'
import { fileSource as source } from '../../testing/answerSource'
import { composedAnswer as answer } from '../../testing/composedAnswer'

describe('composeAnswer on reference pages: a guide, an API reference, a changelog', () => {
  it("answers a counted list with the sentence naming as many items, not with its section's other sentences", () => {
    const heading = 'Watching Services > The Three Core Pillars'
    const { text } = answer('what are the three core pillars', [
      source(
        1,
        [
          'The Three Core Pillars',
          'The three core pillars of observability are logs, metrics, and traces. If you can keep only three kinds of data, keep these.',
          'Logs',
          'A record of discrete events, each with its time and what happened.',
          'Metrics',
          'Counts and measures sampled over time, such as requests per second.',
        ].join('\n'),
        'watching-services.html',
        heading,
      ),
      source(
        2,
        [
          'Finally, traces follow one request across every service it touches.',
          'If you collect all three pillars and alert on them, most outages can be explained within minutes.',
        ].join('\n'),
        'watching-services.html',
        heading,
      ),
    ])
    expect(text).toContain('The three core pillars of observability are logs, metrics, and traces. [1]')
    expect(text).not.toContain('Finally, traces')
  })

  it('answers "what is" a function with the line under the heading of its signature, not a changelog\'s mention', () => {
    const { kind, text } = answer('what is looksLikeInvoice', [
      source(
        1,
        [
          '[2.0.0] - 2024-01-01',
          'Added',
          'looksLikeInvoice can now take an optional threshold object to tune it, allowing you to set the minimum score and the fields checked.',
        ].join('\n'),
        'CHANGELOG.md',
        'Changelog > [2.0.0] - 2024-01-01 > Added',
      ),
      source(
        2,
        [
          'looksLikeInvoice(file, options)',
          'A quick and rough way of telling whether the contents of a given file are plausibly an invoice that is worth the cost of parsing with Ledger. It can give false positives and false negatives.',
          'The options object accepts a number of properties, all optional:',
          'minScore (number, default 20): the least score a file must reach to count as an invoice;',
          'fields (array, default all): the fields that are checked.',
        ].join('\n'),
        'README.md',
        'Ledger.js > API Reference > looksLikeInvoice(file, options)',
      ),
      source(
        3,
        [
          'The function returns a boolean saying whether we expect Ledger.parse() to find an invoice. For example:',
          'if (looksLikeInvoice(file)) {',
          '  const invoice = new Ledger(file).parse();',
          '}',
        ].join('\n'),
        'README.md',
        'Ledger.js > API Reference > looksLikeInvoice(file, options)',
      ),
    ])
    expect(kind).toBe('answer')
    expect(text).toMatch(/^A quick and rough way of telling whether the contents of a given file/u)
    expect(text).not.toContain('{')
  })

  it('quotes no question the text asks itself', () => {
    const { text } = answer('what is offline mode', [
      source(
        1,
        [
          'Do we need online mode?',
          'Why does the OFFLINE_MODE flag exist? In theory the app could always run offline mode, which would be simpler. But offline mode cannot reach the sync server, and that has some downsides.',
        ].join('\n'),
        'notes-app.html',
        'Notes without a network > Do we need online mode?',
      ),
    ])
    expect(text).not.toContain('?')
  })

  it('answers "how many" with the sentence counting the asked noun, over one naming it without a number', () => {
    const { text } = answer('how many sensors did okafor use', [
      source(
        1,
        'Before the trial, Okafor thanked in her paper the colleague who lent her the sensors she used.',
        'greenhouse-trial.html',
        'Greenhouse Trial > Thanks',
      ),
      source(
        2,
        'Okafor fitted the greenhouse with 12 sensors that measured heat and moisture.',
        'greenhouse-trial.html',
        'Greenhouse Trial > Setup',
      ),
    ])
    expect(text).toMatch(/^Okafor fitted the greenhouse with 12 sensors/u)
  })

  it("answers a release's changes without the empty section's heading its passage opens with", () => {
    const { text } = answer('what changed in 2.1.0', [
      source(
        1,
        '[Unreleased]\n\n[2.1.0] - 2025-01-14\n\n- Add a dark theme\n- Fix the export of empty tables',
        'CHANGELOG.md',
        'Changelog > [2.1.0] - 2025-01-14',
      ),
    ])
    expect(text).toContain('- Add a dark theme')
    expect(text).toContain('- Fix the export of empty tables')
    expect(text).not.toContain('Unreleased')
  })
})
