/**
 * "Search the web", remembered per chat session on this device (localStorage): a session about the
 * person's own documents stays off, one that needs the web stays on, across reloads. It is a reading
 * preference of this browser, not data, so it does not sync. Storage that is off or full only means
 * the choice is forgotten.
 */
const key = (sessionId: string) => `quire.chat.webSearch.${sessionId}`

export function readWebSearchChoice(sessionId: string): boolean {
  try {
    return localStorage.getItem(key(sessionId)) === 'on'
  } catch {
    return false
  }
}

export function saveWebSearchChoice(sessionId: string, on: boolean): void {
  try {
    if (on) localStorage.setItem(key(sessionId), 'on')
    else localStorage.removeItem(key(sessionId))
  } catch {
    // Not remembered; the toggle still applies to this visit.
  }
}
