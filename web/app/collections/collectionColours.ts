/** Preset swatches, chosen to stay legible as a stripe on both the light and the dark card background. */
export const PRESET_COLOURS: readonly { name: string; value: string }[] = [
  { name: 'Indigo', value: '#4f5fb8' },
  { name: 'Teal', value: '#14877f' },
  { name: 'Green', value: '#3f8f3a' },
  { name: 'Amber', value: '#c98a12' },
  { name: 'Coral', value: '#d0583c' },
  { name: 'Rose', value: '#c2457a' },
  { name: 'Violet', value: '#8250c4' },
  { name: 'Slate', value: '#5f6b7a' },
]

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/
