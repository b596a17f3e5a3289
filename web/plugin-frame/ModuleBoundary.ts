import React from 'react'

export interface ModuleBoundaryProps {
  onReady(): void
  onError(error: unknown): void
  children?: React.ReactNode
}

/**
 * Catches a module's render errors (in its frame, or in Quire's page for a trusted plugin) and reports
 * them, rendering nothing more of it; `onReady` once it first rendered without one.
 */
export class ModuleBoundary extends React.Component<ModuleBoundaryProps, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }
  override componentDidCatch(error: unknown): void {
    this.props.onError(error)
  }
  override componentDidMount(): void {
    if (!this.state.failed) this.props.onReady()
  }
  override render(): React.ReactNode {
    return this.state.failed ? null : this.props.children
  }
}
