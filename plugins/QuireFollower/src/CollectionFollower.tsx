import React, { useEffect, useState } from 'react'
import {
  errorText,
  isRecord,
  settle,
  type ModuleProps,
  type PageContext,
  type ThemeListener,
} from '../../shared/braindriveServices'
import {
  FOLLOWER_CHANNEL,
  readCollectionSelected,
  type CollectionSelected,
} from '../../shared/collectionSelected'

// Follows what the page around it does: the collection chosen in an overview module (an event), the
// app's theme and the page it sits on. It looks the chosen collection up again through the api service
// to show how many documents it holds now.

interface FollowerConfig {
  title: string
}

const palettes = {
  light: { background: '#ffffff', color: '#1f2328', border: '#d0d7de' },
  dark: { background: '#161b22', color: '#e6edf3', border: '#30363d' },
}

export default function CollectionFollower(props: ModuleProps<FollowerConfig> & { title?: string }) {
  const { services, config } = props
  const title = config?.title || props.title || 'Chosen collection'
  const [theme, setTheme] = useState('light')
  const [page, setPage] = useState<PageContext | null>(null)
  const [chosen, setChosen] = useState<CollectionSelected | undefined>()
  const [documents, setDocuments] = useState<string>('')

  useEffect(() => {
    const themeService = services?.theme
    if (!themeService) return
    let live = true
    settle(() => themeService.getCurrentTheme()).then(
      (current) => live && typeof current === 'string' && setTheme(current),
      () => undefined,
    )
    const listener: ThemeListener = (next) => {
      if (typeof next === 'string') setTheme(next)
    }
    themeService.addThemeChangeListener(listener)
    return () => {
      live = false
      themeService.removeThemeChangeListener(listener)
    }
  }, [services?.theme])

  useEffect(() => {
    const pageContext = services?.pageContext
    if (!pageContext) return
    let live = true
    let stop: (() => void) | undefined
    settle(() => pageContext.getCurrentPageContext()).then(
      (current) => live && setPage(current ?? null),
      () => undefined,
    )
    settle(() => pageContext.onPageContextChange((next) => setPage(next ?? null))).then(
      (unsubscribe) => {
        if (typeof unsubscribe !== 'function') return
        if (live) stop = unsubscribe
        else unsubscribe()
      },
      () => undefined,
    )
    return () => {
      live = false
      stop?.()
    }
  }, [services?.pageContext])

  useEffect(() => {
    const event = services?.event
    if (!event) return
    const listener = (message: unknown) => {
      const content = readCollectionSelected(message)
      if (content) setChosen(content)
    }
    event.subscribeToMessages(FOLLOWER_CHANNEL, listener)
    return () => {
      event.unsubscribeFromMessages(FOLLOWER_CHANNEL, listener)
    }
  }, [services?.event])

  useEffect(() => {
    const api = services?.api
    if (!api || !chosen) return
    let live = true
    setDocuments('')
    api.get(`/api/collections/${encodeURIComponent(chosen.collection_id)}`).then(
      (body) => {
        const count = isRecord(body) ? body.document_count : undefined
        if (live && typeof count === 'number') setDocuments(`${count} documents`)
      },
      (error: unknown) => live && setDocuments(`Could not look it up: ${errorText(error)}`),
    )
    return () => {
      live = false
    }
  }, [services?.api, chosen])

  const palette = theme === 'dark' ? palettes.dark : palettes.light
  return (
    <section
      data-testid="quire-follower"
      data-theme={theme}
      aria-label={title}
      style={{
        fontFamily: 'system-ui, sans-serif',
        padding: 12,
        minHeight: '100%',
        boxSizing: 'border-box',
        background: palette.background,
        color: palette.color,
        border: `1px solid ${palette.border}`,
      }}
    >
      <h2 style={{ fontSize: 18, margin: '0 0 8px' }}>{title}</h2>
      <p data-testid="follower-collection" role="status" style={{ margin: '0 0 4px', fontWeight: 600 }}>
        {chosen ? chosen.name : 'No collection chosen yet'}
      </p>
      {chosen?.description ? <p style={{ margin: '0 0 4px', fontSize: 12 }}>{chosen.description}</p> : null}
      <p data-testid="follower-documents" style={{ margin: '0 0 8px', fontSize: 12 }}>
        {documents}
      </p>
      <dl style={{ fontSize: 12, margin: 0 }}>
        <dt>Theme</dt>
        <dd data-testid="follower-theme">{theme}</dd>
        <dt>Page</dt>
        <dd data-testid="follower-page">{page ? `${page.pageName} (${page.pageRoute})` : 'unknown'}</dd>
      </dl>
    </section>
  )
}

export { CollectionFollower }
