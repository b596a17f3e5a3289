import React from 'react'
import { errorText, isRecord, type ModuleProps, type ThemeListener } from '../../shared/braindriveServices'
import { PANEL_CHANNEL, readMessage, SETTING_ID, SWITCHER_CHANNEL, themedBoxStyle } from './compatMessages'

// Written the way BrainDrive's plugin template writes a module: a class component that reads the theme
// and the page context synchronously in render, listens for their changes in componentDidMount,
// registers its setting definition before saving to it, and takes api answers as the response body.

interface PanelConfig {
  title: string
}

type Props = ModuleProps<PanelConfig> & { title?: string }

interface State {
  collections: string
  saved: string
  draft: string
  status: string
  greeting: string
  pageChanges: number
}

export default class CompatPanel extends React.Component<Props, State> {
  state: State = { collections: 'Loading…', saved: '', draft: '', status: '', greeting: '', pageChanges: 0 }
  private stopPage: (() => void) | undefined
  private stopSetting: (() => void) | undefined
  private readonly onTheme: ThemeListener = () => this.forceUpdate()
  private readonly onMessage = (message: unknown) => {
    const greeting = readMessage(message)
    if (greeting?.type === 'quire.compat.greeting') this.setState({ greeting: greeting.content.text })
  }

  componentDidMount() {
    const { services } = this.props
    services?.theme?.addThemeChangeListener(this.onTheme)
    this.stopPage = services?.pageContext?.onPageContextChange(() =>
      this.setState((state) => ({ pageChanges: state.pageChanges + 1 })),
    )
    services?.event?.subscribeToMessages(PANEL_CHANNEL, this.onMessage)
    this.stopSetting = services?.settings?.subscribe?.(SETTING_ID, (value) =>
      this.setState({ saved: noteOf(value) }),
    )
    void this.loadSetting()
    void this.loadCollections()
  }

  componentWillUnmount() {
    const { services } = this.props
    services?.theme?.removeThemeChangeListener(this.onTheme)
    services?.event?.unsubscribeFromMessages(PANEL_CHANNEL, this.onMessage)
    this.stopPage?.()
    this.stopSetting?.()
  }

  private async loadSetting() {
    const settings = this.props.services?.settings
    if (!settings) return
    try {
      await settings.registerSettingDefinition?.({
        id: SETTING_ID,
        name: 'Quire Compat',
        description: 'The note the compatibility panel keeps',
        category: 'plugins',
        type: 'object',
        default: { note: '' },
        allowedScopes: ['user'],
        tags: ['quire_compat'],
      })
      this.setState({ saved: noteOf(await settings.getSetting(SETTING_ID)) })
    } catch (error) {
      this.setState({ status: `Setting: ${errorText(error)}` })
    }
  }

  private async loadCollections() {
    const api = this.props.services?.api
    if (!api) return
    try {
      // BrainDrive's api.get resolves with the response body itself (axios' response.data).
      const body = await api.get('/api/collections/')
      const count = Array.isArray(body) ? body.length : 0
      this.setState({ collections: `${count} ${count === 1 ? 'collection' : 'collections'}` })
    } catch (error) {
      this.setState({ collections: `Could not list collections: ${errorText(error)}` })
    }
  }

  private save = async (event: React.FormEvent) => {
    event.preventDefault()
    const settings = this.props.services?.settings
    if (!settings?.setSetting) return
    try {
      await settings.setSetting(SETTING_ID, { note: this.state.draft })
      this.setState({ status: 'Saved', draft: '' })
    } catch (error) {
      this.setState({ status: `Not saved: ${errorText(error)}` })
    }
  }

  private ping = () => {
    this.props.services?.event?.sendMessage(SWITCHER_CHANNEL, {
      type: 'quire.compat.ping',
      content: { text: 'Hello from the panel' },
    })
  }

  render() {
    const { services, config, title } = this.props
    // Synchronous, as in BrainDrive: a string and an object (or null), never promises.
    const theme = services?.theme?.getCurrentTheme() ?? 'light'
    const page = services?.pageContext?.getCurrentPageContext() ?? null
    const mirrored = noteOf(services?.settings?.get?.(SETTING_ID))
    return (
      <section data-testid="compat-panel" data-theme={theme} style={themedBoxStyle(theme)}>
        <h2 style={{ margin: '0 0 8px', fontSize: 18 }}>{config?.title || title || 'BrainDrive services'}</h2>
        <p data-testid="compat-theme">Theme: {theme}</p>
        <p data-testid="compat-page">
          {page
            ? `${page.pageName} (${page.pageRoute})${page.isStudioPage ? ' in the studio' : ''}`
            : 'No page'}
        </p>
        <p data-testid="compat-ids">
          {this.props.pluginId}/{this.props.moduleId}/{this.props.instanceId}
        </p>
        <p data-testid="compat-collections">{this.state.collections}</p>
        <form onSubmit={(event) => void this.save(event)}>
          <label>
            Note{' '}
            <input
              data-testid="compat-note"
              value={this.state.draft}
              onChange={(event) => this.setState({ draft: event.target.value })}
            />
          </label>
          <button type="submit" data-testid="compat-save">
            Save
          </button>
        </form>
        <p data-testid="compat-status">{this.state.status}</p>
        <p data-testid="compat-saved">{this.state.saved}</p>
        <p data-testid="compat-mirrored">{mirrored}</p>
        <button type="button" data-testid="compat-ping" onClick={this.ping}>
          Ping the switcher
        </button>
        <p data-testid="compat-greeting">{this.state.greeting}</p>
      </section>
    )
  }
}

function noteOf(value: unknown): string {
  return isRecord(value) && typeof value.note === 'string' ? value.note : ''
}
