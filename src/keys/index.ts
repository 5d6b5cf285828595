/** What other features may use of src/keys: its public surface. */
export { keyAccessChannelName, publishKeyAccessChange } from './access-channel.js';
export { type KeyService, createKeyService } from './service.js';
export { createSecretBox, type SecretBox } from './secrets.js';
