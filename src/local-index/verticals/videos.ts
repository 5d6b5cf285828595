import { formatDuration, parseIsoDuration } from '../../search/index.js';
import type { PageFacts } from '../../scrape/extract/index.js';
import { defined, type VerticalRecord } from './record.js';
import type { PageSummary } from './page-summary.js';
import { entitiesOfType, firstMeta, link, names, number, parseDate, text } from './structured.js';

/** The watch page of a YouTube or Vimeo embed or link, e.g. `https://www.youtube.com/watch?v=ID`. */
export function watchUrlOf(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  const host = url.hostname.replace(/^www\./, '').replace(/^m\./, '');
  const segments = url.pathname.split('/').filter(Boolean);
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id = segments[0] === 'embed' || segments[0] === 'v' || segments[0] === 'shorts' ? segments[1] : url.searchParams.get('v');
    return id && /^[\w-]{6,20}$/.test(id) ? `https://www.youtube.com/watch?v=${id}` : undefined;
  }
  if (host === 'youtu.be') return segments[0] && /^[\w-]{6,20}$/.test(segments[0]) ? `https://www.youtube.com/watch?v=${segments[0]}` : undefined;
  if (host === 'player.vimeo.com' && segments[0] === 'video' && /^\d+$/.test(segments[1] ?? '')) return `https://vimeo.com/${segments[1]}`;
  if (host === 'vimeo.com' && /^\d+$/.test(segments[0] ?? '')) return `https://vimeo.com/${segments[0]}`;
  return undefined;
}

function durationText(iso: string | undefined, seconds?: number): string | undefined {
  try {
    if (iso !== undefined) return formatDuration(parseIsoDuration(iso));
  } catch {
    // A duration the page wrote wrongly is left out rather than guessed.
  }
  return seconds !== undefined && seconds > 0 ? formatDuration(seconds) : undefined;
}

/**
 * Videos of a page: VideoObject entities, `og:video`, YouTube/Vimeo embeds and `<video>` elements,
 * one result per distinct video link. Duration reads `H:MM:SS` or `M:SS`.
 */
export function videoRecords(facts: PageFacts, page: PageSummary): VerticalRecord<'videos'>[] {
  const records: VerticalRecord<'videos'>[] = [];
  const links = new Set<string>();
  const add = (record: VerticalRecord<'videos'>): void => {
    if (links.has(record.item.link)) return;
    links.add(record.item.link);
    records.push(record);
  };

  for (const video of entitiesOfType(facts, (type) => type === 'VideoObject')) {
    const embed = link(video['embedUrl'], page.url);
    const watch = embed === undefined ? undefined : watchUrlOf(embed);
    if (watch !== undefined) links.add(watch);
    const title = text(video['name']) ?? page.title;
    const snippet = text(video['description']);
    add({
      vertical: 'videos',
      item: {
        title,
        link: page.url,
        ...defined({
          snippet,
          duration: durationText(text(video['duration'])),
          channel: names(video['author'])[0] ?? names(video['creator'])[0] ?? names(video['publisher'])[0] ?? page.siteName,
          imageUrl: link(video['thumbnailUrl'], page.url) ?? link(video['thumbnail'], page.url),
        }),
      },
      ...defined({ publishedAt: parseDate(text(video['uploadDate'])) ?? page.published }),
      text: `${snippet ?? ''}\n${page.description ?? ''}`,
    });
  }

  const ogVideo = firstMeta(facts, ['og:video', 'og:video:url', 'og:video:secure_url']);
  const ogType = firstMeta(facts, ['og:type'])?.toLowerCase() ?? '';
  if (ogVideo !== undefined || ogType.startsWith('video')) {
    const watch = ogVideo === undefined ? undefined : watchUrlOf(ogVideo);
    add({
      vertical: 'videos',
      item: {
        title: page.title,
        link: watch ?? page.url,
        ...defined({
          snippet: page.description,
          duration: durationText(undefined, number(firstMeta(facts, ['video:duration', 'og:video:duration']))),
          channel: page.siteName,
          imageUrl: link(firstMeta(facts, ['og:image', 'og:image:url']), page.url),
        }),
      },
      ...defined({ publishedAt: parseDate(firstMeta(facts, ['video:release_date'])) ?? page.published }),
      text: page.description ?? '',
    });
  }

  for (const frame of facts.iframes) {
    const watch = watchUrlOf(frame);
    if (watch === undefined) continue;
    add({
      vertical: 'videos',
      item: { title: page.title, link: watch, ...defined({ snippet: page.description }) },
      ...defined({ publishedAt: page.published }),
      text: page.description ?? '',
    });
  }

  for (const video of facts.videos) {
    if (video.src === undefined) continue;
    add({
      vertical: 'videos',
      item: { title: video.title ?? page.title, link: page.url, ...defined({ snippet: page.description, imageUrl: video.poster, channel: page.siteName }) },
      ...defined({ publishedAt: page.published }),
      text: page.description ?? '',
    });
  }
  return records;
}
