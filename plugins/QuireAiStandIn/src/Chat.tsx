import React, { useEffect, useRef, useState } from 'react'
import { errorText } from '../../shared/braindriveServices'
import {
  conversationMessages,
  currentUser,
  listConversations,
  listModels,
  listPersonas,
  readPersona,
  streamAnswer,
  type Conversation,
  type Message,
  type ModelChoice,
  type Persona,
} from './chatCalls'
import type { StandInProps } from './standInServices'

// Stands in for BrainDrive's Chat plugin in Quire's CI: its model, persona and history pickers, an
// answer streamed through the provider, and its library scope kept in localStorage. The calls are in
// chatCalls.ts, each citing the line of the plugin it stands for.

// BrainDrive keys its library scope by module (BrainDriveChat.tsx:1401, getSettingKey).
const LIBRARY_SCOPE_KEY = 'QuireAiStandIn.Chat.library_scope'

function readLibraryScope(): string {
  // stands for BrainDrive-Chat-Plugin src/BrainDriveChat.tsx:1411
  const raw = window.localStorage.getItem(LIBRARY_SCOPE_KEY)
  if (!raw || !raw.trim()) return 'none'
  try {
    const parsed: unknown = JSON.parse(raw)
    return typeof parsed === 'object' && parsed !== null && 'scope' in parsed ? String(parsed.scope) : 'none'
  } catch {
    return 'none'
  }
}

export default function Chat(props: StandInProps<Record<string, never>>) {
  const api = props.services?.api
  const [user, setUser] = useState<{ id: string; username: string } | null>(null)
  const [models, setModels] = useState<ModelChoice[]>([])
  const [model, setModel] = useState('')
  const [personas, setPersonas] = useState<Persona[]>([])
  // The choice shows at once; its record is read behind it, and a question sent meanwhile waits for it
  // (the select snapped back to "No persona" until the read ended, and such a question went without it).
  const [personaId, setPersonaId] = useState('')
  const persona = useRef<Promise<Persona | null>>(Promise.resolve(null))
  const [conversations, setConversations] = useState<Conversation[]>([])
  const [conversationId, setConversationId] = useState<string | null>(null)
  const [messages, setMessages] = useState<Message[]>([])
  const [prompt, setPrompt] = useState('')
  const [status, setStatus] = useState(api ? 'Loading…' : 'The api service is not available.')
  const [chunks, setChunks] = useState(0)
  const [scope, setScope] = useState(readLibraryScope)

  async function refreshHistory(userId: string): Promise<void> {
    if (!api) return
    setConversations(await listConversations(api, userId))
  }

  useEffect(() => {
    if (!api) return
    let live = true
    void (async () => {
      try {
        const me = await currentUser(api)
        const [found, people] = await Promise.all([listModels(api), listPersonas(api)])
        if (!live) return
        setUser(me)
        setModels(found)
        setModel(found[0] ? `${found[0].serverId}/${found[0].name}` : '')
        setPersonas(people)
        if (me) await refreshHistory(me.id)
        if (live) setStatus('Ready')
      } catch (error) {
        if (live) setStatus(`Could not load: ${errorText(error)}`)
      }
    })()
    return () => {
      live = false
    }
  }, [api])

  function choosePersona(id: string): void {
    if (!api) return
    setPersonaId(id)
    persona.current = id ? readPersona(api, id).catch(() => null) : Promise.resolve(null)
  }

  function chooseScope(value: string): void {
    setScope(value)
    // stands for BrainDrive-Chat-Plugin src/BrainDriveChat.tsx:1430
    window.localStorage.setItem(LIBRARY_SCOPE_KEY, JSON.stringify({ scope: value }))
  }

  async function openConversation(id: string): Promise<void> {
    if (!api) return
    setConversationId(id)
    setMessages(await conversationMessages(api, id))
  }

  async function send(): Promise<void> {
    const chosen = models.find((m) => `${m.serverId}/${m.name}` === model)
    if (!api || !chosen || !prompt.trim()) return
    const question = prompt
    setPrompt('')
    setChunks(0)
    setMessages((shown) => [
      ...shown,
      { role: 'user', content: question },
      { role: 'assistant', content: '' },
    ])
    setStatus('Streaming…')
    let started = conversationId
    try {
      await streamAnswer(
        api,
        {
          prompt: question,
          model: chosen,
          userId: user?.id ?? null,
          conversationId,
          persona: await persona.current,
        },
        (text) => {
          setChunks((n) => n + 1)
          setMessages((shown) => {
            const last = shown[shown.length - 1]!
            return [...shown.slice(0, -1), { role: 'assistant', content: last.content + text }]
          })
        },
        (id) => {
          started = id
          setConversationId(id)
        },
      )
      setStatus('Answered')
      if (user && started) await refreshHistory(user.id)
    } catch (error) {
      setStatus(`Could not answer: ${errorText(error)}`)
    }
  }

  return (
    <section style={{ fontFamily: 'system-ui, sans-serif', padding: 12 }} data-testid="standin-chat">
      <h2 style={{ margin: '0 0 8px' }}>Chat</h2>
      <p data-testid="chat-status">{status}</p>
      <p data-testid="chat-user">{user ? `Signed in as ${user.username}` : 'No user'}</p>
      <label>
        Model{' '}
        <select data-testid="chat-model" value={model} onChange={(e) => setModel(e.target.value)}>
          {models.map((m) => (
            <option key={`${m.serverId}/${m.name}`} value={`${m.serverId}/${m.name}`}>
              {`${m.name} (${m.serverName})`}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        Persona{' '}
        <select data-testid="chat-persona" value={personaId} onChange={(e) => choosePersona(e.target.value)}>
          <option value="">No persona</option>
          {personas.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        Library scope{' '}
        <select data-testid="chat-scope" value={scope} onChange={(e) => chooseScope(e.target.value)}>
          <option value="none">None</option>
          <option value="life">Life</option>
          <option value="projects">Projects</option>
        </select>
      </label>
      <h3>History</h3>
      <ul data-testid="chat-history">
        {conversations.map((c) => (
          <li key={c.id}>
            <button type="button" onClick={() => void openConversation(c.id)}>
              {c.title}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => {
          setConversationId(null)
          setMessages([])
        }}
      >
        New chat
      </button>
      <ol data-testid="chat-messages">
        {messages.map((m, index) => (
          <li key={index} data-role={m.role}>
            {m.content}
          </li>
        ))}
      </ol>
      <p data-testid="chat-chunks">{`${chunks} chunks`}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void send()
        }}
      >
        <input aria-label="Message" value={prompt} onChange={(e) => setPrompt(e.target.value)} />
        <button type="submit">Send</button>
      </form>
    </section>
  )
}
