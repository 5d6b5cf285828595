/**
 * The drop-in wire formats of the search and read APIs agents already call (Tavily, Exa, Jina
 * Reader), each at its own root prefix and each switched by a setting. They are thin adapters over
 * Quarry's own REST endpoints, called in process with the client's key (see quarry-rest.ts).
 */
import type { Feature } from '../feature.js';
import { registerExaRoutes } from './exa/routes.js';
import { registerJinaRoutes } from './jina/routes.js';
import { injectedRest } from './quarry-rest.js';
import { registerTavilyRoutes } from './tavily/routes.js';

export const agentApisFeature: Feature = {
  name: 'agent-apis',
  register({ app, config, now }) {
    const deps = { rest: injectedRest(app), now };
    if (config.compatTavily) registerTavilyRoutes(app, deps);
    if (config.compatExa) registerExaRoutes(app, deps);
    if (config.compatJina) registerJinaRoutes(app, { ...deps, htmlAvailable: config.compatFirecrawl });
  },
};
