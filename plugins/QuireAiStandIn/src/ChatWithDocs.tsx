import React, { useEffect, useRef, useState } from 'react'
import { errorText } from '../../shared/braindriveServices'
import { currentUser, listModels, streamAnswer, type ModelChoice } from './chatCalls'
import {
  CHAT_SERVICE_API_BASE,
  checkServices,
  enhancedPrompt,
  listCollections,
  listDocuments,
  pollDocument,
  searchCollection,
  uploadDocument,
  type Collection,
  type DocumentRow,
  type Source,
} from './docsCalls'
import type { StandInProps } from './standInServices'

// Stands in for BrainDrive's Chat With Docs plugin in Quire's CI: it waits for its runtime services'
// health, lists the person's collections and documents at the document chat service's base URL,
// uploads through its own file input, polls processing, and answers a question from the collection's
// passages (search, then the model with the excerpts), showing the sources. Calls: docsCalls.ts.

interface DocsConfig {
  apiBaseUrl: string
}

export default function ChatWithDocs(props: StandInProps<DocsConfig>) {
  const api = props.services?.api
  // stands for BrainDrive-Chat-With-Docs src/BrainDriveChatWithDocs.tsx:37
  const base = props.config?.apiBaseUrl || CHAT_SERVICE_API_BASE
  const [services, setServices] = useState<Array<{ name: string; status: string }>>([])
  const [collections, setCollections] = useState<Collection[]>([])
  const [collection, setCollection] = useState<Collection | null>(null)
  const [documents, setDocuments] = useState<DocumentRow[]>([])
  const [model, setModel] = useState<ModelChoice | null>(null)
  const [question, setQuestion] = useState('')
  const [answer, setAnswer] = useState('')
  const [sources, setSources] = useState<Source[]>([])
  const [status, setStatus] = useState('Checking services…')
  const stopPolls = useRef<Array<() => void>>([])

  useEffect(() => {
    if (!api) return
    let live = true
    void (async () => {
      try {
        const states = await checkServices()
        if (!live) return
        setServices(states)
        if (states.some((s) => s.status !== 'ready')) {
          setStatus('Services Not Ready')
          return
        }
        // stands for BrainDrive-Chat-With-Docs src/hooks/useConversationHistory.ts:49 (it reads the person first)
        await currentUser(api)
        // stands for BrainDrive-Chat-With-Docs src/hooks/useModelSelection.ts:22 (all-models, then Ollama's)
        const [found, models] = await Promise.all([listCollections(api, base), listModels(api)])
        if (!live) return
        setCollections(found)
        setModel(models[0] ?? null)
        setStatus(found.length ? 'Ready' : 'No collections yet')
      } catch (error) {
        if (live) setStatus(`Could not load: ${errorText(error)}`)
      }
    })()
    return () => {
      live = false
      for (const stop of stopPolls.current) stop()
    }
  }, [api, base])

  async function open(chosen: Collection): Promise<void> {
    if (!api) return
    setCollection(chosen)
    try {
      setDocuments(await listDocuments(api, base, chosen.id))
    } catch (error) {
      setStatus(`Could not list documents: ${errorText(error)}`)
    }
  }

  async function upload(file: File): Promise<void> {
    if (!collection) return
    try {
      const uploaded = await uploadDocument(file, collection.id)
      setDocuments((shown) => [uploaded, ...shown])
      stopPolls.current.push(
        pollDocument(base, uploaded.id, (updated) =>
          setDocuments((shown) => shown.map((d) => (d.id === updated.id ? updated : d))),
        ),
      )
    } catch (error) {
      setStatus(`Upload failed: ${errorText(error)}`)
    }
  }

  async function ask(): Promise<void> {
    if (!api || !collection || !model || !question.trim()) return
    setAnswer('')
    setStatus('Searching…')
    try {
      const found = await searchCollection(api, base, question, collection.id, [])
      setSources(found)
      setStatus('Answering…')
      // stands for BrainDrive-Chat-With-Docs src/services/aiService.ts:140 (postStreaming to
      // /api/v1/ai/providers/chat, aiService.ts:84, the same request as the Chat plugin's)
      await streamAnswer(
        api,
        { prompt: enhancedPrompt(question, found), model, userId: null, conversationId: null, persona: null },
        (text) => setAnswer((shown) => shown + text),
        () => {},
      )
      setStatus('Answered')
    } catch (error) {
      setStatus(`Could not answer: ${errorText(error)}`)
    }
  }

  return (
    <section style={{ fontFamily: 'system-ui, sans-serif', padding: 12 }} data-testid="standin-docs">
      <h2 style={{ margin: '0 0 8px' }}>Chat with docs</h2>
      <p data-testid="docs-status">{status}</p>
      <ul data-testid="docs-services">
        {services.map((s) => (
          <li key={s.name}>{`${s.name}: ${s.status}`}</li>
        ))}
      </ul>
      <h3>Collections</h3>
      <ul data-testid="docs-collections">
        {collections.map((c) => (
          <li key={c.id}>
            <button type="button" aria-pressed={collection?.id === c.id} onClick={() => void open(c)}>
              {c.name}
            </button>
          </li>
        ))}
      </ul>
      {collection && (
        <>
          <h3>Documents</h3>
          <ul data-testid="docs-documents">
            {documents.map((d) => (
              <li key={d.id} data-status={d.status}>
                {`${d.original_filename}: ${d.status}`}
              </li>
            ))}
          </ul>
          <label>
            Upload a document{' '}
            <input
              type="file"
              data-testid="docs-upload"
              onChange={(event) => {
                const file = event.target.files?.[0]
                if (file) void upload(file)
                event.target.value = ''
              }}
            />
          </label>
          <form
            onSubmit={(event) => {
              event.preventDefault()
              void ask()
            }}
          >
            <input aria-label="Question" value={question} onChange={(e) => setQuestion(e.target.value)} />
            <button type="submit">Ask</button>
          </form>
          <p data-testid="docs-answer">{answer}</p>
          <ol data-testid="docs-sources">
            {sources.map((s, index) => (
              <li key={index}>{s.filename}</li>
            ))}
          </ol>
        </>
      )}
    </section>
  )
}
