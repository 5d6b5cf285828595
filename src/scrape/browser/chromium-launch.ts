import { existsSync } from 'node:fs';

/** Where Debian/Ubuntu packages put Chromium; we never download a browser. */
export const DEFAULT_CHROMIUM_PATHS: readonly string[] = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The executable to launch, or undefined when none is installed. An explicit path is used only if it exists. */
export function findChromium(executablePath?: string): string | undefined {
  const candidates = executablePath !== undefined ? [executablePath] : DEFAULT_CHROMIUM_PATHS;
  return candidates.find((candidate) => existsSync(candidate));
}

/**
 * Chromium switches for scraping: headless and quiet (no background traffic of
 * its own), every request through our guarded proxy — including loopback,
 * which Chromium would otherwise bypass — and no side channels around the
 * proxy (QUIC, WebRTC UDP, DNS prefetch).
 */
export function chromiumArgs(proxyUrl: string): string[] {
  return [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-default-apps',
    '--disable-extensions',
    '--disable-breakpad',
    '--disable-domain-reliability',
    '--disable-client-side-phishing-detection',
    '--no-first-run',
    '--no-pings',
    '--mute-audio',
    '--disable-quic',
    '--dns-prefetch-disable',
    '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
    '--webrtc-ip-handling-policy=disable_non_proxied_udp',
    `--proxy-server=${proxyUrl}`,
    '--proxy-bypass-list=<-loopback>',
  ];
}

/**
 * Runs in every page before its own scripts. WebRTC and WebTransport can open
 * UDP flows that no HTTP proxy sees, so pages do not get them.
 */
export const DISABLE_PROXY_BYPASSING_APIS = `(() => {
  for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCIceCandidate', 'WebTransport']) {
    try { delete globalThis[name]; } catch (_) {}
    try { Object.defineProperty(globalThis, name, { value: undefined, configurable: false, writable: false }); } catch (_) {}
  }
})();`;
