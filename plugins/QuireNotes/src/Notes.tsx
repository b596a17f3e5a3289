import React, { useEffect, useState } from 'react'
import { errorText, isRecord, type ModuleProps } from '../../shared/braindriveServices'

// Notes kept in the plugin's own state (`/api/v1/plugin-state/`, scoped by the host to this plugin),
// so they survive a reload, work offline in the browser and sync with the person's other devices.

interface NotesConfig {
  title: string
  placeholder: string
}
interface Note {
  id: string
  text: string
  created_at: string
}

const STATE_KEY = 'notes'
const SETTINGS_ID = 'quire_notes_settings'
const DEFAULT_MAX_NOTES = 50

function readNotes(states: unknown): Note[] {
  // BrainDrive answers the list as a bare array; the newest state at an address comes first.
  const first: unknown = Array.isArray(states) ? states[0] : undefined
  if (!isRecord(first) || !isRecord(first.state_data) || !Array.isArray(first.state_data.notes)) return []
  return first.state_data.notes.filter(
    (note): note is Note => isRecord(note) && typeof note.id === 'string' && typeof note.text === 'string',
  )
}

/** `{max_notes}` from the optional `quire_notes_settings` setting; anything else keeps the default. */
function readMaxNotes(value: unknown): number {
  const max = isRecord(value) ? value.max_notes : undefined
  return typeof max === 'number' && Number.isInteger(max) && max > 0 ? max : DEFAULT_MAX_NOTES
}

// Not crypto.randomUUID: a sandboxed frame with an opaque origin need not be a secure context.
function newId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
}

export default function Notes(props: ModuleProps<NotesConfig> & { title?: string }) {
  const { services, config } = props
  const api = services?.api
  const pluginId = props.pluginId ?? 'QuireNotes'
  const title = config?.title || props.title || 'Notes'
  const [notes, setNotes] = useState<Note[]>([])
  const [draft, setDraft] = useState('')
  const [maxNotes, setMaxNotes] = useState(DEFAULT_MAX_NOTES)
  const [status, setStatus] = useState(api ? 'Loading notes…' : 'The api service is not available.')
  const [loaded, setLoaded] = useState(false)

  useEffect(() => {
    if (!api) return
    let live = true
    const query = `plugin_id=${encodeURIComponent(pluginId)}&state_key=${STATE_KEY}`
    api.get(`/api/v1/plugin-state/?${query}`).then(
      (states) => {
        if (!live) return
        const saved = readNotes(states)
        setNotes(saved)
        setLoaded(true)
        setStatus(saved.length ? `${saved.length} saved` : 'No notes yet')
      },
      (error: unknown) => live && setStatus(`Could not load notes: ${errorText(error)}`),
    )
    return () => {
      live = false
    }
  }, [api, pluginId])

  useEffect(() => {
    const settings = services?.settings
    if (!settings) return
    let live = true
    settings.getSetting(SETTINGS_ID).then(
      (value) => live && setMaxNotes(readMaxNotes(value)),
      () => undefined, // No such setting: the default stands.
    )
    return () => {
      live = false
    }
  }, [services?.settings])

  function save(next: Note[], done: string): void {
    if (!api) return
    const previous = notes
    setNotes(next)
    setStatus('Saving…')
    api
      .post('/api/v1/plugin-state/', {
        plugin_id: pluginId,
        state_key: STATE_KEY,
        state_strategy: 'persistent',
        state_data: { notes: next },
      })
      .then(
        () => setStatus(done),
        (error: unknown) => {
          setNotes(previous)
          setStatus(`Could not save: ${errorText(error)}`)
        },
      )
  }

  function add(event: React.FormEvent): void {
    event.preventDefault()
    const text = draft.trim()
    if (!text) return
    setDraft('')
    save([{ id: newId(), text, created_at: new Date().toISOString() }, ...notes].slice(0, maxNotes), 'Saved')
  }

  return (
    <section
      data-testid="quire-notes"
      aria-label={title}
      style={{ fontFamily: 'system-ui, sans-serif', padding: 12 }}
    >
      <h2 style={{ fontSize: 18, margin: '0 0 8px' }}>{title}</h2>
      <form onSubmit={add} style={{ display: 'flex', gap: 8 }}>
        <label style={{ flex: 1 }}>
          <span style={{ position: 'absolute', left: -10000 }}>New note</span>
          <input
            data-testid="notes-input"
            value={draft}
            placeholder={config?.placeholder || 'Write a note'}
            onChange={(event) => setDraft(event.target.value)}
            disabled={!loaded}
            style={{ width: '100%' }}
          />
        </label>
        <button type="submit" data-testid="notes-add" disabled={!loaded || !draft.trim()}>
          Add note
        </button>
      </form>
      <p data-testid="notes-status" role="status" style={{ fontSize: 12, margin: '6px 0' }}>
        {status}
      </p>
      <p data-testid="notes-limit" style={{ fontSize: 12, margin: '0 0 6px' }}>
        Keeps up to {maxNotes} notes
      </p>
      <ul data-testid="notes-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {notes.map((note) => (
          <li key={note.id} data-testid="notes-item" style={{ display: 'flex', gap: 8, padding: '4px 0' }}>
            <span style={{ flex: 1 }}>{note.text}</span>
            <button
              type="button"
              aria-label={`Delete note: ${note.text}`}
              onClick={() =>
                save(
                  notes.filter((other) => other.id !== note.id),
                  'Deleted',
                )
              }
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}

export { Notes }
