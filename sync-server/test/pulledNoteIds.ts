/** What a test's own request helper answers: the parsed JSON body. */
type Call = (method: string, path: string) => Promise<{ body: Record<string, unknown> }>

/**
 * The ids of every `note` change a full sync pull returns, page after page, as a device starting from
 * nothing would read them: a fault test counts them to show each pushed change is there exactly once.
 */
export async function pulledNoteIds(call: Call): Promise<string[]> {
  const ids: string[] = []
  for (let cursor = 0, more = true; more;) {
    const page = (await call('GET', `/api/v1/sync/pull?after=${cursor}&limit=1000`)).body
    ids.push(
      ...(page.changes as Array<{ record: { kind: string; id: string } }>)
        .filter((change) => change.record.kind === 'note')
        .map((change) => change.record.id),
    )
    cursor = page.cursor as number
    more = page.more as boolean
  }
  return ids
}
