/** The MCP server at `/mcp` (`MCP_ENABLED`), its tools calling this app's own REST API. */
import { injectedRest } from '../compat/quarry-rest.js';
import type { Config } from '../config/index.js';
import type { Feature } from '../feature.js';
import type { KeyService } from '../keys/service.js';
import { mcpAllowedHosts, mcpAllowedOrigins } from './allowed-hosts.js';
import { registerMcpRoute } from './http-route.js';

export interface McpFeatureDeps {
  readonly keys: KeyService;
  readonly config: Pick<Config, 'mcpEnabled' | 'mcpAllowedHosts' | 'mcpAllowedOrigins' | 'publicUrl' | 'host'>;
}

export const mcpFeature = ({ keys, config }: McpFeatureDeps): Feature => ({
  name: 'mcp',
  register({ app }) {
    if (!config.mcpEnabled) return;
    registerMcpRoute(app, { rest: injectedRest(app), keys, allowed: { hosts: mcpAllowedHosts(config), origins: mcpAllowedOrigins(config) } });
  },
});
