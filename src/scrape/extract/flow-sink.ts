import type { Block, Inline, InlineContainer } from './blocks.js';
import { hasVisibleContent } from './blocks.js';

/**
 * Collects inline content and cuts it into blocks. Inline containers left open across a block
 * boundary (`<b><div>…</div></b>`, sadly common) are closed at the boundary and re-opened after
 * it, so every emitted block is well formed.
 */
export interface FlowSink {
  readonly blocks: Block[];
  addInline(inline: Inline): void;
  open(container: InlineContainer): void;
  close(): void;
  /** Ends the current paragraph (if it shows anything) and starts a new one. */
  endParagraph(): void;
  addBlock(block: Block): void;
}

export function createFlowSink(): FlowSink {
  const blocks: Block[] = [];
  let root: Inline[] = [];
  const openContainers: InlineContainer[] = [];
  const top = (): Inline[] => openContainers[openContainers.length - 1]?.children ?? root;

  const reopen = (): void => {
    let parent = root;
    for (let i = 0; i < openContainers.length; i++) {
      const original = openContainers[i] as InlineContainer;
      const copy: InlineContainer = { ...original, children: [] };
      parent.push(copy);
      openContainers[i] = copy;
      parent = copy.children;
    }
  };

  const endParagraph = (): void => {
    if (hasVisibleContent(root)) blocks.push({ type: 'paragraph', content: root });
    root = [];
    reopen();
  };

  return {
    blocks,
    addInline: (inline) => top().push(inline),
    open: (container) => {
      top().push(container);
      openContainers.push(container);
    },
    close: () => {
      openContainers.pop();
    },
    endParagraph,
    addBlock: (block) => {
      endParagraph();
      blocks.push(block);
    },
  };
}
