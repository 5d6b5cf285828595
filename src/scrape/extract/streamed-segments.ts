import { type ElementNode, replaceWithChildrenOf } from './dom.js';

/** React's streamed segment: `<div hidden id="S:4">` sent after the shell, moved into place by a script; React numbers them in hexadecimal (`S:2e`). */
const SEGMENT_ID = /^S:[0-9a-f]+$/;
/** Segments placed per page: React pages stream tens, and the bound keeps hostile pages linear. */
const MAX_SEGMENTS = 512;
/**
 * Puts the segments of a page streamed by React where its scripts would: into the placeholder
 * (`<template id="B:4">`) they replace. Left where they were sent, after the shell and hidden,
 * they would be dropped as hidden or read out of order, away from the rest of the content.
 */
export function placeStreamedSegments(root: ElementNode): void {
  const segments: ElementNode[] = [];
  const placeholders = new Map<string, ElementNode>();
  const pending: ElementNode[] = [root];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const id = next.attrs['id'];
    if (next.tag === 'template' && id !== undefined) placeholders.set(id, next);
    else if (id !== undefined && next.attrs['hidden'] !== undefined && SEGMENT_ID.test(id)) segments.push(next);
    for (const child of next.children) if (child.kind === 'element') pending.push(child);
  }
  if (segments.length === 0) return;
  for (const segment of segments.slice(0, MAX_SEGMENTS)) {
    const id = segment.attrs['id'] ?? '';
    const number = id.slice(2);
    // React numbers a segment as the boundary or placeholder it completes (`$RC("B:4","S:4")`, `$RS("S:5","P:5")`).
    const target = placeholders.get(`B:${number}`) ?? placeholders.get(`P:${number}`);
    if (target) replaceWithChildrenOf(target, segment);
  }
}
