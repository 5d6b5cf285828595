/**
 * Writes parsed markup back as HTML: text and attribute values arrive decoded from the
 * tokenizer, so they are escaped again; attribute names that would not read back as one
 * attribute are left out.
 */

/** Attribute names that read back as one attribute (the tokenizer lets quotes and the like into names). */
const PLAIN_ATTRIBUTE_NAME = /^[^\s"'<>/=]+$/;

/** ` name="value"` for every attribute that reads back as written. */
export function writeAttributes(attrs: Record<string, string>): string {
  let written = '';
  for (const [name, value] of Object.entries(attrs)) {
    if (PLAIN_ATTRIBUTE_NAME.test(name)) written += value === '' ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`;
  }
  return written;
}

export function escapeText(text: string): string {
  return text.replace(/[&<>\u00a0]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&nbsp;'));
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"\u00a0]/g, (c) => (c === '&' ? '&amp;' : c === '"' ? '&quot;' : '&nbsp;'));
}
