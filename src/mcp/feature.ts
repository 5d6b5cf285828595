/** The MCP server at `/mcp` (`MCP_ENABLED`), its tools calling this app's own REST API. */
import { injectedRest } from '../compat/quarry-rest.js';
import type { Feature } from '../feature.js';
import { mcpAllowedHosts, mcpAllowedOrigins } from './allowed-hosts.js';
import { registerMcpRoute } from './http-route.js';

export const mcpFeature: Feature = {
  name: 'mcp',
  register({ app, config, keys }) {
    if (!config.mcpEnabled) return;
    registerMcpRoute(app, { rest: injectedRest(app), keys, allowed: { hosts: mcpAllowedHosts(config), origins: mcpAllowedOrigins(config) } });
  },
};
