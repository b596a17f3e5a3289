import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { corpusExpectations } from '../../web/core/testing/corpusExpectations'
import { corpusFile } from './corpusFile'
import { corpusUploadFiles } from './corpusUploadFiles'

const formatOf = (path: string) => path.split('/')[0]

describe('corpusUploadFiles', () => {
  const files = corpusUploadFiles()

  it('lists only existing md, html, docx, pdf and pptx files that process to completed', () => {
    expect(files.length).toBeGreaterThan(5)
    expect(new Set(files).size).toBe(files.length)
    for (const path of files) {
      expect(['md', 'html', 'docx', 'pdf', 'pptx']).toContain(formatOf(path))
      expect(corpusExpectations[path]).toMatchObject({ completed: true })
      expect(existsSync(corpusFile(path)), path).toBe(true)
    }
  })

  it('leaves out files that fail or may fail, and the adversarial and legacy ones', () => {
    const left = Object.keys(corpusExpectations).filter((path) => !files.includes(path))
    for (const path of left) {
      const expected = corpusExpectations[path]!
      const eligible = ['md', 'html', 'docx', 'pdf', 'pptx'].includes(formatOf(path)!)
      expect(eligible && 'completed' in expected && expected.completed, path).toBe(false)
    }
    expect(left).toContain('docx/mammoth__empty.docx')
    expect(left).toContain('adversarial/readability__remove-script-tags.html')
  })

  it('takes the formats in turn, so a short prefix mixes them', () => {
    expect(new Set(files.slice(0, 5).map(formatOf)).size).toBe(5)
  })
})
