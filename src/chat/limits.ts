/** Limits from the contract (Limits section). */
export const CHAT_LIMITS = {
  minMessages: 1,
  maxMessages: 100,
  maxContentChars: 50_000,
  minTemperature: 0,
  maxTemperature: 2,
  defaultTemperature: 0.7,
  minMaxTokens: 1,
  maxMaxTokens: 16_384,
  defaultMaxTokens: 4096,
} as const;
