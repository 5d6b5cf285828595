/** Paddle.js v2, loaded from Paddle's CDN only on the plans and checkout pages. */
export const PADDLE_JS_URL = 'https://cdn.paddle.com/paddle/v2/paddle.js';

export interface PaddleEvent {
  readonly name?: string;
  readonly data?: { readonly transaction_id?: string; readonly status?: string };
}

interface PaddleGlobal {
  Environment: { set(environment: string): void };
  Initialize(options: { token: string; eventCallback: (event: PaddleEvent) => void }): void;
  Checkout: { open(options: { transactionId: string }): void };
}

declare global {
  interface Window {
    Paddle?: PaddleGlobal;
  }
}

let loading: Promise<PaddleGlobal> | undefined;
let handler: (event: PaddleEvent) => void = () => undefined;

function loadScript(): Promise<PaddleGlobal> {
  loading ??= new Promise<PaddleGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = PADDLE_JS_URL;
    script.async = true;
    script.onload = () => (window.Paddle ? resolve(window.Paddle) : reject(new Error('Paddle.js loaded without defining Paddle')));
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error('Paddle.js could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

let initialised: Promise<PaddleGlobal> | undefined;

/**
 * Loads and initialises Paddle.js once per page load; `onEvent` receives its checkout events
 * (the latest caller's handler wins, since Paddle.js takes one callback at Initialize).
 */
export function loadPaddle(token: string, environment: string, onEvent: (event: PaddleEvent) => void): Promise<PaddleGlobal> {
  handler = onEvent;
  initialised ??= loadScript().then((paddle) => {
    if (environment === 'sandbox') paddle.Environment.set('sandbox');
    paddle.Initialize({ token, eventCallback: (event) => handler(event) });
    return paddle;
  });
  initialised.catch(() => (initialised = undefined));
  return initialised;
}
