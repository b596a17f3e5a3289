/**
 * A document's version as the index snapshot records it (`DexieIndexSnapshots`): its row's `seq` (a
 * document deleted and made again gets another) and its chunk set, raised with every replacement of
 * its chunks.
 */
export function documentVersion(seq: number | undefined, set: number | undefined): string {
  return `${seq ?? 0}:${set ?? 0}`
}

/** Every document's version, from the rows of the documents and chunk sets tables as read. */
export function documentVersions(
  documents: ReadonlyArray<{ id: string; seq?: number }>,
  sets: ReadonlyArray<{ document_id: string; set: number }>,
): Map<string, string> {
  const setOf = new Map(sets.map((row) => [row.document_id, row.set]))
  return new Map(documents.map((row) => [row.id, documentVersion(row.seq, setOf.get(row.id))]))
}
