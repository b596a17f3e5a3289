import { TextField } from '../ui/TextField'

export interface RouteFieldsProps {
  name: string
  onName: (name: string) => void
  path: string
  onPath: (path: string) => void
  /** What is wrong with the path, checked as typed where the dialog checks it. */
  pathError?: string | undefined
  onPathBlur?: (path: string) => void
  pathRef?: (input: HTMLInputElement) => void
}

/** A person's own route's name and path, as both "New route" and "Edit <route>" ask for them. */
export function RouteFields(props: RouteFieldsProps) {
  return (
    <>
      <TextField
        label="Name"
        required
        maxLength={200}
        value={props.name}
        onInput={(event) => props.onName(event.currentTarget.value)}
      />
      <TextField
        ref={(input) => props.pathRef?.(input)}
        label="Path"
        hint="Letters, digits, “-”, “_”, “.”, “~”, segments joined by “/”: projects, projects/2026"
        error={props.pathError}
        required
        maxLength={500}
        value={props.path}
        onInput={(event) => props.onPath(event.currentTarget.value)}
        onBlur={(event) => props.onPathBlur?.(event.currentTarget.value)}
      />
    </>
  )
}
