import type { Inline } from './blocks.js';
import type { ElementNode } from './dom.js';
import type { FlowSink } from './flow-sink.js';
import { positiveIntegerAttribute } from './html-tags.js';
import { bestFromSrcset, resolveUrl } from './url.js';

const LAZY_IMAGE_ATTRIBUTES = ['data-src', 'data-lazy-src', 'data-original', 'data-url', 'data-hi-res-src', 'data-full-src'];

/** Where an `<img>` really points: lazy-loading attributes first, then `src`, then the best of its `srcset`. */
function imageSource(element: ElementNode): string | undefined {
  for (const attribute of LAZY_IMAGE_ATTRIBUTES) {
    const value = element.attrs[attribute];
    if (value && !value.startsWith('data:')) return value;
  }
  const src = element.attrs['src'];
  if (src && !src.startsWith('data:')) return src;
  const srcset = element.attrs['srcset'] ?? element.attrs['data-srcset'];
  return srcset ? bestFromSrcset(srcset) : undefined;
}

export function addImage(element: ElementNode, sink: FlowSink, baseUrl: string): void {
  const url = resolveUrl(imageSource(element), baseUrl);
  if (url === undefined) return;
  const width = positiveIntegerAttribute(element.attrs['width']);
  const height = positiveIntegerAttribute(element.attrs['height']);
  // Tracking pixels and spacers are not images anyone wants back.
  if ((width !== undefined && width <= 2) || (height !== undefined && height <= 2)) return;
  const image: Inline = { type: 'image', url, alt: (element.attrs['alt'] ?? '').replace(/\s+/g, ' ').trim() };
  if (width !== undefined) image.width = width;
  if (height !== undefined) image.height = height;
  sink.addInline(image);
}
