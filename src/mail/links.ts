/** The first http(s) link of a mail's text (the activation link of the mails Quarry sends), if any. */
export function firstLink(text: string): string | undefined {
  return /https?:\/\/[^\s<>"]+/.exec(text)?.[0];
}
