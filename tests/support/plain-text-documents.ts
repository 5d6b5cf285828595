/** A Markdown document the fixture site serves (as text/markdown and as a .md file), and its plain text. */
export const MARKDOWN_DOCUMENT = [
  '# Quarry handbook',
  '',
  'Cut **granite** with a [wire saw](https://example.org/saws) and `water`.',
  '',
  '- Wire saw',
  '- Drill',
  '  1. Core bit',
  '',
  '| Stone | Hardness |',
  '| --- | --- |',
  '| Granite | 6 |',
  '',
  '```sh',
  'quarry cut --block 3',
  '```',
  '',
].join('\n');

export const MARKDOWN_DOCUMENT_TEXT = [
  'Quarry handbook',
  'Cut granite with a wire saw and water.',
  'Wire saw\nDrill\n  Core bit',
  'Stone\tHardness\nGranite\t6',
  'quarry cut --block 3',
].join('\n\n');
