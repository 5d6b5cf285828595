/** Why a screenshot cannot be taken on this server, and how to make it possible: the 400 of every surface. */
export function screenshotNeedsBrowserMessage(): string {
  return 'A screenshot needs the headless browser, which is not installed on this server: install Chromium (apt-get install chromium) or set CHROMIUM_PATH to its executable.';
}
