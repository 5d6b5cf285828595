/** Reads a Server-Sent Events response by hand (so a test does not trust our own parser): each event's `data`. */
export async function readSse(response: Response): Promise<string[]> {
  const text = await response.text();
  const events = text.split('\n\n');
  if (events.at(-1) !== '') throw new Error(`The stream did not end with a whole event: ${JSON.stringify(events.at(-1))}`);
  return events.slice(0, -1).map((event) => {
    if (!event.startsWith('data: ')) throw new Error(`Not a data event: ${JSON.stringify(event)}`);
    return event.slice('data: '.length);
  });
}
