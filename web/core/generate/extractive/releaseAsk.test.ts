import { describe, expect, it } from 'vitest'
import { askedRelease, headingRelease, releaseAsk } from './releaseAsk'

describe('releaseAsk', () => {
  it('reads the release asked, as people type it', () => {
    expect(releaseAsk('what changed in 3.0.0')).toEqual({ version: '3.0.0', section: null, shift: 0 })
    expect(releaseAsk('whats new in version 2')?.version).toBe('v2')
    expect(releaseAsk('what changed in 1.4')?.version).toBe('1.4')
    expect(releaseAsk("what's new in python 3.12")?.version).toBe('3.12')
    expect(releaseAsk('release notes for v2.1')?.version).toBe('2.1')
    expect(releaseAsk('whats new in the latest release')?.version).toBe('latest')
    // The program's name between: "the latest csvkit release".
    expect(releaseAsk("what's new in the latest csvkit release")?.version).toBe('latest')
    expect(releaseAsk('what happened in 2.2.1')?.version).toBe('2.2.1')
    expect(releaseAsk('what was updated in v1.4')?.version).toBe('1.4')
  })

  it('reads the kind of change asked, and none for "what\'s new"', () => {
    expect(releaseAsk('what was fixed in 2.11.0')?.section?.test('Bug Fixes')).toBe(true)
    expect(releaseAsk('what was removed in 2.0.0')?.section?.test('Deprecations')).toBe(true)
    expect(releaseAsk('what was removed in 2.0.0')?.section?.test('Bug Fixes')).toBe(false)
    expect(releaseAsk('what was removed in 2.0.0')?.section?.test('Removed')).toBe(true)
    expect(releaseAsk('new features in version 3')?.section?.test('New Features')).toBe(true)
    expect(releaseAsk('whats new in 3.0.0')?.section).toBeNull()
  })

  it('reads the release before or after one named', () => {
    expect(releaseAsk('what changed in the release before 2.2.1')).toEqual({
      version: '2.2.1',
      section: null,
      shift: -1,
    })
    expect(releaseAsk('what was fixed in the release after v3')).toMatchObject({ version: '3', shift: 1 })
    expect(askedRelease('2.2.1', ['2.2.1', '2.2.0', '2.10.0', '1.9.0'], -1)).toBe('2.2.0')
    expect(askedRelease('2.2', ['2.2.0', '2.10.0', '1.9.0'], 1)).toBe('2.10.0')
    expect(askedRelease('1.9.0', ['2.2.0', '1.9.0'], -1)).toBeNull()
  })

  it('asks nothing of a release where no change or no release is asked', () => {
    expect(releaseAsk('when was 1.2.0 released')).toBeNull()
    expect(releaseAsk('what changed in the 2020 budget')).toBeNull()
    expect(releaseAsk('what happened in 2020')).toBeNull()
    expect(releaseAsk('what changed')).toBeNull()
    expect(releaseAsk('what is version 3.0.0')).toBeNull()
    expect(releaseAsk('how many features were added in 2.0.0')).toBeNull()
  })
})

describe('askedRelease', () => {
  const releases = ['2.4.1', '2.4.0', '2.0.0', '1.4.1', '1.4.0', '1.3.0']
  it('takes the same number, or its missing parts zero, or the newest of its series', () => {
    expect(askedRelease('1.4.1', releases)).toBe('1.4.1')
    expect(askedRelease('1.4', releases)).toBe('1.4.0')
    expect(askedRelease('v2', releases)).toBe('2.0.0')
    expect(askedRelease('1.3.x', releases)).toBe('1.3.0')
    expect(askedRelease('2.4.x', ['2.4.1', '2.4.2'])).toBe('2.4.2')
    expect(askedRelease('latest', ['1.10.0', '1.9.3'])).toBe('1.10.0')
  })

  it('takes none the changelog does not name', () => {
    expect(askedRelease('1.5', releases)).toBeNull()
    expect(askedRelease('3.0.0', releases)).toBeNull()
  })

  it('reads a release from the headings changelogs print', () => {
    expect(headingRelease('Version 3.0.0, 2022-12-22')).toBe('3.0.0')
    expect(headingRelease('[1.4.0] - 2023-03-02')).toBe('1.4.0')
    expect(headingRelease('v2.1 (2021-05-01)')).toBe('2.1')
    // A README's section on a major version, by its "v".
    expect(headingRelease('Major changes in v5')).toBe('5')
    expect(headingRelease('Upgrading to v2')).toBe('2')
    expect(headingRelease('Step 5')).toBeNull()
    expect(headingRelease('Bug Fixes')).toBeNull()
    expect(headingRelease('2.11.0 (September 25, 2022)')).toBe('2.11.0')
    expect(headingRelease('pypdf 3.0.0')).toBe('3.0.0')
    // A numbered section of a paper or a guide is no release.
    expect(headingRelease('3.2 Trace Trees')).toBeNull()
    expect(headingRelease('4.4.3. Content Change Requirements')).toBeNull()
    expect(headingRelease('Section 3.2')).toBeNull()
  })
})
