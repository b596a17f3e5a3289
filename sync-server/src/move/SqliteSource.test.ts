import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, expect, it } from 'vitest'
import { SqliteSource } from './SqliteSource'

const dir = mkdtempSync(join(tmpdir(), 'quire-source-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('reads one snapshot of the database, whatever a server still writing to it does meanwhile', () => {
  const file = join(dir, 'quire.db')
  const writer = new Database(file)
  writer.pragma('journal_mode = WAL')
  writer.exec("CREATE TABLE notes (id TEXT PRIMARY KEY); INSERT INTO notes VALUES ('a')")
  const source = new SqliteSource(file)
  try {
    expect(source.count('notes')).toBe(1)
    writer.exec("INSERT INTO notes VALUES ('b')")
    expect(source.count('notes')).toBe(1)
    const notes = source.tables()[0]!
    expect([...source.batches(notes, 10)].flat()).toEqual([['a']])
  } finally {
    source.close()
    writer.close()
  }
})
