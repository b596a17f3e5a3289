/** A survey note of three sections, whose questions below each have an answer in it: long chats for the chat specs. */
export const HARBOUR_SURVEY = `# Harbour survey

## Tides

The spring tide at the northern jetty reached 4.2 metres on the third morning.

## Birds

A pair of oystercatchers nested above the high-water line and raised two chicks.

## Boats

Eleven fishing boats moored inside the breakwater during the October storm.
`

export const HARBOUR_QUESTIONS = [
  'How high was the spring tide?',
  'Where did the oystercatchers nest?',
  'How many chicks were raised?',
  'How many boats moored inside the breakwater?',
  'When was the storm?',
  'Where is the northern jetty?',
  'What reached 4.2 metres?',
  'Which birds nested?',
  'What happened on the third morning?',
  'Where did the fishing boats moor?',
  'What nested above the high-water line?',
  'How high did the tide reach at the jetty?',
] as const
