import React, { useEffect, useState } from 'react'
import type { ModuleProps } from '../../shared/braindriveServices'
import { PANEL_CHANNEL, readMessage, SWITCHER_CHANNEL, themedBoxStyle } from './compatMessages'

// Changes the app's theme the way BrainDrive's Settings plugin does (setTheme, toggleTheme), follows it
// like every module, and answers the panel's pings with a greeting on the panel's channel.

export default function ThemeSwitcher(props: ModuleProps<Record<string, never>>) {
  const theme = props.services?.theme
  const event = props.services?.event
  const [current, setCurrent] = useState(() => theme?.getCurrentTheme() ?? 'light')
  const [ping, setPing] = useState('')

  useEffect(() => {
    if (!theme) return
    const listener = (next: string) => setCurrent(next)
    theme.addThemeChangeListener(listener)
    setCurrent(theme.getCurrentTheme())
    return () => theme.removeThemeChangeListener(listener)
  }, [theme])

  useEffect(() => {
    if (!event) return
    const listener = (message: unknown) => {
      const hello = readMessage(message)
      if (hello?.type !== 'quire.compat.ping') return
      setPing(hello.content.text)
      event.sendMessage(PANEL_CHANNEL, {
        type: 'quire.compat.greeting',
        content: { text: 'Hello from the switcher' },
      })
    }
    event.subscribeToMessages(SWITCHER_CHANNEL, listener)
    return () => event.unsubscribeFromMessages(SWITCHER_CHANNEL, listener)
  }, [event])

  return (
    <section data-testid="theme-switcher" data-theme={current} style={themedBoxStyle(current)}>
      <p data-testid="switcher-theme">Theme: {current}</p>
      <button type="button" data-testid="switcher-toggle" onClick={() => theme?.toggleTheme?.()}>
        Toggle theme
      </button>{' '}
      <button type="button" data-testid="switcher-light" onClick={() => theme?.setTheme?.('light')}>
        Light
      </button>
      <p data-testid="switcher-ping">{ping}</p>
    </section>
  )
}
